"""Acceptance tests for Concealment — from the rules text, not the code.

Sources: the Concealment paragraph of seed 000 (default) and seed 001 (the "legacy areas"
option), RULES-DIGEST §11a D10 (sum by default, option "highest"; −3 when adjacent for
world-condition Concealment only; cap 12; creatures sharing a space are adjacent),
§12 R-CONCEAL and DESIGN.md ("half this penalty" of Tier T is T // 2).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield.concealment import concealment, concealment_between, concealment_field
from rules.board.grid import Board
from rules.board.terrain import ConcealmentKind
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.options import RuleOptions

ANY_SPACE = (
    "[S000] 'If any space you or a target are in or that is between you and a target creates "
    "Concealment, that target has Concealment from you.'"
)
TIERS = (
    "[S000] 'Poor lighting, weather conditions, or magic can create Concealment, Tier 1 "
    "through 12.'"
)
ADJ_000 = (
    "[S000] 'If you are adjacent to a target, reduce Concealment from any conditions of the "
    "world by 3 Tiers.'"
)
ADJ_001 = "[S001] 'If you are adjacent to a target, reduce the Concealment by 3 Tiers.'"
SUM = "§11a D10: sum the Tiers of your space, the target's space and the spaces between"
PENALTY = (
    "[S000] 'For each Tier of Concealment your target has, have -1 on Awareness rolls ... "
    "also causes half this penalty on targeted attack rolls against them.'"
)

W, M = ConcealmentKind.WORLD, ConcealmentKind.MAGIC

BOARD = Board.blank(20, 20)
C = BOARD.hex_at(8, 10)


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def at(dq: int, dr: int) -> Hex:
    return Hex(C.q + dq, C.r + dr)


def opts(**values: object) -> RuleOptions:
    return RuleOptions.of(values)  # type: ignore[arg-type]


def fogged(spots: list[tuple[Hex, int, ConcealmentKind]], board: Board = BOARD) -> Board:
    for h, tier, kind in spots:
        board = board.with_terrain("concealment", [h], tier)
        board = board.with_terrain("concealment_kind", [h], int(kind))
    return board


CASES = [
    # (concealing spaces as (index east of the observer, Tier, kind), target index east,
    #  options, expected Tier, rule). The observer is at index 0.
    ([], 4, {}, 0, "no Concealment anywhere"),
    ([(2, 2, W)], 4, {}, 2, ANY_SPACE + " (between)"),
    ([(0, 3, W)], 4, {}, 3, ANY_SPACE + " (your space)"),
    ([(4, 3, W)], 4, {}, 3, ANY_SPACE + " (the target's space)"),
    ([(2, 2, W), (3, 2, W)], 4, {}, 4, SUM),
    ([(2, 2, W), (3, 2, W)], 4, {"concealment_combine": "highest"}, 2, "§11a D10 option"),
    ([(1, 3, W), (2, 5, M)], 4, {}, 8, SUM + " (world and magic add)"),
    ([(1, 3, W), (2, 5, M)], 4, {"concealment_combine": "highest"}, 5, "highest"),
    ([(0, 1, M), (2, 1, W), (4, 1, W)], 4, {}, 3, SUM),
    ([(i, 4, W) for i in range(7)], 6, {}, 12, TIERS + " (cap 12)"),
    ([(i, 12, M) for i in range(3)], 2, {}, 12, TIERS + " (cap 12)"),
    ([(5, 6, W), (-1, 6, W)], 4, {}, 0, "spaces beyond the target or behind you do not count"),
    ([(2, 4, W)], 2, {}, 4, "distance 2 is not adjacent: no reduction"),
    ([(2, 4, M)], 4, {"legacy_areas": True}, 4, "legacy: not adjacent, no reduction"),
    # adjacent (seed 000: world conditions only)
    ([(1, 4, W)], 1, {}, 1, ADJ_000),
    ([(1, 2, W)], 1, {}, 0, ADJ_000 + " (not below 0)"),
    ([(1, 4, M)], 1, {}, 4, ADJ_000 + " (magic is not a condition of the world)"),
    ([(0, 3, M), (1, 3, W)], 1, {}, 3, ADJ_000 + " (3 world - 3, 3 magic)"),
    ([(0, 4, W), (1, 4, M)], 1, {}, 5, ADJ_000 + " (4 world - 3, 4 magic)"),
    ([(0, 1, W), (1, 4, M)], 1, {}, 4, ADJ_000 + " (the world part cannot go below 0)"),
    ([(0, 8, W), (1, 6, W)], 1, {}, 11, "§11a D10 order: sum 14, then -3, then cap 12"),
    ([(0, 12, W), (1, 12, W)], 1, {}, 12, "§11a D10: sum, -3, cap 12"),
    ([(0, 3, W), (1, 5, W)], 1, {"concealment_combine": "highest"}, 2, "highest 5, then -3"),
    # sharing a space counts as adjacent (§11a D10; "they ... count as adjacent" [S000])
    ([(0, 5, W)], 0, {}, 2, "§11a D10: creatures sharing a space are adjacent"),
    ([(0, 5, M)], 0, {}, 5, "sharing a space; magic is not reduced"),
    # legacy (seed 001): adjacency lowers all Concealment
    ([(1, 4, M)], 1, {"legacy_areas": True}, 1, ADJ_001),
    ([(1, 4, W)], 1, {"legacy_areas": True}, 1, ADJ_001),
    ([(1, 2, M)], 1, {"legacy_areas": True}, 0, ADJ_001 + " (not below 0)"),
    ([(0, 1, W), (1, 4, M)], 1, {"legacy_areas": True}, 2, ADJ_001 + " (the Concealment: 5 - 3)"),
]


@pytest.mark.parametrize(("spots", "target", "options", "tier", "rule"), CASES)
def test_concealment_table(
    spots: list[tuple[int, int, ConcealmentKind]],
    target: int,
    options: dict[str, object],
    tier: int,
    rule: str,
) -> None:
    board = fogged([(east(i), t, k) for i, t, k in spots])
    chosen = opts(**options)
    result = concealment_between(board, [C], [east(target)], chosen)
    assert result.tier == tier, rule
    assert result.adjacent is (target <= 1)
    assert chosen.describe("concealment_combine") in result.options_used


def test_concealment_off_the_line_does_not_count() -> None:
    # ANY_SPACE: only your space, the target's and the spaces between.
    board = fogged([(at(2, -2), 6, W), (at(2, 1), 6, W), (at(-1, 0), 6, M)])
    assert concealment_between(board, [C], [east(4)], opts()).tier == 0


def test_sources_name_the_concealing_spaces() -> None:
    board = fogged([(east(2), 2, W), (east(3), 3, M), (at(2, -2), 6, W)])
    result = concealment_between(board, [C], [east(4)], opts())
    assert result.tier == 5
    assert {s[0] for s in result.sources} == {east(2), east(3)}
    assert sorted(s[1] for s in result.sources) == [2, 3]


PENALTIES = [
    # (Tier, Awareness penalty, targeted-attack penalty)
    (0, 0, 0),
    (1, -1, 0),
    (2, -2, -1),
    (3, -3, -1),  # DESIGN.md: "Tier 3 -> -1"
    (7, -7, -3),
    (12, -12, -6),
]


@pytest.mark.parametrize(("tier", "awareness", "attack"), PENALTIES)
def test_penalties(tier: int, awareness: int, attack: int) -> None:
    board = fogged([(C, tier, W)]) if tier else BOARD
    result = concealment_between(board, [C], [east(4)], opts())
    assert result.tier == tier
    assert result.awareness_penalty == awareness, PENALTY
    assert result.attack_penalty == attack, PENALTY + " (DESIGN.md: T // 2, subtracted)"


def test_concealment_between_tokens_uses_all_their_spaces() -> None:
    # ANY_SPACE: "any space you or a target are in" — a size 4 target fills 4 spaces, and
    # Concealment on any of them counts.
    target = Token("t", "t", east(5), size=4)
    far_part = max(target.footprint, key=lambda h: (abs(h.q - C.q) + abs(h.r - C.r), h.q))
    board = fogged([(far_part, 2, W)]).with_token(Token("o", "o", C)).with_token(target)
    result = concealment(board, "o", "t", opts())
    assert result.tier == 2
    assert result == concealment_between(board, [C], target.footprint, opts())
    observer = Token("big", "big", east(-6), size=4)
    back = min(observer.footprint, key=lambda h: (h.q, -h.r))
    board = fogged([(back, 3, M)]).with_token(observer).with_token(Token("t", "t", east(2)))
    assert concealment(board, "big", "t", opts()).tier == 3


def test_board_options_are_used_when_none_are_given() -> None:
    board = fogged([(east(2), 2, W), (east(3), 5, W)]).with_options(
        {"concealment_combine": "highest"}
    )
    assert concealment_between(board, [C], [east(4)]).tier == 5
    assert concealment_between(BOARD.with_options({}), [C], [east(4)]).tier == 0


# --- the vectorised field equals the one-target query ------------------------------------


@st.composite
def fog_map(draw: st.DrawFn):
    width, height = draw(st.integers(2, 8)), draw(st.integers(2, 8))
    cells = width * height
    tiers = draw(
        st.lists(
            st.one_of(st.just(0), st.just(0), st.integers(1, 12)), min_size=cells, max_size=cells
        )
    )
    kinds = draw(st.lists(st.integers(0, 1), min_size=cells, max_size=cells))
    board = Board.blank(width, height)
    board = board.with_layer("concealment", np.array(tiers, dtype=np.uint8).reshape(height, width))
    board = board.with_layer(
        "concealment_kind", np.array(kinds, dtype=np.uint8).reshape(height, width)
    )
    col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    observer = [board.hex_at(col, row)]
    if draw(st.booleans()):
        extra = board.hex_at(draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
        if (
            max(
                abs(extra.q - observer[0].q),
                abs(extra.r - observer[0].r),
                abs(extra.q + extra.r - observer[0].q - observer[0].r),
            )
            == 1
        ):
            observer.append(extra)
    options = opts(
        concealment_combine=draw(st.sampled_from(["sum", "highest"])),
        legacy_areas=draw(st.booleans()),
    )
    radius = draw(st.one_of(st.none(), st.integers(0, 5)))
    return board, observer, options, radius


@given(fog_map())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_field_equals_concealment_between_everywhere(case) -> None:
    board, observer, options, radius = case
    field = concealment_field(board, observer, options, radius=radius)
    assert field.shape == (board.height, board.width)
    assert field.dtype == np.int16
    for row in range(board.height):
        for col in range(board.width):
            h = board.hex_at(col, row)
            near = min(
                max(abs(h.q - o.q), abs(h.r - o.r), abs(h.q + h.r - o.q - o.r)) for o in observer
            )
            if radius is not None and near > radius:
                assert field[row, col] == -1, (h, near, radius)
            else:
                expected = concealment_between(board, observer, [h], options).tier
                assert field[row, col] == expected, h
                assert 0 <= expected <= 12, TIERS
