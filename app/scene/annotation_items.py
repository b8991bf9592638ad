"""Labels and note markers on the map. They only paint and sync from the document.

A label is its text on a pale box, large enough to read on a shared screen, in type
sized to the hex (:data:`LABEL_FONT_PX` scene units, about a quarter of a hex) so that it
prints as it shows. A long label wraps onto a second line and is cut short with "…"
rather than run over its neighbours (:data:`LABEL_WIDTH_HEXES`); the tooltip has it all.
GM-only labels and notes are marked twice, not only by colour: a dashed border, and on a
label a "GM" tab on its corner.
A note is a folded-page marker at its hex (or at its token's hex); its text is the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import HEX_SIZE
from rules.board import Label, Note

GM_COLOR = QColor("#CC79A7")  # Okabe–Ito reddish purple
LABEL_FONT_PX = 15  # scene units: 0.27 of a hex edge to edge
LABEL_WIDTH_HEXES = 2.2  # a line of a label is at most this many hexes wide
LABEL_LINES = 2  # and a label at most this many lines
HEX_EDGE_TO_EDGE = HEX_SIZE * 3**0.5
PAD = 6.0  # scene units between the text and the box


def wrapped_lines(text: str, metrics: QFontMetricsF, width: float, lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines no wider than ``width``,
    the last one cut short with "…" if the text does not fit."""
    words, out, line = text.split(), [], ""
    for index, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if metrics.horizontalAdvance(trial) <= width or not line:
            line = trial
            continue
        out.append(line)
        line = word
        if len(out) == lines - 1:
            line = " ".join(words[index:])
            break
    out.append(line)
    elide = Qt.TextElideMode.ElideRight
    return [metrics.elidedText(part, elide, width) for part in out[:lines]]


class LabelItem(QGraphicsItem):
    """A label's text in a box centred on its hex."""

    def __init__(self, label: Label, center: QPointF):
        super().__init__()
        self.setZValue(60)
        self.label = label
        self._font = QFont()
        self._font.setPixelSize(LABEL_FONT_PX)
        self._font.setBold(True)
        metrics = QFontMetricsF(self._font)
        room = LABEL_WIDTH_HEXES * HEX_EDGE_TO_EDGE
        self.lines = wrapped_lines(label.text, metrics, room, LABEL_LINES) or [""]
        width = max(metrics.horizontalAdvance(line) for line in self.lines)
        height = LABEL_FONT_PX * (0.6 + 1.2 * len(self.lines))
        self._rect = QRectF(-width / 2 - PAD, -height / 2, width + 2 * PAD, height)
        self._tag_font = QFont(self._font)
        self._tag_font.setPixelSize(round(LABEL_FONT_PX * 0.6))
        self._tag_rect = QRectF()
        if label.gm_only:  # a "GM" tab on the box's top right corner
            tag_px = self._tag_font.pixelSize()
            tag_width = QFontMetricsF(self._tag_font).horizontalAdvance("GM") + tag_px * 0.6
            self._tag_rect = QRectF(
                self._rect.right() - tag_width - 3,
                self._rect.top() - tag_px * 0.8,
                tag_width,
                tag_px * 1.3,
            )
        self.setPos(center)
        self.setToolTip(f"Label{' (GM only)' if label.gm_only else ''}: {label.text}")

    @property
    def font(self) -> QFont:
        """The label's font (pixels = scene units)."""
        return QFont(self._font)

    def boundingRect(self) -> QRectF:
        return self._rect.united(self._tag_rect).adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        border = QPen(GM_COLOR if self.label.gm_only else QColor("#222222"), 2)
        if self.label.gm_only:
            border.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(border)
        painter.setBrush(QColor(255, 252, 235, 225))
        painter.drawRoundedRect(self._rect, 5, 5)
        painter.setFont(self._font)
        painter.setPen(QColor("#111111"))
        painter.drawText(
            self._rect.adjusted(PAD, 0, -PAD, 0),
            Qt.AlignmentFlag.AlignCenter,
            "\n".join(self.lines),
        )
        if self.label.gm_only:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(GM_COLOR)
            radius = self._tag_rect.height() / 3
            painter.drawRoundedRect(self._tag_rect, radius, radius)
            painter.setFont(self._tag_font)
            painter.setPen(QColor("#111111"))
            painter.drawText(self._tag_rect, Qt.AlignmentFlag.AlignCenter, "GM")


class NoteMarkerItem(QGraphicsItem):
    """A folded-page marker in the upper right of a hex; hover shows the note."""

    SIZE = 14.0

    def __init__(self, note: Note, hex_center: QPointF, hex_size: float):
        super().__init__()
        self.setZValue(65)
        self.note = note
        self.setPos(hex_center + QPointF(hex_size * 0.35, -hex_size * 0.55))
        owner = "GM-only note" if note.gm_only else "Note"
        self.setToolTip(f"<b>{owner}</b><br>{note.text}")

    def boundingRect(self) -> QRectF:
        s = self.SIZE
        return QRectF(-2, -2, s + 4, s + 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.SIZE
        fold = s * 0.35
        page = QPolygonF(
            [QPointF(0, 0), QPointF(s - fold, 0), QPointF(s, fold), QPointF(s, s), QPointF(0, s)]
        )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(GM_COLOR if self.note.gm_only else QColor("#222222"), 1.5)
        if self.note.gm_only:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor("#FFF6C8"))
        painter.drawPolygon(page)
        painter.setPen(QPen(QColor("#555555"), 1))
        for y in (s * 0.45, s * 0.65, s * 0.85):
            painter.drawLine(QPointF(s * 0.2, y), QPointF(s * 0.8, y))
