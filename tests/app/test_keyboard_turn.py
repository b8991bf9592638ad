"""A whole turn by keyboard alone (issue #16): every action below is a key event on the
window, the map view or a menu — no mouse event and no direct call to act; direct calls
only build the map and read what the user would see.

Also the keyboard's pieces one by one: Tab's order (reading order, Priority order in a
conflict), the view following the selection, the target cursor, an Area's origin and its
12 facings, the Actions menu's mnemonics.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from app.document import MapDocument
from app.scene.keyboard_items import FacingArrowItem, KeyboardCursorItem, clock_hour
from app.shell.features.conflict import with_mnemonic
from app.shell.main_window import MainWindow
from app.tools.area import AreaTool
from app.tools.pick_target import PickTargetTool
from app.tools.select_move import SelectMoveTool
from rules import AreaKind, Board, Hex, Token, TokenKind
from rules.movement import movement_left, posture_of
from tests.app.conflict_helpers import FIGHTER, in_conflict

Key = Qt.Key
STATS = FIGHTER


def make_board() -> Board:
    """Two opposing creatures two spaces apart on a small map (both Zeal Tier 0: Priority
    0 each, so the one added first acts first)."""
    return (
        Board.blank(10, 8)
        .with_token(Token("aria", "Aria", Hex(3, 3), vitals=STATS, side="party"))
        .with_token(Token("gob", "Goblin", Hex(5, 3), size=-1, side="enemy"))
    )


@pytest.fixture
def window(make_window, qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    win = make_window(MapDocument(make_board()))
    win.activateWindow()
    win.view.setFocus()  # the map has the keyboard, as after a click or Tab into it
    qtbot.waitUntil(lambda: QApplication.focusWidget() is win.view)
    return win


def press(key: Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """One key, to whatever has the keyboard focus (as a real key press would go)."""
    target = QApplication.activePopupWidget() or QApplication.focusWidget()
    assert isinstance(target, QWidget), "nothing has the keyboard focus"
    QTest.keyClick(target, key, modifiers)


def token(window: MainWindow, token_id: str) -> Token:
    return window.document.board.token(token_id)


def selected(window: MainWindow) -> list[str]:
    return window.scene.selection


def mnemonic(action: QAction) -> Key:
    """The key of ``action``'s mnemonic (the letter after '&' in its text)."""
    text = action.text().replace("&&", "")
    letter = text[text.index("&") + 1]
    return Key(ord(letter.upper()))


