"""What a player export draws round the map, as the Player Window shows it (issue #17):
the **turn strip** band above the map while a conflict runs (the round, the Priority order
of the creatures the players see, the one acting ▶ bold on amber, one waiting in grey
italics: :mod:`app.export.turn_strip`, the words the window's bar shows too), and with
``coordinates`` the **edge labels** (column letters, row numbers) in bands round the map
(:func:`app.scene.coordinate_labels.edge_bands`, laid out for the picture as for a view).

:func:`player_frame` lays it out for a map of a given size (pixels); the picture is the
map grown by :attr:`PlayerFrame.margins`. Type is sized to the picture's hexes
(:func:`frame_scale`: the window's sizes at :data:`REFERENCE_HEX_PX` pixels a hex), so it
reads on a print as on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QMargins, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView

from app.export.turn_strip import StripEntry, strip_entries, strip_round
from app.scene.coordinate_labels import (
    LABEL_PIXELS,
    EdgeBands,
    band_margins,
    edge_bands,
    label_font,
    paint_edge_bands,
)
from app.scene.geometry import SceneGeometry
from rules import Board

__all__ = ["PlayerFrame", "StripRun", "frame_scale", "paint_frame", "player_frame"]

REFERENCE_HEX_PX = 48.0  # at this many pixels a hex the type has the window's sizes
ORDER_PX = 18.0  # the window's bar (app.widgets.player_strip): order and round type
ROUND_PX = 22.0
PAD_PX = 8.0  # round the strip's text, and between its runs
SEPARATOR = "·"
BAR_BACKGROUND = QColor("#111111")
BAR_TEXT = QColor("#FFFFFF")
ACTING_BACKGROUND = QColor("#FFD21F")  # the map's turn ring
ACTING_TEXT = QColor("#000000")
WAITING_TEXT = QColor("#BBBBBB")


def frame_scale(hex_px: float) -> float:
    """How much larger than in the window the frame's type is drawn, for a picture of
    ``hex_px`` pixels a hex (never under 3/4)."""
    return max(0.75, hex_px / REFERENCE_HEX_PX)


@dataclass(frozen=True)
class StripRun:
    """One piece of the strip's text: ``kind`` is ``"round"``, ``"acting"``,
    ``"waiting"``, ``"name"`` or ``"separator"``; ``rect`` where it is drawn (picture
    pixels)."""

    text: str
    kind: str
    rect: QRectF


@dataclass(frozen=True)
class PlayerFrame:
    """The frame round a player export's map: its ``margins`` (pixels), the strip band
    (empty when no conflict runs) and its runs, and the coordinates' band ``margins``
    (none when off) with their font."""

    margins: QMargins
    strip: QRectF
    runs: tuple[StripRun, ...]
    coordinate_margins: QMargins
    coordinate_font: QFont
    scale: float  # the strip's type against the window's

    def size(self, map_size: QSize) -> QSize:
        """The whole picture for a map ``map_size`` pixels big."""
        m = self.margins
        return QSize(
            map_size.width() + m.left() + m.right(), map_size.height() + m.top() + m.bottom()
        )

    def map_target(self, map_size: QSize) -> QRectF:
        """Where the map is drawn in the picture."""
        return QRectF(self.margins.left(), self.margins.top(), map_size.width(), map_size.height())

    @property
    def strip_text(self) -> str:
        """The strip as one line of text (tests, messages)."""
        return " ".join(run.text for run in self.runs)


def _font(px: float, bold: bool = True, italic: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(6, round(px)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


def _run_font(kind: str, scale: float) -> QFont:
    if kind == "round":
        return _font(ROUND_PX * scale)
    return _font(ORDER_PX * scale, bold=kind != "waiting", italic=kind == "waiting")


def _entry_run(entry: StripEntry) -> tuple[str, str]:
    if entry.acting:
        return f"▶ {entry.name}", "acting"
    if entry.waiting:
        return f"‖ {entry.name} waiting", "waiting"
    return entry.name, "name"


def _strip_runs(board: Board, width: float, scale: float) -> tuple[tuple[StripRun, ...], float]:
    """The strip's runs flowed into lines ``width`` pixels wide (an entry never breaks),
    and the band's height; nothing when no conflict runs."""
    entries = strip_entries(board)
    if not entries:
        return (), 0.0
    pieces = [(strip_round(board), "round")]
    for index, entry in enumerate(entries):
        if index:
            pieces.append((SEPARATOR, "separator"))
        pieces.append(_entry_run(entry))
    pad = PAD_PX * scale
    line = max(QFontMetricsF(_run_font(k, scale)).height() for k in ("round", "name")) + pad / 2
    x, y, runs = pad, pad / 2, []
    for text, kind in pieces:
        advance = QFontMetricsF(_run_font(kind, scale)).horizontalAdvance(text) + pad
        if x + advance > width - pad and x > pad and kind != "separator":
            x, y = pad, y + line
        runs.append(StripRun(text, kind, QRectF(x, y, advance, line)))
        x += advance + pad / 2
    return tuple(runs), y + line + pad / 2


