"""Property tests for the movement field on small random boards.

Random boards up to 8×8 with random elevation, steep spaces, water, ground kinds and walls,
0–4 other tokens, and a mover of size 0, 3 or 4 in a random posture, mode, pace and Amble.
The field (:func:`rules.movement.field.movement_field`) must equal a brute-force search that
relaxes :func:`rules.movement.costs.step_cost` until nothing changes; its costs are at least
the hex distance; its paths are contiguous, start at the token, end at the target, never
enter a position :func:`rules.battlefield.occupancy.entry_check` refuses, and cost (by
:func:`rules.movement.plan_path`) exactly what the field says, never more than the budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield.occupancy import entry_check
from rules.board.conditions import set_condition
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.pools import Vitals
from rules.board.terrain import LAYER_SPECS, GroundKind
from rules.board.tokens import Token
from rules.hexes import DIRECTIONS, Hex, distance
from rules.movement.costs import mover_profile, step_cost
from rules.movement.field import MovementField, movement_field
from rules.movement.plan import budget_of, movement_left, pace_factor, plan_move, plan_path

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# Mostly open ground and standing movers with Movement left, so most fields reach far;
# the first choice of each list is where Hypothesis starts and shrinks to.
GROUNDS = [int(GroundKind.OPEN)] * 4 + [int(g) for g in GroundKind]
POSTURES = ["standing", "standing", "standing", "crouching", "prone"]
LEFT = [5, 5, 3, 2, 0]


@dataclass(frozen=True)
class Scene:
    board: Board
    token: Token
    budget: int
    samples: tuple[int, ...]


def _layer(draw: st.DrawFn, name: str, w: int, h: int, values: st.SearchStrategy[int]) -> object:
    cells = draw(st.lists(values, min_size=w * h, max_size=w * h))
    return np.array(cells, dtype=LAYER_SPECS[name].dtype).reshape(h, w)


@st.composite
def scenes(draw: st.DrawFn) -> Scene:
    w, h = draw(st.integers(4, 8)), draw(st.integers(4, 8))
    board = Board.blank(w, h)
    # Each board draws how rough it is; 0 (where Hypothesis starts) is open, flat ground.
    heights = draw(st.sampled_from([[0], [0, 0, 1], [0, 0, 0, 1, 2, 3]]))
    board = board.with_layer("elevation", _layer(draw, "elevation", w, h, st.sampled_from(heights)))
    for name, value in (("steep", True), ("water_depth", 1), ("blocked", True)):
        density = draw(st.integers(0, 3))  # in tenths of the spaces
        cells = st.integers(0, 9).map(lambda v, d=density, x=value: x if v >= 10 - d else 0)
        board = board.with_layer(name, _layer(draw, name, w, h, cells))
    board = board.with_layer("ground", _layer(draw, "ground", w, h, st.sampled_from(GROUNDS)))

    size = draw(st.sampled_from([0, 3, 4]))
    mode = draw(st.sampled_from(["ground", "ground", "fly", "burrow", "climb"]))
    types = ["land", "swim"] + ([mode] if mode in ("fly", "burrow") else [])
    types = draw(st.permutations(types))
    posture = draw(st.sampled_from(POSTURES[:-1] if mode == "fly" else POSTURES))
    conditions: tuple[object, ...] = ()
    if posture != "standing":
        conditions = set_condition((), posture, 1)
    load = draw(st.sampled_from([0, 0, 0, 1, 2]))
    if load:
        conditions = set_condition(conditions, "encumbered", load, "Load")  # type: ignore[arg-type]
    flying = mode == "fly"
    bulk_limit = draw(st.sampled_from([None, 5.0])) if flying else None
    motion = Motion(
        mode=mode,
        altitude=draw(st.integers(0, 2)) if flying else 0,
        pace=draw(st.sampled_from(["walk", "dash", "run"])),
        amble=draw(st.sampled_from([False, False, False, True])),
        winged=draw(st.booleans()),
        bulk=draw(st.sampled_from([0.0, 6.0])) if bulk_limit else 0.0,
        bulk_limit=bulk_limit,
    )
    probe = Token("m", "Mover", Hex(0, 0), size=size)
    middle = board.hex_at(w // 2, h // 2)
    anchors = sorted(
        (a for a in board.hexes() if probe.footprint_at(a) <= set(board.hexes())),
        key=lambda a: (distance(a, middle), a),
    )
    start = draw(st.sampled_from(anchors))
    board = board.with_terrain("blocked", probe.footprint_at(start), False)
    token = Token(
        "m",
        "Mover",
        start,
        size=size,
        movement_types=tuple(types),
        conditions=conditions,  # type: ignore[arg-type]
        motion=motion,
        vitals=Vitals().with_value("current", "movement", draw(st.sampled_from(LEFT))),
    )
    board = board.with_token(token)
    for i in range(draw(st.integers(0, 4))):
        where = draw(st.sampled_from(board.hexes()))
        board = board.with_token(Token(f"o{i}", f"Other {i}", where, size=draw(st.integers(-4, 2))))
    board = board.with_options(
        {
            "crowded_spaces": draw(st.sampled_from(["sum", "highest"])),
            "crowded_effects": draw(st.sampled_from(["flat", "scale"])),
            "encumbered_costs": draw(st.sampled_from(["no_double_count", "stack"])),
        }
    )
    samples = tuple(draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=6)))
    return Scene(board, token, budget_of(token), samples)


def brute_force(scene: Scene) -> dict[Hex, int]:
    """Cheapest costs within the budget: relax every step until nothing changes."""
    board, token = scene.board, scene.token
    profile = mover_profile(board, token.id)
    steps: dict[Hex, list[tuple[Hex, int]]] = {}

    def out_of(a: Hex) -> list[tuple[Hex, int]]:
        if a not in steps:
            found = []
            for d in DIRECTIONS:
                b = Hex(a.q + d.q, a.r + d.r)
                sc = step_cost(board, token.id, a, b, profile)
                if sc.allowed:
                    assert sc.cost >= 1
                    found.append((b, sc.cost))
            steps[a] = found
        return steps[a]

    dist = {token.position: 0}
    changed = True
    while changed:
        changed = False
        for a, cost in list(dist.items()):
            for b, step in out_of(a):
                total = cost + step
                if total <= scene.budget and total < dist.get(b, scene.budget + 1):
                    dist[b] = total
                    changed = True
    return dist


def sampled(field: MovementField, scene: Scene) -> list[Hex]:
    anchors = sorted(field.reachable())
    return [anchors[i % len(anchors)] for i in scene.samples]


@SETTINGS
@given(scenes())
def test_the_field_equals_a_brute_force_search(scene: Scene) -> None:
    field = movement_field(scene.board, "m", scene.budget)
    expected = brute_force(scene)
    assert field.reachable() == expected
    assert field.start == scene.token.position
    for anchor, cost in expected.items():
        assert field.cost_to(anchor) == cost
        assert cost >= distance(scene.token.position, anchor), "each step costs at least 1"
        assert cost <= scene.budget
    # Spaces the body can cover: the cheapest anchor whose footprint covers them.
    covered: dict[Hex, int] = {}
    for anchor, cost in expected.items():
        for h in scene.token.footprint_at(anchor):
            covered[h] = min(cost, covered.get(h, cost))
    assert field.spaces() == covered


@SETTINGS
@given(scenes())
def test_field_paths_are_contiguous_legal_and_cost_what_the_field_says(scene: Scene) -> None:
    board, token = scene.board, scene.token
    field = movement_field(board, "m", scene.budget)
    for target in sampled(field, scene):
        path = field.path_to(target)
        assert path is not None
        assert path[0] == token.position and path[-1] == target
        for a, b in pairwise(path):
            assert distance(a, b) == 1, f"{a} -> {b} is not a step to a neighbour"
        for anchor in path[1:]:
            check = entry_check(board, "m", anchor)
            assert check.allowed, check.reasons
        plan = plan_path(board, "m", path)
        assert plan.allowed, plan.refusal
        assert plan.cost == field.cost_to(target)
        assert plan.cost <= scene.budget
        assert plan.paid <= movement_left(token)
        assert plan.paid == -(-plan.cost // pace_factor(token))


@SETTINGS
@given(scenes(), st.integers(0, 63))
def test_plan_move_agrees_with_the_field(scene: Scene, pick: int) -> None:
    board = scene.board
    field = movement_field(board, "m", scene.budget)
    hexes = board.hexes()
    target = hexes[pick % len(hexes)]
    plan = plan_move(board, "m", target, field=field)
    cost = field.cost_to(target)
    if cost is None:
        assert not plan.allowed and plan.refusal
    else:
        assert plan.allowed, plan.refusal
        assert plan.cost == cost
        assert plan.path[0] == scene.token.position and plan.path[-1] == target
