"""The Player View: only what players may see, opaque fog, following the GM, Pause."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel

from app.controllers.map import MapController
from app.document import Change, MapDocument
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.document.player_document import PlayerDocument
from app.scene.annotation_items import LabelItem, NoteMarkerItem
from app.scene.map_scene import MapScene
from app.scene.player_items import PlayerTokenItem
from app.scene.style import UNEXPLORED_RGB
from app.shell.main_window import MainWindow
from app.tools.paint import PaintSettings, PaintTool
from app.tools.select_move import editing_scene
from app.widgets.map_view import MapView
from app.widgets.player_window import (
    SCALES,
    TITLE,
    PlayerWindow,
    follow_ratio,
)
from rules import Board, Hex
from rules.board.annotations import Background, Label, Note
from rules.board.tokens import Token
from rules.hexes import disk
from rules.movement import placed
from tests.app.qt_helpers import png_bytes

HIDDEN_RGB = (255, 0, 255)  # the hidden token: this colour must never reach the players
FOGGED_RGB = (0, 255, 0)  # the token under fog


def secret_board() -> Board:
    """A 16×12 map: a party token, a hidden token, a token under fog, GM-only notes."""
    board = Board.blank(16, 12, name="Crypt")
    goblin = board.hex_at(12, 8)
    tokens = [
        Token("aria", "Aria Vell", board.hex_at(3, 4), side="party", color="#56B4E9"),
        Token("lurker", "Lurker", board.hex_at(9, 3), side="enemy", color="#FF00FF", hidden=True),
        Token("goblin", "Goblin", goblin, side="enemy", color="#00FF00"),
    ]
    for token in tokens:
        board = board.with_token(token)
    board = board.with_terrain("fog", [h for h in disk(goblin, 2) if board.contains(h)], True)
    board = board.with_label(Label("l-1", "Ford", board.hex_at(4, 8)))
    board = board.with_label(Label("l-2", "Trapdoor", board.hex_at(6, 6), gm_only=True))
    board = board.with_note(Note("n-1", "The lurker waits", hex=board.hex_at(7, 2)))
    return board.with_note(Note("n-2", "Old well", hex=board.hex_at(2, 9), gm_only=False))


@pytest.fixture
def document() -> MapDocument:
    return MapDocument(secret_board())


@pytest.fixture
def player(qtbot, document: MapDocument) -> PlayerWindow:  # type: ignore[no-untyped-def]
    window = PlayerWindow(CurrentDocument(document))
    qtbot.addWidget(window)
    window.resize(900, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def render(scene: MapScene, pixels_per_hex: float = 48.0) -> tuple[QImage, float]:
    """The whole board drawn into an image; returns it and its scale (pixels per unit)."""
    board = scene.board
    source = scene.geometry.board_rect(board)
    scale = pixels_per_hex / scene.geometry.layout.width
    size = (round(source.width() * scale), round(source.height() * scale))
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), source)
    painter.end()
    return image, scale


def pixels(image: QImage) -> np.ndarray:
    """``(height, width, 3)`` RGB of an RGB32 image."""
    raw = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    bgra = raw[:, : 4 * image.width()].reshape(image.height(), image.width(), 4)
    return bgra[..., 2::-1]


def has_color(rgb: np.ndarray, color: tuple[int, int, int], tolerance: int = 40) -> bool:
    distance = np.abs(rgb.astype(int) - np.array(color)).max(axis=-1)
    return bool((distance <= tolerance).any())


def patch_at(scene: MapScene, image: QImage, scale: float, h: Hex, half: int = 4) -> np.ndarray:
    """The pixels around the centre of hex ``h`` in a :func:`render` image."""
    rect = scene.geometry.board_rect(scene.board)
    center = scene.geometry.center(h)
    x = round((center.x() - rect.left()) * scale)
    y = round((center.y() - rect.top()) * scale)
    return pixels(image)[y - half : y + half + 1, x - half : x + half + 1]


def assert_unexplored(patch: np.ndarray) -> None:
    """Opaque dark fog: mostly exactly the fog colour, nowhere far from it."""
    flat = patch.reshape(-1, 3).astype(int)
    exact = (flat == np.array(UNEXPLORED_RGB)).all(axis=1)
    assert exact.mean() > 0.6, flat[:5]
    assert np.abs(flat - np.array(UNEXPLORED_RGB)).max() <= 40


# -- what the players see ---------------------------------------------------------------------
def test_player_scene_has_no_hidden_fogged_or_gm_only_thing(player: PlayerWindow) -> None:
    scene = player.scene
    assert scene.player
    assert set(scene.token_items()) == {"aria"}
    assert all(isinstance(i, PlayerTokenItem) for i in scene.token_items().values())
    labels = [i.label for i in scene.annotation_items() if isinstance(i, LabelItem)]
    notes = [i.note for i in scene.annotation_items() if isinstance(i, NoteMarkerItem)]
    assert [label.text for label in labels] == ["Ford"]
    assert [note.text for note in notes] == ["Old well"]
    board = player.player_document.board
    assert "lurker" not in board.tokens and "goblin" not in board.tokens


def test_rendered_player_view_shows_no_secret_and_opaque_fog(player: PlayerWindow) -> None:
    gm_document = player.player_document.source
    goblin = gm_document.board.token("goblin").position
    image, scale = render(player.scene)
    rgb = pixels(image)
    assert not has_color(rgb, HIDDEN_RGB)
    assert not has_color(rgb, FOGGED_RGB)
    assert_unexplored(patch_at(player.scene, image, scale, goblin))
    # The same picture for the GM shows both tokens and sees through the fog.
    gm_scene = editing_scene(gm_document, MapController(CurrentDocument(gm_document)))
    gm_image, _ = render(gm_scene)
    assert has_color(pixels(gm_image), FOGGED_RGB, 10)
    assert has_color(pixels(gm_image), (236, 93, 220), 25)  # hidden: drawn faded


def test_far_zoom_fog_is_opaque_too(player: PlayerWindow) -> None:
    goblin = player.player_document.source.board.token("goblin").position
    image, scale = render(player.scene, pixels_per_hex=5.0)  # the cached picture
    assert player.scene.grid_item._tiles is not None
    assert_unexplored(patch_at(player.scene, image, scale, goblin, half=0))


@pytest.mark.parametrize("pixels_per_hex", [48.0, 5.0])
def test_fog_hides_a_background_picture(qtbot, pixels_per_hex: float) -> None:  # type: ignore[no-untyped-def]
    board = secret_board().with_image("map.png", png_bytes("#FF0000", 400))
    board = board.with_background(Background("map.png", hex_size=4.0, opacity=1.0))
    window = PlayerWindow(CurrentDocument(MapDocument(board)))
    qtbot.addWidget(window)
    goblin = board.token("goblin").position
    image, scale = render(window.scene, pixels_per_hex)
    assert_unexplored(patch_at(window.scene, image, scale, goblin, half=1))
    open_ground = patch_at(window.scene, image, scale, board.hex_at(15, 0), half=0)
    assert open_ground[0, 0, 0] > 120  # the red picture shows through where nothing is fogged


def test_no_numbers_on_unexplored_hexes(qapp) -> None:  # type: ignore[no-untyped-def]
    board = secret_board()
    goblin = board.token("goblin").position
    board = board.with_terrain("elevation", disk(goblin, 1), 5)
    # Even shown the GM's own board, the players' presentation writes nothing under fog.
    scene = MapScene(MapDocument(board), player=True)
    image, scale = render(scene, pixels_per_hex=120.0)  # numbers are written
    beside = goblin + Hex(1, 0)  # under fog, at elevation 5, no token on it
    assert_unexplored(patch_at(scene, image, scale, beside, half=30))
    assert set(scene.token_items()) == {"aria", "goblin"}  # fogged: the document's business
    assert "lurker" not in scene.token_items()  # hidden: never drawn for players


# -- following the GM's document ---------------------------------------------------------------
def test_moving_a_token_in_the_gm_document_moves_it_for_the_players(
    player: PlayerWindow, document: MapDocument
) -> None:
    target = document.board.hex_at(5, 5)
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "aria", target), "Move")
    )
    item = player.scene.token_item("aria")
    assert item is not None and item.token.position == target
    expected = item.pos() - player.scene.geometry.center(target)
    assert abs(expected.x()) < 1 and abs(expected.y()) < 1
    into_fog = document.board.hex_at(12, 7)
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "aria", into_fog), "Move")
    )
    assert player.scene.token_item("aria") is None  # wholly under fog: gone
    document.undo_stack.undo()
    assert player.scene.token_item("aria") is not None


def test_revealing_a_hidden_token_shows_it(player: PlayerWindow, document: MapDocument) -> None:
    from dataclasses import replace

    lurker = replace(document.board.token("lurker"), hidden=False)
    after = document.board.with_token_replaced(lurker)
    document.undo_stack.push(BoardEditCommand(document, after, "Reveal the lurker"))
    assert set(player.scene.token_items()) == {"aria", "lurker"}


def test_pause_freezes_the_picture_and_resume_catches_up(
    player: PlayerWindow, document: MapDocument, qtbot
) -> None:  # type: ignore[no-untyped-def]
    start = document.board.token("aria").position
    player.pause_action.trigger()
    assert player.paused and "PAUSED" in player.windowTitle()
    assert "PAUSED" in player.findChild(QLabel, "player_state").text()
    target = document.board.hex_at(6, 2)
    with qtbot.assertNotEmitted(player.player_document.changed):
        document.undo_stack.push(
            BoardEditCommand(document, placed(document.board, "aria", target), "Move")
        )
    assert player.scene.token_item("aria").token.position == start
    assert player.player_document.board.token("aria").position == start
    with qtbot.waitSignal(player.player_document.changed):
        player.pause_action.trigger()
    assert not player.paused and player.windowTitle() == TITLE
    assert player.scene.token_item("aria").token.position == target


def test_a_change_the_players_cannot_see_redraws_nothing(
    qapp, document: MapDocument, qtbot
) -> None:  # type: ignore[no-untyped-def]
    players = PlayerDocument(CurrentDocument(document))
    with qtbot.assertNotEmitted(players.changed):
        document.undo_stack.push(
            BoardEditCommand(
                document, placed(document.board, "lurker", document.board.hex_at(8, 3)), "Move"
            )
        )
    changes: list[Change] = []
    players.changed.connect(changes.append)
    document.undo_stack.push(
        BoardEditCommand(
            document, placed(document.board, "aria", document.board.hex_at(4, 4)), "Move"
        )
    )
    assert changes == [Change(tokens=frozenset({"aria"}))]  # fogged terrain: not recoloured


def test_the_player_window_follows_another_map(qtbot, document: MapDocument) -> None:  # type: ignore[no-untyped-def]
    current = CurrentDocument(document)
    player = PlayerWindow(current)
    qtbot.addWidget(player)
    player.show()
    qtbot.waitExposed(player)
    other = MapDocument(Board.blank(10, 8, name="Other"))
    current.replace(other)
    assert player.player_document.board.name == "Other"
    assert player.scene.token_items() == {}
    assert player.scene.geometry.board_rect(other.board) == player.scene.grid_item.boundingRect()
    other.undo_stack.push(
        BoardEditCommand(other, other.board.with_token(Token("x", "X", Hex(2, 2))), "Add")
    )
    assert set(player.scene.token_items()) == {"x"}


# -- read-only ---------------------------------------------------------------------------------
def test_clicks_and_drags_in_the_player_view_do_nothing(
    player: PlayerWindow, document: MapDocument
) -> None:
    before = document.board
    view, scene = player.view, player.scene
    start = view.mapFromScene(scene.geometry.center(before.token("aria").position))
    end = view.mapFromScene(scene.geometry.center(before.hex_at(6, 6)))
    viewport = view.viewport()
    no = Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, no, start)
    QTest.mouseMove(viewport, end)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, no, end)
    assert document.board is before and document.undo_stack.count() == 0
    assert scene.selection == []
    item = scene.token_item("aria")
    assert item is not None and item.pos() == scene.geometry.center(item.token.position)
    scene.set_tool(
        PaintTool(scene, MapController(CurrentDocument(document)), PaintSettings(), "brush")
    )
    assert scene.tool.name == "view"


def test_a_gm_scene_needs_a_controller(document: MapDocument, qapp) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="controller"):
        editing_scene(document, None)


# -- presentation ------------------------------------------------------------------------------
def test_scale_draws_rings_captions_and_labels_larger(player: PlayerWindow) -> None:
    item = player.scene.token_item("aria")
    assert item is not None
    small = item.boundingRect()
    label = next(i for i in player.scene.annotation_items() if isinstance(i, LabelItem))
    label_scale = label.scale()
    assert label_scale > 1.0  # labels are larger on the players' screen from the start
    action = next(a for a in player.scale_actions.actions() if a.data() == SCALES[-1])
    action.trigger()
    assert player.scene._presentation_scale == SCALES[-1]
    assert item.boundingRect().width() > small.width()
    assert label.scale() == pytest.approx(label_scale * SCALES[-1])


def test_full_screen_on_a_chosen_screen(player: PlayerWindow) -> None:
    player._fill_screen_menu()
    assert len(player.screen_menu.actions()) == len(QGuiApplication.screens())
    player.screen_menu.actions()[0].trigger()
    assert player.isFullScreen() and player.toolbar.isHidden()
    assert player.full_screen_action.isChecked()
    player.leave_full_screen()
    assert not player.isFullScreen() and not player.toolbar.isHidden()


def test_closing_only_hides_the_window(player: PlayerWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert player.toggle_action.isChecked()
    player.close()
    assert not player.isVisible() and not player.toggle_action.isChecked()
    player.toggle_action.trigger()
    qtbot.waitExposed(player)
    assert player.isVisible() and set(player.scene.token_items()) == {"aria"}


# -- with the GM's main window ----------------------------------------------------------------
@pytest.fixture
def gm(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(secret_board()))


@pytest.fixture
def attached(gm: MainWindow, qtbot) -> PlayerWindow:  # type: ignore[no-untyped-def]
    window = gm.player_window  # the main window attaches its own (View → Player Window)
    window.resize(700, 500)
    window.present()
    qtbot.waitExposed(window)
    return window


def view_center(view) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    point = view.mapToScene(view.viewport().rect().center())
    return point.x(), point.y()


def visible(view) -> QRectF:  # type: ignore[no-untyped-def]
    return view.mapToScene(view.viewport().rect()).boundingRect()


def test_follow_shows_what_the_gm_sees_filling_the_player_view(
    gm: MainWindow, attached: PlayerWindow
) -> None:
    assert attached.following and attached.follow_action.isChecked()
    gm.view.set_zoom(1.7)
    gm.view.centerOn(gm.scene.geometry.center(gm.document.board.hex_at(10, 7)))
    ratio = follow_ratio(gm.view, attached.view)
    assert attached.view.zoom == pytest.approx(1.7 * ratio)
    assert view_center(attached.view) == pytest.approx(view_center(gm.view), abs=2)
    seen, shown = visible(gm.view), visible(attached.view)
    assert shown.adjusted(-2, -2, 2, 2).contains(seen)  # all the GM sees, and it fills
    assert min(shown.width() - seen.width(), shown.height() - seen.height()) < 3
    attached.follow_action.trigger()  # free pan and zoom
    gm.view.set_zoom(0.6)
    assert attached.view.zoom == pytest.approx(1.7 * ratio)
    attached.follow_action.trigger()  # following again: mirrors at once
    assert attached.view.zoom == pytest.approx(0.6 * ratio)
    attached.resize(attached.width() + 200, attached.height())
    QApplication.processEvents()
    assert attached.view.zoom == pytest.approx(0.6 * follow_ratio(gm.view, attached.view))


def test_zooming_the_player_view_stops_following(attached: PlayerWindow) -> None:
    attached.view.zoom_in()
    assert not attached.following and not attached.follow_action.isChecked()


def test_pause_freezes_the_camera_and_shows_a_banner_to_the_gm(
    gm: MainWindow, attached: PlayerWindow
) -> None:
    banner = gm.findChild(QLabel, "player_paused_banner")
    assert banner is not None and banner.isHidden()
    attached.set_paused(True)
    assert banner.isVisible()
    zoom = attached.view.zoom
    gm.view.set_zoom(gm.view.zoom * 2)
    assert attached.view.zoom == pytest.approx(zoom)
    attached.set_paused(False)
    assert banner.isHidden() and attached.view.zoom == pytest.approx(zoom * 2)


def test_a_map_opened_by_the_gm_reaches_the_players(gm: MainWindow, attached: PlayerWindow) -> None:
    from rules import Orientation

    gm.session.new_map(12, 9, Orientation.FLAT, "Tower")
    assert attached.player_document.board.name == "Tower"
    assert attached.player_document.source is gm.document
    gm.document.undo_stack.push(
        BoardEditCommand(gm.document, gm.document.board.with_name("Tower top"), "Rename")
    )
    assert attached.player_document.board.name == "Tower top"


def test_the_player_window_does_not_keep_the_app_open(attached: PlayerWindow) -> None:
    assert not attached.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)
    assert attached.parent() is None and attached.isWindow()


def test_the_gm_view_going_away_stops_following(qtbot, document: MapDocument) -> None:  # type: ignore[no-untyped-def]
    gm_scene = editing_scene(document, MapController(CurrentDocument(document)))
    gm_view = MapView(gm_scene)
    window = PlayerWindow(CurrentDocument(document), follow=gm_view)
    qtbot.addWidget(window)
    assert window.following
    gm_view.deleteLater()
    qtbot.waitUntil(lambda: not window.following)
    window.resize(500, 400)  # nothing to follow: no error
    window.show()


def test_a_hidden_player_window_does_not_follow_until_shown(gm: MainWindow) -> None:
    player = gm.player_window
    assert not player.isVisible()
    before = player.player_document.board
    gm.controller.request_move("aria", gm.document.board.token("aria").position + Hex(1, 0))
    assert player.player_document.board is before  # dormant: nothing recomputed
    player.present()
    moved = player.player_document.board.token("aria").position
    assert moved == gm.document.board.token("aria").position  # caught up on show


def test_blackout_stands_beside_pause_and_the_state_beside_them(player: PlayerWindow) -> None:
    actions = player.toolbar.actions()
    pause = actions.index(player.pause_action)
    assert actions[pause + 1] is player.blackout_action
    assert player.toolbar.widgetForAction(actions[pause + 2]) is player.state_label
    assert player.blackout_action.shortcut().toString() == "Ctrl+Shift+F5"
    assert player.blackout_action in player.view.actions()  # the right-click menu too
