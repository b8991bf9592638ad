"""Acceptance tests for the Priority tracker (rules.turns), written from the rules text.

Sources: RULES-DIGEST §8.2 ([P-TIMING] [P-CONFLICT]), §11 Q20 and §12 "Turn flow"
R-PRIORITY. Expected orders come from the sentences quoted below and from the small
independent model ``model_order``, never from ``rules.turns`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.turns import (
    SOULWEAVER,
    TurnState,
    TurnStep,
    act_now,
    actor,
    advance,
    join,
    leave,
    start,
    wait,
)

ROUND = "[P-TIMING] 'A round is 5 seconds; one turn per participant per round.'"
PRIORITY = (
    "[P-TIMING] 'each participant rolls Zeal on joining; highest result goes first, then the "
    "highest remaining, and so on'"
)
NEWCOMERS = "[P-TIMING] 'newcomers are placed after everyone already in'"
LAST = "[P-TIMING] 'the Soulweaver always goes last'"
TIES = "§11 Q20 Priority ties: 'higher Zeal Tier first, then GM order'"
WAIT = (
    "[P-TIMING] 'Waiting: skip your slot; after any later creature's turn you may act, and "
    "your Priority position moves there'"
)
LAPSE = (
    "[P-TIMING] 'still waiting at the Soulweaver's turn → no turn this round, but your "
    "effects' durations tick as if it had started'"
)
COUNTER = "§12 R-PRIORITY: 'round counter (5 s)'"


def model_order(entries: list[tuple[str, int, int]]) -> list[str]:
    """§8.2 + Q20: highest Zeal first; ties by Zeal Tier, then the order they were added."""
    indexed = [(-zeal, -tier, i, tid) for i, (tid, zeal, tier) in enumerate(entries)]
    return [tid for *_, tid in sorted(indexed)]


def joined(entries: list[tuple[str, int, int]]) -> TurnState:
    state = TurnState()
    for tid, zeal, tier in entries:
        state = join(state, tid, zeal, tier)
    return state


def one_round(state: TurnState) -> tuple[list[str | None], TurnState]:
    """Actors from the current one up to and including the Soulweaver, then the state at
    the start of the next round."""
    seen = [actor(state)]
    while actor(state) != SOULWEAVER:
        state = advance(state).state
        seen.append(actor(state))
    step = advance(state)
    assert step.new_round
    return seen, step.state


# --- ordering ----------------------------------------------------------------------------

ORDER_CASES = [
    pytest.param([("a", 9, 0), ("b", 11, 0), ("c", 3, 0)], ["b", "a", "c"], id="highest-zeal"),
    pytest.param([("a", 7, 1), ("b", 7, 3), ("c", 7, 2)], ["b", "c", "a"], id="tie-by-tier"),
    pytest.param([("a", 7, 2), ("b", 7, 2), ("c", 7, 2)], ["a", "b", "c"], id="tie-added-order"),
    pytest.param(
        [("x", 4, 0), ("y", 12, 0), ("z", 4, 5), ("w", 12, 0)],
        ["y", "w", "z", "x"],
        id="mixed",
    ),
    pytest.param([("a", -2, 0), ("b", 0, 0)], ["b", "a"], id="negative-zeal"),
    pytest.param([("a", 5, 9), ("b", 6, 0)], ["b", "a"], id="zeal-beats-tier"),
]


@pytest.mark.parametrize(("entries", "expected"), ORDER_CASES)
def test_priority_order_before_the_start(
    entries: list[tuple[str, int, int]], expected: list[str]
) -> None:
    """Rule: PRIORITY; TIES."""
    assert model_order(entries) == expected  # the model agrees with the hand-worked table
    state = start(joined(entries))
    assert state.ids() == expected, PRIORITY + " / " + TIES
    seen, _ = one_round(state)
    assert seen == [*expected, SOULWEAVER], LAST


def test_nothing_acts_before_the_start() -> None:
    state = joined([("a", 3, 0)])
    assert not state.started
    assert actor(state) is None
    with pytest.raises(ValueError, match="not started"):
        advance(state)


def test_join_twice_is_refused() -> None:
    state = joined([("a", 3, 0)])
    with pytest.raises(ValueError, match="already"):
        join(state, "a", 5)


NEWCOMER_CASES = [
    # (zeal of the newcomer, when it joins: index of the current actor) -> order
    pytest.param(99, 0, id="high-zeal-joins-at-first-turn"),
    pytest.param(99, 1, id="high-zeal-joins-mid-round"),
    pytest.param(-5, 2, id="low-zeal-joins-at-last-creature"),
]


@pytest.mark.parametrize(("zeal", "when"), NEWCOMER_CASES)
def test_newcomers_go_after_everyone_already_in(zeal: int, when: int) -> None:
    """Rule: NEWCOMERS; LAST."""
    state = start(joined([("a", 9, 0), ("b", 7, 0), ("c", 5, 0)]))
    for _ in range(when):
        state = advance(state).state
    before = actor(state)
    state = join(state, "new", zeal)
    assert actor(state) == before, "joining must not change whose turn it is"
    assert state.ids() == ["a", "b", "c", "new"], NEWCOMERS
    seen = [actor(state)]
    while actor(state) != SOULWEAVER:
        state = advance(state).state
        seen.append(actor(state))
    assert seen[-2:] == ["new", SOULWEAVER], NEWCOMERS + " / " + LAST
    nxt, _ = one_round(advance(state).state)
    assert nxt == ["a", "b", "c", "new", SOULWEAVER], ROUND


def test_newcomer_joining_during_the_soulweavers_turn_does_not_take_it_over() -> None:
    """Rule: LAST; NEWCOMERS. Joining while the Soulweaver acts leaves the Soulweaver acting
    and puts the newcomer after everyone already in (it acts from the next round)."""
    state = start(joined([("a", 9, 0), ("b", 7, 0)]))
    state = advance(advance(state).state).state
    assert actor(state) == SOULWEAVER
    state = join(state, "new", 20)
    assert actor(state) == SOULWEAVER, LAST
    assert state.ids() == ["a", "b", "new"], NEWCOMERS


def test_newcomers_after_start_keep_join_order_among_themselves() -> None:
    """Rule: NEWCOMERS: each newcomer goes after everyone already in, earlier newcomers too."""
    state = start(joined([("a", 1, 0)]))
    state = join(state, "n1", 3)
    state = join(state, "n2", 30)
    assert state.ids() == ["a", "n1", "n2"]


# --- rounds, seconds ---------------------------------------------------------------------


def test_round_counter_and_seconds() -> None:
    """Rule: ROUND; COUNTER."""
    state = start(joined([("a", 9, 0), ("b", 7, 0)]))
    assert (state.round, state.seconds, actor(state)) == (1, 0, "a")
    rounds = []
    for _ in range(4):
        seen, state = one_round(state)
        assert seen == ["a", "b", SOULWEAVER], ROUND
        rounds.append((state.round, state.seconds))
    assert rounds == [(2, 5), (3, 10), (4, 15), (5, 20)], COUNTER


def test_a_new_round_is_reported_when_the_soulweavers_turn_ends() -> None:
    state = start(joined([("a", 9, 0)]))
    step = advance(state)
    assert (step.ended, step.began, step.new_round) == ("a", SOULWEAVER, False)
    step = advance(step.state)
    assert (step.ended, step.began, step.new_round) == (SOULWEAVER, "a", True)
    assert step.state.round == 2


def test_soulweaver_alone() -> None:
    """Rule: LAST: with no creatures the Soulweaver still takes each round's turn."""
    state = start(TurnState())
    assert actor(state) == SOULWEAVER
    step = advance(state)
    assert step.new_round and actor(step.state) == SOULWEAVER and step.state.round == 2


