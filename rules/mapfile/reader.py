"""Building a :class:`~rules.board.Board` from a checked ``map.json`` (current format
version) and its archive, for :mod:`rules.mapfile`; upgrading older ``map.json``; the
JSON of labels, notes, the background and pinned Areas (written only once it reads back;
Areas in :mod:`rules.mapfile.areas`, turn state in :mod:`rules.mapfile.turn_state`, the dice,
Holds and roll log in :mod:`rules.mapfile.dice`, each token's body in
:mod:`rules.mapfile.body`).

Each field is type-checked strictly (``true`` is not an integer, ``1.5`` is not a ``q``)
and each problem raises :class:`~rules.errors.MapFileError` naming the field, layer or
token (``"map.json: tokens[2].size must be an integer, not true/false"``). Given a
``problems`` list, the reader records the problems of the image list, the option set,
each layer, token, label, note and Area and the background, and goes on, so ``hexweave
check`` can list them all (each effect, the turn order, each Hold and roll too).

Each list is held to its limit (:data:`rules.mapfile.checks.MAX_TOKENS` and the others)
before it is read, every duplicate check is a set or dict look-up, and a footprint, label
or Area is checked against the map in one pass in file order (the first hex off the map
is named). The pictures are read last, once the parsed map.json has been freed.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

import numpy as np

from rules.areas import AreaTemplate
from rules.board.annotations import MAX_DOOR_HEXES, Background, Label, Note
from rules.board.grid import MAX_MAP_SIDE, Board, OptionValue, hex_to_cell
from rules.board.terrain import LAYER_SPECS, Layer, read_only
from rules.board.tokens import Token, TokenKind
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.mapfile import checks as chk
from rules.mapfile.areas import areas_json, parse_area
from rules.mapfile.body import parse_body
from rules.mapfile.dice import read_dice
from rules.mapfile.pictures import read_picture
from rules.mapfile.turn_state import BLANK_WHEN_NULL, parse_effect, parse_token_state, parse_turn

__all__ = [
    "HEX_FEET",
    "ProblemsFound",
    "annotations_json",
    "build_board",
    "parse_token",
    "place_tokens",
    "upgrade_v1_to_v2",
    "upgrade_v7_to_v8",
]

HEX_FEET = 5
"""Feet from edge to edge of one hex; fixed by the rules [S000]."""

MapDict = dict[str, Any]
Annotations = tuple[dict[str, Label], dict[str, Note], Background | None, dict[str, AreaTemplate]]


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T")
IdT = TypeVar("IdT", bound=_Identified)


class ProblemsFound(Exception):  # noqa: N818 - a signal, not an error to show
    """Raised by :func:`build_board` after recording problems in its ``problems`` list."""


def build_board(
    zf: zipfile.ZipFile,
    members: dict[str, zipfile.ZipInfo],
    data: MapDict,
    problems: list[str] | None = None,
) -> Board:
    """The board that ``data`` (map.json, current version) and the archive describe.
    ``data`` is emptied once read, so that its values are freed before the pictures are
    read (the most memory a map takes).

    :raises MapFileError: for the first problem, when ``problems`` is ``None``.
    :raises ProblemsFound: after recording every problem found, when given a list.
    """
    return _Reader(zf, members, problems).board(data)


def annotations_json(board: Board) -> MapDict:
    """map.json's ``labels``, ``notes``, ``background`` and ``areas`` for ``board``, after
    reading them back as :func:`build_board` would, so that what cannot be read is not
    written."""
    kinds = (("label", board.labels), ("note", board.notes), ("area", board.areas))
    for kind, items in kinds:
        for key, item in items.items():
            if key != item.id:
                raise MapFileError(f"{kind} {item.id!r} is filed under the id {key!r}")
    background = board.background
    doc = {
        "labels": [
            {
                "id": x.id,
                "text": x.text,
                "q": x.position.q,
                "r": x.position.r,
                "gm_only": x.gm_only,
                "door": [[h.q, h.r] for h in x.door],
            }
            for x in board.labels.values()
        ],
        "notes": [
            {
                "id": x.id,
                "text": x.text,
                "q": None if x.hex is None else x.hex.q,
                "r": None if x.hex is None else x.hex.r,
                "token_id": x.token_id,
                "gm_only": x.gm_only,
            }
            for x in board.notes.values()
        ],
        "background": None
        if background is None
        else {
            "image": background.image,
            **{
                key: _number(getattr(background, key))
                for key in ("hex_size", "origin_x", "origin_y", "opacity")
            },
        },
        "areas": areas_json(board),
    }
    shape = _Shape(board.width, board.height, board.orientation, frozenset(board.images))
    _Collector(None).annotations(doc, shape, frozenset(board.tokens))
    return doc


def _number(value: object) -> object:
    """``value`` as a JSON float if it is a number; left for the reader to refuse if not."""
    return float(value) if isinstance(value, int | float) else value


class _Collector:
    """Reads parts of map.json, recording their problems when given a ``problems`` list."""

    def __init__(self, problems: list[str] | None) -> None:
        self.problems = problems

    def attempt(self, read: Callable[[], T]) -> T | None:
        """``read()``, or ``None`` after recording its MapFileError when collecting."""
        try:
            return read()
        except MapFileError as exc:
            if self.problems is None:
                raise
            self.problems.append(str(exc))
            return None

    def each(
        self, items: list[Any], kind: str, read: Callable[[int, object], IdT]
    ) -> dict[str, IdT]:
        """``read(i, item)`` for each item of map.json's ``<kind>s`` list, by id."""
        found: dict[str, IdT] = {}

        def read_new(i: int, item: object) -> IdT:
            value = read(i, item)
            if value.id in found:
                raise MapFileError(f"map.json: {kind}s[{i}]: duplicate {kind} id {value.id!r}")
            return value

        for i, item in enumerate(items):
            value = self.attempt(partial(read_new, i, item))
            if value is not None:
                found[value.id] = value
        return found

    def annotations(
        self, data: MapDict, shape: _Shape, token_ids: frozenset[str] | None
    ) -> Annotations:
        def listed(key: str) -> list[Any]:
            return chk.get_list(data, key, "", *chk.limit(key))

        labels = self.each(listed("labels"), "label", partial(_label, shape=shape))
        read_note = partial(_note, shape=shape, token_ids=token_ids, label_ids=labels.keys())
        notes = self.each(listed("notes"), "note", read_note)
        background = self.attempt(lambda: _background(data, shape.image_names))
        read_area = partial(parse_area, place=shape.place, token_ids=token_ids)
        areas = self.each(listed("areas"), "area", read_area)
        return labels, notes, background, areas


