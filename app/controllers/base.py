"""DocumentActions: the base of the action objects that edit one open map.

``document`` is the open map, or a function returning it (so the actions follow the
session when another map is opened); :meth:`set_document` switches it explicitly. A
refusal is never silent: it goes out on :attr:`refused` with the reason, and what was
done on :attr:`informed`, for the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.document import MapDocument

DocumentSource = MapDocument | Callable[[], MapDocument]


def document_of(source: DocumentSource) -> MapDocument:
    """The map ``source`` is, or returns now."""
    return source if isinstance(source, MapDocument) else source()


class DocumentActions(QObject):
    """Actions on one map: the document they edit, and their two messages."""

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
