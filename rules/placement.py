"""Where a token may stand: on the map, and (for creatures) not inside a wall.

[S002] (RULES-DIGEST §10.1): walls or vertical surfaces *filling* a space are targeted as
size-1 objects, so a wall hex is full and no creature stands in it. Objects (a wall
segment, a crate) may be placed anywhere on the map. Movement costs, occupancy and
Crowded come with the movement and occupancy rules; this is only the placement check a
drag or a paste needs.
"""

from __future__ import annotations

from rules.board import Board
from rules.hexes import Hex
from rules.tokens import TokenKind

__all__ = ["placement_problem"]


def placement_problem(board: Board, token_id: str, anchor: Hex) -> str | None:
    """Why ``token_id`` cannot stand with its anchor at ``anchor``, or ``None`` if it can.

    Raises :class:`~rules.errors.UnknownTokenError` for an id the board does not hold.
    """
    token = board.token(token_id)
    spaces = sorted(token.footprint_at(anchor))
    if any(not board.contains(h) for h in spaces):
        return f"{token.name} would leave the map there"
    if token.kind is TokenKind.CREATURE:
        blocked = board.layer("blocked")
        for h in spaces:
            col, row = board.cell_of(h)
            if blocked[row, col]:
                return f"{token.name} cannot stand in a wall at ({h.q}, {h.r})"
    return None
