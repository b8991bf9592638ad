"""Importing a battle-map picture: one undo step, refusals that name the problem and leave
the map untouched, decoding under an allocation limit, and placement edits (nudge, scale,
opacity) as single undo steps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QImage, QImageReader, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QProgressDialog
from pytestqt.qtbot import QtBot

import app.controllers.pictures as picture_import
from app.controllers.pictures import PictureController, PictureError, load_picture
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.shell.main_window import MainWindow
from app.widgets.docks.picture import PictureDock, picture_paths_from_mime
from rules import Board, Hex, Orientation, Token
from rules.mapfile import MAX_PICTURE_SIDE


def write_picture(path: Path, width: int = 320, height: int = 200, fmt: str = "PNG") -> Path:
    picture = QImage(width, height, QImage.Format.Format_RGB32)
    picture.fill(QColor("#5a7d4a"))
    assert picture.save(str(path), fmt)
    return path


def png_header(width: int, height: int) -> bytes:
    """The first bytes of a PNG claiming ``width``×``height`` pixels (and nothing after)."""
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + ihdr + b"\x00" * 4


@pytest.fixture
def window(qtbot: QtBot, settings: QSettings) -> MainWindow:
    board = Board.blank(12, 8).with_token(Token("goblin-1", "Goblin", Hex(2, 2), size=-1))
    win = MainWindow(MapDocument(board), settings)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def dock(window: MainWindow) -> PictureDock:
    """The window's Battle Map dock."""
    return window.picture_dock


# -- import --------------------------------------------------------------------------------
def test_importing_a_png_is_one_undo_step_and_undo_removes_picture_and_placement(
    window: MainWindow, dock: PictureDock, tmp_path: Path
) -> None:
    document = window.document
    before = document.board
    path = write_picture(tmp_path / "Old Mill.png")
    assert dock.import_path(path, show_progress=False)
    board = document.board
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Import battle map"
    background = board.background
    assert background is not None and background.image == "old-mill.png"
    assert board.images["old-mill.png"] == path.read_bytes()
    # first guess: the picture spans the map's width, its top-left hex centre on Hex(0, 0)
    map_width = window.scene.geometry.board_rect(board).width() / window.scene.geometry.size
    assert background.hex_size == pytest.approx(320 / map_width)
    assert background.origin_y == pytest.approx(background.hex_size)
    assert window.scene.background_item.isVisible()
    assert window.scene.background_item.picture_rect.width() == pytest.approx(
        window.scene.geometry.board_rect(board).width()
    )
    document.undo_stack.undo()
    assert document.board == before and document.board.images == {}
    assert not window.scene.background_item.isVisible()
    document.undo_stack.redo()
    assert document.board == board


@pytest.mark.parametrize(("fmt", "suffix"), [("JPEG", ".jpg"), ("WEBP", ".webp")])
def test_jpeg_and_webp_pictures_import_too(
    window: MainWindow, dock: PictureDock, tmp_path: Path, fmt: str, suffix: str
) -> None:
    path = write_picture(tmp_path / f"ford{suffix}", 200, 150, fmt)
    assert dock.import_path(path, show_progress=False)
    background = window.document.board.background
    assert background is not None and background.image == f"ford{suffix}"


def test_a_second_picture_replaces_the_first_in_one_step(
    window: MainWindow, dock: PictureDock, tmp_path: Path
) -> None:
    document = window.document
    assert dock.import_path(write_picture(tmp_path / "a.png", 300, 200), show_progress=False)
    first = document.board
    assert dock.import_path(write_picture(tmp_path / "b.png", 600, 400), show_progress=False)
    board = document.board
    assert list(board.images) == ["b.png"]  # the replaced picture is not kept in the file
    assert board.background is not None and board.background.image == "b.png"
    document.undo_stack.undo()
    assert document.board == first


