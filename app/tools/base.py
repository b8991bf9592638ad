"""The tool protocol: interaction state machines the scene forwards gestures to.

After Tiled's ``AbstractTool`` and Orange's ``UserInteraction``: items hold no mouse
logic; the active tool turns presses, moves and releases (in hexes and scene points)
into previews and, on commit, one controller call.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt

from rules import Hex


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

    def cancel(self) -> None:
        """Abandon the gesture in progress (Escape, focus lost, document replaced)."""
