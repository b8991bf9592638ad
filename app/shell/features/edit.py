"""EditFeature: the Edit menu's clipboard commands (copy, cut, paste, delete the selected
tokens) and Map Properties… — assembled here so the main window stays an assembler. With
nothing selected they say why (:data:`NO_SELECTION`; the menu greys them with it too)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.document.clipboard import tokens_from_mime, tokens_to_mime
from app.shell.workbench import Workbench
from rules import MapFileError

__all__ = ["NO_SELECTION", "ONE_TOKEN", "EditFeature"]

NO_SELECTION = "Select a token on the map first"
"""Why Cut, Copy, Delete and Duplicate cannot run (their menu entries are greyed with it)."""
ONE_TOKEN = "Select one token on the map first"
"""Why what acts on one token (Token Properties, the Movement menu) cannot run."""


class EditFeature:
    """Clipboard and map-properties edits on the open map, through the map controller."""

    def __init__(self, bench: Workbench):
        self._bench = bench

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
