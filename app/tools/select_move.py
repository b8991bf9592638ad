"""Select and move tokens: click selects, drag previews live, release commits one move.

The dragged tokens follow the mouse snapped to hexes (keeping the hex you grabbed by
under the cursor); the model does not change until the button is released, when the
controller checks the move and pushes one undo command for all of them — or says why
not and they go back. Dragging on empty ground draws a rubber band that selects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from app.tools.base import Gesture, Tool
from rules import Hex

if TYPE_CHECKING:
    from app.controller import MapController
    from app.scene.map_scene import MapScene


class SelectMoveTool(Tool):
    """The default tool: click or Ctrl+click to select, drag on empty ground for a
    rubber band, drag a selected token to move every selected token together."""

    name = "select"

    def __init__(self, scene: MapScene, controller: MapController):
        self._scene = scene
        self._controller = controller
        self._group: list[str] = []  # ids being dragged; the first is the grabbed one
        self._grab = Hex(0, 0)  # pressed hex minus the grabbed token's anchor
        self._delta: Hex | None = None  # how far the group is shown moved
        self._band: QGraphicsRectItem | None = None
        self._band_origin = QPointF()
        self._band_base: list[str] = []

    @property
    def dragging(self) -> str | None:
        """Id of the token grabbed by a drag in progress, if any."""
        return self._group[0] if self._group else None

    # -- press ---------------------------------------------------------------------------
    def press(self, gesture: Gesture) -> bool:
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        item = self._scene.token_item_at(gesture.point)
        additive = bool(gesture.modifiers & Qt.KeyboardModifier.ControlModifier)
        if item is None:
            self._start_band(gesture.point, additive)
            return True
        self._scene.select_token(item.token_id, additive)
        selection = self._scene.selection
        if item.token_id not in selection:
            return True  # Ctrl+click took it out of the selection: nothing to drag
        self._group = [item.token_id, *(i for i in selection if i != item.token_id)]
        self._grab = gesture.hex - item.token.position
        self._delta = Hex(0, 0)
        return True

    def _start_band(self, point: QPointF, additive: bool) -> None:
        self._band_base = self._scene.selection if additive else []
        if not additive:
            self._scene.set_selection([])
        self._band_origin = point
        self._band = QGraphicsRectItem(QRectF(point, point))
        self._band.setPen(QPen(QColor("#ffffff"), 0, Qt.PenStyle.DashLine))
        self._band.setBrush(QColor(0, 114, 178, 50))
        self._band.setZValue(100)
        self._scene.addItem(self._band)

    # -- move ----------------------------------------------------------------------------
    def move(self, gesture: Gesture) -> None:
        if self._band is not None:
            self._update_band(gesture.point)
        elif self._group:
            self._drag_to(gesture.hex)

    def _update_band(self, point: QPointF) -> None:
        assert self._band is not None
        rect = QRectF(self._band_origin, point).normalized()
        self._band.setRect(rect)
        inside = [
            token_id
            for token_id, item in self._scene.token_items().items()
            if rect.contains(item.pos()) and token_id not in self._band_base
        ]
        self._scene.set_selection([*self._band_base, *inside])

    def _drag_to(self, h: Hex) -> None:
        board = self._scene.document.board
        lead = board.token(self._group[0])
        delta = h - self._grab - lead.position
        if delta == self._delta:
            return
        self._delta = delta
        for token_id in self._group:
            item = self._scene.token_item(token_id)
            if item is not None:
                item.show_at(board.token(token_id).position + delta)
        problem = self._controller.group_move_problem(self._group, delta)
        target = lead.position + delta
        label = lead.name if len(self._group) == 1 else f"{len(self._group)} tokens"
        self._scene.hint.emit(problem or f"{label} → ({target.q}, {target.r})")

    # -- release -------------------------------------------------------------------------
    def release(self, gesture: Gesture) -> None:
        if gesture.button != Qt.MouseButton.LeftButton:
            return
        if self._band is not None:
            self._scene.removeItem(self._band)
            self._band = None
            count = len(self._scene.selection)
            self._scene.hint.emit(f"{count} token{'s' if count != 1 else ''} selected")
            return
        group, delta = self._group, self._delta
        self._group, self._delta = [], None
        if not group or delta is None or delta == Hex(0, 0):
            return
        if not self._controller.request_group_move(group, delta):
            for token_id in group:
                self._scene.resync_token(token_id)

    def cancel(self) -> None:
        if self._band is not None:
            self._scene.removeItem(self._band)
            self._band = None
            self._scene.set_selection(self._band_base)
        if self._group:
            group, self._group, self._delta = self._group, [], None
            for token_id in group:
                self._scene.resync_token(token_id)
            self._scene.hint.emit("Move cancelled")
