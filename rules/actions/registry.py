"""The registry of conflict actions (seed 002): :data:`ACTIONS`, which the registered
kinds (:mod:`rules.actions.kinds`) fill when imported, the :class:`ActionKind` each one
adds, and the Skill pools every kind rolls (:func:`skill_pool`). It sits below both the
kinds and the catalogue that reads it (:mod:`rules.actions.flow`), so neither imports the
other's importer.

Skills (Q26): a Skill's Tier is its dice [P-SKILLS]; a Skill not set on the token rolls
:data:`UNSET_SKILL_DICE` **[ASSUMPTION]** (a starting character's Tier 1, [P-CHAR]).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.actions.values import (
    UNSET_SKILL_DICE,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    Applied,
    Destinations,
    Dice,
    DicePool,
    Modifier,
)
from rules.board.grid import Board

__all__ = [
    "ACTIONS",
    "ActionChoice",
    "ActionKind",
    "Applier",
    "Destined",
    "Legality",
    "Planner",
    "skill_pool",
]


Planner = Callable[[Board, ActionRequest, ActionSpec], ActionPlan]
Applier = Callable[[Board, ActionPlan, tuple[bool, ...], Dice], Applied]
Legality = Callable[[Board, str], str | None]
Destined = Callable[[Board, ActionRequest], Destinations]


@dataclass(frozen=True)
class ActionKind:
    """An action: its catalogue entry, why an actor cannot use it now (or ``None``), its
    planner, what a roll's results change on the board, and, for an action that asks for a
    ``destination``, the spaces it may name once its target is chosen."""

    spec: ActionSpec
    refusal: Legality
    plan: Planner
    apply: Applier
    destinations: Destined | None = None


@dataclass(frozen=True)
class ActionChoice:
    """A catalogue entry for one actor now: allowed, or the reason it is not."""

    spec: ActionSpec
    refusal: str | None


ACTIONS: dict[str, ActionKind] = {}
"""Every action by key, in menu order (registered by the action modules)."""


def skill_pool(
    board: Board, who: str, skill: str, role: str, dice: int | None, terms: Sequence[Modifier]
) -> DicePool:
    """A pool of ``skill`` for token ``who``: ``dice`` if given, else its Skill Tier (or
    :data:`UNSET_SKILL_DICE` when the token has none set)."""
    if dice is None:
        tiers = dict(board.token(who).vitals.stats)
        dice = tiers.get(skill.lower(), UNSET_SKILL_DICE)
    return DicePool(role, who, skill, dice, tuple(terms))
