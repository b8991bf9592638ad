"""Boards in a conflict for the app tests: Movement is paid only while one runs."""

from __future__ import annotations

from rules import Board
from rules.board.pools import Vitals
from rules.board.turn_state import with_turn
from rules.turns import TurnState, join, start

FIGHTER = Vitals(stats=(("martial", 3), ("athletics", 3), ("elude", 1)))
"""Skill Tiers of the tests' attacker: Martial 3d12, Athletics 3d12, Elude 1d12."""


def in_conflict(board: Board) -> Board:
    """``board`` with every token in a started turn order (first token first)."""
    order = TurnState()
    for i, token_id in enumerate(board.tokens):
        order = join(order, token_id, 10 - i)
    return with_turn(board, start(order))
