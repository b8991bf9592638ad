"""Acceptance tests for what one step of movement costs — from the rules text.

Sources: seed 001 movement paragraphs (Primary/Secondary, Crouch, Prone, Amble, Climb,
Swim, Burrow, Fly, winged flight), seed 000/001 occupancy ("fully occupied", Crowded),
RULES-DIGEST §5, §11 Q7/Q21/Q28/Q29, §11a D2/D3/D4/D12, §12 R-MOVECOST, and the
interpretations ``rules/movement_costs.py`` declares in its docstring (steep or a change of
2+ elevation in one step = Climb and moves ``max(1, |Δ|)`` spaces; ``water_depth`` > 0 is
swum; stone and wood cannot be burrowed). Every case checks the total AND the breakdown:
the amount charged for each rule, that each charge's reason names the rule and its source
cites one, and the rolls the step calls for. Expected values are worked by hand from the
texts, not taken from ``rules/``.
"""

from __future__ import annotations

import pytest

from rules.board.conditions import set_condition
from rules.board.motion import Motion
from rules.movement.costs import step_cost
from tests.rules.seed_movement_cost_helpers import (
    AMBLE,
    CLIMB,
    CLIMB_ROLL,
    CROUCH,
    D4,
    ENC,
    NO_SWIM,
    PRIMARY,
    PRONE,
    RISE,
    SECONDARY,
    STACK,
    SWIM_DL,
    SWIM_ROLL,
    C,
    Charges,
    E,
    Rolls,
    check,
    crouching,
    prone,
    refused,
    scene,
)

# --- movement types: Primary 1, Secondary +1 ------------------------------------------------

TYPE_CASES = [
    pytest.param({}, {}, 1, [("Land", 1)], (), "land", id=f"{PRIMARY} (Land)"),
    pytest.param(
        {},
        {"water_depth": 1},
        2,
        [("Secondary", 1), ("Swim", 1)],
        SWIM_ROLL,
        "swim",
        id=f"Swim is the default Secondary: {SECONDARY}; {SWIM_DL}",
    ),
    pytest.param(
        {},
        {"water_depth": 4},
        2,
        [("Secondary", 1), ("Swim", 1)],
        SWIM_ROLL,
        "swim",
        id=f"deep water, same: {SECONDARY}",
    ),
    pytest.param(
        {"movement_types": ("swim", "land")},
        {},
        2,
        [("Secondary", 1), ("Land", 1)],
        (),
        "land",
        id=f"a Swim-primary creature on land: Land is Secondary, {SECONDARY}",
    ),
    pytest.param(
        {"movement_types": ("swim", "land")},
        {"water_depth": 1},
        1,
        [("Swim", 1)],
        SWIM_ROLL,
        "swim",
        id=f"a Swim-primary creature in water: {PRIMARY}; {SWIM_DL}",
    ),
    pytest.param(
        {"motion": Motion(pace="dash")},
        {"water_depth": 1},
        2,
        [("Secondary", 1), ("Swim", 1)],
        SWIM_ROLL,
        "swim",
        id=f"{NO_SWIM} names running, not Dash",
    ),
]


@pytest.mark.parametrize(("token", "dest", "cost", "charges", "rolls", "way"), TYPE_CASES)
def test_movement_type_costs(
    token: dict[str, object],
    dest: dict[str, int],
    cost: int,
    charges: Charges,
    rolls: Rolls,
    way: str,
) -> None:
    check(step_cost(scene(token, dest), "m", C, E), cost, charges, rolls, way)


TYPE_REFUSALS = [
    pytest.param({"movement_types": ("land",)}, {"water_depth": 1}, "Swim", id="no Swim type"),
    pytest.param({"movement_types": ("swim",)}, {}, "Land", id="a swimmer with no Land type"),
    pytest.param({"conditions": crouching()}, {"water_depth": 1}, "Crouch", id=f"{NO_SWIM}: C"),
    pytest.param({"conditions": prone()}, {"water_depth": 1}, "Prone", id=f"{NO_SWIM}: Prone"),
    pytest.param({"motion": Motion(pace="run")}, {"water_depth": 1}, "run", id=f"{NO_SWIM}: run"),
]


