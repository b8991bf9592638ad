"""Acceptance tests for conditions and Ailments with Tiers (rules.board.conditions).

Sources: RULES-DIGEST §6.1 (the seeds' states and the Hamper options), §6.2 ([P-AIL]
Ailments with their defences, [P-COND] Conditions), §11a D10 ("Tiers of the same name
add"). Expected values come from those tables, not from the module.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board.conditions import (
    CONDITION_SPECS,
    ConditionEntry,
    add_condition,
    describe,
    remove_condition,
    set_condition,
    tier_of,
)
from rules.board.tokens import Token
from rules.hexes import Hex

ADD = "§11a D10: 'Tiers of the same name add'"
HAMPER = "[S002] 'Hamper options: Tier 1 of Blinded, Dazzled, Deafened, Muted, Slowed or Unstable'"
AIL = "[P-AIL] 'end of each of your turns roll the listed defence to drop 1 Tier'"

# §6.2 [P-AIL] table: every Ailment (by seed name where there is one) and its defence.
AILMENTS = {
    "anosmatic": "Nature",
    "blinded": "Nature",
    "clumsy": "Nimble",
    "dazzled": "Endure",
    "deafened": "Nature",
    "muted": "Nature",
    "sickened": "Endure",
    "slowed": "Zeal",
    "stiff": "Nimble",
    "trauma": "Endure",
    "unstable": "Endure",
    "weak": "Endure",
}
# §6.1 seeds and §6.2 [P-COND]: states that are conditions, not Ailments (Crowded is computed).
CONDITIONS = [
    "encumbered",
    "prone",
    "crouching",
    "held",
    "grappled",
    "strangled",
    "swallowed",
    "focused",
    "fatigued",
    "exhausted",
    "burning",
    "emotional",
    "unconscious",
    "unaware",
]


@pytest.mark.parametrize(("name", "defence"), sorted(AILMENTS.items()))
def test_ailments_and_their_defences(name: str, defence: str) -> None:
    """Rule: AIL — the §6.2 table's defence per Ailment."""
    spec = CONDITION_SPECS[name]
    assert spec.kind == "ailment"
    assert spec.defence == defence, AIL


@pytest.mark.parametrize("name", ["blinded", "dazzled", "deafened", "muted", "slowed", "unstable"])
def test_hamper_options_are_ailments(name: str) -> None:
    """Rule: HAMPER with §6.2's name mapping (Blind, Deaf, Mute, Slow, Unsteady)."""
    assert CONDITION_SPECS[name].kind == "ailment"


@pytest.mark.parametrize("name", CONDITIONS)
def test_conditions_are_not_ailments(name: str) -> None:
    assert CONDITION_SPECS[name].kind == "condition"


def test_crowded_is_not_stored() -> None:
    """Crowded is computed from occupancy (§6.1, R-CROWD), never held as an entry."""
    assert "crowded" not in CONDITION_SPECS
    with pytest.raises(ValueError, match="unknown condition"):
        ConditionEntry("crowded", 1)


# --- Tiers add across sources -----------------------------------------------------------

ADD_CASES = [
    # (name, tier, source) added in order -> Tier of "encumbered"
    pytest.param([("encumbered", 2, "Hold"), ("encumbered", 1, "Load")], 3, id="two-sources"),
    pytest.param([("encumbered", 2, "Hold"), ("encumbered", 1, "Hold")], 3, id="same-source"),
    pytest.param([("encumbered", 1, ""), ("encumbered", 1, "Load")], 2, id="unsourced"),
    pytest.param([("encumbered", 2, "Hold"), ("prone", 1, "")], 2, id="other-names"),
    pytest.param([("prone", 1, "")], 0, id="absent-is-0"),
    pytest.param([("encumbered", 3, "a"), ("encumbered", -1, "a")], 2, id="add-negative"),
    pytest.param([("encumbered", 3, "a"), ("encumbered", -3, "a")], 0, id="add-to-zero"),
]


@pytest.mark.parametrize(("adds", "tier"), ADD_CASES)
def test_tiers_of_the_same_name_add(adds: list[tuple[str, int, str]], tier: int) -> None:
    """Rule: ADD."""
    entries: tuple[ConditionEntry, ...] = ()
    for name, t, source in adds:
        entries = add_condition(entries, name, t, source)
    assert tier_of(entries, "encumbered") == tier, ADD
    keys = [(e.name, e.source) for e in entries]
    assert len(keys) == len(set(keys)), "one entry per (name, source)"


def test_set_condition_replaces_that_source_only() -> None:
    entries = set_condition((), "encumbered", 2, "Hold")
    entries = set_condition(entries, "encumbered", 1, "Load")
    entries = set_condition(entries, "encumbered", 4, "Hold")
    assert tier_of(entries, "encumbered") == 5
    assert {(e.source, e.tier) for e in entries} == {("Hold", 4), ("Load", 1)}
    entries = set_condition(entries, "encumbered", 0, "Hold")
    assert [(e.source, e.tier) for e in entries] == [("Load", 1)], "Tier 0 removes the entry"


