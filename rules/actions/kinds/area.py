"""Attacks on a space, on objects, walls and the ground, and Area attacks (issue #7; seed
002 Tactics "Targeted attacks can target a space", seed 000 Area; RULES-DIGEST §2.1, §11a
D6, §12 R-TSPACE).

- ``space_attack``: [S002] "For each occupant in the space, the Soulweaver rolls 3d12. On
  doubles, this roll becomes the attack roll and is not modified by Concealment or size.
  On doubles against multiple targets, attack them each in order of the highest face value
  of doubles or until an attack succeeds." The Soulweaver's rolls (:func:`roll_space`) and
  their order (:func:`space_order`) come first; each occupant with doubles is then attacked
  with its own roll as a ``space_attack`` on ``request.target``
  (:func:`resolve_space_attack` does the whole sequence).
- ``object_attack``: [S002] "To target a wall or vertical surface that fills an entire
  space, treat it as a size 1 object. To target the ground or a horizontal surface that
  fills an entire space, take -1 on your attack roll and treat its defense as 0."
- ``area_attack``: [S000] "When using an effect that attacks multiple targets, roll once
  for your attack and roll damage separately for each target."

**[ASSUMPTION]**s: an unattended object or a wall rolls no defence dice unless the GM sets
``defence_dice``; an Area attack is DL 3; a ``magical`` one (the default) rolls Magic (the
Manifest roll, [S002] "use the result of the Manifest roll"), a ``physical`` one the
weapon's Skill and meets the physical terms (Defensive Stance, Encumbered); the actor is not
one of the occupants of a space it attacks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from rules.actions.kinds.attack import apply_damage, attack_refusal
from rules.actions.registry import ACTIONS, ActionKind, skill_pool
from rules.actions.resolution import resolve
from rules.actions.strike import strike
from rules.actions.tactics import STRIKE_DL, SpaceDice, range_band, strike_size_modifier
from rules.actions.tactics import targeted_space_dice as _space_dice
from rules.actions.terms import physical_attack_terms, physical_defence_terms
from rules.actions.values import (
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Dice,
    DicePool,
    Modifier,
)
from rules.battlefield.line_of_effect import walls_among
from rules.battlefield.reach import can_reach
from rules.battlefield.targeting import aim
from rules.board.grid import Board
from rules.board.roll_log import LoggedRoll, appended
from rules.board.tokens import TokenKind
from rules.dice import Roll, injury, roll
from rules.hexes import Hex, distance
from rules.options import RuleOptions

__all__ = [
    "area_subjects",
    "attack_space",
    "doubled_face",
    "resolve_space_attack",
    "roll_space",
    "rolls_each_occupant",
    "space_dice",
    "space_occupants",
    "space_order",
]


NO_DOUBLES = "no doubles possible"  # fewer than 2 dice: that occupant cannot be hit
EACH_OCCUPANT = "choose the occupant to attack: roll the space dice, attack doubles in order"
"""The refusal of a space attack planned for one occupant when there are several: it is
made for all of them at once with :func:`attack_space` (:func:`rolls_each_occupant`)."""


def rolls_each_occupant(plan: ActionPlan) -> bool:
    """True for a targeted attack on a space with several occupants and none chosen: the
    Soulweaver rolls for each (:func:`attack_space`)."""
    return plan.spec.key == "space_attack" and plan.refusal == EACH_OCCUPANT


def space_occupants(board: Board, space: Hex, actor_id: str | None = None) -> tuple[str, ...]:
    """The tokens in ``space`` other than the attacker, in map order."""
    return tuple(t.id for t in board.tokens_at(space) if t.id != actor_id)


def space_dice(board: Board, request: ActionRequest, occupant_id: str) -> SpaceDice:
    """How many d12 the Soulweaver rolls for ``occupant_id`` (§12 R-TSPACE, §11a D6): the
    melee weapon's size made for, two-handed and lightweight; an Unarmed Strike's half
    the attacker's size; a ranged weapon adds no weapon term; always half its size."""
    weapon, opts = request.weapon, RuleOptions.of(board.options)
    size, attacker = board.token(occupant_id).size, board.token(request.actor).size
    if weapon.unarmed:
        return _space_dice(target_size=size, attacker_size=attacker, options=opts)
    if weapon.range is not None:
        return _space_dice(target_size=size, weapon_size=0, options=opts)
    return _space_dice(
        target_size=size,
        weapon_size=weapon.size,
        two_handed=weapon.two_handed,
        lightweight=weapon.lightweight,
        options=opts,
    )


def doubled_face(faces: Sequence[int]) -> int | None:
    """Q6: the highest face shown at least twice (triples count), else ``None``."""
    return max((f for f in set(faces) if list(faces).count(f) >= 2), default=None)


