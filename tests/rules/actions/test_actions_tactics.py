"""Tactics, defensive actions and Manifest / Ready / Dismiss as actions
(rules/actions_tactics.py). Each test quotes the seed 002 sentence it checks ([S002])."""

from __future__ import annotations

import numpy as np
import pytest

from rules.actions import ActionRequest, plan_action, read_dice, resolve
from rules.actions.kinds.tactics import (
    dismissable,
    hinder_penalty,
    hinder_together,
    pay_energy,
    roll_hinders,
)
from rules.board.conditions import set_condition
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.pools import Vitals, pool_current
from rules.board.tokens import Token
from rules.board.turn_state import with_effect, with_turn
from rules.dice import read_faces
from rules.hexes import Hex
from rules.movement.turn_flow import next_turn
from rules.turns import TurnState, join, start

BOARD = Board.blank(12, 12)
C = BOARD.hex_at(6, 6)
VITALS = Vitals(maximum=(("energy", 2), ("grit", 10)))


def east(n: int) -> Hex:
    return Hex(C.q + n, C.r)


def board_of(*tokens: Token, order: tuple[str, ...] = ()) -> Board:
    board = BOARD
    for token in tokens:
        board = board.with_token(token)
    if order:
        turn = TurnState()
        for i, token_id in enumerate(order):
            turn = join(turn, token_id, 20 - i)
        board = with_turn(board, start(turn))
    return board


def aria(**kw: object) -> Token:
    return Token("a", "Aria", C, vitals=VITALS, **kw)  # type: ignore[arg-type]


def bram(at: Hex | None = None, size: int = 0) -> Token:
    return Token("b", "Bram", at or east(1), size=size, vitals=VITALS)


def act(board: Board, request: ActionRequest, attack: list[int], *defences: list[int]):  # type: ignore[no-untyped-def]
    plan = plan_action(board, request)
    assert plan.allowed, plan.refusal
    return resolve(board, plan, read_dice(plan, attack, list(defences)))


# --- Distract --------------------------------------------------------------------------------


@pytest.mark.parametrize(("choice", "bonus"), [("minor", 1), ("major", 2)])
def test_distract_gains_one_after_a_minor_and_two_after_a_major_action(
    choice: str, bonus: int
) -> None:
    """[S002] "Gain +1 on your roll if you used a Minor Action and +2 if you used a Major
    Action." Guile attacks (Q26)."""
    plan = plan_action(board_of(aria(), bram()), ActionRequest("distract", "a", "b", choice=choice))
    assert plan.attack is not None and plan.attack.skill == "Guile"
    assert plan.attack.modifier == bonus and plan.targets == ("b",)
    assert plan.defences[0].modifier == 0


def test_a_creature_that_expects_the_distract_gains_six_on_its_defence() -> None:
    """[S002] "Creatures that expect you to use this action gain +6 on their defense." """
    request = ActionRequest("distract", "a", "b", choice="minor", number=1)
    plan = plan_action(board_of(aria(), bram()), request)
    assert plan.defences[0].modifier == 6


def test_distract_makes_the_target_focused_until_its_next_turn() -> None:
    """[S002] "Create a diversion to draw attention to cause the creature to become Focused
    on you and they cannot drop Focus until their next turn." The Focused creature is the
    effect's creator, so it ends as that creature's next turn begins — not before."""
    board = board_of(aria(), bram(), order=("b", "a"))  # Bram acts first, then Aria
    board = next_turn(board).board  # Aria's turn
    out = act(board, ActionRequest("distract", "a", "b", choice="major"), [9], [4])
    (focus,) = out.board.effects.values()
    assert (focus.kind, focus.creator, focus.target, focus.rounds_left) == ("focus", "b", "a", 1)
    soulweaver = next_turn(out.board)
    assert focus.id in soulweaver.board.effects  # still Focused through the GM's turn
    brams = next_turn(soulweaver.board)
    assert brams.actor == "b" and focus.id not in brams.board.effects
    assert focus.id in brams.expired


def test_distract_by_a_sound_at_range_focuses_on_the_space() -> None:
    """[S002] "If your action creates a sound at range, creatures instead become Focused on
    the space where the sound was made." """
    request = ActionRequest("distract", "a", "b", choice="minor", space=east(4))
    out = act(board_of(aria(), bram()), request, [9], [2])
    (focus,) = out.board.effects.values()
    assert focus.target is None and f"({east(4).q}, {east(4).r})" in focus.name


def test_a_failed_distract_focuses_no_one() -> None:
    """[S002] the attack must succeed: "attack creatures that are Aware of that action"."""
    out = act(
        board_of(aria(), bram()), ActionRequest("distract", "a", "b", choice="minor"), [3], [11]
    )
    assert out.succeeded == (False,) and not out.board.effects


