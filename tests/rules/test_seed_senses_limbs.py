"""Senses, limbs, words and a turn's run of spaces (issue #13; map format version 7) — from
the rules text, not the code. Each test quotes the sentence it checks.

Sources: seed 000's Concealment paragraph; seed 002's Manifest, Ready, Dismiss, Grab (the
Free Limb), Disarm, Tackle and Charge; seed 001's Collision; RULES-DIGEST §7.2 (the senses
of the [P-SENSES] table, [P-BATTLE] Primary Sense margins, [P-AIL] Blinded/Deafened).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import ActionRequest, plan_action, read_dice, resolve
from rules.actions.strike import strike
from rules.battlefield.concealment import concealment, concealment_between, concealment_field
from rules.board.body import SENSES, Words, free_limbs, spend_words, words_left
from rules.board.conditions import ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.holds import Hold, with_hold
from rules.board.motion import Motion
from rules.board.pools import Vitals, pool_current
from rules.board.terrain import ConcealmentKind as K
from rules.board.tokens import Token
from rules.board.turn_state import with_effect, with_turn
from rules.hexes import Hex, distance
from rules.movement.plan import apply_plan, plan_path
from rules.turns import TurnState, join, start

BOARD = Board.blank(16, 12)
C = BOARD.hex_at(6, 6)
STATS = Vitals(
    stats=(("athletics", 1), ("elude", 1), ("martial", 2), ("nimble", 3)),
    maximum=(("grit", 8), ("energy", 3)),
)


def east(n: int) -> Hex:
    return Hex(C.q + n, C.r)


def board_of(*tokens: Token, conflict: bool = False, board: Board = BOARD) -> Board:
    for token in tokens:
        board = board.with_token(token)
    if conflict:
        turn = TurnState()
        for i, token in enumerate(tokens):
            turn = join(turn, token.id, 20 - i)
        board = with_turn(board, start(turn))
    return board


def aria(**kw: object) -> Token:
    return Token("a", "Aria", C, vitals=STATS, **kw)  # type: ignore[arg-type]


def bram(at: Hex | None = None, **kw: object) -> Token:
    return Token("b", "Bram", at or east(4), vitals=STATS, **kw)  # type: ignore[arg-type]


def concealed(spots: list[tuple[int, int, K]], board: Board) -> Board:
    """``board`` with Concealment ``(index east of C, Tier, kind)``."""
    for n, tier, kind in spots:
        board = board.with_terrain("concealment", [east(n)], tier)
        board = board.with_terrain("concealment_kind", [east(n)], int(kind))
    return board


def act(board: Board, request: ActionRequest, attack: list[int], *defences: list[int]):  # type: ignore[no-untyped-def]
    plan = plan_action(board, request)
    assert plan.allowed, plan.refusal
    return resolve(board, plan, read_dice(plan, attack, list(defences)))


# -- Concealment by sense ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "senses", "tier", "sense"),
    [
        (K.WORLD, ("sight",), 4, "sight"),  # fog and darkness hide from sight
        (K.WORLD, ("sight", "sound"), 0, "sound"),  # … not from a creature that also hears
        (K.NOISE, ("sight", "sound"), 0, "sight"),  # a waterfall hides sound, not sight
        (K.NOISE, ("sound",), 4, "sound"),  # … from a bat that hunts by sound
        (K.MAGIC, ("sight", "sound", "smell"), 4, "sight"),  # magic of old maps: every sense
        (K.MAGIC_SIGHT, ("sight", "thermal"), 0, "thermal"),  # magic painted against sight
        (K.HEAT, ("thermal", "sight"), 0, "sight"),
    ],
)
def test_concealment_applies_to_the_senses_it_affects(
    kind: K, senses: tuple[str, ...], tier: int, sense: str
) -> None:
    """[S000] "Poor lighting, weather conditions, or magic can create Concealment" and
    "Concealment against the senses you are using to choose a target also causes half this
    penalty on targeted attack rolls against them": the observer chooses its target with
    its least concealed sense."""
    board = concealed([(2, 4, kind)], board_of(aria(senses=senses), bram()))
    result = concealment(board, "a", "b")
    assert (result.tier, result.sense) == (tier, sense)
    assert result.attack_penalty == -(tier // 2)
    chose = [r for r in result.reasons if r.startswith(f"chooses the target by {sense}")]
    assert len(chose) == (len(senses) > 1)  # with one sense there is nothing to choose


def test_the_awareness_penalty_is_per_sense_and_the_attack_uses_the_chosen_one() -> None:
    """[S000] "For each Tier of Concealment your target has, have -1 on Awareness rolls
    affected by the type of Concealment." and "Concealment against the senses you are
    using to choose a target also causes half this penalty on targeted attack rolls"."""
    spots = [(1, 6, K.WORLD), (3, 2, K.NOISE)]
    board = concealed(spots, board_of(aria(senses=("sight", "sound")), bram()))
    result = concealment(board, "a", "b")
    assert result.awareness_penalty_for("sight") == -6
    assert result.awareness_penalty_for("sound") == -2
    assert result.awareness_penalty_for("smell") == 0
    assert (result.sense, result.tier, result.attack_penalty) == ("sound", 2, -1)
    assert [s[0] for s in result.sources] == [east(3)]  # only what hides from sound
    assert [s[0] for s in result.ignored] == [east(1)]
    assert (
        f"Poor light, fog, smoke or weather (sight) at ({east(1).q}, {east(1).r}) does not "
        "hide from sound" in result.reasons
    )


