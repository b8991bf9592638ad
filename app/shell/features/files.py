"""File flows of the main window: new, open, recent, save, save as, export, and the
question before unsaved changes are lost (after Tiled's ``MapDocumentActionHandler``).

Each flow is a thin dialog wrapper around a method a test can call directly
(``open_path``, ``save_to``, ``export_to``), so nothing here needs a modal dialog in tests.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox, QWidget

from app.document.autosave import Recoverable, forget, recover, recoverable
from app.document.session import Session, describe_open_error
from app.scene.legend_layers import HIDDEN_AT_START
from app.widgets.host import StatusSink
from rules import MapFileError
from rules.mapfile import SUFFIX

if TYPE_CHECKING:
    from app.controllers.importing import UvttOptions
    from app.export.plan import ExportOptions
    from app.widgets.dialogs.export import ExportDialog

FILE_FILTER = f"Hexweave maps (*{SUFFIX})"
UVTT_FILTER = "Universal VTT maps (*.dd2vtt *.uvtt *.df2vtt);;All files (*)"
BUSY_IMPORT_BYTES = 4 * 1024 * 1024
"""Universal VTT files larger than this are read behind a busy indicator."""


def _file_size(path: Path) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0


def _without_prefix(error: MapFileError, path: Path) -> str:
    """The import's message as a dialog says it: "Could not import NAME:" then the problem."""
    text = str(error)
    for prefix in (f"cannot import {path}: ", f"cannot import {path.name}: "):
        text = text.removeprefix(prefix)
    return f"Could not import {path.name}:\n{text}"


