"""The movement field: the cheapest Movement cost from a token to every place it can reach.

Same costs as :func:`rules.movement.costs.step_cost` (tests compare every step of random
maps), computed for a whole neighbourhood at once with numpy, then searched with
``scipy.sparse.csgraph.dijkstra`` — the well-kept C implementation of the algorithm the
field needs (benchmark ``movement_vs_scipy_*`` in tests/bench/run.py compares it with
scipy on a prebuilt graph of the whole map).

Nothing map-sized is built, and nothing terrain or tokens decide is cached: every step
costs at least 1, so a field of budget ``B`` only needs the anchors within ``B`` spaces of
the token, and only that window's terrain is read. Editing terrain therefore never
invalidates anything; the next field simply reads the new layers (benchmark
``terrain_edit_then_field``). What is cached depends on shapes and on the mover alone,
read-only: per window shape, the graph's structure (CSR ``indices`` and ``indptr``: six
edges per anchor, in :data:`~rules.hexes.DIRECTIONS` order) and where its cells lie in
the map's arrays; per mover's step terms and elevation span, the table of step weights.

How a field is built: the window's layers are read once (through the cached cell pattern
when the window lies on the map). Each hex gets a *class* — its base cost, whether
entering it climbs, whether it is land, or refused — folded with its elevation into a
*key* ``class × (2 span + 1) + span + elevation``. A step from ``src`` into ``dst`` then
weighs ``table[key[dst] - elevation[src]]``, the table holding ``_part``'s cost for every
class and rise: per edge one subtraction and one lookup, written in the graph's edge
order as the float64 data scipy takes without a copy. Other tokens then refuse or charge
the few steps into or out of their spaces, at the anchors within the budget only (the
others are out of reach whatever they cost). Edges leaving the window loop back to their
anchor: Dijkstra never follows a loop, so what they weigh does not matter.

Nodes are *anchors*: a multi-space token moves as a whole footprint, and the cost of a
step is that of its hardest part (see :mod:`rules.movement.costs`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from rules.battlefield.occupancy import entry_and_crowding
from rules.board.grid import Board
from rules.board.offsets import cell_to_hex, cells_of, hex_to_cell
from rules.board.tokens import TokenKind
from rules.hexes import DIRECTIONS, Hex
from rules.layout import Orientation
from rules.movement.costs import (
    BURROWABLE,
    PACKED,
    MoverProfile,
    mover_profile,
)
from rules.options import RuleOptions

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

__all__ = ["MovementField", "movement_field"]

IntArray = npt.NDArray[Any]  # int16 / int32 keys, int32 / intp indices, or bool masks
FloatArray = npt.NDArray[np.float64]
INF = 1 << 20  # a refused step: far beyond any budget
# Edge weights are cost × STEP_SCALE + 1: the search finds the cheapest cost, and among
# equally cheap paths the one with the fewest steps (the straightest, fewest chances to
# be Hindered). Costs are read back as ``dist // STEP_SCALE``.
STEP_SCALE = 1024
REFUSED = float(INF * STEP_SCALE + 1)  # the weight of a refused step: beyond any limit
_BLOCK_EDGES = 1 << 16  # edges whose weights are looked up at once (512 KB of indices)


@dataclass(frozen=True, eq=False)
class MovementField:
    """Cheapest costs (in Movement cost units) from ``start`` to every anchor within
    ``budget``; ``dist[i, j]`` is for anchor ``Hex(q0 + j, r0 + i)`` (``inf`` beyond)."""

    token_id: str
    start: Hex
    budget: int
    q0: int
    r0: int
    dist: npt.NDArray[np.float64]
    predecessors: npt.NDArray[np.int32]
    offsets: tuple[Hex, ...] = field(repr=False)

    def _index(self, anchor: Hex) -> int | None:
        """The flat index of ``anchor`` in ``dist``, or None outside the window."""
        i, j = anchor.r - self.r0, anchor.q - self.q0
        n_rows, n_cols = self.dist.shape
        if 0 <= i < n_rows and 0 <= j < n_cols:
            return int(i * n_cols + j)
        return None

    def _anchor(self, index: int) -> Hex:
        """The anchor at flat index ``index`` of ``dist``."""
        i, j = divmod(index, self.dist.shape[1])
        return Hex(self.q0 + j, self.r0 + i)

    def cost_to(self, anchor: Hex) -> int | None:
        """The cheapest cost to put the token's anchor on ``anchor``, or None."""
        index = self._index(anchor)
        if index is None:
            return None
        value = float(self.dist.flat[index])
        return int(value) if np.isfinite(value) else None

    def path_to(self, anchor: Hex) -> list[Hex] | None:
        """The anchors of a cheapest path from the start to ``anchor`` (both included)."""
        index = self._index(anchor)
        if index is None or not np.isfinite(self.dist.flat[index]):
            return None
        path = [index]
        while path[-1] != self._index(self.start):
            path.append(int(self.predecessors.flat[path[-1]]))
        return [self._anchor(i) for i in reversed(path)]

    def reachable(self) -> dict[Hex, int]:
        """Every anchor within the budget and its cost."""
        rows, cols = np.nonzero(np.isfinite(self.dist))
        costs = self.dist[rows, cols].astype(np.int64)
        return {
            Hex(self.q0 + int(c), self.r0 + int(r)): int(v)
            for r, c, v in zip(rows, cols, costs, strict=True)
        }

    def spaces(self, limit: int | None = None) -> dict[Hex, int]:
        """Every space the token's body can cover within the budget (or ``limit``), at
        its cheapest."""
        best: dict[Hex, int] = {}
        for anchor, cost in self.reachable().items():
            if limit is not None and cost > limit:
                continue
            for off in self.offsets:
                h = anchor + off
                if cost < best.get(h, INF):
                    best[h] = cost
        return best


