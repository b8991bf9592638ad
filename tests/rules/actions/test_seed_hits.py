"""Acceptance tests for who an aimed Area hits, and how often — from the rules text.

Sources: seed 000 (default) and seed 001 (the "legacy areas" option) battlefield text,
RULES-DIGEST §11a D8/D9/D13 (they override §11/§12), §11 Q14/Q17, §12 "Geometry and
targeting" and "Areas", DESIGN.md "Contracts". Expected values come from the texts and the
small independent models below, not from ``rules/``. Shared helpers: ``seed_helpers``.
"""

from __future__ import annotations

import pytest

from rules.areas import AreaKind, cone, line
from rules.battlefield.targeting import aim
from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from tests.rules.seed_helpers import C, at, creature, east, opts, template, with_tokens

AFFECTS = "[S000] 'It affects all creatures and unattended objects in the area.'"
OWN_BURST = (
    "[S000] 'You can choose to be unaffected by a Burst you Manifest if you occupy the "
    "space it occurs in.'"
)
PHYSICAL = (
    "[S001] 'If the effects is physical, targets in the area above size 1 are affected a "
    "number of times equal to their size. If parts of the creature are not in the area, only "
    "use the parts that are to determine its size.' + §11a D13 (one size smaller per halving)"
)


# --- who is hit ------------------------------------------------------------------------------


def test_creatures_and_unattended_objects_are_hit_once() -> None:
    board = with_tokens(
        creature("a", C),
        creature("b", east(3)),
        Token("crate", "Crate", east(4), size=0, kind=TokenKind.OBJECT),
        creature("out", at(0, -3)),
    )
    result = aim(
        board, template(AreaKind.CONE, 4, east(1), facing=0, caster="a"), opts(), range_value=0
    )
    assert result.legal
    assert sorted(result.hit_ids()) == ["b", "crate"], AFFECTS
    for hit in result.hits:
        assert hit.times == 1
        assert isinstance(hit.reason, str) and hit.reason
    assert opts().describe("legacy_areas") in result.options_used


def _big_target_board() -> tuple[Board, Token]:
    big = creature("big", east(3), 4)
    return with_tokens(big), big


@pytest.mark.parametrize("inside", [1, 2, 3, 4])
@pytest.mark.parametrize("physical", [False, True])
def test_seed_000_hits_a_big_target_once(inside: int, physical: bool) -> None:
    # AFFECTS (seed 000 has no multi-hit clause): one Hit however many of its spaces are in.
    board, big = _big_target_board()
    parts = tuple(sorted(big.footprint, key=lambda h: (h.q, h.r)))[:inside]
    result = aim(board, template(AreaKind.BURST, 0, parts, physical=physical), opts())
    assert result.hit_ids() == ["big"]
    (hit,) = result.hits
    assert hit.times == 1
    assert set(hit.spaces_inside) == set(parts)


def test_a_line_across_a_big_target_lists_the_spaces_inside() -> None:
    board, big = _big_target_board()
    result = aim(board, template(AreaKind.LINE, 8, C, facing=0), opts())
    (hit,) = [h for h in result.hits if h.token_id == "big"]
    assert hit.times == 1
    assert set(hit.spaces_inside) == set(big.footprint) & line(C, 0, 8)


LEGACY_HITS = [
    # (size, spaces inside of its footprint, physical, times)
    (4, 4, True, 4),  # all of it: size 4
    (4, 2, True, 3),  # half: one size smaller
    (4, 1, True, 2),  # a quarter: two sizes smaller
    (4, 3, True, 4),  # 3/4: not yet halved
    (4, 4, False, 1),  # not physical: once
    (3, 2, True, 3),
    (3, 1, True, 2),  # half of a size 3
    (2, 1, True, 2),  # size 2 fills one space
    (1, 1, True, 1),  # size 1 is not "above size 1"
    (0, 1, True, 1),
    (5, 7, True, 5),
    (5, 4, True, 5),  # 4/7 > 1/2
    (5, 3, True, 4),  # 3/7: one halving (R-PARTIAL: size - floor(log2(1/fraction)))
    (5, 1, True, 3),  # 1/7: two halvings
]


