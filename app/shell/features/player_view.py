"""PlayerViewFeature: the Player View (the clean picture the GM shares), built on first use
or just after the first paint, its View-menu stand-ins (F5, Shift+F5) and the "PLAYER VIEW
PAUSED" banner in the GM's status bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QStatusBar

from app.shell.deferred import Deferred, stand_in_toggle
from app.shell.workbench import Workbench

if TYPE_CHECKING:
    from app.widgets.player_window import PlayerWindow

__all__ = ["PlayerViewFeature"]


class PlayerViewFeature:
    """The Player View of the open map (:attr:`deferred`), following the GM's view; a
    banner in the GM's ``status_bar`` shows while the players' picture is frozen."""

    def __init__(self, bench: Workbench, status_bar: QStatusBar):
        self._bench = bench
        self._status_bar = status_bar
        self.deferred: Deferred[PlayerWindow] = Deferred(self._build)

    def specials(self) -> dict[str, QAction]:
        """The View menu's stand-ins for the Player View's show and pause actions."""
        parent = self._bench.parent
        return {
            "view.player": stand_in_toggle(
                "&Player Window", parent, self.deferred, lambda p: p.toggle_action
            ),
            "view.player_pause": stand_in_toggle(
                "Pause", parent, self.deferred, lambda p: p.pause_action
            ),
        }

    def _build(self) -> PlayerWindow:
        from app.widgets.player_window import PlayerWindow

        player = PlayerWindow(
            self._bench.current, follow=self._bench.view, settings=self._bench.session.settings
        )
        banner = _paused_banner()  # in the GM's own window, never on the shared picture
        self._status_bar.addPermanentWidget(banner)
        player.paused_changed.connect(banner.setVisible)
        self._status_bar.destroyed.connect(player.deleteLater)  # with the GM's window
        return player

    def close(self) -> None:
        """Close the Player View if it was built (the GM's window is closing)."""
        player = self.deferred.if_built()
        if player is not None:
            player.close()


def _paused_banner() -> QLabel:
    banner = QLabel("  PLAYER VIEW PAUSED  ")
    banner.setObjectName("player_paused_banner")
    banner.setStyleSheet("QLabel { background: #D55E00; color: white; font-weight: bold; }")
    banner.setToolTip("The players see a frozen picture: Resume in the Player View (Shift+F5)")
    banner.hide()
    return banner
