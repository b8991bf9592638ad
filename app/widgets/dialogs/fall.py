"""The Fall calculator: what falling from here means for a token, and "Land now".

It shows :func:`rules.fall`'s answer in large type: the height, the drops (5 spaces as the
fall begins, 80 at the start of the first turn falling, 175 at each later one), the turns
until it lands, the landing space and its Ground Softness, the Collision damage with every
term of its breakdown, and the surfaces in Reach it may try to Climb — those are also
marked on the map (sky-blue dashed, dotted) while the dialog is open, the landing space
with a solid ring. A flyer may give a braking result (1 Movement). "Land now" applies
:meth:`app.controllers.movement.MovementController.fall` as one undo step; the damage is shown,
not applied.

"Catch a surface": [S001] "While falling, if there is a surface in Reach, roll Climb. If
you succeed to Climb that surface, stop falling and any Serious Injury caused from
Collision only affects the limbs used." The GM sets the Free Limbs it climbs with (2 by
default, at most its Free Limbs, :func:`rules.board.body.free_limbs`) and its hooves or feet,
how far it fell before grabbing, and types the Climb result; the DL, the bonus and what the
result means show as they change. "Catch" applies
:meth:`~app.controllers.movement.MovementController.catch_fall` (one undo step on a success; a
failed catch says so and it keeps falling).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers.movement import NOT_APPLIED, MovementController, catch_words, where
from app.scene.jump_items import TAKE_OFF, HexMarksItem
from app.widgets.panels.common import spin_box
from rules import Board, Fall, fall
from rules.board import MAX_LIMBS, FreeLimbs, free_limbs
from rules.movement import (
    CLIMB_FREE_LIMBS,
    CLIMB_NOTES,
    FALL_NOTES,
    ClimbRoll,
    climb_result,
    climb_roll_for,
)

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene

LANDING = QColor("#D55E00")  # Okabe–Ito vermillion: where it lands
ROWS = (
    "height",
    "stages",
    "turns",
    "landing",
    "softness",
    "damage",
    "breakdown",
    "armour",
    "climb",
)
ROW_TITLES = {
    "height": "Height",
    "stages": "Drops",
    "turns": "Turns to land",
    "landing": "Landing space",
    "softness": "Ground Softness",
    "damage": "Collision damage",
    "breakdown": "Breakdown",
    "armour": "Armour",
    "climb": "Climb surfaces in Reach",
}


def _font(widget: QWidget, scale: float, bold: bool = False) -> QFont:
    font = QFont(widget.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    return font


def _turns_text(turns: int | None) -> str:
    if turns is None:
        return "braking stops the fall: it flies on"
    return (
        "lands as the fall begins" if turns == 0 else f"lands at the start of turn {turns} falling"
    )


def _climb_text(result: Fall) -> str:
    climb = sorted(result.climb_surfaces, key=lambda h: (h.r, h.q))
    if not climb:
        return "none in Reach"
    shown = ", ".join(where(h) for h in climb[:8]) + (" …" if len(climb) > 8 else "")
    return f"{len(climb)}: {shown} — roll Climb DL {result.climb_dl} to grab one"


def climb_text(climb: ClimbRoll) -> str:
    """``"DL 6, bonus +1: 1 additional Free Limbs used: +1 each [S001]"``."""
    terms = "; ".join(t.reason for t in climb.terms)
    return f"DL {climb.dl}, bonus {climb.modifier:+d}" + (f": {terms}" if terms else "")


def limbs_text(limbs: FreeLimbs, name: str) -> str:
    """Beside the limbs box: how many are free and, when under 2, why it cannot Climb."""
    if limbs.free < CLIMB_FREE_LIMBS:
        return (
            f"⚠ {name} has {limbs.describe()}: Climb requires {CLIMB_FREE_LIMBS} Free Limbs [S001]"
        )
    return f"at most {limbs.describe()}"


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A form label whose mnemonic (``&``) focuses ``widget``."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label


def _set_range(spin: QSpinBox, low: int, high: int) -> None:
    """Change ``spin``'s range without a ``valueChanged`` (it may clamp the value)."""
    spin.blockSignals(True)
    spin.setRange(low, high)
    spin.blockSignals(False)


def fall_rows(result: Fall) -> dict[str, str]:
    """The dialog's rows as text, by row id (see :data:`ROWS`)."""
    drops = [
        f"{'Now' if s.turn == 0 else f'Turn {s.turn}'} ({s.when}): {s.spaces} spaces, "
        f"{s.height_left} left"
        for s in result.stages
    ]
    hit = result.collision
    return {
        "height": f"{result.height} spaces ({5 * result.height} ft)",
        "stages": "\n".join(drops) or "no drop",
        "turns": _turns_text(result.turns_to_land),
        "landing": f"{where(result.landing_anchor)}, ground elevation {result.landing_ground}",
        "softness": f"Tier {result.softness} (half, rounded down, comes off the damage)",
        "damage": f"{hit.damage} Bashing" if hit else "none",
        "breakdown": "\n".join(f"{t.amount:+d}  {t.reason}" for t in hit.breakdown) if hit else "—",
        "armour": f"each armour part takes {hit.armour_damage}" if hit else "—",
        "climb": _climb_text(result),
    }


