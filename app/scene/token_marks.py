"""Marks on tokens: rings round the footprint and small badges on its edge, for the turn, a
target that may be chosen (or not), the target picked, a hit, a miss and a creature that may
Hinder a movement (issue #16: overlays never hide tokens).

Each meaning has its own ring *shape* as well as colour (Okabe–Ito colours and a bright
amber, for colour-blind eyes and shared screens): the turn a solid ring, a target to choose
a dashed one, the picked target a solid orange one, a refused target a thin dotted grey
one, a hit a solid ring with a white core line (a double line), a miss a dash-dot ring, a
Hinder a dash-dot-dot one.

Every mark on one token stays visible with the others: each kind has its own **ring** and
its own **corner** (:class:`MarkStyle` ``level`` and ``corner``). The turn's ring runs just
outside the footprint's outline, every other ring just inside it; the turn's badge sits on
the upper-left corner, a hit's or miss's on the upper-right, a target's or Hinder's on the
top one (:func:`corner_of`), so a creature both acting and missed shows both rings and
both badges.

Everything is sized from the hex on screen (``2 × circumradius`` pixels): a ring's pen is
at most :data:`PEN_SHARE` of it (never under :data:`MIN_PEN_PX`, never over the style's
width), so a disc's initials stay readable at fit zoom; a badge is at most
:data:`BADGE_SHARE` of it high and is left out (the ring alone) when that is under
:data:`MIN_BADGE_PX` (:func:`badge_layout`). A badge never reaches further than
:data:`BADGE_REACH` hex from its corner, so it covers no token's centre. Marks only paint
and take no clicks; :func:`badge_rects_in` lists every badge drawn in a scene (for the name
plates, which avoid them).

On the players' screen the window's Scale grows the marks with the tokens
(:meth:`MarksItem.set_presentation_scale`): every pen, badge and type size is ``grow`` times
larger (the hex shares with them, so a badge shows ``grow`` times farther out), but a badge
still never reaches past :data:`BADGE_REACH` hex from its corner.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.style import cosmetic_pen
from rules import Token

__all__ = [
    "CLEARANCE",
    "HINDER",
    "HIT",
    "MISS",
    "PICKED",
    "REFUSED",
    "TARGET",
    "TURN",
    "BadgeLayout",
    "Mark",
    "MarkStyle",
    "MarksItem",
    "badge_layout",
    "badge_rect",
    "badge_rects_in",
    "corner_of",
    "mark_on",
    "marks_rect",
    "paint_marks",
    "pen_width",
    "ring_path",
    "token_mark",
]

HALO = QColor(0, 0, 0, 210)
BADGE_FILL = QColor(20, 20, 20, 240)
BADGE_REACH = 0.8  # a badge stays within this many hex sizes of its corner
MIN_BADGE_FONT = 9.0  # screen pixels: smaller type is not shown (the glyph alone instead)
MAX_BADGE_HEIGHT = 18.0  # screen pixels: a badge never grows past this
BADGE_SHARE = 0.4  # a badge is at most this share of the hex on screen high
MIN_BADGE_PX = 8.0  # screen pixels: a smaller badge is left out (the ring alone)
PEN_SHARE = 0.08  # a ring's pen is at most this share of the hex on screen
MIN_PEN_PX = 1.5  # screen pixels: a ring's pen is never thinner
RING_GAP_PX = 0.5  # screen pixels between a ring's pen and the footprint's outline
CORNER_ANGLES = {"left": 150.0, "top": 90.0, "right": 30.0}  # degrees, counter-clockwise


@dataclass(frozen=True)
class MarkStyle:
    """One meaning's look: ring colour, widest pen (screen pixels) and dash, whether it has
    a white core line, the badge's glyph and word ("" for none), the corner it sits on
    (``"left"``, ``"top"`` or ``"right"``: up-left, the top, up-right) and its ring's
    ``level`` (0 just outside the footprint's outline, 1 just inside it)."""

    name: str
    color: QColor
    width: float
    dash: Qt.PenStyle
    glyph: str = ""
    word: str = ""
    corner: str = "right"
    core: bool = False
    halo: bool = True
    level: int = 1


TURN = MarkStyle(
    "turn", QColor("#FFD21F"), 5.0, Qt.PenStyle.SolidLine, "▶", "TURN", "left", level=0
)
TARGET = MarkStyle("target", QColor("#E69F00"), 3.0, Qt.PenStyle.DashLine, "◎", corner="top")
PICKED = MarkStyle("picked", QColor("#E69F00"), 3.0, Qt.PenStyle.SolidLine, "◎", corner="top")
REFUSED = MarkStyle(
    "refused", QColor(170, 170, 170, 220), 2.0, Qt.PenStyle.DotLine, corner="top", halo=False
)
HIT = MarkStyle("hit", QColor("#D55E00"), 4.0, Qt.PenStyle.SolidLine, "✔", "HIT", core=True)
MISS = MarkStyle("miss", QColor("#56B4E9"), 3.5, Qt.PenStyle.DashDotLine, "✘", "MISS")
HINDER = MarkStyle("hinder", QColor("#CC79A7"), 3.0, Qt.PenStyle.DashDotDotLine, "H", corner="top")


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
    tokens fill, whose corners the badge avoids when its own corners allow."""
    corner = corner_of(outline, centre, style.corner, others, hex_size)
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


CLEARANCE = 2
"""How far (in spaces) from a marked token the tokens lie that its badge keeps clear of:
the ``others`` to give :func:`token_mark` (``board.tokens_near(token, CLEARANCE)``)."""


def corner_of(
    outline: QPainterPath,
    centre: QPointF,
    corner: str,
    others: Sequence[QPointF] = (),
    hex_size: float = 1.0,
) -> QPointF:
    """The outline vertex for a badge on ``corner``: among the vertices seen from
    ``centre`` within 30° of the corner's direction (up-left 150°, top 90°, up-right 30°;
    the sectors do not overlap, so two kinds never share a corner), the one furthest that
    way that no other token's hex touches, else the furthest; the furthest vertex that way
    when the sector holds none."""
    aim = math.radians(CORNER_ANGLES[corner])
    ux, uy = math.cos(aim), -math.sin(aim)  # scene y runs down
    elements = (outline.elementAt(i) for i in range(outline.elementCount()))
    points = {(round(e.x, 3), round(e.y, 3)) for e in elements}
    if not points:
        return QPointF()

    def reach(p: tuple[float, float]) -> float:
        return (p[0] - centre.x()) * ux + (p[1] - centre.y()) * uy

    def in_sector(p: tuple[float, float]) -> bool:
        angle = math.degrees(math.atan2(-(p[1] - centre.y()), p[0] - centre.x()))
        delta = (angle - CORNER_ANGLES[corner] + 180.0) % 360.0 - 180.0
        return -30.0 <= delta < 30.0

    ranked = sorted(points, key=reach, reverse=True)
    sector = [p for p in ranked if in_sector(p)]
    near = hex_size * 1.05  # the three hexes meeting at a corner have their centres this near
    for x, y in sector:
        if not any(math.hypot(o.x() - x, o.y() - y) < near for o in others):
            return QPointF(x, y)
    return QPointF(*(sector or ranked)[0])


def pen_width(style: MarkStyle, hex_px: float, grow: float = 1.0) -> float:
    """``style``'s ring pen in screen pixels for a hex of circumradius ``hex_px`` on
    screen: at most :data:`PEN_SHARE` of the hex (``2 × hex_px``), never under
    :data:`MIN_PEN_PX`, never over the style's own width; all of it ``grow`` times wider
    (the players' Scale)."""
    return grow * max(MIN_PEN_PX, min(style.width, PEN_SHARE * 2 * hex_px))


def _halo_width(style: MarkStyle, hex_px: float, grow: float) -> float:
    pen = pen_width(style, hex_px, grow)
    return pen + min(3.0 * grow, pen)


def badge_layout(style: MarkStyle, hex_px: float, grow: float = 1.0) -> BadgeLayout | None:
    """The badge of ``style`` for a hex of circumradius ``hex_px`` on screen, at most
    :data:`BADGE_SHARE` of the hex (``2 × hex_px``) and :data:`MAX_BADGE_HEIGHT` high, both
    ``grow`` times more (the players' Scale): glyph and word when they fit within
    :data:`BADGE_REACH` hexes of the corner at a readable size (a grown badge lowered, down
    to its height at 100 %, to fit), else the word, else the glyph alone in a round badge
    (never past that reach either); ``None`` (the ring alone) when the badge would be
    under :data:`MIN_BADGE_PX`."""
    if not style.glyph and not style.word:
        return None
    reach = BADGE_REACH * hex_px
    floor = min(MAX_BADGE_HEIGHT, BADGE_SHARE * 2 * hex_px)  # its height at 100 %
    height = grow * floor
    if height < MIN_BADGE_PX:
        return None
    if style.word:
        for text in (f"{style.glyph} {style.word}".strip(), style.word):
            layout = _word_badge(text, height, floor, reach)
            if layout is not None:
                return layout
    radius = min(reach, height / 2)
    return BadgeLayout(
        style.glyph or style.word[:1],
        QRectF(-radius, -radius, 2 * radius, 2 * radius),
        max(6.0, 1.25 * radius),
        True,
    )


def _word_badge(text: str, height: float, floor: float, reach: float) -> BadgeLayout | None:
    """``text`` in a badge ``height`` high, or lower (never under ``floor``, never in type
    under :data:`MIN_BADGE_FONT`) so that it stays within ``reach`` of its corner; ``None``
    when it cannot."""

    def width_at(h: float) -> float:
        return QFontMetricsF(_font(0.72 * h)).horizontalAdvance(text) + 0.6 * h

    ratio = width_at(height) / height  # the type's width grows with its height
    fitting = min(height, 2 * reach / math.hypot(ratio, 1.0))
    for h in (fitting, 0.95 * fitting, 0.9 * fitting):  # the type's hinting may round up
        if h < floor or 0.72 * h < MIN_BADGE_FONT:
            return None
        width = width_at(h)
        if math.hypot(width / 2, h / 2) <= reach:
            return BadgeLayout(text, QRectF(-width / 2, -h / 2, width, h), 0.72 * h, False)
    return None


def _font(px: float) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(1, round(px)))
    return font


