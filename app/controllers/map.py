"""MapController: the map's own edits (moves, terrain, pasting, map properties, rule
options, pinned Areas, labels and notes, deleting, lifting the fog) as undo steps.

No painting and no widgets here (STYLE.md §3): tools and menus call the controller; it
asks the rules for the board after and pushes it as ONE undo step through
:meth:`~app.controllers.base.Controller.push`. A refusal is never silent: it is emitted on
:attr:`~app.controllers.base.Controller.refused` with a specific reason, for the status bar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

import rules.movement as movement_rules  # a lazy face: the field and plans load on the first move
from app.controllers.base import Controller
from app.controllers.tokens import numbered, stored_picture
from app.document.player_document import PARTY_SIDES, party_reveal
from rules import (
    DIRECTIONS,
    OPTION_SPECS,
    AreaKind,
    AreaTemplate,
    Board,
    GroundKind,
    Hex,
    OngoingEffect,
    OptionValue,
    Orientation,
    RuleOptions,
    RulesError,
    fresh_id,
)
from rules.battlefield import group_placement_refusal, placement_refusal
from rules.board import Label, Note, with_effect
from rules.prep import PaintResult, Region, adjust, paint, paint_ground

if TYPE_CHECKING:
    from rules.movement import MoveOutcome, MovePlan

KNOWN_OPTIONS = frozenset(spec.name for spec in OPTION_SPECS)


class PaintStroke(Protocol):
    """What a paint stroke paints (the Terrain palette's
    :class:`~app.tools.paint.PaintSettings` is one): the layer, how ("set", "raise",
    "lower"), the value, and the Concealment kind with the concealment layer."""

    @property
    def layer(self) -> str: ...
    @property
    def mode(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def concealment_kind(self) -> int: ...


class MapController(Controller):
    """Edits the open map on behalf of tools, menus and docks."""

    def request_move(self, token_id: str, anchor: Hex) -> bool:
        """Place a token with its anchor at ``anchor`` (no Movement paid) as one undo step;
        returns False (and says why, unless it is already there) if nothing moved."""
        return self._moved(movement_rules.move(self.board, token_id, anchor, free=True), token_id)

    def movement_enforced(self, token_id: str) -> bool:
        """True when ``token_id``'s moves follow the Movement rules: a creature, during a
        conflict (the turn order started). Otherwise tokens are placed freely."""
        return movement_rules.movement_enforced(self.board, token_id)

    def request_path_move(
        self, token_id: str, target: Hex, *, free: bool = False, plan: MovePlan | None = None
    ) -> bool:
        """Move a creature along its cheapest path to ``target`` as one undo step, paying
        the Movement (seed 001); ``free`` (or no conflict running) places it instead.
        ``plan`` is the drag preview's plan of this move, applied as it is. A refused move
        says why and changes nothing."""
        done = movement_rules.move(self.board, token_id, target, free=free, plan=plan)
        return self._moved(done, token_id)

    def request_step(self, token_id: str, direction: int) -> bool:
        """Move ``token_id`` one space along ``DIRECTIONS[direction]`` (arrow keys), with
        the same rules as a drag."""
        token = self.token(token_id)
        if token is None:
            return False
        step = [token.position, token.position + DIRECTIONS[direction]]
        return self._moved(movement_rules.move(self.board, token_id, step), token_id)

    def _moved(self, done: MoveOutcome, token_id: str | None) -> bool:
        """Push what ``done`` did as one undo step and say it; or say why it was refused,
        beside ``token_id`` on the map (nothing said when there was nothing to do: a token
        placed where it stands)."""
        if done.refusal is not None:
            return self.refuse(done.refusal, token_id)
        if not done.moved:
            return False
        self.push(done.board, done.text)
        self.informed.emit(done.summary)
        return True

    def group_move_refusal(self, token_ids: list[str], delta: Hex) -> str | None:
        """Why the tokens cannot all move by ``delta``, or ``None``."""
        board = self.board
        moves = {i: board.token(i).position + delta for i in token_ids}
        return group_placement_refusal(board, moves)

    def request_group_move(self, token_ids: list[str], delta: Hex) -> bool:
        """Move several tokens by the same offset as one undo step (one token: a plain
        move): :func:`rules.movement.move_group`."""
        done = movement_rules.move_group(self.board, token_ids, delta)
        return self._moved(done, token_ids[0] if token_ids else None)

    def paint_terrain(self, settings: PaintStroke, hexes: Iterable[Hex]) -> bool:
        """Paint ``hexes`` as the palette says, as one undo step; False if nothing changed.

        Ground also sets Ground Softness to the kind's default (RULES-DIGEST §11 Q10);
        Concealment also records its kind (world condition or magic, [S000]).
        """
        board = self.board
        try:
            result = _paint_result(board, settings, hexes)
        except RulesError as error:
            return self.refuse(str(error))
        if result.is_noop:
            self.informed.emit("Nothing to change there")
            return False
        self.push(result.board, result.describe())
        self.informed.emit(result.describe())
        return True

    def paste_tokens(self, copied: Board, at: Hex | None) -> list[str]:
        """Add the tokens of ``copied`` (a clipboard board) as one undo step.

        The first copied token lands on ``at`` (the hex under the mouse) and the others
        keep their places around it; with no ``at`` they land one hex east of where they
        were copied from. Ids that are taken get fresh ones; pictures come along.
        Returns the new ids (empty, with a message, if they do not fit).
        """
        tokens = list(copied.tokens.values())
        if not tokens:
            self.refused.emit("The clipboard holds no tokens")
            return []
        delta = at - tokens[0].position if at is not None else Hex(1, 0)
        board = self.board
        after, new_ids = board, []
        for token in tokens:
            new_id = token.id if token.id not in after.tokens else after.new_token_id(token.id)
            image = None
            if token.image in copied.images:  # identical bytes are reused, names kept unique
                after, image = stored_picture(after, copied.images[token.image], token.image)
            placed = replace(token, id=new_id, position=token.position + delta, image=image)
            try:
                after = after.with_token(placed)
                problem = placement_refusal(after, new_id, placed.position)
            except RulesError as error:
                problem = str(error)
            if problem:
                self.refused.emit(f"Cannot paste there: {problem}")
                return []
            new_ids.append(new_id)
        label = tokens[0].name if len(tokens) == 1 else f"{len(tokens)} tokens"
        after = numbered(after, new_ids)  # a second Goblin: Goblin 1, Goblin 2
        self.push(after, f"Paste {label}")
        return new_ids

    def change_map_properties(
        self, width: int, height: int, orientation: Orientation, name: str
    ) -> bool:
        """Rename, resize (keeping what fits) and re-orient the map as one undo step."""
        board = self.board
        try:
            after = board.with_name(name.strip() or board.name)
            after = after.resized(width, height).with_orientation(orientation)
        except RulesError as error:
            return self.refuse(str(error))
        if after == board:
            return False
        self.push(after, "Map properties")
        lost = len(board.tokens) - len(after.tokens)
        text = f"Map is now {width}×{height}"
        if lost:
            text += f"; {lost} token(s) no longer fit and were removed (Undo brings them back)"
        if board.background is not None and orientation is not board.orientation:
            text += "; the battle-map picture was fitted to the other hexes: fit the grid again"
        self.informed.emit(text)
        return True

    def set_rule_options(self, options: Mapping[str, OptionValue]) -> bool:
        """Replace the map's rule options (only the non-default ones are stored) as one
        undo step; every overlay follows the document's ``changed`` signal."""
        board = self.board
        resolved = RuleOptions.of(options)
        if resolved.problems:
            return self.refuse("; ".join(resolved.problems))
        kept = {k: v for k, v in board.options.items() if k not in KNOWN_OPTIONS}
        after = board.with_options({**kept, **resolved.changed()})
        if after == board:
            return False
        changed = sorted(set(after.options.items()) ^ set(board.options.items()))
        names = sorted({k for k, _v in changed})
        text = "Rule options: " + ", ".join(names) if names else "Rule options"
        self.push(after, text)
        return True

    # -- pinned Area templates -----------------------------------------------------------
    def pin_area(self, template: AreaTemplate, rounds: int | None = None) -> bool:
        """Pin ``template`` to the map as one undo step (refused with the reason if the
        board cannot hold it, e.g. its source token is gone). With ``rounds``, or for an
        Aura, it is also an ongoing effect of its caster (:mod:`rules.board.effects`): it ticks
        at the caster's turn start and takes the template away when it ends."""
        board = self.board
        try:
            after = board.with_area(template)
            if rounds or template.kind is AreaKind.AURA:
                after = with_effect(after, _area_effect(after, template, rounds))
        except (RulesError, ValueError, KeyError) as error:
            return self.refuse(f"Cannot pin {template.title}: {error}")
        self.push(after, f"Pin {template.title}")
        return True

    def delete_area(self, area_id: str) -> bool:
        """Remove pinned template ``area_id`` as one undo step."""
        board = self.board
        area = board.areas.get(area_id)
        if area is None:
            return self.refuse("That template is no longer on the map")
        after = board.without_area(area_id)
        self.push(after, f"Delete {area.title}")
        return True

    # -- fog -----------------------------------------------------------------------------
    def reveal_around_party(self, radius: int, sides: Iterable[str] = PARTY_SIDES) -> str:
        """Lift the fog within ``radius`` spaces of every visible party token as one undo
        step; returns what happened (or why nothing did), for the status bar."""
        after, text = party_reveal(self.board, radius, sides)
        if after is not None:
            self.push(after, text)
        return text

    # -- labels and notes ----------------------------------------------------------------
    def add_label(self, text: str, at: Hex, gm_only: bool = False) -> str | None:
        """Write a label on the map (one undo step); its id, or None if refused."""
        board = self.board
        label_id = fresh_id({**board.labels, **board.notes}, "label")
        return self._annotate(
            lambda: board.with_label(Label(label_id, text, at, gm_only)),
            label_id,
            f"Add label “{text.strip()[:30]}”",
        )

    def add_note(
        self,
        text: str,
        *,
        at: Hex | None = None,
        token_id: str | None = None,
        gm_only: bool = True,
    ) -> str | None:
        """Attach a note to a hex or a token (one undo step); its id, or None if refused."""
        board = self.board
        note_id = fresh_id({**board.labels, **board.notes}, "note")
        note = lambda: Note(note_id, text, at, token_id, gm_only)  # noqa: E731
        return self._annotate(lambda: board.with_note(note()), note_id, "Add note")

    def edit_annotation(self, annotation_id: str, text: str, gm_only: bool) -> bool:
        """Change a label's or note's text and visibility (one undo step)."""
        board = self.board

        def edited() -> Board:
            if annotation_id in board.labels:
                old = board.labels[annotation_id]  # a door stays a door
                return board.with_label(replace(old, text=text, gm_only=gm_only))
            note = board.notes[annotation_id]
            return board.with_note(Note(annotation_id, text, note.hex, note.token_id, gm_only))

        kind = "label" if annotation_id in board.labels else "note"
        return self._annotate(edited, annotation_id, f"Edit {kind}") is not None

    def delete_annotation(self, annotation_id: str) -> bool:
        """Remove a label or note (one undo step)."""
        board = self.board
        kind = "label" if annotation_id in board.labels else "note"
        without = lambda: board.without_annotation(annotation_id)  # noqa: E731
        return self._annotate(without, annotation_id, f"Delete {kind}") is not None

    def open_door(self, label_id: str) -> bool:
        """Open the closed door ``label_id`` (a Universal VTT import's doors, issue #18): its
        walls cleared and its label removed, one undo step; refused with the reason if it is
        not a door."""
        board = self.board
        label = board.labels.get(label_id)
        text = f"Open {label.text}" if label is not None else "Open door"
        opened = lambda: board.with_door_opened(label_id)  # noqa: E731
        return self._annotate(opened, label_id, text) is not None

    def _annotate(self, make: Callable[[], Board], annotation_id: str, text: str) -> str | None:
        try:
            after = make()
        except (ValueError, KeyError) as error:
            self.refused.emit(_reason(error))
            return None
        if after == self.board:
            return annotation_id
        self.push(after, text)
        return annotation_id

    def delete_tokens(self, token_ids: list[str]) -> None:
        """Delete tokens, several as one undo step (with the next turn, if the acting
        creature went). The board after is worked out before anything is pushed, so a
        refusal leaves the map and the undo stack as they were."""
        board = self.board
        ids = [i for i in token_ids if i in board.tokens]
        if not ids:
            self.refused.emit("Select a token to delete")
            return
        names = board.token(ids[0]).name if len(ids) == 1 else f"{len(ids)} tokens"
        try:
            after = board.without_tokens(ids)
            started = movement_rules.turn_after_leaving(board, after)
        except (RulesError, ValueError, KeyError) as error:
            self.refused.emit(f"Cannot delete {names}: {_reason(error)}")
            return
        if started is not None:  # the acting creature was deleted: the next turn begins
            after = started.board
            self.informed.emit("; ".join(started.changes + started.reminders))
        self.push(after, f"Delete {names}")


