"""TokenDialog: a token's body — the senses it chooses targets with (Primary Sense first),
its limbs and those gripping an object, the words it can speak in a round — with tooltips,
named refusals, and applied as one undo step like the dialog's other fields."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from app.controllers.tokens import TokenController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.widgets.dialogs.token import TokenDialog
from rules import Board, Hex, Token
from rules.board.body import SENSES, Words, free_limbs

BAT = Token(
    "bat-1",
    "Cave Bat",
    Hex(3, 3),
    size=-3,
    senses=("sound", "smell"),
    limbs=0,
    words=Words(per_round=0, spent=0, round=2),
)


@pytest.fixture
def dialog(qtbot: QtBot) -> TokenDialog:
    widget = TokenDialog(BAT, {})
    qtbot.addWidget(widget)
    return widget


def test_the_body_fields_show_the_token_and_give_it_back(dialog: TokenDialog) -> None:
    assert dialog.senses.primary.currentText() == "sound"
    assert [n for n, c in dialog.senses.checks.items() if c.isChecked()] == ["smell", "sound"]
    assert list(dialog.senses.checks) == list(SENSES)
    assert (dialog.limbs_spin.value(), dialog.gripping_spin.value()) == (0, 0)
    assert dialog.words_spin.value() == 0
    assert dialog.result_token() == BAT


def test_senses_limbs_and_words_reach_the_token(dialog: TokenDialog) -> None:
    dialog.senses.checks["sight"].setChecked(True)
    dialog.senses.checks["smell"].setChecked(False)
    dialog.senses.primary.setCurrentText("sight")
    dialog.limbs_spin.setValue(4)
    dialog.gripping_spin.setValue(1)
    dialog.words_spin.setValue(12)
    token = dialog.result_token()
    assert token.senses == ("sight", "sound")
    assert (token.limbs, token.gripping) == (4, 1)
    assert token.words == Words(per_round=12, spent=0, round=2)  # what was spent is kept


def test_every_body_field_has_a_tooltip(dialog: TokenDialog) -> None:
    assert "Primary Sense" in dialog.senses.primary.toolTip()
    assert "Concealment" in dialog.senses.checks["sight"].toolTip()
    assert (
        "Free" in dialog.limbs_spin.toolTip() and "2 for a humanoid" in dialog.limbs_spin.toolTip()
    )
    assert "not Free" in dialog.gripping_spin.toolTip()
    assert "Boosted 2" in dialog.words_spin.toolTip()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("no-senses", "Senses: tick at least one"),
        ("gripping", "Limbs gripping: 3 is more than its 2 limbs"),
    ],
)
def test_a_bad_body_is_named_and_keeps_the_dialog_open(
    dialog: TokenDialog, change: str, message: str
) -> None:
    if change == "no-senses":
        for check in dialog.senses.checks.values():
            check.setChecked(False)
    else:
        dialog.limbs_spin.setValue(2)
        dialog.gripping_spin.setValue(3)
    with pytest.raises(ValueError, match=message):
        dialog.result_token()
    dialog.show()
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert message in dialog.error_label.text()


def test_the_body_is_applied_as_one_undo_step(qtbot: QtBot) -> None:
    document = MapDocument(Board.blank(8, 8).with_token(BAT))
    controller = TokenController(CurrentDocument(document))
    dialog = TokenDialog(document.board.token("bat-1"), {})
    qtbot.addWidget(dialog)
    dialog.limbs_spin.setValue(2)
    dialog.gripping_spin.setValue(1)
    dialog.senses.checks["thermal"].setChecked(True)
    dialog.words_spin.setValue(3)
    assert dialog.apply_to(controller)
    token = document.board.token("bat-1")
    assert (token.limbs, token.gripping, token.words.per_round) == (2, 1, 3)
    assert token.senses == ("sound", "smell", "thermal")
    assert free_limbs(document.board, "bat-1").free == 1
    assert document.undo_stack.count() == 1 and document.undo_stack.text(0) == (
        "Edit Cave Bat: senses, limbs, gripping, words"  # what changed (issue #16)
    )
    document.undo_stack.undo()
    assert document.board.token("bat-1") == BAT
    document.undo_stack.redo()
    assert document.board.token("bat-1") == token
