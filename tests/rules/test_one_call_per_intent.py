"""One rules call per intent (issue #15): :func:`rules.actions.perform`,
:func:`rules.movement.move` and :func:`rules.movement.move_group` each give what the
sequence of calls the app made before gives — the board after, the outcomes or plan, the
undo text, the summary and the refusal, in the same words. Each table row is one intent;
the reference sequences are what the app's controllers did before they called these
(rolling, typing dice in, rolling a space's occupants, placing, moving along a path, one
step, moving a selection), written out with the rules calls they made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from rules.actions import (
    ActionRequest,
    Performance,
    TypedDice,
    perform,
    plan_action,
    read_dice,
    resolve,
    roll_dice,
)
from rules.actions.kinds.area import attack_space, rolls_each_occupant
from rules.battlefield import (
    followers,
    group_placement_refusal,
    holds_after_move,
    placement_refusal,
)
from rules.board.grid import Board
from rules.board.holds import Hold, with_hold
from rules.board.pools import Vitals
from rules.board.roll_log import dice_rng
from rules.board.tokens import Token, TokenKind
from rules.board.turn_state import marked_moving
from rules.errors import RulesError
from rules.hexes import Hex
from rules.movement import (
    MoveOutcome,
    MovePlan,
    apply_plan,
    move,
    move_group,
    movement_enforced,
    placed,
    plan_move,
    plan_path,
)
from rules.turns import join, start

VITALS = Vitals(maximum=(("grit", 10),))
BLANK = Board.blank(12, 12)
C = BLANK.hex_at(6, 6)


def east(n: int) -> Hex:
    return Hex(C.q + n, C.r)


def _board(*tokens: Token, dice_seed: int = 7) -> Board:
    board = BLANK
    for token in tokens:
        board = board.with_token(token)
    return board._evolve(dice_seed=dice_seed)


def creature(tid: str, at: Hex, size: int = 0) -> Token:
    return Token(tid, tid.title(), at, size=size, vitals=VITALS)


DUEL = _board(creature("aria", C), creature("ogre", east(1), size=1), creature("far", east(5)))
CROWD = _board(
    creature("aria", C), *(replace(creature(t, east(1)), size=-2) for t in ("x", "y", "z"))
)


# -- perform: the sequence ConflictController ran --------------------------------------------
def _title(name: str) -> str:
    return name.rstrip("…")


def by_hand(
    board: Board, request: ActionRequest, dice: np.random.Generator | TypedDice | None
) -> tuple[Board, tuple[object, ...], str, str, str | None]:
    """What the app's roll()/enter() did, call by call: the board after, the outcomes,
    the undo text, the message and the refusal."""
    missing = [t for t in (request.actor, request.target) if t and t not in board.tokens]
    if missing:
        return board, (), "", "", f"There is no token {missing[0]!r} on this map any more"
    plan = plan_action(board, request)
    rng = dice if isinstance(dice, np.random.Generator) else None
    if not isinstance(dice, TypedDice) and rolls_each_occupant(plan):  # the space attack
        try:
            after, outcomes, reasons = attack_space(
                board, request, rng or dice_rng(board.dice_seed, board.dice_draws)
            )
        except (ValueError, RulesError) as error:
            return board, (), "", "", f"Attack a space: {error}"
        summary = outcomes[-1].summary if outcomes else "Attack a space: nobody rolled doubles"
        text = f"Attack a space ({board.token(request.actor).name})"
        return after, outcomes, text, f"{summary} — {'; '.join(reasons)}", None
    title = _title(plan.spec.name)
    if plan.refusal:  # _allowed()
        return board, (), "", "", f"{title} ({board.token(request.actor).name}): {plan.refusal}"
    try:
        if isinstance(dice, TypedDice):
            read = read_dice(plan, dice.attack, dice.defences, dice.damage)
        else:
            read = roll_dice(plan, rng or dice_rng(board.dice_seed, board.dice_draws))
        outcome = resolve(board, plan, read)
    except (ValueError, RulesError) as error:  # _say_refused()
        return board, (), "", "", f"{title}: {error}"
    names = {k: t.name for k, t in board.tokens.items()}
    who = [names[request.actor]]  # the undo text
    if len(plan.targets) == 1:
        who.append(names[plan.targets[0]])
    elif plan.targets:
        who.append(f"{len(plan.targets)} targets")
    return outcome.board, (outcome,), f"{title} ({' → '.join(who)})", outcome.summary, None


STRIKE = ActionRequest("strike", "aria", "ogre")
SPACE = ActionRequest("space_attack", "aria", space=east(1))
PERFORMED = {
    "a Strike rolled": (DUEL, STRIKE, 3),
    "a Strike rolled with other dice": (DUEL, STRIKE, 11),
    "a Strike with the board's own dice": (DUEL, STRIKE, None),
    "a Strike typed in, a hit": (DUEL, STRIKE, TypedDice([9], [[1]], [[12, 12]])),
    "a Strike typed in, a miss": (DUEL, STRIKE, TypedDice([1], [[12]])),
    "faces that do not fit": (DUEL, STRIKE, TypedDice([9, 9, 9], [[1]])),
    "defences that do not fit": (DUEL, STRIKE, TypedDice([9], [])),
    "a target out of Reach": (DUEL, replace(STRIKE, target="far"), 3),
    "a target gone": (DUEL, replace(STRIKE, target="ghost"), 3),
    "an actor gone": (DUEL, replace(STRIKE, actor="ghost"), 3),
    "a space rolled for each occupant": (CROWD, SPACE, 5),
    "a space, every seed": (CROWD, SPACE, 17),
    "a space with the board's own dice": (CROWD, SPACE, None),
    "a space typed in": (CROWD, SPACE, TypedDice([4, 4, 4], [[1]])),
    "a space with one occupant": (DUEL, replace(SPACE, space=east(1)), 2),
    "an empty space": (CROWD, replace(SPACE, space=east(2)), 2),
    "the Defensive Stance": (DUEL, ActionRequest("defensive_stance", "aria"), None),
}


@pytest.mark.parametrize("case", PERFORMED, ids=list(PERFORMED))
def test_perform_is_the_sequence_it_replaces(case: str) -> None:
    """[S002] "For each occupant in the space, the Soulweaver rolls 3d12 …" and the
    Strike's roll against the defence: one call, the same board, outcomes and words."""
    board, request, seed = PERFORMED[case]

    def dice() -> np.random.Generator | TypedDice | None:
        return np.random.default_rng(seed) if isinstance(seed, int) else seed

    done = perform(board, request, dice())
    after, outcomes, text, summary, refusal = by_hand(board, request, dice())
    assert isinstance(done, Performance)
    assert (done.refusal, done.text, done.summary) == (refusal, text, summary)
    assert done.board == after and done.outcomes == outcomes
    assert done.allowed is (refusal is None)
    assert done.outcome == (outcomes[-1] if outcomes else None)
    if refusal is not None:
        assert done.board is board and done.text == done.summary == ""


