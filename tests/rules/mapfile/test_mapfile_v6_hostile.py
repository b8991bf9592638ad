"""Map format version 6, strictly: every broken ``dice``, ``holds`` or ``rolls`` entry and
every broken effect ``kind`` or ``amount`` is refused with its exact message, when reading
and when writing; ``hexweave check`` lists the problem of each Hold and roll."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.board.effects import EFFECT_KINDS, OngoingEffect
from rules.board.grid import Board
from rules.board.holds import Hold
from rules.board.roll_log import MAX_LOG, MAX_LOGGED_DICE, LoggedRoll
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile.dice import DICE_FIELDS, HOLD_FIELDS, ROLL_FIELDS
from tests.rules.mapfile_helpers import (
    GOOD_V6,
    ID_RULE,
    drop,
    edit_json,
    forced,
    json_values,
    map_json,
    members_of,
    put,
    refuse_exactly,
    refuse_to_write,
    replace_member,
    with_map_json,
)

Edit = Callable[[dict[str, Any]], None]

# --- strict reading -------------------------------------------------------------------------

R3 = "rolls[3]"  # the typed-in Grapple: faces [12, 12], DL 9, manual
KINDS = ", ".join(EFFECT_KINDS)
ROLES = "roll, attack, defence, damage, check"
SEED_RULE = "must be 0..2**128-1"
PAIR = "must be [amount, reason]"


def _add_hold(**fields: object) -> Edit:
    """An edit appending a Hold of the goblin on the ogre, with ``fields`` set."""

    def edit(doc: dict[str, Any]) -> None:
        hold = {"holder": "gob", "held": "ogre", "tier_change": 0, "part": None}
        doc["holds"].append({**hold, **fields})

    return edit


DICE_CASES = [
    ("dice-missing", drop("dice"), "dice is missing"),
    ("dice-null", put("dice", None), "dice must be an object, not null"),
    ("dice-list", put("dice", [1, 2]), "dice must be an object, not a list"),
    ("dice-int", put("dice", 7), "dice must be an object, not an integer"),
    ("seed-missing", drop("dice.seed"), "dice.seed is missing"),
    ("seed-str", put("dice.seed", "7"), "dice.seed must be an integer, not a string"),
    ("seed-float", put("dice.seed", 7.0), "dice.seed must be an integer, not a number"),
    ("seed-bool", put("dice.seed", True), "dice.seed must be an integer, not true/false"),
    ("seed-null", put("dice.seed", None), "dice.seed must be an integer, not null"),
    ("seed-negative", put("dice.seed", -1), f"dice.seed {SEED_RULE}, got -1"),
    ("seed-huge", put("dice.seed", 2**128), f"dice.seed {SEED_RULE}, got {2**128}"),
    ("draws-missing", drop("dice.draws"), "dice.draws is missing"),
    ("draws-list", put("dice.draws", [3]), "dice.draws must be an integer, not a list"),
    ("draws-negative", put("dice.draws", -3), f"dice.draws {SEED_RULE}, got -3"),
    ("draws-huge", put("dice.draws", 10**40), f"dice.draws {SEED_RULE}, got {10**40}"),
]

HOLD_CASES = [
    ("holds-missing", drop("holds"), "holds is missing"),
    ("holds-null", put("holds", None), "holds must be a list, not null"),
    ("holds-object", put("holds", {}), "holds must be a list, not an object"),
    ("hold-str", put("holds.0", "ogre"), "holds[0] must be an object"),
    ("hold-list", put("holds.0", ["ogre", "aria"]), "holds[0] must be an object"),
    *(
        (f"{key}-missing", drop(f"holds.0.{key}"), f"holds[0].{key} is missing")
        for key in HOLD_FIELDS
    ),
    ("holder-int", put("holds.0.holder", 3), "holds[0].holder must be a string, not an integer"),
    ("held-null", put("holds.0.held", None), "holds[0].held must be a string, not null"),
    (
        "holder-ghost",
        put("holds.0.holder", "ghost"),
        "holds[0]: its holder 'ghost' is not on the map",
    ),
    ("held-ghost", put("holds.0.held", "ghost"), "holds[0]: its held 'ghost' is not on the map"),
    (
        "holder-bad-id",
        put("holds.0.holder", "bad id!"),
        f"holds[0]: the Hold's holder id 'bad id!' {ID_RULE}",
    ),
    ("held-empty", put("holds.0.held", ""), f"holds[0]: the Hold's held id '' {ID_RULE}"),
    ("holds-itself", put("holds.0.held", "ogre"), "holds[0]: a creature cannot hold itself"),
    (
        "change-str",
        put("holds.0.tier_change", "1"),
        "holds[0].tier_change must be an integer, not a string",
    ),
    (
        "change-float",
        put("holds.0.tier_change", 1.0),
        "holds[0].tier_change must be an integer, not a number",
    ),
    (
        "change-high",
        put("holds.0.tier_change", 100),
        "holds[0]: a Hold's Tier change must be a whole number −99..99, got 100",
    ),
    (
        "change-low",
        put("holds.0.tier_change", -100),
        "holds[0]: a Hold's Tier change must be a whole number −99..99, got -100",
    ),
    ("part-int", put("holds.0.part", 3), "holds[0].part must be a string or null, not an integer"),
    (
        "part-blank",
        put("holds.0.part", "  "),
        "holds[0]: a Hold's targeted part must be a name or unset",
    ),
    (
        "held-twice",
        _add_hold(held="aria"),
        "holds[1]: 'aria' is already Held by 'ogre'; a creature is Held in one Hold only",
    ),
    (
        "hold-repeated",
        _add_hold(holder="ogre", held="aria", tier_change=1),
        "holds[1]: 'aria' is already Held by 'ogre'; a creature is Held in one Hold only",
    ),
    (
        "second-hold-ghost",
        _add_hold(holder="ghost"),
        "holds[1]: its holder 'ghost' is not on the map",
    ),
]

ROLL_CASES = [
    ("rolls-missing", drop("rolls"), "rolls is missing"),
    ("rolls-null", put("rolls", None), "rolls must be a list, not null"),
    ("rolls-str", put("rolls", "Strike"), "rolls must be a list, not a string"),
    ("roll-list", put("rolls.3", []), f"{R3} must be an object"),
    ("roll-null", put("rolls.3", None), f"{R3} must be an object"),
    *((f"{key}-missing", drop(f"rolls.3.{key}"), f"{R3}.{key} is missing") for key in ROLL_FIELDS),
    # faces
    ("face-13", put("rolls.3.faces.1", 13), f"{R3}.faces[1] must be 1..12, got 13"),
    ("face-0", put("rolls.3.faces.0", 0), f"{R3}.faces[0] must be 1..12, got 0"),
    ("face-negative", put("rolls.3.faces.1", -12), f"{R3}.faces[1] must be 1..12, got -12"),
    ("face-str", put("rolls.3.faces.1", "12"), f"{R3}.faces[1] must be an integer, not a string"),
    ("face-float", put("rolls.3.faces.1", 12.0), f"{R3}.faces[1] must be an integer, not a number"),
    (
        "face-bool",
        put("rolls.3.faces.0", True),
        f"{R3}.faces[0] must be an integer, not true/false",
    ),
    ("face-null", put("rolls.3.faces.1", None), f"{R3}.faces[1] must be an integer, not null"),
    ("face-list", put("rolls.3.faces.1", [12]), f"{R3}.faces[1] must be an integer, not a list"),
    ("faces-str", put("rolls.3.faces", "12, 12"), f"{R3}.faces must be a list, not a string"),
    ("faces-object", put("rolls.3.faces", {"0": 12}), f"{R3}.faces must be a list, not an object"),
    (
        "faces-too-many",
        put("rolls.3.faces", [6] * (MAX_LOGGED_DICE + 1)),
        f"{R3}.faces holds 201 dice, more than {MAX_LOGGED_DICE}",
    ),
    # numbers
    (
        "modifier-str",
        put("rolls.3.modifier", "+2"),
        f"{R3}.modifier must be an integer, not a string",
    ),
    (
        "modifier-float",
        put("rolls.3.modifier", 2.5),
        f"{R3}.modifier must be an integer, not a number",
    ),
    ("modifier-null", put("rolls.3.modifier", None), f"{R3}.modifier must be an integer, not null"),
    ("dl-str", put("rolls.3.dl", "9"), f"{R3}.dl must be an integer, not a string"),
    ("dl-bool", put("rolls.3.dl", False), f"{R3}.dl must be an integer, not true/false"),
    ("round-negative", put("rolls.3.round", -1), f"{R3}.round must be 0 or more, got -1"),
    ("round-float", put("rolls.3.round", 2.0), f"{R3}.round must be an integer, not a number"),
    # text
    ("action-int", put("rolls.3.action", 7), f"{R3}.action must be a string, not an integer"),
    (
        "action-empty",
        put("rolls.3.action", ""),
        f"{R3}: a logged roll needs the action it belonged to",
    ),
    (
        "action-blank",
        put("rolls.3.action", " \t"),
        f"{R3}: a logged roll needs the action it belonged to",
    ),
    ("actor-null", put("rolls.3.actor", None), f"{R3}.actor must be a string, not null"),
    ("target-list", put("rolls.3.target", ["ogre"]), f"{R3}.target must be a string, not a list"),
    (
        "outcome-bool",
        put("rolls.3.outcome", True),
        f"{R3}.outcome must be a string, not true/false",
    ),
    (
        "role-unknown",
        put("rolls.3.role", "parry"),
        f"{R3}.role must be one of {ROLES}, got 'parry'",
    ),
    ("role-case", put("rolls.3.role", "Check"), f"{R3}.role must be one of {ROLES}, got 'Check'"),
    ("role-int", put("rolls.3.role", 1), f"{R3}.role must be a string, not an integer"),
    ("manual-int", put("rolls.3.manual", 1), f"{R3}.manual must be true or false, not an integer"),
    (
        "manual-str",
        put("rolls.3.manual", "yes"),
        f"{R3}.manual must be true or false, not a string",
    ),
    # breakdown
    (
        "breakdown-str",
        put("rolls.3.breakdown", "+2 Athletics"),
        f"{R3}.breakdown must be a list, not a string",
    ),
    ("breakdown-null", put("rolls.3.breakdown", None), f"{R3}.breakdown must be a list, not null"),
    ("pair-short", put("rolls.3.breakdown.0", [2]), f"{R3}.breakdown[0] {PAIR}"),
    ("pair-long", put("rolls.3.breakdown.0", [2, "a", "b"]), f"{R3}.breakdown[0] {PAIR}"),
    (
        "pair-object",
        put("rolls.3.breakdown.0", {"amount": 2, "reason": "a"}),
        f"{R3}.breakdown[0] {PAIR}",
    ),
    ("pair-str", put("rolls.3.breakdown.0", "2 Athletics"), f"{R3}.breakdown[0] {PAIR}"),
    (
        "amount-str",
        put("rolls.3.breakdown.0.0", "2"),
        f"{R3}.breakdown[0] {PAIR}, an integer and a string",
    ),
    (
        "amount-bool",
        put("rolls.3.breakdown.0.0", True),
        f"{R3}.breakdown[0] {PAIR}, an integer and a string",
    ),
    (
        "amount-float",
        put("rolls.3.breakdown.0.0", 2.0),
        f"{R3}.breakdown[0] {PAIR}, an integer and a string",
    ),
    (
        "reason-int",
        put("rolls.3.breakdown.0.1", 2),
        f"{R3}.breakdown[0] {PAIR}, an integer and a string",
    ),
    (
        "reason-null",
        put("rolls.3.breakdown.0.1", None),
        f"{R3}.breakdown[0] {PAIR}, an integer and a string",
    ),
]

EFFECT_CASES = [
    ("kind-missing", drop("effects.0.kind"), "effects[0].kind is missing"),
    ("amount-missing", drop("effects.1.amount"), "effects[1].amount is missing"),
    (
        "kind-int",
        put("effects.0.kind", 1),
        "effects[0].kind must be a string or null, not an integer",
    ),
    (
        "kind-unknown",
        put("effects.0.kind", "stance"),
        f"effects[0].kind must be one of {KINDS} or null, got 'stance'",
    ),
    (
        "kind-name",
        put("effects.0.kind", "Defensive Stance"),
        f"effects[0].kind must be one of {KINDS} or null, got 'Defensive Stance'",
    ),
    (
        "kind-empty",
        put("effects.2.kind", ""),
        f"effects[2].kind must be one of {KINDS} or null, got ''",
    ),
    (
        "amount-null",
        put("effects.1.amount", None),
        "effects[1].amount must be an integer, not null",
    ),
    (
        "amount-float",
        put("effects.1.amount", 2.0),
        "effects[1].amount must be an integer, not a number",
    ),
    (
        "amount-bool",
        put("effects.1.amount", True),
        "effects[1].amount must be an integer, not true/false",
    ),
    ("amount-negative", put("effects.1.amount", -1), "effects[1].amount must be 0..999, got -1"),
    ("amount-high", put("effects.1.amount", 1000), "effects[1].amount must be 0..999, got 1000"),
]

CASES = DICE_CASES + HOLD_CASES + ROLL_CASES + EFFECT_CASES


@pytest.mark.parametrize(("edit", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_v6_entries_are_refused_with_their_exact_message(edit: Edit, message: str) -> None:
    refuse_exactly(edit_json(edit, GOOD_V6), f"cannot read map: map.json: {message}")


def test_a_roll_log_longer_than_a_map_keeps_is_refused() -> None:
    entry = map_json(GOOD_V6)["rolls"][4]
    refuse_exactly(
        edit_json(put("rolls", [entry] * (MAX_LOG + 1)), GOOD_V6),
        f"cannot read map: map.json: rolls holds {MAX_LOG + 1} rolls, more than the "
        f"{MAX_LOG} a map keeps",
    )
    assert len(mapfile.loads(edit_json(put("rolls", [entry] * MAX_LOG), GOOD_V6)).rolls) == MAX_LOG


@pytest.mark.parametrize(
    ("edit", "check"),
    [
        (put("rolls.3.faces", []), lambda b: b.rolls[3].faces == () and b.rolls[3].result == 2),
        (put("rolls.3.dl", None), lambda b: b.rolls[3].margin is None),
        (put("rolls", []), lambda b: b.rolls == ()),
        (put("holds", []), lambda b: b.holds == ()),
        (put("holds.0.part", None), lambda b: b.holds[0].part is None),
        (put("dice", {"seed": 2**128 - 1, "draws": 0}), lambda b: b.dice_seed == 2**128 - 1),
        (_add_hold(), lambda b: len(b.holds) == 2),  # the goblin holds the ogre too
        (put("rolls.3.hover", 1), lambda b: b == mapfile.loads(GOOD_V6)),  # unknown: ignored
        (put("dice.spin", 1), lambda b: b == mapfile.loads(GOOD_V6)),
    ],
)
def test_edge_values_load(edit: Edit, check: Callable[[Board], bool]) -> None:
    board = mapfile.loads(edit_json(edit, GOOD_V6))
    assert check(board)
    assert mapfile.loads(mapfile.dumps(board)) == board


_TEXT = members_of(GOOD_V6)["map.json"]
RAW_CASES = [
    (
        "seed-exponent",
        b'"seed": 20261130',
        b'"seed": 2e7',
        "map.json: dice.seed must be an integer, not a number",
    ),
    (
        "seed-nan",
        b'"seed": 20261130',
        b'"seed": NaN',
        "map.json is not valid: NaN is not a JSON number",
    ),
    (
        "face-infinity",
        b'"faces": [5]',
        b'"faces": [Infinity]',
        "map.json is not valid: Infinity is not a JSON number",
    ),
    (
        "face-overflow",
        b'"faces": [5]',
        b'"faces": [1e999]',
        "map.json: rolls[4].faces[0] must be an integer, not a number",
    ),
    (
        "dice-twice",
        b'"dice": {',
        b'"dice": {}, "dice": {',
        "map.json is not valid: key 'dice' appears twice in an object",
    ),
    (
        "faces-key-twice",
        b'"faces": [5]',
        b'"faces": [5], "faces": [5]',
        "map.json is not valid: key 'faces' appears twice in an object",
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "message"), [c[1:] for c in RAW_CASES], ids=[c[0] for c in RAW_CASES]
)
def test_bad_numbers_in_the_json_text_are_refused(old: bytes, new: bytes, message: str) -> None:
    assert _TEXT.count(old) == 1
    text = _TEXT.replace(old, new)
    refuse_exactly(replace_member("map.json", text, GOOD_V6), f"cannot read map: {message}")


_JSON = json_values("ogre", "aria", "gob", "attack", "check", "defensive_stance", key_size=6)
PATHS = [
    "dice",
    *(f"dice.{f}" for f in DICE_FIELDS),
    "holds",
    "holds.0",
    *(f"holds.0.{f}" for f in HOLD_FIELDS),
    "rolls",
    *(f"rolls.{i}" for i in range(5)),
    *(f"rolls.{i}.{f}" for i in (1, 3) for f in ROLL_FIELDS),
    "rolls.3.faces.0",
    "rolls.3.breakdown.0",
    "rolls.3.breakdown.0.0",
    *(f"effects.{i}.{f}" for i in range(3) for f in ("kind", "amount")),
]


def _named(path: str) -> str:
    """How a message about map.json's dotted ``path`` begins: ``rolls[3]``, ``dice``."""
    parts = path.split(".")
    return parts[0] if len(parts) == 1 or not parts[1].isdigit() else f"{parts[0]}[{parts[1]}]"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), _JSON)
