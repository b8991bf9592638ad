"""Importing a Universal VTT battle map (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) as a hex map
(issue #18): File → Import Universal VTT… and ``hexweave import FILE -o OUT.hexmap``.

**What becomes what.** The picture becomes the board's background, its bytes kept as they
are. A hex grid is fitted over it so that one hex measures one square (5 ft) from edge to
edge and the hexes cover the whole picture (:mod:`rules.mapfile.uvtt_grid`). Every hex a
wall polyline crosses (``line_of_sight`` and ``objects_line_of_sight``) is a wall
(``blocked``). A closed door is wall hexes along it and a ``Door`` label whose door hexes
(those along its middle, :data:`DOOR_END_TRIM`) the GM opens with one undo step. A window
is Concealment (:data:`WINDOW_CONCEALMENT`, a condition of the world) on the hexes of its
opening, or walls, as :class:`WindowsAs` says. A light is a GM-only label. The
:class:`UvttSummary` says what was imported and what was left out, and why.

**The format** has no specification beyond what its exporters write; this reads what the
importers read (their sources read for this module):

- moo-man/FVTT-DD-Import (``ddimport.js``, Foundry VTT): a point's pixel is
  ``(point − map_origin) × pixels_per_grid`` for walls, doors and lights; a light's
  ``color`` is ``"AARRGGBB"`` (``"#" + color.substring(2)``), its ``range`` in squares;
  lights outside the map are dropped; a portal that is not ``closed`` is imported as a
  window-like wall that lets sight and light through ("Proximity type if door.closed =
  false (assumes they are windows)"; its setting "you can make portals import as windows
  by unchecking 'block light' in Dungeondraft").
- Imagix/uvtt2fgu (``uvtt2fgu.py``, Fantasy Grounds): subtracts ``map_origin`` too, and
  writes a portal with ``"closed": false`` as a window ("Dungeondraft appears to represent
  windows as essentially an open door"). Its ``exampleMaps/sampleMap.dd2vtt`` is a real
  Dungeondraft export (format 0.3, ``map_origin`` (2, 1), 256 px per square, the picture
  plain base64 PNG, a door ``"closed": true`` and a window ``"closed": false``; the
  ``.dungeondraft_map`` beside it shows that portal is ``window_11.png``).
- RPTools/maptool (``DungeonDraftImporter.java``): reads formats 0.2 and 0.3, translates
  by ``−map_origin × pixels_per_grid``, makes walls of ``line_of_sight`` and of closed
  portals (a portal without ``closed`` is closed), nothing of the others; notes that
  ``objects_line_of_sight`` came with Dungeondraft 1.0.2.1.
- Eppinguin/uvtt-importer (``vttTypes.ts``, ``vttItems.ts``, Owlbear Rodeo): the same
  keys; every portal a door, ``open = !closed``; points at ``point × pixels_per_grid``,
  not subtracting ``map_origin`` (the others do; all agree where it is 0).

**Windows.** No exporter read writes a window key: Dungeondraft's window is a portal with
``"closed": false`` (its "Block Light" off), and two of the four importers read it so, so
this does too; a file that marks a portal (``"window": true/false``, or ``"type"`` /
``"kind"`` ``"window"`` / ``"door"``) is believed, and only a portal marked a door that
is not closed is an open door (its opening cleared, no label; counted).
"""

from __future__ import annotations

import colorsys
import enum
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.board.annotations import MAX_DOOR_HEXES, Label
from rules.board.checks import invariant_problems
from rules.board.grid import MAX_MAP_SIDE, Board
from rules.board.terrain import ConcealmentKind, Layer, blank_layers, read_only
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.mapfile.uvtt_file import (
    MAX_GRID_COORDINATE,
    MAX_UVTT_BYTES,
    MAX_UVTT_CONTAINERS,
    MAX_UVTT_LIGHTS,
    MAX_UVTT_POINTS,
    MAX_UVTT_POLYLINES,
    MAX_UVTT_PORTALS,
    MIN_PIXELS_PER_GRID,
    Light,
    Portal,
    UvttFile,
    parse_uvtt,
)
from rules.mapfile.uvtt_grid import (
    Clipped,
    HexFit,
    clip_segments,
    fit_hexes,
    hexes_of,
    mark_hexes,
    wall_cells,
)
from rules.text import counted

