"""Rolling dice into the roll log, as undo steps (issue #7).

No widgets here: the free dice roller, and any panel that records a roll, roll through
:meth:`DiceController.roll` (the board after comes from :func:`rolled_board`), or log
entries they made themselves with :func:`logged_board` and :meth:`DiceController.log`.
Every roll is one undo step: undo takes its entry off the log and gives the draw back, so
redoing rolls the same faces.

Faces come from ``rules.board.roll_log.dice_rng(board.dice_seed, board.dice_draws)``, so the
same map and the same rolls always give the same faces. Faces rolled at the table are
typed in (:func:`parse_faces`) and logged with ``manual=True``; like
:func:`rules.actions.flow`, they count as a draw too.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from app.controllers.base import Controller
from rules import Board
from rules.board import LoggedRoll, appended, dice_rng
from rules.dice import Roll, read_faces, roll

__all__ = [
    "CLEAR_TEXT",
    "DiceController",
    "FacesError",
    "RollRequest",
    "chip_marks",
    "cleared_board",
    "detail_lines",
    "logged_board",
    "mark_tags",
    "outcome_text",
    "parse_faces",
    "pool_text",
    "result_words",
    "rolled_board",
    "verdict",
]

CLEAR_TEXT = "Clear roll log"
"""The undo text of :meth:`DiceController.clear`."""


class FacesError(ValueError):
    """Typed faces that cannot be read; the message says what to type instead."""


def pool_text(dice: int, modifier: int = 0) -> str:
    """``"3d12+1"``, ``"2d12-2"``, ``"1d12"``: a pool as the table says it."""
    return f"{max(0, dice)}d12" + (f"{modifier:+d}" if modifier else "")


@dataclass(frozen=True)
class RollRequest:
    """A roll to make: ``dice`` d12 + ``modifier`` against ``dl`` (``None``: no DL), what
    it is for (``action``, ``role`` — one of ``rules.board.roll_log.ROLE_NAMES``), who rolls at
    whom (names), and the modifier's terms as ``(amount, reason)`` pairs."""

    dice: int
    modifier: int = 0
    dl: int | None = None
    action: str = "Dice roller"
    actor: str = ""
    target: str = ""
    breakdown: tuple[tuple[int, str], ...] = ()
    role: str = "roll"

    @property
    def label(self) -> str:
        """The pool, e.g. ``"3d12+1"``."""
        return pool_text(self.dice, self.modifier)


def outcome_text(read: Roll, dl: int | None) -> str:
    """The outcome in words: ``"succeeds"`` or ``"fails"`` against a DL (a Fumble always
    fails, Q5), ``"fumble"`` without a DL, else ``""``."""
    if dl is None:
        return "fumble" if read.fumble else ""
    if read.fumble:
        return "fails (fumble)"
    return "succeeds" if read.succeeds(dl) else "fails"


_SEPARATORS = re.compile(r"[\s,;/+]+")


def parse_faces(text: str, dice: int | None = None) -> tuple[int, ...]:
    """The d12 faces in ``text`` (``"7 3 12"``, ``"7, 3, 12"``), in order.

    With ``dice``, exactly that many faces are needed. Raises :class:`FacesError` with a
    message saying what was wrong and what to type.
    """
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    faces = []
    for word in words:
        if not word.isdigit():
            raise FacesError(f"“{word}” is not a number: type the faces 1 to 12, e.g. 7 3 12")
        if not 1 <= int(word) <= 12:
            raise FacesError(f"{int(word)} is not on a d12: each face is 1 to 12")
        faces.append(int(word))
    wanted = None if dice is None else max(0, dice)
    if wanted is not None and len(faces) != wanted:
        got = "none" if not faces else f"{len(faces)}"
        raise FacesError(
            f"The pool is {wanted}d12: type {wanted} face{'s' * (wanted != 1)}, got {got}"
        )
    if wanted is None and not faces:
        raise FacesError("Type the faces rolled at the table, e.g. 7 3 12")
    return tuple(faces)


def logged_board(board: Board, entries: Iterable[LoggedRoll], *, draws: int = 1) -> Board:
    """``board`` with ``entries`` added to its roll log and ``draws`` more dice draws."""
    return board._evolve(rolls=appended(board.rolls, entries), dice_draws=board.dice_draws + draws)


def seeded(board: Board) -> Board:
    """``board``, given a fresh random dice seed if it has none yet (seed 0 and no draws:
    a new or upgraded map), so that two maps never roll the same faces. The seed is then
    saved with the map, and from it every later roll can be replayed."""
    if board.dice_seed or board.dice_draws:
        return board
    return board._evolve(dice_seed=secrets.randbits(64) or 1)


