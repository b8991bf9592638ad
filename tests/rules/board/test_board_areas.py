"""Pinned Area templates on the board: adding, replacing, removing, ids, tokens leaving,
equality, the constructor's checks, reshaping the map and the players' view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.visibility import player_board
from rules.board.grid import Board, hex_to_cell
from rules.board.tokens import Token
from rules.errors import OutOfBoundsError, UnknownTokenError
from rules.hexes import Hex
from rules.layout import Orientation

AT = Hex(2, 1)


def cone(area_id: str = "cone-1", origin: Hex = AT, caster: str | None = None) -> AreaTemplate:
    """A Cone 2 facing 1 at ``origin``."""
    return AreaTemplate(area_id, AreaKind.CONE, 2, (origin,), facing=1, caster=caster)


def aura(
    area_id: str = "aura-1", source: str = "ogre", caster: str | None = None, physical: bool = False
) -> AreaTemplate:
    """An Aura 1 attached to ``source``, no origin of its own (as the app pins one)."""
    return AreaTemplate(
        area_id, AreaKind.AURA, 1, (), source=source, caster=caster, physical=physical
    )


@pytest.fixture
def board() -> Board:
    """A 6×5 pointy map with a mage, an ogre and a hidden assassin."""
    board = Board.blank(6, 5, name="Areas")
    for token in (
        Token("mage", "Mage", Hex(0, 0), side="party"),
        Token("ogre", "Ogre", Hex(3, 2), size=2, side="enemy"),
        Token("assassin", "Assassin", Hex(1, 4), side="enemy", hidden=True),
    ):
        board = board.with_token(token)
    return board


# --- adding, replacing, removing ----------------------------------------------------------


def test_a_new_board_has_no_areas_and_they_are_read_only(board: Board) -> None:
    assert dict(board.areas) == {}
    pinned = board.with_area(cone())
    with pytest.raises(TypeError):
        pinned.areas["x"] = cone("x")  # type: ignore[index]
    assert dict(board.areas) == {}  # the old board is unchanged


def test_with_area_adds_in_order_and_replaces_by_id_in_place(board: Board) -> None:
    pinned = board.with_area(cone()).with_area(aura()).with_area(cone("cone-2", Hex(4, 0)))
    assert list(pinned.areas) == ["cone-1", "aura-1", "cone-2"]
    bigger = replace(pinned.areas["cone-1"], value=5, name="Wider")
    replaced = pinned.with_area(bigger)
    assert list(replaced.areas) == ["cone-1", "aura-1", "cone-2"]
    assert replaced.areas["cone-1"] == bigger
    assert pinned.areas["cone-1"].value == 2


def test_with_area_keeps_the_caster_and_source(board: Board) -> None:
    pinned = board.with_area(cone(caster="mage")).with_area(aura(caster="ogre"))
    assert pinned.areas["cone-1"].caster == "mage"
    assert (pinned.areas["aura-1"].source, pinned.areas["aura-1"].caster) == ("ogre", "ogre")


@pytest.mark.parametrize(
    ("template", "error", "message"),
    [
        (cone(origin=Hex(9, 9)), OutOfBoundsError, "Hex(q=9, r=9) is outside the 6×5 map"),
        (
            AreaTemplate("b", AreaKind.BURST, 1, (Hex(0, 0), Hex(-1, 0))),
            OutOfBoundsError,
            "Hex(q=-1, r=0) is outside the 6×5 map",
        ),
        (aura(source="ghost"), UnknownTokenError, "area 'aura-1': its source token 'ghost' is"),
        (cone(caster="ghost"), UnknownTokenError, "area 'cone-1': its caster token 'ghost' is not"),
    ],
)
def test_with_area_refuses_off_map_origins_and_unknown_tokens(
    board: Board, template: AreaTemplate, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        board.with_area(template)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_without_area(board: Board) -> None:
    pinned = board.with_area(cone()).with_area(aura())
    assert list(pinned.without_area("cone-1").areas) == ["aura-1"]
    assert pinned.without_area("cone-1").without_area("aura-1") == board
    with pytest.raises(KeyError, match="no area with id 'nope' on this map"):
        pinned.without_area("nope")


def test_new_area_id_is_fresh(board: Board) -> None:
    assert board.new_area_id() == "area-1"
    assert board.new_area_id("cone") == "cone-1"
    pinned = board.with_area(cone("cone-1")).with_area(cone("cone-3"))
    assert pinned.new_area_id("aura") == "aura-1"
    for _ in range(5):  # never one in use, however the ids were chosen
        fresh = pinned.new_area_id("cone")
        assert fresh.startswith("cone-") and fresh not in pinned.areas
        pinned = pinned.with_area(cone(fresh))
    assert len(pinned.areas) == 7


# --- tokens leaving ------------------------------------------------------------------------


def test_removing_a_token_drops_its_auras_and_forgets_it_as_caster(board: Board) -> None:
    pinned = (
        board.with_area(cone(caster="ogre"))
        .with_area(aura("aura-1", "ogre", caster="ogre"))
        .with_area(aura("aura-2", "mage", caster="ogre"))
        .with_area(cone("cone-2", caster="mage"))
    )
    gone = pinned.without_token("ogre")
    assert list(gone.areas) == ["cone-1", "aura-2", "cone-2"]
    assert gone.areas["cone-1"] == cone(caster=None)
    assert gone.areas["aura-2"] == aura("aura-2", "mage")
    assert gone.areas["cone-2"].caster == "mage"
    assert pinned.areas["cone-1"].caster == "ogre"  # the old board is unchanged


# --- equality and the constructor ------------------------------------------------------------


def test_equality_counts_areas_and_their_order(board: Board) -> None:
    one = board.with_area(cone()).with_area(aura())
    assert one == board.with_area(cone()).with_area(aura())
    assert one != board
    assert one != board.with_area(cone()).with_area(aura(physical=True))
    assert one != board.with_area(aura()).with_area(cone())


def test_constructor_takes_areas_by_id(board: Board) -> None:
    areas = {"cone-1": cone(caster="mage"), "aura-1": aura()}
    made = Board(6, 5, tokens=board.tokens, areas=areas, name="Areas")
    assert made == board.with_area(areas["cone-1"]).with_area(areas["aura-1"])


@pytest.mark.parametrize(
    ("areas", "message"),
    [
        ({"x": cone("y")}, "area 'y' is filed under another id, 'x'"),
        ({"aura-1": aura(source="ghost")}, "area 'aura-1': its source token 'ghost' is not on"),
        ({"cone-1": cone(caster="ghost")}, "area 'cone-1': its caster token 'ghost' is not on"),
    ],
)
def test_constructor_checks_area_ids_and_tokens(
    board: Board, areas: dict[str, AreaTemplate], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Board(6, 5, tokens=board.tokens, areas=areas)


# --- resizing and re-orienting ------------------------------------------------------------


def test_resizing_keeps_areas_that_still_fit(board: Board) -> None:
    pinned = (
        board.with_area(cone("near", Hex(1, 1), caster="ogre"))
        .with_area(AreaTemplate("edge", AreaKind.BURST, 1, (Hex(0, 0), board.hex_at(5, 0))))
        .with_area(aura("ogre-aura", "ogre"))
        .with_area(aura("mage-aura", "mage", caster="mage"))
    )
    small = pinned.resized(3, 3)  # the ogre (at cell (4, 2), size 2) does not fit
    assert "ogre" not in small.tokens
    assert list(small.areas) == ["near", "mage-aura"]
    assert small.areas["near"].caster is None
    assert small.areas["mage-aura"] == pinned.areas["mage-aura"]
    assert pinned.resized(8, 8).areas == pinned.areas


def test_reorienting_keeps_the_cells_of_area_origins(board: Board) -> None:
    burst = AreaTemplate("b", AreaKind.BURST, 2, (board.hex_at(1, 3), board.hex_at(4, 1)))
    pinned = board.with_area(burst).with_area(cone(caster="mage")).with_area(aura())
    flat = pinned.with_orientation(Orientation.FLAT)
    assert list(flat.areas) == list(pinned.areas)
    for area_id, area in pinned.areas.items():
        before = [hex_to_cell(h, Orientation.POINTY) for h in area.origin]
        after = [hex_to_cell(h, Orientation.FLAT) for h in flat.areas[area_id].origin]
        assert after == before
        assert replace(flat.areas[area_id], origin=area.origin) == area
    assert flat.areas["b"].origin != burst.origin  # (1, 3) is another hex on odd-q
    assert flat.with_orientation(Orientation.POINTY) == pinned


# --- what the players see ------------------------------------------------------------------


def test_players_do_not_see_areas_of_hidden_tokens(board: Board) -> None:
    pinned = (
        board.with_area(cone("by-mage", caster="mage"))
        .with_area(cone("by-assassin", Hex(3, 0), caster="assassin"))
        .with_area(aura("on-assassin", "assassin"))
        .with_area(aura("on-ogre", "ogre", caster="assassin"))
        .with_area(aura("ogre-own", "ogre", caster="ogre"))
        .with_area(cone("plain", Hex(4, 0)))
    )
    seen = player_board(pinned)
    assert "assassin" not in seen.tokens
    assert list(seen.areas) == ["by-mage", "ogre-own", "plain"]
    assert seen.areas["by-mage"] == pinned.areas["by-mage"]


# --- where an Area is drawn from ----------------------------------------------------------


def test_area_origin_is_the_source_token_s_spaces_for_an_aura(board: Board) -> None:
    wide = Token("ogre", "Ogre", Hex(3, 2), footprint_override=(Hex(0, 0), Hex(1, 0)))
    board = board.without_token("ogre").with_token(wide)
    assert board.area_origin(aura()) == (Hex(3, 2), Hex(4, 2))


def test_area_origin_of_a_self_area_is_its_caster_s_spaces(board: Board) -> None:
    area = AreaTemplate("self-1", AreaKind.SELF, 0, (AT,), caster="ogre")
    assert board.area_origin(area) == tuple(sorted(board.tokens["ogre"].footprint))


def test_a_burst_without_an_origin_spreads_from_its_caster_only_with_legacy_areas(
    board: Board,
) -> None:
    burst = AreaTemplate("burst-1", AreaKind.BURST, 1, (), caster="mage")
    assert board.area_origin(burst) == ()
    assert board.area_origin(burst, legacy_areas=True) == (Hex(0, 0),)
    aimed = replace(burst, origin=(AT,))
    assert board.area_origin(aimed, legacy_areas=True) == (AT,)


def test_area_origin_is_the_own_origin_for_a_cone_or_a_missing_token(board: Board) -> None:
    assert board.area_origin(cone(caster="mage"), legacy_areas=True) == (AT,)
    stray = AreaTemplate("aura-x", AreaKind.AURA, 1, (AT,), source="nobody")
    assert board.area_origin(stray) == (AT,)
