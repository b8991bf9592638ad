"""Where a token may stand: on the map, not (for creatures) inside a wall, and not into
a space it would fill beyond full.

[S002] (RULES-DIGEST §10.1): walls or vertical surfaces *filling* a space are targeted as
size-1 objects, so a wall hex is full and no creature stands in it. Objects (a wall
segment, a crate) may be placed anywhere on the map. [S000]: "You cannot move into an
occupied space if you would cause it to be more than fully occupied" (§11a D12,
:func:`~rules.battlefield.occupancy.entry_check`). Movement costs come with the movement rules; this
is the placement check a drag, a paste or a new token needs.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.battlefield.occupancy import entry_check
from rules.board.grid import Board
from rules.board.tokens import TokenKind
from rules.hexes import Hex

__all__ = ["group_placement_refusal", "placement_refusal"]


def placement_refusal(board: Board, token_id: str, anchor: Hex) -> str | None:
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
    entry = entry_check(board, token_id, anchor)
    if not entry.allowed:
        return f"{token.name} cannot go there: {entry.reasons[0]}"
    return None


def group_placement_refusal(board: Board, moves: Mapping[str, Hex]) -> str | None:
    """Why the tokens cannot all stand at their new anchors together, or ``None``.

    Checked one after another on a board without the movers, so two movers into the same
    space count each other (a group of three humans cannot join two others in a space).
    """
    trial = board.without_tokens(list(moves))
    for token_id, anchor in moves.items():
        token = board.token(token_id).moved_to(anchor)
        if not all(trial.contains(h) for h in token.footprint):
            return f"{token.name} would leave the map there"
        trial = trial.with_token(token)
        problem = placement_refusal(trial, token_id, anchor)
        if problem:
            return problem
    return None
