"""Parts of the window hidden at start, built on first use so the map paints sooner.

A :class:`Deferred` builds its part the first time it is asked for (:meth:`Deferred.get`);
the main window asks for every one right after its first paint (:func:`after_first_paint`),
so they are ready before the user reaches them. Until then the View menu holds a stand-in
for the part's show/hide action (:func:`stand_in_toggle`), which builds the part when
triggered and then follows the part's own action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

__all__ = ["Deferred", "after_first_paint", "stand_in_toggle"]

T = TypeVar("T")


class Deferred(Generic[T]):
    """A part made by ``build`` the first time :meth:`get` is called, then kept."""

    def __init__(self, build: Callable[[], T]):
        self._build = build
        self._part: T | None = None
        self._built: list[Callable[[T], None]] = []

    def get(self) -> T:
        """The part, built now if it is not yet."""
        if self._part is None:
            self._part = self._build()
            for then in self._built:
                then(self._part)
        return self._part

    def if_built(self) -> T | None:
        """The part, or ``None`` if nothing asked for it yet."""
        return self._part

    def when_built(self, then: Callable[[T], None]) -> None:
        """Call ``then(part)`` once the part is built (now, if it is)."""
        if self._part is not None:
            then(self._part)
        else:
            self._built.append(then)


def stand_in_toggle(
    text: str, parent: QObject, part: Deferred[T], real: Callable[[T], QAction]
) -> QAction:
    """A checkable action called ``text`` (the real one's text) standing in for
    ``real(part)``, a show/hide action of a part not built yet: triggering it builds the
    part and triggers the real action if its check differs; from then on it has the real
    one's text, check and enabled state."""
    action = QAction(text, parent)
    action.setCheckable(True)

    def follow(built: T) -> None:
        shown = real(built)

        def copy() -> None:
            if not (isValid(action) and isValid(shown)):  # at exit, one goes first
                return
            action.setText(shown.text())
            action.setEnabled(shown.isEnabled())
            action.setChecked(shown.isChecked())

        shown.changed.connect(copy)
        shown.toggled.connect(action.setChecked)
        copy()

    def triggered(checked: bool) -> None:
        shown = real(part.get())
        if shown.isChecked() != checked:
            shown.trigger()

    part.when_built(follow)
    action.triggered.connect(triggered)
    return action


class _FirstPaint(QObject):
    def __init__(self, watched: QWidget, then: Callable[[], None]):
        super().__init__(watched)
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            then = self._then
            # Two turns of the event loop on: the turn that painted ends by putting the
            # picture on the screen, and timers due at once run in that same turn.
            QTimer.singleShot(0, lambda: QTimer.singleShot(0, then))
            self.deleteLater()
        return False


def after_first_paint(widget: QWidget, then: Callable[[], None]) -> None:
    """Call ``then()`` once the event loop is idle after ``widget`` first paints."""
    widget.installEventFilter(_FirstPaint(widget, then))
