"""Picture headers: the size of a PNG, JPEG or WebP picture, read without decoding it.

A picture stored in a map may come from anyone, so it is judged from its header before
anything decodes it: it must be a PNG (``IHDR``), a JPEG (a ``SOFn`` frame header) or a
WebP (a ``VP8``, ``VP8L`` or ``VP8X`` chunk), at most :data:`MAX_PICTURE_SIDE` pixels on
a side and :data:`MAX_PICTURE_PIXELS` pixels in all. The work is bounded whatever the
bytes: a JPEG's frame header must come within its first :data:`JPEG_HEADER_BYTES` and
:data:`JPEG_SEGMENTS` marker segments (fill bytes are skipped by a regular expression, not
byte by byte). :func:`picture_size` is what the app calls before it hands the bytes to
``QImageReader``; :func:`read_picture` reads a map's picture member once, into one buffer,
checking the header in its first chunk before the rest is inflated.

>>> ihdr = (256).to_bytes(4, "big") + (192).to_bytes(4, "big")
>>> picture_size(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\x00\\x00\\x00\\x0dIHDR" + ihdr)
(256, 192)
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable

from rules.errors import MapFileError
from rules.mapfile.archive import MIB, member_buffer, member_errors, read_rest

__all__ = [
    "HEADER_BYTES",
    "JPEG_HEADER_BYTES",
    "JPEG_SEGMENTS",
    "MAX_PICTURE_PIXELS",
    "MAX_PICTURE_SIDE",
    "picture_size",
    "read_picture",
]

MAX_PICTURE_SIDE = 16_384
"""The most pixels a picture may have on a side."""
MAX_PICTURE_PIXELS = 2**27
"""The most pixels a picture may have in all (512 MiB decoded as 32-bit RGBA), e.g.
16384 × 8192 or 11585 × 11585."""
HEADER_BYTES = 64 * 1024
"""How much of a picture member is read to find its size before the rest is read (a JPEG
with more metadata before its frame header is read on, up to :data:`JPEG_HEADER_BYTES`)."""
JPEG_HEADER_BYTES = 4 * MIB
"""How far into a JPEG its frame header (``SOFn``) may come: past its metadata segments
(EXIF, ICC profile, XMP, at most 64 KiB a segment; cameras and editors rarely write 1 MiB)."""
JPEG_SEGMENTS = 4_096
"""The most marker segments a JPEG may have before its frame header."""

Size = tuple[int, int]
_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG_SOF = frozenset(
    [*range(0xC0, 0xC4), *range(0xC5, 0xC8), *range(0xC9, 0xCC), *range(0xCD, 0xD0)]
)
_JPEG_NO_LENGTH = frozenset([0x01, *range(0xD0, 0xD8)])  # TEM, RST0..RST7
_JPEG_END = {0xD8: "a second start", 0xD9: "its end", 0xDA: "its image data"}
_JPEG_START = b"\xff\xd8"
_NOT_FILL = re.compile(rb"[^\xff]")


def picture_size(data: bytes, name: str | None = None) -> Size:
    """``(width, height)`` in pixels of a PNG, JPEG or WebP picture, read from its header.

    :raises MapFileError: naming the picture (``"image 'map.png' …"`` given ``name``,
        else ``"the picture …"``) if it is not one of those formats, its header is
        damaged or cut short (or, for a JPEG, not within its first
        :data:`JPEG_HEADER_BYTES` and :data:`JPEG_SEGMENTS` segments), or it is larger
        than :data:`MAX_PICTURE_SIDE` on a side or :data:`MAX_PICTURE_PIXELS` in all.
    """
    label = _label(name)
    size = _header_size(data, label)
    if size is None:
        raise _no_size(data, label)
    return _within_limits(size, label)


def read_picture(zf: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bytes:
    """The bytes of picture member ``info``, named ``image '<name>'`` in errors, read once
    into one buffer of its declared size (which ``check_archive`` has held to
    ``MAX_PICTURE_BYTES``), never inflated past it, its CRC checked. The size in its
    header (within the first :data:`HEADER_BYTES`, or :data:`JPEG_HEADER_BYTES` for a JPEG)
    is checked before the rest of the member is inflated."""
    label = _label(name)
    with member_errors(info.filename), zf.open(info) as fp:
        head = fp.read(min(HEADER_BYTES, info.file_size))
        size = _header_size(head, label)
        if size is None and head.startswith(_JPEG_START):  # much metadata first
            head += fp.read(min(JPEG_HEADER_BYTES, info.file_size) - len(head))
            size = _header_size(head, label)
        if size is None:
            raise _no_size(head, label)
        _within_limits(size, label)
        buffer = member_buffer(info)
        buffer.write(head)
        del head
        return read_rest(fp, info, buffer)


def _no_size(data: bytes, label: str) -> MapFileError:
    """The refusal of ``data`` whose header ended before the picture's size."""
    if data.startswith(_JPEG_START) and len(data) >= JPEG_HEADER_BYTES:
        return MapFileError(
            f"{label} is a JPEG whose frame header (its size) is not within its first "
            f"{JPEG_HEADER_BYTES // MIB} MiB"
        )
    return MapFileError(f"{label} is cut short before its size")


