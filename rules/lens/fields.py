"""Movement fields kept between the lens's queries (issue #19): :class:`FieldCache` keeps
the latest field per token and kind — this turn's with a budget (:meth:`FieldCache.field`)
or the next turn's (:meth:`FieldCache.next_turn_field`, the one the threat lens asks of
every enemy, :mod:`rules.lens.threat`) — and reuses it while its facts are unchanged.

**The reuse rule** is in :class:`FieldCache`'s docstring. The facts of a kept field
(``_Facts``) are what :mod:`rules.movement.field` and :func:`rules.movement.begin_turn`
read within the field's *window* (the q/r box of the anchors it can reach, grown by the
body's extent, :func:`footprint_extent`, and one space); ``_Placed`` keeps the tokens'
q/r boxes of the last board asked about, so the tokens that meet a window are found with
one numpy test.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.areas import AreaTemplate
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.hold_state import Hold
from rules.board.holds import holds_on
from rules.board.offsets import cells_of
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.layout import Orientation
from rules.movement.budget import budget_of
from rules.movement.field import MovementField, movement_field
from rules.movement.turn_flow import begin_turn
from rules.options import RuleOptions

__all__ = ["FieldCache", "footprint_extent"]

IntGrid = npt.NDArray[np.int64]
BoolGrid = npt.NDArray[np.bool_]
Layer = npt.NDArray[Any]


def footprint_extent(offsets: tuple[Hex, ...]) -> int:
    """How far a footprint reaches from its anchor along q or r (the field's margin)."""
    return max(max(abs(o.q), abs(o.r)) for o in offsets)


Box = tuple[int, int, int, int]  # q_lo, q_hi, r_lo, r_hi


def _box_around(h: Hex, margin: int) -> Box:
    return (h.q - margin, h.q + margin, h.r - margin, h.r + margin)


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))


@dataclass(frozen=True, eq=False)
class _Facts:
    """What a kept field was computed from (:class:`FieldCache`'s rule)."""

    token: Token
    options: RuleOptions
    geometry: tuple[int, int, Orientation, bool]
    box: Box
    layers: tuple[tuple[str, Layer], ...]
    near: tuple[Token, ...]
    holds: tuple[Hold, ...]
    partners: tuple[Token, ...]
    effects: tuple[OngoingEffect, ...]
    areas: tuple[AreaTemplate | None, ...]

    def matches(self, other: _Facts) -> bool:
        """Whether a field computed from ``other`` is this one's."""
        same = (self.token, self.options, self.geometry, self.box) == (
            other.token,
            other.options,
            other.geometry,
            other.box,
        )
        return (
            same
            and (self.near, self.holds, self.partners) == (other.near, other.holds, other.partners)
            and (self.effects, self.areas) == (other.effects, other.areas)
            and self._same_terrain(other)
        )

    def _same_terrain(self, other: _Facts) -> bool:
        """Every layer the same array, or equal within the box."""
        if [n for n, _ in self.layers] != [n for n, _ in other.layers]:
            return False
        pairs = zip(self.layers, other.layers, strict=True)
        changed = [(a, b) for (_n, a), (_m, b) in pairs if a is not b]
        if not changed:
            return True
        flat, on_map = _box_cells(self.geometry, self.box)
        return all(
            np.array_equal(a.ravel()[flat[on_map]], b.ravel()[flat[on_map]]) for a, b in changed
        )


def _box_cells(geometry: tuple[int, int, Orientation, bool], box: Box) -> tuple[IntGrid, BoolGrid]:
    width, height, orientation, _started = geometry
    q_lo, q_hi, r_lo, r_hi = box
    qs, rs = np.meshgrid(np.arange(q_lo, q_hi + 1), np.arange(r_lo, r_hi + 1))
    cols, rows = cells_of(qs.astype(np.int64), rs.astype(np.int64), orientation)
    on_map = (cols >= 0) & (cols < width) & (rows >= 0) & (rows < height)
    return np.where(on_map, rows * width + cols, 0), on_map


@lru_cache(maxsize=64)
def _spread(offsets: tuple[Hex, ...]) -> tuple[int, int, int, int]:
    """The q/r box of a footprint's offsets."""
    qs, rs = [o.q for o in offsets], [o.r for o in offsets]
    return min(qs), max(qs), min(rs), max(rs)


@dataclass(frozen=True, eq=False)
class _Placed:
    """The tokens of one board by id, with the q/r box of each one's spaces (numpy)."""

    board: Board
    tokens: tuple[Token, ...]
    boxes: IntGrid  # (n, 4): q_lo, q_hi, r_lo, r_hi

    @classmethod
    def of(cls, board: Board) -> _Placed:
        tokens = tuple(sorted(board.tokens.values(), key=lambda t: t.id))
        boxes = np.array([_spread(t.footprint_offsets) for t in tokens], dtype=np.int64).reshape(
            -1, 4
        )
        at = np.array(
            [(t.position.q, t.position.q, t.position.r, t.position.r) for t in tokens], np.int64
        )
        return cls(board, tokens, boxes + at.reshape(-1, 4))

    def meeting(self, box: Box, but: str) -> tuple[Token, ...]:
        """The tokens other than ``but`` whose box meets ``box`` (a superset of those
        whose spaces do: never too few)."""
        b = self.boxes
        hit = (b[:, 0] <= box[1]) & (b[:, 1] >= box[0]) & (b[:, 2] <= box[3]) & (b[:, 3] >= box[2])
        return tuple(self.tokens[k] for k in np.flatnonzero(hit) if self.tokens[k].id != but)


