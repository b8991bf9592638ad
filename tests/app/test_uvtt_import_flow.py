"""File → Import Universal VTT… in the window (issue #18): a good file becomes the open,
unsaved map (walls, doors as Label.door, the picture, lights) and its summary is shown;
the options (orientation, windows, pixels a hex) change what is made; a refused file
says which and why and leaves the open map, its undo stack and its dirty state as they
were; a cancelled question changes nothing; an imported door opens in one undo step."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox
from pytestqt.qtbot import QtBot

import app.controllers.importing as importing
import app.shell.features.files as files_feature
from app.controllers.importing import MAX_HEX_PX, MIN_HEX_PX, UvttOptions, import_uvtt
from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.widgets.dialogs.uvtt_import import UvttImportDialog
from rules import Board, Hex, Orientation, mapfile
from rules.board.terrain import ConcealmentKind
from rules.layout import Layout
from rules.mapfile import WindowsAs
from rules.mapfile.uvtt import MAX_UVTT_BYTES, MAX_UVTT_PORTALS, WINDOW_CONCEALMENT
from tests.rules.mapfile.uvtt_files import (
    SAMPLE,
    encoded,
    png,
    png_header,
    portal,
    sample_uvtt,
    uvtt,
    uvtt_bytes,
    write_uvtt,
)

ROOM = "room.dd2vtt"
LIGHT_TEXT = "Light: 5 squares, warm white (#eccd8b)"
SAMPLE_SUMMARY = (
    "Imported room.dd2vtt (Universal VTT, format 0.3).",
    "Picture: 640 × 512 px PNG, 10 × 8 squares at 64 px per square.",
    "Map: 11 × 10 hexes, pointy-top; one hex measures one square (5 ft) edge to edge "
    "(37.0 px centre to corner on the picture).",
    "Walls: 5 polylines (1 from objects_line_of_sight), 8 segments: 17 wall hexes in all.",
    "Doors: 1 closed door (wall hexes with a Door label; opening it clears them); 0 open doors.",
    "Windows: 1 made Concealment Tier 3 (world, sight) on 1 hex of their openings, not "
    "walls (option: windows as concealment).",
    "Lights: 1 light, each noted as a GM-only label.",
    "Skipped: 1 light outside the map.",
    "Skipped: the ambient light (#ffffff): a hex map has no lighting to hold it.",
)


# -- helpers --------------------------------------------------------------------------------


@pytest.fixture
def window(make_window: Callable[[MapDocument], MainWindow]) -> MainWindow:
    """A window on a small, clean, never-saved map."""
    return make_window(MapDocument(Board.blank(8, 6, name="Keep")))


@pytest.fixture
def room(tmp_path: Path) -> Path:
    """The sample room (tests/rules/mapfile/uvtt_files.py) as ``room.dd2vtt``."""
    return write_uvtt(tmp_path / ROOM, sample_uvtt())


def picture_layout(board: Board) -> Layout:
    """The hex layout over the board's background picture, in picture pixels."""
    background = board.background
    assert background is not None
    return Layout(board.orientation, background.hex_size, background.origin_x, background.origin_y)


def door_hex(board: Board) -> Hex:
    """The hex of the middle of the sample's door, from its geometry alone."""
    return picture_layout(board).pixel_to_hex(sum(SAMPLE.door) / 2, SAMPLE.row2_y)


def window_hex(board: Board) -> Hex:
    """The hex of the middle of the sample's window, from its geometry alone."""
    return picture_layout(board).pixel_to_hex(SAMPLE.wall_x, SAMPLE.row6_y)


def wall_count(board: Board) -> int:
    return int(np.count_nonzero(board.layers["blocked"]))


def snapshot(window: MainWindow) -> tuple[Any, ...]:
    """Everything a refused import must leave as it was."""
    document = window.document
    stack = document.undo_stack
    return (
        document,
        document.board,
        document.path,
        document.is_modified(),
        stack.count(),
        stack.index(),
        stack.isClean(),
        stack.undoText(),
        window.isWindowModified(),
        window.windowTitle(),
        window.files.last_import_summary,
        window.files.summary_box,
    )


def gate_uvtt() -> dict[str, Any]:
    """A corridor wall along row 3 (y = 3 squares) with a closed door 3 squares wide in it."""
    return uvtt(
        squares=(8, 6),
        walls=[[(0, 3), (2.5, 3)], [(5.5, 3), (8, 3)]],
        portals=[portal((2.5, 3), (5.5, 3))],
    )


