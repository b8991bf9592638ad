"""Small widgets shared by the Inspector's conditions and Pools panels."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QRectF, QSignalBlocker, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from app.controllers.token_state import TokenStateController
from app.scene.token_badges import PoolBar, paint_pool_bar
from rules import Token
from rules.board import LIMIT

Edit = Callable[[TokenStateController, str], object]  # (controller, token id) -> a controller call

UNSET = -LIMIT - 1  # the Severe Threshold spin's "unset" value


class Spin(QSpinBox):
    """A spin box that commits on Enter, focus-out or an arrow click (not every keystroke,
    so typing "12" is one undo step) and ignores the wheel unless focused (scrolling the
    dock must not change a Tier)."""

    def __init__(self, low: int, high: int, tip: str = ""):
        super().__init__()
        self.setRange(low, high)
        self.setKeyboardTracking(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(tip)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()

    def show_value(self, value: int) -> None:
        """Show ``value`` without emitting (a refresh is not an edit)."""
        with QSignalBlocker(self):
            self.setValue(value)


class PoolGauge(QWidget):
    """A bar "5 / 9" drawn like the token's (colour and pattern), white text outlined."""

    def __init__(self, pool: str):
        super().__init__()
        self.bar = PoolBar(pool, 0, 0)
        self.setMinimumSize(24, self.fontMetrics().height() + 6)  # it grows with the column
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_values(self, current: int, maximum: int) -> None:
        self.bar = PoolBar(self.bar.pool, current, maximum)
        self.update()

    def text(self) -> str:
        return f"{self.bar.current} / {self.bar.maximum}"

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_pool_bar(painter, QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), self.bar)
        font = QFont(self.font())
        font.setBold(True)
        path = QPainterPath()
        path.addText(0, 0, font, self.text())
        path.translate(QRectF(self.rect()).center() - path.boundingRect().center())
        painter.strokePath(path, QPen(QColor(0, 0, 0), 3))
        painter.fillPath(path, QColor(255, 255, 255))


def header(text: str) -> QLabel:
    label = QLabel(f"<b>{escape(text)}</b>")
    label.setContentsMargins(0, 6, 0, 0)
    return label


class Editor(QWidget):
    """A part of the panel: it shows one token and sends edits to its controller."""

    def __init__(self) -> None:
        super().__init__()
        self.controller: TokenStateController | None = None
        self.token: Token | None = None

    def _edit(self, call: Edit) -> None:
        if self.controller is not None and self.token is not None:
            call(self.controller, self.token.id)