@pytest.mark.parametrize(("size", "inside", "physical", "times"), LEGACY_HITS)
def test_legacy_physical_area_hits_big_targets_once_per_size(
    size: int, inside: int, physical: bool, times: int
) -> None:
    target = creature("big", east(3), size)
    board = with_tokens(target)
    parts = tuple(sorted(target.footprint, key=lambda h: (h.q, h.r)))[:inside]
    result = aim(
        board, template(AreaKind.BURST, 0, parts, physical=physical), opts(legacy_areas=True)
    )
    assert result.spaces == frozenset(parts)
    (hit,) = result.hits
    assert hit.token_id == "big"
    assert hit.times == times, PHYSICAL
    assert set(hit.spaces_inside) == set(parts)


OWN_BURST_CASES = [
    # (caster size, origin chosen as which caster space (None = one space east of it),
    #  exclude_caster, caster affected)
    (0, 0, True, False),
    (0, 0, False, True),
    (4, 0, True, False),
    (4, 1, True, False),
    (4, 3, True, False),
    (4, 3, False, True),
]


@pytest.mark.parametrize(("size", "which", "exclude", "affected"), OWN_BURST_CASES)
def test_caster_may_be_unaffected_by_own_burst_in_its_origin(
    size: int, which: int, exclude: bool, affected: bool
) -> None:
    caster = creature("a", C, size)
    other = creature("b", at(1, -1))  # within 2 of every space of a size 4 caster
    board = with_tokens(caster, other)
    origin = sorted(caster.footprint, key=lambda h: (h.q, h.r))[which]
    t = template(AreaKind.BURST, 2, origin, caster="a", exclude_caster=exclude)
    result = aim(board, t, opts(), range_value=3)
    assert result.legal
    assert ("a" in result.hit_ids()) is affected, OWN_BURST
    assert "b" in result.hit_ids()


def test_caster_outside_the_origin_space_cannot_opt_out() -> None:
    # OWN_BURST: only "if you occupy the space it occurs in" — a caster standing in the
    # Burst but not in its origin is affected (or the choice is refused), never silently
    # left out.
    board = with_tokens(creature("a", C), creature("b", east(2)))
    t = template(AreaKind.BURST, 2, east(1), caster="a", exclude_caster=True)
    result = aim(board, t, opts(), range_value=3)
    if result.legal:
        assert "a" in result.hit_ids(), OWN_BURST
    else:
        assert result.refusal


@pytest.mark.parametrize("legacy", [False, True])
def test_caster_outside_a_subjects_burst_cannot_opt_out(legacy: bool) -> None:
    # OWN_BURST, and [S001] "You can choose to be unaffected by a Burst you Manifest if you
    # are in the origin space" where "The origin space is all spaces of a creature or object
    # that is the source of the effect": a Burst centred on another subject.
    board = with_tokens(creature("a", C), creature("b", east(1)), creature("c", east(3)))
    t = template(AreaKind.BURST, 2, source="b", caster="a", exclude_caster=True)
    result = aim(board, t, opts(legacy_areas=legacy), range_value=3)
    if result.legal:
        assert set(result.origin) == {east(1)}
        assert sorted(result.hit_ids()) == ["a", "b", "c"], OWN_BURST
    else:
        assert result.refusal


@pytest.mark.parametrize("legacy", [False, True])
def test_caster_as_the_source_may_opt_out(legacy: bool) -> None:
    board = with_tokens(creature("a", C), creature("b", east(1)))
    t = template(AreaKind.BURST, 1, source="a", caster="a", exclude_caster=True)
    result = aim(board, t, opts(legacy_areas=legacy), range_value=3)
    assert result.legal
    assert result.hit_ids() == ["b"], OWN_BURST


def test_a_cone_does_not_hit_the_caster_behind_it() -> None:
    board = with_tokens(creature("a", C), creature("b", east(2)))
    result = aim(
        board, template(AreaKind.CONE, 3, east(1), facing=0, caster="a"), opts(), range_value=0
    )
    assert result.hit_ids() == ["b"]


@pytest.mark.parametrize("facing", [0, 3, 6, 9])
def test_a_cone_from_your_own_space_may_face_anywhere(facing: int) -> None:
    # AWAY + PLUS_REACH: range 0 means a space you occupy; from there every direction
    # continues away from you.
    board = with_tokens(creature("a", C), creature("b", at(0, 2)))
    result = aim(
        board, template(AreaKind.CONE, 3, C, facing=facing, caster="a"), opts(), range_value=0
    )
    assert result.legal is True
    assert result.spaces == cone(C, facing, 3)
