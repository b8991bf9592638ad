"""Map format version 7: each token's senses, limbs (and those gripping an object) and the
words it spoke this round; the spaces moved in a row and Dash used that Charge reads; the
rounds of Secondary movement counted toward Overexertion and whether it moved with one
this turn; the Concealment kinds of every sense; the upgrade from version 6, the
version-7 fixture, the layout of map.json and round trips. Broken entries are in
test_mapfile_v7_hostile.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.board.body import DEFAULT_SENSES, MAX_LIMBS, MAX_WORDS, SENSES, Words
from rules.board.grid import Board
from rules.board.motion import MAX_RUN, MAX_SECONDARY_ROUNDS, Motion
from rules.board.terrain import ConcealmentKind
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.mapfile.body import MOTION_FIELDS_V7, TOKEN_BODY_FIELDS, WORDS_FIELDS
from rules.mapfile.motion import MOTION_FIELDS, MOTION_FIELDS_V5
from rules.movement.turn_flow import next_turn
from rules.turns import act_now
from tests.rules.mapfile_helpers import (
    GOOD_V6,
    GOOD_V7,
    V1_FIXTURE,
    V2_FIXTURE,
    V3_FIXTURE,
    V4_FIXTURE,
    V5_FIXTURE,
    V6_FIXTURE,
    V7_FIXTURE,
    drop,
    edit_json,
    forced,
    make_v6,
    make_v7,
    map_json,
    put,
    refuse_exactly,
    sample_board,
)

SECONDARY = "you must roll for Overexertion after each 10 minutes"  # [S001]

# --- the version-7 fixture ----------------------------------------------------------------


def test_v7_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V7_FIXTURE)
    assert board == make_v7.build_board()
    assert map_json(GOOD_V7)["version"] == 7
    aria, bat, naga = (board.token(t) for t in ("aria", "bat", "naga"))
    assert (aria.senses, aria.limbs, aria.gripping) == (("sight", "sound"), 2, 1)
    assert aria.words == Words(10, 2, 3) and aria.motion == make_v7.ARIA_MOTION
    assert (aria.motion.spaces_in_a_row, aria.motion.dashed) == (3, True)
    assert (bat.senses, bat.limbs, bat.words.per_round) == (("sound", "smell"), 0, 0)
    assert (naga.senses[0], naga.limbs, naga.gripping) == ("thermal", 4, 2)
    otter = board.token("otter")
    assert otter.motion == make_v7.OTTER_MOTION and otter.movement_types == ("land", "swim")
    assert (otter.motion.secondary_rounds, otter.motion.secondary_now) == (119, True)
    assert board.turn.participant("otter").waiting
    kinds = board.layer("concealment_kind")
    assert {ConcealmentKind(int(k)) for k in np.unique(kinds)} == {
        ConcealmentKind.WORLD,
        ConcealmentKind.NOISE,
        ConcealmentKind.MAGIC_SIGHT,
        ConcealmentKind.HEAT,
        ConcealmentKind.MAGIC_VIBRATION,
    }


def test_the_fixture_otters_count_makes_the_roll_due_as_its_turn_ends() -> None:
    """[S001] "Movement with a Secondary Movement type increases the cost by 1 and you must
    roll for Overexertion after each 10 minutes": 119 rounds kept in the file, the 120th
    counted as the otter's turn ends."""
    board = mapfile.load(V7_FIXTURE)
    otter_acts = next_turn(board, act_now(board.turn, "otter"))  # Aria's turn ends
    assert otter_acts.actor == "otter"
    ended = next_turn(otter_acts.board)
    motion = ended.board.token("otter").motion
    assert (motion.secondary_rounds, motion.secondary_now) == (120, False)
    assert any(
        c.startswith("River Otter: 120 rounds (10 minutes)") and "(Q9)" in c for c in ended.changes
    ), SECONDARY


def test_v7_fixture_checks_clean_and_is_rewritten_in_the_current_format() -> None:
    assert mapfile.check(V7_FIXTURE) == []
    rewritten = mapfile.dumps(mapfile.load(V7_FIXTURE))
    assert map_json(rewritten)["version"] == mapfile.FORMAT_VERSION == 8
    assert mapfile.loads(rewritten) == make_v7.build_board()