class _Reader(_Collector):
    def __init__(
        self, zf: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], problems: list[str] | None
    ) -> None:
        super().__init__(problems)
        self.zf = zf
        self.members = members

    def board(self, data: MapDict) -> Board:
        name = chk.get_str(data, "name", "")
        chk.get_str(data, "app_version", "")
        width, height, orientation = _grid(chk.get_dict(data, "grid", ""))
        pictures = self.attempt(lambda: self.pictures(chk.get_list(data, "images", "")))
        options = self.attempt(lambda: _options(chk.get_dict(data, "options", ""))) or {}
        layers = self.layers(chk.get_dict(data, "layers", ""), width, height)
        known = None if pictures is None else frozenset(pictures)  # unknown: blame no token
        shape = _Shape(width, height, orientation, known)
        items = chk.get_list(data, "tokens", "", *chk.limit("tokens"))
        tokens = self.each(items, "token", shape.token)
        token_ids = frozenset(tokens) if len(tokens) == len(items) else None
        labels, notes, background, areas = self.annotations(data, shape, token_ids)
        area_ids = frozenset(areas) if len(areas) == len(data["areas"]) else None
        read_effect = partial(parse_effect, token_ids=token_ids, area_ids=area_ids)
        effects_list = chk.get_list(data, "effects", "", *chk.limit("effects"))
        effects = self.each(effects_list, "effect", read_effect)
        turn = self.attempt(lambda: parse_turn(data, token_ids))
        dice = read_dice(data, token_ids, self.attempt)
        data.clear()  # all read: its values are freed before the pictures are
        images = None if pictures is None else self.attempt(lambda: self.images(pictures))
        if self.problems or images is None or turn is None:
            raise ProblemsFound
        try:
            return Board(
                width,
                height,
                orientation,
                name,
                layers,
                tokens,
                images,
                options,
                labels,
                notes,
                background,
                areas,
                effects,
                turn,
                **dice,
            )
        except ValueError as exc:
            raise MapFileError(f"the map is not valid: {exc}") from exc

    def member(self, name: object, label: str) -> zipfile.ZipInfo:
        info = self.members.get(name) if isinstance(name, str) else None
        if info is None:
            raise MapFileError(f"{label}: member {name!r} is missing from the archive")
        return info

    def pictures(self, names: list[Any]) -> dict[str, zipfile.ZipInfo]:
        """map.json's ``images``: each name's member, the names checked."""
        members: dict[str, zipfile.ZipInfo] = {}
        for i, name in enumerate(names):
            problem = chk.image_name_problem(name)
            if problem:
                raise MapFileError(f"map.json: images[{i}]: {problem}")
            if name in members:
                raise MapFileError(f"map.json: images lists {name!r} twice")
            members[name] = self.member(f"images/{name}", f"image {name!r}")
        return members

    def images(self, pictures: dict[str, zipfile.ZipInfo]) -> dict[str, bytes]:
        """The bytes of each picture, by name, read once each (:func:`read_picture`)."""
        return {name: read_picture(self.zf, info, name) for name, info in pictures.items()}

    def layers(self, paths: dict[str, Any], width: int, height: int) -> dict[str, Layer]:
        unknown = sorted(set(paths) - set(LAYER_SPECS))
        if unknown:
            raise MapFileError(f"map.json: layers names an unknown layer {unknown[0]!r}")
        layers: dict[str, Layer] = {}
        for name in LAYER_SPECS:
            layer = self.attempt(partial(self.layer, name, paths, width, height))
            if layer is not None:
                layers[name] = layer
        return layers

    def layer(self, name: str, paths: dict[str, Any], width: int, height: int) -> Layer:
        if name not in paths:
            raise MapFileError(f"map.json: layers is missing the {name!r} layer")
        if paths[name] is None and name in BLANK_WHEN_NULL:  # "fog": null, from an upgrade
            return read_only(np.zeros((height, width), LAYER_SPECS[name].dtype))
        if paths[name] is None:
            only = ", ".join(map(repr, sorted(BLANK_WHEN_NULL)))
            raise MapFileError(
                f"map.json: layers.{name} must name a member; only {only} may be null"
            )
        info = self.member(paths[name], f"layer {name!r}")
        return chk.read_layer(self.zf, info, LAYER_SPECS[name], width, height)


