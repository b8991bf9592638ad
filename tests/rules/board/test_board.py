"""Tests for rules.board.grid: offset cells <-> hexes, terrain layers, tokens, immutability."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from rules.board.grid import Board, axial_grid, cell_to_hex, cells_of, hex_to_cell
from rules.board.terrain import LAYER_SPECS, ConcealmentKind, GroundKind
from rules.board.tokens import Token
from rules.errors import (
    BoardError,
    DuplicateTokenError,
    OutOfBoundsError,
    UnknownTokenError,
)
from rules.hexes import Hex, disk
from rules.layout import Layout, Orientation

POINTY, FLAT = Orientation.POINTY, Orientation.FLAT
BOTH = pytest.mark.parametrize("orientation", [POINTY, FLAT], ids=["pointy", "flat"])
S3 = math.sqrt(3.0)


CORNER = Hex(1, 1)


def token(tid: str = "t1", at: Hex = CORNER, size: int = 0, **kw: object) -> Token:
    return Token(id=tid, name=f"Token {tid}", position=at, size=size, **kw)  # type: ignore[arg-type]


# --- offset cells ------------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize(("width", "height"), [(1, 1), (7, 5), (12, 13), (40, 3)])
def test_cell_hex_round_trip_over_whole_map(
    orientation: Orientation, width: int, height: int
) -> None:
    seen = set()
    for row in range(height):
        for col in range(width):
            h = cell_to_hex(col, row, orientation)
            assert hex_to_cell(h, orientation) == (col, row)
            seen.add(h)
    assert len(seen) == width * height
    for h in seen:
        assert cell_to_hex(*hex_to_cell(h, orientation), orientation) == h


@BOTH
def test_round_trip_for_negative_cells(orientation: Orientation) -> None:
    for row in range(-9, 9):
        for col in range(-9, 9):
            assert hex_to_cell(cell_to_hex(col, row, orientation), orientation) == (col, row)


@BOTH
def test_cell_zero_is_hex_zero(orientation: Orientation) -> None:
    assert cell_to_hex(0, 0, orientation) == Hex(0, 0)


@pytest.mark.parametrize("row", range(6))
@pytest.mark.parametrize("col", range(5))
def test_pointy_is_odd_r(col: int, row: int) -> None:
    # Odd rows are shifted half a hex to the right; rows are 1.5 sizes apart.
    lay = Layout(POINTY, 10.0)
    x, y = lay.hex_to_pixel(cell_to_hex(col, row, POINTY))
    assert (x, y) == pytest.approx((S3 * 10 * (col + 0.5 * (row % 2)), 15.0 * row))
    assert cell_to_hex(col, row, POINTY) == Hex(col - (row - (row & 1)) // 2, row)


@pytest.mark.parametrize("row", range(6))
@pytest.mark.parametrize("col", range(5))
def test_flat_is_odd_q(col: int, row: int) -> None:
    # Odd columns are shifted half a hex down; columns are 1.5 sizes apart.
    lay = Layout(FLAT, 10.0)
    x, y = lay.hex_to_pixel(cell_to_hex(col, row, FLAT))
    assert (x, y) == pytest.approx((15.0 * col, S3 * 10 * (row + 0.5 * (col % 2))))
    assert cell_to_hex(col, row, FLAT) == Hex(col, row - (col - (col & 1)) // 2)


@BOTH
def test_axial_grid_agrees_with_cell_to_hex(orientation: Orientation) -> None:
    qs, rs = axial_grid(9, 6, orientation)
    assert qs.shape == rs.shape == (6, 9)
    board = Board.blank(9, 6, orientation)
    bq, br = board.axial_grid()
    assert np.array_equal(bq, qs) and np.array_equal(br, rs)
    for row in range(6):
        for col in range(9):
            assert Hex(int(qs[row, col]), int(rs[row, col])) == cell_to_hex(col, row, orientation)
            assert board.hex_at(col, row) == cell_to_hex(col, row, orientation)


@BOTH
def test_cells_of_agrees_with_hex_to_cell(orientation: Orientation) -> None:
    qs, rs = (a.ravel() for a in np.mgrid[-7:8, -6:9].astype(np.int64))
    cols, rows = cells_of(qs, rs, orientation)
    got = list(zip(cols.tolist(), rows.tolist(), strict=True))
    assert got == [
        hex_to_cell(Hex(int(q), int(r)), orientation) for q, r in zip(qs, rs, strict=True)
    ]


@BOTH
def test_contains_and_cell_of(orientation: Orientation) -> None:
    board = Board.blank(6, 4, orientation)
    inside = board.hexes()
    assert len(inside) == len(set(inside)) == 24
    assert all(board.contains(h) for h in inside)
    for col, row in [(-1, 0), (6, 0), (0, -1), (0, 4), (6, 4), (-1, -1), (3, 9)]:
        h = cell_to_hex(col, row, orientation)
        assert not board.contains(h)
        with pytest.raises(OutOfBoundsError):
            board.cell_of(h)
    assert board.cell_of(cell_to_hex(5, 3, orientation)) == (5, 3)


@pytest.mark.parametrize(("width", "height"), [(0, 3), (3, 0), (-1, 5), (2001, 1), (2.5, 3)])
def test_bad_dimensions_raise(width: int, height: int) -> None:
    with pytest.raises(ValueError):
        Board.blank(width, height)


# --- terrain ----------------------------------------------------------------------------------


def test_blank_board_layers() -> None:
    board = Board.blank(5, 3)
    assert set(board.layers) == set(LAYER_SPECS)
    for name, spec in LAYER_SPECS.items():
        arr = board.layer(name)
        assert arr.shape == (3, 5)
        assert arr.dtype == np.dtype(spec.dtype)
    assert board.terrain_at(Hex(0, 0)).describe() == "Open, elevation 0, softness 2"


def test_layers_are_read_only() -> None:
    board = Board.blank(4, 4)
    with pytest.raises(ValueError):
        board.layer("elevation")[0, 0] = 5
    with pytest.raises(TypeError):
        board.layers["elevation"] = np.zeros((4, 4), dtype=np.int16)  # type: ignore[index]
    with pytest.raises(KeyError):
        board.layer("lava")


def test_board_copies_a_writable_layer_it_is_given() -> None:
    elevation = np.zeros((3, 4), dtype=np.int16)
    board = Board.blank(4, 3).with_layer("elevation", elevation)
    elevation[1, 1] = 9
    assert board.layer("elevation")[1, 1] == 0
    assert not board.layer("elevation").flags.writeable


@BOTH
def test_with_terrain_changes_only_the_given_cells(orientation: Orientation) -> None:
    board = Board.blank(6, 5, orientation)
    targets = [board.hex_at(0, 0), board.hex_at(3, 2), board.hex_at(5, 4)]
    raised = board.with_terrain("elevation", targets, 3)
    assert raised is not board
    assert not board.layer("elevation").any()  # the old board is unchanged
    for h in board.hexes():
        assert raised.terrain_at(h).elevation == (3 if h in targets else 0)
    for name in LAYER_SPECS:
        if name != "elevation":
            assert np.array_equal(raised.layer(name), board.layer(name))
    assert not raised.layer("elevation").flags.writeable


def test_with_terrain_errors() -> None:
    board = Board.blank(3, 3)
    with pytest.raises(OutOfBoundsError):
        board.with_terrain("elevation", [Hex(0, 0), Hex(10, 10)], 1)
    with pytest.raises(ValueError):
        board.with_terrain("concealment", [Hex(0, 0)], 13)
    with pytest.raises(KeyError):
        board.with_terrain("lava", [Hex(0, 0)], 1)
    assert board.with_terrain("elevation", [], 5) == board


def test_terrain_at_and_describe() -> None:
    h = Hex(1, 1)
    board = (
        Board.blank(4, 4)
        .with_terrain("ground", [h], int(GroundKind.STONE))
        .with_terrain("elevation", [h], 2)
        .with_terrain("blocked", [h], True)
        .with_terrain("water_depth", [h], 2)
        .with_terrain("steep", [h], True)
        .with_terrain("concealment", [h], 3)
        .with_terrain("concealment_kind", [h], int(ConcealmentKind.MAGIC))
        .with_terrain("softness", [h], 0)
    )
    sample = board.terrain_at(h)
    assert sample.ground is GroundKind.STONE
    assert (sample.elevation, sample.water_depth, sample.concealment, sample.softness) == (
        2,
        2,
        3,
        0,
    )
    assert sample.blocked is True and sample.steep is True
    assert sample.concealment_kind is ConcealmentKind.MAGIC
    text = sample.describe()
    assert text.startswith("Stone, elevation 2")
    for part in ("water 2 deep", "steep", "wall", "Concealment 3 (magic)", "softness 0"):
        assert part in text
    with pytest.raises(OutOfBoundsError):
        board.terrain_at(Hex(-5, 0))


# --- tokens -----------------------------------------------------------------------------------


def test_with_token_moved_returns_a_new_board() -> None:
    board = Board.blank(6, 6).with_token(token("a", Hex(1, 1)))
    moved = board.with_token_moved("a", Hex(2, 2))
    assert moved is not board
    assert moved.token("a").position == Hex(2, 2)
    assert board.token("a").position == Hex(1, 1)
    with pytest.raises(TypeError):
        board.tokens["b"] = token("b")  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.width = 9  # type: ignore[misc]


def test_without_token_and_replace() -> None:
    board = Board.blank(6, 6).with_token(token("a")).with_token(token("b", Hex(2, 1)))
    assert list(board.without_token("a").tokens) == ["b"]
    hidden = dataclasses.replace(board.token("a"), hidden=True)
    replaced = board.with_token_replaced(hidden)
    assert list(replaced.tokens) == ["a", "b"]  # keeps its place in the stacking order
    assert replaced.token("a").hidden and not board.token("a").hidden


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.token("ghost"),
        lambda b: b.with_token_moved("ghost", Hex(0, 0)),
        lambda b: b.without_token("ghost"),
        lambda b: b.with_token_replaced(token("ghost")),
    ],
    ids=["token", "moved", "without", "replaced"],
)
def test_unknown_token(call: object) -> None:
    board = Board.blank(4, 4).with_token(token("a"))
    with pytest.raises(UnknownTokenError, match="ghost"):
        call(board)  # type: ignore[operator]


def test_duplicate_token_id() -> None:
    board = Board.blank(4, 4).with_token(token("a"))
    with pytest.raises(DuplicateTokenError, match="'a'"):
        board.with_token(token("a", Hex(2, 2)))


def test_errors_are_value_errors() -> None:
    for cls in (OutOfBoundsError, UnknownTokenError, DuplicateTokenError):
        assert issubclass(cls, BoardError)
        assert issubclass(cls, ValueError)


@BOTH
@pytest.mark.parametrize("size", [0, 3, 4, 5, 6])
def test_moves_off_the_map_raise_for_any_footprint_hex(orientation: Orientation, size: int) -> None:
    width, height = 7, 6
    board = Board.blank(width, height, orientation).with_token(token("big", Hex(0, 0)))
    probe = token("big", Hex(0, 0), size=size)
    fits_somewhere = False
    for row in range(-1, height + 1):
        for col in range(-1, width + 1):
            anchor = cell_to_hex(col, row, orientation)
            cells = [hex_to_cell(h, orientation) for h in probe.footprint_at(anchor)]
            fits = all(0 <= c < width and 0 <= r < height for c, r in cells)
            if fits:
                fits_somewhere = True
                assert board.with_token_replaced(probe.moved_to(anchor)).token("big").size == size
                if size == 0:
                    assert board.with_token_moved("big", anchor).token("big").position == anchor
            else:
                with pytest.raises(OutOfBoundsError):
                    board.with_token_replaced(probe.moved_to(anchor))
                with pytest.raises(OutOfBoundsError):
                    Board.blank(width, height, orientation).with_token(probe.moved_to(anchor))
    assert fits_somewhere


def test_override_footprint_off_the_map() -> None:
    board = Board.blank(5, 5).with_token(
        token("wyrm", Hex(0, 0), footprint_override=(Hex(0, 0), Hex(1, 0), Hex(2, 0)))
    )
    assert board.with_token_moved("wyrm", Hex(2, 0)).token("wyrm").position == Hex(2, 0)
    with pytest.raises(OutOfBoundsError):
        board.with_token_moved("wyrm", Hex(3, 0))  # the tail would be at column 5


def test_board_constructor_checks_tokens() -> None:
    with pytest.raises(OutOfBoundsError):
        Board(3, 3, tokens={"a": token("a", Hex(5, 5))})


def test_tokens_at_with_a_multi_hex_token() -> None:
    big = token("ogre", Hex(3, 3), size=5)
    small = token("imp", Hex(4, 3), size=-2)
    board = Board.blank(9, 9).with_token(big).with_token(small)
    for h in disk(Hex(3, 3), 1):
        expected = ["ogre", "imp"] if h == Hex(4, 3) else ["ogre"]
        assert [t.id for t in board.tokens_at(h)] == expected
    assert board.tokens_at(Hex(5, 3)) == []
    assert board.tokens_at(Hex(3, 1)) == []


def test_new_token_id_is_unused() -> None:
    board = Board.blank(5, 5).with_token(token("ogre-1")).with_token(token("ogre-2", Hex(2, 2)))
    new = board.new_token_id("ogre")
    assert new not in board.tokens
    assert new.startswith("ogre-")


# --- orientation switch -------------------------------------------------------------------------


@BOTH
def test_with_orientation_keeps_cells_terrain_and_anchor_cells(orientation: Orientation) -> None:
    other = FLAT if orientation is POINTY else POINTY
    board = Board.blank(8, 7, orientation)
    board = board.with_terrain("elevation", [board.hex_at(2, 5), board.hex_at(7, 0)], 4)
    board = board.with_token(token("a", board.hex_at(3, 3))).with_token(
        token("b", board.hex_at(6, 1), size=5)
    )
    flipped = board.with_orientation(other)
    assert flipped.orientation is other
    assert (flipped.width, flipped.height) == (8, 7)
    for name in LAYER_SPECS:
        assert np.array_equal(flipped.layer(name), board.layer(name))
    for tid in ("a", "b"):
        before = hex_to_cell(board.token(tid).position, orientation)
        assert hex_to_cell(flipped.token(tid).position, other) == before
    assert list(flipped.tokens) == ["a", "b"]
    assert flipped.with_orientation(orientation) == board
    assert board.with_orientation(orientation) == board
    assert board.orientation is orientation  # the old board is unchanged


def test_with_orientation_pulls_a_token_back_onto_the_map() -> None:
    # Offset (-2, 4) is 4 rows straight down in pointy odd-r, but 2 columns left in flat.
    body = (Hex(0, 0), Hex(-2, 4))
    board = Board.blank(3, 6, POINTY).with_token(token("eel", Hex(0, 0), footprint_override=body))
    assert board.token("eel").footprint == {Hex(0, 0), Hex(-2, 4)}
    flipped = board.with_orientation(FLAT)
    eel = flipped.token("eel")
    assert eel.footprint_offsets == body
    assert all(flipped.contains(h) for h in eel.footprint)
    assert hex_to_cell(eel.position, FLAT)[0] == 2  # the nearest column that fits


# --- equality ----------------------------------------------------------------------------------


def test_equality_semantics() -> None:
    a = Board.blank(5, 4, name="Cave")
    assert a == Board.blank(5, 4, name="Cave")
    assert a != Board.blank(5, 4, name="Other")
    assert a != Board.blank(5, 4, FLAT, name="Cave")
    assert a != Board.blank(4, 5, name="Cave")
    assert a != a.with_terrain("steep", [Hex(0, 0)], True)
    assert a.with_terrain("steep", [Hex(0, 0)], True) == a.with_terrain("steep", [Hex(0, 0)], True)
    t1, t2 = token("x"), token("y", Hex(2, 2))
    assert a.with_token(t1).with_token(t2) == a.with_token(t1).with_token(t2)
    assert a.with_token(t1).with_token(t2) != a.with_token(t2).with_token(t1)  # stacking order
    assert a.with_token(t1) != a.with_token(t1).with_token_moved("x", Hex(0, 0))
    assert a != a.with_image("map.png", b"\x89PNG")
    assert a != a.with_options({"legacy_areas": True})
    assert a != "Cave"
    with pytest.raises(TypeError):
        hash(a)


@pytest.mark.parametrize("name", ["../x.png", "a/b.png", ".hidden", "", "x" * 129])
def test_with_image_refuses_names_that_are_not_plain_file_names(name: str) -> None:
    with pytest.raises(ValueError, match="plain file name"):
        Board.blank(2, 2).with_image(name, b"data")