def test_perform_never_raises_for_a_refusal_and_changes_nothing() -> None:
    """A refusal is a value: the board given back as it was, the words the app shows."""
    done = perform(DUEL, replace(STRIKE, target="far"), np.random.default_rng(1))
    assert done.refusal is not None and done.refusal.startswith("Strike (Aria): ")
    assert done.board is DUEL and done.outcomes == ()
    typed = perform(DUEL, STRIKE, TypedDice([9, 9, 9], [[1]]))
    assert typed.refusal == "Strike: the attack rolls 1d12: type 1 faces, got 3"


def test_perform_with_the_boards_dice_replays() -> None:
    """The board's own seeded dice: the same board rolls the same faces."""
    first, again = perform(CROWD, SPACE), perform(CROWD, SPACE)
    assert first.board == again.board and first.board.dice_draws == CROWD.dice_draws + 1


# -- move: the sequence MapController ran ----------------------------------------------------
def by_hand_move(
    board: Board, token_id: str, destination: Hex | Sequence[Hex], free: bool = False
) -> tuple[Board, MovePlan | None, str, str, str | None]:
    """What request_path_move()/request_step()/request_move() did, call by call."""
    target = destination if isinstance(destination, Hex) else destination[-1]
    token = board.token(token_id)
    if free or not movement_enforced(board, token_id):  # request_move()
        if token.position == target:
            return board, None, "", "", None
        problem = placement_refusal(board, token_id, target)
        if problem:
            return board, None, "", "", problem
        try:
            after = placed(board, token_id, target)
        except RulesError as error:
            return board, None, "", "", str(error)
        return (
            after,
            None,
            f"Move {token.name}",
            f"Moved {token.name} to ({target.q}, {target.r})",
            None,
        )
    if isinstance(destination, Hex):
        plan = plan_move(board, token_id, destination)
    else:
        plan = plan_path(board, token_id, list(destination))
    if not plan.allowed:  # _commit_plan()
        return board, plan, "", "", f"{token.name} cannot move there: {plan.refusal}"
    end, spaces = plan.path[-1], len(plan.steps)
    text = f"Move {token.name} {spaces} space{'s' if spaces != 1 else ''}"
    rolls = "".join(f"; roll {r.skill} DL {r.dl}" for r in plan.rolls)
    said = (
        f"{text} to ({end.q}, {end.r}): {plan.paid} Movement, {plan.left - plan.paid} left{rolls}"
    )
    return apply_plan(board, plan), plan, f"{text} ({plan.paid} Movement)", said, None


