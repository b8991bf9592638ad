"""Select and move tokens: click selects, drag previews live, release commits one move.

The dragged tokens follow the mouse snapped to hexes (keeping the hex you grabbed by
under the cursor); the model does not change until the button is released, when the
controller checks the move and pushes one undo command for all of them — or says why
not and they go back. Dragging on empty ground draws a rubber band that selects.

A single creature shows its movement live (:mod:`app.tools.movement_preview`): the spaces
it can still reach this turn, the cheapest path to the hovered space, its cost and
breakdown. During a conflict the release pays that Movement (seed 001); Alt+release
places it freely (the Soulweaver's override). Arrow keys and the keypad move the selected
token one space with the same rules (:mod:`app.tools.step_keys`).

By keyboard (issue #16): :meth:`SelectMoveTool.cycle` (Tab, Shift+Tab) selects the next or
previous creature — in Priority order while a conflict runs, starting from the one whose
turn it is, then the creatures not in it; otherwise in reading order — and
:meth:`SelectMoveTool.select_actor` (``.``) the creature whose turn it is; the view
follows the selection and each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from app.scene.map_scene import MapScene, Source
from app.scene.tool import Gesture, Tool
from app.tools.movement_preview import MovementPreview, summary
from app.tools.step_keys import cycled, keep_in_view, key_direction, reading_order
from rules import Hex, TokenKind
from rules import turns as tracker

if TYPE_CHECKING:
    from app.controllers.map import MapController


def editing_scene(source: Source, controller: MapController | None) -> MapScene:
    """The GM's scene of ``source``: a :class:`MapScene` whose select tool is Select and
    Move, editing through ``controller``."""
    if controller is None:
        raise ValueError("the GM's map scene needs a controller to edit with")
    scene = MapScene(source)
    scene.install_select_tool(SelectMoveTool(scene, controller))
    return scene


class SelectMoveTool(Tool):
    """The default tool: click or Ctrl+click to select, drag on empty ground for a
    rubber band, drag a selected token to move every selected token together."""

    name = "select"

    def __init__(self, scene: MapScene, controller: MapController):
        self._scene = scene
        self._controller = controller
        self._group: list[str] = []  # ids being dragged; the first is the grabbed one
        self._grab = Hex(0, 0)  # pressed hex minus the grabbed token's anchor
        self._delta: Hex | None = None  # how far the group is shown moved
        self._band: QGraphicsRectItem | None = None
        self._band_origin = QPointF()
        self._band_base: list[str] = []
        self._preview = MovementPreview(scene)
        self._previews = False  # the drag in progress shows the movement preview

    @property
    def preview(self) -> MovementPreview:
        """The live movement preview of a drag (the Movement dock follows it)."""
        return self._preview

    @property
    def dragging(self) -> str | None:
        """Id of the token grabbed by a drag in progress, if any."""
        return self._group[0] if self._group else None

    # -- press ---------------------------------------------------------------------------
    def press(self, gesture: Gesture) -> bool:
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        item = self._scene.token_item_at(gesture.point)
        additive = bool(gesture.modifiers & Qt.KeyboardModifier.ControlModifier)
        if item is None:
            self._start_band(gesture.point, additive)
            return True
        self._scene.select_token(item.token_id, additive)
        selection = self._scene.selection
        if item.token_id not in selection:
            return True  # Ctrl+click took it out of the selection: nothing to drag
        self._group = [item.token_id, *(i for i in selection if i != item.token_id)]
        self._grab = gesture.hex - item.token.position
        self._delta = Hex(0, 0)
        # The movement field is computed once the drag leaves the hex, not on a click.
        self._previews = len(self._group) == 1 and item.token.kind is TokenKind.CREATURE
        return True

    def _start_band(self, point: QPointF, additive: bool) -> None:
        self._band_base = self._scene.selection if additive else []
        if not additive:
            self._scene.set_selection([])
        self._band_origin = point
        self._band = QGraphicsRectItem(QRectF(point, point))
        self._band.setPen(QPen(QColor("#ffffff"), 0, Qt.PenStyle.DashLine))
        self._band.setBrush(QColor(0, 114, 178, 50))
        self._band.setZValue(100)
        self._scene.addItem(self._band)

    # -- move ----------------------------------------------------------------------------
    def move(self, gesture: Gesture) -> None:
        if self._band is not None:
            self._update_band(gesture.point)
        elif self._group:
            self._drag_to(gesture.hex)

    def _update_band(self, point: QPointF) -> None:
        assert self._band is not None
        rect = QRectF(self._band_origin, point).normalized()
        self._band.setRect(rect)
        inside = [
            token_id
            for token_id, item in self._scene.token_items().items()
            if rect.contains(item.pos()) and token_id not in self._band_base
        ]
        self._scene.set_selection([*self._band_base, *inside])

    def _drag_to(self, h: Hex) -> None:
        board = self._scene.board
        lead = board.token(self._group[0])
        delta = h - self._grab - lead.position
        if delta == self._delta:
            return
        self._delta = delta
        for token_id in self._group:
            item = self._scene.token_item(token_id)
            if item is not None:
                item.show_at(board.token(token_id).position + delta)
        target = lead.position + delta
        if self._previews and not self._preview.active:
            self._preview.start(lead.id)
        if self._preview.active:
            enforced = self._controller.movement_enforced(lead.id)
            plan = self._preview.show(target, enforced)
            self._scene.hint.emit(summary(plan, lead.name, enforced))
            return
        problem = self._controller.group_move_refusal(self._group, delta)
        label = lead.name if len(self._group) == 1 else f"{len(self._group)} tokens"
        self._scene.hint.emit(problem or f"{label} → ({target.q}, {target.r})")

    # -- release -------------------------------------------------------------------------
    def release(self, gesture: Gesture) -> None:
        if gesture.button != Qt.MouseButton.LeftButton:
            return
        if self._band is not None:
            self._scene.removeItem(self._band)
            self._band = None
            count = len(self._scene.selection)
            self._scene.hint.emit(f"{count} token{'s' if count != 1 else ''} selected")
            return
        group, delta = self._group, self._delta
        self._group, self._delta = [], None
        previewed, plan = self._previews, self._preview.plan
        self._previews = False
        self._preview.clear()
        if not group or delta is None or delta == Hex(0, 0):
            return
        if previewed:
            free = bool(gesture.modifiers & Qt.KeyboardModifier.AltModifier)
            target = self._scene.board.token(group[0]).position + delta
            if plan is not None and plan.path[-1] != target:
                plan = None
            moved = self._controller.request_path_move(group[0], target, free=free, plan=plan)
        else:
            moved = self._controller.request_group_move(group, delta)
        if not moved:
            for token_id in group:
                self._scene.resync_token(token_id)

    def cancel(self) -> None:
        if self._band is not None:
            self._scene.removeItem(self._band)
            self._band = None
            self._scene.set_selection(self._band_base)
        self._preview.clear()
        self._previews = False
        if self._group:
            group, self._group, self._delta = self._group, [], None
            for token_id in group:
                self._scene.resync_token(token_id)
            self._scene.hint.emit("Move cancelled")

    # -- keys ----------------------------------------------------------------------------
    def key(self, event: QKeyEvent) -> bool:
        """Arrow keys / keypad: move the one selected token a space (same rules as a drag)."""
        selection = self._scene.selection
        if len(selection) != 1 or self._group:
            return False
        direction = key_direction(self._scene.geometry, event)
        if direction is None:
            return False
        if self._controller.request_step(selection[0], direction):
            self._show_token(selection[0])
        return True

    def cycle(self, step: int) -> str | None:
        """Select the creature ``step`` places on from the one selected (Tab: 1, Shift+Tab:
        −1) and bring it into view; its id, or None when the map has no creature."""
        if self._group or self._band is not None:
            return None
        order = self.creature_order()
        selection = self._scene.selection
        current = selection[0] if len(selection) == 1 else None
        chosen = cycled(order, current, step)
        if chosen is None:
            self._scene.hint.emit("There is no creature on this map to select")
            return None
        self._select(chosen, f"{order.index(chosen) + 1} of {len(order)}")
        return chosen

    def select_actor(self) -> str | None:
        """Select the creature whose turn it is and bring it into view; its id, or None
        (with the reason in the status bar) when no creature is acting."""
        turn = self._scene.board.turn
        actor = tracker.actor(turn) if turn.started else None
        if actor is None or actor not in self._scene.board.tokens:
            why = "no conflict is under way" if not turn.started else "it is the Soulweaver's turn"
            self._scene.hint.emit(f"No creature is acting: {why}")
            return None
        self._select(actor, "acting now")
        return actor

    def creature_order(self) -> list[str]:
        """The creatures Tab goes through: while a conflict runs, those in it in Priority
        order from the one acting now, then the rest; otherwise all in reading order."""
        board = self._scene.board
        creatures = {t.id: t for t in board.tokens.values() if t.kind is TokenKind.CREATURE}
        by_place: dict[Hex, list[str]] = {}
        for token in creatures.values():
            by_place.setdefault(token.position, []).append(token.id)
        places = reading_order(self._scene.geometry, list(by_place))
        reading = [i for h in places for i in sorted(by_place[h])]
        turn = board.turn
        if not turn.started:
            return reading
        ids = [i for i in turn.ids() if i in creatures]
        start = min(turn.current, len(turn.order))
        acting_first = [i for i in turn.ids()[start:] + turn.ids()[:start] if i in ids]
        return acting_first + [i for i in reading if i not in ids]

    def _select(self, token_id: str, where: str) -> None:
        self._scene.set_selection([token_id])
        self._show_token(token_id)
        token = self._scene.board.token(token_id)
        self._scene.hint.emit(
            f"{token.name} selected ({where}) — arrows step, Tab next, Alt+A its actions"
        )

    def _show_token(self, token_id: str) -> None:
        item = self._scene.token_item(token_id)
        if item is not None:
            keep_in_view(self._scene, item.sceneBoundingRect())
