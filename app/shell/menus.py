"""Menus and shortcuts declared as data, in one table (STYLE.md principle 10).

The menu-command registry: :data:`MENUS` is the menu bar, in order; each
:class:`MenuCommand` of :data:`MENU_COMMANDS` names the menu it sits in, its text,
shortcut, tooltip and the dotted name of its handler on the object that builds the menus
(the main window and the features it owns: ``"edit.paste"`` is ``window.edit.paste``).
Entries that depend on the map — the selected token's Movement choices, the selected
creature's actions — are added by the menu's ``filled_by`` handler after its fixed
entries; their keys are :data:`MOVEMENT_KEYS`. The keys the tools read over the map (the
arrows, Area's [ ], +/−, the wheel…) are :data:`TOOL_KEYS`; Help → Keyboard Shortcuts lists
all of them from these tables (:func:`shortcut_groups`).

An entry with an ``available`` method is greyed, with the reason as its tooltip, while its
menu is shown and the method gives a reason; when the menu hides it is enabled again, so
its key still answers — with the same reason in the status bar.
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
    tip (only its status tip when ``tip_as_tooltip`` is false); ``available(*args)``, if
    named, says why it cannot run now (``None`` or ``""``: it can); ``checked``, if named,
    is the on/off state a checkable entry shows (read each time its menu opens)."""

    id: str
    menu: str
    text: str
    handler: str
    shortcut: Shortcut = None
    tip: str = ""
    args: tuple[str, ...] = ()
    tip_as_tooltip: bool = True
    available: str = ""
    checked: str = ""


@dataclass(frozen=True)
class KeyHint:
    """A key a tool reads over the map (not a menu entry): where it works, the keys as
    shown, and what they do."""

    group: str
    keys: str
    text: str


SEPARATOR = "-"

