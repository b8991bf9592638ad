"""Reading and writing ``.hexmap`` files (the format is described in README.md, "The map file").

A ``.hexmap`` is a zip archive holding

- ``map.json`` (deflated): format name and version, the app version that wrote it, the
  grid, the layer members, the tokens in board order (with their body: senses, limbs,
  words, :mod:`rules.mapfile.body`; their turn state and motion:
  :mod:`rules.mapfile.motion`), the image names, rule options, the turn order, labels,
  notes, the background picture's placement, the pinned Area templates
  (:mod:`rules.mapfile.areas`), the ongoing effects (turn state:
  :mod:`rules.mapfile.turn_state`) and, last, the dice seed, the Holds and the roll log
  (:mod:`rules.mapfile.dice`);
- ``layers/<name>.npy`` (deflated): one array per terrain layer of
  :data:`~rules.board.terrain.LAYER_SPECS`;
- ``images/<name>`` (stored): the bytes of each picture stored with the map, a PNG, JPEG
  or WebP whose size is read from its header (:func:`picture_size`) and held to limits.

Reading upgrades old versions step by step through :data:`UPGRADERS`; any problem (a
damaged, newer or hostile file) raises :class:`~rules.errors.MapFileError` naming what
is wrong. Nothing is unpickled or evaluated and no member name can leave the archive.
Every file is untrusted, so the work and memory a file can cost are bounded before they
are spent (the limits of :mod:`rules.mapfile.checks` and :mod:`rules.mapfile.pictures`):
only stored and deflated members are read, each once into one buffer; map.json's
nesting, its text and each list are checked before anything iterates over them; and
nothing is accepted that could not be saved again (every string must be valid UTF-8
text, and :func:`check` also runs the writer's checks). The writer checks a token by
itself once: the tokens of the boards last read or written have passed those checks
(:mod:`rules.mapfile.checked`). Saving is atomic: the old file stays as it was unless the
new one is complete; the archive is written straight into the temporary file
(:func:`rules.atomic.replace_atomically_with`), never held in memory whole, each layer
from its array's own memory, and the temporary files an interrupted save left are
removed by the next one.

>>> from rules.board.grid import Board
>>> board = Board.blank(3, 2, name="Crossroads")
>>> loads(dumps(board)) == board
True
"""

from __future__ import annotations

import io
import json
import operator
import os
import tokenize
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from rules.atomic import replace_atomically_with
from rules.board.grid import Board
from rules.board.terrain import LAYER_SPECS, Layer
from rules.board.tokens import Token, TokenKind
from rules.errors import MapFileError
from rules.mapfile import archive, checked
from rules.mapfile import checks as chk
from rules.mapfile.areas import upgrade_v2_to_v3
from rules.mapfile.body import body_json, upgrade_v6_to_v7
from rules.mapfile.dice import dice_json, upgrade_v5_to_v6
from rules.mapfile.motion import upgrade_v4_to_v5
from rules.mapfile.pictures import MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, picture_size
from rules.mapfile.reader import (
    HEX_FEET,
    ProblemsFound,
    annotations_json,
    build_board,
    place_tokens,
    upgrade_v1_to_v2,
    upgrade_v7_to_v8,
)
from rules.mapfile.turn_state import effects_json, token_state_json, turn_json, upgrade_v3_to_v4
from rules.options import RuleOptions
from rules.version import __version__

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "HEX_FEET",
    "MAX_PICTURE_PIXELS",
    "MAX_PICTURE_SIDE",
    "SUFFIX",
    "UPGRADERS",
    "check",
    "dumps",
    "load",
    "loads",
    "map_json_bytes",
    "picture_size",
    "save",
]

FORMAT_NAME = "hexmap"
"""The ``"format"`` field of every ``map.json``."""
FORMAT_VERSION = 8
"""The version this module writes, and the newest it reads."""
SUFFIX = ".hexmap"
"""The file name suffix of maps."""

MapDict = dict[str, Any]
UPGRADERS: dict[int, Callable[[MapDict], MapDict]] = {
    1: upgrade_v1_to_v2,
    2: upgrade_v2_to_v3,
    3: upgrade_v3_to_v4,
    4: upgrade_v4_to_v5,
    5: upgrade_v5_to_v6,
    6: upgrade_v6_to_v7,
    7: upgrade_v7_to_v8,
}
"""Version ``N`` → a function turning a version-``N`` ``map.json`` dict into version
``N + 1``. :func:`loads` applies them one after another up to :data:`FORMAT_VERSION`."""

