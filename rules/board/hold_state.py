"""The Hold's own state, as a ``.hexmap`` stores it (seed 002 Grab/Hold, RULES-DIGEST
R-HOLD): the :class:`Hold` relation between a Holder and a Held creature, and what the
Holds write on the tokens — the Encumbered Tiers from the Hold (source ``"Hold"``), Held
and Grappled — read from a board's parts (its tokens and Holds), so the
:class:`~rules.board.grid.Board`, which stores them, can keep them when tokens leave. The
edits on a board are :mod:`rules.board.holds`; touch, moving together and the stomach are
:mod:`rules.battlefield.holds`.

[S002] "While in a Hold … Have 2 Tiers of Encumbered. If you are larger than the other
creature, reduce the Tiers by your size difference" (:func:`hold_encumbered`).

>>> hold_encumbered(your_size=1, other_size=0).value
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.board.conditions import Entries, remove_condition, set_condition
from rules.ids import id_problem
from rules.reasons import Term

if TYPE_CHECKING:
    from rules.board.tokens import Token

__all__ = [
    "HOLD_SOURCE",
    "SWALLOWED",
    "Hold",
    "held_tier_of",
    "hold_encumbered",
    "hold_marks",
    "released",
    "swallowers_among",
]

HOLD_SOURCE = "Hold"
"""The source of the Encumbered Tiers a Hold gives, on both tokens."""
SWALLOWED = "swallowed"


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


def hold_encumbered(your_size: int, other_size: int, grapples: int = 0) -> Term:
    """[S002] in a Hold: "Have 2 Tiers of Encumbered. If you are larger than the other
    creature, reduce the Tiers by your size difference"; each Grapple on you "increase[s]
    the Tier of Encumbered they suffer from Hold by 1". Holder and Held alike."""
    advantage = max(0, your_size - other_size)
    tier = max(0, 2 - advantage) + grapples
    reasons = ["Hold: Encumbered 2 [S002]"]
    if advantage:
        reasons.append(f"−{advantage}: {advantage} sizes larger than the other [S002]")
    if grapples:
        reasons.append(f"+{grapples} from Grapple [S002]")
    return Term(tier, reasons[0], notes=tuple(reasons[1:]))


def held_tier_of(holder: Token, held: Token, hold: Hold) -> int:
    """The Held creature's Encumbered Tier from ``hold``: 2 less its size advantage over
    the Holder (R-HOLD), changed by Grapples and Escapes."""
    return hold_encumbered(held.size, holder.size).value + hold.tier_change


def hold_marks(
    tokens: Mapping[str, Token], holds: Sequence[Hold], token_ids: Iterable[str]
) -> dict[str, Token]:
    """The tokens of ``token_ids`` whose Hold conditions change once reset from ``holds``
    (every Hold read once), by id; those that keep theirs are left out."""
    on: dict[str, list[Hold]] = {tokens[i].id: [] for i in token_ids}
    for hold in holds:
        for token_id in {hold.holder, hold.held} & on.keys():
            on[token_id].append(hold)
    changed = {}
    for token_id, mine in on.items():
        token = tokens[token_id]
        entries = _hold_conditions(tokens, token, mine)
        if entries != token.conditions:
            changed[token_id] = replace(token, conditions=entries)
    return changed


def _hold_conditions(tokens: Mapping[str, Token], token: Token, holds: list[Hold]) -> Entries:
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
            tier = max(tier, held_tier_of(tokens[hold.holder], token, hold))
            entries = set_condition(entries, "held", 1, tokens[hold.holder].name)
            if hold.tier_change > 0:
                entries = set_condition(entries, "grappled", hold.tier_change)
        else:
            other = tokens[hold.held].size
            tier = max(tier, hold_encumbered(token.size, other).value)
    if tier:
        entries = set_condition(entries, "encumbered", tier, HOLD_SOURCE)
    return entries


def released(
    tokens: Mapping[str, Token], holds: Sequence[Hold], token_ids: Iterable[str]
) -> tuple[tuple[Hold, ...], dict[str, Token]] | None:
    """The Holds kept when every Hold naming one of ``token_ids`` ends, and the tokens
    whose Hold conditions that changes (everyone in the ended Holds); ``None`` when no
    Hold names them."""
    gone = set(token_ids)
    ended = [h for h in holds if h.holder in gone or h.held in gone]
    if not ended:
        return None
    kept = tuple(h for h in holds if h.holder not in gone and h.held not in gone)
    named = dict.fromkeys(i for h in ended for i in (h.holder, h.held))
    return kept, hold_marks(tokens, kept, named)


def swallowers_among(tokens: Mapping[str, Token]) -> dict[str, str]:
    """Every swallowed creature's swallower (never itself): the source of its Swallowed
    condition (the swallower's id; a name, as older maps stored it, is looked up too),
    all looked up in one pass over ``tokens``."""
    first_named: dict[str, str] = {}
    for token in tokens.values():
        first_named.setdefault(token.name, token.id)
    found: dict[str, str] = {}
    for token in tokens.values():
        entry = next((e for e in token.conditions if e.name == SWALLOWED), None)
        if entry is None:
            continue
        eater = entry.source if entry.source in tokens else first_named.get(entry.source)
        if eater is not None and eater != token.id:
            found[token.id] = eater
    return found
