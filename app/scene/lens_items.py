"""The tactical lens on the map (issue #19): shades, ghost templates and two paths that
draw a :mod:`rules.lens` answer and never change the model.

Every one reads by shape as well as by colour (colour-blind safe, Okabe–Ito colours):

- :class:`LensShade` — hexes filled by a value with a hatch of the lens's own pattern
  (threat: diagonal hatching in vermilion, denser the more threaten; cover: dots in bluish
  green, denser the higher the Tier) and the value written in each hex up close;
- :class:`GhostAims` — the best Area aims as dashed outlines with a rank badge by each
  origin and a caption of what it hits;
- :class:`LensPaths` — the cheapest path solid, the safest dashed, each with its costs.

:mod:`app.scene.lens_layer` puts them on a scene and draws each rules answer with them.

Shades and paths ignore the mouse; the lens feature asks :meth:`GhostAims.candidate_at`
when the map is clicked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.label_placement import path_segments, place_screen_labels
from app.scene.measure_items import RulerLabelItem
from app.scene.rules_overlays import (
    SHADE_Z,
    UNDERLAY,
    boundary_path,
    mouse_transparent,
    screen_hex_px,
)
from app.scene.style import cosmetic_pen
from rules import Hex

__all__ = [
    "COVER_STYLE",
    "THREAT_STYLE",
    "Ghost",
    "GhostAims",
    "LensPaths",
    "LensShade",
    "ShadeStyle",
]

NUMBERS_FROM = 34.0  # on-screen hex width (px) from which the values are written: at fit
# zoom on a table laptop the shade and its edge say enough, and the names stay readable
LENS_Z = SHADE_Z + 5  # over the Concealment shade, under Reach outlines and tokens
GHOST_Z = -8  # over the terrain shades, under the tokens (the tokens stay readable)
PATH_Z = 40  # over tokens' bodies, under full-space tags and labels

VERMILION = QColor("#D55E00")
BLUISH_GREEN = QColor("#009E73")
SKY_BLUE = QColor("#56B4E9")
REDDISH_PURPLE = QColor("#CC79A7")

_DENSITY = (
    Qt.BrushStyle.Dense6Pattern,
    Qt.BrushStyle.Dense5Pattern,
    Qt.BrushStyle.Dense4Pattern,
    Qt.BrushStyle.Dense3Pattern,
)


@dataclass(frozen=True)
class ShadeStyle:
    """How a lens shade looks: its colour, its pattern for the first level and whether
    higher values hatch denser (dots) or cross (lines)."""

    name: str
    color: QColor
    pattern: Qt.BrushStyle
    alpha_from: int = 90
    alpha_step: int = 45
    alpha_to: int = 200

    def brush(self, value: int) -> QBrush:
        """The fill of a hex with ``value`` (≥ 1): more opaque and denser as it grows."""
        color = QColor(self.color)
        color.setAlpha(min(self.alpha_to, self.alpha_from + self.alpha_step * (value - 1)))
        if self.pattern is Qt.BrushStyle.Dense6Pattern:
            return QBrush(color, _DENSITY[min(len(_DENSITY), value) - 1])
        pattern = self.pattern if value < 2 else Qt.BrushStyle.DiagCrossPattern
        return QBrush(color, pattern)

    def wash(self, value: int) -> QColor:
        """A light flat wash under the pattern, so a shaded hex reads at a glance."""
        color = QColor(self.color)
        color.setAlpha(min(110, 30 + 25 * value))
        return color


THREAT_STYLE = ShadeStyle("threat", VERMILION, Qt.BrushStyle.BDiagPattern)
COVER_STYLE = ShadeStyle("cover", BLUISH_GREEN, Qt.BrushStyle.Dense6Pattern)


class LensShade(QGraphicsItem):
    """Hexes shaded by a positive value (how many threaten, a Concealment Tier), with the
    value in each hex once hexes are big enough, and a dashed edge round the shaded part."""

    def __init__(self, geometry: SceneGeometry, style: ShadeStyle):
        super().__init__()
        self.setZValue(LENS_Z)
        mouse_transparent(self)
        self._geometry = geometry
        self.style = style
        self._values: dict[Hex, int] = {}
        self._paths: dict[int, QPainterPath] = {}
        self._edge = QPainterPath()
        self._rect = QRectF()
        self._font = QFont()
        self._font.setBold(True)

    @property
    def values(self) -> Mapping[Hex, int]:
        """The value shown in each shaded hex."""
        return self._values

    def set_values(
        self,
        values: Mapping[Hex, int],
        geometry: SceneGeometry | None = None,
        edge_of: Iterable[Hex] | None = None,
    ) -> None:
        """Shade exactly the hexes of ``values`` with a value ≥ 1; the dashed edge goes
        round ``edge_of`` (default: the shaded hexes), e.g. every space within reach."""
        self.prepareGeometryChange()
        self._geometry = geometry or self._geometry
        self._values = {h: v for h, v in values.items() if v > 0}
        edged = frozenset(self._values if edge_of is None else edge_of)
        levels: dict[int, list[Hex]] = {}
        for h, v in self._values.items():
            levels.setdefault(v, []).append(h)
        self._paths = {v: self._geometry.hexes_path(hs) for v, hs in sorted(levels.items())}
        self._edge = boundary_path(edged, self._geometry) if edged else QPainterPath()
        self._rect = self._edge.boundingRect().adjusted(-2, -2, 2, 2)
        self.update()

    def clear(self) -> None:
        """Shade nothing."""
        self.set_values({})

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._edge.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        for value, path in self._paths.items():
            painter.setBrush(self.style.wash(value))
            painter.drawPath(path)
            painter.setBrush(self.style.brush(value))
            painter.drawPath(path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(UNDERLAY, 3))
        painter.drawPath(self._edge)
        painter.setPen(cosmetic_pen(self.style.color, 2, Qt.PenStyle.DashLine))
        painter.drawPath(self._edge)
        on_screen = screen_hex_px(painter, self._geometry)
        if on_screen >= NUMBERS_FROM:
            self._paint_numbers(painter, option.exposedRect, on_screen)

    def _paint_numbers(self, painter: QPainter, exposed: QRectF, on_screen: float) -> None:
        """The value in each exposed hex, white on a dark shadow, a third of a hex high."""
        pixels = int(min(24.0, max(9.0, on_screen * 0.32)))
        self._font.setPixelSize(pixels)
        world = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self._font)
        for h, value in self._values.items():
            center = self._geometry.center(h)
            if not exposed.contains(center):
                continue
            at = world.map(center + QPointF(0, self._geometry.size * 0.45))
            box = QRectF(at.x() - pixels, at.y() - pixels / 2, 2 * pixels, pixels * 1.2)
            painter.setPen(QColor(0, 0, 0))
            painter.drawText(box.translated(1.2, 1.2), Qt.AlignmentFlag.AlignCenter, str(value))
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))
        painter.restore()


@dataclass(frozen=True)
class Ghost:
    """One ghost template: the spaces it covers, its origin, its rank (1 = best) and the
    caption of what it hits."""

    spaces: frozenset[Hex]
    origin: tuple[Hex, ...]
    rank: int
    caption: str


class GhostAims(QGraphicsItem):
    """The best Area aims as ghosts: a faint fill, a dashed outline and a numbered badge
    with a caption by each origin (the best drawn on top)."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(GHOST_Z)
        mouse_transparent(self)
        self._geometry = geometry
        self._ghosts: tuple[Ghost, ...] = ()
        self._outlines: list[QPainterPath] = []
        self._rect = QRectF()
        self.captions: list[RulerLabelItem] = []

    @property
    def ghosts(self) -> tuple[Ghost, ...]:
        """The ghosts drawn, best first."""
        return self._ghosts

    def set_ghosts(self, ghosts: Sequence[Ghost], geometry: SceneGeometry | None = None) -> None:
        """Draw exactly ``ghosts`` (best first)."""
        self.prepareGeometryChange()
        self._geometry = geometry or self._geometry
        self._ghosts = tuple(ghosts)
        self._outlines = [boundary_path(g.spaces, self._geometry) for g in self._ghosts]
        self._rect = QRectF()
        for outline in self._outlines:
            self._rect = self._rect.united(outline.boundingRect().adjusted(-4, -4, 4, 4))
        self._set_captions()
        self.update()

    def clear(self) -> None:
        """Draw no ghost."""
        self.set_ghosts(())

    def candidate_at(self, h: Hex) -> int | None:
        """The index of the best ghost covering ``h`` (its origin first), or ``None``."""
        for k, ghost in enumerate(self._ghosts):
            if h in ghost.origin:
                return k
        for k, ghost in enumerate(self._ghosts):
            if h in ghost.spaces:
                return k
        return None

    def _set_captions(self) -> None:
        """The best ghost's caption under it; the others only their rank, at their far
        end, so the captions never stack on one another over the origin."""
        _drop(self.captions)
        self.captions = []
        for ghost, outline in zip(self._ghosts, self._outlines, strict=True):
            if ghost.rank == 1:
                box = outline.boundingRect()
                anchor, text, below = QPointF(box.center().x(), box.bottom()), ghost.caption, True
            else:
                anchor, text, below = self._far_end(ghost), str(ghost.rank), False
            label = RulerLabelItem(text, anchor, _rank_color(ghost), below=below)
            label.setParentItem(self)
            self.captions.append(label)
        scene = self.scene()
        if scene is not None and self.captions:
            place_screen_labels(scene, self.captions)  # clear of the tokens and names

    def _far_end(self, ghost: Ghost) -> QPointF:
        """The centre of the ghost's space farthest from its origin."""
        middle = _middle(self._geometry.center(h) for h in ghost.origin)
        points = [self._geometry.center(h) for h in ghost.spaces] or [middle]
        return max(points, key=lambda p: (p - middle).manhattanLength())

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for ghost, outline in reversed(list(zip(self._ghosts, self._outlines, strict=True))):
            color = _rank_color(ghost)
            fill = QColor(color)
            fill.setAlpha(70 if ghost.rank == 1 else 30)
            painter.setBrush(QBrush(fill, Qt.BrushStyle.SolidPattern))
            painter.setPen(cosmetic_pen(UNDERLAY, 4 if ghost.rank == 1 else 3))
            painter.drawPath(outline)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            style = Qt.PenStyle.DashLine if ghost.rank == 1 else Qt.PenStyle.DotLine
            painter.setPen(cosmetic_pen(color, 3 if ghost.rank == 1 else 2, style))
            painter.drawPath(outline)
            origin = self._geometry.hexes_path(ghost.origin)
            painter.setPen(QPen(color, 0))
            painter.setBrush(QBrush(color, Qt.BrushStyle.Dense4Pattern))
            painter.drawPath(origin)


