"""Tests for rules.dice: reading rolls, rolling, Injury and exact success chances."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import (
    DiceError,
    Roll,
    chance,
    injury,
    injury_distribution,
    read_faces,
    roll,
)
from rules.errors import RulesError

# --- reading known faces ------------------------------------------------------------------

# faces, modifier -> result, fumble, doubles
READ_VECTORS = [
    ((), 0, 0, False, None),  # Q4: 0 dice -> modifier alone, no fumble
    ((), 3, 3, False, None),
    ((), -2, -2, False, None),
    ((1,), 0, 1, True, None),  # 1 of 1 is more than half
    ((1, 5), 0, 5, False, None),  # 1 of 2 is exactly half: not a fumble
    ((1, 1), 0, 1, True, 1),
    ((1, 1, 5), 0, 5, True, 1),  # 2 of 3
    ((1, 1, 5, 6), 0, 6, False, 1),  # 2 of 4 is exactly half: not a fumble
    ((1, 1, 1, 5, 6), 0, 6, True, 1),  # 3 of 5
    ((1, 1, 5, 6, 7), 0, 7, False, 1),  # 2 of 5
    ((7, 1, 7), 1, 8, False, 7),
    ((3, 9, 3, 9), 0, 9, False, 9),  # Q6: highest matched face
    ((5, 5, 12), 0, 12, False, 5),  # doubles need not be the highest face
    ((4, 4, 4, 2), 0, 4, False, 4),  # triples count as doubles
    ((12, 11, 10), 0, 12, False, None),
    ((6, 2), -3, 3, False, None),
    ((12,), 5, 17, False, None),
]


@pytest.mark.parametrize(("faces", "modifier", "result", "fumble", "doubles"), READ_VECTORS)
def test_read_faces_vectors(
    faces: tuple[int, ...], modifier: int, result: int, fumble: bool, doubles: int | None
) -> None:
    r = read_faces(faces, modifier)
    assert (r.result, r.fumble, r.doubles) == (result, fumble, doubles)
    assert r.faces == faces
    assert r.dice == len(faces)
    assert r.modifier == modifier


def test_read_faces_keeps_order_and_accepts_iterables() -> None:
    r = read_faces(iter([9, 2, 5]), modifier=1)
    assert r.faces == (9, 2, 5)
    assert r == Roll((9, 2, 5), 1)


# faces, modifier, dl -> succeeds, margin
SUCCESS_VECTORS = [
    ((7, 1, 7), 1, 8, True, 0),  # Q1: result == DL succeeds
    ((7, 1, 7), 1, 9, False, -1),
    ((1, 1, 12), 0, 3, False, 9),  # Q5: a fumble fails regardless of the result
    ((1,), 5, 3, False, 3),
    ((1, 12), 0, 12, True, 0),  # half ones is not a fumble
    ((), 3, 3, True, 0),  # Q4
    ((), 2, 3, False, -1),
    ((), 0, 0, True, 0),
    ((2,), -1, 1, True, 0),
    ((12, 12), -4, 9, False, -1),
]


@pytest.mark.parametrize(("faces", "modifier", "dl", "ok", "margin"), SUCCESS_VECTORS)
def test_succeeds_and_margin(
    faces: tuple[int, ...], modifier: int, dl: int, ok: bool, margin: int
) -> None:
    r = read_faces(faces, modifier)
    assert r.succeeds(dl) is ok
    assert r.margin(dl) == margin


@pytest.mark.parametrize("faces", [(0,), (13,), (5, -1), (12, 12, 14)])
def test_faces_off_the_die_raise_dice_error(faces: tuple[int, ...]) -> None:
    with pytest.raises(DiceError):
        read_faces(faces)
    assert issubclass(DiceError, RulesError)
    assert issubclass(DiceError, ValueError)


@pytest.mark.parametrize(
    ("faces", "modifier"), [((1.0,), 0), ((True,), 0), (("3",), 0), ((3,), 1.0), ((3,), False)]
)
def test_read_faces_rejects_non_ints(faces: tuple[object, ...], modifier: object) -> None:
    with pytest.raises(TypeError):
        read_faces(faces, modifier)  # type: ignore[arg-type]


def test_succeeds_and_margin_reject_non_int_dl() -> None:
    r = read_faces((5,))
    with pytest.raises(TypeError):
        r.succeeds(5.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        r.margin("5")  # type: ignore[arg-type]


def test_roll_is_frozen_and_slotted() -> None:
    r = read_faces((3, 4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.result = 12  # type: ignore[misc]
    assert not hasattr(r, "__dict__")


def test_repr_pastes_back() -> None:
    r = read_faces((7, 1, 7), 1)
    assert repr(r) == "Roll(faces=(7, 1, 7), modifier=1)"
    assert eval(repr(r), {"Roll": Roll}) == r


DESCRIBE_VECTORS = [
    ((7, 1, 7), 1, None, "3d12 [7, 1, 7] highest 7 +1 = 8, doubles 7"),
    ((7, 1, 7), 1, 8, "3d12 [7, 1, 7] highest 7 +1 = 8, doubles 7 vs DL 8: success by 0"),
    ((5, 3), 0, 6, "2d12 [5, 3] highest 5 = 5 vs DL 6: fails by 1"),
    ((6, 2), -3, None, "2d12 [6, 2] highest 6 -3 = 3"),
    ((1, 1, 9), 0, 3, "3d12 [1, 1, 9] highest 9 = 9, doubles 1, fumble vs DL 3: fails (fumble)"),
    ((), 2, None, "0d12 [] no dice, modifier +2 = 2"),
    ((), 0, 0, "0d12 [] no dice, modifier +0 = 0 vs DL 0: success by 0"),
]


@pytest.mark.parametrize(("faces", "modifier", "dl", "text"), DESCRIBE_VECTORS)
def test_describe(faces: tuple[int, ...], modifier: int, dl: int | None, text: str) -> None:
    r = read_faces(faces, modifier)
    assert r.describe(dl) == text
    if dl is None:
        assert str(r) == text


# --- rolling ------------------------------------------------------------------------------


@given(
    seed=st.integers(0, 2**32 - 1),
    dice=st.integers(-5, 40),
    modifier=st.integers(-10, 10),
)
def test_roll_is_deterministic_and_well_formed(seed: int, dice: int, modifier: int) -> None:
    a = roll(dice, np.random.default_rng(seed), modifier)
    b = roll(dice, np.random.default_rng(seed), modifier)
    assert a == b
    assert len(a.faces) == a.dice == max(0, dice)
    assert all(type(face) is int and 1 <= face <= 12 for face in a.faces)
    assert a == read_faces(a.faces, modifier)


@given(seed=st.integers(0, 2**32 - 1), dice=st.integers(0, 20))
def test_roll_draws_with_rng_integers_1_13(seed: int, dice: int) -> None:
    expected = np.random.default_rng(seed).integers(1, 13, size=dice)
    assert roll(dice, np.random.default_rng(seed)).faces == tuple(expected.tolist())


def test_roll_with_pinned_seed() -> None:
    r = roll(5, np.random.default_rng(2024), modifier=1)
    assert r.faces == tuple(np.random.default_rng(2024).integers(1, 13, size=5).tolist())
    assert r.result == max(r.faces) + 1


@pytest.mark.parametrize("dice", [0, -1, -7])
def test_roll_no_dice_gives_modifier_alone(dice: int) -> None:
    r = roll(dice, np.random.default_rng(0), modifier=4)
    assert r == Roll((), 4)
    assert (r.faces, r.dice, r.result, r.fumble, r.doubles) == ((), 0, 4, False, None)


def test_roll_accepts_numpy_integers() -> None:
    r = roll(np.int64(3), np.random.default_rng(1), np.int32(-1))  # type: ignore[arg-type]
    assert r.dice == 3
    assert type(r.modifier) is int


@pytest.mark.parametrize(("dice", "modifier"), [(2.0, 0), ("2", 0), (True, 0), (2, 1.5), (2, None)])
def test_roll_rejects_non_int_dice_or_modifier(dice: object, modifier: object) -> None:
    with pytest.raises(TypeError):
        roll(dice, np.random.default_rng(0), modifier)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [None, random.Random(0), np.random.RandomState(0), 42])
def test_roll_rejects_other_rngs(rng: object) -> None:
    with pytest.raises(TypeError):
        roll(2, rng)  # type: ignore[arg-type]


# --- exact chances ------------------------------------------------------------------------


@cache
def _outcomes(n: int) -> Counter[tuple[int, bool]]:
    """Brute force: (highest face, fumble) over all 12**n ordered outcomes, via read_faces."""
    counts: Counter[tuple[int, bool]] = Counter()
    for faces in itertools.product(range(1, 13), repeat=n):
        r = read_faces(faces)
        counts[r.result, r.fumble] += 1
    return counts


def _brute_chance(dice: int, dl: int, modifier: int) -> Fraction:
    n = max(0, dice)
    wins = sum(c for (hi, fumble), c in _outcomes(n).items() if not fumble and hi + modifier >= dl)
    return Fraction(wins, 12**n)


@settings(deadline=None)  # the first draw of n=4 enumerates 20,736 outcomes
@given(
    dice=st.integers(-2, 4),
    dl=st.integers(-4, 20),
    modifier=st.integers(-5, 5),
)
def test_chance_matches_brute_force(dice: int, dl: int, modifier: int) -> None:
    assert chance(dice, dl, modifier) == _brute_chance(dice, dl, modifier)


@pytest.mark.parametrize("dice", range(5))
def test_chance_matches_brute_force_on_full_grid(dice: int) -> None:
    for dl, modifier in itertools.product(range(-3, 18), (-4, -1, 0, 2)):
        assert chance(dice, dl, modifier) == _brute_chance(dice, dl, modifier), (dl, modifier)


@pytest.mark.parametrize(
    ("dice", "dl", "modifier", "expected"),
    [
        (0, 3, 3, Fraction(1)),
        (0, 4, 3, Fraction(0)),
        (0, 0, 0, Fraction(1)),
        (-3, -1, -1, Fraction(1)),
        (-3, 0, -1, Fraction(0)),
        (1, 1, 0, Fraction(11, 12)),  # any face but a fumbling 1
        (1, 12, 0, Fraction(1, 12)),
        (1, 13, 0, Fraction(0)),
        (1, 13, 1, Fraction(1, 12)),
        (2, 1, 0, Fraction(143, 144)),  # only double 1 fumbles
        (5, 30, 17, Fraction(0)),
        (3, 8, 0, Fraction(1728 - 7**3 - 3 * 5, 1728)),  # minus max <= 7, minus 1-1-(8..12)
    ],
)
def test_chance_vectors(dice: int, dl: int, modifier: int, expected: Fraction) -> None:
    result = chance(dice, dl, modifier)
    assert isinstance(result, Fraction)
    assert result == expected


def test_chance_low_threshold_is_not_fumbling() -> None:
    # Below any face, success is exactly "not more than half ones".
    for n in range(1, 9):
        no_fumble = sum(Fraction(math.comb(n, k) * 11 ** (n - k), 12**n) for k in range(n // 2 + 1))
        assert chance(n, -5, 0) == chance(n, 2, 0) == no_fumble


@pytest.mark.parametrize(("dice", "dl", "modifier"), [(2.0, 3, 0), (2, 3.0, 0), (2, 3, "1")])
def test_chance_rejects_non_ints(dice: object, dl: object, modifier: object) -> None:
    with pytest.raises(TypeError):
        chance(dice, dl, modifier)  # type: ignore[arg-type]


def test_empirical_frequency_matches_chance() -> None:
    rng = np.random.default_rng(20240817)
    trials = 20_000
    wins = sum(roll(3, rng).succeeds(8) for _ in range(trials))
    p = float(chance(3, 8))
    standard_error = math.sqrt(p * (1 - p) / trials)
    assert abs(wins / trials - p) < 4 * standard_error


@given(dl=st.integers(-5, 20), modifier=st.integers(-6, 6))
def test_chance_for_a_large_pool_is_a_monotone_probability(dl: int, modifier: int) -> None:
    p = chance(40, dl, modifier)
    assert isinstance(p, Fraction)
    assert 0 <= p <= 1
    assert chance(40, dl + 1, modifier) <= p
    assert chance(40, dl, modifier + 1) >= p


def _chance_by_dynamic_programming(dice: int, dl: int, modifier: int) -> Fraction:
    """Independent exact method: walk the dice one by one, tracking (ones, highest)."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int], int] = {}
        for (ones, high), ways in states.items():
            for face in range(1, 13):
                key = (ones + (face == 1), max(high, face))
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
    good = sum(
        w for (ones, high), w in states.items() if 2 * ones <= dice and high + modifier >= dl
    )
    return Fraction(good, 12**dice)


