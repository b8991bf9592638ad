"""Benchmark: the movement field against scipy's Dijkstra on a prebuilt graph of the map.

:func:`rules.movement.field` builds a graph of only the window within ``budget`` of the
token on every call, then searches it with ``scipy.sparse.csgraph.dijkstra``. The baseline,
measured in the same run, is that same Dijkstra on a CSR graph of the *whole* map built
once beforehand (one node per map hex, edges to the six neighbours on the map, with the
step costs the field uses), as a cache-everything design would do: the budget ``limit``
alone keeps it local. A second figure times a terrain edit followed by a field, against a
field alone, since the field caches nothing a terrain edit could invalidate.

The whole-map graph is made from the field's own helpers (``_step_weights`` and
``_apply_occupants`` over the map's bounds); before timing, both searches must give the
same reachable anchors and costs, and sampled edges must match :func:`rules.step_cost`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from rules import Board, GroundKind, Hex, Token
from rules.board import memo
from rules.board.offsets import cells_of
from rules.hexes import DIRECTIONS
from rules.movement.costs import mover_profile, step_cost
from rules.movement.field import (
    REFUSED,
    STEP_SCALE,
    _apply_occupants,
    _graph,
    _step_weights,
    _window_bounds,
    movement_field,
)

SIZE = 500
BUDGETS = (30, 100)
EDIT_BUDGET = 30
OTHERS = 50
MOVER = "mover"
WHOLE_MAP = 10**6  # a budget whose window is the whole map


def terrain_board(size: int = SIZE, others: int = OTHERS, seed: int = 11) -> Board:
    """A ``size``² map of per-hex random terrain: elevation 0–2, 5 % steep, 5 % water
    (depth 1–3), 3 % walls, random ground kinds; a size-0 creature ``MOVER`` in the middle
    and ``others`` tokens of sizes 0–2 scattered within 50 rows and columns of it."""
    rng = np.random.default_rng(seed)
    shape = (size, size)
    water = rng.random(shape) < 0.05
    land_kinds = [int(k) for k in GroundKind if k is not GroundKind.WATER]
    ground = np.where(water, int(GroundKind.WATER), rng.choice(land_kinds, shape))
    walls = (rng.random(shape) < 0.03) & ~water
    board = Board.blank(size, size)
    board = board.with_layer("ground", ground.astype(np.uint8))
    board = board.with_layer("elevation", rng.integers(0, 3, shape).astype(np.int16))
    board = board.with_layer("water_depth", (water * rng.integers(1, 4, shape)).astype(np.uint8))
    board = board.with_layer("steep", rng.random(shape) < 0.05)
    middle = size // 2
    walls[middle, middle] = False
    board = board.with_layer("blocked", walls)
    board = board.with_token(Token(MOVER, "Mover", board.hex_at(middle, middle)))
    taken = {(middle, middle)}
    while len(taken) <= others:
        col, row = (middle + int(v) for v in rng.integers(-50, 51, 2))
        if (col, row) in taken or walls[row, col]:
            continue
        taken.add((col, row))
        size_ = int(rng.integers(0, 3))
        token = Token(f"t{len(taken)}", f"Token {len(taken)}", board.hex_at(col, row), size_)
        board = board.with_token(token)
    return board


def whole_map_graph(board: Board, token_id: str) -> csr_matrix:
    """One node per map cell (``row * width + col``), an edge to each neighbour on the map
    the token may step to, weighted with the field's own step costs (its edge weights
    ``cost × STEP_SCALE + 1`` read back as costs; refused steps left out)."""
    profile = mover_profile(board, token_id)
    anchors = _window_bounds(board, profile.token.position, WHOLE_MAP)
    q_lo, r_lo, _n_q, _n_r = anchors
    weights = _step_weights(profile, board, anchors)
    _apply_occupants(board, profile, weights, anchors, WHOLE_MAP)
    qs, rs = board.axial_grid()
    width, height = board.width, board.height
    sources, targets, costs = [], [], []
    for k, d in enumerate(DIRECTIONS):
        weight = weights[rs - r_lo, qs - q_lo, k]
        cols, rows = cells_of(qs + d.q, rs + d.r, board.orientation)
        keep = (cols >= 0) & (cols < width) & (rows >= 0) & (rows < height) & (weight < REFUSED)
        sources.append(np.flatnonzero(keep))
        targets.append((rows * width + cols)[keep])
        costs.append((weight[keep] - 1) / STEP_SCALE)  # the field's edge weight → the cost
    n = width * height
    coo = (np.concatenate(costs), (np.concatenate(sources), np.concatenate(targets)))
    return csr_matrix(coo, shape=(n, n))


def scipy_field(
    graph: csr_matrix, board: Board, budget: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int32]]:
    """The baseline: Dijkstra from the mover's cell on the prebuilt whole-map graph."""
    col, row = board.cell_of(board.token(MOVER).position)
    dist, pred = dijkstra(
        graph, indices=[row * board.width + col], limit=budget, return_predecessors=True
    )
    return dist, pred


