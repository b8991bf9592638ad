"""TurnHighlight: marks the token whose turn it is, readable from across the table.

A thick bright ring round the token (outside its disc, so the art stays visible), three
inward chevrons on the ring and a "▶ TURN" tab above it that keeps its size on screen at
every zoom. It reads by shape as well as by colour: the selection ring is thin and
dashed, this one is solid, chevroned and labelled. Pens are cosmetic (the same width in
pixels at every zoom) and the item ignores the mouse, so clicks reach the token. It only
paints: whoever owns it (the Turn Order dock) calls :meth:`TurnHighlight.show_on`
whenever the document changes.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.rules_overlays import UNDERLAY, mouse_transparent
from app.scene.style import cosmetic_pen
from app.scene.token_item import TokenItem

TURN_Z = 40  # over the tokens (z ≤ ~16) so a crowd cannot hide it, under FULL (45) and labels
TURN_COLOR = QColor("#FFD21F")  # bright amber-yellow: reads on grass, stone, water and fog
TAG_TEXT = "▶ TURN"
TAG_PIXELS = 19  # tag font size on screen, whatever the zoom
RING_PIXELS = 6  # the bright ring's width on screen; a dark edge of +4 px runs under it
CHEVRON_ANGLES = (180.0, 0.0, 90.0)  # left, right and below the token (the tag is above)


class _TurnTag(QGraphicsItem):
    """The "▶ TURN" tab with a pointer down at the token; a constant size on screen."""

    def __init__(self, parent: QGraphicsItem):
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        mouse_transparent(self)
        self._font = QFont()
        self._font.setBold(True)
        self._font.setPixelSize(TAG_PIXELS)
        self._text = TAG_TEXT
        self._box = QRectF()
        self.set_text(TAG_TEXT)

    @property
    def text(self) -> str:
        """What the tab says."""
        return self._text

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self._text = text
        metrics = QFontMetricsF(self._font)
        width = metrics.horizontalAdvance(text) + 14
        height = metrics.height() + 6
        self._box = QRectF(-width / 2, -height - 9, width, height)

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-3, -3, 3, 12)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pointer = QPolygonF([QPointF(-8, -10), QPointF(8, -10), QPointF(0, 0)])
        painter.setPen(cosmetic_pen(UNDERLAY, 2))
        painter.setBrush(TURN_COLOR)
        painter.drawPolygon(pointer)
        painter.setBrush(QColor(20, 20, 20, 240))
        painter.setPen(cosmetic_pen(TURN_COLOR, 2.5))
        painter.drawRoundedRect(self._box, 5, 5)
        painter.setFont(self._font)
        painter.setPen(TURN_COLOR)
        painter.drawText(self._box, Qt.AlignmentFlag.AlignCenter, self._text)


class TurnHighlight(QGraphicsItem):
    """The ring, chevrons and tag round the current actor's token (hidden when no token
    is acting: before the start, at the Soulweaver's turn)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(TURN_Z)
        mouse_transparent(self)
        self._radius = 0.0
        self._margin = 0.0
        self._token_id: str | None = None
        self.tag = _TurnTag(self)
        self.hide()

    @property
    def token_id(self) -> str | None:
        """The token marked, or ``None`` when hidden."""
        return self._token_id

    @property
    def ring_radius(self) -> float:
        """The ring's radius in scene units (outside the token's disc)."""
        return self._radius

    def show_on(self, item: TokenItem | None) -> None:
        """Ring ``item`` where it is now, or hide when ``None``."""
        if item is None:
            self._token_id = None
            self.hide()
            return
        body = item.shape().boundingRect()  # the disc, or the whole footprint
        reach = max(body.width(), body.height()) / 2
        self.prepareGeometryChange()
        self._token_id = item.token_id
        self._radius = reach + max(8.0, reach * 0.3)  # clear of the disc and selection ring
        self._margin = max(10.0, self._radius * 0.35)
        self.setPos(item.pos() + body.center())
        self.tag.setPos(0, -self._radius - 4)
        self.show()
        self.update()

    # -- QGraphicsItem ------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        r = self._radius + self._margin + 8
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._radius
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(UNDERLAY, RING_PIXELS + 4))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(cosmetic_pen(TURN_COLOR, RING_PIXELS))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(cosmetic_pen(UNDERLAY, 2))
        painter.setBrush(TURN_COLOR)
        for angle in CHEVRON_ANGLES:
            painter.drawPath(self._chevron(angle))

    def _chevron(self, degrees: float) -> QPainterPath:
        """An arrowhead outside the ring at ``degrees`` (0 = right, 90 = below), its tip
        on the ring, pointing at the token."""
        a = math.radians(degrees)
        out = QPointF(math.cos(a), math.sin(a))
        side = QPointF(-out.y(), out.x())
        tip = out * self._radius
        back = out * (self._radius + self._margin)
        notch = out * (self._radius + self._margin * 0.55)
        wing = side * (self._margin * 0.6)
        path = QPainterPath(tip)
        for point in (back + wing, notch, back - wing):
            path.lineTo(point)
        path.closeSubpath()
        return path
