"""PickTargetTool: ask for what an action needs on the map — a target creature or a space
(issue #7: "Choosing one asks for what it needs on the map").

Creatures the action may target are ringed with a dashed orange ring and a "▶ target"
tag; the others get a dotted grey ring, and clicking one says why not (the rules'
reason). Spaces: the ones offered are hatched; any space of the map when none are listed.
A left click picks, right-click or Escape cancels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.scene.action_items import ActionResultItem, TargetChoiceItem
from app.scene.tool import Gesture, OverlayTool, Tool
from rules import Hex

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
        self._follow()

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
