"""Acceptance tests for changing how a creature moves — posture, stopping, rising and
descending, pace, Amble, mode — and the Movement each spends (seed 001, R-STANCE, R-MOVING,
R-FLY-LOAD); shared helpers in ``seed_movement_plan_helpers``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.board.motion import Motion
from rules.hexes import Hex
from rules.movement.costs import posture_of
from rules.movement.plan import movement_left, plan_move, plan_path, sound_of
from rules.movement.stance import (
    change_altitude,
    change_mode,
    change_pace,
    change_posture,
    moved_along,
    set_amble,
    stop_moving,
)
from tests.rules.seed_movement_plan_helpers import (
    BOARD,
    FLYER,
    C,
    creature,
    crouching,
    east,
    left,
    line,
    mover,
    prone,
)

# --- posture, stopping, height (R-STANCE, R-MOVING, R-FLY-LOAD) -------------------------------

POSTURE_CASES = [
    # (conditions, new posture, cost)
    pytest.param(crouching(), "standing", 1, id="'While Crouching … Standing costs 1 Movement'"),
    pytest.param(prone(), "standing", 2, id="'While Prone … Standing costs 2 Movement'"),
    pytest.param(prone(), "crouching", 1, id="'While Prone … Crouching costs 1 Movement'"),
    pytest.param((), "crouching", 0, id="[ASSUMPTION] crouching from standing: no cost named"),
    pytest.param((), "prone", 0, id="[ASSUMPTION] 'When you become Prone, fall': no cost"),
]


@pytest.mark.parametrize(("conditions", "posture", "cost"), POSTURE_CASES)
def test_posture_costs_and_the_movement_they_spend(
    conditions: tuple[object, ...], posture: str, cost: int
) -> None:
    change = change_posture(mover(conditions=conditions), "m", posture)
    assert change.allowed and change.refusal is None
    assert change.cost == cost
    assert change.token is not None
    assert posture_of(change.token) == posture
    assert movement_left(change.token) == 5 - cost
    assert change.notes, "a change says why it cost what it did"


# "While flying, you cannot be Prone" is no refusal: "When you become Prone, fall", so a
# flyer going Prone stops flying and falls (test_seed_movement_compose.py).
POSTURE_REFUSALS = [
    pytest.param({}, [C], "prone", "Swimming", id="'While Swimming, you cannot … be Prone'"),
    pytest.param({}, [C], "crouching", "Swimming", id="'While Swimming, you cannot … be Crouched'"),
    pytest.param(
        {"conditions": prone(), "vitals": left(1)}, [], "standing", "2", id="standing needs 2"
    ),
    pytest.param(
        {"conditions": crouching(), "vitals": left(0)}, [], "standing", "1", id="standing needs 1"
    ),
]


@pytest.mark.parametrize(("token", "water", "posture", "word"), POSTURE_REFUSALS)
def test_posture_refusals(
    token: dict[str, object], water: list[Hex], posture: str, word: str
) -> None:
    board = BOARD.with_terrain("water_depth", water, 1) if water else BOARD
    change = change_posture(mover(board, **token), "m", posture)
    assert not change.allowed and change.token is None
    assert change.refusal and word.lower() in change.refusal.lower(), change.refusal


def test_stop_moving_costs_1_and_clears_the_moving_state() -> None:
    # "After moving, you are considered moving until you … pay 1 Movement to stop."
    change = stop_moving(mover(moving=True), "m")
    assert change.allowed and change.cost == 1
    assert change.token is not None
    assert change.token.moving is False
    assert movement_left(change.token) == 4
    assert not stop_moving(mover(moving=False), "m").allowed
    broke = stop_moving(mover(moving=True, vitals=left(0)), "m")
    assert not broke.allowed and broke.refusal and "1" in broke.refusal


ALTITUDE_CASES = [
    # (altitude, delta, cost, new altitude)
    pytest.param(2, 1, 2, 3, id="'When you use Movement to increase your elevation, +1': 1 up = 2"),
    pytest.param(2, 2, 4, 4, id="2 up = 2 x (1 + 1)"),
    pytest.param(0, 1, 2, 1, id="taking off from the ground: 1 up = 2"),
    pytest.param(2, -1, 1, 1, id="[ASSUMPTION] descending: 1 per space"),
    pytest.param(2, -2, 2, 0, id="[ASSUMPTION] down to the ground: 2"),
]


@pytest.mark.parametrize(("altitude", "delta", "cost", "after"), ALTITUDE_CASES)
def test_change_altitude_costs(altitude: int, delta: int, cost: int, after: int) -> None:
    board = mover(movement_types=FLYER, motion=Motion(mode="fly", altitude=altitude))
    change = change_altitude(board, "m", delta)
    assert change.allowed and change.cost == cost
    assert change.token is not None
    assert change.token.motion.altitude == after
    assert movement_left(change.token) == 5 - cost


ALTITUDE_REFUSALS = [
    pytest.param(
        {"motion": Motion(mode="fly", altitude=2, bulk=6, bulk_limit=5)},
        1,
        "Bulk Limit",
        id="'If you carry more than your Bulk Limit, you cannot increase your elevation'",
    ),
    pytest.param({"motion": Motion(mode="fly", altitude=2)}, -3, "ground", id="not below ground"),
    pytest.param(
        {"motion": Motion(mode="fly", altitude=2), "vitals": left(3)},
        2,
        "4",
        id="rising 2 needs 4 Movement",
    ),
    pytest.param({"motion": Motion(mode="ground")}, 1, "flying", id="only a flyer changes height"),
]


@pytest.mark.parametrize(("token", "delta", "word"), ALTITUDE_REFUSALS)
def test_change_altitude_refusals(token: dict[str, object], delta: int, word: str) -> None:
    change = change_altitude(mover(movement_types=FLYER, **token), "m", delta)
    assert not change.allowed and change.token is None
    assert change.refusal and word.lower() in change.refusal.lower(), change.refusal


def test_over_the_bulk_limit_a_flyer_may_still_descend() -> None:
    board = mover(movement_types=FLYER, motion=Motion(mode="fly", altitude=2, bulk=6, bulk_limit=5))
    change = change_altitude(board, "m", -1)
    assert change.allowed and change.cost == 1


def test_pace_amble_and_mode_changes() -> None:
    water = BOARD.with_terrain("water_depth", [C], 1)
    run = change_pace(mover(water), "m", "run")
    assert not run.allowed and run.refusal and "run" in run.refusal.lower()  # Swim: no running
    dash = change_pace(mover(), "m", "dash")
    assert dash.allowed and dash.cost == 0 and dash.token is not None
    assert dash.token.motion.pace == "dash"
    assert movement_left(dash.token) == 5, "Dash is a Major Action, not Movement"
    fly = change_mode(mover(), "m", "fly")
    assert not fly.allowed and fly.refusal and "Fly" in fly.refusal
    grounded = change_mode(mover(movement_types=FLYER, conditions=prone()), "m", "fly")
    assert not grounded.allowed and grounded.refusal and "Prone" in grounded.refusal


def test_amble_is_not_stackable() -> None:
    # §11a D11: "while not already using Amble" — turning it on twice still costs +1 a step.
    board = mover()
    once = set_amble(board, "m", True)
    assert once.allowed and once.token is not None and once.token.motion.amble
    board = board.with_token_replaced(once.token)
    twice = set_amble(board, "m", True)
    if twice.allowed:
        assert twice.token is not None
        board = board.with_token_replaced(twice.token)
    plan = plan_path(board, "m", line(2))
    assert plan.cost == 4
    assert sound_of(board.token("m")).magnitude == 1


def test_movement_is_spent_after_each_change() -> None:
    # Prone with 5: stand (2) -> 3 left; walk 2 -> 1 left; stop (1) -> 0 left.
    board = mover(conditions=prone(), moving=True)
    stand = change_posture(board, "m", "standing")
    assert stand.token is not None
    board = board.with_token_replaced(stand.token)
    assert movement_left(board.token("m")) == 3
    assert not plan_path(board, "m", line(4)).allowed
    plan = plan_path(board, "m", line(2))
    assert plan.allowed and plan.paid == 2 and plan.left == 3
    board = board.with_token_replaced(moved_along(board.token("m"), plan.path[-1], plan.paid))
    token = board.token("m")
    assert token.position == east(2) and movement_left(token) == 1
    stop = stop_moving(board.with_token_replaced(replace(token, moving=True)), "m")
    assert stop.allowed and stop.token is not None and movement_left(stop.token) == 0
    board = board.with_token_replaced(stop.token)
    assert not plan_path(board, "m", line(1, east(2))).allowed


def test_a_flyer_pays_for_height_then_for_spaces() -> None:
    board = mover(movement_types=FLYER, motion=Motion(mode="fly", altitude=0))
    up = change_altitude(board, "m", 2)
    assert up.token is not None and up.cost == 4
    board = board.with_token_replaced(up.token)
    assert plan_path(board, "m", line(1)).allowed
    refusal = plan_path(board, "m", line(2)).refusal
    assert refusal and "1" in refusal


# --- plan_move: the cheapest path --------------------------------------------------------------


def test_plan_move_goes_around_a_wall() -> None:
    board = mover().with_terrain("blocked", [east(1)], True)
    plan = plan_move(board, "m", east(2))
    assert plan.allowed and plan.cost == 3
    assert plan.path[0] == C and plan.path[-1] == east(2)
    assert east(1) not in plan.path
    assert plan_path(board, "m", plan.path).cost == plan.cost


def test_plan_move_prefers_cheap_ground() -> None:
    # Straight through 2 water spaces costs 4 + 1; around them (north row) costs 4.
    board = mover().with_terrain("water_depth", [east(1), east(2)], 1)
    plan = plan_move(board, "m", east(3))
    assert plan.allowed and plan.cost == 4
    assert plan.rolls == ()


PLAN_MOVE_REFUSALS = [
    pytest.param(east(6), "Movement", id="beyond the Movement left"),
    pytest.param(Hex(100, 100), "off the map", id="off the map"),
]


@pytest.mark.parametrize(("target", "word"), PLAN_MOVE_REFUSALS)
def test_plan_move_refusals(target: Hex, word: str) -> None:
    plan = plan_move(mover(), "m", target)
    assert not plan.allowed and plan.refusal and word in plan.refusal


def test_plan_move_refuses_a_wall_and_a_full_space() -> None:
    board = mover().with_terrain("blocked", [east(1)], True)
    plan = plan_move(board, "m", east(1))
    assert not plan.allowed and plan.refusal and "wall" in plan.refusal
    board = mover()
    for i in range(4):
        board = board.with_token(creature(f"s{i}", east(1)))
    plan = plan_move(board, "m", east(1))
    assert not plan.allowed and plan.refusal and "occupied" in plan.refusal


def test_plan_move_with_dash_reaches_twice_as_far() -> None:
    board = mover(vitals=left(3), motion=Motion(pace="dash"))
    plan = plan_move(board, "m", east(6))
    assert plan.allowed and (plan.cost, plan.paid) == (6, 3)
    assert not plan_move(board, "m", east(7)).allowed
