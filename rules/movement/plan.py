"""Moving a token: a path's cost against the Movement left, its rolls and its sound
(RULES-DIGEST §12 R-MOVECOST, R-SOUND, R-MOVING; seed 001).

- What is left this turn, and what a path pays at its pace (Dash, Run): the Movement
  budget, :mod:`rules.movement.budget`.
- Sound: "Movement … creates a Magnitude 2 + your size sound" [S001]; winged flyers count
  2 sizes larger; Amble −1 (§11a D11); Dash +1, Run +2 [P-MOBILITY].
- Rolls are made once ([S001] "roll once when the event occurs. That roll applies until
  your next turn starts"), so a path lists each roll once.
- Who may Hinder Movement along the path: :mod:`rules.movement.hinder`.
- In the air: a jumper waiting to fall, or still jumping on to its landing space, moves
  no path (:func:`rules.board.aloft.aloft_refusal`); a creature in the air without flying whose
  move spends its last Movement falls ([S001] "If you are in the air and your Movement
  Pool becomes 0, fall"; the plan's ``falls``, done by :func:`apply_plan`).

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> board = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> plan = plan_path(board, "a", [Hex(1, 1), Hex(2, 1), Hex(3, 1)])
>>> plan.cost, plan.paid, plan.left, plan.sound.magnitude
(2, 2, 5, 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.battlefield.holds import carry_held
from rules.board.aloft import aloft, aloft_refusal, in_the_air
from rules.board.grid import Board
from rules.board.holds import held_refusal
from rules.board.sizes import effective_size
from rules.board.tokens import Token
from rules.board.turn_state import marked_moving, turn_over
from rules.hexes import DIRECTIONS, Hex
from rules.movement.budget import (
    budget_of,
    moved_along,
    movement_enforced,
    movement_left,
    pace_factor,
    payment,
    spend_movement,
)
from rules.movement.costs import MoveRoll, StepCost, ground_under, mover_profile, step_cost
from rules.movement.falling import apply_fall
from rules.movement.field import MovementField, movement_field
from rules.movement.hinder import HinderChance, hinder_chances
from rules.movement.overexertion import secondary_ways
from rules.options import RuleOptions

__all__ = [
    "MovePlan",
    "Sound",
    "apply_plan",
    "budget_of",
    "moved_along",
    "movement_enforced",
    "movement_left",
    "pace_factor",
    "payment",
    "plan_move",
    "plan_path",
    "sound_of",
    "spend_movement",
]


@dataclass(frozen=True)
class Sound:
    """The Magnitude of the sound a movement makes, with its terms."""

    magnitude: int
    terms: tuple[str, ...]


def sound_of(token: Token) -> Sound:
    """R-SOUND: "Movement … creates a Magnitude 2 + your size sound" [S001]."""
    motion = token.motion
    size = effective_size(token, "sound").value
    terms = [f"2 + size {token.size} [S001]"]
    if size != token.size:
        terms.append("+2 flying on wings [S001]")
    value = 2 + size
    if motion.amble:
        value -= 1
        terms.append("−1 Amble [S001] (§11a D11)")
    bonus = {"dash": 1, "run": 2}.get(motion.pace, 0)
    if bonus:
        value += bonus
        terms.append(f"+{bonus} {motion.pace.capitalize()} [P-MOBILITY]")
    return Sound(value, tuple(terms))


@dataclass(frozen=True)
class MovePlan:
    """A path for one token: each step with its charges, the total, what it pays.

    ``cost`` is in cost units (spaces × their charges); ``paid`` is the Movement that
    buys them at the token's pace after using ``spare`` (cost paid for by an earlier move
    at Dash or Run), leaving ``spare_after``; ``refusal`` says why the path cannot be
    taken (a refused step, or not enough Movement left).
    """

    token_id: str
    path: tuple[Hex, ...]
    steps: tuple[StepCost, ...]
    cost: int
    paid: int
    left: int
    rolls: tuple[MoveRoll, ...]
    sound: Sound
    hinder: tuple[HinderChance, ...]
    refusal: str | None
    options_used: tuple[str, ...]
    spare: int = 0
    spare_after: int = 0
    falls: bool = False  # in the air, its Movement becomes 0: it falls (apply_plan)
    notes: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    def describe(self) -> list[str]:
        """One line per step, then the total, rolls and sound: for a tooltip or panel."""
        lines = [
            f"{i}. → ({s.end.q}, {s.end.r}) {s.way}: {s.cost} = "
            + " ".join(c.describe() for c in s.charges)
            for i, s in enumerate(self.steps, 1)
        ]
        lines.append(f"Total {self.cost}; pays {self.paid} of {self.left} Movement left")
        lines += [f"Roll {r.describe()}" for r in self.rolls]
        lines.append(f"Sound Magnitude {self.sound.magnitude} ({', '.join(self.sound.terms)})")
        lines += [h.describe() for h in self.hinder]
        lines += self.notes
        if self.refusal:
            lines.append(f"Cannot: {self.refusal}")
        return lines


def plan_path(
    board: Board, token_id: str, path: Sequence[Hex], options: RuleOptions | None = None
) -> MovePlan:
    """Cost a given path of anchors (starting at the token's position)."""
    opts = options or RuleOptions.of(board.options)
    profile = mover_profile(board, token_id, opts)
    token = profile.token
    anchors = list(path)
    if not anchors or anchors[0] != token.position:
        raise ValueError(f"a path for {token.name} starts at its position {token.position}")
    steps: list[StepCost] = []
    refusal = None
    for a, b in itertools.pairwise(anchors):
        step = step_cost(board, token_id, a, b, profile)
        steps.append(step)
        if not step.allowed:
            refusal = step.refusal
            break
    cost = sum(s.cost for s in steps)
    paid, spare_after = payment(token, cost)
    left = movement_left(token)
    enforced = movement_enforced(board, token_id)
    if refusal is None and enforced and len(anchors) > 1:
        refusal = held_refusal(board, token_id) or turn_over(board, token_id)
    if refusal is None and len(anchors) > 1:
        refusal = aloft_refusal(board, token_id)
    if refusal is None and paid > left and enforced:
        refusal = f"needs {paid} Movement, {token.name} has {left} left this turn"
    rolls = tuple(dict.fromkeys(r for s in steps for r in s.rolls))  # Encumbered: step_cost
    used = tuple(
        opts.describe(n) for n in ("encumbered_costs", "crowded_spaces", "crowded_effects")
    )
    falls, notes = _fall_when_spent(board, token, paid, len(anchors) > 1 and enforced)
    return MovePlan(
        token_id,
        tuple(anchors),
        tuple(steps),
        cost,
        paid,
        left,
        rolls,
        sound_of(token),
        hinder_chances(board, token_id, anchors, opts),
        refusal,
        used,
        token.motion.spare,
        spare_after,
        falls=falls,
        notes=notes,
    )


def _fall_when_spent(
    board: Board, token: Token, paid: int, paying: bool
) -> tuple[bool, tuple[str, ...]]:
    """Whether a move paying ``paid`` Movement leaves ``token`` in the air (above the ground,
    on foot; not jumping on, :mod:`rules.board.aloft`) with none left — then it falls —
    and why."""
    motion = token.motion  # in the air on foot, and not in the middle of a jump (it goes on)
    up = in_the_air(board, token.id) and aloft(board, token.id) is None
    if not (paying and up and paid >= movement_left(token)):
        return False, ()
    note = (
        f"{token.name} is {motion.altitude} up in the air and this move spends its last "
        "Movement: it falls [S001] 'If you are in the air and your Movement Pool becomes 0, "
        "fall'"
    )
    return True, (note,)


def plan_move(
    board: Board,
    token_id: str,
    target: Hex,
    options: RuleOptions | None = None,
    *,
    field: MovementField | None = None,
) -> MovePlan:
    """The cheapest path for ``token_id``'s anchor to ``target``; its ``refusal`` says
    why it cannot be taken. ``field`` (reused between calls) may search farther than
    this turn's budget, so a path beyond it is still shown with what it would need."""
    token = board.token(token_id)
    field = field or movement_field(board, token_id, budget_of(token), options)
    path = field.path_to(target)
    if path is not None:
        return plan_path(board, token_id, path, options)
    direct = plan_path(board, token_id, [token.position], options)
    reason = _unreachable_reason(board, token_id, target, options)
    return replace(direct, path=(token.position, target), refusal=reason)


def apply_plan(board: Board, plan: MovePlan) -> Board:
    """``board`` after ``plan`` (allowed): the token at the path's end, its Movement paid
    and what is left paid for kept (:func:`payment`), a flyer at the same height (so its
    altitude follows the ground below), and — during a conflict — marked moving
    ([S001] "After moving, you are considered moving") and, if a step used a Secondary
    movement type, as moving with one this turn (``Motion.secondary_now``, for the
    Overexertion roll)."""
    if not plan.allowed:
        raise ValueError(f"cannot apply a refused move: {plan.refusal}")
    token = board.token(plan.token_id)
    end = plan.path[-1]
    moved = moved_along(token, end, plan.paid, plan.spare_after)
    run = moved.motion.after_move(len(plan.path) - 1, token.moved_this_turn)  # for Charge
    moved = replace(moved, motion=run)
    if token.motion.flying:
        height = ground_under(board, token.footprint) + token.motion.altitude
        altitude = max(0, height - ground_under(board, token.footprint_at(end)))
        moved = replace(moved, motion=replace(moved.motion, altitude=altitude))
    board = carry_held(board.with_token_replaced(moved), token.id, token.position)
    board = marked_moving(board, [token.id])
    board = _secondary_now(board, plan)
    return _fallen(board, plan) if plan.falls else board


def _secondary_now(board: Board, plan: MovePlan) -> Board:
    """``board`` with the mover of ``plan`` marked as moving with a Secondary movement type
    this turn if the plan's steps use one and its moves are enforced (a creature, during a
    conflict: :func:`movement_enforced`) ([S001] "Movement with a Secondary Movement type
    increases the cost by 1 and you must roll for Overexertion after each 10 minutes";
    ``rules.movement.turn_flow.end_turn`` counts the round)."""

    token = board.token(plan.token_id)
    if not movement_enforced(board, token.id) or token.motion.secondary_now:
        return board
    if not secondary_ways(plan, token):
        return board
    motion = replace(token.motion, secondary_now=True)
    return board.with_token_replaced(replace(token, motion=motion))


def _fallen(board: Board, plan: MovePlan) -> Board:
    """``board`` after the mover of ``plan`` falls: in the air, its Movement became 0."""
    return apply_fall(board, plan.token_id).board


def _unreachable_reason(
    board: Board, token_id: str, target: Hex, options: RuleOptions | None
) -> str:
    """Why ``target`` is out of reach: the first refusal into it, or the Movement left."""
    token = board.token(token_id)
    profile = mover_profile(board, token_id, options)
    refusals = []
    for d in DIRECTIONS:
        if not all(board.contains(h) for h in token.footprint_at(target - d)):
            continue
        step = step_cost(board, token_id, target - d, target, profile)
        if step.allowed:
            break
        refusals.append(step.refusal or "")
    else:
        return refusals[0] if refusals else f"({target.q}, {target.r}) is off the map"
    left = movement_left(token)
    return f"({target.q}, {target.r}) is beyond the {left} Movement {token.name} has left"
