"""Visible modes (issue #16): Esc always goes back to Select, from every tool and from
anywhere in the window but a text field; the Tools toolbar and the Terrain dock show the
active tool, whoever changed it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem

from app.document import MapDocument
from app.scene.tool import Tool
from app.shell.main_window import MainWindow
from app.shell.menus import TOOL_COMMANDS
from app.tools.area import AreaTool
from app.tools.calibrate import CalibrateTool
from app.tools.jump import JumpTool
from app.tools.measure import MeasureTool
from app.tools.paint import PaintTool
from app.tools.pick_target import PickTargetTool
from app.tools.shove import ShoveTool
from rules import DIRECTIONS
from tests.app.conflict_helpers import in_conflict
from tests.app.qt_helpers import activate, built, png_bytes

NO = Qt.KeyboardModifier.NoModifier
LEFT = Qt.MouseButton.LeftButton


def open_window(
    make_window: Callable[[MapDocument], MainWindow], document: MapDocument
) -> MainWindow:
    return built(make_window(document))


def hex_point(window: MainWindow, token_id: str, step: int = 0) -> QPoint:
    """The viewport point of the hex ``step`` spaces east of ``token_id``."""
    board = window.document.board
    h = board.token(token_id).position
    for _ in range(step):
        h = h + DIRECTIONS[0]
    return window.view.mapFromScene(window.scene.geometry.center(h))


def overlays(window: MainWindow) -> set[QGraphicsItem]:
    """Every item of the scene but the tokens' own (what a tool's preview adds to)."""
    return set(window.scene.items())


def paint_stroke(name: str) -> Callable[[MainWindow], None]:
    def start(window: MainWindow) -> None:
        window.actions_by_id[TOOL_COMMANDS[name]].trigger()
        viewport = window.view.viewport()
        QTest.mousePress(viewport, LEFT, NO, hex_point(window, "aria", 2))
        QTest.mouseMove(viewport, hex_point(window, "aria", 4))

    return start


def aim_area(window: MainWindow) -> None:
    window.actions_by_id["rules.area"].trigger()
    QTest.mouseMove(window.view.viewport(), hex_point(window, "aria", 3))


def measure(window: MainWindow) -> None:
    window.actions_by_id["rules.measure"].trigger()
    viewport = window.view.viewport()
    QTest.mouseClick(viewport, LEFT, NO, hex_point(window, "aria", 1))
    QTest.mouseMove(viewport, hex_point(window, "aria", 4))


def rat_beside_aria(window: MainWindow) -> None:
    board = window.document.board
    beside = board.token("aria").position + DIRECTIONS[0]
    window.controller.push(board.with_token_moved("rat", beside), "Rat beside Aria")


def strike_pick(window: MainWindow) -> None:
    window.conflict.flow.begin("strike", "aria")  # the Fire Rat beside her: pick it


def grid_fit(window: MainWindow) -> None:
    path = Path(window.session.settings.fileName()).parent / "battle.png"
    path.write_bytes(png_bytes("#6a8", 64))
    assert window.picture_dock.import_path(path, show_progress=False)
    window.picture_dock.start_fit()
    for step in (1, 2):
        QTest.mouseClick(window.view.viewport(), LEFT, NO, hex_point(window, "aria", step))


TOOLS: dict[str, tuple[Callable[[MainWindow], object], type[Tool]]] = {
    "area": (aim_area, AreaTool),
    "measure": (measure, MeasureTool),
    "brush": (paint_stroke("brush"), PaintTool),
    "line": (paint_stroke("line"), PaintTool),
    "fill": (lambda w: w.actions_by_id["paint.fill"].trigger(), PaintTool),
    "pick": (lambda w: w.actions_by_id["paint.pick"].trigger(), PaintTool),
    "jump": (lambda w: w.movement.jump("aria"), JumpTool),
    "shove": (lambda w: w.movement.shove("aria"), ShoveTool),
    "pick-target": (strike_pick, PickTargetTool),
    "grid-fit": (grid_fit, CalibrateTool),
}


@pytest.mark.parametrize("name", list(TOOLS))
def test_esc_over_the_map_leaves_every_tool_for_select_with_nothing_left_on_the_map(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path, name: str
) -> None:
    window = open_window(make_window, MapDocument(in_conflict(MapDocument.open(demo_copy).board)))
    rat_beside_aria(window)
    window.scene.set_selection(["aria"])
    window.view.setFocus()
    QTest.mouseMove(window.view.viewport(), hex_point(window, "aria", 5))
    before = overlays(window)
    start, kind = TOOLS[name]
    start(window)
    assert isinstance(window.scene.tool, kind)
    if name not in ("fill", "pick"):  # the tool shows what it is doing
        assert overlays(window) - before, f"{name} shows nothing"
    board = window.document.board
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert window.scene.tool is window.scene.select_tool
    assert window.tool_bar.checked_tool() == "select"
    assert window.terrain_dock.shown_tool() == "select"
    assert window.statusBar().currentMessage() == ""  # the tool's words go with it
    QTest.mouseMove(window.view.viewport(), hex_point(window, "aria", 3))  # nothing comes back
    QTest.mouseRelease(window.view.viewport(), LEFT, NO, hex_point(window, "aria", 3))
    assert overlays(window) <= before, f"{name} left {overlays(window) - before}"
    assert window.document.board is board  # cancelled: nothing was painted or applied


def test_esc_from_a_dock_button_leaves_the_tool_but_not_from_a_text_field(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    activate(window)
    window.actions_by_id["rules.area"].trigger()
    search = window.tokens.library_dock.search
    search.setFocus()
    QTest.keyClick(search, Qt.Key.Key_Escape)  # the field's Esc: the tool stays
    assert isinstance(window.scene.tool, AreaTool)
    button = window.terrain_dock.reveal_button
    button.setFocus()
    QTest.keyClick(button, Qt.Key.Key_Escape)
    assert window.scene.tool is window.scene.select_tool
    assert window.tool_bar.checked_tool() == "select"


def toolbar_action(window: MainWindow, tool_id: str) -> QAction:
    action = window.tool_bar.actions[tool_id]
    assert action in window.tool_bar.toolbar.actions()
    return action


def test_the_tools_toolbar_and_the_terrain_dock_follow_the_active_tool_both_ways(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument(in_conflict(MapDocument.open(demo_copy).board)))
    scene, bar, dock = window.scene, window.tool_bar, window.terrain_dock
    assert bar.checked_tool() == "select" and dock.shown_tool() == "select"
    changed: list[Tool] = []
    scene.tool_changed.connect(changed.append)
    for tool_id in TOOL_COMMANDS:  # a click on each button switches the map's tool
        toolbar_action(window, tool_id).trigger()
        assert scene.tool_id == tool_id and bar.checked_tool() == tool_id
        assert dock.shown_tool() == (tool_id if tool_id not in ("measure", "area") else None)
    assert changed and changed[-1] is scene.tool
    dock.tool_buttons.button(1).click()  # the dock's Brush
    assert scene.tool_id == "brush" and bar.checked_tool() == "brush"
    assert window.movement.jump("aria") is not None  # a tool without a button: none checked
    assert bar.checked_tool() is None and dock.shown_tool() is None
    scene.return_to_select()
    assert bar.checked_tool() == "select" and dock.shown_tool() == "select"
    toolbar_action(window, "select").trigger()  # the checked one again: still checked
    assert bar.checked_tool() == "select"


def test_the_tool_keys_switch_tools_and_the_buttons_show_it(
    make_window: Callable[[MapDocument], MainWindow], demo_copy: Path
) -> None:
    window = open_window(make_window, MapDocument.open(demo_copy))
    activate(window)
    for key, tool_id in (("a", "area"), ("m", "measure"), ("b", "brush"), ("s", "select")):
        QTest.keyClick(window.view, key)
        assert window.scene.tool_id == tool_id, key
        assert window.tool_bar.checked_tool() == tool_id
    for tool_id, action in window.tool_bar.actions.items():
        key = action.shortcut().toString()
        assert key and f"({key})" in action.toolTip(), tool_id
        assert action.isCheckable() and len(action.iconText()) <= 8
