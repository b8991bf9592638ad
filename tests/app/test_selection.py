"""Selecting several tokens (rubber band, Ctrl+click) and moving, deleting, copying and
pasting them — within a map and between maps — as one undo step each."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from qt_helpers import png_bytes

from app.document import MapDocument
from app.document.clipboard import MIME_TYPE, tokens_from_mime
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token

NO = Qt.KeyboardModifier.NoModifier
LEFT = Qt.MouseButton.LeftButton


def make_board() -> Board:
    board = Board.blank(14, 10).with_image("rat.png", png_bytes("#cc6600"))
    board = board.with_token(Token("a", "Aria", Hex(2, 2)))
    board = board.with_token(Token("b", "Brom", Hex(3, 2)))
    board = board.with_token(Token("r", "Rat", Hex(2, 4), size=-3, image="rat.png"))
    board = board.with_token(Token("far", "Far Away", Hex(7, 6)))
    return board.with_terrain("blocked", [Hex(9, 2)], True)


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def drag(window: MainWindow, a: QPoint, b: QPoint, modifiers: Qt.KeyboardModifier = NO) -> None:
    viewport = window.view.viewport()
    QTest.mousePress(viewport, LEFT, modifiers, a)
    QTest.mouseMove(viewport, a + (b - a) / 2)
    QTest.mouseMove(viewport, b)
    QTest.mouseRelease(viewport, LEFT, modifiers, b)


def test_rubber_band_selects_the_tokens_inside(window: MainWindow) -> None:
    corner_a = at(window, Hex(1, 1)) - QPoint(20, 20)
    corner_b = at(window, Hex(3, 4)) + QPoint(20, 20)
    drag(window, corner_a, corner_b)
    assert sorted(window.scene.selection) == ["a", "b", "r"]
    assert window.document.undo_stack.count() == 0


def test_ctrl_click_adds_and_removes(window: MainWindow) -> None:
    viewport = window.view.viewport()
    QTest.mouseClick(viewport, LEFT, NO, at(window, Hex(2, 2)))
    QTest.mouseClick(viewport, LEFT, Qt.KeyboardModifier.ControlModifier, at(window, Hex(7, 6)))
    assert window.scene.selection == ["a", "far"]
    QTest.mouseClick(viewport, LEFT, Qt.KeyboardModifier.ControlModifier, at(window, Hex(2, 2)))
    assert window.scene.selection == ["far"]


def test_dragging_a_selected_token_moves_the_whole_selection_in_one_step(
    window: MainWindow,
) -> None:
    window.scene.set_selection(["a", "b", "r"])
    drag(window, at(window, Hex(2, 2)), at(window, Hex(4, 3)))
    board = window.document.board
    assert [board.token(i).position for i in ("a", "b", "r")] == [Hex(4, 3), Hex(5, 3), Hex(4, 5)]
    assert board.token("far").position == Hex(7, 6)
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.text(0) == "Move 3 tokens"
    stack.undo()
    assert window.document.board == make_board()


def test_a_group_move_into_a_wall_is_refused_whole(window: MainWindow) -> None:
    window.scene.set_selection(["a", "b"])
    drag(window, at(window, Hex(2, 2)), at(window, Hex(8, 2)))  # Brom would hit (9, 2)
    assert window.document.board == make_board()
    assert "wall" in window.statusBar().currentMessage()


def test_delete_several_is_one_step(window: MainWindow) -> None:
    window.scene.set_selection(["a", "r"])
    window.actions_by_id["edit.delete"].trigger()
    assert set(window.document.board.tokens) == {"b", "far"}
    assert window.document.undo_stack.count() == 1


def test_copy_and_paste_within_the_map_is_one_step_with_fresh_ids(window: MainWindow) -> None:
    window.scene.set_selection(["a", "r"])
    window.actions_by_id["edit.copy"].trigger()
    QTest.mouseMove(window.view.viewport(), at(window, Hex(8, 5)))
    window.actions_by_id["edit.paste"].trigger()
    board = window.document.board
    new = [t for t in board.tokens.values() if t.id not in make_board().tokens]
    # copies are numbered, and so are the originals they now share a name with
    assert [(t.name, t.position) for t in new] == [("Aria 2", Hex(8, 5)), ("Rat 2", Hex(8, 7))]
    assert board.token("a").name == "Aria 1"
    assert new[1].image == "rat.png"
    assert window.scene.selection == [t.id for t in new]
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.board == make_board()


def test_cut_then_paste_into_another_map_brings_pictures_along(
    window: MainWindow, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    window.scene.set_selection(["r"])
    window.actions_by_id["edit.cut"].trigger()
    assert "r" not in window.document.board.tokens
    window.session.new_map(10, 8, window.document.board.orientation, "Other")
    QTest.mouseMove(window.view.viewport(), at(window, Hex(3, 3)))
    window.actions_by_id["edit.paste"].trigger()
    board = window.document.board
    assert board.token("r").position == Hex(3, 3)
    assert board.images["rat.png"] == make_board().images["rat.png"]


def test_paste_that_does_not_fit_is_refused(window: MainWindow) -> None:
    window.scene.set_selection(["a"])
    window.actions_by_id["edit.copy"].trigger()
    QTest.mouseMove(window.view.viewport(), at(window, Hex(9, 2)))  # a wall
    window.actions_by_id["edit.paste"].trigger()
    assert window.document.board == make_board()
    assert "Cannot paste there" in window.statusBar().currentMessage()


def test_a_damaged_clipboard_is_refused_with_a_message(window: MainWindow) -> None:
    mime = QMimeData()
    mime.setData(MIME_TYPE, b"PK\x03\x04 not really")
    QApplication.clipboard().setMimeData(mime)
    window.actions_by_id["edit.paste"].trigger()
    assert "clipboard is damaged" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 0
    assert tokens_from_mime(QMimeData()) is None
