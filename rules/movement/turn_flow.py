"""The turn flow: the tracker of :mod:`rules.turns` applied to tokens,
Pools and ongoing effects (RULES-DIGEST §12 "Turn flow").

At a creature's turn start (R-START-OF-TURN, R-DURATION):

- its Movement Pool is refilled (Q25: "pool resets to max at your turn start; Slow damage
  applied after"), and so are its Minor Actions, and it has not moved this turn yet;
- a creature in the air without flying falls or goes on with its jump
  (:func:`rules.movement.jumping.in_the_air_at_turn_start`);
- the durations of the ongoing effects it created tick; expired ones end (with the Area
  they kept, e.g. an Aura);
- Slowed and Sickened apply: damage to Movement / Minor Actions = ½ Tier [P-AIL];
- the rolls due are listed as reminders: each Ailment's end-of-turn roll, DL 6 + Tier
  [P-AIL], Burning's 1d12 vs DL 6 + Tier [P-COND], and Overexertion every minute of
  Conflict [P-CONFLICT].

As a creature's turn ends (:func:`end_turn`) it stops moving if it moved no space that
turn ([S001]: "you are considered moving until you end your turn without moving any spaces
that turn"), and a turn of Secondary movement counts toward its Overexertion roll ([S001]
"you must roll for Overexertion after each 10 minutes"; Amble: "Movement this turn does
not count towards Overexertion"), which is reminded when due.

At the Soulweaver's turn the effects without a creator, or whose creator is not in the
turn order, tick. A creature's turn begins at
its slot, once a round: if it then waits, acting later (``act_now``) does not begin it
again, and if it waits through the round its durations have ticked already ("no turn this
round, but your effects' durations tick as if it had started") — one tick per round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.board.conditions import CONDITION_SPECS, tier_of
from rules.board.effects import ROUNDS_PER_MINUTE, tick
from rules.board.grid import Board
from rules.board.holds import over_bulk_limit
from rules.board.motion import MAX_SECONDARY_ROUNDS
from rules.board.tokens import Token
from rules.board.turn_state import with_turn, without_effect
from rules.movement.jumping import in_the_air_at_turn_start
from rules.movement.overexertion import secondary_overexertion, secondary_round
from rules.turns import SOULWEAVER, TurnState, TurnStep, actor, advance

__all__ = ["TurnStart", "begin_turn", "end_turn", "next_turn", "turn_after_leaving"]


@dataclass(frozen=True)
class TurnStart:
    """The board after a turn began, whose turn it is, what changed and what to roll."""

    board: Board
    actor: str | None
    changes: tuple[str, ...]
    reminders: tuple[str, ...]
    expired: tuple[str, ...] = ()


def _tick_effects(board: Board, creators: set[str | None]) -> tuple[Board, list[str], list[str]]:
    changes, expired = [], []
    for effect in list(board.effects.values()):
        if effect.creator not in creators:
            continue
        after = tick(effect)
        if after is None:
            board = without_effect(board, effect.id)
            expired.append(effect.id)
            changes.append(f"{effect.name} ends")
        elif after != effect:
            board = board._evolve(effects={**board.effects, effect.id: after})
            changes.append(f"{effect.name}: {after.remaining} left")
    return board, changes, expired


def _refill(token: Token, changes: list[str]) -> Token:
    vitals = token.vitals
    movement = token.maximum_of("movement").value
    minor = token.maximum_of("minor_actions").value
    vitals = vitals.with_value("current", "movement", None).with_value(
        "current", "minor_actions", None
    )
    changes.append(f"Movement refilled to {movement}, Minor Actions to {minor} (Q25)")
    for name, pool, full in (
        ("slowed", "movement", movement),
        ("sickened", "minor_actions", minor),
    ):
        tier = tier_of(token.conditions, name)
        if tier // 2:
            vitals = vitals.with_value("current", pool, max(0, full - tier // 2))
            label = CONDITION_SPECS[name].label
            changes.append(f"{label} {tier}: −{tier // 2} {pool.replace('_', ' ')} [P-AIL]")
    return replace(token, vitals=vitals)


def _round_over(token: Token, changes: list[str]) -> Token:
    """Dash, Run ([P-MOBILITY] "for 1 round") and Amble ([S001] "for 1 round") end when
    the creature's next turn begins; cost paid for and not used last turn is lost, and no
    spaces are moved yet this turn (:meth:`~rules.board.motion.Motion.turn_started`)."""
    motion = token.motion.turn_started()
    if motion.pace == "walk" and not motion.amble:
        return replace(token, motion=motion)
    ended = [motion.pace.capitalize()] if motion.pace != "walk" else []
    ended += ["Amble"] if motion.amble else []
    changes.append(f"{' and '.join(ended)} ended: it lasts 1 round")
    return replace(token, motion=replace(motion, pace="walk", amble=False))


def end_turn(board: Board, actor_id: str | None) -> tuple[Board, tuple[str, ...]]:
    """What happens as ``actor_id``'s turn ends: it stops moving if it moved no space this
    turn (:func:`_ends_moving`), a flyer over its Bulk Limit comes down a space
    (:func:`_flight_load`), and a turn of Secondary movement is counted, with the
    Overexertion roll when due (:func:`_secondary_round`)."""
    if actor_id is None or actor_id not in board.tokens:
        return board, ()
    board, stopped = _ends_moving(board, actor_id)
    board, load = _flight_load(board, actor_id)
    board, overexertion = _secondary_round(board, actor_id)
    return board, stopped + load + overexertion


def _ends_moving(board: Board, token_id: str) -> tuple[Board, tuple[str, ...]]:
    """``board`` as ``token_id`` ends its turn: no longer moving if it moved no space that
    turn, with the reason ([S001]: "After moving, you are considered moving until you end
    your turn without moving any spaces that turn or pay 1 Movement to stop")."""
    token = board.token(token_id)
    if not token.moving or token.moved_this_turn:
        return board, ()
    note = f"{token.name} stops moving: it ends its turn without moving any spaces that turn [S001]"
    return board.with_token_replaced(replace(token, moving=False)), (note,)


def _flight_load(board: Board, token_id: str) -> tuple[Board, tuple[str, ...]]:
    """A flyer carrying more than its Bulk Limit "lose[s] 1 elevation at the end of your
    turn" [S001] (R-FLY-LOAD); one over double it is reminded that it falls."""
    token = board.token(token_id)
    load = over_bulk_limit(board, token_id)  # the Bulk of everyone else in a Hold counts
    if not token.motion.flying or not load:
        return board, ()
    if load == 2:
        return board, (f"{token.name} carries more than double its Bulk Limit: it falls [S001]",)
    if not token.motion.altitude:
        return board, ()
    lower = replace(token.motion, altitude=token.motion.altitude - 1)
    note = f"{token.name} is over its Bulk Limit: loses 1 elevation ({lower.altitude} up) [S001]"
    return board.with_token_replaced(replace(token, motion=lower)), (note,)


def _secondary_round(board: Board, token_id: str) -> tuple[Board, tuple[str, ...]]:
    """``board`` as ``token_id`` ends a turn in which it moved with a Secondary movement
    type (``Motion.secondary_now``, set by ``rules.movement.apply_plan``): the turn adds a
    round to its count unless it ambled (:func:`rules.movement.overexertion.secondary_round`;
    [S001] Amble: "Movement this turn does not count towards Overexertion"), and the
    Overexertion roll is reminded when the count reaches it ([S001] "you must roll for
    Overexertion after each 10 minutes",
    :func:`rules.movement.overexertion.secondary_overexertion`).
    ``secondary_now`` is cleared at every turn end."""
    token = board.token(token_id)
    motion = token.motion
    if not motion.secondary_now:
        return board, ()
    # secondary_now is only set when a Secondary type (those after the first) was used
    counted = secondary_round(token.movement_types[1:], ambled=motion.amble).counts
    rounds = min(MAX_SECONDARY_ROUNDS, motion.secondary_rounds + (1 if counted else 0))
    motion = replace(motion, secondary_rounds=rounds, secondary_now=False)
    board = board.with_token_replaced(replace(token, motion=motion))
    due = secondary_overexertion(rounds)
    if not (counted and due.due):
        return board, ()
    return board, tuple(f"{token.name}: {reason}" for reason in due.reasons)


def _reminders(token: Token, turn: TurnState) -> list[str]:
    notes = []
    for name in dict.fromkeys(e.name for e in token.conditions):
        spec, tier = CONDITION_SPECS[name], tier_of(token.conditions, name)
        if spec.kind == "ailment":  # Tiers of the same name add: one roll at the sum
            notes.append(
                f"end of turn: {spec.defence} roll, DL {6 + tier}, "
                f"to lower {spec.label} {tier} by 1 [P-AIL]"
            )
    burning = tier_of(token.conditions, "burning")
    if burning:
        notes.append(f"end of turn: Burning {burning}, 1d12 vs DL {6 + burning} [P-COND]")
    if turn.round > 1 and (turn.round - 1) % ROUNDS_PER_MINUTE == 0:
        notes.append("a minute of Conflict has passed: roll for Overexertion [P-CONFLICT]")
    return notes


def begin_turn(board: Board, actor: str) -> TurnStart:
    """Start the turn of ``actor`` (a token id or :data:`~rules.turns.SOULWEAVER`)."""
    if actor == SOULWEAVER:  # and the effects of creators outside the turn order
        outside = {e.creator for e in board.effects.values() if e.creator not in board.turn.ids()}
        board, ticked, gone = _tick_effects(board, {None, *outside})
        return TurnStart(board, actor, tuple(ticked), (), tuple(gone))
    token = board.token(actor)
    changes: list[str] = []
    token = _refill(replace(token, moved_this_turn=False), changes)
    token = _round_over(token, changes)
    board = _in_the_air(board.with_token_replaced(token), actor, changes)
    board, ticked, expired = _tick_effects(board, {actor})
    reminders = _reminders(board.token(actor), board.turn)
    return TurnStart(board, actor, tuple(changes + ticked), tuple(reminders), tuple(expired))


def _in_the_air(board: Board, actor: str, changes: list[str]) -> Board:
    """A creature in the air without flying falls, or goes on with its jump, as its turn
    begins (:func:`rules.movement.jumping.in_the_air_at_turn_start`)."""
    board, notes = in_the_air_at_turn_start(board, actor)
    changes.extend(notes)
    return board


def turn_after_leaving(before: Board, after: Board) -> TurnStart | None:
    """If the creature acting on ``before`` is gone from the turn order on ``after`` (taken
    out, or its token deleted), the next one's turn begins on ``after``; else ``None``."""
    acting, now = actor(before.turn), actor(after.turn)
    if acting is None or acting == SOULWEAVER or acting in after.turn.ids() or now is None:
        return None
    return begin_turn(after, now)


def next_turn(board: Board, step: TurnStep | None = None) -> TurnStart:
    """Advance the board's turn order (or apply ``step``: an advance, a Wait or an Act
    Now) and begin the next turn — unless it is a waiter acting now, whose turn began at
    its slot. The turn that ends (``step.ended``) ends first (:func:`end_turn`), unless it
    waits: a Wait defers its turn, it does not end it."""
    step = step or advance(board.turn)
    ended: tuple[str, ...] = ()
    if not _waits(step):
        board, ended = end_turn(board, step.ended)
    board = with_turn(board, step.state)
    notes = ended + step.notes
    if step.began is None or step.resumed:
        return TurnStart(board, step.began, notes, ())
    started = begin_turn(board, step.began)
    return replace(started, changes=notes + started.changes)


def _waits(step: TurnStep) -> bool:
    """True when ``step`` is the Wait of the creature whose turn it was (it is waiting
    after the step): its turn goes on later, when it acts now."""
    who = step.ended
    return who is not None and who in step.state.ids() and step.state.participant(who).waiting
