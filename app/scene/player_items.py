"""The players' presentation on the map: clicks that do nothing, tokens with thick rings
and name plates that keep their size on screen (see :class:`~app.scene.map_scene.MapScene`
with ``player=True``)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from app.scene.name_plates import NAME_PX, PlateStyle, player_style
from app.scene.style import side_pen
from app.scene.token_item import TokenItem
from app.scene.tool import Gesture, Tool

__all__ = ["NAME_PX", "PlayerTokenItem", "ViewOnlyTool"]


class ViewOnlyTool(Tool):
    """The players' presentation: every click is taken and does nothing."""

    name = "view"

    def press(self, gesture: Gesture) -> bool:
        return True


class PlayerTokenItem(TokenItem):
    """A token on the players' screen: a thick ring in its side's colour and dash, haloed in
    black, and its full name on a :class:`~app.scene.name_plates.NamePlate` above it (pills
    and Pool bars keep the lower edge), :data:`NAME_PX` pixels at presentation scale 1."""

    _scale = 1.0

    def set_presentation_scale(self, scale: float) -> None:
        """Draw the ring and the name ``scale`` times larger."""
        self._scale = scale
        self.sync_from(self.token, self.geometry, self.image)

    def plate_style(self) -> PlateStyle:
        return player_style(self._scale)

    def ring_extent(self) -> float:
        return self._ring_width() + 1.5  # the black halo is 3 px wider than the ring

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
