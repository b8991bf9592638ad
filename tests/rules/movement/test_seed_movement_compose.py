"""Where seed 001's movement rules meet: moving, Prone and falling, Climb, Secondary
movement's Overexertion, a jumper in the air, and Collision's Balance, broken objects and
a caught fall (issue #13). Every test quotes the sentence it checks; expected values are
worked by hand from the seed, not taken from ``rules/``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.board.aloft import aloft, in_the_air, with_aloft
from rules.board.conditions import set_condition
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.board.turn_state import with_turn
from rules.dice import Roll
from rules.hexes import Hex
from rules.movement.climbing import catch_fall, climb_result, climb_roll
from rules.movement.collision import broken_object_cap, collision_balance, falling_collision
from rules.movement.costs import posture_of
from rules.movement.falling import apply_fall, fall_into_object
from rules.movement.jumping import JumpReach, apply_jump, continue_jump, jump_reach, landing_spaces
from rules.movement.overexertion import secondary_overexertion, secondary_round, secondary_ways
from rules.movement.plan import apply_plan, movement_left, plan_path
from rules.movement.stance import change_posture
from rules.movement.turn_flow import begin_turn, end_turn, next_turn
from rules.turns import TurnState, act_now, advance, join, start, wait

MOVING = (
    "After moving, you are considered moving until you end your turn without moving any "
    "spaces that turn or pay 1 Movement to stop."
)
FALLING_MOVES = "While falling, you are considered moving."
PRONE_FALL = "When you become Prone, fall."
NO_PRONE_FLYING = "While flying, you cannot be Prone."
CLIMB = (
    "This requires 2 Free Limbs and is DL 6. For each additional Free Limb, hoof, or foot you "
    "use, gain +1 on your roll. If you fail by 4 or more, fall."
)
CAUGHT = (
    "If you succeed to Climb that surface, stop falling and any Serious Injury caused from "
    "Collision only affects the limbs used."
)
SECONDARY = "you must roll for Overexertion after each 10 minutes"
AMBLE = "Movement this turn does not count towards Overexertion."
WAIT = (
    "If you Jump to a space of increased elevation, you may choose not to fall until the "
    "start of your next turn, though then may not move again until you land."
)
OUT_OF_MOVEMENT = (
    "If you run out of Movement before reaching your target space, you remain in the air and "
    "continue moving when you gain additional Movement."
)
POOL_ZERO = "If you are in the air and your Movement Pool becomes 0, fall."
BALANCE = "Injury from Collision causes Balance, DL increased by the Injury."
BROKEN = (
    "If falling into an object, if the object breaks, do not take more damage than the Injury "
    "that broke the object, then continue falling."
)

BLANK = Board.blank(20, 20)
BOARD = BLANK.with_terrain("softness", BLANK.hexes(), 0)  # Ground Softness 0: no reduction
C = BOARD.hex_at(10, 10)
FLYER = ("land", "swim", "fly")


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def conflict(*tokens: Token, board: Board = BOARD) -> Board:
    """``board`` with ``tokens``, the turn order started with the first one acting."""
    state = TurnState()
    for i, token in enumerate(tokens):
        board = board.with_token(token)
        state = join(state, token.id, 9 - i)
    return with_turn(board, start(state))


def hero(**kw: object) -> Token:
    return Token("h", "Hero", C, **kw)  # type: ignore[arg-type]


def left(n: int) -> Vitals:
    return Vitals().with_value("current", "movement", n)


def long_jump(result: int = 12) -> JumpReach:
    return jump_reach(result, "long", run_up=2, movement_pool=5, size=0)


# --- moving ------------------------------------------------------------------------------


def test_a_creature_that_moved_stays_moving_through_the_others_turns() -> None:
    """Rule: MOVING."""
    board = conflict(hero(), Token("o", "Other", east(5)))
    board = begin_turn(board, "h").board
    plan = plan_path(board, "h", [C, east(1)])
    board = apply_plan(board, plan)
    board = next_turn(board).board  # h's turn ends: it moved, so it is still moving
    assert board.token("h").moving, MOVING
    board = next_turn(board).board  # the Soulweaver's turn
    board = next_turn(board).board  # h's turn again
    assert board.token("h").moving, "its turn starting does not stop it moving"
    after = next_turn(board)  # h ends this turn without moving any spaces
    assert not after.board.token("h").moving, MOVING
    assert any("stops moving" in c and "[S001]" in c for c in after.changes)


def test_it_stops_moving_as_its_still_turn_ends_not_as_the_next_begins() -> None:
    """Rule: MOVING."""
    board = conflict(hero(moving=True), Token("o", "Other", east(5)))
    board = begin_turn(board, "h").board
    board = next_turn(board).board  # h ends a turn without moving: the Other acts now
    assert board.turn.order[board.turn.current].token_id == "o"
    assert not board.token("h").moving, MOVING


def test_a_given_advance_step_ends_the_turn_a_wait_defers_it() -> None:
    """Rule: MOVING — the app passes the tracker's step; only a Wait keeps the turn open."""
    board = conflict(hero(moving=True), Token("o", "Other", east(5)))
    board = begin_turn(board, "h").board
    assert not next_turn(board, advance(board.turn)).board.token("h").moving, MOVING
    waited = next_turn(board, wait(board.turn)).board
    assert waited.token("h").moving, "a Wait does not end its turn"
    resumed = next_turn(waited, act_now(waited.turn, "h")).board  # the Other's turn ends
    assert resumed.token("h").moving
    assert not next_turn(resumed).board.token("h").moving, MOVING


