"""Acceptance tests for the Area shapes, written from the rules text, not the code.

Sources: seeds 000/001 ("Many effects take form in a given shape…", the Line / Cone /
Burst / Aura paragraphs), DESIGN.md "Contracts" (Areas) and RULES-DIGEST §9.3 and §11 Q14.
Every expected value comes from an independent model below (exact integer / Fraction
arithmetic), never from ``rules.areas``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.areas import burst, cone, line, reduced_value
from rules.hexes import Hex

# --- an independent model of the contract ------------------------------------------------

# DESIGN.md: DIRECTIONS index 0..5: (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1).
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
# DESIGN.md: DIAGONALS[k] = DIRECTIONS[k] + DIRECTIONS[(k+1) % 6].
DIAGS = [(DIRS[k][0] + DIRS[(k + 1) % 6][0], DIRS[k][1] + DIRS[(k + 1) % 6][1]) for k in range(6)]


def hexdist(a: Hex, b: Hex) -> int:
    """DESIGN.md: distance = max(|dq|, |dr|, |ds|)."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def add(h: Hex, dq: int, dr: int) -> Hex:
    return Hex(h.q + dq, h.r + dr)


def rot60(origin: Hex, h: Hex) -> Hex:
    """Rotate ``h`` one step (60°) about ``origin``: DIRECTIONS[i] -> DIRECTIONS[i+1]."""
    q, r = h.q - origin.q, h.r - origin.r
    return Hex(origin.q + q + r, origin.r - q)


