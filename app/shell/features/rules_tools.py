"""RulesToolsFeature: the rules' answers on the map — the Area tool and its dock, the
Measure tool, the Inspector (Crowded, Reach, Concealment) and the Rules Options dialog.

Menu entries call its methods by dotted name (``"rules.aim_area"``), like
:class:`~app.shell.features.tokens.TokensFeature`. The live Area preview and the pinned
list follow every change of the open map, undo/redo and Rules Options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.controllers.token_state import TokenStateController
from app.shell.deferred import Deferred
from app.shell.workbench import Workbench
from app.tools.area import AreaSettings, AreaTool
from app.widgets.docks.inspector import InspectorDock

if TYPE_CHECKING:
    from app.tools.measure import MeasureTool
    from app.widgets.docks.areas import AreaDock
    from rules import AreaResult, Hex
    from rules.areas import AreaTemplate


class RulesToolsFeature:
    """Builds and connects the Areas and Inspector docks and the rules tools. The Areas
    dock, hidden at start, is built on first use (:attr:`area_dock`, :attr:`deferred_areas`)."""

    def __init__(self, bench: Workbench):
        self._bench = bench
        self.area_settings = AreaSettings()
        self.settings_followers: list[Callable[[], None]] = []
        """Called after the Areas dock changed :attr:`area_settings` (the Best Aim lens)."""
        self.token_state = TokenStateController(bench.current, bench.parent)
        self.token_state.refused.connect(bench.status.refuse)
        self.token_state.informed.connect(bench.status.say)
        self.inspector_dock = InspectorDock(
            bench.current, bench.scene, self.token_state, bench.parent
        )
        bench.docks.add_dock(self.inspector_dock)
        self.inspector_dock.raise_()
        self.deferred_areas: Deferred[AreaDock] = Deferred(self._build_area_dock)
        bench.scene.selection_changed.connect(self._on_selection_changed)
        bench.current.changed.connect(self._on_document_changed)

    @property
    def area_dock(self) -> AreaDock:
        """The Areas dock (built the first time it is asked for)."""
        return self.deferred_areas.get()

    def _build_area_dock(self) -> AreaDock:
        """The Areas dock, hidden in a tab over the Inspector (shown when the Area tool
        starts), connected."""
        from app.widgets.docks.areas import AreaDock

        bench = self._bench
        dock = AreaDock(bench.current, self.area_settings, bench.parent)
        bench.docks.add_dock(dock)
        dock.hide()
        bench.docks.tabify(self.inspector_dock, dock)
        dock.settings_changed.connect(self._on_settings_changed)
        dock.aim_requested.connect(self.aim_area)
        dock.delete_requested.connect(bench.controller.delete_area)
        dock.hit_hovered.connect(self._on_hit_hovered)
        return dock

    # -- tools ---------------------------------------------------------------------------
    def area_tool(self) -> AreaTool | None:
        """The Area tool if it is active."""
        tool = self._bench.scene.tool
        return tool if isinstance(tool, AreaTool) else None

    def aim_area(self) -> AreaTool:
        """Rules → Area Template: aim from the selected token (if exactly one)."""
        bench = self._bench
        tool = self.area_tool() or AreaTool(
            bench.scene, bench.controller, self.area_settings, self._on_result
        )
        bench.scene.set_tool(tool)
        selection = bench.scene.selection
        tool.set_caster(selection[0] if len(selection) == 1 else None)
        self._show_caster(tool)
        self.area_dock.show()
        self.area_dock.raise_()
        bench.status.say(
            "Area tool: move to place the origin, click (twice for Line/Cone) to pin; "
            "←/→ rotate, Shift+wheel or +/− change the value, Esc goes back to Select",
            6000,
        )
        return tool

    def aim_template(self, template: AreaTemplate, held_at: Hex | None = None) -> AreaTool:
        """Aim the Area tool at ``template`` (a Best Aim ghost clicked on ``held_at``):
        the Areas dock shows its hits; Enter or a second click pins it."""
        tool = self.aim_area()
        tool.aim_at(template, held_at)
        self.area_dock.sync_from_settings()
        self._bench.status.say(
            "Aimed where the lens showed: Enter or click again to pin it, move to re-aim", 6000
        )
        return tool

    def measure(self) -> MeasureTool:
        """Rules → Measure: a ruler between hexes or tokens, with waypoints."""
        from app.tools.measure import MeasureTool

        tool = MeasureTool(self._bench.scene)
        self._bench.scene.set_tool(tool)
        self._bench.status.say(
            "Measure: click to start, click to add waypoints, double-click or Enter ends, "
            "Backspace removes a waypoint, Esc goes back to Select",
            6000,
        )
        return tool

    def rule_options(self) -> bool:
        """Rules → Rules Options…: every named option, per map, as one undo step."""
        from app.widgets.dialogs.options import edit_rule_options

        return edit_rule_options(self._bench.controller, self._bench.parent)

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
        for follow in self.settings_followers:
            follow()

    def _on_selection_changed(self, ids: list[str]) -> None:
        tool = self.area_tool()
        if tool is not None:
            tool.set_caster(ids[0] if len(ids) == 1 else None)
            self._show_caster(tool)

    def _show_caster(self, tool: AreaTool) -> None:
        caster = self._bench.current.board.tokens.get(tool.caster or "")
        self.area_dock.set_caster_name(caster.name if caster is not None else None)

    def _on_hit_hovered(self, token_id: str | None) -> None:
        tool = self.area_tool()
        if tool is None:
            return
        board = self._bench.current.board
        token = board.tokens.get(token_id) if token_id else None
        tool.highlight(token.footprint if token is not None else frozenset())
