"""How the Player Window presents the map on a call or on a TV (issue #17): the
**blackout** card the players see instead of the map, the **fixed output sizes** of its
picture for a stable screen share, and the dialog that sets the **physical scale** of a
screen laid on the table (the arithmetic is :mod:`app.widgets.physical_scale`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.widgets.physical_scale import HEX_UNITS, HexUnit, diagonal_inches, pixels_per_inch

__all__ = [
    "BLACKOUT_BACKGROUND",
    "OUTPUT_SIZES",
    "BlackoutCard",
    "OutputSize",
    "PhysicalScaleDialog",
    "output_size_named",
    "reported_diagonal",
]

BLACKOUT_BACKGROUND = "#1A1A1A"  # neutral: no colour of the map shows through
BLACKOUT_TEXT = "#D0D0D0"
BLACKOUT_PX = 40  # the map's name, readable after 720p video compression


@dataclass(frozen=True)
class OutputSize:
    """A size of the players' picture (the map and the bar above it): ``size`` in pixels,
    or ``None`` for Free (the window's own)."""

    name: str
    size: tuple[int, int] | None


OUTPUT_SIZES: tuple[OutputSize, ...] = (
    OutputSize("Free", None),
    OutputSize("1280×720", (1280, 720)),
    OutputSize("1920×1080", (1920, 1080)),
)


def output_size_named(name: object) -> OutputSize:
    """The output size called ``name`` (as remembered in the settings); Free if none is."""
    for output in OUTPUT_SIZES:
        if output.name == name:
            return output
    return OUTPUT_SIZES[0]


class BlackoutCard(QLabel):
    """A neutral dark screen with the map's name and nothing of the map."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("player_blackout")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            f"QLabel {{ background: {BLACKOUT_BACKGROUND}; color: {BLACKOUT_TEXT};"
            f" font-size: {BLACKOUT_PX}px; font-weight: bold; }}"
        )
        self.set_map_name("")

    def set_map_name(self, name: str) -> None:
        """Show ``name`` (an unnamed map shows no text: still nothing of the map)."""
        self.setText(name.strip())


def reported_diagonal(screen: QScreen) -> float | None:
    """The diagonal in inches of ``screen``'s picture by its own report, or ``None`` if it
    reports no physical size (many TVs report none, or a wrong one)."""
    size = screen.physicalSize()
    if size.width() <= 0 or size.height() <= 0:
        return None
    return diagonal_inches(size.width(), size.height())


class PhysicalScaleDialog(QDialog):
    """Asks for the diagonal of the screen the Player Window is on and the hex width, and
    shows what that gives (pixels per inch) before it is used."""

    def __init__(
        self,
        screen: QScreen,
        diagonal: float | None,
        unit: HexUnit,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Physical Scale")
        self._screen = screen
        geometry = screen.geometry()
        self._pixels = (geometry.width(), geometry.height())
        self._reported = reported_diagonal(screen)
        self.diagonal_box = QDoubleSpinBox()
        self.diagonal_box.setObjectName("physical_diagonal")
        self.diagonal_box.setRange(5.0, 200.0)
        self.diagonal_box.setDecimals(1)
        self.diagonal_box.setSuffix(" in")
        self.diagonal_box.setValue(diagonal or self._reported or 43.0)
        self.diagonal_box.setToolTip("The picture's diagonal, corner to corner (the TV's size)")
        self.unit_box = QComboBox()
        self.unit_box.setObjectName("physical_unit")
        for option in HEX_UNITS:
            self.unit_box.addItem(f"1 hex = {option.name}", option.name)
        self.unit_box.setCurrentIndex(max(0, self.unit_box.findData(unit.name)))
        self.result_label = QLabel()
        self.result_label.setObjectName("physical_result")
        self._build()
        self.diagonal_box.valueChanged.connect(self._show_result)
        self._show_result()

    def _build(self) -> None:
        form = QFormLayout()
        name = self._screen.name() or "this screen"
        width, height = self._pixels
        form.addRow("Screen:", QLabel(f"{name} — {width}×{height}"))
        form.addRow("Diagonal:", self.diagonal_box)
        form.addRow("Hex width:", self.unit_box)
        self.reported_button = QPushButton("Use the Screen's Own Report")
        if self._reported is None:
            self.reported_button.setEnabled(False)
            self.reported_button.setToolTip("This screen reports no physical size")
        else:
            self.reported_button.setToolTip(f"It says {self._reported:.1f} in")
            self.reported_button.clicked.connect(
                lambda: self.diagonal_box.setValue(self._reported or 0.0)
            )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addLayout(form)
        column.addWidget(self.reported_button)
        column.addWidget(self.result_label)
        column.addWidget(buttons)

    def _show_result(self) -> None:
        ppi = pixels_per_inch(self.diagonal(), *self._pixels)
        self.result_label.setText(
            f"{ppi:.1f} pixels an inch. Zoom locks while on; the arrow keys move the map "
            "by whole hexes."
        )

    def diagonal(self) -> float:
        """The diagonal entered, in inches."""
        return float(self.diagonal_box.value())

    def unit(self) -> HexUnit:
        """The hex width chosen."""
        return HEX_UNITS[max(0, self.unit_box.currentIndex())]
