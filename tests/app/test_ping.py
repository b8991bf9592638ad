"""Ping and pointer (issue #17): the GM pings a hex or draws a laser trail and both the GM's
map and the Player View show it, fading out by themselves; Show the Players This puts the
GM's view on the Player View once. None of it is an edit."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import cast

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.controllers.map import MapController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.map_scene import MapScene
from app.scene.ping_items import PING_COLOR, PING_SECONDS, TRAIL_SECONDS
from app.shell.deferred import Deferred
from app.shell.features.pointer import PointerFeature
from app.shell.main_window import MainWindow
from app.shell.workbench import Workbench
from app.tools.paint import PaintSettings, PaintTool
from app.tools.select_move import editing_scene
from app.widgets.map_view import MapView
from app.widgets.player_window import PlayerWindow, follow_ratio
from rules import Board, Hex
from rules.board import hex_name
from rules.board.tokens import Token

EMPTY = Hex(3, 3)  # empty ground on the test map
ARIA = Hex(6, 4)  # where Aria stands


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Status:
    """The status bar, as a list of what it said."""

    said: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def say(self, text: str, msecs: int = 4000) -> None:
        self.said.append(text)

    def refuse(self, reason: str, msecs: int = 6000) -> None:
        self.refused.append(reason)


@dataclass
class Docks:
    widget: QWidget


@dataclass
class Table:
    """The GM's map view and the Player View side by side, with the pointer feature."""

    current: CurrentDocument
    scene: MapScene
    view: MapView
    player: PlayerWindow
    pointer: PointerFeature
    clock: Clock
    status: Status

    def at(self, h: Hex) -> QPoint:
        """Where ``h``'s middle is in the GM's view."""
        return self.view.mapFromScene(self.scene.geometry.center(h))

    def tick(self, seconds: float) -> None:
        """``seconds`` go by; the fade's next frame is drawn."""
        self.clock.now += seconds
        self.pointer.overlay.advance()


def board() -> Board:
    board = Board.blank(12, 9, name="Ford")
    return board.with_token(Token("aria", "Aria Vell", ARIA, side="party", color="#56B4E9"))


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[Table]:
    current = CurrentDocument(MapDocument(board()))
    host = QWidget()
    qtbot.addWidget(host)
    controller = MapController(current, host)
    scene = editing_scene(current, controller)
    view = MapView(scene, host)
    host.resize(640, 480)
    view.resize(640, 480)
    host.show()
    qtbot.waitExposed(host)
    view.fit_to_window()
    player = PlayerWindow(current, follow=view)
    qtbot.addWidget(player)
    player.resize(640, 480)
    player.show()
    qtbot.waitExposed(player)
    status, clock = Status(), Clock()
    bench = Workbench(
        None,  # type: ignore[arg-type]  # the feature needs no session, controller or docks
        current,
        controller,
        scene,
        view,
        cast("object", Docks(host)),  # type: ignore[arg-type]
        status,
    )
    deferred: Deferred[PlayerWindow] = Deferred(lambda: player)
    pointer = PointerFeature(bench, deferred, clock)
    deferred.get()  # built after the first paint, as in the window
    view.setFocus()
    yield Table(current, scene, view, player, pointer, clock, status)
    pointer.overlay.timer.stop()


def g_click(table: Table, h: Hex) -> None:
    viewport = table.view.viewport()
    QTest.keyPress(table.view, Qt.Key.Key_G)
    QTest.mouseClick(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(h)
    )
    QTest.keyRelease(table.view, Qt.Key.Key_G)