__all__ = [
    "DOOR_END_TRIM",
    "MAX_GRID_COORDINATE",
    "MAX_UVTT_BYTES",
    "MAX_UVTT_CONTAINERS",
    "MAX_UVTT_LIGHTS",
    "MAX_UVTT_POINTS",
    "MAX_UVTT_POLYLINES",
    "MAX_UVTT_PORTALS",
    "MAX_WALL_SQUARES",
    "MIN_PIXELS_PER_GRID",
    "UVTT_SUFFIXES",
    "WINDOW_CONCEALMENT",
    "UvttImport",
    "UvttSummary",
    "WindowsAs",
    "colour_name",
    "load_uvtt",
    "read_uvtt",
]

UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
"""The file name suffixes of Universal VTT files: Dungeondraft's, the generic one and
DungeonFog's."""
WINDOW_CONCEALMENT = 3
"""The Concealment Tier of a window imported as Concealment (:attr:`WindowsAs.CONCEALMENT`),
of kind ``WORLD`` (it hides from sight). Glass and frame hide what is beyond from across a
room, not from arm's length: world Concealment loses 3 Tiers between adjacent creatures
([S000], RULES-DIGEST §7.1), so at Tier 3 a target just beyond the window is seen clearly,
and from further off it costs −3 on Awareness by sight and half that on a targeted attack
(with the digest's default of summing Tiers along the line, D10, each window looked
through adds 3). **[ASSUMPTION]**: the seeds say nothing of windows."""
DOOR_END_TRIM = 0.25
"""How much of each end of a portal, in squares, is not its opening. A closed door is wall
hexes along all of it, but its label opens (clears) only the hexes along the rest: the hex
where a door meets its wall holds both, and opening it should not cut into the wall. A
window's and an open door's opening is the same part. A portal shorter than twice this
opens at its middle's hex."""
MAX_WALL_SQUARES = 1_000_000
"""The most squares of wall (polylines and portals, the parts on the map) an import walks:
a wall along every row of a 1,000 × 1,000 map. Counted before any is walked; each square
costs a few microseconds."""

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
_PICTURE_STEM = "background"
_DEFAULT_NAME = "Imported map"


class WindowsAs(enum.Enum):
    """What a window becomes (issue #18, "windows Concealment or walls as a named option")."""

    CONCEALMENT = "concealment"
    """Concealment Tier :data:`WINDOW_CONCEALMENT` (world) on its opening, which is not a
    wall: creatures see dimly through it, and can move through it as through a gap."""
    WALLS = "walls"
    """Wall hexes along it, as a wall."""


