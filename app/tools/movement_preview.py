"""The live movement preview of a dragged creature (issue #6).

At the press, one movement field (:func:`rules.movement.field`) is computed for what the
token has left this turn and shaded; at each new hovered space the cheapest path is read
from it (:func:`rules.plan_move`: no new search) and drawn with its cost, the breakdown,
the rolls it calls for and the creatures that may Hinder. The model is not touched: the
tool commits the plan on release through the controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

import rules.movement as movement_rules  # a lazy face: the field loads with the first drag
from app.scene.measure_items import keep_in_view
from app.scene.movement_items import MoveLabelItem, MovePathItem, ReachShadeItem
from rules import Hex

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsItem

    from app.scene.map_scene import MapScene
    from rules.movement import MovementField, MovePlan

MAX_STEP_LINES = 8
WIDE_LIMIT = 400  # cost units searched for paths beyond this turn's Movement


def step_lines(plan: MovePlan) -> list[str]:
    """One short line per step: where, how, its cost and what it adds to the base."""
    lines = []
    for i, step in enumerate(plan.steps[:MAX_STEP_LINES], 1):
        extras = ", ".join(f"+{c.amount} {c.reason}" for c in step.charges[1:])
        where = f"({step.end.q}, {step.end.r})"
        lines.append(f"{i}. {where} {step.way} {step.cost}" + (f": {extras}" if extras else ""))
    hidden = len(plan.steps) - MAX_STEP_LINES
    if hidden > 0:
        lines.append(f"… {hidden} more step{'s' if hidden > 1 else ''}")
    return lines


def headline(plan: MovePlan, name: str, enforced: bool = True) -> str:
    """``"Aria: 4 of 5 Movement"`` (with the pace when it buys more), or why not; outside
    a conflict only the cost (the move is free)."""
    if plan.refusal:
        return f"{name} cannot: {plan.refusal}"
    if not enforced:
        return f"{name}: cost {plan.cost}"
    notes = [f"cost {plan.cost}"] if plan.paid != plan.cost else []
    if plan.spare:
        notes.append(f"{min(plan.spare, plan.cost)} already paid for")
    extra = f" ({', '.join(notes)})" if notes else ""
    return f"{name}: {plan.paid} of {plan.left} Movement{extra}"


def summary(plan: MovePlan, name: str, enforced: bool = True) -> str:
    """One status-bar line: the headline, the rolls and who may Hinder."""
    parts = [headline(plan, name, enforced)]
    parts += [f"{r.skill} DL {r.dl}" for r in plan.rolls]
    hinder = [h.name for h in plan.hinder if h.allowed]
    if hinder:
        parts.append(f"may Hinder: {', '.join(hinder)}")
    return " · ".join(parts)


def label_lines(plan: MovePlan, name: str, enforced: bool) -> list[str]:
    """The label beside the hovered space: headline, steps, rolls, sound, Hinder."""
    lines = [headline(plan, name, enforced), *step_lines(plan)]
    lines += [f"Roll {r.skill} DL {r.dl}" for r in plan.rolls]
    lines.append(f"Sound Magnitude {plan.sound.magnitude}")
    for h in plan.hinder:
        if h.allowed:
            extra = f", +3 at step {h.bonus_step}" if h.bonus_step is not None else ""
            lines.append(f"{h.name} may Hinder before step {h.step} (DL {h.dl}{extra})")
    if not enforced:
        lines.append("No conflict running: the move is free")
    return lines


class MovementPreview:
    """Shading, path and label for one dragged creature; :meth:`clear` removes them."""

    def __init__(self, scene: MapScene):
        self._scene = scene
        self.token_id: str | None = None
        self.field: MovementField | None = None
        self.plan: MovePlan | None = None
        self._shade: ReachShadeItem | None = None
        self._items: list[QGraphicsItem] = []

    @property
    def active(self) -> bool:
        return self.token_id is not None

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
        """Draw the cheapest path to ``target`` and its label; return the plan."""
        assert self.token_id is not None and self.field is not None
        self._drop_items()
        board = self._scene.board
        plan = movement_rules.plan_move(board, self.token_id, target, field=self.field)
        self.plan = plan
        name = board.token(self.token_id).name
        geometry = self._scene.geometry
        hinderers = [self._ring(h.hinderer_id) for h in plan.hinder if h.allowed]
        path = MovePathItem(geometry, plan, hinderers)
        label = MoveLabelItem(
            label_lines(plan, name, enforced), geometry.center(target), plan.allowed
        )
        for item in (path, label):
            self._scene.addItem(item)
            self._items.append(item)
        keep_in_view(self._scene, [label])
        return plan

    def _ring(self, token_id: str) -> tuple[QPointF, float]:
        token = self._scene.board.token(token_id)
        geometry = self._scene.geometry
        centres = [geometry.center(h) for h in token.footprint]
        x = sum(c.x() for c in centres) / len(centres)
        y = sum(c.y() for c in centres) / len(centres)
        centre = QPointF(x, y)
        spread = max(((c.x() - x) ** 2 + (c.y() - y) ** 2) ** 0.5 for c in centres)
        return centre, spread + geometry.size * 0.95

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
        self.token_id = self.field = self.plan = None
