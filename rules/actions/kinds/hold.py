"""The Hold side of Overpower (issue #7, #13; seed 002 Grab/Hold, Grapple, Escape): what the
planner adds to an Overpower plan (:func:`rules.actions.kinds.overpower.plan_overpower`) and
what a success does to the Holds (:mod:`rules.board.holds`), registered by
:mod:`rules.actions.kinds.overpower`; the contests of moving a creature out of a Hold as rolls;
and the swallowed creature's attack on the stomach, registered here.

- **Grab** [S002] "Attack a target who is not Held with a Free Limb to cause you both to
  be in a Hold, with you being a Holder and the target being Held."
- **Grapple** [S002] "Attack target creature in a Hold with a Free Limb or a part used in
  the Hold to increase the Tier of Encumbered they suffer from Hold by 1 and join the Hold
  as a Holder." ``choice="distal"``: "If the part you use to Grapple has a Distal, you may
  have the attack also deal damage from that Distal" — the request's ``weapon`` is the
  Distal (its damage dice and the target's Reduction against it; the map keeps no body
  parts, so choosing it says the part has one). With a Called Shot (``request.part``):
  "the creature cannot use the targeted part while in the Hold" — when the attack beats
  the defence by the part's margin, as for any Called Shot. ``choice="suffocate"``:
  "While you have a head affected in this way, you can use Grapple to attempt to
  suffocate the subject. On success, cause Tier 1 Strangled until the head is no longer
  affected." ``choice="swallow"``: "If you are a Holder and the creature is at least 6
  sizes smaller than you, you can use Grapple to attempt to swallow the creature. On
  success, they are removed from the and they enter your stomach. While swallowed, there
  is no light, they cannot breathe, and have Tier 2 Crowded."
- **Escape** [S002] "Attack target Holder … to reduce the Tier of Encumbered they suffer
  and are causing to target Grabbed creature by 2. If this removes all Encumbered from the
  Grabbed creature, they are removed from the Grab. If the Holder has targeted a specific
  part, you can remove the affected part … If you do, only reduce the Encumbered Tier by 1."
- **Moved out of a Hold** [S002] "If an effect would move you, it attacks Athletics of each
  creature in the Hold with a number of d12 equal to the number of spaces it is trying to
  move you": :func:`hold_move_contests` turns :func:`rules.board.holds.hold_resistance` into
  the rolls (a plan's ``follow_ups``), :func:`hold_contests_won` reads them.
- **Attack the Stomach** [S002] "They can attack your stomach as an unattended object with
  2 Durability and 0 Physical Reduction. If there are 6 Tiers of Wounded to the stomach,
  they fall out." (:func:`stomach_wound`, :func:`rules.battlefield.holds.stomach_check`).

**[ASSUMPTION]**s: a suffocate, swallow or Distal Grapple is one choice (``choice`` holds
one); a suffocate or swallow attempt does only what it names (no +1 Encumbered) and is not
also a Called Shot; a swallowed token stays on the board at its swallower's anchor, its
Hold ended ("removed from the [Hold]"), with the condition Swallowed (source: the
swallower's id) and nothing else stored — its Crowded 2 and the Encumbered that gives are
computed (:func:`rules.battlefield.occupancy.crowded`,
:func:`rules.battlefield.encumbrance.encumbered`); it moves
with its swallower (:func:`rules.battlefield.holds.move_together`). The stomach, "an unattended
object", makes no defence roll (the attack needs the Strike's DL 3) and its Durability is
the Injury it takes before Wounded Tiers (like a Severe Threshold): Wounded = Injury − 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.actions.contest import contest
from rules.actions.kinds.attack import apply_damage, attack_refusal
from rules.actions.registry import ACTIONS, ActionKind, skill_pool
from rules.actions.tactics import CALLED_SHOT_PARTS, STRIKE_DL, called_shot
from rules.actions.terms import add_lasting, physical_attack_terms, physical_defence_terms
from rules.actions.values import (
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Dice,
    DicePool,
    Modifier,
)
from rules.battlefield.holds import stomach_check, swallow
from rules.board.body import free_limbs
from rules.board.conditions import set_condition
from rules.board.grid import Board
from rules.board.holds import (
    HOLD_SOURCE,
    STOMACH_RELEASE_TIERS,
    Hold,
    HoldResistance,
    escape_hold,
    grapple_hold,
    held_tier,
    hold_of,
    stomach_wounds,
    swallower_of,
    with_hold,
)
from rules.board.pools import LIMIT
from rules.dice import Roll, injury

__all__ = [
    "GRAPPLE_CHOICES",
    "HOLD_MOVE_DL",
    "STOMACH_DURABILITY",
    "STOMACH_REDUCTION",
    "SWALLOW_GAP",
    "StomachWound",
    "apply_escape",
    "apply_grab",
    "apply_grapple",
    "apply_stomach",
    "escape_plan",
    "grapple_plan",
    "hold_contests_won",
    "hold_move_contests",
    "stomach_plan",
    "stomach_wound",
]

GRAPPLE_CHOICES = ("suffocate", "swallow", "distal")
SWALLOW_GAP = 6
"""[S002] "at least 6 sizes smaller than you"."""
HOLD_MOVE_DL = 3
"""The DL of an effect's attacks on the Athletics of a Hold when the effect names none
(**[ASSUMPTION]** the DL 3 of every Strike and Overpower; a Shove uses its own)."""
STOMACH_DURABILITY = 2
STOMACH_REDUCTION = 0
SUFFOCATE = (
    "'While you have a head affected in this way, you can use Grapple to attempt to "
    "suffocate the subject' [S002]"
)
SWALLOW = "'If you are a Holder and the creature is at least 6 sizes smaller than you' [S002]"
DISTAL = (
    "'If the part you use to Grapple has a Distal, you may have the attack also deal damage "
    "from that Distal' [S002]"
)
STOMACH = (
    "They can attack your stomach as an unattended object with 2 Durability and 0 Physical "
    "Reduction."
)
ONE_CHOICE = ("suffocate", "swallow")
"""The Grapple choices that are their own attempt, never also a Called Shot."""


def _refused(plan: ActionPlan, problem: str | None) -> ActionPlan:
    """``plan`` with ``problem`` as its refusal unless it already has one."""
    return plan if plan.refusal or not problem else replace(plan, refusal=problem)


def _names(board: Board, plan: ActionPlan) -> tuple[str, str]:
    target = plan.request.target or ""
    return board.token(plan.request.actor).name, board.token(target).name


# -- Grab ---------------------------------------------------------------------------
def apply_grab(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """A Grab that succeeds makes a Hold: "cause you both to be in a Hold, with you being a
    Holder and the target being Held" [S002]; both get its Encumbered (:mod:`rules.board.holds`)."""
    if not ok[0] or plan.request.target is None:
        return Applied(board)
    actor, target = plan.request.actor, plan.request.target
    board = with_hold(board, Hold(actor, target))
    names = _names(board, plan)
    return Applied(board, (f"{names[0]} holds {names[1]}: they move together [S002]",))


