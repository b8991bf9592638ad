"""MovementActions: how a creature moves — posture, stopping, pace, Amble, mode, height —
and its jumps, falls and shoves, each as ONE undo step.

The rules decide (:mod:`rules.stance`, :mod:`rules.jumping`, :mod:`rules.falling`,
:mod:`rules.forced`); these actions apply the answer as a
:class:`~app.commands.BoardEditCommand` whose text says what, on whom and what it cost
("Crouch (Aria)", "Rise 1 (Bat) — 2 Movement"), or emit the rules' refusal on
:attr:`~app.document_actions.DocumentActions.refused` ("Can't stand (Aria): needs 2
Movement, Aria has 1 left this turn"). Collision damage from a fall or a shove is *shown*
(in the message), not applied: Pools and Injury from Collision are a later step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from app.commands import BoardEditCommand
from app.document_actions import DocumentActions
from rules import Board, Fall, Hex, JumpReach, Token, fall, forced_move, landing_spaces
from rules.collision import Collision
from rules.forced import apply_forced
from rules.movement import movement_enforced, movement_left, payment
from rules.movement_costs import posture_of
from rules.play import marked_moving
from rules.stance import (
    MotionChange,
    change_altitude,
    change_mode,
    change_pace,
    change_posture,
    moved_along,
    set_amble,
    spend_movement,
    stop_moving,
)

POSTURE_WORDS = {"standing": "Stand", "crouching": "Crouch", "prone": "Go prone"}
PACE_WORDS = {"walk": "Walk", "dash": "Dash", "run": "Run"}
MODE_WORDS = {"ground": "On the ground", "fly": "Fly", "burrow": "Burrow", "climb": "Climb"}
NOT_APPLIED = "shown, not applied: Pools and Injury from Collision come in a later step"

ChangeOf = Callable[[Board, str], MotionChange]


def where(h: Hex) -> str:
    """``"(3, 4)"``: a hex as the map's status bar writes it."""
    return f"({h.q}, {h.r})"


def damage_text(collision: Collision | None) -> str:
    """``"8 Bashing (+10 …; -2 …)"`` for a message, or ``"no Collision"``."""
    if collision is None:
        return "no Collision"
    terms = "; ".join(f"{amount:+d} {why}" for amount, why in collision.breakdown)
    return f"{collision.damage} Bashing Collision damage ({terms})"


