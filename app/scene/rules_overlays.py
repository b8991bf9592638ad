"""Rules overlays: full spaces, a token's Reach outline, a Concealment shade, highlights.

Each draws a rules answer the Inspector asked for and never changes the model. Every one
reads by shape as well as by colour (a dashed ring and a "FULL" tag, a dashed outline,
Tier numbers), uses cosmetic pens (the same width in pixels at every zoom) and ignores the
mouse, so tools and token tooltips see through them. They sit between the terrain
(z −100) and the tokens (z ≥ −2), except the full-space markers: a full space is covered
by tokens by definition, so its marker is drawn over them.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.overlay_items import PREVIEW_COLOR, paint_hatched
from app.scene.style import cosmetic_pen
from rules import DIRECTIONS, Hex

SHADE_Z = -60
HIGHLIGHT_Z = -40
REACH_Z = -30
FULL_Z = 45  # over the tokens that fill the space, under labels (60)

FULL_COLOR = QColor("#E69F00")  # Okabe–Ito orange
REACH_COLOR = QColor("#56B4E9")  # Okabe–Ito sky blue
UNDERLAY = QColor(0, 0, 0, 200)  # a dark edge under every dash: reads on any ground
SHADE_RGB = (16, 16, 40)
TAG_BELOW = 30.0  # on-screen hex width (px) under which the "FULL" tag is left out
NUMBERS_FROM = 18.0  # on-screen hex width (px) from which Tier numbers are written

TierArray = npt.NDArray[np.int16]


def mouse_transparent(item: QGraphicsItem) -> None:
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    item.setAcceptHoverEvents(False)


def screen_hex_px(painter: QPainter, geometry: SceneGeometry) -> float:
    lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    return lod * geometry.layout.width


def boundary_path(hexes: Iterable[Hex], geometry: SceneGeometry) -> QPainterPath:
    """The edges between a hex of ``hexes`` and a hex not in it, chained into closed loops
    (one outline around the whole set, plus one around each hole)."""
    edges = boundary_edges(frozenset(hexes), geometry)
    starts: dict[tuple[float, float], list[tuple[QPointF, QPointF]]] = {}
    for a, b in edges:
        starts.setdefault(_key(a), []).append((a, b))
    path = QPainterPath()
    while starts:
        key = next(iter(starts))
        a, b = _pop_edge(starts, key)
        path.moveTo(a)
        while _key(b) != key and _key(b) in starts:
            path.lineTo(b)
            _a, b = _pop_edge(starts, _key(b))
        path.lineTo(b)
        path.closeSubpath()
    return path


def boundary_edges(hexes: frozenset[Hex], geometry: SceneGeometry) -> list[tuple[QPointF, QPointF]]:
    """Each edge (two corners in scene coordinates) between a hex of ``hexes`` and a
    neighbour outside it, going round every hex the same way."""
    corners = [QPointF(x, y) for x, y in geometry.layout.corner_offsets()]
    across = _edge_directions(geometry, corners)
    edges = []
    for h in hexes:
        center = geometry.center(h)
        for k, direction in enumerate(across):
            if h + direction not in hexes:
                edges.append((center + corners[k], center + corners[(k + 1) % 6]))
    return edges


def _edge_directions(geometry: SceneGeometry, corners: list[QPointF]) -> list[Hex]:
    """For each edge k (corner k to corner k+1), the direction of the hex across it."""
    origin = geometry.center(Hex(0, 0))
    result = []
    for k in range(6):
        out = corners[k] + corners[(k + 1) % 6]  # twice the midpoint: the neighbour's centre
        result.append(
            min(DIRECTIONS, key=lambda d: QLineF(geometry.center(d) - origin, out).length())
        )
    return result


def _key(point: QPointF) -> tuple[float, float]:
    return (round(point.x(), 2), round(point.y(), 2))


def _pop_edge(
    starts: dict[tuple[float, float], list[tuple[QPointF, QPointF]]], key: tuple[float, float]
) -> tuple[QPointF, QPointF]:
    bucket = starts[key]
    edge = bucket.pop()
    if not bucket:
        del starts[key]
    return edge


class FullSpaceMarkers(QGraphicsItem):
    """A thick dashed ring and a "FULL" tag on every fully occupied space."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(FULL_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        mouse_transparent(self)
        self._geometry = geometry
        self._spaces: frozenset[Hex] = frozenset()
        self._rect = QRectF()
        self._font = QFont()
        self._font.setBold(True)
        self._font.setPixelSize(max(1, round(geometry.size * 0.42)))

    @property
    def spaces(self) -> frozenset[Hex]:
        """The spaces marked."""
        return self._spaces

    def set_spaces(self, spaces: frozenset[Hex], geometry: SceneGeometry | None = None) -> None:
        """Mark exactly ``spaces`` (with ``geometry``, after the grid changed)."""
        self.prepareGeometryChange()
        self._geometry = geometry or self._geometry
        self._spaces = frozenset(spaces)
        size = self._geometry.size
        rect = QRectF()
        for h in self._spaces:
            c = self._geometry.center(h)
            rect = rect.united(QRectF(c.x() - size, c.y() - size, 2 * size, 2 * size))
        self._rect = rect.adjusted(-8, -8, 8, 8)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        geometry = self._geometry
        ring = QPainterPath()
        ring.addPolygon(geometry.unit_polygon())
        ring.closeSubpath()
        inset = 0.93  # on the hex edge, outside the token discs
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        with_tag = screen_hex_px(painter, geometry) >= TAG_BELOW
        size = geometry.size
        for h in self._spaces:
            center = geometry.center(h)
            if not option.exposedRect.intersects(
                QRectF(center.x() - size, center.y() - size, 2 * size, 2 * size)
            ):
                continue
            painter.save()
            painter.translate(center)
            painter.scale(inset, inset)
            painter.setPen(cosmetic_pen(UNDERLAY, 7))
            painter.drawPath(ring)
            painter.setPen(cosmetic_pen(FULL_COLOR, 5, Qt.PenStyle.DashLine))
            painter.drawPath(ring)
            painter.restore()
            if with_tag:
                self._paint_tag(painter, center)

    def _paint_tag(self, painter: QPainter, center: QPointF) -> None:
        """The word FULL on a dark tab across the top of the hex, over the tokens' edges."""
        size = self._geometry.size
        tag = QRectF(center.x() - size * 0.62, center.y() - size * 0.98, size * 1.24, size * 0.5)
        painter.setPen(cosmetic_pen(FULL_COLOR, 2))
        painter.setBrush(QColor(20, 20, 20, 235))
        painter.drawRoundedRect(tag, 4, 4)
        painter.setFont(self._font)
        painter.setPen(FULL_COLOR.lighter(130))
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, "FULL")
        painter.setBrush(Qt.BrushStyle.NoBrush)


