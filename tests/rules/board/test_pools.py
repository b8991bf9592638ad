"""Acceptance tests for Pools and vitals (rules.board.pools), written from the published formulas.

Source: RULES-DIGEST §3.2 [P-CHAR] "Pools at creation (… halves round down): Grit = Might +
½(Charisma + Finesse), plus Might for each size above 1; Energy = 2 × (Endure + Zeal +
Magic); Resolve = Charisma + Wit; Minor Actions = 1 + ½(Observe + Zeal); Movement = 5
(Species may change it); Luck = 1. Severe Threshold … treat as an input."
Expected values are worked by hand or by the one-line model ``model``, not by the module.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board.pools import BODY_PARTS, POOLS, SKILLS, Vitals, pool_current, pool_maximum

GRIT = (
    "[P-CHAR] 'Grit = Might + ½(Charisma + Finesse), plus Might for each size above 1' "
    "(halves round down)"
)
ENERGY = "[P-CHAR] 'Energy = 2 × (Endure + Zeal + Magic)'"
RESOLVE = "[P-CHAR] 'Resolve = Charisma + Wit'"
MINOR = "[P-CHAR] 'Minor Actions = 1 + ½(Observe + Zeal)' (halves round down)"
MOVEMENT = "[P-CHAR] 'Movement = 5 (Species may change it)'"
LUCK = "[P-CHAR] 'Luck = 1'"


def model(stats: dict[str, int], pool: str, size: int, movement: int) -> int:
    """§3.2 [P-CHAR], halves rounded down, stats not given count 0."""
    s = {k: stats.get(k, 0) for k in SKILLS}
    if pool == "grit":
        return s["might"] + (s["charisma"] + s["finesse"]) // 2 + s["might"] * max(0, size - 1)
    if pool == "energy":
        return 2 * (s["endure"] + s["zeal"] + s["magic"])
    if pool == "resolve":
        return s["charisma"] + s["wit"]
    if pool == "minor_actions":
        return 1 + (s["observe"] + s["zeal"]) // 2
    if pool == "movement":
        return movement
    assert pool == "luck"
    return 1


def test_the_pools_and_skills_named() -> None:
    assert set(POOLS) == {"grit", "energy", "resolve", "minor_actions", "movement", "luck"}
    assert {"might", "charisma", "finesse", "endure", "zeal", "magic", "wit", "observe"} <= set(
        SKILLS
    )
    assert len(BODY_PARTS) == len(set(BODY_PARTS))


FORMULA_CASES = [
    # stats, size, pool, expected (worked by hand), rule
    pytest.param({"might": 3, "charisma": 2, "finesse": 1}, 0, "grit", 4, GRIT, id="grit-half-1.5"),
    pytest.param({"might": 3, "charisma": 2, "finesse": 2}, 0, "grit", 5, GRIT, id="grit-even"),
    pytest.param({"might": 3, "charisma": 2, "finesse": 1}, 1, "grit", 4, GRIT, id="grit-size1"),
    pytest.param({"might": 3, "charisma": 2, "finesse": 1}, 2, "grit", 7, GRIT, id="grit-size2"),
    pytest.param({"might": 3, "charisma": 2, "finesse": 1}, 4, "grit", 13, GRIT, id="grit-size4"),
    pytest.param({"might": 3, "charisma": 2, "finesse": 1}, -3, "grit", 4, GRIT, id="grit-small"),
    pytest.param({"charisma": 1}, 0, "grit", 0, GRIT, id="grit-half-of-1-is-0"),
    pytest.param({"endure": 1, "zeal": 2, "magic": 3}, 0, "energy", 12, ENERGY, id="energy"),
    pytest.param({"charisma": 4, "wit": 3}, 0, "resolve", 7, RESOLVE, id="resolve"),
    pytest.param({"observe": 3, "zeal": 2}, 0, "minor_actions", 3, MINOR, id="minor-2.5"),
    pytest.param({"observe": 1}, 0, "minor_actions", 1, MINOR, id="minor-half-of-1"),
    pytest.param({}, 0, "minor_actions", 1, MINOR, id="minor-nothing"),
    pytest.param({"zeal": 4, "observe": 4}, 0, "minor_actions", 5, MINOR, id="minor-even"),
    pytest.param({}, 0, "movement", 5, MOVEMENT, id="movement-5"),
    pytest.param({}, 0, "luck", 1, LUCK, id="luck"),
    pytest.param({"might": 9}, 5, "luck", 1, LUCK, id="luck-ignores-all"),
]


@pytest.mark.parametrize(("stats", "size", "pool", "expected", "rule"), FORMULA_CASES)
def test_pool_formulas(
    stats: dict[str, int], size: int, pool: str, expected: int, rule: str
) -> None:
    """Rule: §3.2 [P-CHAR] formulas (per case)."""
    assert model(stats, pool, size, 5) == expected  # the model agrees with the hand sums
    vitals = Vitals(stats=tuple(stats.items()))
    result = pool_maximum(vitals, pool, size=size)
    assert result.value == expected, rule
    assert result.reason, "every Pool says how it was found"


def test_movement_is_the_tokens_movement_pool() -> None:
    """Rule: MOVEMENT: 'Species may change it' — the token's own Movement Pool."""
    assert pool_maximum(Vitals(), "movement", movement=7).value == 7
    assert pool_current(Vitals(), "movement", movement=3) == 3


