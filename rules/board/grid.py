"""The map model: a rectangle of W×H hexes with terrain layers and tokens. Immutable.

**Offset convention.** The rectangle is stored as offset cells ``(col, row)``,
``0 <= col < width``, ``0 <= row < height``; layers are indexed ``[row, col]``.

- Pointy-top maps use *odd-r*: odd rows are shifted half a hex to the right.
  ``q = col - (row - (row & 1)) // 2``, ``r = row``.
- Flat-top maps use *odd-q*: odd columns are shifted half a hex down.
  ``q = col``, ``r = row - (col - (col & 1)) // 2``.

Cell ``(0, 0)`` is always ``Hex(0, 0)``.

**Switching orientation** re-reads the same rectangle: every cell keeps its
``(col, row)`` and its terrain, and every token keeps the cell of its anchor, so the
picture stays a W×H rectangle. Axial coordinates (and so which cells are neighbours)
change; a token whose footprint would leave the map is moved back inside.

**Immutability.** Every ``with_…`` method returns a new ``Board`` and shares the unchanged
(read-only) layers and tokens, so an undo stack can hold many states cheaply.

**Checks.** A ``Board`` runs :func:`check_turn_state` when it is made and
:func:`check_area_tokens` when an Area is pinned (raising on the first problem); its
``with_…`` edits check only what they change. Every invariant a saved board keeps is
:func:`rules.board.checks.invariant_problems`.

**Reshaping** (:func:`reoriented`, :func:`resized`) lives here too: the Board's own
methods call it, and it makes Boards.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from rules.areas import AreaKind, AreaTemplate
from rules.board.annotations import Background, Label, Note
from rules.board.conditions import remove_condition
from rules.board.effects import OngoingEffect
from rules.board.hold_state import Hold, released, swallowers_among
from rules.board.offsets import axial_grid, axial_of_cells, cell_to_hex, cells_of, hex_to_cell
from rules.board.roll_log import LoggedRoll
from rules.board.terrain import (
    LAYER_SPECS,
    ConcealmentKind,
    GroundKind,
    Layer,
    TerrainSample,
    blank_layers,
    check_layer,
    read_only,
)
from rules.board.tokens import Token
from rules.errors import DuplicateTokenError, OutOfBoundsError, UnknownTokenError
from rules.hexes import Hex, disk
from rules.ids import fresh_id
from rules.layout import Orientation
from rules.turns import TurnState, leave_many

__all__ = [
    "MAX_MAP_SIDE",
    "Board",
    "axial_grid",
    "axial_of_cells",
    "cell_to_hex",
    "cells_of",
    "check_area_tokens",
    "check_turn",
    "check_turn_state",
    "hex_to_cell",
    "reoriented",
    "resized",
]

MAX_MAP_SIDE = 2000
_MAPPINGS = ("layers", "tokens", "images", "options", "labels", "notes", "areas", "effects")
_FIELDS = (
    "width",
    "height",
    "orientation",
    "name",
    *_MAPPINGS,
    "background",
    "turn",
    "holds",
    "rolls",
    "dice_seed",
    "dice_draws",
)
_IMAGE_NAME = re.compile(r"^(?!\.)[\w .()+-]{1,128}$")
IntArray = npt.NDArray[np.int64]
Problem = tuple[type[ValueError], str]
OptionValue = bool | int | float | str


def _check_dimensions(width: int, height: int) -> None:
    for label, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or not 1 <= value <= MAX_MAP_SIDE:
            raise ValueError(f"map {label} must be 1..{MAX_MAP_SIDE} hexes, got {value!r}")


@dataclass(frozen=True, eq=False)
class Board:
    """A W×H hex map: name, orientation, terrain layers, tokens (by id, in order),
    pictures stored with the map (by name), the rule options chosen for it, labels and
    notes (by id), the background picture's placement (:mod:`rules.board.annotations`), the
    Area templates pinned to it (by id, in order; :mod:`rules.areas`), the ongoing effects
    (:mod:`rules.board.effects`), the turn order (:mod:`rules.turns`; edits in
    :mod:`rules.board.turn_state`), the Holds between tokens (:mod:`rules.board.holds`),
    and the dice: the roll log, the dice seed and how many times dice were drawn
    (:mod:`rules.board.roll_log`)."""

    width: int
    height: int
    orientation: Orientation = Orientation.POINTY
    name: str = "Untitled map"
    layers: Mapping[str, Layer] = field(default_factory=dict)
    tokens: Mapping[str, Token] = field(default_factory=dict)
    images: Mapping[str, bytes] = field(default_factory=dict)
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    labels: Mapping[str, Label] = field(default_factory=dict)
    notes: Mapping[str, Note] = field(default_factory=dict)
    background: Background | None = None
    areas: Mapping[str, AreaTemplate] = field(default_factory=dict)
    effects: Mapping[str, OngoingEffect] = field(default_factory=dict)
    turn: TurnState = field(default_factory=TurnState)
    holds: tuple[Hold, ...] = ()
    rolls: tuple[LoggedRoll, ...] = ()
    dice_seed: int = 0
    dice_draws: int = 0

    def __post_init__(self) -> None:
        _check_dimensions(self.width, self.height)
        layers = dict(blank_layers(self.width, self.height)) if not self.layers else {}
        for name, array in self.layers.items():
            problem = check_layer(name, array, self.width, self.height)
            if problem:
                raise ValueError(problem)
            # Keep only arrays nobody else can write to: read-only and owning their data.
            owned = not array.flags.writeable and array.base is None
            layers[name] = array if owned else read_only(array.copy())
        missing = set(LAYER_SPECS) - set(layers)
        if missing:
            raise ValueError(f"missing terrain layers: {', '.join(sorted(missing))}")
        object.__setattr__(self, "layers", MappingProxyType(layers))
        for name in _MAPPINGS[1:]:
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        for name in ("holds", "rolls"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for key, token in self.tokens.items():
            if key != token.id:
                raise ValueError(f"token {token.id!r} is filed under another id, {key!r}")
            self._check_footprint(token, token.position)
        for key, area in self.areas.items():
            if key != area.id:
                raise ValueError(f"area {area.id!r} is filed under another id, {key!r}")
            check_area_tokens(self, area)
        check_turn_state(self)

    # -- construction -------------------------------------------------------------
    @classmethod
    def blank(
        cls, width: int, height: int, orientation: Orientation = Orientation.POINTY, name: str = ""
    ) -> Board:
        """An open, flat map with no tokens."""
        return cls(width, height, orientation, name or "Untitled map")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            (self.width, self.height, self.orientation, self.name)
            == (other.width, other.height, other.orientation, other.name)
            and dict(self.tokens) == dict(other.tokens)
            and dict(self.images) == dict(other.images)
            and dict(self.options) == dict(other.options)
            and dict(self.labels) == dict(other.labels)
            and dict(self.notes) == dict(other.notes)
            and self.background == other.background
            and list(self.tokens) == list(other.tokens)
            and list(self.areas.items()) == list(other.areas.items())
            and list(self.effects.items()) == list(other.effects.items())
            and self.turn == other.turn
            and (self.holds, self.rolls) == (other.holds, other.rolls)
            and (self.dice_seed, self.dice_draws) == (other.dice_seed, other.dice_draws)
            and all(np.array_equal(self.layers[k], other.layers[k]) for k in LAYER_SPECS)
        )

    __hash__ = None  # type: ignore[assignment]

    # -- geometry -----------------------------------------------------------------
    def contains(self, h: Hex) -> bool:
        """True if ``h`` is one of the map's cells."""
        col, row = hex_to_cell(h, self.orientation)
        return 0 <= col < self.width and 0 <= row < self.height

    def cell_of(self, h: Hex) -> tuple[int, int]:
        """The ``(col, row)`` of ``h``; raises :class:`OutOfBoundsError` off the map."""
        col, row = hex_to_cell(h, self.orientation)
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise OutOfBoundsError(f"{h!r} is outside the {self.width}×{self.height} map")
        return col, row

    def hex_at(self, col: int, row: int) -> Hex:
        """The hex of cell ``(col, row)``."""
        return cell_to_hex(col, row, self.orientation)

    def axial_grid(self) -> tuple[IntArray, IntArray]:
        """``q`` and ``r`` of every cell as ``(height, width)`` arrays."""
        return axial_grid(self.width, self.height, self.orientation)

    def hexes(self) -> list[Hex]:
        """Every hex of the map, row by row."""
        return [self.hex_at(c, r) for r in range(self.height) for c in range(self.width)]

    # -- terrain ------------------------------------------------------------------
    def layer(self, name: str) -> Layer:
        """The read-only ``(height, width)`` array of layer ``name``."""
        try:
            return self.layers[name]
        except KeyError:
            raise KeyError(f"unknown terrain layer {name!r}") from None

    def terrain_at(self, h: Hex) -> TerrainSample:
        """Every layer's value at ``h``."""
        col, row = self.cell_of(h)
        value = {name: arr[row, col] for name, arr in self.layers.items()}
        return TerrainSample(
            ground=GroundKind(int(value["ground"])),
            elevation=int(value["elevation"]),
            water_depth=int(value["water_depth"]),
            steep=bool(value["steep"]),
            blocked=bool(value["blocked"]),
            concealment=int(value["concealment"]),
            concealment_kind=ConcealmentKind(int(value["concealment_kind"])),
            softness=int(value["softness"]),
        )

    def _evolve(self, **changes: object) -> Board:
        """A copy with some fields changed, skipping the whole-map validation of
        ``__init__``: each ``with_…`` method checks what it changes itself."""
        new = object.__new__(Board)
        for name in _FIELDS:
            value = changes.get(name, getattr(self, name))
            if name in _MAPPINGS and not isinstance(value, MappingProxyType):
                value = MappingProxyType(dict(value))  # type: ignore[call-overload]
            object.__setattr__(new, name, value)
        if "tokens" not in changes and "_tokens_by_hex" in self.__dict__:
            new.__dict__["_tokens_by_hex"] = self._tokens_by_hex  # same tokens, same index
        return new

    def with_layer(self, name: str, array: Layer) -> Board:
        """This board with layer ``name`` replaced by (a read-only copy of) ``array``."""
        copy = read_only(np.array(array, copy=True))
        problem = check_layer(name, copy, self.width, self.height)
        if problem:
            raise ValueError(problem)
        return self._evolve(layers={**self.layers, name: copy})

    def with_terrain(self, name: str, hexes: Iterable[Hex], value: int | bool) -> Board:
        """This board with layer ``name`` set to ``value`` at ``hexes`` (off-map ones raise)."""
        spec = LAYER_SPECS.get(name)
        if spec is None:
            raise KeyError(f"unknown terrain layer {name!r}")
        if not spec.minimum <= int(value) <= spec.maximum:
            raise ValueError(f"{name} must be {spec.minimum}..{spec.maximum}, got {value}")
        cells = [self.cell_of(h) for h in hexes]
        array = np.array(self.layers[name], copy=True)
        if cells:
            cols, rows = zip(*cells, strict=True)
            array[list(rows), list(cols)] = value
        return self._evolve(layers={**self.layers, name: read_only(array)})

    # -- tokens -------------------------------------------------------------------
    def token(self, token_id: str) -> Token:
        """The token with id ``token_id``; raises :class:`UnknownTokenError`."""
        try:
            return self.tokens[token_id]
        except KeyError:
            raise UnknownTokenError(f"no token with id {token_id!r} on this map") from None

    @cached_property
    def _tokens_by_hex(self) -> dict[Hex, list[Token]]:
        """Each occupied hex's tokens, built on first use (a board never changes)."""
        index: dict[Hex, list[Token]] = {}
        for token in self.tokens.values():
            for h in token.footprint:
                index.setdefault(h, []).append(token)
        return index

    def occupied_spaces(self) -> Mapping[Hex, list[Token]]:
        """Every hex some token fills, with its tokens in stacking order (do not modify)."""
        return self._tokens_by_hex

    def tokens_at(self, h: Hex) -> list[Token]:
        """Tokens whose footprint includes ``h``, in stacking order."""
        return list(self._tokens_by_hex.get(h, ()))

    def tokens_near(self, token: Token, spaces: int) -> list[Token]:
        """The tokens with a space within ``spaces`` of ``token``'s footprint (``token``
        among them, if it is on this board), found space by space: without walking every
        token of a map of 1,000."""
        found: dict[str, Token] = {}
        for h in {n for f in token.footprint for n in disk(f, spaces)}:
            for other in self._tokens_by_hex.get(h, ()):
                found.setdefault(other.id, other)
        return list(found.values())

    def new_token_id(self, stem: str = "token") -> str:
        """An id not yet used on this board, like ``"ogre-3"``."""
        return fresh_id(self.tokens, stem)

    def _check_footprint(self, token: Token, anchor: Hex) -> None:
        outside = [h for h in token.footprint_at(anchor) if not self.contains(h)]
        if outside:
            raise OutOfBoundsError(
                f"token {token.name!r} at {anchor!r} would leave the map at {min(outside)!r}"
            )

    def with_token(self, token: Token) -> Board:
        """This board with ``token`` added; raises if its id is taken or it leaves the map."""
        if token.id in self.tokens:
            raise DuplicateTokenError(f"a token with id {token.id!r} is already on the map")
        self._check_footprint(token, token.position)
        return self._evolve(tokens={**self.tokens, token.id: token})

    def with_token_replaced(self, token: Token) -> Board:
        """This board with the token of the same id replaced by ``token`` (same place in order)."""
        self.token(token.id)
        self._check_footprint(token, token.position)
        return self._evolve(tokens={**self.tokens, token.id: token})

    def with_token_moved(self, token_id: str, anchor: Hex) -> Board:
        """This board with token ``token_id`` anchored at ``anchor``."""
        return self.with_token_replaced(self.token(token_id).moved_to(anchor))

    def without_token(self, token_id: str) -> Board:
        """This board without token ``token_id``, its notes, the Areas attached to it, its
        place in the turn order, the effects it made or carries and its Holds (the other
        creature's Hold conditions go with them); whatever it had swallowed is no longer
        Swallowed. Areas it made keep their place but no longer name a caster, except one
        drawn from its own spaces (a Self Area or a Burst with no origin hex and no source),
        which goes with the effects that kept it: nothing is left to draw it from
        (:meth:`~rules.areas.AreaTemplate.without_caster`)."""
        return self.without_tokens((token_id,))

    def without_tokens(self, token_ids: Iterable[str]) -> Board:
        """This board without each of ``token_ids`` as :meth:`without_token` removes it,
        all in one pass: the board (or the error) that removing them one by one gives."""
        gone = self._known(token_ids)
        if not gone:
            return self
        board = self._freed_from(gone)
        after = released(board.tokens, board.holds, gone)
        if after is not None:  # the Holds naming them end (rules.board.holds.release_holds_on)
            board = board._evolve(holds=after[0], tokens={**board.tokens, **after[1]})
        areas = {}
        for key, area in board.areas.items():
            kept = area.without_caster() if area.caster in gone else area
            if kept is not None and area.source not in gone:
                areas[key] = kept
        effects = {
            k: e for k, e in board.effects.items() if e.creator not in gone and e.target not in gone
        }
        ended = {e.area_id for k, e in board.effects.items() if k not in effects}
        areas = {k: a for k, a in areas.items() if k not in ended}
        return board._evolve(
            tokens={k: t for k, t in board.tokens.items() if k not in gone},
            notes={k: n for k, n in board.notes.items() if n.token_id not in gone},
            areas=areas,
            effects={k: e for k, e in effects.items() if e.area_id is None or e.area_id in areas},
            turn=leave_many(board.turn, gone),
        )

    def _known(self, token_ids: Iterable[str]) -> dict[str, None]:
        """``token_ids`` in order, each on this board and named once, or
        :class:`UnknownTokenError` as the first missing (or repeated) one."""
        known: dict[str, None] = {}
        for token_id in token_ids:
            if token_id in known:  # the error removing it a second time, one by one, gives
                raise UnknownTokenError(f"no token with id {token_id!r} on this map")
            known[self.token(token_id).id] = None
        return known

    def _freed_from(self, eaters: Collection[str]) -> Board:
        """This board with whoever ``eaters`` had swallowed (and who stays) no longer
        Swallowed: they are out of the stomach with it."""
        freed = {}
        for prey, eater in swallowers_among(self.tokens).items():
            if eater in eaters and prey not in eaters:
                token = self.tokens[prey]
                kept = remove_condition(token.conditions, "swallowed")
                freed[prey] = replace(token, conditions=kept)
        return self._evolve(tokens={**self.tokens, **freed}) if freed else self

    # -- whole-map edits -----------------------------------------------------------
    def with_name(self, name: str) -> Board:
        """This board renamed."""
        return self._evolve(name=name)

    def with_image(self, name: str, data: bytes) -> Board:
        """This board with picture ``name`` (e.g. ``"ogre.png"``) stored in it."""
        if not _IMAGE_NAME.match(name):
            raise ValueError(f"picture name {name!r} must be a plain file name of 1-128 characters")
        return self._evolve(images=MappingProxyType({**self.images, name: bytes(data)}))

    def with_options(self, options: Mapping[str, OptionValue]) -> Board:
        """This board with its rule options replaced."""
        return self._evolve(options=MappingProxyType(dict(options)))

    def with_orientation(self, orientation: Orientation) -> Board:
        """This board re-read in ``orientation`` (see module docs; :func:`reoriented`)."""
        return reoriented(self, orientation)

    def resized(self, width: int, height: int) -> Board:
        """This board cut or grown to ``width`` × ``height``, keeping what fits
        (:func:`resized`)."""
        return resized(self, width, height)

    # -- labels, notes, background ------------------------------------------------------
    def with_label(self, label: Label) -> Board:
        """This board with ``label`` added or replaced (by id); it must be on the map, and
        its id not a note's (one id, one annotation: removing goes by id)."""
        self.cell_of(label.position)
        for h in label.door:
            self.cell_of(h)
        if label.id in self.notes:
            raise ValueError(f"label id {label.id!r} is a note's id already")
        return self._evolve(labels={**self.labels, label.id: label})

    def door_at(self, h: Hex) -> Label | None:
        """The closed door whose wall hexes (or label) include ``h``, if any."""
        return next(
            (x for x in self.labels.values() if x.is_door and (h in x.door or h == x.position)),
            None,
        )

    def with_door_opened(self, label_id: str) -> Board:
        """This board with the door ``label_id`` opened: its label gone and the walls of its
        hexes cleared (issue #18: a closed Universal VTT door is wall hexes with a "door"
        label the Soulweaver opens with one undo step). Raises KeyError for an unknown
        label and ValueError for a label that is not a door."""
        label = self.labels.get(label_id)
        if label is None:
            raise KeyError(f"no label with id {label_id!r} on this map")
        if not label.is_door:
            raise ValueError(f"label {label.text!r} is not a door")
        opened = self.with_terrain("blocked", label.door, False)
        return opened._evolve(labels={k: v for k, v in self.labels.items() if k != label_id})

    def with_note(self, note: Note) -> Board:
        """This board with ``note`` added or replaced (by id); its hex or token must exist,
        and its id not be a label's."""
        if note.id in self.labels:
            raise ValueError(f"note id {note.id!r} is a label's id already")
        if note.hex is not None:
            self.cell_of(note.hex)
        if note.token_id is not None:
            self.token(note.token_id)
        return self._evolve(notes={**self.notes, note.id: note})

    def without_annotation(self, annotation_id: str) -> Board:
        """This board without the label or note ``annotation_id`` (unknown ids raise KeyError)."""
        return self.without_annotations((annotation_id,))

    def without_annotations(self, annotation_ids: Iterable[str]) -> Board:
        """This board without the labels and notes ``annotation_ids``, in one pass: each id
        takes the label of that id if one is left, else the note (as
        :meth:`without_annotation` one by one would), and an id with neither left raises
        KeyError."""
        labels: set[str] = set()
        notes: set[str] = set()
        for annotation_id in annotation_ids:
            if annotation_id in self.labels and annotation_id not in labels:
                labels.add(annotation_id)
            elif annotation_id in self.notes and annotation_id not in notes:
                notes.add(annotation_id)
            else:
                raise KeyError(f"no label or note with id {annotation_id!r} on this map")
        return self._evolve(
            labels={k: v for k, v in self.labels.items() if k not in labels},
            notes={k: v for k, v in self.notes.items() if k not in notes},
        )

    def with_background(self, background: Background | None) -> Board:
        """This board with ``background`` (its image must be stored), or with none."""
        if background is not None and background.image not in self.images:
            raise ValueError(f"background picture {background.image!r} is not stored in the map")
        return self._evolve(background=background)

    # -- pinned Area templates -----------------------------------------------------------
    def with_area(self, template: AreaTemplate) -> Board:
        """This board with the Area ``template`` pinned, added or replaced (by id, keeping
        its place in order). Raises :class:`OutOfBoundsError` if an origin hex is off the
        map and :class:`UnknownTokenError` if its source or caster is not on the board."""
        for h in template.origin:
            self.cell_of(h)
        check_area_tokens(self, template)
        return self._evolve(areas={**self.areas, template.id: template})

    def area_origin(self, template: AreaTemplate, legacy_areas: bool = False) -> tuple[Hex, ...]:
        """Where ``template`` is drawn from, sorted: the spaces of its source token (an
        Aura moves with it), of its caster for a Self Area or, with option
        ``legacy_areas``, for a Burst or Aura with no origin of its own (seed 001 [S001]:
        "The origin space is all spaces of a creature or object that is the source of the
        effect"); else its own origin hexes (also when the token it names is not here)."""
        if template.source is not None:
            source = self.tokens.get(template.source)
            return tuple(sorted(source.footprint)) if source else template.origin
        caster = self.tokens.get(template.caster) if template.caster is not None else None
        legacy = legacy_areas and template.kind.radial and not template.origin
        if caster is not None and (template.kind is AreaKind.SELF or legacy):
            return tuple(sorted(caster.footprint))
        return template.origin

    def without_area(self, area_id: str) -> Board:
        """This board without the pinned Area ``area_id`` and the effects that kept it
        (unknown ids raise KeyError)."""
        return self.without_areas((area_id,))

    def without_areas(self, area_ids: Iterable[str]) -> Board:
        """This board without the pinned Areas ``area_ids`` and the effects that kept them,
        in one pass; an id not on the map (or given twice) raises KeyError, as removing
        them one by one with :meth:`without_area` would."""
        gone: set[str] = set()
        for area_id in area_ids:
            if area_id not in self.areas or area_id in gone:
                raise KeyError(f"no area with id {area_id!r} on this map")
            gone.add(area_id)
        areas = {k: v for k, v in self.areas.items() if k not in gone}
        effects = {k: e for k, e in self.effects.items() if e.area_id not in gone}
        return self._evolve(areas=areas, effects=effects)

    def new_area_id(self, stem: str = "area") -> str:
        """An Area id not yet used on this board, like ``"cone-2"``."""
        return fresh_id({k for k in self.areas if k.startswith(f"{stem}-")}, stem)


