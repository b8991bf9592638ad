"""The lens on one scene (issue #19): the items of :mod:`app.scene.lens_items` made on
first use, and how each :mod:`rules.lens` answer is drawn with them — the GM's scene, and
the Player View's when the GM shows the lens there."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGraphicsItem

from app.scene.geometry import SceneGeometry
from app.scene.lens_items import (
    COVER_STYLE,
    THREAT_STYLE,
    Ghost,
    GhostAims,
    LensPaths,
    LensShade,
)
from rules import Hex

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene
    from rules.lens import AimCandidate, BestAim, CoverMap, PathChoice, SafestPath, ThreatMap

__all__ = ["LensLayer", "aim_caption", "path_caption"]


class LensLayer:
    """The lens items on one scene (the GM's, or the Player View's when the GM shows it
    there), made on first use, and how each rules answer is drawn on them."""

    def __init__(self, scene: MapScene, add: Callable[[QGraphicsItem], None]):
        self._scene = scene
        self._add = add
        self._shades: dict[str, LensShade] = {}
        self._ghosts: GhostAims | None = None
        self._paths: LensPaths | None = None

    @property
    def geometry(self) -> SceneGeometry:
        """The scene's hex geometry now (it changes with the map)."""
        return self._scene.geometry

    def shade(self, lens: str) -> LensShade:
        """The shade of ``lens`` (``"threat"`` or ``"cover"``)."""
        if lens not in self._shades:
            item = LensShade(self.geometry, THREAT_STYLE if lens == "threat" else COVER_STYLE)
            self._add(item)
            self._shades[lens] = item
        return self._shades[lens]

    def ghosts(self) -> GhostAims:
        """The Best Aim ghosts."""
        if self._ghosts is None:
            self._ghosts = GhostAims(self.geometry)
            self._add(self._ghosts)
        return self._ghosts

    def paths(self) -> LensPaths:
        """The Safest Path's two paths."""
        if self._paths is None:
            self._paths = LensPaths(self.geometry)
            self._add(self._paths)
        return self._paths

    def clear(self, lens: str) -> None:
        """Draw nothing of ``lens``."""
        if lens in ("threat", "cover"):
            self.shade(lens).clear()
        elif lens == "aim":
            self.ghosts().clear()
        elif lens == "path":
            self.paths().clear()

    def draw_threat(self, threat: ThreatMap | None) -> None:
        """Shade each threatened space by how many threaten it."""
        if threat is None:
            self.clear("threat")
            return
        values = {h: threat.count(h) for h in threat.spaces()}
        self.shade("threat").set_values(values, self.geometry)

    def draw_cover(self, cover: CoverMap | None) -> None:
        """Shade each space within reach by its Tier, the edge round them all."""
        if cover is None:
            self.clear("cover")
            return
        spaces = cover.spaces()
        values = {h: cover.tier(h) or 0 for h in spaces}
        self.shade("cover").set_values(values, self.geometry, edge_of=spaces)

    def draw_aim(self, aim: BestAim | None) -> None:
        """A ghost per candidate, best first."""
        if aim is None:
            self.clear("aim")
            return
        ghosts = [
            Ghost(frozenset(c.result.spaces), tuple(c.result.origin), c.rank, aim_caption(c))
            for c in aim.candidates
        ]
        self.ghosts().set_ghosts(ghosts, self.geometry)

    def draw_path(self, path: SafestPath | None) -> None:
        """The cheapest path, and the safest when it differs."""
        if path is None:
            self.clear("path")
            return
        shown: list[tuple[tuple[Hex, ...], str]] = []
        if path.cheapest is not None:
            shown.append((path.cheapest.path, path_caption(path.cheapest)))
        if path.safest is not None and not path.same_path:
            shown.append((path.safest.path, path_caption(path.safest)))
        self.paths().set_paths(shown, self.geometry)


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
