"""The tactical lens at the table, 1280×720 (issue #19): the demo map in a conflict, Aria
Vell selected, each lens on in turn — Threat, Cover (two thickets of Concealment 4 painted
beside her first), Best Aim (a Cone 3, range 6) and Safest Path to a space where the
safest way differs from the cheapest.

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python
tools/take_lens_screenshots.py [out-dir]`` (default ``assets/screenshots``): writes
``lens_threat.png``, ``lens_cover.png``, ``lens_aim.png`` and ``lens_path.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, at, settle
from take_table_screenshots import in_conflict, table_window

from app.resources import demo_map_path
from app.shell.main_window import MainWindow
from app.tools.paint import PaintSettings
from rules import Hex, mapfile
from rules.areas import AreaKind
from rules.hexes import disk, distance
from rules.lens import safest_path

SUBJECT = "aria"


def look(window: MainWindow, h: Hex, zoom: float = 1.0) -> None:
    window.view.set_zoom(zoom)
    window.view.centerOn(window.scene.geometry.center(h))
    settle(200)


def hover(window: MainWindow, h: Hex) -> None:
    viewport = window.view.viewport()
    QTest.mouseMove(viewport, viewport.rect().topLeft())
    settle(50)
    QTest.mouseMove(viewport, at(window, h))
    settle(300)


def detour_goal(window: MainWindow) -> Hex | None:
    """The nearest space the subject can reach where the safest path is not the cheapest."""
    board = window.document.board
    start = board.token(SUBJECT).position
    ring = sorted(
        (h for h in window.lens.cover.spaces() if h != start) if window.lens.cover else (),
        key=lambda h: (distance(start, h), h.q, h.r),
    )
    for h in ring:
        answer = safest_path(board, SUBJECT, h)
        if answer.found and not answer.same_path:
            return h
    return None


def shoot(window: MainWindow, name: str, out: Path) -> None:
    """The screen (the hover tooltip is a window of its own), cropped to the window."""
    settle(600)
    screen = QApplication.primaryScreen().grabWindow(0)
    screen.copy(window.frameGeometry()).save(str(out / name))
    print(f"{name}: {window.statusBar().currentMessage()}")


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    window = table_window(in_conflict(mapfile.load(demo_map_path())))
    aria = window.document.board.token(SUBJECT).position
    window.scene.set_selection([SUBJECT])
    look(window, aria, 0.9)
    lens = window.lens
    lens.toggle_threat()
    hover(window, aria + Hex(2, -1))
    shoot(window, "lens_threat.png", out)
    lens.toggle_threat()
    lens.toggle_cover()
    goal = detour_goal(window)
    thickets = [h for c in (aria + Hex(-3, 2), aria + Hex(3, 1)) for h in disk(c, 1)]
    window.controller.paint_terrain(PaintSettings("concealment", "set", 4), thickets)
    hover(window, aria + Hex(-4, 3))
    shoot(window, "lens_cover.png", out)
    lens.toggle_cover()
    window.document.undo_stack.undo()  # the thickets were for the cover picture only
    settings = window.rules.area_settings
    settings.kind, settings.value, settings.range_value = AreaKind.CONE, 3, 6
    lens.toggle_aim()
    look(window, aria, 1.3)
    best = lens.aim.candidates[0] if lens.aim and lens.aim.candidates else None
    if best is not None:
        hover(window, best.origin[0])
    shoot(window, "lens_aim.png", out)
    lens.toggle_aim()
    lens.toggle_path()
    if goal is not None:
        look(window, aria, 1.3)
        hover(window, goal)
    shoot(window, "lens_path.png", out)
    lens.clear_all()
    window.document.undo_stack.setClean()
    window.close()
    app.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
