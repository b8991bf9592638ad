"""Name plates and mark badges on the Player Window: the window's Scale grows
the turn's badge and every name plate, and the plates laid out again for it keep off the
grown badge (they were laid out around the badge's boxes at the old Scale)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.token_marks import badge_rects_in
from app.widgets.player_window import PlayerWindow
from rules import Board, Token
from rules.board import with_turn
from rules.turns import TurnState, join, start

CROWD = [(4, 3), (5, 3), (4, 4), (3, 3), (4, 2), (5, 2)]  # (column, row) of each token
ACTOR = "t3"


def paint(player: PlayerWindow) -> None:
    viewport = player.view.viewport()
    viewport.grab()
    QApplication.processEvents()  # the repaint a full layout queues
    viewport.grab()


def test_plates_keep_off_the_turn_badge_grown_by_the_players_scale(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(12, 8)
    for i, (col, row) in enumerate(CROWD):
        board = board.with_token(Token(f"t{i}", f"Goblin Chief {i}", board.hex_at(col, row)))
    board = with_turn(board, start(join(TurnState(), ACTOR, 12)))
    player = PlayerWindow(CurrentDocument(MapDocument(board)))
    qtbot.addWidget(player)
    player.resize(900, 700)
    player.show()
    qtbot.waitExposed(player)
    player.view.set_zoom(0.8)
    paint(player)
    assert player.turn_highlight.token_id == ACTOR
    zoom = player.view.transform().m11()
    small = badge_rects_in(player.scene, zoom)
    player.set_presentation_scale(1.5)  # the Player Window's Scale → 150 %
    paint(player)
    (badge,) = badge_rects_in(player.scene, zoom)
    assert badge.width() > small[0].width()  # the badge grew
    covering = [
        token_id
        for token_id, item in player.scene.token_items().items()
        if item.plate.isVisible() and item.plate.text and badge.intersects(item.plate.plate_rect())
    ]
    assert covering == []
