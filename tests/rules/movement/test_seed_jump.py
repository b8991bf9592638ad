"""Acceptance tests for jumping: distance from a Jump roll and landing spaces — from the
rules text.

Sources: seed 001 Jump paragraphs; [P-MOBILITY] Dash +4 / Run +8 on Jump; RULES-DIGEST
§11 Q22 (feet -> spaces, inches -> elevation), §11a D4 (airborne Encumbered 2 adds +2 cost),
D7 (pool in formulas), D12 (entering spaces), §12 R-JUMP. Expected values are worked by
hand from the texts, not taken from ``rules/``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.hexes import Hex, distance, hex_line
from rules.movement.jumping import JUMP_NOTES, jump_reach, landing_spaces

FEET = "You can long jump up to a number of feet equal to your result"
HALVED = "without first moving at least 2 spaces to gain momentum, the distance is halved"
BONUS = "gain a bonus on your roll equal to the amount your Movement Pool exceeds 5"
HIGH = "You can high jump to raise your center of mass up to 4 inches x your result"
SMALL = "Take a penalty on Jump rolls equal to your sizes smaller than 0"
PACE = "[P-MOBILITY] Dash +4 / Run +8 Jump"
AIR = "While off the ground, you have Tier 2 Encumbered (D4: +2 cost)"

BOARD = Board.blank(20, 20)
C = BOARD.hex_at(10, 10)


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def jumper(board: Board = BOARD, size: int = 0, **kw: object) -> Board:
    return board.with_token(Token("j", "Jumper", C, size=size, **kw))  # type: ignore[arg-type]


# --- distance from the roll ------------------------------------------------------------------

LONG_CASES = [
    # (result, run_up, pool, size, pace, total, feet, spaces, id)
    (12, 2, 5, 0, "walk", 12, 12, 2, f"{FEET}; Q22 12 ft -> 2 spaces"),
    (14, 3, 5, 0, "walk", 14, 14, 2, f"{FEET}; Q22 rounds down"),
    (15, 2, 5, 0, "walk", 15, 15, 3, f"{FEET}; 15 ft -> 3 spaces"),
    (12, 1, 5, 0, "walk", 12, 6, 1, f"{HALVED}: 1 space of run-up"),
    (12, 0, 9, 0, "walk", 12, 6, 1, f"{HALVED}; no bonus without run-up"),
    (9, 0, 5, 0, "walk", 9, 4, 0, f"{HALVED}: 4.5 rounds down"),
    (12, 2, 9, 0, "walk", 16, 16, 3, f"{BONUS}: pool 9 -> +4"),
    (12, 2, 3, 0, "walk", 12, 12, 2, f"{BONUS}: pool 3 exceeds nothing -> +0"),
    (10, 2, 5, -2, "walk", 8, 8, 1, f"{SMALL}: size -2 -> -2"),
    (10, 2, 5, 2, "walk", 10, 10, 2, f"{SMALL}: size 2 -> no penalty"),
    (10, 2, 5, 0, "dash", 14, 14, 2, f"{PACE}: Dash"),
    (10, 2, 5, 0, "run", 18, 18, 3, f"{PACE}: Run"),
    (3, 0, 5, -4, "walk", -1, 0, 0, f"{SMALL}: a total below 0 jumps 0"),
    (11, 2, 7, -1, "run", 20, 20, 4, f"{BONUS}, {SMALL}, {PACE}: 11 + 2 - 1 + 8"),
]


@pytest.mark.parametrize(
    ("result", "run_up", "pool", "size", "pace", "total", "feet", "spaces"),
    [c[:8] for c in LONG_CASES],
    ids=[c[8] for c in LONG_CASES],
)
def test_long_jump(
    result: int, run_up: int, pool: int, size: int, pace: str, total: int, feet: int, spaces: int
) -> None:
    j = jump_reach(result, "long", run_up=run_up, movement_pool=pool, size=size, pace=pace)
    assert (j.total, j.feet, j.spaces, j.inches, j.elevation_gain) == (total, feet, spaces, 0, 0)
    assert j.total == result + sum(m.amount for m in j.modifiers)


HIGH_CASES = [
    # (result, run_up, pool, size, pace, total, inches, gain, id)
    (15, 0, 5, 0, "walk", 15, 60, 1, f"{HIGH}: 60 in -> 1 elevation (Q22)"),
    (14, 0, 5, 0, "walk", 14, 56, 0, f"{HIGH}: 56 in rounds down to 0"),
    (30, 0, 5, 0, "walk", 30, 120, 2, f"{HIGH}: 120 in -> 2"),
    (15, 5, 9, 0, "walk", 15, 60, 1, f"{HIGH}: the run-up bonus is for long jumps"),
    (15, 0, 5, -1, "walk", 14, 56, 0, f"{SMALL}: high jumps too"),
    (11, 0, 5, 0, "dash", 15, 60, 1, f"{PACE}: Dash"),
    (22, 0, 5, 0, "run", 30, 120, 2, f"{PACE}: Run"),
]


@pytest.mark.parametrize(
    ("result", "run_up", "pool", "size", "pace", "total", "inches", "gain"),
    [c[:8] for c in HIGH_CASES],
    ids=[c[8] for c in HIGH_CASES],
)
def test_high_jump(
    result: int, run_up: int, pool: int, size: int, pace: str, total: int, inches: int, gain: int
) -> None:
    j = jump_reach(result, "high", run_up=run_up, movement_pool=pool, size=size, pace=pace)
    assert (j.total, j.inches, j.elevation_gain, j.feet, j.spaces) == (total, inches, gain, 0, 0)


def test_breakdown_and_notes_explain_the_jump() -> None:
    j = jump_reach(12, "long", run_up=0, movement_pool=5, size=-1, pace="dash")
    text = " | ".join(j.breakdown)
    assert "halved" in text and "Q22" in text
    assert [m.amount for m in j.modifiers] == [-1, 4]
    notes = " ".join(j.notes)
    assert "On failure, your jump ends at the allowed distance" in notes
    assert "you remain in the air" in notes
    assert "you may choose not to fall until the start of your next turn" in notes


@given(st.integers(-50, 150), st.integers(0, 6), st.integers(0, 20), st.integers(-6, 6))
def test_distance_is_monotone_in_the_result(result: int, run_up: int, pool: int, size: int) -> None:
    kw = {"run_up": run_up, "movement_pool": pool, "size": size}
    a, b = jump_reach(result, "long", **kw), jump_reach(result + 1, "long", **kw)
    assert 0 <= a.spaces <= b.spaces
    assert a.spaces == a.feet // 5
    h, k = jump_reach(result, "high", **kw), jump_reach(result + 1, "high", **kw)
    assert 0 <= h.elevation_gain <= k.elevation_gain


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"kind": "triple"}, "jump kind"),
        ({"pace": "sprint"}, "pace"),
        ({"run_up": -1}, "run-up"),
        ({"movement_pool": 100}, "Movement Pool"),
        ({"size": 13}, "size"),
        ({"result": 1.5}, "Jump result"),
    ],
)
def test_jump_reach_rejects_bad_input(kwargs: dict[str, object], word: str) -> None:
    args: dict[str, object] = {
        "result": 10,
        "kind": "long",
        "run_up": 2,
        "movement_pool": 5,
        "size": 0,
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=word):
        jump_reach(**args)  # type: ignore[arg-type]


# --- landing spaces --------------------------------------------------------------------------


def test_long_jump_lands_anywhere_within_its_spaces_on_open_ground() -> None:
    found = landing_spaces(jumper(), "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=0))
    expected = {h for h in BOARD.hexes() if 1 <= distance(h, C) <= 2}
    assert found.anchors == expected
    for landing in found.landings:
        assert landing.spaces == distance(C, landing.anchor)
        assert landing.cost == 3 * landing.spaces, AIR
    assert not found.refused


def test_a_wall_stops_the_line_of_a_long_jump() -> None:
    board = jumper(BOARD.with_terrain("blocked", [east(1)], True))
    found = landing_spaces(board, "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=0))
    refused = dict(found.refused)
    assert east(1) in refused and "wall" in refused[east(1)]
    assert east(2) in refused and "in the way" in refused[east(2)]
    for h in (h for h in BOARD.hexes() if 1 <= distance(h, C) <= 2):
        crosses = east(1) in hex_line(C, h)
        assert (h in found.anchors) == (not crosses)


def test_long_jump_does_not_land_higher_but_may_land_lower() -> None:
    board = jumper(
        BOARD.with_terrain("elevation", [east(2)], 1).with_terrain("elevation", [east(-2)], -3)
    )
    found = landing_spaces(board, "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=0))
    assert east(2) not in found.anchors
    assert "higher" in dict(found.refused)[east(2)]
    low = found.landing_at(east(-2))
    assert low is not None and low.rise == -3 and not low.higher


def test_a_full_space_cannot_be_a_landing_space() -> None:
    board = jumper()
    for i in range(4):
        board = board.with_token(Token(f"h{i}", f"H{i}", east(2)))
    found = landing_spaces(board, "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=0))
    assert east(2) not in found.anchors
    assert "more than fully occupied" in dict(found.refused)[east(2)]


def test_landing_spaces_stay_on_the_map() -> None:
    corner = BOARD.hex_at(0, 0)
    board = BOARD.with_token(Token("j", "J", corner))
    found = landing_spaces(board, "j", jump_reach(20, "long", run_up=2, movement_pool=5, size=0))
    assert found.anchors == {h for h in BOARD.hexes() if 1 <= distance(h, corner) <= 4}


def test_high_jump_lands_in_place_or_adjacent_within_its_gain() -> None:
    board = BOARD.with_terrain("elevation", [east(1)], 1).with_terrain("elevation", [east(-1)], 2)
    found = landing_spaces(
        jumper(board), "j", jump_reach(15, "high", run_up=0, movement_pool=5, size=0)
    )
    expected = {C, *(h for h in BOARD.hexes() if distance(h, C) == 1)} - {east(-1)}
    assert found.anchors == expected
    assert "above the high jump's gain" in dict(found.refused)[east(-1)]
    own = found.landing_at(C)
    assert own is not None and (own.spaces, own.cost) == (0, 0)
    ledge = found.landing_at(east(1))
    assert ledge is not None and ledge.higher and ledge.cost == 3
    assert any("may choose not to fall" in r for r in ledge.reasons)


def test_movement_left_decides_whether_it_lands_this_turn() -> None:
    # "If you run out of Movement before reaching your target space, you remain in the air"
    board = jumper(vitals=Vitals().with_value("current", "movement", 4))
    found = landing_spaces(board, "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=0))
    assert found.movement_left == 4
    one, two = found.landing_at(east(1)), found.landing_at(east(2))
    assert one is not None and one.affordable
    assert two is not None and not two.affordable
    assert any("remain in the air" in r for r in two.reasons)


def test_a_wide_token_sweeps_its_whole_footprint() -> None:
    # Size 3 fills a pair (anchor + east); a wall one row up only touches the second hex's
    # path when the jump goes that way.
    board = BOARD.with_terrain("blocked", [east(3)], True)
    board = board.with_token(Token("j", "J", C, size=3))
    found = landing_spaces(board, "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=3))
    assert east(2) not in found.anchors  # the pair would stand on the wall
    assert east(1) in found.anchors
    assert east(-2) in found.anchors


def test_a_token_in_the_air_cannot_jump() -> None:
    board = jumper(motion=Motion(altitude=2))
    with pytest.raises(ValueError, match="starts on the ground"):
        landing_spaces(board, "j", jump_reach(12, "long", run_up=2, movement_pool=5, size=0))


def test_landings_carry_the_jump_notes() -> None:
    found = landing_spaces(jumper(), "j", jump_reach(4, "long", run_up=2, movement_pool=5, size=0))
    assert found.landings == ()  # 4 ft: under one space (Q22)
    assert found.notes == JUMP_NOTES
