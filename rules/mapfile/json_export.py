"""The map as plain JSON for other tools (issue #18: "``hexweave export MAP -o OUT.json``
writes a plain JSON description of the map (grid, terrain per hex, tokens, areas) for
other tools"; the layout is README.md, "Plain JSON export").

:func:`json_text` is the text written to ``OUT.json`` (UTF-8, deterministic: the same
board gives the same text; no NaN), :func:`export_json` the same as a dict of plain JSON
values (dicts, lists, strings, integers, floats, booleans and ``None``; nothing
Python-specific). The document holds its own format name (:data:`JSON_FORMAT`) and
version (:data:`JSON_VERSION`), the app version, the map format version its entries follow
(:data:`rules.mapfile.hexmap.FORMAT_VERSION`), the map's name, the grid (and how an offset
cell ``[row][col]`` maps to axial ``q, r``), each terrain layer of
:data:`~rules.board.terrain.LAYER_SPECS` as rows of run-length text with its dtype, range,
meaning and, for ``ground`` and ``concealment_kind``, a legend, and then map.json's own
entries: the tokens (each with the hexes it occupies), the picture names (not their
bytes: the pictures stay in the ``.hexmap``), the rule options, the turn order, the labels
(with the wall hexes of a door), the notes, the background's placement, the pinned Areas
(each with the hexes of its shape), the effects, the dice, the Holds and the roll log.

The entries are map.json's, made by the map writer itself (its checks included, so a
board that could not be saved cannot be exported), never serialised a second time here.

:func:`board_from_json` reads such a document back by building the ``.hexmap`` members in
memory (map.json and a ``.npy`` per layer) and handing them to
:func:`rules.mapfile.hexmap.loads`, so every check of a hostile map file applies; the
JSON's own parts (its text, format, version, grid and terrain rows) are bounded and
checked first. Pictures are not in the JSON: tokens read back show no picture and the map
has no background.

Terrain rows (the ``runs`` encoding): each layer is ``height`` strings, row 0 first; a row
lists its ``width`` cells from column 0, comma-separated, each a whole number, or
``value*count`` for ``count`` cells of the same value (written for every run of two or
more, so a row is never longer than the plain list of its numbers). Booleans are 0 and 1.

>>> from rules.board.grid import Board
>>> board = Board.blank(3, 2, name="Crossroads").with_terrain("blocked", [Hex(1, 0)], True)
>>> export_json(board)["terrain"]["layers"]["blocked"]["rows"]
['0,1,0', '0*3']
>>> board_from_json(json_text(board)) == board
True
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.areas import AreaKind, AreaTemplate
from rules.atomic import replace_atomically
from rules.board.grid import MAX_MAP_SIDE, Board
from rules.board.terrain import LAYER_SPECS, ConcealmentKind, GroundKind, Layer, LayerSpec
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.mapfile import checks as chk
from rules.mapfile.archive import MIB
from rules.mapfile.hexmap import FORMAT_NAME, FORMAT_VERSION, loads, map_json_bytes
from rules.mapfile.strict_json import json_type, strict_loads
from rules.options import RuleOptions

__all__ = [
    "JSON_ENCODING",
    "JSON_FORMAT",
    "JSON_VERSION",
    "MAX_CONTAINERS",
    "MAX_EXPORTED_HEXES",
    "MAX_JSON_TEXT",
    "board_from_json",
    "export_json",
    "json_text",
    "layer_rows",
    "save_json",
]

JSON_FORMAT = "hexweave-json"
"""The ``"format"`` field of the JSON export."""
JSON_VERSION = 1
"""The version of the JSON export this module writes, and the newest it reads."""
JSON_ENCODING = "runs"
"""``terrain.encoding``: each row a string of comma-separated values, ``value*count`` for a
run (module docs)."""
MAX_EXPORTED_HEXES = 1_000_000
"""The most hexes the export lists in token ``hexes`` and Area ``hexes`` together: an
entry whose hexes would go past it (in board order, tokens first; an Area counted by the
work its shape costs, e.g. ``origins × (1 + 3·value·(value + 1))`` for a Burst) has
``"hexes": null``. A real map lists a few thousand."""
MAX_JSON_TEXT = 160 * MIB
"""The longest JSON text read (bytes, or characters when given a ``str``), checked before
it is parsed: more than the export of any map can be (at most about 130 MiB: 96 MiB of
terrain rows for 2000 × 2000 hexes of the widest values, each unlike its neighbours;
map.json's entries within their 16 MiB; the listed hexes, about 15 MB)."""
MAX_CONTAINERS = chk.MAX_JSON_CONTAINERS + MAX_EXPORTED_HEXES + 100_000
"""The most lists and objects the JSON text may hold, counted (every ``[`` and ``{``)
before it is parsed: map.json's own limit, one per listed hex, and a list of hexes per
token and Area (at most 35,000) and the terrain's few dozen."""

MapDict = dict[str, Any]
IntArray = npt.NDArray[np.int64]

_ENTRY_KEYS = (
    "app_version",
    "name",
    "tokens",
    "options",
    "turn",
    "labels",
    "notes",
    "areas",
    "effects",
    "dice",
    "holds",
    "rolls",
)
"""map.json's fields that the JSON carries as they are (read back the same way)."""
_GRID_KEYS = ("width", "height", "orientation", "hex_feet")
"""map.json's ``grid`` fields, which the JSON's ``grid`` holds beside its own."""
_OFFSETS = {
    Orientation.POINTY: (
        "odd-r",
        "q = col - (row - row % 2) / 2, r = row",
        "col = q + (r - r % 2) / 2, row = r",
    ),
    Orientation.FLAT: (
        "odd-q",
        "q = col, r = row - (col - col % 2) / 2",
        "col = q, row = r + (q - q % 2) / 2",
    ),
}
"""Per orientation: the offset layout and the formulas between cells and axial hexes
(:mod:`rules.board.offsets`; exact in any language for cells on the map, which have
``row >= 0`` and ``col >= 0``)."""
_VALUE = r"-?[0-9]{1,5}"
_RUN = rf"{_VALUE}(?:\*[0-9]{{1,5}})?"
_ROW = re.compile(rf"{_RUN}(?:,{_RUN})*")
_RUN_COUNT = re.compile(r"\*([0-9]+)")
_MAX_CELL_TEXT = 13
"""The longest a run may be written in a row (``-99999*99999,``): a row longer than this
many characters per cell is refused before it is matched."""


# -- writing ----------------------------------------------------------------------------


def export_json(board: Board) -> MapDict:
    """The plain JSON description of ``board`` (module docs; README.md, "Plain JSON
    export"), as dicts and lists of JSON values.

    :raises MapFileError: ``"cannot export JSON: …"`` for a board the map writer refuses
        (what :func:`rules.mapfile.hexmap.dumps` refuses, named the same way).
    """
    try:
        entries = json.loads(map_json_bytes(board))
    except MapFileError as exc:
        raise MapFileError(f"cannot export JSON: {exc}") from exc
    budget = _HexBudget(MAX_EXPORTED_HEXES)
    legacy = RuleOptions.of(board.options).legacy_areas
    tokens = [
        {**entry, "hexes": _token_hexes(token, budget)}
        for entry, token in zip(entries["tokens"], board.tokens.values(), strict=True)
    ]
    areas = [
        {**entry, "hexes": _area_hexes(board, area, legacy, budget)}
        for entry, area in zip(entries["areas"], board.areas.values(), strict=True)
    ]
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "app_version": entries["app_version"],
        "map_format_version": entries["version"],
        "name": entries["name"],
        "grid": _grid_json(entries["grid"], board.orientation),
        "terrain": {
            "encoding": JSON_ENCODING,
            "layers": {name: _layer_json(spec, board.layers[name]) for name, spec in _SPECS},
        },
        "tokens": tokens,
        "images": entries["images"],
        "options": entries["options"],
        "turn": entries["turn"],
        "labels": entries["labels"],
        "notes": entries["notes"],
        "background": entries["background"],
        "areas": areas,
        "effects": entries["effects"],
        "dice": entries["dice"],
        "holds": entries["holds"],
        "rolls": entries["rolls"],
    }


