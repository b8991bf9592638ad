"""The Concealment shade: every space darkened by the Tier a target there would have.

Split from :mod:`app.scene.rules_overlays` (same conventions: cosmetic pens, reads by
Tier numbers as well as by shade, ignores the mouse).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QStaticText
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.grid_item import MAX_DRAWN_HEXES, PICTURE_BELOW
from app.scene.rules_overlays import (
    NUMBERS_FROM,
    SHADE_RGB,
    SHADE_Z,
    TierArray,
    boundary_path,
    mouse_transparent,
    screen_hex_px,
)
from app.scene.style import cosmetic_pen
from app.scene.terrain_image import TerrainPicture, array_colors
from rules import Board, Hex
from rules.board import axial_of_cells


class ConcealmentShade(QGraphicsItem):
    """Every space darkened by its Concealment Tier (Tier 0 clear), with the Tier written
    in it once hexes are big enough; a dotted line bounds the part that was computed.

    Drawn like the grid: only the exposed hexes up close, one cached picture far out.
    """

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(SHADE_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        mouse_transparent(self)
        self._geometry = geometry
        self._board: Board | None = None
        self._field: TierArray | None = None
        self._rect = QRectF()
        self._edge = QPainterPath()
        self._picture: tuple[TerrainPicture, QImage] | None = None
        self._numbers: dict[tuple[int, int], QStaticText] = {}

    @property
    def field(self) -> TierArray | None:
        """The Tier of every cell, ``[row, col]`` (−1: not computed), or ``None``."""
        return self._field

    def tier_at(self, h: Hex) -> int | None:
        """The Tier shown on ``h``; ``None`` where nothing is shown or off the map."""
        if self._board is None or self._field is None or not self._board.contains(h):
            return None
        col, row = self._board.cell_of(h)
        tier = int(self._field[row, col])
        return tier if tier >= 0 else None

    def set_field(
        self, board: Board, field: TierArray, geometry: SceneGeometry | None = None
    ) -> None:
        """Shade ``board``'s spaces by ``field`` (a ``concealment_field`` answer)."""
        self.prepareGeometryChange()
        self._geometry = geometry or self._geometry
        self._board, self._field = board, np.array(field, dtype=np.int16)
        self._rect = self._geometry.board_rect(board)
        computed = np.argwhere(self._field >= 0)
        self._edge = QPainterPath()
        if len(computed) < self._field.size:  # only a radius was computed: show its edge
            hexes = [board.hex_at(int(c), int(r)) for r, c in computed]
            self._edge = boundary_path(hexes, self._geometry)
        self._picture = None
        self.update()

    def clear(self) -> None:
        """Shade nothing."""
        self.prepareGeometryChange()
        self._board, self._field, self._picture = None, None, None
        self._rect, self._edge = QRectF(), QPainterPath()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._board is None or self._field is None:
            return
        inverse, _ok = painter.worldTransform().inverted()
        on_device = inverse.mapRect(QRectF(painter.viewport()))
        exposed = option.exposedRect.intersected(self._rect).intersected(on_device)
        if exposed.isEmpty():
            return
        on_screen = screen_hex_px(painter, self._geometry)
        exposed_hexes = exposed.width() * exposed.height() / (2.598 * self._geometry.size**2)
        if on_screen < PICTURE_BELOW or exposed_hexes > MAX_DRAWN_HEXES:
            self._paint_picture(painter, exposed)
        else:
            self._paint_hexes(painter, exposed, on_screen)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(QColor(255, 255, 255, 200), 2, Qt.PenStyle.DotLine))
        painter.drawPath(self._edge)

    # -- far zoom ---------------------------------------------------------------------
    def picture(self) -> tuple[TerrainPicture, QImage]:
        """The cached far-zoom picture, built on first use after :meth:`set_field`."""
        if self._picture is None:
            assert self._board is not None and self._field is not None
            self._picture = _shade_picture(self._board, self._field, self._geometry)
        return self._picture

    def _paint_picture(self, painter: QPainter, exposed: QRectF) -> None:
        where, image = self.picture()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(exposed, image, where.source_rect(exposed))

    # -- normal zoom ------------------------------------------------------------------
    def _paint_hexes(self, painter: QPainter, exposed: QRectF, screen_hex_px: float) -> None:
        board, geometry, field = self._board, self._geometry, self._field
        assert board is not None and field is not None
        cols, rows = geometry.cell_range(board, exposed)
        if not cols or not rows:
            return
        block = field[rows.start : rows.stop, cols.start : cols.stop]
        shown_rows, shown_cols = np.nonzero(block > 0)
        if not len(shown_rows):
            return
        tiers = block[shown_rows, shown_cols]
        qs, rs = axial_of_cells(shown_cols + cols.start, shown_rows + rows.start, board.orientation)
        xs, ys = geometry.layout.centers(qs, rs)
        hexagon = geometry.unit_polygon()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        for tier in np.unique(tiers).tolist():
            painter.setBrush(shade_color(tier))
            for k in np.flatnonzero(tiers == tier).tolist():
                painter.drawPolygon(hexagon.translated(float(xs[k]), float(ys[k])))
        if screen_hex_px >= NUMBERS_FROM:
            self._paint_numbers(painter, tiers, xs, ys, screen_hex_px)

    def _paint_numbers(
        self,
        painter: QPainter,
        tiers: npt.NDArray[np.int16],
        xs: npt.NDArray[np.float64],
        ys: npt.NDArray[np.float64],
        screen_hex_px: float,
    ) -> None:
        """The Tier in each shaded hex, white on a dark shadow, in device pixels (9–28 px
        high, about half a hex) so it stays legible however far the map is zoomed."""
        pixels = int(min(28.0, max(9.0, screen_hex_px * 0.45)))
        world = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        for tier, x, y in zip(tiers.tolist(), xs.tolist(), ys.tolist(), strict=True):
            text = self._number(tier, pixels)
            size = text.size()
            at = world.map(QPointF(x, y)) - QPointF(size.width() / 2, size.height() / 2)
            painter.setPen(QColor(0, 0, 0))
            painter.drawStaticText(at + QPointF(1.5, 1.5), text)
            painter.setPen(QColor(255, 255, 255))
            painter.drawStaticText(at, text)
        painter.restore()

    def _number(self, tier: int, pixels: int) -> QStaticText:
        key = (tier, pixels)
        if key not in self._numbers:
            text = QStaticText(str(tier))
            font = QFont()
            font.setBold(True)
            font.setPixelSize(pixels)
            text.prepare(font=font)
            self._numbers[key] = text
        return self._numbers[key]


