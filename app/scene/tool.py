"""The tool protocol: interaction state machines the scene forwards gestures to.

After Tiled's ``AbstractTool`` and Orange's ``UserInteraction``: items hold no mouse
logic; the active tool turns presses, moves and releases (in hexes and scene points)
into previews and, on commit, one controller call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, SignalInstance
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsItem

from rules import Hex, Token

if TYPE_CHECKING:
    from app.document import Change, MapDocument


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


class DocumentWatcher:
    """For tools whose preview must follow the map while it is shown (a ruler re-measures
    when a token moves): :meth:`_watch` connects to one document's ``changed`` at a time."""

    _watched: MapDocument | None = None

    def _watch(self, document: MapDocument | None) -> None:
        if document is self._watched:
            return
        if self._watched is not None:
            self._watched.changed.disconnect(self._on_document_changed)
        self._watched = document
        if document is not None:
            document.changed.connect(self._on_document_changed)

    def _on_document_changed(self, change: Change) -> None:
        """The watched document changed."""


class OverlayTool(DocumentWatcher):
    """For tools that show one overlay ``item`` until they are done (Jump, Shove): the
    subclass has ``active``, ``item``, a ``finished`` signal and ``refresh()``. Cancel
    takes the overlay off; a map change refreshes it, a new grid (another map) cancels."""

    active: bool
    item: QGraphicsItem
    finished: SignalInstance

    token_id: str

    def refresh(self) -> None:
        """Recompute the overlay from the map."""

    def _live_token(self) -> Token | None:
        """The tool's token on the current map, or None — after cancelling — when the tool
        is done or the token is gone."""
        if not self.active:
            return None
        token = self._scene.document.board.tokens.get(self.token_id)  # type: ignore[attr-defined]
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
        self._watch(None)
        self.finished.emit()

    def _on_document_changed(self, change: Change) -> None:
        if change.grid:
            self.cancel()
        else:
            self.refresh()
