"""PlayerViewFeature: the Player View (the clean picture the GM shares), built on first use
or just after the first paint, its View-menu stand-ins (F5, Shift+F5, Ctrl+Shift+F5), the
"PLAYER VIEW PAUSED" and "PLAYER VIEW BLACKED OUT" banners in the GM's status bar, and the
Player View Inset (what the players see now, small, in a corner of the GM's map)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QStatusBar

from app.shell.deferred import Deferred, stand_in_toggle
from app.shell.workbench import Workbench
from app.widgets.player_inset import PlayerInset

if TYPE_CHECKING:
    from app.widgets.player_window import PlayerWindow

__all__ = ["PlayerViewFeature"]


class PlayerViewFeature:
    """The Player View of the open map (:attr:`deferred`), following the GM's view; banners
    in the GM's ``status_bar`` show while the players' picture is frozen or blacked out;
    :attr:`inset` (hidden at first) pictures what the players see."""

    def __init__(self, bench: Workbench, status_bar: QStatusBar):
        self._bench = bench
        self._status_bar = status_bar
        self.deferred: Deferred[PlayerWindow] = Deferred(self._build)
        self.inset = PlayerInset(bench.view)  # hidden until the View menu shows it
        self.deferred.when_built(self.inset.attach)

    def specials(self) -> dict[str, QAction]:
        """The View menu's stand-ins for the Player View's show, pause and blackout
        actions, and the inset's toggle."""
        parent = self._bench.parent
        return {
            "view.player": stand_in_toggle(
                "&Player Window", parent, self.deferred, lambda p: p.toggle_action
            ),
            "view.player_pause": stand_in_toggle(
                "Pause", parent, self.deferred, lambda p: p.pause_action
            ),
            "view.player_blackout": stand_in_toggle(
                "Blackout", parent, self.deferred, lambda p: p.blackout_action
            ),
            "view.player_inset": self._inset_toggle(),
        }

    def _inset_toggle(self) -> QAction:
        """Shows or hides the inset (it is not remembered: the Player Window is not)."""
        action = QAction("Player View &Inset", self._bench.parent)
        action.setCheckable(True)
        action.setChecked(self.inset.isVisible())
        action.toggled.connect(self.inset.setVisible)
        return action

    def _build(self) -> PlayerWindow:
        from app.widgets.player_window import PlayerWindow

        player = PlayerWindow(
            self._bench.current, follow=self._bench.view, settings=self._bench.session.settings
        )
        # in the GM's own window, never on the shared picture
        paused = _banner(
            "player_paused_banner",
            "PLAYER VIEW PAUSED",
            "#D55E00",
            "The players see a frozen picture: Resume in the Player View (Shift+F5)",
        )
        blackout = _banner(
            "player_blackout_banner",
            "PLAYER VIEW BLACKED OUT",
            "#333333",
            "The players see only the map's name: Blackout again to show them the map "
            "(Ctrl+Shift+F5)",
        )
        for banner in (paused, blackout):
            self._status_bar.addPermanentWidget(banner)
        player.paused_changed.connect(paused.setVisible)
        player.blackout_changed.connect(blackout.setVisible)
        self._status_bar.destroyed.connect(player.deleteLater)  # with the GM's window
        return player

    def close(self) -> None:
        """Close the Player View if it was built (the GM's window is closing)."""
        player = self.deferred.if_built()
        if player is not None:
            player.close()


def _banner(name: str, text: str, background: str, tip: str) -> QLabel:
    banner = QLabel(f"  {text}  ")
    banner.setObjectName(name)
    banner.setStyleSheet(f"QLabel {{ background: {background}; color: white; font-weight: bold; }}")
    banner.setToolTip(tip)
    banner.hide()
    return banner
