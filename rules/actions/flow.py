"""Conflict actions as values: what an action rolls and why, the exact chance, and what
the rolled dice do to the board (issue #7; seed 002; RULES-DIGEST §2, §12 "Attacks and
tactics").

Every action of seed 002 is an :class:`ActionKind` in :data:`ACTIONS` (filled by
:mod:`rules.actions.kinds.attack`, :mod:`rules.actions.kinds.area`,
:mod:`rules.actions.kinds.overpower`, :mod:`rules.actions.kinds.hold` and
:mod:`rules.actions.kinds.tactics`; the values are in
:mod:`rules.actions.values`): its catalogue entry (:class:`ActionSpec`), why it is not
allowed for an actor right now, how to plan it (:class:`ActionPlan`: the attack pool, one
defence per target, the DL, damage, each modifier with its source) and what a success or
failure changes. :func:`resolve` reads rolled or typed-in dice (:class:`Dice`) into an
:class:`ActionOutcome`: the board after (state changes, the roll log, the dice drawn), a
summary with reasons, and what to highlight.

Skills (Q26): Strikes roll Martial (melee) or Nimble (ranged), Overpower Athletics,
Distract Guile, Hinder Martial; defences are the defender's choice (Q3: Martial or Elude
against Strikes). A Skill's Tier is its dice [P-SKILLS]; a Skill not set on the token rolls
:data:`UNSET_SKILL_DICE` **[ASSUMPTION]** (a starting character's Tier 1, [P-CHAR]).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

import numpy as np

import rules.actions.kinds.area

# the registered kinds: importing each adds its entries to ACTIONS (rules.actions.registry)
import rules.actions.kinds.attack
import rules.actions.kinds.overpower  # noqa: F401
from rules.actions.kinds.area import attack_space, resolve_space_attack, roll_space
from rules.actions.kinds.tactics import hinder_penalty, hinder_together
from rules.actions.registry import ACTIONS, ActionChoice, ActionKind, skill_pool
from rules.actions.resolution import resolve
from rules.actions.tactics import CALLED_SHOT_PARTS
from rules.actions.terms import as_charge, as_minor_action, rapid_strike_losses
from rules.actions.values import (  # the values, re-exported
    UNSET_SKILL_DICE,
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Destinations,
    Dice,
    DicePool,
    Modifier,
    Weapon,
)
from rules.battlefield.reach import not_in_reach, reach_of
from rules.board.grid import Board
from rules.board.holds import Hold, escape_hold, with_hold
from rules.board.turn_state import turn_over
from rules.dice import Roll, read_faces, roll
from rules.hexes import distance

Pool = DicePool
"""The old name of :class:`DicePool`, kept because ``rules.actions.__all__`` is pinned
(DESIGN.md "Public import paths"); the word for a roll's dice is ``DicePool`` — a
token's Pools (Grit, Movement …) are :class:`rules.board.pools.Pool`."""

__all__ = [
    "ACTIONS",
    "UNSET_SKILL_DICE",
    "ActionChoice",
    "ActionKind",
    "ActionOutcome",
    "ActionPlan",
    "ActionRequest",
    "ActionSpec",
    "Applied",
    "Destinations",
    "Dice",
    "DicePool",
    "Hold",
    "Modifier",
    "Pool",
    "Weapon",
    "attack_space",
    "available_actions",
    "destinations",
    "escape_hold",
    "hinder_penalty",
    "hinder_together",
    "plan_action",
    "read_dice",
    "resolve",
    "resolve_space_attack",
    "roll_dice",
    "roll_space",
    "skill_pool",
    "spec_of",
    "target_refusals",
    "with_hold",
]


def available_actions(board: Board, actor_id: str) -> tuple[ActionChoice, ...]:
    """Every action with why ``actor_id`` cannot use it right now (``None``: it can).

    An action that targets a creature is refused when no token can be its target now —
    the same per-target reasons the pick uses (:func:`target_refusals`), so a Strike with
    nobody in Reach is greyed "no creature within Reach 1" instead of asking for a click
    that can only fail ([S002] Strike: "Attack a target with a melee weapon", a target in
    your Reach).
    """
    board.token(actor_id)
    over = turn_over(board, actor_id)
    return tuple(
        ActionChoice(k.spec, over or k.refusal(board, actor_id) or _no_target(board, k, actor_id))
        for k in ACTIONS.values()
    )


def _no_target(board: Board, kind: ActionKind, actor_id: str) -> str | None:
    """Why ``kind`` has no creature to target for ``actor_id`` now, or ``None`` when one
    can be targeted (or the action does not target a creature)."""
    if kind.spec.target != "creature":
        return None
    reasons: list[str] = []
    beyond_reach = 0
    actor = board.token(actor_id)
    for token_id, why in _target_refusal_items(board, ActionRequest(kind.spec.key, actor_id)):
        if why is None:
            return None
        reasons.append(why)
        beyond_reach += why == not_in_reach(board.token(token_id), actor)
    if not reasons:
        return f"{actor.name}: there is no other token on the map to target"
    if beyond_reach == len(reasons):
        return f"{actor.name}: no creature within Reach {reach_of(actor)} [S002]"
    if len(set(reasons)) == 1:
        return reasons[0]
    return f"{actor.name}: no creature can be targeted now (the nearest: {reasons[0]})"


def spec_of(key: str) -> ActionSpec:
    """The catalogue entry of action ``key`` (``KeyError`` for an unknown one)."""
    if key not in ACTIONS:
        raise KeyError(f"unknown action {key!r}")
    return ACTIONS[key].spec


