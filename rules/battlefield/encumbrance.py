"""Encumbered: the one owner of a creature's Encumbered Tier and of every source of it.

Encumbered ([P-COND], RULES-DIGEST §6.2): "−Tier on physical action rolls, physical
defences and Mobility rolls; +Tier Movement cost". Tiers of the same name add [P-GAME].
Its sources in the seeds, each counted here and nowhere else:

- stored conditions — a Hold ([S002] "Have 2 Tiers of Encumbered. If you are larger than
  the other creature, reduce the Tiers by your size difference"), a Grapple ([S002]
  "increase the Tier of Encumbered they suffer from Hold by 1"), a Load…: the token's
  ``encumbered`` entries, each with its source (:mod:`rules.board.conditions`);
- Crowded — [S000] "Crowded causes Tier 1 Encumbered" (§11a D3: Tier 1 at any Crowded
  Tier, or Tier t with ``crowded_effects = scale``), from
  :func:`rules.battlefield.occupancy.crowded`,
  which also gives a swallowed creature its "Tier 2 Crowded" [S002];
- Crouching — [S001] "While Crouching, have Tier 1 Encumbered";
- Prone — [S001] "While Prone, have Tier 2 Encumbered and increase Load by 1" (the Load
  +1 is a further Encumbered source, option ``prone_load``);
- Climbing — [S001] "While Climbing, increases Movement costs by 1 and have Tier 2
  Encumbered";
- off the ground — [S001] "While off the ground, you have Tier 2 Encumbered" (the Jump
  paragraph: a creature in the air that is neither flying nor holding on to a surface,
  i.e. mid-jump, waiting to fall or falling: :func:`rules.board.aloft.in_the_air`; option
  ``off_ground_encumbered = flying_too`` counts flyers as well).

Movement costs (§11a D4, ``encumbered_costs``): Crouching, Prone, Climbing and Crowded have
their own written costs (+1, +2, +1, +1), so their Encumbered adds no Movement cost unless
the option is ``stack``; the other sources add their Tier (:attr:`Encumbrance.move_cost`).

>>> from rules.board.grid import Board
>>> from rules.board.conditions import set_condition
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> aria = Token("a", "Aria", Hex(1, 1), conditions=set_condition((), "prone", 1))
>>> board = Board.blank(4, 4).with_token(aria).with_token(Token("b", "Bram", Hex(1, 1)))
>>> encumbered(board, "a").describe()
'Encumbered 3: Prone 2, Crowded 1'
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.battlefield.occupancy import crowded
from rules.board.aloft import in_the_air
from rules.board.conditions import tier_of
from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.options import RuleOptions

__all__ = ["Encumbrance", "EncumbranceSource", "encumbered", "moving_encumbrance"]


@dataclass(frozen=True)
class EncumbranceSource:
    """One source of Encumbered: its Tier, what causes it, the seed's words, and whether
    it adds Movement cost of its own (§11a D4: not when the state has a written cost)."""

    tier: int
    name: str
    source: str
    adds_move_cost: bool

    @property
    def label(self) -> str:
        return f"{self.name} {self.tier}"


@dataclass(frozen=True)
class Encumbrance:
    """A creature's Encumbered Tier with every source (Tiers of the same name add)."""

    token_id: str
    sources: tuple[EncumbranceSource, ...]
    options_used: tuple[str, ...] = ()

    @property
    def tier(self) -> int:
        return sum(s.tier for s in self.sources)

    @property
    def move_cost(self) -> int:
        """What Encumbered adds to each space's Movement cost (§11a D4)."""
        return sum(s.tier for s in self.sources if s.adds_move_cost)

    def describe(self) -> str:
        """``"Encumbered 3: Prone 2, Crowded 1"`` (``""`` when not Encumbered)."""
        if not self.tier:
            return ""
        return f"Encumbered {self.tier}: " + ", ".join(s.label for s in self.sources)


def _stored(token: Token) -> list[EncumbranceSource]:
    return [
        EncumbranceSource(e.tier, e.source or "Encumbered", "[P-COND]", True)
        for e in token.conditions
        if e.name == "encumbered"
    ]


def _posture(token: Token, opts: RuleOptions) -> list[EncumbranceSource]:
    stack = opts.encumbered_costs == "stack"
    out = []
    if tier_of(token.conditions, "prone"):
        out.append(EncumbranceSource(2, "Prone", "[S001] 'While Prone, have Tier 2'", stack))
        if opts.prone_load:
            out.append(EncumbranceSource(1, "Load +1 (Prone)", "[S001] 'increase Load by 1'", True))
    elif tier_of(token.conditions, "crouching"):
        out.append(
            EncumbranceSource(1, "Crouching", "[S001] 'While Crouching, have Tier 1'", stack)
        )
    return out


def _in_the_air(board: Board, token: Token, opts: RuleOptions) -> list[EncumbranceSource]:
    motion, stack = token.motion, opts.encumbered_costs == "stack"
    out = []
    if motion.mode == "climb":
        out.append(EncumbranceSource(2, "Climbing", "[S001] 'While Climbing, … Tier 2'", stack))
    flyer = opts.off_ground_encumbered == "flying_too" and motion.flying and motion.altitude > 0
    if flyer or in_the_air(board, token.id):
        out.append(
            EncumbranceSource(2, "off the ground", "[S001] 'While off the ground, … Tier 2'", True)
        )
    return out


def moving_encumbrance(
    board: Board, token_id: str, options: RuleOptions | None = None
) -> Encumbrance:
    """The sources of ``token_id``'s Encumbered that do not depend on where it stands
    (everything but Crowded), for the movement field, which charges Crowded per space."""
    opts = options or RuleOptions.of(board.options)
    token = board.token(token_id)
    if token.kind is not TokenKind.CREATURE:
        return Encumbrance(token_id, ())
    sources = [*_stored(token), *_posture(token, opts), *_in_the_air(board, token, opts)]
    return Encumbrance(token_id, tuple(sources), _used(opts))


def encumbered(board: Board, token_id: str, options: RuleOptions | None = None) -> Encumbrance:
    """``token_id``'s Encumbered Tier and every source of it (see the module notes).

    Physical attack rolls, physical defences and Mobility rolls take −:attr:`~Encumbrance.tier`
    (:mod:`rules.actions.terms`, :mod:`rules.movement.plan`); Movement costs take
    :attr:`~Encumbrance.move_cost` (§11a D4).
    """
    opts = options or RuleOptions.of(board.options)
    standing = moving_encumbrance(board, token_id, opts)
    if board.token(token_id).kind is not TokenKind.CREATURE:
        return standing
    crowding = crowded(board, token_id, opts)
    if not crowding.encumbered:
        return standing
    # Crowded's own "+1 Movement cost" is charged per step by the movement rules (D2).
    crowd = EncumbranceSource(
        crowding.encumbered, "Crowded", "[S000] 'Crowded causes Tier 1 Encumbered' (§11a D3)", False
    )
    return Encumbrance(token_id, (*standing.sources, crowd), _used(opts))


def _used(opts: RuleOptions) -> tuple[str, ...]:
    names = ("encumbered_costs", "crowded_effects", "prone_load", "off_ground_encumbered")
    return tuple(opts.describe(n) for n in names)
