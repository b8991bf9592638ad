"""Map properties: rename, resize keeping what fits, switch orientation — one undo step."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.widgets.dialogs.new_map import NewMapDialog
from rules import Board, Hex, Orientation, Token


def make_window(qtbot: QtBot, settings: QSettings) -> MainWindow:
    board = Board.blank(12, 10, name="Keep").with_token(Token("a", "Aria", Hex(1, 1)))
    board = board.with_token(Token("z", "Zed", Hex(6, 8))).with_terrain("elevation", [Hex(1, 1)], 2)
    window = MainWindow(MapDocument(board), settings)
    qtbot.addWidget(window)
    return window


def test_the_dialog_starts_from_the_map(qtbot: QtBot, settings: QSettings) -> None:
    window = make_window(qtbot, settings)
    dialog = NewMapDialog.for_board(window.document.board, window)
    assert dialog.values() == (12, 10, Orientation.POINTY, "Keep")


def test_shrinking_keeps_what_fits_in_one_undo_step(qtbot: QtBot, settings: QSettings) -> None:
    window = make_window(qtbot, settings)
    before = window.document.board
    assert window.controller.change_map_properties(6, 5, Orientation.POINTY, "Smaller")
    after = window.document.board
    assert (after.width, after.height, after.name) == (6, 5, "Smaller")
    assert set(after.tokens) == {"a"}
    assert after.terrain_at(Hex(1, 1)).elevation == 2
    assert "no longer fit" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.board == before
    assert len(window.scene.token_items()) == 2


def test_switching_orientation_redraws_the_grid(qtbot: QtBot, settings: QSettings) -> None:
    window = make_window(qtbot, settings)
    assert window.controller.change_map_properties(12, 10, Orientation.FLAT, "Keep")
    assert window.document.board.orientation is Orientation.FLAT
    assert window.scene.geometry.layout.orientation is Orientation.FLAT
    assert not window.controller.change_map_properties(12, 10, Orientation.FLAT, "Keep")
    assert window.document.undo_stack.count() == 1
