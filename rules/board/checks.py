"""Whole-board consistency checks.

:class:`~rules.board.Board` runs :func:`~rules.board.grid.check_turn_state` when it is made and
:func:`~rules.board.grid.check_area_tokens` when an Area is pinned (raising on the first
problem; those checks live next to the Board, :mod:`rules.board.grid`); its ``with_…``
edits skip the whole-map checks for speed, so :func:`invariant_problems` lists
every invariant a board must keep to be saved, shown and edited — what the property tests
assert after each edit. Every check is linear in the board's size.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.areas import AreaTemplate
from rules.board.grid import Board, Problem, area_token_problems, play_problems
from rules.text import text_problem

__all__ = ["invariant_problems"]


def invariant_problems(board: Board) -> list[str]:
    """Every broken invariant of ``board``, each in a sentence naming what is wrong (empty
    when it keeps them all): tokens filed under their ids, valid, on the map and showing
    stored pictures; the map's name and options as text a file can hold; labels and
    notes filed under their ids, on the map, on tokens that are there, no label and note
    sharing an id; a stored background; Areas filed under their ids, valid (an origin or
    a source), on the map and naming tokens that are there; and the turn state of
    :func:`~rules.board.grid.check_turn_state`."""
    found = [message for _, message in _token_problems(board)]
    found += _map_text_problems(board)
    found += _annotation_problems(board)
    for key, area in board.areas.items():
        found += _area_problems(board, key, area)
    found += [message for _, message in play_problems(board)]
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
        outside = [h for h in label.door if not board.contains(h)]
        if outside:
            yield f"door {key!r} stands for a hex off the map at {min(outside)!r}"
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
    yield from (message for _, message in area_token_problems(board, area))
