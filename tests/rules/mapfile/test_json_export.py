"""The plain JSON export (issue #18, ``hexweave export MAP -o OUT.json``): what it holds,
that it is plain JSON another tool can read without Hexweave, that it round-trips every
map (pictures aside) through :func:`board_from_json`, and that a hostile JSON is refused
with a message naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate, burst
from rules.board.annotations import Background, Label, Note
from rules.board.grid import Board
from rules.board.terrain import LAYER_SPECS, ConcealmentKind, GroundKind
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.mapfile import json_export
from rules.mapfile.json_export import (
    JSON_FORMAT,
    JSON_VERSION,
    board_from_json,
    export_json,
    json_text,
    layer_rows,
)
from rules.version import __version__
from tests.rules.mapfile_helpers import FIXTURE_FILES, make_v6, make_v8, sample_board

DEMO = Path(__file__).resolve().parents[3] / "assets" / "maps" / "demo.hexmap"
JsonDoc = dict[str, Any]


def rich_board(orientation: Orientation = Orientation.POINTY) -> Board:
    """``sample_board`` (every layer random, tokens of many sizes, a picture, options, three
    pinned Areas, effects, a turn order) with labels (a door among them), notes on a hex and
    on a token, a background, and the Holds and roll log of the version-6 fixture's."""
    board = sample_board(orientation)
    door = (board.hex_at(3, 3), board.hex_at(3, 4))
    board = board.with_terrain("blocked", door, True)
    for label in (
        Label("door-1", "Door", door[0], door=door),
        Label("ford", "Furt — ☄", board.hex_at(8, 0)),
        Label("trap", "Trap (GM)", board.hex_at(0, 6), gm_only=True),
    ):
        board = board.with_label(label)
    board = board.with_note(Note("n-hex", "Deep here.", hex=board.hex_at(5, 5), gm_only=False))
    board = board.with_note(Note("n-wolf", "Flees at half Health.", token_id="b"))
    board = board.with_background(Background("wolf.png", 12.5, 3.0, -4.25, 0.5))
    v6 = make_v6.build_board()
    ids = {"ogre": "d", "aria": "c"}
    holds = tuple(replace(h, holder=ids[h.holder], held=ids[h.held]) for h in v6.holds)
    return replace(board, holds=holds, rolls=v6.rolls, dice_seed=v6.dice_seed, dice_draws=3)


def without_pictures(board: Board) -> Board:
    """``board`` as the JSON reads it back: no pictures, tokens showing none, no background."""
    tokens = {key: replace(token, image=None) for key, token in board.tokens.items()}
    return replace(board, images={}, tokens=tokens, background=None)


BOARDS: dict[str, Callable[[], Board]] = {
    "demo": lambda: mapfile.load(DEMO),
    "rich-pointy": rich_board,
    "rich-flat": lambda: rich_board(Orientation.FLAT),
    **{path.stem: lambda path=path: mapfile.load(path) for path in FIXTURE_FILES},
}


def decoded(rows: list[str]) -> list[list[int]]:
    """Terrain rows read as README tells another tool to: split on commas, ``v*n`` is n vs."""
    cells: list[list[int]] = []
    for row in rows:
        values = []
        for item in row.split(","):
            value, _star, count = item.partition("*")
            values += [int(value)] * int(count or 1)
        cells.append(values)
    return cells


def plain_types(value: object) -> set[str]:
    """The Python types of every value and key in ``value``, a parsed JSON document."""
    found = {type(value).__name__}
    if isinstance(value, dict):
        found |= {type(k).__name__ for k in value}
        for item in value.values():
            found |= plain_types(item)
    elif isinstance(value, list):
        for item in value:
            found |= plain_types(item)
    return found


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("make", BOARDS.values(), ids=BOARDS.keys())
def test_the_json_round_trips_every_map_but_its_pictures(make: Callable[[], Board]) -> None:
    board = make()
    back = board_from_json(json_text(board))
    assert back == without_pictures(board)
    assert board_from_json(json_text(board).encode("utf-8")) == back
    assert json_text(back) == json_text(without_pictures(board))


