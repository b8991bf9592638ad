"""Acceptance tests for full spaces, entering a space and Reach into a full space — from
the rules text.

Sources: seed 000/001 (identical here): "When multiple creatures and objects share a
space…", "For each other size 0 or larger creature or object in a space you occupy…",
"A space containing 4 size 0 creatures is fully occupied…"; seed 001 winged flight
("Count as 2 sizes larger to determine Crowded"); DESIGN.md "Contracts" (Occupancy);
RULES-DIGEST §11a D1–D3, D12 and §12 R-CROWD / R-FULL / R-REACH-OCC.
Expected values come from the texts and the independent model below, not from ``rules/``.
Shared helpers: ``seed_helpers``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield.occupancy import entry_check, full_spaces
from rules.battlefield.reach import can_reach
from rules.board.grid import Board
from rules.board.tokens import Token
from tests.rules.seed_helpers import MULTI, board_with, others
from tests.rules.seed_helpers import OCC_BOARD as BOARD
from tests.rules.seed_helpers import OCC_C as C
from tests.rules.seed_helpers import big_token as _big
from tests.rules.seed_helpers import occ_at as at
from tests.rules.seed_helpers import occ_east as east

FULL = (
    "[S000] 'A space containing 4 size 0 creatures is fully occupied. You cannot move into an "
    "occupied space if you would cause it to be more than fully occupied.'"
)
REACH_FULL = (
    "[S000] 'While adjacent to a space that is fully occupied, you can target subjects in the "
    "space as if you can Reach them even if you normally could not.'"
)

FAR = BOARD.hex_at(1, 1)


# --- full spaces and entering (D12) ---------------------------------------------------------


def test_full_spaces() -> None:
    # FULL; DESIGN.md: a size-s creature weighs 2**s units, a space holds 4, a creature on
    # several spaces weighs 1 unit in each.
    board = board_with(
        *others([0, 0, 0, 0], C),  # four humans: full
        ("bison", east(2), 2),  # one size 2: full
        ("ogre", east(4), 1),
        ("h1", east(4), 0),
        ("h2", east(4), 0),  # 2 + 1 + 1: full
        ("t1", east(6), 0),
        ("t2", east(6), 0),
        ("t3", east(6), 0),  # 3: not full
        ("u1", at(-6, 0), 0),
        ("u2", at(-6, 0), 0),
        ("u3", at(-6, 0), 0),
        ("g1", at(-6, 0), -1),
        ("g2", at(-6, 0), -1),  # 3 + 1/2 + 1/2: full
        ("v1", at(-3, 0), 0),
        ("v2", at(-3, 0), 0),
        ("v3", at(-3, 0), 0),
        ("g3", at(-3, 0), -1),  # 3.5: not full
    )
    board = board.with_token(_big("dragon", 4, at(0, 4)))  # 1 unit in each of its spaces
    assert full_spaces(board) == frozenset({C, east(2), east(4), at(-6, 0)}), FULL


ENTRY_CASES = [
    # (occupants of C as (size) list, mover size, allowed, rule)
    ([], 0, True, "D12: an empty space can always be entered"),
    ([], 2, True, "D12: an empty space can always be entered"),
    ([], -4, True, "D12: an empty space can always be entered"),
    ([0, 0, 0], 0, True, "3 + 1 = 4: not more than fully occupied"),
    ([0, 0, 0, 0], 0, False, FULL),
    ([0, 0, 0, 0], -4, False, FULL + " (4 + 1/16 > 4)"),
    ([0, 0, 0, 0], -1, False, FULL),
    ([1, 0], 0, True, "2 + 1 + 1 = 4"),
    ([1, 0], 1, False, "2 + 1 + 2 = 5"),
    ([2], -1, False, "R-CROWD: a size-2 bison fills a space alone: nobody else can enter it"),
    ([2], 0, False, "R-CROWD: a size-2 bison fills a space alone"),
    ([-1], 2, False, "4 + 1/2 > 4; a goblin is only 3 sizes smaller than a bison"),
    ([-2], 2, True, "D12: occupants 4+ sizes smaller than the mover are ignored"),
    ([-2, -2, -2, -2], 2, True, "D12: occupants 4+ sizes smaller than the mover are ignored"),
    ([0, 0, 0, -1], -1, True, "3.5 + 0.5 = 4"),
    ([0, 0, 0, -1], 0, False, "3.5 + 1 > 4"),
]


@pytest.mark.parametrize(("sizes", "mover", "allowed", "rule"), ENTRY_CASES)
def test_entry_table(sizes: list[int], mover: int, allowed: bool, rule: str) -> None:
    board = board_with(*others(sizes), asker=("m", FAR, mover))
    check = entry_check(board, "m", C)
    assert check.allowed is allowed, rule
    if not allowed:
        assert check.reasons


def test_a_multi_space_creature_weighs_1_in_each_space() -> None:
    board = board_with(*others([0, 0, 0]), asker=("m", FAR, 0))
    board = board.with_token(_big("dragon", 4, C))
    assert C in full_spaces(board), FULL + " + " + MULTI
    assert entry_check(board, "m", C).allowed is False
    lone = board_with(asker=("bison", FAR, 2)).with_token(_big("dragon", 4, C))
    assert entry_check(lone, "bison", C).allowed is False, "1 + 4 > 4"


def test_a_multi_space_mover_needs_room_in_every_space() -> None:
    mover = Token("m", "m", FAR, size=3)
    spaces = sorted(mover.footprint_at(C), key=lambda h: (h.q, h.r))
    assert len(spaces) == 2
    base = BOARD.with_token(mover)
    three_each = base
    for i, space in enumerate(spaces):
        for j in range(3):
            three_each = three_each.with_token(Token(f"h{i}{j}", "h", space, size=0))
    assert entry_check(three_each, "m", C).allowed is True, "3 + 1 in each space"
    one_full = three_each.with_token(Token("extra", "h", spaces[1], size=0))
    assert entry_check(one_full, "m", C).allowed is False, FULL


def test_a_mover_does_not_count_itself() -> None:
    board = board_with(*others([0, 0, 0]), asker=("m", C, 0))
    assert entry_check(board, "m", C).allowed is True
    mover = Token("big", "big", C, size=3)
    board = BOARD.with_token(mover)
    shifted = mover.footprint_at(at(1, 0))
    overlap = mover.footprint & shifted
    assert overlap, "a one-space shift overlaps the current footprint"
    for i in range(3):
        board = board.with_token(Token(f"h{i}", "h", next(iter(overlap)), size=0))
    assert entry_check(board, "big", at(1, 0)).allowed is True


@st.composite
def crowd_map(draw: st.DrawFn):
    board = Board.blank(5, 5)
    mover_size = draw(st.integers(-4, 2))
    board = board.with_token(Token("m", "m", board.hex_at(0, 0), size=mover_size))
    n = draw(st.integers(0, 16))
    for i in range(n):
        col, row = draw(st.integers(0, 4)), draw(st.integers(0, 4))
        size = draw(st.sampled_from([-1, 0, 0, 0, 1, 2, 3]))
        token = Token(f"t{i}", "t", board.hex_at(col, row), size=size)
        if all(board.contains(h) for h in token.footprint):
            board = board.with_token(token)
    return board


def _units(token: Token) -> Fraction:
    return Fraction(1) if len(token.footprint) > 1 else Fraction(2) ** token.size


@given(crowd_map())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_nobody_enters_a_full_space_and_entry_follows_the_units(board: Board) -> None:
    mover = board.token("m")
    home = mover.position
    full = full_spaces(board)
    for h in board.hexes():
        if h == home:
            continue
        there = [t for t in board.tokens.values() if t.id != "m" and h in t.footprint]
        units = sum((_units(t) for t in there), Fraction(0))
        assert (h in full) == (units >= 4), FULL
        counted = sum(
            (_units(t) for t in there if (0 if len(t.footprint) > 1 else t.size) > mover.size - 4),
            Fraction(0),
        )
        expected = not there or counted + Fraction(2) ** mover.size <= 4
        check = entry_check(board, "m", h)
        assert check.allowed is expected, (h, [(t.size, len(t.footprint)) for t in there])
        if h in full:
            assert check.allowed is False, "nobody enters a full space"


# --- Reach into a full space (R-REACH-OCC) ----------------------------------------------------

REACH_CASES = [
    # (actor size, reach override, occupants of the target space, distance, allowed)
    (-2, None, [0, 0, 0, 0], 1, True),
    (-2, None, [0, 0, 0], 1, False),
    (-2, None, [2], 1, True),
    (-2, None, [1, 0, 0], 1, True),
    (0, 0, [0, 0, 0, 0], 1, True),
    (0, 0, [0, 0], 1, False),
    (0, None, [0, 0, 0, 0], 2, False),
    (1, None, [0], 2, True),
]


@pytest.mark.parametrize(("size", "reach", "sizes", "dist", "allowed"), REACH_CASES)
def test_reach_into_an_adjacent_full_space(
    size: int, reach: int | None, sizes: list[int], dist: int, allowed: bool
) -> None:
    board = BOARD.with_token(Token("a", "a", C, size=size, reach=reach))
    for tid, pos, s in others(sizes, east(dist)):
        board = board.with_token(Token(tid, tid, pos, size=s))
    assert can_reach(board, "a", east(dist)).allowed is allowed, REACH_FULL