def test_an_override_replaces_the_formula() -> None:
    vitals = Vitals(stats=(("might", 3),), maximum=(("grit", 11), ("luck", 3)))
    assert pool_maximum(vitals, "grit", size=4).value == 11
    assert pool_maximum(vitals, "luck").value == 3
    assert pool_maximum(vitals, "grit").reason == "set by hand"
    assert pool_maximum(vitals, "energy").value == 0


CURRENT_CASES = [
    ((), "grit", 4),  # missing: full
    ((("grit", 2),), "grit", 2),
    ((("grit", 0),), "grit", 0),
    ((("grit", -3),), "grit", -3),  # overspent
    ((("grit", 2),), "resolve", 2),  # Charisma 2 + Wit 0, unspent
]


@pytest.mark.parametrize(("current", "pool", "expected"), CURRENT_CASES)
def test_current_defaults_to_the_maximum(
    current: tuple[tuple[str, int], ...], pool: str, expected: int
) -> None:
    vitals = Vitals(stats=(("might", 3), ("charisma", 2), ("finesse", 1)), current=current)
    assert pool_current(vitals, pool) == expected


def test_unknown_pool_raises() -> None:
    with pytest.raises(KeyError, match="unknown Pool"):
        pool_maximum(Vitals(), "mana")


# --- Vitals validation -------------------------------------------------------------------

BAD_VITALS = [
    (dict(stats=(("strength", 1),)), "stats"),
    (dict(stats=(("might", 1), ("might", 2))), "stats"),
    (dict(stats=(("might", True),)), "might must be an integer"),
    (dict(stats=(("might", 1000),)), "might must be an integer -999..999"),
    (dict(stats=(("might", 1.5),)), "might must be an integer"),
    (dict(stats=(("might",),)), "stats"),
    (dict(maximum=(("grit", -1),)), "grit must be an integer 0..999"),
    (dict(maximum=(("might", 1),)), "maximum"),
    (dict(current=(("grit", -1000),)), "grit must be an integer -999..999"),
    (dict(current=(("wit", 1),)), "current"),
    (dict(wounded=(("tail", 1),)), "wounded"),
    (dict(wounded=(("head", -1),)), "head must be an integer 0..999"),
    (dict(severe_threshold=2.5), "Severe Threshold"),
    (dict(severe_threshold=True), "Severe Threshold"),
    (dict(bars_for_players=1), "bars_for_players"),
]


@pytest.mark.parametrize(("fields", "message"), BAD_VITALS)
def test_vitals_validation(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Vitals(**fields)  # type: ignore[arg-type]


def test_vitals_accept_the_edges_and_compare_by_value() -> None:
    a = Vitals(
        stats=(("might", -999), ("wit", 999)),
        maximum=(("grit", 0),),
        current=(("energy", -999),),
        severe_threshold=-2,
        wounded=(("head", 3), ("left leg", 0)),
        bars_for_players=True,
    )
    b = Vitals(
        stats=(("wit", 999), ("might", -999)),
        maximum=(("grit", 0),),
        current=(("energy", -999),),
        severe_threshold=-2,
        wounded=(("left leg", 0), ("head", 3)),
        bars_for_players=True,
    )
    assert a == b and hash(a) == hash(b), "pairs are kept sorted"
    assert a.stat("might") == -999 and a.stat("observe") == 0


def test_with_value() -> None:
    v = Vitals().with_value("current", "grit", 2).with_value("stats", "might", 4)
    assert pool_current(v, "grit") == 2 and v.stat("might") == 4
    assert pool_current(v.with_value("current", "grit", None), "grit") == 4
    with pytest.raises(ValueError):
        v.with_value("stats", "might", 5000)
    with pytest.raises(KeyError):
        v.with_value("nonsense", "grit", 1)


# --- property ----------------------------------------------------------------------------

stat_values = st.dictionaries(st.sampled_from(SKILLS), st.integers(0, 30), max_size=len(SKILLS))


@settings(max_examples=300, deadline=None)
@given(
    stats=stat_values,
    size=st.integers(-12, 12),
    movement=st.integers(0, 99),
    pool=st.sampled_from(POOLS),
)
def test_property_formulas(stats: dict[str, int], size: int, movement: int, pool: str) -> None:
    """Rule: §3.2 [P-CHAR], halves rounded down; with nothing spent, current = maximum."""
    vitals = Vitals(stats=tuple(stats.items()))
    expected = model(stats, pool, size, movement)
    assert pool_maximum(vitals, pool, size, movement).value == expected
    assert pool_current(vitals, pool, size, movement) == expected


MALFORMED = [
    pytest.param(dict(stats=5), id="not-pairs"),
    pytest.param(dict(stats=(("might", 1), "x")), id="pair-and-text"),
    pytest.param(dict(stats=(("might", 1), ("might", "x"))), id="duplicate-mixed-values"),
    pytest.param(dict(wounded=(("head", None), ("head", 1))), id="duplicate-none"),
]


@pytest.mark.parametrize("fields", MALFORMED)
def test_malformed_vitals_raise_value_error_with_a_message(fields: dict[str, object]) -> None:
    """``Vitals.problem`` promises "must be a tuple of (name, value) pairs" / "not a distinct
    (name, value)": malformed tables are refused with ValueError like every other bad value
    (a map loader catching ValueError must not crash on them)."""
    with pytest.raises(ValueError):
        Vitals(**fields)  # type: ignore[arg-type]
