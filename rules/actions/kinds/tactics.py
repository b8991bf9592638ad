"""Tactics, defensive actions and Manifest as actions (issue #7; seed 002; RULES-DIGEST
§8.1, §12 R-DISTRACT, R-HINDER, R-DEFSTANCE, R-READY): Defensive Stance, and:

- Distract (Guile, Q26): "cause the creature to become Focused on you and they cannot drop
  Focus until their next turn" [S002] — a ``focus`` effect whose creator is the Focused
  creature, so it ends as that creature's next turn begins.
- Hinder Attack / Movement / Spellcasting (Martial, Q26; DL 3): "the attacker rolls this
  defense only once and uses the same result against all" [S002] — :func:`hinder_together`.
- Manifest (DL 6, 1 Energy; a Spell also a Free Limb and its words), Ready (a ``ready``
  effect kept in a Free Limb until dismissed, kept by Manifest rolls), Dismiss (ends the
  actor's own ``ready`` effects and ongoing Spells; a Spell uses a Free Limb) — planned
  and resolved in :mod:`rules.actions.kinds.manifest`, registered here.

**[ASSUMPTION]**s: Distract's DL is 3 like every other seed-002 attack and it is defended
with Guile ("Guile attacks Guile", [P-SOCIAL]); Hinder Attack and Spellcasting are defended
with Elude, Hinder Movement (an Overpower effect) with Athletics; several successful
hinders each give −1.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules.actions.arithmetic import HINDER_DL, distract_bonus, hinder_attack
from rules.actions.kinds.attack import attack_refusal
from rules.actions.kinds.manifest import (
    apply_dismiss,
    apply_manifest,
    apply_ready,
    dismiss_refusal,
    dismissable,
    manifest_refusal,
    pay_energy,
    plan_dismiss,
    plan_manifest,
    plan_ready,
)
from rules.actions.registry import ACTIONS, ActionKind, skill_pool
from rules.actions.resolution import resolve
from rules.actions.tactics import STRIKE_DL
from rules.actions.terms import (
    add_lasting,
    effects_of,
    physical_attack_terms,
    physical_defence_terms,
)
from rules.actions.values import (
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Dice,
    Modifier,
)
from rules.battlefield.reach import can_reach, not_in_reach
from rules.board.grid import Board
from rules.board.roll_log import LoggedRoll
from rules.board.sizes import effective_size
from rules.board.turn_state import without_effect
from rules.dice import Roll, roll
from rules.movement.hinder import overpower_size_modifier

__all__ = [
    "HINDERS",
    "acted_this_turn",
    "dismissable",
    "hinder_penalty",
    "hinder_together",
    "pay_energy",
    "roll_hinders",
]

HINDERS = ("hinder_attack", "hinder_movement", "hinder_spellcasting")


def acted_this_turn(board: Board, actor_id: str) -> bool:
    """True when ``actor_id`` made an attack or Manifested this round (from the roll log:
    an attack roll of this round by this creature)."""
    name, rnd = board.token(actor_id).name, board.turn.round
    return any(_attacked(e, name, rnd) for e in reversed(board.rolls[-200:]))


def _attacked(entry: LoggedRoll, name: str, rnd: int) -> bool:
    return entry.role == "attack" and entry.actor == name and entry.round == rnd and rnd > 0


def _plan(request: ActionRequest, spec: ActionSpec, refusal: str, dl: int = 3) -> ActionPlan:
    return ActionPlan(request, spec, None, dl, refusal=refusal)


def _stance_refusal(board: Board, actor_id: str) -> str | None:
    token = board.token(actor_id)
    if effects_of(board, actor_id, "defensive_stance"):
        return f"{token.name} is already in a Defensive Stance"
    if acted_this_turn(board, actor_id):
        return f"{token.name} has attacked or Manifested this turn [S002]"
    return None


def _plan_stance(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    notes = ("+1 on defences against physical attacks; no attacks or Manifests [S002]",)
    return ActionPlan(request, spec, None, 0, notes=notes)


def _apply_stance(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    board = add_lasting(board, plan.request.actor, "defensive_stance", "Defensive Stance")
    return Applied(board, ("Defensive Stance until the next turn: +1 vs physical attacks [S002]",))


def _plan_distract(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    targets = request.targets or ((request.target,) if request.target else ())
    if not targets:
        return _plan(request, spec, "choose the creatures Aware of the action")
    if request.actor in targets or any(t not in board.tokens for t in targets):
        return _plan(request, spec, "Distract creatures on the map other than yourself")
    if request.choice not in ("minor", "major"):
        return _plan(request, spec, "choose whether it follows a Minor or a Major Action [S002]")
    bonus = distract_bonus(request.choice, expected=request.number == 1)
    term = Modifier(bonus.amount, bonus.reason)
    attack = skill_pool(board, request.actor, "Guile", "attack", request.attack_dice, [term])
    expects = [Modifier(6, "expects the Distract: +6 [S002]")] if request.number == 1 else []
    defences = tuple(
        skill_pool(
            board, t, request.defence_skill or "Guile", "defence", request.defence_dice, expects
        )
        for t in targets
    )
    focus = "the space of the sound" if request.space is not None else "you"
    notes = (f"on success: Focused on {focus} until their next turn [S002]", *bonus.reasons)
    return ActionPlan(request, spec, attack, STRIKE_DL, tuple(targets), defences, None, notes)


def _apply_distract(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    actor, space = plan.request.actor, plan.request.space
    on = f"the space ({space.q}, {space.r})" if space is not None else board.token(actor).name
    reasons = []
    for target, hit in zip(plan.targets, ok, strict=False):
        if not hit:
            continue
        for old in effects_of(board, target, "focus"):
            board = without_effect(board, old)
        focus_target = None if space is not None else actor
        board = add_lasting(board, target, "focus", f"Focused on {on}", target=focus_target)
        reasons.append(f"{board.token(target).name} is Focused on {on} until its next turn [S002]")
    return Applied(board, tuple(reasons), spaces=(space,) if space is not None else ())


_HINDER_WHAT = {
    "hinder_attack": ("Elude", "−1 on {}'s attack roll [S002]"),
    "hinder_movement": ("Athletics", "{}'s movement is prevented [S002]"),
    "hinder_spellcasting": ("Elude", "−1 on {}'s Manifest roll [S002]"),
}


def _in_reach(board: Board, actor_id: str, target_id: str) -> bool:
    return any(can_reach(board, actor_id, h).allowed for h in board.token(target_id).footprint)


def _plan_hinder(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    target, key = request.target, request.key
    if target is None or target not in board.tokens or target == request.actor:
        return _plan(request, spec, "choose the creature being hindered", HINDER_DL)
    actor, other = board.token(request.actor), board.token(target)
    terms, refusal = [], None
    if key == "hinder_movement":
        counted = effective_size(other, "attacked", skill="Martial")  # Hinder: Martial (Q26)
        size, refusal = overpower_size_modifier(actor.size, counted.value)
        if size:
            terms.append(Modifier(size, f"size {size:+d}: counts as an Overpower effect [S002]"))
        if request.number == 1:
            terms.append(Modifier(3, "moving into or out of a space you occupy: +3 [S002]"))
        notes: tuple[str, ...] = ("several hinderers: one defence roll, used against each",)
    else:
        notes = hinder_attack("attack" if key == "hinder_attack" else "spell").reasons
    terms += physical_attack_terms(board, request.actor)
    attack = skill_pool(board, request.actor, "Martial", "attack", request.attack_dice, terms)
    defence = skill_pool(
        board,
        target,
        request.defence_skill or _HINDER_WHAT[key][0],
        "defence",
        request.defence_dice,
        physical_defence_terms(board, target),
    )
    if refusal is None and not _in_reach(board, request.actor, target):
        refusal = not_in_reach(other, actor)
    return ActionPlan(request, spec, attack, HINDER_DL, (target,), (defence,), None, notes, refusal)


def _apply_hinder(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    target = plan.targets[0]
    if not ok[0]:
        return Applied(board)
    text = _HINDER_WHAT[plan.request.key][1].format(board.token(target).name)
    return Applied(board, (text,))


def roll_hinders(
    plans: Sequence[ActionPlan], rng: np.random.Generator
) -> tuple[tuple[Roll, ...], Roll]:
    """Every hinderer's attack roll and the hindered creature's one defence roll."""
    _check_shared(plans)
    attacks = tuple(roll(max(0, p.attack.dice), rng, p.attack.modifier) for p in plans if p.attack)
    pool = plans[0].defences[0]
    return attacks, roll(max(0, pool.dice), rng, pool.modifier)


def hinder_together(
    board: Board, plans: Sequence[ActionPlan], attacks: Sequence[Roll], defence: Roll
) -> tuple[Board, tuple[ActionOutcome, ...]]:
    """Several hinderers against the same act: "If multiple attackers hinder the same
    attack, the attacker rolls this defense only once and uses the same result against
    all." [S002] Each plan resolves in turn against the one ``defence`` roll."""
    _check_shared(plans)
    if len(attacks) != len(plans):
        raise ValueError(f"{len(plans)} hinderers need {len(plans)} attack rolls")
    outcomes = []
    for plan, attack in zip(plans, attacks, strict=True):
        outcome = resolve(board, plan, Dice(attack, (defence,)))
        board = outcome.board
        outcomes.append(outcome)
    return board, tuple(outcomes)


