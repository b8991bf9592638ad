"""A Strike on the board (rules/strike.py): legality, dice, every modifier with its source,
the exact chance, and resolving rolled dice (seed 002; Q2)."""

from __future__ import annotations

import pytest

from rules import Board, Hex, Token
from rules.actions.contest import contest_chance
from rules.actions.strike import strike
from rules.dice import read_faces


def board_with(*tokens: Token) -> Board:
    board = Board.blank(30, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


ARIA = Token("a", "Aria", Hex(3, 3))


def reasons(plan) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.reason for m in plan.modifiers]


def test_a_melee_strike_needs_reach_and_takes_the_size_modifier() -> None:
    board = board_with(ARIA, Token("o", "Ogre", Hex(4, 3), size=2))
    plan = strike(board, "a", "o", dice=2)
    assert plan.allowed and plan.modifier == 1 and plan.dl == 3
    assert plan.chance(1) == contest_chance(2, 1, 3, 1, 0)
    far = board_with(ARIA, Token("o", "Ogre", Hex(8, 3)))
    assert strike(far, "a", "o", dice=2).refusal == "Ogre is not in Aria's Reach [S002]"


def test_a_partly_hidden_target_counts_smaller() -> None:
    board = board_with(ARIA, Token("o", "Ogre", Hex(4, 3), size=2))
    half_seen = strike(board, "a", "o", dice=2, visible_portion=0.5)
    assert half_seen.modifier == 0  # size 2 seen as size 1: half of 1 rounds down
    assert any("§11a D13" in note for note in half_seen.notes)


def test_ranged_increments_called_shot_charge_and_rapid_strike() -> None:
    board = board_with(ARIA, Token("g", "Goblin", Hex(18, 3)))
    plan = strike(
        board, "a", "g", dice=3, weapon_range=5, called_part="head", charging=True, rapid=1
    )
    assert plan.allowed and plan.dice == 2  # Rapid Strike 1: −1d12
    assert plan.modifier == 0 + -2 + -1 + 1  # size 0, two extra increments, head, Charge
    assert {"Charge [S002]", "Called Shot (head) [S002]"} <= set(reasons(plan))
    too_far = strike(board, "a", "g", dice=3, weapon_range=2, ranged_kind="thrown")
    assert too_far.refusal == "beyond 5 increments for a thrown attack [S002]"


def test_resolving_checks_the_dice_and_reads_the_contest() -> None:
    board = board_with(ARIA, Token("o", "Ogre", Hex(4, 3), size=2))
    plan = strike(board, "a", "o", dice=2)
    outcome = plan.resolve(read_faces([8, 3], 1), read_faces([6]))
    assert outcome.succeeds and outcome.margin_over_defence == 3
    with pytest.raises(ValueError, match="rolls 2d12\\+1"):
        plan.resolve(read_faces([8]), read_faces([6]))
