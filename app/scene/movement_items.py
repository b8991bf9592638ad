"""What a token drag shows: the spaces still reachable this turn, the cheapest path to the
hovered space with each step's running cost, the cost against the Movement left, and who
may Hinder (see :mod:`app.tools.movement_preview`).

They only paint; every number comes from :mod:`rules.movement`. Colour is never the only
cue (Okabe–Ito colours, for colour-blind eyes and shared screens): reachable spaces are
tinted *and* dotted with a dashed edge; an allowed path ends in a ring, a refused one in a
cross with a dashed line; creatures that may Hinder get a
:data:`~app.scene.token_marks.HINDER` mark: a dash-dot-dot ring inside their own spaces and
a small "H" badge on its top corner (:class:`HinderMarkItem`).
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
from app.scene.token_marks import HINDER, MarksItem, token_mark
from rules import Hex, Token

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
        # Room for the outline's 3-px pen, 1.5 px beyond the region at any zoom (the cache
        # below clips to this rect): a hex's size holds 1.5 px down to 5 % (hexes 3 px wide).
        pad = geometry.size
        self._rect = self._fill.boundingRect().adjusted(-pad, -pad, pad, pad)
        # Unchanged while the drag lasts: drawn once per zoom into a picture, which each
        # mouse move's repaint copies from instead of filling every hex again.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

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
        # Every point, not QRectF.united of empty ones (those are skipped, which left the
        # rect on the last step alone: a refused path stayed drawn once it was removed).
        rect = QPolygonF(self._points).boundingRect()
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


class HinderMarkItem(MarksItem):
    """A creature that may Hinder the movement: a :data:`~app.scene.token_marks.HINDER`
    mark (:mod:`app.scene.token_marks`) — a dash-dot-dot ring just inside its footprint and
    a small "H" badge on its top corner, sized from the hex on screen like every other
    mark, so it hides none of its neighbours and none of the token's other marks (a MISS
    keeps its own ring and corner). Dash and corner tell it apart, not the colour alone."""

    def __init__(
        self,
        geometry: SceneGeometry,
        token: Token,
        others: Iterable[Token] = (),
    ):
        super().__init__(z=PATH_Z)
        self.token_id = token.id
        self.setToolTip(f"{token.name} could Hinder this movement (DL on the label)")
        self.set_marks([token_mark(HINDER, geometry, token, list(others))])


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