@dataclass(frozen=True)
class UvttSummary:
    """What an import made of a Universal VTT file, and why: the file's grid (``squares``
    at ``pixels_per_grid``), its picture (``picture`` pixels, ``picture_kind``; ``None``
    when it has none), the hex map (``width`` × ``height`` hexes of ``orientation``,
    ``hex_size`` the circumradius in picture pixels), the walls (``polylines`` read, of
    them ``object_polylines`` from ``objects_line_of_sight``; ``segments``; ``wall_hexes``
    in the end; ``clipped_segments`` running off the map), the portals (``closed_doors``
    labelled, ``open_doors`` left open, ``windows`` on ``window_hexes`` as ``windows_as``
    says), the ``lights`` labelled, and ``skipped``: what was left out, each a phrase with
    its reason; ``notes``: what the GM should know."""

    source: str
    format: str | None
    squares: tuple[float, float]
    pixels_per_grid: float
    picture: tuple[int, int] | None
    picture_kind: str | None
    width: int
    height: int
    orientation: Orientation
    hex_size: float
    polylines: int
    object_polylines: int
    segments: int
    wall_hexes: int
    clipped_segments: int
    closed_doors: int
    open_doors: int
    windows: int
    windows_as: WindowsAs
    window_hexes: int
    lights: int
    skipped: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def lines(self) -> tuple[str, ...]:
        """The summary as plain sentences, for the import dialog and the CLI."""
        fmt = f"format {self.format}" if self.format is not None else "no format given"
        sx, sy = self.squares
        grid = f"{sx:g} × {sy:g} squares at {self.pixels_per_grid:g} px per square"
        if self.picture is None:
            picture = f"No picture: the map covers {grid}, with no background."
        else:
            picture = (
                f"Picture: {self.picture[0]} × {self.picture[1]} px {self.picture_kind}, {grid}."
            )
        return (
            f"Imported {self.source} (Universal VTT, {fmt}).",
            picture,
            f"Map: {self.width} × {self.height} hexes, {self.orientation.value}-top; one hex "
            f"measures one square (5 ft) edge to edge ({self.hex_size:.1f} px centre to "
            f"corner on the picture).",
            self._walls_line(),
            f"Doors: {counted(self.closed_doors, 'closed door')} (wall hexes with a Door label; "
            f"opening it clears them); {counted(self.open_doors, 'open door')}.",
            self._windows_line(),
            f"Lights: {counted(self.lights, 'light')}, each noted as a GM-only label.",
            *(f"Skipped: {reason}." for reason in self.skipped),
            *self.notes,
        )

    def _walls_line(self) -> str:
        """The summary's sentence on walls."""
        objects = (
            f" ({self.object_polylines:,} from objects_line_of_sight)"
            if self.object_polylines
            else ""
        )
        line = (
            f"Walls: {counted(self.polylines, 'polyline')}{objects}, "
            f"{counted(self.segments, 'segment')}: {counted(self.wall_hexes, 'wall hex')} in all."
        )
        if self.clipped_segments:
            line += (
                f" {counted(self.clipped_segments, 'segment')} ran off the map; the parts "
                f"outside were left out."
            )
        return line

    def _windows_line(self) -> str:
        """The summary's sentence on windows, naming the option chosen."""
        if not self.windows:
            return "Windows: none."
        hexes = counted(self.window_hexes, "hex")
        made = (
            f"Concealment Tier {WINDOW_CONCEALMENT} (world, sight) on {hexes} of their "
            f"openings, not walls"
            if self.windows_as is WindowsAs.CONCEALMENT
            else f"walls ({hexes})"
        )
        option = f"option: windows as {self.windows_as.value}"
        return f"Windows: {self.windows:,} made {made} ({option})."


@dataclass(frozen=True)
class UvttImport:
    """The board an import made and the :class:`UvttSummary` of it."""

    board: Board
    summary: UvttSummary


def load_uvtt(
    path: str | PathLike[str],
    *,
    source: str | None = None,
    orientation: Orientation = Orientation.POINTY,
    windows: WindowsAs = WindowsAs.CONCEALMENT,
    name: str | None = None,
) -> UvttImport:
    """The Universal VTT file at ``path`` imported (:func:`read_uvtt`); its size is checked
    (at most :data:`MAX_UVTT_BYTES`) before it is read. ``source`` defaults to the file's
    name and ``name`` (the board's) to its stem.

    :raises MapFileError: ``"cannot import big.dd2vtt: the file is 300,000,000 bytes, more
        than 268,435,456 (256 MiB)"``, or as :func:`read_uvtt` does.
    """
    file = Path(path)
    label = file.name if source is None else source
    try:
        size = file.stat().st_size
        if size > MAX_UVTT_BYTES:
            raise MapFileError(_too_big(size))
        with file.open("rb") as fp:
            data = fp.read(MAX_UVTT_BYTES + 1)
    except OSError as exc:
        raise MapFileError(f"cannot import {label}: {exc.strerror or exc}") from None
    except MapFileError as exc:
        raise MapFileError(f"cannot import {label}: {exc}") from None
    return read_uvtt(
        data,
        source=label,
        orientation=orientation,
        windows=windows,
        name=file.stem if name is None else name,
    )


