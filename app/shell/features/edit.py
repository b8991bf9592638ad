"""EditFeature: the Edit menu's clipboard commands (copy, cut, paste, delete the selected
tokens) and Map Properties… — assembled here so the main window stays an assembler. With
nothing selected they say why (:data:`NO_SELECTION`; the menu greys them with it too)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu

from app.document.clipboard import tokens_from_mime, tokens_to_mime
from app.shell.workbench import Workbench
from rules import Board, Hex, MapFileError
from rules.board import Label

__all__ = ["NO_DOOR", "NO_SELECTION", "ONE_TOKEN", "EditFeature", "door_here"]

NO_SELECTION = "Select a token on the map first"
"""Why Cut, Copy, Delete and Duplicate cannot run (their menu entries are greyed with it)."""
ONE_TOKEN = "Select one token on the map first"
"""Why what acts on one token (Token Properties, the Movement menu) cannot run."""
NO_DOOR = "No closed door under the mouse: point at a door's walls (its label says Door)"
"""Why Open Door cannot run (a Universal VTT import's closed doors, issue #18)."""


def door_here(board: Board, hovered: Hex | None) -> Label | None:
    """The closed door at the hex under the mouse, if any."""
    return None if hovered is None else board.door_at(hovered)


class EditFeature:
    """Clipboard and map-properties edits on the open map, through the map controller."""

    def __init__(self, bench: Workbench):
        self._bench = bench
        bench.scene.door_context_requested.connect(self._on_door_context)

    def _on_door_context(self, label_id: str, where: QPoint) -> None:
        """Right-click on a closed door: a one-entry menu to open it."""
        self.door_menu(label_id).exec(where)

    def door_menu(self, label_id: str) -> QMenu:
        """The menu a right-click on the door ``label_id`` shows: Open Door."""
        menu = QMenu(self._bench.parent)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        door = self._bench.current.board.labels.get(label_id)
        action = menu.addAction(f"Open {door.text if door else 'Door'}")
        action.setToolTip("Its walls go and its label with them (one undo step)")
        action.triggered.connect(lambda: self._bench.controller.open_door(label_id))
        return menu

    def copy_selection(self) -> bool:
        """Edit → Copy: the selected tokens and their pictures go to the clipboard."""
        bench = self._bench
        ids = bench.scene.selection
        if not ids:
            bench.status.refuse(NO_SELECTION, 4000)
            return False
        QApplication.clipboard().setMimeData(tokens_to_mime(bench.current.board, ids))
        bench.status.say(f"Copied {len(ids)} token(s)", 3000)
        return True

    def cut_selection(self) -> None:
        """Edit → Cut: copy, then delete as one undo step."""
        if self.copy_selection():
            self._bench.controller.delete_tokens(self._bench.scene.selection)

    def paste(self) -> None:
        """Edit → Paste: copied tokens land at the hex under the mouse, as one undo step."""
        bench = self._bench
        try:
            copied = tokens_from_mime(QApplication.clipboard().mimeData())
        except MapFileError as error:
            bench.status.refuse(f"The clipboard is damaged: {error}", 6000)
            return
        if copied is None:
            bench.status.refuse("Nothing to paste: copy some tokens first", 4000)
            return
        new_ids = bench.controller.paste_tokens(copied, bench.scene.hovered_hex)
        if new_ids:
            bench.scene.set_selection(new_ids)
            bench.status.say(f"Pasted {len(new_ids)} token(s)", 3000)

    def delete_selection(self) -> None:
        """Delete the selected tokens (one undo step)."""
        selection = self._bench.scene.selection
        if not selection:
            self._bench.status.refuse(NO_SELECTION, 4000)
            return
        self._bench.controller.delete_tokens(selection)

    def map_properties_dialog(self) -> None:
        """Edit → Map Properties…: name, size and orientation, as one undo step."""
        from app.widgets.dialogs.new_map import NewMapDialog

        dialog = NewMapDialog.for_board(self._bench.current.board, self._bench.parent)
        if dialog.exec():
            self._bench.controller.change_map_properties(*dialog.values())

    def open_door(self) -> bool:
        """Edit → Open Door (O): the closed door under the mouse opens (its walls cleared,
        its label gone), one undo step; with none there it says why."""
        bench = self._bench
        door = door_here(bench.current.board, bench.scene.hovered_hex)
        if door is None:
            bench.status.refuse(NO_DOOR, 5000)
            return False
        return bench.controller.open_door(door.id)
