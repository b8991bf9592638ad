"""Holds on the battlefield (seed 002 Grab/Hold, issue #7): what needs Reach and entering
spaces (seed 000) — touch, moving together, swallowing, and falling out of a stomach. The
Hold itself and its edits are the board's (:mod:`rules.board.hold_state`,
:mod:`rules.board.holds`).

Each seed sentence has one owner here:

- touch — "A creature stops being a Holder if they can no longer touch the other creature
  with parts they used for the Hold": :func:`can_touch`, :func:`holds_after_move`;
- moving together — when a Holder moves on its own, the creatures it holds move with it by
  the same offset (**[ASSUMPTION]** the Hold drags the Held along; "they move together",
  issue #7), and a swallowed creature moves with its swallower: :func:`move_together`;
- swallowed — :func:`swallow`, and the stomach's "If there are 6 Tiers of Wounded to the
  stomach, they fall out": :func:`stomach_check`.

>>> from rules.board.grid import Board
>>> from rules.board.holds import Hold, with_hold
>>> from rules.board.tokens import Token
>>> b = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> b = with_hold(b.with_token(Token("g", "Goblin", Hex(2, 1), size=-1)), Hold("a", "g"))
>>> moved = move_holder(b, "a", Hex(1, 2))
>>> moved.token("g").position
Hex(q=2, r=2)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.battlefield.occupancy import entry_check
from rules.battlefield.reach import elevation_at, reach_of
from rules.board.conditions import remove_condition, set_condition
from rules.board.grid import Board
from rules.board.hold_state import SWALLOWED, Hold
from rules.board.holds import (
    ENDS,
    STOMACH_RELEASE_TIERS,
    HoldUpdate,
    hold_of,
    release_hold,
    stomach_wounds,
    swallowed_by,
    swallowers,
)
from rules.board.tokens import Token
from rules.hexes import Hex, distance, neighbors
from rules.options import RuleOptions

__all__ = [
    "GRAB_REACH_LESS",
    "Touch",
    "can_touch",
    "carried",
    "carry_held",
    "followers",
    "hold_reach",
    "holds_after_move",
    "move_holder",
    "move_together",
    "stomach_check",
    "swallow",
]

GRAB_REACH_LESS = 1
"""[S002] Grab: "Have -1 Reach with this attack"."""
TOUCH = (
    "'A creature stops being a Holder if they can no longer touch the other creature with "
    "parts they used for the Hold' [S002]"
)
FALL_OUT = "'If there are 6 Tiers of Wounded to the stomach, they fall out' [S002]"


# -- touch ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Touch:
    """Whether a Holder can still touch the creature it holds, and why."""

    holder: str
    held: str
    touching: bool
    spaces: int
    reach: int
    reason: str


def hold_reach(token: Token) -> int:
    """How far ``token`` touches with the parts it holds with: its Reach
    (:func:`rules.battlefield.reach.reach_of`) less the Grab's 1 ([S002] "Have -1 Reach with this
    attack"; **[ASSUMPTION]** the parts a Hold uses are the Grab's, also after a Grapple)."""
    return reach_of(token) - GRAB_REACH_LESS


def _apart(board: Board, a: Token, b: Token) -> int:
    """Contiguous spaces between ``a`` and ``b`` (§11a D9): hex distance plus the
    difference in height (ground elevation + altitude) unless the map ignores elevation."""
    count = RuleOptions.of(board.options).range_elevation == "count"
    best = None
    for x in a.footprint:
        up_a = elevation_at(board, x) + a.motion.altitude if count else 0
        for y in b.footprint:
            up_b = elevation_at(board, y) + b.motion.altitude if count else 0
            spaces = distance(x, y) + abs(up_a - up_b)
            best = spaces if best is None else min(best, spaces)
    return best or 0


def can_touch(board: Board, hold: Hold) -> Touch:
    """[S002] "A creature stops being a Holder if they can no longer touch the other
    creature with parts they used for the Hold": the Holder touches while the Held
    creature is within its :func:`hold_reach` (counted like range, §11a D9)."""
    holder, held = board.token(hold.holder), board.token(hold.held)
    reach, spaces = hold_reach(holder), _apart(board, holder, held)
    touching = spaces <= reach
    word = "within" if touching else "beyond"
    why = f"{held.name} is {spaces} spaces from {holder.name}, {word} its Hold Reach {reach}"
    return Touch(holder.id, held.id, touching, spaces, reach, f"{why} (Reach − 1 [S002])")


def holds_after_move(board: Board, moved: Iterable[str] | None = None) -> HoldUpdate:
    """``board`` after tokens moved (``moved``; ``None``: any of them): every Holder that
    can no longer touch (:func:`can_touch`) stops being one, and a Hold left with no Holder
    ends ([S002] both sentences), its Encumbered, Held and Grappled taken off both."""
    reasons: list[str] = []
    which = None if moved is None else set(moved)
    for hold in board.holds:
        if which is not None and not which & {hold.holder, hold.held}:
            continue
        touch = can_touch(board, hold)
        if touch.touching:
            continue
        holder, held = board.token(hold.holder).name, board.token(hold.held).name
        board = release_hold(board, hold.holder, hold.held)
        reasons += [
            f"{touch.reason}: {holder} is no longer a Holder — {TOUCH}",
            f"no Holder is left: {held}'s Hold ends — {ENDS}",
        ]
    return HoldUpdate(board, tuple(reasons))


