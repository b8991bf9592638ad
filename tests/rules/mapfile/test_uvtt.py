"""Universal VTT import (issue #18): walls, doors, windows, lights and the background of a
generated ``.dd2vtt`` land where the geometry says, in both orientations; the grid covers
the picture; hostile files are refused naming the problem."""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.board.annotations import MAX_DOOR_HEXES
from rules.board.grid import Board
from rules.board.terrain import ConcealmentKind
from rules.errors import MapFileError
from rules.hexes import Hex, hex_round_arrays, neighbors
from rules.layout import Layout, Orientation
from rules.mapfile import checks, uvtt_file
from rules.mapfile.uvtt import (
    MAX_UVTT_BYTES,
    MAX_UVTT_LIGHTS,
    MAX_UVTT_PORTALS,
    UVTT_SUFFIXES,
    WINDOW_CONCEALMENT,
    UvttImport,
    WindowsAs,
    colour_name,
    load_uvtt,
    read_uvtt,
)
from rules.mapfile.uvtt_grid import HexFit, fit_hexes, walk_segment
from tests.rules.mapfile.uvtt_files import (
    SAMPLE,
    encoded,
    png,
    png_header,
    portal,
    sample_uvtt,
    uvtt,
    uvtt_bytes,
    write_uvtt,
)

SOURCE = "room.dd2vtt"
R = SAMPLE.size  # the sample's hex circumradius, px
Cell = tuple[int, int]


def imported(doc: dict[str, Any], **options: Any) -> UvttImport:
    """``doc`` imported as if read from ``room.dd2vtt``."""
    return read_uvtt(uvtt_bytes(doc), source=SOURCE, **options)


def cells(layer: np.ndarray) -> set[Cell]:
    """The ``(col, row)`` cells where ``layer`` is set."""
    rows, cols = np.nonzero(layer)
    return {(int(c), int(r)) for r, c in zip(rows, cols, strict=True)}


def hex_cells(board: Board, hexes: tuple[Hex, ...]) -> set[Cell]:
    return {board.cell_of(h) for h in hexes}


def background_layout(board: Board) -> Layout:
    bg = board.background
    assert bg is not None
    return Layout(board.orientation, bg.hex_size, bg.origin_x, bg.origin_y)


# -- the expected hexes, from the sample's geometry alone (pointy-top) ----------------------------


def row_centre(row: int) -> float:
    return R / 2 + 1.5 * R * row


def pointy_row_span(col: int, row: int) -> tuple[float, float]:
    """The x range of a pointy hex's vertical sides (its full width)."""
    centre = SAMPLE.ppg * (col + (0.5 if row % 2 else 0.0))
    return centre - SAMPLE.ppg / 2, centre + SAMPLE.ppg / 2


def horizontal_wall(row: int, x0: float, x1: float) -> set[Cell]:
    """A wall along ``row``'s centre line crosses that row's hexes whose width meets it."""
    return {(c, row) for c in range(11) if pointy_row_span(c, row)[0] < x1}.intersection(
        (c, row) for c in range(11) if pointy_row_span(c, row)[1] > x0
    )


def vertical_wall_at_272(y0: float, y1: float) -> set[Cell]:
    """x = 272 is a quarter hex right of column 4's even-row centres and a quarter left of
    its odd-row ones, so the wall runs through column 4 of every row, each row's hex
    reaching 3R/4 above and below its centre there."""
    return {(4, row) for row in range(10) if row_centre(row) - 0.75 * R < y1}.intersection(
        (4, row) for row in range(10) if row_centre(row) + 0.75 * R > y0
    )


def sampled(layout: Layout, x0: float, y0: float, x1: float, y1: float, n: int = 4001) -> set[Hex]:
    """The hexes of ``n`` points along a segment (a check from outside, not the walk)."""
    t = np.linspace(0.0, 1.0, n)
    q, r = layout.fractional_array(x0 + t * (x1 - x0), y0 + t * (y1 - y0))
    rq, rr = hex_round_arrays(q, r)
    return {Hex(int(a), int(b)) for a, b in zip(rq, rr, strict=True)}


def pillar_cells(board: Board) -> set[Cell]:
    layout = background_layout(board)
    corners = [*SAMPLE.pillar, SAMPLE.pillar[0]]
    found: set[Hex] = set()
    for (x0, y0), (x1, y1) in pairwise(corners):
        found |= sampled(layout, x0, y0, x1, y1)
    return {board.cell_of(h) for h in found}


