"""A Universal VTT map imported at the table, 1280×720 (issue #18): a drawn two-room crypt
exported as a ``.dd2vtt`` (walls, a closed door, a window, two lights), imported through
File → Import Universal VTT as a GM would, the summary it shows, then the door opened
with ``O`` over it.

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python
tools/take_uvtt_screenshots.py [out-dir]`` (default ``assets/screenshots``): writes
``uvtt_import.png`` (the map and the summary) and ``uvtt_door_open.png``; the ``.dd2vtt``
it made is left beside them as ``crypt.dd2vtt`` only when an out-dir is given.
"""

from __future__ import annotations

import base64
import json
import sys
import tempfile
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, at, open_window, settle

from app.controllers.importing import UvttOptions
from app.document import MapDocument
from app.shell.main_window import MainWindow
from rules import Board
from rules.layout import Orientation
from rules.mapfile import WindowsAs

PPG = 96  # pixels per square, as a modest Dungeondraft export
SQUARES = (18, 11)
WALLS = (  # the outer walls and the wall between the rooms, in squares
    ((1, 1), (17, 1), (17, 10), (1, 10), (1, 1)),
    ((9, 1), (9, 4.5)),
    ((9, 5.5), (9, 10)),
)
DOOR = ((9, 4.5), (9, 5.5))
WINDOW = ((4, 10), (6, 10))
LIGHTS = ((4.5, 4.5, "ffffb347"), (13.5, 6.5, "ff8fd3ff"))


def crypt_picture() -> bytes:
    """The crypt drawn as a map maker would: flagstones, thick walls, a door, a window."""
    image = QImage(SQUARES[0] * PPG, SQUARES[1] * PPG, QImage.Format.Format_RGB32)
    image.fill(QColor("#3b3530"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(QRectF(PPG, PPG, 16 * PPG, 9 * PPG), QColor("#a89f91"))
    painter.setPen(QPen(QColor("#8c8374"), 2))
    for x in range(1, 18):
        painter.drawLine(QPointF(x * PPG, PPG), QPointF(x * PPG, 10 * PPG))
    for y in range(1, 11):
        painter.drawLine(QPointF(PPG, y * PPG), QPointF(17 * PPG, y * PPG))
    wall = QPen(QColor("#2a2522"), PPG * 0.3)
    wall.setCapStyle(Qt.PenCapStyle.SquareCap)
    painter.setPen(wall)
    for line in WALLS:
        for (x0, y0), (x1, y1) in pairwise(line):
            painter.drawLine(QPointF(x0 * PPG, y0 * PPG), QPointF(x1 * PPG, y1 * PPG))
    (dx, dy0), (_, dy1) = DOOR
    painter.fillRect(
        QRectF(dx * PPG - 0.12 * PPG, dy0 * PPG, 0.24 * PPG, (dy1 - dy0) * PPG), QColor("#7a4a21")
    )
    (wx0, wy), (wx1, _) = WINDOW
    painter.fillRect(
        QRectF(wx0 * PPG, wy * PPG - 0.1 * PPG, (wx1 - wx0) * PPG, 0.2 * PPG), QColor("#9ccbe8")
    )
    painter.setPen(Qt.PenStyle.NoPen)
    for x, y, colour in LIGHTS:
        painter.setBrush(QColor(f"#{colour[2:]}"))
        painter.drawEllipse(QPointF(x * PPG, y * PPG), 0.2 * PPG, 0.2 * PPG)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def point(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def portal(ends: tuple[tuple[float, float], ...], closed: bool) -> dict[str, object]:
    (x0, y0), (x1, y1) = ends
    return {
        "position": point((x0 + x1) / 2, (y0 + y1) / 2),
        "bounds": [point(x0, y0), point(x1, y1)],
        "rotation": 0,
        "closed": closed,
        "freestanding": False,
    }


def crypt_uvtt(path: Path) -> Path:
    """The crypt as Dungeondraft would export it (format 0.3)."""
    doc = {
        "format": 0.3,
        "resolution": {
            "map_origin": point(0, 0),
            "map_size": point(*SQUARES),
            "pixels_per_grid": PPG,
        },
        "line_of_sight": [[point(x, y) for x, y in line] for line in WALLS],
        "objects_line_of_sight": [],
        "portals": [portal(DOOR, True), portal(WINDOW, False)],
        "environment": {"baked_lighting": False, "ambient_light": "ff404040"},
        "lights": [
            {"position": point(x, y), "range": 6, "intensity": 1, "color": c, "shadows": True}
            for x, y, c in LIGHTS
        ],
        "image": base64.b64encode(crypt_picture()).decode("ascii"),
    }
    path.write_text(json.dumps(doc, indent="\t"), encoding="utf-8")
    return path


def table_window() -> MainWindow:
    window = open_window(MapDocument(Board.blank(12, 8, name="Empty")))
    window.resize(1280, 720)
    settle(300)
    window.build_deferred()
    return window


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    folder = out if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    source = crypt_uvtt(folder / "crypt.dd2vtt")
    window = table_window()
    options = UvttOptions(Orientation.POINTY, WindowsAs.CONCEALMENT, None)
    assert window.files.import_uvtt_path(source, options)
    window.fit_to_window()
    settle(400)
    box = window.files.summary_box
    box.move(window.geometry().right() - box.width() - 40, window.geometry().top() + 90)
    settle(200)
    screen = QApplication.primaryScreen()
    screen.grabWindow(0).save(str(out / "uvtt_import.png"))
    box.close()
    door = next(label for label in window.document.board.labels.values() if label.door)
    window.activateWindow()
    window.view.setFocus()
    QTest.mouseMove(window.view.viewport(), at(window, door.door[0]))
    settle(150)
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_O)
    settle(300)
    window.grab().save(str(out / "uvtt_door_open.png"))
    opened = not any(label.door for label in window.document.board.labels.values())
    print(f"door opened: {opened}; undo: {window.document.undo_stack.undoText()!r}")
    window.document.undo_stack.setClean()  # nothing to ask about on closing
    window.close()
    app.quit()
    return 0 if opened else 1


if __name__ == "__main__":
    raise SystemExit(main())
