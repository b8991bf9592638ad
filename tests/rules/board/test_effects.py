"""Acceptance tests for ongoing effects and their durations (rules.board.effects,
rules.board.turn_state).

Sources: RULES-DIGEST §8.2 [P-TIMING] ("Durations … of effects you created tick down as
your turn begins; they end at 0 or less"; waiting "… your effects' durations tick as if it
had started"), §12 R-DURATION ("decrement at the creator's turn start (or at Soulweaver's
turn for a waiting creator); expiry list"). Boards are built in memory.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.areas import AreaKind, AreaTemplate
from rules.board.effects import ROUNDS_PER_MINUTE, OngoingEffect, tick
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.board.turn_state import with_effect, with_turn, without_effect
from rules.hexes import Hex
from rules.movement.turn_flow import begin_turn, next_turn
from rules.turns import SOULWEAVER, TurnState, act_now, actor, join, start, wait

TICK = (
    "[P-TIMING] 'Durations (rounds/minutes/hours/days) of effects you created tick down as "
    "your turn begins; they end at 0 or less'"
)
LAPSE = (
    "[P-TIMING] 'still waiting at the Soulweaver's turn → no turn this round, but your "
    "effects' durations tick as if it had started'"
)
R_DURATION = (
    "§12 R-DURATION: 'decrement at the creator's turn start (or at Soulweaver's turn for a "
    "waiting creator); expiry list'"
)
MINUTE = "[P-TIMING] 'A round is 5 seconds' → a minute is 12 rounds"


# --- OngoingEffect and tick --------------------------------------------------------------

TICK_CASES = [
    pytest.param(3, 2, id="3-to-2"),
    pytest.param(2, 1, id="2-to-1"),
    pytest.param(1, None, id="1-ends-at-0"),
    pytest.param(0, None, id="0-ends"),
    pytest.param(-4, None, id="negative-ends"),
    pytest.param(None, "same", id="no-duration-unchanged"),
]


@pytest.mark.parametrize(("left", "after"), TICK_CASES)
def test_tick(left: int | None, after: int | str | None) -> None:
    """Rule: TICK."""
    effect = OngoingEffect("e", "Wall", creator="m", rounds_left=left)
    ticked = tick(effect)
    if after is None:
        assert ticked is None, TICK
    elif after == "same":
        assert ticked == effect
    else:
        assert ticked is not None and ticked.rounds_left == after, TICK
        assert (ticked.id, ticked.name, ticked.creator) == ("e", "Wall", "m")


REMAINING_CASES = [
    (1, "1 round"),
    (2, "2 rounds"),
    (11, "11 rounds"),
    (12, "1 minute"),
    (13, "13 rounds"),
    (24, "2 minutes"),
    (None, "until dismissed"),
]


@pytest.mark.parametrize(("left", "text"), REMAINING_CASES)
def test_remaining_text(left: int | None, text: str) -> None:
    """Rule: MINUTE."""
    assert ROUNDS_PER_MINUTE == 12, MINUTE
    assert OngoingEffect("e", "Ward", rounds_left=left).remaining == text


BAD_EFFECTS = [
    (dict(id="", name="x"), "effect id"),
    (dict(id="a b", name="x"), "effect id"),
    (dict(id="e", name="  "), "needs a name"),
    (dict(id="e", name="x", rounds_left=True), "integer"),
    (dict(id="e", name="x", rounds_left=1.5), "integer"),
    (dict(id="e", name="x", creator=3), "creator"),
    (dict(id="e", name="x", area_id=3), "area_id"),
    (dict(id="e", name="x", target=3), "target"),
    (dict(id="e", name="x", description=None), "description"),
]


@pytest.mark.parametrize(("fields", "message"), BAD_EFFECTS)
def test_effect_validation(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        OngoingEffect(**fields)  # type: ignore[arg-type]


# --- on the board ------------------------------------------------------------------------


def board_of(ids: list[str]) -> Board:
    board = Board.blank(10, 10)
    for i, tid in enumerate(ids):
        board = board.with_token(Token(tid, tid, board.hex_at(i, 0), side="party"))
    return board


def conflict(ids: list[str]) -> Board:
    """Tokens in ``ids`` order of Priority (falling Zeal), conflict started, first turn begun."""
    board = board_of(ids)
    turn = TurnState()
    for i, tid in enumerate(ids):
        turn = join(turn, tid, 20 - i)
    board = with_turn(board, start(turn))
    return board


def left(board: Board, effect_id: str) -> int | None:
    effect = board.effects.get(effect_id)
    return None if effect is None else effect.rounds_left


def test_with_effect_checks_its_references() -> None:
    board = board_of(["a"])
    with pytest.raises(ValueError, match="creator"):
        with_effect(board, OngoingEffect("e", "E", creator="zz"))
    with pytest.raises(ValueError, match="target"):
        with_effect(board, OngoingEffect("e", "E", target="zz"))
    with pytest.raises(ValueError, match="Area"):
        with_effect(board, OngoingEffect("e", "E", area_id="nope"))
    board = with_effect(board, OngoingEffect("e", "E", creator="a", rounds_left=3))
    board = with_effect(board, OngoingEffect("e", "E2", creator="a", rounds_left=5))
    assert list(board.effects) == ["e"] and left(board, "e") == 5


def test_durations_tick_at_the_creators_turn_start_only() -> None:
    """Rule: TICK: the effect of b ticks as b's turn begins, not at a's or the
    Soulweaver's."""
    board = conflict(["a", "b"])
    board = with_effect(board, OngoingEffect("eb", "B's wall", creator="b", rounds_left=3))
    board = with_effect(board, OngoingEffect("ea", "A's ward", creator="a", rounds_left=3))
    started = begin_turn(board, "a")  # a's turn begins
    assert (left(started.board, "ea"), left(started.board, "eb")) == (2, 3), TICK
    nxt = next_turn(started.board)  # b
    assert nxt.actor == "b"
    assert (left(nxt.board, "ea"), left(nxt.board, "eb")) == (2, 2), TICK
    nxt = next_turn(nxt.board)  # the Soulweaver
    assert nxt.actor == SOULWEAVER
    assert (left(nxt.board, "ea"), left(nxt.board, "eb")) == (2, 2), TICK
    nxt = next_turn(nxt.board)  # round 2, a
    assert nxt.actor == "a" and nxt.board.turn.round == 2
    assert (left(nxt.board, "ea"), left(nxt.board, "eb")) == (1, 2), TICK


