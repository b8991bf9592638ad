"""The Vitals panel: one token's Conditions, Pools, Skill Tiers, Severe Threshold and wounds.

It sits in the Inspector dock under the Reach/Crowded/Concealment text. It only reads the
board; every edit goes through :class:`~app.controllers.token_state.TokenStateController`, so each
is one undo step and the panel follows undo and redo like the rest of the Inspector.
Crowded is shown as the rules compute it (:func:`rules.crowded`), never edited.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers.token_state import TokenStateController
from app.widgets.panels.vitals_parts import UNSET, Editor, PoolGauge, Spin, header
from rules import Board, Crowding, Token, crowded
from rules.board import BODY_PARTS, LIMIT, POOL_LABELS, POOLS, SKILLS

if TYPE_CHECKING:
    from app.widgets.panels.conditions import ConditionsPanel


class PoolsPanel(Editor):
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
        column.addWidget(header("Pools"))
        column.addLayout(self._build_pools())
        column.addWidget(header("Skill Tiers (for the Pool formulas)"))
        column.addLayout(
            self._build_table(SKILLS, self.skill_spins, -LIMIT, TokenStateController.set_stat)
        )
        self.threshold_spin = Spin(UNSET, LIMIT, "Severe Threshold: an input (formula cut off)")
        self.threshold_spin.setSpecialValueText("unset")
        self.threshold_spin.valueChanged.connect(self._on_threshold_changed)
        line = QHBoxLayout()
        line.addWidget(header("Severe Threshold"))
        line.addWidget(self.threshold_spin)
        line.addStretch(1)
        column.addLayout(line)
        column.addWidget(header("Wounded Tiers"))
        column.addLayout(
            self._build_table(BODY_PARTS, self.wounded_spins, 0, TokenStateController.set_wounded)
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
        """Two columns of named spins; a change calls
        ``edit(controller, token_id, name, value)``."""
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
        vitals = token.vitals
        overridden = dict(vitals.maximum)
        for pool in POOLS:
            found, current = token.maximum_of(pool), token.left_of(pool)
            by_formula = replace(token, vitals=vitals.with_value("maximum", pool, None))
            formula = by_formula.maximum_of(pool)
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
    """Conditions and Pools of one token; hidden when no single token is selected. Its two
    parts are built the first time a token is shown or asked for (none is at start-up)."""

    def __init__(
        self, controller: TokenStateController | None = None, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self._parts: tuple[ConditionsPanel, PoolsPanel] | None = None
        self._controller = controller
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(0, 0, 0, 0)
        self.hide()

    @property
    def conditions(self) -> ConditionsPanel:
        """The Conditions part (built now if it is not yet)."""
        return self._built()[0]

    @property
    def pools(self) -> PoolsPanel:
        """The Pools part (built now if it is not yet)."""
        return self._built()[1]

    @property
    def token_id(self) -> str | None:
        """The id of the token shown, if any."""
        token = self.pools.token if self._parts is not None else None
        return token.id if token is not None else None

    def set_controller(self, controller: TokenStateController | None) -> None:
        """Send edits to ``controller`` (None: the panel only shows)."""
        self._controller = controller
        for part in self._parts or ():
            part.controller = controller
            part.setEnabled(controller is not None)

    def _built(self) -> tuple[ConditionsPanel, PoolsPanel]:
        if self._parts is None:
            from app.widgets.panels.conditions import ConditionsPanel

            self._parts = (ConditionsPanel(), PoolsPanel())
            for part in self._parts:
                self._column.addWidget(part)
            self.set_controller(self._controller)
        return self._parts

    def show_token(
        self, board: Board, token_id: str | None, crowding: Crowding | None = None
    ) -> None:
        """Show token ``token_id`` of ``board`` (``crowding``: its Crowded, if known)."""
        token = board.tokens.get(token_id) if token_id is not None else None
        if token is None:
            if self._parts is not None:
                self.conditions.token = self.pools.token = None
            self.hide()
            return
        self.conditions.show_token(token, crowding or crowded(board, token.id))
        self.pools.show_token(token)
        self.show()