def test_v7_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v7.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    for module in (mapfile, mapfile.hexmap):  # the face re-exports it
        monkeypatch.setattr(module, "FORMAT_VERSION", 8)
    assert make_v7.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V7_FIXTURE.read_bytes() == GOOD_V7


# --- the layout of map.json ---------------------------------------------------------------


def test_v7_map_json_layout() -> None:
    doc = map_json(GOOD_V7)
    aria = doc["tokens"][0]
    keys = list(aria)
    at = keys.index("movement_types") + 1
    assert keys[at : at + 4] == list(TOKEN_BODY_FIELDS) == ["senses", "limbs", "gripping", "words"]
    assert {k: aria[k] for k in TOKEN_BODY_FIELDS} == {
        "senses": ["sight", "sound"],
        "limbs": 2,
        "gripping": 1,
        "words": {"per_round": 10, "spent": 2, "round": 3},
    }
    assert list(aria["words"]) == list(WORDS_FIELDS)
    assert list(aria["motion"]) == list(MOTION_FIELDS) == [*MOTION_FIELDS_V5, *MOTION_FIELDS_V7]
    assert (aria["motion"]["spaces_in_a_row"], aria["motion"]["dashed"]) == (3, True)
    assert MOTION_FIELDS_V7[2:] == ("secondary_rounds", "secondary_now")
    otter = doc["tokens"][3]["motion"]
    assert (otter["secondary_rounds"], otter["secondary_now"]) == (119, True)
    assert (aria["motion"]["secondary_rounds"], aria["motion"]["secondary_now"]) == (0, False)
    assert keys[-1] == "motion"


def test_a_default_token_writes_the_default_body() -> None:
    doc = map_json(mapfile.dumps(Board.blank(2, 2).with_token(Token("t", "T", Hex(0, 0)))))
    token = doc["tokens"][0]
    assert {k: token[k] for k in TOKEN_BODY_FIELDS} == {
        "senses": ["sight"],
        "limbs": 2,
        "gripping": 0,
        "words": {"per_round": 10, "spent": 0, "round": 0},
    }


# --- upgrades -----------------------------------------------------------------------------

OLDER = [V1_FIXTURE, V2_FIXTURE, V3_FIXTURE, V4_FIXTURE, V5_FIXTURE, V6_FIXTURE]


@pytest.mark.parametrize("path", OLDER, ids=["v1", "v2", "v3", "v4", "v5", "v6"])
def test_older_fixtures_upgrade_with_the_default_body(path: Path) -> None:
    board = mapfile.load(path)
    for token in board.tokens.values():
        assert (token.senses, token.limbs, token.gripping) == (DEFAULT_SENSES, 2, 0)
        assert token.words == Words() and (token.motion.spaces_in_a_row, token.motion.dashed) == (
            0,
            False,
        )
        assert (token.motion.secondary_rounds, token.motion.secondary_now) == (0, False)
    assert mapfile.loads(mapfile.dumps(board)) == board
    assert mapfile.check(path) == []


def test_the_v6_fixture_still_loads_to_its_builder() -> None:
    assert mapfile.load(V6_FIXTURE) == make_v6.build_board()
    assert map_json(GOOD_V6)["version"] == 6


def test_the_v7_upgrade_gives_the_defaults_and_replaces_what_v6_ignored() -> None:
    v6 = map_json(GOOD_V6)
    v6["tokens"][0].update(senses="junk", limbs=-4, words=[1])  # version 6 never read these
    v6["tokens"][0]["motion"]["dashed"] = "yes"
    v6["tokens"][0]["motion"].update(secondary_rounds=-3, secondary_now="yes")
    doc = mapfile.UPGRADERS[6](v6)
    for token in doc["tokens"]:
        assert token["senses"] == ["sight"] and (token["limbs"], token["gripping"]) == (2, 0)
        assert token["words"] == {"per_round": 10, "spent": 0, "round": 0}
        assert (token["motion"]["spaces_in_a_row"], token["motion"]["dashed"]) == (0, False)
        motion = token["motion"]
        assert (motion["secondary_rounds"], motion["secondary_now"]) == (0, False)
        assert set(motion) == set(MOTION_FIELDS)
    assert v6["tokens"][0]["senses"] == "junk" and "gripping" not in v6["tokens"][1]  # unchanged
    other = mapfile.UPGRADERS[6](v6)
    assert other["tokens"][0]["words"] is not doc["tokens"][0]["words"]
    assert other["tokens"][0]["senses"] is not doc["tokens"][0]["senses"]
    assert mapfile.loads(edit_json(put("tokens.0.limbs", "x"), GOOD_V6)) == make_v6.build_board()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (put("tokens", "none"), "map.json: tokens must be a list, not a string"),
        (put("tokens.0", 3), "map.json: tokens[0] must be an object"),
        (put("tokens.1.motion", 3), "map.json: tokens[1].motion must be an object, not an integer"),
        (drop("tokens.2.motion"), "map.json: tokens[2].motion is missing"),
    ],
)
def test_the_v7_upgrade_leaves_damage_for_the_reader_to_name(edit: object, message: str) -> None:
    refuse_exactly(edit_json(edit, GOOD_V6), f"cannot read map: {message}")  # type: ignore[arg-type]


