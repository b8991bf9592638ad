"""The movement field: the cheapest Movement cost from a token to every place it can reach.

Same costs as :func:`rules.movement.costs.step_cost` (tests compare every step of random
maps), computed for a whole neighbourhood at once with numpy, then searched with
``scipy.sparse.csgraph.dijkstra`` — the well-kept C implementation of the algorithm the
field needs (benchmark ``movement_vs_scipy_*`` in tests/bench/run.py compares it with
scipy on a prebuilt graph of the whole map).

Nothing map-sized is built or cached: every step costs at least 1, so a field of budget
``B`` only needs the anchors within ``B`` spaces of the token, and only that window's
terrain is read. Editing terrain therefore never invalidates anything; the next field
simply reads the new layers (benchmark ``terrain_edit_then_field``).

Nodes are *anchors*: a multi-space token moves as a whole footprint, and the cost of a
step is that of its hardest part (see :mod:`rules.movement.costs`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from rules.battlefield.occupancy import entry_and_crowding
from rules.board.grid import Board
from rules.board.offsets import cell_to_hex, cells_of
from rules.board.tokens import TokenKind
from rules.hexes import DIRECTIONS, Hex
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

IntArray = npt.NDArray[Any]  # int64 costs, or bool masks mixed into them
INF = 1 << 20  # a refused step: far beyond any budget
# Edge weights are cost × STEP_SCALE + 1: the search finds the cheapest cost, and among
# equally cheap paths the one with the fewest steps (the straightest, fewest chances to
# be Hindered). Costs are read back as ``dist // STEP_SCALE``.
STEP_SCALE = 1024


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
        i, j = anchor.r - self.r0, anchor.q - self.q0
        n_rows, n_cols = self.dist.shape
        if 0 <= i < n_rows and 0 <= j < n_cols:
            return int(i * n_cols + j)
        return None

    def _anchor(self, index: int) -> Hex:
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


def _map_bounds(board: Board) -> tuple[int, int, int, int]:
    cols = {0, min(1, board.width - 1), max(0, board.width - 2), board.width - 1}
    rows = {0, min(1, board.height - 1), max(0, board.height - 2), board.height - 1}
    hexes = [cell_to_hex(c, r, board.orientation) for c in cols for r in rows]
    qs, rs = [h.q for h in hexes], [h.r for h in hexes]
    return min(qs), max(qs), min(rs), max(rs)


@dataclass(frozen=True)
class _Window:
    """What a body part pays to enter each hex around the anchors, before the terms that
    depend on where it comes from (rising, climbing a cliff). ``[r, q]``-indexed, with a
    one-hex border. Built once per field; the six directions then only shift it."""

    elevation: IntArray
    base: IntArray  # the cost of one space entering this hex
    bad: IntArray  # refused: off the map, a wall, no movement type for it
    climbs: IntArray  # steep (or the mover is climbing), not swum: entering it climbs
    land: IntArray  # not swum: rising and cliffs count


def _read_layers(
    board: Board, q0: int, r0: int, n_q: int, n_r: int, names: tuple[str, ...]
) -> dict[str, IntArray]:
    qs = np.arange(q0, q0 + n_q, dtype=np.int64)[None, :]
    rs = np.arange(r0, r0 + n_r, dtype=np.int64)[:, None]
    cols, rows = cells_of(qs, rs, board.orientation)
    on_map = (cols >= 0) & (cols < board.width) & (rows >= 0) & (rows < board.height)
    flat = np.where(on_map, rows * board.width + cols, 0)
    layers = {name: board.layer(name).ravel().take(flat) for name in names}
    layers["on_map"] = on_map
    return layers


def _read_window(profile: MoverProfile, board: Board, corner: Hex, n_q: int, n_r: int) -> _Window:
    names: tuple[str, ...] = ("elevation", "blocked")
    names += ("water_depth", "ground") if profile.mode == "burrow" else ("water_depth", "steep")
    lay = _read_layers(board, corner.q, corner.r, n_q, n_r, names)
    bad = ~lay["on_map"]
    if profile.token.kind is TokenKind.CREATURE:
        bad |= lay["blocked"]
    per = sum(c.amount for c in profile.per_space)
    no = np.zeros(bad.shape, dtype=bool)
    mode = profile.mode
    if mode == "fly":
        base = np.full(bad.shape, 1 + _extra(profile, "fly") + per, dtype=np.int32)
        bad |= lay["elevation"] > profile.height  # level flight: higher ground is refused
        if profile.load == 2:
            bad |= True  # over double its Bulk Limit it falls: no flying at all
        return _finished(lay["elevation"], base, bad, no, no)
    if mode == "burrow":
        ground = lay["ground"]
        bad |= ~np.isin(ground, [int(k) for k in BURROWABLE]) | (lay["water_depth"] > 0)
        base = 1 + _extra(profile, "burrow") + per + (ground == int(PACKED))
        return _finished(lay["elevation"], base, bad, no, no)
    swims = (lay["water_depth"] > 0) & (mode == "ground")
    swim_ok = profile.posture == "standing" and profile.token.motion.pace != "run"
    swim = 1 + _extra(profile, "swim") + per if swim_ok else INF
    base = np.where(swims, min(swim, INF), min(1 + _extra(profile, "land") + per, INF))
    return _finished(lay["elevation"], base, bad, lay["steep"] | (mode == "climb"), swims)


def _finished(
    elevation: IntArray, base: IntArray, bad: IntArray, climb_here: IntArray, swims: IntArray
) -> _Window:
    """The window, with hexes no movement type can enter refused (so no cost is INF and
    later sums cannot overflow int32)."""
    bad = bad | (base >= INF)
    base = np.where(bad, 1, base).astype(np.int32)
    land = ~swims
    return _Window(elevation.astype(np.int32), base, bad, climb_here & land, land)


def _part_costs(profile: MoverProfile, win: _Window, dq: int, dr: int) -> IntArray:
    """Vectorised ``_part``: the cost for a body part on each inner hex to step
    ``(dq, dr)``; ``INF`` where refused. Inner = the window without its border."""
    n_r, n_q = win.base.shape

    def src(a: IntArray) -> IntArray:
        return a[1 : n_r - 1, 1 : n_q - 1]

    def dst(a: IntArray) -> IntArray:
        return a[1 + dr : n_r - 1 + dr, 1 + dq : n_q - 1 + dq]

    base = dst(win.base)
    bad = dst(win.bad)
    cost: IntArray
    if profile.mode in ("fly", "burrow"):
        cost = base.copy()
    else:
        rise = dst(win.elevation) - src(win.elevation)
        cost = _ground_costs(profile, win, rise, base, dst)
    np.putmask(cost, bad, INF)
    return cost


def _ground_costs(
    profile: MoverProfile,
    win: _Window,
    rise: IntArray,
    base: IntArray,
    dst: Callable[[IntArray], IntArray],
) -> IntArray:
    """Walking, swimming or climbing into each hex (a fresh array)."""
    land = dst(win.land)
    height = np.abs(rise)
    climbing = dst(win.climbs) | ((height >= 2) & land)
    climb = sum(c.amount for c in profile.climb_extra)
    per_space = base + climbing if climb == 1 else base + climbing * climb
    if profile.options.rising_cost == "all":
        per_space += (rise > 0) & land
    # A climbing step moves max(1, |Δ elevation|) spaces; any other step one.
    height *= climbing
    np.maximum(height, 1, out=height)
    per_space *= height
    if profile.climb_refusal:  # fewer than 2 Free Limbs: no climbing at all [S001]
        np.putmask(per_space, climbing, INF)
    return per_space


def _extra(profile: MoverProfile, kind: str) -> int:
    extra = profile.type_extra(kind)
    return INF if extra is None else extra


def _window_bounds(board: Board, start: Hex, budget: int) -> tuple[int, int, int, int]:
    q_min, q_max, r_min, r_max = _map_bounds(board)
    q_lo, q_hi = max(start.q - budget, q_min), min(start.q + budget, q_max)
    r_lo, r_hi = max(start.r - budget, r_min), min(start.r + budget, r_max)
    return q_lo, r_lo, q_hi - q_lo + 1, r_hi - r_lo + 1


def _step_weights(
    profile: MoverProfile, board: Board, anchors: tuple[int, int, int, int]
) -> IntArray:
    """``(n_r, n_q, 6)`` cost of each anchor's step along each direction (INF refused)."""
    q_lo, r_lo, n_q, n_r = anchors
    offsets = profile.token.footprint_offsets
    m = max(max(abs(o.q), abs(o.r)) for o in offsets)
    corner = Hex(q_lo - m - 1, r_lo - m - 1)
    win = _read_window(profile, board, corner, n_q + 2 * m + 2, n_r + 2 * m + 2)
    weights = np.empty((n_r, n_q, 6), dtype=np.float64)
    for k, d in enumerate(DIRECTIONS):
        part = _part_costs(profile, win, d.q, d.r)
        worst = part[m : m + n_r, m : m + n_q]
        for o in (o for o in offsets if o != Hex(0, 0)):
            worst = np.maximum(worst, part[m + o.r : m + o.r + n_r, m + o.q : m + o.q + n_q])
        weights[:, :, k] = worst
    return weights


