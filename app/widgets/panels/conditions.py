"""The conditions part of the Inspector's vitals panel: each condition with its summed
Tier and sources, Crowded as computed, and adding/removing as undoable edits
(:mod:`app.widgets.panels.vitals`)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
)

from app.widgets.panels.vitals_parts import Editor, Spin, header
from rules import CONDITION_SPECS, ConditionEntry, Crowding, Token
from rules.board import MAX_TIER, describe


class ConditionsPanel(Editor):
    """Conditions held (Tiers of a name added, with sources), Crowded (computed), and a
    row to add one."""

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[tuple[str, str], ...] | None = None
        self._spins: dict[tuple[str, str], Spin] = {}
        self.remove_buttons: dict[tuple[str, str], QToolButton] = {}
        self._summaries: dict[str, QLabel] = {}
        self.crowded_label = QLabel()
        self.crowded_label.setWordWrap(True)
        self.rows = QGridLayout()
        self.rows.setColumnStretch(0, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(header("Conditions"))
        column.addWidget(self.crowded_label)
        column.addLayout(self.rows)
        column.addLayout(self._build_add_row())

    def _build_add_row(self) -> QGridLayout:
        self.add_combo = QComboBox()
        self.add_combo.setToolTip("Conditions, then Ailments (rolled off at the end of a turn)")
        model = self.add_combo.model()
        assert isinstance(model, QStandardItemModel)
        for kind, title in (("condition", "— Conditions —"), ("ailment", "— Ailments —")):
            self.add_combo.addItem(title)
            model.item(self.add_combo.count() - 1).setEnabled(False)
            for spec in (s for s in CONDITION_SPECS.values() if s.kind == kind):
                self.add_combo.addItem(spec.label, spec.name)
                self.add_combo.setItemData(
                    self.add_combo.count() - 1, spec_tooltip(spec.name), Qt.ItemDataRole.ToolTipRole
                )
        self.add_combo.setCurrentIndex(1)
        self.add_tier = Spin(1, MAX_TIER, "Tier to add (Tiers of the same name add up)")
        self.add_source = QLineEdit()
        self.add_source.setMaxLength(64)
        self.add_source.setPlaceholderText("source, e.g. Hold (optional)")
        self.add_button = QPushButton("Add")
        self.add_button.clicked.connect(self._on_add_clicked)
        self.add_source.returnPressed.connect(self._on_add_clicked)
        grid = QGridLayout()
        grid.addWidget(self.add_combo, 0, 0, 1, 2)
        grid.addWidget(self.add_tier, 0, 2)
        grid.addWidget(self.add_source, 1, 0, 1, 2)
        grid.addWidget(self.add_button, 1, 2)
        grid.setColumnStretch(0, 1)
        return grid

    def _on_add_clicked(self) -> None:
        name = self.add_combo.currentData()
        if name:
            tier, source = self.add_tier.value(), self.add_source.text().strip()
            self._edit(lambda a, t: a.add_condition(t, name, tier, source))

    def summaries(self) -> list[str]:
        """The lines shown, one per condition: ``"Encumbered 3 (Hold 2, Load 1)"``."""
        return [label.text() for label in self._summaries.values()]

    def summary_tooltip(self, name: str) -> str:
        return self._summaries[name].toolTip()

    def tier_spin(self, name: str, source: str = "") -> Spin:
        return self._spins[(name, source)]

    def show_token(self, token: Token, crowding: Crowding) -> None:
        self.token = token
        effect = (
            f": Encumbered {crowding.encumbered}, +{crowding.move_cost} Movement cost"
            if crowding.tier
            else ""
        )
        self.crowded_label.setText(f"<i>Crowded {crowding.tier} (computed{effect})</i>")
        self.crowded_label.setToolTip("<br>".join(escape(r) for r in crowding.reasons))
        keys = tuple((e.name, e.source) for e in token.conditions)
        if keys != self._keys:
            self._keys = keys
            self._rebuild(token.conditions)
        for entry in token.conditions:
            self._spins[(entry.name, entry.source)].show_value(entry.tier)
        for name, label in self._summaries.items():
            label.setText(describe(e for e in token.conditions if e.name == name))

    def _rebuild(self, entries: tuple[ConditionEntry, ...]) -> None:
        while self.rows.count():
            item = self.rows.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()  # a row's own button may be mid-click
        self._spins, self._summaries, self.remove_buttons = {}, {}, {}
        if not entries:
            self.rows.addWidget(QLabel("None held."), 0, 0)
        groups: dict[str, list[ConditionEntry]] = {}
        for entry in entries:
            groups.setdefault(entry.name, []).append(entry)
        for name, group in groups.items():
            summary = QLabel()
            summary.setToolTip(spec_tooltip(name))
            self._summaries[name] = summary
            row = self.rows.rowCount()
            self.rows.addWidget(summary, row, 0)
            for entry in group:
                if len(group) > 1:
                    row = self.rows.rowCount()
                    self.rows.addWidget(QLabel(f"    from {entry.source or '(no source)'}"), row, 0)
                self._add_entry_controls(entry, row)

    def _add_entry_controls(self, entry: ConditionEntry, row: int) -> None:
        name, source = entry.name, entry.source
        what = f"{CONDITION_SPECS[name].label}" + (f" ({source})" if source else "")
        spin = Spin(1, MAX_TIER, f"Tier of {what}")
        spin.valueChanged.connect(
            lambda tier: self._edit(lambda a, t: a.set_condition(t, name, tier, source))
        )
        remove = QToolButton()
        remove.setText("✕")
        remove.setToolTip(f"Remove {what}")
        remove.clicked.connect(lambda: self._edit(lambda a, t: a.remove_condition(t, name, source)))
        self._spins[(name, source)], self.remove_buttons[(name, source)] = spin, remove
        self.rows.addWidget(spin, row, 1)
        self.rows.addWidget(remove, row, 2)


def spec_tooltip(name: str) -> str:
    """What condition ``name`` does, how an Ailment is rolled off, and the rules source."""
    spec = CONDITION_SPECS[name]
    lines = [f"<b>{escape(spec.label)}</b> ({spec.kind}): {escape(spec.effect)}"]
    if spec.kind == "ailment" and spec.defence:
        lines.append(f"End of each of your turns: roll {spec.defence} to drop 1 Tier")
    if spec.source:
        lines.append(f"<i>{escape(spec.source)}</i>")
    return "<br>".join(lines)
