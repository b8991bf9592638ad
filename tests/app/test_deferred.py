"""The parts of the window built after the first paint (app/shell/deferred.py): a View-menu
stand-in builds and shows its part before the build and follows the real action after it;
a dock saved as shown comes back shown after a restart; closing before the build keeps
the saved layout."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.shell.deferred import Deferred, after_first_paint, stand_in_toggle
from app.shell.main_window import MainWindow
from rules import Board


# -- Deferred and its stand-in ---------------------------------------------------------------
def test_a_deferred_part_is_built_once_on_first_ask_and_tells_who_waits() -> None:
    built: list[str] = []
    part = Deferred(lambda: built.append("part") or "the part")
    seen: list[str] = []
    part.when_built(seen.append)
    assert part.if_built() is None and built == [] and seen == []
    assert part.get() == "the part" and part.get() == "the part"
    assert built == ["part"] and seen == ["the part"] and part.if_built() == "the part"
    part.when_built(seen.append)  # already built: at once
    assert seen == ["the part", "the part"]


def _dock_part(qtbot: QtBot) -> tuple[QMainWindow, Deferred[QDockWidget]]:
    window = QMainWindow()
    qtbot.addWidget(window)

    def build() -> QDockWidget:
        dock = QDockWidget("Roll Log", window)
        dock.setObjectName("some_dock")
        window.addDockWidget(window.dockWidgetArea(dock), dock)
        dock.hide()
        return dock

    return window, Deferred(build)


def test_a_stand_in_builds_and_shows_its_part_when_triggered(qtbot: QtBot) -> None:
    window, part = _dock_part(qtbot)
    stand_in = stand_in_toggle("Roll Log", window, part, QDockWidget.toggleViewAction)
    assert (stand_in.text(), stand_in.isCheckable(), stand_in.isChecked()) == (
        "Roll Log",
        True,
        False,
    )
    assert part.if_built() is None
    stand_in.trigger()
    dock = part.if_built()
    assert dock is not None and not dock.isHidden()
    assert stand_in.isChecked() and dock.toggleViewAction().isChecked()


def test_after_the_build_a_stand_in_follows_the_real_action(qtbot: QtBot) -> None:
    window, part = _dock_part(qtbot)
    stand_in = stand_in_toggle("Roll Log", window, part, QDockWidget.toggleViewAction)
    real = part.get().toggleViewAction()
    assert not stand_in.isChecked()
    real.trigger()  # shown from elsewhere (the dock's own action)
    assert stand_in.isChecked() and not part.get().isHidden()
    real.setText("Roll Log and Dice")
    real.setEnabled(False)
    assert (stand_in.text(), stand_in.isEnabled()) == ("Roll Log and Dice", False)
    real.setEnabled(True)
    stand_in.trigger()  # hides it through the real action
    assert not real.isChecked() and part.get().isHidden() and not stand_in.isChecked()


def test_after_first_paint_waits_for_the_paint_then_the_idle_loop(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[str] = []
    after_first_paint(widget, lambda: calls.append("built"))
    qtbot.wait(20)
    assert calls == []  # never painted: nothing yet
    widget.show()
    qtbot.waitUntil(lambda: calls == ["built"])
    widget.update()
    qtbot.wait(20)
    assert calls == ["built"]  # once


# -- the main window -------------------------------------------------------------------------
def _unshown(qtbot: QtBot, settings: QSettings) -> MainWindow:
    """A window never painted: its deferred parts are not built."""
    window = MainWindow(MapDocument(Board.blank(10, 8)), settings)
    qtbot.addWidget(window)
    return window


def _shown(qtbot: QtBot, settings: QSettings) -> MainWindow:
    """A window shown and painted, with its deferred parts built after the paint."""
    window = MainWindow(MapDocument(Board.blank(10, 8)), settings)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.deferred_roll_log.if_built() is not None)
    return window


def _roll_log_shown(window: MainWindow) -> bool:
    dock = window.deferred_roll_log.if_built()
    return dock is not None and not dock.isHidden()


def test_view_roll_log_before_the_build_builds_and_shows_the_dock(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = _unshown(qtbot, settings)
    action: QAction = window.actions_by_id["view.roll_log"]
    assert window.deferred_roll_log.if_built() is None
    assert action.shortcut().toString() == "Ctrl+Shift+D" and not action.isChecked()
    action.trigger()
    assert _roll_log_shown(window) and action.isChecked()
    window.build_deferred()  # the build after the paint keeps it as it is
    assert _roll_log_shown(window) and action.isChecked()


def test_view_roll_log_after_the_build_follows_the_dock(qtbot: QtBot, settings: QSettings) -> None:
    window = _shown(qtbot, settings)
    action = window.actions_by_id["view.roll_log"]
    dock = window.roll_log_dock
    assert dock.isHidden() and not action.isChecked()
    dock.toggleViewAction().trigger()
    assert action.isChecked() and not dock.isHidden()
    action.trigger()
    assert dock.isHidden() and not dock.toggleViewAction().isChecked()


def test_a_deferred_dock_saved_as_shown_is_shown_after_a_restart(
    qtbot: QtBot, settings: QSettings
) -> None:
    first = _shown(qtbot, settings)
    first.actions_by_id["view.roll_log"].trigger()
    assert _roll_log_shown(first)
    assert first.close()
    again = _shown(qtbot, settings)
    assert _roll_log_shown(again) and again.actions_by_id["view.roll_log"].isChecked()


def test_closing_before_the_build_keeps_the_saved_layout(qtbot: QtBot, settings: QSettings) -> None:
    first = _shown(qtbot, settings)
    first.actions_by_id["view.roll_log"].trigger()
    assert first.close()
    saved = settings.value("window/state")
    assert saved is not None
    early = _unshown(qtbot, settings)
    settings.remove("window/geometry")
    assert early.close()  # before its first paint: the docks built later are not there
    assert settings.value("window/geometry") is not None  # it did save what it could
    assert settings.value("window/state") == saved
    again = _shown(qtbot, settings)
    assert _roll_log_shown(again)