def test_any_json_in_a_v6_part_loads_or_is_refused_by_name(path: str, value: object) -> None:
    try:
        board = mapfile.loads(edit_json(put(path, value), GOOD_V6))
    except MapFileError as exc:
        assert str(exc).startswith(f"cannot read map: map.json: {_named(path)}"), str(exc)
    else:
        assert mapfile.loads(mapfile.dumps(board)) == board


def test_check_lists_the_problem_of_every_hold_and_roll(tmp_path: Path) -> None:
    doc = map_json(GOOD_V6)
    doc["effects"][1]["kind"] = "haste"
    doc["dice"]["draws"] = -1
    doc["holds"][0]["held"] = "ghost"
    doc["holds"].append({"holder": "gob", "held": "gob", "tier_change": 0, "part": None})
    doc["rolls"][0]["faces"][2] = 13
    doc["rolls"][2]["role"] = "parry"
    doc["rolls"][4] = "Dice roller: 5"
    path = tmp_path / "dice.hexmap"
    path.write_bytes(with_map_json(doc, GOOD_V6))
    assert mapfile.check(path) == [
        f"map.json: effects[1].kind must be one of {KINDS} or null, got 'haste'",
        f"map.json: dice.draws {SEED_RULE}, got -1",
        "map.json: holds[0]: its held 'ghost' is not on the map",
        "map.json: holds[1]: a creature cannot hold itself",
        "map.json: rolls[0].faces[2] must be 1..12, got 13",
        f"map.json: rolls[2].role must be one of {ROLES}, got 'parry'",
        "map.json: rolls[4] must be an object",
    ]


