"""Height and flight: who shares a space, level flight, rising in place, stopping flight in
the air, and what is free outside a conflict (seed 001; Q21 "1 elevation step = 1 space")."""

from __future__ import annotations

from rules import Board, Hex, Motion, Token, crowded, entry_check, plan_move, plan_path
from rules.board.conditions import set_condition
from rules.board.turn_state import with_turn
from rules.movement.hinder import hinder_chances
from rules.movement.plan import apply_plan, movement_left
from rules.movement.stance import change_altitude, change_mode, change_posture
from rules.turns import TurnState, join, start

BAT = Token(
    "bat", "Bat", Hex(2, 2), size=-2, movement_types=("fly", "land"), motion=Motion("fly", 8)
)


def humans(board: Board, at: Hex, count: int) -> Board:
    for i in range(count):
        board = board.with_token(Token(f"h{i}", f"Human {i}", at))
    return board


def in_conflict(board: Board, token_id: str) -> Board:
    return with_turn(board, start(join(TurnState(), token_id, 5)))


def test_a_flyer_high_above_shares_no_space_with_those_below() -> None:
    board = humans(Board.blank(8, 8), Hex(3, 2), 4).with_token(BAT)
    assert entry_check(board, "bat", Hex(3, 2)).allowed  # four humans fill the ground
    landed = board.with_token_replaced(Token("bat", "Bat", Hex(2, 2), size=-2))
    assert not entry_check(landed, "bat", Hex(3, 2)).allowed
    above = board.with_token_moved("bat", Hex(3, 2))
    assert crowded(above, "bat").tier == 0 and crowded(above, "h0").tier == 3


def test_crowded_counts_winged_flyers_two_sizes_larger_by_default() -> None:
    low = Token("bat", "Bat", Hex(2, 2), size=-2, movement_types=("fly",), motion=Motion("fly"))
    board = Board.blank(6, 6).with_token(low).with_token(Token("h", "Human", Hex(2, 2)))
    # A size -2 bat counts as size 0 on wings [S001]: the human is Crowded 1.
    assert crowded(board, "h").tier == 1


def test_a_flyer_flies_level_and_its_altitude_follows_the_ground() -> None:
    board = Board.blank(10, 6).with_terrain("elevation", [Hex(4, 2)], -3)
    board = board.with_terrain("elevation", [Hex(6, 2)], 9)
    board = in_conflict(board.with_token(BAT), "bat")
    plan = plan_move(board, "bat", Hex(4, 2))
    assert plan.cost == 2 and [s.way for s in plan.steps] == ["fly", "fly"]
    after = apply_plan(board, plan).token("bat")
    assert after.position == Hex(4, 2) and after.motion.altitude == 11 and after.moving
    refusal = plan_path(board, "bat", [Hex(2, 2), Hex(3, 2), Hex(4, 2), Hex(5, 2), Hex(6, 2)])
    assert "rise first" in (refusal.refusal or "")


def test_rising_in_place_costs_the_flyers_own_charges_plus_one_a_space() -> None:
    secondary = Token(
        "bat", "Bat", Hex(2, 2), movement_types=("land", "fly"), motion=Motion("fly", 1)
    )
    board = in_conflict(Board.blank(6, 6).with_token(secondary), "bat")
    rise = change_altitude(board, "bat", 1)
    assert rise.cost == 3 and rise.moved  # 1 + 1 Secondary Fly + 1 rising
    assert rise.token is not None and movement_left(rise.token) == 2
    assert "needs 6 Movement" in (change_altitude(board, "bat", 2).refusal or "")
    down = change_altitude(board, "bat", -1)
    assert down.cost == 2 and down.token is not None and down.token.motion.altitude == 0


def test_stopping_flight_in_the_air_is_refused_on_the_ground_it_is_free() -> None:
    board = Board.blank(6, 6).with_token(BAT)
    refusal = change_mode(board, "bat", "ground").refusal or ""
    assert "8 spaces up" in refusal and "begin falling" in refusal
    landed = board.with_token_replaced(
        Token(
            "bat", "Bat", Hex(2, 2), size=-2, movement_types=("fly", "land"), motion=Motion("fly")
        )
    )
    assert change_mode(landed, "bat", "ground").allowed


def test_outside_a_conflict_posture_changes_and_moves_are_free() -> None:
    prone = set_condition((), "prone", 1, "")
    board = Board.blank(12, 4).with_token(Token("a", "Aria", Hex(1, 1), conditions=prone))
    stand = change_posture(board, "a", "standing")
    assert stand.allowed and stand.cost == 0 and "free" in stand.notes[-1]
    far = plan_path(board, "a", [Hex(1, 1), *(Hex(q, 1) for q in range(2, 9))])
    assert far.allowed and far.cost == 21  # prone: 3 a space, more than 5 Movement
    assert not plan_path(in_conflict(board, "a"), "a", list(far.path)).allowed


def test_a_ground_creature_cannot_hinder_a_flyer_above_its_reach() -> None:
    guard = Token("g", "Guard", Hex(3, 2))
    board = Board.blank(8, 6).with_token(BAT).with_token(guard)
    assert hinder_chances(board, "bat", [Hex(2, 2), Hex(3, 2), Hex(4, 2)]) == ()
    low = board.with_token_replaced(
        Token("bat", "Bat", Hex(2, 2), size=-2, movement_types=("fly",), motion=Motion("fly", 1))
    )
    (chance,) = hinder_chances(low, "bat", [Hex(2, 2), Hex(3, 2), Hex(4, 2)])
    assert chance.bonus_step is None  # not at its height: never in its space
    assert chance.size_modifier == 0  # a size -2 bat on wings counts as size 0
