"""File → Export…: the options dialog, and the progress of a long export.

The format follows the file name (.png, .pdf or .svg); only the options of that format
are enabled, and a line under them says what will be made ("PDF, 6 pages (2 rows ×
3 columns) of A4 landscape, 1 hex = 25.4 mm"), or why it cannot be. The terrain layers
exported are those the Terrain legend shows (the window passes them in); the dialog says
which.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.export.plan import (
    INCH_MM,
    PAGE_ORIENTATIONS,
    PAGE_SIZES,
    PIXELS_PER_HEX,
    PIXELS_PER_HEX_RANGE,
    ExportError,
    ExportOptions,
    describe_export,
    export_format,
    largest_pixels_per_hex,
)
from app.scene.legend_layers import PLAYER_HIDDEN_LAYERS, describe_shown
from rules import Board

EXPORT_FILTERS = {
    "PNG image (*.png)": ".png",
    "PDF document (*.pdf)": ".pdf",
    "SVG drawing (*.svg)": ".svg",
}
PAGE_LABELS = {"A4": "A4", "Letter": "Letter", "A3": "A3", "Tabloid": "Tabloid (11 × 17 in)"}
HEX_SIZES = {"1 inch (25.4 mm) a hex": INCH_MM, "25 mm a hex": 25.0}


def with_chosen_suffix(name: str, chosen_filter: str) -> Path:
    """``name`` as typed in a save dialog: a name without a known suffix gets the type
    chosen in the dialog's filter (PNG if none)."""
    path = Path(name)
    if path.suffix.lower() in EXPORT_FILTERS.values():
        return path
    return path.with_name(path.name + EXPORT_FILTERS.get(chosen_filter, ".png"))


