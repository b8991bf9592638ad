"""Tackle as an action (issue #7, #13; seed 002 "Overpower"), registered by
:mod:`rules.actions.kinds.overpower` after its Overpower check.

[S002] "As you move into an occupied space, fill your Movement Pool to attack a target in
the space to cause Collision, DL 3. Modify the damage dealt by the same way the attack roll
is modified from size." One outcome:

- **the move** — the tackler moves into the target's space (``request.destination``, one
  of the target's spaces; by default the one nearest the tackler) when it may enter it
  (:func:`rules.battlefield.occupancy.entry_check`, [S000] "You cannot move into an
  occupied space if
  you would cause it to be more than fully occupied"); otherwise its path is blocked and
  it stays where it is ([S001] "Collision may occur … while you are moving and your path
  is blocked"). It moves hit or miss: the move is what the Tackle is made during. A Held
  creature cannot move on its own, so it cannot Tackle (:func:`rules.board.holds.held_refusal`).
  The move counts toward the spaces it moved in a row this turn (Charge) and marks it
  moving; the creatures it holds come along.
- **the Movement Pool** — "fill your Movement Pool": all Movement left is spent, hit or
  miss.
- **the Collision** — from the tackler's own movement, :func:`rules.movement.collision.
  movement_collision` (floor(Pool ÷ 4) × spaces moved in that use, D7): ``request.number``
  spaces, or by default the spaces it moved in a row this turn plus the step into the
  space; plus the size term of the attack. That is the damage Pool rolled on a hit and
  applied to the target with no Reduction ([S001] "Armor does not reduce damage from
  Collision"); the target's Balance DL rises by the Injury. The tackler's own share ([S001]
  "Each creature and object in a Collision takes Bashing damage") is given as a reason
  to roll, not rolled (**[ASSUMPTION]**).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.actions.kinds.attack import apply_damage
from rules.actions.overpower import overpower
from rules.actions.values import ActionPlan, ActionRequest, Applied, Dice, DicePool
from rules.battlefield.holds import carry_held
from rules.battlefield.occupancy import entry_check
from rules.board.grid import Board
from rules.board.holds import held_refusal
from rules.board.turn_state import marked_moving
from rules.dice import injury
from rules.hexes import Hex, distance
from rules.movement.collision import Collision, collision_balance, formula_pool, movement_collision
from rules.options import RuleOptions

__all__ = ["TackleMove", "apply_tackle", "tackle_collision", "tackle_move", "tackle_plan"]

MOVE_INTO = "'As you move into an occupied space'"


@dataclass(frozen=True)
class TackleMove:
    """Where a Tackle moves the tackler: the space (``None`` when it already shares the
    target's space), whether it may enter, the spaces counted for the Collision, and why."""

    space: Hex | None
    enters: bool
    spaces: int
    reasons: tuple[str, ...]


def _nearest_space(board: Board, actor_id: str, target_id: str) -> Hex:
    actor, target = board.token(actor_id), board.token(target_id)
    return min(target.footprint, key=lambda h: (min(distance(h, a) for a in actor.footprint), h))


def tackle_move(board: Board, request: ActionRequest) -> TackleMove:
    """How ``request``'s tackler moves into its target's space (module notes)."""
    actor, target = board.token(request.actor), board.token(request.target or "")
    run, _dashed = actor.motion.this_turn(actor.moved_this_turn)
    shared = bool(actor.footprint & target.footprint) and request.destination is None
    space = None if shared else request.destination or _nearest_space(board, actor.id, target.id)
    counted = request.number if request.number > 0 else max(1, run + (0 if shared else 1))
    why = f"{counted} space{'s' if counted != 1 else ''} moved in this use of Movement"
    if request.number <= 0:
        why += f" ({run} in a row this turn" + ("" if shared else " + the step in") + ")"
    if space is None:
        return TackleMove(None, True, counted, (f"{actor.name} is in {target.name}'s space", why))
    entry = entry_check(board, actor.id, space)
    where = f"({space.q}, {space.r})"
    if entry.allowed:
        into = f"{actor.name} moves into {where} {MOVE_INTO} [S002]"
        return TackleMove(space, True, counted, (into, why))
    blocked = (
        f"{actor.name} cannot enter {where}: {entry.reasons[0]}; its path is blocked, it "
        "stays where it is [S001]"
    )
    return TackleMove(space, False, counted, (blocked, why))


def tackle_collision(board: Board, request: ActionRequest) -> tuple[Collision, int]:
    """The Collision a Tackle causes from the tackler's own movement ([S001] "(your
    Movement Pool / 4) x the number of spaces you move", D7; the spaces of
    :func:`tackle_move`) and the size term the damage takes ([S002] "Modify the damage
    dealt by the same way the attack roll is modified from size")."""
    opts = RuleOptions.of(board.options)
    pool = formula_pool(board.token(request.actor), opts).amount
    spaces = tackle_move(board, request).spaces
    collision = movement_collision(pool, spaces, pool_used=opts.pool_in_formulas)
    size = overpower(board, request.actor, request.target or "", "tackle", opts).modifier
    return collision, size


def _problem(board: Board, request: ActionRequest) -> str | None:
    actor = board.token(request.actor)
    if request.number < 0:
        return f"spaces moved cannot be negative, got {request.number}"
    if actor.left_of("movement") <= 0:
        return f"{actor.name} has no Movement left to move into the space [S002]"
    held = held_refusal(board, request.actor)
    if held:
        return f"{held}: it cannot move into the space"
    target = board.token(request.target or "")
    if request.destination is not None and request.destination not in target.footprint:
        return f"a Tackle moves into {target.name}'s space: choose one of its spaces [S002]"
    return None


def tackle_plan(board: Board, plan: ActionPlan) -> ActionPlan:
    """Tackle's additions to the Overpower ``plan``: the move, the Collision damage Pool
    (:func:`tackle_collision`), no Reduction, or why it cannot be made."""
    request = plan.request
    if request.target is None or plan.refusal:
        return plan
    problem = _problem(board, request)
    if problem:
        return replace(plan, refusal=problem)
    move = tackle_move(board, request)
    collision, size = tackle_collision(board, request)
    damage = DicePool(
        "damage", request.actor, "Collision (Bashing)", max(0, collision.damage + size)
    )
    notes = (
        *move.reasons,
        f"Collision {collision.describe()}",
        f"size {size:+d} on the damage: 'Modify the damage dealt by the same way the attack "
        "roll is modified from size' [S002]",
        "'fill your Movement Pool': all Movement left is spent [S002]",
        "'Armor does not reduce damage from Collision' [S001]: no Reduction",
    )
    weapon = replace(request.weapon, reduction=0)
    spaces = (move.space,) if move.space is not None else ()
    return replace(
        plan,
        request=replace(request, weapon=weapon),
        damage=damage,
        notes=(*plan.notes, *notes),
        spaces=spaces,
    )


def _moved_in(board: Board, actor_id: str, move: TackleMove) -> tuple[Board, tuple[str, ...]]:
    """``board`` with the tackler in the space (if it may enter), its run counted and
    marked moving, and the creatures it holds along."""
    if move.space is None or not move.enters:
        return board, ()
    token = board.token(actor_id)
    motion = token.motion.after_move(1, token.moved_this_turn)
    board = board.with_token_replaced(replace(token.moved_to(move.space), motion=motion))
    board = marked_moving(carry_held(board, actor_id, token.position), [actor_id])
    return board, (actor_id,)


def apply_tackle(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """[S002] "As you move into an occupied space, fill your Movement Pool" (hit or miss),
    then "to attack a target in the space to cause Collision" on a hit: one outcome."""
    request = plan.request
    move = tackle_move(board, request)
    collision, size = tackle_collision(board, request)
    actor = board.token(request.actor)
    left = actor.left_of("movement")
    board = board.with_token_replaced(
        replace(actor, vitals=actor.vitals.with_value("current", "movement", 0))
    )
    reasons = [f"{actor.name} fills its Movement Pool: Movement {left} → 0 [S002]"]
    board, moved = _moved_in(board, actor.id, move)
    reasons.append(move.reasons[0])
    spaces = (move.space,) if move.space is not None else ()
    rolled = dice.damage[0] if dice.damage else None
    if not ok[0] or request.target is None or rolled is None:
        return Applied(board, tuple(reasons), moved, spaces)
    board, why = apply_damage(board, request.target, rolled.faces, 0)
    hurt = injury(rolled.faces)
    target = board.token(request.target).name
    reasons += [
        *why,
        f"Collision on {target}: {collision.damage} from {actor.name}'s movement {size:+d} size "
        f"= {max(0, collision.damage + size)} Bashing, no Reduction [S001] [S002]",
        *(f"{target}: {r}" for r in collision_balance(hurt).reasons),
        f"{actor.name} is in the Collision too: {collision.damage} Bashing from its own "
        "movement, to roll [S001] [ASSUMPTION]",
    ]
    return Applied(board, tuple(reasons), moved, spaces)
