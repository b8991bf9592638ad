"""The Areas panel: choose Line, Cone, Burst or Aura and its value, aim, read who is hit,
and manage the templates pinned to the map.

The hit list is the rules' answer (:func:`rules.aim`): each subject with how many times it
is affected and why (tooltip); hovering a row outlines that subject on the map, leaving
the list clears it. Pinned templates are map objects: select one and press Delete (or the
button) to remove it, as one undo step.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDockWidget,
    QFormLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.tools.area import MAX_VALUE, AreaSettings
from rules import AreaKind, AreaResult, AreaTemplate, Board, RuleOptions

if TYPE_CHECKING:
    from app.document.current import CurrentDocument

ID_ROLE = Qt.ItemDataRole.UserRole  # a row's token id (hits) or area id (pinned)
MAX_RANGE = 200
PHYSICAL_TIP = (
    "With the legacy area rules, physical effects hit targets above size 1 once per size [S001]"
)
PHYSICAL_OFF_TIP = (
    "Only the legacy area rules count physical effects (once per size [S001]); turn on "
    "legacy_areas in Rules → Rules Options to use it"
)
EXCLUDE_TIP = "Allowed only if the caster occupies the space the Burst occurs in [S000]"
EXCLUDE_OFF_TIP = "Only a Burst lets its caster choose to be unaffected [S000]"

KINDS = (
    (AreaKind.LINE, "Line", "Shift+L", "A straight line away from you [S000]"),
    (AreaKind.CONE, "Cone", "Shift+C", "A 60° cone; facing an edge it widens every other space"),
    (AreaKind.BURST, "Burst", "Shift+B", "Every space within the value of the origin or subject"),
    (AreaKind.AURA, "Aura", "Shift+U", "A Burst around a token that moves with it [S001]"),
)


class AreaDock(QDockWidget):
    """Area settings, the subjects hit by the template being aimed, and pinned templates."""

    settings_changed = Signal()
    aim_requested = Signal()
    hit_hovered = Signal(object)  # token id or None
    delete_requested = Signal(str)  # pinned area id

    def __init__(
        self, current: CurrentDocument, settings: AreaSettings, parent: QWidget | None = None
    ):
        super().__init__("Areas", parent)
        self.setObjectName("area_dock")
        self._current = current
        self.settings = settings
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(self._build_kinds())
        column.addLayout(self._build_form())
        self.caster_label = QLabel()
        self.caster_label.setWordWrap(True)
        column.addWidget(self.caster_label)
        self.aim_button = QPushButton("Aim on the map (A)")
        self.aim_button.setToolTip("Start the Area tool from the selected token (the caster)")
        self.aim_button.clicked.connect(self.aim_requested)
        column.addWidget(self.aim_button)
        self.status = QLabel("Choose a shape, then aim on the map")
        self.status.setWordWrap(True)
        column.addWidget(self.status)
        column.addWidget(QLabel("<b>Subjects hit</b> (hover to find them)"))
        column.addWidget(self._build_hits(), 2)
        column.addWidget(QLabel("<b>Pinned templates</b>"))
        column.addWidget(self._build_pinned(), 1)
        self.delete_button = QPushButton("Delete Pinned Template")
        self.delete_button.setEnabled(False)
        self.delete_button.clicked.connect(self._on_delete)
        column.addWidget(self.delete_button)
        scroller = QScrollArea(self)  # stays usable in a short window or a tabbed column
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setWidget(body)
        self.setWidget(scroller)
        self.set_caster_name(None)
        current.changed.connect(lambda _change: self.refresh_pinned())  # and its options
        self.refresh_pinned()

    # -- building ------------------------------------------------------------------------
    def _build_kinds(self) -> QGridLayout:
        grid = QGridLayout()
        self.kind_buttons = QButtonGroup(self)
        for index, (kind, text, key, tip) in enumerate(KINDS):
            button = QToolButton()
            button.setText(text)
            button.setCheckable(True)
            button.setChecked(kind is self.settings.kind)
            button.setToolTip(f"{tip} ({QKeySequence(key).toString()})")
            button.setShortcut(QKeySequence(key))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setMinimumWidth(64)
            self.kind_buttons.addButton(button, index)
            grid.addWidget(button, 0, index)
        self.kind_buttons.idClicked.connect(self._on_kind)
        return grid

    def _build_form(self) -> QFormLayout:
        form = QFormLayout()
        self.value_spin = QSpinBox()
        self.value_spin.setRange(0, MAX_VALUE)
        self.value_spin.setValue(self.settings.value)
        self.value_spin.setToolTip(
            "Spaces beyond the origin (0 = the origin alone). You may reduce an Area "
            "value at will [S000]. On the map: Shift+wheel or +/−"
        )
        self.value_spin.valueChanged.connect(self._on_form)
        form.addRow("Value", self.value_spin)
        self.range_check = QCheckBox("Check range")
        self.range_check.setChecked(self.settings.check_range)
        self.range_check.setToolTip(
            "From the caster: a space is in range if it is that many contiguous spaces or "
            "less away [S000]; Lines and Cones add the caster's Reach"
        )
        self.range_spin = QSpinBox()
        self.range_spin.setRange(0, MAX_RANGE)
        self.range_spin.setValue(self.settings.range_value)
        self.range_spin.setSuffix(" spaces")
        self.range_check.toggled.connect(self._on_form)
        self.range_spin.valueChanged.connect(self._on_form)
        form.addRow(self.range_check, self.range_spin)
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setRange(0, 9999)
        self.rounds_spin.setSpecialValueText("until removed")
        self.rounds_spin.setSuffix(" rounds")
        self.rounds_spin.setValue(self.settings.rounds)
        self.rounds_spin.setToolTip(
            "A pinned template with a duration is an ongoing effect of its caster: it ticks "
            "at the caster's turn start and ends at 0 [P-TIMING] (12 rounds = 1 minute)"
        )
        self.rounds_spin.valueChanged.connect(self._on_form)
        form.addRow("Lasts", self.rounds_spin)
        self.physical_check = QCheckBox("Physical effect")
        self.exclude_check = QCheckBox("Caster unaffected by own Burst")
        for box in (self.physical_check, self.exclude_check):
            box.toggled.connect(self._on_form)
            form.addRow(box)
        self._legacy = False
        self._sync_boxes()
        return form

    def _build_hits(self) -> QListWidget:
        self.hits = QListWidget()
        self.hits.setMouseTracking(True)
        self.hits.itemEntered.connect(lambda item: self.hit_hovered.emit(item.data(ID_ROLE)))
        self.hits.viewportEntered.connect(lambda: self.hit_hovered.emit(None))
        self.hits.viewport().installEventFilter(self)  # its Leave clears the highlight
        return self.hits

    def _build_pinned(self) -> QListWidget:
        self.pinned = QListWidget()
        self.pinned.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.pinned.itemSelectionChanged.connect(
            lambda: self.delete_button.setEnabled(bool(self.pinned.selectedItems()))
        )
        self.pinned.installEventFilter(self)
        return self.pinned

    # -- showing -------------------------------------------------------------------------
    def set_caster_name(self, name: str | None) -> None:
        """Show who aims: range, Reach and "away from you" count from this token."""
        if name:
            self.caster_label.setText(f"Caster: <b>{name}</b>")
        else:
            self.caster_label.setText("Caster: none — select a token first to check range")

    def show_result(self, result: AreaResult | None, on: str | None = None) -> None:
        """List the subjects ``result`` hits (or clear the list); ``on`` names the token
        it is on (an Aura's source, a Burst's subject)."""
        self.hits.clear()
        if result is None:
            self.status.setText("Choose a shape, then aim on the map")
            return
        title = result.template.title + (f" on <b>{escape(on)}</b>" if on else "")
        if result.refusal:
            self.status.setText(f"<b>Not allowed:</b> {title}: {escape(result.refusal)}")
        else:
            extra = f" · {len(result.stopped)} spaces cut off" if result.stopped else ""
            self.status.setText(f"{title}: {len(result.spaces)} spaces{extra}")
        for hit in result.hits:
            times = f" ×{hit.times}" if hit.times > 1 else ""
            first = hit.spaces_inside[0]
            item = QListWidgetItem(f"{hit.name}{times}  ({first.q}, {first.r})")
            item.setData(ID_ROLE, hit.token_id)
            item.setToolTip(hit.reason)
            self.hits.addItem(item)
        options = "\n".join(result.options_used)
        notes = "\n".join(result.reasons)
        self.status.setToolTip(f"{notes}\n\nOptions used:\n{options}".strip())

    def refresh_pinned(self) -> None:
        """Re-list the open map's pinned templates (and enable the boxes its options use)."""
        board = self._current.board
        self._legacy = RuleOptions.of(board.options).legacy_areas
        self._sync_boxes()
        self.pinned.clear()
        for area in board.areas.values():
            item = QListWidgetItem(_pinned_text(board, area))
            item.setData(ID_ROLE, area.id)
            self.pinned.addItem(item)
        self.delete_button.setEnabled(False)

    # -- slots ---------------------------------------------------------------------------
    def _on_kind(self, index: int) -> None:
        self.settings.kind = KINDS[index][0]
        self._sync_boxes()
        self.settings_changed.emit()

    def _sync_boxes(self) -> None:
        """Enable only the boxes that count: the exclusion for a Burst, the physical flag
        with the legacy area rules; a disabled box's tooltip says why."""
        burst = self.settings.kind is AreaKind.BURST
        self.exclude_check.setEnabled(burst)
        self.exclude_check.setToolTip(EXCLUDE_TIP if burst else EXCLUDE_OFF_TIP)
        self.physical_check.setEnabled(self._legacy)
        self.physical_check.setToolTip(PHYSICAL_TIP if self._legacy else PHYSICAL_OFF_TIP)

    def _on_form(self) -> None:
        s = self.settings
        s.value = self.value_spin.value()
        s.check_range = self.range_check.isChecked()
        s.range_value = self.range_spin.value()
        s.physical = self.physical_check.isChecked()
        s.exclude_caster = self.exclude_check.isChecked()
        s.rounds = self.rounds_spin.value()
        self.range_spin.setEnabled(s.check_range)
        self.settings_changed.emit()

    def sync_from_settings(self) -> None:
        """Show values changed elsewhere (Shift+wheel changes the value)."""
        self.value_spin.blockSignals(True)
        self.value_spin.setValue(self.settings.value)
        self.value_spin.blockSignals(False)
        index = [kind for kind, *_rest in KINDS].index(self.settings.kind)
        self.kind_buttons.button(index).setChecked(True)
        self._sync_boxes()

    def _on_delete(self) -> None:
        for item in self.pinned.selectedItems():
            self.delete_requested.emit(item.data(ID_ROLE))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave and watched is self.hits.viewport():
            self.hit_hovered.emit(None)
        if self._is_delete_key(watched, event):
            if event.type() == QEvent.Type.KeyPress:
                self._on_delete()
            return True
        return super().eventFilter(watched, event)

    def _is_delete_key(self, watched: QObject, event: QEvent) -> bool:
        """Delete on the pinned list: taken from the window's Delete Token shortcut first
        (ShortcutOverride), then deletes the chosen templates (KeyPress)."""
        if watched is not self.pinned or not isinstance(event, QKeyEvent):
            return False
        if event.key() != Qt.Key.Key_Delete:
            return False
        if event.type() == QEvent.Type.ShortcutOverride:
            event.accept()  # the key comes here, not to Edit → Delete Token
            return True
        return event.type() == QEvent.Type.KeyPress


def _pinned_text(board: Board, area: AreaTemplate) -> str:
    who = []
    if area.source and area.source in board.tokens:
        who.append(f"on {board.tokens[area.source].name}")
    if area.caster and area.caster in board.tokens:
        who.append(f"by {board.tokens[area.caster].name}")
    lasting = [e for e in board.effects.values() if e.area_id == area.id]
    if lasting:
        who.append(f"— {lasting[0].remaining}")
    return " ".join([area.title, *who])
