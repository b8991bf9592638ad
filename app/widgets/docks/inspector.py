"""The Inspector dock: what the rules say about the selected token, and why.

For the one selected token it shows its size, Reach (override, or from size and limbs),
Crowded Tier with every occupant counted or ignored and the reason, its Encumbered Tier with
every source ("Encumbered 3: Prone 2, Crowded 1"), and the options the
answer used; the token's Reach is outlined on the map. Hovering another token shows that
target's Concealment from the selected one (Tier, both penalties, the adjacent reduction,
the spaces that caused it, hatched on the map); the same line goes to the status bar.
Full spaces are marked on the map, and the selected token's Concealment field can shade
it. Everything follows the document, so undo and redo update it too; the dock only reads.
Under that, the :class:`~app.widgets.panels.vitals.VitalsPanel` shows the token's Conditions
and Pools and edits them through :class:`~app.controllers.token_state.TokenStateController`.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFrame,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.controllers.token_state import TokenStateController
from app.document import Change, MapDocument
from app.document.current import CurrentDocument
from app.scene.concealment_shade import ConcealmentShade
from app.scene.geometry import SceneGeometry
from app.scene.map_scene import MapScene
from app.scene.rules_overlays import FullSpaceMarkers, HighlightHexes, ReachOutline
from app.widgets.panels.common import rule
from app.widgets.panels.vitals import VitalsPanel
from rules import (
    Board,
    Concealment,
    Crowding,
    Encumbrance,
    Hex,
    Token,
    concealment,
    concealment_field,
    crowded,
    encumbered,
    full_spaces,
    reach_of,
    reach_spaces,
)
from rules.battlefield import senses_ailments

NOTHING_SELECTED = "Select a token to see its Reach, Crowded Tier and Concealment"
LARGE_MAP_SIDE = 80  # a map wider or taller than this shades only SHADE_RADIUS around
SHADE_RADIUS = 40


class InspectorDock(QDockWidget):
    """Reach, Crowded and Concealment of the selected token, on the dock and the map."""

    def __init__(
        self,
        current: CurrentDocument,
        scene: MapScene,
        state_controller: TokenStateController,
        parent: QWidget | None = None,
    ):
        super().__init__("Inspector", parent)
        self.state_controller = state_controller  # edits of Conditions and Pools
        self.vitals_panel = VitalsPanel(state_controller)
        self.setObjectName("inspector_dock")
        self._current = current
        self._scene = scene
        self._shown: MapDocument | None = None  # the one whose full spaces are shown
        self._hovered: Hex | None = None
        self._shade_source: tuple[object, ...] | None = None
        self.crowding: Crowding | None = None
        self.target_id: str | None = None
        self.target_concealment: Concealment | None = None
        geometry = scene.geometry
        self.full_markers = FullSpaceMarkers(geometry)
        self.reach_outline = ReachOutline(geometry)
        self.highlight = HighlightHexes(geometry)
        self.shade = ConcealmentShade(geometry)
        self._build()
        scene.selection_changed.connect(self._on_scene_selection_changed)
        scene.hovered.connect(self._on_scene_hovered)
        current.replaced.connect(self._on_map_replaced)
        current.changed.connect(self._on_document_changed)
        self.refresh()

    def _build(self) -> None:
        self.full_box = QCheckBox("Mark full spaces")
        self.full_box.setToolTip("A dashed orange ring and a FULL tag on every full space")
        self.full_box.setChecked(True)
        self.reach_box = QCheckBox("Outline the selected token's Reach")
        self.reach_box.setChecked(True)
        self.shade_box = QCheckBox("Shade Concealment from selected")
        self.shade_box.setToolTip(
            "Darken every space by the Concealment a target there would have from the "
            f"selected token (within {SHADE_RADIUS} spaces on big maps)"
        )
        self.full_box.toggled.connect(lambda _on: self.refresh())
        self.reach_box.toggled.connect(lambda _on: self.refresh(full=False))
        self.shade_box.toggled.connect(lambda _on: self.refresh(full=False))
        self.token_label = _text_label()  # name, size, Reach, Crowded Tier
        self.target_label = _text_label()  # the hovered target's Concealment
        self.crowd_label = _text_label()  # who is counted or ignored for Crowded, and why
        body = QWidget()
        font = body.font()
        font.setPointSizeF(max(11.0, font.pointSizeF() * 1.2))
        body.setFont(font)
        column = QVBoxLayout(body)
        # The numbers first (they must show in a short dock), the breakdown, the switches.
        for widget in (self.token_label, rule(), self.target_label, rule(), self.crowd_label):
            column.addWidget(widget)
        column.addWidget(self.vitals_panel)
        column.addStretch(1)
        column.addWidget(rule())
        for widget in (self.full_box, self.reach_box, self.shade_box):
            column.addWidget(widget)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)

    # -- following the document ----------------------------------------------------------
    def _on_map_replaced(self, _document: MapDocument) -> None:
        self._shade_source = None  # the shade of another map means nothing here

    def _on_document_changed(self, change: Change) -> None:
        if change.tokens or change.terrain or change.meta or change.grid:
            self.refresh(full=bool(change.tokens or change.grid))

    def _on_scene_selection_changed(self, _ids: list[str]) -> None:
        self.refresh(full=False)

    def _on_scene_hovered(self, h: Hex | None) -> None:
        before = self.target_id
        self._hovered = h
        self._refresh_target(self._current.board, self._scene.geometry)
        if self.target_id is not None and self.target_id != before:
            self._scene.hint.emit(self.target_summary())

    def refresh(self, full: bool = True) -> None:
        """Show the current board: the selected token, its target, the overlays (and,
        with ``full``, the full spaces)."""
        board, geometry = self._current.board, self._scene.geometry
        full = full or self._current.document is not self._shown  # another map is open
        self._shown = self._current.document
        for item in (self.shade, self.highlight, self.reach_outline, self.full_markers):
            if item.scene() is not self._scene:
                self._scene.addItem(item)
        if full:
            self._refresh_full_spaces(board, geometry)
        token = self.selected_token()
        self._refresh_token(board, geometry, token)
        self._refresh_shade(board, geometry, token)
        self._refresh_target(board, geometry)

    def selected_token(self) -> Token | None:
        """The one selected token, if exactly one is selected."""
        selection = self._scene.selection
        tokens = self._current.board.tokens
        return tokens.get(selection[0]) if len(selection) == 1 else None

    # -- the pieces ------------------------------------------------------------------------
    def _refresh_full_spaces(self, board: Board, geometry: SceneGeometry) -> None:
        shown = self.full_box.isChecked()
        self.full_markers.setVisible(shown)
        self.full_markers.set_spaces(full_spaces(board) if shown else frozenset(), geometry)

    def _refresh_token(self, board: Board, geometry: SceneGeometry, token: Token | None) -> None:
        if token is None:
            self.crowding = None
            self.reach_outline.clear()
            count = len(self._scene.selection)
            self.token_label.setText(
                f"{count} tokens selected. {NOTHING_SELECTED}." if count else NOTHING_SELECTED
            )
            self.crowd_label.setText("")
            self.vitals_panel.show_token(board, None)
            return
        self.crowding = crowded(board, token.id)
        self.token_label.setText(token_html(token, self.crowding, encumbered(board, token.id)))
        self.crowd_label.setText(crowding_html(self.crowding))
        self.vitals_panel.show_token(board, token.id, self.crowding)
        if self.reach_box.isChecked():
            self.reach_outline.show_hexes(reach_spaces(board, token), geometry)
        else:
            self.reach_outline.clear()

    def _refresh_shade(self, board: Board, geometry: SceneGeometry, token: Token | None) -> None:
        if token is None or not self.shade_box.isChecked():
            self._shade_source = None
            self.shade.clear()
            return
        radius = SHADE_RADIUS if max(board.width, board.height) > LARGE_MAP_SIDE else None
        source = (
            token.footprint,
            board.layer("concealment"),
            board.layer("concealment_kind"),
            tuple(sorted(board.options.items())),
            (board.width, board.height, board.orientation, radius),
            (token.senses, ailments := senses_ailments(token.conditions)),
            geometry,
        )
        if _same_source(source, self._shade_source):
            return  # another token moved, or a label changed: the field is the same
        self._shade_source = source
        field = concealment_field(
            board, token.footprint, radius=radius, senses=token.senses, ailments=ailments
        )  # the senses it chooses targets with, as the hover line
        self.shade.set_field(board, field)

    def _refresh_target(self, board: Board, geometry: SceneGeometry) -> None:
        observer = self.selected_token()
        target = self._target(board, observer)
        self.target_id = target.id if target else None
        if observer is None or target is None:
            self.target_concealment = None
            self.highlight.clear()
            self.target_label.setText(
                f"Hover over another token to see its Concealment from {escape(observer.name)}."
                if observer
                else ""
            )
            return
        result = concealment(board, observer.id, target.id)
        self.target_concealment = result
        self.target_label.setText(concealment_html(observer, target, result))
        self.highlight.show_hexes([h for h, _tier, _kind in result.sources], geometry)

    def _target(self, board: Board, observer: Token | None) -> Token | None:
        """The topmost other token in the hovered hex (small tokens are drawn on top)."""
        h = self._hovered
        if observer is None or h is None or not board.contains(h):
            return None
        others = [t for t in board.tokens_at(h) if t.id != observer.id]
        return min(reversed(others), key=lambda t: t.size) if others else None

    def target_summary(self) -> str:
        """One line on the hovered target's Concealment (what goes to the status bar)."""
        board = self._current.board
        observer, result = self.selected_token(), self.target_concealment
        if observer is None or result is None or self.target_id not in board.tokens:
            return ""
        return concealment_summary(observer, board.token(self.target_id or ""), result)


