"""Who may Hinder Movement along a path (RULES-DIGEST §12 R-HINDER, R-OVERPOWER-SIZE).

Seed 002: "Before a creature in your Reach would move, attack to prevent the movement,
DL 3. If they would move into or out of a space you occupy, gain +3 on your roll. …
This counts as an Overpower effect." Overpower takes the full size difference — +Δ
against a smaller target, −Δ against a larger one — and is impossible against a target
3+ sizes larger ([S002], RULES-DIGEST §4.1, §12 R-OVERPOWER-SIZE). Skill: Martial (Q26).

Every other creature is listed, whatever its side: the map does not decide who is hostile.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from rules.battlefield.reach import can_reach, reach_of
from rules.board.grid import Board
from rules.board.memo import remembered
from rules.board.sizes import effective_size
from rules.board.tokens import Token, TokenKind
from rules.hexes import Hex, distance
from rules.options import RuleOptions

__all__ = ["HinderChance", "hinder_chances", "overpower_size_modifier"]

DL = 3


@dataclass(frozen=True)
class HinderChance:
    """A creature that may Hinder the movement: at which step first, with what."""

    hinderer_id: str
    name: str
    step: int  # 1-based: before the mover takes this step
    dl: int
    bonus_step: int | None  # the first step entering/leaving its space (+3), if any
    size_modifier: int
    allowed: bool
    reason: str

    def describe(self) -> str:
        if not self.allowed:
            return f"{self.name} cannot Hinder: {self.reason}"
        text = f"{self.name} may Hinder Movement before step {self.step} (DL {self.dl}"
        if self.size_modifier:
            text += f", size {self.size_modifier:+d}"
        if self.bonus_step is not None:
            text += f"; +3 at step {self.bonus_step}: into or out of its space"
        return text + ") [S002]"


def overpower_size_modifier(actor_size: int, target_size: int) -> tuple[int, str | None]:
    """Overpower's size term and, if impossible, why ([S002]; §12 R-OVERPOWER-SIZE)."""
    diff = target_size - actor_size
    if diff >= 3:
        return -diff, f"the mover is {diff} sizes larger: Overpower is impossible [S002]"
    return -diff, None


@lru_cache(maxsize=256)
def _extent(offsets: tuple[Hex, ...]) -> int:
    """How far a footprint reaches from its anchor."""
    return max(o.length() for o in offsets)


def _in_reach(board: Board, hinderer: Token, mover: Token, anchor: Hex, opts: RuleOptions) -> bool:
    """Is ``mover`` (anchored at ``anchor``) in ``hinderer``'s Reach? Heights count as
    spaces (Q21): a flyer 5 up is 5 spaces farther."""
    reach = reach_of(hinderer)
    gap = abs(hinderer.motion.altitude - mover.motion.altitude)
    # The flat distance bounds the 3-D one from below, and a full space only lends Reach
    # when adjacent: a creature farther than that cannot reach (skip the exact check).
    extents = _extent(hinderer.footprint_offsets) + _extent(mover.footprint_offsets)
    if distance(hinderer.position, anchor) - extents > max(reach, 1) or gap > reach:
        return False
    for h in mover.footprint_at(anchor):
        check = can_reach(board, hinderer.id, h, opts)
        if check.allowed and (not gap or check.distance + gap <= reach):
            return True
    return False


@dataclass(frozen=True, eq=False)
class _Creatures:
    """Every creature of one board as arrays: where it stands (cube coordinates) and how
    far from there it could Hinder (its Reach, at least 1, plus its footprint's extent).
    Built once per board (a board never changes), so the creatures near a path are found
    with a few array comparisons, not a loop over every token of the map."""

    tokens: tuple[Token, ...]
    cube: npt.NDArray[np.int64]  # (n, 3): q, r, s
    margin: npt.NDArray[np.int64]  # (n,)

    @classmethod
    def of(cls, board: Board) -> _Creatures:
        def make() -> _Creatures:
            tokens = tuple(t for t in board.tokens.values() if t.kind is TokenKind.CREATURE)
            cube = np.array([(t.position.q, t.position.r, t.position.s) for t in tokens])
            margin = [max(reach_of(t), 1) + _extent(t.footprint_offsets) for t in tokens]
            return cls(tokens, cube.reshape(-1, 3), np.array(margin, dtype=np.int64))

        return remembered(board, "hinder creatures", make)

    def near(self, path: Sequence[Hex], grow: int) -> list[Token]:
        """The creatures that could be within their margin plus ``grow`` of an anchor of
        ``path``: the cube-coordinate box around the path, grown by each one's margin.
        Cheap, and never wrong in the "no" direction."""
        if not self.tokens:
            return []
        anchors = np.array([(h.q, h.r, h.s) for h in path])
        low, high = anchors.min(axis=0), anchors.max(axis=0)
        margin = (self.margin + grow)[:, None]
        inside = ((self.cube >= low - margin) & (self.cube <= high + margin)).all(axis=1)
        return [self.tokens[i] for i in np.flatnonzero(inside)]


def hinder_chances(
    board: Board, token_id: str, path: Sequence[Hex], options: RuleOptions | None = None
) -> tuple[HinderChance, ...]:
    """Each creature that has ``token_id`` in its Reach before one of ``path``'s steps."""
    opts = options or RuleOptions.of(board.options)
    mover = board.token(token_id)
    if len(path) < 2:
        return ()
    steps = path[:-1]  # a creature may Hinder before each step: from where the mover is
    found: list[HinderChance] = []
    own_extent = _extent(mover.footprint_offsets)
    for other in _Creatures.of(board).near(steps, own_extent):
        if other.id == token_id:
            continue
        chance = _chance(board, mover, other, path, opts)
        if chance is not None:
            found.append(chance)
    return tuple(sorted(found, key=lambda c: (c.step, c.name)))


def _chance(
    board: Board, mover: Token, other: Token, path: Sequence[Hex], opts: RuleOptions
) -> HinderChance | None:
    first: int | None = None
    bonus: int | None = None
    own = other.footprint
    same_level = other.motion.altitude == mover.motion.altitude
    for i, (a, b) in enumerate(itertools.pairwise(path), 1):
        if first is None and _in_reach(board, other, mover, a, opts):
            first = i
        touches = own & mover.footprint_at(a) or own & mover.footprint_at(b)
        if first is not None and same_level and touches:
            bonus = i
            break
    if first is None:
        return None
    # "Count as 2 sizes larger … when you are attacked with Martial or Nimble" [S001]:
    # Hinder is a Martial attack (Q26).
    counted = effective_size(mover, "attacked", skill="Martial").value
    modifier, impossible = overpower_size_modifier(other.size, counted)
    reason = impossible or "in Reach before the move"
    return HinderChance(
        other.id, other.name, first, DL, bonus, modifier, impossible is None, reason
    )
