"""Overpower actions planned and resolved (rules/actions_overpower.py, rules/actions_hold.py;
seed 002 "Overpower", Grab/Hold, Disarm, Grapple, Hamper, Shove, Escape, Tackle).

Each test quotes the [S002] sentence it checks. Dice are typed in (:func:`read_dice`) so
every outcome is exact: ``[12]`` against ``[2]`` succeeds, ``[2]`` against ``[12]`` fails.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Board, Hex, Token
from rules.actions import (
    ACTIONS,
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    Weapon,
    plan_action,
    read_dice,
    resolve,
)
from rules.actions.kinds.overpower import HAMPER_CHOICES
from rules.actions.overpower import OVERPOWER_ACTIONS
from rules.battlefield.encumbrance import encumbered
from rules.board.conditions import tier_of
from rules.board.holds import Hold, hold_of, with_hold
from rules.board.pools import Vitals, pool_current

HIT, MISS = ([12], [[2]]), ([2], [[12]])
STATS = Vitals(stats=(("athletics", 1), ("elude", 1)), maximum=(("grit", 6),))
OGRE = Token("o", "Ogre", Hex(3, 3), size=1, vitals=STATS)  # Reach 2: a Grab reaches 1
ARIA = Token("a", "Aria", Hex(4, 3), vitals=STATS)
KEYS = ("grab", "disarm", "grapple", "hamper", "shove", "escape", "tackle")


def board_with(*tokens: Token) -> Board:
    board = Board.blank(10, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


def plan(board: Board, key: str, actor: str = "o", target: str = "a", **kw: object) -> ActionPlan:
    return plan_action(board, ActionRequest(key, actor, target, **kw))  # type: ignore[arg-type]


def run(
    board: Board, p: ActionPlan, dice: tuple[list[int], list[list[int]]], damage: Sequence = ()
) -> ActionOutcome:
    assert p.refusal is None, p.refusal
    return resolve(board, p, read_dice(p, dice[0], dice[1], damage))


def held_board() -> Board:
    """The Ogre holds Aria."""
    return with_hold(board_with(OGRE, ARIA), Hold("o", "a"))


def terms(pool: object) -> dict[str, int]:
    return {m.reason: m.amount for m in pool.modifiers}  # type: ignore[attr-defined]


# -- every Overpower ----------------------------------------------------------------
def test_every_overpower_is_registered_in_the_seed_order() -> None:
    """[S002] "Overpower is a collection of physical actions": Grab, Disarm, Grapple,
    Hamper, Shove, Escape, Tackle, each citing its seed sentence."""
    overpowers = [k for k, kind in ACTIONS.items() if kind.spec.group == "Overpower"]
    assert tuple(overpowers) == KEYS
    assert all(ACTIONS[k].spec.source == OVERPOWER_ACTIONS[k] for k in KEYS)


@pytest.mark.parametrize("size", [-2, -1, 0, 1, 2, 3])
def test_overpower_takes_the_full_size_difference(size: int) -> None:
    """[S002] "Against a larger target, suffer a penalty on your roll equal to the size
    difference. Against a smaller target, gain a bonus instead. You cannot affect targets 3
    or more sizes larger than you." """
    board = board_with(ARIA, Token("t", "Target", Hex(5, 3), size=size))
    p = plan(board, "hamper", "a", "t", choice="Slowed")
    reason = f"size {-size:+d}: Overpower takes the full size difference [S002]"
    assert terms(p.attack)[reason] == -size
    assert p.attack is not None and p.attack.modifier == -size
    if size >= 3:
        assert p.refusal is not None and "impossible" in p.refusal
    else:
        assert p.refusal is None


