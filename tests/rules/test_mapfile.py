"""Tests for rules.mapfile: round trips, broken and hostile files, atomic saves, the v1
fixture and the upgrader chain."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import rules
from rules import mapfile, mapfile_checks
from rules.board import Board
from rules.errors import MapFileError, OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.terrain import LAYER_SPECS
from rules.tokens import SIDES, Token, TokenKind

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V1_FIXTURE = FIXTURES / "format-v1.hexmap"


def _fixture_script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "make_v1_fixture", FIXTURES / "make_v1_fixture.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_v1 = _fixture_script()


# --- helpers ------------------------------------------------------------------------------


def sample_board(orientation: Orientation = Orientation.POINTY) -> Board:
    """A 9×7 board with varied terrain in every layer, tokens of several sizes (one with a
    footprint override), an image and options of every kind."""
    rng = np.random.default_rng(7)
    board = Board.blank(9, 7, orientation, name="Säulenhalle — test map")
    for name, spec in LAYER_SPECS.items():
        values = rng.integers(spec.minimum, spec.maximum + 1, size=(7, 9))
        board = board.with_layer(name, values.astype(spec.dtype))
    board = board.with_image("wolf.png", make_v1.tiny_png()).with_image("notes.txt", b"\x00\xff")
    board = board.with_options({"legacy_areas": False, "reach": 2, "scale": 1.25, "mode": "x"})
    tokens = [
        Token("a", "Tiny sprite", board.hex_at(0, 0), size=-3, side="ally", color="#00ff00"),
        Token("b", "Wolf", board.hex_at(2, 1), size=1, image="wolf.png", notes="fast\nline 2"),
        Token("c", "Horse", board.hex_at(4, 1), size=3, side="party"),
        Token("d", "Ogre", board.hex_at(6, 1), size=4, side="enemy", hidden=True),
        Token("e", "Giant", board.hex_at(4, 4), size=5, color="#ABCDEF"),
        Token("f", "Snake", board.hex_at(1, 5), size=3, kind=TokenKind.OBJECT,
              footprint_override=(Hex(0, 0), Hex(1, 0), Hex(2, 0))),
    ]  # fmt: skip
    for token in tokens:
        board = board.with_token(token)
    return board


def members_of(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def make_zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name), data)
    return buffer.getvalue()


def npy(array: np.ndarray[Any, Any], *, allow_pickle: bool = False) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=allow_pickle)
    return buffer.getvalue()


def npy_header(descr: str, shape: tuple[int, ...]) -> bytes:
    """A .npy header with no data after it."""
    buffer = io.BytesIO()
    header = {"descr": descr, "fortran_order": False, "shape": shape}
    np.lib.format.write_array_header_1_0(buffer, header)
    return buffer.getvalue()


GOOD = mapfile.dumps(make_v1.build_board())  # 6×5 flat: hero-1, ogre-1 (image), cart-1


def map_json(data: bytes = GOOD) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(members_of(data)["map.json"])
    return result


def edit_json(edit: Callable[[dict[str, Any]], object]) -> bytes:
    """GOOD with its map.json changed in place by ``edit``."""
    doc = map_json()
    edit(doc)
    return replace_member("map.json", json.dumps(doc).encode())


def replace_member(name: str, data: bytes | None) -> bytes:
    """GOOD with member ``name`` replaced (added), or removed when ``data`` is None."""
    members = members_of(GOOD)
    if data is None:
        del members[name]
    else:
        members[name] = data
    return make_zip(members)


def patch_central(data: bytes, member: str, offset: int, fmt: str, value: int) -> bytes:
    """``data`` with a field of ``member``'s central-directory entry overwritten."""
    out = bytearray(data)
    start = out.find(b"PK\x01\x02")
    while start >= 0:
        name_len, extra_len, comment_len = struct.unpack_from("<HHH", out, start + 28)
        if out[start + 46 : start + 46 + name_len].decode() == member:
            struct.pack_into(fmt, out, start + offset, value)
            return bytes(out)
        start = out.find(b"PK\x01\x02", start + 46 + name_len + extra_len + comment_len)
    raise AssertionError(f"{member} not found")


def refuse(data: bytes, message: str) -> MapFileError:
    with pytest.raises(MapFileError) as info:
        mapfile.loads(data)
    assert message in str(info.value)
    return info.value


