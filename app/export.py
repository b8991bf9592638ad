"""Render a map to PNG, PDF or SVG without a window (also used by File → Export Image…).

The picture is drawn by the same scene items as the window, so what is exported is what
is seen. ``player=True`` renders what the players may see (:func:`rules.visibility.player_board`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from app.controller import MapController
from app.document import MapDocument
from app.scene.map_scene import MapScene
from rules import Board
from rules.visibility import player_board

FORMATS = (".png", ".pdf", ".svg")
PIXELS_PER_HEX = 48.0
MAX_PIXELS = 16000


class ExportError(ValueError):
    """The export could not be written; the message says why."""


def export_board(
    board: Board, out: Path, *, player: bool = False, pixels_per_hex: float = PIXELS_PER_HEX
) -> Path:
    """Write ``board`` to ``out`` (format from the suffix) and return the path written."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise ExportError(f"cannot export to {out.name!r}: use .png, .pdf or .svg")
    shown = player_board(board) if player else board
    document = MapDocument(shown)
    scene = MapScene(document, MapController(document))
    source = scene.geometry.board_rect(shown)
    scale = min(
        pixels_per_hex / scene.geometry.layout.width,
        MAX_PIXELS / max(source.width(), source.height()),
    )
    size = QSize(max(1, round(source.width() * scale)), max(1, round(source.height() * scale)))
    writers = {".png": _write_png, ".pdf": _write_pdf, ".svg": _write_svg}
    writers[suffix](scene, source, size, out)
    return out


def _paint(scene: MapScene, painter: QPainter, target: QRectF, source: QRectF) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, target, source)


def _write_png(scene: MapScene, source: QRectF, size: QSize, out: Path) -> None:
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(scene.backgroundBrush().color()))
    painter = QPainter(image)
    _paint(scene, painter, QRectF(0, 0, size.width(), size.height()), source)
    painter.end()
    if not image.save(str(out)):
        raise ExportError(f"could not write {out}: check the folder exists and is writable")


def _write_pdf(scene: MapScene, source: QRectF, size: QSize, out: Path) -> None:
    writer = QPdfWriter(str(out))
    writer.setResolution(150)
    page = QPageSize(
        QSizeF(size.width() / 150 * 25.4, size.height() / 150 * 25.4), QPageSize.Unit.Millimeter
    )
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter()
    if not painter.begin(writer):
        raise ExportError(f"could not write {out}: check the folder exists and is writable")
    _paint(scene, painter, QRectF(painter.viewport()), source)
    painter.end()


def _write_svg(scene: MapScene, source: QRectF, size: QSize, out: Path) -> None:
    generator = QSvgGenerator()
    generator.setFileName(str(out))
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(scene.document.board.name)
    painter = QPainter()
    if not painter.begin(generator):
        raise ExportError(f"could not write {out}: check the folder exists and is writable")
    _paint(scene, painter, QRectF(0, 0, size.width(), size.height()), source)
    painter.end()
