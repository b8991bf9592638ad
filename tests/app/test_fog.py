"""Fog of war for the GM: painted from the Terrain dock, lifted around the party, drawn
see-through (the GM still sees the map) — each edit one undo step."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.controllers.map import MapController
from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.document.player_document import PlayerDocument
from app.scene.style import FOG_OF_WAR_RGB, UNEXPLORED_RGB, cell_colors
from app.shell.main_window import MainWindow
from app.widgets.docks.terrain import REVEAL_RADIUS
from rules import Board, GroundKind, Hex
from rules.board.tokens import Token
from rules.hexes import disk


def fogged_board() -> Board:
    """20×14, all under fog; two party tokens (one hidden), an enemy far off."""
    board = Board.blank(20, 14)
    board = board.with_layer("fog", np.ones((14, 20), dtype=bool))
    tokens = [
        Token("aria", "Aria", board.hex_at(3, 3), side="party"),
        Token("brom", "Brom", board.hex_at(4, 10), side="party"),
        Token("spy", "Spy", board.hex_at(16, 3), side="party", hidden=True),
        Token("ogre", "Ogre", board.hex_at(16, 10), side="enemy"),
    ]
    for token in tokens:
        board = board.with_token(token)
    return board


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(Board.blank(16, 12)))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def stroke_through(window: MainWindow, hexes: list[Hex]) -> None:
    viewport = window.view.viewport()
    no = Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, no, at(window, hexes[0]))
    for h in hexes[1:]:
        QTest.mouseMove(viewport, at(window, h))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, no, at(window, hexes[-1]))


def choose_fog(window: MainWindow, tool: str, hide: bool, radius: int = 0) -> None:
    dock = window.terrain_dock
    dock.layer_box.setCurrentIndex(dock.layer_box.findData("fog"))
    dock.fog_box.setCurrentIndex(dock.fog_box.findData(int(hide)))
    dock.radius_box.setValue(radius)
    dock.choose_tool(tool)


def fog_at(board: Board, hexes: list[Hex]) -> list[bool]:
    fog = board.layer("fog")
    return [bool(fog[row, col]) for col, row in (board.cell_of(h) for h in hexes)]


# -- the dock ----------------------------------------------------------------------------------
def test_the_dock_offers_fog_of_war_as_a_layer_with_a_legend_entry(window: MainWindow) -> None:
    dock = window.terrain_dock
    assert dock.layer_box.findData("fog") >= 0
    dock.layer_box.setCurrentIndex(dock.layer_box.findData("fog"))
    assert not dock.fog_box.isHidden() and dock.mode_box.isHidden()
    assert dock.value_box.isHidden()
    assert window.terrain.paint_settings.layer == "fog" and window.terrain.paint_settings.value == 1
    assert "Fog of war" in dock.visibility["fog"].text()
    assert dock.visibility["fog"].isChecked()


def test_the_fog_brush_hides_as_one_undo_step_and_reveal_lifts_it(window: MainWindow) -> None:
    before = window.document.board
    choose_fog(window, "brush", hide=True, radius=1)
    path = [Hex(4, 4), Hex(5, 4), Hex(6, 4)]
    stroke_through(window, path)
    board = window.document.board
    hidden = {h for h in board.hexes() if fog_at(board, [h])[0]}
    assert hidden == set().union(*(disk(h, 1) for h in path))
    stack = window.document.undo_stack
    assert stack.count() == 1 and "fog" in stack.text(0)
    choose_fog(window, "brush", hide=False)
    stroke_through(window, [Hex(5, 4)])
    assert fog_at(window.document.board, [Hex(5, 4), Hex(4, 4)]) == [False, True]
    assert stack.count() == 2
    stack.undo()
    stack.undo()
    assert window.document.board == before


def test_fill_and_pick_work_on_fog(window: MainWindow) -> None:
    choose_fog(window, "fill", hide=True)
    stroke_through(window, [Hex(3, 3)])
    assert bool(window.document.board.layer("fog").all())
    assert window.document.undo_stack.count() == 1
    window.terrain_dock.fog_box.setCurrentIndex(window.terrain_dock.fog_box.findData(0))
    window.terrain_dock.choose_tool("pick")
    stroke_through(window, [Hex(3, 3)])
    assert window.terrain.paint_settings.value == 1
    assert window.terrain_dock.fog_box.currentData() == 1


def test_painting_fog_where_it_already_is_adds_no_undo_step(window: MainWindow) -> None:
    choose_fog(window, "brush", hide=False)
    stroke_through(window, [Hex(3, 3)])
    assert window.document.undo_stack.count() == 0


# -- Reveal Around the Party -----------------------------------------------------------------------
@pytest.fixture
def fogged(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(fogged_board()))  # it attaches its Player Window


def test_reveal_around_the_party_lifts_fog_near_party_tokens_only(fogged: MainWindow) -> None:
    dock = fogged.terrain_dock
    assert dock.reveal_radius_box.value() == REVEAL_RADIUS == 6
    dock.reveal_radius_box.setValue(2)
    before = fogged.document.board
    dock.reveal_button.click()
    board = fogged.document.board
    party = [before.token("aria").position, before.token("brom").position]
    near = {h for p in party for h in disk(p, 2) if board.contains(h)}
    revealed = {h for h in board.hexes() if not fog_at(board, [h])[0]}
    assert revealed == near
    assert fog_at(board, [before.token("ogre").position, before.token("spy").position]) == [
        True,
        True,
    ]
    stack = fogged.document.undo_stack
    assert stack.count() == 1 and "party" in stack.text(0)
    assert "party" in fogged.statusBar().currentMessage()
    stack.undo()
    assert fogged.document.board == before


def test_reveal_with_nothing_to_lift_says_so(qapp) -> None:  # type: ignore[no-untyped-def]
    document = MapDocument(fogged_board().with_layer("fog", np.zeros((14, 20), dtype=bool)))
    assert "No fog" in MapController(CurrentDocument(document)).reveal_around_party(6)
    empty = MapDocument(Board.blank(5, 5).with_layer("fog", np.ones((5, 5), dtype=bool)))
    assert "No party token" in MapController(CurrentDocument(empty)).reveal_around_party(6)
    assert document.undo_stack.count() == empty.undo_stack.count() == 0


def test_the_players_see_the_party_once_the_fog_lifts(fogged: MainWindow) -> None:
    players = PlayerDocument(fogged.session.current)
    assert players.board.tokens == {}  # everything under fog
    fogged.terrain_dock.reveal_button.click()
    assert set(players.board.tokens) == {"aria", "brom"}  # the ogre is still under fog


# -- how the GM sees fog ------------------------------------------------------------------------
def test_the_gm_sees_fog_greyed_and_hatched_not_hidden(window: MainWindow) -> None:
    document = window.document
    sand = Hex(5, 5)
    board = document.board.with_terrain("ground", disk(sand, 2), GroundKind.SAND)
    document.undo_stack.push(BoardEditCommand(document, board, "Sand"))
    col, row = document.board.cell_of(sand)
    clear = cell_colors(document.board)[row, col].astype(int)
    fog = document.board.with_terrain("fog", [sand], True)
    document.undo_stack.push(BoardEditCommand(document, fog, "Fog"))
    greyed = cell_colors(document.board)[row, col].astype(int)
    assert tuple(greyed) != tuple(clear) and tuple(greyed) != UNEXPLORED_RGB
    grey = np.array(FOG_OF_WAR_RGB)
    assert np.abs(greyed - grey).sum() < np.abs(clear - grey).sum()  # toward grey
    grid = window.scene.grid_item
    assert grid.colors()[row, col].tolist() == greyed.tolist()
    assert any(name == "fog" for name, _ in grid._pattern_masks(np.s_[:, :]))  # hatched
    window.terrain_dock.visibility["fog"].setChecked(False)  # the GM can hide the fog
    assert "fog" in grid.hidden_layers
    assert grid.colors()[row, col].tolist() == clear.tolist()


def test_cell_colours_for_the_players_are_opaque_fog() -> None:
    board = Board.blank(6, 4).with_terrain("ground", [Hex(1, 1)], GroundKind.WATER)
    board = board.with_terrain("blocked", [Hex(1, 1)], True).with_terrain("fog", [Hex(1, 1)], True)
    col, row = board.cell_of(Hex(1, 1))
    assert tuple(cell_colors(board, opaque_fog=True)[row, col]) == UNEXPLORED_RGB
    assert tuple(cell_colors(board, frozenset({"fog"}), opaque_fog=True)[row, col]) == (
        UNEXPLORED_RGB
    )
    assert tuple(cell_colors(board)[row, col]) != UNEXPLORED_RGB