REFUSALS = [
    ("map.png", b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR", "map.png is cut short"),
    ("map.png", png_header(640, 480) + b"garbage" * 50, "map.png is not a picture Hexweave can"),
    ("notes.png", b"These are my notes, not a picture.", "notes.png is not a PNG, JPEG or WebP"),
    ("empty.webp", b"", "empty.webp is not a PNG, JPEG or WebP"),
    (
        "battle.png",
        png_header(100_000, 100_000),
        f"battle.png is 100000×100000 pixels; the limit is {MAX_PICTURE_SIDE} pixels on a side",
    ),
]


@pytest.mark.parametrize(("name", "data", "message"), REFUSALS)
def test_bad_pictures_are_refused_with_a_specific_message_and_nothing_changes(
    window: MainWindow, dock: PictureDock, tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    document = window.document
    before = document.board
    (tmp_path / name).write_bytes(data)
    refusals: list[str] = []
    dock.controller.refused.connect(refusals.append)
    assert not dock.import_path(tmp_path / name, show_progress=False)
    assert len(refusals) == 1 and refusals[0].startswith(message), refusals
    assert document.board is before and document.undo_stack.count() == 0
    with pytest.raises(PictureError, match="^" + re.escape(message)):
        load_picture(tmp_path / name)


def test_a_missing_file_and_a_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(PictureError, match=re.escape("gone.png is not a file")):
        load_picture(tmp_path / "gone.png")
    (tmp_path / "maps.png").mkdir()
    with pytest.raises(PictureError, match=re.escape("maps.png is not a file")):
        load_picture(tmp_path / "maps.png")


def test_a_file_over_the_byte_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_picture(tmp_path / "huge.png")
    monkeypatch.setattr(picture_import, "MAX_PICTURE_BYTES", 100)
    with pytest.raises(
        PictureError, match=re.escape("huge.png is larger than the limit for a picture, 100")
    ):
        load_picture(path)


def test_decoding_respects_the_allocation_limit_and_restores_qts(tmp_path: Path) -> None:
    path = write_picture(tmp_path / "big.png", 2000, 1500)  # 11.4 MB as 32-bit pixels
    before = QImageReader.allocationLimit()
    with pytest.raises(
        PictureError, match=re.escape("big.png is 2000×1500 pixels, too large to decode")
    ):
        load_picture(path, limit_mb=8)
    assert QImageReader.allocationLimit() == before
    data, image = load_picture(path, limit_mb=16)
    assert (image.width(), image.height()) == (2000, 1500) and data == path.read_bytes()
    assert QImageReader.allocationLimit() == before


def test_a_controller_with_a_low_limit_refuses_and_leaves_the_map_alone(
    window: MainWindow, tmp_path: Path
) -> None:
    document = window.document
    controller = PictureController(window.session.current, window, limit_mb=4)
    refusals: list[str] = []
    controller.refused.connect(refusals.append)
    assert not controller.import_path(write_picture(tmp_path / "big.png", 1500, 1000))
    assert refusals == ["big.png is 1500×1000 pixels, too large to decode within 4 MB"]
    assert document.undo_stack.count() == 0 and document.board.background is None


def test_large_files_are_decoded_behind_a_busy_dialog(
    window: MainWindow, dock: PictureDock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(picture_import, "BUSY_BYTES", 0)  # every file counts as large
    shown: list[str] = []
    original = QProgressDialog.show
    monkeypatch.setattr(
        QProgressDialog, "show", lambda self: (shown.append(self.labelText()), original(self))
    )
    assert dock.import_path(write_picture(tmp_path / "keep.png"), show_progress=True)
    assert shown == ["Reading keep.png…"]
    assert window.document.undo_stack.count() == 1
    (tmp_path / "bad.png").write_bytes(png_header(64, 64) + b"junk")
    assert not dock.import_path(tmp_path / "bad.png", show_progress=True)
    assert len(shown) == 2 and window.document.undo_stack.count() == 1
    assert not [w for w in window.findChildren(QProgressDialog) if w.isVisible()]


# -- placement: nudge, scale, opacity --------------------------------------------------------
@pytest.fixture
def imported(window: MainWindow, dock: PictureDock, tmp_path: Path) -> MapDocument:
    assert dock.import_path(write_picture(tmp_path / "map.png", 600, 400), show_progress=False)
    return window.document


def test_a_nudge_is_one_step_and_a_run_of_nudges_collapses_into_one(
    imported: MapDocument, dock: PictureDock
) -> None:
    stack, start = imported.undo_stack, imported.board.background
    assert start is not None
    assert dock.nudge(1, 0)
    after_one = imported.board.background
    assert after_one is not None and after_one.origin_x == pytest.approx(start.origin_x - 1)
    assert stack.count() == 2 and stack.text(1) == "Nudge battle map"
    dock.nudge_buttons["down"].click()
    assert dock.nudge(0, 1, big=True)
    moved = imported.board.background
    assert moved is not None and moved.origin_y == pytest.approx(start.origin_y - 11)
    assert stack.count() == 2  # merged
    stack.undo()
    assert imported.board.background == start


def test_nudging_back_to_the_start_leaves_no_step(imported: MapDocument, dock: PictureDock) -> None:
    assert dock.nudge(1, 0) and dock.nudge(-1, 0)
    assert imported.undo_stack.count() == 1  # only the import


def test_scale_steps_keep_the_map_centre_and_are_one_step(
    window: MainWindow, imported: MapDocument, dock: PictureDock
) -> None:
    start = imported.board.background
    assert start is not None
    centre = window.scene.geometry.board_rect(imported.board).center()
    pixel_before = window.scene.background_item.picture_rect
    dock.larger_button.click()
    dock.larger_button.click()
    background = imported.board.background
    assert background is not None
    assert background.hex_size == pytest.approx(start.hex_size / 1.005**2)
    pixel_after = window.scene.background_item.picture_rect
    assert pixel_after.width() == pytest.approx(pixel_before.width() * 1.005**2)
    # the picture point under the map's centre stays there
    for axis in ("x", "y"):
        c = getattr(centre, axis)()
        left = getattr(pixel_before, "left" if axis == "x" else "top")()
        left_after = getattr(pixel_after, "left" if axis == "x" else "top")()
        assert (c - left) * 1.005**2 == pytest.approx(c - left_after)
    assert imported.undo_stack.count() == 2 and imported.undo_stack.text(1) == "Scale battle map"
    dock.smaller_button.click()
    assert imported.undo_stack.count() == 2
    imported.undo_stack.undo()
    assert imported.board.background == start


def test_an_opacity_drag_is_one_undo_step_and_a_new_drag_another(
    imported: MapDocument, dock: PictureDock
) -> None:
    slider, stack = dock.opacity_slider, imported.undo_stack
    for drag in ((80, 60, 40), (50, 70)):
        slider.setSliderDown(True)
        for value in drag:
            slider.setValue(value)
        slider.setSliderDown(False)
    background = imported.board.background
    assert background is not None and background.opacity == pytest.approx(0.7)
    assert [stack.text(i) for i in range(stack.count())] == [
        "Import battle map",
        "Battle map opacity 40%",
        "Battle map opacity 70%",
    ]
    stack.undo()
    assert imported.board.background is not None
    assert imported.board.background.opacity == pytest.approx(0.4)
    assert slider.value() == 40 and dock.opacity_label.text() == "40 %"


def test_placement_needs_a_picture(window: MainWindow, dock: PictureDock) -> None:
    refusals: list[str] = []
    dock.controller.refused.connect(refusals.append)
    assert not dock.nudge(1, 0)
    assert refusals == ["Import a battle-map picture first"]
    assert not dock.fit_button.isEnabled() and not dock.opacity_slider.isEnabled()


def test_the_scale_cannot_leave_the_allowed_hex_sizes(
    imported: MapDocument, dock: PictureDock
) -> None:
    refusals: list[str] = []
    dock.controller.refused.connect(refusals.append)
    assert not dock.controller.scale(1000.0)
    assert refusals and "outside 2..10000" in refusals[0]
    assert imported.undo_stack.count() == 1


# -- menu and drops -----------------------------------------------------------------------
def test_the_file_menu_has_the_import_action(window: MainWindow, dock: PictureDock) -> None:
    action = dock.import_action
    assert action is not None and action.shortcut() == QKeySequence("Ctrl+Shift+I")
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert action in file_menu.actions()


def test_picture_paths_from_a_drop(tmp_path: Path) -> None:
    mime = QMimeData()
    names = ["a.png", "b.JPG", "c.jpeg", "d.webp", "e.hexmap", "f.txt"]
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / n)) for n in names])
    assert picture_paths_from_mime(mime) == [tmp_path / n for n in names[:4]]
    assert picture_paths_from_mime(QMimeData()) == []
    assert picture_paths_from_mime(None) == []


