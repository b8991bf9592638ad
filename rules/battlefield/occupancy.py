"""Occupancy: size units, full spaces, who may enter, and the Crowded Tier.

[S000]: "When multiple creatures and objects share a space, they hamper each other and
count as adjacent. Ignore creatures and objects 4 or more sizes smaller than you. Crowded
causes Tier 1 Encumbered, increases Movement costs by 1, and cannot exceed Tier 3."
[S000]: "For each other size 0 or larger creature or object in a space you occupy, have
Tier 1 Crowded. Each two creatures or objects of the same size count as 1 size larger. A
creature that occupies more than 1 space counts as 1 size 0 creature in each space they
occupy." [S000]: "A space containing 4 size 0 creatures is fully occupied. You cannot move
into an occupied space if you would cause it to be more than fully occupied."

Units (DESIGN.md contract): a creature of size ``s`` weighs ``2**s`` units in a space, a
space holds 4; a creature on several spaces weighs 1 unit in each. Creatures flying on
wings count 2 sizes larger for Crowded [S001] (as an occupant and as the one asking):
:func:`winged_flyers` finds them from each token's ``motion``.

Swallowed ([S002] "While swallowed, there is no light, they cannot breathe, and have Tier 2
Crowded"): a swallowed creature is in its swallower's stomach, not in the space — it has
Crowded 2 whatever the space holds, and it neither fills nor crowds that space.

Height: tokens share a space only at the same altitude (``motion.altitude``; 1 elevation
step = 1 space, Q21) **[ASSUMPTION]**: a bat flying 8 spaces up is not crowded by, and
does not fill, the space of the creatures on the ground below it.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field
from fractions import Fraction

from rules.board.grid import Board
from rules.board.sizes import WING_SIZES, flying_on_wings
from rules.board.tokens import MIN_SIZE, Token, TokenKind
from rules.hexes import Hex
from rules.options import RuleOptions

__all__ = [
    "CAPACITY",
    "Crowding",
    "CrowdingEntry",
    "EntryCheck",
    "crowded",
    "entry_and_crowding",
    "entry_check",
    "full_spaces",
    "occupants",
    "space_units",
    "winged_flyers",
]

CAPACITY = Fraction(4)
_FLOAT_CAPACITY = float(CAPACITY)  # for sums of powers of two in floats (exact): no Fraction
_IGNORE_GAP = 4  # "Ignore creatures and objects 4 or more sizes smaller than you."


def _counted_size(token: Token, winged: Collection[str]) -> int:
    """The size a token counts as in one of its spaces: 0 when it spreads over several
    [S000], +2 when flying on wings [S001]."""
    base = 0 if len(token.footprint_offsets) > 1 else token.size
    return base + (WING_SIZES if token.id in winged else 0)


def _units(size: int) -> Fraction:
    return Fraction(2) ** size


def winged_flyers(board: Board) -> frozenset[str]:
    """The tokens flying on wings: 2 sizes larger for Crowded ([S001];
    :mod:`rules.board.sizes`)."""
    return frozenset(t.id for t in board.tokens.values() if flying_on_wings(t))


def occupants(board: Board, space: Hex) -> list[Token]:
    """Every token with ``space`` in its footprint, in board order (at any height)."""
    return board.tokens_at(space)


def _sharing(board: Board, space: Hex, token: Token) -> list[Token]:
    """The other tokens in ``space`` at ``token``'s height, not swallowed (module notes)."""
    level = token.motion.altitude
    return [
        other
        for other in board.tokens_at(space)
        if other.id != token.id and other.motion.altitude == level and not other.swallowed
    ]


def space_units(board: Board, space: Hex, *, mover: Token | None = None) -> Fraction:
    """How many of the 4 units of ``space`` are taken; with a ``mover``, at its height, its
    own body not counted and occupants 4+ sizes smaller than it ignored (D12). Flight does
    not change the units: seed 001's +2 sizes is for Crowded, sound and being attacked."""
    if mover is None:
        others = [t for t in occupants(board, space) if not t.swallowed]
    else:
        others = _sharing(board, space, mover)
    total = Fraction(0)
    for token in others:
        size = _counted_size(token, ())
        if mover is not None and size <= mover.size - _IGNORE_GAP:
            continue
        total += _units(size)
    return total


def full_spaces(board: Board) -> frozenset[Hex]:
    """The spaces holding 4 or more units at one height [S000] ("A space containing 4 size
    0 creatures is fully occupied"). One pass over the tokens: cost follows the tokens."""
    # Counted in 2^-MIN_SIZE parts of a unit, as integers: exact, and no Fraction per token
    # (a map of 1,000 tokens asks this after every edit).
    units: dict[tuple[Hex, int], int] = {}
    for token in board.tokens.values():
        if token.swallowed:
            continue
        weight = 1 << (_counted_size(token, ()) - MIN_SIZE)
        for h in token.footprint:
            key = (h, token.motion.altitude)
            units[key] = units.get(key, 0) + weight
    capacity = int(CAPACITY) << -MIN_SIZE
    return frozenset(h for (h, _level), total in units.items() if total >= capacity)


