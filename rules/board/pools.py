"""A token's Pools, Severe Threshold and Wounded Tiers (RULES-DIGEST §3.2).

Published formulas [P-CHAR] (halves round down): Grit = Might + ½(Charisma + Finesse),
plus Might for each size above 1; Energy = 2 × (Endure + Zeal + Magic); Resolve =
Charisma + Wit; Minor Actions = 1 + ½(Observe + Zeal); Movement = 5 (the token's
``movement_pool``); Luck = 1. Every maximum may be overridden per token; the current
value defaults to the maximum. The Severe Threshold is an input (its formula was cut off).

>>> v = Vitals(stats=(("might", 3), ("charisma", 2), ("finesse", 1)))
>>> grit = pool_maximum(v, "grit", size=2)
>>> grit.value, grit.reason
(7, 'Might 3 + ½(Charisma 2 + Finesse 1) = 4, + Might 3 per size above 1 (1) [P-CHAR]')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from rules.reasons import Term

__all__ = [
    "BODY_PARTS",
    "LIMIT",
    "POOLS",
    "POOL_LABELS",
    "SKILLS",
    "Pool",
    "Vitals",
    "pool_current",
    "pool_maximum",
]

POOLS = ("grit", "energy", "resolve", "minor_actions", "movement", "luck")
POOL_LABELS = {
    "grit": "Grit",
    "energy": "Energy",
    "resolve": "Resolve",
    "minor_actions": "Minor Actions",
    "movement": "Movement",
    "luck": "Luck",
}
SKILLS = (
    "might",
    "charisma",
    "finesse",
    "endure",
    "zeal",
    "magic",
    "wit",
    "observe",
    "athletics",
    "martial",
    "elude",
    "nimble",
    "tools",
    "guile",
    "poise",
    "nature",
)
"""The four attributes and the 12 Skills [P-CB96]: a Skill's Tier is the number of dice
it rolls [P-SKILLS]. The last eight were added for the conflict actions (issue #7)."""
BODY_PARTS = ("head", "torso", "stomach", "left arm", "right arm", "left leg", "right leg")
LIMIT = 999

Pairs = tuple[tuple[str, int], ...]


def _pairs_problem(label: str, pairs: object, names: tuple[str, ...], low: int) -> str | None:
    if not isinstance(pairs, tuple):
        return f"{label} must be a tuple of (name, value) pairs"
    seen = set()
    for item in pairs:
        ok = isinstance(item, tuple) and len(item) == 2
        name, value = item if ok else (None, None)
        if not ok or name not in names or name in seen:
            return f"{label}: {item!r} is not a distinct (name, value) of {', '.join(names)}"
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= LIMIT:
            return f"{label}: {name} must be an integer {low}..{LIMIT}, got {value!r}"
        seen.add(name)
    return None


@dataclass(frozen=True)
class Vitals:
    """Skill Tiers for the formulas, Pool overrides and current values, the Severe
    Threshold, Wounded Tiers per body part, and whether players see the bars. Stored as
    sorted ``(name, value)`` pairs so a token stays hashable and compares by value."""

    stats: Pairs = ()
    maximum: Pairs = ()  # overrides of the formulas
    current: Pairs = ()  # missing: full
    severe_threshold: int | None = None
    wounded: Pairs = ()
    bars_for_players: bool = False

    def __post_init__(self) -> None:
        problem = self.problem()  # before sorting: sorting badly shaped tables would fail
        if problem:
            raise ValueError(problem)
        for name in ("stats", "maximum", "current", "wounded"):
            object.__setattr__(self, name, tuple(sorted(getattr(self, name))))

    def problem(self) -> str | None:
        """What is wrong with these vitals, or ``None``."""
        for label, pairs, names, low in (
            ("stats", self.stats, SKILLS, -LIMIT),
            ("maximum", self.maximum, POOLS, 0),
            ("current", self.current, POOLS, -LIMIT),
            ("wounded", self.wounded, BODY_PARTS, 0),
        ):
            problem = _pairs_problem(label, pairs, names, low)
            if problem:
                return problem
        threshold = self.severe_threshold
        if threshold is not None and (
            isinstance(threshold, bool) or not isinstance(threshold, int)
        ):
            return f"the Severe Threshold must be an integer or unset, got {threshold!r}"
        if not isinstance(self.bars_for_players, bool):
            return "bars_for_players must be true or false"
        return None

    def stat(self, name: str) -> int:
        """Skill Tier ``name`` (0 when not given)."""
        return dict(self.stats).get(name, 0)

    def with_value(self, table: str, name: str, value: int | None) -> Vitals:
        """These vitals with ``table[name]`` set (``None`` removes it)."""
        if table not in ("stats", "maximum", "current", "wounded"):
            raise KeyError(f"no table {table!r} in vitals")
        pairs = {k: v for k, v in getattr(self, table) if k != name}
        if value is not None:
            pairs[name] = value
        changed: dict[str, Pairs] = {table: tuple(pairs.items())}
        return replace(self, **changed)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Pool:
    """A Pool's value and how it was found."""

    name: str
    value: int
    reason: str = field(default="")


def _formula(vitals: Vitals, name: str, size: int, movement: int) -> Term:
    s = vitals.stat
    if name == "grit":
        base = s("might") + (s("charisma") + s("finesse")) // 2
        extra = max(0, size - 1)
        text = f"Might {s('might')} + ½(Charisma {s('charisma')} + Finesse {s('finesse')}) = {base}"
        if extra:
            text += f", + Might {s('might')} per size above 1 ({extra})"
        return Term(base + s("might") * extra, text)
    if name == "energy":
        total = 2 * (s("endure") + s("zeal") + s("magic"))
        return Term(total, f"2 × (Endure {s('endure')} + Zeal {s('zeal')} + Magic {s('magic')})")
    if name == "resolve":
        return Term(s("charisma") + s("wit"), f"Charisma {s('charisma')} + Wit {s('wit')}")
    if name == "minor_actions":
        total = 1 + (s("observe") + s("zeal")) // 2
        return Term(total, f"1 + ½(Observe {s('observe')} + Zeal {s('zeal')})")
    if name == "movement":
        return Term(movement, "the token's Movement Pool")
    if name == "luck":
        return Term(1, "Luck starts at 1")
    raise KeyError(f"unknown Pool {name!r}; known: {', '.join(POOLS)}")


def pool_maximum(vitals: Vitals, name: str, size: int = 0, movement: int = 5) -> Pool:
    """The maximum of Pool ``name``: the override if set, else the published formula."""
    overrides: Mapping[str, int] = dict(vitals.maximum)
    if name in overrides:
        return Pool(name, overrides[name], "set by hand")
    formula = _formula(vitals, name, size, movement)
    return Pool(name, max(0, formula.amount), formula.reason + " [P-CHAR]")


def pool_current(vitals: Vitals, name: str, size: int = 0, movement: int = 5) -> int:
    """What is left of Pool ``name`` (its maximum unless spent)."""
    current = dict(vitals.current)
    if name in current:
        return current[name]
    return pool_maximum(vitals, name, size, movement).value
