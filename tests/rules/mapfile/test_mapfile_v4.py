"""Map format version 4: the fog layer and play state (token conditions, vitals and
moving flags, ongoing ``effects``, the ``turn`` order), the upgrade from version 3, the
version-4 fixture and round trips. Broken play entries are in test_mapfile_v4_hostile.py."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from rules import mapfile
from rules.battlefield.visibility import player_board
from rules.board.conditions import CONDITION_SPECS, ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.mapfile.turn_state import (
    EFFECT_FIELDS,
    PARTICIPANT_FIELDS,
    TOKEN_PLAY_FIELDS,
    TURN_FIELDS,
    VITALS_FIELDS,
)
from rules.turns import Participant, TurnState
from tests.rules.mapfile_helpers import (
    GOOD_V3,
    GOOD_V4,
    V1_FIXTURE,
    V2_FIXTURE,
    V3_FIXTURE,
    V4_FIXTURE,
    drop,
    edit_json,
    make_v3,
    make_v4,
    map_json,
    members_of,
    put,
    refuse_exactly,
)

# --- the version-4 fixture ----------------------------------------------------------------


def test_v4_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V4_FIXTURE)
    assert board == make_v4.build_board()
    assert map_json(GOOD_V4)["version"] == 4
    aria = board.tokens["aria"]
    assert [(e.name, e.tier, e.source) for e in aria.conditions] == [
        ("encumbered", 2, "Hold"),
        ("encumbered", 1, "Load"),
        ("prone", 1, ""),
    ]
    assert aria.vitals == make_v4.ARIA and aria.moving and aria.moved_this_turn
    assert board.turn == make_v4.TURN and board.turn.order[1].waiting
    assert list(board.effects.values()) == list(make_v4.EFFECTS)
    assert board.effects["thorns"].area_id == "burst-1" and board.effects["storm"].creator is None
    fog = board.layer("fog")
    assert fog[:3, 5:].all() and fog.sum() == 9


def test_v4_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v4.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    monkeypatch.setattr(mapfile, "FORMAT_VERSION", 5)
    assert make_v4.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V4_FIXTURE.read_bytes() == GOOD_V4


def test_v4_map_json_layout() -> None:
    doc = map_json(GOOD_V4)
    assert doc["layers"]["fog"] == "layers/fog.npy" and "layers/fog.npy" in members_of(GOOD_V4)
    aria = doc["tokens"][0]
    assert list(aria)[-4:] == list(TOKEN_PLAY_FIELDS)
    assert aria["conditions"][0] == {"name": "encumbered", "tier": 2, "source": "Hold"}
    assert aria["vitals"] == {
        "stats": {"charisma": 2, "finesse": 1, "might": 3, "zeal": 2},
        "maximum": {"grit": 9},
        "current": {"grit": 4, "movement": 2},
        "severe_threshold": 6,
        "wounded": {"left arm": 1, "torso": 2},
        "bars_for_players": True,
    }
    assert list(aria["vitals"]) == list(VITALS_FIELDS)
    assert (aria["moving"], aria["moved_this_turn"]) == (True, True)
    assert list(doc["turn"]) == list(TURN_FIELDS)
    assert (doc["turn"]["round"], doc["turn"]["current"]) == (2, 2)
    assert doc["turn"]["order"][1] == {"token": "aria", "zeal": 11, "zeal_tier": 2, "waiting": True}
    assert [list(p) for p in doc["turn"]["order"]] == [list(PARTICIPANT_FIELDS)] * 3
    v4_fields = [f for f in EFFECT_FIELDS if f not in ("kind", "amount")]  # new in version 6
    assert [list(e) for e in doc["effects"]] == [v4_fields] * 3
    assert doc["effects"][1] == {
        "id": "storm",
        "name": "Howling storm",
        "creator": None,
        "rounds_left": None,
        "description": "The Soulweaver's weather: no creator.",
        "area_id": None,
        "target": None,
    }


def test_players_view_of_the_v4_fixture_round_trips() -> None:
    seen = player_board(mapfile.load(V4_FIXTURE))
    assert "scout" not in seen.tokens and "n-scout" not in seen.notes  # hidden, under fog
    aria = make_v4.ARIA  # her bars are shown to players: her Pools, not her stats or wounds
    shared = seen.tokens["aria"].vitals
    assert shared.current == aria.current and shared.bars_for_players
    assert not shared.stats and not shared.wounded and shared.severe_threshold is None
    assert all(not e.source for e in seen.tokens["aria"].conditions)  # the GM's free text
    assert seen.tokens["ogre"].vitals == Vitals()
    assert seen.turn == make_v4.TURN and list(seen.effects) == ["thorns", "storm", "mark"]
    assert mapfile.loads(mapfile.dumps(seen)) == seen


# --- upgrades -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [V1_FIXTURE, V2_FIXTURE, V3_FIXTURE], ids=["v1", "v2", "v3"])
def test_older_fixtures_upgrade_with_blank_fog_and_no_play_state(path: Path) -> None:
    board = mapfile.load(path)
    assert board.layer("fog").dtype == np.bool_ and not board.layer("fog").any()
    assert not board.layer("fog").flags.writeable
    assert dict(board.effects) == {} and board.turn == TurnState()
    for token in board.tokens.values():
        assert (token.conditions, token.vitals, token.moving, token.moved_this_turn) == (
            (),
            Vitals(),
            False,
            False,
        )
    data = mapfile.dumps(board)
    assert mapfile.loads(data) == board
    assert map_json(data)["layers"]["fog"] == "layers/fog.npy"  # saved with a fog member


def test_the_v3_upgrade_says_fog_is_blank_and_replaces_what_v3_ignored() -> None:
    junk = {**map_json(GOOD_V3), "effects": "junk", "turn": {"round": "x"}}
    junk["tokens"][0]["moving"] = "junk"
    doc = mapfile.UPGRADERS[3](junk)
    assert doc["layers"]["fog"] is None
    assert doc["effects"] == [] and doc["turn"] == {"round": 0, "current": 0, "order": []}
    assert {k: doc["tokens"][0][k] for k in TOKEN_PLAY_FIELDS} == {
        "conditions": [],
        "vitals": {
            "stats": {},
            "maximum": {},
            "current": {},
            "severe_threshold": None,
            "wounded": {},
            "bars_for_players": False,
        },
        "moving": False,
        "moved_this_turn": False,
    }
    assert doc["tokens"][0]["vitals"] is not doc["tokens"][1]["vitals"]
    ignored = edit_json(put("tokens.0.conditions", "junk"), GOOD_V3)
    assert mapfile.loads(edit_json(put("effects", 7), ignored)) == make_v3.build_board()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (put("layers", 5), "map.json: layers must be an object, not an integer"),
        (put("tokens", 5), "map.json: tokens must be a list, not an integer"),
        (put("tokens.1", "knight"), "map.json: tokens[1] must be an object"),
        (drop("layers.ground"), "map.json: layers is missing the 'ground' layer"),
    ],
)
def test_the_v3_upgrade_leaves_damage_for_the_reader_to_name(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    refuse_exactly(edit_json(edit, GOOD_V3), f"cannot read map: {message}")


def test_a_version_4_file_may_say_its_fog_is_blank() -> None:
    board = mapfile.loads(edit_json(put("layers.fog", None), GOOD_V4))
    blank = np.zeros((6, 8), dtype=bool)
    assert board == make_v4.build_board().with_layer("fog", blank)


def test_a_version_3_map_json_claiming_version_4_is_refused() -> None:
    refuse_exactly(
        edit_json(put("version", 4), GOOD_V3),
        "cannot read map: map.json: layers is missing the 'fog' layer",
    )


# --- round trips --------------------------------------------------------------------------


def _every_field() -> Board:
    """A board whose play state uses every condition, every vitals name, both flags,
    effects of every shape and a turn order on the Soulweaver's turn."""
    board = Board.blank(6, 5, name="Every play field")
    names = sorted(CONDITION_SPECS)
    for i in range(3):
        conditions = tuple(
            ConditionEntry(name, 1 + (k * 7 + i) % 99, ["", "Hold", "Zauber — ☄ " * 5][k % 3])
            for k, name in enumerate(names)
            if k % 3 == i
        )
        vitals = Vitals(
            stats=tuple((s, -999 + 500 * i) for s in ("might", "wit", "observe")),
            maximum=(("grit", 999), ("luck", 0)) if i else (),
            current=(("movement", -999 + i),),
            severe_threshold=[None, 0, -12][i],
            wounded=(("left leg", i), ("stomach", 999)),
            bars_for_players=i == 1,
        )
        board = board.with_token(
            Token(
                f"t{i}",
                f"T{i}",
                board.hex_at(i, i),
                conditions=conditions,
                vitals=vitals,
                moving=i > 0,
                moved_this_turn=i == 2,
            )
        )
    effects = [
        OngoingEffect("e0", "Ward ☄", rounds_left=24, description="x" * 500 + "\nline"),
        OngoingEffect("e1", "Mark", creator="t0", rounds_left=0, target="t2"),
        OngoingEffect("e.2", "Old", creator="t1", rounds_left=-3),
    ]
    order = (Participant("t2", -5, 0, True), Participant("t0", 99, 12), Participant("t1", 0))
    return board._evolve(
        effects={e.id: e for e in effects}, turn=TurnState(order, round=999, current=3)
    )


