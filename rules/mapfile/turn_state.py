"""map.json's turn state (format version 4): each token's conditions, vitals and moving
flags, the ongoing ``effects``, the ``turn`` order, and the blank ``fog`` layer of
upgraded maps; and (version 5) how each token is moving, its ``motion``
(:mod:`rules.mapfile.motion`), written and read with the rest of its turn state.

A token gains (every field required; the defaults are what the upgrade gives):

.. code-block:: json

    {"conditions": [{"name": "encumbered", "tier": 2, "source": "Hold"}],
     "vitals": {"stats": {"might": 3}, "maximum": {"grit": 9}, "current": {"grit": 4},
                "severe_threshold": 6, "wounded": {"left arm": 1},
                "bars_for_players": false},
     "moving": true, "moved_this_turn": false}

The map gains ``effects``, a list of :class:`~rules.board.effects.OngoingEffect` (``kind``, one
of :data:`~rules.board.effects.EFFECT_KINDS` or ``null``, and ``amount``, 0..999, are new in
version 6),

.. code-block:: json

    {"id": "thorns", "name": "Wall of Thorns", "creator": "mage-1", "rounds_left": 3,
     "description": "", "area_id": "burst-1", "target": null, "kind": null, "amount": 0}

and ``turn`` (:class:`~rules.turns.TurnState`; it was a reserved ``null`` before):

.. code-block:: json

    {"round": 2, "current": 1,
     "order": [{"token": "ogre", "zeal": 11, "zeal_tier": 3, "waiting": false}]}

In ``layers``, ``"fog": null`` stands for a blank fog layer (no fog anywhere): what the
upgrade from version 3 writes, as it cannot add a member. No other layer may be null.

Writing reads each part back (so saving refuses what would not read back); reading is
strict and raises :class:`~rules.errors.MapFileError` naming the field and index
(``"map.json: tokens[1].conditions[0].tier must be an integer, not a string"``). A token's
conditions, the effects and the turn order are held to their limits
(:data:`~rules.mapfile.checks.MAX_CONDITIONS`, ``MAX_EFFECTS``, ``MAX_TURN_ORDER``) before
they are read, and their repeats are found with a set, in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.board.conditions import ConditionEntry
from rules.board.effects import EFFECT_KINDS, OngoingEffect
from rules.board.grid import Board
from rules.board.pools import BODY_PARTS, POOLS, SKILLS, Pairs, Vitals
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.mapfile import checks as chk
from rules.mapfile.motion import motion_json, parse_motion
from rules.turns import Participant, TurnState

__all__ = [
    "BLANK_WHEN_NULL",
    "EFFECT_FIELDS",
    "PARTICIPANT_FIELDS",
    "TOKEN_PLAY_FIELDS",
    "TURN_FIELDS",
    "VITALS_FIELDS",
    "effects_json",
    "parse_effect",
    "parse_token_state",
    "parse_turn",
    "token_state_json",
    "turn_json",
    "upgrade_v3_to_v4",
]

MapDict = dict[str, Any]

BLANK_WHEN_NULL = frozenset({"fog"})
"""Layers that ``layers`` may map to ``null``: the layer is blank (all false)."""
TOKEN_PLAY_FIELDS = ("conditions", "vitals", "moving", "moved_this_turn")
"""The token fields new in version 4, in the order they are written."""
VITALS_FIELDS = ("stats", "maximum", "current", "severe_threshold", "wounded", "bars_for_players")
"""The fields of a token's ``vitals``, in the order they are written."""
EFFECT_FIELDS = (
    "id",
    "name",
    "creator",
    "rounds_left",
    "description",
    "area_id",
    "target",
    "kind",
    "amount",
)
"""The fields of an ``effects`` entry, in the order they are written (the last two new in
version 6)."""
TURN_FIELDS = ("round", "current", "order")
"""The fields of ``turn``, in the order they are written."""
PARTICIPANT_FIELDS = ("token", "zeal", "zeal_tier", "waiting")
"""The fields of a ``turn.order`` entry, in the order they are written."""

_TABLES = {"stats": SKILLS, "maximum": POOLS, "current": POOLS, "wounded": BODY_PARTS}
"""Each name → value table of ``vitals`` and the names it may hold."""


# -- writing ----------------------------------------------------------------------------


