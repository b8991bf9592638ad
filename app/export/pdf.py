"""The PDF of an export: the map fitted on one page, or at true scale tiled over pages.

Each page prints its part of the map (:meth:`app.export.plan.PagePlan.source_rect`) inside
:data:`~app.export.plan.PAGE_MARGIN_MM` margins, with a footer naming the map, the view,
the page ("page 2 of 6, row 1 of 2, column 2 of 3") and the scale. A true-scale page is
made to be trimmed and taped: crop marks at the printable area's corners, the names of
the hexes along its four edges in the margins ("C7", as players, the status bar and the
ruler name them), and on tiled pages ticks where the next page's map begins. The page
fitted to the paper has the map's name as a title instead.

A player export shows the turn strip while a conflict runs (:mod:`app.export.player_frame`,
as the Player Window does), and with ``coordinates`` the map's column letters and row
numbers: round the map fitted to the page (:func:`framed_fit`, the map shrunk to make
room), across the first true-scale page's top margin (the margins' hex names are the
coordinates there). The strip's type is readable on paper (:data:`STRIP_TEXT_PX`), the
coordinates a third of a hex. The layout comes from :func:`app.export.plan.page_plan`.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from app.export.plan import (
    EDGE,
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
    piece_grid,
)
from app.export.player_frame import PlayerFrame, paint_frame, player_frame
from app.export.render import Steps, open_buffer, render_pieces
from app.scene.geometry import SceneGeometry
from app.scene.map_scene import MapScene
from rules import Board, Hex, __version__
from rules.board import axial_of_cells, hex_name

PX = PDF_DPI / INCH_MM  # device pixels a millimetre
MARGIN_TEXT_MM = 3.0  # type in the margins (8.5 pt)
COORDINATE_MM = 2.2  # the hex coordinates along the edges (6 pt)
TITLE_MM = 5.0  # the fitted page's title (14 pt)
CROP_GAP_MM, CROP_LENGTH_MM = 1.5, 6.0  # crop marks: from the corner, and how long
INK = QColor(90, 90, 90)
STRIP_TEXT_PX = math.ceil(9 / 72 * PDF_DPI)  # the turn strip's names: 9 pt on paper
# A true-scale page's top margin above the coordinates' type, for the turn strip.
STRIP_ROOM_MM = PAGE_MARGIN_MM - 0.6 - COORDINATE_MM * 0.7 - COORDINATE_MM / 2


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
    source = plan.source_rect(map_rect(board), *where)
    if options.true_scale:
        render_pieces(scene, painter, target, source, steps)
        strip_mm = _margin_strip(painter, plan, board) if where == (0, 0) and options.player else 0
        _crop_marks(painter, plan)
        _edge_coordinates(painter, plan, board, source, where, top=strip_mm <= STRIP_ROOM_MM)
    else:
        plan = _fit_framed(scene, painter, plan, board, options, target, steps)
        _title(painter, plan, board.name)
    _pdf_footer(painter, plan, board.name, where, options)
    if plan.pages > 1:
        _overlap_marks(painter, plan, where)


def framed_fit(board: Board, options: ExportOptions, page: QRectF) -> tuple[PlayerFrame, QRectF]:
    """The frame (:func:`~app.export.player_frame.player_frame`: the turn strip of a
    player export while a conflict runs, the coordinates if asked) and where the map is
    drawn (device pixels) for the map and its frame fitted together, centred, on ``page``."""
    rect = map_rect(board)
    k = min(page.width() / rect.width(), page.height() / rect.height())  # pixels a unit
    for _attempt in range(8):
        size = QSize(max(1, int(rect.width() * k)), max(1, int(rect.height() * k)))
        frame = player_frame(
            board,
            size,
            k * EDGE,
            strip=options.player,
            coordinates=options.coordinates,
            min_strip_px=STRIP_TEXT_PX,
        )
        whole = frame.size(size)
        if whole.width() <= page.width() + 0.5 and whole.height() <= page.height() + 0.5:
            break
        m = frame.margins
        k = 0.995 * min(
            (page.width() - m.left() - m.right()) / rect.width(),
            (page.height() - m.top() - m.bottom()) / rect.height(),
        )
    origin = QPointF(
        round(page.center().x() - whole.width() / 2), round(page.center().y() - whole.height() / 2)
    )
    return frame, frame.map_target(size).translated(origin)


def _fit_framed(
    scene: MapScene,
    painter: QPainter,
    plan: PagePlan,
    board: Board,
    options: ExportOptions,
    page: QRectF,
    steps: Steps,
) -> PagePlan:
    """The map fitted on ``page``, in its frame if it has one; the plan as printed (its
    scale is the map's once the frame has taken its room)."""
    source = plan.source_rect(map_rect(board), 0, 0)
    grid = piece_grid(source)  # as many pieces as counted for the progress
    framed = (options.player or options.coordinates) and framed_fit(board, options, page)
    if not framed or framed[0].margins.isNull():
        render_pieces(scene, painter, page, source, steps, grid)
        return plan
    frame, target = framed
    render_pieces(scene, painter, target, map_rect(board), steps, grid)
    painter.save()
    corner = target.topLeft() - QPointF(frame.margins.left(), frame.margins.top())
    painter.translate(corner)
    paint_frame(painter, frame, board, target.translated(-corner), map_rect(board))
    painter.restore()
    return replace(plan, mm_per_unit=target.width() / map_rect(board).width() / PX)


def _margin_strip(painter: QPainter, plan: PagePlan, board: Board) -> float:
    """The turn strip across the first true-scale page's top margin (while a conflict
    runs), its type readable on paper; its height in mm (0 with no conflict)."""
    (pw, _ph), m = plan.printable_mm, PAGE_MARGIN_MM
    size = QSize(round((pw - 2 * CROP_GAP_MM) * PX), 1)  # clear of the crop marks
    frame = player_frame(
        board, size, 0.0, strip=True, coordinates=False, min_strip_px=STRIP_TEXT_PX
    )
    if frame.strip.isEmpty():
        return 0.0
    painter.save()
    painter.translate((m + CROP_GAP_MM) * PX, 0)
    paint_frame(painter, frame, board, frame.map_target(size), map_rect(board))
    painter.restore()
    return frame.strip.height() / PX


def page_words(plan: PagePlan, where: tuple[int, int]) -> str:
    """Which page this is, e.g. "page 2 of 6, row 1 of 2, column 2 of 3" ("" alone)."""
    if plan.pages == 1:
        return ""
    row, col = where
    number = row * plan.cols + col + 1
    return (
        f"page {number} of {plan.pages}, row {row + 1} of {plan.rows}, "
        f"column {col + 1} of {plan.cols}"
    )


def scale_words(plan: PagePlan, options: ExportOptions) -> str:
    """E.g. "1 hex (5 ft) = 25.4 mm, true scale" or "… = 7.3 mm, fitted to the page"."""
    how = "true scale" if options.true_scale else "fitted to the page"
    return f"1 hex (5 ft) = {plan.hex_mm:.1f} mm, {how}"


def _font(mm: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(mm * PX)))
    font.setBold(bold)
    return font


