"""Concealment at chosen spaces only (``concealment_at``) is the field's rule: [S000] "If
any space you or a target are in or that is between you and a target creates Concealment,
that target has Concealment from you", against the least concealed of the observer's
senses ("Concealment against the senses you are using to choose a target") and with its
senses Ailments ([P-AIL]) — equal to :func:`concealment_field` at every target's cell and
to :func:`concealment_between` target by target, on random boards of every Concealment
kind, with walls and elevation (which do not change Concealment), both orientations.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield import concealment_at as face_concealment_at
from rules.battlefield.concealment import (
    SENSE_AILMENTS,
    concealment_at,
    concealment_between,
    concealment_field,
)
from rules.board.anatomy import SENSES
from rules.board.grid import Board
from rules.board.terrain import ConcealmentKind
from rules.hexes import Hex, distance
from rules.layout import Orientation
from rules.options import RuleOptions

KINDS = [int(k) for k in ConcealmentKind]


def layer(draw: st.DrawFn, width: int, height: int, values: st.SearchStrategy[int]) -> np.ndarray:
    cells = draw(st.lists(values, min_size=width * height, max_size=width * height))
    return np.array(cells).reshape(height, width)


@st.composite
def cases(draw: st.DrawFn):
    width, height = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    board = Board.blank(width, height, draw(st.sampled_from(list(Orientation))))
    tiers = st.one_of(st.just(0), st.just(0), st.integers(1, 12))
    board = board.with_layer("concealment", layer(draw, width, height, tiers).astype(np.uint8))
    kinds = layer(draw, width, height, st.sampled_from(KINDS)).astype(np.uint8)
    board = board.with_layer("concealment_kind", kinds)
    walls = layer(draw, width, height, st.sampled_from([False, False, False, True]))
    board = board.with_layer("blocked", walls.astype(np.bool_))
    heights = layer(draw, width, height, st.integers(-3, 3)).astype(np.int16)
    board = board.with_layer("elevation", heights)
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    first = board.hex_at(*draw(cells))
    observer = {first}
    for col, row in draw(st.lists(cells, max_size=2)):
        h = board.hex_at(col, row)
        if distance(h, first) == 1:
            observer.add(h)
    senses = draw(st.lists(st.sampled_from(SENSES), min_size=1, max_size=3, unique=True))
    ailment = st.sampled_from(sorted(SENSE_AILMENTS.items()))
    ailments = tuple(
        (name.capitalize(), draw(st.integers(1, 6)), sense)
        for name, sense in draw(st.lists(ailment, max_size=2, unique=True))
    )
    options = RuleOptions.of(
        {
            "concealment_combine": draw(st.sampled_from(["sum", "highest"])),
            "legacy_areas": draw(st.booleans()),
        }
    )
    every = board.hexes()
    targets = draw(st.lists(st.sampled_from(every), max_size=12))
    return board, sorted(observer), targets, tuple(senses), ailments, options


@given(cases())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_concealment_at_equals_the_field_and_concealment_between(case) -> None:
    board, observer, targets, senses, ailments, options = case
    found = concealment_at(board, observer, targets, options, senses=senses, ailments=ailments)
    field = concealment_field(board, observer, options, senses=senses, ailments=ailments)
    assert found.dtype == np.int16 and found.shape == (len(targets),)
    for h, tier in zip(targets, found, strict=True):
        col, row = board.cell_of(h)
        assert tier == field[row, col], h
        between = concealment_between(
            board, observer, [h], options, senses=senses, ailments=ailments
        )
        assert tier == between.tier, (h, between.reasons)


@given(cases(), st.integers(0, 4))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_field_within_a_radius_is_concealment_at_its_spaces(case, radius: int) -> None:
    board, observer, _targets, senses, ailments, options = case
    field = concealment_field(board, observer, options, radius, senses=senses, ailments=ailments)
    inside = [h for h in board.hexes() if min(distance(h, o) for o in observer) <= radius]
    found = concealment_at(board, observer, inside, options, senses=senses, ailments=ailments)
    assert [field[r, c] for c, r in map(board.cell_of, inside)] == list(found)
    assert int((field >= 0).sum()) == len(inside) and set(field[field < 0].tolist()) <= {-1}


def test_a_target_off_the_map_counts_only_the_spaces_on_it() -> None:
    board = Board.blank(4, 1).with_terrain("concealment", [Hex(3, 0)], 4)
    off = [Hex(6, 0), Hex(-2, 0)]
    found = concealment_at(board, [Hex(0, 0)], off)
    assert list(found) == [concealment_between(board, [Hex(0, 0)], [h]).tier for h in off]
    assert list(found) == [4, 0]


def test_no_targets_and_no_observer() -> None:
    board = Board.blank(3, 3)
    assert concealment_at(board, [Hex(0, 0)], []).shape == (0,)
    assert face_concealment_at is concealment_at
    with pytest.raises(ValueError, match="observer's spaces"):
        concealment_at(board, [], [Hex(0, 0)])
    with pytest.raises(ValueError):
        concealment_at(board, [Hex(0, 0)], [Hex(1, 1)], senses=("taste",))