StrPath = str | os.PathLike[str]
_DAMAGE_ERRORS = (
    ValueError,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    OverflowError,
    RecursionError,
    tokenize.TokenError,
)
"""Errors that a damaged file can provoke deep inside zipfile, json or numpy."""
_WRITE_DATE = (1980, 1, 1, 0, 0, 0)  # fixed, so the same board gives the same bytes
_REWRITE_CHECKED = archive.MAX_JSON_BYTES // 2
"""A current-version map.json larger than this is put through the writer at load (see
:func:`_check_writable`); a smaller one is written back within the limit, since the
writer's layout is at most about 1.5 times as long as the most compact JSON of the same
values (its ``", "`` and ``": "`` separators and a line per list entry: measured on
lists of one-digit numbers, the worst case), under the 2 allowed here."""
_COMPRESS_LEVEL = 1  # 3× faster than the default 6 on noisy terrain, a few % larger
_MEMBER_MODE = 0o644 << 16
"""Every member's permissions (``rw-r--r--``), for a tool that unpacks the archive."""


# -- writing ----------------------------------------------------------------------------


def dumps(board: Board) -> bytes:
    """The ``.hexmap`` bytes of ``board``.

    :raises MapFileError: if the board holds something the format cannot store or
        reading would refuse (an unsafe image name, an image that is not a PNG, JPEG or
        WebP picture within the limits, a token naming a missing image, an option that
        is not true/false, a number or a string, a token, label, note or Area off the
        map, a note or Area naming a missing token, a background on a missing picture, a token
        whose conditions, vitals or motion would not read back, an effect or turn order
        naming a missing token or Area, a Hold on a missing token, a roll log longer than
        :data:`rules.board.roll_log.MAX_LOG`, a dice seed or count out of range, a token whose
        senses, limbs or words would not read back, text that UTF-8 cannot write such as
        a lone surrogate, more of anything than the reader's limits allow, or an archive
        larger than they allow).
    """
    try:
        header = map_json_bytes(board)
    except MapFileError as exc:
        raise MapFileError(f"cannot write map: {exc}") from exc
    buffer = io.BytesIO()
    _write_archive(buffer, board, header)
    return buffer.getvalue()


def map_json_bytes(board: Board) -> bytes:
    """map.json's bytes for ``board``, after every check the writer makes (the archive's
    sizes too): what :func:`dumps` and :func:`save` write and :func:`check` tries."""
    doc = _map_json(board)
    try:
        header = _json_text(doc).encode("utf-8")
    except UnicodeEncodeError as exc:
        chk.check_values(doc)  # names the field holding the text
        raise MapFileError(f"map.json cannot be written as UTF-8: {exc.reason}") from exc
    chk.check_containers(header)
    sizes = {"map.json": len(header)}
    sizes |= {f"layers/{name}.npy": _npy_size(board.layers[name]) for name in LAYER_SPECS}
    sizes |= {f"images/{name}": len(data) for name, data in board.images.items()}
    archive.check_sizes(sizes)
    checked.remember(board.tokens.values())
    return header


def _write_archive(handle: BinaryIO, board: Board, header: bytes) -> None:
    """Write the archive of ``board`` (its map.json's bytes ``header`` checked already) to
    ``handle``, member by member: no copy of the whole archive is made, nor of a layer
    (:func:`_write_layer`) or a picture."""
    with zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED, compresslevel=_COMPRESS_LEVEL) as zf:
        _write_member(zf, "map.json", header)
        for name in LAYER_SPECS:
            _write_layer(zf, f"layers/{name}.npy", board.layers[name])
        for name, data in board.images.items():  # compressed pictures already: stored
            _write_member(zf, f"images/{name}", data, zipfile.ZIP_STORED)


def _write_member(
    zf: zipfile.ZipFile, name: str, data: bytes, method: int = zipfile.ZIP_DEFLATED
) -> None:
    """Write member ``name`` holding ``data`` (compressed by ``method``), dated
    :data:`_WRITE_DATE` so that the same board gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=_WRITE_DATE)
    info.compress_type = method
    info.external_attr = _MEMBER_MODE
    zf.writestr(info, data, compresslevel=_COMPRESS_LEVEL)


def _write_layer(zf: zipfile.ZipFile, name: str, array: Layer) -> None:
    """Write ``array`` as the ``.npy`` member ``name``, byte for byte what ``np.save``
    writes, streamed from the array's own memory into the compressor: no bytes of the
    layer are made (a layer of the largest map is 8 MiB).

    The member is opened by name, so it takes the archive's compression and level and
    :class:`zipfile.ZipInfo`'s default date (which is :data:`_WRITE_DATE`); its mode,
    kept only in the archive's directory (written when the archive is closed), is then
    set as :func:`_write_member` sets it.
    """
    with zf.open(name, "w") as out:
        out.write(_npy_header(array))
        out.write(_npy_values(array))
    zf.getinfo(name).external_attr = _MEMBER_MODE


def _npy_header(array: Layer) -> bytes:
    """The version-1.0 ``.npy`` header ``np.save`` writes before ``array``'s values."""
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, np.lib.format.header_data_from_array_1_0(array))
    return buffer.getvalue()


