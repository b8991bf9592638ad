"""ActionFlow: what happens once a conflict action is chosen (issue #7) — the picks on the
map, the Action dock with its odds, and the result drawn on the map. It is built on first
use by :class:`~app.shell.features.conflict.ConflictFeature`, which holds the menus.

Choosing an action in the menu (illegal ones are greyed with the rules' reason as their
tooltip) asks for what it needs on the map with :class:`~app.tools.pick_target.PickTargetTool`
— a target creature, then the space the action asks for (Shove's, Disarm's:
:func:`rules.actions.destinations`) — and then shows the
:class:`~app.widgets.panels.action.ActionPanel`. Roll (or typed dice) applies the outcome as
one undo step through :class:`~app.controllers.conflict.ConflictController`; the hit, missed and
moved tokens and the spaces touched are drawn until the next action or Escape. A ranged
weapon draws its range bands around the attacker.

The result marks and the dock's outcome text are derived from the document (issue #16):
they belong to the roll-log entries the action appended and to the turn it was made in
(:class:`ShownOutcome`), so they show while the open map's roll log holds those very
entries and it is still that turn — a later move keeps them, Next Turn takes them away and
its Undo brings them back, Undo of the action takes them away and Redo (which restores the
same board) brings them back. An action that rolled nothing belongs to the board it
produced. The target picked keeps a solid ring while the dock is open
(:class:`~app.scene.action_items.PickedTargetItem`), except while an outcome marks it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from PySide6.QtWidgets import QDockWidget, QGraphicsItem, QScrollArea

from app.controllers.conflict import ConflictController
from app.document import Change
from app.scene.action_items import ActionResultItem, PickedTargetItem, RangeBandsItem
from app.shell.workbench import Workbench
from app.tools.pick_target import PickTargetTool
from app.widgets.docks.roll_log import RollLogDock
from app.widgets.panels.action import ActionPanel
from rules import Board, Hex
from rules.actions import (
    INCREMENTS,
    ActionOutcome,
    ActionRequest,
    area_subjects,
    destinations,
    spec_of,
    target_refusals,
)
from rules.board import LoggedRoll

__all__ = ["ActionFlow", "ShownOutcome"]


@dataclass(frozen=True, eq=False)
class ShownOutcome:
    """An action's outcome as the map shows it: the outcome, the board before it (where
    moved tokens were), the roll-log ``entries`` it appended and the ``board`` it made."""

    outcome: ActionOutcome
    before: Board
    entries: tuple[LoggedRoll, ...]
    board: Board

    def held_by(self, board: Board) -> bool:
        """Whether ``board`` still shows this outcome: it is still the turn the action
        left (the same round and acting creature: Next Turn ends the outcome, Undo of it
        brings it back) and its roll log has these very entries (the same objects, not
        equal ones: a new roll is another outcome), or, for an action that rolled nothing,
        it is the board the action made."""
        if _turn_key(board) != _turn_key(self.board):
            return False
        if not self.entries:
            return board is self.board
        last = self.entries[-1]
        return any(entry is last for entry in reversed(board.rolls))


def _turn_key(board: Board) -> tuple[int, int]:
    """The turn ``board`` is at: its round and the index of the acting participant."""
    return board.turn.round, board.turn.current


class ActionFlow:
    """The picks, the Action dock (in a tab over ``roll_log_dock``), its conflict
    controller and the overlays on the map, which follow the open map."""

    def __init__(self, bench: Workbench, roll_log_dock: RollLogDock):
        self._bench = bench
        self.controller = ConflictController(bench.current, bench.parent)
        self.controller.refused.connect(self._on_refused)
        self.controller.informed.connect(lambda text: bench.status.say(text, 8000))
        self.controller.performed.connect(self._on_performed)
        self.panel = ActionPanel()
        self.dock = QDockWidget("Action", bench.parent)
        self.dock.setObjectName("action_dock")
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        self.dock.setWidget(scroll)
        bench.docks.add_dock(self.dock)
        bench.docks.tabify(roll_log_dock, self.dock)
        self.dock.hide()
        self.overlays: list[QGraphicsItem] = []
        self.shown: ShownOutcome | None = None  # the last action's outcome, while held
        self.panel.request_changed.connect(self._replan)
        self.panel.roll_requested.connect(self.controller.roll)
        self.panel.dice_entered.connect(self.controller.enter)
        self.panel.cancelled.connect(self.close)
        self.panel.area.currentIndexChanged.connect(self._on_area_chosen)
        bench.current.changed.connect(self._on_document_changed)

    def roll_shortcut(self) -> None:
        """Ctrl+Shift+R: Roll in the Action dock, or say why there is nothing to roll."""
        button = self.panel.roll_button
        if not self.dock.isVisible() or self.panel.plan is None:
            self._bench.status.refuse(
                "No action to roll: right-click a creature → Actions (or Alt+A)"
            )
        elif not button.isEnabled():
            self._on_refused(self.panel.refusal.text().removeprefix("⚠ ") or "Nothing to roll")
        else:
            button.click()

    # -- choosing what the action needs --------------------------------------------------------
    def begin(self, key: str, actor: str) -> None:
        """Start action ``key`` for ``actor``: pick what it needs, then show the panel."""
        self.clear_overlays()
        request = ActionRequest(key, actor)
        spec = spec_of(key)
        if spec.target == "creature":
            self._pick_creature(request)
        elif spec.target == "space":
            self._pick_space(request, "click the space to attack", ())
        elif spec.target == "area":
            self._choose_area(request)
        else:
            self.show(request)

    def _choose_area(self, request: ActionRequest) -> None:
        """An Area attack takes the subjects of a pinned Area (the caster's latest first)."""
        board = self._bench.current.board
        if not board.areas:
            why = "pin an Area first: aim it with the Area tool and pin it in the Areas panel"
            self._on_refused(f"{self._name(request.key, request.actor)}: {why}")
            return
        areas = sorted(board.areas.values(), key=lambda a: a.caster != request.actor)
        combo = self.panel.area
        combo.blockSignals(True)
        combo.clear()
        for area in areas:
            combo.addItem(f"{area.kind.value.title()} {area.id}", area.id)
        combo.blockSignals(False)
        self.show(replace(request, targets=area_subjects(board, areas[0].id)))

    def _on_area_chosen(self) -> None:
        request, area_id = self.panel.current_request(), self.panel.area.currentData()
        board = self._bench.current.board
        if request is None or area_id not in board.areas:
            return
        self.panel.request = replace(request, targets=area_subjects(board, area_id))
        self._replan(self.panel.request)

    def _pick_creature(self, request: ActionRequest) -> None:
        board = self._bench.current.board
        refusals = target_refusals(board, request)
        if not any(why is None for why in refusals.values()):
            reasons = {why for why in refusals.values() if why}
            detail = next(iter(reasons)) if len(reasons) == 1 else "no creature can be targeted"
            self._on_refused(f"{self._name(request.key, request.actor)}: {detail}")
            return
        prompt = f"{self._name(request.key, request.actor)}: click the target"
        self._start_pick(
            PickTargetTool(
                self._bench.scene,
                prompt,
                lambda t: self._target_picked(request, t),
                refusals,
                token_id=request.actor,
            ),
            prompt,
        )

    def _target_picked(self, request: ActionRequest, target: str | Hex) -> None:
        request = replace(request, target=str(target))
        where = destinations(self._bench.current.board, request)
        if where is None:
            self.show(request)
        else:
            self._pick_space(request, f"click {where.what}", where.spaces, "destination")

    def _pick_space(
        self, request: ActionRequest, what: str, spaces: Iterable[Hex], field: str = "space"
    ) -> None:
        prompt = f"{self._name(request.key, request.actor)}: {what}"
        tool = PickTargetTool(
            self._bench.scene,
            prompt,
            lambda h: self.show(replace(request, **{field: h})),
            spaces=spaces,
            token_id=request.actor,
        )
        self._start_pick(tool, prompt)

    def _start_pick(self, tool: PickTargetTool, prompt: str) -> None:
        bench = self._bench
        tool.finished.connect(lambda: self._on_pick_finished(tool))
        bench.scene.set_tool(tool)
        bench.view.setFocus()
        bench.status.say(
            f"{prompt} — Tab or arrows choose, Enter picks; right-click or Esc cancels", 15000
        )

    def _on_pick_finished(self, tool: PickTargetTool) -> None:
        scene = self._bench.scene
        if scene.tool is tool:
            scene.set_tool(scene.select_tool)

    def _name(self, key: str, actor: str) -> str:
        spec = spec_of(key)
        return f"{spec.title} ({self._bench.current.board.token(actor).name})"

    # -- the panel -----------------------------------------------------------------------------
    def show(self, request: ActionRequest) -> None:
        """Show the Action dock for ``request`` with its plan (for this turn: Next Turn
        puts it away)."""
        self._turn = _turn_key(self._bench.current.board)
        self.panel.start(request, self._names())
        self.dock.show()
        self.dock.raise_()
        self._bench.docks.give_height(self.dock, 0.7)  # most of its column's height
        self._replan(self.panel.current_request())  # with the inputs' defaults (choices)

    def _replan(self, request: ActionRequest | None = None) -> None:
        request = request or self.panel.current_request()
        board = self._bench.current.board
        if request is None or request.actor not in board.tokens:
            self._show_picked(None)
            self.panel.show_plan(None)
            return
        if request.target is not None and request.target not in board.tokens:
            self._show_picked(None)
            self.panel.show_plan(None)
            self.panel.show_message("The target is no longer on the map")
            return
        self.panel.show_plan(self.controller.plan(request), self._names())
        self._show_range_bands(request)
        self._show_picked(request)

    def _names(self) -> dict[str, str]:
        return {k: t.name for k, t in self._bench.current.board.tokens.items()}

    def close(self) -> None:
        """Put the action away: hide the dock and clear the map."""
        self.clear_overlays()
        self.panel.request = None
        self.panel.show_plan(None)
        self.dock.hide()

    # -- the map -------------------------------------------------------------------------------
    def _show_range_bands(self, request: ActionRequest) -> None:
        self._remove(RangeBandsItem)
        weapon = request.weapon
        if weapon.range is None:
            return
        board, scene = self._bench.current.board, self._bench.scene
        item = RangeBandsItem(
            scene.geometry,
            board.token(request.actor),
            weapon.range,
            INCREMENTS.get(weapon.kind, 15),
            board.contains,
        )
        self._add(item)

    def _show_picked(self, request: ActionRequest | None) -> None:
        """Ring the target picked while the dock is open, unless an outcome marks it."""
        self._remove(PickedTargetItem)
        board, scene = self._bench.current.board, self._bench.scene
        if request is None or request.target not in board.tokens or not self.dock.isVisible():
            return
        marked = {
            token_id
            for item in self.overlays
            if isinstance(item, ActionResultItem)
            for token_id in (*item.hit, *item.missed)
        }
        if request.target in marked:
            return
        target = board.token(request.target)
        self._add(PickedTargetItem(scene.geometry, target, board.tokens.values()))

    def _on_performed(self, outcome: ActionOutcome, before: Board) -> None:
        board = self._bench.current.board  # the board pushed: it holds the outcome's rolls
        self.shown = ShownOutcome(outcome, before, _own_entries(board, outcome.log), board)
        self._sync_outcome()
        self._replan()

    def _sync_outcome(self) -> None:
        """Draw the last outcome's marks and text if the open map holds it, else none."""
        self._remove(ActionResultItem)
        shown, board = self.shown, self._bench.current.board
        if shown is None or not shown.held_by(board):
            if shown is not None and self.panel.shown_outcome is shown.outcome:
                self.panel.clear_outcome()
            return
        outcome, before = shown.outcome, shown.before
        pairs = zip(outcome.plan.targets, outcome.succeeded, strict=False)
        missed = [t for t, ok in pairs if not ok]
        moved_from = {i: before.token(i).position for i in outcome.moved if i in before.tokens}
        item = ActionResultItem(
            self._bench.scene.geometry,
            board.tokens,
            outcome.hit,
            missed,
            moved_from,
            outcome.spaces,
        )
        self._add(item)
        if self.panel.shown_outcome is not outcome:
            self.panel.show_outcome(outcome)

    def _add(self, item: QGraphicsItem) -> None:
        self._bench.scene.addItem(item)
        self.overlays.append(item)

    def _remove(self, kind: type) -> None:
        for item in [i for i in self.overlays if isinstance(i, kind)]:
            self.overlays.remove(item)
            if item.scene() is not None:
                item.scene().removeItem(item)

    def clear_overlays(self) -> None:
        """Take every action overlay off the map, and the last outcome off the dock."""
        if self.shown is not None and self.panel.shown_outcome is self.shown.outcome:
            self.panel.clear_outcome()
        self.shown = None
        for item in self.overlays:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.overlays.clear()

    def _on_refused(self, reason: str) -> None:
        self._bench.status.refuse(reason)
        if self.dock.isVisible():
            self.panel.show_message(reason)

    def _on_document_changed(self, change: Change) -> None:
        if change.grid:
            self.close()
            return
        if self.shown is not None:
            self._sync_outcome()
        pending = self.dock.isVisible() and self.panel.request is not None
        if pending and _turn_key(self._bench.current.board) != self._turn:
            self._put_away_for_the_next_turn()
        elif pending:
            self._replan()

    def _put_away_for_the_next_turn(self) -> None:
        """Another turn began: the action chosen in the last one is not rolled now (its
        outcome, if it was rolled, stays known: undo of the Next Turn shows it again)."""
        shown = self.shown
        self.close()
        self.shown = shown


def _own_entries(board: Board, log: tuple[LoggedRoll, ...]) -> tuple[LoggedRoll, ...]:
    """``board``'s roll-log entries for ``log``: the very objects when the board holds
    them, else the latest equal ones (entries the board does not hold are left out)."""
    rolls = board.rolls
    own = []
    for entry in log:
        same = next((r for r in reversed(rolls) if r is entry), None)
        own.append(same or next((r for r in reversed(rolls) if r == entry), None))
    return tuple(e for e in own if e is not None)
