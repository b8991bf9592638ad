"""TerrainFeature: the Terrain dock (paint tools, terrain values, the legend, the layers
shown) and the choice of the map's tool — Select and Move, or a paint shape. The dock's
tool buttons follow the scene's active tool, like the Tools toolbar
(:mod:`app.shell.tool_bar`); their keys are the menu entries' (:data:`~app.shell.menus.
TOOL_COMMANDS`)."""

from __future__ import annotations

from app.shell.menus import TOOL_COMMANDS, command_shortcut, shortcut_text
from app.shell.workbench import Workbench
from app.tools.paint import SHAPES, PaintSettings, PaintTool
from app.widgets.docks.terrain import TerrainDock

TOOLS = ("select", *SHAPES)  # the dock's tool buttons

__all__ = ["TerrainFeature"]


class TerrainFeature:
    """Owns the Terrain dock (first in the dock column) and the paint settings its tools share."""

    def __init__(self, bench: Workbench):
        self._bench = bench
        self.paint_settings = PaintSettings()
        keys = {tool: shortcut_text(command_shortcut(TOOL_COMMANDS[tool])) for tool in TOOLS}
        self.dock = TerrainDock(self.paint_settings, bench.parent, keys)
        bench.docks.add_dock(self.dock)
        self.dock.reveal_requested.connect(
            lambda radius: bench.status.say(bench.controller.reveal_around_party(radius), 5000)
        )
        self.dock.tool_chosen.connect(self.choose_tool)
        grid = bench.scene.grid_item
        self.dock.visibility_changed.connect(grid.set_hidden_layers)
        grid.set_hidden_layers(self.dock.hidden_layers())
        bench.scene.tool_changed.connect(lambda _tool: self.dock.show_tool(bench.scene.tool_id))
        self.dock.show_tool(bench.scene.tool_id)

    def choose_tool(self, tool_id: str) -> None:
        """Activate a tool by id: "select" or a paint shape ("brush", "line", "fill", "pick")."""
        scene = self._bench.scene
        if tool_id == "select":
            scene.set_tool(scene.select_tool)
            return
        tool = PaintTool(
            scene, self._bench.controller, self.paint_settings, tool_id, self.dock.show_settings
        )
        scene.set_tool(tool)
        self._bench.status.say(
            f"{tool_id.capitalize()} tool: click or drag to paint; Esc goes back to Select", 3000
        )

    def select_tool(self) -> None:
        """Rules → Select and Move."""
        self.choose_tool("select")
