"""MovementFeature: the token's right-click menu, the Movement menu, the Jump and Shove
tools with their dock, and the Fall calculator.

The window owns one (like :class:`~app.shell.features.turns.TurnsFeature`).
Every entry acts on one token — the one right-clicked, or the one selected for the
Movement menu and its keys — through :class:`~app.controllers.movement.MovementController` (one
undo step each). An entry that is not allowed is disabled in the menus with the reason as
its tooltip; its key still answers, with the reason in the status bar.

The Movement menu's place and title are in :data:`app.shell.menus.MENUS`, its keys in
:data:`app.shell.menus.MOVEMENT_KEYS` (none taken elsewhere: J Jump, Shift+F Fall, Shift+S
Shove, C crouch (again: stand), P go prone (again: stand), Ctrl+Page Up rise 1, Ctrl+Page
Down descend 1; the arrows and the keypad, Page Up/Down among its keys with Num Lock off,
step the selected token).

The map's own keys (:data:`MAP_KEYS`, issue #16: a whole turn by keyboard) work while the
map has the keyboard focus, so Tab still moves between the fields of a dock: Tab and
Shift+Tab select the next or previous creature (or, while a target is picked, move the
keyboard cursor to the next or previous choice) and ``.`` selects the creature whose
turn it is; the view follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from app.controllers.movement_choices import Choice, idle_choices, token_choices
from app.shell.deferred import Deferred
from app.shell.features.edit import ONE_TOKEN
from app.shell.menus import MAP_KEYS, MOVEMENT_KEYS
from app.shell.workbench import Workbench
from app.widgets.token_menu import fill_movement_menu, show_choice

if TYPE_CHECKING:
    import numpy as np

    from app.controllers.movement import MovementController
    from app.tools.jump import JumpSettings, JumpTool
    from app.tools.shove import ShoveTool
    from app.widgets.dialogs.fall import FallDialog
    from app.widgets.docks.inspector import InspectorDock
    from app.widgets.docks.movement import MovementDock
    from rules import Token

TOOL_HELP = {
    "jump": "Jump: Long/High, type or roll the result in the Movement dock, then click a "
    "landing space (solid: this turn; dashed: stays in the air); +/− result, W waits in the "
    "air (a high jump up), Esc cancels",
    "shove": "Shove: move the mouse around the token (or ←/→) to aim, wheel or +/− for "
    "spaces, H toggles the first hit, E breaking free of a Hold, click or Enter applies, Esc "
    "cancels",
}


def token_heading(token: Token) -> str:
    """The context menu's first line: ``"Aria — standing, on the ground, 5 Movement left"``."""
    from rules.movement import movement_left, posture_of

    moving = ", moving" if token.moving else ""
    return (
        f"{token.name} — {posture_of(token)}, {token.motion.describe()}{moving}, "
        f"{movement_left(token)} Movement left"
    )


