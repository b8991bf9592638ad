"""Where a label goes: beside its anchor, clear of the tokens and of the path (issue #16).

One placement for the movement label, the ruler's labels and the Area template's caption.
:func:`place_label` is pure geometry — scene rectangles, token shapes and path segments,
no scene: it tries :func:`candidates` around the anchor (right, left, above, below, the
four diagonals, then the same again further out) and keeps the first whose rectangle lies
inside the visible rectangle and touches no token shape and no path segment; if none is
free, the one that overlaps least.

The labels keep their size on screen at every zoom (``ItemIgnoresTransformations``), so
the scene size they need is their pixel size divided by the view's scale (pixels per scene
unit): :func:`view_frame` reads both from the scene's first view, and
:func:`place_screen_labels` places such labels one after the other, each also clear of
the ones placed before it. Each group placed is remembered for its scene, so
:func:`place_again` puts every shown group where it belongs after the view zooms (the
window calls it on ``MapView.zoom_changed``).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Protocol

import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsScene

from app.scene.name_plates import NamePlate
from app.scene.token_item import TokenItem

RINGS = 8  # how many times the eight directions are tried, each further out
GAP_PIXELS = 10.0  # between the anchor and the nearest candidate, on screen
STEP_PIXELS = 26.0  # how much further out each next ring of candidates is, on screen
PATH_MARGIN_PIXELS = 6.0  # half the path's haloed pen: a label keeps off the line's paint
# The eight directions in the order they are tried: right, left, above, below, diagonals.
DIRECTIONS = ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1))


@dataclass(frozen=True)
class Obstacles:
    """What a label must keep clear of, in scene coordinates: token ``shapes``, path
    ``segments`` (each widened by ``margin`` on both sides, for the pen that draws it)."""

    shapes: tuple[QPainterPath, ...] = ()
    segments: tuple[QLineF, ...] = ()
    margin: float = 0.0
    _bounds: tuple[QRectF, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_bounds", tuple(s.boundingRect() for s in self.shapes))

    def with_shapes(self, shapes: Iterable[QPainterPath]) -> Obstacles:
        """These obstacles and ``shapes`` (labels placed already)."""
        return Obstacles((*self.shapes, *shapes), self.segments, self.margin)

    def hit_shapes(self, rect: QRectF) -> list[int]:
        """The indexes of the shapes ``rect`` intersects."""
        return [
            i
            for i, (shape, bounds) in enumerate(zip(self.shapes, self._bounds, strict=True))
            if bounds.intersects(rect) and shape.intersects(rect)
        ]

    def hit_segments(self, rect: QRectF) -> list[int]:
        """The indexes of the segments ``rect`` (widened by the margin) touches."""
        wide = rect.adjusted(-self.margin, -self.margin, self.margin, self.margin)
        return [i for i, s in enumerate(self.segments) if clipped_length(s, wide) is not None]

    def clear_of(self, rect: QRectF) -> bool:
        """True if ``rect`` touches no shape and no segment."""
        return not self.hit_shapes(rect) and not self.hit_segments(rect)

    def overlap(self, rect: QRectF) -> float:
        """How much ``rect`` covers: the area shared with each shape's bounds it touches,
        plus each touched segment's length inside it times its width."""
        total = 0.0
        for i in self.hit_shapes(rect):
            shared = self._bounds[i].intersected(rect)
            total += max(shared.width() * shared.height(), 1.0)
        wide = rect.adjusted(-self.margin, -self.margin, self.margin, self.margin)
        for segment in self.segments:
            length = clipped_length(segment, wide)
            if length is not None:
                total += max(length, 1.0) * max(2 * self.margin, 1.0)
        return total


def clipped_length(segment: QLineF, rect: QRectF) -> float | None:
    """The length of ``segment`` inside ``rect`` (Liang–Barsky), or ``None`` if it misses."""
    x0, y0 = segment.x1(), segment.y1()
    dx, dy = segment.dx(), segment.dy()
    low, high = 0.0, 1.0
    for p, q in (
        (-dx, x0 - rect.left()),
        (dx, rect.right() - x0),
        (-dy, y0 - rect.top()),
        (dy, rect.bottom() - y0),
    ):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (high - low) * math.hypot(dx, dy)


def candidates(
    anchor: QPointF, size: QSizeF, gap: float, step: float, rings: int = RINGS
) -> list[QRectF]:
    """Rectangles of ``size`` around ``anchor`` in the order they are tried: right, left,
    above, below, then the diagonals, ``gap`` away; then again each ring ``step`` further."""
    w, h = size.width(), size.height()
    found = []
    for ring in range(rings):
        d = gap + ring * step
        for dx, dy in DIRECTIONS:
            x = anchor.x() + d if dx > 0 else anchor.x() - d - w if dx < 0 else anchor.x() - w / 2
            y = anchor.y() + d if dy > 0 else anchor.y() - d - h if dy < 0 else anchor.y() - h / 2
            found.append(QRectF(x, y, w, h))
    return found


def clamped(rect: QRectF, visible: QRectF) -> QRectF:
    """``rect`` moved (not resized) so it lies inside ``visible`` as far as it fits."""
    moved = QRectF(rect)
    if moved.right() > visible.right():
        moved.moveRight(visible.right())
    if moved.left() < visible.left():
        moved.moveLeft(visible.left())
    if moved.bottom() > visible.bottom():
        moved.moveBottom(visible.bottom())
    if moved.top() < visible.top():
        moved.moveTop(visible.top())
    return moved


