"""MapView: zoom and pan only.

Wheel zooms about the cursor; the middle button, or Space held with the left button,
pans; Fit shows the whole map. Everything else is the scene's and its tools' business.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

MIN_SCALE = 0.005
MAX_SCALE = 8.0
STEP = 1.25


def zoom_text(scale: float) -> str:
    """A zoom as the status bar says it: whole percent, one decimal below 10 % (the
    farthest zoom is 0.5 %, not "0 %").

    >>> zoom_text(1.0), zoom_text(0.16), zoom_text(0.005), zoom_text(0.04)
    ('100 %', '16 %', '0.5 %', '4.0 %')
    """
    percent = scale * 100
    return f"{percent:.0f} %" if percent >= 9.95 else f"{percent:.1f} %"


class MapView(QGraphicsView):
    """A QGraphicsView with map-style zoom and pan."""

    zoom_changed = Signal(float)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setAcceptDrops(False)  # files dropped on the map go to the main window
        self._pan_from: QPoint | None = None
        self._space_held = False

    @property
    def zoom(self) -> float:
        """Current scale (1.0 = one scene unit per screen pixel)."""
        return self.transform().m11()

    def set_zoom(self, scale: float, anchor: QPoint | None = None) -> None:
        """Zoom to ``scale``, keeping the scene point under ``anchor`` (view pixels) still."""
        scale = max(MIN_SCALE, min(MAX_SCALE, scale))
        anchor = anchor if anchor is not None else self.viewport().rect().center()
        before = self.mapToScene(anchor)
        factor = scale / self.zoom
        self.scale(factor, factor)
        after = self.mapToScene(anchor)
        self._scroll_by_scene(before - after)
        self.zoom_changed.emit(self.zoom)

    def zoom_in(self) -> None:
        """One step closer."""
        self.set_zoom(self.zoom * STEP)

    def zoom_out(self) -> None:
        """One step farther."""
        self.set_zoom(self.zoom / STEP)

    def fit_to_window(self) -> None:
        """Show the whole map (the scene's ``content_rect()``, else all its items)."""
        scene = self.scene()
        if scene is None:
            return
        content = getattr(scene, "content_rect", scene.itemsBoundingRect)
        self.fitInView(content(), Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.zoom)

    def _scroll_by_scene(self, delta: QPointF) -> None:
        center = self.mapToScene(self.viewport().rect().center())
        self.centerOn(center + delta)

    # -- events -------------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta()
        notches = round((delta.y() or delta.x()) / 120)  # Shift/Alt may turn y into x
        scene = self.scene()
        tool = getattr(scene, "tool", None)
        if notches and tool is not None and tool.wheel(notches, event.modifiers()):
            event.accept()
            return
        steps = delta.y() / 120.0
        if steps:
            self.set_zoom(self.zoom * STEP**steps, event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        panning = event.button() == Qt.MouseButton.MiddleButton or (
            self._space_held and event.button() == Qt.MouseButton.LeftButton
        )
        if panning:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            point = event.position().toPoint()
            delta = point - self._pan_from
            self._pan_from = point
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            cursor = (
                Qt.CursorShape.OpenHandCursor if self._space_held else Qt.CursorShape.ArrowCursor
            )
            self.viewport().setCursor(cursor)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._space_held = False  # Space may be released while another window has focus
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        super().focusOutEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)