def _too_big(size: int) -> str:
    """The refusal of a file of ``size`` bytes, over :data:`MAX_UVTT_BYTES`."""
    mib = MAX_UVTT_BYTES // (1024 * 1024)
    return f"the file is {size:,} bytes, more than {MAX_UVTT_BYTES:,} ({mib} MiB)"


def read_uvtt(
    data: bytes,
    *,
    source: str = "file",
    orientation: Orientation = Orientation.POINTY,
    windows: WindowsAs = WindowsAs.CONCEALMENT,
    name: str | None = None,
) -> UvttImport:
    """The hex map the Universal VTT file ``data`` describes (see the module docstring),
    with hexes of ``orientation``, windows made as ``windows`` says, named ``name`` (or
    "Imported map"). Everything is checked before the board is made, so a broken, hostile
    or oversized file makes nothing.

    :raises MapFileError: ``"cannot import <source>: <the problem>"``, naming the field:
        ``"cannot import cave.dd2vtt: resolution.pixels_per_grid must be a number above 0,
        got -5"``.
    """
    try:
        if len(data) > MAX_UVTT_BYTES:
            raise MapFileError(_too_big(len(data)))
        return _import(
            parse_uvtt(data),
            source,
            Orientation(orientation),
            WindowsAs(windows),
            _DEFAULT_NAME if name is None or not name.strip() else name,
        )
    except MapFileError as exc:
        raise MapFileError(f"cannot import {source}: {exc}") from None


# -- the import --------------------------------------------------------------------------------


@dataclass
class _Portals:
    """What the portals made: wall hexes, hexes cleared or concealed, door labels, counts."""

    walls: list[Hex]
    cleared: list[Hex]
    concealed: list[Hex]
    doors: list[Label]
    open_doors: int = 0
    windows: int = 0
    window_hexes: int = 0
    outside: int = 0
    door_off_map: int = 0
    too_wide: int = 0


def _import(
    file: UvttFile, source: str, orientation: Orientation, windows: WindowsAs, name: str
) -> UvttImport:
    """The board and summary of the checked ``file``: the grid fitted, the walls, portals and
    lights placed, the layers and then the board made."""
    fit, wide, high = _fitted(file, orientation)
    segments = _to_pixels(
        file, np.concatenate([file.walls.segments(), file.object_walls.segments()])
    )
    portals = _to_pixels(file, _portal_segments(file.portals))
    clipped = clip_segments(fit, segments)
    _check_length(fit, file, clipped, portals)
    walls = wall_cells(fit, clipped)
    made = _place_portals(fit, file, portals, windows)
    lights, lights_outside = _light_labels(fit, file)
    layers = _layers(fit, walls.cells, made)
    board = _board(fit, file, name, layers, [*made.doors, *lights])
    picture = file.picture
    summary = UvttSummary(
        source=source,
        format=file.format,
        squares=file.resolution.squares,
        pixels_per_grid=file.resolution.pixels_per_grid,
        picture=None if picture is None else (picture.width, picture.height),
        picture_kind=None if picture is None else picture.kind,
        width=fit.width,
        height=fit.height,
        orientation=orientation,
        hex_size=fit.size,
        polylines=file.walls.count + file.object_walls.count,
        object_polylines=file.object_walls.count,
        segments=len(segments),
        wall_hexes=int(np.count_nonzero(layers["blocked"])),
        clipped_segments=int(np.count_nonzero(walls.off & _beyond(segments, wide, high))),
        closed_doors=len(made.doors),
        open_doors=made.open_doors,
        windows=made.windows,
        windows_as=windows,
        window_hexes=made.window_hexes,
        lights=len(lights),
        skipped=_skipped(file, made, lights_outside),
        notes=_notes(file, wide, high),
    )
    return UvttImport(board, summary)


