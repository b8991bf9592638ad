"""Marks that never hide tokens and outcomes derived from the document (issue #16): the
turn, target and HIT/MISS marks are rings with one small badge on the token's corner,
bounded by the hex on screen and clear of every other token's centre; Undo of a Strike takes
its HIT mark and the Action dock's "succeeds" away, Redo brings them back, and a later
move keeps them while the map still holds the Strike's rolls; Next Turn ends them and its
Undo brings them back."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QAction, QKeySequence

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.scene.action_items import ActionResultItem, TargetChoiceItem
from app.scene.measure_items import RulerLabelItem
from app.scene.token_marks import (
    BADGE_REACH,
    BADGE_SHARE,
    HIT,
    MIN_BADGE_PX,
    MISS,
    TARGET,
    TURN,
    badge_layout,
)
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token
from rules.actions import ActionRequest
from rules.movement import placed
from tests.app.conflict_helpers import FIGHTER, in_conflict

STATS = FIGHTER


def make_board() -> Board:
    return in_conflict(
        Board.blank(12, 10)
        .with_token(Token("a", "Aria", Hex(3, 3), vitals=STATS))
        .with_token(Token("g", "Goblin", Hex(4, 3), size=-1, side="enemy"))
        .with_token(Token("o", "Orc", Hex(4, 2), side="enemy"))
        .with_token(Token("f", "Far Rat", Hex(6, 7), side="enemy"))
    )


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


def strike(window: MainWindow, hits: bool = True) -> None:
    """Aria strikes the Goblin through the Action dock with dice typed in."""
    flow = window.conflict.flow
    flow.show(ActionRequest("strike", "a", "g"))
    panel = flow.panel
    plan = panel.plan
    assert plan is not None and plan.attack is not None and plan.allowed
    face = 11 if hits else 1
    panel.attack_faces.setText(" ".join([str(face)] * plan.attack.dice))
    panel.defence_faces.setText(" ".join(["1"] * max(1, plan.defences[0].dice)))
    panel.damage_faces.setText("6 6")
    panel.apply_typed.click()


def results(window: MainWindow) -> list[ActionResultItem]:
    return [i for i in window.scene.items() if isinstance(i, ActionResultItem)]


def shortcut_action(window: MainWindow, key: QKeySequence.StandardKey) -> QAction:
    wanted = QKeySequence(key)
    found = [a for a in window.findChildren(QAction) if wanted in a.shortcuts()]
    assert found, wanted.toString()
    return found[0]


# -- badges bounded by the hex ------------------------------------------------------------------
@pytest.mark.parametrize("hex_px", [8.0, 10.0, 12.8, 20.0, 32.0, 64.0])
@pytest.mark.parametrize("style", [TURN, TARGET, HIT, MISS])
def test_a_badge_is_bounded_by_the_hex_on_screen(style, hex_px: float) -> None:  # type: ignore[no-untyped-def]
    layout = badge_layout(style, hex_px)
    if BADGE_SHARE * 2 * hex_px < MIN_BADGE_PX:
        assert layout is None  # too small to read: the ring alone
        return
    assert layout is not None
    box = layout.box
    assert box.height() <= BADGE_SHARE * 2 * hex_px + 1e-6
    reach = box.width() / 2 if layout.round else math.hypot(box.width() / 2, box.height() / 2)
    assert reach <= BADGE_REACH * hex_px + 1e-6
    assert box.width() <= 1.732 * hex_px  # never wider than a hex
    assert len(layout.text.replace(style.glyph, "").strip()) <= 4
    if hex_px >= 32:
        assert style.word in layout.text or layout.round


def test_a_badge_covers_no_token_centre(window: MainWindow) -> None:
    strike(window)
    [item] = results(window)
    scene = window.scene
    centres = [scene.geometry.center(t.position) for t in window.document.board.tokens.values()]
    for scale in (0.25, window.view.zoom, 1.0, 3.0):
        rects = item.badge_rects(scale)
        assert rects or scale < 0.3  # left out when the hex is too small for it
        assert not any(r.contains(c) for r in rects for c in centres)


# -- the turn and target marks ------------------------------------------------------------------
def test_the_turn_mark_is_a_ring_and_a_badge_on_the_corner(window: MainWindow) -> None:
    highlight = window.turns.tracker_dock.highlight
    assert highlight.isVisible() and highlight.token_id == "a"
    scene = window.scene
    [mark] = highlight.marks
    assert mark.style is TURN
    centres = [scene.geometry.center(t.position) for t in window.document.board.tokens.values()]
    for scale in (0.4, 1.0):
        [badge] = highlight.badge_rects(scale)
        assert badge.width() * scale <= 1.732 * scene.geometry.size * scale
        assert not any(badge.contains(c) for c in centres)
    assert not any(isinstance(child, RulerLabelItem) for child in highlight.childItems())


def test_target_choices_are_rings_without_banners(window: MainWindow) -> None:
    window.conflict.flow.begin("strike", "a")
    [choice] = [i for i in window.scene.items() if isinstance(i, TargetChoiceItem)]
    assert not choice.labels
    assert not any(isinstance(child, RulerLabelItem) for child in choice.childItems())
    styles = sorted(m.style.name for m in choice.marks)
    assert styles.count("target") >= 1 and "refused" in styles  # the Far Rat is out of Reach
    board = window.document.board
    centres = [window.scene.geometry.center(t.position) for t in board.tokens.values()]
    rects = choice.badge_rects(0.5)
    assert rects and not any(r.contains(c) for r in rects for c in centres)


# -- outcomes derived from the document ---------------------------------------------------------
def test_undo_takes_the_hit_mark_and_the_outcome_away_and_redo_brings_them_back(
    window: MainWindow,
) -> None:
    panel = window.conflict.flow.panel
    strike(window)
    [item] = results(window)
    assert item.hit == ("g",) and "succeeds" in panel.outcome.text()
    shortcut_action(window, QKeySequence.StandardKey.Undo).trigger()
    assert results(window) == [] and panel.outcome.text() == ""
    assert window.document.board.rolls == ()
    shortcut_action(window, QKeySequence.StandardKey.Redo).trigger()
    [item] = results(window)
    assert item.hit == ("g",) and "succeeds" in panel.outcome.text()


def test_a_miss_is_marked_and_undone_the_same_way(window: MainWindow) -> None:
    strike(window, hits=False)
    [item] = results(window)
    assert item.missed == ("g",) and [m.style for m in item.marks] == [MISS]
    window.document.undo_stack.undo()
    assert results(window) == []


def test_the_mark_outlives_a_later_move_but_not_next_turn(
    window: MainWindow,
) -> None:
    strike(window)
    doc = window.document
    panel = window.conflict.flow.panel
    doc.undo_stack.push(BoardEditCommand(doc, placed(doc.board, "f", Hex(7, 8)), "Move"))
    assert len(results(window)) == 1
    window.turns.controller.next_turn()  # F9: the turn the Strike was made in is over
    assert results(window) == [] and panel.outcome.text() == ""
    doc.undo_stack.undo()  # Next Turn: the Strike's turn again
    assert len(results(window)) == 1 and "succeeds" in panel.outcome.text()
    doc.undo_stack.redo()
    assert results(window) == [] and panel.outcome.text() == ""
    doc.undo_stack.undo()  # Next Turn
    doc.undo_stack.undo()  # the move
    assert len(results(window)) == 1
    doc.undo_stack.undo()  # the Strike
    assert results(window) == [] and window.conflict.flow.panel.outcome.text() == ""
    doc.undo_stack.push(BoardEditCommand(doc, placed(doc.board, "f", Hex(7, 8)), "Move"))
    assert results(window) == []  # the Strike can no longer come back


def test_next_turn_puts_away_an_action_chosen_but_not_rolled(window: MainWindow) -> None:
    """The Action dock of the last turn's creature is not left to be rolled out of turn."""
    flow = window.conflict.flow
    flow.show(ActionRequest("strike", "a", "g"))
    assert flow.dock.isVisible() and flow.panel.roll_button.isEnabled()
    window.turns.controller.next_turn()  # F9
    assert not flow.dock.isVisible() and flow.panel.request is None
    assert not [i for i in window.scene.items() if isinstance(i, TargetChoiceItem)]


def test_the_mark_follows_its_token(window: MainWindow) -> None:
    strike(window)
    doc = window.document
    doc.undo_stack.push(BoardEditCommand(doc, placed(doc.board, "g", Hex(6, 5)), "Move"))
    [item] = results(window)
    [mark] = item.marks
    assert window.scene.geometry.hex_at(mark.centre) == Hex(6, 5)


def test_escape_and_the_next_action_still_clear_the_marks(window: MainWindow) -> None:
    strike(window)
    flow = window.conflict.flow
    flow.close()
    window.document.undo_stack.undo()
    window.document.undo_stack.redo()
    assert results(window) == []  # put away: it does not come back by itself
    strike(window)
    flow.begin("strike", "a")
    assert results(window) == [] and flow.panel.outcome.text() == ""


def test_every_badge_rect_is_near_its_corner(window: MainWindow) -> None:
    strike(window)
    [item] = results(window)
    [mark] = item.marks
    size = window.scene.geometry.size
    for scale in (0.5, 1.0):
        [rect] = item.badge_rects(scale)
        assert isinstance(rect, QRectF)
        assert rect.contains(mark.anchor)  # centred on the footprint's corner
        assert rect.width() / 2 <= BADGE_REACH * size + 1e-6
