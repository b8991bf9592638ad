"""Labels and notes: added, edited and deleted as one undo step each, drawn on the map,
and GM-only ones kept off what players see."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest

from app.document import MapDocument
from app.scene.annotation_items import LabelItem, NoteMarkerItem
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token
from rules.battlefield.visibility import player_board


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    board = Board.blank(12, 9).with_token(Token("ogre", "Ogre", Hex(4, 4), size=1))
    return make_window(MapDocument(board))


def hover(window: MainWindow, h: Hex) -> None:
    QTest.mouseMove(
        window.view.viewport(), window.view.mapFromScene(window.scene.geometry.center(h))
    )


def test_a_label_lands_under_the_mouse_and_is_drawn(window: MainWindow) -> None:
    hover(window, Hex(2, 3))
    label_id = window.notes_dock.add_label("Old ford", gm_only=False)
    assert label_id is not None
    assert window.document.board.labels[label_id].position == Hex(2, 3)
    [item] = [i for i in window.scene.annotation_items() if isinstance(i, LabelItem)]
    assert window.scene.geometry.hex_at(item.pos()) == Hex(2, 3)
    assert window.notes_dock.list.count() == 1
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.board.labels == {}
    assert window.scene.annotation_items() == []


def test_a_note_on_the_selected_token_follows_it(window: MainWindow) -> None:
    window.scene.set_selection(["ogre"])
    note_id = window.notes_dock.add_note("Carries the key", gm_only=True)
    assert note_id is not None
    assert window.document.board.notes[note_id].token_id == "ogre"
    window.controller.request_move("ogre", Hex(6, 4))
    [marker] = [i for i in window.scene.annotation_items() if isinstance(i, NoteMarkerItem)]
    center = window.scene.geometry.center(Hex(6, 4))
    assert (marker.pos() - center).manhattanLength() < window.scene.geometry.size
    assert "Carries the key" in marker.toolTip()


def test_edit_and_delete_are_one_step_each(window: MainWindow) -> None:
    hover(window, Hex(5, 5))
    label_id = window.notes_dock.add_label("Trapdoor")
    assert label_id is not None
    assert window.controller.edit_annotation(label_id, "Trapdoor (locked)", True)
    assert window.document.board.labels[label_id].gm_only
    window.notes_dock.list.setCurrentRow(0)
    window.notes_dock.delete_selected()
    assert window.document.board.labels == {}
    assert [window.document.undo_stack.text(i) for i in range(3)] == [
        "Add label “Trapdoor”",
        "Edit label",
        "Delete label",
    ]


def test_empty_text_is_refused_with_a_reason(window: MainWindow) -> None:
    assert window.notes_dock.add_label("   ") is None
    assert "needs some text" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 0


def test_players_do_not_see_gm_only_labels_and_notes(window: MainWindow) -> None:
    hover(window, Hex(1, 1))
    window.notes_dock.add_label("Village", gm_only=False)
    window.notes_dock.add_label("Ambush here", gm_only=True)
    window.notes_dock.add_note("Smells of smoke", gm_only=False)
    seen = player_board(window.document.board)
    assert [label.text for label in seen.labels.values()] == ["Village"]
    assert [note.text for note in seen.notes.values()] == ["Smells of smoke"]
