"""map.json's dice and Holds (format version 6): the dice seed and how many times dice were
drawn, the Holds between tokens, and the roll log (issue #7; :mod:`rules.board.roll_log`,
:mod:`rules.board.holds`). They are written last in map.json, the roll log one line per roll:

.. code-block:: json

    "dice": {"seed": 90125, "draws": 4},
    "holds": [{"holder": "ogre", "held": "aria", "tier_change": 1, "part": "left arm"}],
    "rolls": [{"action": "Strike", "faces": [9, 4], "modifier": 1, "dl": 3,
               "actor": "Aria", "target": "Ogre", "breakdown": [[1, "target 2 sizes larger"]],
               "outcome": "hit", "role": "attack", "manual": false, "round": 2}]

Every field is required. ``dice.seed`` and ``dice.draws`` are whole numbers
0..2**128 − 1 (the next draw uses :func:`rules.board.roll_log.dice_rng`, so a replay gives the
same faces). A Hold names two tokens on the map, each creature Held once (so there are at
most :data:`~rules.mapfile.checks.MAX_HOLDS`). The roll log holds at most
:data:`rules.board.roll_log.MAX_LOG` rolls, oldest first; ``actor`` and ``target``
are the names shown, not token ids, so a roll outlives its tokens. (Version 6 also gave
each effect a ``kind`` and an ``amount``: :mod:`rules.mapfile.turn_state`.)

:func:`dice_json` writes them after reading them back (saving refuses what would not read
back); :func:`read_dice` reads them strictly, each Hold and roll on its own so ``hexweave
check`` lists them all, raising :class:`~rules.errors.MapFileError` naming the path
(``"map.json: rolls[3].faces[1] must be 1..12, got 13"``, ``"map.json: holds[0]: its
holder 'ghost' is not on the map"``). :func:`upgrade_v5_to_v6` gives older maps none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from rules.board.grid import Board
from rules.board.holds import Hold
from rules.board.roll_log import MAX_LOG, MAX_LOGGED_DICE, ROLE_NAMES, LoggedRoll
from rules.errors import MapFileError
from rules.mapfile import checks as chk

__all__ = [
    "DICE_FIELDS",
    "HOLD_FIELDS",
    "MAX_DICE_NUMBER",
    "ROLL_FIELDS",
    "dice_json",
    "parse_dice",
    "parse_hold",
    "parse_roll",
    "read_dice",
    "upgrade_v5_to_v6",
]

MapDict = dict[str, Any]
T = TypeVar("T")

DICE_FIELDS = ("seed", "draws")
"""The fields of ``dice``, in the order they are written."""
HOLD_FIELDS = ("holder", "held", "tier_change", "part")
"""The fields of a ``holds`` entry, in the order they are written."""
ROLL_FIELDS = (
    "action",
    "faces",
    "modifier",
    "dl",
    "actor",
    "target",
    "breakdown",
    "outcome",
    "role",
    "manual",
    "round",
)
"""The fields of a ``rolls`` entry, in the order they are written."""
_FACE_VALUES = frozenset(range(1, 13))
MAX_DICE_NUMBER = 2**128 - 1
"""The largest dice seed and draw count stored (a 128-bit seed, as numpy's own entropy)."""


class Attempt(Protocol):
    """Runs one read: returns its value, or records its MapFileError and returns ``None``
    (the reader's ``_Collector.attempt``), or lets it raise."""

    def __call__(self, read: Callable[[], T]) -> T | None: ...


def _strictly(read: Callable[[], T]) -> T | None:
    """An :class:`Attempt` that records nothing: the first problem raises."""
    return read()


def _listed(value: object, each: Callable[[object], object] = chk.plain) -> object:
    """A tuple as a JSON list of ``each(item)``; anything else as it is, for the reader to
    refuse by name."""
    return [each(item) for item in value] if isinstance(value, tuple) else value


# -- writing ----------------------------------------------------------------------------


def dice_json(board: Board) -> MapDict:
    """map.json's ``dice``, ``holds`` and ``rolls`` for ``board``, read back first against
    its tokens.

    :raises MapFileError: naming the entry and field the reader would refuse.
    """
    for i, hold in enumerate(board.holds):
        if not isinstance(hold, Hold):
            raise MapFileError(f"holds[{i}] is not a Hold: {hold!r}")
    for i, entry in enumerate(board.rolls):
        if not isinstance(entry, LoggedRoll):
            raise MapFileError(f"rolls[{i}] is not a LoggedRoll: {entry!r}")
    doc = {
        "dice": {"seed": chk.plain(board.dice_seed), "draws": chk.plain(board.dice_draws)},
        "holds": [{key: chk.plain(getattr(h, key)) for key in HOLD_FIELDS} for h in board.holds],
        "rolls": [_roll_json(entry) for entry in board.rolls],
    }
    back = read_dice(doc, frozenset(board.tokens), _strictly)
    _unchanged("holds", board.holds, back["holds"])
    _unchanged("rolls", board.rolls, back["rolls"])
    return doc


def _unchanged(kind: str, items: Sequence[Hold | LoggedRoll], read: Sequence[object]) -> None:
    """Refuse ``items`` (map.json's ``kind``) if what was read back differs (a list where
    the model holds a tuple, say)."""
    for i, (item, back) in enumerate(zip(items, read, strict=True)):
        if item != back:
            why = item.problem() or "it would not read back as it is"
            raise MapFileError(f"map.json: {kind}[{i}]: {why}")


def _roll_json(entry: LoggedRoll) -> MapDict:
    return {
        "action": entry.action,
        "faces": _listed(entry.faces),
        "modifier": chk.plain(entry.modifier),
        "dl": chk.plain(entry.dl),
        "actor": entry.actor,
        "target": entry.target,
        "breakdown": _listed(entry.breakdown, _listed),
        "outcome": entry.outcome,
        "role": entry.role,
        "manual": entry.manual,
        "round": chk.plain(entry.round),
    }


# -- reading ----------------------------------------------------------------------------


def read_dice(data: MapDict, token_ids: frozenset[str] | None, attempt: Attempt) -> MapDict:
    """The :class:`~rules.board.Board` fields that map.json's ``dice``, ``holds`` and
    ``rolls`` describe (``dice_seed``, ``dice_draws``, ``holds``, ``rolls``), each Hold and
    roll read through ``attempt`` on its own; Holds name tokens among ``token_ids`` (not
    checked when ``None``: they could not all be read, so no Hold is blamed).

    What ``attempt`` could not read is left out (its problem recorded).
    """
    seed, draws = attempt(partial(parse_dice, data)) or (0, 0)
    holds: dict[str, Hold] = {}  # by the Held creature: each is Held once
    holds_list = partial(chk.get_list, data, "holds", "", *chk.limit("holds"))
    for i, item in enumerate(attempt(holds_list) or []):
        hold = attempt(partial(parse_hold, i, item, token_ids, holds))
        if hold is not None:
            holds[hold.held] = hold
    rolls = [
        entry
        for i, item in enumerate(attempt(partial(_roll_items, data)) or [])
        if (entry := attempt(partial(parse_roll, i, item))) is not None
    ]
    return {
        "holds": tuple(holds.values()),
        "rolls": tuple(rolls),
        "dice_seed": seed,
        "dice_draws": draws,
    }


def parse_dice(data: MapDict) -> tuple[int, int]:
    """The dice seed and draw count of map.json's ``dice``.

    :raises MapFileError: naming ``dice`` and the field at fault.
    """
    dice = chk.get_dict(data, "dice", "")
    seed, draws = (chk.get_int(dice, key, "dice") for key in DICE_FIELDS)
    for key, value in zip(DICE_FIELDS, (seed, draws), strict=True):
        if not 0 <= value <= MAX_DICE_NUMBER:
            raise MapFileError(f"map.json: dice.{key} must be 0..2**128-1, got {value}")
    return seed, draws


def parse_hold(
    i: int,
    item: object,
    token_ids: frozenset[str] | None,
    earlier: Mapping[str, Hold] = MappingProxyType({}),
) -> Hold:
    """The Hold that map.json's ``holds[i]`` describes, between tokens among ``token_ids``
    (not checked when ``None``), its Held creature in none of the ``earlier`` Holds (by
    the creature they hold).

    :raises MapFileError: naming ``holds[i]`` and the field at fault.
    """
    at = f"holds[{i}]"
    obj = chk.as_object(item, at)
    holder, held = chk.get_str(obj, "holder", at), chk.get_str(obj, "held", at)
    change = chk.get_int(obj, "tier_change", at)
    part = chk.get_optional_str(obj, "part", at)
    hold = chk.made(at, lambda: Hold(holder, held, change, part))
    for role, ref in (("holder", holder), ("held", held)):
        if token_ids is not None and ref not in token_ids:
            raise MapFileError(f"map.json: {at}: its {role} {ref!r} is not on the map")
    other = earlier.get(held)
    if other is not None:
        raise MapFileError(
            f"map.json: {at}: {held!r} is already Held by {other.holder!r}; "
            "a creature is Held in one Hold only"
        )
    return hold


def _roll_items(data: MapDict) -> list[Any]:
    items = chk.get_list(data, "rolls", "")
    if len(items) > MAX_LOG:
        raise MapFileError(
            f"map.json: rolls holds {len(items)} rolls, more than the {MAX_LOG} a map keeps"
        )
    return items


def parse_roll(i: int, item: object) -> LoggedRoll:
    """The logged roll that map.json's ``rolls[i]`` describes.

    :raises MapFileError: naming ``rolls[i]`` and the field at fault.
    """
    at = f"rolls[{i}]"
    obj = chk.as_object(item, at)
    texts = {key: chk.get_str(obj, key, at) for key in ("action", "actor", "target", "outcome")}
    faces = _faces(obj, at)
    modifier, dl = chk.get_int(obj, "modifier", at), chk.get_optional_int(obj, "dl", at)
    breakdown = _breakdown(obj, at)
    role = chk.get_str(obj, "role", at)
    if role not in ROLE_NAMES:
        raise MapFileError(
            f"map.json: {at}.role must be one of {', '.join(ROLE_NAMES)}, got {role!r}"
        )
    manual, round_ = chk.get_bool(obj, "manual", at), chk.get_int(obj, "round", at)
    if round_ < 0:
        raise MapFileError(f"map.json: {at}.round must be 0 or more, got {round_}")
    return chk.made(
        at,
        lambda: LoggedRoll(
            faces=faces,
            modifier=modifier,
            dl=dl,
            breakdown=breakdown,
            role=role,
            manual=manual,
            round=round_,
            **texts,
        ),
    )


def _faces(obj: MapDict, at: str) -> tuple[int, ...]:
    faces = chk.get_list(obj, "faces", at)
    if len(faces) > MAX_LOGGED_DICE:
        raise MapFileError(
            f"map.json: {at}.faces holds {len(faces)} dice, more than {MAX_LOGGED_DICE}"
        )
    if set(map(type, faces)) <= {int} and _FACE_VALUES.issuperset(faces):
        return tuple(faces)  # the usual case, checked without a Python loop
    for k, face in enumerate(faces):
        if not chk.is_int(face):  # named like any field: "… must be an integer, not …"
            chk.get_int({f"faces[{k}]": face}, f"faces[{k}]", at)
        if not 1 <= face <= 12:
            raise MapFileError(f"map.json: {at}.faces[{k}] must be 1..12, got {face}")
    return tuple(faces)


def _breakdown(obj: MapDict, at: str) -> tuple[tuple[int, str], ...]:
    pairs = []
    for k, pair in enumerate(chk.get_list(obj, "breakdown", at)):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise MapFileError(f"map.json: {at}.breakdown[{k}] must be [amount, reason]")
        amount, reason = pair
        if not (chk.is_int(amount) and isinstance(reason, str)):
            raise MapFileError(
                f"map.json: {at}.breakdown[{k}] must be [amount, reason], an integer and a string"
            )
        pairs.append((amount, reason))
    return tuple(pairs)


# -- older versions ----------------------------------------------------------------------


def upgrade_v5_to_v6(doc: MapDict) -> MapDict:
    """A version-5 map.json as version 6, which added the dice and Holds: dice seed 0 with
    no draws, no Holds, an empty roll log, and every effect of no kind with amount 0
    (version 5 never read these, so any are replaced). Leaves any damage for the reader
    to name."""
    upgraded = {**doc, "dice": {"seed": 0, "draws": 0}, "holds": [], "rolls": []}
    if isinstance(doc.get("effects"), list):
        upgraded["effects"] = [
            {**e, "kind": None, "amount": 0} if isinstance(e, dict) else e for e in doc["effects"]
        ]
    return upgraded
