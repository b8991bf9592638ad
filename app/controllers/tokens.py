"""TokenController: place tokens from library templates, duplicate them, edit their properties.

Every edit is ONE undo step: the after-board is computed here (the picture stored, every
copy placed) and pushed once through :meth:`~app.controllers.base.Controller.push`, so undo
takes back the tokens *and* a picture that came with them. A refusal is never silent: it
is emitted on :attr:`~app.controllers.base.Controller.refused` with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import PurePosixPath

from app.controllers.base import Controller
from rules import Board, Hex, RulesError, Token, placement_refusal, ring
from rules.prep import TemplateError, TokenTemplate, read_template_image, template_id_for

# How far (in spaces) a copy may land from its original before duplicating gives up.
MAX_COPY_DISTANCE = 24
_COPY_SUFFIX = re.compile(r"-\d+$")


class TokenController(Controller):
    """Token edits of the open map, for the library dock, the map's drop handler and the
    properties dialog."""

    # -- placing from the library -------------------------------------------------------
    def add_from_template(self, template: TokenTemplate, anchor: Hex) -> bool:
        """Place a token made from ``template`` with its anchor at ``anchor``: one undo step.

        The template's picture is stored in the map under a safe name unless the same
        bytes are already there. Returns False (and emits :attr:`refused`) if the token
        would leave the map or a creature would stand in a wall.
        """
        board = self.board
        board, image = self._with_template_picture(board, template)
        token = template.to_token(board.new_token_id(template.id), anchor, image)
        after = self._placed(board, token)
        if after is None:
            return False
        self.push(after, f"Add {template.name}")
        self.informed.emit(f"Added {template.name} at ({anchor.q}, {anchor.r})")
        return True

    def _with_template_picture(
        self, board: Board, template: TokenTemplate
    ) -> tuple[Board, str | None]:
        try:
            data = read_template_image(template)
        except TemplateError as error:
            self.informed.emit(f"{error}; the token shows its initials instead")
            return board, None
        if data is None:
            return board, None
        return stored_picture(board, data, template.image or f"{template.id}.png")

    def _placed(self, board: Board, token: Token, replacing: bool = False) -> Board | None:
        """``board`` with ``token`` added (or ``replacing`` the one of its id), or None after
        emitting why it cannot stand there."""
        try:
            trial = board.with_token_replaced(token) if replacing else board.with_token(token)
        except RulesError:
            self.refused.emit(f"{token.name} would leave the map there")
            return None
        problem = placement_refusal(trial, token.id, token.position)
        if problem:
            self.refused.emit(problem)
            return None
        return trial

    # -- duplicating -------------------------------------------------------------------------
    def duplicate(self, token_ids: Iterable[str]) -> list[str]:
        """Copy tokens onto the nearest free anchors around them, all as one undo step.

        Returns the new ids (in the order of ``token_ids``); a token with no free place
        within :data:`MAX_COPY_DISTANCE` is skipped and reported on :attr:`refused`.
        """
        board = self.board
        ids = [i for i in dict.fromkeys(token_ids) if i in board.tokens]
        if not ids:
            self.refused.emit("Select a token to duplicate")
            return []
        made: list[str] = []
        for token_id in ids:
            original = board.token(token_id)
            anchor = free_anchor_near(board, original)
            if anchor is None:
                self.refused.emit(f"No free space near {original.name} for a copy")
                continue
            stem = _COPY_SUFFIX.sub("", token_id) or "token"
            copy = replace(original, id=board.new_token_id(stem), position=anchor)
            board = board.with_token(copy)
            made.append(copy.id)
        if made:
            names = board.token(made[0]).name if len(made) == 1 else f"{len(made)} tokens"
            self.push(board, f"Duplicate {names}")
        return made

    # -- editing -----------------------------------------------------------------------------
    def update_token(
        self, token_id: str, new_token: Token, image_bytes: bytes | None = None
    ) -> bool:
        """Replace token ``token_id`` by ``new_token`` (its id kept) as one undo step.

        With ``image_bytes`` the picture is stored in the map too (under a safe name
        derived from ``new_token.image``) and the token shows it. Returns False (and
        emits :attr:`refused`) if the token no longer exists, would leave the map or
        would put a creature in a wall; False without a message if nothing changed.
        """
        board = self.board
        old = self.token(token_id)
        if old is None:
            return False
        token = replace(new_token, id=token_id)
        if image_bytes is not None:
            board, image = stored_picture(board, image_bytes, token.image or f"{token_id}.png")
            token = replace(token, image=image)
        if token == old and board is self.board:
            return False
        if token.image is not None and token.image not in board.images:
            return self.refuse(f"The picture {token.image!r} is not stored in this map")
        after = self._placed(board, token, replacing=True)
        if after is None:
            return False
        self.push(after, f"Edit {old.name}")
        return True


def stored_picture(board: Board, data: bytes, wanted: str) -> tuple[Board, str]:
    """``board`` with picture ``data`` stored, and the name it has there.

    Identical bytes already stored are reused under their name; otherwise ``wanted`` is
    made safe (a plain file name) and numbered if another picture has that name.
    """
    for name, stored in board.images.items():
        if stored == data:
            return board, name
    stem, suffix = _safe_picture_parts(wanted)
    name, n = f"{stem}{suffix}", 1
    while name in board.images:
        n += 1
        name = f"{stem}-{n}{suffix}"
    return board.with_image(name, data), name


def _safe_picture_parts(wanted: str) -> tuple[str, str]:
    """A plain ``(stem, suffix)`` from any file name: letters, digits and '-' only."""
    path = PurePosixPath(wanted.replace("\\", "/"))
    suffix = re.sub(r"[^a-z0-9]", "", path.suffix.lower())[:5]
    return template_id_for(path.stem), f".{suffix or 'png'}"


def free_anchor_near(board: Board, token: Token) -> Hex | None:
    """The nearest anchor around ``token`` where a copy fits on the map, out of walls (for
    a creature) and on no other token's spaces; ``None`` within :data:`MAX_COPY_DISTANCE`."""
    taken = {h for t in board.tokens.values() for h in t.footprint}
    for radius in range(1, MAX_COPY_DISTANCE + 1):
        for anchor in ring(token.position, radius):
            spaces = token.footprint_at(anchor)
            if spaces & taken or not all(board.contains(h) for h in spaces):
                continue
            if placement_refusal(board, token.id, anchor) is None:
                return anchor
    return None
