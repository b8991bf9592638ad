"""What the players may see: a pure function of the board (no Qt).

The GM's board holds tokens hidden from players (and the Areas they cast or carry),
GM-only labels and notes, Pools the GM keeps to themself, and fog of war (layer ``fog``:
spaces the players have not discovered). The player view and ``hexweave export --player``
show :func:`player_board` instead.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

import numpy as np

from rules.board.conditions import ConditionEntry, tier_sums
from rules.board.grid import Board
from rules.board.offsets import cells_of
from rules.board.pools import POOLS, Vitals
from rules.board.terrain import LAYER_SPECS, blank_layers
from rules.board.tokens import Token
from rules.hexes import Hex, disk

__all__ = ["fogged", "fogged_each", "player_board", "revealed_around"]


def fogged(board: Board, hexes: Iterable[Hex]) -> bool:
    """True if every one of ``hexes`` on the map is under fog (none of them seen)."""
    return fogged_each(board, [tuple(hexes)])[0]


def fogged_each(board: Board, groups: Sequence[Collection[Hex]]) -> list[bool]:
    """:func:`fogged` of each group of hexes, all read from the fog layer at once (numpy:
    a long list costs one pass, not a Python lookup per hex)."""
    fog = board.layer("fog")
    if not fog.any():
        return [False] * len(groups)
    which = [i for i, hexes in enumerate(groups) for _ in hexes]
    try:
        qs = np.fromiter((h.q for hexes in groups for h in hexes), np.int64, len(which))
        rs = np.fromiter((h.r for hexes in groups for h in hexes), np.int64, len(which))
    except OverflowError:  # a hex far off any map: only the ones on it count
        on_map = [[h for h in hexes if board.contains(h)] for hexes in groups]
        return fogged_each(board, on_map)
    cols, rows = cells_of(qs, rs, board.orientation)
    inside = (cols >= 0) & (cols < board.width) & (rows >= 0) & (rows < board.height)
    under = np.zeros(len(which), dtype=bool)
    under[inside] = fog[rows[inside], cols[inside]]
    group = np.array(which, dtype=np.int64)
    seen = np.bincount(group[inside], minlength=len(groups))
    covered = np.bincount(group[under], minlength=len(groups))
    return [bool(n) and bool(n == c) for n, c in zip(seen, covered, strict=True)]


def player_board(board: Board) -> Board:
    """``board`` as the players may see it: without the tokens hidden from players or
    wholly under fog (and the notes, Areas, effects and turns that would give them away),
    GM-only labels and notes, anything placed under fog, the Pools the GM did not share,
    the GM's notes on tokens and the pictures of what was removed, and the dice: the roll
    log names hidden creatures and the seed would tell the next faces; fogged spaces keep
    no terrain (open, flat, dry), only the fog itself. Linear in the board's size: each
    kind of thing is removed in one pass."""
    board = board._evolve(rolls=(), dice_seed=0, dice_draws=0)
    shown = [t for t in board.tokens.values() if not t.hidden]
    under = fogged_each(board, [t.footprint for t in shown])
    unseen = {t.id for t in board.tokens.values() if t.hidden}
    unseen |= {t.id for t, dark in zip(shown, under, strict=True) if dark}
    placed = [(k, a) for k, a in board.areas.items() if a.origin]
    under = fogged_each(board, [a.origin for _, a in placed])
    secret = {k for (k, _), dark in zip(placed, under, strict=True) if dark}
    secret |= {k for k, a in board.areas.items() if {a.source, a.caster} & unseen}
    board = board.without_areas(k for k in board.areas if k in secret)
    board = board.without_tokens(unseen)  # their notes, effects and turns go with them
    return _fog_terrain(_shown_pictures(_shown_tokens(_without_gm_only(board))))


def _without_gm_only(board: Board) -> Board:
    """``board`` without GM-only labels and notes, and those placed under fog (each kind
    filtered on its own, so a label never goes for a note of the same id)."""
    labels = {k: v for k, v in board.labels.items() if not v.gm_only}
    notes = {k: n for k, n in board.notes.items() if not n.gm_only}
    dark_labels = fogged_each(board, [[v.position] for v in labels.values()])
    dark_notes = fogged_each(board, [[] if n.hex is None else [n.hex] for n in notes.values()])
    return board._evolve(
        labels={k: v for (k, v), d in zip(labels.items(), dark_labels, strict=True) if not d},
        notes={k: n for (k, n), d in zip(notes.items(), dark_notes, strict=True) if not d},
    )


def _shown_tokens(board: Board) -> Board:
    """``board``'s tokens as players see them: shared Pools only, no GM notes, each
    condition once without its sources."""
    return board._evolve(tokens={key: _shown_token(t) for key, t in board.tokens.items()})


@lru_cache(maxsize=4096)
def _shown_token(token: Token) -> Token:
    """One token as players see it (a token never changes: worked out once, so the
    players' map of 1,000 tokens follows each edit without rebuilding every token)."""
    conditions = _without_sources(token.conditions)
    shown = replace(token, vitals=_shared_vitals(token), notes="", conditions=conditions)
    return token if shown == token else shown


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
    """Each condition once, its Tiers added (never past ``MAX_TIER``: a token's sum is
    kept within it, :class:`~rules.board.tokens.Token`), without the GM's free-text sources."""
    return tuple(ConditionEntry(name, tier) for name, tier in tier_sums(entries).items())


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
    party = set(sides)
    for token in board.tokens.values():
        if token.side in party and not token.hidden:
            for h in token.footprint:
                seen |= disk(h, radius)
    hexes = [h for h in seen if board.contains(h)]
    if not hexes:
        return board
    return board.with_terrain("fog", hexes, False)
