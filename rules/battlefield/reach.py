"""Reach, distance between footprints (with elevation), range, and reaching into a space.

[S000]: "A space is in range if it is that many contiguous spaces or less away from a space
you occupy." Contiguous spaces count in 3-D (§11a D9, option ``range_elevation``): hex
distance plus the difference in elevation (1 step = 1 space, Q21).
[P-BODIES] via RULES-DIGEST §4.2 / Q17: Reach is 1 for size −1 and above, 0 below; arms,
legs, tails, tentacles and wings add half your size rounded up (never below 0); a token
may override it. [S000]: "While adjacent to a space that is fully occupied, you can target
subjects in the space as if you can Reach them even if you normally could not."

>>> from rules.board.tokens import Token
>>> reach_of(Token("o", "Ogre", Hex(0, 0), size=2))
2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.battlefield.occupancy import CAPACITY, space_units
from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.hexes import Hex, disk, distance
from rules.options import RuleOptions

__all__ = [
    "Distance",
    "ReachCheck",
    "can_reach",
    "measure",
    "not_in_reach",
    "reach_of",
    "reach_spaces",
]


def not_in_reach(target: Token, actor: Token) -> str:
    """The refusal of an action on ``target`` beyond ``actor``'s Reach — one text, so a
    caller can tell this refusal from the others ([S002] "a target in your Reach")."""
    return f"{target.name} is not in {actor.name}'s Reach [S002]"


def reach_of(token: Token) -> int:
    """The token's Reach in spaces (Q17): its override, else base + limbs.

    Base 1 for size ≥ −1, else 0; a creature's limbs add ``ceil(size / 2)`` when that is
    positive (size 1–2 → 2, 3–4 → 3). Objects have no limbs: base only.
    """
    if token.reach is not None:
        return token.reach
    base = 1 if token.size >= -1 else 0
    limbs = max(0, -(-token.size // 2)) if token.kind is TokenKind.CREATURE else 0
    return base + limbs


def reach_spaces(board: Board, token: Token, options: RuleOptions | None = None) -> frozenset[Hex]:
    """The spaces on the map within the token's Reach of a space it occupies, counted in
    3-D like :func:`can_reach` (D9: hex distance + |Δ elevation| unless the map ignores
    elevation)."""
    opts = options or RuleOptions.of(board.options)
    reach = reach_of(token)
    found: set[Hex] = set()
    for h in token.footprint:
        here = elevation_at(board, h) if opts.range_elevation == "count" else 0
        for other in disk(h, reach):
            if not board.contains(other) or other in found:
                continue
            climb = abs(elevation_at(board, other) - here) if opts.range_elevation == "count" else 0
            if distance(h, other) + climb <= reach:
                found.add(other)
    return frozenset(found)


def elevation_at(board: Board, h: Hex) -> int:
    """The ground elevation of ``h`` (0 off the map)."""
    if not board.contains(h):
        return 0
    col, row = board.cell_of(h)
    return int(board.layer("elevation")[row, col])


@dataclass(frozen=True)
class Distance:
    """Contiguous spaces between two sets of hexes, and how it was counted."""

    spaces: int  # the total that counts for range
    flat: int  # hex distance alone
    climb: int  # |Δ elevation| added (0 when the option ignores it)
    nearest: tuple[Hex, Hex]  # the pair of hexes it was measured between
    options_used: tuple[str, ...]

    @property
    def feet(self) -> int:
        """The distance in feet: 5 ft per space [S000]."""
        return 5 * self.spaces

    def describe(self) -> str:
        extra = f" ({self.flat} across + {self.climb} up/down)" if self.climb else ""
        unit = "space" if self.spaces == 1 else "spaces"
        return f"{self.spaces} {unit}, {self.feet} ft{extra}"


def measure(
    board: Board, a: Iterable[Hex], b: Iterable[Hex], options: RuleOptions | None = None
) -> Distance:
    """The distance from any hex of ``a`` to any hex of ``b`` (R-DIST), in 3-D per D9.

    Raises ``ValueError`` if either set is empty.
    """
    opts = options or RuleOptions.of(board.options)
    count_up = opts.range_elevation == "count"
    best: tuple[int, int, int, Hex, Hex] | None = None
    b_list = list(b)
    for x in a:
        ex = elevation_at(board, x) if count_up else 0
        for y in b_list:
            flat = distance(x, y)
            climb = abs(ex - elevation_at(board, y)) if count_up else 0
            key = (flat + climb, flat, climb, x, y)
            if best is None or key[:3] < best[:3]:
                best = key
    if best is None:
        raise ValueError("a distance needs at least one hex on each side")
    total, flat, climb, x, y = best
    return Distance(total, flat, climb, (x, y), (opts.describe("range_elevation"),))


@dataclass(frozen=True)
class ReachCheck:
    """Whether an actor can reach a space, and why."""

    allowed: bool
    reach: int
    distance: int
    reason: str


def can_reach(
    board: Board, actor_id: str, space: Hex, options: RuleOptions | None = None
) -> ReachCheck:
    """Can ``actor_id`` target subjects in ``space`` as within its Reach?

    In Reach when the 3-D distance from a space it occupies is at most its Reach; also
    when the space is fully occupied and adjacent to it [S000] "While adjacent to a space
    that is fully occupied, you can target subjects in the space as if you can Reach them".
    """
    actor = board.token(actor_id)
    reach = reach_of(actor)
    d = measure(board, actor.footprint, [space], options)
    if d.spaces <= reach:
        return ReachCheck(True, reach, d.spaces, f"{d.spaces} spaces away, Reach {reach}")
    if d.flat == 1 and space_units(board, space) >= CAPACITY:
        return ReachCheck(
            True, reach, d.spaces, "adjacent to a fully occupied space: in Reach [S000]"
        )
    return ReachCheck(False, reach, d.spaces, f"{d.spaces} spaces away, beyond Reach {reach}")