class ExportDialog(QDialog):
    """Where to export and how: file (its suffix sets the format), GM or player view,
    PDF page size / orientation / scale, PNG pixels per hex. ``hidden_layers`` (the
    legend's unticked layers) replace those of ``options`` when given."""

    def __init__(
        self,
        board: Board,
        path: Path,
        options: ExportOptions | None = None,
        parent: QWidget | None = None,
        *,
        hidden_layers: frozenset[str] | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Export map")
        self._board = board
        options = options or ExportOptions()
        if hidden_layers is not None:
            options = replace(options, hidden_layers=frozenset(hidden_layers))
        self._hidden_layers = options.hidden_layers
        self.layers_label = QLabel()
        self.layers_label.setWordWrap(True)
        self.layers_label.setToolTip(
            "The layers the Terrain legend shows; tick or untick them there to change this"
        )
        self.path_edit = QLineEdit(str(path))
        self.browse_button = QPushButton("&Browse…")
        self.browse_button.clicked.connect(self._browse)
        self.gm_button = QRadioButton("&GM view: everything on the map")
        self.player_button = QRadioButton(
            "&Player view: no hidden tokens, GM-only labels or notes, nothing under fog"
        )
        (self.player_button if options.player else self.gm_button).setChecked(True)
        self.coordinates_box = QCheckBox("&Coordinates along the edges (C7)")
        self.coordinates_box.setToolTip(
            "Column letters and row numbers round the map, as the Player Window shows them"
        )
        self.coordinates_box.setChecked(options.coordinates)
        self.pdf_group = self._pdf_box(options)
        self.png_group = self._png_box(options)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Export")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._lay_out()
        for signal in (
            self.path_edit.textChanged,
            self.player_button.toggled,
            self.page_box.currentIndexChanged,
            self.orientation_box.currentIndexChanged,
            self.true_scale_button.toggled,
            self.hex_size_box.currentIndexChanged,
            self.pixels_box.valueChanged,
            self.coordinates_box.toggled,
        ):
            signal.connect(self._update)
        self._update()

    def _pdf_box(self, options: ExportOptions) -> QGroupBox:
        self.page_box = QComboBox()
        for key in PAGE_SIZES:
            self.page_box.addItem(PAGE_LABELS[key], key)
        self.page_box.setCurrentIndex(self.page_box.findData(options.page))
        self.orientation_box = QComboBox()
        for key in PAGE_ORIENTATIONS:
            self.orientation_box.addItem(key.capitalize(), key)
        self.orientation_box.setCurrentIndex(self.orientation_box.findData(options.orientation))
        self.orientation_box.setToolTip("Auto: whichever needs fewer pages")
        self.fit_button = QRadioButton("&Fit to one page")
        self.true_scale_button = QRadioButton("&True scale, tiled over pages:")
        self.true_scale_button.setToolTip(
            "Each hex the chosen size edge to edge (a hex is 5 ft); pages overlap a little "
            "and are labelled row/col"
        )
        scale = QButtonGroup(self)
        scale.addButton(self.fit_button)
        scale.addButton(self.true_scale_button)
        (self.true_scale_button if options.true_scale else self.fit_button).setChecked(True)
        self.hex_size_box = QComboBox()
        for label, mm in HEX_SIZES.items():
            self.hex_size_box.addItem(label, mm)
        index = self.hex_size_box.findData(options.hex_mm)
        self.hex_size_box.setCurrentIndex(max(0, index))
        true_scale = QHBoxLayout()
        true_scale.addWidget(self.true_scale_button)
        true_scale.addWidget(self.hex_size_box)
        box = QGroupBox("PDF pages")
        form = QFormLayout(box)
        form.addRow("Page &size", self.page_box)
        form.addRow("&Orientation", self.orientation_box)
        form.addRow("Scale", self.fit_button)
        form.addRow("", true_scale)
        return box

    def _png_box(self, options: ExportOptions) -> QGroupBox:
        self.pixels_box = QDoubleSpinBox()
        self.pixels_box.setDecimals(0)
        largest = largest_pixels_per_hex(self._board)
        self.pixels_box.setRange(PIXELS_PER_HEX_RANGE[0], min(PIXELS_PER_HEX_RANGE[1], largest))
        self.pixels_box.setValue(options.pixels_per_hex or min(PIXELS_PER_HEX, largest))
        self.pixels_box.setSuffix(" px")
        self.pixels_box.setToolTip("Pixels across a hex, edge to edge")
        box = QGroupBox("Picture size (PNG, SVG)")
        form = QFormLayout(box)
        form.addRow("Pixels per &hex", self.pixels_box)
        return box

    def _lay_out(self) -> None:
        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit)
        file_row.addWidget(self.browse_button)
        file_label = QLabel("&File")
        file_label.setBuddy(self.path_edit)
        form = QFormLayout()
        form.addRow(file_label, file_row)
        views = QVBoxLayout()
        views.addWidget(self.gm_button)
        views.addWidget(self.player_button)
        views.addWidget(self.coordinates_box)
        form.addRow("View", views)
        form.addRow("Layers", self.layers_label)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.pdf_group)
        layout.addWidget(self.png_group)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)

    # -- values ---------------------------------------------------------------------------
    def path(self) -> Path:
        """The file to write, as entered."""
        return Path(self.path_edit.text().strip()).expanduser()

    def options(self) -> ExportOptions:
        """The options chosen. Raises ExportOptionsError if they cannot be used."""
        return ExportOptions(
            player=self.player_button.isChecked(),
            page=self.page_box.currentData(),
            orientation=self.orientation_box.currentData(),
            true_scale=self.true_scale_button.isChecked(),
            hex_mm=self.hex_size_box.currentData(),
            pixels_per_hex=self.pixels_box.value(),
            hidden_layers=self._hidden_layers,
            coordinates=self.coordinates_box.isChecked(),
        )

    def _update(self) -> None:
        """Enable the options of the format named and say what will be made, or why not."""
        problem, text = None, ""
        try:
            kind = export_format(self.path()) if self.path_edit.text().strip() else None
            if kind is None:
                problem = "Choose a file to export to."
            else:
                text = describe_export(self._board, self.path(), self.options())
        except ExportError as error:
            kind, problem = None, f"{str(error)[:1].upper()}{str(error)[1:]}."
        self.pdf_group.setEnabled(kind == ".pdf")
        self.png_group.setEnabled(kind in (".png", ".svg"))
        self.hex_size_box.setEnabled(self.true_scale_button.isChecked())
        left_out = self._hidden_layers
        if self.player_button.isChecked():
            left_out = left_out | PLAYER_HIDDEN_LAYERS
        shown = describe_shown(left_out)
        self.layers_label.setText(f"{shown[:1].upper()}{shown[1:]}, as the legend shows")
        self.summary.setText(f"<span style='color:#b00020'>{problem}</span>" if problem else text)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)

    def _browse(self) -> None:
        suffix = self.path().suffix.lower()
        chosen = next((f for f, s in EXPORT_FILTERS.items() if s == suffix), "")
        name, chosen = QFileDialog.getSaveFileName(
            self, "Export map", str(self.path()), ";;".join(EXPORT_FILTERS), chosen
        )
        if name:
            self.path_edit.setText(str(with_chosen_suffix(name, chosen)))


class ExportProgress:
    """A cancellable, window-modal progress dialog, called as an export's ``progress``."""

    def __init__(self, parent: QWidget | None, text: str):
        self.dialog = QProgressDialog(text, "Cancel", 0, 1, parent)
        self.dialog.setWindowTitle("Exporting")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setAutoReset(False)

    def __call__(self, done: int, total: int) -> bool:
        """Show ``done`` of ``total`` steps (this lets events in); False once cancelled."""
        self.dialog.setMaximum(total)
        self.dialog.setValue(done)
        return not self.dialog.wasCanceled()

    def close(self) -> None:
        """Take the dialog away."""
        self.dialog.close()
        self.dialog.deleteLater()