def test_end_turn_keeps_a_creature_that_moved_moving() -> None:
    """Rule: MOVING."""
    board = conflict(hero(moving=True, moved_this_turn=True))
    ended, notes = end_turn(board, "h")
    assert ended.token("h").moving and notes == ()


def test_a_fall_marks_the_faller_moving() -> None:
    """Rule: FALLING_MOVES."""
    board = conflict(hero(motion=Motion(altitude=3)))
    fallen = apply_fall(board, "h")
    token = fallen.board.token("h")
    assert token.moving and token.moved_this_turn, FALLING_MOVES
    assert token.motion.altitude == 0
    assert fallen.fall.collision is not None and fallen.fall.collision.damage == 3
    assert any("considered moving" in r for r in fallen.reasons)


def test_a_braking_flyer_pays_1_movement_and_flies_on() -> None:
    """'Before falling spaces, if you can fly, pay 1 Movement to reduce the spaces you fall
    … If this reduces the spaces to 0, you stop falling and begin flying.'"""
    board = conflict(hero(movement_types=FLYER, motion=Motion(altitude=9)))
    fallen = apply_fall(board, "h", braking=6)
    token = fallen.board.token("h")
    assert fallen.paid == 1 and movement_left(token) == 4
    assert token.motion.flying and token.motion.altitude == 9
    with pytest.raises(ValueError, match="braking costs 1 Movement"):
        apply_fall(
            conflict(hero(movement_types=FLYER, motion=Motion(altitude=9), vitals=left(0))),
            "h",
            braking=6,
        )


# --- Prone -------------------------------------------------------------------------------


def test_a_flyer_that_becomes_prone_stops_flying_and_falls() -> None:
    """Rule: PRONE_FALL, NO_PRONE_FLYING."""
    board = conflict(hero(movement_types=FLYER, motion=Motion(mode="fly", altitude=4)))
    change = change_posture(board, "h", "prone")
    assert change.allowed and change.token is not None
    assert change.fall is not None and change.fall.height == 4, PRONE_FALL
    assert change.fall.collision is not None and change.fall.collision.damage == 4
    assert not change.token.motion.flying and change.token.motion.altitude == 0
    assert posture_of(change.token) == "prone"
    assert change.moved, FALLING_MOVES
    assert any("cannot be Prone" in n for n in change.notes)
    assert change.applied(board).token("h").moving


def test_a_climber_that_becomes_prone_lets_go_and_falls() -> None:
    """Rule: PRONE_FALL."""
    board = conflict(hero(motion=Motion(mode="climb", altitude=3)))
    change = change_posture(board, "h", "prone")
    assert change.token is not None and change.fall is not None and change.fall.height == 3
    assert change.token.motion.mode == "ground" and change.token.motion.altitude == 0
    assert any("lets go" in n for n in change.notes)


def test_on_the_ground_becoming_prone_falls_no_spaces() -> None:
    """Rule: PRONE_FALL."""
    change = change_posture(conflict(hero()), "h", "prone")
    assert change.allowed and change.fall is None and not change.moved


def test_a_jumper_waiting_on_a_ledge_comes_down_when_it_becomes_prone() -> None:
    """Rule: PRONE_FALL, WAIT."""
    board = with_aloft(conflict(hero()), "h", "waiting")
    assert in_the_air(board, "h")
    change = change_posture(board, "h", "prone")
    after = change.applied(board)
    assert aloft(after, "h") is None and not in_the_air(after, "h")


# --- Climb -------------------------------------------------------------------------------