class FilesFeature(QObject):
    """Opening, saving and exporting the session's maps; dialogs open over ``parent``."""

    def __init__(
        self,
        session: Session,
        parent: QWidget,
        status: StatusSink,
        hidden_layers: Callable[[], frozenset[str]] = lambda: HIDDEN_AT_START,
    ):
        super().__init__(parent)
        self._hidden_layers = hidden_layers  # what the legend hides now: exports leave it out
        self._parent = parent
        self._session = session
        self._status = status
        self.recent_menu = QMenu("Open &Recent", parent)
        self._export_path: tuple[object, Path] | None = None  # (document, file) exported last
        self._export_options: ExportOptions | None = None
        self.last_import_summary: tuple[str, ...] = ()  # what the last import made
        self.summary_box: QMessageBox | None = None
        session.recent_changed.connect(lambda _paths: self._refresh_recent_menu())
        self._refresh_recent_menu()

    def _say(self, text: str, msecs: int = 4000) -> None:
        self._status.say(text, msecs)

    def confirm_discard(self) -> bool:
        """Ask before losing unsaved changes; True if it is fine to go on."""
        if not self._session.document.is_modified():
            return True
        answer = QMessageBox.question(
            self._parent,
            "Unsaved changes",
            f"Save the changes to {self._session.document.display_name} first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def open_path(self, path: Path) -> bool:
        """Open a map file (after asking about unsaved changes); report any problem."""
        if not self.confirm_discard():
            return False
        try:
            self._session.open_path(Path(path))
        except (MapFileError, OSError) as error:
            QMessageBox.warning(
                self._parent, "Cannot open map", describe_open_error(Path(path), error)
            )
            return False
        self._say(f"Opened {Path(path).name}", 4000)
        return True

    def open_dialog(self) -> None:
        """File → Open…"""
        name, _ = QFileDialog.getOpenFileName(
            self._parent, "Open map", self._last_dir(), FILE_FILTER
        )
        if name:
            self.open_path(Path(name))

    def import_uvtt_dialog(self) -> None:
        """File → Import Universal VTT…: pick the file, then how to import it."""
        from app.widgets.dialogs.uvtt_import import UvttImportDialog

        name, _ = QFileDialog.getOpenFileName(
            self._parent, "Import Universal VTT map", self._last_dir(), UVTT_FILTER
        )
        if not name:
            return
        dialog = UvttImportDialog(Path(name).name, self._parent)
        if dialog.exec():
            self.import_uvtt_path(Path(name), dialog.options())

    def import_uvtt_path(self, path: Path, options: UvttOptions | None = None) -> bool:
        """Import a Universal VTT file as a new, unsaved map (after asking about unsaved
        changes) and show what became what; a refused file leaves the open map as it was."""
        from app.controllers.importing import UvttOptions, import_uvtt
        from app.controllers.pictures import busy
        from app.document import MapDocument

        if not self.confirm_discard():
            return False
        large = _file_size(path) > BUSY_IMPORT_BYTES
        title = "Import Universal VTT"
        try:
            with busy(self._parent, f"Reading {path.name}…", large, title) as run:
                imported = run(import_uvtt, Path(path), options or UvttOptions())
        except MapFileError as error:
            QMessageBox.warning(self._parent, "Cannot import map", _without_prefix(error, path))
            return False
        document = MapDocument(imported.board)
        self._session.adopt(document)
        document.mark_recovered()  # not saved anywhere yet: closing asks
        self.last_import_summary = imported.summary
        self._show_summary(path, imported.summary)
        self._say(f"Imported {path.name}: save it as a .hexmap to keep it", 8000)
        return True

    def _show_summary(self, path: Path, lines: tuple[str, ...]) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, "Imported", "", parent=self._parent)
        box.setText(f"Imported {path.name}")
        box.setInformativeText("\n".join(lines))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not modal for the caller: tests and scripts go on
        self.summary_box = box

    def save(self) -> bool:
        """File → Save; asks for a name if the map was never saved. True if saved."""
        if self._session.document.path is None:
            return self.save_as_dialog()
        return self.save_to(self._session.document.path)

    def save_to(self, path: Path) -> bool:
        """Save to ``path``; on failure say why and keep the old file and the changes."""
        try:
            self._session.save(Path(path))
        except (MapFileError, OSError, ValueError) as error:
            QMessageBox.critical(self._parent, "Could not save", f"The map was not saved:\n{error}")
            return False
        self._say(f"Saved {Path(path).name}", 4000)
        return True

    def save_as_dialog(self) -> bool:
        """File → Save As…"""
        start = str(
            self._session.document.path
            or Path(self._last_dir()) / f"{self._session.document.board.name}{SUFFIX}"
        )
        name, _ = QFileDialog.getSaveFileName(self._parent, "Save map as", start, FILE_FILTER)
        if not name:
            return False
        path = Path(name) if name.endswith(SUFFIX) else Path(name + SUFFIX)
        return self.save_to(path)

    def new_map_dialog(self) -> None:
        """File → New Map…"""
        if not self.confirm_discard():
            return
        from app.widgets.dialogs.new_map import NewMapDialog  # only when asked: start-up time

        dialog = NewMapDialog(self._parent)
        if dialog.exec():
            self._session.new_map(*dialog.values())

    def export_dialog(self) -> None:
        """File → Export…: the export options (file, view, page or pixels); exports when
        accepted. The dialog is window-modal but does not block (``open``), so a test can
        fill it in and accept it."""
        from app.widgets.dialogs.export import ExportDialog  # QtSvg and PDF load only when asked

        document = self._session.document
        start = Path(self._last_dir()) / f"{document.board.name}.png"
        if self._export_path and self._export_path[0] is document:
            start = self._export_path[1]  # the same map again: offer its last export
        board = document.board
        dialog = ExportDialog(
            board, start, self._export_options, self._parent, hidden_layers=self._hidden_layers()
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._on_export_dialog_accepted(dialog))
        dialog.open()

    def _on_export_dialog_accepted(self, dialog: ExportDialog) -> None:
        self._export_path = (self._session.document, dialog.path())
        self._export_options = dialog.options()
        self.export_to(dialog.path(), self._export_options)

    def export_to(self, path: Path, options: ExportOptions | None = None) -> bool:
        """Export the open map (GM view unless ``options`` say otherwise), showing a
        cancellable progress dialog when it is big; say where it went, or why not."""
        from app.export.plan import ExportCancelledError, ExportError

        try:
            self._export(Path(path), options)
        except ExportCancelledError:
            self._say("Export cancelled: nothing was written", 4000)
            return False
        except ExportError as error:
            QMessageBox.warning(self._parent, "Export failed", str(error))
            return False
        self._say(f"Exported {Path(path).name}", 4000)
        return True

    def _export(self, path: Path, options: ExportOptions | None) -> None:
        from app.export.files import export_board
        from app.export.plan import ExportOptions, is_large
        from app.widgets.dialogs.export import ExportProgress

        board = self._session.document.board
        options = options or ExportOptions(hidden_layers=self._hidden_layers())
        progress: ExportProgress | None = None
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if is_large(board, path, options):
                progress = ExportProgress(self._parent, f"Exporting {path.name}…")
            export_board(board, path, options, progress=progress)
        finally:
            QApplication.restoreOverrideCursor()
            if progress is not None:
                progress.close()

    def _last_dir(self) -> str:
        recent = self._session.recent_files()
        return str(recent[0].parent) if recent else str(Path.home())

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self._session.recent_files()
        for index, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{index} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _c=False, p=path: self.open_path(p))
        if paths:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", self._session.clear_recent)
        self.recent_menu.setEnabled(bool(paths))

    # -- crash recovery --------------------------------------------------------------------
    def offer_recovery(self, folder: Path | None = None) -> bool:
        """Ask whether to recover a map autosaved by a Hexweave that did not exit normally."""
        items = recoverable(folder)
        if not items:
            return False
        item = items[0]
        answer = QMessageBox.question(
            self._parent,
            "Recover unsaved map?",
            f"Hexweave closed before this map was saved:\n{item.describe()}\n\n"
            "Recover it? (Discard deletes the autosaved copy.)",
            QMessageBox.StandardButton.Yes
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Yes,
        )
        if answer == QMessageBox.StandardButton.Discard:
            forget(item)
            return False
        return answer == QMessageBox.StandardButton.Yes and self.recover(item)

    def recover(self, item: Recoverable) -> bool:
        """Open an autosaved copy as the current, unsaved map (no questions asked)."""
        try:
            document = recover(item)
        except MapFileError as error:
            QMessageBox.warning(self._parent, "Cannot recover", f"{item.describe()}:\n{error}")
            return False
        self._session.adopt(document)
        self._say(f"Recovered {item.describe()}: save it to keep it", 8000)
        return True
