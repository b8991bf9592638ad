"""The turn state on the board: the turn order set (:func:`with_turn`, checked as
:func:`rules.board.grid.check_turn` checks it), the ongoing effects added and ended (an effect's
Area goes with the last effect keeping it), the creatures marked as moving ([S001]), and
a turn over after a Charge ([S002]). What happens as turns begin and end — refills,
durations ticking, falling, Overexertion — is the turn flow, :mod:`rules.movement.turn_flow`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.board.effects import OngoingEffect
from rules.board.grid import Board, check_turn
from rules.board.tokens import TokenKind
from rules.turns import TurnState, actor

__all__ = [
    "marked_moving",
    "turn_over",
    "with_effect",
    "with_turn",
    "without_effect",
]


def with_turn(board: Board, turn: TurnState) -> Board:
    """``board`` with turn order ``turn``: every participant on the board and in the
    order once, the current turn one that exists (else ValueError)."""
    stray = [i for i in turn.ids() if i not in board.tokens]
    if stray:
        raise ValueError(f"{stray[0]!r} is not on this map")
    after = board._evolve(turn=turn)
    check_turn(after)
    return after


def with_effect(board: Board, effect: OngoingEffect) -> Board:
    """``board`` with ``effect`` added or replaced (by id); its tokens and Area must exist."""
    for role in ("creator", "target"):
        ref = getattr(effect, role)
        if ref is not None and ref not in board.tokens:
            raise ValueError(f"effect {effect.id!r}: its {role} {ref!r} is not on this map")
    if effect.area_id is not None and effect.area_id not in board.areas:
        raise ValueError(f"effect {effect.id!r}: its Area {effect.area_id!r} is not on this map")
    return board._evolve(effects={**board.effects, effect.id: effect})


def without_effect(board: Board, effect_id: str) -> Board:
    """``board`` without effect ``effect_id``, and without the Area it kept unless another
    effect still keeps it (an Area stays while any of its effects lasts; an effect never
    names an Area that is gone)."""
    area_id = board.effects[effect_id].area_id
    effects = {k: e for k, e in board.effects.items() if k != effect_id}
    if area_id is None or any(e.area_id == area_id for e in effects.values()):
        return board._evolve(effects=effects)
    return board._evolve(
        effects=effects, areas={k: a for k, a in board.areas.items() if k != area_id}
    )


def marked_moving(board: Board, token_ids: Iterable[str]) -> Board:
    """``board`` with the creatures ``token_ids`` marked as moving, during a conflict
    ([S001]: "After moving, you are considered moving until you end your turn without
    moving any spaces that turn or pay 1 Movement to stop"). Outside a conflict (the turn
    order not started) nothing changes."""
    if not board.turn.started:
        return board
    for token_id in token_ids:
        token = board.token(token_id)
        if token.kind is TokenKind.CREATURE and not (token.moving and token.moved_this_turn):
            board = board.with_token_replaced(replace(token, moving=True, moved_this_turn=True))
    return board


CHARGE_ENDS = "[S002] Charge: 'Your turn ends after the attack.'"


def turn_over(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` can neither move nor act again in its turn, or ``None``: it made a
    Charge this turn (its lasting ``charge`` effect, made by the Charge, ends as its next
    turn begins) — "Your turn ends after the attack" [S002]."""
    if actor(board.turn) != token_id:
        return None
    if not any(e.kind == "charge" and e.creator == token_id for e in board.effects.values()):
        return None
    return f"{board.token(token_id).name}'s turn ended with its Charge: {CHARGE_ENDS}"
