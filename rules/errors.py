"""Specific exceptions of the rules package.

Every error a user can cause is a ``ValueError`` subclass with a message that names
the offending field, token or space, so the app can show it as it is
(STYLE.md principle 13, after python-chess's ``IllegalMoveError``).
"""

from __future__ import annotations

__all__ = [
    "BoardError",
    "DiceError",
    "DuplicateTokenError",
    "IllegalMoveError",
    "MapFileError",
    "OutOfBoundsError",
    "RulesError",
    "UnknownTokenError",
]


class RulesError(ValueError):
    """Base class of every error the rules package raises on purpose."""


class BoardError(RulesError):
    """An edit of the board that cannot be made as asked."""


class OutOfBoundsError(BoardError):
    """A space, or part of a token's footprint, lies outside the map."""


class UnknownTokenError(BoardError):
    """A token id that the board does not hold."""


class DuplicateTokenError(BoardError):
    """A token id that the board already holds."""


class DiceError(RulesError):
    """A face value outside 1..12 was given to a dice helper."""


class IllegalMoveError(RulesError):
    """A move the rules do not allow (blocked space, full space, off the map…)."""


class MapFileError(RulesError):
    """A ``.hexmap`` file that cannot be read or written; the message names what is wrong."""
