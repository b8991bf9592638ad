"""Pixel layout of a hex grid: pointy-top and flat-top, floats only, no Qt.

Grid topology lives in :mod:`rules.hexes`; this module only says where a hex is drawn
(STYLE.md principle 3, after Tiled's ``HexagonalRenderer``). ``size`` is the hex's
circumradius in pixels (centre to corner). Pixel ``y`` grows downward, as on screen.

Pointy-top: ``DIRECTIONS[0] = (1, 0)`` points east (screen right) and
``DIRECTIONS[2] = (0, -1)`` points north-west. Flat-top: ``(1, 0)`` points south-east
and ``(0, -1)`` points north.

>>> lay = Layout(Orientation.POINTY, size=10.0)
>>> lay.pixel_to_hex(*lay.hex_to_pixel(Hex(3, -2)))
Hex(q=3, r=-2)
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.hexes import Hex, hex_round

__all__ = ["Layout", "Orientation"]

FloatArray = npt.NDArray[np.float64]
SQRT3 = math.sqrt(3.0)


class Orientation(enum.Enum):
    """Which way the hexes point: a vertex up (pointy) or an edge up (flat)."""

    POINTY = "pointy"
    FLAT = "flat"


@dataclass(frozen=True, slots=True)
class _Matrix:
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in units of 60 degrees


_MATRICES = {
    Orientation.POINTY: _Matrix(SQRT3, SQRT3 / 2, 0.0, 1.5, SQRT3 / 3, -1.0 / 3, 0.0, 2.0 / 3, 0.5),
    Orientation.FLAT: _Matrix(1.5, 0.0, SQRT3 / 2, SQRT3, 2.0 / 3, 0.0, -1.0 / 3, SQRT3 / 3, 0.0),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Hex → pixel conversion for one orientation, hex size and pixel origin."""

    orientation: Orientation
    size: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        if not (self.size > 0 and math.isfinite(self.size)):
            raise ValueError(f"hex size must be a positive number of pixels, got {self.size!r}")

    @property
    def _m(self) -> _Matrix:
        return _MATRICES[self.orientation]

    @property
    def width(self) -> float:
        """Pixel width of one hex's bounding box."""
        return SQRT3 * self.size if self.orientation is Orientation.POINTY else 2 * self.size

    @property
    def height(self) -> float:
        """Pixel height of one hex's bounding box."""
        return 2 * self.size if self.orientation is Orientation.POINTY else SQRT3 * self.size

    def bounds(self, columns: int, rows: int) -> tuple[float, float, float, float]:
        """``(left, top, width, height)`` in pixels of the rectangle covering every hex of a
        ``columns`` × ``rows`` map (odd-r offsets pointy, odd-q flat; ``Hex(0, 0)`` at the
        origin).

        >>> [round(v, 3) for v in Layout(Orientation.POINTY, 1.0).bounds(1, 1)]
        [-0.866, -1.0, 1.732, 2.0]
        >>> [round(v, 3) for v in Layout(Orientation.POINTY, 1.0).bounds(3, 2)]
        [-0.866, -1.0, 6.062, 3.5]
        """
        w, h = self.width, self.height
        if self.orientation is Orientation.POINTY:
            shift = w / 2 if rows > 1 else 0.0
            right = w * (columns - 1) + shift + w / 2
            bottom = 0.75 * h * (rows - 1) + h / 2
        else:
            shift = h / 2 if columns > 1 else 0.0
            right = 0.75 * w * (columns - 1) + w / 2
            bottom = h * (rows - 1) + shift + h / 2
        left, top = self.origin_x - w / 2, self.origin_y - h / 2
        return left, top, right + w / 2, bottom + h / 2

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        """Centre of ``h`` in pixels."""
        m = self._m
        x = (m.f0 * h.q + m.f1 * h.r) * self.size + self.origin_x
        y = (m.f2 * h.q + m.f3 * h.r) * self.size + self.origin_y
        return x, y

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float]:
        """Fractional axial ``(q, r)`` of a pixel position."""
        m = self._m
        px = (x - self.origin_x) / self.size
        py = (y - self.origin_y) / self.size
        return m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing pixel ``(x, y)`` (cube rounding, so edges resolve consistently)."""
        return hex_round(*self.pixel_to_fractional(x, y))

    def corner_offsets(self) -> list[tuple[float, float]]:
        """The six corner offsets from a hex centre, counter-clockwise in axial terms."""
        start = self._m.start_angle
        return [
            (
                self.size * math.cos(2 * math.pi * (start + i) / 6),
                self.size * math.sin(2 * math.pi * (start + i) / 6),
            )
            for i in range(6)
        ]

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in pixels."""
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def centers(
        self, qs: npt.NDArray[np.integer], rs: npt.NDArray[np.integer]
    ) -> tuple[FloatArray, FloatArray]:
        """Vectorised centres of many hexes at once: arrays ``x`` and ``y`` like ``qs``."""
        m = self._m
        q = np.asarray(qs, dtype=np.float64)
        r = np.asarray(rs, dtype=np.float64)
        x = (m.f0 * q + m.f1 * r) * self.size + self.origin_x
        y = (m.f2 * q + m.f3 * r) * self.size + self.origin_y
        return x, y

    def fractional_array(
        self, xs: npt.NDArray[np.floating], ys: npt.NDArray[np.floating]
    ) -> tuple[npt.NDArray[np.floating], npt.NDArray[np.floating]]:
        """Vectorised :meth:`pixel_to_fractional`; arrays broadcast, their float dtype is kept."""
        m = self._m
        px = (xs - self.origin_x) / self.size
        py = (ys - self.origin_y) / self.size
        return m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py