def test_a_sense_that_is_not_the_primary_one_says_it_needs_the_larger_margin() -> None:
    """[P-BATTLE] "beat the DL by 3 with a Primary Sense, by 9 with others"; [S000]
    "Concealment against the senses you are using to choose a target"."""
    board = concealed([(2, 5, K.WORLD)], board_of(aria(senses=("sight", "smell")), bram()))
    result = concealment(board, "a", "b")
    assert (result.sense, result.primary) == ("smell", False)
    assert any("not its Primary Sense (sight)" in r and "by 9" in r for r in result.reasons)
    clear = concealment(board_of(aria(senses=("sight", "smell")), bram()), "a", "b")
    assert (clear.sense, clear.primary) == ("sight", True)  # a tie: the Primary Sense


def test_a_blinded_observer_gives_everyone_sight_concealment() -> None:
    """[P-AIL] Blinded: 'everyone has vision Concealment = Tier from you'; it is not a
    condition of the world, so adjacency does not lower it."""
    blind = aria(conditions=(ConditionEntry("blinded", 3),))
    board = board_of(blind, bram(east(1)))
    result = concealment(board, "a", "b")
    assert (result.tier, result.reduction, result.ailments) == (3, 0, (("Blinded", 3, "sight"),))
    hearing = concealment(board_of(replace(blind, senses=("sight", "sound")), bram()), "a", "b")
    assert (hearing.sense, hearing.tier) == ("sound", 0)


def test_the_strike_takes_half_the_chosen_senses_concealment() -> None:
    """[S000] "Concealment against the senses you are using to choose a target also
    causes half this penalty on targeted attack rolls against them." — the Strike's
    Concealment term comes from the attacker's senses."""
    spots = [(2, 6, K.WORLD)]
    seeing = concealed(spots, board_of(aria(), bram(east(3))))
    seen = strike(seeing, "a", "b", dice=2, weapon_range=6).modifiers
    assert any(m.amount == -3 and "Concealment" in m.reason for m in seen)
    hearing = concealed(spots, board_of(aria(senses=("sight", "sound")), bram(east(3))))
    heard = strike(hearing, "a", "b", dice=2, weapon_range=6).modifiers
    assert not any("Concealment" in m.reason for m in heard)


SPOTS = st.lists(
    st.tuples(st.integers(-3, 5), st.integers(-2, 2), st.integers(1, 12), st.sampled_from(list(K))),
    max_size=6,
)
SENSE_LISTS = st.lists(st.sampled_from(SENSES), min_size=1, max_size=3, unique=True).map(tuple)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SPOTS, SENSE_LISTS, st.integers(0, 4))
def test_the_field_equals_concealment_between_for_any_senses(
    spots: list[tuple[int, int, int, K]], senses: tuple[str, ...], deafened: int
) -> None:
    """The shade the map draws is the same Concealment, space by space, for any senses."""
    board = BOARD
    for dq, dr, tier, kind in spots:
        h = Hex(C.q + dq, C.r + dr)
        board = board.with_terrain("concealment", [h], tier)
        board = board.with_terrain("concealment_kind", [h], int(kind))
    ailments = (("Deafened", deafened, "sound"),) if deafened else ()
    field = concealment_field(board, [C], radius=4, senses=senses, ailments=ailments)
    for target in (Hex(C.q + dq, C.r + dr) for dq in range(-3, 4) for dr in (-2, 0, 2)):
        if distance(C, target) > 4:
            continue
        col, row = board.cell_of(target)
        between = concealment_between(board, [C], [target], senses=senses, ailments=ailments)
        assert field[row, col] == between.tier, target