def _touching_anchors(
    board: Board, profile: MoverProfile, anchors: tuple[int, int, int, int]
) -> set[Hex]:
    """Anchors in the window where the token's footprint would share a space with
    another token."""
    q_lo, r_lo, n_q, n_r = anchors
    found: set[Hex] = set()
    offsets = profile.token.footprint_offsets
    for h, tokens in board.occupied_spaces().items():
        if all(t.id == profile.token.id for t in tokens):
            continue
        for o in offsets:
            a = h - o
            if 0 <= a.r - r_lo < n_r and 0 <= a.q - q_lo < n_q:
                found.add(a)
    return found


def _apply_occupants(
    board: Board, profile: MoverProfile, weights: IntArray, anchors: tuple[int, int, int, int]
) -> None:
    """Refuse steps into positions it may not enter (D12) and add Crowded (D2, D3): the
    same verdicts as ``entry_check`` and ``crowded``, without their explanations."""
    q_lo, r_lo, _n_q, _n_r = anchors
    n_r, n_q, _ = weights.shape
    mover, opts = profile.token, profile.options
    charge_start = opts.crowded_spaces == "sum"
    for a in _touching_anchors(board, profile, anchors):
        i, j = a.r - r_lo, a.q - q_lo
        allowed, extra = entry_and_crowding(board, mover, a, opts, profile.winged)
        refused = not allowed
        if charge_start and extra:
            weights[i, j, :] += extra
        for k, d in enumerate(DIRECTIONS):
            pi, pj = i - d.r, j - d.q
            if 0 <= pi < n_r and 0 <= pj < n_q:
                if refused:
                    weights[pi, pj, k] = INF
                elif extra and not charge_start:
                    weights[pi, pj, k] += extra


