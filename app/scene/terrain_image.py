"""The far-zoom pictures of a map, computed with numpy.

Every pixel of a picture is mapped back to the hex under its centre with the vectorised
pixel→hex of :mod:`rules.layout`, and takes that cell's colour; only the cells some pixel
lands on are coloured. At most :data:`PIXELS_PER_HEX` pixels a hex and
:data:`MAX_SIDE` a side are ever drawn.

:class:`TerrainTiles` is how the map draws itself zoomed out (issue #20): tiles of
:data:`TILE` pixels at levels of detail each half as fine as the one before, made as they
come into view at the zoom they are seen at and kept (the most recently drawn
:data:`KEPT_TILES`). A frame costs the pixels on screen whatever the map's size, and the
first paint of a 2000×2000 map colours about a view's worth of pixels, not a picture of
the whole map; given a ``mask`` they paint only the masked cells and leave the rest
transparent (the players' fog drawn on its own, opaque over a background picture).
:class:`TerrainPicture` is one picture of a whole map (the Inspector's Concealment shade).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from app.scene.geometry import SceneGeometry
from app.scene.style import U8Array
from rules import Board
from rules.board import cells_of
from rules.hexes import hex_round_arrays

MAX_SIDE = 2048
PIXELS_PER_HEX = 6.0
BAND_ROWS = 64
TILE = 256  # pixels a side
KEPT_TILES = 192  # 48 MiB at most; more than any frame draws (a level is ≤ 2048 px a side)

IntArray = npt.NDArray[np.intp]
CellColors = Callable[[IntArray, IntArray], U8Array]
"""The colours (``(n, 3)`` uint8) of the cells at rows, columns (arrays of n)."""


def array_colors(colors: U8Array) -> CellColors:
    """The cell colours of an ``(height, width, 3)`` array."""
    return lambda rows, cols: colors[rows, cols]


def finest_scale(board: Board, geometry: SceneGeometry) -> float:
    """The most image pixels per scene unit a picture of ``board`` has."""
    rect = geometry.board_rect(board)
    hex_width = geometry.layout.width
    return min(PIXELS_PER_HEX / hex_width, MAX_SIDE / max(rect.width(), rect.height()))


class TerrainTiles:
    """The far-zoom picture of ``board`` as tiles made on demand (module docstring)."""

    def __init__(
        self,
        board: Board,
        colors: CellColors,
        geometry: SceneGeometry,
        mask: npt.NDArray[np.bool_] | None = None,
    ):
        self._board, self._colors, self._geometry, self._mask = board, colors, geometry, mask
        self._rect = geometry.board_rect(board)
        self.finest = finest_scale(board, geometry)
        longest = max(self._rect.width(), self._rect.height()) * self.finest
        self.coarsest = max(0, math.ceil(math.log2(max(1.0, longest / TILE))))
        self._tiles: OrderedDict[tuple[int, int, int], QImage] = OrderedDict()
        self.made = 0  # how many tiles were made (a measure for tests)

    def level_for(self, per_unit: float) -> int:
        """The level (0 the finest) nearest ``per_unit`` screen pixels a scene unit."""
        if per_unit <= 0:
            return self.coarsest
        level = round(math.log2(self.finest / per_unit))
        return min(self.coarsest, max(0, level))

    def scale(self, level: int) -> float:
        """Image pixels a scene unit at ``level``."""
        return self.finest / (1 << level)

    def draw(self, painter: QPainter, exposed: QRectF, per_unit: float) -> None:
        """Draw the part ``exposed`` (scene coordinates) at the level nearest ``per_unit``."""
        level = self.level_for(per_unit)
        side = TILE / self.scale(level)  # scene units a tile
        left, top = self._rect.left(), self._rect.top()
        area = exposed.intersected(self._rect)
        if area.isEmpty():
            return
        columns = range(int((area.left() - left) // side), int((area.right() - left) // side) + 1)
        rows = range(int((area.top() - top) // side), int((area.bottom() - top) // side) + 1)
        for j in rows:
            for i in columns:
                target = QRectF(left + i * side, top + j * side, side, side)
                painter.drawImage(target, self.tile(level, i, j))

    def tile(self, level: int, i: int, j: int) -> QImage:
        """Tile ``i`` across, ``j`` down of ``level``, made the first time it is asked for."""
        key = (level, i, j)
        image = self._tiles.get(key)
        if image is not None:
            self._tiles.move_to_end(key)
            return image
        scale = self.scale(level)
        side = TILE / scale
        where = QRectF(self._rect.left() + i * side, self._rect.top() + j * side, side, side)
        rgba = _render(self._board, self._colors, self._geometry, where, (TILE, TILE), self._mask)
        image = QImage(rgba.data, TILE, TILE, 4 * TILE, QImage.Format.Format_RGBA8888)
        image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)  # drawn fast
        self._tiles[key] = image
        self.made += 1
        while len(self._tiles) > KEPT_TILES:
            self._tiles.popitem(last=False)
        return image

    @property
    def kept(self) -> int:
        """How many tiles are kept now."""
        return len(self._tiles)


class TerrainPicture:
    """A scaled-down picture of all of ``board``'s terrain (:func:`finest_scale` image
    pixels a scene unit) and where it sits in the scene."""

    def __init__(self, board: Board, colors: CellColors, geometry: SceneGeometry):
        rect = geometry.board_rect(board)
        scale = finest_scale(board, geometry)
        width = max(1, round(rect.width() * scale))
        height = max(1, round(rect.height() * scale))
        self.scene_rect = QRectF(rect.left(), rect.top(), width / scale, height / scale)
        rgba = _render(board, colors, geometry, self.scene_rect, (width, height), None)
        self.image = QImage(rgba.data, width, height, 4 * width, QImage.Format.Format_RGBA8888)
        self._keep_alive = rgba  # QImage does not own the numpy buffer

    def source_rect(self, scene_rect: QRectF) -> QRectF:
        """The part of :attr:`image` (in image pixels) that shows ``scene_rect``."""
        sx = self.image.width() / self.scene_rect.width()
        sy = self.image.height() / self.scene_rect.height()
        return QRectF(
            (scene_rect.left() - self.scene_rect.left()) * sx,
            (scene_rect.top() - self.scene_rect.top()) * sy,
            scene_rect.width() * sx,
            scene_rect.height() * sy,
        )


def _render(
    board: Board,
    colors: CellColors,
    geometry: SceneGeometry,
    scene_rect: QRectF,
    size: tuple[int, int],
    mask: npt.NDArray[np.bool_] | None,
) -> npt.NDArray[np.uint8]:
    width, height = size
    # float32, broadcasting and bands of rows keep the temporaries small and in cache:
    # this runs over millions of pixels.
    step_x, step_y = scene_rect.width() / width, scene_rect.height() / height
    xs = (scene_rect.left() + (np.arange(width, dtype=np.float32) + 0.5) * step_x)[None, :]
    ys = (scene_rect.top() + (np.arange(height, dtype=np.float32) + 0.5) * step_y)[:, None]
    out = np.zeros((height, width, 4), dtype=np.uint8)  # bytes R, G, B, A: the QImage's
    for top in range(0, height, BAND_ROWS):
        band = slice(top, top + BAND_ROWS)
        fq, fr = geometry.layout.fractional_array(xs, ys[band])
        cols, rows = cells_of(*hex_round_arrays(fq, fr), board.orientation)
        inside = (cols >= 0) & (cols < board.width) & (rows >= 0) & (rows < board.height)
        if mask is not None:
            inside[inside] = mask[rows[inside], cols[inside]]
        pixels = out[band]
        pixels[inside, :3] = colors(rows[inside], cols[inside])
        pixels[inside, 3] = 255
    return out
