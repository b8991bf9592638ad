"""Copy and paste tokens, within a map and between maps.

The clipboard holds a tiny ``.hexmap`` (the copied tokens and their pictures on an
otherwise blank map of the source's shape) under :data:`MIME_TYPE`, so a paste is read
with the map file's own validation: a hostile clipboard is refused like a hostile file.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QByteArray, QMimeData

from rules import Board, mapfile

MIME_TYPE = "application/x-hexweave-tokens"


def tokens_to_mime(board: Board, token_ids: Iterable[str]) -> QMimeData:
    """Clipboard data for the tokens ``token_ids`` of ``board`` (with their pictures)."""
    clip = Board.blank(board.width, board.height, board.orientation, "clipboard")
    for token_id in token_ids:
        token = board.token(token_id)
        if token.image and token.image not in clip.images:
            clip = clip.with_image(token.image, board.images[token.image])
        clip = clip.with_token(token)
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(mapfile.dumps(clip)))
    names = ", ".join(t.name for t in clip.tokens.values())
    mime.setText(f"Hexweave tokens: {names}")
    return mime


def tokens_from_mime(mime: QMimeData | None) -> Board | None:
    """The copied tokens (on their little board), or ``None`` if the clipboard has none.

    Raises :class:`rules.MapFileError` when the clipboard claims to hold tokens but is damaged.
    """
    if mime is None or not mime.hasFormat(MIME_TYPE):
        return None
    return mapfile.loads(bytes(mime.data(MIME_TYPE).data()), source="the clipboard")
