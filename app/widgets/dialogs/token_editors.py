"""The token dialog's checklist editors: names ticked with a primary one chosen, as a tuple
primary first — the movement types ([S001]) and the senses a creature chooses targets with
([P-SENSES], :mod:`rules.board.body`)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from rules.board import MOVEMENT_TYPES, SENSES


class PrimaryFirstEditor(QWidget):
    """A checkbox per name and a combo choosing the primary one: a tuple, primary first."""

    LABEL = "Names"  # how an error names the field
    NAMES: tuple[str, ...] = ()

    def __init__(self, chosen: tuple[str, ...], parent: QWidget | None = None):
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.checks = {name: QCheckBox(name) for name in self.NAMES}
        for name, check in self.checks.items():
            check.setChecked(name in chosen)
            check.setToolTip(self.check_tip(name))
            check.toggled.connect(self._refill_primary)
            row.addWidget(check)
        self.primary = QComboBox()
        self.primary.setToolTip(self.primary_tip())
        row.addWidget(QLabel("primary:"))
        row.addWidget(self.primary)
        self._refill_primary()
        self.primary.setCurrentText(chosen[0] if chosen else "")

    def check_tip(self, name: str) -> str:
        return name

    def primary_tip(self) -> str:
        return "The primary one"

    def _refill_primary(self) -> None:
        current = self.primary.currentText()
        self.primary.clear()
        self.primary.addItems([n for n, c in self.checks.items() if c.isChecked()])
        self.primary.setCurrentText(current)

    def chosen(self) -> tuple[str, ...]:
        """The ticked names, primary first; raises ValueError if none is ticked."""
        ticked = [n for n, c in self.checks.items() if c.isChecked()]
        if not ticked:
            raise ValueError(f"{self.LABEL}: tick at least one")
        first = self.primary.currentText() or ticked[0]
        return (first, *[n for n in ticked if n != first])


class MovementTypesEditor(PrimaryFirstEditor):
    """A checkbox per movement type and a combo choosing the primary one."""

    LABEL = "Movement types"
    NAMES = MOVEMENT_TYPES

    def check_tip(self, name: str) -> str:
        return f"It can move by {name}"

    def primary_tip(self) -> str:
        return "The primary movement type costs least (Land by default)"

    def types(self) -> tuple[str, ...]:
        """The ticked types, primary first; raises ValueError if none is ticked."""
        return self.chosen()


class SensesEditor(PrimaryFirstEditor):
    """A checkbox per sense ([P-SENSES]) and a combo choosing the Primary Sense."""

    LABEL = "Senses"
    NAMES = SENSES

    def check_tip(self, name: str) -> str:
        return (
            f"It can choose targets by {name}. Concealment hides from some senses (fog and "
            "darkness: sight, noise: sound); it aims with the least concealed one [S000]"
        )

    def primary_tip(self) -> str:
        return (
            "Its Primary Sense (sight for a humanoid): choosing a target by another sense "
            "needs Awareness beating the DL by 9, not 3 [P-BATTLE]"
        )
