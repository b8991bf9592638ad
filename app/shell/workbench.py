"""Workbench: the explicit dependencies a feature is built with (never the whole window).

:class:`Workbench` holds the session and the open map (:class:`CurrentDocument`), the map
controller, the scene and view, a :class:`~app.widgets.host.DockHost`, a
:class:`~app.widgets.host.StatusSink`. The main window makes one and passes it, with any
other feature's dock a feature needs, to each feature; no feature builds menus (the
menu bar is :mod:`app.shell.menus`' table, built once every feature exists).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStatusBar, QWidget

from app.controllers.map import MapController
from app.document.current import CurrentDocument
from app.document.session import Session
from app.scene.map_scene import MapScene
from app.widgets.host import RIGHT, DockHost, StatusSink
from app.widgets.map_view import MapView

__all__ = ["MainWindowDocks", "StatusBarSink", "Workbench"]


@dataclass(frozen=True)
class Workbench:
    """What features are built with."""

    session: Session
    current: CurrentDocument
    controller: MapController
    scene: MapScene
    view: MapView
    docks: DockHost
    status: StatusSink

    @property
    def parent(self) -> QWidget:
        """The parent of docks, dialogs and actions (the window, as a widget)."""
        return self.docks.widget


class MainWindowDocks:
    """A :class:`~app.widgets.host.DockHost` over a QMainWindow's dock areas."""

    def __init__(self, window: QMainWindow):
        self._window = window

    @property
    def widget(self) -> QWidget:
        return self._window

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea = RIGHT) -> None:
        self._window.addDockWidget(area, dock)

    def tabify(self, first: QDockWidget, second: QDockWidget) -> None:
        self._window.tabifyDockWidget(first, second)

    def tabify_with_column(self, dock: QDockWidget, area: Qt.DockWidgetArea = RIGHT) -> None:
        window = self._window
        for other in window.findChildren(QDockWidget):
            if other is not dock and window.dockWidgetArea(other) == area:
                window.tabifyDockWidget(other, dock)

    def give_height(self, dock: QDockWidget, fraction: float) -> None:
        height = int(self._window.height() * fraction)
        self._window.resizeDocks([dock], [height], Qt.Orientation.Vertical)

    def add_shortcut(self, action: QAction) -> None:
        self._window.addAction(action)


class StatusBarSink:
    """A :class:`~app.widgets.host.StatusSink` over a status bar."""

    def __init__(self, bar: QStatusBar):
        self._bar = bar

    def refuse(self, reason: str, msecs: int = 6000) -> None:
        self._bar.showMessage(f"⚠ {reason}", msecs)

    def say(self, text: str, msecs: int = 4000) -> None:
        self._bar.showMessage(text, msecs)
