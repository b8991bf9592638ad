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
from rules.text import text_problem

__all__ = ["EFFECT_KINDS", "ROUNDS_PER_MINUTE", "OngoingEffect", "tick"]

ROUNDS_PER_MINUTE = 12  # a round is 5 s [P-TIMING]

EFFECT_KINDS = {
    "defensive_stance": "+1 on defences against physical attacks; cannot attack or Manifest",
    "charge": "−1 on defences against physical attacks",
    "rapid_strike": "−amount/2 d12 on damage rolls; the limbs used cannot Strike again",
    "limb_lockout": "a limb that attacked as a Minor Action (Rapid Strike): no more attacks",
    "called_shot": "−1 on physical attack rolls",
    "ready": "a Manifested Spell or Talent held ready in a Free Limb",
    "focus": "Focused on its target: cannot drop Focus until its next turn",
    "jumping": "in the air mid-jump: the jump goes on when it has Movement again",
    "waiting": "in the air after jumping higher: it falls as its next turn starts",
}
"""The conflict actions that last (issue #7, [S002]), and a creature's state in the air
(``jumping``, ``waiting``: :mod:`rules.board.aloft`, [S001] Jump): an effect of one of
these kinds is
made by the action, changes rolls while it lasts and ticks with the turn order like any
other. For ``focus`` the creator is the Focused creature (its next turn ends it) and the
target what it is Focused on; for the others the creator is the one who acted."""


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
    kind: str | None = None  # one of EFFECT_KINDS for a conflict action's lasting part
    amount: int = 0  # the action's number: Rapid Strike's N, minutes a spell is Ready

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
        if not isinstance(self.description, str):
            return f"effect {self.id!r}: its description must be text"
        problem = text_problem(self.name) or text_problem(self.description)
        if problem:
            return f"effect {self.id!r}: its name or description is not valid text ({problem})"
        left = self.rounds_left
        if left is not None and (isinstance(left, bool) or not isinstance(left, int)):
            return f"effect {self.id!r}: rounds left must be an integer or unset"
        for label in ("creator", "area_id", "target"):
            value = getattr(self, label)
            if value is not None and not isinstance(value, str):
                return f"effect {self.id!r}: {label} must be an id or unset"
        if self.kind is not None and self.kind not in EFFECT_KINDS:
            return f"effect {self.id!r}: unknown kind {self.kind!r}"
        amount = self.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 999:
            return f"effect {self.id!r}: the amount must be a whole number 0..999"
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
