"""Screenshot: the GM window and the Player View side by side, as a video call shows them.

Run under Xvfb with a wide screen:
``xvfb-run -a -s "-screen 0 2600x900x24" .venv/bin/python tools/take_player_screenshot.py``.
Writes ``assets/screenshots/player_view.png``: both windows scaled into 1280×720.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())

from PySide6.QtCore import QSettings, Qt, QTimer  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.main import initial_document  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from rules import ConditionEntry  # noqa: E402
from rules.board.annotations import Label  # noqa: E402

OUT = ROOT / "assets" / "screenshots" / "player_view.png"


def prepared(window):  # type: ignore[no-untyped-def]
    """The demo map with a GM-only label, a condition on Aria and the turn order running:
    one undo step through the window's controller."""
    from dataclasses import replace

    from rules.board.turn_state import with_turn
    from rules.turns import TurnState, join, start

    board = window.controller.board
    board = board.with_label(Label("l-gm", "Ogre's ambush (GM)", board.hex_at(24, 12), True))
    aria = board.token("aria")
    board = board.with_token_replaced(replace(aria, conditions=(ConditionEntry("slowed", 2),)))
    order = TurnState()
    for token_id, zeal in (("aria", 11), ("ogre", 9), ("brom", 7)):
        order = join(order, token_id, zeal)
    board = with_turn(board, start(order))
    window.controller.push(board, "Set up")


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    document, problem = initial_document(None)
    if problem:
        print(problem)
        return 1
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("tour/seen", True)  # the first-run tour would cover the map
    gm = MainWindow(document, settings)
    prepared(gm)
    gm.setGeometry(0, 0, 1290, 860)
    gm.show()
    player = gm.player_window
    player.setGeometry(1305, 0, 1290, 860)
    player.present()

    def arrange() -> None:
        gm.fit_to_window()
        gm.turns.tracker_dock.show()
        gm.turns.tracker_dock.raise_()
        gm.terrain_dock.reveal_radius_box.setValue(5)
        gm.terrain_dock.reveal_button.click()

    def shoot() -> None:
        shot = QGuiApplication.primaryScreen().grabWindow(0).toImage()
        small = shot.scaled(
            1280,
            720,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        canvas = QImage(1280, 720, QImage.Format.Format_RGB32)
        canvas.fill(QColor("#202020"))
        painter = QPainter(canvas)
        painter.drawImage((1280 - small.width()) // 2, (720 - small.height()) // 2, small)
        painter.end()
        OUT.parent.mkdir(parents=True, exist_ok=True)
        canvas.save(str(OUT))
        print(f"wrote {OUT}")
        document.undo_stack.setClean()
        gm.close()
        app.quit()

    QTimer.singleShot(700, arrange)
    QTimer.singleShot(1800, shoot)
    app.exec()
    return 0


if __name__ == "__main__":
    sys.exit(main())