def test_the_attack_is_athletics_against_the_defenders_choice() -> None:
    """Q26 "Overpower: Athletics", DL 3 [S002]; the defender rolls Athletics unless it
    picks another Skill (Q3 by analogy); dice are the Skill Tier [P-SKILLS]."""
    board = board_with(OGRE, ARIA.moved_to(Hex(4, 3)))
    p = plan(board, "shove", destination=Hex(5, 3), attack_dice=3)
    assert (p.dl, p.attack.skill, p.attack.dice) == (3, "Athletics", 3)  # type: ignore[union-attr]
    assert (p.defences[0].skill, p.defences[0].dice) == ("Athletics", 1)
    elude = plan(board, "shove", destination=Hex(5, 3), defence_skill="Elude")
    assert elude.defences[0].skill == "Elude"


def test_encumbered_from_a_hold_is_a_term_on_both_rolls() -> None:
    """Encumbered: "−Tier on physical action rolls, physical defences" [P-COND]; "While in
    a Hold … Have 2 Tiers of Encumbered" [S002]."""
    p = plan(held_board(), "hamper", choice="Muted")
    assert terms(p.attack)["Encumbered 1: Hold 1 — −Tier on physical action rolls [P-COND]"] == -1
    assert terms(p.defences[0])["Encumbered 2: Hold 2 — −Tier on physical defences [P-COND]"] == -2


def test_melee_overpowers_refuse_a_ranged_weapon_and_targets_out_of_reach() -> None:
    """[S002] "Attack target creature with a melee weapon to cause Tier 1 of your choice
    …" — a creature in Reach, with a melee weapon."""

    board = board_with(OGRE, ARIA)
    bow = plan(board, "hamper", choice="Muted", weapon=Weapon("bow", range=10))
    assert bow.refusal == "Hamper is made with a melee weapon [S002]"
    far = board_with(OGRE, ARIA.moved_to(Hex(7, 3)))
    assert "not in Ogre's Reach" in (plan(far, "hamper", choice="Muted").refusal or "")


# -- Grab ---------------------------------------------------------------------------
def test_grab_makes_a_hold_and_both_get_encumbered() -> None:
    """[S002] "Attack a target who is not Held with a Free Limb to cause you both to be in
    a Hold … Have 2 Tiers of Encumbered. If you are larger than the other creature, reduce
    the Tiers by your size difference." """
    board = board_with(OGRE, ARIA)
    after = run(board, plan(board, "grab"), HIT).board
    assert after.holds == (Hold("o", "a"),)
    assert tier_of(after.token("a").conditions, "encumbered") == 2
    assert tier_of(after.token("a").conditions, "held") == 1
    assert tier_of(after.token("o").conditions, "encumbered") == 1  # 1 size larger
    missed = run(board, plan(board, "grab"), MISS).board
    assert missed.holds == () and missed.token("a").conditions == ()


def test_grab_has_less_reach_and_needs_a_target_not_held() -> None:
    """[S002] "Have -1 Reach with this attack"; "Attack a target who is not Held"."""
    small = board_with(ARIA, Token("b", "Bo", Hex(5, 3), vitals=STATS))
    assert "a Grab has −1 Reach" in (plan(small, "grab", "a", "b").refusal or "")
    third = held_board().with_token(Token("c", "Cid", Hex(4, 4), size=1))
    assert "already Held" in (plan(third, "grab", "c", "a").refusal or "")


# -- Disarm -------------------------------------------------------------------------
def test_disarm_gives_plus_one_defence_per_gripping_limb_beyond_the_first() -> None:
    """[S002] "If the object is Gripped by multiple limbs, they gain +1 on their defenses
    for each limb beyond the first." """
    board = board_with(OGRE, ARIA)
    one = plan(board, "disarm", destination=Hex(5, 3))
    three = plan(board, "disarm", destination=Hex(5, 3), number=3)
    assert one.defences[0].modifier == 0
    assert terms(three.defences[0]) == {
        "Gripped by 3 limbs: +1 per limb beyond the first [S002]": 2
    }