def _check_shared(plans: Sequence[ActionPlan]) -> None:
    if not plans:
        raise ValueError("no hinderers")
    first = plans[0]
    for plan in plans:
        if plan.request.key not in HINDERS or plan.request.key != first.request.key:
            raise ValueError("one shared defence is for hinders of the same kind [S002]")
        if plan.targets != first.targets or plan.defences != first.defences:
            raise ValueError("one shared defence: the same creature, with the same defence")
        if plan.refusal:
            raise ValueError(plan.refusal)


def hinder_penalty(outcomes: Sequence[ActionOutcome]) -> Modifier | None:
    """The term on the hindered roll: −1 for each successful Hinder Attack or Hinder
    Spellcasting ("attack to cause -1 on their attack roll", [S002]; several add up,
    **[ASSUMPTION]**), or ``None``."""
    hits = sum(
        o.succeeded[0] for o in outcomes if o.plan.request.key != "hinder_movement" and o.succeeded
    )
    return Modifier(-hits, f"hindered by {hits}: −{hits} [S002]") if hits else None


_S = ActionSpec
_SPECS = {
    "defensive_stance": (
        _S(
            "defensive_stance",
            "Defensive Stance",
            "Defence",
            "Major",
            "self",
            "Enter a Defensive Stance if you have not made an attack or Manifested a Spell or "
            "Talent this turn.",
        ),
        _stance_refusal,
        _plan_stance,
        _apply_stance,
    ),
    "distract": (
        _S(
            "distract",
            "Distract…",
            "Tactic",
            "No Action",
            "creature",
            "Create a diversion to draw attention to cause the creature to become Focused on you "
            "and they cannot drop Focus until their next turn.",
            ("choice", "number"),
            ("minor", "major"),
        ),
        attack_refusal,
        _plan_distract,
        _apply_distract,
    ),
    "hinder_attack": (
        _S(
            "hinder_attack",
            "Hinder Attack",
            "Defence",
            "Reaction",
            "creature",
            "As a creature in your Reach attacks a target other than you, attack to cause -1 on "
            "their attack roll, DL 3.",
        ),
        attack_refusal,
        _plan_hinder,
        _apply_hinder,
    ),
    "hinder_movement": (
        _S(
            "hinder_movement",
            "Hinder Movement…",
            "Defence",
            "Reaction",
            "creature",
            "Before a creature in your Reach would move, attack to prevent the movement, DL 3.",
            ("number",),
        ),
        attack_refusal,
        _plan_hinder,
        _apply_hinder,
    ),
    "hinder_spellcasting": (
        _S(
            "hinder_spellcasting",
            "Hinder Spellcasting",
            "Defence",
            "Reaction",
            "creature",
            "As a creature in your Reach begins to Manifest a Spell, attack to cause -1 on their "
            "roll, DL 3.",
        ),
        attack_refusal,
        _plan_hinder,
        _apply_hinder,
    ),
    "manifest": (
        _S(
            "manifest",
            "Manifest…",
            "Manifest",
            "Major",
            "self",
            "Manifesting a Spell or a Talent is DL 6 and costs 1 Energy.",
            ("choice", "number"),
            ("spell", "talent"),
        ),
        manifest_refusal,
        plan_manifest,
        apply_manifest,
    ),
    "ready": (
        _S(
            "ready",
            "Ready…",
            "Manifest",
            "Major",
            "self",
            "Manifest a spell or Talent to keep it in your Free Limb without having any effect "
            "until you complete it as a Minor Action.",
            ("choice", "number"),
            ("spell", "talent", "minutes", "injury"),
        ),
        manifest_refusal,
        plan_ready,
        apply_ready,
    ),
    "dismiss": (
        _S(
            "dismiss",
            "Dismiss…",
            "Manifest",
            "Minor",
            "self",
            "End an ongoing Spell or Talent you Manifested.",
            ("choice",),
        ),
        dismiss_refusal,
        plan_dismiss,
        apply_dismiss,
    ),
}

for _key, (_spec, _refusal, _planner, _applier) in _SPECS.items():
    ACTIONS[_key] = ActionKind(_spec, _refusal, _planner, _applier)
