"""What a feature or an attached widget needs from the window it lives in, and no more.

A :class:`DockHost` adds, tabs and raises docks and takes window-wide shortcuts; a
:class:`StatusSink` shows a refusal or a message. The main window provides both
(:mod:`app.shell.workbench`); a test may pass its own.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


class DockHost(Protocol):
    """Where docks go: the window's dock areas, its shortcuts, a parent for dialogs."""

    @property
    def widget(self) -> QWidget:
        """The parent of docks, dialogs and actions."""
        ...

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea = RIGHT) -> None:
        """Put ``dock`` in ``area`` (a window with a layout of its own, such as the main
        window's one column, puts it in its place there)."""
        ...

    def tabify(self, first: QDockWidget, second: QDockWidget) -> None:
        """Put ``second`` in a tab over ``first`` (unless the window's layout places it)."""
        ...

    def tabify_with_column(self, dock: QDockWidget, area: Qt.DockWidgetArea = RIGHT) -> None:
        """Put ``dock`` in a tab over the other docks in ``area`` (unless the window's
        layout places it)."""
        ...

    def give_height(self, dock: QDockWidget, fraction: float) -> None:
        """Give ``dock`` about ``fraction`` of the window's height."""
        ...

    def add_shortcut(self, action: QAction) -> None:
        """Make ``action``'s key work anywhere in the window."""
        ...


class StatusSink(Protocol):
    """Where a refusal or a message is shown (the status bar)."""

    def refuse(self, reason: str, msecs: int = 6000) -> None:
        """Say why something was refused (marked ⚠)."""
        ...

    def say(self, text: str, msecs: int = 4000) -> None:
        """Show ``text`` for ``msecs``."""
        ...
