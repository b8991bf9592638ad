"""PlayerInset: a small picture in a corner of the GM's map showing exactly what the Player
Window shows now (issue #17) — the map as the players see it, the blackout card, a frozen
picture while paused — so the GM never has to guess what is on the TV or the shared screen.

It is a scaled grab of the Player Window's picture (its central widget), standing over the
bottom-right corner of the GM's map view (clicks go through it to the map). Cheap: it
grabs only while shown, and only after something in the picture repaints, at most once
every :data:`REFRESH_MS` (a still picture costs nothing; a drag costs a few grabs a
second, not one a frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QHideEvent, QPixmap, QShowEvent
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QLabel, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from app.widgets.player_window import PlayerWindow

__all__ = ["INSET_WIDTH", "REFRESH_MS", "PlayerInset"]

INSET_WIDTH = 320  # pixels: a 1280×720 picture at a quarter
MAX_HEIGHT = 240
MARGIN = 8  # from the map view's corner
REFRESH_MS = 250  # at most four grabs a second
CLOSED_TEXT = "The Player Window is closed: the players see nothing of Hexweave."
NOT_BUILT_TEXT = "The Player Window is not open yet (View → Player Window, F5)."


class PlayerInset(QFrame):
    """A small frame over the corner of ``view`` (the GM's map view) picturing the Player
    Window's picture as it is now; hidden until shown."""

    def __init__(self, view: QAbstractScrollArea):
        super().__init__(view)
        self.setObjectName("player_inset")
        self.setFrameShape(QFrame.Shape.Box)
        self.setStyleSheet(
            "QFrame#player_inset { background: #202020; border: 2px solid #FFD21F; }"
            " QLabel { color: white; }"
        )
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # the map's clicks
        self.caption = QLabel("The players see:")
        self.picture = QLabel(NOT_BUILT_TEXT)
        self.picture.setObjectName("player_inset_picture")
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setWordWrap(True)
        self.picture.setFixedSize(INSET_WIDTH, INSET_WIDTH * 9 // 16)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 2, 4, 4)
        column.setSpacing(2)
        column.addWidget(self.caption)
        column.addWidget(self.picture)
        self._view = view
        view.installEventFilter(self)  # its new size: back to its corner
        self.player: PlayerWindow | None = None
        self.grabs = 0  # how many grabs were made (tests check it stays cheap)
        self._grabbing = False
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(REFRESH_MS)
        self._later.timeout.connect(self.refresh)
        self.hide()

    def _to_corner(self) -> None:
        self.adjustSize()
        area = self._view.viewport().geometry()  # in the view, inside its scroll bars
        x = max(area.left(), area.right() - self.width() - MARGIN)
        y = max(area.top(), area.bottom() - self.height() - MARGIN)
        self.move(x, y)
        self.raise_()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._to_corner()
        self.refresh()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._later.stop()

    def attach(self, player: PlayerWindow) -> None:
        """Picture ``player``'s picture from now on."""
        self.player = player
        self._watch(player.centralWidget())
        player.toggle_action.toggled.connect(self._schedule)  # shown or closed
        player.blackout_changed.connect(self._schedule)
        player.paused_changed.connect(self._schedule)
        self._schedule()

    def _watch(self, widget: QWidget | None) -> None:
        """Hear every repaint of ``widget`` and the widgets in it (and those added later)."""
        if widget is None:
            return
        for part in [widget, *widget.findChildren(QWidget)]:
            part.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._view:
            if kind == QEvent.Type.Resize and self.isVisible():
                self._to_corner()
        elif kind == QEvent.Type.Paint and not self._grabbing:
            self._schedule()
        elif kind == QEvent.Type.ChildAdded and isinstance(watched, QWidget):
            child = event.child()  # type: ignore[attr-defined]
            if isinstance(child, QWidget):
                self._watch(child)
        elif kind in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide):
            self._schedule()
        return False

    def _schedule(self, *_args: object) -> None:
        """Grab soon (coalescing a burst of repaints into one grab), if the inset is seen."""
        if self.isVisible() and not self._later.isActive():
            self._later.start()

    def refresh(self) -> None:
        """Show the Player Window's picture as it is now (or say that it is closed)."""
        self._later.stop()
        player = self.player
        if player is None:
            self._show_text(NOT_BUILT_TEXT)
            return
        picture = player.centralWidget()
        if not player.isVisible() or picture is None:
            self._show_text(CLOSED_TEXT)
            return
        self._grabbing = True
        try:
            grabbed = picture.grab()
        finally:
            self._grabbing = False
        self.grabs += 1
        self.picture.setPixmap(self._fitted(grabbed))

    def _fitted(self, grabbed: QPixmap) -> QPixmap:
        """``grabbed`` at the inset's width (a tall picture: its height capped)."""
        width, height = max(1, grabbed.width()), max(1, grabbed.height())
        room = QSize(INSET_WIDTH, min(MAX_HEIGHT, round(INSET_WIDTH * height / width)))
        if room != self.picture.size():
            self.picture.setFixedSize(room)
            self._to_corner()
        return grabbed.scaled(
            room, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
        )

    def _show_text(self, text: str) -> None:
        self.picture.setPixmap(QPixmap())
        self.picture.setText(text)

    def shown_image(self) -> QPixmap:
        """The picture the inset shows now (null while it shows a sentence)."""
        return self.picture.pixmap()