@lru_cache(maxsize=16)
def _map_bounds(width: int, height: int, orientation: Orientation) -> tuple[int, int, int, int]:
    """The axial ``(q_min, q_max, r_min, r_max)`` of a ``width × height`` map (cached)."""
    cols = {0, min(1, width - 1), max(0, width - 2), width - 1}
    rows = {0, min(1, height - 1), max(0, height - 2), height - 1}
    hexes = [cell_to_hex(c, r, orientation) for c in cols for r in rows]
    qs, rs = [h.q for h in hexes], [h.r for h in hexes]
    return min(qs), max(qs), min(rs), max(rs)


@dataclass(frozen=True)
class _Window:
    """What a body part meets entering each hex around the anchors, ``[r, q]``-indexed
    with a one-hex border: a step from ``src`` into ``dst`` weighs
    ``table[key[dst] - elevation[src]]`` (``table[key[dst]]`` where rising is free).
    Built once per field; the six directions then only shift it."""

    # class × (2 span + 1) + span + elevation, span = highest − lowest elevation; class 0
    # is refused. int16 when that is small enough (half the bytes to write and read).
    key: IntArray
    elevation: IntArray | None  # None: rising is free (flying, burrowing)
    table: FloatArray  # edge weight by class and rise (_weight_table)


@lru_cache(maxsize=16)
def _cell_pattern(
    orientation: Orientation, width: int, n_r: int, n_q: int, parity: int
) -> IntArray:
    """Flat cell index (``row * width + col``) of each hex of an ``n_r × n_q`` window,
    relative to its corner's, for a window lying on the map whose corner row (pointy) or
    column (flat) has ``parity``. Depends only on the window's shape: cached."""
    i = np.arange(n_r, dtype=np.intp)[:, None]
    j = np.arange(n_q, dtype=np.intp)[None, :]
    if orientation is Orientation.POINTY:  # odd-r: col = q + (r - (r & 1)) // 2
        shift = (parity + i - ((parity + i) & 1)) // 2 - (parity - (parity & 1)) // 2
        pattern: IntArray = i * width + j + shift
    else:  # odd-q: row = r + (q - (q & 1)) // 2
        shift = (parity + j - ((parity + j) & 1)) // 2 - (parity - (parity & 1)) // 2
        pattern = (i + shift) * width + j
    pattern.flags.writeable = False
    return pattern


