"""The New Map and Map Properties dialog: name, width × height in hexes, orientation."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from rules import Board, Orientation
from rules.board import MAX_MAP_SIDE


class NewMapDialog(QDialog):
    """Asks for the size and orientation of a new, empty map."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("New map")
        self.name = QLineEdit("Untitled map")
        self.width_box = self._side_box(40, "Columns of hexes")
        self.height_box = self._side_box(30, "Rows of hexes")
        self.orientation = QComboBox()
        self.orientation.addItem("Pointy-top (rows)", Orientation.POINTY)
        self.orientation.addItem("Flat-top (columns)", Orientation.FLAT)
        self.orientation.setToolTip("Every hex is 5 ft edge to edge either way")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Name", self.name)
        form.addRow("&Width", self.width_box)
        form.addRow("&Height", self.height_box)
        form.addRow("&Orientation", self.orientation)
        form.addRow(buttons)

    @staticmethod
    def _side_box(value: int, tip: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(1, MAX_MAP_SIDE)
        box.setValue(value)
        box.setSuffix(" hexes")
        box.setToolTip(tip)
        return box

    @classmethod
    def for_board(cls, board: Board, parent: QWidget | None = None) -> NewMapDialog:
        """The same fields filled in from ``board``, for Map Properties."""
        dialog = cls(parent)
        dialog.setWindowTitle("Map properties")
        dialog.name.setText(board.name)
        dialog.width_box.setValue(board.width)
        dialog.height_box.setValue(board.height)
        dialog.orientation.setCurrentIndex(dialog.orientation.findData(board.orientation))
        dialog.width_box.setToolTip("Columns of hexes; shrinking drops what no longer fits")
        return dialog

    def values(self) -> tuple[int, int, Orientation, str]:
        """Width, height, orientation and name as entered."""
        return (
            self.width_box.value(),
            self.height_box.value(),
            self.orientation.currentData(),
            self.name.text().strip(),
        )
