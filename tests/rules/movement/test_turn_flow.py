"""Acceptance tests for turn starts on the board (rules.movement.turn_flow.begin_turn / next_turn).

Sources: RULES-DIGEST §11 Q25 ("pool resets to max at your turn start; Slow damage applied
after"), §6.2 [P-AIL] (Slow / Sickened "at turn start, damage to Movement / Minor Actions =
½ Tier"; Ailments "end of each of your turns roll the listed defence to drop 1 Tier, DL =
6 + Tier"), [P-COND] Burning ("end of turn 1d12 vs DL 6 + Tier"), §8.2 [P-CONFLICT]
("Overexertion roll every minute"), [S001] moving ("you are considered moving until you end
your turn without moving any spaces that turn"), §12 R-START-OF-TURN and R-AILMENT-TICK.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board.conditions import ConditionEntry, add_condition
from rules.board.grid import Board
from rules.board.pools import Vitals, pool_current
from rules.board.tokens import Token
from rules.board.turn_state import with_turn
from rules.hexes import Hex
from rules.movement.turn_flow import begin_turn, end_turn, next_turn
from rules.turns import SOULWEAVER, Participant, TurnState, actor, join, start

Q25 = "§11 Q25: 'pool resets to max at your turn start; Slow damage applied after'"
SLOW = "[P-AIL] Slow: 'at turn start, damage to Movement = ½ Tier'"
SICK = "[P-AIL] Sickened: 'at turn start, damage to Minor Actions = ½ Tier'"
AIL_ROLL = (
    "[P-AIL] 'end of each of your turns roll the listed defence to drop 1 Tier, DL = 6 + Tier'"
)
BURN = "[P-COND] Burning: 'end of turn 1d12 vs DL 6 + Tier'"
OVEREXERT = "[P-CONFLICT] 'Overexertion roll every minute' (a round is 5 s: 12 rounds)"
MOVING = (
    "[S001] 'After moving, you are considered moving until you end your turn without moving "
    "any spaces that turn'"
)
MINOR = "[P-CHAR] 'Minor Actions = 1 + ½(Observe + Zeal)'"

# §6.2 [P-AIL] table: Ailment (seed name) -> defence.
AILMENT_DEFENCES = {
    "anosmatic": "Nature",
    "blinded": "Nature",
    "clumsy": "Nimble",
    "dazzled": "Endure",
    "deafened": "Nature",
    "muted": "Nature",
    "sickened": "Endure",
    "slowed": "Zeal",
    "stiff": "Nimble",
    "trauma": "Endure",
    "unstable": "Endure",
    "weak": "Endure",
}


def board_with(token: Token, round_: int = 1) -> Board:
    board = Board.blank(8, 8).with_token(token)
    turn = start(join(TurnState(), token.id, 10))
    return with_turn(board, replace(turn, round=round_))


def hero(**fields: object) -> Token:
    return Token("h", "Hero", Hex(2, 2), **fields)  # type: ignore[arg-type]


def spent(token: Token, movement: int, minor: int) -> Token:
    vitals = token.vitals.with_value("current", "movement", movement)
    return replace(token, vitals=vitals.with_value("current", "minor_actions", minor))


def current(board: Board, pool: str) -> int:
    t = board.token("h")
    return pool_current(t.vitals, pool, t.size, t.movement_pool)


# --- refill, Slowed, Sickened ------------------------------------------------------------

STATS = (("observe", 3), ("zeal", 2))  # Minor Actions = 1 + (3 + 2)//2 = 3

REFILL_CASES = [
    # movement pool, slowed tier, sickened tier -> movement, minor actions
    pytest.param(5, 0, 0, 5, 3, id="plain"),
    pytest.param(5, 1, 1, 5, 3, id="tier1-half-is-0"),
    pytest.param(5, 2, 0, 4, 3, id="slowed2"),
    pytest.param(5, 3, 0, 4, 3, id="slowed3-rounds-down"),
    pytest.param(5, 4, 5, 3, 1, id="slowed4-sickened5"),
    pytest.param(3, 9, 0, 0, 3, id="slowed-beyond-pool"),
    pytest.param(7, 0, 6, 7, 0, id="sickened6"),
]


@pytest.mark.parametrize(("pool", "slowed", "sick", "movement", "minor"), REFILL_CASES)
def test_turn_start_refills_then_slowed_and_sickened(
    pool: int, slowed: int, sick: int, movement: int, minor: int
) -> None:
    """Rule: Q25; SLOW; SICK; MINOR (halves round down)."""
    conditions: tuple[ConditionEntry, ...] = ()
    if slowed:
        conditions = add_condition(conditions, "slowed", slowed)
    if sick:
        conditions = add_condition(conditions, "sickened", sick)
    token = hero(movement_pool=pool, vitals=Vitals(stats=STATS), conditions=conditions)
    token = spent(token, movement=0, minor=0)
    started = begin_turn(board_with(token), "h")
    assert current(started.board, "movement") == movement, Q25 + " / " + SLOW
    assert current(started.board, "minor_actions") == minor, Q25 + " / " + SICK


def test_refill_uses_a_maximum_set_by_hand() -> None:
    """Rule: Q25 'resets to max': the overridden maximum."""
    vitals = Vitals(maximum=(("movement", 8), ("minor_actions", 2)), current=(("movement", 1),))
    started = begin_turn(board_with(hero(vitals=vitals)), "h")
    assert current(started.board, "movement") == 8
    assert current(started.board, "minor_actions") == 2


def test_slowed_tiers_from_several_sources_add() -> None:
    """Rule: SLOW with §11a D10 'Tiers of the same name add': Slowed 2 + 1 = 3 → −1."""
    conditions = add_condition(add_condition((), "slowed", 2, "Hamper"), "slowed", 1, "Spell")
    started = begin_turn(board_with(hero(conditions=conditions)), "h")
    assert current(started.board, "movement") == 5 - 3 // 2


def test_other_pools_are_not_refilled() -> None:
    """Q25 names the Movement Pool and [P-CHAR] the Minor Action Pool; Grit is not refilled."""
    vitals = Vitals(stats=(("might", 4),), current=(("grit", 1), ("energy", 0)))
    started = begin_turn(board_with(hero(vitals=vitals)), "h")
    assert current(started.board, "grit") == 1
    assert current(started.board, "energy") == 0


@settings(max_examples=150, deadline=None)
@given(
    pool=st.integers(0, 20),
    observe=st.integers(0, 12),
    zeal=st.integers(0, 12),
    slowed=st.integers(0, 30),
    sick=st.integers(0, 30),
    spent_move=st.integers(-5, 20),
    spent_minor=st.integers(-5, 20),
)
def test_property_turn_start_pools(
    pool: int, observe: int, zeal: int, slowed: int, sick: int, spent_move: int, spent_minor: int
) -> None:
    """Rule: Q25; SLOW; SICK: whatever was left, the turn starts at max − ½ Tier (not < 0)."""
    conditions: tuple[ConditionEntry, ...] = ()
    if slowed:
        conditions = add_condition(conditions, "slowed", slowed)
    if sick:
        conditions = add_condition(conditions, "sickened", sick)
    vitals = Vitals(stats=(("observe", observe), ("zeal", zeal)))
    token = hero(movement_pool=pool, vitals=vitals, conditions=conditions)
    token = spent(token, spent_move, spent_minor)
    board = begin_turn(board_with(token), "h").board
    minor_max = 1 + (observe + zeal) // 2
    assert current(board, "movement") == max(0, pool - slowed // 2)
    assert current(board, "minor_actions") == max(0, minor_max - sick // 2)


# --- the moving flag ---------------------------------------------------------------------

MOVING_CASES = [
    # moving, moved_this_turn -> moving after its turn ends
    pytest.param(True, True, True, id="moved-this-turn-still-moving"),
    pytest.param(True, False, False, id="did-not-move-stops-moving"),
    pytest.param(False, False, False, id="standing-still"),
    pytest.param(False, True, False, id="paid-to-stop"),
]


@pytest.mark.parametrize(("moving", "moved", "after"), MOVING_CASES)
def test_moving_flag_at_turn_end(moving: bool, moved: bool, after: bool) -> None:
    """Rule: MOVING: the flag clears as the token ends a turn in which it did not move."""
    token = hero(moving=moving, moved_this_turn=moved)
    ended, notes = end_turn(board_with(token), "h")
    assert ended.token("h").moving is after, MOVING
    assert any("stops moving" in n for n in notes) is (moving and not moved)


@pytest.mark.parametrize(("moving", "moved", "after"), MOVING_CASES)
def test_moving_flag_is_kept_at_turn_start(moving: bool, moved: bool, after: bool) -> None:
    """Rule: MOVING: a turn's start does not stop it moving; the new turn has no move yet."""
    token = hero(moving=moving, moved_this_turn=moved)
    t = begin_turn(board_with(token), "h").board.token("h")
    assert t.moving is moving, MOVING
    assert t.moved_this_turn is False, "moved_this_turn resets for the new turn"


