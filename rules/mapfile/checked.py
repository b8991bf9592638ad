"""The tokens already checked: those of the last two boards read from a ``.hexmap`` or
written to one, so that saving a map just opened (or saved) does not check each of its
tokens again.

Writing a token checks it by itself first: its fields (:meth:`Token.problem
<rules.board.tokens.Token.problem>`, for a token forced past its own checks), its vitals,
and its body and turn state read back as the reader would read them. A token the reader
built has passed exactly those checks (the writer's read-back *is* the reader), and so
has a token the writer has written; a token is frozen, so it still passes them: nothing in
``rules/`` or ``app/`` changes a frozen value in place once it is made
(``tests/test_frozen_values.py`` holds every ``object.__setattr__`` to that). A token
forced past its checks is a new object (``dataclasses.replace`` then forcing it, say),
unknown here, and checked in full; one forced *in place* after it was remembered is not
checked again — code that does that has broken the freezing this module trusts. What a
token is checked against on the board it is saved with (its id, its image, its place on
the map, the ids the effects, notes and Holds name) is checked at every save.

Tokens are known by identity, never by equality (``1 == True``: a token forced to
``size=True`` equals a good one): each remembered token is held, so that its ``id()`` is
not reused while it is remembered. Only the tokens of the last two boards read or
written are held (two, so that copying a selection to the clipboard between two saves of
a map does not forget the map's): what the open map holds anyway, most of the time.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.board.tokens import Token

__all__ = ["forget", "is_checked", "remember"]

_Known = dict[int, Token]

_known: tuple[_Known, _Known] = ({}, {})
"""The tokens of the last board read or written, then those of the one before, by
``id()``. Replaced whole (one assignment), never changed in place, so that a save on
another thread sees one state or the other."""


def remember(tokens: Iterable[Token]) -> None:
    """Remember ``tokens`` (a board's, all checked) as the newest checked, forgetting the
    oldest board's."""
    global _known
    newest = {id(token): token for token in tokens}
    _known = (newest, _known[0])


def is_checked(token: object) -> bool:
    """Whether ``token`` is one of the tokens remembered as checked (this very object)."""
    key = id(token)
    newest, older = _known
    return newest.get(key) is token or older.get(key) is token


def forget() -> None:
    """Forget every token remembered, so that the next save checks each (for tests, and
    to let go of the tokens of maps no longer open)."""
    global _known
    _known = ({}, {})
