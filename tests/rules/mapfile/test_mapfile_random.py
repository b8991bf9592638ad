"""Map files: random boards using every field (Hypothesis) round-trip unchanged."""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate
from rules.board.annotations import Background, Label, Note
from rules.board.conditions import CONDITION_SPECS, ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.motion import MAX_ALTITUDE, MAX_BULK, MODE_TYPES, MODES, PACES, Motion
from rules.board.pools import BODY_PARTS, POOLS, SKILLS, Vitals
from rules.board.terrain import LAYER_SPECS
from rules.board.tokens import MOVEMENT_TYPES, SIDES, Token, TokenKind
from rules.board.turn_state import with_effect, with_turn
from rules.errors import OutOfBoundsError
from rules.layout import Orientation
from rules.turns import Participant, TurnState
from tests.rules.mapfile_helpers import jpeg_header, png_header, webp_header

# --- random boards of every field --------------------------------------------------------

_COLORS = st.from_regex(r"#[0-9a-fA-F]{6}", fullmatch=True)
_NAMES = st.text(min_size=1, max_size=12).filter(lambda s: bool(s.strip()))
_OPTION_VALUES = st.one_of(
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
)


_SIDE = st.integers(1, 5000)
_PICTURES = st.one_of(
    st.builds(png_header, _SIDE, _SIDE),
    st.builds(jpeg_header, _SIDE, _SIDE, sof=st.sampled_from([0xC0, 0xC1, 0xC2])),
    st.builds(webp_header, st.sampled_from(["VP8 ", "VP8L", "VP8X"]), _SIDE, _SIDE),
)
_STATS = st.fixed_dictionaries(
    {
        "reach": st.none() | st.integers(0, 99),
        "movement_pool": st.integers(0, 99),
        "movement_types": st.lists(st.sampled_from(MOVEMENT_TYPES), min_size=1, unique=True).map(
            tuple
        ),
    }
)


_SOURCES = st.sampled_from(["", "Hold", "Load"]) | st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0x2FFF), max_size=64
)
_CONDITIONS = (
    st.lists(
        st.builds(
            ConditionEntry, st.sampled_from(sorted(CONDITION_SPECS)), st.integers(1, 99), _SOURCES
        ),
        max_size=4,
        unique_by=lambda e: (e.name, e.source),
    )
    .filter(lambda es: all(sum(e.tier for e in es if e.name == x.name) <= 99 for x in es))
    .map(tuple)
)  # the Tiers of one name add up to at most 99 (a token refuses more)


def _pairs(names: tuple[str, ...], low: int) -> st.SearchStrategy[tuple[tuple[str, int], ...]]:
    values = st.dictionaries(st.sampled_from(names), st.integers(low, 999), max_size=3)
    return values.map(lambda d: tuple(d.items()))


_VITALS = st.builds(
    Vitals,
    _pairs(SKILLS, -999),
    _pairs(POOLS, 0),
    _pairs(POOLS, -999),
    st.none() | st.integers(-(10**6), 10**6),
    _pairs(BODY_PARTS, 0),
    st.booleans(),
)
_PLAY = st.fixed_dictionaries(
    {
        "conditions": _CONDITIONS,
        "vitals": _VITALS,
        "moving": st.booleans(),
        "moved_this_turn": st.booleans(),
    }
)


_BULK = st.floats(0.0, MAX_BULK, allow_nan=False) | st.integers(0, 10**6)


def _motions(types: tuple[str, ...]) -> st.SearchStrategy[Motion]:
    """Any motion a token with movement ``types`` may have (Fly and Burrow need theirs)."""
    modes = [m for m in MODES if m not in MODE_TYPES or MODE_TYPES[m] in types]
    return st.builds(
        Motion,
        st.sampled_from(modes),
        st.integers(0, MAX_ALTITUDE),
        st.sampled_from(PACES),
        st.booleans(),
        st.booleans(),
        _BULK,
        st.none() | _BULK,
    )