# --- waiting -----------------------------------------------------------------------------


def test_wait_skips_the_slot() -> None:
    """Rule: WAIT."""
    state = start(joined([("a", 9, 0), ("b", 7, 0), ("c", 5, 0)]))
    step = wait(state)
    assert step.ended == "a" and step.began == "b", WAIT
    assert step.state.participant("a").waiting


def test_act_now_moves_the_waiter_after_the_creature_whose_turn_ended() -> None:
    """Rule: WAIT: a waits, acts after b; a keeps that position in later rounds."""
    state = start(joined([("a", 9, 0), ("b", 7, 0), ("c", 5, 0)]))
    state = wait(state).state  # b now
    step = act_now(state, "a")  # b's turn ends, a acts
    assert (step.ended, step.began) == ("b", "a"), WAIT
    assert step.state.ids() == ["b", "a", "c"], WAIT
    assert not step.state.participant("a").waiting
    rest, state = one_round(step.state)
    assert rest == ["a", "c", SOULWEAVER]
    later, _ = one_round(state)
    assert later == ["b", "a", "c", SOULWEAVER], WAIT + " (position kept)"


def test_act_now_after_a_later_creature_further_down() -> None:
    """Rule: WAIT: a waits through b's turn and acts after c's."""
    state = start(joined([("a", 9, 0), ("b", 7, 0), ("c", 5, 0), ("d", 3, 0)]))
    state = wait(state).state  # b
    state = advance(state).state  # c
    step = act_now(state, "a")
    assert (step.ended, step.began) == ("c", "a")
    assert step.state.ids() == ["b", "c", "a", "d"]
    rest, state = one_round(step.state)
    assert rest == ["a", "d", SOULWEAVER]
    assert one_round(state)[0] == ["b", "c", "a", "d", SOULWEAVER]