def _fitted(file: UvttFile, orientation: Orientation) -> tuple[HexFit, float, float]:
    """The hex map over the file's picture (or its squares, when it has none), and the
    size covered in pixels; refused if it has more than ``MAX_MAP_SIDE`` hexes a side."""
    res = file.resolution
    ppg = res.pixels_per_grid
    if file.picture is not None:
        wide, high = float(file.picture.width), float(file.picture.height)
    else:
        wide, high = res.squares[0] * ppg, res.squares[1] * ppg
    fit = fit_hexes(wide, high, ppg, orientation)
    if max(fit.width, fit.height) > MAX_MAP_SIDE:
        raise MapFileError(
            f"the picture ({wide:.0f} × {high:.0f} px at {ppg:g} px per square) needs "
            f"{fit.width:,} × {fit.height:,} hexes, more than {MAX_MAP_SIDE} on a side"
        )
    return fit, wide, high


def _check_length(fit: HexFit, file: UvttFile, walls: Clipped, portals: FloatArray) -> None:
    """Refuse walls and portals longer on the map than :data:`MAX_WALL_SQUARES`, before
    any is walked."""
    on_map = walls.lengths().sum() + clip_segments(fit, portals).lengths().sum()
    squares = on_map / file.resolution.pixels_per_grid
    if squares > MAX_WALL_SQUARES:
        raise MapFileError(
            f"the walls and portals on the map are {squares:,.0f} squares long in all, more "
            f"than {MAX_WALL_SQUARES:,}"
        )


def _board(
    fit: HexFit, file: UvttFile, name: str, layers: dict[str, Layer], labels: list[Label]
) -> Board:
    """The board, made once everything is checked, with the picture decoded as the last
    step; refused if it would break an invariant of a saved map (a name that is not text)."""
    picture = file.picture
    image = None if picture is None else _PICTURE_STEM + picture.suffix
    board = Board(
        fit.width,
        fit.height,
        fit.orientation,
        name,
        layers=layers,
        images={} if picture is None or image is None else {image: picture.decode()},
        labels={label.id: label for label in labels},
        background=None if image is None else fit.background(image),
    )
    problems = invariant_problems(board)
    if problems:
        raise MapFileError(f"the imported map cannot be kept: {problems[0]}")
    return board


