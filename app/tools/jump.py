"""JumpTool: show where the selected token may land with a jump, and jump on a click.

The Jump settings (long or high, the result typed or rolled, the run-up spaces) live in
:class:`JumpSettings`, edited by the Movement dock; the tool asks
:func:`rules.jump_reach` and :func:`rules.landing_spaces` and draws the answer
(:class:`~app.scene.jump_items.LandingSpacesItem`). Hovering a space says in the status bar
what landing there costs, or why it cannot be a landing space; a left click on a landing
space jumps there as one undo step (:meth:`MovementActions.jump`); +/− change the result;
right-click or Escape cancels. The preview follows the map (undo, other edits).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent

from app.movement_actions import MovementActions, where
from app.scene.jump_items import LandingSpacesItem
from app.tools.base import Gesture, OverlayTool, Tool
from rules import Hex, JumpReach, RuleOptions, jump_reach, landing_spaces
from rules.collision import formula_pool
from rules.jumping import JumpLandings

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene

RESULT_KEYS = {Qt.Key.Key_Plus: 1, Qt.Key.Key_Equal: 1, Qt.Key.Key_Minus: -1}


@dataclass
class JumpSettings:
    """What the GM chose for the jump: kind, the Jump result, run-up spaces, and the dice
    rolled for it (``roll_text`` describes the last roll, "" for a typed result)."""

    kind: str = "long"
    result: int = 0
    run_up: int = 0
    dice: int = 1
    bonus: int = 0
    roll_text: str = ""


class JumpTool(QObject, OverlayTool, Tool):
    """Landing spaces of ``token_id``'s jump; click one to jump there."""

    name = "jump"
    changed = Signal()  # new reach, landings or problem
    finished = Signal()  # jumped or cancelled: the tool is done

    def __init__(
        self, scene: MapScene, actions: MovementActions, token_id: str, settings: JumpSettings
    ):
        super().__init__()
        self._scene = scene
        self._actions = actions
        self.token_id = token_id
        self.settings = settings
        self.reach: JumpReach | None = None
        self.landings: JumpLandings | None = None
        self.problem = ""
        self.active = True
        self._said = ""
        self.item = LandingSpacesItem(scene.geometry)
        scene.addItem(self.item)
        self._watch(scene.document)
        self.refresh()

    # -- the rules' answer -----------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the rules again (settings changed, or the map did)."""
        token = self._live_token()
        if token is None:
            return
        board = self._scene.document.board
        s = self.settings
        pool, _why = formula_pool(token, RuleOptions.of(board.options))
        self.reach, self.landings, self.problem = None, None, ""
        try:
            self.reach = jump_reach(
                s.result, s.kind, run_up=s.run_up, movement_pool=pool, size=token.size,
                pace=token.motion.pace,
            )  # fmt: skip
            self.landings = landing_spaces(board, self.token_id, self.reach)
        except ValueError as error:
            self.problem = f"{token.name}: {error}"
        self.item.show_landings(self.landings, self._scene.geometry)
        self.changed.emit()

    def describe_space(self, h: Hex) -> str:
        """What landing at ``h`` would mean, for the status bar ("" off the jump)."""
        if self.landings is None:
            return self.problem
        landing = self.landings.landing_at(h)
        if landing is not None:
            stays = "" if landing.affordable else " — stays in the air (Movement left too low)"
            return f"Land at {where(h)}: {landing.cost} Movement{stays}. " + " ".join(
                landing.reasons[1:]
            )
        reason = dict(self.landings.refused).get(h)
        return f"Can't land at {where(h)}: {reason}" if reason else ""

    # -- gestures ----------------------------------------------------------------------------
    def click(self, gesture: Gesture) -> None:
        if self.reach is None:
            self._actions.refused.emit(self.problem or "Type or roll the Jump result first")
        elif not self._scene.document.board.contains(gesture.hex):
            self._scene.hint.emit("Click a landing space (outlined) on the map")
        elif self._actions.jump(self.token_id, gesture.hex, self.reach):
            self.cancel()

    def move(self, gesture: Gesture) -> None:
        text = self.describe_space(gesture.hex)
        if text and text != self._said:
            self._scene.hint.emit(text)
        self._said = text

    def key(self, event: QKeyEvent) -> bool:
        """+/− change the Jump result by 1."""
        step = RESULT_KEYS.get(Qt.Key(event.key()))
        if step is None:
            return False
        self.settings.result += step
        self.settings.roll_text = ""
        self.refresh()
        return True
