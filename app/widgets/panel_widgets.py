"""Small widgets the docks share."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame


def rule() -> QFrame:
    """A sunken horizontal line between sections of a dock."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line
