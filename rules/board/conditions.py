"""Conditions and Ailments a token carries, with Tiers and (for Encumbered) their sources.

RULES-DIGEST §6: the seeds' states (Crowded, Crouching, Prone, Held, Grappled, Strangled,
Swallowed, Focused, the Hamper options Blinded, Dazzled, Deafened, Muted, Slowed, Unstable)
and the published Conditions and Ailments [P-COND] [P-AIL]. Tiers of the same name add
(§11a D10's "Tiers of the same name add"), so a token may hold several entries of one
condition from different sources (Encumbered 2 from a Hold, 1 from a Load) and its Tier
is their sum. Crowded is never stored: it is computed (:func:`rules.battlefield.occupancy.crowded`).
The sum is at most :data:`MAX_TIER`: the edits here cut a Tier that would pass it, and a
token whose Tiers of one name add past it is refused (:class:`rules.board.tokens.Token`).

>>> entries = add_condition((), "encumbered", 2, "Hold")
>>> entries = add_condition(entries, "encumbered", 1, "Load")
>>> tier_of(entries, "encumbered"), describe(entries)
(3, 'Encumbered 3 (Hold 2, Load 1)')
>>> describe(add_condition(entries, "encumbered", 98, "Load"))
'Encumbered 99 (Hold 2, Load 97)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rules.text import text_problem

__all__ = [
    "CONDITION_SPECS",
    "MAX_TIER",
    "ConditionEntry",
    "ConditionSpec",
    "add_condition",
    "describe",
    "remove_condition",
    "set_condition",
    "tier_of",
    "tier_refusal",
    "tier_sums",
]

MAX_TIER = 99
"""The highest Tier of a condition, its sources added (**[ASSUMPTION]**: a bound of the map
file, not a rule; no seed caps a Tier, and "Tiers of the same name add" [P-GAME], so the
bound is on the sum: :func:`set_condition` and :func:`add_condition` cut a Tier that would
take it past, :meth:`rules.board.tokens.Token.problem` refuses a token whose sum passes it)."""


@dataclass(frozen=True)
class ConditionSpec:
    """A condition or Ailment: its name, label, kind, what it does, and (Ailments) the
    defence rolled at the end of each of your turns to drop a Tier [P-AIL]."""

    name: str
    label: str
    kind: str  # "condition" or "ailment"
    effect: str
    defence: str = ""
    source: str = ""


CONDITION_SPECS: dict[str, ConditionSpec] = {
    s.name: s
    for s in (
        ConditionSpec(
            "encumbered",
            "Encumbered",
            "condition",
            "−Tier on physical actions, physical defences and Mobility rolls; +Tier Movement cost",
            source="[P-COND]",
        ),
        ConditionSpec(
            "prone",
            "Prone",
            "condition",
            "Encumbered 2, Load +1, +2 Movement cost",
            source="[S001]",
        ),
        ConditionSpec(
            "crouching", "Crouching", "condition", "Encumbered 1, +1 Movement cost", source="[S001]"
        ),
        ConditionSpec(
            "held",
            "Held",
            "condition",
            "Encumbered 2 minus the size advantage; moving you needs to beat everyone's Athletics",
            source="[S002]",
        ),
        ConditionSpec(
            "grappled",
            "Grappled",
            "condition",
            "+1 Encumbered Tier from the Hold per Grapple",
            source="[S002]",
        ),
        ConditionSpec(
            "strangled",
            "Strangled",
            "condition",
            "cannot speak or breathe; −Tier on all rolls (Q11)",
            source="[S002], Q11",
        ),
        ConditionSpec(
            "swallowed", "Swallowed", "condition", "Crowded 2, no light, no breath", source="[S002]"
        ),
        ConditionSpec(
            "focused",
            "Focused",
            "condition",
            "attention drawn by a Distract until their next turn",
            source="[S002]",
        ),
        ConditionSpec(
            "fatigued",
            "Fatigued",
            "condition",
            "−Tier on Skill rolls (Q12)",
            source="[P-COND], Q12",
        ),
        ConditionSpec(
            "exhausted",
            "Exhausted",
            "condition",
            "Fatigued cannot be lower than this Tier; −1 Tier per 8 h rest",
            source="[P-COND]",
        ),
        ConditionSpec(
            "burning",
            "Burning",
            "condition",
            "Heat damage ½ Tier; end of turn 1d12 vs DL 6 + Tier",
            defence="1d12",
            source="[P-COND]",
        ),
        ConditionSpec(
            "unconscious", "Unconscious", "condition", "empty Grit: cannot act", source="[P-DAMAGE]"
        ),
        ConditionSpec(
            "unaware",
            "Unaware",
            "condition",
            "does not notice threats; Ambush",
            source="[P-DAMAGE]",
        ),
        ConditionSpec(
            "emotional",
            "Emotional",
            "condition",
            "succumbing limits you to emotion-consistent actions",
            source="[P-COND]",
        ),
        ConditionSpec(
            "blinded",
            "Blinded",
            "ailment",
            "everyone has vision Concealment = Tier from you",
            "Nature",
            "[S002] Hamper; [P-AIL] Blind",
        ),
        ConditionSpec(
            "dazzled",
            "Dazzled",
            "ailment",
            "−½ Tier on Manifest rolls",
            "Endure",
            "[S002] Hamper; [P-AIL]",
        ),
        ConditionSpec(
            "deafened",
            "Deafened",
            "ailment",
            "everyone has sound Concealment = Tier from you",
            "Nature",
            "[S002] Hamper; [P-AIL] Deaf",
        ),
        ConditionSpec(
            "muted",
            "Muted",
            "ailment",
            "the Tier of sound you can speak −½ Tier",
            "Nature",
            "[S002] Hamper; [P-AIL] Mute",
        ),
        ConditionSpec(
            "slowed",
            "Slowed",
            "ailment",
            "at turn start, damage to Movement = ½ Tier",
            "Zeal",
            "[S002] Hamper; [P-AIL] Slow",
        ),
        ConditionSpec(
            "unstable",
            "Unstable",
            "ailment",
            "−½ Tier on defences against physical attacks",
            "Endure",
            "[S002] Hamper; [P-AIL] Unsteady",
        ),
        ConditionSpec(
            "sickened",
            "Sickened",
            "ailment",
            "at turn start, damage to Minor Actions = ½ Tier",
            "Endure",
            "[P-AIL]",
        ),
        ConditionSpec(
            "anosmatic",
            "Anosmatic",
            "ailment",
            "everyone has smell Concealment = Tier from you",
            "Nature",
            "[P-AIL]",
        ),
        ConditionSpec(
            "clumsy",
            "Clumsy",
            "ailment",
            "−½ Tier on Might and Finesse Skill attack rolls",
            "Nimble",
            "[P-AIL]",
        ),
        ConditionSpec("stiff", "Stiff", "ailment", "−Tier on Mobility rolls", "Nimble", "[P-AIL]"),
        ConditionSpec(
            "trauma",
            "Trauma",
            "ailment",
            "failing its roll deals Energy damage = ½ Tier",
            "Endure",
            "[P-AIL]",
        ),
        ConditionSpec(
            "weak",
            "Weak",
            "ailment",
            "−½ Tier on Strike/Overpower damage rolls",
            "Endure",
            "[P-AIL]",
        ),
    )
}

_SOURCE = re.compile(r"[^\x00-\x1f]{0,64}")


@dataclass(frozen=True, order=True)
class ConditionEntry:
    """One condition a token holds: its name, Tier and (optionally) where it comes from."""

    name: str
    tier: int
    source: str = ""

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        """What is wrong with this entry, or ``None``."""
        if self.name not in CONDITION_SPECS:
            return f"unknown condition {self.name!r}; known: {', '.join(CONDITION_SPECS)}"
        if isinstance(self.tier, bool) or not isinstance(self.tier, int):
            return f"{self.name}: the Tier must be an integer, got {self.tier!r}"
        if not 1 <= self.tier <= MAX_TIER:
            return f"{self.name}: the Tier must be 1..{MAX_TIER}, got {self.tier}"
        if not isinstance(self.source, str) or not _SOURCE.fullmatch(self.source):
            return f"{self.name}: the source must be up to 64 printable characters"
        problem = text_problem(self.source)
        return problem and f"{self.name}: the source is not valid text ({problem})"

    @property
    def label(self) -> str:
        """``"Encumbered 2"``, or ``"Encumbered 2 (Hold)"`` with a source."""
        text = f"{CONDITION_SPECS[self.name].label} {self.tier}"
        return f"{text} ({self.source})" if self.source else text


Entries = tuple[ConditionEntry, ...]


def tier_of(entries: Iterable[ConditionEntry], name: str) -> int:
    """The Tier of condition ``name``: its entries' Tiers added (0 when absent)."""
    return sum(e.tier for e in entries if e.name == name)


