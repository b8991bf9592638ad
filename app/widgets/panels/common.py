"""Small widgets the docks share."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QSpinBox


def rule() -> QFrame:
    """A sunken horizontal line between sections of a dock."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def spin_box(low: int, high: int, value: int, tip: str, special: str = "") -> QSpinBox:
    """A spin box from ``low`` to ``high`` showing ``value``, with a tooltip; ``special``
    is the text shown at ``low`` (e.g. "from Skill")."""
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setToolTip(tip)
    if special:
        spin.setSpecialValueText(special)
    return spin
