"""What a creature's body is, as a token stores it (map format version 7): the senses it
chooses targets with, how many limbs it has and how many grip an object, and how many
words it can speak in a round (:class:`Words`) — with the check of each. What the board
makes of them (its Free Limbs, the words it has left this round) is
:mod:`rules.board.body`; the seed's words for each are quoted there.

**Senses** (RULES-DIGEST §7.2, [P-SENSES]): sight, smell, sound, touch, displacement,
thermal, vibration; a token lists those it uses, its Primary Sense first; the default is
``("sight",)`` (**[ASSUMPTION]**, see :mod:`rules.board.body`). **Limbs**: 2 for a
humanoid ([S001] "+1 per extra limb, hoof or foot"); ``gripping`` of them grip an object
([S002] Disarm "If the object is Gripped by multiple limbs"). **Words**: 10 a round
unless set (**[ASSUMPTION]**; [S002] "Manifesting a Spell also uses a Free Limb, costs 1
word").

>>> Words().per_round, Words(per_round=3, spent=2, round=4).left_in(4)
(10, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "DEFAULT_LIMBS",
    "DEFAULT_SENSES",
    "DEFAULT_WORDS",
    "MAX_LIMBS",
    "MAX_WORDS",
    "SENSES",
    "Words",
    "limbs_problem",
    "senses_problem",
    "words_problem",
]

SENSES = ("sight", "smell", "sound", "touch", "displacement", "thermal", "vibration")
"""The senses of the [P-SENSES] table (RULES-DIGEST §7.2), in its order."""
DEFAULT_SENSES = ("sight",)
"""A token's senses unless set: its Primary Sense, sight (why: :mod:`rules.board.body`)."""
DEFAULT_LIMBS = 2
"""A humanoid's limbs for holding, attacking and climbing: its two arms."""
MAX_LIMBS = 99
DEFAULT_WORDS = 10
"""Words a creature can speak in a round unless set (**[ASSUMPTION]**, :mod:`rules.board.body`)."""
MAX_WORDS = 999


def _whole(value: object, low: int, high: int | None = None) -> bool:
    """True for a whole number (a numpy integer too, not ``True``) in ``low..high``."""
    if type(value) is int:  # the usual case, fast: not a bool, not an ABC check
        number = value
    elif isinstance(value, np.integer):
        number = int(value)
    else:
        return False
    return low <= number and (high is None or number <= high)


def distinct_names(values: object, known: tuple[str, ...]) -> bool:
    """True for a non-empty tuple of distinct names from ``known`` (a token's senses, its
    movement types)."""
    return (
        isinstance(values, tuple)
        and bool(values)
        and len(set(values)) == len(values)
        and all(v in known for v in values)
    )


def senses_problem(senses: object) -> str | None:
    """What is wrong with ``senses`` as a token's senses, or ``None``: a tuple of distinct
    names from :data:`SENSES`, at least one, the Primary Sense first."""
    if not distinct_names(senses, SENSES):
        return (
            f"senses must be distinct, from {', '.join(SENSES)}, the Primary Sense first; "
            f"got {senses!r}"
        )
    return None


def limbs_problem(limbs: object, gripping: object) -> str | None:
    """What is wrong with ``limbs`` (0..99) and ``gripping`` (0..limbs), or ``None``."""
    if not _whole(limbs, 0, MAX_LIMBS):
        return f"limbs must be a whole number 0..{MAX_LIMBS}, got {limbs!r}"
    if not _whole(gripping, 0, limbs):  # type: ignore[arg-type]
        return (
            f"limbs gripping an object must be a whole number 0..{limbs} (its limbs), "
            f"got {gripping!r}"
        )
    return None


@dataclass(frozen=True, slots=True)
class Words:
    """Words a creature can speak in a round (``per_round``), and ``spent`` of them in
    round ``round`` (the turn order's round; words spent in another round are not
    counted)."""

    per_round: int = DEFAULT_WORDS
    spent: int = 0
    round: int = 0

    def __post_init__(self) -> None:
        problem = words_problem(self)
        if problem:
            raise ValueError(problem)

    def left_in(self, round_: int) -> int:
        """Words left to speak in round ``round_``."""
        spent = self.spent if self.round == round_ else 0
        return max(0, self.per_round - spent)


def words_problem(words: Words) -> str | None:
    """What is wrong with ``words``' fields, or ``None``."""
    if not _whole(words.per_round, 0, MAX_WORDS):
        return f"words per round must be a whole number 0..{MAX_WORDS}, got {words.per_round!r}"
    if not _whole(words.spent, 0, MAX_WORDS):
        return f"words spent must be a whole number 0..{MAX_WORDS}, got {words.spent!r}"
    if not _whole(words.round, 0):
        return f"the round words were spent in must be a whole number from 0, got {words.round!r}"
    return None