CLIMB_ROLLS = [
    # (free limbs, hooves or feet, modifier)
    pytest.param(2, 0, 0, id="2 Free Limbs: DL 6, no bonus"),
    pytest.param(3, 0, 1, id="each additional Free Limb +1"),
    pytest.param(2, 2, 2, id="each hoof or foot +1"),
    pytest.param(4, 2, 4, id="additional Free Limbs and feet add up"),
]


@pytest.mark.parametrize(("free", "feet", "modifier"), CLIMB_ROLLS)
def test_climb_roll(free: int, feet: int, modifier: int) -> None:
    """Rule: CLIMB."""
    climb = climb_roll(free, feet)
    assert climb.allowed and climb.dl == 6 and climb.modifier == modifier, CLIMB
    assert sum(t.amount for t in climb.terms) == modifier
    assert climb.limbs_used == free + feet


def test_climb_needs_2_free_limbs() -> None:
    """Rule: CLIMB."""
    assert climb_roll(1).refusal == "Climb requires 2 Free Limbs [S001]; 1 used"
    assert "only 2 free" in (climb_roll(3, available=2).refusal or "")
    with pytest.raises(ValueError, match="2 Free Limbs"):
        climb_result(9, climb_roll(0))


CLIMB_RESULTS = [
    pytest.param(6, "success", id="6 ≥ DL 6"),
    pytest.param(5, "fail", id="failed by 1"),
    pytest.param(3, "fail", id="failed by 3"),
    pytest.param(2, "fall", id="failed by 4: 'If you fail by 4 or more, fall'"),
    pytest.param(-1, "fall", id="failed by 7"),
]


@pytest.mark.parametrize(("result", "outcome"), CLIMB_RESULTS)
def test_climb_result(result: int, outcome: str) -> None:
    """Rule: CLIMB."""
    read = climb_result(result)
    assert read.outcome == outcome and read.margin == result - 6, CLIMB
    assert read.falls is (outcome == "fall") and read.success is (outcome == "success")


def test_a_fumbled_climb_fails() -> None:
    assert climb_result(Roll((1, 1, 7))).outcome == "fail"  # 7 ≥ 6, but a fumble


def test_a_climber_failing_by_4_falls_from_where_it_climbs() -> None:
    """Rule: CLIMB."""
    board = conflict(hero(motion=Motion(mode="climb", altitude=5)))
    read = climb_result(1, board=board, token_id="h")
    assert read.fall is not None and read.fall.height == 5
    low = climb_result(1, board=conflict(hero(motion=Motion(mode="climb"))), token_id="h")
    assert low.falls and low.fall is None and "nothing to fall" in low.reasons[-1]


def _by_a_wall(altitude: int = 8) -> Board:
    return conflict(
        hero(motion=Motion(altitude=altitude)), board=BOARD.with_terrain("blocked", [east(1)], True)
    )


def test_a_caught_fall_stops_and_its_collision_only_hurts_the_limbs_used() -> None:
    """Rule: CAUGHT."""
    caught = catch_fall(_by_a_wall(), "h", 7, climb_roll(2, 2), spaces_fallen=5)
    assert caught.stops and caught.token is not None, CAUGHT
    assert caught.token.motion.mode == "climb" and caught.token.motion.altitude == 3
    assert caught.collision is not None and caught.collision.damage == 5  # 5 spaces fallen
    assert caught.limbs_used == 4
    assert any("only affects the 4 limbs used" in r for r in caught.reasons), CAUGHT


def test_a_missed_catch_keeps_falling_and_needs_a_surface_in_reach() -> None:
    """Rule: CAUGHT."""
    missed = catch_fall(_by_a_wall(), "h", 5)
    assert not missed.stops and missed.token is None and missed.fall.height == 8
    with pytest.raises(ValueError, match="no surface in Reach"):
        catch_fall(conflict(hero(motion=Motion(altitude=8))), "h", 9)


# --- Secondary movement and Overexertion -------------------------------------------------


def test_swimming_is_secondary_movement_walking_is_not() -> None:
    """Rule: SECONDARY."""
    water = BOARD.with_terrain("water_depth", [east(1), east(2)], 1)
    board = conflict(hero(), board=water)
    token = board.token("h")
    swim = plan_path(board, "h", [C, east(1), east(2)])
    walk = plan_path(board, "h", [C, east(-1)])
    assert secondary_ways(swim, token) == ("swim",)
    assert secondary_ways(walk, token) == ()


def test_an_amble_turn_does_not_count_toward_overexertion() -> None:
    """Rule: SECONDARY, and Amble's AMBLE."""
    assert secondary_round(["swim", "swim"], ambled=False).counts
    amble = secondary_round(["swim"], ambled=True)
    assert not amble.counts and "does not count" in amble.reason, AMBLE
    assert not secondary_round([], ambled=False).counts


