"""Defensive reading of map.json and the ``.npy`` layers, for files that may be broken or
hostile (the archive around them: :mod:`rules.mapfile.archive`).

Every function here raises :class:`~rules.errors.MapFileError` with a message that names
the field or layer at fault (``"map.json: tokens[2].size must be an integer"``); none
lets a ``json`` or ``numpy`` exception escape. Work is bounded before it is done: map.json's
lists and objects are counted before it is parsed (:data:`MAX_JSON_CONTAINERS`); once it
is, the nesting depth (:data:`MAX_JSON_DEPTH`) and every string (:func:`check_values`:
text that UTF-8 cannot hold, a lone surrogate from an escape such as ``"\\ud800"``, is
refused, so nothing opens that cannot be saved) are checked, and each list the map may
hold many of is held to a limit (:data:`MAX_TOKENS` and the others below,
:func:`check_counts`) before anything iterates over it. A layer's ``.npy`` header is
checked before its data is read, and its values are inflated straight into the array
the board keeps.
"""

from __future__ import annotations

import io
import json
import math
import numbers
import re
import tokenize
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sized
from itertools import chain, compress, repeat, starmap
from typing import IO, Any, TypeVar

import numpy as np

from rules.board.terrain import Layer, LayerSpec, check_layer, read_only
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile.archive import fill, member_errors, unsafe_member_reason
from rules.mapfile.strict_json import json_type, strict_loads
from rules.text import text_problem

__all__ = [
    "COUNTED",
    "MAX_AREAS",
    "MAX_AREA_ORIGIN",
    "MAX_CONDITIONS",
    "MAX_EFFECTS",
    "MAX_FOOTPRINT",
    "MAX_HOLDS",
    "MAX_IMAGE_NAME",
    "MAX_JSON_CONTAINERS",
    "MAX_JSON_DEPTH",
    "MAX_LABELS",
    "MAX_LISTED_HEXES",
    "MAX_NOTES",
    "MAX_TOKENS",
    "MAX_TURN_ORDER",
    "as_object",
    "check_containers",
    "check_count",
    "check_counts",
    "check_listed_hexes",
    "check_values",
    "get",
    "get_bool",
    "get_dict",
    "get_int",
    "get_list",
    "get_number",
    "get_optional_int",
    "get_optional_str",
    "get_str",
    "get_str_list",
    "hex_pairs",
    "image_name_problem",
    "is_int",
    "json_path",
    "limit",
    "made",
    "option_problem",
    "parse_json",
    "read_layer",
]

T = TypeVar("T")

MAX_IMAGE_NAME = 128
"""The longest image name, in characters."""
MAX_JSON_DEPTH = 32
"""The deepest map.json may nest lists and objects, map.json itself being level 1 (a
token's ``vitals.stats`` or a roll's ``breakdown`` pairs are level 5)."""
MAX_JSON_CONTAINERS = 1_000_000
"""The most lists and objects map.json may hold, counted before it is parsed as its ``[``
and ``{`` characters (those in strings too): each costs time and memory to build and
check. A map at the size limit holds under 400,000 (a version-7 token is about 12)."""
MAX_TOKENS = 25_000
"""The most tokens a map holds: more than a map.json of :data:`MAX_JSON_BYTES` holds at
format version 7 (about 21,000 tokens of 780 bytes), and a bound for older versions, whose
tokens are smaller, before they are upgraded. The turn order and the Holds (one per Held
creature) are held to it too."""
MAX_TURN_ORDER = MAX_TOKENS
"""The most participants in the turn order: each is a token, listed once."""
MAX_HOLDS = MAX_TOKENS
"""The most Holds: each Holds a creature (a token) that is Held once."""
MAX_CONDITIONS = 1_000
"""The most condition entries on one token (a token in play has a handful)."""
MAX_FOOTPRINT = 4_096
"""The most offsets in one token's footprint override: four times the default footprint
of the largest size (1,027 hexes at size 12)."""
MAX_AREA_ORIGIN = 4_096
"""The most origin hexes of one pinned Area (a Burst from a token's whole footprint, at
most 1,027 hexes at size 12)."""
MAX_LISTED_HEXES = 250_000
"""The most hexes map.json may list in all, in token footprint overrides, Area origins
and doors together (each costs the reader and the board about 10 µs to check and place)."""
MAX_LABELS = 10_000
"""The most labels a map holds."""
MAX_NOTES = 10_000
"""The most notes a map holds."""
MAX_AREAS = 10_000
"""The most pinned Area templates a map holds."""
MAX_EFFECTS = 10_000
"""The most ongoing effects a map holds."""


