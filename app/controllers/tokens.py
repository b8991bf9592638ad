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
        after = numbered(after, [token.id])
        name = after.token(token.id).name
        self.push(after, f"Add {name}")
        self.informed.emit(f"Added {name} at ({anchor.q}, {anchor.r})")
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
            self.refuse(f"{token.name} would leave the map there", token.id if replacing else None)
            return None
        problem = placement_refusal(trial, token.id, token.position)
        if problem:
            self.refuse(problem, token.id if replacing else None)
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
        copied: list[str] = []  # the originals' names, for the undo step
        for token_id in ids:
            original = board.token(token_id)
            anchor = free_anchor_near(board, original)
            if anchor is None:
                self.refuse(f"No free space near {original.name} for a copy", token_id)
                continue
            stem = _COPY_SUFFIX.sub("", token_id) or "token"
            copy = replace(original, id=board.new_token_id(stem), position=anchor)
            board = board.with_token(copy)
            made.append(copy.id)
            copied.append(original.name)
        if made:
            names = copied[0] if len(made) == 1 else f"{len(made)} tokens"
            board = numbered(board, made)
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
            return self.refuse(f"The picture {token.image!r} is not stored in this map", token_id)
        after = self._placed(board, token, replacing=True)
        if after is None:
            return False
        self.push(after, edit_text(old, token))
        return True


_NUMBERED = re.compile(r"^(?P<base>.*\S)\s+(?P<n>\d{1,4})$")


def name_base(name: str) -> tuple[str, int | None]:
    """A token name split into its base and its number: ``"Goblin 2"`` → ``("Goblin", 2)``,
    ``"Goblin"`` → ``("Goblin", None)``.

    >>> name_base("Grey Ogre 12"), name_base("Aria Vell")
    (('Grey Ogre', 12), ('Aria Vell', None))
    """
    match = _NUMBERED.match(name.strip())
    if match is None:
        return name.strip(), None
    return match["base"], int(match["n"])


def next_numbered_name(names: Iterable[str], name: str) -> tuple[str, str | None]:
    """The name a new token called ``name`` gets among tokens already called ``names``,
    and the number an unnumbered one of its kind takes now (``None``: none to rename).

    The first of a kind keeps its name; the second makes them "Goblin 1" and "Goblin 2";
    later ones take the next number after the highest ("Goblin 3"), whether placed from
    the library, duplicated or pasted. The ONE numbering rule (TokenController uses it).

    >>> next_numbered_name([], "Goblin")
    ('Goblin', None)
    >>> next_numbered_name(["Goblin"], "Goblin")
    ('Goblin 2', 'Goblin 1')
    >>> next_numbered_name(["Goblin 1", "Goblin 2", "Ogre"], "Goblin 1")
    ('Goblin 3', None)
    """
    base, _number = name_base(name)
    numbers: list[int] = []
    unnumbered = False
    for other in names:
        other_base, n = name_base(other)
        if other_base.casefold() != base.casefold():
            continue
        if n is None:
            unnumbered = True
        else:
            numbers.append(n)
    if not numbers and not unnumbered:
        return name, None
    first = None
    if unnumbered:
        first = 1 if 1 not in numbers else max(numbers) + 1
        numbers.append(first)
    return f"{base} {max(numbers) + 1}", (f"{base} {first}" if first is not None else None)


def numbered(board: Board, new_ids: Iterable[str]) -> Board:
    """``board`` with each of ``new_ids`` (tokens just added, in order) named by
    :func:`next_numbered_name` among the tokens already there: "Goblin 2", and the lone
    "Goblin" that was there renamed "Goblin 1" — one board, so one undo step."""
    fresh = list(dict.fromkeys(new_ids))
    placed = [t for t in board.tokens.values() if t.id not in fresh]
    for token_id in fresh:
        token = board.token(token_id)
        name, first = next_numbered_name([t.name for t in placed], token.name)
        if first is not None:
            base = name_base(first)[0].casefold()
            for old in [t for t in placed if _unnumbered_of(t.name, base)]:
                renamed = replace(old, name=first)
                board = board.with_token_replaced(renamed)
                placed = [renamed if t.id == old.id else t for t in placed]
        if name != token.name:
            token = replace(token, name=name)
            board = board.with_token_replaced(token)
        placed.append(token)
    return board


def _unnumbered_of(name: str, base: str) -> bool:
    """Whether ``name`` is the lone, unnumbered one of kind ``base`` (casefolded)."""
    own, number = name_base(name)
    return number is None and own.casefold() == base


_FIELD_WORDS = {
    "name": "name",
    "position": "place",
    "size": "size",
    "kind": "kind",
    "side": "side",
    "color": "colour",
    "image": "picture",
    "hidden": "hidden",
    "footprint_override": "footprint",
    "notes": "notes",
    "reach": "Reach",
    "movement_pool": "Movement",
    "movement_types": "movement types",
    "senses": "senses",
    "limbs": "limbs",
    "gripping": "gripping",
    "words": "words",
    "conditions": "conditions",
    "moving": "moving",
    "moved_this_turn": "moved this turn",
    "motion": "motion",
}
_VITALS_WORDS = {
    "stats": "Skill Tiers",
    "maximum": "Pools",
    "current": "Pools",
    "severe_threshold": "Severe Threshold",
    "wounded": "wounds",
    "bars_for_players": "bars for players",
}


def changed_fields(old: Token, new: Token) -> list[str]:
    """What differs between two versions of a token, in words, in the token's field order
    (the vitals told apart: Skill Tiers, Pools, Severe Threshold, wounds)."""
    words: list[str] = []
    for name in Token.__dataclass_fields__:
        if getattr(old, name) == getattr(new, name):
            continue
        if name == "vitals":
            parts = [
                word
                for part, word in _VITALS_WORDS.items()
                if getattr(old.vitals, part) != getattr(new.vitals, part)
            ]
        else:
            parts = [_FIELD_WORDS.get(name, name.replace("_", " "))]
        words += [w for w in parts if w not in words]
    return words


def edit_text(old: Token, new: Token) -> str:
    """The undo step of a token edit, saying what happened: ``"Rename Humanoid → Goblin 1"``,
    ``"Edit Goblin 1: size, side"``, ``"Rename Humanoid → Goblin 1 (size, side)"``."""
    changes = changed_fields(old, new)
    rest = [w for w in changes if w != "name"]
    if "name" in changes:
        text = f"Rename {old.name} → {new.name}"
        return f"{text} ({', '.join(rest)})" if rest else text
    return f"Edit {old.name}: {', '.join(rest)}" if rest else f"Edit {old.name}"


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