def space_order(rolls: Sequence[tuple[str, Sequence[int]]]) -> tuple[tuple[str, int], ...]:
    """Which occupants are attacked, in which order: those whose roll shows doubles, "in
    order of the highest face value of doubles"; "On a tie, the Soulweaver determines the
    order of the attacks" [S002] — ties keep the order given. Pure: occupant ids and faces
    in, ``(occupant, doubled face)`` out."""
    found = [(who, doubled_face(faces)) for who, faces in rolls]
    ranked = [(who, face) for who, face in found if face is not None]
    return tuple(sorted(ranked, key=lambda item: -item[1]))


def _reach_problem(
    board: Board, request: ActionRequest, space: Hex, terms: list[Modifier]
) -> str | None:
    weapon, actor = request.weapon, board.token(request.actor)
    if weapon.range is None:
        beside = request.choice == "wall" and min(distance(h, space) for h in actor.footprint) == 1
        if beside or can_reach(board, request.actor, space).allowed:
            return None  # [S000] "While adjacent to a space that is fully occupied, …"
        return f"({space.q}, {space.r}) is not in {actor.name}'s Reach [S002]"
    gap = min(distance(h, space) for h in actor.footprint)
    band = range_band(gap, weapon.range, weapon.kind)
    if band.penalty:
        terms.append(Modifier(band.penalty, band.reasons[0]))
    return band.refusal


def _refused(
    request: ActionRequest,
    spec: ActionSpec,
    why: str,
    notes: Sequence[str] = (),
    spaces: tuple[Hex, ...] = (),
) -> ActionPlan:
    return ActionPlan(
        request, spec, None, STRIKE_DL, notes=tuple(notes), refusal=why, spaces=spaces
    )


def _damage(request: ActionRequest) -> DicePool:
    return DicePool("damage", request.actor, request.weapon.name, request.weapon.damage)


# --- a targeted attack on a space ---------------------------------------------------------


