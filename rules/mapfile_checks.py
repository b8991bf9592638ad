"""Defensive reading for :mod:`rules.mapfile`: archive limits, member names, JSON fields
and ``.npy`` layers, for files that may be broken or hostile.

Every function here raises :class:`~rules.errors.MapFileError` with a message that names
the member or field at fault (``"map.json: tokens[2].size must be an integer"``); none
lets a ``zipfile``, ``json`` or ``numpy`` exception escape. Sizes are judged from what
the archive *declares* (``ZipInfo.file_size``, the ``.npy`` header) before anything is
decompressed or allocated, and no member is ever inflated past its declared size.
"""

from __future__ import annotations

import json
import math
import numbers
import re
import tokenize
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, Literal, TypeVar

import numpy as np

from rules.errors import MapFileError
from rules.terrain import Layer, LayerSpec, check_layer, read_only

__all__ = [
    "MAX_IMAGE_NAME", "MAX_JSON_BYTES", "MAX_MEMBERS", "MAX_PICTURE_BYTES", "MAX_TOTAL_BYTES",
    "MEMBER_ERRORS", "as_object", "check_archive", "get", "get_bool", "get_dict", "get_int",
    "get_list", "get_number", "get_optional_int", "get_optional_str", "get_str",
    "get_str_list", "image_name_problem", "is_int", "made", "member_errors", "option_problem",
    "parse_json", "read_layer", "read_member", "unsafe_member_reason",
]  # fmt: skip

T = TypeVar("T")

MIB = 1024 * 1024
MAX_TOTAL_BYTES = 512 * MIB
"""The most an archive may declare it unpacks to, all members together."""
MAX_JSON_BYTES = 16 * MIB
"""The largest ``map.json`` read."""
MAX_MEMBERS = 10_000
"""The most members an archive may hold."""
MAX_PICTURE_BYTES = 256 * MIB
"""The largest ``images/`` member."""
MAX_IMAGE_NAME = 128
"""The longest image name, in characters."""

MEMBER_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError,
                 NotImplementedError, ValueError)  # fmt: skip
"""What ``zipfile`` raises for a damaged, encrypted or oddly compressed member (a
``ValueError`` for a member the archive's directory places before the file's start)."""

_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def plain(value: object) -> object:
    """A numpy integer as a Python one (JSON cannot encode it); anything else — a bool, a
    Python int (the usual case, checked first), a string — as it is."""
    if type(value) is not int and isinstance(value, numbers.Integral):
        return value if isinstance(value, bool) else int(value)
    return value


def _mib(size: int) -> str:
    return f"{size / MIB:.0f} MiB" if size >= MIB else f"{size} bytes"


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


def image_name_problem(name: object) -> str | None:
    """What is wrong with ``name`` as an image name (stored as ``images/<name>``)."""
    if not isinstance(name, str):
        return f"image name {name!r} must be a string"
    if not 1 <= len(name) <= MAX_IMAGE_NAME:
        return f"image name {name!r} must be 1..{MAX_IMAGE_NAME} characters"
    if "/" in name or name in (".", "..") or unsafe_member_reason(name):
        return f"image name {name!r} is not a plain file name"
    return None


def option_problem(key: object, value: object) -> str | None:
    """What is wrong with rule option ``key = value``, or ``None``."""
    if not isinstance(key, str):
        return f"option name {key!r} must be a string"
    if not isinstance(value, bool | int | float | str):
        return f"option {key!r} must be true/false, a number or a string, got {value!r}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"option {key!r} must be a finite number, got {value!r}"
    return None


# -- the archive ------------------------------------------------------------------------


