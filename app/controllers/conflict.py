"""ConflictController: perform a conflict action — rolled with the map's seeded dice or
with dice typed in from the table — as ONE undo step (issue #7).

The rules decide everything in one call (:func:`rules.actions.perform`: plan, roll or read
the dice, resolve; a targeted attack on a space with several occupants rolls for each of
them, [S002]). This object only seeds a new map's dice first (:func:`~app.controllers.dice.seeded`,
so a session can be replayed), and pushes the board after as one undo step
(:meth:`~app.controllers.base.Controller.push`) named by the rules ("Strike (Aria → Ogre)").
The panel plans once per change; perform plans that same request again, on the board it showed.
The board after holds the state changes, the roll log entries and the dice drawn, so undo
takes all of them back together. A refusal goes out on :attr:`refused` with the rules'
reason; each outcome on :attr:`performed` for the map's highlight and the action panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal

from app.controllers.base import Controller
from app.controllers.dice import seeded
from rules import Board
from rules.actions import (
    ActionChoice,
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    Performance,
    TypedDice,
    available_actions,
    perform,
    plan_action,
)

__all__ = ["ConflictController"]


class ConflictController(Controller):
    """Conflict actions on the open map's tokens, for the Actions menu and the action panel."""

    performed = Signal(object, object)  # ActionOutcome, the Board before it

    def choices(self, actor_id: str) -> tuple[ActionChoice, ...]:
        """Every action for ``actor_id`` now, the ones it cannot use with the reason."""
        return available_actions(self.board, actor_id)

    def plan(self, request: ActionRequest) -> ActionPlan:
        """The rules' plan for ``request`` on the map as it is now (the panel's preview)."""
        return plan_action(self.board, request)

    def roll(self, request: ActionRequest) -> ActionOutcome | None:
        """Roll ``request`` with the map's seeded dice and apply it; a targeted attack on
        a space with several occupants rolls for each and attacks the ones with doubles.
        Returns the (last) outcome: ``None`` on a refusal or when nobody rolled doubles."""
        board = seeded(self.board)
        return self._done(board, perform(board, request))

    def enter(
        self,
        request: ActionRequest,
        attack: Sequence[int] | None,
        defences: Sequence[Sequence[int]] = (),
        damage: Sequence[Sequence[int] | None] = (),
    ) -> ActionOutcome | None:
        """Apply ``request`` with dice rolled at the table (faces typed in)."""
        board = self.board
        return self._done(board, perform(board, request, TypedDice(attack, defences, damage)))

    def _done(self, before: Board, done: Performance) -> ActionOutcome | None:
        """Push what ``done`` did as one undo step and say it, or say why it was refused."""
        if done.refusal is not None:
            self.refuse(done.refusal)
            return None
        self.push(done.board, done.text)
        self.informed.emit(done.summary)
        for outcome in done.outcomes:
            self.performed.emit(outcome, before)
        return done.outcome
