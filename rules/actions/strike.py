"""A Strike on the board: whether it is legal, its dice and every modifier with its
source, the exact chance against a defence pool, and the outcome of rolled dice (issue
#7; seed 002 Strikes and tactics; RULES-DIGEST §12 "Attacks and tactics").

Modifiers gathered here: the size difference (half of it, [S002]; a partly obstructed
target counts smaller, §11a D13), Concealment's half penalty on targeted attacks
([S000], DESIGN.md ``Tier // 2``), range increments (ranged), Called Shot −1, Charge +1,
Rapid Strike's lost dice.

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> b = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> b = b.with_token(Token("o", "Ogre", Hex(2, 1), size=2))
>>> plan = strike(b, "a", "o", dice=2)
>>> plan.allowed, plan.dice, plan.modifier, [m.reason for m in plan.modifiers][0][:25]
(True, 2, 1, 'target 2 sizes larger: +1')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.actions.arithmetic import partial_size, rapid_strike
from rules.actions.contest import Contest, contest, contest_chance
from rules.actions.tactics import STRIKE_DL, called_shot, range_band, strike_size_modifier
from rules.battlefield.concealment import concealment
from rules.battlefield.reach import can_reach, not_in_reach
from rules.board.grid import Board
from rules.board.sizes import effective_size
from rules.dice import Roll
from rules.hexes import distance
from rules.options import RuleOptions
from rules.reasons import Term

__all__ = ["AttackPlan", "Modifier", "attack_skill", "strike"]


Modifier = Term
"""One term on the attack roll and where it comes from: the one :class:`~rules.reasons.Term`
under the name the pinned ``rules.actions`` face gives it."""


@dataclass(frozen=True)
class AttackPlan:
    """What a Strike rolls and why; ``refusal`` when it cannot be made."""

    attacker_id: str
    target_id: str
    dice: int
    modifiers: tuple[Modifier, ...]
    dl: int
    notes: tuple[str, ...]
    refusal: str | None = None
    damage_modifier: int = 0  # d12 on damage: the size penalty when attacking against Nimble

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def modifier(self) -> int:
        """The modifiers added together."""
        return sum(m.amount for m in self.modifiers)

    def chance(self, defence_dice: int, defence_modifier: int = 0) -> Fraction:
        """The exact chance to hit a defence of ``defence_dice`` d12 + modifier (Q2)."""
        return contest_chance(self.dice, defence_dice, self.dl, self.modifier, defence_modifier)

    def resolve(self, attack: Roll, defence: Roll) -> Contest:
        """The outcome of rolled (or typed-in) dice: ``attack`` must be this plan's dice
        with its modifier."""
        if attack.dice != max(0, self.dice) or attack.modifier != self.modifier:
            raise ValueError(
                f"this Strike rolls {self.dice}d12{self.modifier:+d}, not "
                f"{attack.dice}d12{attack.modifier:+d}"
            )
        return contest(attack, defence, self.dl)


def strike(
    board: Board,
    attacker_id: str,
    target_id: str,
    *,
    dice: int,
    weapon_range: int | None = None,
    ranged_kind: str = "launched",
    visible_portion: float = 1.0,
    called_part: str | None = None,
    charging: bool = False,
    rapid: int = 0,
    against_nimble: bool = False,
    options: RuleOptions | None = None,
) -> AttackPlan:
    """Plan a Strike of ``dice`` d12 (melee when ``weapon_range`` is None).

    The target's size is the one it counts as when attacked with the Strike's Skill
    (:func:`rules.board.sizes.effective_size`: wings +2 against Martial or Nimble, [S001]).
    ``against_nimble``: [S002] "If you are 4 or more sizes larger than your target, you can
    instead attack against Nimble and the penalty on your roll instead applies to damage"
    — the size penalty becomes :attr:`AttackPlan.damage_modifier` (d12 of damage)."""
    opts = options or RuleOptions.of(board.options)
    attacker = board.token(attacker_id)
    counted = effective_size(board.token(target_id), "attacked", skill=attack_skill(weapon_range))
    modifiers, notes = [], [f"Strike: DL {STRIKE_DL} [S002]", *counted.reasons]
    size = counted.value
    if visible_portion < 1:
        seen = partial_size(size, visible_portion)
        size, notes = seen.value, [*notes, *seen.reasons]
    term = strike_size_modifier(attacker.size, size, opts)
    to_damage, why, nimble_refusal = _against_nimble(
        attacker.size - size, term.amount, against_nimble
    )
    if why:
        modifiers.append(Modifier(0, why))
    else:
        modifiers.append(Modifier(term.amount, term.reason))
        notes += term.notes
    hidden = concealment(board, attacker_id, target_id, opts).attack_penalty
    if hidden:
        modifiers.append(Modifier(hidden, "Concealment: half its penalty on targeted attacks"))
    refusal = _range_refusal(board, attacker_id, target_id, weapon_range, ranged_kind, modifiers)
    if called_part is not None:
        shot = called_shot(called_part)
        modifiers.append(Modifier(shot.attack_penalty, f"Called Shot ({called_part}) [S002]"))
        notes += shot.reasons[:1]
    if charging:
        modifiers.append(Modifier(1, "Charge [S002]"))
    if rapid:
        dice += rapid_strike(rapid).attack_dice
        notes.append(f"Rapid Strike {rapid}: {rapid_strike(rapid).attack_dice}d12 [S002]")
    return AttackPlan(
        attacker_id,
        target_id,
        dice,
        tuple(modifiers),
        STRIKE_DL,
        tuple(notes),
        refusal or nimble_refusal,
        to_damage,
    )


def attack_skill(weapon_range: int | None) -> str:
    """The Skill an attack with a weapon of ``weapon_range`` rolls (Q26): Martial in melee
    (``None``), Nimble at range — the one owner every attack and Disarm's defence ask."""
    return "Martial" if weapon_range is None else "Nimble"


def _size_gap(larger_by: int) -> str:
    if larger_by == 0:
        return "the same size"
    word = "larger" if larger_by > 0 else "smaller"
    return f"{abs(larger_by)} size{'s' if abs(larger_by) != 1 else ''} {word}"


def _against_nimble(larger_by: int, penalty: int, chosen: bool) -> tuple[int, str, str | None]:
    """``(d12 on damage, why, refusal)`` for attacking against Nimble."""
    if not chosen:
        return 0, "", None
    if larger_by < 4:
        return (
            0,
            "",
            (
                "only an attacker 4 or more sizes larger than its target can attack against "
                f"Nimble ({_size_gap(larger_by)}) [S002]"
            ),
        )
    return (
        penalty,
        (
            f"against Nimble: the size penalty {penalty:+d} applies to damage instead of the "
            "roll [S002]"
        ),
        None,
    )


def _range_refusal(
    board: Board,
    attacker_id: str,
    target_id: str,
    weapon_range: int | None,
    kind: str,
    modifiers: list[Modifier],
) -> str | None:
    attacker, target = board.token(attacker_id), board.token(target_id)
    if weapon_range is None:
        if any(can_reach(board, attacker_id, h).allowed for h in target.footprint):
            return None
        return not_in_reach(target, attacker)
    gap = min(distance(a, b) for a in attacker.footprint for b in target.footprint)
    band = range_band(gap, weapon_range, kind)
    if band.penalty:
        modifiers.append(Modifier(band.penalty, band.reasons[0]))
    return band.refusal
