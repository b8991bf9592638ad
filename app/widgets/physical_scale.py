"""Physical scale: the arithmetic that makes a hex on a screen laid on the table (a TV under
the miniatures) as wide as a real one — 1 inch or 25 mm edge to edge.

Pure functions, no Qt: a screen's pixels per inch from its diagonal (what a TV's box says),
from the physical size it reports, or from two marks drawn a known number of pixels apart
and measured with a ruler (:func:`pixels_per_inch_measured`; :func:`diagonal_from_ppi`
turns that back into the diagonal a :class:`PhysicalScale` is remembered by); the view
zoom that draws one hex that wide, given the scene's hex size; the pans that move the map
by whole hexes, so a miniature standing on a hex is still on one after the map moves.
Sizes are the screen's logical pixels (what Qt's ``QScreen.geometry()`` gives and a view's
zoom is in), so a HiDPI scale cancels out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules import Orientation

__all__ = [
    "HEX_UNITS",
    "LENGTH_UNITS",
    "MM_PER_INCH",
    "HexUnit",
    "PhysicalScale",
    "diagonal_from_ppi",
    "diagonal_inches",
    "hex_edge_to_edge",
    "hex_unit_named",
    "hex_zoom",
    "pan_step",
    "pixels_per_inch",
    "pixels_per_inch_from_size",
    "pixels_per_inch_measured",
    "screen_key",
]

MM_PER_INCH = 25.4
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class HexUnit:
    """How wide a hex is drawn, edge to edge: ``inches`` (25 mm is 0.984 in); ``name`` is
    what the menus and settings call it."""

    name: str
    inches: float


HEX_UNITS: tuple[HexUnit, ...] = (HexUnit("1 inch", 1.0), HexUnit("25 mm", 25 / MM_PER_INCH))
"""The two hex sizes of miniatures' bases and battle mats."""


def _positive(value: float, what: str) -> float:
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{what} must be a positive number, got {value!r}")
    return float(value)


def pixels_per_inch(diagonal: float, width_px: int, height_px: int) -> float:
    """Pixels per inch of a ``width_px`` × ``height_px`` screen whose picture measures
    ``diagonal`` inches corner to corner (square pixels).

    >>> round(pixels_per_inch(24.0, 1920, 1080), 2)
    91.79
    """
    diagonal = _positive(diagonal, "the screen's diagonal (inches)")
    _positive(width_px, "the screen's width (pixels)")
    _positive(height_px, "the screen's height (pixels)")
    return math.hypot(width_px, height_px) / diagonal


def pixels_per_inch_from_size(width_px: int, width_mm: float) -> float:
    """Pixels per inch of a screen ``width_px`` pixels across whose picture is ``width_mm``
    millimetres wide (the physical size the screen reports)."""
    width_mm = _positive(width_mm, "the screen's physical width (mm)")
    return _positive(width_px, "the screen's width (pixels)") * MM_PER_INCH / width_mm


LENGTH_UNITS: dict[str, float] = {"in": 1.0, "mm": 1.0 / MM_PER_INCH}
"""A ruler's units, in inches."""


def pixels_per_inch_measured(pixels_apart: float, length: float, unit: str = "in") -> float:
    """Pixels per inch of a screen on which two marks ``pixels_apart`` (logical) pixels apart
    measure ``length`` ``unit`` (``"in"`` or ``"mm"``) with a ruler.

    >>> round(pixels_per_inch_measured(400, 101.6, "mm"), 2)
    100.0
    """
    if unit not in LENGTH_UNITS:
        raise ValueError(f"no length unit {unit!r}: one of {', '.join(LENGTH_UNITS)}")
    pixels_apart = _positive(pixels_apart, "the marks' distance (pixels)")
    length = _positive(length, f"the length measured ({unit})")
    return pixels_apart / (length * LENGTH_UNITS[unit])


def diagonal_from_ppi(ppi: float, width_px: int, height_px: int) -> float:
    """The diagonal, in inches, of a ``width_px`` × ``height_px`` screen of ``ppi`` pixels
    per inch (the inverse of :func:`pixels_per_inch`).

    >>> round(diagonal_from_ppi(91.79, 1920, 1080), 1)
    24.0
    """
    ppi = _positive(ppi, "pixels per inch")
    _positive(width_px, "the screen's width (pixels)")
    _positive(height_px, "the screen's height (pixels)")
    return math.hypot(width_px, height_px) / ppi