def token_state_json(i: int, token: Token, *, read_back: bool = True) -> MapDict:
    """The play-state fields of map.json's ``tokens[i]`` for ``token`` (version 4's and
    ``motion``), its vitals checked and the fields read back first unless not
    ``read_back`` (a token already checked, :mod:`rules.mapfile.checked`).

    :raises MapFileError: naming ``tokens[i]`` and the field the reader would refuse.
    """
    vitals = token.vitals
    if read_back:
        problem = vitals.problem() if isinstance(vitals, Vitals) else "vitals must be a Vitals"
        if problem:
            raise MapFileError(f"map.json: tokens[{i}].vitals: {problem}")
    doc = {
        "conditions": [
            {"name": e.name, "tier": chk.plain(e.tier), "source": e.source}
            for e in token.conditions
        ],
        "vitals": _vitals_json(vitals),
        "moving": token.moving,
        "moved_this_turn": token.moved_this_turn,
        "motion": motion_json(token.motion),
    }
    if read_back:
        parse_token_state(doc, f"tokens[{i}]")
    return doc


def _vitals_json(vitals: Vitals) -> MapDict:
    """map.json's ``vitals`` object for ``vitals`` (not yet read back)."""

    def table(key: str) -> dict[str, object]:
        """The name → value table ``key`` of ``vitals`` as a JSON object."""
        return {name: chk.plain(value) for name, value in getattr(vitals, key)}

    return {
        "stats": table("stats"),
        "maximum": table("maximum"),
        "current": table("current"),
        "severe_threshold": chk.plain(vitals.severe_threshold),
        "wounded": table("wounded"),
        "bars_for_players": vitals.bars_for_players,
    }


def effects_json(board: Board) -> list[MapDict]:
    """map.json's ``effects`` for ``board``, in board order, after reading each back
    against the board's tokens and Areas.

    :raises MapFileError: naming ``effects[i]`` and the field the reader would refuse.
    """
    chk.check_count(board.effects, "effects", *chk.limit("effects"))
    tokens, areas = frozenset(board.tokens), frozenset(board.areas)
    entries = []
    for i, (key, effect) in enumerate(board.effects.items()):
        if not isinstance(effect, OngoingEffect):
            raise MapFileError(f"effect {key!r} is not an OngoingEffect: {effect!r}")
        if key != effect.id:
            raise MapFileError(f"effect {effect.id!r} is filed under the id {key!r}")
        values = [chk.plain(getattr(effect, name)) for name in EFFECT_FIELDS]
        entry = dict(zip(EFFECT_FIELDS, values, strict=True))
        parse_effect(i, entry, tokens, areas)
        entries.append(entry)
    return entries


def turn_json(board: Board) -> MapDict:
    """map.json's ``turn`` for ``board``, after reading it back against its tokens.

    :raises MapFileError: naming ``turn`` and the field the reader would refuse.
    """
    turn = board.turn
    if not (isinstance(turn, TurnState) and all(isinstance(p, Participant) for p in turn.order)):
        raise MapFileError(f"the turn order must be a TurnState of Participants: {turn!r}")
    order = [
        {
            "token": p.token_id,
            "zeal": chk.plain(p.zeal),
            "zeal_tier": chk.plain(p.zeal_tier),
            "waiting": p.waiting,
        }
        for p in turn.order
    ]
    doc = {"round": chk.plain(turn.round), "current": chk.plain(turn.current), "order": order}
    parse_turn({"turn": doc}, frozenset(board.tokens))
    return doc


# -- reading tokens ---------------------------------------------------------------------


def parse_token_state(obj: MapDict, where: str) -> dict[str, Any]:
    """The play-state fields of the token entry ``obj`` (map.json's ``where``, e.g.
    ``"tokens[2]"``): version 4's and ``motion``, as keyword arguments of
    :class:`~rules.board.tokens.Token`.

    :raises MapFileError: naming ``where`` and the field at fault.
    """
    return {
        "conditions": _conditions(obj, where),
        "vitals": _vitals(obj, where),
        "moving": chk.get_bool(obj, "moving", where),
        "moved_this_turn": chk.get_bool(obj, "moved_this_turn", where),
        "motion": parse_motion(obj, where),
    }