def test_senses_not_of_the_table_are_refused() -> None:
    """RULES-DIGEST §7.2: sight, smell, sound, touch, displacement, thermal, vibration."""
    with pytest.raises(ValueError, match="senses must be distinct"):
        concealment_between(BOARD, [C], [east(2)], senses=("echo",))
    with pytest.raises(ValueError, match="senses must be distinct"):
        Token("x", "X", C, senses=())
    assert concealment_field(BOARD, [C]).max() == 0  # no senses given: the default, sight


# -- Free Limbs ---------------------------------------------------------------------------


def test_free_limbs_count_every_use_with_its_source() -> None:
    """[S002] 'Attack a target who is not Held with a Free Limb to cause you both to be in a
    Hold'; 'keep it in your Free Limb'; 'the creature cannot use the targeted part while in
    the Hold'."""
    board = board_of(aria(limbs=4, gripping=1), bram(east(1)), Token("c", "Cid", east(-1)))
    board = with_hold(board, Hold("a", "b"))
    board = with_hold(board, Hold("c", "a", part="left arm"))
    board = with_effect(board, OngoingEffect("r", "Ready Spell", creator="a", kind="ready"))
    limbs = free_limbs(board, "a")
    assert [(u.source, u.limbs) for u in limbs.uses] == [
        ("gripping", 1),
        ("hold", 1),
        ("held part", 1),
        ("ready", 1),
    ]
    assert (limbs.limbs, limbs.used, limbs.free) == (4, 4, 0)
    assert any("Attack a target who is not Held with a Free Limb" in r for r in limbs.reasons)
    assert limbs.describe().startswith("0 Free Limbs of 4: grips a weapon or object (1)")
    head = with_hold(board_of(aria(), Token("c", "Cid", east(-1))), Hold("c", "a", part="head"))
    assert free_limbs(head, "a").free == 2  # a head is not a limb it holds with


def test_a_humanoid_has_two_free_limbs_by_default() -> None:
    """A humanoid's limbs for holding, attacking and climbing: its two arms (default)."""
    assert free_limbs(board_of(aria()), "a").free == 2


# -- Manifest, Ready, Dismiss ----------------------------------------------------------------


def test_a_spell_needs_a_free_limb_and_a_talent_does_not() -> None:
    """[S002] "Manifesting a Spell also uses a Free Limb, costs 1 word, costs an
    additional word if Boosted" """
    full = board_of(aria(gripping=2))
    spell = plan_action(full, ActionRequest("manifest", "a", choice="spell"))
    assert spell.refusal is not None and "has no Free Limb" in spell.refusal
    assert "'Manifesting a Spell also uses a Free Limb'" in spell.refusal
    assert plan_action(full, ActionRequest("manifest", "a", choice="talent")).allowed
    free = plan_action(board_of(aria(gripping=1)), ActionRequest("manifest", "a", choice="spell"))
    assert free.allowed and any("1 Free Limb of 2" in n for n in free.notes)


def test_a_spell_costs_a_word_and_a_boosted_one_two() -> None:
    """[S002] "Manifesting a Spell also uses a Free Limb, costs 1 word, costs an
    additional word if Boosted" """
    one = board_of(aria(words=Words(per_round=1)), conflict=True)
    assert plan_action(one, ActionRequest("manifest", "a", choice="spell")).allowed
    boosted = plan_action(one, ActionRequest("manifest", "a", choice="spell", number=1))
    assert boosted.refusal is not None
    assert "1 word left this round; a Boosted Spell costs 2" in boosted.refusal
    mute = board_of(aria(words=Words(per_round=0)))
    silent = plan_action(mute, ActionRequest("manifest", "a", choice="spell"))
    assert "0 words left" in (silent.refusal or "")
    assert plan_action(mute, ActionRequest("manifest", "a", choice="talent")).allowed


def test_manifesting_spends_the_words_this_round_hit_or_miss() -> None:
    """[S002] "Manifesting a Spell also uses a Free Limb, costs 1 word, costs an
    additional word if Boosted" — words are spoken as the Energy is paid; a new round
    brings them back."""
    board = board_of(aria(words=Words(per_round=3)), conflict=True)
    request = ActionRequest("manifest", "a", choice="spell", number=1)
    out = act(board, request, [9])
    assert words_left(out.board, "a").left == 1
    assert any("speaks 2 words" in r and "3 → 1 left this round" in r for r in out.reasons)
    missed = act(board, request, [2])
    assert words_left(missed.board, "a").left == 1
    assert "1 word left" in (plan_action(out.board, request).refusal or "")
    later = with_turn(out.board, replace(out.board.turn, round=out.board.turn.round + 1))
    assert words_left(later, "a").left == 3


