"""Map files that are broken or hostile: every one is a MapFileError naming the problem."""

from __future__ import annotations

import contextlib
import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.errors import MapFileError
from rules.mapfile import archive as mapfile_archive
from tests.rules.mapfile_helpers import (
    BROKEN,
    FIXTURE_FILES,
    GOOD,
    drop,
    edit_json,
    fixture_script,
    make_v1,
    make_zip,
    map_json,
    members_of,
    npy,
    npy_header,
    patch_central,
    put,
    refuse,
    replace_member,
)

make_broken = fixture_script("make_broken_fixtures")
BROKEN_FILES = sorted(BROKEN.glob("*.hexmap"))

# --- broken files -------------------------------------------------------------------------


JSON_CASES = [
    ("format-name", put("format", "tiled"), "not a Hexweave map: map.json format is 'tiled'"),
    ("no-format", drop("format"), "not a Hexweave map: map.json has no format name"),
    (
        "newer",
        put("version", 9),
        "a newer Hexweave (format version 9); this version reads up to 8 (it was written by",
    ),
    ("version-0", put("version", 0), "version must be a whole number from 1, got 0"),
    ("version-str", put("version", "1"), "version must be a whole number from 1, got '1'"),
    ("version-bool", put("version", True), "version must be a whole number from 1, got True"),
    ("version-float", put("version", 1.0), "version must be a whole number from 1, got 1.0"),
    ("no-version", drop("version"), "version must be a whole number from 1, got None"),
    (
        "width-str",
        put("grid.width", "40"),
        "map.json: grid.width must be an integer, not a str",
    ),
    ("width-0", put("grid.width", 0), "map.json: grid.width must be 1..2000, got 0"),
    ("width-neg", put("grid.width", -6), "map.json: grid.width must be 1..2000, got -6"),
    ("height-huge", put("grid.height", 10**9), "grid.height must be 1..2000, got 1000000000"),
    ("orientation", put("grid.orientation", "diagonal"), "grid.orientation must be 'pointy'"),
    ("hex-feet", put("grid.hex_feet", 10), "map.json: grid.hex_feet must be 5"),
    ("no-grid", drop("grid"), "map.json: grid is missing"),
    ("name-int", put("name", 5), "map.json: name must be a string, not an integer"),
    ("app-version", drop("app_version"), "map.json: app_version is missing"),
    ("turn", put("turn", {"round": 1}), "map.json: turn.order is missing"),
    ("turn-null", put("turn", None), "map.json: turn must be an object, not null"),
    (
        "q-float",
        put("tokens.0.q", 1.5),
        "map.json: tokens[0].q must be an integer, not a number",
    ),
    ("r-missing", drop("tokens.1.r"), "map.json: tokens[1].r is missing"),
    (
        "hidden-str",
        put("tokens.1.hidden", "yes"),
        "map.json: tokens[1].hidden must be true or false",
    ),
    (
        "hidden-int",
        put("tokens.1.hidden", 1),
        "map.json: tokens[1].hidden must be true or false",
    ),
    (
        "size-bool",
        put("tokens.2.size", True),
        "map.json: tokens[2].size must be an integer, not true/false",
    ),
    (
        "size-range",
        put("tokens.0.size", 99),
        "map.json: tokens[0]: token 'hero-1': size 99 is outside",
    ),
    (
        "kind",
        put("tokens.0.kind", "monster"),
        "map.json: tokens[0].kind must be 'creature' or 'object'",
    ),
    (
        "side",
        put("tokens.0.side", "villain"),
        "map.json: tokens[0]: token 'hero-1': side 'villain'",
    ),
    (
        "color",
        put("tokens.0.color", "red"),
        "map.json: tokens[0]: token 'hero-1': colour 'red'",
    ),
    ("id", put("tokens.0.id", "a b"), "map.json: tokens[0]: token id 'a b' must be"),
    (
        "token-name",
        put("tokens.0.name", "  "),
        "map.json: tokens[0]: token 'hero-1' needs a name",
    ),
    (
        "notes",
        put("tokens.0.notes", None),
        "map.json: tokens[0].notes must be a string, not null",
    ),
    (
        "image-type",
        put("tokens.0.image", 3),
        "map.json: tokens[0].image must be a string or null",
    ),
    ("token-type", put("tokens.0", [1]), "map.json: tokens[0] must be an object"),
    ("tokens-type", put("tokens", {}), "map.json: tokens must be a list, not an object"),
    (
        "footprint-type",
        put("tokens.2.footprint", "x"),
        "map.json: tokens[2].footprint must be a list",
    ),
    (
        "footprint-pair",
        put("tokens.2.footprint", [[0]]),
        "tokens[2].footprint[0] must be [dq, dr]",
    ),
    (
        "footprint-float",
        put("tokens.2.footprint", [[0, 0], [0.5, 1]]),
        "tokens[2].footprint[1] must be",
    ),
    (
        "footprint-anchor",
        put("tokens.2.footprint", [[1, 0]]),
        "footprint override must contain the anchor",
    ),
    (
        "missing-image",
        put("tokens.0.image", "ghost.png"),
        "tokens[0].image 'ghost.png' is not one of the map's images",
    ),
    (
        "duplicate-id",
        put("tokens.2.id", "hero-1"),
        "map.json: tokens[2]: duplicate token id 'hero-1'",
    ),
    (
        "off-map",
        put("tokens.0.q", 40),
        "map.json: tokens[0]: token 'hero-1' is off the map at Hex(q=40, r=0)",
    ),
    (
        "partly-off",
        put("tokens.1.q", 5),
        "map.json: tokens[1]: token 'ogre-1' is off the map at Hex(q=6, r=0)",
    ),
    (
        "option-list",
        put("options.x", [1]),
        "map.json: options: option 'x' must be true/false, a number or a string",
    ),
    ("options-type", put("options", []), "map.json: options must be an object, not a list"),
    (
        "layer-missing",
        drop("layers.elevation"),
        "map.json: layers is missing the 'elevation' layer",
    ),
    (
        "layer-unknown",
        put("layers.lava", "layers/lava.npy"),
        "map.json: layers names an unknown layer 'lava'",
    ),
    (
        "layer-member",
        put("layers.ground", "layers/nope.npy"),
        "layer 'ground': member 'layers/nope.npy' is missing",
    ),
    ("layer-path-type", put("layers.ground", 5), "layer 'ground': member 5 is missing"),
    (
        "image-unsafe",
        put("images", ["../ogre.png"]),
        "images[0]: image name '../ogre.png' is not a plain file name",
    ),
    ("images-entry-type", put("images", [7]), "images[0]: image name 7 must be a string"),
    ("image-twice", put("images", ["ogre.png", "ogre.png"]), "images lists 'ogre.png' twice"),
    (
        "image-member",
        put("images", ["ogre.png", "x.png"]),
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
    ("deep", b"[" * 100_000, "map.json nests lists and objects more than 32 deep"),
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
    outside = edit_json(put("layers.elevation", "/etc/passwd"))
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
    monkeypatch.setattr(mapfile_archive, "MAX_TOTAL_BYTES", 1000)
    refuse(GOOD, "more than the 1000 bytes limit")


def test_member_count_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapfile_archive, "MAX_MEMBERS", 5)
    refuse(GOOD, "the archive holds 11 members, more than 5")  # map.json, 9 layers, 1 image


def test_encrypted_member() -> None:
    refuse(
        patch_central(GOOD, "images/ogre.png", 8, "<H", 0x1),
        "member 'images/ogre.png' is encrypted",
    )


def test_unsupported_compression_method() -> None:
    data = patch_central(GOOD, "images/ogre.png", 10, "<H", 99)
    refuse(
        data,
        "member 'images/ogre.png' is compressed with AES encryption (method 99); "
        "only stored and deflate are read",
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


# --- the broken fixtures and ``hexweave check`` ----------------------------------------------


def test_the_broken_fixtures_are_what_their_script_makes() -> None:
    assert [p.stem for p in BROKEN_FILES] == sorted(make_broken.BROKEN)
    for path in BROKEN_FILES:
        make, _problem = make_broken.BROKEN[path.stem]
        assert path.read_bytes() == make(), path.name


@pytest.mark.parametrize("path", BROKEN_FILES, ids=[p.stem for p in BROKEN_FILES])
def test_check_names_the_problem_of_each_broken_fixture(path: Path) -> None:
    problem = make_broken.BROKEN[path.stem][1]
    problems = mapfile.check(path)
    assert len(problems) == 1 and problem in problems[0], problems
    with pytest.raises(MapFileError, match=r"^cannot read .*: ") as info:
        mapfile.load(path)
    assert problem in str(info.value)


@pytest.mark.parametrize("path", BROKEN_FILES, ids=[p.stem for p in BROKEN_FILES])
def test_hexweave_check_prints_the_problem_and_exits_1(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.main import main

    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}: {mapfile.check(path)[0]}\n"
    assert make_broken.BROKEN[path.stem][1] in err


def test_hexweave_check_passes_the_fixtures(capsys: pytest.CaptureFixture[str]) -> None:
    from app.main import main

    for path in FIXTURE_FILES:
        assert main(["check", str(path)]) == 0
        assert capsys.readouterr().out == "ok\n"
