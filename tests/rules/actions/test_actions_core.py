"""The action framework (rules/actions.py) with the Strikes (rules/actions_attack.py):
the catalogue, plans with every modifier and its source, the exact chance against brute
force and against rolled dice, typed-in dice, the roll log and what a hit does (seed 002
"Strikes", Tactics; RULES-DIGEST §2, Q1–Q6, Q26)."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Board, Hex, Token
from rules.actions import (
    ACTIONS,
    ActionPlan,
    ActionRequest,
    Dice,
    Weapon,
    available_actions,
    plan_action,
    read_dice,
    resolve,
    roll_dice,
)
from rules.actions.contest import contest
from rules.board.motion import Motion
from rules.board.pools import Vitals, pool_current
from rules.dice import chance, read_faces

STATS = Vitals(
    stats=(("martial", 2), ("elude", 1), ("nimble", 1)),
    maximum=(("grit", 6),),
    severe_threshold=2,
)
ARIA = Token("a", "Aria", Hex(3, 3), vitals=STATS)
OGRE = Token("o", "Ogre", Hex(4, 3), size=2, vitals=STATS)


def board_with(*tokens: Token) -> Board:
    board = Board.blank(10, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


BOARD = board_with(ARIA, OGRE)


def plan(key: str = "strike", board: Board = BOARD, **kw: object) -> ActionPlan:
    return plan_action(board, ActionRequest(key, "a", "o", **kw))  # type: ignore[arg-type]


def terms(p: ActionPlan) -> dict[str, int]:
    assert p.attack is not None
    return {m.reason: m.amount for m in p.attack.modifiers}


# -- the catalogue --------------------------------------------------------------------
def test_available_actions_lists_every_registered_action_with_its_refusal() -> None:
    """Every action of seed 002 is in the catalogue, allowed or with the reason it is not
    ("After moving 2 consecutive spaces, if you have used Dash this turn" [S002])."""
    choices = available_actions(BOARD, "a")
    assert [c.spec.key for c in choices] == list(ACTIONS)
    assert all(c.refusal is None or c.refusal.strip() for c in choices)
    refusals = {c.spec.key: c.refusal for c in choices}
    assert refusals["strike"] is None
    assert refusals["charge"] == (
        "Aria: moved 0 consecutive spaces, needs 2 [S002]; has not used Dash this turn [S002]"
    )
    with pytest.raises(KeyError, match="unknown action"):
        plan_action(BOARD, ActionRequest("juggle", "a"))


def test_a_defensive_stance_refuses_attacks() -> None:
    """[S002] "While in a Defensive Stance, gain +1 on defenses against physical attacks
    and you cannot attack or Manifest Spells or Talents." """
    stance = plan_action(BOARD, ActionRequest("defensive_stance", "a"))
    board = resolve(BOARD, stance, Dice(None)).board
    refusals = {c.spec.key: c.refusal for c in available_actions(board, "a")}
    assert refusals["strike"] == "Aria is in a Defensive Stance: it cannot attack [S002]"
    against = plan_action(board, ActionRequest("strike", "o", "a"))
    assert {m.reason: m.amount for m in against.defences[0].modifiers} == {
        "Defensive Stance [S002]": 1
    }


# -- Strike plans ---------------------------------------------------------------------
def test_a_strike_plans_martial_against_elude_with_the_size_term() -> None:
    """[S002] "Attack a target with a melee weapon to cause damage …, DL 3"; "Against
    larger targets, gain that amount as bonus" (half the size difference); Q26 Martial
    melee, Nimble ranged; Q3 the defender's Elude by default."""
    p = plan()
    assert p.allowed and p.dl == 3 and p.targets == ("o",)
    assert (p.attack.skill, p.attack.dice, p.attack.modifier) == ("Martial", 2, 1)  # type: ignore[union-attr]
    assert any(r.startswith("target 2 sizes larger: +1") for r in terms(p))
    assert (p.defences[0].skill, p.defences[0].dice) == ("Elude", 1)
    assert p.damage is not None and p.damage.dice == Weapon().damage
    shot = plan(weapon=Weapon("bow", range=10))
    assert shot.attack is not None and shot.attack.skill == "Nimble"
    assert plan(defence_skill="Martial").defences[0].skill == "Martial"