class MovementActions(DocumentActions):
    """Movement edits of one map's tokens, for the token menu, the Movement menu and the
    Jump, Fall and Shove tools. Each method returns True if it pushed an undo step."""

    # -- posture, stopping, Amble, pace, mode, height ------------------------------------
    def set_posture(self, token_id: str, posture: str) -> bool:
        """Stand, crouch or go prone ("standing", "crouching", "prone")."""
        title = POSTURE_WORDS[posture]
        return self._apply(title, token_id, lambda b, i: change_posture(b, i, posture))

    def toggle_posture(self, token_id: str, posture: str) -> bool:
        """Take ``posture``, or stand up if the token already has it (the C and P keys)."""
        token = self._token(token_id)
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
            token = self._token(token_id)
            return token is not None and self.set_amble(token_id, not token.motion.amble)
        raise ValueError(f"unknown movement choice {choice_id!r}")

    # -- jump, fall, shove -----------------------------------------------------------------
    def jump(self, token_id: str, anchor: Hex, reach: JumpReach) -> bool:
        """Jump to the landing space ``anchor`` that ``reach`` allows: move there, spend the
        landing's cost and (during a conflict) mark the token moving. A landing on higher
        ground simply lands there. A landing the Movement left does not cover is refused:
        the rules keep such a jumper in the air, which the map does not model yet."""
        token = self._token(token_id)
        if token is None:
            return False
        title = f"{reach.kind.capitalize()} jump to {where(anchor)}"
        board = self.document.board
        try:
            landings = landing_spaces(board, token_id, reach)
        except ValueError as error:
            return self._refuse(title, token, error)
        landing = landings.landing_at(anchor)
        if landing is None:
            beyond = f"{where(anchor)} is not a landing space of this jump"
            return self._refuse(title, token, dict(landings.refused).get(anchor, beyond))
        enforced = movement_enforced(board, token_id)
        paid, spare = payment(token, landing.cost) if enforced else (0, token.motion.spare)
        if paid > movement_left(token):
            reason = (
                f"needs {paid} Movement, {token.name} has {landings.movement_left} "
                "left: it would stay in the air until it gains more [S001] (not modelled "
                "yet: choose a solid-outlined space)"
            )
            return self._refuse(title, token, reason)
        moved = moved_along(token, anchor, paid, spare)
        notes = landing.reasons
        if landing.rise <= -2:  # lower ground: it comes down the rest of the way by falling
            drop = -landing.rise
            moved = replace(moved, motion=replace(moved.motion, altitude=drop))
            notes = (
                f"lands {drop} spaces above the ground there: it falls the rest "
                "(Fall…, Shift+F, lands it and shows the Collision) [S001]",
                *notes,
            )
        after = marked_moving(board.with_token_replaced(moved), [token_id])
        if after == board:
            return self._refuse(title, token, "a jump in place changes nothing on the map")
        return self._push(after, _step_text(title, token.name, paid), notes)

    def fall(self, token_id: str, braking: int = 0) -> bool:
        """The token falls now (``rules.falling.fall``): it lands at altitude 0 on the
        ground under it, or a flyer's ``braking`` (1 Movement) stops the fall and it flies
        on. The Collision damage is said, not applied."""
        token = self._token(token_id)
        if token is None:
            return False
        board = self.document.board
        try:
            result = fall(board, token_id, braking=braking)
        except ValueError as error:
            return self._refuse("Fall", token, error)
        paid = 1 if braking else 0
        if paid > movement_left(token):
            return self._refuse("Brake", token, f"braking costs 1 Movement; {token.name} has 0")
        if result.lands:
            return self._land(board, token, result)
        height_left = result.stages[-1].height_left if result.stages else result.height
        motion = replace(token.motion, mode="fly", altitude=height_left)
        after = spend_movement(replace(token, motion=motion), paid)
        text = f"Brake to a stop ({token.name}) — 1 Movement"
        note = f"{token.name} stops falling and flies at {height_left} up [S001]"
        return self._push(
            marked_moving(board.with_token_replaced(after), [token_id]), text, (note,)
        )

    def _land(self, board: Board, token: Token, result: Fall) -> bool:
        """``token`` on the ground where ``result`` lands it (a braking flyer paid 1)."""
        anchor = result.landing_anchor
        motion = replace(token.motion, altitude=0, mode="ground")
        landed = spend_movement(
            replace(token, position=anchor, motion=motion), int(bool(result.braking))
        )
        after = marked_moving(board.with_token_replaced(landed), [token.id])
        text = f"Fall {result.height} ({token.name}) — lands at {where(anchor)}"
        note = f"{damage_text(result.collision)}: {NOT_APPLIED}"
        return self._push(after, text, (note,))

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
        token = self._token(token_id)
        if token is None:
            return False
        title = f"Shove {spaces}"
        board = self.document.board
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
        return self._push(moved.board, text, (*moved.reasons, damage))

    # -- plumbing ----------------------------------------------------------------------------
    def _token(self, token_id: str) -> Token | None:
        token = self.document.board.tokens.get(token_id)
        if token is None:
            self.refused.emit(f"There is no token {token_id!r} on this map any more")
        return token

    def _apply(self, title: str, token_id: str, change_of: ChangeOf) -> bool:
        """Apply ``change_of(board, token_id)`` as one undo step, or say why not."""
        token = self._token(token_id)
        if token is None:
            return False
        board = self.document.board
        change = change_of(board, token_id)
        if change.token is None:
            return self._refuse(title, token, change.refusal or "refused")
        if change.token == token:
            return self._refuse(title, token, "it is so already: nothing changes")
        after = board.with_token_replaced(change.token)
        if change.moved:  # rising or descending is moving [S001]
            after = marked_moving(after, [token_id])
        return self._push(after, _step_text(title, token.name, change.cost), change.notes)

    def _refuse(self, title: str, token: Token, reason: object) -> bool:
        self.refused.emit(f"Can't {title[0].lower()}{title[1:]} ({token.name}): {reason}")
        return False

    def _push(self, after: Board, text: str, notes: Sequence[str] = ()) -> bool:
        document = self.document
        document.undo_stack.push(BoardEditCommand(document, after, text))
        self.informed.emit(f"{text}: {notes[0]}" if notes else text)
        return True


def _step_text(title: str, name: str, cost: int) -> str:
    """The undo step's text: ``"Stand (Aria) — 2 Movement"`` (no cost part when free)."""
    return f"{title} ({name})" + (f" — {cost} Movement" if cost else "")
