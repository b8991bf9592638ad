"""The Movement dock: a dragged creature's full step list, the Jump tool's settings and
reach, and the Shove tool's preview.

Only the section of the active tool shows; the move section follows the live movement
preview (:class:`~app.tools.movement_preview.MovementPreview`), whose label on the map
stays short: here is each step, its cost and why, the rolls, the sound and who may
Hinder. The Jump section edits a
:class:`~app.tools.jump.JumpSettings` (long or high, the result typed or rolled, run-up,
waiting in the air) and shows :class:`rules.JumpReach`'s breakdown; the Shove section
sets the spaces and "the first attack hits" and says where the push ends. Text is large,
for the table.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.controllers.movement import where
from app.tools.jump import WAIT_RULE, JumpSettings, JumpTool
from app.tools.movement_preview import MovementPreview, headline, step_lines
from app.tools.shove import MAX_SPACES, ShoveTool
from app.widgets.panels.common import spin_box

RUN_UP_TIP = (
    "Spaces moved before the jump to gain momentum: 2 or more for a full long jump [S001]. "
    "Starts at what it moved in a row this turn; change it if the path was not straight"
)


def _label(text: str = "", scale: float = 1.0, bold: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    label.setFont(font)
    return label


class JumpPanel(QWidget):
    """The Jump tool's settings and its reach; ``changed`` after each edit, ``wait_changed``
    when the GM ticks or clears "Wait in the air" (the tool decides whether it may)."""

    changed = Signal()
    roll_requested = Signal()
    wait_changed = Signal(bool)

    def __init__(self, settings: JumpSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.token_name = ""
        column = QVBoxLayout(self)
        self.title = _label("Jump", 1.3, True)
        column.addWidget(self.title)
        column.addLayout(self._build_kinds())
        column.addLayout(self._build_form())
        self.wait_box = QCheckBox("Wait in the air until the next turn (W)")
        self.wait_box.setToolTip(WAIT_RULE)
        self.wait_box.toggled.connect(self.wait_changed)
        column.addWidget(self.wait_box)
        self.wait_label = _label("", 1.0)
        column.addWidget(self.wait_label)
        self.roll_label = _label("", 1.1)
        column.addWidget(self.roll_label)
        self.breakdown = _label("", 1.15)
        column.addWidget(self.breakdown)
        self.landings_label = _label("", 1.15, True)
        column.addWidget(self.landings_label)
        self.notes = _label("", 1.0)
        column.addWidget(self.notes)
        column.addStretch(1)

    def _build_kinds(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.long_button = QRadioButton("&Long jump")
        self.long_button.setToolTip("Feet equal to the result; halved without 2 spaces of run-up")
        self.high_button = QRadioButton("Hi&gh jump")
        self.high_button.setToolTip("Raise your centre of mass 4 inches × the result [S001]")
        for button in (self.long_button, self.high_button):
            button.toggled.connect(self._on_kind)
            row.addWidget(button)
        return row

    def _build_form(self) -> QFormLayout:
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow column
        self.result_spin = spin_box(
            -99, 999, 0, "The Jump result, typed (or rolled); +/− on the map"
        )
        self.result_spin.valueChanged.connect(self._on_result)
        form.addRow("Jump result", self.result_spin)
        dice_row = QHBoxLayout()
        self.dice_spin = spin_box(0, 12, 1, "How many d12 to roll (1 by default)")
        self.bonus_spin = spin_box(-99, 99, 0, "Added to the highest face")
        self.dice_spin.valueChanged.connect(lambda n: setattr(self.settings, "dice", n))
        self.bonus_spin.valueChanged.connect(lambda n: setattr(self.settings, "bonus", n))
        self.roll_button = QPushButton("R&oll")
        self.roll_button.setToolTip("Roll the dice plus the bonus; the faces are shown below")
        self.roll_button.clicked.connect(self.roll_requested)
        for widget in (self.dice_spin, QLabel("d12 +"), self.bonus_spin, self.roll_button):
            dice_row.addWidget(widget)
        form.addRow("Roll", dice_row)
        self.run_up_spin = spin_box(0, 99, 0, RUN_UP_TIP)
        self.run_up_spin.valueChanged.connect(self._on_run_up)
        form.addRow("Run-up spaces", self.run_up_spin)
        return form

    def sync_from_settings(self, token_name: str) -> None:
        """Show the settings (when the tool starts) for ``token_name``."""
        s = self.settings
        self.token_name = token_name
        self.title.setText(f"Jump — {token_name}")
        for widget, value in ((self.result_spin, s.result), (self.run_up_spin, s.run_up)):
            widget.blockSignals(True)
            widget.setValue(value)
            widget.blockSignals(False)
        self.long_button.blockSignals(True)
        self.high_button.blockSignals(True)
        self.long_button.setChecked(s.kind == "long")
        self.high_button.setChecked(s.kind == "high")
        self.long_button.blockSignals(False)
        self.high_button.blockSignals(False)
        self.roll_label.setText(s.roll_text or "Result typed (or press Roll)")

    def show_tool(self, tool: JumpTool) -> None:
        """Show the tool's reach, landing counts and notes (or its problem)."""
        self.sync_from_settings(self.token_name)
        self.show_wait(tool)
        if tool.reach is None or tool.landings is None:
            self.breakdown.setText(f"⚠ {tool.problem}")
            self.landings_label.setText("")
            self.notes.setText("")
            return
        self.breakdown.setText("\n".join(tool.reach.breakdown))
        found = tool.landings.landings
        paid = sum(1 for x in found if x.affordable)
        self.landings_label.setText(
            f"{paid} landing spaces this turn (solid), {len(found) - paid} stay in the air "
            f"(dashed); {len(tool.landings.refused)} refused (hover for why) · "
            f"{tool.landings.movement_left} Movement left"
        )
        self.notes.setText("\n".join(tool.landings.notes[1:]))

    def show_wait(self, tool: JumpTool) -> None:
        """The "Wait in the air" box: ticked as chosen, enabled where the declared landing
        space may wait (or to clear it), the reason when not in its tooltip and below."""
        problem = tool.wait_refusal()
        self.wait_box.blockSignals(True)
        self.wait_box.setChecked(tool.settings.wait)
        self.wait_box.blockSignals(False)
        self.wait_box.setEnabled(not problem or tool.settings.wait)
        self.wait_box.setToolTip(f"Not here: {problem}\n{WAIT_RULE}" if problem else WAIT_RULE)
        self.wait_label.setText(_wait_words(tool, problem))

    def _on_kind(self, _checked: bool) -> None:
        self.settings.kind = "high" if self.high_button.isChecked() else "long"
        self.changed.emit()

    def _on_result(self, value: int) -> None:
        self.settings.result = value
        self.settings.roll_text = ""
        self.changed.emit()

    def _on_run_up(self, value: int) -> None:
        self.settings.run_up = value
        self.changed.emit()


