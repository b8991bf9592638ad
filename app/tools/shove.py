"""ShoveTool: preview a push of the selected token, and apply it as one undo step.

The direction follows the mouse angle around the token (the six edge facings) or ←/→;
the spaces change with the wheel or +/− (Ctrl+wheel still zooms). The overlay
(:class:`~app.scene.shove_items.ShovePreviewItem`) shows :func:`rules.forced_move`'s
answer: the path, each blind attack and its weapon size, where the push stops if every
attack misses and where at the first hit, and the Collision damage. H toggles "the first
attack hits"; a left click or Enter applies (:meth:`MovementController.shove`); right-click or
Escape cancels.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent

from app.controllers.movement import MovementController, damage_text, where
from app.scene.measure_items import keep_in_view
from app.scene.shove_items import ShovePreviewItem, outcome_caption
from app.scene.tool import Gesture, OverlayTool, Tool
from rules import ForcedMove, Hex, facing_step, forced_move
from rules.movement import ForcedOutcome

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene

MAX_SPACES = 99
ARROWS = "→↗↑↖←↙↓↘"
TURN_KEYS = {Qt.Key.Key_Left: 2, Qt.Key.Key_BracketLeft: 2}
TURN_KEYS |= {Qt.Key.Key_Right: -2, Qt.Key.Key_BracketRight: -2}
SPACE_KEYS = {Qt.Key.Key_Plus: 1, Qt.Key.Key_Equal: 1, Qt.Key.Key_Minus: -1}
APPLY_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
NEAR_CENTRE = 0.3  # hex spacings: the mouse this close to the token keeps the facing


class ShoveTool(QObject, OverlayTool, Tool):
    """Push ``token_id``: aim with the mouse, set the spaces, click or Enter to apply."""

    name = "shove"
    changed = Signal()  # a new preview (facing, spaces, the map)
    finished = Signal()  # applied or cancelled: the tool is done

    def __init__(
        self, scene: MapScene, controller: MovementController, token_id: str, spaces: int = 1
    ):
        super().__init__()
        self._scene = scene
        self._controller = controller
        self.token_id = token_id
        self.facing = 0
        self.spaces = max(1, min(MAX_SPACES, spaces))
        self.first_hits = False
        self.breaks_free = True  # a creature in a Hold: the push beats every contest
        self.push: ForcedMove | None = None
        self.if_all_miss: ForcedOutcome | None = None
        self.if_first_hits: ForcedOutcome | None = None
        self.problem = ""
        self.active = True
        self.item = ShovePreviewItem(scene.geometry)
        scene.addItem(self.item)
        self._follow()
        self.refresh()

    # -- settings ------------------------------------------------------------------------
    def set_facing(self, facing: int) -> None:
        """Push along edge facing ``facing`` (0, 2, … 10; an odd one turns down to even)."""
        facing = (facing - facing % 2) % 12
        if facing != self.facing:
            self.facing = facing
            self.refresh()

    def set_spaces(self, spaces: int) -> None:
        """Push up to ``spaces`` (1..99)."""
        spaces = max(1, min(MAX_SPACES, spaces))
        if spaces != self.spaces:
            self.spaces = spaces
            self.refresh()

    def set_breaks_free(self, free: bool) -> None:
        """For a creature in a Hold: apply as if the push beats every other member's
        Athletics ([S002]: "On failure against any, you are not moved")."""
        self.breaks_free = free
        self.refresh()

    def hold_results(self) -> list[bool] | None:
        """The Hold contests' results the preview applies (``None``: not in a Hold)."""
        if self.push is None or not self.push.hold.contests:
            return None
        return [self.breaks_free] * len(self.push.hold.contests)

    def set_first_hits(self, hits: bool) -> None:
        """Apply as if the first blind attack hits (else every attack misses)."""
        self.first_hits = hits
        self.changed.emit()

    def arrow(self) -> str:
        """An arrow pointing the way the push goes on screen, e.g. ``"→"``."""
        geometry = self._scene.geometry
        origin = geometry.center(Hex(0, 0))
        axis = geometry.center(facing_step(self.facing)) - origin
        angle = math.degrees(math.atan2(-axis.y(), axis.x())) % 360
        return ARROWS[round(angle / 45) % 8]

    # -- the rules' answer -----------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the rules again (facing, spaces or the map changed)."""
        token = self._live_token()
        if token is None:
            return
        board = self._scene.board
        self.push = self.if_all_miss = self.if_first_hits = None
        self.problem = ""
        try:
            self.push = forced_move(board, self.token_id, self.facing, self.spaces)
            held = self.hold_results()
            self.if_all_miss = self.push.resolve([False] * len(self.push.attacks), held)
            self.if_first_hits = self.push.resolve([True], held) if self.push.attacks else None
        except ValueError as error:
            self.problem = f"{token.name}: {error}"
        self.item.show_push(
            token, self.push, self.if_all_miss, self.if_first_hits, self._scene.geometry
        )
        self._keep_captions_in_view()
        self.changed.emit()

    def _keep_captions_in_view(self) -> None:
        keep_in_view(self._scene, self.item.captions)

    def summary(self) -> str:
        """The preview in words, for the status bar and the dock."""
        if self.push is None or self.if_all_miss is None:
            return self.problem
        name = self._scene.board.token(self.token_id).name
        parts = [f"Shove {name} {self.spaces} toward {self.arrow()} (facing {self.facing})"]
        if self.push.hold.contests:
            which = "it breaks free" if self.breaks_free else "it is held back"
            held = "; ".join(r.split(" — ")[0] for r in self.push.hold.reasons)  # seed: tooltip
            parts.append(f"in a Hold ({which}, E): {held}")
        for step in self.push.attacks:
            size = step.attack.weapon_size if step.attack else 0
            parts.append(f"step {step.index}: blind attack at {where(step.anchor)}, size {size}")
        parts.append(
            outcome_caption("if every attack misses", self.if_all_miss).replace(" ·", ":", 1)
        )
        if self.if_first_hits is not None:
            hit = outcome_caption("if the 1st attack hits", self.if_first_hits)
            parts.append(hit.replace(" ·", ":", 1))
        return " · ".join(parts)

    def chosen_outcome(self) -> ForcedOutcome | None:
        """Where the push ends as it will be applied (first hit or all miss)."""
        return self.if_first_hits if self.first_hits and self.if_first_hits else self.if_all_miss

    def apply(self) -> bool:
        """Push as previewed, "first attack hits" or every attack missing: one undo step."""
        if self.push is None:
            self._controller.refused.emit(self.problem or "Nothing to shove")
            return False
        count = len(self.push.attacks)
        hits = [self.first_hits, *[False] * (count - 1)] if count else []
        done = self._controller.shove(
            self.token_id, self.facing, self.spaces, hits, self.hold_results()
        )
        if done:
            self.cancel()
        return done

    def outcome_text(self) -> str:
        """What applying does now, for the dock: which outcome, where, the damage."""
        outcome = self.chosen_outcome()
        if outcome is None:
            return ""
        which = "the 1st attack hits" if self.first_hits and self.if_first_hits else "all miss"
        return (
            f"Enter applies ({which}): to {where(outcome.anchor)}, {damage_text(outcome.collision)}"
        )

    # -- gestures ----------------------------------------------------------------------------
    def click(self, gesture: Gesture) -> None:
        self.move(gesture)
        self.apply()

    def move(self, gesture: Gesture) -> None:
        facing = self._facing_toward(gesture.point)
        if facing is not None and facing != self.facing:
            self.set_facing(facing)
            self._scene.hint.emit(self.summary())
        else:
            self._keep_captions_in_view()  # the view may have scrolled or zoomed

    def key(self, event: QKeyEvent) -> bool:
        """←/→ turn, +/− spaces, H toggles the first hit, E breaking free of a Hold, Enter
        applies."""
        key = Qt.Key(event.key())
        if key in TURN_KEYS:
            self.set_facing(self.facing + TURN_KEYS[key])
        elif key in SPACE_KEYS:
            self.set_spaces(self.spaces + SPACE_KEYS[key])
        elif key == Qt.Key.Key_H:
            self.set_first_hits(not self.first_hits)
        elif key == Qt.Key.Key_E and self.hold_results() is not None:
            self.set_breaks_free(not self.breaks_free)
        elif key in APPLY_KEYS:
            self.apply()
        else:
            return False
        return True

    def wheel(self, steps: int, modifiers: Qt.KeyboardModifier) -> bool:
        """The wheel changes the spaces (Ctrl+wheel zooms)."""
        if modifiers & Qt.KeyboardModifier.ControlModifier or not steps:
            return False
        self.set_spaces(self.spaces + steps)
        return True

    def _facing_toward(self, point: QPointF) -> int | None:
        board = self._scene.board
        token = board.tokens.get(self.token_id)
        if token is None:
            return None
        geometry = self._scene.geometry
        center = geometry.center(token.position)
        dx, dy = point.x() - center.x(), point.y() - center.y()
        if math.hypot(dx, dy) < NEAR_CENTRE * math.sqrt(3) * geometry.size:
            return None
        angle = math.atan2(dy, dx)

        def off(f: int) -> float:
            axis = geometry.center(token.position + facing_step(f)) - center
            return abs(math.remainder(angle - math.atan2(axis.y(), axis.x()), math.tau))

        return min(range(0, 12, 2), key=off)
