"""The geometry of a Universal VTT import (issue #18): a hex grid fitted over a picture of
squares, and the hexes a wall segment crosses. Pure numpy and floats, no Qt.

**Fitting.** One hex measures one square from edge to edge (flat to flat, 5 ft), so its
circumradius is ``pixels_per_grid / √3`` picture pixels. The W × H map (offset cells as
:mod:`rules.board.grid` defines them: odd-r rows pointy, odd-q columns flat) is the
smallest whose hexes cover every pixel of the picture. A pointy-top map's union is fully
covered from the centre of its first column (its odd rows' left edge) to the centre of its
last odd-row hex's left half, and from its first row's flat sides to its last row's, so::

    pointy: origin (0, R/2),  W = ⌈picture width / (√3 R) + ½⌉,  H = ⌈(height − R) / 1.5 R⌉ + 1
    flat:   origin (R/2, 0),  W = ⌈(width − R) / 1.5 R⌉ + 1,  H = ⌈picture height / (√3 R) + ½⌉

(the origin is the centre of ``Hex(0, 0)`` in picture pixels, as a board's
:class:`~rules.board.annotations.Background` keeps it).

**Walls.** A segment is walked hex by hex through the hex edges it crosses, exactly: each
hex is a cell of the hex centres' Voronoi diagram, and the segment leaves the current hex
through the first of its six edges (the bisector towards a neighbour) that it reaches.
Where it passes exactly through a corner (two exits within a billionth of its length),
the neighbour first in :data:`rules.hexes.DIRECTIONS` order is taken and the walk goes on
from it, so the two hexes beside the corner may both be listed. The walk follows the
segment's line from a little before its start to a little past its end and keeps the
hexes between, so ties at the ends go as they would mid-line: every segment of a
direction breaks them alike, and a wall running along hex edges keeps to one side of them.
Consecutive hexes of a walk are neighbours, so a wall of hexes has no gap. Segments are
clipped to the map (plus a hex of margin) before they are walked, so a walk is never
longer than the map.

>>> fit = fit_hexes(640, 480, 64.0, Orientation.POINTY)
>>> (fit.width, fit.height, round(fit.size, 3))
(11, 9, 36.95)
>>> walk_segment(fit, (0.0, 18.0), (200.0, 18.0))
[Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.board.annotations import Background
from rules.board.offsets import cells_of, hex_to_cell
from rules.hexes import DIRECTIONS, Hex, hex_round_arrays
from rules.layout import Layout, Orientation

__all__ = [
    "Clipped",
    "HexFit",
    "Walked",
    "WallCells",
    "clip_box",
    "clip_segments",
    "fit_hexes",
    "hexes_of",
    "mark_hexes",
    "walk_segment",
    "walk_segments",
    "wall_cells",
]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
Pixel = tuple[float, float]

_S3 = math.sqrt(3.0)
_ROUNDING = 1e-9  # a picture edge this close to a hex edge (relative) counts as on it
_TIE = 1e-9  # exits this close along the segment (of its length) are one corner
_LEAD = 1.5  # circumradii walked before a segment and after it (past any edge it lies on)
# Centre of each neighbour, in circumradii, from the hex's own centre (|D|² = 3): the walk
# leaves a hex towards neighbour k where the segment crosses P·D = 3/2.
_STEPS = {
    Orientation.POINTY: tuple((_S3 * (d.q + d.r / 2), 1.5 * d.r) for d in DIRECTIONS),
    Orientation.FLAT: tuple((1.5 * d.q, _S3 * (d.q / 2 + d.r)) for d in DIRECTIONS),
}
_DQ = np.array([d.q for d in DIRECTIONS], dtype=np.int64)
_DR = np.array([d.r for d in DIRECTIONS], dtype=np.int64)


@dataclass(frozen=True)
class HexFit:
    """A ``width`` × ``height`` hex map over a picture: ``size`` is the hexes' circumradius
    and ``origin_x, origin_y`` the centre of ``Hex(0, 0)``, in picture pixels."""

    orientation: Orientation
    width: int
    height: int
    size: float
    origin_x: float
    origin_y: float

    def layout(self) -> Layout:
        """The pixel layout of the map's hexes on the picture."""
        return Layout(self.orientation, self.size, self.origin_x, self.origin_y)

    def background(self, image: str) -> Background:
        """The board's placement of picture ``image`` under this grid."""
        return Background(image, self.size, self.origin_x, self.origin_y)

    def contains(self, h: Hex) -> bool:
        """True if ``h`` is one of the map's cells."""
        col, row = hex_to_cell(h, self.orientation)
        return 0 <= col < self.width and 0 <= row < self.height


