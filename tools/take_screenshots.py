"""Drive the real app like a person and save the README screenshots.

Run under Xvfb for real windows (``xvfb-run .venv/bin/python tools/take_screenshots.py``);
it also works offscreen. Writes ``assets/screenshots/*.png``: the terrain palette after
painting, a battle-map picture with a fitted grid, the token library, an aimed Cone with a
Burst pinned on a multi-hex giant, and the Concealment shading.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.document import MapDocument  # noqa: E402
from app.main import initial_document  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from rules import Board, GroundKind, Hex  # noqa: E402

OUT = ROOT / "assets" / "screenshots"
NO = Qt.KeyboardModifier.NoModifier


def settle(ms: int = 150) -> None:
    QTest.qWait(ms)


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def stroke(window: MainWindow, hexes: list[Hex]) -> None:
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, NO, at(window, hexes[0]))
    for h in hexes[1:]:
        QTest.mouseMove(viewport, at(window, h))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, NO, at(window, hexes[-1]))


def fresh_settings() -> QSettings:
    """Settings of a new user who has seen the first-run tour (it would cover the map)."""
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("tour/seen", True)
    return settings


def open_window(document: MapDocument) -> MainWindow:
    window = MainWindow(document, fresh_settings())
    window.resize(1280, 800)
    window.show()
    settle(300)
    window.fit_to_window()
    return window


def painting(window: MainWindow) -> None:
    """Paint a stone road, raise a hill, fog a patch — with the palette, like a person."""
    dock = window.terrain_dock
    dock.layer_box.setCurrentIndex(dock.layer_box.findData("ground"))
    dock.ground_box.setCurrentIndex(dock.ground_box.findData(int(GroundKind.STONE)))
    dock.radius_box.setValue(0)
    dock.choose_tool("line")
    stroke(window, [Hex(2, 20), Hex(10, 16), Hex(18, 12)])
    dock.layer_box.setCurrentIndex(dock.layer_box.findData("elevation"))
    dock.mode_box.setCurrentIndex(1)
    dock.value_box.setValue(2)
    dock.radius_box.setValue(2)
    dock.choose_tool("brush")
    stroke(window, [Hex(25, 4), Hex(27, 4)])
    window.zoom_in()
    window.zoom_in()
    settle()
    window.grab().save(str(OUT / "painting.png"))


def battle_map_picture(path: Path, hex_px: float = 36.0) -> None:
    """A synthetic battle map: textured ground with a drawn pointy hex grid."""
    image = QImage(1400, 1000, QImage.Format.Format_RGB32)
    image.fill(QColor("#7d9b5a"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#5f7f9f"))
    p.drawEllipse(QPointF(900, 600), 260, 160)
    p.setBrush(QColor("#a08a6a"))
    p.drawRect(0, 420, 1400, 90)
    p.setPen(QPen(QColor(30, 30, 30, 140), 1.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    w, h = math.sqrt(3) * hex_px, 1.5 * hex_px
    for row in range(int(1000 / h) + 2):
        for col in range(int(1400 / w) + 2):
            cx, cy = 20 + col * w + (w / 2 if row % 2 else 0), 20 + row * h
            corners = [
                QPointF(
                    cx + hex_px * math.cos(math.radians(60 * i + 30)),
                    cy + hex_px * math.sin(math.radians(60 * i + 30)),
                )
                for i in range(6)
            ]
            p.drawPolygon(QPolygonF(corners))
    p.end()
    image.save(str(path))


def picture_fit(window: MainWindow, picture: Path) -> None:
    """Import the picture, click nine hex centres along a row, show the fit."""
    window.picture_dock.raise_()
    window.picture_dock.import_path(picture, show_progress=False)
    settle()
    window.picture_dock.start_fit()
    tool = window.picture_dock.tool
    background = window.document.board.background
    assert background is not None
    scale = window.scene.geometry.size / background.hex_size
    hex_px = 36.0
    for i in range(9):
        px, py = 20 + (2 + i) * math.sqrt(3) * hex_px, 20 + 4 * 1.5 * hex_px
        scene = QPointF((px - background.origin_x) * scale, (py - background.origin_y) * scale)
        QTest.mouseClick(
            window.view.viewport(), Qt.MouseButton.LeftButton, NO, window.view.mapFromScene(scene)
        )
    settle()
    window.grab().save(str(OUT / "picture_fit.png"))
    tool.apply()
    settle()
    window.document.undo_stack.setClean()


def library(window: MainWindow) -> None:
    """Place a few templates from the library beside the ford and select the troll."""
    dock = window.tokens.library_dock
    dock.raise_()
    for template_id, h in (("troll", Hex(12, 10)), ("ogre", Hex(14, 11)), ("barrel", Hex(13, 12))):
        template = dock.template(template_id)
        if template is not None:
            window.tokens.controller.add_from_template(template, h)
    settle()
    window.grab().save(str(OUT / "library.png"))


def look_at(window: MainWindow, h: Hex, zoom: float) -> None:
    window.view.set_zoom(zoom)
    window.view.centerOn(window.scene.geometry.center(h))
    settle()


def areas(window: MainWindow) -> None:
    """Aim a Cone from Aria at a band of goblins; then a Burst on the 4-hex Stone Giant."""
    from rules import AreaKind

    for h in (Hex(13, 13), Hex(13, 14), Hex(14, 14), Hex(12, 15)):
        template = window.tokens.library_dock.template("goblin")
        if template is not None:
            window.tokens.controller.add_from_template(template, h)
    look_at(window, Hex(12, 14), 1.1)
    settings = window.rules.area_settings
    settings.kind, settings.value, settings.range_value = AreaKind.CONE, 4, 6
    window.scene.set_selection(["aria"])
    window.rules.aim_area()
    window.rules.area_dock.sync_from_settings()
    viewport = window.view.viewport()
    QTest.mouseMove(viewport, at(window, Hex(10, 14)))
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, NO, at(window, Hex(10, 14)))
    QTest.mouseMove(viewport, at(window, Hex(14, 14)))
    settle()
    window.grab().save(str(OUT / "areas.png"))
    window.scene.tool.cancel()
    settings.kind, settings.value = AreaKind.BURST, 2
    window.scene.set_selection([])
    window.rules.aim_area()
    window.rules.area_dock.sync_from_settings()
    look_at(window, Hex(19, 24), 1.0)
    QTest.mouseMove(viewport, at(window, Hex(20, 24)))
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, NO, at(window, Hex(20, 24)))
    QTest.mouseMove(viewport, at(window, Hex(20, 24)))
    settle()
    window.grab().save(str(OUT / "burst.png"))
    window.scene.tool.cancel()
    window.terrain.choose_tool("select")


def concealment_shading(window: MainWindow) -> None:
    """Select the Grey Ogre and shade every space by the Concealment a target there has."""
    window.scene.set_selection(["ogre"])
    dock = window.rules.inspector_dock
    dock.show()
    dock.raise_()
    dock.shade_box.setChecked(True)
    look_at(window, window.document.board.hex_at(29, 10), 0.75)
    QTest.mouseMove(window.view.viewport(), at(window, window.document.board.hex_at(33, 6)))
    settle()
    window.grab().save(str(OUT / "concealment.png"))
    dock.shade_box.setChecked(False)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    document, _ = initial_document(None)
    window = open_window(document)
    painting(window)
    library(window)
    areas(window)
    concealment_shading(window)
    window.document.undo_stack.setClean()  # no "save changes?" question on close
    window.close()
    picture = Path(tempfile.mkdtemp()) / "battle.png"
    battle_map_picture(picture)
    blank = open_window(MapDocument(Board.blank(34, 24, name="Battle map")))
    picture_fit(blank, picture)
    blank.close()
    print(f"wrote {OUT}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
