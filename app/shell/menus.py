"""Menus and shortcuts declared as data, in one table (STYLE.md principle 10).

Each :class:`ActionSpec` names the menu it sits in, its text, shortcut, tooltip and the
name of the handler method on the object that builds the actions (the main window).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

Shortcut = QKeySequence.StandardKey | str | None


@dataclass(frozen=True)
class ActionSpec:
    """One menu command."""

    id: str
    menu: str
    text: str
    handler: str
    shortcut: Shortcut = None
    tip: str = ""


SEPARATOR = "-"

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "file.new",
        "&File",
        "&New Map…",
        "files.new_map_dialog",
        QKeySequence.StandardKey.New,
        "Start an empty map",
    ),
    ActionSpec(
        "file.open",
        "&File",
        "&Open…",
        "files.open_dialog",
        QKeySequence.StandardKey.Open,
        "Open a .hexmap file",
    ),
    ActionSpec("file.recent", "&File", "Open &Recent", "", None, "Maps opened lately"),
    ActionSpec("file.sep1", "&File", SEPARATOR, ""),
    ActionSpec(
        "file.save",
        "&File",
        "&Save",
        "files.save",
        QKeySequence.StandardKey.Save,
        "Save the map (atomically: a failed save keeps the old file)",
    ),
    ActionSpec(
        "file.save_as",
        "&File",
        "Save &As…",
        "files.save_as_dialog",
        QKeySequence.StandardKey.SaveAs,
        "Save the map under another name",
    ),
    ActionSpec(
        "file.export",
        "&File",
        "&Export…",
        "files.export_dialog",
        "Ctrl+E",
        "Export the GM or player view as PNG, PDF (print sizes, true scale) or SVG",
    ),
    ActionSpec("file.sep2", "&File", SEPARATOR, ""),
    ActionSpec(
        "file.quit",
        "&File",
        "&Quit",
        "close",
        QKeySequence.StandardKey.Quit,
        "Close Hexweave (asks before losing changes)",
    ),
    # Undo and redo come from the QUndoGroup (they follow the open document's stack).
    ActionSpec("edit.undo", "&Edit", "", "", QKeySequence.StandardKey.Undo, "Undo the last edit"),
    ActionSpec("edit.redo", "&Edit", "", "", QKeySequence.StandardKey.Redo, "Redo"),
    ActionSpec(
        "edit.history",
        "&Edit",
        "Undo &History",
        "",
        "Ctrl+H",
        "Show every edit; click one to go back to it",
    ),
    ActionSpec("edit.sep1", "&Edit", SEPARATOR, ""),
    ActionSpec(
        "edit.map_properties",
        "&Edit",
        "&Map Properties…",
        "map_properties_dialog",
        "Ctrl+Shift+P",
        "Name, size and orientation of the map (every hex is 5 ft)",
    ),
    ActionSpec(
        "edit.cut",
        "&Edit",
        "Cu&t",
        "cut_selection",
        QKeySequence.StandardKey.Cut,
        "Copy the selected tokens and delete them",
    ),
    ActionSpec(
        "edit.copy",
        "&Edit",
        "&Copy",
        "copy_selection",
        QKeySequence.StandardKey.Copy,
        "Copy the selected tokens (paste them here or into another map)",
    ),
    ActionSpec(
        "edit.paste",
        "&Edit",
        "&Paste",
        "paste",
        QKeySequence.StandardKey.Paste,
        "Paste copied tokens at the hex under the mouse",
    ),
    ActionSpec(
        "edit.duplicate",
        "&Edit",
        "D&uplicate",
        "tokens.duplicate",
        "Ctrl+D",
        "Copies of the selected tokens, placed beside them",
    ),
    ActionSpec(
        "edit.token_properties",
        "&Edit",
        "Token &Properties…",
        "tokens.properties",
        "Ctrl+Return",
        "Name, size, side, picture, footprint and stats of the selected token",
    ),
    ActionSpec(
        "edit.delete",
        "&Edit",
        "&Delete Token",
        "delete_selection",
        QKeySequence.StandardKey.Delete,
        "Delete the selected tokens",
    ),
    ActionSpec(
        "view.zoom_in",
        "&View",
        "Zoom &In",
        "zoom_in",
        QKeySequence.StandardKey.ZoomIn,
        "Closer (or the mouse wheel)",
    ),
    ActionSpec(
        "view.zoom_out",
        "&View",
        "Zoom &Out",
        "zoom_out",
        QKeySequence.StandardKey.ZoomOut,
        "Farther (or the mouse wheel)",
    ),
    ActionSpec(
        "view.fit", "&View", "&Fit to Window", "fit_to_window", "Ctrl+0", "Show the whole map"
    ),
    ActionSpec("view.sep1", "&View", SEPARATOR, ""),
    ActionSpec(
        "view.terrain",
        "&View",
        "&Terrain Palette",
        "",
        "Ctrl+T",
        "Paint tools, terrain values and the legend",
    ),
    ActionSpec(
        "view.notes",
        "&View",
        "&Labels and Notes",
        "",
        "Ctrl+L",
        "Labels on the map and notes on hexes or tokens",
    ),
    ActionSpec(
        "view.library",
        "&View",
        "Token &Library",
        "",
        "Ctrl+Shift+L",
        "Creature and object templates: drag one onto the map",
    ),
    ActionSpec(
        "view.areas",
        "&View",
        "&Areas Panel",
        "",
        "Ctrl+Shift+A",
        "Area shape, value, the subjects hit and the pinned templates",
    ),
    ActionSpec(
        "view.inspector",
        "&View",
        "&Inspector",
        "",
        "Ctrl+I",
        "The selected token's Reach, Crowded Tier and Concealment",
    ),
    ActionSpec(
        "view.tracker",
        "&View",
        "&Turn Order",
        "",
        "Ctrl+Shift+T",
        "Priority: add creatures, roll Zeal, Next Turn (F9), Wait, the rolls due",
    ),
    ActionSpec(
        "view.roll_log",
        "&View",
        "&Roll Log and Dice",
        "",
        "Ctrl+Shift+D",
        "Every roll with its faces, result, DL and breakdown; a free d12 roller with its odds",
    ),
    ActionSpec(
        "view.player",
        "&View",
        "&Player Window",
        "",
        "F5",
        "A clean view for the players: share it on a call or show it on a second screen",
    ),
    ActionSpec(
        "view.player_pause",
        "&View",
        "Pa&use Player View",
        "",
        "Shift+F5",
        "Freeze the players' picture while you prepare (the GM's status bar says so)",
    ),
    ActionSpec(
        "rules.area",
        "&Rules",
        "&Area Template",
        "rules.aim_area",
        "A",
        "Aim a Line, Cone, Burst or Aura from the selected token and pin it (A)",
    ),
    ActionSpec(
        "rules.measure",
        "&Rules",
        "&Measure",
        "rules.measure",
        "M",
        "Distance in spaces and feet between hexes or tokens, with waypoints (M)",
    ),
    ActionSpec(
        "rules.select",
        "&Rules",
        "&Select and Move",
        "select_tool",
        None,
        "Back to selecting and moving tokens (the Terrain dock's Select, S)",
    ),
    ActionSpec("rules.sep1", "&Rules", SEPARATOR, ""),
    ActionSpec(
        "rules.options",
        "&Rules",
        "Rules &Options…",
        "rules.rule_options",
        "Ctrl+Shift+O",
        "The named rule options of this map: every ambiguous rule, its default and source",
    ),
    ActionSpec("help.about", "&Help", "&About Hexweave", "about", None),
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
    """Create the menus in ``menubar`` from :data:`ACTIONS`.

    Handlers are methods of ``owner``; ``specials`` supplies ready-made actions or menus
    for the entries without a handler (undo/redo, recent files, dock toggles).
    """
    menus: dict[str, QMenu] = {}
    actions: dict[str, QAction] = {}
    for spec in ACTIONS:
        menu = menus.get(spec.menu) or menubar.addMenu(spec.menu)
        menus[spec.menu] = menu
        if spec.text == SEPARATOR:
            menu.addSeparator()
            continue
        special = specials.get(spec.id)
        if isinstance(special, QMenu):
            menu.addMenu(special)
            continue
        action = special if special is not None else QAction(spec.text, owner)
        if spec.shortcut is not None:
            action.setShortcut(QKeySequence(spec.shortcut))
        if spec.tip:
            action.setToolTip(spec.tip)
            action.setStatusTip(spec.tip)
        if spec.handler:
            handler = _resolve(owner, spec.handler)
            action.triggered.connect(lambda _checked=False, h=handler: h())
        action.setObjectName(spec.id)
        menu.addAction(action)
        owner.addAction(action)
        actions[spec.id] = action
    return actions
