"""Collision damage, combining the parties of one Collision, and Soften Collision.

[S001]: "Collision may occur and deal damage while you are moving and your path is
blocked. Each creature and object in a Collision takes Bashing damage, and if multiple
creatures or objects were moving in opposing directions before Collision, the damage from
each is added to each other. Armor does not reduce damage from Collision and each part of
armor also takes half the damage you take. Injury from Collision causes Balance, DL
increased by the Injury." RULES-DIGEST §12 R-COLLIDE, R-SOFTEN; §11 Q23; §11a D7.

Every result carries a ``breakdown`` of :class:`~rules.reasons.Term` s that add up to its
damage. Damage here is the amount [S001] names (dice to roll for Injury); every half taken
is of a number ≥ 0, so the ``round_halves`` option (D5) never changes anything here.

>>> falling_collision(12, 1, 4).damage
11
>>> movement_collision(9, 3).damage
6
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.board.tokens import MAX_SIZE, MIN_SIZE, Token
from rules.dice import Roll
from rules.options import RuleOptions
from rules.reasons import Term

__all__ = [
    "BALANCE_DL",
    "COLLISION_NOTES",
    "FALL_DAMAGE_CAP",
    "SOFTEN_DL",
    "Collision",
    "CollisionBalance",
    "CollisionOutcome",
    "PartyDamage",
    "Softened",
    "broken_object_cap",
    "collision_balance",
    "combine_collisions",
    "falling_collision",
    "forced_collision",
    "formula_pool",
    "movement_collision",
    "soften_collision",
]

FALL_DAMAGE_CAP = 40  # "1 damage for each space fallen, to a maximum of 40"
SOFTEN_DL = 6
BALANCE_DL = 3  # [P-MOBILITY] Balance "DL 3" (RULES-DIGEST §5.2)
MAX_SPACES = 99_999
MAX_SOFTNESS = 12
COLLISION_NOTES = (
    "[S001] 'Each creature and object in a Collision takes Bashing damage'",
    "[S001] 'Armor does not reduce damage from Collision and each part of armor also takes "
    "half the damage you take'",
    "[S001] 'Injury from Collision causes Balance, DL increased by the Injury'",
)


def whole_number(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is an integer in ``low..high``, else a ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number {low}..{high}, got {value!r}")
    return value


@dataclass(frozen=True)
class Collision:
    """The damage one source of Collision deals; ``breakdown`` terms add up to ``damage``."""

    source: str  # "falling", "forced" or "movement"
    damage: int
    breakdown: tuple[Term, ...]
    notes: tuple[str, ...] = COLLISION_NOTES

    @property
    def armour_damage(self) -> int:
        """What each part of armour takes: half the damage, rounded down ([S001] "each part
        of armor also takes half the damage you take"); armour does not reduce it."""
        return self.damage // 2

    def describe(self) -> str:
        """One line, e.g. ``"11 Bashing (falling): 12 ... ; +1 ..."``."""
        terms = "; ".join(f"{t.amount:+d} {t.reason}" for t in self.breakdown)
        return f"{self.damage} Bashing ({self.source}): {terms}"


def falling_collision(spaces: int, size: int, softness: int) -> Collision:
    """Collision damage from a fall of ``spaces`` onto ground of Ground Softness ``softness``.

    [S001]: "Falling adds 1 damage for each space fallen, to a maximum of 40, and is then
    modified by your size. This is reduced by half the tier of Ground Softness of the
    ground you fall into." Q23: "add your size to the capped space count (min 0)", then
    subtract half the Softness Tier (rounded down); never below 0. Falling into an object
    that breaks caps the damage at the Injury that broke it (:func:`broken_object_cap`).
    """
    spaces = whole_number(spaces, "spaces fallen", 0, MAX_SPACES)
    size = whole_number(size, "size", MIN_SIZE, MAX_SIZE)
    softness = whole_number(softness, "Ground Softness Tier", 0, MAX_SOFTNESS)
    capped = min(spaces, FALL_DAMAGE_CAP)
    cap_note = f" (capped at {FALL_DAMAGE_CAP})" if spaces > FALL_DAMAGE_CAP else ""
    terms = [Term(capped, f"1 per space fallen, {spaces} spaces{cap_note} [S001]")]
    terms.append(Term(size, f"modified by your size {size} (Q23: add your size)"))
    total = _floor_at_zero(terms, "Q23: never below 0 after size")
    half = softness // 2
    terms.append(Term(-half, f"half of Ground Softness Tier {softness}, rounded down [S001]"))
    if half > total:
        terms.append(Term(half - total, "never below 0"))
    return Collision("falling", max(0, total - half), tuple(terms))


def broken_object_cap(collision: Collision, breaking_injury: int) -> Collision:
    """What a faller takes from an object it fell into and broke: at most the Injury that
    broke it.

    [S001]: "If falling into an object, if the object breaks, do not take more damage than
    the Injury that broke the object, then continue falling." ``breaking_injury`` is the
    Injury the object took when it broke (rolled on the table); the fall then goes on
    (:func:`rules.movement.falling.fall_into_object`).
    """
    injury = whole_number(breaking_injury, "Injury that broke the object", 0, MAX_SPACES)
    why = f"the object broke at Injury {injury}: 'do not take more damage than the Injury'"
    if collision.damage <= injury:
        term = Term(0, f"{why}, {collision.damage} is within it [S001]")
    else:
        term = Term(injury - collision.damage, f"{why} [S001]")
    damage = collision.damage + term.amount
    return Collision(collision.source, damage, (*collision.breakdown, term), collision.notes)


@dataclass(frozen=True)
class CollisionBalance:
    """The Balance roll an Injury from Collision calls for: its DL, or none without Injury."""

    injury: int
    required: bool
    dl: int
    reasons: tuple[str, ...]

    def succeeds(self, result: int | Roll) -> bool:
        """Whether a Balance roll of ``result`` keeps it up (Q1: result ≥ DL; a fumbled
        :class:`~rules.dice.Roll` fails, Q5). Failing Balance: Prone [P-MOBILITY]."""
        if isinstance(result, Roll):
            return result.succeeds(self.dl)
        return whole_number(result, "Balance result", -999, 999) >= self.dl


def collision_balance(injury: int) -> CollisionBalance:
    """The Balance roll after taking ``injury`` Injury from a Collision.

    [S001]: "Injury from Collision causes Balance, DL increased by the Injury." The Balance
    DL is 3 ([P-MOBILITY], RULES-DIGEST §5.2), so the DL is 3 + Injury; no Injury, no roll.
    A failed Balance makes it Prone [P-MOBILITY], and "When you become Prone, fall" [S001]
    (:func:`rules.movement.stance.change_posture`).
    """
    injury = whole_number(injury, "Injury from Collision", 0, MAX_SPACES)
    if not injury:
        return CollisionBalance(0, False, BALANCE_DL, ("no Injury from the Collision: no Balance",))
    dl = BALANCE_DL + injury
    reasons = (
        f"Balance DL {BALANCE_DL} [P-MOBILITY] + Injury {injury} = DL {dl}: 'Injury from "
        "Collision causes Balance, DL increased by the Injury' [S001]",
        "failing Balance: Prone [P-MOBILITY]; 'When you become Prone, fall' [S001]",
    )
    return CollisionBalance(injury, True, dl, reasons)


def _floor_at_zero(terms: list[Term], reason: str) -> int:
    """Append a term lifting the running total to 0 if it went below; return the total."""
    total = sum(t.amount for t in terms)
    if total < 0:
        terms.append(Term(-total, reason))
    return max(0, total)


def forced_collision(spaces_left: int) -> Collision:
    """Collision damage when an effect moves you and your path is blocked.

    [S001]: "Being moved by an effect adds 1 damage for each remaining space the effect
    would move you."
    """
    spaces_left = whole_number(spaces_left, "remaining spaces", 0, MAX_SPACES)
    why = f"1 per remaining space the effect would move you, {spaces_left} [S001]"
    return Collision("forced", spaces_left, (Term(spaces_left, why),))


def movement_collision(
    movement_pool: int, spaces_moved: int, *, pool_used: str = "capacity", mounted: bool = False
) -> Collision:
    """Collision damage from your own movement: ``floor(movement_pool / 4) × spaces_moved``.

    [S001]: "Using Movement adds damage equal to (your Movement Pool / 4) x the number of
    spaces you move each time you use movement. If mounted, count based on your mount
    instead." D7: the caller passes the pool per option ``pool_in_formulas`` — its size
    (``"capacity"``, default) or what is left (``"remaining"``); :func:`formula_pool`
    finds it. ``pool_used`` only labels the breakdown; with ``mounted`` pass the mount's.
    """
    pool = whole_number(movement_pool, "Movement Pool", 0, 99)
    spaces = whole_number(spaces_moved, "spaces moved", 0, MAX_SPACES)
    if pool_used not in ("capacity", "remaining"):
        raise ValueError(f"pool_used must be 'capacity' or 'remaining', got {pool_used!r}")
    whose = "the mount's" if mounted else "your"
    why = (
        f"({whose} Movement Pool {pool} ÷ 4, rounded down = {pool // 4}) × {spaces} spaces "
        f"moved [S001]; pool_in_formulas = {pool_used} (D7)"
    )
    return Collision("movement", pool // 4 * spaces, (Term(pool // 4 * spaces, why),))


def formula_pool(token: Token, options: RuleOptions | None = None) -> Term:
    """The Movement Pool that formulas use for ``token`` (D7, option ``pool_in_formulas``):
    its size (``capacity``, default) or what is left this turn (``remaining``)."""
    opts = options or RuleOptions()
    if opts.pool_in_formulas == "remaining":
        left = token.left_of("movement")
        return Term(
            left, f"Movement left this turn, {left} (D7, {opts.describe('pool_in_formulas')})"
        )
    pool = token.maximum_of("movement").value  # an override of its maximum wins
    return Term(pool, f"Movement Pool {pool} (D7, {opts.describe('pool_in_formulas')})")


@dataclass(frozen=True)
class PartyDamage:
    """What one creature or object in a Collision takes, with a term per mover."""

    party: str
    damage: int
    breakdown: tuple[Term, ...]

    @property
    def armour_damage(self) -> int:
        """Half the damage, rounded down, to each part of its armour [S001]."""
        return self.damage // 2


@dataclass(frozen=True)
class CollisionOutcome:
    """Every party of one Collision and what it takes."""

    parties: tuple[PartyDamage, ...]
    opposing: bool
    notes: tuple[str, ...] = COLLISION_NOTES

    def damage_to(self, party: str) -> PartyDamage:
        """The entry of ``party``; ``KeyError`` if it was not in the Collision."""
        for entry in self.parties:
            if entry.party == party:
                return entry
        raise KeyError(f"{party!r} is not a party of this Collision")


def combine_collisions(
    movers: Sequence[tuple[str, Collision]], *, struck: Sequence[str] = (), opposing: bool = False
) -> CollisionOutcome:
    """Who takes what in one Collision.

    [S001]: "Each creature and object in a Collision takes Bashing damage, and if multiple
    creatures or objects were moving in opposing directions before Collision, the damage
    from each is added to each other." With ``opposing``, every mover takes the sum of all
    movers' damage; otherwise each mover takes its own. A party that was not moving
    (``struck``) takes the movers' damage added together (one mover: its damage).
    """
    names = [name for name, _ in movers] + list(struck)
    if not movers:
        raise ValueError("a Collision needs at least one mover")
    if len(set(names)) != len(names):
        raise ValueError(f"each party may appear once, got {names}")
    if opposing and len(movers) < 2:
        raise ValueError("moving in opposing directions needs at least two movers")
    every = tuple(Term(c.damage, f"{name}'s {c.source} Collision") for name, c in movers)
    parties = []
    for name, own in movers:
        terms = every if opposing else (Term(own.damage, f"own {own.source} Collision"),)
        parties.append(PartyDamage(name, sum(t.amount for t in terms), terms))
    parties += [PartyDamage(name, sum(t.amount for t in every), every) for name in struck]
    return CollisionOutcome(tuple(parties), opposing)


@dataclass(frozen=True)
class Softened:
    """The outcome of a Soften Collision roll: reduction, damage left, Prone, and why."""

    result: int
    success: bool
    reduction: int
    damage_before: int
    damage: int
    prone: bool
    reasons: tuple[str, ...]
    dl: int = SOFTEN_DL


def soften_collision(result: int | Roll, damage: int | Collision) -> Softened:
    """Roll to Soften a Collision (DL 6) against ``damage``.

    [S001]: "As you would take damage from Colliding, reduce the damage by 1 + 1 for each 3
    you exceed the DL and fall Prone, DL 6." Q1: success if the result ≥ DL (a fumbled
    :class:`~rules.dice.Roll` fails, Q5). On a success the damage drops by
    ``1 + (result − 6) // 3`` (never below 0) and the creature lands Prone; on a failure
    nothing is reduced and the roll does not make it Prone.
    """
    before = damage.damage if isinstance(damage, Collision) else damage
    before = whole_number(before, "Collision damage", 0, MAX_SPACES)
    if isinstance(result, Roll):
        value, success = result.result, result.succeeds(SOFTEN_DL)
    else:
        value = whole_number(result, "Soften Collision result", -999, 999)
        success = value >= SOFTEN_DL
    if not success:
        why = "fumble" if isinstance(result, Roll) and result.fumble else f"{value} < DL 6"
        lines: tuple[str, ...] = (f"failed ({why}): no reduction, {before} damage stands [S001]",)
        return Softened(value, False, 0, before, before, False, lines)
    extra = (value - SOFTEN_DL) // 3
    reduction = 1 + extra
    after = max(0, before - reduction)
    lines = (
        f"success ({value} ≥ DL 6): reduce by 1 + {extra} (1 per full 3 over the DL) "
        f"= {reduction} [S001]",
        f"damage {before} → {after}" + (" (never below 0)" if reduction > before else ""),
        "and fall Prone [S001]",
    )
    return Softened(value, True, reduction, before, after, True, lines)