def _conditions(obj: MapDict, where: str) -> tuple[ConditionEntry, ...]:
    """``obj["conditions"]``, held to its limit, each entry read and none listed twice
    from the same source (found with a set, in one pass)."""
    items = chk.get_list(obj, "conditions", where, chk.MAX_CONDITIONS, "conditions")
    entries: list[ConditionEntry] = []
    seen: set[tuple[str, str]] = set()
    for k, item in enumerate(items):
        at = f"{where}.conditions[{k}]"
        entry = _condition(item, at)
        key = (entry.name, entry.source)
        if key in seen:
            raise MapFileError(
                f"map.json: {at}: condition {entry.name!r} from source {entry.source!r} "
                "is listed twice"
            )
        seen.add(key)
        entries.append(entry)
    return tuple(entries)


def _condition(item: object, at: str) -> ConditionEntry:
    """The condition entry ``item`` (map.json's ``at``)."""
    obj = chk.as_object(item, at)
    name = chk.get_str(obj, "name", at)
    tier = chk.get_int(obj, "tier", at)
    source = chk.get_str(obj, "source", at)
    return chk.made(at, lambda: ConditionEntry(name, tier, source))


_BLANK_VITALS = Vitals()
_BLANK_VITALS_JSON: MapDict = {
    "stats": {},
    "maximum": {},
    "current": {},
    "severe_threshold": None,
    "wounded": {},
    "bars_for_players": False,
}


def _vitals(obj: MapDict, where: str) -> Vitals:
    """``obj["vitals"]``; the blank vitals of most tokens as one shared value."""
    at = f"{where}.vitals"
    vitals = chk.get_dict(obj, "vitals", where)
    if vitals == _BLANK_VITALS_JSON and type(vitals["bars_for_players"]) is bool:
        return _BLANK_VITALS  # most tokens: nothing to check, one shared value
    tables = {key: _table(vitals, key, at, names) for key, names in _TABLES.items()}
    threshold = chk.get_optional_int(vitals, "severe_threshold", at)
    shown = chk.get_bool(vitals, "bars_for_players", at)
    return chk.made(
        at,
        lambda: Vitals(
            stats=tables["stats"],
            maximum=tables["maximum"],
            current=tables["current"],
            severe_threshold=threshold,
            wounded=tables["wounded"],
            bars_for_players=shown,
        ),
    )


def _table(vitals: MapDict, key: str, at: str, names: tuple[str, ...]) -> Pairs:
    """``vitals[key]``, an object of name → integer, as sorted ``(name, value)`` pairs."""
    table = chk.get_dict(vitals, key, at)
    for name in table:
        if name not in names:
            raise MapFileError(
                f"map.json: {at}.{key} names {name!r}, which is not one of {', '.join(names)}"
            )
    return tuple(sorted((name, chk.get_int(table, name, f"{at}.{key}")) for name in table))


# -- reading effects and the turn order --------------------------------------------------


def parse_effect(
    i: int,
    item: object,
    token_ids: frozenset[str] | None,
    area_ids: frozenset[str] | None,
) -> OngoingEffect:
    """The effect that map.json's ``effects[i]`` describes, its creator and target among
    ``token_ids`` and its Area among ``area_ids`` (either not checked when ``None``: those
    could not all be read, so no effect is blamed for one).

    :raises MapFileError: naming ``effects[i]`` and the field at fault.
    """
    where = f"effects[{i}]"
    obj = chk.as_object(item, where)
    kind, amount = _effect_kind(obj, where)
    effect = chk.made(
        where,
        lambda: OngoingEffect(
            id=chk.get_str(obj, "id", where),
            name=chk.get_str(obj, "name", where),
            creator=chk.get_optional_str(obj, "creator", where),
            rounds_left=chk.get_optional_int(obj, "rounds_left", where),
            description=chk.get_str(obj, "description", where),
            area_id=chk.get_optional_str(obj, "area_id", where),
            target=chk.get_optional_str(obj, "target", where),
            kind=kind,
            amount=amount,
        ),
    )
    _check_effect_links(effect, where, token_ids, area_ids)
    return effect


def _effect_kind(obj: MapDict, where: str) -> tuple[str | None, int]:
    """An effect entry's ``kind`` (one of EFFECT_KINDS or null) and ``amount`` (0..999)."""
    kind, amount = chk.get_optional_str(obj, "kind", where), chk.get_int(obj, "amount", where)
    if kind is not None and kind not in EFFECT_KINDS:
        known = ", ".join(EFFECT_KINDS)
        raise MapFileError(f"map.json: {where}.kind must be one of {known} or null, got {kind!r}")
    if not 0 <= amount <= 999:
        raise MapFileError(f"map.json: {where}.amount must be 0..999, got {amount}")
    return kind, amount


