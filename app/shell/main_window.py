"""MainWindow: assembles the map view, docks, menus and status bar.

Behaviour lives elsewhere: edits in :class:`~app.controllers.map.MapController`, gestures in
tools, file flows in :class:`~app.shell.features.files.FilesFeature` over
:class:`~app.document.session.Session`, the clipboard in
:class:`~app.shell.features.edit.EditFeature`, the paint tools in
:class:`~app.shell.features.terrain.TerrainFeature`, the Battle Map and the Player View in
their features; menus come from the table in :mod:`app.shell.menus`.
Every dock, tool and item follows the open map through ``session.current``; the window
builds the features with a :class:`~app.shell.workbench.Workbench`, never itself.

The docks stand in one tabbed column on the right (:class:`~app.shell.workbench.
MainWindowDocks`), so the map keeps most of the window; Table mode (F10) hides them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QChildEvent, QEvent, QSettings, Qt
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QIcon,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QStyle,
    QTabBar,
    QTabWidget,
    QToolBar,
    QToolButton,
)

from app.controllers.base import Controller
from app.controllers.map import MapController
from app.document import MapDocument
from app.document.autosave import Autosaver
from app.document.session import Session
from app.resources import asset_path
from app.scene.label_placement import place_again
from app.scene.map_note import MapNote
from app.shell.availability import MenuAvailability
from app.shell.deferred import Deferred, after_first_paint, stand_in_toggle
from app.shell.features.conflict import ConflictFeature
from app.shell.features.edit import EditFeature
from app.shell.features.files import FilesFeature
from app.shell.features.help import HelpFeature
from app.shell.features.lens import LensFeature
from app.shell.features.movement import MovementFeature
from app.shell.features.pictures import PicturesFeature
from app.shell.features.player_view import PlayerViewFeature
from app.shell.features.pointer import PointerFeature
from app.shell.features.rules_tools import RulesToolsFeature
from app.shell.features.terrain import TerrainFeature
from app.shell.features.tokens import TokensFeature
from app.shell.features.turns import TurnsFeature
from app.shell.menus import MENU_COMMANDS, build_menus
from app.shell.tool_bar import ToolBar
from app.shell.workbench import (
    COLUMN,
    COLUMN_WIDTH,
    CompactTabs,
    DockToggles,
    MainWindowDocks,
    StatusBarSink,
    Workbench,
    focus_first_field,
    in_front,
    make_tabs_readable,
)
from app.tools.select_move import editing_scene
from app.widgets.map_drop import accepts_template_drag
from app.widgets.map_view import MAX_SCALE, MapView, zoom_text
from rules import Hex
from rules.board import hex_name
from rules.mapfile import SUFFIX

if TYPE_CHECKING:
    from app.widgets.docks.notes import NotesDock
    from app.widgets.docks.roll_log import RollLogDock
    from app.widgets.player_window import PlayerWindow

TOOLBAR = (
    "file.open",
    "file.save",
    "-",
    "edit.undo",
    "edit.redo",
    "-",
    "view.zoom_in",
    "view.zoom_out",
    "view.fit",
)

LAYOUT_VERSION = 1
"""The version of the saved dock layout (``window/state``): a layout saved by an older
window, with the docks in two columns, is not restored (the window starts as new)."""

TOP_SHARE = 0.58
"""The part of the column's height the upper tab group (Terrain, Library…) gets on first
start; the lower one (Inspector, Turns…) gets the rest."""

TABLE_MODE_KEY = "F10"


class MainWindow(QMainWindow):
    """The Hexweave window for one open map at a time."""

    def __init__(self, document: MapDocument, settings: QSettings):
        super().__init__()
        self.setWindowIcon(QIcon(str(asset_path("icons/hexweave.png"))))
        self.setAcceptDrops(True)
        self._tab_style = CompactTabs()
        self._tab_style.setParent(self)
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.GroupedDragging
        )
        self.setTabPosition(COLUMN, QTabWidget.TabPosition.North)
        self._table_state: QByteArray | None = None  # the layout to bring back, in Table mode
        self.session = Session(document, settings, self)
        current = self.session.current
        self.controller = MapController(current, self)
        self.scene = editing_scene(current, self.controller)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.undo_group = QUndoGroup(self)
        self._build_status_bar()
        self.map_note = MapNote(self.scene)  # a refusal said on the map, beside its token
        self.status = StatusBarSink(self.statusBar(), self.map_note)
        self.deferred_history: Deferred[QDockWidget] = Deferred(self._build_history_dock)
        self.docks = MainWindowDocks(self)
        self.dock_toggles = DockToggles(self)
        bench = Workbench(
            self.session,
            current,
            self.controller,
            self.scene,
            self.view,
            self.docks,
            self.status,
        )
        self.terrain = TerrainFeature(bench)
        self.terrain_dock = self.terrain.dock
        self.deferred_notes: Deferred[NotesDock] = Deferred(self._build_notes_dock)
        self.edit = EditFeature(bench)
        self.tokens = TokensFeature(bench)
        self.files = FilesFeature(
            self.session, self, self.status, lambda: self.scene.grid_item.hidden_layers
        )
        self.rules = RulesToolsFeature(bench)
        self.lens = LensFeature(bench, self.rules)
        inspector = self.rules.inspector_dock
        self.turns = TurnsFeature(bench, inspector)
        self.deferred_roll_log: Deferred[RollLogDock] = Deferred(self._build_roll_log_dock)
        self.player = PlayerViewFeature(bench, self.statusBar())
        self.lens.attach_player(self.player.deferred)
        self.pointer = PointerFeature(bench, self.player.deferred)  # pings, laser, Ctrl+F6
        self.autosaver = Autosaver(self.session.current, settings, parent=self)
        self.pictures = PicturesFeature(bench, settings)
        self.picture_dock = self.pictures.dock
        self.movement = MovementFeature(bench, inspector)  # token menu, tools
        self.conflict = ConflictFeature(bench, self.deferred_roll_log)  # actions, Roll key
        self.movement.extra_menus.append(self.conflict.add_token_menu)
        self._build_table_mode_action()
        # Every feature exists: the whole menu bar, from the table.
        self.actions_by_id = build_menus(self.menuBar(), self, self._special_actions())
        self.pictures.menus_built(self.actions_by_id)
        self.help = HelpFeature(self, settings)
        self.available = MenuAvailability(self.scene, self.turns.tracker_dock)
        self.tokens.library_dock.raise_()
        self.rules.inspector_dock.raise_()
        self._build_toolbar()
        self.tool_bar = ToolBar(self, self.scene, self.actions_by_id)
        self._connect()
        self._follow_undo_stack(document)
        self._update_title()
        self._restore_geometry()
        after_first_paint(self.view.viewport(), self.build_deferred)

    # -- assembly ----------------------------------------------------------------------
    def _special_actions(self) -> dict[str, QAction | QMenu]:
        return {
            "edit.undo": self.undo_group.createUndoAction(self, "&Undo"),
            "edit.redo": self.undo_group.createRedoAction(self, "&Redo"),
            "file.recent": self.files.recent_menu,
            "edit.history": self._deferred_dock_toggle("edit.history", self.deferred_history),
            "view.terrain": self._dock_toggle("view.terrain", self.terrain_dock),
            "view.notes": self._deferred_dock_toggle("view.notes", self.deferred_notes),
            "view.library": self._dock_toggle("view.library", self.tokens.library_dock),
            "view.areas": self._deferred_dock_toggle("view.areas", self.rules.deferred_areas),
            "view.inspector": self._dock_toggle("view.inspector", self.rules.inspector_dock),
            "view.tracker": self._dock_toggle("view.tracker", self.turns.tracker_dock),
            "view.roll_log": self._deferred_dock_toggle("view.roll_log", self.deferred_roll_log),
            "view.movement": self._deferred_dock_toggle(
                "view.movement", self.movement.deferred_dock
            ),
            **self.player.specials(),
            "view.battle_map": self._dock_toggle("view.battle_map", self.picture_dock),
            "view.table_mode": self.table_mode_action,
        }

    def _dock_toggle(self, command_id: str, dock: QDockWidget) -> QAction:
        """The View menu's entry for ``dock``, under the menu table's long name: its key
        shows the dock and brings its tab to the front, or hides it if it is in front
        (:func:`~app.shell.workbench.bring_forward_or_hide`)."""
        return self.dock_toggles.toggle(command_id, dock, _menu_text(command_id))

    def _deferred_dock_toggle(self, command_id: str, part: Deferred[Any]) -> QAction:
        """:meth:`_dock_toggle` for a dock built after the first paint: a stand-in until
        then (building the dock when triggered)."""
        return stand_in_toggle(
            _menu_text(command_id), self, part, lambda dock: self._dock_toggle(command_id, dock)
        )

    @property
    def history_dock(self) -> QDockWidget:
        """The Undo History dock (built the first time it is asked for)."""
        return self.deferred_history.get()

    @property
    def notes_dock(self) -> NotesDock:
        """The Labels & Notes dock (built the first time it is asked for)."""
        return self.deferred_notes.get()

    @property
    def roll_log_dock(self) -> RollLogDock:
        """The Roll Log and Dice dock (built the first time it is asked for)."""
        return self.deferred_roll_log.get()

    @property
    def player_window(self) -> PlayerWindow:
        """The Player View (built the first time it is asked for; hidden until shown)."""
        return self.player.deferred.get()

    def build_deferred(self) -> None:
        """Build the parts hidden at start (run once the map has first been painted), and
        place the docks among them as the saved state had them."""
        for part in self._deferred():
            part.get()
        state = self.session.settings.value("window/state")
        if state is not None and self._table_state is None:
            self.restoreState(state, LAYOUT_VERSION)  # again, for the docks built since
        elif self._table_state is not None:  # built in Table mode: they stay hidden too
            self._hide_for_the_table()
        self.help.offer_tour()  # once, on the very first start

    def _deferred(self) -> tuple[Deferred[Any], ...]:
        return (
            self.deferred_history,
            self.deferred_notes,
            self.rules.deferred_areas,
            self.movement.deferred_dock,
            self.deferred_roll_log,
            self.player.deferred,
        )

    def _build_toolbar(self) -> None:
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        style = self.style()
        icons = {
            "file.open": QStyle.StandardPixmap.SP_DialogOpenButton,
            "file.save": QStyle.StandardPixmap.SP_DialogSaveButton,
            "edit.undo": QStyle.StandardPixmap.SP_ArrowBack,
            "edit.redo": QStyle.StandardPixmap.SP_ArrowForward,
        }
        for action_id in TOOLBAR:
            if action_id == "-":
                toolbar.addSeparator()
                continue
            action = self.actions_by_id[action_id]
            if action_id in icons:
                action.setIcon(style.standardIcon(icons[action_id]))
            toolbar.addAction(action)
            if action_id in ("edit.undo", "edit.redo"):  # "Undo Add Brom Hale, …" would push
                button = toolbar.widgetForAction(action)  # the tools off the bar: the icon
                if isinstance(button, QToolButton):  # only; the text is its tooltip
                    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
                    _tooltip_follows_text(button, action)

    def _build_status_bar(self) -> None:
        self.hex_label = QLabel("—")
        self.hex_label.setToolTip("The hex under the mouse: its name (C7), (q, r) and terrain")
        self.zoom_label = QLabel(zoom_text(1.0))
        self.zoom_label.setToolTip("The map's zoom: the mouse wheel, or View → Zoom In / Zoom Out")
        # As wide as the widest zoom ("800 %"), right-aligned: the hex readout beside it
        # stays put, and a wider number is never drawn clipped before the bar lays out.
        widest = self.zoom_label.fontMetrics().horizontalAdvance(zoom_text(MAX_SCALE))
        self.zoom_label.setMinimumWidth(widest + 4)
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.statusBar().addPermanentWidget(self.hex_label)
        self.statusBar().addPermanentWidget(self.zoom_label)

    def _build_roll_log_dock(self) -> RollLogDock:
        from app.widgets.docks.roll_log import RollLogDock

        dock = RollLogDock(self.session.current, self)
        dock.informed.connect(lambda text: self.status.say(text, 6000))
        dock.refused.connect(self.status.refuse)
        self.docks.add_dock(dock)
        dock.hide()  # View → Roll Log and Dice (Ctrl+Shift+D), brought to the front when shown
        dock.toggleViewAction().triggered.connect(lambda shown: dock.raise_() if shown else None)
        return dock

    def _build_history_dock(self) -> QDockWidget:
        from PySide6.QtWidgets import QUndoView

        dock = QDockWidget("Undo History", self)
        dock.setObjectName("history_dock")
        self.undo_view = QUndoView(self.undo_group, dock)
        self.undo_view.setEmptyLabel("<opened>")
        dock.setWidget(self.undo_view)
        self.docks.add_dock(dock)
        dock.hide()
        return dock

    def _build_notes_dock(self) -> NotesDock:
        """The Labels & Notes dock, hidden in a tab of the upper group (View → Labels
        and Notes; the map gets the room)."""
        from app.widgets.docks.notes import NotesDock

        dock = NotesDock(self.session.current, self.scene, self.controller, self)
        self.docks.add_dock(dock)
        dock.hide()
        return dock

    def _build_table_mode_action(self) -> None:
        """View → Table Mode (F10), checkable; its key works before the menu has it."""
        action = QAction("&Table Mode", self)
        action.setObjectName("view.table_mode")
        action.setCheckable(True)
        action.setShortcut(TABLE_MODE_KEY)
        tip = "Hide every dock and the toolbar so the map gets the whole window (F10 again: back)"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(self.toggle_table_mode)
        self.addAction(action)
        self.table_mode_action = action

    def _connect(self) -> None:
        current = self.session.current
        current.replaced.connect(self._on_map_replaced)
        current.modified_changed.connect(self._update_title)
        current.path_changed.connect(self._update_title)
        self.controller.refused.connect(self.status.refuse)
        for controller in self.findChildren(Controller):  # a refusal about a token: beside it
            controller.refused_near.connect(self.map_note.refuse)
        current.changed.connect(self.map_note.dismiss)
        current.replaced.connect(self.map_note.dismiss)
        self.autosaver.failed.connect(lambda reason: self.status.refuse(reason, on_map=False))
        self.controller.informed.connect(self.status.say)
        self.scene.hovered.connect(self._on_scene_hovered)
        # The hovered hex's readout follows edits under a still mouse (paint, undo).
        current.changed.connect(lambda _change: self._on_scene_hovered(self.scene.hovered_hex))
        self.scene.hint.connect(lambda text: self.statusBar().showMessage(text, 3000))
        self.view.zoom_changed.connect(lambda z: self.zoom_label.setText(zoom_text(z)))
        self.view.zoom_changed.connect(lambda _z: place_again(self.scene))  # labels clear

    @property
    def document(self) -> MapDocument:
        """The open map."""
        return self.session.document

    # -- slots ---------------------------------------------------------------------------
    def _follow_undo_stack(self, document: MapDocument) -> None:
        self.undo_group.addStack(document.undo_stack)
        self.undo_group.setActiveStack(document.undo_stack)

    def _on_map_replaced(self, document: MapDocument) -> None:
        """Another map is open: only what is the window's own changes here (the undo
        menu's stack, the view's zoom, the title); every dock, tool and item follows
        ``session.current`` by itself."""
        self._follow_undo_stack(document)
        self.fit_to_window()
        self._update_title()
        self._on_scene_hovered(self.scene.hovered_hex)

    def _on_scene_hovered(self, h: Hex | None) -> None:
        if h is None or not self.document.board.contains(h):
            self.hex_label.setText("—")
            return
        board = self.document.board
        terrain = board.terrain_at(h)  # the name players say (C7) first, then (q, r)
        self.hex_label.setText(f"{hex_name(board, h)} ({h.q}, {h.r})  {terrain.describe()}")

    def _update_title(self, *_args: object) -> None:
        self.setWindowTitle(f"{self.document.display_name}[*] — Hexweave")
        self.setWindowModified(self.document.is_modified())

    # -- view ------------------------------------------------------------------------------
    def zoom_in(self) -> None:
        """Zoom in one step."""
        self.view.zoom_in()

    def zoom_out(self) -> None:
        """Zoom out one step."""
        self.view.zoom_out()

    def fit_to_window(self) -> None:
        """Show the whole map."""
        self.view.fit_to_window()

    def focus_next_pane(self) -> None:
        """View → Next Pane (F6): the keyboard goes from the map to the first field of each
        dock in front, top to bottom, then back to the map."""
        panes = [d for d in self.docks.docks() if in_front(self, d) and not d.isFloating()]
        panes.sort(key=lambda d: d.geometry().top())
        focus = QApplication.focusWidget()
        at = next((i for i, d in enumerate(panes) if focus and d.isAncestorOf(focus)), None)
        start = 0 if at is None else at + 1
        for dock in panes[start:]:
            if focus_first_field(dock):
                return
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    @property
    def in_table_mode(self) -> bool:
        """True while Table mode hides the docks and the toolbar."""
        return self._table_state is not None

    def toggle_table_mode(self, on: bool | None = None) -> None:
        """View → Table Mode (F10): hide every dock and toolbar so the map gets the whole
        window; again, bring back exactly the layout there was (and any dock shown since).
        The menu bar and the status bar stay."""
        on = not self.in_table_mode if on is None else on
        whole = self._whole_map_shown()
        if on and not self.in_table_mode:
            self._table_state = self.saveState(LAYOUT_VERSION)
            self._hide_for_the_table()
            self.status.say(f"Table mode: {TABLE_MODE_KEY} brings the docks back", 6000)
        elif not on and self._table_state is not None:
            state, self._table_state = self._table_state, None
            shown_since = [dock for dock in self.docks.docks() if not dock.isHidden()]
            self.restoreState(state, LAYOUT_VERSION)
            for dock in shown_since:
                dock.show()
                dock.raise_()
            self.statusBar().clearMessage()  # "Table mode: F10 brings…" is no longer true
        self.table_mode_action.setChecked(self.in_table_mode)
        if whole:  # the whole map was shown: show it whole in the new room, at once
            layout = self.layout()
            if layout is not None:
                layout.activate()
            self.fit_to_window()

    def _whole_map_shown(self) -> bool:
        view = self.view
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        board = self.scene.geometry.board_rect(self.document.board)
        return shown.adjusted(-1, -1, 1, 1).contains(board)

    def _hide_for_the_table(self) -> None:
        for dock in self.docks.docks():
            dock.hide()
        for bar in self.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            bar.hide()

    # -- window events -------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        geometry = self.session.settings.value("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            available = self.screen().availableGeometry()  # a 1280×720 screen gets 1280×720
            self.resize(min(1280, available.width()), min(800, available.height()))
        state = self.session.settings.value("window/state")
        if state is None or not self.restoreState(state, LAYOUT_VERSION):
            self._first_layout()

    def _first_layout(self) -> None:
        """The column on first start: :data:`COLUMN_WIDTH` wide, the upper tab group
        :data:`TOP_SHARE` of its height."""
        top, bottom = self.terrain_dock, self.rules.inspector_dock
        self.resizeDocks([top], [COLUMN_WIDTH], Qt.Orientation.Horizontal)
        height = self.height()
        self.resizeDocks(
            [top, bottom],
            [round(height * TOP_SHARE), round(height * (1 - TOP_SHARE))],
            Qt.Orientation.Vertical,
        )

    def childEvent(self, event: QChildEvent) -> None:
        super().childEvent(event)
        if event.type() != QEvent.Type.ChildPolished:
            return  # not asked for the child: making its Python wrapper costs (start-up)
        child = event.child()
        if isinstance(child, QTabBar):
            make_tabs_readable(child, self._tab_style)  # a tab group's bar, made by Qt
            self.dock_toggles.watch(child)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.confirm_discard():
            event.ignore()
            return
        self.session.settings.setValue("window/geometry", self.saveGeometry())
        if all(part.if_built() is not None for part in self._deferred()):
            # Closed in Table mode: the docks come back next time.
            state = self._table_state or self.saveState(LAYOUT_VERSION)
            self.session.settings.setValue("window/state", state)
        # else closed before the first paint's idle: nothing can have moved, and the saved
        # state still places the docks not built yet
        self.autosaver.discard()
        self.player.close()
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.picture_dock.handle_drag(event):
            return
        if accepts_template_drag(event) or _dropped_map(event) is not None:
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self.picture_dock.handle_drag(event):
            return
        if accepts_template_drag(event) or _dropped_map(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.picture_dock.handle_drag(event) or self.tokens.drop(event):
            return
        path = _dropped_map(event)
        if path is not None:
            event.acceptProposedAction()
            self.files.open_path(path)


def _menu_text(command_id: str) -> str:
    """The text of ``command_id``'s entry in the menu table."""
    return next(command.text for command in MENU_COMMANDS if command.id == command_id)


def _tooltip_follows_text(button: QToolButton, action: QAction) -> None:
    """``button``'s tooltip says what ``action`` would do now ("Undo Pin Cone 3")."""

    def follow() -> None:
        button.setToolTip(action.text().replace("&", "") or action.toolTip())

    action.changed.connect(follow)
    follow()


def _dropped_map(event: QDragEnterEvent | QDropEvent) -> Path | None:
    for url in event.mimeData().urls():
        if url.isLocalFile() and url.toLocalFile().endswith(SUFFIX):
            return Path(url.toLocalFile())
    return None
