"""Draw the bundled token art, ``assets/library/art/<template id>.png``, with QPainter.

Each picture is a round counter: a coloured disc (the template's colour, Okabe–Ito hues
where possible) with a bold silhouette or emblem in white or near-black, whichever
contrasts more, so every token reads by *shape* at 40 px and without colour vision.
The shapes are drawn on a 100×100 canvas and scaled; transparent outside the disc,
which is what the map's token clip shows.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen, QPolygonF

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "assets" / "library"
SIZE = 128

Draw = Callable[[QPainter], None]


def poly(*points: tuple[float, float]) -> QPolygonF:
    """A polygon from ``(x, y)`` pairs on the 100×100 canvas."""
    return QPolygonF([QPointF(x, y) for x, y in points])


def turtle(p: QPainter) -> None:
    p.drawEllipse(QRectF(24, 30, 52, 42))  # shell
    p.drawEllipse(QPointF(50, 24), 9, 8)  # head
    for x, y in ((26, 34), (74, 34), (28, 70), (72, 70)):
        p.drawEllipse(QPointF(x, y), 7, 6)
    p.drawPolygon(poly((46, 72), (54, 72), (50, 82)))


def fire_rat(p: QPainter) -> None:
    p.drawEllipse(QRectF(28, 42, 40, 24))  # body
    p.drawPolygon(poly((62, 44), (84, 56), (62, 64)))  # snout
    p.drawEllipse(QPointF(62, 42), 7, 7)  # ear
    tail = QPainterPath(QPointF(30, 56))
    tail.cubicTo(16, 60, 14, 40, 24, 32)
    p.strokePath(tail, QPen(p.brush().color(), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawPolygon(poly((24, 14), (33, 30), (24, 38), (15, 30)))  # flame on the tail


def fox(p: QPainter) -> None:
    p.drawPolygon(poly((22, 36), (30, 12), (44, 32), (56, 32), (70, 12), (78, 36), (50, 82)))


def goblin(p: QPainter) -> None:
    p.drawPolygon(poly((12, 34), (38, 44), (38, 56)))  # left ear
    p.drawPolygon(poly((88, 34), (62, 44), (62, 56)))  # right ear
    p.drawEllipse(QRectF(32, 30, 36, 44))


def humanoid(p: QPainter) -> None:
    p.drawEllipse(QPointF(50, 34), 14, 14)
    p.drawChord(QRectF(24, 52, 52, 50), 0, 180 * 16)


def ogre(p: QPainter) -> None:
    p.drawRoundedRect(QRectF(26, 22, 48, 56), 16, 16)
    p.save()
    p.setBrush(p.pen().color())
    p.drawPolygon(poly((36, 70), (40, 52), (44, 70)))  # tusks in the background colour
    p.drawPolygon(poly((56, 70), (60, 52), (64, 70)))
    p.drawEllipse(QPointF(40, 40), 4, 4)
    p.drawEllipse(QPointF(60, 40), 4, 4)
    p.restore()


def bison(p: QPainter) -> None:
    body = poly((14, 64), (16, 44), (30, 28), (52, 26), (62, 34), (76, 40), (86, 56), (84, 70))
    p.drawPolygon(body)  # hump, and the head held low on the right
    for x in (20, 32, 58, 68):
        p.drawRect(QRectF(x, 60, 7, 22))
    horn = QPainterPath(QPointF(72, 42))
    horn.cubicTo(70, 30, 78, 24, 86, 26)
    p.strokePath(horn, QPen(p.brush().color(), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))


def troll(p: QPainter) -> None:
    p.drawPolygon(poly((30, 30), (34, 12), (42, 26), (50, 8), (58, 26), (66, 12), (70, 30)))
    p.drawEllipse(QRectF(30, 22, 40, 62))  # tall narrow head under spiky hair
    p.save()
    p.setBrush(p.pen().color())
    p.drawEllipse(QPointF(42, 42), 3.5, 3.5)
    p.drawEllipse(QPointF(58, 42), 3.5, 3.5)
    p.drawPolygon(poly((50, 40), (58, 64), (42, 64)))  # a long nose
    p.drawRect(QRectF(40, 72, 20, 4))
    p.restore()


def stone_giant(p: QPainter) -> None:
    p.drawPolygon(poly((28, 28), (50, 16), (74, 26), (80, 54), (66, 82), (34, 82), (20, 56)))
    p.save()
    p.setBrush(p.pen().color())
    p.drawRect(QRectF(34, 42, 10, 6))
    p.drawRect(QRectF(56, 42, 10, 6))
    p.drawRect(QRectF(38, 62, 24, 5))
    p.restore()


def ancient_wyrm(p: QPainter) -> None:
    p.drawPolygon(poly((50, 40), (14, 22), (20, 40), (10, 50), (24, 56), (20, 70), (46, 60)))
    p.drawPolygon(poly((50, 40), (86, 22), (80, 40), (90, 50), (76, 56), (80, 70), (54, 60)))
    p.drawEllipse(QRectF(42, 30, 16, 52))  # body
    p.drawPolygon(poly((43, 34), (50, 14), (57, 34)))  # head


def colossus(p: QPainter) -> None:
    helmet = QPainterPath()
    helmet.addRoundedRect(QRectF(26, 20, 48, 62), 22, 22)
    slot = QPainterPath()
    slot.addPolygon(poly((36, 42), (64, 42), (64, 50), (54, 50), (54, 84), (46, 84), (46, 50)))
    p.drawPath(helmet.subtracted(slot))
    p.drawRect(QRectF(46, 8, 8, 14))  # crest


def crate(p: QPainter) -> None:
    p.drawRect(QRectF(24, 24, 52, 52))
    p.save()
    p.setPen(QPen(p.pen().color(), 5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(30, 30, 40, 40))
    p.drawLine(QPointF(30, 30), QPointF(70, 70))
    p.restore()


def barrel(p: QPainter) -> None:
    body = QPainterPath(QPointF(34, 18))
    body.lineTo(66, 18)
    body.cubicTo(80, 40, 80, 60, 66, 82)
    body.lineTo(34, 82)
    body.cubicTo(20, 60, 20, 40, 34, 18)
    p.drawPath(body)
    p.save()
    p.setPen(QPen(p.pen().color(), 5))
    for y in (34, 66):
        p.drawLine(QPointF(26, y), QPointF(74, y))
    p.restore()


def wall_segment(p: QPainter) -> None:
    for row, y in enumerate((24, 42, 60)):
        shift = 0 if row % 2 == 0 else 12
        for x in range(14 - shift, 86, 24):
            left, right = max(x, 14), min(x + 22, 86)
            p.drawRect(QRectF(left, y, right - left, 16))


def cart(p: QPainter) -> None:
    p.drawRect(QRectF(16, 34, 60, 26))
    p.drawRect(QRectF(74, 44, 14, 5))  # shaft
    p.drawEllipse(QPointF(46, 66), 15, 15)
    p.save()
    p.setPen(QPen(p.pen().color(), 3))
    for dx, dy in ((15, 0), (0, 15), (11, 11), (11, -11)):
        p.drawLine(QPointF(46 - dx, 66 - dy), QPointF(46 + dx, 66 + dy))
    p.restore()


SHAPES: dict[str, Draw] = {
    "turtle": turtle,
    "fire-rat": fire_rat,
    "fox": fox,
    "goblin": goblin,
    "humanoid": humanoid,
    "ogre": ogre,
    "bison": bison,
    "troll": troll,
    "stone-giant": stone_giant,
    "ancient-wyrm": ancient_wyrm,
    "colossus": colossus,
    "crate": crate,
    "barrel": barrel,
    "wall-segment": wall_segment,
    "cart": cart,
}


def ink_for(background: QColor) -> QColor:
    """Near-black or white, whichever contrasts more with ``background`` (WCAG luminance)."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    lum = sum(
        w * channel(v)
        for w, v in zip((0.2126, 0.7152, 0.0722), background.getRgbF()[:3], strict=True)
    )
    return QColor("#111111") if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else QColor("#ffffff")


def draw_token(shape: Draw, color: str, size: int = SIZE) -> QImage:
    """One token picture: a disc of ``color`` with ``shape`` in contrasting ink."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(size / 100, size / 100)
    background = QColor(color)
    ink = ink_for(background)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(background)
    p.drawEllipse(QRectF(0, 0, 100, 100))
    p.translate(50, 50)
    p.scale(1.12, 1.12)  # the shapes fill most of the disc, so they read at 40 px
    p.translate(-50, -50)
    p.setPen(QPen(background, 1.5))  # a thin outline in the background colour separates parts
    p.setBrush(ink)
    shape(p)
    p.end()
    return image


def main() -> int:
    """Draw a picture for every bundled template that names one (needs a QGuiApplication)."""
    out = LIBRARY / "art"
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(LIBRARY.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("image") is None:
            continue
        shape = SHAPES.get(data["id"])
        if shape is None:
            print(f"no shape for {data['id']}", file=sys.stderr)
            return 1
        draw_token(shape, data["color"]).save(str(out / data["image"]))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    app = QGuiApplication(sys.argv)
    sys.exit(main())
