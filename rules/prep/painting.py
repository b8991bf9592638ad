"""Terrain painting: which hexes a stroke touches and what it writes. Pure, no Qt.

The seeds are silent on painting; RULES-DIGEST §10 says what the layers mean (ground kind,
slopes over 45° need Climb, Concealment 1–12, walls) and §11 Q10 gives each ground kind
its default Ground Softness, which :func:`paint_ground` writes along.

A tool asks :func:`brush`, :func:`stroke` or :func:`flood_region` what it touches, then
commits once with :func:`paint`, :func:`paint_ground` or :func:`adjust`: one copy of the
layer, one numpy assignment. The frozen :class:`PaintResult` says which hexes really
changed ("Painted 37 hexes of Stone"; none: no undo step). A :class:`Region` is a
read-only set of hexes backed by a cell mask, because a flood can cover a whole 500×500
map and a quarter of a million ``Hex`` objects take half a second to build.

>>> board = Board.blank(6, 4)
>>> result = paint_ground(board, brush(board, Hex(2, 1), 1), GroundKind.STONE)
>>> result.describe(), eyedropper(result.board, Hex(2, 1), "softness")
('Painted 7 hexes of Stone', 0)
>>> len(flood_region(result.board, Hex(0, 0), "ground"))
17
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from rules.board.grid import Board, axial_of_cells, cells_of, hex_to_cell
from rules.board.terrain import LAYER_SPECS, ConcealmentKind, GroundKind, LayerSpec
from rules.errors import OutOfBoundsError, RulesError
from rules.hexes import Hex, disk_offsets, hex_line
from rules.layout import Orientation

__all__ = [
    "ADJUSTABLE_LAYERS",
    "PaintError",
    "PaintResult",
    "Region",
    "adjust",
    "brush",
    "eyedropper",
    "flood_region",
    "paint",
    "paint_ground",
    "stroke",
]

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
ADJUSTABLE_LAYERS = ("elevation", "water_depth", "concealment", "softness")


class PaintError(RulesError):
    """A paint value outside the layer's range, or a layer that cannot be raised/lowered."""


class Region(AbstractSet[Hex]):
    """A read-only set of a board's hexes, stored as a ``(height, width)`` cell mask:
    ``in``, ``len``, iteration and comparisons work as on a ``frozenset``."""

    __slots__ = ("_count", "_mask", "_orientation")

    def __init__(self, mask: BoolArray, orientation: Orientation) -> None:
        owned = np.array(mask, dtype=np.bool_, copy=True)
        if owned.ndim != 2:
            raise ValueError(f"a region mask is (height, width), got shape {owned.shape}")
        owned.flags.writeable = False
        self._mask = owned
        self._orientation = orientation
        self._count = int(np.count_nonzero(owned))

    @classmethod
    def of(cls, board: Board, hexes: Iterable[Hex]) -> Region:
        """The region of ``hexes`` on ``board``; raises OutOfBoundsError for an off-map hex."""
        return cls(_mask_of(board, hexes), board.orientation)

    @property
    def mask(self) -> BoolArray:
        """The read-only boolean ``(height, width)`` mask, indexed ``[row, col]``."""
        return self._mask

    @property
    def orientation(self) -> Orientation:
        """The orientation whose offset cells the mask is in."""
        return self._orientation

    def __len__(self) -> int:
        return self._count

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Hex):
            return False
        col, row = hex_to_cell(item, self._orientation)
        height, width = self._mask.shape
        return 0 <= col < width and 0 <= row < height and bool(self._mask[row, col])

    def __iter__(self) -> Iterator[Hex]:
        """The hexes row by row (offset cells in reading order)."""
        rows, cols = np.nonzero(self._mask)
        qs, rs = axial_of_cells(cols, rows, self._orientation)
        return map(Hex, qs.tolist(), rs.tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Region) and other._orientation is self._orientation:
            return bool(np.array_equal(self._mask, other._mask))
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> frozenset[Any]:
        # Set operators (&, |, -) build their answer from an iterable: a plain frozenset.
        return frozenset(it)

    def __repr__(self) -> str:
        height, width = self._mask.shape
        return f"<Region of {self._count} hexes on a {width}×{height} map>"


