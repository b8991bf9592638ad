"""Helpers shared by the seed-text acceptance tests (targeting and occupancy).

Two small fixed maps: a 24×24 one for range, Reach, aiming and hits, and a 20×20 one
(``OCC_*``, ``occ_*``) for Crowded and entering spaces. Expected values in the tests come
from the rules texts and independent models, not from ``rules/``.
"""

from __future__ import annotations

from rules.areas import AreaKind, AreaTemplate
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.options import RuleOptions

RANGE = (
    "[S000] 'A space is in range if it is that many contiguous spaces or less away from a "
    "space you occupy.'"
)
MULTI = (
    "[S000] 'A creature that occupies more than 1 space counts as 1 size 0 creature in each "
    "space they occupy.'"
)


def opts(**values: object) -> RuleOptions:
    return RuleOptions.of(values)  # type: ignore[arg-type]


def hexdist(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


# --- range, Reach, aiming and hits: a 24×24 map ---------------------------------------------

BOARD = Board.blank(24, 24)
C = BOARD.hex_at(12, 12)


def at(dq: int, dr: int, base: Hex = C) -> Hex:
    return Hex(base.q + dq, base.r + dr)


def east(n: int, base: Hex = C) -> Hex:
    return at(n, 0, base)


def creature(tid: str, pos: Hex, size: int = 0, **kw: object) -> Token:
    return Token(tid, tid.title(), pos, size=size, **kw)  # type: ignore[arg-type]


def with_tokens(*tokens: Token, board: Board = BOARD) -> Board:
    for t in tokens:
        board = board.with_token(t)
    return board


def template(kind: AreaKind, value: int, origin: Hex | tuple[Hex, ...] = (), **kw: object):
    origins = (origin,) if isinstance(origin, Hex) else tuple(origin)
    return AreaTemplate(f"t-{kind.value}", kind, value, origin=origins, **kw)  # type: ignore[arg-type]


# --- Crowded and entering spaces: a 20×20 map -----------------------------------------------

OCC_BOARD = Board.blank(20, 20)
OCC_C = OCC_BOARD.hex_at(10, 10)


def occ_at(dq: int, dr: int, base: Hex = OCC_C) -> Hex:
    return Hex(base.q + dq, base.r + dr)


def occ_east(n: int) -> Hex:
    return occ_at(n, 0)


def board_with(*specs: tuple[str, Hex, int], asker: tuple[str, Hex, int] | None = None) -> Board:
    board = OCC_BOARD
    if asker is not None:
        board = board.with_token(Token(asker[0], asker[0], asker[1], size=asker[2]))
    for tid, pos, size in specs:
        board = board.with_token(Token(tid, tid, pos, size=size))
    return board


def others(sizes: list[int], where: Hex = OCC_C) -> list[tuple[str, Hex, int]]:
    return [(f"o{i}", where, s) for i, s in enumerate(sizes)]


def big_token(tid: str, size: int, covering: Hex) -> Token:
    """A token of ``size`` placed so that its default footprint covers ``covering``."""
    token = Token(tid, tid, covering, size=size)
    for anchor in [covering, *(occ_at(dq, dr, covering) for dq in (-1, 0, 1) for dr in (-1, 0, 1))]:
        moved = token.moved_to(anchor)
        if covering in moved.footprint:
            return moved
    raise AssertionError("no anchor covers the space")