# --- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("orientation", list(Orientation))
def test_save_load_round_trip(tmp_path: Path, orientation: Orientation) -> None:
    board = sample_board(orientation)
    path = tmp_path / f"map{mapfile.SUFFIX}"
    mapfile.save(board, path)
    loaded = mapfile.load(path)
    assert loaded == board
    assert list(loaded.tokens) == list("abcdef")
    assert loaded.tokens["f"].footprint_override == (Hex(0, 0), Hex(1, 0), Hex(2, 0))
    assert loaded.images["wolf.png"] == make_v1.tiny_png()
    assert type(loaded.options["scale"]) is float and type(loaded.options["reach"]) is int
    assert all(not layer.flags.writeable for layer in loaded.layers.values())
    assert all(loaded.layers[n].dtype == np.dtype(s.dtype) for n, s in LAYER_SPECS.items())


def test_dumps_loads_round_trip_and_is_deterministic() -> None:
    board = sample_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    assert mapfile.dumps(board) == mapfile.dumps(board)


def test_map_json_layout() -> None:
    doc = map_json(mapfile.dumps(sample_board(Orientation.FLAT)))
    assert doc["format"] == mapfile.FORMAT_NAME == "hexmap"
    assert doc["version"] == mapfile.FORMAT_VERSION == 1
    assert doc["app_version"] == rules.__version__
    assert doc["grid"] == {"width": 9, "height": 7, "orientation": "flat", "hex_feet": 5}
    assert doc["layers"] == {name: f"layers/{name}.npy" for name in LAYER_SPECS}
    assert [t["id"] for t in doc["tokens"]] == list("abcdef")
    assert doc["tokens"][5]["footprint"] == [[0, 0], [1, 0], [2, 0]]
    assert doc["tokens"][0]["footprint"] is None and doc["tokens"][0]["image"] is None
    assert doc["images"] == ["wolf.png", "notes.txt"]
    assert doc["turn"] is None


def test_archive_members_are_deflated_and_complete() -> None:
    with zipfile.ZipFile(io.BytesIO(mapfile.dumps(sample_board()))) as zf:
        names = zf.namelist()
        assert all(info.compress_type == zipfile.ZIP_DEFLATED for info in zf.infolist())
    expected = ["map.json", *(f"layers/{n}.npy" for n in LAYER_SPECS)]
    assert names == [*expected, "images/wolf.png", "images/notes.txt"]


def test_blank_board_and_extreme_sides_round_trip() -> None:
    for board in (Board.blank(1, 1), Board.blank(2000, 1), Board.blank(1, 2000)):
        assert mapfile.loads(mapfile.dumps(board)) == board


def test_fortran_order_and_big_endian_layers_load() -> None:
    elevation = np.asfortranarray(np.arange(30, dtype=">i2").reshape(5, 6))
    board = mapfile.loads(replace_member("layers/elevation.npy", npy(elevation)))
    assert board.layers["elevation"].dtype == np.int16
    assert np.array_equal(board.layers["elevation"], np.arange(30).reshape(5, 6))


def test_numpy_integer_coordinates_are_written_as_json_integers() -> None:
    board = Board.blank(4, 4).with_token(Token("n", "Numpy", Hex(np.int64(1), np.int64(2))))  # type: ignore[arg-type]
    assert mapfile.loads(mapfile.dumps(board)).tokens["n"].position == Hex(1, 2)


_COLORS = st.from_regex(r"#[0-9a-fA-F]{6}", fullmatch=True)
_NAMES = st.text(min_size=1, max_size=12).filter(lambda s: bool(s.strip()))
_OPTION_VALUES = st.one_of(
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
)


