"""The GM's pointer gestures over the map (issue #17): ping a hex, draw a laser trail.

* **G + click** pings the hex clicked (the click goes to no tool: nothing is selected,
  moved or painted), whatever tool is active.
* **A long press** on empty ground with Select and Move (the button held still for
  :data:`LONG_PRESS_MS`) pings that hex; the rubber band the press began is dropped.
* **Hold G and move the mouse**: a laser trail follows it (let go of G: it fades).

:class:`PointerGestures` reads these from a map view (an event filter: it works over every
tool and leaves every other key and click to them) and hands them to a
:class:`~app.scene.ping_items.PointerOverlay`, which draws them on the GM's map and on the
Player View. G is no other key of the window or of any tool (:mod:`app.shell.menus`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsView

from app.scene.map_scene import MapScene
from app.scene.ping_items import PointerOverlay
from rules import Hex

__all__ = ["LONG_PRESS_MS", "POINTER_KEY", "PointerGestures"]

POINTER_KEY = Qt.Key.Key_G
LONG_PRESS_MS = 600
STILL_PX = 6  # how far the mouse may wander during a long press


class PointerGestures(QObject):
    """Reads the pointer gestures from ``view`` (the GM's map view of ``scene``) into
    ``overlay``; :attr:`pinged` says which hex was pinged."""

    pinged = Signal(object)  # Hex

    def __init__(
        self,
        view: QGraphicsView,
        scene: MapScene,
        overlay: PointerOverlay,
        long_press_ms: int = LONG_PRESS_MS,
    ):
        super().__init__(view)
        self._view = view
        self._scene = scene
        self._overlay = overlay
        self._held = False  # G is down
        self._swallowing = False  # the click being pinged: its release goes to no tool
        self._pressed_at: QPoint | None = None  # a long press under way (viewport pixels)
        self._long_press = QTimer(self)
        self._long_press.setSingleShot(True)
        self._long_press.setInterval(long_press_ms)
        self._long_press.timeout.connect(self._on_long_press)
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)

    @property
    def held(self) -> bool:
        """True while the pointer key is held down over the map."""
        return self._held

    @property
    def long_press_pending(self) -> bool:
        """True while a press on empty ground may still become a ping."""
        return self._long_press.isActive()

    def ping_at(self, point: QPointF) -> Hex | None:
        """Ping the map hex under the scene point ``point``; ``None`` off the map."""
        hex_ = self._scene.geometry.hex_at(point)
        if not self._scene.board.contains(hex_):
            return None
        self._overlay.ping(hex_)
        self.pinged.emit(hex_)
        return hex_

    # -- events --------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._view:
            if kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                return self._key(event)  # type: ignore[arg-type]
            if kind == QEvent.Type.FocusOut:
                self._let_go()
            return False
        if kind == QEvent.Type.MouseButtonPress:
            return self._press(event)  # type: ignore[arg-type]
        if kind == QEvent.Type.MouseMove:
            self._move(event)  # type: ignore[arg-type]
        elif kind == QEvent.Type.MouseButtonRelease:
            self._pressed_at = None
            self._long_press.stop()
            swallowed, self._swallowing = self._swallowing, False
            return swallowed
        return False

    def _key(self, event: QKeyEvent) -> bool:
        if event.key() != POINTER_KEY or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if event.isAutoRepeat():
            return True  # held: the tools never see G
        if event.type() == QEvent.Type.KeyPress:
            self._held = True
            self._overlay.end_trail()
            self._view.viewport().setCursor(Qt.CursorShape.CrossCursor)
            under = self._view.viewport().mapFromGlobal(QCursor.pos())
            if self._view.viewport().rect().contains(under):
                self._overlay.trail_to(self._view.mapToScene(under))
        else:
            self._let_go()
        return True

    def _let_go(self) -> None:
        if self._held:
            self._held = False
            self._overlay.end_trail()
            self._view.viewport().setCursor(Qt.CursorShape.ArrowCursor)

    def _press(self, event: QMouseEvent) -> bool:
        self._long_press.stop()
        self._pressed_at = None
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        point = self._view.mapToScene(event.position().toPoint())
        if self._held:
            self.ping_at(point)
            self._swallowing = True
            return True
        if self._long_press_may_start(point, event.modifiers()):
            self._pressed_at = event.position().toPoint()
            self._long_press.start()
        return False

    def _long_press_may_start(self, point: QPointF, modifiers: Qt.KeyboardModifier) -> bool:
        """A press on empty map ground, with Select and Move and no modifier key."""
        scene = self._scene
        return (
            scene.tool_id == "select"
            and modifiers == Qt.KeyboardModifier.NoModifier
            and scene.board.contains(scene.geometry.hex_at(point))
            and scene.token_item_at(point) is None
        )

    def _move(self, event: QMouseEvent) -> None:
        position = event.position().toPoint()
        if self._pressed_at is not None and (position - self._pressed_at).manhattanLength() > (
            STILL_PX
        ):
            self._pressed_at = None
            self._long_press.stop()  # a drag (the rubber band), not a long press
        if self._held:
            self._overlay.trail_to(self._view.mapToScene(position))

    def _on_long_press(self) -> None:
        pressed, self._pressed_at = self._pressed_at, None
        if pressed is None:
            return
        self._scene.tool.cancel()  # the rubber band the press began: a ping, not a selection
        self.ping_at(self._view.mapToScene(pressed))
