"""Whole-board consistency checks that :class:`~rules.board.Board` runs when it is made
(and when an Area is pinned): play state and pinned Areas must name what is on the map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.areas import AreaTemplate
from rules.errors import UnknownTokenError

if TYPE_CHECKING:
    from rules.board import Board

__all__ = ["check_area_tokens", "check_play"]


def check_play(board: Board) -> None:
    """Effects filed under their ids and naming tokens and Areas on this map; Holds
    between tokens on this map, each creature Held once; a dice seed and count; a turn
    order of tokens on this map, each once, pointing at a slot that exists."""
    for key, effect in board.effects.items():
        if key != effect.id:
            raise ValueError(f"effect {effect.id!r} is filed under another id, {key!r}")
        for role in ("creator", "target"):
            ref = getattr(effect, role)
            if ref is not None and ref not in board.tokens:
                raise UnknownTokenError(f"effect {key!r}: its {role} {ref!r} is not on this map")
        if effect.area_id is not None and effect.area_id not in board.areas:
            raise ValueError(f"effect {key!r}: its Area {effect.area_id!r} is not on this map")
    for hold in board.holds:
        for role in ("holder", "held"):
            if getattr(hold, role) not in board.tokens:
                ref = getattr(hold, role)
                raise UnknownTokenError(f"a Hold's {role} {ref!r} is not on this map")
    if len({h.held for h in board.holds}) != len(board.holds):
        raise ValueError("a creature is Held in two Holds: a Grab needs a target who is not Held")
    seed, draws = board.dice_seed, board.dice_draws
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in (seed, draws)):
        raise ValueError("the dice seed and draw count must be whole numbers from 0")
    ids = board.turn.ids()
    stray = [i for i in ids if i not in board.tokens]
    if stray:
        raise UnknownTokenError(f"the turn order names {stray[0]!r}, which is not on this map")
    if len(set(ids)) != len(ids):
        raise ValueError("a token is in the turn order twice")
    if not 0 <= board.turn.current <= len(ids) or board.turn.round < 0:
        raise ValueError("the turn order points at a turn that does not exist")


def check_area_tokens(board: Board, area: AreaTemplate) -> None:
    """The tokens ``area`` names (its source and caster) are on ``board``."""
    for role, token_id in (("source", area.source), ("caster", area.caster)):
        if token_id is not None and token_id not in board.tokens:
            message = f"area {area.id!r}: its {role} token {token_id!r} is not on this map"
            raise UnknownTokenError(message)
