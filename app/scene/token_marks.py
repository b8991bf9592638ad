"""Marks on tokens: a ring round the footprint and at most one small badge on its edge, for
the turn, a target that may be chosen (or not), a hit and a miss (issue #16: overlays never
hide tokens).

Each meaning has its own ring *shape* as well as colour (Okabe–Ito colours and a bright
amber, for colour-blind eyes and shared screens): the turn a thick solid ring, a target to
choose a dashed one, a refused target a thin dotted grey one, a hit a solid ring with a
white core line (a double line), a miss a dash-dot ring. The ring runs just inside the
footprint's outline, so it never reaches a neighbour's disc. The badge — a glyph, with a
word of at most four letters when there is room ("▶ TURN", "✔ HIT", "✘ MISS") — sits on
the footprint corner up-left (the turn) or up-right (the others), and is sized from the
hex on screen (:func:`badge_layout`): it never reaches further than 0.8 hex from that
corner, so it can cover no token's centre (every hex centre is a hex size away from a
corner), and stays about a hex wide at fit zoom. Pens are cosmetic: the same width in
pixels at every zoom. Marks only paint and take no clicks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.style import cosmetic_pen
from rules import Token

__all__ = [
    "HIT",
    "MISS",
    "REFUSED",
    "TARGET",
    "TURN",
    "BadgeLayout",
    "Mark",
    "MarkStyle",
    "MarksItem",
    "badge_layout",
    "mark_on",
    "paint_marks",
    "token_mark",
]

HALO = QColor(0, 0, 0, 210)
BADGE_FILL = QColor(20, 20, 20, 240)
BADGE_REACH = 0.8  # a badge stays within this many hex sizes of its corner
MIN_BADGE_FONT = 9.0  # screen pixels: smaller type is not shown (the glyph alone instead)
MAX_BADGE_HEIGHT = 18.0  # screen pixels: a badge never grows past this
ROUND_BADGE_RADIUS = 8.0  # screen pixels: a glyph-only badge is at most this round
RING_INSET_PX = 2.0  # the ring runs this far inside the footprint's outline


@dataclass(frozen=True)
class MarkStyle:
    """One meaning's look: ring colour, width (screen pixels) and dash, whether it has a
    white core line, the badge's glyph and word ("" for none) and the top corner it sits
    on (``"left"`` or ``"right"``)."""

    name: str
    color: QColor
    width: float
    dash: Qt.PenStyle
    glyph: str = ""
    word: str = ""
    corner: str = "right"
    core: bool = False
    halo: bool = True


TURN = MarkStyle("turn", QColor("#FFD21F"), 5.0, Qt.PenStyle.SolidLine, "▶", "TURN", "left")
TARGET = MarkStyle("target", QColor("#E69F00"), 4.0, Qt.PenStyle.DashLine, "◎")
REFUSED = MarkStyle("refused", QColor(170, 170, 170, 220), 2.0, Qt.PenStyle.DotLine, halo=False)
HIT = MarkStyle("hit", QColor("#D55E00"), 4.0, Qt.PenStyle.SolidLine, "✔", "HIT", core=True)
MISS = MarkStyle("miss", QColor("#56B4E9"), 3.5, Qt.PenStyle.DashDotLine, "✘", "MISS")


@dataclass(frozen=True)
class Mark:
    """One token's mark: its ``ring`` (the footprint's outline), the badge's ``anchor``
    corner and the footprint's ``centre``, in the coordinates of the item drawing it."""

    style: MarkStyle
    ring: QPainterPath
    anchor: QPointF
    centre: QPointF
    hex_size: float


@dataclass(frozen=True)
class BadgeLayout:
    """A badge as drawn: its text, its box (screen pixels, centred on the corner), its font
    size (screen pixels) and whether it is a round glyph-only badge."""

    text: str
    box: QRectF
    font_px: float
    round: bool


def mark_on(
    style: MarkStyle,
    outline: QPainterPath,
    centre: QPointF,
    hex_size: float,
    others: Sequence[QPointF] = (),
) -> Mark:
    """The mark for a footprint whose (simplified) ``outline`` and middle ``centre`` are
    given in the drawing item's coordinates; ``others`` are the centres of the hexes other
    tokens fill, whose corners the badge avoids when it can."""
    corner = _corner(outline, style.corner, others, hex_size)
    return Mark(style, QPainterPath(outline), corner, centre, hex_size)


def token_mark(
    style: MarkStyle, geometry: SceneGeometry, token: Token, others: Iterable[Token] = ()
) -> Mark:
    """The mark for ``token`` where the board has it, in scene coordinates, its badge on a
    corner no token of ``others`` touches when there is one."""
    outline = geometry.hexes_path(token.footprint).simplified()
    points = [geometry.center(h) for h in token.footprint]
    centre = QPointF(
        sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points)
    )
    elsewhere = [geometry.center(h) for t in others if t.id != token.id for h in t.footprint]
    return mark_on(style, outline, centre, geometry.size, elsewhere)


