"""The movement field's own behaviour: windows at the map's edge, budgets, the fewest-steps
tie-break, multi-space bodies, terrain edits, pace (seed 001; rules/movement_field.py).
The brute-force comparison on random maps is in test_movement_properties.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import Board, Hex, Motion, Orientation, Token, budget_of, movement_field, plan_move
from rules.hexes import distance


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
