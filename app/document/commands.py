"""Undo commands: one ``QUndoCommand`` class per kind of edit.

Boards are immutable, so every command keeps the board before and after and swaps
them (Tiled's ``ChangeMapObject::swap``). Commands change the document's Board, never a
graphics item; items follow the document's ``changed`` signal.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from app.document import Change, MapDocument
from rules import Board, Hex, Token
from rules.board import marked_moving, move_holder


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


class MoveTokenCommand(BoardEditCommand):
    """Move one token's anchor to another hex (during a conflict it is then "moving")."""

    def __init__(self, document: MapDocument, token_id: str, anchor: Hex):
        token = document.board.token(token_id)
        after = marked_moving(move_holder(document.board, token_id, anchor), [token_id])
        super().__init__(document, after, f"Move {token.name}")


class AddTokenCommand(BoardEditCommand):
    """Put a new token on the map."""

    def __init__(self, document: MapDocument, token: Token):
        super().__init__(document, document.board.with_token(token), f"Add {token.name}")
