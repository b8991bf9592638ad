"""Labels and note markers on the map. They only paint and sync from the document.

A label is its text on a pale box, large enough to read on a shared screen. GM-only
labels and notes are marked twice, not only by colour: a dashed border and a "GM" tag.
A note is a folded-page marker at its hex (or at its token's hex); its text is the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from rules.board import Label, Note

GM_COLOR = QColor("#CC79A7")  # Okabe–Ito reddish purple
LABEL_FONT_PX = 15


class LabelItem(QGraphicsItem):
    """A label's text in a box centred on its hex."""

    def __init__(self, label: Label, center: QPointF):
        super().__init__()
        self.setZValue(60)
        self.label = label
        self._font = QFont()
        self._font.setPixelSize(LABEL_FONT_PX)
        self._font.setBold(True)
        text = f"{label.text}  GM" if label.gm_only else label.text
        width = QFontMetricsF(self._font).horizontalAdvance(text)
        self._rect = QRectF(-width / 2 - 6, -LABEL_FONT_PX * 0.9, width + 12, LABEL_FONT_PX * 1.8)
        self.setPos(center)
        self.setToolTip(f"Label{' (GM only)' if label.gm_only else ''}: {label.text}")

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

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
        text_rect = self._rect.adjusted(6, 0, -6, 0)
        painter.drawText(
            text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.label.text
        )
        if self.label.gm_only:
            painter.setPen(GM_COLOR)
            painter.drawText(
                text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, "GM"
            )


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
