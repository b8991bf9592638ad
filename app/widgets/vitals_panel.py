"""The Vitals panel: one token's Conditions, Pools, Skill Tiers, Severe Threshold and wounds.

It sits in the Inspector dock under the Reach/Crowded/Concealment text. It only reads the
board; every edit goes through :class:`~app.token_state_actions.TokenStateActions`, so each
is one undo step and the panel follows undo and redo like the rest of the Inspector.
Crowded is shown as the rules compute it (:func:`rules.crowded`), never edited.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QRectF, QSignalBlocker, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QStandardItemModel,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.scene.token_badges import PoolBar, paint_pool_bar
from app.token_state_actions import TokenStateActions
from rules import CONDITION_SPECS, Board, ConditionEntry, Crowding, Token, crowded
from rules.conditions import MAX_TIER, describe
from rules.pools import BODY_PARTS, LIMIT, POOL_LABELS, POOLS, SKILLS, pool_current, pool_maximum

Edit = Callable[[TokenStateActions, str], object]  # (actions, token id) -> an action call
UNSET = -LIMIT - 1  # the Severe Threshold spin's "unset" value


class Spin(QSpinBox):
    """A spin box that commits on Enter, focus-out or an arrow click (not every keystroke,
    so typing "12" is one undo step) and ignores the wheel unless focused (scrolling the
    dock must not change a Tier)."""

    def __init__(self, low: int, high: int, tip: str = ""):
        super().__init__()
        self.setRange(low, high)
        self.setKeyboardTracking(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(tip)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()

    def show_value(self, value: int) -> None:
        """Show ``value`` without emitting (a refresh is not an edit)."""
        with QSignalBlocker(self):
            self.setValue(value)


class PoolGauge(QWidget):
    """A bar "5 / 9" drawn like the token's (colour and pattern), white text outlined."""

    def __init__(self, pool: str):
        super().__init__()
        self.bar = PoolBar(pool, 0, 0)
        self.setMinimumSize(64, self.fontMetrics().height() + 6)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_values(self, current: int, maximum: int) -> None:
        self.bar = PoolBar(self.bar.pool, current, maximum)
        self.update()

    def text(self) -> str:
        return f"{self.bar.current} / {self.bar.maximum}"

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_pool_bar(painter, QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), self.bar)
        font = QFont(self.font())
        font.setBold(True)
        path = QPainterPath()
        path.addText(0, 0, font, self.text())
        path.translate(QRectF(self.rect()).center() - path.boundingRect().center())
        painter.strokePath(path, QPen(QColor(0, 0, 0), 3))
        painter.fillPath(path, QColor(255, 255, 255))


def _header(text: str) -> QLabel:
    label = QLabel(f"<b>{escape(text)}</b>")
    label.setContentsMargins(0, 6, 0, 0)
    return label


class _Editor(QWidget):
    """A part of the panel: it shows one token and sends edits to the actions."""

    def __init__(self) -> None:
        super().__init__()
        self.actions: TokenStateActions | None = None
        self.token: Token | None = None

    def _edit(self, call: Edit) -> None:
        if self.actions is not None and self.token is not None:
            call(self.actions, self.token.id)


class ConditionsPanel(_Editor):
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
        column.addWidget(_header("Conditions"))
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


