"""The creatures that may Hinder a path are found with arrays per board (issue #20); the
answer equals asking every creature of the map, whatever their sizes, Reach and kinds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.hexes import Hex
from rules.movement.hinder import _chance, hinder_chances
from rules.options import RuleOptions

SIDE = 14


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Board, list[Hex]]:
    """A mover, a path of its anchors, and up to 25 tokens of every size, some with a
    Reach of their own, some objects."""
    board = Board.blank(SIDE, SIDE)
    mover = Token("mover", "Mover", Hex(3, 6), size=draw(st.integers(-2, 2)))
    board = board.with_token(mover)
    for i in range(draw(st.integers(0, 25))):
        size = draw(st.integers(-3, 4))
        at = board.hex_at(draw(st.integers(0, SIDE - 1)), draw(st.integers(0, SIDE - 1)))
        kind = draw(st.sampled_from([TokenKind.CREATURE, TokenKind.CREATURE, TokenKind.OBJECT]))
        reach = draw(st.one_of(st.none(), st.integers(0, 5)))
        try:
            board = board.with_token(Token(f"t{i}", f"T{i}", at, size, kind=kind, reach=reach))
        except ValueError:
            continue  # off the map for its size
    steps = draw(st.lists(st.sampled_from([Hex(1, 0), Hex(0, 1), Hex(-1, 1)]), max_size=6))
    path = [mover.position]
    for d in steps:
        path.append(path[-1] + d)
    return board, path


def every_creature(board: Board, path: list[Hex]) -> list[str]:
    """Who may Hinder, asking every creature of the map (no box around the path)."""
    mover, opts = board.token("mover"), RuleOptions.of(board.options)
    if len(path) < 2:
        return []
    found = [
        c
        for t in board.tokens.values()
        if t.id != "mover" and t.kind is TokenKind.CREATURE
        if (c := _chance(board, mover, t, path, opts)) is not None
    ]
    return [c.hinderer_id for c in sorted(found, key=lambda c: (c.step, c.name))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowds())
def test_hinderers_found_by_arrays_are_every_creatures_answer(
    scene: tuple[Board, list[Hex]],
) -> None:
    board, path = scene
    found = [c.hinderer_id for c in hinder_chances(board, "mover", path)]
    assert found == every_creature(board, path)
