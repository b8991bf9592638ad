"""Board.tokens_near: the tokens within some spaces of a token's footprint, found space
by space (a mark's badge keeps clear of them on a map of 1,000 tokens)."""

from __future__ import annotations

import pytest

from rules import Board, Hex, Token
from rules.hexes import distance

WIDTH, HEIGHT = 60, 40


def crowd() -> Board:
    """A 60×40 map with a token on every third hex of every other row (400 tokens)."""
    board = Board.blank(WIDTH, HEIGHT)
    for row in range(0, HEIGHT, 2):
        for col in range(row % 3, WIDTH, 3):
            i = len(board.tokens)
            board = board.with_token(Token(f"t{i}", f"Goblin {i}", board.hex_at(col, row)))
    return board


@pytest.mark.parametrize("token_id", ["t0", "t57", "t200", "t399"])
def test_tokens_near_are_the_tokens_within_two_spaces(token_id: str) -> None:
    board = crowd().with_token(Token("big", "Ogre", Hex(20, 12), size=2))
    for subject in (board.token(token_id), board.token("big")):
        want = {
            t.id
            for t in board.tokens.values()
            if min(distance(a, b) for a in t.footprint for b in subject.footprint) <= 2
        }
        assert {t.id for t in board.tokens_near(subject, 2)} == want
