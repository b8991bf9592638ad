"""map.json's token body (format version 7): the senses each token chooses targets with,
its limbs and how many grip an object, the words it can speak in a round
(:mod:`rules.board.body`), the two motion fields Charge reads and the two that count Secondary
movement toward Overexertion (:mod:`rules.board.motion`).

A token gains, after its ``movement_types`` (every field required; the defaults are what
the upgrade gives):

.. code-block:: json

    "senses": ["sight", "sound"], "limbs": 2, "gripping": 1,
    "words": {"per_round": 10, "spent": 2, "round": 3}

and its ``motion`` gains ``"spaces_in_a_row": 0, "dashed": false, "secondary_rounds": 0,
"secondary_now": false`` (read with the rest of the motion by :mod:`rules.mapfile.motion`;
``secondary_rounds`` is 0..10⁹, the rounds of Secondary movement counted toward the next
Overexertion roll, [S001] "you must roll for Overexertion after each 10 minutes", and
``secondary_now`` whether it moved with a Secondary movement type this turn).
``senses`` are distinct names of :data:`rules.board.body.SENSES`, at least one, the Primary
Sense first; ``limbs`` is 0..99 and ``gripping`` 0..``limbs``; ``words.per_round`` and
``words.spent`` are 0..999 and ``words.round`` (the round they were spent in) a whole
number from 0. The ``concealment_kind`` layer may hold every
:class:`~rules.board.terrain.ConcealmentKind`, 0..13 (versions 1–6: 0 world, 1 magic).

:func:`body_json` writes the fields after reading them back (saving refuses what would
not read back); :func:`parse_body` reads them strictly, raising
:class:`~rules.errors.MapFileError` naming the token and field (``"map.json:
tokens[1].senses[1] must be one of sight, smell, …, got 'echo'"``, ``"map.json:
tokens[1].gripping must be 0..2 (its limbs), got 3"``). :func:`upgrade_v6_to_v7` gives
older maps the defaults.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.board.anatomy import DEFAULT_LIMBS, DEFAULT_SENSES, MAX_LIMBS, MAX_WORDS, SENSES, Words
from rules.board.motion import Motion
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.mapfile import checks as chk

__all__ = [
    "MOTION_FIELDS_V7",
    "TOKEN_BODY_FIELDS",
    "WORDS_FIELDS",
    "body_json",
    "parse_body",
    "upgrade_v6_to_v7",
]

MapDict = dict[str, Any]

TOKEN_BODY_FIELDS = ("senses", "limbs", "gripping", "words")
"""The token fields new in version 7, in the order they are written."""
WORDS_FIELDS = ("per_round", "spent", "round")
"""The fields of a token's ``words``, in the order they are written."""
MOTION_FIELDS_V7 = ("spaces_in_a_row", "dashed", "secondary_rounds", "secondary_now")
"""The ``motion`` fields new in version 7 (written after version 5's)."""


# -- writing ----------------------------------------------------------------------------


def body_json(i: int, token: Token, *, read_back: bool = True) -> MapDict:
    """The version-7 fields of map.json's ``tokens[i]`` for ``token``, read back first
    unless not ``read_back`` (a token already checked, :mod:`rules.mapfile.checked`).

    :raises MapFileError: naming ``tokens[i]`` and the field the reader would refuse.
    """
    words = token.words
    if not isinstance(words, Words):
        raise MapFileError(f"map.json: tokens[{i}].words must be a Words, not {words!r}")
    senses = token.senses
    doc = {
        "senses": list(senses) if isinstance(senses, tuple) else senses,
        "limbs": chk.plain(token.limbs),
        "gripping": chk.plain(token.gripping),
        "words": {key: chk.plain(getattr(words, key)) for key in WORDS_FIELDS},
    }
    if read_back:
        parse_body(doc, f"tokens[{i}]")
    return doc


# -- reading ----------------------------------------------------------------------------


