"""Closed doors (a Universal VTT import's, issue #18): Edit → Open Door (O) over the map,
the Labels and Notes dock's Open Door, or a right-click on the door clears its walls and
removes its label, one undo step each; undo closes it again; a refusal says why."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.document import MapDocument
from app.shell.features.edit import NO_DOOR
from app.shell.main_window import MainWindow
from rules import Board, Hex
from rules.board import Label

WALL = (Hex(3, 0), Hex(3, 1), Hex(2, 2), Hex(2, 3), Hex(1, 4))
DOOR = (Hex(3, 1), Hex(2, 2))


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    board = Board.blank(8, 6, name="Cellar").with_terrain("blocked", WALL, True)
    board = board.with_label(Label("door-1", "Door", Hex(3, 1), door=DOOR))
    board = board.with_label(Label("label-1", "Cellar", Hex(6, 1)))
    return make_window(MapDocument(board))


def hover(window: MainWindow, h: Hex) -> None:
    """Move the mouse over ``h`` (from the corner first: the pointer outlives a test)."""
    QTest.mouseMove(window.view.viewport(), QPoint(1, 1))
    QTest.mouseMove(
        window.view.viewport(), window.view.mapFromScene(window.scene.geometry.center(h))
    )


def walls(window: MainWindow, hexes: tuple[Hex, ...]) -> list[bool]:
    return [window.document.board.terrain_at(h).blocked for h in hexes]


def test_o_over_a_door_opens_it_in_one_undo_step(window: MainWindow) -> None:
    hover(window, Hex(2, 2))
    assert window.edit.open_door()
    assert walls(window, DOOR) == [False, False] and walls(window, (Hex(3, 0),)) == [True]
    assert "door-1" not in window.document.board.labels
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Open Door"
    stack.undo()
    assert walls(window, DOOR) == [True, True] and "door-1" in window.document.board.labels
    stack.redo()
    assert walls(window, DOOR) == [False, False]


def test_o_elsewhere_refuses_and_the_menu_greys_it_with_the_reason(window: MainWindow) -> None:
    hover(window, Hex(6, 4))
    assert not window.edit.open_door()
    assert NO_DOOR in window.statusBar().currentMessage()
    assert window.available.door() == NO_DOOR
    hover(window, Hex(3, 1))
    assert window.available.door() is None
    assert window.document.undo_stack.count() == 0


def test_the_key_o_runs_open_door(window: MainWindow) -> None:
    hover(window, Hex(3, 1))
    action = window.actions_by_id["edit.open_door"]
    assert action is not None and action.shortcut().toString() == "O"
    action.trigger()
    assert walls(window, DOOR) == [False, False]


def test_the_dock_lists_doors_and_opens_the_selected_one(window: MainWindow) -> None:
    dock = window.notes_dock
    rows = [dock.list.item(i).text() for i in range(dock.list.count())]
    assert rows == ["Door: Door (2 wall hexes)", "Label: Cellar"]
    dock.list.setCurrentRow(1)
    assert not dock.open_door_button.isEnabled()
    dock.list.setCurrentRow(0)
    assert dock.open_door_button.isEnabled()
    dock.open_door_button.click()
    assert walls(window, DOOR) == [False, False]
    assert [dock.list.item(i).text() for i in range(dock.list.count())] == ["Label: Cellar"]


def test_editing_a_door_label_keeps_it_a_door(window: MainWindow) -> None:
    assert window.controller.edit_annotation("door-1", "Iron door", True)
    door = window.document.board.labels["door-1"]
    assert door.door == DOOR and door.gm_only and door.text == "Iron door"


def test_a_right_click_on_a_door_offers_to_open_it(window: MainWindow) -> None:
    seen: list[str] = []
    window.scene.door_context_requested.disconnect()  # no real menu: it would wait for a click
    window.scene.door_context_requested.connect(lambda door, _where: seen.append(door))
    for h in (Hex(2, 2), Hex(6, 4)):  # a door's wall hex, then open ground
        point = window.view.mapFromScene(window.scene.geometry.center(h))
        global_point = window.view.viewport().mapToGlobal(point)
        event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, global_point)
        QApplication.sendEvent(window.view.viewport(), event)
    assert seen == ["door-1"]
    menu = window.edit.door_menu("door-1")
    [entry] = menu.actions()
    assert entry.text() == "Open Door"
    entry.trigger()
    assert walls(window, DOOR) == [False, False]
    assert window.document.undo_stack.undoText() == "Open Door"


def test_a_one_hex_door_reads_one_wall_hex(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(4, 4).with_terrain("blocked", (Hex(1, 1),), True)
    board = board.with_label(Label("door-1", "Gate", Hex(1, 1), door=(Hex(1, 1),)))
    dock = make_window(MapDocument(board)).notes_dock
    assert dock.list.item(0).text() == "Door: Gate (1 wall hex)"
