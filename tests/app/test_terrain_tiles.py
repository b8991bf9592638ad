"""The far-zoom picture as tiles made as they come into view (issue #20): a paint makes
only the tiles it shows, at the level of detail nearest its zoom, keeps them for the next
frame, keeps no more than KEPT_TILES, and a frame drawn from tiles shows each cell's
colour across the tiles' edges."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from app.controllers.map import MapController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene import terrain_image
from app.scene.style import cell_colors
from app.tools.select_move import editing_scene
from rules import Board, Orientation
from tests.app.test_grid_item import varied_board


def scene_of(width: int, height: int):  # type: ignore[no-untyped-def]
    board = varied_board(width, height, Orientation.POINTY)
    document = MapDocument(board)
    return board, editing_scene(document, MapController(CurrentDocument(document)))


def draw(scene, source: QRectF, size: tuple[int, int]) -> QImage:  # type: ignore[no-untyped-def]
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, *size), source)
    painter.end()
    return image


def test_a_far_frame_makes_only_the_tiles_it_shows_and_keeps_them(qapp: object) -> None:
    board, scene = scene_of(600, 400)
    grid = scene.grid_item
    whole = scene.geometry.board_rect(board)
    corner = QRectF(whole.left(), whole.top(), whole.width() / 8, whole.height() / 8)
    draw(scene, corner, (400, 300))  # an eighth of the map, each hex 5 px: tiles
    tiles = grid.tiles()
    made = tiles.made
    assert 0 < made <= 9
    draw(scene, corner, (400, 300))
    assert tiles.made == made  # the same frame again: nothing made
    draw(scene, whole, (400, 300))  # the whole map, far out: a coarser level
    assert tiles.made - made <= 4


def test_no_more_tiles_are_kept_than_the_limit(
    qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(terrain_image, "KEPT_TILES", 3)
    _board, scene = scene_of(300, 300)
    tiles = scene.grid_item.tiles()
    for i in range(6):
        tiles.tile(0, i % 3, i // 3)
    assert tiles.kept == 3 and tiles.made == 6
    tiles.tile(0, 0, 1)  # still kept: the newest three are (0, 1), (1, 1), (2, 1)
    assert tiles.made == 6


def test_a_frame_of_tiles_shows_each_cells_colour(qapp: object) -> None:
    board, scene = scene_of(240, 160)
    colors = cell_colors(board).astype(int)
    geometry = scene.geometry
    whole = geometry.board_rect(board)
    per_unit = 5.0 / geometry.layout.width  # hexes 5 px wide: tiles, each hex a few pixels
    image = draw(scene, whole, (round(whole.width() * per_unit), round(whole.height() * per_unit)))
    for col in range(0, board.width, 7):
        for row in range(0, board.height, 5):
            center = geometry.center(board.hex_at(col, row)) - whole.topLeft()
            pixel = image.pixelColor(int(center.x() * per_unit), int(center.y() * per_unit))
            assert (pixel.red(), pixel.green(), pixel.blue()) == tuple(colors[row, col])


@pytest.mark.parametrize("hex_px", [3.0, 1.0, 0.3])
def test_tiles_meet_without_a_seam(qapp: object, hex_px: float) -> None:
    """One ground everywhere: every pixel inside the map is its colour, at the tiles'
    edges too (a gap would show the black behind, a blend another colour)."""
    board = Board.blank(400, 300)
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    geometry = scene.geometry
    whole = geometry.board_rect(board)
    per_unit = hex_px / geometry.layout.width
    width, height = round(whole.width() * per_unit), round(whole.height() * per_unit)
    image = draw(scene, whole, (width, height))
    want = QColor(*(int(v) for v in cell_colors(board)[0, 0]))
    inner = [(x, y) for x in range(4, width - 4, 3) for y in range(4, height - 4, 3)]
    assert all(image.pixelColor(x, y) == want for x, y in inner)
