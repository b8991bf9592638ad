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

import pytest

from rules.board.motion import Motion
from rules.board.tokens import Token, TokenKind
from rules.hexes import Hex
from rules.movement.hinder import hinder_chances
from rules.movement.plan import budget_of, movement_left, plan_path, sound_of
from tests.rules.seed_movement_plan_helpers import (
    AMBLE,
    FLYER,
    HINDER,
    OVERPOWER,
    SOUND,
    WINGS,
    C,
    creature,
    crouching,
    east,
    left,
    line,
    mover,
    prone,
)

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
