"""The archive of a ``.hexmap``: its members' names, compression methods and declared
sizes, checked before anything is inflated, and each member read once into one buffer
(a layer straight into its array, :func:`fill`).

A map may come from anyone, so sizes are judged from what the archive *declares*
(``ZipInfo.file_size``) before anything is decompressed or allocated, only stored and
deflated members are read (:data:`READ_METHODS`), and no member is ever inflated past its
declared size. Every function raises :class:`~rules.errors.MapFileError` naming the member
at fault; none lets a ``zipfile``, ``zlib`` or ``lzma`` exception escape.
"""

from __future__ import annotations

import io
import lzma
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import IO

from rules.errors import MapFileError

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_MEMBERS",
    "MAX_PICTURE_BYTES",
    "MAX_TOTAL_BYTES",
    "MEMBER_ERRORS",
    "MIB",
    "READ_CHUNK",
    "READ_METHODS",
    "check_archive",
    "check_sizes",
    "fill",
    "member_buffer",
    "member_errors",
    "method_name",
    "misnamed_member",
    "read_into",
    "read_member",
    "read_rest",
    "sized_buffer",
    "unsafe_member_reason",
]

MIB = 1024 * 1024
MAX_TOTAL_BYTES = 512 * MIB
"""The most an archive may declare it unpacks to, all members together."""
MAX_JSON_BYTES = 16 * MIB
"""The largest ``map.json`` read."""
MAX_MEMBERS = 10_000
"""The most members an archive may hold."""
MAX_PICTURE_BYTES = 256 * MIB
"""The largest ``images/`` member."""
READ_METHODS = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED})
"""The zip compression methods read (the writer uses only these); a member compressed any
other way (bzip2, LZMA, …) is refused before it is read, naming the method."""
READ_CHUNK = MIB
"""How much of a member is inflated at a time while it is read."""

MEMBER_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    lzma.LZMAError,
    EOFError,
    OSError,
    RuntimeError,
    NotImplementedError,
    ValueError,
)
"""What ``zipfile`` raises for a damaged, encrypted or oddly compressed member (a
``ValueError`` for a member the archive's directory places before the file's start; the
``LZMAError`` only if a member not refused by :data:`READ_METHODS` got through)."""

_METHOD_NAMES = {
    1: "Shrink",
    2: "Reduce",
    3: "Reduce",
    4: "Reduce",
    5: "Reduce",
    6: "Implode",
    9: "Deflate64",
    10: "PKWARE DCL Implode",
    12: "bzip2",
    14: "LZMA",
    16: "IBM z/OS CMPSC",
    18: "IBM TERSE",
    19: "IBM LZ77",
    93: "Zstandard",
    94: "MP3",
    95: "XZ",
    96: "JPEG",
    97: "WavPack",
    98: "PPMd",
    99: "AES encryption",
}

_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _mib(size: int, limit: int | None = None) -> str:
    """``size`` for a message, in whole MiB (``"600 MiB"``), or in exact bytes where
    rounding would make it read as ``limit`` (``"16,777,217 bytes"``).

    >>> _mib(600 * MIB + 1), _mib(16 * MIB + 1, 16 * MIB), _mib(300)
    ('600 MiB', '16,777,217 bytes', '300 bytes')
    """
    if size < MIB:
        return f"{size} bytes"
    rounded = f"{size / MIB:.0f} MiB"
    return f"{size:,} bytes" if limit is not None and rounded == _mib(limit) else rounded


def unsafe_member_reason(name: str) -> str | None:
    """Why ``name`` may not be a member name (it could leave the archive), or ``None``.

    >>> unsafe_member_reason("layers/ground.npy") is None
    True
    >>> unsafe_member_reason("../evil.npy")
    "contains '..'"
    """
    if not name:
        return "empty"
    if _CONTROL.search(name):
        return "contains a control character"
    if "\\" in name:
        return "contains a backslash"
    if name.startswith("/"):
        return "is absolute"
    if _DRIVE.match(name) or ":" in name:
        return "contains a drive letter or ':'"
    parts = name.removesuffix("/").split("/")
    if ".." in parts:
        return "contains '..'"
    if "" in parts or "." in parts:
        return "has an empty or '.' path part"
    return None