def destinations(board: Board, request: ActionRequest) -> Destinations | None:
    """Where ``request`` (its target chosen) may name its ``destination``, or ``None`` when
    its action does not ask for one. Seed 002: Shove "move the target one space farther
    from you" (any space in your Reach when not done after another attack,
    :func:`~rules.actions.overpower.shove_destinations`); Disarm "drop target object they
    are holding into target space adjacent to them"."""
    kind = ACTIONS.get(request.key)
    if kind is None:
        raise KeyError(f"unknown action {request.key!r}")
    if kind.destinations is None or request.target is None:
        return None
    return kind.destinations(board, request)


def plan_action(board: Board, request: ActionRequest) -> ActionPlan:
    """The plan for ``request``: dice, modifiers with sources, DL, chance, or refusal."""
    kind = ACTIONS.get(request.key)
    if kind is None:
        raise KeyError(f"unknown action {request.key!r}")
    board.token(request.actor)
    refusal = kind.refusal(board, request.actor)
    plan = rapid_strike_losses(board, kind.plan(board, request, kind.spec))
    plan = as_charge(board, as_minor_action(board, plan))
    over = turn_over(board, request.actor)
    if over and not plan.refusal:
        plan = replace(plan, refusal=over)
    if refusal and not plan.refusal:
        plan = replace(plan, refusal=refusal)
    return plan


def target_refusals(board: Board, request: ActionRequest) -> dict[str, str | None]:
    """For every other token: why ``request`` cannot target it, or ``None`` when it can
    (something still to choose, like Shove's space, does not count against it)."""
    return dict(_target_refusal_items(board, request))


def _target_refusal_items(board: Board, request: ActionRequest) -> Iterator[tuple[str, str | None]]:
    """Each other token, nearest to the actor first, with why ``request`` cannot target
    it (``None``: it can) — lazily, so a caller asking "is there any target?" stops at the
    first one (:func:`available_actions`)."""
    anchor = board.token(request.actor).position
    others = [t for t in board.tokens.values() if t.id != request.actor]
    for token in sorted(others, key=lambda t: distance(anchor, t.position)):
        yield token.id, _target_refusal(board, replace(request, target=token.id))


def _target_refusal(board: Board, request: ActionRequest) -> str | None:
    """Why ``request`` cannot target its target, or ``None``. A plan that only asks for
    more input first (a Called Shot's part, a Rapid Strike's number, [S002]) is planned
    again with a stand-in answer, so a target out of Reach is refused before the asking;
    what is still asked after that (Shove's space) does not count against the target."""
    plan = plan_action(board, request)
    if plan.asks_input:
        probe = replace(
            request,
            part=request.part or next(iter(CALLED_SHOT_PARTS)),
            number=request.number or 1,
        )
        plan = plan_action(board, probe)
    return None if plan.refusal is None or plan.asks_input else plan.refusal


def roll_dice(plan: ActionPlan, rng: np.random.Generator) -> Dice:
    """Roll ``plan``'s attack and defences with ``rng``, and damage for every target
    (only the damage of targets hit is used)."""
    attack = (
        None if plan.attack is None else roll(max(0, plan.attack.dice), rng, plan.attack.modifier)
    )
    defences = tuple(roll(max(0, d.dice), rng, d.modifier) for d in plan.defences)
    damage: tuple[Roll | None, ...] = ()
    if plan.damage is not None:
        count = max(1, len(plan.targets))
        damage = tuple(roll(max(0, plan.damage.dice), rng) for _ in range(count))
    follow_ups = tuple(
        (roll(max(0, a.dice), rng, a.modifier), roll(max(0, d.dice), rng, d.modifier))
        for a, d in plan.follow_ups
    )
    return Dice(attack, defences, damage, follow_ups=follow_ups)


def read_dice(
    plan: ActionPlan,
    attack: Sequence[int] | None,
    defences: Sequence[Sequence[int]] = (),
    damage: Sequence[Sequence[int] | None] = (),
    follow_ups: Sequence[tuple[Sequence[int], Sequence[int]]] = (),
) -> Dice:
    """Dice rolled at the table and typed in, read as ``plan``'s pools; ``ValueError``
    naming the pool when a count of faces does not match."""
    if len(follow_ups) != len(plan.follow_ups):
        n = len(plan.follow_ups)
        raise ValueError(
            f"this also rolls {n} contest{'s' * (n != 1)} against the creatures in a Hold: "
            "use Roll, or give their faces too"
        )
    further = tuple(
        (_typed(a, pa, "further attack"), _typed(d, pd, "further defence"))
        for (a, d), (pa, pd) in zip(follow_ups, plan.follow_ups, strict=True)
    )
    attack_roll = None
    if plan.attack is not None:
        attack_roll = _typed(attack or (), plan.attack, "attack")
    if len(defences) != len(plan.defences):
        raise ValueError(f"{len(plan.defences)} defence rolls are needed, got {len(defences)}")
    defence_rolls = tuple(
        _typed(f, p, "defence") for f, p in zip(defences, plan.defences, strict=True)
    )
    damage_rolls = tuple(
        None if f is None or plan.damage is None else _typed(f, plan.damage, "damage", 0)
        for f in damage
    )
    return Dice(attack_roll, defence_rolls, damage_rolls, manual=True, follow_ups=further)


def _typed(faces: Sequence[int], pool: DicePool, what: str, modifier: int | None = None) -> Roll:
    n = max(0, pool.dice)
    if len(faces) != n:
        raise ValueError(f"the {what} rolls {n}d12: type {n} faces, got {len(faces)}")
    return read_faces(faces, pool.modifier if modifier is None else modifier)