def diagonal_inches(width_mm: float, height_mm: float) -> float:
    """The diagonal, in inches, of a picture ``width_mm`` × ``height_mm`` (to offer the
    screen's own report as the starting value)."""
    width_mm = _positive(width_mm, "the screen's physical width (mm)")
    height_mm = _positive(height_mm, "the screen's physical height (mm)")
    return math.hypot(width_mm, height_mm) / MM_PER_INCH


def hex_edge_to_edge(hex_size: float) -> float:
    """The distance across a hex from one edge to the opposite one (either orientation),
    for a hex of circumradius ``hex_size`` (scene units)."""
    return SQRT3 * _positive(hex_size, "the hex size")


def hex_zoom(ppi: float, hex_size: float, hex_inches: float = 1.0) -> float:
    """The view zoom (screen pixels per scene unit) that draws a hex of circumradius
    ``hex_size`` scene units ``hex_inches`` wide edge to edge on a screen of ``ppi`` pixels
    per inch.

    >>> round(hex_zoom(96.0, 32.0), 4)  # 96 pixels across a 55.4-unit hex
    1.7321
    """
    ppi = _positive(ppi, "pixels per inch")
    hex_inches = _positive(hex_inches, "the hex's width (inches)")
    return hex_inches * ppi / hex_edge_to_edge(hex_size)


PAN_DIRECTIONS = ("left", "right", "up", "down")


def pan_step(orientation: Orientation, hex_size: float, direction: str) -> tuple[float, float]:
    """How far (scene units ``dx, dy``) one arrow key moves the view: a translation of the
    hex grid onto itself, so every hex lands on a hex. Along the hexes' rows it is one hex;
    across them two rows (the straight way across: one row alone is half a hex aside).

    >>> [round(v, 3) for v in pan_step(Orientation.POINTY, 1.0, "right")]
    [1.732, 0.0]
    >>> [round(v, 3) for v in pan_step(Orientation.POINTY, 1.0, "up")]
    [0.0, -3.0]
    """
    if direction not in PAN_DIRECTIONS:
        raise ValueError(f"no pan direction {direction!r}: one of {', '.join(PAN_DIRECTIONS)}")
    across = hex_edge_to_edge(hex_size)  # between neighbours' centres
    straight = 3.0 * hex_size  # two rows (pointy) or two columns (flat)
    if orientation is Orientation.POINTY:
        step_x, step_y = across, straight
    else:
        step_x, step_y = straight, across
    return {
        "left": (-step_x, 0.0),
        "right": (step_x, 0.0),
        "up": (0.0, -step_y),
        "down": (0.0, step_y),
    }[direction]


def screen_key(name: str, width_px: int, height_px: int) -> str:
    """The settings group a screen's physical scale is remembered under: its name and size
    (two TVs of one model at one resolution share it, as they would share the diagonal).

    >>> screen_key("HDMI-1", 1920, 1080)
    'HDMI-1_1920x1080'
    """
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name) or "screen"
    return f"{safe}_{width_px}x{height_px}"


@dataclass(frozen=True)
class PhysicalScale:
    """A screen laid on the table: its picture's ``diagonal`` in inches and how wide a hex
    is drawn on it (``unit``)."""

    diagonal: float
    unit: HexUnit = HEX_UNITS[0]

    def __post_init__(self) -> None:
        _positive(self.diagonal, "the screen's diagonal (inches)")

    def zoom(self, width_px: int, height_px: int, hex_size: float) -> float:
        """The view zoom on a ``width_px`` × ``height_px`` screen of this diagonal that draws
        a hex of circumradius ``hex_size`` scene units ``unit`` wide."""
        ppi = pixels_per_inch(self.diagonal, width_px, height_px)
        return hex_zoom(ppi, hex_size, self.unit.inches)


def hex_unit_named(name: object) -> HexUnit:
    """The hex unit called ``name`` (as remembered in the settings); 1 inch if none is."""
    for unit in HEX_UNITS:
        if unit.name == name:
            return unit
    return HEX_UNITS[0]
