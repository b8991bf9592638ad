"""Map files: round trips, saving safely and check().

Format version 2 (labels, notes, background, token stats, picture headers) is tested in
test_mapfile_v2.py, version 3 (pinned Areas) in test_mapfile_v3.py, version 4 (fog and
play state) in test_mapfile_v4.py, hostile files in test_mapfile_hostile.py and
test_mapfile_fuzz.py."""

from __future__ import annotations

import contextlib
import io
import json
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from mapfile_helpers import (
    GOOD,
    V1_FIXTURE,
    jpeg_header,
    make_v1,
    make_zip,
    map_json,
    members_of,
    npy,
    png_header,
    replace_member,
    sample_board,
    webp_header,
)

import rules
from rules import mapfile
from rules.annotations import Background, Label, Note
from rules.areas import AreaKind, AreaTemplate
from rules.board import Board
from rules.conditions import CONDITION_SPECS, ConditionEntry
from rules.effects import OngoingEffect
from rules.errors import MapFileError, OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.play import with_effect, with_turn
from rules.pools import BODY_PARTS, POOLS, SKILLS, Vitals
from rules.terrain import LAYER_SPECS
from rules.tokens import MOVEMENT_TYPES, SIDES, Token, TokenKind
from rules.turns import Participant, TurnState

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
    assert doc["version"] == mapfile.FORMAT_VERSION == 4
    assert doc["app_version"] == rules.__version__
    assert doc["grid"] == {"width": 9, "height": 7, "orientation": "flat", "hex_feet": 5}
    assert doc["layers"] == {name: f"layers/{name}.npy" for name in LAYER_SPECS}
    assert [t["id"] for t in doc["tokens"]] == list("abcdef")
    assert doc["tokens"][5]["footprint"] == [[0, 0], [1, 0], [2, 0]]
    assert doc["tokens"][0]["footprint"] is None and doc["tokens"][0]["image"] is None
    assert doc["images"] == ["wolf.png", "handout.webp"]
    assert doc["turn"]["round"] == 3 and len(doc["turn"]["order"]) == 4
    assert [e["id"] for e in doc["effects"]] == ["howl", "storm", "mark"]
    assert (doc["labels"], doc["notes"], doc["background"]) == ([], [], None)
    assert [a["id"] for a in doc["areas"]] == ["cone-1", "aura-1", "burst-1"]
    assert doc["areas"][2]["origin"] == [[7, 2], [8, 1]]  # cells (7, 5), (8, 5) of odd-q
    stats = {k: doc["tokens"][0][k] for k in ("reach", "movement_pool", "movement_types")}
    assert stats == {"reach": None, "movement_pool": 5, "movement_types": ["land", "swim"]}
    play = {k: doc["tokens"][0][k] for k in ("conditions", "moving", "moved_this_turn")}
    assert play == {"conditions": [], "moving": False, "moved_this_turn": False}
    assert list(doc)[-1] == "effects"


def test_archive_members_are_complete_and_pictures_stored_as_they_are() -> None:
    with zipfile.ZipFile(io.BytesIO(mapfile.dumps(sample_board()))) as zf:
        methods = {info.filename: info.compress_type for info in zf.infolist()}
    deflated = ["map.json", *(f"layers/{n}.npy" for n in LAYER_SPECS)]
    assert list(methods) == [*deflated, "images/wolf.png", "images/handout.webp"]
    assert {methods[name] for name in deflated} == {zipfile.ZIP_DEFLATED}
    assert methods["images/wolf.png"] == methods["images/handout.webp"] == zipfile.ZIP_STORED


def test_map_json_has_a_line_per_field_and_per_list_item() -> None:
    text = members_of(mapfile.dumps(sample_board()))["map.json"].decode()
    lines = text.splitlines()
    assert lines[:3] == ["{", '  "format": "hexmap",', '  "version": 4,']
    assert '  "tokens": [' in lines and '  "areas": [' in lines and lines[-1] == "}"
    assert '  "effects": [' in lines and sum(line.startswith('  "turn": {') for line in lines) == 1
    items = sum(line.startswith('    {"id": ') for line in lines)
    assert items == 6 + 3 + 3  # tokens, areas, effects
    assert json.loads(text) == map_json(mapfile.dumps(sample_board()))


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