def _in_conflict(board: Board) -> Board:
    turn = board.turn
    for token_id in board.tokens:
        turn = join(turn, token_id, 10)
    return board._evolve(turn=start(turn))


WALKERS = _board(creature("aria", C), creature("ogre", east(3), size=1))
CONFLICT = _in_conflict(WALKERS)
WALLED = CONFLICT.with_terrain("blocked", [east(-1)], True)
CRATE = WALKERS.with_token(Token("crate", "Crate", east(-2), kind=TokenKind.OBJECT))
MOVES = {
    "placed outside a conflict": (WALKERS, "aria", east(-3), False),
    "placed where it stands": (WALKERS, "aria", C, False),
    "placed next to another creature": (WALKERS, "aria", east(3), False),
    "placed off the map": (WALKERS, "aria", Hex(40, 40), False),
    "placed along a path: its end": (WALKERS, "aria", [C, east(-1), east(-2)], False),
    "an object during a conflict": (_in_conflict(CRATE), "crate", east(-4), False),
    "a free placement during a conflict": (CONFLICT, "aria", east(-2), True),
    "its cheapest path, paid": (CONFLICT, "aria", east(-2), False),
    "too far for its Movement": (CONFLICT, "aria", east(-6), False),
    "off the map": (CONFLICT, "aria", east(-11), False),
    "a path it is given": (CONFLICT, "aria", [C, east(-1), east(-2)], False),
    "a step (the arrow keys)": (CONFLICT, "aria", [C, east(-1)], False),
    "a step into a wall": (WALLED, "aria", [C, east(-1)], False),
    "around a wall": (WALLED, "aria", east(-2), False),
    "to where it stands": (CONFLICT, "aria", C, False),
}


@pytest.mark.parametrize("case", MOVES, ids=list(MOVES))
def test_move_is_the_sequence_it_replaces(case: str) -> None:
    """[S001] "You can pay 1 Movement to move 1 space with a Primary Movement"; "After
    moving, you are considered moving" — planned and applied in one call, or placed."""
    board, token_id, destination, free = MOVES[case]
    done = move(board, token_id, destination, free=free)
    after, plan, text, summary, refusal = by_hand_move(board, token_id, destination, free)
    assert isinstance(done, MoveOutcome)
    assert (done.refusal, done.text, done.summary) == (refusal, text, summary)
    assert done.board == after and done.plan == plan
    assert done.moved is (refusal is None and bool(text))