def test_two_waiters_act_in_the_order_they_choose() -> None:
    """Rule: WAIT: each waiter moves to just after the creature whose turn just ended."""
    state = start(joined([("a", 9, 0), ("b", 7, 0), ("c", 5, 0), ("d", 3, 0)]))
    state = wait(state).state  # a waits; b
    state = wait(state).state  # b waits; c
    step = act_now(state, "b")  # after c: b
    step = act_now(step.state, "a")  # after b: a
    assert step.state.ids() == ["c", "b", "a", "d"]
    assert one_round(step.state)[0] == ["a", "d", SOULWEAVER]


def test_still_waiting_at_the_soulweavers_turn_loses_the_turn() -> None:
    """Rule: LAPSE."""
    state = start(joined([("a", 9, 0), ("b", 7, 0)]))
    state = wait(state).state  # b acts
    step = advance(state)
    assert step.began == SOULWEAVER
    assert step.lapsed == ("a",), LAPSE
    with pytest.raises(ValueError, match="too late"):
        act_now(step.state, "a")
    step = advance(step.state)
    assert step.new_round
    assert not any(p.waiting for p in step.state.order), "waiting clears at the new round"
    assert actor(step.state) == "a", "a keeps its slot: it never acted after anyone"


def test_last_creature_waiting_lapses_at_once() -> None:
    """Rule: LAPSE: the last creature waits, so the Soulweaver's turn comes next."""
    state = start(joined([("a", 9, 0), ("b", 7, 0)]))
    state = advance(state).state
    step = wait(state)
    assert step.began == SOULWEAVER
    assert step.lapsed == ("b",)


def test_only_the_creature_acting_can_wait_and_only_waiters_act_now() -> None:
    state = start(joined([("a", 9, 0), ("b", 7, 0)]))
    with pytest.raises(ValueError, match="not waiting"):
        act_now(state, "b")
    with pytest.raises(ValueError):
        wait(joined([("a", 9, 0)]))  # not started
    state = advance(advance(state).state).state
    assert actor(state) == SOULWEAVER
    with pytest.raises(ValueError, match="only a creature"):
        wait(state)


# --- leaving -----------------------------------------------------------------------------

LEAVE_CASES = [
    # order a b c d, current actor, who leaves -> actor afterwards, order afterwards
    pytest.param("c", "a", "c", ["b", "c", "d"], id="earlier-leaves"),
    pytest.param("b", "d", "b", ["a", "b", "c"], id="later-leaves"),
    pytest.param("b", "b", "c", ["a", "c", "d"], id="actor-leaves-next-one-up"),
    pytest.param("d", "d", SOULWEAVER, ["a", "b", "c"], id="last-actor-leaves"),
    pytest.param(SOULWEAVER, "a", SOULWEAVER, ["b", "c", "d"], id="during-soulweaver"),
]


@pytest.mark.parametrize(("current", "leaver", "after", "order"), LEAVE_CASES)
def test_leaving_keeps_the_current_actor_right(
    current: str, leaver: str, after: str, order: list[str]
) -> None:
    state = start(joined([("a", 9, 0), ("b", 7, 0), ("c", 5, 0), ("d", 3, 0)]))
    while actor(state) != current:
        state = advance(state).state
    state = leave(state, leaver)
    assert actor(state) == after
    assert state.ids() == order
    assert one_round(state)[0][-1] == SOULWEAVER


