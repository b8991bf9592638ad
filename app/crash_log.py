"""Errors no flow expected: logged to a file and shown as a message, never a silent
broken window.

:func:`install` replaces :data:`sys.excepthook` (PySide6 hands an exception raised in a
slot or a virtual method to it) and :data:`threading.excepthook`. Each error is written
with its traceback to ``<user data>/hexweave.log`` (kept to two files of 1 MiB) and to
stderr, and the window shows one message naming it and the log; while that message is
open, further errors are only logged, so an error repeated on every repaint cannot bury
the window under dialogs. Every edit is one undo command that swaps whole boards, so an
error in a slot leaves the open map as it was before that slot ran.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QStandardPaths
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
    """Send :data:`logger` to ``path`` (once); if the folder cannot be made, stderr only."""
    if any(isinstance(h, RotatingFileHandler) for h in logger.handlers):
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8"
        )
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)


ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


class ErrorReporter:
    """Logs an unexpected error and shows it in one message box at a time.

    ``parent`` gives the window to show the message over (``None``: no window yet, log
    only); ``show`` makes and shows the box (a test replaces it to see what is shown).
    """

    def __init__(
        self,
        parent: Callable[[], QWidget | None],
        path: Path,
        show: Callable[[QWidget, str, str], QMessageBox] | None = None,
    ) -> None:
        self._parent = parent
        self.path = path
        self._show = show or _show_box
        self._box: QMessageBox | None = None
        self.unshown = 0  # errors logged while the message was open

    def message(self, error: BaseException) -> str:
        """The text shown for ``error``."""
        what = f"{type(error).__name__}: {error}".strip()
        return (
            f"Something went wrong that Hexweave did not expect:\n{what}\n\n"
            "The open map is unchanged; save it to keep your work. "
            f"The details are in {self.path}."
        )

    def report(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        """Log ``error`` with its traceback; show it unless a message is already open."""
        text = "".join(traceback.format_exception(kind, error, tb))
        logger.error("unexpected error\n%s", text.rstrip())
        print(text, file=sys.stderr, end="")
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            return
        parent = self._parent()
        if parent is None:
            return
        if self._box is not None and self._box.isVisible():
            self.unshown += 1
            return
        self._box = self._show(parent, "Unexpected error", self.message(error))

    def thread_report(self, args: threading.ExceptHookArgs) -> None:
        """An error in a background thread: logged only (no window from another thread)."""
        if args.exc_value is None:
            return
        text = "".join(
            traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)
        )
        logger.error("unexpected error in thread %s\n%s", args.thread, text.rstrip())


def _show_box(parent: QWidget, title: str, text: str) -> QMessageBox:
    """A window-modal message that does not block the caller (the error may come from a
    repaint, which must return)."""
    box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok, parent)
    box.open()
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
