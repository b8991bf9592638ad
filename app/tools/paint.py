"""Terrain paint tools: brush, straight line, flood fill and eyedropper.

A stroke previews the hexes it will touch (a hatched outline) while the button is down
and commits on release as ONE undo step, however many hexes it touches. What a stroke
covers comes from :mod:`rules.prep.painting`; the write is the controller's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from app.scene.overlay_items import HexSetPreviewItem
from app.scene.tool import Gesture, Tool
from rules import Hex
from rules.prep import brush, eyedropper, flood_region, stroke

if TYPE_CHECKING:
    from app.controllers.map import MapController
    from app.scene.map_scene import MapScene

SHAPES = ("brush", "line", "fill", "pick")


@dataclass
class PaintSettings:
    """What the palette says to paint: layer, how (set, raise, lower), value, radius."""

    layer: str = "ground"
    mode: str = "set"  # "set", "raise" or "lower"
    value: int = 0
    radius: int = 0
    concealment_kind: int = 0  # ConcealmentKind, with the concealment layer


class PaintTool(Tool):
    """One of the paint shapes, driven by shared :class:`PaintSettings`."""

    def __init__(
        self,
        scene: MapScene,
        controller: MapController,
        settings: PaintSettings,
        shape: str,
        on_pick: object = None,
    ):
        if shape not in SHAPES:
            raise ValueError(f"unknown paint shape {shape!r}")
        self.name = shape
        self._scene = scene
        self._controller = controller
        self.settings = settings
        self._shape = shape
        self._on_pick = on_pick
        self._start: Hex | None = None
        self._hexes: set[Hex] = set()
        self._last: Hex | None = None
        self._preview = HexSetPreviewItem(scene.geometry)

    def _board(self):  # type: ignore[no-untyped-def]
        return self._scene.board

    def press(self, gesture: Gesture) -> bool:
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        board = self._board()
        if not board.contains(gesture.hex):
            self._scene.hint.emit("Paint on the map: that hex is outside it")
            return True
        if self._shape == "pick":
            self._pick(gesture.hex)
        elif self._shape == "fill":
            self._commit(flood_region(board, gesture.hex, self.settings.layer))
        else:
            self._start = self._last = gesture.hex
            self._hexes = set(brush(board, gesture.hex, self.settings.radius))
            self._show_preview()
        return True

    def move(self, gesture: Gesture) -> None:
        if self._start is None or gesture.hex == self._last:
            return
        board, radius = self._board(), self.settings.radius
        if self._shape == "line":
            self._hexes = set(stroke(board, self._start, gesture.hex, radius))
            self._show_preview()
        else:  # a brush drag fills the gap since the last hex, however fast the mouse
            added = stroke(board, self._last or gesture.hex, gesture.hex, radius) - self._hexes
            self._hexes |= added
            self._preview.add_hexes(added)
            self._scene.hint.emit(f"{len(self._hexes)} hexes")
        self._last = gesture.hex

    def release(self, gesture: Gesture) -> None:
        if gesture.button != Qt.MouseButton.LeftButton or self._start is None:
            return
        hexes = frozenset(self._hexes)
        self._clear()
        if hexes:
            self._commit(hexes)

    def _commit(self, hexes: Iterable[Hex]) -> None:
        self._controller.paint_terrain(self.settings, hexes)

    def cancel(self) -> None:
        if self._start is not None:
            self._clear()
            self._scene.hint.emit("Stroke cancelled")

    def _pick(self, h: Hex) -> None:
        layer = self.settings.layer
        self.settings.value = eyedropper(self._board(), h, layer)
        self._scene.hint.emit(f"Picked {layer.replace('_', ' ')} {self.settings.value}")
        if callable(self._on_pick):
            self._on_pick()

    def _show_preview(self) -> None:
        if self._preview.scene() is None:
            self._scene.addItem(self._preview)
        self._preview.show_hexes(self._hexes, self._scene.geometry)
        self._scene.hint.emit(f"{len(self._hexes)} hexes")

    def _clear(self) -> None:
        self._start = self._last = None
        self._hexes = set()
        if self._preview.scene() is not None:
            self._scene.removeItem(self._preview)