def _wait_words(tool: JumpTool, problem: str) -> str:
    """Below the box: where it may wait and how high, or why not."""
    if problem:
        return f"⚠ Can't wait in the air: {problem}"
    at = tool.declared
    landing = tool.landings.landing_at(at) if tool.landings and at is not None else None
    if landing is None:
        return "May wait in the air at its landing space: point at one on the map"
    verb = "Waits" if tool.settings.wait else "May wait"
    up = landing.wait_height
    return f"{verb} at {where(landing.anchor)}, {up} above the ground there, until its next turn"


class ShovePanel(QWidget):
    """The Shove tool's spaces, "first attack hits" and the preview in words."""

    spaces_changed = Signal(int)
    first_hits_changed = Signal(bool)
    breaks_free_changed = Signal(bool)
    apply_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        column = QVBoxLayout(self)
        self.title = _label("Shove", 1.3, True)
        column.addWidget(self.title)
        self.facing_label = _label("", 1.15)
        column.addWidget(self.facing_label)
        form = QFormLayout()
        self.spaces_spin = spin_box(1, MAX_SPACES, 1, "Spaces to push: the wheel or +/− on the map")
        self.spaces_spin.valueChanged.connect(self.spaces_changed)
        form.addRow("&Spaces", self.spaces_spin)
        column.addLayout(form)
        self.first_hits_box = QCheckBox("The first blind attack hits (H)")
        self.first_hits_box.setToolTip("Apply as if the first blind attack hits; else all miss")
        self.first_hits_box.toggled.connect(self.first_hits_changed)
        column.addWidget(self.first_hits_box)
        self.breaks_free_box = QCheckBox("It breaks free of the Hold (E)")
        self.breaks_free_box.setToolTip(
            "A creature in a Hold moves only if the push beats the Athletics of everyone "
            "else in it, with a d12 per space [S002]; else it stays"
        )
        self.breaks_free_box.toggled.connect(self.breaks_free_changed)
        column.addWidget(self.breaks_free_box)
        self.summary = _label("", 1.1)
        column.addWidget(self.summary)
        self.apply_button = QPushButton("Shove now (Enter)")
        self.apply_button.setToolTip("Move the token where the push ends: one undo step")
        self.apply_button.clicked.connect(self.apply_requested)
        column.addWidget(self.apply_button)
        column.addStretch(1)

    def show_tool(self, tool: ShoveTool, token_name: str) -> None:
        """Show the tool's facing, spaces, outcome and damage."""
        self.title.setText(f"Shove — {token_name}")
        self.facing_label.setText(
            f"Toward {tool.arrow()} (facing {tool.facing}): move the mouse around it, or ←/→"
        )
        for widget, value in (
            (self.spaces_spin, tool.spaces),
            (self.first_hits_box, tool.first_hits),
            (self.breaks_free_box, tool.breaks_free),
        ):
            widget.blockSignals(True)
            if isinstance(widget, QSpinBox):
                widget.setValue(int(value))
            else:
                widget.setChecked(bool(value))
            widget.blockSignals(False)
        self.breaks_free_box.setVisible(tool.hold_results() is not None)
        text = tool.summary().replace(" · ", "\n")
        self.summary.setText(f"{text}\n\n{tool.outcome_text()}" if tool.push else f"⚠ {text}")