_SIDE = st.integers(1, 5000)
_PICTURES = st.one_of(
    st.builds(png_header, _SIDE, _SIDE),
    st.builds(jpeg_header, _SIDE, _SIDE, sof=st.sampled_from([0xC0, 0xC1, 0xC2])),
    st.builds(webp_header, st.sampled_from(["VP8 ", "VP8L", "VP8X"]), _SIDE, _SIDE),
)
_STATS = st.fixed_dictionaries(
    {
        "reach": st.none() | st.integers(0, 99),
        "movement_pool": st.integers(0, 99),
        "movement_types": st.lists(st.sampled_from(MOVEMENT_TYPES), min_size=1, unique=True).map(
            tuple
        ),
    }
)


_SOURCES = st.sampled_from(["", "Hold", "Load"]) | st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0x2FFF), max_size=64
)
_CONDITIONS = st.lists(
    st.builds(ConditionEntry, st.sampled_from(sorted(CONDITION_SPECS)), st.integers(1, 99),
              _SOURCES),
    max_size=4,
    unique_by=lambda e: (e.name, e.source),
).map(tuple)  # fmt: skip


def _pairs(names: tuple[str, ...], low: int) -> st.SearchStrategy[tuple[tuple[str, int], ...]]:
    values = st.dictionaries(st.sampled_from(names), st.integers(low, 999), max_size=3)
    return values.map(lambda d: tuple(d.items()))


_VITALS = st.builds(
    Vitals, _pairs(SKILLS, -999), _pairs(POOLS, 0), _pairs(POOLS, -999),
    st.none() | st.integers(-(10**6), 10**6), _pairs(BODY_PARTS, 0), st.booleans(),
)  # fmt: skip
_PLAY = st.fixed_dictionaries(
    {
        "conditions": _CONDITIONS,
        "vitals": _VITALS,
        "moving": st.booleans(),
        "moved_this_turn": st.booleans(),
    }
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
    for name, data in draw(st.dictionaries(image_names, _PICTURES, max_size=3)).items():
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
            notes=draw(st.text(max_size=20)), **draw(_STATS), **draw(_PLAY),
        )  # fmt: skip
        with contextlib.suppress(OutOfBoundsError):
            board = board.with_token(token)
    return _played(draw, _pinned(draw, _annotated(draw, board)))


def _annotated(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with random labels, notes on hexes and tokens, and maybe a background."""
    cells = st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))
    for i in range(draw(st.integers(0, 3))):
        at = board.hex_at(*draw(cells))
        board = board.with_label(Label(f"l-{i}", draw(_NAMES), at, draw(st.booleans())))
    for i in range(draw(st.integers(0, 3))):
        text, gm_only = draw(_NAMES), draw(st.booleans())
        on_token = board.tokens and draw(st.booleans())
        if on_token:
            token_id = draw(st.sampled_from(sorted(board.tokens)))
            board = board.with_note(Note(f"n-{i}", text, token_id=token_id, gm_only=gm_only))
        else:
            at = board.hex_at(*draw(cells))
            board = board.with_note(Note(f"n-{i}", text, hex=at, gm_only=gm_only))
    if board.images and draw(st.booleans()):
        number = st.floats(-1e6, 1e6, allow_nan=False)
        background = Background(
            draw(st.sampled_from(sorted(board.images))), draw(st.floats(2.0, 10_000.0)),
            draw(number), draw(number), draw(st.floats(0.0, 1.0)),
        )  # fmt: skip
        board = board.with_background(background)
    return board


def _pinned(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with random Area templates of every field, some attached to tokens."""
    cells = st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))
    token_ids = st.sampled_from([None, *board.tokens])
    for i in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(list(AreaKind)))
        most = 1 if kind.directed else 3  # a Line or Cone has one origin space, no source
        origin = tuple(board.hex_at(*c) for c in draw(st.lists(cells, min_size=1, max_size=most)))
        source = None if kind.directed else draw(token_ids)
        area = AreaTemplate(
            f"a-{i}", kind, draw(st.integers(0, 99)), origin,
            draw(st.integers(0, 11)), source, draw(token_ids), draw(st.booleans()),
            draw(st.booleans()), draw(st.text(max_size=12)),
        )  # fmt: skip
        board = board.with_area(area)
    return board


