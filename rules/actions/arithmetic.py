"""More seed 002 conflict actions that are arithmetic: partial targets, the Hold's
Encumbered, Rapid Strike, Defensive Stance, Distract, Manifest / Ready / Dismiss and the
Hinder attacks (issue #7; RULES-DIGEST §12 R-PARTIAL, R-HOLD, R-RAPID, R-DEFSTANCE,
R-DISTRACT, R-READY, R-HINDER; §11a D13).

>>> partial_size(2, 0.25).value, hold_encumbered(your_size=1, other_size=0).value
(0, 1)
>>> manifest_cost(spell=True, boosted=True).words
2
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.board.hold_state import hold_encumbered  # the Hold's own state, re-exported
from rules.reasons import Term

__all__ = [
    "ManifestCost",
    "RapidStrike",
    "defensive_stance",
    "distract_bonus",
    "hinder_attack",
    "hold_encumbered",
    "manifest_cost",
    "partial_size",
    "rapid_strike",
    "ready_dl",
]

MANIFEST_DL = 6  # "Manifesting a Spell or a Talent is DL 6 and costs 1 Energy." [S002]
HINDER_DL = 3


def partial_size(size: int, portion: float) -> Term:
    """R-PARTIAL: a target partly obstructed or partly in range counts as smaller by the
    portion that is not ("determine their size by the portions that are not obstructed",
    [S002]); §11a D13 **[ASSUMPTION]**: one size smaller per halving of the portion."""
    if not 0 < portion <= 1:
        raise ValueError(f"the portion that counts must be in (0, 1], got {portion}")
    halvings = math.floor(math.log2(1 / portion) + 1e-12)
    value = size - halvings
    why = f"{portion:g} of it counts: {halvings} halvings, size {size} → {value} (§11a D13)"
    return Term(value, why)


@dataclass(frozen=True)
class RapidStrike:
    """R-RAPID: what declaring ``number`` costs for 1 round."""

    number: int
    attack_dice: int
    damage_dice: int
    reasons: tuple[str, ...]


def rapid_strike(number: int, lightweight: bool = True) -> RapidStrike:
    """[S002] "Declare a number. For 1 round, lose that number of d12 on attack rolls and
    half that number on damage rolls. Up to the declared number times this turn, you can
    use any Strike or Overpower as a Minor Action … if attacking with a weapon that is not
    Lightweight, lose an additional 1d12 on that attack roll"."""
    if number < 1:
        raise ValueError(f"Rapid Strike declares at least 1, got {number}")
    extra = 0 if lightweight else 1
    reasons = (
        f"−{number}d12 on attack rolls, −{number // 2}d12 on damage for 1 round [S002]",
        f"up to {number} Strikes or Overpowers as Minor Actions this turn [S002]",
        "limbs used to attack cannot attack again for 1 round [S002]",
    ) + (("not Lightweight: −1d12 more on that attack [S002]",) if extra else ())
    return RapidStrike(number, -number - extra, -(number // 2), reasons)


def defensive_stance(attacked_or_manifested: bool) -> Term:
    """[S002] "Enter a Defensive Stance if you have not made an attack or Manifested a
    Spell or Talent this turn … gain +1 on defenses against physical attacks and you cannot
    attack or Manifest"; value 0 when not allowed."""
    if attacked_or_manifested:
        return Term(0, "not allowed: an attack or a Manifest this turn already [S002]")
    return Term(1, "+1 on defences against physical attacks; no attacks or Manifests [S002]")


def distract_bonus(action: str, expected: bool = False) -> Term:
    """[S002] Distract: "Gain +1 on your roll if you used a Minor Action and +2 if you used
    a Major Action … Creatures that expect you to use this action gain +6 on their
    defense"."""
    bonus = {"minor": 1, "major": 2}.get(action)
    if bonus is None:
        raise ValueError(f"Distract follows a minor or major action, got {action!r}")
    reasons = [f"+{bonus} after a {action.capitalize()} Action [S002]"]
    if expected:
        reasons.append("they expect it: +6 on their defence [S002]")
    return Term(bonus, reasons[0], notes=tuple(reasons[1:]))


@dataclass(frozen=True)
class ManifestCost:
    """What Manifesting costs ([S002])."""

    dl: int
    energy: int
    free_limbs: int
    words: int
    reasons: tuple[str, ...]


def manifest_cost(spell: bool, boosted: bool = False) -> ManifestCost:
    """[S002] "Manifesting a Spell or a Talent is DL 6 and costs 1 Energy. Manifesting a
    Spell also uses a Free Limb, costs 1 word, costs an additional word if Boosted"."""
    words = (1 + (1 if boosted else 0)) if spell else 0
    reasons = ["DL 6, 1 Energy [S002]"]
    if spell:
        reasons.append(f"a Spell: a Free Limb and {words} word{'s' if words > 1 else ''} [S002]")
    return ManifestCost(MANIFEST_DL, 1, 1 if spell else 0, words, tuple(reasons))


def ready_dl(minutes: int = 0, grit_injury: int = 0) -> Term:
    """R-READY: keeping a Ready ability — "After suffering Grit Injury, roll Manifest to not
    lose the effect, DL 3 + Injury. After each minute, roll Manifest … DL equal to the
    number of minutes you have had it Ready" [S002]."""
    if grit_injury:
        return Term(3 + grit_injury, f"after Grit Injury {grit_injury}: DL 3 + Injury [S002]")
    return Term(minutes, f"after {minutes} minutes Ready: DL {minutes} [S002]")


def hinder_attack(kind: str) -> Term:
    """[S002] Hinder Attack / Hinder Spellcasting: DL 3, and on success −1 on the hindered
    roll; several hinderers share one defence roll. Returns the penalty caused."""
    words = {
        "attack": "As a creature in your Reach attacks a target other than you",
        "spell": "As a creature in your Reach begins to Manifest a Spell",
    }
    if kind not in words:
        raise ValueError(f"Hinder an attack or a spell, got {kind!r}")
    return Term(
        -1,
        f"'{words[kind]}, attack to cause -1 on their roll, DL 3' [S002]",
        notes=("several hinderers: one defence roll, used against each [S002]",),
    )
