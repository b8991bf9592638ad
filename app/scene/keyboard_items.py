"""What the keyboard points at on the map (issue #16, "a whole turn by keyboard alone").

Both read by shape and pattern, not only by colour (Okabe–Ito colours on a black halo):

- :class:`KeyboardCursorItem`: the creature or space the keyboard has chosen while a target
  is picked — a reticle: a white dash-dot circle round its spaces *and* four ticks pointing
  in, unlike every other ring on the map (the target choices' orange dashed hexes, the
  refused creatures' grey dots, the selection's white-and-black dashed circle, the turn's
  solid ring), touching its hexes' edges and never reaching into a neighbour's;
- :class:`FacingArrowItem`: the facing of a Line or Cone being aimed — an arrow from the
  origin's centre along the facing, with the facing as a clock hour at its tip
  ("2 o'clock"), so the direction reads without the template's colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.rules_overlays import mouse_transparent
from app.scene.style import cosmetic_pen
from app.scene.token_marks import MarkStyle, pen_width
from rules import Hex, facing_step

__all__ = ["FacingArrowItem", "KeyboardCursorItem", "clock_hour", "cursor_pens"]

CURSOR_COLOR = QColor("#FFFFFF")
HALO = QColor(0, 0, 0, 220)
ARROW_COLOR = QColor("#F0E442")  # Okabe–Ito yellow: apart from the template's orange
KEYBOARD_Z = 76  # over the action overlays (74)
CURSOR_RING = MarkStyle("cursor", CURSOR_COLOR, 3.0, Qt.PenStyle.DashDotLine)
CURSOR_TICK = MarkStyle("cursor tick", CURSOR_COLOR, 4.0, Qt.PenStyle.SolidLine)


def clock_hour(geometry: SceneGeometry, facing: int) -> int:
    """Facing ``facing`` (0..11) as the hour on a clock face on screen (12 is up)."""
    origin = Hex(0, 0)
    a, b = geometry.center(origin), geometry.center(origin + facing_step(facing))
    angle = math.degrees(math.atan2(b.x() - a.x(), -(b.y() - a.y())))  # clockwise from up
    return round(angle / 30) % 12 or 12


class KeyboardCursorItem(QGraphicsItem):
    """The keyboard's cursor on ``hexes`` (a creature's spaces or one space)."""

    def __init__(self, geometry: SceneGeometry) -> None:
        super().__init__()
        self.setZValue(KEYBOARD_Z)
        mouse_transparent(self)
        self._geometry = geometry
        self._outline = QPainterPath()
        self._brackets = QPainterPath()
        self.hexes: frozenset[Hex] = frozenset()
        self.hide()

    def point_at(self, hexes: Iterable[Hex]) -> None:
        """Show the cursor round ``hexes``; an empty set hides it."""
        self.prepareGeometryChange()
        self.hexes = frozenset(hexes)
        body = self._geometry.hexes_path(self.hexes).boundingRect()
        self._outline = QPainterPath()
        self._brackets = QPainterPath()
        if self.hexes:
            centre, size = body.center(), self._geometry.size
            radius = min(body.width(), body.height()) / 2  # touches the hexes' edges
            self._outline.addEllipse(centre, radius, radius)
            self._brackets = _ticks(centre, radius - size * 0.22, radius)
        self.setVisible(bool(self.hexes))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._brackets.boundingRect().adjusted(-6, -6, 6, 6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        ring, tick = cursor_pens(self._geometry.size * scale)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(HALO, ring + min(3.0, ring)))
        painter.drawPath(self._outline)
        painter.setPen(cosmetic_pen(CURSOR_COLOR, ring, Qt.PenStyle.DashDotLine))
        painter.drawPath(self._outline)
        painter.setPen(cosmetic_pen(HALO, tick + min(3.0, tick), round_ends=True))
        painter.drawPath(self._brackets)
        painter.setPen(cosmetic_pen(CURSOR_COLOR, tick, round_ends=True))
        painter.drawPath(self._brackets)


def cursor_pens(hex_px: float) -> tuple[float, float]:
    """The cursor's ring and tick pens in screen pixels for a hex of circumradius
    ``hex_px`` on screen: as thin as the token marks' (:func:`~app.scene.token_marks.
    pen_width`) at fit zoom, at most 3 and 4 pixels close up."""
    return pen_width(CURSOR_RING, hex_px), pen_width(CURSOR_TICK, hex_px)


def _ticks(centre: QPointF, inner: float, outer: float) -> QPainterPath:
    """Four ticks from ``outer`` in to ``inner`` round ``centre`` (a reticle), at 45°
    so they clear the name plate below a token; they stay inside the ring, so nothing
    of a neighbour is covered."""
    path = QPainterPath()
    for angle in (45, 135, 225, 315):
        unit = QPointF(math.cos(math.radians(angle)), math.sin(math.radians(angle)))
        path.moveTo(centre + unit * outer)
        path.lineTo(centre + unit * inner)
    return path


class FacingArrowItem(QGraphicsItem):
    """An arrow from a template's origin along its facing, labelled with the clock hour."""

    def __init__(self, geometry: SceneGeometry) -> None:
        super().__init__()
        self.setZValue(KEYBOARD_Z)
        mouse_transparent(self)
        self._geometry = geometry
        self._shaft = QPainterPath()
        self._head = QPolygonF()
        self._tip = QPointF()
        self.text = ""
        self.facing: int | None = None
        self._font = QFont()
        self._font.setPixelSize(max(9, round(geometry.size * 0.42)))
        self._font.setBold(True)
        self.hide()

    def point(self, geometry: SceneGeometry, origin: Hex | None, facing: int | None) -> None:
        """Show the arrow from ``origin`` along ``facing``; hide it when either is None."""
        self.prepareGeometryChange()
        self._geometry = geometry
        self.facing = facing
        if origin is None or facing is None:
            self.text = ""
            self.hide()
            return
        start = geometry.center(origin)
        toward = geometry.center(origin + facing_step(facing)) - start
        length = math.hypot(toward.x(), toward.y()) or 1.0
        unit = QPointF(toward.x() / length, toward.y() / length)
        reach = geometry.size * 3.2
        tip = start + unit * reach
        normal = QPointF(-unit.y(), unit.x())
        head = geometry.size * 0.7
        self._shaft = QPainterPath(start + unit * geometry.size * 0.95)  # clear of a token
        self._shaft.lineTo(tip - unit * head * 0.6)
        self._head = QPolygonF(
            [
                tip,
                tip - unit * head + normal * head * 0.55,
                tip - unit * head - normal * head * 0.55,
            ]
        )
        self._tip = tip + unit * geometry.size * 1.1
        self.text = f"{clock_hour(geometry, facing)} o'clock"
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        size = self._geometry.size
        rect = self._shaft.boundingRect() | self._head.boundingRect()
        label = QRectF(
            self._tip - QPointF(size * 2, size * 0.5), self._tip + QPointF(size * 2, size * 0.5)
        )
        return (rect | label).adjusted(-6, -6, 6, 6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(HALO, 9, round_ends=True))
        painter.drawPath(self._shaft)
        painter.setPen(cosmetic_pen(ARROW_COLOR, 5, round_ends=True))
        painter.drawPath(self._shaft)
        painter.setPen(cosmetic_pen(HALO, 2.5))
        painter.setBrush(ARROW_COLOR)
        painter.drawPolygon(self._head)
        painter.setFont(self._font)
        metrics = painter.fontMetrics()
        box = QRectF(metrics.boundingRect(self.text)).adjusted(-4, -2, 4, 2)
        box.moveCenter(self._tip)
        painter.setPen(cosmetic_pen(ARROW_COLOR, 1.5))
        painter.setBrush(QColor(20, 20, 20, 225))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(ARROW_COLOR)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)
