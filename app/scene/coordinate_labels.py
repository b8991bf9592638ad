"""Coordinates players can say: column letters along the top and bottom of the visible map,
row numbers down its sides (issue #17), named as :func:`rules.board.hex_name` names hexes
("C7"), so the status bar, the ruler and the players' screen agree.

:class:`CoordinateLabels` is a transparent widget laid over a ``QGraphicsView``'s viewport
(it never takes the mouse). Whenever the view shows something else — pan, zoom, a resize,
another map — it draws again, so the labels follow the view. Each edge gets a dark band
with white bold text, :data:`LABEL_PIXELS` high whatever the zoom, which stays readable
after a 720p video call's compression: the band sits just outside the map while there is
room in the view and over the map's edge when the map fills the view. Where the hexes are
too small for every label, every 2nd, 5th, 10th … is shown (:data:`STEPS`).

:func:`edge_bands` is the layout alone (no painting), for tests and exports.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from PySide6.QtCore import QEvent, QMargins, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QTransform
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.scene.geometry import SceneGeometry
from rules import Board
from rules.board import column_letters

LABEL_PIXELS = 16  # text height on screen: ≥ 14 px reads after 720p compression
PAD = 6  # screen pixels around the text inside a band
BAND = QColor(12, 12, 16, 235)
BAND_EDGE = QColor(255, 255, 255, 110)
TEXT = QColor(255, 255, 255)
STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
EDGES = ("top", "bottom", "left", "right")


class HexScene(Protocol):
    """What the labels read from a scene: its board and its hex geometry (a MapScene)."""

    @property
    def board(self) -> Board: ...

    @property
    def geometry(self) -> SceneGeometry: ...


@dataclass(frozen=True)
class EdgeLabel:
    """One label: its text and the centre of its text in viewport pixels."""

    text: str
    center: QPointF


@dataclass(frozen=True)
class EdgeBands:
    """What is drawn at one moment, in viewport pixels: each edge's band
    (``"top"``, ``"bottom"``, ``"left"``, ``"right"``) and its labels in order, with the
    steps between labelled columns and rows (1 = every one)."""

    bands: Mapping[str, QRectF]
    labels: Mapping[str, tuple[EdgeLabel, ...]]
    column_step: int
    row_step: int

    def texts(self, edge: str) -> list[str]:
        """The labels' texts along ``edge``, in order."""
        return [label.text for label in self.labels[edge]]


def label_font() -> QFont:
    """Bold, :data:`LABEL_PIXELS` high."""
    font = QFont()
    font.setPixelSize(LABEL_PIXELS)
    font.setBold(True)
    return font


def _step(spacing: float, needed: float) -> int:
    """The first of :data:`STEPS` that puts labels ``needed`` pixels apart when the hexes
    are ``spacing`` pixels apart."""
    for step in STEPS:
        if spacing * step >= needed:
            return step
    return STEPS[-1]


def band_margins(board: Board, font: QFont | None = None) -> QMargins:
    """How thick the bands are, in screen pixels: the top and bottom ones one line of text
    high, the side ones as wide as ``board``'s last row number (3 digits at least, so they
    keep their width from map to map)."""
    metrics = QFontMetricsF(font or label_font())
    thick = math.ceil(metrics.height() + 2 * PAD)
    digits = "0" * max(3, len(str(board.height)))
    side = max(thick, math.ceil(metrics.horizontalAdvance(digits) + 2 * PAD))
    return QMargins(side, thick, side, thick)