def test_an_effect_ends_at_zero_and_is_reported() -> None:
    """Rule: TICK; R_DURATION (expiry list)."""
    board = conflict(["a"])
    board = with_effect(board, OngoingEffect("e", "Haste", creator="a", rounds_left=2))
    first = begin_turn(board, "a")
    assert left(first.board, "e") == 1 and first.expired == ()
    sw = next_turn(first.board)
    assert sw.actor == SOULWEAVER and left(sw.board, "e") == 1
    again = next_turn(sw.board)  # round 2: a's turn begins
    assert again.actor == "a"
    assert "e" not in again.board.effects, TICK
    assert again.expired == ("e",), R_DURATION
    assert any("Haste" in c and "ends" in c for c in again.changes)


def test_effects_without_a_creator_tick_at_the_soulweavers_turn() -> None:
    """Rule: §11 ``creator=None``: the Soulweaver's effects; TICK at the Soulweaver's turn."""
    board = conflict(["a"])
    board = with_effect(board, OngoingEffect("storm", "Storm", rounds_left=2))
    a = begin_turn(board, "a")
    assert left(a.board, "storm") == 2
    sw = next_turn(a.board)
    assert sw.actor == SOULWEAVER
    assert left(sw.board, "storm") == 1, TICK
    nxt = next_turn(sw.board)
    assert left(nxt.board, "storm") == 1
    sw = next_turn(nxt.board)
    assert "storm" not in sw.board.effects and sw.expired == ("storm",)


