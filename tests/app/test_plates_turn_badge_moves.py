"""Name plates and mark badges: when the turn passes from one creature to
another that stands among its neighbours exactly as the first did, the turn's ring and
badge move, and the plates near the new badge are laid out again around it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.document import MapDocument
from app.scene.token_marks import badge_rects_in
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token
from rules.turns import actor
from tests.app.conflict_helpers import FIGHTER, in_conflict
from tests.app.qt_helpers import built

A, B = Hex(6, 5), Hex(20, 5)
UP_LEFT = Hex(-1, -1)  # a neighbour whose plate, laid out before any badge, sits on the corner


def paint(window: MainWindow) -> None:
    window.view.viewport().grab()
    QApplication.processEvents()  # the repaint a full layout queues
    window.view.viewport().grab()


def covered_badges(window: MainWindow) -> list[str]:
    badges = badge_rects_in(window.scene, window.view.transform().m11())
    return [
        token_id
        for token_id, item in window.scene.token_items().items()
        if item.plate.isVisible()
        and item.plate.text
        and any(badge.intersects(item.plate.plate_rect()) for badge in badges)
    ]


def test_a_plate_moves_off_the_turn_badge_when_the_turn_passes_to_a_twin_position(
    make_window,  # type: ignore[no-untyped-def]
) -> None:
    board = Board.blank(30, 12)
    for token_id, name, where in (
        ("a", "Aria", A),
        ("b", "Bran", B),
        ("na", "Goblin 1", A + UP_LEFT),
        ("nb", "Goblin 2", B + UP_LEFT),
    ):
        board = board.with_token(Token(token_id, name, where, vitals=FIGHTER))
    window = built(make_window(MapDocument(in_conflict(board))))
    window.view.set_zoom(0.6)
    paint(window)
    assert actor(window.document.board.turn) == "a"
    highlight = window.turns.tracker_dock.highlight
    assert highlight.isVisible() and highlight.token_id == "a"
    assert covered_badges(window) == []  # Goblin 1's plate made room for Aria's badge
    first = list(highlight.marks)
    window.actions_by_id["turn.next"].trigger()  # Next Turn: Bran acts
    paint(window)
    assert highlight.token_id == "b"
    assert highlight.marks == first  # the same ring and badge, drawn at another place
    assert covered_badges(window) == []  # Goblin 2's plate must make room the same way
