"""Whole-board consistency checks.

:class:`~rules.board.Board` runs :func:`check_play` when it is made and
:func:`check_area_tokens` when an Area is pinned (raising on the first problem); its
``with_…`` edits skip the whole-map checks for speed, so :func:`invariant_problems` lists
every invariant a board must keep to be saved, shown and edited — what the property tests
assert after each edit. Every check is linear in the board's size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.areas import AreaTemplate
from rules.errors import UnknownTokenError
from rules.text import text_problem

if TYPE_CHECKING:
    from rules.board.grid import Board

__all__ = ["check_area_tokens", "check_play", "check_turn", "invariant_problems"]

Problem = tuple[type[ValueError], str]


def check_play(board: Board) -> None:
    """Effects filed under their ids and naming tokens and Areas on this map; Holds
    between tokens on this map, each creature Held once; a dice seed and count; a turn
    order of tokens on this map, each once, pointing at a slot that exists."""
    _raise_first(_play_problems(board))


def check_turn(board: Board) -> None:
    """A turn order of tokens on this map, each once, pointing at a slot that exists."""
    _raise_first(_turn_problems(board))


def check_area_tokens(board: Board, area: AreaTemplate) -> None:
    """The tokens ``area`` names (its source and caster) are on ``board``."""
    _raise_first(_area_token_problems(board, area))


def invariant_problems(board: Board) -> list[str]:
    """Every broken invariant of ``board``, each in a sentence naming what is wrong (empty
    when it keeps them all): tokens filed under their ids, valid, on the map and showing
    stored pictures; the map's name and options as text a file can hold; labels and
    notes filed under their ids, on the map, on tokens that are there, no label and note
    sharing an id; a stored background; Areas filed under their ids, valid (an origin or
    a source), on the map and naming tokens that are there; and the play state of
    :func:`check_play`."""
    found = [message for _, message in _token_problems(board)]
    found += _map_text_problems(board)
    found += _annotation_problems(board)
    for key, area in board.areas.items():
        found += _area_problems(board, key, area)
    found += [message for _, message in _play_problems(board)]
    return found


def _map_text_problems(board: Board) -> Iterator[str]:
    """The map's name and rule options as text a file can hold (:mod:`rules.text`)."""
    texts = [("the map's name", board.name)]
    texts += [(f"option {key!r}", v) for key, v in board.options.items() if isinstance(v, str)]
    texts += [("an option's name", key) for key in board.options]
    for what, text in texts:
        problem = text_problem(text) if isinstance(text, str) else "it is not text"
        if problem:
            yield f"{what} is not valid text ({problem})"


def _raise_first(problems: Iterator[Problem]) -> None:
    first = next(problems, None)
    if first is not None:
        kind, message = first
        raise kind(message)


def _token_problems(board: Board) -> Iterator[Problem]:
    for key, token in board.tokens.items():
        problem = token.problem()
        if problem:
            yield ValueError, problem
            continue
        if key != token.id:
            yield ValueError, f"token {token.id!r} is filed under another id, {key!r}"
        outside = [h for h in token.footprint if not board.contains(h)]
        if outside:
            yield ValueError, f"token {token.id!r} leaves the map at {min(outside)!r}"
        if token.image is not None and token.image not in board.images:
            yield ValueError, f"token {token.id!r} shows picture {token.image!r}, not stored"


def _annotation_problems(board: Board) -> Iterator[str]:
    for kind, items in (("label", board.labels), ("note", board.notes)):
        for key, item in items.items():
            if key != item.id:
                yield f"{kind} {item.id!r} is filed under another id, {key!r}"
    for key, label in board.labels.items():
        if not board.contains(label.position):
            yield f"label {key!r} is off the map at {label.position!r}"
        if key in board.notes:
            yield f"label {key!r} and a note share the id {key!r}"
    for key, note in board.notes.items():
        if note.hex is not None and not board.contains(note.hex):
            yield f"note {key!r} is off the map at {note.hex!r}"
        if note.token_id is not None and note.token_id not in board.tokens:
            yield f"note {key!r} hangs on token {note.token_id!r}, which is not on this map"
    background = board.background
    if background is not None and background.image not in board.images:
        yield f"the background picture {background.image!r} is not stored in the map"


def _area_problems(board: Board, key: str, area: AreaTemplate) -> Iterator[str]:
    if key != area.id:
        yield f"area {area.id!r} is filed under another id, {key!r}"
    problem = area.problem()
    if problem:
        yield problem
        return
    outside = [h for h in area.origin if not board.contains(h)]
    if outside:
        yield f"area {key!r}: its origin leaves the map at {min(outside)!r}"
    yield from (message for _, message in _area_token_problems(board, area))


def _area_token_problems(board: Board, area: AreaTemplate) -> Iterator[Problem]:
    for role, token_id in (("source", area.source), ("caster", area.caster)):
        if token_id is not None and token_id not in board.tokens:
            message = f"area {area.id!r}: its {role} token {token_id!r} is not on this map"
            yield UnknownTokenError, message


def _play_problems(board: Board) -> Iterator[Problem]:
    yield from _effect_problems(board)
    yield from _hold_problems(board)
    seed, draws = board.dice_seed, board.dice_draws
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in (seed, draws)):
        yield ValueError, "the dice seed and draw count must be whole numbers from 0"
    yield from _turn_problems(board)


def _effect_problems(board: Board) -> Iterator[Problem]:
    for key, effect in board.effects.items():
        if key != effect.id:
            yield ValueError, f"effect {effect.id!r} is filed under another id, {key!r}"
        for role in ("creator", "target"):
            ref = getattr(effect, role)
            if ref is not None and ref not in board.tokens:
                yield UnknownTokenError, f"effect {key!r}: its {role} {ref!r} is not on this map"
        if effect.area_id is not None and effect.area_id not in board.areas:
            yield ValueError, f"effect {key!r}: its Area {effect.area_id!r} is not on this map"


def _hold_problems(board: Board) -> Iterator[Problem]:
    for hold in board.holds:
        for role in ("holder", "held"):
            ref = getattr(hold, role)
            if ref not in board.tokens:
                yield UnknownTokenError, f"a Hold's {role} {ref!r} is not on this map"
    if len({h.held for h in board.holds}) != len(board.holds):
        message = "a creature is Held in two Holds: a Grab needs a target who is not Held"
        yield ValueError, message


def _turn_problems(board: Board) -> Iterator[Problem]:
    ids = board.turn.ids()
    stray = [i for i in ids if i not in board.tokens]
    if stray:
        yield UnknownTokenError, f"the turn order names {stray[0]!r}, which is not on this map"
    if len(set(ids)) != len(ids):
        yield ValueError, "a token is in the turn order twice"
    if not 0 <= board.turn.current <= len(ids) or board.turn.round < 0:
        yield ValueError, "the turn order points at a turn that does not exist"