def cyan_pixels(image: QImage) -> int:
    """How many pixels of ``image`` are the ping's cyan."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    target = PING_COLOR
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            pixel = QColor(image.pixel(x, y))
            near = (
                abs(pixel.red() - target.red())
                + abs(pixel.green() - target.green())
                + abs(pixel.blue() - target.blue())
            )
            count += near < 60
    return count


def test_g_click_flashes_the_hex_on_both_windows_then_it_fades_and_goes(table: Table) -> None:
    gm, players = table.scene, table.player.scene
    assert cyan_pixels(table.player.view.grab().toImage()) == 0
    g_click(table, EMPTY)
    overlay = table.pointer.overlay
    on_gm, on_players = overlay.pings_on(gm), overlay.pings_on(players)
    assert [p.hex for p in on_gm] == [EMPTY] and [p.hex for p in on_players] == [EMPTY]
    assert on_gm[0].isVisible() and on_players[0].opacity() == 1.0
    assert on_players[0].rings.radii(), "the first ring spreads at once"
    assert cyan_pixels(table.player.view.grab().toImage()) > 20  # the players see it
    assert cyan_pixels(table.view.grab().toImage()) > 20
    name = hex_name(table.current.board, EMPTY)  # as players say it
    assert table.status.said[-1] == f"Ping: {name} (here and on the Player View)"
    opacities = []
    for _ in range(4):
        table.tick(PING_SECONDS / 5)
        opacities.append(on_players[0].opacity())
    assert opacities == sorted(opacities, reverse=True) and opacities[-1] < 0.5
    table.tick(PING_SECONDS / 5 + 0.01)
    assert overlay.pings_on(gm) == [] and overlay.pings_on(players) == []
    assert on_gm[0].scene() is None and on_players[0].scene() is None
    assert not overlay.active and not overlay.timer.isActive()
    assert cyan_pixels(table.player.view.grab().toImage()) == 0


def test_the_fade_runs_on_its_own_timer(qtbot: QtBot, table: Table) -> None:
    g_click(table, EMPTY)
    ping = table.pointer.overlay.pings_on(table.player.scene)[0]
    assert table.pointer.overlay.timer.isActive()
    table.clock.now += PING_SECONDS * 0.7
    qtbot.wait(150)  # a few frames
    assert ping.opacity() < 0.6
    table.clock.now += PING_SECONDS
    qtbot.waitUntil(lambda: ping.scene() is None, timeout=1000)
    assert not table.pointer.overlay.timer.isActive()


def test_g_click_on_a_token_pings_its_hex_and_reaches_no_tool(table: Table) -> None:
    table.scene.set_selection([])
    g_click(table, ARIA)
    assert table.scene.selection == []  # the click selected nothing
    assert [p.hex for p in table.pointer.overlay.pings_on(table.scene)] == [ARIA]
    paint = PaintTool(table.scene, table.pointer._bench.controller, PaintSettings(), "brush")
    table.scene.set_tool(paint)
    g_click(table, EMPTY)  # with a paint tool: a ping, not a stroke
    assert table.current.undo_stack.count() == 0
    assert len(table.pointer.overlay.pings_on(table.scene)) == 2


def test_a_long_press_on_empty_ground_pings_and_a_click_or_drag_does_not(
    qtbot: QtBot, table: Table
) -> None:
    viewport, gestures = table.view.viewport(), table.pointer.gestures
    QTest.mouseClick(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(EMPTY)
    )
    assert not gestures.long_press_pending  # a click is a click
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(ARIA)
    )
    assert not gestures.long_press_pending  # on a token: a drag may start
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(ARIA)
    )
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(EMPTY)
    )
    QTest.mouseMove(viewport, table.at(EMPTY) + QPoint(40, 30))
    assert not gestures.long_press_pending  # a rubber band
    QTest.mouseRelease(
        viewport,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        table.at(EMPTY) + QPoint(40, 30),
    )
    assert table.pointer.overlay.pings_on(table.scene) == []
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(EMPTY)
    )
    assert gestures.long_press_pending
    qtbot.waitUntil(lambda: bool(table.pointer.overlay.pings_on(table.player.scene)), timeout=2000)
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, table.at(EMPTY)
    )
    assert [p.hex for p in table.pointer.overlay.pings_on(table.scene)] == [EMPTY]
    assert table.scene.selection == []


def test_holding_g_draws_a_laser_trail_on_both_windows_that_fades(table: Table) -> None:
    viewport, overlay = table.view.viewport(), table.pointer.overlay
    QTest.keyPress(table.view, Qt.Key.Key_G)
    assert table.pointer.gestures.held
    path = [Hex(2, 2), Hex(3, 2), Hex(4, 3), Hex(5, 3)]
    for h in path:
        QTest.mouseMove(viewport, table.at(h))
        table.tick(0.05)
    for scene in (table.scene, table.player.scene):
        trail = overlay.trail_on(scene)
        assert trail is not None and trail.isVisible()
        (stroke,) = trail.strokes
        centers = [scene.geometry.center(h) for h in path]
        drawn = [point for point, _fade in stroke]
        assert all(any((p - c).manhattanLength() < 3 for p in drawn) for c in centers)
        fades = [fade for _point, fade in stroke]
        assert fades == sorted(fades, reverse=True)  # the tail is the faintest
    QTest.keyRelease(table.view, Qt.Key.Key_G)
    assert not table.pointer.gestures.held
    QTest.mouseMove(viewport, table.at(Hex(8, 6)))  # G let go: the mouse draws no more
    table.tick(TRAIL_SECONDS + 0.01)
    for scene in (table.scene, table.player.scene):
        trail = overlay.trail_on(scene)
        assert trail is not None and trail.strokes == [] and not trail.isVisible()
    assert not overlay.timer.isActive()


def test_pings_and_trails_are_no_edit(table: Table) -> None:
    before = table.current.board
    g_click(table, EMPTY)
    QTest.keyPress(table.view, Qt.Key.Key_G)
    QTest.mouseMove(table.view.viewport(), table.at(Hex(2, 2)))
    QTest.mouseMove(table.view.viewport(), table.at(Hex(5, 5)))
    QTest.keyRelease(table.view, Qt.Key.Key_G)
    assert table.current.board is before
    assert table.current.undo_stack.count() == 0
    assert not table.current.document.is_modified()
    assert table.player.player_document.board.tokens.keys() == before.tokens.keys()


def test_a_paused_or_hidden_player_view_shows_no_ping(table: Table) -> None:
    table.player.set_paused(True)
    g_click(table, EMPTY)
    assert table.pointer.overlay.pings_on(table.player.scene) == []
    assert len(table.pointer.overlay.pings_on(table.scene)) == 1
    table.player.set_paused(False)
    table.player.hide()
    g_click(table, EMPTY)
    assert table.pointer.overlay.pings_on(table.player.scene) == []
    assert "on your map" in table.status.said[-1]


def center(view: MapView) -> tuple[float, float]:
    point = view.mapToScene(view.viewport().rect().center())
    return point.x(), point.y()


def test_show_the_players_this_puts_the_gm_view_on_the_player_view_once(table: Table) -> None:
    player = table.player
    player.view.fit_to_window()  # the players' own view: Follow goes off
    assert not player.following
    table.view.set_zoom(2.0, table.at(ARIA))  # the GM looks closely at Aria
    assert center(player.view) != pytest.approx(center(table.view), abs=2)
    table.pointer.show_players()
    assert not player.following  # once: Follow stays off
    assert center(player.view) == pytest.approx(center(table.view), abs=2)
    assert player.view.zoom == pytest.approx(
        table.view.zoom * follow_ratio(table.view, player.view)
    )
    table.view.set_zoom(1.0)  # the GM moves on; the players keep what they were shown
    assert player.view.zoom == pytest.approx(2.0 * follow_ratio(table.view, player.view))
    assert "Follow stays off" in table.status.said[-1]


def test_show_the_players_this_opens_the_player_view_and_is_refused_while_paused(
    table: Table,
) -> None:
    table.player.hide()
    table.pointer.show_players()
    assert table.player.isVisible()
    table.player.set_paused(True)
    zoom = table.player.view.zoom
    table.view.set_zoom(3.0)
    table.pointer.show_players()
    assert table.player.view.zoom == zoom
    assert "paused" in table.status.refused[-1]


def test_the_main_window_pings_on_both_windows_and_lists_the_pointer_keys(
    window: MainWindow,
) -> None:
    """Wired into the GM window (main_window, menus): G+click pings on the Player View
    too, Ctrl+F6 is View → Show the Players This, and F1 lists the pointer's keys."""
    pointer: PointerFeature | None = getattr(window, "pointer", None)
    if pointer is None:
        pytest.skip("PointerFeature is not wired into MainWindow yet")
    from app.shell.menus import MENU_COMMANDS, TOOL_KEYS

    player = window.player_window
    player.present()
    board = window.scene.board
    h = board.hex_at(board.width // 2, board.height // 2)
    window.view.setFocus()
    QTest.keyPress(window.view, Qt.Key.Key_G)
    where = window.view.mapFromScene(window.scene.geometry.center(h))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    QTest.keyRelease(window.view, Qt.Key.Key_G)
    assert [p.hex for p in pointer.overlay.pings_on(player.scene)] == [h]
    command = next(c for c in MENU_COMMANDS if c.id == "view.show_players")
    assert command.handler == "pointer.show_players"
    assert any(hint.keys.startswith("G+click") for hint in TOOL_KEYS)
