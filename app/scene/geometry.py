"""The only place where hexes become ``QPointF`` / ``QPolygonF`` and back.

Scene coordinates are the pixel layout of :mod:`rules.layout` with a fixed hex size
(:data:`HEX_SIZE` scene units, centre to corner); zoom is the view's transform.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from rules import Board, Hex, Layout, Orientation

HEX_SIZE = 32.0


class SceneGeometry:
    """Hex ↔ scene conversion for one board orientation."""

    def __init__(self, orientation: Orientation, size: float = HEX_SIZE):
        self.layout = Layout(orientation, size)
        self._corner_offsets = [QPointF(x, y) for x, y in self.layout.corner_offsets()]
        self._unit_polygon = QPolygonF(self._corner_offsets)

    @classmethod
    def for_board(cls, board: Board) -> SceneGeometry:
        """The geometry of ``board``'s orientation."""
        return cls(board.orientation)

    @property
    def size(self) -> float:
        """Hex circumradius in scene units."""
        return self.layout.size

    def center(self, h: Hex) -> QPointF:
        """Centre of ``h`` in scene coordinates."""
        x, y = self.layout.hex_to_pixel(h)
        return QPointF(x, y)

    def hex_at(self, point: QPointF) -> Hex:
        """The hex under a scene point."""
        return self.layout.pixel_to_hex(point.x(), point.y())

    def polygon(self, h: Hex) -> QPolygonF:
        """The outline of ``h`` in scene coordinates."""
        return self._unit_polygon.translated(self.center(h))

    def unit_polygon(self) -> QPolygonF:
        """A hex outline centred on (0, 0)."""
        return QPolygonF(self._unit_polygon)

    def hexes_path(self, hexes: Iterable[Hex]) -> QPainterPath:
        """One path with the outline of every hex, in scene coordinates (not simplified:
        cheap to build; fill it with the winding rule to draw overlaps once)."""
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(self._unit_polygon.translated(self.center(h)))
            path.closeSubpath()
        return path

    def footprint_path(self, hexes: Iterable[Hex], origin: QPointF) -> QPainterPath:
        """The union of several hexes' outlines, relative to ``origin``."""
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(self._unit_polygon.translated(self.center(h) - origin))
            path.closeSubpath()
        return path.simplified()

    def board_rect(self, board: Board) -> QRectF:
        """Scene rectangle covering every hex of ``board`` (odd-r / odd-q offsets)."""
        return QRectF(*self.layout.bounds(board.width, board.height))

    def cell_range(self, board: Board, rect: QRectF) -> tuple[range, range]:
        """Columns and rows of cells that may intersect scene ``rect`` (a superset)."""
        lay = self.layout
        if lay.orientation is Orientation.POINTY:
            col_w, row_h = lay.width, lay.height * 0.75
            cols = (rect.left() - lay.width, rect.right() + lay.width)
            rows = (rect.top() - lay.height, rect.bottom() + lay.height)
            c0, c1 = int(cols[0] // col_w), int(cols[1] // col_w) + 1
            r0, r1 = int(rows[0] // row_h), int(rows[1] // row_h) + 1
        else:
            col_w, row_h = lay.width * 0.75, lay.height
            c0 = int((rect.left() - lay.width) // col_w)
            c1 = int((rect.right() + lay.width) // col_w) + 1
            r0 = int((rect.top() - lay.height) // row_h)
            r1 = int((rect.bottom() + lay.height) // row_h) + 1
        return (
            range(max(0, c0), min(board.width, c1 + 1)),
            range(max(0, r0), min(board.height, r1 + 1)),
        )
