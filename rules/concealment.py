"""Concealment of a target from an observer, and its penalties.

[S000]: "Poor lighting, weather conditions, or magic can create Concealment, Tier 1 through
12. If any space you or a target are in or that is between you and a target creates
Concealment, that target has Concealment from you. If you are adjacent to a target, reduce
Concealment from any conditions of the world by 3 Tiers. For each Tier of Concealment your
target has, have -1 on Awareness rolls affected by the type of Concealment. Concealment
against the senses you are using to choose a target also causes half this penalty on
targeted attack rolls against them." [S001] (option ``legacy_areas``): "If you are adjacent
to a target, reduce the Concealment by 3 Tiers."

Default (§11a D10): the Tiers of the observer's spaces, the target's spaces and the spaces
between (the :func:`~rules.hexes.hex_line` between the nearest hexes of the two footprints)
are **summed**; option ``concealment_combine = highest`` takes the highest. Creatures
sharing a space are adjacent. The Tier is capped at 12.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.board import Board, cells_of
from rules.hexes import Hex, distance, distances_to, hex_line, line_points
from rules.options import RuleOptions
from rules.terrain import ConcealmentKind

__all__ = ["MAX_TIER", "Concealment", "concealment", "concealment_between", "concealment_field"]

MAX_TIER = 12
IntLike = Any  # an int, or an int array (the field)
BoolLike = Any
ADJACENT_REDUCTION = 3


@dataclass(frozen=True)
class Concealment:
    """A target's Concealment from an observer, with the spaces that caused it."""

    tier: int
    sources: tuple[tuple[Hex, int, str], ...]  # (space, Tier, "world" | "magic")
    world: int  # Tier from conditions of the world, after combining
    magic: int
    adjacent: bool
    reduction: int
    options_used: tuple[str, ...]
    reasons: tuple[str, ...]

    @property
    def awareness_penalty(self) -> int:
        """−1 per Tier on Awareness rolls with the concealed sense [S000]."""
        return -self.tier

    @property
    def attack_penalty(self) -> int:
        """Half the Awareness penalty on targeted attacks: ``−(Tier // 2)`` (DESIGN.md)."""
        return -(self.tier // 2)


def _nearest_pair(a: Iterable[Hex], b: Iterable[Hex]) -> tuple[Hex, Hex]:
    b_list = list(b)
    return min(((x, y) for x in a for y in b_list), key=lambda p: (distance(*p), p))


def concealment_between(
    board: Board,
    observer: Iterable[Hex],
    target: Iterable[Hex],
    options: RuleOptions | None = None,
) -> Concealment:
    """The Concealment a target on ``target`` hexes has from an observer on ``observer``."""
    opts = options or RuleOptions.of(board.options)
    mine, theirs = frozenset(observer), frozenset(target)
    if not mine or not theirs:
        raise ValueError("Concealment needs the observer's and the target's spaces")
    a, b = _nearest_pair(mine, theirs)
    spaces = mine | theirs | frozenset(hex_line(a, b))
    tiers, kinds = board.layer("concealment"), board.layer("concealment_kind")
    sources = []
    for h in sorted(s for s in spaces if board.contains(s)):
        col, row = board.cell_of(h)
        if tiers[row, col]:
            kind = "magic" if kinds[row, col] == ConcealmentKind.MAGIC else "world"
            sources.append((h, int(tiers[row, col]), kind))
    combine = sum if opts.concealment_combine == "sum" else _highest
    world = combine(t for _h, t, k in sources if k == "world")
    magic = combine(t for _h, t, k in sources if k == "magic")
    adjacent = distance(a, b) <= 1
    return _settle(sources, world, magic, adjacent, opts)


def _highest(values: Iterable[int]) -> int:
    return max(values, default=0)


def combine_kinds(
    world: IntLike, magic: IntLike, adjacent: BoolLike, opts: RuleOptions
) -> tuple[IntLike, IntLike]:
    """(Tier before the cap, reduction for adjacency) from the world and magic Tiers.

    Seed 000 lowers only world-condition Concealment by 3 when adjacent; ``legacy_areas``
    lowers all of it [S001]. The kinds add (``sum``) or the highest counts (``highest``).
    Works on ints and on numpy arrays alike (:func:`concealment_field`).
    """
    both = np.add if opts.concealment_combine == "sum" else np.maximum
    total = both(world, magic)
    if opts.legacy_areas:
        after = np.where(adjacent, np.maximum(total - ADJACENT_REDUCTION, 0), total)
    else:
        world_after = np.where(adjacent, np.maximum(world - ADJACENT_REDUCTION, 0), world)
        after = both(world_after, magic)
    return after, total - after


def _settle(
    sources: list[tuple[Hex, int, str]], world: int, magic: int, adjacent: bool, opts: RuleOptions
) -> Concealment:
    reasons = [f"{t} from ({h.q}, {h.r}) ({k})" for h, t, k in sources]
    after, cut = combine_kinds(world, magic, adjacent, opts)
    raw, reduction = int(after), int(cut)
    if adjacent and opts.legacy_areas:
        reasons.append(f"adjacent: −{reduction} [S001, legacy: all Concealment]")
    elif adjacent:
        reasons.append(f"adjacent: −{reduction} from conditions of the world only [S000]")
    tier = min(MAX_TIER, raw)
    if raw > MAX_TIER:
        reasons.append(f"capped at {MAX_TIER} (was {raw})")
    used = (opts.describe("concealment_combine"), opts.describe("legacy_areas"))
    return Concealment(
        tier, tuple(sources), world, magic, adjacent, reduction, used, tuple(reasons)
    )


def concealment(
    board: Board, observer_id: str, target_id: str, options: RuleOptions | None = None
) -> Concealment:
    """The Concealment ``target_id`` has from ``observer_id`` (R-CONCEAL, §11a D10)."""
    observer, target = board.token(observer_id), board.token(target_id)
    return concealment_between(board, observer.footprint, target.footprint, options)


def concealment_field(
    board: Board,
    observer: Iterable[Hex],
    options: RuleOptions | None = None,
    radius: int | None = None,
) -> npt.NDArray[np.int16]:
    """The Tier a one-space target in every space would have from ``observer``.

    A ``(height, width)`` int16 array, vectorised over all target spaces at once (the same
    line points as :func:`~rules.hexes.hex_line`); spaces farther than ``radius`` from the
    observer are −1 (not computed). Equal to :func:`concealment_between` space by space.
    """
    opts = options or RuleOptions.of(board.options)
    mine = sorted(observer)
    if not mine:
        raise ValueError("Concealment needs the observer's spaces")
    qs, rs = board.axial_grid()
    dist = np.stack([distances_to(qs, rs, h) for h in mine])
    nearest, n = np.argmin(dist, axis=0), np.min(dist, axis=0)
    ends = (np.array([h.q for h in mine])[nearest], np.array([h.r for h in mine])[nearest])
    wanted = n <= radius if radius is not None else np.ones(n.shape, bool)
    tiers = board.layer("concealment").astype(np.int32)
    is_magic = board.layer("concealment_kind") == ConcealmentKind.MAGIC
    layers = (np.where(is_magic, 0, tiers), np.where(is_magic, tiers, 0))
    combine = np.add if opts.concealment_combine == "sum" else np.maximum
    totals = []
    for layer in layers:
        own = _combined(board, mine, layer, combine)
        target = np.where(n == 0, 0, layer)  # a shared space counts once
        between = _between(board, (qs, rs), ends, n, wanted, layer, combine)
        totals.append(combine(combine(own, target), between))
    world, magic = totals
    after, _cut = combine_kinds(world, magic, n <= 1, opts)
    result: npt.NDArray[np.int16] = np.minimum(MAX_TIER, after).astype(np.int16)
    result[~wanted] = -1
    return result


Combine = Callable[[Any, Any], Any]
IntGrid = npt.NDArray[np.int64]


def _combined(
    board: Board, hexes: list[Hex], layer: npt.NDArray[np.int32], combine: Combine
) -> int:
    total = 0
    for h in hexes:
        if board.contains(h):
            col, row = board.cell_of(h)
            total = int(combine(total, int(layer[row, col])))
    return total


def _between(
    board: Board,
    targets: tuple[IntGrid, IntGrid],
    ends: tuple[IntGrid, IntGrid],
    n: IntGrid,
    wanted: npt.NDArray[np.bool_],
    layer: npt.NDArray[np.int32],
    combine: Combine,
) -> npt.NDArray[np.int32]:
    """The spaces strictly between each target and its nearest observer hex, combined,
    at the contract's ``hex_line`` points."""
    out = np.zeros(n.shape, np.int32)
    sel = wanted & (n >= 2)
    acc = np.zeros(int(sel.sum()), np.int32)
    start, end = (ends[0][sel], ends[1][sel]), (targets[0][sel], targets[1][sel])
    for _i, live, (pq, pr) in line_points(start, end):
        col, row = cells_of(pq, pr, board.orientation)
        inside = (col >= 0) & (col < board.width) & (row >= 0) & (row < board.height)
        values = np.zeros(pq.shape, np.int32)
        values[inside] = layer[row[inside], col[inside]]
        acc[live] = combine(acc[live], values)
    out[sel] = acc
    return out
