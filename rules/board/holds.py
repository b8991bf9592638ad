"""Holds: a relation between two tokens, a Holder and a Held creature (issue #7; seed 002
Grab/Hold, RULES-DIGEST R-HOLD), and swallowing, which takes a creature out of its Hold
into its swallower's stomach.

[S002] "Attack a target who is not Held with a Free Limb to cause you both to be in a
Hold, with you being a Holder and the target being Held … While in a Hold … Have 2 Tiers
of Encumbered. If you are larger than the other creature, reduce the Tiers by your size
difference." Grapple "increase[s] the Tier of Encumbered they suffer from Hold by 1";
Escape reduces it by 2 (by 1 when it frees a targeted part) and ends the Hold when none is
left. "Being a Holder can be Dropped. If there is no Holder or Held creature in a Hold,
the Hold ends."

The Encumbered Tiers a Hold gives are kept on the tokens as condition entries with the
source ``"Hold"`` (:mod:`rules.board.conditions`), together with ``held`` (and ``grappled``) on
the Held creature, so the movement rules see them without knowing about Holds.

Each seed sentence has one owner here:

- carried Bulk — "The Bulk of all other creatures in the Hold count towards your carried
  Bulk": :func:`carried_bulk`, :func:`over_bulk_limit`;
- touch — "A creature stops being a Holder if they can no longer touch the other creature
  with parts they used for the Hold": :func:`can_touch`, :func:`holds_after_move`;
- being moved — "If an effect would move you, it attacks Athletics of each creature in the
  Hold …": :func:`hold_resistance` (the contests), :func:`leave_holds` (their success);
- moving together — when a Holder moves on its own, the creatures it holds move with it by
  the same offset (**[ASSUMPTION]** the Hold drags the Held along; "they move together",
  issue #7), and a swallowed creature moves with its swallower: :func:`move_together`;
- swallowed — :func:`swallow`, :func:`swallower_of`, and the stomach's "If there are 6
  Tiers of Wounded to the stomach, they fall out": :func:`stomach_check`.

A Held or swallowed creature cannot walk away (:func:`held_problem`): it must Escape.

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> b = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> b = with_hold(b.with_token(Token("g", "Goblin", Hex(2, 1), size=-1)), Hold("a", "g"))
>>> [(t.name, t.conditions) for t in b.tokens.values()][1][1][0].label
'Encumbered 2 (Hold)'
>>> moved = move_holder(b, "a", Hex(1, 2))
>>> moved.token("g").position
Hex(q=2, r=2)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.actions.arithmetic import hold_encumbered
from rules.board.conditions import Entries, remove_condition, set_condition
from rules.board.motion import MAX_BULK
from rules.hexes import Hex, distance, neighbors
from rules.ids import id_problem

if TYPE_CHECKING:
    from rules.board.grid import Board
    from rules.board.tokens import Token

__all__ = [
    "BODY_BULK_LB",
    "GRAB_REACH_LESS",
    "HOLD_SOURCE",
    "STOMACH_RELEASE_TIERS",
    "BulkSource",
    "CarriedBulk",
    "Hold",
    "HoldContest",
    "HoldResistance",
    "HoldUpdate",
    "HoldVerdict",
    "Touch",
    "body_bulk",
    "can_touch",
    "carried_bulk",
    "carry_held",
    "escape_hold",
    "followers",
    "grapple_hold",
    "held_problem",
    "held_tier",
    "hold_of",
    "hold_reach",
    "hold_resistance",
    "holds_after_move",
    "holds_on",
    "leave_holds",
    "move_holder",
    "move_together",
    "over_bulk_limit",
    "release_hold",
    "release_holds_on",
    "resist_dice",
    "stomach_check",
    "stomach_wounds",
    "swallow",
    "swallowed_by",
    "swallower_of",
    "swallowers",
    "with_hold",
]

HOLD_SOURCE = "Hold"
"""The source of the Encumbered Tiers a Hold gives, on both tokens."""
GRAB_REACH_LESS = 1
"""[S002] Grab: "Have -1 Reach with this attack"."""
SWALLOWED = "swallowed"
STOMACH = "stomach"
STOMACH_RELEASE_TIERS = 6
"""[S002] "If there are 6 Tiers of Wounded to the stomach, they fall out"."""
BODY_BULK_LB = (150.0, 3.0, 3.0)
"""A creature's body Bulk (**[ASSUMPTION]**, the map keeps no weights): Q15 "size 0 ≈ …
~150 lb; … ×3 weight per size step" and [P-GEAR] "a creature's Bulk = 1 per 3 lb" — the
weight at size 0 in lb, the weight factor per size, the lb per Bulk."""
BULK = "'The Bulk of all other creatures in the Hold count towards your carried Bulk' [S002]"
TOUCH = (
    "'A creature stops being a Holder if they can no longer touch the other creature with "
    "parts they used for the Hold' [S002]"
)
ENDS = "'If there is no Holder or Held creature in a Hold, the Hold ends' [S002]"
MOVED = (
    "'If an effect would move you, it attacks Athletics of each creature in the Hold with a "
    "number of d12 equal to the number of spaces it is trying to move you to remove you from "
    "the Hold. On failure against any, you are not moved.' [S002]"
)
FALL_OUT = "'If there are 6 Tiers of Wounded to the stomach, they fall out' [S002]"


@dataclass(frozen=True)
class Hold:
    """``holder`` holds ``held``; ``tier_change`` is what Grapples (+1 each) and Escapes
    (−2, or −1) have done to the Held creature's Encumbered Tiers from the Hold; ``part``
    is a body part the Holder targeted (Called Shot), which the Held creature cannot use
    while in the Hold."""

    holder: str
    held: str
    tier_change: int = 0
    part: str | None = None

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        """What is wrong with this Hold's fields, or ``None``."""
        for role in ("holder", "held"):
            problem = id_problem(f"the Hold's {role}", getattr(self, role))
            if problem:
                return problem
        if self.holder == self.held:
            return "a creature cannot hold itself"
        change = self.tier_change
        if isinstance(change, bool) or not isinstance(change, int) or not -99 <= change <= 99:
            return f"a Hold's Tier change must be a whole number −99..99, got {change!r}"
        if self.part is not None and not (isinstance(self.part, str) and self.part.strip()):
            return "a Hold's targeted part must be a name or unset"
        return None

    def names(self, token_id: str) -> bool:
        return token_id in (self.holder, self.held)