MENUS: tuple[Menu, ...] = (
    Menu("&File"),
    Menu("&Edit"),
    Menu("&View"),
    Menu("&Rules"),
    Menu("&Lens"),
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

ACTION_ROLL_KEY = "Ctrl+Shift+R"
"""Rolls the Action dock's action (a window key: it works with the dock in the back)."""

MAP_KEYS: dict[str, tuple[str, ...]] = {
    "next": ("Tab",),
    "previous": ("Shift+Tab", "Backtab"),
    "actor": (".",),
}
"""The map's keys by what they do (while the map view has focus): Tab the next creature or
target, Shift+Tab the previous one, ``.`` the creature whose turn it is."""

TOOL_KEYS: tuple[KeyHint, ...] = (
    KeyHint("Map", "Esc", "Cancel what the tool is doing and go back to Select (any tool)"),
    KeyHint("Map", "Mouse wheel", "Zoom about the mouse"),
    KeyHint("Map", "Space+drag, middle drag", "Pan the map"),
    KeyHint("Map", "Right-click a token", "Its Movement and Actions menu"),
    KeyHint(
        "Map",
        "Tab, Shift+Tab",
        "Next / previous creature (Priority order in a conflict), or target while picking",
    ),
    KeyHint("Map", ".", "Select the creature whose turn it is"),
    KeyHint(
        "Map",
        "G+click, long press on empty ground",
        "Ping a hex: it flashes on your map and on the Player View, then fades",
    ),
    KeyHint("Map", "Hold G, move the mouse", "Laser pointer: a fading trail on both windows"),
    KeyHint("Actions menu", "Alt+A, then the underlined letter", "Run an action (S: Strike)"),
    KeyHint(
        "Select tool",
        "← ↑ → ↓, keypad 1–9",
        "Step the selected token one space (Shift: the other of two equally near directions)",
    ),
    KeyHint("Select tool", "Shift+click, drag on empty ground", "Add to the selection"),
    KeyHint("Area tool", "Arrows, keypad", "Move the origin a space (before a Line/Cone is fixed)"),
    KeyHint("Area tool", "[ ], ← → once fixed", "Rotate a Line or Cone (12 facings)"),
    KeyHint("Area tool", "Enter", "Fix the origin, then pin"),
    KeyHint("Area tool", "Backspace", "Move the origin again"),
    KeyHint("Area tool", "+ −, Shift+wheel", "Raise or lower the Area value"),
    KeyHint("Area tool", "Click (twice for Line/Cone)", "Pin the template; right-click cancels"),
    KeyHint("Measure tool", "Click", "Start the ruler, then add a waypoint"),
    KeyHint("Measure tool", "Enter, double-click", "Finish the ruler"),
    KeyHint("Measure tool", "Backspace", "Take the last waypoint back"),
    KeyHint("Paint tools", "Drag", "Paint a stroke (one undo step); Esc cancels it"),
    KeyHint("Jump tool", "+ −", "Change the Jump result by 1"),
    KeyHint("Jump tool", "W", "Wait in the air (again: land)"),
    KeyHint("Shove tool", "← →, [ ], mouse", "Aim the Shove"),
    KeyHint("Shove tool", "+ −, wheel", "Spaces to shove"),
    KeyHint("Shove tool", "H, E", "Toggle the first hit; break free of a Hold"),
    KeyHint("Shove tool", "Enter, click", "Apply the Shove"),
    KeyHint("Picking a target", "Arrows (keypad for a space)", "Move the cursor to a choice"),
    KeyHint("Picking a target", "Tab, Shift+Tab", "Next / previous choice"),
    KeyHint("Picking a target", "Enter, click", "Pick it; right-click cancels"),
    KeyHint("Battle Map", "Ctrl+Shift+G", "Fit the grid to the picture (click hex centres)"),
    KeyHint("Battle Map", "Backspace, Enter", "Grid fit: take a click back; apply"),
    KeyHint("Battle Map", "Ctrl+Left, Ctrl+Right, Ctrl+Up, Ctrl+Down", "Move the picture 1 px"),
    KeyHint(
        "Battle Map",
        "Ctrl+Shift+Left, Ctrl+Shift+Right, Ctrl+Shift+Up, Ctrl+Shift+Down",
        "Move the picture 10 px",
    ),
    KeyHint("Battle Map", "Alt+-, Alt+=", "Picture 0.5 % smaller, larger"),
)
"""The keys the tools read over the map, for Help → Keyboard Shortcuts (the tools in
:mod:`app.tools` decide what a key does; a key added there is listed here)."""

TOOL_COMMANDS: dict[str, str] = {
    "select": "rules.select",
    "measure": "rules.measure",
    "area": "rules.area",
    "brush": "paint.brush",
    "line": "paint.line",
    "fill": "paint.fill",
    "pick": "paint.pick",
}
"""The menu command of each tool that has a button (by :attr:`MapScene.tool_id
<app.scene.map_scene.MapScene.tool_id>`), in the Tools toolbar's order."""

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
    MenuCommand(
        "file.import_uvtt",
        "&File",
        "Import &Universal VTT…",
        "files.import_uvtt_dialog",
        "Ctrl+Shift+U",
        "A new map from a Dungeondraft, Dungeon Alchemist or DungeonFog export (.dd2vtt, "
        ".uvtt, .df2vtt): its picture, walls, doors and lights",
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
        available="available.selection",
    ),
    MenuCommand(
        "edit.copy",
        "&Edit",
        "&Copy",
        "edit.copy_selection",
        QKeySequence.StandardKey.Copy,
        "Copy the selected tokens (paste them here or into another map)",
        available="available.selection",
    ),
    MenuCommand(
        "edit.paste",
        "&Edit",
        "&Paste",
        "edit.paste",
        QKeySequence.StandardKey.Paste,
        "Paste copied tokens at the hex under the mouse",
        available="available.clipboard",
    ),
    MenuCommand(
        "edit.duplicate",
        "&Edit",
        "D&uplicate",
        "tokens.duplicate",
        "Ctrl+D",
        "Copies of the selected tokens, placed beside them",
        available="available.selection",
    ),
    MenuCommand(
        "edit.token_properties",
        "&Edit",
        "Token &Properties…",
        "tokens.properties",
        "Ctrl+Return",
        "Name, size, side, picture, footprint and stats of the selected token",
        available="available.one_token",
    ),
    MenuCommand(
        "edit.delete",
        "&Edit",
        "&Delete Token",
        "edit.delete_selection",
        QKeySequence.StandardKey.Delete,
        "Delete the selected tokens",
        available="available.selection",
    ),
    MenuCommand(
        "edit.open_door",
        "&Edit",
        "&Open Door",
        "edit.open_door",
        "O",
        "Open the closed door under the mouse: its walls go and its label with them (one "
        "undo step; doors come from Universal VTT imports)",
        available="available.door",
    ),
    MenuCommand("edit.sep2", "&Edit", SEPARATOR, ""),
    MenuCommand(
        "paint.brush",
        "&Edit",
        "Paint &Brush",
        "terrain.choose_tool",
        "B",
        "Paint a disk of hexes with the Terrain dock's value; drag to paint a stroke (B)",
        ("brush",),
    ),
    MenuCommand(
        "paint.line",
        "&Edit",
        "Paint &Line",
        "terrain.choose_tool",
        "L",
        "Paint a straight line between two hexes (L)",
        ("line",),
    ),
    MenuCommand(
        "paint.fill",
        "&Edit",
        "Paint &Fill",
        "terrain.choose_tool",
        "F",
        "Fill the connected area of equal value (F)",
        ("fill",),
    ),
    MenuCommand(
        "paint.pick",
        "&Edit",
        "Pic&k Terrain Value",
        "terrain.choose_tool",
        "I",
        "Eyedropper: take the value under the mouse for the paint tools (I)",
        ("pick",),
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
    MenuCommand(
        "view.table_mode",
        "&View",
        "&Table Mode",
        "",
        "F10",
        "Hide every dock and the toolbar so the map gets the whole window (F10 again: back)",
    ),
    MenuCommand(
        "view.next_pane",
        "&View",
        "Next &Pane",
        "focus_next_pane",
        "F6",
        "Move the keyboard from the map to the docks in front and back (F6)",
    ),
    MenuCommand(
        "view.names",
        "&View",
        "&Name Plates",
        "tokens.toggle_name_plates",
        "N",
        "Show or hide every token's name on the map (N)",
        checked="tokens.name_plates_shown",
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
        "view.movement",
        "&View",
        "&Movement Steps",
        "",
        "Ctrl+Shift+M",
        "The last or live move's every step, its cost and why; Jump and Shove settings",
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
        "view.player_blackout",
        "&View",
        "Black&out Player View",
        "",
        "Ctrl+Shift+F5",
        "Show the players a dark screen with the map's name, nothing of the map "
        "(the GM's status bar says so)",
    ),
    MenuCommand(
        "view.player_inset",
        "&View",
        "Player View &Inset",
        "",
        None,
        "A small picture of exactly what the Player Window shows, in a corner of your map",
    ),
    MenuCommand(
        "view.show_players",
        "&View",
        "&Show the Players This",
        "pointer.show_players",
        "Ctrl+F6",
        "Put what your map view shows on the Player View, once (Follow stays as it is)",
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
        "S",
        "Select and move tokens; Esc comes back here from every tool (S)",
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
        "lens.threat",
        "&Lens",
        "&Threat",
        "lens.toggle_threat",
        "T",
        "Shade the spaces the selected creature's enemies can Strike or Hinder on their next "
        "turn, by how many; hover a space for who and how (T)",
        checked="lens.threat_shown",
    ),
    MenuCommand(
        "lens.cover",
        "&Lens",
        "&Cover",
        "lens.toggle_cover",
        "V",
        "Shade the spaces the selected creature can reach this turn by the Concealment it "
        "would have there from the enemies that can see it (V)",
        checked="lens.cover_shown",
    ),
    MenuCommand(
        "lens.aim",
        "&Lens",
        "Best &Aim",
        "lens.toggle_aim",
        "Shift+A",
        "Ghost templates of the Areas dock's Line, Cone or Burst where it hits the most "
        "enemies and the fewest allies; click one to aim there (Shift+A)",
        checked="lens.aim_shown",
    ),
    MenuCommand(
        "lens.path",
        "&Lens",
        "&Safest Path",
        "lens.toggle_path",
        "Shift+P",
        "To the space under the mouse: the cheapest path, and the one past the fewest "
        "creatures that may Hinder it, with both costs (Shift+P)",
        checked="lens.path_shown",
    ),
    MenuCommand("lens.sep1", "&Lens", SEPARATOR, ""),
    MenuCommand(
        "lens.players",
        "&Lens",
        "Show on &Player View",
        "lens.toggle_players",
        None,
        "Also show the lenses on the Player View, as the rules answer on the players' map "
        "(hidden creatures and fogged spaces left out); off: your map only",
        checked="lens.players_shown",
    ),
    MenuCommand(
        "lens.off",
        "&Lens",
        "&Hide Every Lens",
        "lens.clear_all",
        "Shift+T",
        "Take every lens off the map (Shift+T)",
    ),
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
        available="available.turn",
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
        available="available.turn",
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
        available="available.turn",
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
        available="available.turn",
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
        available="available.turn",
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
        available="available.turn",
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
        available="available.turn",
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
        available="available.turn",
    ),
    MenuCommand(
        "help.shortcuts",
        "&Help",
        "&Keyboard Shortcuts…",
        "help.shortcuts",
        "F1",
        "Every key of the window and of the tools, by menu, with a search line (F1)",
    ),
    MenuCommand(
        "help.tour",
        "&Help",
        "Quick &Tour",
        "help.tour",
        None,
        "What the GM does, on one screen (shown once at the first start)",
    ),
    MenuCommand("help.sep1", "&Help", SEPARATOR, ""),
    MenuCommand(
        "help.about",
        "&Help",
        "&About Hexweave…",
        "help.about",
        None,
        "The version, what it runs on, and the licences of what is bundled",
    ),
)


