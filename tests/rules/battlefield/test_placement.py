"""Placement: on the map, and creatures not inside walls ([S002] walls fill their space)."""

from __future__ import annotations

import pytest

from rules import Board, Hex, Token, TokenKind, UnknownTokenError
from rules.battlefield.placement import group_placement_refusal, placement_refusal


@pytest.fixture
def board() -> Board:
    board = Board.blank(8, 6).with_terrain("blocked", [Hex(4, 2)], True)
    board = board.with_token(Token("ogre", "Ogre", Hex(1, 1), size=4))
    return board.with_token(Token("crate", "Crate", Hex(0, 0), kind=TokenKind.OBJECT))


def test_free_open_ground_is_fine(board: Board) -> None:
    assert placement_refusal(board, "ogre", Hex(2, 2)) is None


def test_any_footprint_hex_in_a_wall_refuses_a_creature(board: Board) -> None:
    # the diamond at (3, 1) covers (3,1) (4,1) (3,2) (4,2): the last is a wall
    assert placement_refusal(board, "ogre", Hex(3, 1)) == "Ogre cannot stand in a wall at (4, 2)"


def test_objects_may_be_placed_on_walls(board: Board) -> None:
    assert placement_refusal(board, "crate", Hex(4, 2)) is None


def test_leaving_the_map_is_refused_for_everyone(board: Board) -> None:
    assert placement_refusal(board, "crate", Hex(-1, 0)) == "Crate would leave the map there"
    assert placement_refusal(board, "ogre", Hex(7, 1)) == "Ogre would leave the map there"


def test_unknown_token(board: Board) -> None:
    with pytest.raises(UnknownTokenError):
        placement_refusal(board, "ghost", Hex(0, 0))


def _crowd(board: Board, at: Hex, count: int, stem: str = "h") -> Board:
    for i in range(count):
        board = board.with_token(Token(f"{stem}{i}", f"Human {i}", at))
    return board


def test_nobody_moves_into_a_space_it_would_fill_beyond_full() -> None:
    # [S000] "You cannot move into an occupied space if you would cause it to be more than
    # fully occupied" (§11a D12); an empty space can always be entered.
    board = _crowd(Board.blank(6, 6), Hex(2, 2), 4).with_token(Token("x", "Extra", Hex(0, 0)))
    assert placement_refusal(board, "x", Hex(2, 2)) == (
        "Extra cannot go there: (2, 2) holds 4 of 4 units; Extra adds 1, more than fully "
        "occupied [S000]"
    )
    bison = board.with_token(Token("b", "Bison", Hex(3, 4), size=2))
    assert placement_refusal(bison, "b", Hex(0, 0)) is not None  # one human + 4 units
    assert placement_refusal(bison, "b", Hex(5, 0)) is None  # empty: always allowed


def test_a_group_counts_its_own_members_arriving_together() -> None:
    board = _crowd(Board.blank(6, 6), Hex(2, 2), 2)
    board = _crowd(board, Hex(4, 2), 3, stem="g")
    moves = {f"g{i}": Hex(2, 2) for i in range(3)}
    assert placement_refusal(board, "g0", Hex(2, 2)) is None  # alone it fits
    problem = group_placement_refusal(board, moves)
    assert problem is not None and "more than fully occupied" in problem
    assert group_placement_refusal(board, {"g0": Hex(2, 2), "g1": Hex(2, 2)}) is None
