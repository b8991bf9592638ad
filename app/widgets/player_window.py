"""PlayerWindow: the clean picture the GM shares with the players (a second screen or a
video call): "Hexweave — Player View".

It shows a :class:`~app.document.player_document.PlayerDocument` of the GM's map in a read-only
:class:`~app.scene.map_scene.MapScene` (``player=True``). It can follow the GM's view
(same centre, zoomed so that what the GM sees fills it) or be panned and zoomed on its
own; Pause freezes the picture while the GM prepares (the state shows in the window title
and the toolbar, never on the map itself); Full Screen puts it on a chosen screen,
without the toolbar; Scale grows the players' view as a whole (tokens' rings, pills, names,
labels, the turn's ring and badge, pings and the laser trail). Closing it only hides it.

Above the map (never over it) a bar (:class:`~app.widgets.player_strip.PlayerStrip`) shows
the **Turn Strip** while a conflict runs (the round, the Priority order of the creatures the
players see, the one acting marked ▶, bold and amber; a ring marks it on the map too) and,
if switched on, the **Last Roll** the players may see. Both follow the document, so Next
Turn, undo and redo update them; both freeze with Pause. The two switches are remembered
in the window's ``settings`` (if it was given any).

**Blackout** (beside Pause) shows the players a neutral dark screen with the map's name and
nothing of the map. **Output Size** fixes the picture (the bar and the map, the window's
central widget) at 1280×720 or 1920×1080 for a stable screen share, or leaves it Free.
**Physical Scale** (a TV on the table) draws one hex 1 inch or 25 mm wide on the window's
screen, from the diagonal entered for that screen (remembered per screen): zoom locks
(the wheel says why), the arrow keys move the map by whole hexes, and it can follow the
acting creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QSettings, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QHideEvent,
    QKeyEvent,
    QKeySequence,
    QResizeEvent,
    QScreen,
    QShowEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QGraphicsItem,
    QLabel,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.document import Change, MapDocument
from app.document.player_document import PlayerDocument
from app.scene.coordinate_labels import CoordinateLabels
from app.scene.map_scene import MapScene
from app.scene.turn_highlight import TurnHighlight
from app.widgets.map_view import MapView
from app.widgets.physical_scale import (
    HEX_UNITS,
    PhysicalScale,
    hex_unit_named,
    pan_step,
    screen_key,
)
from app.widgets.pill_legend import PillLegend
from app.widgets.player_presentation import (
    OUTPUT_SIZES,
    BlackoutCard,
    OutputSize,
    PhysicalScaleDialog,
    output_size_named,
    reported_diagonal,
)
from app.widgets.player_strip import PlayerStrip, visible_roll
from rules import Board
from rules.board import LoggedRoll
from rules.turns import SOULWEAVER, actor

if TYPE_CHECKING:
    from app.document.current import CurrentDocument

TITLE = "Hexweave — Player View"
SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
DEFAULT_SIZE = (1280, 720)
TURN_STRIP_KEY = "player_window/turn_strip"  # QSettings keys of the bar's two switches
LAST_ROLL_KEY = "player_window/last_roll"
PILL_LEGEND_KEY = "player_window/pill_legend"
OUTPUT_SIZE_KEY = "player_window/output_size"
PHYSICAL_GROUP = "player_window/physical"  # then the screen's key, then diagonal / unit
BLACKOUT_KEYS = "Ctrl+Shift+F5"  # as the GM window's View → Blackout Player View
UNLIMITED = 16777215  # QWIDGETSIZE_MAX
ARROWS = {
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
}


class PlayerWindow(QMainWindow):
    """A top-level window showing what the players may see of the GM's map."""

    following_changed = Signal(bool)
    paused_changed = Signal(bool)
    blackout_changed = Signal(bool)

    def __init__(
        self,
        current: CurrentDocument,
        follow: MapView | None = None,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
    ):
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(TITLE)
        self.setObjectName("player_window")
        # The GM's window alone decides when the app quits.
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self._current = current
        self.settings = settings
        self.player_document = PlayerDocument(current, self)
        self.player_document.set_dormant(True)  # until the window is shown
        self.scene = MapScene(self.player_document, player=True)
        self.view = MapView(self.scene, self)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.strip = PlayerStrip(self)
        self.legend = PillLegend(self)  # the pills shown and what they mean, on request
        self._rolls_seen: tuple[tuple[LoggedRoll, ...], Board] | None = None
        self.turn_highlight = TurnHighlight()
        self._add_clipped(self.turn_highlight)
        self.blackout_card = BlackoutCard()
        self.picture = QStackedWidget()  # what the players see: the map, or the blackout
        self.picture.setObjectName("player_picture")
        self.map_page = self._central(self.strip, self.legend, self.view)
        self.picture.addWidget(self.map_page)
        self.picture.addWidget(self.blackout_card)
        self.setCentralWidget(self.picture)
        self.coordinates = CoordinateLabels(self.view)  # column letters, row numbers
        self._followed: MapView | None = None
        self._following = False
        self._fitted = False
        self._blackout = False
        self._output = OUTPUT_SIZES[0]
        self._physical: PhysicalScale | None = None
        self._physical_center: QPointF | None = None  # a hex centre while Physical Scale
        self._last_actor: str | None = None
        self.notice = ""  # the last thing the window said (a tooltip by the mouse)
        self.view.installEventFilter(self)  # the arrows while Physical Scale is on
        self.view.viewport().installEventFilter(self)  # the wheel, locked then
        self.view.zoom_changed.connect(self._on_view_zoom_changed)
        self._build_actions()
        self._build_toolbar()
        self.player_document.paused_changed.connect(self._on_paused_changed)
        self.player_document.replaced.connect(self._on_source_replaced)
        self.player_document.changed.connect(self._on_player_document_changed)
        current.changed.connect(self._on_gm_document_changed)  # the roll log: not on
        # the player board (it names hidden creatures), filtered by visible_roll
        self.refresh_strip()
        self.resize(*DEFAULT_SIZE)
        self._show_map_name()
        self.set_output_size(output_size_named(self._value(OUTPUT_SIZE_KEY, "")))
        if follow is not None:
            self.follow_view(follow)
            self.set_following(True)

    def add_overlay(self, item: QGraphicsItem) -> None:
        """Put a GM-chosen overlay (the lens, when shown here) on the players' scene,
        clipped to what they may see."""
        self._add_clipped(item)

    def _add_clipped(self, item: QGraphicsItem) -> None:
        """Put ``item`` on the players' scene, clipped to what they may see when the scene
        clips its marks to the fog (nothing under fog)."""
        clips = getattr(self.scene, "fog_clips", None)
        if clips is None:
            self.scene.addItem(item)
        else:
            clips.add(item)

    @staticmethod
    def _central(strip: PlayerStrip, legend: PillLegend, view: MapView) -> QWidget:
        """The bars above the map view: they never cover a token."""
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(strip)
        column.addWidget(legend)
        column.addWidget(view, 1)
        return central

    # -- actions ---------------------------------------------------------------------------
    def _action(self, text: str, keys: str, tip: str, checkable: bool = False) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(f"{tip} ({keys})" if keys else tip)
        action.setCheckable(checkable)
        self.view.addAction(action)  # also the right-click menu (full screen has no toolbar)
        return action

    def _build_actions(self) -> None:
        self.follow_action = self._action(
            "Follow GM View", "Ctrl+F5", "Show what the GM's map view shows, filling this one", True
        )
        self.follow_action.toggled.connect(self.set_following)
        self.pause_action = self._action(
            "Pause", "Shift+F5", "Freeze the players' picture while you prepare", True
        )
        self.pause_action.toggled.connect(self.set_paused)
        self.blackout_action = self._action(
            "Blackout",
            BLACKOUT_KEYS,
            "The players see a dark screen with the map's name, nothing of the map",
            True,
        )
        self.blackout_action.toggled.connect(self.set_blackout)
        self.fit_action = self._action("Fit Map", "Ctrl+0", "Show the whole map (stops following)")
        self.fit_action.triggered.connect(self.fit_to_window)
        self.coordinates_action = self._action(
            "Coordinates",
            "Ctrl+G",
            "Column letters and row numbers along the map's edges, so players can say a hex (C7)",
            True,
        )
        self.coordinates_action.toggled.connect(self.coordinates.set_shown)
        self.scale_menu = self._build_scale_menu()
        self.screen_menu = QMenu("Full Screen On", self)
        self.screen_menu.aboutToShow.connect(self._fill_screen_menu)
        self.full_screen_action = self._action(
            "Full Screen", "F11", "Full screen on this window's screen; Esc leaves", True
        )
        self.full_screen_action.toggled.connect(self._on_full_screen_toggled)
        self._build_strip_actions()
        self._build_table_actions()
        self.leave_full_screen_action = QAction("Leave Full Screen", self)
        self.leave_full_screen_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.leave_full_screen_action.triggered.connect(self.leave_full_screen)
        self.addAction(self.leave_full_screen_action)
        separator = QAction(self)
        separator.setSeparator(True)
        self.view.addActions([separator, self.scale_menu.menuAction()])
        self.view.addAction(self.screen_menu.menuAction())
        self.view.addAction(self.output_menu.menuAction())
        self.toggle_action = QAction("&Player Window", self)
        self.toggle_action.setCheckable(True)
        self.toggle_action.setToolTip("The clean picture to share with the players")
        self.toggle_action.toggled.connect(self._on_toggle_action_toggled)

    def _build_strip_actions(self) -> None:
        """The bar's switches (a "Coordinates" switch for the map's edges belongs beside
        them), on or off as last time if the window has settings."""
        self.turn_strip_action = self._action(
            "Turn Strip",
            "Ctrl+T",
            "Show the round and the Priority order above the map while a conflict runs",
            True,
        )
        self.last_roll_action = self._action(
            "Last Roll",
            "Ctrl+R",
            "Show the latest roll the players may see above the map (rolls naming "
            "hidden creatures or nobody stay out)",
            True,
        )
        self.turn_strip_action.setChecked(self._setting(TURN_STRIP_KEY, True))
        self.last_roll_action.setChecked(self._setting(LAST_ROLL_KEY, False))
        self.strip.set_turn_strip_shown(self.turn_strip_action.isChecked())
        self.strip.set_last_roll_shown(self.last_roll_action.isChecked())
        self.turn_strip_action.toggled.connect(self.set_turn_strip_shown)
        self.last_roll_action.toggled.connect(self.set_last_roll_shown)
        self.pill_legend_action = self._action(
            "Pill Legend",
            "",
            "List the condition pills shown on the map and what they mean, above the map",
            True,
        )
        self.pill_legend_action.setChecked(self._setting(PILL_LEGEND_KEY, False))
        self.legend.set_shown(self.pill_legend_action.isChecked())
        self.pill_legend_action.toggled.connect(self.set_pill_legend_shown)

    def _build_table_actions(self) -> None:
        """Output Size (a stable screen share) and Physical Scale (a TV on the table)."""
        self.output_menu = QMenu("Output Size", self)
        self.output_menu.setToolTip("The players' picture at a fixed size, for a screen share")
        self.output_actions = QActionGroup(self)
        for output in OUTPUT_SIZES:
            action = self.output_menu.addAction(output.name)
            action.setCheckable(True)
            action.setData(output.name)
            self.output_actions.addAction(action)
        self.output_actions.triggered.connect(
            lambda action: self.set_output_size(output_size_named(action.data()))
        )
        self.physical_action = self._action(
            "Physical Scale…",
            "",
            "A TV on the table: one hex 1 inch (or 25 mm) wide on this screen; zoom locks, "
            "the arrow keys move the map by whole hexes",
            True,
        )
        self.physical_action.triggered.connect(self._on_physical_triggered)
        self.follow_actor_action = self._action(
            "Follow Acting Creature",
            "",
            "With Physical Scale: move the map (by whole hexes) to the creature whose turn it is",
            True,
        )
        self.follow_actor_action.setEnabled(False)
        self.follow_actor_action.toggled.connect(lambda _on: self._follow_actor(force=True))
        self.table_menu = QMenu("Table TV", self)
        self.table_menu.setToolTip("A TV laid on the table under the miniatures")
        self.table_menu.addActions([self.physical_action, self.follow_actor_action])

    def _setting(self, key: str, default: bool) -> bool:
        if self.settings is None:
            return default
        return bool(self.settings.value(key, default, type=bool))

    def _value(self, key: str, default: object) -> object:
        return default if self.settings is None else self.settings.value(key, default)

    def _build_scale_menu(self) -> QMenu:
        menu = QMenu("Scale", self)
        menu.setToolTip(
            "How large tokens' rings, pills and names, labels, the turn's ring, pings and "
            "the laser trail are drawn"
        )
        self.scale_actions = QActionGroup(self)
        for scale in SCALES:
            action = menu.addAction(f"{scale * 100:.0f} %")
            action.setCheckable(True)
            action.setData(scale)
            action.setChecked(scale == 1.0)
            self.scale_actions.addAction(action)
        self.scale_actions.triggered.connect(
            lambda action: self.set_presentation_scale(float(action.data()))
        )
        return menu

    def _build_toolbar(self) -> None:
        self.toolbar = self.addToolBar("Player View")
        self.toolbar.setObjectName("player_toolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.addAction(self.follow_action)
        self.toolbar.addAction(self.pause_action)
        self.toolbar.addAction(self.blackout_action)
        self.state_label = QLabel()  # beside Pause and Blackout: always in sight
        self.state_label.setObjectName("player_state")
        self.toolbar.addWidget(self.state_label)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.fit_action)
        self.toolbar.addAction(self.coordinates_action)
        self.toolbar.addSeparator()
        for menu in (self.scale_menu, self.screen_menu, self.output_menu, self.table_menu):
            button = QToolButton(self)
            button.setText(menu.title())
            button.setMenu(menu)
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            self.toolbar.addWidget(button)
        self.toolbar.addAction(self.full_screen_action)
        self.toolbar.addSeparator()
        # what is drawn beside the map: the bar's switches (and later "Coordinates")
        self.toolbar.addAction(self.turn_strip_action)
        self.toolbar.addAction(self.last_roll_action)
        self.toolbar.addAction(self.pill_legend_action)
        self._show_state()

    # -- following the GM's view --------------------------------------------------------------
    def follow_view(self, view: MapView) -> None:
        """Take ``view`` (the GM's map view) as the one Follow GM View mirrors."""
        if self._followed is not None:
            self._connect_followed(self._followed, False)
        self._followed = view
        self._connect_followed(view, True)
        self._sync_to_followed()

    def _on_followed_destroyed(self) -> None:
        self._followed = None
        self.set_following(False)

    def _connect_followed(self, view: MapView, connect: bool) -> None:
        signals = (
            view.zoom_changed,
            view.horizontalScrollBar().valueChanged,
            view.verticalScrollBar().valueChanged,
        )
        for signal in signals:
            if connect:
                signal.connect(self._sync_to_followed)
            else:
                signal.disconnect(self._sync_to_followed)
        if connect:
            view.destroyed.connect(self._on_followed_destroyed)
        else:
            view.destroyed.disconnect(self._on_followed_destroyed)

    @property
    def following(self) -> bool:
        """True while the view mirrors the GM's view."""
        return self._following

    def set_following(self, following: bool) -> None:
        """Mirror the GM's view (same centre; zoomed so that what the GM sees fills this
        window), or let this view be panned and zoomed freely."""
        following = following and self._followed is not None and self._physical is None
        if following != self._following:
            self._following = following
            self.follow_action.setChecked(following)
            self._show_state()
            self.following_changed.emit(following)
        self._sync_to_followed()

    def _sync_to_followed(self, *_args: object) -> None:
        gm = self._followed
        if gm is None or not self._following or self.paused or not self.isVisible():
            return
        center = gm.mapToScene(gm.viewport().rect().center())
        zoom = gm.zoom * follow_ratio(gm, self.view)
        self.view.setTransform(QTransform.fromScale(zoom, zoom))  # emits no zoom_changed
        self.view.centerOn(center)

    def _on_view_zoom_changed(self, _zoom: float) -> None:
        self.set_following(False)  # the wheel or Fit in this window: it goes its own way now

    def fit_to_window(self) -> None:
        """Show the whole map; following the GM's view stops (not while Physical Scale
        holds the zoom)."""
        if self._physical is None:
            self.view.fit_to_window()

    # -- pause, scale, document ----------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """True while the players' picture is frozen."""
        return self.player_document.paused

    def set_paused(self, paused: bool) -> None:
        """Freeze the picture (map and camera) or resume: the players see the GM's map again."""
        self.player_document.set_paused(paused)

    def _on_paused_changed(self, paused: bool) -> None:
        self.pause_action.setChecked(paused)
        self.pause_action.setText("Resume" if paused else "Pause")
        self._show_state()
        if not paused:
            self._show_last_roll()
            self._sync_to_followed()
        self.paused_changed.emit(paused)

    def _show_state(self) -> None:
        """The window title and the toolbar say what the players see (not the map)."""
        scale = self._physical_text()
        if self._blackout:
            self.setWindowTitle(f"{TITLE} — BLACKOUT")
            self.state_label.setText("  BLACKOUT: the players see only the map's name  ")
            self.state_label.setStyleSheet(
                "QLabel { background: #333333; color: white; font-weight: bold; }"
            )
            return
        if self.player_document.paused:
            self.setWindowTitle(f"{TITLE} — PAUSED")
            self.state_label.setText(f"  PAUSED: the players see a frozen picture{scale}  ")
            self.state_label.setStyleSheet(
                "QLabel { background: #D55E00; color: white; font-weight: bold; }"
            )
            return
        self.setWindowTitle(TITLE)
        live = "Live: following the GM" if self._following else "Live"
        self.state_label.setText(f"  {live}{scale}  ")
        self.state_label.setStyleSheet("QLabel { color: palette(window-text); }")

    def _physical_text(self) -> str:
        if self._physical is None:
            return ""
        return f" · 1 hex = {self._physical.unit.name}, zoom locked"

    # -- blackout ----------------------------------------------------------------------------
    @property
    def blacked_out(self) -> bool:
        """True while the players see the blackout card instead of the map."""
        return self._blackout

    def set_blackout(self, on: bool) -> None:
        """Show the players a neutral dark screen with the map's name (nothing of the map),
        or the map again."""
        if on == self._blackout:
            return
        self._blackout = on
        self.blackout_action.setChecked(on)
        self._show_map_name()
        self.picture.setCurrentWidget(self.blackout_card if on else self.map_page)
        self._show_state()
        self.blackout_changed.emit(on)

    def _show_map_name(self) -> None:
        self.blackout_card.set_map_name(self.player_document.board.name)

    # -- output size -------------------------------------------------------------------------
    @property
    def output_size(self) -> OutputSize:
        """The players' picture's size: fixed (1280×720, 1920×1080) or Free."""
        return self._output

    def set_output_size(self, output: OutputSize) -> None:
        """Fix the picture (the bar and the map) at ``output``'s size, resizing the window
        to fit it, or let it follow the window (Free); remembered."""
        self._output = output
        for action in self.output_actions.actions():
            action.setChecked(action.data() == output.name)
        if self.settings is not None:
            self.settings.setValue(OUTPUT_SIZE_KEY, output.name)
        self._apply_output_size()

    def _apply_output_size(self) -> None:
        size = None if self.isFullScreen() else self._output.size  # full screen: the screen's
        if size is None:
            self.picture.setMinimumSize(0, 0)
            self.picture.setMaximumSize(UNLIMITED, UNLIMITED)
        else:
            self.picture.setFixedSize(*size)
        layout = self.layout()
        if layout is not None:
            layout.activate()  # the window's new minimum and maximum, from the picture's
        if size is not None:
            self.resize(self.minimumSize().expandedTo(self.minimumSizeHint()))

    # -- physical scale ----------------------------------------------------------------------
    @property
    def physical_scale(self) -> PhysicalScale | None:
        """The table screen's scale while Physical Scale is on, else ``None``."""
        return self._physical

    def _screen_group(self, screen: QScreen) -> str:
        size = screen.geometry()
        return f"{PHYSICAL_GROUP}/{screen_key(screen.name(), size.width(), size.height())}"

    def remembered_physical_scale(self, screen: QScreen | None = None) -> PhysicalScale | None:
        """The scale last used on ``screen`` (this window's by default), if any."""
        if self.settings is None:
            return None
        group = self._screen_group(screen or self.screen())
        try:
            diagonal = float(str(self.settings.value(f"{group}/diagonal", 0.0)))
            unit = hex_unit_named(self.settings.value(f"{group}/unit", HEX_UNITS[0].name))
            return PhysicalScale(diagonal, unit)
        except (TypeError, ValueError):  # none yet, or a hand-edited one
            return None

    def _on_physical_triggered(self, on: bool) -> None:
        if not on:
            self.set_physical_scale(None)
        elif not self.ask_physical_scale():
            self.physical_action.setChecked(False)

    def ask_physical_scale(self) -> bool:
        """Ask for this screen's diagonal and the hex width, then turn Physical Scale on;
        False if the GM cancelled."""
        screen = self.screen()
        last = self.remembered_physical_scale(screen)
        dialog = PhysicalScaleDialog(
            screen,
            last.diagonal if last else None,
            last.unit if last else HEX_UNITS[0],
            self,
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.set_physical_scale(PhysicalScale(dialog.diagonal(), dialog.unit()))
        return True

    def set_physical_scale(self, scale: PhysicalScale | None) -> None:
        """Draw one hex ``scale.unit`` wide on this window's screen (remembered for the
        screen), zoom locked, or (``None``) zoom and pan freely again."""
        self._physical = scale
        self.physical_action.setChecked(scale is not None)
        for action in (self.follow_action, self.fit_action):
            action.setEnabled(scale is None)
        self.follow_actor_action.setEnabled(scale is not None)
        if scale is None:
            self._physical_center = None
            self._show_state()
            return
        self.set_following(False)
        if self.settings is not None:
            group = self._screen_group(self.screen())
            self.settings.setValue(f"{group}/diagonal", scale.diagonal)
            self.settings.setValue(f"{group}/unit", scale.unit.name)
        self._apply_physical_scale()
        self._show_state()
        self._follow_actor(force=True)

    def _apply_physical_scale(self) -> None:
        if self._physical is None:
            return
        size = self.screen().geometry()
        zoom = self._physical.zoom(size.width(), size.height(), self.scene.geometry.size)
        center = self._physical_center or self._view_center()
        geometry = self.scene.geometry
        self._physical_center = geometry.center(geometry.hex_at(center))  # on a hex centre
        self.view.setTransform(QTransform.fromScale(zoom, zoom))  # emits no zoom_changed
        self.view.centerOn(self._physical_center)

    def _view_center(self) -> QPointF:
        return self.view.mapToScene(self.view.viewport().rect().center())

    def pan_hexes(self, direction: str) -> bool:
        """Move the map by whole hexes (``"left"``, ``"right"``, ``"up"``, ``"down"``),
        so each miniature on a hex is still on one; False (and said) at the map's edge."""
        if self._physical is None or self._physical_center is None:
            return False
        geometry = self.scene.geometry
        dx, dy = pan_step(geometry.layout.orientation, geometry.size, direction)
        if self._center_on(self._physical_center + QPointF(dx, dy)):
            return True
        self._say("The map's edge: it moves no further that way")
        return False

    def _center_on(self, target: QPointF) -> bool:
        """Centre the view on ``target`` if it can be (not past the map's edge)."""
        self.view.centerOn(target)
        reached = self._view_center() - target
        if max(abs(reached.x()), abs(reached.y())) * self.view.zoom > 2.0:  # pixels off
            self.view.centerOn(self._physical_center or target)
            return False
        self._physical_center = target
        return True

    def _follow_actor(self, force: bool = False) -> None:
        """With Physical Scale and Follow Acting Creature: centre the map on the acting
        creature's hex when the turn passes to it (``force``: now) or when it leaves the
        picture."""
        if self._physical is None or not self.follow_actor_action.isChecked():
            return
        board = self.player_document.board
        now = actor(board.turn)
        if not now or now == SOULWEAVER or now not in board.tokens:
            return
        center = self.scene.geometry.center(board.token(now).position)
        shown = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        if force or now != self._last_actor or not shown.contains(center):
            self._center_on(center)

    def _say(self, text: str, at: QPoint | None = None) -> None:
        """Say ``text`` by the mouse (in a tooltip: the toolbar may be hidden)."""
        self.notice = text
        QToolTip.showText(at if at is not None else self.cursor().pos(), text, self.view)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While Physical Scale is on, the wheel does not zoom (it says why) and the
        arrow keys move the map by whole hexes."""
        if self._physical is None:
            return False
        kind = event.type()
        if kind == QEvent.Type.Wheel and watched is self.view.viewport():
            assert isinstance(event, QWheelEvent)
            unit = self._physical.unit.name
            self._say(
                f"Zoom is locked: Physical Scale draws one hex {unit} wide on this screen "
                "(the arrow keys move the map; turn Physical Scale off to zoom)",
                event.globalPosition().toPoint(),
            )
            return True
        if kind == QEvent.Type.KeyPress and watched is self.view:
            assert isinstance(event, QKeyEvent)
            direction = ARROWS.get(Qt.Key(event.key()))
            if direction is not None:
                self.pan_hexes(direction)
                return True
        return False

    def set_presentation_scale(self, scale: float) -> None:
        """Draw the players' view ``scale`` times larger (1.0–2.0): tokens' rings, pills
        and names, labels, the turn's ring and badge, pings and the laser trail (which read
        the scene's scale) and the bar's text."""
        self.turn_highlight.set_presentation_scale(scale)  # before the plates lay out again
        self.scene.set_presentation_scale(scale)
        self.strip.set_scale(scale)
        self.legend.set_scale(scale)
        for action in self.scale_actions.actions():
            action.setChecked(action.data() == scale)

    def _on_source_replaced(self, _document: MapDocument) -> None:
        self.refresh_strip()
        self._show_map_name()
        if self._physical is not None:
            self._physical_center = None  # a new map: its own hexes
            self._apply_physical_scale()
        elif not self._following and not self.paused:
            self.view.fit_to_window()

    # -- the turn strip and the last roll -------------------------------------------------------
    def set_turn_strip_shown(self, on: bool) -> None:
        """Show the Turn Strip above the map while a conflict runs (remembered)."""
        self.turn_strip_action.setChecked(on)
        self.strip.set_turn_strip_shown(on)
        self._remember(TURN_STRIP_KEY, on)

    def set_last_roll_shown(self, on: bool) -> None:
        """Show the latest roll the players may see above the map (remembered)."""
        self.last_roll_action.setChecked(on)
        self.strip.set_last_roll_shown(on)
        self._remember(LAST_ROLL_KEY, on)

    def set_pill_legend_shown(self, on: bool) -> None:
        """Show the legend of the condition pills on the map (remembered)."""
        self.pill_legend_action.setChecked(on)
        self.legend.set_shown(on)
        self._remember(PILL_LEGEND_KEY, on)

    def _remember(self, key: str, on: bool) -> None:
        if self.settings is not None:
            self.settings.setValue(key, on)

    def refresh_strip(self) -> None:
        """Show the players' board as it is now: the round, the order, the ring on the map
        and the last roll."""
        board = self.player_document.board
        self.strip.show_turn(board)
        self.legend.show_board(board)
        now = actor(board.turn)
        item = self.scene.token_item(now) if now and now != SOULWEAVER else None
        self.turn_highlight.show_on(item)
        self._show_last_roll()
        self._follow_actor()
        self._last_actor = now

    def _show_last_roll(self) -> None:
        if self.paused:
            return  # frozen with the picture; caught up on resume
        rolls, shown = self._current.board.rolls, self.player_document.board
        if self._rolls_seen is not None:
            seen_rolls, seen_board = self._rolls_seen
            if rolls is seen_rolls and shown is seen_board:
                return
        self._rolls_seen = (rolls, shown)
        self.strip.show_roll(visible_roll(rolls, shown))

    def _on_player_document_changed(self, change: Change) -> None:
        if change.turn or change.tokens or change.grid:
            self.refresh_strip()
        if change.meta:
            self._show_map_name()

    def _on_gm_document_changed(self, _change: Change) -> None:
        if self.isVisible():
            self._show_last_roll()  # after the player board caught up (connected first)

    # -- full screen ---------------------------------------------------------------------------
    def _fill_screen_menu(self) -> None:
        self.screen_menu.clear()
        primary = QGuiApplication.primaryScreen()
        for screen in QGuiApplication.screens():
            size = screen.geometry()
            text = f"{screen.name() or 'Screen'} — {size.width()}×{size.height()}"
            if screen is primary:
                text += " (main)"
            action = self.screen_menu.addAction(text)
            action.triggered.connect(lambda _c=False, s=screen: self.show_full_screen(s))

    def show_full_screen(self, screen: QScreen | None = None) -> None:
        """Fill ``screen`` (this window's screen by default) with the picture alone."""
        screen = screen or self.screen()
        self.show()
        if self.isFullScreen() and self.screen() is not screen:
            self.showNormal()
        handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        self.move(screen.geometry().topLeft())
        self.toolbar.hide()
        self.showFullScreen()
        self._apply_output_size()  # the screen's size while full screen
        self._on_screen_changed()
        self.full_screen_action.setChecked(True)

    def leave_full_screen(self) -> None:
        """Back to a normal window with its toolbar."""
        if self.isFullScreen():
            self.showNormal()
        self.toolbar.show()
        self._apply_output_size()
        self.full_screen_action.setChecked(False)

    def _on_screen_changed(self, *_args: object) -> None:
        """On another screen, Physical Scale uses that screen's size and its remembered
        diagonal (else the diagonal the screen reports, else the one in use)."""
        if self._physical is None:
            return
        reported = reported_diagonal(self.screen())
        fallback = PhysicalScale(reported, self._physical.unit) if reported else self._physical
        self._physical = self.remembered_physical_scale() or fallback
        self._apply_physical_scale()
        self._show_state()

    def _on_full_screen_toggled(self, on: bool) -> None:
        if on and not self.isFullScreen():
            self.show_full_screen()
        elif not on and self.isFullScreen():
            self.leave_full_screen()

    # -- showing and hiding ------------------------------------------------------------------
    def present(self) -> None:
        """Show the window and bring it to the front."""
        self.show()
        self.raise_()
        self.activateWindow()

    def _on_toggle_action_toggled(self, on: bool) -> None:
        if on and not self.isVisible():
            self.present()
        elif not on and self.isVisible():
            self.close()

    def showEvent(self, event: QShowEvent) -> None:
        self.player_document.set_dormant(False)
        self.refresh_strip()
        super().showEvent(event)
        self.toggle_action.setChecked(True)
        handle = self.windowHandle()
        if handle is not None and not handle.property("screen_followed"):
            handle.setProperty("screen_followed", True)
            handle.screenChanged.connect(self._on_screen_changed)
        if self._following:
            self._sync_to_followed()
        elif not self._fitted:
            self._fitted = True
            self.fit_to_window()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        if not event.spontaneous():  # not when minimised
            self.toggle_action.setChecked(False)
            self.player_document.set_dormant(True)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_to_followed()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing only hides the window; it keeps its settings for next time."""
        self.leave_full_screen()
        event.accept()


def follow_ratio(gm: MapView, player: MapView) -> float:
    """How much closer the player view is zoomed than the GM's so that it shows at least
    all the GM sees (the larger player screen shows it larger, not more of the map)."""
    shown, seen = player.viewport().size(), gm.viewport().size()
    return min(shown.width() / max(1, seen.width()), shown.height() / max(1, seen.height()))
