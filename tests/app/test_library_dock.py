"""LibraryDock: bundled and user templates, search, drag data, saving; drops on the map."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QInputDialog, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import png_bytes

from app.controllers.map import MapController
from app.controllers.tokens import TokenController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.map_scene import MapScene
from app.tools.select_move import editing_scene
from app.widgets.docks.library import LibraryDock, selected_token_source
from app.widgets.map_drop import (
    TEMPLATE_MIME,
    center_hex,
    handle_template_drop,
    template_id_from_mime,
    template_mime,
)
from app.widgets.map_view import MapView
from rules import Board, Hex, Token


@pytest.fixture
def dock(qtbot: QtBot, tmp_path: Path) -> LibraryDock:
    widget = LibraryDock(tmp_path / "user-library")
    qtbot.addWidget(widget)
    return widget


# -- listing and searching ----------------------------------------------------------------------
def test_the_library_lists_the_bundled_templates(dock: LibraryDock) -> None:
    assert dock.problems == []
    ids = [t.id for t in dock.templates()]
    assert len(ids) >= 15 and {"turtle", "ogre", "colossus", "crate", "wall-segment"} <= set(ids)
    ogre = dock.list.item(ids.index("ogre"))
    assert ogre.text() == "Ogre\nsize 1 · creature · 1 hex"
    assert not ogre.icon().isNull() and "Drag onto the map" in ogre.toolTip()
    for widget in (dock.search, dock.list, dock.save_button, dock.delete_button):
        assert widget.toolTip()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ogre", ["ogre"]),
        ("SIZE 6", ["colossus"]),
        ("fly", ["ancient-wyrm"]),
        ("object size 0", ["barrel", "crate"]),
        ("", None),
    ],
)
def test_search_filters_the_list(dock: LibraryDock, query: str, expected: list[str] | None) -> None:
    dock.search.setText(query)
    shown = dock.visible_ids()
    assert shown == (expected if expected is not None else [t.id for t in dock.templates()])


def test_dragging_an_entry_carries_its_template_id(dock: LibraryDock) -> None:
    item = dock.list.item([t.id for t in dock.templates()].index("troll"))
    mime = dock.list.mimeData([item])
    assert dock.list.mimeTypes() == [TEMPLATE_MIME]
    assert template_id_from_mime(mime) == "troll"


def test_activating_an_entry_offers_its_template(qtbot: QtBot, dock: LibraryDock) -> None:
    with qtbot.waitSignal(dock.template_activated) as activated:
        dock.list.itemActivated.emit(dock.list.item(0))
    assert activated.args[0] == dock.templates()[0]


# -- the user's own templates -------------------------------------------------------------------
def test_saving_a_token_as_a_template_lists_it(dock: LibraryDock, tmp_path: Path) -> None:
    token = Token("o-1", "Ogre", Hex(3, 3), size=1, side="enemy", reach=3, image="o.png")
    saved = dock.save_token_as_template(token, png_bytes("#123456"), name="Ogre Chief")
    assert saved is not None and saved.id == "ogre-chief" and saved.reach == 3
    folder = tmp_path / "user-library"
    assert (folder / "ogre-chief.json").is_file()
    assert (folder / "art" / "ogre-chief.png").read_bytes() == png_bytes("#123456")
    assert dock.selected_template() == saved and "ogre-chief" in [t.id for t in dock.templates()]
    again = LibraryDock(folder)
    assert again.template("ogre-chief") == saved
    assert dock.delete_button.isEnabled()
    assert dock.delete_template("ogre-chief")
    assert dock.template("ogre-chief") is None and not (folder / "ogre-chief.json").exists()


def test_a_saved_name_never_overwrites_a_bundled_template(dock: LibraryDock) -> None:
    saved = dock.save_token_as_template(Token("o-1", "Ogre", Hex(0, 0)))
    assert saved is not None and saved.id == "ogre-2"
    assert dock.template("ogre") is not None and dock.template("ogre") != saved


def test_bundled_templates_cannot_be_deleted(dock: LibraryDock) -> None:
    dock.select("ogre")
    assert not dock.delete_button.isEnabled()
    assert not dock.delete_template("ogre")
    assert "saved yourself" in dock.message.text()


def test_a_bad_user_file_is_reported_and_the_rest_still_listed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "lib"
    folder.mkdir()
    (folder / "broken.json").write_text(json.dumps({"id": "broken"}), encoding="utf-8")
    dock = LibraryDock(folder)
    qtbot.addWidget(dock)
    assert len(dock.problems) == 1 and "broken.json" in dock.problems[0]
    assert "1 library file could not be read" in dock.message.text()
    assert "broken.json" in dock.message.toolTip()
    assert dock.template("ogre") is not None


def test_the_save_button_asks_for_a_name_and_saves_the_selected_token(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen: list[tuple[Token, bytes | None] | None] = [None]
    dock = LibraryDock(tmp_path / "lib", selected_token=lambda: chosen[0])
    qtbot.addWidget(dock)
    dock.save_button.click()
    assert "Select one token" in dock.message.text()
    chosen[0] = (Token("b-1", "Brute", Hex(0, 0), size=2), None)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Big Brute", True))
    dock.save_button.click()
    assert dock.template("big-brute") is not None


def test_selected_token_source_reads_the_scene(qtbot: QtBot) -> None:
    board = Board.blank(6, 6).with_image("a.png", b"img")
    board = board.with_token(Token("a", "Aria", Hex(1, 1), image="a.png"))
    document = MapDocument(board)
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    source = selected_token_source(scene)
    assert source() is None
    scene.set_selection(["a"])
    assert source() == (board.token("a"), b"img")


# -- dropping a template on the map ------------------------------------------------------------
@pytest.fixture
def view(qtbot: QtBot) -> MapView:
    document = MapDocument(Board.blank(10, 8).with_terrain("blocked", [Hex(5, 5)], True))
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    widget = MapView(scene)
    scene.setParent(widget)  # a view does not own its scene: keep it alive as long as the view
    qtbot.addWidget(widget)
    widget.resize(800, 600)
    widget.show()
    qtbot.waitExposed(widget)
    widget.fit_to_window()
    return widget


_MIME_KEPT: list[QMimeData] = []  # a QDropEvent does not own its mime data: keep it alive


@pytest.fixture(autouse=True)
def _release_mime_data() -> Iterator[None]:
    yield
    _MIME_KEPT.clear()  # while the QApplication still exists


def _drop_event(point: QPoint, template_id: str) -> QDropEvent:
    """A synthetic drop of ``template_id`` at ``point`` (QDrag.exec blocks offscreen)."""
    mime = template_mime(template_id)
    _MIME_KEPT.append(mime)
    return QDropEvent(
        QPointF(point),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )


def document_of(scene: MapScene) -> MapDocument:
    """The one document ``scene`` shows (the :func:`view` fixture's)."""
    source = scene.source
    assert isinstance(source, MapDocument)
    return source


def _drop_at(view: MapView, h: Hex, template_id: str) -> QDropEvent:
    scene = view.scene()
    assert isinstance(scene, MapScene)
    return _drop_event(view.mapFromScene(scene.geometry.center(h)), template_id)


def test_a_drop_adds_exactly_one_token_as_one_undo_step(view: MapView, dock: LibraryDock) -> None:
    scene = view.scene()
    assert isinstance(scene, MapScene)
    document = document_of(scene)
    controller = TokenController(CurrentDocument(document))
    event = _drop_at(view, Hex(3, 2), "ogre")
    assert handle_template_drop(view, event, dock.template, controller)
    assert event.isAccepted()
    assert [t.name for t in document.board.tokens.values()] == ["Ogre"]
    token = next(iter(document.board.tokens.values()))
    assert token.position == Hex(3, 2) and token.image in document.board.images
    assert scene.token_item(token.id) is not None  # the scene followed the document
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.board.tokens == {} and document.board.images == {}
    assert scene.token_items() == {}


def test_a_drop_measured_in_a_surrounding_widget(qtbot: QtBot, dock: LibraryDock) -> None:
    document = MapDocument(Board.blank(10, 8))
    scene = editing_scene(document, MapController(CurrentDocument(document)))
    outer = QWidget()
    qtbot.addWidget(outer)
    layout = QVBoxLayout(outer)
    layout.setContentsMargins(40, 30, 0, 0)
    view = MapView(scene, outer)
    scene.setParent(view)
    layout.addWidget(view)
    outer.resize(800, 600)
    outer.show()
    qtbot.waitExposed(outer)
    inner = _drop_at(view, Hex(4, 4), "crate")
    where = view.viewport().mapTo(outer, inner.position().toPoint())
    event = _drop_event(where, "crate")
    assert handle_template_drop(
        view, event, dock.template, TokenController(CurrentDocument(document)), outer
    )
    assert [t.position for t in document.board.tokens.values()] == [Hex(4, 4)]


def test_the_center_hex_is_on_the_map(view: MapView) -> None:
    scene = view.scene()
    assert isinstance(scene, MapScene)
    h = center_hex(view)
    assert h is not None and scene.board.contains(h)


def test_drop_refusals(qtbot: QtBot, view: MapView, dock: LibraryDock) -> None:
    scene = view.scene()
    assert isinstance(scene, MapScene)
    controller = TokenController(CurrentDocument(document_of(scene)))
    with qtbot.waitSignal(controller.refused) as refused:
        assert not handle_template_drop(
            view, _drop_at(view, Hex(5, 5), "ogre"), dock.template, controller
        )
    assert "cannot stand in a wall" in refused.args[0]
    with qtbot.waitSignal(controller.refused) as refused:
        assert not handle_template_drop(
            view, _drop_at(view, Hex(2, 2), "nope"), dock.template, controller
        )
    assert "no template 'nope'" in refused.args[0]
    outside = _drop_event(QPoint(-50, -50), "ogre")
    with qtbot.waitSignal(controller.refused) as refused:
        assert not handle_template_drop(view, outside, dock.template, controller)
    assert "Drop Ogre on the map" in refused.args[0]
    assert document_of(scene).undo_stack.count() == 0


def test_a_drop_without_a_template_is_left_for_others(view: MapView, dock: LibraryDock) -> None:
    scene = view.scene()
    assert isinstance(scene, MapScene)
    event = _drop_at(view, Hex(1, 1), "ogre")
    event.mimeData().removeFormat(TEMPLATE_MIME)
    event.mimeData().setText("file:///tmp/x.hexmap")
    event.setAccepted(False)
    assert not handle_template_drop(
        view, event, dock.template, TokenController(CurrentDocument(document_of(scene)))
    )
    assert not event.isAccepted()
