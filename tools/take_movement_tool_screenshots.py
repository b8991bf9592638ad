"""Screenshots of the token context menu, the Jump tool and the Shove preview, for README.

Run under Xvfb at the window's size: ``xvfb-run -a -s "-screen 0 1280x800x24"
.venv/bin/python tools/take_movement_tool_screenshots.py`` (the menu is its own window,
so the whole screen is grabbed). Writes ``assets/screenshots/{token_menu,jump,shove}.png``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QContextMenuEvent, QGuiApplication  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QToolTip  # noqa: E402
from take_screenshots import at, look_at, open_window, settle  # noqa: E402

from app.document import MapDocument  # noqa: E402
from rules import Board, GroundKind, Hex, Motion, Token, Vitals  # noqa: E402
from rules.board.conditions import set_condition  # noqa: E402

OUT = ROOT / "assets" / "screenshots"


def board() -> Board:
    b = Board.blank(22, 14, name="Movement")
    every = [b.hex_at(c, r) for c in range(22) for r in range(14)]
    b = b.with_terrain("ground", every, int(GroundKind.GRASS))
    wall = [b.hex_at(9, r) for r in range(2, 6)]
    b = b.with_terrain("blocked", wall, True)
    cliff = [b.hex_at(c, 9) for c in range(3, 7)]
    b = b.with_terrain("steep", cliff, True).with_terrain("elevation", cliff, 3)
    b = b.with_terrain("softness", [b.hex_at(4, 10)], 4)
    crouching = set_condition((), "crouching", 1, "")
    return (
        b.with_token(
            Token(
                "a",
                "Aria",
                b.hex_at(5, 4),
                side="party",
                color="#0072B2",
                movement_pool=9,
                conditions=crouching,
                moving=True,
            )
        )
        .with_token(Token("g", "Goblin", b.hex_at(13, 7), size=-1, side="enemy", color="#D55E00"))
        .with_token(Token("o", "Ogre", b.hex_at(16, 7), size=1, side="enemy", color="#CC79A7"))
        .with_token(
            Token(
                "f",
                "Faller",
                b.hex_at(4, 10),
                side="ally",
                color="#009E73",
                movement_types=("land", "fly"),
                motion=Motion(mode="ground", altitude=10),
                vitals=Vitals(),
            )
        )
    )


def screen(name: str) -> None:
    settle(250)
    QGuiApplication.primaryScreen().grabWindow(0).save(str(OUT / name))


def main() -> None:
    QApplication.instance() or QApplication([])
    window = open_window(MapDocument(board()))
    window.move(0, 0)
    window.resize(1280, 800)
    settle(300)
    b = window.document.board
    aria = b.token("a").position
    look_at(window, aria, 1.3)
    # 1. the token's context menu
    pos = at(window, aria)
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, pos, window.view.viewport().mapToGlobal(pos)
    )
    QApplication.sendEvent(window.view.viewport(), event)
    menu = window.movement.context_menu
    settle(200)
    fly = menu.findChild(type(menu.actions()[0]), "movement.mode.fly")
    menu.setActiveAction(fly)
    QTest.mouseMove(menu, menu.actionGeometry(fly).center())
    settle(1500)
    screen("token_menu.png")
    menu.close()
    QToolTip.hideText()
    settle(300)
    # 2. the Jump tool with landing spaces
    window.scene.set_selection(["a"])
    window.movement.run("posture.crouching", "a")  # stand up first (crouching: choose again)
    window.movement.jump("a")
    panel = window.movement.dock.jump_panel
    panel.result_spin.setValue(17)
    panel.run_up_spin.setValue(2)
    look_at(window, aria, 1.1)
    QTest.mouseMove(window.view.viewport(), at(window, b.hex_at(8, 3)))
    settle(200)
    screen("jump.png")
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    # 3. the Shove preview
    board_now = window.controller.board
    window.controller.push(board_now.with_token_moved("a", board_now.hex_at(15, 7)), "Place Aria")
    window.scene.set_selection(["g"])
    tool = window.movement.shove("g")
    tool.set_facing(0)
    tool.set_spaces(5)
    look_at(window, board_now.token("g").position + Hex(3, 0), 1.2)
    window.view.viewport().setFocus()
    QTest.mouseMove(window.view.viewport(), at(window, board_now.token("g").position + Hex(2, 0)))
    settle(200)
    screen("shove.png")
    # No window.close(): the map was changed, so closing would ask to save and wait.


if __name__ == "__main__":
    main()
    os._exit(0)  # leave without Qt's teardown asking about the unsaved map
