"""Every mark on one token stays visible with the others, and no mark hides its token at fit
zoom (issue #16, "Overlays never hide tokens"): the turn and a MISS on one creature keep
their own rings and corners; the target choice's pens and badges are capped by the hex on
screen; the picked target keeps a mark while the Action dock is open; Hinder is a
token_marks mark like the others; a refused path leaves nothing drawn once it goes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from app.document import MapDocument
from app.scene.action_items import ActionResultItem, PickedTargetItem, TargetChoiceItem
from app.scene.keyboard_items import cursor_pens
from app.scene.movement_items import HinderMarkItem, MovePathItem
from app.scene.token_marks import (
    MIN_BADGE_PX,
    MIN_PEN_PX,
    MISS,
    TARGET,
    TURN,
    MarksItem,
    badge_layout,
    badge_rects_in,
    pen_width,
    ring_path,
)
from app.shell.main_window import MainWindow
from app.tools.movement_preview import MovementPreview
from rules import Board, Hex, Token
from tests.app.conflict_helpers import FIGHTER, in_conflict

STATS = FIGHTER


def make_board() -> Board:
    return in_conflict(
        Board.blank(14, 12)
        .with_token(Token("a", "Aria", Hex(3, 3), vitals=STATS))
        .with_token(Token("g", "Goblin", Hex(4, 3), size=-1, side="enemy"))
        .with_token(Token("o", "Orc", Hex(4, 2), side="enemy"))
    )


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


def items_of(window: MainWindow, kind: type) -> list:  # type: ignore[type-arg]
    return [i for i in window.scene.items() if isinstance(i, kind)]


# -- the turn and an outcome on one token ---------------------------------------------------------
def test_a_token_both_acting_and_missed_shows_both_marks(window: MainWindow) -> None:
    scene, board = window.scene, window.document.board
    highlight = window.turns.tracker_dock.highlight
    highlight.show_on(scene.token_item("g"))  # the Goblin's turn …
    missed = ActionResultItem(scene.geometry, board.tokens, (), ("g",), {}, ())  # … and missed
    scene.addItem(missed)
    [turn], [miss] = highlight.marks, missed.marks
    assert turn.style is TURN and miss.style is MISS
    for scale in (0.4, 0.6, 1.0, 2.0):
        turn_badges, miss_badges = highlight.badge_rects(scale), missed.badge_rects(scale)
        assert len(turn_badges) == len(miss_badges) == 1  # both badges shown …
        assert not turn_badges[0].intersects(miss_badges[0])  # … on corners of their own
        turn_ring = highlight.mapRectToScene(ring_path(turn, scale).boundingRect())
        miss_ring = ring_path(miss, scale).boundingRect()
        assert turn_ring.contains(miss_ring) and turn_ring != miss_ring  # the turn outermost
        gap = (turn_ring.width() - miss_ring.width()) / 2 * scale  # screen pixels
        assert gap >= (pen_width(TURN, turn.hex_size * scale) + pen_width(MISS, 1)) / 2


def test_a_turn_badge_and_an_outcome_badge_never_share_a_corner_at_fit_zoom(
    window: MainWindow,
) -> None:
    scene, board = window.scene, window.document.board
    highlight = window.turns.tracker_dock.highlight
    for token_id in board.tokens:
        highlight.show_on(scene.token_item(token_id))
        missed = ActionResultItem(scene.geometry, board.tokens, (), (token_id,), {}, ())
        [turn], [miss] = highlight.marks, missed.marks
        assert highlight.mapToScene(turn.anchor) != miss.anchor


# -- the target choice at fit zoom -------------------------------------------------------------
def test_at_a_20_px_hex_pens_and_badges_stay_within_the_caps() -> None:
    hex_px = 10.0  # circumradius: a hex 20 px tall on screen
    for style in (TARGET, TURN, MISS):
        assert MIN_PEN_PX <= pen_width(style, hex_px) <= max(MIN_PEN_PX, 0.08 * 20) + 1e-9
    layout = badge_layout(TARGET, hex_px)
    assert layout is not None and layout.round
    assert layout.box.width() <= 0.4 * 20 + 1e-9 and layout.box.height() <= 0.4 * 20 + 1e-9
    assert badge_layout(TARGET, 9.0) is None  # under 8 px: the ring alone
    assert max(cursor_pens(hex_px)) <= 0.08 * 20 + 1e-9  # the keyboard cursor as thin


def test_the_target_choice_badges_are_capped_on_the_real_view(window: MainWindow) -> None:
    window.conflict.flow.begin("strike", "a")
    [choice] = items_of(window, TargetChoiceItem)
    size = window.scene.geometry.size
    scale = 10.0 / size  # a hex 20 px tall on screen
    rects = choice.badge_rects(scale)
    assert rects
    for rect in rects:
        assert rect.width() * scale <= 8.0 + 1e-6 and rect.height() * scale <= 8.0 + 1e-6
        assert rect.width() * scale >= MIN_BADGE_PX - 1e-6
    assert choice.badge_rects(9.0 / size) == []  # too small to read: rings only


# -- the target picked ---------------------------------------------------------------------------
def test_the_picked_target_keeps_a_mark_while_the_dock_is_open(window: MainWindow) -> None:
    flow = window.conflict.flow
    flow.begin("strike", "a")
    tool = window.scene.tool
    while tool.choice != "g":  # Tab to the Goblin, then Enter: what a click on it does
        tool.cycle(1)
    tool.pick_choice()
    assert not items_of(window, TargetChoiceItem)  # the choice is over …
    [picked] = items_of(window, PickedTargetItem)  # … and the Goblin keeps its ring
    assert picked.token_id == "g" and flow.dock.isVisible()
    assert picked.badge_rects(1.0)
    flow.close()
    assert not items_of(window, PickedTargetItem)


# -- Hinder is a token_marks mark ---------------------------------------------------------------
def test_hinder_is_built_from_token_marks_and_its_badge_is_listed(window: MainWindow) -> None:
    preview = MovementPreview(window.scene)
    preview.start("a")
    plan = preview.show(Hex(3, 4), enforced=True)
    hinderers = [h.hinderer_id for h in plan.hinder if h.allowed]
    assert hinderers
    marks = items_of(window, HinderMarkItem)
    assert marks and all(isinstance(m, MarksItem) for m in marks)
    assert {m.token_id for m in marks} == set(hinderers)
    listed = badge_rects_in(window.scene, 1.0)
    for mark in marks:
        assert all(rect in listed for rect in mark.badge_rects(1.0))
    preview.clear()
    assert not items_of(window, HinderMarkItem)


# -- a path leaves nothing behind --------------------------------------------------------------
def test_a_removed_path_repaints_all_of_its_old_area(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = MovementPreview(window.scene)
    preview.start("a")
    preview.show(Hex(12, 10), enforced=True)  # far: refused, a long path
    [path] = items_of(window, MovePathItem)
    assert not path.plan.allowed
    box = path.sceneBoundingRect()
    assert all(box.contains(p) for p in path.points)  # every step, not the last alone
    changed: list[QRectF] = []
    window.scene.changed.connect(changed.extend)
    preview.clear()
    qtbot.waitUntil(lambda: bool(changed))
    repainted = QRectF()
    for rect in changed:
        repainted = repainted.united(rect)
    assert all(repainted.contains(p) for p in path.points)
