"""The Quick Tour: one screen saying what the GM does, shown once at the first start.

:func:`offer_tour` shows it unless the settings say it was seen (:data:`SEEN_KEY`), and
marks it seen as it shows it, so it never comes back by itself ("Don't show again" is
implied); Help → Quick Tour shows it again (:func:`show_tour`). It is not modal, so it
never holds up the window or a scripted run; Esc or Close dismisses it.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

__all__ = ["SEEN_KEY", "TourDialog", "offer_tour", "show_tour"]

SEEN_KEY = "tour/seen"
"""The setting that says the tour was shown once (a test's settings set it to skip it)."""

STEPS = (
    ("Drag", "a token to move it; the Token Library's templates onto the map to add one."),
    ("Right-click", "a creature for its Movement and Actions (Strike, Shove, Jump…)."),
    ("A", "aims an Area (Line, Cone, Burst, Aura) from the selected token; ← → rotate it."),
    ("M", "measures in spaces and feet, with waypoints."),
    ("F8 / F9", "start the conflict and run the turns (Turn Order dock)."),
    ("F5", "opens the Player Window for the table or a second screen."),
    ("Esc", "always goes back to Select; the Tools toolbar shows the tool in use."),
    ("F1", "lists every key."),
)
"""What the tour says: ``(key or gesture, what it does)``."""


class TourDialog(QDialog):
    """The tour's one screen."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Quick Tour — Hexweave")
        self.setObjectName("tour_dialog")
        column = QVBoxLayout(self)
        title = QLabel("<h2>Welcome to Hexweave</h2>The GM's map for Rising Legends. In short:")
        column.addWidget(title)
        rows = "".join(
            f"<tr><td style='padding:3px 12px 3px 0'><b>{key}</b></td><td>{text}</td></tr>"
            for key, text in STEPS
        )
        self.body = QLabel(f"<table>{rows}</table>")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        column.addWidget(self.body)
        column.addWidget(QLabel("Help → Quick Tour shows this again."))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        self.setMinimumWidth(640)


def show_tour(parent: QWidget | None, shown: TourDialog | None = None) -> TourDialog:
    """Show the tour (``shown``, if it is still open, comes to the front) and return it."""
    dialog = shown if shown is not None else TourDialog(parent)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def offer_tour(parent: QWidget | None, settings: QSettings) -> TourDialog | None:
    """The first start's tour: shown (and marked seen) unless ``settings`` say it was seen."""
    if settings.value(SEEN_KEY, False, type=bool):
        return None
    settings.setValue(SEEN_KEY, True)
    return show_tour(parent)