def _layer(spec: Any, shape: tuple[int, int]) -> st.SearchStrategy[Any]:
    elements = st.booleans() if spec.dtype is np.bool_ else st.integers(spec.minimum, spec.maximum)
    return hnp.arrays(np.dtype(spec.dtype), shape, elements=elements)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    orientation = draw(st.sampled_from(list(Orientation)))
    board = Board.blank(width, height, orientation, name=draw(_NAMES))
    for name, spec in LAYER_SPECS.items():
        board = board.with_layer(name, draw(_layer(spec, (height, width))))
    image_names = st.from_regex(r"[a-z0-9_]{1,8}\.(png|jpg)", fullmatch=True)
    for name, data in draw(
        st.dictionaries(image_names, st.binary(max_size=40), max_size=3)
    ).items():
        board = board.with_image(name, data)
    board = board.with_options(
        draw(st.dictionaries(st.text(max_size=8), _OPTION_VALUES, max_size=4))
    )
    pictures = st.sampled_from([None, *board.images])
    for i in range(draw(st.integers(0, 6))):
        col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        token = Token(
            f"t-{i}", draw(_NAMES), board.hex_at(col, row), size=draw(st.integers(-4, 5)),
            kind=draw(st.sampled_from(list(TokenKind))), side=draw(st.sampled_from(SIDES)),
            color=draw(_COLORS), image=draw(pictures), hidden=draw(st.booleans()),
            notes=draw(st.text(max_size=20)),
        )  # fmt: skip
        with contextlib.suppress(OutOfBoundsError):
            board = board.with_token(token)
    return board


@settings(max_examples=60, deadline=None)
@given(boards())
def test_random_boards_round_trip(board: Board) -> None:
    assert mapfile.loads(mapfile.dumps(board)) == board


