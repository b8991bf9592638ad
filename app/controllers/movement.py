"""MovementController: how a creature moves — posture, stopping, pace, Amble, mode, height —
and its jumps, falls, catches of a fall and shoves, each as ONE undo step.

The rules decide (:mod:`rules.movement.stance`, :mod:`rules.movement.jumping`,
:mod:`rules.movement.falling`, :mod:`rules.movement.climbing`, :mod:`rules.movement.forced`);
this controller pushes the answer as one undo step whose text says what, on whom and what
it cost ("Crouch (Aria)", "Rise 1 (Bat) — 2 Movement"), or emits the rules' refusal on
:attr:`~app.controllers.base.Controller.refused` ("Can't stand (Aria): needs 2
Movement, Aria has 1 left this turn"). Collision damage from a fall, a catch or a shove is
*shown* (in the message), not applied to the Pools: the table applies Collision damage.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from app.controllers.base import Controller
from app.controllers.movement_choices import MODE_WORDS, PACE_WORDS, POSTURE_WORDS
from rules import Board, Hex, JumpReach, Token, forced_move
from rules.board import free_limbs, marked_moving, without_aloft
from rules.movement import (
    CLIMB_FREE_LIMBS,
    ClimbResult,
    Collision,
    MotionChange,
    apply_fall,
    apply_forced,
    apply_jump,
    catch_fall,
    change_altitude,
    change_mode,
    change_pace,
    change_posture,
    climb_roll_for,
    posture_of,
    set_amble,
    stop_moving,
)

NOT_APPLIED = "shown, not applied to the Pools: the table applies Collision damage"

ChangeOf = Callable[[Board, str], MotionChange]


def where(h: Hex) -> str:
    """``"(3, 4)"``: a hex as the map's status bar writes it."""
    return f"({h.q}, {h.r})"


def damage_text(collision: Collision | None) -> str:
    """``"8 Bashing (+10 …; -2 …)"`` for a message, or ``"no Collision"``."""
    if collision is None:
        return "no Collision"
    terms = "; ".join(f"{t.amount:+d} {t.reason}" for t in collision.breakdown)
    return f"{collision.damage} Bashing Collision damage ({terms})"


def catch_words(climb: ClimbResult, name: str) -> str:
    """What a Climb result at a surface means for a falling creature: it climbs, or it
    does not catch the surface and keeps falling (by 4 or more, [S001] "If you fail by 4
    or more, fall")."""
    if climb.success:
        return climb.reasons[0]
    missed = f"{name} does not catch the surface and keeps falling"
    if climb.falls:
        return f"{climb.reasons[0]}: {missed}"
    return f"Climb {climb.result} < DL {climb.dl}, failed by {-climb.margin}: {missed}"


