"""Hex names players can say over a call: a column's letters and a row's number, ``"C7"``.

The name comes from the map's offset cell (:mod:`rules.board.grid`, "Offset
convention"): columns are lettered ``A`` … ``Z``, ``AA``, ``AB`` … (spreadsheet style,
bijective base 26) from the left, rows are numbered from ``1`` at the top. Cell
``(col, row)`` is ``column_letters(col) + str(row + 1)``, whatever the orientation, so the
letters run along the top and bottom of the map and the numbers down its sides, as the
Player Window's edge labels, the GM's status bar and the ruler show them (issue #17,
"Coordinates players can say").

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> board = Board.blank(30, 12)
>>> hex_name(board, board.hex_at(2, 6))
'C7'
>>> hex_named(board, "c7") == board.hex_at(2, 6)
True
>>> [column_letters(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)]
['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']
"""

from __future__ import annotations

import re

from rules.board.grid import Board
from rules.board.offsets import hex_to_cell
from rules.errors import OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation

__all__ = ["cell_name", "cell_name_of", "column_index", "column_letters", "hex_name", "hex_named"]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_NAME = re.compile(r"([A-Z]+)\s*([0-9]+)")


def column_letters(index: int) -> str:
    """The letters of column ``index`` (0-based): ``A`` … ``Z``, then ``AA``, ``AB`` …

    >>> column_letters(0), column_letters(2), column_letters(28)
    ('A', 'C', 'AC')
    >>> column_letters(-1)
    Traceback (most recent call last):
    ...
    ValueError: a column index is 0 or more, not -1
    """
    if index < 0:
        raise ValueError(f"a column index is 0 or more, not {index}")
    letters = ""
    n = index + 1
    while n:
        n, digit = divmod(n - 1, 26)
        letters = LETTERS[digit] + letters
    return letters


def column_index(letters: str) -> int:
    """The 0-based column that ``letters`` name (either case); inverse of
    :func:`column_letters`.

    >>> column_index("A"), column_index("z"), column_index("AA")
    (0, 25, 26)
    >>> column_index("A1")
    Traceback (most recent call last):
    ...
    ValueError: a column is named by letters A to Z ('A', 'AB' …), not 'A1'
    """
    upper = letters.upper()
    if not upper or not all(c in LETTERS for c in upper):
        raise ValueError(f"a column is named by letters A to Z ('A', 'AB' …), not {letters!r}")
    n = 0
    for c in upper:
        n = n * 26 + LETTERS.index(c) + 1
    return n - 1


def cell_name(col: int, row: int) -> str:
    """The name of offset cell ``(col, row)`` (both 0-based): ``cell_name(2, 6) == "C7"``.

    >>> cell_name(0, 0), cell_name(26, 9)
    ('A1', 'AA10')
    """
    if row < 0:
        raise ValueError(f"a row index is 0 or more, not {row}")
    return f"{column_letters(col)}{row + 1}"


def cell_name_of(h: Hex, orientation: Orientation) -> str:
    """The name of ``h``'s offset cell on a map of ``orientation``: what :func:`hex_name`
    says, for callers that keep only the orientation (a lens answer).

    >>> cell_name_of(Hex(2, -1), Orientation.FLAT)
    'C1'
    """
    return cell_name(*hex_to_cell(h, orientation))


def hex_name(board: Board, h: Hex) -> str:
    """The name players say for ``h`` on ``board`` (its offset cell, :func:`cell_name`);
    raises :class:`~rules.errors.OutOfBoundsError` for a hex off the map.

    >>> from rules.layout import Orientation
    >>> flat = Board.blank(8, 8, Orientation.FLAT)
    >>> hex_name(flat, Hex(0, 0)), hex_name(flat, Hex(1, 0)), hex_name(flat, Hex(2, -1))
    ('A1', 'B1', 'C1')
    >>> hex_name(flat, Hex(1, -1))
    Traceback (most recent call last):
    ...
    rules.errors.OutOfBoundsError: Hex(q=1, r=-1) is outside the 8×8 map
    """
    col, row = board.cell_of(h)
    return cell_name(col, row)


def hex_named(board: Board, name: str) -> Hex:
    """The hex of ``board`` that ``name`` names (``"C7"``, ``"c 7"``, ``" AA12 "``);
    inverse of :func:`hex_name`. A name that is not letters then a row number raises
    ``ValueError``; one off the map raises :class:`~rules.errors.OutOfBoundsError`, saying
    the map's last column and row.

    >>> board = Board.blank(4, 3)
    >>> hex_named(board, "B2")
    Hex(q=1, r=1)
    >>> hex_named(board, "E1")
    Traceback (most recent call last):
    ...
    rules.errors.OutOfBoundsError: E1 is off the map: its columns are A to D, its rows 1 to 3
    """
    match = _NAME.fullmatch(name.strip().upper())
    if match is None:
        raise ValueError(f"a hex is named by column letters then a row number (C7), not {name!r}")
    col, row = column_index(match[1]), int(match[2]) - 1
    if not (0 <= col < board.width and 0 <= row < board.height):
        raise OutOfBoundsError(
            f"{match[1]}{match[2]} is off the map: its columns are A to "
            f"{column_letters(board.width - 1)}, its rows 1 to {board.height}"
        )
    return board.hex_at(col, row)
