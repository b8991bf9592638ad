"""Acceptance tests for range, Reach, aiming an Area and who it hits — from the rules text.

Sources: seed 000 (default) and seed 001 (the "legacy areas" option) battlefield text,
RULES-DIGEST §11a D8/D9/D13 (they override §11/§12), §11 Q14/Q17, §12 "Geometry and
targeting" and "Areas", DESIGN.md "Contracts". Expected values come from the texts and the
small independent models below, not from ``rules/``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.areas import AreaKind, AreaTemplate, burst, cone, line
from rules.board import Board
from rules.hexes import Hex
from rules.options import RuleOptions
from rules.reach import can_reach, measure, reach_of, reach_spaces
from rules.targeting import aim, origin_mask, points_away
from rules.tokens import Token, TokenKind

RANGE = (
    "[S000] 'A space is in range if it is that many contiguous spaces or less away from a "
    "space you occupy.'"
)
PLUS_REACH = "[S000] Line/Cone: 'Increase range by your Reach.'"
LEGACY_REACH = "[S001] 'Create a Line or Cone shape with an origin space anywhere in your Reach.'"
AWAY = "[S000] 'It continues in a direction away from you' (§11a D8)"
AFFECTS = "[S000] 'It affects all creatures and unattended objects in the area.'"
OWN_BURST = (
    "[S000] 'You can choose to be unaffected by a Burst you Manifest if you occupy the "
    "space it occurs in.'"
)
PHYSICAL = (
    "[S001] 'If the effects is physical, targets in the area above size 1 are affected a "
    "number of times equal to their size. If parts of the creature are not in the area, only "
    "use the parts that are to determine its size.' + §11a D13 (one size smaller per halving)"
)

DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]

BOARD = Board.blank(24, 24)
C = BOARD.hex_at(12, 12)


def at(dq: int, dr: int, base: Hex = C) -> Hex:
    return Hex(base.q + dq, base.r + dr)


def east(n: int, base: Hex = C) -> Hex:
    return at(n, 0, base)


def hexdist(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def opts(**values: object) -> RuleOptions:
    return RuleOptions.of(values)  # type: ignore[arg-type]


def creature(tid: str, pos: Hex, size: int = 0, **kw: object) -> Token:
    return Token(tid, tid.title(), pos, size=size, **kw)  # type: ignore[arg-type]


def with_tokens(*tokens: Token, board: Board = BOARD) -> Board:
    for t in tokens:
        board = board.with_token(t)
    return board


def template(kind: AreaKind, value: int, origin: Hex | tuple[Hex, ...] = (), **kw: object):
    origins = (origin,) if isinstance(origin, Hex) else tuple(origin)
    return AreaTemplate(f"t-{kind.value}", kind, value, origin=origins, **kw)  # type: ignore[arg-type]


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


# --- "away from you" (D8) ------------------------------------------------------------------

# Caster at C, origin two spaces east (C + 2*DIRECTIONS[0]). Facings whose axis makes less
# than 90° with "east" go away; facings whose axis makes more than 90° come back toward the
# caster (4 and 8 are 120° from away, 5 and 7 are 150°, 6 points straight at the caster).
# Facings 3 and 9 (exactly sideways) are left out: the texts do not settle them.
AWAY_FACINGS = [0, 1, 2, 10, 11]
BACK_FACINGS = [4, 5, 6, 7, 8]


@pytest.mark.parametrize("facing", AWAY_FACINGS + BACK_FACINGS)
def test_points_away_from_a_one_space_actor(facing: int) -> None:
    assert points_away(frozenset({C}), east(2), facing) is (facing in AWAY_FACINGS), AWAY


@pytest.mark.parametrize(
    ("facing", "away"), [(0, True), (1, True), (11, True), (6, False), (5, False)]
)
def test_points_away_from_a_big_actor(facing: int, away: bool) -> None:
    # AWAY, measured from the actor's nearest space: a size 4 actor fills 4 spaces.
    actor = creature("a", C, 4)
    origin = east(3)
    assert min(hexdist(origin, s) for s in actor.footprint) == 2
    assert points_away(actor.footprint, origin, facing) is away


@pytest.mark.parametrize("facing", range(12))
def test_every_facing_from_your_own_space_goes_away(facing: int) -> None:
    # AWAY: no step from the space you occupy can come toward you.
    assert points_away(frozenset({C}), C, facing) is True


# Zig-zag Lines (odd facings) are a separate option (Q14), so Lines use the even facings.
D8_CASES = [
    (kind, facing)
    for kind in (AreaKind.LINE, AreaKind.CONE)
    for facing in AWAY_FACINGS + BACK_FACINGS
    if kind is AreaKind.CONE or facing % 2 == 0
]


@pytest.mark.parametrize(("kind", "facing"), D8_CASES)
def test_aim_refuses_lines_and_cones_pointing_back(kind: AreaKind, facing: int) -> None:
    board = with_tokens(creature("a", C))
    t = template(kind, 3, east(2), facing=facing, caster="a")
    default = aim(board, t, opts(), range_value=1)
    assert default.legal is (facing in AWAY_FACINGS), AWAY
    if not default.legal:
        assert isinstance(default.refusal, str) and default.refusal
    assert opts().describe("line_cone_direction") in default.options_used
    anyway = aim(board, t, opts(line_cone_direction="any"), range_value=1)
    assert anyway.legal is True, "§11a D8 option 'any facing'"


def test_points_back_at_an_adjacent_actor() -> None:
    board = with_tokens(creature("a", C))
    t = template(AreaKind.LINE, 3, east(1), facing=6, caster="a")
    assert aim(board, t, opts(), range_value=0).legal is False, AWAY
    t = template(AreaKind.LINE, 3, east(1), facing=0, caster="a")
    assert aim(board, t, opts(), range_value=0).legal is True, AWAY


def test_board_options_are_used_when_none_are_given() -> None:
    board = with_tokens(creature("a", C)).with_options({"line_cone_direction": "any"})
    t = template(AreaKind.CONE, 3, east(2), facing=6, caster="a")
    assert aim(board, t, range_value=1).legal is True


# --- which spaces an aimed Area covers -----------------------------------------------------


@pytest.mark.parametrize("facing", [0, 2, 10])
@pytest.mark.parametrize("value", [0, 1, 4])
def test_aimed_shapes_are_the_primitives_on_an_open_map(facing: int, value: int) -> None:
    board = with_tokens(creature("a", C))
    origin = east(2)
    for kind, expected in [
        (AreaKind.LINE, line(origin, facing, value)),
        (AreaKind.CONE, cone(origin, facing, value)),
        (AreaKind.BURST, burst(origin, value)),
    ]:
        result = aim(
            board, template(kind, value, origin, facing=facing, caster="a"), opts(), range_value=5
        )
        assert result.legal
        assert result.spaces == expected, kind
        assert set(result.origin) == {origin}


def test_zigzag_lines_need_the_option() -> None:
    # Q14: "Lines go along the 6 edge directions (optionally along the 6 corner directions
    # as a zig-zag, GM toggle)".
    board = with_tokens(creature("a", C))
    t = template(AreaKind.LINE, 4, east(1), facing=1, caster="a")
    assert aim(board, t, opts(), range_value=1).legal is False
    on = aim(board, t, opts(zigzag_lines=True), range_value=1)
    assert on.legal is True
    assert on.spaces == line(east(1), 1, 4)


def test_areas_stay_on_the_map() -> None:
    corner = BOARD.hex_at(0, 0)
    result = aim(BOARD, template(AreaKind.BURST, 3, corner), opts())
    assert result.spaces == frozenset(h for h in burst(corner, 3) if BOARD.contains(h))


def test_self_area_is_only_you() -> None:
    # [S000] "The effect only applies to you. Effects that do not specify an Area are Self."
    board = with_tokens(creature("a", C), creature("b", C), creature("c", east(1)))
    self_area = AreaTemplate("s", AreaKind.SELF, 0, source="a", caster="a")
    result = aim(board, self_area, opts())
    assert result.legal
    assert result.hit_ids() == ["a"]
    assert result.spaces == board.token("a").footprint


def test_subject_targeted_burst_uses_all_the_subjects_spaces() -> None:
    # [S000] "Instead of designating a space, you may specify a subject ... Create a Burst /
    # Aura shape that continues away from the space or subject where the effect occurs".
    target = creature("t", east(4), 4)
    board = with_tokens(creature("a", C), target)
    nearest = min(hexdist(C, s) for s in target.footprint)
    t = template(AreaKind.BURST, 1, source="t", caster="a")
    result = aim(board, t, opts(), range_value=nearest)
    assert result.legal
    assert set(result.origin) == set(target.footprint)
    assert result.spaces == burst(target.footprint, 1)
    assert aim(board, t, opts(), range_value=nearest - 1).legal is False, RANGE


def test_aura_moves_with_its_source() -> None:
    # [S001] "If the source of an Aura moves, the Aura moves with it."
    ogre = creature("o", C, 4)
    board = with_tokens(ogre)
    t = template(AreaKind.AURA, 2, source="o")
    assert aim(board, t, opts()).spaces == burst(ogre.footprint, 2)
    moved = board.with_token_moved("o", at(-3, 2))
    assert aim(moved, t, opts()).spaces == burst(moved.token("o").footprint, 2)
    assert aim(moved, t, opts(legacy_areas=True)).spaces == burst(moved.token("o").footprint, 2)


# --- walls ----------------------------------------------------------------------------------


def walled(board: Board, hexes: object) -> Board:
    return board.with_terrain("blocked", hexes, True)  # type: ignore[arg-type]


def ring2(center: Hex) -> list[Hex]:
    return [h for h in burst(center, 2) if hexdist(h, center) == 2]


@pytest.mark.parametrize(
    ("kind", "facing"),
    [(AreaKind.BURST, 0), (AreaKind.CONE, 0), (AreaKind.CONE, 3), (AreaKind.LINE, 4)],
)
def test_walls_stop_areas_by_default(kind: AreaKind, facing: int) -> None:
    # Option areas_stop_at_walls (default on): a closed ring of walls 2 spaces out keeps the
    # Area inside it; a creature beyond the ring is not hit. Off: the plain shape.
    board = walled(with_tokens(creature("z", at(0, 3))), ring2(C))
    shape = {AreaKind.BURST: burst, AreaKind.CONE: cone, AreaKind.LINE: line}[kind]
    full = shape(C, 4) if kind is AreaKind.BURST else shape(C, facing, 4)  # type: ignore[operator]
    stopped = aim(board, template(kind, 4, C, facing=facing), opts())
    beyond = {h for h in full if hexdist(h, C) >= 3}
    assert beyond, "the shape reaches past the ring"
    assert not (stopped.spaces & beyond)
    assert beyond <= stopped.stopped
    assert {h for h in full if hexdist(h, C) <= 1} <= stopped.spaces
    free = aim(board, template(kind, 4, C, facing=facing), opts(areas_stop_at_walls=False))
    assert free.spaces == full
    if at(0, 3) in full:
        assert "z" not in stopped.hit_ids()
        assert "z" in free.hit_ids()


def test_a_wall_on_a_line_cuts_off_the_rest() -> None:
    board = walled(BOARD, [east(2)])
    result = aim(board, template(AreaKind.LINE, 5, C, facing=0), opts())
    assert {C, east(1)} <= result.spaces
    assert not ({east(3), east(4), east(5)} & result.spaces)
    assert {east(3), east(4), east(5)} <= result.stopped
    result = aim(board, template(AreaKind.LINE, 5, C, facing=0), opts(areas_stop_at_walls=False))
    assert result.spaces == line(C, 0, 5)


# --- who is hit ------------------------------------------------------------------------------


def test_creatures_and_unattended_objects_are_hit_once() -> None:
    board = with_tokens(
        creature("a", C),
        creature("b", east(3)),
        Token("crate", "Crate", east(4), size=0, kind=TokenKind.OBJECT),
        creature("out", at(0, -3)),
    )
    result = aim(
        board, template(AreaKind.CONE, 4, east(1), facing=0, caster="a"), opts(), range_value=0
    )
    assert result.legal
    assert sorted(result.hit_ids()) == ["b", "crate"], AFFECTS
    for hit in result.hits:
        assert hit.times == 1
        assert isinstance(hit.reason, str) and hit.reason
    assert opts().describe("legacy_areas") in result.options_used


def _big_target_board() -> tuple[Board, Token]:
    big = creature("big", east(3), 4)
    return with_tokens(big), big


@pytest.mark.parametrize("inside", [1, 2, 3, 4])
@pytest.mark.parametrize("physical", [False, True])
def test_seed_000_hits_a_big_target_once(inside: int, physical: bool) -> None:
    # AFFECTS (seed 000 has no multi-hit clause): one Hit however many of its spaces are in.
    board, big = _big_target_board()
    parts = tuple(sorted(big.footprint, key=lambda h: (h.q, h.r)))[:inside]
    result = aim(board, template(AreaKind.BURST, 0, parts, physical=physical), opts())
    assert result.hit_ids() == ["big"]
    (hit,) = result.hits
    assert hit.times == 1
    assert set(hit.spaces_inside) == set(parts)


def test_a_line_across_a_big_target_lists_the_spaces_inside() -> None:
    board, big = _big_target_board()
    result = aim(board, template(AreaKind.LINE, 8, C, facing=0), opts())
    (hit,) = [h for h in result.hits if h.token_id == "big"]
    assert hit.times == 1
    assert set(hit.spaces_inside) == set(big.footprint) & line(C, 0, 8)


LEGACY_HITS = [
    # (size, spaces inside of its footprint, physical, times)
    (4, 4, True, 4),  # all of it: size 4
    (4, 2, True, 3),  # half: one size smaller
    (4, 1, True, 2),  # a quarter: two sizes smaller
    (4, 3, True, 4),  # 3/4: not yet halved
    (4, 4, False, 1),  # not physical: once
    (3, 2, True, 3),
    (3, 1, True, 2),  # half of a size 3
    (2, 1, True, 2),  # size 2 fills one space
    (1, 1, True, 1),  # size 1 is not "above size 1"
    (0, 1, True, 1),
    (5, 7, True, 5),
    (5, 4, True, 5),  # 4/7 > 1/2
    (5, 3, True, 4),  # 3/7: one halving (R-PARTIAL: size - floor(log2(1/fraction)))
    (5, 1, True, 3),  # 1/7: two halvings
]


@pytest.mark.parametrize(("size", "inside", "physical", "times"), LEGACY_HITS)
def test_legacy_physical_area_hits_big_targets_once_per_size(
    size: int, inside: int, physical: bool, times: int
) -> None:
    target = creature("big", east(3), size)
    board = with_tokens(target)
    parts = tuple(sorted(target.footprint, key=lambda h: (h.q, h.r)))[:inside]
    result = aim(
        board, template(AreaKind.BURST, 0, parts, physical=physical), opts(legacy_areas=True)
    )
    assert result.spaces == frozenset(parts)
    (hit,) = result.hits
    assert hit.token_id == "big"
    assert hit.times == times, PHYSICAL
    assert set(hit.spaces_inside) == set(parts)


OWN_BURST_CASES = [
    # (caster size, origin chosen as which caster space (None = one space east of it),
    #  exclude_caster, caster affected)
    (0, 0, True, False),
    (0, 0, False, True),
    (4, 0, True, False),
    (4, 1, True, False),
    (4, 3, True, False),
    (4, 3, False, True),
]


@pytest.mark.parametrize(("size", "which", "exclude", "affected"), OWN_BURST_CASES)
def test_caster_may_be_unaffected_by_own_burst_in_its_origin(
    size: int, which: int, exclude: bool, affected: bool
) -> None:
    caster = creature("a", C, size)
    other = creature("b", at(1, -1))  # within 2 of every space of a size 4 caster
    board = with_tokens(caster, other)
    origin = sorted(caster.footprint, key=lambda h: (h.q, h.r))[which]
    t = template(AreaKind.BURST, 2, origin, caster="a", exclude_caster=exclude)
    result = aim(board, t, opts(), range_value=3)
    assert result.legal
    assert ("a" in result.hit_ids()) is affected, OWN_BURST
    assert "b" in result.hit_ids()


def test_caster_outside_the_origin_space_cannot_opt_out() -> None:
    # OWN_BURST: only "if you occupy the space it occurs in" — a caster standing in the
    # Burst but not in its origin is affected (or the choice is refused), never silently
    # left out.
    board = with_tokens(creature("a", C), creature("b", east(2)))
    t = template(AreaKind.BURST, 2, east(1), caster="a", exclude_caster=True)
    result = aim(board, t, opts(), range_value=3)
    if result.legal:
        assert "a" in result.hit_ids(), OWN_BURST
    else:
        assert result.refusal


@pytest.mark.parametrize("legacy", [False, True])
def test_caster_outside_a_subjects_burst_cannot_opt_out(legacy: bool) -> None:
    # OWN_BURST, and [S001] "You can choose to be unaffected by a Burst you Manifest if you
    # are in the origin space" where "The origin space is all spaces of a creature or object
    # that is the source of the effect": a Burst centred on another subject.
    board = with_tokens(creature("a", C), creature("b", east(1)), creature("c", east(3)))
    t = template(AreaKind.BURST, 2, source="b", caster="a", exclude_caster=True)
    result = aim(board, t, opts(legacy_areas=legacy), range_value=3)
    if result.legal:
        assert set(result.origin) == {east(1)}
        assert sorted(result.hit_ids()) == ["a", "b", "c"], OWN_BURST
    else:
        assert result.refusal


@pytest.mark.parametrize("legacy", [False, True])
def test_caster_as_the_source_may_opt_out(legacy: bool) -> None:
    board = with_tokens(creature("a", C), creature("b", east(1)))
    t = template(AreaKind.BURST, 1, source="a", caster="a", exclude_caster=True)
    result = aim(board, t, opts(legacy_areas=legacy), range_value=3)
    assert result.legal
    assert result.hit_ids() == ["b"], OWN_BURST


def test_a_cone_does_not_hit_the_caster_behind_it() -> None:
    board = with_tokens(creature("a", C), creature("b", east(2)))
    result = aim(
        board, template(AreaKind.CONE, 3, east(1), facing=0, caster="a"), opts(), range_value=0
    )
    assert result.hit_ids() == ["b"]


@pytest.mark.parametrize("facing", [0, 3, 6, 9])
def test_a_cone_from_your_own_space_may_face_anywhere(facing: int) -> None:
    # AWAY + PLUS_REACH: range 0 means a space you occupy; from there every direction
    # continues away from you.
    board = with_tokens(creature("a", C), creature("b", at(0, 2)))
    result = aim(
        board, template(AreaKind.CONE, 3, C, facing=facing, caster="a"), opts(), range_value=0
    )
    assert result.legal is True
    assert result.spaces == cone(C, facing, 3)
