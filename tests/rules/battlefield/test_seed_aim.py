"""Acceptance tests for aiming an Area: direction away from you, the spaces it covers,
walls — from the rules text.

Sources: seed 000 (default) and seed 001 (the "legacy areas" option) battlefield text,
RULES-DIGEST §11a D8/D9/D13 (they override §11/§12), §11 Q14/Q17, §12 "Geometry and
targeting" and "Areas", DESIGN.md "Contracts". Expected values come from the texts and the
small independent models below, not from ``rules/``. Shared helpers: ``seed_helpers``.
"""

from __future__ import annotations

import pytest

from rules.areas import AreaKind, AreaTemplate, burst, cone, line
from rules.battlefield.targeting import aim, points_away
from rules.board.grid import Board
from rules.hexes import Hex
from tests.rules.seed_helpers import (
    BOARD,
    RANGE,
    C,
    at,
    creature,
    east,
    hexdist,
    opts,
    template,
    with_tokens,
)

AWAY = "[S000] 'It continues in a direction away from you' (§11a D8)"


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
