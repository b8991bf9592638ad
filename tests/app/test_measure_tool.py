"""The Measure tool: a ruler between hexes and tokens, with waypoints; it never edits the map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLineF, QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from app.document import MapDocument
from app.scene.label_placement import clipped_length
from app.scene.measure_items import RulerLabelItem, RulerLegItem
from app.scene.tool import Gesture
from app.shell.main_window import MainWindow
from app.tools.measure import MeasureTool
from rules import Board, Hex, Orientation, Token, distance

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
NO = Qt.KeyboardModifier.NoModifier
OGRE_AT = Hex(8, 5)  # size 5: the anchor and its six neighbours


def make_board(options: dict[str, str] | None = None) -> Board:
    board = (
        Board.blank(16, 12)
        .with_token(Token("a", "Aria", Hex(2, 2)))
        .with_token(Token("o", "Ogre", OGRE_AT, size=5))
        .with_terrain("elevation", [Hex(6, 2), Hex(7, 2)], 2)
    )
    return board.with_options(options) if options else board


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


@pytest.fixture
def tool(window: MainWindow) -> MeasureTool:
    tool = MeasureTool(window.scene)
    window.scene.set_tool(tool)
    window.view.setFocus()
    return tool


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def gesture(window: MainWindow, h: Hex, button: Qt.MouseButton = LEFT) -> Gesture:
    return Gesture(window.scene.geometry.center(h), h, button, NO)


def click(window: MainWindow, h: Hex, button: Qt.MouseButton = LEFT) -> None:
    QTest.mouseClick(window.view.viewport(), button, NO, at(window, h))


def hover(window: MainWindow, h: Hex) -> None:
    QTest.mouseMove(window.view.viewport(), at(window, h))


def key(window: MainWindow, k: Qt.Key) -> None:
    QTest.keyClick(window.view, k)


def ruler_items(window: MainWindow) -> list[object]:
    return [i for i in window.scene.items() if isinstance(i, (RulerLegItem, RulerLabelItem))]


def test_between_two_hexes_live_then_finished(window: MainWindow, tool: MeasureTool) -> None:
    a, b = Hex(2, 6), Hex(6, 6)
    hints: list[str] = []
    window.scene.hint.connect(hints.append)
    assert tool.press(gesture(window, a)) and tool.measuring
    tool.release(gesture(window, a))
    assert tool.legs() == [] and ruler_items(window) == []
    tool.move(gesture(window, b))  # the ruler follows the mouse
    [leg] = tool.legs()
    assert (leg.spaces, leg.flat, leg.climb, leg.feet) == (4, 4, 0, 20)
    assert leg.nearest == (a, b)
    assert tool.summary() == "F7 → J7: 4 spaces, 20 ft" == hints[-1]  # as players say hexes
    assert tool.press(gesture(window, b, RIGHT))  # right-click finishes at the mouse
    assert not tool.measuring and [d.spaces for d in tool.legs()] == [4]
    tool.move(gesture(window, Hex(9, 9)))  # a finished ruler stays put
    assert [d.spaces for d in tool.legs()] == [4]
    legs = [i for i in ruler_items(window) if isinstance(i, RulerLegItem)]
    [label] = [i for i in ruler_items(window) if isinstance(i, RulerLabelItem)]
    assert len(legs) == 1 and legs[0].track == frozenset(
        Hex(q, 6) for q in range(2, 7)
    )  # the hex_line between the ends, outlined
    assert label.text == "4 spaces, 20 ft"
    assert label.label_font.pixelSize() >= 14 and label.label_font.bold()
    assert label.zValue() > max(i.zValue() for i in window.scene.token_items().values())
    assert label.pos() == window.scene.geometry.center(b)


def test_the_ends_are_named_by_column_letter_and_row_on_a_flat_map_too(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(Board.blank(10, 8, Orientation.FLAT)))
    tool = MeasureTool(window.scene)
    window.scene.set_tool(tool)
    tool.press(gesture(window, Hex(0, 0)))
    tool.move(gesture(window, Hex(2, -1)))  # odd-q: column C starts at r = -1
    assert tool.summary() == "A1 → C1: 2 spaces, 10 ft"
    tool.move(gesture(window, Hex(3, 4)))  # column D (odd), row 4 + 1 = 5, 6th row
    assert tool.summary().startswith("A1 → D6: ")


def test_from_a_hex_to_the_nearest_hex_of_a_big_token(
    window: MainWindow, tool: MeasureTool
) -> None:
    ogre = window.document.board.token("o")
    assert len(ogre.footprint) == 7
    start = Hex(3, 5)
    click(window, start)
    hover(window, OGRE_AT + Hex(1, 0))  # any hex of the footprint snaps to all of it
    [leg] = tool.legs()
    assert leg.nearest[0] == start and leg.nearest[1] in ogre.footprint
    assert leg.spaces == min(distance(start, h) for h in ogre.footprint) == 4
    assert leg.spaces < distance(start, OGRE_AT)
    assert "Ogre" in tool.summary()


def test_elevation_adds_climb(window: MainWindow, tool: MeasureTool) -> None:
    click(window, Hex(2, 2))  # Aria, on the ground
    click(window, Hex(6, 2), RIGHT)  # up on the hill (elevation 2)
    [leg] = tool.legs()
    assert (leg.flat, leg.climb, leg.spaces, leg.feet) == (4, 2, 6, 30)
    assert tool.summary() == "Aria (D3) → H3: 6 spaces, 30 ft (4 across + 2 up/down)"
    [label] = [i for i in ruler_items(window) if isinstance(i, RulerLabelItem)]
    assert label.text == "6 spaces, 30 ft (2 up/down)"  # compact: the status bar has the rest


def test_the_ignore_option_leaves_elevation_out(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(make_board({"range_elevation": "ignore"})))
    tool = MeasureTool(window.scene)
    window.scene.set_tool(tool)
    click(window, Hex(2, 2))
    click(window, Hex(6, 2), RIGHT)
    [leg] = tool.legs()
    assert (leg.flat, leg.climb, leg.spaces) == (4, 0, 4)
    assert "up/down" not in tool.summary() and "elevation not counted" in tool.summary()


def test_waypoints_chain_and_sum(window: MainWindow, tool: MeasureTool) -> None:
    ogre = window.document.board.token("o")
    a, b, c = Hex(2, 6), Hex(5, 6), Hex(12, 6)
    click(window, a)
    click(window, b)  # waypoint
    click(window, OGRE_AT)  # waypoint on a token
    hover(window, c)
    key(window, Qt.Key.Key_Return)  # Enter finishes at the mouse
    assert not tool.measuring
    legs = tool.legs()
    assert [leg.spaces for leg in legs] == [3, 2, 4]
    assert legs[1].nearest[1] in ogre.footprint
    assert legs[2].nearest[0] in ogre.footprint  # the next leg starts from the footprint
    assert legs[2].spaces == min(distance(h, c) for h in ogre.footprint)
    assert [(label.leg, label.text) for label in tool.labels()] == [
        (0, "3 spaces, 15 ft"),
        (1, "2 spaces, 10 ft"),
        (2, "4 spaces, 20 ft"),
        (None, "Total 9 spaces, 45 ft"),
    ]
    assert tool.summary() == (
        "F7 → I7 → Ogre (K6) → P7 — Leg 1: 3 spaces, 15 ft · Leg 2: 2 spaces, 10 ft"
        " · Leg 3: 4 spaces, 20 ft · Total 9 spaces, 45 ft"
    )
    assert len(ruler_items(window)) == 7


def test_double_click_finishes_without_an_empty_leg(window: MainWindow, tool: MeasureTool) -> None:
    click(window, Hex(2, 6))
    hover(window, Hex(4, 6))
    QTest.mouseDClick(window.view.viewport(), LEFT, NO, at(window, Hex(4, 6)))
    assert not tool.measuring
    assert [leg.spaces for leg in tool.legs()] == [2]
    click(window, Hex(9, 9))  # the next click starts a new ruler
    assert tool.measuring and tool.legs() == [] and ruler_items(window) == []


def test_backspace_removes_the_last_waypoint(window: MainWindow, tool: MeasureTool) -> None:
    click(window, Hex(2, 6))
    click(window, Hex(5, 6))
    click(window, Hex(5, 9))
    hover(window, Hex(8, 9))
    assert [leg.spaces for leg in tool.legs()] == [3, 3, 3]
    key(window, Qt.Key.Key_Backspace)  # (5, 9) goes: the live leg runs from (5, 6)
    assert [leg.spaces for leg in tool.legs()] == [3, distance(Hex(5, 6), Hex(8, 9))]
    key(window, Qt.Key.Key_Return)  # finishes at the mouse, (8, 9)
    assert [leg.spaces for leg in tool.legs()] == [3, 6] and not tool.measuring
    key(window, Qt.Key.Key_Backspace)  # on a finished ruler too
    assert [leg.spaces for leg in tool.legs()] == [3] and len(ruler_items(window)) == 2
    key(window, Qt.Key.Key_Backspace)  # one end left: nothing to show
    assert tool.legs() == [] and ruler_items(window) == []


def test_escape_and_switching_tools_remove_the_ruler(window: MainWindow, tool: MeasureTool) -> None:
    click(window, Hex(2, 6))
    click(window, Hex(5, 6))
    hover(window, Hex(8, 6))
    assert len(ruler_items(window)) == 5  # two legs, their labels and the total
    key(window, Qt.Key.Key_Escape)
    assert ruler_items(window) == [] and tool.legs() == [] and tool.summary() == ""
    assert not tool.measuring
    window.scene.set_tool(tool)  # Esc also left the tool (issue #16): take it again
    click(window, Hex(2, 6))
    click(window, Hex(5, 6), RIGHT)
    assert len(ruler_items(window)) == 2
    window.scene.set_tool(window.scene.select_tool)
    assert ruler_items(window) == []


def test_measuring_never_edits_the_map(window: MainWindow, tool: MeasureTool) -> None:
    before = window.document.board
    click(window, Hex(2, 2))  # on Aria: a press does not select or drag her
    hover(window, Hex(6, 2))
    click(window, OGRE_AT)
    QTest.mouseDClick(window.view.viewport(), LEFT, NO, at(window, Hex(10, 8)))
    key(window, Qt.Key.Key_Backspace)
    key(window, Qt.Key.Key_Escape)
    assert window.document.board is before
    assert window.document.undo_stack.count() == 0 and not window.document.is_modified()
    assert window.scene.selection == []


def test_the_ruler_follows_a_token_that_moves(window: MainWindow, tool: MeasureTool) -> None:
    click(window, Hex(2, 6))
    click(window, Hex(2, 2), RIGHT)  # to Aria
    assert tool.legs()[0].spaces == 4
    board = window.document.board
    window.document.replace_board(board.with_token_moved("a", Hex(2, 4)))
    assert tool.legs()[0].spaces == 2


def test_labels_stay_inside_the_view(window: MainWindow, tool: MeasureTool) -> None:
    board = window.document.board
    edge = board.hex_at(board.width - 1, 6)  # the label would stick out on the right
    click(window, Hex(2, 6))
    click(window, Hex(5, 6))
    click(window, edge, RIGHT)
    viewport = window.view.viewport().rect()
    for label in (i for i in ruler_items(window) if isinstance(i, RulerLabelItem)):
        where = window.view.mapFromScene(label.pos())
        box = label.box.translated(where.x(), where.y())
        assert viewport.contains(box.toAlignedRect()), label.text


def segment_distance(p: QPointF, line: QLineF) -> float:
    """How far ``p`` is from the segment ``line``."""
    d = line.p2() - line.p1()
    length2 = d.x() ** 2 + d.y() ** 2
    t = 0.0 if not length2 else QPointF.dotProduct(p - line.p1(), d) / length2
    nearest = line.p1() + d * max(0.0, min(1.0, t))
    return QLineF(p, nearest).length()


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_each_leg_label_sits_by_its_own_leg_and_the_total_by_the_end(
    window: MainWindow, tool: MeasureTool, zoom: float
) -> None:
    window.view.scale(zoom, zoom)
    window.view.centerOn(window.scene.geometry.center(Hex(6, 6)))
    a, b, c, d = Hex(2, 6), Hex(6, 6), Hex(6, 9), Hex(9, 9)  # east, south, east
    for h in (a, b, c):
        click(window, h)
    click(window, d, RIGHT)
    scale = window.view.transform().m11()
    legs = [QLineF(leg.start, leg.end) for leg in tool.items() if isinstance(leg, RulerLegItem)]
    labels = tool.labels()
    assert [label.leg for label in labels] == [0, 1, 2, None]
    rects = [label.scene_rect(scale) for label in labels]
    for label, rect in zip(labels[:3], rects, strict=False):
        assert label.leg is not None
        gaps = [segment_distance(rect.center(), leg) for leg in legs]
        assert min(gaps) == gaps[label.leg], label.text  # beside its own leg, not another's
    end, start = legs[-1].p2(), legs[0].p1()
    total = rects[-1].center()
    assert QLineF(total, end).length() < QLineF(total, start).length()
    for rect in rects:
        assert all(clipped_length(leg, rect) is None for leg in legs)  # clear of the lines
        for item in window.scene.token_items().values():
            assert not item.mapToScene(item.shape()).intersects(rect)
    assert not any(r.intersects(o) for i, r in enumerate(rects) for o in rects[i + 1 :])


def test_the_labels_are_placed_again_when_the_view_zooms(
    window: MainWindow, tool: MeasureTool
) -> None:
    a, b, c = Hex(2, 6), Hex(6, 6), Hex(6, 9)
    for h in (a, b):
        click(window, h)
    click(window, c, RIGHT)
    window.view.set_zoom(window.view.zoom * 0.5)  # zoomed out: the old offsets would cover
    scale = window.view.transform().m11()
    legs = [QLineF(leg.start, leg.end) for leg in tool.items() if isinstance(leg, RulerLegItem)]
    for label in tool.labels():
        rect = label.scene_rect(scale)
        assert all(clipped_length(leg, rect) is None for leg in legs), label.text
        for item in window.scene.token_items().values():
            assert not item.mapToScene(item.shape()).intersects(rect), label.text