@dataclass(frozen=True)
class HoldUpdate:
    """A board after a Hold rule ran: the tokens it moved and why, rule by rule."""

    board: Board
    reasons: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()

    def then(self, later: HoldUpdate) -> HoldUpdate:
        """This update followed by ``later`` (made from :attr:`board`)."""
        moved = tuple(dict.fromkeys((*self.moved, *later.moved)))
        return HoldUpdate(later.board, (*self.reasons, *later.reasons), moved)


# -- the relation -------------------------------------------------------------------
def holds_on(board: Board, token_id: str) -> tuple[Hold, ...]:
    """Every Hold ``token_id`` is in, as Holder or Held."""
    return tuple(h for h in board.holds if h.names(token_id))


def hold_of(board: Board, holder: str, held: str) -> Hold | None:
    """The Hold of ``holder`` on ``held``, if there is one."""
    return next((h for h in board.holds if (h.holder, h.held) == (holder, held)), None)


def with_hold(board: Board, hold: Hold) -> Board:
    """``board`` with ``hold`` added or replaced, and both tokens' Hold conditions set.

    Raises ``ValueError`` when the target is already Held by someone else ("a target who
    is not Held", [S002]) or a token is missing."""
    for token_id in (hold.holder, hold.held):
        board.token(token_id)
    others = [h for h in board.holds if (h.holder, h.held) != (hold.holder, hold.held)]
    if any(h.held == hold.held for h in others):
        name = board.token(hold.held).name
        raise ValueError(f"{name} is already Held: a Grab needs a target who is not Held [S002]")
    return _with_conditions(board._evolve(holds=(*others, hold)), (hold.holder, hold.held))


