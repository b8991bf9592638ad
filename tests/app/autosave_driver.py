"""Run the real Hexweave on a map, drag a token with the mouse, and keep running.

Used by test_autosave.py: the test waits for the autosave, then kills this process with
SIGKILL, as a crash would. Not a test module (pytest does not collect it).
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.main import main
from app.shell.main_window import MainWindow
from rules import DIRECTIONS


def drag_first_token() -> None:
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    token = next(iter(window.document.board.tokens.values()))
    target = token.position + DIRECTIONS[0] * 2
    viewport = window.view.viewport()

    def at(h):  # type: ignore[no-untyped-def]
        return window.view.mapFromScene(window.scene.geometry.center(h))

    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(token.position)
    )
    QTest.mouseMove(viewport, at(target))
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(target)
    )
    moved = window.document.board.token(token.id).position
    print(f"EDITED {token.id} {moved.q} {moved.r}", flush=True)


if __name__ == "__main__":
    application = QApplication(sys.argv[:1])  # main() uses it; the timer needs its loop
    QTimer.singleShot(300, drag_first_token)
    sys.exit(main([sys.argv[1], "--autosave-seconds", "1"]))