def _layer(spec: Any, shape: tuple[int, int]) -> st.SearchStrategy[Any]:
    elements = st.booleans() if spec.dtype is np.bool_ else st.integers(spec.minimum, spec.maximum)
    return hnp.arrays(np.dtype(spec.dtype), shape, elements=elements)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    orientation = draw(st.sampled_from(list(Orientation)))
    board = Board.blank(width, height, orientation, name=draw(_NAMES))
    for name, spec in LAYER_SPECS.items():
        board = board.with_layer(name, draw(_layer(spec, (height, width))))
    image_names = st.from_regex(r"[a-z0-9_]{1,8}\.(png|jpg)", fullmatch=True)
    for name, data in draw(st.dictionaries(image_names, _PICTURES, max_size=3)).items():
        board = board.with_image(name, data)
    board = board.with_options(
        draw(st.dictionaries(st.text(max_size=8), _OPTION_VALUES, max_size=4))
    )
    pictures = st.sampled_from([None, *board.images])
    for i in range(draw(st.integers(0, 6))):
        col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        stats = draw(_STATS)
        token = Token(
            f"t-{i}",
            draw(_NAMES),
            board.hex_at(col, row),
            size=draw(st.integers(-4, 5)),
            kind=draw(st.sampled_from(list(TokenKind))),
            side=draw(st.sampled_from(SIDES)),
            color=draw(_COLORS),
            image=draw(pictures),
            hidden=draw(st.booleans()),
            notes=draw(st.text(max_size=20)),
            **stats,
            **draw(_PLAY),
            motion=draw(_motions(stats["movement_types"])),
        )
        with contextlib.suppress(OutOfBoundsError):
            board = board.with_token(token)
    return _played(draw, _pinned(draw, _annotated(draw, board)))


def _annotated(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with random labels, notes on hexes and tokens, and maybe a background."""
    cells = st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))
    for i in range(draw(st.integers(0, 3))):
        at = board.hex_at(*draw(cells))
        board = board.with_label(Label(f"l-{i}", draw(_NAMES), at, draw(st.booleans())))
    for i in range(draw(st.integers(0, 3))):
        text, gm_only = draw(_NAMES), draw(st.booleans())
        on_token = board.tokens and draw(st.booleans())
        if on_token:
            token_id = draw(st.sampled_from(sorted(board.tokens)))
            board = board.with_note(Note(f"n-{i}", text, token_id=token_id, gm_only=gm_only))
        else:
            at = board.hex_at(*draw(cells))
            board = board.with_note(Note(f"n-{i}", text, hex=at, gm_only=gm_only))
    if board.images and draw(st.booleans()):
        number = st.floats(-1e6, 1e6, allow_nan=False)
        background = Background(
            draw(st.sampled_from(sorted(board.images))),
            draw(st.floats(2.0, 10_000.0)),
            draw(number),
            draw(number),
            draw(st.floats(0.0, 1.0)),
        )
        board = board.with_background(background)
    return board


def _pinned(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with random Area templates of every field, some attached to tokens."""
    cells = st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))
    token_ids = st.sampled_from([None, *board.tokens])
    for i in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(list(AreaKind)))
        most = 1 if kind.directed else 3  # a Line or Cone has one origin space, no source
        origin = tuple(board.hex_at(*c) for c in draw(st.lists(cells, min_size=1, max_size=most)))
        source = None if kind.directed else draw(token_ids)
        area = AreaTemplate(
            f"a-{i}",
            kind,
            draw(st.integers(0, 99)),
            origin,
            draw(st.integers(0, 11)),
            source,
            draw(token_ids),
            draw(st.booleans()),
            draw(st.booleans()),
            draw(st.text(max_size=12)),
        )
        board = board.with_area(area)
    return board


def _played(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with random effects (naming its tokens and Areas, or not) and a random
    turn order of some of its tokens."""
    token_ids = st.sampled_from([None, *board.tokens])
    for i in range(draw(st.integers(0, 3))):
        effect = OngoingEffect(
            f"e-{i}",
            draw(_NAMES),
            draw(token_ids),
            draw(st.none() | st.integers(-5, 10**6)),
            draw(st.text(max_size=20)),
            draw(st.sampled_from([None, *board.areas])),
            draw(token_ids),
        )
        board = with_effect(board, effect)
    ids = draw(st.permutations(list(board.tokens)))[: draw(st.integers(0, len(board.tokens)))]
    order = tuple(
        Participant(
            token_id, draw(st.integers(-99, 99)), draw(st.integers(0, 12)), draw(st.booleans())
        )
        for token_id in ids
    )
    turn = TurnState(order, draw(st.integers(0, 500)), draw(st.integers(0, len(order))))
    return with_turn(board, turn)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_random_boards_round_trip(board: Board) -> None:
    assert mapfile.loads(mapfile.dumps(board)) == board
