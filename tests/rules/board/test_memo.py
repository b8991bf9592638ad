"""What is worked out from a board is remembered for that board only, for the last few
boards asked about, and keeps no board alive (rules.board.memo)."""

from __future__ import annotations

import gc
import weakref

from rules.board import memo
from rules.board.grid import Board


def test_worked_out_once_per_board_and_key() -> None:
    board, calls = Board.blank(4, 4), []

    def make() -> int:
        calls.append(1)
        return len(calls)

    assert memo.remembered(board, "k", make) == 1
    assert memo.remembered(board, "k", make) == 1
    assert memo.remembered(board, "other", make) == 2
    assert memo.remembered(Board.blank(4, 4), "k", make) == 3  # equal, but another board


def test_only_the_last_boards_are_kept_and_none_is_kept_alive() -> None:
    boards = [Board.blank(3, 3) for _ in range(memo.KEPT_BOARDS + 1)]
    for i, board in enumerate(boards):
        memo.remembered(board, "i", lambda i=i: i)
    assert memo.remembered(boards[-1], "i", lambda: -1) == len(boards) - 1
    assert memo.remembered(boards[0], "i", lambda: -1) == -1  # forgotten: the oldest
    gone = weakref.ref(boards[1])
    del boards
    gc.collect()
    assert gone() is None
