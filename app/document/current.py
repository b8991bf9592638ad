"""CurrentDocument: the ONE way to follow which map is open (DESIGN.md "Layers").

Docks, tools, scene items and controllers hold this object, never a :class:`MapDocument`:
when another map is opened, :meth:`CurrentDocument.replace` moves the relays to it, so a
follower connects once and is never left watching a closed map. After Napari's
``ViewerModel.layers`` events and Tiled's ``DocumentManager::currentDocumentChanged``:
followers read :attr:`board` when told, and keep no copy of the document.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from app.document.map_document import Change, MapDocument
from rules import Board


class CurrentDocument(QObject):
    """The open map, and its signals relayed from whichever map that is.

    - :attr:`about_to_replace` (``MapDocument``, the one about to open): the old map is
      still open, so a gesture in progress ends on the board it began on.
    - :attr:`replaced` (``MapDocument``): another map is open; then :attr:`changed` with
      :meth:`Change.everything`, so a follower that only redraws needs only ``changed``.
    - :attr:`changed` (:class:`Change`): the open map's Board was replaced.
    - :attr:`modified_changed` (``bool``) and :attr:`path_changed` (``Path | None``).
    """

    about_to_replace = Signal(object)  # MapDocument (the one about to open)
    replaced = Signal(object)  # MapDocument
    changed = Signal(object)  # Change
    modified_changed = Signal(bool)
    path_changed = Signal(object)  # Path | None

    def __init__(self, document: MapDocument, parent: QObject | None = None):
        super().__init__(parent)
        self._document = document
        self._connect(document)

    @property
    def document(self) -> MapDocument:
        """The open map."""
        return self._document

    @property
    def board(self) -> Board:
        """The open map's Board as it is now."""
        return self._document.board

    @property
    def undo_stack(self) -> QUndoStack:
        """The open map's undo stack."""
        return self._document.undo_stack

    def replace(self, document: MapDocument) -> None:
        """Make ``document`` the open map and tell every follower, in this order:
        :attr:`about_to_replace` (the old map still open), the switch, :attr:`replaced`,
        :attr:`changed` (everything), :attr:`modified_changed`, :attr:`path_changed`. The old
        one is not deleted here: its owner decides. The open one again: nothing happens."""
        if document is self._document:
            return
        self.about_to_replace.emit(document)
        self._disconnect(self._document)
        self._document = document
        self._connect(document)
        self.replaced.emit(document)
        self.changed.emit(Change.everything())
        self.modified_changed.emit(document.is_modified())
        self.path_changed.emit(document.path)

    def _connect(self, document: MapDocument) -> None:
        document.changed.connect(self.changed)
        document.modified_changed.connect(self.modified_changed)
        document.path_changed.connect(self.path_changed)

    def _disconnect(self, document: MapDocument) -> None:
        document.changed.disconnect(self.changed)
        document.modified_changed.disconnect(self.modified_changed)
        document.path_changed.disconnect(self.path_changed)
