"""TurnHighlight: marks the token whose turn it is, readable from across the table without
hiding anyone (issue #16).

A solid amber ring just outside the token's footprint outline and one small "▶" badge on
its upper-left corner ("▶ TURN" when the hex is big enough on screen): a
:data:`~app.scene.token_marks.TURN` mark (:mod:`app.scene.token_marks`). It reads by shape
as well as by colour: the selection ring is thin and dashed, a target's ring dashed, a
hit's double; the turn's is the outermost, solid one. Every other mark has its own ring
inside it and its own corner, so a creature both acting and missed shows both. It covers
no neighbour's disc: the ring straddles the outline, the badge stays within 0.8 hex of its
corner. On the players' screen the window's Scale grows its pen and badge
(:meth:`~app.scene.token_marks.MarksItem.set_presentation_scale`). It only paints and takes
no clicks; whoever owns it (the Turn Order dock) calls :meth:`TurnHighlight.show_on`
whenever the document changes.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from app.scene.rules_overlays import mouse_transparent
from app.scene.token_item import TokenItem
from app.scene.token_marks import TURN, MarksItem, mark_on

__all__ = ["TURN_COLOR", "TURN_Z", "TurnHighlight"]

TURN_Z = 40  # over the tokens (z ≤ ~16), their pills (30) and names (32); under the action marks
TURN_COLOR = TURN.color


class TurnHighlight(MarksItem):
    """The turn ring and badge on the current actor's token (hidden when no token is
    acting: before the start, at the Soulweaver's turn)."""

    def __init__(self) -> None:
        super().__init__(z=TURN_Z)
        mouse_transparent(self)
        self._token_id: str | None = None
        self._radius = 0.0
        self.hide()

    @property
    def token_id(self) -> str | None:
        """The token marked, or ``None`` when hidden."""
        return self._token_id

    @property
    def ring_radius(self) -> float:
        """How far the ring is from the token's middle at its nearest, in scene units
        (outside the token's disc, inside its hexes)."""
        return self._radius

    def show_on(self, item: TokenItem | None) -> None:
        """Ring ``item`` where it is now, or hide when ``None``."""
        if item is None:
            self._token_id = None
            self.set_marks([])
            self.hide()
            return
        outline = item.footprint_outline()
        self._token_id = item.token_id
        self._radius = _nearest(outline)
        self.setPos(item.pos())
        others = _other_hexes(item)
        self.set_marks([mark_on(TURN, outline, QPointF(0, 0), item.geometry.size, others)])
        self.show()


def _other_hexes(item: TokenItem) -> list[QPointF]:
    """The centres of the hexes the other tokens near ``item`` fill, from ``item``: only a
    token within a hex of its outline can touch a corner the badge may take."""
    scene, geometry = item.scene(), item.geometry
    if scene is None:
        return []
    grow = 2 * geometry.size
    return [
        geometry.center(h) - item.pos()
        for other in scene.items(item.sceneBoundingRect().adjusted(-grow, -grow, grow, grow))
        if isinstance(other, TokenItem) and other is not item
        for h in other.token.footprint
    ]


def _nearest(outline: QPainterPath) -> float:
    """The distance from (0, 0) to the nearest edge of ``outline`` (a polygon path)."""
    best = math.inf
    for polygon in outline.toSubpathPolygons():
        points = [polygon.at(i) for i in range(polygon.size())]
        for a, b in itertools.pairwise(points):
            best = min(best, _segment_distance(a, b))
    return 0.0 if best == math.inf else best


def _segment_distance(a: QPointF, b: QPointF) -> float:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, -(a.x() * dx + a.y() * dy) / length))
    return math.hypot(a.x() + t * dx, a.y() + t * dy)
