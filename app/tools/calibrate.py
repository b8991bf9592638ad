"""CalibrateTool: line the hex grid up with the battle-map picture from clicked centres.

The user clicks the centres of three or more neighbouring hexes on the picture, in order
along a row (pointy-top hexes: left to right along a horizontal row; flat-top: top to
bottom down a column, see :func:`rules.prep.gridfit.row_hexes`). Each click drops a numbered
marker; from the third on, :func:`rules.prep.gridfit.fit_row` fits size, orientation and
offset by least squares and the fitted grid is previewed over the picture with its
residual. :meth:`CalibrateTool.apply` commits ONE undo step, "Fit grid to picture", through
:meth:`app.controllers.pictures.PictureController.fit_grid`.

Clicks are kept in the picture's own pixels (converted through the background's current
placement), so a nudge while fitting moves the markers with the picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.document import Change
from app.scene.background_item import picture_to_scene_scale
from app.scene.geometry import SceneGeometry
from app.scene.tool import Gesture, Tool
from rules import disk
from rules.board import Background
from rules.prep import GridFit, GridFitError, fit_row_then_anywhere

if TYPE_CHECKING:
    from app.controllers.pictures import PictureController
    from app.scene.map_scene import MapScene

MARKER_COLOR = QColor("#F0E442")  # Okabe–Ito yellow, always over a black halo
FIT_COLOR = QColor("#56B4E9")  # Okabe–Ito sky blue, over a black halo
HALO = QColor(0, 0, 0, 190)
PREVIEW_RADIUS = 2  # fitted hexes shown around each clicked one
Point = tuple[float, float]


def picture_to_scene(background: Background, geometry: SceneGeometry, point: Point) -> QPointF:
    """Where picture pixel ``point`` lies in the scene under ``background``'s placement."""
    scale = picture_to_scene_scale(background, geometry)
    return QPointF(
        (point[0] - background.origin_x) * scale, (point[1] - background.origin_y) * scale
    )


def scene_to_picture(background: Background, geometry: SceneGeometry, point: QPointF) -> Point:
    """The picture pixel under scene ``point``; inverse of :func:`picture_to_scene`."""
    scale = picture_to_scene_scale(background, geometry)
    return point.x() / scale + background.origin_x, point.y() / scale + background.origin_y


def describe_fit(fit: GridFit) -> str:
    """One line for the residual readout, e.g. "Pointy, 42.3 px: rms 0.7 px over 8 clicks"."""
    return (
        f"{fit.orientation.value.capitalize()}, {fit.hex_size:.1f} px: "
        f"rms {fit.rms:.1f} px (max {fit.max_residual:.1f}) over {len(fit.points)} clicks"
    )


class ClickMarker(QGraphicsItem):
    """A numbered cross on a clicked centre, the same size at every zoom: black halos
    under yellow and white, so it reads on any picture and for colour-blind eyes."""

    def __init__(self, number: int):
        super().__init__()
        self.number = number
        self.setZValue(61)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self._font = QFont()
        self._font.setPixelSize(14)
        self._font.setBold(True)
        width = QFontMetricsF(self._font).horizontalAdvance(str(number)) + 10
        self._badge = QRectF(7, -29, max(width, 20), 20)

    def boundingRect(self) -> QRectF:
        return QRectF(-14, -14, 28, 28).united(self._badge).adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for pen in (QPen(HALO, 5), QPen(MARKER_COLOR, 2)):
            painter.setPen(pen)
            for sign in (-1, 1):  # arms leave the centre itself visible
                painter.drawLine(QPointF(sign * 3, 0), QPointF(sign * 12, 0))
                painter.drawLine(QPointF(0, sign * 3), QPointF(0, sign * 12))
        painter.setPen(QPen(MARKER_COLOR, 1.5))
        painter.setBrush(QColor(0, 0, 0, 220))
        painter.drawRoundedRect(self._badge, 4, 4)
        painter.setFont(self._font)
        painter.setPen(QColor("white"))
        painter.drawText(self._badge, Qt.AlignmentFlag.AlignCenter, str(self.number))


