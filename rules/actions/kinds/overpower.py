"""Overpower actions (issue #7; seed 002 "Overpower"): Grab, Disarm, Grapple, Hamper,
Shove, Escape and Tackle, registered here in the seed's order. The checks come from
:func:`rules.actions.overpower.overpower` ([S002] "Against a larger target, suffer a penalty on your
roll equal to the size difference. Against a smaller target, gain a bonus instead. You
cannot affect targets 3 or more sizes larger than you."); the attack rolls Athletics (Q26)
and the defender picks Athletics or Elude (Q3 by analogy, **[ASSUMPTION]**). The Hold
actions (Grab, Grapple, Escape) are in :mod:`rules.actions.kinds.hold`; this module has:

- **Disarm** [S002] "Attack target creature with a melee weapon to cause them to drop
  target object they are holding into target space adjacent to them, DL 3. If the object
  is Gripped by multiple limbs, they gain +1 on their defenses for each limb beyond the
  first. If the targeted object is a weapon, the creature instead rolls defense of the
  skill used to attack with it." ``request.number`` is the limbs gripping it (default 1),
  ``request.choice`` names the object — :data:`DISARM_WEAPONS` ("melee weapon", "ranged
  weapon") or any other name — and ``request.destination`` is where it drops. A weapon's
  defence rolls the Skill it attacks with (:attr:`~rules.actions.Weapon.skill`: Martial for melee,
  Nimble for ranged, Q26), whatever defence the caller chose; success frees the limbs
  that gripped it (``Token.gripping``, :func:`rules.board.body.free_limbs`).
- **Hamper** [S002] "Attack target creature with a melee weapon to cause Tier 1 of your
  choice of Blinded, Dazzled, Deafened, Muted, Slowed, or Unstable, DL 3." ``choice`` is
  one of :data:`HAMPER_CHOICES`; Tiers of the same name add [P-GAME].
- **Shove** [S002] "Attack a target with a melee weapon to move the target one space
  farther from you, DL 3." A target in a Hold: "If an effect would move you, it attacks
  Athletics of each creature in the Hold with a number of d12 equal to the number of
  spaces it is trying to move you … On failure against any, you are not moved." Those
  attacks are the plan's ``follow_ups``, rolled with the Shove; success against everyone
  moves the target out of the Hold ("to remove you from the Hold").
- **Tackle** [S002] "As you move into an occupied space, fill your Movement Pool to attack
  a target in the space to cause Collision, DL 3. Modify the damage dealt by the same way
  the attack roll is modified from size." The move into the space, the filled Pool and the
  Collision are one outcome: :mod:`rules.actions.kinds.tackle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.actions.kinds.attack import attack_refusal
from rules.actions.kinds.hold import (
    GRAPPLE_CHOICES,
    apply_escape,
    apply_grab,
    apply_grapple,
    escape_plan,
    grab_plan,
    grapple_plan,
    hold_contests_won,
    hold_move_contests,
)
from rules.actions.kinds.tackle import apply_tackle, tackle_collision, tackle_plan
from rules.actions.overpower import OVERPOWER_ACTIONS, overpower, shove_destinations
from rules.actions.registry import ACTIONS, ActionKind, skill_pool
from rules.actions.terms import physical_attack_terms, physical_defence_terms
from rules.actions.values import (
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Destinations,
    Dice,
    DicePool,
    Modifier,
    Weapon,
)
from rules.battlefield.holds import move_together
from rules.board.conditions import CONDITION_SPECS, add_condition, tier_of
from rules.board.grid import Board
from rules.board.holds import HoldResistance, HoldUpdate, hold_resistance, holds_on, leave_holds
from rules.hexes import Hex, distance, neighbors

__all__ = [
    "DISARM_WEAPONS",
    "HAMPER_CHOICES",
    "OVERPOWER_DEFENCE_SKILLS",
    "plan_overpower",
    "tackle_collision",
]

OVERPOWER_DEFENCE_SKILLS = ("Athletics", "Elude")
HAMPER_CHOICES = ("Blinded", "Dazzled", "Deafened", "Muted", "Slowed", "Unstable")
"""[S002] Hamper: "Tier 1 of your choice of Blinded, Dazzled, Deafened, Muted, Slowed, or
Unstable"."""
MELEE = ("disarm", "hamper", "shove")
"""Overpowers "with a melee weapon" [S002]."""
DISARM_WEAPONS = {
    "melee weapon": Weapon("melee weapon"),
    "ranged weapon": Weapon("ranged weapon", range=1),
}
"""The Disarm choices that name a weapon ([S002] "If the targeted object is a weapon"),
as the :class:`~rules.actions.values.Weapon` it attacks as."""
WEAPON_DEFENCE = (
    "'If the targeted object is a weapon, the creature instead rolls defense of the skill used "
    "to attack with it' [S002]"
)


