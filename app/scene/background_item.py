"""BackgroundItem: the battle-map picture under the grid, placed where the grid fits it.

The board's :class:`~rules.board.annotations.Background` says, in the picture's own pixels, how
big a hex is and where ``Hex(0, 0)``'s centre lies; this item scales and moves the picture
so those pixels land on the scene's hexes. It only paints and syncs.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.scene.geometry import SceneGeometry
from rules.board import Background


def picture_to_scene_scale(background: Background, geometry: SceneGeometry) -> float:
    """Scene units per picture pixel."""
    return geometry.size / background.hex_size


class BackgroundItem(QGraphicsItem):
    """Draws the background picture (below the grid's fills, which turn translucent)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(-200)
        self._image = QImage()
        self._rect = QRectF()
        self._opacity = 1.0

    def sync_from(
        self, background: Background | None, image: QImage | None, geometry: SceneGeometry
    ) -> None:
        """Show ``image`` placed as ``background`` says, or nothing."""
        self.prepareGeometryChange()
        if background is None or image is None or image.isNull():
            self._image, self._rect = QImage(), QRectF()
            self.setVisible(False)
            return
        scale = picture_to_scene_scale(background, geometry)
        self._image = image
        self._opacity = background.opacity
        self._rect = QRectF(
            -background.origin_x * scale,
            -background.origin_y * scale,
            image.width() * scale,
            image.height() * scale,
        )
        self.setVisible(True)
        self.update()

    @property
    def picture_rect(self) -> QRectF:
        """Where the picture lies in the scene."""
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._image.isNull():
            return
        painter.setOpacity(self._opacity)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(self._rect, self._image)