def test_a_pointy_first_guess_on_a_flat_map(
    qtbot: QtBot, settings: QSettings, tmp_path: Path
) -> None:
    board = Board.blank(10, 6, Orientation.FLAT)
    controller = PictureController(CurrentDocument(MapDocument(board)))
    assert controller.import_path(write_picture(tmp_path / "f.png", 310, 200), show_progress=False)
    background = controller.board.background
    assert background is not None
    assert background.hex_size == pytest.approx(310 / (1.5 * 10 + 0.5))  # flat: 1.5 w + 0.5
    assert (background.origin_x, background.origin_y) == pytest.approx(
        (background.hex_size, 3**0.5 / 2 * background.hex_size)
    )


def test_dock_follows_the_open_map(window: MainWindow, dock: PictureDock, tmp_path: Path) -> None:
    assert dock.import_path(write_picture(tmp_path / "m.png"), show_progress=False)
    assert dock.fit_button.isEnabled()
    window.session.new_map(8, 8, Orientation.POINTY)
    assert not dock.fit_button.isEnabled()
    assert dock.import_path(write_picture(tmp_path / "n.png"), show_progress=False)
    assert window.document.board.background is not None
    assert dock.fit_button.isEnabled()
    assert dock.isVisible() and Qt.DockWidgetArea.RightDockWidgetArea == window.dockWidgetArea(dock)


