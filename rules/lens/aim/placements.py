"""Counting every placement at once, best aim's fast half (:mod:`rules.lens.aim`).

**How it is fast.** A shape is the same set of offsets from every origin (before walls and
the map's edge), one set per (kind, value, facing). So a creature's hexes minus a facing's
offsets are every origin whose shape holds it; counting those (numpy, for every enemy and
every ally) scores every placement at once — exact when no wall lies in the shape. Walls
only ever cut spaces away: a Cone or Burst whose shape holds a wall covers the spaces its
origin has a clear line to (:func:`~rules.battlefield.line_of_effect.stop_at_walls`), so
the clear lines from each creature's space to the origins around it
(:func:`~rules.battlefield.line_of_effect.clear_lines`, once per space) make those counts
exact too; a Line's counts stay upper bounds (it stops at its first wall).

The counts order the exact check (:mod:`rules.lens.aim.exact`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

import numpy as np

from rules.areas import AreaKind, burst, cone, line
from rules.battlefield.line_of_effect import clear_lines
from rules.battlefield.targeting import origin_mask
from rules.board.grid import Board, cells_of
from rules.board.tokens import Token
from rules.hexes import Hex, disk_offsets, distances_to
from rules.lens.aim.state import BoolArray, IntArray, Key, Search, Sight, pack, unpack

__all__ = [
    "WALL_CHECK_LIMIT",
    "Placements",
    "allowed_origins",
    "distance_to_nearest",
    "hex_array",
    "mask_at",
    "score_placements",
    "shape_offsets",
    "sight_of",
    "within",
]


@lru_cache(maxsize=256)
def shape_offsets(kind: AreaKind, value: int, facing: int) -> IntArray:
    """The ``(n, 2)`` offsets ``(dq, dr)`` of a ``kind`` ``value`` shape from an origin at
    ``Hex(0, 0)`` (:mod:`rules.areas`), read-only: a shape from origin ``o`` is ``o`` plus
    these (before walls and the map's edge)."""
    zero = Hex(0, 0)
    if kind is AreaKind.LINE:
        hexes = line(zero, facing, value)
    elif kind is AreaKind.CONE:
        hexes = cone(zero, facing, value)
    else:
        hexes = burst(zero, value)
    offsets = np.array(sorted((h.q, h.r) for h in hexes), dtype=np.int64).reshape(-1, 2)
    offsets.flags.writeable = False
    return offsets


Offsets = Sequence[tuple[int, IntArray]]


def hex_array(hexes: frozenset[Hex] | Sequence[Hex]) -> IntArray:
    """The ``(n, 2)`` array of the ``(q, r)`` of ``hexes``."""
    return np.array([(h.q, h.r) for h in hexes], dtype=np.int64).reshape(-1, 2)


def _keys(hexes: IntArray, offsets: Offsets) -> IntArray:
    """The placements whose shape holds one of ``hexes``: each hex minus each offset."""
    parts = [
        pack(
            f,
            (hexes[:, None, 0] - o[None, :, 0]).ravel(),
            (hexes[:, None, 1] - o[None, :, 1]).ravel(),
        )
        for f, o in offsets
    ]
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


def _covering(
    tokens: Sequence[Token], offsets: Offsets, sight: Sight | None = None
) -> list[IntArray]:
    """For each token, the placements whose shape holds one of its spaces, each once (the
    one-space tokens together: a hex minus distinct offsets gives distinct origins); with
    ``sight``, only from origins with a clear line to that space."""
    if sight is not None:
        return [_seen(tokens, offsets, sight)]
    singles = [t.position for t in tokens if len(t.footprint) == 1]
    parts = [_keys(hex_array(singles), offsets)] if singles else []
    parts += [
        np.unique(_keys(hex_array(t.footprint), offsets)) for t in tokens if len(t.footprint) > 1
    ]
    return parts


def _seen(tokens: Sequence[Token], offsets: Offsets, sight: Sight) -> IntArray:
    """The placements whose origin sees a space of a token in their shape, once per token."""
    spaces = [(i, h) for i, t in enumerate(tokens) for h in t.footprint]
    owner = np.array([i for i, _ in spaces], dtype=np.int64)
    where = np.array([sight.index[h] for _, h in spaces], dtype=np.int64)
    hexes = hex_array([h for _, h in spaces])
    keys = _keys(hexes, offsets)
    which = np.concatenate([np.repeat(np.arange(len(hexes)), len(o)) for _, o in offsets])
    _, q, r = unpack(keys)
    seen = np.isin(pack(0, q, r) * len(sight.index) + where[which], sight.pairs)
    keys, owner = keys[seen], owner[which[seen]]
    order = np.lexsort((owner, keys))
    keys, owner = keys[order], owner[order]
    first = np.ones(len(keys), dtype=bool)
    first[1:] = (keys[1:] != keys[:-1]) | (owner[1:] != owner[:-1])
    kept: IntArray = keys[first]
    return kept


def _tally(parts: list[IntArray]) -> tuple[IntArray, IntArray]:
    """Every placement some part holds, and in how many parts (tokens) it is."""
    if not parts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    keys, counts = np.unique(np.concatenate(parts), return_counts=True)
    return keys, counts.astype(np.int64)


def _lookup(keys: IntArray, table: tuple[IntArray, IntArray]) -> IntArray:
    """The count of each of ``keys`` in ``table`` (0 when absent)."""
    known, counts = table
    if not len(known):
        return np.zeros(keys.shape, np.int64)
    at = np.minimum(np.searchsorted(known, keys), len(known) - 1)
    found: IntArray = np.where(known[at] == keys, counts[at], 0)
    return found


def _caster_keys(search: Search, offsets: Offsets, sight: Sight | None) -> IntArray:
    """The placements that would hit the caster, less those it may choose to be unaffected
    by: a Burst whose origin it occupies, with ``exclude_caster`` [S000]."""
    keys = np.unique(np.concatenate(_covering([search.caster], offsets, sight)))
    if not search.exclude:
        return keys
    _, q, r = unpack(keys)
    inside = np.isin(pack(0, q, r), pack(0, *hex_array(search.caster.footprint).T))
    kept: IntArray = keys[~inside]
    return kept


def distance_to_nearest(q: IntArray, r: IntArray, hexes: frozenset[Hex]) -> IntArray:
    """Hex distance from each ``(q, r)`` to the nearest of ``hexes``."""
    nearest: IntArray = np.min(np.stack([distances_to(q, r, h) for h in hexes]), axis=0)
    return nearest


def within(points: IntArray, near: IntArray, radius: int) -> BoolArray:
    """Which ``points`` lie within ``radius`` of one of ``near``."""
    if not len(points) or not len(near):
        return np.zeros(len(points), dtype=bool)
    dq = points[:, None, 0] - near[None, :, 0]
    dr = points[:, None, 1] - near[None, :, 1]
    far = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    close: BoolArray = far.min(axis=1) <= radius
    return close


WALL_CHECK_LIMIT = 4_000_000
"""The most (placement, shape space) pairs looked up for walls; beyond, every placement's
counts are taken as upper bounds (still exact: only more of them are checked one by one)."""


def _walled(board: Board, blocked: BoolArray, keys: IntArray, offsets: Offsets) -> BoolArray | None:
    """Whether a wall lies in each placement's shape, on the map (``None``: too many to
    look up, see :data:`WALL_CHECK_LIMIT`)."""
    size = max((len(o) for _, o in offsets), default=0)
    if not blocked.any():
        return np.zeros(keys.shape, dtype=bool)
    if len(keys) * size > WALL_CHECK_LIMIT:
        return None
    facing, q, r = unpack(keys)
    walled = np.zeros(keys.shape, dtype=bool)
    for f, o in offsets:
        pick = facing == f
        sq = (q[pick, None] + o[None, :, 0]).ravel()
        sr = (r[pick, None] + o[None, :, 1]).ravel()
        walled[pick] = mask_at(board, blocked, sq, sr).reshape(-1, len(o)).any(axis=1)
    return walled


def allowed_origins(search: Search) -> BoolArray:
    """A ``(height, width)`` mask of the open spaces an origin may be in: not a wall, and
    within range (:func:`rules.battlefield.targeting.origin_mask`) unless placed freely."""
    open_: BoolArray = ~search.blocked
    if search.range_value is None:
        return open_
    mask = origin_mask(search.board, search.caster.id, search.kind, search.range_value, search.opts)
    allowed: BoolArray = open_ & mask
    return allowed


def mask_at(board: Board, mask: BoolArray, q: IntArray, r: IntArray) -> BoolArray:
    """The ``(height, width)`` ``mask`` at each hex ``(q, r)``; False off the map."""
    col, row = cells_of(q, r, board.orientation)
    inside = (col >= 0) & (col < board.width) & (row >= 0) & (row < board.height)
    found = np.zeros(q.shape, dtype=bool)
    found[inside] = mask[row[inside], col[inside]]
    return found


def sight_of(search: Search, allowed: BoolArray) -> Sight | None:
    """Which allowed origins have a clear line to each space of an enemy or ally, for a
    Cone or Burst: :func:`~rules.battlefield.line_of_effect.stop_at_walls` covers a space
    of a shape holding a wall when :func:`clear_lines` from the origin reaches it, and a
    clear line is the same both ways (it tries both tie-breaks; a line's points from the
    other end with the other tie-break are the same points). ``None`` for a Line (it
    stops at the first wall on it), without walls or with the option off."""
    board = search.board
    if search.kind is AreaKind.LINE or not search.opts.areas_stop_at_walls:
        return None
    if not search.blocked.any():
        return None
    around = disk_offsets(search.value)
    index = {h: i for i, h in enumerate(search.who)}
    pairs = []
    for h, i in index.items():
        col, row = board.cell_of(h)
        q, r = h.q + around[:, 0], h.r + around[:, 1]
        keep = mask_at(board, allowed, q, r) & (not search.blocked[row, col])
        q, r = q[keep], r[keep]  # a wall space is never covered
        if len(q):
            clear = clear_lines(board, h, (q, r))
            pairs.append(pack(0, q[clear], r[clear]) * len(index) + i)
    found = np.sort(np.concatenate(pairs)) if pairs else np.zeros(0, np.int64)
    return Sight(MappingProxyType(index), found)


@dataclass(frozen=True)
class Placements:
    """The placements (origin ``q``, ``r``, ``facing``) in range that may hit an enemy:
    how many enemies and allies they hit (upper bounds where ``loose``), and the origin's
    distance from the caster; parallel arrays."""

    q: IntArray
    r: IntArray
    facing: IntArray
    enemies: IntArray
    allies: IntArray
    loose: BoolArray
    distance: IntArray
    considered: int

    def in_bound_order(self) -> Iterator[tuple[Key, Hex, int]]:
        """Each placement with the best key it could have, best first: a loose one may
        lose enemies and allies to walls, so it is sorted as if it hit no ally."""
        allies = np.where(self.loose, 0, self.allies)
        columns = (-self.enemies, allies, self.distance, self.q, self.r, self.facing)
        order = np.lexsort(columns[::-1])
        rows = zip(*(c[order].tolist() for c in columns), strict=True)
        for e, a, d, q, r, f in rows:
            yield (e, a, d, q, r, f, 0), Hex(q, r), f


def _counts(
    search: Search, offsets: Offsets, keys: IntArray, sight: Sight | None
) -> tuple[IntArray, IntArray]:
    """How many enemies and allies each placement's shape holds (seen from its origin
    with ``sight``)."""
    enemies = _lookup(keys, _tally(_covering(search.enemies, offsets, sight)))
    ally_parts = [*_covering(search.allies, offsets, sight), _caster_keys(search, offsets, sight)]
    return enemies, _lookup(keys, _tally(ally_parts))


def score_placements(search: Search, allowed: BoolArray) -> Placements:
    """Score every placement in range at once (see the module docs): exactly, but for a
    Line whose shape holds a wall, or past :data:`WALL_CHECK_LIMIT` (``loose``: the
    counts are upper bounds)."""
    offsets = [(f, shape_offsets(search.kind, search.value, f)) for f in search.facings]
    keys, _ = _tally(_covering(search.enemies, offsets))
    facing, q, r = unpack(keys)
    keys = keys[mask_at(search.board, allowed, q, r)]
    hit, allies = _counts(search, offsets, keys, None)
    loose = np.zeros(keys.shape, dtype=bool)
    if search.opts.areas_stop_at_walls:
        walled = _walled(search.board, search.blocked, keys, offsets)
        loose = np.ones(keys.shape, dtype=bool) if walled is None else walled
        if walled is not None and search.sight is not None:
            # a walled Cone or Burst covers the spaces its origin sees
            seen_hit, seen_allies = _counts(search, offsets, keys, search.sight)
            hit, allies = np.where(walled, seen_hit, hit), np.where(walled, seen_allies, allies)
            loose = np.zeros(keys.shape, dtype=bool)
    keep = hit > 0
    facing, q, r = unpack(keys[keep])
    distance = distance_to_nearest(q, r, search.caster.footprint)
    considered = int(allowed.sum()) * len(offsets)
    return Placements(q, r, facing, hit[keep], allies[keep], loose[keep], distance, considered)
