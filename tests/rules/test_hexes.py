"""Tests for rules.hexes, written from the coordinate contract in DESIGN.md ("Contracts").

The expected values below come from the contract text, not from the implementation:
``hex_line`` is checked against an independent exact-arithmetic (``Fraction``) model of
"lerp from the nudged start, then cube-round".
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hexes import (
    DIAGONALS,
    DIRECTIONS,
    Hex,
    disk,
    disk_offsets,
    distance,
    distances_to,
    facing_step,
    hex_line,
    hex_round,
    hex_round_arrays,
    neighbors,
    ring,
)

coord = st.integers(-1000, 1000)
hexes = st.builds(Hex, coord, coord)
small = st.integers(-40, 40)
small_hexes = st.builds(Hex, small, small)


def cube_distance(a: Hex, b: Hex) -> int:
    """DESIGN.md: ``max(|dq|, |dr|, |ds|)`` with ``s = -q - r``."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


# --- Hex -----------------------------------------------------------------------------------


def test_hex_is_frozen() -> None:
    h = Hex(2, -1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.q = 3  # type: ignore[misc]


def test_hex_is_hashable_and_compares_by_value() -> None:
    assert Hex(2, -1) == Hex(2, -1)
    assert Hex(2, -1) != Hex(-1, 2)
    assert hash(Hex(2, -1)) == hash(Hex(2, -1))
    assert len({Hex(0, 0), Hex(0, 0), Hex(1, 0)}) == 2
    assert {Hex(3, 4): "x"}[Hex(3, 4)] == "x"


@pytest.mark.parametrize(("q", "r"), [(0, 0), (2, -1), (-5, 7), (100, 3)])
def test_s_is_minus_q_minus_r(q: int, r: int) -> None:
    assert Hex(q, r).s == -q - r


def test_repr() -> None:
    assert repr(Hex(2, -1)) == "Hex(q=2, r=-1)"


# --- directions and facings ------------------------------------------------------------------


def test_directions_exact_values_and_order() -> None:
    assert [(d.q, d.r) for d in DIRECTIONS] == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


@pytest.mark.parametrize("k", range(6))
def test_diagonal_is_sum_of_neighbouring_directions(k: int) -> None:
    a, b = DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]
    assert DIAGONALS[k] == Hex(a.q + b.q, a.r + b.r)
    assert cube_distance(DIAGONALS[k], Hex(0, 0)) == 2


def test_diagonals_exact_values() -> None:
    assert len(DIAGONALS) == 6
    assert [(d.q, d.r) for d in DIAGONALS] == [
        (2, -1),
        (1, -2),
        (-1, -1),
        (-2, 1),
        (-1, 2),
        (1, 1),
    ]


@pytest.mark.parametrize("f", range(12))
def test_facing_step(f: int) -> None:
    expected = DIRECTIONS[f // 2] if f % 2 == 0 else DIAGONALS[f // 2]
    assert facing_step(f) == expected


@pytest.mark.parametrize("bad", [-1, 12, 13, 100, 1.5, 2.0, True, False, None, "3"])
def test_facing_outside_0_to_11_raises(bad: object) -> None:
    with pytest.raises(ValueError):
        facing_step(bad)  # type: ignore[arg-type]


# --- distance and neighbours -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        (Hex(0, 0), Hex(0, 0), 0),
        (Hex(0, 0), Hex(2, -1), 2),
        (Hex(0, 0), Hex(3, 3), 6),
        (Hex(0, 0), Hex(3, -3), 3),
        (Hex(-2, 5), Hex(4, -1), 6),
        (Hex(1, 1), Hex(-4, 2), 5),
        (Hex(7, -3), Hex(7, -3), 0),
    ],
)
def test_distance_examples(a: Hex, b: Hex, d: int) -> None:
    assert distance(a, b) == d


@given(hexes, hexes)
def test_distance_is_the_cube_formula(a: Hex, b: Hex) -> None:
    assert distance(a, b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes)
def test_distance_zero_iff_equal(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)


@given(hexes)
def test_neighbors_in_direction_order(h: Hex) -> None:
    assert neighbors(h) == [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]
    assert all(distance(h, n) == 1 for n in neighbors(h))


# --- ring and disk -----------------------------------------------------------------------------


@pytest.mark.parametrize("center", [Hex(0, 0), Hex(3, -7)])
def test_ring_zero_is_the_centre(center: Hex) -> None:
    assert ring(center, 0) == [center]


