"""Shared seed quotations, constants and board builders for the plan and stance tests
(test_seed_movement_plans.py, test_seed_movement_stance.py)."""

from __future__ import annotations

from rules.board.conditions import set_condition
from rules.board.grid import Board
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.board.turn_state import with_turn
from rules.hexes import Hex
from rules.turns import TurnState, join, start

BOARD = Board.blank(24, 24)
C = BOARD.hex_at(12, 12)
FLYER = ("fly", "land")

SOUND = "'Movement … creates a Magnitude 2 + your size sound'"
WINGS = "winged flight: 'Count as 2 sizes larger to determine … sound you make from movement'"
AMBLE = "Amble: 'reduce the Magnitude of sound you make by 1' (§11a D11)"
HINDER = (
    "'Before a creature in your Reach would move, attack to prevent the movement, DL 3. If "
    "they would move into or out of a space you occupy, gain +3 on your roll.'"
)
OVERPOWER = (
    "'Against a larger target, suffer a penalty on your roll equal to the size difference. "
    "Against a smaller target, gain a bonus instead. You cannot affect targets 3 or more "
    "sizes larger than you.'"
)


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def line(n: int, base: Hex = C) -> list[Hex]:
    return [east(i, base) for i in range(n + 1)]


def left(n: int) -> Vitals:
    """Vitals with ``n`` Movement left this turn."""
    return Vitals().with_value("current", "movement", n)


def mover(board: Board = BOARD, at: Hex = C, **kw: object) -> Board:
    """``board`` with the mover, during a conflict (Movement is paid only then)."""
    board = board.with_token(Token("m", "Mover", at, **kw))  # type: ignore[arg-type]
    return with_turn(board, start(join(TurnState(), "m", 5)))


def crouching() -> tuple[object, ...]:
    return set_condition((), "crouching", 1)


def prone() -> tuple[object, ...]:
    return set_condition((), "prone", 1)


def creature(tid: str, at: Hex, size: int = 0, **kw: object) -> Token:
    return Token(tid, tid.title(), at, size=size, **kw)  # type: ignore[arg-type]
