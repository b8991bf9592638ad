"""Help (issue #16): Keyboard Shortcuts (F1) lists every key from the menus' own tables, a
one-screen tour shown once, and menu entries greyed with the reason while they cannot run."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.document import MapDocument
from app.shell.features.help import HelpFeature
from app.shell.main_window import MainWindow
from app.shell.menus import ACTION_ROLL_KEY as ROLL_KEY
from app.shell.menus import (
    MENU_COMMANDS,
    MOVEMENT_KEYS,
    SEPARATOR,
    TOOL_KEYS,
    shortcut_text,
    unresolved,
)
from app.widgets.dialogs.shortcuts import ShortcutsDialog
from app.widgets.dialogs.tour import SEEN_KEY, TourDialog
from tests.app.conflict_helpers import in_conflict
from tests.app.qt_helpers import activate, built


@pytest.fixture(autouse=True)
def _close_help_windows() -> Iterator[None]:
    """Close the (non-modal) Help windows a test left open, so later tests' mouse and
    keys reach their own window."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, (ShortcutsDialog, TourDialog)) and widget.isVisible():
            widget.close()


def open_window(
    make_window: Callable[[MapDocument], MainWindow], document: MapDocument
) -> MainWindow:
    return built(make_window(document))


def test_every_handler_and_availability_of_the_menu_table_exists(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    assert unresolved(window) == []


# -- Keyboard Shortcuts ---------------------------------------------------------------------
def test_f1_lists_every_shortcut_of_the_menus_the_movement_keys_the_roll_key_and_the_tools(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    activate(window)
    QTest.keyClick(window.view, Qt.Key.Key_F1)
    dialog = window.help.shortcuts_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    rows = {(keys, text) for _group, keys, text in dialog.rows()}
    listed_keys = {keys for keys, _text in rows}
    for command in MENU_COMMANDS:
        key = shortcut_text(command.shortcut)
        if key and command.text != SEPARATOR:
            assert key in listed_keys, command.id
            if command.text:
                assert (key, command.text.replace("&", "")) in rows, command.id
    for key in (*MOVEMENT_KEYS.values(), ROLL_KEY):
        assert shortcut_text(key) in listed_keys, key
    for hint in TOOL_KEYS:
        assert (hint.keys, hint.text) in rows
    groups = [group for group, _keys, _text in dialog.rows()]
    assert groups.index("File") < groups.index("Turn") < groups.index("Area tool")
    assert ("F1", "Keyboard Shortcuts…") in rows and ("F9", "Next Turn") in rows


def test_the_shortcuts_search_keeps_matching_rows_fits_the_screen_and_esc_closes_it(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    window.actions_by_id["help.shortcuts"].trigger()
    dialog = window.help.shortcuts_dialog
    assert dialog is not None
    everything = dialog.rows()
    QTest.keyClicks(dialog.search, "next TURN")
    found = dialog.rows()
    assert ("Turn", "F9", "Next Turn") in found and len(found) <= 3
    assert all("next" in " ".join(row).lower() or row[0] in ("View", "Lens") for row in found)
    dialog.search.setText("area")
    found = dialog.rows()
    assert {"Area tool", "Rules"} <= {g for g, _k, _t in found} and len(found) < len(everything)
    dialog.search.setText("no such key")
    assert dialog.rows() == [] and not dialog.empty.isHidden()
    dialog.search.clear()
    assert dialog.rows() == everything
    assert dialog.width() <= 1280 and dialog.height() <= 680  # 1280×720 with a title bar
    widest = max(dialog.tree.fontMetrics().horizontalAdvance(k) for _g, k, _t in everything)
    assert dialog.tree.columnWidth(0) >= widest + dialog.tree.indentation()  # no key cut off
    QTest.keyClick(dialog.search, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


# -- the tour -------------------------------------------------------------------------------
def test_the_tour_shows_once_then_never_by_itself_and_reopens_from_help(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path, settings: QSettings
) -> None:
    settings.remove(SEEN_KEY)
    window = open_window(make_window, MapDocument.open(demo_copy))  # the first paint's tour
    first = next(
        w for w in QApplication.topLevelWidgets() if isinstance(w, TourDialog) and w.isVisible()
    )
    assert isinstance(first, TourDialog) and first.isVisible() and not first.isModal()
    text = first.body.text()
    for said in ("Right-click", "Movement and Actions", "Area", "measures", "F8", "F9", "F5"):
        assert said in text, said
    assert settings.value(SEEN_KEY, False, type=bool)
    QTest.keyClick(first, Qt.Key.Key_Escape)
    assert not first.isVisible()
    assert HelpFeature(window, settings).offer_tour() is None  # the next start: no tour
    assert window.help.offer_tour() is None
    window.actions_by_id["help.tour"].trigger()
    assert first.isVisible()  # Help → Quick Tour: the same screen again
    first.reject()


def test_a_window_whose_settings_saw_the_tour_shows_none(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path, settings: QSettings
) -> None:
    settings.setValue(SEEN_KEY, True)
    window = open_window(make_window, MapDocument.open(demo_copy))
    assert window.help.offer_tour() is None
    tours = [w for w in QApplication.topLevelWidgets() if isinstance(w, TourDialog)]
    assert not [w for w in tours if w.isVisible() and w.parent() is window]


# -- greyed with the reason ----------------------------------------------------------------
def menu_of(window: MainWindow, title: str) -> QMenu:
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu) and menu.title().replace("&", "") == title:
            return menu
    raise AssertionError(f"no menu {title}")


def shown(menu: QMenu, action: QAction) -> tuple[bool, str]:
    """Whether ``action`` is enabled while ``menu`` is shown, and its tooltip then."""
    menu.aboutToShow.emit()
    state = (action.isEnabled(), action.toolTip())
    menu.aboutToHide.emit()
    return state


def test_every_menu_shows_its_entries_tooltips(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    menus = [a.menu() for a in window.menuBar().actions()]
    assert menus and all(isinstance(m, QMenu) and m.toolTipsVisible() for m in menus)


def test_edit_entries_are_greyed_with_the_reason_while_nothing_is_selected(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    QApplication.clipboard().clear()
    edit, actions = menu_of(window, "Edit"), window.actions_by_id
    window.scene.set_selection([])
    for key in ("edit.cut", "edit.copy", "edit.delete", "edit.duplicate", "edit.token_properties"):
        enabled, tip = shown(edit, actions[key])
        assert not enabled and "Select a token" in tip, key
    enabled, tip = shown(edit, actions["edit.paste"])
    assert not enabled and "Nothing to paste" in tip
    assert actions["edit.paste"].isEnabled()  # hidden again: Ctrl+V answers with the reason
    assert "Nothing to paste" not in actions["edit.paste"].toolTip()
    window.scene.set_selection(["aria", "rat"])
    assert shown(edit, actions["edit.copy"])[0]
    enabled, tip = shown(edit, actions["edit.token_properties"])
    assert not enabled and "2 tokens are selected" in tip
    actions["edit.copy"].trigger()
    assert shown(edit, actions["edit.paste"])[0]  # tokens on the clipboard


def test_turn_entries_are_greyed_with_the_tracker_reason_and_their_keys_still_answer(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    turn, actions = menu_of(window, "Turn"), window.actions_by_id
    window.scene.set_selection([])
    reasons = {
        "turn.next": "Add creatures, then Start",
        "turn.wait": "Add creatures, then Start",
        "turn.end": "No conflict",
        "turn.start": "Add creatures first",
        "turn.add": "Select creatures on the map first",
    }
    for key, reason in reasons.items():
        enabled, tip = shown(turn, actions[key])
        assert not enabled and tip.startswith("Not now: ") and reason in tip, (key, tip)
        assert actions[key].isEnabled()  # the menu hid: the key works again
    actions["turn.next"].trigger()  # F9 before a conflict: told why
    assert "Add creatures, then Start" in window.statusBar().currentMessage()


def test_act_now_is_greyed_until_a_waiting_creature_is_chosen(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument(in_conflict(MapDocument.open(demo_copy).board)))
    turn, actions = menu_of(window, "Turn"), window.actions_by_id
    assert shown(turn, actions["turn.next"])[0]
    enabled, tip = shown(turn, actions["turn.act_now"])
    assert not enabled and "Select a waiting creature in the list" in tip


def test_every_key_the_window_answers_is_listed_and_bound_once(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    """Walk the live window, not the tables: every shortcut of an action or QShortcut in
    it (docks built) is in Help → Keyboard Shortcuts, and no two window-wide actions
    share a key (Qt would fire neither)."""
    window = open_window(make_window, MapDocument.open(demo_copy))
    window.help.shortcuts()
    dialog = window.help.shortcuts_dialog
    assert dialog is not None
    listed = " | ".join(keys for _group, keys, _text in dialog.rows())
    native = QKeySequence.SequenceFormat.NativeText
    seen: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for sequence in action.shortcuts():
            key = sequence.toString(native).replace("Backtab", "Shift+Tab")  # one key to Qt
            assert key in listed, f"{action.objectName() or action.text()}: {key} not in F1"
            window_wide = action.shortcutContext() != Qt.ShortcutContext.WidgetShortcut
            if window_wide and action.parent() is window:
                assert seen.setdefault(key, action.objectName()) == action.objectName(), key
    for shortcut in window.findChildren(QShortcut):
        key = shortcut.key().toString(native)
        assert key in listed, f"{shortcut.objectName()}: {key} not in F1"
