"""LensFeature: the tactical lens (issue #19) — the rules answer "where" questions for the
selected creature as shading on the GM's map, with the reasons on hover.

Lens → Threat (``T``), Cover (``V``), Best Aim (``Shift+A``) and Safest Path
(``Shift+P``) each toggle one :mod:`rules.lens` query drawn by :mod:`app.scene.lens_items`.
None changes the map; each follows the document live (a move, undo, redo, Rules Options)
and the selection; the Safest Path goes to the space under the mouse. They are drawn on the
GM's scene; the Player View shows them only if the GM ticks Lens → Show on Player View, and
then as the rules answer on the players' own map (hidden creatures and fogged spaces left
out, a paused picture kept). A click on a Best Aim ghost aims the Area tool there (Enter or
a second click pins it, one undo step); a click on a token keeps selecting and dragging it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip

from app.shell.deferred import Deferred
from app.shell.features.rules_tools import RulesToolsFeature
from app.shell.workbench import Workbench
from app.tools.area import AreaSettings
from rules import Hex, TokenKind
from rules.areas import AreaKind

if TYPE_CHECKING:
    from app.scene.lens_layer import LensLayer
    from app.widgets.player_window import PlayerWindow
    from rules import Board
    from rules.areas import AreaTemplate
    from rules.lens import BestAim, CoverMap, FieldCache, SafestPath, ThreatMap

__all__ = ["LENS_NAMES", "NO_AIM_KIND", "NO_SUBJECT", "LensFeature"]

LENS_NAMES = {"threat": "Threat", "cover": "Cover", "aim": "Best Aim", "path": "Safest Path"}
"""Each lens by id, as the menu and the status bar name it."""

NO_SUBJECT = "Select one creature: the lens answers for it"
NO_AIM_KIND = "Best Aim is for a Line, Cone or Burst: choose one in the Areas dock"

AIMED_KINDS = (AreaKind.LINE, AreaKind.CONE, AreaKind.BURST)
"""The Areas Best Aim looks for (an Aura moves with its source, a Self Area has no aim)."""

AimAt = Callable[["AreaTemplate", Hex | None], object]


class LensFeature:
    """Owns the lens overlays (a :class:`LensLayer` on the GM's scene, one on the Player
    View's when shown there) and keeps them in step with the map."""

    def __init__(self, bench: Workbench, rules_tools: RulesToolsFeature):
        self._bench = bench
        self._area_settings: AreaSettings = rules_tools.area_settings
        self._aim_at: AimAt = rules_tools.aim_template
        rules_tools.settings_followers.append(self._on_area_settings_changed)
        self._on: set[str] = set()
        self._caches: dict[str, FieldCache] = {}  # by whose map: "gm", "players"
        self._gm_layer: LensLayer | None = None  # made on first use: start-up costs nothing
        self._player: Deferred[PlayerWindow] | None = None
        self._player_layer: LensLayer | None = None
        self._players_shown = False
        self.threat: ThreatMap | None = None
        self.cover: CoverMap | None = None
        self.aim: BestAim | None = None
        self.path: SafestPath | None = None
        bench.scene.selection_changed.connect(self._on_selection_changed)
        bench.current.changed.connect(self._on_document_changed)
        bench.scene.hovered.connect(self._on_hovered)

    @property
    def _layer(self) -> LensLayer:
        """The lens items on the GM's scene."""
        if self._gm_layer is None:
            from app.scene.lens_layer import LensLayer

            self._gm_layer = LensLayer(self._bench.scene, self._bench.scene.addItem)
        return self._gm_layer

    def attach_player(self, player: Deferred[PlayerWindow]) -> None:
        """The Player View (built on first use) the lens may be shown on."""
        self._player = player
        player.when_built(self._on_player_built)

    # -- the menu ----------------------------------------------------------------------
    def is_on(self, lens: str) -> bool:
        """Whether ``lens`` (``"threat"``, ``"cover"``, ``"aim"``, ``"path"``) is shown."""
        return lens in self._on

    @property
    def threat_shown(self) -> bool:
        """Lens → Threat is ticked."""
        return "threat" in self._on

    @property
    def cover_shown(self) -> bool:
        """Lens → Cover is ticked."""
        return "cover" in self._on

    @property
    def aim_shown(self) -> bool:
        """Lens → Best Aim is ticked."""
        return "aim" in self._on

    @property
    def path_shown(self) -> bool:
        """Lens → Safest Path is ticked."""
        return "path" in self._on

    @property
    def players_shown(self) -> bool:
        """Lens → Show on Player View is ticked."""
        return self._players_shown

    def toggle_threat(self) -> bool:
        """Lens → Threat: where the enemies can Strike or Hinder on their next turn."""
        return self.toggle("threat")

    def toggle_cover(self) -> bool:
        """Lens → Cover: the Concealment the creature would have where it can go."""
        return self.toggle("cover")

    def toggle_aim(self) -> bool:
        """Lens → Best Aim: the aims of the Areas dock's ability that hit the most enemies."""
        return self.toggle("aim")

    def toggle_path(self) -> bool:
        """Lens → Safest Path: beside the cheapest path, the one past the fewest Hinders."""
        return self.toggle("path")

    def toggle(self, lens: str) -> bool:
        """Show ``lens`` if hidden, hide it if shown; True if it is shown now."""
        name = LENS_NAMES[lens]
        if lens in self._on:
            self._on.discard(lens)
            self._clear(lens)
            self._bench.status.say(f"{name} lens off", 2500)
            return False
        self._on.add(lens)
        self._refresh(lens)
        if self.subject() is None:
            self._bench.status.refuse(f"{name} lens on. {NO_SUBJECT}", 5000)
        elif lens != "path":
            self._bench.status.say(self._summary(lens), 6000)
        return True

    def toggle_players(self) -> bool:
        """Lens → Show on Player View: the lenses shown also on the players' picture, as
        the rules answer on their map; True if they are shown there now."""
        self._players_shown = not self._players_shown
        if self._players_shown:
            self._refresh_all()
            where = "" if self._player_built() else " (once it is open)"
            self._bench.status.say(f"The lens shows on the Player View{where}", 4000)
        else:
            for lens in LENS_NAMES:
                self._clear_players(lens)
            self._bench.status.say("The lens shows on your map only", 4000)
        return self._players_shown

    def clear_all(self) -> None:
        """Lens → Hide Every Lens."""
        for lens in list(self._on):
            self._on.discard(lens)
            self._clear(lens)
        self._bench.status.say("Every lens off", 2500)

    # -- what is asked -----------------------------------------------------------------
    def subject(self) -> str | None:
        """The one selected creature the lens answers for, or ``None``."""
        selection = self._bench.scene.selection
        if len(selection) != 1:
            return None
        token = self._bench.current.board.tokens.get(selection[0])
        return token.id if token is not None and token.kind is TokenKind.CREATURE else None

    def hover_text(self, h: Hex | None) -> str:
        """What the lenses shown say of ``h`` on one line (the status bar)."""
        return " · ".join(self.hover_lines(h))

    def hover_lines(self, h: Hex | None) -> tuple[str, ...]:
        """What the lenses shown say of ``h``, a line each (the tooltip): who threatens
        it and how, its cover, the paths to it, the ghost under it."""
        if h is None:
            return ()
        parts: list[str] = []
        if self.threat is not None and "threat" in self._on:
            parts.extend(self.threat.describe(h))
        if self.cover is not None and "cover" in self._on:
            parts.extend(self.cover.describe(h))
        if self.path is not None and "path" in self._on:
            parts.extend(self.path.describe())
        k = self._ghost_at(h)
        if k is not None and self.aim is not None:
            parts.append(f"Best aim {k + 1}: {self.aim.candidates[k].describe()}; click to aim")
        return tuple(p for p in parts if p)

    def pick(self, h: Hex) -> bool:
        """A click on ``h`` with the Select tool: on a Best Aim ghost, aim the Area tool
        there; True if taken (other tools keep their clicks)."""
        scene = self._bench.scene
        if scene.tool is not scene.select_tool:
            return False
        k = self._ghost_at(h)
        if k is None or self.aim is None:
            return False
        if scene.board.tokens_at(h) and h not in self._layer.ghosts().ghosts[k].origin:
            return False  # a token inside a ghost keeps its click: select it, drag it
        self._aim_at(self.aim.candidates[k].template, h)
        return True

    def _ghost_at(self, h: Hex) -> int | None:
        if "aim" not in self._on or self.aim is None:
            return None
        return self._layer.ghosts().candidate_at(h)

    # -- following the map ---------------------------------------------------------------
    def _on_selection_changed(self, _ids: list[str]) -> None:
        self._refresh_all()

    def _on_document_changed(self, _change: object) -> None:
        self._refresh_all()

    def _on_area_settings_changed(self) -> None:
        """The Areas dock changed the kind, value or range: aim again."""
        if "aim" in self._on:
            self._refresh("aim")

    def _on_hovered(self, h: Hex | None) -> None:
        if "path" in self._on:
            self._refresh_path(h)
        lines = self.hover_lines(h)
        if lines:
            self._bench.status.say(" · ".join(lines), 8000)
            self._show_tip(lines)

    def _show_tip(self, lines: tuple[str, ...]) -> None:
        """The hover text beside the mouse, a line each: the status bar cuts long ones."""
        viewport = self._bench.view.viewport()
        if viewport.underMouse():
            QToolTip.showText(QCursor.pos(), "\n".join(lines), viewport)

    def _on_player_built(self, player: PlayerWindow) -> None:
        from app.scene.lens_layer import LensLayer

        self._player_layer = LensLayer(player.scene, player.add_overlay)
        player.player_document.changed.connect(lambda _change: self._refresh_players())
        self._refresh_players()

    def _refresh_all(self) -> None:
        for lens in self._on:
            self._refresh(lens)

    def _refresh(self, lens: str) -> None:
        subject, board = self.subject(), self._bench.current.board
        if lens == "path":
            self._refresh_path(self._bench.scene.hovered_hex)
            return
        answer = None if subject is None else self._answer(lens, board, subject, "gm")
        setattr(self, lens, answer)
        self._draw(self._layer, lens, answer)
        self._bench.scene.pick_filter = self.pick if "aim" in self._on else None
        self._refresh_players(lens)

    def _refresh_path(self, goal: Hex | None) -> None:
        subject, board = self.subject(), self._bench.current.board
        self.path = self._path_answer(board, subject, goal)
        self._layer.draw_path(self.path)
        self._refresh_players("path", goal)

    def _clear(self, lens: str) -> None:
        setattr(self, lens, None)
        if self._gm_layer is not None:
            self._gm_layer.clear(lens)
        if lens == "aim":
            self._bench.scene.pick_filter = None
        self._clear_players(lens)

    # -- the rules answers -----------------------------------------------------------------
    def _answer(self, lens: str, board: Board, subject: str, whose: str) -> object:
        """The rules' answer of ``lens`` for ``subject`` on ``board`` (threat, cover, aim),
        the movement fields kept per ``whose`` map (the GM's and the players' differ)."""
        from rules.lens import FieldCache, best_aim, cover_map, threat_map

        if lens == "threat":
            cache = self._caches.setdefault(whose, FieldCache())
            return threat_map(board, subject, cache=cache)
        if lens == "cover":
            return cover_map(board, subject)
        settings = self._area_settings
        if settings.kind not in AIMED_KINDS:
            return None
        range_value = settings.range_value if settings.check_range else None
        exclude = settings.exclude_caster and settings.kind is AreaKind.BURST
        return best_aim(
            board, subject, settings.kind, settings.value, range_value, exclude_caster=exclude
        )

    @staticmethod
    def _path_answer(board: Board, subject: str | None, goal: Hex | None) -> SafestPath | None:
        from rules.lens import safest_path

        if subject is None or goal is None or not board.contains(goal):
            return None
        if subject not in board.tokens or board.token(subject).position == goal:
            return None
        return safest_path(board, subject, goal)

    @staticmethod
    def _draw(layer: LensLayer, lens: str, answer: object) -> None:
        draw: dict[str, Callable[[Any], None]] = {
            "threat": layer.draw_threat,
            "cover": layer.draw_cover,
            "aim": layer.draw_aim,
            "path": layer.draw_path,
        }
        draw[lens](answer)

    # -- the Player View -----------------------------------------------------------------
    def _player_built(self) -> bool:
        return self._player is not None and self._player.if_built() is not None

    def _refresh_players(self, only: str | None = None, goal: Hex | None = None) -> None:
        """Draw the lenses shown (or ``only`` one) on the players' map, as the rules
        answer there: the subject must be on it (not hidden)."""
        layer, player = self._player_layer, self._player.if_built() if self._player else None
        if not self._players_shown or layer is None or player is None:
            return
        board, subject = player.player_document.board, self.subject()
        if subject is not None and subject not in board.tokens:
            subject = None
        for lens in [only] if only else sorted(self._on):
            if lens == "path":
                where = goal if only else self._bench.scene.hovered_hex
                self._draw(layer, lens, self._path_answer(board, subject, where))
            else:
                answer = None if subject is None else self._answer(lens, board, subject, "players")
                self._draw(layer, lens, answer)

    def _clear_players(self, lens: str) -> None:
        if self._player_layer is not None:
            self._player_layer.clear(lens)

    def _summary(self, lens: str) -> str:
        """The status line as a lens comes on."""
        if lens == "threat" and self.threat is not None:
            return threat_summary(self.threat)
        if lens == "cover" and self.cover is not None:
            return cover_summary(self.cover)
        if lens == "aim":
            return NO_AIM_KIND if self.aim is None else self.aim.describe()
        return f"{LENS_NAMES[lens]} lens on"


def threat_summary(threat: ThreatMap) -> str:
    """The status line of a threat map: how many spaces, by how many enemies."""
    if threat.reason is not None:
        return f"Threat: {threat.reason}"
    spaces, enemies = len(threat.spaces()), len(threat.enemies)
    return (
        f"Threat: {spaces} space{'s' * (spaces != 1)} where {enemies} "
        f"enem{'ies' if enemies != 1 else 'y'} could Strike or Hinder {threat.name} next "
        "turn; hover a space for who and how"
    )


def cover_summary(cover: CoverMap) -> str:
    """The status line of a cover map: how many spots, how many hidden."""
    if cover.reason is not None:
        return f"Cover: {cover.reason}"
    spots, hidden = len(cover.spaces()), int(cover.hidden.sum())
    return (
        f"Cover: {spots} space{'s' * (spots != 1)} {cover.name} can reach this turn, shaded "
        f"by its Concealment Tier from the enemies that see it ({hidden} unseen); hover one"
    )
