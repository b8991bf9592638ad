"""``hexweave import FILE -o OUT.hexmap`` (a Universal VTT map, issue #18) and ``hexweave
export MAP -o OUT.json`` (the plain JSON description), called in-process through
:func:`app.main.main`: what they write, what they print, and what they refuse (exit 2
for bad arguments, 1 for a file that cannot be read, and nothing written either way)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from app.controllers.importing import UvttOptions, import_uvtt
from app.main import main
from app.resources import demo_map_path
from rules import Board, Hex, Orientation, mapfile
from rules.layout import Layout
from rules.mapfile import JSON_FORMAT, SUFFIX, WindowsAs, board_from_json, json_text
from tests.rules.mapfile.uvtt_files import SAMPLE, png, sample_uvtt, write_uvtt

LIGHT_TEXT = "Light: 5 squares, warm white (#eccd8b)"


@pytest.fixture
def room(tmp_path: Path) -> Path:
    """The sample room (tests/rules/mapfile/uvtt_files.py) as ``room.dd2vtt``."""
    return write_uvtt(tmp_path / "room.dd2vtt", sample_uvtt())


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A Universal VTT file cut off in its JSON."""
    path = tmp_path / "broken.dd2vtt"
    path.write_bytes(b'{"format": 0.3,')
    return path


BROKEN_MESSAGE = (
    "hexweave import: cannot import broken.dd2vtt: the file is not valid JSON: Expecting "
    "property name enclosed in double quotes (line 1, column 16)"
)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def picture_layout(board: Board) -> Layout:
    background = board.background
    assert background is not None
    return Layout(board.orientation, background.hex_size, background.origin_x, background.origin_y)


def walls(board: Board) -> int:
    return int(np.count_nonzero(board.layers["blocked"]))


