"""Writing an export: :func:`export_board` draws a map with :mod:`app.export.render` or
:mod:`app.export.pdf`, as :mod:`app.export.plan` planned it, and replaces the file at once
(:func:`rules.atomic.replace_atomically`), so a cancelled or failed export leaves no file.
"""

from __future__ import annotations

from pathlib import Path

from app.export.pdf import pdf_bytes
from app.export.plan import (
    ExportError,
    ExportOptions,
    Progress,
    export_format,
    export_steps,
)
from app.export.render import Steps, png_bytes, scene_for, svg_bytes
from rules import Board, replace_atomically
from rules.battlefield import player_board


def export_board(
    board: Board,
    out: Path,
    options: ExportOptions | None = None,
    *,
    progress: Progress | None = None,
) -> Path:
    """Write ``board`` to ``out`` (format from the suffix) and return the path written.

    Raises ExportOptionsError for a bad file name or options, ExportError if the file
    cannot be written, ExportCancelledError if ``progress`` returned False (nothing written).
    """
    out, options = Path(out), options or ExportOptions()
    kind = export_format(out)
    shown = _player_export_board(board) if options.player else board
    steps = Steps(progress, export_steps(shown, out, options))
    scene = scene_for(shown, options)
    writers = {".png": png_bytes, ".pdf": pdf_bytes, ".svg": svg_bytes}
    data = writers[kind](scene, shown, options, steps)
    try:
        replace_atomically(out, data)
    except OSError as error:
        raise ExportError(f"could not write {out}: {error.strerror or error}") from error
    return out


def _player_export_board(board: Board) -> Board:
    """The player board, without the battle-map picture while fog hides part of the map:
    a PDF or SVG embeds the whole picture, so the fog drawn over it could be peeled off."""
    shown = player_board(board)
    if shown.background is not None and shown.layer("fog").any():
        shown = shown.with_background(None)
    return shown