@pytest.mark.parametrize("make", BOARDS.values(), ids=BOARDS.keys())
def test_the_json_is_plain_deterministic_utf8(make: Callable[[], Board]) -> None:
    board = make()
    text = json_text(board)
    assert text == json_text(board) == json_text(mapfile.loads(mapfile.dumps(board)))
    doc = json.loads(text.encode("utf-8"))
    assert doc == export_json(board)
    assert plain_types(doc) <= {"dict", "list", "str", "int", "float", "bool", "NoneType"}
    assert "NaN" not in text and "Infinity" not in text


@pytest.mark.parametrize("make", BOARDS.values(), ids=BOARDS.keys())
def test_every_layer_reads_back_as_another_tool_would(make: Callable[[], Board]) -> None:
    board = make()
    layers = export_json(board)["terrain"]["layers"]
    assert list(layers) == list(LAYER_SPECS)
    for name, spec in LAYER_SPECS.items():
        layer = layers[name]
        assert decoded(layer["rows"]) == board.layers[name].astype(int).tolist(), name
        assert (layer["minimum"], layer["maximum"]) == (spec.minimum, spec.maximum)
        assert layer["dtype"] == ("bool" if spec.dtype is np.bool_ else np.dtype(spec.dtype).name)
        assert layer["meaning"]


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(1, 12),
    height=st.integers(1, 12),
    orientation=st.sampled_from(Orientation),
    seed=st.integers(0, 2**32 - 1),
    runs=st.booleans(),
)
def test_random_terrain_round_trips(
    width: int, height: int, orientation: Orientation, seed: int, runs: bool
) -> None:
    rng = np.random.default_rng(seed)
    board = Board.blank(width, height, orientation)
    for name, spec in LAYER_SPECS.items():
        high = spec.minimum + 1 if runs else spec.maximum  # runs: few values, long runs
        values = rng.integers(spec.minimum, high + 1, size=(height, width))
        board = board.with_layer(name, values.astype(spec.dtype))
    doc = export_json(board)
    for name in LAYER_SPECS:
        rows = doc["terrain"]["layers"][name]["rows"]
        assert decoded(rows) == board.layers[name].astype(int).tolist()
    assert board_from_json(json_text(board)) == board


@pytest.mark.parametrize(
    ("cells", "rows"),
    [
        ([[0]], ["0"]),
        ([[0, 0, 0, 2]], ["0*3,2"]),
        ([[5, 1, 1, 1], [1, 1, 0, 0]], ["5,1*3", "1*2,0*2"]),  # runs stop at the row's end
        ([[-999, -999, 999]], ["-999*2,999"]),
        ([[True, False, False]], ["1,0*2"]),
    ],
)
def test_layer_rows(cells: list[list[int]], rows: list[str]) -> None:
    assert layer_rows(np.array(cells)) == rows
    assert decoded(rows) == np.array(cells).astype(int).tolist()


# --- what the JSON says ------------------------------------------------------------------


def test_the_header_grid_and_legends() -> None:
    board = rich_board(Orientation.FLAT)
    doc = export_json(board)
    assert (doc["format"], doc["version"]) == (JSON_FORMAT, JSON_VERSION) == ("hexweave-json", 1)
    assert doc["map_format_version"] == mapfile.FORMAT_VERSION
    assert doc["app_version"] == __version__
    assert doc["grid"] == {
        "width": 9,
        "height": 7,
        "orientation": "flat",
        "hex_feet": 5,
        "offset": "odd-q",
        "axial_of_cell": "q = col, r = row - (col - col % 2) / 2",
        "cell_of_axial": "col = q, row = r + (q - q % 2) / 2",
    }
    layers = doc["terrain"]["layers"]
    ground = {entry["code"]: entry["name"] for entry in layers["ground"]["legend"]}
    assert ground == {int(k): k.name.lower() for k in GroundKind}
    kinds = {entry["code"]: entry for entry in layers["concealment_kind"]["legend"]}
    assert kinds[2] == {
        "code": 2,
        "name": "noise",
        "label": "Noise (sound)",
        "senses": ["sound"],
        "world": True,
    }
    assert len(kinds) == len(ConcealmentKind)
    assert [k for k, v in layers.items() if "legend" in v] == ["ground", "concealment_kind"]


