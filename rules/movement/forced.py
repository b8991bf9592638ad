"""Forced movement: a token pushed along an edge facing, step by step (R-FORCED-ENTRY).

[S001]: "When a creature or object enters a space other than through its own movement, it
counts as Attacking Blind against that space using a weapon 4 sizes larger than the moving
creature or object. When this attack succeeds or there is no path of travel possible in the
space, collision occurs and the creature or object stops moving." Damage per [S001] "Being
moved by an effect adds 1 damage for each remaining space the effect would move you"
(:func:`rules.movement.collision.forced_collision`).

A creature in a Hold ([S002] "If an effect would move you, it attacks Athletics of each
creature in the Hold with a number of d12 equal to the number of spaces it is trying to
move you to remove you from the Hold. On failure against any, you are not moved."): the
push lists those contests first (:attr:`ForcedMove.hold`, from
:func:`rules.board.holds.hold_resistance`); one failure and it does not move at all, success
against all removes it from the Hold before it moves. A swallowed creature is not pushed on
its own: it moves with its swallower, and a pushed swallower carries it
(:func:`apply_forced`).

The attacks are rolled by the table, so :func:`forced_move` lists every step with what
happens there; :meth:`ForcedMove.resolve` applies the hits and misses once rolled, and
:func:`apply_forced` puts the outcome on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.battlefield.holds import move_together
from rules.battlefield.occupancy import CAPACITY, entry_check, space_units
from rules.board.grid import Board
from rules.board.holds import HoldResistance, HoldUpdate, hold_resistance, leave_holds, swallower_of
from rules.board.tokens import Token
from rules.hexes import Hex, check_facing, facing_step
from rules.movement.collision import Collision, forced_collision, whole_number

__all__ = [
    "BLIND_WEAPON_SIZES",
    "BlindAttack",
    "ForcedMove",
    "ForcedOutcome",
    "ForcedStep",
    "apply_forced",
    "forced_move",
]

BLIND_WEAPON_SIZES = 4  # "using a weapon 4 sizes larger than the moving creature or object"
BLIND = (
    "[S001] 'counts as Attacking Blind against that space using a weapon 4 sizes larger than "
    "the moving creature or object'"
)


@dataclass(frozen=True)
class BlindAttack:
    """The blind attack a pushed token makes on the occupied spaces it enters."""

    spaces: tuple[Hex, ...]
    occupants: tuple[str, ...]
    weapon_size: int
    reason: str = BLIND


@dataclass(frozen=True)
class ForcedStep:
    """One step of a push: the anchor it would enter and what happens there.

    ``outcome`` is ``"moves"`` (nothing in the way), ``"blind attack"`` (if the attack
    hits it stops *here* with ``collision``) or ``"no path"`` (it stops at the previous
    anchor with ``collision``; ``struck`` are the occupants it hit).
    """

    index: int  # 1-based: the step's number
    anchor: Hex
    outcome: str
    attack: BlindAttack | None
    collision: Collision | None
    struck: tuple[str, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class ForcedOutcome:
    """Where a push ends once its blind attacks are rolled, and the Collision if any."""

    anchor: Hex
    spaces_moved: int
    collision: Collision | None
    struck: tuple[str, ...]  # each takes the same damage ("Each creature and object …")
    reasons: tuple[str, ...]
    left_hold: bool = False  # the attacks on the Hold won: removed from it [S002]
    held_back: tuple[str, ...] = ()  # who in the Hold the attack failed against [S002]


@dataclass(frozen=True)
class ForcedMove:
    """Every step of a push, the farthest anchor if every blind attack misses, the first
    anchor where it might stop (the first blind attack, else the farthest), and the
    contests against everyone in the token's Holds that come before any step ([S002])."""

    token_id: str
    start: Hex
    facing: int
    spaces: int
    steps: tuple[ForcedStep, ...]
    farthest: Hex
    first_stop: Hex
    blocked: bool  # no path of travel ends the push before all its spaces
    hold: HoldResistance

    @property
    def attacks(self) -> tuple[ForcedStep, ...]:
        """The steps that make a blind attack, in order."""
        return tuple(s for s in self.steps if s.outcome == "blind attack")

    def resolve(self, hits: Iterable[bool], hold: Sequence[bool] | None = None) -> ForcedOutcome:
        """Apply the rolled results: first ``hold``, whether the push's attack beat each
        contest of :attr:`hold` ([S002] "On failure against any, you are not moved"; all
        won: it leaves the Hold), then the blind attacks in order — the first hit stops the
        push there.

        Raises ``ValueError`` when fewer results are given than attacks are reached, or
        the token is in a Hold and ``hold`` does not give every contest's result.
        """
        if not (self.hold.contests or hold):
            return self._steps(hits)
        verdict = self.hold.verdict(() if hold is None else hold)
        if not verdict.moves:
            return ForcedOutcome(
                self.start, 0, None, (), verdict.reasons, held_back=verdict.held_back
            )
        done = self._steps(hits)
        why = (*verdict.reasons, *done.reasons)
        return ForcedOutcome(
            done.anchor, done.spaces_moved, done.collision, done.struck, why, left_hold=True
        )

    def _steps(self, hits: Iterable[bool]) -> ForcedOutcome:
        results = iter(hits)
        moved, at = 0, self.start
        for step in self.steps:
            if step.outcome == "no path":
                return ForcedOutcome(at, moved, step.collision, step.struck, step.reasons)
            moved, at = step.index, step.anchor
            if step.outcome == "blind attack":
                hit = next(results, None)
                if hit is None:
                    raise ValueError(f"need a hit or miss for the blind attack of step {moved}")
                if hit:
                    why = (*step.reasons, "the blind attack hits: Collision, it stops [S001]")
                    return ForcedOutcome(at, moved, step.collision, step.struck, why)
        return ForcedOutcome(at, moved, None, (), (f"moved all {moved} spaces",))