def edge_bands(
    board: Board,
    geometry: SceneGeometry,
    view: QGraphicsView,
    font: QFont | None = None,
    margins: QMargins | None = None,
) -> EdgeBands | None:
    """The bands and labels for ``board`` as ``view`` shows it now, in viewport pixels;
    ``None`` when no hex of the map is in view. A band hugs the map's edge where the view
    has room for it, else it lies at the view's edge: in the ``margins`` round the
    viewport (:meth:`CoordinateLabels.set_shown` keeps room for the bands there, so no
    hex hides under one), or, with no margins, over the map's edge."""
    to_view = view.viewportTransform()
    viewport = QRectF(view.viewport().rect())
    shown = to_view.mapRect(geometry.board_rect(board)).intersected(viewport)
    if shown.isEmpty():
        return None
    room = margins or QMargins()
    area = viewport.adjusted(-room.left(), -room.top(), room.right(), room.bottom())
    metrics = QFontMetricsF(font or label_font())
    size = band_margins(board, font)
    thick, side = size.top(), size.left()
    top = QRectF(shown.left(), max(area.top(), shown.top() - thick), shown.width(), thick)
    bottom_y = min(area.bottom() - thick, shown.bottom())
    bottom = QRectF(shown.left(), bottom_y, shown.width(), thick)
    middle, high = top.bottom(), bottom.top() - top.bottom()
    left = QRectF(max(area.left(), shown.left() - side), middle, side, high)
    right = QRectF(min(area.right() - side, shown.right()), middle, side, high)
    cols, rows = geometry.cell_range(board, to_view.inverted()[0].mapRect(viewport))
    if not cols or not rows:
        return None

    def at(col: int, row: int) -> QPointF:
        return to_view.map(geometry.center(board.hex_at(col, row)))

    col_gap = abs(at(1, 0).x() - at(0, 0).x()) if board.width > 1 else viewport.width()
    row_gap = abs(at(0, 1).y() - at(0, 0).y()) if board.height > 1 else viewport.height()
    widest = metrics.horizontalAdvance(column_letters(board.width - 1))
    column_step = _step(col_gap, widest + PAD)
    row_step = _step(row_gap, metrics.height() + 2)
    top_row = _first(rows, lambda r: at(cols.start, r).y() >= top.bottom(), rows.start)
    bottom_row = _first(reversed(rows), lambda r: at(cols.start, r).y() <= bottom.top(), rows[-1])
    left_col = _first(cols, lambda c: at(c, rows.start).x() >= left.right(), cols.start)
    right_col = _first(reversed(cols), lambda c: at(c, rows.start).x() <= right.left(), cols[-1])
    labelled_cols = [c for c in cols if c % column_step == 0]
    labelled_rows = [r for r in rows if row_step == 1 or (r + 1) % row_step == 0]

    def along(band: QRectF, row: int) -> tuple[EdgeLabel, ...]:
        xs = ((c, at(c, row).x()) for c in labelled_cols)
        return tuple(
            EdgeLabel(column_letters(c), QPointF(x, band.center().y()))
            for c, x in xs
            if left.right() <= x <= right.left()
        )

    def down(band: QRectF, col: int) -> tuple[EdgeLabel, ...]:
        ys = ((r, at(col, r).y()) for r in labelled_rows)
        return tuple(
            EdgeLabel(str(r + 1), QPointF(band.center().x(), y))
            for r, y in ys
            if top.bottom() <= y <= bottom.top()
        )

    bands = {"top": top, "bottom": bottom, "left": left, "right": right}
    labels = {
        "top": along(top, top_row),
        "bottom": along(bottom, bottom_row),
        "left": down(left, left_col),
        "right": down(right, right_col),
    }
    return EdgeBands(MappingProxyType(bands), MappingProxyType(labels), column_step, row_step)


def _first(items: Iterable[int], test: Callable[[int], bool], default: int) -> int:
    """The first of ``items`` that passes ``test``, else ``default``."""
    return next((item for item in items if test(item)), default)