def json_text(board: Board) -> str:
    """The text of :func:`export_json` (``board``'s ``OUT.json``): a line per field, per
    list entry and per terrain row; UTF-8 text (not ASCII-escaped), no NaN, the same for
    the same board; never more than :func:`board_from_json` reads.

    :raises MapFileError: ``"cannot export JSON: …"`` as :func:`export_json`.
    """
    encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    text = _document_text(export_json(board), encode)
    size = len(text.encode("utf-8"))
    _check_bounds(size, "bytes", _containers(text), "cannot export JSON: the JSON")
    return text


_SPECS = tuple(LAYER_SPECS.items())


class _HexBudget:
    """How many more hexes the export may list (:data:`MAX_EXPORTED_HEXES`)."""

    def __init__(self, left: int) -> None:
        self.left = left

    def listed(self, cost: int, hexes: Callable[[], frozenset[Hex]]) -> list[list[int]] | None:
        """``hexes()`` as sorted ``[q, r]`` pairs if ``cost`` (at least their number) is
        within what is left, else ``None``."""
        if cost > self.left:
            return None
        self.left -= cost
        return [[h.q, h.r] for h in sorted(hexes())]


def _grid_json(grid: MapDict, orientation: Orientation) -> MapDict:
    offset, axial_of_cell, cell_of_axial = _OFFSETS[orientation]
    return {
        **grid,
        "offset": offset,
        "axial_of_cell": axial_of_cell,
        "cell_of_axial": cell_of_axial,
    }