def forced_move(board: Board, token_id: str, facing: int, spaces: int) -> ForcedMove:
    """Push ``token_id``'s whole footprint up to ``spaces`` steps along edge ``facing``.

    ``facing`` is an edge facing (0, 2, …, 10) of :mod:`rules.hexes`; a corner (odd)
    facing is refused, as a step toward a corner is not one space; so is a swallowed
    token (it moves with its swallower). A token in a Hold first faces
    :attr:`ForcedMove.hold` (:func:`rules.board.holds.hold_resistance`: ``spaces`` d12 against
    each other member's Athletics). At each step: if any hex
    of the footprint is off the map or a wall (``blocked``), or entering would make a
    space more than fully occupied (:func:`rules.battlefield.occupancy.entry_check`), there is "no
    path of travel": Collision, it stops at the previous anchor, and it and each occupant
    it hit take :func:`rules.movement.collision.forced_collision` of the spaces left. Otherwise, if
    the spaces it newly enters hold other occupants, it attacks them blind with a weapon
    of its size + 4; a hit means Collision and it stops there (damage: spaces left after
    that step). Empty spaces are entered without an attack (there is nothing to hit).
    """
    token = board.token(token_id)
    eater = swallower_of(board, token_id)
    if eater is not None:
        by = board.token(eater).name
        raise ValueError(f"{token.name} is swallowed by {by}: it moves only with {by} [S002]")
    if check_facing(facing) % 2:
        raise ValueError(
            f"facing {facing} points at a corner; a push moves along an edge facing "
            "(0, 2, 4, 6, 8 or 10)"
        )
    spaces = whole_number(spaces, "spaces to push", 0, 9999)
    step = facing_step(facing)
    steps: list[ForcedStep] = []
    here = token.position
    for index in range(1, spaces + 1):
        entry = _step(board, token, here, here + step, index, spaces)
        steps.append(entry)
        if entry.outcome == "no path":
            break
        here = entry.anchor
    attacks = [s.anchor for s in steps if s.outcome == "blind attack"]
    blocked = bool(steps) and steps[-1].outcome == "no path"
    return ForcedMove(
        token_id,
        token.position,
        facing,
        spaces,
        tuple(steps),
        here,
        attacks[0] if attacks else here,
        blocked,
        hold_resistance(board, token_id, spaces),
    )


def apply_forced(board: Board, move: ForcedMove, outcome: ForcedOutcome) -> HoldUpdate:
    """``board`` after the push ``move`` ended as ``outcome`` (:meth:`ForcedMove.resolve`):
    out of its Holds if the attacks on them won ([S002] "to remove you from the Hold"),
    then at the outcome's anchor with whatever it still carries (a swallowed creature,
    :func:`rules.battlefield.holds.move_together`), and any Holder that can no longer touch lets go
    (:func:`rules.battlefield.holds.holds_after_move`). Collision damage is not applied here."""
    update = leave_holds(board, move.token_id) if outcome.left_hold else HoldUpdate(board)
    if outcome.anchor == board.token(move.token_id).position:
        return update
    return update.then(move_together(update.board, move.token_id, outcome.anchor))


def _step(board: Board, token: Token, here: Hex, there: Hex, index: int, total: int) -> ForcedStep:
    walls = _walls_or_edge(board, token, there)
    entry = entry_check(board, token.id, there)
    if walls or not entry.allowed:
        left = total - (index - 1)
        struck = () if walls else _full_occupants(board, token, there)
        why = (*(walls or entry.reasons), f"no path of travel: Collision, stops after {index - 1}")
        return ForcedStep(
            index, there, "no path", None, forced_collision(left), struck, (*why, _dmg(left))
        )
    entered = sorted(token.footprint_at(there) - token.footprint_at(here))
    hit = [h for h in entered if _others(board, token, h)]
    if not hit:
        return ForcedStep(index, there, "moves", None, None, (), ("nothing in the way",))
    ids = tuple(dict.fromkeys(t.id for h in hit for t in _others(board, token, h)))
    attack = BlindAttack(tuple(hit), ids, token.size + BLIND_WEAPON_SIZES)
    left = total - index
    why = (
        f"enters occupied spaces: attacks blind with a size {attack.weapon_size} weapon",
        f"if it hits: Collision, stops here; {_dmg(left)}",
    )
    return ForcedStep(index, there, "blind attack", attack, forced_collision(left), ids, why)


def _dmg(left: int) -> str:
    return f"{left} damage to it and each occupant it hit (1 per remaining space) [S001]"


def _others(board: Board, token: Token, h: Hex) -> list[Token]:
    return [t for t in board.tokens_at(h) if t.id != token.id]


def _walls_or_edge(board: Board, token: Token, anchor: Hex) -> tuple[str, ...]:
    """Why the footprint at ``anchor`` cannot be there at all: off the map or a wall."""
    blocked = board.layer("blocked")
    found = []
    for h in sorted(token.footprint_at(anchor)):
        if not board.contains(h):
            found.append(f"({h.q}, {h.r}) is off the map")
            continue
        col, row = board.cell_of(h)
        if blocked[row, col]:
            found.append(f"({h.q}, {h.r}) is a wall (a size-1 object [S002])")
    return tuple(found)


def _full_occupants(board: Board, token: Token, anchor: Hex) -> tuple[str, ...]:
    """The occupants of the spaces that entering at ``anchor`` would overfill (D12)."""
    entry = entry_check(board, token.id, anchor)
    over = [
        h for h, after in entry.units if after > CAPACITY and space_units(board, h, mover=token) > 0
    ]
    return tuple(dict.fromkeys(t.id for h in over for t in _others(board, token, h)))