class FitPreviewItem(QGraphicsItem):
    """The fitted grid's hex outlines (scene coordinates), sky blue over a dark halo."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(60)
        self._path = QPainterPath()

    def show_path(self, path: QPainterPath) -> None:
        """Outline ``path``."""
        self.prepareGeometryChange()
        self._path = path
        self.update()

    @property
    def path(self) -> QPainterPath:
        """What is outlined."""
        return QPainterPath(self._path)

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for color, width in ((HALO, 3.5), (FIT_COLOR, 1.5)):
            pen = QPen(color, width)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawPath(self._path)


class CalibrateTool(QObject, Tool):
    """Click hex centres along a row of the picture; Backspace (or a right click) takes
    the last click back, Return applies (through ``pictures``), Escape cancels. While
    clicks are kept it follows the open map (``pictures.current``)."""

    name = "calibrate"
    fit_changed = Signal(object)  # GridFit | None
    status = Signal(str)
    applied = Signal()
    cancelled = Signal()

    def __init__(self, scene: MapScene, pictures: PictureController):
        super().__init__(scene)
        self._scene = scene
        self._pictures = pictures
        self._following = False
        self._points: list[Point] = []
        self._markers: list[ClickMarker] = []
        self._preview = FitPreviewItem()
        self._fit: GridFit | None = None
        self._image = ""
        scene.installEventFilter(self)

    @property
    def points(self) -> list[Point]:
        """The clicks so far, in picture pixels."""
        return list(self._points)

    @property
    def fit(self) -> GridFit | None:
        """The grid fitted to the clicks (three or more), or None."""
        return self._fit

    @property
    def preview(self) -> FitPreviewItem:
        """The item outlining the fitted grid."""
        return self._preview

    @property
    def markers(self) -> list[ClickMarker]:
        """The numbered markers, in click order."""
        return list(self._markers)

    # -- gestures -------------------------------------------------------------------------
    def press(self, gesture: Gesture) -> bool:
        if gesture.button == Qt.MouseButton.RightButton:
            self.remove_last()
            return True
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        background = self._pictures.board.background
        if background is None:
            self.status.emit("Import a battle-map picture before fitting the grid")
            return True
        self._follow(True)
        self._image = background.image
        self._points.append(scene_to_picture(background, self._scene.geometry, gesture.point))
        self._update()
        return True

    def remove_last(self) -> None:
        """Take the last click back."""
        if self._points:
            self._points.pop()
            self._update()

    def cancel(self) -> None:
        """Forget the clicks and the preview; nothing on the map changes."""
        if self._points:
            self.status.emit("Grid fitting cancelled: click hex centres to start again")
        self._clear()
        self.cancelled.emit()

    def apply(self) -> bool:
        """Place the background as fitted: ONE undo step; False (and a status) if not yet."""
        board, fit = self._pictures.board, self._fit
        if fit is None or board.background is None:
            self.status.emit("Click the centres of at least 3 hexes along a row first")
            return False
        click = picture_to_scene(board.background, self._scene.geometry, self._points[0])
        first = SceneGeometry(fit.orientation).hex_at(click)  # in the fitted orientation
        refusals: list[str] = []
        self._follow(False)  # the fitted map is not a change to redraw the clicks for
        refused = self._pictures.refused
        connection = refused.connect(refusals.append)
        try:
            fitted = self._pictures.fit_grid(fit, first)
        finally:
            refused.disconnect(connection)
        if not fitted:  # the clicks are kept: the user may take one back and try again
            self._follow(True)
            self.status.emit(refusals[-1] if refusals else "The grid could not be fitted")
            return False
        self._clear()
        self.status.emit("Grid fitted to the picture")
        self.applied.emit()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or self._scene.tool is not self:
            return False
        key = event.key() if isinstance(event, QKeyEvent) else None
        if key == Qt.Key.Key_Backspace:
            self.remove_last()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.apply()
            return True
        return False

    # -- fitting and drawing ---------------------------------------------------------------
    def _update(self) -> None:
        self._refit()
        self._redraw()

    def _refit(self) -> None:
        count = len(self._points)
        self._fit = None
        if count < 3:
            self.status.emit(
                f"Click {3 - count} more hex centre{'s' if count < 2 else ''} along a row "
                "(pointy: left to right; flat: top to bottom)"
            )
            self.fit_changed.emit(None)
            return
        try:
            self._fit = fit_row_then_anywhere(self._points)
        except GridFitError as error:
            if count > 3:  # a later click on a hex that already has one: take it back
                self._points.pop()
                self._fit = fit_row_then_anywhere(self._points)
            self.status.emit(str(error))
        else:
            more = " — click more centres anywhere (10+ spread out fits best)" if count < 10 else ""
            self.status.emit(describe_fit(self._fit) + more)
        self.fit_changed.emit(self._fit)

    def _redraw(self) -> None:
        background = self._pictures.board.background
        if background is None:
            self._clear()
            return
        geometry = self._scene.geometry
        while len(self._markers) > len(self._points):
            self._scene.removeItem(self._markers.pop())
        while len(self._markers) < len(self._points):
            self._markers.append(ClickMarker(len(self._markers) + 1))
            self._scene.addItem(self._markers[-1])
        for marker, point in zip(self._markers, self._points, strict=True):
            marker.setPos(picture_to_scene(background, geometry, point))
        self._preview.show_path(self._fit_path(background, geometry))
        if self._preview.scene() is None:
            self._scene.addItem(self._preview)

    def _fit_path(self, background: Background, geometry: SceneGeometry) -> QPainterPath:
        path = QPainterPath()
        if self._fit is None:
            return path
        layout = self._fit.to_layout()
        hexes = set().union(*(disk(h, PREVIEW_RADIUS) for h in self._fit.hexes))
        for h in hexes:
            corners = [picture_to_scene(background, geometry, c) for c in layout.corners(h)]
            path.addPolygon(QPolygonF(corners))
            path.closeSubpath()
        return path

    def _clear(self) -> None:
        self._points.clear()
        self._fit = None
        for marker in self._markers:
            self._scene.removeItem(marker)
        self._markers.clear()
        if self._preview.scene() is not None:
            self._scene.removeItem(self._preview)
        self._follow(False)
        self.fit_changed.emit(None)

    def _follow(self, on: bool) -> None:
        """Follow the open map's changes (while clicks are kept), or stop."""
        if on == self._following:
            return
        self._following = on
        changed = self._pictures.current.changed
        if on:
            changed.connect(self._on_document_changed)
        else:
            changed.disconnect(self._on_document_changed)

    def _on_document_changed(self, change: Change) -> None:
        background = self._pictures.board.background
        if background is None or background.image != self._image:
            self.cancel()  # another picture (or none): the clicks mean nothing now
        elif change.background or change.grid:
            self._redraw()
