"""Jumping: how far a Jump roll carries you, and where you may land (R-JUMP).

[S001]: "Jump determines if you can be off the ground during your movement. As you would
move, you may use either long jump or high jump and declare what space you will attempt to
Jump to. On success, you remain off the ground during your movement there. On failure,
your jump ends at the allowed distance." Feet become spaces per Q22 (5 ft a space, 60 in
an elevation step, rounded down); Dash +4 / Run +8 on Jump come from [P-MOBILITY].

>>> j = jump_reach(12, "long", run_up=2, movement_pool=7, size=0)
>>> j.total, j.feet, j.spaces
(14, 14, 2)
>>> jump_reach(9, "high", run_up=0, movement_pool=5, size=0).elevation_gain
0
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import Board
from rules.collision import whole_number
from rules.hexes import Hex, disk, distance, hex_line, neighbors
from rules.motion import PACES
from rules.occupancy import entry_check
from rules.pools import pool_current
from rules.reach import elevation_at
from rules.tokens import MAX_SIZE, MIN_SIZE, Token

__all__ = [
    "JUMP_KINDS",
    "JUMP_NOTES",
    "SPACE_COST",
    "JumpLandings",
    "JumpReach",
    "Landing",
    "jump_reach",
    "landing_spaces",
]

Term = tuple[int, str]

JUMP_KINDS = ("long", "high")
RUN_UP = 2  # "without first moving at least 2 spaces to gain momentum"
PACE_BONUS = {"walk": 0, "dash": 4, "run": 8}  # [P-MOBILITY]
FEET_PER_SPACE = 5  # Q22
INCHES_PER_STEP = 60  # Q22: one elevation step is a space of 5 ft
# [S001] "While off the ground, you have Tier 2 Encumbered"; D4: that Encumbered adds its
# +2 Movement cost, so each space jumped costs 1 (Primary Movement) + 2.
SPACE_COST = 1 + 2
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
    the pool per option ``pool_in_formulas`` (D7; :func:`rules.collision.formula_pool`).
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
    total = result + sum(a for a, _ in mods)
    lines = [f"Jump {result} " + " ".join(f"{a:+d} ({w})" for a, w in mods) + f" = {total}"]
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
        mods.append((max(0, pool - 5), f"Movement Pool {pool} over 5, with run-up [S001]"))
    if size < 0:
        mods.append((size, f"{-size} sizes smaller than 0 [S001]"))
    if PACE_BONUS[pace]:
        mods.append((PACE_BONUS[pace], f"{pace.capitalize()} [P-MOBILITY]"))
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

    @property
    def higher(self) -> bool:
        """Landing on higher ground: [S001] "you may choose not to fall until the start of
        your next turn, though then may not move again until you land"."""
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
    enterable (:func:`rules.occupancy.entry_check`, D12). "Ground" is the highest ground
    under the footprint. Each space jumped costs 1 + 2 Movement ([S001] "While off the
    ground, you have Tier 2 Encumbered", D4). Raises ``ValueError`` for a token already in
    the air ("Jump determines if you can be off the ground").
    """
    token = board.token(token_id)
    if token.motion.airborne:
        raise ValueError(f"{token.name} is {token.motion.describe()}: a Jump starts on the ground")
    start = token.position
    ground = _ground(board, token, start)
    left = pool_current(token.vitals, "movement", token.size, token.movement_pool)
    landings: list[Landing] = []
    refused: list[tuple[Hex, str]] = []
    for anchor in _candidates(board, start, jump):
        problem = _problem(board, token, anchor, ground, jump)
        if problem:
            refused.append((anchor, problem))
        else:
            landings.append(_landing(board, token, anchor, ground, left))
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


def _landing(board: Board, token: Token, anchor: Hex, ground: int, left: int) -> Landing:
    spaces = distance(token.position, anchor)
    cost = spaces * SPACE_COST
    there = _ground(board, token, anchor)
    reasons = [
        f"{spaces} spaces jumped × (1 + 2 for Tier 2 Encumbered while off the ground, "
        f"D4) = {cost} Movement [S001]"
    ]
    if there > ground:
        reasons.append(f"lands {there - ground} higher: " + JUMP_NOTES[2])
    affordable = cost <= left
    if not affordable:
        reasons.append(
            f"{left} Movement left: after {left // SPACE_COST} of {spaces} spaces you remain in "
            "the air until you gain more [S001]"
        )
    return Landing(anchor, spaces, cost, there, there - ground, affordable, tuple(reasons))
