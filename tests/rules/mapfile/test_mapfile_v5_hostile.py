"""Map format version 5, strictly: every broken token ``motion`` is refused with its exact
message, when reading and when writing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile.motion import MOTION_FIELDS
from tests.rules.mapfile_helpers import (
    GOOD_V5,
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

# --- strict reading -------------------------------------------------------------------------

M0, M2, M3 = "tokens[0].motion", "tokens[2].motion", "tokens[3].motion"
MODE_RULE = "movement mode must be one of ground, fly, burrow, climb"
ALTITUDE_RULE = "altitude must be a whole number of spaces 0..9999"
BULK_RULE = "carried Bulk must be a number 0..1e+09"
LIMIT_RULE = "Bulk Limit must be a number 0..1e+09 or unset"
NEEDS_FLY = "moving by fly needs the Fly movement type [S001]"
MOTION_CASES = [
    # the object
    ("motion-missing", drop("tokens.0.motion"), f"{M0} is missing"),
    ("motion-null", put("tokens.0.motion", None), f"{M0} must be an object, not null"),
    ("motion-list", put("tokens.0.motion", []), f"{M0} must be an object, not a list"),
    (
        "motion-str",
        put("tokens.1.motion", "burrow"),
        "tokens[1].motion must be an object, not a string",
    ),
    ("motion-bool", put("tokens.0.motion", True), f"{M0} must be an object, not true/false"),
    # mode
    ("mode-missing", drop("tokens.0.motion.mode"), f"{M0}.mode is missing"),
    ("mode-null", put("tokens.0.motion.mode", None), f"{M0}.mode must be a string, not null"),
    ("mode-int", put("tokens.0.motion.mode", 1), f"{M0}.mode must be a string, not an integer"),
    ("mode-list", put("tokens.0.motion.mode", ["fly"]), f"{M0}.mode must be a string, not a list"),
    ("mode-unknown", put("tokens.0.motion.mode", "swim"), f"{M0}: {MODE_RULE}, got 'swim'"),
    ("mode-case", put("tokens.0.motion.mode", "Fly"), f"{M0}: {MODE_RULE}, got 'Fly'"),
    ("mode-flying", put("tokens.0.motion.mode", "flying"), f"{M0}: {MODE_RULE}, got 'flying'"),
    ("mode-empty", put("tokens.0.motion.mode", ""), f"{M0}: {MODE_RULE}, got ''"),
    (
        "fly-without-type",
        put("tokens.1.motion.mode", "fly"),
        f"tokens[1]: token 'mole': {NEEDS_FLY}",
    ),
    (
        "fly-type-dropped",
        put("tokens.0.movement_types", ["land"]),
        f"tokens[0]: token 'wyvern': {NEEDS_FLY}",
    ),
    (
        "burrow-without-type",
        put("tokens.2.motion.mode", "burrow"),
        "tokens[2]: token 'scout': moving by burrow needs the Burrow movement type [S001]",
    ),
    # spare (cost paid for at Dash or Run, not yet used)
    ("spare-missing", drop("tokens.0.motion.spare"), f"{M0}.spare is missing"),
    (
        "spare-bool",
        put("tokens.0.motion.spare", True),
        f"{M0}.spare must be an integer, not true/false",
    ),
    (
        "spare-negative",
        put("tokens.0.motion.spare", -1),
        f"{M0}: spare paid-for cost must be a whole number 0..9, got -1",
    ),
    (
        "spare-huge",
        put("tokens.0.motion.spare", 10),
        f"{M0}: spare paid-for cost must be a whole number 0..9, got 10",
    ),
    # altitude
    ("altitude-missing", drop("tokens.0.motion.altitude"), f"{M0}.altitude is missing"),
    (
        "altitude-null",
        put("tokens.0.motion.altitude", None),
        f"{M0}.altitude must be an integer, not null",
    ),
    (
        "altitude-str",
        put("tokens.0.motion.altitude", "3"),
        f"{M0}.altitude must be an integer, not a string",
    ),
    (
        "altitude-float",
        put("tokens.0.motion.altitude", 3.0),
        f"{M0}.altitude must be an integer, not a number",
    ),
    (
        "altitude-fraction",
        put("tokens.0.motion.altitude", 2.5),
        f"{M0}.altitude must be an integer, not a number",
    ),
    (
        "altitude-bool",
        put("tokens.0.motion.altitude", True),
        f"{M0}.altitude must be an integer, not true/false",
    ),
    ("altitude-negative", put("tokens.0.motion.altitude", -1), f"{M0}: {ALTITUDE_RULE}, got -1"),
    ("altitude-high", put("tokens.3.motion.altitude", 10_000), f"{M3}: {ALTITUDE_RULE}, got 10000"),
    (
        "altitude-huge",
        put("tokens.0.motion.altitude", 10**30),
        f"{M0}: {ALTITUDE_RULE}, got {10**30}",
    ),
    # pace
    ("pace-missing", drop("tokens.0.motion.pace"), f"{M0}.pace is missing"),
    ("pace-null", put("tokens.0.motion.pace", None), f"{M0}.pace must be a string, not null"),
    ("pace-int", put("tokens.0.motion.pace", 2), f"{M0}.pace must be a string, not an integer"),
    (
        "pace-unknown",
        put("tokens.0.motion.pace", "jog"),
        f"{M0}: pace must be one of walk, dash, run, got 'jog'",
    ),
    (
        "pace-case",
        put("tokens.0.motion.pace", "Dash"),
        f"{M0}: pace must be one of walk, dash, run, got 'Dash'",
    ),
    # amble and winged
    ("amble-missing", drop("tokens.2.motion.amble"), f"{M2}.amble is missing"),
    (
        "amble-int",
        put("tokens.2.motion.amble", 1),
        f"{M2}.amble must be true or false, not an integer",
    ),
    (
        "amble-str",
        put("tokens.2.motion.amble", "yes"),
        f"{M2}.amble must be true or false, not a string",
    ),
    (
        "amble-null",
        put("tokens.2.motion.amble", None),
        f"{M2}.amble must be true or false, not null",
    ),
    ("winged-missing", drop("tokens.0.motion.winged"), f"{M0}.winged is missing"),
    (
        "winged-int",
        put("tokens.0.motion.winged", 0),
        f"{M0}.winged must be true or false, not an integer",
    ),
    (
        "winged-str",
        put("tokens.0.motion.winged", "false"),
        f"{M0}.winged must be true or false, not a string",
    ),
    # bulk
    ("bulk-missing", drop("tokens.0.motion.bulk"), f"{M0}.bulk is missing"),
    ("bulk-null", put("tokens.0.motion.bulk", None), f"{M0}.bulk must be a number, not null"),
    ("bulk-str", put("tokens.0.motion.bulk", "12.5"), f"{M0}.bulk must be a number, not a string"),
    ("bulk-bool", put("tokens.0.motion.bulk", True), f"{M0}.bulk must be a number, not true/false"),
    ("bulk-list", put("tokens.0.motion.bulk", [12.5]), f"{M0}.bulk must be a number, not a list"),
    ("bulk-negative", put("tokens.0.motion.bulk", -0.5), f"{M0}: {BULK_RULE}, got -0.5"),
    ("bulk-negative-int", put("tokens.0.motion.bulk", -1), f"{M0}: {BULK_RULE}, got -1.0"),
    ("bulk-high", put("tokens.0.motion.bulk", 1e10), f"{M0}: {BULK_RULE}, got 10000000000.0"),
    ("bulk-huge-int", put("tokens.0.motion.bulk", 10**30), f"{M0}: {BULK_RULE}, got 1e+30"),
    (
        "bulk-beyond-float",
        put("tokens.0.motion.bulk", 10**400),
        f"{M0}.bulk must be a finite number",
    ),
    # bulk_limit
    ("limit-missing", drop("tokens.2.motion.bulk_limit"), f"{M2}.bulk_limit is missing"),
    (
        "limit-str",
        put("tokens.0.motion.bulk_limit", "10"),
        f"{M0}.bulk_limit must be a number, not a string",
    ),
    (
        "limit-bool",
        put("tokens.0.motion.bulk_limit", False),
        f"{M0}.bulk_limit must be a number, not true/false",
    ),
    (
        "limit-object",
        put("tokens.0.motion.bulk_limit", {}),
        f"{M0}.bulk_limit must be a number, not an object",
    ),
    ("limit-negative", put("tokens.3.motion.bulk_limit", -0.25), f"{M3}: {LIMIT_RULE}, got -0.25"),
    (
        "limit-high",
        put("tokens.0.motion.bulk_limit", 2_000_000_000),
        f"{M0}: {LIMIT_RULE}, got 2000000000.0",
    ),
    (
        "limit-beyond-float",
        put("tokens.0.motion.bulk_limit", -(10**400)),
        f"{M0}.bulk_limit must be a finite number",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in MOTION_CASES], ids=[c[0] for c in MOTION_CASES]
)
def test_bad_motion_entries_are_refused_with_their_exact_message(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    refuse_exactly(edit_json(edit, GOOD_V5), f"cannot read map: map.json: {message}")


_TEXT = members_of(GOOD_V5)["map.json"]
RAW_CASES = [
    (
        "bulk-nan",
        b'"bulk": 12.5',
        b'"bulk": NaN',
        "map.json is not valid: NaN is not a JSON number",
    ),
    (
        "limit-infinity",
        b'"bulk_limit": 10.0',
        b'"bulk_limit": Infinity',
        "map.json is not valid: Infinity is not a JSON number",
    ),
    (
        "bulk-minus-infinity",
        b'"bulk": 12.5',
        b'"bulk": -Infinity',
        "map.json is not valid: -Infinity is not a JSON number",
    ),
    (
        "bulk-overflow",
        b'"bulk": 12.5',
        b'"bulk": 1e999',
        f"map.json: {M0}.bulk must be a finite number",
    ),
    (
        "limit-overflow",
        b'"bulk_limit": 10.0',
        b'"bulk_limit": -1e999',
        f"map.json: {M0}.bulk_limit must be a finite number",
    ),
    (
        "altitude-overflow",
        b'"altitude": 3',
        b'"altitude": 1e999',
        f"map.json: {M0}.altitude must be an integer, not a number",
    ),
    (
        "altitude-exponent",
        b'"altitude": 3',
        b'"altitude": 3e0',
        f"map.json: {M0}.altitude must be an integer, not a number",
    ),
    (
        "motion-twice",
        b'"motion": {"mode": "fly"',
        b'"motion": {}, "motion": {"mode": "fly"',
        "map.json is not valid: key 'motion' appears twice in an object",
    ),
    (
        "mode-twice",
        b'"mode": "fly"',
        b'"mode": "fly", "mode": "fly"',
        "map.json is not valid: key 'mode' appears twice in an object",
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "message"), [c[1:] for c in RAW_CASES], ids=[c[0] for c in RAW_CASES]
)
def test_bad_motion_numbers_in_the_json_text_are_refused(
    old: bytes, new: bytes, message: str
) -> None:
    assert _TEXT.count(old) >= 1
    text = _TEXT.replace(old, new, 1)  # the first token: the wyvern
    refuse_exactly(replace_member("map.json", text, GOOD_V5), f"cannot read map: {message}")


def test_unknown_fields_in_a_motion_are_ignored_as_in_other_entries() -> None:
    board = mapfile.loads(edit_json(put("tokens.0.motion.hover", True), GOOD_V5))
    assert board == mapfile.loads(GOOD_V5)


_JSON = json_values("fly", "burrow", "climb", "ground", "dash", "run", key_size=6)
MOTION_PATHS = [
    *(f"tokens.{i}.motion" for i in range(4)),
    *(f"tokens.{i}.motion.{f}" for i in range(4) for f in MOTION_FIELDS),
    *(f"tokens.{i}.movement_types" for i in range(4)),
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(MOTION_PATHS), _JSON)
def test_any_json_in_a_motion_loads_or_is_refused_by_name(path: str, value: object) -> None:
    index = path.split(".")[1]
    try:
        board = mapfile.loads(edit_json(put(path, value), GOOD_V5))
    except MapFileError as exc:
        assert str(exc).startswith(f"cannot read map: map.json: tokens[{index}]"), str(exc)
    else:
        assert mapfile.loads(mapfile.dumps(board)) == board


def test_check_lists_the_motion_problem_of_every_token(tmp_path: Path) -> None:
    doc = map_json(GOOD_V5)
    doc["tokens"][0]["motion"]["altitude"] = -3
    doc["tokens"][1]["motion"]["mode"] = "fly"
    doc["tokens"][2]["motion"]["amble"] = "quietly"
    doc["tokens"][3]["motion"]["bulk_limit"] = "none"
    path = tmp_path / "motion.hexmap"
    path.write_bytes(with_map_json(doc, GOOD_V5))
    assert mapfile.check(path) == [
        f"map.json: {M0}: {ALTITUDE_RULE}, got -3",
        f"map.json: tokens[1]: token 'mole': {NEEDS_FLY}",
        f"map.json: {M2}.amble must be true or false, not a string",
        f"map.json: {M3}.bulk_limit must be a number, not a string",
        # the turn order names tokens that could not be read: it is not blamed
    ]


# --- saving refuses what would not read back -----------------------------------------------


def _moving(motion: object, types: tuple[str, ...] = ("land", "swim")) -> Callable[[], Board]:
    """A maker of a board holding token ``t`` with ``motion`` forced on it, unchecked."""

    def make() -> Board:
        token = forced(Token("t", "T", Hex(0, 0), movement_types=types), motion=motion)
        return Board.blank(3, 3)._evolve(tokens={"t": token})

    return make


ON_T = "map.json: tokens[0]"
WRITE_CASES = [
    ("not-a-motion", _moving(None), f"{ON_T}: token 't': motion must be a Motion"),
    ("a-dict", _moving({"mode": "fly"}), f"{ON_T}: token 't': motion must be a Motion"),
    ("fly-without-type", _moving(Motion("fly")), f"{ON_T}: token 't': {NEEDS_FLY}"),
    ("mode", _moving(forced(Motion(), mode="hover")), f"{ON_T}.motion: {MODE_RULE}, got 'hover'"),
    (
        "mode-type",
        _moving(forced(Motion(), mode=None)),
        f"{ON_T}.motion.mode must be a string, not null",
    ),
    ("altitude", _moving(forced(Motion(), altitude=-1)), f"{ON_T}.motion: {ALTITUDE_RULE}, got -1"),
    (
        "altitude-float",
        _moving(forced(Motion(), altitude=1.5)),
        f"{ON_T}.motion.altitude must be an integer, not a number",
    ),
    (
        "altitude-bool",
        _moving(forced(Motion(), altitude=True)),
        f"{ON_T}.motion.altitude must be an integer, not true/false",
    ),
    (
        "pace",
        _moving(forced(Motion(), pace="sprint")),
        f"{ON_T}.motion: pace must be one of walk, dash, run, got 'sprint'",
    ),
    (
        "amble",
        _moving(forced(Motion(), amble=1)),
        f"{ON_T}.motion.amble must be true or false, not an integer",
    ),
    (
        "winged",
        _moving(forced(Motion(), winged=None)),
        f"{ON_T}.motion.winged must be true or false, not null",
    ),
    (
        "bulk-nan",
        _moving(forced(Motion(), bulk=float("nan"))),
        f"{ON_T}.motion.bulk must be a finite number",
    ),
    (
        "bulk-inf",
        _moving(forced(Motion(), bulk=float("inf"))),
        f"{ON_T}.motion.bulk must be a finite number",
    ),
    (
        "bulk-beyond-float",
        _moving(forced(Motion(), bulk=10**400)),
        f"{ON_T}.motion.bulk must be a finite number",
    ),
    (
        "bulk-str",
        _moving(forced(Motion(), bulk="2")),
        f"{ON_T}.motion.bulk must be a number, not a string",
    ),
    ("bulk-negative", _moving(forced(Motion(), bulk=-2)), f"{ON_T}.motion: {BULK_RULE}, got -2.0"),
    (
        "limit-bool",
        _moving(forced(Motion(), bulk_limit=True)),
        f"{ON_T}.motion.bulk_limit must be a number, not true/false",
    ),
    (
        "limit-nan",
        _moving(forced(Motion(), bulk_limit=float("nan"))),
        f"{ON_T}.motion.bulk_limit must be a finite number",
    ),
    (
        "limit-high",
        _moving(forced(Motion(), bulk_limit=1e12)),
        f"{ON_T}.motion: {LIMIT_RULE}, got 1000000000000.0",
    ),
]


@pytest.mark.parametrize(
    ("make", "message"), [c[1:] for c in WRITE_CASES], ids=[c[0] for c in WRITE_CASES]
)
def test_dumps_refuses_a_motion_that_would_not_read_back(
    make: Callable[[], Board], message: str, tmp_path: Path
) -> None:
    refuse_to_write(make(), message, tmp_path)
