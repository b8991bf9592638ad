"""The movement field's own behaviour: windows at the map's edge, budgets, the fewest-steps
tie-break, multi-space bodies, terrain edits, pace (seed 001; rules/movement_field.py);
and its machinery: the graph structure and cell patterns cached per window shape, the
step weights read from a table at any elevation. The brute-force comparison on random
maps is in test_movement_properties.py."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from rules import Board, Hex, Motion, Orientation, Token, budget_of, movement_field, plan_move
from rules.board.tokens import TokenKind
from rules.hexes import DIRECTIONS, distance
from rules.movement.costs import mover_profile, step_cost
from rules.movement.field import (
    REFUSED,
    STEP_SCALE,
    _apply_occupants,
    _cell_pattern,
    _edges,
    _read_layers,
    _step_weights,
    _window_bounds,
)


def board_with(*tokens: Token, size: tuple[int, int] = (10, 8)) -> Board:
    board = Board.blank(*size)
    for token in tokens:
        board = board.with_token(token)
    return board


ARIA = Token("aria", "Aria", Hex(3, 3))


def test_budget_zero_reaches_only_where_it_stands() -> None:
    field = movement_field(board_with(ARIA), "aria", 0)
    assert field.reachable() == {Hex(3, 3): 0}
    assert field.path_to(Hex(3, 3)) == [Hex(3, 3)]


def test_on_open_ground_the_cost_is_the_distance() -> None:
    field = movement_field(board_with(ARIA), "aria", 4)
    board = board_with(ARIA)
    for anchor, cost in field.reachable().items():
        assert cost == distance(anchor, ARIA.position)
        assert board.contains(anchor)
    assert len(field.reachable()) == len(
        [h for h in board.hexes() if distance(h, ARIA.position) <= 4]
    )


@pytest.mark.parametrize("orientation", list(Orientation))
def test_a_token_in_a_corner_never_leaves_the_map(orientation: Orientation) -> None:
    board = Board.blank(5, 4, orientation)
    corner = board.hex_at(0, 0)
    board = board.with_token(Token("aria", "Aria", corner))
    field = movement_field(board, "aria", 30)
    assert set(field.reachable()) == set(board.hexes())


def test_among_equally_cheap_paths_the_fewest_steps_win() -> None:
    # Straight east costs 2 (a steep space: Climb) + 1; around it costs 1 + 1 + 1: same
    # total, but the straight path has one step fewer.
    board = board_with(ARIA).with_terrain("steep", [Hex(4, 3)], True)
    plan = plan_move(board, "aria", Hex(5, 3))
    assert plan.cost == 3 and plan.path == (Hex(3, 3), Hex(4, 3), Hex(5, 3))


def test_a_wall_is_walked_around() -> None:
    board = board_with(ARIA).with_terrain("blocked", [Hex(4, 3)], True)
    field = movement_field(board, "aria", 5)
    assert field.cost_to(Hex(4, 3)) is None
    path = field.path_to(Hex(5, 3))
    assert path is not None and Hex(4, 3) not in path and len(path) == 4


def test_a_multi_space_body_moves_whole_and_covers_its_spaces() -> None:
    ogre = Token("ogre", "Stone Giant", Hex(3, 3), size=4)  # a 4-hex diamond
    board = board_with(ogre).with_terrain("blocked", [Hex(6, 3)], True)
    field = movement_field(board, "ogre", 2)
    for anchor in field.reachable():
        assert Hex(6, 3) not in ogre.footprint_at(anchor)
    spaces = field.spaces()
    assert set(spaces) == {h for a in field.reachable() for h in ogre.footprint_at(a)}
    assert spaces[Hex(3, 3)] == 0


def test_editing_terrain_shows_in_the_next_field_with_nothing_to_rebuild() -> None:
    board = board_with(ARIA)
    before = movement_field(board, "aria", 3)
    edited = board.with_terrain("steep", [Hex(4, 3)], True)
    after = movement_field(edited, "aria", 3)
    assert before.cost_to(Hex(4, 3)) == 1 and after.cost_to(Hex(4, 3)) == 2


def test_dash_doubles_and_run_triples_what_the_movement_left_buys() -> None:
    for pace, factor in (("walk", 1), ("dash", 2), ("run", 3)):
        token = replace(ARIA, motion=Motion(pace=pace))
        assert budget_of(token) == 5 * factor
    runner = board_with(replace(ARIA, motion=Motion(pace="run")), size=(30, 8))
    plan = plan_move(runner, "aria", Hex(18, 3))
    assert plan.cost == 15 and plan.paid == 5 and plan.allowed


def test_a_negative_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        movement_field(board_with(ARIA), "aria", -1)


def test_at_dash_a_movement_paid_for_one_step_also_buys_the_next() -> None:
    from rules.movement.plan import plan_path
    from rules.movement.stance import moved_along

    board = board_with(replace(ARIA, motion=Motion(pace="dash")))
    first = plan_path(board, "aria", [Hex(3, 3), Hex(4, 3)])
    assert (first.paid, first.spare_after) == (1, 1)
    aria = moved_along(board.token("aria"), Hex(4, 3), first.paid, first.spare_after)
    assert budget_of(aria) == 4 * 2 + 1
    board = board.with_token_replaced(aria)
    second = plan_path(board, "aria", [Hex(4, 3), Hex(5, 3)])
    assert (second.paid, second.spare, second.spare_after) == (0, 1, 0)


@pytest.mark.parametrize(("n_r", "n_q"), [(1, 1), (1, 4), (3, 2), (5, 5)])
def test_the_cached_graph_structure_equals_one_built_step_by_step(n_r: int, n_q: int) -> None:
    targets, indptr = _edges(n_r, n_q)
    assert _edges(n_r, n_q)[0] is targets  # built once per window shape
    assert not targets.flags.writeable and not indptr.flags.writeable
    assert indptr.tolist() == list(range(0, 6 * n_r * n_q + 1, 6))
    for i in range(n_r):
        for j in range(n_q):
            node = i * n_q + j
            for k, d in enumerate(DIRECTIONS):
                r, q = i + d.r, j + d.q
                inside = 0 <= r < n_r and 0 <= q < n_q
                assert targets[6 * node + k] == (r * n_q + q if inside else node)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_a_window_on_the_map_reads_every_cell_it_covers(orientation: Orientation) -> None:
    rng = np.random.default_rng(7)
    board = Board.blank(11, 9, orientation)
    board = board.with_layer("elevation", rng.integers(-9, 10, (9, 11)).astype(np.int16))
    q_min = min(board.hex_at(c, r).q for c in range(11) for r in range(9))
    r_min = min(board.hex_at(c, r).r for c in range(11) for r in range(9))
    for q0 in range(q_min, q_min + 11):
        for r0 in range(r_min, r_min + 9):
            for n_q, n_r in ((1, 1), (3, 2), (4, 5)):
                layers, on_map = _read_layers(board, q0, r0, n_q, n_r, ("elevation",))
                window = [Hex(q0 + j, r0 + i) for i in range(n_r) for j in range(n_q)]
                inside = [board.contains(h) for h in window]
                if on_map is None:  # read through the cached pattern: all on the map
                    assert all(inside)
                else:
                    assert on_map.ravel().tolist() == inside
                read = layers["elevation"].ravel()
                for h, value, keep in zip(window, read, inside, strict=True):
                    if keep:
                        assert value == board.terrain_at(h).elevation
    assert not _cell_pattern(orientation, 11, 4, 5, 1).flags.writeable


@pytest.mark.parametrize(("low", "high"), [(0, 3), (-5, 5), (990, 999), (-999, -990), (-999, 999)])
@pytest.mark.parametrize("mode", ["ground", "climb", "fly", "burrow"])
def test_every_step_weight_is_its_step_cost_at_any_elevation(
    low: int, high: int, mode: str
) -> None:
    # Spans from 0 to 1998 and elevations far from 0: the table's key fits int16 for the
    # small spans and needs int32 for the widest.
    rng = np.random.default_rng(abs(low) + high)
    w, h = 9, 8
    board = Board.blank(w, h)
    board = board.with_layer("elevation", rng.integers(low, high + 1, (h, w)).astype(np.int16))
    board = board.with_layer("steep", rng.random((h, w)) < 0.2)
    board = board.with_layer("water_depth", (rng.random((h, w)) < 0.2).astype(np.uint8))
    board = board.with_layer("blocked", rng.random((h, w)) < 0.1)
    board = board.with_layer("ground", rng.integers(0, 10, (h, w)).astype(np.uint8))
    start = board.hex_at(4, 4)
    board = board.with_terrain("blocked", [start], False)
    types = ("land", "swim", *((mode,) if mode in ("fly", "burrow") else ()))
    motion = Motion(mode=mode, altitude=1 if mode == "fly" else 0)
    board = board.with_token(Token("m", "M", start, movement_types=types, motion=motion))
    profile = mover_profile(board, "m")
    anchors = _window_bounds(board, start, 30)
    q_lo, r_lo, n_q, n_r = anchors
    weights = _step_weights(profile, board, anchors)
    compared = 0
    for i in range(n_r):
        for j in range(n_q):
            a = Hex(q_lo + j, r_lo + i)
            for k, d in enumerate(DIRECTIONS):
                b = a + d
                if not (board.contains(a) and board.contains(b)):
                    continue
                step = step_cost(board, "m", a, b, profile)
                got = weights[i, j, k]
                if step.allowed:
                    assert got == step.cost * STEP_SCALE + 1, (a, b, step)
                else:
                    assert got >= REFUSED, (a, b, step)
                compared += 1
    assert compared > 200


@pytest.mark.parametrize("crowded", ["sum", "highest"])
@pytest.mark.parametrize(
    "body", [(Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1)), (Hex(0, 0), Hex(-1, 0), Hex(0, -1))]
)
def test_other_tokens_at_the_map_edge_change_only_their_own_steps(
    body: tuple[Hex, ...], crowded: str
) -> None:
    # Every step of every anchor in the window weighs what step_cost says, with others in
    # the map's corners and along its edges, where some anchors touching them lie off the
    # window (they must change no step of another anchor).
    board = Board.blank(7, 6)
    cells = [(0, 0), (6, 0), (0, 5), (6, 5), (3, 0), (0, 3), (6, 2), (3, 5)]
    for i, (col, row) in enumerate(cells):
        board = board.with_token(Token(f"o{i}", "Other", board.hex_at(col, row), size=i % 3))
    mover = Token("m", "M", board.hex_at(3, 2), footprint_override=body)
    board = board.with_token(mover).with_options({"crowded_spaces": crowded})
    profile = mover_profile(board, "m")
    anchors = _window_bounds(board, mover.position, 12)
    q_lo, r_lo, n_q, n_r = anchors
    weights = _step_weights(profile, board, anchors)
    _apply_occupants(board, profile, weights, anchors, 12)
    for i in range(n_r):
        for j in range(n_q):
            a = Hex(q_lo + j, r_lo + i)
            if not all(board.contains(h) for h in mover.footprint_at(a)):
                continue  # no step starts there
            for k, d in enumerate(DIRECTIONS):
                if not (0 <= i + d.r < n_r and 0 <= j + d.q < n_q):
                    continue  # leaves the window: a loop, never followed
                step = step_cost(board, "m", a, a + d, profile)
                got = weights[i, j, k]
                if step.allowed:
                    assert got == step.cost * STEP_SCALE + 1, (a, a + d, step)
                else:
                    assert got >= REFUSED, (a, a + d, step)


def test_tokens_beyond_the_budget_change_nothing() -> None:
    # Their spaces are farther than the budget: the field never asks about them.
    board = board_with(ARIA, size=(20, 8))
    crowd = board
    for i, col in enumerate(range(12, 20)):
        crowd = crowd.with_token(Token(f"c{i}", "Crowd", crowd.hex_at(col, 3), size=2))
    near, far = movement_field(board, "aria", 6), movement_field(crowd, "aria", 6)
    assert np.array_equal(near.dist, far.dist)
    assert np.array_equal(near.predecessors, far.predecessors)


def test_an_object_ignores_walls_a_creature_walks_around() -> None:
    crate = Token("crate", "Crate", Hex(3, 3), kind=TokenKind.OBJECT)
    board = board_with(crate).with_terrain("blocked", [Hex(4, 3)], True)
    assert movement_field(board, "crate", 3).cost_to(Hex(4, 3)) == 1
    walker = board_with(ARIA).with_terrain("blocked", [Hex(4, 3)], True)
    assert movement_field(walker, "aria", 3).cost_to(Hex(4, 3)) is None