class _HexSetItem(QGraphicsItem):
    """A set of hexes drawn from one cached path (see the subclasses)."""

    def __init__(self, geometry: SceneGeometry, z: float):
        super().__init__()
        self.setZValue(z)
        mouse_transparent(self)
        self._geometry = geometry
        self._hexes: frozenset[Hex] = frozenset()
        self._path = QPainterPath()

    @property
    def hexes(self) -> frozenset[Hex]:
        """The hexes shown."""
        return self._hexes

    @property
    def path(self) -> QPainterPath:
        """What is drawn, in scene coordinates."""
        return QPainterPath(self._path)

    def show_hexes(self, hexes: Iterable[Hex], geometry: SceneGeometry | None = None) -> None:
        """Show exactly ``hexes`` (with ``geometry``, after the grid changed)."""
        self.prepareGeometryChange()
        self._geometry = geometry or self._geometry
        self._hexes = frozenset(hexes)
        self._path = self._build_path()
        self.update()

    def clear(self) -> None:
        """Show nothing."""
        self.show_hexes(())

    def _build_path(self) -> QPainterPath:
        raise NotImplementedError

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-6, -6, 6, 6)


class ReachOutline(_HexSetItem):
    """One thick dashed outline around a set of hexes (a token's Reach)."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__(geometry, REACH_Z)

    def _build_path(self) -> QPainterPath:
        return boundary_path(self._hexes, self._geometry)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(UNDERLAY, 7))
        painter.drawPath(self._path)
        painter.setPen(cosmetic_pen(REACH_COLOR, 5, Qt.PenStyle.DashLine))
        painter.drawPath(self._path)


class HighlightHexes(_HexSetItem):
    """Hatched, outlined hexes under the tokens: the spaces that caused a result. Drawn
    like :class:`~app.scene.overlay_items.HexSetPreviewItem` (yellow hatch, black and
    dashed outline) but not one, so code looking for a gesture's preview never finds it."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__(geometry, HIGHLIGHT_Z)

    def _build_path(self) -> QPainterPath:
        return self._geometry.hexes_path(self._hexes)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        edge, dash = cosmetic_pen(QColor("#000000"), 3), cosmetic_pen(PREVIEW_COLOR, 2)
        paint_hatched(painter, self._path, edge, dash)
