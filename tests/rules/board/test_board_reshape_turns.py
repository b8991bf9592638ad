"""Reshaping a board keeps its turn state consistent: the turn order and the ongoing
effects follow the tokens and Areas that survive a resize (as :meth:`Board.without_token`
and :meth:`Board.without_area` remove them), and an orientation switch keeps them all."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate
from rules.board.conditions import ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board, hex_to_cell
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.board.turn_state import with_effect, with_turn
from rules.hexes import Hex
from rules.layout import Orientation
from rules.turns import Participant, TurnState, actor
from tests.rules.mapfile_helpers import sample_board


def _rebuilt(board: Board) -> Board:
    """``board`` put through the constructor's whole-map checks (``_check_play`` too)."""
    return Board(
        board.width,
        board.height,
        board.orientation,
        board.name,
        board.layers,
        board.tokens,
        board.images,
        board.options,
        board.labels,
        board.notes,
        board.background,
        board.areas,
        board.effects,
        board.turn,
    )


@pytest.fixture
def board() -> Board:
    """8×6 pointy: ``a`` and ``c`` in the north-west, ``b`` and ``d`` in the south-east;
    an Area made by ``b`` and one attached to it, one in the far east; effects made by,
    on and unrelated to ``b``; round 2 with ``c`` acting and ``a`` waiting."""
    board = Board.blank(8, 6, name="Play")
    for token_id, col, row in (("a", 0, 0), ("b", 6, 4), ("c", 1, 1), ("d", 7, 5)):
        token = Token(
            token_id,
            token_id.upper(),
            board.hex_at(col, row),
            conditions=(ConditionEntry("prone", 1),),
            moving=True,
        )
        board = board.with_token(token)
    for area in (
        AreaTemplate("by-b", AreaKind.BURST, 1, (board.hex_at(1, 2),), caster="b"),
        AreaTemplate("on-b", AreaKind.AURA, 2, (), source="b", caster="b"),
        AreaTemplate("east", AreaKind.BURST, 1, (board.hex_at(6, 1),), caster="a"),
    ):
        board = board.with_area(area)
    for effect in (
        OngoingEffect("from-b", "Howl", creator="b", rounds_left=2),
        OngoingEffect("at-b", "Mark", creator="a", rounds_left=1, target="b"),
        OngoingEffect("from-a", "Ward", creator="a", area_id="by-b"),
        OngoingEffect("wall", "Wall", creator="c", rounds_left=3, area_id="east"),
        OngoingEffect("storm", "Storm"),
    ):
        board = with_effect(board, effect)
    order = (
        Participant("b", 15),
        Participant("a", 12, waiting=True),
        Participant("d", 10),
        Participant("c", 8),
    )
    return with_turn(board, TurnState(order, round=2, current=3))


def test_a_resize_removes_cut_off_tokens_from_the_turn_order_and_their_effects(
    board: Board,
) -> None:
    small = board.resized(4, 4)  # b at cell (6, 4) and d at (7, 5) are cut off
    assert list(small.tokens) == ["a", "c"]
    assert small.turn == TurnState(
        (Participant("a", 12, waiting=True), Participant("c", 8)), round=2, current=1
    )
    assert actor(small.turn) == actor(board.turn) == "c"
    assert list(small.effects) == ["from-a", "storm"]  # wall kept "east", which is cut off
    assert small.areas["by-b"].caster is None and list(small.areas) == ["by-b"]
    assert _rebuilt(small) == small


def test_a_resize_removes_tokens_and_areas_as_the_board_does(board: Board) -> None:
    expected = board.without_token("b").without_token("d").without_area("east")
    small = board.resized(4, 4)
    assert small.turn == expected.turn
    assert list(small.effects.items()) == list(expected.effects.items())
    assert list(small.areas.items()) == list(expected.areas.items())
    assert small.tokens == expected.tokens and small.notes == expected.notes


def test_the_turn_passes_on_when_the_acting_token_is_cut_off(board: Board) -> None:
    acting_b = with_turn(board, replace(board.turn, current=0))  # b's turn
    small = acting_b.resized(4, 4)
    assert actor(small.turn) == "a" and small.turn.current == 0
    on_soulweaver = with_turn(board, replace(board.turn, current=4))
    assert on_soulweaver.resized(4, 4).turn.current == 2  # still the Soulweaver's turn


def test_an_effect_goes_with_the_area_it_kept_when_the_area_is_cut_off(board: Board) -> None:
    narrow = board.resized(5, 6)  # east (cell (6, 1)) goes; b and d go too
    assert "east" not in narrow.areas and "wall" not in narrow.effects
    assert narrow.effects["from-a"] == board.effects["from-a"]  # by-b still fits
    assert narrow == board.without_token("b").without_token("d").without_area("east").resized(5, 6)
    assert _rebuilt(narrow) == narrow


def test_growing_keeps_the_whole_play_state(board: Board) -> None:
    big = board.resized(12, 9)
    assert big.turn == board.turn
    assert list(big.effects.items()) == list(board.effects.items())
    assert big.tokens == board.tokens and big.areas == board.areas


@pytest.mark.parametrize("orientation", list(Orientation))
def test_reorienting_keeps_the_turn_order_effects_and_token_state(
    board: Board, orientation: Orientation
) -> None:
    board = board.with_orientation(orientation)
    other = Orientation.FLAT if orientation is Orientation.POINTY else Orientation.POINTY
    flipped = board.with_orientation(other)
    assert flipped.turn == board.turn
    assert list(flipped.effects.items()) == list(board.effects.items())
    for token_id, token in board.tokens.items():
        moved = flipped.tokens[token_id]
        assert replace(moved, position=token.position) == token
        assert hex_to_cell(moved.position, other) == hex_to_cell(token.position, orientation)
    assert _rebuilt(flipped) == flipped


def test_reorienting_keeps_the_state_of_a_token_pulled_back_onto_the_map() -> None:
    body = (Hex(0, 0), Hex(-2, 4))  # 4 rows down on odd-r, 2 columns left on odd-q
    token = Token(
        "eel",
        "Eel",
        Hex(0, 0),
        footprint_override=body,
        moving=True,
        vitals=Vitals(severe_threshold=3),
    )
    board = Board.blank(3, 6).with_token(token)
    board = with_turn(board, TurnState((Participant("eel", 5),), 1, 0))
    flipped = board.with_orientation(Orientation.FLAT)
    eel = flipped.tokens["eel"]
    assert eel.position != token.position  # pulled back onto the map
    assert replace(eel, position=token.position) == token and flipped.turn == board.turn


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.integers(1, 10), st.sampled_from(list(Orientation)))
def test_any_resize_of_a_played_board_is_consistent_and_saves(
    width: int, height: int, orientation: Orientation
) -> None:
    resized = sample_board(orientation).resized(width, height)
    assert set(resized.turn.ids()) <= set(resized.tokens)
    for effect in resized.effects.values():
        assert {effect.creator, effect.target} - {None} <= set(resized.tokens)
        assert effect.area_id is None or effect.area_id in resized.areas
    assert _rebuilt(resized) == resized
    assert mapfile.loads(mapfile.dumps(resized)) == resized