def set_condition(entries: Entries, name: str, tier: int, source: str = "") -> Entries:
    """``entries`` with condition ``name`` from ``source`` at ``tier`` (0 removes it),
    kept in a stable order (name, then source). Tiers of the same name add [P-GAME] up to
    :data:`MAX_TIER`: a ``tier`` that would take the sum past it is cut to what is left
    (to nothing when the other sources reach it already). A ``tier`` that is not
    0..MAX_TIER raises ``ValueError``.

    >>> set_condition((ConditionEntry("slowed", 90, "Hamper"),), "slowed", 20)[0].tier
    9
    """
    kept = [e for e in entries if (e.name, e.source) != (name, source)]
    if tier:
        ConditionEntry(name, tier, source)  # the Tier asked for is 1..MAX_TIER
        room = MAX_TIER - tier_of(kept, name)
        if room > 0:
            kept.append(ConditionEntry(name, min(tier, room), source))
    return tuple(sorted(kept, key=lambda e: (e.name, e.source)))


def add_condition(entries: Entries, name: str, tier: int, source: str = "") -> Entries:
    """``entries`` with ``tier`` more of ``name`` from ``source``, the sum of the name's
    Tiers cut at :data:`MAX_TIER` (:func:`set_condition`)."""
    return set_condition(entries, name, min(_from(entries, name, source) + tier, MAX_TIER), source)


