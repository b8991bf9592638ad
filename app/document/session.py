"""The open map and what surrounds it: recent files, window settings, opening and saving.

No dialogs here — the main window asks the questions and calls these methods, so tests
drive every flow without a modal dialog.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

from app.document.current import CurrentDocument
from app.document.map_document import MapDocument
from rules import Board, MapFileError, Orientation, remove_stale_temporaries

MAX_RECENT = 8


class Session(QObject):
    """Owns the open map (:attr:`current`, which every follower holds) and the recent files."""

    recent_changed = Signal(list)  # list[Path]

    def __init__(self, document: MapDocument, settings: QSettings, parent: QObject | None = None):
        super().__init__(parent)
        self.current = CurrentDocument(document, self)
        self.settings = settings

    @property
    def document(self) -> MapDocument:
        """The open map (follow it through :attr:`current`)."""
        return self.current.document

    # -- recent files --------------------------------------------------------------------
    def recent_files(self) -> list[Path]:
        """Recently opened or saved maps, newest first, only those that still exist."""
        value = self.settings.value("recent_files", [])
        names = [value] if isinstance(value, str) else list(value or [])
        return [Path(n) for n in names if Path(n).is_file()]

    def _remember(self, path: Path) -> None:
        paths = [path.resolve(), *(p for p in self.recent_files() if p.resolve() != path.resolve())]
        self.settings.setValue("recent_files", [str(p) for p in paths[:MAX_RECENT]])
        self.recent_changed.emit(self.recent_files())

    def clear_recent(self) -> None:
        """Forget the recent files."""
        self.settings.setValue("recent_files", [])
        self.recent_changed.emit([])

    # -- documents -------------------------------------------------------------------------
    def adopt(self, document: MapDocument) -> None:
        """Make ``document`` (e.g. a recovered autosave) the open map."""
        self._replace(document)

    def _replace(self, document: MapDocument) -> None:
        old = self.current.document
        if document is old:  # already open: nothing to replace, nothing to delete
            return
        self.current.replace(document)
        old.deleteLater()

    def new_map(self, width: int, height: int, orientation: Orientation, name: str = "") -> None:
        """Replace the open map with an empty one (the caller has asked about changes)."""
        self._replace(MapDocument(Board.blank(width, height, orientation, name)))

    def open_path(self, path: Path) -> None:
        """Open ``path``; raises :class:`MapFileError` and keeps the current map if it fails.
        Temporary files that an interrupted save of it left beside it are removed."""
        document = MapDocument.open(Path(path))
        remove_stale_temporaries(path)
        self._replace(document)
        self._remember(Path(path))

    def save(self, path: Path | None = None) -> None:
        """Save to ``path`` or the current file; raises :class:`MapFileError` or ValueError."""
        self.document.save(path)
        if self.document.path is not None:
            self._remember(self.document.path)


def describe_open_error(path: Path, error: Exception) -> str:
    """The message shown when ``path`` cannot be opened."""
    if isinstance(error, MapFileError):  # without the loader's "cannot read <path>: "
        text = str(error).removeprefix(f"cannot read {os.fspath(path)}: ")
        return f"Could not open {Path(path).name}:\n{text}"
    return f"Could not open {Path(path).name}: {error}"
