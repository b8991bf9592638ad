"""A creature's movement state: how it is moving right now (seed 001, RULES-DIGEST §5).

What a token keeps between moves, besides its Movement Pool (``Token.movement_pool``, the
capacity; what is left this turn is the ``movement`` Pool's current value in
:class:`~rules.board.pools.Vitals`) and its movement types (``Token.movement_types``, primary
first):

- ``mode`` — how it moves: ``"ground"`` (Land, or Swim where the space is water),
  ``"fly"`` (needs the Fly movement type; [S001] "You can use 2 wings to fly"),
  ``"burrow"`` (needs Burrow; [S001] "You can move through loose ground that falls closed
  behind you"), ``"climb"`` (holding on to a steep surface; [S001] "While Climbing,
  increases Movement costs by 1 and have Tier 2 Encumbered").
- ``altitude`` — spaces above the ground of its space (flying, or in the air after a
  jump; 1 elevation step = 1 space = 5 ft, Q21).
- ``pace`` — ``"walk"``, ``"dash"`` or ``"run"`` for this round ([P-MOBILITY]).
- ``amble`` — quiet movement this round ([S001] Amble; §11a D11).
- ``winged`` — flies on wings: 2 sizes larger for Crowded, sound and Strikes ([S001]).
- ``spare`` — cost already paid for this turn and not yet used: at Dash or Run a Movement
  buys 2 or 3 spaces' worth of cost, and a move that uses part of it leaves the rest for
  the next move (lost when the turn ends).
- ``bulk`` / ``bulk_limit`` — carried Bulk and the Bulk Limit ([S001] "If you carry more
  than your Bulk Limit, you cannot increase your elevation"); Bulk is never rounded
  [P-GEAR], so both are numbers; ``bulk_limit = None`` means not tracked.
- ``spaces_in_a_row`` and ``dashed`` (format version 7) — what Charge reads ([S002]
  "After moving 2 consecutive spaces, if you have used Dash this turn"): the spaces moved
  this turn in moves one after another, and whether one of them was at Dash (or Run)
  pace. :meth:`Motion.after_move` keeps them (``rules.movement.apply_plan`` calls it);
  the first move of a turn starts them afresh, so they never carry over from an earlier
  turn (:meth:`Motion.turn_started` clears them, with ``spare``, as a turn begins).
- ``secondary_rounds`` and ``secondary_now`` (format version 7) — what the Overexertion
  of Secondary movement reads ([S001] "Movement with a Secondary Movement type increases
  the cost by 1 and you must roll for Overexertion after each 10 minutes"): the rounds of
  Secondary movement counted toward the next roll, and whether it moved with a Secondary
  movement type this turn (set by ``rules.movement.apply_plan`` during a conflict).
  ``rules.movement.turn_flow.end_turn`` adds the turn's round unless it ambled ([S001] Amble:
  "Movement this turn does not count towards Overexertion", :mod:`rules.movement.overexertion`),
  says when the roll is due and clears ``secondary_now``; the count is kept across turns.

Posture (crouching, prone) is not kept here: it is the Crouching and Prone conditions of
the token (:mod:`rules.board.conditions`), which the Inspector already shows with their Tiers.

>>> m = Motion(mode="fly", altitude=3)
>>> m.airborne, m.describe()
(True, 'flying 3 up')
>>> dashing = Motion(pace="dash").after_move(1, same_turn=False).after_move(1, same_turn=True)
>>> dashing.this_turn(moved_this_turn=True)
(2, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

__all__ = [
    "DASHING",
    "MAX_RUN",
    "MAX_SECONDARY_ROUNDS",
    "MODES",
    "PACES",
    "POSTURES",
    "Motion",
    "motion_problem",
]

MODES = ("ground", "fly", "burrow", "climb")
PACES = ("walk", "dash", "run")
POSTURES = ("standing", "crouching", "prone")
MAX_ALTITUDE = 9999
MAX_BULK = 1e9
MAX_SPARE = 9  # under one Movement's worth at the fastest pace
MAX_RUN = 99_999  # spaces moved in a row: far beyond any map's width
MAX_SECONDARY_ROUNDS = 10**9  # rounds of Secondary movement: what rules.movement.overexertion reads
DASHING = ("dash", "run")  # **[ASSUMPTION]** a Run is a faster Dash: it counts as Dash used
# [S001] Climb: "This requires 2 Free Limbs and is DL 6." — the one home of both numbers
# (the movement costs, the Climb roll and a falling creature's Climb all read them).
CLIMB_DL = 6
CLIMB_FREE_LIMBS = 2
# Which movement type a mode needs ([S001]: Fly with 2 wings, Burrow). Anyone may Climb
# (a roll, [S001]); a Climb movement type only spares the roll.
MODE_TYPES = {"fly": "fly", "burrow": "burrow"}


@dataclass(frozen=True, slots=True)
class Motion:
    """How a token is moving: mode, altitude, pace, Amble, wings, carried Bulk, the cost
    paid for and not used, this turn's run of spaces (for Charge) and its rounds of
    Secondary movement (for Overexertion, [S001])."""

    mode: str = "ground"
    altitude: int = 0
    pace: str = "walk"
    amble: bool = False
    winged: bool = True
    bulk: float = 0.0
    bulk_limit: float | None = None
    spare: int = 0
    spaces_in_a_row: int = 0
    dashed: bool = False
    secondary_rounds: int = 0
    secondary_now: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.altitude, np.integer):  # numpy integers welcome, kept as int
            object.__setattr__(self, "altitude", int(self.altitude))
        problem = motion_problem(self)
        if problem:
            raise ValueError(problem)

    @property
    def flying(self) -> bool:
        """True while flying ([S001] "While flying, you cannot be Prone")."""
        return self.mode == "fly"

    @property
    def airborne(self) -> bool:
        """True when off the ground: flying, or above it after a jump."""
        return self.mode == "fly" or self.altitude > 0

    def over_bulk_limit(self) -> int:
        """0 within the Bulk Limit (or untracked), 1 over it, 2 over double it ([S001]:
        "more than your Bulk Limit, you cannot increase your elevation … more than double
        your Bulk Limit, you fall")."""
        if self.bulk_limit is None or self.bulk <= self.bulk_limit:
            return 0
        return 2 if self.bulk > 2 * self.bulk_limit else 1

    def after_move(self, spaces: int, same_turn: bool) -> Motion:
        """This motion after a move of ``spaces`` spaces at its pace: the move continues
        this turn's run if ``same_turn`` (the token already moved this turn), else starts
        it; a move at Dash or Run pace marks Dash used. A move of 0 spaces changes
        nothing."""
        if spaces <= 0:
            return self
        before = self.spaces_in_a_row if same_turn else 0
        dashed = (self.dashed and same_turn) or self.pace in DASHING
        return replace(self, spaces_in_a_row=min(MAX_RUN, before + spaces), dashed=dashed)

    def this_turn(self, moved_this_turn: bool) -> tuple[int, bool]:
        """What Charge reads ([S002] "After moving 2 consecutive spaces, if you have used
        Dash this turn", :func:`rules.actions.tactics.charge`): the spaces moved in a row this turn
        and whether Dash was used — by a move at Dash pace, or by the pace now (Dash lasts
        until the creature's next turn begins, [P-MOBILITY]; a Run counts as Dash,
        **[ASSUMPTION]**). ``moved_this_turn`` is the token's flag (cleared as its turn
        begins): without it nothing was moved this turn."""
        if not moved_this_turn:
            return 0, self.pace in DASHING
        return self.spaces_in_a_row, self.dashed or self.pace in DASHING

    def turn_started(self) -> Motion:
        """This motion as its creature's turn begins: nothing paid for is kept (``spare``)
        and no spaces are moved yet this turn."""
        return replace(self, spare=0, spaces_in_a_row=0, dashed=False)

    def describe(self) -> str:
        """A short phrase for a tooltip, e.g. ``"flying 3 up, dashing"``."""
        words = {"ground": "on the ground", "fly": "flying", "burrow": "burrowing"}
        text = words.get(self.mode, "climbing")
        if self.altitude and self.mode == "ground":
            text = "in the air"
        if self.altitude:
            text += f" {self.altitude} up"
        if self.pace != "walk":
            text += f", {self.pace}ing" if self.pace == "dash" else ", running"
        if self.amble:
            text += ", ambling"
        return text


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def motion_problem(motion: Motion) -> str | None:
    """What is wrong with ``motion``'s fields, or ``None``."""
    if motion.mode not in MODES:
        return f"movement mode must be one of {', '.join(MODES)}, got {motion.mode!r}"
    if motion.pace not in PACES:
        return f"pace must be one of {', '.join(PACES)}, got {motion.pace!r}"
    alt = motion.altitude
    if isinstance(alt, bool) or not isinstance(alt, int) or not 0 <= alt <= MAX_ALTITUDE:
        return f"altitude must be a whole number of spaces 0..{MAX_ALTITUDE}, got {alt!r}"
    if not isinstance(motion.amble, bool) or not isinstance(motion.winged, bool):
        return "amble and winged must be true or false"
    if not _number(motion.bulk) or not 0 <= motion.bulk <= MAX_BULK:
        return f"carried Bulk must be a number 0..{MAX_BULK:g}, got {motion.bulk!r}"
    limit = motion.bulk_limit
    if limit is not None and (not _number(limit) or not 0 <= limit <= MAX_BULK):
        return f"Bulk Limit must be a number 0..{MAX_BULK:g} or unset, got {limit!r}"
    spare = motion.spare
    if isinstance(spare, bool) or not isinstance(spare, int) or not 0 <= spare <= MAX_SPARE:
        return f"spare paid-for cost must be a whole number 0..{MAX_SPARE}, got {spare!r}"
    run = motion.spaces_in_a_row
    if isinstance(run, bool) or not isinstance(run, int) or not 0 <= run <= MAX_RUN:
        return f"spaces moved in a row must be a whole number 0..{MAX_RUN}, got {run!r}"
    if not isinstance(motion.dashed, bool):
        return "dashed must be true or false"
    rounds, most = motion.secondary_rounds, MAX_SECONDARY_ROUNDS
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 0 <= rounds <= most:
        return f"rounds of Secondary movement must be a whole number 0..{most}, got {rounds!r}"
    if not isinstance(motion.secondary_now, bool):
        return "secondary_now must be true or false"
    return None
