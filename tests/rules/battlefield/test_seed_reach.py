"""Acceptance tests for Reach and measuring distance — from the rules text.

Sources: seed 000 (default) and seed 001 (the "legacy areas" option) battlefield text,
RULES-DIGEST §11a D8/D9/D13 (they override §11/§12), §11 Q14/Q17, §12 "Geometry and
targeting" and "Areas", DESIGN.md "Contracts". Expected values come from the texts and the
small independent models below, not from ``rules/``. Shared helpers: ``seed_helpers``.
"""

from __future__ import annotations

import pytest

from rules.battlefield.reach import can_reach, measure, reach_of, reach_spaces
from rules.hexes import Hex
from tests.rules.seed_helpers import BOARD, C, at, creature, east, hexdist, opts, with_tokens

# --- Reach (Q17) -----------------------------------------------------------------------------

REACH_CASES = [
    # (size, override, expected Reach, rule)
    (-4, None, 0, "Q17: base 0 below size -1"),
    (-2, None, 0, "Q17: base 0 below size -1"),
    (-1, None, 1, "Q17: base 1 for size >= -1"),
    (0, None, 1, "Q17: base 1, ceil(0/2) = 0"),
    (1, None, 2, "Q17: size 1-2 -> 2"),
    (2, None, 2, "Q17: size 1-2 -> 2"),
    (3, None, 3, "Q17: size 3-4 -> 3"),
    (4, None, 3, "Q17: size 3-4 -> 3"),
    (5, None, 4, "Q17: 1 + ceil(5/2)"),
    (6, None, 4, "Q17: 1 + ceil(6/2)"),
    (0, 3, 3, "Token.reach overrides the formula"),
    (4, 0, 0, "Token.reach overrides the formula (even downward)"),
    (-3, 2, 2, "Token.reach overrides the formula"),
]


@pytest.mark.parametrize(("size", "override", "expected", "rule"), REACH_CASES)
def test_reach_of_table(size: int, override: int | None, expected: int, rule: str) -> None:
    assert reach_of(creature("x", C, size, reach=override)) == expected, rule


@pytest.mark.parametrize(
    ("size", "override"), [(0, None), (-2, None), (2, None), (4, None), (0, 2)]
)
def test_reach_spaces_are_within_reach_of_any_occupied_space(
    size: int, override: int | None
) -> None:
    token = creature("x", C, size, reach=override)
    reach = reach_of(token)
    expected = frozenset(
        h for h in BOARD.hexes() if min(hexdist(h, s) for s in token.footprint) <= reach
    )
    assert reach_spaces(BOARD, token) == expected


def test_reach_spaces_stop_at_the_map_edge() -> None:
    corner = BOARD.hex_at(0, 0)
    token = creature("x", corner, 0, reach=2)
    spaces = reach_spaces(BOARD, token)
    assert all(BOARD.contains(h) for h in spaces)
    assert corner in spaces


CAN_REACH_CASES = [
    # (actor size, reach override, target offset east, allowed)
    (0, None, 0, True),
    (0, None, 1, True),
    (0, None, 2, False),
    (1, None, 2, True),
    (1, None, 3, False),
    (-2, None, 0, True),
    (-2, None, 1, False),
    (0, 3, 3, True),
    (0, 3, 4, False),
]


@pytest.mark.parametrize(("size", "override", "dist", "allowed"), CAN_REACH_CASES)
def test_can_reach_on_a_flat_map(size: int, override: int | None, dist: int, allowed: bool) -> None:
    board = with_tokens(creature("a", C, size, reach=override))
    check = can_reach(board, "a", east(dist))
    assert check.allowed is allowed
    assert check.reach == reach_of(board.token("a"))
    assert check.distance == dist
    assert isinstance(check.reason, str) and check.reason


# --- measuring distance (R-DIST, D9) ------------------------------------------------------


MEASURE_CASES = [
    # (a, b, elevation at b, range_elevation, spaces, flat, climb)
    ((C,), (east(3),), 0, "count", 3, 3, 0),
    ((C,), (at(2, 2),), 0, "count", 4, 4, 0),
    ((C,), (east(2),), 2, "count", 4, 2, 2),
    ((C,), (east(2),), -3, "count", 5, 2, 3),
    ((C,), (east(2),), 2, "ignore", 2, 2, None),
    ((C, east(1)), (east(4), east(9)), 0, "count", 3, 3, 0),
]


@pytest.mark.parametrize(("a", "b", "elev", "mode", "spaces", "flat", "climb"), MEASURE_CASES)
def test_measure_table(
    a: tuple[Hex, ...],
    b: tuple[Hex, ...],
    elev: int,
    mode: str,
    spaces: int,
    flat: int,
    climb: int | None,
) -> None:
    # RANGE, §11a D9: "contiguous spaces in 3-D: hex distance + |Δelevation|" (default),
    # option "ignore elevation"; R-DIST: the min over any hex of one and any hex of the other.
    board = BOARD.with_terrain("elevation", b, elev) if elev else BOARD
    options = opts(range_elevation=mode)
    d = measure(board, a, b, options)
    assert d.spaces == spaces
    assert d.flat == flat
    if climb is not None:
        assert d.climb == climb
    # [S000] "Edge-to-edge of each hex represents 5 feet of space."
    assert d.feet == 5 * spaces
    assert options.describe("range_elevation") in d.options_used


def test_measure_refuses_empty_sets() -> None:
    with pytest.raises(ValueError):
        measure(BOARD, [], [C])
