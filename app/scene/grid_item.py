"""HexGridItem: the whole grid and its terrain as one item, drawn by level of detail.

Only the exposed part is drawn. When at most :data:`MAX_DRAWN_HEXES` hexes are exposed
(and each is at least :data:`PICTURE_BELOW` pixels wide) each is filled with its terrain
colour, hatched for walls, steep slopes, water and Concealment, and outlined; close up,
elevations are written in the hexes, in type sized to the hex (:data:`NUMBER_HEXES`), so
they keep their place in the hex at every zoom and on paper. Farther out numpy-built
picture tiles of the map are drawn instead (:class:`~app.scene.terrain_image.TerrainTiles`,
made as they come into view and kept), so the cost of a frame follows the pixels on
screen (bounded hexes, or a view's worth of tiles), not the map size.

Fog of war is greyed and hatched for the GM. With ``opaque_fog`` (the players' screen)
fogged hexes are dark "unexplored" hexes, drawn at full opacity even over a background
picture, with no numbers written in them.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.style import (
    GRID_COLOR,
    PATTERN_LAYERS,
    UNEXPLORED_EDGE,
    UNEXPLORED_RGB,
    U8Array,
    cell_colors,
    colors_at,
    pattern_brush,
    readable_text_color,
)
from app.scene.terrain_image import TerrainTiles
from rules import Board, ConcealmentKind
from rules.board import axial_of_cells

PICTURE_BELOW = 7.0  # on-screen hex width (px) under which the cached picture is drawn
MAX_DRAWN_HEXES = 5000  # more hexes exposed than this: the cached picture is drawn
NUMBERS_ABOVE = 56.0  # on-screen hex width (px) over which elevations are written
NUMBER_HEXES = 0.22  # the numbers' type size, in hexes edge to edge (12 px when first shown)


MAGIC_KINDS = np.array([int(k) for k in ConcealmentKind if not k.world], dtype=np.uint8)


class HexGridItem(QGraphicsItem):
    """Draws every hex of a board: terrain fills, patterns, outlines, elevations."""

    def __init__(
        self, board: Board, parent: QGraphicsItem | None = None, *, opaque_fog: bool = False
    ):
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(-100)
        self._board = board
        self._geometry = SceneGeometry.for_board(board)
        self._rect = self._geometry.board_rect(board)
        self._hidden: frozenset[str] = frozenset()
        self._fill_opacity = 1.0
        self._opaque_fog = opaque_fog
        self._tiles: TerrainTiles | None = None  # the far-zoom picture, made as it is seen
        self._fog_tiles: TerrainTiles | None = None
        self._fog_known = False  # whether _fog_tiles is worked out for this terrain
        self._font = QFont()
        self._font.setBold(True)
        self._size_font()

    # -- model sync ---------------------------------------------------------------
    def set_board(self, board: Board, terrain_changed: bool = True) -> None:
        """Show ``board``; recolour only when its terrain or grid changed."""
        grid_changed = (board.width, board.height, board.orientation) != (
            self._board.width,
            self._board.height,
            self._board.orientation,
        )
        self._board = board
        if grid_changed:
            self.prepareGeometryChange()
            self._geometry = SceneGeometry.for_board(board)
            self._rect = self._geometry.board_rect(board)
            self._size_font()
        if terrain_changed or grid_changed:
            self._recolor()

    def _size_font(self) -> None:
        """Numbers in scene units, not points: a point is the device's (300 dpi on a PDF,
        a third of a hex there), a scene unit is the map's."""
        layout = self._geometry.layout
        edge_to_edge = min(layout.width, layout.height)
        self._font.setPixelSize(max(1, round(NUMBER_HEXES * edge_to_edge)))

    @property
    def number_font(self) -> QFont:
        """The font elevations and Ground Softness are written in (pixels = scene units)."""
        return QFont(self._font)

    def set_translucent(self, translucent: bool) -> None:
        """Let a background picture show through the terrain fills (outlines stay)."""
        opacity = 0.35 if translucent else 1.0
        if opacity != self._fill_opacity:
            self._fill_opacity = opacity
            self.update()

    def set_hidden_layers(self, hidden: frozenset[str]) -> None:
        """Leave out the named terrain layers (View → layer visibility)."""
        if hidden != self._hidden:
            self._hidden = frozenset(hidden)
            self._recolor()

    @property
    def hidden_layers(self) -> frozenset[str]:
        """The terrain layers not drawn."""
        return self._hidden

    @property
    def opaque_fog(self) -> bool:
        """True on the players' screen: fog of war hides what lies under it."""
        return self._opaque_fog

    def _recolor(self) -> None:
        self._tiles = self._fog_tiles = None
        self._fog_known = False
        self.update()

    def colors(self, block: tuple[slice, slice] = (slice(None), slice(None))) -> U8Array:
        """The fill colour of each cell of ``block`` (rows, columns) as drawn now."""
        return cell_colors(self._board, self._hidden, self._opaque_fog, block)

    def _colors_at(self, rows: np.ndarray, cols: np.ndarray) -> U8Array:
        """The fill colours of the cells at ``rows``, ``cols`` (what a tile's pixels show)."""
        return colors_at(self._board, rows, cols, self._hidden, self._opaque_fog)

    @property
    def geometry(self) -> SceneGeometry:
        """The hex ↔ scene conversion this item draws with."""
        return self._geometry

    # -- QGraphicsItem ----------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # scene.render() exposes the whole item: clip to what the device can show.
        inverse, _ok = painter.worldTransform().inverted()
        on_device = inverse.mapRect(QRectF(painter.viewport()))
        exposed = option.exposedRect.intersected(self._rect).intersected(on_device)
        if exposed.isEmpty():
            return
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        hex_on_screen = lod * self._geometry.layout.width
        hex_area = 2.598 * self._geometry.size**2  # scene units² of one hexagon
        exposed_hexes = exposed.width() * exposed.height() / hex_area
        if hex_on_screen < PICTURE_BELOW or exposed_hexes > MAX_DRAWN_HEXES:
            self._paint_picture(painter, exposed)
        else:
            self._paint_hexes(painter, exposed, hex_on_screen)

    # -- far zoom ---------------------------------------------------------------------
    def tiles(self) -> TerrainTiles:
        """The far-zoom picture, kept until the terrain changes; its tiles are made as
        they come into view (:class:`~app.scene.terrain_image.TerrainTiles`)."""
        if self._tiles is None:
            self._tiles = TerrainTiles(self._board, self._colors_at, self._geometry)
        return self._tiles

    def _paint_picture(self, painter: QPainter, exposed: QRectF) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        per_unit = lod * painter.device().devicePixelRatioF()
        painter.setOpacity(self._fill_opacity)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # tiles meet exactly
        self.tiles().draw(painter, exposed, per_unit)
        if self._opaque_fog and self._fill_opacity < 1.0:
            fog = self._players_fog()
            if fog is not None:
                painter.setOpacity(1.0)  # a background picture must not show through the fog
                fog.draw(painter, exposed, per_unit)

    def _players_fog(self) -> TerrainTiles | None:
        """The players' fogged cells as tiles of their own (drawn opaque over a background
        picture), or ``None`` when nothing is fogged; worked out once per terrain change."""
        if not self._fog_known:
            fogged = self._board.layer("fog").astype(bool)
            self._fog_tiles = (
                TerrainTiles(self._board, self._colors_at, self._geometry, fogged)
                if fogged.any()
                else None
            )
            self._fog_known = True
        return self._fog_tiles

    # -- normal zoom ------------------------------------------------------------------
    def _paint_hexes(self, painter: QPainter, exposed: QRectF, hex_on_screen: float) -> None:
        board, geometry = self._board, self._geometry
        cols, rows = geometry.cell_range(board, exposed)
        if not cols or not rows:
            return
        block = np.s_[rows.start : rows.stop, cols.start : cols.stop]
        row_index, col_index = np.mgrid[block]
        qs, rs = axial_of_cells(col_index, row_index, board.orientation)
        xs, ys = geometry.layout.centers(qs, rs)
        hexagon = geometry.unit_polygon()
        centers = zip(xs.ravel().tolist(), ys.ravel().tolist(), strict=True)
        polygons = [hexagon.translated(x, y) for x, y in centers]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        # Few Python calls per hex: one brush per colour, one per pattern layer.
        painter.setPen(QPen(GRID_COLOR, 0))  # cosmetic: one device pixel at every zoom
        colors = self.colors(block)
        for rgb, members in _group_by_color(colors):
            fill = QColor.fromRgb(rgb)
            fill.setAlphaF(self._fill_opacity)
            painter.setBrush(fill)
            for k in members:
                painter.drawPolygon(polygons[k])
        painter.setPen(Qt.PenStyle.NoPen)
        unzoom = painter.worldTransform().inverted()[0]
        for name, mask in self._pattern_masks(block):
            brush = pattern_brush(name)
            if brush.style() == Qt.BrushStyle.TexturePattern:  # as cosmetic as the others
                brush.setTransform(QTransform.fromScale(unzoom.m11(), unzoom.m22()))
            painter.setBrush(brush)
            for k in np.flatnonzero(mask.ravel()).tolist():
                painter.drawPolygon(polygons[k])
        if self._opaque_fog:
            self._paint_unexplored(painter, [polygons[k] for k in self._unexplored(block)])
        if hex_on_screen >= NUMBERS_ABOVE:
            self._paint_numbers(painter, block, xs, ys, colors)

    def _unexplored(self, block: tuple[slice, slice]) -> list[int]:
        """Flat indices in ``block`` of the fogged cells."""
        return np.flatnonzero(self._board.layer("fog")[block].ravel()).tolist()

    def _paint_unexplored(self, painter: QPainter, polygons: list[QPolygonF]) -> None:
        """Fogged hexes on the players' screen: opaque (over a background picture too),
        dark, faintly outlined, with a subtle pattern."""
        if not polygons:
            return
        painter.setPen(QPen(UNEXPLORED_EDGE, 0))
        painter.setBrush(QColor(*UNEXPLORED_RGB))
        for polygon in polygons:
            painter.drawPolygon(polygon)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pattern_brush("unexplored"))
        for polygon in polygons:
            painter.drawPolygon(polygon)

    def _pattern_masks(self, block: tuple[slice, slice]) -> list[tuple[str, np.ndarray]]:
        """(pattern name, cells to hatch) for every shown layer drawn as a pattern."""
        board = self._board
        masks = [
            (name, board.layer(name)[block] != 0)
            for name in PATTERN_LAYERS
            if name != "magic" and name not in self._hidden
            if not (name == "fog" and self._opaque_fog)  # drawn apart, opaque
        ]
        if "concealment" not in self._hidden:  # [S000]: magic Concealment reads apart
            magic = np.isin(board.layer("concealment_kind")[block], MAGIC_KINDS)
            masks.append(("magic", magic & (board.layer("concealment")[block] != 0)))
        return [(name, mask) for name, mask in masks if mask.any()]

    def _paint_numbers(
        self,
        painter: QPainter,
        block: tuple[slice, slice],
        xs: np.ndarray,
        ys: np.ndarray,
        colors: np.ndarray,
    ) -> None:
        """Up close: elevation (``+2``) low in the hex, Ground Softness (``≈4``) high."""
        painter.setFont(self._font)
        half = self._geometry.size * 0.6
        layers = [("elevation", 0.25, "{:+d}"), ("softness", -1.25, "≈{}")]
        for layer, offset, text in layers:
            if layer in self._hidden:
                continue
            values = self._board.layer(layer)[block]
            wanted = values != 0 if layer == "elevation" else values >= 0
            if self._opaque_fog:  # nothing is written on unexplored hexes
                wanted &= ~self._board.layer("fog")[block]
            shown = np.nonzero(wanted)
            for i, j in zip(*shown, strict=True):
                r, g, b = (int(v) for v in colors[i, j])
                painter.setPen(readable_text_color(QColor(r, g, b)))
                x, y = float(xs[i, j]), float(ys[i, j])
                box = QRectF(x - half, y + half * offset, 2 * half, half)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text.format(int(values[i, j])))


def _group_by_color(colors: np.ndarray) -> list[tuple[int, list[int]]]:
    """Flat indices of the cells of each colour in an ``(h, w, 3)`` block, by 0xRRGGBB."""
    flat = colors.reshape(-1, 3).astype(np.uint32)
    packed = (flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2]
    values, inverse, counts = np.unique(packed, return_inverse=True, return_counts=True)
    order = np.argsort(inverse, kind="stable")
    groups = np.split(order, np.cumsum(counts)[:-1])
    return [(int(v), g.tolist()) for v, g in zip(values, groups, strict=True)]
