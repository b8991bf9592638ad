"""A refusal said where the eye is (issue #16): a short note on the map, beside the token
it is about or under the cursor, that stays until the next action.

:class:`MapNoteItem` only paints: a ⚠ glyph and the text in a bordered box (shape and
glyph, not colour alone), the same size on screen at every zoom
(``ItemIgnoresTransformations``), readable at 1280×720. :class:`MapNote` owns it:
:meth:`MapNote.refuse` places it at the token (if one is named) or at the last cursor
position on the map, kept inside the visible part of the view; the next mouse press or key
press on the map, or a change of the document (:meth:`MapNote.dismiss`, which the window
connects to ``CurrentDocument.changed``), takes it away.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

__all__ = ["NOTE_WIDTH", "MapNote", "MapNoteItem"]

NOTE_WIDTH = 300.0  # screen px the text wraps at
NOTE_Z = 10_000.0  # above every map item
PADDING = 6.0
GLYPH = "⚠"
INK = QColor("#000000")
PAPER = QColor("#FFF4D6")  # warm, light: black text on it reads at any map colour
EDGE = QColor("#D55E00")  # Okabe–Ito vermillion; the ⚠ and the border say it too
OFFSET = 14.0  # screen px between the note and the cursor or the token


class MapNoteItem(QGraphicsItem):
    """A refusal on the map: ⚠ and a short text in a bordered box, constant size on screen.
    Its position is the box's top-left corner. Paints only."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(NOTE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self._font = QFont()
        self._font.setPointSizeF(max(10.0, self._font.pointSizeF()))
        self._font.setBold(True)
        self._text = ""
        self._rect = QRectF()

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self._text = text
        metrics = QFontMetricsF(self._font)
        flags = int(Qt.TextFlag.TextWordWrap)
        bounds = metrics.boundingRect(QRectF(0, 0, NOTE_WIDTH, 10_000), flags, f"{GLYPH} {text}")
        self._rect = QRectF(0, 0, bounds.width() + 2 * PADDING, bounds.height() + 2 * PADDING)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1.5, -1.5, 1.5, 1.5)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(EDGE, 2.5))
        painter.setBrush(QBrush(PAPER))
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setPen(INK)
        painter.setFont(self._font)
        inner = self._rect.adjusted(PADDING, PADDING, -PADDING, -PADDING)
        painter.drawText(inner, int(Qt.TextFlag.TextWordWrap), f"{GLYPH} {self._text}")


class MapNote(QObject):
    """The one refusal note of a map scene: :meth:`refuse` shows it, the next action takes
    it away (:meth:`dismiss`). ``token_rect(token_id)`` gives a token's scene rectangle
    (``None`` when it is not on the map); by default the scene's ``token_item``."""

    def __init__(self, scene: QGraphicsScene, parent: QObject | None = None):
        super().__init__(parent or scene)
        self.scene = scene
        self.item = MapNoteItem()
        self.item.hide()
        scene.addItem(self.item)
        self._cursor: QPointF | None = None
        self._fresh = False  # shown in this turn of the event loop: an edit now keeps it
        scene.installEventFilter(self)

    # -- showing --------------------------------------------------------------------------
    def refuse(self, text: str, near_token_id: str | None = None) -> None:
        """Show ``text`` beside token ``near_token_id`` (when given and on the map), else
        at the last cursor position on the map, else in the view's centre; kept inside
        the visible part of the view. The same text already shown, with no token named,
        keeps its place (the status bar repeats what a controller placed at a token)."""
        text = text.strip()
        if not text:
            return
        if near_token_id is None and self.item.isVisible() and self.item.text == text:
            return
        self.item.set_text(text)
        self.item.setPos(self._place(near_token_id))
        self.item.show()
        self._fresh = True  # the edit the same intent made (copies that fit) keeps it
        QTimer.singleShot(0, self, self._settled)  # dropped if the note is gone

    def _settled(self) -> None:
        self._fresh = False

    def dismiss(self, *_args: object) -> None:
        """Take the note away (the next action came); a change made by the same intent
        that was refused in part (e.g. Duplicate placing the copies that fit) does not."""
        if not self._fresh:
            self.item.hide()

    @property
    def shown(self) -> str | None:
        """The text on the map now, or ``None``."""
        return self.item.text if self.item.isVisible() else None

    # -- where ----------------------------------------------------------------------------
    def _view(self) -> QGraphicsView | None:
        views = self.scene.views()
        return views[0] if views else None

    def _token_rect(self, token_id: str) -> QRectF | None:
        find = getattr(self.scene, "token_item", None)
        item = find(token_id) if callable(find) else None
        return item.sceneBoundingRect() if isinstance(item, QGraphicsItem) else None

    def _place(self, token_id: str | None) -> QPointF:
        view = self._view()
        scale = view.transform().m11() if view is not None else 1.0
        scale = scale or 1.0
        width = self.item.boundingRect().width() / scale  # the note's size in scene units
        height = self.item.boundingRect().height() / scale
        gap = OFFSET / scale
        rect = self._token_rect(token_id) if token_id else None
        if rect is not None:
            at = QPointF(rect.center().x() - width / 2, rect.top() - height - gap)
        elif self._cursor is not None:
            at = QPointF(self._cursor.x() + gap, self._cursor.y() + gap)
        elif view is not None:
            centre = view.mapToScene(view.viewport().rect().center())
            at = QPointF(centre.x() - width / 2, centre.y() - height / 2)
        else:
            at = QPointF(0, 0)
        if view is None:
            return at
        visible = view.mapToScene(view.viewport().rect()).boundingRect()
        x = min(max(at.x(), visible.left() + gap / 2), visible.right() - width - gap / 2)
        y = min(max(at.y(), visible.top() + gap / 2), visible.bottom() - height - gap / 2)
        if rect is not None and y + height > rect.top() and y < rect.bottom():
            y = min(rect.bottom() + gap, visible.bottom() - height - gap / 2)  # below it
        return QPointF(max(x, visible.left()), max(y, visible.top()))

    # -- the next action ------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if isinstance(event, QGraphicsSceneMouseEvent):
            self._cursor = event.scenePos()
            if kind in (
                QEvent.Type.GraphicsSceneMousePress,
                QEvent.Type.GraphicsSceneMouseDoubleClick,
            ):
                self.item.hide()  # the next action: always
        elif kind == QEvent.Type.KeyPress:
            self.item.hide()
        return False
