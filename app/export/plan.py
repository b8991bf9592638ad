"""Render a map to PNG, PDF or SVG without a window (File → Export… and ``hexweave export``).

The picture is drawn by the same scene items as the window, so what is exported is what
is seen. ``ExportOptions(player=True)`` renders :func:`rules.battlefield.visibility.player_board`
instead of the GM's board in the players' scene, as the Player Window shows it (dark
unexplored fog, thick rings, name plates, the turn ring, nothing drawn under fog), with
the turn strip above the map while a conflict runs; ``coordinates`` adds the edge labels
(:mod:`app.export.player_frame`).

Scale is always counted per hex *edge to edge* (a hex is 5 ft): a PNG has
``pixels_per_hex`` pixels across each hex; a PDF either fits the map on one page or prints
it at true scale (``hex_mm`` millimetres a hex, 25.4 = one inch), tiled over as many pages
as needed with :data:`OVERLAP_MM` of overlap and a "row/col" label on each page.

Big exports are drawn in pieces of at most :data:`TILE_HEXES` hexes (the grid then draws
crisp hexes, not its far-zoom picture), reporting each piece to ``progress``, which may
cancel. Nothing is written until the whole file is ready; it then replaces ``out`` at once
(:func:`rules.atomic.replace_atomically`), so a cancelled or failed export leaves no file.

This module is the bottom of the export package: the options and the planning (sizes,
pages and steps, without drawing). The drawing is in :mod:`app.export.render` (the scene,
drawing in pieces, PNG and SVG) and :mod:`app.export.pdf` (PDF pages), both built on this
one; :func:`app.export.files.export_board` puts them together and writes the file.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPageSize

from app.scene.geometry import HEX_SIZE, SceneGeometry
from app.scene.legend_layers import (
    HIDDEN_AT_START,
    PLAYER_HIDDEN_LAYERS,
    LayerNameError,
    check_layer_names,
)
from rules import Board, counted

FORMATS = (".png", ".pdf", ".svg")
INCH_MM = 25.4
EDGE = math.sqrt(3.0) * HEX_SIZE  # scene units from edge to edge of a hex
PIXELS_PER_HEX = 48.0  # PNG and SVG default
PIXELS_PER_HEX_RANGE = (4.0, 1000.0)
HEX_MM_RANGE = (5.0, 100.0)
MAX_SIDE = 16000  # PNG pixels a side
MAX_PIXELS = 100_000_000  # PNG pixels in all (400 MB while drawing)
LARGE_PNG = 4_000_000  # pixels from which the window shows progress
LARGE_PDF = 4  # pages from which the window shows progress
PAGE_SIZES = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
    "A3": QPageSize.PageSizeId.A3,
    "Tabloid": QPageSize.PageSizeId.Tabloid,  # 11 × 17 in
}
PAGE_ORIENTATIONS = ("auto", "portrait", "landscape")
PAGE_MARGIN_MM = 10.0  # unprinted border most printers need
OVERLAP_MM = 10.0  # map shown on both of two neighbouring pages
PDF_DPI = 300
TILE_HEXES = 3000  # hexes drawn in one piece at most
PDF_PAPER = QColor(255, 255, 255)

Progress = Callable[[int, int], bool]
"""Told ``(steps done, steps in all)``; returns False to cancel the export."""


class ExportError(ValueError):
    """The export could not be written; the message says why."""


class ExportOptionsError(ExportError):
    """The options asked for cannot be used (a bad argument); the message says why."""


class ExportCancelledError(Exception):
    """The user cancelled the export; nothing was written."""


@dataclass(frozen=True)
class ExportOptions:
    """How to export: which view and layers, and the PDF page or the PNG/SVG scale.

    ``hidden_layers`` are left out as the legend hides them (its defaults unless told:
    :data:`~app.scene.legend_layers.HIDDEN_AT_START`); a player export also leaves out
    :data:`~app.scene.legend_layers.PLAYER_HIDDEN_LAYERS` whatever is asked.

    ``coordinates`` draws column letters and row numbers round the map (PNG and SVG).

    ``page``/``orientation``/``true_scale``/``hex_mm`` apply to PDF (``orientation`` "auto"
    takes whichever needs fewer pages, or suits the map's shape); ``pixels_per_hex`` to PNG
    and SVG (None: :data:`PIXELS_PER_HEX`, reduced if the map would be too big).
    Raises ExportOptionsError for a value out of range.
    """

    player: bool = False
    page: str = "A4"
    orientation: str = "auto"
    true_scale: bool = False
    hex_mm: float = INCH_MM
    pixels_per_hex: float | None = None
    hidden_layers: frozenset[str] = HIDDEN_AT_START
    coordinates: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "hidden_layers", check_layer_names(self.hidden_layers))
        except LayerNameError as error:
            raise ExportOptionsError(str(error)) from None
        if self.page not in PAGE_SIZES:
            raise ExportOptionsError(f"unknown page size {self.page!r}: use {_names(PAGE_SIZES)}")
        if self.orientation not in PAGE_ORIENTATIONS:
            raise ExportOptionsError(
                f"unknown orientation {self.orientation!r}: use {_names(PAGE_ORIENTATIONS)}"
            )
        _check_range("hex size", self.hex_mm, HEX_MM_RANGE, " mm")
        if self.pixels_per_hex is not None:
            _check_range("pixels per hex", self.pixels_per_hex, PIXELS_PER_HEX_RANGE, "")

    @property
    def layers_left_out(self) -> frozenset[str]:
        """The layers the export does not draw: those hidden, and for players those they
        may never see."""
        return self.hidden_layers | (PLAYER_HIDDEN_LAYERS if self.player else frozenset())


def _names(names: Iterable[str]) -> str:
    *first, last = list(names)
    return f"{', '.join(first)} or {last}"


def _check_range(what: str, value: float, bounds: tuple[float, float], unit: str) -> None:
    low, high = bounds
    if not (isinstance(value, int | float) and math.isfinite(value) and low <= value <= high):
        shown = f"{value:g}" if isinstance(value, int | float) else repr(value)
        raise ExportOptionsError(f"{what} must be {low:g} to {high:g}{unit}, not {shown}")


def export_format(out: Path) -> str:
    """The format to write, from the file name: ``".png"``, ``".pdf"`` or ``".svg"``.
    Raises ExportOptionsError for any other name."""
    suffix = Path(out).suffix.lower()
    if suffix not in FORMATS:
        raise ExportOptionsError(f"cannot export to {Path(out).name!r}: use .png, .pdf or .svg")
    return suffix


# -- planning: sizes, pages and steps, without drawing -----------------------------------
def map_rect(board: Board) -> QRectF:
    """The scene rectangle exported: every hex of ``board``."""
    return SceneGeometry(board.orientation).board_rect(board)


def largest_pixels_per_hex(board: Board) -> float:
    """The most pixels per hex a PNG of ``board`` may have (:data:`MAX_SIDE`,
    :data:`MAX_PIXELS`)."""
    rect = map_rect(board)
    per_unit = min(
        MAX_SIDE / max(rect.width(), rect.height()),
        math.sqrt(MAX_PIXELS / (rect.width() * rect.height())),
    )
    return per_unit * EDGE


def png_scale(board: Board, options: ExportOptions) -> float:
    """PNG/SVG pixels per scene unit. Raises ExportOptionsError if the ``pixels_per_hex``
    asked for would make the picture bigger than :data:`MAX_SIDE` / :data:`MAX_PIXELS`."""
    rect, largest = map_rect(board), largest_pixels_per_hex(board) / EDGE
    if options.pixels_per_hex is None:
        return min(PIXELS_PER_HEX / EDGE, largest)
    scale = options.pixels_per_hex / EDGE
    if scale > largest * 1.0001:
        w, h = round(rect.width() * scale), round(rect.height() * scale)
        raise ExportOptionsError(
            f"at {options.pixels_per_hex:g} pixels per hex this map would be {w} × {h} pixels; "
            f"use at most {math.floor(largest * EDGE)} pixels per hex"
        )
    return scale


def png_size(board: Board, options: ExportOptions) -> QSize:
    """Pixel size of the PNG (or SVG) of ``board``."""
    rect, scale = map_rect(board), png_scale(board, options)
    return QSize(max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale)))


@dataclass(frozen=True)
class PagePlan:
    """How a PDF lays the map on paper: ``rows`` × ``cols`` pages of ``paper_mm`` (as
    oriented), ``mm_per_unit`` millimetres a scene unit, the map's top-left ``offset_mm``
    into the printable area of the first page (pages overlap by :data:`OVERLAP_MM`)."""

    page: str
    landscape: bool
    paper_mm: tuple[float, float]
    rows: int
    cols: int
    mm_per_unit: float
    offset_mm: tuple[float, float]

    @property
    def pages(self) -> int:
        """Number of pages."""
        return self.rows * self.cols

    @property
    def hex_mm(self) -> float:
        """Millimetres across one hex, edge to edge, on paper."""
        return self.mm_per_unit * EDGE

    @property
    def printable_mm(self) -> tuple[float, float]:
        """Width and height of the part of a page the map is printed on."""
        return self.paper_mm[0] - 2 * PAGE_MARGIN_MM, self.paper_mm[1] - 2 * PAGE_MARGIN_MM

    def source_rect(self, rect: QRectF, row: int, col: int) -> QRectF:
        """The scene rectangle printed on page ``(row, col)`` (from 0) of the map ``rect``."""
        pw, ph = self.printable_mm
        k = self.mm_per_unit
        left = col * (pw - OVERLAP_MM) - self.offset_mm[0]
        top = row * (ph - OVERLAP_MM) - self.offset_mm[1]
        return QRectF(rect.left() + left / k, rect.top() + top / k, pw / k, ph / k)

    def describe(self) -> str:
        """E.g. "6 pages (2 rows × 3 columns) of A4 landscape, 1 hex = 25.4 mm"."""
        shape = "landscape" if self.landscape else "portrait"
        count = counted(self.pages, "page")
        rows, cols = counted(self.rows, "row"), counted(self.cols, "column")
        grid = f" ({rows} × {cols})" if self.pages > 1 else ""
        return f"{count}{grid} of {self.page} {shape}, 1 hex = {self.hex_mm:.1f} mm"


def pages_needed(length_mm: float, printable_mm: float) -> int:
    """Pages to cover ``length_mm`` of map along one direction, overlapping by
    :data:`OVERLAP_MM`."""
    if length_mm <= printable_mm + 1e-6:
        return 1
    return 1 + math.ceil((length_mm - printable_mm) / (printable_mm - OVERLAP_MM) - 1e-9)


def page_plan(board: Board, options: ExportOptions) -> PagePlan:
    """The page layout of a PDF export of ``board``."""
    rect = map_rect(board)
    shapes = [options.orientation == "landscape"] if options.orientation != "auto" else []
    plans = [_plan(options, rect, landscape) for landscape in shapes or [False, True]]
    wide = rect.width() > rect.height()
    return min(plans, key=lambda p: (p.pages, p.landscape != wide))


def _plan(options: ExportOptions, rect: QRectF, landscape: bool) -> PagePlan:
    size = QPageSize(PAGE_SIZES[options.page]).size(QPageSize.Unit.Millimeter)
    short, long = sorted((size.width(), size.height()))
    paper = (long, short) if landscape else (short, long)
    pw, ph = paper[0] - 2 * PAGE_MARGIN_MM, paper[1] - 2 * PAGE_MARGIN_MM
    fit = min(pw / rect.width(), ph / rect.height())
    k = options.hex_mm / EDGE if options.true_scale else fit
    cols, rows = pages_needed(rect.width() * k, pw), pages_needed(rect.height() * k, ph)
    span_w, span_h = pw + (cols - 1) * (pw - OVERLAP_MM), ph + (rows - 1) * (ph - OVERLAP_MM)
    offset = ((span_w - rect.width() * k) / 2, (span_h - rect.height() * k) / 2)
    return PagePlan(options.page, landscape, paper, rows, cols, k, offset)


def piece_grid(source: QRectF) -> tuple[int, int]:
    """Columns and rows of pieces to draw ``source`` (scene units) in, each of at most
    about :data:`TILE_HEXES` hexes."""
    hexes = source.width() * source.height() / (2.598 * HEX_SIZE**2)
    count = max(1, math.ceil(hexes / TILE_HEXES))
    cols = max(1, min(count, round(math.sqrt(count * source.width() / source.height()))))
    return cols, math.ceil(count / cols)


def export_steps(board: Board, out: Path, options: ExportOptions) -> int:
    """How many progress steps the export will report."""
    kind = export_format(out)
    if kind == ".svg":
        return 1
    if kind == ".png":
        cols, rows = piece_grid(map_rect(board))
        return cols * rows + 1  # the last step encodes the PNG
    plan = page_plan(board, options)
    cols, rows = piece_grid(plan.source_rect(map_rect(board), 0, 0))
    return plan.pages * cols * rows


def is_large(board: Board, out: Path, options: ExportOptions) -> bool:
    """True if the export may take long enough to show its progress (many pages, or a
    PNG over :data:`LARGE_PNG` pixels)."""
    kind = export_format(out)
    if kind == ".png":
        size = png_size(board, options)
        return size.width() * size.height() > LARGE_PNG
    return kind == ".pdf" and page_plan(board, options).pages > LARGE_PDF


def describe_export(board: Board, out: Path, options: ExportOptions) -> str:
    """One line saying what the export will make, e.g. "PNG, 2016 × 1540 pixels"."""
    kind = export_format(out)
    if kind == ".pdf":
        return f"PDF, {page_plan(board, options).describe()}"
    size = png_size(board, options)
    hex_px = png_scale(board, options) * EDGE
    return f"{kind[1:].upper()}, {size.width()} × {size.height()} pixels, {hex_px:.0f} px a hex"


# -- writing ---------------------------------------------------------------------------