def test_a_called_shot_takes_minus_one_and_names_the_margin() -> None:
    """[S002] "For 1 round, suffer -1 on physical attack rolls … the amount you need to
    exceed the defense roll equals the number of sizes that the specified part is smaller
    … heads are 5 sizes smaller"."""
    assert plan("called_shot").refusal == "choose the part to strike"
    assert (plan("called_shot", part="tail").refusal or "").startswith("no Called Shot part")
    p = plan("called_shot", part="head")
    assert terms(p)["Called Shot (head) [S002]"] == -1
    assert any("exceed the defence by 5" in n for n in p.notes)


@pytest.mark.parametrize(("lightweight", "attack_dice"), [(True, 0), (False, 0)])
def test_rapid_strike_loses_dice(lightweight: bool, attack_dice: int) -> None:
    """[S002] "Declare a number. For 1 round, lose that number of d12 on attack rolls and
    half that number on damage rolls." The declaring Strike is not one made "as a Minor
    Action", so a heavy weapon loses no extra die here (that is the Minor Action's:
    tests/rules/test_seed_composition.py)."""
    assert plan("rapid_strike").refusal == "declare a number of at least 1"
    p = plan("rapid_strike", number=2, weapon=Weapon(lightweight=lightweight))
    assert p.attack is not None and p.attack.dice == attack_dice
    assert p.attack.label().startswith("0d12")
    assert p.damage is not None and p.damage.dice == Weapon().damage - 1


def test_a_charge_needs_a_dash_and_gives_plus_one() -> None:
    """[S002] "After moving 2 consecutive spaces, if you have used Dash this turn, use an
    action that includes using a Strike or Overpower, gain +1 on the attack roll, and
    suffer -1 on defenses against physical attacks for 1 round. Your turn ends after the
    attack." """
    dashed = Motion(pace="dash", spaces_in_a_row=2, dashed=True)  # the run moved this turn
    dashing = replace(ARIA, motion=dashed, moved_this_turn=True)
    board = board_with(dashing, OGRE)
    p = plan("charge", board)
    assert p.allowed and terms(p)["Charge [S002]"] == 1
    outcome = resolve(board, p, read_dice(p, [2, 2], [[12]], [None]))
    assert "Charge: the turn ends after the attack [S002]" in outcome.reasons
    assert any(e.kind == "charge" for e in outcome.board.effects.values())


# -- the chance ----------------------------------------------------------------------
def brute_force(p: ActionPlan) -> Fraction:
    """Count every face of every die: the attack succeeds (Q1, Q2, Q5) in how many?"""
    assert p.attack is not None
    a, d = max(0, p.attack.dice), max(0, p.defences[0].dice) if p.defences else None
    wins = total = 0
    for faces in itertools.product(range(1, 13), repeat=a):
        attack = read_faces(faces, p.attack.modifier)
        if d is None:
            wins, total = wins + attack.succeeds(p.dl), total + 1
            continue
        for other in itertools.product(range(1, 13), repeat=d):
            defence = read_faces(other, p.defences[0].modifier)
            wins, total = wins + contest(attack, defence, p.dl).succeeds, total + 1
    return Fraction(wins, total)


@given(st.integers(0, 2), st.integers(0, 2), st.sampled_from([False, True]))
@settings(max_examples=12, deadline=None)
def test_the_chance_equals_brute_force_over_every_face(
    attack: int, defence: int, dl_only: bool
) -> None:
    """Q1 success if result ≥ DL; Q2 and beats the defence (ties to the defender); Q5 a
    Fumble fails; Q4 0 dice give the modifier alone."""
    p = plan(attack_dice=attack, defence_dice=defence)
    if dl_only:
        p = replace(p, defences=())
        assert p.attack is not None
        assert p.chance() == chance(attack, 3, p.attack.modifier)
    assert p.chance() == brute_force(p)


def test_the_success_rate_of_rolled_dice_matches_the_chance() -> None:
    """``roll_dice`` + ``resolve`` agree with ``plan.chance()`` within 4 binomial s.d."""
    rng = np.random.default_rng(20240607)
    p = plan()
    runs = 3000
    hits = sum(resolve(BOARD, p, roll_dice(p, rng)).succeeded[0] for _ in range(runs))
    expected = float(p.chance())
    sd = math.sqrt(expected * (1 - expected) / runs)
    assert abs(hits / runs - expected) <= 4 * sd


