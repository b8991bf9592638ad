"""What best aim's search shares (:mod:`rules.lens.aim`): the query (:class:`Search`: who
aims what, with which options, at whom), a placement's sort key (:data:`Key`) and its
packing into one int64 (:func:`pack`), which origins see which spaces among walls
(:class:`Sight`), an aim found (:class:`Found`) and what the search did (:class:`Tally`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.targeting import AreaResult
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.options import RuleOptions

__all__ = ["BoolArray", "Found", "IntArray", "Key", "Search", "Sight", "Tally", "pack", "unpack"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
Key = tuple[int, int, int, int, int, int, int]
"""A placement's sort key, smallest first: (−enemies, allies, distance, q, r, facing,
0 for a space or 1 for a subject)."""
_SPAN = 1 << 20  # one int64 key per placement: (facing · SPAN + q') · SPAN + r'
_MID = 1 << 19


def pack(facing: IntArray | int, q: IntArray, r: IntArray) -> IntArray:
    """One int64 key per placement (origin ``q``, ``r``, ``facing``)."""
    keys: IntArray = (facing * _SPAN + (q + _MID)) * _SPAN + (r + _MID)
    return keys


def unpack(keys: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """The ``facing``, ``q`` and ``r`` of each packed key."""
    rest, r = np.divmod(keys, _SPAN)
    facing, q = np.divmod(rest, _SPAN)
    return facing, q - _MID, r - _MID


@dataclass(frozen=True)
class Search:
    """One query: who aims what, with which options, at whom."""

    board: Board
    caster: Token
    kind: AreaKind
    value: int
    range_value: int | None
    opts: RuleOptions
    exclude: bool
    distinct: bool
    area_id: str
    enemies: tuple[Token, ...]
    allies: tuple[Token, ...]  # without the caster
    enemy_ids: frozenset[str]
    ally_ids: frozenset[str]  # with the caster
    held: BoolArray  # (height, width): a space of an enemy or an ally
    blocked: BoolArray  # (height, width): the walls
    who: Mapping[Hex, tuple[str, ...]]  # the enemies and allies in each such space
    sight: Sight | None = None  # for a Cone or Burst among walls: see placements.sight_of

    @property
    def facings(self) -> tuple[int, ...]:
        """A Burst has one facing; a Line the 6 edge ones unless ``zigzag_lines`` (Q14)."""
        if self.kind is AreaKind.BURST:
            return (0,)
        if self.kind is AreaKind.LINE and not self.opts.zigzag_lines:
            return tuple(range(0, 12, 2))
        return tuple(range(12))

    @property
    def spreads_from_caster(self) -> bool:
        """[S001] with ``legacy_areas``: a Burst's origin is every space of its source."""
        return self.opts.legacy_areas and self.kind is AreaKind.BURST

    def template(
        self, origin: tuple[Hex, ...], facing: int = 0, source: str | None = None
    ) -> AreaTemplate:
        """The template of one aim, as the Areas dock would lay it."""
        return AreaTemplate(
            self.area_id,
            self.kind,
            self.value,
            origin,
            facing=facing,
            source=source,
            caster=self.caster.id,
            exclude_caster=self.exclude,
        )


@dataclass(frozen=True)
class Sight:
    """Which allowed origins have a clear line to each space of an enemy or ally: the
    pairs ``origin key × len(index) + index[space]``, sorted."""

    index: Mapping[Hex, int]
    pairs: IntArray

    def sees(self, origin: Hex, space: Hex) -> bool:
        """Whether ``origin`` has a clear line to ``space``."""
        key = ((origin.q + _MID) * _SPAN + origin.r + _MID) * len(self.index) + self.index[space]
        at = int(np.searchsorted(self.pairs, key))
        return at < len(self.pairs) and int(self.pairs[at]) == key


@dataclass(frozen=True)
class Found:
    """An aim that hits an enemy: its exact key, whom it hits that the ranking sees (the
    enemies' and the allies' ids) and, once asked, :func:`aim`'s ``result``."""

    key: Key
    template: AreaTemplate
    ident: tuple[frozenset[str], frozenset[str]]
    result: AreaResult | None = None


@dataclass
class Tally:
    """What the search did: placements checked exactly, refused, left with no enemy, and
    whether the fast check had to give way to :func:`aim` (it never should)."""

    verified: int = 0
    refused: int = 0
    emptied: int = 0
    extras: int = 0  # Bursts on subjects (or from the caster) asked of aim()
    fell_back: bool = False
