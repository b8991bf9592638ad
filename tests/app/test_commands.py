"""Commands and controller against a MapDocument with no view: undo/redo walks. Commands
only swap boards: the after-board of a move or an add is worked out before (here as the
controller works it out)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.controllers.map import MapController
from app.document import Change, MapDocument
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.tools.select_move import editing_scene
from rules import Board, Hex, Token
from rules.movement import placed


def controller_of(document: MapDocument) -> MapController:
    """A MapController editing ``document`` (the open map of its own CurrentDocument)."""
    return MapController(CurrentDocument(document))


def add_brom(document: MapDocument) -> BoardEditCommand:
    """The undo step that puts Brom on the map."""
    after = document.board.with_token(Token("b", "Brom", Hex(4, 4)))
    return BoardEditCommand(document, after, "Add Brom")


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    board = Board.blank(10, 8).with_token(Token("a", "Aria", Hex(2, 2)))
    board = board.with_terrain("blocked", [Hex(5, 2)], True)
    return MapDocument(board)


def test_move_command_walks_undo_redo_undo_with_the_modified_flag(document: MapDocument) -> None:
    stack = document.undo_stack
    changes: list[Change] = []
    document.changed.connect(changes.append)
    stack.push(BoardEditCommand(document, placed(document.board, "a", Hex(3, 2)), "Move"))
    assert document.board.token("a").position == Hex(3, 2) and document.is_modified()
    stack.undo()
    assert document.board.token("a").position == Hex(2, 2) and not document.is_modified()
    stack.redo()
    assert document.board.token("a").position == Hex(3, 2) and document.is_modified()
    assert [c.tokens for c in changes] == [frozenset({"a"})] * 3
    assert not any(c.terrain for c in changes)


def test_add_and_delete_are_one_undo_step_each(document: MapDocument) -> None:
    stack = document.undo_stack
    stack.push(add_brom(document))
    controller_of(document).delete_tokens(["a"])
    assert set(document.board.tokens) == {"b"} and stack.count() == 2
    stack.undo()
    stack.undo()
    assert set(document.board.tokens) == {"a"}


def test_controller_refuses_with_a_reason_and_pushes_nothing(
    qtbot: QtBot, document: MapDocument
) -> None:
    controller = controller_of(document)
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.request_move("a", Hex(5, 2))
    assert "wall" in refused.args[0]
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.request_move("a", Hex(-5, 2))
    assert "leave the map" in refused.args[0]
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.request_move("ghost", Hex(1, 1))
    assert "ghost" in refused.args[0]
    assert document.undo_stack.count() == 0


def test_controller_move_and_delete_are_one_step_each(document: MapDocument) -> None:
    controller = controller_of(document)
    assert controller.request_move("a", Hex(3, 3))
    assert not controller.request_move("a", Hex(3, 3))  # no-op moves add no step
    document.undo_stack.push(add_brom(document))
    controller.delete_tokens(["a", "b"])
    assert document.board.tokens == {}
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert set(document.board.tokens) == {"a", "b"}


def test_change_between_boards_names_what_changed() -> None:
    before = Board.blank(4, 4).with_token(Token("a", "A", Hex(0, 0)))
    after = before.with_terrain("elevation", [Hex(1, 1)], 2)
    assert Change.between(before, after) == Change(terrain=True)
    moved = before.with_token_moved("a", Hex(1, 0))
    assert Change.between(before, moved) == Change(tokens=frozenset({"a"}))
    assert Change.between(before, before.with_name("B")).meta


def test_a_picture_added_later_is_drawn_on_its_token(qtbot: QtBot) -> None:
    from PySide6.QtGui import QColor
    from qt_helpers import png_bytes

    document = MapDocument(Board.blank(5, 5).with_token(Token("a", "Aria", Hex(1, 1))))
    scene = editing_scene(document, controller_of(document))
    after = document.board.with_image("aria.png", png_bytes("#00ff00"))
    after = after.with_token_replaced(Token("a", "Aria", Hex(1, 1), image="aria.png"))
    document.undo_stack.push(BoardEditCommand(document, after, "Give Aria a picture"))
    item = scene.token_item("a")
    assert item is not None and item._image is not None
    assert item._image.pixelColor(4, 4) == QColor("#00ff00")
    document.undo_stack.undo()
    assert item._image is None


def test_dragging_into_a_full_space_is_refused_with_the_reason(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(8, 6)
    for i in range(4):
        board = board.with_token(Token(f"h{i}", f"Human {i}", Hex(2, 2)))
    board = board.with_token(Token("x", "Extra", Hex(5, 2)))
    window = make_window(MapDocument(board))
    assert not window.controller.request_move("x", Hex(2, 2))
    assert "more than fully occupied" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 0
    assert window.scene.token_item("x") is not None


def test_deleting_the_acting_creature_begins_the_next_ones_turn(make_window) -> None:  # type: ignore[no-untyped-def]
    from rules import Vitals
    from rules.board.turn_state import with_turn
    from rules.turns import TurnState, actor, join, start

    board = Board.blank(8, 6).with_token(Token("a", "Aria", Hex(1, 1)))
    board = board.with_token(
        Token("b", "Brom", Hex(3, 3), vitals=Vitals(current=(("movement", 0),)))
    )
    board = with_turn(board, start(join(join(TurnState(), "a", 9), "b", 5)))
    window = make_window(MapDocument(board))
    window.controller.delete_tokens(["a"])
    after = window.document.board
    assert actor(after.turn) == "b" and after.token("b").vitals.current == ()  # refilled
    assert window.document.undo_stack.count() == 1  # one step, the turn start included
    window.document.undo_stack.undo()
    assert window.document.board == board


def test_a_move_during_a_conflict_marks_the_creature_moving(make_window) -> None:  # type: ignore[no-untyped-def]
    from rules.board.turn_state import with_turn
    from rules.turns import TurnState, join, start

    board = Board.blank(8, 6).with_token(Token("a", "Aria", Hex(1, 1)))
    window = make_window(MapDocument(with_turn(board, start(join(TurnState(), "a", 9)))))
    assert window.controller.request_move("a", Hex(2, 1))
    assert window.document.board.token("a").moving
    assert window.document.undo_stack.count() == 1