def release_hold(board: Board, holder: str, held: str) -> Board:
    """``board`` without the Hold of ``holder`` on ``held`` (Dropped, escaped, or ended
    because a token left), the Hold's conditions taken off both."""
    holds = tuple(h for h in board.holds if (h.holder, h.held) != (holder, held))
    if len(holds) == len(board.holds):
        raise KeyError(f"{holder!r} does not hold {held!r}")
    return _with_conditions(board._evolve(holds=holds), (holder, held))


def grapple_hold(board: Board, holder: str, held: str) -> Board:
    """A successful Grapple: +1 Encumbered Tier on the Held creature ([S002]); a Grapple
    by someone not yet holding joins the Hold as a Holder (taking the Hold over)."""
    hold = hold_of(board, holder, held)
    if hold is None:
        current = next((h for h in board.holds if h.held == held), None)
        change = 0 if current is None else current.tier_change
        board = board if current is None else release_hold(board, current.holder, held)
        hold = Hold(holder, held, change)
    return with_hold(board, replace(hold, tier_change=hold.tier_change + 1))


def escape_hold(board: Board, holder: str, held: str, frees_part: bool = False) -> Board:
    """A successful Escape: the Held creature's Encumbered from the Hold drops by 2 (by 1
    when it frees a targeted part, which is then no longer affected); "If this removes all
    Encumbered … they are removed from the Grab" ([S002])."""
    hold = hold_of(board, holder, held)
    if hold is None:
        raise KeyError(f"{holder!r} does not hold {held!r}")
    freed = frees_part and hold.part is not None
    escaped = replace(hold, tier_change=hold.tier_change - (1 if freed else 2))
    if freed:
        escaped = replace(escaped, part=None)
    if held_tier(board, escaped) <= 0:
        return release_hold(board, holder, held)
    return with_hold(board, escaped)


def held_tier(board: Board, hold: Hold) -> int:
    """The Held creature's Encumbered Tier from ``hold``: 2 less its size advantage over
    the Holder (R-HOLD), changed by Grapples and Escapes."""
    holder, held = board.token(hold.holder), board.token(hold.held)
    return hold_encumbered(held.size, holder.size).value + hold.tier_change


def release_holds_on(board: Board, token_ids: Iterable[str]) -> Board:
    """``board`` without every Hold that names one of ``token_ids``, the Hold conditions of
    everyone in them reset: :func:`release_hold` of each, in one pass."""
    gone = set(token_ids)
    ended = [h for h in board.holds if h.holder in gone or h.held in gone]
    if not ended:
        return board
    kept = tuple(h for h in board.holds if h.holder not in gone and h.held not in gone)
    named = dict.fromkeys(i for h in ended for i in (h.holder, h.held))
    return _with_conditions(board._evolve(holds=kept), tuple(named))


def _with_conditions(board: Board, token_ids: tuple[str, ...]) -> Board:
    """Reset the Hold conditions of ``token_ids`` from the Holds they are in (every Hold
    read once, the tokens replaced together)."""
    on: dict[str, list[Hold]] = {board.token(i).id: [] for i in token_ids}
    for hold in board.holds:
        for token_id in {hold.holder, hold.held} & on.keys():
            on[token_id].append(hold)
    changed = {}
    for token_id, holds in on.items():
        token = board.token(token_id)
        entries = _hold_conditions(board, token, holds)
        if entries != token.conditions:
            changed[token_id] = replace(token, conditions=entries)
    return board._evolve(tokens={**board.tokens, **changed}) if changed else board


