"""The players' presentation on the map: clicks that do nothing, tokens with thick rings
and name plates that keep their size on screen (see :class:`~app.scene.map_scene.MapScene`
with ``player=True``)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.style import side_pen
from app.scene.token_item import TokenItem
from app.scene.tool import Gesture, Tool
from rules import Token

NAME_PX = 17  # token names on the players' screen, in screen pixels at scale 100 %


class ViewOnlyTool(Tool):
    """The players' presentation: every click is taken and does nothing."""

    name = "view"

    def press(self, gesture: Gesture) -> bool:
        return True


class PlayerTokenItem(TokenItem):
    """A token on the players' screen: a thick ring in its side's colour and dash, haloed in
    black, and a :class:`NamePlate` above it (pills and Pool bars keep the lower edge)."""

    _scale = 1.0
    _plate: NamePlate | None = None

    def set_presentation_scale(self, scale: float) -> None:
        """Draw the ring and the name ``scale`` times larger."""
        self._scale = scale
        self.sync_from(self.token, self.geometry, self.image)

    def sync_from(self, token: Token, geometry: SceneGeometry, image: QImage | None = None) -> None:
        super().sync_from(token, geometry, image)
        self._plate = self._plate or NamePlate(self)
        self._plate.show_name(token.name, self._scale)
        self._plate.setPos(0, -self.radius - self._ring_width())

    def _ring_width(self) -> float:
        return max(4.0, self.radius * 0.24) * self._scale

    def boundingRect(self) -> QRectF:
        r = self.radius + self._ring_width() + 2
        return super().boundingRect().united(QRectF(-r, -r, 2 * r, 2 * r))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        width = self._ring_width()
        r = self.radius + width / 2
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(10, 10, 10), width + 3))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(side_pen(self.token.side, width))
        painter.drawEllipse(QPointF(0, 0), r, r)


class NamePlate(QGraphicsItem):
    """A token's name in white on a dark plate, the same size on screen at every zoom
    (:data:`NAME_PX` pixels at presentation scale 1), its bottom edge at its position."""

    def __init__(self, parent: QGraphicsItem):
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.text, self._font, self._rect = "", QFont(), QRectF()

    def show_name(self, name: str, scale: float) -> None:
        """Show ``name`` (long ones cut short) at ``scale`` times the usual size."""
        self.prepareGeometryChange()
        self.text = name if len(name) <= 18 else name[:17] + "…"
        self._font.setBold(True)
        self._font.setPixelSize(round(NAME_PX * scale))
        px = self._font.pixelSize()
        width = QFontMetricsF(self._font).horizontalAdvance(self.text) + 0.7 * px
        self._rect = QRectF(-width / 2, -1.35 * px, width, 1.35 * px)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1.5))
        painter.setBrush(QColor(15, 15, 20, 220))
        painter.drawRoundedRect(self._rect, 5, 5)
        painter.setFont(self._font)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)