@pytest.mark.parametrize("orientation", Orientation)
def test_the_grid_formulas_give_each_cell_its_hex(orientation: Orientation) -> None:
    """Evaluate the written formulas (``/`` exact: the dividend is even) for every cell."""
    board = Board.blank(7, 6, orientation)
    grid = export_json(board)["grid"]
    to_hex, to_cell = grid["axial_of_cell"], grid["cell_of_axial"]
    for row in range(6):
        for col in range(7):
            h = board.hex_at(col, row)
            q, r = _formula(to_hex, {"col": col, "row": row})
            assert Hex(q, r) == h
            assert _formula(to_cell, {"q": h.q, "r": h.r}) == (col, row)


def _formula(text: str, names: dict[str, int]) -> tuple[int, int]:
    """``"a = …, b = …"`` evaluated with ``names``; exact division only."""
    values = []
    for part in text.split(", "):
        expression = part.split(" = ", 1)[1].replace("/", "//")
        values.append(eval(expression, {}, dict(names)))  # our own fixed strings
    return values[0], values[1]


def test_tokens_list_their_hexes_and_keep_their_picture_names() -> None:
    board = rich_board()
    doc = export_json(board)
    for entry, token in zip(doc["tokens"], board.tokens.values(), strict=True):
        assert entry["id"] == token.id
        assert entry["hexes"] == [[h.q, h.r] for h in sorted(token.footprint)]
    by_id = {entry["id"]: entry for entry in doc["tokens"]}
    assert len(by_id["d"]["hexes"]) == 4  # size 4: a diamond
    assert by_id["f"]["hexes"] == [[h.q, h.r] for h in sorted(board.token("f").footprint)]
    assert by_id["b"]["image"] == "wolf.png"
    assert doc["images"] == ["wolf.png", "handout.webp"]
    assert doc["background"] == {
        "image": "wolf.png",
        "hex_size": 12.5,
        "origin_x": 3.0,
        "origin_y": -4.25,
        "opacity": 0.5,
    }


def test_labels_carry_their_door_hexes() -> None:
    board = make_v8.build_board()
    labels = export_json(board)["labels"]
    assert labels[0] == {
        "id": "door-1",
        "text": "Door",
        "q": 2,
        "r": 1,
        "gm_only": False,
        "door": [[2, 1], [1, 2]],
    }
    assert [label["door"] for label in labels[1:]] == [[], []]
    back = board_from_json(json_text(board))
    assert back.labels["door-1"].door == make_v8.DOOR
    assert not back.with_door_opened("door-1").layer("blocked")[1, 2]


def _on_map(board: Board, hexes: frozenset[Hex]) -> list[list[int]]:
    return [[h.q, h.r] for h in sorted(h for h in hexes if board.contains(h))]


def test_areas_list_the_hexes_of_their_shape() -> None:
    board = rich_board()
    areas = {entry["id"]: entry for entry in export_json(board)["areas"]}
    cone, stomp = board.areas["cone-1"], board.areas["burst-1"]
    assert areas["cone-1"]["hexes"] == _on_map(board, cone.shape())
    horse = tuple(sorted(board.token("c").footprint))  # the Aura moves with its source
    assert areas["aura-1"]["hexes"] == _on_map(board, burst(horse, 2))
    assert areas["burst-1"]["hexes"] == _on_map(board, burst(stomp.origin, 1))
    assert areas["burst-1"]["origin"] == [[h.q, h.r] for h in stomp.origin]


@pytest.mark.parametrize(
    ("options", "covered"),
    [({}, 0), ({"legacy_areas": True}, 7)],  # a Burst with no origin: from its caster, legacy
)
def test_an_area_without_origin_follows_the_option_as_the_app_aims_it(
    options: dict[str, bool], covered: int
) -> None:
    board = Board.blank(6, 6).with_options(options).with_token(Token("m", "Mage", Hex(2, 2)))
    board = board.with_area(AreaTemplate("b-1", AreaKind.BURST, 1, (), caster="m"))
    self_area = AreaTemplate("s-1", AreaKind.SELF, 0, (), caster="m")
    doc = export_json(board.with_area(self_area))
    assert [len(entry["hexes"]) for entry in doc["areas"]] == [covered, 1]


