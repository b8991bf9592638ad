"""The standing terms on physical rolls that come from a creature's state (issue #7):
Encumbered, and the lasting parts of conflict actions (:data:`rules.board.effects.EFFECT_KINDS`).

- Encumbered: "−Tier on physical action rolls, physical defences and Mobility rolls"
  ([P-COND], RULES-DIGEST §6), from every source :func:`rules.battlefield.encumbrance.encumbered`
  counts (a Hold, Crowded, Crouching, Prone, Climbing, off the ground…).
- Defensive Stance: "+1 on defenses against physical attacks" [S002].
- Charge: "suffer −1 on defenses against physical attacks for 1 round" [S002].
- Called Shot: "For 1 round, suffer -1 on physical attack rolls" [S002].
- Rapid Strike: "Declare a number. For 1 round, lose that number of d12 on attack rolls
  and half that number on damage rolls" [S002] — every attack and damage roll the creature
  makes until the round is over, not only the declaring Strike. "Up to the declared number
  times this turn, you can use any Strike or Overpower as a Minor Action. If you do, limbs
  used to attack cannot be used to attack again for 1 round and if attacking with a weapon
  that is not Lightweight, lose an additional 1d12 on that attack roll" [S002]: each such
  attack spends a Minor Action and locks one limb for the round (a ``limb_lockout``
  effect); a creature whose limbs are all locked cannot attack.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions.tactics import charge
from rules.actions.values import ActionPlan, Modifier
from rules.battlefield.encumbrance import encumbered
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.turn_state import with_effect
from rules.ids import fresh_id

__all__ = [
    "MINOR_STRIKES",
    "add_lasting",
    "as_charge",
    "as_minor_action",
    "attack_limb_refusal",
    "charge_refusal",
    "charged",
    "effects_of",
    "encumbered_terms",
    "limbs_locked",
    "minor_action_spent",
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
    number = _declared(board, plan.request.actor)
    if not number or plan.attack is None or plan.attack.role != "attack":
        return plan
    attack = replace(plan.attack, dice=plan.attack.dice - number)
    damage = plan.damage
    if damage is not None and number // 2:
        damage = replace(damage, dice=damage.dice - number // 2)
    note = (
        f"Rapid Strike {number} this round: −{number}d12 on attack rolls, −{number // 2}d12 "
        "on damage rolls for 1 round [S002]"
    )
    return replace(plan, attack=attack, damage=damage, notes=(*plan.notes, note))


MINOR_STRIKES = frozenset({"strike", "called_shot", "object_attack"})
"""The Strikes a Rapid Strike lets a creature make as a Minor Action (and every Overpower)."""
_RAPID = "[S002] 'you can use any Strike or Overpower as a Minor Action'"


def add_lasting(
    board: Board, creator: str, kind: str, name: str, amount: int = 0, target: str | None = None
) -> Board:
    """``board`` with a 1-round lasting effect of ``kind`` made by ``creator`` (it ends as
    the creator's next turn begins, [P-TIMING])."""
    effect_id = fresh_id(board.effects, kind.replace("_", "-"))
    effect = OngoingEffect(effect_id, name, creator, 1, "", None, target, kind, amount)
    return with_effect(board, effect)


def _declared(board: Board, actor: str) -> int:
    return sum(
        e.amount for e in board.effects.values() if e.kind == "rapid_strike" and e.creator == actor
    )


def limbs_locked(board: Board, token_id: str) -> int:
    """How many of ``token_id``'s limbs attacked as a Minor Action this round: "limbs used
    to attack cannot be used to attack again for 1 round" [S002]."""
    return len(effects_of(board, token_id, "limb_lockout"))


def _minor_problem(board: Board, plan: ActionPlan) -> str | None:
    actor = board.token(plan.request.actor)
    if plan.spec.group != "Overpower" and plan.spec.key not in MINOR_STRIKES:
        return f"only a Strike or an Overpower can be a Minor Action: {_RAPID}"
    declared, used = _declared(board, actor.id), limbs_locked(board, actor.id)
    if not declared:
        return f"{actor.name} has not declared a Rapid Strike this turn: {_RAPID}"
    if used >= declared:
        return f"{actor.name} declared Rapid Strike {declared} and has used it {used} times [S002]"
    minor = actor.left_of("minor_actions")
    if minor <= 0:
        return f"{actor.name} has no Minor Action left this turn"
    if used >= actor.limbs:
        return f"every limb of {actor.name} has attacked this round [S002]"
    return None


def as_minor_action(board: Board, plan: ActionPlan) -> ActionPlan:
    """``plan`` made as a Minor Action under a Rapid Strike (``request.minor``), with the
    extra −1d12 of a weapon that is not Lightweight, or refused with the reason; any attack
    is refused once every limb of the attacker is locked (:func:`attack_limb_refusal`)."""
    if plan.attack is None:
        return plan
    locked = attack_limb_refusal(board, plan.request.actor)
    if locked and plan.spec.group in ("Attack", "Overpower"):
        return replace(plan, refusal=plan.refusal or locked)
    if not plan.request.minor:
        return plan
    problem = _minor_problem(board, plan)
    if problem:
        return replace(plan, refusal=plan.refusal or problem)
    notes = [f"as a Minor Action: {_RAPID}; the limb cannot attack again for 1 round"]
    attack = plan.attack
    weapon = plan.request.weapon
    if not (weapon.lightweight or weapon.unarmed):  # "attacking with a weapon that is not …"
        attack = replace(attack, dice=attack.dice - 1)
        notes.append("a weapon that is not Lightweight: −1d12 more on this attack [S002]")
    return replace(plan, attack=attack, notes=(*plan.notes, *notes))


def minor_action_spent(board: Board, plan: ActionPlan) -> tuple[Board, tuple[str, ...]]:
    """After a Minor Action attack: one Minor Action spent and the limb locked for 1 round."""
    if not plan.request.minor:
        return board, ()
    actor = board.token(plan.request.actor)
    minor = actor.left_of("minor_actions")
    vitals = actor.vitals.with_value("current", "minor_actions", max(0, minor - 1))
    board = board.with_token_replaced(replace(actor, vitals=vitals))
    name = "Rapid Strike: a limb attacked (no more attacks with it this round)"
    board = add_lasting(board, actor.id, "limb_lockout", name)
    return board, (
        f"{actor.name} spends a Minor Action; that limb cannot attack again for 1 round [S002]",
    )


def attack_limb_refusal(board: Board, actor_id: str) -> str | None:
    """Why ``actor_id`` has no limb left to attack with this round, or ``None``."""
    actor = board.token(actor_id)
    if actor.limbs and limbs_locked(board, actor_id) >= actor.limbs:
        return f"every limb of {actor.name} has attacked as a Minor Action this round [S002]"
    return None


def charge_refusal(board: Board, actor_id: str) -> str | None:
    """Why ``actor_id`` cannot Charge now, or ``None``: [S002] "After moving 2 consecutive
    spaces, if you have used Dash this turn", from the spaces it moved in a row this turn
    and whether it used Dash (:meth:`rules.board.motion.Motion.this_turn`), decided by
    :func:`rules.actions.tactics.charge`."""
    token = board.token(actor_id)
    check = charge(*token.motion.this_turn(token.moved_this_turn))
    return None if check.refusal is None else f"{token.name}: {check.refusal}"


def as_charge(board: Board, plan: ActionPlan) -> ActionPlan:
    """``plan`` made as a Charge (``request.charging``): "use an action that includes using
    a Strike or Overpower, gain +1 on the attack roll" [S002] — any Strike or Overpower, or
    refused with the reason (the Charge action itself gets its +1 from the Strike)."""
    request = plan.request
    if not request.charging or request.key == "charge" or plan.attack is None:
        return plan
    if plan.spec.group != "Overpower" and plan.spec.key not in MINOR_STRIKES:
        return replace(
            plan, refusal=plan.refusal or "only a Strike or an Overpower can Charge [S002]"
        )
    problem = charge_refusal(board, request.actor)
    if problem:
        return replace(plan, refusal=plan.refusal or problem)
    attack = replace(plan.attack, modifiers=(*plan.attack.modifiers, Modifier(1, "Charge [S002]")))
    notes = (
        "Charge: −1 on defences against physical attacks for 1 round; the turn ends after "
        "the attack [S002]",
    )
    return replace(plan, attack=attack, notes=(*plan.notes, *notes))


def charged(board: Board, plan: ActionPlan) -> tuple[Board, tuple[str, ...]]:
    """After a Strike or Overpower made as a Charge: the lasting −1 on physical defences
    for 1 round, which also ends its turn (:func:`rules.board.turn_state.turn_over`)."""
    if not plan.request.charging or plan.request.key == "charge":
        return board, ()
    board = add_lasting(board, plan.request.actor, "charge", "Charged (−1 physical defences)")
    return board, ("Charge: the turn ends after the attack [S002]",)