def _check_effect_links(
    effect: OngoingEffect,
    where: str,
    token_ids: frozenset[str] | None,
    area_ids: frozenset[str] | None,
) -> None:
    """Refuse ``effect`` if its creator, target or Area is not on the map (one that could
    not be read, ``None``, is not checked)."""
    links = [
        ("was made by token", effect.creator, token_ids),
        ("is on token", effect.target, token_ids),
        ("keeps area", effect.area_id, area_ids),
    ]
    for role, ref, known in links:
        if ref is not None and known is not None and ref not in known:
            raise MapFileError(
                f"map.json: {where}: effect {effect.id!r} {role} {ref!r}, which is not on the map"
            )


def parse_turn(data: MapDict, token_ids: frozenset[str] | None) -> TurnState:
    """The turn order that map.json's ``turn`` describes, every participant among
    ``token_ids`` (not checked when ``None``), each once.

    :raises MapFileError: naming ``turn`` and the field at fault.
    """
    obj = chk.get_dict(data, "turn", "")
    items = chk.get_list(obj, "order", "turn", chk.MAX_TURN_ORDER, "participants")
    order = _order(items, token_ids)
    round_ = chk.get_int(obj, "round", "turn")
    if round_ < 0:
        raise MapFileError(f"map.json: turn.round must be 0 or more, got {round_}")
    current, last = chk.get_int(obj, "current", "turn"), len(order)
    if not 0 <= current <= last:
        raise MapFileError(
            f"map.json: turn.current must be 0..{last} ({last}: the Soulweaver's turn), "
            f"got {current}"
        )
    return TurnState(order, round_, current)


def _order(items: list[Any], token_ids: frozenset[str] | None) -> tuple[Participant, ...]:
    """The turn order ``items``, each participant a token on the map, listed once."""
    order: dict[str, Participant] = {}  # by token: each is in the order once
    for k, item in enumerate(items):
        at = f"turn.order[{k}]"
        participant = _participant(item, at)
        token = participant.token_id
        if token_ids is not None and token not in token_ids:
            raise MapFileError(f"map.json: {at}: token {token!r} is not on the map")
        if token in order:
            raise MapFileError(f"map.json: {at}: token {token!r} is in the turn order twice")
        order[token] = participant
    return tuple(order.values())


def _participant(item: object, at: str) -> Participant:
    """The turn-order entry ``item`` (map.json's ``at``)."""
    obj = chk.as_object(item, at)
    return Participant(
        token_id=chk.get_str(obj, "token", at),
        zeal=chk.get_int(obj, "zeal", at),
        zeal_tier=chk.get_int(obj, "zeal_tier", at),
        waiting=chk.get_bool(obj, "waiting", at),
    )


# -- older versions ----------------------------------------------------------------------


def _token_defaults() -> MapDict:
    """The version-4 token fields of a token that has none: no conditions, default vitals,
    not moving (a fresh object each time)."""
    return {
        "conditions": [],
        "vitals": _vitals_json(Vitals()),
        "moving": False,
        "moved_this_turn": False,
    }


def _with_defaults(tokens: Iterable[object]) -> list[object]:
    """``tokens`` (version 3) with the version-4 defaults; a non-object is left as it is."""
    return [{**t, **_token_defaults()} if isinstance(t, dict) else t for t in tokens]


def upgrade_v3_to_v4(doc: MapDict) -> MapDict:
    """A version-3 map.json as version 4, which added turn state: a blank fog layer
    (``"fog": null``), every token without conditions, with default vitals and not moving,
    no effects and an empty turn order that has not started (version 3 reserved ``turn``
    as ``null`` and never read ``effects`` or these token fields, so they are replaced).
    Leaves any damage for the reader to name."""
    upgraded = {**doc, "effects": [], "turn": {"round": 0, "current": 0, "order": []}}
    if isinstance(doc.get("layers"), dict):
        upgraded["layers"] = {**doc["layers"], "fog": None}
    if isinstance(doc.get("tokens"), list):
        upgraded["tokens"] = _with_defaults(doc["tokens"])
    return upgraded
