"""Conflict actions (seed 002) — the pinned ``rules.actions`` API: what an action rolls
and why, the exact chance, and what the rolled dice do to the board.

Behind this face, one module per concept: :mod:`rules.actions.performance` (the one call
per intent, :func:`perform`: plan, roll or read the dice, resolve), :mod:`rules.actions.flow`
(the catalogue :data:`ACTIONS`, planning, rolling and resolving), :mod:`~rules.actions.values` (the
values an action is made of), :mod:`~rules.actions.terms` (the terms every action shares:
Encumbered, Minor Actions, the Charge), :mod:`~rules.actions.contest`,
:mod:`~rules.actions.harm`, :mod:`~rules.actions.strike`, :mod:`~rules.actions.overpower`,
:mod:`~rules.actions.tactics` and :mod:`~rules.actions.arithmetic` (the arithmetic of the
seed's attacks and tactics), and :mod:`rules.actions.kinds` (each registered kind: attack,
area, overpower, tackle, hold, tactics, manifest).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "flow": (
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
        "Pool",  # the old name of DicePool, kept: this face's __all__ is pinned
        "Weapon",
        "available_actions",
        "destinations",
        "escape_hold",
        "plan_action",
        "read_dice",
        "resolve",
        "roll_dice",
        "skill_pool",
        "spec_of",
        "target_refusals",
        "with_hold",
    ),
    "performance": ("Performance", "TypedDice", "perform", "undo_text"),
    "kinds.area": (
        "area_subjects",
        "attack_space",
        "resolve_space_attack",
        "roll_space",
        "rolls_each_occupant",
    ),
    "kinds.attack": ("DEFENCE_SKILLS",),
    "kinds.tactics": ("hinder_penalty", "hinder_together"),
    "contest": ("result_distribution",),
    "overpower": ("shove_destinations",),
    "tactics": ("CALLED_SHOT_PARTS", "INCREMENTS"),
    "terms": ("MINOR_STRIKES",),
}
"""Which module defines each name of the face. The face loads them on first use
(:func:`rules.faces.lazy_face`): the board's Holds use the actions' arithmetic
(:mod:`rules.actions.arithmetic`) without loading the whole flow."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
