"""Menus and shortcuts declared as data, in one table (STYLE.md principle 10).

The menu-command registry: :data:`MENUS` is the menu bar, in order; each
:class:`MenuCommand` of :data:`MENU_COMMANDS` names the menu it sits in, its text,
shortcut, tooltip and the dotted name of its handler on the object that builds the menus
(the main window and the features it owns: ``"edit.paste"`` is ``window.edit.paste``).
Entries that depend on the map — the selected token's Movement choices, the selected
creature's actions — are added by the menu's ``filled_by`` handler after its fixed
entries; their keys are :data:`MOVEMENT_KEYS`.
Not the game's actions (``rules.actions``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

Shortcut = QKeySequence.StandardKey | str | None


@dataclass(frozen=True)
class Menu:
    """One menu of the menu bar: its title, object name, and the dotted name of the
    handler (called with the QMenu, once) that adds the entries generated from the map."""

    title: str
    name: str = ""
    filled_by: str = ""


@dataclass(frozen=True)
class MenuCommand:
    """One menu command: ``handler(*args)`` runs it; ``tip`` is its tooltip and status
    tip (only its status tip when ``tip_as_tooltip`` is false)."""

    id: str
    menu: str
    text: str
    handler: str
    shortcut: Shortcut = None
    tip: str = ""
    args: tuple[str, ...] = ()
    tip_as_tooltip: bool = True


SEPARATOR = "-"

MENUS: tuple[Menu, ...] = (
    Menu("&File"),
    Menu("&Edit"),
    Menu("&View"),
    Menu("&Rules"),
    Menu("T&urn"),
    Menu("&Movement", "movement_menu", "movement.fill_menu"),  # the selected token's choices
    Menu("&Actions", "actions_menu", "conflict.fill_menu"),  # the selected creature's actions
    Menu("&Help"),
)

MOVEMENT_KEYS: dict[str, str] = {
    "jump": "J",
    "fall": "Shift+F",
    "shove": "Shift+S",
    "posture.crouching": "C",
    "posture.prone": "P",
    "altitude.up": "Ctrl+PgUp",
    "altitude.down": "Ctrl+PgDown",
}
"""The keys of the Movement menu's choices, by choice id (the token's right-click menu
shows them too; the arrows and the keypad step the selected token)."""

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
    # Each Turn entry presses the Turn Order dock's button of that id (app.widgets.docks.
    # tracker.BUTTONS, same text and tip), so a refusal reads the same either way; the keys
    # live here so F9 works with the dock closed.
    MenuCommand(
        "turn.add",
        "T&urn",
        "Add Selected",
        "turns.press",
        "Ctrl+J",
        "Roll Zeal for the creatures selected on the map and "
        "add them (or give them the typed result)",
        ("add",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.remove",
        "T&urn",
        "Remove",
        "turns.press",
        "Ctrl+Shift+J",
        "Take the creature selected in the list out",
        ("remove",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.start",
        "T&urn",
        "Start",
        "turns.press",
        "F8",
        "Begin Round 1 with the highest Priority",
        ("start",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.end",
        "T&urn",
        "End Conflict",
        "turns.press",
        "Ctrl+Shift+F9",
        "Clear the turn order and the round (undoable)",
        ("end",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.next",
        "T&urn",
        "Next Turn",
        "turns.press",
        "F9",  # not Ctrl+Space: it toggles input methods on Linux and is Spotlight on macOS
        "End this turn and begin the next: Movement is "
        "refilled, durations tick, the rolls due are listed below",
        ("next",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.wait",
        "T&urn",
        "Wait",
        "turns.press",
        "Shift+F9",
        "The creature acting now skips its slot; it may Act Now after any later creature's turn",
        ("wait",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.act_now",
        "T&urn",
        "Act Now",
        "turns.press",
        "Ctrl+F9",
        "The waiting creature selected in the list acts now; its Priority position moves here",
        ("act_now",),
        tip_as_tooltip=False,
    ),
    MenuCommand(
        "turn.set_zeal",
        "T&urn",
        "Set Zeal",
        "turns.press",
        None,
        "Give the creature selected in the list the typed Zeal "
        "result (before the start only; it is re-sorted)",
        ("set_zeal",),
        tip_as_tooltip=False,
    ),
    MenuCommand("help.about", "&Help", "&About Hexweave", "about", None),
)


def _resolve(owner: object, dotted: str) -> Callable[..., object]:
    """``owner.a.b`` for ``"a.b"``: handlers may live on helpers the window owns."""
    target = owner
    for part in dotted.split("."):
        target = getattr(target, part)
    return target  # type: ignore[return-value]


def build_menus(
    menubar: QMenuBar, owner: QWidget, specials: dict[str, QAction | QMenu]
) -> dict[str, QAction]:
    """Create the menus of :data:`MENUS` in ``menubar``, with their entries from
    :data:`MENU_COMMANDS`, then the generated entries (each menu's ``filled_by``).

    Handlers are methods of ``owner`` (or of the features it owns, which must exist by
    now); ``specials`` supplies ready-made actions or menus for the entries without a
    handler (undo/redo, recent files, dock toggles).
    """
    menus = {spec.title: _add_menu(menubar, spec) for spec in MENUS}
    actions: dict[str, QAction] = {}
    for command in MENU_COMMANDS:
        if command.menu not in menus:
            raise ValueError(f"{command.id}: no menu {command.menu!r} in MENUS")
        action = _add_entry(menus[command.menu], command, owner, specials.get(command.id))
        if action is not None:
            actions[command.id] = action
    for spec in MENUS:
        if spec.filled_by:
            _resolve(owner, spec.filled_by)(menus[spec.title])
    return actions


def _add_menu(menubar: QMenuBar, spec: Menu) -> QMenu:
    menu = menubar.addMenu(spec.title)
    if spec.name:
        menu.setObjectName(spec.name)
    return menu


def _add_entry(
    menu: QMenu, command: MenuCommand, owner: QWidget, special: QAction | QMenu | None
) -> QAction | None:
    """Add ``command`` to ``menu`` (and its key to ``owner``); its action, if it has one."""
    if command.text == SEPARATOR:
        menu.addSeparator()
        return None
    if isinstance(special, QMenu):
        menu.addMenu(special)
        return None
    action = special if special is not None else QAction(command.text, owner)
    if command.shortcut is not None:
        action.setShortcut(QKeySequence(command.shortcut))
    if command.tip:
        if command.tip_as_tooltip:
            action.setToolTip(command.tip)
        action.setStatusTip(command.tip)
    if command.handler:
        handler = _resolve(owner, command.handler)
        action.triggered.connect(lambda _checked=False, h=handler, a=command.args: h(*a))
    action.setObjectName(command.id)
    menu.addAction(action)
    owner.addAction(action)
    return action
