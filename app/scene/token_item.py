"""TokenItem: shows one token; it only paints and syncs from the document.

A token is a round counter with its initials (or its picture) at the middle of its
footprint, ringed in its side's colour and dash pattern; a multi-hex token also tints
and outlines the hexes it fills. Hidden tokens (not on the player view) are drawn faded
with a dashed outline. The item has no mouse logic: tools move it as a preview and the
document puts it where the model says.

Play state reads at a glance: Conditions are short dark pills in rows of two ending on the
disc's lower edge ("PRN", "SLW 2", "ENC 3": the Tier added over sources, left out at Tier
1; at most :data:`MAX_BADGES`, the last one "+N" when there are more), Ailments ringed in
reddish purple; under the disc, Grit is a solid orange bar and Energy a hatched sky-blue one
(Okabe–Ito colours, told apart by pattern too). Both hide when the hex is tiny on screen.
They are drawn by a companion :class:`TokenDecorations` item stacked over every token, so
an adjacent token never hides them; it follows its token into and out of the scene. A
player view makes its items with ``show_bars=False``: bars then show only for tokens
whose ``vitals.bars_for_players`` is set, and the tooltip leaves the numbers out.

Its name is on a :class:`~app.scene.name_plates.NamePlate` under the footprint, another
companion item (:attr:`TokenItem.plate`), abbreviated when the hex is small on screen.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.name_plates import GM_STYLE, NamePlate, PlateStyle, PlateSubject
from app.scene.style import readable_text_color, side_pen
from app.scene.token_badges import BAR_MIN_SCREEN, Badge, PoolBar, TokenDecorations
from rules import Hex, Token
from rules.board import POOL_LABELS, describe


class TokenItem(QGraphicsItem):
    """The picture of one token, placed at its footprint's centre."""

    def __init__(
        self,
        token: Token,
        geometry: SceneGeometry,
        image: QImage | None = None,
        show_bars: bool = True,
    ):
        super().__init__()
        self._show_bars = show_bars  # False on a player view: only bars_for_players show
        self.decorations = TokenDecorations()
        self.plate = NamePlate(self.plate_style())
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
        self.setZValue(10 - token.size)  # small tokens on top, so they stay grabbable
        self.setAcceptHoverEvents(True)
        self.token = token
        self._geometry = geometry
        self._image = image
        self._selected = False
        self._footprint = QPainterPath()
        self._radius = 0.0
        self.sync_from(token, geometry, image)

    @property
    def token_id(self) -> str:
        """The id of the token shown."""
        return self.token.id

    @property
    def radius(self) -> float:
        """The token disc's radius in scene units."""
        return self._radius

    @property
    def geometry(self) -> SceneGeometry:
        """The hex geometry the token was last laid out with."""
        return self._geometry

    @property
    def image(self) -> QImage | None:
        """The token's picture, if it has one."""
        return self._image

    def sync_from(self, token: Token, geometry: SceneGeometry, image: QImage | None = None) -> None:
        """Show ``token`` as the model has it now."""
        self.prepareGeometryChange()
        self.token, self._geometry, self._image = token, geometry, image
        center = self.anchor_offset(token, geometry)
        footprint = [
            geometry.center(h) - geometry.center(Hex(0, 0)) for h in token.footprint_offsets
        ]
        self._footprint = geometry.footprint_path(
            token.footprint_offsets, geometry.center(Hex(0, 0))
        )
        self._footprint.translate(-center)
        spread = max((abs(p.x() - center.x()) + abs(p.y() - center.y())) for p in footprint)
        self._radius = geometry.size * 0.8 + spread * 0.2
        self.decorations.sync_from(token, geometry.size, self._radius, self._show_bars)
        self.plate.show_subject(self._plate_subject(), self.plate_style())
        self.setToolTip(self._tooltip())
        self.decorations.setToolTip(self.toolTip())
        self.show_at(token.position)

    def footprint_outline(self) -> QPainterPath:
        """The outline of the hexes the token fills, in its own coordinates."""
        return QPainterPath(self._footprint)

    def plate_style(self) -> PlateStyle:
        """How this view draws the token's name (the GM's map: abbreviated, under it)."""
        return GM_STYLE

    def ring_extent(self) -> float:
        """How far the token's ring reaches beyond its disc, in scene units."""
        return max(3.0, self._radius * 0.16) / 2 + 1.0

    def _plate_subject(self) -> PlateSubject:
        reach = self._radius + self.ring_extent()
        body = QRectF(-reach, -reach, 2 * reach, 2 * reach)
        if len(self.token.footprint_offsets) > 1:
            body = body.united(self._footprint.boundingRect().adjusted(-2, -2, 2, 2))
        bars = QRectF()
        for rect, _bar in self.decorations.bars:
            bars = bars.united(rect)
        return PlateSubject(
            self.token.name,
            self.token.hidden,
            body,
            self.shape(),
            self._geometry.size,
            bars,
            BAR_MIN_SCREEN,
        )

    @staticmethod
    def anchor_offset(token: Token, geometry: SceneGeometry) -> QPointF:
        """From the anchor hex's centre to the middle of the footprint, in scene units."""
        points = [geometry.center(h) for h in token.footprint_offsets]
        origin = geometry.center(Hex(0, 0))
        x = sum(p.x() for p in points) / len(points) - origin.x()
        y = sum(p.y() for p in points) / len(points) - origin.y()
        return QPointF(x, y)

    def show_at(self, anchor: Hex) -> None:
        """Draw the token as if anchored at ``anchor`` (a drag preview, or the model's hex)."""
        self.setPos(self._geometry.center(anchor) + self.anchor_offset(self.token, self._geometry))

    def set_highlighted(self, selected: bool) -> None:
        """Show or hide the selection ring."""
        if selected != self._selected:
            self._selected = selected
            self.update()

    def badges(self) -> list[Badge]:
        """The condition pills drawn (when the hex is big enough on screen)."""
        return [badge for _rect, badge in self.decorations.badges]

    def bars(self) -> list[PoolBar]:
        """The Pool bars drawn (when shown on this view and the hex is big enough)."""
        return [bar for _rect, bar in self.decorations.bars]

    def _tooltip(self) -> str:
        t = self.token
        lines = [f"<b>{escape(t.name)}</b> — {t.kind.value}, size {t.size}, {t.side}"]
        lines.append(f"at ({t.position.q}, {t.position.r}), {len(t.footprint_offsets)} hex(es)")
        if t.conditions:
            lines.append(escape(describe(t.conditions)))
        if self.decorations.bars:
            lines.append(
                " · ".join(f"{POOL_LABELS[b.pool]} {b.current} / {b.maximum}" for b in self.bars())
            )
        if t.hidden:
            lines.append("<i>hidden from players</i>")
        return "<br>".join(lines)

    # -- QGraphicsItem ----------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        r = self._radius + 6
        return QRectF(-r, -r, 2 * r, 2 * r).united(
            self._footprint.boundingRect().adjusted(-3, -3, 3, 3)
        )

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self._radius, self._radius)
        return path.united(self._footprint) if len(self.token.footprint_offsets) > 1 else path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        token = self.token
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(0.55 if token.hidden else 1.0)
        fill = QColor(token.color)
        ring = side_pen(token.side, max(3.0, self._radius * 0.16))
        if len(token.footprint_offsets) > 1:
            tint = QColor(ring.color())
            tint.setAlpha(120)
            edge = QPen(
                ring.color(), 4.0, Qt.PenStyle.DashLine if token.hidden else Qt.PenStyle.SolidLine
            )
            painter.setPen(edge)
            painter.setBrush(tint)
            painter.drawPath(self._footprint)
        self._paint_disc(painter, fill, ring, self.decorations.badges_shown(painter))
        if self._selected:
            painter.setPen(QPen(QColor("#ffffff"), 3, Qt.PenStyle.SolidLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            r = self._radius + 4
            painter.drawEllipse(QPointF(0, 0), r, r)
            painter.setPen(QPen(QColor("#000000"), 1.5, Qt.PenStyle.DashLine))
            painter.drawEllipse(QPointF(0, 0), r, r)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        """Keep the decorations and the name plate with the token: same scene, position and
        visibility."""
        kind, companions = QGraphicsItem.GraphicsItemChange, (self.decorations, self.plate)
        for companion in companions:
            if change == kind.ItemSceneChange and self.scene() is not None:
                if companion.scene() is self.scene():
                    self.scene().removeItem(companion)
            elif change == kind.ItemSceneHasChanged and isinstance(value, QGraphicsScene):
                value.addItem(companion)
                companion.setPos(self.pos())
            elif change == kind.ItemPositionHasChanged:
                companion.setPos(self.pos())
        if change == kind.ItemPositionHasChanged:
            self.plate.refresh_visibility()  # and laid out again with its neighbours
        elif change == kind.ItemVisibleHasChanged:
            self.decorations.setVisible(bool(value))
            self.plate.follow_owner(bool(value))
        elif change == kind.ItemSceneHasChanged and isinstance(value, QGraphicsScene):
            self.plate.refresh_visibility()
        return super().itemChange(change, value)

    def _paint_disc(self, painter: QPainter, fill: QColor, ring: QPen, badges: bool) -> None:
        r = self._radius
        disc = QRectF(-r, -r, 2 * r, 2 * r)
        text_box = QRectF(disc)
        if badges:  # the initials move up, clear of the pills
            text_box.setBottom(min(rect.top() for rect, _badge in self.decorations.badges))
        painter.setPen(Qt.PenStyle.NoPen)
        if self._image is not None and not self._image.isNull():
            clip = QPainterPath()
            clip.addEllipse(disc)
            painter.save()
            painter.setClipPath(clip)
            painter.drawImage(disc, self._image)
            painter.restore()
        else:
            painter.setBrush(QBrush(fill))
            painter.drawEllipse(disc)
            font = QFont()
            font.setBold(True)
            size = r * (0.8 if len(self.token.initials) > 1 else 1.1)
            third = self._geometry.size * 3**0.5 / 3  # a third of the hex, on screen and in print
            font.setPixelSize(max(6, int(min(size, text_box.height() * 0.8, third))))
            painter.setFont(font)
            painter.setPen(readable_text_color(fill))
            painter.drawText(text_box, Qt.AlignmentFlag.AlignCenter, self.token.initials)
        painter.setPen(QPen(QColor(20, 20, 20), 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(
            disc.adjusted(
                -ring.widthF() / 2, -ring.widthF() / 2, ring.widthF() / 2, ring.widthF() / 2
            )
        )
        painter.setPen(ring)
        painter.drawEllipse(disc)