# -- what a stroke touches -------------------------------------------------------------------


def _clipped(board: Board, qs: IntArray, rs: IntArray) -> frozenset[Hex]:
    cols, rows = cells_of(qs, rs, board.orientation)
    keep = (cols >= 0) & (cols < board.width) & (rows >= 0) & (rows < board.height)
    cells = np.unique(rows[keep] * board.width + cols[keep])
    q, r = axial_of_cells(cells % board.width, cells // board.width, board.orientation)
    return frozenset(map(Hex, q.tolist(), r.tolist()))


def brush(board: Board, center: Hex, radius: int) -> frozenset[Hex]:
    """The hexes within ``radius`` spaces of ``center`` that are on the map (radius 0 = the
    centre alone). ``center`` itself may be off the map. Raises ValueError if radius < 0."""
    return stroke(board, center, center, radius)


def stroke(board: Board, a: Hex, b: Hex, radius: int) -> frozenset[Hex]:
    """The brush of ``radius`` dragged along the straight line ``hex_line(a, b)``, clipped to
    the map. Raises ValueError if radius < 0."""
    offsets = disk_offsets(radius)
    line = np.array([(h.q, h.r) for h in hex_line(a, b)], dtype=np.int64)
    touched = (line[:, None, :] + offsets[None, :, :]).reshape(-1, 2)
    return _clipped(board, touched[:, 0], touched[:, 1])


def _spread(firsts: IntArray, lasts: IntArray) -> IntArray:
    """Every index in the ranges ``firsts[i]:lasts[i]``, concatenated."""
    counts = lasts - firsts
    ends = np.cumsum(counts)
    return np.repeat(firsts - ends + counts, counts) + np.arange(ends[-1] if ends.size else 0)


def _reached(first: int, ranges: list[IntArray]) -> BoolArray:
    """Which runs a breadth-first search from run ``first`` reaches; ``ranges`` hold each
    run's neighbour runs as index ranges (above: ``ranges[0]:ranges[1]``, below: 2:3).
    Small frontiers step in plain Python, large ones with numpy: both a long one-run-wide
    corridor and a comb of thousands of short runs stay fast."""
    seen = bytearray(len(ranges[0]))
    seen_view = np.frombuffer(seen, dtype=np.bool_)
    seen[first] = 1
    frontier: list[int] = [first]
    up_first, up_last, down_first, down_last = (r.tolist() for r in ranges)
    while frontier:
        if len(frontier) < 64:
            found = []
            for k in frontier:
                for n in (*range(up_first[k], up_last[k]), *range(down_first[k], down_last[k])):
                    if not seen[n]:
                        seen[n] = 1
                        found.append(n)
            frontier = found
        else:
            at = np.array(frontier, dtype=np.int64)
            near = np.concatenate([_spread(ranges[i][at], ranges[i + 1][at]) for i in (0, 2)])
            new = np.unique(near[~seen_view[near]])
            seen_view[new] = True
            frontier = new.tolist()
    return seen_view.copy()


def _connected_runs(m: BoolArray, line0: int, cell0: int) -> BoolArray:
    """The 6-connected part of ``m`` that holds ``m[line0, cell0]``, searched over the runs
    of True cells along each line (a whole open map is one run per line).

    ``m`` is laid out so that odd lines are shifted half a cell forward (odd-r rows, or
    odd-q columns transposed): a run ``[a, b)`` on an even line touches cells ``a - 1 ..
    b - 1`` of the lines beside it, on an odd line cells ``a .. b``. Runs are keyed
    ``line * stride + cell``, so one sorted search finds a range of runs on any line.
    """
    stride = m.shape[1] + 2
    padded = np.zeros((m.shape[0], stride), dtype=np.int8)
    padded[:, 1:-1] = m
    edges = np.diff(padded, axis=1)
    lines, starts = np.nonzero(edges == 1)
    stops = np.nonzero(edges == -1)[1]
    base = lines * stride
    start_keys, stop_keys = base + starts, base + stops
    lo, hi = starts - 1 + (lines & 1), stops + (lines & 1)
    ranges = []
    for side in (base - stride, base + stride):  # the line above, then the line below
        ranges.append(np.searchsorted(stop_keys, side + lo, "right"))
        ranges.append(np.searchsorted(start_keys, side + hi, "left"))
    first = int(np.searchsorted(start_keys, line0 * stride + cell0, "right")) - 1
    chosen = _reached(first, ranges)
    marks = np.zeros((m.shape[0], stride - 1), dtype=np.int8)
    marks[lines[chosen], starts[chosen]] = 1
    marks[lines[chosen], stops[chosen]] = -1
    return np.cumsum(marks[:, :-1], axis=1, dtype=np.int8) > 0


def flood_region(board: Board, start: Hex, layer: str) -> Region:
    """The hexes reachable from ``start`` through neighbouring hexes (6 directions) whose
    value in ``layer`` equals the value at ``start``: what a flood fill repaints.

    Only ``layer`` is compared (flooding "ground" ignores elevation, and so on). A whole
    open 500×500 map takes about 4 ms; mazes of one-hex corridors, the worst case, up to
    about 0.2 s. Raises OutOfBoundsError if ``start`` is off the map and KeyError for an
    unknown layer.
    """
    col, row = board.cell_of(start)
    values = board.layer(layer)
    same = values == values[row, col]
    if board.orientation is Orientation.POINTY:
        return Region(_connected_runs(same, row, col), board.orientation)
    return Region(_connected_runs(same.T, col, row).T, board.orientation)


def eyedropper(board: Board, h: Hex, layer: str) -> int:
    """The value of ``layer`` at ``h`` as a plain int (booleans as 0/1), for the eyedropper
    tool. Raises OutOfBoundsError off the map and KeyError for an unknown layer."""
    col, row = board.cell_of(h)
    return int(board.layer(layer)[row, col])


# -- what a stroke writes --------------------------------------------------------------------


def _mask_of(board: Board, hexes: Iterable[Hex]) -> BoolArray:
    if isinstance(hexes, Region):
        shape = (board.height, board.width)
        if hexes.orientation is not board.orientation or hexes.mask.shape != shape:
            raise PaintError("the region was made for a map of another shape or orientation")
        return hexes.mask
    pairs = np.array([(h.q, h.r) for h in hexes], dtype=np.int64).reshape(-1, 2)
    cols, rows = cells_of(pairs[:, 0], pairs[:, 1], board.orientation)
    outside = np.flatnonzero(
        (cols < 0) | (cols >= board.width) | (rows < 0) | (rows >= board.height)
    )
    if outside.size:
        bad = Hex(int(pairs[outside[0], 0]), int(pairs[outside[0], 1]))
        raise OutOfBoundsError(f"{bad!r} is outside the {board.width}×{board.height} map")
    mask = np.zeros((board.height, board.width), dtype=np.bool_)
    mask[rows, cols] = True
    return mask


def _spec(layer: str) -> LayerSpec:
    spec = LAYER_SPECS.get(layer)
    if spec is None:
        raise KeyError(f"unknown terrain layer {layer!r}")
    return spec


def _checked_value(layer: str, value: int) -> int:
    spec = _spec(layer)
    if not isinstance(value, int | np.integer) or not spec.minimum <= value <= spec.maximum:
        raise PaintError(
            f"{spec.name} must be an integer {spec.minimum}..{spec.maximum}, got {value!r}"
        )
    return int(value)


_PHRASES: dict[str, str | tuple[str, str]] = {
    "elevation": "to elevation {}",
    "water_depth": "with water {} deep",
    "concealment": "with Concealment {}",
    "softness": "with softness {}",
    "steep": ("not steep", "steep"),
    "blocked": ("clear of walls", "as walls"),
    "fog": ("revealed to the players", "under fog of war"),
}


def _value_text(layer: str, value: int) -> str:
    if layer == "ground":
        return f"of {GroundKind(value).label}"
    if layer == "concealment_kind":
        return f"as {ConcealmentKind(value).short} concealment"
    phrase = _PHRASES[layer]
    return phrase[value] if isinstance(phrase, tuple) else phrase.format(value)


@dataclass(frozen=True, eq=False)
class PaintResult:
    """One committed stroke: the new board (the same object when nothing changed), the
    layer and value written (``mode="adjust"``: the value is the delta), and ``changed``,
    the hexes whose value in any written layer changed (ground and softness for
    :func:`paint_ground`)."""

    board: Board
    layer: str
    value: int
    changed: Region
    mode: Literal["set", "adjust"] = "set"

    @property
    def is_noop(self) -> bool:
        """True when no hex changed: the app pushes no undo step."""
        return len(self.changed) == 0

    def describe(self) -> str:
        """One line for a status bar, e.g. ``"Painted 37 hexes of Stone"``."""
        n = len(self.changed)
        count = f"{n} hex" if n == 1 else f"{n} hexes"
        if self.mode == "adjust":
            verb = "Raised" if self.value > 0 else "Lowered"
            what = self.layer.replace("_", " ")
            return f"{verb} {what} of {count} by {abs(self.value)}" if n else "No hex changed"
        return f"Painted {count} {_value_text(self.layer, self.value)}" if n else "No hex changed"


def _set(board: Board, layer: str, mask: BoolArray, value: int) -> tuple[Board, BoolArray]:
    """``board`` with ``layer = value`` under ``mask`` (one copy of the layer), and which
    cells changed; the same board when none did."""
    old = board.layer(layer)
    changed = mask & (old != value)
    if not changed.any():
        return board, changed
    new = old.copy()
    new[changed] = value
    return board.with_layer(layer, new), changed


def paint(board: Board, layer: str, hexes: Iterable[Hex], value: int) -> PaintResult:
    """Set ``layer`` to ``value`` on ``hexes`` (a Region or any hexes of the map).

    Raises PaintError if ``value`` is outside the layer's range (``LAYER_SPECS``),
    OutOfBoundsError for an off-map hex, KeyError for an unknown layer.
    """
    value = _checked_value(layer, value)
    painted, changed = _set(board, layer, _mask_of(board, hexes), value)
    return PaintResult(painted, layer, value, Region(changed, board.orientation))


def paint_ground(
    board: Board, hexes: Iterable[Hex], kind: GroundKind | int, with_softness: bool = True
) -> PaintResult:
    """Set the ground kind on ``hexes``; with ``with_softness`` also set Ground Softness to
    the kind's default (RULES-DIGEST §11 Q10: stone 0, packed earth 2, sand 6, …).

    Raises PaintError for an unknown kind and OutOfBoundsError for an off-map hex.
    """
    value = _checked_value("ground", kind)
    mask = _mask_of(board, hexes)
    painted, changed = _set(board, "ground", mask, value)
    if with_softness:
        softness = GroundKind(value).default_softness
        painted, softened = _set(painted, "softness", mask, softness)
        changed = changed | softened
    return PaintResult(painted, "ground", value, Region(changed, board.orientation))


def adjust(board: Board, layer: str, hexes: Iterable[Hex], delta: int) -> PaintResult:
    """Raise (``delta > 0``) or lower ``layer`` on ``hexes`` by ``delta`` steps, each hex
    clamped to the layer's range (elevation -999..999, …): the raise/lower tools.

    Only the layers in ``ADJUSTABLE_LAYERS`` can be adjusted; others raise PaintError, as
    does a non-integer delta. OutOfBoundsError for an off-map hex.
    """
    spec = _spec(layer)
    if layer not in ADJUSTABLE_LAYERS:
        raise PaintError(f"{layer} cannot be raised or lowered; paint a value instead")
    if not isinstance(delta, int | np.integer) or isinstance(delta, bool):
        raise PaintError(f"the change must be a whole number of steps, got {delta!r}")
    mask = _mask_of(board, hexes)
    old = board.layer(layer)
    shifted = np.clip(old.astype(np.int64) + int(delta), spec.minimum, spec.maximum)
    new = np.where(mask, shifted, old).astype(spec.dtype)
    changed = new != old
    adjusted = board.with_layer(layer, new) if changed.any() else board
    return PaintResult(adjusted, layer, int(delta), Region(changed, board.orientation), "adjust")
