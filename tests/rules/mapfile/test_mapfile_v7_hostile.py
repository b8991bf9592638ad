"""Map format version 7, strictly: every broken ``senses``, ``limbs``, ``gripping`` or
``words`` of a token, every broken ``spaces_in_a_row``, ``dashed``, ``secondary_rounds`` or
``secondary_now`` of its motion and a ``concealment_kind`` beyond the known kinds is
refused with its exact message, when reading and when writing; ``hexweave check`` lists
the problem of each token."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.board.body import SENSES, Words
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile.body import MOTION_FIELDS_V7, TOKEN_BODY_FIELDS, WORDS_FIELDS
from tests.rules.mapfile_helpers import (
    GOOD_V7,
    drop,
    edit_json,
    forced,
    json_values,
    map_json,
    npy,
    put,
    refuse,
    refuse_exactly,
    refuse_to_write,
    replace_member,
    with_map_json,
)

Edit = Callable[[dict[str, Any]], None]
ONE_OF = f"must be one of {', '.join(SENSES)}"
T0, T2 = "tokens[0]", "tokens[2]"  # Aria (2 limbs, 1 gripping); the naga (4 limbs, 2 gripping)
T3 = "tokens[3]"  # the otter: 119 rounds of swimming counted, swam this turn
ROUNDS = "rounds of Secondary movement must be a whole number 0..1000000000"

BODY_CASES = [
    *(
        (f"{key}-missing", drop(f"tokens.0.{key}"), f"{T0}.{key} is missing")
        for key in TOKEN_BODY_FIELDS
    ),
    # senses
    ("senses-str", put("tokens.0.senses", "sight"), f"{T0}.senses must be a list, not a string"),
    ("senses-null", put("tokens.0.senses", None), f"{T0}.senses must be a list, not null"),
    ("senses-empty", put("tokens.0.senses", []), f"{T0}.senses must name at least one sense"),
    ("senses-int", put("tokens.0.senses", [1]), f"{T0}.senses[0] must be a string, not an integer"),
    (
        "senses-unknown",
        put("tokens.0.senses", ["sight", "echo"]),
        f"{T0}.senses[1] {ONE_OF}, got 'echo'",
    ),
    ("senses-case", put("tokens.0.senses", ["Sight"]), f"{T0}.senses[0] {ONE_OF}, got 'Sight'"),
    (
        "senses-twice",
        put("tokens.0.senses", ["sound", "sound"]),
        f"{T0}.senses lists 'sound' twice",
    ),
    (
        "senses-many",
        put("tokens.0.senses", ["sight"] * 10**5),
        f"{T0}.senses lists 100000 senses; there are 7",
    ),
    # limbs and gripping
    ("limbs-str", put("tokens.0.limbs", "2"), f"{T0}.limbs must be an integer, not a string"),
    ("limbs-float", put("tokens.0.limbs", 2.0), f"{T0}.limbs must be an integer, not a number"),
    ("limbs-bool", put("tokens.0.limbs", True), f"{T0}.limbs must be an integer, not true/false"),
    ("limbs-negative", put("tokens.0.limbs", -1), f"{T0}.limbs must be 0..99, got -1"),
    ("limbs-huge", put("tokens.0.limbs", 10**40), f"{T0}.limbs must be 0..99, got {10**40}"),
    (
        "gripping-null",
        put("tokens.0.gripping", None),
        f"{T0}.gripping must be an integer, not null",
    ),
    (
        "gripping-over",
        put("tokens.0.gripping", 3),
        f"{T0}.gripping must be 0..2 (its limbs), got 3",
    ),
    (
        "gripping-negative",
        put("tokens.2.gripping", -1),
        f"{T2}.gripping must be 0..4 (its limbs), got -1",
    ),
    ("fewer-limbs", put("tokens.2.limbs", 1), f"{T2}.gripping must be 0..1 (its limbs), got 2"),
    # words
    ("words-list", put("tokens.0.words", [10, 0, 0]), f"{T0}.words must be an object, not a list"),
    ("words-int", put("tokens.0.words", 10), f"{T0}.words must be an object, not an integer"),
    *(
        (f"words-{key}-missing", drop(f"tokens.0.words.{key}"), f"{T0}.words.{key} is missing")
        for key in WORDS_FIELDS
    ),
    (
        "per-round-str",
        put("tokens.0.words.per_round", "10"),
        f"{T0}.words.per_round must be an integer, not a string",
    ),
    (
        "per-round-over",
        put("tokens.0.words.per_round", 1000),
        f"{T0}.words.per_round must be 0..999, got 1000",
    ),
    ("spent-negative", put("tokens.0.words.spent", -2), f"{T0}.words.spent must be 0..999, got -2"),
    (
        "spent-float",
        put("tokens.0.words.spent", 1.5),
        f"{T0}.words.spent must be an integer, not a number",
    ),
    (
        "round-negative",
        put("tokens.0.words.round", -1),
        f"{T0}.words.round must be a whole number from 0, got -1",
    ),
    (
        "round-bool",
        put("tokens.0.words.round", False),
        f"{T0}.words.round must be an integer, not true/false",
    ),
    # motion
    *(
        (f"motion-{key}-missing", drop(f"tokens.0.motion.{key}"), f"{T0}.motion.{key} is missing")
        for key in MOTION_FIELDS_V7
    ),
    (
        "run-str",
        put("tokens.0.motion.spaces_in_a_row", "3"),
        f"{T0}.motion.spaces_in_a_row must be an integer, not a string",
    ),
    (
        "run-negative",
        put("tokens.0.motion.spaces_in_a_row", -1),
        f"{T0}.motion: spaces moved in a row must be a whole number 0..99999, got -1",
    ),
    (
        "run-huge",
        put("tokens.0.motion.spaces_in_a_row", 10**6),
        f"{T0}.motion: spaces moved in a row must be a whole number 0..99999, got 1000000",
    ),
    (
        "dashed-int",
        put("tokens.0.motion.dashed", 1),
        f"{T0}.motion.dashed must be true or false, not an integer",
    ),
    (
        "dashed-null",
        put("tokens.0.motion.dashed", None),
        f"{T0}.motion.dashed must be true or false, not null",
    ),
    (
        "rounds-str",
        put("tokens.3.motion.secondary_rounds", "119"),
        f"{T3}.motion.secondary_rounds must be an integer, not a string",
    ),
    (
        "rounds-float",
        put("tokens.3.motion.secondary_rounds", 119.0),
        f"{T3}.motion.secondary_rounds must be an integer, not a number",
    ),
    (
        "rounds-bool",
        put("tokens.3.motion.secondary_rounds", True),
        f"{T3}.motion.secondary_rounds must be an integer, not true/false",
    ),
    (
        "rounds-null",
        put("tokens.3.motion.secondary_rounds", None),
        f"{T3}.motion.secondary_rounds must be an integer, not null",
    ),
    (
        "rounds-negative",
        put("tokens.3.motion.secondary_rounds", -1),
        f"{T3}.motion: {ROUNDS}, got -1",
    ),
    (
        "rounds-huge",
        put("tokens.3.motion.secondary_rounds", 10**9 + 1),
        f"{T3}.motion: {ROUNDS}, got 1000000001",
    ),
    (
        "rounds-vast",
        put("tokens.3.motion.secondary_rounds", 10**40),
        f"{T3}.motion: {ROUNDS}, got {10**40}",
    ),
    (
        "now-int",
        put("tokens.3.motion.secondary_now", 1),
        f"{T3}.motion.secondary_now must be true or false, not an integer",
    ),
    (
        "now-str",
        put("tokens.3.motion.secondary_now", "true"),
        f"{T3}.motion.secondary_now must be true or false, not a string",
    ),
    (
        "now-null",
        put("tokens.3.motion.secondary_now", None),
        f"{T3}.motion.secondary_now must be true or false, not null",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in BODY_CASES], ids=[c[0] for c in BODY_CASES]
)
def test_bad_v7_entries_are_refused_with_their_exact_message(edit: Edit, message: str) -> None:
    refuse_exactly(edit_json(edit, GOOD_V7), f"cannot read map: map.json: {message}")


@pytest.mark.parametrize(
    ("edit", "check"),
    [
        (put("tokens.0.senses", list(SENSES)), lambda b: b.token("aria").senses == SENSES),
        (put("tokens.0.limbs", 0), None),  # 0 limbs, but 1 gripping: refused below
        (put("tokens.2.gripping", 4), lambda b: b.token("naga").gripping == 4),
        (put("tokens.0.words.spent", 999), lambda b: b.token("aria").words.spent == 999),
        (put("tokens.0.words.round", 10**30), lambda b: b.token("aria").words.round == 10**30),
        (put("tokens.0.hands", 2), lambda b: b == mapfile.loads(GOOD_V7)),  # unknown: ignored
        (put("tokens.0.words.mood", 1), lambda b: b == mapfile.loads(GOOD_V7)),
        (
            put("tokens.3.motion.secondary_rounds", 10**9),
            lambda b: b.token("otter").motion.secondary_rounds == 10**9,
        ),
        (
            put("tokens.3.motion.secondary_rounds", 0),
            lambda b: b.token("otter").motion.secondary_rounds == 0,
        ),
        (
            put("tokens.0.motion.secondary_now", True),
            lambda b: b.token("aria").motion.secondary_now,
        ),
    ],
)
def test_edge_values_load(edit: Edit, check: Callable[[Board], bool] | None) -> None:
    if check is None:
        refuse(edit_json(edit, GOOD_V7), "tokens[0].gripping must be 0..0 (its limbs), got 1")
        return
    board = mapfile.loads(edit_json(edit, GOOD_V7))
    assert check(board)
    assert mapfile.loads(mapfile.dumps(board)) == board


def test_a_concealment_kind_beyond_the_known_kinds_is_refused() -> None:
    kinds = np.zeros((5, 7), np.uint8)
    kinds[2, 3] = 14
    refuse_exactly(
        replace_member("layers/concealment_kind.npy", npy(kinds), GOOD_V7),
        "cannot read map: layer 'concealment_kind' holds values 0..14, allowed 0..13",
    )


_JSON = json_values("sight", "sound", "echo", "per_round", key_size=9)
PATHS = [
    *(f"tokens.{i}.{f}" for i in range(3) for f in TOKEN_BODY_FIELDS),
    "tokens.0.senses.0",
    "tokens.1.senses.1",
    *(f"tokens.{i}.words.{f}" for i in (0, 2) for f in WORDS_FIELDS),
    *(f"tokens.{i}.motion.{f}" for i in range(4) for f in MOTION_FIELDS_V7),
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), _JSON)
def test_any_json_in_a_v7_part_loads_or_is_refused_by_name(path: str, value: object) -> None:
    try:
        board = mapfile.loads(edit_json(put(path, value), GOOD_V7))
    except MapFileError as exc:
        token = ".".join(path.split(".")[:2]).replace(".", "[") + "]"
        assert str(exc).startswith(f"cannot read map: map.json: {token}"), str(exc)
    else:
        assert mapfile.loads(mapfile.dumps(board)) == board


def test_check_lists_the_problem_of_every_token(tmp_path: Path) -> None:
    doc = map_json(GOOD_V7)
    doc["tokens"][0]["senses"] = ["sight", "sight"]
    doc["tokens"][1]["words"]["per_round"] = -1
    doc["tokens"][2]["motion"]["dashed"] = "no"
    doc["tokens"][3]["motion"]["secondary_rounds"] = -1
    path = tmp_path / "bodies.hexmap"
    path.write_bytes(with_map_json(doc, GOOD_V7))
    problems = mapfile.check(path)
    assert problems[:4] == [
        "map.json: tokens[0].senses lists 'sight' twice",
        "map.json: tokens[1].words.per_round must be 0..999, got -1",
        "map.json: tokens[2].motion.dashed must be true or false, not a string",
        f"map.json: tokens[3].motion: {ROUNDS}, got -1",
    ]


# --- writing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"senses": ["sight"]},
            "map.json: tokens[0]: token 't': senses must be distinct, from "
            f"{', '.join(SENSES)}, the Primary Sense first; got ['sight']",
        ),
        (
            {"senses": ()},
            "map.json: tokens[0]: token 't': senses must be distinct, from "
            f"{', '.join(SENSES)}, the Primary Sense first; got ()",
        ),
        (
            {"limbs": 100},
            "map.json: tokens[0]: token 't': limbs must be a whole number 0..99, got 100",
        ),
        (
            {"gripping": 3},
            "map.json: tokens[0]: token 't': limbs gripping an object must be a "
            "whole number 0..2 (its limbs), got 3",
        ),
        ({"words": (10, 0, 0)}, "map.json: tokens[0]: token 't': words must be a Words"),
    ],
)
def test_a_token_whose_body_would_not_read_back_is_not_written(
    fields: dict[str, object], message: str, tmp_path: Path
) -> None:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(1, 1)))
    forced(board.token("t"), **fields)
    refuse_to_write(board, message, tmp_path)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"per_round": -1}, "map.json: tokens[0].words.per_round must be 0..999, got -1"),
        ({"spent": "2"}, "map.json: tokens[0].words.spent must be an integer, not a string"),
        ({"round": None}, "map.json: tokens[0].words.round must be an integer, not null"),
    ],
)
def test_words_that_would_not_read_back_are_not_written(
    fields: dict[str, object], message: str, tmp_path: Path
) -> None:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(1, 1), words=Words()))
    forced(board.token("t").words, **fields)
    refuse_to_write(board, message, tmp_path)


def test_a_motion_run_that_would_not_read_back_is_not_written(tmp_path: Path) -> None:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(1, 1), motion=Motion()))
    forced(board.token("t").motion, dashed=1)
    refuse_to_write(
        board, "map.json: tokens[0].motion.dashed must be true or false, not an integer", tmp_path
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"secondary_now": 1},
            "map.json: tokens[0].motion.secondary_now must be true or false, not an integer",
        ),
        (
            {"secondary_rounds": "2"},
            "map.json: tokens[0].motion.secondary_rounds must be an integer, not a string",
        ),
        (
            {"secondary_rounds": 2.0},
            "map.json: tokens[0].motion.secondary_rounds must be an integer, not a number",
        ),
        ({"secondary_rounds": -1}, f"map.json: tokens[0].motion: {ROUNDS}, got -1"),
        ({"secondary_rounds": 10**9 + 1}, f"map.json: tokens[0].motion: {ROUNDS}, got 1000000001"),
    ],
)
def test_a_secondary_count_that_would_not_read_back_is_not_written(
    fields: dict[str, object], message: str, tmp_path: Path
) -> None:
    board = Board.blank(3, 3).with_token(Token("t", "T", Hex(1, 1), motion=Motion()))
    forced(board.token("t").motion, **fields)
    refuse_to_write(board, message, tmp_path)


@pytest.mark.parametrize("rounds", [-1, 10**9 + 1, True, "1", 1.5, None])
def test_a_motion_refuses_a_bad_secondary_count(rounds: object) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(ROUNDS)}, got "):
        Motion(secondary_rounds=rounds)  # type: ignore[arg-type]


@pytest.mark.parametrize("now", [1, 0, None, "true"])
def test_a_motion_refuses_a_secondary_flag_that_is_not_true_or_false(now: object) -> None:
    with pytest.raises(ValueError, match=r"^secondary_now must be true or false$"):
        Motion(secondary_now=now)  # type: ignore[arg-type]