def badge_rect(mark: Mark, scale: float, grow: float = 1.0) -> QRectF:
    """Where ``mark``'s badge is drawn at ``scale`` and presentation ``grow``, in the
    marks' coordinates (empty for a mark without one, or whose badge is left out at this
    zoom)."""
    layout = badge_layout(mark.style, mark.hex_size * scale, grow)
    if layout is None:
        return QRectF()
    box = layout.box
    return QRectF(
        mark.anchor.x() + box.left() / scale,
        mark.anchor.y() + box.top() / scale,
        box.width() / scale,
        box.height() / scale,
    )


def ring_path(mark: Mark, scale: float, grow: float = 1.0) -> QPainterPath:
    """``mark``'s ring as drawn at ``scale`` and presentation ``grow``: the outline scaled
    about the centre so the pen runs :data:`RING_GAP_PX` outside it (level 0: the turn) or
    inside it (level 1)."""
    hex_px = max(1e-6, mark.hex_size * scale)
    offset = RING_GAP_PX + pen_width(mark.style, hex_px, grow) / 2
    sign = 1.0 if mark.style.level == 0 else -1.0
    k = max(0.5, 1.0 + sign * offset / hex_px)
    c = mark.centre
    transform = QTransform().translate(c.x(), c.y()).scale(k, k).translate(-c.x(), -c.y())
    return transform.map(mark.ring)