def paint_edge_bands(painter: QPainter, layout: EdgeBands, font: QFont | None = None) -> None:
    """Draw ``layout`` with ``painter`` in viewport pixels: each band dark with a light
    line on its map side, each label white and bold, centred on its point."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setFont(font or label_font())
    for edge in EDGES:
        band = layout.bands[edge]
        if band.isEmpty():
            continue
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BAND)
        painter.drawRect(band)
        painter.setPen(QPen(BAND_EDGE, 1))
        painter.drawLine(*_inner_edge(edge, band))
        painter.setPen(TEXT)
        painter.setClipRect(band)
        for label in layout.labels[edge]:
            box = QRectF(0, 0, band.width() + 200, band.height())
            box.moveCenter(label.center)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label.text)
        painter.setClipping(False)
    painter.restore()


def _inner_edge(edge: str, band: QRectF) -> tuple[QPointF, QPointF]:
    """The side of ``band`` that faces the map."""
    if edge == "top":
        return band.bottomLeft(), band.bottomRight()
    if edge == "bottom":
        return band.topLeft(), band.topRight()
    if edge == "left":
        return band.topRight(), band.bottomRight()
    return band.topLeft(), band.bottomLeft()


class CoordinateLabels(QWidget):
    """Edge labels over ``view``'s viewport (hidden until :meth:`set_shown`), for the board
    and geometry of ``scene`` (by default the view's own scene, a MapScene)."""

    def __init__(self, view: QGraphicsView, scene: HexScene | None = None):
        super().__init__(view)
        self.setObjectName("coordinate_labels")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._view = view
        self._scene = scene
        self._font = label_font()
        self._drawn: tuple[object, ...] | None = None  # what the view showed when last drawn
        view.viewport().installEventFilter(self)
        self._place()
        self.hide()

    @property
    def shown(self) -> bool:
        """True while the labels are on (whether or not the view is on screen)."""
        return not self.isHidden()

    def set_shown(self, shown: bool) -> None:
        """Turn the labels on or off. While they are on, the view keeps a margin round its
        viewport for the bands (:func:`band_margins`), so a map that fills the view has
        no hex under a band."""
        self.setVisible(shown)
        self._fit_margins()
        self.raise_()
        self.update()

    def edge_bands(self) -> EdgeBands | None:
        """What the labels show for the view as it is now (``None``: no map in view)."""
        source = self._source()
        if source is None:
            return None
        margins = self._view.viewportMargins()
        return edge_bands(source.board, source.geometry, self._view, self._font, margins)

    def _source(self) -> HexScene | None:
        scene = self._scene or self._view.scene()
        if not (hasattr(scene, "board") and hasattr(scene, "geometry")):
            return None
        return scene

    def _fit_margins(self) -> None:
        """The view's margins for the bands (none while the labels are off)."""
        source = self._source()
        on = self.shown and source is not None
        wanted = band_margins(source.board, self._font) if on and source else QMargins()
        if self._view.viewportMargins() != wanted:
            self._view.setViewportMargins(wanted)
        self._place()

    def _place(self) -> None:
        """Cover the viewport and its margins."""
        m = self._view.viewportMargins()
        vp = self._view.viewport().geometry()
        area = vp.adjusted(-m.left(), -m.top(), m.right(), m.bottom())
        if self.geometry() != area:
            self.setGeometry(area)

    def _state(self) -> tuple[object, ...]:
        """Everything that moves the labels: the view's transform and size, the map's."""
        t: QTransform = self._view.viewportTransform()
        source = self._source()
        board = source.board if source is not None else None
        grid = (board.width, board.height, board.orientation) if board is not None else None
        size = self._view.viewport().size().toTuple()
        return (t.m11(), t.m22(), t.dx(), t.dy(), size, grid)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.Move):
            self._place()
        elif kind == QEvent.Type.Paint and self.shown and self._state() != self._drawn:
            # The view shows something else, or another map: draw again (once), and fit
            # the margins to the map after the view's paint (never during it).
            QTimer.singleShot(0, self, self._fit_margins)
            self.update()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:
        self._drawn = self._state()
        layout = self.edge_bands()
        if layout is None:
            return
        painter = QPainter(self)
        margins = self._view.viewportMargins()
        painter.translate(margins.left(), margins.top())  # the layout is in viewport pixels
        paint_edge_bands(painter, layout, self._font)
        painter.end()
