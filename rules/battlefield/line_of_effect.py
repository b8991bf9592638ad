"""Walls and Areas: the option ``areas_stop_at_walls`` (default on).

The seeds are silent on walls; the map decides (issue #4): "a Line, Cone or Burst does not
pass a wall/blocked hex". Read as: a Line stops at the first wall on it; a Cone or Burst
covers a space when a straight line (the contract's :func:`~rules.hexes.hex_line` points)
from some origin hex reaches it without crossing a wall, trying both tie-breaks so the
answer does not depend on which way the area faces. Wall hexes themselves are not
covered ([S002]: a wall filling a space is an object, not an open space).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.board.grid import Board, axial_of_cells, cells_of
from rules.hexes import NUDGE, Hex, distance, hex_round_arrays, neighbors

__all__ = ["clear_lines", "clear_pairs", "stop_at_walls", "walls_among"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.floating[Any]]
_OTHER = (-NUDGE[0], -NUDGE[1])  # the other tie-break than the contract's
RUN = 16
"""How many steps of a line :func:`clear_pairs` checks at once against the walls in their
box: a run with no wall near it is skipped."""
PRUNE_FROM = 64
"""How many runs it takes for :func:`clear_pairs` to look for the ones with no wall near."""
CHUNK_POINTS = 1 << 12
"""How many line points :func:`clear_pairs` works out at once (small arrays stay in the
processor's cache)."""


def walls_among(board: Board, hexes: frozenset[Hex]) -> frozenset[Hex]:
    """The wall (blocked) hexes among ``hexes`` on the map."""
    blocked = board.layer("blocked")
    found = set()
    for h in hexes:
        if board.contains(h):
            col, row = board.cell_of(h)
            if blocked[row, col]:
                found.add(h)
    return frozenset(found)


def clear_lines(board: Board, origin: Hex, targets: tuple[IntArray, IntArray]) -> BoolArray:
    """For each target, True when a straight line from ``origin`` reaches it without a
    wall strictly between, with either tie-break."""
    shape = np.shape(targets[0])
    start = (np.full(shape, origin.q, np.int64), np.full(shape, origin.r, np.int64))
    return clear_pairs(board, start, targets)


def clear_pairs(
    board: Board, starts: tuple[IntArray, IntArray], ends: tuple[IntArray, IntArray]
) -> BoolArray:
    """For each ``k``, True when a straight line from ``starts[k]`` to ``ends[k]`` (axial
    ``(q, r)`` arrays of one shape) passes no wall strictly between, with either tie-break:
    :func:`clear_lines` for many origins at once, equal to it pair by pair.

    The points are the contract's (:func:`~rules.hexes.line_points`), worked out for every
    line at once; a run of :data:`RUN` steps with no wall in its q/r box is skipped (a hex
    holds the points within 2/3 of its centre on each axis). A line walled with the
    contract's tie-break is walled with the other as well when its point at the step of
    that wall is a wall too; only the others are traced again."""
    shape = np.shape(ends[0])
    sq, sr, tq, tr = (np.asarray(a, np.int64).ravel() for a in (*starts, *ends))
    if not len(tq):
        return np.zeros(shape, dtype=bool)
    walls = _Walls.around(board, np.concatenate((sq, tq)), np.concatenate((sr, tr)))
    if not walls.wall.any():
        return np.ones(shape, dtype=bool)
    step = _wall_steps(walls, _Lines.of((sq, sr), (tq, tr), NUDGE))
    clear: BoolArray = step == 0
    todo = np.flatnonzero(step)  # walled with the contract's tie-break
    if len(todo):
        other = _Lines.of((sq[todo], sr[todo]), (tq[todo], tr[todo]), _OTHER)
        walled_too = walls.at(*hex_round_arrays(*other.at(np.arange(len(todo)), step[todo])))
        clear[todo[~walled_too]] = _wall_steps(walls, other.take(~walled_too)) == 0
    return clear.reshape(shape)


def _walls_within(
    board: Board, q: tuple[int, int], r: tuple[int, int]
) -> tuple[IntArray, IntArray]:
    """The ``(q, r)`` of the walls with ``q`` and ``r`` in the given ranges (inclusive),
    looked for in the cells of the box's corners and between (a cell's column and row grow
    with ``q`` and ``r`` in either orientation)."""
    corners = np.array([q[0], q[0], q[1], q[1]]), np.array([r[0], r[1], r[0], r[1]])
    cols, rows = cells_of(*corners, board.orientation)
    c0, r0 = max(int(cols.min()), 0), max(int(rows.min()), 0)
    c1, r1 = max(int(cols.max()) + 1, 0), max(int(rows.max()) + 1, 0)
    window = board.layer("blocked")[r0:r1, c0:c1]
    found_rows, found_cols = np.nonzero(window)
    wq, wr = axial_of_cells(found_cols + c0, found_rows + r0, board.orientation)
    inside = (wq >= q[0]) & (wq <= q[1]) & (wr >= r[0]) & (wr <= r[1])
    return wq[inside], wr[inside]


@dataclass(frozen=True)
class _Walls:
    """The map's walls in a q/r box with a margin of one hex: ``wall[q - q0, r - r0]``."""

    q0: int
    r0: int
    wall: BoolArray

    @classmethod
    def around(cls, board: Board, q: IntArray, r: IntArray) -> _Walls:
        """The walls in the box of the hexes ``(q, r)``, where every line between them lies."""
        q0, r0 = int(q.min()) - 1, int(r.min()) - 1
        wall = np.zeros((int(q.max()) + 2 - q0, int(r.max()) + 2 - r0), dtype=bool)
        wq, wr = _walls_within(board, (q0, q0 + wall.shape[0] - 1), (r0, r0 + wall.shape[1] - 1))
        wall[wq - q0, wr - r0] = True
        return cls(q0, r0, wall)

    @cached_property
    def count(self) -> npt.NDArray[np.int32]:
        """The summed-area table of ``wall``, a row and a column of zeros first."""
        count = np.zeros((self.wall.shape[0] + 1, self.wall.shape[1] + 1), dtype=np.int32)
        count[1:, 1:] = self.wall.cumsum(axis=0, dtype=np.int32).cumsum(axis=1, dtype=np.int32)
        return count

    def at(self, q: npt.NDArray[np.integer], r: npt.NDArray[np.integer]) -> BoolArray:
        """Whether each hex ``(q, r)`` of the box is a wall."""
        found: BoolArray = self.wall[q - self.q0, r - self.r0]
        return found

    def near(self, q: tuple[FloatArray, FloatArray], r: tuple[FloatArray, FloatArray]) -> BoolArray:
        """For each box of points (``q`` and ``r`` from low to high), whether a wall is at a
        hex that may hold one of them (one hex of margin)."""
        c, (q_top, r_top) = self.count, self.wall.shape
        (ql, qh), (rl, rh) = _span(*q, self.q0, q_top), _span(*r, self.r0, r_top)
        found: BoolArray = (c[qh, rh] - c[ql, rh] - c[qh, rl] + c[ql, rl]) > 0
        return found


def _span(low: FloatArray, high: FloatArray, start: int, top: int) -> tuple[IntArray, IntArray]:
    """The rows ``[lo, hi)`` of a summed-area table whose first hex is ``start`` and that
    has ``top`` hexes, for the hexes from ``floor(low) - 1`` to ``ceil(high) + 1``."""
    lo = np.maximum(np.floor(low).astype(np.int64) - (1 + start), 0)
    return lo, np.minimum(np.ceil(high).astype(np.int64) + (2 - start), top)


@dataclass(frozen=True)
class _Lines:
    """Straight lines as parallel arrays: point ``i`` of line ``k`` is ``base + step × i / n``
    before rounding, the start nudged (the arithmetic of :func:`~rules.hexes.line_points`,
    so the same hexes)."""

    base_q: FloatArray
    base_r: FloatArray
    step_q: IntArray
    step_r: IntArray
    n: IntArray

    @classmethod
    def of(
        cls,
        start: tuple[IntArray, IntArray],
        end: tuple[IntArray, IntArray],
        nudge: tuple[float, float],
    ) -> _Lines:
        """The lines from ``start`` nudged by ``nudge`` to ``end``."""
        (sq, sr), (tq, tr) = start, end
        n = np.maximum(np.maximum(np.abs(tq - sq), np.abs(tr - sr)), np.abs(tq + tr - sq - sr))
        return cls(sq + nudge[0], sr + nudge[1], tq - sq, tr - sr, n)

    def take(self, rows: npt.NDArray[np.bool_]) -> _Lines:
        """The lines of ``rows``."""
        return _Lines(
            self.base_q[rows], self.base_r[rows], self.step_q[rows], self.step_r[rows], self.n[rows]
        )

    def at(self, k: IntArray, i: IntArray) -> tuple[FloatArray, FloatArray]:
        """Point ``i`` of each line ``k``, before rounding."""
        frac = i / self.n[k]
        return self.base_q[k] + self.step_q[k] * frac, self.base_r[k] + self.step_r[k] * frac


Runs = tuple[IntArray, IntArray, IntArray]  # each run's line, first step and length


def _runs(lines: _Lines) -> Runs:
    """Each line's inner points ``i = 1 .. n-1``, in runs of :data:`RUN` steps."""
    inner = np.maximum(lines.n - 1, 0)
    per_line = -(-inner // RUN)
    line = np.repeat(np.arange(len(inner)), per_line)
    j = np.arange(len(line)) - np.repeat(np.cumsum(per_line) - per_line, per_line)
    return line, 1 + j * RUN, np.minimum(RUN, inner[line] - j * RUN)


def _near_walls(walls: _Walls, lines: _Lines, runs: Runs) -> Runs:
    """The runs with a wall in the box of their first and last points."""
    line, first, length = runs
    q0, r0 = lines.at(line, first)
    q1, r1 = lines.at(line, first + length - 1)
    keep = walls.near(
        (np.minimum(q0, q1), np.maximum(q0, q1)), (np.minimum(r0, r1), np.maximum(r0, r1))
    )
    return line[keep], first[keep], length[keep]


def _wall_steps(walls: _Walls, lines: _Lines) -> IntArray:
    """For each line, the step ``i`` of a wall among its inner points, 0 if none; the points
    of the runs near walls worked out :data:`CHUNK_POINTS` at a time."""
    runs = _runs(lines)
    if len(runs[0]) > PRUNE_FROM:
        runs = _near_walls(walls, lines, runs)
    line, first, length = runs
    steps = np.zeros(lines.n.shape, dtype=np.int64)
    for part in _chunks(length):
        k, i = _hits(walls, lines, (line[part], first[part], length[part]))
        steps[k] = i
    return steps


def _chunks(length: IntArray) -> list[slice]:
    """Slices of runs of ``length`` points, about :data:`CHUNK_POINTS` points each."""
    upto = np.cumsum(length)
    total = int(upto[-1]) if len(upto) else 0
    if total <= CHUNK_POINTS:
        return [slice(0, len(length))]
    cuts = np.searchsorted(upto, np.arange(CHUNK_POINTS, total, CHUNK_POINTS), "right")
    edges = np.unique(np.concatenate(([0], cuts, [len(length)])))
    return [slice(lo, hi) for lo, hi in itertools.pairwise(edges.tolist())]


def _hits(walls: _Walls, lines: _Lines, runs: Runs) -> tuple[IntArray, IntArray]:
    """The walls among the points of ``runs``: their lines ``k`` and steps ``i``."""
    line, first, length = runs
    k = np.repeat(line, length)
    i = np.arange(len(k)) - np.repeat(np.cumsum(length) - length - first, length)
    hit = walls.at(*hex_round_arrays(*lines.at(k, i)))
    return k[hit], i[hit]


def _rim(origins: frozenset[Hex]) -> list[Hex]:
    """The origin hexes on the edge of the origin (a line from an inner one crosses one of
    these anyway)."""
    return sorted(h for h in origins if any(n not in origins for n in neighbors(h)))


def stop_at_walls(
    board: Board, spaces: frozenset[Hex], origins: frozenset[Hex], straight: bool
) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Split ``spaces`` into (covered, cut off by walls). ``straight`` marks a Line: it
    stops at its first wall. Cheap when no wall is among the spaces."""
    walls = walls_among(board, spaces)
    if not walls:
        return spaces, frozenset()
    if straight:
        origin = min(origins)
        first_wall = min(distance(origin, w) for w in walls)
        covered = frozenset(h for h in spaces if distance(origin, h) < first_wall)
        return covered, spaces - covered
    targets = sorted(spaces - walls)
    tq = np.array([h.q for h in targets], dtype=np.int64)
    tr = np.array([h.r for h in targets], dtype=np.int64)
    reached = np.zeros(len(targets), dtype=bool)
    for origin in _rim(origins - walls):
        todo = ~reached  # only the spaces no origin hex has reached yet
        reached[todo] = clear_lines(board, origin, (tq[todo], tr[todo]))
        if reached.all():
            break
    covered = frozenset(h for h, ok in zip(targets, reached, strict=True) if ok)
    return covered, spaces - covered
