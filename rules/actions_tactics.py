"""Tactics and defensive actions (issue #7; seed 002 Tactics, defensive actions,
Manifest/Ready/Dismiss): Defensive Stance so far.
"""

from __future__ import annotations

from rules.actions import ACTIONS, ActionKind, ActionPlan, ActionRequest, ActionSpec, Applied, Dice
from rules.actions_attack import add_lasting
from rules.board import Board
from rules.roll_log import LoggedRoll

__all__ = ["acted_this_turn"]


def acted_this_turn(board: Board, actor_id: str) -> bool:
    """True when ``actor_id`` made an attack or Manifested this round (from the roll log:
    an attack roll of this round by this creature)."""
    name, rnd = board.token(actor_id).name, board.turn.round
    return any(_attacked(e, name, rnd) for e in reversed(board.rolls[-200:]))


def _attacked(entry: LoggedRoll, name: str, rnd: int) -> bool:
    return entry.role == "attack" and entry.actor == name and entry.round == rnd and rnd > 0


def _stance_refusal(board: Board, actor_id: str) -> str | None:
    token = board.token(actor_id)
    if any(e.kind == "defensive_stance" and e.creator == actor_id for e in board.effects.values()):
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


_STANCE = ActionSpec(
    "defensive_stance", "Defensive Stance", "Defence", "Major", "self",
    "Enter a Defensive Stance if you have not made an attack or Manifested a Spell or Talent "
    "this turn.",
)  # fmt: skip
ACTIONS["defensive_stance"] = ActionKind(_STANCE, _stance_refusal, _plan_stance, _apply_stance)
