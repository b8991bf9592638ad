"""Resolving a planned conflict action (seed 002): what rolled or typed-in dice
(:class:`~rules.actions.values.Dice`) do — success per target (Q1, Q2, Q5), the registered
kind's state changes (:data:`rules.actions.registry.ACTIONS`), the Minor Action and the
Charge spent, the roll log entries and one more dice draw on the board — as an
:class:`~rules.actions.values.ActionOutcome` with a summary and reasons.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions.contest import contest
from rules.actions.registry import ACTIONS
from rules.actions.terms import charged, minor_action_spent
from rules.actions.values import ActionOutcome, ActionPlan, Dice
from rules.board.grid import Board
from rules.board.roll_log import LoggedRoll, appended
from rules.dice import injury

__all__ = ["resolve"]


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
        plan,
        after,
        succeeded,
        summary,
        (*reasons, *applied.reasons),
        hit,
        applied.moved,
        (*plan.spaces, *applied.spaces),
        log,
    )


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


def _summary(board: Board, plan: ActionPlan, succeeded: tuple[bool, ...]) -> str:
    who, name = _name(board, plan.request.actor), plan.spec.title
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
    actor, rnd, title = _name(board, plan.request.actor), board.turn.round, plan.spec.title
    entries = []
    target = _name(board, plan.targets[0]) if len(plan.targets) == 1 else ""
    if dice.attack is not None and plan.attack is not None:
        outcome = "succeeds" if all(succeeded) else "fails" if not any(succeeded) else "mixed"
        breakdown = tuple((m.amount, m.reason) for m in plan.attack.modifiers)
        entries.append(
            LoggedRoll(
                title,
                dice.attack.faces,
                dice.attack.modifier,
                plan.dl,
                actor,
                target,
                breakdown,
                outcome,
                "attack",
                dice.manual,
                rnd,
            )
        )
    for token_id, pool, rolled in zip(plan.targets, plan.defences, dice.defences, strict=False):
        breakdown = tuple((m.amount, m.reason) for m in pool.modifiers)
        entries.append(
            LoggedRoll(
                f"{title} — defence ({pool.skill})",
                rolled.faces,
                rolled.modifier,
                None,
                _name(board, token_id),
                actor,
                breakdown,
                "",
                "defence",
                dice.manual,
                rnd,
            )
        )
    for (pa, pd), (a, d) in zip(plan.follow_ups, dice.follow_ups, strict=False):
        won = "succeeds" if contest(a, d, plan.dl).succeeds else "fails"
        entries.append(
            LoggedRoll(
                f"{title} — against {_name(board, pd.who)}",
                a.faces,
                a.modifier,
                plan.dl,
                actor,
                _name(board, pd.who),
                tuple((m.amount, m.reason) for m in pa.modifiers),
                won,
                "attack",
                dice.manual,
                rnd,
            )
        )
        entries.append(
            LoggedRoll(
                f"{title} — {pd.skill} of {_name(board, pd.who)}",
                d.faces,
                d.modifier,
                None,
                _name(board, pd.who),
                actor,
                (),
                "",
                "defence",
                dice.manual,
                rnd,
            )
        )
    reduction = plan.request.weapon.reduction
    for token_id, ok, hurt in zip(plan.targets, succeeded, dice.damage, strict=False):
        if ok and hurt is not None:
            told = f"{injury(hurt.faces, reduction)} Injury (faces ≥ {3 + reduction}, Q24)"
            entries.append(
                LoggedRoll(
                    f"{title} — damage",
                    hurt.faces,
                    0,
                    None,
                    actor,
                    _name(board, token_id),
                    (),
                    told,
                    "damage",
                    dice.manual,
                    rnd,
                )
            )
    return tuple(entries)
