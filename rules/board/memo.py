"""What is worked out from a board, remembered for the boards asked about last.

A :class:`~rules.board.grid.Board` never changes, so anything computed from it alone (a
creature's movement profile, every creature's Reach as arrays) stays true for as long as
the board lives. A drag asks the same questions of one board at every mouse move; this
keeps the answers for the last :data:`KEPT_BOARDS` boards (the GM's map, the players',
an edit's before and after), held weakly: a board no one keeps is not kept alive here.
A board is not hashable (it compares by value), so boards are told apart by identity.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from rules.board.grid import Board

__all__ = ["KEPT_BOARDS", "forget", "remembered"]

KEPT_BOARDS = 4
T = TypeVar("T")

_MEMOS: list[tuple[weakref.ref[Board], dict[Hashable, object]]] = []  # newest first


def remembered(board: Board, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, worked out once per ``board`` and ``key`` while ``board`` is among the
    last :data:`KEPT_BOARDS` asked about. ``make`` must depend on nothing but the board and
    what ``key`` names (the board never changes: neither does the answer)."""
    memo = _memo_of(board)
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    value = make()
    memo[key] = value
    return value


def _memo_of(board: Board) -> dict[Hashable, object]:
    for i, (seen, memo) in enumerate(_MEMOS):
        if seen() is board:
            if i:
                _MEMOS.insert(0, _MEMOS.pop(i))
            return memo
    memo = {}
    _MEMOS.insert(0, (weakref.ref(board), memo))
    del _MEMOS[KEPT_BOARDS:]
    return memo


def forget() -> None:
    """Forget every board (a benchmark timing work a fresh board would need, a test)."""
    _MEMOS.clear()
