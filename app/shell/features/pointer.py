"""PointerFeature: the GM points at the map for the players (issue #17) — a ping on a hex
(G + click, or a long press on empty ground), a laser trail while G is held, on the GM's
map and on the Player View at once — and View → Show the Players This, which puts the
GM's view on the Player View once, without turning Follow on.

Pings and trails are a :class:`~app.scene.ping_items.PointerOverlay`: transient items on
the scenes, never an edit, an undo step or part of the file. The feature draws on the GM's
scene from the start and on the Player View's scene once that window is built (while it is
shown and not paused); :meth:`PointerFeature.add_scene` adds any other scene that shows
the map.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QTransform

from app.scene.ping_items import PointerOverlay, Shows
from app.shell.deferred import Deferred
from app.shell.workbench import Workbench
from app.tools.pointer import PointerGestures
from rules import Hex
from rules.board import hex_name

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene
    from app.widgets.map_view import MapView
    from app.widgets.player_window import PlayerWindow

__all__ = ["PointerFeature", "show_view_to"]


class PointerFeature:
    """Pings and the laser trail over the GM's map (:attr:`overlay`, :attr:`gestures`),
    drawn on the Player View too once ``player`` is built; :meth:`show_players` is the
    View menu's Show the Players This. ``clock`` (seconds) times the fading."""

    def __init__(
        self,
        bench: Workbench,
        player: Deferred[PlayerWindow],
        clock: Callable[[], float] = time.monotonic,
    ):
        self._bench = bench
        self._player = player
        self.overlay = PointerOverlay(clock, bench.parent)
        self.overlay.add_scene(bench.scene)
        self.gestures = PointerGestures(bench.view, bench.scene, self.overlay)
        self.gestures.pinged.connect(self._on_pinged)
        player.when_built(self._add_player_window)

    def add_scene(self, scene: MapScene, shows: Shows | None = None) -> None:
        """Flash pings and trails on ``scene`` too (whenever ``shows()`` is true)."""
        self.overlay.add_scene(scene, shows)

    def _add_player_window(self, player: PlayerWindow) -> None:
        self.add_scene(player.scene, lambda: player.isVisible() and not player.paused)

    def _on_pinged(self, hex_: Hex) -> None:
        shown = self._player.if_built()
        where = "here and on the Player View" if shown and shown.isVisible() else "on your map"
        self._bench.status.say(f"Ping: {hex_name(self._bench.scene.board, hex_)} ({where})", 3000)

    def show_players(self) -> None:
        """View → Show the Players This: the Player View (shown if hidden) shows what the
        GM's map view shows now, once; Follow stays as it was. Refused while paused."""
        player = self._player.get()
        if player.paused:
            self._bench.status.refuse(
                "The Player View is paused: Resume it (Shift+F5) to show the players your view"
            )
            return
        if not player.isVisible():
            player.present()
        show_view_to(self._bench.view, player.view)
        follow = "it follows your view" if player.following else "Follow stays off"
        self._bench.status.say(f"The Player View shows your view now ({follow})", 4000)


def show_view_to(gm: MapView, player: MapView) -> None:
    """Make ``player`` show what ``gm`` shows: the same centre, zoomed so that all the GM
    sees fills it (as Follow GM View does, :func:`~app.widgets.player_window.follow_ratio`),
    without emitting ``zoom_changed`` (which would count as the players' own zoom)."""
    from app.widgets.player_window import follow_ratio  # loaded with the Player View

    center = gm.mapToScene(gm.viewport().rect().center())
    zoom = gm.zoom * follow_ratio(gm, player)
    player.setTransform(QTransform.fromScale(zoom, zoom))
    player.centerOn(center)
