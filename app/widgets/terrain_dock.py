"""The Terrain dock: paint tools, what to paint, and a legend that shows or hides layers.

The palette only edits :class:`~app.tools.paint.PaintSettings` and says which tool is
active (:attr:`TerrainDock.tool_chosen`); painting happens in the tools and the
controller. Every legend row draws its swatch with the same colours and patterns as the
map, and its checkbox shows or hides that layer.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.scene.style import GROUND_RGB, WALL_RGB, WATER_RGB, pattern_brush
from app.tools.paint import PaintSettings
from rules import ConcealmentKind, GroundKind
from rules.terrain import LAYER_SPECS

TOOLS = (  # id, text, shortcut, tooltip
    ("select", "Select", "S", "Select and move tokens (S)"),
    ("brush", "Brush", "B", "Paint a disk of hexes; drag to paint a stroke (B)"),
    ("line", "Line", "L", "Paint a straight line between two hexes (L)"),
    ("fill", "Fill", "F", "Fill the connected area of equal value (F)"),
    ("pick", "Pick", "I", "Eyedropper: take the value under the mouse (I)"),
)
LAYERS = (  # layer, label
    ("ground", "Ground"),
    ("elevation", "Elevation"),
    ("water_depth", "Water depth"),
    ("steep", "Steep (Climb)"),
    ("blocked", "Wall / blocked"),
    ("concealment", "Concealment"),
    ("softness", "Ground Softness"),
)
MODES = (("set", "Set to"), ("raise", "Raise by"), ("lower", "Lower by"))


def swatch(color: tuple[int, int, int], pattern_layer: str | None = None, size: int = 20) -> QIcon:
    """A legend swatch: the map's fill colour with the map's pattern for that layer."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(*color))
    if pattern_layer is not None:
        painter = QPainter(pixmap)
        painter.fillRect(pixmap.rect(), pattern_brush(pattern_layer))
        painter.end()
    return QIcon(pixmap)


HIDDEN_AT_START = frozenset({"softness"})  # numbers on every hex: shown on request
LEGEND_TEXT = {
    "elevation": "Elevation (+N up close)",
    "softness": "Ground Softness (≈N up close)",
}
LEGEND_SWATCH = {
    "elevation": ((235, 225, 200), None),
    "water_depth": (WATER_RGB, "water_depth"),
    "steep": (GROUND_RGB[GroundKind.LOOSE_EARTH], "steep"),
    "blocked": (WALL_RGB, "blocked"),
    "concealment": ((140, 140, 150), "concealment"),
}


