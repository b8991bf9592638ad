"""Legal but extreme maps in the window (issue #14): every map the loader accepts opens,
repaints, shows its tokens in the Inspector, gives a Player Window and saves, with no
exception in any slot or paint (pytest-qt fails a test on one)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.shell.main_window import MainWindow
from rules import Board, Hex, mapfile
from rules.board.annotations import MAX_TEXT, Background, Label, Note
from rules.board.conditions import CONDITION_SPECS, MAX_TIER, ConditionEntry
from rules.board.tokens import MAX_SIZE, Token, TokenKind
from tests.app.qt_helpers import png_bytes

ODD_TEXT = "‮Ogre\u200b 🐉 ﷽ " + "x" * 200  # right-to-left override, zero width, emoji


def _undecodable_png() -> bytes:
    """A PNG header with a good size and garbage after it: the loader (headers only)
    accepts it; Qt cannot decode it."""
    head = png_bytes("red", 4)[:33]
    return head + bytes(range(256)) * 8


def _long_texts() -> Board:
    board = Board.blank(30, 20, name="N" * 300)
    board = board.with_token(Token("t", ODD_TEXT, Hex(3, 3), notes="n" * MAX_TEXT))
    for i in range(200):
        text = ("Lorem ipsum\n" * 400)[:MAX_TEXT] if i % 2 else ODD_TEXT
        board = board.with_label(Label(f"l{i}", text, board.hex_at(i % 30, i // 30), i % 3 == 0))
    return board.with_note(Note("n", "w" * MAX_TEXT, token_id="t"))


def _undecodable_pictures() -> Board:
    board = Board.blank(10, 10).with_image("bad.png", _undecodable_png())
    board = board.with_token(Token("t", "Ghost", Hex(2, 2), image="bad.png"))
    return board.with_background(Background("bad.png", 2.0, -1e6, 1e6, 0.0))


def _huge_background() -> Board:
    board = Board.blank(10, 10).with_image("map.png", png_bytes("teal", 64))
    return board.with_background(Background("map.png", 10_000.0, 0.0, 0.0, 1.0))


def _every_condition_at_the_top() -> Board:
    entries = tuple(ConditionEntry(name, MAX_TIER) for name in CONDITION_SPECS)
    token = replace(Token("t", "Cursed", Hex(2, 2)), conditions=entries)
    return Board.blank(8, 8).with_token(token)


def _one_space() -> Board:
    return Board.blank(1, 1).with_token(Token("t", "Alone", Hex(0, 0)))


def _biggest_token_and_fog() -> Board:
    board = Board.blank(40, 40)
    board = board.with_layer("fog", np.ones((40, 40), dtype=bool))
    return board.with_token(Token("t", "Titan", board.hex_at(20, 20), size=MAX_SIZE))


def _many_in_one_space() -> Board:
    board = Board.blank(6, 6)
    for i in range(40):
        board = board.with_token(Token(f"o{i}", f"Coin {i}", Hex(2, 2), kind=TokenKind.OBJECT))
    return board


BOARDS: dict[str, Callable[[], Board]] = {
    "long-texts": _long_texts,
    "undecodable-pictures": _undecodable_pictures,
    "huge-background": _huge_background,
    "every-condition-at-99": _every_condition_at_the_top,
    "one-space": _one_space,
    "biggest-token-under-fog": _biggest_token_and_fog,
    "many-in-one-space": _many_in_one_space,
}


@pytest.mark.parametrize("name", BOARDS)
def test_an_extreme_legal_map_opens_shows_and_saves(
    name: str, make_window: Any, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.hexmap"
    mapfile.save(BOARDS[name](), path)
    window: MainWindow = make_window(MapDocument.open(path))
    window.view.viewport().grab()
    window.scene.set_selection(list(window.session.document.board.tokens))
    window.player_window.show()
    qtbot.waitExposed(window.player_window)
    window.player_window.grab()
    window.view.viewport().grab()
    window.session.save(tmp_path / "again.hexmap")
    assert mapfile.load(tmp_path / "again.hexmap") == mapfile.load(path)
