"""Terrain paint tools driven with the mouse: every stroke is one undo step, undo is exact."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton

from app.document import MapDocument
from app.scene.overlay_items import HexSetPreviewItem
from app.shell.main_window import MainWindow
from rules import Board, ConcealmentKind, GroundKind, Hex, hex_line
from rules.hexes import disk


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    board = Board.blank(16, 12).with_terrain("ground", [Hex(8, 2), Hex(9, 2)], GroundKind.SAND)
    return make_window(MapDocument(board))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def stroke_through(window: MainWindow, hexes: list[Hex]) -> None:
    viewport = window.view.viewport()
    no = Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, no, at(window, hexes[0]))
    for h in hexes[1:]:
        QTest.mouseMove(viewport, at(window, h))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, no, at(window, hexes[-1]))


def choose(window: MainWindow, tool: str, layer: str, **values: int) -> None:
    dock = window.terrain_dock
    dock.layer_box.setCurrentIndex(dock.layer_box.findData(layer))
    if "ground" in values:
        dock.ground_box.setCurrentIndex(dock.ground_box.findData(values["ground"]))
    if "value" in values:
        dock.value_box.setValue(values["value"])
    if "mode" in values:
        dock.mode_box.setCurrentIndex(values["mode"])
    dock.radius_box.setValue(values.get("radius", 0))
    if "kind" in values:
        dock.kind_box.setCurrentIndex(dock.kind_box.findData(values["kind"]))
    dock.choose_tool(tool)


def test_a_brush_stroke_is_one_undo_step_and_undo_is_exact(window: MainWindow) -> None:
    before = window.document.board
    choose(window, "brush", "ground", ground=int(GroundKind.STONE))
    path = [Hex(2, 3), Hex(3, 3), Hex(4, 3), Hex(5, 3)]
    stroke_through(window, path)
    board = window.document.board
    assert all(board.terrain_at(h).ground is GroundKind.STONE for h in path)
    assert all(board.terrain_at(h).softness == GroundKind.STONE.default_softness for h in path)
    assert int((board.layer("ground") != before.layer("ground")).sum()) == 4
    stack = window.document.undo_stack
    assert stack.count() == 1 and "Stone" in stack.text(0)
    stack.undo()
    assert window.document.board == before


def test_brush_radius_and_raising_elevation(window: MainWindow) -> None:
    choose(window, "brush", "elevation", value=2, mode=1, radius=1)  # raise by 2
    stroke_through(window, [Hex(5, 5)])
    board = window.document.board
    raised = {h for h in board.hexes() if board.terrain_at(h).elevation == 2}
    assert raised == set(disk(Hex(5, 5), 1))
    choose(window, "brush", "elevation", value=1, mode=2, radius=0)  # lower by 1
    stroke_through(window, [Hex(5, 5)])
    assert window.document.board.terrain_at(Hex(5, 5)).elevation == 1
    assert window.document.undo_stack.count() == 2


def test_line_paints_the_hexes_between_two_hexes(window: MainWindow) -> None:
    choose(window, "line", "blocked", value=1)
    a, b = Hex(1, 8), Hex(9, 4)
    stroke_through(window, [a, Hex(3, 7), Hex(6, 6), b])
    board = window.document.board
    walls = {h for h in board.hexes() if board.terrain_at(h).blocked}
    assert walls == set(hex_line(a, b))
    assert window.document.undo_stack.count() == 1


def test_fill_paints_the_connected_area_and_pick_reads_a_value(window: MainWindow) -> None:
    choose(window, "fill", "ground", ground=int(GroundKind.MUD))
    stroke_through(window, [Hex(8, 2)])  # the two sand hexes
    board = window.document.board
    assert int((board.layer("ground") == GroundKind.MUD).sum()) == 2
    choose(window, "pick", "ground")
    stroke_through(window, [Hex(9, 2)])
    assert window.terrain.paint_settings.value == int(GroundKind.MUD)
    assert window.terrain_dock.ground_box.currentData() == int(GroundKind.MUD)
    assert window.document.undo_stack.count() == 1  # picking edits nothing


def test_concealment_records_its_kind(window: MainWindow) -> None:
    choose(window, "brush", "concealment", value=6, kind=int(ConcealmentKind.MAGIC))
    stroke_through(window, [Hex(4, 4)])
    sample = window.document.board.terrain_at(Hex(4, 4))
    assert (sample.concealment, sample.concealment_kind) == (6, ConcealmentKind.MAGIC)


def test_the_stroke_is_previewed_while_dragging_and_committed_once(window: MainWindow) -> None:
    choose(window, "brush", "ground", ground=int(GroundKind.SNOW))
    viewport = window.view.viewport()
    no = Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, no, at(window, Hex(2, 2)))
    QTest.mouseMove(viewport, at(window, Hex(4, 2)))
    previews = [i for i in window.scene.items() if isinstance(i, HexSetPreviewItem)]
    assert len(previews) == 1 and previews[0].count == 3  # the gap is filled
    assert window.document.undo_stack.count() == 0  # nothing changes before release
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, no, at(window, Hex(4, 2)))
    assert not [i for i in window.scene.items() if isinstance(i, HexSetPreviewItem)]
    assert window.document.undo_stack.count() == 1


def test_painting_what_is_already_there_adds_no_step(window: MainWindow) -> None:
    choose(window, "brush", "ground", ground=int(GroundKind.OPEN))
    stroke_through(window, [Hex(3, 3)])
    assert window.document.undo_stack.count() == 0
    assert "Nothing to change" in window.statusBar().currentMessage()


def test_hiding_a_layer_leaves_it_off_the_map(window: MainWindow) -> None:
    choose(window, "brush", "blocked", value=1)
    stroke_through(window, [Hex(6, 6)])
    grid = window.scene.grid_item
    shown = grid.colors().copy()
    window.terrain_dock.visibility["blocked"].setChecked(False)
    assert grid.hidden_layers == frozenset({"blocked", "softness"})  # softness starts hidden
    assert not np.array_equal(grid.colors(), shown)
    window.terrain_dock.visibility["blocked"].setChecked(True)
    assert np.array_equal(grid.colors(), shown)


def test_select_tool_moves_tokens_again_after_painting(window: MainWindow) -> None:
    choose(window, "brush", "ground", ground=int(GroundKind.STONE))
    window.terrain_dock.choose_tool("select")
    assert window.scene.tool is window.scene.select_tool


def test_raising_concealment_also_records_its_kind_and_undo_is_exact(window: MainWindow) -> None:
    before = window.document.board
    choose(window, "brush", "concealment", value=3, mode=1, kind=int(ConcealmentKind.MAGIC))
    stroke_through(window, [Hex(7, 7)])
    sample = window.document.board.terrain_at(Hex(7, 7))
    assert (sample.concealment, sample.concealment_kind) == (3, ConcealmentKind.MAGIC)
    window.document.undo_stack.undo()
    assert window.document.board == before


@pytest.mark.parametrize(
    ("tool", "layer", "values", "path"),
    [
        ("line", "water_depth", {"value": 2}, [Hex(1, 1), Hex(6, 3)]),
        ("fill", "ground", {"ground": int(GroundKind.SNOW)}, [Hex(0, 0)]),
        ("brush", "elevation", {"value": 1, "mode": 2, "radius": 2}, [Hex(4, 4), Hex(6, 4)]),
        ("brush", "softness", {"value": 9, "radius": 1}, [Hex(3, 6)]),
        ("brush", "steep", {"value": 1}, [Hex(2, 2), Hex(3, 2)]),
    ],
)
def test_every_tool_and_layer_undoes_exactly(
    window: MainWindow, tool: str, layer: str, values: dict[str, int], path: list[Hex]
) -> None:
    before = window.document.board
    choose(window, tool, layer, **values)
    stroke_through(window, path)
    assert window.document.undo_stack.count() == 1
    assert window.document.board != before
    window.document.undo_stack.undo()
    assert window.document.board == before


def test_magic_concealment_and_softness_are_drawn_differently(window: MainWindow) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    def render(h: Hex) -> QImage:
        center = window.scene.geometry.center(h)
        image = QImage(200, 200, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        window.scene.render(
            painter, QRectF(0, 0, 200, 200), QRectF(center.x() - 40, center.y() - 40, 80, 80)
        )
        painter.end()
        return image

    choose(window, "brush", "concealment", value=4, kind=int(ConcealmentKind.WORLD))
    stroke_through(window, [Hex(3, 3)])
    choose(window, "brush", "concealment", value=4, kind=int(ConcealmentKind.MAGIC))
    stroke_through(window, [Hex(6, 3)])
    assert render(Hex(3, 3)) != render(Hex(6, 3))  # same Tier, another pattern
    plain = render(Hex(9, 6))
    window.terrain_dock.visibility["softness"].setChecked(True)
    assert render(Hex(9, 6)) != plain  # "≈2" written in the hex up close


def test_the_docks_tool_buttons_show_the_tool_chosen_anywhere_and_name_its_key(
    window: MainWindow,
) -> None:
    dock = window.terrain_dock
    assert "(B)" in dock.findChild(QToolButton, "tool_brush").toolTip()
    assert "(S)" in dock.findChild(QToolButton, "tool_select").toolTip()
    window.actions_by_id["paint.line"].trigger()  # Edit → Paint Line (L)
    assert dock.shown_tool() == "line" and window.scene.tool_id == "line"
    window.actions_by_id["rules.measure"].trigger()  # not a dock tool: no button checked
    assert dock.shown_tool() is None
    window.actions_by_id["rules.select"].trigger()
    assert dock.shown_tool() == "select"