def shade_color(tier: int) -> QColor:
    """The shade of a Tier: darker the higher it is (Tier 12 leaves a glimpse through)."""
    r, g, b = SHADE_RGB
    return QColor(r, g, b, min(215, 40 + 15 * tier))


def _shade_picture(
    board: Board, field: TierArray, geometry: SceneGeometry
) -> tuple[TerrainPicture, QImage]:
    """A :class:`TerrainPicture` of the Tiers (code ``Tier + 1`` in the red channel, 0 off
    the map), recoloured with the shade of each Tier."""
    codes = np.zeros((board.height, board.width, 3), np.uint8)
    codes[..., 0] = np.clip(field, -1, 12) + 1
    where = TerrainPicture(board, array_colors(codes), geometry)
    coded = where.image.convertToFormat(QImage.Format.Format_RGBA8888)
    width, height = coded.width(), coded.height()
    raw = np.frombuffer(coded.constBits(), np.uint8).reshape(height, coded.bytesPerLine())
    red = raw[:, : 4 * width].reshape(height, width, 4)[..., 0]
    table = np.zeros((14, 4), np.uint8)  # code 0: off the map or not computed; 1: Tier 0
    for tier in range(1, 13):
        c = shade_color(tier)
        table[tier + 1] = (c.red(), c.green(), c.blue(), c.alpha())
    rgba = np.ascontiguousarray(table[red])
    image = QImage(rgba.data, width, height, 4 * width, QImage.Format.Format_RGBA8888).copy()
    return where, image