# -- a good file ----------------------------------------------------------------------------


def test_uvtt_import_makes_the_room_the_open_map(
    window: MainWindow, room: Path, dialogs: list[str]
) -> None:
    old = window.document
    assert window.files.import_uvtt_path(room, UvttOptions())
    document = window.document
    board = document.board
    assert document is not old
    assert (board.width, board.height, board.orientation, board.name) == (
        11,
        10,
        Orientation.POINTY,
        "room",
    )
    assert wall_count(board) == 17
    # the door: a Label.door at the hex of the door's middle, its hex a wall until opened
    door = board.labels["door-1"]
    assert door.text == "Door" and door.is_door and not door.gm_only
    assert door.door == (door_hex(board),) == (Hex(4, 2),)
    assert door.position == Hex(4, 2)
    assert board.terrain_at(Hex(4, 2)).blocked
    # the light on the map: a GM-only label at its hex; the one off the map is skipped
    light = board.labels["light-1"]
    assert light.text == LIGHT_TEXT and light.gm_only and not light.is_door
    assert light.position == picture_layout(board).pixel_to_hex(*SAMPLE.light) == Hex(5, 4)
    assert sorted(board.labels) == ["door-1", "light-1"]
    # the picture: the file's PNG bytes as they are, one hex a square edge to edge
    assert board.images == {"background.png": png(640, 512)}
    background = board.background
    assert background is not None and background.image == "background.png"
    assert background.hex_size == pytest.approx(64 / math.sqrt(3))
    assert (background.origin_x, background.origin_y) == pytest.approx((0.0, 32 / math.sqrt(3)))
    assert window.scene.background_item.isVisible()
    # nothing to undo, and no question: the old map had no changes
    assert document.undo_stack.count() == 0
    assert dialogs == []


def test_uvtt_import_is_unsaved_and_closing_asks(
    window: MainWindow, room: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.files.import_uvtt_path(room)
    document = window.document
    assert document.path is None
    assert document.is_modified()
    assert window.isWindowModified()
    assert window.windowTitle() == "room[*] — Hexweave"
    assert window.statusBar().currentMessage() == (
        "Imported room.dd2vtt: save it as a .hexmap to keep it"
    )
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.Cancel]

    def question(_parent: object, title: str, text: str, *_a: object) -> object:
        asked.append(f"{title}: {text}")
        return answer[0]

    monkeypatch.setattr(QMessageBox, "question", question)
    assert not window.close()
    assert window.isVisible()
    assert asked == ["Unsaved changes: Save the changes to room first?"]
    answer[0] = QMessageBox.StandardButton.Discard
    assert window.close()
    assert len(asked) == 2


def test_uvtt_import_saved_as_hexmap_is_clean_and_loads_back(
    window: MainWindow, room: Path, tmp_path: Path
) -> None:
    assert window.files.import_uvtt_path(room)
    board = window.document.board
    out = tmp_path / "room.hexmap"
    assert window.files.save_to(out)
    assert window.document.path == out
    assert not window.document.is_modified()
    assert mapfile.load(out) == board


def test_uvtt_import_summary_is_shown_and_kept(window: MainWindow, room: Path) -> None:
    assert window.files.last_import_summary == ()
    assert window.files.summary_box is None
    assert window.files.import_uvtt_path(room)
    assert window.files.last_import_summary == SAMPLE_SUMMARY
    box = window.files.summary_box
    assert box is not None
    assert box.windowTitle() == "Imported"
    assert box.text() == "Imported room.dd2vtt"
    assert box.informativeText() == "\n".join(SAMPLE_SUMMARY)
    assert box.icon() == QMessageBox.Icon.Information
    assert box.isVisible()
    assert box.parent() is window
    # the same lines the rules package makes for the file
    assert window.files.last_import_summary == import_uvtt(room).summary


def test_uvtt_import_default_options_are_pointy_concealment_unscaled(
    window: MainWindow, room: Path
) -> None:
    assert window.files.import_uvtt_path(room)  # no options: UvttOptions()
    assert window.document.board == import_uvtt(room, UvttOptions()).board
    assert UvttOptions() == UvttOptions(Orientation.POINTY, WindowsAs.CONCEALMENT, None)


# -- the options ----------------------------------------------------------------------------


