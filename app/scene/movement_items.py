"""What a token drag shows: the spaces still reachable this turn, the cheapest path to the
hovered space with each step's running cost, the cost against the Movement left, and who
may Hinder (see :mod:`app.tools.movement_preview`).

They only paint; every number comes from :mod:`rules.movement`. Colour is never the only
cue (Okabe–Ito colours, for colour-blind eyes and shared screens): reachable spaces are
tinted *and* dotted with a dashed edge; an allowed path ends in a ring, a refused one in a
cross with a dashed line; creatures that may Hinder get a dash-dot ring around their own
spaces and a small diamond "H" badge on its edge (:class:`HinderMarkItem`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.measure_items import RulerLabelItem
from app.scene.style import cosmetic_pen
from rules import Hex

if TYPE_CHECKING:
    from rules.movement import MovePlan

REACH_COLOR = QColor("#009E73")  # Okabe–Ito bluish green
REFUSED_COLOR = QColor("#D55E00")  # Okabe–Ito vermillion
PATH_COLOR = QColor("#56B4E9")  # Okabe–Ito sky blue
EDGE_COLOR = QColor("#00573F")  # a darker bluish green: reads on light and dark ground
HALO = QColor(0, 0, 0, 210)
SHADE_Z = 48  # under areas (50), tokens draw above (z ≤ 22 are tokens? see token_item)
PATH_Z = 72  # over tokens and the ruler
OUTLINE_LIMIT = 4000  # spaces: above this the region is tinted without a merged outline


class ReachShadeItem(QGraphicsItem):
    """Every space the dragged token can still reach this turn: a light tint, a dotted
    pattern and a dashed outline around the region."""

    def __init__(self, geometry: SceneGeometry, spaces: Iterable[Hex]):
        super().__init__()
        self.setZValue(SHADE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.spaces = frozenset(spaces)
        self._fill = geometry.hexes_path(self.spaces)
        self._fill.setFillRule(Qt.FillRule.WindingFill)
        small = len(self.spaces) <= OUTLINE_LIMIT
        self._edge = self._fill.simplified() if small else QPainterPath()
        self._rect = self._fill.boundingRect().adjusted(-4, -4, 4, 4)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        tint = QColor(REACH_COLOR)
        tint.setAlpha(60)
        painter.setBrush(tint)
        painter.drawPath(self._fill)
        dots = QColor(REACH_COLOR)
        dots.setAlpha(150)
        painter.setBrush(QBrush(dots, Qt.BrushStyle.Dense6Pattern))
        painter.drawPath(self._fill)
        if not self._edge.isEmpty():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(cosmetic_pen(EDGE_COLOR, 3, Qt.PenStyle.DashLine))
            painter.drawPath(self._edge)


class MovePathItem(QGraphicsItem):
    """The cheapest path: a haloed line through the steps, a numbered dot at each step
    (the running cost), a ring at an allowed end or a cross at a refused one."""

    def __init__(self, geometry: SceneGeometry, plan: MovePlan):
        super().__init__()
        self.setZValue(PATH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.plan = plan
        self._size = geometry.size
        self._points = [geometry.center(h) for h in plan.path]
        running, self._labels = 0, []
        for step in plan.steps:
            running += step.cost
            self._labels.append(str(running))
        rect = QRectF()
        for p in self._points:
            rect = rect.united(QRectF(p, p))
        pad = self._size * 1.5
        self._rect = rect.adjusted(-pad, -pad, pad, pad)
        self.font = QFont()
        self.font.setPixelSize(max(9, round(self._size * 0.42)))
        self.font.setBold(True)

    @property
    def points(self) -> list[QPointF]:
        """The path's hex centres, in scene units (the line drawn through them)."""
        return list(self._points)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        ok = self.plan.allowed
        color = PATH_COLOR if ok else REFUSED_COLOR
        style = Qt.PenStyle.SolidLine if ok else Qt.PenStyle.DashLine
        line = QPainterPath(self._points[0])
        for p in self._points[1:]:
            line.lineTo(p)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(HALO, 9, round_ends=True))
        painter.drawPath(line)
        painter.setPen(cosmetic_pen(color, 5, style, round_ends=True))
        painter.drawPath(line)
        self._paint_steps(painter, color)
        self._paint_end(painter, color, ok)

    def _paint_steps(self, painter: QPainter, color: QColor) -> None:
        radius = self._size * 0.3
        painter.setFont(self.font)
        for p, text in zip(self._points[1:-1], self._labels[:-1], strict=False):
            box = QRectF(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius)
            painter.setPen(QPen(HALO, self._size * 0.06))
            painter.setBrush(color)
            painter.drawEllipse(box)
            painter.setPen(QColor("black"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_end(self, painter: QPainter, color: QColor, ok: bool) -> None:
        end = self._points[-1]
        r = self._size * 0.62
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if ok:
            painter.setPen(cosmetic_pen(HALO, 8))
            painter.drawEllipse(end, r, r)
            painter.setPen(cosmetic_pen(color, 4))
            painter.drawEllipse(end, r, r)
            return
        d = r * 0.7
        for a, b in ((QPointF(-d, -d), QPointF(d, d)), (QPointF(-d, d), QPointF(d, -d))):
            painter.setPen(cosmetic_pen(HALO, 10, round_ends=True))
            painter.drawLine(end + a, end + b)
            painter.setPen(cosmetic_pen(color, 5, round_ends=True))
            painter.drawLine(end + a, end + b)


class HinderMarkItem(QGraphicsItem):
    """A creature that may Hinder the movement: a dash-dot ring hugging its footprint (a
    circle just outside a one-space token's disc, the footprint's outline for a bigger
    one) and a small diamond "H" badge on the ring's upper right edge — never wider than
    its own spaces, so it hides none of its neighbours. Shape and dash tell it apart from
    the turn and target rings, not the colour alone."""

    def __init__(
        self,
        geometry: SceneGeometry,
        footprint: Iterable[Hex],
        disc_radius: float | None,
        name: str,
    ):
        super().__init__()
        self.setZValue(PATH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(f"{name} may Hinder this movement")
        spaces = frozenset(footprint)
        size = geometry.size
        centres = [geometry.center(h) for h in spaces]
        x = sum(c.x() for c in centres) / len(centres)
        y = sum(c.y() for c in centres) / len(centres)
        self.centre = QPointF(x, y)
        self.ring = QPainterPath()
        if len(spaces) == 1:
            inner = size * 0.86  # a hex's inner radius: the ring stays in its own space
            radius = min(inner, (disc_radius or size * 0.8) + size * 0.06)
            self.ring.addEllipse(self.centre, radius, radius)
            corner = self.centre + QPointF(radius, -radius) * 0.7071
        else:
            self.ring = geometry.hexes_path(spaces).simplified()
            box = self.ring.boundingRect()
            corner = QPointF(box.right() - size * 0.5, box.top() + size * 0.25)
        self.badge_size = size * 0.55
        half = self.badge_size / 2
        self.badge = QPolygonF(
            [
                corner + QPointF(0, -half),
                corner + QPointF(half, 0),
                corner + QPointF(0, half),
                corner + QPointF(-half, 0),
            ]
        )
        self.font = QFont()
        self.font.setPixelSize(max(6, round(self.badge_size * 0.6)))
        self.font.setBold(True)
        self._rect = self.ring.boundingRect().united(self.badge.boundingRect())
        self._rect.adjust(-size * 0.1, -size * 0.1, size * 0.1, size * 0.1)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(HALO, 6))
        painter.drawPath(self.ring)
        painter.setPen(cosmetic_pen(REFUSED_COLOR, 3, Qt.PenStyle.DashDotLine))
        painter.drawPath(self.ring)
        painter.setPen(cosmetic_pen(HALO, 1.5))
        painter.setBrush(REFUSED_COLOR)
        painter.drawPolygon(self.badge)
        painter.setFont(self.font)
        painter.setPen(QColor("black"))
        painter.drawText(self.badge.boundingRect(), Qt.AlignmentFlag.AlignCenter, "H")


class MoveLabelItem(RulerLabelItem):
    """The compact label by the hovered space (cost and Movement left, the charges in
    words, the rolls due; one line each), the same size on screen at every zoom, placed
    clear of the tokens and the path by the preview; the border says allowed (solid
    green) or refused (vermillion)."""

    def __init__(self, lines: list[str], anchor: QPointF, allowed: bool):
        border = REACH_COLOR if allowed else REFUSED_COLOR
        super().__init__(" · ".join(lines), anchor, border, align=Qt.AlignmentFlag.AlignLeft)
        self.lines = list(lines)
        self.setZValue(PATH_Z + 2)
