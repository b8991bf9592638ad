"""TurnsFeature: the at-the-table part of the window — the Turn Order dock, its turn
controller and its Turn menu, and the token-state controller (conditions, Pools) the
Inspector uses.

The Player View is :class:`~app.shell.features.player_view.PlayerViewFeature`.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

from app.controllers.turns import TurnController
from app.shell.workbench import Workbench
from app.widgets.docks.inspector import InspectorDock
from app.widgets.docks.tracker import BUTTONS, TrackerDock


class TurnsFeature:
    """Builds and connects the turn tracker and the token-state edits; the Inspector
    (``inspector_dock``) shares its tab group."""

    def __init__(self, bench: Workbench, inspector_dock: InspectorDock):
        self._bench = bench
        parent = bench.parent
        self.controller = TurnController(bench.current, parent=parent)
        # The keys live on window actions (the Turn menu) so F9 works with the dock closed.
        self.tracker_dock = TrackerDock(
            bench.current, bench.scene, self.controller, parent, button_shortcuts=False
        )
        bench.docks.add_dock(self.tracker_dock)
        # One tab group with the Inspector and Areas, so each gets the column's height.
        bench.docks.tabify(inspector_dock, self.tracker_dock)
        inspector_dock.raise_()
        self.controller.refused.connect(bench.status.refuse)
        self.controller.informed.connect(bench.status.say)
        self.tracker_dock.focus_requested.connect(self._focus)

    def install_turn_menu(self, menubar: QMenuBar) -> QMenu:
        """A Turn menu (before Help) with the tracker's commands and their keys; each
        presses the dock's button, so a refusal reads the same either way."""
        menu = QMenu("T&urn", menubar)
        for button_id, text, key, tip in BUTTONS:
            action = QAction(text, self._bench.parent)
            if key:
                action.setShortcut(QKeySequence(key))
            action.setStatusTip(tip)
            action.setObjectName(f"turn.{button_id}")
            action.triggered.connect(lambda _c=False, b=button_id: self._press(b))
            menu.addAction(action)
            self._bench.docks.add_shortcut(action)
        menubar.insertMenu(menubar.actions()[-1], menu)  # the last menu is Help
        return menu

    def _press(self, button_id: str) -> None:
        button = self.tracker_dock.buttons[button_id]
        if button.isEnabled():
            button.click()
        else:
            self._bench.status.refuse(button.toolTip())

    def _focus(self, token_id: str) -> None:
        item = self._bench.scene.token_item(token_id)
        if item is not None:
            self._bench.view.centerOn(item)
