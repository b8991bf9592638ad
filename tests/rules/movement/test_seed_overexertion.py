"""Secondary movement's Overexertion roll, kept on the token (seed 001, issue #13): a turn
of Secondary movement in a conflict adds a round to ``Motion.secondary_rounds``, the roll
is due as the turn that completes 10 minutes (120 rounds of 5 s) ends, an Amble turn and
a walk-only turn do not count, and ``Motion.secondary_now`` clears at every turn end.
Every test quotes the sentence it checks; expected values are worked by hand from the
seed, not taken from ``rules/``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import Token
from rules.board.turn_state import with_turn
from rules.hexes import Hex
from rules.movement.plan import apply_plan, plan_path
from rules.movement.stance import set_amble
from rules.movement.turn_flow import TurnStart, begin_turn, next_turn
from rules.turns import TurnState, join, start

SECONDARY = (
    "Movement with a Secondary Movement type increases the cost by 1 and you must roll for "
    "Overexertion after each 10 minutes."
)
TYPES = (
    "Each creature begins with Land as a Primary Movement type and Swim as a Secondary "
    "Movement type."
)
AMBLE = "Movement this turn does not count towards Overexertion."
DUE = "roll for Overexertion (Q9)"

BLANK = Board.blank(12, 12)
C = BLANK.hex_at(5, 5)
E1 = Hex(C.q + 1, C.r)
W1 = Hex(C.q - 1, C.r)
POOL = BLANK.with_terrain("water_depth", [C, E1], 1)  # a pool: C and the space east of it


def hero(rounds: int = 0, at: Hex = C, **kw: object) -> Token:
    return Token("h", "Hero", at, motion=Motion(secondary_rounds=rounds), **kw)  # type: ignore[arg-type]


def conflict(*tokens: Token, board: Board = POOL) -> Board:
    """``board`` with ``tokens``, the turn order started and the first one's turn begun."""
    state = TurnState()
    for i, token in enumerate(tokens):
        board = board.with_token(token)
        state = join(state, token.id, 9 - i)
    return begin_turn(with_turn(board, start(state)), tokens[0].id).board


def move(board: Board, *path: Hex) -> Board:
    """``board`` after the hero moves along ``path`` (from where it stands)."""
    plan = plan_path(board, "h", [board.token("h").position, *path])
    assert plan.allowed, plan.refusal
    return apply_plan(board, plan)


def due_notes(started: TurnStart) -> list[str]:
    return [c for c in started.changes if DUE in c]


def test_the_120th_counted_round_of_swimming_makes_the_roll_due_as_that_turn_ends() -> None:
    """SECONDARY and TYPES: 119 rounds of swimming kept, a 120th swim turn (10 minutes of
    5-second rounds) ends with the Overexertion roll reminded."""
    board = move(conflict(hero(rounds=119)), E1)  # swims 1 space: Swim is Secondary
    assert board.token("h").motion.secondary_now, TYPES
    ended = next_turn(board)  # the hero's turn ends; the Soulweaver's begins
    motion = ended.board.token("h").motion
    assert (motion.secondary_rounds, motion.secondary_now) == (120, False), SECONDARY
    assert due_notes(ended) == [
        "Hero: 120 rounds (10 minutes) of Secondary movement: [S001] 'Movement with a "
        "Secondary Movement type … you must roll for Overexertion after each 10 minutes' — "
        "roll for Overexertion (Q9)"
    ], SECONDARY


def test_swimming_through_120_turns_of_a_conflict_calls_for_one_roll_at_the_120th() -> None:
    """SECONDARY: "after each 10 minutes" — every turn of a conflict swum, from no count;
    the roll is due only as the 120th turn ends (and the next at the 240th)."""
    board = conflict(hero())
    due_at = []
    for turn in range(1, 121):
        board = move(board, E1 if board.token("h").position == C else C)
        ended = next_turn(board)  # the hero's turn ends
        if due_notes(ended):
            due_at.append(turn)
        assert ended.board.token("h").motion.secondary_rounds == turn
        board = next_turn(ended.board).board  # the Soulweaver's turn ends; the hero's begins
    assert due_at == [120], SECONDARY


def test_an_amble_turn_of_swimming_does_not_count() -> None:
    """AMBLE: at 119 rounds, a swim turn under Amble leaves the count at 119 (no roll); the
    next swim turn without it is the 120th."""
    board = conflict(hero(rounds=119))
    ambling = set_amble(board, "h", True).token
    assert ambling is not None
    board = move(board.with_token_replaced(ambling), E1)
    assert board.token("h").motion.secondary_now
    ended = next_turn(board)
    motion = ended.board.token("h").motion
    assert (motion.secondary_rounds, motion.secondary_now) == (119, False), AMBLE
    assert due_notes(ended) == [], AMBLE
    board = next_turn(ended.board).board  # the hero's next turn: Amble ended ("1 round")
    assert not board.token("h").motion.amble
    counted = next_turn(move(board, C))
    assert counted.board.token("h").motion.secondary_rounds == 120 and due_notes(counted)


