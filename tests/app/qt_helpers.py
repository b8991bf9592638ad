"""Small helpers shared by the app tests."""

from __future__ import annotations

import warnings
from typing import TypeVar

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget

T = TypeVar("T")


def png_bytes(color: str, size: int = 8) -> bytes:
    """A ``size``-pixel square PNG of one colour, as the bytes a map file would store."""
    picture = QImage(size, size, QImage.Format.Format_RGB32)
    picture.fill(QColor(color))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    picture.save(buffer, "PNG")
    return bytes(data.data())


def activate(window: QWidget) -> None:
    """Make ``window`` the active one at once, so keys reach its shortcuts (offscreen, the
    asynchronous activateWindow may take seconds once other windows were shown)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        QApplication.setActiveWindow(window)
    assert window.isActiveWindow()


def built(window: T) -> T:
    """``window`` with the parts built after the first paint (the deferred docks, the
    tour offer), as a user has it a moment after the start."""
    window.build_deferred()  # type: ignore[attr-defined]
    return window
