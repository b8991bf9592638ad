"""What the players may see: a pure function of the board (no Qt).

The GM's board holds tokens hidden from players (and the Areas they cast or carry),
GM-only labels and notes, Pools the GM keeps to themself, and fog of war (layer ``fog``:
spaces the players have not discovered). The player view and ``hexweave export --player``
show :func:`player_board` instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from rules.board import Board
from rules.conditions import ConditionEntry, tier_of
from rules.hexes import Hex, disk
from rules.pools import POOLS, Vitals
from rules.terrain import LAYER_SPECS, blank_layers
from rules.tokens import Token

__all__ = ["fogged", "player_board", "revealed_around"]


def fogged(board: Board, hexes: Iterable[Hex]) -> bool:
    """True if every one of ``hexes`` on the map is under fog (none of them seen)."""
    fog = board.layer("fog")
    cells = [board.cell_of(h) for h in hexes if board.contains(h)]
    return bool(cells) and all(bool(fog[row, col]) for col, row in cells)


def player_board(board: Board) -> Board:
    """``board`` as the players may see it: without the tokens hidden from players or
    wholly under fog (and the notes, Areas, effects and turns that would give them away),
    GM-only labels and notes, anything placed under fog, the Pools the GM did not share,
    the GM's notes on tokens and the pictures of what was removed, and the dice: the roll
    log names hidden creatures and the seed would tell the next faces; fogged spaces keep
    no terrain (open, flat, dry), only the fog itself."""
    board = board._evolve(rolls=(), dice_seed=0, dice_draws=0)
    unseen = {t.id for t in board.tokens.values() if t.hidden or fogged(board, t.footprint)}
    secret = [k for k, a in board.areas.items() if {a.source, a.caster} & unseen]
    secret += [k for k, a in board.areas.items() if a.origin and fogged(board, a.origin)]
    for area_id in dict.fromkeys(secret):
        board = board.without_area(area_id)
    for token_id in unseen:
        board = board.without_token(token_id)  # its notes, effects and turn go with it
    gm_only = [k for k, v in board.labels.items() if v.gm_only or fogged(board, [v.position])]
    gm_only += [
        k for k, v in board.notes.items() if v.gm_only or (v.hex and fogged(board, [v.hex]))
    ]
    for annotation_id in gm_only:
        board = board.without_annotation(annotation_id)
    for token in list(board.tokens.values()):
        shown = replace(token, vitals=_shared_vitals(token), notes="")  # notes: the GM's
        shown = replace(shown, conditions=_without_sources(token.conditions))
        if shown != token:
            board = board.with_token_replaced(shown)
    return _fog_terrain(_shown_pictures(board))


def _shared_vitals(token: Token) -> Vitals:
    """What players see of a token's vitals: its Pools (each maximum worked out, so the
    bars stay right) if the GM shares the bars — not its stats, wounds or Severe
    Threshold — else nothing."""
    vitals = token.vitals
    if not vitals.bars_for_players:
        return Vitals()
    maximum = tuple((p, token.maximum_of(p).value) for p in POOLS)
    return Vitals(maximum=maximum, current=vitals.current, bars_for_players=True)


def _without_sources(entries: tuple[ConditionEntry, ...]) -> tuple[ConditionEntry, ...]:
    """Each condition once, its Tiers added, without the GM's free-text sources."""
    names = dict.fromkeys(e.name for e in entries)
    return tuple(ConditionEntry(name, tier_of(entries, name)) for name in names)


def _shown_pictures(board: Board) -> Board:
    """Only the pictures a remaining token or the background shows (a hidden creature's
    picture would give it away)."""
    used = {t.image for t in board.tokens.values()}
    if board.background is not None:
        used.add(board.background.image)
    if set(board.images) <= used:
        return board
    return board._evolve(images={k: v for k, v in board.images.items() if k in used})


def _fog_terrain(board: Board) -> Board:
    fog = board.layer("fog")
    if not fog.any():
        return board
    blank = blank_layers(board.width, board.height)
    for name in LAYER_SPECS:
        if name == "fog":
            continue
        layer = board.layer(name)
        if layer[fog].any() or name == "softness":
            board = board.with_layer(name, np.where(fog, blank[name], layer))
    return board


def revealed_around(board: Board, radius: int, sides: Iterable[str] = ("party",)) -> Board:
    """``board`` with the fog lifted within ``radius`` spaces of every token of ``sides``
    (the "reveal around the party" option); hidden tokens reveal nothing."""
    seen: set[Hex] = set()
    for token in board.tokens.values():
        if token.side in set(sides) and not token.hidden:
            for h in token.footprint:
                seen |= disk(h, radius)
    hexes = [h for h in seen if board.contains(h)]
    if not hexes:
        return board
    return board.with_terrain("fog", hexes, False)
