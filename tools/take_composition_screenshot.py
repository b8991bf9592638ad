"""Rules that compose (issue #13): Aria, Prone in a space she shares with the Grey Ogre, is
Encumbered 3 (Prone 2, Crowded 1). The Inspector names every source, and the Action dock's
Strike breakdown takes the same −3.

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python
tools/take_composition_screenshot.py [out-dir]`` (default ``assets/screenshots``): writes
``encumbered.png`` (the Inspector) and ``encumbered_strike.png`` (the Strike's
breakdown) at 1280×720.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from PySide6.QtWidgets import QApplication
from take_action_screenshots import armed_board
from take_screenshots import OUT, look_at, open_window, settle

from app.document import MapDocument
from rules import Board
from rules.actions import ActionRequest
from rules.board.conditions import set_condition


def prone_in_a_crowd() -> Board:
    """The action map, with Aria Prone in the Grey Ogre's space, the Goblin beside them."""
    board = armed_board()
    ogre = board.with_token_moved("ogre", board.hex_at(9, 7)).token("ogre")
    board = board.with_token_replaced(ogre)
    aria = replace(
        board.token("aria"), position=ogre.position, conditions=set_condition((), "prone", 1)
    )
    return board.with_token_replaced(aria)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    QApplication.instance() or QApplication(sys.argv)
    window = open_window(MapDocument(prone_in_a_crowd()))
    window.resize(1280, 720)
    for dock in (window.terrain_dock, window.tokens.library_dock, window.picture_dock):
        dock.hide()
    inspector = window.rules.inspector_dock
    inspector.show()
    window.scene.set_selection(["aria"])
    look_at(window, window.document.board.hex_at(9, 8), 1.6)
    window.conflict.flow.show(ActionRequest("strike", "aria", "gob"))
    settle(300)
    window.grab().save(str(out / "encumbered_strike.png"))
    inspector.raise_()
    settle(300)
    window.grab().save(str(out / "encumbered.png"))
    print(inspector.token_label.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