# --- broken files -------------------------------------------------------------------------


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """An edit setting ``doc[a][b]...`` for a dotted ``path`` (integers index lists)."""

    def edit(doc: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        target: Any = doc
        for key in parents:
            target = target[key]
        target[last] = value

    return edit


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        target: Any = doc
        for key in parents:
            target = target[key]
        del target[last]

    return edit


JSON_CASES = [
    ("format-name", _set("format", "tiled"), "not a Hexweave map: map.json format is 'tiled'"),
    ("no-format", _delete("format"), "not a Hexweave map: map.json has no format name"),
    (
        "newer",
        _set("version", 7),
        "a newer Hexweave (format version 7); this version reads up to 1 (it was written by",
    ),
    ("version-0", _set("version", 0), "version must be a whole number from 1, got 0"),
    ("version-str", _set("version", "1"), "version must be a whole number from 1, got '1'"),
    ("version-bool", _set("version", True), "version must be a whole number from 1, got True"),
    ("version-float", _set("version", 1.0), "version must be a whole number from 1, got 1.0"),
    ("no-version", _delete("version"), "version must be a whole number from 1, got None"),
    ("width-str", _set("grid.width", "40"), "map.json: grid.width must be an integer, not a str"),
    ("width-0", _set("grid.width", 0), "map.json: grid.width must be 1..2000, got 0"),
    ("width-neg", _set("grid.width", -6), "map.json: grid.width must be 1..2000, got -6"),
    ("height-huge", _set("grid.height", 10**9), "grid.height must be 1..2000, got 1000000000"),
    ("orientation", _set("grid.orientation", "diagonal"), "grid.orientation must be 'pointy'"),
    ("hex-feet", _set("grid.hex_feet", 10), "map.json: grid.hex_feet must be 5"),
    ("no-grid", _delete("grid"), "map.json: grid is missing"),
    ("name-int", _set("name", 5), "map.json: name must be a string, not an integer"),
    ("app-version", _delete("app_version"), "map.json: app_version is missing"),
    ("turn", _set("turn", {"round": 1}), "map.json: turn must be null"),
    ("q-float", _set("tokens.0.q", 1.5), "map.json: tokens[0].q must be an integer, not a number"),
    ("r-missing", _delete("tokens.1.r"), "map.json: tokens[1].r is missing"),
    (
        "hidden-str",
        _set("tokens.1.hidden", "yes"),
        "map.json: tokens[1].hidden must be true or false",
    ),
    ("hidden-int", _set("tokens.1.hidden", 1), "map.json: tokens[1].hidden must be true or false"),
    (
        "size-bool",
        _set("tokens.2.size", True),
        "map.json: tokens[2].size must be an integer, not true/false",
    ),
    (
        "size-range",
        _set("tokens.0.size", 99),
        "map.json: tokens[0]: token 'hero-1': size 99 is outside",
    ),
    (
        "kind",
        _set("tokens.0.kind", "monster"),
        "map.json: tokens[0].kind must be 'creature' or 'object'",
    ),
    (
        "side",
        _set("tokens.0.side", "villain"),
        "map.json: tokens[0]: token 'hero-1': side 'villain'",
    ),
    ("color", _set("tokens.0.color", "red"), "map.json: tokens[0]: token 'hero-1': colour 'red'"),
    ("id", _set("tokens.0.id", "a b"), "map.json: tokens[0]: token id 'a b' must be"),
    ("token-name", _set("tokens.0.name", "  "), "map.json: tokens[0]: token 'hero-1' needs a name"),
    ("notes", _set("tokens.0.notes", None), "map.json: tokens[0].notes must be a string, not null"),
    ("image-type", _set("tokens.0.image", 3), "map.json: tokens[0].image must be a string or null"),
    ("token-type", _set("tokens.0", [1]), "map.json: tokens[0] must be an object"),
    ("tokens-type", _set("tokens", {}), "map.json: tokens must be a list, not an object"),
    (
        "footprint-type",
        _set("tokens.2.footprint", "x"),
        "map.json: tokens[2].footprint must be a list",
    ),
    (
        "footprint-pair",
        _set("tokens.2.footprint", [[0]]),
        "tokens[2].footprint[0] must be [dq, dr]",
    ),
    (
        "footprint-float",
        _set("tokens.2.footprint", [[0, 0], [0.5, 1]]),
        "tokens[2].footprint[1] must be",
    ),
    (
        "footprint-anchor",
        _set("tokens.2.footprint", [[1, 0]]),
        "footprint override must contain the anchor",
    ),
    (
        "missing-image",
        _set("tokens.0.image", "ghost.png"),
        "tokens[0].image 'ghost.png' is not one of the map's images",
    ),
    (
        "duplicate-id",
        _set("tokens.2.id", "hero-1"),
        "map.json: tokens[2]: duplicate token id 'hero-1'",
    ),
    (
        "off-map",
        _set("tokens.0.q", 40),
        "map.json: tokens[0]: token 'hero-1' is off the map at Hex(q=40, r=0)",
    ),
    (
        "partly-off",
        _set("tokens.1.q", 5),
        "map.json: tokens[1]: token 'ogre-1' is off the map at Hex(q=6, r=0)",
    ),
    (
        "option-list",
        _set("options.x", [1]),
        "map.json: options: option 'x' must be true/false, a number or a string",
    ),
    ("options-type", _set("options", []), "map.json: options must be an object, not a list"),
    (
        "layer-missing",
        _delete("layers.elevation"),
        "map.json: layers is missing the 'elevation' layer",
    ),
    (
        "layer-unknown",
        _set("layers.lava", "layers/lava.npy"),
        "map.json: layers names an unknown layer 'lava'",
    ),
    (
        "layer-member",
        _set("layers.ground", "layers/nope.npy"),
        "layer 'ground': member 'layers/nope.npy' is missing",
    ),
    ("layer-path-type", _set("layers.ground", 5), "layer 'ground': member 5 is missing"),
    (
        "image-unsafe",
        _set("images", ["../ogre.png"]),
        "images[0]: image name '../ogre.png' is not a plain file name",
    ),
    ("images-entry-type", _set("images", [7]), "images[0]: image name 7 must be a string"),
    ("image-twice", _set("images", ["ogre.png", "ogre.png"]), "images lists 'ogre.png' twice"),
    (
        "image-member",
        _set("images", ["ogre.png", "x.png"]),
        "image 'x.png': member 'images/x.png' is missing",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in JSON_CASES], ids=[c[0] for c in JSON_CASES]
)
def test_bad_map_json_fields(edit: Callable[[dict[str, Any]], None], message: str) -> None:
    refuse(edit_json(edit), message)


NAN_TEXT = members_of(GOOD)["map.json"].replace(b'bulk": true', b'bulk": NaN')
RAW_JSON_CASES = [
    ("not-json", b'{"format": "hexmap",', "map.json is not valid JSON: Expecting"),
    ("not-object", b"[1, 2]", "map.json must hold a JSON object, not a list"),
    ("not-utf8", b'{"name": "\xff"}', "map.json is not UTF-8 text"),
    ("nan", NAN_TEXT, "NaN is not a JSON number"),
    (
        "infinity",
        NAN_TEXT.replace(b"NaN", b"1e999"),
        "option 'crowding_by_bulk' must be a finite number",
    ),
    ("repeated-key", b'{"format": "hexmap", "format": "hexmap"}', "key 'format' appears twice"),
    ("deep", b"[" * 100_000, "map.json is not valid JSON"),
    (
        "long-int",
        b'{"format": "hexmap", "version": 1' + b"0" * 5000 + b"}",
        "map.json is not valid JSON",
    ),
]


@pytest.mark.parametrize(
    ("raw", "message"), [c[1:] for c in RAW_JSON_CASES], ids=[c[0] for c in RAW_JSON_CASES]
)
def test_bad_map_json_text(raw: bytes, message: str) -> None:
    refuse(replace_member("map.json", raw), message)


def test_not_a_zip_and_empty_file() -> None:
    refuse(b"P3\n2 2\n255\n", "not a Hexweave map: the file is not a zip archive")
    refuse(b"", "not a Hexweave map: the file is empty")
    refuse(GOOD[: len(GOOD) // 2], "not a Hexweave map: the file is not a zip archive")


def test_missing_map_json() -> None:
    refuse(replace_member("map.json", None), "not a Hexweave map: map.json is missing")


def test_error_names_the_source() -> None:
    with pytest.raises(MapFileError, match=r"^cannot read demo\.hexmap: not a Hexweave map"):
        mapfile.loads(b"nope", source="demo.hexmap")


BAD_HEADER = b"\x93NUMPY\x01\x00\x10\x00{'descr': os.system" + b" " * 20


def _pickled_layer() -> bytes:
    return npy(np.array([[{"x": 1}] * 6] * 5, dtype=object), allow_pickle=True)


LAYER_CASES = [
    (
        "shape",
        "elevation",
        npy(np.zeros((3, 4), np.int16)),
        "layer 'elevation' has shape (3, 4), expected (5, 6)",
    ),
    (
        "ndim",
        "elevation",
        npy(np.zeros(30, np.int16)),
        "layer 'elevation' has shape (30,), expected (5, 6)",
    ),
    (
        "dtype",
        "elevation",
        npy(np.zeros((5, 6))),
        "layer 'elevation' has dtype float64, expected int16",
    ),
    (
        "dtype-size",
        "ground",
        npy(np.zeros((5, 6), np.int16)),
        "layer 'ground' has dtype int16, expected uint8",
    ),
    (
        "range",
        "concealment",
        npy(np.full((5, 6), 13, np.uint8)),
        "layer 'concealment' holds values 13..13, allowed 0..12",
    ),
    ("range-low", "elevation", npy(np.full((5, 6), -1000, np.int16)), "allowed -999..999"),
    (
        "bool-range",
        "steep",
        npy(np.full((5, 6), 2, np.uint8).view(np.bool_)),
        "layer 'steep' holds values other than true/false",
    ),
    ("object", "elevation", _pickled_layer(), "layer 'elevation' has dtype object, expected int16"),
    (
        "pickle",
        "elevation",
        b"\x80\x04\x95" + b"\x00" * 40,
        "layer 'elevation' is not a valid .npy array",
    ),
    ("garbage-header", "elevation", BAD_HEADER, "layer 'elevation' is not a valid .npy array"),
    ("npy-v3", "elevation", b"\x93NUMPY\x03\x00" + b"\x00" * 20, "uses .npy format (3, 0)"),
    (
        "huge-shape",
        "ground",
        npy_header("|u1", (1_000_000_000, 1_000_000_000)),
        "layer 'ground' has shape (1000000000, 1000000000)",
    ),
    ("cut-short", "ground", npy(np.zeros((5, 6), np.uint8))[:-3], "layer 'ground' is cut short"),
    ("header-only", "ground", npy_header("|u1", (5, 6)), "layer 'ground' is cut short"),
    (
        "extra-data",
        "ground",
        npy(np.zeros((5, 6), np.uint8)) + b"\x00",
        "layer 'ground' has data after the array",
    ),
    ("missing", "softness", None, "layer 'softness': member 'layers/softness.npy' is missing"),
]


@pytest.mark.parametrize(
    ("layer", "data", "message"), [c[1:] for c in LAYER_CASES], ids=[c[0] for c in LAYER_CASES]
)
def test_bad_layers(layer: str, data: bytes | None, message: str) -> None:
    refuse(replace_member(f"layers/{layer}.npy", data), message)


# --- hostile archives ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "../evil.npy",
        "layers/../../evil.npy",
        "/abs/map.json",
        "a\\b",
        "C:/x",
        "c:x",
        "a//b",
        "./a",
        "nul\x00.npy",
    ],
)
def test_unsafe_member_names(name: str) -> None:
    placeholder = name.replace("\x00", "#")  # zipfile cuts names at NUL when writing: patch it in
    data = make_zip({**members_of(GOOD), placeholder: b"x"})
    data = data.replace(placeholder.encode(), name.encode())
    refuse(data, f"unsafe member name {name!r}")


def test_layer_path_cannot_leave_the_archive() -> None:
    outside = edit_json(_set("layers.elevation", "/etc/passwd"))
    refuse(outside, "layer 'elevation': member '/etc/passwd' is missing from the archive")
    members = {**members_of(GOOD), "../elevation.npy": members_of(GOOD)["layers/elevation.npy"]}
    doc = map_json()
    doc["layers"]["elevation"] = "../elevation.npy"
    members["map.json"] = json.dumps(doc).encode()
    refuse(make_zip(members), "unsafe member name '../elevation.npy'")


def test_duplicate_member() -> None:
    buffer = io.BytesIO()
    with pytest.warns(UserWarning, match="Duplicate name"), zipfile.ZipFile(buffer, "w") as zf:
        for name, body in [*members_of(GOOD).items(), ("map.json", b"{}")]:
            zf.writestr(name, body)
    refuse(buffer.getvalue(), "the archive holds 'map.json' twice")


def test_declared_huge_member_is_refused_before_reading() -> None:
    bomb = patch_central(GOOD, "layers/ground.npy", 24, "<I", 0xF000_0000)
    refuse(bomb, "the archive would unpack to 3840 MiB, more than the 512 MiB limit")


def test_declared_huge_map_json_is_refused() -> None:
    refuse(
        patch_central(GOOD, "map.json", 24, "<I", 20 * 2**20),
        "map.json is 20 MiB, more than the 16 MiB limit",
    )


def test_total_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapfile_checks, "MAX_TOTAL_BYTES", 1000)
    refuse(GOOD, "more than the 1000 bytes limit")


