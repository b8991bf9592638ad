"""Map format version 4: the fog layer and play state (token conditions, vitals and
moving flags, ongoing ``effects``, the ``turn`` order), the upgrade from version 3, the
version-4 fixture, and every broken play entry refused with its exact message."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mapfile_helpers import (
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
    npy,
    put,
    replace_member,
)

from rules import mapfile
from rules.board import Board
from rules.conditions import CONDITION_SPECS, ConditionEntry
from rules.effects import OngoingEffect
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile_play import (
    EFFECT_FIELDS,
    PARTICIPANT_FIELDS,
    TOKEN_PLAY_FIELDS,
    TURN_FIELDS,
    VITALS_FIELDS,
)
from rules.pools import Vitals
from rules.tokens import Token
from rules.turns import Participant, TurnState
from rules.visibility import player_board

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
        "stats": {"charisma": 2, "finesse": 1, "might": 3, "zeal": 2}, "maximum": {"grit": 9},
        "current": {"grit": 4, "movement": 2}, "severe_threshold": 6,
        "wounded": {"left arm": 1, "torso": 2}, "bars_for_players": True,
    }  # fmt: skip
    assert list(aria["vitals"]) == list(VITALS_FIELDS)
    assert (aria["moving"], aria["moved_this_turn"]) == (True, True)
    assert list(doc["turn"]) == list(TURN_FIELDS)
    assert (doc["turn"]["round"], doc["turn"]["current"]) == (2, 2)
    assert doc["turn"]["order"][1] == {"token": "aria", "zeal": 11, "zeal_tier": 2, "waiting": True}
    assert [list(p) for p in doc["turn"]["order"]] == [list(PARTICIPANT_FIELDS)] * 3
    assert [list(e) for e in doc["effects"]] == [list(EFFECT_FIELDS)] * 3
    assert doc["effects"][1] == {
        "id": "storm", "name": "Howling storm", "creator": None, "rounds_left": None,
        "description": "The Soulweaver's weather: no creator.", "area_id": None, "target": None,
    }  # fmt: skip


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
        "vitals": {"stats": {}, "maximum": {}, "current": {}, "severe_threshold": None,
                   "wounded": {}, "bars_for_players": False},
        "moving": False,
        "moved_this_turn": False,
    }  # fmt: skip
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
    with pytest.raises(MapFileError) as info:
        mapfile.loads(edit_json(edit, GOOD_V3))
    assert str(info.value) == f"cannot read map: {message}"


def test_a_version_4_file_may_say_its_fog_is_blank() -> None:
    board = mapfile.loads(edit_json(put("layers.fog", None), GOOD_V4))
    blank = np.zeros((6, 8), dtype=bool)
    assert board == make_v4.build_board().with_layer("fog", blank)


def test_a_version_3_map_json_claiming_version_4_is_refused() -> None:
    with pytest.raises(MapFileError) as info:
        mapfile.loads(edit_json(put("version", 4), GOOD_V3))
    assert str(info.value) == "cannot read map: map.json: layers is missing the 'fog' layer"


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
            Token(f"t{i}", f"T{i}", board.hex_at(i, i), conditions=conditions, vitals=vitals,
                  moving=i > 0, moved_this_turn=i == 2)
        )  # fmt: skip
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


# --- strict reading -------------------------------------------------------------------------

KNOWN = ", ".join(CONDITION_SPECS)
SKILL_NAMES = "might, charisma, finesse, endure, zeal, magic, wit, observe"
POOL_NAMES = "grit, energy, resolve, minor_actions, movement, luck"
PARTS = "head, torso, stomach, left arm, right arm, left leg, right leg"
ID_RULE = "must be 1-64 letters, digits, '_', '-' or '.'"
GHOST = "'ghost', which is not on the map"
C0, V0 = "tokens[0].conditions", "tokens[0].vitals"
PLAY_CASES = [
    # token conditions
    ("conditions-missing", drop("tokens.0.conditions"), f"{C0} is missing"),
    ("conditions-null", put("tokens.0.conditions", None), f"{C0} must be a list, not null"),
    ("conditions-object", put("tokens.0.conditions", {}), f"{C0} must be a list, not an object"),
    ("condition-str", put("tokens.0.conditions.1", "prone"), f"{C0}[1] must be an object"),
    ("condition-name-missing", drop("tokens.0.conditions.0.name"), f"{C0}[0].name is missing"),
    ("condition-name-int", put("tokens.0.conditions.0.name", 3),
     f"{C0}[0].name must be a string, not an integer"),
    ("condition-unknown", put("tokens.0.conditions.0.name", "dizzy"),
     f"{C0}[0]: unknown condition 'dizzy'; known: {KNOWN}"),
    ("condition-case", put("tokens.0.conditions.2.name", "Prone"),
     f"{C0}[2]: unknown condition 'Prone'; known: {KNOWN}"),
    ("tier-missing", drop("tokens.0.conditions.0.tier"), f"{C0}[0].tier is missing"),
    ("tier-str", put("tokens.0.conditions.0.tier", "2"),
     f"{C0}[0].tier must be an integer, not a string"),
    ("tier-bool", put("tokens.0.conditions.0.tier", True),
     f"{C0}[0].tier must be an integer, not true/false"),
    ("tier-float", put("tokens.0.conditions.0.tier", 2.0),
     f"{C0}[0].tier must be an integer, not a number"),
    ("tier-0", put("tokens.0.conditions.0.tier", 0),
     f"{C0}[0]: encumbered: the Tier must be 1..99, got 0"),
    ("tier-100", put("tokens.0.conditions.2.tier", 100),
     f"{C0}[2]: prone: the Tier must be 1..99, got 100"),
    ("tier-huge", put("tokens.0.conditions.0.tier", 10**30),
     f"{C0}[0]: encumbered: the Tier must be 1..99, got {10**30}"),
    ("source-missing", drop("tokens.0.conditions.2.source"), f"{C0}[2].source is missing"),
    ("source-null", put("tokens.0.conditions.2.source", None),
     f"{C0}[2].source must be a string, not null"),
    ("source-long", put("tokens.0.conditions.0.source", "x" * 65),
     f"{C0}[0]: encumbered: the source must be up to 64 printable characters"),
    ("source-control", put("tokens.0.conditions.0.source", "a\nb"),
     f"{C0}[0]: encumbered: the source must be up to 64 printable characters"),
    ("condition-twice", put("tokens.0.conditions.1.source", "Hold"),
     f"{C0}[1]: condition 'encumbered' from source 'Hold' is listed twice"),
    # token vitals
    ("vitals-missing", drop("tokens.0.vitals"), f"{V0} is missing"),
    ("vitals-null", put("tokens.0.vitals", None), f"{V0} must be an object, not null"),
    ("vitals-list", put("tokens.0.vitals", []), f"{V0} must be an object, not a list"),
    ("stats-missing", drop("tokens.0.vitals.stats"), f"{V0}.stats is missing"),
    ("stats-list", put("tokens.0.vitals.stats", [["might", 3]]),
     f"{V0}.stats must be an object, not a list"),
    ("stats-unknown", put("tokens.0.vitals.stats.luck", 1),
     f"{V0}.stats names 'luck', which is not one of {SKILL_NAMES}"),
    ("stat-str", put("tokens.0.vitals.stats.might", "3"),
     f"{V0}.stats.might must be an integer, not a string"),
    ("stat-range", put("tokens.0.vitals.stats.might", 1000),
     f"{V0}: stats: might must be an integer -999..999, got 1000"),
    ("maximum-missing", drop("tokens.1.vitals.maximum"), "tokens[1].vitals.maximum is missing"),
    ("maximum-negative", put("tokens.0.vitals.maximum.grit", -1),
     f"{V0}: maximum: grit must be an integer 0..999, got -1"),
    ("maximum-unknown", put("tokens.0.vitals.maximum.health", 3),
     f"{V0}.maximum names 'health', which is not one of {POOL_NAMES}"),
    ("current-float", put("tokens.0.vitals.current.grit", 4.5),
     f"{V0}.current.grit must be an integer, not a number"),
    ("current-range", put("tokens.0.vitals.current.grit", -1000),
     f"{V0}: current: grit must be an integer -999..999, got -1000"),
    ("current-null", put("tokens.0.vitals.current", None),
     f"{V0}.current must be an object, not null"),
    ("wounded-part", put("tokens.0.vitals.wounded.tail", 1),
     f"{V0}.wounded names 'tail', which is not one of {PARTS}"),
    ("wounded-negative", put("tokens.0.vitals.wounded.torso", -2),
     f"{V0}: wounded: torso must be an integer 0..999, got -2"),
    ("wounded-bool", put("tokens.0.vitals.wounded.torso", True),
     f"{V0}.wounded.torso must be an integer, not true/false"),
    ("threshold-str", put("tokens.0.vitals.severe_threshold", "6"),
     f"{V0}.severe_threshold must be an integer, not a string"),
    ("threshold-missing", drop("tokens.0.vitals.severe_threshold"),
     f"{V0}.severe_threshold is missing"),
    ("bars-int", put("tokens.0.vitals.bars_for_players", 1),
     f"{V0}.bars_for_players must be true or false, not an integer"),
    ("bars-missing", drop("tokens.2.vitals.bars_for_players"),
     "tokens[2].vitals.bars_for_players is missing"),
    # token flags
    ("moving-str", put("tokens.0.moving", "yes"),
     "tokens[0].moving must be true or false, not a string"),
    ("moving-missing", drop("tokens.1.moving"), "tokens[1].moving is missing"),
    ("moved-null", put("tokens.0.moved_this_turn", None),
     "tokens[0].moved_this_turn must be true or false, not null"),
    # effects
    ("effects-missing", drop("effects"), "effects is missing"),
    ("effects-null", put("effects", None), "effects must be a list, not null"),
    ("effects-object", put("effects", {}), "effects must be a list, not an object"),
    ("effect-str", put("effects.1", "storm"), "effects[1] must be an object"),
    ("effect-id-missing", drop("effects.0.id"), "effects[0].id is missing"),
    ("effect-id-int", put("effects.0.id", 3), "effects[0].id must be a string, not an integer"),
    ("effect-id-bad", put("effects.0.id", "a b"), f"effects[0]: effect id 'a b' {ID_RULE}"),
    ("effect-id-long", put("effects.0.id", "e" * 65),
     f"effects[0]: effect id '{'e' * 65}' {ID_RULE}"),
    ("effect-id-twice", put("effects.1.id", "thorns"), "effects[1]: duplicate effect id 'thorns'"),
    ("effect-name-blank", put("effects.0.name", "  "), "effects[0]: effect 'thorns' needs a name"),
    ("effect-name-null", put("effects.0.name", None), "effects[0].name must be a string, not null"),
    ("creator-int", put("effects.0.creator", 5),
     "effects[0].creator must be a string or null, not an integer"),
    ("creator-ghost", put("effects.0.creator", "ghost"),
     f"effects[0]: effect 'thorns' was made by token {GHOST}"),
    ("creator-missing", drop("effects.1.creator"), "effects[1].creator is missing"),
    ("target-ghost", put("effects.2.target", "ghost"),
     f"effects[2]: effect 'mark' is on token {GHOST}"),
    ("target-list", put("effects.2.target", ["aria"]),
     "effects[2].target must be a string or null, not a list"),
    ("target-missing", drop("effects.2.target"), "effects[2].target is missing"),
    ("area-ghost", put("effects.0.area_id", "ghost"),
     f"effects[0]: effect 'thorns' keeps area {GHOST}"),
    ("area-int", put("effects.0.area_id", 1),
     "effects[0].area_id must be a string or null, not an integer"),
    ("area-missing", drop("effects.0.area_id"), "effects[0].area_id is missing"),
    ("rounds-str", put("effects.0.rounds_left", "3"),
     "effects[0].rounds_left must be an integer, not a string"),
    ("rounds-float", put("effects.0.rounds_left", 3.0),
     "effects[0].rounds_left must be an integer, not a number"),
    ("rounds-bool", put("effects.0.rounds_left", True),
     "effects[0].rounds_left must be an integer, not true/false"),
    ("rounds-missing", drop("effects.1.rounds_left"), "effects[1].rounds_left is missing"),
    ("description-null", put("effects.0.description", None),
     "effects[0].description must be a string, not null"),
    ("description-missing", drop("effects.2.description"), "effects[2].description is missing"),
    # the turn order
    ("turn-missing", drop("turn"), "turn is missing"),
    ("turn-null", put("turn", None), "turn must be an object, not null"),
    ("turn-list", put("turn", []), "turn must be an object, not a list"),
    ("order-missing", drop("turn.order"), "turn.order is missing"),
    ("order-object", put("turn.order", {}), "turn.order must be a list, not an object"),
    ("round-missing", drop("turn.round"), "turn.round is missing"),
    ("round-negative", put("turn.round", -1), "turn.round must be 0 or more, got -1"),
    ("round-float", put("turn.round", 2.0), "turn.round must be an integer, not a number"),
    ("current-missing", drop("turn.current"), "turn.current is missing"),
    ("current-past-the-soulweaver", put("turn.current", 4),
     "turn.current must be 0..3 (3: the Soulweaver's turn), got 4"),
    ("current-negative", put("turn.current", -1),
     "turn.current must be 0..3 (3: the Soulweaver's turn), got -1"),
    ("current-bool", put("turn.current", True),
     "turn.current must be an integer, not true/false"),
    ("participant-str", put("turn.order.0", "ogre"), "turn.order[0] must be an object"),
    ("participant-token-missing", drop("turn.order.0.token"), "turn.order[0].token is missing"),
    ("participant-token-int", put("turn.order.0.token", 1),
     "turn.order[0].token must be a string, not an integer"),
    ("participant-ghost", put("turn.order.1.token", "ghost"),
     "turn.order[1]: token 'ghost' is not on the map"),
    ("participant-twice", put("turn.order.2.token", "ogre"),
     "turn.order[2]: token 'ogre' is in the turn order twice"),
    ("zeal-str", put("turn.order.0.zeal", "14"),
     "turn.order[0].zeal must be an integer, not a string"),
    ("zeal-missing", drop("turn.order.0.zeal"), "turn.order[0].zeal is missing"),
    ("zeal-tier-null", put("turn.order.0.zeal_tier", None),
     "turn.order[0].zeal_tier must be an integer, not null"),
    ("waiting-int", put("turn.order.1.waiting", 1),
     "turn.order[1].waiting must be true or false, not an integer"),
    ("waiting-missing", drop("turn.order.2.waiting"), "turn.order[2].waiting is missing"),
    # the fog layer
    ("fog-missing", drop("layers.fog"), "layers is missing the 'fog' layer"),
    ("ground-null", put("layers.ground", None),
     "layers.ground must name a member; only 'fog' may be null"),
    ("softness-null", put("layers.softness", None),
     "layers.softness must name a member; only 'fog' may be null"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in PLAY_CASES], ids=[c[0] for c in PLAY_CASES]
)
def test_bad_play_entries_are_refused_with_their_exact_message(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(MapFileError) as info:
        mapfile.loads(edit_json(edit, GOOD_V4))
    assert str(info.value) == f"cannot read map: map.json: {message}"


FOG_CASES = [
    ("member-missing", put("layers.fog", "layers/nope.npy"), None,
     "layer 'fog': member 'layers/nope.npy' is missing from the archive"),
    ("member-type", put("layers.fog", 5), None,
     "layer 'fog': member 5 is missing from the archive"),
    ("values", None, npy(np.full((6, 8), 2, np.uint8).view(np.bool_)),
     "layer 'fog' holds values other than true/false"),
    ("dtype", None, npy(np.zeros((6, 8), np.uint8)), "layer 'fog' has dtype uint8, expected bool"),
    ("shape", None, npy(np.zeros((8, 6), bool)), "layer 'fog' has shape (8, 6), expected (6, 8)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("edit", "member", "message"), [c[1:] for c in FOG_CASES], ids=[c[0] for c in FOG_CASES]
)
def test_bad_fog_layers_are_refused_with_their_exact_message(
    edit: Callable[[dict[str, Any]], None] | None, member: bytes | None, message: str
) -> None:
    data = GOOD_V4 if edit is None else edit_json(edit, GOOD_V4)
    if member is not None:
        data = replace_member("layers/fog.npy", member, data)
    with pytest.raises(MapFileError) as info:
        mapfile.loads(data)
    assert str(info.value) == f"cannot read map: {message}"


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["aria", "ogre", "burst-1", "thorns", "encumbered", "might", "torso"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
PLAY_PATHS = [
    *(f"tokens.{i}.{f}" for i in range(4) for f in TOKEN_PLAY_FIELDS),
    *(f"tokens.0.conditions.{k}.{f}" for k in range(3) for f in ("name", "tier", "source")),
    *(f"tokens.0.vitals.{f}" for f in VITALS_FIELDS),
    "tokens.0.vitals.stats.might", "tokens.0.vitals.wounded.torso",
    "tokens.0.conditions.0", "effects", "turn",
    *(f"effects.{i}" for i in range(3)),
    *(f"effects.{i}.{f}" for i in range(3) for f in EFFECT_FIELDS),
    *(f"turn.{f}" for f in TURN_FIELDS),
    *(f"turn.order.{k}.{f}" for k in range(3) for f in PARTICIPANT_FIELDS),
]  # fmt: skip


def _named(path: str) -> str:
    """How a message names the entry at ``path``: ``tokens[0]``, ``effects[2]``, ``turn``."""
    parts = path.split(".")
    if parts[0] == "turn" or len(parts) == 1:
        return parts[0]
    return f"{parts[0]}[{parts[1]}]"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PLAY_PATHS), _JSON)
def test_any_json_in_the_play_state_loads_or_is_refused_by_name(path: str, value: object) -> None:
    try:
        board = mapfile.loads(edit_json(put(path, value), GOOD_V4))
    except MapFileError as exc:
        assert str(exc).startswith(f"cannot read map: map.json: {_named(path)}"), str(exc)
    else:
        assert mapfile.loads(mapfile.dumps(board)) == board


def test_check_lists_every_play_problem_without_blaming_links_to_what_is_broken(
    tmp_path: Path,
) -> None:
    doc = map_json(GOOD_V4)
    doc["tokens"][0]["size"] = "small"  # aria: the creator of thorns, target of mark, in turn
    doc["tokens"][1]["vitals"]["stats"]["might"] = "x"  # ogre: creator of mark, in turn
    doc["areas"][0]["kind"] = "ring"  # burst-1, which thorns keeps
    doc["effects"][1]["name"] = ""
    doc["turn"]["round"] = -1
    path = tmp_path / "play.hexmap"
    fog = npy(np.full((6, 8), 3, np.uint8).view(np.bool_))
    members = replace_member("map.json", json.dumps(doc).encode(), GOOD_V4)
    path.write_bytes(replace_member("layers/fog.npy", fog, members))
    assert mapfile.check(path) == [
        "layer 'fog' holds values other than true/false",
        "map.json: tokens[0].size must be an integer, not a string",
        "map.json: tokens[1].vitals.stats.might must be an integer, not a string",
        "map.json: areas[0].kind must be one of self, line, cone, burst, aura, got 'ring'",
        "map.json: effects[1]: effect 'storm' needs a name",
        "map.json: turn.round must be 0 or more, got -1",
    ]


# --- saving refuses what would not read back -----------------------------------------------

T = TypeVar("T")


def _forced(item: T, **fields: object) -> T:
    """``item`` with fields set past its own validation, as a corrupted model would be."""
    for name, value in fields.items():
        object.__setattr__(item, name, value)
    return item


def _board() -> Board:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(0, 0)))
    return board.with_token(Token("u", "U", Hex(1, 1)))


def _token(**fields: object) -> Callable[[Board], Board]:
    return lambda b: b._evolve(
        tokens={**b.tokens, "t": _forced(Token("t", "T", Hex(0, 0)), **fields)}
    )


def _effects(*effects: OngoingEffect, key: str | None = None) -> Callable[[Board], Board]:
    return lambda b: b._evolve(effects={key or e.id: e for e in effects})


def _turn(*order: Participant, round_: int = 1, current: int = 0) -> Callable[[Board], Board]:
    return lambda b: b._evolve(turn=TurnState(order, round_, current))


E0, ON_T = "map.json: effects[0]", "map.json: tokens[0]"
WRITE_CASES = [
    ("condition-tier", _token(conditions=(_forced(ConditionEntry("prone", 1), tier=0),)),
     f"{ON_T}.conditions[0]: prone: the Tier must be 1..99, got 0"),
    ("condition-name", _token(conditions=(_forced(ConditionEntry("prone", 1), name="dizzy"),)),
     f"{ON_T}.conditions[0]: unknown condition 'dizzy'; known: {KNOWN}"),
    ("condition-twice", _token(conditions=(ConditionEntry("prone", 1),) * 2),
     f"{ON_T}: token 't': a condition is listed twice from the same source"),
    ("conditions-list", _token(conditions=[ConditionEntry("prone", 1)]),
     f"{ON_T}: token 't': conditions must be a tuple of ConditionEntry"),
    ("vitals-none", _token(vitals=None), f"{ON_T}: token 't': vitals must be a Vitals"),
    ("vitals-name", _token(vitals=_forced(Vitals(), stats=(("luck", 1),))),
     f"{ON_T}.vitals: stats: ('luck', 1) is not a distinct (name, value) of {SKILL_NAMES}"),
    ("vitals-table", _token(vitals=_forced(Vitals(), wounded=5)),
     f"{ON_T}.vitals: wounded must be a tuple of (name, value) pairs"),
    ("vitals-threshold", _token(vitals=_forced(Vitals(), severe_threshold="6")),
     f"{ON_T}.vitals: the Severe Threshold must be an integer or unset, got '6'"),
    ("moving", _token(moving="yes"), f"{ON_T}: token 't': the moving flags must be true or false"),
    ("filed", _effects(OngoingEffect("e", "E"), key="x"), "effect 'e' is filed under the id 'x'"),
    ("creator", _effects(OngoingEffect("e", "E", creator="ghost")),
     f"{E0}: effect 'e' was made by token {GHOST}"),
    ("target", _effects(OngoingEffect("e", "E", target="ghost")),
     f"{E0}: effect 'e' is on token {GHOST}"),
    ("area", _effects(OngoingEffect("e", "E", area_id="ghost")),
     f"{E0}: effect 'e' keeps area {GHOST}"),
    ("effect-name", _effects(_forced(OngoingEffect("e", "E"), name=None)),
     f"{E0}.name must be a string, not null"),
    ("effect-id", _effects(_forced(OngoingEffect("e", "E"), id="a b"), key="a b"),
     f"{E0}: effect id 'a b' {ID_RULE}"),
    ("effect-rounds", _effects(_forced(OngoingEffect("e", "E"), rounds_left=1.5)),
     f"{E0}.rounds_left must be an integer, not a number"),
    ("not-an-effect", lambda b: b._evolve(effects={"e": "Wall"}),
     "effect 'e' is not an OngoingEffect: 'Wall'"),
    ("not-a-turn", lambda b: b._evolve(turn=None),
     "the turn order must be a TurnState of Participants: None"),
    ("not-a-participant", _turn(("t", 3)),  # type: ignore[arg-type]
     "the turn order must be a TurnState of Participants: TurnState(order=(('t', 3),), "
     "round=1, current=0)"),
    ("turn-ghost", _turn(Participant("ghost", 3)),
     "map.json: turn.order[0]: token 'ghost' is not on the map"),
    ("turn-twice", _turn(Participant("t", 3), Participant("t", 2)),
     "map.json: turn.order[1]: token 't' is in the turn order twice"),
    ("turn-current", _turn(Participant("t", 3), current=2),
     "map.json: turn.current must be 0..1 (1: the Soulweaver's turn), got 2"),
    ("turn-round", _turn(round_=-2), "map.json: turn.round must be 0 or more, got -2"),
    ("zeal", _turn(Participant("t", "high")),  # type: ignore[arg-type]
     "map.json: turn.order[0].zeal must be an integer, not a string"),
    ("waiting", _turn(Participant("u", 1, waiting=None)),  # type: ignore[arg-type]
     "map.json: turn.order[0].waiting must be true or false, not null"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"), [c[1:] for c in WRITE_CASES], ids=[c[0] for c in WRITE_CASES]
)
def test_dumps_refuses_play_state_that_would_not_read_back(
    change: Callable[[Board], Board], message: str, tmp_path: Path
) -> None:
    board = change(_board())
    with pytest.raises(MapFileError) as info:
        mapfile.dumps(board)
    assert str(info.value) == f"cannot write map: {message}"
    with pytest.raises(MapFileError, match=r"^could not save "):
        mapfile.save(board, tmp_path / "x.hexmap")
    assert not (tmp_path / "x.hexmap").exists()