def _layer_json(spec: LayerSpec, array: Layer) -> MapDict:
    boolean = np.dtype(spec.dtype) == np.bool_
    doc: MapDict = {
        "dtype": "bool" if boolean else np.dtype(spec.dtype).name,
        "minimum": spec.minimum,
        "maximum": spec.maximum,
        "meaning": _MEANINGS.get(spec.name, spec.description),
    }
    legend = _LEGENDS.get(spec.name)
    if legend is not None:
        doc["legend"] = legend()
    doc["rows"] = layer_rows(array)
    return doc


_MEANINGS = {
    "ground": "what the ground is made of: a code of the legend",
    "elevation": "height of the ground in spaces (1 space = 5 ft); 0 is the base level",
    "water_depth": "depth of the water in spaces (1 space = 5 ft); 0 is dry",
    "steep": "1: a slope over 45 degrees, climbing needs Climb; 0: not steep",
    "blocked": "1: a wall or solid obstacle fills the hex; 0: open",
    "concealment": "Concealment Tier 0..12; 0 is none",
    "concealment_kind": "what makes the Concealment and the senses it hides from: a code "
    "of the legend (it matters only where concealment > 0)",
    "softness": "Ground Softness Tier 0..12 (softer ground lessens falling damage)",
    "fog": "1: fog of war, hidden from the players; 0: shown",
}
"""What each layer's values mean, for other tools (a layer not named here: its
:attr:`~rules.board.terrain.LayerSpec.description`)."""


def _ground_legend() -> list[MapDict]:
    return [
        {"code": int(k), "name": k.name.lower(), "label": k.label, "softness": k.default_softness}
        for k in GroundKind
    ]


def _concealment_legend() -> list[MapDict]:
    return [
        {
            "code": int(k),
            "name": k.name.lower(),
            "label": k.label,
            "senses": list(k.senses),
            "world": k.world,
        }
        for k in ConcealmentKind
    ]


_LEGENDS: dict[str, Callable[[], list[MapDict]]] = {
    "ground": _ground_legend,
    "concealment_kind": _concealment_legend,
}
"""The enumerated layers and their legends (code → name, label and what it means)."""


