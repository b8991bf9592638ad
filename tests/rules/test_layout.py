"""Tests for rules.layout: hex <-> pixel for pointy-top and flat-top grids (no Qt).

Pixel ``y`` grows downward. The expected pixels come from hex geometry (size = centre to
corner), and every pixel -> hex answer is checked against "the hex whose centre is
nearest", computed here by brute force.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.board.grid import cell_to_hex
from rules.hexes import DIRECTIONS, Hex, disk
from rules.layout import Layout, Orientation

POINTY, FLAT = Orientation.POINTY, Orientation.FLAT
BOTH = pytest.mark.parametrize("orientation", [POINTY, FLAT], ids=["pointy", "flat"])
S3 = math.sqrt(3.0)

coord = st.integers(-300, 300)
hexes = st.builds(Hex, coord, coord)
sizes = st.floats(0.5, 200.0)
origins = st.floats(-5000.0, 5000.0)
orientations = st.sampled_from([POINTY, FLAT])


def expected_centre(o: Orientation, h: Hex, size: float) -> tuple[float, float]:
    """Centre of ``h`` from first principles (origin at Hex(0, 0))."""
    if o is POINTY:
        return S3 * size * (h.q + h.r / 2), 1.5 * size * h.r
    return 1.5 * size * h.q, S3 * size * (h.q / 2 + h.r)


def nearest_hexes(lay: Layout, x: float, y: float, around: Hex) -> tuple[float, list[Hex]]:
    """Smallest centre distance among hexes within 3 of ``around``, and who attains it."""
    dists = {h: math.dist((x, y), lay.hex_to_pixel(h)) for h in disk(around, 3)}
    best = min(dists.values())
    return best, [h for h, d in dists.items() if d <= best + 1e-9 * max(1.0, lay.size)]


# --- hex -> pixel ------------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize("h", [Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(-3, 2), Hex(7, -11)])
def test_hex_to_pixel_geometry(orientation: Orientation, h: Hex) -> None:
    lay = Layout(orientation, 10.0, origin_x=3.0, origin_y=-4.0)
    ex, ey = expected_centre(orientation, h, 10.0)
    assert lay.hex_to_pixel(h) == pytest.approx((ex + 3.0, ey - 4.0))


def test_pointy_direction_0_points_screen_right() -> None:
    lay = Layout(POINTY, 10.0)
    x0, y0 = lay.hex_to_pixel(Hex(0, 0))
    x1, y1 = lay.hex_to_pixel(DIRECTIONS[0])
    assert x1 > x0
    assert y1 == pytest.approx(y0)


def test_flat_direction_2_points_up() -> None:
    lay = Layout(FLAT, 10.0)
    x0, y0 = lay.hex_to_pixel(Hex(0, 0))
    x1, y1 = lay.hex_to_pixel(DIRECTIONS[2])
    assert DIRECTIONS[2] == Hex(0, -1)
    assert x1 == pytest.approx(x0)
    assert y1 < y0


@BOTH
@pytest.mark.parametrize("k", range(6))
def test_neighbour_centres_are_sqrt3_size_apart(orientation: Orientation, k: int) -> None:
    lay = Layout(orientation, 7.5)
    h = Hex(2, -5)
    assert math.dist(lay.hex_to_pixel(h), lay.hex_to_pixel(h + DIRECTIONS[k])) == pytest.approx(
        S3 * 7.5
    )


@BOTH
def test_directions_go_round_counter_clockwise_on_screen(orientation: Orientation) -> None:
    # y grows downward, so counter-clockwise on screen is a decreasing atan2(y, x).
    lay = Layout(orientation, 10.0)
    angles = [math.degrees(math.atan2(-y, x)) % 360 for x, y in map(lay.hex_to_pixel, DIRECTIONS)]
    steps = [(b - a) % 360 for a, b in zip(angles, angles[1:] + angles[:1], strict=True)]
    assert steps == pytest.approx([60.0] * 6)


@pytest.mark.parametrize(
    ("orientation", "width", "height"),
    [(POINTY, S3 * 10, 20.0), (FLAT, 20.0, S3 * 10)],
)
def test_width_and_height(orientation: Orientation, width: float, height: float) -> None:
    lay = Layout(orientation, 10.0)
    assert lay.width == pytest.approx(width)
    assert lay.height == pytest.approx(height)


@BOTH
@pytest.mark.parametrize("h", [Hex(0, 0), Hex(4, -9)])
def test_corners(orientation: Orientation, h: Hex) -> None:
    lay = Layout(orientation, 12.0, origin_x=100.0, origin_y=50.0)
    cx, cy = lay.hex_to_pixel(h)
    corners = lay.corners(h)
    assert len(corners) == 6
    for i, c in enumerate(corners):
        assert math.dist(c, (cx, cy)) == pytest.approx(12.0)
        assert math.dist(c, corners[(i + 1) % 6]) == pytest.approx(12.0)  # a regular hexagon
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    assert max(xs) - min(xs) == pytest.approx(lay.width)
    assert max(ys) - min(ys) == pytest.approx(lay.height)
    if orientation is POINTY:  # a vertex straight up and one straight down
        assert sum(1 for x, _ in corners if x == pytest.approx(cx)) == 2
    else:  # a vertex straight left and one straight right
        assert sum(1 for _, y in corners if y == pytest.approx(cy)) == 2


@BOTH
def test_neighbours_share_two_corners(orientation: Orientation) -> None:
    lay = Layout(orientation, 9.0)
    mine = lay.corners(Hex(0, 0))
    for d in DIRECTIONS:
        theirs = lay.corners(d)
        shared = [c for c in mine if any(math.dist(c, t) < 1e-9 for t in theirs)]
        assert len(shared) == 2


@BOTH
def test_centers_vectorised_agrees(orientation: Orientation) -> None:
    lay = Layout(orientation, 13.0, origin_x=-7.0, origin_y=2.5)
    qs = np.arange(-20, 20, dtype=np.int64).reshape(5, 8)
    rs = (qs * 7) % 23 - 11
    xs, ys = lay.centers(qs, rs)
    assert xs.shape == qs.shape and ys.shape == qs.shape
    for q, r, x, y in zip(qs.ravel(), rs.ravel(), xs.ravel(), ys.ravel(), strict=True):
        assert (x, y) == pytest.approx(lay.hex_to_pixel(Hex(int(q), int(r))))


@BOTH
def test_fractional_array_agrees(orientation: Orientation) -> None:
    lay = Layout(orientation, 11.0, origin_x=4.0, origin_y=-9.0)
    xs = np.linspace(-300.0, 300.0, 37)
    ys = np.linspace(250.0, -180.0, 37)
    fq, fr = lay.fractional_array(xs, ys)
    for x, y, q, r in zip(xs, ys, fq, fr, strict=True):
        assert (q, r) == pytest.approx(lay.pixel_to_fractional(float(x), float(y)))


# --- pixel -> hex ------------------------------------------------------------------------------


@given(orientations, hexes, sizes, origins, origins)
def test_round_trip(o: Orientation, h: Hex, size: float, ox: float, oy: float) -> None:
    lay = Layout(o, size, ox, oy)
    assert lay.pixel_to_hex(*lay.hex_to_pixel(h)) == h


@given(orientations, hexes, sizes, st.floats(0.0, 0.98), st.floats(0.0, 2 * math.pi))
def test_points_inside_the_inscribed_circle(
    o: Orientation, h: Hex, size: float, frac: float, angle: float
) -> None:
    lay = Layout(o, size)
    cx, cy = lay.hex_to_pixel(h)
    rad = frac * size * S3 / 2
    assert lay.pixel_to_hex(cx + rad * math.cos(angle), cy + rad * math.sin(angle)) == h


@given(orientations, sizes, origins, origins, st.floats(-3000, 3000), st.floats(-3000, 3000))
def test_pixel_to_hex_is_the_nearest_centre(
    o: Orientation, size: float, ox: float, oy: float, x: float, y: float
) -> None:
    lay = Layout(o, size, ox, oy)
    got = lay.pixel_to_hex(x, y)
    best, winners = nearest_hexes(lay, x, y, got)
    assert got in winners  # on an exact tie (an edge or corner) any nearest hex will do
    assert math.dist((x, y), lay.hex_to_pixel(got)) <= best + 1e-9 * max(1.0, size)
    assert math.dist((x, y), lay.hex_to_pixel(got)) <= size * (1 + 1e-9)


# (x, y) with size 10 and origin (0, 0); many lie a hair away from an edge or a corner.
PIXEL_TABLE = [
    (POINTY, 0.0, 0.0, Hex(0, 0)),
    (POINTY, 17.3, 0.0, Hex(1, 0)),
    (POINTY, 8.6, 0.0, Hex(0, 0)),  # edge midpoint with (1, 0) is at x = 8.66
    (POINTY, 8.7, 0.0, Hex(1, 0)),
    (POINTY, 0.0, 9.9, Hex(0, 0)),  # bottom corner is (0, 10)
    (POINTY, 0.5, 10.2, Hex(0, 1)),
    (POINTY, -0.5, 10.2, Hex(-1, 1)),
    (POINTY, 8.5, -4.8, Hex(0, 0)),  # upper-right corner is (8.66, -5)
    (POINTY, 8.8, -5.2, Hex(1, -1)),
    (POINTY, 8.7, -4.9, Hex(1, 0)),
    (POINTY, 4.3, 7.4, Hex(0, 0)),
    (POINTY, 4.4, 7.6, Hex(0, 1)),
    (POINTY, -8.66, -15.0, Hex(0, -1)),
    (POINTY, -12.0, -7.0, Hex(0, -1)),
    (POINTY, 1000.0, 1000.0, Hex(24, 67)),
    (POINTY, -523.7, 311.2, Hex(-41, 21)),
    (FLAT, 15.0, 8.66, Hex(1, 0)),
    (FLAT, 0.0, -17.32, Hex(0, -1)),
    (FLAT, 9.9, 0.0, Hex(0, 0)),  # right corner is (10, 0)
    (FLAT, 10.2, 0.5, Hex(1, 0)),
    (FLAT, 10.2, -0.5, Hex(1, -1)),
    (FLAT, 7.4, 4.3, Hex(0, 0)),
    (FLAT, 7.6, 4.4, Hex(1, 0)),
    (FLAT, -4.8, 8.5, Hex(0, 0)),
    (FLAT, -5.2, 8.8, Hex(-1, 1)),
    (FLAT, 0.0, 8.6, Hex(0, 0)),  # edge midpoint with (0, 1) is at y = 8.66
    (FLAT, 0.0, 8.7, Hex(0, 1)),
    (FLAT, 1000.0, 1000.0, Hex(67, 24)),
    (FLAT, -311.2, -523.7, Hex(-21, -20)),
]


@pytest.mark.parametrize(("orientation", "x", "y", "expected"), PIXEL_TABLE)
def test_pixel_to_hex_table(orientation: Orientation, x: float, y: float, expected: Hex) -> None:
    lay = Layout(orientation, 10.0)
    assert lay.pixel_to_hex(x, y) == expected
    _, winners = nearest_hexes(lay, x, y, expected)
    assert winners == [expected]


@pytest.mark.parametrize(("orientation", "x", "y", "expected"), PIXEL_TABLE)
def test_pixel_to_hex_table_with_origin(
    orientation: Orientation, x: float, y: float, expected: Hex
) -> None:
    lay = Layout(orientation, 10.0, origin_x=250.0, origin_y=-75.0)
    assert lay.pixel_to_hex(x + 250.0, y - 75.0) == expected
    lay2 = Layout(orientation, 25.0)
    assert lay2.pixel_to_hex(x * 2.5, y * 2.5) == expected


# Tiled-style rows: staggered maps, size 10. Pointy odd-r: cell (col, row) is centred at
# (17.32 * (col + (row & 1) / 2), 15 * row). Flat odd-q: (15 * col, 17.32 * (row + (col & 1) / 2)).
TILED_ROWS = [
    (POINTY, 0.0, 0.0, (0, 0)),
    (POINTY, 17.3, 0.0, (1, 0)),
    (POINTY, 8.7, 15.0, (0, 1)),
    (POINTY, 26.0, 15.0, (1, 1)),
    (POINTY, 8.6, 30.0, (0, 2)),
    (POINTY, 8.7, 30.0, (1, 2)),
    (POINTY, 60.6, 45.0, (3, 3)),
    (POINTY, 30.0, 22.0, (1, 1)),
    (POINTY, 173.2, 150.0, (10, 10)),
    (FLAT, 0.0, 0.0, (0, 0)),
    (FLAT, 15.0, 8.7, (1, 0)),
    (FLAT, 0.0, 17.32, (0, 1)),
    (FLAT, 15.0, 26.0, (1, 1)),
    (FLAT, 30.0, 8.6, (2, 0)),
    (FLAT, 30.0, 8.7, (2, 1)),
    (FLAT, 45.0, 60.6, (3, 3)),
    (FLAT, 150.0, 173.2, (10, 10)),
]


@pytest.mark.parametrize(("orientation", "x", "y", "cell"), TILED_ROWS)
def test_pixel_to_offset_cell(
    orientation: Orientation, x: float, y: float, cell: tuple[int, int]
) -> None:
    lay = Layout(orientation, 10.0)
    expected = cell_to_hex(*cell, orientation)
    assert lay.pixel_to_hex(x, y) == expected
    _, winners = nearest_hexes(lay, x, y, expected)
    assert winners == [expected]


# --- construction ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [0.0, -1.0, -0.001, math.nan, math.inf, -math.inf])
@BOTH
def test_bad_size_raises(orientation: Orientation, size: float) -> None:
    with pytest.raises(ValueError):
        Layout(orientation, size)


def test_layout_is_frozen_and_comparable() -> None:
    lay = Layout(POINTY, 10.0)
    assert lay == Layout(POINTY, 10.0)
    assert lay != Layout(FLAT, 10.0)
    with pytest.raises(AttributeError):
        lay.size = 3.0  # type: ignore[misc]
