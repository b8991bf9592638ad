"""Draw the app icon, ``assets/icons/hexweave.png`` (and a 32 px copy), with QPainter."""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen, QPolygonF

ROOT = Path(__file__).resolve().parent.parent


def draw_icon(size: int) -> QImage:
    """A pointy hexagon with a woven three-line mark."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    c, r = size / 2, size * 0.46
    hexagon = QPolygonF(
        [
            QPointF(
                c + r * math.cos(math.radians(60 * i + 30)),
                c + r * math.sin(math.radians(60 * i + 30)),
            )
            for i in range(6)
        ]
    )
    p.setPen(QPen(QColor("#1b2a33"), size * 0.05))
    p.setBrush(QColor("#0072B2"))
    p.drawPolygon(hexagon)
    p.setPen(QPen(QColor("#F0E442"), size * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for k in range(3):
        a = math.radians(60 * k)
        d = QPointF(math.cos(a), math.sin(a)) * (r * 0.62)
        p.drawLine(QPointF(c, c) - d, QPointF(c, c) + d)
    p.setBrush(QColor("#D55E00"))
    p.setPen(QPen(QColor("#1b2a33"), size * 0.03))
    p.drawEllipse(QPointF(c, c), size * 0.1, size * 0.1)
    p.end()
    return image


if __name__ == "__main__":
    app = QGuiApplication(sys.argv)
    out = ROOT / "assets" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    draw_icon(256).save(str(out / "hexweave.png"))
    draw_icon(32).save(str(out / "hexweave-32.png"))
    print(f"wrote {out}")
