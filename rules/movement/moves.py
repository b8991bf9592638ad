"""Moving a token in one call (seed 001): :func:`move` plans the move and applies it.

During a conflict a creature's move follows the Movement rules: it goes along its
cheapest path to a destination (:func:`~rules.movement.plan.plan_move`) or along a path
it was given (:func:`~rules.movement.plan.plan_path`) and pays for it ([S001] "You can
pay 1 Movement to move 1 space with a Primary Movement"; "After moving, you are
considered moving", :func:`~rules.movement.plan.apply_plan`). Outside a conflict, for an
object, or when asked to place it ``free``, the Soulweaver places the token: it must fit
where it lands (:func:`rules.battlefield.placement.placement_refusal`) and takes what it
holds along (:func:`rules.battlefield.holds.move_holder`). Either way the result is one
:class:`MoveOutcome`: the board after, the plan paid (``None`` for a placement), the undo
step's text and the summary, or ``refusal`` — why it does not move, in the words the
app shows (a rules refusal never raises). :func:`move_group` moves several tokens by one
offset the same way, as the Soulweaver places them.

>>> from rules.board.grid import Board
>>> from rules.board.tokens import Token
>>> from rules.hexes import Hex
>>> board = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> moved = move(board, "a", Hex(3, 1))
>>> moved.text, moved.board.token("a").position == Hex(3, 1), moved.plan is None
('Move Aria', True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.battlefield.holds import followers, holds_after_move, move_holder
from rules.battlefield.placement import group_placement_refusal, placement_refusal
from rules.board.grid import Board
from rules.board.turn_state import marked_moving
from rules.errors import RulesError
from rules.hexes import Hex
from rules.movement.budget import movement_enforced
from rules.movement.field import MovementField
from rules.movement.plan import MovePlan, apply_plan, plan_move, plan_path
from rules.options import RuleOptions

__all__ = ["MoveOutcome", "move", "move_group", "placed"]


@dataclass(frozen=True)
class MoveOutcome:
    """What moving a token did: the ``board`` after (the board given when refused or
    when nothing moves), the ``plan`` paid for (``None`` for a placement, or a refused
    placement), the undo step's ``text`` and the ``summary`` (both empty when nothing
    changes), and ``refusal`` — why it does not move, or ``None``."""

    board: Board
    plan: MovePlan | None = None
    text: str = ""
    summary: str = ""
    refusal: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def moved(self) -> bool:
        """True when the board changed: there is an undo step to push."""
        return self.refusal is None and bool(self.text)


def placed(board: Board, token_id: str, anchor: Hex) -> Board:
    """``board`` with ``token_id``'s anchor at ``anchor``, with what it holds, and during
    a conflict marked moving ([S001]). Raises :class:`~rules.errors.RulesError` if it
    cannot be."""
    return marked_moving(move_holder(board, token_id, anchor), [token_id])


def move(
    board: Board,
    token_id: str,
    destination: Hex | Sequence[Hex],
    *,
    free: bool = False,
    options: RuleOptions | None = None,
    field: MovementField | None = None,
    plan: MovePlan | None = None,
) -> MoveOutcome:
    """Move ``token_id`` to ``destination`` — a hex (its cheapest path) or a path of
    anchors starting at its position — planned and applied in one call (module notes).
    ``free`` places it instead of paying Movement; ``options`` and ``field`` go to the
    planning (a field reused from a drag preview); ``plan``, a plan of this very move
    already made (the preview's), is applied instead of planning again."""
    if token_id not in board.tokens:
        return MoveOutcome(board, refusal=f"There is no token {token_id!r} on this map any more")
    target = destination if isinstance(destination, Hex) else destination[-1]
    if free or not movement_enforced(board, token_id):
        return _placed(board, token_id, target)
    if plan is not None:
        return _paid(board, plan)
    if isinstance(destination, Hex):
        return _paid(board, plan_move(board, token_id, destination, options, field=field))
    return _paid(board, plan_path(board, token_id, destination, options))


def _placed(board: Board, token_id: str, anchor: Hex) -> MoveOutcome:
    token = board.token(token_id)
    if token.position == anchor:
        return MoveOutcome(board)  # nothing to do: no undo step, no refusal
    problem = placement_refusal(board, token_id, anchor)
    if problem:
        return MoveOutcome(board, refusal=problem)
    try:
        after = placed(board, token_id, anchor)
    except RulesError as error:
        return MoveOutcome(board, refusal=str(error))
    summary = f"Moved {token.name} to ({anchor.q}, {anchor.r})"
    return MoveOutcome(after, None, f"Move {token.name}", summary)


def _paid(board: Board, plan: MovePlan) -> MoveOutcome:
    token = board.token(plan.token_id)
    if not plan.allowed:
        return MoveOutcome(board, plan, refusal=f"{token.name} cannot move there: {plan.refusal}")
    end, spaces = plan.path[-1], len(plan.steps)
    text = f"Move {token.name} {spaces} space{'s' if spaces != 1 else ''}"
    rolls = "".join(f"; roll {r.skill} DL {r.dl}" for r in plan.rolls)
    summary = (
        f"{text} to ({end.q}, {end.r}): {plan.paid} Movement, {plan.left - plan.paid} left{rolls}"
    )
    return MoveOutcome(apply_plan(board, plan), plan, f"{text} ({plan.paid} Movement)", summary)


def move_group(board: Board, token_ids: Sequence[str], delta: Hex) -> MoveOutcome:
    """Move the tokens ``token_ids`` (those still on the map) by the same offset
    ``delta``, placed as the Soulweaver places them (no Movement paid); one token is a
    placement (:func:`move` with ``free``).

    They must all fit where they land together
    (:func:`rules.battlefield.placement.group_placement_refusal`); whoever they hold or
    have swallowed moves with them **[ASSUMPTION]** "they move together" (issue #7), unless
    it would leave the map; a Holder that can no longer touch lets go ([S002] "A creature
    stops being a Holder if they can no longer touch the other creature with parts they
    used for the Hold", :func:`rules.battlefield.holds.holds_after_move`); during a
    conflict the movers are
    marked moving ([S001] "After moving, you are considered moving")."""
    ids = [i for i in token_ids if i in board.tokens]
    if len(ids) == 1:
        return move(board, ids[0], board.token(ids[0]).position + delta, free=True)
    if not ids:
        return MoveOutcome(board, refusal="Nothing to move")
    problem = group_placement_refusal(board, {i: board.token(i).position + delta for i in ids})
    if problem:
        return MoveOutcome(board, refusal=problem)
    after = board
    carried = {f for i in ids for f in followers(board, i)} - set(ids)  # held, swallowed
    for token_id in [*ids, *sorted(carried)]:
        target = board.token(token_id).position + delta
        footprint = after.token(token_id).footprint_at(target)
        if token_id in ids or all(after.contains(h) for h in footprint):
            after = after.with_token_moved(token_id, target)
    update = holds_after_move(after, ids)
    text = f"Move {len(ids)} tokens"
    summary = "; ".join((f"Moved {len(ids)} tokens", *update.reasons))
    return MoveOutcome(marked_moving(update.board, ids), None, text, summary)
