"""CurrentDocument and Session: which map is open, and what its followers hear when another
one opens (the order, nothing from the old map afterwards, nothing for the same map)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.controllers.map import MapController
from app.document import Change, MapDocument
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.document.session import Session
from app.tools.select_move import editing_scene
from rules import Board, Hex, Token


def small_map(width: int = 10, height: int = 8) -> MapDocument:
    """A map with Aria on it."""
    return MapDocument(Board.blank(width, height).with_token(Token("a", "Aria", Hex(2, 2))))


def record(current: CurrentDocument) -> list[tuple[str, object]]:
    """Every signal of ``current``, by name and argument, in the order they come."""
    heard: list[tuple[str, object]] = []
    for name in ("about_to_replace", "replaced", "changed", "modified_changed", "path_changed"):
        signal = getattr(current, name)
        signal.connect(lambda value, n=name: heard.append((n, value)))
    return heard


def test_replace_tells_followers_in_order(qtbot: QtBot, tmp_path: Path) -> None:
    old, new = small_map(), small_map(12, 9)
    new.save(tmp_path / "other.hexmap")
    current = CurrentDocument(old)
    heard = record(current)
    current.replace(new)
    assert [name for name, _ in heard] == [
        "about_to_replace",
        "replaced",
        "changed",
        "modified_changed",
        "path_changed",
    ]
    assert heard[0][1] is new and heard[1][1] is new
    assert heard[2][1] == Change.everything()
    assert heard[3][1] is False and heard[4][1] == tmp_path / "other.hexmap"
    assert current.document is new and current.board is new.board


def test_about_to_replace_comes_while_the_old_map_is_open(qtbot: QtBot) -> None:
    old, new = small_map(), small_map(12, 9)
    current = CurrentDocument(old)
    seen: list[MapDocument] = []
    current.about_to_replace.connect(lambda _new: seen.append(current.document))
    current.replace(new)
    assert seen == [old]


def test_replacing_with_the_open_map_says_nothing(qtbot: QtBot) -> None:
    document = small_map()
    current = CurrentDocument(document)
    heard = record(current)
    current.replace(document)
    assert heard == [] and current.document is document


def test_followers_hear_nothing_from_the_old_map_after_a_replace(qtbot: QtBot) -> None:
    old, new = small_map(), small_map()
    current = CurrentDocument(old)
    current.replace(new)
    heard = record(current)
    old.undo_stack.push(
        BoardEditCommand(old, old.board.with_terrain("blocked", [Hex(1, 1)], True), "Paint")
    )
    assert old.is_modified()
    assert heard == []
    new.undo_stack.push(
        BoardEditCommand(new, new.board.with_terrain("blocked", [Hex(1, 1)], True), "Paint")
    )
    assert [name for name, _ in heard] == ["changed", "modified_changed"]


class CancelRecorder:
    """A stand-in tool that records which board is open when it is cancelled."""

    name = "recorder"

    def __init__(self, current: CurrentDocument):
        self._current = current
        self.boards: list[Board] = []

    def cancel(self) -> None:
        self.boards.append(self._current.board)


def test_the_scene_cancels_its_tool_before_the_other_map_opens(qtbot: QtBot) -> None:
    old, new = small_map(), small_map(12, 9)
    current = CurrentDocument(old)
    scene = editing_scene(current, MapController(current))
    recorder = CancelRecorder(current)
    scene.tool = recorder  # type: ignore[assignment]
    current.replace(new)
    assert recorder.boards == [old.board]


@pytest.fixture
def session(qtbot: QtBot, tmp_path: Path) -> Session:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    return Session(small_map(), settings)


def test_adopting_the_open_map_keeps_it(qtbot: QtBot, session: Session) -> None:
    document = session.document
    heard = record(session.current)
    destroyed: list[object] = []
    document.destroyed.connect(lambda *_: destroyed.append(document))
    session.adopt(document)
    qtbot.wait(10)  # a deleteLater would run here
    assert destroyed == [] and heard == []
    assert session.document is document and document.board.token("a").name == "Aria"


def test_adopting_another_map_deletes_the_old_one_later(qtbot: QtBot, session: Session) -> None:
    old = session.document
    destroyed: list[object] = []
    old.destroyed.connect(lambda *_: destroyed.append(old))
    session.adopt(small_map(12, 9))
    qtbot.waitUntil(lambda: destroyed != [])
    assert session.document is not old