def test_check_does_not_blame_holds_when_the_tokens_could_not_be_read(tmp_path: Path) -> None:
    doc = map_json(GOOD_V6)
    doc["tokens"][2]["size"] = "small"  # the goblin cannot be read
    doc["holds"][0]["holder"] = "ghost"  # not blamed: the ghost may be the unread token
    path = tmp_path / "tokens.hexmap"
    path.write_bytes(with_map_json(doc, GOOD_V6))
    assert mapfile.check(path) == ["map.json: tokens[2].size must be an integer, not a string"]


# --- saving refuses what would not read back -----------------------------------------------


def _board(**fields: object) -> Callable[[], Board]:
    """A maker of a board with tokens ``a`` and ``b`` and ``fields`` forced on it,
    unchecked, as a corrupted model would be."""

    def make() -> Board:
        board = Board.blank(4, 4).with_token(Token("a", "A", Hex(0, 0)))
        return forced(board.with_token(Token("b", "B", Hex(1, 1))), **fields)

    return make


def _roll(**fields: object) -> LoggedRoll:
    """A valid logged roll with ``fields`` forced on it."""
    return forced(LoggedRoll("Strike", (7, 3), 1, 5, "A", "B", ((1, "Might"),)), **fields)


WRITE_CASES = [
    ("seed-negative", _board(dice_seed=-1), f"map.json: dice.seed {SEED_RULE}, got -1"),
    ("seed-bool", _board(dice_seed=True), "map.json: dice.seed must be an integer, not true/false"),
    ("seed-float", _board(dice_draws=1.5), "map.json: dice.draws must be an integer, not a number"),
    ("hold-not-a-hold", _board(holds=(("a", "b"),)), "holds[0] is not a Hold: ('a', 'b')"),
    (
        "hold-ghost",
        _board(holds=(Hold("a", "ghost"),)),
        "map.json: holds[0]: its held 'ghost' is not on the map",
    ),
    (
        "held-twice",
        _board(holds=(Hold("a", "b"), Hold("a", "b", 1))),
        "map.json: holds[1]: 'b' is already Held by 'a'; a creature is Held in one Hold only",
    ),
    (
        "hold-change",
        _board(holds=(forced(Hold("a", "b"), tier_change=100),)),
        "map.json: holds[0]: a Hold's Tier change must be a whole number −99..99, got 100",
    ),
    (
        "hold-change-float",
        _board(holds=(forced(Hold("a", "b"), tier_change=0.5),)),
        "map.json: holds[0].tier_change must be an integer, not a number",
    ),
    (
        "hold-part",
        _board(holds=(forced(Hold("a", "b"), part=""),)),
        "map.json: holds[0]: a Hold's targeted part must be a name or unset",
    ),
    ("roll-not-a-roll", _board(rolls=("Strike 7",)), "rolls[0] is not a LoggedRoll: 'Strike 7'"),
    (
        "face-13",
        _board(rolls=(_roll(faces=(7, 13)),)),
        "map.json: rolls[0].faces[1] must be 1..12, got 13",
    ),
    (
        "faces-list",
        _board(rolls=(_roll(faces=[7, 3]),)),
        f"map.json: rolls[0]: a logged roll holds a tuple of at most {MAX_LOGGED_DICE} faces",
    ),
    (
        "faces-none",
        _board(rolls=(_roll(faces=None),)),
        "map.json: rolls[0].faces must be a list, not null",
    ),
    (
        "modifier-float",
        _board(rolls=(_roll(modifier=0.5),)),
        "map.json: rolls[0].modifier must be an integer, not a number",
    ),
    (
        "action-blank",
        _board(rolls=(_roll(action=""),)),
        "map.json: rolls[0]: a logged roll needs the action it belonged to",
    ),
    (
        "role",
        _board(rolls=(_roll(role="parry"),)),
        f"map.json: rolls[0].role must be one of {ROLES}, got 'parry'",
    ),
    (
        "round",
        _board(rolls=(_roll(round=-2),)),
        "map.json: rolls[0].round must be 0 or more, got -2",
    ),
    (
        "breakdown-none",
        _board(rolls=(_roll(breakdown=None),)),
        "map.json: rolls[0].breakdown must be a list, not null",
    ),
    (
        "breakdown-list-pair",
        _board(rolls=(_roll(breakdown=([1, "Might"],)),)),
        "map.json: rolls[0]: a logged roll's breakdown holds (amount, reason) pairs",
    ),
    (
        "effect-kind",
        _board(effects={"e": forced(OngoingEffect("e", "E"), kind="haste")}),
        f"map.json: effects[0].kind must be one of {KINDS} or null, got 'haste'",
    ),
    (
        "effect-amount",
        _board(effects={"e": forced(OngoingEffect("e", "E"), amount=1000)}),
        "map.json: effects[0].amount must be 0..999, got 1000",
    ),
]


@pytest.mark.parametrize(
    ("make", "message"), [c[1:] for c in WRITE_CASES], ids=[c[0] for c in WRITE_CASES]
)
def test_dumps_refuses_dice_holds_and_rolls_that_would_not_read_back(
    make: Callable[[], Board], message: str, tmp_path: Path
) -> None:
    refuse_to_write(make(), message, tmp_path)


def test_dumps_refuses_what_the_board_allows_but_the_file_does_not(tmp_path: Path) -> None:
    board = Board.blank(2, 2)
    refuse_to_write(
        replace(board, dice_seed=2**128), f"map.json: dice.seed {SEED_RULE}, got {2**128}", tmp_path
    )
    log = (LoggedRoll("Roll", (4,)),) * (MAX_LOG + 1)
    refuse_to_write(
        replace(board, rolls=log),
        f"map.json: rolls holds {MAX_LOG + 1} rolls, more than the {MAX_LOG} a map keeps",
        tmp_path,
    )
