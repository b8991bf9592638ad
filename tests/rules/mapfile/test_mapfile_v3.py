"""Map format version 3: pinned Area templates (``areas``), the upgrade from version 2,
the version-3 fixture, and every broken ``areas`` entry refused with its exact message."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.visibility import player_board
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.mapfile.areas import AREA_FIELDS
from tests.rules.mapfile_helpers import (
    GOOD_V2,
    GOOD_V3,
    ID_RULE,
    V1_FIXTURE,
    V2_FIXTURE,
    V3_FIXTURE,
    drop,
    edit_json,
    forced,
    json_values,
    make_v2,
    make_v3,
    map_json,
    put,
    refuse_exactly,
    refuse_to_write,
    with_map_json,
)

# --- the version-3 fixture ----------------------------------------------------------------


def test_v3_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V3_FIXTURE)
    assert board == make_v3.build_board()
    assert map_json(GOOD_V3)["version"] == 3
    assert list(board.areas) == ["cone-1", "aura-1", "burst-1", "line-1", "self-1"]
    assert {a.kind for a in board.areas.values()} == set(AreaKind)
    cone, aura = board.areas["cone-1"], board.areas["aura-1"]
    assert (cone.caster, cone.source, cone.facing, cone.name) == (
        "mage-1",
        None,
        1,
        "Burning hands",
    )
    assert (aura.source, aura.caster, aura.origin) == ("knight-1", "knight-1", ())
    assert board.areas["burst-1"].exclude_caster and board.areas["burst-1"].physical


def test_v3_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v3.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    for module in (mapfile, mapfile.hexmap):  # the face re-exports it
        monkeypatch.setattr(module, "FORMAT_VERSION", 4)
    assert make_v3.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V3_FIXTURE.read_bytes() == GOOD_V3


def test_v3_map_json_layout() -> None:
    areas = map_json(GOOD_V3)["areas"]
    assert [list(a) for a in areas] == [list(AREA_FIELDS)] * 5
    assert areas[0] == {
        "id": "cone-1",
        "kind": "cone",
        "value": 3,
        "origin": [[2, 1]],
        "facing": 1,
        "source": None,
        "caster": "mage-1",
        "exclude_caster": False,
        "physical": False,
        "name": "Burning hands",
    }
    assert areas[1] == {
        "id": "aura-1",
        "kind": "aura",
        "value": 1,
        "origin": [],
        "facing": 0,
        "source": "knight-1",
        "caster": "knight-1",
        "exclude_caster": False,
        "physical": False,
        "name": "Shield of faith",
    }
    assert areas[2]["origin"] == [[5, 2], [6, 1]]


def test_players_view_drops_the_hidden_tokens_area_through_a_round_trip() -> None:
    seen = player_board(mapfile.load(V3_FIXTURE))
    assert list(seen.areas) == ["cone-1", "aura-1", "burst-1", "line-1"]
    assert mapfile.loads(mapfile.dumps(seen)) == seen


# --- upgrades -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [V1_FIXTURE, V2_FIXTURE], ids=["v1", "v2"])
def test_older_fixtures_upgrade_with_no_areas(path: Path) -> None:
    board = mapfile.load(path)
    assert dict(board.areas) == {}
    assert mapfile.loads(mapfile.dumps(board)) == board


def test_the_v2_upgrade_replaces_what_v2_ignored() -> None:
    doc = mapfile.UPGRADERS[2]({**map_json(GOOD_V2), "areas": "junk"})
    assert doc["areas"] == []
    assert mapfile.loads(edit_json(put("areas", {"x": 1}), GOOD_V2)) == make_v2.build_board()


def test_a_version_3_file_must_list_its_areas() -> None:
    broken = edit_json(drop("areas"), GOOD_V3)
    with pytest.raises(MapFileError, match=r"^cannot read map: map.json: areas is missing$"):
        mapfile.loads(broken)
    v2_as_v3 = edit_json(put("version", 3), GOOD_V2)  # a version-2 map.json claiming 3
    with pytest.raises(MapFileError, match=r"^cannot read map: map.json: areas is missing$"):
        mapfile.loads(v2_as_v3)


# --- round trips --------------------------------------------------------------------------


def _every_field(orientation: Orientation) -> Board:
    """A board with Areas using every kind, facing, both flags, names and token links."""
    board = Board.blank(8, 7, orientation, name="Every field")
    for token in (
        Token("caster", "Caster", board.hex_at(1, 1)),
        Token("big", "Big", board.hex_at(5, 4), size=3),
    ):
        board = board.with_token(token)
    kinds = list(AreaKind)
    for facing in range(12):
        kind = kinds[facing % 5]
        width = 1 if kind.directed else facing % 3 + 1  # a Line or Cone has one origin
        origin = tuple(board.hex_at(c, facing % 7) for c in range(width))
        board = board.with_area(
            AreaTemplate(
                f"a{facing}",
                kind,
                [0, 99, 7][facing % 3],
                origin,
                facing,
                source="big" if facing % 4 == 0 and not kind.directed else None,
                caster=[None, "caster", "big"][facing % 3],
                exclude_caster=facing % 2 == 0,
                physical=facing % 3 == 0,
                name=["", "Feuersturm — ☄", "x" * 300][facing % 3],
            )
        )
    return board.with_area(AreaTemplate("aura", AreaKind.AURA, 3, (), source="big"))


@pytest.mark.parametrize("orientation", list(Orientation))
def test_every_area_field_round_trips(orientation: Orientation) -> None:
    board = _every_field(orientation)
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded == board
    assert list(loaded.areas) == list(board.areas)
    for area_id, area in board.areas.items():
        back = loaded.areas[area_id]
        assert all(getattr(back, f) == getattr(area, f) for f in AREA_FIELDS), area_id
        assert type(back.kind) is AreaKind and type(back.origin) is tuple


def test_numpy_integers_in_an_area_are_written_as_json_integers() -> None:
    origin = (Hex(np.int64(1), np.int64(2)),)  # type: ignore[arg-type]
    board = Board.blank(4, 4).with_area(AreaTemplate("n", AreaKind.BURST, 1, origin))
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded.areas["n"].origin == (Hex(1, 2),)
    assert type(loaded.areas["n"].origin[0].q) is int


# --- strict reading of ``areas`` -------------------------------------------------------------

KINDS = "must be one of self, line, cone, burst, aura"
CONE, AURA = "areas[0]: area 'cone-1'", "areas[1]: area 'aura-1'"
GHOST = "token 'ghost', which is not on the map"
AREA_CASES = [
    ("missing", drop("areas"), "areas is missing"),
    ("not-a-list", put("areas", {}), "areas must be a list, not an object"),
    ("null", put("areas", None), "areas must be a list, not null"),
    ("item", put("areas.1", "aura"), "areas[1] must be an object"),
    ("item-list", put("areas.1", []), "areas[1] must be an object"),
    ("id-missing", drop("areas.0.id"), "areas[0].id is missing"),
    ("id-int", put("areas.0.id", 7), "areas[0].id must be a string, not an integer"),
    ("id-bad", put("areas.0.id", "bad id!"), f"areas[0]: area id 'bad id!' {ID_RULE}"),
    ("id-empty", put("areas.0.id", ""), f"areas[0]: area id '' {ID_RULE}"),
    ("id-newline", put("areas.0.id", "a\n"), f"areas[0]: area id 'a\\n' {ID_RULE}"),
    ("id-long", put("areas.0.id", "x" * 65), f"areas[0]: area id '{'x' * 65}' {ID_RULE}"),
    ("id-twice", put("areas.1.id", "cone-1"), "areas[1]: duplicate area id 'cone-1'"),
    ("kind", put("areas.2.kind", "square"), f"areas[2].kind {KINDS}, got 'square'"),
    ("kind-case", put("areas.2.kind", "Cone"), f"areas[2].kind {KINDS}, got 'Cone'"),
    ("kind-int", put("areas.2.kind", 3), f"areas[2].kind {KINDS}, got 3"),
    ("kind-null", put("areas.2.kind", None), f"areas[2].kind {KINDS}, got None"),
    ("kind-missing", drop("areas.2.kind"), "areas[2].kind is missing"),
    ("value-str", put("areas.0.value", "3"), "areas[0].value must be an integer, not a string"),
    ("value-bool", put("areas.0.value", True), "areas[0].value must be an integer, not true/false"),
    ("value-float", put("areas.0.value", 3.0), "areas[0].value must be an integer, not a number"),
    ("value-neg", put("areas.0.value", -1), f"{CONE}: value must be 0..99, got -1"),
    ("value-100", put("areas.0.value", 100), f"{CONE}: value must be 0..99, got 100"),
    ("value-huge", put("areas.0.value", 10**30), f"{CONE}: value must be 0..99, got {10**30}"),
    ("value-missing", drop("areas.0.value"), "areas[0].value is missing"),
    ("facing-12", put("areas.0.facing", 12), f"{CONE}: facing must be 0..11, got 12"),
    ("facing-neg", put("areas.0.facing", -1), f"{CONE}: facing must be 0..11, got -1"),
    ("facing-null", put("areas.0.facing", None), "areas[0].facing must be an integer, not null"),
    ("origin-missing", drop("areas.0.origin"), "areas[0].origin is missing"),
    ("origin-null", put("areas.0.origin", None), "areas[0].origin must be a list, not null"),
    (
        "origin-object",
        put("areas.0.origin", {"q": 2, "r": 1}),
        "areas[0].origin must be a list, not an object",
    ),
    (
        "origin-short",
        put("areas.0.origin", [[2]]),
        "areas[0].origin[0] must be [q, r], two integers",
    ),
    (
        "origin-long",
        put("areas.0.origin", [[2, 1, 0]]),
        "areas[0].origin[0] must be [q, r], two integers",
    ),
    (
        "origin-float",
        put("areas.2.origin", [[5, 2], [6, 1.5]]),
        "areas[2].origin[1] must be [q, r], two integers",
    ),
    (
        "origin-bool",
        put("areas.0.origin", [[True, 1]]),
        "areas[0].origin[0] must be [q, r], two integers",
    ),
    (
        "origin-dict",
        put("areas.0.origin", [{"q": 2, "r": 1}]),
        "areas[0].origin[0] must be [q, r], two integers",
    ),
    ("origin-off", put("areas.0.origin", [[99, 0]]), f"{CONE} is off the map at Hex(q=99, r=0)"),
    (
        "origin-part-off",
        put("areas.2.origin", [[5, 2], [-50, 3]]),
        "areas[2]: area 'burst-1' is off the map at Hex(q=-50, r=3)",
    ),
    (
        "origin-huge",
        put("areas.0.origin", [[10**30, 0]]),
        f"{CONE} is off the map at Hex(q={10**30}, r=0)",
    ),
    ("origin-empty", put("areas.0.origin", []), f"{CONE}: needs an origin hex or a source token"),
    (
        "source-int",
        put("areas.1.source", 5),
        "areas[1].source must be a string or null, not an integer",
    ),
    ("source-ghost", put("areas.1.source", "ghost"), f"{AURA} is attached to {GHOST}"),
    ("source-null", put("areas.1.source", None), f"{AURA}: needs an origin hex or a source token"),
    ("source-missing", drop("areas.1.source"), "areas[1].source is missing"),
    ("caster-ghost", put("areas.0.caster", "ghost"), f"{CONE} was made by {GHOST}"),
    (
        "caster-list",
        put("areas.0.caster", ["mage-1"]),
        "areas[0].caster must be a string or null, not a list",
    ),
    ("caster-missing", drop("areas.0.caster"), "areas[0].caster is missing"),
    (
        "exclude-str",
        put("areas.2.exclude_caster", "yes"),
        "areas[2].exclude_caster must be true or false, not a string",
    ),
    (
        "exclude-int",
        put("areas.2.exclude_caster", 1),
        "areas[2].exclude_caster must be true or false, not an integer",
    ),
    (
        "physical-null",
        put("areas.2.physical", None),
        "areas[2].physical must be true or false, not null",
    ),
    ("physical-missing", drop("areas.2.physical"), "areas[2].physical is missing"),
    ("name-int", put("areas.0.name", 5), "areas[0].name must be a string, not an integer"),
    ("name-null", put("areas.0.name", None), "areas[0].name must be a string, not null"),
    ("name-missing", drop("areas.0.name"), "areas[0].name is missing"),
]


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in AREA_CASES], ids=[c[0] for c in AREA_CASES]
)
def test_bad_areas_are_refused_with_their_exact_message(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    refuse_exactly(edit_json(edit, GOOD_V3), f"cannot read map: map.json: {message}")


_JSON = json_values(key_size=4)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4), st.sampled_from([*AREA_FIELDS, None]), _JSON)
def test_any_json_in_an_area_loads_or_is_refused_by_name(
    index: int, field: str | None, value: object
) -> None:
    def edit(doc: dict[str, Any]) -> None:
        if field is None:
            doc["areas"][index] = value
        else:
            doc["areas"][index][field] = value

    try:
        board = mapfile.loads(edit_json(edit, GOOD_V3))
    except MapFileError as exc:
        assert str(exc).startswith(f"cannot read map: map.json: areas[{index}]"), str(exc)
    else:
        assert mapfile.loads(mapfile.dumps(board)) == board


def test_check_lists_every_area_problem_without_blaming_areas_for_a_broken_token(
    tmp_path: Path,
) -> None:
    doc = map_json(GOOD_V3)
    doc["tokens"][0]["size"] = "small"  # mage-1, the caster of cone-1 and burst-1
    doc["areas"][1]["kind"] = "ring"
    doc["areas"][3]["origin"] = [[0, 50]]
    doc["areas"][4]["id"] = "cone-1"
    path = tmp_path / "areas.hexmap"
    path.write_bytes(with_map_json(doc, GOOD_V3))
    assert mapfile.check(path) == [
        "map.json: tokens[0].size must be an integer, not a string",
        f"map.json: areas[1].kind {KINDS}, got 'ring'",
        "map.json: areas[3]: area 'line-1' is off the map at Hex(q=0, r=50)",
        "map.json: areas[4]: duplicate area id 'cone-1'",
    ]


# --- saving refuses what would not read back -----------------------------------------------


def _board() -> Board:
    return Board.blank(3, 3).with_token(Token("t", "T", Hex(0, 0)))


BURST = AreaTemplate("b", AreaKind.BURST, 1, (Hex(1, 1),))
A0 = "map.json: areas[0]"
HALF = Hex(0.5, 0)  # type: ignore[arg-type]
WRITE_CASES = [
    (
        "off-map",
        {"b": replace(BURST, origin=(Hex(9, 9),))},
        f"{A0}: area 'b' is off the map at Hex(q=9, r=9)",
    ),
    ("filed", {"x": BURST}, "area 'b' is filed under the id 'x'"),
    ("bad-id", {"a b": forced(replace(BURST), id="a b")}, f"{A0}: area id 'a b' {ID_RULE}"),
    ("source", {"b": replace(BURST, source="ghost")}, f"{A0}: area 'b' is attached to {GHOST}"),
    ("caster", {"b": replace(BURST, caster="ghost")}, f"{A0}: area 'b' was made by {GHOST}"),
    ("kind", {"b": forced(replace(BURST), kind="blob")}, f"{A0}.kind {KINDS}, got 'blob'"),
    (
        "value",
        {"b": forced(replace(BURST), value=-4)},
        f"{A0}: area 'b': value must be 0..99, got -4",
    ),
    (
        "origin",
        {"b": forced(replace(BURST), origin=((1, 1),))},
        f"{A0}.origin[0] must be [q, r], two integers",
    ),
    (
        "half-hex",
        {"b": forced(replace(BURST), origin=(HALF,))},
        f"{A0}.origin[0] must be [q, r], two integers",
    ),
    (
        "flag",
        {"b": forced(replace(BURST), physical="yes")},
        f"{A0}.physical must be true or false, not a string",
    ),
    ("name", {"b": forced(replace(BURST), name=None)}, f"{A0}.name must be a string, not null"),
]


@pytest.mark.parametrize(
    ("areas", "message"), [c[1:] for c in WRITE_CASES], ids=[c[0] for c in WRITE_CASES]
)
def test_dumps_refuses_areas_that_would_not_read_back(
    areas: dict[str, AreaTemplate], message: str, tmp_path: Path
) -> None:
    refuse_to_write(_board()._evolve(areas=areas), message, tmp_path)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"id": "a b"}, "area id 'a b' must be 1-64 letters, digits, '_', '-' or '.'"),
        ({"id": "a\n"}, "area id 'a\\n' must be 1-64"),
        ({"name": None}, "area 'b': name must be text"),
        ({"source": 3}, "area 'b': source must be a token id or None"),
    ],
)
def test_templates_refuse_what_the_file_would_refuse(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        replace(BURST, **fields)  # type: ignore[arg-type]