def test_move_reuses_a_plan_it_is_given_and_refuses_a_gone_token() -> None:
    """A drag's preview plan is the plan applied; a token no longer there is a refusal."""
    plan = plan_move(CONFLICT, "aria", east(-2))
    assert move(CONFLICT, "aria", east(-2), plan=plan).plan is plan
    gone = move(CONFLICT, "ghost", C)
    assert gone.refusal == "There is no token 'ghost' on this map any more"
    assert gone.board is CONFLICT and not gone.moved


# -- move_group: the sequence MapController.request_group_move ran ---------------------------
def by_hand_group_move(
    board: Board, token_ids: Sequence[str], delta: Hex
) -> tuple[Board, MovePlan | None, str, str, str | None]:
    """What request_group_move() did, call by call (one token: request_move())."""
    ids = [i for i in token_ids if i in board.tokens]
    if len(ids) == 1:
        return by_hand_move(board, ids[0], board.token(ids[0]).position + delta, free=True)
    if not ids:
        return board, None, "", "", "Nothing to move"
    moves = {i: board.token(i).position + delta for i in ids}
    problem = group_placement_refusal(board, moves)
    if problem:
        return board, None, "", "", problem
    after = board
    carried = {f for i in ids for f in followers(board, i)} - set(ids)
    for token_id in [*ids, *sorted(carried)]:
        target = board.token(token_id).position + delta
        if token_id in ids or all(
            after.contains(h) for h in after.token(token_id).footprint_at(target)
        ):
            after = after.with_token_moved(token_id, target)
    update = holds_after_move(after, ids)
    after = marked_moving(update.board, ids)
    summary = "; ".join((f"Moved {len(ids)} tokens", *update.reasons))
    return after, None, f"Move {len(ids)} tokens", summary, None


HELD = with_hold(
    _board(creature("ogre", C, size=1), creature("aria", east(1)), creature("bren", east(4))),
    Hold("ogre", "aria"),
)
FULL = _board(
    creature("ogre", C, size=2), creature("troll", east(2), size=2), creature("bren", east(5))
)
WEST, EAST = Hex(-1, 0), Hex(1, 0)
GROUP_MOVES = {
    "two tokens outside a conflict": (WALKERS, ["aria", "ogre"], WEST),
    "two tokens during a conflict: marked moving": (CONFLICT, ["aria", "ogre"], WEST),
    "one token: a placement": (WALKERS, ["aria"], WEST),
    "one still on the map": (WALKERS, ["aria", "ghost"], WEST),
    "none": (WALKERS, ["ghost"], WEST),
    "off the map": (WALKERS, ["aria", "ogre"], Hex(-7, 0)),
    "into a full space": (FULL, ["ogre", "bren"], Hex(2, 0)),
    "a Holder carries the Held": (HELD, ["ogre", "bren"], WEST),
    "the Held away: the Holder lets go": (HELD, ["aria", "bren"], Hex(-3, 0)),
}


@pytest.mark.parametrize("case", GROUP_MOVES, ids=list(GROUP_MOVES))
def test_move_group_is_the_sequence_it_replaces(case: str) -> None:
    """Moving a selection by one offset: placed together ("they move together",
    [ASSUMPTION]), a Holder that can no longer touch lets go [S002], marked moving
    [S001]."""
    board, token_ids, delta = GROUP_MOVES[case]
    done = move_group(board, token_ids, delta)
    after, plan, text, summary, refusal = by_hand_group_move(board, token_ids, delta)
    assert isinstance(done, MoveOutcome)
    assert (done.refusal, done.text, done.summary) == (refusal, text, summary)
    assert done.board == after and done.plan == plan
    assert done.moved is (refusal is None and bool(text))
