"""The Player Window's **Pill Legend** (issue #17): what each condition pill shown on the
players' map means, e.g. "PRN  Prone", "SLW 2  Slowed 2", so players who do not know the
short names can read them off the screen share.

The pills' text comes from :func:`app.scene.token_badges.condition_badges`, the function
that makes the tokens' own pills (one owner of the text); it is read from the players'
board (:attr:`app.document.player_document.PlayerDocument.board`: no hidden creature's
conditions). The conditions a token's "+N" pill stands for are listed too, so the legend
explains what "+N" hides; "+N" itself is not. The legend is a bar of large, bold text
(≥ 16 px after 720p video), hidden when no pill is shown or when switched off.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from app.scene.token_badges import BADGE_NAMES, condition_badges
from rules import CONDITION_SPECS, Board

__all__ = ["LEGEND_PX", "LegendEntry", "PillLegend", "legend_entries", "legend_html"]

LEGEND_PX = 18  # at Scale 100 %, as the turn strip's order
BAR_BACKGROUND = "#111111"  # as the turn strip (app.widgets.player_strip)
BAR_TEXT = "#FFFFFF"
PILL_BACKGROUND = "#191919"  # as the pill on the map (app.scene.token_badges)
PILL_EDGE = "#EBEBEB"
AILMENT_EDGE = "#CC79A7"
SEPARATOR = "&nbsp;&nbsp;&nbsp; "
ALL_PILLS = 1_000  # no "+N": every condition gets its own line in the legend
LABELS = {
    BADGE_NAMES.get(name, spec.label[:3].upper()): spec.label
    for name, spec in CONDITION_SPECS.items()
}  # a condition pill's short name → the condition's name


@dataclass(frozen=True)
class LegendEntry:
    """One pill shown on the map: its ``text`` ("SLW 2") and what it means ("Slowed 2")."""

    text: str
    meaning: str
    ailment: bool = False


def pill_meaning(text: str, tooltip: str) -> str:
    """What a pill says in words: a condition's name and Tier above 1 ("SLW 2" → "Slowed
    2", "PRN" → "Prone"); for the others (how the token moves) their own tooltip."""
    short, _, tier = text.partition(" ")
    label = LABELS.get(short)
    if label is None:
        return tooltip
    return f"{label} {tier}" if tier else label


def legend_entries(board: Board) -> list[LegendEntry]:
    """Each pill text shown on a visible token of ``board`` (the players' board), once,
    in alphabetical order of the pill's text."""
    entries: dict[str, LegendEntry] = {}
    for token in board.tokens.values():
        if token.hidden:
            continue
        for badge in condition_badges(token, limit=ALL_PILLS):
            if badge.text not in entries:
                meaning = pill_meaning(badge.text, badge.tooltip)
                entries[badge.text] = LegendEntry(badge.text, meaning, badge.ailment)
    return [entries[text] for text in sorted(entries)]


def entry_html(entry: LegendEntry) -> str:
    """The pill as on the map (dark, white text, a pink edge for an Ailment) and its
    meaning, never broken across lines."""
    edge = AILMENT_EDGE if entry.ailment else PILL_EDGE
    pill = (
        f"<span style='background:{PILL_BACKGROUND}; color:{edge}; font-weight:900;'>"
        f"&nbsp;{escape(entry.text).replace(' ', '&nbsp;')}&nbsp;</span>"
    )
    return f"{pill}&nbsp;{escape(entry.meaning).replace(' ', '&nbsp;')}"


def legend_html(entries: list[LegendEntry]) -> str:
    return SEPARATOR.join(entry_html(e) for e in entries)


class PillLegend(QFrame):
    """A bar listing the condition pills on the players' map and what they mean; hidden
    when there are none or when switched off (:meth:`set_shown`)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("player_pill_legend")
        self.label = QLabel()
        self.label.setObjectName("player_pill_legend_text")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.label.setWordWrap(True)
        self.label.setToolTip("What the condition pills on the map mean")
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 4, 10, 4)
        column.addWidget(self.label)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            f"#player_pill_legend {{ background: {BAR_BACKGROUND}; }}"
            f" #player_pill_legend QLabel {{ color: {BAR_TEXT}; }}"
        )
        self._entries: list[LegendEntry] = []
        self._on = True
        self.set_scale(1.0)
        self._update_visibility()

    @property
    def entries(self) -> list[LegendEntry]:
        """The pills listed (empty when none is shown on the map)."""
        return list(self._entries)

    @property
    def legend_visible(self) -> bool:
        """True when the legend is switched on and has a pill to explain."""
        return self._on and bool(self._entries)

    def show_board(self, board: Board) -> None:
        """List the pills shown on ``board`` (the players' board)."""
        entries = legend_entries(board)
        if entries == self._entries:
            return
        self._entries = entries
        self.label.setText(legend_html(entries))
        self._update_visibility()

    def set_shown(self, on: bool) -> None:
        """Switch the legend on or off (it still hides when there is nothing to list)."""
        self._on = on
        self._update_visibility()

    def set_scale(self, scale: float) -> None:
        """Draw the text ``scale`` times larger (the Player Window's Scale)."""
        font = self.label.font()
        font.setPixelSize(round(LEGEND_PX * scale))
        font.setWeight(QFont.Weight.DemiBold)
        self.label.setFont(font)

    def _update_visibility(self) -> None:
        self.setVisible(self.legend_visible)