def _npy_values(array: Layer) -> memoryview:
    """``array``'s values' bytes in the order ``np.save`` writes them (a Fortran-ordered
    array in its own order, as the header says), a view of the array's memory where it
    is contiguous."""
    flags = array.flags
    if flags.f_contiguous and not flags.c_contiguous:
        values = array.T
    else:
        values = array if flags.c_contiguous else np.ascontiguousarray(array)
    return values.data.cast("B")


def _json_text(doc: MapDict) -> str:
    """map.json's text: a line per field and per item of a list (JSON's C encoder is
    used only without ``indent``: 4× faster for many tokens)."""
    text = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    fields = []
    for key, value in doc.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"    {text(item)}" for item in value)
            fields.append(f"  {text(key)}: [\n{items}\n  ]")
        else:
            fields.append(f"  {text(key)}: {text(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _npy_size(array: Layer) -> int:
    """The size of ``array``'s ``.npy`` member (what :func:`_write_layer` writes), without
    writing the array."""
    return len(_npy_header(array)) + array.nbytes


def _map_json(board: Board) -> MapDict:
    """map.json of ``board`` as a dict, each part checked as the reader would check it."""
    if not isinstance(board.name, str):
        raise MapFileError(f"the map name must be a string, not {board.name!r}")
    for name, data in board.images.items():
        _raise_if(chk.image_name_problem(name))
        picture_size(data, name)
    for key, value in board.options.items():
        _raise_if(chk.option_problem(key, value))
    chk.check_count(board.tokens, "tokens", *chk.limit("tokens"))
    chk.check_listed_hexes(_listed_hexes(board))
    tokens = [
        _token_json(i, key, token, board, checked.is_checked(token))
        for i, (key, token) in enumerate(board.tokens.items())
    ]
    place_tokens(board)
    annotations = annotations_json(board)  # before the effects, which name Areas
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "name": board.name,
        "grid": {
            "width": board.width,
            "height": board.height,
            "orientation": board.orientation.value,
            "hex_feet": HEX_FEET,
        },
        "layers": {name: f"layers/{name}.npy" for name in LAYER_SPECS},
        "tokens": tokens,
        "images": list(board.images),
        "options": dict(board.options),
        "turn": turn_json(board),
        **annotations,
        "effects": effects_json(board),
        **dice_json(board),  # last: "dice", "holds", then the roll log, a line per roll
    }


def _listed_hexes(board: Board) -> int:
    """How many hexes map.json will list in token footprint overrides, Area origins and
    doors."""
    footprints = (t.footprint_override for t in board.tokens.values())
    origins = sum(len(a.origin) for a in board.areas.values() if isinstance(a.origin, tuple))
    doors = sum(len(label.door) for label in board.labels.values())
    return sum(len(f) for f in footprints if isinstance(f, tuple)) + origins + doors


def _token_json(i: int, key: str, token: Token, board: Board, known: bool) -> MapDict:
    """map.json's ``tokens[i]`` for ``token`` (filed under ``key``): checked by itself
    unless ``known`` (:mod:`rules.mapfile.checked`; its lists are still held to the
    limits, which a test may lower), and against ``board`` always."""
    if known:
        where, most = f"tokens[{i}].conditions", chk.MAX_CONDITIONS
        chk.check_count(token.conditions, where, most, "conditions")
    else:
        # What the reader's Token(...) would refuse (notes=None, say), without parsing again.
        typed = isinstance(token.kind, TokenKind)
        problem = token.problem() if typed else "kind is not a TokenKind"
        _raise_if(problem and f"map.json: tokens[{i}]: {problem}")
    if key != token.id:
        raise MapFileError(f"token {token.id!r} is filed under the id {key!r}")
    if token.image is not None and token.image not in board.images:
        raise MapFileError(f"token {token.id!r} shows image {token.image!r}, not stored in the map")
    override = token.footprint_override
    if override is not None:
        chk.check_count(override, f"tokens[{i}].footprint", chk.MAX_FOOTPRINT, "offsets")
    return {
        "id": token.id,
        "name": token.name,
        "q": operator.index(token.position.q),
        "r": operator.index(token.position.r),
        "size": operator.index(token.size),
        "kind": token.kind.value,
        "side": token.side,
        "color": token.color,
        "image": token.image,
        "hidden": bool(token.hidden),
        "footprint": None if override is None else [[int(h.q), int(h.r)] for h in override],
        "notes": token.notes,
        "reach": None if token.reach is None else operator.index(token.reach),
        "movement_pool": operator.index(token.movement_pool),
        "movement_types": list(token.movement_types),
        **body_json(i, token, read_back=not known),
        **token_state_json(i, token, read_back=not known),
    }


