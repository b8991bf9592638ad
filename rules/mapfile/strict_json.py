"""Strict JSON, the one way every reader in :mod:`rules.mapfile` parses it: ``map.json``
of a ``.hexmap``, the plain JSON export read back, and Universal VTT files.

Strict means what a browser's ``JSON.parse`` would also accept and nothing a hostile file
could use to make two readers disagree: a key repeated in one object is refused (Python
keeps the last one, other readers the first), ``NaN`` and ``±Infinity`` are refused (not
JSON), and, where asked, a number too large for a float (``1e999``) is refused instead of
becoming infinity.
"""

from __future__ import annotations

import gc
import json
import math
from typing import Any

from rules.errors import MapFileError

__all__ = ["json_type", "strict_loads"]

_TYPE_NAMES = {
    bool: "true/false",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def json_type(value: object) -> str:
    """What a JSON value is, for messages: ``"a string"``, ``"an integer"``, ``"a list"``…"""
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def strict_loads(text: str, invalid: str, *, finite: bool = False) -> Any:
    """``json.loads(text)``, strict (module docstring), with the cyclic garbage collector
    paused: the values it builds hold no cycles, and its passes over a million new lists
    would take longer than the parsing.

    A repeated key or a ``NaN`` raises :class:`~rules.errors.MapFileError`
    ``"<invalid>: key 'x' appears twice in an object"`` or ``"<invalid>: NaN is not a JSON
    number"``; with ``finite``, ``"<invalid>: the number 1e999 is too large"``. Malformed
    text raises :class:`json.JSONDecodeError`, too deep nesting :class:`RecursionError`,
    an integer of too many digits :class:`ValueError`, for the caller to word.
    """

    def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) < len(pairs):  # rare: find the repeated key to name it
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    raise MapFileError(f"{invalid}: key {key!r} appears twice in an object")
                seen.add(key)
        return found

    def no_constant(name: str) -> Any:
        raise MapFileError(f"{invalid}: {name} is not a JSON number")

    def finite_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise MapFileError(f"{invalid}: the number {literal[:40]} is too large")
        return value

    collecting = gc.isenabled()
    gc.disable()
    try:
        return json.loads(
            text,
            object_pairs_hook=unique_keys,
            parse_constant=no_constant,
            parse_float=finite_float if finite else float,
        )
    finally:
        if collecting:
            gc.enable()
