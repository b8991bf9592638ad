"""The Turn Order dock and TurnController: Priority, Next Turn, Wait / Act Now, the map ring,
turn-start refills and reminders — every action one undo step (RULES-DIGEST §8.2, §12)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.shell.main_window import MainWindow
from app.widgets.docks.tracker import SOULWEAVER_ROW
from rules import Board, ConditionEntry, Hex, Token, TokenKind, Vitals, pool_current
from rules.dice import roll
from rules.movement import placed
from rules.turns import SOULWEAVER, actor

SEED = 11


def sample_board() -> Board:
    tokens = (
        Token("aria", "Aria", Hex(2, 2), side="party", vitals=Vitals(stats=(("zeal", 2),))),
        Token("ogre", "Ogre", Hex(6, 4), size=1, side="enemy", vitals=Vitals(stats=(("zeal", 1),))),
        Token("imp", "Imp", Hex(9, 2), size=-1, side="enemy", vitals=Vitals(stats=(("zeal", 3),))),
        Token("gob", "Goblin", Hex(3, 6), side="enemy"),  # Zeal Tier 0: no dice, result 0 (Q4)
        Token("crate", "Crate", Hex(8, 7), kind=TokenKind.OBJECT),
        Token(
            "tired",
            "Tired Scout",
            Hex(5, 8),
            side="ally",
            conditions=(ConditionEntry("slowed", 2),),
            vitals=Vitals(current=(("movement", 0),)),
        ),
    )
    board = Board.blank(12, 10)
    for token in tokens:
        board = board.with_token(token)
    return board


class Tracker:
    """The window's own turn controller (with a seeded Generator) and Turn Order dock."""

    def __init__(self, window: MainWindow):
        self.window = window
        self.document = window.document
        self.controller = window.turns.controller
        self.controller._rng = np.random.default_rng(SEED)
        self.dock = window.turns.tracker_dock
        self.dock.show()
        self.refused: list[str] = []
        self.informed: list[str] = []
        self.controller.refused.connect(self.refused.append)
        self.controller.informed.connect(self.informed.append)

    @property
    def board(self) -> Board:
        return self.document.board

    def order(self) -> list[str]:
        return self.board.turn.ids()

    def rows(self) -> list[str]:
        lst = self.dock.order_list
        return [lst.item(i).text() for i in range(lst.count())]

    def row_ids(self) -> list[str]:
        lst = self.dock.order_list
        return [lst.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lst.count())]

    def row_of(self, token_id: str) -> int:
        return self.row_ids().index(token_id)

    def button(self, name: str) -> QPushButton:
        return self.dock.buttons[name]


@pytest.fixture
def tracker(make_window) -> Tracker:  # type: ignore[no-untyped-def]
    return Tracker(make_window(MapDocument(sample_board())))


def started(tracker: Tracker, zeal: dict[str, int]) -> Tracker:
    for token_id, value in zeal.items():
        assert tracker.controller.add([token_id], value)
    assert tracker.controller.start()
    return tracker


# -- joining -------------------------------------------------------------------------------
def test_add_rolls_zeal_tier_dice_and_sorts_by_the_result(tracker: Tracker) -> None:
    assert tracker.controller.add(["aria", "ogre", "imp", "gob"])
    assert tracker.document.undo_stack.count() == 1  # four creatures, one undo step
    rng = np.random.default_rng(SEED)
    expected = {
        i: roll(t, rng).result for i, t in (("aria", 2), ("ogre", 1), ("imp", 3), ("gob", 0))
    }
    order = tracker.board.turn.order
    assert {p.token_id: p.zeal for p in order} == expected
    assert {p.token_id: p.zeal_tier for p in order} == {"aria": 2, "ogre": 1, "imp": 3, "gob": 0}
    keys = [(p.zeal, p.zeal_tier) for p in order]
    assert keys == sorted(keys, reverse=True)
    message = tracker.informed[-1]
    assert "Aria: Priority" in message and "2d12" in message and "3d12" in message
    assert message.count("1d12") == 1  # Ogre (Tier 1); the Goblin's Tier 0 rolls none (Q4)
    assert expected["gob"] == 0
    assert tracker.rows()[-1].endswith(SOULWEAVER_ROW)
    assert tracker.document.undo_stack.text(0).startswith("Add ")  # in Priority order


