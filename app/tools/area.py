"""The Area tool: aim a Line, Cone, Burst or Aura, see who it hits, pin it to the map.

Placing: the origin follows the mouse (a Burst over a token targets that subject, [S000]
"Instead of designating a space, you may specify a subject"; an Aura sits on the token
under the mouse, or else on the caster). For a Line or Cone a click fixes the origin and
the facing then follows the mouse angle in 12 steps (keys ←/→ or [ ] rotate); a second
click pins. With a caster and "Check range", an origin outside the caster's range (the
undimmed spaces) is refused at the click, with the reason. Shift+wheel or +/− change the
value. Every preview is a :func:`rules.aim` query, re-run when the document changes;
pinning is one undo step through the controller. Escape abandons the template.

By keyboard alone (issue #16): the origin starts beside the caster (or on it, for a Burst or
Aura), or under the mouse; the arrows and the keypad move it a space in six directions
(:mod:`app.tools.step_keys`), [ ] turn the facing through all 12 facings of the pinned
facings contract (DESIGN.md; 6 for a Line without zig-zags), Enter fixes a Line or Cone's
origin as a click would — then ←/→ as well as [ ] turn it and Enter pins, Backspace
moves the origin again — and pins a Burst or Aura at once. The facing of a Line or Cone
is drawn as an arrow with its clock hour (:class:`~app.scene.keyboard_items.FacingArrowItem`),
not only by the template's shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from app.scene.area_items import AreaItem, RangeDimItem
from app.scene.keyboard_items import FacingArrowItem
from app.scene.tool import Gesture, Tool
from app.tools.step_keys import is_enter, keep_in_view, key_direction
from rules import (
    DIRECTIONS,
    AreaKind,
    AreaResult,
    AreaTemplate,
    Board,
    Hex,
    RuleOptions,
    aim,
    facing_step,
)
from rules.battlefield import BoolArray, origin_mask, reach_of

if TYPE_CHECKING:
    from app.controllers.map import MapController
    from app.scene.map_scene import MapScene

MAX_VALUE = 30
NEAR_CENTRE = 0.3  # hex spacings: the mouse this close to the origin keeps the facing
_STALE = object()  # a dimmer key no real key equals


@dataclass
class AreaSettings:
    """What the Area panel chose: the kind, value, the ability's range and the flags."""

    kind: AreaKind = AreaKind.CONE
    value: int = 3
    range_value: int = 6
    check_range: bool = True
    physical: bool = False
    exclude_caster: bool = False
    rounds: int = 0  # how long a pinned template lasts; 0: until deleted (an Aura: dismissed)


Listener = Callable[[AreaResult | None], None]


