"""Synthetic Universal VTT files (``.dd2vtt``) for tests, shaped like real Dungeondraft exports
(format 0.3: ``resolution``, ``line_of_sight``, ``objects_line_of_sight``, ``portals``,
``environment``, ``lights``, ``image`` as plain base64 PNG) and made in pure Python: the
picture is a real PNG written with zlib and struct.

``sample_uvtt()`` is a small room: a wall with a closed door in it, a wall with a window in
it, a pillar, two lights (one off the map); :data:`SAMPLE` gives its geometry in picture
pixels so tests can say which hexes to expect. Import it as
``from tests.rules.mapfile.uvtt_files import sample_uvtt, uvtt_bytes``.
"""

from __future__ import annotations

import base64
import json
import math
import struct
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Point = tuple[float, float]
Doc = dict[str, Any]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def _ihdr(width: int, height: int) -> bytes:
    return _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))


def png(width: int, height: int, rgb: tuple[int, int, int] = (181, 160, 122)) -> bytes:
    """A real ``width`` × ``height`` PNG of one colour (8-bit RGB, every row unfiltered)."""
    row = b"\x00" + bytes(rgb) * width
    pixels = zlib.compress(row * height, 9)
    return PNG_SIGNATURE + _ihdr(width, height) + _chunk(b"IDAT", pixels) + _chunk(b"IEND", b"")


def png_header(width: int, height: int) -> bytes:
    """A PNG that only declares its size (no pixel data): with a huge size, a picture bomb
    that a reader must refuse from its header."""
    return PNG_SIGNATURE + _ihdr(width, height) + _chunk(b"IEND", b"")


def point(x: float, y: float) -> Doc:
    """A point ``{"x", "y"}`` in squares."""
    return {"x": x, "y": y}


def polyline(points: Iterable[Point]) -> list[Doc]:
    """A wall polyline through ``points`` (squares)."""
    return [point(x, y) for x, y in points]


def portal(start: Point, end: Point, *, closed: bool = True, **extra: Any) -> Doc:
    """A portal as Dungeondraft writes one: ``position`` its middle, ``bounds`` its ends,
    ``rotation`` its angle in radians, ``closed`` (Block Light), ``freestanding``; ``extra``
    keys added as they are (``window=True``, ``type="door"``…)."""
    (x0, y0), (x1, y1) = start, end
    return {
        "position": point((x0 + x1) / 2, (y0 + y1) / 2),
        "bounds": [point(x0, y0), point(x1, y1)],
        "rotation": math.atan2(y1 - y0, x1 - x0),
        "closed": closed,
        "freestanding": False,
        **extra,
    }


def light(
    x: float,
    y: float,
    *,
    range_: float = 5,
    intensity: float = 1,
    color: str = "ffeccd8b",
    shadows: bool = True,
) -> Doc:
    """A light at ``(x, y)`` squares, ``range_`` squares, colour ``"AARRGGBB"``."""
    return {
        "position": point(x, y),
        "range": range_,
        "intensity": intensity,
        "color": color,
        "shadows": shadows,
    }


def encoded(picture: bytes, *, data_url: bool = False) -> str:
    """``picture`` as the ``image`` string: base64, with a ``data:`` prefix if asked."""
    text = base64.b64encode(picture).decode("ascii")
    return f"data:image/png;base64,{text}" if data_url else text


def uvtt(
    *,
    squares: Point = (10, 8),
    pixels_per_grid: float = 64,
    origin: Point = (0, 0),
    walls: Sequence[Sequence[Point]] = (),
    objects: Sequence[Sequence[Point]] = (),
    portals: Sequence[Doc] = (),
    lights: Sequence[Doc] = (),
    picture: bytes | None = None,
    fmt: float = 0.3,
) -> Doc:
    """A Universal VTT document (a dict, keys in Dungeondraft's order). ``picture`` defaults
    to a PNG of ``squares × pixels_per_grid``; pass ``b""`` for a file with no picture."""
    if picture is None:
        size = (round(squares[0] * pixels_per_grid), round(squares[1] * pixels_per_grid))
        picture = png(*size)
    doc: Doc = {
        "format": fmt,
        "resolution": {
            "map_origin": point(*origin),
            "map_size": point(*squares),
            "pixels_per_grid": pixels_per_grid,
        },
        "line_of_sight": [polyline(line) for line in walls],
        "objects_line_of_sight": [polyline(line) for line in objects],
        "portals": list(portals),
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "lights": list(lights),
    }
    if picture:
        doc["image"] = encoded(picture)
    return doc


def uvtt_bytes(doc: Doc) -> bytes:
    """``doc`` as a file's bytes (tab-indented JSON, as Dungeondraft writes it)."""
    return json.dumps(doc, indent="\t").encode("utf-8")


def write_uvtt(path: Path, doc: Doc) -> Path:
    """``doc`` written to ``path`` (e.g. ``tmp_path / "room.dd2vtt"``)."""
    path.write_bytes(uvtt_bytes(doc))
    return path


# -- the sample room -------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """The sample room's geometry, in picture pixels (pointy-top hexes of circumradius
    ``r = 64 / √3``; row ``k``'s centre line is ``y = r/2 + 1.5 r k``): a wall along row 2's
    centre line from x=40 to 600 with a door from 300 to 364; a wall down x=272 from
    y=150 to 480 with a window centred on row 6; a pillar; a light at (480, 250) and one
    off the map. The origin is (1, 1) squares, to check it is subtracted."""

    ppg: float = 64.0
    origin: Point = (1.0, 1.0)
    picture: tuple[int, int] = (640, 512)
    row2_y: float = 0.0
    row6_y: float = 0.0
    door: tuple[float, float] = (300.0, 364.0)
    wall_x: float = 272.0
    window: tuple[float, float] = (0.0, 0.0)
    pillar: tuple[Point, ...] = ((500.0, 400.0), (530.0, 400.0), (530.0, 430.0), (500.0, 430.0))
    light: Point = (480.0, 250.0)

    @property
    def size(self) -> float:
        """The hexes' circumradius in pixels."""
        return self.ppg / math.sqrt(3)

    def squares(self, x: float, y: float) -> Point:
        """Picture pixel ``(x, y)`` in the file's squares."""
        return x / self.ppg + self.origin[0], y / self.ppg + self.origin[1]


def _sample() -> Sample:
    r = 64 / math.sqrt(3)
    row6 = r / 2 + 1.5 * r * 6
    return Sample(row2_y=r / 2 + 3 * r, row6_y=row6, window=(row6 - 30, row6 + 30))


SAMPLE = _sample()


def sample_uvtt(**changes: Any) -> Doc:
    """The sample room (:data:`SAMPLE`) as a document; ``changes`` replace its keys."""
    s = SAMPLE
    sq = s.squares
    y2, (d0, d1), x, (w0, w1) = s.row2_y, s.door, s.wall_x, s.window
    doc = uvtt(
        squares=(s.picture[0] / s.ppg, s.picture[1] / s.ppg),
        pixels_per_grid=s.ppg,
        origin=s.origin,
        walls=[
            [sq(40, y2), sq(d0, y2)],
            [sq(d1, y2), sq(600, y2)],
            [sq(x, 150), sq(x, w0)],
            [sq(x, w1), sq(x, 480)],
        ],
        objects=[[sq(*p) for p in (*s.pillar, s.pillar[0])]],
        portals=[portal(sq(d0, y2), sq(d1, y2)), portal(sq(x, w0), sq(x, w1), closed=False)],
        lights=[light(*sq(*s.light)), light(-5, -5, color="ff4dd569")],
    )
    doc.update(changes)
    return doc
