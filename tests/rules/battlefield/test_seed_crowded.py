"""Acceptance tests for Crowded — from the rules text.

Sources: seed 000/001 (identical here): "When multiple creatures and objects share a
space…", "For each other size 0 or larger creature or object in a space you occupy…",
"A space containing 4 size 0 creatures is fully occupied…"; seed 001 winged flight
("Count as 2 sizes larger to determine Crowded"); DESIGN.md "Contracts" (Occupancy);
RULES-DIGEST §11a D1–D3, D12 and §12 R-CROWD / R-FULL / R-REACH-OCC.
Expected values come from the texts and the independent model below, not from ``rules/``.
Shared helpers: ``seed_helpers``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield.occupancy import crowded
from rules.board.tokens import Token, TokenKind
from tests.rules.seed_helpers import MULTI, board_with, opts, others
from tests.rules.seed_helpers import OCC_BOARD as BOARD
from tests.rules.seed_helpers import OCC_C as C
from tests.rules.seed_helpers import big_token as _big
from tests.rules.seed_helpers import occ_at as at
from tests.rules.seed_helpers import occ_east as east

EACH_OTHER = (
    "[S000] 'For each other size 0 or larger creature or object in a space you occupy, have "
    "Tier 1 Crowded.'"
)
PAIRS = "[S000] 'Each two creatures or objects of the same size count as 1 size larger.'"
IGNORE = "[S000] 'Ignore creatures and objects 4 or more sizes smaller than you.'"
CAP = (
    "[S000] 'Crowded causes Tier 1 Encumbered, increases Movement costs by 1, and cannot "
    "exceed Tier 3.'"
)
WINGS = "[S001] winged flight: 'Count as 2 sizes larger to determine Crowded'"

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