def check_archive(zf: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """The archive's file members by name, after refusing unsafe names, duplicates,
    encryption and declared sizes over the limits. Needs ``map.json``."""
    infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise MapFileError(f"the archive holds {len(infos)} members, more than {MAX_MEMBERS}")
    members: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in infos:
        reason = unsafe_member_reason(info.orig_filename)
        if reason:
            raise MapFileError(f"unsafe member name {info.orig_filename!r} ({reason})")
        if info.filename in members:
            raise MapFileError(f"the archive holds {info.filename!r} twice")
        if info.flag_bits & 0x1:
            raise MapFileError(f"member {info.filename!r} is encrypted")
        total += info.file_size
        if not info.is_dir():
            members[info.filename] = info
            _check_picture_bytes(info)
    if total > MAX_TOTAL_BYTES:
        limit = _mib(MAX_TOTAL_BYTES)
        raise MapFileError(
            f"the archive would unpack to {_mib(total)}, more than the {limit} limit"
        )
    header = members.get("map.json")
    if header is None:
        raise MapFileError("not a Hexweave map: map.json is missing")
    if header.file_size > MAX_JSON_BYTES:
        raise MapFileError(
            f"map.json is {_mib(header.file_size)}, more than the {_mib(MAX_JSON_BYTES)} limit"
        )
    return members


def _check_picture_bytes(info: zipfile.ZipInfo) -> None:
    if info.filename.startswith("images/") and info.file_size > MAX_PICTURE_BYTES:
        name = info.filename.removeprefix("images/")
        raise MapFileError(
            f"image {name!r} is {_mib(info.file_size)}, "
            f"more than the {_mib(MAX_PICTURE_BYTES)} limit"
        )


@contextmanager
def member_errors(name: str) -> Iterator[None]:
    """Turn ``zipfile``/``zlib`` errors while reading member ``name`` into MapFileError."""
    try:
        yield
    except MapFileError:
        raise
    except MEMBER_ERRORS as exc:
        raise MapFileError(f"member {name!r} cannot be read: {exc}") from exc


def read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The bytes of one member, its CRC checked. At most one byte more than it declares
    (a size :func:`check_archive` has checked) is ever inflated."""
    with member_errors(info.filename), zf.open(info) as fp:
        data = fp.read(info.file_size + 1)
    if len(data) != info.file_size:
        more = "more" if len(data) > info.file_size else "less"
        raise MapFileError(
            f"member {info.filename!r} unpacks to {more} than the {info.file_size} bytes "
            "it declares"
        )
    return data


# -- map.json ---------------------------------------------------------------------------


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) < len(pairs):  # rare: find the repeated key to name it
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise MapFileError(f"map.json is not valid: key {key!r} appears twice in an object")
            seen.add(key)
    return result


def _no_constant(name: str) -> Any:
    raise MapFileError(f"map.json is not valid: {name} is not a JSON number")


def parse_json(raw: bytes) -> dict[str, Any]:
    """``map.json``'s bytes as a dict: UTF-8, strict JSON (no NaN, no repeated keys)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MapFileError(
            f"map.json is not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from exc
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except MapFileError:
        raise
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise MapFileError(f"map.json is not valid JSON: {exc.msg} ({where})") from exc
    except (ValueError, RecursionError) as exc:
        raise MapFileError(f"map.json is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise MapFileError(f"map.json must hold a JSON object, not {_json_type(data)}")
    return data


def _json_type(value: object) -> str:
    names = {bool: "true/false", int: "an integer", float: "a number", str: "a string",
             list: "a list", dict: "an object", type(None): "null"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def is_int(value: object) -> bool:
    """True for a JSON integer (``bool`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _path(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _wrong(where: str, key: str, wanted: str, value: object) -> MapFileError:
    return MapFileError(f"map.json: {_path(where, key)} must be {wanted}, not {_json_type(value)}")


def get(obj: dict[str, Any], key: str, where: str) -> object:
    """``obj[key]``; a missing key is an error naming ``where.key``."""
    if key not in obj:
        raise MapFileError(f"map.json: {_path(where, key)} is missing")
    value: object = obj[key]
    return value


def get_int(obj: dict[str, Any], key: str, where: str) -> int:
    """``obj[key]`` as an integer (``true`` and ``1.0`` are refused)."""
    value = get(obj, key, where)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _wrong(where, key, "an integer", value)
    return value


def get_str(obj: dict[str, Any], key: str, where: str) -> str:
    """``obj[key]`` as a string."""
    value = get(obj, key, where)
    if not isinstance(value, str):
        raise _wrong(where, key, "a string", value)
    return value


def get_optional_str(obj: dict[str, Any], key: str, where: str) -> str | None:
    """``obj[key]`` as a string or ``None`` (JSON ``null``)."""
    value = get(obj, key, where)
    if value is not None and not isinstance(value, str):
        raise _wrong(where, key, "a string or null", value)
    return value


def get_optional_int(obj: dict[str, Any], key: str, where: str) -> int | None:
    """``obj[key]`` as an integer or ``None`` (JSON ``null``)."""
    return None if get(obj, key, where) is None else get_int(obj, key, where)


def get_number(obj: dict[str, Any], key: str, where: str) -> float:
    """``obj[key]`` as a finite number (an integer or not; ``true`` is refused)."""
    value = get(obj, key, where)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _wrong(where, key, "a number", value)
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise MapFileError(f"map.json: {_path(where, key)} must be a finite number")
    return number


def get_str_list(obj: dict[str, Any], key: str, where: str) -> list[str]:
    """``obj[key]`` as a list of strings."""
    items = get_list(obj, key, where)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise _wrong(where, f"{key}[{i}]", "a string", item)
    return items


def get_bool(obj: dict[str, Any], key: str, where: str) -> bool:
    """``obj[key]`` as ``true``/``false`` (``0``, ``1`` and ``"yes"`` are refused)."""
    value = get(obj, key, where)
    if not isinstance(value, bool):
        raise _wrong(where, key, "true or false", value)
    return value


def get_list(obj: dict[str, Any], key: str, where: str) -> list[Any]:
    """``obj[key]`` as a list."""
    value = get(obj, key, where)
    if not isinstance(value, list):
        raise _wrong(where, key, "a list", value)
    return value


def get_dict(obj: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    """``obj[key]`` as an object."""
    value = get(obj, key, where)
    if not isinstance(value, dict):
        raise _wrong(where, key, "an object", value)
    return value


def as_object(item: object, where: str) -> dict[str, Any]:
    """``item``, map.json's entry ``where`` (``"tokens[2]"``), as an object."""
    if not isinstance(item, dict):
        raise MapFileError(f"map.json: {where} must be an object")
    return item


def made(where: str, make: Callable[[], T]) -> T:
    """``make()``; the model's ValueError becomes a MapFileError naming ``where``."""
    try:
        return make()
    except MapFileError:
        raise
    except ValueError as exc:
        raise MapFileError(f"map.json: {where}: {exc}") from exc


# -- layers -----------------------------------------------------------------------------


def _read_header(fp: IO[bytes], label: str) -> tuple[tuple[int, ...], bool, np.dtype[Any]]:
    try:
        version = np.lib.format.read_magic(fp)
        if version == (1, 0):
            return np.lib.format.read_array_header_1_0(fp)
        if version == (2, 0):
            return np.lib.format.read_array_header_2_0(fp)
    except (ValueError, SyntaxError, TypeError, RecursionError, tokenize.TokenError) as exc:
        raise MapFileError(f"{label} is not a valid .npy array: {exc}") from exc
    raise MapFileError(f"{label} uses .npy format {version}, only 1.0 and 2.0 are read")


def _check_header(
    label: str,
    dtype: np.dtype[Any],
    shape: tuple[int, ...],
    spec: LayerSpec,
    expected: tuple[int, int],
) -> None:
    want = np.dtype(spec.dtype)
    if dtype.hasobject or (dtype.kind, dtype.itemsize) != (want.kind, want.itemsize):
        raise MapFileError(f"{label} has dtype {dtype}, expected {want}")
    if shape != expected:
        raise MapFileError(f"{label} has shape {shape}, expected {expected}")


def read_layer(
    zf: zipfile.ZipFile, info: zipfile.ZipInfo, spec: LayerSpec, width: int, height: int
) -> Layer:
    """Layer ``spec.name`` from ``.npy`` member ``info``: the header's dtype and shape are
    checked before any data is read, then the values' range. Never unpickles."""
    label = f"layer {spec.name!r}"
    with member_errors(info.filename), zf.open(info) as fp:
        shape, fortran, dtype = _read_header(fp, label)
        _check_header(label, dtype, shape, spec, (height, width))
        size = width * height * dtype.itemsize
        data = fp.read(size + 1)
    if len(data) != size:
        problem = "is cut short" if len(data) < size else "has data after the array"
        raise MapFileError(f"{label} {problem}")
    order: Literal["C", "F"] = "F" if fortran else "C"
    want = np.dtype(spec.dtype)
    if want == np.bool_:
        raw = np.frombuffer(data, dtype=np.uint8).reshape((height, width), order=order)
        if raw.size and int(raw.max()) > 1:
            raise MapFileError(f"{label} holds values other than true/false")
        return read_only(np.ascontiguousarray(raw, dtype=np.bool_))
    values = np.frombuffer(data, dtype=dtype).reshape((height, width), order=order)
    array = np.ascontiguousarray(values, dtype=want)
    range_problem = check_layer(spec.name, array, width, height)
    if range_problem:
        raise MapFileError(range_problem)
    return read_only(array)
