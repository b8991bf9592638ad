"""Colours and patterns: how terrain and tokens look, for the table and for a shared screen.

Every terrain layer reads by pattern as well as by colour, so colour-blind players can
tell them apart: walls are cross-hatched, steep slopes diagonally hatched, water has
horizontal lines, Concealment is dotted. Fog of war is greyed and hatched on the GM's map
(the GM still sees what lies under it) and opaque dark "unexplored" hexes on the players'
screen (:data:`UNEXPLORED_RGB`). Sides use the Okabe–Ito colour-blind-safe
palette *and* a ring style (solid, double, dashed, dotted).
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen

from rules import Board, GroundKind

U8Array = npt.NDArray[np.uint8]

GROUND_RGB: dict[GroundKind, tuple[int, int, int]] = {
    GroundKind.OPEN: (214, 206, 178),
    GroundKind.GRASS: (150, 190, 110),
    GroundKind.LOOSE_EARTH: (181, 148, 104),
    GroundKind.PACKED_EARTH: (150, 118, 82),
    GroundKind.STONE: (160, 160, 160),
    GroundKind.SAND: (232, 214, 150),
    GroundKind.MUD: (112, 92, 64),
    GroundKind.SNOW: (240, 244, 248),
    GroundKind.WOOD: (176, 128, 78),
    GroundKind.WATER: (110, 160, 205),
}
WALL_RGB = (58, 52, 48)
WATER_RGB = (60, 120, 190)
FOG_RGB = (90, 90, 110)  # the haze of Concealment (not fog of war)
FOG_OF_WAR_RGB = (150, 152, 168)  # the GM's map: fogged spaces are greyed toward this
FOG_OF_WAR_GREYING = 0.45
UNEXPLORED_RGB = (30, 32, 42)  # the players' screen: fogged spaces, opaque
UNEXPLORED_EDGE = QColor(52, 55, 70)
GRID_COLOR = QColor(40, 36, 30, 150)

_GROUND_TABLE = np.array([GROUND_RGB[k] for k in GroundKind], dtype=np.float32)


def cell_colors(
    board: Board,
    hidden: frozenset[str] = frozenset(),
    opaque_fog: bool = False,
    block: tuple[slice, slice] = (slice(None), slice(None)),
) -> U8Array:
    """Fill colour of every cell (of ``block``: rows, columns) as a ``(rows, columns, 3)``
    uint8 array.

    Ground kind sets the hue; higher ground is lighter and lower ground darker (6 % a
    step); water blends toward blue by depth; Concealment greys it; walls are dark; fog of
    war greys it too, or with ``opaque_fog`` (the players' screen) paints the cell
    :data:`UNEXPLORED_RGB` whatever lies under it. Layers named in ``hidden`` are left out
    (the ground is always shown; ``opaque_fog`` ignores ``hidden``).

    A cell's colour depends only on a few small numbers (ground kind, elevation up to
    where the lightening saturates, depth up to 4, Concealment Tier, wall, fog), so the
    colours of every combination are worked out once in a small table
    (:func:`_color_table`) and each cell is one look-up in it, a band of rows at a time:
    a 2000×2000 map takes a few hundredths of a second and no map-sized float copies.
    """
    table = _color_table(frozenset(hidden), opaque_fog)
    layers = [board.layer(name)[block] for name in _KEY_LAYERS]
    height, width = layers[0].shape
    out = np.empty((height, width, 3), dtype=np.uint8)
    rows_per_band = max(1, COLOR_BAND_CELLS // max(1, width))
    for top in range(0, height, rows_per_band):
        band = slice(top, top + rows_per_band)
        out[band] = table[_color_keys([layer[band] for layer in layers])]
    return out


def colors_at(
    board: Board,
    rows: npt.NDArray[np.intp],
    cols: npt.NDArray[np.intp],
    hidden: frozenset[str] = frozenset(),
    opaque_fog: bool = False,
) -> U8Array:
    """The fill colours (:func:`cell_colors`) of the cells at ``rows``, ``cols`` (arrays
    of one shape, on the map), as ``rows.shape + (3,)`` uint8: a far-zoom picture colours
    only the cells its pixels land on."""
    table = _color_table(frozenset(hidden), opaque_fog)
    return table[_color_keys([board.layer(name)[rows, cols] for name in _KEY_LAYERS])]


_KEY_LAYERS = ("ground", "elevation", "water_depth", "concealment", "blocked", "fog")
COLOR_BAND_CELLS = 1 << 18  # cells coloured at a time: the keys of a band stay in cache
ELEVATION_STEPS = (-10, 9)  # the lightening 1 + 0.06 × elevation is clipped beyond these
DEPTH_STEPS = 5  # water depth 0–4 (deeper looks as deep as 4)
TIER_STEPS = 13  # Concealment Tier 0–12


def _color_keys(layers: list[npt.NDArray[np.generic]]) -> npt.NDArray[np.intp]:
    """The index into :func:`_color_table` of each cell of these ``_KEY_LAYERS`` bands."""
    ground, elevation, depth, tier, wall, fog = layers
    low, high = ELEVATION_STEPS
    key = ground.astype(np.intp)
    key *= high - low + 1
    key += np.clip(elevation, low, high) - low
    key *= DEPTH_STEPS
    key += np.minimum(depth, DEPTH_STEPS - 1)
    key *= TIER_STEPS
    key += np.minimum(tier, TIER_STEPS - 1)
    key *= 4
    key += 2 * wall.astype(np.intp) + fog.astype(np.intp)
    return key


@functools.lru_cache(maxsize=16)
def _color_table(hidden: frozenset[str], opaque_fog: bool) -> U8Array:
    """The colour of every combination of the ``_KEY_LAYERS`` values, in the order of
    :func:`_color_keys`: the rule of :func:`cell_colors`, in float32, applied to each
    combination once."""
    low, high = ELEVATION_STEPS
    grid = np.meshgrid(
        np.arange(len(GroundKind)),
        np.arange(low, high + 1),
        np.arange(DEPTH_STEPS),
        np.arange(TIER_STEPS),
        (False, True),
        (False, True),
        indexing="ij",
    )
    ground, elevation, depth, tier, wall, fogged = (axis.ravel() for axis in grid)
    rgb = _GROUND_TABLE[ground]
    if "elevation" not in hidden:
        lighten = np.clip(1.0 + 0.06 * elevation.astype(np.float32), 0.45, 1.5)
        rgb = np.clip(rgb * lighten[..., None], 0, 255)
    if "water_depth" not in hidden:
        deep = depth.astype(np.float32)[..., None]
        rgb = rgb + (np.array(WATER_RGB, np.float32) - rgb) * (deep * 0.18)
    if "concealment" not in hidden:
        haze = tier.astype(np.float32)[..., None] / 12.0
        rgb = rgb + (np.array(FOG_RGB, np.float32) - rgb) * (haze * 0.6)
    if "blocked" not in hidden:
        rgb[wall] = WALL_RGB
    if opaque_fog:
        rgb[fogged] = UNEXPLORED_RGB
    elif "fog" not in hidden:
        grey = np.array(FOG_OF_WAR_RGB, np.float32)
        rgb[fogged] = rgb[fogged] + (grey - rgb[fogged]) * FOG_OF_WAR_GREYING
    return np.ascontiguousarray(rgb.astype(np.uint8))


def pattern_brush(layer: str) -> QBrush:
    """The hatch drawn over a cell for a layer that is set (wall, steep, water,
    Concealment, fog of war), or ``"unexplored"``: the players' fog of war.

    Fog of war is a wide cross-hatch texture, unlike the walls' fine one; textures scale
    with the painter, so a caller drawing zoomed sets the brush's transform to undo that.
    """
    if layer == "fog":
        return QBrush(_fog_tile())
    color, style = UNEXPLORED_PATTERN if layer == "unexplored" else _PATTERNS[layer]
    return QBrush(QColor(*color), style)


@functools.cache
def _fog_tile() -> QImage:
    """One tile of the GM's fog hatch: light and dark diagonals both ways, 14 px apart."""
    size = FOG_HATCH_PX
    tile = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(Qt.GlobalColor.transparent)
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for color, width in (((70, 70, 85, 120), 3.0), ((240, 240, 250, 220), 1.4)):
        painter.setPen(QPen(QColor(*color), width))
        painter.drawLine(QPointF(-1, -1), QPointF(size + 1, size + 1))
        painter.drawLine(QPointF(-1, size + 1), QPointF(size + 1, -1))
    painter.end()
    return tile


