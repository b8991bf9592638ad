"""The Player Window on a call and on a TV (#17): Blackout, fixed output sizes, the GM's
inset of what the players see, and Physical Scale (one hex 1 inch on the table's screen)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QImage, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from app.controllers.turns import TurnController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.geometry import HEX_SIZE, SceneGeometry
from app.shell.main_window import MainWindow
from app.widgets.physical_scale import (
    HEX_UNITS,
    MM_PER_INCH,
    PhysicalScale,
    diagonal_from_ppi,
    diagonal_inches,
    hex_zoom,
    pan_step,
    pixels_per_inch,
    pixels_per_inch_from_size,
    pixels_per_inch_measured,
    screen_key,
)
from app.widgets.player_inset import CLOSED_TEXT, PlayerInset
from app.widgets.player_presentation import (
    BLACKOUT_BACKGROUND,
    MARKS_PX,
    OUTPUT_SIZES,
    PhysicalScaleDialog,
)
from app.widgets.player_window import OUTPUT_SIZE_KEY, PlayerWindow
from rules import Board, Hex, Orientation
from rules.board import with_turn
from rules.board.tokens import Token
from rules.turns import TurnState, join, start
from tests.app.qt_helpers import activate, built


def crypt(orientation: Orientation = Orientation.POINTY) -> Board:
    """A 30×20 map named "Crypt": Aria (sky blue) and a Goblin (green), both in a started
    Priority order (Aria first), far apart."""
    board = Board.blank(30, 20, orientation=orientation, name="Crypt")
    tokens = [
        Token("aria", "Aria Vell", board.hex_at(4, 4), side="party", color="#56B4E9"),
        Token("goblin", "Goblin", board.hex_at(25, 15), side="enemy", color="#00C000"),
    ]
    turn = TurnState()
    for zeal, token in zip((12, 5), tokens, strict=True):
        board = board.with_token(token)
        turn = join(turn, token.id, zeal)
    return with_turn(board, start(turn))


@pytest.fixture
def current() -> CurrentDocument:
    return CurrentDocument(MapDocument(crypt()))


def shown(qtbot, current: CurrentDocument, settings: QSettings | None = None) -> PlayerWindow:  # type: ignore[no-untyped-def]
    window = PlayerWindow(current, settings=settings)
    qtbot.addWidget(window)
    window.resize(900, 600)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def player(qtbot, current: CurrentDocument, settings: QSettings) -> PlayerWindow:  # type: ignore[no-untyped-def]
    return shown(qtbot, current, settings)


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(image.constBits(), np.uint8).copy()  # the image goes with the call
    rows = data.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 3]
    return rows.reshape(image.height(), image.width(), 3)


def saturation(rgb: np.ndarray) -> int:
    """The most coloured pixel's spread between its channels (0 for greys)."""
    wide = rgb.astype(int)
    return int((wide.max(axis=2) - wide.min(axis=2)).max())


# -- the arithmetic -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("width", "height", "dpi"),
    [(1920, 1080, 96.0), (3840, 2160, 102.0), (1280, 720, 34.3), (2560, 1440, 163.0)],
)
@pytest.mark.parametrize("orientation", [Orientation.POINTY, Orientation.FLAT])
@pytest.mark.parametrize("unit", HEX_UNITS)
def test_physical_scale_draws_a_hex_its_unit_wide_within_one_percent(
    width: int, height: int, dpi: float, orientation: Orientation, unit
) -> None:  # type: ignore[no-untyped-def]
    diagonal = math.hypot(width, height) / dpi  # the screen a box would call this size
    zoom = PhysicalScale(diagonal, unit).zoom(width, height, HEX_SIZE)
    geometry = SceneGeometry(orientation)
    a, b = geometry.center(Hex(0, 0)), geometry.center(Hex(1, 0))  # neighbours: edge to edge
    across_px = math.dist((a.x(), a.y()), (b.x(), b.y())) * zoom
    assert across_px / dpi == pytest.approx(unit.inches, rel=0.01)
    corners = geometry.polygon(Hex(0, 0))  # and the drawn outline, opposite edges' midpoints
    mids = [(corners[i] + corners[(i + 1) % 6]) / 2 for i in range(6)]
    edge_to_edge = math.dist((mids[0].x(), mids[0].y()), (mids[3].x(), mids[3].y()))
    assert edge_to_edge * zoom / dpi == pytest.approx(unit.inches, rel=0.01)


