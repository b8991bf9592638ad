"""The Terrain dock: paint tools, what to paint, and a legend that shows or hides layers.

The palette only edits :class:`~app.tools.paint.PaintSettings` and asks for a tool
(:attr:`TerrainDock.tool_chosen`); painting happens in the tools and the controller. Its
tool buttons show the map's active tool (:meth:`TerrainDock.show_tool`, called by whoever
follows the scene), the same one the Tools toolbar shows; their keys are the menu
entries' (given as ``keys``, shown in the tooltips). Every legend row draws its swatch
with the same colours and patterns as the map, and its checkbox shows or hides that layer.

Fog of war is a layer like the others: the brush hides spaces from the players, painting
"Reveal" lifts it. "Reveal Around the Party" only asks
(:attr:`TerrainDock.reveal_requested`, with the radius); whoever owns the document lifts
the fog (:meth:`app.controllers.map.MapController.reveal_around_party`).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.scene.legend_layers import HIDDEN_AT_START, LEGEND_LAYERS
from app.scene.style import (
    FOG_OF_WAR_RGB,
    GROUND_RGB,
    UNEXPLORED_RGB,
    WALL_RGB,
    WATER_RGB,
    pattern_brush,
)
from app.tools.paint import PaintSettings
from rules import ConcealmentKind, GroundKind
from rules.board import LAYER_SPECS

TOOLS = (  # id, text, tooltip (the keys are the menu entries', given to the dock)
    ("select", "Select", "Select and move tokens; Esc comes back here from every tool"),
    ("brush", "Brush", "Paint a disk of hexes; drag to paint a stroke"),
    ("line", "Line", "Paint a straight line between two hexes"),
    ("fill", "Fill", "Fill the connected area of equal value"),
    ("pick", "Pick", "Eyedropper: take the value under the mouse"),
)
LAYERS = (("ground", "Ground"), *LEGEND_LAYERS)  # layer, label
BOOL_LAYERS = ("steep", "blocked", "fog")
REVEAL_RADIUS = 6  # hexes around each party token
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


LEGEND_TEXT = {
    "elevation": "Elevation (+N up close)",
    "softness": "Ground Softness (≈N up close)",
    "fog": "Fog of war (players see dark hexes)",
}
LEGEND_SWATCH = {
    "elevation": ((235, 225, 200), None),
    "water_depth": (WATER_RGB, "water_depth"),
    "steep": (GROUND_RGB[GroundKind.LOOSE_EARTH], "steep"),
    "blocked": (WALL_RGB, "blocked"),
    "concealment": ((140, 140, 150), "concealment"),
    "fog": (FOG_OF_WAR_RGB, "fog"),
}


class TerrainDock(QDockWidget):
    """Paint tools, the value to paint, brush size, and the layer legend."""

    tool_chosen = Signal(str)  # one of the TOOLS ids
    visibility_changed = Signal(frozenset)  # hidden layer names
    settings_changed = Signal()
    reveal_requested = Signal(int)  # radius in hexes: lift the fog around the party

    def __init__(
        self,
        settings: PaintSettings,
        parent: QWidget | None = None,
        keys: Mapping[str, str] | None = None,
    ):
        super().__init__("Terrain", parent)
        self.setObjectName("terrain_dock")
        self.settings = settings
        self._keys = dict(keys or {})
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(self._build_tools())
        column.addLayout(self._build_form())
        column.addLayout(self._build_reveal())
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
        for index, (tool_id, text, tip) in enumerate(TOOLS):
            button = QToolButton()
            button.setText(text)
            button.setCheckable(True)
            key = self._keys.get(tool_id)
            button.setToolTip(f"{tip} ({key})" if key else tip)
            button.setObjectName(f"tool_{tool_id}")
            button.setMinimumWidth(64)
            self.tool_buttons.addButton(button, index)
            grid.addWidget(button, index // 3, index % 3)
        self.tool_buttons.button(0).setChecked(True)
        self.tool_buttons.idClicked.connect(lambda i: self.tool_chosen.emit(TOOLS[i][0]))
        return grid

    def choose_tool(self, tool_id: str) -> None:
        """Ask for ``tool_id``, as a click on its button would."""
        self.show_tool(tool_id)
        self.tool_chosen.emit(tool_id)

    def show_tool(self, tool_id: str | None) -> None:
        """Check the button of ``tool_id``, the map's active tool; none if it has none
        here (Measure, Area, Jump…)."""
        ids = [t[0] for t in TOOLS]
        if tool_id in ids:
            self.tool_buttons.button(ids.index(tool_id)).setChecked(True)
            return
        self.tool_buttons.setExclusive(False)  # an exclusive group never unchecks its last one
        for button in self.tool_buttons.buttons():
            button.setChecked(False)
        self.tool_buttons.setExclusive(True)

    def shown_tool(self) -> str | None:
        """The id of the checked tool button, or ``None``."""
        buttons = self.tool_buttons.buttons()
        return next((TOOLS[i][0] for i, b in enumerate(buttons) if b.isChecked()), None)

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
        for kind in ConcealmentKind:  # each names the senses it hides from
            self.kind_box.addItem(kind.label, int(kind))
        self.kind_box.setToolTip(
            "What makes the Concealment and the senses it hides from; adjacent observers "
            "ignore 3 Tiers of a condition of the world, not of magic [S000]"
        )
        self.kind_box.currentIndexChanged.connect(self._on_value_changed)
        self.fog_box = QComboBox()
        self.fog_box.addItem("Hide from the players", 1)
        self.fog_box.addItem("Reveal to the players", 0)
        self.fog_box.setToolTip("Fog of war: hidden spaces are dark on the Player View")
        self.fog_box.currentIndexChanged.connect(self._on_value_changed)
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
        form.addRow("&Fog", self.fog_box)
        form.addRow("&Radius", self.radius_box)
        self._form = form
        return form

    def _on_layer_changed(self) -> None:
        layer = self.layer_box.currentData()
        spec = LAYER_SPECS[layer]
        numeric = layer != "ground" and layer not in BOOL_LAYERS
        self._form.setRowVisible(self.ground_box, layer == "ground")
        self._form.setRowVisible(self.mode_box, numeric)
        self._form.setRowVisible(self.value_box, layer not in ("ground", "fog"))
        self._form.setRowVisible(self.kind_box, layer == "concealment")
        self._form.setRowVisible(self.fog_box, layer == "fog")
        self.value_box.blockSignals(True)
        self.value_box.setRange(spec.minimum, spec.maximum)
        self.value_box.setValue(1 if layer in BOOL_LAYERS else self.value_box.value())
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
        boxes = {"ground": self.ground_box, "fog": self.fog_box}
        box = boxes.get(s.layer)
        s.value = box.currentData() if box is not None else self.value_box.value()
        s.radius = self.radius_box.value()
        s.concealment_kind = self.kind_box.currentData()
        self.settings_changed.emit()

    def show_settings(self) -> None:
        """Show values changed elsewhere (the eyedropper)."""
        s = self.settings
        if s.layer == "ground":
            self.ground_box.setCurrentIndex(self.ground_box.findData(s.value))
        elif s.layer == "fog":
            self.fog_box.setCurrentIndex(self.fog_box.findData(int(s.value)))
        else:
            self.value_box.setValue(s.value)
            self.mode_box.setCurrentIndex(0)

    # -- fog of war ------------------------------------------------------------------------
    def _build_reveal(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.reveal_button = QPushButton("Reveal Around the Party")
        self.reveal_button.setObjectName("reveal_around_party")
        self.reveal_button.setToolTip(
            "Lift the fog of war within the radius of every party token (one undo step)"
        )
        self.reveal_radius_box = QSpinBox()
        self.reveal_radius_box.setRange(0, 60)
        self.reveal_radius_box.setValue(REVEAL_RADIUS)
        self.reveal_radius_box.setSuffix(" hexes")
        self.reveal_radius_box.setToolTip("How far around each party token the fog lifts")
        self.reveal_button.clicked.connect(
            lambda: self.reveal_requested.emit(self.reveal_radius_box.value())
        )
        row.addWidget(self.reveal_button, 1)
        row.addWidget(self.reveal_radius_box)
        return row

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
            "<b>dashed</b> enemy; faded = hidden from players.<br>"
            f"<span style='background:{QColor(*UNEXPLORED_RGB).name()}'>{'&nbsp;' * 3}</span>"
            "&nbsp;Fog of war on the Player View: unexplored, nothing shows."
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