def test_an_expiring_effect_removes_its_area() -> None:
    """Rule: TICK; module contract: an effect keeping an Area (an Aura) takes it along."""
    board = conflict(["a"])
    aura = AreaTemplate("aura", AreaKind.AURA, 1, source="a", caster="a")
    other = AreaTemplate("wall", AreaKind.BURST, 0, origin=(Hex(5, 5),))
    board = board.with_area(aura).with_area(other)
    board = with_effect(
        board, OngoingEffect("e", "Aura", creator="a", rounds_left=1, area_id="aura")
    )
    started = begin_turn(board, "a")
    assert "e" not in started.board.effects
    assert list(started.board.areas) == ["wall"]


def test_without_effect_removes_its_area_too() -> None:
    board = board_of(["a"]).with_area(AreaTemplate("ar", AreaKind.BURST, 1, origin=(Hex(3, 3),)))
    board = with_effect(board, OngoingEffect("e", "Fog", area_id="ar"))
    board = without_effect(board, "e")
    assert dict(board.effects) == {} and dict(board.areas) == {}


def test_a_creator_that_waits_and_lapses_ticks_once_that_round() -> None:
    """Rule: LAPSE: 'durations tick as if it had started' — once per round, like a turn.
    Played through the board API: b's slot begins (next_turn), b waits, nobody else is
    left, the Soulweaver's turn begins with b lapsed."""
    board = conflict(["a", "b"])
    board = with_effect(board, OngoingEffect("e", "Ward", creator="b", rounds_left=5))
    board = begin_turn(board, "a").board
    board = next_turn(board).board  # b's slot begins
    assert actor(board.turn) == "b"
    sw = next_turn(board, wait(board.turn))
    assert sw.actor == SOULWEAVER
    assert left(sw.board, "e") == 4, LAPSE + " — one tick in the round, not two"


def test_a_waiter_acting_later_ticks_once_that_round() -> None:
    """Rule: TICK: a waiter has one turn per round, so its effects tick once in it."""
    board = conflict(["a", "b"])
    board = with_effect(board, OngoingEffect("e", "Ward", creator="a", rounds_left=5))
    board = begin_turn(board, "a").board  # a's slot begins
    board = next_turn(board, wait(board.turn)).board  # a waits, b's turn
    board = next_turn(board, act_now(board.turn, "a")).board  # a acts after b
    assert actor(board.turn) == "a"
    assert left(board, "e") == 4, TICK + " — one tick in the round, not two"


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(1, 4),
    script=st.lists(st.tuples(st.sampled_from(["advance", "wait", "act"]), st.integers(0, 9))),
)
def test_property_each_creators_effect_loses_one_round_per_round(
    n: int, script: list[tuple[str, int]]
) -> None:
    """Rule: TICK; LAPSE; R_DURATION: whatever the waits, from one round's start to the
    next every creator's effect (and the Soulweaver's) has lost exactly one round."""
    ids = [f"t{i}" for i in range(n)]
    board = conflict(ids)
    for tid in ids:
        board = with_effect(board, OngoingEffect(f"e-{tid}", tid, creator=tid, rounds_left=99))
    board = with_effect(board, OngoingEffect("e-sw", "sw", rounds_left=99))
    board = begin_turn(board, ids[0]).board
    rounds_done = 0
    for kind, pick in [*script, *[("advance", 0)] * (2 * n + 2)]:
        turn = board.turn
        who = actor(turn)
        waiting = [p.token_id for p in turn.order if p.waiting]
        if kind == "wait" and who != SOULWEAVER:
            step = wait(turn)
        elif kind == "act" and who != SOULWEAVER and waiting:
            step = act_now(turn, waiting[pick % len(waiting)])
        else:
            step = None
        result = next_turn(board, step)
        board = result.board
        if board.turn.round > rounds_done + 1:
            rounds_done = board.turn.round - 1
            # the new round's first creature has begun: its effect already ticked.
            first = actor(board.turn)
            for tid in ids:
                extra = 1 if tid == first else 0
                assert left(board, f"e-{tid}") == 99 - rounds_done - extra, (tid, rounds_done)
            assert left(board, "e-sw") == 99 - rounds_done