def paint_marks(
    painter: QPainter, marks: Iterable[Mark], avoid: Sequence[QRectF] = (), grow: float = 1.0
) -> None:
    """Draw ``marks``' rings (every halo first, so no halo hides another ring) outside the
    badge boxes ``avoid`` (in the painter's coordinates: another item's badges, which its
    rings must not cross), then their badges over every ring; pens and badges ``grow``
    times larger (the players' Scale)."""
    marks = list(marks)
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.save()
    if avoid:
        clip = QPainterPath()
        clip.addRect(marks_rect(marks))
        holes = QPainterPath()
        for rect in avoid:
            holes.addRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        painter.setClipPath(clip.subtracted(holes), Qt.ClipOperation.IntersectClip)
    rings = [(mark, ring_path(mark, scale, grow), mark.hex_size * scale) for mark in marks]
    for mark, ring, hex_px in rings:
        if mark.style.halo:
            painter.setPen(cosmetic_pen(HALO, _halo_width(mark.style, hex_px, grow)))
            painter.drawPath(ring)
    for mark, ring, hex_px in rings:
        style = mark.style
        width = pen_width(style, hex_px, grow)
        painter.setPen(cosmetic_pen(style.color, width, style.dash))
        painter.drawPath(ring)
        if style.core:
            painter.setPen(cosmetic_pen(QColor(255, 255, 255, 230), max(0.8, width / 3)))
            painter.drawPath(ring)
    painter.restore()
    for mark in marks:
        _paint_badge(painter, mark, scale, grow)


