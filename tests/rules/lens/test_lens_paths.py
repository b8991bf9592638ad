"""The safest-path lens (issue #19, :mod:`rules.lens.paths`): beside the cheapest path to a
space, the one that passes the fewest creatures that may Hinder the movement.

Seed 002: "Before a creature in your Reach would move, attack to prevent the movement,
DL 3. … If multiple attackers Hinder Movement on the same movement, the creature rolls
this defense only once" — so a creature counts once, and only before a step (the space a
move ends on never counts).

Maps are drawn as ASCII hex rows (odd rows shifted right, one cell per token): ``#`` a wall,
``.`` open ground, a capital letter a marked space. A brute-force search over every
simple path within the budget (costed by ``step_cost``, scored by ``hinder_chances``) is
the oracle for "fewest, then cheapest".
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError, UnknownTokenError
from rules.hexes import DIRECTIONS, Hex, distance
from rules.lens import PathChoice, SafestPath, safest_path
from rules.lens.paths import _reach_zone
from rules.lens.sides import allies_of
from rules.movement import (
    budget_of,
    hinder_chances,
    movement_field,
    mover_profile,
    plan_move,
    plan_path,
    step_cost,
)
from rules.options import RuleOptions

HINDER = (
    "[S002] 'Before a creature in your Reach would move, attack to prevent the movement … "
    "If multiple attackers Hinder Movement on the same movement, the creature rolls this "
    "defense only once'"
)


def drawn(text: str) -> tuple[Board, dict[str, Hex]]:
    """A board from ASCII rows, and the hexes of its marked spaces."""
    rows = [line.split() for line in text.strip("\n").splitlines()]
    board = Board.blank(max(len(r) for r in rows), len(rows))
    walls, marks = [], {}
    for row, cells in enumerate(rows):
        for col, mark in enumerate(cells):
            h = board.hex_at(col, row)
            if mark == "#":
                walls.append(h)
            elif mark != ".":
                marks[mark] = h
    return board.with_terrain("blocked", walls, True), marks


def mira(at: Hex, pool: int = 12, **kw: object) -> Token:
    return Token("m", "Mira", at, side="party", movement_pool=pool, **kw)  # type: ignore[arg-type]


def goblin(tid: str, name: str, at: Hex, **kw: object) -> Token:
    kw.setdefault("size", -1)
    return Token(tid, name, at, side="enemy", **kw)  # type: ignore[arg-type]


# A one-space corridor from M to X; Goblin 1 stands in a niche above its middle (Reach 1:
# the corridor's spaces under it are in its Reach). The way round by the bottom row is 3
# spaces longer and out of its Reach.
CORRIDOR = """
# # # # # # # # #
 # # # G # # # # #
M . . . . . . . X
 . # # # # # # # .
. . . . . . . . .
"""

# The same with two goblins: round Goblin 1 costs 1 more, round both 3 more.
TWO_GOBLINS = """
# # # # # # # # # # #
 # # G # # # # H # # #
M . . . . . . . . . X
 . . . . # # # # # # .
. . . . . . . . . . .
"""

OPEN = """
. . . . . . . . . .
 . . . . . . . . . .
. . . . G . . . . .
 M . . . . . . . X .
. . . . . . . . . .
 . . . . . . . . . .
