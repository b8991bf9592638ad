"""The rules panels of the main window: the Area tool and its dock, the Measure tool, the
Inspector (Crowded, Reach, Concealment) and the Rules Options dialog.

The window owns one :class:`RulesPanels`; menu entries call its methods by dotted name
(``"rules.aim_area"``), like :class:`~app.shell.features.tokens.TokenTools`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from app.tools.area import AreaSettings, AreaTool
from app.tools.measure import MeasureTool
from app.widgets.docks.areas import AreaDock
from app.widgets.docks.inspector import InspectorDock
from rules import AreaResult

if TYPE_CHECKING:
    from app.document import MapDocument
    from app.shell.main_window import MainWindow


class RulesPanels:
    """Builds and connects the Areas and Inspector docks and the rules tools."""

    def __init__(self, window: MainWindow):
        self._window = window
        self.area_settings = AreaSettings()
        self.area_dock = AreaDock(self.area_settings, window)
        self.inspector_dock = InspectorDock(window.scene, window)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        window.addDockWidget(right, self.inspector_dock)
        window.addDockWidget(right, self.area_dock)
        window.tabifyDockWidget(self.inspector_dock, self.area_dock)
        self.area_dock.hide()  # shown when the Area tool starts
        self.inspector_dock.raise_()
        self._connect()

    def _connect(self) -> None:
        dock, scene = self.area_dock, self._window.scene
        dock.settings_changed.connect(self._on_settings_changed)
        dock.aim_requested.connect(self.aim_area)
        dock.delete_requested.connect(self._window.controller.delete_area)
        dock.hit_hovered.connect(self._on_hit_hovered)
        scene.selection_changed.connect(self._on_selection_changed)

    def watch(self, document: MapDocument) -> None:
        """Follow ``document`` (at start and after opening another map): the live Area
        preview and the pinned list follow every change, undo/redo and Rules Options."""
        self.area_dock.watch(document)
        self.inspector_dock.watch(document)
        document.changed.connect(self._on_document_changed)

    # -- tools ---------------------------------------------------------------------------
    def area_tool(self) -> AreaTool | None:
        """The Area tool if it is active."""
        tool = self._window.scene.tool
        return tool if isinstance(tool, AreaTool) else None

    def aim_area(self) -> AreaTool:
        """Rules → Area Template: aim from the selected token (if exactly one)."""
        window = self._window
        tool = self.area_tool() or AreaTool(
            window.scene, window.controller, self.area_settings, self._on_result
        )
        window.scene.set_tool(tool)
        selection = window.scene.selection
        tool.set_caster(selection[0] if len(selection) == 1 else None)
        self._show_caster(tool)
        self.area_dock.show()
        self.area_dock.raise_()
        window.statusBar().showMessage(
            "Area tool: move to place the origin, click (twice for Line/Cone) to pin; "
            "←/→ rotate, Shift+wheel or +/− change the value, Esc cancels",
            6000,
        )
        return tool

    def measure(self) -> MeasureTool:
        """Rules → Measure: a ruler between hexes or tokens, with waypoints."""
        tool = MeasureTool(self._window.scene)
        self._window.scene.set_tool(tool)
        self._window.statusBar().showMessage(
            "Measure: click to start, click to add waypoints, double-click or Enter ends, "
            "Backspace removes a waypoint, Esc clears",
            6000,
        )
        return tool

    def rule_options(self) -> bool:
        """Rules → Rules Options…: every named option, per map, as one undo step."""
        from app.widgets.dialogs.options import edit_rule_options

        return edit_rule_options(self._window)

    # -- slots ---------------------------------------------------------------------------
    def _on_result(self, result: AreaResult | None) -> None:
        tool = self.area_tool()
        on = tool.source_name(result) if tool is not None and result is not None else None
        self.area_dock.show_result(result, on)
        self.area_dock.sync_from_settings()

    def _on_document_changed(self, change: object) -> None:
        tool = self.area_tool()
        if tool is not None:
            tool.follow_document()
            self._show_caster(tool)

    def _on_settings_changed(self) -> None:
        tool = self.area_tool()
        if tool is not None:
            tool.settings_changed()

    def _on_selection_changed(self, ids: list[str]) -> None:
        tool = self.area_tool()
        if tool is not None:
            tool.set_caster(ids[0] if len(ids) == 1 else None)
            self._show_caster(tool)

    def _show_caster(self, tool: AreaTool) -> None:
        caster = self._window.document.board.tokens.get(tool.caster or "")
        self.area_dock.set_caster_name(caster.name if caster is not None else None)

    def _on_hit_hovered(self, token_id: str | None) -> None:
        tool = self.area_tool()
        if tool is None:
            return
        board = self._window.document.board
        token = board.tokens.get(token_id) if token_id else None
        tool.highlight(token.footprint if token is not None else frozenset())
