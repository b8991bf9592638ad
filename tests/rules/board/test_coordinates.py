"""Hex names players can say (issue #17): column letters and row numbers from the offset
cell, for both orientations; every hex of a map has its own name and the name reads back.

Expected names are written out by hand from the offset convention of rules.board.grid
(odd-r rows for pointy maps, odd-q columns for flat maps; cell (0, 0) is Hex(0, 0))."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Board, Hex, Orientation
from rules.board import cell_name, column_index, column_letters, hex_name, hex_named
from rules.errors import OutOfBoundsError

POINTY, FLAT = Orientation.POINTY, Orientation.FLAT


@pytest.mark.parametrize(
    ("index", "letters"),
    [
        (0, "A"),
        (1, "B"),
        (25, "Z"),
        (26, "AA"),
        (27, "AB"),
        (51, "AZ"),
        (52, "BA"),
        (701, "ZZ"),
        (702, "AAA"),
    ],
)
def test_columns_are_lettered_like_a_spreadsheet(index: int, letters: str) -> None:
    assert column_letters(index) == letters
    assert column_index(letters) == index
    assert column_index(letters.lower()) == index


@pytest.mark.parametrize(
    ("orientation", "h", "name"),
    [
        (POINTY, Hex(0, 0), "A1"),
        (POINTY, Hex(2, 0), "C1"),
        (POINTY, Hex(0, 1), "A2"),  # odd row: shifted right, the same column
        (POINTY, Hex(-1, 2), "A3"),  # row 2 starts at q = -1
        (POINTY, Hex(-1, 6), "C7"),  # col = q + (r - (r & 1)) // 2 = -1 + 3
        (POINTY, Hex(23, 9), "AB10"),  # col = 23 + 4
        (FLAT, Hex(0, 0), "A1"),
        (FLAT, Hex(1, 0), "B1"),  # odd column: shifted down, the same row
        (FLAT, Hex(2, -1), "C1"),  # column 2 starts at r = -1
        (FLAT, Hex(2, 5), "C7"),  # row = r + (q - (q & 1)) // 2 = 5 + 1
        (FLAT, Hex(27, -4), "AB10"),  # row = -4 + 13
    ],
)
def test_a_hex_is_named_by_its_cell(orientation: Orientation, h: Hex, name: str) -> None:
    board = Board.blank(30, 12, orientation)
    assert hex_name(board, h) == name
    assert hex_named(board, name) == h


def test_the_same_cell_has_the_same_name_in_either_orientation() -> None:
    pointy = Board.blank(5, 4, POINTY)
    flat = pointy.with_orientation(FLAT)
    names = [[cell_name(c, r) for c in range(5)] for r in range(4)]
    for board in (pointy, flat):
        assert [[hex_name(board, board.hex_at(c, r)) for c in range(5)] for r in range(4)] == names
    assert names[0] == ["A1", "B1", "C1", "D1", "E1"]
    assert [row[0] for row in names] == ["A1", "A2", "A3", "A4"]


@pytest.mark.parametrize("text", ["c7", " C7 ", "C 7", "c07"])
def test_a_name_reads_in_either_case_and_with_spaces(text: str) -> None:
    board = Board.blank(10, 10)
    assert hex_named(board, text) == board.hex_at(2, 6)


@pytest.mark.parametrize("text", ["", "7C", "C", "7", "C-1", "Ç7", "C7x"])
def test_what_is_not_a_name_is_refused_saying_what_a_name_is(text: str) -> None:
    with pytest.raises(ValueError, match="column letters then a row number"):
        hex_named(Board.blank(10, 10), text)


@pytest.mark.parametrize("text", ["K1", "A11", "A0", "AA3"])
def test_a_name_off_the_map_is_refused_saying_the_maps_columns_and_rows(text: str) -> None:
    with pytest.raises(OutOfBoundsError, match="columns are A to J, its rows 1 to 10"):
        hex_named(Board.blank(10, 10), text)


def test_a_hex_off_the_map_has_no_name() -> None:
    board = Board.blank(4, 4)
    with pytest.raises(OutOfBoundsError):
        hex_name(board, Hex(-1, 0))
    with pytest.raises(ValueError, match="0 or more"):
        column_letters(-1)
    with pytest.raises(ValueError, match="0 or more"):
        cell_name(0, -1)


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(1, 60),
    height=st.integers(1, 40),
    orientation=st.sampled_from([POINTY, FLAT]),
)
def test_every_hex_has_its_own_name_and_it_reads_back(
    width: int, height: int, orientation: Orientation
) -> None:
    board = Board.blank(width, height, orientation)
    names = {h: hex_name(board, h) for h in board.hexes()}
    assert len(set(names.values())) == width * height  # unique per hex
    assert all(hex_named(board, name) == h for h, name in names.items())
    assert all(hex_named(board, name.lower()) == h for h, name in names.items())


@given(st.integers(0, 10**6))
def test_column_letters_read_back_and_keep_their_order(index: int) -> None:
    letters = column_letters(index)
    assert column_index(letters) == index
    assert letters.isalpha() and letters.isupper()
    # shorter names come first, names of one length in alphabetical order
    after = column_letters(index + 1)
    assert (len(letters), letters) < (len(after), after)