def layer_rows(array: Layer) -> list[str]:
    """The rows of a ``(height, width)`` layer in the ``runs`` encoding: row 0 first, each
    its cells from column 0, comma-separated, ``value*count`` for a run of two or more.

    >>> layer_rows(np.array([[0, 0, 0, 2], [5, 1, 1, 1]], dtype=np.uint8))
    ['0*3,2', '5,1*3']
    """
    height, width = array.shape
    flat = np.ascontiguousarray(array, dtype=np.int64).ravel()
    starts_run = np.ones(flat.size, dtype=np.bool_)
    starts_run[1:] = flat[1:] != flat[:-1]
    starts_run[::width] = True  # a run never crosses into the next row
    starts = np.flatnonzero(starts_run)
    counts = np.diff(np.append(starts, flat.size))
    values = flat[starts]
    low = int(values.min())
    texts = np.array([str(v) for v in range(low, int(values.max()) + 1)], dtype=object)
    runs = texts[values - low]  # each value's text, looked up: no str() per cell
    long = np.flatnonzero(counts > 1)
    runs[long] = [
        f"{v}*{n}" for v, n in zip(runs[long].tolist(), counts[long].tolist(), strict=True)
    ]
    ends = np.searchsorted(starts, np.arange(1, height + 1) * width).tolist()
    return [
        ",".join(runs[begin:end].tolist()) for begin, end in zip([0, *ends[:-1]], ends, strict=True)
    ]


def _token_hexes(token: Token, budget: _HexBudget) -> list[list[int]] | None:
    """The hexes ``token`` occupies, listed within ``budget``."""
    return budget.listed(len(token.footprint_offsets), lambda: token.footprint)


def _area_hexes(
    board: Board, area: AreaTemplate, legacy: bool, budget: _HexBudget
) -> list[list[int]] | None:
    """The hexes of ``area``'s shape on the map (before walls), listed within ``budget``."""
    origin = board.area_origin(area, legacy)
    if not origin:
        return []
    cost = _shape_cost(area.kind, area.value, len(origin))
    return budget.listed(cost, lambda: frozenset(filter(board.contains, area.shape(origin))))


def _shape_cost(kind: AreaKind, value: int, origins: int) -> int:
    """At least the number of hexes an Area's shape holds, and the work of drawing it."""
    disk = 1 + 3 * value * (value + 1)
    if kind is AreaKind.SELF:
        return origins
    if kind is AreaKind.LINE:
        return value + 1
    if kind is AreaKind.CONE:
        return disk
    return origins * disk


