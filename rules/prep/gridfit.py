"""Fitting a hex grid to a battle-map picture from a few clicked hex centres. Pure, no Qt.

The seeds are silent on pictures; this is geometry only. The model is the one of
:mod:`rules.layout` on an axis-aligned picture (no rotation), in the picture's pixels::

    pointy:  x = ox + size * (√3 q + √3/2 r)     y = oy + size * (3/2 r)
    flat:    x = ox + size * (3/2 q)             y = oy + size * (√3/2 q + √3 r)

It is linear in the unknowns ``(size, ox, oy)``, so each click gives two equations and
:func:`fit_grid` solves them by least squares (``numpy.linalg.lstsq``). Any two distinct
hexes fix all three unknowns, so with no duplicate hex the system always has full rank;
what can still fail is the fitted size (clicks in the wrong order give a negative one).
``origin_x, origin_y`` is the centre of ``Hex(0, 0)``: the first click when the clicks
are numbered from it, as :func:`row_hexes` does. The result converts to a
:class:`~rules.layout.Layout` and to the board's :class:`~rules.board.annotations.Background`.

>>> truth = Layout(Orientation.FLAT, 30.0, origin_x=100.0, origin_y=80.0)
>>> hexes = [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(0, 3)]
>>> fit_grid([truth.hex_to_pixel(h) for h in hexes], hexes).describe()
'flat, 30.0 px, error 0.0 px (max 0.0)'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from rules.board.annotations import Background
from rules.errors import RulesError
from rules.hexes import Hex
from rules.layout import Layout, Orientation

__all__ = [
    "MAX_FIT_SIZE",
    "MIN_FIT_SIZE",
    "GridFit",
    "GridFitError",
    "extended",
    "fit_grid",
    "fit_row",
    "fit_row_then_anywhere",
    "nudged",
    "row_hexes",
    "scaled",
]

MIN_FIT_SIZE = 2.0  # px: the range a Background accepts (rules.board.annotations)
MAX_FIT_SIZE = 10_000.0
_S3 = math.sqrt(3.0)
# (x, y) of a hex per unit size: rows of the matrix M in pixel = origin + size * M @ (q, r).
_MATRIX = {
    Orientation.POINTY: np.array([[_S3, _S3 / 2], [0.0, 1.5]]),
    Orientation.FLAT: np.array([[1.5, 0.0], [_S3 / 2, _S3]]),
}
Point = tuple[float, float]


class GridFitError(RulesError):
    """The clicks cannot fix a grid: too few, duplicated hexes, or a size that is not a
    positive number of pixels (e.g. the clicks were made in the reverse order)."""


@dataclass(frozen=True, slots=True)
class GridFit:
    """A hex grid fitted to clicked centres, in the picture's pixels.

    ``hex_size`` is the circumradius (centre to corner), ``origin_x, origin_y`` the centre
    of ``Hex(0, 0)``. ``residuals[i]`` is how far click ``i`` lies from the fitted centre
    of ``hexes[i]``; ``rms`` and ``max_residual`` summarise them (all in px).
    """

    orientation: Orientation
    hex_size: float
    origin_x: float
    origin_y: float
    points: tuple[Point, ...]
    hexes: tuple[Hex, ...]
    residuals: tuple[float, ...]
    rms: float
    max_residual: float

    def to_layout(self) -> Layout:
        """The fitted grid as a :class:`Layout` (hex -> picture pixel)."""
        return Layout(self.orientation, self.hex_size, self.origin_x, self.origin_y)

    def to_background(self, image: str, opacity: float = 1.0) -> Background:
        """The board's placement of picture ``image`` under this grid."""
        return Background(image, self.hex_size, self.origin_x, self.origin_y, opacity)

    def describe(self) -> str:
        """One line for the fitting dialog, e.g. ``"pointy, 42.3 px, error 0.8 px (max 1.6)"``."""
        return (
            f"{self.orientation.value}, {self.hex_size:.1f} px, "
            f"error {self.rms:.1f} px (max {self.max_residual:.1f})"
        )


