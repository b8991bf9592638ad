"""Strikes as actions (issue #7; seed 002 "Strike", Tactics): Strike, Called Shot, Rapid
Strike and Charge. The modifiers come from :func:`rules.actions.strike.strike`; this module adds
the Skills (Q26: Martial melee, Nimble ranged; Q3: the defender picks Martial or Elude),
the terms from the creatures' state (:mod:`rules.actions.terms`), the damage dice, and what
a hit does: Injury from the damage faces ([P-DAMAGE], Q24) applied by
:func:`rules.actions.harm.harm`, and the lasting parts as ongoing effects.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions.arithmetic import rapid_strike
from rules.actions.harm import harm, injury_rolls
from rules.actions.registry import ACTIONS, ActionKind, skill_pool
from rules.actions.strike import strike
from rules.actions.tactics import CALLED_SHOT_PARTS, called_shot
from rules.actions.terms import (
    add_lasting,
    charge_refusal,
    physical_attack_terms,
    physical_defence_terms,
)
from rules.actions.values import ActionPlan, ActionRequest, ActionSpec, Applied, Dice, DicePool
from rules.battlefield.holds import stomach_check
from rules.board.conditions import add_condition, tier_of
from rules.board.grid import Board
from rules.dice import injury

__all__ = ["DEFENCE_SKILLS", "TRAUMA_CHOICE", "apply_damage", "attack_refusal"]

DEFENCE_SKILLS = ("Elude", "Martial", "Nimble")
"""Q3: the defender chooses Martial (with Guard) or Elude; huge attackers may make it
Nimble ([S002] "If you are 4 or more sizes larger … attack against Nimble")."""


def attack_refusal(board: Board, actor_id: str) -> str | None:
    """Why ``actor_id`` cannot attack now: not a creature, or in a Defensive Stance
    ([S002] "you cannot attack or Manifest Spells or Talents")."""
    actor = board.token(actor_id)
    if actor.kind.value != "creature":
        return f"{actor.name} is not a creature"
    if any(e.kind == "defensive_stance" and e.creator == actor_id for e in board.effects.values()):
        return f"{actor.name} is in a Defensive Stance: it cannot attack [S002]"
    if tier_of(actor.conditions, "unconscious"):
        return f"{actor.name} is Unconscious"
    return None


def _plan_strike(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    if request.target is None:
        return ActionPlan(request, spec, None, 3, refusal="choose a target creature")
    weapon, key = request.weapon, request.key
    number = request.number if key == "rapid_strike" else 0
    if key == "rapid_strike" and number < 1:
        return ActionPlan(request, spec, None, 3, refusal="declare a number of at least 1")
    part = request.part if key == "called_shot" else None
    if key == "called_shot" and part is None:
        return ActionPlan(request, spec, None, 3, refusal="choose the part to strike")
    if part is not None and part not in CALLED_SHOT_PARTS:
        known = ", ".join(CALLED_SHOT_PARTS)
        return ActionPlan(request, spec, None, 3, refusal=f"no Called Shot part {part!r}; {known}")
    rapid = rapid_strike(number) if number else None  # the Minor Action's −1d12 is not this one
    planned = strike(
        board,
        request.actor,
        request.target,
        dice=0,
        weapon_range=weapon.range,
        ranged_kind=weapon.kind,
        called_part=part,
        charging=key == "charge",
        against_nimble=request.defence_skill == "Nimble",
    )
    skill = weapon.skill
    terms = [*planned.modifiers, *physical_attack_terms(board, request.actor)]
    attack = skill_pool(board, request.actor, skill, "attack", request.attack_dice, terms)
    notes = list(planned.notes)
    if rapid is not None:
        attack = replace(attack, dice=attack.dice + rapid.attack_dice)
        notes += rapid.reasons
    if part is not None:
        notes += called_shot(part).reasons[1:]  # the first is in the Strike's notes
    defence = skill_pool(
        board,
        request.target,
        request.defence_skill or "Elude",
        "defence",
        request.defence_dice,
        physical_defence_terms(board, request.target),
    )
    damage_dice = weapon.damage + (rapid.damage_dice if rapid else 0) + planned.damage_modifier
    if planned.damage_modifier:
        notes.append(f"damage {planned.damage_modifier:+d}d12: the size penalty, against Nimble")
    damage = DicePool("damage", request.actor, weapon.name, damage_dice)
    return ActionPlan(
        request,
        spec,
        attack,
        planned.dl,
        (request.target,),
        (defence,),
        damage,
        tuple(notes),
        planned.refusal,
    )


TRAUMA_CHOICE = "Trauma instead of Wounded"
"""A Called Shot's ``choice`` that swaps Wounded for Trauma: [S002] "If you cause Serious
Injury, you may replace each Tier of Wounded with 2 Tiers of Trauma"."""