def free_limb_refusal(board: Board, actor_id: str, sentence: str) -> str | None:
    """Why ``actor_id`` has no Free Limb for an attack that needs one (``sentence``: the
    seed's words), or ``None`` (:func:`rules.board.body.free_limbs`)."""
    limbs = free_limbs(board, actor_id)
    if limbs.free >= 1:
        return None
    name = board.token(actor_id).name
    return f"needs a Free Limb — {sentence} [S002]; {name} has {limbs.describe()}"


def grab_plan(board: Board, plan: ActionPlan) -> ActionPlan:
    """Grab: "Attack a target who is not Held with a Free Limb to cause you both to be in a
    Hold" [S002] — refused without a Free Limb."""
    if plan.request.target is None:
        return plan
    return _refused(plan, free_limb_refusal(board, plan.request.actor, _GRAB_LIMB))


_GRAB_LIMB = "'Attack a target who is not Held with a Free Limb'"
_GRAPPLE_LIMB = "'Attack target creature in a Hold with a Free Limb or a part used in the Hold'"
_ESCAPE_LIMB = "'Attack target Holder with a Free Limb or part you are using in the Hold'"


# -- Grapple ------------------------------------------------------------------------
def grapple_plan(board: Board, plan: ActionPlan) -> ActionPlan:
    """Grapple's additions to the Overpower ``plan``: the Called Shot term and notes for
    ``request.part``, the Distal's damage Pool, the suffocate / swallow notes, or why they
    are not allowed."""
    request = plan.request
    if request.target is None:
        return plan
    problem = _grapple_problem(board, request.actor, request.target, request.choice, request.part)
    if problem is None and hold_of(board, request.actor, request.target) is None:
        problem = free_limb_refusal(board, request.actor, _GRAPPLE_LIMB)  # not a Holder yet
    if problem:
        return _refused(plan, problem)
    notes = list(plan.notes)
    if request.part is not None and plan.attack is not None:
        shot = called_shot(request.part)
        term = Modifier(shot.attack_penalty, f"Called Shot ({request.part}) [S002]")
        plan = replace(plan, attack=replace(plan.attack, modifiers=(*plan.attack.modifiers, term)))
        notes += [
            *shot.reasons[:2],
            "'the creature cannot use the targeted part while in the Hold' [S002]",
        ]
    if request.choice == "suffocate":
        notes.append("success: Strangled 1 until the head is no longer affected [S002]")
    elif request.choice == "swallow":
        notes.append("success: swallowed — no light, no breath, Crowded 2 [S002]")
    else:
        notes.append("success: +1 Encumbered from the Hold; you join it as a Holder [S002]")
    if request.choice == "distal":
        weapon = request.weapon
        notes.append(f"success: {weapon.damage}d12 damage from the Distal: {DISTAL}")
        damage = DicePool("damage", request.actor, f"{weapon.name} (Distal)", weapon.damage)
        plan = replace(plan, damage=damage)
    return replace(plan, notes=tuple(notes))


