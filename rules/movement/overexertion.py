"""Overexertion from Secondary movement: which moves count, and when the roll is due.

[S001]: "Movement with a Secondary Movement type increases the cost by 1 and you must roll
for Overexertion after each 10 minutes." Amble: "Movement this turn does not count towards
Overexertion." A round is 5 seconds [P-TIMING], so 10 minutes are
:data:`SECONDARY_ROUNDS` = 120 rounds. **[ASSUMPTION]** the 10 minutes are counted in
rounds in which the creature moved with a Secondary movement type, ambling rounds left
out; the roll is Q9's (Endure, DL 6 + 1 per earlier roll since the last rest).

A token keeps the count (``Motion.secondary_rounds``, ``secondary_now``):
:func:`secondary_round` says whether a turn adds a round to it
(``rules.movement.turn_flow.end_turn``),
and :func:`secondary_overexertion` reads it.

>>> secondary_round(("swim",), ambled=False).counts
True
>>> secondary_round(("swim",), ambled=True).counts
False
>>> [secondary_overexertion(n).due for n in (119, 120, 121, 240)]
[False, True, False, True]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.board.effects import ROUNDS_PER_MINUTE
from rules.board.tokens import Token
from rules.movement.collision import whole_number
from rules.movement.costs import StepCost

__all__ = [
    "SECONDARY_MINUTES",
    "SECONDARY_ROUNDS",
    "OverexertionDue",
    "SecondaryRound",
    "secondary_overexertion",
    "secondary_round",
    "secondary_ways",
]

SECONDARY_MINUTES = 10  # "you must roll for Overexertion after each 10 minutes"
SECONDARY_ROUNDS = SECONDARY_MINUTES * ROUNDS_PER_MINUTE
SECONDARY = "[S001] 'Movement with a Secondary Movement type … you must roll for Overexertion "
SECONDARY += "after each 10 minutes'"
AMBLE = "[S001] Amble: 'Movement this turn does not count towards Overexertion'"
# The movement type a step's way uses: a climbing step is charged as Land
# (rules.movement.costs), the other ways are their own type.
_WAY_TYPES = {"climb": "land"}


class Stepped(Protocol):
    """What :func:`secondary_ways` reads of a plan (a :class:`rules.movement.plan.MovePlan`,
    which asks this module): its steps."""

    @property
    def steps(self) -> Sequence[StepCost]: ...


def secondary_ways(plan: Stepped, token: Token) -> tuple[str, ...]:
    """The Secondary movement types (``token.movement_types`` after the first) the steps of
    ``plan`` use, e.g. ``("swim",)`` where it swims ([S001] "Each creature begins with Land
    as a Primary Movement type and Swim as a Secondary Movement type")."""
    primary = token.movement_types[0]
    used = (_WAY_TYPES.get(step.way, step.way) for step in plan.steps)
    return tuple(dict.fromkeys(t for t in used if t != primary and t in token.movement_types))


@dataclass(frozen=True)
class SecondaryRound:
    """Whether a creature's turn adds a round to its Secondary movement count, and why."""

    counts: bool
    ways: tuple[str, ...]
    reason: str


def secondary_round(ways: Sequence[str], ambled: bool) -> SecondaryRound:
    """Whether a turn in which a creature moved with the Secondary types ``ways`` (from
    :func:`secondary_ways`, all its moves that turn) counts toward the Overexertion roll;
    ``ambled``: it used Amble that turn, so "Movement this turn does not count"."""
    used = tuple(dict.fromkeys(ways))
    if not used:
        return SecondaryRound(False, (), "no Secondary movement this turn")
    if ambled:
        return SecondaryRound(False, used, f"{', '.join(used)} while ambling: {AMBLE}")
    return SecondaryRound(True, used, f"a round of {', '.join(used)} movement: {SECONDARY}")


@dataclass(frozen=True)
class OverexertionDue:
    """The Overexertion roll Secondary movement calls for after ``rounds`` counted rounds:
    whether it is due now, the count at which the next one is due, and why."""

    rounds: int
    due: bool
    next_at: int
    reasons: tuple[str, ...]


def secondary_overexertion(rounds: int) -> OverexertionDue:
    """Whether ``rounds`` counted rounds of Secondary movement (:func:`secondary_round`)
    make an Overexertion roll due: after each :data:`SECONDARY_ROUNDS` (10 minutes of
    5-second rounds)."""
    rounds = whole_number(rounds, "rounds of Secondary movement", 0, 10**9)
    due = rounds > 0 and rounds % SECONDARY_ROUNDS == 0
    next_at = (rounds // SECONDARY_ROUNDS + 1) * SECONDARY_ROUNDS
    minutes = rounds // ROUNDS_PER_MINUTE
    line = f"{rounds} rounds ({minutes} minutes) of Secondary movement: {SECONDARY}"
    if due:
        return OverexertionDue(rounds, True, next_at, (f"{line} — roll for Overexertion (Q9)",))
    return OverexertionDue(rounds, False, next_at, (f"{line}; the next roll at {next_at}",))
