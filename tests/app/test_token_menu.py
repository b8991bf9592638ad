"""The token's right-click menu and the window's Movement menu: entries enabled or disabled
with the rules' reason as tooltip, the current ones checked, and each a single undo step."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.tools.measure import MeasureTool
from rules import Board, Hex, Motion, Token, Vitals
from rules.movement.costs import posture_of
from tests.app.conflict_helpers import in_conflict


def make_board() -> Board:
    """The map during a conflict (Movement is paid only then)."""
    return in_conflict(_tokens_board())


def _tokens_board() -> Board:
    flyer = Motion(mode="fly", altitude=3)
    return (
        Board.blank(12, 10)
        .with_token(Token("a", "Aria", Hex(2, 2)))
        .with_token(Token("b", "Bat", Hex(5, 6), movement_types=("fly", "land"), motion=flyer))
    )


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def right_click(window: MainWindow, h: Hex) -> QMenu | None:
    """Ask for the context menu at ``h`` as a right click would; the menu shown, if any."""
    window.movement.context_menu = None
    pos = at(window, h)
    global_pos = window.view.viewport().mapToGlobal(pos)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, global_pos)
    QApplication.sendEvent(window.view.viewport(), event)
    return window.movement.context_menu


def entry(menu: QMenu, choice_id: str) -> QAction:
    found = menu.findChild(QAction, f"movement.{choice_id}")
    assert found is not None, choice_id
    return found


def entries(menu: QMenu) -> dict[str, QAction]:
    return {
        a.objectName().removeprefix("movement."): a
        for a in menu.findChildren(QAction)
        if a.objectName().startswith("movement.")
    }


def set_token(window: MainWindow, token: Token) -> None:
    """Make ``token`` part of the open map: one undo step through the window's controller."""
    window.controller.push(window.controller.board.with_token_replaced(token), "Set token")


def test_right_click_on_a_token_opens_its_menu_and_selects_it(window: MainWindow) -> None:
    menu = right_click(window, Hex(2, 2))
    assert menu is not None and menu.isVisible()
    assert window.scene.selection == ["a"]
    heading = menu.actions()[0]
    assert heading.text() == "Aria — standing, on the ground, 5 Movement left"
    assert not heading.isEnabled()
    menu.close()


def test_right_click_on_empty_ground_or_with_another_tool_opens_nothing(
    window: MainWindow,
) -> None:
    assert right_click(window, Hex(8, 2)) is None
    window.scene.set_tool(MeasureTool(window.scene))
    assert right_click(window, Hex(2, 2)) is None


def test_a_standing_walkers_entries_and_their_reasons(window: MainWindow) -> None:
    menu = right_click(window, Hex(2, 2))
    assert menu is not None
    found = entries(menu)
    stand, crouch, prone = (found[f"posture.{p}"] for p in ("standing", "crouching", "prone"))
    assert (stand.text(), stand.isChecked(), stand.isEnabled()) == ("Stand", True, False)
    assert stand.toolTip() == "Aria is standing"
    assert (crouch.text(), crouch.isEnabled(), crouch.isChecked()) == ("Crouch (free)", True, False)
    assert prone.text() == "Go prone (free)" and prone.isEnabled()
    assert found["stop"].text() == "Stop moving (1 Movement)"
    assert not found["stop"].isEnabled() and found["stop"].toolTip() == "Aria is not moving"
    assert found["amble"].isCheckable() and not found["amble"].isChecked()
    assert found["pace.walk"].isChecked() and found["pace.run"].text() == "Run (Major Action)"
    assert found["mode.ground"].isChecked() and not found["mode.ground"].isEnabled()
    assert not found["mode.fly"].isEnabled()
    assert found["mode.fly"].toolTip() == "Aria has no Fly movement type [S001]"
    assert found["mode.climb"].isEnabled()
    assert not found["altitude.up"].isEnabled()
    assert found["altitude.up"].toolTip() == "Aria is not flying"
    assert found["jump"].isEnabled() and found["shove"].isEnabled()
    assert not found["fall"].isEnabled()
    assert found["fall"].toolTip() == "Aria is on the ground: nothing to fall"
    assert menu.findChild(QMenu, "movement.pace") is not None  # Pace ▸ Walk / Dash / Run
    menu.close()


