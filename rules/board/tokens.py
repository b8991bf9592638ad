"""Tokens: creatures and objects placed on the map, and the spaces they occupy.

Footprint by size, RULES-DIGEST §4.3 (an [ASSUMPTION] derived from [S000]/[S001]:
"A space containing 4 size 0 creatures is fully occupied", so a space holds 4 units and a
size-``s`` creature weighs ``2**s`` units): the default footprint is ``max(1, 2**(s-2))``
hexes, rounded to the nearest compact blob —

==========  ====  ========  ===========  ==========  ==========
size        <= 2  3         4            5           6 / 7 / 8
footprint   1     2 (pair)  4 (diamond)  7 (radius 1)  19 / 37 / 61
==========  ====  ========  ===========  ==========  ==========

**Anchor.** A token's ``position`` is its *anchor* hex. A footprint is a set of offsets
from the anchor that always contains ``Hex(0, 0)``: for sizes 3 and 4 the anchor is the
first (west-most) hex of the pair or diamond; for radius blobs (size 5+) it is the centre.
A per-token ``footprint_override`` (offsets, containing ``Hex(0, 0)``) replaces the
default, e.g. an elongated long-torso creature.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

import numpy as np

from rules.board.anatomy import (
    DEFAULT_LIMBS,
    DEFAULT_SENSES,
    Words,
    distinct_names,
    limbs_problem,
    senses_problem,
)
from rules.board.conditions import CONDITION_SPECS, MAX_TIER, ConditionEntry, tier_sums
from rules.board.motion import MODE_TYPES, Motion
from rules.board.pools import Pool, Vitals, pool_current, pool_maximum
from rules.hexes import Hex, disk
from rules.ids import id_problem
from rules.text import text_problem

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "MOVEMENT_TYPES",
    "SIDES",
    "Token",
    "TokenKind",
    "default_footprint",
]

MIN_SIZE = -12
MAX_SIZE = 12
SIDES = ("party", "ally", "neutral", "enemy")
# [S001]: Land primary and Swim secondary by default; Burrow, Fly (wings), Climb.
MOVEMENT_TYPES = ("land", "swim", "climb", "fly", "burrow")
_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")

_PAIR = (Hex(0, 0), Hex(1, 0))
_DIAMOND = (Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1))


def _is_int(value: object) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


class TokenKind(enum.Enum):
    """A creature (acts, gets Crowded) or an object (crate, barrel, wall segment)."""

    CREATURE = "creature"
    OBJECT = "object"


def _disk_count(radius: int) -> int:
    return 1 + 3 * radius * (radius + 1)


@cache
def default_footprint(size: int) -> tuple[Hex, ...]:
    """Offsets from the anchor of the hexes a token of ``size`` fills (RULES-DIGEST §4.3).

    >>> len(default_footprint(0)), len(default_footprint(4)), len(default_footprint(6))
    (1, 4, 19)
    """
    if size <= 2:
        return (Hex(0, 0),)
    if size == 3:
        return _PAIR
    if size == 4:
        return _DIAMOND
    wanted = 2 ** (size - 2)
    radius = 1
    while abs(_disk_count(radius + 1) - wanted) < abs(_disk_count(radius) - wanted):
        radius += 1
    return tuple(sorted(disk(Hex(0, 0), radius), key=lambda h: (h.length(), h.r, h.q)))


@lru_cache(maxsize=16384)
def _placed(anchor: Hex, offsets: tuple[Hex, ...]) -> frozenset[Hex]:
    """The hexes of ``offsets`` placed at ``anchor`` (cached: searches ask often)."""
    return frozenset(anchor + off for off in offsets)


@dataclass(frozen=True, slots=True)
class Token:
    """A creature or object on the map. Frozen: edits make new tokens.

    ``position`` is the anchor hex (see module docs); ``hidden`` keeps it off the player
    view; ``image`` names a picture stored in the map file (``images/…``), or ``None``.
    Stats used by the rules: ``reach`` (``None`` = from size and limbs, RULES-DIGEST §4.2,
    Q17), ``movement_pool`` (5 by default, [P-CHAR]) and ``movement_types``, primary first
    ([S001]: Land primary, Swim secondary by default). Play state: ``conditions`` with
    Tiers (:mod:`rules.board.conditions`; a name's Tiers add up to at most ``MAX_TIER``), Pools
    and wounds (``vitals``, :mod:`rules.board.pools`), and the ``moving`` flag ([S001]: "After
    moving, you are considered moving until you end your turn without moving any spaces
    that turn or pay 1 Movement to stop"), and how it is moving (``motion``: mode,
    altitude, pace, Amble, carried Bulk; :mod:`rules.board.motion`). Its body
    (:mod:`rules.board.anatomy`,
    format version 7): the ``senses`` it chooses targets with, Primary Sense first (sight
    by default), its ``limbs`` (2) and how many are ``gripping`` a weapon or object (0),
    and the ``words`` it can speak in a round.
    """

    id: str
    name: str
    position: Hex
    size: int = 0
    kind: TokenKind = TokenKind.CREATURE
    side: str = "neutral"
    color: str = "#808080"
    image: str | None = None
    hidden: bool = False
    footprint_override: tuple[Hex, ...] | None = None
    notes: str = field(default="", compare=True)
    reach: int | None = None
    movement_pool: int = 5
    movement_types: tuple[str, ...] = ("land", "swim")
    senses: tuple[str, ...] = DEFAULT_SENSES
    limbs: int = DEFAULT_LIMBS
    gripping: int = 0
    words: Words = field(default_factory=Words)
    conditions: tuple[ConditionEntry, ...] = ()
    vitals: Vitals = field(default_factory=Vitals)
    moving: bool = False
    moved_this_turn: bool = False
    motion: Motion = field(default_factory=Motion)

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        # numpy integers are welcome in, plain ints are kept (for JSON and equality).
        object.__setattr__(self, "position", Hex(int(self.position.q), int(self.position.r)))
        if self.footprint_override is not None:
            plain = tuple(Hex(int(h.q), int(h.r)) for h in self.footprint_override)
            object.__setattr__(self, "footprint_override", plain)

    def problem(self) -> str | None:
        """What is wrong with this token's fields, or ``None``."""
        types = self._type_problem()
        if types:
            return types
        problem = id_problem("token", self.id)
        if problem:
            return problem
        if not self.name.strip():
            return f"token {self.id!r} needs a name"
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            return f"token {self.id!r}: size {self.size} is outside {MIN_SIZE}..{MAX_SIZE}"
        if self.side not in SIDES:
            return f"token {self.id!r}: side {self.side!r} is not one of {', '.join(SIDES)}"
        if not _COLOR.match(self.color):
            return f"token {self.id!r}: colour {self.color!r} is not #rrggbb"
        override = self.footprint_override
        if override is not None and Hex(0, 0) not in override:
            return f"token {self.id!r}: footprint override must contain the anchor Hex(0, 0)"
        return None

    def _type_problem(self) -> str | None:
        if not isinstance(self.id, str):
            return f"token id must be a string, got {self.id!r}"
        for label in ("name", "side", "color", "notes"):
            value = getattr(self, label)
            if not isinstance(value, str):
                return f"token {self.id!r}: {label} must be text"
            problem = text_problem(value)
            if problem:
                return f"token {self.id!r}: its {label} is not valid text ({problem})"
        if isinstance(self.size, bool) or not isinstance(self.size, int):
            return f"token {self.id!r}: size must be an integer, got {self.size!r}"
        hexes = [self.position, *(self.footprint_override or ())]
        if not all(isinstance(h, Hex) and _is_int(h.q) and _is_int(h.r) for h in hexes):
            return f"token {self.id!r}: position and footprint must be hexes of integers"
        if self.image is not None and not isinstance(self.image, str):
            return f"token {self.id!r}: image must be a picture name or None"
        return self._stats_problem()

    def _stats_problem(self) -> str | None:
        if self.reach is not None and not (_is_int(self.reach) and 0 <= self.reach <= 99):
            return f"token {self.id!r}: Reach must be 0..99 spaces or unset, got {self.reach!r}"
        if not (_is_int(self.movement_pool) and 0 <= self.movement_pool <= 99):
            return f"token {self.id!r}: Movement Pool must be 0..99, got {self.movement_pool!r}"
        types = self.movement_types
        if not distinct_names(types, MOVEMENT_TYPES):
            return (
                f"token {self.id!r}: movement types must be distinct, from "
                f"{', '.join(MOVEMENT_TYPES)}, primary first; got {types!r}"
            )
        return self._body_problem()

    def _body_problem(self) -> str | None:
        problem = senses_problem(self.senses) or limbs_problem(self.limbs, self.gripping)
        if problem is None and not isinstance(self.words, Words):
            problem = "words must be a Words"
        if problem:
            return f"token {self.id!r}: {problem}"
        return self._play_problem()

    def _play_problem(self) -> str | None:
        entries = self.conditions
        if not isinstance(entries, tuple) or not all(
            isinstance(e, ConditionEntry) for e in entries
        ):
            return f"token {self.id!r}: conditions must be a tuple of ConditionEntry"
        keys = [(e.name, e.source) for e in entries]
        if len(set(keys)) != len(keys):
            return f"token {self.id!r}: a condition is listed twice from the same source"
        over = next(((n, t) for n, t in tier_sums(entries).items() if t > MAX_TIER), None)
        if over is not None:
            return (
                f"token {self.id!r}: its {CONDITION_SPECS[over[0]].label} Tiers add up to "
                f"{over[1]}, more than {MAX_TIER} (Tiers of the same name add [P-GAME])"
            )
        if not isinstance(self.vitals, Vitals):
            return f"token {self.id!r}: vitals must be a Vitals"
        if not isinstance(self.moving, bool) or not isinstance(self.moved_this_turn, bool):
            return f"token {self.id!r}: the moving flags must be true or false"
        if not isinstance(self.motion, Motion):
            return f"token {self.id!r}: motion must be a Motion"
        needed = MODE_TYPES.get(self.motion.mode)
        if needed and needed not in self.movement_types:
            return (
                f"token {self.id!r}: moving by {self.motion.mode} needs the {needed.capitalize()} "
                "movement type [S001]"
            )
        return None

    @property
    def footprint_offsets(self) -> tuple[Hex, ...]:
        """Offsets from the anchor: the override if set, else the default for the size."""
        return self.footprint_override or default_footprint(self.size)

    @property
    def footprint(self) -> frozenset[Hex]:
        """The hexes this token fills, anchored at ``position``."""
        return _placed(self.position, self.footprint_offsets)

    @property
    def swallowed(self) -> bool:
        """Whether it is in a swallower's stomach ([S002] Grapple, swallow: the Swallowed
        condition, whose source names the swallower)."""
        return any(e.name == "swallowed" for e in self.conditions)

    def maximum_of(self, pool: str) -> Pool:
        """The maximum of Pool ``pool`` with its reason — the one place a token's Pools are
        read: an override in ``vitals`` wins, else the published formula, with the Movement
        Pool's size from ``movement_pool`` (:func:`rules.board.pools.pool_maximum`)."""
        return pool_maximum(self.vitals, pool, self.size, self.movement_pool)

    def left_of(self, pool: str) -> int:
        """What is left of Pool ``pool`` (its maximum unless spent)."""
        return pool_current(self.vitals, pool, self.size, self.movement_pool)

    def footprint_at(self, anchor: Hex) -> frozenset[Hex]:
        """The hexes this token would fill with its anchor at ``anchor``."""
        return _placed(anchor, self.footprint_offsets)

    @property
    def initials(self) -> str:
        """Up to two letters to draw on the token, e.g. ``"GO"`` for "Grey Ogre"."""
        words = [w for w in re.split(r"[\s_-]+", self.name) if w]
        letters = "".join(w[0] for w in words[:2]) if len(words) > 1 else self.name[:2]
        return letters.upper()

    def moved_to(self, anchor: Hex) -> Token:
        """This token with its anchor at ``anchor``."""
        return replace(self, position=anchor)
