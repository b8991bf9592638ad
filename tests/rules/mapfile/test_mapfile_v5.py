"""Map format version 5: each token's ``motion`` (mode, altitude, pace, Amble, wings,
carried Bulk and Bulk Limit), the upgrade from version 4 (the ``"flying"`` condition
becomes the Fly mode), the version-5 fixture and round trips. Broken ``motion`` entries
are in test_mapfile_v5_hostile.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from rules import mapfile
from rules.battlefield.visibility import player_board
from rules.board.conditions import CONDITION_SPECS, ConditionEntry
from rules.board.grid import Board
from rules.board.motion import MAX_ALTITUDE, MAX_BULK, MODES, PACES, Motion
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.mapfile.motion import MOTION_FIELDS, MOTION_FIELDS_V5
from rules.mapfile.turn_state import TOKEN_PLAY_FIELDS
from tests.rules.mapfile_helpers import (
    GOOD_V4,
    GOOD_V5,
    V1_FIXTURE,
    V2_FIXTURE,
    V3_FIXTURE,
    V4_FIXTURE,
    V5_FIXTURE,
    drop,
    edit_json,
    forced,
    make_v4,
    make_v5,
    map_json,
    put,
    refuse_exactly,
)

# --- the version-5 fixture ----------------------------------------------------------------


def test_v5_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V5_FIXTURE)
    assert board == make_v5.build_board()
    assert map_json(GOOD_V5)["version"] == 5
    motions = {key: token.motion for key, token in board.tokens.items()}
    assert motions == {
        "wyvern": make_v5.WYVERN,
        "mole": make_v5.MOLE,
        "scout": make_v5.SCOUT,
        "climber": make_v5.CLIMBER,
    }
    wyvern = board.tokens["wyvern"]
    assert (wyvern.motion.mode, wyvern.motion.altitude, wyvern.motion.pace) == ("fly", 3, "dash")
    assert (wyvern.motion.bulk, wyvern.motion.bulk_limit) == (12.5, 10.0)
    assert (
        wyvern.motion.over_bulk_limit() == 1 and wyvern.motion.describe() == "flying 3 up, dashing"
    )
    assert wyvern.vitals.current == (("movement", 1),) and wyvern.moving  # 1 Movement left
    assert board.tokens["mole"].motion.mode == "burrow"
    scout = board.tokens["scout"]
    assert scout.conditions == (ConditionEntry("crouching", 1),) and scout.motion.amble
    assert scout.motion.bulk_limit is None
    assert board.tokens["climber"].motion == Motion("climb", 2, winged=False, bulk_limit=0.0)


def test_v5_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v5.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    monkeypatch.setattr(mapfile, "FORMAT_VERSION", 6)
    assert make_v5.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V5_FIXTURE.read_bytes() == GOOD_V5


def test_v5_map_json_layout() -> None:
    doc = map_json(GOOD_V5)
    wyvern = doc["tokens"][0]
    assert list(wyvern)[-5:] == [*TOKEN_PLAY_FIELDS, "motion"]
    assert list(wyvern["motion"]) == list(MOTION_FIELDS_V5)
    assert wyvern["motion"] == {
        "mode": "fly",
        "altitude": 3,
        "pace": "dash",
        "amble": False,
        "winged": True,
        "bulk": 12.5,
        "bulk_limit": 10.0,
        "spare": 1,
    }
    assert wyvern["movement_types"] == ["fly", "land"]
    assert doc["tokens"][2]["motion"]["bulk_limit"] is None
    assert doc["tokens"][3]["motion"]["bulk"] == 0.0  # Bulk is always written as a number
    assert all(type(t["motion"]["bulk"]) is float for t in doc["tokens"])


def test_players_see_how_tokens_move() -> None:
    seen = player_board(mapfile.load(V5_FIXTURE))
    assert seen.tokens["wyvern"].motion == make_v5.WYVERN
    assert mapfile.loads(mapfile.dumps(seen)) == seen


KNOWN = ", ".join(CONDITION_SPECS)

# --- upgrades -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [V1_FIXTURE, V2_FIXTURE, V3_FIXTURE, V4_FIXTURE], ids=["v1", "v2", "v3", "v4"]
)
def test_older_fixtures_upgrade_with_every_token_on_the_ground(path: Path) -> None:
    board = mapfile.load(path)  # the v4 fixture: still make_v4.build_board() (test_mapfile_v4)
    assert board.tokens and all(t.motion == Motion() for t in board.tokens.values())
    data = mapfile.dumps(board)
    assert mapfile.loads(data) == board
    assert all(t["motion"]["mode"] == "ground" for t in map_json(data)["tokens"])


def test_the_v4_upgrade_gives_every_token_the_default_motion() -> None:
    junk = map_json(GOOD_V4)
    junk["tokens"][0]["motion"] = "junk"
    doc = mapfile.UPGRADERS[4](junk)
    default = {
        "mode": "ground",
        "altitude": 0,
        "pace": "walk",
        "amble": False,
        "winged": True,
        "bulk": 0.0,
        "bulk_limit": None,
        "spare": 0,
    }
    assert [t["motion"] for t in doc["tokens"]] == [default] * 4
    assert doc["tokens"][0]["motion"] is not doc["tokens"][1]["motion"]
    assert doc["tokens"][0]["conditions"] == map_json(GOOD_V4)["tokens"][0]["conditions"]
    assert mapfile.loads(edit_json(put("tokens.0.motion", 7), GOOD_V4)) == make_v4.build_board()


def _flying(source: str = "", tier: int = 1) -> dict[str, Any]:
    """A version-4 ``"flying"`` condition entry."""
    return {"name": "flying", "tier": tier, "source": source}


def _add_condition(index: int, entry: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """An edit adding ``entry`` to the conditions of ``tokens[index]``."""

    def edit(doc: dict[str, Any]) -> None:
        doc["tokens"][index]["conditions"].append(entry)

    return edit


def test_a_flying_v4_token_flies_in_version_5() -> None:
    board = mapfile.loads(edit_json(_add_condition(1, _flying("Wings", 2)), GOOD_V4))
    ogre = board.tokens["ogre"]
    assert ogre.motion == Motion(mode="fly")
    assert ogre.movement_types == ("land", "swim", "fly")  # Fly added after the others
    assert ogre.conditions == (ConditionEntry("slowed", 3, "Hamper"),)  # the rest is kept
    expected = make_v4.build_board().token("ogre")
    assert ogre == replace(expected, motion=Motion(mode="fly"), movement_types=ogre.movement_types)
    others = {k: t for k, t in board.tokens.items() if k != "ogre"}
    assert others == {k: t for k, t in make_v4.build_board().tokens.items() if k != "ogre"}
    assert mapfile.loads(mapfile.dumps(board)) == board


def test_every_flying_entry_goes_and_a_flyer_keeps_its_movement_types() -> None:
    def edit(doc: dict[str, Any]) -> None:
        scout = doc["tokens"][2]
        scout["movement_types"] = ["fly", "land"]
        scout["conditions"] = [
            _flying(),
            _flying("Spell"),
            {"name": "prone", "tier": 1, "source": ""},
            _flying("Potion", 3),
        ]

    scout = mapfile.loads(edit_json(edit, GOOD_V4)).tokens["scout"]
    assert scout.motion.flying and scout.motion.altitude == 0
    assert scout.movement_types == ("fly", "land")
    assert scout.conditions == (ConditionEntry("prone", 1),)


def test_the_v4_upgrade_of_a_flyer_on_its_own() -> None:
    doc = map_json(GOOD_V4)
    doc["tokens"][3]["conditions"] = [_flying("Wings")]
    doc["tokens"][3]["movement_types"] = ["swim"]
    brom = mapfile.UPGRADERS[4](doc)["tokens"][3]
    assert brom["conditions"] == [] and brom["movement_types"] == ["swim", "fly"]
    assert brom["motion"]["mode"] == "fly" and brom["motion"]["altitude"] == 0
    assert doc["tokens"][3]["conditions"] == [_flying("Wings")]  # the input is not changed


def _flying_ogre(**fields: object) -> Callable[[dict[str, Any]], None]:
    """An edit giving the ogre a flying condition, and then ``fields`` set to its entry."""
    return _add_condition(1, {**_flying(), **fields})


def _then(*edits: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    """One edit making ``edits`` in turn."""

    def edit(doc: dict[str, Any]) -> None:
        for each in edits:
            each(doc)

    return edit


C1 = "map.json: tokens[1].conditions"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (put("tokens", 5), "map.json: tokens must be a list, not an integer"),
        (put("tokens.1", "ogre"), "map.json: tokens[1] must be an object"),
        (put("tokens.1.conditions", "flying"), f"{C1} must be a list, not a string"),
        (put("tokens.1.conditions.0", "flying"), f"{C1}[0] must be an object"),
        (drop("tokens.1.conditions"), f"{C1} is missing"),
        (
            _then(_flying_ogre(), put("tokens.1.movement_types", None)),
            "map.json: tokens[1].movement_types must be a list, not null",
        ),
        (
            _then(_flying_ogre(), put("tokens.1.movement_types", [3])),
            "map.json: tokens[1].movement_types[0] must be a string, not an integer",
        ),
        (
            _then(_flying_ogre(), put("tokens.1.movement_types", ["land", "hover"])),
            "map.json: tokens[1]: token 'ogre': movement types must be distinct, from land, swim, "
            "climb, fly, burrow, primary first; got ('land', 'hover', 'fly')",
        ),
        (_flying_ogre(tier="high"), f"{C1}[1].tier must be an integer, not a string"),
        (_flying_ogre(tier=True), f"{C1}[1].tier must be an integer, not true/false"),
        (_then(_flying_ogre(), drop("tokens.1.conditions.1.source")), f"{C1}[1].source is missing"),
        # A well-typed entry that version 4 refused stays, and version 5 knows no "flying".
        (_flying_ogre(tier=0), f"{C1}[1]: unknown condition 'flying'; known: {KNOWN}"),
        (_flying_ogre(source="a\nb"), f"{C1}[1]: unknown condition 'flying'; known: {KNOWN}"),
    ],
)
def test_the_v4_upgrade_leaves_damage_for_the_reader_to_name(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    refuse_exactly(edit_json(edit, GOOD_V4), f"cannot read map: {message}")


def test_a_flying_condition_in_a_version_5_file_is_an_unknown_condition() -> None:
    assert "flying" not in CONDITION_SPECS
    refuse_exactly(
        edit_json(put("tokens.0.conditions", [_flying("Wings")]), GOOD_V5),
        "cannot read map: map.json: tokens[0].conditions[0]: unknown condition 'flying'; "
        f"known: {KNOWN}",
    )
    with pytest.raises(ValueError, match="unknown condition 'flying'"):
        ConditionEntry("flying", 1)


def test_a_version_4_map_json_claiming_version_5_is_refused() -> None:
    refuse_exactly(
        edit_json(put("version", 5), GOOD_V4),
        "cannot read map: map.json: tokens[0].motion is missing",
    )


# --- round trips --------------------------------------------------------------------------


def _every_motion() -> Board:
    """A board whose tokens move in every mode at every pace, with and without Amble and
    wings, at the lowest and highest altitude, with Bulk and Bulk Limits at their ends."""
    board = Board.blank(12, 8, name="Every motion")
    bulks = [(0.0, None), (MAX_BULK, MAX_BULK), (12.5, 10.0), (0.125, 0.0), (3.0, 1e-9)]
    k = 0
    for mode in MODES:
        for pace in PACES:
            for amble in (False, True):
                bulk, limit = bulks[k % len(bulks)]
                motion = Motion(mode, MAX_ALTITUDE * (k % 2), pace, amble, not amble, bulk, limit)
                token = Token(
                    f"t{k}",
                    f"T{k}",
                    board.hex_at(k % 12, k // 12),
                    motion=motion,
                    movement_types=("land", "fly", "burrow"),
                )
                board = board.with_token(token)
                k += 1
    return board


def test_every_motion_field_round_trips() -> None:
    board = _every_motion()
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded == board
    for token_id, token in board.tokens.items():
        back = loaded.tokens[token_id].motion
        for name in MOTION_FIELDS:
            assert getattr(back, name) == getattr(token.motion, name), (token_id, name)
        assert type(back.altitude) is int and type(back.bulk) is float
        assert back.bulk_limit is None or type(back.bulk_limit) is float
    seen = {(t.motion.mode, t.motion.pace, t.motion.amble) for t in loaded.tokens.values()}
    assert len(seen) == len(MODES) * len(PACES) * 2


def test_whole_and_numpy_numbers_in_a_motion_are_written_as_json_numbers() -> None:
    motion = forced(
        Motion(bulk=3, bulk_limit=2.5), altitude=np.int64(4), bulk_limit=np.float32(2.5)
    )
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(0, 0), motion=motion))
    data = mapfile.dumps(board)
    assert map_json(data)["tokens"][0]["motion"] == {
        "mode": "ground",
        "altitude": 4,
        "pace": "walk",
        "amble": False,
        "winged": True,
        "bulk": 3.0,
        "bulk_limit": 2.5,
        "spare": 0,
        "spaces_in_a_row": 0,
        "dashed": False,
        "secondary_rounds": 0,
        "secondary_now": False,
    }
    back = mapfile.loads(data).tokens["t"].motion
    assert back == Motion(altitude=4, bulk=3.0, bulk_limit=2.5) and type(back.altitude) is int


def test_motion_round_trips_with_the_rest_of_the_play_state() -> None:
    token = Token(
        "t",
        "T",
        Hex(1, 1),
        movement_types=("land", "fly"),
        conditions=(ConditionEntry("crouching", 1),),
        vitals=Vitals(current=(("movement", 2),)),
        moving=True,
        motion=Motion(mode="fly", altitude=1, pace="run"),
    )
    board = Board.blank(3, 3).with_token(token)
    back = mapfile.loads(mapfile.dumps(board)).tokens["t"]
    assert back == token and back.vitals.current == (("movement", 2),)
