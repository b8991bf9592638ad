"""Holds: a relation between two tokens, a Holder and a Held creature (issue #7; seed 002
Grab/Hold, RULES-DIGEST R-HOLD).

[S002] "Attack a target who is not Held with a Free Limb to cause you both to be in a
Hold, with you being a Holder and the target being Held … While in a Hold … Have 2 Tiers
of Encumbered. If you are larger than the other creature, reduce the Tiers by your size
difference." Grapple "increase[s] the Tier of Encumbered they suffer from Hold by 1";
Escape reduces it by 2 (by 1 when it frees a targeted part) and ends the Hold when none is
left. "Being a Holder can be Dropped. If there is no Holder or Held creature in a Hold,
the Hold ends."

The Encumbered Tiers a Hold gives are kept on the tokens as condition entries with the
source ``"Hold"`` (:mod:`rules.conditions`), together with ``held`` (and ``grappled``) on
the Held creature, so the movement rules see them without knowing about Holds.

Moving: when a Holder moves on its own, the creatures it holds move with it by the same
offset (**[ASSUMPTION]** the Hold drags the Held along; "they move together", issue #7).
A Held creature cannot walk away: it must Escape. Forced movement of anyone in a Hold is a
contest (:func:`resist_dice`).

>>> from rules.board import Board
>>> from rules.hexes import Hex
>>> from rules.tokens import Token
>>> b = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> b = with_hold(b.with_token(Token("g", "Goblin", Hex(2, 1), size=-1)), Hold("a", "g"))
>>> [(t.name, t.conditions) for t in b.tokens.values()][1][1][0].label
'Encumbered 2 (Hold)'
>>> moved = move_holder(b, "a", Hex(1, 2))
>>> moved.token("g").position
Hex(q=2, r=2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.conditions import remove_condition, set_condition
from rules.conflict_actions import hold_encumbered
from rules.hexes import Hex
from rules.ids import id_problem

if TYPE_CHECKING:
    from rules.board import Board

__all__ = [
    "HOLD_SOURCE",
    "Hold",
    "carry_held",
    "escape_hold",
    "grapple_hold",
    "held_problem",
    "held_tier",
    "hold_of",
    "holds_on",
    "move_holder",
    "release_hold",
    "resist_dice",
    "with_hold",
]

HOLD_SOURCE = "Hold"
"""The source of the Encumbered Tiers a Hold gives, on both tokens."""


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


def _with_conditions(board: Board, token_ids: tuple[str, ...]) -> Board:
    """Reset the Hold conditions of ``token_ids`` from the Holds they are in; Strangled
    from a suffocating Grapple lasts "until the head is no longer affected" [S002]."""
    for token_id in token_ids:
        token = board.token(token_id)
        entries = remove_condition(token.conditions, "encumbered", HOLD_SOURCE)
        entries = remove_condition(entries, "held")
        entries = remove_condition(entries, "grappled")
        if not any(h.held == token_id and h.part == "head" for h in board.holds):
            entries = remove_condition(entries, "strangled", HOLD_SOURCE)  # [S002] Strangled
        tier = 0
        for hold in holds_on(board, token_id):
            if hold.held == token_id:
                tier = max(tier, held_tier(board, hold))
                entries = set_condition(entries, "held", 1, board.token(hold.holder).name)
                if hold.tier_change > 0:
                    entries = set_condition(entries, "grappled", hold.tier_change)
            else:
                other = board.token(hold.held).size
                tier = max(tier, hold_encumbered(token.size, other).value)
        if tier:
            entries = set_condition(entries, "encumbered", tier, HOLD_SOURCE)
        if entries != token.conditions:
            board = board.with_token_replaced(replace(token, conditions=entries))
    return board


def move_holder(board: Board, holder: str, anchor: Hex) -> Board:
    """``holder`` moved to ``anchor`` with everyone it holds following (:func:`carry_held`)."""
    before = board.token(holder).position
    return carry_held(board.with_token_moved(holder, anchor), holder, before)


def carry_held(board: Board, holder: str, before: Hex) -> Board:
    """``board`` after ``holder`` moved from ``before``, with everyone it holds moved by
    the same offset ([ASSUMPTION] "they move together", issue #7). A held creature that
    would leave the map stays where it is and the Hold is kept: the Soulweaver decides."""
    now = board.token(holder).position
    dq, dr = now.q - before.q, now.r - before.r
    if not (dq or dr):
        return board
    for hold in board.holds:
        if hold.holder != holder:
            continue
        held = board.token(hold.held)
        target = Hex(held.position.q + dq, held.position.r + dr)
        if all(board.contains(h) for h in held.footprint_at(target)):
            board = board.with_token_moved(hold.held, target)
    return board


def held_problem(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` cannot move on its own: it is Held (it must Escape first)."""
    hold = next((h for h in board.holds if h.held == token_id), None)
    if hold is None:
        return None
    holder = board.token(hold.holder).name
    return f"{board.token(token_id).name} is Held by {holder}: Escape first [S002]"


def resist_dice(board: Board, token_id: str, spaces: int) -> tuple[tuple[str, int], ...]:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you":
    the (other creature, dice) pairs to beat; ``()`` when ``token_id`` is in no Hold."""
    others = {h.held if h.holder == token_id else h.holder for h in holds_on(board, token_id)}
    return tuple((other, spaces) for other in sorted(others))