def _plan_space(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    space = request.space
    if space is None or not board.contains(space):
        return _refused(request, spec, "choose a space on the map")
    occupants = space_occupants(board, space, request.actor)
    if not occupants:
        return _refused(request, spec, "nobody else is in that space")
    counts = {o: space_dice(board, request, o) for o in occupants}
    notes = [f"{board.token(o).name}: {d.dice}d12 [S002]" for o, d in counts.items()]
    target = request.target or (occupants[0] if len(occupants) == 1 else None)
    if target is None:
        return _refused(request, spec, EACH_OCCUPANT, notes, (space,))
    if target not in counts:
        return _refused(request, spec, f"{target!r} is not in that space", notes)
    terms = physical_attack_terms(board, request.actor)
    refusal = _reach_problem(board, request, space, terms)
    dice = counts[target].dice if request.attack_dice is None else request.attack_dice
    if dice < 2 and refusal is None:
        refusal = f"{dice}d12 for {board.token(target).name}: {NO_DOUBLES} [S002]"
    attack = DicePool("attack", request.actor, "Targeted space", dice, tuple(terms))
    defence = skill_pool(
        board,
        target,
        request.defence_skill or "Elude",
        "defence",
        request.defence_dice,
        physical_defence_terms(board, target),
    )
    notes += [*counts[target].reasons, "not modified by Concealment or size [S002]"]
    return ActionPlan(
        request,
        spec,
        attack,
        STRIKE_DL,
        (target,),
        (defence,),
        _damage(request),
        tuple(notes),
        refusal,
        (space,),
    )


def _apply_hits(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    reasons: list[str] = []
    for target, hit, rolled in zip(plan.targets, ok, dice.damage, strict=False):
        if hit and rolled is not None:
            board, why = apply_damage(board, target, rolled.faces, plan.request.weapon.reduction)
            reasons += why
    return Applied(board, tuple(reasons))


def _apply_space(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    if dice.attack is None or dice.attack.doubles is None:
        why = "no doubles: this occupant is not attacked [S002]"
        return Applied(board, (why,), succeeded=(False,) * len(ok))
    return _apply_hits(board, plan, ok, dice)


def roll_space(board: Board, request: ActionRequest, rng: np.random.Generator) -> dict[str, Roll]:
    """The Soulweaver's roll for every occupant of ``request.space``, each with the
    modifiers of the attack it becomes on doubles."""
    if request.space is None:
        raise ValueError("choose the space to attack")
    found = {}
    for occupant in space_occupants(board, request.space, request.actor):
        plan = _plan_space(board, _with_target(request, occupant), ACTIONS["space_attack"].spec)
        pool = plan.attack or DicePool("attack", request.actor, "Targeted space", 0)
        found[occupant] = roll(max(0, pool.dice), rng, pool.modifier)
    return found


def _with_target(request: ActionRequest, target: str) -> ActionRequest:
    return replace(request, target=target, key="space_attack")


def resolve_space_attack(
    board: Board,
    request: ActionRequest,
    rolls: Mapping[str, Roll],
    defences: Mapping[str, Roll],
    damage: Mapping[str, Roll],
) -> tuple[Board, tuple[ActionOutcome, ...]]:
    """The whole targeted attack on a space: the occupants with doubles attacked "in order
    of the highest face value of doubles or until an attack succeeds" [S002]."""
    outcomes = []
    for occupant, _face in space_order([(o, r.faces) for o, r in rolls.items()]):
        plan = _plan_space(board, _with_target(request, occupant), ACTIONS["space_attack"].spec)
        dice = Dice(rolls[occupant], (defences[occupant],), (damage.get(occupant),))
        outcome = resolve(board, plan, dice)
        board = outcome.board
        outcomes.append(outcome)
        if outcome.succeeded[0]:
            break
    return board, tuple(outcomes)


def attack_space(
    board: Board, request: ActionRequest, rng: np.random.Generator
) -> tuple[Board, tuple[ActionOutcome, ...], tuple[str, ...]]:
    """A targeted attack on a space with every occupant, from one generator: the
    Soulweaver's roll for each occupant ([S002] "For each occupant in the space, the
    Soulweaver rolls 3d12"), then the occupants with doubles attacked in order until one
    succeeds (:func:`resolve_space_attack`). Rolls that lead to no attack are logged too. The
    board after counts one dice draw for the whole attack; the reasons say who was rolled
    for and who was attacked."""
    rolls = roll_space(board, request, rng)
    defences, damage = {}, {}
    for occupant in rolls:
        plan = _plan_space(board, _with_target(request, occupant), ACTIONS["space_attack"].spec)
        if plan.refusal and NO_DOUBLES not in plan.refusal:  # out of Reach or range
            raise ValueError(plan.refusal)
        pool, hurt = plan.defences[0], plan.damage
        defences[occupant] = roll(max(0, pool.dice), rng, pool.modifier)
        damage[occupant] = roll(max(0, hurt.dice if hurt else 0), rng)
    after, outcomes = resolve_space_attack(board, request, rolls, defences, damage)
    attacked = {o.plan.targets[0] for o in outcomes}
    actor = _name(board, request.actor)
    rest = tuple(
        LoggedRoll(
            "Attack a space — not attacked",
            r.faces,
            r.modifier,
            actor=actor,
            target=_name(board, o),
            outcome=_why_not(r),
            role="check",
            round=board.turn.round,
        )
        for o, r in rolls.items()
        if o not in attacked
    )
    after = after._evolve(rolls=appended(after.rolls, rest), dice_draws=board.dice_draws + 1)
    reasons = [f"{_name(board, o)}: {r.describe()}" for o, r in rolls.items()]
    if not outcomes:
        reasons.append("no occupant rolled doubles: nobody is attacked [S002]")
    return after, outcomes, tuple(reasons)


def _why_not(rolled: Roll) -> str:
    if rolled.doubles is None:
        return "no doubles: not attacked"
    return "doubles, but an earlier attack succeeded [S002]"


def _name(board: Board, token_id: str) -> str:
    return board.token(token_id).name


# --- objects, walls and the ground ---------------------------------------------------------


def _plan_object(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    if request.choice == "object":
        return _plan_object_token(board, request, spec)
    if request.choice in ("wall", "ground"):
        return _plan_surface(board, request, spec)
    return _refused(request, spec, "choose an object, a wall or the ground")


def _plan_object_token(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    target = request.target
    if target is None or target not in board.tokens:
        return _refused(request, spec, "choose the object to attack")
    if board.token(target).kind is not TokenKind.OBJECT:
        return _refused(request, spec, f"{board.token(target).name} is a creature: Strike it")
    weapon = request.weapon
    planned = strike(
        board, request.actor, target, dice=0, weapon_range=weapon.range, ranged_kind=weapon.kind
    )
    terms = list(planned.modifiers)
    terms += physical_attack_terms(board, request.actor)
    attack = skill_pool(
        board, request.actor, request.weapon.skill, "attack", request.attack_dice, terms
    )
    dice = 0 if request.defence_dice is None else request.defence_dice
    defence = DicePool("defence", target, "unattended object [ASSUMPTION]", dice)
    notes = (*planned.notes, "When targeting an object, the object cannot be used for Guard.")
    return ActionPlan(
        request,
        spec,
        attack,
        STRIKE_DL,
        (target,),
        (defence,),
        _damage(request),
        notes,
        planned.refusal,
    )


def _plan_surface(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    space, wall = request.space, request.choice == "wall"
    if space is None or not board.contains(space):
        return _refused(request, spec, "choose a space on the map")
    walled = bool(walls_among(board, frozenset({space})))
    if wall != walled:
        why = "no wall fills that space" if wall else "a wall fills that space: attack the wall"
        return _refused(request, spec, why)
    actor = board.token(request.actor)
    terms = []
    if wall:
        term = strike_size_modifier(actor.size, 1, RuleOptions.of(board.options))
        terms.append(Modifier(term.amount, "a wall: a size 1 object [S002]; " + term.reason))
        dice = 0 if request.defence_dice is None else request.defence_dice
        defence = DicePool("defence", "", "a wall [ASSUMPTION: no dice]", dice)
    else:
        terms.append(Modifier(-1, "the ground: −1 on the attack roll [S002]"))
        defence = DicePool("defence", "", "the ground: defence 0 [S002]", 0)
    terms += physical_attack_terms(board, request.actor)
    refusal = _reach_problem(board, request, space, terms)
    attack = skill_pool(
        board, request.actor, request.weapon.skill, "attack", request.attack_dice, terms
    )
    return ActionPlan(
        request,
        spec,
        attack,
        STRIKE_DL,
        (),
        (defence,),
        _damage(request),
        (spec.source,),
        refusal,
        (space,),
    )


def _apply_object(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    if plan.targets:
        return _apply_hits(board, plan, ok, dice)
    rolled = dice.damage[0] if dice.damage else None
    if not ok[0] or rolled is None:
        return Applied(board)
    hurt = injury(rolled.faces, plan.request.weapon.reduction)
    told = f"{hurt} Injury to the {plan.request.choice} (the map keeps no Durability for it)"
    return Applied(board, (told,))


# --- Area attacks ----------------------------------------------------------------------------


def area_subjects(
    board: Board, area_id: str, options: RuleOptions | None = None
) -> tuple[str, ...]:
    """The subjects pinned Area ``area_id`` hits (:func:`rules.battlefield.targeting.aim`): "It
    affects all creatures and unattended objects in the area." [S000] — each once."""
    return tuple(aim(board, board.areas[area_id], options).hit_ids())


def _plan_area(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    subjects = tuple(dict.fromkeys(request.targets))
    if not subjects:
        return _refused(request, spec, "choose the subjects: those the aimed Area hits")
    missing = [s for s in subjects if s not in board.tokens]
    if missing:
        return _refused(request, spec, f"{missing[0]!r} is not on the map")
    physical = request.choice == "physical"
    terms = physical_attack_terms(board, request.actor) if physical else []
    skill = request.weapon.skill if physical else "Magic"
    attack = skill_pool(board, request.actor, skill, "attack", request.attack_dice, terms)
    defences = tuple(
        skill_pool(
            board,
            s,
            request.defence_skill or "Elude",
            "defence",
            request.defence_dice,
            physical_defence_terms(board, s) if physical else [],
        )
        for s in subjects
    )
    notes = (
        "one attack roll against every subject, damage rolled separately for each [S000]",
        f"{skill}, DL {STRIKE_DL} [ASSUMPTION]",
    )
    return ActionPlan(request, spec, attack, STRIKE_DL, subjects, defences, _damage(request), notes)


_SPECS = {
    "space_attack": (
        ActionSpec(
            "space_attack",
            "Attack a space…",
            "Tactic",
            "Major",
            "space",
            "Targeted attacks can target a space instead of a creature or object.",
        ),
        _plan_space,
        _apply_space,
    ),
    "object_attack": (
        ActionSpec(
            "object_attack",
            "Attack an object…",
            "Attack",
            "Major",
            "space",
            "To target a wall or vertical surface that fills an entire space, treat it as a size 1 "
            "object. To target the ground or a horizontal surface that fills an entire space, take "
            "-1 on your attack roll and treat its defense as 0.",
            ("choice",),
            ("object", "wall", "ground"),
        ),
        _plan_object,
        _apply_object,
    ),
    "area_attack": (
        ActionSpec(
            "area_attack",
            "Area attack…",
            "Attack",
            "Major",
            "area",
            "When using an effect that attacks multiple targets, roll once for your attack and "
            "roll damage separately for each target.",
            ("choice",),
            ("magical", "physical"),
        ),
        _plan_area,
        _apply_hits,
    ),
}

for _key, (_spec, _planner, _applier) in _SPECS.items():
    ACTIONS[_key] = ActionKind(_spec, attack_refusal, _planner, _applier)
