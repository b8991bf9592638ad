"""Changing how a creature moves: posture, stopping, mode, pace, Amble, height, and
paying for a move (RULES-DIGEST §12 R-STANCE, R-MOVING, R-FLY-LOAD; seed 001).

Each change returns a :class:`MotionChange`: the token afterwards (its Movement spent),
what it cost and why, or a refusal saying why not. Costs ([S001]):

- "While Crouching … Standing costs 1 Movement." "While Prone … Standing costs 2 Movement
  and Crouching costs 1 Movement." Crouching or dropping Prone from standing costs nothing
  **[ASSUMPTION]** (the seed names no cost); "When you become Prone, fall": a flyer stops
  flying ("While flying, you cannot be Prone"), a climber lets go, and one above the
  ground falls (:func:`rules.movement.falling.fall`).
- "… pay 1 Movement to stop" moving.
- Flying: "When you use Movement to increase your elevation, increase the cost by 1": rising
  one space costs 2, descending one costs 1 **[ASSUMPTION]**: 1 per space moved; "If you
  carry more than your Bulk Limit, you cannot increase your elevation".
- Refused: "While Swimming, you cannot run, be Crouched, or be Prone"; a mode without its
  movement type (:mod:`rules.board.motion`).

Apply a change with :meth:`MotionChange.applied`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battlefield.holds import carried
from rules.board.aloft import in_the_air, without_aloft
from rules.board.conditions import remove_condition, set_condition
from rules.board.grid import Board
from rules.board.holds import carried_bulk, over_bulk_limit
from rules.board.motion import MODE_TYPES, PACES, POSTURES
from rules.board.tokens import Token
from rules.board.turn_state import marked_moving
from rules.movement.costs import mover_profile, posture_of
from rules.movement.falling import Fall, fall, landed
from rules.movement.plan import (
    moved_along,
    movement_enforced,
    movement_left,
    payment,
    spend_movement,
)

__all__ = [
    "POSTURE_COSTS",
    "MotionChange",
    "change_altitude",
    "change_mode",
    "change_pace",
    "change_posture",
    "moved_along",
    "set_amble",
    "spend_movement",
    "stop_moving",
    "swimming",
]

POSTURE_COSTS = {
    ("crouching", "standing"): (1, "Standing from Crouching costs 1 Movement [S001]"),
    ("prone", "standing"): (2, "Standing from Prone costs 2 Movement [S001]"),
    ("prone", "crouching"): (1, "Crouching from Prone costs 1 Movement [S001]"),
    ("standing", "crouching"): (0, "Crouching: the seed names no cost [ASSUMPTION]"),
    ("standing", "prone"): (0, "Going Prone: 'When you become Prone, fall' [S001]"),
    ("crouching", "prone"): (0, "Going Prone: 'When you become Prone, fall' [S001]"),
}


@dataclass(frozen=True)
class MotionChange:
    """The token after a change (``None`` if refused), its cost and the reasons; ``fall``
    when the change made it fall (it has landed in ``token``)."""

    token: Token | None
    cost: int
    notes: tuple[str, ...]
    refusal: str | None = None
    moved: bool = False  # it moved (rising, descending, falling): "considered moving" [S001]
    fall: Fall | None = None
    leaves_air: bool = False  # no longer jumping or waiting in the air (rules.board.aloft)

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    def applied(self, board: Board) -> Board:
        """``board`` with this change: the token replaced, no longer in the air if it came
        down (:mod:`rules.board.aloft`), and marked moving if it moved
        (:func:`rules.board.turn_state.marked_moving`)."""
        if self.token is None:
            raise ValueError(f"cannot apply a refused change: {self.refusal}")
        before = board.token(self.token.id)
        after = board.with_token_replaced(self.token)
        if self.leaves_air:
            after = without_aloft(after, self.token.id)
        rise = self.token.motion.altitude - before.motion.altitude  # a Hold is lifted with it
        after = carried(after, self.token.id, before.position, rise).board
        return marked_moving(after, [self.token.id]) if self.moved else after


def _refused(reason: str) -> MotionChange:
    return MotionChange(None, 0, (), reason)


def _paid(
    board: Board, token: Token, cost: int, notes: tuple[str, ...], changed: Token
) -> MotionChange:
    """``changed`` (a change of ``token``) with ``cost`` Movement paid, if it is left; free
    outside a conflict (:func:`rules.movement.movement_enforced`)."""
    if not movement_enforced(board, token.id):
        return MotionChange(changed, 0, (*notes, "free: no conflict is running"))
    left = movement_left(token)
    if cost > left:
        return _refused(f"needs {cost} Movement, {token.name} has {left} left this turn")
    return MotionChange(spend_movement(changed, cost), cost, notes)


def swimming(board: Board, token: Token) -> bool:
    """True when ``token`` is on the ground in water (it swims, [S001])."""
    if token.motion.mode != "ground" or token.motion.altitude:
        return False
    depth = board.layer("water_depth")
    for h in token.footprint:
        if board.contains(h):
            col, row = board.cell_of(h)
            if depth[row, col]:
                return True
    return False


def change_posture(board: Board, token_id: str, posture: str) -> MotionChange:
    """Stand, crouch or go prone ([S001] Crouch and Prone)."""
    if posture not in POSTURES:
        raise ValueError(f"posture must be one of {', '.join(POSTURES)}, got {posture!r}")
    token = board.token(token_id)
    now = posture_of(token)
    if now == posture:
        return _refused(f"{token.name} is already {posture}")
    if posture != "standing" and swimming(board, token):
        return _refused(f"While Swimming, {token.name} cannot be {posture.capitalize()} [S001]")
    cost, note = POSTURE_COSTS[(now, posture)]
    conditions = remove_condition(remove_condition(token.conditions, "prone"), "crouching")
    if posture != "standing":
        conditions = set_condition(conditions, posture, 1, "")
    changed = replace(token, conditions=conditions)
    off_ground = token.motion.mode in ("fly", "climb") or in_the_air(board, token_id)
    if posture == "prone" and off_ground:
        return _prone_falls(board, changed, cost, note)
    return _paid(board, token, cost, (note,), changed)


def _prone_falls(board: Board, prone: Token, cost: int, note: str) -> MotionChange:
    """[S001] "When you become Prone, fall." Off the ground: a flyer stops flying ("While
    flying, you cannot be Prone"), a climber lets go of its surface, and one above the
    ground falls there (:func:`rules.movement.falling.fall`; its Collision is in the notes)."""
    before = board.token(prone.id)
    notes = [note]
    if prone.motion.mode == "fly":
        notes.append(f"{prone.name} stops flying: 'While flying, you cannot be Prone' [S001]")
    elif prone.motion.mode == "climb":
        notes.append(f"{prone.name} lets go of the surface it climbs [S001]")
    prone = replace(prone, motion=replace(prone.motion, mode="ground"))
    if prone.motion.altitude <= 0:
        notes.append(f"{prone.name} is on the ground: it falls where it is, 0 spaces")
        change = _paid(board, before, cost, tuple(notes), prone)
        return replace(change, leaves_air=True)
    result = fall(board.with_token_replaced(prone), prone.id)
    notes += result.reasons
    if result.collision is not None:
        notes.append(f"Collision on landing: {result.collision.describe()}")
    change = _paid(board, before, cost, tuple(notes), landed(prone, result))
    return replace(change, moved=True, fall=result, leaves_air=True)


def stop_moving(board: Board, token_id: str) -> MotionChange:
    """Pay 1 Movement to stop moving ([S001])."""
    token = board.token(token_id)
    if not token.moving:
        return _refused(f"{token.name} is not moving")
    note = "'… or pay 1 Movement to stop' [S001]"
    return _paid(board, token, 1, (note,), replace(token, moving=False))


def change_mode(board: Board, token_id: str, mode: str) -> MotionChange:
    """Start or stop flying, burrowing or climbing (free; the steps then cost)."""
    token = board.token(token_id)
    if mode == token.motion.mode:
        return _refused(f"{token.name} is already moving that way")
    needed = MODE_TYPES.get(mode)
    if needed and needed not in token.movement_types:
        return _refused(f"{token.name} has no {needed.capitalize()} movement type [S001]")
    if mode == "fly" and posture_of(token) == "prone":
        return _refused(f"While flying, {token.name} cannot be Prone: stand first [S001]")
    if token.motion.mode == "fly" and token.motion.altitude:
        return _refused(
            f"{token.name} is {token.motion.altitude} spaces up: 'If you are not flying and do "
            "not have a surface to stand on, begin falling' — descend first, or use Fall… "
            "[S001]"
        )
    notes: list[str] = []
    if mode == "climb":
        notes.append("Climbing: Climb DL 6 to move, +1 cost, Encumbered 2 [S001]")
    motion = replace(token.motion, mode=mode)
    return MotionChange(replace(token, motion=motion), 0, tuple(notes))


def change_pace(board: Board, token_id: str, pace: str) -> MotionChange:
    """Walk, Dash or Run this round ([P-MOBILITY]; Dash and Run are Major Actions)."""
    if pace not in PACES:
        raise ValueError(f"pace must be one of {', '.join(PACES)}, got {pace!r}")
    token = board.token(token_id)
    if pace == "run" and swimming(board, token):
        return _refused(f"While Swimming, {token.name} cannot run [S001]")
    notes = {
        "walk": "Walking: 1 space of cost per Movement",
        "dash": "Dash (Major): each Movement paid moves 1 extra space; +1 sound [P-MOBILITY]",
        "run": "Run (Major): each Movement paid moves 2 extra spaces; +2 sound; "
        "no Minor Actions [P-MOBILITY]",
    }
    return MotionChange(replace(token, motion=replace(token.motion, pace=pace)), 0, (notes[pace],))


def set_amble(board: Board, token_id: str, on: bool) -> MotionChange:
    """Amble: +1 Movement cost, −1 sound Magnitude for 1 round (§11a D11)."""
    token = board.token(token_id)
    note = "Amble: +1 Movement cost per space, −1 sound Magnitude for 1 round [S001]"
    return MotionChange(replace(token, motion=replace(token.motion, amble=on)), 0, (note,))


def change_altitude(board: Board, token_id: str, delta: int) -> MotionChange:
    """A flyer rises (``delta`` > 0) or descends in place: each space is a space of Fly
    movement with the flyer's own charges (Secondary Fly, Amble, Encumbered…), +1 for
    each space risen ("When you use Movement to increase your elevation, increase the cost
    by 1" [S001]); paid at its pace like any move."""
    token = board.token(token_id)
    motion = token.motion
    if not motion.flying:
        return _refused(f"{token.name} is not flying")
    target = motion.altitude + delta
    if target < 0:
        return _refused(f"{token.name} is {motion.altitude} spaces above the ground")
    if delta > 0 and over_bulk_limit(board, token_id):  # a Hold's Bulk counts [S002]
        return _refused(
            f"carrying more than its Bulk Limit ({carried_bulk(board, token_id).describe()}), "
            f"{token.name} cannot increase its elevation [S001]"
        )
    profile = mover_profile(board, token_id)
    per = 1 + (profile.type_extra("fly") or 0) + sum(c.amount for c in profile.per_space)
    units = abs(delta) * (per + (1 if delta > 0 else 0))
    word = f"rising {delta}" if delta > 0 else f"descending {-delta}"
    note = f"{word}: {units} = {abs(delta)} × ({per} a space" + (
        " + 1 rising) [S001]" if delta > 0 else ")"
    )
    paid, spare = payment(token, units)
    lifted = replace(token, motion=replace(motion, altitude=target, spare=spare))
    change = _paid(board, token, paid, (note,), lifted)
    return replace(change, moved=True) if change.allowed else change
