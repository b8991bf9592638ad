"""A token's Movement this turn: what is left, what a move pays at its pace, and whether
moves pay at all (RULES-DIGEST §12 R-MOVECOST, R-MOVING; seed 001).

- What is left this turn is the ``movement`` Pool's current value
  (:mod:`rules.board.pools`; refilled at turn start, Q25).
- Pace [P-MOBILITY]: "Dash … each Movement paid moves 1 extra space"; "Run … each
  Movement paid moves 2 extra spaces". **[ASSUMPTION]** read proportionally: a path's
  cost is divided by 2 (Dash) or 3 (Run), rounded up, so Dash doubles and Run triples
  what the Movement left can buy.

Planning (:mod:`rules.movement.plan`), falling and jumping all pay with these.
"""

from __future__ import annotations

from dataclasses import replace

from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.hexes import Hex

__all__ = [
    "PACE_FACTOR",
    "budget_of",
    "moved_along",
    "movement_enforced",
    "movement_left",
    "pace_factor",
    "payment",
    "spend_movement",
]

PACE_FACTOR = {"walk": 1, "dash": 2, "run": 3}


def movement_enforced(board: Board, token_id: str) -> bool:
    """Moves pay Movement for creatures during a conflict (the turn order started: the
    Movement Pool is a turn's budget, Q25); otherwise the Soulweaver places tokens freely."""
    return board.turn.started and board.token(token_id).kind is TokenKind.CREATURE


def pace_factor(token: Token) -> int:
    """Spaces' worth of cost each Movement buys at the token's pace ([P-MOBILITY])."""
    return PACE_FACTOR[token.motion.pace]


def movement_left(token: Token) -> int:
    """Movement left this turn: the ``movement`` Pool's current value."""
    return token.left_of("movement")


def budget_of(token: Token) -> int:
    """The cost a path may reach this turn: Movement left × :func:`pace_factor`, plus what
    is already paid for (``motion.spare``)."""
    return movement_left(token) * pace_factor(token) + token.motion.spare


def payment(token: Token, cost: int) -> tuple[int, int]:
    """The Movement a move of ``cost`` pays at the token's pace, using what is already
    paid for first, and what is left paid for afterwards: ``(paid, spare)``."""
    factor, spare = pace_factor(token), token.motion.spare
    paid = -(-max(0, cost - spare) // factor)
    return paid, spare + paid * factor - cost


def spend_movement(token: Token, cost: int) -> Token:
    """``token`` with ``cost`` Movement spent this turn (never below 0)."""
    if cost == 0:
        return token
    left = max(0, movement_left(token) - cost)
    return replace(token, vitals=token.vitals.with_value("current", "movement", left))


def moved_along(token: Token, end: Hex, paid: int, spare: int = 0) -> Token:
    """``token`` at ``end`` after a move that paid ``paid`` Movement and left ``spare``
    cost paid for (:func:`rules.movement.payment`)."""
    moved = replace(token.moved_to(end), motion=replace(token.motion, spare=spare))
    return spend_movement(moved, paid)
