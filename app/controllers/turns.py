"""TurnController: the Priority tracker's edits (RULES-DIGEST §8.2, §12 "Turn flow").

Every edit is ONE undo step: the after-board is computed here with :mod:`rules.turns`
and :mod:`rules.board.turn_state` (so Next Turn refills Pools, ticks durations and lists the rolls
due) and pushed once through :meth:`~app.controllers.base.Controller.push`; undo puts the
previous order, round and Pools back. A refusal is never silent: it is emitted on
:attr:`~app.controllers.base.Controller.refused` with the reason, naming the creature. Each
turn that begins is announced on :attr:`TurnController.turn_started` with its
:class:`rules.TurnStart`.

Zeal is rolled with an injected ``numpy.random.Generator``: the token's Zeal Tier in
dice (``vitals.stat("zeal")``, at least one die), the result is its Priority.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

import numpy as np
from PySide6.QtCore import QObject, Signal

import rules.movement as movement_rules  # a lazy face: turn starts load with the first one
from app.controllers.base import Controller
from app.document.current import CurrentDocument
from rules import Board, TokenKind
from rules import turns as tracker
from rules.board import with_turn
from rules.dice import roll
from rules.turns import SOULWEAVER, TurnState, TurnStep

SOULWEAVER_NAME = "Soulweaver"


def actor_name(board: Board, token_id: str | None) -> str:
    """What to call ``token_id`` in a message: its token's name, or "Soulweaver"."""
    if token_id is None:
        return "nobody"
    if token_id == SOULWEAVER:
        return SOULWEAVER_NAME
    token = board.tokens.get(token_id)
    return token.name if token is not None else token_id


def with_names(text: str, board: Board, ids: Iterable[str]) -> str:
    """``text`` with each whole-word token id of ``ids`` replaced by the token's name
    (the tracker's notes name ids, e.g. ``"goblin-2 waits"``)."""
    names = {i: actor_name(board, i) for i in ids}
    if not names:
        return text
    alternatives = "|".join(re.escape(i) for i in sorted(names, key=len, reverse=True))

    def name_of(match: re.Match[str]) -> str:
        return names[match.group(0)]

    return re.sub(rf"(?<![\w-])(?:{alternatives})(?![\w-])", name_of, text)


def join_problem(board: Board, turn: TurnState, token_id: str) -> str | None:
    """Why ``token_id`` cannot join ``turn`` (not on the map, an object, already in), or
    ``None`` if it can."""
    token = board.tokens.get(token_id)
    if token is None:
        return f"{token_id!r} is not on this map"
    if token.kind is TokenKind.OBJECT:
        return f"{token.name} is an object: only creatures take turns"
    if token_id in turn.ids():
        return f"{token.name} is already in the turn order"
    return None