def _evaluated(
    orientation: Orientation,
    size: float,
    origin: Point,
    points: tuple[Point, ...],
    hexes: tuple[Hex, ...],
) -> GridFit:
    """A GridFit with its residuals computed; raises GridFitError for a bad size."""
    if not (math.isfinite(size) and MIN_FIT_SIZE <= size <= MAX_FIT_SIZE):
        raise GridFitError(
            f"the fitted hex size {size:.3g} px is not within {MIN_FIT_SIZE:g}..{MAX_FIT_SIZE:g};"
            " were the hexes clicked in the order given?"
        )
    if not all(math.isfinite(v) for v in origin):
        raise GridFitError("the grid origin must be a finite pixel position")
    qr = np.array([(h.q, h.r) for h in hexes], dtype=np.float64)
    centres = np.array(origin) + size * qr @ _MATRIX[orientation].T
    errors = np.hypot(*(np.array(points) - centres).T)
    return GridFit(
        orientation,
        float(size),
        float(origin[0]),
        float(origin[1]),
        points,
        hexes,
        tuple(float(e) for e in errors),
        float(np.sqrt(np.mean(errors**2))),
        float(errors.max()),
    )


def _checked(
    points: Sequence[Point], hexes: Sequence[Hex]
) -> tuple[tuple[Point, ...], tuple[Hex, ...]]:
    if len(points) != len(hexes):
        raise GridFitError(f"{len(points)} clicks but {len(hexes)} hexes: give one hex per click")
    if len(points) < 3:
        raise GridFitError(f"click the centres of at least 3 hexes (got {len(points)})")
    clean = tuple((float(x), float(y)) for x, y in points)
    if not all(math.isfinite(v) for p in clean for v in p):
        raise GridFitError("every click must be a finite pixel position")
    seen: set[Hex] = set()
    for h in hexes:
        if h in seen:
            raise GridFitError(f"{h!r} was given for two clicks; each click needs its own hex")
        seen.add(h)
    return clean, tuple(Hex(int(h.q), int(h.r)) for h in hexes)


def _solve(orientation: Orientation, points: tuple[Point, ...], hexes: tuple[Hex, ...]) -> GridFit:
    # Unknowns (size, ox, oy): x_i = size*u_i + ox and y_i = size*v_i + oy.
    uv = np.array([(h.q, h.r) for h in hexes], dtype=np.float64) @ _MATRIX[orientation].T
    n = len(points)
    a = np.zeros((2 * n, 3))
    a[0::2, 0], a[0::2, 1] = uv[:, 0], 1.0
    a[1::2, 0], a[1::2, 2] = uv[:, 1], 1.0
    b = np.array(points, dtype=np.float64).reshape(-1)
    (size, ox, oy), *_ = np.linalg.lstsq(a, b, rcond=None)
    return _evaluated(orientation, float(size), (float(ox), float(oy)), points, hexes)


def _best(orientation: Orientation | None, fit: Callable[[Orientation], GridFit]) -> GridFit:
    """``fit(orientation)``, or with None the better fit of both (pointy on a tie); an
    error only when both orientations fail (the pointy one is raised)."""
    if orientation is not None:
        return fit(orientation)
    fits, errors = [], []
    for candidate in (Orientation.POINTY, Orientation.FLAT):
        try:
            fits.append(fit(candidate))
        except GridFitError as error:
            errors.append(error)
    if not fits:
        raise errors[0]
    return min(fits, key=lambda f: f.rms)