"""


def corridor(pool: int = 12) -> tuple[Board, dict[str, Hex]]:
    board, at = drawn(CORRIDOR)
    board = board.with_token(mira(at["M"], pool)).with_token(goblin("g", "Goblin 1", at["G"]))
    return board, at


def two_goblins(pool: int) -> tuple[Board, dict[str, Hex]]:
    board, at = drawn(TWO_GOBLINS)
    board = board.with_token(mira(at["M"], pool)).with_token(goblin("g", "Goblin 1", at["G"]))
    return board.with_token(goblin("h", "Goblin 2", at["H"])), at


# -- the oracle -----------------------------------------------------------------------------
def brute_force(
    board: Board, token_id: str, goal: Hex, *, count_allies: bool = False
) -> tuple[int, int] | None:
    """The fewest creatures that may Hinder, then the least cost, over every simple path of
    anchors within the budget (a loop only adds cost and places to be Hindered from)."""
    token = board.token(token_id)
    budget, profile = budget_of(token), mover_profile(board, token_id)
    ignored = set() if count_allies else {t.id for t in allies_of(board, token_id)}
    steps: dict[tuple[Hex, Hex], int | None] = {}

    def step(a: Hex, b: Hex) -> int | None:
        if (a, b) not in steps:
            inside = all(board.contains(h) for h in token.footprint_at(b))
            cost = step_cost(board, token_id, a, b, profile) if inside else None
            steps[a, b] = cost.cost if cost is not None and cost.allowed else None
        return steps[a, b]

    best: list[tuple[int, int]] = []

    def walk(path: list[Hex], cost: int) -> None:
        if path[-1] == goal:
            chances = hinder_chances(board, token_id, path)
            who = {c.hinderer_id for c in chances if c.allowed and c.hinderer_id not in ignored}
            best.append((len(who), cost))
            return
        for d in DIRECTIONS:
            b = path[-1] + d
            c = None if b in path else step(path[-1], b)
            if c is not None and cost + c + distance(b, goal) <= budget:
                walk([*path, b], cost + c)

    walk([token.position], 0)
    return min(best) if best else None


def assert_real(board: Board, result: SafestPath) -> None:
    """Both paths are the movement rules' own: ``plan_path`` accepts them at the cost,
    Movement and Hinder chances the result states, within the budget."""
    assert result.cheapest is not None and result.safest is not None
    token = board.token(result.token_id)
    for choice in (result.cheapest, result.safest):
        plan = plan_path(board, result.token_id, choice.path)
        assert plan.allowed, plan.refusal
        assert (plan.cost, plan.paid, plan.hinder) == (choice.cost, choice.paid, choice.chances)
        assert choice.path[0] == token.position and choice.path[-1] == result.goal
        assert all(distance(a, b) == 1 for a, b in pairwise(choice.path))
        assert choice.cost <= result.budget == budget_of(token)
    assert result.cheapest.cost <= result.safest.cost
    assert result.safest.hinder_count <= result.cheapest.hinder_count
    field = movement_field(board, result.token_id, result.budget)
    assert result.cheapest.cost == field.cost_to(result.goal)


# -- hand-built boards ----------------------------------------------------------------------
def test_the_corridor_past_a_goblin_and_the_way_round() -> None:
    board, at = corridor()
    result = safest_path(board, "m", at["X"])
    assert result.describe() == (
        "cheapest: 8 spaces, 8 Movement, 1 Hinder chance (Goblin 1)",
        "safest: 11 spaces, 11 Movement, no Hinder chances",
    ), HINDER
    assert not result.same_path and result.found and result.notes == ()
    assert "range_elevation" in " ".join(result.options_used)
    assert result.cheapest is not None and result.safest is not None
    assert result.cheapest.reasons() == (
        "Goblin 1 may Hinder Movement before step 4 (DL 3, size -1) [S002]",
    )
    assert result.safest.path[1] == at["M"] + DIRECTIONS[5]  # down, round the bottom
    assert_real(board, result)
    assert brute_force(board, "m", at["X"]) == (0, 11)


def test_nobody_near_the_cheapest_and_the_safest_are_one_path() -> None:
    board, at = drawn(OPEN)
    board = board.with_token(mira(at["M"]))
    result = safest_path(board, "m", at["X"])
    assert result.same_path and result.notes == ()
    assert result.describe() == (
        "cheapest: 8 spaces, 8 Movement, no Hinder chances",
        "safest: the same path",
    )
    assert_real(board, result)


def test_the_safe_way_is_too_long_for_this_turn_the_cheapest_is_kept_and_explained() -> None:
    board, at = corridor(pool=10)  # the way round costs 11
    result = safest_path(board, "m", at["X"])
    assert result.same_path
    assert result.notes == (
        "avoiding Goblin 1 as well would cost 11, more than the 10 Mira can pay this turn",
    )
    assert_real(board, result)


@pytest.mark.parametrize(
    ("pool", "safest", "notes"),
    [
        pytest.param(
            11,
            "safest: 11 spaces, 11 Movement, 1 Hinder chance (Goblin 2)",
            ("avoiding Goblin 2 as well would cost 13, more than the 11 Mira can pay this turn",),
            id="round Goblin 1 only: the best within 11",
        ),
        pytest.param(
            13, "safest: 13 spaces, 13 Movement, no Hinder chances", (), id="round both at 13"
        ),
    ],
)
def test_the_best_within_this_turns_budget(pool: int, safest: str, notes: tuple[str]) -> None:
    board, at = two_goblins(pool)
    result = safest_path(board, "m", at["X"])
    assert result.describe() == (
        "cheapest: 10 spaces, 10 Movement, 2 Hinder chances (Goblin 1, Goblin 2)",
        safest,
        *notes,
    )
    assert_real(board, result)
    assert result.safest is not None
    assert brute_force(board, "m", at["X"]) == (result.safest.hinder_count, result.safest.cost)


def test_a_multi_space_creature_goes_round_with_its_whole_body() -> None:
    # A size-3 bison fills two spaces; the Ogre (size 1, Reach 2) stands two rows above
    # its straight way. Overpower against a mover 2 sizes larger: −2 [S002].
    board, at = drawn(OPEN)
    bison = Token("m", "Bison", at["M"], size=3, side="party", movement_pool=12)
    board = board.with_token(bison).with_token(goblin("o", "Ogre", at["G"], size=1))
    result = safest_path(board, "m", at["X"])
    assert result.describe() == (
        "cheapest: 8 spaces, 8 Movement, 1 Hinder chance (Ogre)",
        "safest: 10 spaces, 10 Movement, no Hinder chances",
    )
    assert result.cheapest is not None and result.safest is not None
    assert "size -2" in result.cheapest.reasons()[0]
    assert_real(board, result)
    assert brute_force(board, "m", at["X"]) == (0, 10)
    ogre = board.token("o")
    for anchor in result.safest.path[:-1]:  # no part of the body in the Ogre's Reach
        assert not any(distance(h, ogre.position) <= 2 for h in bison.footprint_at(anchor))


def _far(board: Board, at: dict[str, Hex]) -> tuple[Board, Hex]:
    return board.with_token_replaced(mira(at["M"], pool=5)), at["X"]


def _full(board: Board, at: dict[str, Hex]) -> tuple[Board, Hex]:
    return board.with_token(goblin("b", "Bison", at["X"], size=2)), at["X"]  # fills it (D12)


UNREACHABLE = [
    pytest.param(lambda b, at: (b, Hex(1, 0)), "(1, 0) is a wall: it fills the space", id="wall"),
    pytest.param(lambda b, at: (b, Hex(40, 40)), "(40, 40) is off the map", id="off the map"),
    pytest.param(_far, "(7, 2) is beyond the 5 Movement Mira has left", id="too far"),
    pytest.param(
        _full,
        "(7, 2) holds 4 of 4 units; Mira adds 1, more than fully occupied [S000]",
        id="a full space",
    ),
]


@pytest.mark.parametrize(("case", "expected"), UNREACHABLE)
def test_a_goal_out_of_reach_gets_the_movement_rules_refusal(
    case: Callable[[Board, dict[str, Hex]], tuple[Board, Hex]], expected: str
) -> None:
    board, at = drawn(CORRIDOR)
    board, target = case(board.with_token(mira(at["M"])), at)
    result = safest_path(board, "m", target)
    assert plan_move(board, "m", target).refusal == expected  # the movement rules' words
    assert (result.reason, result.cheapest, result.safest) == (expected, None, None)
    assert not result.found and not result.same_path
    assert result.describe() == (f"No path to ({target.q}, {target.r}): {expected}",)


def test_a_hinderer_beside_the_start_cannot_be_avoided() -> None:
    board, at = drawn(OPEN)
    board = board.with_token(mira(at["M"])).with_token(
        goblin("g", "Goblin 1", at["M"] + Hex(1, -1))
    )
    result = safest_path(board, "m", at["X"])
    assert result.same_path
    assert result.safest is not None and result.safest.hinder_count == 1
    assert result.notes == (
        "Goblin 1 has Mira in its Reach where it stands: it may Hinder any move [S002]",
    )
    assert_real(board, result)


def test_an_ally_is_listed_but_not_counted_unless_asked() -> None:
    board, at = corridor()
    board = board.with_token_replaced(Token("g", "Goblin 1", at["G"], size=-1, side="ally"))
    result = safest_path(board, "m", at["X"])
    assert result.same_path and result.cheapest is not None
    assert result.cheapest.hinder_count == 0 and len(result.cheapest.chances) == 1
    assert result.cheapest.reasons()[0].endswith("— an ally: not counted")
    counted = safest_path(board, "m", at["X"], count_allies=True)
    assert counted.cheapest is not None and counted.cheapest.hinder_count == 1
    assert counted.safest is not None and counted.safest.hinder_count == 0


def test_a_creature_that_cannot_overpower_the_mover_is_not_avoided() -> None:
    # Bison size 3 against a goblin size −1: 4 sizes larger, Overpower is impossible [S002].
    board, at = drawn(OPEN)
    bison = Token("m", "Bison", at["M"], size=3, side="party", movement_pool=12)
    board = board.with_token(bison).with_token(goblin("g", "Goblin 1", at["G"]))
    result = safest_path(board, "m", at["X"])
    assert result.same_path and result.cheapest is not None
    assert result.cheapest.hinder_count == 0
    assert "impossible" in result.cheapest.reasons()[0]


def test_dash_pays_half_the_cost_in_movement() -> None:
    board, at = drawn(OPEN)
    board = board.with_token(mira(at["M"], 9, motion=Motion(pace="dash")))
    board = board.with_token(goblin("g", "Goblin 1", at["G"]))
    result = safest_path(board, "m", at["X"])
    assert result.describe() == (
        "cheapest: 8 spaces, 4 Movement (cost 8), 1 Hinder chance (Goblin 1)",
        "safest: 9 spaces, 5 Movement (cost 9), no Hinder chances",
    )
    assert_real(board, result)


def test_the_goal_is_where_it_stands() -> None:
    board, at = corridor()
    result = safest_path(board, "m", at["M"])
    assert result.same_path and result.cheapest is not None
    assert (result.cheapest.spaces, result.cheapest.cost, result.cheapest.chances) == (0, 0, ())


def test_a_goal_every_way_into_passes_the_goblin() -> None:
    board, at = corridor()
    result = safest_path(board, "m", at["G"])  # its own space: every way in is in its Reach
    assert result.same_path
    assert result.notes == ("every way to (3, 1) within cost 24 passes Goblin 1's Reach",)


def test_a_bounded_search_says_so_and_stays_real() -> None:
    board, at = two_goblins(13)
    result = safest_path(board, "m", at["X"], exact_limit=0)
    assert any("bounded search" in note for note in result.notes)
    assert_real(board, result)
    assert result.safest is not None and result.safest.hinder_count == 0  # greedy finds it


def test_the_query_changes_nothing_and_its_results_are_frozen() -> None:
    board, at = two_goblins(11)
    before = board
    result = safest_path(board, "m", at["X"])
    assert board == before and board.layer("blocked").sum() == before.layer("blocked").sum()
    with pytest.raises(FrozenInstanceError):
        result.reason = "x"  # type: ignore[misc]
    assert result.cheapest is not None
    with pytest.raises(FrozenInstanceError):
        result.cheapest.cost = 0  # type: ignore[misc]
    assert isinstance(result.cheapest, PathChoice)
    assert all(isinstance(v, tuple) for v in (result.notes, result.cheapest.path))


def test_bad_input_raises() -> None:
    board, at = corridor()
    with pytest.raises(UnknownTokenError):
        safest_path(board, "nobody", at["X"])
    crate = Token("c", "Crate", at["X"], kind=TokenKind.OBJECT)
    with pytest.raises(RulesError, match="Crate is an object"):
        safest_path(board.with_token(crate), "c", at["M"])
    with pytest.raises(ValueError, match="a Hex"):
        safest_path(board, "m", (1, 2))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exact_limit"):
        safest_path(board, "m", at["X"], exact_limit=11)


# -- properties -----------------------------------------------------------------------------
SETTINGS = settings(
    max_examples=int(os.environ.get("LENS_EXAMPLES", 60)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SIDES = ["enemy", "enemy", "neutral", "ally", "party"]


@dataclass(frozen=True)
class Scene:
    board: Board
    goal: Hex


def _near(draw: st.DrawFn, cells: list[Hex], around: Hex, radius: int) -> Hex:
    """A cell within ``radius`` of ``around`` (any cell when none is)."""
    close = [c for c in cells if distance(c, around) <= radius]
    return draw(st.sampled_from(close or cells))


@st.composite
def scenes(draw: st.DrawFn, max_pool: int = 7) -> Scene:
    """A 6×6 to 8×8 board with up to ~15 % walls, a mover of size 0 or 3 (two spaces) with a
    Movement Pool of 2..``max_pool``, a goal mostly within that many spaces of it, and 0–4
    other creatures of sizes −2..2 (any side) near the way between them."""
    w, h = draw(st.integers(6, 8)), draw(st.integers(6, 8))
    board = Board.blank(w, h)
    cells = [board.hex_at(c, r) for r in range(h) for c in range(w)]
    size, pool = draw(st.sampled_from([0, 0, 3])), draw(st.integers(2, max_pool))
    starts = [c for c in cells if all(board.contains(x) for x in (c, c + Hex(1, 0)))]
    mover = Token(
        "m", "Mover", draw(st.sampled_from(starts)), size, side="party", movement_pool=pool
    )
    goal = _near(draw, cells, mover.position, pool)
    walls = draw(st.lists(st.sampled_from(cells), max_size=len(cells) // 6))
    board = board.with_terrain("blocked", [x for x in walls if x not in mover.footprint], True)
    board = board.with_token(mover)
    middle = Hex((mover.position.q + goal.q) // 2, (mover.position.r + goal.r) // 2)
    for i in range(draw(st.integers(0, 4))):
        at = _near(draw, cells, middle, 3)
        side, other = draw(st.sampled_from(SIDES)), draw(st.integers(-2, 2))
        board = board.with_token(Token(f"o{i}", f"Other {i}", at, size=other, side=side))
    return Scene(board, goal)


@SETTINGS
@given(scenes(), st.sampled_from([5, 0, 1]))
def test_property_the_safest_is_real_never_worse_and_within_budget(
    scene: Scene, exact_limit: int
) -> None:
    # Also when the exhaustive part of the search is bounded (greedy beyond it).
    before = scene.board
    result = safest_path(scene.board, "m", scene.goal, exact_limit=exact_limit)
    assert scene.board == before
    plan = plan_move(scene.board, "m", scene.goal)
    if not plan.allowed:
        assert (result.reason, result.cheapest, result.safest) == (plan.refusal, None, None)
        return
    assert result.found
    assert_real(scene.board, result)


@SETTINGS
@given(scenes(max_pool=6))
def test_property_the_safest_is_the_fewest_then_the_cheapest(scene: Scene) -> None:
    result = safest_path(scene.board, "m", scene.goal)
    best = brute_force(scene.board, "m", scene.goal)
    if result.safest is None:
        assert best is None
        return
    assert best == (result.safest.hinder_count, result.safest.cost)


@SETTINGS
@given(scenes(), st.data())
def test_property_the_reach_zone_is_hinder_movements_own(scene: Scene, data: st.DataObject) -> None:
    # Where the mover stands before a step, who has it in Reach: the lens's zones agree with
    # hinder_chances for every creature at every anchor sampled.
    board, opts = scene.board, RuleOptions.of(scene.board.options)
    mover = board.token("m")
    cells = frozenset(board.hex_at(c, r) for r in range(board.height) for c in range(board.width))
    zones = {
        t.id: _reach_zone(board, t, mover, cells, opts)
        for t in board.tokens.values()
        if t.id != "m" and t.kind is TokenKind.CREATURE
    }
    inside = sorted(a for a in cells if mover.footprint_at(a) <= cells)
    for anchor in data.draw(st.lists(st.sampled_from(inside), min_size=1, max_size=8)):
        listed = {c.hinderer_id for c in hinder_chances(board, "m", [anchor, anchor])}
        ours = {i for i, zone in zones.items() if zone & mover.footprint_at(anchor)}
        assert ours == listed