def apply_damage(
    board: Board,
    target_id: str,
    faces: tuple[int, ...],
    reduction: int,
    part: str | None = None,
    trauma: bool = False,
) -> tuple[Board, list[str]]:
    """A hit's damage on ``target_id``: Injury = faces ≥ 3 + Reduction ([P-DAMAGE], Q24),
    taken from Grit and then Energy, Serious Injury as Wounded Tiers on the part hit
    (``torso`` unless a Called Shot struck its part) — or, with ``trauma`` after a Called
    Shot that struck its part, 2 Trauma Tiers for each Wounded Tier [S002] — and
    Unconscious at an empty Grit Pool."""
    token = board.token(target_id)
    hurt = injury(faces, reduction)
    grit = token.left_of("grit")
    threshold = token.vitals.severe_threshold
    shot = called_shot(part) if part is not None else None
    result = harm(hurt, grit=grit, severe_threshold=threshold or 0, called_shot=shot)
    vitals = token.vitals.with_value("current", "grit", result.grit_after)
    if result.energy_lost:
        energy = token.left_of("energy")
        vitals = vitals.with_value("current", "energy", energy - result.energy_lost)
    reasons = [f"{token.name}: {r}" for r in result.reasons]
    entries = token.conditions
    if result.wounded and trauma and result.trauma_option:
        tiers = 2 * result.wounded
        entries = add_condition(entries, "trauma", tiers, "Called Shot")
        reasons.append(
            f"{token.name}: each of {result.wounded} Wounded Tiers replaced with 2 Tiers of "
            f"Trauma: Trauma +{tiers} [S002]"
        )
    elif result.wounded and threshold is not None:
        where = _body_part(part)
        before = dict(vitals.wounded).get(where, 0)
        vitals = vitals.with_value("wounded", where, before + result.wounded)
    elif result.wounded:
        reasons.append(f"{token.name} has no Severe Threshold set: no Wounded Tiers recorded")
    for name, tier in result.conditions:  # raised to that Tier in all, not that many more
        total = tier_of(entries, name)
        if tier > total:
            entries = add_condition(entries, name, tier - total)
    board = board.with_token_replaced(replace(token, vitals=vitals, conditions=entries))
    due = [r.describe(token.name) for r in injury_rolls(board, target_id, hurt)]
    freed = stomach_check(board, target_id)  # "6 Tiers of Wounded to the stomach" [S002]
    return freed.board, [*reasons, *due, *freed.reasons]


def _body_part(part: str | None) -> str:
    table = {"leg": "left leg", "arm": "left arm", "eye": "head", "ear": "head"}
    name = table.get(part or "torso", part or "torso")
    return (
        name
        if name in ("head", "torso", "stomach", "left arm", "right arm", "left leg", "right leg")
        else "torso"
    )


def _apply_strike(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    request, reasons = plan.request, []
    actor = request.actor
    if request.key == "called_shot" and request.part:
        board = add_lasting(board, actor, "called_shot", "Called Shot (−1 physical attacks)")
    if request.key == "rapid_strike":
        board = add_lasting(
            board, actor, "rapid_strike", f"Rapid Strike {request.number}", request.number
        )
    if request.key == "charge":
        board = add_lasting(board, actor, "charge", "Charged (−1 physical defences)")
        reasons.append("Charge: the turn ends after the attack [S002]")
    for target, hit, rolled, defence in zip(
        plan.targets, ok, dice.damage, dice.defences, strict=False
    ):
        if not hit or rolled is None:
            continue
        part = _struck_part(request, dice, defence.result, reasons)
        trauma = part is not None and request.choice == TRAUMA_CHOICE
        board, why = apply_damage(
            board, target, rolled.faces, request.weapon.reduction, part, trauma
        )
        reasons += why
    return Applied(board, tuple(reasons))


def _struck_part(
    request: ActionRequest, dice: Dice, defence: int, reasons: list[str]
) -> str | None:
    if request.key != "called_shot" or request.part is None or dice.attack is None:
        return None
    needed = called_shot(request.part).margin_needed
    over = dice.attack.result - defence
    if over >= needed:
        reasons.append(
            f"beats the defence by {over} ≥ {needed}: the {request.part} is struck [S002]"
        )
        return request.part
    reasons.append(
        f"beats the defence by {over} < {needed}: a hit, not on the {request.part} [S002]"
    )
    return None


_SPECS = (
    ActionSpec(
        "strike",
        "Strike",
        "Attack",
        "Major",
        "creature",
        "Attack a target with a melee weapon to cause damage and effects of the weapon, DL 3.",
    ),
    ActionSpec(
        "called_shot",
        "Called Shot…",
        "Attack",
        "Major",
        "creature",
        "you can choose to target a specific part of the target",
        ("part",),
        (TRAUMA_CHOICE,),
    ),
    ActionSpec(
        "rapid_strike",
        "Rapid Strike…",
        "Attack",
        "Major",
        "creature",
        "Declare a number. For 1 round, lose that number of d12 on attack rolls",
        ("number",),
    ),
    ActionSpec(
        "charge",
        "Charge",
        "Attack",
        "Major",
        "creature",
        "After moving 2 consecutive spaces, if you have used Dash this turn",
    ),
)


def _charge_refusal(board: Board, actor_id: str) -> str | None:
    """The Charge action: an attack (:func:`attack_refusal`) the actor may Charge with
    (:func:`rules.actions.terms.charge_refusal`)."""
    return attack_refusal(board, actor_id) or charge_refusal(board, actor_id)


for _spec in _SPECS:
    _refusal = _charge_refusal if _spec.key == "charge" else attack_refusal
    ACTIONS[_spec.key] = ActionKind(_spec, _refusal, _plan_strike, _apply_strike)