def test_leave_unknown_raises() -> None:
    with pytest.raises(KeyError):
        leave(joined([("a", 1, 0)]), "zz")


# --- properties --------------------------------------------------------------------------

zeals = st.lists(st.tuples(st.integers(-3, 15), st.integers(0, 4)), min_size=0, max_size=7).map(
    lambda xs: [(f"t{i}", z, tier) for i, (z, tier) in enumerate(xs)]
)


@settings(max_examples=150, deadline=None)
@given(entries=zeals, rounds=st.integers(1, 5))
def test_property_each_round_everyone_acts_once_in_priority_order(
    entries: list[tuple[str, int, int]], rounds: int
) -> None:
    """Rule: ROUND; PRIORITY; LAST: over N advances every participant acts exactly once
    per round, in Priority order, the Soulweaver last."""
    state = start(joined(entries))
    expected = [*model_order(entries), SOULWEAVER]
    n = rounds * len(expected)
    seen: list[str | None] = [actor(state)]
    for _ in range(n - 1):
        state = advance(state).state
        seen.append(actor(state))
    for r in range(rounds):
        assert seen[r * len(expected) : (r + 1) * len(expected)] == expected
    assert state.round == rounds
    assert state.seconds == (rounds - 1) * 5


@dataclass
class RoundLog:
    acted: list[str] = field(default_factory=list)
    lapsed: list[str] = field(default_factory=list)
    soulweaver: int = 0


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(1, 6),
    script=st.lists(st.tuples(st.sampled_from(["advance", "wait", "act"]), st.integers(0, 9))),
)
def test_property_waits_never_give_two_turns_or_lose_one(
    n: int, script: list[tuple[str, int]]
) -> None:
    """Rule: WAIT; LAPSE; ROUND: with any waits, in each round every participant either
    takes exactly one turn or is listed as lapsed; the Soulweaver acts once and last; the
    order at the start of a round is the order turns are then offered in."""
    state = start(joined([(f"t{i}", 10 - i, 0) for i in range(n)]))
    log = RoundLog()
    offered = [actor(state)]
    round_order = [*state.ids(), SOULWEAVER]

    def close_round(step: TurnStep) -> None:
        nonlocal log, offered, round_order
        everyone = set(round_order) - {SOULWEAVER}
        assert sorted(log.acted + log.lapsed) == sorted(everyone)
        assert log.soulweaver == 1
        assert offered == round_order, "turns offered in the round's Priority order"
        assert not any(p.waiting for p in step.state.order)
        log = RoundLog()
        round_order = [*step.state.ids(), SOULWEAVER]
        offered = [actor(step.state)]

    for kind, pick in [*script, *[("advance", 0)] * (3 * n + 3)]:
        who = actor(state)
        waiting = [p.token_id for p in state.order if p.waiting]
        fresh = True  # a slot offered in Priority order (not a waiter acting now)
        if kind == "wait" and who != SOULWEAVER:
            step = wait(state)
            log.lapsed += step.lapsed
        elif kind == "act" and who != SOULWEAVER and waiting:
            step = act_now(state, waiting[pick % len(waiting)])
            log.acted.append(str(who))
            fresh = False
        else:
            step = advance(state)
            if who == SOULWEAVER:
                log.soulweaver += 1
            else:
                log.acted.append(str(who))
            log.lapsed += step.lapsed
        if step.new_round:
            close_round(step)
        elif fresh:
            offered.append(step.began)
        state = step.state


@settings(max_examples=150, deadline=None)
@given(n=st.integers(0, 5), steps=st.integers(0, 20), zeal=st.integers(-5, 30))
def test_property_joining_never_changes_whose_turn_it_is(n: int, steps: int, zeal: int) -> None:
    """Rule: NEWCOMERS; LAST: a newcomer goes after everyone already in, so joining at any
    moment of a started conflict leaves the creature (or Soulweaver) acting now acting."""
    state = start(joined([(f"t{i}", 10 - i, 0) for i in range(n)]))
    for _ in range(steps):
        state = advance(state).state
    before, ids = actor(state), state.ids()
    after = join(state, "newcomer", zeal)
    assert actor(after) == before
    assert after.ids() == [*ids, "newcomer"]