class FallDialog(QDialog):
    """The fall of one token; "Land now" makes it land (one undo step)."""

    def __init__(
        self,
        controller: MovementController,
        token_id: str,
        scene: MapScene | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self._controller = controller
        self.token_id = token_id
        self._scene = scene
        self._marks: list[HexMarksItem] = []
        self.outcome: Fall | None = None
        self.problem = ""
        self.limbs = free_limbs(controller.board, token_id)
        self.catch_problem = ""  # why "Catch" is disabled ("" when it may be pressed)
        token = controller.board.token(token_id)
        self.setWindowTitle(f"Fall — {token.name}")
        self.setFont(_font(self, 1.15))
        self.setMinimumWidth(1100)  # the breakdown reads on one line a term, beside Catch
        column = QVBoxLayout(self)
        self.heading = QLabel(f"{token.name} falls from {token.motion.altitude} up")
        self.heading.setFont(_font(self, 1.35, True))
        column.addWidget(self.heading)
        body = QHBoxLayout()  # side by side: the fall, and catching it (fits 720 px high)
        body.addLayout(self._build_rows(token.movement_types), 3)
        body.addWidget(self._build_catch(), 2, Qt.AlignmentFlag.AlignTop)
        column.addLayout(body)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        column.addWidget(self.problem_label)
        self.notes = QLabel(f"Damage {NOT_APPLIED}.")
        self.notes.setWordWrap(True)
        self.notes.setFont(_font(self, 0.85))
        column.addWidget(self.notes)
        column.addWidget(self._build_buttons())
        controller.refused.connect(self._on_refused)
        self.finished.connect(self._on_finished)
        self.refresh()

    def _build_rows(self, types: tuple[str, ...]) -> QFormLayout:
        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for row in ROWS:
            label = QLabel()
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            if row == "damage":
                label.setFont(_font(self, 1.5, True))
            self.values[row] = label
            form.addRow(ROW_TITLES[row], label)
        self.braking_spin = QSpinBox()
        self.braking_spin.setRange(0, 999)
        can_fly = "fly" in types
        self.braking_spin.setEnabled(can_fly)
        self.braking_spin.setToolTip(
            "A flyer's braking result: pay 1 Movement to fall that many spaces less on this and "
            "later turns; down to 0, it stops falling and flies [S001]"
            if can_fly
            else "Only a creature with the Fly movement type can brake a fall [S001]"
        )
        self.braking_spin.valueChanged.connect(lambda _v: self.refresh())
        form.addRow("Braking (flyers)", self.braking_spin)
        return form

    def _build_catch(self) -> QGroupBox:
        """The "Catch a surface" part: limbs, hooves or feet, spaces fallen, the Climb DL
        and bonus, the typed result and what it means, and "Catch"."""
        box = QGroupBox("Catch a surface (roll Climb)")
        box.setToolTip(FALL_NOTES[2])
        form = QFormLayout(box)
        self.limbs_spin = spin_box(
            0,
            MAX_LIMBS,
            CLIMB_FREE_LIMBS,
            "Free Limbs it climbs with: 2 required, +1 on the roll for each more [S001]; at "
            "most its Free Limbs (limbs less those gripping, holding or keeping a spell Ready)",
        )
        self.limbs_label = QLabel()
        self.limbs_label.setWordWrap(True)
        limbs_row = QHBoxLayout()
        limbs_row.addWidget(self.limbs_spin)
        limbs_row.addWidget(self.limbs_label, 1)
        form.addRow(_buddy("Free Li&mbs used", self.limbs_spin), limbs_row)
        self.hooves_spin = spin_box(
            0, MAX_LIMBS, 0, "Hooves or feet it climbs with too: +1 each [S001]"
        )
        form.addRow("&Hooves or feet used", self.hooves_spin)
        self.fallen_spin = spin_box(
            0,
            0,
            0,
            "How far it falls before it grabs the surface (0: as the fall begins); the "
            "Collision of the catch is the falling damage of those spaces",
        )
        self.fallen_spin.setSuffix(" spaces")
        form.addRow("Caught after &falling", self.fallen_spin)
        self.climb_label = QLabel()
        self.climb_label.setWordWrap(True)
        form.addRow("Climb", self.climb_label)
        self.climb_spin = spin_box(
            -99, 999, 0, "The Climb roll's result, its bonus added: DL 6 or more catches it"
        )
        self.catch_button = QPushButton("Ca&tch")
        self.catch_button.clicked.connect(self.catch)
        result_row = QHBoxLayout()
        result_row.addWidget(self.climb_spin)
        result_row.addWidget(self.catch_button)
        result_row.addStretch(1)
        form.addRow(_buddy("Climb &result", self.climb_spin), result_row)
        self.catch_label = QLabel()
        self.catch_label.setWordWrap(True)
        form.addRow("", self.catch_label)
        for spin in (self.limbs_spin, self.hooves_spin, self.fallen_spin, self.climb_spin):
            spin.valueChanged.connect(lambda _v: self._refresh_catch())
        return box

    def _build_buttons(self) -> QDialogButtonBox:
        buttons = QDialogButtonBox()
        self.land_button = QPushButton("&Land now")
        self.land_button.setDefault(True)
        buttons.addButton(self.land_button, QDialogButtonBox.ButtonRole.AcceptRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setToolTip("Close without changing the map (Esc)")
        self.land_button.clicked.connect(self.land)
        close.clicked.connect(self.reject)
        return buttons

    # -- the rules' answer -----------------------------------------------------------------
    def refresh(self) -> None:
        """Ask :func:`rules.fall` again (braking changed)."""
        board = self._controller.board
        self.outcome, self.problem = None, ""
        try:
            self.outcome = fall(board, self.token_id, braking=self.braking_spin.value())
        except (ValueError, KeyError) as error:
            self.problem = str(error)
        rows = fall_rows(self.outcome) if self.outcome else dict.fromkeys(ROWS, "—")
        for row, text in rows.items():
            self.values[row].setText(text)
        self.problem_label.setText(f"⚠ {self.problem}" if self.problem else "")
        self.land_button.setEnabled(self.outcome is not None)
        self.land_button.setToolTip(
            self.problem or "Land (or brake) now: one undo step; the damage is not applied"
        )
        self._refresh_catch()
        self._mark_map()

    def climb(self) -> ClimbRoll:
        """The Climb roll with the limbs, hooves and feet set, against its Free Limbs."""
        board = self._controller.board
        return climb_roll_for(
            board, self.token_id, self.limbs_spin.value(), self.hooves_spin.value()
        )

    def _refresh_catch(self) -> None:
        """The catch part after a change: the limbs cap, the DL and bonus, whether "Catch"
        may be pressed (or why not), and what the typed result means."""
        board = self._controller.board
        name = board.token(self.token_id).name
        self.limbs = free_limbs(board, self.token_id)
        low = min(CLIMB_FREE_LIMBS, self.limbs.free)
        _set_range(self.limbs_spin, low, max(low, self.limbs.free))
        self.limbs_label.setText(limbs_text(self.limbs, name))
        caught, self.catch_problem = self._fall_to_catch(board, name)
        _set_range(self.fallen_spin, 0, max(0, caught.height - 1) if caught else 0)
        climb = self.climb()
        self.climb_label.setText(climb_text(climb))
        if not self.catch_problem and climb.refusal:
            self.catch_problem = climb.refusal  # the limbs' line above says why
        self.catch_button.setEnabled(not self.catch_problem)
        self.catch_button.setToolTip(
            self.catch_problem
            or "Catch the surface with this Climb result: on a success it stops falling and "
            f"climbs (one undo step), the Collision shown, not applied. {CLIMB_NOTES[1]}"
        )
        self.catch_label.setText(self._catch_said(climb, name))

    def _catch_said(self, climb: ClimbRoll, name: str) -> str:
        """What the typed result means, or why there is no catch (unless said above)."""
        if self.catch_problem:
            return "" if self.catch_problem == self.problem else f"⚠ {self.catch_problem}"
        return catch_words(climb_result(self.climb_spin.value(), climb), name)

    def _fall_to_catch(self, board: Board, name: str) -> tuple[Fall | None, str]:
        """The fall a catch stops (without braking), or why there is nothing to catch."""
        try:
            caught = fall(board, self.token_id)
        except (ValueError, KeyError) as error:
            return None, str(error)
        if not caught.climb_surfaces:
            return caught, f"no surface in Reach of {name} to Climb [S001]"
        return caught, ""

    def catch(self) -> bool:
        """Catch a surface with the typed Climb result; closes the dialog if it did."""
        done = self._controller.catch_fall(
            self.token_id,
            self.climb_spin.value(),
            self.limbs_spin.value(),
            self.hooves_spin.value(),
            self.fallen_spin.value(),
        )
        if done:
            self.accept()
        return done

    def land(self) -> bool:
        """Apply the fall; closes the dialog if it was applied."""
        done = self._controller.fall(self.token_id, self.braking_spin.value())
        if done:
            self.accept()
        return done

    # -- map marks -------------------------------------------------------------------------
    def _mark_map(self) -> None:
        self._clear_marks()
        if self._scene is None or self.outcome is None:
            return
        geometry = self._scene.geometry
        self._marks = [HexMarksItem(geometry, self.outcome.climb_surfaces, TAKE_OFF)]
        self._marks.append(
            HexMarksItem(
                geometry,
                [self.outcome.landing_anchor],
                LANDING,
                Qt.PenStyle.SolidLine,
                Qt.BrushStyle.NoBrush,
            )
        )
        for item in self._marks:
            self._scene.addItem(item)

    @property
    def marks(self) -> list[HexMarksItem]:
        """The items marking the map: climb surfaces, then the landing space."""
        return list(self._marks)

    def _clear_marks(self) -> None:
        for item in self._marks:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._marks = []

    def _on_refused(self, reason: str) -> None:
        self.problem_label.setText(f"⚠ {reason}")

    def _on_finished(self, _code: int) -> None:
        self._clear_marks()
        self._controller.refused.disconnect(self._on_refused)
