"""The at-the-table panels of the main window: the Turn Order dock, its actions and its
Turn menu, and the token-state actions (conditions, Pools) the Inspector uses.

The window owns one :class:`PlayPanels`, like :class:`~app.shell.features.rules_tools.RulesPanels`;
the Player Window is attached by :func:`app.widgets.player_window.attach_player_window`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

from app.controllers.token_state import TokenStateActions
from app.controllers.turns import TurnActions
from app.widgets.docks.tracker import BUTTONS, TrackerDock

if TYPE_CHECKING:
    from app.document import MapDocument
    from app.shell.main_window import MainWindow


class PlayPanels:
    """Builds and connects the turn tracker, token-state edits and the player window."""

    def __init__(self, window: MainWindow):
        self._window = window
        self.turns = TurnActions(lambda: window.document, parent=window)
        self.token_state = TokenStateActions(lambda: window.document, window)
        # The keys live on window actions (the Turn menu) so F9 works with the dock closed.
        self.tracker_dock = TrackerDock(window.scene, self.turns, window, button_shortcuts=False)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.tracker_dock)
        # One tab group with the Inspector and Areas, so each gets the column's height.
        window.tabifyDockWidget(window.rules.inspector_dock, self.tracker_dock)
        window.rules.inspector_dock.raise_()
        for source in (self.turns, self.token_state):
            source.refused.connect(window.show_refusal)
            source.informed.connect(lambda text: window.statusBar().showMessage(text, 4000))
        self.tracker_dock.focus_requested.connect(self._focus)
        window.rules.inspector_dock.set_state_actions(self.token_state)

    def install_turn_menu(self, menubar: QMenuBar) -> QMenu:
        """A Turn menu (before Help) with the tracker's commands and their keys; each
        presses the dock's button, so a refusal reads the same either way."""
        menu = QMenu("T&urn", menubar)
        for button_id, text, key, tip in BUTTONS:
            action = QAction(text, self._window)
            if key:
                action.setShortcut(QKeySequence(key))
            action.setStatusTip(tip)
            action.setObjectName(f"turn.{button_id}")
            action.triggered.connect(lambda _c=False, b=button_id: self._press(b))
            menu.addAction(action)
            self._window.addAction(action)
        menubar.insertMenu(menubar.actions()[-1], menu)  # the last menu is Help
        return menu

    def _press(self, button_id: str) -> None:
        button = self.tracker_dock.buttons[button_id]
        if button.isEnabled():
            button.click()
        else:
            self._window.show_refusal(button.toolTip())

    def watch(self, document: MapDocument) -> None:
        """Follow ``document`` (at start and after opening another map)."""
        self.tracker_dock.watch(document)

    def _focus(self, token_id: str) -> None:
        item = self._window.scene.token_item(token_id)
        if item is not None:
            self._window.view.centerOn(item)