def all_within(origin: Hex, radius: int) -> list[Hex]:
    return [
        Hex(origin.q + dq, origin.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if max(abs(dq), abs(dr), abs(dq + dr)) <= radius
    ]


def model_cone(origin: Hex, facing: int, value: int) -> frozenset[Hex]:
    """DESIGN.md cone contract, decided with Fractions."""
    k = facing // 2
    out = {origin}
    if facing % 2 == 1:
        a_dir, b_dir = DIRS[k], DIRS[(k + 1) % 6]
        for a in range(value + 1):
            for b in range(value + 1 - a):
                if a + b >= 1:
                    out.add(add(origin, a * a_dir[0] + b * b_dir[0], a * a_dir[1] + b * b_dir[1]))
        return frozenset(out)
    u, w = DIAGS[(k - 1) % 6], DIAGS[k]
    det = u[0] * w[1] - u[1] * w[0]
    for h in all_within(origin, value):
        d = (h.q - origin.q, h.r - origin.r)
        if d == (0, 0):
            continue
        a = Fraction(d[0] * w[1] - d[1] * w[0], det)
        b = Fraction(u[0] * d[1] - u[1] * d[0], det)
        if a >= 0 and b >= 0:
            out.add(h)
    return frozenset(out)


def model_line(origin: Hex, facing: int, value: int) -> list[Hex]:
    k = facing // 2
    if facing % 2 == 0:
        return [add(origin, i * DIRS[k][0], i * DIRS[k][1]) for i in range(value + 1)]
    a_dir, b_dir = DIRS[k], DIRS[(k + 1) % 6]
    out = []
    for i in range(value + 1):
        a, b = math.ceil(i / 2), i // 2
        out.append(add(origin, a * a_dir[0] + b * b_dir[0], a * a_dir[1] + b * b_dir[1]))
    return out


def widths(shape: frozenset[Hex], origin: Hex, value: int) -> list[int]:
    """How many hexes of ``shape`` lie at distance 1, 2, …, value from ``origin``."""
    return [sum(1 for h in shape if hexdist(h, origin) == d) for d in range(1, value + 1)]


coord = st.integers(-60, 60)
hexes = st.builds(Hex, coord, coord)
facings = st.integers(0, 11)
values = st.integers(0, 9)
ORIGIN = Hex(3, -2)

# --- cones ---------------------------------------------------------------------------------

CAPTION = "[S000] 'Cones that start facing an edge expand outwards only every other space.'"

EDGE_WIDTHS = [1, 3, 3, 5, 5, 7, 7, 9]  # RULES-DIGEST §9.3 table, distances 1..8
VERTEX_WIDTHS = [2, 3, 4, 5, 6, 7, 8, 9]


@pytest.mark.parametrize("facing", range(0, 12, 2))
def test_edge_cone_widths_grow_every_other_space(facing: int) -> None:
    # CAPTION: widths 1, 3, 3, 5, 5, ... (RULES-DIGEST §9.3, DESIGN.md "Widths 1, 1, 3, 3").
    shape = cone(ORIGIN, facing, 8)
    assert widths(shape, ORIGIN, 8) == EDGE_WIDTHS, CAPTION


@pytest.mark.parametrize("facing", range(1, 12, 2))
def test_vertex_cone_widths_grow_every_space(facing: int) -> None:
    # DESIGN.md: "widths by distance 1, 2, 3, 4, …, counting the origin as distance 0",
    # i.e. 2, 3, 4, … at distances 1, 2, 3, … (RULES-DIGEST §9.3).
    shape = cone(ORIGIN, facing, 8)
    assert widths(shape, ORIGIN, 8) == VERTEX_WIDTHS


CONE_CASES = [
    # (facing, value, expected offsets from the origin, the rule)
    (0, 0, {(0, 0)}, "[S001] 'Value 0 affects only the origin space' (Q14: for every shape)"),
    (0, 1, {(0, 0), (1, 0)}, "edge cone: width 1 at distance 1 " + CAPTION),
    (
        0,
        2,
        {(0, 0), (1, 0), (2, 0), (1, 1), (2, -1)},
        "edge cone distance 2: the axis and both 60° edges (DESIGN: edges included)",
    ),
    (1, 1, {(0, 0), (1, 0), (1, -1)}, "vertex cone 2k+1 = a*DIRECTIONS[k] + b*DIRECTIONS[k+1]"),
    (
        1,
        2,
        {(0, 0), (1, 0), (1, -1), (2, 0), (2, -1), (2, -2)},
        "vertex cone widths 2, 3 (DESIGN.md contract)",
    ),
    (
        6,
        2,
        {(0, 0), (-1, 0), (-2, 0), (-1, -1), (-2, 1)},
        "edge cone toward DIRECTIONS[3] = (-1, 0)",
    ),
]


@pytest.mark.parametrize(("facing", "value", "offsets", "rule"), CONE_CASES)
def test_cone_table(facing: int, value: int, offsets: set[tuple[int, int]], rule: str) -> None:
    expected = frozenset(add(ORIGIN, dq, dr) for dq, dr in offsets)
    assert cone(ORIGIN, facing, value) == expected, rule


@given(hexes, facings, values)
@settings(max_examples=300, deadline=None)
def test_cone_matches_the_contract_model(origin: Hex, facing: int, value: int) -> None:
    assert cone(origin, facing, value) == model_cone(origin, facing, value)


@given(hexes, facings, values)
@settings(max_examples=200, deadline=None)
def test_cone_rotates_with_its_facing(origin: Hex, facing: int, value: int) -> None:
    # Turning a facing by 60° (f -> f + 2) turns the whole shape about its origin.
    rotated = frozenset(rot60(origin, h) for h in cone(origin, facing, value))
    assert cone(origin, (facing + 2) % 12, value) == rotated


@given(hexes, facings, st.integers(1, 9))
@settings(max_examples=200, deadline=None)
def test_cone_grows_by_one_ring_per_value(origin: Hex, facing: int, value: int) -> None:
    # "continues ... for a number of spaces equal to the value" [S000]: a bigger value only
    # adds spaces at the new distance.
    big, small = cone(origin, facing, value), cone(origin, facing, value - 1)
    assert small < big
    assert {h for h in big if hexdist(h, origin) < value} == small
    assert max(hexdist(h, origin) for h in big) == value


# --- lines ---------------------------------------------------------------------------------


@pytest.mark.parametrize("facing", range(0, 12, 2))
@pytest.mark.parametrize("value", [0, 1, 4])
def test_edge_line_runs_straight(facing: int, value: int) -> None:
    # [S000] "Create a Line ... It continues in a direction away from you for a number of
    # spaces equal to the value": origin + i*DIRECTIONS[k], i = 0..value (DESIGN.md).
    k = facing // 2
    expected = frozenset(add(ORIGIN, i * DIRS[k][0], i * DIRS[k][1]) for i in range(value + 1))
    assert line(ORIGIN, facing, value) == expected
    assert len(line(ORIGIN, facing, value)) == value + 1


LINE_CASES = [
    (1, 0, [(0, 0)], "value 0 = the origin alone (Q14)"),
    (1, 1, [(0, 0), (1, 0)], "zig-zag i=1: ceil(1/2)*D0 + floor(1/2)*D1"),
    (1, 2, [(0, 0), (1, 0), (2, -1)], "zig-zag i=2: D0 + D1"),
    (1, 4, [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2)], "zig-zag: D0, D1, D0, D1"),
    (7, 3, [(0, 0), (-1, 0), (-2, 1), (-3, 1)], "zig-zag toward DIAGONALS[3]: D3, D4, D3"),
]


