"""The main window on the demo map, driven the way a person would: mouse, keys, menus."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from app.shell.main_window import MainWindow
from app.tools.select_move import editing_scene
from rules import DIRECTIONS, Hex, mapfile
from rules.board import hex_name


def view_point(window: MainWindow, h: Hex) -> QPoint:
    """Where hex ``h``'s centre is on the view's viewport."""
    return window.view.mapFromScene(window.scene.geometry.center(h))


def click(window: MainWindow, h: Hex) -> None:
    """A left click on hex ``h``."""
    viewport, point = window.view.viewport(), view_point(window, h)
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def drag(window: MainWindow, start: Hex, end: Hex, steps: int = 6) -> None:
    """Press on ``start``, move in a few steps, release on ``end``."""
    viewport = window.view.viewport()
    a, b = view_point(window, start), view_point(window, end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        QTest.mouseMove(viewport, p)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_demo_map_opens_with_its_tokens(window: MainWindow) -> None:
    board = window.document.board
    assert board.width == 40 and board.height == 30
    assert set(window.scene.token_items()) == set(board.tokens)
    assert "demo.hexmap" in window.windowTitle()
    assert not window.isWindowModified()


def test_dragging_a_token_three_hexes_moves_it_in_one_undo_step(window: MainWindow) -> None:
    start = window.document.board.token("aria").position
    end = start + DIRECTIONS[0] * 3
    drag(window, start, end)
    assert window.document.board.token("aria").position == end
    stack = window.document.undo_stack
    assert stack.count() == 1
    assert stack.text(0) == "Move Aria Vell"
    assert window.isWindowModified()
    item = window.scene.token_item("aria")
    assert item is not None
    assert window.scene.geometry.hex_at(item.pos()) == end
    stack.undo()
    assert window.document.board.token("aria").position == start
    assert window.scene.geometry.hex_at(item.pos()) == start
    assert not window.isWindowModified()


def test_dragging_into_a_wall_is_refused_and_the_token_goes_back(window: MainWindow) -> None:
    board = window.document.board
    wall = next(h for h in board.hexes() if board.terrain_at(h).blocked)
    start = board.token("brom").position
    drag(window, start, wall)
    assert window.document.board.token("brom").position == start
    assert window.document.undo_stack.count() == 0
    assert "wall" in window.statusBar().currentMessage()
    item = window.scene.token_item("brom")
    assert item is not None and window.scene.geometry.hex_at(item.pos()) == start


def test_escape_cancels_a_drag(window: MainWindow) -> None:
    start = window.document.board.token("aria").position
    viewport = window.view.viewport()
    QTest.mousePress(
        viewport,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view_point(window, start),
    )
    QTest.mouseMove(viewport, view_point(window, start + DIRECTIONS[5] * 2))
    QTest.keyClick(viewport, Qt.Key.Key_Escape)
    QTest.mouseRelease(
        viewport,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view_point(window, start + DIRECTIONS[5] * 2),
    )
    assert window.document.board.token("aria").position == start
    assert window.document.undo_stack.count() == 0


def test_wheel_zooms_about_the_cursor_and_fit_shows_the_whole_map(window: MainWindow) -> None:
    view = window.view
    fitted = view.zoom
    cursor = QPoint(300, 200)
    before = view.mapToScene(cursor)
    wheel = QWheelEvent(
        QPointF(cursor),
        view.viewport().mapToGlobal(QPointF(cursor)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.zoom == pytest.approx(fitted * 1.25**2)
    after = view.mapToScene(cursor)
    assert (after - before).manhattanLength() < 3 / view.zoom  # within a few screen pixels
    window.zoom_out()
    assert view.zoom == pytest.approx(fitted * 1.25)
    window.fit_to_window()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    board_rect = window.scene.geometry.board_rect(window.document.board)
    assert visible.adjusted(-1, -1, 1, 1).contains(board_rect)


def test_status_bar_names_the_hovered_hex_and_its_terrain(window: MainWindow) -> None:
    h = window.document.board.token("aria").position + DIRECTIONS[3]
    QTest.mouseMove(window.view.viewport(), view_point(window, h))
    assert window.hex_label.text().startswith(
        f"{hex_name(window.document.board, h)} ({h.q}, {h.r})"
    )
    assert "elevation" in window.hex_label.text()


def test_select_and_delete_a_token_is_one_undo_step(window: MainWindow) -> None:
    rat = window.document.board.token("rat").position
    click(window, rat)
    assert window.scene.selection == ["rat"]
    window.actions_by_id["edit.delete"].trigger()
    assert "rat" not in window.document.board.tokens
    assert window.scene.token_item("rat") is None
    window.document.undo_stack.undo()
    assert "rat" in window.document.board.tokens
    assert window.scene.token_item("rat") is not None


def test_save_marks_clean_and_reopen_gives_the_same_map(window: MainWindow, tmp_path: Path) -> None:
    start = window.document.board.token("aria").position
    drag(window, start, start + DIRECTIONS[0])
    path = tmp_path / "saved.hexmap"
    assert window.files.save_to(path)
    assert not window.isWindowModified()
    assert "saved.hexmap" in window.windowTitle()
    assert mapfile.load(path) == window.document.board
    assert window.session.recent_files()[0] == path.resolve()
    assert window.files.open_path(path)
    assert window.document.board.token("aria").position == start + DIRECTIONS[0]


def test_a_broken_file_is_refused_with_a_message_and_the_map_kept(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "broken.hexmap"
    bad.write_bytes(b"this is not a zip")
    messages: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: messages.append(text))
    before = window.document
    assert not window.files.open_path(bad)
    assert window.document is before
    assert messages and "broken.hexmap" in messages[0] and "zip" in messages[0]


def test_closing_with_changes_asks_and_cancel_keeps_the_window(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = window.document.board.token("aria").position
    drag(window, start, start + DIRECTIONS[0])
    asked: list[str] = []

    def answer(*args: object, **kwargs: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", answer)
    assert not window.close()
    assert window.isVisible() and asked
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_dropping_a_map_file_opens_it(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "dropped.hexmap"
    mapfile.save(window.document.board.with_name("Dropped map"), path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert window.document.path == path
    assert window.document.board.name == "Dropped map"


def test_new_map_replaces_the_document(window: MainWindow) -> None:
    from rules import Orientation

    window.session.new_map(12, 9, Orientation.FLAT, "Skirmish")
    assert window.document.board.width == 12
    assert window.document.board.orientation is Orientation.FLAT
    assert window.scene.token_items() == {}
    assert "Skirmish" in window.windowTitle()


def test_export_from_the_window_writes_a_png(window: MainWindow, tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    assert window.files.export_to(out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_middle_drag_and_space_drag_pan_the_view(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    window.zoom_in()
    window.zoom_in()
    viewport = view.viewport()
    start = view.mapToScene(viewport.rect().center())
    a, b = QPoint(400, 300), QPoint(300, 250)
    QTest.mousePress(viewport, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(viewport, b)
    QTest.mouseRelease(viewport, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, b)
    moved = view.mapToScene(viewport.rect().center())
    assert (moved - start).x() == pytest.approx(100 / view.zoom, abs=2 / view.zoom)
    assert (moved - start).y() == pytest.approx(50 / view.zoom, abs=2 / view.zoom)
    QTest.keyPress(view, Qt.Key.Key_Space)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    QTest.mouseMove(viewport, a)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.keyRelease(view, Qt.Key.Key_Space)
    back = view.mapToScene(viewport.rect().center())
    assert (back - start).manhattanLength() < 3 / view.zoom
    assert window.document.undo_stack.count() == 0  # panning never edits the map


def test_window_size_and_recent_files_survive_a_restart(
    window: MainWindow,
    settings,
    tmp_path: Path,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    path = tmp_path / "kept.hexmap"
    assert window.files.save_to(path)
    window.resize(700, 560)  # the offscreen screen is 800×600: stay inside it
    size = (window.size().width(), window.size().height())  # as the docks allow
    assert window.close()
    again = MainWindow(window.document, settings)
    qtbot.addWidget(again)
    assert (again.size().width(), again.size().height()) == size
    recent = [a.text() for a in again.files.recent_menu.actions()]
    assert any("kept.hexmap" in text for text in recent)


def test_a_token_picture_stored_in_the_map_is_drawn(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QColor
    from qt_helpers import png_bytes

    from app.controllers.map import MapController
    from app.document import MapDocument
    from app.document.current import CurrentDocument
    from rules import Board, Token

    board = Board.blank(5, 5).with_image("face.png", png_bytes("#ff00ff", 16))
    board = board.with_token(Token("f", "Face", Hex(1, 1), image="face.png"))
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    item = scene.token_item("f")
    assert item is not None and item._image is not None and not item._image.isNull()
    assert item._image.pixelColor(8, 8) == QColor("#ff00ff")


def test_a_small_token_sharing_a_big_ones_hex_is_the_one_grabbed(qtbot) -> None:  # type: ignore[no-untyped-def]
    from app.controllers.map import MapController
    from app.document import MapDocument
    from app.document.current import CurrentDocument
    from rules import Board, Token

    board = Board.blank(8, 8).with_token(Token("giant", "Giant", Hex(3, 3), size=4))
    board = board.with_token(Token("rat", "Rat", Hex(4, 4), size=-3))
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    item = scene.token_item_at(scene.geometry.center(Hex(4, 4)))
    assert item is not None and item.token_id == "rat"
    item = scene.token_item_at(scene.geometry.center(Hex(3, 3)))
    assert item is not None and item.token_id == "giant"


def test_opening_another_map_clears_the_selection(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "other.hexmap"
    mapfile.save(window.document.board, path)  # same token ids
    rat = window.document.board.token("rat").position
    click(window, rat)
    assert window.scene.selection == ["rat"]
    assert window.files.open_path(path)
    assert window.scene.selection == []
    assert window.available.selection() == "Select a token on the map first"