def _played(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with random effects (naming its tokens and Areas, or not) and a random
    turn order of some of its tokens."""
    token_ids = st.sampled_from([None, *board.tokens])
    for i in range(draw(st.integers(0, 3))):
        effect = OngoingEffect(
            f"e-{i}", draw(_NAMES), draw(token_ids), draw(st.none() | st.integers(-5, 10**6)),
            draw(st.text(max_size=20)), draw(st.sampled_from([None, *board.areas])),
            draw(token_ids),
        )  # fmt: skip
        board = with_effect(board, effect)
    ids = draw(st.permutations(list(board.tokens)))[: draw(st.integers(0, len(board.tokens)))]
    order = tuple(
        Participant(token_id, draw(st.integers(-99, 99)), draw(st.integers(0, 12)),
                    draw(st.booleans()))
        for token_id in ids
    )  # fmt: skip
    turn = TurnState(order, draw(st.integers(0, 500)), draw(st.integers(0, len(order))))
    return with_turn(board, turn)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_random_boards_round_trip(board: Board) -> None:
    assert mapfile.loads(mapfile.dumps(board)) == board


# --- writing -----------------------------------------------------------------------------


T = TypeVar("T")


def _with_field(item: T, **fields: object) -> T:
    """``item`` with fields set past its own validation, as a corrupted model would be."""
    for name, value in fields.items():
        object.__setattr__(item, name, value)
    return item


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
            "map.json: tokens[0]: token 'n': notes must be text",
        ),
        (
            lambda b: b._evolve(
                tokens={"n": _with_field(Token("n", "N", Hex(0, 0)), movement_types=["land"])}
            ),
            "map.json: tokens[0]: token 'n': movement types must be distinct",
        ),
        (
            lambda b: b._evolve(
                tokens={"n": _with_field(Token("n", "N", Hex(0, 0)), position=Hex(0.5, 0))}  # type: ignore[arg-type]
            ),
            "token 'n': position and footprint must be hexes of integers",
        ),
        (
            lambda b: b._evolve(tokens={"n": _with_field(Token("n", "N", Hex(0, 0)), kind="x")}),
            "map.json: tokens[0]: kind is not a TokenKind",
        ),
        (lambda b: b.with_name(None), "the map name must be a string"),
        (
            lambda b: b.with_image("notes.txt", b"\x00\xff"),
            "image 'notes.txt' is not a PNG, JPEG or WebP picture",
        ),
        (
            lambda b: b.with_image("huge.png", png_header(20_000, 10)),
            "image 'huge.png' is 20000×10 pixels; the limit is 16384 pixels on a side",
        ),
        (
            lambda b: Board(3, 3, labels={"far": Label("far", "Far away", Hex(9, 9))}),
            "map.json: labels[0]: label 'far' is off the map at Hex(q=9, r=9)",
        ),
        (
            lambda b: b._evolve(labels={"x": Label("y", "Y", Hex(0, 0))}),
            "label 'y' is filed under the id 'x'",
        ),
        (
            lambda b: b._evolve(notes={"n": Note("n", "Who?", token_id="ghost")}),
            "map.json: notes[0]: note 'n' hangs on token 'ghost', which is not on the map",
        ),
        (
            lambda b: b._evolve(background=Background("map.png", 40.0)),
            "map.json: background.image 'map.png' is not one of the map's images",
        ),
        (
            lambda b: b.with_image("map.png", png_header(8, 8))._evolve(
                background=_with_field(Background("map.png", 40.0), opacity="half")
            ),
            "map.json: background.opacity must be a number, not a string",
        ),
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
