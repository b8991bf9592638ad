"""Hex coordinates: the pinned coordinate contract of DESIGN.md.

Axial coordinates ``Hex(q, r)`` with the derived cube coordinate ``s = -q - r``.
[S000]: "Edge-to-edge of each hex represents 5 feet of space"; one step of distance is
one space, and (Q21) one step of elevation is one space too.

Directions are listed counter-clockwise starting east (pointy-top drawing)::

    DIRECTIONS = (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1)
    DIAGONALS[k] = DIRECTIONS[k] + DIRECTIONS[(k+1) % 6]

A *facing* is 0..11: an even facing ``f`` faces the edge toward ``DIRECTIONS[f // 2]``,
an odd facing faces the vertex toward ``DIAGONALS[f // 2]``.

>>> distance(Hex(0, 0), Hex(2, -1))
2
>>> len(disk(Hex(0, 0), 2))
19
>>> hex_line(Hex(0, 0), Hex(2, 0))
[Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

__all__ = [
    "DIAGONALS",
    "DIRECTIONS",
    "FACINGS",
    "NUDGE",
    "Hex",
    "check_facing",
    "disk",
    "disk_offsets",
    "distance",
    "distances_to",
    "facing_step",
    "hex_line",
    "hex_round",
    "hex_round_arrays",
    "is_edge_facing",
    "line_points",
    "neighbors",
    "ring",
]

NUDGE = (1e-6, 2e-6)
"""How :func:`hex_line` nudges a line's start (axial ``q``, ``r``; cube ``s`` gets
``-3e-6``) so every tie breaks one way, whatever the line's position (DESIGN.md)."""

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex in axial coordinates; frozen and hashable, ``s`` is derived."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    __rmul__ = __mul__

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def length(self) -> int:
        """Distance from the origin, in spaces."""
        return max(abs(self.q), abs(self.r), abs(self.s))


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
DIAGONALS: tuple[Hex, ...] = tuple(DIRECTIONS[k] + DIRECTIONS[(k + 1) % 6] for k in range(6))
FACINGS: range = range(12)


def check_facing(facing: int) -> int:
    """Return ``facing`` if it is 0..11, else raise ``ValueError``."""
    if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing <= 11:
        raise ValueError(f"facing must be an integer 0..11, got {facing!r}")
    return facing


def is_edge_facing(facing: int) -> bool:
    """True when ``facing`` points at an edge (even), False for a vertex (odd)."""
    return check_facing(facing) % 2 == 0


def facing_step(facing: int) -> Hex:
    """The offset a facing points along: an edge direction or a diagonal (vertex) direction."""
    f = check_facing(facing)
    return DIRECTIONS[f // 2] if f % 2 == 0 else DIAGONALS[f // 2]


def distance(a: Hex, b: Hex) -> int:
    """Hex distance in spaces: ``max(|dq|, |dr|, |ds|)`` [S000]."""
    return (a - b).length()


def neighbors(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in ``DIRECTIONS`` order."""
    return [h + d for d in DIRECTIONS]


def _check_radius(radius: int) -> None:
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` from ``center``; ``ring(c, 0) == [c]``, else ``6 * radius``.

    The walk starts at ``center + radius * DIRECTIONS[4]`` and goes counter-clockwise.
    """
    _check_radius(radius)
    if radius == 0:
        return [center]
    result = []
    h = center + DIRECTIONS[4] * radius
    for k in range(6):
        for _ in range(radius):
            result.append(h)
            h = h + DIRECTIONS[k]
    return result


@lru_cache(maxsize=64)
def disk_offsets(radius: int) -> IntArray:
    """All ``(dq, dr)`` offsets within ``radius`` as a read-only ``(n, 2)`` int64 array."""
    _check_radius(radius)
    span = np.arange(-radius, radius + 1, dtype=np.int64)
    dq, dr = np.meshgrid(span, span, indexing="ij")
    keep = np.abs(dq + dr) <= radius
    offsets = np.stack([dq[keep], dr[keep]], axis=1)
    offsets.flags.writeable = False
    return offsets


def disk(center: Hex, radius: int) -> frozenset[Hex]:
    """Every hex within ``radius`` of ``center`` (``1 + 3r(r+1)`` hexes)."""
    _check_radius(radius)
    if radius < 10:
        return frozenset(
            Hex(center.q + dq, center.r + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
        )
    offsets = disk_offsets(radius)
    return frozenset(
        Hex(q, r) for q, r in zip(offsets[:, 0] + center.q, offsets[:, 1] + center.r, strict=True)
    )


def hex_round(q: float, r: float) -> Hex:
    """Round fractional axial coordinates to the hex that contains them (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def _nudged_point(a: Hex, b: Hex, i: int, n: int) -> Hex:
    # The contract's expression, literally: a + (b - a) * i / n with the start nudged so
    # exact ties (a point on an edge) break the same way.
    q = (a.q + NUDGE[0]) + (b.q - a.q) * i / n
    r = (a.r + NUDGE[1]) + (b.r - a.r) * i / n
    return hex_round(q, r)


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both ends included.

    Point ``i`` is ``a + (b - a) * i / n`` (``n = distance(a, b)``) rounded to a hex after
    nudging the start by :data:`NUDGE` ``(+1e-6, +2e-6)`` (cube ``s - 3e-6``; DESIGN.md,
    revised: the old ``(1e-6, 1e-6, -2e-6)`` ran parallel to the edges toward
    ``DIRECTIONS[1]`` and left those ties to float noise), so every tie breaks the same way
    and a line's shape depends only on ``b - a``; the line need not equal its reverse.
    Consecutive hexes are adjacent.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    return [_nudged_point(a, b, i, n) for i in range(n + 1)]


def distances_to(qs: IntArray, rs: IntArray, target: Hex) -> IntArray:
    """Vectorised ``distance`` from every ``(qs[i], rs[i])`` to ``target``."""
    dq = qs - target.q
    dr = rs - target.r
    result: IntArray = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    return result


def hex_round_arrays(
    q: npt.NDArray[np.floating], r: npt.NDArray[np.floating]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Vectorised :func:`hex_round`: the hexes containing many fractional positions."""
    s = -q - r
    rq, rr, rs = np.rint(q), np.rint(r), np.rint(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rq.astype(np.int32), rr.astype(np.int32)


def line_points(
    start: tuple[IntArray, IntArray],
    end: tuple[IntArray, IntArray],
    nudge: tuple[float, float] = NUDGE,
) -> Iterator[tuple[int, npt.NDArray[np.bool_], tuple[IntArray, IntArray]]]:
    """The inner points of many :func:`hex_line` s at once, step by step.

    For lines from ``start[k]`` to ``end[k]`` yields ``(i, live, (q, r))`` for
    ``i = 1 .. n-1``: ``live`` marks the lines longer than ``i`` and ``(q, r)`` are their
    ``i``-th hexes — the contract's points ``a + (b - a) * i / n`` after nudging the start
    by ``nudge`` (the contract's tie-break for the default :data:`NUDGE`; its negation
    breaks every tie the other way).
    """
    sq, sr = start
    tq, tr = end
    n = np.maximum(np.maximum(np.abs(tq - sq), np.abs(tr - sr)), np.abs(tq + tr - sq - sr))
    for i in range(1, int(n.max(initial=0))):
        live = i < n
        frac = i / n[live]
        pq, pr = hex_round_arrays(
            (sq[live] + nudge[0]) + (tq[live] - sq[live]) * frac,
            (sr[live] + nudge[1]) + (tr[live] - sr[live]) * frac,
        )
        yield i, live, (pq.astype(np.int64), pr.astype(np.int64))
