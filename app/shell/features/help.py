"""HelpFeature: the Help menu's Keyboard Shortcuts (F1), Quick Tour and About Hexweave…, and
the tour offered once at the first start.

The shortcuts come from :func:`app.shell.menus.shortcut_groups` (the tables the menus are
built from); the tour is :mod:`app.widgets.dialogs.tour`; About (the version and the
licences of what is bundled) is :mod:`app.widgets.dialogs.about`. Each is built when first
shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from app.widgets.dialogs.about import AboutDialog
    from app.widgets.dialogs.shortcuts import ShortcutsDialog
    from app.widgets.dialogs.tour import TourDialog

__all__ = ["HelpFeature"]


class HelpFeature:
    """Help → Keyboard Shortcuts…, Quick Tour and About Hexweave… for the window ``parent``."""

    def __init__(self, parent: QWidget, settings: QSettings):
        self._parent = parent
        self._settings = settings
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.tour_dialog: TourDialog | None = None
        self.about_dialog: AboutDialog | None = None

    def shortcuts(self) -> ShortcutsDialog:
        """Help → Keyboard Shortcuts… (F1): the list, searchable, beside the map."""
        from app.shell.menus import shortcut_groups
        from app.widgets.dialogs.shortcuts import ShortcutsDialog

        if self.shortcuts_dialog is None:
            self.shortcuts_dialog = ShortcutsDialog(shortcut_groups(), self._parent)
        dialog = self.shortcuts_dialog
        dialog.search.clear()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        dialog.search.setFocus()
        return dialog

    def tour(self) -> TourDialog:
        """Help → Quick Tour: the first start's screen again."""
        from app.widgets.dialogs.tour import show_tour

        self.tour_dialog = show_tour(self._parent, self.tour_dialog)
        return self.tour_dialog

    def offer_tour(self) -> TourDialog | None:
        """The tour, if these settings never showed it (the window calls this once, after
        its first paint); ``None`` if it was seen."""
        from app.widgets.dialogs.tour import offer_tour

        shown = offer_tour(self._parent, self._settings)
        if shown is not None:
            self.tour_dialog = shown
        return shown

    def about(self) -> AboutDialog:
        """Help → About Hexweave…: the version, what it runs on, and the licences of what
        the one-folder app bundles (modal; it opens on its Versions tab)."""
        from app.widgets.dialogs.about import AboutDialog

        if self.about_dialog is None:
            self.about_dialog = AboutDialog(self._parent)
        dialog = self.about_dialog
        dialog.tabs.setCurrentIndex(0)
        dialog.exec()
        return dialog