def test_distract_refusals_say_why() -> None:
    """It follows "a Minor Action" or "a Major Action" [S002]; a Defensive Stance forbids
    attacking ("you cannot attack or Manifest")."""
    board = board_of(aria(), bram())
    plan = plan_action(board, ActionRequest("distract", "a", "b"))
    assert plan.asks_input and "Minor or a Major" in (plan.refusal or "")
    assert plan_action(board, ActionRequest("distract", "a", choice="minor")).asks_input
    stance = act(board, ActionRequest("defensive_stance", "a"), [])
    plan = plan_action(stance.board, ActionRequest("distract", "a", "b", choice="minor"))
    assert "Defensive Stance" in (plan.refusal or "")


# --- Hinder ------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["hinder_attack", "hinder_spellcasting"])
def test_hinder_attack_and_spellcasting_are_martial_dl_3_on_the_hindered_creature(
    key: str,
) -> None:
    """[S002] "As a creature in your Reach attacks a target other than you, attack to cause
    -1 on their attack roll, DL 3." / "As a creature in your Reach begins to Manifest a
    Spell, attack to cause -1 on their roll, DL 3." """
    plan = plan_action(board_of(aria(), bram()), ActionRequest(key, "a", "b"))
    assert plan.allowed and plan.dl == 3 and plan.targets == ("b",)
    assert plan.attack is not None and plan.attack.skill == "Martial"
    assert plan.defences[0].who == "b"
    out = act(board_of(aria(), bram()), ActionRequest(key, "a", "b"), [8], [3])
    assert out.succeeded == (True,) and any("−1 on Bram's" in r for r in out.reasons)


def test_hinder_movement_gains_three_into_or_out_of_your_space_and_takes_overpower_size() -> None:
    """[S002] "If they would move into or out of a space you occupy, gain +3 on your roll.
    … This counts as an Overpower effect." — Overpower: "Against a larger target, suffer a
    penalty on your roll equal to the size difference." """
    board = board_of(aria(), bram(size=2))
    plan = plan_action(board, ActionRequest("hinder_movement", "a", "b", number=1))
    assert plan.attack is not None and plan.attack.modifier == 3 - 2
    far = board_of(aria(), Token("b", "Bram", east(3), size=3))
    plan = plan_action(far, ActionRequest("hinder_movement", "a", "b"))
    assert "impossible" in (plan.refusal or "")


def test_hinder_needs_the_creature_in_reach() -> None:
    """[S002] "Before a creature in your Reach would move, attack to prevent the
    movement" """
    plan = plan_action(board_of(aria(), bram(east(4))), ActionRequest("hinder_movement", "a", "b"))
    assert "not in Aria's Reach" in (plan.refusal or "")
    assert plan_action(board_of(aria(), bram()), ActionRequest("hinder_attack", "a")).asks_input


def _three_hinderers() -> tuple[Board, list]:  # type: ignore[type-arg]
    board = board_of(
        aria(),
        bram(),
        Token("c", "Cato", Hex(C.q + 1, C.r - 1)),
        Token("d", "Dara", Hex(C.q + 2, C.r - 1)),
    )
    plans = [plan_action(board, ActionRequest("hinder_attack", h, "b")) for h in "acd"]
    return board, plans


def test_several_hinderers_share_one_defence_roll() -> None:
    """[S002] "If multiple attackers hinder the same attack, the attacker rolls this defense
    only once and uses the same result against all." """
    board, plans = _three_hinderers()
    attacks = [read_faces([9]), read_faces([5]), read_faces([12])]
    after, outcomes = hinder_together(board, plans, attacks, read_faces([7]))
    assert [o.succeeded for o in outcomes] == [(True,), (False,), (True,)]
    defences = [e for e in after.rolls if e.role == "defence"]
    assert {e.faces for e in defences} == {(7,)}
    penalty = hinder_penalty(outcomes)
    assert penalty is not None and penalty.amount == -2


def test_the_shared_defence_is_rolled_once(rng: np.random.Generator) -> None:
    """[S002] "the creature rolls this defense only once and uses the same result against
    each" — one defence roll for any number of hinderers."""
    board, plans = _three_hinderers()
    attacks, defence = roll_hinders(plans, rng)
    assert len(attacks) == 3 and defence.dice == plans[0].defences[0].dice
    _, outcomes = hinder_together(board, plans, attacks, defence)
    assert len(outcomes) == 3


def test_a_shared_defence_needs_the_same_hindered_act() -> None:
    """[S002] "If multiple attackers hinder the same attack" — not different acts."""
    board, plans = _three_hinderers()
    other = plan_action(board, ActionRequest("hinder_spellcasting", "c", "b"))
    with pytest.raises(ValueError, match="same kind"):
        hinder_together(board, [plans[0], other], [read_faces([5])] * 2, read_faces([5]))
    with pytest.raises(ValueError, match="attack rolls"):
        hinder_together(board, plans, [read_faces([5])], read_faces([5]))


