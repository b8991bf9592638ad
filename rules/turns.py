"""The Priority tracker: who acts when, as a pure value (RULES-DIGEST §8.2, R-PRIORITY).

[P-TIMING] [P-CONFLICT]: "each participant rolls Zeal on joining; highest result goes
first, then the highest remaining, and so on; newcomers are placed after everyone already
in; the Soulweaver always goes last." Ties (Q20): the higher Zeal Tier first, then the
order the GM added them. Waiting: "skip your slot; after any later creature's turn you may
act, and your Priority position moves there; still waiting at the Soulweaver's turn → no
turn this round, but your effects' durations tick as if it had started." A round is 5 s.

>>> s = start(join(join(TurnState(), "aria", 9), "ogre", 11))
>>> actor(s), advance(s).state.current, actor(advance(advance(s).state).state)
('ogre', 1, '@soulweaver')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

__all__ = [
    "SECONDS_PER_ROUND",
    "SOULWEAVER",
    "Participant",
    "TurnState",
    "TurnStep",
    "act_now",
    "actor",
    "advance",
    "join",
    "leave",
    "leave_many",
    "start",
    "wait",
]

SOULWEAVER = "@soulweaver"  # not a valid token id, so it never clashes with one
SECONDS_PER_ROUND = 5


@dataclass(frozen=True)
class Participant:
    """One creature in the conflict: its Zeal result (Priority), its Zeal Tier (ties)
    and whether it is waiting this round."""

    token_id: str
    zeal: int
    zeal_tier: int = 0
    waiting: bool = False


@dataclass(frozen=True)
class TurnState:
    """Participants in Priority order, the round (0 before the conflict starts) and the
    slot acting now (``len(order)`` is the Soulweaver's turn)."""

    order: tuple[Participant, ...] = ()
    round: int = 0
    current: int = 0

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def seconds(self) -> int:
        """Time since the conflict began: 5 s per round."""
        return max(0, self.round - 1) * SECONDS_PER_ROUND

    def ids(self) -> list[str]:
        """Token ids in Priority order."""
        return [p.token_id for p in self.order]

    def participant(self, token_id: str) -> Participant:
        for p in self.order:
            if p.token_id == token_id:
                return p
        raise KeyError(f"{token_id!r} is not in the turn order")


@dataclass(frozen=True)
class TurnStep:
    """What one step of the tracker did: whose turn ended and began, whether a round
    began, who waited through the round (their durations tick now), and why."""

    state: TurnState
    ended: str | None
    began: str | None
    new_round: bool = False
    lapsed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    resumed: bool = False  # ``began`` is a waiter acting now: its turn began at its slot


def _before(a: Participant, b: Participant) -> bool:
    return (a.zeal, a.zeal_tier) > (b.zeal, b.zeal_tier)


def join(state: TurnState, token_id: str, zeal: int, zeal_tier: int = 0) -> TurnState:
    """``state`` with ``token_id`` in it. Before the conflict starts it takes its Priority
    place (ties: Zeal Tier, then whoever was added first); once started, a newcomer goes
    after everyone already in. Raises ``ValueError`` if it is already in."""
    if token_id in state.ids():
        raise ValueError(f"{token_id!r} is already in the turn order")
    newcomer = Participant(token_id, zeal, zeal_tier)
    order = list(state.order)
    if state.started:
        soulweavers_turn = state.current >= len(order)
        order.append(newcomer)
        current = len(order) if soulweavers_turn else state.current  # the GM keeps the turn
        return replace(state, order=tuple(order), current=current)
    at = next((i for i, p in enumerate(order) if _before(newcomer, p)), len(order))
    order.insert(at, newcomer)
    return replace(state, order=tuple(order))


def leave(state: TurnState, token_id: str) -> TurnState:
    """``state`` without ``token_id`` (the slot acting now stays on the same creature,
    or moves on to the next one if it was the one leaving)."""
    index = next((i for i, p in enumerate(state.order) if p.token_id == token_id), None)
    if index is None:
        raise KeyError(f"{token_id!r} is not in the turn order")
    order = state.order[:index] + state.order[index + 1 :]
    current = state.current - 1 if index < state.current else state.current
    return replace(state, order=order, current=min(current, len(order)))


def leave_many(state: TurnState, token_ids: Iterable[str]) -> TurnState:
    """``state`` without every participant among ``token_ids`` (ids not in it are passed
    over), in one pass: the state :func:`leave` gives when they leave one by one."""
    gone = set(token_ids)
    if not any(p.token_id in gone for p in state.order):
        return state
    earlier = sum(p.token_id in gone for p in state.order[: state.current])
    order = tuple(p for p in state.order if p.token_id not in gone)
    return replace(state, order=order, current=min(state.current - earlier, len(order)))


def start(state: TurnState) -> TurnState:
    """Round 1 begins with the highest Priority."""
    return replace(state, round=1, current=0)


def actor(state: TurnState) -> str | None:
    """Whose turn it is: a token id, :data:`SOULWEAVER`, or ``None`` before the start."""
    if not state.started:
        return None
    if state.current >= len(state.order):
        return SOULWEAVER
    return state.order[state.current].token_id


def advance(state: TurnState) -> TurnStep:
    """End the current turn and begin the next; after the Soulweaver a new round begins
    and everyone stops waiting. Creatures still waiting when the Soulweaver's turn begins
    lose their turn this round (listed in ``lapsed``: their durations tick now)."""
    if not state.started:
        raise ValueError("the conflict has not started: add participants and start it")
    ended = actor(state)
    if state.current >= len(state.order):  # the Soulweaver's turn ends: a new round
        order = tuple(replace(p, waiting=False) for p in state.order)
        after = replace(state, order=order, round=state.round + 1, current=0)
        return TurnStep(after, ended, actor(after), new_round=True, notes=(f"Round {after.round}",))
    after = replace(state, current=state.current + 1)
    lapsed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    if after.current == len(after.order):
        lapsed = tuple(p.token_id for p in after.order if p.waiting)
        notes = tuple(f"{i} waited through the round: no turn, durations tick" for i in lapsed)
    return TurnStep(after, ended, actor(after), lapsed=lapsed, notes=notes)


def wait(state: TurnState) -> TurnStep:
    """The creature acting now waits: it skips its slot and may act after any later
    creature's turn (:func:`act_now`)."""
    who = actor(state)
    if who is None or who == SOULWEAVER:
        raise ValueError("only a creature whose turn it is can wait")
    order = list(state.order)
    order[state.current] = replace(order[state.current], waiting=True)
    step = advance(replace(state, order=tuple(order)))
    return replace(step, notes=(f"{who} waits", *step.notes))


def act_now(state: TurnState, token_id: str) -> TurnStep:
    """End the current turn and let waiting ``token_id`` act next; "your Priority position
    moves there" — it is moved to just after the creature whose turn ended."""
    p = state.participant(token_id)
    if not p.waiting:
        raise ValueError(f"{token_id!r} is not waiting")
    ended = actor(state)
    if ended == SOULWEAVER:
        raise ValueError(f"too late: {token_id!r} waited until the Soulweaver's turn")
    rest = [q for q in state.order if q.token_id != token_id]
    index = state.ids().index(token_id)
    at = state.current if index < state.current else state.current + 1
    at = min(at, len(rest))
    rest.insert(at, replace(p, waiting=False))
    after = replace(state, order=tuple(rest), current=at)
    return TurnStep(after, ended, token_id, notes=(f"{token_id} acts after waiting",), resumed=True)