def test_outside_a_conflict_words_are_not_counted() -> None:
    """Words per round count in a conflict's rounds; outside one each Spell finds a fresh
    round (like Movement, Q25)."""
    board = board_of(aria(words=Words(per_round=2)))
    after, said = spend_words(board, "a", 2)
    assert after.token("a").words == Words(per_round=2) and "not counted" in said[0]
    with pytest.raises(ValueError, match="has 2 words left this round, needs 3"):
        spend_words(board, "a", 3)


def test_ready_keeps_the_effect_in_a_free_limb() -> None:
    """[S002] "Manifest a spell or Talent to keep it in your Free Limb without having any
    effect until you complete it as a Minor Action." """
    board = board_of(aria(gripping=1))
    out = act(board, ActionRequest("ready", "a", choice="talent"), [8])
    limbs = free_limbs(out.board, "a")
    assert limbs.free == 0 and [u.source for u in limbs.uses] == ["gripping", "ready"]
    refused = plan_action(out.board, ActionRequest("ready", "a", choice="talent"))
    assert "'Manifest a spell or Talent to keep it in your Free Limb'" in (refused.refusal or "")


def test_dismissing_a_spell_uses_a_free_limb() -> None:
    """[S002] "Dismissing a Spell uses a Free Limb." """
    board = board_of(aria(gripping=2))
    wall = OngoingEffect("wall", "Wall of Thorns", creator="a", rounds_left=3)
    plan = plan_action(with_effect(board, wall), ActionRequest("dismiss", "a"))
    assert plan.refusal is not None and "'Dismissing a Spell uses a Free Limb'" in plan.refusal
    talent = OngoingEffect("wall", "Stoneskin Talent", creator="a", rounds_left=3)
    assert plan_action(with_effect(board, talent), ActionRequest("dismiss", "a")).allowed
    ready = board_of(aria(gripping=1))
    ready = with_effect(ready, OngoingEffect("r", "Ready Spell", creator="a", kind="ready"))
    assert free_limbs(ready, "a").free == 0
    out = act(ready, ActionRequest("dismiss", "a"), [])  # the limb it is kept in
    assert free_limbs(out.board, "a").free == 1
    assert any("uses a Free Limb" in r for r in out.reasons)


# -- Disarm --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("choice", "skill"), [("melee weapon", "Martial"), ("ranged weapon", "Nimble")]
)
def test_a_disarmed_weapon_defends_with_its_attack_skill(choice: str, skill: str) -> None:
    """[S002] "If the targeted object is a weapon, the creature instead rolls defense of
    the skill used to attack with it." """
    board = board_of(aria(), bram(east(1), gripping=2))
    request = ActionRequest(
        "disarm", "a", "b", destination=east(2), choice=choice, defence_skill="Athletics", number=2
    )
    plan = plan_action(board, request)
    assert plan.defences[0].skill == skill
    assert plan.defences[0].dice == dict(STATS.stats)[skill.lower()]
    assert any(
        f"attacks with {skill} (Q26), instead of the chosen Athletics" in n for n in plan.notes
    )
    out = resolve(board, plan, read_dice(plan, [12], [[1] * plan.defences[0].dice]))
    assert out.board.token("b").gripping == 0  # both gripping limbs are free again


def test_disarming_an_object_that_is_not_a_weapon_keeps_the_chosen_defence() -> None:
    """[S002] "If the targeted object is a weapon, the creature instead rolls defense of
    the skill used to attack with it." — a lantern is not a weapon."""
    board = board_of(aria(), bram(east(1)))
    request = ActionRequest("disarm", "a", "b", destination=east(2), choice="lantern")
    plan = plan_action(board, request)
    assert plan.defences[0].skill == "Athletics"
    assert any("not a weapon, so the Athletics defence stands" in n for n in plan.notes)


# -- Tackle --------------------------------------------------------------------------------