@pytest.mark.parametrize(("facing", "value", "offsets", "rule"), LINE_CASES)
def test_vertex_line_table(
    facing: int, value: int, offsets: list[tuple[int, int]], rule: str
) -> None:
    assert line(ORIGIN, facing, value) == frozenset(add(ORIGIN, dq, dr) for dq, dr in offsets), rule


@given(hexes, facings, values)
@settings(max_examples=300, deadline=None)
def test_line_matches_the_contract_model(origin: Hex, facing: int, value: int) -> None:
    spaces = model_line(origin, facing, value)
    assert line(origin, facing, value) == frozenset(spaces)
    # value + 1 distinct spaces, the i-th one i spaces away, each next to the previous one.
    assert len(frozenset(spaces)) == value + 1
    assert [hexdist(origin, h) for h in spaces] == list(range(value + 1))
    assert all(hexdist(a, b) == 1 for a, b in itertools.pairwise(spaces))


@given(hexes, facings, values)
@settings(max_examples=200, deadline=None)
def test_line_rotates_with_its_facing(origin: Hex, facing: int, value: int) -> None:
    rotated = frozenset(rot60(origin, h) for h in line(origin, facing, value))
    assert line(origin, (facing + 2) % 12, value) == rotated


@given(hexes, facings, values)
@settings(max_examples=200, deadline=None)
def test_line_lies_along_the_middle_of_its_cone(origin: Hex, facing: int, value: int) -> None:
    assert line(origin, facing, value) <= cone(origin, facing, value)


# --- bursts --------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "size"), [(0, 1), (1, 7), (2, 19), (3, 37), (5, 91)])
def test_burst_size_table(value: int, size: int) -> None:
    # [S000] "Create a Burst / Aura shape that continues away from the space ... for a number
    # of spaces equal to the value": every hex within `value`: 1 + 3v(v+1) hexes.
    assert len(burst(ORIGIN, value)) == size == 1 + 3 * value * (value + 1)


@given(hexes, values)
@settings(max_examples=200, deadline=None)
def test_burst_is_every_hex_within_value(origin: Hex, value: int) -> None:
    expected = frozenset(all_within(origin, value))
    assert burst(origin, value) == expected
    assert len(expected) == 1 + 3 * value * (value + 1)


@given(st.lists(hexes, min_size=1, max_size=5), st.integers(0, 4))
@settings(max_examples=150, deadline=None)
def test_burst_from_several_spaces_is_the_union(origins: list[Hex], value: int) -> None:
    # [S001] "The origin space is all spaces of a creature or object that is the source of
    # the effect. Create a Burst / Aura shape that continues away from the origin space".
    expected = frozenset(h for o in origins for h in all_within(o, value))
    assert burst(origins, value) == expected
    assert burst(tuple(origins), value) == expected


