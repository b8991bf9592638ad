"""Acceptance tests for forced movement (being pushed) — from the rules text.

Sources: seed 001 "When a creature or object enters a space other than through its own
movement…" and the Collision bullet "Being moved by an effect…"; seed 000/001 "fully
occupied"; RULES-DIGEST §11a D12, §12 R-FORCED-ENTRY / R-COLLIDE; the pinned facing
contract of DESIGN.md (even facings face an edge). Expected values are worked by hand from
the texts, not taken from ``rules/``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield.occupancy import entry_check
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.movement.forced import forced_move

BLIND = (
    "it counts as Attacking Blind against that space using a weapon 4 sizes larger than the "
    "moving creature or object"
)
NO_PATH = "there is no path of travel possible in the space, collision occurs and it stops"
REMAINING = "Being moved by an effect adds 1 damage for each remaining space"

BOARD = Board.blank(16, 16)
C = BOARD.hex_at(8, 8)
# Edge facings 0, 2, …, 10 point along (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1).
EDGE_STEPS = {
    0: Hex(1, 0),
    2: Hex(1, -1),
    4: Hex(0, -1),
    6: Hex(-1, 0),
    8: Hex(-1, 1),
    10: Hex(0, 1),
}


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def pushed(board: Board = BOARD, size: int = 0) -> Board:
    return board.with_token(Token("p", "Pushed", C, size=size))


@pytest.mark.parametrize(("facing", "step"), sorted(EDGE_STEPS.items()))
def test_push_along_each_edge_facing(facing: int, step: Hex) -> None:
    move = forced_move(pushed(), "p", facing, 3)
    assert [s.anchor for s in move.steps] == [C + step * k for k in (1, 2, 3)]
    assert all(s.outcome == "moves" and s.collision is None for s in move.steps)
    assert move.farthest == move.first_stop == C + step * 3
    assert not move.blocked


@pytest.mark.parametrize(
    ("facing", "spaces", "word"),
    [(1, 2, "corner"), (11, 2, "corner"), (12, 2, "facing"), (-2, 2, "facing"), (0, -1, "spaces")],
)
def test_forced_move_refuses(facing: int, spaces: int, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        forced_move(pushed(), "p", facing, spaces)


def test_no_spaces_no_steps() -> None:
    move = forced_move(pushed(), "p", 0, 0)
    assert move.steps == () and move.farthest == move.first_stop == C


def test_a_wall_is_no_path_of_travel() -> None:
    board = pushed(BOARD.with_terrain("blocked", [east(3)], True))
    move = forced_move(board, "p", 0, 5)
    assert [s.outcome for s in move.steps] == ["moves", "moves", "no path"], NO_PATH
    assert move.farthest == east(2) and move.blocked
    last = move.steps[-1]
    assert last.collision is not None and last.collision.damage == 3, REMAINING  # 5 - 2 moved
    assert last.struck == ()
    assert any("wall" in r for r in last.reasons)
    outcome = move.resolve([])
    assert (outcome.anchor, outcome.spaces_moved, outcome.collision) == (east(2), 2, last.collision)


def test_the_map_edge_is_no_path_of_travel() -> None:
    edge = BOARD.hex_at(15, 8)
    board = BOARD.with_token(Token("p", "P", Hex(edge.q - 1, edge.r)))
    move = forced_move(board, "p", 0, 4)
    assert move.farthest == edge
    assert move.steps[-1].outcome == "no path"
    assert move.steps[-1].collision is not None and move.steps[-1].collision.damage == 3


def test_a_full_space_is_no_path_and_its_occupants_are_hit() -> None:
    board = pushed()
    for i in range(4):
        board = board.with_token(Token(f"h{i}", f"H{i}", east(2)))
    move = forced_move(board, "p", 0, 4)
    last = move.steps[-1]
    assert (last.outcome, last.anchor) == ("no path", east(2))
    assert last.struck == ("h0", "h1", "h2", "h3")
    assert last.collision is not None and last.collision.damage == 3  # 4 - 1 moved
    assert move.farthest == east(1)


def test_an_occupied_space_means_a_blind_attack() -> None:
    board = pushed().with_token(Token("h", "H", east(2)))
    move = forced_move(board, "p", 0, 4)
    assert [s.outcome for s in move.steps] == ["moves", "blind attack", "moves", "moves"]
    attack = move.steps[1].attack
    assert attack is not None
    assert (attack.spaces, attack.occupants, attack.weapon_size) == ((east(2),), ("h",), 4), BLIND
    assert move.steps[1].collision is not None and move.steps[1].collision.damage == 2
    assert move.first_stop == east(2) and move.farthest == east(4)
    assert move.attacks == (move.steps[1],)


def test_resolving_the_blind_attacks() -> None:
    board = pushed().with_token(Token("h", "H", east(2))).with_token(Token("k", "K", east(3)))
    move = forced_move(board, "p", 0, 5)
    hit = move.resolve([True])
    assert (hit.anchor, hit.spaces_moved, hit.struck) == (east(2), 2, ("h",))
    assert hit.collision is not None and hit.collision.damage == 3
    second = move.resolve([False, True])
    assert (second.anchor, second.struck) == (east(3), ("k",))
    assert second.collision is not None and second.collision.damage == 2
    missed = move.resolve([False, False])
    assert (missed.anchor, missed.collision, missed.spaces_moved) == (east(5), None, 5)
    with pytest.raises(ValueError, match="blind attack of step 3"):
        move.resolve([False])


@pytest.mark.parametrize(("size", "other", "weapon"), [(-2, -1, 2), (0, -1, 4), (2, -2, 6)])
def test_the_blind_weapon_is_4_sizes_larger(size: int, other: int, weapon: int) -> None:
    # A size 2 fills a space alone; a size -2 is 4 sizes smaller, ignored for entering (D12).
    board = pushed(size=size).with_token(Token("h", "H", east(1), size=other))
    attack = forced_move(board, "p", 0, 1).steps[0].attack
    assert attack is not None and attack.weapon_size == weapon, BLIND


def test_a_wide_token_attacks_only_the_spaces_it_newly_enters() -> None:
    # Size 3 fills a pair: anchor and the hex east of it; pushed east it enters one new hex.
    board = pushed(size=3).with_token(Token("h", "H", east(2)))
    first = forced_move(board, "p", 0, 1).steps[0]
    assert first.attack is not None and first.attack.spaces == (east(2),)
    # An occupant it already shares a space with is not attacked again.
    board = pushed(size=3).with_token(Token("h", "H", east(1)))
    assert forced_move(board, "p", 0, 1).steps[0].outcome == "moves"


# --- property: a push never ends in a wall, off the map, or a space it could not enter ------


@st.composite
def crowded_map(draw: st.DrawFn) -> tuple[Board, int, int, tuple[bool, ...]]:
    board = BOARD.with_token(Token("p", "P", C, size=draw(st.integers(-2, 3))))
    cells = st.tuples(st.integers(4, 12), st.integers(4, 12))
    walls = draw(st.lists(cells, max_size=6))
    board = board.with_terrain("blocked", [BOARD.hex_at(c, r) for c, r in walls], True)
    for i, (c, r) in enumerate(draw(st.lists(cells, max_size=8))):
        h = BOARD.hex_at(c, r)
        if h != C:
            board = board.with_token(Token(f"o{i}", f"O{i}", h, size=draw(st.integers(-1, 2))))
    facing = draw(st.sampled_from(sorted(EDGE_STEPS)))
    hits = tuple(draw(st.lists(st.booleans(), min_size=12, max_size=12)))
    return board, facing, draw(st.integers(0, 10)), hits


@given(crowded_map())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_push_never_ends_in_a_wall_or_full_space(
    case: tuple[Board, int, int, tuple[bool, ...]],
) -> None:
    board, facing, spaces, hits = case
    move = forced_move(board, "p", facing, spaces)
    token = board.token("p")
    for end in (move.farthest, move.first_stop, move.resolve(hits).anchor):
        if end == C:
            continue
        footprint = token.footprint_at(end)
        assert all(board.contains(h) for h in footprint)
        assert not any(board.terrain_at(h).blocked for h in footprint)
        assert entry_check(board, "p", end).allowed
    assert len(move.steps) <= spaces
    for step in move.steps:
        if step.collision is not None:
            assert step.collision.damage >= 0
