"""What a game master writes and pins on a map: labels, notes and the background picture.

Labels and notes are either visible to players or GM-only (``gm_only``); the player view
(:mod:`rules.battlefield.visibility`) drops GM-only ones. A note hangs on a hex or on a token.

The background is a battle-map picture stored in the map file. Its placement says where
the hex grid lies on it, in the picture's own pixels: ``hex_size`` is a hex's circumradius
and ``origin_x, origin_y`` the centre of ``Hex(0, 0)`` (what grid fitting finds).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.hexes import Hex
from rules.ids import id_problem
from rules.text import text_problem

__all__ = ["MAX_DOOR_HEXES", "Background", "Label", "Note"]

MAX_TEXT = 4000


def _text_problem(kind: str, ident: str, text: object) -> str | None:
    problem = id_problem(kind, ident)
    if problem:
        return problem
    if not isinstance(text, str) or not text.strip():
        return f"{kind} {ident!r} needs some text"
    if len(text) > MAX_TEXT:
        return f"{kind} {ident!r} is longer than {MAX_TEXT} characters"
    problem = text_problem(text)
    return problem and f"{kind} {ident!r}: its text is not valid text ({problem})"


def _plain_hex(h: Hex) -> Hex:
    return Hex(int(h.q), int(h.r))


@dataclass(frozen=True, slots=True)
class Label:
    """Text written on the map at a hex, e.g. "Ford" or "Trapdoor (GM)".

    A label with ``door`` hexes is a closed door (map format version 8; a Universal VTT
    import writes one per closed portal, issue #18): the wall hexes it stands for, which
    opening the door clears (:meth:`rules.board.grid.Board.with_door_opened`). At most
    :data:`MAX_DOOR_HEXES`, each once.
    """

    id: str
    text: str
    position: Hex
    gm_only: bool = False
    door: tuple[Hex, ...] = ()

    def __post_init__(self) -> None:
        problem = _text_problem("label", self.id, self.text) or _door_problem(self)
        if problem:
            raise ValueError(problem)
        object.__setattr__(self, "position", _plain_hex(self.position))
        object.__setattr__(self, "door", tuple(_plain_hex(h) for h in self.door))

    @property
    def is_door(self) -> bool:
        """True for a closed door's label (it has wall hexes to open)."""
        return bool(self.door)


MAX_DOOR_HEXES = 64
"""The most wall hexes one door may stand for (a door 20 squares wide crosses about 40)."""


def _door_problem(label: Label) -> str | None:
    door = label.door
    if not isinstance(door, tuple) or not all(isinstance(h, Hex) for h in door):
        return f"label {label.id!r}: door must be a tuple of hexes"
    if len(door) > MAX_DOOR_HEXES:
        return f"label {label.id!r}: a door may stand for at most {MAX_DOOR_HEXES} hexes"
    if len(set(door)) != len(door):
        return f"label {label.id!r}: a door lists a hex twice"
    return None


@dataclass(frozen=True, slots=True)
class Note:
    """A note attached to a hex or to a token (exactly one of ``hex`` and ``token_id``)."""

    id: str
    text: str
    hex: Hex | None = None
    token_id: str | None = None
    gm_only: bool = True

    def __post_init__(self) -> None:
        problem = _text_problem("note", self.id, self.text)
        if problem is None and (self.hex is None) == (self.token_id is None):
            problem = f"note {self.id!r} must hang on exactly one hex or one token"
        if problem:
            raise ValueError(problem)
        if self.hex is not None:
            object.__setattr__(self, "hex", _plain_hex(self.hex))


@dataclass(frozen=True, slots=True)
class Background:
    """A battle-map picture under the grid: the image name and where the grid lies on it."""

    image: str
    hex_size: float
    origin_x: float = 0.0
    origin_y: float = 0.0
    opacity: float = 1.0

    def __post_init__(self) -> None:
        numbers = (self.hex_size, self.origin_x, self.origin_y, self.opacity)
        if not all(isinstance(v, int | float) and math.isfinite(v) for v in numbers):
            raise ValueError("background placement must be finite numbers")
        if not 2.0 <= self.hex_size <= 10_000.0:
            raise ValueError(f"background hex size {self.hex_size} px is outside 2..10000")
        if not 0.0 <= self.opacity <= 1.0:
            raise ValueError(f"background opacity {self.opacity} is outside 0..1")
