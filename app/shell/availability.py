"""MenuAvailability: why a menu entry cannot run now, for the ``available`` methods named
in :data:`app.shell.menus.MENU_COMMANDS` (``"available.selection"``…).

Each method answers the reason as the user reads it, or ``None`` when the entry can run.
The menus grey an entry with its reason while they are shown; the entry's handler, run by
its key, refuses with its own message. The Turn entries ask the Turn Order dock's
:func:`~app.widgets.docks.tracker_text.button_reasons`, the same reasons its buttons show.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.document.clipboard import MIME_TYPE
from app.scene.map_scene import MapScene
from app.shell.features.edit import NO_DOOR, NO_SELECTION, door_here
from app.widgets.docks.tracker import TrackerDock
from app.widgets.docks.tracker_text import button_reasons

__all__ = ["MenuAvailability"]


class MenuAvailability:
    """The reasons, from the map's selection, the clipboard and the Turn Order dock."""

    def __init__(self, scene: MapScene, tracker: TrackerDock):
        self._scene = scene
        self._tracker = tracker

    def selection(self) -> str | None:
        """Cut, Copy, Delete, Duplicate: some token must be selected."""
        return None if self._scene.selection else NO_SELECTION

    def one_token(self) -> str | None:
        """Token Properties: exactly one token must be selected."""
        count = len(self._scene.selection)
        if count == 1:
            return None
        return NO_SELECTION if not count else f"{count} tokens are selected"

    def door(self) -> str | None:
        """Open Door: a closed door must be under the mouse."""
        return None if door_here(self._scene.board, self._scene.hovered_hex) else NO_DOOR

    def clipboard(self) -> str | None:
        """Paste: the clipboard must hold copied tokens."""
        data = QApplication.clipboard().mimeData()
        if data is not None and data.hasFormat(MIME_TYPE):
            return None
        return "Nothing to paste: copy some tokens first"

    def turn(self, button_id: str) -> str | None:
        """A Turn entry: the reason its Turn Order button is greyed."""
        tracker = self._tracker
        reasons = button_reasons(
            self._scene.board, self._scene.selection, tracker.chosen_id(), tracker.typed_zeal()
        )
        return reasons.get(button_id)