@dataclass(frozen=True)
class EntryCheck:
    """Whether a token may stand with its footprint at ``anchor``, and why."""

    allowed: bool
    units: tuple[tuple[Hex, Fraction], ...]  # each target space: units there after entering
    reasons: tuple[str, ...]


def entry_check(board: Board, token_id: str, anchor: Hex) -> EntryCheck:
    """May ``token_id`` move into the spaces of its footprint at ``anchor``? (D12)

    [S000]: "You cannot move into an occupied space if you would cause it to be more than
    fully occupied." An empty space can always be entered; occupants 4+ sizes smaller than
    the mover are ignored (§11a D12). A wall hex is full for creatures (a size-1 object,
    [S002]); objects (a wall segment) may be set in one.
    """
    mover = board.token(token_id)
    weight = _units(_counted_size(mover, ()))
    blocked = board.layer("blocked")
    rows: list[tuple[Hex, Fraction]] = []
    reasons: list[str] = []
    for h in sorted(mover.footprint_at(anchor)):
        if not board.contains(h):
            reasons.append(f"({h.q}, {h.r}) is off the map")
            continue
        col, row = board.cell_of(h)
        if blocked[row, col] and mover.kind is TokenKind.CREATURE:
            reasons.append(f"({h.q}, {h.r}) is a wall: it fills the space")
            continue
        there = space_units(board, h, mover=mover)
        rows.append((h, there + weight))
        if there and there + weight > CAPACITY:
            reasons.append(
                f"({h.q}, {h.r}) holds {_fmt(there)} of 4 units; {mover.name} adds "
                f"{_fmt(weight)}, more than fully occupied [S000]"
            )
    return EntryCheck(not reasons, tuple(rows), tuple(reasons))


def _fmt(units: Fraction) -> str:
    return str(units.numerator) if units.denominator == 1 else f"{float(units):g}"


@dataclass(frozen=True)
class CrowdingEntry:
    """One other occupant in one of the asker's spaces: counted or ignored, and why."""

    token_id: str
    name: str
    space: Hex
    size: int  # the size it counts as here
    counted: bool
    reason: str


@dataclass(frozen=True)
class Crowding:
    """A Crowded Tier with its breakdown (DESIGN.md Occupancy contract, §11a D1–D3)."""

    token_id: str
    tier: int
    encumbered: int
    move_cost: int
    by_space: tuple[tuple[Hex, int], ...]
    entries: tuple[CrowdingEntry, ...]
    options_used: tuple[str, ...]
    reasons: tuple[str, ...] = field(default=())

    @property
    def counted(self) -> tuple[CrowdingEntry, ...]:
        return tuple(e for e in self.entries if e.counted)

    @property
    def ignored(self) -> tuple[CrowdingEntry, ...]:
        return tuple(e for e in self.entries if not e.counted)


def _space_tier(sizes: list[int], mode: str) -> int:
    """The Crowded Tier one space gives from the sizes of the others counted in it (sums
    of powers of two, exact in floating point)."""
    if mode == "bulk":
        return math.floor(sum(2.0**s for s in sizes))
    if mode == "pair_every_size":
        return _pair_up(sizes)
    # literal: each size >= 0 adds 1; smaller ones pair up until size 0: floor(sum 2**s)
    return sum(1 for s in sizes if s >= 0) + math.floor(sum(2.0**s for s in sizes if s < 0))


def _pair_up(sizes: list[int]) -> int:
    """'Each two … of the same size count as 1 size larger', applied at every size: the
    number of occupants of size 0+ left after pairing (sub-zero leftovers do not count)."""
    counts: dict[int, int] = {}
    for s in sizes:
        counts[s] = counts.get(s, 0) + 1
    if not counts:
        return 0
    size = min(counts)
    while size <= max(counts):
        pairs = counts.get(size, 0) // 2
        if pairs:
            counts[size] -= 2 * pairs
            counts[size + 1] = counts.get(size + 1, 0) + pairs
        size += 1
    return sum(n for s, n in counts.items() if s >= 0)