# -- the checks a Board runs when it is made ------------------------------------------
# (the whole-map invariants a saved board keeps are rules.board.checks.invariant_problems)


def check_turn_state(board: Board) -> None:
    """Effects filed under their ids and naming tokens and Areas on this map; Holds
    between tokens on this map, each creature Held once; a dice seed and count; a turn
    order of tokens on this map, each once, pointing at a slot that exists."""
    _raise_first(play_problems(board))


def check_turn(board: Board) -> None:
    """A turn order of tokens on this map, each once, pointing at a slot that exists."""
    _raise_first(_turn_problems(board))


def check_area_tokens(board: Board, area: AreaTemplate) -> None:
    """The tokens ``area`` names (its source and caster) are on ``board``."""
    _raise_first(area_token_problems(board, area))


def _raise_first(problems: Iterator[Problem]) -> None:
    first = next(problems, None)
    if first is not None:
        kind, message = first
        raise kind(message)


def area_token_problems(board: Board, area: AreaTemplate) -> Iterator[Problem]:
    for role, token_id in (("source", area.source), ("caster", area.caster)):
        if token_id is not None and token_id not in board.tokens:
            message = f"area {area.id!r}: its {role} token {token_id!r} is not on this map"
            yield UnknownTokenError, message


def play_problems(board: Board) -> Iterator[Problem]:
    yield from _effect_problems(board)
    yield from _hold_problems(board)
    seed, draws = board.dice_seed, board.dice_draws
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in (seed, draws)):
        yield ValueError, "the dice seed and draw count must be whole numbers from 0"
    yield from _turn_problems(board)


