"""Reading a Universal VTT file (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) defensively: its JSON,
its fields and its picture, each checked and held to a limit before it is used
(issue #18). The hex map made from it is :mod:`rules.mapfile.uvtt`; the geometry,
:mod:`rules.mapfile.uvtt_grid`.

The format has no specification beyond what the exporters write and the importers read
(see :mod:`rules.mapfile.uvtt` for the repositories read). What is read here:

- ``format`` (a number, 0.2 or 0.3 from Dungeondraft; any number or numeric string is
  accepted and reported), ``resolution`` {``map_origin`` {x, y}, ``map_size`` {x, y} in
  squares, ``pixels_per_grid``};
- ``line_of_sight`` and ``objects_line_of_sight``: lists of polylines, each a list of
  points {x, y} in squares (grid units), read into numpy arrays in one pass;
- ``portals``: each ``bounds`` (two points), ``closed`` (Dungeondraft's "Block Light";
  missing means closed, as RPTools/maptool reads it), optional ``position``, ``rotation``,
  ``freestanding``, and any window marking (``window``: true/false, or ``type`` /
  ``kind``: "window" / "door");
- ``lights``: ``position``, ``range`` (squares), ``intensity``, ``color`` (``"AARRGGBB"``
  hex, as Godot writes it: ``"ffeccd8b"`` is ``#eccd8b``), ``shadows``;
- ``environment``: ``baked_lighting``, ``ambient_light``;
- ``image``: the picture as base64, with or without a ``data:image/…;base64,`` prefix.

Every problem raises :class:`~rules.errors.MapFileError` naming the field
(``"portals[3].bounds must be a list of two points"``); the caller adds which file.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.errors import MapFileError
from rules.mapfile.archive import MAX_PICTURE_BYTES, MIB
from rules.mapfile.pictures import JPEG_HEADER_BYTES, MAX_PICTURE_SIDE, picture_size
from rules.mapfile.strict_json import json_type, strict_loads

__all__ = [
    "MAX_GRID_COORDINATE",
    "MAX_UVTT_BYTES",
    "MAX_UVTT_CONTAINERS",
    "MAX_UVTT_LIGHTS",
    "MAX_UVTT_POINTS",
    "MAX_UVTT_POLYLINES",
    "MAX_UVTT_PORTALS",
    "MIN_PIXELS_PER_GRID",
    "EncodedPicture",
    "Light",
    "Polylines",
    "Portal",
    "Resolution",
    "UvttFile",
    "parse_uvtt",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Point = tuple[float, float]

MAX_UVTT_BYTES = 256 * MIB
"""The largest Universal VTT file read: twice the largest real exports (125 MB at 256 px
per square, issue #18), and a bound on the picture inside it (base64 holds 3 bytes in 4
characters, so at most 192 MiB of picture, under the map file's ``MAX_PICTURE_BYTES``).
Reading one costs about three times its size in memory while it is parsed."""
MAX_UVTT_CONTAINERS = 1_000_000
"""The most lists and objects the file's JSON may hold, counted (every ``[`` and ``{``,
at C speed) before it is parsed: each point is one, so the limits below fit under it."""
MAX_UVTT_POLYLINES = 100_000
"""The most wall polylines, ``line_of_sight`` and ``objects_line_of_sight`` together."""
MAX_UVTT_POINTS = 500_000
"""The most points in all wall polylines together (a cave map traced by Dungeondraft has
tens of thousands; each costs a few microseconds to place)."""
MAX_UVTT_PORTALS = 3_000
"""The most portals (doors and windows). Each closed door becomes a label listing at most
``MAX_DOOR_HEXES`` (64) hexes, so 3,000 doors list at most 192,000, under the map file's
limit of 250,000 listed hexes, and with the lights stay under its 10,000 labels."""
MAX_UVTT_LIGHTS = 5_000
"""The most lights (each becomes a GM-only label; see :data:`MAX_UVTT_PORTALS`)."""
MAX_GRID_COORDINATE = 100_000.0
"""The furthest a point may lie from the grid's origin, in squares, on either axis: about
25 times the widest map a picture can show (16,384 px at 4 px per square)."""
MIN_PIXELS_PER_GRID = 4.0
"""The fewest picture pixels per square: a hex one square across then has a circumradius
of 2.3 px, and a board's background needs at least 2."""

