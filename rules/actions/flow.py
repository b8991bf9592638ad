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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from rules.actions.contest import contest
from rules.actions.terms import (
    as_charge,
    as_minor_action,
    charged,
    minor_action_spent,
    rapid_strike_losses,
)
from rules.actions.values import (  # the values, re-exported
    UNSET_SKILL_DICE,
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Dice,
    Modifier,
    Pool,
    Weapon,
)
from rules.board.grid import Board
from rules.board.holds import Hold, escape_hold, with_hold
from rules.board.play import turn_over
from rules.board.roll_log import LoggedRoll, appended
from rules.dice import Roll, injury, read_faces, roll

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
    "Dice",
    "Hold",
    "Modifier",
    "Pool",
    "Weapon",
    "attack_space",
    "available_actions",
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

if TYPE_CHECKING:
    from rules.actions.kinds.area import attack_space, resolve_space_attack, roll_space
    from rules.actions.kinds.tactics import hinder_penalty, hinder_together

# Public names that live in the action modules, which import this one: loaded on first use
# (PEP 562), so ``from rules.actions.flow import attack_space`` works without an import cycle.
_FROM_KINDS = {
    "attack_space": "rules.actions.kinds.area",
    "resolve_space_attack": "rules.actions.kinds.area",
    "roll_space": "rules.actions.kinds.area",
    "hinder_together": "rules.actions.kinds.tactics",
    "hinder_penalty": "rules.actions.kinds.tactics",
}