def _resolve(owner: object, dotted: str) -> Callable[..., object]:
    """``owner.a.b`` for ``"a.b"``: handlers may live on helpers the window owns."""
    target = owner
    for part in dotted.split("."):
        target = getattr(target, part)
    return target  # type: ignore[return-value]


def unresolved(owner: object) -> list[str]:
    """The handler and ``available`` names of :data:`MENU_COMMANDS` that ``owner`` (the
    fully built window) does not have: empty, or an entry would fail when used."""
    missing = []
    for command in MENU_COMMANDS:
        for dotted in (command.handler, command.available):
            try:
                if dotted:
                    _resolve(owner, dotted)
            except AttributeError:
                missing.append(f"{command.id}: {dotted}")
    return missing


def build_menus(
    menubar: QMenuBar, owner: QWidget, specials: dict[str, QAction | QMenu]
) -> dict[str, QAction]:
    """Create the menus of :data:`MENUS` in ``menubar``, with their entries from
    :data:`MENU_COMMANDS`, then the generated entries (each menu's ``filled_by``).

    Handlers are methods of ``owner`` or of the features it owns, looked up when the entry
    runs (so a feature may be made after the menus; :func:`unresolved` checks them all);
    ``specials`` supplies ready-made actions or menus for the entries without a handler
    (undo/redo, recent files, dock toggles). Every menu shows its entries' tooltips.
    """
    menus = {spec.title: _add_menu(menubar, spec) for spec in MENUS}
    actions: dict[str, QAction] = {}
    guarded: dict[str, list[tuple[MenuCommand, QAction]]] = {title: [] for title in menus}
    for command in MENU_COMMANDS:
        if command.menu not in menus:
            raise ValueError(f"{command.id}: no menu {command.menu!r} in MENUS")
        action = _add_entry(menus[command.menu], command, owner, specials.get(command.id))
        if action is not None:
            actions[command.id] = action
            if command.available:
                guarded[command.menu].append((command, action))
    for title, menu in menus.items():
        if guarded[title]:
            _grey_while_shown(menu, owner, guarded[title])
        _check_while_shown(menu, owner, [c for c in MENU_COMMANDS if c.menu == title], actions)
    for spec in MENUS:
        if spec.filled_by:
            _resolve(owner, spec.filled_by)(menus[spec.title])
    return actions