# --- Defensive Stance -------------------------------------------------------------------------


def test_defensive_stance_adds_one_to_a_later_strikes_defence_until_its_next_turn() -> None:
    """[S002] "While in a Defensive Stance, gain +1 on defenses against physical attacks
    and you cannot attack or Manifest Spells or Talents." It lasts until the creator's next
    turn begins."""
    board = board_of(aria(), bram(), order=("b", "a"))
    stance = act(board, ActionRequest("defensive_stance", "b"), []).board
    strike = plan_action(next_turn(stance).board, ActionRequest("strike", "a", "b"))
    assert [m.amount for m in strike.defences[0].modifiers] == [1]
    board = next_turn(next_turn(stance).board).board  # Aria's turn, then the Soulweaver's
    assert any(e.kind == "defensive_stance" for e in board.effects.values())
    brams = next_turn(board)
    assert brams.actor == "b" and not brams.board.effects
    strike = plan_action(brams.board, ActionRequest("strike", "a", "b"))
    assert strike.defences[0].modifier == 0


def test_defensive_stance_is_refused_after_an_attack_this_turn() -> None:
    """[S002] "Enter a Defensive Stance if you have not made an attack or Manifested a
    Spell or Talent this turn." """
    board = board_of(aria(), bram(), order=("a", "b"))
    struck = act(board, ActionRequest("strike", "a", "b"), [2], [5]).board
    plan = plan_action(struck, ActionRequest("defensive_stance", "a"))
    assert "attacked or Manifested this turn" in (plan.refusal or "")


# --- Manifest ----------------------------------------------------------------------------------


def _energy(board: Board, token_id: str = "a") -> int:
    token = board.token(token_id)
    return pool_current(token.vitals, "energy", token.size, token.movement_pool)


@pytest.mark.parametrize("faces", [[8], [2]])
def test_manifest_is_dl_6_and_pays_one_energy(faces: list[int]) -> None:
    """[S002] "Manifesting a Spell or a Talent is DL 6 and costs 1 Energy." The cost is
    paid on declaration ([P-GAME]), so a failed Manifest spends it too."""
    board = board_of(aria(), bram())
    plan = plan_action(board, ActionRequest("manifest", "a", choice="talent"))
    assert plan.dl == 6 and plan.attack is not None and plan.attack.skill == "Magic"
    out = resolve(board, plan, read_dice(plan, faces))
    assert out.succeeded == ((faces[0] >= 6),)
    assert _energy(out.board) == 1


def test_a_boosted_spell_costs_two_words_and_a_free_limb() -> None:
    """[S002] "Manifesting a Spell also uses a Free Limb, costs 1 word, costs an additional
    word if Boosted, and makes you its caster." """
    plan = plan_action(board_of(aria()), ActionRequest("manifest", "a", choice="spell", number=1))
    assert any("Free Limb and 2 words" in n for n in plan.notes)
    out = resolve(board_of(aria()), plan, read_dice(plan, [10]))
    assert any("is its caster" in r for r in out.reasons)


def test_manifest_refusals_say_why() -> None:
    """[S002] "costs 1 Energy" — none left, no Manifest; and a Defensive Stance: "you
    cannot attack or Manifest Spells or Talents"."""
    board = board_of(aria(), bram())
    assert plan_action(board, ActionRequest("manifest", "a")).asks_input
    spent = pay_energy(pay_energy(board, "a")[0], "a")[0]
    plan = plan_action(spent, ActionRequest("manifest", "a", choice="spell"))
    assert "no Energy left" in (plan.refusal or "")
    stance = act(board, ActionRequest("defensive_stance", "a"), []).board
    plan = plan_action(stance, ActionRequest("manifest", "a", choice="spell"))
    assert "cannot Manifest" in (plan.refusal or "")


def test_dazzled_takes_half_its_tier_from_manifest_rolls() -> None:
    """Dazzled: "−½ Tier on Manifest rolls" [P-AIL] (a Hamper choice in [S002])."""
    board = board_of(aria(conditions=set_condition((), "dazzled", 2)))
    plan = plan_action(board, ActionRequest("manifest", "a", choice="talent"))
    assert plan.attack is not None and plan.attack.modifier == -1


# --- Ready and Dismiss ---------------------------------------------------------------------------


def _readied() -> Board:
    board = board_of(aria(), bram(), order=("a", "b"))
    return act(board, ActionRequest("ready", "a", choice="spell"), [7]).board


