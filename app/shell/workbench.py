"""Workbench: the explicit dependencies a feature is built with (never the whole window).

:class:`Workbench` holds the session and the open map (:class:`CurrentDocument`), the map
controller, the scene and view, a :class:`~app.widgets.host.DockHost`, a
:class:`~app.widgets.host.StatusSink`. The main window makes one and passes it, with any
other feature's dock a feature needs, to each feature; no feature builds menus (the
menu bar is :mod:`app.shell.menus`' table, built once every feature exists).

The window's docks stand in one column on the right, in two tab groups (:data:`DOCK_PLACES`:
preparing the map above, running the table below), so the map keeps most of a 1280×720
window; each dock's key brings its tab to the front (:func:`bring_forward_or_hide`).
"""

from __future__ import annotations

from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDockWidget,
    QFrame,
    QMainWindow,
    QProxyStyle,
    QScrollArea,
    QStatusBar,
    QStyle,
    QStyleOption,
    QTabBar,
    QWidget,
)

from app.controllers.map import MapController
from app.document.current import CurrentDocument
from app.document.session import Session
from app.scene.map_note import MapNote
from app.scene.map_scene import MapScene
from app.widgets.host import RIGHT, DockHost, StatusSink
from app.widgets.map_view import MapView

__all__ = [
    "COLUMN",
    "COLUMN_WIDTH",
    "DOCK_PLACES",
    "CompactTabs",
    "DockPlace",
    "DockToggles",
    "MainWindowDocks",
    "StatusBarSink",
    "Workbench",
    "bring_forward_or_hide",
    "in_front",
    "make_tabs_readable",
]

COLUMN = RIGHT
"""The one dock area the window's docks stand in."""

COLUMN_WIDTH = 340
"""The column's width on first start, in pixels: a 1280-pixel window keeps over 70% for
the map (the docks' contents scroll rather than widen it)."""

PREPARE, PLAY = 0, 1
"""The column's tab groups: preparing the map (above), running the table (below)."""


@dataclass(frozen=True)
class DockPlace:
    """Where a dock stands in the column: its tab group and its tab's short title (the
    View menu keeps the long name)."""

    group: int
    title: str


DOCK_PLACES: dict[str, DockPlace] = {
    "terrain_dock": DockPlace(PREPARE, "Terrain"),
    "library_dock": DockPlace(PREPARE, "Library"),
    "picture_dock": DockPlace(PREPARE, "Battle Map"),
    "notes_dock": DockPlace(PREPARE, "Notes"),
    "history_dock": DockPlace(PREPARE, "History"),
    "inspector_dock": DockPlace(PLAY, "Inspector"),
    "tracker_dock": DockPlace(PLAY, "Turns"),
    "roll_log_dock": DockPlace(PLAY, "Rolls"),
    "area_dock": DockPlace(PLAY, "Areas"),
    "movement_dock": DockPlace(PLAY, "Movement"),
    "action_dock": DockPlace(PLAY, "Action"),
}
"""Every dock by object name, in tab order; a dock not named here joins the lower group
under its own title."""

_DEFAULT_PLACE = DockPlace(PLAY, "")


@dataclass(frozen=True)
class Workbench:
    """What features are built with."""

    session: Session
    current: CurrentDocument
    controller: MapController
    scene: MapScene
    view: MapView
    docks: DockHost
    status: StatusSink

    @property
    def parent(self) -> QWidget:
        """The parent of docks, dialogs and actions (the window, as a widget)."""
        return self.docks.widget


class MainWindowDocks:
    """A :class:`~app.widgets.host.DockHost` over a QMainWindow's dock column: every dock
    goes to its tab group of :data:`DOCK_PLACES` (whatever area or tab a feature asks
    for, so no dock makes a second column), under its short title, its contents
    scrolling when the column is smaller than they are."""

    def __init__(self, window: QMainWindow):
        self._window = window

    @property
    def widget(self) -> QWidget:
        return self._window

    def docks(self) -> list[QDockWidget]:
        """The window's docks, in the order they were added."""
        return self._window.findChildren(
            QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
        )

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea = RIGHT) -> None:
        place = DOCK_PLACES.get(dock.objectName(), _DEFAULT_PLACE)
        if place.title:
            dock.setWindowTitle(place.title)
        _scroll_contents(dock)
        window = self._window
        if window.restoreDockWidget(dock):  # built after a saved layout named it
            return
        mates = [
            other
            for other in self.docks()
            if other is not dock
            and DOCK_PLACES.get(other.objectName(), _DEFAULT_PLACE).group == place.group
            and window.dockWidgetArea(other) == COLUMN
            and not other.isFloating()
        ]
        window.addDockWidget(COLUMN, dock, Qt.Orientation.Vertical)
        if mates:
            window.tabifyDockWidget(mates[0], dock)

    def tabify(self, first: QDockWidget, second: QDockWidget) -> None:
        if second.objectName() not in DOCK_PLACES:  # else :meth:`add_dock` placed it
            self._window.tabifyDockWidget(first, second)

    def tabify_with_column(self, dock: QDockWidget, area: Qt.DockWidgetArea = RIGHT) -> None:
        if dock.objectName() in DOCK_PLACES:  # :meth:`add_dock` placed it
            return
        window = self._window
        for other in self.docks():
            if other is not dock and window.dockWidgetArea(other) == COLUMN:
                window.tabifyDockWidget(other, dock)
                return

    def give_height(self, dock: QDockWidget, fraction: float) -> None:
        height = int(self._window.height() * fraction)
        self._window.resizeDocks([dock], [height], Qt.Orientation.Vertical)

    def add_shortcut(self, action: QAction) -> None:
        self._window.addAction(action)


