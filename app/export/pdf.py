"""The PDF of an export: the map fitted on one page, or at true scale tiled over pages.

Each page prints its part of the map (:meth:`app.export.plan.PagePlan.source_rect`) inside
:data:`~app.export.plan.PAGE_MARGIN_MM` margins, with a footer naming the map, the view,
the page's row and column and the scale; on tiled pages, ticks in the margins mark where
the next page's map begins. The layout comes from :func:`app.export.plan.page_plan`.
"""

from __future__ import annotations

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from app.export.plan import (
    INCH_MM,
    OVERLAP_MM,
    PAGE_MARGIN_MM,
    PAGE_SIZES,
    PDF_DPI,
    PDF_PAPER,
    ExportError,
    ExportOptions,
    PagePlan,
    map_rect,
    page_plan,
)
from app.export.render import Steps, open_buffer, render_pieces
from app.scene.map_scene import MapScene
from rules import Board, __version__

PX = PDF_DPI / INCH_MM  # device pixels a millimetre


def pdf_bytes(scene: MapScene, board: Board, options: ExportOptions, steps: Steps) -> bytes:
    """The PDF file of ``board`` drawn from ``scene``, laid out by
    :func:`app.export.plan.page_plan` on white paper, each page drawn in pieces."""
    plan, data = page_plan(board, options), open_buffer()
    writer = QPdfWriter(data)
    writer.setResolution(PDF_DPI)
    writer.setTitle(board.name)
    writer.setCreator(f"Hexweave {__version__}")
    orientation = (
        QPageLayout.Orientation.Landscape if plan.landscape else QPageLayout.Orientation.Portrait
    )
    page_size = QPageSize(PAGE_SIZES[plan.page])
    writer.setPageLayout(QPageLayout(page_size, orientation, QMarginsF(0, 0, 0, 0)))
    scene.setBackgroundBrush(PDF_PAPER)  # no dark ink around the map
    painter = QPainter()
    if not painter.begin(writer):
        raise ExportError("could not start the PDF")
    try:
        for row in range(plan.rows):
            for col in range(plan.cols):
                if row or col:
                    writer.newPage()
                _pdf_page(scene, painter, plan, board, (row, col), options, steps)
    finally:
        painter.end()
    return bytes(data.data().data())


def _pdf_page(
    scene: MapScene,
    painter: QPainter,
    plan: PagePlan,
    board: Board,
    where: tuple[int, int],
    options: ExportOptions,
    steps: Steps,
) -> None:
    pw, ph = plan.printable_mm
    margin = PAGE_MARGIN_MM * PX
    target = QRectF(margin, margin, pw * PX, ph * PX)
    render_pieces(scene, painter, target, plan.source_rect(map_rect(board), *where), steps)
    _pdf_footer(painter, plan, board.name, where, options.player)
    if plan.pages > 1:
        _overlap_marks(painter, plan, where)


def _pdf_footer(
    painter: QPainter, plan: PagePlan, name: str, where: tuple[int, int], player: bool
) -> None:
    row, col = where
    parts = [name, "player view" if player else "GM view"]
    if plan.pages > 1:
        parts.append(f"row {row + 1}/{plan.rows} · col {col + 1}/{plan.cols}")
    parts.append(f"1 hex = {plan.hex_mm:.1f} mm" + ("" if plan.pages > 1 else " (fit to page)"))
    font = QFont()
    font.setPixelSize(round(3 * PX))
    painter.setFont(font)
    painter.setPen(QColor(90, 90, 90))
    width, height = plan.paper_mm
    box = QRectF(
        PAGE_MARGIN_MM * PX,
        (height - PAGE_MARGIN_MM) * PX,
        (width - 2 * PAGE_MARGIN_MM) * PX,
        PAGE_MARGIN_MM * PX,
    )
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, " — ".join(parts))


def _overlap_marks(painter: QPainter, plan: PagePlan, where: tuple[int, int]) -> None:
    """Ticks in the margins where the next page's map begins (right and below)."""
    row, col = where
    (pw, ph), m = plan.printable_mm, PAGE_MARGIN_MM
    painter.setPen(QPen(QColor(120, 120, 120), 0.3 * PX))
    tick = 0.6 * m
    if col + 1 < plan.cols:
        x = (m + pw - OVERLAP_MM) * PX
        painter.drawLine(QPointF(x, (m - tick) * PX), QPointF(x, m * PX))
        painter.drawLine(QPointF(x, (m + ph) * PX), QPointF(x, (m + ph + tick) * PX))
    if row + 1 < plan.rows:
        y = (m + ph - OVERLAP_MM) * PX
        painter.drawLine(QPointF((m - tick) * PX, y), QPointF(m * PX, y))
        painter.drawLine(QPointF((m + pw) * PX, y), QPointF((m + pw + tick) * PX, y))
