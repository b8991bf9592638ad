"""Map files: round trips of every field (the current format), the archive's layout, and
check(). The format versions, random boards, saving and hostile files have their own
test_mapfile_*.py modules."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest

import rules
from rules import mapfile
from rules.board.grid import Board
from rules.board.terrain import LAYER_SPECS
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from tests.rules.mapfile_helpers import (
    GOOD,
    V1_FIXTURE,
    make_v1,
    make_zip,
    map_json,
    members_of,
    npy,
    replace_member,
    sample_board,
)

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
    assert doc["version"] == mapfile.FORMAT_VERSION == 8
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
    body = {k: doc["tokens"][0][k] for k in ("senses", "limbs", "gripping", "words")}
    assert body == {
        "senses": ["sight"],
        "limbs": 2,
        "gripping": 0,
        "words": {"per_round": 10, "spent": 0, "round": 0},
    }
    assert list(doc["tokens"][0])[15:19] == ["senses", "limbs", "gripping", "words"]
    play = {k: doc["tokens"][0][k] for k in ("conditions", "moving", "moved_this_turn")}
    assert play == {"conditions": [], "moving": False, "moved_this_turn": False}
    assert doc["tokens"][0]["motion"] == {
        "mode": "ground",
        "altitude": 0,
        "pace": "walk",
        "amble": False,
        "winged": True,
        "bulk": 0.0,
        "bulk_limit": None,
        "spare": 0,
        "spaces_in_a_row": 0,
        "dashed": False,
        "secondary_rounds": 0,
        "secondary_now": False,
    }
    assert list(doc["tokens"][0])[-1] == "motion"
    assert list(doc)[-4:] == ["effects", "dice", "holds", "rolls"]


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
    assert lines[:3] == ["{", '  "format": "hexmap",', '  "version": 8,']
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