@pytest.mark.parametrize(
    ("rounds", "due", "next_at"),
    [(0, False, 120), (119, False, 120), (120, True, 240), (121, False, 240), (360, True, 480)],
)
def test_overexertion_after_each_10_minutes(rounds: int, due: bool, next_at: int) -> None:
    """Rule: SECONDARY (a round is 5 s: 10 minutes = 120 rounds)."""
    check = secondary_overexertion(rounds)
    assert check.due is due and check.next_at == next_at, SECONDARY


# --- in the air --------------------------------------------------------------------------


def test_out_of_movement_mid_jump_it_stays_in_the_air_and_jumps_on_next_turn() -> None:
    """Rule: OUT_OF_MOVEMENT."""
    board = conflict(hero(vitals=left(4)))
    move = apply_jump(board, "h", east(2), long_jump())
    assert move.allowed and move.in_the_air, OUT_OF_MOVEMENT
    assert (move.spaces, move.paid) == (1, 3)  # 3 Movement a space jumped (D4)
    assert move.board is not None
    token = move.board.token("h")
    assert token.position == east(1) and token.motion.altitude == 1 and token.moving
    state = aloft(move.board, "h")
    assert state is not None and state.kind == "jumping" and state.target == east(2)
    assert not plan_path(move.board, "h", [east(1), east(1) + Hex(0, 1)]).allowed
    started = begin_turn(move.board, "h")  # Movement refilled: it jumps on
    token = started.board.token("h")
    assert token.position == east(2) and token.motion.altitude == 0, OUT_OF_MOVEMENT
    assert movement_left(token) == 2 and aloft(started.board, "h") is None
    assert any("goes on" in c for c in started.changes)


def test_continue_jump_needs_a_jump_in_progress() -> None:
    assert "not in the middle of a jump" in (continue_jump(conflict(hero()), "h").refusal or "")


def test_a_jumper_whose_movement_pool_is_0_in_the_air_falls() -> None:
    """Rule: POOL_ZERO."""
    board = conflict(hero(movement_pool=0, motion=Motion(altitude=1)))
    board = with_aloft(board, "h", "jumping", east(2))
    started = begin_turn(board, "h")
    token = started.board.token("h")
    assert token.motion.altitude == 0 and token.position == C, POOL_ZERO
    assert aloft(started.board, "h") is None
    assert any("Movement Pool becomes 0" in c for c in started.changes)


def test_in_the_air_a_move_spending_the_last_movement_falls() -> None:
    """Rule: POOL_ZERO."""
    board = conflict(hero(motion=Motion(altitude=2), vitals=left(3)))
    plan = plan_path(board, "h", [C, east(1)])  # 1 + 2 off the ground = 3
    assert plan.allowed and plan.falls and plan.notes, POOL_ZERO
    after = apply_plan(board, plan).token("h")
    assert after.position == east(1) and after.motion.altitude == 0
    more = plan_path(conflict(hero(motion=Motion(altitude=2))), "h", [C, east(1)])
    assert not more.falls  # 2 Movement left: still in the air


def test_a_high_jump_to_a_ledge_may_wait_to_fall_until_the_next_turn() -> None:
    """Rule: WAIT."""
    ledge = BOARD.with_terrain("elevation", [east(1)], 1)
    board = conflict(hero(), board=ledge)
    high = jump_reach(15, "high", run_up=0, movement_pool=5, size=0)  # 60 in: 1 elevation
    landing = landing_spaces(board, "h", high).landing_at(east(1))
    assert landing is not None and landing.may_wait and landing.wait_height == 0
    move = apply_jump(board, "h", east(1), high, wait=True)
    assert move.allowed and move.waiting and move.board is not None, WAIT
    assert in_the_air(move.board, "h")
    refused = plan_path(move.board, "h", [east(1), east(2)])
    assert refused.refusal and "may not move again until it lands" in refused.refusal, WAIT
    started = begin_turn(move.board, "h")
    assert aloft(started.board, "h") is None and not in_the_air(started.board, "h")
    assert any("chose not to fall" in c for c in started.changes)


def test_waiting_at_the_top_of_a_high_jump_it_falls_as_its_next_turn_starts() -> None:
    """Rule: WAIT."""
    board = conflict(hero())
    high = jump_reach(30, "high", run_up=0, movement_pool=5, size=0)  # 120 in: 2 elevation
    move = apply_jump(board, "h", C, high, wait=True)
    assert move.board is not None and move.board.token("h").motion.altitude == 2
    started = begin_turn(move.board, "h")
    token = started.board.token("h")
    assert token.motion.altitude == 0 and token.moving, FALLING_MOVES
    assert any("falls 2 spaces" in c for c in started.changes), WAIT