def test_a_disarmed_weapon_defends_with_the_skill_that_wields_it() -> None:
    """[S002] "If the targeted object is a weapon, the creature instead rolls defense of
    the skill used to attack with it." """
    board = board_with(OGRE, ARIA)
    p = plan(board, "disarm", destination=Hex(5, 3), defence_skill="Martial")
    assert p.defences[0].skill == "Martial"
    assert any("rolls defense of the skill used to attack" in n for n in p.notes)


def test_disarm_drops_the_object_into_a_space_adjacent_to_the_target() -> None:
    """[S002] "cause them to drop target object they are holding into target space
    adjacent to them, DL 3." """
    board = board_with(OGRE, ARIA)
    asks = plan(board, "disarm")
    assert (asks.refusal or "").startswith("choose the space adjacent to Aria")
    assert "not adjacent" in (plan(board, "disarm", destination=Hex(7, 3)).refusal or "")
    p = plan(board, "disarm", destination=Hex(5, 3), choice="her sword")
    hit = run(board, p, HIT)
    assert "Aria drops her sword into (5, 3) [S002]" in hit.reasons
    assert Hex(5, 3) in hit.spaces and p.dl == 3
    assert not any("drops" in r for r in run(board, p, MISS).reasons)


# -- Grapple ------------------------------------------------------------------------
def test_grapple_needs_a_target_in_a_hold() -> None:
    """[S002] "Attack target creature in a Hold"."""
    board = board_with(OGRE, ARIA)
    assert "not in a Hold" in (plan(board, "grapple").refusal or "")


def test_grapple_adds_one_encumbered_tier() -> None:
    """[S002] "to increase the Tier of Encumbered they suffer from Hold by 1 and join the
    Hold as a Holder." """
    board = held_board()
    after = run(board, plan(board, "grapple"), HIT).board
    assert tier_of(after.token("a").conditions, "encumbered") == 3
    assert tier_of(after.token("a").conditions, "grappled") == 1
    assert run(board, plan(board, "grapple"), MISS).board.holds == board.holds


def test_a_grapple_by_another_creature_joins_the_hold_as_holder() -> None:
    """[S002] "… and join the Hold as a Holder." (one Holder per Hold here [ASSUMPTION])"""
    board = held_board().with_token(Token("c", "Cid", Hex(4, 4), size=1, vitals=STATS))
    outcome = run(board, plan(board, "grapple", "c"), HIT)
    assert outcome.board.holds == (Hold("c", "a", 1),)
    assert any("joins the Hold as a Holder" in r for r in outcome.reasons)


@pytest.mark.parametrize(("attack", "affected"), [(12, "head"), (5, None)])
def test_a_called_shot_grapple_affects_the_part_when_it_beats_the_defence_enough(
    attack: int, affected: str | None
) -> None:
    """[S002] "If you use Called Shot on this attack, the creature cannot use the targeted
    part while in the Hold." — "exceeds the defense by an amount based on the target"
    (a head: 5). Here the attack is face − 1 and the defence 2 − 2."""
    board = held_board()
    p = plan(board, "grapple", part="head")
    assert terms(p.attack)["Called Shot (head) [S002]"] == -1
    outcome = run(board, p, ([attack], [[2]]))
    hold = hold_of(outcome.board, "o", "a")
    assert hold is not None and (hold.part, hold.tier_change) == (affected, 1)
    assert any(e.kind == "called_shot" for e in outcome.board.effects.values())


def test_suffocate_needs_an_affected_head_and_causes_strangled_one() -> None:
    """[S002] "While you have a head affected in this way, you can use Grapple to attempt
    to suffocate the subject. On success, cause Tier 1 Strangled until the head is no
    longer affected." """
    board = held_board()
    assert "does not affect Aria's head" in (
        plan(board, "grapple", choice="suffocate").refusal or ""
    )
    board = with_hold(board, Hold("o", "a", part="head"))
    after = run(board, plan(board, "grapple", choice="suffocate"), HIT).board
    assert tier_of(after.token("a").conditions, "strangled") == 1
    assert tier_of(after.token("a").conditions, "encumbered") == 2  # no +1 [ASSUMPTION]
    freed = run(after, plan(after, "escape", "a", "o", part="head"), HIT).board
    assert tier_of(freed.token("a").conditions, "strangled") == 0


