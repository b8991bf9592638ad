"""Dragging a creature during a conflict: live path, cost and reach shading, one undo step
that pays the Movement, snap-back with the reason; arrow keys; motion pills (issue #6)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from PySide6.QtCore import QLineF, QPoint, QRectF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest

from app.document import MapDocument
from app.resources import demo_map_path
from app.scene.geometry import SceneGeometry
from app.scene.label_placement import clipped_length
from app.scene.movement_items import HinderMarkItem, MoveLabelItem, MovePathItem, ReachShadeItem
from app.scene.token_badges import condition_badges
from app.scene.token_marks import HINDER
from app.shell.main_window import MainWindow
from app.tools.step_keys import direction_for_angle, key_direction
from rules import DIRECTIONS, Board, Hex, Motion, Orientation, Token, TokenKind, movement_field
from rules.board import with_turn
from rules.movement import begin_turn
from rules.movement.plan import movement_left
from rules.turns import TurnState, join, start
from tests.app.qt_helpers import activate

NO = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


def conflict_board(started: bool = True) -> Board:
    """Aria (Movement 5) on open ground, a steep space two east of her, a goblin to the
    south east (adjacent), a wall to the west; Aria's turn when ``started``."""
    board = Board.blank(14, 10, name="Drag")
    aria = Token("aria", "Aria", Hex(4, 4), side="party")
    board = board.with_token(aria).with_token(Token("gob", "Goblin", Hex(4, 5), size=-1))
    board = board.with_terrain("steep", [Hex(6, 4)], True)
    board = board.with_terrain("blocked", [Hex(3, 4)], True)
    if not started:
        return board
    turn = start(join(join(TurnState(), "aria", 9), "gob", 3))
    return begin_turn(with_turn(board, turn), "aria").board


@pytest.fixture
def conflict(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(conflict_board()))


