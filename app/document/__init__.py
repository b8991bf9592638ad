"""The open map and what follows it: MapDocument, PlayerDocument, the undo commands (board
swaps only), the session, autosave and the clipboard (DESIGN.md "Layers")."""

from app.document.map_document import Change, MapDocument

__all__ = ["Change", "MapDocument"]