def test_swallow_needs_a_holder_six_sizes_larger() -> None:
    """[S002] "If you are a Holder and the creature is at least 6 sizes smaller than you,
    you can use Grapple to attempt to swallow the creature. On success, they are removed
    from the and they enter your stomach. While swallowed, there is no light, they cannot
    breathe, and have Tier 2 Crowded." """
    wyrm = Token("w", "Wyrm", Hex(3, 3), size=4, vitals=STATS)
    mouse = Token("m", "Mouse", Hex(5, 3), size=-2, vitals=STATS)
    board = with_hold(board_with(wyrm, mouse), Hold("w", "m"))
    p = plan(board, "grapple", "w", "m", choice="swallow")
    outcome = run(board, p, HIT)
    after = outcome.board
    assert after.holds == () and after.token("m").position == wyrm.position
    conditions = after.token("m").conditions
    assert tier_of(conditions, "swallowed") == 1 and tier_of(conditions, "encumbered") == 0
    assert encumbered(after, "m").describe() == "Encumbered 1: Crowded 1"  # computed, D3
    assert outcome.moved == ("m",) and any("Crowded 2" in r for r in outcome.reasons)
    bigger = Token("m", "Mouse", Hex(5, 3), size=-1, vitals=STATS)
    small = with_hold(board_with(wyrm, bigger), Hold("w", "m"))
    assert "not 6" in (plan(small, "grapple", "w", "m", choice="swallow").refusal or "")


def test_swallow_needs_you_to_be_a_holder_and_choices_are_checked() -> None:
    """[S002] "If you are a Holder …" — and a Grapple only suffocates or swallows."""
    board = held_board().with_token(Token("c", "Cid", Hex(4, 4), size=1))
    assert "Cid does not hold Aria" in (plan(board, "grapple", "c", choice="swallow").refusal or "")
    assert "not 'bite'" in (plan(board, "grapple", choice="bite").refusal or "")
    both = plan(board, "grapple", choice="suffocate", part="head").refusal
    assert both is not None and "[ASSUMPTION]" in both


# -- Hamper -------------------------------------------------------------------------
def test_hamper_lists_its_choices_and_asks_for_one() -> None:
    """[S002] "cause Tier 1 of your choice of Blinded, Dazzled, Deafened, Muted, Slowed,
    or Unstable, DL 3." """
    board = board_with(OGRE, ARIA)
    assert ACTIONS["hamper"].spec.choices == HAMPER_CHOICES
    asks = plan(board, "hamper").refusal or ""
    assert asks.startswith("choose one of") and all(c in asks for c in HAMPER_CHOICES)
    assert "cannot cause 'Burning'" in (plan(board, "hamper", choice="Burning").refusal or "")


@given(st.sampled_from(HAMPER_CHOICES), st.integers(1, 3))
@settings(max_examples=20, deadline=None)
def test_hamper_causes_tier_one_of_the_choice_and_tiers_add(choice: str, times: int) -> None:
    """[S002] "to cause Tier 1 of your choice of …"; "Tiers of the same name add" [P-GAME]."""
    board = board_with(OGRE, ARIA)
    for _ in range(times):
        board = run(board, plan(board, "hamper", choice=choice), HIT).board
    assert tier_of(board.token("a").conditions, choice.lower()) == times
    missed = run(board, plan(board, "hamper", choice=choice), MISS).board
    assert tier_of(missed.token("a").conditions, choice.lower()) == times


