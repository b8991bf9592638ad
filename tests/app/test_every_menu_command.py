"""Every menu entry, dock and tool of the main window, clicked through the way a GM would
(issue #15's last acceptance step: "every menu, dock and tool still works").

The menus are walked as shown (``aboutToShow`` fills the Movement and Actions menus from the
rules), recursively: the menu bar (:data:`app.shell.menus.MENUS` and
:data:`~app.shell.menus.MENU_COMMANDS`, with what the Movement and Actions features fill
in), a token's right-click menu, the Player View's menus and the Battle Map dock's keys.
Modal dialogs answer at once (cancelled, or for a few an accepted value), a tool an entry
starts is left with Esc (back to Select), and no error may reach
:data:`sys.excepthook` (where :mod:`app.shell.crash_log` would show it). An entry that
edits the map is undone by Edit → Undo back to the board it was on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QColor, QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QColorDialog,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMenu,
    QMessageBox,
    QWidget,
)

from app.controllers.movement_choices import idle_choices
from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.shell.menus import MENU_COMMANDS, SEPARATOR
from app.tools.jump import JumpTool
from app.tools.pick_target import PickTargetTool
from app.tools.shove import ShoveTool
from app.widgets.docks.tracker import BUTTONS
from rules import DIRECTIONS, Board
from rules.actions import ACTIONS
from tests.app.conflict_helpers import in_conflict
from tests.app.qt_helpers import activate, png_bytes

Caught = tuple[str, type[BaseException], BaseException, TracebackType | None]

# -- the entries, by the object name each action carries ---------------------------------
UNDO_IDS = ("edit.undo", "edit.redo")  # what every other entry is undone with
TURN_IDS = tuple(f"turn.{button_id}" for button_id, *_rest in BUTTONS)
MENU_IDS = tuple(
    c.id
    for c in MENU_COMMANDS
    if c.text != SEPARATOR and c.id != "file.recent" and c.id not in TURN_IDS
)
MOVEMENT_IDS = tuple(f"movement.{c.id}" for c in idle_choices(""))
ACTION_IDS = tuple(f"action.{key}" for key in ACTIONS)
BEFORE_A_CONFLICT = ("turn.add", "turn.start")
IN_CONFLICT = (
    *(i for i in TURN_IDS if i not in BEFORE_A_CONFLICT),
    *MOVEMENT_IDS,
    *ACTION_IDS,
)
"""Tried on the demo map in a conflict (Aria's turn), where most of them are allowed; the
rest on the demo map as it opens, Aria selected."""
ACCEPTED = ("edit.map_properties", "edit.token_properties", "rules.options")
"""Entries whose dialog is accepted as it opens (the others' dialogs are cancelled)."""
CLOSES_THE_WINDOW = "file.quit"


# -- answers for the modal dialogs -------------------------------------------------------
class Answers:
    """What the patched dialogs answer: ``accept`` for QDialog.exec, ``open_file`` and
    ``save_file`` for QFileDialog (``""``: cancelled); every dialog asked is in ``asked``."""

    def __init__(self) -> None:
        self.accept = False
        self.open_file = ""
        self.save_file = ""
        self.asked: list[str] = []

    def exec_dialog(self, dialog: QDialog) -> int:
        self.asked.append(type(dialog).__name__)
        code = QDialog.DialogCode.Accepted if self.accept else QDialog.DialogCode.Rejected
        dialog.done(int(code.value))
        return int(code.value)


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    """No dialog blocks: exec answers at once, the static getters return "cancelled" or
    the value set in :class:`Answers` (QMessageBox questions: conftest's ``dialogs``)."""
    given = Answers()
    monkeypatch.setattr(QDialog, "exec", lambda self: given.exec_dialog(self))
    monkeypatch.setattr(QMessageBox, "exec", lambda self: given.exec_dialog(self))
    monkeypatch.setattr(QMessageBox, "about", lambda *_a: given.asked.append("about"))
    monkeypatch.setattr(QMessageBox, "aboutQt", lambda *_a: given.asked.append("aboutQt"))

    def file_getter(which: str) -> Callable[..., tuple[str, str]]:
        def get(*_args: object, **_kwargs: object) -> tuple[str, str]:
            given.asked.append(which)
            return str(getattr(given, which)), ""

        return get

    monkeypatch.setattr(QFileDialog, "getOpenFileName", file_getter("open_file"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", file_getter("save_file"))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *_a, **_k: ([], ""))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_a, **_k: "")
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: ("", False))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *_a, **_k: (0, False))
    monkeypatch.setattr(QInputDialog, "getDouble", lambda *_a, **_k: (0.0, False))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *_a, **_k: ("", False))
    monkeypatch.setattr(QColorDialog, "getColor", lambda *_a, **_k: QColor())
    return given


class Errors(list[Caught]):
    """The errors that reached :data:`sys.excepthook`, each with the entry running then."""

    entry = ""

    def hook(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        self.append((self.entry, kind, error, tb))

    def __str__(self) -> str:
        import traceback

        return "\n".join(
            f"{entry or 'outside an entry'}:\n" + "".join(traceback.format_exception(k, e, tb))
            for entry, k, e, tb in self
        )


@contextmanager
def caught_errors() -> Iterator[Errors]:
    """Every error that reaches :data:`sys.excepthook` (an exception in a slot) meanwhile.
    Set inside the test body: pytest-qt sets its own hook around each test phase."""
    caught = Errors()
    before = sys.excepthook
    sys.excepthook = caught.hook
    try:
        yield caught
    finally:
        sys.excepthook = before


# -- the window and its menus --------------------------------------------------------------


@pytest.fixture
def picture(tmp_path: Path) -> Path:
    path = tmp_path / "battle.png"
    path.write_bytes(png_bytes("#6a8", 64))
    return path


def open_window(
    make_window: Callable[[MapDocument], MainWindow], board: Board | Path
) -> MainWindow:
    document = MapDocument.open(board) if isinstance(board, Path) else MapDocument(board)
    window = make_window(document)
    window.build_deferred()  # as just after the first paint
    return window


def entries(menu: QMenu, path: str) -> Iterator[tuple[str, QAction]]:
    """``(key, action)`` of every entry of ``menu`` and its submenus, as shown now; the key
    is the action's object name, or the menu path of its text."""
    menu.aboutToShow.emit()
    for action in list(menu.actions()):
        if action.isSeparator():
            continue
        name = f"{path}/{action.text().replace('&', '')}"
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from entries(sub, name)
        else:
            yield action.objectName() or name, action
    menu.aboutToHide.emit()


def menubar_entries(window: MainWindow) -> dict[str, QAction]:
    found: dict[str, QAction] = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            found.update(entries(menu, menu.title().replace("&", "")))
    return found


def menubar_entry(window: MainWindow, key: str) -> tuple[QAction | None, bool]:
    """The entry ``key`` with the menus shown now, and whether it is enabled while shown
    (the Movement menu enables every key again when it hides)."""
    for top in window.menuBar().actions():
        menu = top.menu()
        if not isinstance(menu, QMenu):
            continue
        menu.aboutToShow.emit()
        shown = dict(entries(menu, menu.title().replace("&", "")))
        enabled = key in shown and shown[key].isEnabled()
        menu.aboutToHide.emit()
        if key in shown:
            return shown[key], enabled
    return None, False


def token_menu(window: MainWindow, token_id: str) -> QMenu:
    """The right-click menu of ``token_id``, as a right click on it opens it."""
    window.movement.context_menu = None
    item = window.scene.token_item(token_id)
    assert item is not None
    pos = window.view.mapFromScene(item.pos())
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, pos, window.view.viewport().mapToGlobal(pos)
    )
    QApplication.sendEvent(window.view.viewport(), event)
    menu = window.movement.context_menu
    assert menu is not None
    menu.hide()
    return menu


def settle(window: MainWindow) -> None:
    """After an entry: close the dialogs it left open and press Esc over the map (a tool
    it started is cancelled)."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible():
            widget.reject()
        elif isinstance(widget, QMenu) and widget.isVisible():
            widget.hide()
    if window.isVisible():
        QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)


def assert_shows_the_map(window: MainWindow) -> None:
    assert window.isVisible() and window.centralWidget() is window.view
    assert window.view.scene() is window.scene
    assert set(window.scene.token_items()) == set(window.document.board.tokens)
    assert window.scene.grid_item.scene() is window.scene


def trigger_and_undo(window: MainWindow, action: QAction, key: str, problems: list[str]) -> bool:
    """Trigger ``action``; if it pushed undo steps, Edit → Undo them and note in ``problems``
    a board that does not come back (or a map changed with no undo step). True if it
    pushed any."""
    stack, before = window.document.undo_stack, window.document.board
    count = stack.count() if stack.index() == stack.count() else stack.index()
    action.trigger()
    settle(window)
    if window.document.undo_stack is not stack:
        return False  # another map is open (File → New, Open): nothing to undo on this one
    edited = stack.index() > count
    undo = window.actions_by_id["edit.undo"]
    while stack.index() > count and undo.isEnabled():
        undo.trigger()
    if stack.index() > count:
        problems.append(f"{key}: Edit → Undo is disabled with steps to undo")
    elif window.document.board != before:
        problems.append(f"{key}: the board is not what it was after undoing its steps")
    return edited


# -- 1. every entry of every menu ------------------------------------------------------------
@pytest.mark.parametrize(
    ("scene", "selected"),
    [("peace", "aria"), ("peace", None), ("conflict", "aria")],
    ids=["peace-aria-selected", "peace-nothing-selected", "conflict-aria-selected"],
)
def test_every_enabled_menubar_entry_runs_without_an_error(
    make_window: Callable[[MapDocument], MainWindow],
    answers: Answers,
    demo_copy: Path,
    scene: str,
    selected: str | None,
) -> None:
    board: Board | Path = (
        demo_copy if scene == "peace" else in_conflict(MapDocument.open(demo_copy).board)
    )
    window = open_window(make_window, board)
    keys = list(menubar_entries(window))
    assert set(MENU_IDS) <= set(keys) and set(TURN_IDS) <= set(keys)
    assert set(MOVEMENT_IDS) <= set(keys)
    ran: list[str] = []
    edited: list[str] = []
    problems: list[str] = []
    with caught_errors() as caught:
        for key in [k for k in keys if k != CLOSES_THE_WINDOW] + [CLOSES_THE_WINDOW]:
            window.scene.set_selection([selected] if selected else [])
            action, enabled = menubar_entry(window, key)
            if action is None or not enabled:
                continue
            if key == CLOSES_THE_WINDOW:
                assert_shows_the_map(window)
            ran.append(key)
            caught.entry = key
            if trigger_and_undo(window, action, key, problems):
                edited.append(key)
    assert not caught, str(caught)
    assert problems == []
    if selected:  # the entries that edit the map did edit it (and were undone)
        expected = {"edit.cut", "edit.duplicate", "edit.delete", "movement.posture.prone"}
        expected |= {"turn.add"} if scene == "peace" else {"turn.next", "turn.wait", "turn.end"}
        assert expected <= set(edited), edited
    assert CLOSES_THE_WINDOW in ran and not window.isVisible()  # unmodified: no question
    assert len(ran) >= 30, ran


def test_every_entry_of_a_tokens_right_click_menu_runs(
    make_window: Callable[[MapDocument], MainWindow], answers: Answers, demo_copy: Path
) -> None:
    window = open_window(make_window, in_conflict(MapDocument.open(demo_copy).board))
    keys = [k for k, a in entries(token_menu(window, "aria"), "aria") if a.isEnabled()]
    assert {"movement.jump", "movement.shove", "action.strike"} <= set(keys)
    problems: list[str] = []
    with caught_errors() as caught:
        for key in keys:
            shown = dict(entries(token_menu(window, "aria"), "aria"))
            caught.entry = key
            if key in shown and shown[key].isEnabled():
                trigger_and_undo(window, shown[key], key, problems)
            assert window.scene.tool is window.scene.select_tool, key
    assert not caught, str(caught)
    assert problems == []
    assert_shows_the_map(window)


def test_every_entry_of_the_player_views_menus_runs(
    make_window: Callable[[MapDocument], MainWindow], answers: Answers, demo_copy: Path
) -> None:
    window = open_window(make_window, demo_copy)
    player = window.player_window
    with caught_errors() as caught:
        window.actions_by_id["view.player"].trigger()
        assert player.isVisible()
        menu = QMenu()  # the Player View's right-click menu: its view's actions
        menu.addActions(player.view.actions())
        keys = [k for k, _a in entries(menu, "Player View")]
        assert any("Scale/" in k for k in keys) and any("Full Screen On/" in k for k in keys)
        for key, action in entries(menu, "Player View"):
            caught.entry = key
            if action.isEnabled():
                action.trigger()
        player.leave_full_screen_action.trigger()
        assert not player.isFullScreen()
        window.actions_by_id["view.player"].trigger()
        assert not player.isVisible()
    assert not caught, str(caught)
    assert_shows_the_map(window)


def test_the_battle_map_entries_import_nudge_scale_and_undo(
    make_window: Callable[[MapDocument], MainWindow],
    answers: Answers,
    demo_copy: Path,
    picture: Path,
) -> None:
    window = open_window(make_window, demo_copy)
    before = window.document.board
    problems: list[str] = []
    with caught_errors() as caught:
        answers.open_file = str(picture)
        window.actions_by_id["file.import_picture"].trigger()
        assert window.document.board.background is not None
        imported = window.document.board
        window.actions_by_id["view.battle_map"].trigger()  # toggled: hidden, then shown again
        window.actions_by_id["view.battle_map"].trigger()
        keys = [action for action in window.picture_dock.actions() if not action.isSeparator()]
        assert len(keys) >= 10
        for action in keys:
            caught.entry = action.shortcut().toString()
            trigger_and_undo(window, action, action.shortcut().toString(), problems)
        assert window.document.board == imported
        window.actions_by_id["edit.undo"].trigger()
    assert not caught, str(caught)
    assert problems == []
    assert window.document.board == before and window.document.board.background is None


def test_the_file_entries_with_a_name_given_save_open_and_start_a_map(
    make_window: Callable[[MapDocument], MainWindow],
    answers: Answers,
    demo_copy: Path,
    tmp_path: Path,
) -> None:
    window = open_window(make_window, demo_copy)
    saved = tmp_path / "saved as.hexmap"
    with caught_errors() as caught:
        answers.save_file = str(saved.with_suffix(""))  # the suffix is added
        window.actions_by_id["file.save_as"].trigger()
        assert saved.is_file() and window.document.path == saved
        answers.accept = True
        window.actions_by_id["file.new"].trigger()  # the dialog's defaults
        assert window.document.path is None and window.document.board.tokens == {}
        answers.open_file = str(saved)
        window.actions_by_id["file.open"].trigger()
        assert window.document.path == saved
        assert window.document.board == MapDocument.open(demo_copy).board
        recent = [k for k in menubar_entries(window) if k.startswith("File/Open Recent/")]
        assert any(saved.name in k for k in recent)
    assert not caught, str(caught)
    assert_shows_the_map(window)


# -- 2. an entry that edits the map is undone back to the board it was on --------------------
@pytest.mark.parametrize(
    "key", (*(i for i in MENU_IDS if i not in UNDO_IDS), *BEFORE_A_CONFLICT, *IN_CONFLICT)
)
def test_undo_brings_the_board_back_after(
    make_window: Callable[[MapDocument], MainWindow],
    answers: Answers,
    demo_copy: Path,
    key: str,
) -> None:
    in_a_conflict = key in IN_CONFLICT
    window = open_window(
        make_window, in_conflict(MapDocument.open(demo_copy).board) if in_a_conflict else demo_copy
    )
    window.scene.set_selection(["aria"])
    answers.accept = key in ACCEPTED
    action, enabled = menubar_entry(window, key)
    assert action is not None, f"{key} is in no menu"
    if not enabled:
        pytest.skip(f"{key} is disabled here: {action.toolTip()}")
    stack, before = window.document.undo_stack, window.document.board
    with caught_errors() as caught:
        caught.entry = key
        action.trigger()
        settle(window)
        if window.document.undo_stack is stack and stack.count() > 0:
            while window.actions_by_id["edit.undo"].isEnabled():
                window.actions_by_id["edit.undo"].trigger()
    assert not caught, str(caught)
    if key == CLOSES_THE_WINDOW:
        assert not window.isVisible()
        return
    assert_shows_the_map(window)
    if window.document.undo_stack is stack:
        assert stack.index() == 0
        assert window.document.board == before, "the board changed with no undo step left"


# -- 3. docks and the Player View ------------------------------------------------------------
DOCK_ENTRIES = (
    "edit.history",
    "view.terrain",
    "view.notes",
    "view.library",
    "view.areas",
    "view.inspector",
    "view.tracker",
    "view.roll_log",
    "view.battle_map",
)


def dock_of(window: MainWindow, key: str) -> QWidget:
    return {
        "edit.history": lambda: window.history_dock,
        "view.terrain": lambda: window.terrain_dock,
        "view.notes": lambda: window.notes_dock,
        "view.library": lambda: window.tokens.library_dock,
        "view.areas": lambda: window.rules.area_dock,
        "view.inspector": lambda: window.rules.inspector_dock,
        "view.tracker": lambda: window.turns.tracker_dock,
        "view.roll_log": lambda: window.roll_log_dock,
        "view.battle_map": lambda: window.picture_dock,
    }[key]()


@pytest.mark.parametrize("built", [False, True], ids=["before-first-paint", "after"])
def test_every_dock_in_the_menus_shows_and_hides_by_its_entry(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path, built: bool
) -> None:
    window = make_window(MapDocument.open(demo_copy))
    if built:
        window.build_deferred()
    view_menu = {k for k in menubar_entries(window) if k.startswith("view.")}
    assert set(DOCK_ENTRIES) - {"edit.history"} <= view_menu
    with caught_errors() as caught:
        for key in DOCK_ENTRIES:
            caught.entry = key
            action = window.actions_by_id[key]
            for _twice in range(2):
                shown = action.isChecked()
                action.trigger()
                dock = dock_of(window, key)
                assert dock.isVisible() is not shown, key
                assert action.isChecked() is not shown, key
    assert not caught, str(caught)
    assert_shows_the_map(window)


def test_f5_opens_the_player_view_and_its_entry_closes_it(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = make_window(MapDocument.open(demo_copy))
    activate(window)
    with caught_errors() as caught:
        QTest.keyClick(window.view, Qt.Key.Key_F5)
        player = window.player_window
        assert player.isVisible() and window.actions_by_id["view.player"].isChecked()
        player.pause_action.trigger()  # its own Pause (Shift+F5 over the Player View)
        assert player.paused and window.actions_by_id["view.player_pause"].isChecked()
        window.actions_by_id["view.player_pause"].trigger()
        assert not player.paused
        window.actions_by_id["view.player"].trigger()
        assert not player.isVisible() and not window.actions_by_id["view.player"].isChecked()
    assert not caught, str(caught)
    assert_shows_the_map(window)


# -- 4. each tool starts and is left -----------------------------------------------------
def start_action_pick(window: MainWindow) -> None:
    """Actions → Strike with the Fire Rat moved next to Aria: click the target."""
    board = window.document.board
    beside = board.token("aria").position + DIRECTIONS[0]
    window.controller.push(board.with_token_moved("rat", beside), "Rat beside Aria")
    window.scene.set_selection(["aria"])
    action, enabled = menubar_entry(window, "action.strike")
    assert action is not None and enabled
    action.trigger()


ONE_SHOT_TOOLS: dict[str, tuple[Callable[[MainWindow], object], type]] = {
    "jump": (lambda w: w.movement.jump("aria"), JumpTool),
    "shove": (lambda w: w.movement.shove("aria"), ShoveTool),
    "action-target-pick": (start_action_pick, PickTargetTool),
}
"""Tools that end with Esc (back to Select and Move)."""
MODES: dict[str, Callable[[MainWindow], object]] = {
    "select": lambda w: w.terrain_dock.choose_tool("select"),
    "brush": lambda w: w.terrain_dock.choose_tool("brush"),
    "line": lambda w: w.actions_by_id["paint.line"].trigger(),
    "fill": lambda w: w.terrain_dock.choose_tool("fill"),
    "pick": lambda w: w.actions_by_id["paint.pick"].trigger(),
    "area": lambda w: w.actions_by_id["rules.area"].trigger(),
    "measure": lambda w: w.actions_by_id["rules.measure"].trigger(),
    "battle-map-fit": lambda w: w.picture_dock.start_fit(),
}
"""Modes a GM stays in until done: Esc leaves them too, back to Select and Move (issue
#16: "Esc always returns to Select"); so does Rules → Select and Move (S)."""


@pytest.mark.parametrize("name", list(ONE_SHOT_TOOLS))
def test_a_one_shot_tool_starts_and_esc_leaves_it(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path, name: str
) -> None:
    window = open_window(make_window, in_conflict(MapDocument.open(demo_copy).board))
    start, kind = ONE_SHOT_TOOLS[name]
    with caught_errors() as caught:
        window.scene.set_selection(["aria"])
        start(window)
        before = window.document.board
        assert isinstance(window.scene.tool, kind)
        window.view.setFocus()
        QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert not caught, str(caught)
    assert window.scene.tool is window.scene.select_tool
    assert window.document.board is before


@pytest.mark.parametrize("name", list(MODES))
@pytest.mark.parametrize("leave", ["esc", "select"])
def test_a_mode_starts_and_esc_or_select_leaves_it(
    make_window: Callable[[MapDocument], MainWindow],
    answers: Answers,
    demo_copy: Path,
    picture: Path,
    name: str,
    leave: str,
) -> None:
    window = open_window(make_window, demo_copy)
    if name == "battle-map-fit":
        assert window.picture_dock.import_path(picture, show_progress=False)
    before = window.document.board
    with caught_errors() as caught:
        window.scene.set_selection(["aria"])
        MODES[name](window)
        tool = window.scene.tool
        assert (tool is window.scene.select_tool) is (name == "select")
        QTest.mouseMove(window.view.viewport(), QPoint(400, 300))
        if leave == "esc":
            QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
        else:
            window.actions_by_id["rules.select"].trigger()
        QTest.mouseMove(window.view.viewport(), QPoint(420, 320))
    assert not caught, str(caught)
    assert window.scene.tool is window.scene.select_tool
    assert window.document.board is before
