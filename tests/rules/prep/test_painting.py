"""Tests for rules.prep.painting: what a brush, stroke and flood fill touch, and what paint,
paint_ground and adjust write (plain pytest + hypothesis, no Qt).

Every answer is checked against a brute-force version built from rules.hexes
(``disk``, ``hex_line``, ``neighbors``) and ``Board.contains``, on both orientations.
"""

from __future__ import annotations

import doctest
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.prep.painting
from rules.board.grid import Board
from rules.board.terrain import LAYER_SPECS, GroundKind
from rules.errors import OutOfBoundsError, RulesError
from rules.hexes import Hex, disk, hex_line, neighbors
from rules.layout import Orientation
from rules.prep.painting import (
    ADJUSTABLE_LAYERS,
    PaintError,
    Region,
    adjust,
    brush,
    eyedropper,
    flood_region,
    paint,
    paint_ground,
    stroke,
)

POINTY, FLAT = Orientation.POINTY, Orientation.FLAT
BOTH = pytest.mark.parametrize("orientation", [POINTY, FLAT], ids=["pointy", "flat"])
orientations = st.sampled_from([POINTY, FLAT])


def on_map(board: Board, hexes: set[Hex] | frozenset[Hex]) -> frozenset[Hex]:
    return frozenset(h for h in hexes if board.contains(h))


def naive_flood(board: Board, start: Hex, layer: str) -> frozenset[Hex]:
    """Breadth-first search over Hex neighbours: the definition flood_region must meet."""
    value = eyedropper(board, start, layer)
    seen, todo = {start}, deque([start])
    while todo:
        for n in neighbors(todo.popleft()):
            if n not in seen and board.contains(n) and eyedropper(board, n, layer) == value:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


# --- brush and stroke ----------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize("center", [Hex(0, 0), Hex(3, 2), Hex(9, 5), Hex(-4, 1), Hex(30, 30)])
@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_brush_is_the_disk_clipped_to_the_map(
    orientation: Orientation, center: Hex, radius: int
) -> None:
    board = Board.blank(10, 7, orientation)
    assert brush(board, center, radius) == on_map(board, disk(center, radius))


def test_brush_inside_the_map_has_the_full_disk_size() -> None:
    board = Board.blank(20, 20)
    assert len(brush(board, board.hex_at(10, 10), 3)) == 1 + 3 * 3 * 4


def test_negative_radius_raises() -> None:
    board = Board.blank(5, 5)
    with pytest.raises(ValueError, match="radius"):
        brush(board, Hex(1, 1), -1)
    with pytest.raises(ValueError, match="radius"):
        stroke(board, Hex(1, 1), Hex(2, 2), -1)


@settings(max_examples=60, deadline=None)
@given(
    orientation=orientations,
    a=st.builds(Hex, st.integers(-4, 16), st.integers(-4, 12)),
    b=st.builds(Hex, st.integers(-4, 16), st.integers(-4, 12)),
    radius=st.integers(0, 3),
)
def test_stroke_is_the_brush_along_the_hex_line(
    orientation: Orientation, a: Hex, b: Hex, radius: int
) -> None:
    board = Board.blank(12, 9, orientation)
    expected = frozenset().union(*(disk(h, radius) for h in hex_line(a, b)))
    assert stroke(board, a, b, radius) == on_map(board, expected)


def test_stroke_of_one_hex_is_a_brush() -> None:
    board = Board.blank(8, 8)
    assert stroke(board, Hex(2, 3), Hex(2, 3), 2) == brush(board, Hex(2, 3), 2)


# --- flood fill -----------------------------------------------------------------------------------


