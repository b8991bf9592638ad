"""Acceptance tests for Collision damage and Soften Collision — from the rules text.

Sources: seed 001 Collision paragraph and bullets, the Soften Collision sentence;
RULES-DIGEST §11 Q1/Q5/Q23, §11a D7, §12 R-COLLIDE / R-SOFTEN. Expected values come from
the texts (worked by hand), not from ``rules/``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.dice import Roll
from rules.hexes import Hex
from rules.movement.collision import (
    COLLISION_NOTES,
    Collision,
    combine_collisions,
    falling_collision,
    forced_collision,
    formula_pool,
    movement_collision,
    soften_collision,
)
from rules.options import RuleOptions
from rules.reasons import Term

FALL = "Falling adds 1 damage for each space fallen"
CAP = "to a maximum of 40"
SIZE = "and is then modified by your size (Q23 add size, min 0)"
SOFT = "reduced by half the tier of Ground Softness"
FORCED = "Being moved by an effect adds 1 damage for each remaining space"
OWN = "Using Movement adds damage equal to (your Movement Pool / 4) x the number of spaces"
SOFTEN = "reduce the damage by 1 + 1 for each 3 you exceed the DL and fall Prone, DL 6"

# --- falling ---------------------------------------------------------------------------------

FALLING_CASES = [
    # (spaces, size, softness, damage, id)
    (0, 0, 0, 0, f"{FALL}: 0 spaces"),
    (1, 0, 0, 1, f"{FALL}: 1 space"),
    (10, 0, 0, 10, f"{FALL}: 10 spaces"),
    (40, 0, 0, 40, f"{CAP}: 40"),
    (41, 0, 0, 40, f"{CAP}: 41 -> 40"),
    (500, 0, 0, 40, f"{CAP}: 500 -> 40"),
    (10, 2, 0, 12, f"{SIZE}: +2"),
    (10, -2, 0, 8, f"{SIZE}: -2"),
    (50, 3, 0, 43, f"{SIZE}: size after the cap"),
    (1, -3, 0, 0, f"{SIZE}: never below 0"),
    (10, 0, 4, 8, f"{SOFT}: Tier 4 -> -2"),
    (10, 0, 5, 8, f"{SOFT}: Tier 5 -> -2 (rounded down)"),
    (10, 0, 12, 4, f"{SOFT}: Tier 12 -> -6"),
    (3, 0, 12, 0, f"{SOFT}: never below 0"),
    (45, 3, 6, 40, f"{CAP}, {SIZE}, {SOFT}: 40 + 3 - 3"),
    (1, -3, 12, 0, f"{SIZE}, {SOFT}: 0 stays 0"),
    (12, 1, 4, 11, "digest example: 12 + 1 - 2"),
]


@pytest.mark.parametrize(
    ("spaces", "size", "softness", "damage"),
    [c[:4] for c in FALLING_CASES],
    ids=[c[4] for c in FALLING_CASES],
)
def test_falling_collision(spaces: int, size: int, softness: int, damage: int) -> None:
    result = falling_collision(spaces, size, softness)
    assert result.damage == damage
    assert result.source == "falling"
    assert sum(t.amount for t in result.breakdown) == damage


def test_falling_breakdown_names_each_term() -> None:
    result = falling_collision(45, 3, 6)
    reasons = " | ".join(t.reason for t in result.breakdown)
    assert [t.amount for t in result.breakdown] == [40, 3, -3]
    assert "capped at 40" in reasons
    assert "Q23" in reasons
    assert "Ground Softness Tier 6" in reasons


@given(st.integers(0, 200), st.integers(-12, 12), st.integers(0, 12), st.integers(0, 200))
def test_falling_damage_is_never_negative_and_adds_up(
    spaces: int, size: int, softness: int, more: int
) -> None:
    result = falling_collision(spaces, size, softness)
    assert 0 <= result.damage <= 40 + max(size, 0)
    assert sum(t.amount for t in result.breakdown) == result.damage
    assert falling_collision(spaces + more, size, softness).damage >= result.damage
    if softness < 12:
        assert falling_collision(spaces, size, softness + 1).damage <= result.damage


@pytest.mark.parametrize(
    ("args", "word"),
    [
        ((-1, 0, 0), "spaces fallen"),
        ((1, 13, 0), "size"),
        ((1, 0, 13), "Ground Softness"),
        ((1, 0, -1), "Ground Softness"),
        ((True, 0, 0), "spaces fallen"),
        ((1.5, 0, 0), "spaces fallen"),
    ],
)
def test_falling_collision_rejects_out_of_range(args: tuple[int, int, int], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        falling_collision(*args)


# --- being moved, own movement ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "damage"), [(0, 0), (1, 1), (3, 3), (40, 40)], ids=lambda v: f"{FORCED}: {v}"
)
def test_forced_collision(left: int, damage: int) -> None:
    result = forced_collision(left)
    assert (result.damage, result.source) == (damage, "forced")
    assert sum(t.amount for t in result.breakdown) == damage


def test_forced_collision_rejects_negative() -> None:
    with pytest.raises(ValueError, match="remaining spaces"):
        forced_collision(-1)


MOVEMENT_CASES = [
    (5, 3, 3, f"{OWN}: 5 / 4 -> 1, x 3"),
    (4, 1, 1, f"{OWN}: 4 / 4 = 1"),
    (3, 10, 0, f"{OWN}: 3 / 4 -> 0"),
    (8, 2, 4, f"{OWN}: 8 / 4 = 2, x 2"),
    (9, 3, 6, f"{OWN}: 9 / 4 -> 2, x 3"),
    (12, 0, 0, f"{OWN}: no spaces moved"),
]


@pytest.mark.parametrize(
    ("pool", "spaces", "damage"),
    [c[:3] for c in MOVEMENT_CASES],
    ids=[c[3] for c in MOVEMENT_CASES],
)
def test_movement_collision(pool: int, spaces: int, damage: int) -> None:
    result = movement_collision(pool, spaces)
    assert (result.damage, result.source) == (damage, "movement")
    assert sum(t.amount for t in result.breakdown) == damage
    assert "D7" in result.breakdown[0].reason


def test_movement_collision_labels_the_pool_and_the_mount() -> None:
    result = movement_collision(8, 1, pool_used="remaining", mounted=True)
    assert "pool_in_formulas = remaining" in result.breakdown[0].reason
    assert "the mount's" in result.breakdown[0].reason  # "If mounted, count based on your mount"
    with pytest.raises(ValueError, match="pool_used"):
        movement_collision(8, 1, pool_used="most")
    with pytest.raises(ValueError, match="Movement Pool"):
        movement_collision(100, 1)
    with pytest.raises(ValueError, match="spaces moved"):
        movement_collision(5, -1)


def test_formula_pool_follows_option_d7() -> None:
    # D7: "the pool's size (capacity, 5 by default), not what is left"; option "remaining".
    spent = Vitals().with_value("current", "movement", 2)
    token = Token("a", "A", Hex(0, 0), movement_pool=9, vitals=spent)
    assert formula_pool(token).amount == 9
    assert formula_pool(token, RuleOptions(pool_in_formulas="remaining")).amount == 2
    assert "capacity" in formula_pool(token).reason


# --- the parties of one Collision ------------------------------------------------------------

OPPOSE = "the damage from each is added to each other"


def test_opposing_movers_add_their_damage_together() -> None:
    a, b = movement_collision(9, 3), movement_collision(5, 3)  # 6 and 3
    outcome = combine_collisions([("a", a), ("b", b)], opposing=True)
    assert [(p.party, p.damage) for p in outcome.parties] == [("a", 9), ("b", 9)], OPPOSE
    assert outcome.damage_to("a").breakdown == (
        Term(6, "a's movement Collision"),
        Term(3, "b's movement Collision"),
    )
    assert outcome.damage_to("b").armour_damage == 4  # "each part of armor also takes half"


def test_a_lone_mover_and_what_it_hits() -> None:
    push = forced_collision(3)
    outcome = combine_collisions([("a", push)], struck=["b", "c"])
    assert [(p.party, p.damage) for p in outcome.parties] == [("a", 3), ("b", 3), ("c", 3)]
    assert not outcome.opposing
    with pytest.raises(KeyError):
        outcome.damage_to("z")


def test_movers_not_opposing_keep_their_own_damage() -> None:
    outcome = combine_collisions(
        [("a", forced_collision(2)), ("b", forced_collision(5))], struck=["w"]
    )
    assert [(p.party, p.damage) for p in outcome.parties] == [("a", 2), ("b", 5), ("w", 7)]


def test_collision_notes_quote_bashing_armour_and_balance() -> None:
    text = " ".join(COLLISION_NOTES)
    assert "Bashing" in text
    assert "Armor does not reduce damage from Collision" in text
    assert "Balance, DL increased by the Injury" in text
    assert falling_collision(9, 0, 0).armour_damage == 4
    assert combine_collisions([("a", forced_collision(1))]).notes == COLLISION_NOTES


@pytest.mark.parametrize(
    ("movers", "struck", "opposing", "word"),
    [
        ([], [], False, "at least one mover"),
        ([("a", Collision("forced", 1, ((1, "x"),)))], [], True, "two movers"),
        ([("a", Collision("forced", 1, ((1, "x"),)))], ["a"], False, "once"),
    ],
)
def test_combine_rejects_bad_parties(
    movers: list[tuple[str, Collision]], struck: list[str], opposing: bool, word: str
) -> None:
    with pytest.raises(ValueError, match=word):
        combine_collisions(movers, struck=struck, opposing=opposing)


# --- Soften Collision ------------------------------------------------------------------------

SOFTEN_CASES = [
    # (result, damage, success, reduction, damage after)
    (5, 10, False, 0, 10, f"{SOFTEN}: 5 fails, no reduction"),
    (6, 10, True, 1, 9, f"{SOFTEN}: 6 meets the DL (Q1): 1"),
    (8, 10, True, 1, 9, f"{SOFTEN}: 2 over: 1"),
    (9, 10, True, 2, 8, f"{SOFTEN}: 3 over: 1 + 1"),
    (12, 10, True, 3, 7, f"{SOFTEN}: 6 over: 1 + 2"),
    (15, 2, True, 4, 0, f"{SOFTEN}: never below 0"),
    (-2, 3, False, 0, 3, f"{SOFTEN}: a negative result fails"),
]


@pytest.mark.parametrize(
    ("result", "damage", "success", "reduction", "after"),
    [c[:5] for c in SOFTEN_CASES],
    ids=[c[5] for c in SOFTEN_CASES],
)
def test_soften_collision(
    result: int, damage: int, success: bool, reduction: int, after: int
) -> None:
    soft = soften_collision(result, damage)
    assert (soft.success, soft.reduction, soft.damage, soft.prone) == (
        success,
        reduction,
        after,
        success,
    )
    assert soft.dl == 6
    assert soft.damage_before == damage
    if not success:
        assert "no reduction" in soft.reasons[0]
    else:
        assert any("Prone" in line for line in soft.reasons)


def test_soften_takes_a_roll_and_a_collision() -> None:
    fumble = Roll((1, 1, 12))  # result 12 but a fumble fails regardless (Q5)
    assert not soften_collision(fumble, 5).success
    assert "fumble" in soften_collision(fumble, 5).reasons[0]
    soft = soften_collision(Roll((7,), 2), falling_collision(20, 0, 0))
    assert (soft.result, soft.reduction, soft.damage) == (9, 2, 18)


@given(st.integers(-20, 40), st.integers(0, 60))
def test_soften_never_raises_damage_or_goes_negative(result: int, damage: int) -> None:
    soft = soften_collision(result, damage)
    assert 0 <= soft.damage <= damage
    assert soft.damage == max(0, damage - soft.reduction)


def test_soften_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="Collision damage"):
        soften_collision(6, -1)
    with pytest.raises(ValueError, match="Soften Collision result"):
        soften_collision(1000, 1)
