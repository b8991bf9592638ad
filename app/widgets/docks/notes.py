"""The Labels & Notes dock: every label and note of the map, to add, edit and delete.

Labels are written on the map; notes hang on a hex or a token. Each is visible to players
or GM-only (the player view leaves GM-only ones out). The dialog flows are thin wrappers
around methods tests call with explicit values.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QGridLayout,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.controllers.map import MapController
from app.document.current import CurrentDocument
from app.scene.map_scene import MapScene
from rules import Hex
from rules.board import Label


class AnnotationDialog(QDialog):
    """Text and "GM only" for a label or a note."""

    def __init__(
        self, title: str, text: str = "", gm_only: bool = False, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.text_box = QPlainTextEdit(text)
        self.gm_box = QCheckBox("GM only (not on the player view)")
        self.gm_box.setChecked(gm_only)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        for widget in (self.text_box, self.gm_box, buttons):
            column.addWidget(widget)

    def values(self) -> tuple[str, bool]:
        """The text and the GM-only flag as entered."""
        return self.text_box.toPlainText().strip(), self.gm_box.isChecked()


class NotesDock(QDockWidget):
    """Lists the open map's labels and notes; adds them where the mouse last was or on the
    selection."""

    def __init__(
        self,
        current: CurrentDocument,
        scene: MapScene,
        controller: MapController,
        parent: QWidget | None = None,
    ):
        super().__init__("Labels && Notes", parent)
        self.setObjectName("notes_dock")
        self._current = current
        self._scene = scene
        self._controller = controller
        self.list = QListWidget()
        self.list.setToolTip("Double-click to edit")
        self.list.itemDoubleClicked.connect(lambda _item: self.edit_dialog())
        buttons = QGridLayout()  # two by two: the dock column stays narrow
        for index, (text, tip, slot) in enumerate(
            (
                ("Label…", "Write a label at the hex under the mouse", self.add_label_dialog),
                (
                    "Note…",
                    "Attach a note to the selected token, or to the hex under the mouse",
                    self.add_note_dialog,
                ),
                ("Edit…", "Change the selected label or note", self.edit_dialog),
                ("Delete", "Delete the selected label or note", self.delete_selected),
                (
                    "Open Door",
                    "Open the selected door: its walls go and its label with them (O over "
                    "the map opens the door under the mouse)",
                    self.open_selected_door,
                ),
            )
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            buttons.addWidget(button, index // 2, index % 2)
        self.open_door_button = button
        self.list.currentItemChanged.connect(lambda *_: self._follow_selection())
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addWidget(self.list)
        column.addLayout(buttons)
        self.setWidget(body)
        current.changed.connect(lambda change: change.annotations and self.refresh())
        self.refresh()

    def refresh(self) -> None:
        """List the current labels and notes."""
        board = self._current.board
        self.list.clear()
        for label in board.labels.values():
            self._add_row(label.id, _label_row(label), label.gm_only)
        for note in board.notes.values():
            where = (
                f"on {board.token(note.token_id).name}"
                if note.token_id
                else f"at ({note.hex.q}, {note.hex.r})"
                if note.hex
                else ""
            )
            self._add_row(note.id, f"Note {where}: {note.text}", note.gm_only)
        self._follow_selection()

    def _follow_selection(self) -> None:
        door = self._current.board.labels.get(self.selected_id() or "")
        self.open_door_button.setEnabled(door is not None and door.is_door)

    def _add_row(self, annotation_id: str, text: str, gm_only: bool) -> None:
        item = QListWidgetItem(f"{text}  [GM only]" if gm_only else text)
        item.setData(Qt.ItemDataRole.UserRole, annotation_id)
        item.setToolTip(text)
        self.list.addItem(item)

    def selected_id(self) -> str | None:
        """The id of the label or note selected in the list."""
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def _target_hex(self) -> Hex:
        board = self._current.board
        return self._scene.hovered_hex or board.hex_at(board.width // 2, board.height // 2)

    # -- flows tests call directly ---------------------------------------------------------
    def add_label(self, text: str, gm_only: bool = False) -> str | None:
        """Write a label at the hex under the mouse (or the map's middle)."""
        return self._controller.add_label(text, self._target_hex(), gm_only)

    def add_note(self, text: str, gm_only: bool = True) -> str | None:
        """Attach a note to the one selected token, else to the hex under the mouse."""
        selection = self._scene.selection
        if len(selection) == 1:
            return self._controller.add_note(text, token_id=selection[0], gm_only=gm_only)
        return self._controller.add_note(text, at=self._target_hex(), gm_only=gm_only)

    def open_selected_door(self) -> bool:
        """Open the door selected in the list (one undo step)."""
        label_id = self.selected_id()
        return label_id is not None and self._controller.open_door(label_id)

    def delete_selected(self) -> None:
        """Delete the label or note selected in the list."""
        annotation_id = self.selected_id()
        if annotation_id:
            self._controller.delete_annotation(annotation_id)

    # -- dialogs ---------------------------------------------------------------------------
    def add_label_dialog(self) -> None:
        """Label… button."""
        dialog = AnnotationDialog("New label", parent=self)
        if dialog.exec():
            self.add_label(*dialog.values())

    def add_note_dialog(self) -> None:
        """Note… button."""
        dialog = AnnotationDialog("New note", gm_only=True, parent=self)
        if dialog.exec():
            self.add_note(*dialog.values())

    def edit_dialog(self) -> None:
        """Edit… button or a double-click."""
        annotation_id = self.selected_id()
        if annotation_id is None:
            return
        board = self._current.board
        old = board.labels.get(annotation_id) or board.notes[annotation_id]
        dialog = AnnotationDialog("Edit", old.text, old.gm_only, parent=self)
        if dialog.exec():
            self._controller.edit_annotation(annotation_id, *dialog.values())


def _label_row(label: Label) -> str:
    """A label's line in the list; a closed door says how many wall hexes it opens."""
    if label.is_door:
        count = len(label.door)
        return f"Door: {label.text} ({count} wall {'hex' if count == 1 else 'hexes'})"
    return f"Label: {label.text}"