def _grapple_problem(
    board: Board, actor: str, target: str, choice: str | None, part: str | None
) -> str | None:
    if choice is not None and choice not in GRAPPLE_CHOICES:
        return f"a Grapple may {', '.join(GRAPPLE_CHOICES)}, not {choice!r} [S002]"
    if choice in ONE_CHOICE and part is not None:
        return f"a Grapple that tries to {choice} is not also a Called Shot [ASSUMPTION]"
    if part is not None and part not in CALLED_SHOT_PARTS:
        return f"no Called Shot table entry for {part!r}; known: {', '.join(CALLED_SHOT_PARTS)}"
    if choice == "suffocate":
        return _suffocate_problem(board, actor, target)
    if choice == "swallow":
        return _swallow_problem(board, actor, target)
    return None


def _suffocate_problem(board: Board, actor: str, target: str) -> str | None:
    hold = hold_of(board, actor, target)
    if hold is not None and hold.part == "head":
        return None
    names = board.token(actor).name, board.token(target).name
    return f"{names[0]}'s Hold does not affect {names[1]}'s head: {SUFFOCATE}"


def _swallow_problem(board: Board, actor: str, target: str) -> str | None:
    holder, held = board.token(actor), board.token(target)
    if hold_of(board, actor, target) is None:
        return f"{holder.name} does not hold {held.name}: {SWALLOW}"
    gap = holder.size - held.size
    if gap < SWALLOW_GAP:
        return f"{held.name} is {gap} sizes smaller than {holder.name}, not 6: {SWALLOW}"
    return None