# -- text --------------------------------------------------------------------------------------
def _text_label() -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _same_source(a: tuple[object, ...] | None, b: tuple[object, ...] | None) -> bool:
    """Equal keys; terrain layers are read-only arrays, compared by identity."""
    if a is None or b is None or len(a) != len(b):
        return False
    return all(
        x is y or (not isinstance(x, np.ndarray) and x == y) for x, y in zip(a, b, strict=True)
    )


def signed(n: int) -> str:
    """A modifier as the rules print it: ``−5``, ``0``, ``+2``."""
    return f"{n:+d}".replace("-", "−") if n else "0"


def _where(h: Hex) -> str:
    return f"({h.q}, {h.r})"


def _items(lines: list[str]) -> str:
    return "<ul style='margin-top:0'>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>"


def reach_text(token: Token) -> str:
    """``Reach 2 — from size and limbs`` or ``Reach 4 — override (size and limbs: 2)``."""
    reach = reach_of(token)
    if token.reach is None:
        return f"Reach {reach} — from size and limbs"
    natural = reach_of(replace(token, reach=None))
    return f"Reach {reach} — override (size and limbs would give {natural})"


def token_html(token: Token, crowding: Crowding, state: Encumbrance) -> str:
    """The selected token's size, Reach, Crowded Tier and Encumbered Tier with its
    sources, as HTML."""
    spaces = len(token.footprint_offsets)
    heading = crowding.reasons[0] if crowding.reasons else f"Crowded {crowding.tier}"
    parts = [
        f"<h3 style='margin-bottom:2px'>{escape(token.name)}</h3>",
        f"Size {token.size} {token.kind.value}, {spaces} space{'s' if spaces > 1 else ''}<br>",
        f"<b>{escape(reach_text(token))}</b> (dashed blue outline on the map)",
        f"<p><b>{escape(heading)}</b>",
        f" — Encumbered {crowding.encumbered}, +{crowding.move_cost} Movement cost"
        if crowding.tier
        else " — no effect",
    ]
    # The rules' other reasons, less the effects sentence shown above from the fields.
    parts += [f"<br>{escape(r)}" for r in crowding.reasons[1:] if not r.startswith("Encumbered")]
    parts.append("</p>")
    if state.tier:
        cost = f"; +{state.move_cost} Movement cost" if state.move_cost else ""
        parts.append(
            f"<p><b>{escape(state.describe())}</b> — −{state.tier} on physical attacks, "
            f"physical defences and Mobility rolls{cost}</p>"
        )
    return "".join(parts)


