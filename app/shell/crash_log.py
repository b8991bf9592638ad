"""Errors no flow expected: logged to a file and shown as a message, never a silent
broken window.

:func:`install` replaces :data:`sys.excepthook` (PySide6 hands an exception raised in a
slot or a virtual method to it) and :data:`threading.excepthook`. Each error is written
with its traceback to ``<user data>/hexweave.log`` (kept to two files of 1 MiB) and to
stderr, and the window shows a message naming it and the log, which blocks nothing.
Each error (its type and where it was raised) is shown and traced once per session and
only counted after that, and while a message is open others are only logged, so an
error repeated on every repaint cannot bury the window under dialogs or the log under
tracebacks. Every edit is one undo command that swaps whole boards, so the map keeps
every edit made; what an error can leave behind is a view out of step with it.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

__all__ = ["ErrorReporter", "install", "log_path", "logger"]

LOG_BYTES = 1024 * 1024
"""The size at which the log file is rolled over (one older file is kept)."""

logger = logging.getLogger("hexweave")
"""The app's logger; :func:`install` sends it to :func:`log_path`."""


def log_path() -> Path:
    """``<user data>/hexweave.log`` (QStandardPaths.AppDataLocation)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "hexweave.log"


def _log_to(path: Path) -> None:
    """Send :data:`logger` to ``path`` (once); if the folder cannot be made, stderr only.
    The file is opened when the first record is written (:class:`_FileOnFirstRecord`)."""
    if any(isinstance(h, _FileOnFirstRecord) for h in logger.handlers):
        return
    logger.addHandler(_FileOnFirstRecord(path))
    logger.setLevel(logging.INFO)


class _FileOnFirstRecord(logging.Handler):
    """Writes to a rotating log file at ``path`` (:data:`LOG_BYTES`, one older file),
    made with its folder at the first record, so a session without errors opens no
    file; if the folder cannot be made, to stderr."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path
        self._target: logging.Handler | None = None

    def _open(self) -> logging.Handler:
        from logging.handlers import RotatingFileHandler

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            target: logging.Handler = RotatingFileHandler(
                self.path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8"
            )
        except OSError:
            target = logging.StreamHandler(sys.stderr)
        target.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        return target

    def emit(self, record: logging.LogRecord) -> None:
        if self._target is None:
            self._target = self._open()
        self._target.handle(record)

    def flush(self) -> None:
        if self._target is not None:
            self._target.flush()

    def close(self) -> None:
        if self._target is not None:
            self._target.close()
        super().close()


ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]
ShowBox = Callable[[QWidget, str, str, Callable[[], None]], object]


class ErrorReporter:
    """Logs an unexpected error and shows it, one message at a time and each error (its
    type and the line it was raised at) once per session, so an error repeated on every
    repaint logs one traceback and one message, then a line now and then.

    ``parent`` gives the window to show the message over (``None``: no window yet, log
    only); ``show(parent, title, text, closed)`` makes and shows the message and calls
    ``closed()`` when it goes (a test replaces it to see what is shown).
    """

    def __init__(
        self, parent: Callable[[], QWidget | None], path: Path, show: ShowBox | None = None
    ) -> None:
        self._parent = parent
        self.path = path
        self._show = show or _show_box
        self._showing = False
        self.seen: Counter[tuple[str, str]] = Counter()  # (type, where) -> times raised
        self.unshown = 0  # errors logged while a message was open

    def message(self, error: BaseException) -> str:
        """The text shown for ``error``."""
        what = f"{type(error).__name__}: {error}".strip()
        return (
            f"Something went wrong that Hexweave did not expect:\n{what}\n\n"
            "Every edit made so far is kept (each is one undo step), but the window may be "
            "out of step with the map: save it, and reopen it if anything looks wrong. "
            f"The details are in {self.path}."
        )

    def report(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        """Log ``error``; show it unless it was shown before or a message is open."""
        key = (kind.__name__, _where(tb))
        self.seen[key] += 1
        times = self.seen[key]
        if times > 1:  # again: a line at the 2nd, 4th, 8th … time, not a traceback
            if times & (times - 1) == 0:
                logger.error("%s at %s again (%d times): %s", *key, times, error)
            return
        text = "".join(traceback.format_exception(kind, error, tb))
        logger.error("unexpected error\n%s", text.rstrip())
        print(text, file=sys.stderr, end="")
        parent = self._parent()
        if issubclass(kind, KeyboardInterrupt | SystemExit) or parent is None:
            return
        if self._showing:
            self.unshown += 1
            return
        self._showing = True  # before showing: an error while it opens is not shown again
        self._show(parent, "Unexpected error", self.message(error), self._closed)

    def _closed(self) -> None:
        self._showing = False

    def thread_report(self, args: threading.ExceptHookArgs) -> None:
        """An error in a background thread: logged only (no window from another thread)."""
        if args.exc_value is None:
            return
        exc = (args.exc_type, args.exc_value, args.exc_traceback)
        text = "".join(traceback.format_exception(*exc))
        logger.error("unexpected error in thread %s\n%s", args.thread, text.rstrip())


def _where(tb: TracebackType | None) -> str:
    """``file:line`` of the innermost frame of ``tb`` (where the error was raised)."""
    frames = traceback.extract_tb(tb) if tb is not None else []
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"


def _show_box(parent: QWidget, title: str, text: str, closed: Callable[[], None]) -> object:
    """A message that blocks nothing (the error may come from a repaint, which must
    return, and the map must stay usable to save it) and deletes itself when closed."""
    box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setWindowModality(Qt.WindowModality.NonModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.finished.connect(lambda _result: closed())
    box.show()
    return box


def install(parent: Callable[[], QWidget | None], path: Path | None = None) -> ErrorReporter:
    """Log to ``path`` (default :func:`log_path`) and route every uncaught error, in a
    slot or a thread, to an :class:`ErrorReporter` showing it over ``parent()``."""
    target = path or log_path()
    _log_to(target)
    reporter = ErrorReporter(parent, target)
    sys.excepthook = reporter.report
    threading.excepthook = reporter.thread_report
    return reporter