def _corner(
    outline: QPainterPath, corner: str, others: Sequence[QPointF], hex_size: float
) -> QPointF:
    """The outline's vertex furthest up-left or up-right (a footprint corner) that no other
    token's hex touches; the furthest one when every upper corner is touched."""
    sign = -1.0 if corner == "left" else 1.0
    elements = (outline.elementAt(i) for i in range(outline.elementCount()))
    points = sorted(
        {(round(e.x, 3), round(e.y, 3)) for e in elements}, key=lambda p: p[1] - sign * p[0]
    )
    if not points:
        return QPointF()
    near = hex_size * 1.05  # the three hexes meeting at a corner have their centres this near
    lowest = points[0][1] + hex_size  # not the lower corners: the name plate is there
    for x, y in points:
        touched = any(math.hypot(o.x() - x, o.y() - y) < near for o in others)
        if y <= lowest and not touched:
            return QPointF(x, y)
    return QPointF(*points[0])


def badge_layout(style: MarkStyle, hex_px: float) -> BadgeLayout | None:
    """The badge of ``style`` for a hex of circumradius ``hex_px`` on screen: glyph and
    word when they fit within :data:`BADGE_REACH` hexes of the corner at a readable size,
    else the word, else the glyph alone in a small round badge."""
    if not style.glyph and not style.word:
        return None
    reach = BADGE_REACH * hex_px
    height = min(MAX_BADGE_HEIGHT, 0.62 * hex_px)
    font_px = 0.72 * height
    if style.word and font_px >= MIN_BADGE_FONT:
        metrics = QFontMetricsF(_font(font_px))
        for text in (f"{style.glyph} {style.word}".strip(), style.word):
            width = metrics.horizontalAdvance(text) + 0.6 * height
            if math.hypot(width / 2, height / 2) <= reach:
                return BadgeLayout(
                    text, QRectF(-width / 2, -height / 2, width, height), font_px, False
                )
    radius = min(reach, ROUND_BADGE_RADIUS)
    return BadgeLayout(
        style.glyph or style.word[:1],
        QRectF(-radius, -radius, 2 * radius, 2 * radius),
        max(6.0, 1.25 * radius),
        True,
    )


def _font(px: float) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(1, round(px)))
    return font


def badge_rect(mark: Mark, scale: float) -> QRectF:
    """Where ``mark``'s badge is drawn at ``scale``, in the marks' coordinates (empty for
    a mark without one)."""
    layout = badge_layout(mark.style, mark.hex_size * scale)
    if layout is None:
        return QRectF()
    box = layout.box
    return QRectF(
        mark.anchor.x() + box.left() / scale,
        mark.anchor.y() + box.top() / scale,
        box.width() / scale,
        box.height() / scale,
    )


def _inset(mark: Mark, scale: float) -> QPainterPath:
    """The ring :data:`RING_INSET_PX` inside the outline (scaled about the centre)."""
    reach = max(1e-6, mark.hex_size * scale)
    k = max(0.5, 1.0 - RING_INSET_PX / reach)
    c = mark.centre
    transform = QTransform().translate(c.x(), c.y()).scale(k, k).translate(-c.x(), -c.y())
    return transform.map(mark.ring)


def paint_marks(painter: QPainter, marks: Iterable[Mark]) -> None:
    """Draw ``marks``' rings, then their badges over every ring."""
    marks = list(marks)
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for mark in marks:
        style, ring = mark.style, _inset(mark, scale)
        if style.halo:
            painter.setPen(cosmetic_pen(HALO, style.width + 3))
            painter.drawPath(ring)
        painter.setPen(cosmetic_pen(style.color, style.width, style.dash))
        painter.drawPath(ring)
        if style.core:
            painter.setPen(cosmetic_pen(QColor(255, 255, 255, 230), 1.2))
            painter.drawPath(ring)
    for mark in marks:
        _paint_badge(painter, mark, scale)


def _paint_badge(painter: QPainter, mark: Mark, scale: float) -> None:
    layout = badge_layout(mark.style, mark.hex_size * scale)
    if layout is None:
        return
    painter.save()
    painter.translate(mark.anchor)
    painter.scale(1 / scale, 1 / scale)  # draw in screen pixels about the corner
    painter.setPen(cosmetic_pen(mark.style.color, 2.0))
    painter.setBrush(BADGE_FILL)
    box = layout.box
    if layout.round:
        painter.drawEllipse(box)
    else:
        painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
    painter.setFont(_font(layout.font_px))
    painter.setPen(mark.style.color.lighter(115))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, layout.text)
    painter.restore()


def marks_rect(marks: Sequence[Mark]) -> QRectF:
    """What ``marks`` may cover at any zoom: their rings, grown by a hex size for the
    badges and the pens."""
    rect = QRectF()
    for mark in marks:
        grow = mark.hex_size * 1.1
        rect = rect.united(mark.ring.boundingRect().adjusted(-grow, -grow, grow, grow))
    return rect


class MarksItem(QGraphicsItem):
    """Draws a list of :class:`Mark` (in its own coordinates), over the tokens; no clicks."""

    def __init__(self, marks: Sequence[Mark] = (), z: float = 40.0) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.marks: list[Mark] = list(marks)
        self._rect = marks_rect(self.marks)

    def set_marks(self, marks: Sequence[Mark]) -> None:
        """Draw ``marks`` instead."""
        self.prepareGeometryChange()
        self.marks = list(marks)
        self._rect = marks_rect(self.marks)
        self.update()

    def badge_rects(self, scale: float) -> list[QRectF]:
        """Every badge's box at ``scale``, in scene coordinates."""
        rects = [badge_rect(mark, scale) for mark in self.marks]
        return [self.mapRectToScene(r) for r in rects if not r.isEmpty()]

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_marks(painter, self.marks)