def test_one_whole_turn_by_keyboard_alone(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    # Into the conflict: Tab to each creature (reading order), Ctrl+J adds it, F8 starts.
    press(Key.Key_Tab)
    assert selected(window) == ["aria"]
    press(Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    press(Key.Key_Tab)
    assert selected(window) == ["gob"]
    press(Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    press(Key.Key_F8)
    board = window.document.board
    assert board.turn.started and board.turn.ids() == ["aria", "gob"]

    # "." selects the creature whose turn it is; Tab from it goes on in Priority order.
    press(Key.Key_Tab)
    assert selected(window) == ["aria"]  # Goblin was selected: the next is Aria, round the end
    press(Key.Key_Period)
    assert selected(window) == ["aria"]

    # Step east with the arrow, one space, paying Movement.
    left = movement_left(token(window, "aria"))
    press(Key.Key_Right)
    assert token(window, "aria").position == Hex(4, 3)
    assert movement_left(token(window, "aria")) == left - 1

    # Crouch.
    press(Key.Key_C)
    assert posture_of(token(window, "aria")) == "crouching"

    # Aim a Cone (A): the origin starts beside Aria; Enter fixes it, ] turns it through
    # all 12 facings and back, [ turns back two, Enter pins it.
    press(Key.Key_A)
    tool = window.scene.tool
    assert isinstance(tool, AreaTool) and tool.settings.kind is AreaKind.CONE
    assert tool.caster == "aria" and tool.origin == Hex(5, 3) and tool.result is not None
    press(Key.Key_Return)
    assert tool.aiming
    seen = [tool.facing]
    for _ in range(12):
        press(Key.Key_BracketRight)
        seen.append(tool.facing)
    assert sorted(set(seen)) == list(range(12)) and seen[-1] == seen[0]
    arrow = next(i for i in window.scene.items() if isinstance(i, FacingArrowItem))
    press(Key.Key_BracketLeft)
    press(Key.Key_Left)  # ←/→ turn it too once the origin is fixed
    facing = tool.facing
    assert facing == (seen[0] + 2) % 12
    assert (
        arrow.isVisible() and arrow.text == f"{clock_hour(window.scene.geometry, facing)} o'clock"
    )
    assert tool.result is not None and tool.result.legal, tool.result.refusal
    press(Key.Key_Return)
    (area,) = window.document.board.areas.values()
    assert area.kind is AreaKind.CONE and area.facing == facing and area.origin == (Hex(5, 3),)
    assert area.caster == "aria"

    # Strike: Alt+A opens the Actions menu, the mnemonic chooses Strike, the cursor starts
    # on the Goblin (the one creature in reach), Enter picks it, Ctrl+Shift+R rolls.
    press(Key.Key_A, Qt.KeyboardModifier.AltModifier)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.objectName() == "actions_menu"
    strike = menu.findChild(QAction, "action.strike")
    assert strike is not None and strike.isEnabled()
    press(mnemonic(strike))
    pick = window.scene.tool
    assert isinstance(pick, PickTargetTool) and pick.choice == "gob"
    cursor = next(i for i in window.scene.items() if isinstance(i, KeyboardCursorItem))
    assert cursor.isVisible() and cursor.hexes == token(window, "gob").footprint
    assert QApplication.focusWidget() is window.view
    press(Key.Key_Return)
    flow = window.conflict.flow
    assert flow.dock.isVisible() and flow.panel.plan is not None
    assert flow.panel.current_request() is not None
    assert flow.panel.current_request().target == "gob"  # type: ignore[union-attr]
    rolls = len(window.document.board.rolls)
    press(Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    log = window.document.board.rolls
    assert len(log) > rolls and log[rolls].action == "Strike" and log[rolls].actor == "Aria"

    # F9: the Goblin's turn.
    press(Key.Key_F9)
    board = window.document.board
    assert board.turn.current == 1 and board.turn.ids()[board.turn.current] == "gob"


def test_tab_goes_through_the_creatures_in_reading_order_and_follows_them(
    make_window,  # type: ignore[no-untyped-def]
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    board = (
        Board.blank(40, 30)
        .with_token(Token("c", "Cat", Hex(2, 6)))
        .with_token(Token("b", "Bat", Hex(6, 1)))
        .with_token(Token("crate", "Crate", Hex(1, 1), kind=TokenKind.OBJECT))
        .with_token(Token("far", "Far Wolf", Hex(20, 27)))
    )
    win = make_window(MapDocument(board))
    win.view.set_zoom(2.0)
    win.view.centerOn(win.scene.geometry.center(Hex(2, 2)))
    win.activateWindow()
    win.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is win.view)
    order = []
    for _ in range(4):
        press(Key.Key_Tab)
        order.append(selected(win)[0])
    assert order == ["b", "c", "far", "b"]  # top row first; the crate is not a creature
    press(Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert selected(win) == ["far"]
    shown = win.view.mapToScene(win.view.viewport().rect()).boundingRect()
    far = win.scene.token_item("far")
    assert far is not None and shown.contains(far.sceneBoundingRect())  # the view followed


def test_a_burst_origin_moves_with_the_keypad_and_enter_pins_it(window: MainWindow) -> None:
    window.scene.set_selection(["aria"])
    window.rules.area_settings.kind = AreaKind.BURST
    window.rules.area_settings.value = 1
    press(Key.Key_A)
    tool = window.scene.tool
    assert isinstance(tool, AreaTool) and tool.origin == Hex(3, 3)  # on the caster
    press(Key.Key_6, Qt.KeyboardModifier.KeypadModifier)
    press(Key.Key_6, Qt.KeyboardModifier.KeypadModifier)
    assert tool.origin == Hex(5, 3) and tool.subject == "gob"  # a Burst on the Goblin
    arrow = next(i for i in window.scene.items() if isinstance(i, FacingArrowItem))
    assert not arrow.isVisible()  # a Burst has no facing
    press(Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    (area,) = window.document.board.areas.values()
    assert area.kind is AreaKind.BURST and area.origin == (Hex(5, 3),)
    press(Key.Key_Escape)
    assert tool.result is None


def test_every_action_has_its_own_mnemonic() -> None:
    taken: set[str] = set()
    texts = [with_mnemonic(t, taken) for t in ("Strike", "Shove", "Disarm", "Stand & Fight", "S")]
    assert texts == ["&Strike", "S&hove", "&Disarm", "Stand && &Fight", "S"]


def crowd_board() -> Board:
    """Aria in a conflict with two Goblins in reach and a Rat out of it."""
    return in_conflict(
        Board.blank(12, 10)
        .with_token(Token("aria", "Aria", Hex(3, 3), vitals=STATS, side="party"))
        .with_token(Token("g1", "Goblin One", Hex(4, 3), size=-1, side="enemy"))
        .with_token(Token("g2", "Goblin Two", Hex(3, 4), size=-1, side="enemy"))
        .with_token(Token("rat", "Far Rat", Hex(8, 7), side="enemy"))
    )


@pytest.fixture
def crowd(make_window, qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    win = make_window(MapDocument(crowd_board()))
    win.activateWindow()
    win.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is win.view)
    press(Key.Key_Period)  # Aria's turn
    assert win.scene.selection == ["aria"]
    return win


def choose(window: MainWindow, key: str) -> PickTargetTool:
    """Alt+A, then the mnemonic of action ``key``: the pick it starts."""
    press(Key.Key_A, Qt.KeyboardModifier.AltModifier)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    action = menu.findChild(QAction, f"action.{key}")
    assert action is not None and action.isEnabled(), key
    press(mnemonic(action))
    tool = window.scene.tool
    assert isinstance(tool, PickTargetTool)
    return tool


def test_the_target_cursor_goes_only_through_the_creatures_that_may_be_chosen(
    crowd: MainWindow,
) -> None:
    pick = choose(crowd, "strike")
    assert pick.refusals["rat"] is not None  # out of reach: never under the cursor
    seen = [pick.choice]
    for key in (Key.Key_Tab, Key.Key_Tab, Key.Key_Right, Key.Key_Down):
        press(key)
        seen.append(pick.choice)
    assert seen == ["g1", "g2", "g1", "g2", "g1"]  # nearest first, ties in reading order
    press(Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)  # what a real Shift+Tab sends
    assert pick.choice == "g2"
    press(Key.Key_Left)
    assert pick.choice == "g1"
    assert "Goblin One" in crowd.statusBar().currentMessage()
    press(Key.Key_Escape)
    assert not pick.active and pick.cursor.scene() is None  # the cursor went with the pick
    assert isinstance(crowd.scene.tool, SelectMoveTool)


def test_a_space_is_picked_with_the_keypad_cursor(crowd: MainWindow) -> None:
    pick = choose(crowd, "shove")
    press(Key.Key_Return)  # the cursor starts on Goblin One
    space = crowd.scene.tool
    assert isinstance(space, PickTargetTool) and space is not pick and not space.wants_token
    assert space.choice in space.spaces and space.cursor.isVisible()
    assert space.choice == Hex(3, 3)  # nearest Aria first: her own space is offered
    press(Key.Key_Tab)
    assert space.choice == Hex(3, 2)  # then one space away, in reading order
    assert Hex(2, 2) not in space.spaces
    press(Key.Key_4, Qt.KeyboardModifier.KeypadModifier)  # west, to a space not offered
    assert space.choice == Hex(2, 2)
    press(Key.Key_Return)  # refused with the reason; still picking
    assert crowd.scene.tool is space and "hatched" in crowd.statusBar().currentMessage()
    press(Key.Key_6, Qt.KeyboardModifier.KeypadModifier)
    press(Key.Key_Right)
    assert space.choice == Hex(4, 2) and space.cursor.hexes == {Hex(4, 2)}
    press(Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    request = crowd.conflict.flow.panel.current_request()
    assert request is not None and request.target == "g1" and request.destination == Hex(4, 2)
