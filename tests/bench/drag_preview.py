"""Benchmark: one mouse move of a token drag with the live movement preview, against a
bare repaint of the same view (issue #6 ``drag_preview``; issue #20: ≤ 1.2 on 200², 500²
and 1000² maps with 50, 200 and 400 tokens).

A creature in the middle of a painted map is grabbed during its turn of a conflict (so
the Movement rules apply). Each timed move goes to another hex — the preview reads the
cheapest path from the field computed at the press, draws the path, its Hinder marks and
its label — and then the view paints what Qt says changed, as it does on screen
(:func:`drag_update`: the event, then the pending paint). The baseline is a full repaint
of a second view of the same map without a drag: a move must fit in the frame a repaint
of the whole view takes. :func:`drag_move` paints the whole view after each move instead
(the cost when everything must be drawn again, printed for information).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import cycle

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from app.widgets.map_view import MapView
from rules import Board, Hex, Token
from rules.board import with_turn
from rules.movement import begin_turn
from rules.turns import TurnState, join, start

SIZE = 200
SIZES = (200, 500, 1000)
TOKEN_COUNTS = (50, 200, 400)
MOVER = "mover"
NO = Qt.KeyboardModifier.NoModifier


def conflict_board(board: Board) -> Board:
    """``board`` with a creature ``MOVER`` in its middle whose turn it is."""
    middle = board.hex_at(board.width // 2, board.height // 2)
    board = board.with_terrain("blocked", [middle], False)
    board = board.with_token(Token(MOVER, "Mover", middle, side="party"))
    turn = start(join(TurnState(), MOVER, 9))
    return begin_turn(with_turn(board, turn), MOVER).board


def _grab(view: MapView) -> tuple[Callable[[Hex], QPoint], Iterator[Hex]]:
    """Press on ``MOVER`` in ``view``: how to find a hex in the view, and the ring of
    hexes around the mover (within and beyond its Movement) the moves go to in turn."""
    scene = view.scene()
    geometry = scene.geometry  # type: ignore[attr-defined]
    start_hex = scene.board.token(MOVER).position  # type: ignore[attr-defined]

    def at(h: Hex) -> QPoint:
        return view.mapFromScene(geometry.center(h))

    view.centerOn(geometry.center(start_hex))
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, NO, at(start_hex))
    targets = cycle(
        start_hex + Hex(dq, dr) for dq in range(-4, 5) for dr in range(-4, 5) if (dq, dr) != (0, 0)
    )
    return at, targets


def drag_move(view: MapView) -> Callable[[], object]:
    """Grab ``MOVER``; each call moves the mouse to the next hex and paints the whole view."""
    at, targets = _grab(view)
    viewport = view.viewport()

    def once() -> object:
        QTest.mouseMove(viewport, at(next(targets)))
        return viewport.grab()

    return once


class PaintCounter(QObject):
    """Counts the paints of a widget and the share of it they covered."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.paints = 0
        self.covered = 0.0
        self._area = max(1, widget.width() * widget.height())
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            self.paints += 1
            rects = event.region()
            self.covered += sum(r.width() * r.height() for r in rects) / self._area
        return False


def drag_update(view: MapView) -> tuple[Callable[[], object], PaintCounter]:
    """Grab ``MOVER``; each call moves the mouse to the next hex, then lets Qt paint what
    changed (as on screen: the part of the view the preview's items cover)."""
    at, targets = _grab(view)
    viewport = view.viewport()
    counter = PaintCounter(viewport)

    def once() -> object:
        QTest.mouseMove(viewport, at(next(targets)))
        QApplication.processEvents()  # the scene's changes → the view's update → its paint
        return counter

    return once, counter
