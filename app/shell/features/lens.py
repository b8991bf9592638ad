"""LensFeature: the tactical lens (issue #19) — the rules answer "where" questions for the
selected creature as shading on the GM's map, with the reasons on hover.

Lens → Threat (``T``), Cover (``V``), Best Aim (``Shift+A``) and Safest Path
(``Shift+P``) each toggle one :mod:`rules.lens` query drawn by :mod:`app.scene.lens_items`.
None changes the map; each follows the document live (a move, undo, redo, Rules Options)
and the selection; the Safest Path goes to the space under the mouse. They are drawn on the
GM's scene only: the Player View never shows them. A click on a Best Aim ghost aims the
Area tool there (Enter or a second click pins it, one undo step); a click on a token
keeps selecting and dragging it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip

from app.scene.lens_items import COVER_STYLE, THREAT_STYLE, Ghost, GhostAims, LensPaths, LensShade
from app.shell.features.rules_tools import RulesToolsFeature
from app.shell.workbench import Workbench
from app.tools.area import AreaSettings
from rules import Hex, TokenKind
from rules.areas import AreaKind

if TYPE_CHECKING:
    from rules.areas import AreaTemplate
    from rules.lens import (
        AimCandidate,
        BestAim,
        CoverMap,
        FieldCache,
        PathChoice,
        SafestPath,
        ThreatMap,
    )

__all__ = ["LENS_NAMES", "NO_AIM_KIND", "NO_SUBJECT", "LensFeature"]

LENS_NAMES = {"threat": "Threat", "cover": "Cover", "aim": "Best Aim", "path": "Safest Path"}
"""Each lens by id, as the menu and the status bar name it."""

NO_SUBJECT = "Select one creature: the lens answers for it"
NO_AIM_KIND = "Best Aim is for a Line, Cone or Burst: choose one in the Areas dock"

AIMED_KINDS = (AreaKind.LINE, AreaKind.CONE, AreaKind.BURST)
"""The Areas Best Aim looks for (an Aura moves with its source, a Self Area has no aim)."""

AimAt = Callable[["AreaTemplate", Hex | None], object]


class LensFeature:
    """Owns the lens overlays on the GM's scene and keeps them in step with the map."""

    def __init__(self, bench: Workbench, rules_tools: RulesToolsFeature):
        self._bench = bench
        self._area_settings: AreaSettings = rules_tools.area_settings
        self._aim_at: AimAt = rules_tools.aim_template
        rules_tools.settings_followers.append(self._on_area_settings_changed)
        self._on: set[str] = set()
        self._cache: FieldCache | None = None
        self._shades: dict[str, LensShade] = {}
        self._ghosts: GhostAims | None = None
        self._paths: LensPaths | None = None
        self.threat: ThreatMap | None = None
        self.cover: CoverMap | None = None
        self.aim: BestAim | None = None
        self.path: SafestPath | None = None
        bench.scene.selection_changed.connect(self._on_selection_changed)
        bench.current.changed.connect(self._on_document_changed)
        bench.scene.hovered.connect(self._on_hovered)

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
        elif lens not in ("path",):
            self._bench.status.say(self._summary(lens), 6000)
        return True

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
        if self.aim is not None and self._ghosts is not None and "aim" in self._on:
            k = self._ghosts.candidate_at(h)
            if k is not None:
                parts.append(f"Best aim {k + 1}: {self.aim.candidates[k].describe()}; click to aim")
        return tuple(p for p in parts if p)

    def pick(self, h: Hex) -> bool:
        """A click on ``h`` with the Select tool: on a Best Aim ghost, aim the Area tool
        there; True if taken (other tools keep their clicks)."""
        scene = self._bench.scene
        if scene.tool is not scene.select_tool or "aim" not in self._on:
            return False
        if self._ghosts is None or self.aim is None:
            return False
        k = self._ghosts.candidate_at(h)
        if k is None:
            return False
        if scene.board.tokens_at(h) and h not in self._ghosts.ghosts[k].origin:
            return False  # a token inside a ghost keeps its click: select it, drag it
        self._aim_at(self.aim.candidates[k].template, h)
        return True

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

    def _refresh_all(self) -> None:
        for lens in self._on:
            self._refresh(lens)

    def _refresh(self, lens: str) -> None:
        refresh = {
            "threat": self._refresh_threat,
            "cover": self._refresh_cover,
            "aim": self._refresh_aim,
            "path": lambda: self._refresh_path(self._bench.scene.hovered_hex),
        }
        refresh[lens]()
        self._bench.scene.pick_filter = self.pick if "aim" in self._on else None

    def _clear(self, lens: str) -> None:
        if lens in self._shades:
            self._shades[lens].clear()
        if lens == "threat":
            self.threat = None
        elif lens == "cover":
            self.cover = None
        elif lens == "aim":
            self.aim = None
            if self._ghosts is not None:
                self._ghosts.clear()
            self._bench.scene.pick_filter = None
        elif lens == "path":
            self.path = None
            if self._paths is not None:
                self._paths.clear()

    def _refresh_threat(self) -> None:
        from rules.lens import FieldCache, threat_map

        subject, board = self.subject(), self._bench.current.board
        if subject is None:
            self.threat = None
            self._shade("threat").clear()
            return
        if self._cache is None:
            self._cache = FieldCache()
        self.threat = threat_map(board, subject, cache=self._cache)
        self._shade("threat").set_values(
            {h: self.threat.count(h) for h in self.threat.spaces()}, self._bench.scene.geometry
        )

    def _refresh_cover(self) -> None:
        from rules.lens import cover_map

        subject, board = self.subject(), self._bench.current.board
        if subject is None:
            self.cover = None
            self._shade("cover").clear()
            return
        self.cover = cover_map(board, subject)
        spaces = self.cover.spaces()
        values = {h: self.cover.tier(h) or 0 for h in spaces}
        self._shade("cover").set_values(values, self._bench.scene.geometry, edge_of=spaces)

    def _refresh_aim(self) -> None:
        from rules.lens import best_aim

        subject, board, settings = self.subject(), self._bench.current.board, self._area_settings
        ghosts = self._ghost_item()
        if subject is None or settings.kind not in AIMED_KINDS:
            self.aim = None
            ghosts.clear()
            return
        range_value = settings.range_value if settings.check_range else None
        exclude = settings.exclude_caster and settings.kind is AreaKind.BURST
        self.aim = best_aim(
            board, subject, settings.kind, settings.value, range_value, exclude_caster=exclude
        )
        ghosts.set_ghosts(
            [
                Ghost(frozenset(c.result.spaces), tuple(c.result.origin), c.rank, aim_caption(c))
                for c in self.aim.candidates
            ],
            self._bench.scene.geometry,
        )

    def _refresh_path(self, goal: Hex | None) -> None:
        from rules.lens import safest_path

        subject, board = self.subject(), self._bench.current.board
        paths = self._path_item()
        if subject is None or goal is None or not board.contains(goal):
            self.path = None
            paths.clear()
            return
        if board.token(subject).position == goal:
            self.path = None
            paths.clear()
            return
        self.path = safest_path(board, subject, goal)
        shown: list[tuple[tuple[Hex, ...], str]] = []
        if self.path.cheapest is not None:
            shown.append((self.path.cheapest.path, path_caption(self.path.cheapest)))
        if self.path.safest is not None and not self.path.same_path:
            shown.append((self.path.safest.path, path_caption(self.path.safest)))
        paths.set_paths(shown, self._bench.scene.geometry)

    def _summary(self, lens: str) -> str:
        """The status line as a lens comes on."""
        if lens == "threat" and self.threat is not None:
            return threat_summary(self.threat)
        if lens == "cover" and self.cover is not None:
            return cover_summary(self.cover)
        if lens == "aim":
            return NO_AIM_KIND if self.aim is None else self.aim.describe()
        return f"{LENS_NAMES[lens]} lens on"

    # -- the items -----------------------------------------------------------------------
    def _shade(self, lens: str) -> LensShade:
        if lens not in self._shades:
            style = THREAT_STYLE if lens == "threat" else COVER_STYLE
            item = LensShade(self._bench.scene.geometry, style)
            self._bench.scene.addItem(item)
            self._shades[lens] = item
        return self._shades[lens]

    def _ghost_item(self) -> GhostAims:
        if self._ghosts is None:
            self._ghosts = GhostAims(self._bench.scene.geometry)
            self._bench.scene.addItem(self._ghosts)
        return self._ghosts

    def _path_item(self) -> LensPaths:
        if self._paths is None:
            self._paths = LensPaths(self._bench.scene.geometry)
            self._bench.scene.addItem(self._paths)
        return self._paths


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


def aim_caption(candidate: AimCandidate) -> str:
    """A ghost's caption, a part a line: ``3 enemies · no ally``."""
    enemies, allies = len(candidate.enemies), len(candidate.allies)
    hit = f"{enemies} enem{'ies' if enemies != 1 else 'y'}"
    spared = "no ally" if not allies else f"{allies} all{'ies' if allies != 1 else 'y'}"
    return f"{hit} · {spared}"


def path_caption(choice: PathChoice) -> str:
    """A path's caption on the map, a part a line: ``safest · 6 Movement · 0 Hinder``."""
    hinder = choice.hinder_count
    who = f" ({', '.join(c.name for c in choice.hinderers)})" if hinder else ""
    return f"{choice.label} · {choice.paid} Movement · {hinder} Hinder{who}"
