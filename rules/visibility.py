"""What the players may see: a pure function of the board (no Qt).

The GM's board holds tokens hidden from players (and the Areas they cast or carry) and
GM-only labels and notes; the player view and ``hexweave export --player`` show
:func:`player_board` instead. Later issues add GM-only overlays and fog of war here.
"""

from __future__ import annotations

from rules.board import Board

__all__ = ["player_board"]


def player_board(board: Board) -> Board:
    """``board`` without the tokens hidden from players, GM-only labels and notes, notes
    on hidden tokens, and pinned Areas attached to or made by a hidden token (an Area
    naming its caster would give the creature away)."""
    hidden = {token.id for token in board.tokens.values() if token.hidden}
    secret = [k for k, a in board.areas.items() if {a.source, a.caster} & hidden]
    for area_id in secret:
        board = board.without_area(area_id)
    for token_id in hidden:
        board = board.without_token(token_id)  # takes the token's notes with it
    gm_only = [*(k for k, v in board.labels.items() if v.gm_only)]
    gm_only += [k for k, v in board.notes.items() if v.gm_only]
    for annotation_id in gm_only:
        board = board.without_annotation(annotation_id)
    return board