def test_pixels_per_inch_from_a_diagonal_or_the_screens_own_report() -> None:
    assert pixels_per_inch(24.0, 1920, 1080) == pytest.approx(91.79, abs=0.01)
    assert pixels_per_inch_from_size(1920, 1920 / 96 * MM_PER_INCH) == pytest.approx(96.0)
    assert diagonal_inches(527.0, 296.0) == pytest.approx(23.8, abs=0.05)  # a 24" monitor
    assert hex_zoom(96.0, HEX_SIZE) * math.sqrt(3) * HEX_SIZE == pytest.approx(96.0)
    assert HEX_UNITS[1].inches * MM_PER_INCH == pytest.approx(25.0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: pixels_per_inch(0.0, 1920, 1080), "diagonal"),
        (lambda: pixels_per_inch(42.0, 0, 1080), "width"),
        (lambda: pixels_per_inch_from_size(1920, float("nan")), "physical width"),
        (lambda: PhysicalScale(-3.0), "diagonal"),
        (lambda: pan_step(Orientation.FLAT, 32.0, "sideways"), "sideways"),
        (lambda: pixels_per_inch_measured(400, 0.0), "length measured"),
        (lambda: pixels_per_inch_measured(400, 4.0, "cubits"), "cubits"),
        (lambda: diagonal_from_ppi(-1.0, 1920, 1080), "pixels per inch"),
    ],
)
def test_nonsense_is_refused_saying_what_is_wrong(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("orientation", [Orientation.POINTY, Orientation.FLAT])
@pytest.mark.parametrize("direction", ["left", "right", "up", "down"])
def test_a_pan_step_lands_every_hex_centre_on_a_hex_centre(
    orientation: Orientation, direction: str
) -> None:
    geometry = SceneGeometry(orientation)
    dx, dy = pan_step(orientation, geometry.size, direction)
    assert (dx == 0) != (dy == 0)  # straight along the arrow
    for h in (Hex(0, 0), Hex(3, -1), Hex(-2, 5)):
        moved = geometry.center(h) + QPointF(dx, dy)
        landed = geometry.center(geometry.hex_at(moved))
        assert (landed.x(), landed.y()) == pytest.approx((moved.x(), moved.y()), abs=1e-6)


def test_a_screens_key_names_it_and_its_size() -> None:
    assert screen_key("HDMI-1", 1920, 1080) == "HDMI-1_1920x1080"
    assert screen_key("LG TV/2", 3840, 2160) == "LG_TV_2_3840x2160"  # no settings group in it
    assert screen_key("", 800, 600) == "screen_800x600"


# -- blackout -----------------------------------------------------------------------------------
def test_blackout_shows_a_dark_screen_with_the_maps_name_and_nothing_of_the_map(
    player: PlayerWindow,
) -> None:
    before = pixels(player.centralWidget().grab().toImage())
    assert saturation(before) > 100  # the map: coloured tokens, terrain
    player.blackout_action.trigger()  # the toolbar's Blackout
    assert player.blacked_out and player.blackout_action.isChecked()
    assert not player.view.isVisible() and not player.strip.isVisible()
    assert player.blackout_card.isVisible() and player.blackout_card.text() == "Crypt"
    assert player.windowTitle().endswith("BLACKOUT")
    assert "BLACKOUT" in player.findChild(QLabel, "player_state").text()
    grabbed = pixels(player.centralWidget().grab().toImage())
    assert saturation(grabbed) < 8  # greys only: no token, terrain or ring shows
    corner = grabbed[5, 5]
    assert "#{:02X}{:02X}{:02X}".format(*corner) == BLACKOUT_BACKGROUND
    player.set_blackout(False)
    assert player.view.isVisible() and not player.blackout_card.isVisible()
    assert not player.windowTitle().endswith("BLACKOUT")


def test_blackout_has_its_key_and_follows_a_renamed_map(
    player: PlayerWindow, current: CurrentDocument
) -> None:
    activate(player)
    QTest.keyClick(
        player.view,
        Qt.Key.Key_F5,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert player.blacked_out
    from app.document.commands import BoardEditCommand

    document = current.document
    document.undo_stack.push(
        BoardEditCommand(document, document.board.with_name("Tower"), "Rename")
    )
    assert player.blackout_card.text() == "Tower"


def test_blackout_from_the_gm_view_menu_says_so_in_the_gm_status_bar(
    make_window,  # type: ignore[no-untyped-def]
) -> None:
    gm: MainWindow = built(make_window(MapDocument(crypt())))
    banner = gm.findChild(QLabel, "player_blackout_banner")
    assert banner is not None and banner.isHidden()
    stand_in = gm.player.specials()["view.player_blackout"]
    stand_in.trigger()  # the GM's View menu
    player = gm.player_window
    assert player.blacked_out and stand_in.isChecked()
    assert banner.isVisible() and "BLACKED OUT" in banner.text()
    player.blackout_action.trigger()  # from the Player Window: the GM's menu follows
    assert not player.blacked_out and not stand_in.isChecked() and banner.isHidden()


# -- fixed output sizes ---------------------------------------------------------------------------
@pytest.mark.parametrize("output", OUTPUT_SIZES[1:], ids=lambda o: o.name)
def test_a_fixed_output_size_makes_the_picture_exactly_that_size(
    player: PlayerWindow, output
) -> None:  # type: ignore[no-untyped-def]
    action = next(a for a in player.output_actions.actions() if a.data() == output.name)
    action.trigger()  # the toolbar's Output Size menu
    QApplication.processEvents()
    picture = player.centralWidget()
    assert (picture.width(), picture.height()) == output.size
    assert (player.view.width(), player.view.height() + player.strip.height()) == output.size
    player.resize(700, 500)  # the window keeps the size: the share stays stable
    QApplication.processEvents()
    assert (picture.width(), picture.height()) == output.size
    assert player.output_size == output and action.isChecked()


def test_the_output_size_is_remembered_and_free_lets_the_window_size_it(
    qtbot,
    current: CurrentDocument,
    settings: QSettings,  # type: ignore[no-untyped-def]
) -> None:
    first = shown(qtbot, current, settings)
    first.set_output_size(OUTPUT_SIZES[2])
    assert settings.value(OUTPUT_SIZE_KEY) == "1920×1080"
    second = shown(qtbot, current, settings)
    QApplication.processEvents()
    assert second.output_size.size == (1920, 1080)
    assert second.centralWidget().size().toTuple() == (1920, 1080)
    second.set_output_size(OUTPUT_SIZES[0])  # Free
    second.resize(800, 500)
    QApplication.processEvents()
    assert second.centralWidget().width() == 800


def test_full_screen_fills_the_screen_whatever_the_output_size(player: PlayerWindow) -> None:
    player.set_output_size(OUTPUT_SIZES[1])
    player.show_full_screen()
    assert player.centralWidget().maximumWidth() > 1280
    player.leave_full_screen()
    QApplication.processEvents()
    assert player.centralWidget().size().toTuple() == (1280, 720)


# -- the GM's inset -----------------------------------------------------------------------------
def test_the_inset_shows_exactly_what_the_player_window_shows(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    gm: MainWindow = built(make_window(MapDocument(crypt())))
    inset = gm.findChild(PlayerInset, "player_inset")
    assert inset is gm.player.inset and inset.isHidden()  # off until asked for
    gm.player.specials()["view.player_inset"].trigger()  # View → Player View Inset
    assert inset.isVisible() and inset.parent() is gm.view  # over the GM's map, not a dock
    corner = gm.view.viewport().geometry().bottomRight()
    assert 0 < corner.x() - inset.geometry().right() < 20
    assert 0 < corner.y() - inset.geometry().bottom() < 20
    assert inset.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert inset.picture.text() == CLOSED_TEXT  # nothing shown to the players yet
    player = gm.player_window
    player.resize(800, 450)
    player.present()
    qtbot.waitExposed(player)
    qtbot.waitUntil(lambda: not inset.shown_image().isNull())
    inset.refresh()
    shown_now = inset.shown_image().toImage()
    expected = (
        player.centralWidget()
        .grab()
        .scaled(
            shown_now.size(),
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    )
    difference = np.abs(pixels(shown_now).astype(int) - pixels(expected.toImage()).astype(int))
    assert difference.mean() < 2  # the same picture (but for a pixel's rounding of its width)
    assert saturation(pixels(inset.shown_image().toImage())) > 100  # the map
    player.set_blackout(True)  # repaints the picture: the inset follows by itself
    qtbot.waitUntil(lambda: saturation(pixels(inset.shown_image().toImage())) < 8)
    player.close()
    qtbot.waitUntil(lambda: inset.picture.text() == CLOSED_TEXT)


def test_the_inset_grabs_nothing_while_nothing_changes_or_while_it_is_hidden(
    make_window,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    gm: MainWindow = built(make_window(MapDocument(crypt())))
    player, inset = gm.player_window, gm.player.inset
    player.present()
    qtbot.waitExposed(player)
    inset.show()
    QTest.qWait(600)  # the first paints of both windows settle
    grabs = inset.grabs
    assert grabs >= 1
    QTest.qWait(600)  # idle: more than two refresh intervals
    assert inset.grabs == grabs  # no timer grabs a still picture
    inset.hide()
    player.set_blackout(True)
    QTest.qWait(600)
    assert inset.grabs == grabs  # not in view: not grabbed


# -- physical scale -----------------------------------------------------------------------------
def neighbours_px(player: PlayerWindow) -> float:
    """The on-screen distance between two neighbouring hexes' centres (edge to edge)."""
    geometry = player.scene.geometry
    a = player.view.transform().map(geometry.center(Hex(3, 3)))
    b = player.view.transform().map(geometry.center(Hex(4, 3)))
    return math.dist((a.x(), a.y()), (b.x(), b.y()))


def view_center(player: PlayerWindow) -> QPointF:
    return player.view.mapToScene(player.view.viewport().rect().center())


@pytest.mark.parametrize("unit", HEX_UNITS)
def test_physical_scale_draws_one_hex_its_unit_wide_on_this_screen(
    player: PlayerWindow, unit
) -> None:  # type: ignore[no-untyped-def]
    size = player.screen().geometry()
    dpi = 72.0
    player.set_physical_scale(PhysicalScale(math.hypot(size.width(), size.height()) / dpi, unit))
    assert neighbours_px(player) / dpi == pytest.approx(unit.inches, rel=0.01)
    assert f"1 hex = {unit.name}" in player.findChild(QLabel, "player_state").text()
    assert not player.follow_action.isEnabled() and not player.fit_action.isEnabled()


def test_with_physical_scale_the_wheel_does_not_zoom_and_says_why(player: PlayerWindow) -> None:
    player.set_physical_scale(PhysicalScale(40.0))
    zoom = player.view.zoom
    viewport = player.view.viewport()
    at = QPointF(viewport.rect().center())
    wheel = QWheelEvent(
        at,
        QPointF(viewport.mapToGlobal(at.toPoint())),
        QPoint(),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, wheel)
    assert player.view.zoom == pytest.approx(zoom)
    assert player.notice.startswith("Zoom is locked: Physical Scale draws one hex 1 inch")
    player.set_physical_scale(None)  # off: the wheel zooms again
    QApplication.sendEvent(viewport, wheel)
    assert player.view.zoom > zoom * 1.2


@pytest.mark.parametrize("orientation", [Orientation.POINTY, Orientation.FLAT])
def test_the_arrow_keys_move_the_map_by_whole_hexes(
    qtbot,
    settings: QSettings,
    orientation: Orientation,  # type: ignore[no-untyped-def]
) -> None:
    player = shown(qtbot, CurrentDocument(MapDocument(crypt(orientation))), settings)
    player.set_physical_scale(PhysicalScale(60.0))
    geometry = player.scene.geometry
    start = view_center(player)
    snapped = geometry.center(geometry.hex_at(start))
    px = 2.0 / player.view.zoom  # scene units a pixel or two: scroll bars move by whole pixels
    assert (start.x(), start.y()) == pytest.approx((snapped.x(), snapped.y()), abs=px)
    activate(player)
    for key, direction in ((Qt.Key.Key_Right, "right"), (Qt.Key.Key_Down, "down")):
        before = view_center(player)
        QTest.keyClick(player.view, key)
        dx, dy = pan_step(orientation, geometry.size, direction)
        after = view_center(player)
        assert (after.x() - before.x(), after.y() - before.y()) == pytest.approx((dx, dy), abs=px)
    QTest.keyClick(player.view, Qt.Key.Key_Left)
    QTest.keyClick(player.view, Qt.Key.Key_Up)
    back = view_center(player)
    assert (back.x(), back.y()) == pytest.approx((start.x(), start.y()), abs=px)


def test_panning_stops_at_the_maps_edge_saying_so(player: PlayerWindow) -> None:
    player.set_physical_scale(PhysicalScale(20.0))  # a small screen: the map is larger
    moved = 0
    while player.pan_hexes("left"):
        moved += 1
        assert moved < 100
    assert player.notice == "The map's edge: it moves no further that way"


def test_physical_scale_is_remembered_per_screen(
    qtbot,
    player: PlayerWindow,
    current: CurrentDocument,
    settings: QSettings,  # type: ignore[no-untyped-def]
) -> None:
    player.set_physical_scale(PhysicalScale(55.0, HEX_UNITS[1]))
    screen = player.screen()
    size = screen.geometry()
    key = screen_key(screen.name(), size.width(), size.height())
    assert float(settings.value(f"player_window/physical/{key}/diagonal")) == 55.0
    again = shown(qtbot, current, settings)
    assert again.remembered_physical_scale() == PhysicalScale(55.0, HEX_UNITS[1])


def test_the_physical_scale_dialog_asks_for_the_diagonal(
    player: PlayerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[PhysicalScaleDialog] = []

    def answer(dialog: PhysicalScaleDialog) -> int:
        asked.append(dialog)
        dialog.diagonal_box.setValue(48.0)
        dialog.unit_box.setCurrentIndex(1)
        assert "pixels an inch" in dialog.result_label.text()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PhysicalScaleDialog, "exec", answer)
    player.physical_action.trigger()  # Table TV → Physical Scale…
    assert asked and player.physical_scale == PhysicalScale(48.0, HEX_UNITS[1])
    monkeypatch.setattr(PhysicalScaleDialog, "exec", lambda _d: QDialog.DialogCode.Rejected)
    player.physical_action.trigger()  # off
    assert player.physical_scale is None
    player.physical_action.trigger()  # cancelled: stays off
    assert player.physical_scale is None and not player.physical_action.isChecked()


def test_physical_scale_can_follow_the_acting_creature(
    player: PlayerWindow, current: CurrentDocument
) -> None:
    player.set_physical_scale(PhysicalScale(20.0))
    player.follow_actor_action.trigger()
    geometry = player.scene.geometry
    board = current.board

    def centred_on(token_id: str) -> bool:
        point = geometry.center(board.token(token_id).position)
        shown = view_center(player)
        return math.dist((point.x(), point.y()), (shown.x(), shown.y())) * player.view.zoom < 2

    assert centred_on("aria")  # her turn
    TurnController(current).next_turn()
    assert centred_on("goblin")
    player.pan_hexes("left")  # the GM may still move it by hand
    assert not centred_on("goblin")


@pytest.mark.parametrize(
    ("length", "unit", "ppi"),
    [(4.0, "in", 100.0), (101.6, "mm", 100.0), (10.0, "mm", 1016.0)],
)
def test_two_marks_measured_give_the_screens_pixels_per_inch(
    length: float, unit: str, ppi: float
) -> None:
    assert pixels_per_inch_measured(400, length, unit) == pytest.approx(ppi, rel=0.01)


def test_a_measured_ppi_and_the_diagonal_are_one_scale() -> None:
    ppi = pixels_per_inch_measured(400, 4.36)  # a 24" 1920×1080 monitor: 91.79 ppi
    diagonal = diagonal_from_ppi(ppi, 1920, 1080)
    assert diagonal == pytest.approx(24.0, rel=0.01)
    assert pixels_per_inch(diagonal, 1920, 1080) == pytest.approx(ppi, rel=1e-9)
    hex_px = PhysicalScale(diagonal).zoom(1920, 1080, HEX_SIZE) * math.sqrt(3) * HEX_SIZE
    assert hex_px == pytest.approx(ppi, rel=0.01)  # one hex, one inch


def test_the_dialog_draws_two_marks_its_pixels_apart(
    player: PlayerWindow,
) -> None:
    dialog = PhysicalScaleDialog(player.screen(), 40.0, HEX_UNITS[0], player)
    dialog.show()
    QApplication.processEvents()
    image = pixels(dialog.marks.grab().toImage())
    dark = np.where(image[8].max(axis=1) < 128)[0]  # a row through the two marks, not the line
    assert tuple(dark) == dialog.marks.mark_xs()
    assert dark[1] - dark[0] == MARKS_PX
    dialog.close()


def test_the_physical_scale_dialog_takes_two_marks_measured_with_a_ruler(
    player: PlayerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    ppi = 80.0  # this screen, by the ruler: 400 px measure 5 in (127 mm)

    def answer(dialog: PhysicalScaleDialog) -> int:
        dialog.length_unit_box.setCurrentText("mm")
        dialog.measured_box.setValue(MARKS_PX / ppi * MM_PER_INCH)
        assert dialog.use_measurement()
        assert dialog.result_label.text().startswith("80.0 pixels an inch")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PhysicalScaleDialog, "exec", answer)
    player.physical_action.trigger()  # Table TV → Physical Scale…
    assert player.physical_scale is not None
    assert neighbours_px(player) / ppi == pytest.approx(1.0, rel=0.01)  # one hex, one inch


def test_a_measurement_no_screen_could_give_is_refused_saying_so(player: PlayerWindow) -> None:
    dialog = PhysicalScaleDialog(player.screen(), 40.0, HEX_UNITS[0], player)
    dialog.measured_box.setValue(0.5)  # 400 px in half an inch: a screen smaller than 5 in
    assert not dialog.use_measurement()
    assert dialog.diagonal() == 40.0
    assert "measure again" in dialog.result_label.text()
    dialog.length_unit_box.setCurrentText("mm")  # the length kept, in the new unit
    assert dialog.measured_box.value() == pytest.approx(0.5 * MM_PER_INCH, abs=0.01)