def test_ready_holds_the_manifested_effect_until_dismissed() -> None:
    """[S002] "Manifest a spell or Talent to keep it in your Free Limb without having any
    effect until you complete it as a Minor Action." — a ``ready`` effect with no
    duration, which survives the turns passing."""
    board = _readied()
    (held,) = board.effects.values()
    assert (held.kind, held.creator, held.rounds_left, held.amount) == ("ready", "a", None, 0)
    assert _energy(board) == 1
    for _ in range(6):
        board = next_turn(board).board
    assert held.id in board.effects


@pytest.mark.parametrize(("faces", "kept"), [([3], True), ([2], False)])
def test_ready_upkeep_each_minute_is_dl_minutes_held(faces: list[int], kept: bool) -> None:
    """[S002] "After each minute, roll Manifest to not lose the effect, DL equal to the
    number of minutes you have had it Ready." """
    board = _readied()
    plan = plan_action(board, ActionRequest("ready", "a", number=3))
    assert plan.dl == 3 and _energy(board) == 1
    after = resolve(board, plan, read_dice(plan, faces)).board
    held = [e for e in after.effects.values() if e.kind == "ready"]
    assert bool(held) == kept and (not kept or held[0].amount == 3)
    assert _energy(after) == 1  # the upkeep roll costs nothing


def test_ready_upkeep_after_grit_injury_is_dl_3_plus_injury() -> None:
    """[S002] "After suffering Grit Injury, roll Manifest to not lose the effect, DL 3 +
    Injury." """
    plan = plan_action(_readied(), ActionRequest("ready", "a", choice="injury", number=2))
    assert plan.dl == 5


def test_paying_energy_before_completing_loses_the_ready_effect() -> None:
    """[S002] "If you pay Energy before completing it, lose the effect." """
    out = act(_readied(), ActionRequest("manifest", "a", choice="talent"), [9])
    assert not out.board.effects and any("is lost" in r for r in out.reasons)


def test_ready_upkeep_needs_something_held() -> None:
    """[S002] "roll Manifest to not lose the effect" — there must be one."""
    plan = plan_action(board_of(aria()), ActionRequest("ready", "a", number=1))
    assert "holds nothing Ready" in (plan.refusal or "")


def test_dismiss_ends_your_own_ready_effect_or_ongoing_spell() -> None:
    """[S002] "End an ongoing Spell or Talent you Manifested. Dismissing a Spell uses a Free
    Limb." """
    board = _readied()
    out = act(board, ActionRequest("dismiss", "a"), [])
    assert not out.board.effects
    spell = OngoingEffect("wall", "Wall of Thorns", creator="a", rounds_left=10)
    both = with_effect(board, spell)
    assert set(dismissable(both, "a")) == {"wall", *board.effects}
    assert plan_action(both, ActionRequest("dismiss", "a")).asks_input
    out = act(both, ActionRequest("dismiss", "a", choice="wall"), [])
    assert "wall" not in out.board.effects and len(out.board.effects) == 1


def test_dismiss_is_refused_with_nothing_to_end() -> None:
    """[S002] "End an ongoing Spell or Talent you Manifested." — only your own."""
    board = with_effect(board_of(aria(), bram()), OngoingEffect("w", "Ward", creator="b"))
    plan = plan_action(board, ActionRequest("dismiss", "a"))
    assert "no Ready effect or ongoing Spell" in (plan.refusal or "")
    plan = plan_action(board, ActionRequest("dismiss", "b", choice="nope"))
    assert "not an ongoing effect it made and can end" in (plan.refusal or "")


def test_actions_register_with_their_catalogue_entries() -> None:
    """Every action of this module is in the catalogue with what it asks."""
    from rules.actions import ACTIONS, available_actions

    available_actions(board_of(aria()), "a")
    expected = {
        "distract": (("choice", "number"), ("minor", "major")),
        "hinder_movement": (("number",), ()),
        "manifest": (("choice", "number"), ("spell", "talent")),
        "dismiss": (("choice",), ()),
    }
    for key, (asks, choices) in expected.items():
        assert (ACTIONS[key].spec.asks, ACTIONS[key].spec.choices) == (asks, choices)
    assert ACTIONS["hinder_attack"].spec.cost == "Reaction"


def test_focus_made_before_the_focused_creatures_turn_ends_as_that_turn_begins() -> None:
    """[S002] "they cannot drop Focus until their next turn" — Aria acts first and
    distracts Bram: the lock ends as Bram's turn begins, later that same round."""
    board = board_of(aria(), bram(), order=("a", "b"))
    out = act(board, ActionRequest("distract", "a", "b", choice="minor"), [9], [4])
    assert any(e.kind == "focus" for e in out.board.effects.values())
    brams = next_turn(out.board)
    assert brams.actor == "b" and not brams.board.effects