def _to_pixels(file: UvttFile, squares: FloatArray) -> FloatArray:
    """Points or segments in squares (pairs of columns ``x, y``) as picture pixels:
    ``(point − map_origin) × pixels_per_grid``."""
    res = file.resolution
    origin = np.tile(np.array(res.origin, dtype=np.float64), squares.shape[-1] // 2)
    return (np.asarray(squares, dtype=np.float64) - origin) * res.pixels_per_grid


def _beyond(segments: FloatArray, wide: float, high: float) -> BoolArray:
    """Which ``segments`` (pixels) reach beyond the picture: only those can run off the
    map, which covers it (one on the picture's edge may touch a hex off the map there)."""
    x, y = segments[:, [0, 2]], segments[:, [1, 3]]
    edge = 1e-9 * max(wide, high)
    beyond: BoolArray = (
        (x.min(axis=1) < -edge)
        | (x.max(axis=1) > wide + edge)
        | (y.min(axis=1) < -edge)
        | (y.max(axis=1) > high + edge)
    )
    return beyond


def _portal_segments(portals: tuple[Portal, ...]) -> FloatArray:
    """The portals' bounds as segments ``(n, 4)`` in squares."""
    ends = [(*p.start, *p.end) for p in portals]
    return np.array(ends, dtype=np.float64).reshape(len(portals), 4)


def _openings(ppg: float, segments: FloatArray) -> FloatArray:
    """The part of each portal (``(n, 4)`` pixels) that opens: all but
    :data:`DOOR_END_TRIM` squares at each end, or its middle point when it is shorter."""
    start, end = segments[:, :2], segments[:, 2:]
    length = np.hypot(*(end - start).T)
    trim = np.minimum(DOOR_END_TRIM * ppg, length / 2)
    f = np.where(length > 0, trim / np.where(length > 0, length, 1.0), 0.5)[:, None]
    return np.concatenate([start + f * (end - start), end - f * (end - start)], axis=1)


def _place_portals(
    fit: HexFit, file: UvttFile, segments: FloatArray, windows: WindowsAs
) -> _Portals:
    """What each portal (``segments`` in pixels) makes, as :class:`WindowsAs` says for
    windows (see the module docstring)."""
    made = _Portals([], [], [], [])
    wholes = hexes_of(fit, segments)
    openings = hexes_of(fit, _openings(file.resolution.pixels_per_grid, segments))
    for k, portal in enumerate(file.portals):
        whole, opening = wholes[k], openings[k]
        if not whole:
            made.outside += 1
        elif portal.is_window:
            made.windows += 1
            if windows is WindowsAs.WALLS:
                made.walls += whole
                made.window_hexes += len(whole)
            else:
                made.concealed += opening
                made.window_hexes += len(opening)
        elif not portal.closed:
            made.open_doors += 1
            made.cleared += opening
        else:
            _place_door(made, whole, opening, _middle_hex(fit, segments[k]))
    return made


def _middle_hex(fit: HexFit, segment: FloatArray) -> Hex:
    """The hex of the middle of ``segment`` (pixels): where a door's label stands."""
    x0, y0, x1, y1 = (float(c) for c in segment)
    return fit.layout().pixel_to_hex((x0 + x1) / 2, (y0 + y1) / 2)


def _place_door(made: _Portals, whole: list[Hex], opening: list[Hex], middle: Hex) -> None:
    """A closed door: walls along ``whole``, and a Door label standing for ``opening`` (at
    its ``middle`` hex), unless the opening is off the map or has more hexes than a door
    may stand for (then walls alone)."""
    made.walls += whole
    door = tuple(dict.fromkeys(opening))
    if not door:
        made.door_off_map += 1
        return
    if len(door) > MAX_DOOR_HEXES:
        made.too_wide += 1
        return
    made.walls += door  # the opening's walk may break a corner tie another way
    position = middle if middle in door else door[len(door) // 2]
    label_id = f"door-{len(made.doors) + 1}"
    made.doors.append(Label(label_id, "Door", position, door=door))


def _layers(fit: HexFit, walls: BoolArray, made: _Portals) -> dict[str, Layer]:
    """The board's layers: walls from the polylines; the openings of windows (as
    Concealment) and open doors cleared, windows concealed; then closed doors' and walled
    windows' hexes walls."""
    blocked = walls.copy()
    cleared = np.zeros_like(blocked)
    mark_hexes(fit, cleared, made.cleared + made.concealed)
    concealed = np.zeros_like(blocked)
    mark_hexes(fit, concealed, made.concealed)
    blocked &= ~cleared
    mark_hexes(fit, blocked, made.walls)
    layers = dict(blank_layers(fit.width, fit.height))
    concealment = np.where(concealed, WINDOW_CONCEALMENT, 0).astype(np.uint8)
    kind = np.full(blocked.shape, int(ConcealmentKind.WORLD), dtype=np.uint8)
    layers["blocked"] = read_only(blocked)
    layers["concealment"] = read_only(concealment)
    layers["concealment_kind"] = read_only(kind)
    return layers


# -- lights ----------------------------------------------------------------------------------------


def _light_labels(fit: HexFit, file: UvttFile) -> tuple[list[Label], int]:
    """A GM-only label at each light's hex on the map, and how many lights are off it."""
    labels: list[Label] = []
    layout = fit.layout()
    outside = 0
    for light in file.lights:
        x, y = (float(c) for c in _to_pixels(file, np.array(light.position)))
        at = layout.pixel_to_hex(x, y)
        if not fit.contains(at):
            outside += 1
            continue
        labels.append(Label(f"light-{len(labels) + 1}", _light_text(light), at, gm_only=True))
    return labels, outside


def _light_text(light: Light) -> str:
    """``"Light: 5 squares, warm white (#eccd8b)"``, with what the file gives."""
    parts = []
    if light.range is not None:
        parts.append(f"{light.range:g} square{'' if light.range == 1 else 's'}")
    if light.colour is not None:
        parts.append(f"{colour_name(light.colour)} (#{light.colour})")
    if light.intensity is not None and light.intensity != 1:
        parts.append(f"intensity {light.intensity:g}")
    return "Light: " + ", ".join(parts) if parts else "Light"


_HUES: tuple[tuple[int, str], ...] = (
    *((15, "red"), (45, "orange"), (70, "yellow"), (160, "green"), (200, "cyan")),
    *((255, "blue"), (290, "purple"), (335, "pink"), (361, "red")),
)
"""Hue names by the hue (degrees) each reaches up to."""


def colour_name(rgb: str) -> str:
    """A plain name for the colour ``"rrggbb"``, as a GM would call a light: white, warm
    or cool white (pale yellows and blues), grey, black, or its hue.

    >>> colour_name("eccd8b"), colour_name("4dd569"), colour_name("ffffff")
    ('warm white', 'green', 'white')
    """
    r, g, b = (int(rgb[i : i + 2], 16) / 255 for i in (0, 2, 4))
    hue, saturation, value = colorsys.rgb_to_hsv(r, g, b)
    if value < 0.2:
        return "black"
    if saturation < 0.15:
        return "white" if value > 0.6 else "grey"
    degrees = hue * 360
    name = next(n for limit, n in _HUES if degrees < limit)
    if saturation < 0.5 and value > 0.6:
        if 15 <= degrees < 70:
            return "warm white"
        if 160 <= degrees < 255:
            return "cool white"
        return f"pale {name}"
    return name


# -- the summary's reasons ----------------------------------------------------------------


def _skipped(file: UvttFile, made: _Portals, lights_outside: int) -> tuple[str, ...]:
    """What the import left out, each a phrase with its reason (the summary's ``skipped``)."""
    short = file.walls.short + file.object_walls.short
    reasons = [
        (short, f"{counted(short, 'wall polyline')} with fewer than two points (no segment)"),
        (made.outside, f"{counted(made.outside, 'portal')} outside the map"),
        (
            made.door_off_map,
            f"{counted(made.door_off_map, 'door')} whose opening is off the map: left as walls",
        ),
        (
            made.too_wide,
            f"{counted(made.too_wide, 'door')} wider than a door may open (more than "
            f"{MAX_DOOR_HEXES} hexes): left as walls, with no Door label",
        ),
        (lights_outside, f"{counted(lights_outside, 'light')} outside the map"),
    ]
    unread = [f"{what}: a hex map has no lighting to hold it" for what in file.unread]
    return tuple(text for n, text in reasons if n) + tuple(unread)


def _notes(file: UvttFile, wide: float, high: float) -> tuple[str, ...]:
    """What the GM should know of the file: a picture of another size than its squares,
    lighting painted in, an unknown format version."""
    notes = []
    res = file.resolution
    ppg = res.pixels_per_grid
    declared = (res.squares[0] * ppg, res.squares[1] * ppg)
    if file.picture is not None and max(abs(declared[0] - wide), abs(declared[1] - high)) >= 1:
        notes.append(
            f"The picture is {wide:.0f} × {high:.0f} px but map_size × pixels_per_grid is "
            f"{declared[0]:.0f} × {declared[1]:.0f} px; walls are placed by pixels_per_grid."
        )
    if file.baked_lighting:
        notes.append("The picture has its lighting painted in (baked_lighting).")
    if file.format is not None and file.format not in ("0.2", "0.3"):
        notes.append(f"Format {file.format} is not 0.2 or 0.3, the versions known; read as 0.3.")
    return tuple(notes)