@st.composite
def patchy_boards(draw: st.DrawFn) -> tuple[Board, Hex, str]:
    """A small board whose "ground" holds a few kinds in random patches, and a start hex."""
    orientation = draw(orientations)
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**32 - 1))
    kinds = draw(st.integers(1, 3))
    ground = np.random.default_rng(seed).integers(0, kinds, (height, width)).astype(np.uint8)
    board = Board.blank(width, height, orientation).with_layer("ground", ground)
    start = board.hex_at(draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    return board, start, "ground"


@settings(max_examples=300, deadline=None)
@given(case=patchy_boards())
def test_flood_region_matches_a_breadth_first_search(case: tuple[Board, Hex, str]) -> None:
    board, start, layer = case
    region = flood_region(board, start, layer)
    assert region == naive_flood(board, start, layer)
    assert start in region


@BOTH
def test_flood_stops_at_a_different_value_and_compares_one_layer_only(
    orientation: Orientation,
) -> None:
    board = Board.blank(9, 6, orientation)
    wall = frozenset(board.hex_at(4, row) for row in range(6))
    board = paint(board, "ground", wall, GroundKind.STONE).board
    board = paint(board, "elevation", brush(board, board.hex_at(2, 2), 1), 3).board
    left = flood_region(board, board.hex_at(0, 0), "ground")
    assert left == frozenset(board.hex_at(c, r) for c in range(4) for r in range(6))
    assert flood_region(board, board.hex_at(4, 2), "ground") == wall
    assert len(flood_region(board, board.hex_at(8, 5), "elevation")) == 9 * 6 - 7


@BOTH
def test_flood_of_an_open_map_is_the_whole_map(orientation: Orientation) -> None:
    board = Board.blank(500, 500, orientation)
    region = flood_region(board, board.hex_at(250, 250), "ground")
    assert len(region) == 250_000
    assert region.mask.all()


def test_flood_follows_a_one_hex_wide_winding_corridor() -> None:
    """A serpentine of vertical one-hex corridors: thousands of one-cell runs in a row."""
    ground = np.ones((60, 40), dtype=np.uint8)
    ground[:, 0::2] = 0
    ground[59, 1::4] = 0
    ground[0, 3::4] = 0
    board = Board.blank(40, 60).with_layer("ground", ground)
    region = flood_region(board, Hex(0, 0), "ground")
    assert region == naive_flood(board, Hex(0, 0), "ground")
    assert len(region) == int((ground == 0).sum())


@BOTH
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_flood_of_a_large_noisy_map_matches_a_breadth_first_search(
    orientation: Orientation, seed: int
) -> None:
    """Wide fronts (hundreds of short runs at once) take the vectorised branch."""
    ground = (np.random.default_rng(seed).random((90, 120)) < 0.35).astype(np.uint8)
    ground[44:47, 59:62] = 0
    board = Board.blank(120, 90, orientation).with_layer("ground", ground)
    start = board.hex_at(60, 45)
    region = flood_region(board, start, "ground")
    assert len(region) > 3000
    assert region == naive_flood(board, start, "ground")


@BOTH
def test_flood_of_a_comb_matches_a_breadth_first_search(orientation: Orientation) -> None:
    """Teeth one hex wide hanging from a spine: a front of 150 one-cell runs per step."""
    ground = np.zeros((40, 300), dtype=np.uint8)
    ground[1:, 1::2] = 1
    board = Board.blank(300, 40, orientation).with_layer("ground", ground)
    assert flood_region(board, Hex(0, 0), "ground") == naive_flood(board, Hex(0, 0), "ground")


def test_flood_outside_the_map_or_of_an_unknown_layer_raises() -> None:
    board = Board.blank(4, 4)
    with pytest.raises(OutOfBoundsError):
        flood_region(board, Hex(-1, 0), "ground")
    with pytest.raises(KeyError):
        flood_region(board, Hex(0, 0), "lava")


# --- Region ---------------------------------------------------------------------------------------


@BOTH
def test_region_behaves_as_a_read_only_set_of_hexes(orientation: Orientation) -> None:
    board = Board.blank(6, 5, orientation)
    hexes = brush(board, board.hex_at(2, 2), 1)
    region = Region.of(board, hexes)
    assert len(region) == 7
    assert region == hexes and hexes == region
    assert set(region) == set(hexes)
    assert board.hex_at(2, 2) in region
    assert Hex(-9, -9) not in region and "hex" not in region
    assert region & {board.hex_at(2, 2), Hex(50, 50)} == frozenset({board.hex_at(2, 2)})
    assert region <= set(board.hexes())
    assert not region.mask.flags.writeable
    assert "7 hexes" in repr(region)
    with pytest.raises(TypeError):
        hash(region)


def test_regions_compare_by_mask_and_orientation() -> None:
    board = Board.blank(4, 4)
    assert Region.of(board, [Hex(0, 0)]) == Region.of(board, [Hex(0, 0)])
    assert Region.of(board, [Hex(0, 0)]) != Region.of(board, [Hex(1, 0)])
    flat = Board.blank(4, 4, FLAT)
    assert Region.of(board, [Hex(0, 0)]) == Region.of(flat, [Hex(0, 0)])


def test_region_of_an_off_map_hex_or_a_flat_mask_raises() -> None:
    with pytest.raises(OutOfBoundsError, match=r"Hex\(q=7, r=0\)"):
        Region.of(Board.blank(4, 4), [Hex(1, 1), Hex(7, 0)])
    with pytest.raises(ValueError, match="height, width"):
        Region(np.ones(4, dtype=bool), POINTY)


# --- paint ----------------------------------------------------------------------------------------


@BOTH
def test_paint_writes_the_value_and_reports_what_changed(orientation: Orientation) -> None:
    board = Board.blank(8, 6, orientation)
    first = paint(board, "concealment", brush(board, board.hex_at(3, 3), 1), 4)
    second = paint(first.board, "concealment", brush(board, board.hex_at(4, 3), 1), 4)
    assert len(first.changed) == 7 and not first.is_noop
    assert first.describe() == "Painted 7 hexes with Concealment 4"
    assert second.changed == brush(board, board.hex_at(4, 3), 1) - brush(
        board, board.hex_at(3, 3), 1
    )
    for h in board.hexes():
        expected = 4 if h in first.changed | second.changed else 0
        assert eyedropper(second.board, h, "concealment") == expected
    assert eyedropper(board, board.hex_at(3, 3), "concealment") == 0  # the input is untouched


def test_a_stroke_that_changes_nothing_is_a_no_op_on_the_same_board() -> None:
    board = paint(Board.blank(5, 5), "blocked", [Hex(1, 1)], True).board
    again = paint(board, "blocked", [Hex(1, 1)], True)
    assert again.is_noop and again.board is board
    assert again.describe() == "No hex changed"


def test_paint_copies_only_the_layer_it_writes() -> None:
    board = Board.blank(30, 30)
    result = paint(board, "water_depth", brush(board, Hex(5, 5), 2), 2)
    for name in LAYER_SPECS:
        shared = result.board.layers[name] is board.layers[name]
        assert shared == (name != "water_depth")
    assert result.board.layers["water_depth"].dtype == np.uint8


@pytest.mark.parametrize(
    ("layer", "value", "text"),
    [
        ("ground", GroundKind.PACKED_EARTH, "Painted 2 hexes of Packed earth"),
        ("elevation", -3, "Painted 2 hexes to elevation -3"),
        ("water_depth", 2, "Painted 2 hexes with water 2 deep"),
        ("steep", True, "Painted 2 hexes steep"),
        ("blocked", 1, "Painted 2 hexes as walls"),
        ("concealment_kind", 1, "Painted 2 hexes as magic concealment"),
        ("softness", 8, "Painted 2 hexes with softness 8"),
    ],
)
def test_describe_names_the_value_of_each_layer(layer: str, value: int, text: str) -> None:
    result = paint(Board.blank(3, 3), layer, [Hex(0, 0), Hex(1, 0)], value)
    assert result.describe() == text
    assert eyedropper(result.board, Hex(1, 0), layer) == int(value)


def test_describe_a_single_hex_and_clearing_flags() -> None:
    board = paint(Board.blank(3, 3), "blocked", [Hex(0, 0)], 1).board
    assert paint(board, "blocked", [Hex(0, 0)], 0).describe() == "Painted 1 hex clear of walls"


@pytest.mark.parametrize(
    ("layer", "value"), [("concealment", 13), ("ground", 99), ("elevation", 1000), ("steep", 2)]
)
def test_a_value_outside_the_layer_range_raises(layer: str, value: int) -> None:
    with pytest.raises(PaintError, match=layer):
        paint(Board.blank(3, 3), layer, [Hex(0, 0)], value)
    assert issubclass(PaintError, RulesError)


def test_paint_rejects_off_map_hexes_unknown_layers_and_foreign_regions() -> None:
    board = Board.blank(4, 4)
    with pytest.raises(OutOfBoundsError):
        paint(board, "ground", [Hex(0, 0), Hex(0, 9)], 1)
    with pytest.raises(KeyError):
        paint(board, "lava", [Hex(0, 0)], 1)
    other = Region.of(Board.blank(5, 4), [Hex(0, 0)])
    with pytest.raises(PaintError, match="another shape"):
        paint(board, "ground", other, 1)


def test_paint_a_flooded_region_in_one_step() -> None:
    board = Board.blank(200, 150, FLAT)
    result = paint(board, "ground", flood_region(board, Hex(3, 3), "ground"), GroundKind.SAND)
    assert len(result.changed) == 200 * 150
    assert (result.board.layer("ground") == GroundKind.SAND).all()


# --- paint_ground ---------------------------------------------------------------------------------


def test_paint_ground_sets_the_default_softness_of_the_kind() -> None:
    """RULES-DIGEST §11 Q10: stone 0, sand 6, …; a generator of hexes is read once."""
    board = Board.blank(6, 6)
    result = paint_ground(board, (h for h in brush(board, Hex(2, 2), 1)), GroundKind.STONE)
    assert result.describe() == "Painted 7 hexes of Stone"
    assert eyedropper(result.board, Hex(2, 2), "softness") == 0
    assert eyedropper(result.board, Hex(2, 2), "ground") == GroundKind.STONE
    far = result.board.hex_at(5, 5)
    assert eyedropper(result.board, far, "softness") == GroundKind.OPEN.default_softness


def test_paint_ground_without_softness_leaves_it_alone() -> None:
    board = Board.blank(4, 4)
    result = paint_ground(board, [Hex(1, 1)], GroundKind.SAND, with_softness=False)
    assert eyedropper(result.board, Hex(1, 1), "softness") == GroundKind.OPEN.default_softness
    assert result.board.layers["softness"] is board.layers["softness"]


def test_repainting_the_same_kind_resets_an_edited_softness() -> None:
    board = paint_ground(Board.blank(4, 4), [Hex(1, 1), Hex(2, 1)], GroundKind.MUD).board
    board = paint(board, "softness", [Hex(1, 1)], 12).board
    again = paint_ground(board, [Hex(1, 1), Hex(2, 1)], GroundKind.MUD)
    assert again.changed == frozenset({Hex(1, 1)})
    assert eyedropper(again.board, Hex(1, 1), "softness") == 6
    assert paint_ground(again.board, [Hex(1, 1)], GroundKind.MUD).is_noop


def test_paint_ground_rejects_an_unknown_kind() -> None:
    with pytest.raises(PaintError):
        paint_ground(Board.blank(3, 3), [Hex(0, 0)], 42)


# --- adjust ---------------------------------------------------------------------------------------


def test_adjust_raises_and_lowers_clamped_to_the_layer_range() -> None:
    board = paint(Board.blank(5, 5), "elevation", [Hex(0, 0)], 998).board
    raised = adjust(board, "elevation", [Hex(0, 0), Hex(1, 0)], 2)
    assert eyedropper(raised.board, Hex(0, 0), "elevation") == 999
    assert eyedropper(raised.board, Hex(1, 0), "elevation") == 2
    assert raised.describe() == "Raised elevation of 2 hexes by 2"
    again = adjust(raised.board, "elevation", [Hex(0, 0)], 5)
    assert again.is_noop and again.board is raised.board
    lowered = adjust(Board.blank(5, 5), "water_depth", [Hex(0, 0)], -1)
    assert lowered.is_noop  # water depth 0 cannot go lower
    deeper = adjust(board, "elevation", brush(board, Hex(2, 2), 1), -1)
    assert deeper.describe() == "Lowered elevation of 7 hexes by 1"
    assert raised.board.layer("elevation").dtype == np.int16


@pytest.mark.parametrize("layer", sorted(set(LAYER_SPECS) - set(ADJUSTABLE_LAYERS)))
def test_only_numeric_layers_can_be_adjusted(layer: str) -> None:
    with pytest.raises(PaintError, match="cannot be raised"):
        adjust(Board.blank(3, 3), layer, [Hex(0, 0)], 1)


@pytest.mark.parametrize("delta", [True, 1.5, "1"])
def test_adjust_needs_a_whole_number_of_steps(delta: object) -> None:
    with pytest.raises(PaintError, match="whole number"):
        adjust(Board.blank(3, 3), "elevation", [Hex(0, 0)], delta)  # type: ignore[arg-type]


# --- eyedropper -----------------------------------------------------------------------------------


def test_eyedropper_returns_plain_ints() -> None:
    board = paint(Board.blank(3, 3), "steep", [Hex(1, 1)], True).board
    value = eyedropper(board, Hex(1, 1), "steep")
    assert value == 1 and type(value) is int
    with pytest.raises(OutOfBoundsError):
        eyedropper(board, Hex(5, 5), "steep")


def test_the_module_examples_run() -> None:
    assert doctest.testmod(rules.prep.painting).failed == 0