class TurnController(Controller):
    """Adds creatures to the Priority order, starts the conflict and steps through it.

    ``rng`` rolls Zeal (a fresh unseeded generator if not given). Methods return True when
    they pushed an undo step.
    """

    turn_started = Signal(object)  # rules.TurnStart

    def __init__(
        self,
        current: CurrentDocument,
        rng: np.random.Generator | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(current, parent)
        self._rng = rng  # made on the first roll: numpy.random is not needed at start-up

    # -- joining and leaving -------------------------------------------------------------
    def add(self, token_ids: Iterable[str], zeal: int | None = None) -> bool:
        """Add creatures to the order: roll Zeal for each (Zeal Tier d12; Q4: Tier 0 rolls
        none) or use the typed result ``zeal``. Before the start they take their Priority
        place (ties: higher Zeal Tier first); once started they join after everyone, the
        ones joining together in Priority order among themselves."""
        board = self.board
        turn, rolled, joined, skipped = board.turn, [], [], []
        for token_id in dict.fromkeys(token_ids):
            problem = join_problem(board, turn, token_id)
            if problem:
                skipped.append(problem)
                continue
            tier = board.token(token_id).vitals.stat("zeal")
            result, how = self._zeal(tier, zeal)
            rolled.append((result, tier, token_id, how))
        for result, tier, token_id, how in sorted(rolled, key=lambda r: (-r[0], -r[1])):
            name = board.token(token_id).name
            turn = tracker.join(turn, token_id, result, tier)
            joined.append((name, f"{name}: Priority {result} ({how})"))
        if not joined:
            return self.refuse(
                "; ".join(skipped) or "Select creatures on the map to add them to the turn order"
            )
        names = ", ".join(name for name, _ in joined)
        self.push(with_turn(board, turn), f"Add {names} to the turn order")
        notes = [note for _, note in joined]
        if turn.started:
            notes.append("newcomers act after everyone already in [P-CONFLICT]")
        self.informed.emit("; ".join(notes + skipped))
        return True

    def _zeal(self, tier: int, typed: int | None) -> tuple[int, str]:
        if typed is not None:
            return int(typed), "typed"
        if self._rng is None:
            self._rng = np.random.default_rng()
        rolled = roll(tier, self._rng)  # Q4: Zeal Tier 0 rolls no dice, result 0
        return rolled.result, f"Zeal Tier {tier}: {rolled.describe()}"

    def set_zeal(self, token_id: str, value: int) -> bool:
        """Change a participant's Zeal result before the conflict starts; it moves to its
        new Priority place (after others with the same result and Zeal Tier)."""
        board = self.board
        turn, name = board.turn, actor_name(board, token_id)
        if token_id not in turn.ids():
            return self.refuse(f"{name} is not in the turn order")
        if turn.started:
            return self.refuse(
                f"Priority is fixed once the conflict has started: {name} keeps its place"
            )
        old = turn.participant(token_id)
        if old.zeal == value:
            return self.refuse(f"{name}'s Zeal result is already {value}")
        after = tracker.join(tracker.leave(turn, token_id), token_id, int(value), old.zeal_tier)
        self.push(with_turn(board, after), f"Set {name}'s Zeal to {value}")
        self.informed.emit(f"{name}: Priority {old.zeal} → {value}")
        return True

    def remove(self, token_id: str) -> bool:
        """Take a creature out of the order. If it was acting, the next one's turn begins."""
        board = self.board
        turn, name = board.turn, actor_name(board, token_id)
        if token_id not in turn.ids():
            return self.refuse(f"{name} is not in the turn order")
        after = with_turn(board, tracker.leave(turn, token_id))
        started = movement_rules.turn_after_leaving(board, after)
        if started is not None:
            after = started.board
        self.push(after, f"Remove {name} from the turn order")
        self.informed.emit(f"{name} leaves the turn order")
        if started is not None:
            self.turn_started.emit(started)
        return True

    # -- the conflict ---------------------------------------------------------------------
    def start(self) -> bool:
        """Round 1 begins with the highest Priority (its Movement is refilled)."""
        board = self.board
        if not board.turn.order:
            return self.refuse(
                "Add creatures to the turn order first: select them on the map, Add Selected"
            )
        if board.turn.started:
            return self.refuse(f"The conflict is already under way (Round {board.turn.round})")
        first = with_turn(board, tracker.start(board.turn))
        started = movement_rules.begin_turn(first, tracker.actor(first.turn) or SOULWEAVER)
        return self._begin(started, "Start the conflict")

    def next_turn(self) -> bool:
        """End the current turn and begin the next (the Soulweaver's after the last
        creature, then a new round)."""
        board = self.board
        if not board.turn.started:
            return self.refuse(self._not_started(board))
        step = tracker.advance(board.turn)
        return self._step(board, step, f"Next turn: {actor_name(board, step.began)}")

    def wait(self) -> bool:
        """The creature acting now waits: it skips its slot and may Act Now later."""
        board = self.board
        who = tracker.actor(board.turn)
        if who is None:
            return self.refuse(self._not_started(board))
        if who == SOULWEAVER:
            return self.refuse("The Soulweaver cannot wait: Next Turn begins the next round")
        step = tracker.wait(board.turn)
        return self._step(board, step, f"{actor_name(board, who)} waits")

    def act_now(self, token_id: str) -> bool:
        """End the current turn and let waiting ``token_id`` act; its Priority position
        moves there."""
        board = self.board
        turn, name = board.turn, actor_name(board, token_id)
        if not turn.started:
            return self.refuse(self._not_started(board))
        if token_id not in turn.ids():
            return self.refuse(f"{name} is not in the turn order")
        if not turn.participant(token_id).waiting:
            return self.refuse(f"{name} is not waiting")
        if tracker.actor(turn) == SOULWEAVER:
            return self.refuse(
                f"Too late: {name} waited until the Soulweaver's turn (no turn this round)"
            )
        step = tracker.act_now(turn, token_id)
        return self._step(board, step, f"{name} acts now")

    def end_conflict(self) -> bool:
        """Clear the order and the round counter."""
        board = self.board
        turn = board.turn
        if not turn.order and not turn.started:
            return self.refuse("There is no conflict to end: the turn order is empty")
        self.push(with_turn(board, TurnState()), "End the conflict")
        if turn.started:
            self.informed.emit(f"Conflict over after {turn.round} round(s), {clock(turn)}")
        else:
            self.informed.emit("Turn order cleared")
        return True

    # -- helpers ----------------------------------------------------------------------------
    def _step(self, board: Board, step: TurnStep, text: str) -> bool:
        ids = board.turn.ids()
        notes = tuple(with_names(note, board, ids) for note in step.notes)
        return self._begin(movement_rules.next_turn(board, replace(step, notes=notes)), text)

    def _begin(self, started: movement_rules.TurnStart, text: str) -> bool:
        board = started.board
        self.push(board, text)
        whose = actor_name(board, started.actor)
        self.informed.emit(f"Round {board.turn.round} · {clock(board.turn)}: {whose}'s turn")
        self.turn_started.emit(started)
        return True

    @staticmethod
    def _not_started(board: Board) -> str:
        if board.turn.order:
            return "The conflict has not started: press Start"
        return "The conflict has not started: add creatures, then Start"


def clock(turn: TurnState) -> str:
    """Time since the conflict began as ``m:ss`` (5 s a round)."""
    minutes, seconds = divmod(turn.seconds, 60)
    return f"{minutes}:{seconds:02d}"
