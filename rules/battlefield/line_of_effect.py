"""Walls and Areas: the option ``areas_stop_at_walls`` (default on).

The seeds are silent on walls; the map decides (issue #4): "a Line, Cone or Burst does not
pass a wall/blocked hex". Read as: a Line stops at the first wall on it; a Cone or Burst
covers a space when a straight line (the contract's :func:`~rules.hexes.hex_line` points)
from some origin hex reaches it without crossing a wall, trying both tie-breaks so the
answer does not depend on which way the area faces. Wall hexes themselves are not
covered ([S002]: a wall filling a space is an object, not an open space).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from rules.board.grid import Board, cells_of
from rules.hexes import NUDGE, Hex, distance, line_points, neighbors

__all__ = ["clear_lines", "stop_at_walls", "walls_among"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
_NUDGES = (NUDGE, (-NUDGE[0], -NUDGE[1]))  # the contract's tie-break, and the other


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


def _walls_at(board: Board, q: IntArray, r: IntArray) -> BoolArray:
    col, row = cells_of(q, r, board.orientation)
    inside = (col >= 0) & (col < board.width) & (row >= 0) & (row < board.height)
    blocked = board.layer("blocked")
    hit = np.zeros(q.shape, dtype=bool)
    hit[inside] = blocked[row[inside], col[inside]]
    return hit


def clear_lines(board: Board, origin: Hex, targets: tuple[IntArray, IntArray]) -> BoolArray:
    """For each target, True when a straight line from ``origin`` reaches it without a
    wall strictly between, with either tie-break."""
    tq, tr = targets
    start = (np.full(tq.shape, origin.q, np.int64), np.full(tq.shape, origin.r, np.int64))
    clear = np.zeros(tq.shape, dtype=bool)
    for nudge in _NUDGES:
        todo = ~clear
        ends = (tq[todo], tr[todo])
        blocked = np.zeros(ends[0].shape, dtype=bool)
        for _i, live, (pq, pr) in line_points((start[0][todo], start[1][todo]), ends, nudge):
            blocked[live] |= _walls_at(board, pq, pr)
        clear[todo] = ~blocked
    return clear


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