def test_a_version_6_map_json_claiming_version_7_is_refused() -> None:
    refuse_exactly(
        edit_json(put("version", 7), GOOD_V6),
        "cannot read map: map.json: tokens[0].limbs is missing",
    )


# --- round trips --------------------------------------------------------------------------


def test_every_concealment_kind_round_trips() -> None:
    kinds = list(ConcealmentKind)
    board = Board.blank(len(kinds), 1)
    layer = np.array([[int(k) for k in kinds]], dtype=np.uint8)
    board = board.with_layer("concealment", np.full((1, len(kinds)), 3, np.uint8))
    board = board.with_layer("concealment_kind", layer)
    loaded = mapfile.loads(mapfile.dumps(board))
    assert np.array_equal(loaded.layer("concealment_kind"), layer) and len(kinds) == 14


def test_the_sample_board_round_trips_with_bodies() -> None:
    board = sample_board()
    wolf = board.token("b")
    wolf = Token(
        **{
            **_fields(wolf),
            "senses": ("smell", "sound", "sight"),
            "limbs": 0,
            "words": Words(0, 0, 0),
        }
    )
    board = board.with_token_replaced(wolf)
    assert mapfile.loads(mapfile.dumps(board)) == board


def _fields(token: Token) -> dict[str, object]:
    return {name: getattr(token, name) for name in token.__dataclass_fields__}


SENSE_LISTS = st.lists(st.sampled_from(SENSES), min_size=1, max_size=7, unique=True).map(tuple)


@settings(max_examples=60, deadline=None)
@given(
    SENSE_LISTS,
    st.integers(0, MAX_LIMBS).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.builds(Words, st.integers(0, MAX_WORDS), st.integers(0, MAX_WORDS), st.integers(0, 10**30)),
    st.integers(0, MAX_RUN),
    st.booleans(),
    st.integers(0, MAX_SECONDARY_ROUNDS),
    st.booleans(),
)
def test_any_body_run_and_secondary_count_round_trip(
    senses: tuple[str, ...],
    limbs: tuple[int, int],
    words: Words,
    run: int,
    dashed: bool,
    rounds: int,
    now: bool,
) -> None:
    motion = Motion(spaces_in_a_row=run, dashed=dashed, secondary_rounds=rounds, secondary_now=now)
    token = Token(
        "t",
        "T",
        Hex(1, 1),
        senses=senses,
        limbs=limbs[0],
        gripping=limbs[1],
        words=words,
        motion=motion,
    )
    board = Board.blank(3, 3).with_token(token)
    assert mapfile.loads(mapfile.dumps(board)).token("t") == token


def test_numpy_integers_in_a_body_are_written_as_json_integers() -> None:
    token = forced(Token("t", "T", Hex(0, 0)), limbs=np.int64(3), gripping=np.int32(1))
    forced(token.words, per_round=np.int16(4))
    doc = map_json(mapfile.dumps(Board.blank(2, 2).with_token(token)))
    body = doc["tokens"][0]
    assert (body["limbs"], body["gripping"], body["words"]["per_round"]) == (3, 1, 4)
    assert type(body["limbs"]) is int and type(body["words"]["per_round"]) is int


def test_numpy_integers_in_a_secondary_count_are_written_as_json_integers() -> None:
    motion = forced(Motion(), secondary_rounds=np.int64(240))
    doc = map_json(
        mapfile.dumps(Board.blank(2, 2).with_token(Token("t", "T", Hex(0, 0), motion=motion)))
    )
    written = doc["tokens"][0]["motion"]["secondary_rounds"]
    assert written == 240 and type(written) is int