def entry_and_crowding(
    board: Board,
    mover: Token,
    anchor: Hex,
    options: RuleOptions,
    winged: Collection[str] = (),
) -> tuple[bool, int]:
    """Whether ``mover`` may stand with its anchor at ``anchor`` as far as the occupants
    go (:func:`entry_check`'s verdict; walls and the map's edge are left to the caller),
    and the Movement cost Crowded gives it there (:func:`crowded`'s ``move_cost``) — in one
    pass, without the explanations, for searches that ask many times. Units are sums of
    powers of two, exact in floating point."""
    weight = 2.0 ** _counted_size(mover, ())
    floor, asker_size = (
        mover.size - _IGNORE_GAP,
        mover.size + (WING_SIZES if mover.id in winged else 0),
    )
    allowed, tiers = True, []
    for h in mover.footprint_at(anchor):
        there, sizes = 0.0, []
        for other in _sharing(board, h, mover):
            if (size := _counted_size(other, ())) > floor:
                there += 2.0**size
            if (crowd_size := _counted_size(other, winged)) > asker_size - _IGNORE_GAP:
                sizes.append(crowd_size)
        allowed = allowed and not (there and there + weight > _FLOAT_CAPACITY)
        tiers.append(_space_tier(sizes, options.crowding) if sizes else 0)
    _raw, _tier, effect = _tier_effect(tiers, options)
    return allowed, effect


def _tier_effect(tiers: list[int], options: RuleOptions) -> tuple[int, int, int]:
    """The spaces' Tiers combined (D2), capped at 3, and Crowded's effect (D3):
    ``(raw, tier, effect)``."""
    raw = sum(tiers) if options.crowded_spaces == "sum" else max(tiers, default=0)
    tier = min(3, raw)
    return raw, tier, tier if options.crowded_effects == "scale" else min(tier, 1)


def crowded(
    board: Board,
    token_id: str,
    options: RuleOptions | None = None,
    *,
    anchor: Hex | None = None,
    winged: Collection[str] | None = None,
) -> Crowding:
    """The Crowded Tier of ``token_id`` (at its position, or with its anchor at ``anchor``).

    Default (§11a D1, D2, literal [S000]): in every space you occupy, each *other* occupant
    of size ≥ 0 adds 1; smaller ones pair up and add ``floor(Σ 2**size)``; a multi-space
    occupant counts as size 0 in each of its spaces; occupants 4+ sizes smaller than you
    are ignored before any pairing; winged flyers count 2 sizes larger; the spaces add up;
    the Tier is capped at 3. Crowded gives Encumbered 1 and +1 Movement cost at any Tier
    (D3 "flat"), or Tier t and +t with ``crowded_effects = scale``. ``winged`` defaults
    to the board's winged flyers; only tokens at the asker's height count.
    """
    opts = options or RuleOptions.of(board.options)
    asker = board.token(token_id)
    if asker.swallowed:
        return _swallowed_crowding(token_id, opts)
    winged = winged_flyers(board) if winged is None else winged
    asker_size = asker.size + (WING_SIZES if token_id in winged else 0)
    spaces = sorted(asker.footprint_at(anchor) if anchor is not None else asker.footprint)
    entries: list[CrowdingEntry] = []
    by_space: list[tuple[Hex, int]] = []
    for h in spaces:
        sizes = []
        for other in _sharing(board, h, asker):
            size = _counted_size(other, winged)
            ignored = size <= asker_size - _IGNORE_GAP
            entries.append(_entry(other, h, size, asker_size, ignored, winged))
            if not ignored:
                sizes.append(size)
        by_space.append((h, _space_tier(sizes, opts.crowding)))
    raw, tier, effect = _tier_effect([t for _h, t in by_space], opts)
    reasons = [f"Crowded {tier}" + (f" (capped at 3 from {raw})" if raw > 3 else "")]
    if tier:
        reasons.append(f"Encumbered {effect} and +{effect} Movement cost from Crowded")
    used = tuple(opts.describe(n) for n in ("crowding", "crowded_spaces", "crowded_effects"))
    return Crowding(
        token_id, tier, effect, effect, tuple(by_space), tuple(entries), used, tuple(reasons)
    )


def _swallowed_crowding(token_id: str, opts: RuleOptions) -> Crowding:
    _raw, tier, effect = _tier_effect([2], opts)
    reasons = (
        "swallowed: 'While swallowed, there is no light, they cannot breathe, and have Tier 2 "
        "Crowded' [S002]",
        f"Encumbered {effect} and +{effect} Movement cost from Crowded",
    )
    used = tuple(opts.describe(n) for n in ("crowding", "crowded_spaces", "crowded_effects"))
    return Crowding(token_id, tier, effect, effect, (), (), used, reasons)


def _entry(
    other: Token, space: Hex, size: int, asker_size: int, ignored: bool, winged: Collection[str]
) -> CrowdingEntry:
    notes = []
    if len(other.footprint_offsets) > 1:
        notes.append("spreads over several spaces: counts as size 0 here [S000]")
    if other.id in winged:
        notes.append("flying on wings: +2 sizes [S001]")
    if ignored:
        notes.append(f"size {size} is 4+ sizes smaller than {asker_size}: ignored [S000]")
    elif size >= 0:
        notes.append(f"size {size} ≥ 0: +1 Tier")
    else:
        notes.append(f"size {size}: pairs up with other small occupants (2^{size} units)")
    return CrowdingEntry(other.id, other.name, space, size, not ignored, "; ".join(notes))
