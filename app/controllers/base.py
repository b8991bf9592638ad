"""Controller: the base of every object that edits the open map (DESIGN.md "Layers").

A controller turns an intent into one rules call and one undo step, or a refusal:

- :attr:`Controller.current` is the open map (a
  :class:`~app.document.current.CurrentDocument`), so a controller follows the session
  when another map is opened and never holds a closed one;
- :meth:`Controller.push` is the ONE way an edit reaches the undo stack: the after-board
  is worked out first (rules calls happen here, never inside a command), then one
  :class:`~app.document.commands.BoardEditCommand` swaps it in;
- a refusal is never silent: it goes out on :attr:`refused` with the reason, and what was
  done on :attr:`informed`, for the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.document.map_document import MapDocument
from rules import Board


class Controller(QObject):
    """Edits of the open map: :attr:`current`, :attr:`refused`, :attr:`informed`, :meth:`push`."""

    refused = Signal(str)
    informed = Signal(str)

    def __init__(self, current: CurrentDocument, parent: QObject | None = None):
        super().__init__(parent)
        self.current = current

    @property
    def document(self) -> MapDocument:
        """The open map."""
        return self.current.document

    @property
    def board(self) -> Board:
        """The open map's Board as it is now."""
        return self.current.board

    def push(self, after: Board, text: str) -> None:
        """Make ``after`` the open map's Board as ONE undo step named ``text``."""
        document = self.current.document
        document.undo_stack.push(BoardEditCommand(document, after, text))

    def refuse(self, reason: str) -> bool:
        """Say why an intent was refused; returns False, for ``return self.refuse(…)``."""
        self.refused.emit(reason)
        return False


# -- transitional (#15): removed once every controller is a Controller -------------------
DocumentSource = MapDocument | CurrentDocument | Callable[[], MapDocument]


def document_of(source: DocumentSource) -> MapDocument:
    """The map ``source`` is, or returns now."""
    if isinstance(source, MapDocument):
        return source
    if isinstance(source, CurrentDocument):
        return source.document
    return source()


class DocumentActions(QObject):
    """Transitional: actions on one map, the document they edit, and their two messages."""

    refused = Signal(str)
    informed = Signal(str)

    def __init__(self, document: DocumentSource, parent: QObject | None = None):
        super().__init__(parent)
        self._document = document

    @property
    def document(self) -> MapDocument:
        """The map these actions edit."""
        return document_of(self._document)

    def set_document(self, document: DocumentSource) -> None:
        """Work on another map (or follow another getter)."""
        self._document = document