class MovePanel(QWidget):
    """The move being dragged: its headline, then one line per step (where, how, the
    cost and every charge with its rule), the total, the rolls, the sound and who may
    Hinder — the breakdown the map's label leaves out."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        column = QVBoxLayout(self)
        self.title = _label("Move", 1.3, True)
        column.addWidget(self.title)
        self.headline = _label("Drag a creature to see its path here, step by step", 1.15)
        column.addWidget(self.headline)
        self.steps = _label("", 1.0)
        column.addWidget(self.steps)
        column.addStretch(1)

    def show_preview(self, preview: MovementPreview) -> None:
        """Show the plan ``preview`` draws now; keep the last one when the drag ends."""
        plan = preview.plan
        if plan is None:
            return
        self.title.setText(f"Move — {preview.name}")
        self.headline.setText(headline(plan, preview.name, preview.enforced))
        self.steps.setText("\n".join(step_lines(plan)))

    def step_texts(self) -> list[str]:
        """The lines shown under the headline."""
        text = self.steps.text()
        return text.split("\n") if text else []


class MovementDock(QDockWidget):
    """The move, Jump or Shove section: the last one used."""

    def __init__(self, settings: JumpSettings, parent: QWidget | None = None):
        super().__init__("Movement", parent)
        self.setObjectName("movement_dock")
        self.jump_panel = JumpPanel(settings)
        self.shove_panel = ShovePanel()
        self.move_panel = MovePanel()
        self._stack = QStackedWidget()
        self._stack.addWidget(self.jump_panel)
        self._stack.addWidget(self.shove_panel)
        self._stack.addWidget(self.move_panel)
        self.setWidget(self._stack)

    def follow(self, preview: MovementPreview) -> None:
        """Show each plan of ``preview`` (a drag's live movement) in the move section,
        which comes to the front of the dock (the dock itself is not raised: a drag does
        not change the GM's tabs)."""
        preview.changed.connect(lambda: self._on_preview(preview))

    def _on_preview(self, preview: MovementPreview) -> None:
        if preview.plan is None:
            return
        self.move_panel.show_preview(preview)
        self._stack.setCurrentWidget(self.move_panel)

    def show_section(self, panel: QWidget) -> None:
        """Show ``panel`` (the jump or shove panel) and raise the dock."""
        self._stack.setCurrentWidget(panel)
        self.show()
        self.raise_()
