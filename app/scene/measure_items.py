"""Ruler items: what the Measure tool draws (legs, the hexes they cross, big labels).

They only paint; the distances come from :func:`rules.measure` through the tool. Every
pen is cosmetic and the label ignores the view's zoom, so a ruler stays readable on a
shared screen at any zoom: a thick yellow line over a black halo (Okabe–Ito yellow reads
on every ground colour and for colour-blind eyes) and white bold text on a dark box,
which :mod:`app.scene.label_placement` moves clear of the tokens and the lines
(:meth:`RulerLabelItem.place`).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.style import cosmetic_pen
from rules import Hex

RULER_COLOR = QColor("#F0E442")  # Okabe–Ito yellow
HALO = QColor(0, 0, 0, 200)
TRACK_FILL = QColor(240, 228, 66, 40)
TRACK_PEN = QColor(240, 228, 66, 150)
LABEL_BOX = QColor(0, 0, 0, 215)
LABEL_PIXELS = 16  # text height on screen, whatever the zoom
RULER_Z = 70  # above tokens (about 10), overlays (50) and annotations (60-65)
GAP = 14  # screen pixels between a leg's end and its label


def _haloed(halo: float, line: float) -> tuple[QPen, QPen]:
    """A dark halo under a ruler-coloured line, both round-ended screen-pixel pens."""
    return cosmetic_pen(HALO, halo, round_ends=True), cosmetic_pen(
        RULER_COLOR, line, round_ends=True
    )


def keep_in_view(scene: QGraphicsScene, labels: Iterable[QGraphicsItem]) -> None:
    """Move each label (an item with ``keep_within(visible, scale)``) inside the first view
    of ``scene``: screen-sized labels must not hang off its edge."""
    views = scene.views()
    if not views:
        return
    view = views[0]
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    scale = view.transform().m11() or 1.0
    for label in labels:
        label.keep_within(visible, scale)  # type: ignore[attr-defined]


class RulerLegItem(QGraphicsItem):
    """One leg of a ruler: a thick line between two hex centres over the hexes of the
    straight line between them, lightly outlined, with a ring at the start and a dot at
    the end."""

    def __init__(self, geometry: SceneGeometry, start: Hex, end: Hex, track: Iterable[Hex]):
        super().__init__()
        self.setZValue(RULER_Z)
        self.start = geometry.center(start)
        self.end = geometry.center(end)
        self.track = frozenset(track)
        self._size = geometry.size
        self._path = QPainterPath()
        polygon = geometry.unit_polygon()
        for h in self.track:
            self._path.addPolygon(polygon.translated(geometry.center(h)))
            self._path.closeSubpath()

    def boundingRect(self) -> QRectF:
        # Cosmetic pens are sized in screen pixels: leave room for them when zoomed out.
        rect = self._path.boundingRect().united(QRectF(self.start, self.end).normalized())
        pad = self._size
        return rect.adjusted(-pad, -pad, pad, pad)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(TRACK_FILL)
        painter.setPen(cosmetic_pen(TRACK_PEN, 1.5, Qt.PenStyle.DashLine, round_ends=True))
        painter.drawPath(self._path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen in (
            cosmetic_pen(HALO, 8, round_ends=True),
            cosmetic_pen(RULER_COLOR, 4, round_ends=True),
        ):
            painter.setPen(pen)
            painter.drawLine(self.start, self.end)
        radius = self._size * 0.22
        for pen in (
            cosmetic_pen(HALO, 6, round_ends=True),
            cosmetic_pen(RULER_COLOR, 3, round_ends=True),
        ):
            painter.setPen(pen)
            painter.drawEllipse(self.start, radius, radius)
        painter.setPen(cosmetic_pen(HALO, 2, round_ends=True))
        painter.setBrush(RULER_COLOR)
        painter.drawEllipse(self.end, radius * 0.6, radius * 0.6)


class RulerLabelItem(QGraphicsItem):
    """Large bold white text on a dark box beside scene point ``anchor`` (up and right, or
    ``below``), the same size on screen at every zoom, with a ``border`` colour (the
    ruler's yellow by default). Each `` · ``-separated part of the text gets a line of its
    own, so a label stays narrow. The Measure tool's leg labels, the movement label and the
    Shove captions are all one of these."""

    def __init__(
        self,
        text: str,
        anchor: QPointF,
        border: QColor = RULER_COLOR,
        below: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    ):
        super().__init__()
        self.setZValue(RULER_Z + 2)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setPos(anchor)
        self.border = border
        self._align = align
        self._below = below
        self.label_font = QFont()
        self.label_font.setPixelSize(LABEL_PIXELS)
        self.label_font.setBold(True)
        self.set_text(text)

    def set_text(self, text: str) -> None:
        """Show ``text`` (each `` · ``-separated part on a line of its own); the box goes
        back beside the anchor (up and right, or below)."""
        self.prepareGeometryChange()
        self.text = text
        lines = text.split(" · ")
        self._lines = "\n".join(lines)
        metrics = QFontMetricsF(self.label_font)
        width = max(metrics.horizontalAdvance(line) for line in lines) + 20
        height = metrics.lineSpacing() * len(lines) + 10
        top = GAP if self._below else -height - GAP
        self._home = QRectF(GAP, top, width, height)
        self._box = QRectF(self._home)

    @property
    def box(self) -> QRectF:
        """The label's box in screen pixels, relative to the anchor."""
        return QRectF(self._box)

    def screen_size(self) -> QSizeF:
        """The box's size in screen pixels (the same at every zoom)."""
        return self._home.size()

    def place(self, rect: QRectF, scale: float) -> None:
        """Draw the box over scene rectangle ``rect`` (from
        :func:`app.scene.label_placement.place_label`) at ``scale`` pixels per scene unit;
        the item stays at its anchor."""
        self.prepareGeometryChange()
        offset = (rect.topLeft() - self.scenePos()) * scale
        self._box = QRectF(offset, self._home.size())

    def scene_rect(self, scale: float) -> QRectF:
        """The box in scene units, as drawn at ``scale`` pixels per scene unit."""
        box = self._box
        return QRectF(
            self.scenePos() + box.topLeft() / scale,
            QSizeF(box.width() / scale, box.height() / scale),
        )

    def keep_within(self, visible: QRectF, scale: float) -> None:
        """Move the box so it stays inside ``visible`` (a scene rectangle drawn at ``scale``
        pixels per scene unit): to the left of the anchor if it sticks out on the right,
        else as far left as needed; below the anchor if it sticks out at the top, above it
        if at the bottom."""
        self.prepareGeometryChange()
        self._box = QRectF(self._home)
        x, y = self.pos().x(), self.pos().y()
        left, right = (visible.left() - x) * scale, (visible.right() - x) * scale
        top, bottom = (visible.top() - y) * scale, (visible.bottom() - y) * scale
        if self._box.right() > right:
            self._box.moveRight(-GAP if self._box.width() + GAP <= -left else right)
        if self._box.left() < left:
            self._box.moveLeft(left)
        if self._box.top() < top:
            self._box.moveTop(GAP)
        elif self._box.bottom() > bottom:
            self._box.moveBottom(-GAP)

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(self.border, 2 if self.border == RULER_COLOR else 3))
        painter.setBrush(LABEL_BOX)
        painter.drawRoundedRect(self._box, 6, 6)
        painter.setFont(self.label_font)
        painter.setPen(QColor("white"))
        inner = self._box.adjusted(10, 5, -10, -5)
        painter.drawText(inner, self._align | Qt.AlignmentFlag.AlignVCenter, self._lines)


class LegLabelItem(RulerLabelItem):
    """A Measure label: the distance of leg ``leg`` (0-based) beside that leg, or the
    total (``leg`` None) by the ruler's end."""

    def __init__(self, text: str, anchor: QPointF, leg: int | None):
        super().__init__(text, anchor)
        self.leg = leg
