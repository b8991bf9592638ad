"""DiceRoller: a free d12 roller that writes to the roll log (issue #7; [G-DICE]).

Choose N d12 + a modifier and, if it is rolled against one, a DL. Before rolling it shows
the exact chance of success (``rules.dice.chance``: a percentage, the fraction in the
tooltip) and an :class:`~app.widgets.panels.odds_chart.OddsChart` of the results. **Roll**
(Ctrl+R while the roller or the widget hosting its shortcut has focus) rolls the map's
next seeded draw; **Enter faces…** records dice rolled at the table instead
(``manual=True``). Each is one undo step, made by :mod:`app.controllers.dice`.
"""

from __future__ import annotations

import html
from fractions import Fraction

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.controllers.dice import (
    DiceController,
    FacesError,
    RollRequest,
    outcome_text,
    parse_faces,
)
from app.document.current import CurrentDocument
from app.widgets.panels.common import spin_box
from app.widgets.panels.odds_chart import OddsChart, percent
from rules.actions import result_distribution
from rules.board import LoggedRoll
from rules.dice import chance, read_faces

__all__ = ["ROLL_KEY", "DiceRoller"]

ROLL_KEY = "Ctrl+R"  # free in app/shell/menus.py; only while the roller's host has focus
DEFAULT_DICE, DEFAULT_DL = 2, 3
WARNING = "#b3261e"


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    spin = spin_box(low, high, value, tip)
    spin.setAccelerated(True)
    return spin


def _bigger(widget: QWidget, factor: float, bold: bool = False) -> None:
    font = QFont(widget.font())
    font.setPointSizeF(max(11.0, font.pointSizeF() * factor))
    font.setBold(bold)
    widget.setFont(font)


