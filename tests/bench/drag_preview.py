"""Benchmark: one mouse move of a token drag with the live movement preview, against a
bare repaint of the same view (issue #6 ``drag_preview``, goal ≤ 2).

A creature in the middle of a painted 200×200 map with 50 other tokens is grabbed during
its turn of a conflict (so the Movement rules apply). Each timed move goes to another
hex — the preview reads the cheapest path from the field computed at the press, draws the
path and its label — and then the view is painted. The baseline paints a second view of
the same map without a drag.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import cycle

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.widgets.map_view import MapView
from rules import Board, Hex, Token
from rules.board import with_turn
from rules.movement import begin_turn
from rules.turns import TurnState, join, start

SIZE = 200
MOVER = "mover"
NO = Qt.KeyboardModifier.NoModifier


def conflict_board(board: Board) -> Board:
    """``board`` with a creature ``MOVER`` in its middle whose turn it is."""
    middle = board.hex_at(SIZE // 2, SIZE // 2)
    board = board.with_terrain("blocked", [middle], False)
    board = board.with_token(Token(MOVER, "Mover", middle, side="party"))
    turn = start(join(TurnState(), MOVER, 9))
    return begin_turn(with_turn(board, turn), MOVER).board


def drag_move(view: MapView) -> Callable[[], object]:
    """Press on ``MOVER`` in ``view``; each call moves the mouse to the next of a ring of
    hexes around it (within and beyond its Movement) and paints the view."""
    scene = view.scene()
    geometry = scene.geometry  # type: ignore[attr-defined]
    start_hex = scene.board.token(MOVER).position  # type: ignore[attr-defined]
    viewport = view.viewport()

    def at(h: Hex):  # type: ignore[no-untyped-def]
        return view.mapFromScene(geometry.center(h))

    view.centerOn(geometry.center(start_hex))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, NO, at(start_hex))
    targets = cycle(
        start_hex + Hex(dq, dr) for dq in range(-4, 5) for dr in range(-4, 5) if (dq, dr) != (0, 0)
    )

    def once() -> object:
        QTest.mouseMove(viewport, at(next(targets)))
        return viewport.grab()

    return once
