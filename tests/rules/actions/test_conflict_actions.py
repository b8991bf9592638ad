"""Seed 002 conflict actions that are arithmetic (rules/actions/arithmetic.py); each case
quotes the seed, §11a D13 for partial targets."""

from __future__ import annotations

import pytest

from rules.actions.arithmetic import (
    defensive_stance,
    distract_bonus,
    hinder_attack,
    hold_encumbered,
    manifest_cost,
    partial_size,
    rapid_strike,
    ready_dl,
)


@pytest.mark.parametrize(
    ("size", "portion", "value"),
    [(2, 1.0, 2), (2, 0.5, 1), (2, 0.4, 1), (2, 0.25, 0), (0, 0.1, -3)],  # floor(log2(1/p))
)
def test_partial_targets_are_one_size_smaller_per_halving(
    size: int, portion: float, value: int
) -> None:
    assert partial_size(size, portion).value == value


def test_a_portion_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ValueError, match="portion"):
        partial_size(0, 0)


@pytest.mark.parametrize(
    ("you", "other", "grapples", "tier"),
    [
        pytest.param(0, 0, 0, 2, id="'Have 2 Tiers of Encumbered'"),
        pytest.param(
            1, 0, 0, 1, id="'If you are larger … reduce the Tiers by your size difference'"
        ),
        pytest.param(3, 0, 0, 0, id="never below 0"),
        pytest.param(0, 1, 1, 3, id="Grapple: 'increase the Tier of Encumbered … by 1'"),
    ],
)
def test_the_hold_encumbers(you: int, other: int, grapples: int, tier: int) -> None:
    assert hold_encumbered(you, other, grapples).value == tier


def test_rapid_strike_costs_dice_and_a_heavy_weapon_one_more() -> None:
    light = rapid_strike(3)
    assert (light.attack_dice, light.damage_dice) == (-3, -1)
    assert rapid_strike(3, lightweight=False).attack_dice == -4
    with pytest.raises(ValueError):
        rapid_strike(0)


def test_defensive_stance_only_before_attacking_or_manifesting() -> None:
    assert defensive_stance(False).value == 1 and defensive_stance(True).value == 0


def test_distract_bonus_after_minor_or_major_and_the_expected_defence() -> None:
    assert distract_bonus("minor").value == 1 and distract_bonus("major").value == 2
    assert "+6" in distract_bonus("major", expected=True).reasons[-1]


def test_manifest_costs_and_ready_dls() -> None:
    talent, spell = manifest_cost(spell=False), manifest_cost(spell=True, boosted=True)
    assert (talent.dl, talent.energy, talent.free_limbs, talent.words) == (6, 1, 0, 0)
    assert (spell.free_limbs, spell.words) == (1, 2)
    assert ready_dl(minutes=4).value == 4 and ready_dl(grit_injury=2).value == 5


def test_hinder_attack_and_spellcasting_cause_minus_one() -> None:
    assert hinder_attack("attack").value == -1 and hinder_attack("spell").value == -1
    with pytest.raises(ValueError):
        hinder_attack("dance")
