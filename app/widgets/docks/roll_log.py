"""The Roll Log dock: the dice roller over every roll made at the map (issue #7).

Each roll is a row, newest at the bottom: the action, who rolled at whom and the outcome
on top; under it the faces as chips, then the result, the DL and the margin. What stands
out on the dice is marked by **shape as well as colour**, so it reads on a shared screen
and without colour vision: a 12 is a gold chip with a ★, each die of the doubles has a
bold ring and an underline, and the 1s of a Fumble are struck through; the marks are
also written out ("✖ FUMBLE", "‖ doubles 7", "★ 12"). A row's tooltip, and the Details
pane for the selected row, list the modifier's terms with their sources.

The rows come from a model painted by a delegate (no widget per row) and grow by the new
rows only, so a full log of 10 000 rolls stays quick. Everything follows the document:
undo and redo update the list. **Copy as text** (or Ctrl+C in the list) puts
``rules.board.roll_log.log_text`` on the clipboard; **Clear** empties the log as one undo step.
"""

from __future__ import annotations

import html

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeyEvent, QKeySequence, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QScrollArea,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.controllers.dice import (
    chip_marks,
    detail_lines,
    mark_tags,
    result_words,
    verdict,
)
from app.document import Change, MapDocument
from app.document.current import CurrentDocument
from app.widgets.panels.common import rule
from app.widgets.panels.dice_roller import DiceRoller
from rules.board import LoggedRoll, log_text

__all__ = ["ENTRY_ROLE", "RollDelegate", "RollLogDock", "RollLogModel", "RollLogView"]

ENTRY_ROLE = Qt.ItemDataRole.UserRole  # the row's LoggedRoll
Index = QModelIndex | QPersistentModelIndex
Rolls = tuple[LoggedRoll, ...]

CHIP_TEXT = QColor("#111111")  # chips are light, so dark text on any theme
PLAIN = (QColor("#ececec"), QColor("#6b6b6b"))  # fill, outline
TWELVE = (QColor("#ffd54a"), QColor("#7a5a00"))
FUMBLE_ONE = (QColor("#f7d4d1"), QColor("#b3261e"))
DOUBLES_RING = QColor("#1d5fa8")
STRIKE = QColor("#7d1510")
CHIP_EXTRA = 8  # how much taller the chips' line is than a line of text


# -- model ---------------------------------------------------------------------------------
def _dropped(old: Rolls, new: Rolls) -> int | None:
    """``d`` if ``new`` is ``old[d:]`` and at least one more roll (the log grew, maybe
    dropping its oldest), else ``None``. Entries are compared by identity."""
    if not old:
        return 0 if new else None
    if not new:
        return None
    first = new[0]
    found = next((d for d, entry in enumerate(old) if entry is first), None)
    if found is None:
        return None
    kept = len(old) - found
    return found if len(new) > kept and new[kept - 1] is old[-1] else None


class RollLogModel(QAbstractListModel):
    """The roll log as a list model: display text, tooltip and the entry (``ENTRY_ROLE``)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.rolls: Rolls = ()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self.rolls)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        entry = self.rolls[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row() + 1}. {entry.text()}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(detail_lines(entry))
        if role == ENTRY_ROLE:
            return entry
        return None

    def set_rolls(self, rolls: Rolls) -> bool:
        """Show ``rolls``, touching only the rows that changed when the log grew or lost
        its newest rolls; True if the newest roll should be scrolled into view."""
        old = self.rolls
        if rolls is old:
            return False
        if 0 < len(rolls) < len(old) and rolls[0] is old[0] and rolls[-1] is old[len(rolls) - 1]:
            self.beginRemoveRows(QModelIndex(), len(rolls), len(old) - 1)
            self.rolls = rolls
            self.endRemoveRows()
            return False
        dropped = _dropped(old, rolls)
        if dropped is None:
            self.beginResetModel()
            self.rolls = rolls
            self.endResetModel()
            return bool(rolls)
        if dropped:
            self.beginRemoveRows(QModelIndex(), 0, dropped - 1)
            self.rolls = old[dropped:]
            self.endRemoveRows()
        self.beginInsertRows(QModelIndex(), len(self.rolls), len(rolls) - 1)
        self.rolls = rolls
        self.endInsertRows()
        return True


# -- painting ------------------------------------------------------------------------------
class RollDelegate(QStyledItemDelegate):
    """Paints a roll in three lines: what, who and the outcome; the face chips and the
    result; the modifier, DL, margin and marks in words."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        height = QFontMetrics(option.font).height()  # type: ignore[attr-defined]
        return QSize(240, 3 * height + 28)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        entry = index.data(ENTRY_ROLE)
        if not isinstance(entry, LoggedRoll):
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        palette = option.palette  # type: ignore[attr-defined]
        stripe = palette.alternateBase() if index.row() % 2 else palette.base()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(option.rect, palette.highlight() if selected else stripe)  # type: ignore[attr-defined]
        colour = (palette.highlightedText() if selected else palette.text()).color()
        font = QFont(option.font)  # type: ignore[attr-defined]
        font.setBold(True)
        painter.setFont(font)
        height = QFontMetrics(font).height()
        box = QRectF(option.rect).adjusted(6, 4, -6, -4)  # type: ignore[attr-defined]
        tops = (0, height + 4, 2 * height + 16)  # the chips' line is taller: rings, underlines
        lines = [QRectF(box.left(), box.top() + t, box.width(), height + 2) for t in tops]
        lines[1].adjust(0, 0, 0, CHIP_EXTRA)
        painter.setPen(colour)
        _paint_head(painter, entry, index.row(), lines[0])
        x = _paint_chips(painter, entry, lines[1])
        painter.setPen(colour)
        _draw_elided(painter, lines[1].adjusted(x - lines[1].left() + 6, 0, 0, -5), total(entry))
        font.setBold(False)
        painter.setFont(font)
        _draw_elided(painter, lines[2], "   ".join([*mark_tags(entry), result_words(entry)[0]]))
        painter.restore()


LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def total(entry: LoggedRoll) -> str:
    """``"= 10  vs DL 3, margin +7"``: what goes after the chips."""
    dl = f"  vs DL {entry.dl}, margin {entry.margin:+d}" if entry.dl is not None else ""
    return f"= {entry.result}{dl}"


def _draw_elided(painter: QPainter, box: QRectF, text: str) -> None:
    elided = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(box.width()))
    painter.drawText(box, LEFT, elided)


def _paint_head(painter: QPainter, entry: LoggedRoll, row: int, box: QRectF) -> None:
    """``12.  Strike — Aria → Ogre`` and, right-aligned, ``✔ succeeds``."""
    verdict_text = verdict(entry.outcome)
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    painter.drawText(box, right, verdict_text)
    room = painter.fontMetrics().horizontalAdvance(verdict_text) + 12 if verdict_text else 0
    who = f" — {entry.who()}" if entry.who() else ""
    _draw_elided(painter, box.adjusted(0, 0, -room, 0), f"{row + 1}.  {entry.action}{who}")


def _paint_chips(painter: QPainter, entry: LoggedRoll, line: QRectF) -> float:
    """A chip per face, left to right; "+N more" past 70 % of the width. Returns the x
    after the last chip."""
    metrics = painter.fontMetrics()
    x, limit = line.left(), line.left() + line.width() * 0.7
    for shown, (face, kinds) in enumerate(zip(entry.faces, chip_marks(entry), strict=True)):
        text = f"★{face}" if "twelve" in kinds else str(face)
        width = max(line.height() + 4, metrics.horizontalAdvance(text) + 12)
        if x + width > limit and shown < len(entry.faces) - 1:
            more = f"+{len(entry.faces) - shown} more"
            painter.drawText(QRectF(x, line.top(), limit, line.height()), LEFT, more)
            return x + metrics.horizontalAdvance(more)
        _paint_chip(painter, QRectF(x, line.top(), width, line.height()), text, kinds)
        x += width + 4
    return x


def _paint_chip(painter: QPainter, rect: QRectF, text: str, kinds: frozenset[str]) -> None:
    """One die: a rounded chip; ★ and gold for a 12, a bold ring and an underline for the
    doubles, a strike and red for a 1 of a Fumble."""
    fill, outline = TWELVE if "twelve" in kinds else FUMBLE_ONE if "fumble" in kinds else PLAIN
    body = rect.adjusted(1, 0, -1, -5)
    painter.setBrush(fill)
    painter.setPen(QPen(DOUBLES_RING, 3) if "doubles" in kinds else QPen(outline, 1.2))
    painter.drawRoundedRect(body, 5, 5)
    painter.setPen(CHIP_TEXT)
    painter.drawText(body, Qt.AlignmentFlag.AlignCenter, text)
    if "doubles" in kinds:
        painter.setPen(QPen(DOUBLES_RING, 2.5))
        painter.drawLine(body.bottomLeft() + QPointF(2, 4), body.bottomRight() + QPointF(-2, 4))
    if "fumble" in kinds:
        painter.setPen(QPen(STRIKE, 2.5))
        painter.drawLine(body.bottomLeft() + QPointF(4, -3), body.topRight() + QPointF(-4, 3))