def _label(name: str | None) -> str:
    return "the picture" if name is None else f"image {name!r}"


def _within_limits(size: Size, label: str) -> Size:
    width, height = size
    if max(width, height) > MAX_PICTURE_SIDE or width * height > MAX_PICTURE_PIXELS:
        raise MapFileError(
            f"{label} is {width}×{height} pixels; the limit is {MAX_PICTURE_SIDE} pixels "
            f"on a side and {MAX_PICTURE_PIXELS:,} pixels in all"
        )
    return size


def _header_size(data: bytes, label: str) -> Size | None:
    """The size in the header, or ``None`` if ``data`` ends before it does."""
    reader: Callable[[bytes, str], Size | None]
    if data.startswith(_PNG):
        kind, reader = "PNG", _png_size
    elif data.startswith(_JPEG_START):
        kind, reader = "JPEG", _jpeg_size
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        kind, reader = "WebP", _webp_size
    else:
        raise MapFileError(f"{label} is not a PNG, JPEG or WebP picture")
    size = reader(data, label)
    if size is not None and min(size) < 1:
        raise _damaged(label, kind, f"its size is {size[0]}×{size[1]}")
    return size


def _damaged(label: str, kind: str, why: str) -> MapFileError:
    return MapFileError(f"{label} is a damaged {kind} picture: {why}")


def _png_size(data: bytes, label: str) -> Size | None:
    if len(data) < 24:
        return None
    if data[8:16] != b"\x00\x00\x00\x0dIHDR":
        raise _damaged(label, "PNG", "it does not begin with its IHDR header")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _jpeg_size(data: bytes, label: str) -> Size | None:
    """Walk the JPEG's marker segments up to its first frame header (``SOFn``), within
    its first :data:`JPEG_HEADER_BYTES` and :data:`JPEG_SEGMENTS` segments; ``None`` if
    ``data`` (or that prefix of it) ends first."""
    end = min(len(data), JPEG_HEADER_BYTES)
    pos = 2
    for _segment in range(JPEG_SEGMENTS):
        if pos >= end:
            return None
        if data[pos] != 0xFF:
            raise _damaged(label, "JPEG", f"no marker at byte {pos}")
        marker_at = _NOT_FILL.search(data, pos, end)  # past the 0xFF fill bytes
        if marker_at is None:
            return None
        pos = marker_at.start()
        marker = data[pos]
        if marker in _JPEG_NO_LENGTH:
            pos += 1
            continue
        if marker in _JPEG_END or marker == 0x00:
            where = _JPEG_END.get(marker, "a stray 0xFF byte")
            raise _damaged(label, "JPEG", f"it reaches {where} before its frame header")
        if pos + 3 > end:
            return None
        length = int.from_bytes(data[pos + 1 : pos + 3], "big")
        if length < 2:
            raise _damaged(label, "JPEG", f"a segment at byte {pos - 1} has length {length}")
        if marker in _JPEG_SOF:
            if pos + 8 > end:
                return None
            return int.from_bytes(data[pos + 6 : pos + 8], "big"), int.from_bytes(
                data[pos + 4 : pos + 6], "big"
            )
        pos += 1 + length
    raise MapFileError(
        f"{label} is a JPEG with more than {JPEG_SEGMENTS} segments before its frame header"
    )


def _webp_size(data: bytes, label: str) -> Size | None:
    chunk = data[12:16]
    if chunk == b"VP8L":
        if len(data) < 25:
            return None
        if data[20] != 0x2F:
            raise _damaged(label, "WebP", "its VP8L chunk has no signature")
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if len(data) < 30:
        return None
    if chunk == b"VP8X":
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    if chunk == b"VP8 ":
        if data[23:26] != b"\x9d\x01\x2a":
            raise _damaged(label, "WebP", "its VP8 frame has no start code")
        width, height = int.from_bytes(data[26:28], "little"), int.from_bytes(data[28:30], "little")
        return width & 0x3FFF, height & 0x3FFF
    raise _damaged(label, "WebP", f"its first chunk is {chunk!r}, not VP8, VP8L or VP8X")