def test_hexes_past_the_budget_are_null(monkeypatch: pytest.MonkeyPatch) -> None:
    board = rich_board()
    sizes = [len(t.footprint) for t in board.tokens.values()]
    monkeypatch.setattr(json_export, "MAX_EXPORTED_HEXES", sum(sizes[:3]))
    doc = export_json(board)
    listed = [entry["hexes"] is not None for entry in doc["tokens"] + doc["areas"]]
    assert listed[:3] == [True] * 3
    assert not any(listed[3:])
    assert board_from_json(json.dumps(doc)) == without_pictures(board)  # hexes are not read


def test_a_board_the_writer_refuses_is_not_exported() -> None:
    board = Board.blank(4, 4).with_token(Token("x", "Ghost", Hex(0, 0), image="ghost.png"))
    with pytest.raises(MapFileError) as caught:
        json_text(board)
    assert str(caught.value) == (
        "cannot export JSON: token 'x' shows image 'ghost.png', not stored in the map"
    )


def test_blank_boards_of_every_size_limit() -> None:
    for width, height in ((1, 1), (2000, 1), (1, 2000)):
        board = Board.blank(width, height)
        assert board_from_json(json_text(board)) == board


# --- hostile JSON ------------------------------------------------------------------------

GOOD = json_text(rich_board())


def _edited(edit: Callable[[JsonDoc], object]) -> str:
    doc = json.loads(GOOD)
    edit(doc)
    return json.dumps(doc)


def _set(path: str, value: object) -> Callable[[JsonDoc], None]:
    """An edit setting the value at ``path`` (``"grid.width"``, ``"tokens.0.size"``)."""

    def edit(doc: JsonDoc) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return edit


def _drop(path: str) -> Callable[[JsonDoc], None]:
    def edit(doc: JsonDoc) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for key in parents:
            target = target[key]
        del target[last]

    return edit


def _nested(depth: int) -> object:
    value: object = []
    for _ in range(depth - 1):
        value = [value]
    return value