def _effect_problems(board: Board) -> Iterator[Problem]:
    for key, effect in board.effects.items():
        if key != effect.id:
            yield ValueError, f"effect {effect.id!r} is filed under another id, {key!r}"
        for role in ("creator", "target"):
            ref = getattr(effect, role)
            if ref is not None and ref not in board.tokens:
                yield UnknownTokenError, f"effect {key!r}: its {role} {ref!r} is not on this map"
        if effect.area_id is not None and effect.area_id not in board.areas:
            yield ValueError, f"effect {key!r}: its Area {effect.area_id!r} is not on this map"


def _hold_problems(board: Board) -> Iterator[Problem]:
    for hold in board.holds:
        for role in ("holder", "held"):
            ref = getattr(hold, role)
            if ref not in board.tokens:
                yield UnknownTokenError, f"a Hold's {role} {ref!r} is not on this map"
    if len({h.held for h in board.holds}) != len(board.holds):
        message = "a creature is Held in two Holds: a Grab needs a target who is not Held"
        yield ValueError, message


def _turn_problems(board: Board) -> Iterator[Problem]:
    ids = board.turn.ids()
    stray = [i for i in ids if i not in board.tokens]
    if stray:
        yield UnknownTokenError, f"the turn order names {stray[0]!r}, which is not on this map"
    if len(set(ids)) != len(ids):
        yield ValueError, "a token is in the turn order twice"
    if not 0 <= board.turn.current <= len(ids) or board.turn.round < 0:
        yield ValueError, "the turn order points at a turn that does not exist"