# -- Shove --------------------------------------------------------------------------
def test_shove_moves_the_target_one_space_farther() -> None:
    """[S002] "Attack a target with a melee weapon to move the target one space farther
    from you, DL 3." """
    board = board_with(OGRE, ARIA)
    assert (plan(board, "shove").refusal or "").startswith("choose the space")
    after = plan(board, "shove", destination=Hex(3, 4), after_attack=True).refusal or ""
    assert "not one farther away that" in after
    p = plan(board, "shove", destination=Hex(5, 3))
    hit = run(board, p, HIT)
    assert hit.board.token("a").position == Hex(5, 3) and hit.moved == ("a",)
    assert run(board, p, MISS).board.token("a").position == Hex(4, 3)


def test_a_shove_on_its_own_may_move_the_target_to_any_space_in_reach() -> None:
    """[S002] "If not being done as the result of another attack succeeding against a
    target in your Reach, you may move the target to any space in your Reach." """
    board = board_with(OGRE, ARIA)  # the Ogre has Reach 2
    beside = plan(board, "shove", destination=Hex(3, 4))
    assert beside.refusal is None
    assert run(board, beside, HIT).board.token("a").position == Hex(3, 4)
    far = plan(board, "shove", destination=Hex(7, 3)).refusal or ""
    assert "not one farther away or in your Reach" in far
    assert "Hex" not in far


def test_shoving_a_creature_in_a_hold_must_beat_everyone_in_it() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you … On
    failure against any, you are not moved." """
    cat = Token("c", "Cat", Hex(4, 3), size=-1)
    board = with_hold(board_with(OGRE, ARIA, cat), Hold("a", "c"))
    p = plan(board, "shove", destination=Hex(5, 3))
    assert any("Cat's Athletics with 1d12" in n for n in p.notes)
    assert [(a.dice, d.who, d.skill) for a, d in p.follow_ups] == [(1, "c", "Athletics")]
    held = resolve(board, p, read_dice(p, *HIT, follow_ups=[([2], [9])]))
    assert held.board.token("a").position == Hex(4, 3)
    assert any("fails against Cat" in r and "you are not moved" in r for r in held.reasons)
    assert held.board.holds == board.holds
    freed = resolve(board, p, read_dice(p, *HIT, follow_ups=[([11], [3])]))
    assert freed.board.token("a").position == Hex(5, 3) and freed.board.holds == ()
    assert any("Hold" in r and "Aria" in r for r in freed.reasons[-3:])
    assert [r.role for r in freed.board.rolls] == ["attack", "defence", "attack", "defence"]


# -- Escape -------------------------------------------------------------------------
def test_escape_needs_to_be_held_by_the_target() -> None:
    """[S002] "Attack target Holder with a Free Limb or part you are using in the Hold"."""
    board = board_with(OGRE, ARIA)
    assert "not Held" in (plan(board, "escape", "a", "o").refusal or "")
    third = held_board().with_token(Token("c", "Cid", Hex(5, 3)))
    assert "Cid does not hold Aria" in (plan(third, "escape", "a", "c").refusal or "")


def test_escape_reduces_encumbered_by_two_and_ends_the_hold_at_zero() -> None:
    """[S002] "to reduce the Tier of Encumbered they suffer and are causing to target
    Grabbed creature by 2. If this removes all Encumbered from the Grabbed creature, they
    are removed from the Grab." """
    board = with_hold(held_board(), Hold("o", "a", 1))  # Encumbered 3
    once = run(board, plan(board, "escape", "a", "o"), HIT).board
    assert tier_of(once.token("a").conditions, "encumbered") == 1
    twice = run(once, plan(once, "escape", "a", "o"), HIT).board
    assert twice.holds == () and twice.token("a").conditions == ()
    assert run(board, plan(board, "escape", "a", "o"), MISS).board.holds == board.holds