def _read_layers(
    board: Board, q0: int, r0: int, n_q: int, n_r: int, names: tuple[str, ...]
) -> tuple[dict[str, IntArray], IntArray | None]:
    """Layers ``names`` over the ``n_r × n_q`` hexes from ``Hex(q0, r0)`` (off the map:
    any value), and the mask of those on the map (None: all are)."""
    if board.contains(Hex(q0, r0)) and board.contains(Hex(q0 + n_q - 1, r0 + n_r - 1)):
        # A cell's row (pointy) or column (flat) grows with r (q), and its column (row)
        # with q (r) at a fixed r (q): with both corners on the map, the whole window is.
        col, row = hex_to_cell(Hex(q0, r0), board.orientation)
        pointy = board.orientation is Orientation.POINTY
        parity = (r0 if pointy else q0) & 1
        pattern = _cell_pattern(board.orientation, board.width, n_r, n_q, parity)
        start = row * board.width + col
        return {name: board.layer(name).ravel()[start:].take(pattern) for name in names}, None
    qs = np.arange(q0, q0 + n_q, dtype=np.int64)[None, :]
    rs = np.arange(r0, r0 + n_r, dtype=np.int64)[:, None]
    cols, rows = cells_of(qs, rs, board.orientation)
    on_map = (cols >= 0) & (cols < board.width) & (rows >= 0) & (rows < board.height)
    flat = np.where(on_map, rows * board.width + cols, 0)
    return {name: board.layer(name).ravel().take(flat) for name in names}, on_map


def _read_window(profile: MoverProfile, board: Board, corner: Hex, n_q: int, n_r: int) -> _Window:
    """The window of ``n_r × n_q`` hexes from ``corner``: each hex's class (which base
    cost, whether entering it climbs, whether it is land) and elevation. Reads only the
    layers the mover's mode needs."""
    mode = profile.mode
    creature = profile.token.kind is TokenKind.CREATURE
    names = {
        "fly": ("elevation",),
        "burrow": ("ground", "water_depth"),
        "ground": ("elevation", "steep", "water_depth"),
    }.get(mode, ("elevation", "steep"))
    lay, on_map = _read_layers(board, corner.q, corner.r, n_q, n_r, names + ("blocked",) * creature)
    bad: IntArray | None = None if on_map is None else ~on_map
    if creature:
        bad = _refuse(bad, lay["blocked"])
    per = sum(c.amount for c in profile.per_space)
    if mode == "fly":
        bad = _refuse(bad, lay["elevation"] > profile.height)  # level flight: no higher ground
        if profile.load == 2:
            bad[...] = True  # over double its Bulk Limit it falls: no flying at all
        return _finished(profile, (1 + _extra(profile, "fly") + per,), None, None, False, bad, None)
    if mode == "burrow":
        ground = lay["ground"]
        bad = _refuse(bad, ~np.isin(ground, [int(k) for k in BURROWABLE]))
        bad |= lay["water_depth"] > 0
        dig = 1 + _extra(profile, "burrow") + per
        return _finished(profile, (dig, dig + 1), ground == int(PACKED), None, False, bad, None)
    swim_ok = profile.posture == "standing" and profile.token.motion.pace != "run"
    swim = 1 + _extra(profile, "swim") + per if swim_ok else INF
    values = (1 + _extra(profile, "land") + per, swim)
    steep = lay["steep"]
    if mode != "ground":  # nothing is swum; climbing climbs everywhere
        climbs = np.ones(steep.shape, dtype=bool) if mode == "climb" else steep
        return _finished(profile, values, None, climbs, True, bad, lay["elevation"])
    swims = lay["water_depth"] > 0
    land = ~swims
    return _finished(profile, values, swims, steep & land, land, bad, lay["elevation"])


def _refuse(bad: IntArray | None, more: IntArray) -> IntArray:
    """``bad | more``, reusing ``more`` when nothing was refused yet."""
    return more if bad is None else np.logical_or(bad, more, out=bad)


