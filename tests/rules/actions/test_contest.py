"""Attack against a defence roll (RULES-DIGEST §2; Q1 success at the DL, Q2 ties to the
defender, Q4 0 dice, Q5 a Fumble fails): the exact chance equals brute force over every
face, matches seeded rolls, and each outcome says why (rules/contest.py)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from rules.actions.contest import contest, contest_chance, result_distribution
from rules.dice import chance, read_faces, roll


def _brute(attack: int, defence: int, dl: int, a_mod: int, d_mod: int) -> Fraction:
    wins = 0
    faces = range(1, 13)
    attacks = list(itertools.product(faces, repeat=attack))
    defences = list(itertools.product(faces, repeat=defence))
    for a in attacks:
        for d in defences:
            if contest(read_faces(a, a_mod), read_faces(d, d_mod), dl).succeeds:
                wins += 1
    return Fraction(wins, len(attacks) * len(defences))


@pytest.mark.parametrize(
    ("attack", "defence", "dl", "a_mod", "d_mod"),
    [
        (1, 1, 3, 0, 0),
        (2, 1, 3, 0, 0),
        (1, 2, 3, 0, 0),
        (2, 2, 6, 1, 0),
        (3, 1, 3, -2, 1),
        (0, 1, 3, 5, 0),  # Q4: no dice, the modifier alone
        (2, 0, 3, 0, 4),
        (1, 1, 13, 0, 0),  # out of reach
    ],
)
def test_the_exact_chance_equals_brute_force(
    attack: int, defence: int, dl: int, a_mod: int, d_mod: int
) -> None:
    assert contest_chance(attack, defence, dl, a_mod, d_mod) == _brute(
        attack, defence, dl, a_mod, d_mod
    )


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 5, 8])
def test_the_result_distribution_sums_to_one_and_agrees_with_chance(dice: int) -> None:
    clean, fumble = result_distribution(dice, 2)
    assert sum(p for _r, p in clean) + fumble == 1
    for dl in range(0, 16):
        assert sum((p for r, p in clean if r >= dl), Fraction(0)) == chance(dice, dl, 2)


def test_seeded_rolls_match_the_chance() -> None:
    rng = np.random.default_rng(20261130)
    n = 20_000
    wins = sum(contest(roll(2, rng, 1), roll(2, rng), dl=3).succeeds for _ in range(n))
    p = float(contest_chance(2, 2, 3, 1, 0))
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5


@pytest.mark.parametrize(
    ("attack", "defence", "dl", "succeeds", "why"),
    [
        ([9, 4], [7], 3, True, "the attack beats the defence by 2 (Q2)"),
        ([7, 2], [7], 3, False, "ties go to the defender"),
        ([2, 2], [1], 3, False, "the attack misses its DL 3 by 1 (Q1)"),
        ([1, 1, 9], [2], 3, False, "the attack fumbles"),
        ([5], [1], 3, True, "the defence fumbles: it stops nothing (Q5)"),
    ],
)
def test_each_outcome_says_why(
    attack: list[int], defence: list[int], dl: int, succeeds: bool, why: str
) -> None:
    outcome = contest(read_faces(attack), read_faces(defence), dl)
    assert outcome.succeeds is succeeds
    assert any(why in reason for reason in outcome.reasons), outcome.reasons
    assert outcome.margin == max(attack) - dl
    assert outcome.margin_over_defence == max(attack) - max(defence)
