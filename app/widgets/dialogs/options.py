"""The Rules Options dialog: every named rule option of one map, grouped by topic.

:class:`RuleOptionsDialog` shows each option of :data:`rules.OPTION_SPECS` with its
description, its source and its default; options that differ from the default are in
bold. It edits nothing itself: :meth:`RuleOptionsDialog.values` is what the user chose,
and :func:`edit_rule_options` applies that through the controller as one undo step.
Tests drive the controls and read ``values()`` without ``exec()``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rules import OPTION_SPECS, OptionSpec, OptionValue, RuleOptions

if TYPE_CHECKING:
    from app.controllers.map import MapController

OptionControl = QCheckBox | QComboBox


def readable(raw: str) -> str:
    """An option name or choice as a person reads it: ``pair_every_size`` → ``pair every size``."""
    return raw.replace("_", " ")


def value_label(spec: OptionSpec, value: bool | str) -> str:
    """How ``value`` of ``spec`` reads in the dialog: ``on``/``off`` or the readable choice."""
    return readable(spec.label(value))


class RuleOptionsDialog(QDialog):
    """Shows the rule options ``stored`` on a map (missing or invalid ones at their default)
    and lets the user change them; read the result with :meth:`values`."""

    def __init__(self, stored: Mapping[str, OptionValue], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Rules options")
        self.controls: dict[str, OptionControl] = {}
        self.name_labels: dict[str, QLabel] = {}
        self.groups: dict[str, QGroupBox] = {}
        self._grids: dict[str, QGridLayout] = {}
        resolved = RuleOptions.of(stored)
        body = QWidget()
        column = QVBoxLayout(body)
        for spec in OPTION_SPECS:
            self._add_row(self._group(spec.topic, column), spec, resolved.value(spec.name))
        column.addStretch(1)
        self._align_columns()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setToolTip("Set every option back to its default (apply with OK)")
        restore.clicked.connect(self.restore_defaults)
        layout = QVBoxLayout(self)
        intro = QLabel("Choices for rules the seeds leave open; saved with this map.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        if resolved.problems:
            layout.addWidget(self._problems_label(resolved.problems))
        layout.addWidget(scroll, 1)
        layout.addWidget(self.buttons)
        screen = self.screen().availableGeometry()
        self.resize(min(760, screen.width()), min(640, screen.height() - 60))

    def _group(self, topic: str, column: QVBoxLayout) -> QGridLayout:
        """The grid of ``topic``'s group box, made (in order of first use) if new."""
        if topic not in self.groups:
            box = QGroupBox(topic)
            grid = QGridLayout(box)
            grid.setColumnStretch(2, 1)
            grid.setVerticalSpacing(2)
            self.groups[topic] = box
            self._grids[topic] = grid
            column.addWidget(box)
        return self._grids[topic]

    def _align_columns(self) -> None:
        """Give names and controls the same width in every group, so the groups line up."""
        name_width = max(label.sizeHint().width() for label in self.name_labels.values())
        control_width = max(control.sizeHint().width() for control in self.controls.values())
        for grid in self._grids.values():
            grid.setColumnMinimumWidth(0, name_width)
            grid.setColumnMinimumWidth(1, control_width)

    def _add_row(self, grid: QGridLayout, spec: OptionSpec, value: bool | str) -> None:
        """Name, control and default on one line; the description wrapped under them."""
        tip = f"{readable(spec.description)}\n{spec.source}"
        control = self._control(spec, value)
        name = QLabel(readable(spec.name))
        name.setBuddy(control)
        default = QLabel(f"(default: {value_label(spec, spec.default)})")
        # Choices show readable ("pair every size"), so the text quoting them does too.
        description = QLabel(readable(spec.description))
        description.setWordWrap(True)
        description.setContentsMargins(12, 0, 0, 8)
        for widget in (name, control, default, description):
            widget.setToolTip(tip)
        row = grid.rowCount()
        grid.addWidget(name, row, 0)
        grid.addWidget(control, row, 1)
        grid.addWidget(default, row, 2)
        grid.addWidget(description, row + 1, 0, 1, 3)
        self.controls[spec.name] = control
        self.name_labels[spec.name] = name
        self._show_changed(spec)

    def _control(self, spec: OptionSpec, value: bool | str) -> OptionControl:
        """A check box for an on/off option, a combo of readable choices otherwise."""
        if not spec.choices:
            check = QCheckBox()
            check.setChecked(bool(value))
            check.toggled.connect(lambda _on: self._show_changed(spec))
            return check
        combo = QComboBox()
        for choice in spec.choices:
            combo.addItem(readable(choice), choice)
        combo.setCurrentIndex(combo.findData(value))
        combo.currentIndexChanged.connect(lambda _index: self._show_changed(spec))
        return combo

    @staticmethod
    def _problems_label(problems: tuple[str, ...]) -> QLabel:
        label = QLabel(
            "This map stored values this version does not accept:\n" + "\n".join(problems)
        )
        label.setWordWrap(True)
        label.setStyleSheet("color: #a33;")
        return label

    def _show_changed(self, spec: OptionSpec) -> None:
        """Bold the option's name while its value differs from the default."""
        label = self.name_labels[spec.name]
        font = label.font()
        font.setBold(self._value(spec) != spec.default)
        label.setFont(font)

    def _value(self, spec: OptionSpec) -> bool | str:
        control = self.controls[spec.name]
        if isinstance(control, QCheckBox):
            return control.isChecked()
        data: str = control.currentData()
        return data

    def restore_defaults(self) -> None:
        """Set every control to its option's default."""
        for spec in OPTION_SPECS:
            control = self.controls[spec.name]
            if isinstance(control, QCheckBox):
                control.setChecked(bool(spec.default))
            else:
                control.setCurrentIndex(control.findData(spec.default))

    def values(self) -> dict[str, bool | str]:
        """Every option's name → the value chosen (``bool`` or choice name)."""
        return {spec.name: self._value(spec) for spec in OPTION_SPECS}

    def changed(self) -> dict[str, bool | str]:
        """Only the options whose chosen value differs from the default."""
        return {s.name: self._value(s) for s in OPTION_SPECS if self._value(s) != s.default}


def edit_rule_options(controller: MapController, parent: QWidget | None = None) -> bool:
    """Show the dialog for the open map (modal, over ``parent``) and apply it through
    ``controller`` as one undo step; True if the options changed. Stored options this
    version does not know are kept as they are."""
    stored = controller.board.options
    dialog = RuleOptionsDialog(stored, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    known = {spec.name for spec in OPTION_SPECS}
    unknown = {name: value for name, value in stored.items() if name not in known}
    return controller.set_rule_options({**unknown, **dialog.values()})