@pytest.mark.parametrize(("token", "dest", "word"), TYPE_REFUSALS)
def test_swimming_refusals(token: dict[str, object], dest: dict[str, int], word: str) -> None:
    refused(step_cost(scene(token, dest), "m", C, E), word)


# --- posture and Amble ---------------------------------------------------------------------

POSTURE_CASES = [
    pytest.param({"conditions": crouching()}, 2, [("crouch", 1), ("Land", 1)], id=CROUCH),
    pytest.param({"conditions": prone()}, 3, [("prone", 2), ("Land", 1)], id=PRONE),
    pytest.param({"motion": Motion(amble=True)}, 2, [("Amble", 1), ("Land", 1)], id=AMBLE),
    pytest.param(
        {"conditions": crouching(), "motion": Motion(amble=True)},
        3,
        [("crouch", 1), ("Amble", 1), ("Land", 1)],
        id=f"{CROUCH} + {AMBLE}",
    ),
    pytest.param(
        {"conditions": prone(), "motion": Motion(amble=True)},
        4,
        [("prone", 2), ("Amble", 1), ("Land", 1)],
        id=f"{PRONE} + {AMBLE}",
    ),
    pytest.param(
        {"conditions": crouching(), "motion": Motion(pace="run")},
        2,
        [("crouch", 1), ("Land", 1)],
        id="Run changes what Movement buys (plans), not a step's cost",
    ),
]


@pytest.mark.parametrize(("token", "cost", "charges"), POSTURE_CASES)
def test_posture_and_amble_costs(token: dict[str, object], cost: int, charges: Charges) -> None:
    check(step_cost(scene(token), "m", C, E), cost, charges, (), "land")


# --- Encumbered (Q7, §11a D4) -----------------------------------------------------------------


def enc(*sources: tuple[str, int], base: tuple[object, ...] = ()) -> tuple[object, ...]:
    entries = base
    for source, tier in sources:
        entries = set_condition(entries, "encumbered", tier, source)  # type: ignore[arg-type]
    return entries


ENCUMBERED_CASES = [
    pytest.param(
        {"conditions": enc(("Load", 2))},
        {},
        {},
        3,
        [("Encumbered", 2), ("Land", 1)],
        (),
        id=f"{ENC}; D4: Encumbered 2 from another source (Load) +2",
    ),
    pytest.param(
        {"conditions": enc(("Hold", 2), ("Load", 1))},
        {},
        {},
        4,
        [("Encumbered", 3), ("Land", 1)],
        (),
        id=f"{ENC}: Tiers of the same name add (Hold 2 + Load 1)",
    ),
    pytest.param(
        {"conditions": enc(("Load", 1), base=crouching())},
        {},
        {},
        3,
        [("Encumbered", 1), ("crouch", 1), ("Land", 1)],
        (),
        id=f"{D4}: Crouch +1 as written, plus Load's Encumbered 1",
    ),
    pytest.param(
        {"conditions": prone()},
        {},
        {},
        3,
        [("prone", 2), ("Land", 1)],
        (),
        id=f"{D4}: Prone's own Encumbered 2 is not added again",
    ),
    pytest.param(
        {"conditions": crouching()},
        {},
        {"encumbered_costs": "stack"},
        3,
        [("Encumbered", 1), ("crouch", 1), ("Land", 1)],
        (),
        id=f"{STACK}: Crouch +2",
    ),
    pytest.param(
        {"conditions": prone()},
        {},
        {"encumbered_costs": "stack"},
        5,
        [("Encumbered", 2), ("prone", 2), ("Land", 1)],
        (),
        id=f"{STACK}: Prone +4",
    ),
    pytest.param(
        {},
        {"steep": True},
        {"encumbered_costs": "stack"},
        4,
        [("Encumbered", 2), ("climb", 1), ("Land", 1)],
        CLIMB_ROLL,
        id=f"{STACK}: Climb +3",
    ),
    pytest.param(
        {"conditions": enc(("Load", 1), base=crouching())},
        {},
        {"encumbered_costs": "stack"},
        4,
        [("Encumbered", 2), ("crouch", 1), ("Land", 1)],
        (),
        id=f"{STACK}: Crouch +2 and Load +1",
    ),
]


