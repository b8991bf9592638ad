"""Autosave and crash recovery, down to a real process killed with SIGKILL."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.document.autosave import Autosaver, Recoverable, recover, recoverable
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.resources import demo_map_path
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token, mapfile
from rules.movement import placed

HERE = Path(__file__).resolve().parent


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    return MapDocument(Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1))))


def _first_line(process: subprocess.Popen[str], seconds: float) -> str:
    """The process's first line of output, or "" if none came within ``seconds``."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    return process.stdout.readline() if ready else ""


def _dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout)


def test_only_unsaved_changes_are_autosaved_and_a_save_removes_the_copy(
    document: MapDocument, settings: QSettings, tmp_path: Path
) -> None:
    saver = Autosaver(CurrentDocument(document), settings, folder=tmp_path / "auto")
    assert not saver.autosave_now()  # nothing to save yet
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "a", Hex(2, 1)), "Move")
    )
    assert saver.autosave_now()
    assert mapfile.load(saver.copy_path).token("a").position == Hex(2, 1)
    assert recoverable(tmp_path / "auto") == []  # this process is alive: nothing to recover
    document.save(tmp_path / "map.hexmap")
    assert not saver.copy_path.exists()


def test_interval_comes_from_the_settings(
    document: MapDocument, settings: QSettings, tmp_path: Path
) -> None:
    settings.setValue("autosave/interval_s", 1)
    assert Autosaver(CurrentDocument(document), settings, folder=tmp_path).timer.interval() == 1000
    settings.setValue("autosave/interval_s", 60)
    assert Autosaver(CurrentDocument(document), settings, folder=tmp_path).timer.interval() == 60000


def test_a_dead_process_copy_is_offered_and_recovers_unsaved(
    document: MapDocument, settings: QSettings, tmp_path: Path
) -> None:
    folder = tmp_path / "auto"
    saver = Autosaver(CurrentDocument(document), settings, folder=folder)
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "a", Hex(3, 1)), "Move")
    )
    saver.autosave_now()
    about = saver.copy_path.with_suffix(".json")
    about.write_text(about.read_text().replace(str(os.getpid()), str(_dead_pid())))
    [item] = recoverable(folder)
    assert isinstance(item, Recoverable) and "never saved" in item.describe()
    recovered = recover(item)
    assert recovered.board.token("a").position == Hex(3, 1)
    assert recovered.is_modified()
    assert list(folder.iterdir()) == []


def test_a_killed_app_process_loses_nothing(
    qtbot: QtBot, settings: QSettings, tmp_path: Path
) -> None:
    start = tmp_path / "session.hexmap"
    mapfile.save(mapfile.load(demo_map_path()), start)
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    app = subprocess.Popen(
        [sys.executable, str(HERE / "autosave_driver.py"), str(start)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = _first_line(app, seconds=60)
        assert line.startswith("EDITED"), f"the app did not make its edit: {line!r}"
        _, token_id, q, r = line.split()
        folder = tmp_path / "data" / "Hexweave" / "Hexweave" / "autosave"  # AppDataLocation
        for _ in range(200):  # bounded: 200 × 0.1 s
            if list(folder.glob("*.json")):
                break
            time.sleep(0.1)
        else:
            pytest.fail("no autosave appeared within 20 s")
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=30)
    assert app.returncode == -signal.SIGKILL
    # The next start: the copy is offered and, recovered, holds the edit.
    [item] = recoverable(folder)
    assert item.original == start
    window = MainWindow(MapDocument.open(start), settings)
    qtbot.addWidget(window)
    assert window.files.recover(item)
    assert window.document.board.token(token_id).position == Hex(int(q), int(r))
    assert (
        window.document.board.token(token_id).position
        != mapfile.load(start).token(token_id).position
    )
    assert window.document.path == start and window.document.is_modified()


@pytest.mark.parametrize(
    "note",
    [
        "{not json",
        '{"pid": 1}',
        '{"pid": "x", "saved_at": 1}',
        '{"pid": 999999999, "saved_at": "soon"}',
        '{"pid": 999999999, "saved_at": 1, "original": 5}',
        "[]",
    ],
)
def test_a_damaged_autosave_note_never_stops_the_start(tmp_path: Path, note: str) -> None:
    (tmp_path / "123.json").write_text(note)
    (tmp_path / "123.hexmap").write_bytes(b"")
    assert recoverable(tmp_path) == []


def test_a_failing_autosave_is_reported_and_retried(
    document: MapDocument, settings: QSettings, tmp_path: Path, qtbot: QtBot
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    saver = Autosaver(CurrentDocument(document), settings, folder=blocker / "auto")
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "a", Hex(2, 1)), "Move")
    )
    with qtbot.waitSignal(saver.failed) as failed:
        assert not saver.autosave_now()
    assert "Autosave failed" in failed.args[0]
    assert document.is_modified()
