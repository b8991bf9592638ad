"""The Player Window's turn strip and last-roll panel (issue #17): the round and the
Priority order the players may see, the creature acting marked, the last visible roll;
they follow Next Turn, undo and redo, and switch on and off."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings

from app.controllers.dice import DiceController, RollRequest
from app.controllers.turns import TurnController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.widgets.player_strip import (
    ORDER_PX,
    PlayerStrip,
    roll_html,
    roll_odds,
    strip_entries,
    visible_roll,
)
from app.widgets.player_window import LAST_ROLL_KEY, TURN_STRIP_KEY, PlayerWindow
from rules import Board
from rules.board import LoggedRoll, with_turn
from rules.board.tokens import Token
from rules.turns import SOULWEAVER, TurnState, join, start


def conflict_board(started: bool = True) -> Board:
    """Aria Vell, a hidden Lurker and a Goblin in Priority order (Lurker second)."""
    board = Board.blank(12, 10, name="Crypt")
    tokens = [
        Token("aria", "Aria Vell", board.hex_at(2, 2), side="party"),
        Token("lurker", "Lurker", board.hex_at(8, 3), side="enemy", hidden=True),
        Token("goblin", "Goblin", board.hex_at(6, 6), side="enemy"),
    ]
    turn = TurnState()
    for zeal, token in zip((12, 9, 5), tokens, strict=True):
        board = board.with_token(token)
        turn = join(turn, token.id, zeal)
    return with_turn(board, start(turn) if started else turn)


@pytest.fixture
def document() -> MapDocument:
    return MapDocument(conflict_board())


@pytest.fixture
def current(document: MapDocument) -> CurrentDocument:
    return CurrentDocument(document)


def shown(qtbot, current: CurrentDocument, settings: QSettings | None = None) -> PlayerWindow:  # type: ignore[no-untyped-def]
    window = PlayerWindow(current, settings=settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def player(qtbot, current: CurrentDocument) -> PlayerWindow:  # type: ignore[no-untyped-def]
    return shown(qtbot, current)


def acting(window: PlayerWindow) -> str:
    """The name the strip marks as acting."""
    return next(e.name for e in window.strip.entries if e.acting)


def order_text(window: PlayerWindow) -> str:
    return window.strip.order_label.text()


# -- the turn strip ---------------------------------------------------------------------------
def test_the_strip_shows_the_round_and_the_order_with_the_acting_creature_marked(
    player: PlayerWindow,
) -> None:
    strip = player.strip
    assert strip.isVisible() and strip.turn_row.isVisible()
    assert strip.round_label.text() == "Round 1 · 0:00"
    assert [e.name for e in strip.entries] == ["Aria Vell", "Goblin", "Soulweaver"]
    assert acting(player) == "Aria Vell"
    text = order_text(player)
    assert "▶&nbsp;Aria Vell" in text  # by shape, not by colour alone
    assert "font-weight:900" in text.split("Goblin")[0]  # and bold
    assert "▶" not in text.split("Aria Vell")[1]  # only once
    assert player.turn_highlight.token_id == "aria"  # the ring on the players' map too


def test_a_hidden_creature_is_never_listed_even_on_its_own_turn(
    player: PlayerWindow, current: CurrentDocument
) -> None:
    turns = TurnController(current)
    turns.next_turn()  # the hidden Lurker's turn: nothing the players see changes
    assert "Lurker" not in order_text(player)
    assert "lurker" not in [e.token_id for e in player.strip.entries]
    assert acting(player) == "Goblin"  # the next creature they know of
    assert player.turn_highlight.token_id == "goblin"
    turns.next_turn()
    assert acting(player) == "Goblin" and "Lurker" not in order_text(player)


def test_next_turn_undo_and_redo_update_the_strip(
    player: PlayerWindow, current: CurrentDocument, document: MapDocument
) -> None:
    turns = TurnController(current)
    for _ in range(3):  # Aria → Lurker (hidden) → Goblin → Soulweaver
        assert turns.next_turn()
    assert acting(player) == "Soulweaver"
    assert player.turn_highlight.token_id is None  # no token acts at the GM's turn
    assert turns.next_turn()
    assert player.strip.round_label.text().startswith("Round 2")
    assert acting(player) == "Aria Vell"
    document.undo_stack.undo()
    assert player.strip.round_label.text().startswith("Round 1")
    assert acting(player) == "Soulweaver"
    document.undo_stack.redo()
    assert player.strip.round_label.text().startswith("Round 2")
    assert acting(player) == "Aria Vell"


def test_the_strip_is_hidden_when_no_conflict_runs(qtbot) -> None:  # type: ignore[no-untyped-def]
    current = CurrentDocument(MapDocument(conflict_board(started=False)))
    window = shown(qtbot, current)
    assert not window.strip.isVisible() and window.strip.entries == ()
    turns = TurnController(current)
    assert turns.start()
    assert window.strip.isVisible() and acting(window) == "Aria Vell"
    assert turns.end_conflict()
    assert not window.strip.isVisible()


def test_the_strip_sits_above_the_map_and_grows_with_scale(player: PlayerWindow) -> None:
    strip_bottom = player.strip.mapTo(player, QPoint(0, player.strip.height())).y()
    view_top = player.view.mapTo(player, QPoint(0, 0)).y()
    assert strip_bottom <= view_top  # never over a token
    small = player.strip.order_label.font().pixelSize()
    assert small >= 16 and player.strip.order_label.font().bold()
    player.set_presentation_scale(2.0)
    assert player.strip.order_label.font().pixelSize() == 2 * ORDER_PX > small
    assert player.strip.round_label.font().pixelSize() > player.strip.order_label.font().pixelSize()


def test_pause_freezes_the_strip(player: PlayerWindow, current: CurrentDocument) -> None:
    player.set_paused(True)
    TurnController(current).next_turn()
    TurnController(current).next_turn()
    assert acting(player) == "Aria Vell"
    player.set_paused(False)
    assert acting(player) == "Goblin"


# -- the last roll ----------------------------------------------------------------------------
def check(actor: str, target: str = "") -> RollRequest:
    return RollRequest(3, 1, 9, "Athletics check", actor, target, role="check")


def test_the_last_roll_panel_shows_the_latest_roll_the_players_may_see(
    player: PlayerWindow, current: CurrentDocument, document: MapDocument
) -> None:
    dice = DiceController(current)
    assert not player.strip.roll_label.isVisible()  # off by default
    player.last_roll_action.trigger()
    assert not player.strip.roll_label.isVisible()  # nothing rolled yet
    first = dice.roll(check("Aria Vell"))
    assert player.strip.roll == first and player.strip.roll_label.isVisible()
    text = player.strip.roll_label.text()
    assert "Athletics check — Aria Vell" in text and f"<b>{first.result}</b>" in text
    assert "vs DL 9" in text and "odds 79.3 %" in text and first.outcome in text
    dice.roll(check("Lurker", "Aria Vell"))  # names the hidden creature
    dice.roll(RollRequest(2))  # the GM's own dice: nobody named
    assert player.strip.roll == first
    assert "Lurker" not in player.strip.roll_label.text()
    second = dice.roll(check("Goblin", "Aria Vell"))
    assert player.strip.roll == second
    document.undo_stack.undo()
    assert player.strip.roll == first


def test_visible_roll_needs_every_named_creature_seen() -> None:
    from rules.battlefield import player_board

    players = player_board(conflict_board())
    seen = LoggedRoll("Strike", (5, 6), actor="Aria Vell", target="Goblin", role="attack")
    secret = LoggedRoll("Strike", (5, 6), actor="Goblin", target="Lurker", role="attack")
    nameless = LoggedRoll("Dice roller", (3,))
    assert visible_roll((seen, secret, nameless), players) == seen
    assert visible_roll((secret, nameless), players) is None


def test_odds_only_for_a_plain_roll_against_a_dl() -> None:
    attack = LoggedRoll("Strike", (5, 6), dl=7, actor="Aria Vell", role="attack")
    assert roll_odds(attack) is None  # it depends on the defence rolled against it
    assert roll_odds(LoggedRoll("Dice roller", (5, 6))) is None
    plain = LoggedRoll("Climb", (5, 6), modifier=1, dl=7, actor="Aria Vell", role="check")
    assert roll_odds(plain) is not None and "odds" in roll_html(plain)
    assert "odds" not in roll_html(attack)


# -- the switches -----------------------------------------------------------------------------
def test_both_switches_hide_and_show_their_part(
    player: PlayerWindow, current: CurrentDocument
) -> None:
    assert player.turn_strip_action.isChecked() and not player.last_roll_action.isChecked()
    assert player.turn_strip_action in player.toolbar.actions()
    assert player.last_roll_action in player.toolbar.actions()
    DiceController(current).roll(check("Aria Vell"))
    player.turn_strip_action.trigger()
    assert not player.strip.isVisible()  # nothing left to show: the map gets the room
    player.last_roll_action.trigger()
    assert player.strip.isVisible() and player.strip.roll_label.isVisible()
    assert not player.strip.turn_row.isVisible()
    player.turn_strip_action.trigger()
    assert player.strip.turn_row.isVisible() and player.strip.roll_label.isVisible()
    player.last_roll_action.trigger()
    assert player.strip.turn_row.isVisible() and not player.strip.roll_label.isVisible()


def test_the_switches_are_remembered_in_settings(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "player.ini"), QSettings.Format.IniFormat)
    first = shown(qtbot, CurrentDocument(MapDocument(conflict_board())), settings)
    first.turn_strip_action.trigger()
    first.last_roll_action.trigger()
    assert settings.value(TURN_STRIP_KEY, type=bool) is False
    assert settings.value(LAST_ROLL_KEY, type=bool) is True
    again = shown(qtbot, CurrentDocument(MapDocument(conflict_board())), settings)
    assert not again.turn_strip_action.isChecked() and not again.strip.turn_row.isVisible()
    assert again.last_roll_action.isChecked()


def test_strip_entries_put_the_soulweaver_last() -> None:
    board = conflict_board()
    assert [e.token_id for e in strip_entries(board)][-1] == SOULWEAVER
    assert strip_entries(conflict_board(started=False)) == ()
    strip = PlayerStrip()
    strip.show_turn(conflict_board(started=False))
    assert not strip.turn_strip_visible
