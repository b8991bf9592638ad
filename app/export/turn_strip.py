"""The turn strip's words, without widgets (issue #17): the round and the Priority order
of the players' board, the creature acting marked. The player export's band
(:mod:`app.export.player_frame`) reads them here, and so can the Player Window's bar
(:mod:`app.widgets.player_strip`, a layer above), so the window and a picture of it say
the same. (Here, not in ``app.scene``: the names and the clock come from
:mod:`app.controllers.turns`, which the scene layer may not import.)

:func:`strip_entries` reads the players' board (:func:`rules.battlefield.player_board`
leaves out hidden and fogged creatures and their turns); :func:`strip_round` is the
round's line ("Round 3 · 0:10").
"""

from __future__ import annotations

from dataclasses import dataclass

from app.controllers.turns import actor_name, clock
from rules import Board
from rules.turns import SOULWEAVER, actor

__all__ = ["StripEntry", "strip_entries", "strip_round"]


@dataclass(frozen=True)
class StripEntry:
    """One place in the players' Priority order: who, acting now, waiting."""

    token_id: str
    name: str
    acting: bool = False
    waiting: bool = False


def strip_entries(board: Board) -> tuple[StripEntry, ...]:
    """The Priority order of ``board`` (the players' board) with the Soulweaver last, or
    nothing when no conflict runs."""
    turn = board.turn
    if not turn.started:
        return ()
    now = actor(turn)
    rows = [
        StripEntry(p.token_id, actor_name(board, p.token_id), p.token_id == now, p.waiting)
        for p in turn.order
    ]
    rows.append(StripEntry(SOULWEAVER, actor_name(board, SOULWEAVER), now == SOULWEAVER))
    return tuple(rows)


def strip_round(board: Board) -> str:
    """The round's line ("Round 3 · 0:10"), or "" when no conflict runs."""
    turn = board.turn
    return f"Round {turn.round} · {clock(turn)}" if turn.started else ""
