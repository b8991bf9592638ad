"""The GM's window at the table, 1280×720 (issue #16): the demo map at fit zoom with every
name, a Strike with its marks, a movement drag with its compact label and the Movement
dock's steps, and one page of a true-scale PDF.

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python
tools/take_table_screenshots.py [out-dir]`` (default ``assets/screenshots``): writes
``table_fit.png``, ``table_strike.png``, ``table_movement.png`` and
``print_true_scale.png`` (the PDF page needs ``pdftoppm``, from poppler-utils); into the
default folder, ``table_fit.png`` is also README's first picture, ``assets/screenshot.png``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, at, open_window, settle

from app.document import MapDocument
from app.export.files import export_board
from app.export.plan import ExportOptions
from app.resources import demo_map_path
from app.shell.main_window import MainWindow
from rules import Board, Hex, TokenKind
from rules.actions import ActionRequest
from rules.board import with_turn
from rules.movement import begin_turn
from rules.turns import TurnState, join, start

LEFT, NO = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def in_conflict(board: Board) -> Board:
    """The demo map with every creature in a conflict: Aria Vell's turn."""
    turn = TurnState()
    creatures = [t for t in board.tokens.values() if t.kind is TokenKind.CREATURE]
    for i, token in enumerate(creatures):
        turn = join(turn, token.id, 20 - i)
    return begin_turn(with_turn(board, start(turn)), "aria").board


def table_window(board: Board) -> MainWindow:
    window = open_window(MapDocument(board))
    window.resize(1280, 720)
    settle(300)
    window.build_deferred()
    window.fit_to_window()
    settle(200)
    return window


def strike(window: MainWindow, out: Path) -> None:
    """Aria Vell strikes Goblin 1 with the map's seeded dice (the Action dock shows the
    roll; the map its marks)."""
    board = window.document.board
    goblin = next(t.id for t in board.tokens.values() if t.name == "Goblin 1")
    flow = window.conflict.flow
    flow.show(ActionRequest("strike", "aria", goblin))
    flow.controller.roll(flow.panel.current_request())
    window.view.set_zoom(1.1)
    window.view.centerOn(window.scene.geometry.center(board.token("aria").position))
    settle(250)
    window.grab().save(str(out / "table_strike.png"))


def movement(window: MainWindow, out: Path) -> None:
    """Aria Vell dragged three spaces: the reachable spaces, the path and its label."""
    aria = window.document.board.token("aria").position
    dock = window.movement.dock
    dock.show()
    dock.raise_()
    window.view.set_zoom(1.1)
    window.view.centerOn(window.scene.geometry.center(aria))
    settle(150)
    viewport = window.view.viewport()
    QTest.mousePress(viewport, LEFT, NO, at(window, aria))
    for step in (Hex(aria.q + 1, aria.r), Hex(aria.q + 2, aria.r + 1), Hex(aria.q + 2, aria.r + 2)):
        QTest.mouseMove(viewport, at(window, step))
        settle(60)
    settle(200)
    window.grab().save(str(out / "table_movement.png"))
    QTest.keyClick(viewport, Qt.Key.Key_Escape)


def true_scale_page(board: Board, out: Path) -> None:
    """Page 1 of the demo map at true scale (1 inch a hex), with its crop marks and the
    hex coordinates in the margin, rendered to PNG."""
    if shutil.which("pdftoppm") is None:
        print("pdftoppm not found (apt-get install poppler-utils): no print_true_scale.png")
        return
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "demo.pdf"
        export_board(board, pdf, ExportOptions(true_scale=True))
        stem = Path(folder) / "page"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "6", "-l", "6", str(pdf), str(stem)],
            check=True,
        )
        shutil.copy(next(Path(folder).glob("page*.png")), out / "print_true_scale.png")


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    QApplication.instance() or QApplication(sys.argv)
    demo = MapDocument.open(demo_map_path()).board
    window = table_window(demo)
    window.grab().save(str(out / "table_fit.png"))
    if out == OUT:
        shutil.copy(out / "table_fit.png", OUT.parent / "screenshot.png")
    window.close()
    window = table_window(in_conflict(demo))
    movement(window, out)
    strike(window, out)
    true_scale_page(demo, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