ROWS = "terrain.layers.ground.rows"
HOSTILE_DOCS: list[tuple[Callable[[JsonDoc], object], str]] = [
    (
        _set("format", "hexmap"),
        "not a Hexweave JSON map: its format is 'hexmap', not 'hexweave-json'",
    ),
    (_drop("format"), "not a Hexweave JSON map: it has no format name"),
    (
        _set("format", [1] * 1000),
        "not a Hexweave JSON map: its format is a list, not 'hexweave-json'",
    ),
    (
        _set("version", 2),
        "this JSON was written by a newer Hexweave (JSON version 2); this version reads up to 1",
    ),
    (_set("version", True), "version must be a whole number from 1, got true"),
    (_set("version", "1"), "version must be a whole number from 1, got '1'"),
    (_drop("map_format_version"), "map_format_version must be a whole number from 1, got null"),
    (
        _set("map_format_version", 99),
        "its entries are of a newer map format (version 99); this version reads up to "
        f"{mapfile.FORMAT_VERSION}",
    ),
    (_drop("grid"), "grid is missing"),
    (_set("grid.width", "9"), "grid.width must be an integer, not a string"),
    (_set("grid.height", 0), "grid.height must be 1..2000, got 0"),
    (_set("grid.width", 2001), "grid.width must be 1..2000, got 2001"),
    (_set("grid.orientation", "round"), "grid.orientation must be 'pointy' or 'flat', got 'round'"),
    (_set("grid.hex_feet", 6), "grid.hex_feet must be 5"),
    (_drop("terrain"), "terrain is missing"),
    (_set("terrain", []), "terrain must be an object, not a list"),
    (_set("terrain.encoding", "plain"), "terrain.encoding must be 'runs', got 'plain'"),
    (_set("terrain.layers.lava", {"rows": []}), "terrain.layers names an unknown layer 'lava'"),
    (_drop("terrain.layers.fog"), "terrain.layers is missing the 'fog' layer"),
    (_drop("terrain.layers.fog.rows"), "terrain.layers.fog.rows is missing"),
    (_set(ROWS, ["0*9"] * 6), f"{ROWS} holds 6 rows, expected 7 (grid.height)"),
    (_set(f"{ROWS}.0", "0*8"), f"{ROWS}[0] holds 8 cells, expected 9 (grid.width)"),
    (_set(f"{ROWS}.0", "0*10"), f"{ROWS}[0] holds 10 cells, expected 9 (grid.width)"),
    (_set(f"{ROWS}.0", "0,0,0"), f"{ROWS}[0] holds 3 cells, expected 9 (grid.width)"),
    (_set(f"{ROWS}.0", "0*0,0*9"), f"{ROWS}[0] has a run of 0 cells"),
    (
        _set(f"{ROWS}.0", [0] * 9),
        f"{ROWS}[0] must be a string of comma-separated values, not a list",
    ),
    (_set(f"{ROWS}.0", None), f"{ROWS}[0] must be a string of comma-separated values, not null"),
    *[
        (
            _set(f"{ROWS}.0", row),
            f"{ROWS}[0] must be comma-separated whole numbers, each maybe 'value*count', "
            f"got {row!r}",
        )
        for row in ("0,,0*8", "", "1.5,0*8", "a*9", "0*9,", " 0*9", "0**9", "123456,0*8")
    ],
    (_set(f"{ROWS}.2", "0*4,10,0*4"), f"{ROWS}[2] holds 10 at column 4; ground is 0..9"),
    (
        _set("terrain.layers.elevation.rows.6", "-1000*9"),
        "terrain.layers.elevation.rows[6] holds -1000 at column 0; elevation is -999..999",
    ),
    (
        _set("terrain.layers.steep.rows.0", "0*8,2"),
        "terrain.layers.steep.rows[0] holds 2 at column 8; steep is 0..1",
    ),
    (_set("tokens.0.size", True), "tokens[0].size must be an integer, not true/false"),
    (_drop("tokens"), "tokens is missing"),
    (_set("tokens.1.q", 99), "tokens[1]: token 'b' is off the map at Hex(q=99, r=1)"),
    (_set("labels.0.door", "x"), "labels[0].door must be a list, not a string"),
    (
        _set("labels.0.door", [[40, 40]]),
        "labels[0]: label 'door-1' is off the map at Hex(q=40, r=40)",
    ),
    (_set("labels.0.door", [[1]]), "labels[0].door[0] must be [q, r], two integers"),
    (_set("notes.1.token_id", "ghost"), "notes[1]: note 'n-wolf' hangs on token 'ghost', which"),
    (_set("areas.0.kind", "ring"), "areas[0].kind must be one of self, line, cone, burst, aura"),
    (_set("options", []), "options must be an object, not a list"),
    (_set("name", 5), "name must be a string, not an integer"),
    (
        _set("tokens.0.notes", _nested(40)),
        "tokens[0].notes" + "[0]" * 29 + " nests lists and objects more than 32 deep",
    ),
    (_set("rolls.0.faces", [13]), "rolls[0].faces[0] must be 1..12, got 13"),
]


@pytest.mark.parametrize(("edit", "message"), HOSTILE_DOCS)
def test_hostile_json_is_refused_naming_the_field(
    edit: Callable[[JsonDoc], object], message: str
) -> None:
    with pytest.raises(MapFileError) as caught:
        board_from_json(_edited(edit))
    assert str(caught.value).startswith(f"cannot read JSON: {message}")


HOSTILE_TEXTS: list[tuple[str | bytes, str]] = [
    ("", "the JSON is empty"),
    ("  \n", "the JSON is empty"),
    (
        "{",
        "the JSON is not valid: Expecting property name enclosed in double quotes "
        "(line 1, column 2)",
    ),
    ("[1, 2]", "the JSON must hold an object"),
    ('"hexweave-json"', "the JSON must hold an object"),
    (
        '{"format": "hexweave-json", "format": "x"}',
        "the JSON is not valid: key 'format' appears twice in an object",
    ),
    ('{"format": NaN}', "the JSON is not valid: NaN is not a JSON number"),
    ('{"format": -Infinity}', "the JSON is not valid: -Infinity is not a JSON number"),
    ('{"format": 1e999}', "the JSON is not valid: the number 1e999 is too large"),
    ('{"format": ' + "1" * 5000 + "}", "the JSON is not valid: Exceeds the limit (4300 digits)"),
    ("[" * 100_000 + "]" * 100_000, "the JSON nests lists and objects too deep"),
    (b'{"format": "\xff"}', "the JSON is not UTF-8 text (invalid start byte at byte 12)"),
    (
        GOOD.replace('"name": "S', '"name": "\\ud800S', 1),
        "name is not valid text (a lone surrogate",
    ),
    (  # deep, but within what json parses: named by its path before map.json is built
        GOOD.replace('"options": {', '"options": {"x": ' + "[" * 600 + "]" * 600 + ", ", 1),
        "options.x" + "[0]" * 30 + " nests lists and objects more than 32 deep",
    ),
]