def check_archive(zf: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """The archive's file members by name, after refusing unsafe names, duplicates,
    encryption, compression methods other than :data:`READ_METHODS` and declared sizes
    over the limits (:func:`check_sizes`). Needs ``map.json``."""
    infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise MapFileError(f"the archive holds {len(infos)} members, more than {MAX_MEMBERS}")
    members: dict[str, zipfile.ZipInfo] = {}
    for info in infos:
        reason = unsafe_member_reason(info.orig_filename)
        if reason:
            raise MapFileError(f"unsafe member name {info.orig_filename!r} ({reason})")
        if info.filename in members:
            raise MapFileError(f"the archive holds {info.filename!r} twice")
        if info.flag_bits & 0x1:
            raise MapFileError(f"member {info.filename!r} is encrypted")
        if info.compress_type not in READ_METHODS:
            raise MapFileError(
                f"member {info.filename!r} is compressed with {method_name(info.compress_type)}"
                f" (method {info.compress_type}); only stored and deflate are read"
            )
        if not info.is_dir():
            members[info.filename] = info
    check_sizes({info.filename: info.file_size for info in infos})
    if "map.json" not in members:
        raise MapFileError("not a Hexweave map: map.json is missing")
    return members


def check_sizes(sizes: Mapping[str, int]) -> None:
    """Refuse an archive whose members (name → size unpacked, as declared; the writer's
    too) are over the limits: more than :data:`MAX_MEMBERS`, a picture over
    :data:`MAX_PICTURE_BYTES`, ``map.json`` over :data:`MAX_JSON_BYTES`, all together over
    :data:`MAX_TOTAL_BYTES`."""
    if len(sizes) > MAX_MEMBERS:
        raise MapFileError(f"the archive holds {len(sizes)} members, more than {MAX_MEMBERS}")
    for name, size in sizes.items():
        _check_picture_bytes(name, size)
    total = sum(sizes.values())
    if total > MAX_TOTAL_BYTES:
        raise MapFileError(f"the archive would unpack to {_over(total, MAX_TOTAL_BYTES)}")
    header = sizes.get("map.json", 0)
    if header > MAX_JSON_BYTES:
        raise MapFileError(f"map.json is {_over(header, MAX_JSON_BYTES)}")


def _over(size: int, limit: int) -> str:
    """``"<size>, more than the <limit> limit"``, the size exact where rounding hid it."""
    return f"{_mib(size, limit)}, more than the {_mib(limit)} limit"


def _check_picture_bytes(member: str, size: int) -> None:
    """Refuse picture member ``member`` if it unpacks to more than :data:`MAX_PICTURE_BYTES`."""
    if member.startswith("images/") and size > MAX_PICTURE_BYTES:
        name = member.removeprefix("images/")
        raise MapFileError(f"image {name!r} is {_over(size, MAX_PICTURE_BYTES)}")


def misnamed_member(fp: IO[bytes], exc: UnicodeDecodeError) -> MapFileError:
    """The refusal of an archive (``fp``, seekable) whose directory holds a member name that
    is not valid UTF-8 though its flag says it is: ``zipfile`` fails on it with ``exc``
    while opening. Names the entry (found again in the directory, if it can be) and shows
    the name's bytes escaped."""
    raw = exc.object if isinstance(exc.object, bytes) else bytes(exc.object)
    shown = repr(raw[:80]) + ("…" if len(raw) > 80 else "")
    entry = _entry_number(fp, raw)
    at = "" if entry is None else f" (entry {entry} of the archive's directory)"
    return MapFileError(
        f"the archive's member name {shown}{at} is not valid UTF-8 though its flag says it "
        f"is ({exc.reason} at byte {exc.start})"
    )


_END_OF_DIRECTORY = b"PK\x05\x06"
_DIRECTORY_ENTRY = b"PK\x01\x02"


def _entry_number(fp: IO[bytes], name: bytes) -> int | None:
    """The number (from 1) of the directory entry named ``name``, or ``None`` if the
    directory cannot be walked simply (a zip64, damaged or huge one). Linear in its size."""
    try:
        size = fp.seek(0, io.SEEK_END)
        fp.seek(max(0, size - 65_536 - 22))
        tail = fp.read()
        end = tail.rfind(_END_OF_DIRECTORY)
        if end < 0 or len(tail) < end + 22:
            return None
        directory_size, directory_offset = struct.unpack_from("<II", tail, end + 12)
        start = size - len(tail) + end - directory_size  # also if zip was concatenated
        if directory_offset == 0xFFFF_FFFF or start < 0 or directory_size > MAX_JSON_BYTES:
            return None
        fp.seek(start)
        directory = fp.read(directory_size)
    except (OSError, ValueError, struct.error):
        return None
    pos, number = 0, 1
    while directory.startswith(_DIRECTORY_ENTRY, pos) and pos + 46 <= len(directory):
        name_length, extra_length, comment_length = struct.unpack_from("<HHH", directory, pos + 28)
        if directory[pos + 46 : pos + 46 + name_length] == name:
            return number
        pos += 46 + name_length + extra_length + comment_length
        number += 1
    return None


@contextmanager
def member_errors(name: str) -> Iterator[None]:
    """Turn ``zipfile``/``zlib`` errors while reading member ``name`` into MapFileError."""
    try:
        yield
    except MapFileError:
        raise
    except MEMBER_ERRORS as exc:
        raise MapFileError(f"member {name!r} cannot be read: {exc}") from exc


def method_name(method: int) -> str:
    """The name of zip compression method ``method``.

    >>> method_name(14), method_name(77)
    ('LZMA', 'an unknown method')
    """
    if method == zipfile.ZIP_DEFLATED:
        return "deflate"
    return (
        "no compression"
        if method == zipfile.ZIP_STORED
        else _METHOD_NAMES.get(method, "an unknown method")
    )


def read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The bytes of one member, its CRC checked. At most one byte more than it declares
    (a size :func:`check_archive` has checked) is ever inflated, a chunk at a time into
    one buffer (:func:`read_rest`)."""
    with member_errors(info.filename), zf.open(info) as fp:
        return read_rest(fp, info, member_buffer(info))


def member_buffer(info: zipfile.ZipInfo) -> io.BytesIO:
    """An empty buffer with room for member ``info``'s declared size (:func:`sized_buffer`)."""
    return sized_buffer(info.file_size)


def sized_buffer(size: int) -> io.BytesIO:
    """An empty buffer with room for ``size`` bytes, allocated once, so that writing up to
    ``size`` bytes into it never copies what it holds, nor does its ``getvalue()`` once
    full (it returns the buffer itself)."""
    buffer = io.BytesIO()
    if size:
        buffer.seek(size - 1)
        buffer.write(b"\0")
        buffer.seek(0)
    return buffer


def read_into(fp: IO[bytes], buffer: io.BytesIO, size: int) -> int:
    """Copy up to ``size`` bytes of ``fp`` into ``buffer`` a :data:`READ_CHUNK` at a time
    (never more inflated at once); how many there were."""
    done = 0
    while done < size:
        chunk = fp.read(min(READ_CHUNK, size - done))
        if not chunk:
            break
        buffer.write(chunk)
        done += len(chunk)
    return done


def fill(fp: IO[bytes], view: memoryview) -> int:
    """Copy the next bytes of ``fp`` into ``view`` (a writable, flat byte view, such as
    that of a layer's array) until it is full or ``fp`` ends, a :data:`READ_CHUNK` at a
    time, so that the values land in the buffer that keeps them with no other copy of the
    member held; how many bytes were copied."""
    size, done = len(view), 0
    while done < size:
        chunk = fp.read(min(READ_CHUNK, size - done))
        if not chunk:
            break
        view[done : done + len(chunk)] = chunk
        done += len(chunk)
    return done


def read_rest(fp: IO[bytes], info: zipfile.ZipInfo, buffer: io.BytesIO) -> bytes:
    """The bytes of member ``info``: those in ``buffer`` (from :func:`member_buffer`,
    written up to its position) and the rest of ``fp`` (:func:`read_into`), read up to
    one byte past the declared size, so that the CRC is checked at the end.

    :raises MapFileError: if the member unpacks to more or less than it declares.
    """
    size = info.file_size
    done = buffer.tell() + read_into(fp, buffer, size - buffer.tell())
    if done < size or fp.read(1):
        more = "less" if done < size else "more"
        raise MapFileError(
            f"member {info.filename!r} unpacks to {more} than the {size} bytes it declares"
        )
    return buffer.getvalue()
