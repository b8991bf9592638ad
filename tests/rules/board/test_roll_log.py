"""The roll log (rules.board.roll_log): what a logged roll refuses, what stands out on its dice,
its line of text, the bounded log and the per-draw seeded generator."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.board.roll_log import (
    MAX_LOG,
    MAX_LOGGED_DICE,
    ROLE_NAMES,
    LoggedRoll,
    appended,
    dice_rng,
    log_text,
)
from rules.dice import roll

STRIKE = LoggedRoll(
    "Strike",
    (9, 4),
    modifier=1,
    dl=3,
    actor="Aria",
    target="Ogre",
    breakdown=((1, "target 2 sizes larger: +1"),),
    outcome="hit",
    role="attack",
    round=2,
)

# --- validation ---------------------------------------------------------------------------

FACES_RULE = f"a logged roll holds a tuple of at most {MAX_LOGGED_DICE} faces"
NUMBERS_RULE = "a logged roll's modifier and DL must be whole numbers"
ROUND_RULE = "a logged roll's round must be a whole number from 0"
PAIRS_RULE = "a logged roll's breakdown holds (amount, reason) pairs"
ROLE_RULE = "a logged roll's role must be one of roll, attack, defence, damage, check"
BAD = [
    ("action-none", {"action": None}, "a logged roll's action must be text"),
    ("action-int", {"action": 3}, "a logged roll's action must be text"),
    ("actor-none", {"actor": None}, "a logged roll's actor must be text"),
    ("target-bytes", {"target": b"Ogre"}, "a logged roll's target must be text"),
    ("outcome-list", {"outcome": ["hit"]}, "a logged roll's outcome must be text"),
    ("action-empty", {"action": ""}, "a logged roll needs the action it belonged to"),
    ("action-blank", {"action": " \n"}, "a logged roll needs the action it belonged to"),
    ("faces-list", {"faces": [9, 4]}, FACES_RULE),
    ("faces-none", {"faces": None}, FACES_RULE),
    ("faces-too-many", {"faces": (6,) * (MAX_LOGGED_DICE + 1)}, FACES_RULE),
    ("face-13", {"faces": (9, 13)}, "a logged roll's faces must be 1..12, got [9, 13]"),
    ("face-0", {"faces": (0,)}, "a logged roll's faces must be 1..12, got [0]"),
    ("face-bool", {"faces": (True,)}, "a logged roll's faces must be 1..12, got [True]"),
    ("face-float", {"faces": (4.0,)}, "a logged roll's faces must be 1..12, got [4.0]"),
    ("face-str", {"faces": ("4",)}, "a logged roll's faces must be 1..12, got ['4']"),
    ("modifier-float", {"modifier": 0.5}, NUMBERS_RULE),
    ("modifier-bool", {"modifier": True}, NUMBERS_RULE),
    ("dl-str", {"dl": "3"}, NUMBERS_RULE),
    ("dl-bool", {"dl": False}, NUMBERS_RULE),
    ("round-negative", {"round": -1}, ROUND_RULE),
    ("round-bool", {"round": True}, ROUND_RULE),
    ("round-float", {"round": 1.0}, ROUND_RULE),
    ("role-unknown", {"role": "parry"}, ROLE_RULE),
    ("role-none", {"role": None}, ROLE_RULE),
    ("manual-int", {"manual": 1}, "a logged roll's manual flag must be true or false"),
    ("manual-none", {"manual": None}, "a logged roll's manual flag must be true or false"),
    ("pair-short", {"breakdown": ((1,),)}, PAIRS_RULE),
    ("pair-list", {"breakdown": ([1, "Might"],)}, PAIRS_RULE),
    ("pair-amount-str", {"breakdown": (("1", "Might"),)}, PAIRS_RULE),
    ("pair-amount-bool", {"breakdown": ((True, "Might"),)}, PAIRS_RULE),
    ("pair-reason-int", {"breakdown": ((1, 2),)}, PAIRS_RULE),
]


@pytest.mark.parametrize(("fields", "message"), [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_a_logged_roll_refuses_bad_fields_with_its_message(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError) as info:
        replace(STRIKE, **fields)
    assert str(info.value) == message
    corrupted = replace(STRIKE)
    for name, value in fields.items():
        object.__setattr__(corrupted, name, value)
    assert corrupted.problem() == message


def test_valid_edges_are_accepted() -> None:
    assert STRIKE.problem() is None
    for fields in [
        {"faces": ()},
        {"faces": (1,) * MAX_LOGGED_DICE},
        {"faces": (12, 1)},
        {"dl": None, "modifier": -999_999, "round": 0},
        {"actor": "", "target": "", "outcome": "", "breakdown": ()},
        *({"role": role} for role in ROLE_NAMES),
        {"manual": True},
    ]:
        assert replace(STRIKE, **fields).problem() is None, fields


# --- reading the dice ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "modifier", "marks", "result"),
    [
        ((9, 4), 1, (), 10),
        ((1, 1, 6), 0, ("fumble", "doubles 1"), 6),
        ((1, 2), 0, (), 2),  # half the faces: not a Fumble
        ((1, 1, 2), -1, ("fumble", "doubles 1"), 1),
        ((8, 8, 2), 0, ("doubles 8",), 8),
        ((3, 3, 7, 7), 0, ("doubles 7",), 7),  # the highest doubles
        ((12,), 2, ("12",), 14),
        ((12, 12, 1), 0, ("doubles 12", "12 ×2"), 12),
        ((12, 12, 12), 0, ("doubles 12", "12 ×3"), 12),
        ((), 3, (), 3),  # no dice: the modifier alone, never a Fumble
    ],
)
def test_marks_and_result(
    faces: tuple[int, ...], modifier: int, marks: tuple[str, ...], result: int
) -> None:
    entry = LoggedRoll("Roll", faces, modifier=modifier)
    assert entry.marks == marks
    assert entry.result == result and entry.roll.result == result
    assert entry.fumble == ("fumble" in marks)


def test_margin_is_result_minus_dl() -> None:
    assert STRIKE.margin == 7
    assert replace(STRIKE, dl=None).margin is None
    assert replace(STRIKE, faces=(1, 1, 12), dl=12).margin == 1  # a Fumble keeps its margin


# --- text ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "text"),
    [
        (
            STRIKE,
            "Strike — Aria → Ogre: 2d12 [9, 4] +1 = 10 vs DL 3 (margin +7) — hit; "
            "+1 target 2 sizes larger: +1",
        ),
        (LoggedRoll("Dice roller", (5,)), "Dice roller: 1d12 [5] = 5"),
        (LoggedRoll("Dice roller", ()), "Dice roller: 0d12 [] = 0"),
        (
            LoggedRoll("Grab", (1, 1, 6), modifier=-1, actor="Aria", outcome="fumble"),
            "Grab — Aria: 3d12 [1, 1, 6] -1 = 5 [fumble, doubles 1] — fumble",
        ),
        (
            LoggedRoll("Shove", (3,), target="Ogre", dl=9),
            "Shove — Ogre: 1d12 [3] = 3 vs DL 9 (margin -6)",
        ),
        (
            LoggedRoll(
                "Escape",
                (12, 12),
                modifier=2,
                dl=9,
                manual=True,
                breakdown=((2, "Athletics"), (-1, "Encumbered")),
            ),
            "Escape: 2d12 [12, 12] +2 = 14 vs DL 9 (margin +5) [doubles 12, 12 ×2] (typed in); "
            "+2 Athletics; -1 Encumbered",
        ),
        (
            LoggedRoll("Check", (7,), dl=7, outcome="success — by 0", breakdown=((0, "none"),)),
            "Check: 1d12 [7] = 7 vs DL 7 (margin +0) — success — by 0; +0 none",
        ),
    ],
)
def test_text(entry: LoggedRoll, text: str) -> None:
    assert entry.text() == text


def test_who() -> None:
    assert STRIKE.who() == "Aria → Ogre"
    assert replace(STRIKE, target="").who() == "Aria"
    assert replace(STRIKE, actor="").who() == "Ogre"
    assert replace(STRIKE, actor="", target="").who() == ""


def test_log_text_numbers_one_roll_per_line() -> None:
    log = (STRIKE, LoggedRoll("Dice roller", (5,)))
    assert log_text(log) == f"1. {STRIKE.text()}\n2. Dice roller: 1d12 [5] = 5"
    assert log_text(()) == ""
    assert log_text(iter(log)) == log_text(log)


# --- the bounded log ----------------------------------------------------------------------


def test_appended_adds_in_order() -> None:
    first = LoggedRoll("A", (1,))
    assert appended((), [STRIKE]) == (STRIKE,)
    assert appended((first,), iter([STRIKE, first])) == (first, STRIKE, first)
    assert appended((first,), []) == (first,)


def test_appended_keeps_the_latest_max_log_rolls() -> None:
    log = tuple(LoggedRoll("Roll", (1 + k % 12,), round=k) for k in range(MAX_LOG))
    new = [LoggedRoll("New", (12,), round=MAX_LOG), LoggedRoll("Newer", (12,), round=MAX_LOG + 1)]
    kept = appended(log, new)
    assert len(kept) == MAX_LOG
    assert kept[:-2] == log[2:] and list(kept[-2:]) == new  # the two oldest dropped
    many = [LoggedRoll("Burst", (6,), round=k) for k in range(MAX_LOG + 5)]
    assert appended((STRIKE,), many) == tuple(many[-MAX_LOG:])


# --- the seeded generator -----------------------------------------------------------------


def _faces(seed: int, draws: int, n: int = 30) -> list[int]:
    return list(roll(n, dice_rng(seed, draws)).faces)


@given(st.integers(0, 2**128 - 1), st.integers(0, 10**6))
def test_dice_rng_is_reproducible(seed: int, draws: int) -> None:
    assert _faces(seed, draws) == _faces(seed, draws)
    assert isinstance(dice_rng(seed, draws), np.random.Generator)


def test_dice_rng_differs_across_draws_and_seeds() -> None:
    by_draw = [tuple(_faces(7, n)) for n in range(50)]
    assert len(set(by_draw)) == 50
    by_seed = [tuple(_faces(s, 0)) for s in range(50)]
    assert len(set(by_seed)) == 50
    assert _faces(1, 2) != _faces(2, 1)  # seed and count are not interchangeable


def test_dice_rng_does_not_touch_the_global_generator() -> None:
    state = np.random.get_state()
    try:
        expected = np.random.random()
        np.random.set_state(state)
        _faces(3, 4)
        assert np.random.random() == expected
    finally:
        np.random.set_state(state)
