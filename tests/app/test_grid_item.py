"""HexGridItem's level of detail: hexes up close, one cached picture far out."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from app.controllers.map import MapController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.map_scene import MapScene
from app.scene.style import cell_colors
from app.scene.terrain_image import TILE
from app.tools.select_move import editing_scene
from rules import Board, GroundKind, Hex, Orientation


def varied_board(width: int, height: int, orientation: Orientation) -> Board:
    rng = np.random.default_rng(3)
    ground = rng.integers(0, len(GroundKind), size=(height, width)).astype(np.uint8)
    return Board.blank(width, height, orientation).with_layer("ground", ground)


def render(scene: MapScene, source: QRectF, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, size, size), source)
    painter.end()
    return image


@pytest.mark.parametrize("orientation", list(Orientation))
def test_far_picture_matches_each_cell_colour(qapp: object, orientation: Orientation) -> None:
    board = varied_board(30, 20, orientation)
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    tiles = scene.grid_item.tiles()
    colors = cell_colors(board)
    geometry = scene.geometry
    origin = geometry.board_rect(board).topLeft()
    for level in range(tiles.coarsest + 1):
        scale = tiles.scale(level)
        for col, row in [(0, 0), (5, 3), (29, 19), (17, 11)]:
            center = geometry.center(board.hex_at(col, row)) - origin
            x, y = center.x() * scale, center.y() * scale
            tile = tiles.tile(level, int(x // TILE), int(y // TILE))
            pixel = tile.pixelColor(int(x % TILE), int(y % TILE))
            assert (pixel.red(), pixel.green(), pixel.blue()) == tuple(colors[row, col])


def test_far_zoom_draws_the_cached_picture_and_close_zoom_draws_hexes(qapp: object) -> None:
    board = varied_board(200, 200, Orientation.POINTY)
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    grid = scene.grid_item
    whole = scene.geometry.board_rect(board)
    render(scene, whole, 400)  # 200 hexes across 400 px: far zoom
    assert grid._tiles is not None and 0 < grid._tiles.made <= 9  # a view's worth of tiles
    grid._tiles = None
    center = scene.geometry.center(board.hex_at(100, 100))
    close = render(scene, QRectF(center.x() - 100, center.y() - 100, 200, 200), 400)
    assert grid._tiles is None  # close up never builds the picture
    r, g, b = cell_colors(board)[100, 100]
    assert close.pixelColor(200, 200) == QColor(int(r), int(g), int(b))


def test_terrain_edit_rebuilds_the_picture(qapp: object) -> None:
    board = varied_board(10, 10, Orientation.POINTY)
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    first = scene.grid_item.tiles()
    document.replace_board(board.with_terrain("blocked", [Hex(1, 1)], True))
    assert scene.grid_item.tiles() is not first
    document.replace_board(document.board.with_name("renamed"))
    second = scene.grid_item.tiles()
    assert scene.grid_item.tiles() is second