def test_member_count_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapfile_checks, "MAX_MEMBERS", 5)
    refuse(GOOD, "the archive holds 10 members, more than 5")


def test_encrypted_member() -> None:
    refuse(
        patch_central(GOOD, "images/ogre.png", 8, "<H", 0x1),
        "member 'images/ogre.png' is encrypted",
    )


def test_unsupported_compression_method() -> None:
    data = patch_central(GOOD, "images/ogre.png", 10, "<H", 99)
    refuse(
        data, "member 'images/ogre.png' cannot be read: That compression method is not supported"
    )


def test_corrupt_member_data() -> None:
    members = members_of(GOOD)
    members["images/ogre.png"] = b"z" * 500
    data = bytearray(make_zip(members))
    start = data.find(b"z" * 10)
    if start < 0:  # deflated: damage the compressed stream instead
        start = data.find(b"images/ogre.png") + len("images/ogre.png") + 2
    data[start : start + 4] = b"\xff\xff\xff\xff"
    refuse(bytes(data), "member 'images/ogre.png' cannot be read")


def test_extra_members_are_ignored() -> None:
    board = mapfile.loads(make_zip({**members_of(GOOD), "thumbnail.png": b"x", "docs/": b""}))
    assert board == make_v1.build_board()


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, len(GOOD) - 1), st.integers(0, 255)), min_size=1, max_size=4)
)
def test_corrupted_bytes_never_escape_as_other_errors(flips: list[tuple[int, int]]) -> None:
    data = bytearray(GOOD)
    for index, value in flips:
        data[index] = value
    with contextlib.suppress(MapFileError):
        mapfile.loads(bytes(data))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(members_of(GOOD))), st.data())