def player_frame(
    board: Board,
    map_size: QSize,
    hex_px: float,
    *,
    strip: bool,
    coordinates: bool,
    min_strip_px: float = 0.0,
) -> PlayerFrame:
    """The frame for ``board``'s map drawn ``map_size`` pixels big at ``hex_px`` pixels a
    hex: with ``strip`` the turn strip while a conflict runs, its names at least
    ``min_strip_px`` pixels tall (a print's readable size, whatever its hexes), with
    ``coordinates`` the edge labels' bands (sized to the hexes: a third of one)."""
    scale = frame_scale(hex_px)
    strip_scale = max(scale, min_strip_px / ORDER_PX)
    font = label_font()
    font.setPixelSize(max(8, round(LABEL_PIXELS * scale)))
    bands = band_margins(board, font) if coordinates else QMargins()
    width = map_size.width() + bands.left() + bands.right()
    runs, height = _strip_runs(board, width, strip_scale) if strip else ((), 0.0)
    band = round(height)
    margins = QMargins(bands.left(), bands.top() + band, bands.right(), bands.bottom())
    return PlayerFrame(margins, QRectF(0, 0, width, band), runs, bands, font, strip_scale)


class _PictureView:
    """What :func:`~app.scene.coordinate_labels.edge_bands` reads of a view, for a picture:
    the transform from the scene to the map's pixels, and the map's pixel rectangle."""

    def __init__(self, transform: QTransform, size: QSize):
        self._transform, self._rect = transform, QRect(0, 0, size.width(), size.height())

    def viewportTransform(self) -> QTransform:
        return self._transform

    def viewport(self) -> _PictureView:
        return self

    def rect(self) -> QRect:
        return self._rect


def coordinate_layout(
    board: Board, frame: PlayerFrame, target: QRectF, source: QRectF
) -> EdgeBands | None:
    """The edge labels for the map's ``source`` rectangle (scene) drawn onto ``target``
    (picture pixels), in pixels from the map's top-left corner."""
    sx, sy = target.width() / source.width(), target.height() / source.height()
    transform = QTransform(sx, 0, 0, sy, -source.left() * sx, -source.top() * sy)
    view = _PictureView(transform, target.size().toSize())
    geometry = SceneGeometry.for_board(board)
    margins = frame.coordinate_margins
    return edge_bands(board, geometry, cast(QGraphicsView, view), frame.coordinate_font, margins)


def paint_frame(
    painter: QPainter, frame: PlayerFrame, board: Board, target: QRectF, source: QRectF
) -> None:
    """Draw ``frame``: the strip band across the top, and the coordinates round the map
    drawn from scene ``source`` onto ``target``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if not frame.strip.isEmpty():
        painter.fillRect(frame.strip, BAR_BACKGROUND)
        for run in frame.runs:
            _paint_run(painter, run, frame.scale)
    if not frame.coordinate_margins.isNull():
        layout = coordinate_layout(board, frame, target, source)
        if layout is not None:
            painter.translate(target.topLeft())
            paint_edge_bands(painter, layout, frame.coordinate_font)
    painter.restore()


def _paint_run(painter: QPainter, run: StripRun, scale: float) -> None:
    color = BAR_TEXT
    if run.kind == "acting":
        painter.fillRect(run.rect.adjusted(0, 2 * scale, 0, -2 * scale), ACTING_BACKGROUND)
        color = ACTING_TEXT
    elif run.kind == "waiting":
        color = WAITING_TEXT
    painter.setFont(_run_font(run.kind, scale))
    painter.setPen(color)
    painter.drawText(run.rect, Qt.AlignmentFlag.AlignCenter, run.text)