_DATA_URL = re.compile(r"data:image/[A-Za-z0-9.+-]+;base64,")
_NOT_BASE64 = re.compile(r"[^A-Za-z0-9+/=]")
_COLOUR = re.compile(r"#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")
_HEAD_CHARACTERS = -(-JPEG_HEADER_BYTES // 3) * 4  # base64 of a JPEG's header window
_PNG = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Resolution:
    """The grid of the file: the square at the picture's top left corner (``origin``, in
    squares), the picture's size in squares, and its pixels per square."""

    origin: Point
    squares: Point
    pixels_per_grid: float


@dataclass(frozen=True)
class Polylines:
    """Wall polylines as arrays: ``points`` is ``(n, 2)`` in squares, ``line`` the index
    of each point's polyline; ``count`` polylines were read, ``short`` of them with fewer
    than two points (no segment)."""

    points: FloatArray
    line: IntArray
    count: int
    short: int

    def segments(self) -> FloatArray:
        """Every segment ``(x0, y0, x1, y1)`` in squares: each pair of consecutive points
        of one polyline."""
        same = self.line[1:] == self.line[:-1]
        return np.concatenate([self.points[:-1][same], self.points[1:][same]], axis=1)


@dataclass(frozen=True)
class Portal:
    """A door or window: the segment it fills (``start``, ``end``, in squares), whether it
    is ``closed`` (blocks light), and how the file marks it: ``marked_window`` is True or
    False when the file says window or door, ``None`` when it does not say."""

    index: int
    start: Point
    end: Point
    closed: bool
    marked_window: bool | None

    @property
    def is_window(self) -> bool:
        """A window: marked so, or unmarked and not ``closed`` (Dungeondraft writes a window
        as a portal that lets light through, ``"closed": false``; moo-man/FVTT-DD-Import and
        Imagix/uvtt2fgu read it so)."""
        return (not self.closed) if self.marked_window is None else self.marked_window


@dataclass(frozen=True)
class Light:
    """A light: where (squares), its ``range`` in squares, ``intensity`` and colour
    (``"rrggbb"``), each ``None`` when the file does not give it."""

    index: int
    position: Point
    range: float | None
    intensity: float | None
    colour: str | None


@dataclass(frozen=True)
class EncodedPicture:
    """The picture as the file holds it (base64, checked), its size in pixels read from its
    header, and its kind (``"PNG"``, ``"JPEG"`` or ``"WebP"``); :meth:`decode` gives its
    bytes, once everything else has been checked."""

    text: str
    width: int
    height: int
    kind: str

    @property
    def suffix(self) -> str:
        """The file name suffix of its kind: ``".png"``, ``".jpg"``, ``".webp"``."""
        return {"PNG": ".png", "JPEG": ".jpg", "WebP": ".webp"}[self.kind]

    def decode(self) -> bytes:
        """The picture's bytes, as the exporter wrote them."""
        try:
            return base64.b64decode(_padded(self.text), validate=True)
        except binascii.Error as exc:  # checked when read; kept so nothing else escapes
            raise MapFileError(f"image is not valid base64 ({exc})") from None


@dataclass(frozen=True)
class UvttFile:
    """What a Universal VTT file holds, checked. ``picture`` is ``None`` when the file has
    none; ``unread`` names what was there but is not imported."""

    format: str | None
    resolution: Resolution
    walls: Polylines
    object_walls: Polylines
    portals: tuple[Portal, ...]
    lights: tuple[Light, ...]
    picture: EncodedPicture | None
    baked_lighting: bool
    unread: tuple[str, ...]


def parse_uvtt(data: bytes) -> UvttFile:
    """The checked contents of the Universal VTT file ``data``.

    The JSON is counted before it is parsed (:data:`MAX_UVTT_CONTAINERS`), each list is held
    to its limit before it is read, and every number must be finite. The picture is held
    to ``MAX_PICTURE_BYTES`` by the length of its base64 and its size is read from the
    header in its first bytes (:func:`rules.mapfile.picture_size`: at most 16384 px on a
    side, 2**27 in all), decoding only them; the rest is decoded by
    :meth:`EncodedPicture.decode`, once the caller has checked everything else.

    :raises MapFileError: naming the field, e.g. ``"resolution.pixels_per_grid must be a
        number above 0, got -5"``.
    """
    doc = _parse_json(data)
    resolution = _resolution(_get_object(doc, "resolution", "resolution"))
    picture = _picture(doc)
    walls = _polylines(doc, "line_of_sight", 0, 0)
    objects = _polylines(doc, "objects_line_of_sight", walls.count, len(walls.points))
    portals = _portals(doc)
    lights = _lights(doc)
    baked, unread = _environment(doc)
    return UvttFile(
        format=_format(doc),
        resolution=resolution,
        walls=walls,
        object_walls=objects,
        portals=portals,
        lights=lights,
        picture=picture,
        baked_lighting=baked,
        unread=unread,
    )


# -- JSON ----------------------------------------------------------------------------------


def _parse_json(raw: bytes) -> dict[str, Any]:
    """The file's JSON object, its lists and objects counted first
    (:data:`MAX_UVTT_CONTAINERS`); UTF-8, a byte-order mark allowed."""
    containers = raw.count(b"[") + raw.count(b"{")
    if containers > MAX_UVTT_CONTAINERS:
        raise MapFileError(
            f"the file holds {containers:,} lists and objects (counting every '[' and '{{'), "
            f"more than {MAX_UVTT_CONTAINERS:,}"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MapFileError(
            f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    try:
        doc = strict_loads(text, "the file is not valid JSON")
    except MapFileError:
        raise
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise MapFileError(f"the file is not valid JSON: {exc.msg} ({where})") from None
    except RecursionError:
        raise MapFileError("the file nests lists and objects too deep to read") from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise MapFileError(f"the file is not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise MapFileError(f"the file must hold a JSON object, not {json_type(doc)}")
    return doc


def _is_number(value: object) -> bool:
    """True for a JSON number (``true`` is not one)."""
    return type(value) in (int, float)


def _get_object(doc: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    """``doc[key]``, an object; named ``where`` when it is missing or is not one."""
    if key not in doc:
        raise MapFileError(f"{where} is missing")
    value = doc[key]
    if not isinstance(value, dict):
        raise MapFileError(f"{where} must be an object, not {json_type(value)}")
    return value


def _finite(value: object, where: str) -> float:
    """``value`` as a finite float (JSON's ``1e999`` reads as infinity)."""
    if not _is_number(value):
        raise MapFileError(f"{where} must be a number, not {json_type(value)}")
    try:
        number = float(value)  # type: ignore[arg-type]
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise MapFileError(f"{where} must be a finite number, got {value!r}")
    return number


def _coordinate(value: object, where: str) -> float:
    """``value`` as a coordinate in squares: finite, within :data:`MAX_GRID_COORDINATE`."""
    number = _finite(value, where)
    if abs(number) > MAX_GRID_COORDINATE:
        raise MapFileError(
            f"{where} is {number:g} squares, further than {MAX_GRID_COORDINATE:,.0f} from "
            f"the origin"
        )
    return number


def _point(value: object, where: str) -> Point:
    """``value`` as a point ``{x, y}`` in squares, named ``where`` in errors."""
    if not isinstance(value, dict):
        raise MapFileError(f"{where} must be a point {{x, y}}, not {json_type(value)}")
    for axis in ("x", "y"):
        if axis not in value:
            raise MapFileError(f"{where}.{axis} is missing")
    return _coordinate(value["x"], f"{where}.x"), _coordinate(value["y"], f"{where}.y")


def _optional(obj: dict[str, Any], key: str, where: str, kind: type, wanted: str) -> Any:
    """``obj[key]`` if given and not null, which must then be of type ``kind`` (``wanted``
    names it)."""
    value = obj.get(key)
    if value is not None and type(value) is not kind:
        raise MapFileError(f"{where}.{key} must be {wanted}, not {json_type(value)}")
    return value


def _list(doc: dict[str, Any], key: str, limit: int, what: str) -> list[Any]:
    """``doc[key]``, a list of at most ``limit`` items; missing or null is empty."""
    value = doc.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise MapFileError(f"{key} must be a list of {what}, not {json_type(value)}")
    if len(value) > limit:
        raise MapFileError(f"{key} has {len(value):,} {what}, more than {limit:,}")
    return value


# -- the header fields -----------------------------------------------------------------------


def _format(doc: dict[str, Any]) -> str | None:
    """The ``format`` version as text (``"0.3"``), or ``None`` when the file gives none."""
    value = doc.get("format")
    if value is None:
        return None
    if isinstance(value, str):  # RPTools/maptool reads a number written as a string too
        try:
            return f"{_finite(float(value), 'format'):g}"
        except ValueError:
            raise MapFileError(f"format must be a number, got {value[:40]!r}") from None
    return f"{_finite(value, 'format'):g}"


def _resolution(res: dict[str, Any]) -> Resolution:
    """The grid of ``resolution``: its pixels per square (at least
    :data:`MIN_PIXELS_PER_GRID`), origin and size in squares, the size held to a picture's
    ``MAX_PICTURE_SIDE``."""
    if "pixels_per_grid" not in res:
        raise MapFileError("resolution.pixels_per_grid is missing")
    ppg = res["pixels_per_grid"]
    if not _is_number(ppg) or not math.isfinite(ppg) or ppg <= 0:
        raise MapFileError(f"resolution.pixels_per_grid must be a number above 0, got {ppg!r}")
    if not MIN_PIXELS_PER_GRID <= ppg <= MAX_PICTURE_SIDE:
        raise MapFileError(
            f"resolution.pixels_per_grid is {ppg:g}; it must be {MIN_PIXELS_PER_GRID:g} to "
            f"{MAX_PICTURE_SIDE} pixels per square"
        )
    origin = (0.0, 0.0)
    if res.get("map_origin") is not None:
        origin = _point(res["map_origin"], "resolution.map_origin")
    if "map_size" not in res:
        raise MapFileError("resolution.map_size is missing")
    squares = _point(res["map_size"], "resolution.map_size")
    for axis, value in zip("xy", squares, strict=True):
        if value <= 0:
            raise MapFileError(f"resolution.map_size.{axis} must be above 0, got {value:g}")
    wide, high = squares[0] * ppg, squares[1] * ppg
    if max(wide, high) > MAX_PICTURE_SIDE + ppg:  # a part square of rounding is fine
        raise MapFileError(
            f"resolution.map_size is {squares[0]:g} × {squares[1]:g} squares: at {ppg:g} px "
            f"per square that is {wide:,.0f} × {high:,.0f} px, more than {MAX_PICTURE_SIDE} "
            f"on a side"
        )
    return Resolution(origin, squares, float(ppg))


def _environment(doc: dict[str, Any]) -> tuple[bool, tuple[str, ...]]:
    """Whether the picture has its lighting baked in, and what of the environment is not
    imported."""
    env = doc.get("environment")
    if env is None:
        return False, ()
    if not isinstance(env, dict):
        raise MapFileError(f"environment must be an object, not {json_type(env)}")
    baked = _optional(env, "baked_lighting", "environment", bool, "true/false")
    ambient = _optional(env, "ambient_light", "environment", str, "a colour string")
    unread = () if ambient is None else (f"the ambient light ({_colour_text(ambient)})",)
    return bool(baked), unread


def _colour_text(text: str) -> str:
    """A colour string as ``#rrggbb`` for the summary, or quoted when it is not one."""
    found = _COLOUR.fullmatch(text)
    return f"#{found.group(1)[-6:].lower()}" if found else repr(text[:20])


# -- walls ---------------------------------------------------------------------------------


def _polylines(doc: dict[str, Any], key: str, lines_before: int, points_before: int) -> Polylines:
    """``doc[key]``'s polylines, held (with the ``lines_before`` and ``points_before`` of the
    list read before) to :data:`MAX_UVTT_POLYLINES` and :data:`MAX_UVTT_POINTS`, type-checked
    without a Python loop in the usual case."""
    lines = _list(doc, key, MAX_UVTT_POLYLINES, "polylines")
    if lines_before + len(lines) > MAX_UVTT_POLYLINES:
        raise MapFileError(
            f"line_of_sight and objects_line_of_sight have {lines_before + len(lines):,} "
            f"polylines in all, more than {MAX_UVTT_POLYLINES:,}"
        )
    if not set(map(type, lines)) <= {list}:
        k = next(i for i, line in enumerate(lines) if not isinstance(line, list))
        raise MapFileError(f"{key}[{k}] must be a list of points, not {json_type(lines[k])}")
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
    total = int(lengths.sum())
    if total > MAX_UVTT_POINTS:
        raise MapFileError(f"{key} has {total:,} points, more than {MAX_UVTT_POINTS:,}")
    if points_before + total > MAX_UVTT_POINTS:
        raise MapFileError(
            f"line_of_sight and objects_line_of_sight have {points_before + total:,} points "
            f"in all, more than {MAX_UVTT_POINTS:,}"
        )
    flat = list(chain.from_iterable(lines))
    points = _point_array(flat, lambda k: _flat_name(key, lengths, k))
    line = np.repeat(np.arange(len(lines), dtype=np.int64), lengths)
    return Polylines(points, line, len(lines), int(np.count_nonzero(lengths < 2)))


def _flat_name(key: str, lengths: IntArray, k: int) -> str:
    """The name of the ``k``-th point of all of ``key``'s polylines: ``key[i][j]``."""
    ends = np.cumsum(lengths)
    i = int(np.searchsorted(ends, k, side="right"))
    return f"{key}[{i}][{k - int(ends[i] - lengths[i])}]"


def _point_array(flat: list[Any], name: Callable[[int], str]) -> FloatArray:
    """The points ``flat`` as an ``(n, 2)`` array: each an object with numbers ``x`` and
    ``y``, finite and within :data:`MAX_GRID_COORDINATE`; the first that is not is named."""
    if not set(map(type, flat)) <= {dict}:
        k = next(i for i, p in enumerate(flat) if not isinstance(p, dict))
        _point(flat[k], name(k))
    xs = [p.get("x") for p in flat]
    ys = [p.get("y") for p in flat]
    if not set(map(type, chain(xs, ys))) <= {int, float}:
        k = next(i for i, (x, y) in enumerate(zip(xs, ys, strict=True)) if not _both(x, y))
        _point(flat[k], name(k))
    try:
        array = np.array([xs, ys], dtype=np.float64).T.reshape(len(flat), 2)
    except OverflowError:  # an integer too large for a float
        array = np.array(
            [[_float_or_inf(x), _float_or_inf(y)] for x, y in zip(xs, ys, strict=True)]
        )
    bad = ~(np.abs(array) <= MAX_GRID_COORDINATE).all(axis=1)
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        _point(flat[k], name(k))
    return np.ascontiguousarray(array)


def _both(x: object, y: object) -> bool:
    """True if ``x`` and ``y`` are both JSON numbers."""
    return _is_number(x) and _is_number(y)


def _float_or_inf(value: float) -> float:
    """``value`` as a float, infinity if it is too large for one."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


# -- portals and lights -------------------------------------------------------------------------


def _portals(doc: dict[str, Any]) -> tuple[Portal, ...]:
    """The portals, at most :data:`MAX_UVTT_PORTALS`."""
    items = _list(doc, "portals", MAX_UVTT_PORTALS, "portals")
    return tuple(_portal(k, item) for k, item in enumerate(items))


def _portal(k: int, item: object) -> Portal:
    """Portal ``k``: its bounds, ``closed`` (missing is closed, as RPTools/maptool reads it)
    and any window marking; ``position``, ``rotation`` and ``freestanding`` are checked, not
    used (the bounds say where it is)."""
    where = f"portals[{k}]"
    if not isinstance(item, dict):
        raise MapFileError(f"{where} must be an object, not {json_type(item)}")
    bounds = item.get("bounds")
    if not (isinstance(bounds, list) and len(bounds) == 2):
        raise MapFileError(f"{where}.bounds must be a list of two points")
    start, end = (_point(p, f"{where}.bounds[{i}]") for i, p in enumerate(bounds))
    if item.get("position") is not None:
        _point(item["position"], f"{where}.position")
    if item.get("rotation") is not None:
        _finite(item["rotation"], f"{where}.rotation")
    _optional(item, "freestanding", where, bool, "true/false")
    closed = _optional(item, "closed", where, bool, "true/false")
    return Portal(k, start, end, closed is not False, _window_marking(item, where))


def _window_marking(item: dict[str, Any], where: str) -> bool | None:
    """True or False when the portal says it is a window or a door (a ``window`` flag, or a
    ``type`` or ``kind`` of "window" / "door"); ``None`` when it does not say. No exporter
    read writes one; the keys are read so a file that does is believed."""
    flag = _optional(item, "window", where, bool, "true/false")
    if flag is not None:
        return bool(flag)
    for key in ("type", "kind"):
        value = item.get(key)
        if isinstance(value, str) and value.strip().lower() in ("window", "door"):
            return value.strip().lower() == "window"
    return None


def _lights(doc: dict[str, Any]) -> tuple[Light, ...]:
    """The lights, at most :data:`MAX_UVTT_LIGHTS`."""
    items = _list(doc, "lights", MAX_UVTT_LIGHTS, "lights")
    return tuple(_light(k, item) for k, item in enumerate(items))


def _light(k: int, item: object) -> Light:
    """Light ``k``: its position, range (squares), intensity and colour."""
    where = f"lights[{k}]"
    if not isinstance(item, dict):
        raise MapFileError(f"{where} must be an object, not {json_type(item)}")
    if "position" not in item:
        raise MapFileError(f"{where}.position is missing")
    position = _point(item["position"], f"{where}.position")
    reach = None if item.get("range") is None else _finite(item["range"], f"{where}.range")
    if reach is not None and not 0 <= reach <= MAX_GRID_COORDINATE:
        raise MapFileError(
            f"{where}.range must be 0 to {MAX_GRID_COORDINATE:,.0f} squares, got {reach:g}"
        )
    intensity = None
    if item.get("intensity") is not None:
        intensity = _finite(item["intensity"], f"{where}.intensity")
    _optional(item, "shadows", where, bool, "true/false")
    return Light(k, position, reach, intensity, _light_colour(item.get("color"), where))


def _light_colour(value: object, where: str) -> str | None:
    """``"rrggbb"`` of a colour written ``"AARRGGBB"`` (Godot's, as Dungeondraft writes
    it) or ``"RRGGBB"``, with or without ``#``."""
    if value is None:
        return None
    found = _COLOUR.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        shown = repr(value[:40]) if isinstance(value, str) else json_type(value)
        raise MapFileError(
            f'{where}.color must be a colour like "ffeccd8b" (hex ARGB), got {shown}'
        )
    return found.group(1)[-6:].lower()


# -- the picture -----------------------------------------------------------------------------------


def _picture(doc: dict[str, Any]) -> EncodedPicture | None:
    """The picture in ``image`` (base64, with or without a ``data:`` prefix), checked to be
    base64 that decodes to at most ``MAX_PICTURE_BYTES``, its header read from the first
    :data:`JPEG_HEADER_BYTES` it decodes to; ``None`` when the file has no picture."""
    image = doc.get("image")
    if image is None or image == "":
        return None
    if not isinstance(image, str):
        raise MapFileError(f"image must be a string of base64, not {json_type(image)}")
    prefix = _DATA_URL.match(image)
    start = prefix.end() if prefix else 0
    text = image[start:] if start else image
    _check_base64(text, start)
    head = text[:_HEAD_CHARACTERS]
    head = head[: len(head) - len(head) % 4] if len(head) < len(text) else _padded(head)
    first = base64.b64decode(head)
    width, height = picture_size(first)
    return EncodedPicture(text, width, height, _picturejson_type(first))


def _check_base64(text: str, start: int) -> None:
    """Refuse ``text`` (``image`` from character ``start`` on) unless it is base64 of at
    most ``MAX_PICTURE_BYTES``: its length first, then its characters (at C speed)."""
    decoded = len(text) * 3 // 4
    if decoded > MAX_PICTURE_BYTES:
        raise MapFileError(
            f"image holds {len(text):,} characters of base64, a picture of about "
            f"{decoded // MIB:,} MiB, more than {MAX_PICTURE_BYTES // MIB} MiB"
        )
    bad = _NOT_BASE64.search(text)
    if bad is not None:
        raise MapFileError(
            f"image is not valid base64 (at character {start + bad.start() + 1}: {bad.group()!r})"
        )
    pad = text.find("=")
    if pad >= 0 and (text[pad:] not in ("=", "==") or len(text) % 4):
        raise MapFileError(f"image is not valid base64 (at character {start + pad + 1}: '=')")
    if len(text) % 4 == 1:
        raise MapFileError(
            f"image is not valid base64 (it ends with a stray character, number "
            f"{start + len(text)})"
        )


def _padded(text: str) -> str:
    """``text`` padded with ``=`` to whole groups of four (an exporter may leave them off)."""
    return text + "=" * (-len(text) % 4)


def _picturejson_type(data: bytes) -> str:
    """``"PNG"``, ``"JPEG"`` or ``"WebP"`` (``picture_size`` has accepted only these)."""
    if data.startswith(_PNG):
        return "PNG"
    return "JPEG" if data.startswith(b"\xff\xd8") else "WebP"