def test_corrupted_members_never_escape_as_other_errors(name: str, data: st.DataObject) -> None:
    body = bytearray(members_of(GOOD)[name])
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, min(len(body), 160) - 1))
        body[index] = data.draw(st.sampled_from([0, 0x22, 0x2C, 0x39, 0x5B, 0x7B, 0xFF, 0x80]))
    with contextlib.suppress(MapFileError):
        mapfile.loads(replace_member(name, bytes(body)))


# --- writing -----------------------------------------------------------------------------


def _with_field(token: Token, **fields: object) -> Token:
    """A token with fields set past its own validation, as a corrupted model would be."""
    for name, value in fields.items():
        object.__setattr__(token, name, value)
    return token


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda b: b._evolve(images={"../x.png": b"x"}),  # the model refuses it; dumps too
            "image name '../x.png' is not a plain file name",
        ),
        (
            lambda b: b._evolve(images={"a:b": b"x"}),
            "image name 'a:b' is not a plain file name",
        ),
        (
            lambda b: b.with_options({"x": [1]}),
            "option 'x' must be true/false, a number or a string",
        ),
        (lambda b: b.with_options({"x": float("nan")}), "option 'x' must be a finite number"),
        (lambda b: b.with_options({3: True}), "option name 3 must be a string"),
        (
            lambda b: b.with_token(Token("g", "Ghost", Hex(0, 0), image="ghost.png")),
            "token 'g' shows image 'ghost.png', not stored in the map",
        ),
        (
            lambda b: b._evolve(
                tokens={"n": _with_field(Token("n", "Nobody", Hex(0, 0)), notes=None)}
            ),
            "map.json: tokens[0].notes must be a string, not null",
        ),
        (lambda b: b.with_name(None), "the map name must be a string"),
    ],
)
def test_dumps_refuses_what_cannot_be_read_back(
    change: Callable[[Board], Board], message: str
) -> None:
    with pytest.raises(MapFileError, match=r"^cannot write map: ") as info:
        mapfile.dumps(change(Board.blank(3, 3)))
    assert message in str(info.value)