def test_only_a_jump_to_increased_elevation_may_wait_and_only_in_a_conflict() -> None:
    """Rule: WAIT."""
    board = conflict(hero())
    refused = apply_jump(board, "h", east(1), long_jump(), wait=True)
    assert refused.refusal and "increased elevation" in refused.refusal
    high = jump_reach(30, "high", run_up=0, movement_pool=5, size=0)
    calm = BOARD.with_token(hero())
    outside = apply_jump(calm, "h", C, high, wait=True)
    assert outside.refusal and "no next turn" in outside.refusal


def test_a_long_jump_landing_well_below_falls_the_rest() -> None:
    """'If you are not flying and do not have a surface to stand on, begin falling.'"""
    low = BOARD.with_terrain("elevation", [east(1)], -3)
    move = apply_jump(conflict(hero(), board=low), "h", east(1), long_jump())
    assert move.lands and move.fall is not None and move.fall.height == 3
    assert move.board is not None and move.board.token("h").motion.altitude == 0
    step = BOARD.with_terrain("elevation", [east(1)], -1)
    down = apply_jump(conflict(hero(), board=step), "h", east(1), long_jump())
    assert down.lands and down.fall is None  # one space lower is a step down


def test_a_jump_outside_a_conflict_is_free_and_lands() -> None:
    move = apply_jump(BOARD.with_token(hero(vitals=left(0))), "h", east(2), long_jump())
    assert move.lands and move.paid == 0 and move.board is not None
    assert move.board.token("h").position == east(2) and not move.board.token("h").moving


def test_a_jump_to_a_space_it_cannot_land_on_is_refused() -> None:
    board = conflict(hero(), board=BOARD.with_terrain("blocked", [east(1)], True))
    assert "wall" in (apply_jump(board, "h", east(1), long_jump()).refusal or "")
    far = apply_jump(board, "h", east(6), long_jump())
    assert far.refusal == f"({east(6).q}, {east(6).r}) is not a landing space of this jump"


# --- Collision ---------------------------------------------------------------------------


@pytest.mark.parametrize(("injury", "dl"), [(1, 4), (3, 6), (7, 10)])
def test_injury_from_collision_causes_balance_dl_3_plus_the_injury(injury: int, dl: int) -> None:
    """Rule: BALANCE (Balance DL 3 [P-MOBILITY])."""
    balance = collision_balance(injury)
    assert balance.required and balance.dl == dl, BALANCE
    assert balance.succeeds(dl) and not balance.succeeds(dl - 1)
    assert not balance.succeeds(Roll((1, 1, 12), modifier=0))  # a fumble fails


def test_no_injury_no_balance() -> None:
    assert not collision_balance(0).required


def test_a_broken_object_caps_the_damage_at_the_injury_that_broke_it() -> None:
    """Rule: BROKEN."""
    hit = falling_collision(12, 0, 0)
    capped = broken_object_cap(hit, 3)
    assert capped.damage == 3 and sum(t.amount for t in capped.breakdown) == 3, BROKEN
    assert broken_object_cap(falling_collision(2, 0, 0), 3).damage == 2  # within the cap


def test_falling_into_an_object_that_breaks_then_continues_falling() -> None:
    """Rule: BROKEN."""
    board = conflict(hero(motion=Motion(altitude=10)))
    held = fall_into_object(board, "h", 4)
    assert not held.broke and held.collision.damage == 6 and held.landing is None
    broke = fall_into_object(board, "h", 4, breaking_injury=2)
    assert broke.broke and broke.collision.damage == 2, BROKEN
    assert broke.object_damage.damage == 6  # the object takes the faller's damage
    assert broke.landing is not None and broke.landing.damage == 10  # then continue falling
    with pytest.raises(ValueError, match="object height"):
        fall_into_object(board, "h", 10)


def test_a_prone_creature_after_a_failed_balance_composes_with_falling() -> None:
    """Rule: BALANCE; a failed Balance is Prone [P-MOBILITY]; PRONE_FALL."""
    flyer = hero(movement_types=FLYER, motion=Motion(mode="fly", altitude=6))
    board = conflict(flyer)
    balance = collision_balance(2)
    assert not balance.succeeds(4)  # DL 5: fails, so it is Prone [P-MOBILITY]
    change = change_posture(board, "h", "prone")
    assert change.fall is not None and change.fall.height == 6
    after = change.applied(board)
    assert replace(after.token("h")).conditions == set_condition((), "prone", 1)
