"""Drag a creature over varied terrain during a conflict and save the live movement
preview (reachable shading, cheapest path, cost and breakdown, Hinder rings).

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python
tools/take_movement_screenshot.py [out.png]`` (default ``assets/screenshots/movement.png``).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from take_screenshots import NO, OUT, at, look_at, open_window, settle

from app.document import MapDocument
from rules import Board, GroundKind, Hex, Motion, Token
from rules.board import with_turn
from rules.movement import begin_turn
from rules.turns import TurnState, join, start


def varied_board() -> Board:
    """A meadow with a hill, a cliff, a pond, packed earth, a wall and three creatures."""
    board = Board.blank(22, 14, name="Movement")
    board = board.with_terrain(
        "ground", [board.hex_at(c, r) for c in range(22) for r in range(14)], int(GroundKind.GRASS)
    )
    hill = [board.hex_at(c, r) for c in range(11, 15) for r in range(2, 6)]
    board = board.with_terrain("elevation", hill, 1)
    board = board.with_terrain(
        "elevation", [board.hex_at(c, r) for c in (12, 13) for r in (3, 4)], 2
    )
    cliff = [board.hex_at(11, r) for r in range(3, 9)]
    board = board.with_terrain("steep", cliff, True).with_terrain("elevation", cliff, 1)
    pond = [board.hex_at(c, r) for c in range(6, 10) for r in range(8, 12)]
    board = board.with_terrain("water_depth", pond, 2).with_terrain(
        "ground", pond, int(GroundKind.WATER)
    )
    wall = [board.hex_at(c, 1) for c in range(4, 9)]
    board = board.with_terrain("blocked", wall, True).with_terrain(
        "ground", wall, int(GroundKind.STONE)
    )
    board = board.with_token(
        Token("aria", "Aria", board.hex_at(8, 7), side="party", color="#0072B2")
    )
    board = board.with_token(
        Token("gob", "Goblin", board.hex_at(9, 8), size=-1, side="enemy", color="#D55E00")
    )
    board = board.with_token(
        Token("ogre", "Grey Ogre", board.hex_at(13, 8), size=1, side="enemy", color="#7f6a50")
    )
    turn = start(join(join(join(TurnState(), "aria", 9), "gob", 5), "ogre", 3))
    board = begin_turn(with_turn(board, turn), "aria").board
    dashing = replace(board.token("aria"), motion=Motion(pace="dash"))  # a Major Action
    return board.with_token_replaced(dashing)


def board_center(window) -> Hex:  # type: ignore[no-untyped-def]
    return window.document.board.hex_at(11, 6)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT / "movement.png"
    QApplication.instance() or QApplication(sys.argv)
    window = open_window(MapDocument(varied_board()))
    window.resize(1280, 800)
    window.terrain_dock.hide()
    window.tokens.library_dock.hide()
    look_at(window, board_center(window), 1.0)
    board = window.document.board
    viewport = window.view.viewport()
    start_hex, target = board.token("aria").position, board.hex_at(12, 5)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, NO, at(window, start_hex))
    for h in (board.hex_at(9, 6), board.hex_at(11, 5), target):
        QTest.mouseMove(viewport, at(window, h))
        settle(60)
    settle()
    window.grab().save(str(out))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, NO, at(window, target))
    settle()
    print(window.statusBar().currentMessage())
    return 0


if __name__ == "__main__":
    sys.exit(main())