def test_new_file_permissions_follow_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        mapfile.save(Board.blank(2, 2), tmp_path / "m.hexmap")
    finally:
        os.umask(old)
    assert (tmp_path / "m.hexmap").stat().st_mode & 0o777 == 0o640


def test_existing_file_keeps_its_mode_and_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.hexmap"
    mapfile.save(Board.blank(2, 2), real)
    real.chmod(0o600)
    link = tmp_path / "link.hexmap"
    link.symlink_to(real)
    mapfile.save(Board.blank(3, 3), link)
    assert link.is_symlink()
    assert real.stat().st_mode & 0o777 == 0o600
    assert mapfile.load(link) == Board.blank(3, 3)


def _saved(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "keep.hexmap"
    mapfile.save(sample_board(), path)
    return path, path.read_bytes()


def _fail(*args: object, **kwargs: object) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("target", ["replace", "fsync", "chmod"])
def test_failed_save_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    path, before = _saved(tmp_path)
    monkeypatch.setattr(os, target, _fail)
    with pytest.raises(
        MapFileError, match=r"^could not save .*keep\.hexmap: No space left on device"
    ):
        mapfile.save(Board.blank(2, 2), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.hexmap"]


def test_interrupted_save_removes_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = _saved(tmp_path)

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        mapfile.save(Board.blank(2, 2), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.hexmap"]


def test_failed_encoding_touches_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = _saved(tmp_path)
    monkeypatch.setattr(np, "save", _fail)
    with pytest.raises(MapFileError, match="could not save"):
        mapfile.save(sample_board(), path)
    bad = Board.blank(2, 2)._evolve(images={"../x": b""})
    with pytest.raises(MapFileError, match=r"could not save .*: image name '../x'"):
        mapfile.save(bad, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.hexmap"]


def test_save_into_missing_directory_or_onto_a_directory(tmp_path: Path) -> None:
    with pytest.raises(MapFileError, match=r"could not save .*: No such file or directory"):
        mapfile.save(Board.blank(2, 2), tmp_path / "nowhere" / "m.hexmap")
    (tmp_path / "dir.hexmap").mkdir()
    with pytest.raises(MapFileError, match="could not save"):
        mapfile.save(Board.blank(2, 2), tmp_path / "dir.hexmap")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.hexmap"]


def test_load_errors_name_the_path(tmp_path: Path) -> None:
    with pytest.raises(MapFileError, match=r"cannot read .*none\.hexmap: could not open the file"):
        mapfile.load(tmp_path / "none.hexmap")
    (tmp_path / "empty.hexmap").write_bytes(b"")
    with pytest.raises(MapFileError, match="the file is empty"):
        mapfile.load(tmp_path / "empty.hexmap")
    with pytest.raises(MapFileError, match="could not open the file"):
        mapfile.load(tmp_path)


# --- the version-1 fixture and upgrades ---------------------------------------------------


def test_v1_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V1_FIXTURE)
    assert board == make_v1.build_board()
    assert board.width == 6 and board.height == 5 and board.orientation is Orientation.FLAT
    assert sorted(t.size for t in board.tokens.values()) == [0, 2, 4]
    assert board.images["ogre.png"].startswith(b"\x89PNG\r\n\x1a\n")
    assert board.options == {"crowding_by_bulk": True}


def test_v1_fixture_is_version_1() -> None:
    assert map_json(V1_FIXTURE.read_bytes())["version"] == 1


def test_upgrader_chain_runs_from_the_file_version(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
        seen.append(doc["version"])
        return {**doc, "fog_of_war": [], "name": doc["name"] + " (upgraded)"}

    monkeypatch.setattr(mapfile, "FORMAT_VERSION", 2)
    monkeypatch.setitem(mapfile.UPGRADERS, 1, v1_to_v2)
    board = mapfile.load(V1_FIXTURE)
    assert seen == [1]
    assert board == make_v1.build_board().with_name("Fixture v1: Mill ford (upgraded)")


def test_upgraders_apply_one_after_another(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def step(doc: dict[str, Any]) -> dict[str, Any]:
        seen.append(doc["version"])
        return doc

    monkeypatch.setattr(mapfile, "FORMAT_VERSION", 3)
    monkeypatch.setitem(mapfile.UPGRADERS, 1, step)
    monkeypatch.setitem(mapfile.UPGRADERS, 2, step)
    assert mapfile.loads(GOOD) == make_v1.build_board()
    assert seen == [1, 2]
    refuse(edit_json(_set("version", 4)), "(format version 4); this version reads up to 3")


def test_missing_or_failing_upgrader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapfile, "FORMAT_VERSION", 3)
    monkeypatch.setitem(mapfile.UPGRADERS, 1, lambda doc: doc)
    refuse(GOOD, "no upgrade from format version 2 to 3")

    def broken(doc: dict[str, Any]) -> dict[str, Any]:
        return {"moved": doc["no such field"]}

    monkeypatch.setitem(mapfile.UPGRADERS, 2, broken)
    refuse(GOOD, "could not upgrade from format version 2: 'no such field'")


def test_no_upgraders_yet() -> None:
    assert mapfile.UPGRADERS == {}


# --- check --------------------------------------------------------------------------------


def test_check_good_and_bad_files(tmp_path: Path) -> None:
    assert mapfile.check(V1_FIXTURE) == []
    bad = tmp_path / "bad.hexmap"
    bad.write_bytes(b"not a zip")
    assert mapfile.check(bad) == ["not a Hexweave map: the file is not a zip archive"]
    assert mapfile.check(tmp_path / "missing.hexmap")[0].startswith("could not open the file")
    assert mapfile.check(tmp_path) != []


def test_check_lists_every_layer_and_token_problem(tmp_path: Path) -> None:
    members = members_of(GOOD)
    members["layers/elevation.npy"] = npy(np.zeros((3, 4), np.int16))
    members["layers/concealment.npy"] = npy(np.full((5, 6), 13, np.uint8))
    doc = map_json()
    doc["tokens"][0]["q"] = 40
    doc["tokens"][2]["hidden"] = "yes"
    members["map.json"] = json.dumps(doc).encode()
    path = tmp_path / "many.hexmap"
    path.write_bytes(make_zip(members))
    problems = mapfile.check(path)
    assert len(problems) == 4
    assert "layer 'elevation' has shape (3, 4), expected (5, 6)" in problems[0]
    assert "layer 'concealment' holds values 13..13" in problems[1]
    assert "tokens[0]: token 'hero-1' is off the map" in problems[2]
    assert "tokens[2].hidden must be true or false" in problems[3]
    with pytest.raises(MapFileError, match="elevation"):
        mapfile.load(path)
