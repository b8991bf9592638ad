"""Token features of the main window: the library dock, drops of templates, duplicate and
the properties dialog — assembled here so the main window stays an assembler."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow

from app.controllers.tokens import TokenActions
from app.document.session import Session
from app.scene.map_scene import MapScene
from app.widgets.docks.library import LibraryDock, default_user_library, selected_token_source
from app.widgets.map_drop import center_hex, handle_template_drop
from app.widgets.map_view import MapView

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


class TokenTools(QObject):
    """Owns the token library dock and the token actions of one main window."""

    def __init__(self, window: QMainWindow, session: Session, scene: MapScene, view: MapView):
        super().__init__(window)
        self._window, self._scene, self._view = window, scene, view
        self.actions = TokenActions(lambda: session.document, self)
        self.library_dock = LibraryDock(
            default_user_library(), window, selected_token=selected_token_source(scene)
        )
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.library_dock)
        for other in window.findChildren(QDockWidget):
            if other is not self.library_dock and window.dockWidgetArea(other) == RIGHT:
                window.tabifyDockWidget(other, self.library_dock)
        self.library_dock.raise_()
        self.library_dock.template_activated.connect(self._place_in_the_middle)

    def _place_in_the_middle(self, template: object) -> None:
        anchor = center_hex(self._view)
        if anchor is not None:
            self.actions.add_from_template(template, anchor)  # type: ignore[arg-type]

    def drop(self, event: QDropEvent) -> bool:
        """Place a template dragged from the library; False if the drop is not one."""
        return handle_template_drop(
            self._view, event, self.library_dock.template, self.actions, source=self._window
        )

    def duplicate(self) -> None:
        """Edit → Duplicate (Ctrl + D): copies of the selected tokens beside them."""
        new_ids = self.actions.duplicate(self._scene.selection)
        if new_ids:
            self._scene.set_selection(new_ids)

    def properties(self) -> None:
        """Edit → Token Properties…: name, size, side, picture, stats of the one selected."""
        from app.widgets.dialogs.token import edit_token_properties

        selection = self._scene.selection
        if len(selection) != 1:
            self.actions.refused.emit("Select one token to edit its properties")
            return
        edit_token_properties(self.actions, selection[0], self._window)
