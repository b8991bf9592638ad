"""Overpower actions (rules/overpower.py): legality, DL 3 Athletics (Q26), the full size
difference, "You cannot affect targets 3 or more sizes larger than you" [S002]; Shove
destinations."""

from __future__ import annotations

import pytest

from rules import Board, Hex, Token
from rules.actions.overpower import overpower, shove_destinations
from rules.board.conditions import set_condition
from rules.hexes import distance


def board_with(*tokens: Token) -> Board:
    board = Board.blank(10, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


ARIA = Token("a", "Aria", Hex(3, 3))


@pytest.mark.parametrize(
    ("size", "modifier", "allowed"),
    [
        pytest.param(-2, 2, True, id="'Against a smaller target … gain a bonus'"),
        pytest.param(2, -2, True, id="'Against a larger target, suffer a penalty'"),
        pytest.param(3, -3, False, id="'cannot affect targets 3 or more sizes larger'"),
    ],
)
def test_overpower_takes_the_full_size_difference(size: int, modifier: int, allowed: bool) -> None:
    board = board_with(ARIA, Token("t", "Target", Hex(4, 3), size=size))
    check = overpower(board, "a", "t", "hamper")
    assert (check.modifier, check.allowed, check.dl, check.skill) == (
        modifier,
        allowed,
        3,
        "Athletics",
    )


def test_a_grab_has_one_less_reach_and_needs_a_target_not_held() -> None:
    far = board_with(ARIA, Token("t", "Target", Hex(4, 3)))
    assert (
        overpower(far, "a", "t", "grab").refusal
        == "Target is not in Aria's Reach (a Grab has −1 Reach) [S002]"
    )
    ogre = board_with(Token("o", "Ogre", Hex(3, 3), size=1), Token("t", "Target", Hex(4, 3)))
    assert overpower(ogre, "o", "t", "grab").allowed  # Reach 2 − 1 still reaches
    held = Token("t", "Target", Hex(4, 3), conditions=set_condition((), "held", 2, "Hold"))
    check = overpower(board_with(Token("o", "Ogre", Hex(3, 3), size=1), held), "o", "t", "grab")
    assert "already Held" in (check.refusal or "")


def test_grapple_needs_a_hold_and_escape_needs_to_be_held() -> None:
    board = board_with(ARIA, Token("t", "Target", Hex(4, 3)))
    assert "not in a Hold" in (overpower(board, "a", "t", "grapple").refusal or "")
    assert "not Held" in (overpower(board, "a", "t", "escape").refusal or "")


def test_out_of_reach_is_refused_with_the_reason() -> None:
    board = board_with(ARIA, Token("t", "Target", Hex(7, 3)))
    assert overpower(board, "a", "t", "shove").refusal == "Target is not in Aria's Reach [S002]"
    with pytest.raises(ValueError, match="unknown Overpower"):
        overpower(board, "a", "t", "suplex")


def test_shove_moves_one_space_farther_or_anywhere_in_reach() -> None:
    board = board_with(ARIA, Token("t", "Target", Hex(4, 3)))
    farther = shove_destinations(board, "a", "t")
    assert farther == {h for h in farther if distance(h, Hex(3, 3)) == 2}
    assert len(farther) == 3  # the three spaces beyond it, away from Aria
    anywhere = shove_destinations(board, "a", "t", follow_up=False)
    assert Hex(2, 3) in anywhere and Hex(4, 3) not in anywhere


def test_destinations_says_where_an_action_asking_one_may_name_it() -> None:
    """``rules.actions.destinations``: Shove's spaces are :func:`shove_destinations`
    (after an attack: one farther only); Disarm's are every space adjacent to the target
    ("into target space adjacent to them" [S002]); an action asking none has ``None``."""
    from rules.actions import ActionRequest, destinations
    from rules.hexes import neighbors

    board = board_with(ARIA, Token("t", "Target", Hex(4, 3)))
    shove = ActionRequest("shove", "a", target="t")
    alone = destinations(board, shove)
    assert alone is not None and alone.what == "the space to shove it into"
    assert alone.spaces == shove_destinations(board, "a", "t", follow_up=False)
    after = destinations(board, ActionRequest("shove", "a", target="t", after_attack=True))
    assert after is not None and after.spaces == shove_destinations(board, "a", "t")
    disarm = destinations(board, ActionRequest("disarm", "a", target="t"))
    assert disarm is not None and disarm.what == "the space the object drops into"
    assert disarm.spaces == set(neighbors(Hex(4, 3)))
    assert destinations(board, ActionRequest("strike", "a", target="t")) is None
    assert destinations(board, ActionRequest("shove", "a")) is None  # no target yet
    with pytest.raises(KeyError, match="suplex"):
        destinations(board, ActionRequest("suplex", "a", target="t"))
