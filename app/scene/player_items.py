"""The players' presentation on the map: clicks that do nothing, tokens with thick rings
and name plates that keep their size on screen (see :class:`~app.scene.map_scene.MapScene`
with ``player=True``).

The window's Scale (:meth:`PlayerTokenItem.set_presentation_scale`) grows a token's ring,
its condition pills and its name plate together: the pills' type grows with it (a row
never wider than :data:`PILL_ROW_HEXES` hexes, never smaller than at 100 %), and
they show at a zoom ``scale`` times farther out. A print (:meth:`PlayerTokenItem.set_printed`)
keeps the plates' type at least :data:`PRINT_PLATE_FLOOR` of a hex, so names keep their
proportion to the hexes at 300 dpi as on screen.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.name_plates import NAME_PX, PlateStyle, player_style
from app.scene.style import side_pen
from app.scene.token_badges import BADGE_MIN_SCREEN, Badge, TokenDecorations, condition_badges
from app.scene.token_item import TokenItem
from app.scene.tool import Gesture, Tool
from rules import Token

__all__ = ["NAME_PX", "PlayerDecorations", "PlayerTokenItem", "ViewOnlyTool", "pill_px"]

PILL_HEX_SHARE = 0.28  # the pills' type at 100 %, in hex sizes (as on the GM's map)
PILL_ROW_HEXES = 1.6  # a row of pills is at most this many hexes wide (edge to edge)
PRINT_PLATE_FLOOR = 0.28  # a printed name's type, at least, in hex sizes


class ViewOnlyTool(Tool):
    """The players' presentation: every click is taken and does nothing."""

    name = "view"

    def press(self, gesture: Gesture) -> bool:
        return True


def pill_px(badges: list[Badge], hex_size: float, scale: float) -> int:
    """The pills' type size (scene units) at presentation ``scale``: ``scale`` times the
    100 % size, shrunk so that no row of two is wider than :data:`PILL_ROW_HEXES` hexes,
    but never under the 100 % size."""
    base = max(6, round(hex_size * PILL_HEX_SHARE))
    px = max(base, round(base * scale))
    if px == base or not badges:
        return px
    widest = max(_row_width(badges[i : i + 2], px) for i in range(0, len(badges), 2))
    room = PILL_ROW_HEXES * hex_size * 3**0.5
    return px if widest <= room else max(base, int(px * room / widest))


def _row_width(row: list[Badge], px: int) -> float:
    metrics = QFontMetricsF(_pill_font(px))
    height = metrics.height() + 1.0
    return sum(metrics.horizontalAdvance(b.text) + height * 0.6 for b in row) + 2.0 * (len(row) - 1)


def _pill_font(px: int) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(px)
    return font


class PlayerDecorations(TokenDecorations):
    """A player token's pills and bars: the pills grow with the presentation scale."""

    def __init__(self) -> None:
        super().__init__()
        self.presentation_scale = 1.0
        self._px = 6

    def sync_from(self, token: Token, hex_size: float, radius: float, show_bars: bool) -> None:
        self._px = pill_px(condition_badges(token), hex_size, self.presentation_scale)
        super().sync_from(token, hex_size, radius, show_bars)

    def badge_font(self) -> QFont:
        return _pill_font(self._px)

    def badges_shown(self, painter: QPainter) -> bool:
        """Drawn from a zoom ``scale`` times farther out than on the GM's map."""
        zoom = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        return bool(self.badges) and self._size * zoom * self.presentation_scale >= BADGE_MIN_SCREEN


class PlayerTokenItem(TokenItem):
    """A token on the players' screen: a thick ring in its side's colour and dash, haloed in
    black, and its full name on a :class:`~app.scene.name_plates.NamePlate` above it (pills
    and Pool bars keep the lower edge), :data:`NAME_PX` pixels at presentation scale 1."""

    _scale = 1.0
    _printed = False

    def __init__(
        self,
        token: Token,
        geometry: SceneGeometry,
        image: QImage | None = None,
        show_bars: bool = True,
    ):
        super().__init__(token, geometry, image, show_bars)
        self.decorations = PlayerDecorations()  # not in a scene yet: nothing to swap there
        self.sync_from(token, geometry, image)

    @property
    def presentation_scale(self) -> float:
        """How much larger than at 100 % the ring, pills and name are drawn."""
        return self._scale

    def set_presentation_scale(self, scale: float) -> None:
        """Draw the ring, the pills and the name ``scale`` times larger."""
        self.prepareGeometryChange()  # the ring's width is in the bounding rect: first
        self._scale = scale
        if isinstance(self.decorations, PlayerDecorations):
            self.decorations.presentation_scale = scale
        self.sync_from(self.token, self.geometry, self.image)

    def set_printed(self, printed: bool) -> None:
        """Drawn for a print (an export): names at least :data:`PRINT_PLATE_FLOOR` of a hex."""
        self._printed = printed
        self.sync_from(self.token, self.geometry, self.image)

    def plate_style(self) -> PlateStyle:
        style = player_style(self._scale)
        return (
            replace(style, scene_floor=PRINT_PLATE_FLOOR * self._scale) if self._printed else style
        )

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
