"""The Tools toolbar: one checkable button for each tool, showing the one active now, and
Esc back to Select from anywhere in the window.

The buttons are the menu entries' own actions (:data:`app.shell.menus.TOOL_COMMANDS`:
Rules → Select and Move, Measure, Area Template; Edit → Paint Brush, Line, Fill, Pick), made
checkable in one exclusive group, so a key, a menu, a button and the Terrain dock all
choose the same way. The check follows :attr:`MapScene.tool_changed
<app.scene.map_scene.MapScene.tool_changed>` — whoever changed the tool — and a tool
without a button (Jump, Shove, a target pick, grid fit) checks none.

Esc over the map goes to the scene (:meth:`MapScene.return_to_select
<app.scene.map_scene.MapScene.return_to_select>`); :class:`EscapeToSelect` does the same
for an Esc that reaches the window from a dock's button or list, never from a field being
typed in, and never from a dialog (a window of its own).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QTextEdit,
    QToolBar,
    QWidget,
)

from app.scene.map_scene import MapScene
from app.scene.tool import Tool
from app.shell.menus import TOOL_COMMANDS

__all__ = ["BUTTON_TEXT", "EscapeToSelect", "ToolBar"]

BUTTON_TEXT = {
    "select": "Select",
    "measure": "Measure",
    "area": "Area",
    "brush": "Brush",
    "line": "Line",
    "fill": "Fill",
    "pick": "Pick",
}
"""The short text of each tool's button (the menus keep the entries' full text)."""
CHECKED_STYLE = "QToolButton:checked { border: 2px solid palette(highlight); border-radius: 3px; }"
"""The active tool's button is framed (a shape, not only a shade)."""


class ToolBar:
    """The Tools toolbar of ``window``, over ``actions`` (the menu actions by id), that
    follows ``scene``'s active tool both ways; also installs :class:`EscapeToSelect`."""

    def __init__(self, window: QMainWindow, scene: MapScene, actions: dict[str, QAction]):
        self._scene = scene
        self.toolbar = QToolBar("Tools", window)
        self.toolbar.setObjectName("tools_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setStyleSheet(CHECKED_STYLE)
        self.toolbar.addWidget(QLabel(" Tool: "))
        self.group = QActionGroup(window)
        self.group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        for tool_id, command_id in TOOL_COMMANDS.items():
            action = actions[command_id]
            action.setCheckable(True)
            action.setIconText(BUTTON_TEXT[tool_id])
            self.group.addAction(action)
            self.toolbar.addAction(action)
            self.actions[tool_id] = action
        window.addToolBar(self.toolbar)
        self.group.triggered.connect(lambda _action: self.show_tool(scene.tool))
        scene.tool_changed.connect(self.show_tool)
        self.show_tool(scene.tool)
        self.escape = EscapeToSelect(window, scene)

    def checked_tool(self) -> str | None:
        """The tool id whose button is checked, or ``None``."""
        return next((k for k, a in self.actions.items() if a.isChecked()), None)

    def show_tool(self, _tool: Tool | None = None) -> None:
        """Check the active tool's button (none for a tool without one)."""
        action = self.actions.get(self._scene.tool_id)
        if action is not None:
            action.setChecked(True)
            return
        self.group.setExclusive(False)  # an exclusive group never unchecks its last one
        for other in self.actions.values():
            other.setChecked(False)
        self.group.setExclusive(True)


TYPING = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit)


class EscapeToSelect(QObject):
    """Esc anywhere in ``window`` (its docks, its toolbars) goes back to Select, as over the
    map — unless the focus is in a field being typed in. Dialogs are windows of their own:
    their Esc never reaches here."""

    def __init__(self, window: QWidget, scene: MapScene):
        super().__init__(window)
        self._scene = scene
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() != Qt.Key.Key_Escape or event.modifiers() or typing_now():
            return False
        self._scene.return_to_select()
        return True


def typing_now() -> bool:
    """True while the keyboard focus is in a text field (Esc there is the field's)."""
    focus = QApplication.focusWidget()
    if isinstance(focus, TYPING):
        return True
    return isinstance(focus, QComboBox) and focus.isEditable()
