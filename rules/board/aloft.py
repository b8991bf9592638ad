"""A creature in the air without flying: mid-jump, or waiting to fall (seed 001, Jump).

[S001]: "If you Jump to a space of increased elevation, you may choose not to fall until
the start of your next turn, though then may not move again until you land. If you run out
of Movement before reaching your target space, you remain in the air and continue moving
when you gain additional Movement."

The two states are kept on the board as an ongoing effect of the creature on itself
(:mod:`rules.board.effects`), so they round-trip through the map file and show with its effects:

- ``"jumping"`` — "In the air: jumping": it ran out of Movement short of its declared
  landing space, which a pinned Self Area marks (the Area's origin); no duration, it lasts
  until it lands or falls;
- ``"waiting"`` — "In the air: waiting to fall": it chose not to fall; 1 round, it falls as
  its next turn starts.

Only this module reads or writes them; what happens in the air is :mod:`rules.movement.jumping`'s.

>>> from rules.board.grid import Board
>>> from rules.hexes import Hex
>>> from rules.board.tokens import Token
>>> board = Board.blank(6, 6).with_token(Token("a", "Aria", Hex(1, 1)))
>>> board = with_aloft(board, "a", "jumping", Hex(3, 1))
>>> state = aloft(board, "a")
>>> state.kind, state.target, in_the_air(board, "a")
('jumping', Hex(q=3, r=1), True)
>>> aloft(without_aloft(board, "a"), "a") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.areas import AreaKind, AreaTemplate
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.turn_state import with_effect, without_effect
from rules.hexes import Hex
from rules.ids import fresh_id

__all__ = [
    "ALOFT_KINDS",
    "ALOFT_SENTENCES",
    "Aloft",
    "aloft",
    "aloft_refusal",
    "in_the_air",
    "with_aloft",
    "without_aloft",
]

ALOFT_KINDS = ("jumping", "waiting")
ALOFT_NAMES = {"jumping": "In the air: jumping", "waiting": "In the air: waiting to fall"}
ALOFT_SENTENCES = {
    "jumping": "[S001] 'If you run out of Movement before reaching your target space, you "
    "remain in the air and continue moving when you gain additional Movement.'",
    "waiting": "[S001] 'If you Jump to a space of increased elevation, you may choose not to "
    "fall until the start of your next turn, though then may not move again until you land.'",
}


@dataclass(frozen=True)
class Aloft:
    """A creature's state in the air: ``kind`` (one of :data:`ALOFT_KINDS`), the landing
    space a jump still goes to (``target``, jumping only), and the effect keeping it."""

    token_id: str
    kind: str
    target: Hex | None
    effect_id: str

    @property
    def reason(self) -> str:
        """The seed sentence this state follows."""
        return ALOFT_SENTENCES[self.kind]

    def describe(self) -> str:
        """``"jumping on to (3, 1)"`` or ``"waiting to fall until its next turn"``."""
        if self.target is not None:
            return f"jumping on to ({self.target.q}, {self.target.r})"
        return "waiting to fall until its next turn"


def _kind_of(effect: OngoingEffect, token_id: str) -> str | None:
    if effect.creator != token_id or effect.kind not in ALOFT_KINDS:
        return None
    return effect.kind


def aloft(board: Board, token_id: str) -> Aloft | None:
    """``token_id``'s state in the air (mid-jump or waiting to fall), or ``None``."""
    for effect in board.effects.values():
        kind = _kind_of(effect, token_id)
        if kind is None:
            continue
        area = board.areas.get(effect.area_id or "")
        target = area.origin[0] if area is not None and area.origin else None
        return Aloft(token_id, kind, target, effect.id)
    return None


def with_aloft(board: Board, token_id: str, kind: str, target: Hex | None = None) -> Board:
    """``board`` with ``token_id`` in the air as ``kind``: ``"jumping"`` on to ``target``
    (its landing space, marked by a pinned Self Area) or ``"waiting"`` to fall as its next
    turn starts (an effect of 1 round). Replaces any earlier state in the air."""
    if kind not in ALOFT_KINDS:
        raise ValueError(f"in the air as one of {', '.join(ALOFT_KINDS)}, got {kind!r}")
    if (kind == "jumping") != (target is not None):
        raise ValueError("a jump in the air needs its landing space; waiting to fall has none")
    board = without_aloft(board, token_id)
    token = board.token(token_id)
    area_id = None
    if target is not None:
        area_id = board.new_area_id("jump-target")
        name = f"Jump target ({token.name})"
        area = AreaTemplate(area_id, AreaKind.SELF, 0, (target,), caster=token_id, name=name)
        board = board.with_area(area)
    effect = OngoingEffect(
        fresh_id(board.effects, "aloft"),
        ALOFT_NAMES[kind],
        creator=token_id,
        rounds_left=1 if kind == "waiting" else None,
        description=ALOFT_SENTENCES[kind],
        area_id=area_id,
        target=token_id,
        kind=kind,
    )
    return with_effect(board, effect)


def without_aloft(board: Board, token_id: str) -> Board:
    """``board`` with ``token_id`` no longer in a state in the air (landed or fallen)."""
    state = aloft(board, token_id)
    return board if state is None else without_effect(board, state.effect_id)


def in_the_air(board: Board, token_id: str) -> bool:
    """True when ``token_id`` is off the ground without flying or holding on to a surface:
    above the ground (``motion.altitude`` > 0) on foot, or in a state in the air (a jumper
    waiting to fall on a ledge it reached is in the air at altitude 0)."""
    motion = board.token(token_id).motion
    if motion.mode in ("fly", "climb"):
        return False
    return motion.altitude > 0 or aloft(board, token_id) is not None


def aloft_refusal(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` may not move along a path now because of its state in the air."""
    state = aloft(board, token_id)
    if state is None:
        return None
    name = board.token(token_id).name
    if state.kind == "waiting":
        return f"{name} chose not to fall: it may not move again until it lands {state.reason}"
    return (
        f"{name} is in the air, {state.describe()}: its jump goes on, not a new path {state.reason}"
    )