def test_every_play_field_round_trips() -> None:
    board = _every_field()
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded == board
    for token_id, token in board.tokens.items():
        back = loaded.tokens[token_id]
        assert all(getattr(back, f) == getattr(token, f) for f in TOKEN_PLAY_FIELDS), token_id
        assert type(back.conditions) is tuple
    assert list(loaded.effects.items()) == list(board.effects.items())
    assert loaded.turn == board.turn and type(loaded.turn.order) is tuple


def test_numpy_integers_in_the_turn_order_are_written_as_json_integers() -> None:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(0, 0)))
    turn = TurnState((Participant("t", np.int64(7), np.int8(2)),), np.int64(1), np.int64(1))  # type: ignore[arg-type]
    loaded = mapfile.loads(mapfile.dumps(board._evolve(turn=turn)))
    assert loaded.turn == TurnState((Participant("t", 7, 2),), 1, 1)
    assert type(loaded.turn.order[0].zeal) is int and type(loaded.turn.round) is int


def test_fog_round_trips_in_its_own_member() -> None:
    board = Board.blank(4, 3)
    board = board.with_terrain("fog", [board.hex_at(3, 0), board.hex_at(0, 2)], True)
    data = mapfile.dumps(board)
    assert mapfile.loads(data) == board
    fog = np.load(io.BytesIO(members_of(data)["layers/fog.npy"]), allow_pickle=False)
    assert fog.dtype == np.bool_ and fog.sum() == 2 and fog[0, 3] and fog[2, 0]
