"""The window never loses its map (issue #14): a file that cannot be opened, an
autosave that cannot be written, an edit the rules refuse and an error in a slot each
give a message and leave the open map and its undo stack as they were."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.document.autosave import Autosaver
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.shell import crash_log
from app.shell.crash_log import ErrorReporter
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token, mapfile
from rules.movement import placed
from tests.rules.mapfile_helpers import members_of, replace_member


def _board() -> Board:
    return Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    return MapDocument(_board())


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []

    def warn(_parent: object, _title: str, text: str, *_args: object) -> object:
        said.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warn)
    return said


# -- opening ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"", b"not a zip at all", b"PK\x03\x04" + b"\x00" * 40, b"PK\x05\x06" + b"\x00" * 18],
    ids=["empty", "text", "cut-local-header", "empty-archive"],
)
def test_a_file_that_cannot_be_opened_says_why_and_keeps_the_open_map(
    make_window: Any, tmp_path: Path, warnings: list[str], content: bytes
) -> None:
    document = MapDocument(_board())
    window: MainWindow = make_window(document)
    window.controller.request_move("a", Hex(2, 1))  # an unsaved edit, not to be lost
    bad = tmp_path / "shared.hexmap"
    bad.write_bytes(content)
    assert not window.files.open_path(bad)
    assert len(warnings) == 1 and "shared.hexmap" in warnings[0]
    assert window.session.document is document
    assert document.board.token("a").position == Hex(2, 1)
    assert document.undo_stack.canUndo() and document.is_modified()


def test_a_file_the_rules_refuse_names_the_field(
    make_window: Any, tmp_path: Path, warnings: list[str]
) -> None:
    window: MainWindow = make_window(MapDocument(_board()))
    board = _board()
    path = tmp_path / "surrogate.hexmap"
    data = mapfile.dumps(board)
    text = members_of(data)["map.json"].replace(b'"Aria"', b'"\\ud800"')
    path.write_bytes(replace_member("map.json", text, data))
    assert not window.files.open_path(path)
    assert warnings[0].startswith(
        "Could not open surrogate.hexmap:\nmap.json: tokens[0].name is not valid text"
    )


def test_opening_a_map_removes_the_stale_leftovers_of_an_interrupted_save(
    make_window: Any, tmp_path: Path, warnings: list[str]
) -> None:
    import os

    window: MainWindow = make_window(MapDocument(_board()))
    path = tmp_path / "keep.hexmap"
    mapfile.save(_board(), path)
    stale, fresh = tmp_path / ".keep.hexmap.a1b2c3d4.tmp", tmp_path / ".keep.hexmap.e5f6g7h8.tmp"
    other = tmp_path / ".other.hexmap.a1b2c3d4.tmp"
    for leftover in (stale, fresh, other):
        leftover.write_bytes(b"half a map")
    os.utime(stale, (1, 1))
    os.utime(other, (1, 1))
    assert window.files.open_path(path) and not warnings
    assert not stale.exists() and fresh.exists() and other.exists()


# -- deleting -------------------------------------------------------------------------------


def test_a_delete_the_rules_refuse_leaves_the_board_and_undo_as_they_were(
    document: MapDocument, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    from app.controllers.map import MapController

    controller = MapController(CurrentDocument(document))
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "a", Hex(2, 1)), "Move")
    )
    before = document.board

    def refuse(_board: Board, _ids: object) -> Board:
        raise ValueError("an Area would be left with no origin")

    monkeypatch.setattr(Board, "without_tokens", refuse)
    with qtbot.waitSignal(controller.refused) as refused:
        controller.delete_tokens(["a"])
    assert "Cannot delete Aria" in refused.args[0]
    assert document.board is before
    assert document.undo_stack.count() == 1 and document.undo_stack.canUndo()
    document.undo_stack.undo()
    assert document.board.token("a").position == Hex(1, 1)


def test_deleting_several_tokens_is_one_undo_step(document: MapDocument) -> None:
    from app.controllers.map import MapController

    document.undo_stack.push(
        BoardEditCommand(document, document.board.with_token(Token("b", "Bram", Hex(3, 3))), "Add")
    )
    controller = MapController(CurrentDocument(document))
    controller.delete_tokens(["a", "b"])
    assert not document.board.tokens
    assert document.undo_stack.text(document.undo_stack.index() - 1) == "Delete 2 tokens"
    document.undo_stack.undo()
    assert set(document.board.tokens) == {"a", "b"}


# -- autosave -------------------------------------------------------------------------------


def test_an_autosave_that_raises_anything_is_reported_once_and_retried(
    document: MapDocument,
    settings: QSettings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saver = Autosaver(CurrentDocument(document), settings, folder=tmp_path / "auto")
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "a", Hex(2, 1)), "Move")
    )
    said: list[str] = []
    saver.failed.connect(said.append)

    def broken(_board: Board, _path: object) -> None:
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(mapfile, "save", broken)
    assert not saver.autosave_now()
    assert not saver.autosave_now()  # the timer keeps trying, without a second message
    assert len(said) == 1 and "UnicodeEncodeError" in said[0]
    monkeypatch.undo()
    assert saver.autosave_now() and saver.copy_path.exists()
    assert document.is_modified()


# -- errors nobody expected -------------------------------------------------------------


def _raise(error: BaseException) -> tuple[type[BaseException], BaseException, Any]:
    try:
        raise error
    except BaseException as caught:
        return type(caught), caught, caught.__traceback__


def _raise_elsewhere(error: BaseException) -> tuple[type[BaseException], BaseException, Any]:
    try:
        raise error
    except BaseException as caught:
        return type(caught), caught, caught.__traceback__


def test_an_unexpected_error_is_logged_and_shown_once_at_a_time(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    shown: list[str] = []
    closers: list[Any] = []

    def show(_parent: QWidget, _title: str, text: str, closed: Any) -> None:
        shown.append(text)
        closers.append(closed)

    log = tmp_path / "logs" / "hexweave.log"
    crash_log._log_to(log)
    try:
        reporter = ErrorReporter(lambda: parent, log, show)
        reporter.report(*_raise(KeyError("token 'x'")))
        reporter.report(*_raise(ValueError("another, while the first is open")))
        assert len(shown) == 1 and "KeyError" in shown[0] and str(log) in shown[0]
        assert "Every edit made so far is kept" in shown[0]
        assert reporter.unshown == 1
        closers[0]()  # the user closed it
        for _ in range(20):  # the first error again, on every repaint: never shown again
            reporter.report(*_raise(KeyError("token 'x'")))
        assert len(shown) == 1
        reporter.report(*_raise_elsewhere(RuntimeError("somewhere new")))
        assert len(shown) == 2 and "RuntimeError" in shown[1]
    finally:
        for handler in list(crash_log.logger.handlers):
            crash_log.logger.removeHandler(handler)
            handler.close()
    text = log.read_text(encoding="utf-8")
    assert text.count("Traceback") == 3  # one per distinct error, not per repeat
    assert "again (16 times)" in text and "again (17 times)" not in text
    assert "Traceback" in capsys.readouterr().err


def test_the_real_message_blocks_nothing_and_goes_when_closed(qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt

    parent = QWidget()
    qtbot.addWidget(parent)
    closed: list[bool] = []
    box = crash_log._show_box(parent, "Unexpected error", "text", lambda: closed.append(True))
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.windowModality() == Qt.WindowModality.NonModal
    box.button(QMessageBox.StandardButton.Ok).click()
    assert closed == [True]


def test_install_routes_uncaught_errors_to_the_reporter(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import threading

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(crash_log, "_log_to", lambda _path: None)
    reporter = crash_log.install(lambda: None, tmp_path / "x.log")
    assert sys.excepthook == reporter.report
    assert threading.excepthook == reporter.thread_report
    reporter.report(*_raise(RuntimeError("no window yet: logged only")))
    assert reporter.unshown == 0


def test_an_autosave_folder_that_cannot_be_made_is_reported_once(
    document: MapDocument, settings: QSettings, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    saver = Autosaver(CurrentDocument(document), settings, folder=blocker / "auto")
    document.undo_stack.push(
        BoardEditCommand(document, placed(document.board, "a", Hex(2, 1)), "Move")
    )
    said: list[str] = []
    saver.failed.connect(said.append)
    for _ in range(3):
        assert not saver.autosave_now()
    assert len(said) == 1 and str(blocker / "auto") in said[0]