@pytest.mark.parametrize("radius", range(1, 9))
@pytest.mark.parametrize("center", [Hex(0, 0), Hex(-4, 9)])
def test_ring_members(center: Hex, radius: int) -> None:
    members = ring(center, radius)
    assert isinstance(members, list)
    assert len(members) == 6 * radius
    assert len(set(members)) == 6 * radius
    assert all(distance(center, h) == radius for h in members)
    brute = {
        Hex(center.q + dq, center.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if cube_distance(Hex(dq, dr), Hex(0, 0)) == radius
    }
    assert set(members) == brute


@pytest.mark.parametrize("radius", range(0, 12))
def test_disk_size_and_union_of_rings(radius: int) -> None:
    center = Hex(5, -2)
    d = disk(center, radius)
    assert isinstance(d, frozenset)
    assert len(d) == 1 + 3 * radius * (radius + 1)
    union = set().union(*(ring(center, k) for k in range(radius + 1)))
    assert d == union


@settings(max_examples=60)
@given(small_hexes, st.integers(0, 6))
def test_disk_matches_brute_force(center: Hex, radius: int) -> None:
    box = range(-radius - 2, radius + 3)
    brute = {
        Hex(center.q + dq, center.r + dr)
        for dq in box
        for dr in box
        if cube_distance(center, Hex(center.q + dq, center.r + dr)) <= radius
    }
    assert disk(center, radius) == brute


@pytest.mark.parametrize("radius", [-1, -2, -100])
def test_negative_radius_raises(radius: int) -> None:
    with pytest.raises(ValueError):
        disk(Hex(0, 0), radius)
    with pytest.raises(ValueError):
        ring(Hex(0, 0), radius)


@pytest.mark.parametrize("radius", range(0, 16))
def test_disk_offsets_agree_with_disk(radius: int) -> None:
    offsets = disk_offsets(radius)
    assert offsets.shape == (1 + 3 * radius * (radius + 1), 2)
    as_hexes = [Hex(int(q), int(r)) for q, r in offsets]
    assert len(set(as_hexes)) == len(as_hexes)
    assert set(as_hexes) == disk(Hex(0, 0), radius)
    assert set(as_hexes) == {h - Hex(2, 3) for h in disk(Hex(2, 3), radius)}


def test_disk_offsets_are_read_only_and_negative_raises() -> None:
    with pytest.raises(ValueError):
        disk_offsets(3)[0, 0] = 99
    with pytest.raises(ValueError):
        disk_offsets(-1)


@settings(max_examples=50)
@given(
    st.lists(st.tuples(coord, coord), min_size=1, max_size=40),
    hexes,
)
def test_distances_to_agrees_with_distance(points: list[tuple[int, int]], target: Hex) -> None:
    qs = np.array([p[0] for p in points], dtype=np.int64)
    rs = np.array([p[1] for p in points], dtype=np.int64)
    got = distances_to(qs, rs, target)
    assert got.tolist() == [distance(Hex(q, r), target) for q, r in points]


@settings(max_examples=50)
@given(
    st.lists(
        st.tuples(
            st.floats(-500, 500) | st.integers(-500, 500).map(lambda i: i + 0.5),
            st.floats(-500, 500) | st.integers(-500, 500).map(lambda i: i + 0.5),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_hex_round_arrays_agrees_with_hex_round(points: list[tuple[float, float]]) -> None:
    q = np.array([p[0] for p in points])
    r = np.array([p[1] for p in points])
    rq, rr = hex_round_arrays(q, r)
    assert [Hex(int(a), int(b)) for a, b in zip(rq, rr, strict=True)] == [
        hex_round(a, b) for a, b in points
    ]


# --- hex_line: an independent model of the contract -------------------------------------------
#
# Contract: point i is a + (b - a) * i / n (n = distance), with the start nudged by
# (q + 1e-6, r + 1e-6) (cube s - 2e-6), then cube-rounded. Computed here exactly.
# Cube rounding: round each coordinate, then recompute the one with the largest error.
# The nudge (1, 1, -2) is parallel to the edges between h and h + DIRECTIONS[1], so on
# those edges a tie survives the nudge (two coordinates with equal, largest error). There
# the contract does not pick a hex; the model returns both candidates.

EPS = Fraction(1, 10**6)


def _round_half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


def _cube_round_candidates(q: Fraction, r: Fraction) -> set[Hex]:
    s = -q - r
    rq, rr, rs = _round_half_up(q), _round_half_up(r), _round_half_up(s)
    err = {"q": abs(rq - q), "r": abs(rr - r), "s": abs(rs - s)}
    worst = max(err.values())
    out = set()
    for axis in (k for k, v in err.items() if v == worst):
        if axis == "q":
            out.add(Hex(-rr - rs, rr))
        elif axis == "r":
            out.add(Hex(rq, -rq - rs))
        else:
            out.add(Hex(rq, rr))
    return out


def model_line(a: Hex, b: Hex) -> list[set[Hex]]:
    """For each point of the line, the set of hexes the contract allows (usually one)."""
    n = cube_distance(a, b)
    if n == 0:
        return [{a}]
    aq, ar = a.q + EPS, a.r + EPS
    return [
        _cube_round_candidates(aq + Fraction((b.q - a.q) * i, n), ar + Fraction((b.r - a.r) * i, n))
        for i in range(n + 1)
    ]


def assert_line_follows_contract(a: Hex, b: Hex) -> None:
    got = hex_line(a, b)
    allowed = model_line(a, b)
    assert len(got) == len(allowed), (a, b, got)
    for i, (h, ok) in enumerate(zip(got, allowed, strict=True)):
        assert h in ok, f"hex_line({a!r}, {b!r})[{i}] = {h!r}, contract gives {sorted(ok)}"


# Hand-checked: (0,0)->(2,-1) passes exactly through the edge between (1,0) and (1,-1) at
# (1, -0.5); the nudge moves r to -0.5 + 1e-6, which rounds to 0, so the line takes (1, 0).
@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (Hex(0, 0), Hex(0, 0), [Hex(0, 0)]),
        (Hex(0, 0), Hex(2, 0), [Hex(0, 0), Hex(1, 0), Hex(2, 0)]),
        (Hex(0, 0), Hex(2, -1), [Hex(0, 0), Hex(1, 0), Hex(2, -1)]),
        (Hex(2, -1), Hex(0, 0), [Hex(2, -1), Hex(1, 0), Hex(0, 0)]),
        (Hex(0, 0), Hex(1, -2), [Hex(0, 0), Hex(1, -1), Hex(1, -2)]),
        (Hex(0, 0), Hex(-2, 1), [Hex(0, 0), Hex(-1, 1), Hex(-2, 1)]),
        (Hex(0, 0), Hex(-1, 2), [Hex(0, 0), Hex(0, 1), Hex(-1, 2)]),
        (Hex(0, 0), Hex(4, -2), [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -2)]),
        (Hex(0, 0), Hex(0, -3), [Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(0, -3)]),
        (Hex(3, 3), Hex(-1, 3), [Hex(3, 3), Hex(2, 3), Hex(1, 3), Hex(0, 3), Hex(-1, 3)]),
    ],
)
def test_hex_line_hand_checked(a: Hex, b: Hex, expected: list[Hex]) -> None:
    assert hex_line(a, b) == expected
    assert [next(iter(s)) for s in model_line(a, b)] == expected


def test_hex_line_against_model_exhaustive_small() -> None:
    starts = [Hex(0, 0), Hex(3, -2), Hex(-4, 1), Hex(11, 7)]
    for a in starts:
        for dq in range(-8, 9):
            for dr in range(-8, 9):
                assert_line_follows_contract(a, Hex(a.q + dq, a.r + dr))


@settings(max_examples=300)
@given(hexes, st.integers(-60, 60), st.integers(-60, 60))
def test_hex_line_against_model(a: Hex, dq: int, dr: int) -> None:
    assert_line_follows_contract(a, Hex(a.q + dq, a.r + dr))


@given(small_hexes, small_hexes)
def test_hex_line_ends_length_and_contiguity(a: Hex, b: Hex) -> None:
    line = hex_line(a, b)
    assert isinstance(line, list)
    assert line[0] == a
    assert line[-1] == b
    assert len(line) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in itertools.pairwise(line))


@given(small_hexes, small_hexes)
def test_hex_line_moves_monotonically_towards_the_end(a: Hex, b: Hex) -> None:
    line = hex_line(a, b)
    assert [distance(h, b) for h in line] == list(range(len(line) - 1, -1, -1))


# DESIGN.md (hex_line revised): the nudge (1e-6, 2e-6, -3e-6) is parallel to no edge, so
# every tie breaks one way and a line's shape depends only on b - a. The old nudge
# (1, 1, -2)e-6 ran along the DIRECTIONS[1] edges and left these three to float noise.
@pytest.mark.parametrize(
    ("a", "b", "shift"),
    [
        (Hex(0, 0), Hex(-6, -6), Hex(0, 7)),
        (Hex(0, 0), Hex(-6, -2), Hex(5, 0)),
        (Hex(0, 0), Hex(3, 1), Hex(-20, -20)),
    ],
)
def test_hex_line_tie_breaking_is_translation_invariant(a: Hex, b: Hex, shift: Hex) -> None:
    here = hex_line(a, b)
    there = hex_line(a + shift, b + shift)
    assert [h - shift for h in there] == here
