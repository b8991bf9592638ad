"""Performing a conflict action in one call (seed 002): plan it, roll it with the map's
seeded dice or read the faces typed in at the table, and resolve it — :func:`perform`.

It is the sequence a table follows, once: ``plan_action`` → ``roll_dice`` (or
``read_dice``) → ``resolve``, and for a targeted attack on a space with several
occupants ([S002] "For each occupant in the space, the Soulweaver rolls 3d12. On doubles,
this roll becomes the attack roll … attack them each in order of the highest face value
of doubles or until an attack succeeds") :func:`~rules.actions.kinds.area.attack_space`.
The result is one :class:`Performance`: the board after, every outcome, the undo step's
text ("Strike (Aria → Ogre)"), the summary, and ``refusal`` — why nothing happened, in
the words the app shows (a rules refusal never raises).

Dice: a generator rolls as :func:`~rules.actions.flow.roll_dice` does; ``None`` rolls the
board's own seeded dice (:func:`rules.board.roll_log.dice_rng` of its ``dice_seed`` and
``dice_draws``: the same board rolls the same faces, so a session can be replayed; give a
new map a seed first, as the app does); :class:`TypedDice` are faces rolled at the table
(:func:`~rules.actions.flow.read_dice`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rules.actions.flow import plan_action, read_dice, resolve, roll_dice
from rules.actions.kinds.area import attack_space, rolls_each_occupant
from rules.actions.values import ActionOutcome, ActionPlan, ActionRequest
from rules.board.grid import Board
from rules.board.roll_log import dice_rng

__all__ = ["Performance", "TypedDice", "perform", "undo_text"]


@dataclass(frozen=True)
class TypedDice:
    """Faces rolled at the table and typed in, as :func:`~rules.actions.flow.read_dice`
    reads them: the attack's, one list per defence, one per target's damage (``None``:
    not rolled), and the further contests against the creatures in a Hold."""

    attack: Sequence[int] | None
    defences: Sequence[Sequence[int]] = ()
    damage: Sequence[Sequence[int] | None] = ()
    follow_ups: Sequence[tuple[Sequence[int], Sequence[int]]] = ()


@dataclass(frozen=True)
class Performance:
    """What performing an action did: the ``board`` after (the board given when refused),
    each outcome in order (several for an attack on a space; none when nobody rolled
    doubles, or on a refusal), the undo step's ``text``, the ``summary`` to show, and
    ``refusal`` — why nothing happened, or ``None``."""

    board: Board
    plan: ActionPlan | None
    outcomes: tuple[ActionOutcome, ...] = ()
    text: str = ""
    summary: str = ""
    refusal: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def outcome(self) -> ActionOutcome | None:
        """The last outcome (the one the app highlights), or ``None``."""
        return self.outcomes[-1] if self.outcomes else None


def undo_text(board: Board, plan: ActionPlan) -> str:
    """``"Strike (Aria → Ogre)"``: the action's name, its actor and its target (or how
    many targets), by their names on ``board``."""
    names = {k: t.name for k, t in board.tokens.items()}
    who = [names.get(plan.request.actor, plan.request.actor)]
    if len(plan.targets) == 1:
        who.append(names.get(plan.targets[0], plan.targets[0]))
    elif plan.targets:
        who.append(f"{len(plan.targets)} targets")
    return f"{plan.spec.title} ({' → '.join(who)})"


def perform(
    board: Board,
    request: ActionRequest,
    dice: np.random.Generator | TypedDice | None = None,
) -> Performance:
    """Plan ``request`` on ``board``, roll or read ``dice`` and resolve it (module notes):
    the one call for "do this action". A refusal (a token gone, the plan refused, faces
    that do not fit, dice the rules refuse) comes back as ``refusal`` with the board
    unchanged. A targeted attack on a space with several occupants and none chosen rolls
    for each occupant ([S002]) when the dice are rolled, not typed in."""
    missing = [t for t in (request.actor, request.target) if t and t not in board.tokens]
    if missing:
        return _refused(board, None, f"There is no token {missing[0]!r} on this map any more")
    plan = plan_action(board, request)
    typed = isinstance(dice, TypedDice)
    if not typed and rolls_each_occupant(plan):
        return _space_attack(
            board, request, dice if isinstance(dice, np.random.Generator) else None
        )
    if plan.refusal:
        actor = board.token(request.actor).name
        return _refused(board, plan, f"{plan.spec.title} ({actor}): {plan.refusal}")
    try:
        if isinstance(dice, TypedDice):
            read = read_dice(plan, dice.attack, dice.defences, dice.damage, dice.follow_ups)
        else:
            read = roll_dice(plan, dice or _board_dice(board))
        outcome = resolve(board, plan, read)
    except ValueError as error:  # RulesError is a ValueError
        return _refused(board, plan, f"{plan.spec.title}: {error}")
    return Performance(outcome.board, plan, (outcome,), undo_text(board, plan), outcome.summary)


def _space_attack(
    board: Board, request: ActionRequest, rng: np.random.Generator | None
) -> Performance:
    """The targeted attack on a space, every occupant rolled for, as one performance."""
    try:
        after, outcomes, reasons = attack_space(board, request, rng or _board_dice(board))
    except ValueError as error:
        return _refused(board, None, f"Attack a space: {error}")
    actor = board.tokens[request.actor].name
    summary = outcomes[-1].summary if outcomes else "Attack a space: nobody rolled doubles"
    plan = outcomes[-1].plan if outcomes else None
    return Performance(
        after, plan, outcomes, f"Attack a space ({actor})", f"{summary} — {'; '.join(reasons)}"
    )


def _board_dice(board: Board) -> np.random.Generator:
    return dice_rng(board.dice_seed, board.dice_draws)


def _refused(board: Board, plan: ActionPlan | None, refusal: str) -> Performance:
    return Performance(board, plan, refusal=refusal)
