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

import itertools
import math
import re
import weakref
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.scene.token_marks import Mark, MarksItem, badge_rects_in, marks_items_in

__all__ = [
    "GM_STYLE",
    "NAME_PX",
    "NamePlate",
    "PlateStyle",
    "PlateSubject",
    "abbreviations",
    "layout_plates",
    "name_plates_shown",
    "plate_layouts",
    "player_style",
    "relayout_moved_plates",
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


SMALL_WORDS = frozenset(
    [
        "the",
        "of",
        "a",
        "an",
        "and",
        "de",
        "del",
        "der",
        "den",
        "di",
        "du",
        "da",
        "la",
        "le",
        "les",
        "von",
        "van",
        "zu",
        "y",
        "et",
        "on",
        "in",
        "at",
    ]
)
"""Words a shortened name leaves out ("Snaga the Sneak" → "Snaga Sneak")."""


def abbreviations(name: str) -> tuple[str, ...]:
    """``name`` and ever shorter forms of it that still read, each keeping a trailing
    number that tells twins apart: the small words dropped, then the first word and the
    others' initials with a period, the first word alone, then the initials:
    ``"Snaga the Sneak"`` → ``("Snaga the Sneak", "Snaga Sneak", "Snaga S.", "Snaga",
    "SS")``; a one-word name is cut instead: ``"Goblin 12"`` → ``("Goblin 12",
    "Gobl 12", "Gob 12", "G12")``."""
    words = name.split()
    if not words:
        return ()
    number = words[-1] if len(words) > 1 and _NUMBER.fullmatch(words[-1]) else ""
    rest = words[:-1] if number else words
    tail = f" {number}" if number else ""
    kept = [w for w in rest if w.lower() not in SMALL_WORDS] or rest
    full = " ".join(words)
    forms = [full if len(full) <= MAX_CHARS else full[: MAX_CHARS - 1] + "…"]
    forms.append(" ".join(kept) + tail)
    if len(kept) > 1:
        forms.append(kept[0] + " " + "".join(f"{w[0].upper()}." for w in kept[1:]) + tail)
        forms.append(kept[0] + tail)
    else:
        forms.extend(kept[0][:cut] + tail for cut in (4, 3))
    forms.append("".join(w[0].upper() for w in kept) + number.lstrip("#"))
    unique: list[str] = []
    for form in forms:
        if len(form) <= MAX_CHARS and (not unique or len(form) < len(unique[-1])):
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
    text: str  # "" for a plate with no free spot: hidden (the disc has the initials)
    rect: QRectF  # in the token's coordinates; empty when hidden
    font_px: int  # in scene units
    scale: float  # the zoom it was laid out for


@lru_cache(maxsize=4096)
def _advance(text: str, px: int) -> float:
    return QFontMetricsF(_font(px)).horizontalAdvance(text)


@lru_cache(maxsize=256)
def _line_height(px: int) -> float:
    return QFontMetricsF(_font(px)).height()


class NamePlate(QGraphicsItem):
    """One token's name plate. It is a companion of its token item (kept at the token's
    position, in its scene, shown with it), never a child, so a neighbouring token never
    hides it; it takes no clicks. Moving it marks it for a layout of its own (against
    its neighbours as they are); showing, hiding or adding one marks its scene's plates
    for a layout of all; both run before the view next paints, never while it paints."""

    def __init__(self, style: PlateStyle = GM_STYLE) -> None:
        super().__init__()
        self.setZValue(PLATE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
        self._style = style
        self._subject: PlateSubject | None = None
        self._layout: _Layout | None = None
        self._owner_visible = True

    # -- what it shows ------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The name as drawn now ("" before the first layout, with no name, or when every
        spot near its token is taken)."""
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
        """The plate as drawn, in scene coordinates (empty when not laid out or hidden)."""
        return self.mapRectToScene(self._layout.rect) if self._layout else QRectF()

    def show_subject(self, subject: PlateSubject, style: PlateStyle | None = None) -> None:
        """Name ``subject`` (with ``style``, if given): laid out again, alone, before the
        view next paints (at once for a plate not laid out yet)."""
        style = style or self._style
        if subject == self._subject and style == self._style and self._layout is not None:
            return
        self._subject, self._style = subject, style
        if self._layout is None:
            views = self.scene().views() if self.scene() is not None else []
            scale = _view_scale(views[0]) if views else 1.0
            self._place(self._best(scale, _Obstacles()))
        self._moved()
        self.refresh_visibility()

    def follow_owner(self, visible: bool) -> None:
        """The token was shown or hidden: so is its plate."""
        self._owner_visible = visible
        self.refresh_visibility()

    def refresh_visibility(self) -> None:
        """Shown when its token is, it has a name and the scene shows name plates."""
        named = self._subject is not None and bool(self._subject.name.strip())
        self.setVisible(self._owner_visible and named and name_plates_shown(self.scene()))

    # -- layout -----------------------------------------------------------------------------
    def needs_layout(self, scale: float) -> bool:
        """Whether the plate must be laid out again to be drawn at ``scale``."""
        scene = self.scene()
        pending = scene is not None and _layouter(scene).pending(self)
        return pending or self._layout is None or not _same_scale(self._layout.scale, scale)

    def _font_px(self, scale: float) -> int:
        style, subject = self._style, self._subject
        size = subject.hex_size if subject else 32.0
        screen = min(style.max_px, max(style.min_px, style.hex_fraction * size * scale))
        return max(1, round(max(screen / scale, style.scene_floor * size)))

    def text_limit(self, scale: float) -> float:
        """How wide (scene units) a name may be at ``scale``: :attr:`PlateStyle.width_hexes`
        of its hex as wide as it is on screen now (or ``min_width_px``), so a zoom that
        gives the hexes more room (Table mode) gives the names more letters."""
        subject, style = self._subject, self._style
        hex_width = (subject.hex_size if subject else 32.0) * 1.732 * scale
        return max(style.width_hexes * hex_width, style.min_width_px) / scale

    def candidates(self, scale: float) -> list[_Layout]:
        """Where the plate may go at ``scale``, best first: for the longest text that fits
        the width on screen (then each shorter one), touching the token below and above
        it (the players' style: above first), right and left of it, then nudged sideways
        — always overlapping the token's own column or row, so it reads as its own."""
        subject = self._subject
        if subject is None or not subject.name.strip():
            return []
        style = self._style
        px = self._font_px(scale)
        forms = abbreviations(subject.name) if style.abbreviate else abbreviations(subject.name)[:1]
        limit = self.text_limit(scale)
        sized = [(f, _advance(f, px) + 0.7 * px) for f in forms]
        fitting = [fw for fw in sized if fw[1] <= limit] if style.abbreviate else sized
        fitting = fitting or sized[-1:]
        height = _line_height(px) + 0.2 * px
        gap = GAP_PX / scale
        body = subject.body
        bottom = body.bottom()
        if subject.bars.isValid() and subject.hex_size * scale >= subject.bars_min_px:
            bottom = max(bottom, subject.bars.bottom())
        column = 0.35 * body.width() / 2  # a nudged plate still reaches this far in
        row = 0.35 * body.height() / 2
        layouts = []
        for text, width in fitting:
            below = bottom + gap
            above = body.top() - gap - height
            right = body.right() + gap
            left = body.left() - gap - width
            spots = [
                (-width / 2, below),
                (-width / 2, above),
                (right, -height / 2),
                (left, -height / 2),
                (-column, below),
                (column - width, below),
                (-column, above),
                (column - width, above),
                (right, row - height),
                (right, -row),
                (left, row - height),
                (left, -row),
            ]
            if style.above:
                spots[0], spots[1] = spots[1], spots[0]
            for x, y in spots:
                layouts.append(_Layout(text, QRectF(x, y, width, height), px, scale))
        return layouts

    def _best(self, scale: float, taken: _Obstacles) -> _Layout | None:
        """The first candidate clear of ``taken``; when none is, a hidden plate (the
        disc shows the initials, the tooltip the name): a plate covering another's text or
        disc would read as that token's name."""
        options = self.candidates(scale)
        if not options:
            return None
        here = self.pos()
        x, y = here.x(), here.y()
        for option in options:
            if not taken.hits(option.rect.translated(x, y)):
                return option
        return _Layout("", QRectF(), options[-1].font_px, scale)

    def _place(self, layout: _Layout | None) -> None:
        if layout != self._layout:
            self.prepareGeometryChange()
            self._layout = layout
            self.update()

    def _moved(self) -> None:
        """It stands elsewhere or names another token: laid out again if shown; indexed
        where it stands either way (a hidden plate is still looked for where it is)."""
        scene = self.scene()
        if scene is None:
            return
        if self.isVisible():
            _layouter(scene).moved(self)
        else:
            _layouter(scene).placed(self)

    # -- QGraphicsItem ----------------------------------------------------------------------
    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        """Moved: laid out again alone; shown, hidden, added or taken away: every plate of
        the scene is laid out again (room was made or taken)."""
        kind = QGraphicsItem.GraphicsItemChange
        if change == kind.ItemPositionHasChanged:
            self._moved()
        elif change == kind.ItemVisibleHasChanged and self.scene() is not None:
            _layouter(self.scene()).invalidate()
        elif change == kind.ItemSceneChange and self.scene() is not None:
            _layouter(self.scene()).forget(self)
        elif change == kind.ItemSceneHasChanged and isinstance(value, QGraphicsScene):
            _layouter(value).adopt(self)
        return super().itemChange(change, value)

    def boundingRect(self) -> QRectF:
        return self._layout.rect.adjusted(-2, -2, 2, 2) if self._layout else QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        layout, subject, scene = self._layout, self._subject, self.scene()
        if scene is not None and self.needs_layout(scale):
            # Not laid out for this zoom by its view (a print, a second view, or the first
            # paint of a view): draw a layout made for this paint alone; the items' geometry
            # is changed only before a view paints (_PlateLayouter.before_paint).
            layout = _layouter(scene).drawn_layout(self, scale, widget)
        if not layout or not layout.text or subject is None:
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


def _same_scale(a: float, b: float) -> bool:
    return abs(a - b) <= b * 1e-3


def _view_scale(view: QGraphicsView) -> float:
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(view.transform())


# -- what a plate must stay clear of ----------------------------------------------------------
class _Obstacles:
    """Rectangles a plate must not touch (other plates, mark badges) and other tokens'
    discs: a disc's bounding rectangle first, then the circle exactly (or the disc's path,
    for a multi-hex token's footprint)."""

    def __init__(self) -> None:
        self.rects: list[QRectF] = []
        self.discs: list[tuple[QRectF, QPainterPath | None]] = []

    def near(self, region: QRectF) -> _Obstacles:
        """Only those touching ``region`` (a plate's every candidate lies in it)."""
        near = _Obstacles()
        near.rects = [r for r in self.rects if r.intersects(region)]
        near.discs = [d for d in self.discs if d[0].intersects(region)]
        return near

    def hits(self, rect: QRectF) -> bool:
        """Whether ``rect`` (scene coordinates) touches any of them."""
        if any(r.intersects(rect) for r in self.rects):
            return True
        for box, path in self.discs:
            if box.intersects(rect) and (
                _circle_hits(box, rect) if path is None else path.intersects(rect)
            ):
                return True
        return False


def _circle_hits(box: QRectF, rect: QRectF) -> bool:
    """Whether the circle inscribed in square ``box`` meets ``rect``."""
    cx, cy, r = box.center().x(), box.center().y(), box.width() / 2
    dx = cx - min(max(cx, rect.left()), rect.right())
    dy = cy - min(max(cy, rect.top()), rect.bottom())
    return dx * dx + dy * dy < r * r


_Disc = tuple[QRectF, QPainterPath | None]
_DISCS: weakref.WeakKeyDictionary[NamePlate, tuple[tuple[float, float], object, _Disc]] = (
    weakref.WeakKeyDictionary()
)
"""Each plate's disc, with where it stood and the very subject it was made from (held,
and compared by identity: an ``id()`` can be reused by the next subject made)."""


def _disc(plate: NamePlate) -> _Disc | None:
    """The token's disc in scene coordinates: its bounding box, and its path unless it is
    a circle (kept until the token moves or changes)."""
    subject = plate.subject
    if subject is None or not plate._owner_visible:
        return None
    pos = plate.pos()
    at = (pos.x(), pos.y())
    cached = _DISCS.get(plate)
    if cached is not None and cached[1] is subject and cached[0] == at:
        return cached[2]
    box = subject.disc.boundingRect().translated(pos)
    circle = subject.disc.elementCount() <= 13 and abs(box.width() - box.height()) < 1e-6
    disc = (box, None if circle else subject.disc.translated(pos))
    _DISCS[plate] = (at, subject, disc)
    return disc


BUCKET = 256.0  # scene units (8 hexes of the scene's 32): the least side of a bucket below
Cell = tuple[int, int]
V = TypeVar("V")


def _span(rect: QRectF, side: float) -> tuple[range, range]:
    """The columns and rows of the squares of ``side`` that ``rect`` touches."""
    columns = range(math.floor(rect.left() / side), math.floor(rect.right() / side) + 1)
    rows = range(math.floor(rect.top() / side), math.floor(rect.bottom() / side) + 1)
    return columns, rows


def _in_cells(cells: Mapping[Cell, Iterable[V]], rect: QRectF, side: float) -> Iterator[V]:
    """What ``cells`` hold in the squares ``rect`` touches (repeats included), looking at
    whichever is fewer: those squares, or the squares that hold anything (a far zoom's
    regions span thousands of squares a few plates are in)."""
    columns, rows = _span(rect, side)
    if len(columns) * len(rows) <= len(cells):
        for i in columns:
            for j in rows:
                yield from cells.get((i, j), ())
    else:
        for (i, j), values in cells.items():
            if i in columns and j in rows:
                yield from values


class _ObstacleIndex:
    """Every obstacle of one layout, kept by squares about a plate's reach wide (``side``):
    a plate asks only the squares its candidates lie in, so laying out N plates costs
    about N, not N²."""

    def __init__(self, side: float) -> None:
        self._side = side
        self._rects: dict[Cell, list[QRectF]] = {}
        self._discs: dict[Cell, list[tuple[NamePlate, _Disc]]] = {}

    def add_rect(self, rect: QRectF) -> None:
        columns, rows = _span(rect, self._side)
        for key in itertools.product(columns, rows):
            self._rects.setdefault(key, []).append(rect)

    def add_disc(self, owner: NamePlate, disc: _Disc) -> None:
        columns, rows = _span(disc[0], self._side)
        for key in itertools.product(columns, rows):
            self._discs.setdefault(key, []).append((owner, disc))

    def near(self, region: QRectF, owner: NamePlate) -> _Obstacles:
        """The obstacles touching ``region`` but ``owner``'s own disc."""
        near = _Obstacles()
        rects = {
            id(r): r for r in _in_cells(self._rects, region, self._side) if r.intersects(region)
        }
        discs = {
            id(d): d
            for plate, d in _in_cells(self._discs, region, self._side)
            if plate is not owner and d[0].intersects(region)
        }
        near.rects, near.discs = list(rects.values()), list(discs.values())
        return near


class _PlaceIndex:
    """A scene's plates by :data:`BUCKET` square of where they stand, and how far from
    there any of their plates or discs reaches at the zoom laid out for (:attr:`margin`):
    the plates whose plate or disc may touch a region are found without looking at every
    plate of the map."""

    def __init__(self) -> None:
        self._cells: dict[Cell, set[NamePlate]] = {}
        self._where: dict[NamePlate, Cell] = {}
        self.margin = 0.0

    def put(self, plate: NamePlate) -> None:
        """``plate`` is in the scene and stands where it stands now."""
        here = plate.pos()
        key = (math.floor(here.x() / BUCKET), math.floor(here.y() / BUCKET))
        old = self._where.get(plate)
        if old == key:
            return
        self.drop(plate)
        self._cells.setdefault(key, set()).add(plate)
        self._where[plate] = key

    def drop(self, plate: NamePlate) -> None:
        """``plate`` left the scene."""
        old = self._where.pop(plate, None)
        if old is not None:
            self._cells[old].discard(plate)
            if not self._cells[old]:
                del self._cells[old]

    def reaches(self, plate: NamePlate, rect: QRectF) -> None:
        """``plate`` draws or keeps clear ``rect`` (scene coordinates): grow the margin."""
        if rect.isEmpty():
            return
        here = plate.pos()
        self.margin = max(
            self.margin,
            here.x() - rect.left(),
            rect.right() - here.x(),
            here.y() - rect.top(),
            rect.bottom() - here.y(),
        )

    def near(self, region: QRectF) -> set[NamePlate]:
        """Every plate whose plate or disc may touch ``region`` (and some more)."""
        m = self.margin
        return set(_in_cells(self._cells, region.adjusted(-m, -m, m, m), BUCKET))


def _reach(plate: NamePlate, scale: float) -> QRectF:
    """Where (scene coordinates) any candidate of ``plate`` at ``scale`` may lie."""
    subject = plate.subject
    assert subject is not None
    body = subject.body.united(subject.bars) if subject.bars.isValid() else subject.body
    grow_x = plate.text_limit(scale) + GAP_PX / scale + 2 * plate._font_px(scale)
    grow_y = 3 * plate._font_px(scale) + GAP_PX / scale
    return body.adjusted(-grow_x, -grow_y, grow_x, grow_y).translated(plate.pos())


# -- laying a scene's plates out ------------------------------------------------------------------
class _PlateLayouter(QObject):
    """The plates of one scene: which moved since the last layout and for which zoom they
    were laid out. Lays them out before the scene's first view paints (an event filter on
    its viewport), never during a paint: all of them when the zoom changed or a plate was
    shown, hidden, added or removed; else only the moved ones (and those whose plate a
    moved token now covers), against the others as they are."""

    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        self._scene = weakref.ref(scene)
        self.scale: float | None = None
        self.full = True
        self._moved: set[NamePlate] = set()
        self._plates: set[NamePlate] = set()  # every plate in the scene
        self._places = _PlaceIndex()  # … by where it stands
        self._viewports: weakref.WeakSet[QWidget] = weakref.WeakSet()
        self._drawn: tuple[float, dict[NamePlate, _Layout | None]] | None = None
        self._flush_queued = False
        self.layouts = 0  # how many plates were laid out (a measure for tests)
        self._badges: list[QRectF] = []  # the mark badges the plates were laid out around
        self._marks: _MarksKey = {}  # … and whose marks they are, where, at what scale

    # -- what changed -------------------------------------------------------------------------
    def placed(self, plate: NamePlate) -> None:
        """``plate`` stands somewhere else now (shown or hidden)."""
        self._places.put(plate)

    def moved(self, plate: NamePlate) -> None:
        """``plate`` is to be laid out again before the next paint."""
        self._moved.add(plate)
        self._places.put(plate)
        self._drawn = None

    def adopt(self, plate: NamePlate) -> None:
        self._plates.add(plate)
        self._places.put(plate)
        self.invalidate()

    def forget(self, plate: NamePlate) -> None:
        self._plates.discard(plate)
        self._places.drop(plate)
        self.invalidate()

    def named(self) -> list[NamePlate]:
        """The scene's plates that name a token."""
        return [p for p in self._plates if p.subject is not None]

    def invalidate(self) -> None:
        self.full = True
        self._moved.clear()
        self._drawn = None

    def pending(self, plate: NamePlate) -> bool:
        return self.full or plate in self._moved

    # -- when -------------------------------------------------------------------------------
    def watch(self, viewport: QWidget | None) -> bool:
        """Lay out before ``viewport`` paints; whether it was watched already."""
        if viewport is None or viewport in self._viewports:
            return True
        viewport.installEventFilter(self)
        self._viewports.add(viewport)
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget):
            view = watched.parent()
            if isinstance(view, QGraphicsView):
                self.before_paint(view)
        return False

    def before_paint(self, view: QGraphicsView) -> None:
        """``view`` is about to paint: if it is the scene's first view, lay the plates out
        for its zoom (a second view draws layouts of its own)."""
        scene = self._scene()
        if scene is None or not scene.views() or scene.views()[0] is not view:
            return
        scale = _view_scale(view)
        rezoomed = self.scale is None or not _same_scale(self.scale, scale)
        if self.full or rezoomed:
            self.lay_out_all(scale)
            # Plates may have moved while the view paints: the places they left are painted
            # again once this paint is done (else a plate's old place can stay on screen).
            viewport = view.viewport()
            QTimer.singleShot(0, viewport, viewport.update)  # dropped if the view is gone
            return
        marks = self._marks_key(scene)
        if not _same_marks(marks, self._marks):  # a turn, a target, a HIT, a Hinder…
            self._badges_changed(scene, scale, marks)
        if self._moved:
            self.lay_out_moved(scale)

    def _badges_changed(self, scene: QGraphicsScene, scale: float, marks: _MarksKey) -> None:
        """Mark badges came or went: the plates that could have used or now cover one of
        them are laid out again (like moved ones), not every plate of the map."""
        badges = badge_rects_in(scene, scale)
        before = {_rect_key(r) for r in self._badges}
        after = {_rect_key(r) for r in badges}
        changed = [r for r in self._badges if _rect_key(r) not in after]
        changed += [r for r in badges if _rect_key(r) not in before]
        self._badges, self._marks = badges, marks
        if changed:  # a print or a second view lays out around the badges as they are now
            self._drawn = None
        for rect in changed:
            for plate in self._places.near(rect):
                shown = plate.isVisible() and plate.subject is not None
                if shown and _reach(plate, scale).intersects(rect):
                    self.moved(plate)

    def _queue_flush(self) -> None:
        if not self._flush_queued:
            self._flush_queued = True
            QTimer.singleShot(0, self._flush)

    def _flush(self) -> None:
        self._flush_queued = False
        scene = self._scene()
        if scene is not None and scene.views():
            self.before_paint(scene.views()[0])

    @staticmethod
    def _marks_key(scene: QGraphicsScene) -> _MarksKey:
        """What the mark badges depend on, cheap to compare (:func:`_same_marks`): each
        shown marks item, its list of marks (a new list whenever its marks change), where
        it stands (the turn ring moves to the next creature with marks equal to the last
        one's) and its presentation scale (the players' Scale grows its badges)."""
        return {
            item: (item.marks, (item.x(), item.y()), item.presentation_scale)
            for item in marks_items_in(scene)
            if item.marks
        }

    # -- how --------------------------------------------------------------------------------
    def _obstacles(
        self, plates: Iterable[NamePlate], badges: list[QRectF], skip: set[NamePlate], side: float
    ) -> _ObstacleIndex:
        """The ``badges``, and the plates (but those in ``skip``) and discs of ``plates``,
        in squares of ``side``."""
        index = _ObstacleIndex(side)
        for badge in badges:
            index.add_rect(badge)
        for plate in plates:
            disc = _disc(plate)
            if disc is not None:
                index.add_disc(plate, disc)
                self._places.reaches(plate, disc[0])
            if plate not in skip and plate.isVisible():
                rect = plate.plate_rect()
                if not rect.isEmpty():
                    index.add_rect(rect)
        return index

    def _compute(
        self,
        order: list[NamePlate],
        others: Iterable[NamePlate],
        scale: float,
        skip: set[NamePlate],
        badges: list[QRectF],
    ) -> dict[NamePlate, _Layout | None]:
        """New layouts for ``order`` (in turn), clear of every disc of ``others`` but their
        own, of the mark ``badges``, of the plates of ``others`` not in ``skip`` and of
        those laid out before them."""
        reaches = {p: _reach(p, scale) for p in order if p.subject is not None}
        first = next(iter(reaches.values()), QRectF())  # every plate's reach is about as big
        side = max(BUCKET, first.width(), first.height())
        taken = self._obstacles(others, badges, skip, side)
        result: dict[NamePlate, _Layout | None] = {}
        for plate, reach in reaches.items():
            layout = plate._best(scale, taken.near(reach, plate))
            result[plate] = layout
            self.layouts += 1
            if layout is not None and layout.text:
                placed = layout.rect.translated(plate.pos())
                taken.add_rect(placed)
                self._places.reaches(plate, placed)
        return result

    def lay_out_all(self, scale: float) -> None:
        scene = self._scene()
        if scene is None:
            return
        plates = self.named()
        shown = sorted((p for p in plates if p.isVisible()), key=_reading_order)
        self._badges, self._marks = badge_rects_in(scene, scale), self._marks_key(scene)
        self._places.margin = 0.0  # measured again at this zoom, over every plate
        layouts = self._compute(shown, plates, scale, set(plates), self._badges)
        for plate, layout in layouts.items():
            plate._place(layout)
        self.scale, self.full, self._drawn = scale, False, None
        self._moved.clear()

    def lay_out_moved(self, scale: float) -> None:
        scene = self._scene()
        if scene is None:
            return
        moved = {p for p in self._moved if p.scene() is scene and p.isVisible()}
        self._moved.clear()
        if self.scale is None or not _same_scale(self.scale, scale):
            self._badges = badge_rects_in(scene, scale)  # else as laid out (marks unchanged)
        covered = [(p, d[0]) for p in moved if (d := _disc(p)) is not None]
        for owner, box in covered:
            self._places.reaches(owner, box)
        for _owner, box in covered:
            for plate in self._places.near(box):  # a moved token may now sit under its plate
                rect = plate.plate_rect()
                shown = plate not in moved and plate.isVisible() and not rect.isEmpty()
                if shown and plate.subject is not None and box.intersects(rect):
                    moved.add(plate)
        order = sorted(moved, key=_reading_order)
        others: set[NamePlate] = set()
        for plate in order:
            others |= self._places.near(_reach(plate, scale))
        others = {p for p in others if p.subject is not None and p.scene() is scene}
        for plate, layout in self._compute(order, others, scale, moved, self._badges).items():
            plate._place(layout)
        self._drawn = None

    def drawn_layout(
        self, plate: NamePlate, scale: float, widget: QWidget | None
    ) -> _Layout | None:
        """``plate``'s layout for a paint at ``scale`` that was not laid out before it (a
        print, a second view, a view's first paint): computed for every plate at once,
        without touching the items' geometry, and kept until something changes."""
        if widget is not None and not self.watch(widget):
            self._queue_flush()  # a new view: laid out properly before its next paint
            widget.update()
        if self._drawn is None or not _same_scale(self._drawn[0], scale):
            scene = self._scene()
            plates = self.named()
            shown = sorted((p for p in plates if p.isVisible()), key=_reading_order)
            badges = badge_rects_in(scene, scale) if scene else []
            self._drawn = (scale, self._compute(shown, plates, scale, set(plates), badges))
        return self._drawn[1].get(plate)


_MarksKey = dict[MarksItem, tuple[list[Mark], tuple[float, float], float]]


def _same_marks(now: _MarksKey, before: _MarksKey) -> bool:
    """Whether the badges of ``now`` are those of ``before``: the same items, each with the
    very same list of marks (equal marks of another list are another change: Mark compares
    by value), standing where it stood, at the same scale."""
    if now.keys() != before.keys():
        return False
    return all(
        key[0] is before[item][0] and key[1:] == before[item][1:] for item, key in now.items()
    )


def _rect_key(rect: QRectF) -> tuple[float, float, float, float]:
    """A rectangle as a value that compares and hashes (a badge that came or went)."""
    return (rect.x(), rect.y(), rect.width(), rect.height())


def _reading_order(plate: NamePlate) -> tuple[float, float]:
    return (plate.pos().y(), plate.pos().x())


_LAYOUTERS: weakref.WeakKeyDictionary[QGraphicsScene, _PlateLayouter] = weakref.WeakKeyDictionary()


def _layouter(scene: QGraphicsScene) -> _PlateLayouter:
    layouter = _LAYOUTERS.get(scene)
    if layouter is None:
        layouter = _LAYOUTERS[scene] = _PlateLayouter(scene)
    for view in scene.views():
        layouter.watch(view.viewport())
    return layouter


def layout_plates(scene: QGraphicsScene, scale: float) -> None:
    """Lay out every shown plate of ``scene`` for drawing at ``scale`` (screen pixels per
    scene unit), top to bottom: each takes its best spot clear of every other token's
    disc, of the mark badges and of the plates placed before it (hidden when there is
    none). The scene's view does this itself before it paints at a new zoom."""
    _layouter(scene).lay_out_all(scale)


def relayout_moved_plates(scene: QGraphicsScene, scale: float) -> None:
    """Lay out again only the plates of ``scene`` whose token moved since the last layout
    (a drag preview, a move), against the others where they are. The scene's view does
    this itself before it paints."""
    _layouter(scene).lay_out_moved(scale)


def plate_layouts(scene: QGraphicsScene) -> int:
    """How many single plates ``scene`` has laid out so far (for measuring)."""
    return _layouter(scene).layouts
