"""Menus and shortcuts declared as data, in one table (STYLE.md principle 10).

The menu-command registry: each :class:`MenuCommand` names the menu it sits in, its text,
shortcut, tooltip and the dotted name of its handler on the object that builds the menus
(the main window and the features it owns: ``"edit.paste"`` is ``window.edit.paste``).
Not the game's actions (``rules.actions``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

Shortcut = QKeySequence.StandardKey | str | None


@dataclass(frozen=True)
class MenuCommand:
    """One menu command."""

    id: str
    menu: str
    text: str
    handler: str
    shortcut: Shortcut = None
    tip: str = ""


SEPARATOR = "-"

MENU_COMMANDS: tuple[MenuCommand, ...] = (
    MenuCommand(
        "file.new",
        "&File",
        "&New Map…",
        "files.new_map_dialog",
        QKeySequence.StandardKey.New,
        "Start an empty map",
    ),
    MenuCommand(
        "file.open",
        "&File",
        "&Open…",
        "files.open_dialog",
        QKeySequence.StandardKey.Open,
        "Open a .hexmap file",
    ),
    MenuCommand("file.recent", "&File", "Open &Recent", "", None, "Maps opened lately"),
    MenuCommand("file.sep1", "&File", SEPARATOR, ""),
    MenuCommand(
        "file.save",
        "&File",
        "&Save",
        "files.save",
        QKeySequence.StandardKey.Save,
        "Save the map (atomically: a failed save keeps the old file)",
    ),
    MenuCommand(
        "file.save_as",
        "&File",
        "Save &As…",
        "files.save_as_dialog",
        QKeySequence.StandardKey.SaveAs,
        "Save the map under another name",
    ),
    MenuCommand(
        "file.export",
        "&File",
        "&Export…",
        "files.export_dialog",
        "Ctrl+E",
        "Export the GM or player view as PNG, PDF (print sizes, true scale) or SVG",
    ),
    MenuCommand(
        "file.import_picture",
        "&File",
        "Import &Battle-map Picture…",
        "pictures.import_dialog",
        "Ctrl+Shift+I",
        "Use a PNG, JPEG or WebP picture as the map's background",
    ),
    MenuCommand("file.sep2", "&File", SEPARATOR, ""),
    MenuCommand(
        "file.quit",
        "&File",
        "&Quit",
        "close",
        QKeySequence.StandardKey.Quit,
        "Close Hexweave (asks before losing changes)",
    ),
    # Undo and redo come from the QUndoGroup (they follow the open document's stack).
    MenuCommand("edit.undo", "&Edit", "", "", QKeySequence.StandardKey.Undo, "Undo the last edit"),
    MenuCommand("edit.redo", "&Edit", "", "", QKeySequence.StandardKey.Redo, "Redo"),
    MenuCommand(
        "edit.history",
        "&Edit",
        "Undo &History",
        "",
        "Ctrl+H",
        "Show every edit; click one to go back to it",
    ),
    MenuCommand("edit.sep1", "&Edit", SEPARATOR, ""),
    MenuCommand(
        "edit.map_properties",
        "&Edit",
        "&Map Properties…",
        "edit.map_properties_dialog",
        "Ctrl+Shift+P",
        "Name, size and orientation of the map (every hex is 5 ft)",
    ),
    MenuCommand(
        "edit.cut",
        "&Edit",
        "Cu&t",
        "edit.cut_selection",
        QKeySequence.StandardKey.Cut,
        "Copy the selected tokens and delete them",
    ),
    MenuCommand(
        "edit.copy",
        "&Edit",
        "&Copy",
        "edit.copy_selection",
        QKeySequence.StandardKey.Copy,
        "Copy the selected tokens (paste them here or into another map)",
    ),
    MenuCommand(
        "edit.paste",
        "&Edit",
        "&Paste",
        "edit.paste",
        QKeySequence.StandardKey.Paste,
        "Paste copied tokens at the hex under the mouse",
    ),
    MenuCommand(
        "edit.duplicate",
        "&Edit",
        "D&uplicate",
        "tokens.duplicate",
        "Ctrl+D",
        "Copies of the selected tokens, placed beside them",
    ),
    MenuCommand(
        "edit.token_properties",
        "&Edit",
        "Token &Properties…",
        "tokens.properties",
        "Ctrl+Return",
        "Name, size, side, picture, footprint and stats of the selected token",
    ),
    MenuCommand(
        "edit.delete",
        "&Edit",
        "&Delete Token",
        "edit.delete_selection",
        QKeySequence.StandardKey.Delete,
        "Delete the selected tokens",
    ),
    MenuCommand(
        "view.zoom_in",
        "&View",
        "Zoom &In",
        "zoom_in",
        QKeySequence.StandardKey.ZoomIn,
        "Closer (or the mouse wheel)",
    ),
    MenuCommand(
        "view.zoom_out",
        "&View",
        "Zoom &Out",
        "zoom_out",
        QKeySequence.StandardKey.ZoomOut,
        "Farther (or the mouse wheel)",
    ),
    MenuCommand(
        "view.fit", "&View", "&Fit to Window", "fit_to_window", "Ctrl+0", "Show the whole map"
    ),
    MenuCommand("view.sep1", "&View", SEPARATOR, ""),
    MenuCommand(
        "view.terrain",
        "&View",
        "&Terrain Palette",
        "",
        "Ctrl+T",
        "Paint tools, terrain values and the legend",
    ),
    MenuCommand(
        "view.notes",
        "&View",
        "&Labels and Notes",
        "",
        "Ctrl+L",
        "Labels on the map and notes on hexes or tokens",
    ),
    MenuCommand(
        "view.library",
        "&View",
        "Token &Library",
        "",
        "Ctrl+Shift+L",
        "Creature and object templates: drag one onto the map",
    ),
    MenuCommand(
        "view.areas",
        "&View",
        "&Areas Panel",
        "",
        "Ctrl+Shift+A",
        "Area shape, value, the subjects hit and the pinned templates",
    ),
    MenuCommand(
        "view.inspector",
        "&View",
        "&Inspector",
        "",
        "Ctrl+I",
        "The selected token's Reach, Crowded Tier and Concealment",
    ),
    MenuCommand(
        "view.tracker",
        "&View",
        "&Turn Order",
        "",
        "Ctrl+Shift+T",
        "Priority: add creatures, roll Zeal, Next Turn (F9), Wait, the rolls due",
    ),
    MenuCommand(
        "view.roll_log",
        "&View",
        "&Roll Log and Dice",
        "",
        "Ctrl+Shift+D",
        "Every roll with its faces, result, DL and breakdown; a free d12 roller with its odds",
    ),
    MenuCommand(
        "view.player",
        "&View",
        "&Player Window",
        "",
        "F5",
        "A clean view for the players: share it on a call or show it on a second screen",
    ),
    MenuCommand(
        "view.player_pause",
        "&View",
        "Pa&use Player View",
        "",
        "Shift+F5",
        "Freeze the players' picture while you prepare (the GM's status bar says so)",
    ),
    MenuCommand(
        "view.battle_map",
        "&View",
        "&Battle Map",
        "",
        None,
        "Import a battle-map picture and fit the grid to it",
    ),
    MenuCommand(
        "rules.area",
        "&Rules",
        "&Area Template",
        "rules.aim_area",
        "A",
        "Aim a Line, Cone, Burst or Aura from the selected token and pin it (A)",
    ),
    MenuCommand(
        "rules.measure",
        "&Rules",
        "&Measure",
        "rules.measure",
        "M",
        "Distance in spaces and feet between hexes or tokens, with waypoints (M)",
    ),
    MenuCommand(
        "rules.select",
        "&Rules",
        "&Select and Move",
        "terrain.select_tool",
        None,
        "Back to selecting and moving tokens (the Terrain dock's Select, S)",
    ),
    MenuCommand("rules.sep1", "&Rules", SEPARATOR, ""),
    MenuCommand(
        "rules.options",
        "&Rules",
        "Rules &Options…",
        "rules.rule_options",
        "Ctrl+Shift+O",
        "The named rule options of this map: every ambiguous rule, its default and source",
    ),
    MenuCommand("help.about", "&Help", "&About Hexweave", "about", None),
)


def _resolve(owner: object, dotted: str) -> Callable[[], object]:
    """``owner.a.b`` for ``"a.b"``: handlers may live on helpers the window owns."""
    target = owner
    for part in dotted.split("."):
        target = getattr(target, part)
    return target  # type: ignore[return-value]


def build_menus(
    menubar: QMenuBar, owner: QWidget, specials: dict[str, QAction | QMenu]
) -> dict[str, QAction]:
    """Create the menus in ``menubar`` from :data:`MENU_COMMANDS`.

    Handlers are methods of ``owner``; ``specials`` supplies ready-made actions or menus
    for the entries without a handler (undo/redo, recent files, dock toggles).
    """
    menus: dict[str, QMenu] = {}
    actions: dict[str, QAction] = {}
    for command in MENU_COMMANDS:
        menu = menus.get(command.menu) or menubar.addMenu(command.menu)
        menus[command.menu] = menu
        if command.text == SEPARATOR:
            menu.addSeparator()
            continue
        special = specials.get(command.id)
        if isinstance(special, QMenu):
            menu.addMenu(special)
            continue
        action = special if special is not None else QAction(command.text, owner)
        if command.shortcut is not None:
            action.setShortcut(QKeySequence(command.shortcut))
        if command.tip:
            action.setToolTip(command.tip)
            action.setStatusTip(command.tip)
        if command.handler:
            handler = _resolve(owner, command.handler)
            action.triggered.connect(lambda _checked=False, h=handler: h())
        action.setObjectName(command.id)
        menu.addAction(action)
        owner.addAction(action)
        actions[command.id] = action
    return actions