def _reason(error: Exception) -> str:
    """A refusal's reason as the user reads it (a KeyError's message comes quoted)."""
    return str(error).strip("'\"")


def _paint_result(board: Board, settings: PaintStroke, hexes: Iterable[Hex]) -> PaintResult:
    layer = settings.layer
    if layer == "ground":
        return paint_ground(board, hexes, GroundKind(settings.value))
    if not isinstance(hexes, Region):  # a Region (a flood fill) is reusable as it is
        hexes = frozenset(hexes)
    if settings.mode in ("raise", "lower"):
        delta = settings.value if settings.mode == "raise" else -settings.value
        result = adjust(board, layer, hexes, delta)
    else:
        result = paint(board, layer, hexes, settings.value)
    if layer != "concealment":
        return result
    # [S000]: world-condition and magic Concealment differ; the stroke says which it is.
    kind = paint(result.board, "concealment_kind", hexes, settings.concealment_kind)
    if result.is_noop:
        return kind  # same Tier, another kind (world condition ↔ magic)
    return replace(result, board=kind.board)


def _area_effect(board: Board, template: AreaTemplate, rounds: int | None) -> OngoingEffect:
    return OngoingEffect(
        fresh_id(board.effects, "effect"),
        template.title,
        creator=template.caster or template.source,
        rounds_left=rounds,
        description=f"keeps {template.title} on the map",
        area_id=template.id,
        target=template.source,
    )