def test_keyboard_shortcuts_nudge_and_scale(
    window: MainWindow, imported: MapDocument, dock: PictureDock
) -> None:
    start = imported.board.background
    assert start is not None
    window.activateWindow()
    window.view.setFocus()
    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window.view, Qt.Key.Key_Right, ctrl)
    QTest.keyClick(window.view, Qt.Key.Key_Down, ctrl | shift)
    moved = imported.board.background
    assert moved is not None
    assert (moved.origin_x, moved.origin_y) == pytest.approx(
        (start.origin_x - 1, start.origin_y - 10)
    )
    QTest.keyClick(window.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.AltModifier)
    scaled = imported.board.background
    assert scaled is not None and scaled.hex_size == pytest.approx(start.hex_size / 1.005)
    assert imported.undo_stack.count() == 3  # import, one run of nudges, one scale


def test_dropping_a_picture_file_imports_it(
    window: MainWindow, dock: PictureDock, tmp_path: Path
) -> None:
    """Synthetic drag events, as the window's drag and drop handlers pass them on."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(write_picture(tmp_path / "drop.png")))])
    where, action = QPointF(100, 100), Qt.DropAction.CopyAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(QPoint(100, 100), action, mime, buttons, keys)
    assert dock.handle_drag(enter) and enter.isAccepted()
    assert window.document.undo_stack.count() == 0  # entering imports nothing
    assert dock.handle_drag(QDropEvent(where, action, mime, buttons, keys))
    background = window.document.board.background
    assert background is not None and background.image == "drop.png"
    other = QMimeData()
    other.setUrls([QUrl.fromLocalFile(str(tmp_path / "map.hexmap"))])
    assert not dock.handle_drag(QDropEvent(where, action, other, buttons, keys))
    assert window.document.undo_stack.count() == 1
