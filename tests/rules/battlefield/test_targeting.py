"""Aiming details beyond the seed tables: walls (option ``areas_stop_at_walls``), refusals
for impossible origins, Aura range, legacy origins once pinned, flight and units, 3-D Reach."""

from __future__ import annotations

import pytest

from rules import (
    DIRECTIONS,
    AreaKind,
    AreaTemplate,
    Board,
    Hex,
    RuleOptions,
    Token,
    aim,
    entry_check,
    full_spaces,
    reach_spaces,
)
from rules.battlefield.occupancy import crowded

BOARD = Board.blank(30, 30)
CENTRE = BOARD.hex_at(15, 15)
ZIGZAG = RuleOptions.of({"zigzag_lines": True})


@pytest.mark.parametrize("facing", range(12))
def test_a_wall_on_the_first_space_stops_a_line_the_same_way_in_every_direction(
    facing: int,
) -> None:
    step = DIRECTIONS[facing // 2]
    board = BOARD.with_terrain("blocked", [CENTRE + step], True)
    result = aim(board, AreaTemplate("l", AreaKind.LINE, 4, (CENTRE,), facing=facing), ZIGZAG)
    assert result.spaces == {CENTRE}
    assert len(result.stopped) == 4


@pytest.mark.parametrize("facing", range(0, 12, 2))
def test_a_wall_in_front_of_an_edge_cone_cuts_the_same_spaces_in_every_direction(
    facing: int,
) -> None:
    board = BOARD.with_terrain("blocked", [CENTRE + DIRECTIONS[facing // 2]], True)
    result = aim(board, AreaTemplate("c", AreaKind.CONE, 3, (CENTRE,), facing=facing))
    assert len(result.spaces) == 3  # the origin and the two edge spaces at distance 2


def test_walls_do_not_stop_areas_when_the_option_is_off() -> None:
    board = BOARD.with_terrain("blocked", [CENTRE + DIRECTIONS[0]], True)
    template = AreaTemplate("l", AreaKind.LINE, 4, (CENTRE,))
    off = RuleOptions.of({"areas_stop_at_walls": False})
    assert len(aim(board, template, off).spaces) == 5
    assert "areas_stop_at_walls = off" in aim(board, template, off).options_used


@pytest.mark.parametrize(
    ("origin", "refusal"),
    [(Hex(-30, -30), "the origin (-30, -30) is off the map"), (CENTRE, "is a wall")],
)
def test_an_origin_off_the_map_or_in_a_wall_is_refused(origin: Hex, refusal: str) -> None:
    board = BOARD.with_terrain("blocked", [CENTRE], True)
    result = aim(board, AreaTemplate("b", AreaKind.BURST, 1, (origin,)))
    assert not result.legal and refusal in (result.refusal or "")


def test_a_missing_caster_is_named() -> None:
    board = BOARD._evolve(areas={})
    template = AreaTemplate("b", AreaKind.BURST, 1, (CENTRE,), caster="ghost")
    assert aim(board, template).refusal == "the caster 'ghost' is not on the map"


def test_an_aura_on_another_subject_must_be_in_range_but_one_on_yourself_need_not() -> None:
    board = BOARD.with_token(Token("mage", "Mage", CENTRE))
    board = board.with_token(Token("ally", "Ally", board.hex_at(25, 15)))
    far = AreaTemplate("a", AreaKind.AURA, 1, source="ally", caster="mage")
    result = aim(board, far, range_value=3)
    assert not result.legal and "the subject is 10 spaces" in (result.refusal or "")
    own = AreaTemplate("a", AreaKind.AURA, 1, source="mage", caster="mage")
    assert aim(board, own, range_value=0).legal


def test_a_pinned_legacy_burst_keeps_the_origin_it_was_cast_from() -> None:
    legacy = RuleOptions.of({"legacy_areas": True})
    board = BOARD.with_token(Token("mage", "Mage", CENTRE))
    aimed = aim(board, AreaTemplate("b", AreaKind.BURST, 1, (), caster="mage"), legacy)
    assert aimed.origin == (CENTRE,)
    assert aimed.reasons[0] == "legacy areas: the origin is every space of the source, Mage"
    pinned = AreaTemplate("b", AreaKind.BURST, 1, aimed.origin, caster="mage")
    moved = board.with_token_moved("mage", board.hex_at(5, 5))
    assert aim(moved, pinned, legacy).origin == (CENTRE,)


def test_lines_and_cones_have_exactly_one_origin_space() -> None:
    with pytest.raises(ValueError, match="a Cone starts from exactly one origin space"):
        AreaTemplate("c", AreaKind.CONE, 2, (CENTRE, CENTRE + DIRECTIONS[0]))
    with pytest.raises(ValueError, match="a Line starts from exactly one origin space"):
        AreaTemplate("l", AreaKind.LINE, 2, (CENTRE,), source="mage")


def test_flying_changes_crowded_but_not_how_full_a_space_is() -> None:
    board = BOARD
    for i in range(3):
        board = board.with_token(Token(f"h{i}", f"Human {i}", CENTRE))
    board = board.with_token(Token("bird", "Bird", CENTRE))
    assert CENTRE in full_spaces(board)  # four size-0 creatures, flight or not
    board = board.without_token("h2")
    assert CENTRE not in full_spaces(board)
    assert entry_check(board, "h0", CENTRE).allowed
    assert crowded(board, "h0").tier == 2
    assert crowded(board, "h0", winged=["bird"]).tier == 2  # +2 sizes still adds 1 Tier


def test_reach_spaces_count_elevation_like_can_reach() -> None:
    board = BOARD.with_token(Token("ogre", "Ogre", CENTRE, size=1))  # Reach 2
    east = CENTRE + DIRECTIONS[0]
    raised = board.with_terrain("elevation", [east], 2)
    assert east in reach_spaces(board, board.token("ogre"))
    assert east not in reach_spaces(raised, raised.token("ogre"))  # 1 across + 2 up
    flat = RuleOptions.of({"range_elevation": "ignore"})
    assert east in reach_spaces(raised, raised.token("ogre"), flat)
