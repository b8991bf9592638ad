"""Offset cells ↔ axial hexes for the map rectangle (see :mod:`rules.board.grid` for the
convention): odd-r rows for pointy-top maps, odd-q columns for flat-top maps."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from rules.hexes import Hex
from rules.layout import Orientation

__all__ = [
    "axial_grid",
    "axial_of_cells",
    "cell_in",
    "cell_to_hex",
    "cells_of",
    "hex_to_cell",
    "hexes_where",
]

IntArray = npt.NDArray[np.int64]


def cell_to_hex(col: int, row: int, orientation: Orientation) -> Hex:
    """The hex of offset cell ``(col, row)`` (odd-r for pointy, odd-q for flat)."""
    if orientation is Orientation.POINTY:
        return Hex(col - (row - (row & 1)) // 2, row)
    return Hex(col, row - (col - (col & 1)) // 2)


def hex_to_cell(h: Hex, orientation: Orientation) -> tuple[int, int]:
    """The offset cell ``(col, row)`` of ``h``; inverse of :func:`cell_to_hex`."""
    if orientation is Orientation.POINTY:
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def cell_in(h: Hex, orientation: Orientation, shape: tuple[int, ...]) -> tuple[int, int] | None:
    """The ``(row, col)`` index of ``h`` in a ``(height, width)`` array of the map's cells,
    or ``None`` when ``h`` is off the map."""
    col, row = hex_to_cell(h, orientation)
    height, width = shape[:2]
    return (row, col) if 0 <= col < width and 0 <= row < height else None


def hexes_where(mask: npt.NDArray[np.generic], orientation: Orientation) -> frozenset[Hex]:
    """The hexes whose cells are set in ``mask`` (a ``(height, width)`` array)."""
    rows, cols = np.nonzero(mask)
    qs, rs = axial_of_cells(cols, rows, orientation)
    return frozenset(map(Hex, qs.tolist(), rs.tolist()))


def cells_of(qs: IntArray, rs: IntArray, orientation: Orientation) -> tuple[IntArray, IntArray]:
    """Vectorised :func:`hex_to_cell`: arrays ``col`` and ``row`` for many hexes."""
    if orientation is Orientation.POINTY:
        return qs + (rs - (rs & 1)) // 2, rs
    return qs, rs + (qs - (qs & 1)) // 2


def axial_of_cells(
    cols: npt.NDArray[np.integer], rows: npt.NDArray[np.integer], orientation: Orientation
) -> tuple[IntArray, IntArray]:
    """Vectorised :func:`cell_to_hex`: arrays ``q`` and ``r`` for many cells."""
    c = np.asarray(cols, dtype=np.int64)
    r = np.asarray(rows, dtype=np.int64)
    if orientation is Orientation.POINTY:
        return c - (r - (r & 1)) // 2, r
    return c, r - (c - (c & 1)) // 2


def axial_grid(width: int, height: int, orientation: Orientation) -> tuple[IntArray, IntArray]:
    """Arrays ``q`` and ``r`` of shape ``(height, width)`` for every cell, vectorised."""
    rows, cols = np.indices((height, width), dtype=np.int64)
    return axial_of_cells(cols, rows, orientation)