def _raise_if(problem: str | None) -> None:
    """Raise ``problem`` as a MapFileError, if there is one."""
    if problem:
        raise MapFileError(problem)


def save(board: Board, path: StrPath) -> None:
    """Write ``board`` to ``path`` atomically.

    The archive is written member by member into a temporary file beside ``path``
    (never whole in memory), flushed and fsynced, then the temporary file replaces
    ``path`` in one step; on any failure it is removed and an existing file at ``path``
    is left untouched. Temporary files an interrupted save of ``path`` left, unchanged for
    :data:`rules.atomic.STALE_AFTER` seconds, are removed first. A new file gets the usual
    permissions (``0o666`` less the umask); an existing one keeps its own. A symlink is
    followed.

    :raises MapFileError: ``"could not save …: reason"`` if the board cannot be stored
        or the file cannot be written.
    """
    target = Path(os.path.realpath(path))
    try:
        header = map_json_bytes(board)
        replace_atomically_with(target, partial(_write_archive, board=board, header=header))
    except MapFileError as exc:
        raise MapFileError(f"could not save {os.fspath(path)}: {exc}") from exc
    except OSError as exc:
        raise MapFileError(f"could not save {os.fspath(path)}: {exc.strerror or exc}") from exc


def loads(data: bytes, *, source: str = "map") -> Board:
    """The board stored in ``.hexmap`` bytes; ``source`` names them in error messages.

    :raises MapFileError: ``"cannot read <source>: <problem>"`` for a file that is not a
        map, is damaged, is hostile or was written by a newer Hexweave.
    """
    try:
        return _read_bytes(data)
    except MapFileError as exc:
        raise MapFileError(f"cannot read {source}: {exc}") from exc


def load(path: StrPath) -> Board:
    """The board stored in the ``.hexmap`` file at ``path``.

    :raises MapFileError: ``"cannot read <path>: <problem>"``, also when the file
        cannot be opened.
    """
    try:
        return _read_path(path)
    except MapFileError as exc:
        raise MapFileError(f"cannot read {os.fspath(path)}: {exc}") from exc


def check(path: StrPath) -> list[str]:
    """Every problem found in the ``.hexmap`` file at ``path``; ``[]`` if it loads.

    Problems in separate layers and tokens are all listed; a problem that stops the
    reading (not a zip, no ``map.json``, a bad grid) is the last one listed. A map that
    loads is also put through the writer's checks, so a map that could not be saved
    again is reported (``"cannot write map: …"``). Never raises for a bad file.
    """
    problems: list[str] = []
    try:
        board = _read_path(path, problems)
    except MapFileError as exc:
        problems.append(str(exc))
    except ProblemsFound:
        pass
    else:  # it loads; a rule option with a value it does not take falls back to its default
        problems += [f"map.json: {p}" for p in RuleOptions.of(board.options).problems]
        try:
            map_json_bytes(board)
        except MapFileError as exc:
            problems.append(f"cannot write map: {exc}")
    return problems


def _read_path(path: StrPath, problems: list[str] | None = None) -> Board:
    """The board in the file at ``path``; an empty or unopenable file named as such."""
    try:
        empty = os.path.getsize(path) == 0
    except OSError as exc:
        raise MapFileError(f"could not open the file: {exc.strerror or exc}") from exc
    if empty:
        raise MapFileError("not a Hexweave map: the file is empty")
    return _read_zip(path, problems)


def _read_bytes(data: bytes, problems: list[str] | None = None) -> Board:
    """The board in ``data``; empty bytes named as an empty file."""
    if not data:
        raise MapFileError("not a Hexweave map: the file is empty")
    return _read_zip(io.BytesIO(data), problems)


