"""JumpTool: show where the selected token may land with a jump, and jump on a click.

The Jump settings (long or high, the result typed or rolled, the run-up spaces) live in
:class:`JumpSettings`, edited by the Movement dock; the tool asks
:func:`rules.jump_reach` and :func:`rules.landing_spaces` and draws the answer
(:class:`~app.scene.jump_items.LandingSpacesItem`). Hovering a space says in the status bar
what landing there costs, or why it cannot be a landing space; a left click on a landing
space jumps there as one undo step (:meth:`MovementController.jump`); +/− change the result;
right-click or Escape cancels. The preview follows the map (undo, other edits).

W (or the dock's check box) chooses to wait in the air: [S001] "If you Jump to a space of
increased elevation, you may choose not to fall until the start of your next turn, though
then may not move again until you land." It is allowed where the landing space last pointed
at (the *declared* one) ``may_wait`` and :func:`rules.movement.jumping.apply_jump` would wait there;
otherwise W, the hover text and the check box's tooltip say why not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent

from app.controllers.movement import MovementController, where
from app.scene.jump_items import LandingSpacesItem
from app.scene.tool import Gesture, OverlayTool, Tool
from rules import Hex, JumpReach, RuleOptions, jump_reach, landing_spaces
from rules.movement import JUMP_NOTES, JumpLandings, Landing, apply_jump, formula_pool

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene

RESULT_KEYS = {Qt.Key.Key_Plus: 1, Qt.Key.Key_Equal: 1, Qt.Key.Key_Minus: -1}
WAIT_KEY = Qt.Key.Key_W
WAIT_RULE = JUMP_NOTES[2]  # [S001] "If you Jump to a space of increased elevation, …"


@dataclass
class JumpSettings:
    """What the GM chose for the jump: kind, the Jump result, run-up spaces, the dice
    rolled for it (``roll_text`` describes the last roll, "" for a typed result), and
    whether it waits in the air at its landing space (``wait``; chosen afresh each jump)."""

    kind: str = "long"
    result: int = 0
    run_up: int = 0
    dice: int = 1
    bonus: int = 0
    roll_text: str = ""
    wait: bool = False


class JumpTool(QObject, OverlayTool, Tool):
    """Landing spaces of ``token_id``'s jump; click one to jump there."""

    name = "jump"
    changed = Signal()  # new reach, landings or problem
    finished = Signal()  # jumped or cancelled: the tool is done

    def __init__(
        self, scene: MapScene, controller: MovementController, token_id: str, settings: JumpSettings
    ):
        super().__init__()
        self._scene = scene
        self._controller = controller
        self.token_id = token_id
        self.settings = settings
        settings.wait = False  # a choice for one jump
        token = scene.board.tokens.get(token_id)
        if token is not None:  # the run-up: what it moved in a row this turn (editable)
            settings.run_up = token.motion.this_turn(token.moved_this_turn)[0]
        self.reach: JumpReach | None = None
        self.landings: JumpLandings | None = None
        self.problem = ""
        self.declared: Hex | None = None  # the landing space last pointed at
        self._no_wait: dict[Hex, str] = {}  # each landing: why it may not wait ("" it may)
        self.active = True
        self._said = ""
        self.item = LandingSpacesItem(scene.geometry)
        scene.addItem(self.item)
        self._follow()
        self.refresh()

    # -- the rules' answer -----------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the rules again (settings changed, or the map did)."""
        token = self._live_token()
        if token is None:
            return
        board = self._scene.board
        s = self.settings
        pool = formula_pool(token, RuleOptions.of(board.options)).amount
        self.reach, self.landings, self.problem = None, None, ""
        try:
            self.reach = jump_reach(
                s.result,
                s.kind,
                run_up=s.run_up,
                movement_pool=pool,
                size=token.size,
                pace=token.motion.pace,
            )
            self.landings = landing_spaces(board, self.token_id, self.reach)
        except ValueError as error:
            self.problem = f"{token.name}: {error}"
        self._ask_about_waiting()
        self.item.show_landings(self.landings, self._scene.geometry)
        self.changed.emit()

    def _ask_about_waiting(self) -> None:
        """Why each landing may not wait in the air (the rules' refusal; "" it may). With
        nowhere to wait, the choice to wait is dropped."""
        reach, found = self.reach, self.landings.landings if self.landings else ()
        self._no_wait = {x.anchor: self._wait_refusal(x, reach) for x in found if reach}
        if "" not in self._no_wait.values():
            self.settings.wait = False

    def _wait_refusal(self, landing: Landing, reach: JumpReach) -> str:
        if not landing.may_wait:
            return _why_no_wait(reach)
        board = self._scene.board
        return apply_jump(board, self.token_id, landing.anchor, reach, wait=True).refusal or ""

    def wait_refusal(self, anchor: Hex | None = None) -> str:
        """Why it may not wait in the air at ``anchor`` (default: the declared landing space;
        none declared: at any landing space); "" when it may."""
        if self.reach is None or self.landings is None:
            return self.problem or "type or roll the Jump result first"
        anchor = self.declared if anchor is None else anchor
        if anchor in self._no_wait:
            return self._no_wait[anchor]
        reasons = list(self._no_wait.values())
        if "" in reasons:
            return ""
        return reasons[0] if reasons else "this jump has no landing space"

    def set_wait(self, on: bool) -> bool:
        """Choose to wait in the air at the landing space (or not); refused, with the reason
        in the status bar, where it may not."""
        problem = self.wait_refusal() if on else ""
        if problem:
            name = self._scene.board.token(self.token_id).name
            self._controller.refused.emit(f"Can't wait in the air ({name}): {problem}")
        else:
            self.settings.wait = on
            self._scene.hint.emit(self._wait_hint())
        self.changed.emit()
        return not problem

    def _wait_hint(self) -> str:
        if self.declared is not None and self.describe_space(self.declared):
            return self.describe_space(self.declared)
        if self.settings.wait:
            return "Waits in the air at the landing space until its next turn: click it (W: land)"
        return "Lands at the landing space (W: wait in the air until the next turn)"

    def describe_space(self, h: Hex) -> str:
        """What landing at ``h`` would mean, for the status bar ("" off the jump)."""
        if self.landings is None:
            return self.problem
        landing = self.landings.landing_at(h)
        if landing is not None:
            stays = "" if landing.affordable else " — stays in the air (Movement left too low)"
            first = f"Land at {where(h)}: {landing.cost} Movement{stays}. "
            return first + self.wait_text(landing) + " ".join(landing.reasons[1:])
        reason = dict(self.landings.refused).get(h)
        return f"Can't land at {where(h)}: {reason}" if reason else ""

    def wait_text(self, landing: Landing) -> str:
        """The hover text's part about waiting in the air there ("" when it never may)."""
        if not landing.may_wait:
            return ""
        why = self._no_wait.get(landing.anchor, "")
        if why:
            return f"Can't wait in the air here: {why}. "
        up = f"{landing.wait_height} above the ground there"
        if self.settings.wait:
            return f"Waits in the air, {up}, until its next turn (W: land instead). "
        return f"May wait in the air, {up}, until its next turn (W). "

    # -- gestures ----------------------------------------------------------------------------
    def click(self, gesture: Gesture) -> None:
        if self.reach is None:
            self._controller.refused.emit(self.problem or "Type or roll the Jump result first")
        elif not self._scene.board.contains(gesture.hex):
            self._scene.hint.emit("Click a landing space (outlined) on the map")
        elif self._controller.jump(self.token_id, gesture.hex, self.reach, wait=self.settings.wait):
            self.cancel()

    def move(self, gesture: Gesture) -> None:
        self.declare(gesture.hex)
        text = self.describe_space(gesture.hex)
        if text and text != self._said:
            self._scene.hint.emit(text)
        self._said = text

    def declare(self, h: Hex) -> None:
        """Point at ``h``: a landing space becomes the declared one (others leave it)."""
        if h in self._no_wait and h != self.declared:
            self.declared = h
            self.changed.emit()

    def key(self, event: QKeyEvent) -> bool:
        """+/− change the Jump result by 1; W waits in the air (again: lands)."""
        if Qt.Key(event.key()) == WAIT_KEY:
            self.set_wait(not self.settings.wait)
            return True
        step = RESULT_KEYS.get(Qt.Key(event.key()))
        if step is None:
            return False
        self.settings.result += step
        self.settings.roll_text = ""
        self.refresh()
        return True


def _why_no_wait(reach: JumpReach) -> str:
    """Why no landing of ``reach`` may wait in the air ([S001]: only a Jump up)."""
    if reach.kind == "long":
        what = "a long jump does not rise"
    else:
        what = f"this high jump gains no elevation ({reach.inches} in, under 60 in)"
    return f"{what}; only a Jump to a space of increased elevation may choose not to fall [S001]"