def _paint_badge(painter: QPainter, mark: Mark, scale: float, grow: float) -> None:
    layout = badge_layout(mark.style, mark.hex_size * scale, grow)
    if layout is None:
        return
    painter.save()
    painter.translate(mark.anchor)
    painter.scale(1 / scale, 1 / scale)  # draw in screen pixels about the corner
    box = layout.box
    border = 2.0 if box.height() >= 12 * grow else 1.2
    painter.setPen(cosmetic_pen(mark.style.color, border * grow))
    painter.setBrush(BADGE_FILL)
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
    """Draws a list of :class:`Mark` (in its own coordinates), over the tokens; no clicks;
    its pens and badges :attr:`presentation_scale` times larger (1 but on the players'
    screen). Subclasses that draw more grow :attr:`_rect` after :meth:`set_marks`."""

    def __init__(self, marks: Sequence[Mark] = (), z: float = 40.0) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.marks: list[Mark] = list(marks)
        self._rect = marks_rect(self.marks)
        self._marks_scale = 1.0

    @property
    def presentation_scale(self) -> float:
        """How much larger than at 100 % the pens and badges are drawn."""
        return self._marks_scale

    def set_presentation_scale(self, scale: float) -> None:
        """Draw the pens and badges ``scale`` times larger (the players' Scale, 1.0–2.0)."""
        if scale <= 0:
            raise ValueError(f"A presentation scale must be above 0, not {scale}")
        self._marks_scale = scale  # within marks_rect still: a badge reaches 0.8 hex at most
        self.update()

    def set_marks(self, marks: Sequence[Mark]) -> None:
        """Draw ``marks`` instead."""
        self.prepareGeometryChange()
        self.marks = list(marks)
        self._rect = marks_rect(self.marks)
        self.update()

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        """Kept in its scene's list of marks items (:func:`marks_items_in`) while in it."""
        if change == QGraphicsItem.GraphicsItemChange.ItemSceneChange:
            old = self.scene()
            if old is not None:
                _MARKS_ITEMS.get(old, {}).pop(self, None)
            if isinstance(value, QGraphicsScene):
                _MARKS_ITEMS.setdefault(value, {})[self] = None
        return super().itemChange(change, value)

    def badge_rects(self, scale: float) -> list[QRectF]:
        """Every badge's box at ``scale``, in scene coordinates."""
        rects = [badge_rect(mark, scale, self._marks_scale) for mark in self.marks]
        return [self.mapRectToScene(r) for r in rects if not r.isEmpty()]

    def avoided(self, painter: QPainter) -> list[QRectF]:
        """The badges of the scene's other mark items at the painter's zoom, in this item's
        coordinates: the rings drawn here stop short of them, so a ring on a higher item
        never crosses the badge of a lower one (a MISS ring over the turn's ▶)."""
        scene = self.scene()
        if scene is None or not self.marks:
            return []
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        mine = self.sceneBoundingRect()
        return [
            self.mapRectFromScene(rect)
            for item in scene.items(mine)
            if isinstance(item, MarksItem) and item is not self and item.isVisible()
            for rect in item.badge_rects(scale)
            if rect.intersects(mine)
        ]

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_marks(painter, self.marks, self.avoided(painter), self._marks_scale)


def badge_rects_in(scene: QGraphicsScene, scale: float | None = None) -> list[QRectF]:
    """Read-only: the box of every badge drawn by a visible :class:`MarksItem` in
    ``scene`` (turn, target, picked, HIT/MISS, Hinder), in scene coordinates, as drawn at
    ``scale`` pixels per scene unit (default: the zoom of the scene's first view; 1.0
    without a view)."""
    if scale is None:
        views = scene.views()
        scale = views[0].transform().m11() if views else 1.0
    return [rect for item in marks_items_in(scene) for rect in item.badge_rects(scale)]


_MARKS_ITEMS: weakref.WeakKeyDictionary[QGraphicsScene, dict[MarksItem, None]] = (
    weakref.WeakKeyDictionary()
)


def marks_items_in(scene: QGraphicsScene) -> list[MarksItem]:
    """Read-only: the visible :class:`MarksItem` of ``scene``, in the order they were
    added, without walking every item of the scene (a map of 1,000 tokens asks this
    before each paint)."""
    return [
        item for item in _MARKS_ITEMS.get(scene, {}) if shiboken6.isValid(item) and item.isVisible()
    ]