def crowding_html(crowding: Crowding) -> str:
    """Who counts toward the Crowded Tier and who is ignored, with the reasons, as HTML."""
    parts = [f"<b>Why Crowded {crowding.tier}</b>"]
    if len(crowding.by_space) > 1:
        each = ", ".join(f"{_where(h)}: {t}" for h, t in crowding.by_space)
        parts.append(f"<br>By space: {each}")
    for title, entries in (("Counted", crowding.counted), ("Ignored", crowding.ignored)):
        if entries:
            lines = [
                f"<b>{escape(e.name)}</b> in {_where(e.space)}: {escape(e.reason)}" for e in entries
            ]
            parts.append(f"<p style='margin-bottom:0'>{title} ({len(entries)}):</p>")
            parts.append(_items(lines))
    if not crowding.entries:
        parts.append("<p>No one else shares its spaces.</p>")
    parts.append(f"<p><i>Options: {escape(' · '.join(crowding.options_used))}</i></p>")
    return "".join(parts)


def concealment_summary(observer: Token, target: Token, result: Concealment) -> str:
    """``Goblin: Concealment 5 from Ogre — Awareness −5, targeted attacks −2``."""
    text = (
        f"{target.name}: Concealment {result.tier} from {observer.name} — Awareness "
        f"{signed(result.awareness_penalty)}, targeted attacks {signed(result.attack_penalty)}"
    )
    if result.reduction:
        text += f" (adjacent: −{result.reduction})"
    return text


def concealment_html(observer: Token, target: Token, result: Concealment) -> str:
    """The target's Concealment from the observer with the spaces that caused it, as HTML."""
    parts = [
        f"<h3 style='margin-bottom:2px'>{escape(target.name)}: Concealment {result.tier}</h3>",
        f"from {escape(observer.name)}, by {escape(result.sense)}"
        f"{' (its Primary Sense)' if result.primary else ''}<br>",
        f"<b>Awareness {signed(result.awareness_penalty)}</b>, "
        f"<b>targeted attacks {signed(result.attack_penalty)}</b><br>",
        f"World {result.world}, magic {result.magic}<br>",
    ]
    if result.adjacent:  # the rules' own words: how much, and from what
        why = [r for r in result.reasons if r.startswith("adjacent")]
        parts.append(escape(why[0].capitalize()) if why else f"Adjacent: −{result.reduction}")
    else:
        parts.append("Not adjacent: no reduction")
    parts += [f"<br>{escape(r.capitalize())}" for r in result.reasons if r.startswith("capped")]
    if result.sources:
        lines = [f"{_where(h)}: Tier {tier} ({kind})" for h, tier, kind in result.sources]
        parts.append("<p style='margin-bottom:0'>Spaces that conceal (hatched on the map):</p>")
        parts.append(_items(lines))
    else:
        parts.append("<p>No space conceals it.</p>")
    parts.append(f"<p><i>Options: {escape(' · '.join(result.options_used))}</i></p>")
    return "".join(parts)