def _facts(placed: _Placed, token: Token, opts: RuleOptions, box: Box) -> _Facts:
    board = placed.board
    holds = holds_on(board, token.id)
    partners = tuple(board.token(i) for h in holds for i in (h.holder, h.held) if i != token.id)
    effects = tuple(e for e in board.effects.values() if token.id in (e.creator, e.target))
    areas = tuple(board.areas.get(e.area_id or "") for e in effects)
    return _Facts(
        token,
        opts,
        (board.width, board.height, board.orientation, board.turn.started),
        box,
        tuple(board.layers.items()),
        placed.meeting(box, token.id),
        holds,
        partners,
        effects,
        areas,
    )


class FieldCache:
    """Movement fields kept between queries, the latest per token and kind (this turn's
    with a budget, or the next turn's), at most ``maxsize`` (the least recently asked go).

    **The rule.** A kept field is reused when its facts are unchanged: the token itself
    (every field: place, size, Pools, conditions, motion), the options, the map's size and
    orientation and whether a conflict is on (Movement is enforced), every terrain layer
    within the field's *window* (the same array, or equal values there), every other token
    whose spaces meet the window (its box), the Holds the token is in and the creatures in
    them (carried Bulk, Free Limbs), and the effects it made or is the target of, with
    their Areas (Ready ones hold a limb; a jump or a wait in the air is one). The window
    is the q/r box of the anchors the field can reach, grown by the body's extent and one
    space: all :mod:`rules.movement.field` reads. For a next-turn field it also covers
    where the token stands before its turn begins, so what
    :func:`~rules.movement.begin_turn` reads (its own state, where it lands if it falls
    or jumps on) is within it, and ``begin_turn`` itself is only run when the facts
    changed. Anything else — a token moving outside the window, a terrain edit
    elsewhere, the round — leaves the field as it was.

    Queries never change a board; the cache only changes itself. ``hits`` and ``misses``
    count how fields were found."""

    def __init__(self, maxsize: int = 256) -> None:
        if isinstance(maxsize, bool) or not isinstance(maxsize, int) or maxsize < 1:
            raise ValueError(f"a FieldCache keeps 1 or more fields, got {maxsize!r}")
        self._maxsize = maxsize
        self._kept: OrderedDict[tuple[str, int | None], tuple[_Facts, MovementField]] = (
            OrderedDict()
        )
        self._placed: _Placed | None = None
        self._hits = 0
        self._misses = 0

    @property
    def hits(self) -> int:
        """Fields reused."""
        return self._hits

    @property
    def misses(self) -> int:
        """Fields computed."""
        return self._misses

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        """Forget every field (the counters stay)."""
        self._kept.clear()
        self._placed = None

    def field(
        self, board: Board, token_id: str, budget: int, options: RuleOptions | None = None
    ) -> MovementField:
        """:func:`rules.movement.movement_field` of ``token_id`` with ``budget``, reused
        under the class's rule. Raises what the field raises (an unknown token, a negative
        budget)."""
        opts = options or RuleOptions.of(board.options)
        token = board.token(token_id)

        def compute() -> tuple[MovementField, Box]:
            fld = movement_field(board, token_id, budget, opts)
            margin = budget + footprint_extent(token.footprint_offsets) + 1
            return fld, _box_around(token.position, margin)

        return self._get(board, (token_id, budget), opts, compute)

    def next_turn_field(
        self, board: Board, token_id: str, options: RuleOptions | None = None
    ) -> MovementField:
        """The field of ``token_id``'s next turn: the board :func:`rules.movement.begin_turn`
        gives, and :func:`rules.movement.budget_of` the token then — reused under the
        class's rule. Raises :class:`~rules.errors.UnknownTokenError` for an unknown token."""
        opts = options or RuleOptions.of(board.options)
        token = board.token(token_id)

        def compute() -> tuple[MovementField, Box]:
            started = begin_turn(board, token_id).board
            then = started.token(token_id)
            budget = budget_of(then)
            fld = movement_field(started, token_id, budget, opts)
            margin = budget + footprint_extent(then.footprint_offsets) + 1
            before = _box_around(token.position, margin)
            return fld, _union(before, _box_around(then.position, margin))

        return self._get(board, (token_id, None), opts, compute)

    def _get(
        self,
        board: Board,
        key: tuple[str, int | None],
        opts: RuleOptions,
        compute: Callable[[], tuple[MovementField, Box]],
    ) -> MovementField:
        token = board.token(key[0])
        kept = self._kept.get(key)
        if kept is not None and kept[0].matches(
            _facts(self._placed_on(board), token, opts, kept[0].box)
        ):
            self._hits += 1
            self._kept.move_to_end(key)
            return kept[1]
        fld, box = compute()
        self._misses += 1
        self._kept[key] = (_facts(self._placed_on(board), token, opts, box), fld)
        self._kept.move_to_end(key)
        while len(self._kept) > self._maxsize:
            self._kept.popitem(last=False)
        return fld

    def _placed_on(self, board: Board) -> _Placed:
        """The tokens' boxes of ``board`` (kept for the last board asked about)."""
        if self._placed is None or self._placed.board is not board:
            self._placed = _Placed.of(board)
        return self._placed