# -- the view and the dock -----------------------------------------------------------------
class RollLogView(QListView):
    """The log's list: Ctrl+C here copies the log (not the map's selected tokens)."""

    copy_requested = Signal()

    def event(self, event: QEvent) -> bool:
        override = event.type() == QEvent.Type.ShortcutOverride
        if (
            override
            and isinstance(event, QKeyEvent)
            and event.matches(QKeySequence.StandardKey.Copy)
        ):
            event.accept()  # the key comes here, not to the window's Copy (tokens)
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class RollLogDock(QDockWidget):
    """ "Roll Log": the :class:`~app.widgets.panels.dice_roller.DiceRoller` over the map's log.

    It shows and follows the open map (``current``). What
    was done and what was refused go out on :attr:`informed` and :attr:`refused` (for
    the status bar); the roller's refusals are shown in the dock as well.
    """

    informed = Signal(str)
    refused = Signal(str)

    def __init__(self, current: CurrentDocument, parent: QWidget | None = None):
        super().__init__("Roll Log", parent)
        self.setObjectName("roll_log_dock")
        self._current = current
        self.model = RollLogModel(self)
        self._build()
        current.changed.connect(self._on_document_changed)
        self.refresh()

    # -- building ----------------------------------------------------------------------
    def _build(self) -> None:
        body = QWidget()
        font = QFont(body.font())
        font.setPointSizeF(max(10.5, font.pointSizeF()))  # legible on a shared screen
        body.setFont(font)
        column = QVBoxLayout(body)
        self.roller = DiceRoller(self._current, shortcut_host=self)
        self.roller.refused.connect(self.refused)
        self.count_label = QLabel()
        self.copy_button = _button("Copy as text", "Put the whole log on the clipboard as text")
        self.copy_button.clicked.connect(self.copy_as_text)
        self.clear_button = _button(
            "Clear", "Empty the roll log (one undo step: Undo brings it back)"
        )
        self.clear_button.clicked.connect(self.clear)
        header = QHBoxLayout()
        for widget in (self.count_label, self.copy_button, self.clear_button):
            header.addWidget(widget, 1 if widget is self.count_label else 0)
        self.view = self._build_view()
        self.details_toggle = QToolButton()
        self.details_toggle.setText("Details")
        self.details_toggle.setCheckable(True)
        self.details_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.details_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_toggle.setToolTip("Show the selected roll in full: every modifier and why")
        self.details_toggle.toggled.connect(self._on_details_toggle_toggled)
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.detail_label.setTextFormat(Qt.TextFormat.RichText)
        self.detail_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.detail_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_label.hide()
        column.addLayout(header)  # the log first: at 720 px it must show without scrolling
        column.addWidget(self.view, 1)
        column.addWidget(self.details_toggle)
        column.addWidget(self.detail_label)
        for widget in (rule(), self.roller):
            column.addWidget(widget)
        scroll = QScrollArea()  # a short screen scrolls the dock instead of growing the window
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)

    def _build_view(self) -> RollLogView:
        view = RollLogView()
        font = QFont(view.font())
        font.setPointSizeF(max(11.0, font.pointSizeF() * 1.1))
        view.setFont(font)
        view.setModel(self.model)
        view.setItemDelegate(RollDelegate(view))
        view.setUniformItemSizes(True)  # one height for every row: 10 000 rows lay out at once
        view.setVerticalScrollMode(QListView.ScrollMode.ScrollPerPixel)
        view.setMinimumHeight(160)
        view.setToolTip("Every roll, newest at the bottom. Ctrl+C copies the log as text")
        view.copy_requested.connect(self.copy_as_text)
        view.selectionModel().currentChanged.connect(lambda *_: self._show_detail())
        return view

    # -- following the document --------------------------------------------------------
    @property
    def current(self) -> CurrentDocument:
        """The open map followed."""
        return self._current

    @property
    def document(self) -> MapDocument:
        """The map whose log is shown."""
        return self._current.document

    def refresh(self) -> None:
        """Show the current log (only the new rows when it grew)."""
        if self.model.set_rolls(self._current.board.rolls):
            last = self.model.index(self.model.rowCount() - 1)
            self.view.setCurrentIndex(last)
            self.view.scrollToBottom()
        count = self.model.rowCount()
        self.count_label.setText(f"{count} roll{'s' * (count != 1)}" if count else "No rolls yet")
        self.copy_button.setEnabled(bool(count))
        self.clear_button.setEnabled(bool(count))
        self._show_detail()

    def _on_document_changed(self, _change: Change) -> None:
        if self._current.board.rolls is not self.model.rolls:  # cheap: one identity test
            self.refresh()

    # -- buttons -----------------------------------------------------------------------
    def copy_as_text(self) -> bool:
        """Put ``log_text`` of the whole log on the clipboard; False if it is empty."""
        rolls = self._current.board.rolls
        if not rolls:
            self.refused.emit("The roll log is empty: nothing to copy")
            return False
        QApplication.clipboard().setText(log_text(rolls))
        self.informed.emit(f"Copied {len(rolls)} roll{'s' * (len(rolls) != 1)} as text")
        return True

    def clear(self) -> bool:
        """Empty the log as one undo step; False if it was empty."""
        if not self.roller.dice.clear():
            self.refused.emit("The roll log is already empty")
            return False
        self.informed.emit("Cleared the roll log (Undo brings it back)")
        return True

    def _on_details_toggle_toggled(self, shown: bool) -> None:
        self.details_toggle.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )
        self.detail_label.setVisible(shown)
        self._show_detail()

    def _show_detail(self) -> None:
        if not self.detail_label.isVisibleTo(self):
            return
        entry = self.view.currentIndex().data(ENTRY_ROLE)
        if not isinstance(entry, LoggedRoll):
            self.detail_label.setText("Select a roll to see it in full")
            return
        lines = [html.escape(line) for line in detail_lines(entry)]
        self.detail_label.setText(f"<b>{lines[0]}</b><br>" + "<br>".join(lines[1:]))


def _button(text: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    return button
