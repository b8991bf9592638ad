"""The roll log: every roll made at the map, with its faces, what it was rolled against
and why (issue #7; [G-DICE], RULES-DIGEST §2, §11 Q1–Q6).

A map keeps a **dice seed**, how many times it has drawn dice, and its log. The ``n``-th
draw (one action's rolls) uses ``numpy.random.default_rng([seed, n])`` (:func:`dice_rng`),
so replaying the same actions on the same map gives the same faces, and nothing global is
ever seeded.

>>> entry = LoggedRoll("Strike", (9, 4), modifier=1, dl=3, actor="Aria", target="Ogre",
...                    breakdown=((1, "target 2 sizes larger: +1"),), outcome="hit")
>>> entry.result, entry.margin, entry.marks
(10, 7, ())
>>> entry.text()
'Strike — Aria → Ogre: 2d12 [9, 4] +1 = 10 vs DL 3 (margin +7) — hit; +1 target 2 sizes larger: +1'
>>> LoggedRoll("Dice roller", (12, 12, 1)).marks
('doubles 12', '12 ×2')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from rules.dice import Roll, read_faces

__all__ = [
    "MAX_LOG",
    "MAX_LOGGED_DICE",
    "ROLE_NAMES",
    "LoggedRoll",
    "appended",
    "dice_rng",
    "log_text",
]

MAX_LOG = 10_000
"""The most rolls a map keeps; older ones are dropped first (:func:`appended`)."""
MAX_LOGGED_DICE = 200
"""The most dice in one logged roll (far more than any pool in the rules)."""
ROLE_NAMES = ("roll", "attack", "defence", "damage", "check")
"""What a roll was for: a free roll, an attack, a defence, damage, or any other check."""


@dataclass(frozen=True)
class LoggedRoll:
    """One roll in the log: the action it belonged to, who rolled it and at whom, the
    faces in the order rolled, the modifier with each term's source (``breakdown``: pairs
    of amount and reason), the DL it was rolled against (``None`` for none), the outcome
    in words, and whether the faces were typed in from dice rolled at the table."""

    action: str
    faces: tuple[int, ...]
    modifier: int = 0
    dl: int | None = None
    actor: str = ""
    target: str = ""
    breakdown: tuple[tuple[int, str], ...] = ()
    outcome: str = ""
    role: str = "roll"
    manual: bool = False
    round: int = 0

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        """What is wrong with this entry, or ``None``."""
        for label in ("action", "actor", "target", "outcome"):
            if not isinstance(getattr(self, label), str):
                return f"a logged roll's {label} must be text"
        if not self.action.strip():
            return "a logged roll needs the action it belonged to"
        if not isinstance(self.faces, tuple) or len(self.faces) > MAX_LOGGED_DICE:
            return f"a logged roll holds a tuple of at most {MAX_LOGGED_DICE} faces"
        if any(_not_int(f) or not 1 <= f <= 12 for f in self.faces):
            return f"a logged roll's faces must be 1..12, got {list(self.faces)!r}"
        if _not_int(self.modifier) or (self.dl is not None and _not_int(self.dl)):
            return "a logged roll's modifier and DL must be whole numbers"
        if _not_int(self.round) or self.round < 0:
            return "a logged roll's round must be a whole number from 0"
        if self.role not in ROLE_NAMES:
            return f"a logged roll's role must be one of {', '.join(ROLE_NAMES)}"
        if not isinstance(self.manual, bool):
            return "a logged roll's manual flag must be true or false"
        if not isinstance(self.breakdown, tuple):
            return "a logged roll's breakdown holds (amount, reason) pairs"
        for pair in self.breakdown:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                return "a logged roll's breakdown holds (amount, reason) pairs"
            if _not_int(pair[0]) or not isinstance(pair[1], str):
                return "a logged roll's breakdown holds (amount, reason) pairs"
        return None

    @property
    def roll(self) -> Roll:
        """The faces read as a roll ([G-DICE]; Q4–Q6)."""
        return read_faces(self.faces, self.modifier)

    @property
    def result(self) -> int:
        return self.roll.result

    @property
    def fumble(self) -> bool:
        return self.roll.fumble

    @property
    def margin(self) -> int | None:
        """Result − DL (Q1), ``None`` without a DL."""
        return None if self.dl is None else self.result - self.dl

    @property
    def marks(self) -> tuple[str, ...]:
        """What stands out on the dice: a Fumble, doubles (Q6) and 12s."""
        read = self.roll
        marks = ["fumble"] if read.fumble else []
        if read.doubles is not None:
            marks.append(f"doubles {read.doubles}")
        twelves = self.faces.count(12)
        if twelves:
            marks.append("12" if twelves == 1 else f"12 ×{twelves}")
        return tuple(marks)

    def who(self) -> str:
        """``"Aria → Ogre"``, ``"Aria"`` or ``""``."""
        return " → ".join(x for x in (self.actor, self.target) if x)

    def text(self) -> str:
        """One line for the log and the clipboard."""
        head = self.action + (f" — {self.who()}" if self.who() else "")
        dice = f"{len(self.faces)}d12 [{', '.join(map(str, self.faces))}]"
        if self.modifier:
            dice += f" {self.modifier:+d}"
        dice += f" = {self.result}"
        if self.dl is not None:
            dice += f" vs DL {self.dl} (margin {self.margin:+d})"
        if self.marks:
            dice += f" [{', '.join(self.marks)}]"
        if self.manual:
            dice += " (typed in)"
        parts = [head, dice] + ([self.outcome] if self.outcome else [])
        line = ": ".join(parts[:2]) + "".join(f" — {p}" for p in parts[2:])
        terms = "; ".join(f"{amount:+d} {reason}" for amount, reason in self.breakdown)
        return line + (f"; {terms}" if terms else "")


def _not_int(value: object) -> bool:
    return isinstance(value, bool) or not isinstance(value, int)


def dice_rng(seed: int, draws: int) -> np.random.Generator:
    """The generator for the next action on a map with dice seed ``seed`` that has drawn
    dice ``draws`` times before: the same seed and count always give the same faces."""
    return np.random.default_rng([seed, draws])


def appended(log: tuple[LoggedRoll, ...], new: Iterable[LoggedRoll]) -> tuple[LoggedRoll, ...]:
    """``log`` with ``new`` added, keeping the latest :data:`MAX_LOG` entries."""
    return (*log, *new)[-MAX_LOG:]


def log_text(log: Iterable[LoggedRoll]) -> str:
    """The whole log as plain text, one numbered roll per line (for Copy)."""
    return "\n".join(f"{i}. {entry.text()}" for i, entry in enumerate(log, 1))
