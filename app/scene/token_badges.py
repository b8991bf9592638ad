"""Condition pills and Pool bars drawn over a token (see :mod:`app.scene.token_item`):
a companion item stacked over every token, so an adjacent token never hides them."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from rules import CONDITION_SPECS, Token
from rules.board import describe

MAX_BADGES = 4  # pills around the lower edge, the last one "+N" when there are more
BADGE_MIN_SCREEN = 26.0  # hex circumradius on screen (px) below which pills hide
BAR_MIN_SCREEN = 12.0  # ... and below which the Pool bars hide
DECORATION_Z = 30  # over every token (z ≤ 22), under the turn ring (40) and FULL tags (45)
# Short names, in the order pills are drawn: what changes play most comes first, so it is
# never the part hidden behind "+N".
BADGE_NAMES = {
    "unconscious": "UNC",
    "prone": "PRN",
    "held": "HLD",
    "grappled": "GRP",
    "swallowed": "SWL",
    "strangled": "STR",
    "burning": "BRN",
    "blinded": "BLI",
    "slowed": "SLW",
    "encumbered": "ENC",
    "exhausted": "EXH",
    "fatigued": "FTG",
    "unaware": "UNA",
    "emotional": "EMO",
    "crouching": "CRH",
    "focused": "FOC",
    "deafened": "DEF",
    "muted": "MUT",
    "dazzled": "DAZ",
    "unstable": "UNS",
    "sickened": "SCK",
    "anosmatic": "ANS",
    "clumsy": "CLM",
    "stiff": "STF",
    "trauma": "TRA",
    "weak": "WEK",
}
# Okabe–Ito colours the sides do not use; Energy is hatched as well, for colour-blind eyes.
BAR_STYLE: dict[str, tuple[str, Qt.BrushStyle]] = {
    "grit": ("#E69F00", Qt.BrushStyle.SolidPattern),
    "energy": ("#56B4E9", Qt.BrushStyle.BDiagPattern),
    "movement": ("#CC79A7", Qt.BrushStyle.Dense3Pattern),  # dotted, like the reach shading
}
AILMENT_EDGE = QColor("#CC79A7")


@dataclass(frozen=True)
class Badge:
    """One condition pill: its text ("SLW 2", or "+3" for the ones left out) and tooltip."""

    text: str
    tooltip: str
    ailment: bool = False


@dataclass(frozen=True)
class PoolBar:
    """One Pool bar under the token."""

    pool: str
    current: int
    maximum: int

    @property
    def fraction(self) -> float:
        """How full the bar is drawn, 0..1 (overspent is empty, above the maximum full)."""
        return min(1.0, max(0.0, self.current / self.maximum)) if self.maximum else 0.0


def motion_badges(token: Token) -> list[Badge]:
    """Pills for how the token moves (:mod:`rules.board.motion`): flying with its height,
    burrowing, climbing, in the air, Dash/Run, Amble."""
    motion = token.motion
    badges = []
    mode = {"fly": "FLY", "burrow": "BUR", "climb": "CLB"}.get(motion.mode)
    if mode or motion.altitude:
        text = (mode or "AIR") + (f" {motion.altitude}" if motion.altitude else "")
        badges.append(Badge(text, motion.describe().capitalize()))
    if motion.pace != "walk":
        badges.append(Badge(motion.pace.upper()[:3], f"{motion.pace.capitalize()} this round"))
    if motion.amble:
        badges.append(Badge("AMB", "Amble: +1 Movement cost, −1 sound Magnitude"))
    return badges


def condition_badges(token: Token, limit: int = MAX_BADGES) -> list[Badge]:
    """The pills for how ``token`` moves, then its conditions, most pressing first
    (:data:`BADGE_NAMES`): one per name, with the Tiers of its sources added."""
    tiers: dict[str, int] = {}
    for entry in token.conditions:
        tiers[entry.name] = tiers.get(entry.name, 0) + entry.tier
    order = [*BADGE_NAMES, *CONDITION_SPECS]
    names = sorted(tiers, key=order.index)
    badges = motion_badges(token)
    for name in names:
        short = BADGE_NAMES.get(name, CONDITION_SPECS[name].label[:3].upper())
        text = short if tiers[name] == 1 else f"{short} {tiers[name]}"
        tip = describe(e for e in token.conditions if e.name == name)
        badges.append(Badge(text, tip, CONDITION_SPECS[name].kind == "ailment"))
    if len(badges) > limit:
        rest = badges[limit - 1 :]
        more = Badge(f"+{len(rest)}", "; ".join(b.tooltip for b in rest))
        badges = [*badges[: limit - 1], more]
    return badges


def pool_bars(token: Token) -> list[PoolBar]:
    """The Grit, Energy and Movement bars of ``token`` (a Pool with maximum 0 has none).
    Movement shows what is left this turn (seed 001; refilled at turn start, Q25), once
    some of it is spent: a full Movement bar on every creature would only be clutter."""
    bars = []
    for pool in BAR_STYLE:
        maximum = token.maximum_of(pool).value
        current = token.left_of(pool)
        if maximum > 0 and (pool != "movement" or current != maximum):
            bars.append(PoolBar(pool, current, maximum))
    return bars


class TokenDecorations(QGraphicsItem):
    """One token's condition pills and Pool bars, over every token disc (z
    :data:`DECORATION_Z`). :class:`TokenItem` keeps it at its own position, visibility and
    scene; it takes no clicks, and hovering it shows the token's tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(DECORATION_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.badges: list[tuple[QRectF, Badge]] = []
        self.bars: list[tuple[QRectF, PoolBar]] = []
        self._size, self._hidden = 0.0, False

    def sync_from(self, token: Token, hex_size: float, radius: float, show_bars: bool) -> None:
        """Lay out ``token``'s pills and bars for a disc of ``radius`` (scene units)."""
        self.prepareGeometryChange()
        self._size, self._hidden = hex_size, token.hidden
        self._layout_badges(condition_badges(token), radius)
        bars = pool_bars(token) if show_bars or token.vitals.bars_for_players else []
        width, height = radius * 1.5, max(2.0, hex_size * 0.09)
        self.bars = [
            (QRectF(-width / 2, radius + 1.5 + i * (height + 0.8), width, height), bar)
            for i, bar in enumerate(bars)
        ]
        self.update()

    def badge_font(self) -> QFont:
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, round(self._size * 0.28)))
        return font

    def _layout_badges(self, badges: list[Badge], radius: float) -> None:
        """Rows of up to two pills, the last row on the disc's lower edge (just above the
        bars), so they stay over the token's own hex rather than its neighbours'."""
        metrics = QFontMetricsF(self.badge_font())
        height = metrics.height() + 1.0
        rows = [badges[i : i + 2] for i in range(0, len(badges), 2)]
        top = radius + 1.0 - len(rows) * (height + 1.0)
        self.badges = []
        for row in rows:
            widths = [metrics.horizontalAdvance(b.text) + height * 0.6 for b in row]
            x = -(sum(widths) + 2.0 * (len(row) - 1)) / 2
            for width, badge in zip(widths, row, strict=True):
                self.badges.append((QRectF(x, top, width, height), badge))
                x += width + 2.0
            top += height + 1.0

    def badges_shown(self, painter: QPainter) -> bool:
        """Whether the pills are drawn at ``painter``'s zoom (not when the hex is tiny)."""
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        return bool(self.badges) and self._size * scale >= BADGE_MIN_SCREEN

    def boundingRect(self) -> QRectF:
        rect = QRectF()
        for part, _what in [*self.badges, *self.bars]:
            rect = rect.united(part.adjusted(-1, -1, 1, 1))
        return rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(0.55 if self._hidden else 1.0)
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        if self._size * scale >= BAR_MIN_SCREEN:
            for rect, bar in self.bars:
                paint_pool_bar(painter, rect, bar)
        if self.badges_shown(painter):
            painter.setFont(self.badge_font())
            for rect, badge in self.badges:
                edge = AILMENT_EDGE if badge.ailment else QColor(235, 235, 235)
                painter.setPen(QPen(edge, 1.2))
                painter.setBrush(QColor(25, 25, 25, 235))
                painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
                painter.setPen(QColor(Qt.GlobalColor.white))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, badge.text)


def paint_pool_bar(painter: QPainter, rect: QRectF, bar: PoolBar) -> None:
    """Draw ``bar`` in ``rect``: a dark track filled to ``bar.fraction`` in the Pool's
    colour and pattern (grey for Pools without bars on the map)."""
    color, pattern = BAR_STYLE.get(bar.pool, ("#999999", Qt.BrushStyle.SolidPattern))
    painter.setPen(QPen(QColor(15, 15, 15), 1.0))
    painter.setBrush(QColor(45, 45, 45, 230))
    painter.drawRect(rect)
    filled = QRectF(rect.topLeft(), rect.size())
    filled.setWidth(rect.width() * bar.fraction)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    painter.drawRect(filled)
    if pattern != Qt.BrushStyle.SolidPattern:
        painter.setBrush(QBrush(QColor(0, 40, 80), pattern))
        painter.drawRect(filled)
