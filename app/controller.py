"""MapController: turns a user's intent into a rules query and an undo command, or a message.

No painting and no widgets here (STYLE.md §3): tools and menus call the controller; it
validates with the rules package and pushes one command per edit on the document's undo
stack. A refusal is never silent: it is emitted on :attr:`MapController.refused` with a
specific reason, for the status bar.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.commands import BoardEditCommand, MoveTokenCommand, RemoveTokenCommand
from app.document import MapDocument
from rules import Board, GroundKind, Hex, RulesError
from rules.painting import PaintResult, Region, adjust, paint, paint_ground
from rules.placement import placement_problem

if TYPE_CHECKING:
    from app.tools.paint import PaintSettings


class MapController(QObject):
    """Edits the document on behalf of tools, menus and docks."""

    refused = Signal(str)
    informed = Signal(str)

    def __init__(self, document: MapDocument, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document

    def set_document(self, document: MapDocument) -> None:
        """Work on another open map."""
        self.document = document

    def move_problem(self, token_id: str, anchor: Hex) -> str | None:
        """Why ``token_id`` cannot be placed with its anchor at ``anchor``, or ``None``."""
        return placement_problem(self.document.board, token_id, anchor)

    def request_move(self, token_id: str, anchor: Hex) -> bool:
        """Move a token as one undo step; returns False (and says why) if refused."""
        board = self.document.board
        if token_id not in board.tokens:
            self.refused.emit(f"There is no token {token_id!r} on this map any more")
            return False
        if board.token(token_id).position == anchor:
            return False
        problem = self.move_problem(token_id, anchor)
        if problem:
            self.refused.emit(problem)
            return False
        try:
            command = MoveTokenCommand(self.document, token_id, anchor)
        except RulesError as error:
            self.refused.emit(str(error))
            return False
        self.document.undo_stack.push(command)
        self.informed.emit(f"Moved {board.token(token_id).name} to ({anchor.q}, {anchor.r})")
        return True

    def paint_terrain(self, settings: PaintSettings, hexes: Iterable[Hex]) -> bool:
        """Paint ``hexes`` as the palette says, as one undo step; False if nothing changed.

        Ground also sets Ground Softness to the kind's default (RULES-DIGEST §11 Q10);
        Concealment also records its kind (world condition or magic, [S000]).
        """
        board = self.document.board
        try:
            result = _paint_result(board, settings, hexes)
        except RulesError as error:
            self.refused.emit(str(error))
            return False
        if result.is_noop:
            self.informed.emit("Nothing to change there")
            return False
        self.document.undo_stack.push(
            BoardEditCommand(self.document, result.board, result.describe())
        )
        self.informed.emit(result.describe())
        return True

    def delete_tokens(self, token_ids: list[str]) -> None:
        """Delete tokens, several as one undo step."""
        ids = [i for i in token_ids if i in self.document.board.tokens]
        if not ids:
            self.refused.emit("Select a token to delete")
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Delete {len(ids)} tokens" if len(ids) > 1 else "Delete token")
        for token_id in ids:
            stack.push(RemoveTokenCommand(self.document, token_id))
        stack.endMacro()


def _paint_result(board: Board, settings: PaintSettings, hexes: Iterable[Hex]) -> PaintResult:
    layer = settings.layer
    if settings.mode in ("raise", "lower"):
        delta = settings.value if settings.mode == "raise" else -settings.value
        return adjust(board, layer, hexes, delta)
    if layer == "ground":
        return paint_ground(board, hexes, GroundKind(settings.value))
    if not isinstance(hexes, Region):  # a Region (a flood fill) is reusable as it is
        hexes = frozenset(hexes)
    result = paint(board, layer, hexes, settings.value)
    if layer != "concealment":
        return result
    kind = paint(result.board, "concealment_kind", hexes, settings.concealment_kind)
    if result.is_noop:
        return kind  # same Tier, another kind (world condition ↔ magic)
    return replace(result, board=kind.board)
