"""Who is whose enemy, for the lens: the map's sides (:data:`rules.board.tokens.SIDES`)
as two teams.

The rules say an Enemy is someone you are hostile to (Social Opinion Tier 3 or lower) and
an Ally a friend (Tier 7+) [P-CONFLICT] [P-SOCIAL]; a map does not store opinions, only a
token's side, so the lens reads the sides as the table does: ``party`` and ``ally`` are one
team, ``enemy`` the other, and ``neutral`` creatures are nobody's enemy and nobody's ally.
Only creatures count (an object neither threatens nor is hit as an enemy).
"""

from __future__ import annotations

from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind

__all__ = ["allies_of", "enemies_of", "team_of"]

_TEAMS = {"party": "party", "ally": "party", "enemy": "enemy"}


def team_of(token: Token) -> str | None:
    """``"party"`` (party and ally), ``"enemy"``, or ``None`` for a neutral token."""
    return _TEAMS.get(token.side)


def enemies_of(board: Board, token_id: str) -> tuple[Token, ...]:
    """The creatures of the other team than ``token_id``'s, in the board's order (none
    for a neutral creature)."""
    team = team_of(board.token(token_id))
    if team is None:
        return ()
    return tuple(
        t
        for t in board.tokens.values()
        if t.kind is TokenKind.CREATURE and team_of(t) not in (None, team)
    )


def allies_of(board: Board, token_id: str) -> tuple[Token, ...]:
    """The other creatures of ``token_id``'s team, in the board's order (none for a
    neutral creature)."""
    team = team_of(board.token(token_id))
    if team is None:
        return ()
    return tuple(
        t
        for t in board.tokens.values()
        if t.id != token_id and t.kind is TokenKind.CREATURE and team_of(t) == team
    )