def _grid(grid: MapDict) -> tuple[int, int, Orientation]:
    sides = []
    for key in ("width", "height"):
        value = chk.get_int(grid, key, "grid")
        if not 1 <= value <= MAX_MAP_SIDE:
            raise MapFileError(f"map.json: grid.{key} must be 1..{MAX_MAP_SIDE}, got {value}")
        sides.append(value)
    orientation = chk.get_str(grid, "orientation", "grid")
    if orientation not in ("pointy", "flat"):
        raise MapFileError(
            f"map.json: grid.orientation must be 'pointy' or 'flat', got {orientation!r}"
        )
    if chk.get_int(grid, "hex_feet", "grid") != HEX_FEET:
        raise MapFileError(f"map.json: grid.hex_feet must be {HEX_FEET}")
    return sides[0], sides[1], Orientation(orientation)


def _options(options: MapDict) -> dict[str, OptionValue]:
    for key, value in options.items():
        problem = chk.option_problem(key, value)
        if problem:
            raise MapFileError(f"map.json: options: {problem}")
    return dict(options)


def parse_token(i: int, item: object) -> Token:
    """The token that map.json's ``tokens[i]`` entry describes (not yet placed on a map)."""
    where = f"tokens[{i}]"
    obj = chk.as_object(item, where)
    kind = chk.get_str(obj, "kind", where)
    if kind not in ("creature", "object"):
        raise MapFileError(f"map.json: {where}.kind must be 'creature' or 'object', got {kind!r}")
    return chk.made(
        where,
        lambda: Token(
            id=chk.get_str(obj, "id", where),
            name=chk.get_str(obj, "name", where),
            position=Hex(chk.get_int(obj, "q", where), chk.get_int(obj, "r", where)),
            size=chk.get_int(obj, "size", where),
            kind=TokenKind(kind),
            side=chk.get_str(obj, "side", where),
            color=chk.get_str(obj, "color", where),
            image=chk.get_optional_str(obj, "image", where),
            hidden=chk.get_bool(obj, "hidden", where),
            footprint_override=_footprint(obj, where),
            notes=chk.get_str(obj, "notes", where),
            reach=chk.get_optional_int(obj, "reach", where),
            movement_pool=chk.get_int(obj, "movement_pool", where),
            movement_types=tuple(chk.get_str_list(obj, "movement_types", where)),
            **parse_body(obj, where),
            **parse_token_state(obj, where),
        ),
    )


