"""The standing terms on physical rolls that come from a creature's state (issue #7):
Encumbered, and the lasting parts of conflict actions (:data:`rules.effects.EFFECT_KINDS`).

- Encumbered: "−Tier on physical action rolls, physical defences and Mobility rolls"
  ([P-COND], RULES-DIGEST §6), from every source :func:`rules.encumbrance.encumbered`
  counts (a Hold, Crowded, Crouching, Prone, Climbing, off the ground…).
- Defensive Stance: "+1 on defenses against physical attacks" [S002].
- Charge: "suffer −1 on defenses against physical attacks for 1 round" [S002].
- Called Shot: "For 1 round, suffer -1 on physical attack rolls" [S002].
- Rapid Strike: "Declare a number. For 1 round, lose that number of d12 on attack rolls
  and half that number on damage rolls" [S002] — every attack and damage roll the creature
  makes until the round is over, not only the declaring Strike.
"""

from __future__ import annotations

from dataclasses import replace

from rules.action_types import ActionPlan, Modifier
from rules.board import Board
from rules.encumbrance import encumbered

__all__ = [
    "effects_of",
    "encumbered_terms",
    "physical_attack_terms",
    "physical_defence_terms",
    "rapid_strike_losses",
]

_DEFENCE = {"defensive_stance": (1, "Defensive Stance [S002]"), "charge": (-1, "Charged [S002]")}
_ATTACK = {"called_shot": (-1, "Called Shot this round [S002]")}


def effects_of(board: Board, token_id: str, kind: str) -> list[str]:
    """The ids of the lasting ``kind`` effects ``token_id`` made."""
    return [e.id for e in board.effects.values() if e.kind == kind and e.creator == token_id]


def encumbered_terms(board: Board, token_id: str, what: str) -> list[Modifier]:
    """Encumbered's −Tier on ``token_id``'s ``what`` rolls, naming each source."""
    state = encumbered(board, token_id)
    if not state.tier:
        return []
    return [Modifier(-state.tier, f"{state.describe()} — −Tier on {what} [P-COND]")]


def _lasting(board: Board, token_id: str, table: dict[str, tuple[int, str]]) -> list[Modifier]:
    return [
        Modifier(*table[e.kind])
        for e in board.effects.values()
        if e.kind in table and e.creator == token_id
    ]


def physical_attack_terms(board: Board, token_id: str) -> list[Modifier]:
    """Terms on ``token_id``'s physical attack rolls from its state."""
    return encumbered_terms(board, token_id, "physical action rolls") + _lasting(
        board, token_id, _ATTACK
    )


def physical_defence_terms(board: Board, token_id: str) -> list[Modifier]:
    """Terms on ``token_id``'s defences against physical attacks from its state."""
    return encumbered_terms(board, token_id, "physical defences") + _lasting(
        board, token_id, _DEFENCE
    )


def rapid_strike_losses(board: Board, plan: ActionPlan) -> ActionPlan:
    """``plan`` with the d12 its actor loses from a Rapid Strike declared earlier this
    round: the declared number on the attack roll, half of it on damage [S002]."""
    declared = [
        e.amount
        for e in board.effects.values()
        if e.kind == "rapid_strike" and e.creator == plan.request.actor
    ]
    if not declared or plan.attack is None or plan.attack.role != "attack":
        return plan
    number = sum(declared)
    attack = replace(plan.attack, dice=plan.attack.dice - number)
    damage = plan.damage
    if damage is not None and number // 2:
        damage = replace(damage, dice=damage.dice - number // 2)
    note = (
        f"Rapid Strike {number} this round: −{number}d12 on attack rolls, −{number // 2}d12 "
        "on damage rolls for 1 round [S002]"
    )
    return replace(plan, attack=attack, damage=damage, notes=(*plan.notes, note))
