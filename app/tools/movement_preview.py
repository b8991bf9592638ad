"""The live movement preview of a dragged creature (issue #6).

At the press, one movement field (:func:`rules.movement.field`) is computed for what the
token has left this turn and shaded; at each new hovered space the cheapest path is read
from it (:func:`rules.plan_move`: no new search) and drawn with its cost, the breakdown,
the rolls it calls for and the creatures that may Hinder. The label by the hovered space
is short (:func:`label_lines`: cost and Movement left, the charges in the rules' words, the
rolls due) and placed clear of the tokens and the path (:mod:`app.scene.label_placement`);
the full step list goes to the Movement dock, which follows :attr:`MovementPreview.changed`.
The model is not touched: the tool commits the plan on release through the controller.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

import rules.movement as movement_rules  # a lazy face: the field loads with the first drag
from app.scene.label_placement import path_segments, place_screen_labels
from app.scene.movement_items import HinderMarkItem, MoveLabelItem, MovePathItem, ReachShadeItem
from app.scene.token_marks import CLEARANCE
from rules import Hex

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsItem

    from app.scene.map_scene import MapScene
    from rules.movement import MovementField, MovePlan

LABEL_WIDTH = 44  # characters: a longer line of the label wraps
WIDE_LIMIT = 400  # cost units searched for paths beyond this turn's Movement


def charges_text(plan: MovePlan) -> str:
    """What the path adds to one Movement a space, in the rules' words, each reason once
    with its amounts added up: ``"+1 climbing, +1 Swim is a Secondary movement type"``
    ("" when every step is a plain one). The first charge of a step is its base."""
    added: dict[str, int] = {}
    for step in plan.steps:
        for charge in step.charges[1:]:
            added[charge.reason] = added.get(charge.reason, 0) + charge.amount
    return ", ".join(f"{amount:+d} {reason}" for reason, amount in added.items() if amount)


def rolls_text(plan: MovePlan) -> str:
    """The rolls the move calls for and who could Hinder it: ``"Roll Climb DL 6; could
    Hinder: Goblin DL 3"`` ("" when none). Any creature whose Reach the move starts in
    may Hinder, an ally as well as a foe, and each may choose not to ([S002]; the map does
    not decide who is hostile): the label says *could*, a possibility, not a roll due."""
    parts = []
    if plan.rolls:
        parts.append("Roll " + ", ".join(f"{r.skill} DL {r.dl}" for r in plan.rolls))
    hinder = [f"{h.name} DL {h.dl}" for h in plan.hinder if h.allowed]
    if hinder:
        parts.append(("could" if parts else "Could") + " Hinder: " + ", ".join(hinder))
    if plan.falls:
        parts.append("then falls")
    return "; ".join(parts)


def step_lines(plan: MovePlan) -> list[str]:
    """The full breakdown, for the Movement dock: each step (where, how, its cost and
    every charge), the total, the rolls, the sound and who may Hinder
    (:meth:`rules.movement.MovePlan.describe`)."""
    lines: list[str] = plan.describe()
    return lines


def headline(plan: MovePlan, name: str, enforced: bool = True) -> str:
    """``"Aria: 4 of 5 Movement, 1 left"`` (with the pace when it buys more), or why not;
    outside a conflict only the cost (the move is free)."""
    if plan.refusal:
        return f"{name} cannot: {plan.refusal}"
    if not enforced:
        return f"{name}: cost {plan.cost}, free (no conflict running)"
    notes = [f"cost {plan.cost}"] if plan.paid != plan.cost else []
    if plan.spare:
        notes.append(f"{min(plan.spare, plan.cost)} already paid for")
    extra = f" ({', '.join(notes)})" if notes else ""
    return f"{name}: {plan.paid} of {plan.left} Movement{extra}, {plan.left - plan.paid} left"


def summary(plan: MovePlan, name: str, enforced: bool = True) -> str:
    """One status-bar line: the headline, the rolls and who may Hinder."""
    parts = [headline(plan, name, enforced)]
    parts += [f"{r.skill} DL {r.dl}" for r in plan.rolls]
    hinder = [h.name for h in plan.hinder if h.allowed]
    if hinder:
        parts.append(f"may Hinder: {', '.join(hinder)}")
    return " · ".join(parts)


def label_lines(plan: MovePlan, name: str, enforced: bool) -> list[str]:
    """The compact label by the hovered space, 1–3 short lines: the cost and the Movement
    left (or why not), the extra charges in words, the rolls due. The steps are in the
    Movement dock (:func:`step_lines`)."""
    if plan.refusal:
        return textwrap.wrap(headline(plan, name, enforced), LABEL_WIDTH)[:3]
    lines = [headline(plan, name, enforced), charges_text(plan)]
    if enforced:
        lines.append(rolls_text(plan))
    return [line for line in lines if line]


class MovementPreview(QObject):
    """Shading, path, Hinder marks and label for one dragged creature; :meth:`clear`
    removes them. ``changed`` after each new plan and when cleared (the Movement dock
    follows it: :attr:`plan`, :attr:`name`, :attr:`enforced`)."""

    changed = Signal()

    def __init__(self, scene: MapScene):
        super().__init__()
        self._scene = scene
        self.token_id: str | None = None
        self.field: MovementField | None = None
        self.plan: MovePlan | None = None
        self.name = ""
        self.enforced = True
        self._shade: ReachShadeItem | None = None
        self._items: list[QGraphicsItem] = []

    @property
    def active(self) -> bool:
        return self.token_id is not None

    @property
    def label(self) -> MoveLabelItem | None:
        """The label shown, if any."""
        return next((i for i in self._items if isinstance(i, MoveLabelItem)), None)

    def start(self, token_id: str) -> None:
        """Compute the field of ``token_id`` for this turn and shade what it can reach."""
        self.clear()
        board = self._scene.board
        self.token_id = token_id
        budget = movement_rules.budget_of(board.token(token_id))
        # Paths are searched farther than this turn allows, so a target out of reach still
        # shows its path and what it would cost; the shading is only what is reachable.
        self.field = movement_rules.movement_field(
            board, token_id, min(WIDE_LIMIT, 3 * budget + 10)
        )
        self._shade = ReachShadeItem(self._scene.geometry, self.field.spaces(budget))
        self._scene.addItem(self._shade)

    def show(self, target: Hex, enforced: bool) -> MovePlan:
        """Draw the cheapest path to ``target``, its Hinder marks and its label (clear of
        the tokens and the path); return the plan."""
        assert self.token_id is not None and self.field is not None
        self._drop_items()
        board = self._scene.board
        plan = movement_rules.plan_move(board, self.token_id, target, field=self.field)
        self.plan, self.enforced = plan, enforced
        self.name = board.token(self.token_id).name
        geometry = self._scene.geometry
        path = MovePathItem(geometry, plan)
        marks = [self._hinder_mark(h.hinderer_id) for h in plan.hinder if h.allowed]
        label = MoveLabelItem(
            label_lines(plan, self.name, enforced), geometry.center(target), plan.allowed
        )
        for item in (path, *marks, label):
            self._scene.addItem(item)
            self._items.append(item)
        place_screen_labels(self._scene, [label], path_segments(path.points))
        self.changed.emit()
        return plan

    def _hinder_mark(self, token_id: str) -> HinderMarkItem:
        board = self._scene.board
        token = board.token(token_id)
        return HinderMarkItem(self._scene.geometry, token, board.tokens_near(token, CLEARANCE))

    def _drop_items(self) -> None:
        for item in self._items:
            self._scene.removeItem(item)
        self._items.clear()

    def clear(self) -> None:
        """Remove everything the preview drew."""
        self._drop_items()
        if self._shade is not None:
            self._scene.removeItem(self._shade)
            self._shade = None
        had_plan = self.plan is not None
        self.token_id = self.field = self.plan = None
        if had_plan:
            self.changed.emit()
