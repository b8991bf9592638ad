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

The relation itself and what it writes on the tokens is :mod:`rules.board.hold_state`
(the part the :class:`~rules.board.grid.Board` stores); this module edits it on a board.
Each seed sentence has one owner:

- carried Bulk — "The Bulk of all other creatures in the Hold count towards your carried
  Bulk": :func:`carried_bulk`, :func:`over_bulk_limit`;
- being moved — "If an effect would move you, it attacks Athletics of each creature in the
  Hold …": :func:`hold_resistance` (the contests), :func:`leave_holds` (their success);
- swallowed — :func:`swallower_of`, :func:`swallowed_by`;
- touch, moving together, swallowing and the stomach's "If there are 6 Tiers of Wounded to
  the stomach, they fall out" need Reach and entering spaces (seed 000):
  :mod:`rules.battlefield.holds`.

A Held or swallowed creature cannot walk away (:func:`held_refusal`): it must Escape.

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> b = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> b = with_hold(b.with_token(Token("g", "Goblin", Hex(2, 1), size=-1)), Hold("a", "g"))
>>> [(t.name, t.conditions) for t in b.tokens.values()][1][1][0].label
'Encumbered 2 (Hold)'
>>> round(carried_bulk(b, "a").total, 2)  # the Goblin's body Bulk counts
16.67
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.board.hold_state import (
    HOLD_SOURCE,
    SWALLOWED,
    Hold,
    held_tier_of,
    hold_marks,
    released,
    swallowers_among,
)
from rules.board.motion import MAX_BULK

if TYPE_CHECKING:
    from rules.board.grid import Board
    from rules.board.tokens import Token

__all__ = [
    "BODY_BULK_LB",
    "HOLD_SOURCE",
    "STOMACH_RELEASE_TIERS",
    "BulkSource",
    "CarriedBulk",
    "Hold",
    "HoldContest",
    "HoldResistance",
    "HoldUpdate",
    "HoldVerdict",
    "body_bulk",
    "carried_bulk",
    "escape_hold",
    "grapple_hold",
    "held_refusal",
    "held_tier",
    "hold_of",
    "hold_resistance",
    "holds_on",
    "leave_holds",
    "over_bulk_limit",
    "release_hold",
    "release_holds_on",
    "resist_dice",
    "stomach_wounds",
    "swallowed_by",
    "swallower_of",
    "swallowers",
    "with_hold",
]

STOMACH = "stomach"
STOMACH_RELEASE_TIERS = 6
"""[S002] "If there are 6 Tiers of Wounded to the stomach, they fall out"."""
BODY_BULK_LB = (150.0, 3.0, 3.0)
"""A creature's body Bulk (**[ASSUMPTION]**, the map keeps no weights): Q15 "size 0 ≈ …
~150 lb; … ×3 weight per size step" and [P-GEAR] "a creature's Bulk = 1 per 3 lb" — the
weight at size 0 in lb, the weight factor per size, the lb per Bulk."""
BULK = "'The Bulk of all other creatures in the Hold count towards your carried Bulk' [S002]"
ENDS = "'If there is no Holder or Held creature in a Hold, the Hold ends' [S002]"
MOVED = (
    "'If an effect would move you, it attacks Athletics of each creature in the Hold with a "
    "number of d12 equal to the number of spaces it is trying to move you to remove you from "
    "the Hold. On failure against any, you are not moved.' [S002]"
)


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
    return held_tier_of(board.token(hold.holder), board.token(hold.held), hold)


def release_holds_on(board: Board, token_ids: Iterable[str]) -> Board:
    """``board`` without every Hold that names one of ``token_ids``, the Hold conditions of
    everyone in them reset: :func:`release_hold` of each, in one pass."""
    ids = tuple(token_ids)
    for token_id in {
        i for h in board.holds if h.holder in ids or h.held in ids for i in (h.holder, h.held)
    }:
        board.token(token_id)
    after = released(board.tokens, board.holds, ids)
    if after is None:
        return board
    kept, changed = after
    return board._evolve(holds=kept, tokens={**board.tokens, **changed})


def _with_conditions(board: Board, token_ids: tuple[str, ...]) -> Board:
    """Reset the Hold conditions of ``token_ids`` from the Holds they are in
    (:func:`rules.board.hold_state.hold_marks`, the tokens replaced together)."""
    for token_id in token_ids:
        board.token(token_id)
    changed = hold_marks(board.tokens, board.holds, token_ids)
    return board._evolve(tokens={**board.tokens, **changed}) if changed else board


def _partners(board: Board, token_id: str) -> list[str]:
    """The other creatures in the Holds ``token_id`` is in, in id order."""
    found = {h.held if h.holder == token_id else h.holder for h in holds_on(board, token_id)}
    return sorted(found)


def held_refusal(board: Board, token_id: str) -> str | None:
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
    own = BulkSource(
        token.id, "own", token.motion.bulk, f"what {token.name} carries: {token.motion.bulk:g} Bulk"
    )
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
    return swallowers_among(board.tokens)


def swallowed_by(board: Board, swallower: str) -> list[str]:
    """The creatures in ``swallower``'s stomach, in id order."""
    return sorted(t for t, eater in swallowers(board).items() if eater == swallower)


def stomach_wounds(token: Token) -> int:
    """The Wounded Tiers on ``token``'s stomach (:class:`rules.board.pools.Vitals`)."""
    return dict(token.vitals.wounded).get(STOMACH, 0)
