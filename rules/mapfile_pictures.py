"""Picture headers: the size of a PNG, JPEG or WebP picture, read without decoding it.

A picture stored in a map may come from anyone, so it is judged from its header before
anything decodes it: it must be a PNG (``IHDR``), a JPEG (a ``SOFn`` frame header) or a
WebP (a ``VP8``, ``VP8L`` or ``VP8X`` chunk), at most :data:`MAX_PICTURE_SIDE` pixels on
a side and :data:`MAX_PICTURE_PIXELS` pixels in all. :func:`picture_size` is what the app
calls before it hands the bytes to ``QImageReader``; :func:`read_picture` reads a map's
picture member, checking the header before the rest of the member is inflated.

>>> ihdr = (256).to_bytes(4, "big") + (192).to_bytes(4, "big")
>>> picture_size(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\x00\\x00\\x00\\x0dIHDR" + ihdr)
(256, 192)
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable

from rules.errors import MapFileError
from rules.mapfile_checks import member_errors, read_member

__all__ = ["MAX_PICTURE_PIXELS", "MAX_PICTURE_SIDE", "picture_size", "read_picture"]

MAX_PICTURE_SIDE = 16_384
"""The most pixels a picture may have on a side."""
MAX_PICTURE_PIXELS = 2**27
"""The most pixels a picture may have in all (512 MiB decoded as 32-bit RGBA), e.g.
16384 × 8192 or 11585 × 11585."""
HEADER_BYTES = 64 * 1024
"""How much of a picture member is read to find its size before the rest is read."""

Size = tuple[int, int]
_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG_SOF = frozenset([*range(0xC0, 0xC4), *range(0xC5, 0xC8), *range(0xC9, 0xCC),
                       *range(0xCD, 0xD0)])  # fmt: skip
_JPEG_NO_LENGTH = frozenset([0x01, *range(0xD0, 0xD8)])  # TEM, RST0..RST7
_JPEG_END = {0xD8: "a second start", 0xD9: "its end", 0xDA: "its image data"}


def picture_size(data: bytes, name: str | None = None) -> Size:
    """``(width, height)`` in pixels of a PNG, JPEG or WebP picture, read from its header.

    :raises MapFileError: naming the picture (``"image 'map.png' …"`` given ``name``,
        else ``"the picture …"``) if it is not one of those formats, its header is
        damaged or cut short, or it is larger than :data:`MAX_PICTURE_SIDE` on a side or
        :data:`MAX_PICTURE_PIXELS` in all.
    """
    label = _label(name)
    size = _header_size(data, label)
    if size is None:
        raise MapFileError(f"{label} is cut short before its size")
    return _within_limits(size, label)


def read_picture(zf: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bytes:
    """The bytes of picture member ``info``, named ``image '<name>'`` in errors. The size in
    its header (within the first :data:`HEADER_BYTES`) is checked before the whole member
    is inflated, never past what it declares (which ``check_archive`` has held to
    ``MAX_PICTURE_BYTES``); its CRC is checked."""
    label = _label(name)
    with member_errors(info.filename), zf.open(info) as fp:
        head = fp.read(min(HEADER_BYTES, info.file_size))
    size = _header_size(head, label)
    if size is not None:
        _within_limits(size, label)
    # all read (to its end, so its CRC checked) or read again from the start
    data = head if len(head) == info.file_size else read_member(zf, info)
    if size is None:  # a JPEG whose frame header comes after much metadata
        picture_size(data, name)
    return data


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
    elif data.startswith(b"\xff\xd8"):
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
    """Walk the JPEG's marker segments up to its first frame header (``SOFn``)."""
    pos = 2
    while pos < len(data):
        if data[pos] != 0xFF:
            raise _damaged(label, "JPEG", f"no marker at byte {pos}")
        while pos < len(data) and data[pos] == 0xFF:  # fill bytes
            pos += 1
        if pos >= len(data):
            return None
        marker = data[pos]
        if marker in _JPEG_NO_LENGTH:
            pos += 1
            continue
        if marker in _JPEG_END or marker == 0x00:
            where = _JPEG_END.get(marker, "a stray 0xFF byte")
            raise _damaged(label, "JPEG", f"it reaches {where} before its frame header")
        if pos + 3 > len(data):
            return None
        length = int.from_bytes(data[pos + 1 : pos + 3], "big")
        if length < 2:
            raise _damaged(label, "JPEG", f"a segment at byte {pos - 1} has length {length}")
        if marker in _JPEG_SOF:
            if pos + 8 > len(data):
                return None
            return int.from_bytes(data[pos + 6 : pos + 8], "big"), int.from_bytes(
                data[pos + 4 : pos + 6], "big"
            )
        pos += 1 + length
    return None


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
