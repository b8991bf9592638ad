"""Pointer marks (issue #17): a ping on a hex and a laser trail, flashed on every window that
shows the map — the GM's and the Player View's — and gone again by themselves.

They are transient overlays, never the document: a :class:`PointerOverlay` puts a
:class:`PingItem` (the hex outlined and filled, three rings spreading from its middle) and
draws in a :class:`TrailItem` on each scene it was given, fades them as its clock runs and
takes the pings off when they are done. Nothing reaches the board, the undo stack or the
file. They read by shape as well as by colour, and stay thick on screen at every zoom (the
rings and the trail are sized in screen pixels), so they survive 720p video compression:
a ping is cyan rings around a hex outline (unlike the turn's solid amber ring), the trail a
red line with a dark halo, thinner and fainter toward its tail.

On the players' screen they grow with the window's Scale as the tokens do
(:func:`presentation_scale_of` the scene): a ping's rings spread that much wider and its
pens, and the trail's, are that much thicker; the GM's map keeps them at 100 %.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.scene.rules_overlays import mouse_transparent
from rules import Hex

__all__ = [
    "PING_SECONDS",
    "POINTER_Z",
    "TRAIL_SECONDS",
    "PingItem",
    "PointerOverlay",
    "TrailItem",
    "presentation_scale_of",
]

PING_SECONDS = 1.5  # from the flash to nothing
TRAIL_SECONDS = 0.8  # how long a point of the laser trail stays
TICK_MS = 33  # the fade's frame interval (about 30 frames a second)
POINTER_Z = 9_000.0  # over every map item, under a refusal's note (10 000)

PING_COLOR = QColor("#22E0FF")  # bright cyan: not the turn's amber nor a target's orange
LASER_COLOR = QColor("#FF2D55")
HALO = QColor(10, 12, 20, 210)  # under every stroke, so it reads on light and dark ground
CORE = QColor(255, 255, 255, 230)

RING_FROM_PX, RING_TO_PX = 12.0, 74.0  # a ring's radius on screen as it spreads
RING_PX, RING_HALO_PX = 5.0, 9.0
RINGS = 3
RING_DELAY = 0.16  # of the ping's life between one ring and the next
RING_LIFE = 0.55  # of the ping's life that one ring takes to spread
TRAIL_PX, TRAIL_HALO_PX = 7.0, 12.0

Shows = Callable[[], bool]
"""Whether a scene shows pointer marks now (the Player View: not while paused)."""


def _always() -> bool:
    return True


def presentation_scale_of(scene: QGraphicsScene | None) -> float:
    """How much larger than at 100 % ``scene`` draws its players' presentation (the Player
    Window's Scale on a :class:`~app.scene.map_scene.MapScene`); 1.0 for any other scene."""
    if scene is None:
        return 1.0
    scale = getattr(scene, "presentation_scale", 1.0)
    return float(scale) if isinstance(scale, int | float) and scale > 0 else 1.0


def _pen(color: QColor, width: float, cosmetic: bool = True) -> QPen:
    pen = QPen(color, width)
    pen.setCosmetic(cosmetic)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _faded(color: QColor, alpha: float) -> QColor:
    faded = QColor(color)
    faded.setAlphaF(max(0.0, min(1.0, color.alphaF() * alpha)))
    return faded


class PingItem(QGraphicsItem):
    """One ping on one scene: the hex's outline and a light fill (in scene units) and, on
    its middle, :class:`_PingRings` spreading (in screen pixels). :meth:`set_progress`
    moves it through its life: its opacity falls from 1 to 0 as ``progress`` goes 0 → 1.
    ``grow`` (the players' Scale) widens the outline's pen and the rings that many times."""

    def __init__(
        self, hex_: Hex, outline: QPolygonF, middle: QPointF, size: float, grow: float = 1.0
    ):
        super().__init__()
        mouse_transparent(self)
        self.setZValue(POINTER_Z)
        self.hex = hex_
        self.grow = grow
        self._outline = outline
        self._width = size * 0.16 * grow
        self._bounds = outline.boundingRect().adjusted(
            -self._width, -self._width, self._width, self._width
        )
        self._progress = 0.0
        self.rings = _PingRings(self)
        self.rings.setPos(middle)

    @property
    def progress(self) -> float:
        """How far through its life the ping is: 0 (just made) to 1 (gone)."""
        return self._progress

    def set_progress(self, progress: float) -> None:
        """Show the ping ``progress`` (0–1) through its life: it holds bright, then fades."""
        self._progress = max(0.0, min(1.0, progress))
        self.setOpacity(1.0 - self._progress**2)
        self.update()
        self.rings.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(_faded(PING_COLOR, 0.28))
        painter.setPen(_pen(HALO, self._width * 1.8, cosmetic=False))
        painter.drawPolygon(self._outline)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_pen(PING_COLOR, self._width, cosmetic=False))
        painter.drawPolygon(self._outline)