def rolled_board(
    board: Board, request: RollRequest, faces: Iterable[int] | None = None
) -> tuple[Board, LoggedRoll]:
    """The board after rolling ``request``, and its log entry.

    Without ``faces`` the dice come from the map's next draw (``dice_rng``); with them,
    they are faces rolled at the table (``manual=True``). Raises ``ValueError`` (a
    :class:`rules.errors.DiceError` for a face outside 1..12) for an unreadable roll.
    """
    board = seeded(board)
    if faces is None:
        rng = dice_rng(board.dice_seed, board.dice_draws)
        read = roll(request.dice, rng, request.modifier)
    else:
        read = read_faces(faces, request.modifier)
    entry = LoggedRoll(
        request.action,
        read.faces,
        read.modifier,
        request.dl,
        request.actor,
        request.target,
        request.breakdown,
        outcome_text(read, request.dl),
        request.role,
        manual=faces is not None,
        round=board.turn.round,
    )
    return logged_board(board, [entry]), entry


def cleared_board(board: Board) -> Board:
    """``board`` with an empty roll log (the seed and the draw count are kept, so later
    rolls do not repeat earlier faces)."""
    return board._evolve(rolls=())


class DiceController(Controller):
    """Rolls into the open map's roll log, each ONE undo step."""

    def roll(self, request: RollRequest, faces: Iterable[int] | None = None) -> LoggedRoll:
        """Roll ``request`` as one undo step (``"Roll 3d12+1"``; typed faces:
        ``"Record 3d12+1"``) and return the entry logged. Raises like :func:`rolled_board`."""
        after, entry = rolled_board(self.board, request, faces)
        verb = "Record" if entry.manual else "Roll"
        self.log(after, f"{verb} {request.label}")
        return entry

    def log(self, after: Board, text: str) -> None:
        """Push ``after`` (made by :func:`logged_board` or :func:`rolled_board`) as one undo
        step called ``text``."""
        self.push(after, text)

    def clear(self) -> bool:
        """Empty the roll log as one undo step (:data:`CLEAR_TEXT`); False if it was empty."""
        if not self.board.rolls:
            return False
        self.push(cleared_board(self.board), CLEAR_TEXT)
        return True


# -- how a logged roll reads (the Roll Log dock, tooltips, an action panel's summary) ------
def mark_tags(entry: LoggedRoll) -> list[str]:
    """The marks in words, each with a symbol: ``"✖ FUMBLE"``, ``"‖ doubles 7"``,
    ``"★ 12 ×2"``, and ``"✎ typed in"`` for faces rolled at the table."""
    tags = []
    for mark in entry.marks:
        if mark == "fumble":
            tags.append("✖ FUMBLE")
        else:
            tags.append(f"{'‖' if mark.startswith('doubles') else '★'} {mark}")
    return tags + (["✎ typed in"] if entry.manual else [])


def chip_marks(entry: LoggedRoll) -> list[frozenset[str]]:
    """For each face in order, how its chip is marked: ``"twelve"``, ``"doubles"`` (a
    die of the doubles, Q6) and ``"fumble"`` (a 1 of a Fumble)."""
    read = entry.roll
    marks = []
    for face in entry.faces:
        kinds = {"twelve"} if face == 12 else set()
        if face == read.doubles:
            kinds.add("doubles")
        if face == 1 and read.fumble:
            kinds.add("fumble")
        marks.append(frozenset(kinds))
    return marks


def verdict(outcome: str) -> str:
    """The outcome with a shape in front: ``"✔ succeeds"``, ``"✘ fails"``."""
    word = outcome.lower()
    if word.startswith(("succeed", "success", "hit")):
        return f"✔ {outcome}"
    if word.startswith(("fail", "miss", "fumble")):
        return f"✘ {outcome}"
    return outcome


def result_words(entry: LoggedRoll) -> list[str]:
    """How the result was read: ``["highest 9 +1", "vs DL 3", "margin +7", *marks]``."""
    read = f"highest {max(entry.faces)}" if entry.faces else "no dice"
    words = [read + (f" {entry.modifier:+d}" if entry.modifier else "")]
    if entry.dl is not None:
        words += [f"vs DL {entry.dl}", f"margin {entry.margin:+d}"]
    return words + mark_tags(entry)


def detail_lines(entry: LoggedRoll) -> list[str]:
    """The roll in full, a line each: what and who (and the round), the faces, every
    modifier term with its source, the result against the DL, and the marks."""
    when = f" (round {entry.round})" if entry.round else ""
    lines = [entry.action + (f" — {entry.who()}" if entry.who() else "") + when]
    faces = ", ".join(map(str, entry.faces))
    lines.append(f"{len(entry.faces)}d12 [{faces}]: " + result_words(entry)[0])
    terms = entry.breakdown or (((entry.modifier, "modifier"),) if entry.modifier else ())
    lines += [f"{amount:+d}  {reason}" for amount, reason in terms]
    result = f"= {entry.result}"
    if entry.dl is not None:
        result += f" vs DL {entry.dl}, margin {entry.margin:+d}"
    lines.append(result + (f" — {entry.outcome}" if entry.outcome else ""))
    tags = mark_tags(entry)
    return lines + (["  ".join(tags)] if tags else [])
