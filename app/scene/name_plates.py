"""Name plates: every named token's name on a small dark plate beside its footprint — the
ONE implementation the GM's map and the Player Window share (issue #16).

A plate sits under the token's footprint (the players' plates above it), clear of its disc,
its hexes, its Pool bars and the marks' rings, so it never hides the token it names. Its
type keeps a readable size on screen at every zoom (:class:`PlateStyle`: at least
:data:`GM_STYLE` ``min_px`` pixels on the GM's map, the presentation size on the players'),
and a name too wide for its hex's size on screen is shortened, keeping any number that
tells twins apart: "Goblin 2" → "Gobl 2" → "Gob 2" → "G2" (:func:`abbreviations`).

Plates are laid out together, for the zoom they are drawn at (:func:`layout_plates`, run
when a plate is painted at another zoom or its token changed): each takes the first of
below / above / nudged sideways, longest fitting text first, that covers neither another
token's disc nor a plate already placed; when every spot is taken it takes the shortest
text under its token. Hidden tokens' plates are faded and dashed, like the token.
:func:`set_name_plates` shows or hides every plate of a scene (View → Name Plates).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

__all__ = [
    "GM_STYLE",
    "NAME_PX",
    "NamePlate",
    "PlateStyle",
    "PlateSubject",
    "abbreviations",
    "layout_plates",
    "name_plates_shown",
    "player_style",
    "set_name_plates",
]

NAME_PX = 17  # names on the players' screen, in screen pixels at presentation scale 100 %
PLATE_Z = 32  # over the tokens (≤ 22) and their pills (30), under the marks (40, 74)
MAX_CHARS = 18  # longer names are cut short with "…"
GAP_PX = 5.0  # between the token's edge and its plate on screen: clear of a mark's ring
PLATE_FILL = QColor(15, 15, 20, 225)
PLATE_EDGE = QColor(255, 255, 255, 200)
_NUMBER = re.compile(r"#?\d+")


@dataclass(frozen=True)
class PlateStyle:
    """How big a plate's type is and where it goes. The font is ``hex_fraction`` of the
    hex's circumradius on screen, kept within ``min_px`` … ``max_px`` screen pixels and
    never under ``scene_floor`` of the hex size in scene units (so a print, drawn at a
    large scale, keeps names in proportion to its hexes); with ``abbreviate`` a name is
    shortened to fit ``width_hexes`` hex widths on screen (or ``min_width_px``). ``above``
    puts the plate over the token first."""

    min_px: float
    max_px: float
    hex_fraction: float = 0.0
    scene_floor: float = 0.0
    abbreviate: bool = False
    above: bool = False
    width_hexes: float = 4.0
    min_width_px: float = 48.0


GM_STYLE = PlateStyle(11.0, 16.0, hex_fraction=0.45, scene_floor=0.28, abbreviate=True)
"""The GM's map: 11 px type at fit zoom (readable on a shared 720p screen), up to 16 px."""


def player_style(scale: float) -> PlateStyle:
    """The players' screen: the full name at :data:`NAME_PX` × ``scale`` pixels, above."""
    px = NAME_PX * scale
    return PlateStyle(px, px, above=True)


@dataclass(frozen=True)
class PlateSubject:
    """What a plate needs of its token, in the token's own coordinates (its centre at 0, 0):
    the name, whether it is hidden from players, the ``body`` the plate must stay clear of
    (disc, ring and footprint), the ``disc`` other plates must not cover, the Pool
    ``bars`` drawn under it when its hex is at least ``bars_min_px`` on screen, and the
    hex size in scene units."""

    name: str
    hidden: bool
    body: QRectF
    disc: QPainterPath
    hex_size: float
    bars: QRectF = field(default_factory=QRectF)
    bars_min_px: float = 0.0


