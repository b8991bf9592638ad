"""Select and move tokens: click selects, drag previews live, release commits one move.

The dragged token follows the mouse snapped to hexes (keeping the hex you grabbed it by
under the cursor); the model does not change until the button is released, when the
controller checks the move and pushes one undo command — or says why not and the token
goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from app.tools.base import Gesture, Tool
from rules import Hex

if TYPE_CHECKING:
    from app.controller import MapController
    from app.scene.map_scene import MapScene


class SelectMoveTool(Tool):
    """The default tool."""

    name = "select"

    def __init__(self, scene: MapScene, controller: MapController):
        self._scene = scene
        self._controller = controller
        self._dragging: str | None = None
        self._grab = Hex(0, 0)  # pressed hex minus the token's anchor
        self._target: Hex | None = None

    @property
    def dragging(self) -> str | None:
        """Id of the token being dragged, if any."""
        return self._dragging

    def press(self, gesture: Gesture) -> bool:
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        item = self._scene.token_item_at(gesture.point)
        additive = bool(gesture.modifiers & Qt.KeyboardModifier.ControlModifier)
        if item is None:
            if not additive:
                self._scene.set_selection([])
            return True
        self._scene.select_token(item.token_id, additive)
        if item.token_id not in self._scene.selection:
            return True  # Ctrl+click took it out of the selection: nothing to drag
        self._dragging = item.token_id
        self._grab = gesture.hex - item.token.position
        self._target = item.token.position
        return True

    def move(self, gesture: Gesture) -> None:
        if self._dragging is None:
            return
        target = gesture.hex - self._grab
        if target == self._target:
            return
        self._target = target
        item = self._scene.token_item(self._dragging)
        if item is None:
            self.cancel()
            return
        item.show_at(target)
        problem = self._controller.move_problem(self._dragging, target)
        self._scene.hint.emit(problem or f"{item.token.name} → ({target.q}, {target.r})")

    def release(self, gesture: Gesture) -> None:
        if gesture.button != Qt.MouseButton.LeftButton:
            return
        token_id, target = self._dragging, self._target
        self._dragging = self._target = None
        if token_id is None or target is None:
            return
        moved = self._controller.request_move(token_id, target)
        if not moved:
            self._scene.resync_token(token_id)

    def cancel(self) -> None:
        if self._dragging is not None:
            token_id = self._dragging
            self._dragging = self._target = None
            self._scene.resync_token(token_id)
            self._scene.hint.emit("Move cancelled")
