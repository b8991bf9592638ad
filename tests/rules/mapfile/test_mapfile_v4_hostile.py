"""Map format version 4, strictly: every broken play entry (conditions, vitals, flags,
effects, the turn order, the fog layer) is refused with its exact message, when reading and
when writing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.board.conditions import CONDITION_SPECS, ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.errors import MapFileError
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
    GOOD_V4,
    ID_RULE,
    drop,
    edit_json,
    forced,
    json_values,
    map_json,
    npy,
    put,
    refuse_exactly,
    refuse_to_write,
    replace_member,
    with_map_json,
)

# --- strict reading -------------------------------------------------------------------------

KNOWN = ", ".join(CONDITION_SPECS)
SKILL_NAMES = (
    "might, charisma, finesse, endure, zeal, magic, wit, observe, "
    "athletics, martial, elude, nimble, tools, guile, poise, nature"
)
POOL_NAMES = "grit, energy, resolve, minor_actions, movement, luck"
PARTS = "head, torso, stomach, left arm, right arm, left leg, right leg"
GHOST = "'ghost', which is not on the map"
C0, V0 = "tokens[0].conditions", "tokens[0].vitals"
PLAY_CASES = [
    # token conditions
    ("conditions-missing", drop("tokens.0.conditions"), f"{C0} is missing"),
    ("conditions-null", put("tokens.0.conditions", None), f"{C0} must be a list, not null"),
    ("conditions-object", put("tokens.0.conditions", {}), f"{C0} must be a list, not an object"),
    ("condition-str", put("tokens.0.conditions.1", "prone"), f"{C0}[1] must be an object"),
    ("condition-name-missing", drop("tokens.0.conditions.0.name"), f"{C0}[0].name is missing"),
    (
        "condition-name-int",
        put("tokens.0.conditions.0.name", 3),
        f"{C0}[0].name must be a string, not an integer",
    ),
    (
        "condition-unknown",
        put("tokens.0.conditions.0.name", "dizzy"),
        f"{C0}[0]: unknown condition 'dizzy'; known: {KNOWN}",
    ),
    (
        "condition-case",
        put("tokens.0.conditions.2.name", "Prone"),
        f"{C0}[2]: unknown condition 'Prone'; known: {KNOWN}",
    ),
    ("tier-missing", drop("tokens.0.conditions.0.tier"), f"{C0}[0].tier is missing"),
    (
        "tier-str",
        put("tokens.0.conditions.0.tier", "2"),
        f"{C0}[0].tier must be an integer, not a string",
    ),
    (
        "tier-bool",
        put("tokens.0.conditions.0.tier", True),
        f"{C0}[0].tier must be an integer, not true/false",
    ),
    (
        "tier-float",
        put("tokens.0.conditions.0.tier", 2.0),
        f"{C0}[0].tier must be an integer, not a number",
    ),
    (
        "tier-0",
        put("tokens.0.conditions.0.tier", 0),
        f"{C0}[0]: encumbered: the Tier must be 1..99, got 0",
    ),
    (
        "tier-100",
        put("tokens.0.conditions.2.tier", 100),
        f"{C0}[2]: prone: the Tier must be 1..99, got 100",
    ),
    (
        "tier-huge",
        put("tokens.0.conditions.0.tier", 10**30),
        f"{C0}[0]: encumbered: the Tier must be 1..99, got {10**30}",
    ),
    ("source-missing", drop("tokens.0.conditions.2.source"), f"{C0}[2].source is missing"),
    (
        "source-null",
        put("tokens.0.conditions.2.source", None),
        f"{C0}[2].source must be a string, not null",
    ),
    (
        "source-long",
        put("tokens.0.conditions.0.source", "x" * 65),
        f"{C0}[0]: encumbered: the source must be up to 64 printable characters",
    ),
    (
        "source-control",
        put("tokens.0.conditions.0.source", "a\nb"),
        f"{C0}[0]: encumbered: the source must be up to 64 printable characters",
    ),
    (
        "condition-twice",
        put("tokens.0.conditions.1.source", "Hold"),
        f"{C0}[1]: condition 'encumbered' from source 'Hold' is listed twice",
    ),
    # token vitals
    ("vitals-missing", drop("tokens.0.vitals"), f"{V0} is missing"),
    ("vitals-null", put("tokens.0.vitals", None), f"{V0} must be an object, not null"),
    ("vitals-list", put("tokens.0.vitals", []), f"{V0} must be an object, not a list"),
    ("stats-missing", drop("tokens.0.vitals.stats"), f"{V0}.stats is missing"),
    (
        "stats-list",
        put("tokens.0.vitals.stats", [["might", 3]]),
        f"{V0}.stats must be an object, not a list",
    ),
    (
        "stats-unknown",
        put("tokens.0.vitals.stats.luck", 1),
        f"{V0}.stats names 'luck', which is not one of {SKILL_NAMES}",
    ),
    (
        "stat-str",
        put("tokens.0.vitals.stats.might", "3"),
        f"{V0}.stats.might must be an integer, not a string",
    ),
    (
        "stat-range",
        put("tokens.0.vitals.stats.might", 1000),
        f"{V0}: stats: might must be an integer -999..999, got 1000",
    ),
    ("maximum-missing", drop("tokens.1.vitals.maximum"), "tokens[1].vitals.maximum is missing"),
    (
        "maximum-negative",
        put("tokens.0.vitals.maximum.grit", -1),
        f"{V0}: maximum: grit must be an integer 0..999, got -1",
    ),
    (
        "maximum-unknown",
        put("tokens.0.vitals.maximum.health", 3),
        f"{V0}.maximum names 'health', which is not one of {POOL_NAMES}",
    ),
    (
        "current-float",
        put("tokens.0.vitals.current.grit", 4.5),
        f"{V0}.current.grit must be an integer, not a number",
    ),
    (
        "current-range",
        put("tokens.0.vitals.current.grit", -1000),
        f"{V0}: current: grit must be an integer -999..999, got -1000",
    ),
    (
        "current-null",
        put("tokens.0.vitals.current", None),
        f"{V0}.current must be an object, not null",
    ),
    (
        "wounded-part",
        put("tokens.0.vitals.wounded.tail", 1),
        f"{V0}.wounded names 'tail', which is not one of {PARTS}",
    ),
    (
        "wounded-negative",
        put("tokens.0.vitals.wounded.torso", -2),
        f"{V0}: wounded: torso must be an integer 0..999, got -2",
    ),
    (
        "wounded-bool",
        put("tokens.0.vitals.wounded.torso", True),
        f"{V0}.wounded.torso must be an integer, not true/false",
    ),
    (
        "threshold-str",
        put("tokens.0.vitals.severe_threshold", "6"),
        f"{V0}.severe_threshold must be an integer, not a string",
    ),
    (
        "threshold-missing",
        drop("tokens.0.vitals.severe_threshold"),
        f"{V0}.severe_threshold is missing",
    ),
    (
        "bars-int",
        put("tokens.0.vitals.bars_for_players", 1),
        f"{V0}.bars_for_players must be true or false, not an integer",
    ),
    (
        "bars-missing",
        drop("tokens.2.vitals.bars_for_players"),
        "tokens[2].vitals.bars_for_players is missing",
    ),
    # token flags
    (
        "moving-str",
        put("tokens.0.moving", "yes"),
        "tokens[0].moving must be true or false, not a string",
    ),
    ("moving-missing", drop("tokens.1.moving"), "tokens[1].moving is missing"),
    (
        "moved-null",
        put("tokens.0.moved_this_turn", None),
        "tokens[0].moved_this_turn must be true or false, not null",
    ),
    # effects
    ("effects-missing", drop("effects"), "effects is missing"),
    ("effects-null", put("effects", None), "effects must be a list, not null"),
    ("effects-object", put("effects", {}), "effects must be a list, not an object"),
    ("effect-str", put("effects.1", "storm"), "effects[1] must be an object"),
    ("effect-id-missing", drop("effects.0.id"), "effects[0].id is missing"),
    ("effect-id-int", put("effects.0.id", 3), "effects[0].id must be a string, not an integer"),
    ("effect-id-bad", put("effects.0.id", "a b"), f"effects[0]: effect id 'a b' {ID_RULE}"),
    (
        "effect-id-long",
        put("effects.0.id", "e" * 65),
        f"effects[0]: effect id '{'e' * 65}' {ID_RULE}",
    ),
    ("effect-id-twice", put("effects.1.id", "thorns"), "effects[1]: duplicate effect id 'thorns'"),
    ("effect-name-blank", put("effects.0.name", "  "), "effects[0]: effect 'thorns' needs a name"),
    ("effect-name-null", put("effects.0.name", None), "effects[0].name must be a string, not null"),
    (
        "creator-int",
        put("effects.0.creator", 5),
        "effects[0].creator must be a string or null, not an integer",
    ),
    (
        "creator-ghost",
        put("effects.0.creator", "ghost"),
        f"effects[0]: effect 'thorns' was made by token {GHOST}",
    ),
    ("creator-missing", drop("effects.1.creator"), "effects[1].creator is missing"),
    (
        "target-ghost",
        put("effects.2.target", "ghost"),
        f"effects[2]: effect 'mark' is on token {GHOST}",
    ),
    (
        "target-list",
        put("effects.2.target", ["aria"]),
        "effects[2].target must be a string or null, not a list",
    ),
    ("target-missing", drop("effects.2.target"), "effects[2].target is missing"),
    (
        "area-ghost",
        put("effects.0.area_id", "ghost"),
        f"effects[0]: effect 'thorns' keeps area {GHOST}",
    ),
    (
        "area-int",
        put("effects.0.area_id", 1),
        "effects[0].area_id must be a string or null, not an integer",
    ),
    ("area-missing", drop("effects.0.area_id"), "effects[0].area_id is missing"),
    (
        "rounds-str",
        put("effects.0.rounds_left", "3"),
        "effects[0].rounds_left must be an integer, not a string",
    ),
    (
        "rounds-float",
        put("effects.0.rounds_left", 3.0),
        "effects[0].rounds_left must be an integer, not a number",
    ),
    (
        "rounds-bool",
        put("effects.0.rounds_left", True),
        "effects[0].rounds_left must be an integer, not true/false",
    ),
    ("rounds-missing", drop("effects.1.rounds_left"), "effects[1].rounds_left is missing"),
    (
        "description-null",
        put("effects.0.description", None),
        "effects[0].description must be a string, not null",
    ),
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
    (
        "current-past-the-soulweaver",
        put("turn.current", 4),
        "turn.current must be 0..3 (3: the Soulweaver's turn), got 4",
    ),
    (
        "current-negative",
        put("turn.current", -1),
        "turn.current must be 0..3 (3: the Soulweaver's turn), got -1",
    ),
    ("current-bool", put("turn.current", True), "turn.current must be an integer, not true/false"),
    ("participant-str", put("turn.order.0", "ogre"), "turn.order[0] must be an object"),
    ("participant-token-missing", drop("turn.order.0.token"), "turn.order[0].token is missing"),
    (
        "participant-token-int",
        put("turn.order.0.token", 1),
        "turn.order[0].token must be a string, not an integer",
    ),
    (
        "participant-ghost",
        put("turn.order.1.token", "ghost"),
        "turn.order[1]: token 'ghost' is not on the map",
    ),
    (
        "participant-twice",
        put("turn.order.2.token", "ogre"),
        "turn.order[2]: token 'ogre' is in the turn order twice",
    ),
    (
        "zeal-str",
        put("turn.order.0.zeal", "14"),
        "turn.order[0].zeal must be an integer, not a string",
    ),
    ("zeal-missing", drop("turn.order.0.zeal"), "turn.order[0].zeal is missing"),
    (
        "zeal-tier-null",
        put("turn.order.0.zeal_tier", None),
        "turn.order[0].zeal_tier must be an integer, not null",
    ),
    (
        "waiting-int",
        put("turn.order.1.waiting", 1),
        "turn.order[1].waiting must be true or false, not an integer",
    ),
    ("waiting-missing", drop("turn.order.2.waiting"), "turn.order[2].waiting is missing"),
    # the fog layer
    ("fog-missing", drop("layers.fog"), "layers is missing the 'fog' layer"),
    (
        "ground-null",
        put("layers.ground", None),
        "layers.ground must name a member; only 'fog' may be null",
    ),
    (
        "softness-null",
        put("layers.softness", None),
        "layers.softness must name a member; only 'fog' may be null",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in PLAY_CASES], ids=[c[0] for c in PLAY_CASES]
)
def test_bad_play_entries_are_refused_with_their_exact_message(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    refuse_exactly(edit_json(edit, GOOD_V4), f"cannot read map: map.json: {message}")


FOG_CASES = [
    (
        "member-missing",
        put("layers.fog", "layers/nope.npy"),
        None,
        "layer 'fog': member 'layers/nope.npy' is missing from the archive",
    ),
    (
        "member-type",
        put("layers.fog", 5),
        None,
        "layer 'fog': member 5 is missing from the archive",
    ),
    (
        "values",
        None,
        npy(np.full((6, 8), 2, np.uint8).view(np.bool_)),
        "layer 'fog' holds values other than true/false",
    ),
    ("dtype", None, npy(np.zeros((6, 8), np.uint8)), "layer 'fog' has dtype uint8, expected bool"),
    ("shape", None, npy(np.zeros((8, 6), bool)), "layer 'fog' has shape (8, 6), expected (6, 8)"),
]


@pytest.mark.parametrize(
    ("edit", "member", "message"), [c[1:] for c in FOG_CASES], ids=[c[0] for c in FOG_CASES]
)
def test_bad_fog_layers_are_refused_with_their_exact_message(
    edit: Callable[[dict[str, Any]], None] | None, member: bytes | None, message: str
) -> None:
    data = GOOD_V4 if edit is None else edit_json(edit, GOOD_V4)
    if member is not None:
        data = replace_member("layers/fog.npy", member, data)
    refuse_exactly(data, f"cannot read map: {message}")


_JSON = json_values("aria", "ogre", "burst-1", "thorns", "encumbered", "might", "torso", key_size=6)
PLAY_PATHS = [
    *(f"tokens.{i}.{f}" for i in range(4) for f in TOKEN_PLAY_FIELDS),
    *(f"tokens.0.conditions.{k}.{f}" for k in range(3) for f in ("name", "tier", "source")),
    *(f"tokens.0.vitals.{f}" for f in VITALS_FIELDS),
    "tokens.0.vitals.stats.might",
    "tokens.0.vitals.wounded.torso",
    "tokens.0.conditions.0",
    "effects",
    "turn",
    *(f"effects.{i}" for i in range(3)),
    *(f"effects.{i}.{f}" for i in range(3) for f in EFFECT_FIELDS),
    *(f"turn.{f}" for f in TURN_FIELDS),
    *(f"turn.order.{k}.{f}" for k in range(3) for f in PARTICIPANT_FIELDS),
]


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
    members = with_map_json(doc, GOOD_V4)
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


def _board() -> Board:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(0, 0)))
    return board.with_token(Token("u", "U", Hex(1, 1)))


def _token(**fields: object) -> Callable[[Board], Board]:
    return lambda b: b._evolve(
        tokens={**b.tokens, "t": forced(Token("t", "T", Hex(0, 0)), **fields)}
    )


def _effects(*effects: OngoingEffect, key: str | None = None) -> Callable[[Board], Board]:
    return lambda b: b._evolve(effects={key or e.id: e for e in effects})


def _turn(*order: Participant, round_: int = 1, current: int = 0) -> Callable[[Board], Board]:
    return lambda b: b._evolve(turn=TurnState(order, round_, current))


E0, ON_T = "map.json: effects[0]", "map.json: tokens[0]"
WRITE_CASES = [
    (
        "condition-tier",
        _token(conditions=(forced(ConditionEntry("prone", 1), tier=0),)),
        f"{ON_T}.conditions[0]: prone: the Tier must be 1..99, got 0",
    ),
    (
        "condition-name",
        _token(conditions=(forced(ConditionEntry("prone", 1), name="dizzy"),)),
        f"{ON_T}.conditions[0]: unknown condition 'dizzy'; known: {KNOWN}",
    ),
    (
        "condition-twice",
        _token(conditions=(ConditionEntry("prone", 1),) * 2),
        f"{ON_T}: token 't': a condition is listed twice from the same source",
    ),
    (
        "conditions-list",
        _token(conditions=[ConditionEntry("prone", 1)]),
        f"{ON_T}: token 't': conditions must be a tuple of ConditionEntry",
    ),
    ("vitals-none", _token(vitals=None), f"{ON_T}: token 't': vitals must be a Vitals"),
    (
        "vitals-name",
        _token(vitals=forced(Vitals(), stats=(("luck", 1),))),
        f"{ON_T}.vitals: stats: ('luck', 1) is not a distinct (name, value) of {SKILL_NAMES}",
    ),
    (
        "vitals-table",
        _token(vitals=forced(Vitals(), wounded=5)),
        f"{ON_T}.vitals: wounded must be a tuple of (name, value) pairs",
    ),
    (
        "vitals-threshold",
        _token(vitals=forced(Vitals(), severe_threshold="6")),
        f"{ON_T}.vitals: the Severe Threshold must be an integer or unset, got '6'",
    ),
    ("moving", _token(moving="yes"), f"{ON_T}: token 't': the moving flags must be true or false"),
    ("filed", _effects(OngoingEffect("e", "E"), key="x"), "effect 'e' is filed under the id 'x'"),
    (
        "creator",
        _effects(OngoingEffect("e", "E", creator="ghost")),
        f"{E0}: effect 'e' was made by token {GHOST}",
    ),
    (
        "target",
        _effects(OngoingEffect("e", "E", target="ghost")),
        f"{E0}: effect 'e' is on token {GHOST}",
    ),
    (
        "area",
        _effects(OngoingEffect("e", "E", area_id="ghost")),
        f"{E0}: effect 'e' keeps area {GHOST}",
    ),
    (
        "effect-name",
        _effects(forced(OngoingEffect("e", "E"), name=None)),
        f"{E0}.name must be a string, not null",
    ),
    (
        "effect-id",
        _effects(forced(OngoingEffect("e", "E"), id="a b"), key="a b"),
        f"{E0}: effect id 'a b' {ID_RULE}",
    ),
    (
        "effect-rounds",
        _effects(forced(OngoingEffect("e", "E"), rounds_left=1.5)),
        f"{E0}.rounds_left must be an integer, not a number",
    ),
    (
        "not-an-effect",
        lambda b: b._evolve(effects={"e": "Wall"}),
        "effect 'e' is not an OngoingEffect: 'Wall'",
    ),
    (
        "not-a-turn",
        lambda b: b._evolve(turn=None),
        "the turn order must be a TurnState of Participants: None",
    ),
    (
        "not-a-participant",
        _turn(("t", 3)),  # type: ignore[arg-type]
        "the turn order must be a TurnState of Participants: TurnState(order=(('t', 3),), "
        "round=1, current=0)",
    ),
    (
        "turn-ghost",
        _turn(Participant("ghost", 3)),
        "map.json: turn.order[0]: token 'ghost' is not on the map",
    ),
    (
        "turn-twice",
        _turn(Participant("t", 3), Participant("t", 2)),
        "map.json: turn.order[1]: token 't' is in the turn order twice",
    ),
    (
        "turn-current",
        _turn(Participant("t", 3), current=2),
        "map.json: turn.current must be 0..1 (1: the Soulweaver's turn), got 2",
    ),
    ("turn-round", _turn(round_=-2), "map.json: turn.round must be 0 or more, got -2"),
    (
        "zeal",
        _turn(Participant("t", "high")),  # type: ignore[arg-type]
        "map.json: turn.order[0].zeal must be an integer, not a string",
    ),
    (
        "waiting",
        _turn(Participant("u", 1, waiting=None)),  # type: ignore[arg-type]
        "map.json: turn.order[0].waiting must be true or false, not null",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"), [c[1:] for c in WRITE_CASES], ids=[c[0] for c in WRITE_CASES]
)
def test_dumps_refuses_play_state_that_would_not_read_back(
    change: Callable[[Board], Board], message: str, tmp_path: Path
) -> None:
    refuse_to_write(change(_board()), message, tmp_path)