def test_uvtt_import_flat_orientation_changes_the_grid(window: MainWindow, room: Path) -> None:
    assert window.files.import_uvtt_path(room, UvttOptions(orientation=Orientation.FLAT))
    board = window.document.board
    assert (board.width, board.height, board.orientation) == (12, 9, Orientation.FLAT)
    assert wall_count(board) == 21
    door = board.labels["door-1"]
    assert door.door == (door_hex(board),) == (Hex(6, -1),)
    assert board.labels["light-1"].position == Hex(8, 0)
    background = board.background
    assert background is not None
    assert (background.origin_x, background.origin_y) == pytest.approx((32 / math.sqrt(3), 0.0))
    assert window.files.last_import_summary[2] == (
        "Map: 12 × 9 hexes, flat-top; one hex measures one square (5 ft) edge to edge "
        "(37.0 px centre to corner on the picture)."
    )


def test_uvtt_import_window_as_concealment_is_open_ground(window: MainWindow, room: Path) -> None:
    assert window.files.import_uvtt_path(room, UvttOptions(windows=WindowsAs.CONCEALMENT))
    board = window.document.board
    at = window_hex(board)
    assert at == Hex(1, 6)
    terrain = board.terrain_at(at)
    assert not terrain.blocked
    assert terrain.concealment == WINDOW_CONCEALMENT == 3
    assert terrain.concealment_kind is ConcealmentKind.WORLD
    assert int(np.count_nonzero(board.layers["concealment"])) == 1
    assert wall_count(board) == 17


def test_uvtt_import_windows_as_walls_makes_wall_hexes(window: MainWindow, room: Path) -> None:
    assert window.files.import_uvtt_path(room, UvttOptions(windows=WindowsAs.WALLS))
    board = window.document.board
    terrain = board.terrain_at(window_hex(board))
    assert terrain.blocked
    assert terrain.concealment == 0
    assert int(np.count_nonzero(board.layers["concealment"])) == 0
    assert wall_count(board) == 18  # the window's opening hex is now a wall too
    assert window.files.last_import_summary[5] == (
        "Windows: 1 made walls (3 hexes) (option: windows as walls)."
    )


def test_uvtt_import_hex_px_scales_the_picture(window: MainWindow, room: Path) -> None:
    assert window.files.import_uvtt_path(room, UvttOptions(hex_px=50))
    board = window.document.board
    picture = QImage.fromData(board.images["background.png"])
    assert (picture.width(), picture.height()) == (500, 400)  # 640 × 512 at 50 / 64
    assert board.images["background.png"].startswith(b"\x89PNG")
    background = board.background
    assert background is not None
    assert background.hex_size * math.sqrt(3) == pytest.approx(50)
    assert background.origin_y == pytest.approx(25 / math.sqrt(3))
    assert window.files.last_import_summary[-1] == (
        "The picture was scaled from 640×512 to 500×400 pixels: 50 px a hex."
    )
    # the hexes stay where they were: only the picture's pixels changed
    unscaled = import_uvtt(room).board
    assert (board.width, board.height) == (unscaled.width, unscaled.height)
    assert np.array_equal(board.layers["blocked"], unscaled.layers["blocked"])
    assert dict(board.labels) == dict(unscaled.labels)


@pytest.mark.parametrize("hex_px", [MIN_HEX_PX, 128])
def test_uvtt_import_scaled_picture_sizes_follow_hex_px(
    window: MainWindow, room: Path, hex_px: int
) -> None:
    assert window.files.import_uvtt_path(room, UvttOptions(hex_px=hex_px))
    picture = QImage.fromData(window.document.board.images["background.png"])
    assert (picture.width(), picture.height()) == (
        round(640 * hex_px / 64),
        round(512 * hex_px / 64),
    )


def test_scaled_picture_without_a_picture_says_so() -> None:
    board = Board.blank(4, 4)
    assert importing.scaled_picture(board, 50) == (board, "No picture to scale.")


@pytest.mark.parametrize("hex_px", [MIN_HEX_PX - 1, MAX_HEX_PX + 1, 0, -3])
def test_scaled_picture_refuses_hex_px_out_of_range(room: Path, hex_px: int) -> None:
    board = import_uvtt(room).board
    with pytest.raises(ValueError) as refused:
        importing.scaled_picture(board, hex_px)
    assert str(refused.value) == f"pixels per hex must be 8..1024, got {hex_px}"


