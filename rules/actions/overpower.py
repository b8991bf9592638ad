"""Overpower actions of seed 002 — Grab, Disarm, Grapple, Hamper, Shove, Escape, Tackle —
as checks: whether the actor may, the DL and the modifiers with their sources, or why
not (issue #7; RULES-DIGEST §12 R-OVERPOWER-SIZE, R-HOLD; Q26 Overpower is Athletics).

[S002] "Against a larger target, suffer a penalty on your roll equal to the size
difference. Against a smaller target, gain a bonus instead. You cannot affect targets 3
or more sizes larger than you." A Grab has −1 Reach ("Have -1 Reach with this attack").

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> b = Board.blank(6, 6).with_token(Token("o", "Ogre", Hex(1, 1), size=1))
>>> b = b.with_token(Token("g", "Goblin", Hex(2, 1), size=-1))
>>> check = overpower(b, "o", "g", "shove")
>>> check.allowed, check.dl, check.modifier, check.skill
(True, 3, 2, 'Athletics')
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.battlefield.holds import can_touch
from rules.battlefield.occupancy import entry_check
from rules.battlefield.reach import can_reach, reach_spaces
from rules.board.conditions import tier_of
from rules.board.grid import Board
from rules.board.holds import Hold
from rules.board.sizes import effective_size
from rules.board.tokens import Token
from rules.hexes import DIRECTIONS, Hex, distance
from rules.movement.hinder import overpower_size_modifier
from rules.options import RuleOptions

__all__ = ["OVERPOWER_ACTIONS", "OverpowerCheck", "overpower", "shove_destinations"]

DL = 3
OVERPOWER_ACTIONS = {
    "grab": "Attack a target who is not Held with a Free Limb to cause you both to be in a "
    "Hold … Have -1 Reach with this attack",
    "disarm": "cause them to drop target object they are holding … +1 on their defenses for "
    "each limb beyond the first",
    "grapple": "Attack target creature in a Hold … to increase the Tier of Encumbered they "
    "suffer from Hold by 1",
    "hamper": "cause Tier 1 of your choice of Blinded, Dazzled, Deafened, Muted, Slowed, or "
    "Unstable, DL 3",
    "shove": "move the target one space farther from you, DL 3",
    "escape": "Attack target Holder … to reduce the Tier of Encumbered … by 2",
    "tackle": "As you move into an occupied space, fill your Movement Pool to attack a target "
    "in the space to cause Collision, DL 3",
}


@dataclass(frozen=True)
class OverpowerCheck:
    """Whether ``actor`` may use an Overpower action on ``target`` (``refusal``: why
    not), and with what."""

    action: str
    dl: int
    modifier: int
    skill: str
    reasons: tuple[str, ...]
    refusal: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def _in_reach(board: Board, actor: Token, target: Token, less: int, opts: RuleOptions) -> bool:
    """In Reach; for a Grab (``less``), within the Reach a Hold touches with — the same
    count that later decides whether the Holder can still touch (:func:`can_touch`)."""
    if not less:
        return any(can_reach(board, actor.id, h, opts).allowed for h in target.footprint)
    return can_touch(board, Hold(actor.id, target.id)).touching


def overpower(
    board: Board,
    actor_id: str,
    target_id: str,
    action: str,
    options: RuleOptions | None = None,
) -> OverpowerCheck:
    """Check Overpower ``action`` by ``actor_id`` on ``target_id`` ([S002])."""
    if action not in OVERPOWER_ACTIONS:
        raise ValueError(f"unknown Overpower {action!r}; known: {', '.join(OVERPOWER_ACTIONS)}")
    opts = options or RuleOptions.of(board.options)
    actor, target = board.token(actor_id), board.token(target_id)
    size = effective_size(target, "attacked", skill="Athletics")  # no wings: not Martial
    modifier, impossible = overpower_size_modifier(actor.size, size.value)
    reasons = [f"'{OVERPOWER_ACTIONS[action]}' [S002]", f"DL {DL}, Athletics (Q26)", *size.reasons]
    reasons.append(f"size {modifier:+d}: Overpower takes the full size difference [S002]")
    refusal = impossible or _action_refusal(board, actor, target, action, opts)
    return OverpowerCheck(action, DL, modifier, "Athletics", tuple(reasons), refusal or None)


def _action_refusal(
    board: Board, actor: Token, target: Token, action: str, opts: RuleOptions
) -> str | None:
    less = 1 if action == "grab" else 0
    if action != "tackle" and not _in_reach(board, actor, target, less, opts):
        extra = " (a Grab has −1 Reach)" if less else ""
        return f"{target.name} is not in {actor.name}'s Reach{extra} [S002]"
    held = tier_of(target.conditions, "held")
    if action == "grab" and held:
        return f"{target.name} is already Held: 'Attack a target who is not Held' [S002]"
    if action == "grapple" and not held:
        return f"{target.name} is not in a Hold: Grapple needs one [S002]"
    if action == "escape" and not tier_of(actor.conditions, "held"):
        return f"{actor.name} is not Held: there is nothing to escape [S002]"
    if action == "tackle" and not (actor.footprint & target.footprint or _adjacent(actor, target)):
        return f"Tackle is made moving into {target.name}'s space [S002]"
    return None


def _adjacent(a: Token, b: Token) -> bool:
    return min(distance(x, y) for x in a.footprint for y in b.footprint) <= 1


def shove_destinations(
    board: Board, actor_id: str, target_id: str, follow_up: bool = True
) -> frozenset[Hex]:
    """Where a Shove may move the target's anchor ([S002]): "move the target one space
    farther from you"; and, "If not being done as the result of another attack succeeding
    against a target in your Reach, you may move the target to any space in your Reach"
    (``follow_up=False``: a Shove made on its own). Only spaces it could stand in are
    offered."""
    actor, target = board.token(actor_id), board.token(target_id)

    def gap(anchor: Hex) -> int:
        return min(distance(a, b) for a in actor.footprint for b in target.footprint_at(anchor))

    now = gap(target.position)
    options = {target.position + d for d in DIRECTIONS if gap(target.position + d) > now}
    if not follow_up:
        reach = reach_spaces(board, actor)
        options |= {h for h in reach if target.footprint_at(h) <= reach}
    return frozenset(
        a for a in options if a != target.position and entry_check(board, target_id, a).allowed
    )
