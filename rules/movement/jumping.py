"""Jumping: how far a Jump roll carries you, and where you may land (R-JUMP).

[S001]: "Jump determines if you can be off the ground during your movement. As you would
move, you may use either long jump or high jump and declare what space you will attempt to
Jump to. On success, you remain off the ground during your movement there. On failure,
your jump ends at the allowed distance." Feet become spaces per Q22 (5 ft a space, 60 in
an elevation step, rounded down); Dash +4 / Run +8 on Jump come from [P-MOBILITY].

:func:`apply_jump` makes the jump on the board: it lands, falls on from a landing well
below, waits in the air, or — out of Movement — stays in the air short of its landing
space (:mod:`rules.board.aloft`) and jumps on as its next turn starts
(:func:`in_the_air_at_turn_start`, called by :func:`rules.movement.turn_flow.begin_turn`).

>>> j = jump_reach(12, "long", run_up=2, movement_pool=7, size=0)
>>> j.total, j.feet, j.spaces
(14, 14, 2)
>>> jump_reach(9, "high", run_up=0, movement_pool=5, size=0).elevation_gain
0
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battlefield.encumbrance import moving_encumbrance
from rules.battlefield.holds import carried
from rules.battlefield.occupancy import entry_check
from rules.battlefield.reach import elevation_at
from rules.board.aloft import aloft, aloft_refusal, with_aloft, without_aloft
from rules.board.grid import Board
from rules.board.holds import held_refusal
from rules.board.motion import PACES
from rules.board.tokens import MAX_SIZE, MIN_SIZE, Token
from rules.board.turn_state import marked_moving
from rules.hexes import Hex, disk, distance, hex_line, neighbors
from rules.movement.collision import whole_number
from rules.movement.falling import Fall, apply_fall
from rules.movement.plan import moved_along, movement_enforced, movement_left, payment
from rules.reasons import Term

__all__ = [
    "DROP_FALLS",
    "JUMP_KINDS",
    "JUMP_NOTES",
    "SPACE_COST",
    "JumpLandings",
    "JumpMove",
    "JumpReach",
    "Landing",
    "apply_jump",
    "continue_jump",
    "in_the_air_at_turn_start",
    "jump_reach",
    "landing_spaces",
    "space_cost",
]

JUMP_KINDS = ("long", "high")
RUN_UP = 2  # "without first moving at least 2 spaces to gain momentum"
PACE_BONUS = {"walk": 0, "dash": 4, "run": 8}  # [P-MOBILITY]
FEET_PER_SPACE = 5  # Q22
INCHES_PER_STEP = 60  # Q22: one elevation step is a space of 5 ft
# [S001] "While off the ground, you have Tier 2 Encumbered"; D4: that Encumbered adds its
# +2 Movement cost, so each space jumped costs 1 (Primary Movement) + 2 — plus the Movement
# cost of the jumper's other Encumbered (a Hold, a Load: :func:`space_cost`).
SPACE_COST = 1 + 2


def space_cost(board: Board, token_id: str) -> Term:
    """What each space jumped costs ``token_id`` and why: :data:`SPACE_COST` plus the
    Movement cost of its Encumbered from other sources (§11a D4;
    :func:`rules.battlefield.encumbrance.moving_encumbrance`)."""
    others = [
        s
        for s in moving_encumbrance(board, token_id).sources
        if s.adds_move_cost and s.name != "off the ground"
    ]
    extra = sum(s.tier for s in others)
    terms = "".join(f" + {s.tier} Encumbered ({s.name})" for s in others)
    why = f"1 + 2 for Tier 2 Encumbered while off the ground{terms}, D4"
    return Term(SPACE_COST + extra, why)


# **[ASSUMPTION]** landing 2 or more spaces below the take-off height leaves it in the air
# over the ground there, so it falls the rest; 1 space lower is a step down (a change of 2+
# elevation in one space is steeper than 45°, as for climbing, Q21).
DROP_FALLS = 2
JUMP_NOTES = (
    "[S001] 'On failure, your jump ends at the allowed distance.'",
    "[S001] 'If you run out of Movement before reaching your target space, you remain in the "
    "air and continue moving when you gain additional Movement.'",
    "[S001] 'If you Jump to a space of increased elevation, you may choose not to fall until "
    "the start of your next turn, though then may not move again until you land.'",
    "[S001] 'If you are in the air and your Movement Pool becomes 0, fall.'",
)


@dataclass(frozen=True)
class JumpReach:
    """How far one Jump roll carries you: the modified total and the distance it allows.

    A long jump fills ``feet`` and ``spaces``; a high jump ``inches`` and
    ``elevation_gain``; the other pair is 0.
    """

    kind: str
    result: int
    modifiers: tuple[Term, ...]
    total: int
    feet: int
    spaces: int
    inches: int
    elevation_gain: int
    breakdown: tuple[str, ...]
    notes: tuple[str, ...] = JUMP_NOTES


def jump_reach(
    result: int, kind: str, *, run_up: int, movement_pool: int, size: int, pace: str = "walk"
) -> JumpReach:
    """The distance a Jump roll of ``result`` (before the modifiers below) allows.

    [S001]: "You can long jump up to a number of feet equal to your result. If you long
    jump without first moving at least 2 spaces to gain momentum, the distance is halved.
    Otherwise, gain a bonus on your roll equal to the amount your Movement Pool exceeds 5.
    You can high jump to raise your center of mass up to 4 inches x your result. Take a
    penalty on Jump rolls equal to your sizes smaller than 0." Dash +4, Run +8 on Jump
    [P-MOBILITY]. A bonus is never negative: a pool under 5 adds 0. ``movement_pool`` is
    the pool per option ``pool_in_formulas`` (D7; :func:`rules.movement.collision.formula_pool`).
    Q22: spaces = feet ÷ 5, elevation gain = inches ÷ 60, both rounded down; a total
    below 0 reaches 0.
    """
    if kind not in JUMP_KINDS:
        raise ValueError(f"jump kind must be 'long' or 'high', got {kind!r}")
    if pace not in PACES:
        raise ValueError(f"pace must be one of {', '.join(PACES)}, got {pace!r}")
    result = whole_number(result, "Jump result", -999, 999)
    run_up = whole_number(run_up, "run-up spaces", 0, 9999)
    pool = whole_number(movement_pool, "Movement Pool", 0, 99)
    size = whole_number(size, "size", MIN_SIZE, MAX_SIZE)
    mods = _modifiers(kind, run_up, pool, size, pace)
    total = result + sum(m.amount for m in mods)
    lines = [
        f"Jump {result} " + " ".join(f"{m.amount:+d} ({m.reason})" for m in mods) + f" = {total}"
    ]
    reach = max(0, total)
    if kind == "high":
        inches = 4 * reach
        gain = inches // INCHES_PER_STEP
        lines.append(f"high jump: 4 in × {reach} = {inches} in [S001]")
        lines.append(f"{inches} in ÷ 60, rounded down = {gain} elevation (Q22)")
        return JumpReach(kind, result, mods, total, 0, 0, inches, gain, tuple(lines))
    feet = reach if run_up >= RUN_UP else reach // 2
    if run_up < RUN_UP:
        lines.append(f"under {RUN_UP} spaces of run-up: {reach} ft halved = {feet} ft [S001]")
    spaces = feet // FEET_PER_SPACE
    lines.append(f"long jump: {feet} ft ÷ 5, rounded down = {spaces} spaces (Q22)")
    return JumpReach(kind, result, mods, total, feet, spaces, 0, 0, tuple(lines))


def _modifiers(kind: str, run_up: int, pool: int, size: int, pace: str) -> tuple[Term, ...]:
    mods: list[Term] = []
    if kind == "long" and run_up >= RUN_UP:
        mods.append(Term(max(0, pool - 5), f"Movement Pool {pool} over 5, with run-up [S001]"))
    if size < 0:
        mods.append(Term(size, f"{-size} sizes smaller than 0 [S001]"))
    if PACE_BONUS[pace]:
        mods.append(Term(PACE_BONUS[pace], f"{pace.capitalize()} [P-MOBILITY]"))
    return tuple(mods)


@dataclass(frozen=True)
class Landing:
    """A space a token may declare as its landing space, and what jumping there costs."""

    anchor: Hex
    spaces: int  # spaces jumped (hex distance from the take-off anchor)
    cost: int  # Movement: spaces × (1 + 2), D4
    ground: int  # highest ground under the footprint there
    rise: int  # ground there − take-off ground
    affordable: bool  # the Movement left covers the cost
    reasons: tuple[str, ...]
    may_wait: bool = False  # it may choose not to fall until its next turn (a high jump)
    wait_height: int = 0  # spaces above the ground there at the top of the jump

    @property
    def higher(self) -> bool:
        """Landing on higher ground than the take-off."""
        return self.rise > 0


@dataclass(frozen=True)
class JumpLandings:
    """Every landing space a jump allows, and the spaces within its distance it does not."""

    token_id: str
    jump: JumpReach
    take_off: Hex
    take_off_ground: int
    movement_left: int
    landings: tuple[Landing, ...]
    refused: tuple[tuple[Hex, str], ...]
    notes: tuple[str, ...] = JUMP_NOTES

    @property
    def anchors(self) -> frozenset[Hex]:
        """The anchors it may land at."""
        return frozenset(landing.anchor for landing in self.landings)

    def landing_at(self, anchor: Hex) -> Landing | None:
        """The landing at ``anchor``, or ``None`` when it cannot land there."""
        return next((x for x in self.landings if x.anchor == anchor), None)


def landing_spaces(board: Board, token_id: str, jump: JumpReach) -> JumpLandings:
    """The anchors ``token_id`` may declare as its landing space for ``jump`` (R-JUMP).

    Long jump: 1..``jump.spaces`` hexes from its anchor, on a straight :func:`hex_line`
    along which its footprint meets no wall (``blocked``), onto ground no higher than the
    take-off ground. High jump: its own anchor (0 spaces) or an adjacent one whose ground
    rises by at most ``jump.elevation_gain``. The footprint there must be on the map and
    enterable (:func:`rules.battlefield.occupancy.entry_check`, D12). "Ground" is the highest ground
    under the footprint. Each space jumped costs 1 + 2 Movement ([S001] "While off the
    ground, you have Tier 2 Encumbered", D4). Raises ``ValueError`` for a token already in
    the air ("Jump determines if you can be off the ground"), also one waiting to fall on
    a ledge (:mod:`rules.board.aloft`). A high jump that gains elevation may wait in the air at
    every landing (``Landing.may_wait``, :func:`apply_jump`).
    """
    token = board.token(token_id)
    if token.motion.airborne:
        raise ValueError(f"{token.name} is {token.motion.describe()}: a Jump starts on the ground")
    waiting = aloft_refusal(board, token_id)  # in the air on a ledge, at altitude 0
    if waiting:
        raise ValueError(waiting)
    held = held_refusal(board, token_id) if movement_enforced(board, token_id) else None
    if held:  # a Held or swallowed creature does not jump away on its own [S002]
        raise ValueError(held)
    start = token.position
    ground = _ground(board, token, start)
    left = token.left_of("movement")
    landings: list[Landing] = []
    refused: list[tuple[Hex, str]] = []
    for anchor in _candidates(board, start, jump):
        problem = _problem(board, token, anchor, ground, jump)
        if problem:
            refused.append((anchor, problem))
        else:
            landings.append(_landing(board, token, anchor, ground, left, jump))
    return JumpLandings(token_id, jump, start, ground, left, tuple(landings), tuple(refused))


def _ground(board: Board, token: Token, anchor: Hex) -> int:
    return max(elevation_at(board, h) for h in token.footprint_at(anchor))


def _candidates(board: Board, start: Hex, jump: JumpReach) -> list[Hex]:
    if jump.kind == "high":
        return sorted(h for h in [start, *neighbors(start)] if board.contains(h))
    if jump.spaces <= 0:
        return []
    radius = jump.spaces
    if 1 + 3 * radius * (radius + 1) > board.width * board.height:
        near = [h for h in board.hexes() if distance(h, start) <= radius]
    else:
        near = [h for h in disk(start, radius) if board.contains(h)]
    return sorted(h for h in near if h != start)


def _problem(board: Board, token: Token, anchor: Hex, ground: int, jump: JumpReach) -> str:
    """Why ``token`` may not land at ``anchor`` ('' when it may)."""
    entry = entry_check(board, token.id, anchor)
    if not entry.allowed:
        return "; ".join(entry.reasons)
    wall = _wall_on_the_way(board, token, token.position, anchor)
    if wall is not None:
        return f"a wall at ({wall.q}, {wall.r}) is in the way"
    rise = _ground(board, token, anchor) - ground
    if jump.kind == "long" and rise > 0:
        return f"ground {rise} higher than the take-off: a long jump does not rise"
    if jump.kind == "high" and rise > jump.elevation_gain:
        return f"ground {rise} higher, above the high jump's gain of {jump.elevation_gain}"
    return ""


def _wall_on_the_way(board: Board, token: Token, start: Hex, end: Hex) -> Hex | None:
    """The first wall hex the footprint meets moving along ``hex_line(start, end)``."""
    blocked = board.layer("blocked")
    for step in hex_line(start, end)[1:]:
        for h in sorted(token.footprint_at(step)):
            if board.contains(h):
                col, row = board.cell_of(h)
                if blocked[row, col]:
                    return h
    return None


def _landing(
    board: Board, token: Token, anchor: Hex, ground: int, left: int, jump: JumpReach
) -> Landing:
    """A landing at ``anchor``. **[ASSUMPTION]** "a space of increased elevation" is one
    the jump reaches above its take-off: the top of a high jump that gains elevation, so
    such a jump may wait there, ``wait_height`` above the landing's ground."""
    spaces = distance(token.position, anchor)
    each = space_cost(board, token.id)
    cost = spaces * each.amount
    there = _ground(board, token, anchor)
    reasons = [f"{spaces} spaces jumped × ({each.reason}) = {cost} Movement [S001]"]
    if there > ground:
        reasons.append(f"lands {there - ground} higher [S001]")
    may_wait = jump.kind == "high" and jump.elevation_gain > 0
    wait_height = ground + jump.elevation_gain - there if may_wait else 0
    if may_wait:
        reasons.append(
            f"the top of the jump is {jump.elevation_gain} above the take-off, {wait_height} "
            "above the ground there: " + JUMP_NOTES[2]
        )
    affordable = cost <= left
    if not affordable:
        reasons.append(
            f"{left} Movement left: after {left // each.amount} of {spaces} spaces you remain in "
            "the air until you gain more [S001]"
        )
    rise = there - ground
    return Landing(
        anchor, spaces, cost, there, rise, affordable, tuple(reasons), may_wait, wait_height
    )


@dataclass(frozen=True)
class JumpMove:
    """A jump made, or why not: the board after it, the spaces jumped now, the Movement
    paid, and whether it reached its landing space (``lands``; it may then have fallen on,
    ``fall``), chose to wait in the air (``waiting``) or stays in the air short of it.
    ``landing`` is the declared landing space it was planned with (:func:`apply_jump`; its
    ``reasons`` say what jumping there costs), so no caller plans the jump again."""

    token_id: str
    board: Board | None
    spaces: int
    paid: int
    lands: bool
    waiting: bool
    fall: Fall | None
    reasons: tuple[str, ...]
    refusal: str | None = None
    landing: Landing | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def in_the_air(self) -> bool:
        """True when it stays in the air short of its landing space (out of Movement)."""
        return self.allowed and not self.lands and not self.waiting and self.fall is None


@dataclass(frozen=True)
class _Flight:
    """Where a jump goes: its landing space, the take-off height (elevation), and the
    height it waits at when it chose not to fall (``None``: it does not wait)."""

    target: Hex
    take_off: int
    wait_top: int | None = None


def _refused(token_id: str, reason: str) -> JumpMove:
    return JumpMove(token_id, None, 0, 0, False, False, None, (), reason)


def _at(h: Hex) -> str:
    return f"({h.q}, {h.r})"


def apply_jump(
    board: Board, token_id: str, anchor: Hex, jump: JumpReach, *, wait: bool = False
) -> JumpMove:
    """``board`` after ``token_id`` jumps to ``anchor``, a landing space ``jump`` allows
    (:func:`landing_spaces`): it pays 3 Movement a space at its pace
    (:func:`rules.movement.payment`; free outside a conflict) and is marked moving.

    - Short of Movement, it jumps as many spaces along the line as it can pay for and stays
      there in the air, one space above its take-off height (the arc is not modelled,
      **[ASSUMPTION]**), jumping on when it gains Movement (:func:`continue_jump`, at its
      next turn start): [S001] "If you run out of Movement before reaching your target
      space, you remain in the air and continue moving when you gain additional Movement."
    - ``wait``: [S001] "If you Jump to a space of increased elevation, you may choose not
      to fall until the start of your next turn, though then may not move again until you
      land." It stays ``Landing.wait_height`` above the ground there until its next turn
      starts (:func:`in_the_air_at_turn_start`). Only where ``Landing.may_wait``, during a
      conflict, on reaching the landing space this turn.
    - Landing :data:`DROP_FALLS` or more below its take-off height, it falls the rest
      (:func:`rules.movement.falling.apply_fall`): [S001] "If you are not flying and do not have a
      surface to stand on, begin falling."
    """
    try:
        landings = landing_spaces(board, token_id, jump)
    except ValueError as error:
        return _refused(token_id, str(error))
    landing = landings.landing_at(anchor)
    if landing is None:
        beyond = f"{_at(anchor)} is not a landing space of this jump"
        return _refused(token_id, dict(landings.refused).get(anchor, beyond))
    take_off = landings.take_off_ground
    top = take_off + jump.elevation_gain if wait else None
    problem = _wait_refusal(board, landing) if wait else None
    if problem:
        return _refused(token_id, problem)
    move = _advance(board, token_id, _Flight(anchor, take_off, top), landing.reasons)
    return replace(move, landing=landing)


def _wait_refusal(board: Board, landing: Landing) -> str | None:
    if not landing.may_wait:
        return (
            "only a Jump to a space of increased elevation may choose not to fall: a high "
            "jump that gains elevation [S001]"
        )
    if not board.turn.started:
        return "no conflict is running: there is no next turn to wait for"
    return None


def _spaces_paid_for(board: Board, token: Token, spaces: int) -> int:
    """How many of ``spaces`` jumped spaces the Movement left pays for at its pace."""
    if not movement_enforced(board, token.id):
        return spaces
    left, each = movement_left(token), space_cost(board, token.id).amount
    return max(k for k in range(spaces + 1) if payment(token, k * each)[0] <= left)


def _advance(board: Board, token_id: str, flight: _Flight, reasons: tuple[str, ...]) -> JumpMove:
    """Jump along the line to ``flight.target`` as far as the Movement left pays for."""
    token = board.token(token_id)
    path = hex_line(token.position, flight.target)
    spaces = len(path) - 1
    reach = _spaces_paid_for(board, token, spaces)
    if flight.wait_top is not None and reach < spaces:
        return _refused(
            token_id,
            f"{token.name} cannot reach {_at(flight.target)} this turn: it may choose not to "
            "fall only where it lands",
        )
    enforced = movement_enforced(board, token_id)
    each = space_cost(board, token_id).amount
    paid, spare = payment(token, reach * each) if enforced else (0, token.motion.spare)
    moved = moved_along(token, path[reach], paid, spare)
    # A Jump is made "as you would move" [S001]: its spaces count toward Charge's run.
    moved = replace(moved, motion=moved.motion.after_move(reach, token.moved_this_turn))
    board = carried(board.with_token_replaced(moved), token_id, token.position).board
    if reach < spaces:
        return _stays_in_the_air(board, token_id, flight, (reach, spaces, paid), reasons)
    return _lands(board, token_id, flight, (reach, paid), reasons)


def _with_altitude(board: Board, token_id: str, altitude: int) -> Board:
    token = board.token(token_id)
    return board.with_token_replaced(
        replace(token, motion=replace(token.motion, altitude=altitude))
    )


def _with_height(board: Board, token_id: str, height: int) -> Board:
    """``token_id`` at ``height`` (an elevation): its altitude over its anchor's ground."""
    altitude = max(0, height - elevation_at(board, board.token(token_id).position))
    return _with_altitude(board, token_id, altitude)


def _stays_in_the_air(
    board: Board,
    token_id: str,
    flight: _Flight,
    counts: tuple[int, int, int],
    reasons: tuple[str, ...],
) -> JumpMove:
    reach, spaces, paid = counts
    token = board.token(token_id)
    height = max(flight.take_off, _ground(board, token, token.position)) + 1
    board = with_aloft(_with_height(board, token_id, height), token_id, "jumping", flight.target)
    up = board.token(token_id).motion.altitude
    lines = (
        *reasons,
        f"{paid} Movement pays for {reach} of {spaces} spaces: {token.name} remains in the "
        f"air {up} up at {_at(token.position)}, one above its take-off height [ASSUMPTION], "
        f"and jumps on to {_at(flight.target)} when it gains Movement",
        JUMP_NOTES[1],
    )
    return JumpMove(
        token_id, marked_moving(board, [token_id]), reach, paid, False, False, None, lines
    )


def _lands(
    board: Board,
    token_id: str,
    flight: _Flight,
    counts: tuple[int, int],
    reasons: tuple[str, ...],
) -> JumpMove:
    reach, paid = counts
    board = without_aloft(board, token_id)
    token = board.token(token_id)
    where = _at(token.position)
    if flight.wait_top is not None:
        board = with_aloft(_with_height(board, token_id, flight.wait_top), token_id, "waiting")
        up = board.token(token_id).motion.altitude
        lines = (
            *reasons,
            f"{token.name} chooses not to fall: it waits {up} up at {where} until its next "
            "turn starts, and may not move until it lands",
        )
        return JumpMove(
            token_id, marked_moving(board, [token_id]), reach, paid, False, True, None, lines
        )
    drop = flight.take_off - _ground(board, token, token.position)
    if drop < DROP_FALLS:
        board = marked_moving(_with_altitude(board, token_id, 0), [token_id])
        return JumpMove(
            token_id, board, reach, paid, True, False, None, (*reasons, f"lands at {where}")
        )
    board = marked_moving(_with_height(board, token_id, flight.take_off), [token_id])
    fallen = apply_fall(board, token_id)
    lines = (
        *reasons,
        f"lands {drop} below its take-off height with nothing under it: it falls the rest "
        "[S001] 'If you are not flying and do not have a surface to stand on, begin falling'",
        *fallen.reasons,
    )
    return JumpMove(token_id, fallen.board, reach, paid, True, False, fallen.fall, lines)


def continue_jump(board: Board, token_id: str) -> JumpMove:
    """``token_id``, in the air short of its landing space (:mod:`rules.board.aloft`),
    jumps on to
    it as far as its Movement pays for ([S001] "you remain in the air and continue moving
    when you gain additional Movement"). If that space can no longer be reached (a wall on
    the line, or full), the jump ends and it falls where it is."""
    token = board.token(token_id)
    state = aloft(board, token_id)
    if state is None or state.target is None:
        return _refused(token_id, f"{token.name} is not in the middle of a jump")
    if token.motion.altitude <= 0 or token.motion.flying:
        board = without_aloft(board, token_id)
        return JumpMove(token_id, board, 0, 0, True, False, None, ("it is no longer in the air",))
    take_off = elevation_at(board, token.position) + token.motion.altitude - 1
    reasons = (f"its jump goes on to {_at(state.target)} [S001]",)
    problem = _jump_on_problem(board, token, state.target)
    if problem is None:
        return _advance(board, token_id, _Flight(state.target, take_off), reasons)
    fallen = apply_fall(board, token_id)
    lines = (*reasons, f"{problem}: the jump ends and it falls", *fallen.reasons)
    return JumpMove(token_id, fallen.board, 0, 0, False, False, fallen.fall, lines)


def _jump_on_problem(board: Board, token: Token, target: Hex) -> str | None:
    entry = entry_check(board, token.id, target)
    if not entry.allowed:
        return "; ".join(entry.reasons)
    wall = _wall_on_the_way(board, token, token.position, target)
    return None if wall is None else f"a wall at {_at(wall)} is in the way"


def in_the_air_at_turn_start(board: Board, token_id: str) -> tuple[Board, tuple[str, ...]]:
    """What happens to ``token_id`` in the air (:mod:`rules.board.aloft`) as its turn starts,
    its Movement refilled:

    - waiting: it falls now ([S001] "you may choose not to fall until the start of your
      next turn"), or lands on the ledge it waited over;
    - jumping: with a Movement Pool of 0 it falls ([S001] "If you are in the air and your
      Movement Pool becomes 0, fall"); otherwise it jumps on (:func:`continue_jump`).
    """
    state = aloft(board, token_id)
    if state is None:
        return board, ()
    token = board.token(token_id)
    if state.kind == "waiting":
        note = f"{token.name}'s turn starts: it chose not to fall until now [S001]"
        return _comes_down(without_aloft(board, token_id), token_id, note)
    if movement_enforced(board, token_id) and movement_left(token) == 0:
        note = f"{token.name} has a Movement Pool of 0 in the air: {JUMP_NOTES[3]}"
        return _comes_down(without_aloft(board, token_id), token_id, note)
    move = continue_jump(board, token_id)
    return move.board or board, move.reasons or (move.refusal or "",)


def _comes_down(board: Board, token_id: str, note: str) -> tuple[Board, tuple[str, ...]]:
    """``token_id`` falls from where it is, or, at altitude 0 or flying, stays there."""
    token = board.token(token_id)
    if token.motion.altitude <= 0 or token.motion.flying:
        return board, (note, f"{token.name} is on the ground at {_at(token.position)}")
    fallen = apply_fall(board, token_id)
    return fallen.board, (note, *fallen.reasons)
