"""The token library in the main window: drop a template on the map, duplicate, properties."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.widgets.map_drop import template_mime
from rules import Board, Hex, Token


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    board = Board.blank(14, 10).with_token(Token("a", "Aria", Hex(2, 2)))
    return make_window(MapDocument(board))


def drop_template(window: MainWindow, template_id: str, h: Hex) -> None:
    from PySide6.QtGui import QDropEvent

    point = window.view.mapFromScene(window.scene.geometry.center(h))
    in_window = window.view.viewport().mapTo(window, point)
    mime = template_mime(template_id)  # the event does not own it: keep it alive
    event = QDropEvent(
        QPointF(in_window),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)


def test_dropping_an_ogre_from_the_library_places_it_in_one_step(window: MainWindow) -> None:
    templates = {t.id: t for t in window.tokens.library_dock.templates()}
    assert {"ogre", "crate", "stone-giant"} <= set(templates) or len(templates) >= 10
    ogre = next(t for t in templates.values() if t.name.lower() == "ogre")
    drop_template(window, ogre.id, Hex(6, 5))
    board = window.document.board
    [placed] = [t for t in board.tokens.values() if t.name == ogre.name]
    assert placed.position == Hex(6, 5) and placed.size == ogre.size
    assert window.document.undo_stack.count() == 1
    assert window.scene.token_item(placed.id) is not None
    window.document.undo_stack.undo()
    assert set(window.document.board.tokens) == {"a"}


def test_duplicate_and_properties_follow_the_selection(window: MainWindow) -> None:
    actions = window.actions_by_id
    assert window.available.selection() and window.available.one_token()  # greyed in the menu
    window.scene.set_selection(["a"])
    assert window.available.selection() is None and window.available.one_token() is None
    actions["edit.duplicate"].trigger()
    assert len(window.document.board.tokens) == 2
    assert window.scene.selection != ["a"]
    assert window.document.undo_stack.count() == 1


def test_dropping_a_picture_file_on_the_window_imports_it(window: MainWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QMimeData, QUrl
    from PySide6.QtGui import QDropEvent
    from qt_helpers import png_bytes

    path = tmp_path / "battle.png"
    path.write_bytes(png_bytes("#557755", 256))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(
        QPointF(300, 300),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    background = window.document.board.background
    assert background is not None and background.image in window.document.board.images
    assert window.document.undo_stack.count() == 1
    assert window.scene.background_item.isVisible()
