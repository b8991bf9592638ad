"""Nothing under fog on the players' screen (issue #17): what is drawn over the map there —
templates, marks, labels — is clipped to the spaces the players may see.

:func:`visible_path` is the region of the map not under fog, one polygon a space (the
spaces tile, so no two overlap), or ``None`` when nothing is fogged. :class:`FogClip` is a
contentless item that clips its children to that region
(``ItemClipsChildrenToShape``); an item is put under it with :meth:`FogClip.adopt`, and it
follows the board with :meth:`FogClip.set_board`, rebuilding the region only when the fog
layer itself changed. With no fog it clips nothing (and costs nothing).

A clip item has its own stacking order among the scene's items: the children are drawn
where the clip stands, so one clip serves one stacking level (one for templates, under the
tokens; one for marks, over them). :class:`FogClips` keeps one per level for a scene:
:meth:`FogClips.add` puts an item in the scene under the clip of its own z value.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from rules import Board
from rules.board import axial_of_cells

__all__ = ["FogClip", "FogClips", "visible_path"]


def visible_path(board: Board, geometry: SceneGeometry) -> QPainterPath | None:
    """The spaces of ``board`` not under fog, as one path (scene coordinates); ``None``
    when no space is fogged (nothing to clip)."""
    fog = board.layer("fog").astype(bool)
    if not fog.any():
        return None
    rows, cols = np.nonzero(~fog)
    path = QPainterPath()
    if not len(rows):
        return path  # all fogged: an empty region clips everything away
    qs, rs = axial_of_cells(cols, rows, board.orientation)
    xs, ys = geometry.layout.centers(qs, rs)
    hexagon = geometry.unit_polygon()
    for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
        path.addPolygon(hexagon.translated(x, y))
        path.closeSubpath()
    return path


class FogClip(QGraphicsItem):
    """Clips its children to the spaces players may see (none while nothing is fogged);
    draws nothing itself, takes no clicks."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(self.acceptedMouseButtons().NoButton)
        self._path: QPainterPath | None = None
        self._fog: np.ndarray | None = None  # the fog layer the path was made from
        self._rect = QRectF()

    @property
    def region(self) -> QPainterPath | None:
        """The region its children are clipped to (``None``: not clipped)."""
        return self._path

    def set_board(self, board: Board, geometry: SceneGeometry) -> None:
        """Clip to ``board``'s unfogged spaces (rebuilt only if its fog or grid changed)."""
        fog = board.layer("fog")
        rect = geometry.board_rect(board)
        if fog is self._fog and rect == self._rect:
            return
        self.prepareGeometryChange()
        self._fog, self._rect = fog, rect
        self._path = visible_path(board, geometry)
        self.setFlag(
            QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape, self._path is not None
        )
        self.update()

    def adopt(self, item: QGraphicsItem) -> None:
        """Draw ``item`` clipped (it keeps its place: the clip stands at the origin)."""
        item.setParentItem(self)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        if self._path is None:
            whole = QPainterPath()
            whole.addRect(self._rect)
            return whole
        return self._path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: only its children are drawn."""


class FogClips:
    """The fog clips of one players' scene, one for each stacking level in use."""

    def __init__(self, scene: QGraphicsScene, board: Board, geometry: SceneGeometry) -> None:
        self._scene = scene
        self._board, self._geometry = board, geometry
        self._clips: dict[float, FogClip] = {}

    def add(self, item: QGraphicsItem) -> None:
        """Put ``item`` in the scene, clipped to what players see, at its own z value."""
        z = item.zValue()
        clip = self._clips.get(z)
        if clip is None:
            clip = self._clips[z] = FogClip(z)
            clip.set_board(self._board, self._geometry)
            self._scene.addItem(clip)
        clip.adopt(item)

    def set_board(self, board: Board, geometry: SceneGeometry) -> None:
        """Clip to ``board``'s unfogged spaces from now on."""
        self._board, self._geometry = board, geometry
        for clip in self._clips.values():
            clip.set_board(board, geometry)
