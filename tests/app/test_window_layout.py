"""The GM's window at 1280×720 (#16): the map gets the window — every dock in one tabbed
column on the right, tab titles whole, Table mode (F10) hides every dock and brings the same
ones back, each dock's key brings its tab to the front, the layout survives a restart; the
hex readout follows an edit under a still mouse."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QScrollArea, QTabBar, QToolBar
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.resources import demo_map_path
from app.shell.main_window import MainWindow
from app.shell.workbench import DOCK_PLACES
from rules.board import hex_name
from tests.app.qt_helpers import activate

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


def first_start(qtbot: QtBot, settings: QSettings) -> MainWindow:
    """The window on the demo map as a new user first sees it: no saved layout, 1280×720,
    the map fitted, the docks built after the first paint built too."""
    window = MainWindow(MapDocument.open(demo_map_path()), settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.build_deferred()
    window.conflict.flow  # the Action dock too (built on the first action)  # noqa: B018
    window.fit_to_window()
    return window


@pytest.fixture
def window(qtbot: QtBot, settings: QSettings) -> MainWindow:
    return first_start(qtbot, settings)


def docks(window: MainWindow) -> list[QDockWidget]:
    return window.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)


def shown(window: MainWindow) -> set[str]:
    return {dock.objectName() for dock in docks(window) if not dock.isHidden()}


def seen(dock: QDockWidget) -> bool:
    """True if some of ``dock`` is on the screen (not hidden, not behind another tab)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def tab_bars(window: MainWindow) -> list[QTabBar]:
    """The dock column's tab bars on the screen."""
    bars = window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return [bar for bar in bars if bar.isVisible() and not bar.visibleRegion().isEmpty()]


def front_tabs(window: MainWindow) -> set[str]:
    return {bar.tabText(bar.currentIndex()) for bar in tab_bars(window)}


def press(window: MainWindow, key: str) -> None:
    """Type the shortcut ``key`` ("Ctrl+L") into the window."""
    window.layout().activate()
    QTest.keySequence(window, key)  # type: ignore[arg-type]


# -- the map gets the window -----------------------------------------------------------------
def test_the_map_gets_most_of_a_1280x720_window_on_first_start(window: MainWindow) -> None:
    assert (window.width(), window.height()) == (1280, 720)
    view = window.view
    assert view.width() >= 0.70 * window.width()
    assert view.height() >= 0.75 * window.height()
    board = window.scene.geometry.board_rect(window.document.board)
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.adjusted(-1, -1, 1, 1).contains(board)  # the demo map, at fit zoom


def test_the_map_keeps_its_share_with_every_dock_shown(window: MainWindow) -> None:
    for dock in docks(window):
        dock.show()
    window.layout().activate()
    assert (window.width(), window.height()) == (1280, 720)  # no dock grew the window
    assert window.view.width() >= 0.70 * window.width()
    assert window.view.height() >= 0.75 * window.height()


def test_no_dock_needs_a_sideways_scrollbar_in_the_column(window: MainWindow) -> None:
    window.scene.set_selection(["aria"])  # the Inspector with Pools and Skill Tiers
    for dock in docks(window):
        dock.show()
        dock.raise_()
        QTest.qWait(10)
        body = dock.widget()
        if isinstance(body, QScrollArea):
            bar = body.horizontalScrollBar()
            assert bar.maximum() == 0, f"{dock.windowTitle()} scrolls {bar.maximum()} px sideways"


def test_every_dock_stands_in_one_right_hand_column_of_two_tab_groups(
    window: MainWindow,
) -> None:
    every = docks(window)
    assert {dock.objectName() for dock in every} == set(DOCK_PLACES)
    for dock in every:
        dock.show()
    window.layout().activate()
    assert all(window.dockWidgetArea(d) == RIGHT and not d.isFloating() for d in every)
    in_front = [dock for dock in every if seen(dock)]
    assert len(in_front) == 2  # one per tab group: the others are tabs behind them
    assert len({(d.geometry().x(), d.width()) for d in in_front}) == 1  # one column
    assert min(d.geometry().x() for d in in_front) > window.view.geometry().right()
    groups = {frozenset([dock, *window.tabifiedDockWidgets(dock)]) for dock in every}
    assert len(groups) == 2