def _hold_conditions(board: Board, token: Token, holds: list[Hold]) -> Entries:
    """``token``'s conditions with those from Holds set from ``holds`` (the Holds it is
    in); Strangled from a suffocating Grapple lasts "until the head is no longer
    affected" [S002]."""
    entries = remove_condition(token.conditions, "encumbered", HOLD_SOURCE)
    entries = remove_condition(entries, "held")
    entries = remove_condition(entries, "grappled")
    if not any(h.held == token.id and h.part == "head" for h in holds):
        entries = remove_condition(entries, "strangled", HOLD_SOURCE)  # [S002] Strangled
    tier = 0
    for hold in holds:
        if hold.held == token.id:
            tier = max(tier, held_tier(board, hold))
            entries = set_condition(entries, "held", 1, board.token(hold.holder).name)
            if hold.tier_change > 0:
                entries = set_condition(entries, "grappled", hold.tier_change)
        else:
            other = board.token(hold.held).size
            tier = max(tier, hold_encumbered(token.size, other).value)
    if tier:
        entries = set_condition(entries, "encumbered", tier, HOLD_SOURCE)
    return entries


def _partners(board: Board, token_id: str) -> list[str]:
    """The other creatures in the Holds ``token_id`` is in, in id order."""
    found = {h.held if h.holder == token_id else h.holder for h in holds_on(board, token_id)}
    return sorted(found)


