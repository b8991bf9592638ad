"""A Strike chosen from a creature's Actions menu: the Action dock with the dice, every
modifier with its source, the exact chance and the distribution, the result on the map,
and the Roll Log dock (issue #7).

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python
tools/take_action_screenshots.py [out-dir]`` (default ``assets/screenshots``): writes
``action_panel.png`` (before rolling, with a ranged attack's range bands) and
``roll_log.png`` (after a few rolls).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from PySide6.QtWidgets import QApplication
from take_movement_screenshot import varied_board
from take_screenshots import OUT, look_at, open_window, settle

from app.document import MapDocument
from rules import Board
from rules.actions import ActionRequest
from rules.board.pools import Vitals


def armed_board() -> Board:
    """The movement map, with Skills on the creatures and the Goblin a little farther."""
    board = varied_board()
    aria = replace(board.token("aria"), vitals=Vitals(stats=(("martial", 3), ("nimble", 2))))
    gob = replace(board.token("gob"), vitals=Vitals(stats=(("elude", 2), ("athletics", 1))))
    ogre = replace(board.token("ogre"), vitals=Vitals(stats=(("elude", 1), ("martial", 2))))
    return board.with_token_replaced(aria).with_token_replaced(gob).with_token_replaced(ogre)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    QApplication.instance() or QApplication(sys.argv)
    window = open_window(MapDocument(armed_board()))
    window.resize(1280, 800)
    window.terrain_dock.hide()
    window.tokens.library_dock.hide()
    window.picture_dock.hide()
    look_at(window, window.document.board.hex_at(10, 7), 0.9)
    conflict = window.conflict.flow
    conflict.show(ActionRequest("strike", "aria", "gob"))
    conflict.controller.roll(conflict.panel.current_request())  # a melee Strike on the Goblin
    conflict.show(ActionRequest("strike", "aria", "ogre"))
    panel = conflict.panel
    panel.ranged.setChecked(True)
    panel.weapon_range.setValue(2)
    panel.kind.setCurrentText("thrown")
    settle(200)
    window.grab().save(str(out / "action_panel.png"))
    conflict.controller.roll(panel.current_request())
    log = window.roll_log_dock
    log.show()
    log.raise_()
    settle(200)
    window.grab().save(str(out / "roll_log.png"))
    print(window.statusBar().currentMessage())
    return 0


if __name__ == "__main__":
    sys.exit(main())
