"""Whole-map reshaping: switching orientation and resizing, keeping what fits.

Both keep every cell's ``(col, row)`` (see :mod:`rules.board` for the offset convention),
so terrain stays where it was drawn; axial coordinates follow the cells.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from rules.areas import AreaTemplate
from rules.board import Board, _check_dimensions, cell_to_hex, hex_to_cell
from rules.errors import OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.terrain import blank_layers, read_only
from rules.tokens import Token

__all__ = ["reoriented", "resized"]


def _recell(h: Hex, before: Orientation, after: Orientation) -> Hex:
    col, row = hex_to_cell(h, before)
    return cell_to_hex(col, row, after)


def reoriented(board: Board, orientation: Orientation) -> Board:
    """``board`` re-read in ``orientation``: cells, terrain and the cells of token anchors,
    labels, notes and Area origins are kept; a token that would stick out is moved to the
    nearest cell where it fits."""
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
    flipped = board._evolve(orientation=orientation, tokens={}, labels=labels, notes={}, areas={})
    for token in board.tokens.values():
        moved = token.moved_to(_recell(token.position, before, orientation))
        flipped = flipped.with_token(clamped(flipped, moved))
    return flipped._evolve(notes=notes, areas=areas)


def resized(board: Board, width: int, height: int) -> Board:
    """``board`` cut or grown to ``width`` × ``height`` cells from its top-left corner.

    Terrain in the cells both sizes share is kept (new cells are open, flat ground);
    tokens, labels, notes and Areas (all their origin hexes) kept only where they still
    fit; notes and Areas attached to dropped tokens go with them, and Areas made by one
    no longer name a caster.
    """
    _check_dimensions(width, height)
    layers = dict(blank_layers(width, height))
    rows, cols = min(height, board.height), min(width, board.width)
    for name, old in board.layers.items():
        grown = np.array(layers[name], copy=True)
        grown[:rows, :cols] = old[:rows, :cols]
        layers[name] = read_only(grown)
    shape = board._evolve(
        width=width, height=height, layers=layers, tokens={}, labels={}, notes={}, areas={}
    )
    tokens = {t.id: t for t in board.tokens.values() if _fits(shape, t)}
    labels = {k: v for k, v in board.labels.items() if shape.contains(v.position)}
    notes = {
        k: n
        for k, n in board.notes.items()
        if (n.hex is not None and shape.contains(n.hex)) or n.token_id in tokens
    }
    areas = {
        k: a if a.caster is None or a.caster in tokens else replace(a, caster=None)
        for k, a in board.areas.items()
        if _area_fits(shape, a, tokens)
    }
    return shape._evolve(tokens=tokens, labels=labels, notes=notes, areas=areas)


def _fits(board: Board, token: Token) -> bool:
    return all(board.contains(h) for h in token.footprint)


def _area_fits(board: Board, area: AreaTemplate, tokens: dict[str, Token]) -> bool:
    attached = area.source is None or area.source in tokens
    return attached and all(board.contains(h) for h in area.origin)


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
