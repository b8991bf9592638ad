"""Undo commands: they only swap Boards (every rules call happens before, in a controller).

Boards are immutable, so a command keeps the board before and after and swaps them
(Tiled's ``ChangeMapObject::swap``). Commands change the document's Board, never a
graphics item; items follow the document's ``changed`` signal. Controllers push them
through :meth:`app.controllers.base.Controller.push`.
"""

from __future__ import annotations

import zlib

from PySide6.QtGui import QUndoCommand

from app.document import Change, MapDocument
from rules import Board


class BoardEditCommand(QUndoCommand):
    """Replace the document's board with ``after``; undo puts ``before`` back."""

    def __init__(self, document: MapDocument, after: Board, text: str):
        super().__init__(text)
        self._document = document
        self._before = document.board
        self._after = after
        self._change = Change.between(self._before, self._after)

    def redo(self) -> None:
        self._document.replace_board(self._after, self._change)

    def undo(self) -> None:
        self._document.replace_board(self._before, self._change)


class MergingEditCommand(BoardEditCommand):
    """A live edit (a nudge of the battle-map picture, an opacity drag): consecutive ones
    of the same ``key`` on the same document merge into one undo step until
    :attr:`sealed`; a run that ends where it began is dropped."""

    def __init__(self, document: MapDocument, after: Board, text: str, key: str):
        super().__init__(document, after, text)
        self.key = key
        self.sealed = False

    def id(self) -> int:
        return zlib.crc32(self.key.encode()) & 0x7FFF_FFFF

    def mergeWith(self, other: QUndoCommand) -> bool:
        if self.sealed or not isinstance(other, MergingEditCommand):
            return False
        if other.key != self.key or other._document is not self._document:
            return False
        self._after = other._after
        self._change = Change.between(self._before, self._after)
        self.setText(other.text())
        self.setObsolete(self._after == self._before)
        return True