DOOR_CELL = (5, 2)  # the door's middle quarter-squares (316..348 px) lie in column 5 only
WINDOW_CELL = (4, 6)  # the window's opening lies in row 6's band at x = 272


def expected_walls(board: Board) -> set[Cell]:
    walls = horizontal_wall(2, 40, 600) | vertical_wall_at_272(150, 480)
    return walls | pillar_cells(board)


def test_the_sample_room_imports_to_the_wall_hexes_its_geometry_gives() -> None:
    board = imported(sample_uvtt()).board
    assert horizontal_wall(2, 40, 600) == {(c, 2) for c in range(1, 10)}
    assert vertical_wall_at_272(150, 480) == {(4, r) for r in range(2, 9)}
    assert cells(board.layer("blocked")) == expected_walls(board) - {WINDOW_CELL}


def test_the_door_is_walls_with_a_door_label_that_opens_its_middle() -> None:
    board = imported(sample_uvtt()).board
    door = board.labels["door-1"]
    assert (door.text, door.gm_only) == ("Door", False)
    assert hex_cells(board, door.door) == {DOOR_CELL}
    assert board.cell_of(door.position) == DOOR_CELL
    opened = board.with_door_opened("door-1")
    assert cells(opened.layer("blocked")) == cells(board.layer("blocked")) - {DOOR_CELL}
    assert "door-1" not in opened.labels


@pytest.mark.parametrize("windows", list(WindowsAs))
def test_a_window_is_concealment_or_walls_as_the_option_says(windows: WindowsAs) -> None:
    result = imported(sample_uvtt(), windows=windows)
    board = result.board
    blocked, concealed = cells(board.layer("blocked")), cells(board.layer("concealment"))
    if windows is WindowsAs.CONCEALMENT:
        assert WINDOW_CELL not in blocked
        assert concealed == {WINDOW_CELL}
        col, row = WINDOW_CELL
        assert board.layer("concealment")[row, col] == WINDOW_CONCEALMENT
        assert board.layer("concealment_kind")[row, col] == ConcealmentKind.WORLD
    else:
        assert blocked == expected_walls(board)
        assert concealed == set()
    assert (result.summary.windows, result.summary.windows_as) == (1, windows)


def test_the_lights_are_gm_only_labels_and_one_off_the_map_is_skipped() -> None:
    result = imported(sample_uvtt())
    board = result.board
    lights = [label for label in board.labels.values() if label.id.startswith("light-")]
    assert [(lab.text, lab.gm_only) for lab in lights] == [
        ("Light: 5 squares, warm white (#eccd8b)", True)
    ]
    assert lights[0].position == background_layout(board).pixel_to_hex(*SAMPLE.light)
    assert result.summary.lights == 1
    assert "1 light outside the map" in result.summary.skipped


def test_the_picture_becomes_the_background_as_it_is() -> None:
    doc = sample_uvtt()
    board = imported(doc).board
    assert board.images == {"background.png": base64.b64decode(doc["image"])}
    bg = board.background
    assert bg is not None and bg.image == "background.png"
    assert bg.hex_size == pytest.approx(SAMPLE.ppg / math.sqrt(3))
    assert (bg.origin_x, bg.origin_y) == pytest.approx((0.0, R / 2))
    assert (board.width, board.height) == (11, 10)