@lru_cache(maxsize=16)
def _edges(n_r: int, n_q: int) -> tuple[IntArray, IntArray, IntArray]:
    """The CSR structure of an ``n_r × n_q`` anchor window: six edges per anchor, those
    leaving the window looping back to it; and the mask of those that leave."""
    index = np.arange(n_r * n_q, dtype=np.int32).reshape(n_r, n_q)
    targets = np.empty((n_r, n_q, 6), dtype=np.int32)
    leaves = np.empty((n_r, n_q, 6), dtype=bool)
    for k, d in enumerate(DIRECTIONS):
        rows = np.arange(n_r)[:, None] + d.r
        cols = np.arange(n_q)[None, :] + d.q
        inside = (rows >= 0) & (rows < n_r) & (cols >= 0) & (cols < n_q)
        targets[:, :, k] = np.where(inside, rows * n_q + cols, index)
        leaves[:, :, k] = ~inside
    indptr = np.arange(0, 6 * n_r * n_q + 1, 6, dtype=np.int32)
    for array in (targets, leaves, indptr):
        array.flags.writeable = False
    return targets.ravel(), leaves.ravel(), indptr


def _graph(weights: IntArray) -> csr_matrix:
    """The anchors' graph over ``weights`` (reused in place: edges leaving the window
    get ``INF``, which no budget reaches)."""
    from scipy.sparse import csr_matrix  # scipy loads on the first field, not at start-up

    n_r, n_q, _ = weights.shape
    targets, leaves, indptr = _edges(n_r, n_q)
    data = weights.reshape(-1)
    data[leaves] = INF
    data *= STEP_SCALE
    data += 1
    return csr_matrix((data, targets, indptr), shape=(n_r * n_q, n_r * n_q))


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
    _apply_occupants(board, prof, weights, anchors)
    from scipy.sparse.csgraph import dijkstra

    source = (start.r - r_lo) * n_q + (start.q - q_lo)
    dist, pred = dijkstra(
        _graph(weights),
        indices=np.array([source]),
        limit=budget * STEP_SCALE + STEP_SCALE - 1,
        return_predecessors=True,
    )
    return MovementField(
        token_id,
        start,
        budget,
        q_lo,
        r_lo,
        np.floor(dist[0] / STEP_SCALE).reshape(weights.shape[:2]),
        pred[0].reshape(weights.shape[:2]),
        prof.token.footprint_offsets,
    )