# -- whole-map reshaping: switching orientation and resizing, keeping what fits --------
# Both keep every cell's (col, row) (the offset convention above), so terrain stays where
# it was drawn; axial coordinates follow the cells.


def _recell(h: Hex, before: Orientation, after: Orientation) -> Hex:
    col, row = hex_to_cell(h, before)
    return cell_to_hex(col, row, after)


def reoriented(board: Board, orientation: Orientation) -> Board:
    """``board`` re-read in ``orientation``: cells, terrain and the cells of token anchors,
    labels, notes and Area origins are kept; a token that would stick out is moved to the
    nearest cell where it fits. Every token stays, so the turn order, the Holds and the
    effects stay as they are."""
    if orientation is board.orientation:
        return board
    before = board.orientation
    labels = {
        k: replace(
            label,
            position=_recell(label.position, before, orientation),
            door=tuple(_recell(h, before, orientation) for h in label.door),
        )
        for k, label in board.labels.items()
    }
    notes = {
        k: replace(n, hex=_recell(n.hex, before, orientation)) if n.hex is not None else n
        for k, n in board.notes.items()
    }
    areas = {
        k: replace(a, origin=tuple(_recell(h, before, orientation) for h in a.origin))
        for k, a in board.areas.items()
    }
    flipped = board._evolve(
        orientation=orientation, tokens={}, labels=labels, notes=notes, areas=areas
    )
    tokens = {
        k: clamped(flipped, t.moved_to(_recell(t.position, before, orientation)))
        for k, t in board.tokens.items()
    }
    return flipped._evolve(tokens=tokens)