def _finished(
    profile: MoverProfile,
    values: tuple[int, ...],
    pick: IntArray | None,
    climbs: IntArray | None,
    land: IntArray | bool,
    bad: IntArray | None,
    elevation: IntArray | None,
) -> _Window:
    """The window from each hex's class — base cost ``values[pick]`` (None: the first),
    ``climbs`` (None: nowhere), ``land`` (a bool: everywhere or nowhere) — refused where
    ``bad`` (None: nowhere), and its ``elevation`` (None: rising is free)."""
    shape = next(a.shape for a in (pick, climbs, bad, elevation) if a is not None)
    low = high = 0
    if elevation is not None:
        low, high = int(elevation.min()), int(elevation.max())
    span = high - low
    width = 2 * span + 1
    # key - elevation[src] = class × width + span + rise: an index into the table.
    top = 4 * len(values) * width + span + high
    dtype = np.int16 if top < 1 << 15 and span + low >= -(1 << 15) else np.int32
    if isinstance(land, np.ndarray):  # the class: 1 + land + 2 climbs + 4 pick
        code = np.add(land, 1, dtype=dtype)
    else:
        code = np.full(shape, 2 if land else 1, dtype=dtype)
    if climbs is not None:
        code += climbs
        code += climbs
    if pick is not None:
        code += np.multiply(pick, 4, dtype=dtype)
    if bad is not None:
        np.putmask(code, bad, 0)
    code *= dtype(width)
    if elevation is not None:
        code += elevation
        code += dtype(span)
    climb = sum(c.amount for c in profile.climb_extra)
    rising = profile.options.rising_cost == "all" and span > 0
    table = _weight_table(values, climb, rising, bool(profile.climb_refusal), span)
    return _Window(code, elevation, table)