def test_a_tackle_moves_into_the_space_and_causes_collision_as_one_outcome() -> None:
    """[S002] "As you move into an occupied space, fill your Movement Pool to attack a
    target in the space to cause Collision, DL 3. Modify the damage dealt by the same way
    the attack roll is modified from size." """
    board = board_of(aria(), bram(east(1)), conflict=True)
    plan = plan_action(board, ActionRequest("tackle", "a", "b"))
    assert plan.allowed and plan.spaces == (east(1),)
    out = resolve(board, plan, read_dice(plan, [12], [[2]], [[6]]))
    tackler = out.board.token("a")
    assert tackler.position == east(1) and out.moved == ("a",)
    assert pool_current(tackler.vitals, "movement", 0, 5) == 0
    assert tackler.moving and tackler.motion.spaces_in_a_row == 1
    assert plan.damage is not None and plan.damage.dice == 5 // 4 * 1  # 1 space, same size
    assert pool_current(out.board.token("b").vitals, "grit", 0, 5) == 7  # 1 Injury of 8
    assert any("Balance DL 3 [P-MOBILITY] + Injury 1 = DL 4" in r for r in out.reasons)
    missed = resolve(board, plan, read_dice(plan, [2], [[12]], [None]))
    assert missed.board.token("a").position == east(1)  # it moved in all the same


def test_a_tackle_into_a_full_space_stays_out_and_still_collides() -> None:
    """[S000] 'You cannot move into an occupied space if you would cause it to be more than
    fully occupied'; [S001] 'Collision may occur … while you are moving and your path is
    blocked'."""
    board = board_of(aria(), Token("o", "Bison", east(1), size=2, vitals=STATS))
    plan = plan_action(board, ActionRequest("tackle", "a", "o"))
    assert plan.allowed and any("cannot enter" in n and "path is blocked" in n for n in plan.notes)
    out = resolve(board, plan, read_dice(plan, [12], [[2]], [[3] * plan.damage.dice]))
    assert out.board.token("a").position == C and out.moved == ()


def test_the_collision_counts_the_spaces_moved_in_a_row() -> None:
    """[S001] "Using Movement adds damage equal to (your Movement Pool / 4) x the number of
    spaces you move each time you use movement"; [S002] "As you move into an occupied
    space … to cause Collision"."""
    runner = aria(movement_pool=8, moved_this_turn=True, motion=Motion(spaces_in_a_row=3))
    plan = plan_action(board_of(runner, bram(east(1))), ActionRequest("tackle", "a", "b"))
    assert plan.damage is not None and plan.damage.dice == 8 // 4 * (3 + 1)
    assert any("3 in a row this turn + the step in" in n for n in plan.notes)


def test_a_held_creature_cannot_tackle() -> None:
    """A Held creature cannot move on its own ([S002] Hold; it must Escape)."""
    board = with_hold(board_of(aria(), bram(east(1))), Hold("b", "a"))
    plan = plan_action(board, ActionRequest("tackle", "a", "b"))
    assert plan.refusal is not None and "Held by Bram" in plan.refusal


# -- Charge --------------------------------------------------------------------------------


def _moved(board: Board, *steps: int) -> Board:
    for n in steps:
        token = board.token("a")
        q, r = token.position.q, token.position.r
        path = [Hex(q + i, r) for i in range(n + 1)]
        board = apply_plan(board, plan_path(board, "a", path))
    return board


def test_a_charge_after_two_consecutive_spaces_at_dash() -> None:
    """[S002] "After moving 2 consecutive spaces, if you have used Dash this turn" """
    board = board_of(aria(motion=Motion(pace="dash")), bram(east(3)), conflict=True)
    assert plan_action(_moved(board, 1, 1), ActionRequest("charge", "a", "b")).allowed
    near = board_of(aria(motion=Motion(pace="dash")), bram(east(2)), conflict=True)
    one = plan_action(_moved(near, 1), ActionRequest("charge", "a", "b"))
    assert one.refusal == "Aria: moved 1 consecutive spaces, needs 2 [S002]"
    walking = board_of(aria(), bram(east(3)), conflict=True)  # walks 2, then adjacent
    walked = plan_action(_moved(walking, 2), ActionRequest("charge", "a", "b"))
    assert walked.refusal == "Aria: has not used Dash this turn [S002]"


def test_the_run_of_spaces_starts_again_each_turn() -> None:
    """[S002] "After moving 2 consecutive spaces, if you have used Dash this turn" — 'this
    turn': the first move of a turn starts the count."""
    board = _moved(board_of(aria(motion=Motion(pace="dash")), bram(east(9)), conflict=True), 2)
    token = board.token("a")
    assert (token.motion.spaces_in_a_row, token.motion.dashed) == (2, True)
    next_turn = board.with_token_replaced(replace(token, moved_this_turn=False))
    assert token.motion.this_turn(moved_this_turn=False) == (0, True)
    again = _moved(next_turn, 1).token("a").motion
    assert again.spaces_in_a_row == 1
    assert Motion(spare=2, spaces_in_a_row=5, dashed=True).turn_started() == Motion()
