"""Acceptance tests for falling: the schedule, braking, the landing and Climb surfaces —
from the rules text.

Sources: seed 001 falling and Climb paragraphs, the falling Collision bullet; RULES-DIGEST
§11 Q17 (Reach), Q21 (1 elevation step = 1 space), Q23, §12 R-FALL / R-COLLIDE. Expected
values are worked by hand from the texts, not taken from ``rules/``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.movement.falling import FALL_NOTES, FALL_SCHEDULE, fall, fall_stages

SCHEDULE = (
    "When you begin to fall, fall 5 spaces immediately. At the beginning of your first turn "
    "while falling, fall 80 spaces, and fall 175 spaces on each other turn"
)
BRAKE = "pay 1 Movement to reduce the spaces you fall on this and following turns by the result"
STOP = "If this reduces the spaces to 0, you stop falling and begin flying"
CLIMB = "While falling, if there is a surface in Reach, roll Climb"

BOARD = Board.blank(20, 20)
C = BOARD.hex_at(10, 10)
FLYER = ("land", "swim", "fly")


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def faller(board: Board = BOARD, altitude: int = 10, size: int = 0, **kw: object) -> Board:
    motion = kw.pop("motion", Motion(altitude=altitude))
    token = Token("f", "Faller", C, size=size, motion=motion, **kw)  # type: ignore[arg-type]
    return board.with_token(token)


def test_fall_schedule() -> None:
    assert [spaces for spaces, _ in FALL_SCHEDULE] == [5, 80, 175], SCHEDULE


STAGE_CASES = [
    # (height, braking, drops, stops, id)
    (3, 0, [3], False, f"{SCHEDULE}: a short fall ends in the first 5"),
    (5, 0, [5], False, f"{SCHEDULE}: exactly 5"),
    (6, 0, [5, 1], False, f"{SCHEDULE}: 1 more at the first turn"),
    (85, 0, [5, 80], False, f"{SCHEDULE}: 5 + 80"),
    (86, 0, [5, 80, 1], False, f"{SCHEDULE}: then 175 a turn"),
    (500, 0, [5, 80, 175, 175, 65], False, f"{SCHEDULE}: 175 on each other turn"),
    (100, 2, [3, 78, 19], False, f"{BRAKE}: every drop -2"),
    (4, 1, [4], False, f"{BRAKE}: 5 - 1 covers 4"),
    (100, 4, [1, 76, 23], False, f"{BRAKE}: 5 - 4 = 1"),
    (100, 5, [], True, f"{STOP}: 5 - 5 = 0"),
    (100, 80, [], True, f"{STOP}: more than 5"),
    (0, 0, [], False, "nothing to fall"),
]


@pytest.mark.parametrize(
    ("height", "braking", "drops", "stops"),
    [c[:4] for c in STAGE_CASES],
    ids=[c[4] for c in STAGE_CASES],
)
def test_fall_stages(height: int, braking: int, drops: list[int], stops: bool) -> None:
    stages, stopped = fall_stages(height, braking)
    assert [s.spaces for s in stages] == drops
    assert stopped is stops
    assert [s.turn for s in stages] == list(range(len(drops)))


@given(st.integers(0, 3000), st.integers(0, 200))
def test_stages_sum_to_the_height(height: int, braking: int) -> None:
    stages, stopped = fall_stages(height, braking)
    left = height
    for stage, (base, _) in zip(stages, [*FALL_SCHEDULE, *[FALL_SCHEDULE[-1]] * 30], strict=False):
        assert 0 < stage.spaces <= base - braking
        left -= stage.spaces
        assert stage.height_left == left
    if stopped:
        assert braking >= 5 and not stages  # braking before the first drop
    else:
        assert sum(s.spaces for s in stages) == height


def test_stage_labels_say_when() -> None:
    stages, _ = fall_stages(300)
    assert stages[0].when == "when the fall begins"
    assert "first turn" in stages[1].when
    assert "turn 2" in stages[2].when


def test_fall_lands_in_place_with_collision_damage() -> None:
    board = faller(BOARD.with_terrain("softness", [C], 6), altitude=90)
    result = fall(board, "f")
    assert [s.spaces for s in result.stages] == [5, 80, 5]
    assert result.lands and result.turns_to_land == 2
    assert result.landing_anchor == C and result.landing_ground == 0
    assert result.collision is not None
    assert result.collision.damage == 40 - 3  # capped at 40, size 0, half of Softness 6


@pytest.mark.parametrize(
    ("altitude", "size", "softness", "damage", "turns"),
    [(3, 0, 0, 3, 0), (6, 2, 4, 6, 1), (12, -1, 2, 10, 1), (1, -3, 0, 0, 0)],
    ids=[
        "Falling adds 1 damage for each space fallen",
        "modified by your size; reduced by half the tier of Ground Softness",
        "size -1, Softness 2: 12 - 1 - 1",
        "Q23 never below 0",
    ],
)
def test_fall_damage_table(
    altitude: int, size: int, softness: int, damage: int, turns: int
) -> None:
    board = faller(BOARD.with_terrain("softness", [C], softness), altitude, size)
    result = fall(board, "f")
    assert result.collision is not None and result.collision.damage == damage
    assert result.turns_to_land == turns
    assert result.softness == softness


def test_fall_uses_softness_under_the_anchor_and_the_highest_ground_below() -> None:
    # Size 3 fills the anchor and the hex east of it; that hex's ground is 2 higher.
    board = BOARD.with_terrain("elevation", [C], 1).with_terrain("elevation", [east(1)], 3)
    board = board.with_terrain("softness", [east(1)], 12)
    result = fall(faller(board, altitude=10, size=3), "f")
    assert result.height == 8  # it meets the higher hex 2 spaces sooner
    assert result.landing_ground == 3
    assert result.softness == 2  # the anchor hex's Softness (a blank map's open ground)
    assert result.collision is not None and result.collision.damage == 8 + 3 - 1


def test_climb_surfaces_are_steep_or_walls_in_reach() -> None:
    board = BOARD.with_terrain("steep", [east(1)], True).with_terrain("blocked", [east(-2)], True)
    small = fall(faller(board), "f")
    assert small.climb_surfaces == {east(1)}, CLIMB
    big = fall(faller(board, size=1), "f")  # Reach 2 (Q17)
    assert big.climb_surfaces == {east(1), east(-2)}
    assert big.climb_dl == 6
    assert fall(faller(), "f").climb_surfaces == frozenset()


def test_a_flyer_brakes_and_may_stop_falling() -> None:
    board = faller(altitude=100, movement_types=FLYER)
    slowed = fall(board, "f", braking=2)
    assert [s.spaces for s in slowed.stages] == [3, 78, 19], BRAKE
    stopped = fall(board, "f", braking=6)
    assert not stopped.lands and stopped.collision is None and stopped.turns_to_land is None
    assert "begins flying" in stopped.reasons[0], STOP
    flying = faller(altitude=30, movement_types=FLYER, motion=Motion(mode="fly", altitude=30))
    assert fall(flying, "f", braking=1).lands


@pytest.mark.parametrize(
    ("kw", "braking", "word"),
    [
        ({"altitude": 0}, 0, "not above the ground"),
        ({"altitude": 5}, 2, "cannot fly"),
        ({"motion": Motion(mode="fly", altitude=5), "movement_types": FLYER}, 0, "is flying"),
        ({"altitude": 5}, -1, "braking"),
    ],
)
def test_fall_refuses(kw: dict[str, object], braking: int, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        fall(faller(**kw), "f", braking=braking)  # type: ignore[arg-type]


def test_fall_notes_quote_the_rules() -> None:
    text = " ".join(FALL_NOTES)
    assert "While falling, you are considered moving" in text
    assert "You may take actions at any point during the fall" in text
    assert CLIMB in text
    assert fall(faller(), "f").notes == FALL_NOTES
