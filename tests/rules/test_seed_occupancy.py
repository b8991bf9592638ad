"""Acceptance tests for Crowded, full spaces and entering spaces — from the rules text.

Sources: seed 000/001 (identical here): "When multiple creatures and objects share a
space…", "For each other size 0 or larger creature or object in a space you occupy…",
"A space containing 4 size 0 creatures is fully occupied…"; seed 001 winged flight
("Count as 2 sizes larger to determine Crowded"); DESIGN.md "Contracts" (Occupancy);
RULES-DIGEST §11a D1–D3, D12 and §12 R-CROWD / R-FULL / R-REACH-OCC.
Expected values come from the texts and the independent model below, not from ``rules/``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.board import Board
from rules.hexes import Hex
from rules.occupancy import crowded, entry_check, full_spaces
from rules.options import RuleOptions
from rules.reach import can_reach
from rules.tokens import Token, TokenKind

EACH_OTHER = (
    "[S000] 'For each other size 0 or larger creature or object in a space you occupy, have "
    "Tier 1 Crowded.'"
)
PAIRS = "[S000] 'Each two creatures or objects of the same size count as 1 size larger.'"
IGNORE = "[S000] 'Ignore creatures and objects 4 or more sizes smaller than you.'"
MULTI = (
    "[S000] 'A creature that occupies more than 1 space counts as 1 size 0 creature in each "
    "space they occupy.'"
)
CAP = (
    "[S000] 'Crowded causes Tier 1 Encumbered, increases Movement costs by 1, and cannot "
    "exceed Tier 3.'"
)
WINGS = "[S001] winged flight: 'Count as 2 sizes larger to determine Crowded'"
FULL = (
    "[S000] 'A space containing 4 size 0 creatures is fully occupied. You cannot move into an "
    "occupied space if you would cause it to be more than fully occupied.'"
)
REACH_FULL = (
    "[S000] 'While adjacent to a space that is fully occupied, you can target subjects in the "
    "space as if you can Reach them even if you normally could not.'"
)

BOARD = Board.blank(20, 20)
C = BOARD.hex_at(10, 10)
FAR = BOARD.hex_at(1, 1)


def at(dq: int, dr: int, base: Hex = C) -> Hex:
    return Hex(base.q + dq, base.r + dr)


def east(n: int) -> Hex:
    return at(n, 0)


def opts(**values: object) -> RuleOptions:
    return RuleOptions.of(values)  # type: ignore[arg-type]


def board_with(*specs: tuple[str, Hex, int], asker: tuple[str, Hex, int] | None = None) -> Board:
    board = BOARD
    if asker is not None:
        board = board.with_token(Token(asker[0], asker[0], asker[1], size=asker[2]))
    for tid, pos, size in specs:
        board = board.with_token(Token(tid, tid, pos, size=size))
    return board


def others(sizes: list[int], where: Hex = C) -> list[tuple[str, Hex, int]]:
    return [(f"o{i}", where, s) for i, s in enumerate(sizes)]


# --- Crowded: the R-CROWD examples and the literal reading (D1) ---------------------------

CROWD_CASES = [
    # (other occupants' sizes in the asker's space, option crowding, Tier, rule)
    ([], "literal", 0, "alone"),
    ([0], "literal", 1, "R-CROWD: one other human -> Tier 1; " + EACH_OTHER),
    ([1], "literal", 1, "R-CROWD: a size 1 ogre -> Tier 1; " + EACH_OTHER),
    ([0, 0], "literal", 2, "R-CROWD: two humans -> Tier 2; " + EACH_OTHER),
    ([-1, -1, -1], "literal", 1, "R-CROWD: three size -1 goblins -> 1.5 -> Tier 1; " + PAIRS),
    ([-4], "literal", 0, "R-CROWD: a size -4 rat is ignored; " + IGNORE),
    ([-4] * 16, "literal", 0, "DESIGN: ignored before any pairing; " + IGNORE),
    ([-3] * 8, "literal", 1, "eight size -3 pair up three times into one size 0; " + PAIRS),
    ([-3] * 7, "literal", 0, "seven size -3 never make a size 0; " + PAIRS),
    ([-1, -1, 0], "literal", 2, "two goblins make one size 0, plus a human"),
    ([-1, -1, -2, -2], "literal", 1, "two -2 make a -1; three -1 make one 0 and a -1"),
    ([-2], "literal", 0, "a lone size -2 is not size 0 or larger"),
    ([0, 0, 0], "literal", 3, EACH_OTHER),
    ([0, 0, 0, 0, 0], "literal", 3, CAP),
    ([1, 1, 1, 1], "literal", 3, CAP),
    ([2], "literal", 1, "R-CROWD literal: a size 2 bison is one occupant"),
    ([1], "bulk", 2, "R-CROWD: with 'crowding by bulk' ogre -> Tier 2"),
    ([0, 0], "bulk", 2, "bulk: 1 + 1 units"),
    ([2], "bulk", 3, "bulk: a bison is 4 units, capped at 3; " + CAP),
    ([-4], "bulk", 0, IGNORE),
    ([0, 0], "pair_every_size", 1, "§11a D1 option 'pair at every size' (two humans -> 1)"),
    ([0, 0, 0], "pair_every_size", 2, "pair at every size: a pair (size 1) and a human"),
    ([-1, -1, -1], "pair_every_size", 1, PAIRS),
    ([1], "pair_every_size", 1, "pair at every size: a lone ogre is one occupant"),
]


@pytest.mark.parametrize(("sizes", "mode", "tier", "rule"), CROWD_CASES)
def test_crowded_tier_table(sizes: list[int], mode: str, tier: int, rule: str) -> None:
    board = board_with(*others(sizes), asker=("a", C, 0))
    options = opts(crowding=mode)
    result = crowded(board, "a", options)
    assert result.tier == tier, rule
    assert options.describe("crowding") in result.options_used
    assert "a" not in {e.token_id for e in result.entries}, "only *other* occupants count"


ASKER_CASES = [
    # (asker size, others' sizes, Tier, rule)
    (1, [-2, -2, -2, -2], 1, "3 sizes smaller: counted; four -2 make one size 0"),
    (2, [-2, -2, -2, -2], 0, IGNORE),
    (2, [-1, -1], 1, "3 sizes smaller: counted"),
    (-2, [0], 1, EACH_OTHER + " (whatever the asker's size)"),
    (-2, [-6], 0, IGNORE),
    (-3, [-5, -5], 0, "two -5 make one -4: not size 0 or larger"),
    (4, [0, 0], 0, IGNORE + " (a size 4 asker ignores humans)"),
    (4, [1], 1, "3 sizes smaller: counted"),
    (3, [0, -1], 1, "a human is 3 smaller than size 3: counted; a goblin is 4 smaller: ignored"),
]


@pytest.mark.parametrize(("asker", "sizes", "tier", "rule"), ASKER_CASES)
def test_ignoring_is_relative_to_the_asker(
    asker: int, sizes: list[int], tier: int, rule: str
) -> None:
    board = board_with(*others(sizes), asker=("a", C, asker))
    assert crowded(board, "a", opts()).tier == tier, rule


def test_objects_crowd_too() -> None:
    # EACH_OTHER: "creature or object".
    board = board_with(asker=("a", C, 0)).with_token(
        Token("crate", "Crate", C, size=0, kind=TokenKind.OBJECT)
    )
    assert crowded(board, "a", opts()).tier == 1


def test_entries_explain_counted_and_ignored_occupants() -> None:
    board = board_with(("human", C, 0), ("rat", C, -4), asker=("a", C, 0))
    result = crowded(board, "a", opts())
    assert result.tier == 1
    assert [e.token_id for e in result.counted] == ["human"]
    assert [e.token_id for e in result.ignored] == ["rat"]
    for entry in result.entries:
        assert entry.counted is (entry.token_id == "human")
        assert entry.space == C
        assert isinstance(entry.reason, str) and entry.reason


def test_occupants_of_other_spaces_do_not_crowd() -> None:
    board = board_with(("b", east(1), 0), ("c", east(1), 0), asker=("a", C, 0))
    assert crowded(board, "a", opts()).tier == 0


# --- multi-space creatures (MULTI) and D2 ----------------------------------------------------


def _big(tid: str, size: int, covering: Hex) -> Token:
    """A token of ``size`` placed so that its default footprint covers ``covering``."""
    token = Token(tid, tid, covering, size=size)
    for anchor in [covering, *(at(dq, dr, covering) for dq in (-1, 0, 1) for dr in (-1, 0, 1))]:
        moved = token.moved_to(anchor)
        if covering in moved.footprint:
            return moved
    raise AssertionError("no anchor covers the space")


MULTI_CASES = [
    # (big occupants' sizes covering C, option, Tier)
    ([3], "literal", 1),
    ([4], "literal", 1),
    ([3], "bulk", 1),  # 1 unit, not 8
    ([4], "bulk", 1),  # 1 unit, not 16
    ([5], "bulk", 1),
    ([3, 4], "literal", 2),
    ([3, 4], "pair_every_size", 1),  # two size-0 occupants pair up
]


@pytest.mark.parametrize(("sizes", "mode", "tier"), MULTI_CASES)
def test_a_multi_space_creature_is_size_0_in_each_space(
    sizes: list[int], mode: str, tier: int
) -> None:
    board = board_with(asker=("a", C, 0))
    for i, size in enumerate(sizes):
        board = board.with_token(_big(f"big{i}", size, C))
    assert crowded(board, "a", opts(crowding=mode)).tier == tier, MULTI


SPACES_CASES = [
    # (asker size, size-1 occupants per asker space (by sorted footprint index), sum Tier,
    #  highest Tier). Size 1, not humans: a size 4 asker ignores size 0 (IGNORE).
    (3, [1, 1], 2, 1),
    (3, [0, 2], 2, 2),
    (4, [1, 1, 1, 1], 3, 1),
    (4, [2, 0, 1, 0], 3, 2),
    (4, [0, 0, 0, 1], 1, 1),
]


@pytest.mark.parametrize(("size", "per_space", "summed", "highest"), SPACES_CASES)
def test_a_multi_space_asker_adds_up_its_spaces(
    size: int, per_space: list[int], summed: int, highest: int
) -> None:
    # §11a D2: "add up all the spaces you occupy (cap 3)"; option "highest space".
    asker = Token("a", "a", C, size=size)
    spaces = sorted(asker.footprint, key=lambda h: (h.q, h.r))
    board = BOARD.with_token(asker)
    n = 0
    for space, count in zip(spaces, per_space, strict=True):
        for _ in range(count):
            board = board.with_token(Token(f"h{n}", "h", space, size=1))
            n += 1
    assert crowded(board, "a", opts()).tier == summed
    assert crowded(board, "a", opts(crowded_spaces="highest")).tier == highest


# --- wings (seed 001) ------------------------------------------------------------------------

WING_CASES = [
    # (asker size, others' sizes, winged ids, option, Tier)
    (0, [-2], ["o0"], "literal", 1),  # -2 flying counts as 0
    (0, [-2], [], "literal", 0),
    (0, [-3, -3], ["o0", "o1"], "literal", 1),  # two -1
    (0, [-2, -2, -2, -2], [], "literal", 1),
    (0, [-2, -2, -2, -2], ["a"], "literal", 0),  # the asker counts as size 2: ignores -2
    (0, [0], ["o0"], "bulk", 3),  # a flying human is 4 units in bulk
    (0, [-6], ["o0"], "literal", 0),  # still 4 smaller
]


@pytest.mark.parametrize(("asker", "sizes", "winged", "mode", "tier"), WING_CASES)
def test_winged_flyers_count_two_sizes_larger(
    asker: int, sizes: list[int], winged: list[str], mode: str, tier: int
) -> None:
    # WINGS; DESIGN.md: "as an occupant and as the one asking".
    board = board_with(*others(sizes), asker=("a", C, asker))
    assert crowded(board, "a", opts(crowding=mode), winged=winged).tier == tier, WINGS


# --- Crowded's effects (D3) --------------------------------------------------------------

EFFECT_CASES = [
    # (humans in the space, crowded_effects, tier, encumbered, move_cost)
    (0, "flat", 0, 0, 0),
    (1, "flat", 1, 1, 1),
    (2, "flat", 2, 1, 1),
    (3, "flat", 3, 1, 1),
    (0, "scale", 0, 0, 0),
    (1, "scale", 1, 1, 1),
    (2, "scale", 2, 2, 2),
    (5, "scale", 3, 3, 3),
]


@pytest.mark.parametrize(("humans", "mode", "tier", "encumbered", "cost"), EFFECT_CASES)
def test_crowded_effects(humans: int, mode: str, tier: int, encumbered: int, cost: int) -> None:
    # CAP: "Crowded causes Tier 1 Encumbered, increases Movement costs by 1" (§11a D3 flat);
    # option "scale with Tier" (Tier t -> Encumbered t, +t).
    board = board_with(*others([0] * humans), asker=("a", C, 0))
    options = opts(crowded_effects=mode)
    result = crowded(board, "a", options)
    assert (result.tier, result.encumbered, result.move_cost) == (tier, encumbered, cost)
    if tier:
        assert options.describe("crowded_effects") in result.options_used


def test_crowded_at_another_anchor() -> None:
    board = board_with(("b", east(3), 0), ("c", C, 0), asker=("a", C, 0))
    assert crowded(board, "a", opts()).tier == 1
    assert crowded(board, "a", opts(), anchor=east(3)).tier == 1
    assert crowded(board, "a", opts(), anchor=east(5)).tier == 0


# --- property: the literal contract, and the cap -----------------------------------------


def model_literal(asker: int, asker_winged: bool, occupants: list[tuple[int, bool]]) -> int:
    """DESIGN.md Occupancy contract, one-space asker and one-space occupants."""
    mine = asker + (2 if asker_winged else 0)
    whole, small = 0, Fraction(0)
    for size, winged in occupants:
        eff = size + (2 if winged else 0)
        if eff <= mine - 4:
            continue
        if eff >= 0:
            whole += 1
        else:
            small += Fraction(1, 2**-eff)
    return min(3, whole + math.floor(small))


occupant = st.tuples(st.integers(-7, 2), st.booleans())


@given(st.integers(-4, 2), st.booleans(), st.lists(occupant, max_size=9))
@settings(max_examples=200, deadline=None)
def test_crowded_literal_matches_the_contract(
    asker: int, asker_winged: bool, occupants: list[tuple[int, bool]]
) -> None:
    board = board_with(*others([s for s, _ in occupants]), asker=("a", C, asker))
    winged = [f"o{i}" for i, (_, w) in enumerate(occupants) if w] + (["a"] if asker_winged else [])
    result = crowded(board, "a", opts(), winged=winged)
    assert result.tier == model_literal(asker, asker_winged, occupants)


@given(
    st.integers(-4, 4),
    st.lists(st.tuples(st.integers(-7, 5), st.booleans(), st.integers(0, 2)), max_size=12),
    st.sampled_from(["literal", "pair_every_size", "bulk"]),
    st.sampled_from(["sum", "highest"]),
    st.sampled_from(["flat", "scale"]),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_crowded_never_exceeds_tier_3(
    asker: int,
    occupants: list[tuple[int, bool, int]],
    mode: str,
    spaces: str,
    effects: str,
) -> None:
    # CAP: "cannot exceed Tier 3" — whatever the options, sizes and wings.
    board = board_with(asker=("a", C, asker))
    winged = []
    for i, (size, wing, shift) in enumerate(occupants):
        board = board.with_token(Token(f"o{i}", "o", at(shift, 0), size=size))
        if wing:
            winged.append(f"o{i}")
    options = opts(crowding=mode, crowded_spaces=spaces, crowded_effects=effects)
    result = crowded(board, "a", options, winged=winged)
    assert 0 <= result.tier <= 3
    assert 0 <= result.encumbered <= 3
    assert 0 <= result.move_cost <= 3
    assert (result.encumbered > 0) == (result.tier > 0) == (result.move_cost > 0)


# --- full spaces and entering (D12) ---------------------------------------------------------


def test_full_spaces() -> None:
    # FULL; DESIGN.md: a size-s creature weighs 2**s units, a space holds 4, a creature on
    # several spaces weighs 1 unit in each.
    board = board_with(
        *others([0, 0, 0, 0], C),  # four humans: full
        ("bison", east(2), 2),  # one size 2: full
        ("ogre", east(4), 1),
        ("h1", east(4), 0),
        ("h2", east(4), 0),  # 2 + 1 + 1: full
        ("t1", east(6), 0),
        ("t2", east(6), 0),
        ("t3", east(6), 0),  # 3: not full
        ("u1", at(-6, 0), 0),
        ("u2", at(-6, 0), 0),
        ("u3", at(-6, 0), 0),
        ("g1", at(-6, 0), -1),
        ("g2", at(-6, 0), -1),  # 3 + 1/2 + 1/2: full
        ("v1", at(-3, 0), 0),
        ("v2", at(-3, 0), 0),
        ("v3", at(-3, 0), 0),
        ("g3", at(-3, 0), -1),  # 3.5: not full
    )
    board = board.with_token(_big("dragon", 4, at(0, 4)))  # 1 unit in each of its spaces
    assert full_spaces(board) == frozenset({C, east(2), east(4), at(-6, 0)}), FULL


ENTRY_CASES = [
    # (occupants of C as (size) list, mover size, allowed, rule)
    ([], 0, True, "D12: an empty space can always be entered"),
    ([], 2, True, "D12: an empty space can always be entered"),
    ([], -4, True, "D12: an empty space can always be entered"),
    ([0, 0, 0], 0, True, "3 + 1 = 4: not more than fully occupied"),
    ([0, 0, 0, 0], 0, False, FULL),
    ([0, 0, 0, 0], -4, False, FULL + " (4 + 1/16 > 4)"),
    ([0, 0, 0, 0], -1, False, FULL),
    ([1, 0], 0, True, "2 + 1 + 1 = 4"),
    ([1, 0], 1, False, "2 + 1 + 2 = 5"),
    ([2], -1, False, "R-CROWD: a size-2 bison fills a space alone: nobody else can enter it"),
    ([2], 0, False, "R-CROWD: a size-2 bison fills a space alone"),
    ([-1], 2, False, "4 + 1/2 > 4; a goblin is only 3 sizes smaller than a bison"),
    ([-2], 2, True, "D12: occupants 4+ sizes smaller than the mover are ignored"),
    ([-2, -2, -2, -2], 2, True, "D12: occupants 4+ sizes smaller than the mover are ignored"),
    ([0, 0, 0, -1], -1, True, "3.5 + 0.5 = 4"),
    ([0, 0, 0, -1], 0, False, "3.5 + 1 > 4"),
]


@pytest.mark.parametrize(("sizes", "mover", "allowed", "rule"), ENTRY_CASES)
def test_entry_table(sizes: list[int], mover: int, allowed: bool, rule: str) -> None:
    board = board_with(*others(sizes), asker=("m", FAR, mover))
    check = entry_check(board, "m", C)
    assert check.allowed is allowed, rule
    if not allowed:
        assert check.reasons


def test_a_multi_space_creature_weighs_1_in_each_space() -> None:
    board = board_with(*others([0, 0, 0]), asker=("m", FAR, 0))
    board = board.with_token(_big("dragon", 4, C))
    assert C in full_spaces(board), FULL + " + " + MULTI
    assert entry_check(board, "m", C).allowed is False
    lone = board_with(asker=("bison", FAR, 2)).with_token(_big("dragon", 4, C))
    assert entry_check(lone, "bison", C).allowed is False, "1 + 4 > 4"


def test_a_multi_space_mover_needs_room_in_every_space() -> None:
    mover = Token("m", "m", FAR, size=3)
    spaces = sorted(mover.footprint_at(C), key=lambda h: (h.q, h.r))
    assert len(spaces) == 2
    base = BOARD.with_token(mover)
    three_each = base
    for i, space in enumerate(spaces):
        for j in range(3):
            three_each = three_each.with_token(Token(f"h{i}{j}", "h", space, size=0))
    assert entry_check(three_each, "m", C).allowed is True, "3 + 1 in each space"
    one_full = three_each.with_token(Token("extra", "h", spaces[1], size=0))
    assert entry_check(one_full, "m", C).allowed is False, FULL


def test_a_mover_does_not_count_itself() -> None:
    board = board_with(*others([0, 0, 0]), asker=("m", C, 0))
    assert entry_check(board, "m", C).allowed is True
    mover = Token("big", "big", C, size=3)
    board = BOARD.with_token(mover)
    shifted = mover.footprint_at(at(1, 0))
    overlap = mover.footprint & shifted
    assert overlap, "a one-space shift overlaps the current footprint"
    for i in range(3):
        board = board.with_token(Token(f"h{i}", "h", next(iter(overlap)), size=0))
    assert entry_check(board, "big", at(1, 0)).allowed is True


@st.composite
def crowd_map(draw: st.DrawFn):
    board = Board.blank(5, 5)
    mover_size = draw(st.integers(-4, 2))
    board = board.with_token(Token("m", "m", board.hex_at(0, 0), size=mover_size))
    n = draw(st.integers(0, 16))
    for i in range(n):
        col, row = draw(st.integers(0, 4)), draw(st.integers(0, 4))
        size = draw(st.sampled_from([-1, 0, 0, 0, 1, 2, 3]))
        token = Token(f"t{i}", "t", board.hex_at(col, row), size=size)
        if all(board.contains(h) for h in token.footprint):
            board = board.with_token(token)
    return board


def _units(token: Token) -> Fraction:
    return Fraction(1) if len(token.footprint) > 1 else Fraction(2) ** token.size


@given(crowd_map())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_nobody_enters_a_full_space_and_entry_follows_the_units(board: Board) -> None:
    mover = board.token("m")
    home = mover.position
    full = full_spaces(board)
    for h in board.hexes():
        if h == home:
            continue
        there = [t for t in board.tokens.values() if t.id != "m" and h in t.footprint]
        units = sum((_units(t) for t in there), Fraction(0))
        assert (h in full) == (units >= 4), FULL
        counted = sum(
            (_units(t) for t in there if (0 if len(t.footprint) > 1 else t.size) > mover.size - 4),
            Fraction(0),
        )
        expected = not there or counted + Fraction(2) ** mover.size <= 4
        check = entry_check(board, "m", h)
        assert check.allowed is expected, (h, [(t.size, len(t.footprint)) for t in there])
        if h in full:
            assert check.allowed is False, "nobody enters a full space"


# --- Reach into a full space (R-REACH-OCC) ----------------------------------------------------

REACH_CASES = [
    # (actor size, reach override, occupants of the target space, distance, allowed)
    (-2, None, [0, 0, 0, 0], 1, True),
    (-2, None, [0, 0, 0], 1, False),
    (-2, None, [2], 1, True),
    (-2, None, [1, 0, 0], 1, True),
    (0, 0, [0, 0, 0, 0], 1, True),
    (0, 0, [0, 0], 1, False),
    (0, None, [0, 0, 0, 0], 2, False),
    (1, None, [0], 2, True),
]


@pytest.mark.parametrize(("size", "reach", "sizes", "dist", "allowed"), REACH_CASES)
def test_reach_into_an_adjacent_full_space(
    size: int, reach: int | None, sizes: list[int], dist: int, allowed: bool
) -> None:
    board = BOARD.with_token(Token("a", "a", C, size=size, reach=reach))
    for tid, pos, s in others(sizes, east(dist)):
        board = board.with_token(Token(tid, tid, pos, size=s))
    assert can_reach(board, "a", east(dist)).allowed is allowed, REACH_FULL