def test_equal_results_go_to_the_higher_zeal_tier_and_rows_show_name_and_zeal(
    tracker: Tracker,
) -> None:
    assert tracker.controller.add(["ogre"], 7)
    assert tracker.controller.add(["aria"], 7)
    assert tracker.controller.add(["imp"], 9)
    assert tracker.order() == ["imp", "aria", "ogre"]  # Aria (Tier 2) before Ogre (Tier 1)
    rows = tracker.rows()
    assert "Imp" in rows[0] and "Zeal 9" in rows[0]
    assert "Aria" in rows[1] and "Zeal 7" in rows[1]
    assert rows[3].endswith(SOULWEAVER_ROW) and len(rows) == 4
    assert tracker.dock.round_label.text() == "Not started · 3 in the order"


def test_the_dock_adds_the_map_selection_with_a_typed_result(
    tracker: Tracker, qtbot: QtBot
) -> None:
    tracker.window.scene.set_selection(["ogre", "aria"])
    tracker.dock.zeal_edit.setText("6")
    assert tracker.button("add").isEnabled()
    qtbot.mouseClick(tracker.button("add"), Qt.MouseButton.LeftButton)
    assert [(p.token_id, p.zeal) for p in tracker.board.turn.order] == [("aria", 6), ("ogre", 6)]
    assert tracker.dock.zeal_edit.text() == ""  # the next Add rolls again
    assert not tracker.button("add").isEnabled()  # both already in
    assert "Ogre is already in the turn order" in tracker.button("add").toolTip()


def test_refusals_name_the_creature_and_push_nothing(tracker: Tracker) -> None:
    assert not tracker.controller.add([])
    assert not tracker.controller.add(["crate"])
    assert not tracker.controller.next_turn()
    assert not tracker.controller.start()
    assert tracker.controller.add(["ogre"], 4)
    assert not tracker.controller.add(["ogre"], 5)
    assert not tracker.controller.act_now("ogre")
    assert tracker.document.undo_stack.count() == 1
    assert tracker.refused[:2] == [
        "Select creatures on the map to add them to the turn order",
        "Crate is an object: only creatures take turns",
    ]
    assert "Ogre is already in the turn order" in tracker.refused
    assert "The conflict has not started: press Start" in tracker.refused


def test_a_newcomer_joins_after_everyone_once_started(tracker: Tracker) -> None:
    started(tracker, {"aria": 5, "ogre": 9})
    assert tracker.controller.add(["imp"], 12)  # the best roll, but it came late
    assert tracker.order() == ["ogre", "aria", "imp"]
    assert "newcomers act after everyone already in" in tracker.informed[-1]
    assert tracker.rows()[-1].endswith(SOULWEAVER_ROW)


def test_set_zeal_re_sorts_before_the_start_only(tracker: Tracker) -> None:
    tracker.controller.add(["aria"], 5)
    tracker.controller.add(["ogre"], 9)
    assert tracker.controller.set_zeal("aria", 11)
    assert tracker.order() == ["aria", "ogre"]
    assert tracker.document.undo_stack.text(2) == "Set Aria's Zeal to 11"
    tracker.controller.start()
    assert not tracker.controller.set_zeal("ogre", 12)
    assert "Ogre keeps its place" in tracker.refused[-1]