def _pdf_footer(
    painter: QPainter, plan: PagePlan, name: str, where: tuple[int, int], options: ExportOptions
) -> None:
    parts = [name, "player view" if options.player else "GM view"]
    parts += [words for words in (page_words(plan, where), scale_words(plan, options)) if words]
    painter.setFont(_font(MARGIN_TEXT_MM))
    painter.setPen(INK)
    width, height = plan.paper_mm
    m = PAGE_MARGIN_MM
    # Below the coordinates along the bottom edge.
    box = QRectF(m * PX, (height - m + 4.0) * PX, (width - 2 * m) * PX, (m - 5.0) * PX)
    text = QFontMetricsF(painter.font()).elidedText(
        " — ".join(parts), Qt.TextElideMode.ElideMiddle, box.width()
    )
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _title(painter: QPainter, plan: PagePlan, name: str) -> None:
    """The fitted page's title, the map's name, in the top margin."""
    width, m = plan.paper_mm[0], PAGE_MARGIN_MM
    painter.setFont(_font(TITLE_MM, bold=True))
    painter.setPen(QColor(40, 40, 40))
    box = QRectF(m * PX, 1.0 * PX, (width - 2 * m) * PX, (m - 1.5) * PX)
    text = QFontMetricsF(painter.font()).elidedText(name, Qt.TextElideMode.ElideRight, box.width())
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _crop_marks(painter: QPainter, plan: PagePlan) -> None:
    """Crop marks at the printable area's corners: two short lines in the margin on the
    lines of its edges, so the page can be trimmed to the map and taped to the next."""
    (pw, ph), m = plan.printable_mm, PAGE_MARGIN_MM
    painter.setPen(QPen(QColor(0, 0, 0), 0.2 * PX))
    gap, far = CROP_GAP_MM, CROP_GAP_MM + CROP_LENGTH_MM
    for x, sx in ((m, -1), (m + pw, 1)):
        for y, sy in ((m, -1), (m + ph, 1)):
            painter.drawLine(
                QPointF((x + sx * gap) * PX, y * PX), QPointF((x + sx * far) * PX, y * PX)
            )
            painter.drawLine(
                QPointF(x * PX, (y + sy * gap) * PX), QPointF(x * PX, (y + sy * far) * PX)
            )