def place_label(
    anchor: QPointF,
    size: QSizeF,
    obstacles: Obstacles,
    visible: QRectF | None = None,
    gap: float = GAP_PIXELS,
    step: float = STEP_PIXELS,
) -> QRectF:
    """The rectangle (scene units) for a label of ``size`` beside ``anchor``: the first
    candidate inside ``visible`` clear of ``obstacles``; else the first one clear once
    moved inside ``visible``; else the one, moved inside, that overlaps least (the
    nearest of equals)."""
    tried = candidates(anchor, size, gap, step)
    inside = [r for r in tried if visible is None or visible.contains(r)]
    for rect in inside:
        if obstacles.clear_of(rect):
            return rect
    moved = [clamped(r, visible) for r in tried] if visible is not None else tried
    for rect in moved:
        if obstacles.clear_of(rect):
            return rect
    return min(moved, key=obstacles.overlap)  # min keeps the first (nearest) of equals


# -- reading the scene ---------------------------------------------------------------------


class ScreenLabel(Protocol):
    """A label drawn at a constant screen size at its ``scenePos()`` (the anchor)."""

    def scenePos(self) -> QPointF: ...

    def screen_size(self) -> QSizeF:
        """The label's box in screen pixels."""
        ...

    def place(self, rect: QRectF, scale: float) -> None:
        """Draw the box over scene rectangle ``rect`` at ``scale`` pixels per scene unit."""
        ...


def view_frame(scene: QGraphicsScene) -> tuple[QRectF, float] | None:
    """The scene rectangle the first view of ``scene`` shows and its scale (screen pixels
    per scene unit), or ``None`` without a view."""
    views = scene.views()
    if not views:
        return None
    view = views[0]
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    return visible, abs(view.transform().m11()) or 1.0


def token_shapes(scene: QGraphicsScene, area: QRectF | None = None) -> list[QPainterPath]:
    """The shape of every visible token on ``scene`` (its disc, or its footprint) and of its
    name plate, in scene coordinates, where they are drawn now (a dragged token where it is
    shown): a label covers neither. With ``area``, only those that reach into it (a label
    stays in the view, so the tokens beyond it do not matter)."""
    shapes: list[QPainterPath] = []
    for item in scene.items() if area is None else scene.items(area):
        if not item.isVisible():
            continue
        if isinstance(item, TokenItem):
            shapes.append(item.mapToScene(item.shape()))
        elif isinstance(item, NamePlate) and not item.plate_rect().isEmpty():
            plate = QPainterPath()
            plate.addRect(item.plate_rect())
            shapes.append(plate)
    return shapes


def path_segments(points: Sequence[QPointF]) -> list[QLineF]:
    """The segments joining ``points`` in order."""
    return [QLineF(a, b) for a, b in pairwise(points)]


def place_screen_labels(
    scene: QGraphicsScene,
    labels: Iterable[ScreenLabel],
    segments: Iterable[QLineF] = (),
    shapes: Iterable[QPainterPath] | None = None,
) -> list[QRectF]:
    """Place each of ``labels`` (in order) clear of the tokens on ``scene`` (or ``shapes``),
    of ``segments`` and of the labels placed before it, inside the first view; return
    their scene rectangles. Without a view the labels stay where they are. The group is
    remembered (:func:`place_again`)."""
    labels = list(labels)
    segments = list(segments)
    shapes = None if shapes is None else list(shapes)
    groups = _GROUPS.setdefault(scene, {})
    _forget_gone(scene, groups)  # a drag makes a group a move: keep only the shown ones
    if labels:
        groups[tuple(id(label) for label in labels)] = (labels, segments, shapes)
    return _place(scene, labels, segments, shapes)


_Group = tuple[list["ScreenLabel"], list[QLineF], list[QPainterPath] | None]
_GROUPS: weakref.WeakKeyDictionary[QGraphicsScene, dict[tuple[int, ...], _Group]] = (
    weakref.WeakKeyDictionary()
)


def place_again(scene: QGraphicsScene) -> None:
    """Place every remembered label group of ``scene`` again, for the view's new zoom;
    groups whose labels have left the scene are forgotten."""
    groups = _GROUPS.get(scene, {})
    _forget_gone(scene, groups)
    for labels, segments, shapes in groups.values():
        _place(scene, labels, segments, shapes)


def _forget_gone(scene: QGraphicsScene, groups: dict[tuple[int, ...], _Group]) -> None:
    for key, (labels, _segments, _shapes) in list(groups.items()):
        if not all(_on(label, scene) for label in labels):
            del groups[key]


def _on(label: ScreenLabel, scene: QGraphicsScene) -> bool:
    """Whether ``label`` still stands in ``scene`` (not deleted with its parent item)."""
    item_scene = getattr(label, "scene", None)
    return item_scene is not None and shiboken6.isValid(label) and item_scene() is scene


def _place(
    scene: QGraphicsScene,
    labels: Sequence[ScreenLabel],
    segments: Sequence[QLineF],
    shapes: Sequence[QPainterPath] | None,
) -> list[QRectF]:
    frame = view_frame(scene)
    if frame is None:
        return []
    visible, scale = frame
    obstacles = Obstacles(
        tuple(token_shapes(scene, visible) if shapes is None else shapes),
        tuple(segments),
        PATH_MARGIN_PIXELS / scale,
    )
    placed = []
    for label in labels:
        pixels = label.screen_size()
        size = QSizeF(pixels.width() / scale, pixels.height() / scale)
        rect = place_label(
            label.scenePos(), size, obstacles, visible, GAP_PIXELS / scale, STEP_PIXELS / scale
        )
        label.place(rect, scale)
        placed.append(rect)
        box = QPainterPath()
        box.addRect(rect)
        obstacles = obstacles.with_shapes([box])
    return placed
