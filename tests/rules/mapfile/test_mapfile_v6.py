"""Map format version 6: the dice seed and draw count, the Holds between tokens, the roll
log, each effect's kind and amount, and the Skills added to the stats; the upgrade from
version 5, the version-6 fixture, the layout of map.json and round trips. Broken entries
are in test_mapfile_v6_hostile.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.battlefield.visibility import player_board
from rules.board.effects import EFFECT_KINDS, OngoingEffect
from rules.board.grid import Board
from rules.board.holds import Hold
from rules.board.pools import SKILLS, Vitals
from rules.board.roll_log import MAX_LOG, MAX_LOGGED_DICE, ROLE_NAMES, LoggedRoll, dice_rng
from rules.board.tokens import Token
from rules.board.turn_state import with_effect
from rules.hexes import Hex
from rules.mapfile.dice import DICE_FIELDS, HOLD_FIELDS, MAX_DICE_NUMBER, ROLL_FIELDS
from rules.mapfile.turn_state import EFFECT_FIELDS
from tests.rules.mapfile_helpers import (
    GOOD_V4,
    GOOD_V5,
    GOOD_V6,
    V1_FIXTURE,
    V2_FIXTURE,
    V3_FIXTURE,
    V4_FIXTURE,
    V5_FIXTURE,
    V6_FIXTURE,
    drop,
    edit_json,
    make_v4,
    make_v5,
    make_v6,
    map_json,
    members_of,
    put,
    refuse_exactly,
    sample_board,
)

# --- the version-6 fixture ----------------------------------------------------------------


def test_v6_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V6_FIXTURE)
    assert board == make_v6.build_board()
    assert map_json(GOOD_V6)["version"] == 6
    assert (board.dice_seed, board.dice_draws) == (20_261_130, 3)
    assert board.holds == (Hold("ogre", "aria", 1, "left arm"),)
    assert board.rolls == make_v6.ROLLS and len(board.rolls) == 5
    marks = [entry.marks for entry in board.rolls]
    assert marks == [(), ("fumble", "doubles 1"), ("doubles 8",), ("doubles 12", "12 ×2"), ()]
    assert [entry.manual for entry in board.rolls] == [False, False, False, True, False]
    assert [entry.role for entry in board.rolls] == ["attack", "defence", "attack", "check", "roll"]
    assert board.rolls[2].breakdown == ((1, "target 2 sizes larger: +1"), (0, "Called Shot — none"))
    kinds = [(e.kind, e.amount) for e in board.effects.values()]
    assert kinds == [("defensive_stance", 0), ("rapid_strike", 2), (None, 0)]
    assert dict(board.token("aria").vitals.stats)["nature"] == 4  # a Skill new in version 6


def test_v6_fixture_checks_clean_and_is_rewritten_in_the_current_format() -> None:
    assert mapfile.check(V6_FIXTURE) == []
    rewritten = mapfile.dumps(mapfile.load(V6_FIXTURE))
    assert map_json(rewritten)["version"] == mapfile.FORMAT_VERSION == 8
    assert mapfile.loads(rewritten) == make_v6.build_board()


def test_v6_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v6.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    for module in (mapfile, mapfile.hexmap):  # the face re-exports it
        monkeypatch.setattr(module, "FORMAT_VERSION", 7)
    assert make_v6.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V6_FIXTURE.read_bytes() == GOOD_V6


def test_a_loaded_map_draws_the_dice_it_would_have_drawn() -> None:
    board = mapfile.load(V6_FIXTURE)
    again = mapfile.loads(mapfile.dumps(board))
    ours = dice_rng(board.dice_seed, board.dice_draws).integers(1, 13, size=20)
    theirs = dice_rng(again.dice_seed, again.dice_draws).integers(1, 13, size=20)
    assert list(ours) == list(theirs)


def test_the_player_view_of_the_v6_fixture_round_trips() -> None:
    seen = player_board(mapfile.load(V6_FIXTURE))
    assert mapfile.loads(mapfile.dumps(seen)) == seen


# --- the layout of map.json ---------------------------------------------------------------


def test_v6_map_json_layout() -> None:
    doc = map_json(GOOD_V6)
    assert list(doc)[-4:] == ["effects", "dice", "holds", "rolls"]
    assert doc["dice"] == {"seed": 20_261_130, "draws": 3} and list(doc["dice"]) == [*DICE_FIELDS]
    assert doc["holds"] == [
        {"holder": "ogre", "held": "aria", "tier_change": 1, "part": "left arm"}
    ]
    assert all(list(h) == list(HOLD_FIELDS) for h in doc["holds"])
    assert all(list(r) == list(ROLL_FIELDS) for r in doc["rolls"])
    assert doc["rolls"][1] == {
        "action": "Grab",
        "faces": [1, 1, 6],
        "modifier": -1,
        "dl": None,
        "actor": "Aria Vell",
        "target": "Grey Ogre",
        "breakdown": [[-1, "Encumbered 2 (Hold)"]],
        "outcome": "fumble",
        "role": "defence",
        "manual": False,
        "round": 1,
    }
    assert doc["rolls"][3]["manual"] is True and doc["rolls"][3]["dl"] == 9
    assert all(list(e) == list(EFFECT_FIELDS) for e in doc["effects"])
    assert list(EFFECT_FIELDS)[-2:] == ["kind", "amount"]
    assert [(e["kind"], e["amount"]) for e in doc["effects"]] == [
        ("defensive_stance", 0),
        ("rapid_strike", 2),
        (None, 0),
    ]


def test_the_roll_log_is_written_last_one_line_per_roll() -> None:
    lines = members_of(GOOD_V6)["map.json"].decode().splitlines()
    assert lines[-12:-9] == [
        '  "dice": {"seed": 20261130, "draws": 3},',
        '  "holds": [',
        '    {"holder": "ogre", "held": "aria", "tier_change": 1, "part": "left arm"}',
    ]
    assert lines[-9:-7] == ["  ],", '  "rolls": [']
    assert all(line.startswith('    {"action": ') for line in lines[-7:-2])
    assert lines[-2:] == ["  ]", "}"] and "Called Shot — none" in lines[-5]  # not escaped


def test_a_board_without_dice_writes_empty_parts() -> None:
    doc = map_json(mapfile.dumps(Board.blank(2, 2)))
    assert (doc["dice"], doc["holds"], doc["rolls"]) == ({"seed": 0, "draws": 0}, [], [])


# --- upgrades -----------------------------------------------------------------------------

OLDER = [V1_FIXTURE, V2_FIXTURE, V3_FIXTURE, V4_FIXTURE, V5_FIXTURE]


@pytest.mark.parametrize("path", OLDER, ids=["v1", "v2", "v3", "v4", "v5"])
def test_older_fixtures_upgrade_with_no_holds_no_rolls_and_seed_0(path: Path) -> None:
    board = mapfile.load(path)
    assert (board.holds, board.rolls, board.dice_seed, board.dice_draws) == ((), (), 0, 0)
    assert all((e.kind, e.amount) == (None, 0) for e in board.effects.values())
    assert mapfile.loads(mapfile.dumps(board)) == board


def test_the_v5_and_v4_fixtures_still_load_to_their_builders() -> None:
    assert mapfile.load(V5_FIXTURE) == make_v5.build_board()
    v4 = mapfile.load(V4_FIXTURE)
    assert v4 == make_v4.build_board() and v4.effects  # effects upgraded to no kind
    assert map_json(GOOD_V5)["version"] == 5


def test_the_v5_upgrade_gives_the_defaults_and_replaces_what_v5_ignored() -> None:
    v5 = map_json(GOOD_V4)  # a map with effects, brought to version 5
    v5 = {**mapfile.UPGRADERS[4](v5), "version": 5}
    v5["effects"][0]["kind"] = "junk"  # version 5 never read these
    v5.update(dice="junk", holds=7, rolls={"a": 1})
    doc = mapfile.UPGRADERS[5](v5)
    assert (doc["dice"], doc["holds"], doc["rolls"]) == ({"seed": 0, "draws": 0}, [], [])
    assert [(e["kind"], e["amount"]) for e in doc["effects"]] == [(None, 0)] * 3
    assert v5["effects"][0]["kind"] == "junk" and "amount" not in v5["effects"][1]  # unchanged
    other = mapfile.UPGRADERS[5](v5)
    assert other["dice"] is not doc["dice"] and other["holds"] is not doc["holds"]
    loaded = mapfile.loads(edit_json(put("effects.0.amount", "x"), GOOD_V4))
    assert loaded == make_v4.build_board()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (put("effects", "none"), "map.json: effects must be a list, not a string"),
        (put("effects.0", 3), "map.json: effects[0] must be an object"),
        (drop("effects.1.name"), "map.json: effects[1].name is missing"),
        (drop("effects"), "map.json: effects is missing"),
    ],
)
def test_the_v5_upgrade_leaves_damage_for_the_reader_to_name(edit: object, message: str) -> None:
    refuse_exactly(edit_json(edit, GOOD_V4), f"cannot read map: {message}")  # type: ignore[arg-type]


def test_a_version_5_map_json_claiming_version_6_is_refused() -> None:
    refuse_exactly(
        edit_json(put("version", 6), GOOD_V5), "cannot read map: map.json: dice is missing"
    )
    v5_effect = {
        "id": "e",
        "name": "E",
        "creator": None,
        "rounds_left": None,
        "description": "",
        "area_id": None,
        "target": None,
    }
    refuse_exactly(
        edit_json(put("effects", [v5_effect]), GOOD_V6),
        "cannot read map: map.json: effects[0].kind is missing",
    )


# --- round trips --------------------------------------------------------------------------


def _two_tokens() -> Board:
    board = Board.blank(6, 4)
    board = board.with_token(Token("a", "Aria", Hex(1, 1), vitals=Vitals(stats=_every_skill())))
    return board.with_token(Token("b", "Bandit", Hex(2, 1)))


def _every_skill() -> tuple[tuple[str, int], ...]:
    return tuple(sorted((name, k - 8) for k, name in enumerate(SKILLS)))


def test_every_effect_kind_amount_and_skill_round_trips() -> None:
    board = _two_tokens()
    step = 999 // len(EFFECT_KINDS)  # amounts 0..999
    for k, kind in enumerate([*EFFECT_KINDS, None]):
        effect = OngoingEffect(
            f"e{k}", f"E{k}", creator="a", target="b", kind=kind, amount=k * step
        )
        board = with_effect(board, effect)
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded == board
    assert [(e.kind, e.amount) for e in loaded.effects.values()] == [
        (kind, k * step) for k, kind in enumerate([*EFFECT_KINDS, None])
    ]
    assert len(loaded.token("a").vitals.stats) == len(SKILLS) == 16


def test_holds_round_trip_in_order() -> None:
    board = _two_tokens().with_token(Token("c", "Crow", Hex(3, 1), size=-2))
    holds = (Hold("b", "a", -99, None), Hold("a", "c", 99, "right wing"))
    board = replace(board, holds=holds)
    assert mapfile.loads(mapfile.dumps(board)).holds == holds


def test_the_largest_dice_seed_and_count_round_trip() -> None:
    board = replace(Board.blank(1, 1), dice_seed=MAX_DICE_NUMBER, dice_draws=MAX_DICE_NUMBER)
    loaded = mapfile.loads(mapfile.dumps(board))
    assert (loaded.dice_seed, loaded.dice_draws) == (2**128 - 1, 2**128 - 1)


def test_a_full_roll_log_round_trips() -> None:
    entry = LoggedRoll("Strike", (12, 1, 1), modifier=-3, dl=40, round=99)
    rolls = tuple(replace(entry, actor=f"A{k}") for k in range(MAX_LOG - 1))
    rolls += (LoggedRoll("Most dice", (7,) * MAX_LOGGED_DICE),)
    board = replace(Board.blank(2, 2), rolls=rolls, dice_draws=MAX_LOG)
    assert mapfile.loads(mapfile.dumps(board)).rolls == rolls


def test_the_sample_board_round_trips_with_dice_and_holds() -> None:
    board = sample_board()
    board = replace(board, holds=(Hold("e", "a"),), rolls=make_v6.ROLLS, dice_seed=7)
    assert mapfile.loads(mapfile.dumps(board)) == board


_TEXT = st.text(max_size=12)
ROLLS = st.builds(
    LoggedRoll,
    action=_TEXT.filter(str.strip),
    faces=st.lists(st.integers(1, 12), max_size=8).map(tuple),
    modifier=st.integers(-(10**6), 10**6),
    dl=st.none() | st.integers(-50, 50),
    actor=_TEXT,
    target=_TEXT,
    breakdown=st.lists(st.tuples(st.integers(-99, 99), _TEXT), max_size=3).map(tuple),
    outcome=_TEXT,
    role=st.sampled_from(ROLE_NAMES),
    manual=st.booleans(),
    round=st.integers(0, 10**4),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ROLLS, max_size=12), st.integers(0, MAX_DICE_NUMBER), st.integers(0, 10**9))
def test_any_roll_log_round_trips(rolls: list[LoggedRoll], seed: int, draws: int) -> None:
    board = replace(Board.blank(2, 2), rolls=tuple(rolls), dice_seed=seed, dice_draws=draws)
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded == board
    assert [entry.text() for entry in loaded.rolls] == [entry.text() for entry in rolls]


def test_numpy_integers_in_a_log_are_written_as_json_integers() -> None:
    entry = LoggedRoll("Roll", (3, 4), modifier=2)
    object.__setattr__(entry, "modifier", np.int64(2))
    object.__setattr__(entry, "breakdown", ((np.int32(2), "Might"),))
    doc = map_json(mapfile.dumps(replace(Board.blank(2, 2), rolls=(entry,))))
    assert doc["rolls"][0]["modifier"] == 2 and doc["rolls"][0]["breakdown"] == [[2, "Might"]]