def _footprint(item: MapDict, where: str) -> tuple[Hex, ...] | None:
    offsets = chk.get(item, "footprint", where)
    if offsets is None:
        return None
    if not isinstance(offsets, list):
        raise MapFileError(f"map.json: {where}.footprint must be a list of [dq, dr] or null")
    chk.check_count(offsets, f"{where}.footprint", chk.MAX_FOOTPRINT, "offsets")
    return chk.hex_pairs(offsets, f"{where}.footprint", "[dq, dr]")


@dataclass(frozen=True)
class _Shape:
    """What tokens, labels, notes and Areas must fit: the map rectangle and the stored image
    names (``None`` when they could not be read: then no image name is blamed)."""

    width: int
    height: int
    orientation: Orientation
    image_names: frozenset[str] | None

    def place(self, where: str, what: str, hexes: Iterable[Hex]) -> None:
        """Refuse ``what`` (at ``where`` in map.json) if any of ``hexes`` is off the map,
        naming the first off it in their order (one pass, no sorting)."""
        width, height, orientation = self.width, self.height, self.orientation
        for h in hexes:
            col, row = hex_to_cell(h, orientation)
            if not (0 <= col < width and 0 <= row < height):
                raise MapFileError(f"map.json: {where}: {what} is off the map at {h!r}")

    def token(self, i: int, item: object) -> Token:
        """Token ``tokens[i]`` if its image is stored and it is on the map."""
        token = parse_token(i, item)
        names = self.image_names
        if token.image is not None and names is not None and token.image not in names:
            raise MapFileError(
                f"map.json: tokens[{i}].image {token.image!r} is not one of the map's images"
            )
        self.place_token(i, token)
        return token

    def place_token(self, i: int, token: Token) -> None:
        """Refuse ``token`` (``tokens[i]``) if its footprint is off the map, checked in the
        order of its offsets."""
        anchor = token.position
        hexes = (anchor + offset for offset in token.footprint_offsets)
        self.place(f"tokens[{i}]", f"token {token.id!r}", hexes)


def place_tokens(board: Board) -> None:
    """Refuse ``board`` if one of its tokens is off the map (as :func:`build_board` would:
    what the writer checks).

    :raises MapFileError: ``"map.json: tokens[i]: token 'x' is off the map at Hex(…)"``.
    """
    shape = _Shape(board.width, board.height, board.orientation, None)
    for i, token in enumerate(board.tokens.values()):
        shape.place_token(i, token)