class DiceRoller(QWidget):
    """N d12 + modifier vs an optional DL: the exact chance, the chart, Roll, typed faces.

    Rolls are logged on the open map (``current``). ``shortcut_host`` is the widget whose
    focus enables Ctrl+R (the roller itself by default; the Roll Log dock passes itself).
    """

    rolled = Signal(object)  # the LoggedRoll just recorded
    refused = Signal(str)  # why nothing was recorded

    def __init__(
        self,
        current: CurrentDocument,
        parent: QWidget | None = None,
        *,
        shortcut_host: QWidget | None = None,
    ):
        super().__init__(parent)
        self._current = current
        self.dice = DiceController(current, self)  # each roll: one undo step on the open map
        font = QFont(self.font())
        font.setPointSizeF(max(10.5, font.pointSizeF()))  # legible on a shared screen
        self.setFont(font)
        self._build()
        shortcut = QShortcut(QKeySequence(ROLL_KEY), shortcut_host or self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.roll)
        self.roll_shortcut = shortcut
        self._update_odds()

    # -- building ------------------------------------------------------------------------
    def _build(self) -> None:
        self.dice_spin = _spin(0, 30, DEFAULT_DICE, "How many d12 to roll (0: the modifier alone)")
        self.dice_spin.setSuffix(" d12")
        self.modifier_spin = _spin(-20, 20, 0, "Added to the highest face")
        self.dl_check = QCheckBox("vs DL")
        self.dl_check.setChecked(True)
        self.dl_check.setToolTip("Roll against a Difficulty Level: success is result ≥ DL")
        self.dl_spin = _spin(1, 30, DEFAULT_DL, "The Difficulty Level to reach")
        self.chance_label = QLabel()
        _bigger(self.chance_label, 1.3, bold=True)
        self.fumble_label = QLabel()
        self.fumble_label.setToolTip("More than half the faces showing 1 is a Fumble: it fails")
        self.chart = OddsChart()
        self.roll_button = QPushButton()
        _bigger(self.roll_button, 1.15, bold=True)
        self.roll_button.setMinimumHeight(36)
        self.roll_button.clicked.connect(self.roll)
        self.faces_toggle = QToolButton()
        self.faces_toggle.setText("Enter faces…")
        self.faces_toggle.setCheckable(True)
        self.faces_toggle.setToolTip("Record dice rolled at the table instead of rolling here")
        self.faces_toggle.toggled.connect(self._on_faces_toggle_toggled)
        self.faces_row = self._faces_row()
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.RichText)
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self._pool_grid())
        column.addWidget(self.chance_label)
        column.addWidget(self.fumble_label)
        column.addWidget(self.chart)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button, 1)
        buttons.addWidget(self.faces_toggle)
        column.addLayout(buttons)
        column.addWidget(self.faces_row)
        column.addWidget(self.message_label)
        for spin in (self.dice_spin, self.modifier_spin, self.dl_spin):
            spin.valueChanged.connect(self._update_odds)
        self.dl_check.toggled.connect(self._update_odds)

    def _pool_grid(self) -> QGridLayout:
        grid = QGridLayout()
        grid.addWidget(QLabel("Dice"), 0, 0)
        grid.addWidget(QLabel("Modifier"), 0, 1)
        grid.addWidget(self.dl_check, 0, 2)
        grid.addWidget(self.dice_spin, 1, 0)
        grid.addWidget(self.modifier_spin, 1, 1)
        grid.addWidget(self.dl_spin, 1, 2)
        return grid

    def _faces_row(self) -> QWidget:
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        self.faces_edit = QLineEdit()
        self.faces_edit.setPlaceholderText("faces rolled, e.g. 7 3 12")
        self.faces_edit.setToolTip("The faces rolled at the table, 1 to 12, one per die")
        self.faces_edit.returnPressed.connect(self._on_record_clicked)
        self.record_button = QPushButton("Record")
        self.record_button.setToolTip("Log these faces as this pool's roll (typed in)")
        self.record_button.clicked.connect(self._on_record_clicked)
        line.addWidget(self.faces_edit, 1)
        line.addWidget(self.record_button)
        row.setVisible(False)
        return row

    # -- the pool -------------------------------------------------------------------------
    def set_pool(self, dice: int, modifier: int = 0, dl: int | None = None) -> None:
        """Show ``dice`` d12 + ``modifier`` against ``dl`` (``None``: no DL)."""
        self.dice_spin.setValue(dice)
        self.modifier_spin.setValue(modifier)
        self.dl_check.setChecked(dl is not None)
        if dl is not None:
            self.dl_spin.setValue(dl)

    def request(self) -> RollRequest:
        """The roll the controls describe."""
        dl = self.dl_spin.value() if self.dl_check.isChecked() else None
        return RollRequest(self.dice_spin.value(), self.modifier_spin.value(), dl)

    def chance(self) -> Fraction | None:
        """The exact chance of success (``None`` without a DL)."""
        request = self.request()
        if request.dl is None:
            return None
        return chance(request.dice, request.dl, request.modifier)

    def _update_odds(self) -> None:
        request = self.request()
        self.dl_spin.setEnabled(request.dl is not None)
        distribution = result_distribution(request.dice, request.modifier)
        self.chart.set_distribution(distribution, request.dl)
        p = self.chance()
        if p is None or request.dl is None:
            self.chance_label.setText("No DL: roll for the result")
            self.chance_label.setToolTip("Tick “vs DL” to see the chance of success")
        else:
            self.chance_label.setText(f"{percent(p)} to reach DL {request.dl}")
            self.chance_label.setToolTip(
                f"Exactly {p.numerator}/{p.denominator}: the highest face {request.modifier:+d} "
                f"must reach DL {request.dl}, and a Fumble fails whatever the result"
            )
        self.fumble_label.setText(f"Fumble: {percent(distribution[1])}")
        self.roll_button.setText(f"Roll {request.label}")
        self.roll_button.setToolTip(f"Roll {request.label} with the map's dice ({ROLL_KEY})")

    # -- rolling --------------------------------------------------------------------------
    def roll(self) -> LoggedRoll | None:
        """Roll the pool with the map's next draw and log it (one undo step)."""
        return self._push(None)

    def record_faces(self, text: str) -> LoggedRoll | None:
        """Log ``text``'s faces (``"7 3 12"``) as this pool's roll, typed in; a wrong text
        shows why and records nothing."""
        try:
            faces = parse_faces(text, self.request().dice)
        except FacesError as error:
            self._refuse(str(error))
            return None
        entry = self._push(faces)
        if entry is not None:
            self.faces_edit.clear()
        return entry

    def _push(self, faces: tuple[int, ...] | None) -> LoggedRoll | None:
        try:
            entry = self.dice.roll(self.request(), faces)
        except ValueError as error:
            self._refuse(str(error))
            return None
        self._show(entry)
        self.rolled.emit(entry)
        return entry

    def _show(self, entry: LoggedRoll) -> None:
        faces = ", ".join(map(str, entry.faces))
        outcome = outcome_text(read_faces(entry.faces, entry.modifier), entry.dl)
        marks = f"  [{', '.join(entry.marks)}]" if entry.marks else ""
        typed = " (typed in)" if entry.manual else ""
        self.message_label.setStyleSheet("")
        self.message_label.setText(
            f"<b>{entry.result}</b> from [{faces}]{marks}{typed}"
            + (f" — <b>{outcome}</b>" if outcome else "")
        )

    def _refuse(self, reason: str) -> None:
        self.message_label.setStyleSheet(f"color: {WARNING}; font-weight: bold")
        self.message_label.setText(f"⚠ {html.escape(reason)}")
        self.refused.emit(reason)

    def _on_record_clicked(self) -> None:
        self.record_faces(self.faces_edit.text())

    def _on_faces_toggle_toggled(self, shown: bool) -> None:
        self.faces_row.setVisible(shown)
        if shown:
            self.faces_edit.setFocus()
