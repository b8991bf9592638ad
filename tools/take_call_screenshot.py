"""Screenshot: the GM window and the Player Window side by side, 1280×720 each, with a
conflict running, the players' turn strip and coordinates, and a ping on both (issue #17).

Run under Xvfb with a wide screen:
``xvfb-run -a -s "-screen 0 2600x760x24" .venv/bin/python tools/take_call_screenshot.py``.
Writes ``assets/screenshots/call.png`` (2580×720: the two windows as a call shows them).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())

from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from take_table_screenshots import in_conflict  # noqa: E402

from app.document import MapDocument  # noqa: E402
from app.resources import demo_map_path  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402

OUT = ROOT / "assets" / "screenshots" / "call.png"
WIDTH, HEIGHT, GAP = 1280, 720, 20


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("tour/seen", True)  # the first-run tour would cover the map
    document = MapDocument(in_conflict(MapDocument.open(demo_map_path()).board))
    gm = MainWindow(document, settings)
    gm.setGeometry(0, 0, WIDTH, HEIGHT)
    gm.show()
    player = gm.player_window
    player.setGeometry(WIDTH + GAP, 0, WIDTH, HEIGHT)
    player.present()

    def arrange() -> None:
        gm.fit_to_window()
        player.coordinates_action.setChecked(True)
        player.fit_to_window()
        gm.pointer.overlay.ping(document.board.token("goblin-1").position)

    def shoot() -> None:
        shot = QGuiApplication.primaryScreen().grabWindow(0, 0, 0, 2 * WIDTH + GAP, HEIGHT)
        OUT.parent.mkdir(parents=True, exist_ok=True)
        shot.save(str(OUT))
        print(f"wrote {OUT}")
        document.undo_stack.setClean()
        gm.close()
        app.quit()

    QTimer.singleShot(900, arrange)
    QTimer.singleShot(1250, shoot)  # the ping's rings still spreading
    app.exec()
    return 0


if __name__ == "__main__":
    sys.exit(main())