def abbreviations(name: str) -> tuple[str, ...]:
    """``name`` and ever shorter forms of it, each keeping a trailing number:
    ``"Goblin 2"`` → ``("Goblin 2", "Gobl 2", "Gob 2", "G2")``, ``"Aria Vell"`` →
    ``("Aria Vell", "Aria V", "Ari V", "AV")``."""
    words = name.split()
    if not words:
        return ()
    number = words[-1] if len(words) > 1 and _NUMBER.fullmatch(words[-1]) else ""
    rest = words[:-1] if number else words
    tail = f" {number}" if number else ""
    initials = "".join(w[0] for w in rest[1:])
    full = " ".join(words)
    forms = [full if len(full) <= MAX_CHARS else full[: MAX_CHARS - 1] + "…"]
    if initials:
        forms.append(f"{rest[0]} {initials}{tail}")
    for cut in (4, 3):
        forms.append(rest[0][:cut] + (f" {initials}" if initials else "") + tail)
    forms.append("".join(w[0] for w in rest) + number.lstrip("#"))
    unique: list[str] = []
    for form in forms:
        if form not in unique and (not unique or len(form) < len(unique[-1])):
            unique.append(form)
    return tuple(unique)


# -- the toggle ---------------------------------------------------------------------------------
_HIDDEN: weakref.WeakSet[QGraphicsScene] = weakref.WeakSet()


def name_plates_shown(scene: QGraphicsScene | None) -> bool:
    """Whether ``scene`` shows its tokens' name plates (yes, unless turned off)."""
    return scene is None or scene not in _HIDDEN


def set_name_plates(scene: QGraphicsScene, shown: bool) -> None:
    """Show or hide every name plate of ``scene`` (the View menu's Name Plates)."""
    if shown:
        _HIDDEN.discard(scene)
    else:
        _HIDDEN.add(scene)
    for plate in _plates(scene):
        plate.refresh_visibility()


def _plates(scene: QGraphicsScene) -> list[NamePlate]:
    return [item for item in scene.items() if isinstance(item, NamePlate)]


# -- one plate ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Layout:
    text: str
    rect: QRectF  # in the token's coordinates
    font_px: int  # in scene units
    scale: float  # the zoom it was laid out for


