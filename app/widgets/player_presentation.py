"""How the Player Window presents the map on a call or on a TV (issue #17): the
**blackout** card the players see instead of the map, the **fixed output sizes** of its
picture for a stable screen share, and the dialog that sets the **physical scale** of a
screen laid on the table (the arithmetic is :mod:`app.widgets.physical_scale`): from the
screen's diagonal, or by measuring two marks it draws a known number of pixels apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QScreen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.widgets.physical_scale import (
    HEX_UNITS,
    LENGTH_UNITS,
    HexUnit,
    diagonal_from_ppi,
    diagonal_inches,
    pixels_per_inch,
    pixels_per_inch_measured,
)

__all__ = [
    "BLACKOUT_BACKGROUND",
    "MARKS_PX",
    "OUTPUT_SIZES",
    "BlackoutCard",
    "MeasureMarks",
    "OutputSize",
    "PhysicalScaleDialog",
    "output_size_named",
    "reported_diagonal",
]

BLACKOUT_BACKGROUND = "#1A1A1A"  # neutral: no colour of the map shows through
BLACKOUT_TEXT = "#D0D0D0"
BLACKOUT_PX = 40  # the map's name, readable after 720p video compression
MARKS_PX = 400  # logical pixels between the two marks measured with a ruler
MARKS_MARGIN = 12
DIAGONAL_RANGE = (5.0, 200.0)  # inches: a phone to a wall


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


class MeasureMarks(QWidget):
    """Two tall marks exactly :data:`MARKS_PX` logical pixels apart (centre to centre) on
    a line, for the GM to measure with a ruler on the screen itself."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("physical_marks")
        self.setFixedSize(QSize(MARKS_PX + 2 * MARKS_MARGIN, 56))
        self.setToolTip(f"These two marks are {MARKS_PX} pixels apart on this screen")

    def mark_xs(self) -> tuple[int, int]:
        """The marks' x positions in the widget (pixels)."""
        return MARKS_MARGIN, MARKS_MARGIN + MARKS_PX

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#FFFFFF"))
        painter.setPen(QPen(QColor("#000000"), 1))  # one pixel: no antialiasing
        left, right = self.mark_xs()
        middle = self.height() // 2
        painter.drawLine(left, middle, right, middle)
        for x in (left, right):
            painter.drawLine(x, 4, x, self.height() - 5)
        painter.end()


class PhysicalScaleDialog(QDialog):
    """Asks for the diagonal of the screen the Player Window is on and the hex width, and
    shows what that gives (pixels per inch) before it is used. The diagonal can also come
    from measuring the two marks it draws (:class:`MeasureMarks`: the dialog opens over
    the Player Window, so on its screen) with a ruler: "Use This Measurement" puts the
    diagonal it gives in the Diagonal box."""

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
        self.diagonal_box.setRange(*DIAGONAL_RANGE)
        self.diagonal_box.setDecimals(2)  # a measured one to 0.1 % (not 0.2 in in 24)
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
        self.result_label.setWordWrap(True)
        self._build_measure()
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
        column.addWidget(self.measure_box)
        column.addWidget(self.result_label)
        column.addWidget(buttons)

    def _build_measure(self) -> None:
        """The second way: "I measured: these two marks are N in (or mm) apart"."""
        self.marks = MeasureMarks()
        self.measured_box = QDoubleSpinBox()
        self.measured_box.setObjectName("physical_measured")
        self.measured_box.setDecimals(2)
        self.measured_box.setRange(0.01, 10_000.0)
        self.measured_box.setToolTip("The distance between the marks' centres, with a ruler")
        self.length_unit_box = QComboBox()
        self.length_unit_box.setObjectName("physical_length_unit")
        self.length_unit_box.addItems(list(LENGTH_UNITS))
        ppi = pixels_per_inch(self.diagonal(), *self._pixels)
        self.measured_box.setValue(MARKS_PX / ppi)  # what the diagonal says they measure
        self.length_unit_box.currentTextChanged.connect(self._on_length_unit_changed)
        self._length_unit = self.length_unit_box.currentText()
        self.measure_button = QPushButton("Use This Measurement")
        self.measure_button.setObjectName("physical_use_measurement")
        self.measure_button.clicked.connect(self.use_measurement)
        row = QHBoxLayout()
        row.addWidget(QLabel("I measured: these two marks are"))
        row.addWidget(self.measured_box)
        row.addWidget(self.length_unit_box)
        row.addWidget(QLabel("apart"))
        row.addStretch(1)
        self.measure_box = QWidget()
        column = QVBoxLayout(self.measure_box)
        column.setContentsMargins(0, 8, 0, 0)
        column.addWidget(QLabel("Or lay a ruler on this screen and measure:"))
        column.addWidget(self.marks)
        column.addLayout(row)
        column.addWidget(self.measure_button, 0, Qt.AlignmentFlag.AlignLeft)

    def _on_length_unit_changed(self, unit: str) -> None:
        """Keep the length the same, in the new unit."""
        inches = self.measured_box.value() * LENGTH_UNITS[self._length_unit]
        self._length_unit = unit
        self.measured_box.setValue(inches / LENGTH_UNITS[unit])

    def measured_ppi(self) -> float:
        """Pixels per inch by the length entered between the marks."""
        return pixels_per_inch_measured(
            MARKS_PX, self.measured_box.value(), self.length_unit_box.currentText()
        )

    def use_measurement(self) -> bool:
        """Put the diagonal the measurement gives in the Diagonal box; False (and said)
        if it is no screen's (outside 5–200 in)."""
        diagonal = diagonal_from_ppi(self.measured_ppi(), *self._pixels)
        low, high = DIAGONAL_RANGE
        if not low <= diagonal <= high:
            self.result_label.setText(
                f"That measurement makes a {diagonal:.1f} in screen; measure again between "
                "the marks' centres (a screen is 5–200 in)"
            )
            return False
        self.diagonal_box.setValue(diagonal)
        self._show_result()
        return True

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