def _label(i: int, item: object, shape: _Shape) -> Label:
    where = f"labels[{i}]"
    obj = chk.as_object(item, where)
    door = chk.get_list(obj, "door", where, MAX_DOOR_HEXES, "hexes")
    label = chk.made(
        where,
        lambda: Label(
            id=chk.get_str(obj, "id", where),
            text=chk.get_str(obj, "text", where),
            position=Hex(chk.get_int(obj, "q", where), chk.get_int(obj, "r", where)),
            gm_only=chk.get_bool(obj, "gm_only", where),
            door=chk.hex_pairs(door, f"{where}.door", "[q, r]"),
        ),
    )
    shape.place(where, f"label {label.id!r}", [label.position, *label.door])
    return label


def _note(
    i: int,
    item: object,
    shape: _Shape,
    token_ids: frozenset[str] | None,
    label_ids: Collection[str] = (),
) -> Note:
    where = f"notes[{i}]"
    obj = chk.as_object(item, where)
    q, r = chk.get_optional_int(obj, "q", where), chk.get_optional_int(obj, "r", where)
    if (q is None) != (r is None):
        raise MapFileError(f"map.json: {where}.q and .r must be both integers or both null")
    note = chk.made(
        where,
        lambda: Note(
            id=chk.get_str(obj, "id", where),
            text=chk.get_str(obj, "text", where),
            hex=None if q is None or r is None else Hex(q, r),
            token_id=chk.get_optional_str(obj, "token_id", where),
            gm_only=chk.get_bool(obj, "gm_only", where),
        ),
    )
    if note.id in label_ids:  # one id, one annotation: deleting it must know which
        raise MapFileError(f"map.json: {where}: note id {note.id!r} is also a label's id")
    if note.hex is not None:
        shape.place(where, f"note {note.id!r}", [note.hex])
    if note.token_id is not None and token_ids is not None and note.token_id not in token_ids:
        raise MapFileError(
            f"map.json: {where}: note {note.id!r} hangs on token {note.token_id!r}, "
            "which is not on the map"
        )
    return note


def _background(data: MapDict, image_names: frozenset[str] | None) -> Background | None:
    if chk.get(data, "background", "") is None:
        return None
    obj, where = chk.get_dict(data, "background", ""), "background"
    image = chk.get_str(obj, "image", where)
    keys = ("hex_size", "origin_x", "origin_y", "opacity")
    numbers = [chk.get_number(obj, key, where) for key in keys]
    background = chk.made(where, lambda: Background(image, *numbers))
    if image_names is not None and image not in image_names:
        raise MapFileError(f"map.json: background.image {image!r} is not one of the map's images")
    return background


# -- older versions ----------------------------------------------------------------------


def upgrade_v1_to_v2(doc: MapDict) -> MapDict:
    """A version-1 map.json as version 2, which added token stats, labels, notes and the
    background: the stats' defaults of Hexweave 0.1.0 and none of the rest. Leaves any
    damage for the reader to name."""
    stats = {"reach": None, "movement_pool": 5, "movement_types": ["land", "swim"]}
    upgraded = {**doc, "labels": [], "notes": [], "background": None}
    if isinstance(doc.get("tokens"), list):
        upgraded["tokens"] = [{**t, **stats} if isinstance(t, dict) else t for t in doc["tokens"]]
    return upgraded


def upgrade_v7_to_v8(doc: MapDict) -> MapDict:
    """A version-7 map.json as version 8, which added each label's ``door`` (the wall hexes
    a closed door stands for, issue #18): every label of version 7 is a plain label, no
    door (version 7 never read the key, so any is replaced). Leaves any damage for the
    reader to name."""
    upgraded = dict(doc)
    if isinstance(doc.get("labels"), list):
        upgraded["labels"] = [
            {**label, "door": []} if isinstance(label, dict) else label for label in doc["labels"]
        ]
    return upgraded