class TerrainDock(QDockWidget):
    """Paint tools, the value to paint, brush size, and the layer legend."""

    tool_chosen = Signal(str)  # one of the TOOLS ids
    visibility_changed = Signal(frozenset)  # hidden layer names
    settings_changed = Signal()

    def __init__(self, settings: PaintSettings, parent: QWidget | None = None):
        super().__init__("Terrain", parent)
        self.setObjectName("terrain_dock")
        self.settings = settings
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(self._build_tools())
        column.addLayout(self._build_form())
        column.addWidget(QLabel("<b>Legend</b> — untick to hide a layer"))
        column.addLayout(self._build_legend())
        column.addStretch(1)
        self.setWidget(body)
        self._on_layer_changed()

    # -- tools ---------------------------------------------------------------------------
    def _build_tools(self) -> QGridLayout:
        grid = QGridLayout()
        self.tool_buttons = QButtonGroup(self)
        self.tool_buttons.setExclusive(True)
        for index, (tool_id, text, key, tip) in enumerate(TOOLS):
            button = QToolButton()
            button.setText(text)
            button.setCheckable(True)
            button.setShortcut(QKeySequence(key))
            button.setToolTip(tip)
            button.setObjectName(f"tool_{tool_id}")
            button.setMinimumWidth(64)
            self.tool_buttons.addButton(button, index)
            grid.addWidget(button, index // 3, index % 3)
        self.tool_buttons.button(0).setChecked(True)
        self.tool_buttons.idClicked.connect(lambda i: self.tool_chosen.emit(TOOLS[i][0]))
        return grid

    def choose_tool(self, tool_id: str) -> None:
        """Make ``tool_id`` the active tool, as a click on its button would."""
        index = [t[0] for t in TOOLS].index(tool_id)
        self.tool_buttons.button(index).setChecked(True)
        self.tool_chosen.emit(tool_id)

    # -- what to paint --------------------------------------------------------------------
    def _build_form(self) -> QFormLayout:
        form = QFormLayout()
        self.layer_box = QComboBox()
        for layer, label in LAYERS:
            self.layer_box.addItem(label, layer)
        self.layer_box.setToolTip("The terrain layer the tools paint")
        self.layer_box.currentIndexChanged.connect(self._on_layer_changed)
        self.mode_box = QComboBox()
        for mode, label in MODES:
            self.mode_box.addItem(label, mode)
        self.mode_box.setToolTip("Elevation and other numbers can be set, raised or lowered")
        self.mode_box.currentIndexChanged.connect(self._on_value_changed)
        self.ground_box = QComboBox()
        for kind in GroundKind:
            self.ground_box.addItem(swatch(GROUND_RGB[kind]), kind.label, int(kind))
        self.ground_box.currentIndexChanged.connect(self._on_value_changed)
        self.value_box = QSpinBox()
        self.value_box.valueChanged.connect(self._on_value_changed)
        self.kind_box = QComboBox()
        self.kind_box.addItem("World condition (fog, smoke, darkness)", int(ConcealmentKind.WORLD))
        self.kind_box.addItem("Magic", int(ConcealmentKind.MAGIC))
        self.kind_box.setToolTip("Adjacent observers ignore 3 Tiers of world-condition Concealment")
        self.kind_box.currentIndexChanged.connect(self._on_value_changed)
        self.radius_box = QSpinBox()
        self.radius_box.setRange(0, 12)
        self.radius_box.setSuffix(" hexes")
        self.radius_box.setToolTip("Brush radius: 0 paints one hex, 1 a flower of 7, …")
        self.radius_box.valueChanged.connect(self._on_value_changed)
        form.addRow("&Layer", self.layer_box)
        form.addRow("&Mode", self.mode_box)
        form.addRow("&Ground", self.ground_box)
        form.addRow("&Value", self.value_box)
        form.addRow("&Kind", self.kind_box)
        form.addRow("&Radius", self.radius_box)
        self._form = form
        return form

    def _on_layer_changed(self) -> None:
        layer = self.layer_box.currentData()
        spec = LAYER_SPECS[layer]
        numeric = layer not in ("ground", "steep", "blocked")
        self._form.setRowVisible(self.ground_box, layer == "ground")
        self._form.setRowVisible(self.mode_box, numeric)
        self._form.setRowVisible(self.value_box, layer != "ground")
        self._form.setRowVisible(self.kind_box, layer == "concealment")
        self.value_box.blockSignals(True)
        self.value_box.setRange(spec.minimum, spec.maximum)
        self.value_box.setValue(1 if layer in ("steep", "blocked") else self.value_box.value())
        self.value_box.setToolTip(
            "1 sets the layer, 0 clears it" if not numeric else spec.description
        )
        self.value_box.blockSignals(False)
        if not numeric:
            self.mode_box.setCurrentIndex(0)
        self._on_value_changed()

    def _on_value_changed(self) -> None:
        s = self.settings
        s.layer = self.layer_box.currentData()
        s.mode = self.mode_box.currentData()
        s.value = self.ground_box.currentData() if s.layer == "ground" else self.value_box.value()
        s.radius = self.radius_box.value()
        s.concealment_kind = self.kind_box.currentData()
        self.settings_changed.emit()

    def show_settings(self) -> None:
        """Show values changed elsewhere (the eyedropper)."""
        s = self.settings
        if s.layer == "ground":
            self.ground_box.setCurrentIndex(self.ground_box.findData(s.value))
        else:
            self.value_box.setValue(s.value)
            self.mode_box.setCurrentIndex(0)

    # -- legend and visibility ------------------------------------------------------------
    def _build_legend(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        self.visibility: dict[str, QCheckBox] = {}
        for row, (layer, label) in enumerate(LAYERS[1:]):
            box = QCheckBox(LEGEND_TEXT.get(layer, label))
            box.setChecked(layer not in HIDDEN_AT_START)
            box.setToolTip(f"Show or hide {label.lower()} on the map")
            color, pattern = LEGEND_SWATCH.get(layer, ((200, 200, 200), None))
            box.setIcon(swatch(color, pattern))
            box.setIconSize(QSize(20, 20))
            box.toggled.connect(self._on_visibility_toggled)
            self.visibility[layer] = box
            grid.addWidget(box, row, 0)
        magic = QLabel()
        magic.setPixmap(swatch((140, 140, 150), "magic").pixmap(20, 20))
        magic_row = QHBoxLayout()
        magic_row.addSpacing(22)
        magic_row.addWidget(magic)
        magic_text = QLabel("Magic Concealment: purple grid")
        magic_text.setWordWrap(True)
        magic_row.addWidget(magic_text, 1)
        grid.addLayout(magic_row, len(LAYERS) - 1, 0)
        notes = QLabel(
            "Ground is always shown. Higher ground is lighter, lower darker; "
            "numbers show up close.<br>"
            "Rings: <b>solid</b> party, <b>dash-dot</b> ally, <b>dotted</b> neutral, "
            "<b>dashed</b> enemy; faded = hidden from players."
        )
        notes.setWordWrap(True)
        grid.addWidget(notes, len(LAYERS), 0)
        ground = QLabel(
            " ".join(
                f"<span style='background:{QColor(*GROUND_RGB[k]).name()}'>{'&nbsp;' * 3}"
                f"</span>&nbsp;{k.label}"
                for k in GroundKind
            )
        )
        ground.setWordWrap(True)
        grid.addWidget(ground, len(LAYERS) + 1, 0)
        return grid

    def _on_visibility_toggled(self) -> None:
        self.visibility_changed.emit(self.hidden_layers())

    def hidden_layers(self) -> frozenset[str]:
        """The layers whose legend checkbox is off."""
        return frozenset(k for k, box in self.visibility.items() if not box.isChecked())