_PATTERNS: dict[str, tuple[tuple[int, int, int, int], Qt.BrushStyle]] = {
    "blocked": ((230, 220, 200, 200), Qt.BrushStyle.DiagCrossPattern),
    "steep": ((70, 40, 20, 170), Qt.BrushStyle.BDiagPattern),
    "water_depth": ((235, 245, 255, 170), Qt.BrushStyle.HorPattern),
    "concealment": ((30, 30, 50, 150), Qt.BrushStyle.Dense6Pattern),
    "magic": ((204, 121, 167, 220), Qt.BrushStyle.CrossPattern),  # magic Concealment
}
PATTERN_LAYERS = (*_PATTERNS, "fog")  # fog: a texture, see pattern_brush
FOG_HATCH_PX = 14
UNEXPLORED_PATTERN = ((58, 62, 80, 255), Qt.BrushStyle.Dense6Pattern)  # subtle, on the dark

# Okabe–Ito palette; the ring style carries the same information without colour.
SIDE_STYLE: dict[str, tuple[str, Qt.PenStyle]] = {
    "party": ("#0072B2", Qt.PenStyle.SolidLine),
    "ally": ("#009E73", Qt.PenStyle.DashDotLine),
    "neutral": ("#F0E442", Qt.PenStyle.DotLine),
    "enemy": ("#D55E00", Qt.PenStyle.DashLine),
}


def cosmetic_pen(
    color: QColor,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    round_ends: bool = False,
) -> QPen:
    """A pen ``width`` pixels wide on screen at every zoom (flat, mitred ends unless
    ``round_ends``): overlays stay readable however far the view is zoomed."""
    pen = QPen(color, width, style)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap if round_ends else Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin if round_ends else Qt.PenJoinStyle.MiterJoin)
    return pen


def side_pen(side: str, width: float) -> QPen:
    """Ring pen for a token of ``side``: its colour and its dash pattern."""
    color, style = SIDE_STYLE.get(side, SIDE_STYLE["neutral"])
    pen = QPen(QColor(color), width, style)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def readable_text_color(background: QColor) -> QColor:
    """Black or white, whichever contrasts more with ``background``."""
    luminance = 0.299 * background.red() + 0.587 * background.green() + 0.114 * background.blue()
    return QColor(Qt.GlobalColor.black) if luminance > 140 else QColor(Qt.GlobalColor.white)