class AreaTool(Tool):
    """Aims an Area template from an optional caster; see the module docs."""

    name = "area"

    def __init__(
        self,
        scene: MapScene,
        controller: MapController,
        settings: AreaSettings,
        listener: Listener,
    ) -> None:
        self._scene = scene
        self._controller = controller
        self.settings = settings
        self._listener = listener
        self.caster: str | None = None
        self.origin: Hex | None = None
        self.subject: str | None = None  # the token under the mouse (Burst target, Aura)
        self.facing = 0
        self.aiming = False  # a Line/Cone origin is fixed; the mouse turns the facing
        self.result: AreaResult | None = None
        self._item = AreaItem(scene.geometry)
        self._arrow = FacingArrowItem(scene.geometry)
        self._dim = RangeDimItem(scene.content_rect())
        self._dim_key: object = _STALE
        self._dim_layer: object = None  # keeps the keyed elevation layer (and its id) alive
        self._mask: BoolArray | None = None  # where the origin may be, when range counts
        self._hovered: Hex | None = None
        self._held: Hex | None = None  # aimed from outside (aim_at): kept until the mouse leaves

    @property
    def board(self) -> Board:
        """The board aimed on (the document's current one)."""
        return self._scene.board

    @property
    def preview(self) -> AreaItem:
        """The item drawing the template being aimed."""
        return self._item

    # -- the caster, settings and document ------------------------------------------------
    def set_caster(self, token_id: str | None) -> None:
        """Aim from ``token_id`` (range, Reach, "away from you") or freely with ``None``;
        with the mouse off the map the origin starts where the keyboard would put it."""
        self.caster = token_id if token_id in self.board.tokens else None
        if self.origin is None and self._scene.hovered_hex is None:
            self._place(self._keyboard_start())
        self.refresh()

    def settings_changed(self) -> None:
        """The panel changed kind, value, range or flags: redraw."""
        if not self.settings.kind.directed:
            self.aiming = False
        self.refresh()

    def follow_document(self) -> None:
        """The document changed (an edit, undo/redo, Rules Options): re-aim the preview."""
        if self.result is not None:
            self.refresh()

    # -- gestures ------------------------------------------------------------------------
    def aim_at(self, template: AreaTemplate, held_at: Hex | None = None) -> None:
        """Aim ``template`` (its first origin hex and facing; a lens's best aim): a Line
        or Cone with its origin fixed, so Enter or a click pins it. The mouse re-aims only
        once it leaves ``held_at`` (the hex clicked to choose it)."""
        self.settings.kind, self.settings.value = template.kind, template.value
        self.caster = template.caster if template.caster in self.board.tokens else self.caster
        self.origin = template.origin[0] if template.origin else self.origin
        self.subject = self._subject_at(self.origin) if self.origin is not None else None
        self.facing = template.facing
        self.aiming = template.kind.directed
        self._held = held_at
        self.refresh()

    def move(self, gesture: Gesture) -> None:
        if self._held is not None:
            if gesture.hex == self._held:
                return  # the aim chosen stays until the mouse moves on
            self._held = None
        entered = gesture.hex != self._hovered  # the status bar may show that space now
        self._hovered = gesture.hex
        if self.aiming:
            facing = self._facing_toward(gesture.point, self._options())
            changed = facing != self.facing
            self.facing = facing
        else:
            changed = self._place(gesture.hex)
        if changed:
            self.refresh()
        elif entered and self.result is not None:  # same template: no rules query
            self._scene.hint.emit(describe(self.result, self.source_name()))

    def press(self, gesture: Gesture) -> bool:
        if gesture.button == Qt.MouseButton.RightButton:
            self.cancel()
            return True
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        if self._held is not None and gesture.hex == self._held:
            self.commit()  # the aim chosen from outside, as it is
            return True
        if not self.aiming and self._place(gesture.hex):
            self.refresh()
        self.commit()
        return True

    def key(self, event: QKeyEvent) -> bool:
        """[ ] rotate (and ←/→ once a Line or Cone's origin is fixed), the arrows and the
        keypad move the origin, Enter fixes or pins, Backspace un-fixes, +/− change the
        value; True if the key was used."""
        key = Qt.Key(event.key())
        directed = self.settings.kind.directed
        turns = {Qt.Key.Key_BracketLeft: 1, Qt.Key.Key_BracketRight: -1}
        if self.aiming:
            turns |= {Qt.Key.Key_Left: 1, Qt.Key.Key_Right: -1}
        if key in turns and directed:
            self.rotate(turns[key])
            return True
        values = {Qt.Key.Key_Plus: 1, Qt.Key.Key_Equal: 1, Qt.Key.Key_Minus: -1}
        if key in values:
            self.change_value(values[key])
            return True
        if is_enter(event):
            self.commit()
            return True
        if key == Qt.Key.Key_Backspace and self.aiming:
            self.aiming = False
            self.refresh()
            return True
        direction = None if self.aiming else key_direction(self._scene.geometry, event)
        if direction is None:
            return False
        self.move_origin(direction)
        return True

    def move_origin(self, direction: int) -> None:
        """Move the origin a space along ``DIRECTIONS[direction]`` (from where the keyboard
        starts, if it has none yet), keeping it on the map, and keep it in view."""
        start = self.origin if self.origin is not None else self._keyboard_start()
        target = start + DIRECTIONS[direction]
        if not self.board.contains(target):
            self._scene.hint.emit("The origin is at the edge of the map")
            return
        self._place(target)
        self.refresh()
        keep_in_view(self._scene, self._scene.geometry.hexes_path({target}).boundingRect())

    def commit(self) -> None:
        """Enter: as a click on the origin — fix a Line or Cone's origin (then aim), or pin."""
        if self.aiming:
            self.pin()
            return
        if self.origin is None:
            self._place(self._keyboard_start())
            self.refresh()
        problem = self.origin_refusal()
        if problem is not None:
            self._controller.refused.emit(problem)
        elif self.settings.kind.directed:
            self.aiming = True
            self.refresh()
            self._scene.hint.emit(
                "Move the mouse, or [ ] / ←→, to turn the template; click or Enter pins it, "
                "Backspace moves the origin again"
            )
        else:
            self.pin()

    def wheel(self, steps: int, modifiers: Qt.KeyboardModifier) -> bool:
        """Shift+wheel changes the value."""
        if not modifiers & Qt.KeyboardModifier.ShiftModifier or not steps:
            return False
        self.change_value(steps)
        return True

    def cancel(self) -> None:
        """Abandon the template in progress and take the preview off the map."""
        self.aiming = False
        self.result = None
        for item in (self._item, self._dim, self._arrow):
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._dim_key = _STALE
        self._mask = None
        self._listener(None)

    # -- edits ---------------------------------------------------------------------------
    def rotate(self, steps: int) -> None:
        """Turn the facing by ``steps`` 30° steps (60° for Lines without zig-zags)."""
        all_facings = self._all_facings(self._options())
        self.facing = (self.facing + steps * (1 if all_facings else 2)) % 12
        if not all_facings:
            self.facing -= self.facing % 2
        self.refresh()

    def change_value(self, delta: int) -> None:
        """Raise or lower the Area value (0..30)."""
        self.settings.value = max(0, min(MAX_VALUE, self.settings.value + delta))
        self.refresh()

    def pin(self) -> bool:
        """Pin the current template to the map (one undo step), if the rules allow it.

        A refusal (the rules' or the controller's) stays in the status bar."""
        result = self.result
        if result is None:
            return False
        if not result.legal:
            self._controller.refused.emit(result.refusal or "that template is not allowed")
            return False
        template = result.template
        area_id = self.board.new_area_id(template.kind.value)
        if template.kind is AreaKind.AURA:  # it moves with its source [S001]
            pinned = replace(template, id=area_id, origin=())
        else:  # fixed where it was cast, even if a targeted subject moves later
            pinned = replace(template, id=area_id, origin=result.origin, source=None)
        if not self._controller.pin_area(pinned, self.settings.rounds or None):
            return False  # the controller said why; refreshing would overwrite it
        self.aiming = False
        self.refresh()
        return True

    def origin_refusal(self) -> str | None:
        """Why the origin may not be fixed (Line, Cone) or pinned (Burst) where it is now,
        or ``None``: off the map or on a wall, or outside the caster's range."""
        result, board, kind = self.result, self.board, self.settings.kind
        if result is None:
            return None
        if kind.directed and self.origin is not None and _off_or_wall(board, self.origin):
            return result.refusal or "the origin must be an open space on the map"
        if self._mask is None or kind is AreaKind.AURA:
            return None
        if any(_in_mask(board, self._mask, h) for h in result.origin):
            return None
        return result.refusal or self._out_of_range_reason()

    # -- drawing -------------------------------------------------------------------------
    def highlight(self, hexes: frozenset[Hex]) -> None:
        """Outline ``hexes`` boldly (a subject hovered in the hit list); empty clears it."""
        self._item.highlight(hexes)

    def template(self, options: RuleOptions | None = None) -> AreaTemplate | None:
        """The template under the mouse now, or ``None`` before the mouse is on the map."""
        s = self.settings
        opts = options or self._options()
        source = self._source()
        legacy_spread = (  # [S001]: the origin is every space of the source, the caster
            opts.legacy_areas
            and s.kind is AreaKind.BURST
            and bool(self.caster)
            and not self.subject
        )
        if self.origin is None and source is None and not legacy_spread:
            return None  # a Line or Cone always has its one origin hex
        return AreaTemplate(
            id="aim",
            kind=s.kind,
            value=s.value,
            origin=() if legacy_spread or self.origin is None else (self.origin,),
            facing=self.facing,
            source=source,
            caster=self.caster,
            exclude_caster=s.exclude_caster and s.kind is AreaKind.BURST,
            physical=s.physical and opts.legacy_areas,
        )

    def refresh(self) -> None:
        """Re-run the rules query for the current template and redraw."""
        if self.caster is not None and self.caster not in self.board.tokens:
            self.caster = None
        if self.subject is not None and self.subject not in self.board.tokens:
            self.subject = None
        options = self._options()
        if not self._all_facings(options) and self.facing % 2:
            self.facing -= 1
        template = self.template(options)
        if template is None:
            return
        check = self.settings.check_range and self.caster is not None
        range_value = self.settings.range_value if check else None
        result = aim(self.board, template, options, range_value=range_value)
        self.result = result
        self._show(result, options)
        self._listener(result)

    def source_name(self, result: AreaResult | None = None) -> str | None:
        """The name of the token ``result`` (default: the current aim) is on, if any."""
        result = result or self.result
        token = self.board.tokens.get(result.template.source or "") if result else None
        return token.name if token is not None else None

    def _show(self, result: AreaResult, options: RuleOptions) -> None:
        scene = self._scene
        for item in (self._item, self._dim, self._arrow):
            if item.scene() is None:
                scene.addItem(item)
        name = self.source_name(result)
        on = f" on {name}" if name else ""
        caption = f"{result.template.title}{on} · {len(result.hits)} hit"
        self._item.show_result(result, scene.geometry, caption)
        directed = self.settings.kind.directed and self.origin is not None
        self._arrow.point(scene.geometry, self.origin, self.facing if directed else None)
        scene.hint.emit(describe(result, name))
        self._update_dim(options)

    def _update_dim(self, options: RuleOptions) -> None:
        """Dim the spaces the origin may not be in; rebuilt only when what decides them
        (caster's spaces and Reach, elevation, options, range, Line/Cone or not) changes."""
        s, board = self.settings, self.board
        caster = board.tokens.get(self.caster or "")
        if not s.check_range or s.kind is AreaKind.AURA:
            caster = None
        elevation = board.layer("elevation")
        key: tuple[object, ...] | None = None
        if caster is not None:
            key = (caster.footprint, reach_of(caster), id(elevation), options)
            key += (s.range_value, s.kind.directed)
        if key == self._dim_key:
            return
        self._dim_key, self._dim_layer, self._mask = key, elevation, None
        allowed: list[Hex] = []
        if caster is not None:
            self._mask = origin_mask(board, caster.id, s.kind, s.range_value, options)
            rows, cols = self._mask.nonzero()
            allowed = [board.hex_at(int(c), int(r)) for r, c in zip(rows, cols, strict=True)]
        self._dim.setVisible(caster is not None)
        self._dim.set_allowed(self._scene.geometry, self._scene.content_rect(), allowed)

    # -- helpers -------------------------------------------------------------------------
    def _options(self) -> RuleOptions:
        return RuleOptions.of(self.board.options)

    def _keyboard_start(self) -> Hex:
        """Where the keyboard puts a new origin: under the mouse if it is on the map, else
        beside the caster along the facing (a Line or Cone) or on it (a Burst or Aura),
        else the middle of the map."""
        board = self.board
        if self._scene.hovered_hex is not None:
            return self._scene.hovered_hex
        caster = board.tokens.get(self.caster or "")
        if caster is None:
            return board.hex_at(board.width // 2, board.height // 2)
        if not self.settings.kind.directed:
            return caster.position
        step, h = DIRECTIONS[(self.facing // 2) % 6], caster.position
        while h in caster.footprint:
            h = h + step
        return h if board.contains(h) else caster.position

    def _all_facings(self, options: RuleOptions) -> bool:
        return self.settings.kind is not AreaKind.LINE or options.zigzag_lines

    def _place(self, h: Hex) -> bool:
        """Put the origin on ``h``; False if nothing changed (and a preview is shown)."""
        subject = self._subject_at(h)
        if (h, subject) == (self.origin, self.subject) and self.result is not None:
            return False
        self.origin, self.subject = h, subject
        return True

    def _subject_at(self, h: Hex) -> str | None:
        if not self.settings.kind.radial:
            return None
        tokens = self.board.tokens_at(h)
        return tokens[-1].id if tokens else None

    def _source(self) -> str | None:
        kind = self.settings.kind
        if kind is AreaKind.AURA:  # on the token under the mouse, or else the caster
            return self.subject or self.caster
        return self.subject if kind is AreaKind.BURST else None

    def _out_of_range_reason(self) -> str:
        caster = self.board.tokens[self.caster or ""].name
        kind = self.settings.kind
        if kind.radial and self._options().legacy_areas:
            return f"with the legacy area rules a {kind.label} starts from {caster}'s spaces [S001]"
        return f"the origin must be within range of {caster} (the spaces not dimmed)"

    def _facing_toward(self, point: QPointF, options: RuleOptions) -> int:
        origin = self.origin
        assert origin is not None
        geometry = self._scene.geometry
        center = geometry.center(origin)
        dx, dy = point.x() - center.x(), point.y() - center.y()
        if math.hypot(dx, dy) < NEAR_CENTRE * math.sqrt(3) * geometry.size:
            return self.facing  # too close to the centre to read an angle
        angle = math.atan2(dy, dx)
        candidates = range(12) if self._all_facings(options) else range(0, 12, 2)

        def off(f: int) -> float:
            axis = geometry.center(origin + facing_step(f)) - center
            return abs(math.remainder(angle - math.atan2(axis.y(), axis.x()), math.tau))

        return min(candidates, key=off)


def _in_mask(board: Board, mask: BoolArray, h: Hex) -> bool:
    if not board.contains(h):
        return False
    col, row = board.cell_of(h)
    return bool(mask[row, col])


def _off_or_wall(board: Board, h: Hex) -> bool:
    if not board.contains(h):
        return True
    col, row = board.cell_of(h)
    return bool(board.layer("blocked")[row, col])


def describe(result: AreaResult, on: str | None = None) -> str:
    """The status-bar line for an aimed Area (on token ``on``): refusal, or what it hits
    and why."""
    title = result.template.title + (f" on {on}" if on else "")
    if result.refusal:
        return f"⚠ {title}: {result.refusal}"
    names = ", ".join(h.name + (f" ×{h.times}" if h.times > 1 else "") for h in result.hits)
    where = f" from {result.range.describe()} away" if result.range and result.range.spaces else ""
    cut = f"; {len(result.stopped)} spaces cut off" if result.stopped else ""
    return f"{title}{where}: hits {names or 'nobody'}{cut}"
