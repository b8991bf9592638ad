"""The Shove preview: a push's path, its blind attacks, where it stops and the damage.

It paints a :class:`rules.ForcedMove` and never changes the model. Shapes carry the
meaning as well as the Okabe–Ito colours: the path is a thick yellow line over a dark halo
with an arrowhead; each space where the pushed token attacks blind is cross-hatched with a
dashed vermillion outline and its weapon size written in it; a wall or full space that
stops the push gets a thick ✕; where it stops if every attack misses is outlined solid
bluish green, where it stops at the first hit dashed vermillion, each with a large caption.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.jump_items import (
    CAPTION_Z,
    NUMBERS_FROM,
    PAID,
    draw_screen_text,
    haloed,
    screen_hex_px,
)
from app.scene.measure_items import RulerLabelItem
from rules import ForcedMove, Hex, Token
from rules.movement import ForcedOutcome

SHOVE_Z = 56
PATH = QColor("#F0E442")  # Okabe–Ito yellow
ATTACK = QColor("#D55E00")  # Okabe–Ito vermillion


def outcome_caption(label: str, outcome: ForcedOutcome) -> str:
    """``"If every attack misses · stops at (5, 2) after 3 · 2 Collision damage"`` (a
    caption writes each `` · `` part on a line of its own)."""
    damage = outcome.collision.damage if outcome.collision else 0
    at = outcome.anchor
    text = f"{label} · stops at ({at.q}, {at.r}) after {outcome.spaces_moved}"
    return text + (f" · {damage} Collision damage" if outcome.collision else " · no Collision")


class ShovePreviewItem(QGraphicsItem):
    """One push, as :meth:`show_push` was last given it."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(SHOVE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._geometry = geometry
        self.move: ForcedMove | None = None
        self.captions: list[RulerLabelItem] = []
        self._line = QPainterPath()
        self._attacks = QPainterPath()
        self._miss = QPainterPath()
        self._hit = QPainterPath()
        self._rect = QRectF()

    def show_push(
        self,
        token: Token,
        move: ForcedMove | None,
        miss: ForcedOutcome | None,
        hit: ForcedOutcome | None,
        geometry: SceneGeometry,
    ) -> None:
        """Draw ``move`` of ``token``; ``miss`` and ``hit`` are where it ends if every blind
        attack misses and if the first one hits (``None``: no attack to hit)."""
        self.prepareGeometryChange()
        self._geometry, self.move = geometry, move
        self._clear_captions()
        if move is None or miss is None:
            self._line = self._attacks = self._miss = self._hit = QPainterPath()
            self._rect = QRectF()
            self.update()
            return
        centers = [geometry.center(move.start)]
        centers += [geometry.center(s.anchor) for s in move.steps if s.outcome != "no path"]
        self._line = _polyline(_off_the_token(centers, geometry.size * 0.6))
        attacked = [h for s in move.attacks if s.attack for h in s.attack.spaces]
        self._attacks = geometry.hexes_path(attacked)
        self._miss = geometry.hexes_path(token.footprint_at(miss.anchor))
        self._hit = geometry.hexes_path(token.footprint_at(hit.anchor)) if hit else QPainterPath()
        self._add_caption(outcome_caption("If every attack misses", miss), miss.anchor, PAID, False)
        if hit is not None and hit.anchor != miss.anchor:
            self._add_caption(
                outcome_caption("If the 1st attack hits", hit), hit.anchor, ATTACK, True
            )
        rect = self._line.boundingRect().united(self._miss.boundingRect())
        rect = rect.united(self._attacks.boundingRect()).united(self._hit.boundingRect())
        for step in move.steps:
            rect = rect.united(geometry.polygon(step.anchor).boundingRect())
        pad = geometry.size
        self._rect = rect.adjusted(-pad, -pad, pad, pad)
        self.update()

    def _add_caption(self, text: str, anchor: Hex, color: QColor, below: bool) -> None:
        edge = QPointF(0, self._geometry.size * (0.9 if below else -0.9))  # clear of the hex
        caption = RulerLabelItem(text, self._geometry.center(anchor) + edge, color, below)
        caption.setZValue(CAPTION_Z)
        caption.setParentItem(self)
        self.captions.append(caption)

    def _clear_captions(self) -> None:
        for caption in self.captions:
            caption.setParentItem(None)
            if caption.scene() is not None:
                caption.scene().removeItem(caption)
        self.captions = []

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.move is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        hatch = QColor(ATTACK)
        hatch.setAlpha(190)
        painter.fillPath(self._attacks, QBrush(hatch, Qt.BrushStyle.DiagCrossPattern))
        haloed(painter, self._attacks, ATTACK, 3, Qt.PenStyle.DashLine)
        haloed(painter, self._hit, ATTACK, 4, Qt.PenStyle.DashLine)
        tint = QColor(PAID)
        tint.setAlpha(70)
        painter.fillPath(self._miss, tint)
        haloed(painter, self._miss, PAID, 4, Qt.PenStyle.SolidLine)
        haloed(painter, self._line, PATH, 5, Qt.PenStyle.SolidLine)
        self._paint_arrowhead(painter)
        self._paint_blocked(painter)
        if screen_hex_px(painter, self._geometry) >= NUMBERS_FROM:
            for step in self.move.attacks:
                size = step.attack.weapon_size if step.attack else 0
                draw_screen_text(painter, self._geometry.center(step.anchor), f"size {size}", 14)

    def _paint_arrowhead(self, painter: QPainter) -> None:
        count = self._line.elementCount()
        if count < 2:
            return
        tip = QPointF(self._line.elementAt(count - 1).x, self._line.elementAt(count - 1).y)
        back = QPointF(self._line.elementAt(count - 2).x, self._line.elementAt(count - 2).y)
        angle = math.atan2(tip.y() - back.y(), tip.x() - back.x())
        size = self._geometry.size * 0.55
        wings = [angle + math.pi - 0.5, angle + math.pi + 0.5]
        head = QPolygonF([tip, *(tip + QPointF(math.cos(a), math.sin(a)) * size for a in wings)])
        painter.setPen(QColor(0, 0, 0, 210))
        painter.setBrush(PATH)
        painter.drawPolygon(head)

    def _paint_blocked(self, painter: QPainter) -> None:
        assert self.move is not None
        if not self.move.blocked:
            return
        center = self._geometry.center(self.move.steps[-1].anchor)
        r = self._geometry.size * 0.5
        cross = QPainterPath()
        for line in (QLineF(-r, -r, r, r), QLineF(-r, r, r, -r)):
            cross.moveTo(center + line.p1())
            cross.lineTo(center + line.p2())
        haloed(painter, cross, ATTACK, 6, Qt.PenStyle.SolidLine)


def _off_the_token(points: list[QPointF], gap: float) -> list[QPointF]:
    """``points`` with the first moved ``gap`` toward the second (the line starts at the
    pushed token's edge, leaving its initials readable)."""
    if len(points) < 2:
        return points
    line = QLineF(points[0], points[1])
    line.setLength(min(gap, line.length()))
    return [line.p2(), *points[1:]]


def _polyline(points: list[QPointF]) -> QPainterPath:
    path = QPainterPath()
    if len(points) < 2:
        return path
    path.moveTo(points[0])
    for point in points[1:]:
        path.lineTo(point)
    return path