# -- the dialog -----------------------------------------------------------------------------


def test_uvtt_dialog_options_follow_its_widgets(qtbot: QtBot) -> None:
    dialog = UvttImportDialog(ROOM)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Import Universal VTT"
    assert any(ROOM in label.text() for label in dialog.findChildren(QLabel))
    assert dialog.options() == UvttOptions(Orientation.POINTY, WindowsAs.CONCEALMENT, None)
    assert not dialog.scale.isChecked() and not dialog.hex_px.isEnabled()
    assert (dialog.hex_px.minimum(), dialog.hex_px.maximum()) == (MIN_HEX_PX, MAX_HEX_PX)
    dialog.orientation.setCurrentIndex(dialog.orientation.findData(Orientation.FLAT))
    assert dialog.options() == UvttOptions(Orientation.FLAT, WindowsAs.CONCEALMENT, None)
    dialog.windows.setCurrentIndex(dialog.windows.findData(WindowsAs.WALLS))
    assert dialog.options() == UvttOptions(Orientation.FLAT, WindowsAs.WALLS, None)
    dialog.hex_px.setValue(64)
    assert dialog.options().hex_px is None  # not scaled until the box is ticked
    dialog.scale.setChecked(True)
    assert dialog.hex_px.isEnabled()
    assert dialog.options() == UvttOptions(Orientation.FLAT, WindowsAs.WALLS, 64)
    dialog.hex_px.setValue(2)  # clamped to the range the import takes
    assert dialog.options().hex_px == MIN_HEX_PX
    dialog.hex_px.setValue(5000)
    assert dialog.options().hex_px == MAX_HEX_PX
    dialog.scale.setChecked(False)
    assert not dialog.hex_px.isEnabled()
    assert dialog.options() == UvttOptions(Orientation.FLAT, WindowsAs.WALLS, None)


def test_uvtt_dialog_lists_both_orientations_and_both_window_choices(qtbot: QtBot) -> None:
    dialog = UvttImportDialog(ROOM)
    qtbot.addWidget(dialog)
    orientations = [dialog.orientation.itemData(i) for i in range(dialog.orientation.count())]
    windows = [dialog.windows.itemData(i) for i in range(dialog.windows.count())]
    assert orientations == [Orientation.POINTY, Orientation.FLAT]
    assert windows == [WindowsAs.CONCEALMENT, WindowsAs.WALLS]


def test_uvtt_menu_flow_imports_with_the_dialogs_options(
    window: MainWindow, room: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(room), ""))

    def accept(dialog: UvttImportDialog) -> int:
        dialog.orientation.setCurrentIndex(dialog.orientation.findData(Orientation.FLAT))
        dialog.windows.setCurrentIndex(dialog.windows.findData(WindowsAs.WALLS))
        dialog.scale.setChecked(True)
        dialog.hex_px.setValue(32)
        return 1

    monkeypatch.setattr(UvttImportDialog, "exec", accept)
    window.files.import_uvtt_dialog()
    board = window.document.board
    expected = import_uvtt(room, UvttOptions(Orientation.FLAT, WindowsAs.WALLS, 32))
    assert board == expected.board
    assert board.orientation is Orientation.FLAT
    assert QImage.fromData(board.images["background.png"]).width() == 320
    assert window.files.last_import_summary == expected.summary


def test_uvtt_menu_flow_cancelled_dialogs_import_nothing(
    window: MainWindow, room: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(window)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: ("", ""))
    window.files.import_uvtt_dialog()  # no file chosen
    assert snapshot(window) == before
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(room), ""))
    monkeypatch.setattr(UvttImportDialog, "exec", lambda _self: 0)
    window.files.import_uvtt_dialog()  # the options dialog cancelled
    assert snapshot(window) == before


# -- refused files --------------------------------------------------------------------------


def _resolution(**changes: Any) -> dict[str, Any]:
    res = dict(sample_uvtt()["resolution"])
    res.update(changes)
    return res