@pytest.mark.parametrize(("token", "dest", "options", "cost", "charges", "rolls"), ENCUMBERED_CASES)
def test_encumbered_costs(
    token: dict[str, object],
    dest: dict[str, bool],
    options: dict[str, str],
    cost: int,
    charges: Charges,
    rolls: Rolls,
) -> None:
    check(step_cost(scene(token, dest, options=options), "m", C, E), cost, charges, rolls)


def test_a_step_while_off_the_ground_after_a_jump_pays_encumbered_2() -> None:
    sc = step_cost(scene({"motion": Motion(altitude=1)}), "m", C, E)
    assert sc.refusal is not None or sc.cost == 3, [c.describe() for c in sc.charges]


# --- Climb and elevation ----------------------------------------------------------------------

CLIMB_CASES = [
    pytest.param({}, {"steep": True}, 0, 2, [("climb", 1), ("Land", 1)], id=CLIMB),
    pytest.param(
        {"conditions": crouching()},
        {"steep": True},
        0,
        3,
        [("crouch", 1), ("climb", 1), ("Land", 1)],
        id=f"{CLIMB} + {CROUCH}",
    ),
    pytest.param(
        {"conditions": prone()},
        {"steep": True},
        0,
        4,
        [("prone", 2), ("climb", 1), ("Land", 1)],
        id=f"{CLIMB} + {PRONE}",
    ),
    pytest.param(
        {},
        {"elevation": -2},
        0,
        4,
        [("climb", 2), ("Land", 2)],
        id="[ASSUMPTION] a drop of 2 in one step is over 45° (Q21): Climb, 2 spaces x (1 + 1)",
    ),
    pytest.param(
        {},
        {"elevation": -3},
        0,
        6,
        [("climb", 3), ("Land", 3)],
        id="[ASSUMPTION] a drop of 3: Climb, 3 spaces x (1 + 1)",
    ),
    pytest.param(
        {},
        {"steep": True, "elevation": 5},
        5,
        2,
        [("climb", 1), ("Land", 1)],
        id=f"{CLIMB}: a steep space at the same height",
    ),
]


@pytest.mark.parametrize(("token", "dest", "start_elev", "cost", "charges"), CLIMB_CASES)
def test_climbing_costs(
    token: dict[str, object],
    dest: dict[str, int | bool],
    start_elev: int,
    cost: int,
    charges: Charges,
) -> None:
    board = scene(token, dest, start={"elevation": start_elev})
    check(step_cost(board, "m", C, E), cost, charges, CLIMB_ROLL, "climb")


def test_climbing_a_cliff_of_two_is_a_climb_of_two_spaces() -> None:
    # [ASSUMPTION] of the module: a rise of 2+ in one step is steeper than 45° (Q21) and the
    # step moves max(1, |Δ|) spaces; what the seed fixes is the Climb roll and its +1.
    sc = step_cost(scene({}, {"elevation": 2}), "m", C, E)
    assert sc.allowed and sc.way == "climb"
    assert [(r.skill, r.dl) for r in sc.rolls] == list(CLIMB_ROLL)
    climb = sum(c.amount for c in sc.charges if "climb" in c.reason.lower())
    land = sum(c.amount for c in sc.charges if "land" in c.reason.lower())
    assert (climb, land) == (2, 2), [c.describe() for c in sc.charges]


ELEVATION_CASES = [
    pytest.param(
        -1, 1, [("Land", 1)], id="'You can increase or decrease your elevation by moving': down 1"
    ),
    pytest.param(0, 1, [("Land", 1)], id="level ground"),
    pytest.param(
        1,
        1,
        [("Land", 1)],
        id=f"walking up 1 (45°, no Climb): {RISE} is a Fly rule (§12 R-MOVECOST)",
    ),
    pytest.param(
        2,
        4,
        [("climb", 2), ("Land", 2)],
        id=f"{CLIMB}: a cliff of 2 up is 2 spaces x (1 + 1), no Fly rise",
    ),
]


@pytest.mark.parametrize(("delta", "cost", "charges"), ELEVATION_CASES)
def test_walking_up_and_down(delta: int, cost: int, charges: Charges) -> None:
    sc = step_cost(scene({}, {"elevation": delta}), "m", C, E)
    check(sc, cost, charges, CLIMB_ROLL if abs(delta) >= 2 else ())
