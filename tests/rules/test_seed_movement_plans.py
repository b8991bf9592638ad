"""Acceptance tests for planning a move: a path's cost against the Movement left, Dash and
Run, the rolls and the sound it makes, who may Hinder it, and the Movement that posture,
stopping and height changes spend — from the rules text.

Sources: seed 001 (moving state, sound "Magnitude 2 + your size", Amble, Crouch, Prone,
Swim, Fly, winged flight, "roll once when the event occurs"); seed 002 Hinder Movement and
Overpower; [P-MOBILITY] Dash/Run; RULES-DIGEST §5, §11 Q25, §11a D11, §12 R-MOVECOST,
R-STANCE, R-MOVING, R-SOUND, R-OVERPOWER-SIZE, R-HINDER; and the reading
``rules/movement.py`` declares for Dash/Run (a path's cost ÷ 2 / ÷ 3, rounded up). Expected
values are worked by hand from the texts, not taken from ``rules/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from rules.board import Board
from rules.conditions import set_condition
from rules.hexes import Hex
from rules.hinder import hinder_chances
from rules.motion import Motion
from rules.movement import budget_of, movement_left, plan_move, plan_path, sound_of
from rules.movement_costs import posture_of
from rules.play import with_turn
from rules.pools import Vitals
from rules.stance import (
    change_altitude,
    change_mode,
    change_pace,
    change_posture,
    moved_along,
    set_amble,
    stop_moving,
)
from rules.tokens import Token, TokenKind
from rules.turns import TurnState, join, start

BOARD = Board.blank(24, 24)
C = BOARD.hex_at(12, 12)
FLYER = ("fly", "land")

SOUND = "'Movement … creates a Magnitude 2 + your size sound'"
WINGS = "winged flight: 'Count as 2 sizes larger to determine … sound you make from movement'"
AMBLE = "Amble: 'reduce the Magnitude of sound you make by 1' (§11a D11)"
HINDER = (
    "'Before a creature in your Reach would move, attack to prevent the movement, DL 3. If "
    "they would move into or out of a space you occupy, gain +3 on your roll.'"
)
OVERPOWER = (
    "'Against a larger target, suffer a penalty on your roll equal to the size difference. "
    "Against a smaller target, gain a bonus instead. You cannot affect targets 3 or more "
    "sizes larger than you.'"
)


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def line(n: int, base: Hex = C) -> list[Hex]:
    return [east(i, base) for i in range(n + 1)]


def left(n: int) -> Vitals:
    """Vitals with ``n`` Movement left this turn."""
    return Vitals().with_value("current", "movement", n)


def mover(board: Board = BOARD, at: Hex = C, **kw: object) -> Board:
    """``board`` with the mover, during a conflict (Movement is paid only then)."""
    board = board.with_token(Token("m", "Mover", at, **kw))  # type: ignore[arg-type]
    return with_turn(board, start(join(TurnState(), "m", 5)))


def crouching() -> tuple[object, ...]:
    return set_condition((), "crouching", 1)


def prone() -> tuple[object, ...]:
    return set_condition((), "prone", 1)


# --- Movement left against the cost -----------------------------------------------------------

LINE_CASES = [
    # (spaces, Movement left, token kwargs, cost, allowed)
    pytest.param(1, 5, {}, 1, True, id="1 space, 1 Movement (Primary)"),
    pytest.param(5, 5, {}, 5, True, id="Movement Pool 5 [P-CHAR]: 5 spaces"),
    pytest.param(6, 5, {}, 6, False, id="a 6th space is more than the Pool"),
    pytest.param(2, 2, {}, 2, True, id="2 left: 2 spaces"),
    pytest.param(3, 2, {}, 3, False, id="2 left: not 3 spaces"),
    pytest.param(2, 5, {"conditions": crouching()}, 4, True, id="Crouching: 2 spaces for 4"),
    pytest.param(3, 5, {"conditions": crouching()}, 6, False, id="Crouching: 3 spaces is 6"),
    pytest.param(1, 5, {"conditions": prone()}, 3, True, id="Prone: 1 space for 3"),
    pytest.param(2, 5, {"conditions": prone()}, 6, False, id="Prone: 2 spaces is 6"),
    pytest.param(0, 0, {}, 0, True, id="staying put costs nothing, even with 0 left"),
]


@pytest.mark.parametrize(("spaces", "have", "token", "cost", "allowed"), LINE_CASES)
def test_a_path_against_the_movement_left(
    spaces: int, have: int, token: dict[str, object], cost: int, allowed: bool
) -> None:
    board = mover(vitals=left(have), **token)
    plan = plan_path(board, "m", line(spaces))
    assert plan.cost == cost
    assert plan.cost == sum(s.cost for s in plan.steps)
    assert len(plan.steps) == spaces
    assert plan.paid == cost, "walking: each Movement buys 1 cost"
    assert plan.left == have == movement_left(board.token("m"))
    assert plan.allowed is allowed
    if allowed:
        assert plan.refusal is None
    else:
        assert plan.refusal is not None
        assert str(cost) in plan.refusal and str(have) in plan.refusal, plan.refusal
        assert "left" in plan.refusal


PACE_CASES = [
    # (pace, Movement left, spaces, paid, allowed) — [ASSUMPTION] of rules/movement.py:
    # Dash's "each Movement paid moves 1 extra space" = cost ÷ 2, Run's "2 extra" = ÷ 3,
    # rounded up.
    pytest.param("walk", 2, 2, 2, True, id="walk: 1 Movement per space"),
    pytest.param("dash", 2, 4, 2, True, id="Dash: each Movement moves 1 extra space"),
    pytest.param("dash", 2, 3, 2, True, id="Dash: 3 spaces cost 2 (rounded up)"),
    pytest.param("dash", 2, 5, 3, False, id="Dash: 5 spaces need 3 Movement"),
    pytest.param("run", 2, 6, 2, True, id="Run: each Movement moves 2 extra spaces"),
    pytest.param("run", 2, 4, 2, True, id="Run: 4 spaces cost 2 (rounded up)"),
    pytest.param("run", 2, 7, 3, False, id="Run: 7 spaces need 3 Movement"),
    pytest.param("run", 1, 3, 1, True, id="Run: 1 Movement, 3 spaces"),
]


@pytest.mark.parametrize(("pace", "have", "spaces", "paid", "allowed"), PACE_CASES)
def test_dash_and_run_budgets(pace: str, have: int, spaces: int, paid: int, allowed: bool) -> None:
    board = mover(vitals=left(have), motion=Motion(pace=pace))
    plan = plan_path(board, "m", line(spaces))
    assert (plan.cost, plan.paid, plan.allowed) == (spaces, paid, allowed)
    if not allowed:
        assert plan.refusal and str(paid) in plan.refusal


@pytest.mark.parametrize(
    ("pace", "have", "budget"),
    [("walk", 5, 5), ("dash", 5, 10), ("run", 5, 15), ("dash", 0, 0), ("run", 2, 6)],
)
def test_budget_of_is_movement_left_times_the_pace(pace: str, have: int, budget: int) -> None:
    token = Token("m", "Mover", C, vitals=left(have), motion=Motion(pace=pace))
    assert movement_left(token) == have
    assert budget_of(token) == budget


def test_dash_through_water_pays_half_the_swim_cost() -> None:
    # Secondary Swim: 2 per space; 2 spaces cost 4; Dash pays 2. Swimmers may Dash (the seed
    # forbids running only).
    board = mover(vitals=left(2), motion=Motion(pace="dash")).with_terrain(
        "water_depth", [east(1), east(2)], 1
    )
    plan = plan_path(board, "m", line(2))
    assert (plan.cost, plan.paid, plan.allowed) == (4, 2, True)


def test_movement_pool_capacity_is_not_what_is_left() -> None:
    # Q25: the pool refills at turn start; a bigger pool with little left still pays from
    # what is left.
    board = mover(movement_pool=9, vitals=left(1))
    assert plan_path(board, "m", line(1)).allowed
    assert not plan_path(board, "m", line(2)).allowed


def test_a_refused_step_refuses_the_path_and_says_why() -> None:
    board = mover().with_terrain("blocked", [east(2)], True)
    plan = plan_path(board, "m", line(3))
    assert not plan.allowed
    assert plan.refusal and "wall" in plan.refusal


def test_a_path_starts_at_the_token() -> None:
    with pytest.raises(ValueError, match="starts at"):
        plan_path(mover(), "m", [east(1), east(2)])


# --- rolls are listed once ------------------------------------------------------------------

ROLL_CASES = [
    # (layer per path space 1..n, rolls)
    pytest.param(
        ["water", "water", "water"],
        [("Athletics", 3)],
        id="Swim once: 'roll once when the event occurs. That roll applies until your next turn'",
    ),
    pytest.param(["steep", "steep"], [("Climb", 6)], id="Climb DL 6 once along two steep spaces"),
    pytest.param(
        ["steep", "water", "steep", "water"],
        [("Athletics", 3), ("Climb", 6)],
        id="each kind of roll once, whatever the order",
    ),
    pytest.param(["", "", ""], [], id="open ground calls for no roll"),
]


@pytest.mark.parametrize(("layers", "rolls"), ROLL_CASES)
def test_rolls_are_listed_once_per_path(layers: list[str], rolls: list[tuple[str, int]]) -> None:
    board = mover(movement_pool=20, vitals=left(20))
    for i, layer in enumerate(layers, start=1):
        if layer == "water":
            board = board.with_terrain("water_depth", [east(i)], 1)
        elif layer == "steep":
            board = board.with_terrain("steep", [east(i)], True)
    plan = plan_path(board, "m", line(len(layers)))
    assert plan.allowed, plan.refusal
    assert sorted((r.skill, r.dl) for r in plan.rolls) == rolls
    text = "\n".join(plan.describe())
    for skill, dl in rolls:
        assert f"{skill} DL {dl}" in text


# --- sound (R-SOUND) --------------------------------------------------------------------------

SOUND_CASES = [
    # (token kwargs, Magnitude, words the terms must name)
    pytest.param({}, 2, ["2 + size 0"], id=f"{SOUND}: size 0"),
    pytest.param({"size": 3}, 5, ["size 3"], id=f"{SOUND}: size 3"),
    pytest.param({"size": -2}, 0, ["size -2"], id=f"{SOUND}: size -2"),
    pytest.param(
        {"movement_types": FLYER, "motion": Motion(mode="fly", altitude=1)},
        4,
        ["wings"],
        id=WINGS,
    ),
    pytest.param(
        {"movement_types": FLYER, "motion": Motion(mode="fly", altitude=1, winged=False)},
        2,
        [],
        id="a flyer without wings makes no extra sound",
    ),
    pytest.param(
        {"movement_types": FLYER, "motion": Motion(mode="ground")},
        2,
        [],
        id="winged, but walking: +2 only while flying on wings",
    ),
    pytest.param({"motion": Motion(amble=True)}, 1, ["Amble"], id=AMBLE),
    pytest.param({"motion": Motion(pace="dash")}, 3, ["Dash"], id="[P-MOBILITY] Dash +1 sound"),
    pytest.param({"motion": Motion(pace="run")}, 4, ["Run"], id="[P-MOBILITY] Run +2 sound"),
    pytest.param(
        {"motion": Motion(pace="dash", amble=True)}, 2, ["Amble", "Dash"], id="Amble and Dash"
    ),
    pytest.param(
        {
            "size": 1,
            "movement_types": FLYER,
            "motion": Motion(mode="fly", altitude=2, pace="run", amble=True),
        },
        6,
        ["size 1", "wings", "Amble", "Run"],
        id="2 + 1 + 2 (wings) - 1 (Amble) + 2 (Run)",
    ),
]


@pytest.mark.parametrize(("token", "magnitude", "words"), SOUND_CASES)
def test_movement_sound_magnitude(
    token: dict[str, object], magnitude: int, words: list[str]
) -> None:
    board = mover(**token)
    sound = sound_of(board.token("m"))
    assert sound.magnitude == magnitude
    terms = " ".join(sound.terms)
    assert "[S001]" in terms
    for word in words:
        assert word.lower() in terms.lower(), terms
    assert plan_path(board, "m", line(1)).sound == sound


# --- Hinder Movement (seed 002) -------------------------------------------------------------


def hinderers(
    *others: Token, size: int = 0, path: Sequence[Hex] | None = None
) -> dict[str, object]:
    board = mover(size=size)
    for other in others:
        board = board.with_token(other)
    chances = hinder_chances(board, "m", list(path) if path is not None else line(3))
    plan = plan_path(board, "m", list(path) if path is not None else line(3))
    assert plan.hinder == chances
    return {c.hinderer_id: c for c in chances}


def creature(tid: str, at: Hex, size: int = 0, **kw: object) -> Token:
    return Token(tid, tid.title(), at, size=size, **kw)  # type: ignore[arg-type]


HINDER_CASES = [
    # (hinderer at, hinderer size, mover size, step, bonus step, size modifier, allowed)
    pytest.param(east(2), 0, 0, 2, 2, 0, True, id=f"{HINDER}: in Reach after step 1; enters at 2"),
    pytest.param(Hex(C.q, C.r - 1), 0, 0, 1, None, 0, True, id=f"{HINDER}: adjacent, never enters"),
    pytest.param(C, 0, 0, 1, 1, 0, True, id=f"{HINDER}: sharing the space, step 1 leaves it"),
    pytest.param(
        Hex(C.q + 3, C.r - 1), 0, 0, 3, None, 0, True, id=f"{HINDER}: in Reach before step 3"
    ),
    pytest.param(Hex(C.q - 2, C.r), 1, 0, 1, None, 1, True, id=f"Reach 2 (size 1); {OVERPOWER}"),
    pytest.param(Hex(C.q, C.r - 1), 0, 2, 1, None, -2, True, id=f"2 sizes larger: {OVERPOWER}"),
    pytest.param(Hex(C.q, C.r - 1), 0, -2, 1, None, 2, True, id=f"2 sizes smaller: {OVERPOWER}"),
    pytest.param(Hex(C.q, C.r - 1), 0, 3, 1, None, -3, False, id=f"3 sizes larger: {OVERPOWER}"),
    pytest.param(Hex(C.q, C.r - 1), -1, 3, 1, None, -4, False, id=f"4 sizes larger: {OVERPOWER}"),
]


@pytest.mark.parametrize(
    ("at", "size", "mover_size", "step", "bonus", "modifier", "allowed"), HINDER_CASES
)
def test_who_may_hinder_movement(
    at: Hex,
    size: int,
    mover_size: int,
    step: int,
    bonus: int | None,
    modifier: int,
    allowed: bool,
) -> None:
    chances = hinderers(creature("h", at, size), size=mover_size)
    chance = chances["h"]
    assert (chance.step, chance.bonus_step, chance.size_modifier) == (step, bonus, modifier)
    assert chance.dl == 3
    assert chance.allowed is allowed
    if not allowed:
        assert "impossible" in chance.reason.lower() or "cannot" in chance.reason.lower()
    assert "[S002]" in chance.describe()


NOT_HINDERING = [
    pytest.param(creature("far", east(6)), id="never within Reach of the path"),
    pytest.param(creature("rat", east(3), -2), id="Reach 0 (size -2): entered last, never left"),
    pytest.param(
        Token("crate", "Crate", Hex(C.q, C.r - 1), kind=TokenKind.OBJECT),
        id="'Before a creature in your Reach would move': an object does not Hinder",
    ),
]


@pytest.mark.parametrize("other", NOT_HINDERING)
def test_who_may_not_hinder_movement(other: Token) -> None:
    assert other.id not in hinderers(other)


def test_each_hinderer_is_listed_once_at_its_first_step() -> None:
    # Beside the start and entered at step 2: one chance, from step 1, bonus at step 2.
    chances = hinderers(
        creature("h", Hex(C.q + 1, C.r - 1)), path=[C, east(1), Hex(C.q + 1, C.r - 1)]
    )
    assert list(chances) == ["h"]
    assert (chances["h"].step, chances["h"].bonus_step) == (1, 2)


def test_a_path_with_nobody_around_lists_no_hinderer() -> None:
    assert hinderers() == {}


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


POSTURE_REFUSALS = [
    pytest.param(
        {"movement_types": FLYER, "motion": Motion(mode="fly", altitude=2)},
        [],
        "prone",
        "flying",
        id="'While flying, you cannot be Prone'",
    ),
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