def fit_hexes(
    picture_width: float, picture_height: float, pixels_per_grid: float, orientation: Orientation
) -> HexFit:
    """The smallest hex map of ``orientation`` whose hexes, each ``pixels_per_grid`` pixels
    from edge to edge, cover a ``picture_width`` × ``picture_height`` picture (see the
    module docstring for the sizes and the origin).

    >>> fit = fit_hexes(100, 100, 100.0, Orientation.FLAT)
    >>> (fit.width, fit.height, round(fit.origin_x, 2), fit.origin_y)
    (2, 2, 28.87, 0.0)
    """
    size = pixels_per_grid / _S3
    across = _S3 * size  # = pixels_per_grid
    if orientation is Orientation.POINTY:
        width = _count(picture_width / across + 0.5)
        height = _count((picture_height - size) / (1.5 * size)) + 1
        return HexFit(orientation, max(1, width), max(1, height), size, 0.0, size / 2)
    width = _count((picture_width - size) / (1.5 * size)) + 1
    height = _count(picture_height / across + 0.5)
    return HexFit(orientation, max(1, width), max(1, height), size, size / 2, 0.0)


def _count(exact: float) -> int:
    """``⌈exact⌉``, an edge within :data:`_ROUNDING` of a hex edge counting as on it."""
    return math.ceil(exact - _ROUNDING * max(1.0, abs(exact)))


# -- walking a segment ---------------------------------------------------------------------------


def walk_segment(fit: HexFit, start: Pixel, end: Pixel) -> list[Hex]:
    """Every hex the segment from ``start`` to ``end`` (picture pixels) crosses, in order
    from the hex of ``start`` to the hex of ``end`` (see the module docstring). The segment
    is walked as given: clip it first (:func:`clip_segments`)."""
    walked = walk_segments(fit, np.array([[*start, *end]], dtype=np.float64))
    return [Hex(int(q), int(r)) for q, r in zip(walked.q, walked.r, strict=True)]


@dataclass(frozen=True)
class Walked:
    """The hexes many segments cross: hex ``(q[i], r[i])`` is crossed by segment
    ``owner[i]``; each segment's hexes come in order along it."""

    q: IntArray
    r: IntArray
    owner: IntArray


def walk_segments(fit: HexFit, segments: FloatArray) -> Walked:
    """The hexes each of ``segments`` (``(n, 4)``, picture pixels, finite) crosses, walked
    all in step (numpy; see the module docstring).

    Each segment is walked along its line from :data:`_LEAD` circumradii before its start
    to as far past its end: from the hex there, to the neighbour across the edge (the
    bisector ``P·D = 3/2`` towards neighbour ``D``, in circumradii from the current centre)
    that the line reaches first, exits within :data:`_TIE` of each other being a corner
    (the first in :data:`rules.hexes.DIRECTIONS` order is taken). The segment's hexes are
    those the line is in between its ends (and the one at its middle, for a segment of no
    length), so where an end lies on a hex edge the tie goes as it would along the line:
    two collinear segments make the hexes one would. Each step moves along the line
    (``D · d > 0``), so no hex comes twice, and a walk is never more than twice as many
    steps as the hex distance between its ends.
    """
    u = (segments[:, [0, 2]] - fit.origin_x) / fit.size
    v = (segments[:, [1, 3]] - fit.origin_y) / fit.size
    du, dv = u[:, 1] - u[:, 0], v[:, 1] - v[:, 0]
    length = np.hypot(du, dv)
    point = length == 0  # walked along x, to find the hex (or two) it lies in
    unit = np.where(point, 1.0, length)
    ux, uy = np.where(point, 1.0, du / unit), np.where(point, 0.0, dv / unit)
    a_u, a_v = u[:, 0] - _LEAD * ux, v[:, 0] - _LEAD * uy  # where the walk starts
    span = length + 2 * _LEAD  # the walked line's length; t runs 0..1 along it
    t_start, t_end = _LEAD / span, (length + _LEAD) / span
    ends_u = np.stack([a_u, a_u + span * ux], axis=1)
    ends_v = np.stack([a_v, a_v + span * uy], axis=1)
    q, r = (a.astype(np.int64) for a in _rounded(fit, ends_u, ends_v))
    steps = np.array(_STEPS[fit.orientation])  # (6, 2) neighbour centres, circumradii
    towards = (span * ux)[:, None] * steps[:, 0] + (span * uy)[:, None] * steps[:, 1]
    ahead = towards > 1e-12
    towards = np.where(ahead, towards, 1.0)
    centre_u, centre_v = _centres(fit, q[:, 0], r[:, 0])
    px, py = a_u - centre_u, a_v - centre_v  # the walk's start, from the current centre
    here_q, here_r = q[:, 0].copy(), r[:, 0].copy()
    everything = np.arange(len(segments))
    parts = [(here_q.copy(), here_r.copy(), everything, np.full(len(segments), -np.inf))]
    live = everything
    limit = 2 * _distance(q[:, 0], r[:, 0], q[:, 1], r[:, 1]) + 4
    for _step in range(int(limit.max(initial=0))):
        if not live.size:
            break
        exits = np.where(
            ahead[live],
            (1.5 - (px[live, None] * steps[:, 0] + py[live, None] * steps[:, 1])) / towards[live],
            np.inf,
        )
        best = exits.min(axis=1)
        on = best <= t_end[live] + _TIE  # the others end in the hex they are in
        live, exits, best = live[on], exits[on], best[on]
        pick = np.argmax(exits <= best[:, None] + _TIE, axis=1)
        here_q[live] += _DQ[pick]
        here_r[live] += _DR[pick]
        px[live] -= steps[pick, 0]
        py[live] -= steps[pick, 1]
        parts.append((here_q[live], here_r[live], live, best))
    return _between_ends(parts, t_start, t_end)