def resized(board: Board, width: int, height: int) -> Board:
    """``board`` cut or grown to ``width`` × ``height`` cells from its top-left corner.

    Terrain in the cells both sizes share is kept (new cells are open, flat ground). A
    token that no longer fits goes as :meth:`~rules.board.Board.without_tokens` removes
    it: with its notes, its Holds, the Areas attached to it or drawn from its spaces, its
    place in the turn order and the effects it made or carries; other Areas it made no
    longer name a caster. An Area with an
    origin hex cut off goes as :meth:`~rules.board.Board.without_area` removes it, with
    the effects that kept it. Labels and notes on hexes are kept only where they fit (a
    door keeps the hexes of it that fit).
    """
    _check_dimensions(width, height)
    layers = dict(blank_layers(width, height))
    rows, cols = min(height, board.height), min(width, board.width)
    for name, old in board.layers.items():
        grown = np.array(layers[name], copy=True)
        grown[:rows, :cols] = old[:rows, :cols]
        layers[name] = read_only(grown)
    shape = board._evolve(width=width, height=height, layers=layers)
    board = board.without_tokens([t.id for t in board.tokens.values() if not _fits(shape, t)])
    cut = [k for k, a in board.areas.items() if not all(map(shape.contains, a.origin))]
    board = board.without_areas(cut)
    labels = {
        k: replace(v, door=tuple(filter(shape.contains, v.door)))
        for k, v in board.labels.items()
        if shape.contains(v.position)
    }
    notes = {k: n for k, n in board.notes.items() if n.hex is None or shape.contains(n.hex)}
    # Everything else (Holds, effects, turn order, dice) is the trimmed board's own.
    return board._evolve(width=width, height=height, layers=layers, labels=labels, notes=notes)


def _fits(board: Board, token: Token) -> bool:
    return all(board.contains(h) for h in token.footprint)


def clamped(board: Board, token: Token) -> Token:
    """``token`` moved to the nearest anchor (by cell, searching outward) where it fits."""
    if _fits(board, token):
        return token
    col, row = hex_to_cell(token.position, board.orientation)
    for reach in range(1, max(board.width, board.height) + 1):
        square = [
            (c, r)
            for r in range(row - reach, row + reach + 1)
            for c in range(col - reach, col + reach + 1)
            if max(abs(c - col), abs(r - row)) == reach
            and 0 <= c < board.width
            and 0 <= r < board.height
        ]
        for c, r in sorted(square, key=lambda cr: (cr[0] - col) ** 2 + (cr[1] - row) ** 2):
            anchor = board.hex_at(c, r)
            if _fits(board, token.moved_to(anchor)):
                return token.moved_to(anchor)
    raise OutOfBoundsError(f"token {token.name!r} does not fit on this map")
