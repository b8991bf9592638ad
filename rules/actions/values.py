"""The values of a conflict action (issue #7): the weapon, the catalogue entry, what a
player asked for, each pool to roll, the plan, the dice, what an action's kind did, and
the outcome. :mod:`rules.actions` plans and resolves them; the action modules make them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.actions.contest import contest_chance, result_distribution
from rules.actions.strike import Modifier, attack_skill
from rules.board.grid import Board
from rules.board.roll_log import LoggedRoll
from rules.dice import Roll, chance
from rules.hexes import Hex

__all__ = [
    "ASKING",
    "UNSET_SKILL_DICE",
    "ActionOutcome",
    "ActionPlan",
    "ActionRequest",
    "ActionSpec",
    "Applied",
    "Destinations",
    "Dice",
    "DicePool",
    "Modifier",
    "Weapon",
]

UNSET_SKILL_DICE = 1
ASKING = ("choose ", "declare ")
"""How a refusal that only asks for more input begins (:attr:`ActionPlan.asks_input`)."""


@dataclass(frozen=True)
class Weapon:
    """What the attack is made with: melee (``range`` None) or ranged, its damage dice and
    the properties the tactics read ([S002] targeted space: size made for, two-handed,
    lightweight, unarmed). Damage dice are the GM's to set: weapons are not in the seeds
    (**[ASSUMPTION]** default 2d12)."""

    name: str = "weapon"
    range: int | None = None
    kind: str = "launched"  # thrown | launched, for range increments
    damage: int = 2
    reduction: int = 0  # the target's Reduction against it (Q24)
    size: int = 0
    two_handed: bool = False
    lightweight: bool = False
    unarmed: bool = False

    @property
    def skill(self) -> str:
        """The Skill it attacks with: Martial in melee, Nimble at range (Q26)."""
        return attack_skill(self.range)


@dataclass(frozen=True)
class ActionSpec:
    """A catalogue entry: the action, its group and cost, what it targets (``creature``,
    ``space``, ``self`` or ``area``), what else it asks (``part``, ``number``,
    ``destination``, ``choice``) and the seed sentence it comes from."""

    key: str
    name: str
    group: str
    cost: str
    target: str
    source: str
    asks: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The action's name as a message or an undo step says it: without the menu's "…"
        (``"Shove"`` for the menu's ``"Shove…"``)."""
        return self.name.rstrip("…")


@dataclass(frozen=True)
class Destinations:
    """The spaces an action that asks for a ``destination`` may name (seed 002: the space
    a Shove moves its target into, the space a Disarmed object drops into) and what the
    choice is, worded to follow "click" ("the space to shove it into")."""

    what: str
    spaces: frozenset[Hex]


@dataclass(frozen=True)
class ActionRequest:
    """Everything a player chose for one action."""

    key: str
    actor: str
    target: str | None = None
    targets: tuple[str, ...] = ()  # an Area's subjects
    space: Hex | None = None
    part: str | None = None
    number: int = 0
    destination: Hex | None = None
    choice: str | None = None
    weapon: Weapon = field(default_factory=Weapon)
    attack_dice: int | None = None  # None: the actor's Skill Tier
    defence_skill: str | None = None  # None: the action's default defence
    defence_dice: int | None = None  # None: the defender's Skill Tier
    charging: bool = False
    # a Shove "done as the result of another attack succeeding": one space farther only
    after_attack: bool = False
    # a Strike or Overpower used as a Minor Action under a Rapid Strike declared this turn
    minor: bool = False


@dataclass(frozen=True)
class DicePool:
    """One roll to make: who rolls it, with which Skill, how many dice, and each term (a
    conflict roll's dice; a token's Pools — Grit, Movement … — are
    :class:`rules.board.pools.Pool`)."""

    role: str  # attack | defence | damage | check
    who: str
    skill: str
    dice: int
    modifiers: tuple[Modifier, ...] = ()

    @property
    def modifier(self) -> int:
        return sum(m.amount for m in self.modifiers)

    def label(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{max(0, self.dice)}d12{mod} ({self.skill})"


@dataclass(frozen=True)
class ActionPlan:
    """What an action rolls: the attack (``None``: no roll at all), a defence per target
    (none: only the DL), the DL, the damage dice rolled for each target hit, notes with
    sources, ``refusal`` when it cannot be made, and ``follow_ups``: further (attack,
    defence) contests at the same DL that decide part of the outcome — a Shove on a creature
    in a Hold attacks everyone else in it ([S002])."""

    request: ActionRequest
    spec: ActionSpec
    attack: DicePool | None
    dl: int
    targets: tuple[str, ...] = ()
    defences: tuple[DicePool, ...] = ()
    damage: DicePool | None = None
    notes: tuple[str, ...] = ()
    refusal: str | None = None
    spaces: tuple[Hex, ...] = ()
    follow_ups: tuple[tuple[DicePool, DicePool], ...] = ()  # contests rolled with it (a Hold's)

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def asks_input(self) -> bool:
        """True when the only refusal is something still to choose ("choose the space …",
        "declare a number …"), not a rule against it."""
        return self.refusal is not None and self.refusal.startswith(ASKING)

    def chance(self, index: int = 0) -> Fraction:
        """The exact chance that the attack succeeds against target ``index`` (Q1, Q2)."""
        if self.attack is None:
            return Fraction(1)
        a = self.attack
        if not self.defences:
            return chance(max(0, a.dice), self.dl, a.modifier)
        d = self.defences[index]
        return contest_chance(max(0, a.dice), max(0, d.dice), self.dl, a.modifier, d.modifier)

    def distribution(self) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
        """P(attack result = r, no Fumble) for each r, and P(Fumble)."""
        if self.attack is None:
            return (), Fraction(0)
        return result_distribution(max(0, self.attack.dice), self.attack.modifier)


@dataclass(frozen=True)
class Dice:
    """The faces of one action: the attack, each target's defence, each hit's damage, and
    the follow-up contests (attack, defence)."""

    attack: Roll | None
    defences: tuple[Roll, ...] = ()
    damage: tuple[Roll | None, ...] = ()
    manual: bool = False
    follow_ups: tuple[tuple[Roll, Roll], ...] = ()


@dataclass(frozen=True)
class Applied:
    """What an action's kind did to the board: the board after, what to say, the tokens
    moved and the spaces touched."""

    board: Board
    reasons: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    spaces: tuple[Hex, ...] = ()
    succeeded: tuple[bool, ...] | None = None  # what the kind reads instead (no doubles)


@dataclass(frozen=True)
class ActionOutcome:
    """The result of an action: the board after, whether it succeeded (per target),
    a one-line summary, reasons, what to highlight and the log entries."""

    plan: ActionPlan
    board: Board
    succeeded: tuple[bool, ...]
    summary: str
    reasons: tuple[str, ...]
    hit: tuple[str, ...]
    moved: tuple[str, ...]
    spaces: tuple[Hex, ...]
    log: tuple[LoggedRoll, ...]
