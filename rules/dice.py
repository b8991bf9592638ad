"""d12 pools: rolling, reading a roll, Injury, and exact success chances.

[G-DICE] publisher's dice bot: roll N d12, result = highest face + modifier; more than half
the faces showing 1 is a Fumble. Defaults for the open questions follow RULES-DIGEST §11
(Q1, Q4, Q5, Q6, Q24). Randomness is injected: :func:`roll` takes a
``numpy.random.Generator`` and draws with ``rng.integers(1, 13, size=n)``, so a seeded
``np.random.default_rng(seed)`` gives the same faces every time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

import numpy as np

from rules.errors import DiceError

__all__ = [
    "FACES",
    "DiceError",
    "Roll",
    "chance",
    "injury",
    "injury_distribution",
    "read_faces",
    "roll",
]

FACES = 12
"""Every die is a d12 [P-GAME]."""


def _int(value: object, name: str) -> int:
    """Return ``value`` as an ``int``; ``TypeError`` for bools and non-integers."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return int(value)


def _faces(faces: Iterable[int]) -> tuple[int, ...]:
    """Validate face values (ints in 1..12) and return them as a tuple, order kept."""
    out = tuple(_int(face, "face") for face in faces)
    for face in out:
        if not 1 <= face <= FACES:
            raise DiceError(f"face {face} is not on a d12 (1..{FACES})")
    return out


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


@dataclass(frozen=True, slots=True)
class Roll:
    """A read d12 roll: the faces in the order rolled and what they mean.

    ``dice``, ``result``, ``fumble`` and ``doubles`` are derived from ``faces`` and
    ``modifier`` when the roll is made, so a ``Roll`` is always self-consistent.

    - ``result``: [G-DICE] highest face + modifier; Q4: with 0 dice, the modifier alone.
    - ``fumble``: [G-DICE] more than half the faces are 1; Q4: 0 dice cannot fumble.
    - ``doubles``: Q6 the highest face shown at least twice (triples count), else None.
    """

    faces: tuple[int, ...]
    modifier: int = 0
    dice: int = field(init=False)
    result: int = field(init=False)
    fumble: bool = field(init=False)
    doubles: int | None = field(init=False)

    def __post_init__(self) -> None:
        faces = _faces(self.faces)
        modifier = _int(self.modifier, "modifier")
        matched = [face for face in set(faces) if faces.count(face) >= 2]
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "modifier", modifier)
        object.__setattr__(self, "dice", len(faces))
        object.__setattr__(self, "result", max(faces, default=0) + modifier)
        object.__setattr__(self, "fumble", 2 * faces.count(1) > len(faces))
        object.__setattr__(self, "doubles", max(matched, default=None))

    def succeeds(self, dl: int) -> bool:
        """Q1: success if result >= DL; Q5: a fumble fails regardless of the result."""
        return self.result >= _int(dl, "dl") and not self.fumble

    def margin(self, dl: int) -> int:
        """Q1: margin = result - DL ("exceed the DL by N"); not zeroed on a fumble."""
        return self.result - _int(dl, "dl")

    def describe(self, dl: int | None = None) -> str:
        """Breakdown for logs and tooltips, e.g. ``3d12 [7, 1, 7] highest 7 +1 = 8, doubles 7``.

        With ``dl``, appends the outcome: ``vs DL 8: success by 0`` / ``fails by 2`` /
        ``fails (fumble)``.
        """
        faces = ", ".join(map(str, self.faces))
        if self.dice:
            read = f"highest {max(self.faces)}"
            if self.modifier:
                read += f" {_signed(self.modifier)}"
        else:
            read = f"no dice, modifier {_signed(self.modifier)}"
        text = f"{self.dice}d12 [{faces}] {read} = {self.result}"
        if self.doubles is not None:
            text += f", doubles {self.doubles}"
        if self.fumble:
            text += ", fumble"
        if dl is not None:
            text += f" vs DL {dl}: " + self._outcome(dl)
        return text

    def _outcome(self, dl: int) -> str:
        if self.fumble:
            return "fails (fumble)"
        margin = self.margin(dl)
        return f"success by {margin}" if margin >= 0 else f"fails by {-margin}"

    def __repr__(self) -> str:
        return f"Roll(faces={self.faces!r}, modifier={self.modifier})"

    def __str__(self) -> str:
        return self.describe()


def read_faces(faces: Iterable[int], modifier: int = 0) -> Roll:
    """Read known faces as a roll ([G-DICE]; Q4, Q5, Q6); what :func:`roll` uses.

    Raises ``TypeError`` for non-int faces or modifier, ``DiceError`` for a face outside 1..12.
    """
    return Roll(tuple(faces), modifier)


def roll(dice: int, rng: np.random.Generator, modifier: int = 0) -> Roll:
    """Roll ``dice`` d12 with ``rng.integers(1, 13, size=n)`` and read them ([G-DICE]).

    Q4: a negative number of dice rolls none (n = max(0, dice)); 0 dice give the modifier
    alone and cannot fumble. Faces are kept in the order rolled. Raises ``TypeError`` if
    ``dice`` or ``modifier`` is not an int or ``rng`` is not a ``numpy.random.Generator``.
    """
    n = max(0, _int(dice, "dice"))
    modifier = _int(modifier, "modifier")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, not {type(rng).__name__}")
    faces = rng.integers(1, FACES + 1, size=n)
    return Roll(tuple(int(face) for face in faces), modifier)


def injury(faces: Iterable[int], reduction: int = 0) -> int:
    """[P-DAMAGE] Injury = number of damage faces >= 3; Q24: Reduction R needs >= 3 + R.

    Raises ``TypeError`` for non-int input, ``DiceError`` for a face outside 1..12.
    """
    needed = 3 + _int(reduction, "reduction")
    return sum(1 for face in _faces(faces) if face >= needed)


def injury_distribution(damage: int, reduction: int = 0) -> tuple[Fraction, ...]:
    """Exact P(Injury = i) for i = 0..n when rolling ``damage`` d12 ([P-DAMAGE], Q24).

    Binomial: each die scores with p = (faces >= 3 + R) / 12. Negative damage rolls none.
    """
    n = max(0, _int(damage, "damage"))
    hits = min(FACES, max(0, FACES + 1 - (3 + _int(reduction, "reduction"))))
    total = FACES**n
    return tuple(
        Fraction(comb(n, i) * hits**i * (FACES - hits) ** (n - i), total) for i in range(n + 1)
    )


def chance(dice: int, dl: int, modifier: int = 0) -> Fraction:
    """Exact probability that ``roll(dice, rng, modifier)`` succeeds against ``dl``.

    Q1 success is result >= DL and Q5 not a fumble, so the highest face must reach
    t = DL - modifier with k ones, 2k <= n. Closed form, no enumeration:
    sum over k of C(n, k) * (11**(n-k) - m**(n-k)) / 12**n, where the other n - k dice
    show 2..12 and m = clamp(t - 2, 0, 11) of those faces are below t (for n >= 1 those
    dice exist, so the ones never decide the highest face). Q4: with 0 (or negative)
    dice, 1 if modifier >= DL else 0.
    """
    n = _int(dice, "dice")
    target = _int(dl, "dl") - _int(modifier, "modifier")
    if n <= 0:
        return Fraction(1 if target <= 0 else 0)
    below = min(FACES - 1, max(0, target - 2))
    ways = sum(comb(n, k) * ((FACES - 1) ** (n - k) - below ** (n - k)) for k in range(n // 2 + 1))
    return Fraction(ways, FACES**n)