class MovementFeature:
    """Builds and connects the token menu, the Movement menu, its tools and dock (in a tab
    over ``inspector_dock``, which comes back to the front when a tool is done). The dock,
    hidden at start, is built on first use (:attr:`dock`, :attr:`deferred_dock`)."""

    def __init__(
        self,
        bench: Workbench,
        inspector_dock: InspectorDock,
        rng: np.random.Generator | None = None,
    ):
        self._bench = bench
        self._inspector_dock = inspector_dock
        self._rng = rng  # made on the first roll
        self.deferred_controller: Deferred[MovementController] = Deferred(self._build_controller)
        self.deferred_dock: Deferred[MovementDock] = Deferred(self._build_dock)
        self.context_menu: QMenu | None = None
        self.extra_menus: list[Callable[[QMenu, str], None]] = []  # e.g. the Actions submenu
        self.menu: QMenu | None = None  # the Movement menu, once the menus are built
        self.menu_actions: dict[str, QAction] = {}
        bench.scene.token_context_requested.connect(self._on_token_context)
        self.map_actions = self._add_map_keys()

    @property
    def controller(self) -> MovementController:
        """The movement edits (built with the first one: the movement rules load then)."""
        return self.deferred_controller.get()

    def _build_controller(self) -> MovementController:
        from app.controllers.movement import MovementController

        bench = self._bench
        controller = MovementController(bench.current, bench.parent)
        controller.refused.connect(bench.status.refuse)
        controller.informed.connect(lambda text: bench.status.say(text, 6000))
        return controller

    @property
    def dock(self) -> MovementDock:
        """The Movement dock (built the first time it is asked for)."""
        return self.deferred_dock.get()

    @property
    def jump_settings(self) -> JumpSettings:
        """What the Jump tool uses, edited in the Movement dock."""
        return self.dock.jump_panel.settings

    def _build_dock(self) -> MovementDock:
        """The Movement dock, hidden in a tab over the Inspector (shown by the Jump and Shove
        tools), connected."""
        from app.tools.jump import JumpSettings
        from app.widgets.docks.movement import MovementDock

        bench = self._bench
        dock = MovementDock(JumpSettings(), bench.parent)
        bench.docks.add_dock(dock)
        dock.hide()
        bench.docks.tabify(self._inspector_dock, dock)
        self._connect(dock)
        return dock

    def _connect(self, dock: MovementDock) -> None:
        panel, shove = dock.jump_panel, dock.shove_panel
        panel.changed.connect(self._on_jump_settings_changed)
        panel.roll_requested.connect(self.roll_jump)
        panel.wait_changed.connect(lambda b: self._jump_call(lambda t: t.set_wait(b)))
        shove.spaces_changed.connect(lambda n: self._shove_call(lambda t: t.set_spaces(n)))
        shove.first_hits_changed.connect(lambda b: self._shove_call(lambda t: t.set_first_hits(b)))
        shove.breaks_free_changed.connect(
            lambda b: self._shove_call(lambda t: t.set_breaks_free(b))
        )
        shove.apply_requested.connect(lambda: self._shove_call(lambda t: t.apply()))
        from app.tools.select_move import SelectMoveTool

        tool = self._bench.scene.select_tool
        if isinstance(tool, SelectMoveTool):  # the dock lists the live drag's every step
            dock.follow(tool.preview)

    # -- the map's keys ------------------------------------------------------------------------
    def _add_map_keys(self) -> dict[str, QAction]:
        """The actions of :data:`MAP_KEYS`, on the map view only."""
        view = self._bench.view
        handlers: dict[str, Callable[[], object]] = {
            "next": lambda: self.cycle(1),
            "previous": lambda: self.cycle(-1),
            "actor": self.select_actor,
        }
        texts = {
            "next": "Next creature or target",
            "previous": "Previous creature or target",
            "actor": "The creature whose turn it is",
        }
        actions = {}
        for name, keys in MAP_KEYS.items():
            action = QAction(texts[name], view)
            action.setObjectName(f"map.{name}")
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(handlers[name])
            view.addAction(action)
            actions[name] = action
        return actions

    def cycle(self, step: int) -> object:
        """Tab / Shift+Tab: the active tool's next or previous choice (a target being
        picked), or with Select and Move the next or previous creature."""
        scene = self._bench.scene
        cycle = getattr(scene.tool, "cycle", None)
        if not callable(cycle):
            self._bench.status.say("Tab goes through creatures with Select (Esc first)")
            return None
        return cycle(step)

    def select_actor(self) -> str | None:
        """``.``: select the creature whose turn it is (with Select and Move)."""
        from app.tools.select_move import SelectMoveTool

        scene = self._bench.scene
        tool = scene.tool
        if not isinstance(tool, SelectMoveTool):
            self._bench.status.say("'.' selects the acting creature with Select (Esc first)")
            return None
        return tool.select_actor()

    # -- menus -------------------------------------------------------------------------------
    def fill_menu(self, menu: QMenu) -> None:
        """The Movement menu (from :data:`app.shell.menus.MENUS`): the selected token's
        entries, with their keys, refreshed each time it opens."""
        self.menu = menu
        self.menu_actions = fill_movement_menu(
            menu, idle_choices(ONE_TOKEN), self._run_for_selection, self._bench.parent
        )
        for choice_id, key in MOVEMENT_KEYS.items():
            action = self.menu_actions[choice_id]
            action.setShortcut(QKeySequence(key))
            self._bench.docks.add_shortcut(action)
        self._enable_keys()
        menu.aboutToShow.connect(self._refresh_menu)
        menu.aboutToHide.connect(self._enable_keys)

    def _refresh_menu(self) -> None:
        token_id = self._selected()
        board = self._bench.current.board
        choices = token_choices(board, token_id) if token_id else idle_choices(ONE_TOKEN)
        for choice in choices:
            show_choice(self.menu_actions[choice.id], choice)

    def _enable_keys(self) -> None:
        """Disabled entries still take their keys, which then say why not."""
        for action in self.menu_actions.values():
            action.setEnabled(True)

    def token_menu(self, token_id: str) -> QMenu:
        """The right-click menu of ``token_id``, built from the rules' answers now."""
        token = self._bench.current.board.token(token_id)
        menu = QMenu(self._bench.parent)
        menu.setObjectName("token_menu")
        heading = menu.addAction(token_heading(token))
        heading.setEnabled(False)
        bold = heading.font()
        bold.setBold(True)
        heading.setFont(bold)
        menu.addSeparator()
        actions = fill_movement_menu(
            menu,
            token_choices(self._bench.current.board, token_id),
            lambda choice_id: self.run(choice_id, token_id),
        )
        for choice_id, key in MOVEMENT_KEYS.items():  # shown for learning; the window's actions act
            actions[choice_id].setShortcut(QKeySequence(key))
            actions[choice_id].setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        for add in self.extra_menus:
            menu.addSeparator()
            add(menu, token_id)
        return menu

    def _on_token_context(self, token_id: str, screen_pos: QPoint) -> None:
        scene = self._bench.scene
        if token_id not in scene.selection:
            scene.set_selection([token_id])
        if self.context_menu is not None:
            self.context_menu.deleteLater()
        self.context_menu = self.token_menu(token_id)
        self.context_menu.popup(screen_pos)

    # -- running an entry ------------------------------------------------------------------
    def _selected(self) -> str | None:
        selection = self._bench.scene.selection
        return selection[0] if len(selection) == 1 else None

    def _run_for_selection(self, choice_id: str) -> None:
        token_id = self._selected()
        if token_id is None:
            count = len(self._bench.scene.selection)
            what = "no token is selected" if count == 0 else f"{count} tokens are selected"
            self._bench.status.refuse(f"Movement acts on one token: {what}")
            return
        self.run(choice_id, token_id)

    def run(self, choice_id: str, token_id: str) -> bool:
        """Run entry ``choice_id`` for ``token_id``, or say why it is not allowed."""
        board = self._bench.current.board
        if token_id not in board.tokens:
            self._bench.status.refuse(f"There is no token {token_id!r} on this map any more")
            return False
        choice = next(c for c in token_choices(board, token_id) if c.id == choice_id)
        if not choice.enabled:
            self._bench.status.refuse(
                f"{_title(choice)} ({board.token(token_id).name}): {choice.tip}"
            )
            return False
        if choice_id == "jump":
            return self.jump(token_id) is not None
        if choice_id == "fall":
            return self.fall_dialog(token_id) is not None
        if choice_id == "shove":
            return self.shove(token_id) is not None
        return self.controller.choose(choice_id, token_id)

    # -- tools and the dialog ----------------------------------------------------------------
    def jump(self, token_id: str) -> JumpTool | None:
        """Start the Jump tool for ``token_id``."""
        from app.tools.jump import JumpTool

        tool = JumpTool(self._bench.scene, self.controller, token_id, self.jump_settings)
        if not tool.active:
            return None
        self._start(tool, "jump")
        tool.changed.connect(lambda: self.dock.jump_panel.show_tool(tool))
        self.dock.jump_panel.sync_from_settings(self._bench.current.board.token(token_id).name)
        self.dock.jump_panel.show_tool(tool)
        self.dock.show_section(self.dock.jump_panel)
        return tool

    def shove(self, token_id: str) -> ShoveTool | None:
        """Start the Shove tool for ``token_id``."""
        from app.tools.shove import ShoveTool

        tool = ShoveTool(self._bench.scene, self.controller, token_id)
        if not tool.active:
            return None
        self._start(tool, "shove")
        name = self._bench.current.board.token(token_id).name
        tool.changed.connect(lambda: self.dock.shove_panel.show_tool(tool, name))
        self.dock.shove_panel.show_tool(tool, name)
        self.dock.show_section(self.dock.shove_panel)
        return tool

    def fall_dialog(self, token_id: str) -> FallDialog:
        """Open the Fall calculator for ``token_id`` (window-modal, not blocking)."""
        from app.widgets.dialogs.fall import FallDialog

        dialog = FallDialog(self.controller, token_id, self._bench.scene, self._bench.parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.open()
        return dialog

    def roll_jump(self) -> None:
        """Roll the Jump dice plus the bonus and use the result."""
        import numpy as np

        from rules import roll

        if self._rng is None:
            self._rng = np.random.default_rng()
        s = self.jump_settings
        rolled = roll(s.dice, self._rng, s.bonus)
        s.result, s.roll_text = rolled.result, f"Rolled {rolled.describe()}"
        self.dock.jump_panel.sync_from_settings(self.dock.jump_panel.token_name)
        self._on_jump_settings_changed()

    def _start(self, tool: JumpTool | ShoveTool, kind: str) -> None:
        bench = self._bench
        tool.finished.connect(lambda: self._on_tool_finished(tool))
        bench.scene.set_tool(tool)
        bench.view.setFocus()
        bench.status.say(TOOL_HELP[kind], 8000)

    def _on_tool_finished(self, tool: JumpTool | ShoveTool) -> None:
        scene = self._bench.scene
        if scene.tool is tool:
            scene.set_tool(scene.select_tool)
        self.dock.hide()
        self._inspector_dock.raise_()  # the tab the dock was shown over

    def _on_jump_settings_changed(self) -> None:
        from app.tools.jump import JumpTool

        tool = self._bench.scene.tool
        if isinstance(tool, JumpTool):
            tool.refresh()

    def _jump_call(self, call: Callable[[JumpTool], object]) -> None:
        from app.tools.jump import JumpTool

        tool = self._bench.scene.tool
        if isinstance(tool, JumpTool):
            call(tool)
            self._bench.view.setFocus()

    def _shove_call(self, call: Callable[[ShoveTool], object]) -> None:
        from app.tools.shove import ShoveTool

        tool = self._bench.scene.tool
        if isinstance(tool, ShoveTool):
            call(tool)
            self._bench.view.setFocus()


def _title(choice: Choice) -> str:
    """``"Stand"`` for ``"Stand (2 Movement)"``, ``"Jump"`` for ``"Jump…"``."""
    return choice.text.split(" (")[0].rstrip("…")