REFUSED: list[tuple[str, Callable[[], bytes], str]] = [
    (
        "broken JSON",
        lambda: b'{"format": 0.3,',
        "the file is not valid JSON: Expecting property name enclosed in double quotes "
        "(line 1, column 16)",
    ),
    (
        "empty file",
        lambda: b"",
        "the file is not valid JSON: Expecting value (line 1, column 1)",
    ),
    (
        "a picture, not a UVTT",
        lambda: png(4, 4),
        "the file is not UTF-8 text (invalid start byte at byte 0)",
    ),
    (
        "a JSON list",
        lambda: b"[1, 2, 3]",
        "the file must hold a JSON object, not a list",
    ),
    (
        "JSON of another kind",
        lambda: json.dumps({"format": "hexweave-map", "version": 8}).encode(),
        "resolution is missing",
    ),
    (
        "tiny grid",
        lambda: uvtt_bytes(sample_uvtt(resolution=_resolution(pixels_per_grid=2))),
        "resolution.pixels_per_grid is 2; it must be 4 to 16384 pixels per square",
    ),
    (
        "negative grid",
        lambda: uvtt_bytes(sample_uvtt(resolution=_resolution(pixels_per_grid=-5))),
        "resolution.pixels_per_grid must be a number above 0, got -5",
    ),
    (
        "huge declared size",
        lambda: uvtt_bytes(sample_uvtt(resolution=_resolution(map_size={"x": 1000, "y": 8}))),
        "resolution.map_size is 1000 × 8 squares: at 64 px per square that is "
        "64,000 × 512 px, more than 16384 on a side",
    ),
    (
        "far coordinate",
        lambda: uvtt_bytes(sample_uvtt(line_of_sight=[[{"x": 0, "y": 0}, {"x": 1e9, "y": 0}]])),
        "line_of_sight[0][1].x is 1e+09 squares, further than 100,000 from the origin",
    ),
    (
        "infinite size",
        lambda: (
            b'{"format": 0.3, "resolution": {"map_size": {"x": 1e999, "y": 1}, '
            b'"pixels_per_grid": 64}}'
        ),
        "resolution.map_size.x must be a finite number, got inf",
    ),
    (
        "too many portals",
        lambda: uvtt_bytes(sample_uvtt(portals=[portal((1, 1), (2, 1))] * (MAX_UVTT_PORTALS + 1))),
        "portals has 3,001 portals, more than 3,000",
    ),
    (
        "wrong type",
        lambda: uvtt_bytes(sample_uvtt(portals=[{**portal((1, 1), (2, 1)), "closed": "yes"}])),
        "portals[0].closed must be true/false, not a string",
    ),
    (
        "bad base64",
        lambda: uvtt_bytes(sample_uvtt(image="abc!")),
        "image is not valid base64 (at character 4: '!')",
    ),
    (
        "picture bomb",
        lambda: uvtt_bytes(sample_uvtt(image=encoded(png_header(100_000, 100_000)))),
        "the picture is 100000×100000 pixels; the limit is 16384 pixels on a side and "
        "134,217,728 pixels in all",
    ),
]


FORD = "label-2"
"""The id of the label the edited window's one edit adds (the demo map has ``label-1``)."""


@pytest.fixture
def edited_window(make_window: Callable[[MapDocument], MainWindow], demo_copy: Path) -> MainWindow:
    """A window on a saved map with one unsaved edit (a label), to be kept."""
    window = make_window(MapDocument.open(demo_copy))
    assert not window.document.is_modified()
    assert window.controller.add_label("Ford", Hex(2, 2)) == FORD
    assert window.document.is_modified() and window.document.undo_stack.count() == 1
    return window