def __getattr__(name: str) -> object:
    module = _FROM_KINDS.get(name)
    if module is None:
        raise AttributeError(f"module 'rules.actions' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


Planner = Callable[[Board, ActionRequest, ActionSpec], ActionPlan]
Applier = Callable[[Board, ActionPlan, tuple[bool, ...], Dice], Applied]
Legality = Callable[[Board, str], str | None]


@dataclass(frozen=True)
class ActionKind:
    """An action: its catalogue entry, why an actor cannot use it now (or ``None``), its
    planner, and what a roll's results change on the board."""

    spec: ActionSpec
    refusal: Legality
    plan: Planner
    apply: Applier


@dataclass(frozen=True)
class ActionChoice:
    """A catalogue entry for one actor now: allowed, or the reason it is not."""

    spec: ActionSpec
    refusal: str | None


ACTIONS: dict[str, ActionKind] = {}
"""Every action by key, in menu order (registered by the action modules)."""


def available_actions(board: Board, actor_id: str) -> tuple[ActionChoice, ...]:
    """Every action with why ``actor_id`` cannot use it right now (``None``: it can)."""
    _load_actions()
    board.token(actor_id)
    over = turn_over(board, actor_id)
    return tuple(ActionChoice(k.spec, over or k.refusal(board, actor_id)) for k in ACTIONS.values())


def spec_of(key: str) -> ActionSpec:
    """The catalogue entry of action ``key`` (``KeyError`` for an unknown one)."""
    _load_actions()
    if key not in ACTIONS:
        raise KeyError(f"unknown action {key!r}")
    return ACTIONS[key].spec


def plan_action(board: Board, request: ActionRequest) -> ActionPlan:
    """The plan for ``request``: dice, modifiers with sources, DL, chance, or refusal."""
    _load_actions()
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
    out: dict[str, str | None] = {}
    for token_id in board.tokens:
        if token_id == request.actor:
            continue
        plan = plan_action(board, replace(request, target=token_id))
        out[token_id] = None if plan.refusal is None or plan.asks_input else plan.refusal
    return out


def skill_pool(
    board: Board, who: str, skill: str, role: str, dice: int | None, terms: Sequence[Modifier]
) -> Pool:
    """A pool of ``skill`` for token ``who``: ``dice`` if given, else its Skill Tier (or
    :data:`UNSET_SKILL_DICE` when the token has none set)."""
    if dice is None:
        tiers = dict(board.token(who).vitals.stats)
        dice = tiers.get(skill.lower(), UNSET_SKILL_DICE)
    return Pool(role, who, skill, dice, tuple(terms))


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


def _typed(faces: Sequence[int], pool: Pool, what: str, modifier: int | None = None) -> Roll:
    n = max(0, pool.dice)
    if len(faces) != n:
        raise ValueError(f"the {what} rolls {n}d12: type {n} faces, got {len(faces)}")
    return read_faces(faces, pool.modifier if modifier is None else modifier)


def resolve(board: Board, plan: ActionPlan, dice: Dice) -> ActionOutcome:
    """What ``dice`` do: success per target (Q1, Q2, Q5), the kind's state changes, the
    roll log entries and one more dice draw on the board."""
    if plan.refusal:
        raise ValueError(plan.refusal)
    kind = ACTIONS[plan.request.key]
    succeeded, reasons = _read(plan, dice)
    applied = kind.apply(board, plan, succeeded, dice)
    spent, minor = minor_action_spent(applied.board, plan)
    spent, charging = charged(spent, plan)
    applied = replace(applied, board=spent, reasons=(*applied.reasons, *minor, *charging))
    succeeded = applied.succeeded if applied.succeeded is not None else succeeded
    log = _log_entries(board, plan, dice, succeeded)
    after = applied.board._evolve(
        rolls=appended(applied.board.rolls, log), dice_draws=board.dice_draws + 1
    )
    hit = tuple(t for t, ok in zip(plan.targets, succeeded, strict=False) if ok)
    summary = _summary(board, plan, succeeded)
    return ActionOutcome(
        plan, after, succeeded, summary, (*reasons, *applied.reasons), hit, applied.moved,
        (*plan.spaces, *applied.spaces), log,
    )  # fmt: skip


def _read(plan: ActionPlan, dice: Dice) -> tuple[tuple[bool, ...], list[str]]:
    if dice.attack is None:
        return (True,) * max(1, len(plan.targets)), []
    if not plan.defences:
        ok = dice.attack.succeeds(plan.dl)
        return (ok,) * max(1, len(plan.targets)), [f"attack {dice.attack.describe(plan.dl)}"]
    reasons: list[str] = []
    results: list[bool] = []
    for defence in dice.defences:
        outcome = contest(dice.attack, defence, plan.dl)
        results.append(outcome.succeeds)
        reasons += outcome.reasons if not reasons else outcome.reasons[1:]
    return tuple(results), reasons


def _name(board: Board, token_id: str | None) -> str:
    if token_id is None or token_id not in board.tokens:
        return ""
    return board.token(token_id).name


def _title(plan: ActionPlan) -> str:
    """The action's name without the menu's "…"."""
    return plan.spec.name.rstrip("…")


def _summary(board: Board, plan: ActionPlan, succeeded: tuple[bool, ...]) -> str:
    who, name = _name(board, plan.request.actor), _title(plan)
    if plan.attack is None:
        return f"{who}: {name}"
    if len(plan.targets) > 1:
        return f"{who}: {name} hits {sum(succeeded)} of {len(plan.targets)}"
    word = "succeeds" if all(succeeded) else "fails"
    target = _name(board, plan.targets[0]) if plan.targets else ""
    return f"{who}: {name}" + (f" on {target}" if target else "") + f" {word}"


def _log_entries(
    board: Board, plan: ActionPlan, dice: Dice, succeeded: tuple[bool, ...]
) -> tuple[LoggedRoll, ...]:
    actor, rnd, title = _name(board, plan.request.actor), board.turn.round, _title(plan)
    entries = []
    target = _name(board, plan.targets[0]) if len(plan.targets) == 1 else ""
    if dice.attack is not None and plan.attack is not None:
        outcome = "succeeds" if all(succeeded) else "fails" if not any(succeeded) else "mixed"
        breakdown = tuple((m.amount, m.reason) for m in plan.attack.modifiers)
        entries.append(LoggedRoll(title, dice.attack.faces, dice.attack.modifier,
                                  plan.dl, actor, target, breakdown, outcome, "attack",
                                  dice.manual, rnd))  # fmt: skip
    for token_id, pool, rolled in zip(plan.targets, plan.defences, dice.defences, strict=False):
        breakdown = tuple((m.amount, m.reason) for m in pool.modifiers)
        entries.append(LoggedRoll(f"{title} — defence ({pool.skill})", rolled.faces,
                                  rolled.modifier, None, _name(board, token_id), actor, breakdown,
                                  "", "defence", dice.manual, rnd))  # fmt: skip
    for (pa, pd), (a, d) in zip(plan.follow_ups, dice.follow_ups, strict=False):
        won = "succeeds" if contest(a, d, plan.dl).succeeds else "fails"
        entries.append(LoggedRoll(f"{title} — against {_name(board, pd.who)}", a.faces,
                                  a.modifier, plan.dl, actor, _name(board, pd.who),
                                  tuple((m.amount, m.reason) for m in pa.modifiers), won,
                                  "attack", dice.manual, rnd))  # fmt: skip
        entries.append(LoggedRoll(f"{title} — {pd.skill} of {_name(board, pd.who)}", d.faces,
                                  d.modifier, None, _name(board, pd.who), actor, (), "",
                                  "defence", dice.manual, rnd))  # fmt: skip
    reduction = plan.request.weapon.reduction
    for token_id, ok, hurt in zip(plan.targets, succeeded, dice.damage, strict=False):
        if ok and hurt is not None:
            told = f"{injury(hurt.faces, reduction)} Injury (faces ≥ {3 + reduction}, Q24)"
            entries.append(LoggedRoll(f"{title} — damage", hurt.faces, 0, None,
                                      actor, _name(board, token_id), (), told, "damage",
                                      dice.manual, rnd))  # fmt: skip
    return tuple(entries)


def _load_actions() -> None:
    """Register the action modules (they import this module; imports run once)."""
    import rules.actions.kinds.area
    import rules.actions.kinds.attack
    import rules.actions.kinds.overpower
    import rules.actions.kinds.tactics  # noqa: F401