def _read_zip(file: StrPath | io.BytesIO, problems: list[str] | None) -> Board:
    """The board in the zip archive ``file``; what ``zipfile`` raises while opening it
    becomes a MapFileError saying what is wrong with the archive."""
    try:
        zf = zipfile.ZipFile(file)
    except UnicodeDecodeError as exc:  # a member name, flagged as UTF-8
        raise _misnamed(file, exc) from exc
    except zipfile.BadZipFile as exc:
        raise MapFileError("not a Hexweave map: the file is not a zip archive") from exc
    except NotImplementedError as exc:
        raise MapFileError(f"the zip archive needs a newer zip reader ({exc})") from exc
    except OSError as exc:
        raise MapFileError(f"could not open the file: {exc.strerror or exc}") from exc
    except (*archive.MEMBER_ERRORS, *_DAMAGE_ERRORS) as exc:
        raise MapFileError(f"the zip archive is damaged ({type(exc).__name__}: {exc})") from exc
    with zf:
        return _read_archive(zf, problems)


def _misnamed(file: StrPath | io.BytesIO, exc: UnicodeDecodeError) -> MapFileError:
    """The refusal of ``file`` for a member name that is not UTF-8 though flagged so
    (:func:`rules.mapfile.archive.misnamed_member`), the file opened again to name it."""
    if isinstance(file, io.BytesIO):
        return archive.misnamed_member(file, exc)
    try:
        with open(file, "rb") as fp:
            return archive.misnamed_member(fp, exc)
    except OSError:
        return archive.misnamed_member(io.BytesIO(), exc)


def _read_archive(zf: zipfile.ZipFile, problems: list[str] | None) -> Board:
    """The board in an open archive; every error becomes a MapFileError."""
    try:
        members = archive.check_archive(zf)
        data = chk.parse_json(archive.read_member(zf, members["map.json"]))
        version = _check_version(data)
        chk.check_counts(data)  # before an upgrade copies every entry
        data = _upgrade(data, version)
        board = build_board(zf, members, data, problems)
        if version < FORMAT_VERSION or members["map.json"].file_size > _REWRITE_CHECKED:
            _check_writable(board, version)
        checked.remember(board.tokens.values())
        return board
    except MapFileError:
        raise
    except (*archive.MEMBER_ERRORS, *_DAMAGE_ERRORS) as exc:
        raise MapFileError(f"the file is damaged ({type(exc).__name__}: {exc})") from exc


def _check_writable(board: Board, version: int) -> None:
    """Refuse a board the writer would refuse, so nothing opens that cannot be saved: an
    upgraded map gains fields in every entry, and a large map.json from another writer
    may be written back longer (a line per entry), either past the reader's limits."""
    try:
        map_json_bytes(board)
    except MapFileError as exc:
        old = f" (format version {version})" if version < FORMAT_VERSION else ""
        raise MapFileError(
            f"this map{old} could not be saved again as format version {FORMAT_VERSION}: {exc}"
        ) from exc


def _check_version(data: MapDict) -> int:
    """map.json's format version, after refusing a file that is not a map or was written
    by a newer Hexweave (naming the version that wrote it)."""
    if "format" not in data:
        raise MapFileError("not a Hexweave map: map.json has no format name")
    if data["format"] != FORMAT_NAME:
        found = data["format"]
        raise MapFileError(f"not a Hexweave map: map.json format is {found!r}, not 'hexmap'")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MapFileError(f"map.json: version must be a whole number from 1, got {version!r}")
    if version > FORMAT_VERSION:
        saved_by = data.get("app_version")
        app = f" (it was written by Hexweave {saved_by})" if isinstance(saved_by, str) else ""
        raise MapFileError(
            f"this map was saved by a newer Hexweave (format version {version}); "
            f"this version reads up to {FORMAT_VERSION}{app}"
        )
    return version


def _upgrade(data: MapDict, version: int) -> MapDict:
    """``data`` (a version-``version`` map.json) upgraded step by step to FORMAT_VERSION."""
    while version < FORMAT_VERSION:
        step = UPGRADERS.get(version)
        if step is None:
            raise MapFileError(f"no upgrade from format version {version} to {version + 1}")
        try:
            upgraded = step(data)
        except MapFileError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MapFileError(f"could not upgrade from format version {version}: {exc}") from exc
        if not isinstance(upgraded, dict):
            raise MapFileError(f"the upgrade from format version {version} gave no map.json")
        version += 1
        data = {**upgraded, "version": version}
    return data
