"""Help → Keyboard Shortcuts (F1): every key of the window, grouped, with a search line.

The dialog shows the rows it is given — ``(group, [(keys, what, tip), …])`` — and knows no
key itself: the window gives it :func:`app.shell.menus.shortcut_groups`, made from the
same tables the menus are built from. Typing in the search line keeps the rows whose
keys, text, tip or group contain every word typed; Esc or Close closes it. It is not
modal: it may stay open beside the map.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

__all__ = ["ShortcutGroups", "ShortcutsDialog"]

ShortcutGroups = Sequence[tuple[str, Sequence[tuple[str, str, str]]]]
"""``(group title, [(keys as shown, what it does, tip), …])``, in the order shown."""

SIZE = (760, 560)  # fits a 1280×720 screen with its title bar and task bar
KEYS_WIDTH = 160  # the keys column at least


class ShortcutsDialog(QDialog):
    """The list of :data:`ShortcutGroups`, filtered by :attr:`search`."""

    def __init__(self, groups: ShortcutGroups, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts — Hexweave")
        self.setObjectName("shortcuts_dialog")
        self.resize(*SIZE)
        column = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search keys and commands (e.g. “turn”, “F9”, “area”)")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Keep the rows that contain every word typed")
        self.search.textChanged.connect(self.filter)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["Keys", "What it does"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.empty = QLabel("No key matches the search.")
        self.empty.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column.addWidget(self.search)
        column.addWidget(self.tree, 1)
        column.addWidget(self.empty)
        column.addWidget(buttons)
        self._fill(groups)

    def _fill(self, groups: ShortcutGroups) -> None:
        bold = self.font()
        bold.setBold(True)
        for title, rows in groups:
            group = QTreeWidgetItem(self.tree, [title])
            group.setFirstColumnSpanned(True)
            group.setFont(0, bold)
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for keys, text, tip in rows:
                row = QTreeWidgetItem(group, [keys, text])
                if tip:
                    row.setToolTip(0, tip)
                    row.setToolTip(1, tip)
                row.setData(0, Qt.ItemDataRole.UserRole, " ".join((title, keys, text, tip)))
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        self.tree.setColumnWidth(0, max(KEYS_WIDTH, self.tree.columnWidth(0) + 12))

    def filter(self, text: str) -> None:
        """Show only the rows containing every word of ``text`` (any case), in groups
        that keep a row."""
        words = text.lower().split()
        shown = 0
        for index in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(index)
            kept = 0
            for child in (group.child(i) for i in range(group.childCount())):
                haystack = str(child.data(0, Qt.ItemDataRole.UserRole)).lower()
                keep = all(word in haystack for word in words)
                child.setHidden(not keep)
                kept += keep
            group.setHidden(kept == 0)
            shown += kept
        self.empty.setVisible(shown == 0)

    def rows(self, visible_only: bool = True) -> list[tuple[str, str, str]]:
        """``(group, keys, what)`` of each row listed (shown now, or all)."""
        found = []
        for index in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(index)
            for child in (group.child(i) for i in range(group.childCount())):
                if visible_only and (child.isHidden() or group.isHidden()):
                    continue
                found.append((group.text(0), child.text(0), child.text(1)))
        return found