def point(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def press_and_hover(window: MainWindow, start: Hex, hover: Hex) -> None:
    viewport = window.view.viewport()
    QTest.mousePress(viewport, LEFT, NO, point(window, start))
    QTest.mouseMove(viewport, point(window, hover))


def items_of(window: MainWindow, kind: type) -> list:  # type: ignore[type-arg]
    return [i for i in window.scene.items() if isinstance(i, kind)]


def test_a_drag_shows_reach_path_cost_and_hinder_then_pays_in_one_undo_step(
    conflict: MainWindow,
) -> None:
    board = conflict.document.board
    target = Hex(6, 4)  # two steps east, the second climbs a steep face: 1 + 2
    press_and_hover(conflict, Hex(4, 4), target)
    (shade,) = items_of(conflict, ReachShadeItem)
    expected = movement_field(board, "aria", 5).spaces()
    assert shade.spaces == frozenset(expected)
    (path,) = items_of(conflict, MovePathItem)
    assert path.plan.path == (Hex(4, 4), Hex(5, 4), Hex(6, 4))
    assert [s.cost for s in path.plan.steps] == [1, 2]
    (label,) = items_of(conflict, MoveLabelItem)
    assert label.lines == [
        "Aria: 3 of 5 Movement, 2 left",
        "+1 climbing",  # the rules' charge, in its words
        "Roll Climb DL 6; could Hinder: Goblin DL 3",  # a possibility, not a roll due
    ]
    (mark,) = items_of(conflict, HinderMarkItem)  # a ring on the goblin, inside its space
    goblin = conflict.scene.geometry.center(Hex(4, 5))
    (ring,) = mark.marks  # one token_marks mark: the same ring and badge as every mark
    assert ring.style is HINDER and ring.centre == goblin
    assert mark.toolTip().startswith("Goblin could Hinder this movement")
    size = conflict.scene.geometry.size
    assert (
        QRectF(goblin, goblin).adjusted(-size, -size, size, size).contains(ring.ring.boundingRect())
    )
    assert "may Hinder: Goblin" in conflict.statusBar().currentMessage()
    QTest.mouseRelease(conflict.view.viewport(), LEFT, NO, point(conflict, target))
    after = conflict.document.board.token("aria")
    assert after.position == target and movement_left(after) == 2 and after.moving
    stack = conflict.document.undo_stack
    assert stack.count() == 1 and stack.text(0) == "Move Aria 2 spaces (3 Movement)"
    assert not items_of(conflict, ReachShadeItem) and not items_of(conflict, MovePathItem)
    stack.undo()
    assert conflict.document.board == board


def test_a_target_beyond_the_movement_left_snaps_back_with_the_reason(
    conflict: MainWindow,
) -> None:
    board = conflict.document.board
    far = Hex(10, 4)
    press_and_hover(conflict, Hex(4, 4), far)
    (path,) = items_of(conflict, MovePathItem)
    assert not path.plan.allowed and path.plan.path[-1] == far  # still drawn, dashed
    QTest.mouseRelease(conflict.view.viewport(), LEFT, NO, point(conflict, far))
    assert conflict.document.board == board
    assert conflict.document.undo_stack.count() == 0
    message = conflict.statusBar().currentMessage()
    assert "Aria cannot move there" in message and "5 left" in message
    item = conflict.scene.token_item("aria")
    assert item is not None and conflict.scene.geometry.hex_at(item.pos()) == Hex(4, 4)


def test_alt_release_places_freely_without_paying(conflict: MainWindow) -> None:
    far = Hex(10, 4)
    press_and_hover(conflict, Hex(4, 4), far)
    alt = Qt.KeyboardModifier.AltModifier
    QTest.mouseRelease(conflict.view.viewport(), LEFT, alt, point(conflict, far))
    aria = conflict.document.board.token("aria")
    assert aria.position == far and movement_left(aria) == 5


def test_outside_a_conflict_the_preview_informs_and_the_move_is_free(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(conflict_board(started=False)))
    far = Hex(10, 4)
    press_and_hover(window, Hex(4, 4), far)
    (label,) = items_of(window, MoveLabelItem)
    assert label.lines == ["Aria: cost 7, free (no conflict running)", "+1 climbing"]
    QTest.mouseRelease(window.view.viewport(), LEFT, NO, point(window, far))
    aria = window.document.board.token("aria")
    assert aria.position == far and movement_left(aria) == 5 and not aria.moving


def demo_in_conflict(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    """The demo map with every creature in a conflict, Aria Vell's turn."""
    board = MapDocument.open(demo_map_path()).board
    turn = TurnState()
    creatures = [t for t in board.tokens.values() if t.kind is TokenKind.CREATURE]
    for i, token in enumerate(creatures):
        turn = join(turn, token.id, 20 - i)
    return make_window(MapDocument(begin_turn(with_turn(board, start(turn)), "aria").board))


def label_rect(window: MainWindow, label: MoveLabelItem) -> QRectF:
    return label.scene_rect(window.view.transform().m11())


@pytest.mark.parametrize("zoom", [1.0, 3.0])
@pytest.mark.parametrize("target", [Hex(11, 16), Hex(8, 16), Hex(11, 13)])
def test_on_the_demo_map_the_label_is_compact_and_clear_of_tokens_and_path(
    make_window,  # type: ignore[no-untyped-def]
    zoom: float,
    target: Hex,
) -> None:
    window = demo_in_conflict(make_window)
    if zoom != 1.0:
        window.view.scale(zoom, zoom)
        window.view.centerOn(window.scene.geometry.center(Hex(10, 15)))
    viewport = window.view.viewport()
    QTest.mousePress(viewport, LEFT, NO, point(window, Hex(9, 14)))
    QTest.mouseMove(viewport, point(window, Hex(10, 14)))
    QTest.mouseMove(viewport, point(window, target))
    (label,) = items_of(window, MoveLabelItem)
    assert 1 <= len(label.lines) <= 3 and all(len(line) <= 44 for line in label.lines)
    assert not re.search(r"\(-?\d+, -?\d+\)", label.text)  # no raw coordinates
    assert label.lines[0].startswith("Aria Vell: ") and "left" in label.lines[0]
    rect = label_rect(window, label)
    for item in window.scene.token_items().values():
        assert not item.mapToScene(item.shape()).intersects(rect), item.token.name
    (path,) = items_of(window, MovePathItem)
    for a, b in zip(path.points, path.points[1:], strict=False):
        assert clipped_length(QLineF(a, b), rect) is None
    visible = window.view.mapToScene(viewport.rect()).boundingRect()
    assert visible.contains(rect)


def test_the_movement_dock_lists_each_step_of_the_live_preview(make_window) -> None:  # type: ignore[no-untyped-def]
    window = demo_in_conflict(make_window)
    window.build_deferred()  # as after the first paint
    activate(window)
    QTest.keyClick(window, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier | SHIFT)
    dock = window.movement.dock  # View → Movement Steps: it follows the live preview
    assert dock.isVisible() and not dock.visibleRegion().isEmpty()
    viewport = window.view.viewport()
    QTest.mousePress(viewport, LEFT, NO, point(window, Hex(9, 14)))
    QTest.mouseMove(viewport, point(window, Hex(10, 14)))
    QTest.mouseMove(viewport, point(window, Hex(11, 16)))
    panel = dock.move_panel
    assert panel.title.text() == "Move — Aria Vell"
    assert panel.headline.text() == "Aria Vell: 4 of 5 Movement, 1 left"
    steps = panel.step_texts()
    assert [line.split(".")[0] for line in steps[:4]] == ["1", "2", "3", "4"]
    assert all("1 space by Land" in line for line in steps[:4])  # each step's cost and why
    assert "Total 4; pays 4 of 5 Movement left" in steps
    assert any(line.startswith("Goblin 1 may Hinder") for line in steps)
    QTest.mouseRelease(viewport, LEFT, NO, point(window, Hex(11, 16)))
    assert panel.step_texts() == steps  # the last move stays readable after the drop


def key(code: Qt.Key, modifiers: Qt.KeyboardModifier = NO) -> QKeyEvent:
    return QKeyEvent(QKeyEvent.Type.KeyPress, code, modifiers)


def test_arrow_keys_step_the_selected_token_with_the_same_rules(conflict: MainWindow) -> None:
    conflict.scene.set_selection(["aria"])
    conflict.view.setFocus()
    QTest.keyClick(conflict.view.viewport(), Qt.Key.Key_Right)
    aria = conflict.document.board.token("aria")
    assert aria.position == Hex(5, 4) and movement_left(aria) == 4
    QTest.keyClick(conflict.view.viewport(), Qt.Key.Key_Right)  # a steep face: 2
    assert movement_left(conflict.document.board.token("aria")) == 2
    assert conflict.document.undo_stack.count() == 2
    conflict.document.undo_stack.undo()
    conflict.document.undo_stack.undo()
    QTest.keyClick(conflict.view.viewport(), Qt.Key.Key_Left)  # a wall
    assert conflict.document.board.token("aria").position == Hex(4, 4)
    assert "wall" in conflict.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("orientation", "code", "modifiers", "expected"),
    [
        (Orientation.POINTY, Qt.Key.Key_Right, NO, Hex(1, 0)),
        (Orientation.POINTY, Qt.Key.Key_Left, NO, Hex(-1, 0)),
        (Orientation.POINTY, Qt.Key.Key_Up, NO, Hex(1, -1)),  # north-east
        (Orientation.POINTY, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier, Hex(0, -1)),
        (Orientation.POINTY, Qt.Key.Key_Down, NO, Hex(-1, 1)),  # south-west
        (Orientation.FLAT, Qt.Key.Key_Up, NO, Hex(0, -1)),  # north
        (Orientation.FLAT, Qt.Key.Key_Down, NO, Hex(0, 1)),
    ],
)
def test_arrow_keys_pick_the_hex_direction_nearest_on_screen(
    orientation: Orientation, code: Qt.Key, modifiers: Qt.KeyboardModifier, expected: Hex
) -> None:
    geometry = SceneGeometry(orientation)
    assert DIRECTIONS[key_direction(geometry, key(code, modifiers)) or 0] == expected


def test_the_keypad_has_its_diagonals() -> None:
    geometry = SceneGeometry(Orientation.POINTY)
    pad = Qt.KeyboardModifier.KeypadModifier
    assert DIRECTIONS[key_direction(geometry, key(Qt.Key.Key_9, pad)) or 0] == Hex(1, -1)
    assert DIRECTIONS[key_direction(geometry, key(Qt.Key.Key_1, pad)) or 0] == Hex(-1, 1)
    assert key_direction(geometry, key(Qt.Key.Key_9)) is None  # the digit row is not a pad
    every = {direction_for_angle(geometry, a) for a in range(0, 360, 60)}
    assert every == set(range(6))


def test_motion_pills_show_flight_height_pace_and_amble() -> None:
    token = Token(
        "bat",
        "Bat",
        Hex(0, 0),
        movement_types=("fly", "land"),
        motion=Motion(mode="fly", altitude=3, pace="dash", amble=True),
    )
    texts = [b.text for b in condition_badges(replace(token))]
    assert texts[:3] == ["FLY 3", "DAS", "AMB"]


@pytest.mark.parametrize("zoom", [1.0, 0.3, 0.05])
def test_the_reach_shade_holds_its_whole_outline_far_out(zoom: float) -> None:
    """The shade is drawn once into a cached picture clipped to its rect: the outline's
    3-px cosmetic pen reaches 1.5 px beyond the region at every zoom down to 5 %, and
    the rect holds it (with 4 scene units it lost half its width below 37 %)."""
    geometry = SceneGeometry(Orientation.POINTY)
    shade = ReachShadeItem(geometry, [Hex(0, 0), Hex(1, 0), Hex(0, 1)])
    region = geometry.hexes_path(shade.spaces).boundingRect()
    half_pen = 1.5 / zoom  # scene units
    assert shade.boundingRect().contains(region.adjusted(-half_pen, -half_pen, half_pen, half_pen))
