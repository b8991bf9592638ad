"""The Hold side of Overpower (issue #7; seed 002 Grab/Hold, Grapple, Escape): what the
planner adds to an Overpower plan (:func:`rules.actions_overpower.plan_overpower`) and
what a success does to the Holds (:mod:`rules.holds`). Registered by
:mod:`rules.actions_overpower`.

- **Grab** [S002] "Attack a target who is not Held with a Free Limb to cause you both to
  be in a Hold, with you being a Holder and the target being Held."
- **Grapple** [S002] "Attack target creature in a Hold with a Free Limb or a part used in
  the Hold to increase the Tier of Encumbered they suffer from Hold by 1 and join the Hold
  as a Holder." With a Called Shot (``request.part``): "the creature cannot use the
  targeted part while in the Hold" — when the attack beats the defence by the part's
  margin, as for any Called Shot. ``choice="suffocate"``: "While you have a head affected
  in this way, you can use Grapple to attempt to suffocate the subject. On success, cause
  Tier 1 Strangled until the head is no longer affected." ``choice="swallow"``: "If you are
  a Holder and the creature is at least 6 sizes smaller than you, you can use Grapple to
  attempt to swallow the creature. On success, they are removed from the and they enter
  your stomach. While swallowed, there is no light, they cannot breathe, and have Tier 2
  Crowded."
- **Escape** [S002] "Attack target Holder … to reduce the Tier of Encumbered they suffer
  and are causing to target Grabbed creature by 2. If this removes all Encumbered from the
  Grabbed creature, they are removed from the Grab. If the Holder has targeted a specific
  part, you can remove the affected part … If you do, only reduce the Encumbered Tier by 1."

**[ASSUMPTION]**s: a suffocate or swallow attempt is a Grapple whose success does only
what it names (no +1 Encumbered), and it cannot also be a Called Shot; a swallowed token
stays on the board in its swallower's anchor space, its Hold ended ("removed from the
[Hold]"), with the condition Swallowed (source: the swallower) and, for its Crowded 2, the
Encumbered Crowded gives (Tier 1, or 2 with the option ``crowded_effects = scale``, §11a
D3) — Crowded itself is computed from the spaces, never stored. It does not follow its
swallower when that one moves. The Distal damage a Grapple may add is not rolled here.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import ActionPlan, Applied, Dice, Modifier
from rules.actions_attack import add_lasting
from rules.board import Board
from rules.conditions import set_condition
from rules.holds import (
    HOLD_SOURCE,
    Hold,
    escape_hold,
    grapple_hold,
    held_tier,
    hold_of,
    release_hold,
    with_hold,
)
from rules.options import RuleOptions
from rules.tactics import CALLED_SHOT_PARTS, called_shot

__all__ = [
    "GRAPPLE_CHOICES",
    "SWALLOW_GAP",
    "apply_escape",
    "apply_grab",
    "apply_grapple",
    "escape_plan",
    "grapple_plan",
]

GRAPPLE_CHOICES = ("suffocate", "swallow")
SWALLOW_GAP = 6
"""[S002] "at least 6 sizes smaller than you"."""
SUFFOCATE = (
    "'While you have a head affected in this way, you can use Grapple to attempt to "
    "suffocate the subject' [S002]"
)
SWALLOW = "'If you are a Holder and the creature is at least 6 sizes smaller than you' [S002]"


def _refused(plan: ActionPlan, problem: str | None) -> ActionPlan:
    """``plan`` with ``problem`` as its refusal unless it already has one."""
    return plan if plan.refusal or not problem else replace(plan, refusal=problem)


def _names(board: Board, plan: ActionPlan) -> tuple[str, str]:
    target = plan.request.target or ""
    return board.token(plan.request.actor).name, board.token(target).name


# -- Grab ---------------------------------------------------------------------------
def apply_grab(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """A Grab that succeeds makes a Hold: "cause you both to be in a Hold, with you being a
    Holder and the target being Held" [S002]; both get its Encumbered (:mod:`rules.holds`)."""
    if not ok[0] or plan.request.target is None:
        return Applied(board)
    actor, target = plan.request.actor, plan.request.target
    board = with_hold(board, Hold(actor, target))
    names = _names(board, plan)
    return Applied(board, (f"{names[0]} holds {names[1]}: they move together [S002]",))


# -- Grapple ------------------------------------------------------------------------
def grapple_plan(board: Board, plan: ActionPlan) -> ActionPlan:
    """Grapple's additions to the Overpower ``plan``: the Called Shot term and notes for
    ``request.part``, the suffocate / swallow notes, or why they are not allowed."""
    request = plan.request
    if request.target is None:
        return plan
    problem = _grapple_problem(board, request.actor, request.target, request.choice, request.part)
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
    elif request.choice == "suffocate":
        notes.append("success: Strangled 1 until the head is no longer affected [S002]")
    elif request.choice == "swallow":
        notes.append("success: swallowed — no light, no breath, Crowded 2 [S002]")
    else:
        notes.append("success: +1 Encumbered from the Hold; you join it as a Holder [S002]")
    return replace(plan, notes=tuple(notes))


def _grapple_problem(
    board: Board, actor: str, target: str, choice: str | None, part: str | None
) -> str | None:
    if choice is not None and choice not in GRAPPLE_CHOICES:
        return f"a Grapple may suffocate or swallow, not {choice!r} [S002]"
    if choice is not None and part is not None:
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
    Called Shot that beats the defence by the part's margin also affects the part), or
    Strangled 1, or swallowed."""
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
    if plan.request.part is not None:
        board, why = _affect_part(board, hold, plan.request.part, dice)
        reasons.append(why)
    return Applied(board, tuple(reasons))


def _affect_part(board: Board, hold: Hold, part: str, dice: Dice) -> tuple[Board, str]:
    """A Called Shot Grapple affects ``part`` when it beats the defence by the part's
    margin ([S002] "exceeds the defense by an amount based on the target")."""
    needed = called_shot(part).margin_needed
    attack = dice.attack.result if dice.attack is not None else 0
    over = attack - (dice.defences[0].result if dice.defences else 0)
    name = board.token(hold.held).name
    if over < needed:
        return board, f"beats the defence by {over} < {needed}: the {part} is not affected [S002]"
    board = with_hold(board, replace(hold, part=part))
    return board, (
        f"beats the defence by {over} ≥ {needed}: {name} cannot use its {part} while in the "
        "Hold [S002]"
    )


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
    actor, target = board.token(plan.request.actor), board.token(plan.request.target or "")
    board = release_hold(board, actor.id, target.id)
    target = board.token(target.id)
    opts = RuleOptions.of(board.options)
    crowded = 2 if opts.crowded_effects == "scale" else 1
    entries = set_condition(target.conditions, "swallowed", 1, actor.name[:64])
    entries = set_condition(entries, "encumbered", crowded, "Crowded 2 (swallowed)")
    board = board.with_token_replaced(replace(target, conditions=entries).moved_to(actor.position))
    return Applied(
        board,
        (
            f"{actor.name} swallows {target.name}: removed from the Hold, it enters the "
            "stomach [S002]",
            "while swallowed: no light, it cannot breathe, Crowded 2 [S002] — Encumbered "
            f"{crowded} from Crowded (§11a D3)",
            f"{target.name} can attack the stomach as an unattended object with 2 Durability "
            "and 0 Physical Reduction; 6 Tiers of Wounded to the stomach and it falls out [S002]",
        ),
        (target.id,),
        (actor.position,),
    )


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
    freed; out of the Hold when none is left ([S002], :func:`rules.holds.escape_hold`)."""
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
