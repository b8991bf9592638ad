"""A bare PySide6 window for the start-up benchmark: the yardstick ``python -m app`` is held to.

A QMainWindow with a QGraphicsView over an empty scene; quits as soon as the view's
viewport has painted once, exactly as ``python -m app --quit-after-first-paint`` does.
With ``--numpy`` it imports numpy first, as the app must (a map's layers are numpy
arrays): the floor no app on this stack can start under.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow


class _FirstPaint(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            print("first paint", flush=True)  # as python -m app --quit-after-first-paint
            QTimer.singleShot(0, QApplication.quit)
        return False


def main() -> int:
    """Show the bare window and quit after its first paint."""
    if "--numpy" in sys.argv:
        import numpy  # noqa: F401
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    scene = QGraphicsScene(window)
    view = QGraphicsView(scene, window)
    window.setCentralWidget(view)
    watcher = _FirstPaint(view.viewport())
    view.viewport().installEventFilter(watcher)
    window.show()
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
