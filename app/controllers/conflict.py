"""ConflictController: plan a conflict action, roll it (or read dice typed in from the
table) and apply the outcome as ONE undo step (issue #7).

The rules decide everything (:mod:`rules.actions`); this object only asks them, rolls
with the map's own seeded generator (:func:`rules.board.roll_log.dice_rng` — the same seed and
count give the same faces, so a session can be replayed) and pushes one undo step
(:meth:`~app.controllers.base.Controller.push`) whose text names the action, the actor and
the target ("Strike (Aria → Ogre)"). A pick is planned once: the plan that was checked is
the plan that is rolled and resolved. The board after holds the state changes, the roll log
entries and the dice drawn, so undo takes all of them back together. A refusal goes out on
:attr:`refused` with the rules' reason; the outcome on :attr:`performed` for the map's
highlight and the action panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal

from app.controllers.base import Controller
from app.controllers.dice import seeded
from rules import RulesError
from rules.actions import (
    ActionChoice,
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    Dice,
    attack_space,
    available_actions,
    plan_action,
    read_dice,
    resolve,
    roll_dice,
    rolls_each_occupant,
)
from rules.board import Board, dice_rng

__all__ = ["ConflictController", "command_text"]


def command_text(board_names: dict[str, str], plan: ActionPlan) -> str:
    """``"Strike (Aria → Ogre)"``: the undo step's text."""
    who = [board_names.get(plan.request.actor, plan.request.actor)]
    if len(plan.targets) == 1:
        who.append(board_names.get(plan.targets[0], plan.targets[0]))
    elif plan.targets:
        who.append(f"{len(plan.targets)} targets")
    return f"{plan.spec.name.rstrip('…')} ({' → '.join(who)})"


class ConflictController(Controller):
    """Conflict actions on the open map's tokens, for the Actions menu and the action panel."""

    performed = Signal(object, object)  # ActionOutcome, the Board before it

    def choices(self, actor_id: str) -> tuple[ActionChoice, ...]:
        """Every action for ``actor_id`` now, the ones it cannot use with the reason."""
        return available_actions(self.board, actor_id)

    def plan(self, request: ActionRequest) -> ActionPlan:
        """The rules' plan for ``request`` on the map as it is now."""
        return plan_action(self.board, request)

    def roll(self, request: ActionRequest) -> ActionOutcome | None:
        """Roll ``request`` with the map's seeded dice and apply it (a targeted attack on a
        space with several occupants: :meth:`roll_space`)."""
        plan = self._planned(request)
        if plan is None:
            return None
        if rolls_each_occupant(plan):
            return self.roll_space(request)
        if not self._allowed(request, plan):
            return None
        board = seeded(self.board)
        dice = roll_dice(plan, dice_rng(board.dice_seed, board.dice_draws))
        return self._resolve(board, plan, dice)

    def enter(
        self,
        request: ActionRequest,
        attack: Sequence[int] | None,
        defences: Sequence[Sequence[int]] = (),
        damage: Sequence[Sequence[int] | None] = (),
    ) -> ActionOutcome | None:
        """Apply ``request`` with dice rolled at the table (faces typed in)."""
        plan = self._planned(request)
        if plan is None or not self._allowed(request, plan):
            return None
        try:
            dice = read_dice(plan, attack, defences, damage)
        except (ValueError, RulesError) as error:
            self._say_refused(plan, error)
            return None
        return self._resolve(self.board, plan, dice)

    def _resolve(self, board: Board, plan: ActionPlan, dice: Dice) -> ActionOutcome | None:
        """Apply what ``dice`` do, or say why the rules refused them (nothing changes)."""
        try:
            outcome = resolve(board, plan, dice)
        except (ValueError, RulesError) as error:
            self._say_refused(plan, error)
            return None
        return self._apply(plan, outcome)

    def roll_space(self, request: ActionRequest) -> ActionOutcome | None:
        """A targeted attack on a space: the Soulweaver rolls for every occupant and the
        ones with doubles are attacked in order, all as one undo step. Returns the last
        attack's outcome (``None`` when nobody rolled doubles, or on a refusal)."""
        board = seeded(self.board)
        try:
            after, outcomes, reasons = attack_space(
                board, request, dice_rng(board.dice_seed, board.dice_draws)
            )
        except (ValueError, RulesError) as error:
            self.refuse(f"Attack a space: {error}")
            return None
        names = {k: t.name for k, t in board.tokens.items()}
        self.push(after, f"Attack a space ({names.get(request.actor, request.actor)})")
        summary = outcomes[-1].summary if outcomes else "Attack a space: nobody rolled doubles"
        self.informed.emit(f"{summary} — {'; '.join(reasons)}")
        for outcome in outcomes:
            self.performed.emit(outcome, board)
        return outcomes[-1] if outcomes else None

    def _planned(self, request: ActionRequest) -> ActionPlan | None:
        """The ONE plan of this pick, or None after saying which token is gone."""
        board = self.board
        missing = [t for t in (request.actor, request.target) if t and t not in board.tokens]
        if missing:
            self.refuse(f"There is no token {missing[0]!r} on this map any more")
            return None
        return self.plan(request)

    def _allowed(self, request: ActionRequest, plan: ActionPlan) -> bool:
        """True if the rules allow ``plan``; else say why, naming the actor."""
        if not plan.refusal:
            return True
        name = self.board.token(request.actor).name
        return self.refuse(f"{plan.spec.name.rstrip('…')} ({name}): {plan.refusal}")

    def _say_refused(self, plan: ActionPlan, error: Exception) -> None:
        self.refuse(f"{plan.spec.name.rstrip('…')}: {error}")

    def _apply(self, plan: ActionPlan, outcome: ActionOutcome) -> ActionOutcome:
        before = self.board
        names = {k: t.name for k, t in before.tokens.items()}
        self.push(outcome.board, command_text(names, plan))
        self.informed.emit(outcome.summary)
        self.performed.emit(outcome, before)
        return outcome
