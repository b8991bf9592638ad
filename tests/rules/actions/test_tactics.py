"""Seed 002 strike modifiers and tactics that are arithmetic (rules/tactics.py): each
case quotes the seed; §11a D5 (halves round down) and D6 (targeted-space weapon size)."""

from __future__ import annotations

import pytest

from rules.actions.tactics import (
    called_shot,
    charge,
    half,
    range_band,
    strike_size_modifier,
    targeted_space_dice,
)
from rules.options import RuleOptions

SIZE = (
    "'Against targets smaller than you, suffer a penalty on your roll equal to half the "
    "size difference'"
)


@pytest.mark.parametrize(
    ("attacker", "target", "value"),
    [
        pytest.param(0, 0, 0, id="same size"),
        pytest.param(0, 2, 1, id="'Against larger targets, gain that amount as bonus'"),
        pytest.param(0, 3, 1, id="larger by 3: half rounds down"),
        pytest.param(2, 0, -1, id=SIZE),
        pytest.param(5, 0, -2, id=f"{SIZE}: 5 smaller"),
    ],
)
def test_strike_size_modifier(attacker: int, target: int, value: int) -> None:
    assert strike_size_modifier(attacker, target).value == value


def test_four_sizes_larger_may_attack_against_nimble() -> None:
    term = strike_size_modifier(4, 0)
    assert term.value == -2 and "against Nimble" in term.reasons[-1]


def test_halves_round_down_or_toward_zero_by_option() -> None:
    assert (half(-3), half(-1), half(3)) == (-2, -1, 1)  # §11a D5
    toward = RuleOptions(round_halves="toward_zero")
    assert (half(-3, toward), half(-1, toward)) == (-1, 0)


@pytest.mark.parametrize(
    ("kwargs", "dice"),
    [
        pytest.param(
            {"weapon_size": 0, "two_handed": True, "target_size": 2},
            4,
            id="worked example: a two-handed size-0 weapon against a size-2 occupant: 4d12",
        ),
        pytest.param({"weapon_size": 0, "target_size": 0}, 3, id="'rolls 3d12' per occupant"),
        pytest.param(
            {"weapon_size": 4, "target_size": 0}, 5, id="'each 2 sizes over causes +1d12'"
        ),
        pytest.param(
            {"weapon_size": -2, "target_size": 0}, 2, id="'each 2 sizes under causes -1d12'"
        ),
        pytest.param(
            {"weapon_size": -1, "lightweight": True, "target_size": 0},
            2,
            id="'Lightweight counts as 1 size smaller'",
        ),
        pytest.param(
            {"attacker_size": 2, "target_size": 0}, 4, id="'Unarmed Strike … half your size'"
        ),
        pytest.param({"weapon_size": 0, "target_size": -3}, 1, id="half of -3 is -2 (D5)"),
        pytest.param({"weapon_size": -12, "target_size": -12}, 0, id="never below 0 dice"),
    ],
)
def test_targeted_space_dice(kwargs: dict[str, object], dice: int) -> None:
    assert targeted_space_dice(**kwargs).dice == dice  # type: ignore[arg-type]


def test_targeted_space_dice_per_bullet_option() -> None:
    per_bullet = RuleOptions(targeted_space_dice="per_bullet")
    # D6 combined: lightweight always counts; per bullet only for a weapon under size 0.
    light = {"weapon_size": 2, "lightweight": True, "target_size": 0}
    assert targeted_space_dice(**light).dice == 3  # type: ignore[arg-type]
    assert targeted_space_dice(**light, options=per_bullet).dice == 4  # type: ignore[arg-type]
    # ... and two-handed only for a weapon over size 0.
    heavy = {"weapon_size": -2, "two_handed": True, "target_size": 0}
    assert targeted_space_dice(**heavy).dice == 3  # type: ignore[arg-type]
    literal = targeted_space_dice(**heavy, options=per_bullet)  # type: ignore[arg-type]
    assert literal.dice == 2 and "per bullet" in literal.reasons[1]


@pytest.mark.parametrize(
    ("part", "margin"),
    [("torso", 2), ("leg", 3), ("arm", 4), ("stomach", 4), ("head", 5), ("eye", 9)],
)
def test_called_shot_margins(part: str, margin: int) -> None:
    shot = called_shot(part)
    assert shot.margin_needed == margin and shot.attack_penalty == -1


def test_called_shot_halves_or_doubles_the_threshold_and_refuses_unknown_parts() -> None:
    shot = called_shot("head")
    assert (shot.severe_threshold(7), shot.severe_threshold(-2)) == (3, -4)
    with pytest.raises(ValueError, match="no Called Shot table entry for 'tail'"):
        called_shot("tail")
    assert called_shot("tail", sizes_smaller=3).margin_needed == 3


@pytest.mark.parametrize(
    ("distance", "weapon", "kind", "penalty", "allowed"),
    [
        (10, 10, "thrown", 0, True),
        (11, 10, "thrown", -1, True),
        (60, 10, "thrown", -5, True),
        (61, 10, "thrown", -6, False),
        (160, 10, "launched", -15, True),
        (161, 10, "launched", -16, False),
    ],
)
def test_range_increments(
    distance: int, weapon: int, kind: str, penalty: int, allowed: bool
) -> None:
    band = range_band(distance, weapon, kind)
    assert band.penalty == penalty and (band.refusal is None) is allowed


def test_charge_needs_two_consecutive_spaces_and_dash() -> None:
    assert charge(2, dashed=True).allowed
    refused = charge(1, dashed=False)
    assert not refused.allowed and len(refused.reasons) == 2