@pytest.mark.parametrize(("text", "message"), HOSTILE_TEXTS)
def test_hostile_text_is_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(MapFileError) as caught:
        board_from_json(text)
    assert str(caught.value).startswith(f"cannot read JSON: {message}")


def test_too_long_a_text_is_refused_before_it_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_export, "MAX_JSON_TEXT", 1000)
    for text, unit in (("{" + " " * 1000 + "}", "characters"), (b" " * 1001, "bytes")):
        with pytest.raises(MapFileError) as caught:
            board_from_json(text, source="big.json")
        assert str(caught.value) == (
            f"cannot read big.json: the JSON is 1,00{1 + (unit == 'characters')} {unit} long, "
            "more than the 1,000 allowed"
        )


def test_too_many_lists_are_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_export, "MAX_CONTAINERS", 50)
    with pytest.raises(MapFileError) as caught:
        board_from_json("[]" * 51)
    assert str(caught.value) == (
        "cannot read JSON: the JSON holds 51 lists and objects (counting every '[' and '{'), "
        "more than the 50 allowed"
    )


def test_the_writer_keeps_within_what_the_reader_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_export, "MAX_JSON_TEXT", 1000)
    with pytest.raises(MapFileError) as caught:
        json_text(Board.blank(3, 3))
    assert str(caught.value).startswith("cannot export JSON: the JSON is ")
    assert str(caught.value).endswith(" bytes long, more than the 1,000 allowed")


def test_the_bounds_cover_the_largest_export() -> None:
    """The widest values in every layer of a 2000 × 2000 map, in rows of no runs, and
    map.json's entries at their limit, fit :data:`MAX_JSON_TEXT`; the listed hexes and
    lists fit :data:`MAX_CONTAINERS`."""
    widest = {
        name: max(len(str(spec.minimum)), len(str(spec.maximum))) + 1
        for name, spec in LAYER_SPECS.items()
    }
    terrain = 2000 * 2000 * sum(widest.values())
    hexes = json_export.MAX_EXPORTED_HEXES * len("[-1000, 1999], ")
    assert terrain + hexes + 17 * 2**20 < json_export.MAX_JSON_TEXT
    lists = mapfile.checks.MAX_JSON_CONTAINERS + json_export.MAX_EXPORTED_HEXES
    assert lists + mapfile.checks.MAX_TOKENS + mapfile.checks.MAX_AREAS < json_export.MAX_CONTAINERS


def test_a_json_of_an_older_map_format_is_upgraded() -> None:
    """An entry list at an older ``map_format_version`` reads as map.json of that version
    would: version 7 labels have no ``door``."""
    doc = export_json(make_v8.build_board())
    doc["map_format_version"] = 7
    for label in doc["labels"]:
        del label["door"]
    back = board_from_json(json.dumps(doc))
    assert [label.door for label in back.labels.values()] == [(), (), ()]


def test_messages_name_the_source() -> None:
    with pytest.raises(MapFileError) as caught:
        board_from_json(_edited(_set("grid.width", "9")), source="out.json")
    assert str(caught.value) == "cannot read out.json: grid.width must be an integer, not a string"
    with pytest.raises(MapFileError) as caught:
        board_from_json(_edited(_set("tokens.0.size", True)), source="out.json")
    assert str(caught.value) == (
        "cannot read out.json: tokens[0].size must be an integer, not true/false"
    )


def test_the_map_files_limits_apply_to_the_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapfile.checks, "MAX_JSON_CONTAINERS", 10)
    with pytest.raises(MapFileError) as caught:
        board_from_json(GOOD)
    assert str(caught.value).startswith("cannot read JSON: the map.json built from it holds ")
    assert str(caught.value).endswith(
        " lists and objects (counting every '[' and '{'), more than the 10 allowed"
    )
