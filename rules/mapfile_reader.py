"""Building a :class:`~rules.board.Board` from a checked ``map.json`` (current format
version) and its archive, for :mod:`rules.mapfile`.

Each field is type-checked strictly (``true`` is not an integer, ``1.5`` is not a ``q``)
and each problem raises :class:`~rules.errors.MapFileError` naming the field, layer or
token (``"map.json: tokens[2].size must be an integer, not true/false"``). Given a
``problems`` list, the reader records the problems of each image list, option set, layer
and token and goes on, so ``hexweave check`` can list them all.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from rules import mapfile_checks as chk
from rules.board import MAX_MAP_SIDE, Board, OptionValue, hex_to_cell
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.terrain import LAYER_SPECS, Layer
from rules.tokens import Token, TokenKind

__all__ = ["HEX_FEET", "ProblemsFound", "build_board", "parse_token"]

HEX_FEET = 5
"""Feet from edge to edge of one hex; fixed by the rules [S000]."""

MapDict = dict[str, Any]
T = TypeVar("T")


class ProblemsFound(Exception):  # noqa: N818 - a signal, not an error to show
    """Raised by :func:`build_board` after recording problems in its ``problems`` list."""


def build_board(
    zf: zipfile.ZipFile,
    members: dict[str, zipfile.ZipInfo],
    data: MapDict,
    problems: list[str] | None = None,
) -> Board:
    """The board that ``data`` (map.json, current version) and the archive describe.

    :raises MapFileError: for the first problem, when ``problems`` is ``None``.
    :raises ProblemsFound: after recording every problem found, when given a list.
    """
    return _Reader(zf, members, problems).board(data)


class _Reader:
    def __init__(
        self, zf: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], problems: list[str] | None
    ) -> None:
        self.zf = zf
        self.members = members
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

    def board(self, data: MapDict) -> Board:
        name = chk.get_str(data, "name", "")
        chk.get_str(data, "app_version", "")
        if chk.get(data, "turn", "") is not None:
            raise MapFileError("map.json: turn must be null (turn state is not stored yet)")
        width, height, orientation = _grid(chk.get_dict(data, "grid", ""))
        images = self.attempt(lambda: self.images(chk.get_list(data, "images", "")))
        options = self.attempt(lambda: _options(chk.get_dict(data, "options", ""))) or {}
        layers = self.layers(chk.get_dict(data, "layers", ""), width, height)
        known = None if images is None else frozenset(images)  # unknown: don't blame tokens
        tokens = self.tokens(
            chk.get_list(data, "tokens", ""), _Shape(width, height, orientation, known)
        )
        if self.problems or images is None:
            raise ProblemsFound
        try:
            return Board(width, height, orientation, name, layers, tokens, images, options)
        except ValueError as exc:
            raise MapFileError(f"the map is not valid: {exc}") from exc

    def member(self, name: object, label: str) -> zipfile.ZipInfo:
        info = self.members.get(name) if isinstance(name, str) else None
        if info is None:
            raise MapFileError(f"{label}: member {name!r} is missing from the archive")
        return info

    def images(self, names: list[Any]) -> dict[str, bytes]:
        images: dict[str, bytes] = {}
        for i, name in enumerate(names):
            problem = chk.image_name_problem(name)
            if problem:
                raise MapFileError(f"map.json: images[{i}]: {problem}")
            if name in images:
                raise MapFileError(f"map.json: images lists {name!r} twice")
            info = self.member(f"images/{name}", f"image {name!r}")
            images[name] = chk.read_member(self.zf, info)
        return images

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
        info = self.member(paths[name], f"layer {name!r}")
        return chk.read_layer(self.zf, info, LAYER_SPECS[name], width, height)

    def tokens(self, items: list[Any], shape: _Shape) -> dict[str, Token]:
        tokens: dict[str, Token] = {}
        for i, item in enumerate(items):
            token = self.attempt(partial(shape.read, i, item, tokens))
            if token is not None:
                tokens[token.id] = token
        return tokens


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
    if not isinstance(item, dict):
        raise MapFileError(f"map.json: {where} must be an object")
    kind = chk.get_str(item, "kind", where)
    if kind not in ("creature", "object"):
        raise MapFileError(f"map.json: {where}.kind must be 'creature' or 'object', got {kind!r}")
    try:
        return Token(
            id=chk.get_str(item, "id", where),
            name=chk.get_str(item, "name", where),
            position=Hex(chk.get_int(item, "q", where), chk.get_int(item, "r", where)),
            size=chk.get_int(item, "size", where),
            kind=TokenKind(kind),
            side=chk.get_str(item, "side", where),
            color=chk.get_str(item, "color", where),
            image=chk.get_optional_str(item, "image", where),
            hidden=chk.get_bool(item, "hidden", where),
            footprint_override=_footprint(item, where),
            notes=chk.get_str(item, "notes", where),
        )
    except MapFileError:
        raise
    except ValueError as exc:
        raise MapFileError(f"map.json: {where}: {exc}") from exc


def _footprint(item: MapDict, where: str) -> tuple[Hex, ...] | None:
    offsets = chk.get(item, "footprint", where)
    if offsets is None:
        return None
    if not isinstance(offsets, list):
        raise MapFileError(f"map.json: {where}.footprint must be a list of [dq, dr] or null")
    hexes = []
    for k, pair in enumerate(offsets):
        if not (isinstance(pair, list) and len(pair) == 2 and all(map(chk.is_int, pair))):
            raise MapFileError(f"map.json: {where}.footprint[{k}] must be [dq, dr], two integers")
        hexes.append(Hex(pair[0], pair[1]))
    return tuple(hexes)


@dataclass(frozen=True)
class _Shape:
    """What a token must fit: the map rectangle and the stored image names."""

    width: int
    height: int
    orientation: Orientation
    image_names: frozenset[str] | None

    def read(self, i: int, item: object, before: Mapping[str, Token]) -> Token:
        """Token ``tokens[i]`` if its id is new, its image stored and it is on the map."""
        token = parse_token(i, item)
        where = f"map.json: tokens[{i}]"
        if token.id in before:
            raise MapFileError(f"{where}: duplicate token id {token.id!r}")
        names = self.image_names
        if token.image is not None and names is not None and token.image not in names:
            raise MapFileError(f"{where}.image {token.image!r} is not one of the map's images")
        for h in sorted(token.footprint):
            col, row = hex_to_cell(h, self.orientation)
            if not (0 <= col < self.width and 0 <= row < self.height):
                raise MapFileError(f"{where}: token {token.id!r} is off the map at {h!r}")
        return token
