"""PlayerDocument: what the players may see of the GM's open map, kept up to date.

It follows the GM's open map (a :class:`~app.document.current.CurrentDocument`, so it
follows the GM into another map by itself) and shows
:func:`rules.battlefield.visibility.player_board` of it: no hidden tokens, no GM-only
labels or notes,
nothing under fog, no Pools the GM did not share. It is read-only (nothing is ever
pushed on an undo stack here) and emits :attr:`PlayerDocument.changed` like a
MapDocument, so a :class:`~app.scene.map_scene.MapScene` can show it. Paused, it stops
following the GM (who can then prepare the next scene) and catches up on resume.

:func:`party_reveal` is what the Terrain dock's "Reveal Around the Party" does to the GM's
map; :meth:`app.controllers.map.MapController.reveal_around_party` pushes it as one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from app.document.current import CurrentDocument
from app.document.map_document import Change, MapDocument
from rules import Board
from rules.battlefield import player_board, revealed_around

PARTY_SIDES = ("party",)


class PlayerDocument(QObject):
    """The players' view of the GM's open map: :attr:`board` is ``player_board(gm.board)``.

    :attr:`replaced` says the GM opened another map (after the players' picture changed to
    it, unless paused)."""

    changed = Signal(object)  # Change
    paused_changed = Signal(bool)
    replaced = Signal(object)  # MapDocument: the GM opened another map

    def __init__(self, current: CurrentDocument, parent: QObject | None = None):
        super().__init__(parent)
        self._current = current
        self._seen = current.board  # the GM board the shown one was made from
        self._board = player_board(self._seen)
        self._paused = False
        self._dormant = False  # no window shows it: do not recompute on every GM edit
        current.changed.connect(self._on_source_changed)
        current.replaced.connect(self._on_source_replaced)

    @property
    def board(self) -> Board:
        """What the players see now (frozen while paused)."""
        return self._board

    @property
    def source(self) -> MapDocument:
        """The GM's open map, followed."""
        return self._current.document

    @property
    def display_name(self) -> str:
        """The map's name (never its file name: the players need not see it)."""
        return self._board.name

    @property
    def paused(self) -> bool:
        """True while the players' picture is frozen."""
        return self._paused

    def set_paused(self, paused: bool) -> None:
        """Freeze the players' picture, or resume and catch up with the GM's map."""
        if paused == self._paused:
            return
        self._paused = paused
        if not paused:
            self._catch_up()
        self.paused_changed.emit(paused)

    def set_dormant(self, dormant: bool) -> None:
        """Stop following while no window shows the players' picture (the player board
        is not free on a big map); waking up catches up unless paused."""
        self._dormant = dormant
        if not dormant and not self._paused:
            self._catch_up()

    def _on_source_replaced(self, document: MapDocument) -> None:
        """The GM opened or created another map. While paused the players keep the old
        picture until resumed."""
        if not self._paused:
            self._show(document.board, Change.everything())
        self.replaced.emit(document)

    def _on_source_changed(self, _change: Change) -> None:
        if self._seen is self._current.board:  # e.g. the everything after a replace
            return
        if not self._paused and not self._dormant:
            self._catch_up()

    def _catch_up(self) -> None:
        """Show the GM's current board, announcing only what changed for the players."""
        before, after = self._seen, self._current.board
        if after is before:
            return
        grid = (before.width, before.height, before.orientation) != (
            after.width,
            after.height,
            after.orientation,
        )
        if grid:
            self._show(after, Change.everything())
            return
        shown = player_board(after)
        change = Change.between(self._board, shown)
        # player_board() rebuilds fogged layers on every call: unchanged GM terrain means
        # unchanged player terrain, so the players' grid need not be recoloured.
        if all(before.layers[k] is after.layers[k] for k in after.layers):
            change = replace(change, terrain=False)
        self._seen, self._board = after, shown
        if change != Change():  # e.g. the GM moved a hidden token: nothing to redraw
            self.changed.emit(change)

    def _show(self, board: Board, change: Change) -> None:
        self._seen, self._board = board, player_board(board)
        self.changed.emit(change)


def party_reveal(
    board: Board, radius: int, sides: Iterable[str] = PARTY_SIDES
) -> tuple[Board | None, str]:
    """``board`` with the fog lifted within ``radius`` spaces of every visible party token,
    and what happened in words (the undo step's text); ``None`` (and why) if nothing would
    be lifted."""
    sides = tuple(sides)
    if not any(t.side in sides and not t.hidden for t in board.tokens.values()):
        return None, "⚠ No party token on the map: there is nothing to reveal around"
    after = revealed_around(board, radius, sides)
    lifted = int((board.layer("fog") & ~after.layer("fog")).sum())
    if not lifted:
        return None, f"No fog within {radius} hexes of the party"
    return after, f"Reveal {lifted} hex{'es' if lifted != 1 else ''} around the party"