class _PingRings(QGraphicsItem):
    """The rings of a :class:`PingItem`, the same size on screen at every zoom: a dot in
    the middle and :data:`RINGS` rings, one after another, spreading and thinning out
    (all of it the ping's ``grow`` times larger)."""

    def __init__(self, ping: PingItem):
        super().__init__(ping)
        mouse_transparent(self)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self._ping = ping
        self._grow = ping.grow
        reach = (RING_TO_PX + RING_HALO_PX) * self._grow
        self._bounds = QRectF(-reach, -reach, 2 * reach, 2 * reach)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def radii(self) -> list[tuple[float, float]]:
        """Each ring shown now: its radius in screen pixels and its alpha (0–1)."""
        shown = []
        low, high = RING_FROM_PX * self._grow, RING_TO_PX * self._grow
        for k in range(RINGS):
            phase = (self._ping.progress - k * RING_DELAY) / RING_LIFE
            if 0.0 <= phase <= 1.0:
                spread = 1.0 - (1.0 - phase) ** 2  # quick at first, then slowing
                shown.append((low + (high - low) * spread, 1.0 - phase))
        return shown

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        grow = self._grow
        for radius, alpha in self.radii():
            painter.setPen(_pen(_faded(HALO, alpha), RING_HALO_PX * grow))
            painter.drawEllipse(QPointF(0, 0), radius, radius)
            painter.setPen(_pen(_faded(PING_COLOR, alpha), RING_PX * grow))
            painter.drawEllipse(QPointF(0, 0), radius, radius)
        painter.setPen(_pen(HALO, 3.0 * grow))
        painter.setBrush(PING_COLOR)
        painter.drawEllipse(QPointF(0, 0), 6.0 * grow, 6.0 * grow)


TrailPoint = tuple[QPointF, float]  # a scene point and how faded it is (0 new – 1 gone)


class TrailItem(QGraphicsItem):
    """The laser trail on one scene: polylines through scene points, each segment fainter
    and thinner the older it is, in screen pixels at every zoom (hidden while empty), as
    thick as its scene's :func:`presentation_scale_of` says."""

    def __init__(self) -> None:
        super().__init__()
        mouse_transparent(self)
        self.setZValue(POINTER_Z + 1)
        self._strokes: list[list[TrailPoint]] = []
        self._bounds = QRectF()
        self.hide()

    @property
    def strokes(self) -> list[list[TrailPoint]]:
        """The polylines drawn now, each a list of (scene point, fade)."""
        return [list(stroke) for stroke in self._strokes]

    def set_strokes(self, strokes: Sequence[Sequence[TrailPoint]]) -> None:
        """Draw ``strokes`` (those of two points or more); hide when there is none."""
        self.prepareGeometryChange()
        self._strokes = [list(stroke) for stroke in strokes if len(stroke) >= 2]
        points = [point for stroke in self._strokes for point, _fade in stroke]
        if points:
            margin = TRAIL_HALO_PX * self.grow / self._smallest_zoom()
            self._bounds = (
                QPolygonF(points).boundingRect().adjusted(-margin, -margin, margin, margin)
            )
        else:
            self._bounds = QRectF()
        self.setVisible(bool(self._strokes))
        self.update()

    def _smallest_zoom(self) -> float:
        scene = self.scene()
        zooms = [view.transform().m11() for view in scene.views()] if scene else []
        return max(1e-3, min(zooms, default=1.0))

    @property
    def grow(self) -> float:
        """How many times thicker than at 100 % the trail is drawn (its scene's Scale)."""
        return presentation_scale_of(self.scene())

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        grow = self.grow
        segments = [
            (a, b, 1.0 - max(fade_a, fade_b))
            for stroke in self._strokes
            for (a, fade_a), (b, fade_b) in itertools.pairwise(stroke)
        ]
        for color, px in ((HALO, TRAIL_HALO_PX), (LASER_COLOR, TRAIL_PX), (CORE, 2.0)):
            width = px * grow
            for a, b, alpha in segments:
                painter.setPen(_pen(_faded(color, alpha), width * (0.45 + 0.55 * alpha)))
                painter.drawLine(a, b)


@dataclass
class _Ping:
    hex: Hex
    born: float
    items: list[PingItem] = field(default_factory=list)


@dataclass
class _Shown:
    scene: QGraphicsScene
    shows: Shows
    trail: TrailItem