def test_every_tab_title_is_whole(window: MainWindow) -> None:
    for dock in docks(window):
        dock.show()
    window.layout().activate()
    bars = tab_bars(window)
    titles = [bar.tabText(i) for bar in bars for i in range(bar.count())]
    assert sorted(titles) == sorted(place.title for place in DOCK_PLACES.values())
    for bar in bars:
        metrics = QFontMetrics(bar.font())
        assert bar.elideMode() == Qt.TextElideMode.ElideNone
        for i in range(bar.count()):
            tab = bar.tabRect(i)
            assert tab.width() > metrics.horizontalAdvance(bar.tabText(i)), bar.tabText(i)
            assert bar.rect().contains(tab), f"{bar.tabText(i)} is scrolled out of its bar"


def test_the_view_menu_keeps_the_long_names(window: MainWindow) -> None:
    assert window.notes_dock.windowTitle() == "Notes"
    assert window.actions_by_id["view.notes"].text() == "&Labels and Notes"
    assert window.history_dock.windowTitle() == "History"
    assert window.actions_by_id["edit.history"].text() == "Undo &History"
    assert window.actions_by_id["view.tracker"].text() == "&Turn Order"


# -- Table mode ------------------------------------------------------------------------------
def test_table_mode_hides_every_dock_and_brings_the_same_ones_back(window: MainWindow) -> None:
    window.notes_dock.show()
    window.turns.tracker_dock.raise_()
    before, fronts = shown(window), front_tabs(window)
    assert before and "notes_dock" in before
    activate(window)
    press(window, "F10")
    assert window.in_table_mode and window.table_mode_action.isChecked()
    assert shown(window) == set()
    assert not any(bar.isVisible() for bar in window.findChildren(QToolBar))
    window.layout().activate()
    assert window.view.width() == window.width()  # the whole width for the map
    assert window.menuBar().isVisible() and window.statusBar().isVisible()
    press(window, "F10")
    assert not window.in_table_mode and not window.table_mode_action.isChecked()
    assert shown(window) == before
    window.layout().activate()
    assert front_tabs(window) == fronts
    assert all(bar.isVisible() for bar in window.findChildren(QToolBar))


def test_a_window_closed_in_table_mode_has_its_docks_next_time(
    window: MainWindow, qtbot: QtBot, settings: QSettings
) -> None:
    window.notes_dock.show()
    before = shown(window)
    window.toggle_table_mode()
    assert shown(window) == set()
    assert window.close()
    again = first_start(qtbot, settings)
    assert shown(again) == before and not again.in_table_mode
    assert again.view.width() >= 0.70 * again.width()  # the column came back as it was


def test_the_column_survives_a_restart(
    window: MainWindow, qtbot: QtBot, settings: QSettings
) -> None:
    window.turns.tracker_dock.raise_()
    window.layout().activate()
    column = window.turns.tracker_dock.width()
    fronts = front_tabs(window)
    assert window.close()
    again = first_start(qtbot, settings)
    again.layout().activate()
    assert front_tabs(again) == fronts and "Turns" in fronts
    assert again.turns.tracker_dock.width() == column
    assert all(again.dockWidgetArea(d) == RIGHT for d in docks(again))


def test_an_old_two_column_layout_is_not_restored(qtbot: QtBot, settings: QSettings) -> None:
    window = first_start(qtbot, settings)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.terrain_dock)
    settings.setValue("window/state", window.saveState(0))  # as the window before #16 saved
    settings.setValue("window/geometry", window.saveGeometry())
    again = first_start(qtbot, settings)
    assert again.dockWidgetArea(again.terrain_dock) == RIGHT
    assert again.view.width() >= 0.70 * again.width()


