"""Ongoing effects: anything with a creator and a duration, ticking at the creator's turn.

[P-TIMING] (RULES-DIGEST §8.2): "Durations (rounds/minutes/hours/days) of effects you
created tick down as your turn begins; they end at 0 or less; anything with a duration,
end condition or permanence is 'ongoing'." A round is 5 seconds, so a minute is 12 rounds.
An effect may keep a pinned Area alive (an Aura, #4): when it expires the Area goes too.

>>> e = OngoingEffect("e1", "Wall of Thorns", creator="mage", rounds_left=2)
>>> tick(e).rounds_left, tick(tick(e)) is None
(1, True)
>>> OngoingEffect("e2", "Ward", rounds_left=24).remaining
'2 minutes'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.ids import id_problem

__all__ = ["ROUNDS_PER_MINUTE", "OngoingEffect", "tick"]

ROUNDS_PER_MINUTE = 12  # a round is 5 s [P-TIMING]


@dataclass(frozen=True)
class OngoingEffect:
    """An effect in play: who made it, how many rounds are left (``None``: until it is
    dismissed or its end condition happens), what it does, and the Area it keeps."""

    id: str
    name: str
    creator: str | None = None  # token id; None: the Soulweaver's (ticks at the GM's turn)
    rounds_left: int | None = None
    description: str = ""
    area_id: str | None = None
    target: str | None = None  # token id it is on, if any

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        """What is wrong with this effect's fields, or ``None``."""
        problem = id_problem("effect", self.id)
        if problem:
            return problem
        if not isinstance(self.name, str) or not self.name.strip():
            return f"effect {self.id!r} needs a name"
        left = self.rounds_left
        if left is not None and (isinstance(left, bool) or not isinstance(left, int)):
            return f"effect {self.id!r}: rounds left must be an integer or unset"
        for label in ("creator", "area_id", "target"):
            value = getattr(self, label)
            if value is not None and not isinstance(value, str):
                return f"effect {self.id!r}: {label} must be an id or unset"
        if not isinstance(self.description, str):
            return f"effect {self.id!r}: the description must be text"
        return None

    @property
    def remaining(self) -> str:
        """``"3 rounds"``, ``"2 minutes"`` or ``"until dismissed"``."""
        left = self.rounds_left
        if left is None:
            return "until dismissed"
        if left >= ROUNDS_PER_MINUTE and left % ROUNDS_PER_MINUTE == 0:
            minutes = left // ROUNDS_PER_MINUTE
            return f"{minutes} minute" + ("s" if minutes != 1 else "")
        return f"{left} round" + ("s" if left != 1 else "")


def tick(effect: OngoingEffect) -> OngoingEffect | None:
    """The effect after its creator's turn begins: one round less, or ``None`` once it
    reaches 0 ("they end at 0 or less"). Effects without a duration are unchanged."""
    if effect.rounds_left is None:
        return effect
    left = effect.rounds_left - 1
    return None if left <= 0 else replace(effect, rounds_left=left)