def held_problem(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` cannot move on its own: it is Held (it must Escape first) or
    swallowed (it moves with its swallower)."""
    eater = swallower_of(board, token_id)
    if eater is not None:
        name, by = board.token(token_id).name, board.token(eater).name
        return f"{name} is swallowed by {by}: it moves only with {by} [S002]"
    hold = next((h for h in board.holds if h.held == token_id), None)
    if hold is None:
        return None
    holder = board.token(hold.holder).name
    return f"{board.token(token_id).name} is Held by {holder}: Escape first [S002]"


# -- carried Bulk -------------------------------------------------------------------
@dataclass(frozen=True)
class BulkSource:
    """One part of a creature's carried Bulk: whose, how much, and why."""

    token_id: str
    name: str
    bulk: float
    reason: str


@dataclass(frozen=True)
class CarriedBulk:
    """A creature's carried Bulk: what it carries (``motion.bulk``) and the body Bulk of
    every other creature in its Holds ([S002]), against its Bulk Limit."""

    token_id: str
    sources: tuple[BulkSource, ...]
    limit: float | None

    @property
    def total(self) -> float:
        """The carried Bulk, never rounded [P-GEAR]."""
        return sum(s.bulk for s in self.sources)

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(s.reason for s in self.sources)

    def describe(self) -> str:
        """``"carries 60.5 Bulk of limit 67.5: own 10.5, Aria 50"``."""
        limit = "no Bulk Limit set" if self.limit is None else f"limit {self.limit:g}"
        parts = ", ".join(f"{s.name} {s.bulk:g}" for s in self.sources)
        return f"carries {self.total:g} Bulk of {limit}: {parts}"


def body_bulk(token: Token) -> BulkSource:
    """``token``'s own body Bulk from its size (**[ASSUMPTION]** :data:`BODY_BULK_LB`:
    150 lb at size 0, ×3 per size, 1 Bulk per 3 lb — 50 Bulk at size 0, never rounded)."""
    pounds, per_size, per_bulk = BODY_BULK_LB
    weight = pounds * per_size**token.size
    bulk = weight / per_bulk
    why = (
        f"{token.name}'s body: size {token.size} ≈ {weight:.4g} lb (Q15: 150 lb at size 0, ×3 "
        f"per size) at 1 Bulk per 3 lb [P-GEAR] = {bulk:.4g} Bulk [ASSUMPTION]"
    )
    return BulkSource(token.id, token.name, bulk, why)


def carried_bulk(board: Board, token_id: str) -> CarriedBulk:
    """[S002] "The Bulk of all other creatures in the Hold count towards your carried
    Bulk": ``token_id``'s own ``motion.bulk`` plus :func:`body_bulk` of each other creature
    in a Hold with it (Holder or Held — the sentence names everyone in the Hold). A
    swallowed creature is out of the Hold ("they are removed from the [Hold]") and is not
    counted."""
    token = board.token(token_id)
    own = BulkSource(token.id, "own", token.motion.bulk,
                     f"what {token.name} carries: {token.motion.bulk:g} Bulk")  # fmt: skip
    others = []
    for other_id in _partners(board, token_id):
        body = body_bulk(board.token(other_id))
        others.append(replace(body, reason=f"{body.reason}; {BULK}"))
    return CarriedBulk(token_id, (own, *others), token.motion.bulk_limit)


def over_bulk_limit(board: Board, token_id: str) -> int:
    """0 within the Bulk Limit (or none set), 1 over it, 2 over double it, with the Bulk
    of everyone in its Holds carried ([S002]; the thresholds are
    :meth:`rules.board.motion.Motion.over_bulk_limit`'s, [S001])."""
    carried = carried_bulk(board, token_id)
    motion = board.token(token_id).motion
    return replace(motion, bulk=min(carried.total, MAX_BULK)).over_bulk_limit()


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
    from rules.battlefield.reach import (
        reach_of,  # rules.board.grid imports this module: import on use
    )

    return reach_of(token) - GRAB_REACH_LESS


def _apart(board: Board, a: Token, b: Token) -> int:
    """Contiguous spaces between ``a`` and ``b`` (§11a D9): hex distance plus the
    difference in height (ground elevation + altitude) unless the map ignores elevation."""
    from rules.battlefield.reach import elevation_at
    from rules.options import RuleOptions

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


# -- being moved by an effect --------------------------------------------------------
@dataclass(frozen=True)
class HoldContest:
    """One attack an effect that moves a creature in a Hold makes: ``dice`` d12 against
    ``defender``'s Athletics ([S002])."""

    defender: str
    name: str
    dice: int
    skill: str = "Athletics"


@dataclass(frozen=True)
class HoldVerdict:
    """Whether the creature is moved (out of its Holds) once the contests are rolled."""

    moves: bool
    held_back: tuple[str, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class HoldResistance:
    """The contests an effect trying to move ``token_id`` by ``spaces`` must win against
    everyone else in its Holds ([S002]); none when it is in no Hold."""

    token_id: str
    spaces: int
    contests: tuple[HoldContest, ...]
    reasons: tuple[str, ...]

    @property
    def pairs(self) -> tuple[tuple[str, int], ...]:
        """``(defender, dice)`` for each contest."""
        return tuple((c.defender, c.dice) for c in self.contests)

    def verdict(self, won: Sequence[bool]) -> HoldVerdict:
        """[S002] "On failure against any, you are not moved": ``won[i]`` is whether the
        effect's attack beat contest ``i``. Success against all removes the creature from
        the Hold (:func:`leave_holds`). ``ValueError`` when a result is missing."""
        results = tuple(won)
        if len(results) != len(self.contests):
            raise ValueError(
                f"need the result of each of the {len(self.contests)} attacks on the Athletics "
                f"of the creatures in the Hold, got {len(results)} [S002]"
            )
        if not self.contests:
            return HoldVerdict(True, (), ())
        back = tuple(c.defender for c, ok in zip(self.contests, results, strict=True) if not ok)
        if back:
            who = ", ".join(c.name for c in self.contests if c.defender in back)
            why = f"the attack fails against {who}: 'On failure against any, you are not moved'"
            return HoldVerdict(False, back, (f"{why} [S002]",))
        why = "the attack beats everyone in the Hold: it is removed from the Hold [S002]"
        return HoldVerdict(True, (), (why,))


def hold_resistance(
    board: Board, token_id: str, spaces: int, exclude: Iterable[str] = ()
) -> HoldResistance:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you to
    remove you from the Hold. On failure against any, you are not moved.": one contest of
    ``spaces`` d12 against the Athletics of each other creature in ``token_id``'s Holds
    (``exclude``: the one moving it, e.g. a Shover in the Hold). None for 0 spaces."""
    skip = set(exclude)
    others = [o for o in _partners(board, token_id) if o not in skip] if spaces > 0 else []
    contests = tuple(HoldContest(o, board.token(o).name, spaces) for o in others)
    if not contests:
        return HoldResistance(token_id, spaces, (), ())
    each = ", ".join(f"{c.name}'s Athletics with {c.dice}d12" for c in contests)
    name = board.token(token_id).name
    noun = "space" if spaces == 1 else "spaces"
    why = f"{name} is in a Hold: moving it {spaces} {noun} attacks {each} — {MOVED}"
    return HoldResistance(token_id, spaces, contests, (why,))


def resist_dice(board: Board, token_id: str, spaces: int) -> tuple[tuple[str, int], ...]:
    """:func:`hold_resistance`'s ``(other creature, dice)`` pairs; ``()`` in no Hold."""
    return hold_resistance(board, token_id, spaces).pairs


def leave_holds(board: Board, token_id: str) -> HoldUpdate:
    """``token_id`` removed from every Hold it is in ("to remove you from the Hold",
    [S002]); a Hold left without a Holder or Held creature ends."""
    reasons = []
    for hold in holds_on(board, token_id):
        other = hold.held if hold.holder == token_id else hold.holder
        names = board.token(token_id).name, board.token(other).name
        board = release_hold(board, hold.holder, hold.held)
        reasons.append(f"{names[0]} is removed from the Hold with {names[1]}: {ENDS}")
    return HoldUpdate(board, tuple(reasons))


# -- swallowed -----------------------------------------------------------------------
def swallower_of(board: Board, token_id: str) -> str | None:
    """Who has swallowed ``token_id``: the source of its Swallowed condition (the
    swallower's id; a name, as older maps stored it, is looked up too), or ``None``."""
    entry = next((e for e in board.token(token_id).conditions if e.name == SWALLOWED), None)
    if entry is None:
        return None
    if entry.source in board.tokens:
        return entry.source
    return next((t.id for t in board.tokens.values() if t.name == entry.source), None)


def swallowers(board: Board) -> dict[str, str]:
    """Every swallowed creature's swallower (:func:`swallower_of`, never itself), all
    looked up in one pass over the tokens."""
    first_named: dict[str, str] = {}
    for token in board.tokens.values():
        first_named.setdefault(token.name, token.id)
    found: dict[str, str] = {}
    for token in board.tokens.values():
        entry = next((e for e in token.conditions if e.name == SWALLOWED), None)
        if entry is None:
            continue
        eater = entry.source if entry.source in board.tokens else first_named.get(entry.source)
        if eater is not None and eater != token.id:
            found[token.id] = eater
    return found


def swallowed_by(board: Board, swallower: str) -> list[str]:
    """The creatures in ``swallower``'s stomach, in id order."""
    return sorted(t for t, eater in swallowers(board).items() if eater == swallower)


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


def stomach_wounds(token: Token) -> int:
    """The Wounded Tiers on ``token``'s stomach (:class:`rules.board.pools.Vitals`)."""
    return dict(token.vitals.wounded).get(STOMACH, 0)


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
    from rules.battlefield.occupancy import entry_check  # rules.board.grid imports this module

    spaces = [eater.position]
    for h in sorted(eater.footprint):
        spaces += [n for n in neighbors(h) if n not in eater.footprint and n not in spaces]
    return next((h for h in spaces if entry_check(board, token_id, h).allowed), None)