class NamePlate(QGraphicsItem):
    """One token's name plate. It is a companion of its token item (kept at the token's
    position, in its scene, shown with it), never a child, so a neighbouring token never
    hides it; it takes no clicks."""

    def __init__(self, style: PlateStyle = GM_STYLE) -> None:
        super().__init__()
        self.setZValue(PLATE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._style = style
        self._subject: PlateSubject | None = None
        self._layout: _Layout | None = None
        self._owner_visible = True
        self._dirty = True

    # -- what it shows ------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The name as drawn now ("" before the first layout or with no name)."""
        return self._layout.text if self._layout else ""

    @property
    def subject(self) -> PlateSubject | None:
        """The token it names."""
        return self._subject

    @property
    def style(self) -> PlateStyle:
        """How big it is drawn and where it goes."""
        return self._style

    def plate_rect(self) -> QRectF:
        """The plate as drawn, in scene coordinates (empty when not laid out)."""
        return self.mapRectToScene(self._layout.rect) if self._layout else QRectF()

    def show_subject(self, subject: PlateSubject, style: PlateStyle | None = None) -> None:
        """Name ``subject`` (with ``style``, if given); laid out at once for the view's
        zoom, and again with its neighbours when next drawn."""
        self._subject = subject
        self._style = style or self._style
        self._dirty = True
        views = self.scene().views() if self.scene() is not None else []
        self._place(self._best(views[0].transform().m11() if views else 1.0, []))
        self.refresh_visibility()

    def follow_owner(self, visible: bool) -> None:
        """The token was shown or hidden: so is its plate."""
        self._owner_visible = visible
        self.refresh_visibility()

    def refresh_visibility(self) -> None:
        """Shown when its token is, it has a name and the scene shows name plates."""
        named = self._subject is not None and bool(self._subject.name.strip())
        self.setVisible(self._owner_visible and named and name_plates_shown(self.scene()))
        self._dirty = True

    # -- layout -----------------------------------------------------------------------------
    def needs_layout(self, scale: float) -> bool:
        """Whether the plates must be laid out again to be drawn at ``scale``."""
        return self._dirty or self._layout is None or abs(self._layout.scale - scale) > scale * 1e-3

    def _font_px(self, scale: float) -> int:
        style, subject = self._style, self._subject
        size = subject.hex_size if subject else 32.0
        screen = min(style.max_px, max(style.min_px, style.hex_fraction * size * scale))
        return max(1, round(max(screen / scale, style.scene_floor * size)))

    def candidates(self, scale: float) -> list[_Layout]:
        """Where the plate may go at ``scale``, best first: the longest text that fits the
        width on screen (then shorter ones), each below and above the token (the players'
        style: above first), then nudged sideways."""
        subject = self._subject
        if subject is None or not subject.name.strip():
            return []
        style = self._style
        px = self._font_px(scale)
        metrics = QFontMetricsF(_font(px))
        forms = abbreviations(subject.name) if style.abbreviate else abbreviations(subject.name)[:1]
        hex_width = subject.hex_size * 1.732 * scale
        limit = max(style.width_hexes * hex_width, style.min_width_px) / scale
        sized = [(f, metrics.horizontalAdvance(f) + 0.7 * px) for f in forms]
        fitting = [fw for fw in sized if fw[1] <= limit] if style.abbreviate else sized
        fitting = fitting or sized[-1:]
        height = metrics.height() + 0.2 * px
        gap = GAP_PX / scale
        bottom = subject.body.bottom()
        if subject.bars.isValid() and subject.hex_size * scale >= subject.bars_min_px:
            bottom = max(bottom, subject.bars.bottom())
        tops = [bottom + gap, subject.body.top() - gap - height]
        if style.above:
            tops.reverse()
        layouts = []
        for text, width in fitting:
            for shift in (0.0, -0.5, 0.5):
                for top in tops:
                    rect = QRectF(-width / 2 + shift * width, top, width, height)
                    layouts.append(_Layout(text, rect, px, scale))
        return layouts

    def _best(self, scale: float, taken: list[QPainterPath]) -> _Layout | None:
        options = self.candidates(scale)
        if not options:
            return None
        here = self.pos()
        for option in options:
            rect = option.rect.translated(here)
            if not any(path.intersects(rect) for path in taken):
                return option
        last_text = options[-1].text
        return next(o for o in options if o.text == last_text)  # the shortest, in its place

    def _place(self, layout: _Layout | None) -> None:
        if layout != self._layout:
            self.prepareGeometryChange()
            self._layout = layout
        self._dirty = False
        self.update()

    # -- QGraphicsItem ----------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._layout.rect.adjusted(-2, -2, 2, 2) if self._layout else QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.needs_layout(scale) and self.scene() is not None:
            layout_plates(self.scene(), scale)
        layout, subject = self._layout, self._subject
        if layout is None or subject is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(0.55 if subject.hidden else 1.0)
        edge = QPen(
            PLATE_EDGE, 1.2, Qt.PenStyle.DashLine if subject.hidden else Qt.PenStyle.SolidLine
        )
        edge.setCosmetic(True)
        painter.setPen(edge)
        painter.setBrush(PLATE_FILL)
        radius = layout.rect.height() * 0.3
        painter.drawRoundedRect(layout.rect, radius, radius)
        font = _font(layout.font_px)
        font.setItalic(subject.hidden)
        painter.setFont(font)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(layout.rect, Qt.AlignmentFlag.AlignCenter, layout.text)


def _font(px: int) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(px)
    return font


def layout_plates(scene: QGraphicsScene, scale: float) -> None:
    """Lay out every shown plate of ``scene`` for drawing at ``scale`` (screen pixels per
    scene unit), top to bottom: each takes its best spot clear of every other token's disc
    and of the plates placed before it."""
    plates = [p for p in _plates(scene) if p.subject is not None]
    discs = {}
    for plate in plates:
        assert plate.subject is not None
        discs[plate] = plate.subject.disc.translated(plate.pos())
    shown = sorted((p for p in plates if p.isVisible()), key=lambda p: (p.pos().y(), p.pos().x()))
    placed: list[QPainterPath] = []
    for plate in shown:
        taken = [disc for other, disc in discs.items() if other is not plate] + placed
        plate._place(plate._best(scale, taken))
        rect = plate.plate_rect()
        if not rect.isEmpty():
            box = QPainterPath()
            box.addRect(rect)
            placed.append(box)
    for plate in plates:
        if not plate.isVisible():
            plate._dirty = True  # laid out when shown again