def tier_refusal(
    entries: Entries, name: str, tier: int, source: str = "", *, adding: bool = False
) -> str | None:
    """Why ``name`` from ``source`` cannot be at ``tier`` (``tier`` more, ``adding``)
    without :func:`set_condition` cutting it: the name's Tiers from every source would add
    past :data:`MAX_TIER`; ``None`` if they stay within it. For an edit the user asked for,
    which should be refused rather than cut.

    >>> tier_refusal((ConditionEntry("slowed", 90, "Hamper"),), "slowed", 20)
    'slowed: the Tiers would add up to 110, more than 99 (90 from other sources)'
    """
    wanted = tier + (_from(entries, name, source) if adding else 0)
    others = sum(e.tier for e in entries if e.name == name and e.source != source)
    if others + wanted <= MAX_TIER:
        return None
    return (
        f"{name}: the Tiers would add up to {others + wanted}, more than {MAX_TIER} "
        f"({others} from other sources)"
    )


def _from(entries: Entries, name: str, source: str) -> int:
    """The Tier of ``name`` from ``source`` alone."""
    return sum(e.tier for e in entries if (e.name, e.source) == (name, source))


def tier_sums(entries: Iterable[ConditionEntry]) -> dict[str, int]:
    """Each condition's Tier (:func:`tier_of`), for every name at once, in first-seen order."""
    sums: dict[str, int] = {}
    for e in entries:
        sums[e.name] = sums.get(e.name, 0) + e.tier
    return sums


def remove_condition(entries: Entries, name: str, source: str | None = None) -> Entries:
    """``entries`` without ``name`` (from ``source`` only, or from every source)."""
    return tuple(
        e for e in entries if not (e.name == name and (source is None or e.source == source))
    )


def describe(entries: Iterable[ConditionEntry]) -> str:
    """One readable line: ``"Encumbered 3 (Hold 2, Load 1), Prone 1"``."""
    by_name: dict[str, list[ConditionEntry]] = {}
    for e in entries:
        by_name.setdefault(e.name, []).append(e)
    parts = []
    for name, group in by_name.items():
        total = sum(e.tier for e in group)
        sources = [f"{e.source} {e.tier}" for e in group if e.source]
        text = f"{CONDITION_SPECS[name].label} {total}"
        parts.append(f"{text} ({', '.join(sources)})" if sources else text)
    return ", ".join(parts)
