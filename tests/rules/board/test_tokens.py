"""Tests for rules.board.tokens: validation, default footprints (RULES-DIGEST §4.3), anchors."""

from __future__ import annotations

import dataclasses
from collections import deque

import numpy as np
import pytest

from rules.board.tokens import Token, TokenKind, default_footprint
from rules.hexes import Hex, disk, distance


def is_contiguous(hexes: set[Hex] | frozenset[Hex]) -> bool:
    """True if every hex can be reached from any other by steps between adjacent hexes."""
    cells = set(hexes)
    start = next(iter(cells))
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in cells:
            if n not in seen and distance(h, n) == 1:
                seen.add(n)
                todo.append(n)
    return seen == cells


def adjacent_pairs(hexes: tuple[Hex, ...]) -> int:
    return sum(1 for i, a in enumerate(hexes) for b in hexes[i + 1 :] if distance(a, b) == 1)


# --- default footprint, RULES-DIGEST §4.3 table ----------------------------------------------


@pytest.mark.parametrize(
    ("size", "count"),
    [
        (-12, 1),
        (-3, 1),
        (-1, 1),
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 4),
        (5, 7),
        (6, 19),
        (7, 37),
        (8, 61),
    ],
)
def test_default_footprint_size_table(size: int, count: int) -> None:
    fp = default_footprint(size)
    assert len(fp) == count
    assert len(set(fp)) == count
    assert Hex(0, 0) in fp
    assert is_contiguous(set(fp))


@pytest.mark.parametrize(("size", "radius"), [(5, 1), (6, 2), (7, 3), (8, 4)])
def test_large_sizes_are_radius_blobs_around_the_anchor(size: int, radius: int) -> None:
    assert set(default_footprint(size)) == disk(Hex(0, 0), radius)


def test_size_3_is_an_adjacent_pair() -> None:
    fp = default_footprint(3)
    assert adjacent_pairs(fp) == 1


def test_size_4_is_a_diamond() -> None:
    # Four hexes, two triangles sharing an edge: 5 adjacent pairs (a line of 4 has 3).
    fp = default_footprint(4)
    assert adjacent_pairs(fp) == 5


@pytest.mark.parametrize("size", range(-12, 13))
def test_every_size_has_a_contiguous_footprint_with_the_anchor(size: int) -> None:
    fp = default_footprint(size)
    assert Hex(0, 0) in fp
    assert is_contiguous(set(fp))


def test_footprint_grows_with_size() -> None:
    counts = [len(default_footprint(s)) for s in range(-12, 13)]
    assert counts == sorted(counts)


# --- Token fields and validation ---------------------------------------------------------------


def make(**kw: object) -> Token:
    fields: dict[str, object] = {"id": "ogre-1", "name": "Grey Ogre", "position": Hex(2, 3)}
    fields.update(kw)
    return Token(**fields)  # type: ignore[arg-type]


def test_defaults() -> None:
    t = make()
    assert t.size == 0
    assert t.kind is TokenKind.CREATURE
    assert t.side == "neutral"
    assert t.hidden is False
    assert t.footprint == frozenset({Hex(2, 3)})


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"id": ""}, "''"),
        ({"id": "has space"}, "has space"),
        ({"id": "bad/slash"}, "bad/slash"),
        ({"id": "x" * 65}, "x" * 65),
        ({"color": "red"}, "ogre-1"),
        ({"color": "#12345"}, "ogre-1"),
        ({"color": "#GGGGGG"}, "ogre-1"),
        ({"side": "monsters"}, "ogre-1"),
        ({"side": ""}, "ogre-1"),
        ({"size": 13}, "ogre-1"),
        ({"size": -13}, "ogre-1"),
        ({"size": 100}, "ogre-1"),
        ({"name": "   "}, "ogre-1"),
        ({"footprint_override": (Hex(1, 0), Hex(2, 0))}, "ogre-1"),
        ({"footprint_override": ()}, "ogre-1"),
    ],
)
def test_invalid_token_raises_value_error_naming_it(fields: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError) as info:
        make(**fields)
    assert named in str(info.value)


@pytest.mark.parametrize("side", ["party", "ally", "neutral", "enemy"])
def test_valid_sides(side: str) -> None:
    assert make(side=side).side == side


@pytest.mark.parametrize("color", ["#000000", "#ffffff", "#A0b1C2"])
def test_valid_colours(color: str) -> None:
    assert make(color=color).color == color


@pytest.mark.parametrize("size", [-12, 0, 12])
def test_size_limits_are_accepted(size: int) -> None:
    assert make(size=size).size == size


def test_token_is_frozen_and_compares_by_value() -> None:
    t = make()
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.position = Hex(0, 0)  # type: ignore[misc]
    assert t == make()
    assert t != make(hidden=True)
    assert hash(t) == hash(make())


# --- anchors and footprints --------------------------------------------------------------------


def test_footprint_is_offsets_from_the_anchor() -> None:
    t = make(size=5, position=Hex(-4, 7))
    assert t.footprint == disk(Hex(-4, 7), 1)
    assert t.footprint_at(Hex(0, 0)) == disk(Hex(0, 0), 1)
    assert t.footprint_offsets == default_footprint(5)


def test_override_replaces_the_default() -> None:
    long_body = (Hex(0, 0), Hex(1, 0), Hex(2, 0))
    t = make(size=6, footprint_override=long_body, position=Hex(1, 1))
    assert t.footprint_offsets == long_body
    assert t.footprint == frozenset({Hex(1, 1), Hex(2, 1), Hex(3, 1)})


def test_moved_to_returns_a_new_token() -> None:
    t = make(size=3)
    moved = t.moved_to(Hex(5, 5))
    assert moved.position == Hex(5, 5)
    assert t.position == Hex(2, 3)
    assert moved.footprint == frozenset({Hex(5, 5), Hex(6, 5)})
    assert dataclasses.replace(moved, position=t.position) == t


@pytest.mark.parametrize(
    ("name", "initials"),
    [("Grey Ogre", "GO"), ("goblin", "GO"), ("cave-troll chief", "CT"), ("X", "X")],
)
def test_initials(name: str, initials: str) -> None:
    assert make(name=name).initials == initials


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": 3}, "name must be text"),
        ({"notes": None}, "notes must be text"),
        ({"size": True}, "size must be an integer"),
        ({"size": 1.5}, "size must be an integer"),
        ({"position": Hex(0.5, 0)}, "hexes of integers"),  # type: ignore[arg-type]
    ],
)
def test_token_fields_of_the_wrong_type_are_value_errors(
    fields: dict[str, object], message: str
) -> None:
    base: dict[str, object] = {"id": "t", "name": "T", "position": Hex(0, 0)}
    with pytest.raises(ValueError, match=message):
        Token(**{**base, **fields})  # type: ignore[arg-type]


def test_numpy_integer_positions_become_plain_ints() -> None:
    token = Token("t", "T", Hex(np.int64(3), np.int64(-1)))  # type: ignore[arg-type]
    assert type(token.position.q) is int and token.position == Hex(3, -1)