# -- the conflict --------------------------------------------------------------------------
def test_next_turn_walks_the_order_then_the_soulweaver_then_round_2(tracker: Tracker) -> None:
    started(tracker, {"aria": 5, "ogre": 9})
    dock = tracker.dock
    assert actor(tracker.board.turn) == "ogre"
    assert dock.round_label.text() == "Round 1 · 0:00"
    assert dock.actor_label.text() == "▶ Ogre's turn"
    assert tracker.rows()[0].startswith("▶ Ogre")
    assert dock.order_list.item(0).font().bold() and not dock.order_list.item(1).font().bold()
    tracker.controller.next_turn()
    assert actor(tracker.board.turn) == "aria" and tracker.rows()[1].startswith("▶ Aria")
    tracker.controller.next_turn()
    assert actor(tracker.board.turn) == SOULWEAVER
    assert tracker.rows()[2] == f"▶ {SOULWEAVER_ROW}" and dock.order_list.item(2).font().bold()
    assert not dock.buttons["wait"].isEnabled()
    assert "The Soulweaver cannot wait" in dock.buttons["wait"].toolTip()
    tracker.controller.next_turn()
    assert tracker.board.turn.round == 2 and actor(tracker.board.turn) == "ogre"
    assert dock.round_label.text() == "Round 2 · 0:05"
    assert tracker.informed[-1] == "Round 2 · 0:05: Ogre's turn"
    assert (
        tracker.document.undo_stack.text(tracker.document.undo_stack.count() - 1)
        == "Next turn: Ogre"
    )


def test_wait_then_act_now_moves_the_waiting_creature_there(tracker: Tracker, qtbot: QtBot) -> None:
    started(tracker, {"ogre": 9, "aria": 5, "imp": 3})
    qtbot.mouseClick(tracker.button("wait"), Qt.MouseButton.LeftButton)  # the Ogre waits
    assert actor(tracker.board.turn) == "aria"
    assert tracker.board.turn.participant("ogre").waiting
    assert "waiting" in tracker.rows()[0] and tracker.dock.order_list.item(0).font().italic()
    assert "Ogre waits" in tracker.dock.turn_panel.text()  # the note names the creature
    act_now = tracker.button("act_now")
    assert not act_now.isEnabled() and "Select a waiting creature" in act_now.toolTip()
    tracker.dock.order_list.setCurrentRow(tracker.row_of("ogre"))
    assert act_now.isEnabled()
    qtbot.mouseClick(act_now, Qt.MouseButton.LeftButton)  # after Aria's turn
    assert actor(tracker.board.turn) == "ogre"
    assert tracker.order() == ["aria", "ogre", "imp"]  # its Priority position moved there
    assert not tracker.board.turn.participant("ogre").waiting


def test_waiting_through_to_the_soulweaver_is_too_late(tracker: Tracker) -> None:
    started(tracker, {"ogre": 9, "aria": 5})
    tracker.controller.next_turn()
    tracker.controller.wait()  # Aria waits; the Soulweaver's turn begins
    assert actor(tracker.board.turn) == SOULWEAVER
    assert "Aria waited through the round" in tracker.dock.turn_panel.text()
    assert not tracker.controller.act_now("aria")
    assert tracker.refused[-1].startswith("Too late: Aria waited")


def test_every_action_is_one_undo_step_and_undo_restores_the_order(tracker: Tracker) -> None:
    a, stack = tracker.controller, tracker.document.undo_stack
    steps = [
        lambda: a.add(["aria", "ogre"]),  # rolled
        lambda: a.add(["imp"], 2),
        lambda: a.set_zeal("imp", 30),  # Imp first
        a.start,  # Imp
        a.next_turn,  # the second
        a.wait,  # the second waits; the third acts
        lambda: a.act_now(tracker.order()[1]),  # the waiting one acts after the third
        lambda: a.remove("imp"),
        a.next_turn,  # the Soulweaver
        a.next_turn,  # Round 2
        a.end_conflict,
    ]
    boards = [tracker.board]
    for step in steps:
        assert step(), tracker.refused
        assert stack.count() == len(boards)  # exactly one more step
        boards.append(tracker.board)
    assert tracker.board.turn.order == () and not tracker.board.turn.started
    for before in reversed(boards[:-1]):
        stack.undo()
        assert tracker.board == before
        soulweaver = [SOULWEAVER] if before.turn.order else []
        assert tracker.row_ids() == before.turn.ids() + soulweaver
    assert tracker.rows() == [] and tracker.dock.round_label.text() == "No conflict"