def test_standing_up_short_of_movement_is_disabled_with_the_cost(window: MainWindow) -> None:
    aria = window.document.board.token("a")
    prone = replace(aria, vitals=Vitals(current=(("movement", 1),)))
    set_token(window, prone)
    window.movement.controller.set_posture("a", "prone")
    menu = right_click(window, Hex(2, 2))
    assert menu is not None
    stand = entry(menu, "posture.standing")
    assert stand.text() == "Stand (2 Movement)" and not stand.isEnabled()
    assert stand.toolTip() == "needs 2 Movement, Aria has 1 left this turn"
    crouch = entry(menu, "posture.crouching")
    assert crouch.text() == "Crouch (1 Movement)" and crouch.isEnabled()
    prone_entry = entry(menu, "posture.prone")
    assert prone_entry.isChecked() and not prone_entry.isEnabled()
    assert prone_entry.toolTip().startswith("Aria is prone and cannot stand: needs 2 Movement")
    menu.close()


def test_a_flyers_entries(window: MainWindow) -> None:
    menu = right_click(window, Hex(5, 6))
    assert menu is not None
    found = entries(menu)
    assert found["mode.fly"].isChecked()
    assert found["posture.prone"].isEnabled()  # [S001] "When you become Prone, fall."
    assert "fall" in found["posture.prone"].toolTip()
    assert found["altitude.up"].text() == "Rise 1 (2 Movement)" and found["altitude.up"].isEnabled()
    assert found["fall"].isEnabled() and not found["jump"].isEnabled()
    assert found["jump"].toolTip() == "Bat is flying 3 up: a Jump starts on the ground"
    found["altitude.up"].trigger()
    assert window.document.board.token("b").motion.altitude == 4
    assert window.document.undo_stack.text(0) == "Rise 1 (Bat) — 2 Movement"
    menu.close()


def test_choosing_an_entry_is_one_undo_step(window: MainWindow) -> None:
    menu = right_click(window, Hex(2, 2))
    assert menu is not None
    entry(menu, "posture.crouching").trigger()
    menu.close()
    assert posture_of(window.document.board.token("a")) == "crouching"
    assert window.document.undo_stack.count() == 1
    assert window.statusBar().currentMessage().startswith("Crouch (Aria)")
    menu = right_click(window, Hex(2, 2))
    assert menu is not None
    entry(menu, "pace.dash").trigger()
    menu.close()
    assert window.document.board.token("a").motion.pace == "dash"
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.board == make_board()


# -- the window's Movement menu and its keys ---------------------------------------------------
def test_the_movement_menu_follows_the_selection(window: MainWindow) -> None:
    menu = window.movement.menu
    texts = [a.text() for a in window.menuBar().actions()]
    assert texts[-4:] == ["T&urn", "&Movement", "&Actions", "&Help"]
    menu.aboutToShow.emit()
    crouch = window.movement.menu_actions["posture.crouching"]
    assert not crouch.isEnabled() and crouch.toolTip() == "Select one token on the map first"
    assert crouch.shortcut().toString() == "C"
    window.scene.set_selection(["a"])
    menu.aboutToShow.emit()
    assert crouch.isEnabled() and crouch.text() == "Crouch (free)"
    menu.aboutToHide.emit()


def test_keys_crouch_and_stand_and_refuse_with_a_reason(window: MainWindow) -> None:
    actions = window.movement.menu_actions
    actions["posture.crouching"].trigger()  # C with nothing selected
    assert window.statusBar().currentMessage() == (
        "⚠ Movement acts on one token: no token is selected"
    )
    window.scene.set_selection(["a"])
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_C)
    assert posture_of(window.document.board.token("a")) == "crouching"
    QTest.keyClick(window.view, Qt.Key.Key_C)  # C again stands up (1 Movement)
    assert posture_of(window.document.board.token("a")) == "standing"
    assert window.document.undo_stack.text(1) == "Stand (Aria) — 1 Movement"
    assert actions["altitude.up"].shortcut().toString() == "Ctrl+PgUp"
    actions["altitude.up"].trigger()  # Aria does not fly
    assert window.statusBar().currentMessage() == "⚠ Rise 1 (Aria): Aria is not flying"
    assert window.document.undo_stack.count() == 2
