"""The Player Window's bar above the map (issue #17): the **turn strip** while a conflict
runs (the round, the Priority order, the creature acting marked ▶, bold and amber) and the
optional **last roll** the players may see (its odds when a plain DL roll, the dice, the
result and the outcome).

Both are read from what the players may see: the turn strip from the player board
(:func:`rules.battlefield.player_board` leaves out hidden and fogged creatures and their
turns, so while one of them acts the strip shows the next creature the players know of,
and its turn changes nothing they see), the last roll from the GM's roll log, keeping
only rolls whose every named creature is one the players see (:func:`visible_roll`). The
bar sits above the view, never over the map's tokens; its text is large and bold for a
1280×720 screen share and grows with the window's Scale.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.export.turn_strip import StripEntry, strip_entries  # one copy: window and export
from app.widgets.docks.tracker_text import round_text
from app.widgets.panels.odds_chart import percent
from rules import Board, chance
from rules.board import LoggedRoll

__all__ = [
    "ORDER_PX",
    "PlayerStrip",
    "StripEntry",
    "entry_html",
    "roll_html",
    "roll_odds",
    "strip_entries",
    "visible_roll",
]

ORDER_PX = 18  # the order's and the roll's text at Scale 100 % (≥ 16 px after 720p video)
ROUND_PX = 22
BAR_BACKGROUND = "#111111"
BAR_TEXT = "#FFFFFF"
ACTING_BACKGROUND = "#FFD21F"  # the map's turn ring (app.scene.token_marks.TURN)
ACTING_TEXT = "#000000"
WAITING_TEXT = "#BBBBBB"
SEPARATOR = "  ·  "
ODDS_ROLES = ("roll", "check")  # a plain roll against a DL: its odds are chance(); an
# attack's depend on the defence rolled against it, not in its log entry


def entry_html(entry: StripEntry) -> str:
    """One place in the order: ▶, bold and amber for the creature acting (shape, weight
    and colour), "‖ … waiting" in italics for one waiting, else the plain name."""
    name = escape(entry.name)
    if entry.acting:
        return (
            f"<span style='background:{ACTING_BACKGROUND}; color:{ACTING_TEXT};'>"
            f"<span style='font-weight:900;'>&nbsp;▶&nbsp;{name}&nbsp;</span></span>"
        )
    if entry.waiting:
        return f"<i style='color:{WAITING_TEXT};'>‖&nbsp;{name}&nbsp;waiting</i>"
    return name.replace(" ", "&nbsp;")  # a name never breaks across lines


def order_html(entries: Iterable[StripEntry]) -> str:
    return SEPARATOR.join(entry_html(e) for e in entries)


def visible_roll(rolls: Sequence[LoggedRoll], shown: Board) -> LoggedRoll | None:
    """The latest of ``rolls`` that the players may see on ``shown`` (their board): it
    names someone, and everyone it names (actor, target) is a creature they see. Rolls
    naming nobody (the GM's own dice) or anyone hidden, fogged or gone stay out."""
    names = {t.name for t in shown.tokens.values()}
    for entry in reversed(rolls):
        named = [n for n in (entry.actor, entry.target) if n]
        if named and all(n in names for n in named):
            return entry
    return None


def roll_odds(entry: LoggedRoll) -> Fraction | None:
    """The chance the roll had to succeed, when known from its entry alone: a plain roll
    or check against a DL (an attack's odds depend on the defence rolled against it)."""
    if entry.dl is None or entry.role not in ODDS_ROLES or not entry.faces:
        return None
    odds: Fraction = chance(len(entry.faces), entry.dl, entry.modifier)
    return odds


def roll_html(entry: LoggedRoll) -> str:
    """The last-roll line: "Last roll  Strike — Aria → Ogre  2d12 [9, 4] +1 = 10 vs DL 3
    (odds 61.8 %) — succeeds"."""
    head = escape(entry.action + (f" — {entry.who()}" if entry.who() else ""))
    dice = f"{len(entry.faces)}d12 [{', '.join(map(str, entry.faces))}]"
    if entry.modifier:
        dice += f" {entry.modifier:+d}"
    parts = [f"<b>Last roll</b>{SEPARATOR}{head}{SEPARATOR}{dice} = <b>{entry.result}</b>"]
    if entry.dl is not None:
        parts.append(f" vs DL {entry.dl}")
    odds = roll_odds(entry)
    if odds is not None:
        parts.append(f" (odds {percent(odds)})")
    if entry.marks:
        parts.append(f" [{escape(', '.join(entry.marks))}]")
    if entry.outcome:
        parts.append(f" — <b>{escape(entry.outcome)}</b>")
    return "".join(parts)


class PlayerStrip(QFrame):
    """The bar above the Player Window's map: the turn strip and the last-roll panel,
    each switchable; hidden as a whole when neither has anything to show."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("player_strip")
        self.round_label = _bar_label("player_round")
        self.order_label = _bar_label("player_order")
        self.order_label.setWordWrap(True)
        self.roll_label = _bar_label("player_last_roll")
        self.roll_label.setWordWrap(True)
        self.turn_row = QWidget(self)
        row = QHBoxLayout(self.turn_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(16)
        row.addWidget(self.round_label, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.order_label, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 4, 10, 4)
        column.setSpacing(2)
        column.addWidget(self.turn_row)
        column.addWidget(self.roll_label)
        self.setStyleSheet(
            f"QFrame#player_strip {{ background: {BAR_BACKGROUND}; }}"
            f" QLabel {{ color: {BAR_TEXT}; background: transparent; }}"
        )
        self._scale = 1.0
        self._turn_on, self._roll_on = True, False
        self._entries: tuple[StripEntry, ...] = ()
        self._roll: LoggedRoll | None = None
        self._show_fonts()
        self._update_visibility()

    # -- what it shows -------------------------------------------------------------------
    @property
    def entries(self) -> tuple[StripEntry, ...]:
        """The order shown (empty when no conflict runs)."""
        return self._entries

    @property
    def roll(self) -> LoggedRoll | None:
        """The roll shown in the last-roll panel (``None``: none the players may see)."""
        return self._roll

    def show_turn(self, board: Board) -> None:
        """Show the round and the order of ``board`` (the players' board)."""
        self._entries = strip_entries(board)
        self.round_label.setText(round_text(board.turn) if self._entries else "")
        self.order_label.setText(order_html(self._entries))
        acting = next((e.name for e in self._entries if e.acting), "")
        self.order_label.setToolTip(f"{acting}'s turn; Priority order left to right")
        self._update_visibility()

    def show_roll(self, entry: LoggedRoll | None) -> None:
        """Show ``entry`` as the last roll (``None``: no roll the players may see)."""
        self._roll = entry
        self.roll_label.setText(roll_html(entry) if entry is not None else "")
        self._update_visibility()

    # -- switches and size ----------------------------------------------------------------
    def set_turn_strip_shown(self, on: bool) -> None:
        self._turn_on = on
        self._update_visibility()

    def set_last_roll_shown(self, on: bool) -> None:
        self._roll_on = on
        self._update_visibility()

    @property
    def turn_strip_visible(self) -> bool:
        """True when the turn strip is switched on and a conflict runs."""
        return self._turn_on and bool(self._entries)

    @property
    def last_roll_visible(self) -> bool:
        """True when the last-roll panel is switched on and has a roll to show."""
        return self._roll_on and self._roll is not None

    def set_scale(self, scale: float) -> None:
        """Draw the text ``scale`` times larger (the Player Window's Scale)."""
        self._scale = scale
        self._show_fonts()

    def _show_fonts(self) -> None:
        for label, px in (
            (self.round_label, ROUND_PX),
            (self.order_label, ORDER_PX),
            (self.roll_label, ORDER_PX),
        ):
            font = label.font()
            font.setPixelSize(round(px * self._scale))
            font.setWeight(
                QFont.Weight.Bold if label is self.round_label else QFont.Weight.DemiBold
            )
            label.setFont(font)

    def _update_visibility(self) -> None:
        self.turn_row.setVisible(self.turn_strip_visible)
        self.roll_label.setVisible(self.last_roll_visible)
        self.setVisible(self.turn_strip_visible or self.last_roll_visible)


def _bar_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label