def exit_code(argv: list[str]) -> int | str | None:
    """The code ``main(argv)`` exits with through argparse (a usage error)."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    return exited.value.code


# -- import: success --------------------------------------------------------------------------


def test_cli_import_writes_a_map_with_the_rooms_walls_doors_and_lights(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("room.hexmap")
    assert main(["import", str(room), "-o", str(out)]) == 0
    board = mapfile.load(out)
    assert (board.width, board.height, board.orientation, board.name) == (
        11,
        10,
        Orientation.POINTY,
        "room",
    )
    assert walls(board) == 17
    door = board.labels["door-1"]
    assert door.text == "Door" and door.is_door
    door_middle = picture_layout(board).pixel_to_hex(sum(SAMPLE.door) / 2, SAMPLE.row2_y)
    assert door.door == (door_middle,) == (Hex(4, 2),)
    assert board.terrain_at(Hex(4, 2)).blocked
    light = board.labels["light-1"]
    assert (light.text, light.gm_only, light.position) == (LIGHT_TEXT, True, Hex(5, 4))
    assert board.images == {"background.png": png(640, 512)}
    assert board.background is not None
    assert board.background.hex_size == pytest.approx(64 / math.sqrt(3))
    assert mapfile.check(out) == []
    # the same map the app's import makes, and the summary printed, then where it went
    expected = import_uvtt(room)
    assert board == expected.board
    printed = capsys.readouterr()
    assert printed.out.splitlines() == [*expected.summary, str(out)]
    assert printed.out.splitlines()[0] == "Imported room.dd2vtt (Universal VTT, format 0.3)."
    assert printed.err == ""


def test_cli_import_check_says_ok_for_the_written_map(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("checked.hexmap")
    assert main(["import", str(room), "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    assert capsys.readouterr().out.strip() == "ok"


def test_cli_import_flat_with_windows_as_walls(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("flat.hexmap")
    args = ["--orientation", "flat", "--windows", "walls"]
    assert main(["import", str(room), "-o", str(out), *args]) == 0
    board = mapfile.load(out)
    assert (board.width, board.height, board.orientation) == (12, 9, Orientation.FLAT)
    assert board.labels["door-1"].door == (Hex(6, -1),)
    window = picture_layout(board).pixel_to_hex(SAMPLE.wall_x, SAMPLE.row6_y)
    assert board.terrain_at(window).blocked
    assert board.terrain_at(window).concealment == 0
    expected = import_uvtt(room, UvttOptions(Orientation.FLAT, WindowsAs.WALLS))
    assert board == expected.board
    out_lines = capsys.readouterr().out.splitlines()
    assert "Windows: 1 made walls (3 hexes) (option: windows as walls)." in out_lines


def test_cli_import_windows_default_to_concealment(qapp: object, room: Path) -> None:
    concealed, walled = room.with_name("c.hexmap"), room.with_name("w.hexmap")
    assert main(["import", str(room), "-o", str(concealed)]) == 0
    assert main(["import", str(room), "-o", str(walled), "--windows", "walls"]) == 0
    a, b = mapfile.load(concealed), mapfile.load(walled)
    window = picture_layout(a).pixel_to_hex(SAMPLE.wall_x, SAMPLE.row6_y)
    assert (a.terrain_at(window).blocked, a.terrain_at(window).concealment) == (False, 3)
    assert (b.terrain_at(window).blocked, b.terrain_at(window).concealment) == (True, 0)
    assert (walls(a), walls(b)) == (17, 18)


def test_cli_import_hex_px_scales_the_stored_picture(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("small.hexmap")
    assert main(["import", str(room), "-o", str(out), "--hex-px", "50"]) == 0
    board = mapfile.load(out)
    picture = QImage.fromData(board.images["background.png"])
    assert (picture.width(), picture.height()) == (500, 400)
    assert board.background is not None
    assert board.background.hex_size * math.sqrt(3) == pytest.approx(50)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [
        "The picture was scaled from 640×512 to 500×400 pixels: 50 px a hex.",
        str(out),
    ]


# -- import: refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["out.zip", "out.json", "out.dd2vtt", "out", "out.hexmap.bak"])
def test_cli_import_refuses_an_output_that_is_not_a_hexmap(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    assert exit_code(["import", str(room), "-o", str(room.with_name(name))]) == 2
    err = capsys.readouterr().err
    assert f"hexweave import: error: -o: the map must be a {SUFFIX} file, not {name!r}" in err
    assert names(room.parent) == ["room.dd2vtt"]


def test_cli_import_refuses_an_existing_output_without_force(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("taken.hexmap")
    out.write_bytes(b"someone else's map")
    assert exit_code(["import", str(room), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out} exists: choose another name, or --force to replace it" in err
    assert out.read_bytes() == b"someone else's map"


def test_cli_import_force_replaces_an_existing_output(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("taken.hexmap")
    out.write_bytes(b"someone else's map")
    assert main(["import", str(room), "-o", str(out), "--force"]) == 0
    assert mapfile.load(out) == import_uvtt(room).board
    assert capsys.readouterr().out.splitlines()[-1] == str(out)
    assert names(room.parent) == ["room.dd2vtt", "taken.hexmap"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "argument --hex-px: invalid int value: 'abc'"),
        ("12.5", "argument --hex-px: invalid int value: '12.5'"),
        ("", "argument --hex-px: invalid int value: ''"),
    ],
)
def test_cli_import_hex_px_not_a_number_exits_2(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str], value: str, message: str
) -> None:
    out = room.with_name("out.hexmap")
    assert exit_code(["import", str(room), "-o", str(out), "--hex-px", value]) == 2
    assert message in capsys.readouterr().err
    assert names(room.parent) == ["room.dd2vtt"]


@pytest.mark.parametrize("value", [0, -4, 7, 1025, 5000])
def test_cli_import_hex_px_out_of_range_is_refused_with_the_range(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str], value: int
) -> None:
    out = room.with_name("out.hexmap")
    assert exit_code(["import", str(room), "-o", str(out), "--hex-px", str(value)]) == 2
    err = capsys.readouterr().err
    assert f"--hex-px: pixels per hex must be 8..1024, got {value}" in err
    assert names(room.parent) == ["room.dd2vtt"]


def test_cli_import_hex_px_out_of_range_is_a_usage_error(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = room.with_name("out.hexmap")
    with pytest.raises(SystemExit) as exited:
        main(["import", str(room), "-o", str(out), "--hex-px", "0"])
    assert exited.value.code == 2
    assert "--hex-px" in capsys.readouterr().err
    assert not out.exists()


def test_cli_import_hex_px_out_of_range_is_refused_without_a_picture(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = write_uvtt(tmp_path / "bare.dd2vtt", sample_uvtt(image=None))
    out = tmp_path / "bare.hexmap"
    try:
        code = main(["import", str(bare), "-o", str(out), "--hex-px", "0"])
    except SystemExit as exited:
        code = exited.code  # type: ignore[assignment]
    assert code != 0
    assert "--hex-px" in capsys.readouterr().err
    assert not out.exists()


def test_cli_import_broken_input_exits_1_names_it_and_writes_nothing(
    qapp: object, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = broken.with_name("broken.hexmap")
    assert main(["import", str(broken), "-o", str(out)]) == 1
    printed = capsys.readouterr()
    assert printed.err.strip() == BROKEN_MESSAGE
    assert printed.out == ""
    assert names(broken.parent) == ["broken.dd2vtt"]


def test_cli_import_broken_input_with_force_keeps_the_old_output(
    qapp: object, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = broken.with_name("kept.hexmap")
    mapfile.save(Board.blank(3, 3, name="Kept"), out)
    before = out.read_bytes()
    assert main(["import", str(broken), "-o", str(out), "--force", "--hex-px", "40"]) == 1
    assert capsys.readouterr().err.strip() == BROKEN_MESSAGE
    assert out.read_bytes() == before
    assert mapfile.load(out).name == "Kept"
    assert names(broken.parent) == ["broken.dd2vtt", "kept.hexmap"]


def test_cli_import_hostile_values_are_refused_by_field(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    res = {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 8}, "pixels_per_grid": 2}
    path = write_uvtt(tmp_path / "tiny.dd2vtt", sample_uvtt(resolution=res))
    out = tmp_path / "tiny.hexmap"
    assert main(["import", str(path), "-o", str(out)]) == 1
    assert capsys.readouterr().err.strip() == (
        "hexweave import: cannot import tiny.dd2vtt: resolution.pixels_per_grid is 2; it "
        "must be 4 to 16384 pixels per square"
    )
    assert not out.exists()


def test_cli_import_missing_input_exits_1_and_names_it(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.hexmap"
    assert main(["import", str(tmp_path / "gone.dd2vtt"), "-o", str(out)]) == 1
    assert capsys.readouterr().err.strip() == (
        "hexweave import: cannot import gone.dd2vtt: No such file or directory"
    )
    assert names(tmp_path) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "x.hexmap", "--orientation", "square"], "invalid choice: 'square'"),
        (["-o", "x.hexmap", "--windows", "glass"], "invalid choice: 'glass'"),
        ([], "the following arguments are required: -o/--output"),
    ],
)
def test_cli_import_argument_errors_exit_2(
    qapp: object,
    room: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    args = [str(room.with_name(a)) if a.startswith("x.") else a for a in args]
    assert exit_code(["import", str(room), *args]) == 2
    assert message in capsys.readouterr().err
    assert names(room.parent) == ["room.dd2vtt"]


# -- export to JSON -----------------------------------------------------------------------------


def same_parts(back: Board, board: Board) -> None:
    """``back`` (read from the JSON) equals ``board`` in every part the JSON carries; it
    has no pictures."""
    assert (back.width, back.height, back.orientation, back.name) == (
        board.width,
        board.height,
        board.orientation,
        board.name,
    )
    assert sorted(back.layers) == sorted(board.layers)
    for name in board.layers:
        assert np.array_equal(back.layers[name], board.layers[name]), name
    assert dict(back.labels) == dict(board.labels)
    assert dict(back.notes) == dict(board.notes)
    assert list(back.tokens.items()) == list(board.tokens.items())
    assert list(back.areas.items()) == list(board.areas.items())
    assert list(back.effects.items()) == list(board.effects.items())
    assert dict(back.options) == dict(board.options)
    assert back.turn == board.turn
    assert (back.holds, back.rolls) == (board.holds, board.rolls)
    assert (back.dice_seed, back.dice_draws) == (board.dice_seed, board.dice_draws)
    assert back.images == {} and back.background is None


def test_cli_export_json_of_the_demo_map_reads_back_equal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo.json"
    assert main(["export", str(demo_map_path()), "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    text = out.read_text(encoding="utf-8")
    board = mapfile.load(demo_map_path())
    assert text == json_text(board)
    assert json.loads(text)["format"] == JSON_FORMAT
    back = board_from_json(text, source=out.name)
    same_parts(back, board)
    assert len(back.tokens) == len(board.tokens) == 10
    assert back == board  # the demo map has no pictures: nothing is left out


def test_cli_export_json_of_an_imported_map_keeps_doors_and_lights(
    qapp: object, room: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hexmap = room.with_name("room.hexmap")
    out = room.with_name("room.json")
    assert main(["import", str(room), "-o", str(hexmap)]) == 0
    assert main(["export", str(hexmap), "-o", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(out)
    board = mapfile.load(hexmap)
    back = board_from_json(out.read_bytes())
    same_parts(back, board)
    assert back.labels["door-1"].door == (Hex(4, 2),)
    assert back.labels["light-1"].gm_only
    assert walls(back) == 17
    assert board.images and back.images == {}  # pictures are not in the JSON
    # an opened door travels too
    opened = board.with_door_opened("door-1")
    mapfile.save(opened, hexmap)
    assert main(["export", str(hexmap), "-o", str(out)]) == 0
    same_parts(board_from_json(out.read_text(encoding="utf-8")), opened)


def test_cli_export_json_replaces_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    map_path = tmp_path / "keep.hexmap"
    board = Board.blank(5, 4, name="Keep").with_terrain("blocked", (Hex(1, 1),), True)
    mapfile.save(board, map_path)
    out = tmp_path / "keep.json"
    out.write_text("old")
    assert main(["export", str(map_path), "-o", str(out)]) == 0
    assert board_from_json(out.read_text(encoding="utf-8")) == board
    assert capsys.readouterr().out.strip() == str(out)


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--player"], "--player"),
        (["--coordinates"], "--coordinates"),
        (["--layers", "all"], "--layers"),
        (["--page", "A4"], "--page"),
        (["--orientation", "portrait"], "--orientation"),
        (["--true-scale"], "--true-scale"),
        (["--hex-mm", "25"], "--hex-mm"),
        (["--px-per-hex", "30"], "--px-per-hex"),
        (["--player", "--px-per-hex", "30"], "--player, --px-per-hex"),
    ],
)
def test_cli_export_json_refuses_picture_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], named: str
) -> None:
    out = tmp_path / "map.json"
    assert exit_code(["export", str(demo_map_path()), "-o", str(out), *flags]) == 2
    err = capsys.readouterr().err
    assert f"hexweave export: error: {named}: only for pictures, not a .json description" in err
    assert not out.exists()
    assert names(tmp_path) == []


def test_cli_export_json_of_a_broken_map_exits_1_and_keeps_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.hexmap"
    bad.write_text("nope")
    out = tmp_path / "bad.json"
    assert main(["export", str(bad), "-o", str(out)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"hexweave export: cannot read {bad}: not a Hexweave map: the file is not a zip archive"
    )
    assert not out.exists()
    out.write_text("old")
    assert main(["export", str(bad), "-o", str(out)]) == 1
    assert out.read_text() == "old"
    assert names(tmp_path) == ["bad.hexmap", "bad.json"]


def test_cli_export_json_of_a_missing_map_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.json"
    assert main(["export", str(tmp_path / "missing.hexmap"), "-o", str(out)]) == 1
    assert "missing.hexmap" in capsys.readouterr().err
    assert not out.exists()
