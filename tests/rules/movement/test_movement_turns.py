"""Movement state across turns: Dash, Run and Amble last one round; a flyer over its
Bulk Limit sinks at the end of its turn (seed 001, [P-MOBILITY]; rules/play.py)."""

from __future__ import annotations

from rules import Board, Hex, Motion, Token, begin_turn, next_turn, with_turn
from rules.turns import TurnState, join, start


def in_conflict(*tokens: Token) -> Board:
    board = Board.blank(8, 8)
    order = TurnState()
    for i, token in enumerate(tokens):
        board = board.with_token(token)
        order = join(order, token.id, 10 - i)
    return begin_turn(with_turn(board, start(order)), tokens[0].id).board


def test_dash_and_amble_end_when_the_next_turn_begins() -> None:
    aria = Token("aria", "Aria", Hex(1, 1), motion=Motion(pace="dash", amble=True))
    board = in_conflict(aria, Token("gob", "Goblin", Hex(4, 4)))
    assert board.token("aria").motion.pace == "walk"  # her own turn began: it ended
    board = board.with_token_replaced(Token("aria", "Aria", Hex(1, 1), motion=Motion(pace="run")))
    board = next_turn(board).board  # the goblin's turn
    assert board.token("aria").motion.pace == "run"  # still running until her turn
    turn = next_turn(next_turn(board).board)  # the Soulweaver, then Aria again
    assert turn.board.token("aria").motion.pace == "walk"
    assert "Run ended: it lasts 1 round" in turn.changes


def test_a_flyer_over_its_bulk_limit_loses_one_elevation_as_its_turn_ends() -> None:
    bat = Token(
        "bat",
        "Bat",
        Hex(1, 1),
        movement_types=("fly", "land"),
        motion=Motion(mode="fly", altitude=3, bulk=6, bulk_limit=5),
    )
    board = in_conflict(bat, Token("gob", "Goblin", Hex(4, 4)))
    turn = next_turn(board)
    assert turn.board.token("bat").motion.altitude == 2
    assert "Bat is over its Bulk Limit: loses 1 elevation (2 up) [S001]" in turn.changes


def test_a_flyer_over_double_its_bulk_limit_is_reminded_it_falls() -> None:
    bat = Token(
        "bat",
        "Bat",
        Hex(1, 1),
        movement_types=("fly", "land"),
        motion=Motion(mode="fly", altitude=3, bulk=11, bulk_limit=5),
    )
    turn = next_turn(in_conflict(bat, Token("gob", "Goblin", Hex(4, 4))))
    assert turn.board.token("bat").motion.altitude == 3
    assert any("more than double its Bulk Limit: it falls" in c for c in turn.changes)
