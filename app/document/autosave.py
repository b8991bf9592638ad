"""Autosave and crash recovery: nothing a game master made is lost to a crash.

While the open map has unsaved changes, a copy is written every ``interval`` seconds
(setting ``autosave/interval_s``, default 60) to ``<user data>/autosave/`` as
``<pid>.hexmap`` plus a small ``<pid>.json`` saying which file it belongs to. A clean save
or a normal exit removes both. On the next start, copies whose process is gone are
offered for recovery (:func:`recoverable`, :func:`recover`).
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QStandardPaths, QTimer, Signal

from app.document.current import CurrentDocument
from app.document.map_document import MapDocument
from rules import MapFileError, mapfile

logger = logging.getLogger("hexweave")
"""The app's logger (:mod:`app.shell.crash_log` sends it to the log file)."""

DEFAULT_INTERVAL_S = 60


def autosave_folder() -> Path:
    """``<user data>/autosave`` (QStandardPaths.AppDataLocation)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "autosave"


@dataclass(frozen=True)
class Recoverable:
    """An autosaved copy left behind by a Hexweave that did not exit normally."""

    copy: Path
    original: Path | None
    name: str
    saved_at: float

    def describe(self) -> str:
        """One line for the recovery question."""
        when = time.strftime("%H:%M on %d %b", time.localtime(self.saved_at))
        where = f" ({self.original.name})" if self.original else " (never saved)"
        return f"{self.name}{where}, autosaved at {when}"


class Autosaver(QObject):
    """Writes the open map's unsaved changes to the autosave folder on a timer (it follows
    :class:`~app.document.current.CurrentDocument`: another map's copy starts afresh)."""

    failed = Signal(str)

    def __init__(
        self,
        current: CurrentDocument,
        settings: QSettings,
        folder: Path | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.folder = folder or autosave_folder()
        self._current = current
        self._stem = str(os.getpid())
        self._last_failure: str | None = None
        seconds = float(settings.value("autosave/interval_s", DEFAULT_INTERVAL_S))
        self.timer = QTimer(self)
        self.timer.setInterval(max(1, round(seconds * 1000)))
        self.timer.timeout.connect(self.autosave_now)
        self.timer.start()
        current.modified_changed.connect(self._on_document_modified_changed)
        current.replaced.connect(lambda _document: self.discard())

    @property
    def copy_path(self) -> Path:
        """Where this process writes its autosaved copy."""
        return self.folder / f"{self._stem}.hexmap"

    def _on_document_modified_changed(self, modified: bool) -> None:
        if not modified:
            self.discard()

    def autosave_now(self) -> bool:
        """Write the copy if there are unsaved changes; True if one was written.

        A failure of any kind is logged, reported on :attr:`failed` (once while it keeps
        failing the same way) and retried on the next tick; the document is never touched
        and nothing is raised out of the timer.
        """
        document = self._current.document
        if not document.is_modified():
            return False
        about = {
            "original": str(document.path) if document.path else None,
            "name": document.board.name,
            "saved_at": time.time(),
            "pid": os.getpid(),
        }
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            mapfile.save(document.board, self.copy_path)
            note = self.copy_path.with_suffix(".json.tmp")
            note.write_text(json.dumps(about), encoding="utf-8")
            os.replace(note, self.copy_path.with_suffix(".json"))  # never half a note
        except MapFileError as error:
            self._fail(str(error))
            return False
        except OSError as error:  # the folder or the note: name the folder, not a file in it
            self._fail(f"{error.strerror or type(error).__name__} in {self.folder}")
            return False
        except Exception as error:  # a timer slot: never raise, say why
            if self._fail(f"{type(error).__name__}: {error}"):
                logger.exception("autosave failed")
            return False
        self._last_failure = None
        return True

    def _fail(self, reason: str) -> bool:
        """Report a failed autosave, once for as long as it fails the same way; True if
        this is a new way to fail."""
        if reason == self._last_failure:
            return False
        self._last_failure = reason
        self.failed.emit(f"Autosave failed: {reason}")
        return True

    def discard(self) -> None:
        """Remove this process's copy (after a save, or on a normal exit)."""
        for path in (self.copy_path, self.copy_path.with_suffix(".json")):
            path.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read_note(about_path: Path) -> Recoverable | None:
    """The recoverable copy a note describes, or ``None`` if the note is unreadable,
    damaged, or its Hexweave is still running."""
    copy = about_path.with_suffix(".hexmap")
    try:
        about = json.loads(about_path.read_text(encoding="utf-8"))
        pid, saved_at = int(about["pid"]), float(about["saved_at"])
        original, name = about.get("original"), about.get("name", "")
        if not isinstance(original, str | None) or not isinstance(name, str):
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if _alive(pid) or not copy.is_file():
        return None
    return Recoverable(copy, Path(original) if original else None, name, saved_at)


def recoverable(folder: Path | None = None) -> list[Recoverable]:
    """Autosaved copies whose Hexweave is no longer running, newest first (notes that
    cannot be read are skipped: they never stop the app from starting)."""
    folder = folder or autosave_folder()
    found = [item for p in folder.glob("*.json") if (item := _read_note(p)) is not None]
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


def recover(item: Recoverable) -> MapDocument:
    """The recovered map as an unsaved document (belonging to its original file, if any).

    The copy is removed once loaded; raises :class:`MapFileError` if it cannot be read.
    """
    board = mapfile.load(item.copy)
    document = MapDocument(board, item.original)
    document.mark_recovered()
    forget(item)
    return document


def forget(item: Recoverable) -> None:
    """Delete an autosaved copy the user chose not to recover."""
    for path in (item.copy, item.copy.with_suffix(".json")):
        path.unlink(missing_ok=True)