def test_moving_stops_after_a_full_turn_without_moving() -> None:
    """Rule: MOVING: moved in turn 1 → still moving at turn 2; no move → stops at turn 3."""
    board = board_with(hero(moving=True, moved_this_turn=True))
    board = begin_turn(board, "h").board
    assert board.token("h").moving
    board = next_turn(board).board  # the Soulweaver
    board = next_turn(board).board  # h again, it did not move
    assert actor_of(board) == "h"
    assert not board.token("h").moving, MOVING


def actor_of(board: Board) -> str | None:
    return actor(board.turn)


# --- reminders ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "defence"), sorted(AILMENT_DEFENCES.items()))
@pytest.mark.parametrize("tier", [1, 4])
def test_each_ailment_reminds_its_roll(name: str, defence: str, tier: int) -> None:
    """Rule: AIL_ROLL; R-AILMENT-TICK: DL 6 + Tier with the listed defence."""
    token = hero(conditions=add_condition((), name, tier))
    reminders = begin_turn(board_with(token), "h").reminders
    assert len(reminders) == 1, reminders
    text = reminders[0]
    assert f"DL {6 + tier}" in text, AIL_ROLL
    assert defence in text, AIL_ROLL


def test_an_ailment_from_two_sources_is_one_roll_at_the_summed_tier() -> None:
    """Rule: AIL_ROLL with §11a D10 'Tiers of the same name add': Slowed 2 (Hamper) + Slowed 1
    (Spell) is Slowed 3: one Zeal roll, DL 9."""
    conditions = add_condition(add_condition((), "slowed", 2, "Hamper"), "slowed", 1, "Spell")
    reminders = begin_turn(board_with(hero(conditions=conditions)), "h").reminders
    dls = [int(m) for r in reminders for m in re.findall(r"DL (\d+)", r)]
    assert dls == [9], reminders