def _between_ends(
    parts: list[tuple[IntArray, IntArray, IntArray, FloatArray]],
    t_start: FloatArray,
    t_end: FloatArray,
) -> Walked:
    """The hexes of the walks ``parts`` (hex, segment, where along the line it was
    entered) that the segments are in: left after ``t_start``, entered before ``t_end``,
    or holding the middle; grouped by segment in the order walked."""
    q, r, owner, entered = (np.concatenate(column) for column in zip(*parts, strict=True))
    order = np.argsort(owner, kind="stable")
    q, r, owner, entered = q[order], r[order], owner[order], entered[order]
    left = np.full(len(owner), np.inf)
    same = owner[1:] == owner[:-1]
    left[:-1][same] = entered[1:][same]
    middle = ((t_start + t_end) / 2)[owner]
    inside = (left > t_start[owner] + _TIE) & (entered < t_end[owner] - _TIE)
    keep = inside | ((entered <= middle) & (left >= middle))
    return Walked(q[keep], r[keep], owner[keep])


def _centres(fit: HexFit, q: IntArray, r: IntArray) -> tuple[FloatArray, FloatArray]:
    """The centres of hexes ``(q, r)`` in circumradii from the centre of Hex(0, 0)."""
    fq, fr = q.astype(np.float64), r.astype(np.float64)
    if fit.orientation is Orientation.POINTY:
        return _S3 * (fq + fr / 2), 1.5 * fr
    return 1.5 * fq, _S3 * (fq / 2 + fr)


def _distance(q0: IntArray, r0: IntArray, q1: IntArray, r1: IntArray) -> IntArray:
    """Vectorised hex distance between ``(q0, r0)`` and ``(q1, r1)``."""
    dq, dr = q1 - q0, r1 - r0
    found: IntArray = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    return found


# -- many segments: the wall layer -----------------------------------------------------------------


@dataclass(frozen=True)
class Clipped:
    """Segments (``(n, 4)``: ``x0, y0, x1, y1`` in picture pixels) clipped to the map
    (:func:`clip_box`): ``outside`` marks those wholly off it (their rows are NaN),
    ``cut`` those partly off it."""

    segments: FloatArray
    outside: BoolArray
    cut: BoolArray

    def lengths(self) -> FloatArray:
        """The length of each clipped segment in pixels (0 for one wholly outside)."""
        s = self.segments
        return np.nan_to_num(np.hypot(s[:, 2] - s[:, 0], s[:, 3] - s[:, 1]), nan=0.0)


@dataclass(frozen=True)
class WallCells:
    """The cells (``(height, width)``, True where a wall is) that segments cross, and which
    of the segments run partly or wholly off the map (``off``, one per segment)."""

    cells: BoolArray
    off: BoolArray


