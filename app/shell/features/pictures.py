"""PicturesFeature: the Battle Map dock — import a picture (File → Import Battle-map
Picture…, Ctrl+Shift+I, or a drop), fit the grid to it, nudge, scale and fade it — with its
picture controller; its menu entries are in :data:`app.shell.menus.MENU_COMMANDS`."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction

from app.controllers.pictures import PictureController, allow_picture_decoding
from app.shell.workbench import Workbench
from app.widgets.docks.picture import PictureDock

__all__ = ["PicturesFeature"]


class PicturesFeature:
    """Owns the Battle Map dock (in the dock column) and its :class:`PictureController`."""

    def __init__(self, bench: Workbench, settings: QSettings):
        allow_picture_decoding()  # the scene decodes the stored picture with Qt's global limit
        status = bench.status
        self.controller = PictureController(bench.current, bench.parent)
        self.dock = PictureDock(bench.scene, self.controller, settings, bench.parent)
        bench.docks.add_dock(self.dock)
        self.dock.tool_requested.connect(bench.scene.set_tool)
        self.controller.refused.connect(lambda text: status.refuse(text, 8000))
        self.controller.informed.connect(lambda text: status.say(text, 4000))
        self.dock.tool.status.connect(lambda text: text and status.say(text, 6000))

    def import_dialog(self) -> None:
        """File → Import Battle-map Picture…"""
        self.dock.import_dialog()

    def menus_built(self, actions: dict[str, QAction]) -> None:
        """Hand the dock its File → Import… action once the menus exist."""
        self.dock.import_action = actions["file.import_picture"]
