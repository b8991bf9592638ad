"""Acceptance tests for the range of an Area's origin (plus Reach, legacy Reach) — from
the rules text.

Sources: seed 000 (default) and seed 001 (the "legacy areas" option) battlefield text,
RULES-DIGEST §11a D8/D9/D13 (they override §11/§12), §11 Q14/Q17, §12 "Geometry and
targeting" and "Areas", DESIGN.md "Contracts". Expected values come from the texts and the
small independent models below, not from ``rules/``. Shared helpers: ``seed_helpers``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.areas import AreaKind
from rules.battlefield.reach import reach_of
from rules.battlefield.targeting import aim, origin_mask
from rules.board.grid import Board
from tests.rules.seed_helpers import RANGE, C, creature, east, hexdist, opts, template, with_tokens

PLUS_REACH = "[S000] Line/Cone: 'Increase range by your Reach.'"
LEGACY_REACH = "[S001] 'Create a Line or Cone shape with an origin space anywhere in your Reach.'"


# --- range for an Area's origin ------------------------------------------------------------

RANGE_CASES = [
    # (kind, range, distance east of a size-0 caster, reach override, legal, rule)
    (AreaKind.BURST, 3, 3, None, True, RANGE),
    (AreaKind.BURST, 3, 4, None, False, RANGE),
    (AreaKind.BURST, 0, 0, None, True, RANGE + " (0 spaces: a space you occupy)"),
    (AreaKind.BURST, 0, 1, None, False, RANGE),
    (AreaKind.BURST, 3, 4, 3, False, RANGE + " (Reach only helps Line/Cone)"),
    (AreaKind.LINE, 3, 4, None, True, PLUS_REACH + " (3 + Reach 1)"),
    (AreaKind.LINE, 3, 5, None, False, PLUS_REACH),
    (AreaKind.CONE, 3, 4, None, True, PLUS_REACH),
    (AreaKind.CONE, 3, 5, None, False, PLUS_REACH),
    (AreaKind.LINE, 3, 5, 2, True, PLUS_REACH + " (3 + Reach 2)"),
    (AreaKind.CONE, 3, 6, 2, False, PLUS_REACH),
    (AreaKind.CONE, 0, 1, None, True, PLUS_REACH + " (0 + Reach 1)"),
    (AreaKind.LINE, 2, 2, 0, True, PLUS_REACH + " (Reach 0)"),
    (AreaKind.LINE, 2, 3, 0, False, PLUS_REACH + " (Reach 0)"),
]


@pytest.mark.parametrize(("kind", "rng", "dist", "reach", "legal", "rule"), RANGE_CASES)
def test_origin_range_seed_000(
    kind: AreaKind, rng: int, dist: int, reach: int | None, legal: bool, rule: str
) -> None:
    board = with_tokens(creature("a", C, 0, reach=reach))
    # facing 0 (east) points away from the caster, so only range decides.
    result = aim(
        board, template(kind, 2, east(dist), facing=0, caster="a"), opts(), range_value=rng
    )
    assert result.legal is legal, rule
    if legal:
        assert result.refusal is None
    else:
        assert isinstance(result.refusal, str) and result.refusal
    assert result.range is not None
    assert result.range.spaces == dist


@pytest.mark.parametrize(("dist", "legal"), [(1, True), (2, True), (3, True), (4, False)])
def test_range_counts_from_any_space_a_big_caster_occupies(dist: int, legal: bool) -> None:
    # RANGE: "from a space you occupy" — a size 4 caster fills 4 spaces; the origin is
    # measured from the nearest of them.
    caster = creature("a", C, 4)
    board = with_tokens(caster)
    far = max(caster.footprint, key=lambda h: (h.q, -h.r))  # an easternmost space
    origin = east(dist, far)
    nearest = min(hexdist(origin, s) for s in caster.footprint)
    assert nearest == dist
    result = aim(board, template(AreaKind.BURST, 1, origin, caster="a"), opts(), range_value=3)
    assert result.legal is legal, RANGE


ELEVATION_CASES = [
    # (elevation of the origin space, range_elevation, legal) — hex distance 2, range 3
    (0, "count", True),
    (1, "count", True),
    (2, "count", False),
    (-2, "count", False),
    (2, "ignore", True),
    (9, "ignore", True),
]


@pytest.mark.parametrize(("elev", "mode", "legal"), ELEVATION_CASES)
def test_range_counts_elevation(elev: int, mode: str, legal: bool) -> None:
    # §11a D9: range = contiguous spaces in 3-D (hex distance + |Δelevation|); option
    # "ignore elevation".
    board = with_tokens(creature("a", C)).with_terrain("elevation", [east(2)], elev)
    result = aim(
        board,
        template(AreaKind.BURST, 1, east(2), caster="a"),
        opts(range_elevation=mode),
        range_value=3,
    )
    assert result.legal is legal


LEGACY_CASES = [
    # (kind, range value, distance, reach override, legal)
    (AreaKind.LINE, 3, 1, None, True),
    (AreaKind.LINE, 3, 2, None, False),
    (AreaKind.CONE, 3, 1, None, True),
    (AreaKind.CONE, 3, 2, None, False),
    (AreaKind.CONE, 0, 3, 3, True),
    (AreaKind.LINE, 9, 4, 3, False),
]


@pytest.mark.parametrize(("kind", "rng", "dist", "reach", "legal"), LEGACY_CASES)
def test_legacy_line_and_cone_origin_anywhere_in_reach(
    kind: AreaKind, rng: int, dist: int, reach: int | None, legal: bool
) -> None:
    board = with_tokens(creature("a", C, 0, reach=reach))
    result = aim(
        board,
        template(kind, 2, east(dist), facing=0, caster="a"),
        opts(legacy_areas=True),
        range_value=rng,
    )
    assert result.legal is legal, LEGACY_REACH


@st.composite
def mask_case(draw: st.DrawFn):
    width, height = draw(st.integers(4, 11)), draw(st.integers(4, 11))
    board = Board.blank(width, height)
    elev = draw(st.lists(st.integers(-3, 3), min_size=width * height, max_size=width * height))
    flat = draw(st.booleans())
    if not flat:
        layer = np.array(elev, dtype=np.int16).reshape(height, width)
        board = board.with_layer("elevation", layer)
    col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    reach = draw(st.one_of(st.none(), st.integers(0, 3)))
    size = draw(st.sampled_from([-2, 0, 1, 2]))
    board = board.with_token(creature("a", board.hex_at(col, row), size, reach=reach))
    kind = draw(st.sampled_from([AreaKind.LINE, AreaKind.CONE, AreaKind.BURST]))
    rng = draw(st.integers(0, 5))
    mode = draw(st.sampled_from(["count", "ignore"]))
    return board, kind, rng, mode


@given(mask_case())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_origin_mask_matches_the_range_rule(case) -> None:
    # RANGE + PLUS_REACH + §11a D9, on random small maps with random elevation.
    board, kind, rng, mode = case
    caster = board.token("a")
    elevation = board.layer("elevation")
    allowed = rng + (reach_of(caster) if kind in (AreaKind.LINE, AreaKind.CONE) else 0)
    mask = origin_mask(board, "a", kind, rng, opts(range_elevation=mode))
    assert mask.shape == (board.height, board.width)
    for row in range(board.height):
        for col in range(board.width):
            h = board.hex_at(col, row)
            best = min(
                hexdist(h, s)
                + (
                    abs(int(elevation[row, col]) - int(elevation[board.cell_of(s)[::-1]]))
                    if mode == "count"
                    else 0
                )
                for s in caster.footprint
            )
            assert bool(mask[row, col]) == (best <= allowed), (h, best, allowed)


@pytest.mark.parametrize("kind", [AreaKind.LINE, AreaKind.CONE])
@pytest.mark.parametrize("reach", [0, 1, 2])
def test_legacy_origin_mask_is_the_reach(kind: AreaKind, reach: int) -> None:
    board = Board.blank(12, 12)
    home = board.hex_at(6, 6)
    board = board.with_token(creature("a", home, reach=reach))
    mask = origin_mask(board, "a", kind, 4, opts(legacy_areas=True))
    for row in range(12):
        for col in range(12):
            h = board.hex_at(col, row)
            assert bool(mask[row, col]) == (hexdist(h, home) <= reach), LEGACY_REACH