@pytest.mark.parametrize(
    ("content", "problem"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_uvtt_refused_file_warns_and_keeps_the_open_map(
    edited_window: MainWindow,
    tmp_path: Path,
    dialogs: list[str],
    content: Callable[[], bytes],
    problem: str,
) -> None:
    window = edited_window
    path = tmp_path / "hostile.dd2vtt"
    path.write_bytes(content())
    before = snapshot(window)
    assert not window.files.import_uvtt_path(path, UvttOptions())
    assert snapshot(window) == before
    assert window.document.path is not None and window.document.path.name == "demo.hexmap"
    assert window.document.board.labels[FORD].text == "Ford"
    assert window.document.undo_stack.undoText() == "Add label “Ford”"
    # asked first (the fixture answers Discard), then told which file and why
    assert dialogs == [
        "Unsaved changes: Save the changes to demo.hexmap first?",
        f"Cannot import map: Could not import hostile.dd2vtt:\n{problem}",
    ]


def test_uvtt_refusal_warning_names_the_file_over_the_window(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warned: list[tuple[object, str, str]] = []

    def warning(parent: object, title: str, text: str, *_a: object) -> object:
        warned.append((parent, title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    path = tmp_path / "Crypt of Bones.dd2vtt"
    path.write_bytes(b"{")
    before = snapshot(window)
    assert not window.files.import_uvtt_path(path)
    assert snapshot(window) == before
    assert warned == [
        (
            window,
            "Cannot import map",
            "Could not import Crypt of Bones.dd2vtt:\nthe file is not valid JSON: Expecting "
            "property name enclosed in double quotes (line 1, column 2)",
        )
    ]


def test_uvtt_refusal_keeps_an_earlier_import_and_its_summary(
    window: MainWindow, room: Path, tmp_path: Path, dialogs: list[str]
) -> None:
    assert window.files.import_uvtt_path(room)
    before = snapshot(window)
    assert before[3] is True  # the import is unsaved
    bad = write_uvtt(tmp_path / "bad.dd2vtt", sample_uvtt(lights=[{"range": 5}]))
    assert not window.files.import_uvtt_path(bad)
    assert snapshot(window) == before
    assert window.files.last_import_summary == SAMPLE_SUMMARY
    assert dialogs == [
        "Unsaved changes: Save the changes to room first?",
        "Cannot import map: Could not import bad.dd2vtt:\nlights[0].position is missing",
    ]


def test_uvtt_missing_file_is_refused_by_name(
    window: MainWindow, tmp_path: Path, dialogs: list[str]
) -> None:
    before = snapshot(window)
    assert not window.files.import_uvtt_path(tmp_path / "gone.dd2vtt")
    assert snapshot(window) == before
    assert dialogs == [
        "Cannot import map: Could not import gone.dd2vtt:\nNo such file or directory"
    ]


def test_uvtt_oversized_file_is_refused_before_it_is_read(
    window: MainWindow, tmp_path: Path, dialogs: list[str]
) -> None:
    path = tmp_path / "huge.dd2vtt"
    with path.open("wb") as file:
        file.truncate(MAX_UVTT_BYTES + 1)  # sparse: declared large, nothing to read
    assert path.stat().st_size > files_feature.BUSY_IMPORT_BYTES  # read behind the indicator
    before = snapshot(window)
    assert not window.files.import_uvtt_path(path)
    assert snapshot(window) == before
    assert dialogs == [
        "Cannot import map: Could not import huge.dd2vtt:\nthe file is 268,435,457 bytes, "
        "more than 268,435,456 (256 MiB)"
    ]


def test_uvtt_scaled_picture_too_large_is_refused(
    window: MainWindow, tmp_path: Path, dialogs: list[str]
) -> None:
    # 1088 × 816 px at 64 px a square, scaled to 1024 px a hex: 17408 × 13056 px
    path = write_uvtt(tmp_path / "vast.dd2vtt", uvtt(squares=(17, 12.75)))
    before = snapshot(window)
    assert not window.files.import_uvtt_path(path, UvttOptions(hex_px=MAX_HEX_PX))
    assert snapshot(window) == before
    assert dialogs == [
        "Cannot import map: Could not import vast.dd2vtt:\nthe scaled picture would be "
        "17408×13056 pixels, more than a map may store (16384 on a side, 134,217,728 in "
        "all); choose fewer pixels per hex"
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (b'{"format": NaN}', "NaN is not a JSON number"),
        (b'{"format": 0.3, "format": 0.2}', "key 'format' appears twice in an object"),
    ],
    ids=["NaN", "repeated key"],
)
def test_uvtt_strict_json_refusal_says_invalid_json_once(
    window: MainWindow, tmp_path: Path, dialogs: list[str], text: bytes, problem: str
) -> None:
    path = tmp_path / "strict.dd2vtt"
    path.write_bytes(text)
    before = snapshot(window)
    assert not window.files.import_uvtt_path(path)
    assert snapshot(window) == before
    assert dialogs == [
        f"Cannot import map: Could not import strict.dd2vtt:\nthe file is not valid JSON: {problem}"
    ]


# -- the question before unsaved changes are lost ---------------------------------------------


def test_uvtt_cancelled_question_changes_nothing(
    edited_window: MainWindow, room: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = edited_window
    asked: list[str] = []

    def cancel(_parent: object, title: str, text: str, *_a: object) -> object:
        asked.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Cancel

    read: list[Path] = []
    real_import = importing.import_uvtt

    def spy(path: Path, options: UvttOptions) -> importing.Imported:
        read.append(path)
        return real_import(path, options)

    monkeypatch.setattr(QMessageBox, "question", cancel)
    monkeypatch.setattr(importing, "import_uvtt", spy)
    before = snapshot(window)
    assert not window.files.import_uvtt_path(room, UvttOptions(windows=WindowsAs.WALLS))
    assert snapshot(window) == before
    assert asked == ["Unsaved changes: Save the changes to demo.hexmap first?"]
    assert read == []  # the file was not even read
    assert window.files.summary_box is None
    assert window.document.board.labels[FORD].text == "Ford"
    monkeypatch.setattr(
        QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )


def test_uvtt_discarded_changes_give_way_to_the_import(
    edited_window: MainWindow, room: Path, dialogs: list[str]
) -> None:
    window = edited_window
    assert window.files.import_uvtt_path(room)
    assert dialogs == ["Unsaved changes: Save the changes to demo.hexmap first?"]
    assert window.document.path is None
    assert FORD not in window.document.board.labels
    assert window.document.undo_stack.count() == 0


# -- doors after the import ---------------------------------------------------------------------


def test_uvtt_imported_door_opens_in_one_undo_step(window: MainWindow, tmp_path: Path) -> None:
    path = write_uvtt(tmp_path / "gate.dd2vtt", gate_uvtt())
    assert window.files.import_uvtt_path(path)
    document = window.document
    closed = document.board
    door = closed.labels["door-1"]
    assert door.door == (Hex(1, 3), Hex(2, 3), Hex(3, 3), Hex(4, 3))
    assert door.position == Hex(2, 3)
    frame = (Hex(-1, 3), Hex(0, 3), Hex(5, 3), Hex(6, 3))
    assert all(closed.terrain_at(h).blocked for h in (*door.door, *frame))
    assert wall_count(closed) == 8
    assert window.controller.open_door("door-1")
    opened = document.board
    assert "door-1" not in opened.labels
    assert [opened.terrain_at(h).blocked for h in door.door] == [False] * 4
    assert [opened.terrain_at(h).blocked for h in frame] == [True] * 4  # the frame stays
    assert wall_count(opened) == 4
    stack = document.undo_stack
    assert (stack.count(), stack.undoText()) == (1, "Open Door")
    assert document.is_modified()
    stack.undo()
    assert document.board == closed
    assert document.board.labels["door-1"] == door
    assert document.is_modified()  # still never saved
    stack.redo()
    assert document.board == opened


def test_uvtt_sample_door_opens_and_undo_closes_it(window: MainWindow, room: Path) -> None:
    assert window.files.import_uvtt_path(room)
    document = window.document
    before = document.board
    assert window.controller.open_door("door-1")
    assert not document.board.terrain_at(Hex(4, 2)).blocked
    assert wall_count(document.board) == 16
    assert sorted(document.board.labels) == ["light-1"]
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.board == before
    assert document.undo_stack.count() == 1 and document.undo_stack.index() == 0


def test_uvtt_a_light_is_not_a_door(window: MainWindow, room: Path) -> None:
    assert window.files.import_uvtt_path(room)
    refused: list[str] = []
    window.controller.refused.connect(refused.append)
    before = window.document.board
    assert not window.controller.open_door("light-1")
    assert refused == [f"label {LIGHT_TEXT!r} is not a door"]
    assert window.document.board is before
    assert window.document.undo_stack.count() == 0


# -- the busy indicator ---------------------------------------------------------------------


def test_uvtt_import_behind_the_busy_indicator_gives_the_same_map(
    window: MainWindow, room: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files_feature, "BUSY_IMPORT_BYTES", 0)  # every file counts as large
    assert window.files.import_uvtt_path(room, UvttOptions(hex_px=40))
    expected = import_uvtt(room, UvttOptions(hex_px=40))
    assert window.document.board == expected.board
    assert window.files.last_import_summary == expected.summary


@pytest.mark.parametrize("hex_px", [MIN_HEX_PX - 1, MAX_HEX_PX + 1])
def test_uvtt_options_refuse_pixels_per_hex_out_of_range(hex_px: int) -> None:
    with pytest.raises(ValueError, match=f"pixels per hex must be 8..1024, got {hex_px}"):
        UvttOptions(hex_px=hex_px)
    assert UvttOptions(hex_px=MIN_HEX_PX).hex_px == MIN_HEX_PX
