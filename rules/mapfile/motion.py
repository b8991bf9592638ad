"""map.json's token ``motion`` (format version 5): how each token is moving.

Each token gains a ``motion`` object with every field of :class:`~rules.board.motion.Motion`
(all required; the defaults are what the upgrade gives; the last four are new in version 7,
:mod:`rules.mapfile.body`):

.. code-block:: json

    "motion": {"mode": "fly", "altitude": 3, "pace": "dash", "amble": false,
               "winged": true, "bulk": 12.5, "bulk_limit": 10.0, "spare": 1,
               "spaces_in_a_row": 2, "dashed": true, "secondary_rounds": 37,
               "secondary_now": false}

:func:`motion_json` writes it (read back by :mod:`rules.mapfile.turn_state` with the rest of
a token's turn state, so saving refuses what would not read back), :func:`parse_motion`
reads it strictly, raising :class:`~rules.errors.MapFileError` naming the token and
field (``"map.json: tokens[1].motion.altitude must be an integer, not a number"``,
``"map.json: tokens[1].motion: pace must be one of walk, dash, run, got 'jog'"``). The
Fly and Burrow modes need that movement type: the token refuses them otherwise
(``"map.json: tokens[1]: token 'drake': moving by fly needs the Fly movement type
[S001]"``).

:func:`upgrade_v4_to_v5` gives every token the default motion; flight, which version 4
kept as a ``"flying"`` condition, becomes the ``"fly"`` mode.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import Any

from rules.board.conditions import ConditionEntry
from rules.board.motion import Motion
from rules.errors import MapFileError
from rules.mapfile import checks as chk

__all__ = ["MOTION_FIELDS", "MOTION_FIELDS_V5", "motion_json", "parse_motion", "upgrade_v4_to_v5"]

MapDict = dict[str, Any]

MOTION_FIELDS_V5 = ("mode", "altitude", "pace", "amble", "winged", "bulk", "bulk_limit", "spare")
"""The fields of a token's ``motion`` in versions 5 and 6."""
MOTION_FIELDS = (
    *MOTION_FIELDS_V5,
    "spaces_in_a_row",
    "dashed",
    "secondary_rounds",
    "secondary_now",
)
"""The fields of a token's ``motion``, in the order they are written (version 7)."""
FLYING = "flying"
"""The version-4 condition that version 5 keeps as the ``"fly"`` mode instead."""


def _plain_number(value: object) -> object:
    """A number (not ``true``/``false``) as a JSON float; anything else, or an integer too
    large for a float, as it is, for the reader to refuse by name."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            return float(value)
        except OverflowError:
            return value
    return value


def motion_json(motion: Motion) -> MapDict:
    """The ``motion`` object of a token moving as ``motion`` (not yet read back).

    :raises MapFileError: if ``motion`` is not a :class:`~rules.board.motion.Motion`.
    """
    if not isinstance(motion, Motion):
        raise MapFileError(f"motion must be a Motion, not {motion!r}")
    limit = motion.bulk_limit
    return {
        "mode": motion.mode,
        "altitude": chk.plain(motion.altitude),
        "pace": motion.pace,
        "amble": motion.amble,
        "winged": motion.winged,
        "bulk": _plain_number(motion.bulk),
        "bulk_limit": None if limit is None else _plain_number(limit),
        "spare": chk.plain(motion.spare),
        "spaces_in_a_row": chk.plain(motion.spaces_in_a_row),
        "dashed": motion.dashed,
        "secondary_rounds": chk.plain(motion.secondary_rounds),
        "secondary_now": motion.secondary_now,
    }


def _optional_number(obj: MapDict, key: str, where: str) -> float | None:
    """``obj[key]`` as a finite number or ``None`` (JSON ``null``)."""
    return None if chk.get(obj, key, where) is None else chk.get_number(obj, key, where)


def parse_motion(obj: MapDict, where: str) -> Motion:
    """The motion of the token entry ``obj`` (map.json's ``where``, e.g. ``"tokens[2]"``):
    its ``motion`` object, every field required and strictly typed.

    Whether the token's movement types allow the mode is the token's own check.

    :raises MapFileError: naming ``where.motion`` and the field at fault.
    """
    at = f"{where}.motion"
    motion = chk.get_dict(obj, "motion", where)
    mode = chk.get_str(motion, "mode", at)
    altitude = chk.get_int(motion, "altitude", at)
    pace = chk.get_str(motion, "pace", at)
    amble = chk.get_bool(motion, "amble", at)
    winged = chk.get_bool(motion, "winged", at)
    bulk = chk.get_number(motion, "bulk", at)
    limit = _optional_number(motion, "bulk_limit", at)
    spare = chk.get_int(motion, "spare", at)
    run, dashed = chk.get_int(motion, "spaces_in_a_row", at), chk.get_bool(motion, "dashed", at)
    rounds = chk.get_int(motion, "secondary_rounds", at)
    now = chk.get_bool(motion, "secondary_now", at)
    return chk.made(
        at,
        lambda: Motion(
            mode, altitude, pace, amble, winged, bulk, limit, spare, run, dashed, rounds, now
        ),
    )


# -- older versions ----------------------------------------------------------------------


def _is_flying(entry: object) -> bool:
    """True for a version-4 ``"flying"`` condition entry that version 4 read: its Tier and
    source are those of a valid entry (a damaged one is left for the reader to name)."""
    if not (isinstance(entry, dict) and entry.get("name") == FLYING):
        return False
    tier: Any = entry.get("tier")
    source: Any = entry.get("source")
    try:  # any known name: what ConditionEntry asks of the Tier and source is the same
        ConditionEntry("prone", tier, source)
    except ValueError:
        return False
    return True


def _upgraded_token(token: MapDict) -> MapDict:
    """A version-4 token entry with the default motion, or flying (``"fly"`` mode, Fly
    added to its movement types) if it held a ``"flying"`` condition, which it loses."""
    fresh = motion_json(Motion())
    upgraded = {**token, "motion": {key: fresh[key] for key in MOTION_FIELDS_V5}}
    conditions = token.get("conditions")
    if not isinstance(conditions, list) or not any(map(_is_flying, conditions)):
        return upgraded
    upgraded["conditions"] = [e for e in conditions if not _is_flying(e)]
    upgraded["motion"]["mode"] = "fly"
    types = token.get("movement_types")
    if isinstance(types, list) and "fly" not in types:
        upgraded["movement_types"] = [*types, "fly"]
    return upgraded


def _with_motion(tokens: Iterable[object]) -> list[object]:
    """``tokens`` (version 4) upgraded; an entry that is not an object is left as it is."""
    return [_upgraded_token(t) if isinstance(t, dict) else t for t in tokens]


def upgrade_v4_to_v5(doc: MapDict) -> MapDict:
    """A version-4 map.json as version 5, which added each token's ``motion``: every token
    on the ground, walking, not ambling, winged, carrying no Bulk and no Bulk Limit
    (version 4 never read ``motion``, so any is replaced), except that a token holding a
    ``"flying"`` condition (from any source; version 5 has no such condition) loses it
    and flies instead, its movement types gaining Fly (last) if they lacked it. Leaves
    any damage for the reader to name (a ``"flying"`` entry that version 4 would have
    refused stays, and is refused)."""
    upgraded = dict(doc)
    if isinstance(doc.get("tokens"), list):
        upgraded["tokens"] = _with_motion(doc["tokens"])
    return upgraded
