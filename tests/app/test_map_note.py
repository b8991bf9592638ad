"""Refusals where the eye is (issue #16): a note on the map beside the token or the cursor,
inside the view, the same size at every zoom, until the next mouse press, key press or
change of the map; a controller's refusal about a token names it (refused_near)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.tokens import TokenController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.resources import demo_map_path
from app.scene.map_note import MapNote
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token


@pytest.fixture
def shown(make_window) -> tuple[MainWindow, MapNote]:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument.open(demo_map_path()))
    window.resize(1280, 720)
    for _ in range(3):
        QApplication.processEvents()
    window.fit_to_window()
    return window, window.map_note


def screen_rect(window: MainWindow, note: MapNote) -> QRect:
    """Where the note is drawn on the view's viewport, in screen pixels."""
    top_left = window.view.mapFromScene(note.item.pos())
    size = note.item.boundingRect().size().toSize()
    return QRect(top_left, size)


def token_screen_rect(window: MainWindow, token_id: str) -> QRect:
    item = window.scene.token_item(token_id)
    assert item is not None
    return window.view.mapFromScene(item.sceneBoundingRect()).boundingRect()


def test_a_refusal_about_a_token_stands_beside_it_inside_the_view(
    shown: tuple[MainWindow, MapNote],
) -> None:
    window, note = shown
    note.refuse("Strike: no creature within Reach 1", near_token_id="ogre")
    assert note.shown == "Strike: no creature within Reach 1"
    box, token = screen_rect(window, note), token_screen_rect(window, "ogre")
    assert window.view.viewport().rect().contains(box)
    assert not box.intersects(token)  # never over the token it is about
    gap = min(abs(box.bottom() - token.top()), abs(box.top() - token.bottom()))
    assert gap < 40 and abs(box.center().x() - token.center().x()) < box.width()
    assert box.height() >= 20 and box.width() <= 320  # readable, and short


def test_the_note_keeps_its_size_on_screen_at_every_zoom(
    shown: tuple[MainWindow, MapNote],
) -> None:
    window, note = shown
    note.refuse("Aria Vell: no creature within Reach 1 [S002]", near_token_id="aria")
    before = screen_rect(window, note).size()
    window.view.set_zoom(window.view.transform().m11() * 3)
    window.view.centerOn(window.scene.token_item("aria"))  # type: ignore[arg-type]
    note.refuse("Aria Vell: no creature within Reach 1 [S002]", near_token_id="aria")
    assert screen_rect(window, note).size() == before
    assert window.view.viewport().rect().contains(screen_rect(window, note))


def test_without_a_token_it_stands_by_the_cursor(shown: tuple[MainWindow, MapNote]) -> None:
    window, note = shown
    viewport = window.view.viewport()
    where = QPoint(viewport.width() // 3, viewport.height() // 3)
    QTest.mouseMove(viewport, where)
    QApplication.processEvents()
    note.refuse("Nothing to paste: copy some tokens first")
    box = screen_rect(window, note)
    assert viewport.rect().contains(box)
    assert (box.topLeft() - where).manhattanLength() < 60


def test_a_note_by_the_far_edge_is_kept_inside_the_view(shown: tuple[MainWindow, MapNote]) -> None:
    window, note = shown
    viewport = window.view.viewport()
    QTest.mouseMove(viewport, QPoint(viewport.width() - 3, viewport.height() - 3))
    QApplication.processEvents()
    note.refuse("A long refusal that would run off the bottom right corner of the map view")
    assert viewport.rect().contains(screen_rect(window, note))


def test_the_next_mouse_press_takes_it_away(shown: tuple[MainWindow, MapNote]) -> None:
    window, note = shown
    note.refuse("Select a token to duplicate")
    viewport = window.view.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert note.shown is None


def test_the_next_key_press_takes_it_away(shown: tuple[MainWindow, MapNote]) -> None:
    window, note = shown
    note.refuse("Select a token to duplicate")
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Shift)
    assert note.shown is None


def test_a_change_of_the_map_takes_it_away(shown: tuple[MainWindow, MapNote]) -> None:
    window, note = shown
    note.refuse("Select a token to duplicate")
    QApplication.processEvents()  # a later action
    board = window.document.board
    aria = board.token("aria")
    window.controller.push(board.with_token_replaced(replace(aria, name="Aria")), "Rename")
    assert note.shown is None


def test_an_intent_refused_in_part_keeps_its_note_past_its_own_edit(
    shown: tuple[MainWindow, MapNote],
) -> None:
    window, note = shown
    board = window.document.board
    aria = board.token("aria")
    note.refuse("No free space near Brom Hale for a copy")  # Duplicate: one copy did not fit
    window.controller.push(board.with_token_replaced(replace(aria, name="Aria")), "Duplicate")
    assert note.shown == "No free space near Brom Hale for a copy"


def test_the_status_bar_repeat_keeps_the_note_at_its_token(
    shown: tuple[MainWindow, MapNote],
) -> None:
    """A controller says a refusal about a token on refused_near, then on refused (the
    status bar, which also tells the note): the note stays at the token."""
    _window, note = shown
    note.refuse("Grey Ogre cannot stand in a wall", near_token_id="ogre")
    at = note.item.pos()
    note.refuse("Grey Ogre cannot stand in a wall")
    assert note.item.pos() == at and note.shown == "Grey Ogre cannot stand in a wall"


def test_a_controller_refusal_names_its_token_first(qtbot: QtBot) -> None:
    board = Board.blank(6, 6).with_token(Token("gob", "Goblin", Hex(2, 2)))
    controller = TokenController(CurrentDocument(MapDocument(board)))
    heard: list[tuple[str, ...]] = []
    controller.refused_near.connect(lambda text, token: heard.append(("near", text, token)))
    controller.refused.connect(lambda text: heard.append(("refused", text)))
    gob = board.token("gob")
    assert not controller.update_token("gob", replace(gob, image="missing.png"))
    reason = "The picture 'missing.png' is not stored in this map"
    assert heard == [("near", reason, "gob"), ("refused", reason)]
    heard.clear()
    assert not controller.refuse("plain")  # the old one-argument form still works
    assert heard == [("refused", "plain")]


def test_a_refused_move_is_said_beside_the_token_not_where_it_was_dropped(
    shown: tuple[MainWindow, MapNote],
) -> None:
    window, note = shown
    board = window.document.board
    wall = next(h for h in board.hexes() if board.terrain_at(h).blocked)
    QTest.mouseMove(window.view.viewport(), QPoint(5, 5))  # the cursor far from both
    assert not window.controller.request_move("ogre", wall)
    assert note.shown is not None
    box, token = screen_rect(window, note), token_screen_rect(window, "ogre")
    gap = min(abs(box.bottom() - token.top()), abs(box.top() - token.bottom()))
    assert gap < 40 and abs(box.center().x() - token.center().x()) < box.width()