def _scroll_contents(dock: QDockWidget) -> None:
    """Put ``dock``'s contents in a scroll area unless they scroll already, so a dock
    taller or wider than its place in the column scrolls instead of growing the column
    (or the window) over the map."""
    contents = dock.widget()
    if contents is None or isinstance(contents, QAbstractScrollArea):
        return
    scroll = QScrollArea(dock)
    scroll.setObjectName(f"{dock.objectName()}_scroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(contents)
    dock.setWidget(scroll)


# -- a dock's key ----------------------------------------------------------------------------
def _settle(window: QMainWindow) -> None:
    """Lay the window's docks out now (the tab groups as their docks are shown)."""
    layout = window.layout()
    if layout is not None:
        layout.activate()


def in_front(window: QMainWindow, dock: QDockWidget) -> bool:
    """True if ``dock`` is shown and no other dock's tab is over it.

    A tab group lays its docks behind the front one out of the window (Qt's dock layout);
    before the window is first shown, every dock not hidden counts as in front."""
    if dock.isHidden():
        return False
    if dock.isFloating() or not window.isVisible():
        return True
    _settle(window)  # the tabs as the docks are now
    return window.rect().intersects(dock.geometry())


def bring_forward_or_hide(window: QMainWindow, dock: QDockWidget) -> None:
    """What a dock's key does: a hidden dock is shown in front of its tab group; a shown
    one behind another tab comes to the front; the one in front is hidden. A dock brought
    forward takes the keyboard (its first field), so it can be used without the mouse."""
    if dock.isHidden():
        dock.show()
        _settle(window)  # its tab in its group's bar, to be raised
        dock.raise_()
        focus_first_field(dock)
    elif not in_front(window, dock):
        dock.raise_()
        focus_first_field(dock)
    else:
        dock.hide()


def focus_first_field(dock: QDockWidget) -> bool:
    """Give the keyboard to the first field of ``dock`` that takes Tab focus; False if it
    has none."""
    body = dock.widget()
    if body is None:
        return False
    for child in [body, *body.findChildren(QWidget)]:
        wants = child.focusPolicy() & Qt.FocusPolicy.TabFocus
        wrapper = isinstance(child, QScrollArea)  # the column's scroller, not a field
        if wants and not wrapper and child.isVisibleTo(dock) and child.isEnabled():
            child.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
    return False


class DockToggles:
    """A window's dock toggles (View menu entries): each one's trigger is
    :func:`bring_forward_or_hide` for its dock, and each is checked while its dock is in
    front (:func:`in_front`) — all of them kept so whenever any dock is shown, hidden or
    raised, since a dock's tab coming forward sends its neighbours back."""

    def __init__(self, window: QMainWindow):
        self._window = window
        self._toggles: dict[str, tuple[QAction, QDockWidget]] = {}
        self._refreshing = False
        self._later = QTimer(window)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self.refresh)

    def toggle(self, key: str, dock: QDockWidget, text: str) -> QAction:
        """The toggle ``key`` for ``dock``, called ``text`` (made on the first ask)."""
        if key in self._toggles:
            return self._toggles[key][0]
        action = QAction(text, self._window)
        action.setCheckable(True)
        self._toggles[key] = (action, dock)

        def triggered() -> None:
            bring_forward_or_hide(self._window, dock)
            self.refresh()

        action.triggered.connect(triggered)
        dock.toggleViewAction().toggled.connect(self.refresh)  # shown or hidden: now
        dock.visibilityChanged.connect(self._later.start)  # tabs changed: once they settle
        self.refresh()
        return action

    def watch(self, bar: QTabBar) -> None:
        """Follow ``bar``, a tab group's bar: a tab coming to the front checks its toggle."""
        if not bar.property("toggles_follow"):
            bar.setProperty("toggles_follow", True)
            bar.currentChanged.connect(self.refresh)

    def refresh(self, *_args: object) -> None:
        """Check each toggle whose dock is in front, uncheck the others."""
        window = self._window
        if self._refreshing or not shiboken6.isValid(window):  # within a refresh; at exit
            return
        self._refreshing = True
        try:
            for action, dock in self._toggles.values():
                if shiboken6.isValid(action) and shiboken6.isValid(dock):
                    action.setChecked(in_front(window, dock))
        finally:
            self._refreshing = False


# -- the tabs ---------------------------------------------------------------------------------
class CompactTabs(QProxyStyle):
    """The application's style with half its space around a tab's title, so the column's
    tabs fit side by side (the style is kept by the window: one for all its tab bars)."""

    def pixelMetric(
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        size = super().pixelMetric(metric, option, widget)
        if metric == QStyle.PixelMetric.PM_TabBarTabHSpace:
            return max(8, size // 2)
        return size


def make_tabs_readable(bar: QTabBar, style: QStyle) -> None:
    """Keep ``bar``'s titles whole: never elided (scroll arrows when the tabs are wider
    than the column), in the compact ``style``."""
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    bar.setUsesScrollButtons(True)
    if not bar.property("compact_tabs"):  # once: a new style polishes the bar again
        bar.setProperty("compact_tabs", True)
        bar.setStyle(style)


class StatusBarSink:
    """A :class:`~app.widgets.host.StatusSink` over a status bar; a refusal is also said on
    the map (``note``: beside the cursor or its token, until the next action)."""

    def __init__(self, bar: QStatusBar, note: MapNote | None = None):
        self._bar = bar
        self._note = note

    def refuse(self, reason: str, msecs: int = 6000, on_map: bool = True) -> None:
        self._bar.showMessage(f"⚠ {reason}", msecs)
        if on_map and self._note is not None:
            self._note.refuse(reason)

    def say(self, text: str, msecs: int = 4000) -> None:
        self._bar.showMessage(text, msecs)
