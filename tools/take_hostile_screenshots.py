"""Screenshots: a hostile map refused over the open demo map, and an unexpected error in a
slot shown as a message (issue #14), at 1280×720.

Run under Xvfb:
``xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/take_hostile_screenshots.py``.
Writes ``assets/screenshots/refused_open.png`` and ``unexpected_error.png``.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())

from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.document import MapDocument  # noqa: E402
from app.resources import demo_map_path  # noqa: E402
from app.shell.crash_log import install  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from rules import mapfile  # noqa: E402

OUT = ROOT / "assets" / "screenshots"
SCRATCH = Path(tempfile.mkdtemp())


def _with_a_lone_surrogate(data: bytes) -> bytes:
    """``data`` with a lone surrogate escape at the start of the first token's name."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            body = zin.read(info)
            if info.filename == "map.json":
                head, tokens = body.split(b'"tokens"', 1)
                body = head + b'"tokens"' + tokens.replace(b'"name": "', b'"name": "\\ud800', 1)
            zout.writestr(info, body)
    return out.getvalue()


def _shoot(name: str) -> None:
    QApplication.primaryScreen().grabWindow(0).save(str(OUT / name))


def main() -> int:
    app = QApplication([sys.argv[0]])
    settings = QSettings(str(SCRATCH / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("tour/seen", True)  # the first-run tour would cover the map
    window = MainWindow(MapDocument.open(demo_map_path()), settings)
    install(lambda: window, SCRATCH / "hexweave.log")
    window.resize(1280, 720)
    window.show()
    window.fit_to_window()
    bad = SCRATCH / "shared-by-a-player.hexmap"
    bad.write_bytes(_with_a_lone_surrogate(mapfile.dumps(window.session.document.board)))

    def close_dialog() -> None:
        _shoot("refused_open.png")
        dialog = QApplication.activeModalWidget()
        if dialog is not None:
            dialog.close()

    def refuse() -> None:
        QTimer.singleShot(800, close_dialog)
        window.files.open_path(bad)
        QTimer.singleShot(300, fail)

    def broken_slot() -> None:
        raise KeyError("token 'ghost-3'")

    def fail() -> None:
        QTimer.singleShot(0, broken_slot)
        QTimer.singleShot(800, lambda: _shoot("unexpected_error.png"))
        QTimer.singleShot(1200, app.quit)

    QTimer.singleShot(800, refuse)
    return int(app.exec())


if __name__ == "__main__":
    raise SystemExit(main())