def transposed(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` mirrored across the diagonal (x ↔ y everywhere, the picture too): what a
    pointy-top import makes of it is the flat-top import of ``doc``, mirrored."""

    def swap(value: Any) -> Any:
        if isinstance(value, dict):
            if set(value) == {"x", "y"}:
                return {"x": value["y"], "y": value["x"]}
            return {k: swap(v) for k, v in value.items() if k != "image"}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    mirrored = swap(doc)
    width, height = SAMPLE.picture
    mirrored["image"] = encoded(png(height, width))
    return mirrored


@pytest.mark.parametrize("windows", list(WindowsAs))
def test_a_flat_top_import_is_the_pointy_one_mirrored(windows: WindowsAs) -> None:
    pointy = imported(sample_uvtt(), windows=windows).board
    flat = imported(transposed(sample_uvtt()), orientation=Orientation.FLAT, windows=windows)
    board = flat.board
    assert (board.width, board.height) == (pointy.height, pointy.width)
    for layer in ("blocked", "concealment"):
        assert np.array_equal(board.layer(layer), pointy.layer(layer).T)
    mirror = {k: (v.text, v.gm_only, v.position, v.door) for k, v in pointy.labels.items()}
    assert {
        k: (
            v.text,
            v.gm_only,
            Hex(v.position.r, v.position.q),
            tuple(Hex(h.r, h.q) for h in v.door),
        )
        for k, v in board.labels.items()
    } == mirror
    bg = board.background
    assert bg is not None and (bg.origin_x, bg.origin_y) == pytest.approx((R / 2, 0.0))
    assert flat.summary.orientation is Orientation.FLAT


# -- the grid covers the picture -----------------------------------------------------------------


def covers(fit: HexFit, width: float, height: float) -> bool:
    """Every point of the picture's border (every quarter pixel, a hair inside) and of a
    coarse grid inside it lies in a hex of the map."""
    inset = 1e-6
    xs = np.linspace(inset, width - inset, max(2, int(width * 4)))
    ys = np.linspace(inset, height - inset, max(2, int(height * 4)))
    gx, gy = np.meshgrid(
        np.linspace(inset, width - inset, 25), np.linspace(inset, height - inset, 25)
    )
    px = np.concatenate(
        [xs, xs, np.full_like(ys, inset), np.full_like(ys, width - inset), gx.ravel()]
    )
    py = np.concatenate(
        [np.full_like(xs, inset), np.full_like(xs, height - inset), ys, ys, gy.ravel()]
    )
    q, r = fit.layout().fractional_array(px, py)
    rq, rr = hex_round_arrays(q, r)
    if fit.orientation is Orientation.POINTY:
        cols, rows = rq + (rr - (rr & 1)) // 2, rr
    else:
        cols, rows = rq, rr + (rq - (rq & 1)) // 2
    return bool(((cols >= 0) & (cols < fit.width) & (rows >= 0) & (rows < fit.height)).all())


def smaller(fit: HexFit, wide: int, high: int) -> HexFit:
    return HexFit(
        fit.orientation, fit.width - wide, fit.height - high, fit.size, fit.origin_x, fit.origin_y
    )


@st.composite
def pictures(draw: st.DrawFn) -> tuple[int, int, float]:
    """A picture at least a square each way (a thinner one is a degenerate map: a single
    row of hexes is wider in the middle than the formula assumes) and its pixels per
    square."""
    ppg = draw(st.floats(4, 400))
    least = math.ceil(ppg)
    return draw(st.integers(least, 3000)), draw(st.integers(least, 3000)), ppg


@settings(max_examples=60, deadline=None)
@given(picture=pictures(), orientation=st.sampled_from(list(Orientation)))
def test_the_map_covers_the_picture_with_no_spare_row_or_column(
    picture: tuple[int, int, float], orientation: Orientation
) -> None:
    width, height, ppg = picture
    fit = fit_hexes(width, height, ppg, orientation)
    assert fit.size == pytest.approx(ppg / math.sqrt(3))
    assert covers(fit, width, height)
    # One column or row fewer (on the same origin) leaves some of the picture out.
    if fit.width > 1:
        assert not covers(smaller(fit, 1, 0), width, height)
    if fit.height > 1:
        assert not covers(smaller(fit, 0, 1), width, height)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_the_sample_map_covers_its_picture_corner_to_corner(orientation: Orientation) -> None:
    board = imported(sample_uvtt(), orientation=orientation).board
    bg = board.background
    assert bg is not None
    fit = HexFit(orientation, board.width, board.height, bg.hex_size, bg.origin_x, bg.origin_y)
    assert covers(fit, *SAMPLE.picture)


# -- walking a segment hex by hex -------------------------------------------------------------


def segment_distance(cx: float, cy: float, x0: float, y0: float, x1: float, y1: float) -> float:
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((cx - x0) * dx + (cy - y0) * dy) / length))
    return math.hypot(cx - (x0 + t * dx), cy - (y0 + t * dy))


coordinate = st.floats(-50, 700, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(
    x0=coordinate,
    y0=coordinate,
    x1=coordinate,
    y1=coordinate,
    orientation=st.sampled_from(list(Orientation)),
)
def test_a_walk_is_every_hex_the_segment_crosses_and_no_other(
    x0: float, y0: float, x1: float, y1: float, orientation: Orientation
) -> None:
    fit = fit_hexes(640, 512, 64.0, orientation)
    layout = fit.layout()
    walked = walk_segment(fit, (x0, y0), (x1, y1))
    assert nearest(layout, walked[0], x0, y0) and nearest(layout, walked[-1], x1, y1)
    assert len(set(walked)) == len(walked)
    assert all(b in neighbors(a) for a, b in pairwise(walked))
    t = np.linspace(0.0, 1.0, 2001)
    xs, ys = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
    rq, rr = hex_round_arrays(*layout.fractional_array(xs, ys))
    for k in np.flatnonzero(
        [Hex(int(a), int(b)) not in walked for a, b in zip(rq, rr, strict=True)]
    ):
        # a point on a hex edge may round to the other side: it is in a walked hex too
        assert any(nearest(layout, h, xs[k], ys[k]) for h in walked)
    for h in walked:  # a hex the segment meets has its centre within a circumradius of it
        assert segment_distance(*layout.hex_to_pixel(h), x0, y0, x1, y1) <= fit.size * (1 + 1e-7)


def nearest(layout: Layout, h: Hex, x: float, y: float) -> bool:
    """``(x, y)`` lies in ``h``: no other hex centre is nearer (a tie on an edge counts)."""
    own = math.dist((x, y), layout.hex_to_pixel(h))
    others = (math.dist((x, y), layout.hex_to_pixel(n)) for n in neighbors(h))
    return own <= min(others) + 1e-6


def test_a_wall_along_hex_edges_keeps_to_one_side() -> None:
    """x = 256 runs down the vertical edges of the odd rows (between columns 3 and 4 when
    64 px wide): every odd row takes the same column, so the wall is a straight chain."""
    fit = fit_hexes(640, 512, 64.0, Orientation.POINTY)
    walked = walk_segment(fit, (256.0, 500.0), (256.0, 10.0))
    odd_columns = {h.q + (h.r - 1) // 2 for h in walked if h.r % 2}
    assert len(odd_columns) == 1


# -- portals: what marks a window, an open door ---------------------------------------------


def one_portal(**extra: Any) -> dict[str, Any]:
    s, y2 = SAMPLE, SAMPLE.row2_y
    return sample_uvtt(portals=[portal(s.squares(300, y2), s.squares(364, y2), **extra)])


@pytest.mark.parametrize(
    ("extra", "kind"),
    [
        ({}, "closed door"),
        ({"closed": False}, "window"),  # Dungeondraft's window: it lets light through
        ({"window": True}, "window"),
        ({"kind": "Window"}, "window"),
        ({"type": "door", "closed": False}, "open door"),
        ({"window": False, "closed": False}, "open door"),
        ({"type": "portcullis", "closed": False}, "window"),  # not a marking: as Dungeondraft
    ],
)
def test_how_a_portal_is_read(extra: dict[str, Any], kind: str) -> None:
    result = imported(one_portal(**extra))
    s = result.summary
    assert {"closed door": s.closed_doors, "window": s.windows, "open door": s.open_doors}[
        kind
    ] == 1
    assert s.closed_doors + s.windows + s.open_doors == 1
    blocked = cells(result.board.layer("blocked"))
    assert (DOOR_CELL in blocked) == (kind == "closed door")
    assert ("door-1" in result.board.labels) == (kind == "closed door")


def test_a_portal_off_the_map_is_skipped() -> None:
    doc = sample_uvtt(portals=[portal((-40, -40), (-39, -40))])
    result = imported(doc)
    assert result.summary.closed_doors == 0
    assert "1 portal outside the map" in result.summary.skipped


def test_a_door_too_wide_to_open_stays_walls() -> None:
    doc = uvtt(squares=(100, 4), pixels_per_grid=16, portals=[portal((1, 1), (99, 1))])
    result = imported(doc)
    assert result.summary.closed_doors == 0
    assert any(f"more than {MAX_DOOR_HEXES} hexes" in reason for reason in result.summary.skipped)
    assert len(cells(result.board.layer("blocked"))) > MAX_DOOR_HEXES


# -- what else the file may hold -------------------------------------------------------------------


JPEG = b"\xff\xd8\xff\xc0\x00\x11\x08\x02\x00\x02\x80\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
WEBP = b"RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\x7f\x02\x00\xff\x01\x00"


@pytest.mark.parametrize(
    ("picture", "name", "kind"),
    [
        (png(640, 512), "background.png", "PNG"),
        (JPEG, "background.jpg", "JPEG"),
        (WEBP, "background.webp", "WebP"),
    ],
)
def test_a_png_jpeg_or_webp_picture_is_kept_with_its_kind(
    picture: bytes, name: str, kind: str
) -> None:
    result = imported(sample_uvtt(image=encoded(picture)))
    assert result.board.images == {name: picture}
    assert (result.summary.picture, result.summary.picture_kind) == ((640, 512), kind)


@pytest.mark.parametrize(
    "image",
    [
        encoded(png(640, 512), data_url=True),
        base64.b64encode(png(640, 512)).decode().rstrip("="),
    ],
    ids=["data-url", "unpadded"],
)
def test_a_data_url_or_unpadded_base64_picture_is_read(image: str) -> None:
    board = imported(sample_uvtt(image=image)).board
    assert board.images["background.png"] == png(640, 512)


def test_a_file_without_a_picture_covers_its_squares_with_no_background() -> None:
    doc = sample_uvtt()
    del doc["image"]
    result = imported(doc)
    assert result.board.background is None and not result.board.images
    assert (result.board.width, result.board.height) == (11, 10)
    assert result.summary.lines()[1].startswith("No picture: the map covers 10 × 8 squares")


def test_a_picture_other_than_map_size_says_so() -> None:
    result = imported(sample_uvtt(image=encoded(png(700, 512))))
    assert any("walls are placed by pixels_per_grid" in note for note in result.summary.notes)


def test_walls_off_the_picture_are_clipped_and_counted() -> None:
    doc = sample_uvtt(
        line_of_sight=[[{"x": 5, "y": 3}, {"x": 40, "y": 3}]], objects_line_of_sight=[]
    )
    result = imported(doc)
    assert result.summary.clipped_segments == 1
    assert cells(result.board.layer("blocked"))  # the part on the map is there
    assert "1 segment ran off the map" in result.summary.lines()[3]


def test_the_summary_says_what_was_imported() -> None:
    lines = imported(sample_uvtt()).summary.lines()
    expected = [
        "Imported room.dd2vtt (Universal VTT, format 0.3).",
        "Picture: 640 × 512 px PNG, 10 × 8 squares at 64 px per square.",
        "Map: 11 × 10 hexes, pointy-top; one hex measures one square (5 ft) edge to edge",
        "Walls: 5 polylines (1 from objects_line_of_sight), 8 segments: 17 wall hexes in all.",
        "Doors: 1 closed door",
        f"Windows: 1 made Concealment Tier {WINDOW_CONCEALMENT}",
        "Lights: 1 light",
        "Skipped: 1 light outside the map.",
    ]
    for line, start in zip(lines, expected, strict=False):
        assert line.startswith(start)


@pytest.mark.parametrize(
    ("rgb", "name"),
    [
        ("eccd8b", "warm white"),
        ("4dd569", "green"),
        ("ffffff", "white"),
        ("000000", "black"),
        ("c8d8ff", "cool white"),
        ("ff2010", "red"),
        ("808080", "grey"),
    ],
)
def test_a_light_colour_gets_a_plain_name(rgb: str, name: str) -> None:
    assert colour_name(rgb) == name


def test_an_imported_map_saves_and_loads_back() -> None:
    board = imported(sample_uvtt()).board
    again = mapfile.loads(mapfile.dumps(board))
    assert again == board
    assert again.labels["door-1"].door == board.labels["door-1"].door


def test_load_uvtt_names_the_board_after_the_file(tmp_path: Path) -> None:
    path = write_uvtt(tmp_path / "Crypt of Ash.dd2vtt", sample_uvtt())
    result = load_uvtt(path)
    assert result.board.name == "Crypt of Ash"
    assert result.summary.source == "Crypt of Ash.dd2vtt"
    assert load_uvtt(path, name="Crypt").board.name == "Crypt"
    assert read_uvtt(uvtt_bytes(sample_uvtt())).board.name == "Imported map"
    assert path.suffix in UVTT_SUFFIXES


# -- hostile and broken files ----------------------------------------------------------------------


def edited(change: Callable[[dict[str, Any]], None]) -> bytes:
    doc = sample_uvtt()
    change(doc)
    return uvtt_bytes(doc)


def set_path(doc: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split("/")
    target: Any = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def change(path: str, value: Any) -> bytes:
    return edited(lambda doc: set_path(doc, path, value))


def without(key: str) -> bytes:
    return edited(lambda doc: doc.pop(key))


def raw_json(text: str) -> bytes:
    return text.encode("utf-8")


HOSTILE: list[tuple[str, Callable[[], bytes], str]] = [
    ("bad json", lambda: b'{"format": 0.3,', "the file is not valid JSON: Expecting"),
    ("not utf-8", lambda: b'{"format": "\xff"}', "the file is not UTF-8 text"),
    ("not an object", lambda: b"[1, 2, 3]", "the file must hold a JSON object, not a list"),
    (
        "repeated key",
        lambda: b'{"format": 0.3, "format": 0.2}',
        "the file is not valid JSON: key 'format' appears twice in an object",
    ),
    (
        "integer of 5000 digits",
        lambda: b'{"format": ' + b"9" * 5000 + b"}",
        "the file is not valid JSON: Exceeds the limit (4300 digits)",
    ),
    ("no resolution", lambda: without("resolution"), "resolution is missing"),
    (
        "resolution a list",
        lambda: change("resolution", []),
        "resolution must be an object, not a list",
    ),
    (
        "no pixels per grid",
        lambda: edited(lambda d: d["resolution"].pop("pixels_per_grid")),
        "resolution.pixels_per_grid is missing",
    ),
    (
        "negative grid",
        lambda: change("resolution/pixels_per_grid", -5),
        "resolution.pixels_per_grid must be a number above 0, got -5",
    ),
    (
        "zero grid",
        lambda: change("resolution/pixels_per_grid", 0),
        "resolution.pixels_per_grid must be a number above 0, got 0",
    ),
    (
        "grid as text",
        lambda: change("resolution/pixels_per_grid", "64"),
        "resolution.pixels_per_grid must be a number above 0, got '64'",
    ),
    (
        "tiny grid",
        lambda: change("resolution/pixels_per_grid", 2),
        "resolution.pixels_per_grid is 2; it must be 4 to 16384",
    ),
    (
        "huge map size",
        lambda: change("resolution/map_size", {"x": 1000, "y": 8}),
        "resolution.map_size is 1000 × 8 squares: at 64 px per square that is "
        "64,000 × 512 px, more than 16384 on a side",
    ),
    (
        "zero map size",
        lambda: change("resolution/map_size", {"x": 0, "y": 8}),
        "resolution.map_size.x must be above 0, got 0",
    ),
    (
        "no map size",
        lambda: edited(lambda d: d["resolution"].pop("map_size")),
        "resolution.map_size is missing",
    ),
    (
        "NaN",
        lambda: raw_json(json.dumps(sample_uvtt()).replace('"format": 0.3', '"format": NaN')),
        "the file is not valid JSON: NaN is not a JSON number",
    ),
    (
        "infinity",
        lambda: raw_json(
            json.dumps(sample_uvtt()).replace('"pixels_per_grid": 64.0', '"pixels_per_grid": 1e999')
        ),
        "resolution.pixels_per_grid must be a number above 0, got inf",
    ),
    (
        "infinite point",
        lambda: raw_json(
            json.dumps(sample_uvtt(lights=[])).replace(
                '"lights": []', '"lights": [{"position": {"x": 1e999, "y": 1}}]'
            )
        ),
        "lights[0].position.x must be a finite number, got inf",
    ),
    (
        "far point",
        lambda: change("line_of_sight/0/1", {"x": 2e6, "y": 1}),
        "line_of_sight[0][1].x is 2e+06 squares, further than 100,000 from the origin",
    ),
    (
        "point as text",
        lambda: change("line_of_sight/1/0", {"x": "1", "y": 2}),
        "line_of_sight[1][0].x must be a number, not a string",
    ),
    (
        "point missing y",
        lambda: change("objects_line_of_sight/0/2", {"x": 1}),
        "objects_line_of_sight[0][2].y is missing",
    ),
    (
        "point a list",
        lambda: change("line_of_sight/3/1", [1, 2]),
        "line_of_sight[3][1] must be a point {x, y}, not a list",
    ),
    (
        "polyline not a list",
        lambda: change("line_of_sight/2", {"x": 1, "y": 1}),
        "line_of_sight[2] must be a list of points, not an object",
    ),
    (
        "walls not a list",
        lambda: change("line_of_sight", "walls"),
        "line_of_sight must be a list of polylines, not a string",
    ),
    (
        "bool coordinate",
        lambda: change("line_of_sight/0/0", {"x": True, "y": 1}),
        "line_of_sight[0][0].x must be a number, not true/false",
    ),
    (
        "portal bounds",
        lambda: change("portals/1/bounds", [{"x": 1, "y": 1}]),
        "portals[1].bounds must be a list of two points",
    ),
    (
        "portal not an object",
        lambda: change("portals/0", [1, 2]),
        "portals[0] must be an object, not a list",
    ),
    (
        "portal closed text",
        lambda: change("portals/0/closed", "yes"),
        "portals[0].closed must be true/false, not a string",
    ),
    (
        "portal rotation",
        lambda: change("portals/0/rotation", "90"),
        "portals[0].rotation must be a number, not a string",
    ),
    (
        "light colour",
        lambda: change("lights/0/color", "blue"),
        "lights[0].color must be a colour like \"ffeccd8b\" (hex ARGB), got 'blue'",
    ),
    (
        "light range",
        lambda: change("lights/0/range", -1),
        "lights[0].range must be 0 to 100,000 squares, got -1",
    ),
    (
        "light position",
        lambda: edited(lambda d: d["lights"][0].pop("position")),
        "lights[0].position is missing",
    ),
    (
        "environment",
        lambda: change("environment", "dark"),
        "environment must be an object, not a string",
    ),
    ("format", lambda: change("format", "new"), "format must be a number, got 'new'"),
    (
        "image not text",
        lambda: change("image", 5),
        "image must be a string of base64, not an integer",
    ),
    (
        "bad base64",
        lambda: change("image", "iVBORw0KGg!!" + "A" * 40),
        "image is not valid base64 (at character 11: '!')",
    ),
    (
        "stray padding",
        lambda: change("image", "iVBO=RW0KGgo"),
        "image is not valid base64 (at character 5: '=')",
    ),
    (
        "stray character",
        lambda: change("image", "iVBORw0KG"),
        "image is not valid base64 (it ends with a stray character, number 9)",
    ),
    (
        "not a picture",
        lambda: change("image", encoded(b"just some text, not a picture at all")),
        "the picture is not a PNG, JPEG or WebP picture",
    ),
    (
        "picture bomb",
        lambda: change("image", encoded(png_header(100_000, 100_000))),
        "the picture is 100000×100000 pixels; the limit is 16384 pixels on a side",
    ),
    (
        "pixel bomb",
        lambda: change("image", encoded(png_header(16_000, 16_000))),
        "the picture is 16000×16000 pixels; the limit is 16384 pixels on a side and "
        "134,217,728 pixels in all",
    ),
    (
        "cut picture",
        lambda: change("image", encoded(png(640, 512)[:20])),
        "the picture is cut short before its size",
    ),
    (
        "map too wide",
        lambda: uvtt_bytes(uvtt(squares=(2001, 2), pixels_per_grid=4)),
        "the picture (8004 × 8 px at 4 px per square) needs 2,002 × 3 hexes, more than 2000 "
        "on a side",
    ),
]


@pytest.mark.parametrize(("name", "make", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_broken_or_hostile_file_is_refused_naming_the_problem(
    name: str, make: Callable[[], bytes], message: str
) -> None:
    with pytest.raises(MapFileError) as refused:
        read_uvtt(make(), source=SOURCE)
    assert str(refused.value).startswith(f"cannot import {SOURCE}: ")
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("limit", "value", "doc", "message"),
    [
        (
            "MAX_UVTT_POINTS",
            10,
            lambda: sample_uvtt(line_of_sight=[[{"x": 1, "y": 1}] * 11]),
            "line_of_sight has 11 points, more than 10",
        ),
        (
            "MAX_UVTT_POINTS",
            10,
            lambda: sample_uvtt(
                line_of_sight=[[{"x": 1, "y": 1}] * 6],
                objects_line_of_sight=[[{"x": 1, "y": 1}] * 5],
            ),
            "line_of_sight and objects_line_of_sight have 11 points in all, more than 10",
        ),
        (
            "MAX_UVTT_POLYLINES",
            3,
            lambda: sample_uvtt(),
            "line_of_sight has 4 polylines, more than 3",
        ),
        (
            "MAX_UVTT_POLYLINES",
            4,
            lambda: sample_uvtt(),
            "line_of_sight and objects_line_of_sight have 5 polylines in all, more than 4",
        ),
        ("MAX_UVTT_PORTALS", 1, lambda: sample_uvtt(), "portals has 2 portals, more than 1"),
        ("MAX_UVTT_LIGHTS", 1, lambda: sample_uvtt(), "lights has 2 lights, more than 1"),
        ("MAX_UVTT_CONTAINERS", 10, lambda: sample_uvtt(), "more than 10"),
    ],
)
def test_each_list_is_held_to_its_limit(
    monkeypatch: pytest.MonkeyPatch,
    limit: str,
    value: int,
    doc: Callable[[], dict[str, Any]],
    message: str,
) -> None:
    monkeypatch.setattr(uvtt_file, limit, value)
    with pytest.raises(MapFileError, match=r"^cannot import room\.dd2vtt: ") as refused:
        imported(doc())
    assert message in str(refused.value)


def test_too_much_wall_is_refused_before_it_is_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.mapfile import uvtt

    monkeypatch.setattr(uvtt, "MAX_WALL_SQUARES", 5)
    with pytest.raises(MapFileError, match="squares long in all, more than 5"):
        imported(sample_uvtt())


def test_the_real_point_limit_holds() -> None:
    points = [{"x": 1.5, "y": 1.5}] * (uvtt_file.MAX_UVTT_POINTS + 1)
    data = raw_json(json.dumps(sample_uvtt(line_of_sight=[points])))
    with pytest.raises(MapFileError, match=r"line_of_sight has 500,001 points, more than 500,000"):
        read_uvtt(data)


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.dd2vtt"
    with path.open("wb") as fp:
        fp.truncate(MAX_UVTT_BYTES + 1)  # sparse: no disk is spent
    with pytest.raises(
        MapFileError,
        match=r"^cannot import huge\.dd2vtt: the file is 268,435,457 bytes, more than "
        r"268,435,456 \(256 MiB\)$",
    ):
        load_uvtt(path)


def test_a_missing_file_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(MapFileError, match=r"^cannot import gone\.uvtt: No such file"):
        load_uvtt(tmp_path / "gone.uvtt")


def test_the_limits_keep_every_import_saveable() -> None:
    assert MAX_UVTT_PORTALS * MAX_DOOR_HEXES <= checks.MAX_LISTED_HEXES
    assert MAX_UVTT_PORTALS + MAX_UVTT_LIGHTS <= checks.MAX_LABELS


def test_a_byte_order_mark_and_a_format_written_as_text_are_read() -> None:
    data = b"\xef\xbb\xbf" + uvtt_bytes(sample_uvtt(format="0.2"))
    result = read_uvtt(data, source=SOURCE)
    assert result.summary.format == "0.2"
    assert result.summary.notes == ()


@pytest.mark.parametrize(
    ("given", "text"),
    [
        ({"range": 6, "color": "ffeccd8b"}, "Light: 6 squares, warm white (#eccd8b)"),
        (
            {"range": 1, "color": "#4dd569", "intensity": 0.5},
            "Light: 1 square, green (#4dd569), intensity 0.5",
        ),
        ({"range": None, "color": None, "intensity": None}, "Light"),
    ],
)
def test_a_light_label_says_what_the_file_gives(given: dict[str, Any], text: str) -> None:
    s = SAMPLE
    board = imported(sample_uvtt(lights=[{"position": {"x": 3.0, "y": 3.0}, **given}])).board
    label = board.labels["light-1"]
    assert (label.text, label.gm_only) == (text, True)
    at = ((3.0 - s.origin[0]) * s.ppg, (3.0 - s.origin[1]) * s.ppg)
    assert label.position == background_layout(board).pixel_to_hex(*at)