def test_escape_with_a_part_frees_it_and_reduces_by_one() -> None:
    """[S002] "If the Holder has targeted a specific part, you can remove the affected part
    and part used to attack it from the Hold. If you do, only reduce the Encumbered Tier
    by 1." """
    board = with_hold(held_board(), Hold("o", "a", part="arm"))
    assert "has not targeted Aria's head" in (
        plan(board, "escape", "a", "o", part="head").refusal or ""
    )
    after = run(board, plan(board, "escape", "a", "o", part="arm"), HIT).board
    assert hold_of(after, "o", "a") == Hold("o", "a", -1)
    assert tier_of(after.token("a").conditions, "encumbered") == 1


def test_escape_is_impossible_from_a_holder_three_sizes_larger() -> None:
    """[S002] "You cannot affect targets 3 or more sizes larger than you." """
    giant = Token("g", "Giant", Hex(3, 3), size=3)
    board = with_hold(board_with(giant, ARIA), Hold("g", "a"))
    assert "impossible" in (plan(board, "escape", "a", "g").refusal or "")


# -- Tackle -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("actor", "target", "spaces", "pool", "dice"),
    [
        pytest.param("o", "a", 0, 5, 2, id="5 // 4 x 1 space, +1 smaller target"),
        pytest.param("a", "o", 0, 5, 0, id="5 // 4 x 1 space, -1 larger target"),
        pytest.param("o", "a", 4, 5, 5, id="5 // 4 x 4 spaces, +1"),
        pytest.param("o", "a", 1, 8, 3, id="8 // 4 x 1 space, +1"),
    ],
)
def test_tackle_damage_is_collision_modified_by_size(
    actor: str, target: str, spaces: int, pool: int, dice: int
) -> None:
    """[S002] "fill your Movement Pool to attack a target in the space to cause Collision,
    DL 3. Modify the damage dealt by the same way the attack roll is modified from size."
    [S001] "Using Movement adds damage equal to (your Movement Pool / 4) x the number of
    spaces you move"."""
    board = board_with(
        Token("o", "Ogre", Hex(3, 3), size=1, movement_pool=pool, vitals=STATS),
        Token("a", "Aria", Hex(4, 3), movement_pool=pool, vitals=STATS),
    )
    p = plan(board, "tackle", actor, target, number=spaces)
    assert p.damage is not None and p.damage.dice == dice and p.dl == 3
    assert any("Modify the damage dealt" in n for n in p.notes)


def test_tackle_fills_the_movement_pool_and_its_collision_hurts() -> None:
    """[S002] "fill your Movement Pool to attack a target in the space to cause Collision";
    [S001] "Armor does not reduce damage from Collision"."""

    board = board_with(OGRE, ARIA)
    p = plan(board, "tackle", weapon=Weapon(reduction=3))
    assert p.request.weapon.reduction == 0
    hit = run(board, p, HIT, [[5, 3]])
    ogre, aria = hit.board.token("o"), hit.board.token("a")
    assert pool_current(ogre.vitals, "movement", 1, 5) == 0
    assert pool_current(aria.vitals, "grit", 0, 5) == 4
    assert any("Ogre is in the Collision too" in r for r in hit.reasons)
    missed = run(board, p, MISS, [[5, 3]])
    assert pool_current(missed.board.token("o").vitals, "movement", 1, 5) == 0
    assert pool_current(missed.board.token("a").vitals, "grit", 0, 5) == 6


def test_tackle_needs_movement_and_a_target_it_moves_into() -> None:
    """[S002] "As you move into an occupied space, fill your Movement Pool"."""
    tired = Token("o", "Ogre", Hex(3, 3), size=1, vitals=Vitals(current=(("movement", 0),)))
    assert "no Movement left" in (plan(board_with(tired, ARIA), "tackle").refusal or "")
    far = board_with(OGRE, ARIA.moved_to(Hex(6, 3)))
    assert "moving into Aria's space" in (plan(far, "tackle").refusal or "")
    assert plan(board_with(OGRE, ARIA), "tackle").refusal is None