class PoolsPanel(_Editor):
    """Pools (bar, current, maximum by formula or by hand), Skill Tiers, Severe Threshold,
    Wounded Tiers and whether players see the bars."""

    def __init__(self) -> None:
        super().__init__()
        self.gauges: dict[str, PoolGauge] = {}
        self.current_spins: dict[str, Spin] = {}
        self.maximum_spins: dict[str, Spin] = {}
        self.formula_boxes: dict[str, QCheckBox] = {}
        self.skill_spins: dict[str, Spin] = {}
        self.wounded_spins: dict[str, Spin] = {}
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(_header("Pools"))
        column.addLayout(self._build_pools())
        column.addWidget(_header("Skill Tiers (for the Pool formulas)"))
        column.addLayout(
            self._build_table(SKILLS, self.skill_spins, -LIMIT, TokenStateActions.set_stat)
        )
        self.threshold_spin = Spin(UNSET, LIMIT, "Severe Threshold: an input (formula cut off)")
        self.threshold_spin.setSpecialValueText("unset")
        self.threshold_spin.valueChanged.connect(self._on_threshold_changed)
        line = QHBoxLayout()
        line.addWidget(_header("Severe Threshold"))
        line.addWidget(self.threshold_spin)
        line.addStretch(1)
        column.addLayout(line)
        column.addWidget(_header("Wounded Tiers"))
        column.addLayout(
            self._build_table(BODY_PARTS, self.wounded_spins, 0, TokenStateActions.set_wounded)
        )
        self.bars_box = QCheckBox("Show bars to players")
        self.bars_box.setToolTip("The players' view shows this token's Grit and Energy bars")
        self.bars_box.toggled.connect(
            lambda on: self._edit(lambda a, t: a.set_bars_for_players(t, on))
        )
        column.addWidget(self.bars_box)

    def _build_pools(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setColumnStretch(1, 1)
        for col, text in ((2, "Now"), (3, "Max"), (4, "Formula")):
            grid.addWidget(QLabel(f"<small>{text}</small>"), 0, col)
        for row, pool in enumerate(POOLS, start=1):
            label = POOL_LABELS[pool]
            self.gauges[pool] = PoolGauge(pool)
            current = Spin(-LIMIT, LIMIT, f"{label} left")
            maximum = Spin(0, LIMIT, f"{label} maximum, set by hand")
            maximum.setButtonSymbols(QSpinBox.ButtonSymbols.NoButtons)  # rarely changed
            formula = QCheckBox()
            current.valueChanged.connect(
                lambda v, p=pool: self._edit(lambda a, t: a.set_pool(t, p, v))
            )
            maximum.valueChanged.connect(
                lambda v, p=pool: self._edit(lambda a, t: a.set_pool_maximum(t, p, v))
            )
            formula.toggled.connect(lambda on, p=pool: self._on_formula_toggled(p, on))
            self.current_spins[pool], self.maximum_spins[pool] = current, maximum
            self.formula_boxes[pool] = formula
            for col, widget in enumerate((QLabel(label), self.gauges[pool], current, maximum)):
                grid.addWidget(widget, row, col)
            grid.addWidget(formula, row, 4, Qt.AlignmentFlag.AlignCenter)
        return grid

    def _build_table(
        self, names: tuple[str, ...], spins: dict[str, Spin], low: int, edit: Callable[..., bool]
    ) -> QGridLayout:
        """Two columns of named spins; a change calls ``edit(actions, token_id, name, value)``."""
        grid = QGridLayout()
        half = (len(names) + 1) // 2
        for i, name in enumerate(names):
            spin = Spin(low, LIMIT, name.capitalize())
            spin.valueChanged.connect(lambda v, n=name: self._edit(lambda a, t: edit(a, t, n, v)))
            spins[name] = spin
            row, col = i % half, 2 * (i // half)
            grid.addWidget(QLabel(name.capitalize()), row, col)
            grid.addWidget(spin, row, col + 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(2, 1)
        return grid

    def _on_threshold_changed(self, value: int) -> None:
        threshold = None if value == UNSET else value
        self._edit(lambda a, t: a.set_severe_threshold(t, threshold))

    def _on_formula_toggled(self, pool: str, by_formula: bool) -> None:
        # By hand starts from what the formula gives now, so the number does not jump.
        value = None if by_formula else self.maximum_spins[pool].value()
        self._edit(lambda a, t: a.set_pool_maximum(t, pool, value))

    def show_token(self, token: Token) -> None:
        self.token = token
        vitals, size, moves = token.vitals, token.size, token.movement_pool
        overridden = dict(vitals.maximum)
        for pool in POOLS:
            found = pool_maximum(vitals, pool, size, moves)
            current = pool_current(vitals, pool, size, moves)
            formula = pool_maximum(vitals.with_value("maximum", pool, None), pool, size, moves)
            tip = found.reason  # the formula's breakdown, or why it is not used
            if pool in overridden:
                tip = f"Set by hand; the formula gives {formula.value}: {formula.reason}"
            self.gauges[pool].set_values(current, found.value)
            self.current_spins[pool].show_value(current)
            self.maximum_spins[pool].show_value(found.value)
            self.maximum_spins[pool].setEnabled(pool in overridden)
            with QSignalBlocker(self.formula_boxes[pool]):
                self.formula_boxes[pool].setChecked(pool not in overridden)
            for widget in (self.gauges[pool], self.formula_boxes[pool], self.maximum_spins[pool]):
                widget.setToolTip(tip)
        for skill, spin in self.skill_spins.items():
            spin.show_value(vitals.stat(skill))
        wounded = dict(vitals.wounded)
        for part, spin in self.wounded_spins.items():
            spin.show_value(wounded.get(part, 0))
        threshold = vitals.severe_threshold
        self.threshold_spin.show_value(UNSET if threshold is None else threshold)
        with QSignalBlocker(self.bars_box):
            self.bars_box.setChecked(vitals.bars_for_players)


class VitalsPanel(QWidget):
    """Conditions and Pools of one token; hidden when no single token is selected."""

    def __init__(self, actions: TokenStateActions | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.conditions = ConditionsPanel()
        self.pools = PoolsPanel()
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.conditions)
        column.addWidget(self.pools)
        self.set_actions(actions)
        self.hide()

    @property
    def token_id(self) -> str | None:
        """The id of the token shown, if any."""
        token = self.pools.token
        return token.id if token is not None else None

    def set_actions(self, actions: TokenStateActions | None) -> None:
        """Send edits to ``actions`` (None: the panel only shows)."""
        for part in (self.conditions, self.pools):
            part.actions = actions
            part.setEnabled(actions is not None)

    def show_token(
        self, board: Board, token_id: str | None, crowding: Crowding | None = None
    ) -> None:
        """Show token ``token_id`` of ``board`` (``crowding``: its Crowded, if known)."""
        token = board.tokens.get(token_id) if token_id is not None else None
        if token is None:
            self.conditions.token = self.pools.token = None
            self.hide()
            return
        self.conditions.show_token(token, crowding or crowded(board, token.id))
        self.pools.show_token(token)
        self.show()
