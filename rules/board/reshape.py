"""Whole-map reshaping: switching orientation and resizing, keeping what fits.

Both keep every cell's ``(col, row)`` (see :mod:`rules.board.grid` for the offset convention),
so terrain stays where it was drawn; axial coordinates follow the cells.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from rules.board.grid import Board, _check_dimensions, cell_to_hex, hex_to_cell
from rules.board.terrain import blank_layers, read_only
from rules.board.tokens import Token
from rules.errors import OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation

__all__ = ["reoriented", "resized"]


def _recell(h: Hex, before: Orientation, after: Orientation) -> Hex:
    col, row = hex_to_cell(h, before)
    return cell_to_hex(col, row, after)


def reoriented(board: Board, orientation: Orientation) -> Board:
    """``board`` re-read in ``orientation``: cells, terrain and the cells of token anchors,
    labels, notes and Area origins are kept; a token that would stick out is moved to the
    nearest cell where it fits. Every token stays, so the turn order, the Holds and the
    effects stay as they are."""
    if orientation is board.orientation:
        return board
    before = board.orientation
    labels = {
        k: replace(label, position=_recell(label.position, before, orientation))
        for k, label in board.labels.items()
    }
    notes = {
        k: replace(n, hex=_recell(n.hex, before, orientation)) if n.hex is not None else n
        for k, n in board.notes.items()
    }
    areas = {
        k: replace(a, origin=tuple(_recell(h, before, orientation) for h in a.origin))
        for k, a in board.areas.items()
    }
    flipped = board._evolve(
        orientation=orientation, tokens={}, labels=labels, notes=notes, areas=areas
    )
    tokens = {
        k: clamped(flipped, t.moved_to(_recell(t.position, before, orientation)))
        for k, t in board.tokens.items()
    }
    return flipped._evolve(tokens=tokens)


def resized(board: Board, width: int, height: int) -> Board:
    """``board`` cut or grown to ``width`` × ``height`` cells from its top-left corner.

    Terrain in the cells both sizes share is kept (new cells are open, flat ground). A
    token that no longer fits goes as :meth:`~rules.board.Board.without_tokens` removes
    it: with its notes, its Holds, the Areas attached to it or drawn from its spaces, its
    place in the turn order and the effects it made or carries; other Areas it made no
    longer name a caster. An Area with an
    origin hex cut off goes as :meth:`~rules.board.Board.without_area` removes it, with
    the effects that kept it. Labels and notes on hexes are kept only where they fit.
    """
    _check_dimensions(width, height)
    layers = dict(blank_layers(width, height))
    rows, cols = min(height, board.height), min(width, board.width)
    for name, old in board.layers.items():
        grown = np.array(layers[name], copy=True)
        grown[:rows, :cols] = old[:rows, :cols]
        layers[name] = read_only(grown)
    shape = board._evolve(width=width, height=height, layers=layers)
    board = board.without_tokens([t.id for t in board.tokens.values() if not _fits(shape, t)])
    cut = [k for k, a in board.areas.items() if not all(map(shape.contains, a.origin))]
    board = board.without_areas(cut)
    labels = {k: v for k, v in board.labels.items() if shape.contains(v.position)}
    notes = {k: n for k, n in board.notes.items() if n.hex is None or shape.contains(n.hex)}
    # Everything else (Holds, effects, turn order, dice) is the trimmed board's own.
    return board._evolve(width=width, height=height, layers=layers, labels=labels, notes=notes)


def _fits(board: Board, token: Token) -> bool:
    return all(board.contains(h) for h in token.footprint)


def clamped(board: Board, token: Token) -> Token:
    """``token`` moved to the nearest anchor (by cell, searching outward) where it fits."""
    if _fits(board, token):
        return token
    col, row = hex_to_cell(token.position, board.orientation)
    for reach in range(1, max(board.width, board.height) + 1):
        square = [
            (c, r)
            for r in range(row - reach, row + reach + 1)
            for c in range(col - reach, col + reach + 1)
            if max(abs(c - col), abs(r - row)) == reach
            and 0 <= c < board.width
            and 0 <= r < board.height
        ]
        for c, r in sorted(square, key=lambda cr: (cr[0] - col) ** 2 + (cr[1] - row) ** 2):
            anchor = board.hex_at(c, r)
            if _fits(board, token.moved_to(anchor)):
                return token.moved_to(anchor)
    raise OutOfBoundsError(f"token {token.name!r} does not fit on this map")
