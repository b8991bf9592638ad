"""Falling: how far a creature falls when, where it lands, and what it may grab (R-FALL).

[S001]: "If you are not flying and do not have a surface to stand on, begin falling. While
falling, you are considered moving. When you begin to fall, fall 5 spaces immediately. At
the beginning of your first turn while falling, fall 80 spaces, and fall 175 spaces on each
other turn. You may take actions at any point during the fall." Heights are in spaces
(1 elevation step = 1 space = 5 ft, Q21).

>>> [spaces for spaces, _when in FALL_SCHEDULE]
[5, 80, 175]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battlefield.holds import carried
from rules.battlefield.reach import elevation_at, reach_of
from rules.board.aloft import without_aloft
from rules.board.grid import Board
from rules.board.motion import CLIMB_DL
from rules.board.tokens import Token
from rules.board.turn_state import marked_moving
from rules.hexes import Hex, disk
from rules.movement.budget import movement_enforced, movement_left, spend_movement
from rules.movement.collision import Collision, broken_object_cap, falling_collision, whole_number

__all__ = [
    "CLIMB_DL",
    "FALL_NOTES",
    "FALL_SCHEDULE",
    "Fall",
    "FallApplied",
    "FallStage",
    "ObjectFall",
    "apply_fall",
    "fall",
    "fall_into_object",
    "fall_stages",
    "landed",
]

FALL_SCHEDULE: tuple[tuple[int, str], ...] = (
    (5, "when the fall begins"),
    (80, "at the start of the first turn falling"),
    (175, "at the start of each later turn"),
)
FALL_NOTES = (
    "[S001] 'While falling, you are considered moving.'",
    "[S001] 'You may take actions at any point during the fall.'",
    "[S001] 'While falling, if there is a surface in Reach, roll Climb. If you succeed to "
    "Climb that surface, stop falling and any Serious Injury caused from Collision only "
    "affects the limbs used.'",
    "[S001] Climb: 'This requires 2 Free Limbs and is DL 6. For each additional Free Limb, "
    "hoof, or foot you use, gain +1 on your roll.'",
    "[S001] 'If falling into an object, if the object breaks, do not take more damage than "
    "the Injury that broke the object, then continue falling.'",
)


@dataclass(frozen=True)
class FallStage:
    """One drop of a fall: when (turn 0 = as it begins), how far, and the height left."""

    turn: int
    when: str
    spaces: int
    height_left: int


@dataclass(frozen=True)
class Fall:
    """A whole fall: its stages, whether and when it lands, the landing, the Collision
    damage on landing, and the surfaces in Reach it may try to Climb."""

    token_id: str
    height: int
    braking: int
    stages: tuple[FallStage, ...]
    lands: bool  # False when braking stops the fall (it begins flying)
    turns_to_land: int | None  # turn starts until it lands: 0 = lands as the fall begins
    landing_anchor: Hex
    landing_ground: int
    softness: int
    collision: Collision | None
    climb_surfaces: frozenset[Hex]
    reasons: tuple[str, ...]
    climb_dl: int = CLIMB_DL
    notes: tuple[str, ...] = FALL_NOTES


def fall_stages(height: int, braking: int = 0) -> tuple[tuple[FallStage, ...], bool]:
    """The drops of a fall from ``height`` spaces, and whether braking stops it.

    [S001]: "Before falling spaces, if you can fly, pay 1 Movement to reduce the spaces you
    fall on this and following turns by the result. If this reduces the spaces to 0, you
    stop falling and begin flying." ``braking`` is that result, paid before the first drop
    (0: no braking); each drop is ``schedule − braking``, at most the height left.
    """
    left = whole_number(height, "fall height", 0, 99_999)
    braking = whole_number(braking, "braking result", 0, 999)
    stages: list[FallStage] = []
    turn = 0
    while left > 0:
        base, when = FALL_SCHEDULE[min(turn, len(FALL_SCHEDULE) - 1)]
        if base - braking <= 0:
            return tuple(stages), True
        spaces = min(base - braking, left)
        left -= spaces
        label = when if turn < 2 else f"at the start of turn {turn} falling"
        stages.append(FallStage(turn, label, spaces, left))
        turn += 1
    return tuple(stages), False


def fall(board: Board, token_id: str, *, braking: int = 0) -> Fall:
    """The fall of ``token_id`` from its ``motion.altitude`` straight down (R-FALL).

    It lands in the same anchor, at altitude 0, on the highest ground under its footprint
    (a footprint over uneven ground meets its highest hex first). The landing damage is
    :func:`rules.movement.collision.falling_collision` of the spaces fallen, its size, and the
    Ground Softness (``softness`` layer) of the hex under its anchor. ``climb_surfaces``:
    steep or wall (``blocked``) hexes within its Reach (horizontal hex distance) — "While
    falling, if there is a surface in Reach, roll Climb" (DL 6, +1 per extra limb).
    ``braking`` (a flyer's result, see :func:`fall_stages`) needs the Fly movement type.
    Raises ``ValueError`` if the token is on the ground, or flying without braking.
    """
    token = board.token(token_id)
    braking = whole_number(braking, "braking result", 0, 999)
    _check_falls(token, braking)
    anchor = token.position
    anchor_ground = elevation_at(board, anchor)
    landing_ground = max(elevation_at(board, h) for h in token.footprint)
    height = max(0, token.motion.altitude - (landing_ground - anchor_ground))
    stages, stops = fall_stages(height, braking)
    col, row = board.cell_of(anchor)
    softness = int(board.layer("softness")[row, col])
    collision = None if stops else falling_collision(height, token.size, softness)
    turns = None if stops else (stages[-1].turn if stages else 0)
    reasons = _fall_reasons(token, height, stages, stops, landing_ground, softness)
    return Fall(
        token_id,
        height,
        braking,
        stages,
        not stops,
        turns,
        anchor,
        landing_ground,
        softness,
        collision,
        _climb_surfaces(board, token),
        tuple(reasons),
    )


def _fall_reasons(
    token: Token,
    height: int,
    stages: tuple[FallStage, ...],
    stops: bool,
    ground: int,
    softness: int,
) -> tuple[str, ...]:
    drops = " + ".join(str(s.spaces) for s in stages) or "0"
    if stops:
        return (
            f"falls {drops} spaces, then braking reduces the next drop to 0: it stops falling "
            "and begins flying [S001]",
        )
    at = token.position
    return (
        f"falls {height} spaces ({drops}) onto ground at elevation {ground} [S001]",
        f"Ground Softness {softness} under its anchor ({at.q}, {at.r})",
    )


def _check_falls(token: Token, braking: int) -> None:
    if token.motion.altitude <= 0:
        raise ValueError(f"{token.name} is not above the ground: it has nothing to fall")
    if braking and "fly" not in token.movement_types:
        raise ValueError(f"{token.name} cannot fly, so it cannot brake a fall [S001]")
    if token.motion.flying and not braking:
        raise ValueError(
            f"{token.name} is flying and does not fall [S001] 'If you are not flying … begin "
            "falling'; give a braking result for a flyer that is falling"
        )


def _climb_surfaces(board: Board, token: Token) -> frozenset[Hex]:
    """Steep or wall hexes within Reach (horizontal hex distance) of any of its spaces."""
    steep, blocked = board.layer("steep"), board.layer("blocked")
    found: set[Hex] = set()
    for h in token.footprint:
        for other in disk(h, reach_of(token)):
            if board.contains(other):
                col, row = board.cell_of(other)
                if steep[row, col] or blocked[row, col]:
                    found.add(other)
    return frozenset(found)


def landed(token: Token, result: Fall) -> Token:
    """``token`` after ``result``: on the ground where it lands (a climber has let go), or,
    when braking stopped the fall, flying at the height it stopped ([S001] "If this reduces
    the spaces to 0, you stop falling and begin flying")."""
    if result.lands:
        motion = replace(token.motion, mode="ground", altitude=0)
        return replace(token, position=result.landing_anchor, motion=motion)
    height = result.stages[-1].height_left if result.stages else result.height
    return replace(token, motion=replace(token.motion, mode="fly", altitude=height))


@dataclass(frozen=True)
class FallApplied:
    """The board after a fall, the :class:`Fall` it followed, the Movement paid to brake,
    and why."""

    board: Board
    fall: Fall
    paid: int
    reasons: tuple[str, ...]


def apply_fall(board: Board, token_id: str, *, braking: int = 0) -> FallApplied:
    """``board`` after ``token_id`` falls now (:func:`fall`): on the ground where it lands,
    or flying on when braking stops the fall; no longer jumping or waiting in the air
    (:mod:`rules.board.aloft`); and — during a conflict — marked moving ([S001] "While falling,
    you are considered moving"). Braking costs 1 Movement ([S001] "pay 1 Movement to
    reduce the spaces you fall"), free outside a conflict. The Collision on landing is in
    ``fall.collision`` (rolled by the table, not applied). Raises ``ValueError`` as
    :func:`fall` does, and for braking with no Movement left.
    """
    result = fall(board, token_id, braking=braking)
    token = board.token(token_id)
    paid = 1 if braking and movement_enforced(board, token_id) else 0
    if paid > movement_left(token):
        raise ValueError(f"braking costs 1 Movement [S001]; {token.name} has none left this turn")
    after = spend_movement(landed(token, result), paid)
    board = without_aloft(board.with_token_replaced(after), token_id)
    rise = after.motion.altitude - token.motion.altitude  # what it holds comes down with it
    board = carried(board, token_id, token.position, rise).board
    reasons = list(result.reasons)
    if result.collision is not None:
        reasons.append(f"Collision on landing: {result.collision.describe()}")
    if board.turn.started:
        reasons.append(FALL_NOTES[0])
    return FallApplied(marked_moving(board, [token_id]), result, paid, tuple(reasons))


@dataclass(frozen=True)
class ObjectFall:
    """A fall into an object ``object_height`` spaces above the landing ground: what the
    object takes, what the faller takes there, whether it broke, and the landing after."""

    token_id: str
    fall: Fall
    object_height: int
    object_damage: Collision  # the object is struck by the faller's falling damage
    collision: Collision  # what the faller takes at the object
    broke: bool
    landing: Collision | None  # when it broke: the fall goes on to the ground
    reasons: tuple[str, ...]


def fall_into_object(
    board: Board, token_id: str, object_height: int, *, breaking_injury: int | None = None
) -> ObjectFall:
    """The fall of ``token_id`` (:func:`fall`) into an object whose top is ``object_height``
    spaces above the ground it would land on; ``breaking_injury`` is the Injury that broke
    the object (``None``: it held).

    [S001]: "If falling into an object, if the object breaks, do not take more damage than
    the Injury that broke the object, then continue falling." The Collision there is the
    falling damage of the spaces down to the object, with no Ground Softness (an object is
    not ground) **[ASSUMPTION]**; the object takes it uncapped ("Each creature and object
    in a Collision takes Bashing damage"). If the object holds, the fall ends on it. If it
    breaks, the faller takes at most the breaking Injury and falls on: the landing counts
    every space of the fall ("then continue falling": one fall, 1 damage per space fallen)
    **[ASSUMPTION]**.
    """
    result = fall(board, token_id)
    size = board.token(token_id).size
    if result.height < 1:
        raise ValueError("it has no height to fall: there is no room for an object below")
    top = whole_number(object_height, "object height", 0, result.height - 1)
    hit = falling_collision(result.height - top, size, 0)
    reasons = [
        f"falls {result.height - top} spaces into the object {top} above the ground: "
        f"{hit.describe()}; no Ground Softness on an object [ASSUMPTION]",
        f"the object takes the same {hit.damage} Bashing [S001]",
    ]
    if breaking_injury is None:
        reasons.append("the object holds: the fall ends on it")
        return ObjectFall(token_id, result, top, hit, hit, False, None, tuple(reasons))
    capped = broken_object_cap(hit, breaking_injury)
    reasons.append(
        f"it breaks at Injury {breaking_injury}: takes {capped.damage}, then continues falling "
        f"to the ground, {result.height} spaces in all [S001] [ASSUMPTION]"
    )
    landing = result.collision
    return ObjectFall(token_id, result, top, hit, capped, True, landing, tuple(reasons))
