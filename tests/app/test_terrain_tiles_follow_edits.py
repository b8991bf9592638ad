"""The far-zoom terrain tiles on the GM's map and the Player Window: what the
view shows far out follows every way the terrain changes (a paint and its undo and redo,
a layer hidden, the fog, a map made larger, another map opened of the same size)."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.scene.map_scene import MapScene
from app.widgets.map_view import MapView
from app.widgets.player_window import PlayerWindow
from rules import Board, GroundKind

WIDTH, HEIGHT = 160, 120  # far out at fit zoom: the view draws tiles, not hexes
PROBES = [(col, row) for col in range(5, WIDTH - 5, 23) for row in range(5, HEIGHT - 5, 17)]


def far_view_shows_the_terrain(view: MapView, scene: MapScene) -> list[tuple[int, int]]:
    """The probe cells whose centre pixel is not the cell's colour as drawn now."""
    grid = scene.grid_item
    view.viewport().grab()
    QApplication.processEvents()
    image: QImage = view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    colors = grid.colors()
    wrong = []
    for col, row in PROBES:
        board = scene.board
        if col >= board.width or row >= board.height:
            continue
        point = view.mapFromScene(scene.geometry.center(board.hex_at(col, row)))
        pixel = image.pixelColor(int(point.x() * ratio), int(point.y() * ratio))
        want = QColor(*(int(v) for v in colors[row, col]))
        if (
            max(
                abs(pixel.red() - want.red()),
                abs(pixel.green() - want.green()),
                abs(pixel.blue() - want.blue()),
            )
            > 6
        ):
            wrong.append((col, row))
    return wrong


def ground(board: Board, kind: GroundKind) -> Board:
    return board.with_layer("ground", np.full((board.height, board.width), int(kind), np.uint8))


def test_the_far_picture_follows_every_terrain_change(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(Board.blank(WIDTH, HEIGHT)))
    view, scene, doc = window.view, window.scene, window.document
    assert view.zoom * scene.geometry.layout.width < 7.0  # far out: tiles
    assert far_view_shows_the_terrain(view, scene) == []
    doc.undo_stack.push(BoardEditCommand(doc, ground(doc.board, GroundKind(3)), "Paint"))
    assert far_view_shows_the_terrain(view, scene) == []
    doc.undo_stack.undo()
    assert far_view_shows_the_terrain(view, scene) == []
    doc.undo_stack.redo()
    assert far_view_shows_the_terrain(view, scene) == []
    fog = np.zeros((HEIGHT, WIDTH), np.bool_)
    fog[:, : WIDTH // 2] = True
    doc.undo_stack.push(BoardEditCommand(doc, doc.board.with_layer("fog", fog), "Fog"))
    assert far_view_shows_the_terrain(view, scene) == []
    scene.grid_item.set_hidden_layers(frozenset({"fog"}))
    assert far_view_shows_the_terrain(view, scene) == []
    scene.grid_item.set_hidden_layers(frozenset())
    doc.undo_stack.push(BoardEditCommand(doc, doc.board.resized(WIDTH + 40, HEIGHT), "Resize"))
    assert far_view_shows_the_terrain(view, scene) == []
    another = ground(Board.blank(WIDTH + 40, HEIGHT), GroundKind(2))  # the same size
    window.session.current.replace(MapDocument(another))
    assert far_view_shows_the_terrain(view, scene) == []


def test_the_players_far_picture_follows_the_fog(qtbot) -> None:  # type: ignore[no-untyped-def]
    fog = np.ones((HEIGHT, WIDTH), np.bool_)
    document = MapDocument(ground(Board.blank(WIDTH, HEIGHT), GroundKind(3)).with_layer("fog", fog))
    player = PlayerWindow(CurrentDocument(document))
    qtbot.addWidget(player)
    player.resize(900, 700)
    player.show()
    qtbot.waitExposed(player)
    player.fit_to_window()
    view, scene = player.view, player.scene
    assert view.zoom * scene.geometry.layout.width < 7.0
    assert far_view_shows_the_terrain(view, scene) == []
    revealed = fog.copy()
    revealed[:, : WIDTH // 2] = False
    document.undo_stack.push(
        BoardEditCommand(document, document.board.with_layer("fog", revealed), "Reveal")
    )
    assert scene.board.layer("fog")[0, 0] == 0
    assert far_view_shows_the_terrain(view, scene) == []
    document.undo_stack.undo()
    assert far_view_shows_the_terrain(view, scene) == []
