"""TurnsFeature: the at-the-table part of the window — the Turn Order dock, its turn
controller and the handler of its Turn menu (whose entries and keys are in
:data:`app.shell.menus.MENU_COMMANDS`), and the token-state controller (conditions, Pools)
the Inspector uses; and the tokens' name plates on the map (View → Name Plates,
:meth:`TurnsFeature.toggle_name_plates`).

The Player View is :class:`~app.shell.features.player_view.PlayerViewFeature`.
"""

from __future__ import annotations

from app.controllers.turns import TurnController
from app.shell.workbench import Workbench
from app.widgets.docks.inspector import InspectorDock
from app.widgets.docks.tracker import TrackerDock


class TurnsFeature:
    """Builds and connects the turn tracker and the token-state edits; the Inspector
    (``inspector_dock``) shares its tab group."""

    def __init__(self, bench: Workbench, inspector_dock: InspectorDock):
        self._bench = bench
        parent = bench.parent
        self.controller = TurnController(bench.current, parent=parent)
        # The keys live on the Turn menu's window actions, so F9 works with the dock closed.
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

    def press(self, button_id: str) -> None:
        """Turn → an entry: press the dock's button ``button_id``, so a refusal reads the
        same either way (a disabled button's tooltip says why)."""
        button = self.tracker_dock.buttons[button_id]
        if button.isEnabled():
            button.click()
        else:
            self._bench.status.refuse(button.toolTip())

    def _focus(self, token_id: str) -> None:
        item = self._bench.scene.token_item(token_id)
        if item is not None:
            self._bench.view.centerOn(item)