def plan_overpower(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """The attack and defence of Overpower ``request.key`` on ``request.target``."""
    if request.target is None:
        return ActionPlan(request, spec, None, 3, refusal="choose a target creature")
    check = overpower(board, request.actor, request.target, request.key)
    terms = [
        Modifier(
            check.modifier,
            f"size {check.modifier:+d}: Overpower takes the full size difference [S002]",
        )
    ]
    terms += physical_attack_terms(board, request.actor)
    attack = skill_pool(board, request.actor, check.skill, "attack", request.attack_dice, terms)
    defence = skill_pool(
        board,
        request.target,
        request.defence_skill or "Athletics",
        "defence",
        request.defence_dice,
        physical_defence_terms(board, request.target),
    )
    refusal = check.refusal or _melee_problem(request)
    spaces = (request.destination,) if request.destination is not None else ()
    return ActionPlan(
        request,
        spec,
        attack,
        check.dl,
        (request.target,),
        (defence,),
        None,
        check.reasons,
        refusal,
        spaces,
    )


def _melee_problem(request: ActionRequest) -> str | None:
    if request.key in MELEE and request.weapon.range is not None:
        return f"{request.key.capitalize()} is made with a melee weapon [S002]"
    return None


def _refused(plan: ActionPlan, problem: str | None) -> ActionPlan:
    """``plan`` with ``problem`` as its refusal unless it already has one."""
    return plan if plan.refusal or not problem else replace(plan, refusal=problem)


# -- Disarm -------------------------------------------------------------------------
def _plan_disarm(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """Disarm: [S002] "+1 on their defenses for each limb beyond the first"; a weapon
    defends with the Skill it attacks with; the space the object drops into must be
    "adjacent to them"."""
    plan = plan_overpower(board, request, spec)
    if request.target is None or not plan.defences:
        return plan
    limbs = request.number or 1
    if limbs < 1:
        return _refused(plan, f"the object is Gripped by at least 1 limb, not {limbs}")
    defence, notes = _disarm_defence(board, request, plan.defences[0])
    if limbs > 1:
        why = f"Gripped by {limbs} limbs: +1 per limb beyond the first [S002]"
        defence = replace(defence, modifiers=(*defence.modifiers, Modifier(limbs - 1, why)))
    plan = replace(plan, defences=(defence,), notes=(*plan.notes, *notes))
    return _refused(plan, _drop_problem(board, request.target, request.destination))


def _disarm_defence(
    board: Board, request: ActionRequest, chosen: DicePool
) -> tuple[DicePool, list[str]]:
    """The defence against a Disarm: ``chosen`` (the caller's Skill), or, when the object
    is one of :data:`DISARM_WEAPONS`, the Skill that weapon attacks with [S002]."""
    weapon = DISARM_WEAPONS.get((request.choice or "").strip().lower())
    if weapon is None:
        return chosen, [f"{WEAPON_DEFENCE}: not a weapon, so the {chosen.skill} defence stands"]
    skill, target = weapon.skill, request.target or ""
    terms = physical_defence_terms(board, target)
    pool = skill_pool(board, target, skill, "defence", request.defence_dice, terms)
    instead = f", instead of the chosen {chosen.skill}" if chosen.skill != skill else ""
    return pool, [f"{WEAPON_DEFENCE}: a {weapon.name} attacks with {skill} (Q26){instead}"]


def _drop_problem(board: Board, target_id: str, where: Hex | None) -> str | None:
    target = board.token(target_id)
    if where is None:
        return f"choose the space adjacent to {target.name} where the object drops"
    if not board.contains(where) or board.terrain_at(where).blocked:
        return "the object cannot drop there: off the map or a wall"
    if min(distance(where, h) for h in target.footprint) != 1:
        quote = "'into target space adjacent to them' [S002]"
        return f"that space is not adjacent to {target.name}: {quote}"
    return None


def _disarm_destinations(board: Board, request: ActionRequest) -> Destinations:
    """[S002] "drop target object they are holding into target space adjacent to them":
    every space next to the target's footprint (:func:`_drop_problem` judges the one
    named)."""
    footprint = board.token(request.target or "").footprint
    spaces = frozenset(n for h in footprint for n in neighbors(h)) - footprint
    return Destinations("the space the object drops into", spaces)


def _apply_disarm(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """[S002] "cause them to drop target object … into target space adjacent to them";
    the limbs that gripped it are free again."""
    request = plan.request
    if not ok[0] or request.target is None or request.destination is None:
        return Applied(board)
    thing = request.choice or "what it holds"
    where = request.destination
    target = board.token(request.target)
    reasons = [f"{target.name} drops {thing} into ({where.q}, {where.r}) [S002]"]
    freed = min(target.gripping, request.number or 1)
    if freed:
        board = board.with_token_replaced(replace(target, gripping=target.gripping - freed))
        reasons.append(
            f"{target.name}'s limbs gripping an object: {target.gripping} → "
            f"{target.gripping - freed}"
        )
    return Applied(board, tuple(reasons))


# -- Hamper -------------------------------------------------------------------------
def _plan_hamper(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """Hamper asks for one of :data:`HAMPER_CHOICES` ([S002] "your choice of …")."""
    plan = plan_overpower(board, request, spec)
    name = _hamper_condition(request.choice)
    if name is None:
        if request.choice is None:
            return _refused(plan, f"choose one of {', '.join(HAMPER_CHOICES)} [S002]")
        choices = ", ".join(HAMPER_CHOICES)
        why = f"Hamper cannot cause {request.choice!r}: 'your choice of {choices}' [S002]"
        return _refused(plan, why)
    effect = CONDITION_SPECS[name]
    note = f"success: {effect.label} 1 — {effect.effect} [S002] [P-AIL]"
    return replace(plan, notes=(*plan.notes, note))


def _hamper_condition(choice: str | None) -> str | None:
    """The condition name of a Hamper ``choice`` (any letter case), or ``None``."""
    name = (choice or "").strip().lower()
    return name if name in (c.lower() for c in HAMPER_CHOICES) else None


def _apply_hamper(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """[S002] "cause Tier 1 of your choice"; "Tiers of the same name add" [P-GAME]."""
    name = _hamper_condition(plan.request.choice)
    if not ok[0] or plan.request.target is None or name is None:
        return Applied(board)
    target = board.token(plan.request.target)
    entries = add_condition(target.conditions, name, 1, "Hamper")
    board = board.with_token_replaced(replace(target, conditions=entries))
    label = CONDITION_SPECS[name].label
    return Applied(board, (f"{target.name} is {label} {tier_of(entries, name)} [S002]",))


# -- Shove --------------------------------------------------------------------------
def _plan_shove(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """Shove: a space "one space farther from you" [S002] and, in a Hold, the attacks on
    everyone else in it (:func:`rules.board.holds.hold_resistance`)."""
    plan = plan_overpower(board, request, spec)
    if request.target is None:
        return plan
    resistance = _resistance(board, request)
    plan = replace(
        plan,
        notes=(*plan.notes, *resistance.reasons),
        follow_ups=hold_move_contests(board, resistance, request.actor),
    )
    return _refused(plan, _destination_problem(board, request))


def _resistance(board: Board, request: ActionRequest) -> HoldResistance:
    """The contests the Shove must win to move a creature in a Hold (the Shover, if in the
    Hold, is not one of them): :func:`rules.board.holds.hold_resistance`."""
    target = board.token(request.target or "")
    where = request.destination
    spaces = 1 if where is None else max(1, distance(target.position, where))
    return hold_resistance(board, target.id, spaces, exclude=(request.actor,))


def _destination_problem(board: Board, request: ActionRequest) -> str | None:
    target = request.target or ""
    options = shove_destinations(board, request.actor, target, follow_up=request.after_attack)
    if not options:
        return f"{board.token(target).name} has no space to be shoved into [S002]"
    if request.destination is None:
        return "choose the space to shove the target into"
    if request.destination not in options:
        where = "one farther away" if request.after_attack else "one farther away or in your Reach"
        return f"that space is not {where} that the target can stand in [S002]"
    return None


def _shove_destinations(board: Board, request: ActionRequest) -> Destinations:
    """[S002] "move the target one space farther from you" (any space in your Reach when
    not "done as the result of another attack succeeding"): :func:`shove_destinations`."""
    target = request.target or ""
    spaces = shove_destinations(board, request.actor, target, follow_up=request.after_attack)
    return Destinations("the space to shove it into", spaces)


def _apply_shove(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """[S002] "move the target one space farther from you"; in a Hold the attacks on
    everyone else in it come first (:func:`rules.board.holds.hold_resistance`): "On failure
    against any, you are not moved", and success against all removes the target from its
    Holds. It moves with whatever it carries (:func:`rules.battlefield.holds.move_together`)."""
    target, where = plan.request.target, plan.request.destination
    if not ok[0] or target is None or where is None:
        return Applied(board)
    won = hold_contests_won(dice.follow_ups, plan.dl)
    verdict = _resistance(board, plan.request).verdict(won)
    if not verdict.moves:
        return Applied(board, verdict.reasons)
    # Out of its Holds (with the Shover too, when it is in one of them: no contest then).
    update = leave_holds(board, target) if holds_on(board, target) else HoldUpdate(board)
    update = update.then(move_together(update.board, target, where))
    shoved = f"{board.token(target).name} is shoved [S002]"
    return Applied(
        update.board,
        (*verdict.reasons, *update.reasons, shoved),
        update.moved or (target,),
        (where,),
    )


# -- registry -----------------------------------------------------------------------
Planner = Callable[[Board, ActionRequest, ActionSpec], ActionPlan]


def _then(step: Callable[[Board, ActionPlan], ActionPlan]) -> Planner:
    """A planner: :func:`plan_overpower`, then ``step`` adds the action's own parts."""

    def planner(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
        return step(board, plan_overpower(board, request, spec))

    return planner


def _spec(
    key: str, name: str, asks: tuple[str, ...] = (), choices: tuple[str, ...] = ()
) -> ActionSpec:
    return ActionSpec(
        key, name, "Overpower", "Major", "creature", OVERPOWER_ACTIONS[key], asks, choices
    )


_KINDS = (
    (_spec("grab", "Grab"), _then(grab_plan), apply_grab),
    (
        _spec("disarm", "Disarm…", ("destination", "number", "choice"), tuple(DISARM_WEAPONS)),
        _plan_disarm,
        _apply_disarm,
    ),
    (
        _spec("grapple", "Grapple…", ("part", "choice"), GRAPPLE_CHOICES),
        _then(grapple_plan),
        apply_grapple,
    ),
    (_spec("hamper", "Hamper…", ("choice",), HAMPER_CHOICES), _plan_hamper, _apply_hamper),
    (_spec("shove", "Shove…", ("destination",)), _plan_shove, _apply_shove),
    (_spec("escape", "Escape", ("part",)), _then(escape_plan), apply_escape),
    (_spec("tackle", "Tackle", ("number",)), _then(tackle_plan), apply_tackle),
)


def _escape_refusal(board: Board, actor_id: str) -> str | None:
    """Escape "target Holder": only a creature in a Hold may use it [S002]."""
    problem = attack_refusal(board, actor_id)
    if problem is None and not any(h.held == actor_id for h in board.holds):
        return f"{board.token(actor_id).name} is not Held: there is nothing to escape [S002]"
    return problem


_DESTINATIONS = {"disarm": _disarm_destinations, "shove": _shove_destinations}

for _spec_of, _planner, _applier in _KINDS:
    _refusal = _escape_refusal if _spec_of.key == "escape" else attack_refusal
    _destined = _DESTINATIONS.get(_spec_of.key)
    ACTIONS[_spec_of.key] = ActionKind(_spec_of, _refusal, _planner, _applier, _destined)
