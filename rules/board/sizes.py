"""A creature's effective size for each purpose: the one owner every rule asks.

[S001] Fly: "You can use 2 wings to fly. … Count as 2 sizes larger to determine Crowded,
sound you make from movement, and when you are attacked with Martial or Nimble." So a
creature flying on wings counts its size + 2 for

- ``"crowded"`` — Crowded, as an occupant and as the one asking (:mod:`rules.battlefield.occupancy`;
  a creature on several spaces counts as size 0 in each, which occupancy adds per space);
- ``"sound"`` — the Magnitude 2 + size of its movement (:func:`rules.movement.sound_of`);
- ``"attacked"`` — an attack against it rolled with Martial or Nimble: a Strike's size
  modifier, Hinder Movement (Martial, Q26), but not an Athletics Overpower (Q26) — pass
  the attacking ``skill``;

and its own size for ``"occupancy"`` (how much of a space it fills: DESIGN.md units) and
``"overpower"`` (an Overpower it makes or that is made against it with Athletics).

>>> from rules.hexes import Hex
>>> from rules.board.motion import Motion
>>> from rules.board.tokens import Token
>>> flight = Motion(mode="fly", winged=True)
>>> bat = Token("b", "Bat", Hex(0, 0), size=-2, movement_types=("land", "fly"), motion=flight)
>>> effective_size(bat, "attacked", skill="Martial").value
0
>>> effective_size(bat, "attacked", skill="Athletics").value
-2
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board.tokens import Token

__all__ = ["PURPOSES", "WING_SIZES", "EffectiveSize", "effective_size", "flying_on_wings"]

WING_SIZES = 2  # "Count as 2 sizes larger" [S001]
PURPOSES = ("crowded", "sound", "attacked", "occupancy", "overpower")
_WINGS_COUNT = {"crowded", "sound"}
_WINGED_SKILLS = {"Martial", "Nimble"}  # "when you are attacked with Martial or Nimble"


@dataclass(frozen=True)
class EffectiveSize:
    """The size a creature counts as for one purpose, and why."""

    value: int
    reasons: tuple[str, ...]


def flying_on_wings(token: Token) -> bool:
    """Whether ``token`` flies on wings now ([S001] "You can use 2 wings to fly")."""
    return token.motion.flying and token.motion.winged


def _wings_apply(purpose: str, skill: str | None) -> bool:
    if purpose == "attacked":
        return skill in _WINGED_SKILLS
    return purpose in _WINGS_COUNT


def effective_size(token: Token, purpose: str, *, skill: str | None = None) -> EffectiveSize:
    """The size ``token`` counts as for ``purpose`` (one of :data:`PURPOSES`; for
    ``"attacked"``, the attacking ``skill``)."""
    if purpose not in PURPOSES:
        raise ValueError(f"unknown size purpose {purpose!r}; known: {', '.join(PURPOSES)}")
    if flying_on_wings(token) and _wings_apply(purpose, skill):
        why = f"{token.name} flies on wings: counts 2 sizes larger ({purpose}) [S001]"
        return EffectiveSize(token.size + WING_SIZES, (why,))
    if flying_on_wings(token) and purpose == "attacked":
        why = f"{token.name} flies on wings, but not against {skill}: only Martial or Nimble [S001]"
        return EffectiveSize(token.size, (why,))
    return EffectiveSize(token.size, ())
