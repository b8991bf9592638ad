"""The far-zoom picture of a whole map, computed with numpy in one pass.

Every pixel of a bounded image (at most :data:`MAX_SIDE` pixels a side) is mapped back
to the hex under its centre with the vectorised pixel→hex of :mod:`rules.layout`, and
takes that cell's colour. The image is built once per terrain change and drawn scaled,
so a zoomed-out frame costs the same whatever the map's size. With a ``mask`` only the
masked cells are painted and the rest is transparent (the players' fog drawn on its own,
opaque over a background picture).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from app.scene.geometry import SceneGeometry
from app.scene.style import U8Array
from rules import Board
from rules.board import cells_of
from rules.hexes import hex_round_arrays

MAX_SIDE = 2048
PIXELS_PER_HEX = 6.0
BAND_ROWS = 64


class TerrainPicture:
    """A scaled-down picture of ``board``'s terrain and where it sits in the scene."""

    def __init__(
        self,
        board: Board,
        colors: U8Array,
        geometry: SceneGeometry,
        mask: npt.NDArray[np.bool_] | None = None,
    ):
        rect = geometry.board_rect(board)
        hex_width = geometry.layout.width
        scale = min(PIXELS_PER_HEX / hex_width, MAX_SIDE / max(rect.width(), rect.height()))
        width = max(1, round(rect.width() * scale))
        height = max(1, round(rect.height() * scale))
        self.scene_rect = QRectF(rect.left(), rect.top(), width / scale, height / scale)
        rgba = _render(board, colors, geometry, self.scene_rect, (width, height), mask)
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
    colors: U8Array,
    geometry: SceneGeometry,
    scene_rect: QRectF,
    size: tuple[int, int],
    mask: npt.NDArray[np.bool_] | None,
) -> npt.NDArray[np.uint8]:
    width, height = size
    # One gather from a table of packed RGBA cells; the last entry is transparent (off-map).
    # Filled as bytes R, G, B, A (the QImage's order) and read as one uint32 per cell.
    off_map = board.width * board.height
    cells = np.zeros((off_map + 1, 4), dtype=np.uint8)
    cells[:-1, :3] = colors.reshape(-1, 3)
    cells[:-1, 3] = 255
    if mask is not None:
        cells[:-1][~mask.ravel()] = 0
    table = cells.view(np.uint32).ravel()
    # float32, broadcasting and bands of rows keep the temporaries small and in cache:
    # this runs over millions of pixels.
    step_x, step_y = scene_rect.width() / width, scene_rect.height() / height
    xs = (scene_rect.left() + (np.arange(width, dtype=np.float32) + 0.5) * step_x)[None, :]
    ys = (scene_rect.top() + (np.arange(height, dtype=np.float32) + 0.5) * step_y)[:, None]
    out = np.empty((height, width), dtype=np.uint32)
    for top in range(0, height, BAND_ROWS):
        band = slice(top, top + BAND_ROWS)
        fq, fr = geometry.layout.fractional_array(xs, ys[band])
        cols, rows = cells_of(*hex_round_arrays(fq, fr), board.orientation)
        inside = (cols >= 0) & (cols < board.width) & (rows >= 0) & (rows < board.height)
        out[band] = table[np.where(inside, rows * board.width + cols, off_map)]
    rgba: npt.NDArray[np.uint8] = out.view(np.uint8).reshape(height, width, 4)
    return rgba