def _document_text(doc: MapDict, text: Callable[[object], str]) -> str:
    """``doc`` laid out a line per field, per list entry and per terrain row."""
    fields = []
    for key, value in doc.items():
        if key == "terrain":
            body = _terrain_text(value, text)
        elif isinstance(value, list) and value:
            body = _block([text(item) for item in value], "  ", "[]")
        else:
            body = text(value)
        fields.append(f"  {text(key)}: {body}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _terrain_text(terrain: MapDict, text: Callable[[object], str]) -> str:
    layers = []
    for name, layer in terrain["layers"].items():
        fields = [
            f"{text(key)}: "
            + (
                _block([text(x) for x in value], " " * 8, "[]")
                if isinstance(value, list)
                else text(value)
            )
            for key, value in layer.items()
        ]  # the legend and the rows a line per entry
        layers.append(f"{text(name)}: {_block(fields, ' ' * 6, '{}')}")
    encoding = f'"encoding": {text(terrain["encoding"])}'
    return _block([encoding, f'"layers": {_block(layers, "    ", "{}")}'], "  ", "{}")


def _block(items: list[str], indent: str, brackets: str) -> str:
    """``items`` one per line at ``indent`` plus two spaces, in ``brackets``."""
    inner = ",\n".join(f"{indent}  {item}" for item in items)
    return f"{brackets[0]}\n{inner}\n{indent}{brackets[1]}"


def _containers(text: str | bytes) -> int:
    if isinstance(text, str):
        return text.count("[") + text.count("{")
    return text.count(b"[") + text.count(b"{")


def _check_bounds(size: int, unit: str, containers: int, what: str) -> None:
    """Refuse a JSON text of ``size`` ``unit`` (bytes or characters) holding
    ``containers`` lists and objects if it is longer than :data:`MAX_JSON_TEXT` or holds
    more than :data:`MAX_CONTAINERS`; ``what`` starts the message."""
    if size > MAX_JSON_TEXT:
        raise MapFileError(
            f"{what} is {size:,} {unit} long, more than the {MAX_JSON_TEXT:,} allowed"
        )
    if containers > MAX_CONTAINERS:
        raise MapFileError(
            f"{what} holds {containers:,} lists and objects (counting every '[' and '{{'), "
            f"more than the {MAX_CONTAINERS:,} allowed"
        )


# -- reading ----------------------------------------------------------------------------


def board_from_json(text: str | bytes, *, source: str = "JSON") -> Board:
    """The board that a JSON export (:func:`json_text`) describes: its terrain, tokens,
    labels (doors too), notes, Areas, options, effects, turn order, dice, Holds and roll
    log. Pictures are not in the JSON: the tokens show none and the map has no background
    (the names in ``images`` and the ``background`` placement are not read). Token and
    Area ``hexes``, the grid's formulas and each layer's dtype, range, meaning and legend
    describe the map and are not read either.

    ``text`` is held to :data:`MAX_JSON_TEXT` and :data:`MAX_CONTAINERS` before it is
    parsed; the format, versions, grid and every terrain row (row count, cells per row,
    value range) are checked; the rest is map.json's, read by
    :func:`rules.mapfile.hexmap.loads` with every check of a map file (its messages name
    the JSON's fields, which are map.json's: ``tokens[2].size must be an integer, not
    true/false``).

    :raises MapFileError: ``"cannot read <source>: <problem>"``, naming the field.
    """
    try:
        doc = _parse(text)
        archive = _archive(doc)
    except MapFileError as exc:
        raise MapFileError(f"cannot read {source}: {_renamed(str(exc))}") from exc
    prefix = f"cannot read {source}: "
    try:
        return loads(archive, source=source)
    except MapFileError as exc:
        raise MapFileError(prefix + _renamed(str(exc).removeprefix(prefix))) from exc


def _renamed(problem: str) -> str:
    """A map-file problem as the JSON's: its fields are map.json's, at the same paths."""
    if problem.startswith("map.json: "):
        return problem.removeprefix("map.json: ")
    if problem.startswith("map.json "):
        return "the map.json built from it " + problem.removeprefix("map.json ")
    return problem


def _parse(text: str | bytes) -> MapDict:
    """The JSON document in ``text``, its size and lists bounded before it is parsed."""
    if not isinstance(text, str | bytes):
        raise MapFileError(f"the JSON must be text or bytes, not {type(text).__name__}")
    unit = "characters" if isinstance(text, str) else "bytes"
    _check_bounds(len(text), unit, _containers(text), "the JSON")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            problem = f"{exc.reason} at byte {exc.start}"
            raise MapFileError(f"the JSON is not UTF-8 text ({problem})") from exc
    if not text.strip():
        raise MapFileError("the JSON is empty")
    try:
        doc = strict_loads(text, "the JSON is not valid", finite=True)
    except MapFileError:
        raise
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise MapFileError(f"the JSON is not valid: {exc.msg} ({where})") from exc
    except RecursionError as exc:
        raise MapFileError("the JSON nests lists and objects too deep") from exc
    except ValueError as exc:  # an integer of more digits than Python converts
        raise MapFileError(f"the JSON is not valid: {exc}") from exc
    if not isinstance(doc, dict):
        raise MapFileError("the JSON must hold an object")
    _check_format(doc)
    return doc


def _check_format(doc: MapDict) -> None:
    if "format" not in doc:
        raise MapFileError("not a Hexweave JSON map: it has no format name")
    if doc["format"] != JSON_FORMAT:
        found = _shown(doc["format"])
        raise MapFileError(f"not a Hexweave JSON map: its format is {found}, not {JSON_FORMAT!r}")
    version = _whole(doc, "version")
    if version > JSON_VERSION:
        raise MapFileError(
            f"this JSON was written by a newer Hexweave (JSON version {version}); "
            f"this version reads up to {JSON_VERSION}"
        )
    map_version = _whole(doc, "map_format_version")
    if map_version > FORMAT_VERSION:
        raise MapFileError(
            f"its entries are of a newer map format (version {map_version}); "
            f"this version reads up to {FORMAT_VERSION}"
        )


def _whole(doc: MapDict, key: str) -> int:
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MapFileError(f"{key} must be a whole number from 1, got {_shown(value)}")
    return value


def _archive(doc: MapDict) -> bytes:
    """The ``.hexmap`` bytes of ``doc`` (checked format): map.json built from its entries,
    the terrain rows as ``.npy`` layers, no pictures; stored, not compressed."""
    grid = chk.get_dict(doc, "grid", "")
    width, height = (_side(grid, key) for key in ("width", "height"))
    layers = _terrain(doc, width, height)
    header = _map_json_text(_map_json(doc, grid))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("map.json", header)
        for name, array in layers.items():
            npy = io.BytesIO()
            np.save(npy, array, allow_pickle=False)
            zf.writestr(f"layers/{name}.npy", npy.getvalue())
    return buffer.getvalue()


def _side(grid: MapDict, key: str) -> int:
    value = chk.get_int(grid, key, "grid")
    if not 1 <= value <= MAX_MAP_SIDE:
        raise MapFileError(f"grid.{key} must be 1..{MAX_MAP_SIDE}, got {value}")
    return value


def _map_json(doc: MapDict, grid: MapDict) -> MapDict:
    """map.json (at the JSON's ``map_format_version``) for ``doc``'s entries: no pictures,
    no background, and the JSON's own additions (token and Area ``hexes``) left out."""
    entries = {key: doc[key] for key in _ENTRY_KEYS if key in doc}
    for key in ("tokens", "areas"):
        if isinstance(entries.get(key), list):
            entries[key] = [_without_hexes(item) for item in entries[key]]
    if isinstance(entries.get("tokens"), list):
        entries["tokens"] = [_without_picture(item) for item in entries["tokens"]]
    return {
        "format": FORMAT_NAME,
        "version": doc["map_format_version"],
        **entries,
        "grid": {key: grid[key] for key in _GRID_KEYS if key in grid},
        "layers": {name: f"layers/{name}.npy" for name in LAYER_SPECS},
        "images": [],
        "background": None,
    }


def _without_hexes(item: object) -> object:
    if isinstance(item, dict) and "hexes" in item:
        return {key: value for key, value in item.items() if key != "hexes"}
    return item


def _without_picture(item: object) -> object:
    if isinstance(item, dict) and "image" in item:
        return {**item, "image": None}
    return item


def _map_json_text(doc: MapDict) -> bytes:
    """map.json's bytes, compact, its nesting checked first (so that writing it cannot
    recurse deeper than map.json may nest); text UTF-8 cannot hold (a lone surrogate)
    named by field."""
    chk.check_values(doc, text=False)
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        chk.check_values(doc)  # names the field holding the text
        raise MapFileError(f"the JSON holds text that is not valid ({exc.reason})") from exc


def _terrain(doc: MapDict, width: int, height: int) -> dict[str, Layer]:
    """Every layer of ``doc``'s ``terrain``, read from its rows and range-checked."""
    terrain = chk.get_dict(doc, "terrain", "")
    encoding = chk.get_str(terrain, "encoding", "terrain")
    if encoding != JSON_ENCODING:
        raise MapFileError(f"terrain.encoding must be {JSON_ENCODING!r}, got {encoding[:40]!r}")
    layers = chk.get_dict(terrain, "layers", "terrain")
    unknown = sorted(set(layers) - set(LAYER_SPECS))
    if unknown:
        raise MapFileError(f"terrain.layers names an unknown layer {unknown[0][:40]!r}")
    found = {}
    for name, spec in _SPECS:
        if name not in layers:
            raise MapFileError(f"terrain.layers is missing the {name!r} layer")
        found[name] = _layer(chk.get_dict(layers, name, "terrain.layers"), spec, width, height)
    return found


def _layer(obj: MapDict, spec: LayerSpec, width: int, height: int) -> Layer:
    where = f"terrain.layers.{spec.name}.rows"
    rows = chk.get_list(obj, "rows", f"terrain.layers.{spec.name}")
    if len(rows) != height:
        raise MapFileError(f"{where} holds {len(rows)} rows, expected {height} (grid.height)")
    array = np.empty((height, width), dtype=np.int64)
    for i, row in enumerate(rows):
        array[i] = _row_values(row, f"{where}[{i}]", width)
    low, high = int(array.min()), int(array.max())
    if low < spec.minimum or high > spec.maximum:
        row, col = np.argwhere((array < spec.minimum) | (array > spec.maximum))[0].tolist()
        raise MapFileError(
            f"{where}[{row}] holds {array[row, col]} at column {col}; "
            f"{spec.name} is {spec.minimum}..{spec.maximum}"
        )
    return array.astype(spec.dtype)


def _row_values(row: object, where: str, width: int) -> IntArray:
    """The ``width`` values of one terrain row (``runs`` encoding)."""
    if not isinstance(row, str):
        raise MapFileError(
            f"{where} must be a string of comma-separated values, not {json_type(row)}"
        )
    if len(row) > width * _MAX_CELL_TEXT or not _ROW.fullmatch(row):
        shown = row[:40] + ("…" if len(row) > 40 else "")
        raise MapFileError(
            f"{where} must be comma-separated whole numbers, each maybe 'value*count', "
            f"got {shown!r}"
        )
    values = np.fromstring(_RUN_COUNT.sub("", row), dtype=np.int64, sep=",")
    if "*" in row:
        counts = _run_counts(row, values.size)
        if int(counts.min()) < 1:
            raise MapFileError(f"{where} has a run of 0 cells")
        if int(counts.sum()) != width:
            cells = int(counts.sum())
            raise MapFileError(f"{where} holds {cells} cells, expected {width} (grid.width)")
        values = np.repeat(values, counts)
    if values.size != width:
        raise MapFileError(f"{where} holds {values.size} cells, expected {width} (grid.width)")
    return values


def _run_counts(row: str, items: int) -> IntArray:
    """How many cells each of the ``items`` comma-separated items of ``row`` (matched by
    ``_ROW``) stands for: 1, or the ``count`` of a ``value*count``; found in numpy (a run's
    item is the number of commas before its ``*``), not item by item."""
    chars = np.frombuffer(row.encode("ascii"), dtype=np.uint8)
    item_of = np.cumsum(chars == ord(","))
    counts = np.ones(items, dtype=np.int64)
    runs = ",".join(_RUN_COUNT.findall(row))
    counts[item_of[chars == ord("*")]] = np.fromstring(runs, dtype=np.int64, sep=",")
    return counts


def _shown(value: object) -> str:
    """``value`` for a message: a short JSON scalar as written (``true``, ``"1"``) or,
    for a list or object, which it is."""
    if isinstance(value, list | dict):
        return json_type(value)
    if isinstance(value, str):
        return repr(value[:40] + ("…" if len(value) > 40 else ""))
    return json.dumps(value)[:40]


def save_json(board: Board, path: str | os.PathLike[str]) -> None:
    """Write :func:`json_text` of ``board`` to ``path`` atomically (``hexweave export MAP -o
    OUT.json``): an existing file stays as it was unless the new one is complete.

    :raises MapFileError: ``"could not write <path>: reason"`` (or the export's refusal).
    """
    text = json_text(board).encode("utf-8")
    try:
        replace_atomically(Path(os.path.realpath(path)), text)
    except OSError as exc:
        raise MapFileError(f"could not write {os.fspath(path)}: {exc.strerror or exc}") from exc