def fit_grid(
    points: Sequence[Point], hexes: Sequence[Hex], orientation: Orientation | None = None
) -> GridFit:
    """Fit hex size and origin (and, when ``orientation`` is None, the orientation) to
    clicked hex centres by linear least squares.

    ``points[i]`` is a click in picture pixels (x right, y down) on the centre of
    ``hexes[i]`` (axial, e.g. numbered from the first click as ``Hex(0, 0)``). With no
    orientation given both are fitted and the one with the smaller rms residual wins
    (pointy on a tie). Raises GridFitError for fewer than 3 clicks, a count mismatch,
    a non-finite click, a hex given twice, or a fitted size outside 2..10000 px.
    """
    clean, hexes_ = _checked(points, hexes)
    return _best(orientation, lambda o: _solve(o, clean, hexes_))


def row_hexes(n: int, orientation: Orientation) -> list[Hex]:
    """The hexes of ``n`` clicks on neighbouring centres in a straight line, numbered from
    the first click as ``Hex(0, 0)``.

    A straight line of touching hexes runs along the picture's axes only one way per
    orientation: pointy-top hexes form horizontal **rows**, clicked left to right
    (``Hex(i, 0)``); flat-top hexes form vertical **columns**, clicked top to bottom
    (``Hex(0, i)``). Raises GridFitError if ``n`` is negative.
    """
    if n < 0:
        raise GridFitError(f"the number of clicks must be >= 0, got {n}")
    if orientation is Orientation.POINTY:
        return [Hex(i, 0) for i in range(n)]
    return [Hex(0, i) for i in range(n)]


def fit_row(points: Sequence[Point], orientation: Orientation | None = None) -> GridFit:
    """Fit clicks made in order along a row (pointy) or column (flat), see
    :func:`row_hexes`; with no orientation the one fitting better wins. Raises
    GridFitError as :func:`fit_grid` does."""
    return _best(orientation, lambda o: fit_grid(points, row_hexes(len(points), o), o))


def extended(fit: GridFit, point: Point) -> GridFit:
    """``fit`` refitted with one more click anywhere on the picture: the click counts for
    the hex whose fitted centre is nearest, so after a short row the user can click
    centres all over the picture (more and wider-spread clicks, a closer fit).

    Raises GridFitError if that hex already has a click or the click is not finite.
    """
    x, y = float(point[0]), float(point[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise GridFitError(f"click {point!r} is not a finite pixel position")
    h = fit.to_layout().pixel_to_hex(x, y)
    if h in fit.hexes:
        raise GridFitError(f"hex ({h.q}, {h.r}) already has a click: click another hex centre")
    return fit_grid([*fit.points, (x, y)], [*fit.hexes, h], fit.orientation)


def fit_row_then_anywhere(points: Sequence[Point], row: int = 3) -> GridFit:
    """The first ``row`` clicks along a row (:func:`fit_row`, both orientations tried),
    every later one anywhere (:func:`extended`)."""
    fit = fit_row(points[:row])
    for point in points[row:]:
        fit = extended(fit, point)
    return fit


def nudged(fit: GridFit, dx: float, dy: float) -> GridFit:
    """``fit`` moved by ``(dx, dy)`` pixels (the manual nudge control); residuals are
    recomputed. Raises GridFitError for a non-finite shift."""
    origin = (fit.origin_x + dx, fit.origin_y + dy)
    return _evaluated(fit.orientation, fit.hex_size, origin, fit.points, fit.hexes)


def scaled(fit: GridFit, factor: float, about: Point | None = None) -> GridFit:
    """``fit`` with its hex size times ``factor`` (the manual scale control), keeping the
    pixel ``about`` fixed (default: the centre of ``Hex(0, 0)``). Raises GridFitError for
    a factor that is not a positive finite number or a size outside 2..10000 px."""
    if not (math.isfinite(factor) and factor > 0):
        raise GridFitError(f"the scale factor must be a positive number, got {factor!r}")
    ax, ay = about if about is not None else (fit.origin_x, fit.origin_y)
    origin = (ax + factor * (fit.origin_x - ax), ay + factor * (fit.origin_y - ay))
    return _evaluated(fit.orientation, fit.hex_size * factor, origin, fit.points, fit.hexes)
