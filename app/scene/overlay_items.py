"""Overlay items: previews drawn over the map while a gesture is in progress.

They show a rules query's answer (the hexes a stroke will paint) and never change the
model; the gesture commits once, as one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from rules import Hex

PREVIEW_COLOR = QColor("#F0E442")  # Okabe–Ito yellow: reads on every ground colour


class HexSetPreviewItem(QGraphicsItem):
    """A set of hexes outlined and hatched (shape as well as colour), e.g. a paint stroke."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(50)
        self._geometry = geometry
        self._path = QPainterPath()
        self._shown: set[Hex] = set()

    def show_hexes(self, hexes: Iterable[Hex], geometry: SceneGeometry | None = None) -> None:
        """Outline exactly ``hexes``."""
        self._geometry = geometry or self._geometry
        self._path, self._shown = QPainterPath(), set()
        self.add_hexes(hexes)

    def add_hexes(self, hexes: Iterable[Hex]) -> None:
        """Outline ``hexes`` too; only the new ones cost anything (a long brush drag)."""
        self.prepareGeometryChange()
        polygon = self._geometry.unit_polygon()
        for h in hexes:
            if h not in self._shown:
                self._shown.add(h)
                self._path.addPolygon(polygon.translated(self._geometry.center(h)))
                self._path.closeSubpath()
        self.update()

    @property
    def count(self) -> int:
        """How many hexes are shown."""
        return len(self._shown)

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_hatched(painter, self._path, QPen(QColor("#000000"), 0), QPen(PREVIEW_COLOR, 0))


def paint_hatched(painter: QPainter, path: QPainterPath, edge: QPen, dash: QPen) -> None:
    """The preview look: ``path`` hatched in the preview colour, outlined with ``edge`` and
    then with ``dash`` drawn dashed on top (shape as well as colour)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setBrush(QBrush(PREVIEW_COLOR, Qt.BrushStyle.FDiagPattern))
    painter.setPen(edge)
    painter.drawPath(path)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    dash.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(dash)
    painter.drawPath(path)
