"""TokenDialog: round trips, every field, clear refusals, pictures, and applying as one step."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from qt_helpers import png_bytes

from app.controllers.tokens import TokenController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.widgets.dialogs.token import (
    TokenDialog,
    edit_token_properties,
    format_footprint,
    parse_footprint,
)
from rules import Board, Hex, Token, TokenKind

OGRE = Token(
    "ogre-1",
    "Ogre",
    Hex(3, 3),
    size=1,
    side="enemy",
    color="#cc79a7",
    footprint_override=(Hex(0, 0), Hex(1, 0)),
    reach=2,
    movement_pool=6,
    movement_types=("land", "swim", "climb"),
    notes="grumpy",
)


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    board = Board.blank(12, 10).with_token(OGRE).with_terrain("blocked", [Hex(9, 3)], True)
    return MapDocument(board)


@pytest.fixture
def dialog(qtbot: QtBot) -> TokenDialog:
    widget = TokenDialog(OGRE, {})
    qtbot.addWidget(widget)
    return widget


def test_an_unchanged_dialog_gives_back_the_same_token(dialog: TokenDialog) -> None:
    assert dialog.result_token() == OGRE
    assert dialog.footprint_edit.text() == "0,0; 1,0"
    assert dialog.reach_edit.text() == "2"
    assert dialog.movement.primary.currentText() == "land"
    assert dialog.image_bytes() is None


def test_every_field_reaches_the_token(dialog: TokenDialog) -> None:
    dialog.name_edit.setText("  Ogre Chief ")
    dialog.size_spin.setValue(2)
    dialog.kind_combo.setCurrentText("object")
    dialog.side_combo.setCurrentText("ally")
    dialog.set_color("#0072B2")
    dialog.hidden_check.setChecked(True)
    dialog.footprint_edit.setText("")
    dialog.reach_edit.setText(" ")
    dialog.pool_spin.setValue(8)
    dialog.movement.checks["climb"].setChecked(False)
    dialog.movement.checks["fly"].setChecked(True)
    dialog.movement.primary.setCurrentText("fly")
    token = dialog.result_token()
    assert (token.id, token.position, token.notes) == ("ogre-1", Hex(3, 3), "grumpy")
    assert (token.name, token.size, token.kind, token.side) == (
        "Ogre Chief",
        2,
        TokenKind.OBJECT,
        "ally",
    )
    assert (token.color, token.hidden, token.footprint_override) == ("#0072b2", True, None)
    assert (token.reach, token.movement_pool) == (None, 8)
    assert token.movement_types == ("fly", "land", "swim")
    assert dialog.color_button.text() == "#0072b2"


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("name_edit", "   ", "Name: the token needs a name"),
        ("footprint_edit", "0,0; 1,x", "Footprint: '1,x' is not 'dq,dr'"),
        ("footprint_edit", "1,0; 2,0", "must include the anchor 0,0"),
        ("footprint_edit", "0,0; 0,0", "each space once"),
        ("reach_edit", "far", "Reach: 'far' is not a whole number"),
        ("reach_edit", "120", "Reach: 120 is outside 0..99"),
    ],
)
def test_invalid_input_is_named_and_keeps_the_dialog_open(
    qtbot: QtBot, dialog: TokenDialog, field: str, text: str, message: str
) -> None:
    getattr(dialog, field).setText(text)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        dialog.result_token()
    dialog.show()
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert message in dialog.error_label.text()


def test_at_least_one_movement_type(dialog: TokenDialog) -> None:
    for check in dialog.movement.checks.values():
        check.setChecked(False)
    assert dialog.movement.primary.count() == 0
    with pytest.raises(ValueError, match="Movement types: tick at least one"):
        dialog.result_token()


def test_ok_accepts_valid_input(qtbot: QtBot, dialog: TokenDialog) -> None:
    dialog.show()
    dialog.error_label.setText("old")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.error_label.text() == ""


def test_footprint_text_round_trip() -> None:
    offsets = (Hex(0, 0), Hex(1, 0), Hex(-1, 1))
    assert parse_footprint(format_footprint(offsets)) == offsets
    assert parse_footprint(" ") is None and format_footprint(None) == ""


def test_choosing_a_picture_file(dialog: TokenDialog, tmp_path: Path) -> None:
    good = tmp_path / "Ogre Face.png"
    good.write_bytes(png_bytes("#00ff00", 32))
    assert dialog.load_picture_file(good)
    assert dialog.image_bytes() == good.read_bytes()
    assert dialog.result_token().image == "Ogre Face.png"
    assert dialog.preview.pixmap() is not None and not dialog.preview.pixmap().isNull()
    bad = tmp_path / "notes.png"
    bad.write_text("not a picture", encoding="utf-8")
    assert not dialog.load_picture_file(bad)
    assert "not a PNG, JPEG or WebP" in dialog.error_label.text()
    assert not dialog.load_picture_file(tmp_path / "missing.png")
    assert "cannot read" in dialog.error_label.text()
    dialog.remove_picture_button.click()
    assert dialog.result_token().image is None and dialog.image_bytes() is None


def test_applying_is_one_undo_step_and_stores_the_picture(
    qtbot: QtBot, document: MapDocument, tmp_path: Path
) -> None:
    controller = TokenController(CurrentDocument(document))
    dialog = TokenDialog(document.board.token("ogre-1"), dict(document.board.images))
    qtbot.addWidget(dialog)
    picture = tmp_path / "face.png"
    picture.write_bytes(png_bytes("#ff0000"))
    dialog.load_picture_file(picture)
    dialog.size_spin.setValue(2)
    assert dialog.apply_to(controller)
    token = document.board.token("ogre-1")
    assert token.size == 2 and token.image == "face.png"
    assert document.board.images["face.png"] == picture.read_bytes()
    assert document.undo_stack.count() == 1 and document.undo_stack.text(0) == (
        "Edit Ogre: size, picture"  # what changed (issue #16)
    )
    document.undo_stack.undo()
    assert document.board.token("ogre-1") == OGRE and document.board.images == {}


def test_a_refused_edit_reports_and_changes_nothing(qtbot: QtBot, document: MapDocument) -> None:
    controller = TokenController(CurrentDocument(document))
    dialog = TokenDialog(OGRE, {})
    qtbot.addWidget(dialog)
    dialog.footprint_edit.setText("0,0; 6,0")  # reaches the wall at (9, 3)
    with qtbot.waitSignal(controller.refused) as refused:
        assert not dialog.apply_to(controller)
    assert "cannot stand in a wall at (9, 3)" in refused.args[0]
    assert document.undo_stack.count() == 0


def test_the_properties_flow_without_a_modal_loop(
    qtbot: QtBot, document: MapDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    controller = TokenController(CurrentDocument(document))

    def accept_with_a_new_name(self: TokenDialog) -> int:
        self.name_edit.setText("Grog")
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(TokenDialog, "exec", accept_with_a_new_name)
    assert edit_token_properties(controller, "ogre-1", None)
    assert document.board.token("ogre-1").name == "Grog"
    with qtbot.waitSignal(controller.refused):
        assert not edit_token_properties(controller, "ghost", None)
