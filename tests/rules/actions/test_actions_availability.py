"""Which actions a creature can use now (rules.actions.available_actions): an action that
targets a creature is refused, with the reason, when nobody can be its target — the same
per-target reasons the target pick uses (target_refusals), seed 002: a Strike attacks "a
target" with a melee weapon, which must be in your Reach."""

from __future__ import annotations

from rules import Board, Hex, Token
from rules.actions import ActionRequest, available_actions, target_refusals
from rules.board.pools import Vitals

STATS = Vitals(stats=(("martial", 2), ("elude", 1)))


def board_with(*tokens: Token) -> Board:
    board = Board.blank(12, 10)
    for token in tokens:
        board = board.with_token(token)
    return board


def refusals(board: Board, actor: str = "a") -> dict[str, str | None]:
    return {c.spec.key: c.refusal for c in available_actions(board, actor)}


ARIA = Token("a", "Aria", Hex(3, 3), vitals=STATS)


def test_a_strike_with_nobody_in_reach_is_refused_with_the_reach() -> None:
    far = board_with(ARIA, Token("g", "Goblin 1", Hex(8, 3), size=-1, side="enemy"))
    assert refusals(far)["strike"] == "Aria: no creature within Reach 1 [S002]"
    # the targeted attacks that ask for more (a part, a number) are refused the same way
    assert refusals(far)["called_shot"] == "Aria: no creature within Reach 1 [S002]"
    assert refusals(far)["rapid_strike"] == "Aria: no creature within Reach 1 [S002]"


def test_a_strike_with_a_creature_in_reach_is_allowed() -> None:
    near = board_with(ARIA, Token("g", "Goblin 1", Hex(4, 3), size=-1, side="enemy"))
    choices = refusals(near)
    assert choices["strike"] is None
    assert choices["called_shot"] is None
    assert choices["rapid_strike"] is None


def test_the_menu_and_the_pick_agree_on_every_targeted_action() -> None:
    """One owner: an action is greyed exactly when the pick would find no target."""
    board = board_with(
        ARIA,
        Token("g", "Goblin 1", Hex(5, 3), size=-1, side="enemy"),
        Token("o", "Ogre", Hex(8, 4), size=1, side="enemy"),
    )
    for choice in available_actions(board, "a"):
        if choice.spec.target != "creature" or choice.spec.cost == "Reaction":
            continue
        if choice.refusal is not None and "no creature" not in choice.refusal:
            continue  # refused for the actor itself (not Held, not moved …)
        picks = target_refusals(board, ActionRequest(choice.spec.key, "a"))
        targetable = any(why is None for why in picks.values())
        assert targetable == (choice.refusal is None), choice.spec.key


def test_a_lone_creature_is_told_there_is_nothing_to_target() -> None:
    alone = board_with(ARIA)
    assert refusals(alone)["strike"] == "Aria: there is no other token on the map to target"


def test_the_actor_own_refusal_comes_before_the_targets() -> None:
    """The reason about the actor (an object cannot attack) is kept, not the targets'."""
    board = board_with(ARIA, Token("g", "Goblin 1", Hex(8, 3), size=-1))
    assert refusals(board)["escape"] == "Aria is not Held: there is nothing to escape [S002]"


def test_mixed_reasons_are_not_called_a_reach_problem() -> None:
    """Only when every token is refused as beyond Reach does the menu say so; a creature
    in Reach refused for another reason (Grapple: not in a Hold) is named instead."""
    board = board_with(
        ARIA,
        Token("g", "Goblin 1", Hex(4, 3), size=-1, side="enemy"),
        Token("o", "Ogre", Hex(8, 4), size=1, side="enemy"),
    )
    why = refusals(board)["grapple"]
    assert why is not None and "Reach" not in why.split("(")[0]
    assert "Goblin 1" in why  # the nearest one's own reason
