"""OddsChart: a small bar chart of a d12 pool's results, for any panel that shows odds.

Feed it what :func:`rules.actions.contest.result_distribution` returns::

    chart = OddsChart()
    chart.set_distribution(result_distribution(3, 1), dl=9)
    chart.set_distribution(result_distribution(2), dl=3, defence=result_distribution(1, 1))
    chart.clear()

One bar per result, from the lowest to the highest possible; the Fumble has its own
hatched bar at the left ("F"), since a Fumble fails whatever the result (Q5). With a DL,
bars that reach it are filled solid and bars below it are hollow (shape, not just colour),
and the DL is a dashed line labelled "DL n". With a defence, its chances are drawn as a
narrower cross-hatched bar beside each result. Hovering a bar tells its exact chance.
:meth:`OddsChart.bars` gives the bars as values (for tests and for text).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QHelpEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

__all__ = ["Bar", "Distribution", "OddsChart", "percent"]

Distribution = tuple[tuple[tuple[int, Fraction], ...], Fraction]
"""``((result, P(result and no Fumble)), ...), P(Fumble)``, as from ``result_distribution``."""

REACH = QColor("#1d5fa8")  # filled: reaches the DL (or any result without a DL)
BELOW = QColor("#5b6d84")  # hollow outline: below the DL
FUMBLE = QColor("#b3261e")  # hatched
DEFENCE = QColor("#b0600a")  # cross-hatched, narrower
DL_LINE = QColor("#111111")
MARGIN = 4
AXIS = 18  # room for the result labels under the bars
TOP = 18  # room for the DL label over the bars


@dataclass(frozen=True)
class Bar:
    """One bar: ``result`` (``None`` for the Fumble bar), its chance, whether it reaches
    the DL (always True without a DL, False for the Fumble), and the defence's chance of
    the same result (0 without a defence)."""

    result: int | None
    chance: Fraction
    reaches: bool
    defence: Fraction = Fraction(0)

    @property
    def label(self) -> str:
        return "F" if self.result is None else str(self.result)


def percent(chance: Fraction) -> str:
    """``"61.8 %"``; never rounds a possible chance to 0 % or an unsure one to 100 %."""
    if chance <= 0 or chance >= 1:
        return f"{int(chance >= 1) * 100} %"
    value = float(chance) * 100
    if value < 0.1:
        return "< 0.1 %"
    if value > 99.9:
        return "> 99.9 %"
    return f"{value:.1f} %"


def _bars(dist: Distribution, dl: int | None, defence: Distribution | None) -> tuple[Bar, ...]:
    clean, fumble = dist
    chances = dict(clean)
    against = dict(defence[0]) if defence else {}
    results = set(chances) | set(against)
    if not results:
        return ()
    bars = [Bar(None, fumble, False, defence[1] if defence else Fraction(0))]
    for result in range(min(results), max(results) + 1):
        p = chances.get(result, Fraction(0))
        reaches = dl is None or result >= dl
        bars.append(Bar(result, p, reaches, against.get(result, Fraction(0))))
    return tuple(bars)


class OddsChart(QWidget):
    """A bar per result of a d12 pool, the Fumble hatched on its own, the DL as a line."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._bars: tuple[Bar, ...] = ()
        self._dl: int | None = None
        self.setMinimumSize(180, 110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip(
            "The chance of each result. Solid bars reach the DL, hollow bars fall short; "
            "the hatched F bar is a Fumble, which always fails. Hover a bar for its exact chance"
        )

    # -- API -----------------------------------------------------------------------------
    def set_distribution(
        self, dist: Distribution | None, dl: int | None = None, defence: Distribution | None = None
    ) -> None:
        """Show ``dist`` (``None``: nothing) against ``dl`` (``None``: no DL line), with a
        ``defence`` distribution beside it if given (for attack odds)."""
        self._bars = () if dist is None else _bars(dist, dl, defence)
        self._dl = dl
        self.setAccessibleDescription(self._summary())
        self.update()

    def clear(self) -> None:
        """Show no chart."""
        self.set_distribution(None)

    def bars(self) -> tuple[Bar, ...]:
        """The bars shown, Fumble first, then each result from the lowest."""
        return self._bars

    def sizeHint(self) -> QSize:
        return QSize(280, 140)

    # -- geometry ------------------------------------------------------------------------
    def _plot(self) -> QRectF:
        return QRectF(self.rect()).adjusted(MARGIN, TOP, -MARGIN, -AXIS)

    def _slot_width(self) -> float:
        # the Fumble bar, a gap of half a slot, then one slot per result
        return self._plot().width() / max(1.5, len(self._bars) + 0.5)

    def _slot_x(self, index: int) -> float:
        return self._plot().left() + self._slot_width() * (index + (0.5 if index else 0))

    def _index_at(self, x: float) -> int | None:
        for index in range(len(self._bars)):
            left = self._slot_x(index)
            if left <= x < left + self._slot_width():
                return index
        return None

    def _dl_x(self) -> float | None:
        """Where the DL line goes: left of the DL's bar (clamped to the ends)."""
        results = [b.result for b in self._bars if b.result is not None]
        if self._dl is None or not results:
            return None
        if self._dl <= results[0]:
            return self._slot_x(1)
        if self._dl > results[-1]:
            return self._slot_x(len(self._bars) - 1) + self._slot_width()
        return self._slot_x(1 + self._dl - results[0])

    # -- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        if not self._bars:
            painter.setPen(self.palette().text().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "no chart")
            return
        top = max(max(b.chance for b in self._bars), max(b.defence for b in self._bars))
        scale = self._plot().height() / float(top or 1)
        for index, bar in enumerate(self._bars):
            self._paint_bar(painter, index, bar, scale)
        self._paint_axis(painter)
        self._paint_dl(painter)
        painter.end()

    def _paint_bar(self, painter: QPainter, index: int, bar: Bar, scale: float) -> None:
        width = self._slot_width()
        bottom = self._plot().bottom()
        has_defence = any(b.defence for b in self._bars)
        body = width * (0.55 if has_defence else 0.8)
        x = self._slot_x(index) + width * 0.1
        rect = QRectF(x, bottom - float(bar.chance) * scale, body, float(bar.chance) * scale)
        if bar.result is None:
            colour, pattern = FUMBLE, Qt.BrushStyle.BDiagPattern
        elif bar.reaches:
            colour, pattern = REACH, Qt.BrushStyle.SolidPattern
        else:
            colour, pattern = BELOW, Qt.BrushStyle.NoBrush
        if bar.chance:
            painter.setPen(QPen(colour, 1.5))
            painter.setBrush(QBrush(colour, pattern))
            painter.drawRect(rect)
        if bar.defence:
            height = float(bar.defence) * scale
            side = QRectF(x + body, bottom - height, width * 0.3, height)
            painter.setPen(QPen(DEFENCE, 1.2))
            painter.setBrush(QBrush(DEFENCE, Qt.BrushStyle.DiagCrossPattern))
            painter.drawRect(side)

    def _paint_axis(self, painter: QPainter) -> None:
        font = QFont(self.font())
        font.setPointSizeF(max(10.0, font.pointSizeF() * 0.95))
        painter.setFont(font)
        painter.setPen(self.palette().text().color())
        width = self._slot_width()
        step = 1
        while step * width < painter.fontMetrics().horizontalAdvance("88") + 4:
            step += 1
        bottom = self._plot().bottom()
        painter.drawLine(
            QPointF(self._plot().left(), bottom), QPointF(self._plot().right(), bottom)
        )
        for index, bar in enumerate(self._bars):
            if index and (bar.result or 0) % step and index != len(self._bars) - 1:
                continue
            box = QRectF(self._slot_x(index), bottom + 1, width, AXIS - 1)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, bar.label)

    def _paint_dl(self, painter: QPainter) -> None:
        x = self._dl_x()
        if x is None:
            return
        plot = self._plot()
        painter.setPen(QPen(DL_LINE, 2, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(x, plot.top() - 2), QPointF(x, plot.bottom() + 2))
        painter.setPen(self.palette().text().color())
        label = f"DL {self._dl}"
        advance = painter.fontMetrics().horizontalAdvance(label) + 4
        left = min(max(plot.left(), x + 3), plot.right() - advance)
        painter.drawText(QRectF(left, 0, advance, TOP), Qt.AlignmentFlag.AlignVCenter, label)

    # -- tooltips ------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self._index_at(event.pos().x())
            if index is not None:
                QToolTip.showText(event.globalPos(), self.bar_text(self._bars[index]), self)
                return True
        return super().event(event)

    def bar_text(self, bar: Bar) -> str:
        """What a bar means, with its exact chance (the tooltip)."""
        exact = f"{percent(bar.chance)} (exactly {bar.chance})"
        if bar.result is None:
            text = f"Fumble: {exact} — fails whatever the result"
        else:
            verdict = "" if self._dl is None else (" — reaches" if bar.reaches else " — below")
            dl = "" if self._dl is None else f" DL {self._dl}"
            text = f"Result {bar.result}: {exact}{verdict}{dl}"
        if bar.defence:
            text += f"\nDefence {bar.label}: {percent(bar.defence)} (exactly {bar.defence})"
        return text

    def _summary(self) -> str:
        if not self._bars:
            return "no chart"
        results = [b.result for b in self._bars if b.result is not None]
        dl = f", DL {self._dl}" if self._dl is not None else ""
        return f"results {results[0]} to {results[-1]}, fumble {percent(self._bars[0].chance)}{dl}"
