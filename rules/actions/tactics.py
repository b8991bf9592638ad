"""Strike modifiers and tactics of seed 002 that are pure arithmetic: the size modifier,
a targeted attack on a space, Called Shot, range increments and Charge (issue #7; RULES-
DIGEST §12 "Attacks and tactics", §11a D5, D6).

Each returns a frozen value with the number(s) and the reasons, quoting the seed.

>>> targeted_space_dice(weapon_size=0, target_size=2, two_handed=True).dice
4
>>> strike_size_modifier(0, 2).value, called_shot("head").margin_needed
(1, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.options import RuleOptions
from rules.reasons import Term

__all__ = [
    "CALLED_SHOT_PARTS",
    "INCREMENTS",
    "CalledShot",
    "Charge",
    "RangeBand",
    "SpaceDice",
    "Term",
    "called_shot",
    "charge",
    "half",
    "range_band",
    "strike_size_modifier",
    "targeted_space_dice",
]

STRIKE_DL = 3  # "Attack a target with a melee weapon to cause damage … DL 3." [S002]
SPACE_DICE = 3  # "For each occupant in the space, the Soulweaver rolls 3d12." [S002]
# "a torso is 2 sizes smaller than the creature, legs are 3 sizes smaller, arms and stomach
# are 4 sizes smaller, heads are 5 sizes smaller, and eyes and ears are 9 sizes smaller"
CALLED_SHOT_PARTS = {
    "torso": 2,
    "leg": 3,
    "arm": 4,
    "stomach": 4,
    "head": 5,
    "eye": 9,
    "ear": 9,
}
INCREMENTS = {"thrown": 5, "launched": 15}  # "up to 5 times and launched … up to 15 times"


def half(value: int, options: RuleOptions | None = None) -> int:
    """Half of ``value``: rounded down (the global rule, §11a D5) or toward zero (option
    ``round_halves = toward_zero``)."""
    opts = options or RuleOptions()
    if opts.round_halves == "toward_zero":
        return int(value / 2)
    return value // 2


def strike_size_modifier(
    attacker_size: int, target_size: int, options: RuleOptions | None = None
) -> Term:
    """[S002] "Against targets smaller than you, suffer a penalty on your roll equal to
    half the size difference. Against larger targets, gain that amount as bonus." 4+ sizes
    larger: "you can instead attack against Nimble and the penalty on your roll instead
    applies to damage"."""
    diff = target_size - attacker_size
    value = half(diff, options) if diff >= 0 else -half(-diff, options)
    if diff == 0:
        return Term(0, "same size: no modifier [S002]")
    word = "larger" if diff > 0 else "smaller"
    reasons = [f"target {abs(diff)} sizes {word}: {value:+d}, half the difference [S002]"]
    if diff <= -4:
        reasons.append(
            "4+ sizes larger than the target: may attack against Nimble, the penalty then "
            "applying to damage instead [S002]"
        )
    return Term(value, reasons[0], notes=tuple(reasons[1:]))


@dataclass(frozen=True)
class SpaceDice:
    """How many d12 the Soulweaver rolls for each occupant of a targeted space."""

    dice: int
    reasons: tuple[str, ...]


def targeted_space_dice(
    *,
    target_size: int,
    weapon_size: int | None = None,
    two_handed: bool = False,
    lightweight: bool = False,
    attacker_size: int = 0,
    options: RuleOptions | None = None,
) -> SpaceDice:
    """[S002] targeted attack on a space: 3d12 per occupant, changed by the weapon (a melee
    weapon made for size ``weapon_size``; ``None`` = an Unarmed Strike) and the target.

    §11a D6 ("combined", default): effective weapon size = made-for size, +1 if two-handed,
    −1 if lightweight; then "each 2 sizes over causes +1d12", "each 2 sizes under causes
    −1d12". Option ``targeted_space_dice = per_bullet``: two-handed counts only when the
    weapon is made for a size above 0, lightweight only below 0. Unarmed: "modify the
    number of d12 by half your size". Always: "Modify the number of d12 by half the
    target's size". Fewer than 0 dice roll none (Q4).
    """
    opts = options or RuleOptions()
    dice, reasons = SPACE_DICE, ["3d12 for each occupant [S002]"]
    if weapon_size is None:
        delta = half(attacker_size, opts)
        reasons.append(f"Unarmed Strike: half your size {attacker_size}: {delta:+d}d12")
        dice += delta
    else:
        weapon = _weapon_dice(weapon_size, two_handed, lightweight, opts)
        dice += weapon.amount
        reasons.append(weapon.reason)
    target = half(target_size, opts)
    reasons.append(f"half the target's size {target_size}: {target:+d}d12 [S002]")
    dice = max(0, dice + target)
    if dice < 2:
        reasons.append(f"= {dice}d12: no doubles possible, this occupant cannot be hit so")
    else:
        reasons.append(
            f"= {dice}d12; doubles make it the attack roll, ignoring Concealment and size"
        )
    return SpaceDice(dice, tuple(reasons))