def edge_hexes(board: Board, source: QRectF) -> dict[str, list[tuple[float, str]]]:
    """The hexes along each edge ("top", "bottom", "left", "right") of the scene rectangle
    ``source``: the first and last row and the first and last hex of each row whose
    centres lie inside it, as (scene x for top and bottom, scene y for the sides, the
    name players say, "C7": :func:`rules.board.hex_name`)."""
    geometry = SceneGeometry(board.orientation)
    cols, rows = geometry.cell_range(board, source)
    if not cols or not rows:
        return {"top": [], "bottom": [], "left": [], "right": []}
    row_index, col_index = np.mgrid[rows.start : rows.stop, cols.start : cols.stop]
    qs, rs = axial_of_cells(col_index, row_index, board.orientation)
    xs, ys = geometry.layout.centers(qs, rs)
    inside = (
        (xs >= source.left())
        & (xs <= source.right())
        & (ys >= source.top())
        & (ys <= source.bottom())
    )
    if not inside.any():
        return {"top": [], "bottom": [], "left": [], "right": []}
    shown_rows = np.flatnonzero(inside.any(axis=1))

    def name(i: int, j: int) -> str:
        named: str = hex_name(board, Hex(int(qs[i, j]), int(rs[i, j])))
        return named

    def across(i: int) -> list[tuple[float, str]]:
        return [(float(xs[i, j]), name(i, j)) for j in np.flatnonzero(inside[i]).tolist()]

    left, right = [], []
    for i in shown_rows.tolist():
        js = np.flatnonzero(inside[i])
        left.append((float(ys[i, js[0]]), name(i, int(js[0]))))
        right.append((float(ys[i, js[-1]]), name(i, int(js[-1]))))
    return {
        "top": across(int(shown_rows[0])),
        "bottom": across(int(shown_rows[-1])),
        "left": left,
        "right": right,
    }


def _edge_coordinates(
    painter: QPainter,
    plan: PagePlan,
    board: Board,
    source: QRectF,
    where: tuple[int, int],
    top: bool = True,
) -> None:
    """The names ("C7") of the hexes along the page's edges, in the margins next to them
    (the sides' turned to read along the edge), as many as fit without touching; not
    along the top without ``top`` (the turn strip is there)."""
    (pw, ph), m, k = plan.printable_mm, PAGE_MARGIN_MM, plan.mm_per_unit
    painter.setFont(_font(COORDINATE_MM))
    painter.setPen(INK)
    metrics = QFontMetricsF(painter.font())
    ticks = _tick_positions(plan, where)
    edges = edge_hexes(board, source)
    for edge, entries in edges.items():
        if edge == "top" and not top:
            continue
        along_x = edge in ("top", "bottom")
        start = source.left() if along_x else source.top()
        length = pw if along_x else ph
        placed_until = -1e9
        for where_scene, text in entries:
            at = (where_scene - start) * k  # mm from the printable area's start
            half = metrics.horizontalAdvance(text) / PX / 2
            if at - half < 1.0 or at + half > length - 1.0 or at - half < placed_until + 1.0:
                continue
            if any(abs(at - tick) < half + 0.8 for tick in ticks[along_x]):
                continue
            placed_until = at + half
            _draw_edge_text(painter, edge, m + at, (pw, ph), text)


def _tick_positions(plan: PagePlan, where: tuple[int, int]) -> dict[bool, list[float]]:
    """Where the overlap ticks are (mm from the printable area's start), along x (True)
    and along y (False)."""
    row, col = where
    (pw, ph) = plan.printable_mm
    return {
        True: [pw - OVERLAP_MM] if col + 1 < plan.cols else [],
        False: [ph - OVERLAP_MM] if row + 1 < plan.rows else [],
    }


def _draw_edge_text(
    painter: QPainter, edge: str, at_mm: float, printable: tuple[float, float], text: str
) -> None:
    (pw, ph), m = printable, PAGE_MARGIN_MM
    band = COORDINATE_MM * 1.4
    painter.save()
    if edge == "top":
        painter.translate(at_mm * PX, (m - 0.6 - band / 2) * PX)
    elif edge == "bottom":
        painter.translate(at_mm * PX, (m + ph + 0.6 + band / 2) * PX)
    elif edge == "left":
        painter.translate((m - 0.6 - band / 2) * PX, at_mm * PX)
        painter.rotate(-90)
    else:
        painter.translate((m + pw + 0.6 + band / 2) * PX, at_mm * PX)
        painter.rotate(90)
    width = 40.0 * PX
    box = QRectF(-width / 2, -band / 2 * PX, width, band * PX)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


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
