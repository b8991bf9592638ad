"""An attack against a defence roll: the exact chance and the outcome (issue #7's first
rule; RULES-DIGEST §2, §11 Q1, Q2, Q4, Q5).

- Q1: a roll succeeds if its result reaches the DL; margin = result − DL.
- Q2: an attack succeeds if it reaches the DL **and** beats the defender's result; ties go
  to the defender; margin over the defence = attack − defence.
- Q5: a roll with a Fumble fails whatever its result. **[ASSUMPTION]** a fumbled defence
  therefore stops nothing: the attack then needs only its DL.
- Q4: 0 dice (or fewer) give the modifier alone and cannot Fumble.

The chances are exact fractions from the distribution of (highest face, Fumble) of a
d12 pool — no enumeration of faces — and a test checks them against brute force.

>>> contest_chance(2, 1, dl=3)                 # 2d12 Strike against a 1d12 defence
Fraction(1075, 1728)
>>> from rules.dice import read_faces
>>> outcome = contest(read_faces([9, 4]), read_faces([7]), dl=3)
>>> outcome.succeeds, outcome.margin, outcome.margin_over_defence
(True, 6, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from rules.dice import FACES, Roll

__all__ = ["Contest", "contest", "contest_chance", "result_distribution"]

Distribution = tuple[tuple[tuple[int, Fraction], ...], Fraction]


@cache
def _highest_faces(dice: int) -> Distribution:
    """For ``dice`` d12: P(highest face = m and no Fumble) for each m, and P(Fumble).

    With ``k`` ones among ``n`` dice and the other ``n − k`` in 2..m with at least one m,
    there are C(n, k)·((m−1)^(n−k) − (m−2)^(n−k)) ways; the roll fumbles when 2k > n
    [G-DICE]. All ones is highest face 1 and always a Fumble.
    """
    n = dice
    total = FACES**n
    clean: list[tuple[int, Fraction]] = []
    fumbles = 1  # every face a 1
    for m in range(2, FACES + 1):
        ways_clean = 0
        for k in range(n):
            ways = comb(n, k) * ((m - 1) ** (n - k) - (m - 2) ** (n - k))
            if 2 * k > n:
                fumbles += ways
            else:
                ways_clean += ways
        if ways_clean:
            clean.append((m, Fraction(ways_clean, total)))
    return tuple(clean), Fraction(fumbles, total)


def result_distribution(dice: int, modifier: int = 0) -> Distribution:
    """P(result = r and no Fumble) for each result r, and P(Fumble), for ``dice`` d12 +
    ``modifier`` (Q4: 0 or fewer dice give the modifier, never a Fumble)."""
    if dice <= 0:
        return ((modifier, Fraction(1)),), Fraction(0)
    clean, fumble = _highest_faces(dice)
    return tuple((m + modifier, p) for m, p in clean), fumble


def contest_chance(
    attack_dice: int,
    defence_dice: int,
    dl: int = 3,
    attack_modifier: int = 0,
    defence_modifier: int = 0,
) -> Fraction:
    """The exact chance that an attack of ``attack_dice`` d12 + ``attack_modifier``
    reaches ``dl`` (Strikes: DL 3, [S002]) and beats a defence of ``defence_dice`` d12 +
    ``defence_modifier`` (ties to the defender, Q2; a fumbled defence stops nothing)."""
    attack, _attack_fumble = result_distribution(attack_dice, attack_modifier)
    defence, defence_fumble = result_distribution(defence_dice, defence_modifier)
    total = Fraction(0)
    for a, p_attack in attack:
        if a < dl:
            continue
        below = sum((p for d, p in defence if d < a), Fraction(0))
        total += p_attack * (below + defence_fumble)
    return total


@dataclass(frozen=True)
class Contest:
    """An attack roll against a DL and a defence roll: whether it succeeds, the margins
    and why."""

    attack: Roll
    defence: Roll
    dl: int
    succeeds: bool
    margin: int  # over the DL (Q1)
    margin_over_defence: int  # Q2
    reasons: tuple[str, ...]


def contest(attack: Roll, defence: Roll, dl: int = 3) -> Contest:
    """Read an attack against ``dl`` and a ``defence`` roll (Q1, Q2, Q5)."""
    reasons = [f"attack {attack.describe(dl)}", f"defence {defence.describe()}"]
    if attack.fumble:
        reasons.append("the attack fumbles: it fails whatever its result (Q5)")
    elif attack.result < dl:
        reasons.append(f"the attack misses its DL {dl} by {dl - attack.result} (Q1)")
    elif defence.fumble:
        reasons.append("the defence fumbles: it stops nothing (Q5)")
    elif attack.result <= defence.result:
        tie = " — ties go to the defender" if attack.result == defence.result else ""
        reasons.append(f"the defence {defence.result} holds against {attack.result}{tie} (Q2)")
    else:
        reasons.append(f"the attack beats the defence by {attack.result - defence.result} (Q2)")
    succeeds = (
        not attack.fumble
        and attack.result >= dl
        and (defence.fumble or attack.result > defence.result)
    )
    return Contest(
        attack,
        defence,
        dl,
        succeeds,
        attack.result - dl,
        attack.result - defence.result,
        tuple(reasons),
    )