class MovementController(Controller):
    """Movement edits of the open map's tokens, for the token menu, the Movement menu and the
    Jump, Fall and Shove tools. Each method returns True if it pushed an undo step."""

    # -- posture, stopping, Amble, pace, mode, height ------------------------------------
    def set_posture(self, token_id: str, posture: str) -> bool:
        """Stand, crouch or go prone ("standing", "crouching", "prone")."""
        title = POSTURE_WORDS[posture]
        return self._apply(title, token_id, lambda b, i: change_posture(b, i, posture))

    def toggle_posture(self, token_id: str, posture: str) -> bool:
        """Take ``posture``, or stand up if the token already has it (the C and P keys)."""
        token = self.token(token_id)
        if token is None:
            return False
        now = posture_of(token)
        return self.set_posture(token_id, "standing" if now == posture else posture)

    def stop_moving(self, token_id: str) -> bool:
        """Pay 1 Movement to stop moving ([S001])."""
        return self._apply("Stop moving", token_id, stop_moving)

    def set_amble(self, token_id: str, on: bool) -> bool:
        """Amble on or off (+1 Movement cost a space, −1 sound Magnitude)."""
        title = "Amble on" if on else "Amble off"
        return self._apply(title, token_id, lambda b, i: set_amble(b, i, on))

    def set_pace(self, token_id: str, pace: str) -> bool:
        """Walk, Dash or Run this round."""
        return self._apply(PACE_WORDS[pace], token_id, lambda b, i: change_pace(b, i, pace))

    def set_mode(self, token_id: str, mode: str) -> bool:
        """Fly, burrow, climb, or move on the ground ("fly", "burrow", "climb", "ground")."""
        title = "Move on the ground" if mode == "ground" else MODE_WORDS[mode]
        return self._apply(title, token_id, lambda b, i: change_mode(b, i, mode))

    def change_altitude(self, token_id: str, delta: int) -> bool:
        """A flyer rises (``delta`` > 0) or descends ``|delta|`` spaces in place."""
        title = f"Rise {delta}" if delta > 0 else f"Descend {-delta}"
        return self._apply(title, token_id, lambda b, i: change_altitude(b, i, delta))

    def choose(self, choice_id: str, token_id: str) -> bool:
        """Run a token-menu entry by id ("posture.crouching", "pace.dash", "mode.fly",
        "stop", "amble", "altitude.up", "altitude.down")."""
        kind, _, value = choice_id.partition(".")
        if kind == "posture":
            return self.toggle_posture(token_id, value)
        if kind == "pace":
            return self.set_pace(token_id, value)
        if kind == "mode":
            return self.set_mode(token_id, value)
        if kind == "altitude":
            return self.change_altitude(token_id, 1 if value == "up" else -1)
        if choice_id == "stop":
            return self.stop_moving(token_id)
        if choice_id == "amble":
            token = self.token(token_id)
            return token is not None and self.set_amble(token_id, not token.motion.amble)
        raise ValueError(f"unknown movement choice {choice_id!r}")

    # -- jump, fall, shove -----------------------------------------------------------------
    def jump(self, token_id: str, anchor: Hex, reach: JumpReach, wait: bool = False) -> bool:
        """Jump to the landing space ``anchor`` that ``reach`` allows
        (:func:`rules.movement.jumping.apply_jump`): it pays the landing's cost and is marked
        moving;
        short of Movement it stays in the air on the way and jumps on at its next turn;
        ``wait`` (a high jump to higher ground) keeps it in the air until its next turn;
        landing well below its take-off it falls the rest. One undo step."""
        token = self.token(token_id)
        if token is None:
            return False
        title = f"{reach.kind.capitalize()} jump to {where(anchor)}"
        title += " and wait in the air" if wait else ""
        board = self.board
        move = apply_jump(board, token_id, anchor, reach, wait=wait)
        if move.board is None:
            return self._refuse(title, token, move.refusal or "refused")
        if move.board == board:
            return self._refuse(title, token, "a jump in place changes nothing on the map")
        told = move.landing.reasons if move.landing is not None else ()
        notes = [r for r in move.reasons if r not in told] + list(told)  # what happened first
        if move.fall is not None and move.fall.collision is not None:
            notes.append(f"{damage_text(move.fall.collision)}: {NOT_APPLIED}")
        return self._commit(move.board, _step_text(title, token.name, move.paid), notes)

    def fall(self, token_id: str, braking: int = 0) -> bool:
        """The token falls now (:func:`rules.movement.falling.apply_fall`): it lands on the ground
        under it, or a flyer's ``braking`` (1 Movement) stops the fall and it flies on; it
        is no longer in the air of a jump and, in a conflict, is marked moving. The
        Collision damage is said, not applied."""
        token = self.token(token_id)
        if token is None:
            return False
        try:
            done = apply_fall(self.board, token_id, braking=braking)
        except ValueError as error:
            return self._refuse("Brake" if braking else "Fall", token, error)
        result = done.fall
        if result.lands:
            text = f"Fall {result.height} ({token.name}) — lands at {where(result.landing_anchor)}"
            notes = [f"{damage_text(result.collision)}: {NOT_APPLIED}"]
        else:
            height = done.board.token(token_id).motion.altitude
            text = f"Brake to a stop ({token.name}) — 1 Movement"
            notes = [f"{token.name} stops falling and flies at {height} up [S001]"]
        return self._commit(done.board, text, notes)

    def catch_fall(
        self,
        token_id: str,
        result: int,
        limbs: int = CLIMB_FREE_LIMBS,
        hooves_or_feet: int = 0,
        spaces_fallen: int = 0,
    ) -> bool:
        """The falling token rolled ``result`` on Climb (its bonus added) at a surface in
        Reach, with ``limbs`` of its Free Limbs (:func:`rules.board.body.free_limbs`) and
        ``hooves_or_feet``, ``spaces_fallen`` below where it was
        (:func:`rules.movement.climbing.catch_fall`): [S001] "If you succeed to Climb that surface,
        stop falling and any Serious Injury caused from Collision only affects the limbs
        used." On a success it climbs there, out of a jump's air and marked moving: one undo
        step; the Collision of the catch is said, not applied. A failed catch changes
        nothing and says so: it keeps falling."""
        token = self.token(token_id)
        if token is None:
            return False
        title = "Catch a surface"
        board = self.board
        free, climb = free_limbs(board, token_id), None
        try:
            climb = climb_roll_for(board, token_id, limbs, hooves_or_feet)
            caught = catch_fall(board, token_id, result, climb, spaces_fallen=spaces_fallen)
        except ValueError as error:
            limbs_too = f" ({free.describe()})" if climb and not climb.allowed else ""
            return self._refuse(title, token, f"{error}{limbs_too}")
        if not caught.stops or caught.token is None:
            return self._refuse(title, token, catch_words(caught.climb, token.name))
        after = without_aloft(board.with_token_replaced(caught.token), token_id)
        text = (
            f"Catch a surface ({token.name}) — Climb {caught.climb.result} vs DL {caught.climb.dl}"
        )
        said = "; ".join(caught.reasons[1:])
        if caught.collision is not None:
            said += f" ({NOT_APPLIED})"
        return self._commit(marked_moving(after, [token_id]), text, [said])

    def shove(
        self,
        token_id: str,
        facing: int,
        spaces: int,
        hits: Sequence[bool],
        hold: Sequence[bool] | None = None,
    ) -> bool:
        """Push ``token_id`` up to ``spaces`` along edge ``facing``; ``hits`` are the blind
        attacks' results in order (the first hit stops it), ``hold`` whether the push beat
        each contest of a Hold it is in ([S002] "On failure against any, you are not
        moved"). It moves to where the push ends, out of its Hold, with what it carries;
        the Collision damage is said, not applied."""
        token = self.token(token_id)
        if token is None:
            return False
        title = f"Shove {spaces}"
        board = self.board
        try:
            push = forced_move(board, token_id, facing, spaces)
            outcome = push.resolve(hits, hold)
        except ValueError as error:
            return self._refuse(title, token, error)
        damage = f"{damage_text(outcome.collision)}: {NOT_APPLIED}"
        if outcome.anchor == token.position:
            reason = f"{token.name} does not move: {'; '.join(outcome.reasons)}; {damage}"
            return self._refuse(title, token, reason)
        moved = apply_forced(board, push, outcome)
        noun = "space" if outcome.spaces_moved == 1 else "spaces"
        text = f"Shove {outcome.spaces_moved} {noun} to {where(outcome.anchor)} ({token.name})"
        return self._commit(moved.board, text, (*moved.reasons, damage))

    # -- plumbing ----------------------------------------------------------------------------
    def _apply(self, title: str, token_id: str, change_of: ChangeOf) -> bool:
        """Apply ``change_of(board, token_id)`` as one undo step, or say why not."""
        token = self.token(token_id)
        if token is None:
            return False
        board = self.board
        change = change_of(board, token_id)
        if change.token is None:
            return self._refuse(title, token, change.refusal or "refused")
        if change.token == token:
            return self._refuse(title, token, "it is so already: nothing changes")
        after = change.applied(board)  # moving if it moved [S001]; out of a jump's air
        return self._commit(after, _step_text(title, token.name, change.cost), change.notes)

    def _refuse(self, title: str, token: Token, reason: object) -> bool:
        reason = f"Can't {title[0].lower()}{title[1:]} ({token.name}): {reason}"
        return self.refuse(reason, token.id)

    def _commit(self, after: Board, text: str, notes: Sequence[str] = ()) -> bool:
        """Push ``after`` as one step named ``text``; say it, with the first note."""
        self.push(after, text)
        self.informed.emit(f"{text}: {notes[0]}" if notes else text)
        return True


def _step_text(title: str, name: str, cost: int) -> str:
    """The undo step's text: ``"Stand (Aria) — 2 Movement"`` (no cost part when free)."""
    return f"{title} ({name})" + (f" — {cost} Movement" if cost else "")
