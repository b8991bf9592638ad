"""What a conflict action shows on the map (issue #7): the creatures it may target while
one is being chosen, the range bands of a ranged attack, and the result once rolled.

They only paint; everything comes from :mod:`rules.actions`. Colour is never the only cue
(Okabe–Ito colours, for colour-blind eyes and shared screens):

- a target that may be chosen gets a dashed ring and a small "◎" badge on its top corner,
  one that may not a thin dotted grey ring (its reason is in the status bar when hovered),
  the one picked a solid ring;
- a hit gets a double-line solid ring with a "✔ HIT" badge, a miss a dash-dot ring with
  "✘ MISS" (the glyph alone when the hex is small on screen), a moved token an arrow from
  where it was, a space attacked or shoved into a cross-hatch;
- range bands are hex rings at each increment's edge, labelled with their penalty.

Rings and badges are :mod:`app.scene.token_marks` marks (every overlay here is a
:class:`~app.scene.token_marks.MarksItem`): each kind on its own ring and corner, pens and
badges sized from the hex on screen, so no mark covers a neighbour or hides another mark;
the target picked keeps a solid ring while the Action dock is open
(:class:`PickedTargetItem`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.measure_items import RulerLabelItem
from app.scene.style import cosmetic_pen
from app.scene.token_marks import (
    HIT,
    MISS,
    PICKED,
    REFUSED,
    TARGET,
    MarksItem,
    paint_marks,
    token_mark,
)
from rules import Hex, Token
from rules.hexes import distance, ring

__all__ = ["ActionResultItem", "PickedTargetItem", "RangeBandsItem", "TargetChoiceItem"]

CHOICE_COLOR = TARGET.color  # Okabe–Ito orange
HIT_COLOR = HIT.color  # vermillion
MISS_COLOR = MISS.color  # sky blue
MOVED_COLOR = QColor("#F0E442")  # yellow
BAND_COLOR = QColor("#CC79A7")  # reddish purple
HALO = QColor(0, 0, 0, 210)
ACTION_Z = 74  # over the movement path (72) and the ruler (70)


class _Overlay(MarksItem):
    """A :class:`~app.scene.token_marks.MarksItem` that also paints layers of paths and
    owns screen labels; its marks and their badge boxes are the MarksItem's
    (:meth:`set_marks` first: it starts the bounding rect again, :meth:`_grow` adds)."""

    def __init__(self) -> None:
        super().__init__(z=ACTION_Z)
        self.labels: list[RulerLabelItem] = []

    def _label(self, text: str, anchor: QPointF, color: QColor) -> None:
        label = RulerLabelItem(text, anchor, color, below=True)
        label.setParentItem(self)
        self.labels.append(label)

    def _grow(self, path: QPainterPath) -> None:
        self._rect = self._rect.united(path.boundingRect().adjusted(-8, -8, 8, 8))


class TargetChoiceItem(_Overlay):
    """While a target is being chosen: who may be (``allowed``) and who may not."""

    def __init__(self, geometry: SceneGeometry, allowed: Iterable[Token], refused: Iterable[Token]):
        super().__init__()
        allowed, refused = list(allowed), list(refused)
        everyone = [*allowed, *refused]
        marks = [token_mark(REFUSED, geometry, t, everyone) for t in refused]
        self.set_marks(marks + [token_mark(TARGET, geometry, t, everyone) for t in allowed])


class PickedTargetItem(_Overlay):
    """The target picked for the action in the Action dock: a solid orange ring and a "◎"
    badge on its top corner, shown while the dock is open (until an outcome marks it)."""

    def __init__(self, geometry: SceneGeometry, target: Token, others: Iterable[Token]):
        super().__init__()
        self.token_id = target.id
        self.set_marks([token_mark(PICKED, geometry, target, list(others))])


class RangeBandsItem(_Overlay):
    """Range increments around ``attacker``: the spaces at the outer edge of each band,
    hatched and outlined (solid for the weapon's own range, dashed beyond), each labelled
    with its penalty ("−1" for the second increment …), up to ``limit`` extra increments
    and only where ``on_map`` says a space is on the map."""

    def __init__(
        self,
        geometry: SceneGeometry,
        attacker: Token,
        weapon_range: int,
        limit: int,
        on_map: Callable[[Hex], bool],
    ):
        super().__init__()
        self._bands: list[QPainterPath] = []
        for extra in range(0, limit + 1):
            outer = weapon_range * (extra + 1)
            edge = _band_edge(attacker, outer, on_map)
            if not edge:
                break
            path = geometry.hexes_path(edge)
            self._bands.append(path)
            self._grow(path)
            text = "in range" if extra == 0 else f"−{extra}"
            where = min(edge, key=lambda h: (h.r, h.q))
            self._label(f"{text} · ≤ {outer}", geometry.center(where), BAND_COLOR)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        tint = QColor(BAND_COLOR)
        tint.setAlpha(150)
        for index, path in enumerate(self._bands):
            style = Qt.PenStyle.SolidLine if index == 0 else Qt.PenStyle.DashLine
            painter.setPen(cosmetic_pen(BAND_COLOR, 2 if index == 0 else 1, style))
            painter.setBrush(QBrush(tint, Qt.BrushStyle.BDiagPattern))
            painter.drawPath(path)


def _band_edge(attacker: Token, outer: int, on_map: Callable[[Hex], bool]) -> list[Hex]:
    """The spaces exactly ``outer`` from the nearest space of ``attacker``, on the map."""
    edge = {h for a in attacker.footprint for h in ring(a, outer)}
    return [
        h for h in edge if on_map(h) and min(distance(a, h) for a in attacker.footprint) == outer
    ]


class ActionResultItem(_Overlay):
    """An action's result: hit and missed targets, moved tokens (arrow from where they
    were), and the spaces it touched."""

    def __init__(
        self,
        geometry: SceneGeometry,
        tokens: Mapping[str, Token],
        hit: Iterable[str],
        missed: Iterable[str],
        moved_from: Mapping[str, Hex],
        spaces: Iterable[Hex],
    ):
        super().__init__()
        self.hit = tuple(i for i in hit if i in tokens)
        self.missed = tuple(i for i in missed if i in tokens)
        everyone = list(tokens.values())
        marks = [token_mark(HIT, geometry, tokens[i], everyone) for i in self.hit]
        self.set_marks(
            marks + [token_mark(MISS, geometry, tokens[i], everyone) for i in self.missed]
        )
        self._spaces = geometry.hexes_path(spaces)
        self._arrows = [
            (geometry.center(moved_from[i]), geometry.center(tokens[i].position))
            for i in moved_from
            if i in tokens
        ]
        self._grow(self._spaces)
        for a, b in self._arrows:
            self._rect = self._rect.united(QRectF(a, b).normalized().adjusted(-20, -20, 20, 20))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if not self._spaces.isEmpty():
            painter.setPen(cosmetic_pen(MOVED_COLOR, 2, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(MOVED_COLOR, Qt.BrushStyle.DiagCrossPattern))
            painter.drawPath(self._spaces)
        for a, b in self._arrows:
            painter.setPen(cosmetic_pen(HALO, 7, round_ends=True))
            painter.drawLine(a, b)
            painter.setPen(cosmetic_pen(MOVED_COLOR, 4, round_ends=True))
            painter.drawLine(a, b)
            painter.setBrush(MOVED_COLOR)
            painter.drawEllipse(b, 5, 5)
        paint_marks(
            painter, self.marks, self.avoided(painter)
        )  # over the arrows: the badges stay readable