# -- typed-in dice, the log, what a hit does ----------------------------------------------
def test_read_dice_refuses_a_wrong_count_of_faces() -> None:
    """A pool of N d12 needs N faces [P-SKILLS]: the message names the pool."""
    p = plan()
    with pytest.raises(ValueError, match="the attack rolls 2d12: type 2 faces, got 1"):
        read_dice(p, [5], [[3]])
    with pytest.raises(ValueError, match="1 defence rolls are needed, got 0"):
        read_dice(p, [5, 6], [])
    with pytest.raises(ValueError, match="the damage rolls 2d12: type 2 faces, got 3"):
        read_dice(p, [5, 6], [[3]], [[1, 2, 3]])
    assert read_dice(p, [5, 6], [[3]]).manual and not roll_dice(p, np.random.default_rng(1)).manual


def test_resolve_writes_the_roll_log_and_counts_a_draw() -> None:
    """Every roll goes to the log with its breakdown; one more dice draw on the board."""
    p = plan()
    hit = resolve(BOARD, p, read_dice(p, [9, 4], [[3]], [[5, 7]]))
    assert [e.role for e in hit.log] == ["attack", "defence", "damage"]
    attack = hit.log[0]
    assert attack.breakdown == tuple((m.amount, m.reason) for m in p.attack.modifiers)  # type: ignore[union-attr]
    assert (attack.dl, attack.outcome, attack.actor, attack.target) == (
        3,
        "succeeds",
        "Aria",
        "Ogre",
    )
    assert attack.manual and hit.log[2].outcome.startswith("2 Injury")
    assert hit.board.rolls[-3:] == hit.log and hit.board.dice_draws == BOARD.dice_draws + 1
    assert hit.summary == "Aria: Strike on Ogre succeeds" and hit.hit == ("o",)
    miss = resolve(BOARD, p, read_dice(p, [2, 1], [[3]], [[5, 7]]))
    assert [e.role for e in miss.log] == ["attack", "defence"] and miss.hit == ()


@pytest.mark.parametrize(("reduction", "grit"), [(0, 4), (3, 5)])
def test_a_hits_damage_takes_grit(reduction: int, grit: int) -> None:
    """[P-DAMAGE] each damage face 3+ is 1 Injury, taken from Grit; Q24 Reduction R needs
    3 + R."""
    p = plan(weapon=Weapon(reduction=reduction))
    after = resolve(BOARD, p, read_dice(p, [9, 4], [[3]], [[5, 7]])).board
    assert pool_current(after.token("o").vitals, "grit", 2, 5) == grit


@pytest.mark.parametrize(
    ("part", "attack", "where", "wounded"),
    [
        pytest.param("head", 12, "head", 2, id="beats by 10 >= 5: head, threshold 2 -> 1"),
        pytest.param("head", 6, "torso", 1, id="beats by 4 < 5: a hit, not on the head"),
        pytest.param("leg", 12, "left leg", 2, id="a leg: the left leg"),
    ],
)
def test_a_called_shot_strikes_its_part_only_when_it_beats_the_defence_by_enough(
    part: str, attack: int, where: str, wounded: int
) -> None:
    """[S002] "If your attack succeeds and exceeds the defense by an amount based on the
    target, the attack strikes the part and treats Severe Threshold as half." (The attack
    is face + 1 size − 1 Called Shot; the defence 2; the damage 3 Injury.)"""
    p = plan("called_shot", part=part, weapon=Weapon(damage=3))
    outcome = resolve(BOARD, p, read_dice(p, [attack, 1], [[2]], [[9, 9, 9]]))
    assert dict(outcome.board.token("o").vitals.wounded) == {where: wounded}
    assert any(r.startswith("beats the defence by") for r in outcome.reasons)


def test_resolve_refuses_a_refused_plan() -> None:
    """A plan with a refusal cannot be resolved: the refusal is the error."""
    p = plan("called_shot")
    with pytest.raises(ValueError, match="choose the part to strike"):
        resolve(BOARD, p, Dice(None))
