"""Controller: the base of every object that edits the open map (DESIGN.md "Layers").

A controller turns an intent into one rules call and one undo step, or a refusal:

- :attr:`Controller.current` is the open map (a
  :class:`~app.document.current.CurrentDocument`), so a controller follows the session
  when another map is opened and never holds a closed one;
- :meth:`Controller.push` is the ONE way an edit reaches the undo stack: the after-board
  is worked out first (rules calls happen here, never inside a command), then one
  :class:`~app.document.commands.BoardEditCommand` swaps it in (a run of live edits, e.g.
  nudges of the battle-map picture, merges into one step with ``merge``);
- a refusal is never silent: it goes out on :attr:`refused` with the reason, and what was
  done on :attr:`informed`, for the status bar; a refusal about one token also goes out on
  :attr:`refused_near` (reason, token id) first, so the map can say it beside the token.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from app.document.commands import BoardEditCommand, MergingEditCommand
from app.document.current import CurrentDocument
from rules import Board, Token


class Controller(QObject):
    """Edits of the open map: :attr:`current`, :attr:`refused`, :attr:`informed`, :meth:`push`."""

    refused = Signal(str)
    refused_near = Signal(str, str)  # reason, the token it is about: emitted before refused
    informed = Signal(str)

    def __init__(self, current: CurrentDocument, parent: QObject | None = None):
        super().__init__(parent)
        self.current = current

    @property
    def board(self) -> Board:
        """The open map's Board as it is now."""
        return self.current.board

    def push(self, after: Board, text: str, *, merge: str | None = None) -> None:
        """Make ``after`` the open map's Board as ONE undo step named ``text``.

        With ``merge`` (a live edit: a run of nudges, one opacity drag), consecutive pushes
        of the same ``merge`` key collapse into one undo step until :meth:`seal`."""
        document = self.current.document
        command: QUndoCommand = (
            BoardEditCommand(document, after, text)
            if merge is None
            else MergingEditCommand(document, after, text, merge)
        )
        document.undo_stack.push(command)

    def seal(self) -> None:
        """End the current run of merging pushes: the next one is a new undo step."""
        stack = self.current.undo_stack
        top = stack.command(stack.index() - 1) if stack.index() > 0 else None
        if isinstance(top, MergingEditCommand):
            top.sealed = True

    def refuse(self, reason: str, near_token_id: str | None = None) -> bool:
        """Say why an intent was refused; returns False, for ``return self.refuse(…)``.

        With ``near_token_id`` (the token the refusal is about) it goes out on
        :attr:`refused_near` first, then on :attr:`refused` as always."""
        if near_token_id is not None:
            self.refused_near.emit(reason, near_token_id)
        self.refused.emit(reason)
        return False

    def token(self, token_id: str) -> Token | None:
        """Token ``token_id`` on the open map, or None after saying it is gone."""
        token = self.board.tokens.get(token_id)
        if token is None:
            self.refuse(f"There is no token {token_id!r} on this map any more")
        return token
