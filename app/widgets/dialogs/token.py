"""TokenDialog: a token's properties — name, size, kind, side, colour, hidden, picture,
footprint override and the stats later rules use (Reach, Movement Pool, movement types) and
its body (the senses it chooses targets with, its limbs and those gripping an object, the
words it can speak in a round; :mod:`rules.board.body`).

The dialog edits a copy: :meth:`TokenDialog.result_token` returns the edited token or
raises ``ValueError`` saying what is wrong; OK shows that message beside the buttons and
keeps the dialog open. :func:`edit_token_properties` runs it and applies the result
through :class:`~app.controllers.tokens.TokenController` as one undo step. Tests drive the
dialog's widgets and call :meth:`~TokenDialog.apply_to` without ``exec()``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers.tokens import TokenController
from app.scene.style import readable_text_color
from app.widgets.dialogs.token_editors import MovementTypesEditor, SensesEditor
from app.widgets.panels.common import spin_box
from rules import Hex, MapFileError, Token, TokenKind
from rules.board import MAX_LIMBS, MAX_SIZE, MAX_WORDS, MIN_SIZE, SIDES
from rules.mapfile import picture_size
from rules.prep import MAX_IMAGE_BYTES

PREVIEW = 64
MAX_PICTURE_SIDE = 4096


def parse_reach(text: str) -> int | None:
    """Blank → ``None`` (from size); otherwise 0..99 spaces, else ValueError."""
    if not text.strip():
        return None
    try:
        reach = int(text)
    except ValueError:
        raise ValueError(f"Reach: {text.strip()!r} is not a whole number of spaces") from None
    if not 0 <= reach <= 99:
        raise ValueError(f"Reach: {reach} is outside 0..99 spaces")
    return reach


def parse_footprint(text: str) -> tuple[Hex, ...] | None:
    """``"0,0; 1,0"`` → offsets from the anchor; blank → ``None`` (from size).

    Raises ValueError naming the part that is not ``dq,dr``, a repeated space, or a list
    without the anchor ``0,0``.
    """
    parts = [part.strip() for part in text.split(";") if part.strip()]
    if not parts:
        return None
    offsets = []
    for part in parts:
        try:
            dq, dr = (int(value) for value in part.split(","))
        except ValueError:
            raise ValueError(f"Footprint: {part!r} is not 'dq,dr' (two whole numbers)") from None
        offsets.append(Hex(dq, dr))
    if Hex(0, 0) not in offsets:
        raise ValueError("Footprint: the list must include the anchor 0,0")
    if len(set(offsets)) != len(offsets) or max(h.length() for h in offsets) > 12:
        raise ValueError("Footprint: each space once, at most 12 spaces from the anchor")
    return tuple(offsets)


def format_footprint(offsets: tuple[Hex, ...] | None) -> str:
    """The text :func:`parse_footprint` reads back; blank for ``None``."""
    return "; ".join(f"{h.q},{h.r}" for h in offsets or ())


def read_picture_file(path: Path) -> bytes:
    """The bytes of a PNG, JPEG or WebP picture file, checked before it is decoded."""
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise ValueError(f"Picture: {path.name} is over {MAX_IMAGE_BYTES // 2**20} MB")
        data = path.read_bytes()
    except OSError as error:
        raise ValueError(f"Picture: cannot read {path.name}: {error.strerror}") from None
    try:  # the same header check the map file applies to every stored picture
        width, height = picture_size(data, path.name)
    except MapFileError as error:
        raise ValueError(f"Picture: {error}") from None
    if max(width, height) > MAX_PICTURE_SIDE:
        raise ValueError(f"Picture: {path.name} is larger than {MAX_PICTURE_SIDE} pixels a side")
    return data


class TokenDialog(QDialog):
    """Edits one token's properties; ``images`` are the map's stored pictures (by name)."""

    def __init__(
        self, token: Token, images: dict[str, bytes] | None = None, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setWindowTitle(f"Token Properties — {token.name}")
        self._original = token
        self._images = dict(images or {})
        self._color = token.color
        self._image_name = token.image
        self._image_bytes: bytes | None = None  # a newly chosen picture, not yet in the map
        form = QFormLayout()
        self._build_identity(form, token)
        self._build_looks(form, token)
        self._build_stats(form, token)
        self._build_buttons()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(self._button_row)
        self._show_color()
        self._show_picture()

    # -- assembly ------------------------------------------------------------------------
    def _build_identity(self, form: QFormLayout, token: Token) -> None:
        self.name_edit = QLineEdit(token.name)
        self.name_edit.setToolTip("The token's name; its initials are drawn without a picture")
        self.size_spin = QSpinBox()
        self.size_spin.setRange(MIN_SIZE, MAX_SIZE)
        self.size_spin.setValue(token.size)
        self.size_spin.setToolTip("Size −4 (turtle) … 0 (humanoid) … 6 (colossus)")
        self.kind_combo = _combo([k.value for k in TokenKind], token.kind.value)
        self.kind_combo.setToolTip("A creature acts and stays out of walls; an object does not")
        self.side_combo = _combo(list(SIDES), token.side)
        self.side_combo.setToolTip("Whose side it is on: the ring's colour and dash pattern")
        self.hidden_check = QCheckBox("Hidden from players")
        self.hidden_check.setChecked(token.hidden)
        self.hidden_check.setToolTip("Not shown on the player view")
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Size:", self.size_spin)
        form.addRow("&Kind:", self.kind_combo)
        form.addRow("S&ide:", self.side_combo)
        form.addRow("", self.hidden_check)

    def _build_looks(self, form: QFormLayout, token: Token) -> None:
        self.color_button = QPushButton()
        self.color_button.setToolTip("The disc's colour when the token has no picture")
        self.color_button.clicked.connect(self._on_color_button_clicked)
        self.preview = QLabel()
        self.preview.setFixedSize(QSize(PREVIEW, PREVIEW))
        self.preview.setToolTip("The token's picture")
        choose = QPushButton("Choose…")
        choose.setToolTip("Use a PNG, JPEG or WebP picture from a file")
        choose.clicked.connect(self._on_choose_button_clicked)
        self.remove_picture_button = QPushButton("Remove")
        self.remove_picture_button.setToolTip("Draw the token's initials instead of a picture")
        self.remove_picture_button.clicked.connect(lambda: self.set_picture(None))
        row = QHBoxLayout()
        for widget in (self.preview, choose, self.remove_picture_button):
            row.addWidget(widget)
        row.addStretch(1)
        self.footprint_edit = QLineEdit(format_footprint(token.footprint_override))
        self.footprint_edit.setPlaceholderText("from size — or offsets like 0,0; 1,0")
        self.footprint_edit.setToolTip(
            "Leave blank for the size's footprint (RULES-DIGEST §4.3), or list the spaces "
            "it fills as dq,dr offsets from its anchor, separated by ';' (must include 0,0)"
        )
        form.addRow("&Colour:", self.color_button)
        form.addRow("Picture:", row)
        form.addRow("&Footprint:", self.footprint_edit)

    def _build_stats(self, form: QFormLayout, token: Token) -> None:
        self.reach_edit = QLineEdit("" if token.reach is None else str(token.reach))
        self.reach_edit.setPlaceholderText("from size")
        self.reach_edit.setToolTip("Spaces it can reach; blank = from size (RULES-DIGEST §4.2)")
        self.pool_spin = QSpinBox()
        self.pool_spin.setRange(0, 99)
        self.pool_spin.setValue(token.movement_pool)
        self.pool_spin.setToolTip("Movement Pool: 5 unless the species changes it (§3.2)")
        self.movement = MovementTypesEditor(token.movement_types, self)
        form.addRow("&Reach:", self.reach_edit)
        form.addRow("&Movement Pool:", self.pool_spin)
        form.addRow("Movement types:", self.movement)
        self._build_body(form, token)

    def _build_body(self, form: QFormLayout, token: Token) -> None:
        self.senses = SensesEditor(token.senses, self)
        self.limbs_spin = spin_box(
            0,
            MAX_LIMBS,
            token.limbs,
            "Limbs it can hold, attack or climb with: 2 for a humanoid (its arms). Its Free "
            "Limbs are these less those gripping an object, holding a creature or keeping "
            "a Ready effect [S002]",
        )
        self.gripping_spin = spin_box(
            0,
            MAX_LIMBS,
            token.gripping,
            "Limbs gripping a weapon, shield or other object: they are not Free (a Spell "
            "needs a Free Limb, [S002]); a Disarm frees them",
        )
        self.words_spin = spin_box(
            0,
            MAX_WORDS,
            token.words.per_round,
            "Words it can speak in a round (10 unless set): a Spell costs 1, Boosted 2 "
            "[S002]; 0 for a creature that cannot speak",
        )
        form.addRow("Se&nses:", self.senses)
        form.addRow("&Limbs:", self.limbs_spin)
        form.addRow("Limbs &gripping:", self.gripping_spin)
        form.addRow("&Words a round:", self.words_spin)

    def _build_buttons(self) -> None:
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #D55E00; font-weight: bold;")
        self.error_label.setToolTip("What must be fixed before OK can apply the changes")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._button_row = QHBoxLayout()
        self._button_row.addWidget(self.error_label, 1)
        self._button_row.addWidget(self.buttons)

    # -- values --------------------------------------------------------------------------------
    def set_color(self, color: str) -> None:
        """Use ``color`` (``#rrggbb``) for the disc."""
        self._color = QColor(color).name()
        self._show_color()

    def set_picture(self, data: bytes | None, name: str = "picture.png") -> None:
        """Show picture ``data`` (named ``name`` in the map), or none."""
        self._image_bytes = data
        self._image_name = name if data is not None else None
        self._show_picture()

    def load_picture_file(self, path: Path) -> bool:
        """Use the picture in ``path``; False (with the reason shown) if it cannot be used."""
        try:
            data = read_picture_file(Path(path))
        except ValueError as error:
            self.error_label.setText(str(error))
            return False
        self.set_picture(data, Path(path).name)
        self.error_label.clear()
        return True

    def image_bytes(self) -> bytes | None:
        """A newly chosen picture's bytes, or None if the picture is unchanged or removed."""
        return self._image_bytes

    def result_token(self) -> Token:
        """The token as edited. Raises ``ValueError`` with a message naming the field."""
        name = self.name_edit.text().strip()
        if not name:
            raise ValueError("Name: the token needs a name")
        limbs, gripping = self.limbs_spin.value(), self.gripping_spin.value()
        if gripping > limbs:
            raise ValueError(f"Limbs gripping: {gripping} is more than its {limbs} limbs")
        return replace(
            self._original,
            name=name,
            size=self.size_spin.value(),
            kind=TokenKind(self.kind_combo.currentText()),
            side=self.side_combo.currentText(),
            color=self._color,
            hidden=self.hidden_check.isChecked(),
            image=self._image_name,
            footprint_override=parse_footprint(self.footprint_edit.text()),
            reach=parse_reach(self.reach_edit.text()),
            movement_pool=self.pool_spin.value(),
            movement_types=self.movement.types(),
            senses=self.senses.chosen(),
            limbs=limbs,
            gripping=gripping,
            words=replace(self._original.words, per_round=self.words_spin.value()),
        )

    def apply_to(self, controller: TokenController) -> bool:
        """Apply the edited token through ``controller`` (one undo step); False if refused."""
        return controller.update_token(self._original.id, self.result_token(), self._image_bytes)

    def accept(self) -> None:
        try:
            self.result_token()
        except ValueError as error:
            self.error_label.setText(str(error))
            return
        self.error_label.clear()
        super().accept()

    # -- display and slots -------------------------------------------------------------------
    def _show_color(self) -> None:
        self.color_button.setText(self._color)
        ink = readable_text_color(QColor(self._color)).name()
        self.color_button.setStyleSheet(f"background: {self._color}; color: {ink}; padding: 4px;")

    def _show_picture(self) -> None:
        data = self._image_bytes
        if data is None and self._image_name is not None:
            data = self._images.get(self._image_name)
        image = QImage.fromData(data) if data else QImage()
        if image.isNull():
            self.preview.setText("none")
            self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        else:
            scaled = image.scaled(PREVIEW, PREVIEW, Qt.AspectRatioMode.KeepAspectRatio)
            self.preview.setPixmap(QPixmap.fromImage(scaled))
        self.remove_picture_button.setEnabled(self._image_name is not None)

    def _on_color_button_clicked(self) -> None:
        color = QColorDialog.getColor(QColor(self._color), self, "Token colour")
        if color.isValid():
            self.set_color(color.name())

    def _on_choose_button_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Token Picture", "", "Pictures (*.png *.jpg *.jpeg *.webp)"
        )
        if path:
            self.load_picture_file(Path(path))


def _combo(values: list[str], current: str) -> QComboBox:
    combo = QComboBox()
    combo.addItems(values)
    combo.setCurrentText(current)
    return combo


def edit_token_properties(
    controller: TokenController, token_id: str, parent: QWidget | None
) -> bool:
    """Show the dialog for ``token_id`` (modal) and apply it; True if the token changed."""
    board = controller.board
    if token_id not in board.tokens:
        controller.refused.emit("Select a token to edit its properties")
        return False
    dialog = TokenDialog(board.token(token_id), dict(board.images), parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    return dialog.apply_to(controller)
