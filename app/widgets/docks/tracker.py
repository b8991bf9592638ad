"""The Turn Order dock: the Priority tracker (RULES-DIGEST §8.2, §12 "Turn flow").

It shows the round and the time since the conflict began, the order (name, Zeal result,
who is waiting; the creature acting now marked ▶ and bold, not by colour alone; the
Soulweaver last), the buttons of :class:`~app.controllers.turns.TurnController`, and in large
text what changed as this turn began and which rolls are due. A ring with a "▶ TURN" tab
marks the acting token on the map (:class:`~app.scene.turn_highlight.TurnHighlight`).
Everything follows the document, so undo and redo update it too; the dock only reads and
asks its controller to edit.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIntValidator, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import rules.movement as movement_rules  # a lazy face: turn starts load with the first one
from app.controllers.turns import TurnController, actor_name
from app.document import Change
from app.document.current import CurrentDocument
from app.scene.map_scene import MapScene
from app.scene.turn_highlight import TurnHighlight
from app.widgets.docks.tracker_text import button_reasons, panel_html, round_text, row_text
from app.widgets.panels.common import rule
from rules import Board
from rules.turns import SOULWEAVER, TurnState, actor

ID_ROLE = Qt.ItemDataRole.UserRole
SOULWEAVER_ROW = "Soulweaver (GM)"
CURRENT_TINT = QColor(255, 210, 31, 70)  # the map ring's amber, faint: bold and ▶ carry it
LIST_ROWS = 12  # more rows scroll
NEXT_TURN_KEY = "F9"  # Ctrl+Space toggles input methods on Linux and is Spotlight on macOS

# id, text, shortcut, what it does
BUTTONS: tuple[tuple[str, str, str, str], ...] = (
    (
        "add",
        "Add Selected",
        "Ctrl+J",
        "Roll Zeal for the creatures selected on the map and "
        "add them (or give them the typed result)",
    ),
    ("remove", "Remove", "Ctrl+Shift+J", "Take the creature selected in the list out"),
    ("start", "Start", "F8", "Begin Round 1 with the highest Priority"),
    ("end", "End Conflict", "Ctrl+Shift+F9", "Clear the turn order and the round (undoable)"),
    (
        "next",
        "Next Turn",
        NEXT_TURN_KEY,
        "End this turn and begin the next: Movement is "
        "refilled, durations tick, the rolls due are listed below",
    ),
    (
        "wait",
        "Wait",
        "Shift+F9",
        "The creature acting now skips its slot; it may Act Now after any later creature's turn",
    ),
    (
        "act_now",
        "Act Now",
        "Ctrl+F9",
        "The waiting creature selected in the list acts now; its Priority position moves here",
    ),
    (
        "set_zeal",
        "Set Zeal",
        "",
        "Give the creature selected in the list the typed Zeal "
        "result (before the start only; it is re-sorted)",
    ),
)


class TrackerDock(QDockWidget):
    """Round, Priority order, the tracker's buttons and this turn's changes and rolls."""

    focus_requested = Signal(str)  # a token id to centre the view on (double-click)

    def __init__(
        self,
        current: CurrentDocument,
        scene: MapScene,
        controller: TurnController,
        parent: QWidget | None = None,
        *,
        button_shortcuts: bool = True,
    ):
        super().__init__("Turn Order", parent)
        self.setObjectName("tracker_dock")
        self._scene = scene
        self._controller = controller
        self._current = current
        self._starts: dict[TurnState, tuple[str | None, tuple[str, ...], tuple[str, ...]]] = {}
        self.highlight = TurnHighlight()
        scene.addItem(self.highlight)
        self.buttons: dict[str, QPushButton] = {}
        self._build(button_shortcuts)
        controller.turn_started.connect(self._on_controller_turn_started)
        scene.selection_changed.connect(self._on_scene_selection_changed)
        current.replaced.connect(lambda _document: self._starts.clear())  # another map's turns
        current.changed.connect(self._on_document_changed)
        self.refresh()

    # -- building ----------------------------------------------------------------------
    def _build(self, shortcuts: bool) -> None:
        body = QWidget()
        column = QVBoxLayout(body)
        self.round_label = _label(1.6, bold=True)
        self.actor_label = _label(1.3, bold=True)
        self.order_list = QListWidget()
        self.order_list.setFont(_scaled(self.order_list.font(), 1.2))
        self.order_list.setToolTip("Priority order. Double-click a creature to find it on the map")
        self.order_list.itemDoubleClicked.connect(self._on_order_list_double_clicked)
        self.order_list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.zeal_edit = QLineEdit()
        self.zeal_edit.setValidator(QIntValidator(-99, 999, self.zeal_edit))
        self.zeal_edit.setPlaceholderText("roll")
        self.zeal_edit.setToolTip(
            "A Zeal result rolled at the table: Add Selected uses it instead of rolling, "
            "Set Zeal changes the selected creature's. Blank: roll Zeal Tier d12"
        )
        self.zeal_edit.setMaximumWidth(80)
        self.zeal_edit.textChanged.connect(lambda _t: self._update_buttons())
        for button_id, text, key, tip in BUTTONS:
            self.buttons[button_id] = self._button(button_id, text, key if shortcuts else "", tip)
        self.turn_panel = _label(1.3)
        self.turn_panel.setTextFormat(Qt.TextFormat.RichText)
        self.turn_panel.setFrameShape(QFrame.Shape.StyledPanel)
        for widget in (self.round_label, self.actor_label, self.order_list):
            column.addWidget(widget)
        column.addLayout(self._turn_grid())
        column.addWidget(self.turn_panel)
        column.addWidget(rule())
        column.addLayout(self._setup_grid())
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)

    def _button(self, button_id: str, text: str, key: str, tip: str) -> QPushButton:
        button = QPushButton(f"{text}  ({key})" if button_id == "next" and key else text)
        button.setProperty("tip", f"{tip} ({key})" if key else tip)
        button.setObjectName(f"tracker_{button_id}")
        if key:
            button.setShortcut(QKeySequence(key))
        button.clicked.connect(getattr(self, f"_on_{button_id}_clicked"))
        return button

    def _turn_grid(self) -> QGridLayout:
        """Next Turn, big, over Wait and Act Now: the buttons used every turn."""
        grid = QGridLayout()
        b = self.buttons
        b["next"].setFont(_scaled(b["next"].font(), 1.3, bold=True))
        b["next"].setMinimumHeight(44)
        grid.addWidget(b["next"], 0, 0, 1, 2)
        grid.addWidget(b["wait"], 1, 0)
        grid.addWidget(b["act_now"], 1, 1)
        return grid

    def _setup_grid(self) -> QGridLayout:
        """Joining and leaving, the typed Zeal result, Start and End Conflict."""
        grid = QGridLayout()
        b = self.buttons
        zeal = QHBoxLayout()
        zeal.addWidget(QLabel("Zeal result"))
        zeal.addWidget(self.zeal_edit)
        zeal.addWidget(b["set_zeal"])
        zeal.addStretch(1)
        grid.addWidget(b["add"], 0, 0)
        grid.addWidget(b["remove"], 0, 1)
        grid.addLayout(zeal, 1, 0, 1, 2)
        grid.addWidget(b["start"], 2, 0)
        grid.addWidget(b["end"], 2, 1)
        return grid

    # -- following the document ----------------------------------------------------------
    def _board(self) -> Board:
        return self._current.board

    def _on_document_changed(self, change: Change) -> None:
        if change.turn or change.tokens or change.grid:
            self.refresh()

    def _on_controller_turn_started(self, started: movement_rules.TurnStart) -> None:
        self._starts[started.board.turn] = (started.actor, started.changes, started.reminders)
        if started.board.turn == self._board().turn:
            self._show_turn_panel(self._board())

    def refresh(self) -> None:
        """Show the board as it is now: header, order, panel, map ring and buttons."""
        board = self._board()
        turn = board.turn
        now = actor(turn)
        self.round_label.setText(round_text(turn))
        self.actor_label.setText(f"▶ {actor_name(board, now)}'s turn" if now else "")
        self._fill_order(board, now)
        self._show_turn_panel(board)
        item = self._scene.token_item(now) if now and now != SOULWEAVER else None
        self.highlight.show_on(item)
        self._update_buttons()

    def _fill_order(self, board: Board, now: str | None) -> None:
        keep = self.chosen_id()
        self.order_list.blockSignals(True)
        self.order_list.clear()
        for p in board.turn.order:
            current = p.token_id == now
            self._add_row(p.token_id, row_text(board, p, current), current, p.waiting)
        if board.turn.order or board.turn.started:
            marker = "▶" if now == SOULWEAVER else "\u2003"
            self._add_row(SOULWEAVER, f"{marker} {SOULWEAVER_ROW}", now == SOULWEAVER)
        self._select_row(keep)
        self.order_list.blockSignals(False)
        self._fit_order_list()

    def _fit_order_list(self) -> None:
        """As tall as its rows (3 to ``LIST_ROWS``), so the panel below stays in view."""
        lst = self.order_list
        row = lst.sizeHintForRow(0) if lst.count() else lst.fontMetrics().height() + 4
        rows = min(max(lst.count(), 3), LIST_ROWS)
        lst.setFixedHeight(rows * row + 2 * lst.frameWidth() + 4)

    def _add_row(self, token_id: str, text: str, current: bool, waiting: bool = False) -> None:
        item = QListWidgetItem(text)
        item.setData(ID_ROLE, token_id)
        if token_id == SOULWEAVER:
            item.setToolTip("The Soulweaver always acts last [P-CONFLICT]")
        else:
            p = self._board().turn.participant(token_id)
            item.setToolTip(f"Priority {p.zeal}, Zeal Tier {p.zeal_tier}")
        font = self.order_list.font()
        font.setBold(current)
        font.setItalic(waiting)
        item.setFont(font)
        if current:
            item.setBackground(QBrush(CURRENT_TINT))
        self.order_list.addItem(item)

    def _select_row(self, token_id: str | None) -> None:
        for row in range(self.order_list.count()):
            if token_id is not None and self.order_list.item(row).data(ID_ROLE) == token_id:
                self.order_list.setCurrentRow(row)
                return
        self.order_list.setCurrentRow(-1)

    def _show_turn_panel(self, board: Board) -> None:
        turn = board.turn
        now = actor(turn)
        if now is None:
            self.turn_panel.setText(
                "<i>Add creatures and press Start: each turn's changes "
                "and the rolls due are listed here</i>"
            )
            return
        known = self._starts.get(turn)
        if known is not None:
            _who, changes, reminders = known
        else:  # opened or undone to a turn begun elsewhere: the rolls still apply
            changes, reminders = (), movement_rules.begin_turn(board, now).reminders
        self.turn_panel.setText(panel_html(actor_name(board, now), changes, reminders))

    # -- buttons -------------------------------------------------------------------------
    def chosen_id(self) -> str | None:
        """The creature selected in the list (the Soulweaver's row counts as none)."""
        item = self.order_list.currentItem()
        token_id = item.data(ID_ROLE) if item is not None else None
        return None if token_id == SOULWEAVER else token_id

    def typed_zeal(self) -> int | None:
        """The Zeal result typed in the box, or ``None`` (roll)."""
        text = self.zeal_edit.text().strip()
        try:
            return int(text)
        except ValueError:
            return None

    def _update_buttons(self) -> None:
        reasons = button_reasons(
            self._board(), self._scene.selection, self.chosen_id(), self.typed_zeal()
        )
        for button_id, reason in reasons.items():
            button = self.buttons[button_id]
            tip = button.property("tip")
            button.setEnabled(reason is None)
            button.setToolTip(tip if reason is None else f"Not now: {reason}.\n{tip}")

    def _on_add_clicked(self) -> None:
        if self._controller.add(self._scene.selection, self.typed_zeal()):
            self.zeal_edit.clear()

    def _on_remove_clicked(self) -> None:
        if self.chosen_id():
            self._controller.remove(self.chosen_id() or "")

    def _on_set_zeal_clicked(self) -> None:
        chosen, typed = self.chosen_id(), self.typed_zeal()
        if chosen is not None and typed is not None and self._controller.set_zeal(chosen, typed):
            self.zeal_edit.clear()

    def _on_start_clicked(self) -> None:
        self._controller.start()

    def _on_next_clicked(self) -> None:
        self._controller.next_turn()

    def _on_wait_clicked(self) -> None:
        self._controller.wait()

    def _on_act_now_clicked(self) -> None:
        if self.chosen_id():
            self._controller.act_now(self.chosen_id() or "")

    def _on_end_clicked(self) -> None:
        self._controller.end_conflict()

    # -- map and list ----------------------------------------------------------------------
    def _on_scene_selection_changed(self, ids: list[str]) -> None:
        if len(ids) == 1 and ids[0] in self._board().turn.ids():
            self.order_list.blockSignals(True)
            self._select_row(ids[0])
            self.order_list.blockSignals(False)
        self._update_buttons()

    def _on_order_list_double_clicked(self, item: QListWidgetItem) -> None:
        token_id = item.data(ID_ROLE)
        if token_id == SOULWEAVER or token_id not in self._board().tokens:
            return
        self._scene.set_selection([token_id])
        self.focus_requested.emit(token_id)


def _scaled(font: QFont, factor: float, bold: bool = False) -> QFont:
    font = QFont(font)
    font.setPointSizeF(max(11.0, font.pointSizeF() * factor))
    font.setBold(bold or font.bold())
    return font


def _label(factor: float, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setFont(_scaled(label.font(), factor, bold))
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
