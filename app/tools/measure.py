"""MeasureTool: a ruler in spaces and feet between hexes and tokens, with waypoints.

A left click starts a ruler at the clicked hex, or at the whole footprint of a token
standing there; the ruler follows the mouse, and each further click adds a waypoint
(the end of one leg starts the next). Double-click, right-click or Enter finishes: the
ruler stays until the next click starts another or Escape clears it; Backspace takes the
last waypoint back. Distances are :func:`rules.measure` between the nearest hexes of the
two ends, counting elevation as the map's ``range_elevation`` option says. Each leg's
label (its spaces and feet) sits beside that leg, and the total by the ruler's end, all
clear of the tokens and the lines (:mod:`app.scene.label_placement`); the status bar has
the whole breakdown, naming each end as the players say it ("C7 → F9: 3 spaces, 15 ft";
a token as "Aria (C3)", :func:`rules.board.hex_name`). Measuring never edits the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QLineF, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneMouseEvent

from app.scene.label_placement import place_screen_labels
from app.scene.measure_items import LegLabelItem, RulerLegItem
from app.scene.tool import Gesture, Tool
from rules import Board, Distance, Hex, RuleOptions, Token, hex_line, measure
from rules.board import hex_name

if TYPE_CHECKING:
    from app.document import Change
    from app.scene.map_scene import MapScene

FINISH_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


@dataclass(frozen=True)
class RulerEnd:
    """One end of a leg: a hex, or every hex a token fills (``token_id`` set)."""

    hexes: frozenset[Hex]
    name: str
    token_id: str | None = None


def end_at(board: Board, h: Hex) -> RulerEnd | None:
    """The ruler end for a click on ``h``: the footprint of the token there (the smallest,
    drawn on top, if several), else the hex; ``None`` off the map. A hex is named as the
    players say it (:func:`rules.board.hex_name`, ``"C7"``), a token by its name and the
    hex it stands on (``"Aria (C3)"``)."""
    if not board.contains(h):
        return None
    tokens = board.tokens_at(h)
    if tokens:
        return token_end(board, min(tokens, key=lambda t: t.size))
    return RulerEnd(frozenset({h}), hex_name(board, h))


def token_end(board: Board, token: Token) -> RulerEnd:
    """The ruler end at ``token``: its footprint, named ``"Aria (C3)"`` (its anchor's hex)."""
    where = hex_name(board, token.position) if board.contains(token.position) else "off the map"
    return RulerEnd(token.footprint, f"{token.name} ({where})", token.id)


def spaces_text(spaces: int, flat: int, climb: int) -> str:
    """``"4 spaces, 20 ft (3 across + 1 up/down)"``; the climb part only when there is one."""
    noun = "space" if spaces == 1 else "spaces"
    extra = f" ({flat} across + {climb} up/down)" if climb else ""
    return f"{spaces} {noun}, {5 * spaces} ft{extra}"


def leg_text(leg: Distance) -> str:
    """One leg's distance, as the labels and the status bar say it."""
    return spaces_text(leg.spaces, leg.flat, leg.climb)


def total_text(legs: list[Distance]) -> str:
    """The running total of ``legs``."""
    return spaces_text(
        sum(d.spaces for d in legs), sum(d.flat for d in legs), sum(d.climb for d in legs)
    )


def short_text(leg: Distance) -> str:
    """A label's words for ``leg``: ``"3 spaces, 15 ft"``, ``"(2 up/down)"`` added when it
    climbs."""
    return short_total([leg])


def short_total(legs: list[Distance]) -> str:
    """A label's words for the sum of ``legs`` (see :func:`short_text`)."""
    spaces, climb = sum(d.spaces for d in legs), sum(d.climb for d in legs)
    noun = "space" if spaces == 1 else "spaces"
    extra = f" ({climb} up/down)" if climb else ""
    return f"{spaces} {noun}, {5 * spaces} ft{extra}"


def label_texts(legs: list[Distance]) -> list[str]:
    """The label by each leg (its own distance), then — with more than one leg — the
    total at the end: ``["3 spaces, 15 ft", "2 spaces, 10 ft", "Total 5 spaces, 25 ft"]``.
    A one-leg ruler has one label, at its end."""
    texts = [short_text(leg) for leg in legs]
    if len(legs) > 1:
        texts.append(f"Total {short_total(legs)}")
    return texts


class MeasureTool(QObject, Tool):
    """Left-click to start and add waypoints; double-click, right-click or Enter finishes;
    Backspace removes the last waypoint; Escape (or another tool) clears the ruler."""

    name = "measure"

    def __init__(self, scene: MapScene):
        super().__init__()
        self._scene = scene
        self._ends: list[RulerEnd] = []
        self._live: RulerEnd | None = None  # where the mouse is, while measuring
        self._measuring = False
        self._legs: list[Distance] = []
        self._items: list[QGraphicsItem] = []
        self._summary = ""
        scene.installEventFilter(self)  # Enter, Backspace and double-click reach the tool
        scene.source.changed.connect(self._on_document_changed)  # a ruler follows the map

    # -- what tests and the window read ------------------------------------------------
    @property
    def measuring(self) -> bool:
        """True while a ruler is being laid out (it follows the mouse)."""
        return self._measuring

    def legs(self) -> list[Distance]:
        """The legs shown, in order (while measuring, the last one runs to the mouse)."""
        return list(self._legs)

    def waypoints(self) -> list[RulerEnd]:
        """The clicked ends: the start, then each waypoint."""
        return list(self._ends)

    def summary(self) -> str:
        """The full breakdown the status bar shows ("" with no leg)."""
        return self._summary

    def items(self) -> list[QGraphicsItem]:
        """The ruler's items in the scene."""
        return list(self._items)

    def labels(self) -> list[LegLabelItem]:
        """The ruler's labels: one per leg (in order), then the total (``leg`` None)."""
        return [i for i in self._items if isinstance(i, LegLabelItem)]

    # -- gestures ----------------------------------------------------------------------
    def press(self, gesture: Gesture) -> bool:
        if gesture.button == Qt.MouseButton.RightButton and self._measuring:
            self.move(gesture)  # finish where the click is, even with no move before it
            self.finish()
            return True
        if gesture.button != Qt.MouseButton.LeftButton:
            return False
        end = end_at(self._scene.board, gesture.hex)
        if end is None:
            self._scene.hint.emit("Measure on the map: that hex is outside it")
        elif not self._measuring:
            self._start(end)
        elif end.hexes != self._ends[-1].hexes:  # the same end again adds no empty leg
            self._ends.append(end)
            self._live = None
            self._refresh()
        return True

    def move(self, gesture: Gesture) -> None:
        if not self._measuring:
            return
        end = end_at(self._scene.board, gesture.hex)
        if end is None:
            return
        live = None if end.hexes == self._ends[-1].hexes else end
        if live != self._live:
            self._live = live
            self._refresh()

    def finish(self) -> None:
        """Stop following the mouse, keeping the leg to where it points; the ruler stays
        on screen (a ruler with no leg is cleared)."""
        if not self._measuring:
            return
        if self._live is not None:
            self._ends.append(self._live)
        self._live = None
        self._measuring = False
        if len(self._ends) < 2:
            self._clear()
            self._scene.hint.emit("Ruler cleared")
        else:
            self._refresh()

    def remove_last(self) -> None:
        """Take the last waypoint back (the start too, which clears the ruler)."""
        if not self._ends:
            return
        removed = self._ends.pop()
        if not self._ends or (not self._measuring and len(self._ends) < 2):
            self._clear()
            self._scene.hint.emit("Ruler cleared")
            return
        if self._measuring and self._live is None and removed.hexes != self._ends[-1].hexes:
            self._live = removed  # the mouse is still on the removed waypoint
        self._refresh()

    def cancel(self) -> None:
        if self._ends or self._items:
            self._clear()
            self._scene.hint.emit("Ruler cleared")

    def key(self, event: QKeyEvent) -> bool:
        """Backspace takes the last waypoint back, Enter finishes; True if used."""
        if event.key() == Qt.Key.Key_Backspace and self._ends:
            self.remove_last()
            return True
        if event.key() in FINISH_KEYS and self._measuring:
            self.finish()
            return True
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._scene.tool is not self:
            return False
        kind = event.type()
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            return self.key(event)
        if kind == QEvent.Type.GraphicsSceneMouseDoubleClick and self._measuring:
            return self._double_click(event)
        return False

    def _double_click(self, event: QEvent) -> bool:
        if not isinstance(event, QGraphicsSceneMouseEvent):
            return False
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.finish()  # its first click already put the last waypoint down
        return True

    # -- state -------------------------------------------------------------------------
    def _start(self, end: RulerEnd) -> None:
        self._clear()
        self._ends = [end]
        self._measuring = True
        self._scene.hint.emit(
            f"Measuring from {end.name}: click to add a waypoint; double-click, "
            "right-click or Enter to finish"
        )

    def _clear(self) -> None:
        for item in self._items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._items, self._ends, self._legs = [], [], []
        self._live, self._measuring, self._summary = None, False, ""

    def _on_document_changed(self, change: Change) -> None:
        if not self._ends:
            return  # no ruler shown
        if change.grid:
            self.cancel()  # other hexes, maybe another orientation: the ruler means nothing
        else:
            self._refresh()  # tokens moved or terrain changed: measure again

    def _refresh(self) -> None:
        board = self._scene.board
        ends = [self._current(board, end) for end in self._ends]
        if self._live is not None:
            ends.append(self._current(board, self._live))
        options = RuleOptions.of(board.options)
        self._legs = [measure(board, a.hexes, b.hexes, options) for a, b in pairwise(ends)]
        self._redraw()
        self._summary = self._describe(ends, options)
        if self._summary:
            self._scene.hint.emit(self._summary)

    @staticmethod
    def _current(board: Board, end: RulerEnd) -> RulerEnd:
        """``end`` with a token's footprint as the board has it now (it may have moved)."""
        token = board.tokens.get(end.token_id) if end.token_id else None
        return token_end(board, token) if token else end

    def _redraw(self) -> None:
        for item in self._items:
            self._scene.removeItem(item)
        geometry = self._scene.geometry
        ends = [leg.nearest for leg in self._legs]
        legs = [RulerLegItem(geometry, a, b, hex_line(a, b)) for a, b in ends]
        texts = label_texts(self._legs)
        labels = []
        for i, (leg, text) in enumerate(zip(legs, texts, strict=False)):
            anchor = leg.end if len(legs) == 1 else (leg.start + leg.end) / 2
            labels.append(LegLabelItem(text, anchor, i))
        if len(legs) > 1:
            labels.append(LegLabelItem(texts[-1], legs[-1].end, None))
        self._items = [*legs, *labels]
        for item in self._items:
            self._scene.addItem(item)
        self._place_labels()

    def _place_labels(self) -> None:
        """Each leg's label beside its own leg, the total by the end, all clear of the
        tokens and of the ruler's lines (:mod:`app.scene.label_placement`)."""
        legs = [i for i in self._items if isinstance(i, RulerLegItem)]
        labels = [i for i in self._items if isinstance(i, LegLabelItem)]
        segments = [QLineF(leg.start, leg.end) for leg in legs]
        place_screen_labels(self._scene, labels, segments)

    def _describe(self, ends: list[RulerEnd], options: RuleOptions) -> str:
        if not self._legs:
            return ""
        route = " → ".join(end.name for end in ends)
        if len(self._legs) == 1:
            text = f"{route}: {leg_text(self._legs[0])}"
        else:
            parts = [f"Leg {i}: {leg_text(leg)}" for i, leg in enumerate(self._legs, 1)]
            text = f"{route} — {' · '.join(parts)} · Total {total_text(self._legs)}"
        if options.range_elevation != "count":
            text += " · elevation not counted (map option)"
        return text
