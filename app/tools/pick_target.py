"""PickTargetTool: ask for what an action needs on the map — a target creature or a space
(issue #7: "Choosing one asks for what it needs on the map").

Creatures the action may target are ringed with a dashed orange ring and a small "◎"
badge on their edge (:mod:`app.scene.token_marks`); the others get a dotted grey ring,
and clicking one says why not (the rules' reason). Spaces: the ones offered are hatched;
any space of the map when none are listed. A left click picks, right-click or Escape
cancels.

By keyboard (issue #16): a cursor — a white dash-dot circle with four ticks pointing in
(:class:`~app.scene.keyboard_items.KeyboardCursorItem`) — starts on the nearest creature
that may be chosen (or the nearest offered space, else the actor's); Tab / Shift+Tab
(:meth:`PickTargetTool.cycle`) and the arrows go through the choosable creatures (→ ↓
next, ← ↑ back) or, for a space, Tab goes through the offered spaces and the arrows and
keypad move the cursor a space in six directions; Enter picks what it is on (Space is
the view's: held, it pans).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent

from app.scene.action_items import ActionResultItem, TargetChoiceItem
from app.scene.keyboard_items import KeyboardCursorItem
from app.scene.tool import Gesture, OverlayTool, Tool
from app.tools.step_keys import CYCLE_STEPS, cycled, is_enter, keep_in_view, key_direction
from rules import DIRECTIONS, Hex
from rules.hexes import distance

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene


class PickTargetTool(QObject, OverlayTool, Tool):
    """Pick one creature (``refusals``: token id → why not, or None) or one space
    (``spaces``, or any space on the map when ``spaces`` is empty and no refusals)."""

    name = "pick_target"
    finished = Signal()  # picked or cancelled

    def __init__(
        self,
        scene: MapScene,
        prompt: str,
        picked: Callable[[str | Hex], None],
        refusals: Mapping[str, str | None] | None = None,
        spaces: Iterable[Hex] = (),
        token_id: str = "",
    ):
        super().__init__()
        self._scene = scene
        self._picked = picked
        self.prompt = prompt
        self.refusals = dict(refusals or {})
        self.spaces = frozenset(spaces)
        self.token_id = token_id  # the actor: cancel if it leaves the map
        self.active = True
        self.item = self._overlay()
        scene.addItem(self.item)
        self.cursor = KeyboardCursorItem(scene.geometry)
        self.cursor.setParentItem(self.item)  # goes with the overlay
        self.choice: str | Hex | None = None  # what the keyboard cursor is on
        self._follow()
        self._point_at(self._first_choice())

    @property
    def wants_token(self) -> bool:
        return bool(self.refusals)

    def _overlay(self) -> TargetChoiceItem | ActionResultItem:
        board, geometry = self._scene.board, self._scene.geometry
        if self.wants_token:
            allowed = [board.token(i) for i, why in self.refusals.items() if why is None]
            refused = [board.token(i) for i, why in self.refusals.items() if why is not None]
            return TargetChoiceItem(geometry, allowed, refused)
        return ActionResultItem(geometry, board.tokens, (), (), {}, self.spaces)

    def refresh(self) -> None:
        """Cancel when the actor or a listed creature has gone from the map."""
        if self._live_token() is None and self.token_id:
            return
        board = self._scene.board
        if any(i not in board.tokens for i in self.refusals):
            self._scene.hint.emit("The map changed: choose the action again")
            self.cancel()
        elif self.choice is not None:
            self._point_at(self.choice)

    # -- the keyboard ----------------------------------------------------------------------
    def choosable(self) -> list[str | Hex]:
        """What Tab goes through: the creatures that may be chosen, or the offered spaces,
        nearest to the actor first (ties in reading order)."""
        board = self._scene.board
        if self.wants_token:
            ids = [i for i, why in self.refusals.items() if why is None]
            return sorted(ids, key=lambda i: self._rank(board.token(i).position))
        return sorted(self.spaces, key=self._rank)

    def cycle(self, step: int) -> str | Hex | None:
        """Move the cursor ``step`` places through :meth:`choosable` (Tab: 1, Shift+Tab: −1)."""
        if not self.active:
            return None
        chosen = cycled(self.choosable(), self.choice, step)
        if chosen is not None:
            self._point_at(chosen)
        return chosen

    def key(self, event: QKeyEvent) -> bool:
        """Enter picks the cursor's choice; arrows (and, for a space, the keypad) move the
        cursor."""
        if not self.active:
            return False
        if is_enter(event):
            self.pick_choice()
            return True
        if not self.wants_token:
            direction = key_direction(self._scene.geometry, event)
            if direction is None:
                return False
            here = self.choice if isinstance(self.choice, Hex) else self._actor_position()
            self._point_at(here + DIRECTIONS[direction])
            return True
        step = CYCLE_STEPS.get(Qt.Key(event.key()))
        if step is None:
            return False
        self.cycle(step)
        return True

    def pick_choice(self) -> None:
        """Pick what the cursor is on, as a click on it would (or say why not)."""
        choice = self.choice
        if choice is None:
            self._scene.hint.emit(f"{self.prompt} — nothing to choose: Esc cancels")
        elif isinstance(choice, Hex):
            self._pick_space(choice)
        elif self.refusals.get(choice, "") is None:
            self._finish(choice)
        else:
            self._scene.hint.emit(f"{self.prompt} — Tab to a ringed creature, then Enter")

    def _first_choice(self) -> str | Hex | None:
        options = self.choosable()
        if options:
            return options[0]
        return None if self.wants_token else self._actor_position()

    def _actor_position(self) -> Hex:
        board = self._scene.board
        actor = board.tokens.get(self.token_id)
        if actor is not None:
            return actor.position
        return board.hex_at(board.width // 2, board.height // 2)

    def _rank(self, h: Hex) -> tuple[int, float, float]:
        centre = self._scene.geometry.center(h)
        return distance(self._actor_position(), h), round(centre.y(), 3), round(centre.x(), 3)

    def _point_at(self, choice: str | Hex | None) -> None:
        board = self._scene.board
        if isinstance(choice, str) and choice not in board.tokens:
            choice = None
        self.choice = choice
        if choice is None:
            self.cursor.point_at(())
            return
        hexes = board.token(choice).footprint if isinstance(choice, str) else {choice}
        self.cursor.point_at(hexes)
        keep_in_view(self._scene, self.cursor.sceneBoundingRect())
        self._scene.hint.emit(f"{self.prompt} — {self._describe(choice)}")

    def _describe(self, choice: str | Hex) -> str:
        if isinstance(choice, Hex):
            board = self._scene.board
            offered = board.contains(choice) and (not self.spaces or choice in self.spaces)
            where = f"space ({choice.q}, {choice.r})"
            what = "Enter picks it" if offered else "not one of the hatched spaces"
            return f"{where}: {what}; arrows move, Esc cancels"
        name = self._scene.board.token(choice).name
        return f"▶ {name}: Enter picks, Tab next, Esc cancels"

    def click(self, gesture: Gesture) -> None:
        if self.wants_token:
            self._pick_token(gesture)
        else:
            self._pick_space(gesture.hex)

    def _pick_token(self, gesture: Gesture) -> None:
        item = self._scene.token_item_at(gesture.point)
        token_id = item.token_id if item is not None else None
        if token_id is None or token_id not in self.refusals:
            self._scene.hint.emit(f"{self.prompt} — click one of the ringed creatures")
            return
        why = self.refusals[token_id]
        if why is not None:
            name = self._scene.board.token(token_id).name
            self._scene.hint.emit(f"Not {name}: {why}")
            return
        self._finish(token_id)

    def _pick_space(self, h: Hex) -> None:
        board = self._scene.board
        if not board.contains(h) or (self.spaces and h not in self.spaces):
            self._scene.hint.emit(f"{self.prompt} — click one of the hatched spaces")
            return
        self._finish(h)

    def _finish(self, choice: str | Hex) -> None:
        self.cancel()
        self._picked(choice)
