"""The Roll Log dock: every roll a row, newest last; Fumbles, doubles and 12s marked by
shape as well as colour; the breakdown in tooltips and Details; Copy as text; Clear as
one undo step; 10 000 rolls without a widget per row (issue #7)."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow, QStyleOptionViewItem, QWidget
from pytestqt.qtbot import QtBot

from app.controllers.dice import CLEAR_TEXT, DiceController, RollRequest
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.widgets.docks.roll_log import (
    DOUBLES_RING,
    ENTRY_ROLE,
    STRIKE,
    TWELVE,
    RollLogDock,
)
from rules import Board
from rules.board.roll_log import MAX_LOG, LoggedRoll, log_text

STRIKE_ROLL = LoggedRoll(
    "Strike",
    (9, 4),
    1,
    3,
    "Aria",
    "Ogre",
    ((1, "target 2 sizes larger"),),
    "succeeds",
    "attack",
    round=2,
)
FUMBLE = LoggedRoll("Dice roller", (1, 1, 5), 0, 3, outcome="fails (fumble)")
DOUBLES = LoggedRoll("Dice roller", (7, 3, 7), 2, 8, outcome="succeeds")
TWELVES = LoggedRoll("Damage", (12, 12, 4), actor="Aria", target="Ogre", role="damage")
PLAIN = LoggedRoll("Dice roller", (5, 8), 0, 9, outcome="fails")
SAMPLE = (STRIKE_ROLL, FUMBLE, DOUBLES, TWELVES, PLAIN)


@pytest.fixture
def document() -> MapDocument:
    """A map whose log holds the sample rolls, with its own undo stack (no main window)."""
    return MapDocument(Board(8, 6, rolls=SAMPLE, dice_seed=7))


@pytest.fixture
def dock(qtbot: QtBot, document: MapDocument) -> RollLogDock:
    widget = RollLogDock(CurrentDocument(document))
    qtbot.addWidget(widget)
    widget.resize(420, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def entries(dock: RollLogDock) -> list[LoggedRoll]:
    model = dock.model
    return [model.index(row).data(ENTRY_ROLE) for row in range(model.rowCount())]


def painted(dock: RollLogDock, row: int) -> QImage:
    """The delegate's picture of one row."""
    option = QStyleOptionViewItem()
    option.initFrom(dock.view)
    option.rect = QRect(0, 0, 400, dock.view.sizeHintForRow(row))
    option.font = dock.view.font()
    image = QImage(option.rect.size(), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    dock.view.itemDelegate().paint(painter, option, dock.model.index(row))
    painter.end()
    return image


def has_colour(image: QImage, colour: QColor) -> bool:
    wanted = colour.rgb()
    return any(
        image.pixel(x, y) == wanted for y in range(image.height()) for x in range(image.width())
    )


# -- showing the log -----------------------------------------------------------------------
def test_every_roll_is_a_row_newest_last_and_selected(dock: RollLogDock) -> None:
    assert dock.objectName() == "roll_log_dock" and dock.windowTitle() == "Roll Log"
    assert entries(dock) == list(SAMPLE)
    assert dock.view.currentIndex().row() == len(SAMPLE) - 1
    assert dock.count_label.text() == "5 rolls"
    assert dock.model.index(0).data() == f"1. {STRIKE_ROLL.text()}"


def test_a_new_roll_appends_one_row_and_scrolls_to_it(
    qtbot: QtBot, dock: RollLogDock, document: MapDocument
) -> None:
    for _ in range(12):  # more rows than fit
        DiceController(CurrentDocument(document)).roll(RollRequest(2))
    with (
        qtbot.waitSignal(dock.model.rowsInserted) as inserted,
        qtbot.assertNotEmitted(dock.model.modelReset),
    ):
        entry = dock.roller.roll()
    assert inserted.args[1:] == [len(SAMPLE) + 12, len(SAMPLE) + 12]
    assert entries(dock)[-1] is entry
    bar = dock.view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    with qtbot.waitSignal(dock.model.rowsRemoved), qtbot.assertNotEmitted(dock.model.modelReset):
        document.undo_stack.undo()
    assert dock.model.rowCount() == len(SAMPLE) + 12


def test_rows_mark_fumbles_doubles_and_twelves_in_words(dock: RollLogDock) -> None:
    tips = [dock.model.index(row).data(Qt.ItemDataRole.ToolTipRole) for row in range(5)]
    assert "✖ FUMBLE" in tips[1] and "‖ doubles 1" in tips[1]
    assert "‖ doubles 7" in tips[2] and "★" not in tips[2]
    assert "★ 12 ×2" in tips[3] and "‖ doubles 12" in tips[3]
    assert not any(mark in tips[4] for mark in ("✖", "‖", "★"))


def test_rows_mark_dice_by_shape_and_colour(dock: RollLogDock) -> None:
    names = ("strike", "fumble", "doubles", "twelves", "plain")
    rows = {name: painted(dock, row) for row, name in enumerate(names)}
    assert has_colour(rows["twelves"], TWELVE[0])  # the ★ chips' gold
    assert has_colour(rows["fumble"], STRIKE)  # the strike through the 1s
    assert has_colour(rows["doubles"], DOUBLES_RING)  # the ring and underline
    for mark in (TWELVE[0], STRIKE, DOUBLES_RING):
        assert not has_colour(rows["plain"], mark)
    assert not has_colour(rows["doubles"], STRIKE) and not has_colour(rows["fumble"], TWELVE[0])


def test_tooltip_and_details_list_each_modifier_with_its_source(
    dock: RollLogDock, document: MapDocument
) -> None:
    tip = dock.model.index(0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.splitlines() == [
        "Strike — Aria → Ogre (round 2)",
        "2d12 [9, 4]: highest 9 +1",
        "+1  target 2 sizes larger",
        "= 10 vs DL 3, margin +7 — succeeds",
    ]
    assert not dock.detail_label.isVisible()
    dock.details_toggle.setChecked(True)
    assert dock.detail_label.isVisible()
    dock.view.setCurrentIndex(dock.model.index(0))
    assert "target 2 sizes larger" in dock.detail_label.text()
    assert "<b>Strike — Aria → Ogre (round 2)</b>" in dock.detail_label.text()


# -- buttons -------------------------------------------------------------------------------
def test_copy_as_text_puts_the_log_on_the_clipboard(
    qtbot: QtBot, dock: RollLogDock, document: MapDocument
) -> None:
    with qtbot.waitSignal(dock.informed):
        dock.copy_button.click()
    assert QApplication.clipboard().text() == log_text(document.board.rolls)


def test_ctrl_c_in_the_list_copies_the_log_not_the_window_copy(
    qtbot: QtBot, document: MapDocument
) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())
    copied_tokens: list[bool] = []
    copy = QAction("Copy tokens", window)
    copy.setShortcut(QKeySequence.StandardKey.Copy)
    copy.triggered.connect(lambda: copied_tokens.append(True))
    window.addAction(copy)
    dock = RollLogDock(CurrentDocument(document), window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    dock.view.setFocus()
    qtbot.waitUntil(dock.view.hasFocus)
    QTest.keyClick(dock.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == log_text(SAMPLE)
    assert copied_tokens == []


def test_clear_is_one_undo_step(qtbot: QtBot, dock: RollLogDock, document: MapDocument) -> None:
    dock.clear_button.click()
    assert document.board.rolls == () and dock.model.rowCount() == 0
    assert document.undo_stack.undoText() == CLEAR_TEXT
    assert dock.count_label.text() == "No rolls yet"
    assert not dock.clear_button.isEnabled() and not dock.copy_button.isEnabled()
    with qtbot.waitSignal(dock.refused) as refused:
        assert dock.clear() is False
    assert "already empty" in refused.args[0]
    document.undo_stack.undo()
    assert entries(dock) == list(SAMPLE)
    assert dock.clear_button.isEnabled()


def test_the_dock_follows_another_document(qtbot: QtBot, dock: RollLogDock) -> None:
    before = dock.document
    other = MapDocument(Board(5, 5))
    dock.current.replace(other)
    assert dock.model.rowCount() == 0
    DiceController(CurrentDocument(before)).roll(RollRequest(1))
    assert dock.model.rowCount() == 0
    dock.roller.roll()
    assert len(other.board.rolls) == 1 and dock.model.rowCount() == 1
    assert len(before.board.rolls) == len(SAMPLE) + 1


# -- a full log ----------------------------------------------------------------------------
def test_a_log_of_ten_thousand_rolls_builds_no_widget_per_row(qtbot: QtBot) -> None:
    rolls = tuple(
        LoggedRoll("Dice roller", (1 + n % 12, 1 + n * 7 % 12), n % 5, 6) for n in range(MAX_LOG)
    )
    document = MapDocument(Board(8, 6, rolls=rolls))
    started = time.perf_counter()
    dock = RollLogDock(CurrentDocument(document))
    qtbot.addWidget(dock)
    dock.show()
    qtbot.waitExposed(dock)
    assert time.perf_counter() - started < 5  # about 0.1 s here; generous for shared CI
    assert dock.model.rowCount() == MAX_LOG
    assert len(dock.findChildren(QWidget)) < 100
    assert dock.view.indexWidget(dock.model.index(MAX_LOG - 1)) is None
    assert dock.view.currentIndex().row() == MAX_LOG - 1
    # a full log drops its oldest roll: one row out, one row in, no reset
    with (
        qtbot.assertNotEmitted(dock.model.modelReset),
        qtbot.waitSignal(dock.model.rowsRemoved) as removed,
    ):
        entry = dock.roller.roll()
    assert removed.args[1:] == [0, 0]
    assert dock.model.rowCount() == MAX_LOG and entries(dock)[-1] is entry
    assert dock.model.index(0).data(ENTRY_ROLE) is rolls[1]
    document.undo_stack.undo()  # the dropped roll comes back: the model is reset
    assert dock.model.index(0).data(ENTRY_ROLE) is rolls[0]