def _drop(labels: Iterable[QGraphicsItem]) -> None:
    """Take ``labels`` off the scene."""
    for label in labels:
        label.setParentItem(None)
        scene = label.scene()
        if scene is not None:
            scene.removeItem(label)


def _rank_color(ghost: Ghost) -> QColor:
    return SKY_BLUE if ghost.rank == 1 else REDDISH_PURPLE


def _middle(points: Iterable[QPointF]) -> QPointF:
    pts = list(points)
    return QPointF(sum(p.x() for p in pts) / len(pts), sum(p.y() for p in pts) / len(pts))


_PATH_LOOKS = (
    (SKY_BLUE, Qt.PenStyle.SolidLine, -0.18),  # the cheapest: solid, a little above
    (BLUISH_GREEN, Qt.PenStyle.DashLine, 0.18),  # the safest: dashed, a little below
)


class LensPaths(QGraphicsItem):
    """Two paths to one space: the cheapest solid, the safest dashed (when it differs),
    each with a caption of its cost and Hinder chances at its end."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(PATH_Z)
        mouse_transparent(self)
        self._geometry = geometry
        self._lines: list[tuple[QPainterPath, QColor, Qt.PenStyle]] = []
        self._rect = QRectF()
        self.captions: list[RulerLabelItem] = []

    def set_paths(
        self,
        paths: Sequence[tuple[Sequence[Hex], str]],
        geometry: SceneGeometry | None = None,
    ) -> None:
        """Draw ``paths`` (anchors and caption): the first the cheapest, the second (if
        any) the safest."""
        self.prepareGeometryChange()
        self._geometry = geometry or self._geometry
        self._lines = []
        self._rect = QRectF()
        _drop(self.captions)
        self.captions = []
        points: list[QPointF] = []
        for (anchors, caption), (color, style, side) in zip(paths, _PATH_LOOKS, strict=False):
            path = self._polyline(anchors, side)
            self._lines.append((path, color, style))
            self._rect = self._rect.united(path.boundingRect().adjusted(-6, -6, 6, 6))
            end = self._geometry.center(anchors[-1])
            below = side > 0
            label = RulerLabelItem(caption, end, color, below=below)
            label.setParentItem(self)
            self.captions.append(label)
            points.extend(self._geometry.center(h) for h in anchors)
        scene = self.scene()
        if scene is not None and self.captions:
            place_screen_labels(scene, self.captions, path_segments(points))
        self.update()

    def clear(self) -> None:
        """Draw no path."""
        self.set_paths(())

    def _polyline(self, anchors: Sequence[Hex], side: float) -> QPainterPath:
        """The path through the centres of ``anchors``, shifted a little to one side so
        two paths along the same hexes both show."""
        shift = QPointF(0, side * self._geometry.size)
        path = QPainterPath()
        for k, h in enumerate(anchors):
            point = self._geometry.center(h) + shift
            if k == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        return path

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path, color, style in self._lines:
            painter.setPen(cosmetic_pen(UNDERLAY, 7))
            painter.drawPath(path)
            painter.setPen(cosmetic_pen(color, 4, style))
            painter.drawPath(path)