def test_a_walk_only_turn_does_not_count() -> None:
    """TYPES: Land is the Primary Movement type, so a turn that only walks adds nothing to
    the count SECONDARY keeps."""
    board = move(conflict(hero(rounds=119, at=W1)), Hex(W1.q - 1, W1.r))  # dry land only
    assert not board.token("h").motion.secondary_now, TYPES
    ended = next_turn(board)
    assert ended.board.token("h").motion.secondary_rounds == 119 and not due_notes(ended)


def test_walking_into_the_pool_is_a_turn_of_swimming() -> None:
    """TYPES and SECONDARY: a turn that walks and then swims moved with a Secondary
    movement type; it counts once."""
    board = move(conflict(hero(rounds=119, at=W1)), C, E1)
    ended = next_turn(board)
    assert ended.board.token("h").motion.secondary_rounds == 120 and len(due_notes(ended)) == 1


def test_a_turn_without_any_move_does_not_count() -> None:
    """SECONDARY counts rounds of Secondary movement: a turn with no move adds nothing."""
    ended = next_turn(conflict(hero(rounds=119)))
    assert ended.board.token("h").motion == Motion(secondary_rounds=119)


def _turn_swum(ambled: bool, rounds: int) -> Board:
    board = conflict(hero(rounds=rounds))
    if ambled:
        token = set_amble(board, "h", True).token
        assert token is not None
        board = board.with_token_replaced(token)
    return move(board, E1)


@pytest.mark.parametrize(
    ("ambled", "rounds", "after"),
    [(False, 0, 1), (True, 0, 0), (False, 119, 120), (True, 119, 119), (False, 120, 121)],
)
def test_the_swim_flag_clears_at_every_turn_end(ambled: bool, rounds: int, after: int) -> None:
    """SECONDARY and AMBLE: whether the turn counted or not, ``secondary_now`` ("it moved
    with a Secondary movement type this turn") is cleared as the turn ends, so it never
    counts again for a later turn."""
    board = _turn_swum(ambled, rounds)
    assert board.token("h").motion.secondary_now
    ended = next_turn(board)
    motion = ended.board.token("h").motion
    assert (motion.secondary_rounds, motion.secondary_now) == (after, False)
    assert bool(due_notes(ended)) is (after == 120)
    again = next_turn(next_turn(ended.board).board)  # its next turn, with no move
    assert again.board.token("h").motion.secondary_rounds == after and not due_notes(again)


def test_the_count_is_kept_across_turns_and_the_next_roll_is_at_240() -> None:
    """SECONDARY: "after each 10 minutes" — the count goes on after a roll; 240 is next."""
    ended = next_turn(move(conflict(hero(rounds=239)), E1))
    assert ended.board.token("h").motion.secondary_rounds == 240
    assert len(due_notes(ended)) == 1 and "240 rounds (20 minutes)" in due_notes(ended)[0]


def test_only_the_creature_whose_turn_ends_is_counted() -> None:
    """SECONDARY: the turn that ends is the mover's; another creature's turn end leaves
    its swim to be counted at its own (one round per turn)."""
    other = Token("o", "Other", Hex(C.q, C.r + 3))
    board = conflict(other, hero(rounds=119))  # the other acts first
    board = move(board, E1)  # the Soulweaver moves the hero on the other's turn
    ended = next_turn(board)  # the other's turn ends; the hero's begins
    assert ended.actor == "h" and not due_notes(ended)
    assert ended.board.token("h").motion.secondary_now
    mine = next_turn(ended.board)  # the hero's turn ends
    assert mine.board.token("h").motion.secondary_rounds == 120 and due_notes(mine)


def test_outside_a_conflict_a_swim_is_not_counted() -> None:
    """SECONDARY's 10 minutes are counted in rounds of a conflict: a swim placed outside
    one (the turn order not started, moves are free) does not set the flag."""
    board = POOL.with_token(hero(rounds=119))
    board = move(board, E1)
    motion = board.token("h").motion
    assert (motion.secondary_rounds, motion.secondary_now) == (119, False)


@pytest.mark.parametrize(
    ("types", "altitude", "counts"),
    [
        (("land", "swim", "fly"), 1, True),  # Fly after Land: a Secondary movement type
        (("fly", "land"), 1, False),  # Fly first: its Primary movement type
    ],
)
def test_flying_counts_only_where_fly_is_a_secondary_movement_type(
    types: tuple[str, ...], altitude: int, counts: bool
) -> None:
    """SECONDARY: "Movement with a Secondary Movement type" — whichever type that is."""
    flyer = replace(
        hero(rounds=119, at=W1, movement_types=types),
        motion=Motion(mode="fly", altitude=altitude, secondary_rounds=119),
    )
    board = move(conflict(flyer), Hex(W1.q - 1, W1.r))
    ended = next_turn(board)
    assert ended.board.token("h").motion.secondary_rounds == (120 if counts else 119)
    assert bool(due_notes(ended)) is counts