@lru_cache(maxsize=64)
def _weight_table(
    values: tuple[int, ...], climb: int, rising: bool, no_climbing: bool, span: int
) -> FloatArray:
    """Vectorised ``_part`` for every class of hex and every rise ``-span..span``: the
    edge weight (``cost × STEP_SCALE + 1``; ``INF × STEP_SCALE + 1`` refused) at
    ``class × (2 span + 1) + span + rise``. Class 0 is refused; class ``1 + 4 pick + 2
    climbs + land`` pays ``values[pick]`` a space, climbs into it if ``climbs``, and counts
    rising and cliffs if ``land``. Depends only on the mover and the span: cached."""
    code = np.arange(4 * len(values), dtype=np.int64)[:, None]  # class - 1
    base = np.array(values, dtype=np.int64)[code // 4]
    climbs, land = (code // 2) % 2 == 1, code % 2 == 1
    rise = np.arange(-span, span + 1, dtype=np.int64)[None, :]
    height = np.abs(rise)
    climbing = climbs | ((height >= 2) & land)
    per_space = base + climbing * climb
    if rising:
        per_space += (rise > 0) & land
    # A climbing step moves max(1, |Δ elevation|) spaces; any other step one.
    cost = per_space * np.maximum(height * climbing, 1)
    if no_climbing:  # fewer than 2 Free Limbs: no climbing at all [S001]
        cost[climbing] = INF
    cost[np.broadcast_to(base >= INF, cost.shape)] = INF  # no movement type for it
    refused = np.full((1, 2 * span + 1), INF, dtype=np.int64)
    table = np.vstack([refused, cost]).ravel() * float(STEP_SCALE) + 1.0
    table.flags.writeable = False
    return table


def _extra(profile: MoverProfile, kind: str) -> int:
    """What movement type ``kind`` adds a space (INF: the mover lacks it)."""
    extra = profile.type_extra(kind)
    return INF if extra is None else extra


def _window_bounds(board: Board, start: Hex, budget: int) -> tuple[int, int, int, int]:
    """``(q_lo, r_lo, n_q, n_r)``: the anchors within ``budget`` steps of ``start`` along
    each axis, cut to the map's bounds."""
    q_min, q_max, r_min, r_max = _map_bounds(board.width, board.height, board.orientation)
    q_lo, q_hi = max(start.q - budget, q_min), min(start.q + budget, q_max)
    r_lo, r_hi = max(start.r - budget, r_min), min(start.r + budget, r_max)
    return q_lo, r_lo, q_hi - q_lo + 1, r_hi - r_lo + 1


def _step_weights(
    profile: MoverProfile, board: Board, anchors: tuple[int, int, int, int]
) -> FloatArray:
    """``(n_r, n_q, 6)`` edge weight (``cost × STEP_SCALE + 1``, see :data:`STEP_SCALE`;
    ``INF × STEP_SCALE + 1`` refused) of each anchor's step along each direction, in the
    graph's edge order: that of its hardest body part. A step out of the window weighs
    what entering the border hex would: the graph loops such edges back, and Dijkstra
    never follows a loop."""
    q_lo, r_lo, n_q, n_r = anchors
    offsets = [o for o in profile.token.footprint_offsets if o != Hex(0, 0)]
    m = max((max(abs(o.q), abs(o.r)) for o in offsets), default=0)
    corner = Hex(q_lo - m - 1, r_lo - m - 1)
    win = _read_window(profile, board, corner, n_q + 2 * m + 2, n_r + 2 * m + 2)
    p_q = n_q + 2 * m  # the hexes any body part steps from: the anchors, m more each side
    weights = np.empty((n_r, n_q, 6), dtype=np.float64)
    # Block by block of rows: a block's table indices stay in the cache between being
    # computed and being looked up, and no other window-sized array is made (freeing a few
    # of those per call can make malloc hand the memory back to the system every time).
    rows = max(1, _BLOCK_EDGES // (6 * p_q))
    index = np.empty((min(rows, n_r) + 2 * m, p_q, 6), dtype=np.intp)
    parts = np.empty(index.shape, dtype=np.float64) if m else None
    for top in range(0, n_r, rows):
        end = min(top + rows, n_r)
        block = _part_indices(win, top, end + 2 * m, index)
        if parts is None:  # one body part: its weights are the anchor's
            win.table.take(block, out=weights[top:end], mode="clip")  # in range: no copy
            continue
        part = parts[: len(block)]
        win.table.take(block, out=part, mode="clip")
        worst = weights[top:end]
        worst[...] = part[m : m + end - top, m : m + n_q]
        for o in offsets:
            hardest = part[m + o.r : m + o.r + end - top, m + o.q : m + o.q + n_q]
            np.maximum(worst, hardest, out=worst)
    return weights


def _part_indices(win: _Window, top: int, end: int, index: IntArray) -> IntArray:
    """The table index of each step from the part hexes of rows ``top..end`` (the window
    without its border), in the first rows of ``index``."""
    block = index[: end - top]
    width = block.shape[1]
    src = None if win.elevation is None else win.elevation[1 + top : 1 + end, 1 : width + 1]
    for k, d in enumerate(DIRECTIONS):
        dst = win.key[1 + d.r + top : 1 + d.r + end, 1 + d.q : width + 1 + d.q]
        if src is None:
            block[:, :, k] = dst
        else:
            np.subtract(dst, src, out=block[:, :, k])
    return block


def _touching_anchors(
    board: Board, profile: MoverProfile, anchors: tuple[int, int, int, int], budget: int
) -> set[Hex]:
    """Anchors in the window within ``budget`` steps of the token where its footprint
    would share a space with another token. Farther anchors cost more than ``budget`` to
    reach whatever their occupants say: their steps never matter."""
    q_lo, r_lo, n_q, n_r = anchors
    me, start = profile.token.id, profile.token.position
    offsets = [(o.q, o.r) for o in profile.token.footprint_offsets]
    oqs, ors = [q for q, _ in offsets], [r for _, r in offsets]
    # The spaces a body part can fill with its anchor in the window.
    q_min, q_max = q_lo + min(oqs), q_lo + n_q - 1 + max(oqs)
    r_min, r_max = r_lo + min(ors), r_lo + n_r - 1 + max(ors)
    found: set[Hex] = set()
    for h, tokens in board.occupied_spaces().items():
        if not (q_min <= h.q <= q_max and r_min <= h.r <= r_max):
            continue
        if all(t.id == me for t in tokens):
            continue
        for oq, o_r in offsets:
            aq, ar = h.q - oq, h.r - o_r  # the anchor
            dq, dr = aq - start.q, ar - start.r
            if (
                max(abs(dq), abs(dr), abs(dq + dr)) <= budget  # its distance
                and 0 <= aq - q_lo < n_q
                and 0 <= ar - r_lo < n_r
            ):
                found.add(Hex(aq, ar))
    return found


def _apply_occupants(
    board: Board,
    profile: MoverProfile,
    weights: FloatArray,
    anchors: tuple[int, int, int, int],
    budget: int,
) -> None:
    """Refuse steps into positions it may not enter (D12) and add Crowded (D2, D3): the
    same verdicts as ``entry_check`` and ``crowded``, without their explanations; at the
    anchors within ``budget`` (the others are out of reach anyway)."""
    q_lo, r_lo, _n_q, _n_r = anchors
    n_r, n_q, _ = weights.shape
    mover, opts = profile.token, profile.options
    charge_start = opts.crowded_spaces == "sum"
    for a in _touching_anchors(board, profile, anchors, budget):
        i, j = a.r - r_lo, a.q - q_lo
        allowed, extra = entry_and_crowding(board, mover, a, opts, profile.winged)
        if allowed and not extra:
            continue
        if charge_start and extra:
            weights[i, j, :] += extra * STEP_SCALE
        for k, d in enumerate(DIRECTIONS):
            pi, pj = i - d.r, j - d.q
            if 0 <= pi < n_r and 0 <= pj < n_q:
                if not allowed:
                    weights[pi, pj, k] = REFUSED
                elif not charge_start:
                    weights[pi, pj, k] += extra * STEP_SCALE


@lru_cache(maxsize=16)
def _edges(n_r: int, n_q: int) -> tuple[IntArray, IntArray]:
    """The CSR ``indices`` and ``indptr`` of an ``n_r × n_q`` anchor window: six edges per
    anchor in :data:`DIRECTIONS` order, those leaving the window looping back to it (a
    loop is never followed, whatever it weighs). Depends only on the window's shape:
    cached, read-only."""
    index = np.arange(n_r * n_q, dtype=np.int32).reshape(n_r, n_q)
    targets = np.empty((n_r, n_q, 6), dtype=np.int32)
    for k, d in enumerate(DIRECTIONS):
        rows = np.arange(n_r)[:, None] + d.r
        cols = np.arange(n_q)[None, :] + d.q
        inside = (rows >= 0) & (rows < n_r) & (cols >= 0) & (cols < n_q)
        targets[:, :, k] = np.where(inside, rows * n_q + cols, index)
    indptr = np.arange(0, 6 * n_r * n_q + 1, 6, dtype=np.int32)
    for array in (targets, indptr):
        array.flags.writeable = False
    return targets.ravel(), indptr


def _graph(weights: FloatArray) -> csr_matrix:
    """The anchors' graph with edge weights ``weights`` (float64 and contiguous, so
    neither csr_matrix nor dijkstra copies them)."""
    from scipy.sparse import csr_matrix  # scipy loads on the first field, not at start-up

    n_r, n_q, _ = weights.shape
    targets, indptr = _edges(n_r, n_q)
    return csr_matrix((weights.reshape(-1), targets, indptr), shape=(n_r * n_q, n_r * n_q))


def movement_field(
    board: Board,
    token_id: str,
    budget: int,
    options: RuleOptions | None = None,
    *,
    profile: MoverProfile | None = None,
) -> MovementField:
    """The cheapest cost from ``token_id``'s position to every anchor within ``budget``
    cost units (Movement left × the pace's spaces per Movement; see
    :func:`rules.movement.budget_of`)."""
    if budget < 0:
        raise ValueError(f"a movement budget cannot be negative, got {budget}")
    prof = profile or mover_profile(board, token_id, options)
    start = prof.token.position
    anchors = _window_bounds(board, start, budget)
    q_lo, r_lo, n_q, _n_r = anchors
    weights = _step_weights(prof, board, anchors)
    _apply_occupants(board, prof, weights, anchors, budget)
    from scipy.sparse.csgraph import dijkstra

    source = (start.r - r_lo) * n_q + (start.q - q_lo)
    dists, preds = dijkstra(
        _graph(weights),
        indices=np.array([source]),
        limit=budget * STEP_SCALE + STEP_SCALE - 1,
        return_predecessors=True,
    )
    dist, pred = dists[0], preds[0]
    dist *= 1 / STEP_SCALE  # exact: a power of two
    np.floor(dist, out=dist)
    shape = weights.shape[:2]
    return MovementField(
        token_id,
        start,
        budget,
        q_lo,
        r_lo,
        dist.reshape(shape),
        pred.reshape(shape),
        prof.token.footprint_offsets,
    )
