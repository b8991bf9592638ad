"""Turn bookkeeping details found in review: the moving flag, effects of creators outside
the turn order, Areas kept by the effects of a removed token."""

from __future__ import annotations

from rules import AreaKind, AreaTemplate, Board, Hex, OngoingEffect, Token, TokenKind
from rules.board.turn_state import marked_moving, with_effect, with_turn
from rules.movement.turn_flow import begin_turn, end_turn
from rules.turns import SOULWEAVER, TurnState, join, start


def _board() -> Board:
    board = Board.blank(8, 8)
    for token in (
        Token("a", "Aria", Hex(1, 1)),
        Token("c", "Crate", Hex(3, 3), kind=TokenKind.OBJECT),
    ):
        board = board.with_token(token)
    return board


def test_moving_marks_creatures_only_during_a_conflict() -> None:
    board = _board()
    assert marked_moving(board, ["a"]) is board  # no conflict: nothing to track
    board = with_turn(board, start(join(TurnState(), "a", 5)))
    moved = marked_moving(board, ["a", "c"])
    assert moved.token("a").moving and moved.token("a").moved_this_turn
    assert not moved.token("c").moving  # objects are not "moving" [S001]
    after = begin_turn(moved, "a").board  # it moved during its last turn: still moving
    assert after.token("a").moving and not after.token("a").moved_this_turn
    # [S001] "… until you end your turn without moving any spaces that turn"
    assert not end_turn(after, "a")[0].token("a").moving


def test_effects_of_creators_outside_the_turn_order_tick_at_the_soulweavers_turn() -> None:
    board = with_turn(_board(), start(TurnState()))
    board = with_effect(board, OngoingEffect("e", "Ward", creator="a", rounds_left=2))
    once = begin_turn(board, SOULWEAVER)
    assert once.board.effects["e"].rounds_left == 1
    assert begin_turn(once.board, SOULWEAVER).expired == ("e",)


def test_removing_a_caster_ends_the_area_its_effect_kept() -> None:
    board = _board().with_area(AreaTemplate("b1", AreaKind.BURST, 1, (Hex(4, 4),), caster="a"))
    board = with_effect(board, OngoingEffect("e", "Fire", creator="a", rounds_left=3, area_id="b1"))
    gone = board.without_token("a")
    assert not gone.effects and not gone.areas