def test_remove_condition_one_source_or_all() -> None:
    entries = add_condition(add_condition((), "encumbered", 2, "Hold"), "encumbered", 1, "Load")
    entries = add_condition(entries, "prone", 1)
    one = remove_condition(entries, "encumbered", "Hold")
    assert tier_of(one, "encumbered") == 1 and tier_of(one, "prone") == 1
    gone = remove_condition(entries, "encumbered")
    assert tier_of(gone, "encumbered") == 0 and tier_of(gone, "prone") == 1
    assert remove_condition(entries, "slowed") == entries


DESCRIBE_CASES = [
    ([], ""),
    ([("encumbered", 2, "Hold"), ("encumbered", 1, "Load")], "Encumbered 3 (Hold 2, Load 1)"),
    ([("prone", 1, "")], "Prone 1"),
    ([("slowed", 2, "Hamper")], "Slowed 2 (Hamper 2)"),
]


@pytest.mark.parametrize(("adds", "text"), DESCRIBE_CASES)
def test_describe(adds: list[tuple[str, int, str]], text: str) -> None:
    entries: tuple[ConditionEntry, ...] = ()
    for name, t, source in adds:
        entries = add_condition(entries, name, t, source)
    assert describe(entries) == text


def test_describe_lists_every_name() -> None:
    entries = add_condition(add_condition((), "prone", 1), "encumbered", 2, "Hold")
    text = describe(entries)
    assert "Prone 1" in text and "Encumbered 2 (Hold 2)" in text


def test_entry_label() -> None:
    assert ConditionEntry("encumbered", 2).label == "Encumbered 2"
    assert ConditionEntry("encumbered", 2, "Hold").label == "Encumbered 2 (Hold)"


# --- validation --------------------------------------------------------------------------

BAD_ENTRIES = [
    (("fiery", 1, ""), "unknown condition 'fiery'"),
    (("prone", 0, ""), r"Tier must be 1\.\.99, got 0"),
    (("prone", -2, ""), r"Tier must be 1\.\.99, got -2"),
    (("prone", 100, ""), r"Tier must be 1\.\.99, got 100"),
    (("prone", True, ""), "Tier must be an integer"),
    (("prone", 1.0, ""), "Tier must be an integer"),
    (("prone", 1, "x" * 65), "source must be up to 64 printable characters"),
    (("prone", 1, "bad\nsource"), "source must be up to 64 printable characters"),
    (("prone", 1, None), "source must be"),
]


@pytest.mark.parametrize(("args", "message"), BAD_ENTRIES)
def test_entry_validation(args: tuple[object, object, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ConditionEntry(*args)  # type: ignore[arg-type]


def test_adding_below_zero_is_refused() -> None:
    entries = add_condition((), "prone", 1)
    with pytest.raises(ValueError, match="Tier must be"):
        add_condition(entries, "prone", -2)


def test_token_refuses_the_same_condition_twice_from_one_source() -> None:
    token = Token("t", "T", Hex(0, 0))
    twice = (ConditionEntry("prone", 1), ConditionEntry("prone", 2))
    with pytest.raises(ValueError, match="listed twice"):
        replace(token, conditions=twice)
    with pytest.raises(ValueError, match="ConditionEntry"):
        replace(token, conditions=(("prone", 1),))  # type: ignore[arg-type]
    ok = replace(token, conditions=(ConditionEntry("prone", 1), ConditionEntry("prone", 2, "x")))
    assert tier_of(ok.conditions, "prone") == 3


# --- property ----------------------------------------------------------------------------

names = st.sampled_from(sorted(CONDITION_SPECS))
sources = st.sampled_from(["", "Hold", "Load", "Spell"])


@settings(max_examples=200, deadline=None)
@given(adds=st.lists(st.tuples(names, st.integers(1, 8), sources), max_size=12))
def test_property_tier_is_the_sum_of_what_was_added(adds: list[tuple[str, int, str]]) -> None:
    """Rule: ADD — the Tier of a name is the sum over every source."""
    entries: tuple[ConditionEntry, ...] = ()
    for name, t, source in adds:
        entries = add_condition(entries, name, t, source)
    for name in CONDITION_SPECS:
        assert tier_of(entries, name) == sum(t for n, t, _ in adds if n == name)
    for name, _, source in adds:
        assert tier_of(remove_condition(entries, name, source), name) == sum(
            t for n, t, s in adds if n == name and s != source
        )
    assert entries == tuple(sorted(entries, key=lambda e: (e.name, e.source)))
