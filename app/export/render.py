"""Drawing an export: the scene it is drawn from, drawing in pieces, and the PNG and SVG.

The scene is a :class:`~app.scene.map_scene.MapScene` like the window's: for a player
export the players' scene (``player=True``, as the Player Window shows it, with the turn
ring on the creature acting), framed by :mod:`app.export.player_frame` (the turn strip,
the coordinates). Big pictures are drawn in pieces (:func:`app.export.plan.piece_grid`),
each reported to the export's :class:`Steps`.

Everything is drawn to the map's scale, so a label keeps its size against its hex on
paper as on screen. Items that keep one size on screen at every zoom
(``ItemIgnoresTransformations``: refusal notes, ruler and movement labels) would print at the
device's pixel size instead — a few points at 300 dpi, a third of a hex at 20 pixels a
hex — so while an export is drawn (:func:`drawn_to_scale`) they are drawn as at 100 %
zoom, one of their pixels a scene unit, and shrunk if that would make them taller than
:data:`MAX_ITEM_HEXES` of a hex or wider than :data:`MAX_ITEM_WIDTH_HEXES` hexes.
Sizes and scales come from :mod:`app.export.plan`;
:func:`app.export.files.export_board` calls here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem

from app.document import MapDocument
from app.export.plan import (
    EDGE,
    INCH_MM,
    ExportCancelledError,
    ExportError,
    ExportOptions,
    Progress,
    map_rect,
    piece_grid,
    png_scale,
    png_size,
)
from app.export.player_frame import PlayerFrame, paint_frame, player_frame
from app.scene.map_scene import MapScene
from app.scene.player_items import PlayerTokenItem
from app.scene.turn_highlight import TurnHighlight
from rules import Board
from rules.turns import SOULWEAVER, actor

MAX_ITEM_HEXES = 0.38  # a size-on-screen item's height on paper, at most, in hex edges
MAX_ITEM_WIDTH_HEXES = 3.0  # … and its width
IGNORES_TRANSFORMATIONS = QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations


class Steps:
    """Counts an export's steps, telling ``progress`` after each one (and at the start).
    Raises ExportCancelledError when ``progress`` returns False."""

    def __init__(self, progress: Progress | None, total: int):
        self._progress, self.total, self.done = progress, total, 0
        self._report()

    def advance(self) -> None:
        """One more step is done."""
        self.done += 1
        self._report()

    def _report(self) -> None:
        if self._progress is not None and not self._progress(self.done, self.total):
            raise ExportCancelledError("export cancelled")


def scene_for(board: Board, options: ExportOptions) -> MapScene:
    """A scene drawing ``board`` without the layers ``options`` leave out
    (:attr:`~app.export.plan.ExportOptions.layers_left_out`); for a player export, the
    players' scene (``board`` is then the player board) with the turn ring on the
    creature acting, its names drawn for print."""
    document = MapDocument(board)
    scene = MapScene(document, player=options.player)
    scene.grid_item.set_hidden_layers(options.layers_left_out)
    if options.player:
        for item in scene.token_items().values():
            if isinstance(item, PlayerTokenItem):
                item.set_printed(True)
        ring = TurnHighlight()
        if scene.fog_clips is not None:  # clipped to what the players may see, as on screen
            scene.fog_clips.add(ring)
        else:
            scene.addItem(ring)
        now = actor(board.turn)
        ring.show_on(scene.token_item(now) if now and now != SOULWEAVER else None)
    return scene


def frame_for(board: Board, options: ExportOptions) -> PlayerFrame:
    """What is drawn round the map: the turn strip (a player export, while a conflict
    runs) and the coordinates (if asked)."""
    hex_px = png_scale(board, options) * EDGE
    size = png_size(board, options)
    return player_frame(board, size, hex_px, strip=options.player, coordinates=options.coordinates)


@contextmanager
def drawn_to_scale(scene: MapScene) -> Iterator[None]:
    """While exporting, every item of ``scene`` that keeps one size on screen is drawn to
    the map's scale instead (module docstring), as a name plate is at 100 % zoom; each one
    is back as it was afterwards."""
    changed: list[tuple[QGraphicsItem, float]] = []
    for item in scene.items():
        if not item.flags() & IGNORES_TRANSFORMATIONS:
            continue
        changed.append((item, item.scale()))
        item.setFlag(IGNORES_TRANSFORMATIONS, False)
    ignoring = [item for item, _scale in changed]
    try:
        for item, scale in changed:
            if _has_ancestor_in(item, ignoring):
                continue  # drawn to scale with the item above it
            rect = item.mapRectToScene(item.boundingRect() | item.childrenBoundingRect())
            fit = min(
                1.0,
                MAX_ITEM_HEXES * EDGE / max(rect.height(), 1e-6),
                MAX_ITEM_WIDTH_HEXES * EDGE / max(rect.width(), 1e-6),
            )
            item.setScale(scale * fit)
        yield
    finally:
        for item, scale in changed:
            item.setScale(scale)
            item.setFlag(IGNORES_TRANSFORMATIONS, True)


def _has_ancestor_in(item: QGraphicsItem, items: list[QGraphicsItem]) -> bool:
    parent = item.parentItem()
    while parent is not None:
        if any(parent is other for other in items):
            return True
        parent = parent.parentItem()
    return False


def _render(scene: MapScene, painter: QPainter, target: QRectF, source: QRectF) -> None:
    """Draw scene ``source`` onto ``target`` (device pixels), clipped to ``target``."""
    painter.save()
    # The grid culls to the painter's viewport: make that the piece, so each piece draws
    # only its own hexes (crisp ones: the far-zoom picture is for many hexes at once).
    device = target.toAlignedRect()
    painter.setViewport(device)
    painter.setWindow(device)
    painter.setClipRect(target, Qt.ClipOperation.IntersectClip)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    with drawn_to_scale(scene):
        scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.restore()


def render_pieces(
    scene: MapScene,
    painter: QPainter,
    target: QRectF,
    source: QRectF,
    steps: Steps,
    grid: tuple[int, int] | None = None,
) -> None:
    """Draw ``source`` onto ``target`` piece by piece (``grid``: columns and rows of
    them, else :func:`~app.export.plan.piece_grid`'s), on whole device pixels, so no
    antialiased edge is drawn twice where two pieces meet."""
    cols, rows = grid or piece_grid(source)
    sx, sy = source.width() / target.width(), source.height() / target.height()
    for top, bottom in _cuts(target.top(), target.bottom(), rows):
        for left, right in _cuts(target.left(), target.right(), cols):
            piece = QRectF(left, top, right - left, bottom - top)
            origin = QPointF(
                source.left() + (left - target.left()) * sx,
                source.top() + (top - target.top()) * sy,
            )
            _render(
                scene,
                painter,
                piece,
                QRectF(origin.x(), origin.y(), piece.width() * sx, piece.height() * sy),
            )
            steps.advance()


def _cuts(start: float, stop: float, count: int) -> Iterator[tuple[float, float]]:
    edges = [start, *(round(start + (stop - start) * i / count) for i in range(1, count)), stop]
    yield from itertools.pairwise(edges)


def png_bytes(scene: MapScene, board: Board, options: ExportOptions, steps: Steps) -> bytes:
    """The PNG file of ``board`` drawn from ``scene``, in pieces: the map
    :func:`app.export.plan.png_size` pixels (and the frame round it, :func:`frame_for`),
    its resolution set so that a hex prints one inch across."""
    map_size, frame = png_size(board, options), frame_for(board, options)
    size = frame.size(map_size)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(scene.backgroundBrush().color()))
    dots_per_metre = round(png_scale(board, options) * EDGE / INCH_MM * 1000)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    painter = QPainter(image)
    try:
        target = frame.map_target(map_size)
        render_pieces(scene, painter, target, map_rect(board), steps)
        paint_frame(painter, frame, board, target, map_rect(board))
    finally:
        painter.end()
    data = open_buffer()
    if not image.save(data, "PNG"):
        raise ExportError(f"could not encode a {size.width()} × {size.height()} PNG")
    steps.advance()
    return bytes(data.data().data())


def open_buffer() -> QBuffer:
    """An empty in-memory file, open for writing."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer


def svg_bytes(scene: MapScene, board: Board, options: ExportOptions, steps: Steps) -> bytes:
    """The SVG file of ``board`` drawn from ``scene``, the map
    :func:`app.export.plan.png_size` big in its frame (:func:`frame_for`).

    Drawn in one pass: the SVG generator ignores clipping, so pieces would overlap."""
    map_size, frame, data = png_size(board, options), frame_for(board, options), open_buffer()
    size = frame.size(map_size)
    generator = QSvgGenerator()
    generator.setOutputDevice(data)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(board.name)
    painter = QPainter()
    if not painter.begin(generator):
        raise ExportError("could not start the SVG drawing")
    try:
        target = frame.map_target(map_size)
        _render(scene, painter, target, map_rect(board))
        paint_frame(painter, frame, board, target, map_rect(board))
    finally:
        painter.end()
    steps.advance()
    return bytes(data.data().data())
