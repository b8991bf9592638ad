"""The Fall calculator: what falling from here means for a token, and "Land now".

It shows :func:`rules.fall`'s answer in large type: the height, the drops (5 spaces as the
fall begins, 80 at the start of the first turn falling, 175 at each later one), the turns
until it lands, the landing space and its Ground Softness, the Collision damage with every
term of its breakdown, and the surfaces in Reach it may try to Climb — those are also
marked on the map (sky-blue dashed, dotted) while the dialog is open, the landing space
with a solid ring. A flyer may give a braking result (1 Movement). "Land now" applies
:meth:`app.movement_actions.MovementActions.fall` as one undo step; the damage is shown,
not applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.movement_actions import NOT_APPLIED, MovementActions, where
from app.scene.jump_items import TAKE_OFF, HexMarksItem
from rules import Fall, fall

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
        "breakdown": "\n".join(f"{a:+d}  {why}" for a, why in hit.breakdown) if hit else "—",
        "armour": f"each armour part takes {hit.armour_damage}" if hit else "—",
        "climb": _climb_text(result),
    }


class FallDialog(QDialog):
    """The fall of one token; "Land now" makes it land (one undo step)."""

    def __init__(
        self,
        actions: MovementActions,
        token_id: str,
        scene: MapScene | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self._actions = actions
        self.token_id = token_id
        self._scene = scene
        self._marks: list[HexMarksItem] = []
        self.outcome: Fall | None = None
        self.problem = ""
        token = actions.document.board.token(token_id)
        self.setWindowTitle(f"Fall — {token.name}")
        self.setFont(_font(self, 1.15))
        self.setMinimumWidth(680)  # the breakdown reads on one line a term
        column = QVBoxLayout(self)
        self.heading = QLabel(f"{token.name} falls from {token.motion.altitude} up")
        self.heading.setFont(_font(self, 1.35, True))
        column.addWidget(self.heading)
        column.addLayout(self._build_rows(token.movement_types))
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        column.addWidget(self.problem_label)
        self.notes = QLabel(f"Damage {NOT_APPLIED}.")
        self.notes.setWordWrap(True)
        self.notes.setFont(_font(self, 0.85))
        column.addWidget(self.notes)
        column.addWidget(self._build_buttons())
        actions.refused.connect(self._on_refused)
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
        board = self._actions.document.board
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
        self._mark_map()

    def land(self) -> bool:
        """Apply the fall; closes the dialog if it was applied."""
        done = self._actions.fall(self.token_id, self.braking_spin.value())
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
        self._actions.refused.disconnect(self._on_refused)
