"""Overpower actions (issue #7; seed 002 "Overpower"): Grab, Grapple, Disarm, Hamper,
Shove, Escape and Tackle. The checks come from :func:`rules.overpower.overpower` (the
full size difference; impossible 3+ sizes larger); the attack rolls Athletics (Q26) and the
defender picks Athletics or Elude (Q3 by analogy, **[ASSUMPTION]**). What a success does:
a Grab makes a Hold (:mod:`rules.holds`), a Shove moves the target.
"""

from __future__ import annotations

from rules.action_terms import physical_attack_terms, physical_defence_terms
from rules.actions import (
    ACTIONS,
    ActionKind,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Dice,
    Modifier,
    skill_pool,
)
from rules.actions_attack import attack_refusal
from rules.board import Board
from rules.holds import Hold, with_hold
from rules.overpower import OVERPOWER_ACTIONS, overpower, shove_destinations

__all__ = ["OVERPOWER_DEFENCE_SKILLS", "plan_overpower"]

OVERPOWER_DEFENCE_SKILLS = ("Athletics", "Elude")


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
        board, request.target, request.defence_skill or "Athletics", "defence",
        request.defence_dice, physical_defence_terms(board, request.target),
    )  # fmt: skip
    refusal = check.refusal or _destination_problem(board, request)
    spaces = (request.destination,) if request.destination is not None else ()
    return ActionPlan(request, spec, attack, check.dl, (request.target,), (defence,), None,
                      check.reasons, refusal, spaces)  # fmt: skip


def _destination_problem(board: Board, request: ActionRequest) -> str | None:
    if request.key != "shove" or request.target is None:
        return None
    options = shove_destinations(board, request.actor, request.target)
    if not options:
        return f"{board.token(request.target).name} has no space to be shoved into [S002]"
    if request.destination is None:
        return "choose the space to shove the target into"
    if request.destination not in options:
        return "that space is not one farther away that the target can stand in [S002]"
    return None


def _apply_grab(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    if not ok[0] or plan.request.target is None:
        return Applied(board)
    actor, target = plan.request.actor, plan.request.target
    board = with_hold(board, Hold(actor, target))
    names = board.token(actor).name, board.token(target).name
    return Applied(board, (f"{names[0]} holds {names[1]}: they move together [S002]",))


def _apply_shove(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    target, where = plan.request.target, plan.request.destination
    if not ok[0] or target is None or where is None:
        return Applied(board)
    board = board.with_token_moved(target, where)
    name = board.token(target).name
    return Applied(board, (f"{name} is shoved one space farther [S002]",), (target,), (where,))


_SPECS = {
    "grab": ActionSpec("grab", "Grab", "Overpower", "Major", "creature", OVERPOWER_ACTIONS["grab"]),
    "shove": ActionSpec("shove", "Shove…", "Overpower", "Major", "creature",
                        OVERPOWER_ACTIONS["shove"], ("destination",)),
}  # fmt: skip

ACTIONS["grab"] = ActionKind(_SPECS["grab"], attack_refusal, plan_overpower, _apply_grab)
ACTIONS["shove"] = ActionKind(_SPECS["shove"], attack_refusal, plan_overpower, _apply_shove)
