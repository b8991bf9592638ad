"""Guard against PySide6 6.12.0 on CPython 3.11 (../shared/PLATFORM.md).

6.12.0 drops a reference to ``None`` on every call of a method that returns nothing;
after a few thousand calls the interpreter aborts with ``none_dealloc``. This test makes
~20,000 such calls, so an unpinned upgrade fails loudly here instead of at the table.
"""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import os
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsRectItem
from PySide6.QtGui import QPen
app = QApplication([])
scene = QGraphicsScene()
items = [QGraphicsRectItem(0, 0, 1, 1) for _ in range(1000)]
for i, item in enumerate(items):
    scene.addItem(item)
for _ in range(5):
    for i, item in enumerate(items):
        item.setPos(i, i)
        item.setPen(QPen())
        item.setZValue(i)
        item.setVisible(True)
print("survived")
"""


def test_many_calls_returning_none_do_not_abort_the_interpreter() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    assert "survived" in done.stdout


def test_the_installed_pyside6_is_inside_the_pinned_range() -> None:
    import PySide6

    major, minor = (int(part) for part in PySide6.__version__.split(".")[:2])
    assert (6, 8) <= (major, minor) < (6, 12), PySide6.__version__
