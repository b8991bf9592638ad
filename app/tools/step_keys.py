"""Arrow keys and the keypad as hex directions, by their angle on screen.

Each key has a screen angle (→ 0°, ↑ 90°, ← 180°, ↓ 270°; keypad 9 45°, 7 135°, 1 225°,
3 315°) and moves toward the hex direction nearest to it, so the keys work for pointy
and flat maps alike. When two directions are equally near (↑ on a pointy map: north-east
and north-west), the key takes the clockwise one and Shift the other.

Also the helpers the keyboard tools share (issue #16, a whole turn by keyboard): the
Enter keys, cycling through a list, the reading order of the map and keeping what the
keyboard moved to in view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsScene

from app.scene.geometry import SceneGeometry
from rules import DIRECTIONS, Hex

T = TypeVar("T")

Key = Qt.Key
ARROW_ANGLES = {Key.Key_Right: 0, Key.Key_Up: 90, Key.Key_Left: 180, Key.Key_Down: 270}
# The keypad with Num Lock on (digits) and off (navigation keys).
KEYPAD_ANGLES = {
    Key.Key_6: 0,
    Key.Key_9: 45,
    Key.Key_8: 90,
    Key.Key_7: 135,
    Key.Key_4: 180,
    Key.Key_1: 225,
    Key.Key_2: 270,
    Key.Key_3: 315,
    Key.Key_PageUp: 45,
    Key.Key_Home: 135,
    Key.Key_End: 225,
    Key.Key_PageDown: 315,
    **ARROW_ANGLES,
}
ENTER_KEYS = frozenset({Key.Key_Return, Key.Key_Enter})
# Arrows that go forward or back through a list (targets): → ↓ next, ← ↑ previous.
CYCLE_STEPS = {Key.Key_Right: 1, Key.Key_Down: 1, Key.Key_Left: -1, Key.Key_Up: -1}


def _screen_angle(geometry: SceneGeometry, d: Hex) -> float:
    a, b = geometry.center(Hex(0, 0)), geometry.center(d)
    return math.degrees(math.atan2(-(b.y() - a.y()), b.x() - a.x())) % 360


def direction_for_angle(geometry: SceneGeometry, angle: float, other: bool = False) -> int:
    """The index into ``DIRECTIONS`` nearest to screen ``angle`` (degrees, counter-
    clockwise from east); ``other`` takes the second of two equally near ones."""

    def gap(k: int) -> float:
        diff = abs(_screen_angle(geometry, DIRECTIONS[k]) - angle) % 360
        return round(min(diff, 360 - diff), 6)

    # Clockwise first: for equal gaps the direction at the smaller angle below ``angle``.
    order = sorted(
        range(6), key=lambda k: (gap(k), (angle - _screen_angle(geometry, DIRECTIONS[k])) % 360)
    )
    if other and gap(order[0]) == gap(order[1]):
        return order[1]
    return order[0]


def key_direction(geometry: SceneGeometry, event: QKeyEvent) -> int | None:
    """The direction an arrow or keypad key asks for, or None for other keys."""
    key = Key(event.key())
    keypad = bool(event.modifiers() & Qt.KeyboardModifier.KeypadModifier)
    table = KEYPAD_ANGLES if keypad else ARROW_ANGLES
    if key not in table:
        return None
    shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    return direction_for_angle(geometry, table[key], other=shift)


def is_enter(event: QKeyEvent) -> bool:
    """Return or the keypad's Enter."""
    return Key(event.key()) in ENTER_KEYS


def cycled(items: Sequence[T], current: T | None, step: int) -> T | None:
    """The item ``step`` places after ``current`` in ``items``, round the end; the first
    (``step`` > 0) or the last when ``current`` is not among them; None when empty."""
    if not items:
        return None
    if current not in items:
        return items[0] if step > 0 else items[-1]
    return items[(items.index(current) + step) % len(items)]


def reading_order(geometry: SceneGeometry, hexes: Sequence[Hex]) -> list[Hex]:
    """``hexes`` as a page is read on screen: top row first, each row left to right."""

    def place(h: Hex) -> tuple[float, float]:
        c = geometry.center(h)
        return round(c.y(), 3), round(c.x(), 3)

    return sorted(hexes, key=place)


def keep_in_view(scene: QGraphicsScene, rect: QRectF) -> None:
    """Centre every view of ``scene`` on ``rect`` unless it is wholly visible already."""
    for view in scene.views():
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        if not shown.contains(rect):
            view.centerOn(rect.center())