def _add_menu(menubar: QMenuBar, spec: Menu) -> QMenu:
    menu = menubar.addMenu(spec.title)
    menu.setToolTipsVisible(True)
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
        action.triggered.connect(
            lambda _checked=False, c=command: _resolve(owner, c.handler)(*c.args)
        )
    action.setObjectName(command.id)
    menu.addAction(action)
    owner.addAction(action)
    return action


def _check_while_shown(
    menu: QMenu, owner: object, commands: list[MenuCommand], actions: dict[str, QAction]
) -> None:
    """Make the checkable entries of ``menu`` show their state each time it opens."""
    checkable = [(c, actions[c.id]) for c in commands if c.checked and c.id in actions]
    for _command, action in checkable:
        action.setCheckable(True)

    def show() -> None:
        for command, action in checkable:
            action.setChecked(bool(_resolve(owner, command.checked)))

    if checkable:
        menu.aboutToShow.connect(show)
        show()


def _grey_while_shown(
    menu: QMenu, owner: object, entries: list[tuple[MenuCommand, QAction]]
) -> None:
    """While ``menu`` is shown, grey each entry whose ``available`` gives a reason, with
    the reason as its tooltip and status tip; when it hides, put every entry back as it
    was (enabled, unless something else disabled it: its key then runs the handler, which
    says the reason itself)."""
    saved: list[tuple[QAction, bool, str, str]] = []

    def show() -> None:
        restore()
        for command, action in entries:
            reason = reason_not_now(owner, command)
            if not reason:
                continue
            saved.append((action, action.isEnabled(), action.toolTip(), action.statusTip()))
            action.setEnabled(False)
            tip = command.tip if command.tip_as_tooltip else ""
            action.setToolTip(f"Not now: {reason}." + (f"\n{tip}" if tip else ""))
            action.setStatusTip(f"Not now: {reason}.")

    def restore() -> None:
        for action, enabled, tooltip, status in saved:
            action.setEnabled(enabled)
            action.setToolTip(tooltip)
            action.setStatusTip(status)
        saved.clear()

    menu.aboutToShow.connect(show)
    menu.aboutToHide.connect(restore)