# -- moving together -----------------------------------------------------------------
def followers(board: Board, mover: str) -> list[str]:
    """Who moves with ``mover``: the creatures it holds and has swallowed, and theirs."""
    held: dict[str, list[str]] = {}
    for hold in board.holds:
        held.setdefault(hold.holder, []).append(hold.held)
    eaten: dict[str, list[str]] = {}
    for prey, eater in sorted(swallowers(board).items()):
        eaten.setdefault(eater, []).append(prey)
    found: dict[str, None] = {}  # in the order found, breadth first
    queue = deque([mover])
    while queue:
        current = queue.popleft()
        for token_id in (*held.get(current, ()), *eaten.get(current, ())):
            if token_id != mover and token_id not in found:
                found[token_id] = None
                queue.append(token_id)
    return list(found)


def carried(board: Board, mover: str, before: Hex, rise: int = 0) -> HoldUpdate:
    """``board`` after ``mover`` moved from ``before`` (and ``rise`` spaces up, or down
    when negative: a flyer rising, a faller landing): everyone it holds or has swallowed
    (and whom they hold) moves by the same offset and height ([ASSUMPTION] "they move
    together", issue #7; a swallowed creature sits at its swallower's anchor and keeps it);
    one that would leave the map stays where it is. Then :func:`holds_after_move`."""
    now = board.token(mover).position
    dq, dr = now.q - before.q, now.r - before.r
    moved: list[str] = []
    for follower in followers(board, mover) if (dq or dr or rise) else []:
        token = board.token(follower)
        target = Hex(token.position.q + dq, token.position.r + dr)
        if all(board.contains(h) for h in token.footprint_at(target)):
            height = max(0, token.motion.altitude + rise)
            lifted = replace(token, motion=replace(token.motion, altitude=height))
            board = board.with_token_replaced(lifted.moved_to(target))
            moved.append(follower)
    why = tuple(f"{board.token(t).name} moves with {board.token(mover).name}" for t in moved)
    return HoldUpdate(board, why, tuple(moved)).then(holds_after_move(board, [mover, *moved]))


def carry_held(board: Board, holder: str, before: Hex) -> Board:
    """:func:`carried`'s board (for callers that moved ``holder`` themselves)."""
    return carried(board, holder, before).board


def move_together(board: Board, token_id: str, anchor: Hex) -> HoldUpdate:
    """``token_id`` moved to ``anchor`` with everyone it holds or has swallowed following
    (:func:`carried`), then the Holders that can no longer touch let go."""
    before = board.token(token_id).position
    moved = carried(board.with_token_moved(token_id, anchor), token_id, before)
    return HoldUpdate(moved.board, moved.reasons, (token_id, *moved.moved))


def move_holder(board: Board, holder: str, anchor: Hex) -> Board:
    """:func:`move_together`'s board."""
    return move_together(board, holder, anchor).board


# -- swallowed -----------------------------------------------------------------------
def swallow(board: Board, swallower: str, target: str) -> HoldUpdate:
    """[S002] "On success, they are removed from the [Hold] and they enter your stomach":
    the Hold ends, ``target`` is placed at ``swallower``'s anchor with the condition
    Swallowed (source: the swallower's id) and follows it from now on
    (:func:`move_together`). Its Crowded 2 is computed from the condition
    (:func:`rules.battlefield.occupancy.crowded`), never stored."""
    eater, prey = board.token(swallower), board.token(target)
    if hold_of(board, swallower, target) is not None:
        board = release_hold(board, swallower, target)
    prey = board.token(target)
    entries = set_condition(prey.conditions, SWALLOWED, 1, swallower)
    board = board.with_token_replaced(replace(prey, conditions=entries).moved_to(eater.position))
    why = f"{eater.name} swallows {prey.name}: removed from the Hold, it enters the stomach [S002]"
    return HoldUpdate(board, (why,), (target,)).then(holds_after_move(board, [target]))


def stomach_check(board: Board, swallower: str) -> HoldUpdate:
    """[S002] "If there are 6 Tiers of Wounded to the stomach, they fall out": at
    :data:`STOMACH_RELEASE_TIERS` or more, everyone in ``swallower``'s stomach falls out —
    Swallowed removed, placed in its space if it fits there, else in the first space next
    to it that it can enter (:func:`rules.battlefield.occupancy.entry_check`), else left
    where it is."""
    eater = board.token(swallower)
    wounds, inside = stomach_wounds(eater), swallowed_by(board, swallower)
    if not inside or wounds < STOMACH_RELEASE_TIERS:
        return HoldUpdate(board)
    update = HoldUpdate(board, (f"{eater.name}'s stomach has {wounds} Wounded Tiers: {FALL_OUT}",))
    for token_id in inside:
        update = update.then(_fall_out(update.board, token_id, eater))
    return update


def _fall_out(board: Board, token_id: str, eater: Token) -> HoldUpdate:
    token = board.token(token_id)
    entries = remove_condition(token.conditions, SWALLOWED)
    board = board.with_token_replaced(replace(token, conditions=entries))
    where = _landing(board, token_id, eater)
    if where is None:
        why = f"{token.name} falls out but no space near {eater.name} has room: it stays there"
        return HoldUpdate(board, (why,), ())
    board = board.with_token_moved(token_id, where)
    why = f"{token.name} falls out of {eater.name} into ({where.q}, {where.r})"
    return HoldUpdate(board, (why,), (token_id,)).then(holds_after_move(board, [token_id]))


def _landing(board: Board, token_id: str, eater: Token) -> Hex | None:
    """The swallower's anchor if ``token_id`` fits there, else the first space next to the
    swallower (in direction order around its spaces) that it can enter."""
    spaces = [eater.position]
    for h in sorted(eater.footprint):
        spaces += [n for n in neighbors(h) if n not in eater.footprint and n not in spaces]
    return next((h for h in spaces if entry_check(board, token_id, h).allowed), None)
