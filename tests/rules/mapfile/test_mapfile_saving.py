"""Map files: writing refuses what would not read back; saving keeps modes and symlinks and
never leaves a half-written file; load errors name the path."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from rules import mapfile
from rules.board.annotations import Background, Label, Note
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from tests.rules.mapfile_helpers import forced, png_header, sample_board

# --- writing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda b: b._evolve(images={"../x.png": b"x"}),  # the model refuses it; dumps too
            "image name '../x.png' is not a plain file name",
        ),
        (
            lambda b: b._evolve(images={"a:b": b"x"}),
            "image name 'a:b' is not a plain file name",
        ),
        (
            lambda b: b.with_options({"x": [1]}),
            "option 'x' must be true/false, a number or a string",
        ),
        (lambda b: b.with_options({"x": float("nan")}), "option 'x' must be a finite number"),
        (lambda b: b.with_options({3: True}), "option name 3 must be a string"),
        (
            lambda b: b.with_token(Token("g", "Ghost", Hex(0, 0), image="ghost.png")),
            "token 'g' shows image 'ghost.png', not stored in the map",
        ),
        (
            lambda b: b._evolve(tokens={"n": forced(Token("n", "Nobody", Hex(0, 0)), notes=None)}),
            "map.json: tokens[0]: token 'n': notes must be text",
        ),
        (
            lambda b: b._evolve(
                tokens={"n": forced(Token("n", "N", Hex(0, 0)), movement_types=["land"])}
            ),
            "map.json: tokens[0]: token 'n': movement types must be distinct",
        ),
        (
            lambda b: b._evolve(
                tokens={"n": forced(Token("n", "N", Hex(0, 0)), position=Hex(0.5, 0))}  # type: ignore[arg-type]
            ),
            "token 'n': position and footprint must be hexes of integers",
        ),
        (
            lambda b: b._evolve(tokens={"n": forced(Token("n", "N", Hex(0, 0)), kind="x")}),
            "map.json: tokens[0]: kind is not a TokenKind",
        ),
        (lambda b: b.with_name(None), "the map name must be a string"),
        (
            lambda b: b.with_image("notes.txt", b"\x00\xff"),
            "image 'notes.txt' is not a PNG, JPEG or WebP picture",
        ),
        (
            lambda b: b.with_image("huge.png", png_header(20_000, 10)),
            "image 'huge.png' is 20000×10 pixels; the limit is 16384 pixels on a side",
        ),
        (
            lambda b: Board(3, 3, labels={"far": Label("far", "Far away", Hex(9, 9))}),
            "map.json: labels[0]: label 'far' is off the map at Hex(q=9, r=9)",
        ),
        (
            lambda b: b._evolve(labels={"x": Label("y", "Y", Hex(0, 0))}),
            "label 'y' is filed under the id 'x'",
        ),
        (
            lambda b: b._evolve(notes={"n": Note("n", "Who?", token_id="ghost")}),
            "map.json: notes[0]: note 'n' hangs on token 'ghost', which is not on the map",
        ),
        (
            lambda b: b._evolve(background=Background("map.png", 40.0)),
            "map.json: background.image 'map.png' is not one of the map's images",
        ),
        (
            lambda b: b.with_image("map.png", png_header(8, 8))._evolve(
                background=forced(Background("map.png", 40.0), opacity="half")
            ),
            "map.json: background.opacity must be a number, not a string",
        ),
    ],
)
def test_dumps_refuses_what_cannot_be_read_back(
    change: Callable[[Board], Board], message: str
) -> None:
    with pytest.raises(MapFileError, match=r"^cannot write map: ") as info:
        mapfile.dumps(change(Board.blank(3, 3)))
    assert message in str(info.value)


def test_new_file_permissions_follow_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        mapfile.save(Board.blank(2, 2), tmp_path / "m.hexmap")
    finally:
        os.umask(old)
    assert (tmp_path / "m.hexmap").stat().st_mode & 0o777 == 0o640


def test_existing_file_keeps_its_mode_and_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.hexmap"
    mapfile.save(Board.blank(2, 2), real)
    real.chmod(0o600)
    link = tmp_path / "link.hexmap"
    link.symlink_to(real)
    mapfile.save(Board.blank(3, 3), link)
    assert link.is_symlink()
    assert real.stat().st_mode & 0o777 == 0o600
    assert mapfile.load(link) == Board.blank(3, 3)


def _saved(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "keep.hexmap"
    mapfile.save(sample_board(), path)
    return path, path.read_bytes()


def _fail(*args: object, **kwargs: object) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("target", ["replace", "fsync", "chmod"])
def test_failed_save_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    path, before = _saved(tmp_path)
    monkeypatch.setattr(os, target, _fail)
    with pytest.raises(
        MapFileError, match=r"^could not save .*keep\.hexmap: No space left on device"
    ):
        mapfile.save(Board.blank(2, 2), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.hexmap"]


def test_interrupted_save_removes_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = _saved(tmp_path)

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        mapfile.save(Board.blank(2, 2), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.hexmap"]


def test_failed_encoding_touches_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that fails while it encodes (a layer, once map.json is in the temporary
    file) or before (a bad image name) leaves the old file and no temporary one."""
    path, before = _saved(tmp_path)
    monkeypatch.setattr(mapfile.hexmap, "_npy_values", _fail)
    with pytest.raises(MapFileError, match="could not save"):
        mapfile.save(sample_board(), path)
    bad = Board.blank(2, 2)._evolve(images={"../x": b""})
    with pytest.raises(MapFileError, match=r"could not save .*: image name '../x'"):
        mapfile.save(bad, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.hexmap"]


def test_save_into_missing_directory_or_onto_a_directory(tmp_path: Path) -> None:
    with pytest.raises(MapFileError, match=r"could not save .*: No such file or directory"):
        mapfile.save(Board.blank(2, 2), tmp_path / "nowhere" / "m.hexmap")
    (tmp_path / "dir.hexmap").mkdir()
    with pytest.raises(MapFileError, match="could not save"):
        mapfile.save(Board.blank(2, 2), tmp_path / "dir.hexmap")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.hexmap"]


def test_load_errors_name_the_path(tmp_path: Path) -> None:
    with pytest.raises(MapFileError, match=r"cannot read .*none\.hexmap: could not open the file"):
        mapfile.load(tmp_path / "none.hexmap")
    (tmp_path / "empty.hexmap").write_bytes(b"")
    with pytest.raises(MapFileError, match="the file is empty"):
        mapfile.load(tmp_path / "empty.hexmap")
    with pytest.raises(MapFileError, match="could not open the file"):
        mapfile.load(tmp_path)