def reason_not_now(owner: object, command: MenuCommand) -> str:
    """Why ``command`` cannot run now (its ``available`` method's answer), or ``""``; a
    method ``owner`` does not have (yet) gives no reason."""
    if not command.available:
        return ""
    try:
        available = _resolve(owner, command.available)
    except AttributeError:
        return ""
    return str(available(*command.args) or "")


# -- Help → Keyboard Shortcuts -----------------------------------------------------------
ShortcutRow = tuple[str, str, str]  # keys as shown, what it is, its tip
"""One line of the shortcuts list."""


def shortcut_text(shortcut: Shortcut) -> str:
    """A shortcut as the menus show it (``"Ctrl+S"``; a standard key in this platform's
    binding), or ``""``."""
    if shortcut is None:
        return ""
    return QKeySequence(shortcut).toString(QKeySequence.SequenceFormat.NativeText)


def command_shortcut(command_id: str) -> Shortcut:
    """The shortcut of the menu command ``command_id``."""
    return next(c.shortcut for c in MENU_COMMANDS if c.id == command_id)


def shortcut_groups() -> list[tuple[str, list[ShortcutRow]]]:
    """Every key of the window, grouped by menu in :data:`MENUS` order, then the
    Movement menu's :data:`MOVEMENT_KEYS`, the Roll key and the tools' :data:`TOOL_KEYS`
    by tool: what Help → Keyboard Shortcuts lists."""
    from app.controllers.movement_choices import idle_choices
    from app.widgets.docks.areas import KINDS  # here, not at start: the dock loads on use
    from app.widgets.panels.dice_roller import ROLL_KEY as DICE_ROLL_KEY

    groups: dict[str, list[ShortcutRow]] = {}
    for command in MENU_COMMANDS:
        keys = shortcut_text(command.shortcut)
        if keys and command.text != SEPARATOR:
            text = (command.text or _UNNAMED.get(command.id, command.id)).replace("&", "")
            groups.setdefault(_title(command.menu), []).append((keys, text, command.tip))
    choices = {choice.id: choice for choice in idle_choices("")}
    movement = groups.setdefault("Movement", [])
    for choice_id, key in MOVEMENT_KEYS.items():
        choice = choices[choice_id]
        movement.append((shortcut_text(key), choice.text, "For the one selected token"))
    roll = (shortcut_text(ACTION_ROLL_KEY), "Roll the action", "Roll the Action dock's action")
    groups.setdefault("Actions", []).append(roll)
    for hint in TOOL_KEYS:
        groups.setdefault(hint.group, []).append((hint.keys, hint.text, ""))
    areas = groups.setdefault("Areas dock", [])
    for _kind, text, key, tip in KINDS:
        areas.append((shortcut_text(key), f"Aim a {text}", tip))
    dice = (shortcut_text(DICE_ROLL_KEY), "Roll the free dice", "While the Roll Log has focus")
    groups.setdefault("Roll Log", []).append(dice)
    order = [_title(spec.title) for spec in MENUS]
    return sorted(groups.items(), key=lambda g: order.index(g[0]) if g[0] in order else 99)


_UNNAMED = {"edit.undo": "Undo", "edit.redo": "Redo"}  # their text comes from the undo group


def _title(menu_title: str) -> str:
    return menu_title.replace("&", "")
