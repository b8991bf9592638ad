"""The tool protocol: interaction state machines the scene forwards gestures to.

After Tiled's ``AbstractTool`` and Orange's ``UserInteraction``: items hold no mouse
logic; the active tool turns presses, moves and releases (in hexes and scene points)
into previews and, on commit, one controller call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt, SignalInstance
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsItem

from rules import Hex, Token

if TYPE_CHECKING:
    from app.document import Change


@dataclass(frozen=True)
class Gesture:
    """One mouse event as a tool sees it."""

    point: QPointF
    hex: Hex
    button: Qt.MouseButton
    modifiers: Qt.KeyboardModifier


class Tool:
    """Base class: every method may be overridden; the defaults ignore the gesture."""

    name = "tool"

    def press(self, gesture: Gesture) -> bool:
        """A button went down; return True if the tool takes the gesture."""
        return False

    def move(self, gesture: Gesture) -> None:
        """The mouse moved (with or without a button down)."""

    def release(self, gesture: Gesture) -> None:
        """A button went up."""

    def key(self, event: QKeyEvent) -> bool:
        """A key was pressed over the map; return True if the tool used it."""
        return False

    def wheel(self, steps: int, modifiers: Qt.KeyboardModifier) -> bool:
        """The wheel turned ``steps`` notches; return True to keep it from zooming."""
        return False

    def cancel(self) -> None:
        """Abandon the gesture in progress (Escape, focus lost, document replaced)."""


class OverlayTool:
    """For tools that show one overlay ``item`` until they are done (Jump, Shove, a pick):
    the subclass has ``_scene``, ``active``, ``item``, a ``finished`` signal and
    ``refresh()``, and calls :meth:`_follow` once when it starts. While it is active it
    follows the scene's source: a map change refreshes the overlay, a new grid (another
    map) cancels; cancel takes the overlay off and stops following."""

    _scene: Any  # the MapScene (not imported: the scene imports this module)
    active: bool
    item: QGraphicsItem
    finished: SignalInstance

    token_id: str

    def _follow(self) -> None:
        """Follow the map the scene shows until the tool is done (once, when it starts)."""
        self._scene.source.changed.connect(self._on_document_changed)

    def refresh(self) -> None:
        """Recompute the overlay from the map."""

    def _live_token(self) -> Token | None:
        """The tool's token on the current map, or None — after cancelling — when the tool
        is done or the token is gone."""
        if not self.active:
            return None
        token = self._scene.board.tokens.get(self.token_id)
        if token is None:
            self.cancel()
        return token

    def press(self, gesture: Gesture) -> bool:
        """While active: a right click cancels, a left click goes to :meth:`click`."""
        if not self.active:
            return False
        if gesture.button == Qt.MouseButton.RightButton:
            self.cancel()
            return True
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        self.click(gesture)
        return True

    def click(self, gesture: Gesture) -> None:
        """A left click while the overlay is shown."""

    def cancel(self) -> None:
        """Take the overlay off the map; the tool is done."""
        if not self.active:
            return
        self.active = False
        if self.item.scene() is not None:
            self.item.scene().removeItem(self.item)
        self._scene.source.changed.disconnect(self._on_document_changed)
        self.finished.emit()

    def _on_document_changed(self, change: Change) -> None:
        if not self.active:
            return
        if change.grid:
            self.cancel()
        else:
            self.refresh()
