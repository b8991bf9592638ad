"""The free dice roller and :mod:`app.controllers.dice`: the exact chance before rolling, a
seeded roll or typed faces logged as one undo step, and clear messages for bad faces
(issue #7)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.controllers.dice import (
    CLEAR_TEXT,
    DiceController,
    FacesError,
    RollRequest,
    outcome_text,
    parse_faces,
    pool_text,
    rolled_board,
)
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.widgets.panels.dice_roller import DiceRoller
from app.widgets.panels.odds_chart import OddsChart, percent
from rules import Board
from rules.actions.contest import result_distribution
from rules.board.roll_log import dice_rng
from rules.dice import chance, read_faces, roll

SEED = 4242


@pytest.fixture
def document() -> MapDocument:
    """A small map with a known dice seed and its own undo stack (no main window)."""
    return MapDocument(Board(8, 6, dice_seed=SEED))


@pytest.fixture
def roller(qtbot: QtBot, document: MapDocument) -> DiceRoller:
    widget = DiceRoller(CurrentDocument(document))
    qtbot.addWidget(widget)
    return widget


def seeded_faces(draw: int, dice: int, modifier: int = 0) -> tuple[int, ...]:
    return roll(dice, dice_rng(SEED, draw), modifier).faces


# -- rolling -------------------------------------------------------------------------------
def test_roll_logs_the_seeded_faces_as_one_undo_step(
    roller: DiceRoller, document: MapDocument
) -> None:
    roller.set_pool(3, 1, 9)
    entry = roller.roll()
    assert entry is not None
    assert entry.faces == seeded_faces(0, 3, 1)
    assert (entry.action, entry.modifier, entry.dl, entry.manual) == ("Dice roller", 1, 9, False)
    assert entry.outcome == outcome_text(read_faces(entry.faces, 1), 9)
    assert document.board.rolls == (entry,)
    assert document.board.dice_draws == 1
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Roll 3d12+1"
    document.undo_stack.undo()
    assert (document.board.rolls, document.board.dice_draws) == ((), 0)
    document.undo_stack.redo()
    assert document.board.rolls == (entry,)


def test_each_roll_takes_the_next_draw_so_a_replay_gives_the_same_faces(
    qtbot: QtBot, roller: DiceRoller
) -> None:
    first = [roller.roll() for _ in range(3)]
    again = DiceRoller(CurrentDocument(MapDocument(Board(8, 6, dice_seed=SEED))))
    qtbot.addWidget(again)
    second = [again.roll() for _ in range(3)]
    assert [e.faces for e in first if e] == [seeded_faces(n, 2) for n in range(3)]
    assert [e.faces for e in first if e] == [e.faces for e in second if e]


def test_roll_emits_the_entry_and_shows_the_result(qtbot: QtBot, roller: DiceRoller) -> None:
    with qtbot.waitSignal(roller.rolled) as signal:
        entry = roller.roll()
    assert signal.args == [entry]
    assert entry is not None
    assert f"<b>{entry.result}</b>" in roller.message_label.text()


def test_ctrl_r_rolls_while_the_roller_has_focus(
    qtbot: QtBot, roller: DiceRoller, document: MapDocument
) -> None:
    roller.show()
    qtbot.waitExposed(roller)
    roller.activateWindow()
    roller.dice_spin.setFocus()
    qtbot.waitUntil(roller.dice_spin.hasFocus)
    QTest.keyClick(roller.dice_spin, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert len(document.board.rolls) == 1
    assert "Ctrl+R" in roller.roll_button.toolTip()


def test_no_dice_roll_the_modifier_alone(roller: DiceRoller, document: MapDocument) -> None:
    roller.set_pool(0, 4, 3)
    entry = roller.roll()
    assert entry is not None
    assert (entry.faces, entry.result, entry.outcome) == ((), 4, "succeeds")
    assert document.undo_stack.undoText() == "Roll 0d12+4"


# -- the odds before rolling ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("dice", "modifier", "dl"),
    [(1, 0, 3), (2, 0, 3), (3, 1, 9), (4, -2, 11), (0, 5, 5), (5, 0, 30)],
)
def test_the_chance_shown_is_rules_dice_chance(
    roller: DiceRoller, dice: int, modifier: int, dl: int
) -> None:
    roller.set_pool(dice, modifier, dl)
    exact = chance(dice, dl, modifier)
    assert roller.chance() == exact
    assert roller.chance_label.text() == f"{percent(exact)} to reach DL {dl}"
    assert f"{exact.numerator}/{exact.denominator}" in roller.chance_label.toolTip()


def test_without_a_dl_there_is_no_chance_and_no_dl_line(roller: DiceRoller) -> None:
    roller.set_pool(2, 1, None)
    assert roller.chance() is None
    assert "No DL" in roller.chance_label.text()
    assert not roller.dl_spin.isEnabled()
    assert all(bar.reaches for bar in roller.chart.bars() if bar.result is not None)


def test_the_chart_shows_the_result_distribution_with_the_fumble_apart(
    roller: DiceRoller,
) -> None:
    roller.set_pool(3, 1, 9)
    clean, fumble = result_distribution(3, 1)
    bars = roller.chart.bars()
    assert (bars[0].label, bars[0].chance, bars[0].reaches) == ("F", fumble, False)
    shown = {bar.result: bar.chance for bar in bars[1:] if bar.chance}
    assert shown == dict(clean)
    assert sum(bar.chance for bar in bars) == 1
    assert all(bar.reaches == (bar.result >= 9) for bar in bars[1:] if bar.result is not None)
    assert roller.fumble_label.text() == f"Fumble: {percent(fumble)}"
    assert roller.roll_button.text() == "Roll 3d12+1"


def test_odds_chart_with_a_defence_and_its_tooltips(qtbot: QtBot) -> None:
    chart = OddsChart()
    qtbot.addWidget(chart)
    chart.set_distribution(result_distribution(2), 3, defence=result_distribution(1, 2))
    bars = chart.bars()
    assert [b.result for b in bars[1:]] == list(range(2, 15))  # attack 2..12, defence 3..14
    assert bars[-1].defence == Fraction(1, 12) and bars[-1].chance == 0
    assert "exactly" in chart.bar_text(bars[0]) and "Fumble" in chart.bar_text(bars[0])
    assert "Defence" in chart.bar_text(bars[-1])
    chart.resize(300, 140)
    assert not chart.grab().isNull()
    chart.clear()
    assert chart.bars() == ()


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(0), "0 %"),
        (Fraction(1), "100 %"),
        (Fraction(1, 12**4), "< 0.1 %"),
        (1 - Fraction(1, 12**4), "> 99.9 %"),
        (Fraction(1075, 1728), "62.2 %"),
    ],
)
def test_percent_never_rounds_to_sure_or_impossible(value: Fraction, text: str) -> None:
    assert percent(value) == text


# -- typed faces ---------------------------------------------------------------------------
def test_typed_faces_are_logged_as_manual(roller: DiceRoller, document: MapDocument) -> None:
    roller.set_pool(3, 0, 8)
    roller.faces_toggle.setChecked(True)
    assert roller.faces_row.isVisibleTo(roller)
    roller.faces_edit.setText("7 3 12")
    roller.record_button.click()
    (entry,) = document.board.rolls
    assert (entry.faces, entry.manual, entry.result, entry.outcome) == (
        (7, 3, 12),
        True,
        12,
        "succeeds",
    )
    assert document.undo_stack.undoText() == "Record 3d12"
    assert roller.faces_edit.text() == ""
    assert "typed in" in roller.message_label.text()
    document.undo_stack.undo()
    assert document.board.rolls == ()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("7 3", "type 3 faces, got 2"),
        ("7 x 12", "“x” is not a number"),
        ("7 3 13", "13 is not on a d12"),
        ("", "type 3 faces, got none"),
        ("0 1 2", "0 is not on a d12"),
        ("7 -3 2", "“-3” is not a number"),
    ],
)
def test_bad_faces_say_why_and_record_nothing(
    qtbot: QtBot, roller: DiceRoller, document: MapDocument, text: str, words: str
) -> None:
    roller.set_pool(3, 0, 8)
    with qtbot.waitSignal(roller.refused) as signal:
        assert roller.record_faces(text) is None
    assert words in signal.args[0]
    assert roller.message_label.text().startswith("⚠")
    assert document.board.rolls == ()
    assert document.undo_stack.count() == 0


def test_return_in_the_faces_box_records(roller: DiceRoller, document: MapDocument) -> None:
    roller.set_pool(2, 1, None)
    roller.faces_edit.setText("5, 5")
    roller.faces_edit.returnPressed.emit()
    (entry,) = document.board.rolls
    assert entry.marks == ("doubles 5",) and entry.manual and entry.dl is None


# -- app.controllers.dice without widgets ------------------------------------------------------
def test_parse_faces_accepts_commas_and_spaces() -> None:
    assert parse_faces("7, 3,12") == (7, 3, 12)
    assert parse_faces(" 1 ") == (1,)
    with pytest.raises(FacesError, match="Type the faces"):
        parse_faces("  ")


def test_rolled_board_is_pure_and_counts_a_draw() -> None:
    board = Board(8, 6, dice_seed=SEED)
    after, entry = rolled_board(board, RollRequest(2, 0, 3, "Strike", "Aria", "Ogre"))
    assert board.rolls == () and board.dice_draws == 0
    assert after.rolls == (entry,) and after.dice_draws == 1
    assert (entry.who(), entry.faces) == ("Aria → Ogre", seeded_faces(0, 2))
    assert pool_text(2, -1) == "2d12-1" and pool_text(-3) == "0d12"


def test_push_clear_is_one_step_and_refuses_an_empty_log(document: MapDocument) -> None:
    dice = DiceController(CurrentDocument(document))
    assert dice.clear() is False
    dice.roll(RollRequest(2))
    dice.roll(RollRequest(1), faces=[12])
    assert dice.clear() is True
    assert document.board.rolls == () and document.board.dice_draws == 2
    assert document.undo_stack.undoText() == CLEAR_TEXT
    document.undo_stack.undo()
    assert len(document.board.rolls) == 2
