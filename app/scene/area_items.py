"""Area templates on the map: the live aim preview, pinned templates and the range dimmer.

Covered spaces are hatched *and* tinted (a pattern, not only a colour); the origin is the
solid dark space of the rules' pictures ([S000] "The black space is the origin space");
spaces walls cut off are dotted; an illegal aim is drawn with a red cross-hatch and its
reason goes to the status bar. The caption (template, caster, hits) keeps its size on
screen and sits by the origin, clear of the tokens. Pinned templates follow the document:
an Aura is drawn from its source token's current spaces, so it moves with it. On the
players' screen (a scene whose ``player`` is true) pinned templates are clipped to the
spaces the players may see (:class:`~app.scene.fog_clip.FogClip`): nothing under fog.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.scene.fog_clip import FogClip
from app.scene.geometry import SceneGeometry
from app.scene.label_placement import place_screen_labels
from app.scene.measure_items import RulerLabelItem
from app.scene.rules_overlays import boundary_path
from rules import AreaResult, Board, Hex, RuleOptions, aim

AIM_COLOR = QColor("#E69F00")  # Okabe–Ito orange
PINNED_COLOR = QColor("#56B4E9")  # Okabe–Ito sky blue
REFUSED_COLOR = QColor("#D55E00")  # Okabe–Ito vermillion
ORIGIN_COLOR = QColor(20, 20, 20, 220)
PINNED_Z = -15  # over the terrain and the range dimmer, under the tokens


class AreaItem(QGraphicsItem):
    """One Area on the map: covered spaces, origin, cut-off spaces and a caption."""

    def __init__(self, geometry: SceneGeometry, color: QColor = AIM_COLOR, z: float = -10):
        super().__init__()
        self.setZValue(z)
        self._geometry = geometry
        self._color = color
        self._covered = QPainterPath()
        self._origin = QPainterPath()
        self._stopped = QPainterPath()
        self._highlight = QPainterPath()
        self._legal = True
        self.caption_label = RulerLabelItem("", QPointF(), color)
        self.caption_label.setParentItem(self)
        self.caption_label.hide()
        self.result: AreaResult | None = None

    def show_result(
        self, result: AreaResult, geometry: SceneGeometry, caption: str, pinned: bool = False
    ) -> None:
        """Draw ``result`` (an aim from :func:`rules.aim`) with ``caption`` by its origin;
        ``pinned`` draws it as placed even if aiming it now would be refused."""
        self.prepareGeometryChange()
        self._geometry = geometry
        self.result = result
        self._legal = result.legal or pinned
        self._covered = geometry.hexes_path(result.spaces)
        self._origin = geometry.hexes_path(result.origin)
        self._stopped = geometry.hexes_path(result.stopped)
        self._highlight = QPainterPath()
        self._show_caption(caption, result, geometry)
        self.update()

    def _show_caption(self, caption: str, result: AreaResult, geometry: SceneGeometry) -> None:
        """The caption, the same size on screen at every zoom, by the origin and clear of
        the tokens (:mod:`app.scene.label_placement`; placed again with each aim)."""
        label = self.caption_label
        label.border = self._color if self._legal else REFUSED_COLOR
        label.set_text(caption)
        label.setPos(geometry.center(result.origin[0]) if result.origin else QPointF())
        label.setVisible(bool(caption))
        scene = self.scene()
        if caption and scene is not None:
            place_screen_labels(scene, [label])

    def highlight(self, hexes: Iterable[Hex]) -> None:
        """Outline ``hexes`` boldly (a subject hovered in the hit list); empty clears it."""
        self.prepareGeometryChange()
        self._highlight = self._geometry.hexes_path(hexes)
        self.update()

    @property
    def caption(self) -> str:
        """The text written by the origin (``"Aura 1 on Mage · 2 hit"``)."""
        return self.caption_label.text

    @property
    def highlighted(self) -> bool:
        """Whether a subject is outlined (hovered in the hit list)."""
        return not self._highlight.isEmpty()

    def boundingRect(self) -> QRectF:
        rect = self._covered.boundingRect() | self._stopped.boundingRect()
        rect |= self._origin.boundingRect() | self._highlight.boundingRect()
        return rect.adjusted(-8, -8, 8, 8)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        color = self._color if self._legal else REFUSED_COLOR
        tint = QColor(color)
        tint.setAlpha(70)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(tint)
        painter.drawPath(self._covered)
        style = Qt.BrushStyle.BDiagPattern if self._legal else Qt.BrushStyle.DiagCrossPattern
        painter.setBrush(QBrush(color.darker(160), style))
        painter.drawPath(self._covered)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(color.darker(130), 2.5, Qt.PenStyle.SolidLine))
        painter.drawPath(self._covered)
        painter.setPen(QPen(color, 2, Qt.PenStyle.DotLine))
        painter.setBrush(QBrush(color, Qt.BrushStyle.Dense7Pattern))
        painter.drawPath(self._stopped)
        painter.setPen(QPen(QColor("white"), 2))
        painter.setBrush(ORIGIN_COLOR)
        painter.drawPath(self._origin)
        if not self._highlight.isEmpty():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("white"), 6))
            painter.drawPath(self._highlight)
            painter.setPen(QPen(QColor("black"), 3, Qt.PenStyle.DashLine))
            painter.drawPath(self._highlight)


class RangeDimItem(QGraphicsItem):
    """Dims every space outside the allowed origin spaces, and outlines the allowed ones."""

    def __init__(self, rect: QRectF):
        super().__init__()
        self.setZValue(-20)  # over the terrain, under areas and tokens
        self._rect = rect
        self._outside = QPainterPath()
        self._inside = QPainterPath()

    def set_allowed(self, geometry: SceneGeometry, rect: QRectF, hexes: Iterable[Hex]) -> None:
        """Dim all of ``rect`` except ``hexes``."""
        self.prepareGeometryChange()
        self._rect = rect
        self._inside = boundary_path(hexes, geometry)
        outside = QPainterPath()
        outside.addRect(rect)
        self._outside = outside.subtracted(self._inside)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawPath(self._outside)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("white"), 2, Qt.PenStyle.DashLine))
        painter.drawPath(self._inside)


class PinnedAreaLayer:
    """The templates pinned to the map (``Board.areas``), one :class:`AreaItem` each.

    Re-aimed on every sync, so an Aura follows its source token and walls or options
    changed later show at once. A pinned template is a fact on the map: it is drawn in
    the pinned style even if its caster has since moved so that aiming it again would be
    refused. On the players' screen the items are children of :attr:`fog_clip`, so no
    template is drawn over a fogged space.
    """

    def __init__(self, scene: QGraphicsScene):
        self._scene = scene
        self._items: dict[str, AreaItem] = {}
        self.fog_clip: FogClip | None = None
        if getattr(scene, "player", False):
            self.fog_clip = FogClip(PINNED_Z)
            scene.addItem(self.fog_clip)

    def sync(self, board: Board, geometry: SceneGeometry) -> None:
        """Match the items to ``board.areas`` (and, for players, the clip to its fog)."""
        for area_id in [i for i in self._items if i not in board.areas]:
            self._scene.removeItem(self._items.pop(area_id))
        if self.fog_clip is not None:
            self.fog_clip.set_board(board, geometry)
        options = RuleOptions.of(board.options)
        for area in board.areas.values():
            item = self._items.get(area.id)
            if item is None:
                item = self._items[area.id] = AreaItem(geometry, PINNED_COLOR, z=PINNED_Z)
                if self.fog_clip is not None:
                    self.fog_clip.adopt(item)
                else:
                    self._scene.addItem(item)
            result = aim(board, area, options)
            item.show_result(result, geometry, area.title, pinned=True)

    def clear(self) -> None:
        """Remove every item (a map was closed)."""
        for item in self._items.values():
            self._scene.removeItem(item)
        self._items.clear()

    def item(self, area_id: str) -> AreaItem | None:
        """The item drawing pinned template ``area_id``."""
        return self._items.get(area_id)