def apply_grapple(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """What a Grapple does ([S002], module docstring): +1 Encumbered and a Holder (a
    Called Shot that beats the defence by the part's margin also affects the part; a
    Distal also deals its damage), or Strangled 1, or swallowed."""
    request = plan.request
    if request.part is not None:
        board = add_lasting(
            board, request.actor, "called_shot", "Called Shot (−1 physical attacks)"
        )
    if not ok[0] or request.target is None:
        return Applied(board)
    if request.choice == "suffocate":
        return _suffocate(board, plan)
    if request.choice == "swallow":
        return _swallow(board, plan)
    return _grapple(board, plan, dice)


def _grapple(board: Board, plan: ActionPlan, dice: Dice) -> Applied:
    actor, target = plan.request.actor, plan.request.target or ""
    before = next((h.holder for h in board.holds if h.held == target), None)
    board = grapple_hold(board, actor, target)
    hold = hold_of(board, actor, target)
    assert hold is not None
    names = _names(board, plan)
    tier = held_tier(board, hold)
    reasons = [f"{names[1]} is Grappled: +1 Encumbered from the Hold, now {tier} [S002]"]
    if before not in (None, actor):
        other = board.token(before or "").name
        reasons.append(
            f"{names[0]} joins the Hold as a Holder [S002]; a Hold keeps one Holder here, so "
            f"{other} lets go [ASSUMPTION]"
        )
    struck = None
    if plan.request.part is not None:
        board, why, struck = _affect_part(board, hold, plan.request.part, dice)
        reasons.append(why)
    if plan.request.choice == "distal":
        board, hurt = _distal_damage(board, plan, dice, struck)
        reasons += hurt
    return Applied(board, tuple(reasons))


def _affect_part(board: Board, hold: Hold, part: str, dice: Dice) -> tuple[Board, str, str | None]:
    """A Called Shot Grapple affects ``part`` when it beats the defence by the part's
    margin ([S002] "exceeds the defense by an amount based on the target"): the board, why,
    and the part struck (``None`` when the margin is not reached)."""
    needed = called_shot(part).margin_needed
    attack = dice.attack.result if dice.attack is not None else 0
    over = attack - (dice.defences[0].result if dice.defences else 0)
    name = board.token(hold.held).name
    if over < needed:
        why = f"beats the defence by {over} < {needed}: the {part} is not affected [S002]"
        return board, why, None
    board = with_hold(board, replace(hold, part=part))
    why = (
        f"beats the defence by {over} ≥ {needed}: {name} cannot use its {part} while in the "
        "Hold [S002]"
    )
    return board, why, part


def _distal_damage(
    board: Board, plan: ActionPlan, dice: Dice, part: str | None
) -> tuple[Board, list[str]]:
    """[S002] "you may have the attack also deal damage from that Distal": the rolled
    damage on the target (:func:`rules.actions.kinds.attack.apply_damage`, on the Called Shot's
    part when it was struck)."""
    rolled = dice.damage[0] if dice.damage else None
    if rolled is None:
        return board, [f"the Distal's damage was not rolled: roll it to apply it — {DISTAL}"]
    target, weapon = plan.request.target or "", plan.request.weapon
    board, why = apply_damage(board, target, rolled.faces, weapon.reduction, part)
    return board, [f"the Distal ({weapon.name}) deals its damage: {DISTAL}", *why]


def _suffocate(board: Board, plan: ActionPlan) -> Applied:
    target = board.token(plan.request.target or "")
    entries = set_condition(target.conditions, "strangled", 1, HOLD_SOURCE)
    board = board.with_token_replaced(replace(target, conditions=entries))
    return Applied(
        board,
        (
            f"{target.name} is Strangled 1 until its head is no longer affected [S002]; "
            "cannot speak or breathe, −1 on all rolls (Q11)",
        ),
    )


def _swallow(board: Board, plan: ActionPlan) -> Applied:
    """[S002] "they are removed from the [Hold] and they enter your stomach"
    (:func:`rules.battlefield.holds.swallow`): the Swallowed condition only; Crowded 2 is
    computed."""
    actor, target = plan.request.actor, plan.request.target or ""
    update = swallow(board, actor, target)
    name = update.board.token(target).name
    reasons = (
        *update.reasons,
        "while swallowed: no light, it cannot breathe, Crowded 2 [S002]",
        f"{name} can attack the stomach as an unattended object with 2 Durability and 0 "
        "Physical Reduction; 6 Tiers of Wounded to the stomach and it falls out [S002]",
    )
    where = update.board.token(actor).position
    return Applied(update.board, reasons, update.moved, (where,))


# -- Escape -------------------------------------------------------------------------
def escape_plan(board: Board, plan: ActionPlan) -> ActionPlan:
    """Escape's additions to the Overpower ``plan``: the target must be the actor's Holder;
    ``request.part`` frees that targeted part ([S002])."""
    request = plan.request
    if request.target is None or plan.refusal:
        return plan
    actor, holder = board.token(request.actor), board.token(request.target)
    hold = hold_of(board, holder.id, actor.id)
    if hold is None:
        return _refused(
            plan, f"{holder.name} does not hold {actor.name}: Escape targets your Holder [S002]"
        )
    no_limb = free_limb_refusal(board, actor.id, _ESCAPE_LIMB)
    if no_limb:
        return _refused(plan, no_limb)
    if request.part is not None and request.part != hold.part:
        why = (
            f"{holder.name} has not targeted {actor.name}'s {request.part}: only a targeted "
            "part is freed [S002]"
        )
        return _refused(plan, why)
    if request.part is not None:
        note = f"success: Encumbered from the Hold −1 and the {request.part} is freed [S002]"
    else:
        note = "success: Encumbered from the Hold −2; at 0 it is out of the Hold [S002]"
    return replace(plan, notes=(*plan.notes, note))


def apply_escape(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """An Escape that succeeds: −2 Encumbered from the Hold, or −1 and the targeted part
    freed; out of the Hold when none is left ([S002], :func:`rules.board.holds.escape_hold`)."""
    request = plan.request
    if not ok[0] or request.target is None:
        return Applied(board)
    holder, held = request.target, request.actor
    hold = hold_of(board, holder, held)
    assert hold is not None
    before = held_tier(board, hold)
    board = escape_hold(board, holder, held, frees_part=request.part is not None)
    names = _names(board, plan)
    after = hold_of(board, holder, held)
    if after is None:
        return Applied(board, (f"{names[0]} escapes {names[1]}'s Hold [S002]",))
    reasons = [f"{names[0]}'s Encumbered from the Hold {before} → {held_tier(board, after)} [S002]"]
    if request.part is not None:
        reasons.append(f"{names[0]}'s {request.part} is out of the Hold [S002]")
    return Applied(board, tuple(reasons))


# -- moved out of a Hold --------------------------------------------------------------
def hold_move_contests(
    board: Board, resistance: HoldResistance, attacker: str
) -> tuple[tuple[DicePool, DicePool], ...]:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you": for
    each contest of ``resistance`` (:func:`rules.board.holds.hold_resistance`), the effect's
    attack (rolled for ``attacker``) and the creature's Athletics defence with the terms
    of its state — an :attr:`~rules.actions.ActionPlan.follow_ups` entry."""
    contests = []
    for c in resistance.contests:
        terms = physical_defence_terms(board, c.defender)
        defence = skill_pool(board, c.defender, c.skill, "defence", None, terms)
        contests.append((DicePool("attack", attacker, "to move out of the Hold", c.dice), defence))
    return tuple(contests)


def hold_contests_won(
    rolls: Sequence[tuple[Roll, Roll]], dl: int = HOLD_MOVE_DL
) -> tuple[bool, ...]:
    """Whether each (attack, defence) roll of :func:`hold_move_contests` succeeds (Q1, Q2:
    it reaches ``dl`` and beats the defence), for
    :meth:`rules.board.holds.HoldResistance.verdict`."""
    return tuple(contest(attack, defence, dl).succeeds for attack, defence in rolls)


# -- the stomach ----------------------------------------------------------------------
@dataclass(frozen=True)
class StomachWound:
    """What a hit on a stomach does: Injury, Wounded Tiers, the stomach's Tiers before and
    after, and why."""

    injury: int
    wounded: int
    before: int
    after: int
    reasons: tuple[str, ...]


def stomach_wound(faces: Sequence[int], before: int = 0) -> StomachWound:
    """[S002] "They can attack your stomach as an unattended object with 2 Durability and 0
    Physical Reduction": Injury counts faces ≥ 3 + 0 (Q24); Wounded Tiers = Injury − the
    Durability 2 (**[ASSUMPTION]** Durability works as the object's Severe Threshold),
    added to the ``before`` Tiers already on the stomach."""
    hurt = injury(tuple(faces), STOMACH_REDUCTION)
    wounded = max(0, hurt - STOMACH_DURABILITY)
    after = min(LIMIT, before + wounded)
    reasons = (
        f"{hurt} Injury: faces ≥ {3 + STOMACH_REDUCTION} (Physical Reduction "
        f"{STOMACH_REDUCTION}, Q24) [S002]",
        f"Durability {STOMACH_DURABILITY}: {hurt} − {STOMACH_DURABILITY} = {wounded} Wounded "
        "Tiers to the stomach [ASSUMPTION]",
        f"stomach Wounded {before} → {after} of {STOMACH_RELEASE_TIERS}: 'If there are 6 "
        "Tiers of Wounded to the stomach, they fall out' [S002]",
    )
    return StomachWound(hurt, wounded, before, after, reasons)


def _stomach_refusal(board: Board, actor_id: str) -> str | None:
    """Only a swallowed creature attacks a stomach from inside ([S002] "They can attack
    your stomach")."""
    problem = attack_refusal(board, actor_id)
    if problem is None and swallower_of(board, actor_id) is None:
        name = board.token(actor_id).name
        return f"{name} is not swallowed: only a creature in a stomach can attack it [S002]"
    return problem


def stomach_plan(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """The swallowed actor's attack on its swallower's stomach: Martial (melee) or Nimble
    (ranged, Q26) with the terms of its state, DL 3 (a Strike's), no defence roll (an
    unattended object), the weapon's damage with Physical Reduction 0 ([S002])."""
    eater = swallower_of(board, request.actor)
    if eater is None:
        refusal = _stomach_refusal(board, request.actor)
        return ActionPlan(request, spec, None, STRIKE_DL, refusal=refusal)
    weapon = replace(request.weapon, reduction=STOMACH_REDUCTION)
    skill = weapon.skill
    terms = physical_attack_terms(board, request.actor)
    attack = skill_pool(board, request.actor, skill, "attack", request.attack_dice, terms)
    damage = DicePool("damage", request.actor, weapon.name, weapon.damage)
    owner = board.token(eater)
    notes = (
        f"'{STOMACH}' [S002]",
        f"Strike: DL {STRIKE_DL}; an unattended object rolls no defence [ASSUMPTION]",
        f"{owner.name}'s stomach has {stomach_wounds(owner)} of {STOMACH_RELEASE_TIERS} "
        "Wounded Tiers: at 6 you fall out [S002]",
    )
    request = replace(request, target=eater, weapon=weapon)
    return ActionPlan(request, spec, attack, STRIKE_DL, (eater,), (), damage, notes)


def apply_stomach(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """A hit on the stomach: :func:`stomach_wound`'s Tiers on the swallower's stomach, then
    :func:`rules.battlefield.holds.stomach_check` ("If there are 6 Tiers of Wounded to the stomach,
    they fall out" [S002])."""
    rolled = dice.damage[0] if dice.damage else None
    if not ok[0] or not plan.targets:
        return Applied(board)
    if rolled is None:
        return Applied(board, ("the damage to the stomach was not rolled: roll it to apply it",))
    owner = board.token(plan.targets[0])
    wound = stomach_wound(rolled.faces, stomach_wounds(owner))
    vitals = owner.vitals.with_value("wounded", "stomach", wound.after or None)
    update = stomach_check(board.with_token_replaced(replace(owner, vitals=vitals)), owner.id)
    spaces = tuple(update.board.token(t).position for t in update.moved)
    return Applied(update.board, (*wound.reasons, *update.reasons), update.moved, spaces)


STOMACH_SPEC = ActionSpec("stomach", "Attack the Stomach", "Attack", "Major", "self", STOMACH)
ACTIONS[STOMACH_SPEC.key] = ActionKind(STOMACH_SPEC, _stomach_refusal, stomach_plan, apply_stomach)