# -- a dock's key brings its tab to the front ------------------------------------------------
@pytest.mark.parametrize(
    ("key", "dock_of", "over"),
    [
        ("Ctrl+L", lambda w: w.notes_dock, lambda w: w.history_dock),
        ("Ctrl+H", lambda w: w.history_dock, lambda w: w.notes_dock),
        ("Ctrl+Shift+T", lambda w: w.turns.tracker_dock, lambda w: w.rules.inspector_dock),
    ],
    ids=["labels-and-notes", "undo-history", "turn-order"],
)
def test_a_docks_key_shows_raises_and_then_hides_its_tab(
    window: MainWindow,
    key: str,
    dock_of,
    over,  # type: ignore[no-untyped-def]
) -> None:
    dock, other = dock_of(window), over(window)
    dock.hide()
    other.show()
    other.raise_()
    activate(window)
    press(window, key)  # hidden: shown, in front
    assert seen(dock) and dock.windowTitle() in front_tabs(window)
    assert other in window.tabifiedDockWidgets(dock) and not seen(other)
    assert window.actions_by_id[_entry(key)].isChecked()
    other.raise_()  # another tab in front of it
    window.layout().activate()
    assert not seen(dock) and not window.actions_by_id[_entry(key)].isChecked()
    press(window, key)  # shown behind: raised, not hidden
    assert seen(dock) and dock.windowTitle() in front_tabs(window)
    press(window, key)  # in front: hidden
    assert dock.isHidden() and not window.actions_by_id[_entry(key)].isChecked()
    assert seen(other)


def test_a_dock_brought_forward_by_its_key_takes_the_keyboard(window: MainWindow) -> None:
    library = window.tokens.library_dock
    library.hide()
    activate(window)
    window.view.setFocus()
    press(window, "Ctrl+Shift+L")  # hidden: shown in front, with the keyboard
    assert seen(library)
    assert library.isAncestorOf(QApplication.focusWidget())  # its search field


def test_f6_walks_the_keyboard_from_the_map_through_the_docks_and_back(
    window: MainWindow,
) -> None:
    activate(window)
    window.view.setFocus()
    visited = []
    for _ in range(3):
        press(window, "F6")
        focus = QApplication.focusWidget()
        owner = next((d for d in docks(window) if d.isAncestorOf(focus)), None)
        visited.append(owner.objectName() if owner else "map" if focus is window.view else "?")
    assert visited[-1] == "map" and len(set(visited[:-1])) == 2  # the two tab groups' fronts
    assert "?" not in visited


def _entry(key: str) -> str:
    return {"Ctrl+L": "view.notes", "Ctrl+H": "edit.history", "Ctrl+Shift+T": "view.tracker"}[key]


# -- the hex readout -------------------------------------------------------------------------
def test_the_hex_readout_follows_a_paint_under_a_still_mouse(window: MainWindow) -> None:
    board = window.document.board
    h = next(
        h
        for h in board.hexes()
        if board.terrain_at(h).elevation == 0
        and not board.terrain_at(h).blocked
        and all(t.position != h for t in board.tokens.values())
    )
    viewport = window.view.viewport()
    point = window.view.mapFromScene(window.scene.geometry.center(h))
    QTest.mouseMove(viewport, point + QPoint(3, 0))
    QTest.mouseMove(viewport, point)
    assert window.hex_label.text().startswith(
        f"{hex_name(window.document.board, h)} ({h.q}, {h.r})"
    )
    assert "elevation 0" in window.hex_label.text()
    dock = window.terrain_dock
    dock.layer_box.setCurrentIndex(dock.layer_box.findData("elevation"))
    dock.value_box.setValue(2)
    dock.radius_box.setValue(0)
    dock.choose_tool("brush")
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert window.document.board.terrain_at(h).elevation == 2
    assert "elevation 2" in window.hex_label.text()  # the mouse never moved
    window.actions_by_id["edit.undo"].trigger()
    assert "elevation 0" in window.hex_label.text()
    assert window.hex_label.text().startswith(
        f"{hex_name(window.document.board, h)} ({h.q}, {h.r})"
    )


def test_the_hex_readout_clears_when_the_hovered_hex_leaves_the_map(window: MainWindow) -> None:
    from rules import Orientation

    h = max(window.document.board.hexes(), key=lambda h: (h.r, h.q))  # the far corner
    viewport = window.view.viewport()
    point = window.view.mapFromScene(window.scene.geometry.center(h))
    QTest.mouseMove(viewport, point + QPoint(3, 0))
    QTest.mouseMove(viewport, point)
    assert window.hex_label.text().startswith(
        f"{hex_name(window.document.board, h)} ({h.q}, {h.r})"
    )
    window.session.new_map(12, 9, Orientation.POINTY, "Small")
    assert not window.document.board.contains(h)
    assert window.hex_label.text() == "—"