@pytest.mark.parametrize(
    ("dice", "dl", "modifier"), [(30, 8, 0), (31, 12, 0), (35, 9, 2), (40, 3, -1)]
)
def test_chance_for_big_pools_matches_an_independent_exact_method(
    dice: int, dl: int, modifier: int
) -> None:
    assert chance(dice, dl, modifier) == _chance_by_dynamic_programming(dice, dl, modifier)


@pytest.mark.parametrize(
    ("faces", "reduction", "expected"),
    [
        ((), 0, 0),
        ((1, 2, 3), 0, 1),
        ((3, 3, 12), 0, 3),
        ((2, 2, 2), 0, 0),
        ((2, 3, 4), -1, 3),
        ((3, 4, 5, 12), 1, 3),
        ((3, 4, 5, 12), 2, 2),
        ((12, 11), 9, 1),
        ((12, 12), 10, 0),
    ],
)
def test_injury_counts_faces_at_or_above_three_plus_reduction(
    faces: tuple[int, ...], reduction: int, expected: int
) -> None:
    assert injury(faces, reduction) == expected


def test_injury_rejects_impossible_faces() -> None:
    with pytest.raises(DiceError):
        injury((0, 5))
    with pytest.raises(DiceError):
        injury((13,))


@pytest.mark.parametrize("reduction", [-1, 0, 1, 2, 9, 10])
@pytest.mark.parametrize("damage", [0, 1, 2, 3])
def test_injury_distribution_matches_brute_force(damage: int, reduction: int) -> None:
    counts = [0] * (damage + 1)
    for faces in itertools.product(range(1, 13), repeat=damage):
        counts[injury(faces, reduction)] += 1
    expected = tuple(Fraction(c, 12**damage) for c in counts)
    assert injury_distribution(damage, reduction) == expected
    assert sum(injury_distribution(damage, reduction)) == 1
