"""File → Import Universal VTT…'s options: the hex grid's orientation, what windows become,
and whether to scale the picture (issue #18)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from app.controllers.importing import MAX_HEX_PX, MIN_HEX_PX, UvttOptions
from rules import Orientation
from rules.mapfile import WindowsAs

__all__ = ["UvttImportDialog"]

_WINDOWS = {
    WindowsAs.CONCEALMENT: (
        "Concealment (seen through, dimly)",
        "Window hexes stay open ground with Concealment: creatures are seen through them dimly",
    ),
    WindowsAs.WALLS: ("Walls", "Windows become wall hexes, like the walls round them"),
}


class UvttImportDialog(QDialog):
    """Asks how to import ``file_name``; :meth:`options` gives the answer."""

    def __init__(self, file_name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Import Universal VTT")
        form = QFormLayout(self)
        intro = QLabel(
            f"<b>{file_name}</b><br>The picture becomes the battle map, one hex edge to "
            "edge per square (5 ft). Walls become wall hexes, closed doors wall hexes with a "
            "Door label (Edit → Open Door), lights GM-only labels."
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        self.orientation = QComboBox()
        for text, value in (("Pointy top", Orientation.POINTY), ("Flat top", Orientation.FLAT)):
            self.orientation.addItem(text, value)
        self.orientation.setToolTip("How the hexes sit: pointy-top rows or flat-top columns")
        form.addRow("&Hexes:", self.orientation)
        self.windows = QComboBox()
        for value, (text, tip) in _WINDOWS.items():
            self.windows.addItem(text, value)
            self.windows.setItemData(self.windows.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.windows.setToolTip("What the file's windows become (the named option)")
        form.addRow("&Windows:", self.windows)
        self.scale = QCheckBox("&Scale the picture to")
        self.scale.setToolTip("Make the stored picture smaller (or larger): pixels a hex")
        self.hex_px = QSpinBox()
        self.hex_px.setRange(MIN_HEX_PX, MAX_HEX_PX)
        self.hex_px.setValue(100)
        self.hex_px.setSuffix(" px a hex")
        self.hex_px.setEnabled(False)
        self.scale.toggled.connect(self.hex_px.setEnabled)
        form.addRow(self.scale, self.hex_px)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Import")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def options(self) -> UvttOptions:
        """The options chosen."""
        return UvttOptions(
            self.orientation.currentData(),
            self.windows.currentData(),
            self.hex_px.value() if self.scale.isChecked() else None,
        )