def clip_box(fit: HexFit) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` in picture pixels of the map's hexes, plus a hex of
    margin: what a segment is clipped to before it is walked."""
    left, top, wide, high = fit.layout().bounds(fit.width, fit.height)
    margin = fit.size
    return left - margin, top - margin, left + wide + margin, top + high + margin


def clip_segments(fit: HexFit, segments: FloatArray) -> Clipped:
    """``segments`` (``(n, 4)`` in picture pixels) clipped to :func:`clip_box` all at once
    (Liang-Barsky); an end inside the box is kept exactly as it was."""
    x0, y0, x1, y1 = np.asarray(segments, dtype=np.float64).reshape(-1, 4).T
    dx, dy = x1 - x0, y1 - y0
    left, top, right, bottom = clip_box(fit)
    lo = np.zeros(len(x0))
    hi = np.ones(len(x0))
    inside = np.ones(len(x0), dtype=bool)
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        flat = p == 0
        inside &= ~(flat & (q < 0))
        ratio = q / np.where(flat, 1.0, p)
        lo = np.where(~flat & (p < 0), np.maximum(lo, ratio), lo)
        hi = np.where(~flat & (p > 0), np.minimum(hi, ratio), hi)
    inside &= lo <= hi
    clipped = np.stack(
        [
            np.where(lo > 0, x0 + lo * dx, x0),
            np.where(lo > 0, y0 + lo * dy, y0),
            np.where(hi < 1, x0 + hi * dx, x1),
            np.where(hi < 1, y0 + hi * dy, y1),
        ],
        axis=1,
    )
    clipped[~inside] = np.nan
    return Clipped(clipped, ~inside, inside & ((lo > 0) | (hi < 1)))


def wall_cells(fit: HexFit, clipped: Clipped) -> WallCells:
    """The cells of the map that the ``clipped`` segments cross (:func:`walk_segments`),
    and which segments run off the map."""
    kept = np.flatnonzero(~clipped.outside)
    walked = walk_segments(fit, clipped.segments[kept])
    cells = np.zeros((fit.height, fit.width), dtype=bool)
    on = _mark(fit, cells, walked.q, walked.r)
    off = clipped.outside | clipped.cut
    off[kept[walked.owner[~on]]] = True
    return WallCells(cells, off)


def hexes_of(fit: HexFit, segments: FloatArray) -> list[list[Hex]]:
    """For each of ``segments`` (``(n, 4)``, picture pixels), the hexes of the map it
    crosses, in order: clipped to the map, walked all at once (:func:`walk_segments`), the
    hexes off the map left out (none for a segment wholly off it)."""
    clipped = clip_segments(fit, segments)
    kept = np.flatnonzero(~clipped.outside)
    walked = walk_segments(fit, clipped.segments[kept])
    found: list[list[Hex]] = [[] for _ in range(len(clipped.segments))]
    owners = kept[walked.owner].tolist()
    for q, r, k in zip(walked.q.tolist(), walked.r.tolist(), owners, strict=True):
        h = Hex(q, r)
        if fit.contains(h):
            found[k].append(h)
    return found


def _rounded(
    fit: HexFit, u: FloatArray, v: FloatArray
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The hexes containing points ``(u, v)`` (circumradii from the centre of Hex(0, 0)),
    vectorised."""
    if fit.orientation is Orientation.POINTY:
        return hex_round_arrays(_S3 / 3 * u - v / 3, 2 / 3 * v)
    return hex_round_arrays(2 / 3 * u, -u / 3 + _S3 / 3 * v)


def _mark(
    fit: HexFit, cells: BoolArray, qs: npt.NDArray[np.integer], rs: npt.NDArray[np.integer]
) -> BoolArray:
    """Set ``cells`` at the hexes ``(qs, rs)`` on the map; True for each that is on it."""
    cols, rows = cells_of(qs.astype(np.int64), rs.astype(np.int64), fit.orientation)
    on: BoolArray = (cols >= 0) & (cols < fit.width) & (rows >= 0) & (rows < fit.height)
    cells[rows[on], cols[on]] = True
    return on


def mark_hexes(fit: HexFit, cells: BoolArray, hexes: Iterable[Hex]) -> bool:
    """Set ``cells`` at those of ``hexes`` on the map; True if all of them are on it."""
    listed = list(hexes)
    qs = np.fromiter((h.q for h in listed), dtype=np.int64, count=len(listed))
    rs = np.fromiter((h.r for h in listed), dtype=np.int64, count=len(listed))
    return bool(_mark(fit, cells, qs, rs).all())
