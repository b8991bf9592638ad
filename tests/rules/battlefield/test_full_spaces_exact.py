"""Full spaces counted in integer parts of a unit (issue #20) are exactly those the
[S000] rule gives in fractions: 4 units at one height, each token 2^size of them (0 when
it spreads over several spaces), swallowed creatures not counted."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.battlefield.occupancy import CAPACITY, full_spaces
from rules.board.conditions import ConditionEntry
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import MIN_SIZE, Token
from rules.hexes import Hex


def in_fractions(board: Board) -> frozenset[Hex]:
    units: dict[tuple[Hex, int], Fraction] = {}
    for token in board.tokens.values():
        if token.swallowed:
            continue
        size = 0 if len(token.footprint_offsets) > 1 else token.size
        for h in token.footprint:
            key = (h, token.motion.altitude)
            units[key] = units.get(key, Fraction(0)) + Fraction(2) ** size
    return frozenset(h for (h, _), total in units.items() if total >= CAPACITY)


@st.composite
def stacks(draw: st.DrawFn) -> Board:
    board = Board.blank(6, 6)
    for i in range(draw(st.integers(0, 30))):
        at = Hex(draw(st.integers(1, 3)), draw(st.integers(1, 3)))
        size = draw(st.sampled_from([MIN_SIZE, -4, -2, -1, 0, 0, 1, 2]))
        swallowed = draw(st.booleans()) and draw(st.booleans())
        conditions = (ConditionEntry("swallowed", 1),) if swallowed else ()
        motion = Motion(mode="fly", altitude=1) if draw(st.booleans()) else Motion()
        kinds = ("land", "fly") if motion.altitude else ("land",)
        token = Token(
            f"t{i}", f"T{i}", at, size, conditions=conditions, motion=motion, movement_types=kinds
        )
        try:
            board = board.with_token(token)
        except ValueError:
            continue
    return board


@settings(max_examples=200, deadline=None)
@given(stacks())
def test_full_spaces_in_integers_equal_the_rule_in_fractions(board: Board) -> None:
    assert full_spaces(board) == in_fractions(board)