class PointerOverlay(QObject):
    """The pings and the laser trail of one map, drawn on every scene :meth:`add_scene` was
    given; a timer (:attr:`timer`) fades them with ``clock`` (seconds; a test may pass its
    own and call :meth:`advance`). Each scene gets its own items, placed by its own
    geometry (``scene.geometry``)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, parent: QObject | None = None):
        super().__init__(parent)
        self._clock = clock
        self._shown: list[_Shown] = []
        self._pings: list[_Ping] = []
        self._strokes: list[list[tuple[QPointF, float]]] = []  # points and when drawn
        self._drawing = False  # the last stroke still grows
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.advance)

    # -- scenes --------------------------------------------------------------------------
    def add_scene(self, scene: QGraphicsScene, shows: Shows | None = None) -> None:
        """Draw the marks on ``scene`` too, whenever ``shows()`` says so (always, by
        default); a scene added twice is drawn on once."""
        if any(shown.scene is scene for shown in self._live()):
            return
        trail = TrailItem()
        scene.addItem(trail)
        self._shown.append(_Shown(scene, shows or _always, trail))

    def remove_scene(self, scene: QGraphicsScene) -> None:
        """Stop drawing on ``scene`` and take its marks off."""
        for shown in [s for s in self._live() if s.scene is scene]:
            self._shown.remove(shown)
            scene.removeItem(shown.trail)
        for ping in self._pings:
            for item in [i for i in ping.items if i.scene() is scene]:
                ping.items.remove(item)
                scene.removeItem(item)

    def scenes(self) -> list[QGraphicsScene]:
        """The scenes drawn on."""
        return [shown.scene for shown in self._live()]

    def _live(self) -> list[_Shown]:
        """The scenes given, without those deleted since (a closed window's)."""
        self._shown = [s for s in self._shown if shiboken6.isValid(s.scene)]
        return self._shown

    # -- marks ---------------------------------------------------------------------------
    def ping(self, hex_: Hex) -> None:
        """Flash ``hex_`` on every scene that shows marks now; it fades out in
        :data:`PING_SECONDS`."""
        ping = _Ping(hex_, self._clock())
        for shown in self._live():
            if not shown.shows():
                continue
            geometry = shown.scene.geometry  # type: ignore[attr-defined]
            grow = presentation_scale_of(shown.scene)
            item = PingItem(
                hex_, geometry.polygon(hex_), geometry.center(hex_), geometry.size, grow
            )
            shown.scene.addItem(item)
            ping.items.append(item)
        self._pings.append(ping)
        self.timer.start()

    def trail_to(self, point: QPointF) -> None:
        """Draw the laser trail on to the scene point ``point`` (a new stroke after
        :meth:`end_trail`); each point fades out in :data:`TRAIL_SECONDS`."""
        if not self._drawing or not self._strokes:
            self._strokes.append([])
            self._drawing = True
        self._strokes[-1].append((QPointF(point), self._clock()))
        self._show_trail(self._clock())
        self.timer.start()

    def end_trail(self) -> None:
        """The stroke is done (the key was let go): it fades; the next point starts anew."""
        self._drawing = False

    def pings_on(self, scene: QGraphicsScene) -> list[PingItem]:
        """The ping items on ``scene`` now."""
        return [item for ping in self._pings for item in ping.items if item.scene() is scene]

    def trail_on(self, scene: QGraphicsScene) -> TrailItem | None:
        """The trail item of ``scene`` (``None`` if the scene was not given)."""
        return next((s.trail for s in self._live() if s.scene is scene), None)

    @property
    def active(self) -> bool:
        """True while a ping or a trail is still shown."""
        return bool(self._pings or any(self._strokes))

    def advance(self) -> None:
        """One frame: fade every mark by the clock, take off those that are done, and stop
        the timer when nothing is left."""
        now = self._clock()
        for ping in list(self._pings):
            progress = (now - ping.born) / PING_SECONDS
            if progress >= 1.0:
                self._take_off(ping)
            else:
                for item in ping.items:
                    item.set_progress(progress)
        self._show_trail(now)
        if not self.active:
            self.timer.stop()

    def _take_off(self, ping: _Ping) -> None:
        self._pings.remove(ping)
        for item in ping.items:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)

    def _show_trail(self, now: float) -> None:
        kept = []
        for index, stroke in enumerate(self._strokes):
            points = [(point, drawn) for point, drawn in stroke if now - drawn < TRAIL_SECONDS]
            growing = self._drawing and index == len(self._strokes) - 1
            if points or growing:
                kept.append(points)
        self._strokes = kept
        strokes = [[(point, _fade(now - drawn)) for point, drawn in stroke] for stroke in kept]
        for shown in self._live():
            shown.trail.set_strokes(strokes if shown.shows() else [])


def _fade(age: float) -> float:
    """How faded a trail point ``age`` seconds old is: 0 (new) to 1 (gone)."""
    return max(0.0, min(1.0, age / TRAIL_SECONDS))