def parse_body(obj: MapDict, where: str) -> dict[str, Any]:
    """The version-7 fields of the token entry ``obj`` (map.json's ``where``, e.g.
    ``"tokens[2]"``) as keyword arguments of :class:`~rules.board.tokens.Token`.

    :raises MapFileError: naming ``where`` and the field at fault.
    """
    limbs = _bounded(obj, "limbs", where, MAX_LIMBS)
    gripping = chk.get_int(obj, "gripping", where)
    if not 0 <= gripping <= limbs:
        raise MapFileError(
            f"map.json: {where}.gripping must be 0..{limbs} (its limbs), got {gripping}"
        )
    return {
        "senses": _senses(obj, where),
        "limbs": limbs,
        "gripping": gripping,
        "words": _words(obj, where),
    }


def _bounded(obj: MapDict, key: str, where: str, high: int | None) -> int:
    """``obj[key]``, an integer 0..``high`` (from 0 when ``high`` is ``None``)."""
    value = chk.get_int(obj, key, where)
    if value < 0 or (high is not None and value > high):
        allowed = f"0..{high}" if high is not None else "a whole number from 0"
        raise MapFileError(f"map.json: {where}.{key} must be {allowed}, got {value}")
    return value


def _senses(obj: MapDict, where: str) -> tuple[str, ...]:
    """``obj["senses"]``: distinct known senses, at least one, the Primary Sense first."""
    senses = chk.get_list(obj, "senses", where)
    if not senses:
        raise MapFileError(f"map.json: {where}.senses must name at least one sense")
    if len(senses) > len(SENSES):
        raise MapFileError(
            f"map.json: {where}.senses lists {len(senses)} senses; there are {len(SENSES)}"
        )
    for k, sense in enumerate(chk.get_str_list(obj, "senses", where)):
        if sense not in SENSES:
            raise MapFileError(
                f"map.json: {where}.senses[{k}] must be one of {', '.join(SENSES)}, got {sense!r}"
            )
        if sense in senses[:k]:
            raise MapFileError(f"map.json: {where}.senses lists {sense!r} twice")
    return tuple(senses)


def _words(obj: MapDict, where: str) -> Words:
    """``obj["words"]``, each of its fields in range."""
    at = f"{where}.words"
    words = chk.get_dict(obj, "words", where)
    per_round = _bounded(words, "per_round", at, MAX_WORDS)
    spent = _bounded(words, "spent", at, MAX_WORDS)
    round_ = _bounded(words, "round", at, None)
    return chk.made(at, lambda: Words(per_round, spent, round_))


# -- older versions ----------------------------------------------------------------------


def _defaults() -> MapDict:
    """The version-7 token fields of a token that has none (a fresh object each time)."""
    return {
        "senses": list(DEFAULT_SENSES),
        "limbs": DEFAULT_LIMBS,
        "gripping": 0,
        "words": {key: getattr(Words(), key) for key in WORDS_FIELDS},
    }


def _upgraded_token(token: MapDict) -> MapDict:
    """A version-6 token entry with the version-7 body and motion fields' defaults."""
    upgraded = {**token, **_defaults()}
    motion = token.get("motion")
    if isinstance(motion, dict):
        fresh = Motion()
        upgraded["motion"] = {**motion, **{k: getattr(fresh, k) for k in MOTION_FIELDS_V7}}
    return upgraded


def _with_body(tokens: Iterable[object]) -> list[object]:
    """``tokens`` (version 6) upgraded; an entry that is not an object is left as it is."""
    return [_upgraded_token(t) if isinstance(t, dict) else t for t in tokens]


def upgrade_v6_to_v7(doc: MapDict) -> MapDict:
    """A version-6 map.json as version 7, which added each token's body and four motion
    fields: every token senses by sight only, has 2 limbs, none gripping an object, and
    can speak 10 words a round with none spent; its motion has moved no spaces in a row,
    not used Dash, counted no rounds of Secondary movement and not moved with one this
    turn (version 6 never read these, so any are replaced). Leaves any damage for the
    reader to name."""
    upgraded = dict(doc)
    if isinstance(doc.get("tokens"), list):
        upgraded["tokens"] = _with_body(doc["tokens"])
    return upgraded