def test_conditions_that_are_not_ailments_have_no_roll() -> None:
    conditions = add_condition(add_condition((), "prone", 1), "encumbered", 2)
    assert begin_turn(board_with(hero(conditions=conditions)), "h").reminders == ()


@pytest.mark.parametrize("tier", [1, 3, 6])
def test_burning_reminds_its_own_dl(tier: int) -> None:
    """Rule: BURN."""
    reminders = begin_turn(board_with(hero(conditions=add_condition((), "burning", tier))), "h")
    texts = reminders.reminders
    assert len(texts) == 1
    assert "1d12" in texts[0] and f"DL {6 + tier}" in texts[0], BURN


OVEREXERT_ROUNDS = [
    (1, False),
    (2, False),
    (12, False),
    (13, True),  # 60 s have passed
    (14, False),
    (24, False),
    (25, True),  # 120 s
    (37, True),
]


@pytest.mark.parametrize(("round_", "due"), OVEREXERT_ROUNDS)
def test_overexertion_every_minute_of_conflict(round_: int, due: bool) -> None:
    """Rule: OVEREXERT."""
    board = board_with(hero(), round_=round_)
    assert (board.turn.seconds > 0 and board.turn.seconds % 60 == 0) is due  # the model
    reminders = begin_turn(board, "h").reminders
    assert any("Overexertion" in r for r in reminders) is due, OVEREXERT


# --- the Soulweaver, next_turn, with_turn ------------------------------------------------


def test_the_soulweavers_turn_touches_no_token() -> None:
    token = spent(hero(moving=True, moved_this_turn=False), 0, 0)
    board = board_with(token)
    started = begin_turn(board, SOULWEAVER)
    assert started.actor == SOULWEAVER
    assert started.board.token("h") == token
    assert started.reminders == ()


def test_next_turn_begins_the_next_creatures_turn() -> None:
    """Rule: Q25 at each creature's turn start, through next_turn."""
    board = Board.blank(8, 8)
    for i, tid in enumerate(["a", "b"]):
        board = board.with_token(spent(Token(tid, tid, Hex(i, 0)), 0, 0))
    board = with_turn(board, start(join(join(TurnState(), "a", 9), "b", 5)))
    result = next_turn(board)
    assert result.actor == "b"
    assert pool_current(result.board.token("b").vitals, "movement") == 5
    assert pool_current(result.board.token("a").vitals, "movement") == 0


def test_with_turn_needs_every_participant_on_the_map() -> None:
    board = Board.blank(4, 4).with_token(hero())
    with pytest.raises(ValueError, match="not on this map"):
        with_turn(board, TurnState(order=(Participant("ghost", 3),)))
