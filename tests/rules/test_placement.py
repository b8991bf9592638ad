"""Placement: on the map, and creatures not inside walls ([S002] walls fill their space)."""

from __future__ import annotations

import pytest

from rules import Board, Hex, Token, TokenKind, UnknownTokenError
from rules.placement import placement_problem


@pytest.fixture
def board() -> Board:
    board = Board.blank(8, 6).with_terrain("blocked", [Hex(4, 2)], True)
    board = board.with_token(Token("ogre", "Ogre", Hex(1, 1), size=4))
    return board.with_token(Token("crate", "Crate", Hex(0, 0), kind=TokenKind.OBJECT))


def test_free_open_ground_is_fine(board: Board) -> None:
    assert placement_problem(board, "ogre", Hex(2, 2)) is None


def test_any_footprint_hex_in_a_wall_refuses_a_creature(board: Board) -> None:
    # the diamond at (3, 1) covers (3,1) (4,1) (3,2) (4,2): the last is a wall
    assert placement_problem(board, "ogre", Hex(3, 1)) == "Ogre cannot stand in a wall at (4, 2)"


def test_objects_may_be_placed_on_walls(board: Board) -> None:
    assert placement_problem(board, "crate", Hex(4, 2)) is None


def test_leaving_the_map_is_refused_for_everyone(board: Board) -> None:
    assert placement_problem(board, "crate", Hex(-1, 0)) == "Crate would leave the map there"
    assert placement_problem(board, "ogre", Hex(7, 1)) == "Ogre would leave the map there"


def test_unknown_token(board: Board) -> None:
    with pytest.raises(UnknownTokenError):
        placement_problem(board, "ghost", Hex(0, 0))