def test_remove_and_end_conflict(tracker: Tracker) -> None:
    started(tracker, {"ogre": 9, "aria": 5})
    tracker.dock.order_list.setCurrentRow(tracker.row_of("ogre"))
    tracker.dock.buttons["remove"].click()  # the one acting: Aria's turn begins
    assert tracker.order() == ["aria"] and actor(tracker.board.turn) == "aria"
    tracker.dock.buttons["end"].click()
    assert tracker.order() == [] and not tracker.board.turn.started
    assert "Conflict over after 1 round(s), 0:00" in tracker.informed
    assert not tracker.button("next").isEnabled()
    assert "Add creatures, then Start" in tracker.button("next").toolTip()
    assert tracker.document.undo_stack.text(4) == "End the conflict"


def test_deleting_a_token_from_the_map_takes_it_out_of_the_order(tracker: Tracker) -> None:
    started(tracker, {"ogre": 9, "aria": 5})
    tracker.window.controller.delete_tokens(["aria"])
    assert tracker.rows() == ["▶ Ogre  ·  Zeal 9", f"\u2003 {SOULWEAVER_ROW}"]


# -- turn start: refills and reminders ----------------------------------------------------
def test_movement_is_refilled_and_the_ailment_roll_is_listed_at_turn_start(
    tracker: Tracker,
) -> None:
    assert pool_current(tracker.board.token("tired").vitals, "movement") == 0
    started(tracker, {"tired": 8, "ogre": 2})
    token = tracker.board.token("tired")
    assert pool_current(token.vitals, "movement") == 4  # refilled to 5, then Slowed 2: −1
    panel = tracker.dock.turn_panel.text()
    assert "Tired Scout's turn" in panel
    assert "Movement refilled to 5" in panel and "Slowed 2: −1 movement" in panel
    assert "DL 8" in panel and "to lower Slowed 2 by 1" in panel
    tracker.document.undo_stack.undo()  # undo Start: the pool is spent again
    assert pool_current(tracker.board.token("tired").vitals, "movement") == 0


def test_the_panel_shows_this_turns_start_and_follows_undo(tracker: Tracker) -> None:
    started(tracker, {"tired": 8, "ogre": 2})
    tracker.controller.next_turn()
    assert "Ogre's turn" in tracker.dock.turn_panel.text()
    assert "DL 8" not in tracker.dock.turn_panel.text()
    tracker.document.undo_stack.undo()
    assert "DL 8" in tracker.dock.turn_panel.text()
    assert "Movement refilled" in tracker.dock.turn_panel.text()  # remembered, not re-run
    tracker.document.undo_stack.redo()
    assert "Ogre's turn" in tracker.dock.turn_panel.text()


def test_a_turn_begun_before_the_dock_existed_still_lists_its_rolls(
    make_window, tracker: Tracker
) -> None:  # type: ignore[no-untyped-def]
    started(tracker, {"tired": 8, "ogre": 2})
    other = Tracker(make_window(MapDocument(tracker.board)))  # e.g. a saved map reopened
    assert other.dock.round_label.text() == "Round 1 · 0:00"
    assert "DL 8" in other.dock.turn_panel.text()


# -- the map -------------------------------------------------------------------------------
def test_the_highlight_sits_on_the_acting_token_and_follows_a_move(tracker: Tracker) -> None:
    highlight = tracker.dock.highlight
    assert not highlight.isVisible()
    started(tracker, {"ogre": 9, "aria": 5})
    scene = tracker.window.scene
    assert highlight.isVisible() and highlight.token_id == "ogre"
    assert highlight.pos() == scene.token_item("ogre").pos()
    assert highlight.ring_radius > scene.token_item("ogre").shape().boundingRect().width() / 2
    assert highlight.zValue() > scene.token_item("ogre").zValue()
    doc = tracker.document
    doc.undo_stack.push(BoardEditCommand(doc, placed(doc.board, "ogre", Hex(8, 5)), "Move"))
    assert highlight.pos() == scene.token_item("ogre").pos()
    assert scene.geometry.hex_at(highlight.pos()) in tracker.board.token("ogre").footprint
    tracker.controller.next_turn()
    assert highlight.token_id == "aria" and highlight.pos() == scene.token_item("aria").pos()
    tracker.controller.next_turn()
    assert not highlight.isVisible()  # the Soulweaver has no token
    assert highlight.acceptedMouseButtons() == Qt.MouseButton.NoButton