def scipy_reachable(dist: npt.NDArray[np.float64], board: Board) -> dict[Hex, int]:
    """The baseline's reachable hexes and costs, as :meth:`MovementField.reachable` says them."""
    qs, rs = board.axial_grid()
    found = np.flatnonzero(np.isfinite(dist[0]))
    q, r = qs.ravel()[found], rs.ravel()[found]
    return {Hex(int(a), int(b)): int(c) for a, b, c in zip(q, r, dist[0][found], strict=True)}


def check_edges(board: Board, graph: csr_matrix, budget: int, samples: int = 400) -> int:
    """Random steps within ``budget`` of the mover, and every step into or out of another
    token's hex, cost in the graph what :func:`rules.step_cost` says (absent = refused).
    Returns how many steps were compared."""
    rng = random.Random(5)
    start = board.token(MOVER).position
    profile = mover_profile(board, MOVER)
    steps = [
        (start + Hex(rng.randint(-budget, budget), rng.randint(-budget, budget)), d)
        for d in (DIRECTIONS[rng.randrange(6)] for _ in range(samples))
    ]
    for token in board.tokens.values():
        for h in token.footprint:
            steps += [(h, d) for d in DIRECTIONS] + [(h - d, d) for d in DIRECTIONS]
    compared = 0
    for h, d in steps:
        if not (board.contains(h) and board.contains(h + d)):
            continue
        (c0, r0), (c1, r1) = board.cell_of(h), board.cell_of(h + d)
        got = graph[r0 * board.width + c0, r1 * board.width + c1]
        step = step_cost(board, MOVER, h, h + d, profile)
        want = step.cost if step.allowed else 0
        assert got == want, f"step {h}→{h + d}: graph {got}, step_cost {step}"
        compared += 1
    return compared


def verify(board: Board, graph: csr_matrix) -> None:
    """Both searches give the same reachable anchors and costs for every budget."""
    check_edges(board, graph, max(BUDGETS))
    for budget in BUDGETS:
        ours = movement_field(board, MOVER, budget).reachable()
        theirs = scipy_reachable(scipy_field(graph, board, budget)[0], board)
        assert ours == theirs, f"budget {budget}: {len(ours)} anchors vs scipy {len(theirs)}"


def fresh_field(board: Board, budget: int) -> object:
    """The field of ``MOVER`` as on a board asked about for the first time (a drag's
    press): what :mod:`rules.board.memo` remembers of other calls is forgotten first."""
    memo.forget()
    return movement_field(board, MOVER, budget)


def window_search(board: Board, budget: int) -> Callable[[], object]:
    """The field's own Dijkstra alone: on its window's graph for ``budget``, built once
    beforehand (the floor: what the field would cost if building its costs were free)."""
    profile = mover_profile(board, MOVER)
    start = profile.token.position
    anchors = _window_bounds(board, start, budget)
    q_lo, r_lo, n_q, _n_r = anchors
    weights = _step_weights(profile, board, anchors)
    _apply_occupants(board, profile, weights, anchors, budget)
    window = _graph(weights)
    source = np.array([(start.r - r_lo) * n_q + (start.q - q_lo)])
    limit = budget * STEP_SCALE + STEP_SCALE - 1  # as movement_field searches
    return lambda: dijkstra(window, indices=source, limit=limit, return_predecessors=True)


def field_cases(board: Board, graph: csr_matrix) -> dict[str, Callable[[], object]]:
    """Ours, scipy's and the floor for each budget (names ``field_B``, ``scipy_B`` and
    ``window_B``)."""
    cases: dict[str, Callable[[], object]] = {}
    for budget in BUDGETS:
        cases[f"field_{budget}"] = lambda b=budget: fresh_field(board, b)
        cases[f"scipy_{budget}"] = lambda b=budget: scipy_field(graph, board, b)
        cases[f"window_{budget}"] = window_search(board, budget)
    return cases


def edit_cases(board: Board) -> dict[str, Callable[[], object]]:
    """``edit``: raise or lower one hex two steps from the mover, then a field of budget
    EDIT_BUDGET on the new board; ``alone``: that field on the unedited board."""
    near = board.token(MOVER).position + Hex(2, -1)
    state = {"i": 0}

    def edit_then_field() -> object:
        """The next edit (the hex's elevation cycles 0, 1, 2), then the field."""
        state["i"] += 1
        edited = board.with_terrain("elevation", [near], state["i"] % 3)
        return fresh_field(edited, EDIT_BUDGET)

    return {
        "edit": edit_then_field,
        "alone": lambda: fresh_field(board, EDIT_BUDGET),
    }


def spread(ratios: list[float]) -> str:
    """The lower and upper quartiles of per-round ratios, as ``p25–p75``."""
    low, high = np.percentile(ratios, [25, 75])
    return f"{low:.2f}–{high:.2f}"
