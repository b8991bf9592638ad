"""map.json's ``areas`` (format version 3): the Area templates pinned to a map.

Each entry is an object with every field of :class:`~rules.areas.AreaTemplate`:

.. code-block:: json

    {"id": "cone-1", "kind": "cone", "value": 3, "origin": [[2, 1]], "facing": 1,
     "source": null, "caster": "mage-1", "exclude_caster": false, "physical": false,
     "name": "Burning hands"}

:func:`areas_json` writes the entries, :func:`parse_area` reads one strictly (raising
:class:`~rules.errors.MapFileError` naming ``areas[i]`` and the field; an ``origin`` of
more than :data:`~rules.mapfile.checks.MAX_AREA_ORIGIN` hexes is refused before it is
read, and its hexes are checked against the map in their order, the first off it named) and
:func:`upgrade_v2_to_v3` gives a version-2 ``map.json`` an empty list. The reader
(:mod:`rules.mapfile.reader`) reads the list with the labels and notes, so saving refuses
what would not read back and ``hexweave check`` lists every bad entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.areas import AreaKind, AreaTemplate
from rules.board.grid import Board
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.ids import id_problem
from rules.mapfile import checks as chk

__all__ = ["AREA_FIELDS", "areas_json", "parse_area", "upgrade_v2_to_v3"]

AREA_FIELDS = (
    "id",
    "kind",
    "value",
    "origin",
    "facing",
    "source",
    "caster",
    "exclude_caster",
    "physical",
    "name",
)
"""The fields of an ``areas`` entry, in the order they are written."""

MapDict = dict[str, Any]
Place = Callable[[str, str, Iterable[Hex]], None]
"""``place(where, what, hexes)``: refuse ``what`` if any of ``hexes`` is off the map."""

_KINDS = ", ".join(kind.value for kind in AreaKind)


# -- writing ----------------------------------------------------------------------------


def areas_json(board: Board) -> list[MapDict]:
    """map.json's ``areas`` for ``board``, in board order. Values the reader would refuse
    (from a model changed past its own checks) are written as they are, for the reader's
    read-back to name; see :func:`rules.mapfile.reader.annotations_json`."""
    return [_area_json(area) for area in board.areas.values()]


def _area_json(area: AreaTemplate) -> MapDict:
    kind = area.kind.value if isinstance(area.kind, AreaKind) else area.kind
    origin = [[chk.plain(h.q), chk.plain(h.r)] if isinstance(h, Hex) else h for h in area.origin]
    values = (
        area.id,
        kind,
        chk.plain(area.value),
        origin,
        chk.plain(area.facing),
        area.source,
        area.caster,
        area.exclude_caster,
        area.physical,
        area.name,
    )
    return dict(zip(AREA_FIELDS, values, strict=True))


# -- reading ----------------------------------------------------------------------------


def parse_area(
    i: int, item: object, place: Place, token_ids: frozenset[str] | None
) -> AreaTemplate:
    """The template that map.json's ``areas[i]`` describes, its origin hexes on the map
    (``place``) and its source and caster among ``token_ids`` (not checked when ``None``:
    the tokens could not all be read, so no area is blamed for one).

    :raises MapFileError: naming ``areas[i]`` and the field at fault.
    """
    where = f"areas[{i}]"
    obj = chk.as_object(item, where)
    ident = chk.get_str(obj, "id", where)
    problem = id_problem("area", ident)
    if problem:
        raise MapFileError(f"map.json: {where}: {problem}")
    kind, origin = _kind(obj, where), _origin(obj, where)
    area = chk.made(
        where,
        lambda: AreaTemplate(
            id=ident,
            kind=kind,
            value=chk.get_int(obj, "value", where),
            origin=origin,
            facing=chk.get_int(obj, "facing", where),
            source=chk.get_optional_str(obj, "source", where),
            caster=chk.get_optional_str(obj, "caster", where),
            exclude_caster=chk.get_bool(obj, "exclude_caster", where),
            physical=chk.get_bool(obj, "physical", where),
            name=chk.get_str(obj, "name", where),
        ),
    )
    place(where, f"area {ident!r}", origin)
    if token_ids is not None:
        _check_tokens(area, where, token_ids)
    return area


def _kind(obj: MapDict, where: str) -> AreaKind:
    kind = chk.get(obj, "kind", where)
    if not isinstance(kind, str) or kind not in {k.value for k in AreaKind}:
        raise MapFileError(f"map.json: {where}.kind must be one of {_KINDS}, got {kind!r}")
    return AreaKind(kind)


def _origin(obj: MapDict, where: str) -> tuple[Hex, ...]:
    pairs = chk.get_list(obj, "origin", where, chk.MAX_AREA_ORIGIN, "hexes")
    return chk.hex_pairs(pairs, f"{where}.origin", "[q, r]")


def _check_tokens(area: AreaTemplate, where: str, token_ids: frozenset[str]) -> None:
    if area.source is not None and area.source not in token_ids:
        raise MapFileError(
            f"map.json: {where}: area {area.id!r} is attached to token {area.source!r}, "
            "which is not on the map"
        )
    if area.caster is not None and area.caster not in token_ids:
        raise MapFileError(
            f"map.json: {where}: area {area.id!r} was made by token {area.caster!r}, "
            "which is not on the map"
        )


# -- older versions ----------------------------------------------------------------------


def upgrade_v2_to_v3(doc: MapDict) -> MapDict:
    """A version-2 map.json as version 3, which added pinned Areas: none (anything under
    ``areas`` in a version-2 file was never read, so it is replaced)."""
    return {**doc, "areas": []}