def test_double_click_selects_and_asks_to_centre_the_token(tracker: Tracker, qtbot: QtBot) -> None:
    started(tracker, {"ogre": 9, "aria": 5})
    lst = tracker.dock.order_list
    item = lst.item(tracker.row_of("aria"))
    with qtbot.waitSignal(tracker.dock.focus_requested) as blocker:
        lst.itemDoubleClicked.emit(item)
    assert blocker.args == ["aria"]
    assert tracker.window.scene.selection == ["aria"]
    tracker.window.scene.set_selection(["ogre"])  # the map's selection picks the list row
    assert tracker.dock.chosen_id() == "ogre"


def test_the_turn_menu_holds_the_keys_and_f9_works_with_the_dock_closed(
    tracker: Tracker, qtbot: QtBot
) -> None:
    turn_keys = [
        a.shortcut().toString()
        for a in tracker.window.actions()
        if a.objectName().startswith("turn.")
    ]
    menu_keys = [
        a.shortcut().toString()
        for a in tracker.window.actions_by_id.values()
        if not a.shortcut().isEmpty() and not a.objectName().startswith("turn.")
    ]
    assert "F9" in turn_keys and not (set(turn_keys) - {""}) & set(menu_keys)
    assert all(b.shortcut().isEmpty() for b in tracker.dock.buttons.values())  # no ambiguity
    started(tracker, {"ogre": 9, "aria": 5})
    tracker.dock.hide()
    tracker.window.activateWindow()
    qtbot.waitActive(tracker.window)
    QTest.keyClick(tracker.window.view, Qt.Key.Key_F9)
    qtbot.waitUntil(lambda: actor(tracker.board.turn) == "aria", timeout=2000)
    for button in tracker.dock.buttons.values():
        assert button.toolTip()


def test_the_dock_follows_another_document(tracker: Tracker) -> None:
    started(tracker, {"ogre": 9, "aria": 5})
    fresh = MapDocument(sample_board())
    tracker.window.session.current.replace(fresh)
    assert tracker.rows() == [] and not tracker.dock.highlight.isVisible()
    assert tracker.controller.add(["imp"], 3)
    assert fresh.board.turn.ids() == ["imp"] and "Imp" in tracker.rows()[0]


def test_render_the_dock_and_the_map(tracker: Tracker, tmp_path: Path) -> None:
    started(tracker, {"tired": 8, "ogre": 9, "aria": 5, "imp": 3})
    tracker.controller.next_turn()
    tracker.controller.wait()  # the Scout waits, Aria acts
    picture = render(tracker.window)
    out = tmp_path / "tracker.png"
    assert picture.save(str(out)) and out.stat().st_size > 0


def render(window: MainWindow) -> QImage:
    """The whole window, offscreen."""
    window.view.centerOn(QPointF(window.scene.content_rect().center()))
    return window.grab().toImage()


def test_the_turn_menu_says_what_the_turn_order_dock_says() -> None:
    """The Turn menu's entries (app/shell/menus.py) and the Turn Order dock's buttons are
    the same commands: one text, key and tip each, so neither drifts from the other."""
    from app.shell.menus import MENU_COMMANDS
    from app.widgets.docks.tracker import BUTTONS

    menu = {
        c.args[0]: (c.text, c.shortcut or "", c.tip)
        for c in MENU_COMMANDS
        if c.id.startswith("turn.")
    }
    buttons = {key: (text, shortcut, tip) for key, text, shortcut, tip in BUTTONS}
    assert menu == buttons
