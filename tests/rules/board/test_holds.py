"""Holds as a relation between two tokens (rules/holds.py; seed 002 Grab/Hold, R-HOLD).

Each test quotes the [S002] sentence it checks."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Board, Hex, Token
from rules.battlefield.holds import move_holder
from rules.board.conditions import set_condition, tier_of
from rules.board.holds import (
    HOLD_SOURCE,
    Hold,
    escape_hold,
    grapple_hold,
    held_refusal,
    hold_of,
    holds_on,
    release_hold,
    resist_dice,
    with_hold,
)
from rules.errors import UnknownTokenError

OGRE = Token("o", "Ogre", Hex(3, 3), size=1)
ARIA = Token("a", "Aria", Hex(4, 3))
CID = Token("c", "Cid", Hex(4, 4))


def board_with(*tokens: Token) -> Board:
    board = Board.blank(10, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


def encumbered(board: Board, token_id: str) -> int:
    return tier_of(board.token(token_id).conditions, "encumbered")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (("a", "a"), "a creature cannot hold itself"),
        (("", "a"), "the Hold's holder id '' must be 1-64 letters"),
        (("a", "b c"), "the Hold's held id 'b c' must be 1-64 letters"),
        (("a", "b", True), "a Hold's Tier change must be a whole number −99..99, got True"),
        (("a", "b", 100), "a Hold's Tier change must be a whole number −99..99, got 100"),
        (("a", "b", 0, " "), "a Hold's targeted part must be a name or unset"),
    ],
)
def test_a_hold_says_what_is_wrong_with_its_fields(fields: tuple, message: str) -> None:
    """A Hold has "a Holder and the target being Held" [S002]: two different tokens."""
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        Hold(*fields)


def test_with_hold_refuses_a_second_holder_and_missing_tokens() -> None:
    """[S002] "Attack a target who is not Held"."""
    board = with_hold(board_with(OGRE, ARIA, CID), Hold("o", "a"))
    with pytest.raises(ValueError, match="Aria is already Held"):
        with_hold(board, Hold("c", "a"))
    with pytest.raises(UnknownTokenError):
        with_hold(board, Hold("o", "zz"))
    assert with_hold(board, Hold("o", "a", 1)).holds == (Hold("o", "a", 1),)  # replaced


@given(st.integers(-3, 2), st.integers(-3, 2))
@settings(max_examples=40, deadline=None)
def test_both_creatures_get_encumbered_less_their_size_advantage(holder: int, held: int) -> None:
    """[S002] "While in a Hold … Have 2 Tiers of Encumbered. If you are larger than the
    other creature, reduce the Tiers by your size difference." """
    board = board_with(
        Token("h", "H", Hex(3, 3), size=holder), Token("d", "D", Hex(4, 3), size=held)
    )
    board = with_hold(board, Hold("h", "d"))
    assert encumbered(board, "h") == max(0, 2 - max(0, holder - held))
    assert encumbered(board, "d") == max(0, 2 - max(0, held - holder))
    assert tier_of(board.token("d").conditions, "held") == 1
    assert all(
        e.source == HOLD_SOURCE for e in board.token("h").conditions if e.name == "encumbered"
    )


def test_release_takes_the_hold_and_its_conditions_off_both() -> None:
    """[S002] "Being a Holder can be Dropped. If there is no Holder or Held creature in a
    Hold, the Hold ends." Strangled from the Hold lasts "until the head is no longer
    affected"; other conditions stay."""
    aria = Token("a", "Aria", Hex(4, 3), conditions=set_condition((), "prone", 1))
    board = with_hold(board_with(OGRE, aria), Hold("o", "a", 1, "head"))
    strangled = set_condition(board.token("a").conditions, "strangled", 1, HOLD_SOURCE)
    board = board.with_token_replaced(replace(board.token("a"), conditions=strangled))
    free = release_hold(board, "o", "a")
    assert free.holds == () and free.token("o").conditions == ()
    assert [e.name for e in free.token("a").conditions] == ["prone"]
    with pytest.raises(KeyError):
        release_hold(free, "o", "a")


def test_grapple_and_escape_change_the_held_tier() -> None:
    """Grapple "increase[s] the Tier of Encumbered they suffer from Hold by 1"; Escape
    reduces it "by 2 … If this removes all Encumbered … they are removed from the Grab";
    with a part "only reduce the Encumbered Tier by 1" [S002]."""
    board = with_hold(board_with(OGRE, ARIA), Hold("o", "a"))
    board = grapple_hold(board, "o", "a")
    assert encumbered(board, "a") == 3 and tier_of(board.token("a").conditions, "grappled") == 1
    board = with_hold(board, Hold("o", "a", 1, "arm"))
    board = escape_hold(board, "o", "a", frees_part=True)
    assert hold_of(board, "o", "a") == Hold("o", "a", 0) and encumbered(board, "a") == 2
    assert escape_hold(board, "o", "a").holds == ()


def test_move_holder_brings_the_held_along_unless_it_would_leave_the_map() -> None:
    """[ASSUMPTION] "they move together" (issue #7): the Held creature keeps its offset;
    at the map's edge it stays, and the Hold is kept while the Holder can still touch it
    ([S002] "A creature stops being a Holder if they can no longer touch the other creature
    with parts they used for the Hold.")."""
    board = with_hold(board_with(OGRE, ARIA), Hold("o", "a"))
    moved = move_holder(board, "o", Hex(3, 4))
    assert (moved.token("o").position, moved.token("a").position) == (Hex(3, 4), Hex(4, 4))
    edge = with_hold(
        board_with(Token("o", "Ogre", Hex(8, 0), size=1), Token("a", "Aria", Hex(9, 0))),
        Hold("o", "a"),
    )
    assert not edge.contains(Hex(10, 0))
    stays = move_holder(edge, "o", Hex(9, 0))
    assert stays.token("a").position == Hex(9, 0) and stays.holds == edge.holds


def test_a_held_creature_cannot_walk_off_but_its_holder_can() -> None:
    """A Held creature must Escape: "Attack target Holder … If this removes all Encumbered
    … they are removed from the Grab" [S002]."""
    board = with_hold(board_with(OGRE, ARIA, CID), Hold("o", "a"))
    assert held_refusal(board, "a") == "Aria is Held by Ogre: Escape first [S002]"
    assert held_refusal(board, "o") is None and held_refusal(board, "c") is None


def test_resist_dice_are_the_spaces_against_everyone_else_in_the_hold() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you." """
    cat = Token("k", "Cat", Hex(5, 3), size=-1)
    board = with_hold(with_hold(board_with(OGRE, ARIA, cat), Hold("o", "a")), Hold("a", "k"))
    assert resist_dice(board, "a", 3) == (("k", 3), ("o", 3))
    assert resist_dice(board, "o", 1) == (("a", 1),)
    assert resist_dice(board_with(OGRE), "o", 2) == ()
    assert {h.held for h in holds_on(board, "a")} == {"a", "k"}


@pytest.mark.parametrize("gone", ["o", "a"])
def test_removing_a_token_ends_its_holds_and_the_others_hold_conditions(gone: str) -> None:
    """[S002] "If there is no Holder or Held creature in a Hold, the Hold ends." """
    board = with_hold(board_with(OGRE, ARIA), Hold("o", "a"))
    after = board.without_token(gone)
    other = "a" if gone == "o" else "o"
    assert after.holds == () and after.token(other).conditions == ()