def plain(value: object) -> object:
    """A numpy integer as a Python one (JSON cannot encode it); anything else — a bool, a
    Python int (the usual case, checked first), a string — as it is."""
    if type(value) is not int and isinstance(value, numbers.Integral):
        return value if isinstance(value, bool) else int(value)
    return value


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


# -- map.json ---------------------------------------------------------------------------


def check_containers(raw: bytes) -> None:
    """Refuse map.json's bytes ``raw`` if they hold more than :data:`MAX_JSON_CONTAINERS`
    lists and objects (every ``[`` and ``{`` counted, at C speed, before parsing)."""
    containers = raw.count(b"[") + raw.count(b"{")
    if containers > MAX_JSON_CONTAINERS:
        raise MapFileError(
            f"map.json holds {containers} lists and objects (counting every '[' and '{{'), "
            f"more than the {MAX_JSON_CONTAINERS} allowed"
        )


def parse_json(raw: bytes) -> dict[str, Any]:
    """``map.json``'s bytes as a dict: at most :data:`MAX_JSON_CONTAINERS` lists and
    objects, UTF-8, strict JSON (no NaN, no repeated keys), nested at most
    :data:`MAX_JSON_DEPTH` deep, every string valid text (:func:`check_values`)."""
    check_containers(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MapFileError(
            f"map.json is not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from exc
    try:
        data = strict_loads(text, "map.json is not valid")
    except MapFileError:
        raise
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise MapFileError(f"map.json is not valid JSON: {exc.msg} ({where})") from exc
    except RecursionError as exc:
        raise MapFileError(
            f"map.json nests lists and objects more than {MAX_JSON_DEPTH} deep"
        ) from exc
    except ValueError as exc:
        raise MapFileError(f"map.json is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise MapFileError(f"map.json must hold a JSON object, not {json_type(data)}")
    # Only a \uXXXX escape can make a surrogate: UTF-8 text cannot hold one.
    check_values(data, text=_SURROGATE_ESCAPE.search(raw) is not None)
    return data


# -- every value of map.json: nesting and text -------------------------------------------

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_SCALARS = frozenset({int, float, bool, type(None)})
_CONTAINERS = frozenset({dict, list})


class _Found(Exception):  # noqa: N818 - carries a problem up the nesting, never shown
    """A problem with a value, and the keys from it up to map.json (innermost first)."""

    def __init__(self, problem: str) -> None:
        """``problem``, with no keys yet: each level adds its own on the way out."""
        super().__init__(problem)
        self.problem = problem
        self.keys: list[str | int] = []


def json_path(keys: Iterable[str | int]) -> str:
    """A path into map.json as messages name it: ``tokens[3].vitals.stats``.

    >>> json_path(["tokens", 3, "vitals", "stats"])
    'tokens[3].vitals.stats'
    """
    path = ""
    for key in keys:
        path += f"[{key}]" if isinstance(key, int) else f"{'.' if path else ''}{key}"
    return path


def check_values(data: object, *, text: bool = True) -> None:
    """Refuse ``data`` (map.json, read or about to be written) if it nests lists and
    objects deeper than :data:`MAX_JSON_DEPTH` or, when ``text``, if a string in it (a
    value or an object's key) is not valid text: one UTF-8 cannot write, such as a lone
    surrogate. Linear in the number of values, recursing only as deep as the limit.

    :raises MapFileError: ``"map.json: tokens[3].name is not valid text (a lone surrogate
        at character 5)"``, ``"map.json: options has a key '…' that is not valid text (…)"``,
        ``"map.json: tokens[0].notes nests lists and objects more than 32 deep"``.
    """
    if not text and _nested_within(data, MAX_JSON_DEPTH):
        return  # the usual case, found without a call per value; else _walk names the path
    try:
        _walk(data, 1, text)
    except _Found as found:
        path = json_path(reversed(found.keys))
        where = f"map.json: {path}" if path else "map.json"
        raise MapFileError(f"{where} {found.problem}") from None


def _nested_within(data: object, most: int) -> bool:
    """Whether ``data`` nests lists and objects at most ``most`` deep (``data`` itself
    being level 1), as :func:`_walk` judges it, found a level at a time: each level's
    lists and objects are listed by builtins (``map``, ``compress``, ``chain``), with no
    Python call per value, so that a map.json of thousands of tokens is checked in a
    fraction of the time a call per list and object takes. A level of more than
    :data:`_LISTED_AT_ONCE` values is looked through twice rather than listed (a list of
    millions of numbers would cost as much memory again)."""
    level: list[Any] = [data]
    for _depth in range(most):
        level = list(compress(level, map(isinstance, level, repeat(dict | list))))
        if not level:
            return True
        dicts = list(compress(level, map(isinstance, level, repeat(dict))))
        lists = list(compress(level, map(isinstance, level, repeat(list))))
        if sum(map(len, dicts)) + sum(map(len, lists)) > _LISTED_AT_ONCE:
            kinds = map(isinstance, _values(dicts, lists), repeat(dict | list))
            level = list(compress(_values(dicts, lists), kinds))
        else:
            level = list(_values(dicts, lists))
    return not any(map(isinstance, level, repeat(dict | list)))


def _values(dicts: list[dict[Any, Any]], lists: list[list[Any]]) -> Iterator[Any]:
    """The values of ``dicts`` then the items of ``lists``, in order, by builtins."""
    return chain(chain.from_iterable(map(dict.values, dicts)), chain.from_iterable(lists))


_LISTED_AT_ONCE = 1 << 16
"""The most values of one level of map.json that :func:`_nested_within` lists at once."""


def _walk(value: object, depth: int, text: bool) -> None:
    """Raise :class:`_Found` for the first value of ``value`` (at nesting ``depth``) nested
    too deep or, when ``text``, holding text UTF-8 cannot write, its keys gathered on the
    way out so that the message can name the path."""
    if depth > MAX_JSON_DEPTH:
        raise _Found(f"nests lists and objects more than {MAX_JSON_DEPTH} deep")
    items: Iterable[tuple[str | int, object]]
    if isinstance(value, dict):
        if text:
            for key in value:
                problem = text_problem(key)
                if problem:
                    raise _Found(f"has a key {key!r} that is not valid text ({problem})")
        items = value.items()
    elif isinstance(value, list):
        kinds = set(map(type, value))
        if kinds <= _SCALARS or (not text and not kinds & _CONTAINERS):
            return  # nothing to look into
        items = enumerate(value)
    else:
        return
    for key, item in items:
        if isinstance(item, str):
            problem = text_problem(item) if text else None
            if problem:
                error = _Found(f"is not valid text ({problem})")
                error.keys.append(key)
                raise error
        elif isinstance(item, dict | list):
            try:
                _walk(item, depth + 1, text)
            except _Found as found:
                found.keys.append(key)
                raise


def is_int(value: object) -> bool:
    """True for a JSON integer (``bool`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _path(where: str, key: str) -> str:
    """``where.key`` as messages name a field (``key`` alone at map.json's top)."""
    return f"{where}.{key}" if where else key


def _wrong(where: str, key: str, wanted: str, value: object) -> MapFileError:
    """The refusal of field ``where.key`` for holding ``value`` where ``wanted`` was due."""
    return MapFileError(f"map.json: {_path(where, key)} must be {wanted}, not {json_type(value)}")


_MISSING: Any = object()
"""What ``dict.get`` gives for a missing key in the getters below (no JSON value is it)."""

# Each getter below tests the usual case first, in one step (``type(value) is int``: JSON's
# integers are exactly int, and bool is not int), and goes the long way, with the very
# checks and messages it always had, only when that fails: map.json holds tens of values
# per token, read with a getter each.


def get(obj: dict[str, Any], key: str, where: str) -> object:
    """``obj[key]``; a missing key is an error naming ``where.key``."""
    value: object = obj.get(key, _MISSING)
    if value is _MISSING:
        raise MapFileError(f"map.json: {_path(where, key)} is missing")
    return value


def get_int(obj: dict[str, Any], key: str, where: str) -> int:
    """``obj[key]`` as an integer (``true`` and ``1.0`` are refused)."""
    value = obj.get(key, _MISSING)
    if type(value) is int:
        return value
    value = get(obj, key, where)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _wrong(where, key, "an integer", value)
    return value


def get_str(obj: dict[str, Any], key: str, where: str) -> str:
    """``obj[key]`` as a string."""
    value = obj.get(key, _MISSING)
    if type(value) is str:
        return value
    value = get(obj, key, where)
    if not isinstance(value, str):
        raise _wrong(where, key, "a string", value)
    return value


def get_optional_str(obj: dict[str, Any], key: str, where: str) -> str | None:
    """``obj[key]`` as a string or ``None`` (JSON ``null``)."""
    value = obj.get(key, _MISSING)
    if value is None or type(value) is str:
        return value
    value = get(obj, key, where)
    if value is not None and not isinstance(value, str):
        raise _wrong(where, key, "a string or null", value)
    return value


def get_optional_int(obj: dict[str, Any], key: str, where: str) -> int | None:
    """``obj[key]`` as an integer or ``None`` (JSON ``null``)."""
    value = obj.get(key, _MISSING)
    if value is None or type(value) is int:
        return value
    return None if get(obj, key, where) is None else get_int(obj, key, where)


def get_number(obj: dict[str, Any], key: str, where: str) -> float:
    """``obj[key]`` as a finite number (an integer or not; ``true`` is refused)."""
    value = obj.get(key, _MISSING)
    if type(value) is float and math.isfinite(value):
        return value
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
    value = obj.get(key, _MISSING)
    if value is True or value is False:
        return value
    value = get(obj, key, where)
    if not isinstance(value, bool):
        raise _wrong(where, key, "true or false", value)
    return value


def get_list(
    obj: dict[str, Any], key: str, where: str, most: int | None = None, what: str = "entries"
) -> list[Any]:
    """``obj[key]`` as a list, of at most ``most`` items (``what``, in the message) when
    given (:func:`check_count`)."""
    value = obj.get(key, _MISSING)
    if type(value) is list and (most is None or len(value) <= most):
        return value
    value = get(obj, key, where)
    if not isinstance(value, list):
        raise _wrong(where, key, "a list", value)
    if most is not None:
        check_count(value, _path(where, key), most, what)
    return value


def check_count(items: Sized, path: str, most: int, what: str) -> None:
    """Refuse the list ``items`` (at map.json's ``path``) if it holds more than ``most``,
    before anything iterates over it.

    :raises MapFileError: ``"map.json: tokens[3].conditions holds 1001 conditions, more
        than the 1000 allowed"``.
    """
    if len(items) > most:
        raise MapFileError(
            f"map.json: {path} holds {len(items)} {what}, more than the {most} allowed"
        )


COUNTED = ("tokens", "labels", "notes", "areas", "effects", "holds")
"""map.json's lists held to a limit (:func:`limit`) by :func:`check_counts`."""


def limit(key: str) -> tuple[int, str]:
    """The most items map.json's list ``key`` (one of :data:`COUNTED`) may hold, and what
    it holds (read when asked, so a test may lower a limit)."""
    limits = {
        "tokens": (MAX_TOKENS, "tokens"),
        "labels": (MAX_LABELS, "labels"),
        "notes": (MAX_NOTES, "notes"),
        "areas": (MAX_AREAS, "areas"),
        "effects": (MAX_EFFECTS, "effects"),
        "holds": (MAX_HOLDS, "Holds"),
    }
    return limits[key]


def check_counts(data: dict[str, Any]) -> None:
    """Refuse map.json (any version, before it is upgraded) if a list of :data:`COUNTED`,
    or the turn order, holds more than its limit; a list of the wrong type is left for the
    reader to name."""
    for key in COUNTED:
        items = data.get(key)
        if isinstance(items, list):
            check_count(items, key, *limit(key))
    turn = data.get("turn")
    order = turn.get("order") if isinstance(turn, dict) else None
    if isinstance(order, list):
        check_count(order, "turn.order", MAX_TURN_ORDER, "participants")
    listed = _listed(data.get("tokens"), "footprint") + _listed(data.get("areas"), "origin")
    check_listed_hexes(listed + _listed(data.get("labels"), "door"))


def _listed(entries: object, key: str) -> int:
    """How many items the ``key`` lists of the objects in the list ``entries`` hold."""
    if not isinstance(entries, list):
        return 0
    lists = (entry.get(key) for entry in entries if isinstance(entry, dict))
    return sum(len(items) for items in lists if isinstance(items, list))


def check_listed_hexes(count: int) -> None:
    """Refuse a map whose token footprint overrides, Area origins and doors list ``count``
    hexes in all, if that is more than :data:`MAX_LISTED_HEXES`."""
    if count > MAX_LISTED_HEXES:
        raise MapFileError(
            f"map.json lists {count} hexes in token footprints, Area origins and doors, more than "
            f"the {MAX_LISTED_HEXES} allowed"
        )


def hex_pairs(pairs: list[Any], path: str, form: str) -> tuple[Hex, ...]:
    """The hexes of ``pairs``, map.json's list at ``path`` of ``[q, r]`` pairs of integers
    (``form`` names them in the message, e.g. ``"[dq, dr]"``); the usual case is checked
    without a Python loop.

    :raises MapFileError: ``"map.json: areas[0].origin[3] must be [q, r], two integers"``.
    """
    if (
        set(map(type, pairs)) <= {list}
        and set(map(len, pairs)) <= {2}
        and set(map(type, chain.from_iterable(pairs))) <= {int}
    ):
        return tuple(starmap(Hex, pairs))
    for k, pair in enumerate(pairs):
        if not (isinstance(pair, list) and len(pair) == 2 and all(map(is_int, pair))):
            raise MapFileError(f"map.json: {path}[{k}] must be {form}, two integers")
    return tuple(starmap(Hex, pairs))  # never reached: the fast test passes


def get_dict(obj: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    """``obj[key]`` as an object."""
    value = obj.get(key, _MISSING)
    if type(value) is dict:
        return value
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


NpyHeader = tuple[tuple[int, ...], bool, np.dtype[Any]]

_PLAIN_HEADER = re.compile(
    rb"\{'descr': '(\|u1|\|b1|<i2)', 'fortran_order': (False|True), "
    rb"'shape': \(([1-9][0-9]{0,8}), ([1-9][0-9]{0,8})\), \} *\n"
)
"""A version-1.0 ``.npy`` header as ``np.save`` writes a layer's (``{'descr': '|u1',
'fortran_order': False, 'shape': (500, 500), }`` and padding), read without numpy's
parser (which compiles it as a Python literal: 40 µs a layer); any other header, also
one numpy would read as the same, is left to numpy."""
_PLAIN_DTYPES = {b"|u1": np.dtype("|u1"), b"|b1": np.dtype("|b1"), b"<i2": np.dtype("<i2")}
_NUMPY_HEADER_LIMIT = 10_000
"""numpy's ``max_header_size``: a longer header it refuses as not safe to load, so one
that long is never read by :data:`_PLAIN_HEADER` (numpy refuses it, whatever it says)."""


def _read_header(fp: IO[bytes], label: str) -> NpyHeader:
    """The shape, Fortran order and dtype in the ``.npy`` header at the start of ``fp``,
    which is left at the values.

    :raises MapFileError: ``"<label> is not a valid .npy array: …"`` (numpy's reason),
        or naming a format version other than 1.0 and 2.0.
    """
    try:
        version = np.lib.format.read_magic(fp)
        if version == (1, 0):
            return _read_header_1_0(fp)
        if version == (2, 0):
            return np.lib.format.read_array_header_2_0(fp)
    except (ValueError, SyntaxError, TypeError, RecursionError, tokenize.TokenError) as exc:
        raise MapFileError(f"{label} is not a valid .npy array: {exc}") from exc
    raise MapFileError(f"{label} uses .npy format {version}, only 1.0 and 2.0 are read")


def _read_header_1_0(fp: IO[bytes]) -> NpyHeader:
    """A version-1.0 header (after its magic): a layer's as ``np.save`` writes it read
    directly (:data:`_PLAIN_HEADER`), any other by numpy from the same bytes (a version-1.0
    header is at most 65,535 bytes long), so that it is judged and refused exactly as
    numpy judges it."""
    prefix = fp.read(2)
    length = int.from_bytes(prefix, "little") if len(prefix) == 2 else -1
    header = fp.read(length) if length > 0 else b""
    fits = len(header) == length <= _NUMPY_HEADER_LIMIT
    plain = _PLAIN_HEADER.fullmatch(header) if fits else None
    if plain is None:  # numpy reads it, or refuses it as cut short or malformed
        return np.lib.format.read_array_header_1_0(io.BytesIO(prefix + header))
    descr, fortran, rows, cols = plain.groups()
    return (int(rows), int(cols)), fortran == b"True", _PLAIN_DTYPES[descr]


def _check_header(
    label: str,
    dtype: np.dtype[Any],
    shape: tuple[int, ...],
    spec: LayerSpec,
    expected: tuple[int, int],
) -> None:
    """Refuse a layer whose header declares another kind or size of value than ``spec``'s,
    or another shape than ``expected``: before any of its data is read or allocated."""
    want = np.dtype(spec.dtype)
    if dtype.hasobject or (dtype.kind, dtype.itemsize) != (want.kind, want.itemsize):
        raise MapFileError(f"{label} has dtype {dtype}, expected {want}")
    if shape != expected:
        raise MapFileError(f"{label} has shape {shape}, expected {expected}")


def read_layer(
    zf: zipfile.ZipFile, info: zipfile.ZipInfo, spec: LayerSpec, width: int, height: int
) -> Layer:
    """Layer ``spec.name`` from ``.npy`` member ``info``: the header's dtype and shape are
    checked before any data is read, then the values' range. Never unpickles.

    The values are inflated a chunk at a time straight into the array the board keeps
    (:func:`~rules.mapfile.archive.fill`), which owns its memory and is made read-only,
    so neither this nor :class:`~rules.board.grid.Board` copies it: the largest map's
    layers take their own size in memory and no more. Only a layer stored in another byte
    order or in Fortran order (other writers') is converted, in one copy.
    """
    label = f"layer {spec.name!r}"
    want = np.dtype(spec.dtype)
    with member_errors(info.filename), zf.open(info) as fp:
        shape, fortran, dtype = _read_header(fp, label)
        _check_header(label, dtype, shape, spec, (height, width))
        # True/false bytes go straight into a bool array, checked below before use.
        stored = want if want == np.bool_ else dtype
        array: Layer = np.empty((width, height) if fortran else (height, width), stored)
        view = array.data.cast("B")
        done = fill(fp, view)
        after = fp.read(1) if done == len(view) else b""
        del view  # the array may be replaced below: let go of its buffer
    if done < array.nbytes or after:
        problem = "is cut short" if done < array.nbytes else "has data after the array"
        raise MapFileError(f"{label} {problem}")
    if fortran:
        array = array.T
    if want == np.bool_ and int(array.view(np.uint8).max()) > 1:
        raise MapFileError(f"{label} holds values other than true/false")
    array = np.ascontiguousarray(array, dtype=want)  # the same array unless converted
    range_problem = None if want == np.bool_ else check_layer(spec.name, array, width, height)
    if range_problem:
        raise MapFileError(range_problem)
    return read_only(array)