def test_burst_value_zero_from_a_big_source_is_its_spaces() -> None:
    # [S001] "Value 0 affects only the origin space." (the origin = all the source's spaces)
    spaces = [ORIGIN, add(ORIGIN, 1, 0), add(ORIGIN, 0, 1), add(ORIGIN, 1, 1)]
    assert burst(spaces, 0) == frozenset(spaces)


# --- every shape ---------------------------------------------------------------------------


@given(hexes, facings, values)
@settings(max_examples=200, deadline=None)
def test_every_shape_includes_its_origin(origin: Hex, facing: int, value: int) -> None:
    # DESIGN.md: "Every shape includes its origin" ([S000]: "The black space is the origin").
    assert origin in line(origin, facing, value)
    assert origin in cone(origin, facing, value)
    assert origin in burst(origin, value)


@given(hexes, facings)
def test_value_zero_is_the_origin_alone(origin: Hex, facing: int) -> None:
    # [S001] "Value 0 affects only the origin space" (Q14: for every shape).
    assert line(origin, facing, 0) == cone(origin, facing, 0) == burst(origin, 0)
    assert burst(origin, 0) == frozenset({origin})


@given(hexes, facings, values)
@settings(max_examples=200, deadline=None)
def test_burst_does_not_depend_on_facing_and_contains_cones(
    origin: Hex, facing: int, value: int
) -> None:
    b = burst(origin, value)
    assert cone(origin, facing, value) <= b
    assert frozenset(rot60(origin, h) for h in b) == b


BAD_CALLS = [
    ("line, negative value", lambda: line(ORIGIN, 0, -1)),
    ("cone, negative value", lambda: cone(ORIGIN, 1, -1)),
    ("burst, negative value", lambda: burst(ORIGIN, -1)),
    ("burst of several, negative value", lambda: burst([ORIGIN, add(ORIGIN, 1, 0)], -2)),
    ("line, facing 12", lambda: line(ORIGIN, 12, 2)),
    ("line, facing -1", lambda: line(ORIGIN, -1, 2)),
    ("cone, facing 12", lambda: cone(ORIGIN, 12, 2)),
    ("cone, facing -1", lambda: cone(ORIGIN, -1, 2)),
    ("cone, facing 99", lambda: cone(ORIGIN, 99, 0)),
]


@pytest.mark.parametrize(("what", "call"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_values_and_facings_raise(what: str, call: object) -> None:
    # DESIGN.md: "A negative radius or value, or a facing outside 0..11, raises ValueError."
    with pytest.raises(ValueError):
        call()  # type: ignore[operator]


# --- reducing the Area value ----------------------------------------------------------------

REDUCE = "[S000] 'You may reduce the Area value of an ability you Manifest ... by any amount.'"

REDUCE_CASES = [(5, 5, 5), (5, 3, 3), (5, 0, 0), (0, 0, 0), (12, 1, 1)]


@pytest.mark.parametrize(("maximum", "requested", "used"), REDUCE_CASES)
def test_reduced_value_table(maximum: int, requested: int, used: int) -> None:
    assert reduced_value(maximum, requested) == used, REDUCE


@pytest.mark.parametrize(("maximum", "requested"), [(5, 6), (0, 1), (5, -1), (0, -1)])
def test_reduced_value_refuses_increases_and_negatives(maximum: int, requested: int) -> None:
    # REDUCE: reduce, never increase; a value below 0 is not an Area value.
    with pytest.raises(ValueError):
        reduced_value(maximum, requested)


@given(st.integers(0, 50), st.integers(0, 50))
def test_reduced_value_any_amount(maximum: int, requested: int) -> None:
    if requested <= maximum:
        assert reduced_value(maximum, requested) == requested
    else:
        with pytest.raises(ValueError):
            reduced_value(maximum, requested)
