"""What the players may see: a pure function of the board (no Qt).

The GM's board holds tokens hidden from players; the player view and ``hexweave export
--player`` show :func:`player_board` instead. Later issues add GM-only notes, overlays
and fog of war here.
"""

from __future__ import annotations

from rules.board import Board

__all__ = ["player_board"]


def player_board(board: Board) -> Board:
    """``board`` without the tokens hidden from players."""
    hidden = [token.id for token in board.tokens.values() if token.hidden]
    for token_id in hidden:
        board = board.without_token(token_id)
    return board
