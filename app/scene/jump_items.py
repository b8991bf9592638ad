"""Movement overlays: the landing spaces of a jump, marked hexes, and large captions.

They only paint what a rules answer says and never change the model. Each reads by shape
as well as colour (Okabe–Ito): a landing paid this turn has a *solid* bluish-green outline
over a tint; one the Movement left does not cover has a *dashed* orange outline over a
hatch ("stays in the air"); the take-off space has a sky-blue ring. Pens are cosmetic
(the same pixels at every zoom) over a dark halo, and the numbers are drawn at a fixed
screen size, so they stay legible on a shared screen.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from app.scene.style import cosmetic_pen
from rules import Hex
from rules.movement import JumpLandings

LANDING_Z = 55  # over tokens and area overlays (50), under labels (60) and rulers (70)
CAPTION_Z = 75
PAID = QColor("#009E73")  # Okabe–Ito bluish green: lands this turn
IN_AIR = QColor("#E69F00")  # Okabe–Ito orange: stays in the air
TAKE_OFF = QColor("#56B4E9")  # Okabe–Ito sky blue
HALO = QColor(0, 0, 0, 210)
TEXT_BOX = QColor(0, 0, 0, 200)
NUMBER_PIXELS = 15  # on-screen size of the cost numbers
NUMBERS_FROM = 30.0  # on-screen hex width (px) from which cost numbers are written


def haloed(
    painter: QPainter, path: QPainterPath, color: QColor, width: float, style: Qt.PenStyle
) -> None:
    """Stroke ``path`` in ``color`` (``width`` screen pixels, ``style``) over a dark halo."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(cosmetic_pen(HALO, width + 3, round_ends=True))
    painter.drawPath(path)
    painter.setPen(cosmetic_pen(color, width, style, round_ends=style == Qt.PenStyle.SolidLine))
    painter.drawPath(path)


def screen_hex_px(painter: QPainter, geometry: SceneGeometry) -> float:
    """How wide a hex is on screen at the painter's zoom, in pixels."""
    lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    return lod * geometry.layout.width


def draw_screen_text(
    painter: QPainter, at: QPointF, text: str, pixels: int = NUMBER_PIXELS
) -> None:
    """``text`` centred on scene point ``at``, white bold on a dark box, ``pixels`` high on
    screen whatever the zoom."""
    device = painter.worldTransform().map(at)
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(True)
    metrics = QFontMetricsF(font)
    box = QRectF(0, 0, metrics.horizontalAdvance(text) + 8, metrics.height() + 2)
    box.moveCenter(device)
    painter.save()
    painter.resetTransform()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(TEXT_BOX)
    painter.drawRoundedRect(box, 4, 4)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


class HexMarksItem(QGraphicsItem):
    """Hexes outlined in ``color`` with pen ``style`` over a ``pattern`` fill in the same
    colour (e.g. the surfaces a falling creature may grab: dashed, dotted fill)."""

    def __init__(
        self,
        geometry: SceneGeometry,
        hexes: Iterable[Hex],
        color: QColor,
        style: Qt.PenStyle = Qt.PenStyle.DashLine,
        pattern: Qt.BrushStyle = Qt.BrushStyle.Dense5Pattern,
    ):
        super().__init__()
        self.setZValue(LANDING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hexes = frozenset(hexes)
        self._path = geometry.hexes_path(self.hexes)
        self._color, self._style, self._pattern = color, style, pattern
        self._pad = geometry.size

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-self._pad, -self._pad, self._pad, self._pad)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        tint = QColor(self._color)
        tint.setAlpha(150)
        painter.fillPath(self._path, QBrush(tint, self._pattern))
        haloed(painter, self._path, self._color, 3, self._style)


class LandingSpacesItem(QGraphicsItem):
    """The landing spaces of one jump (see the module docstring for the look), each with
    its Movement cost written in it when the hexes are large enough on screen."""

    def __init__(self, geometry: SceneGeometry):
        super().__init__()
        self.setZValue(LANDING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._geometry = geometry
        self.landings: JumpLandings | None = None
        self._paid = QPainterPath()
        self._in_air = QPainterPath()
        self._rect = QRectF()

    def show_landings(self, landings: JumpLandings | None, geometry: SceneGeometry) -> None:
        """Draw ``landings`` (``None``: nothing)."""
        self.prepareGeometryChange()
        self._geometry, self.landings = geometry, landings
        found = landings.landings if landings else ()
        self._paid = geometry.hexes_path(x.anchor for x in found if x.affordable)
        self._in_air = geometry.hexes_path(x.anchor for x in found if not x.affordable)
        rect = self._paid.boundingRect().united(self._in_air.boundingRect())
        if landings is not None:
            rect = rect.united(geometry.polygon(landings.take_off).boundingRect())
        pad = geometry.size
        self._rect = rect.adjusted(-pad, -pad, pad, pad)
        self.update()

    @property
    def paid_anchors(self) -> frozenset[Hex]:
        """Anchors drawn solid: the jump lands there this turn."""
        found = self.landings.landings if self.landings else ()
        return frozenset(x.anchor for x in found if x.affordable)

    @property
    def in_air_anchors(self) -> frozenset[Hex]:
        """Anchors drawn dashed: within the jump, beyond the Movement left."""
        found = self.landings.landings if self.landings else ()
        return frozenset(x.anchor for x in found if not x.affordable)

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.landings is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        tint = QColor(PAID)
        tint.setAlpha(90)
        painter.fillPath(self._paid, tint)
        hatch = QColor(IN_AIR)
        hatch.setAlpha(200)
        painter.fillPath(self._in_air, QBrush(hatch, Qt.BrushStyle.BDiagPattern))
        haloed(painter, self._paid, PAID, 3, Qt.PenStyle.SolidLine)
        haloed(painter, self._in_air, IN_AIR, 3, Qt.PenStyle.DashLine)
        center = self._geometry.center(self.landings.take_off)
        ring = QPainterPath()
        ring.addEllipse(center, self._geometry.size * 0.75, self._geometry.size * 0.75)
        haloed(painter, ring, TAKE_OFF, 4, Qt.PenStyle.SolidLine)
        if screen_hex_px(painter, self._geometry) >= NUMBERS_FROM:
            for landing in self.landings.landings:
                draw_screen_text(painter, self._geometry.center(landing.anchor), str(landing.cost))