def _weapon_dice(made_for: int, two_handed: bool, lightweight: bool, opts: RuleOptions) -> Term:
    combined = opts.targeted_space_dice == "combined"
    size = made_for
    if two_handed and (combined or made_for > 0):
        size += 1
    if lightweight and (combined or made_for < 0):
        size -= 1
    if size > 0:
        delta = size // 2
    elif size < 0:
        delta = -((-size) // 2)
    else:
        delta = 0
    mode = "§11a D6 combined" if combined else "per bullet"
    return Term(
        delta, f"weapon counts as size {size} ({mode}): each 2 sizes over/under 0 {delta:+d}d12"
    )


@dataclass(frozen=True)
class CalledShot:
    """Called Shot on a part: the margin over the defence it needs and what it does."""

    part: str
    margin_needed: int
    attack_penalty: int
    reasons: tuple[str, ...]

    def severe_threshold(self, threshold: int) -> int:
        """ "treats Severe Threshold as half. If Threshold is below 0, instead double it"."""
        return threshold * 2 if threshold < 0 else threshold // 2


def called_shot(part: str, sizes_smaller: int | None = None) -> CalledShot:
    """[S002] Called Shot on ``part`` of a standard humanoid (or a part ``sizes_smaller``
    than its creature): "the amount you need to exceed the defense roll equals the number
    of sizes that the specified part is smaller than the target"; −1 on physical attack
    rolls for 1 round."""
    smaller = CALLED_SHOT_PARTS.get(part) if sizes_smaller is None else sizes_smaller
    if smaller is None:
        known = ", ".join(CALLED_SHOT_PARTS)
        raise ValueError(f"no Called Shot table entry for {part!r}; known: {known}")
    reasons = (
        f"{part}: {smaller} sizes smaller than the creature: exceed the defence by {smaller} "
        "[S002]",
        "−1 on physical attack rolls for 1 round [S002]",
        "on a hit: Severe Threshold halved (doubled if below 0); Serious Injury may swap "
        "each Wounded Tier for 2 Trauma Tiers [S002]",
    )
    return CalledShot(part, smaller, -1, reasons)


@dataclass(frozen=True)
class RangeBand:
    """A ranged attack's distance in range increments, its penalty, or why it cannot."""

    increments: int
    penalty: int
    refusal: str | None
    reasons: tuple[str, ...]


def range_band(distance: int, weapon_range: int, kind: str = "launched") -> RangeBand:
    """[S002] "you can increase your range by the range of your weapon by taking −1 on your
    attack roll for each time you do … a thrown attack up to 5 times and launched attack up
    to 15 times"."""
    if weapon_range <= 0:
        raise ValueError(f"a weapon's range must be at least 1 space, got {weapon_range}")
    if kind not in INCREMENTS:
        raise ValueError(f"kind must be thrown or launched, got {kind!r}")
    extra = max(0, -(-distance // weapon_range) - 1)
    limit = INCREMENTS[kind]
    reason = f"{distance} spaces at range {weapon_range}: {extra} extra increments, −{extra}"
    if extra > limit:
        refusal = f"beyond {limit} increments for a {kind} attack [S002]"
        return RangeBand(extra, -extra, refusal, (reason, refusal))
    return RangeBand(extra, -extra, None, (reason + " [S002]",))


@dataclass(frozen=True)
class Charge:
    """Whether a Charge is allowed now (``refusal``: why not), and what it gives."""

    refusal: str | None
    reasons: tuple[str, ...]
    attack_bonus: int = 1
    defence_penalty: int = -1

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def charge(consecutive_spaces: int, dashed: bool) -> Charge:
    """[S002] "After moving 2 consecutive spaces, if you have used Dash this turn, use an
    action that includes using a Strike or Overpower, gain +1 on the attack roll, and
    suffer −1 on defenses against physical attacks for 1 round. Your turn ends after the
    attack.\""""
    missing = []
    if consecutive_spaces < 2:
        missing.append(f"moved {consecutive_spaces} consecutive spaces, needs 2")
    if not dashed:
        missing.append("has not used Dash this turn")
    if missing:
        reasons = tuple(f"{m} [S002]" for m in missing)
        return Charge("; ".join(reasons), reasons)
    return Charge(
        None,
        (
            "+1 on the attack roll [S002]",
            "−1 on defences against physical attacks for 1 round [S002]",
            "the turn ends after the attack [S002]",
        ),
    )
