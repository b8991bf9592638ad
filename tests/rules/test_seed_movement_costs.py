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

from collections.abc import Mapping, Sequence

import pytest

from rules.board import Board
from rules.conditions import set_condition
from rules.hexes import DIRECTIONS, Hex
from rules.motion import Motion
from rules.movement_costs import StepCost, step_cost
from rules.stance import change_altitude
from rules.terrain import GroundKind
from rules.tokens import Token

BOARD = Board.blank(20, 20)
C = BOARD.hex_at(10, 10)
E = Hex(C.q + 1, C.r)

PRIMARY = "'You can pay 1 Movement to move 1 space with a Primary Movement'"
SECONDARY = "'Movement with a Secondary Movement type increases the cost by 1'"
SWIM_DL = "'To move using Swim, roll Athletics, DL 3'"
NO_SWIM = "'While Swimming, you cannot run, be Crouched, or be Prone'"
CROUCH = "'While Crouching … Increase Movement costs to move by 1'"
PRONE = "'While Prone … Increase Movement costs to move by 2'"
AMBLE = "'increase Movement costs to move by 1 to reduce the Magnitude of sound'"
ENC = "[P-COND] Encumbered +Tier to Movement costs"
D4 = "§11a D4 'no double count'"
STACK = "§11a D4 option 'stack' (Crouch +2, Prone +4, Climb +3)"
CLIMB = "'angled over 45 degrees, roll Climb to move … DL 6'; 'While Climbing, +1'"
RISE = "'When you use Movement to increase your elevation, increase the cost by 1'"
BULK = "'If you carry more than your Bulk Limit, you cannot increase your elevation'"
LOOSE = "'You can move through loose ground that falls closed behind you'"
PACKED = "'Packed ground increases the cost by 1'"
CROWD = "'Crowded causes Tier 1 Encumbered, increases Movement costs by 1'"
FULL = (
    "'You cannot move into an occupied space if you would cause it to be more than fully occupied'"
)
MULTI = "'A creature that occupies more than 1 space counts as 1 size 0 creature in each space'"
IGNORE = "'Ignore creatures and objects 4 or more sizes smaller than you'"

FLYER = ("fly", "land")
BURROWER = ("burrow", "land")
Charges = Sequence[tuple[str, int]]
Rolls = Sequence[tuple[str, int]]
CLIMB_ROLL = (("Climb", 6),)
SWIM_ROLL = (("Athletics", 3),)


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def crouching() -> tuple[object, ...]:
    return set_condition((), "crouching", 1)


def prone() -> tuple[object, ...]:
    return set_condition((), "prone", 1)


def flying(**kw: object) -> dict[str, object]:
    return {"movement_types": FLYER, "motion": Motion(mode="fly", altitude=1, **kw)}  # type: ignore[arg-type]


def burrowing(types: tuple[str, ...] = BURROWER) -> dict[str, object]:
    return {"movement_types": types, "motion": Motion(mode="burrow")}


def scene(
    token: Mapping[str, object] | None = None,
    dest: Mapping[str, int | bool] | None = None,
    *,
    start: Mapping[str, int | bool] | None = None,
    others: Sequence[tuple[Hex, int]] = (),
    options: Mapping[str, str] | None = None,
    at: Hex = C,
    where: Sequence[Hex] = (E,),
) -> Board:
    """The mover ``m`` at ``at``; ``dest`` layers on ``where``, ``start`` layers on ``at``."""
    board = BOARD
    for name, value in (dest or {}).items():
        board = board.with_terrain(name, where, value)
    for name, value in (start or {}).items():
        board = board.with_terrain(name, [at], value)
    board = board.with_token(Token("m", "Mover", at, **(token or {})))  # type: ignore[arg-type]
    for i, (pos, size) in enumerate(others):
        board = board.with_token(Token(f"o{i}", f"Other {i}", pos, size=size))
    if options:
        board = board.with_options(options)
    return board


def check(
    sc: StepCost, cost: int, charges: Charges, rolls: Rolls = (), way: str | None = None
) -> None:
    """Total, breakdown (each charge assigned to the first expected rule its reason names),
    sources, rolls and way."""
    assert sc.refusal is None, sc.refusal
    assert sc.allowed
    assert sc.cost == cost, [c.describe() for c in sc.charges]
    assert sum(c.amount for c in sc.charges) == sc.cost
    got: dict[str, int] = {}
    for charge in sc.charges:
        key = next((k for k, _ in charges if k.lower() in charge.reason.lower()), None)
        assert key is not None, f"{charge} names none of {[k for k, _ in charges]}"
        got[key] = got.get(key, 0) + charge.amount
        assert any(tag in charge.source for tag in ("[S00", "[P-", "§11a")), charge
    assert got == {k: a for k, a in charges if a}, [c.describe() for c in sc.charges]
    assert [(r.skill, r.dl) for r in sc.rolls] == list(rolls)
    for roll in sc.rolls:
        assert "[S001]" in roll.source
    if way is not None:
        assert sc.way == way


def refused(sc: StepCost, *words: str) -> None:
    assert not sc.allowed
    assert sc.refusal, "a refusal says why"
    for word in words:
        assert word.lower() in sc.refusal.lower(), sc.refusal


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


# --- flying --------------------------------------------------------------------------------

FLY_CASES = [
    pytest.param(flying(), {}, 1, [("Fly", 1)], id=f"{PRIMARY} (Fly primary)"),
    pytest.param(
        flying(), {"water_depth": 2}, 1, [("Fly", 1)], id="flying over water is not Swimming"
    ),
    pytest.param(flying(), {"steep": True}, 1, [("Fly", 1)], id="a flyer needs no Climb"),
    pytest.param(
        flying(), {"elevation": 1}, 1, [("Fly", 1)], id="level flight over ground up to its height"
    ),
    pytest.param(flying(), {"elevation": -1}, 1, [("Fly", 1)], id="level flight over lower ground"),
    pytest.param(
        flying(bulk=6, bulk_limit=5), {}, 1, [("Fly", 1)], id=f"{BULK}: level flight still allowed"
    ),
    pytest.param(
        {"movement_types": ("land", "swim", "fly"), "motion": Motion(mode="fly", altitude=1)},
        {},
        2,
        [("Secondary", 1), ("Fly", 1)],
        id=f"Fly not first (not Primary): {SECONDARY}",
    ),
    pytest.param(
        {**flying(), "motion": Motion(mode="fly", altitude=1, amble=True)},
        {},
        2,
        [("Amble", 1), ("Fly", 1)],
        id=AMBLE,
    ),
]


@pytest.mark.parametrize(("token", "dest", "cost", "charges"), FLY_CASES)
def test_flying_costs(
    token: dict[str, object], dest: dict[str, int | bool], cost: int, charges: Charges
) -> None:
    check(step_cost(scene(token, dest), "m", C, E), cost, charges, (), "fly")


def test_ground_above_a_flyers_height_is_refused_rise_first() -> None:
    # It keeps its height (ground 0 + altitude 1): rising is Rise 1 (rules.stance), where
    # "When you use Movement to increase your elevation, increase the cost by 1" applies.
    sc = step_cost(scene(flying(), {"elevation": 2}), "m", C, E)
    refused(sc, "rise first")


def test_a_flyer_over_its_bulk_limit_cannot_rise() -> None:
    board = scene(flying(bulk=6, bulk_limit=5))
    refused(change_altitude(board, "m", 1), "Bulk Limit")


def test_a_flyer_over_double_its_bulk_limit_cannot_fly_on() -> None:
    sc = step_cost(scene(flying(bulk=11, bulk_limit=5)), "m", C, E)
    assert not sc.allowed


# --- burrowing -----------------------------------------------------------------------------

BURROW_CASES = [
    pytest.param(BURROWER, GroundKind.LOOSE_EARTH, 1, [("Burrow", 1)], id=LOOSE),
    pytest.param(BURROWER, GroundKind.SAND, 1, [("Burrow", 1)], id=f"{LOOSE}: sand"),
    pytest.param(BURROWER, GroundKind.GRASS, 1, [("Burrow", 1)], id=f"{LOOSE}: grass"),
    pytest.param(BURROWER, GroundKind.PACKED_EARTH, 2, [("packed", 1), ("Burrow", 1)], id=PACKED),
    pytest.param(
        ("land", "swim", "burrow"),
        GroundKind.PACKED_EARTH,
        3,
        [("packed", 1), ("Secondary", 1), ("Burrow", 1)],
        id=f"{PACKED}; Burrow not Primary: {SECONDARY}",
    ),
]


@pytest.mark.parametrize(("types", "ground", "cost", "charges"), BURROW_CASES)
def test_burrowing_costs(
    types: tuple[str, ...], ground: GroundKind, cost: int, charges: Charges
) -> None:
    board = scene(burrowing(types), {"ground": int(ground)})
    check(step_cost(board, "m", C, E), cost, charges, (), "burrow")


@pytest.mark.parametrize(
    "ground",
    [GroundKind.STONE, GroundKind.WOOD],
    ids=lambda g: f"'The Soulweaver determines if ground is able to be burrowed': {g.name}",
)
def test_stone_and_wood_cannot_be_burrowed(ground: GroundKind) -> None:
    refused(step_cost(scene(burrowing(), {"ground": int(ground)}), "m", C, E), "burrow")


# --- Crowded (§11a D2, D3) -------------------------------------------------------------------

CROWDED_CASES = [
    pytest.param(
        [(C, 0)], {}, 2, [("Crowded", 1), ("Land", 1)], id=f"{CROWD}; D2: paid stepping out"
    ),
    pytest.param([(E, 0)], {}, 1, [("Land", 1)], id="D2: stepping into a crowded space, no +1"),
    pytest.param(
        [(E, 0)],
        {"crowded_spaces": "highest"},
        2,
        [("Crowded", 1), ("Land", 1)],
        id="D2 option 'highest': charged on the destination step",
    ),
    pytest.param(
        [(C, 0)], {"crowded_spaces": "highest"}, 1, [("Land", 1)], id="D2 option: leaving is free"
    ),
    pytest.param(
        [(C, 0), (C, 0)],
        {},
        2,
        [("Crowded", 1), ("Land", 1)],
        id="D3: Crowded 2 still +1 (flat)",
    ),
    pytest.param(
        [(C, 0), (C, 0)],
        {"crowded_effects": "scale"},
        3,
        [("Crowded", 2), ("Land", 1)],
        id="D3 option 'scale': Crowded 2 -> +2",
    ),
    pytest.param(
        [(C, 0), (C, 0), (C, 0)],
        {"crowded_effects": "scale"},
        4,
        [("Crowded", 3), ("Land", 1)],
        id="D3 option 'scale': Crowded 3 -> +3",
    ),
    pytest.param(
        [(C, 0), (C, 0), (E, 0)],
        {"crowded_spaces": "highest", "crowded_effects": "scale"},
        2,
        [("Crowded", 1), ("Land", 1)],
        id="'highest' + 'scale': the destination's Crowded 1 -> +1",
    ),
    pytest.param([(C, -4)], {}, 1, [("Land", 1)], id=IGNORE),
    pytest.param([(C, -1)], {}, 1, [("Land", 1)], id="a lone size -1 is not size 0 or larger"),
    pytest.param([(C, 2)], {}, 2, [("Crowded", 1), ("Land", 1)], id="a size 2 occupant: Tier 1"),
]


@pytest.mark.parametrize(("others", "options", "cost", "charges"), CROWDED_CASES)
def test_crowded_costs(
    others: list[tuple[Hex, int]], options: dict[str, str], cost: int, charges: Charges
) -> None:
    board = scene(others=others, options=options)
    check(step_cost(board, "m", C, E), cost, charges, (), "land")


def test_crowded_adds_to_crouching() -> None:
    board = scene({"conditions": crouching()}, others=[(C, 0)])
    check(step_cost(board, "m", C, E), 3, [("Crowded", 1), ("crouch", 1), ("Land", 1)])


# --- full spaces (§11a D12) -------------------------------------------------------------------

FULL_CASES = [
    # (mover size, sizes already in E, allowed, rule)
    pytest.param(0, [0, 0, 0, 0], False, id=f"four size 0 fill it: {FULL}"),
    pytest.param(0, [0, 0, 0], True, id="three size 0 + the mover = 4: allowed"),
    pytest.param(0, [2], False, id="D12: a size-2 creature fills a space alone"),
    pytest.param(0, [1, 0, 0], False, id="2 + 1 + 1 units: full"),
    pytest.param(0, [1, 0], True, id="2 + 1 units + the mover = 4"),
    pytest.param(0, [-1, -1, 0, 0, 0], False, id="two size -1 count as one size 0: full"),
    pytest.param(0, [-4] * 64, True, id=f"D12: {IGNORE}, even 64 of them"),
    pytest.param(2, [], True, id="D12: an empty space can always be entered"),
    pytest.param(2, [-1], False, id="D12: a size 2 mover (4 units) cannot join a size -1"),
    pytest.param(2, [-2, -2, -2, -2], True, id=f"D12: {IGNORE} (size -2 vs size 2)"),
    pytest.param(-4, [0, 0, 0, 0], False, id="a tiny mover still cannot overfill a full space"),
]


@pytest.mark.parametrize(("size", "occupants", "allowed"), FULL_CASES)
def test_full_spaces_are_never_entered(size: int, occupants: list[int], allowed: bool) -> None:
    board = scene({"size": size}, others=[(E, s) for s in occupants])
    sc = step_cost(board, "m", C, E)
    if allowed:
        check(sc, 1, [("Land", 1)])
    else:
        refused(sc, "occupied")


# --- walls and the map edge -------------------------------------------------------------------


def test_a_wall_is_refused_with_a_clear_message() -> None:
    sc = step_cost(scene({}, {"blocked": True}), "m", C, E)
    refused(sc, "wall", f"({E.q}, {E.r})")


def test_off_the_map_is_refused_with_a_clear_message() -> None:
    edge = BOARD.hex_at(19, 10)
    sc = step_cost(scene(at=edge), "m", edge, east(1, edge))
    refused(sc, "off the map")


def test_a_step_must_go_to_a_neighbour() -> None:
    with pytest.raises(ValueError, match="adjacent"):
        step_cost(scene(), "m", C, east(2))


# --- multi-space tokens move as a whole footprint ---------------------------------------------


def new_spaces(size: int, d: Hex) -> list[Hex]:
    token = Token("m", "Mover", C, size=size)
    end = Hex(C.q + d.q, C.r + d.r)
    return sorted(token.footprint_at(end) - token.footprint)


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("d", DIRECTIONS, ids=[f"dir{i}" for i in range(6)])
def test_a_big_token_steps_as_a_whole_for_1(size: int, d: Hex) -> None:
    sc = step_cost(scene({"size": size}), "m", C, Hex(C.q + d.q, C.r + d.r))
    check(sc, 1, [("Land", 1)], (), "land")


BIG_TERRAIN = [
    pytest.param({"steep": True}, 2, [("climb", 1), ("Land", 1)], CLIMB_ROLL, id=CLIMB),
    pytest.param(
        {"water_depth": 1},
        2,
        [("Secondary", 1), ("Swim", 1)],
        SWIM_ROLL,
        id=f"{SECONDARY}; {SWIM_DL}",
    ),
]


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize(("dest", "cost", "charges", "rolls"), BIG_TERRAIN)
def test_a_big_token_pays_for_its_hardest_part_once(
    size: int, dest: dict[str, int | bool], cost: int, charges: Charges, rolls: Rolls
) -> None:
    # Only one of the spaces its body moves into is steep (or water): the step is priced by
    # that part, not once per hex.
    board = scene({"size": size}, dest, where=new_spaces(size, DIRECTIONS[0])[:1])
    check(step_cost(board, "m", C, E), cost, charges, rolls)


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_big_token_is_refused_by_a_wall_under_any_part(size: int) -> None:
    wall = new_spaces(size, DIRECTIONS[0])[-1]
    board = scene({"size": size}, {"blocked": True}, where=[wall])
    refused(step_cost(board, "m", C, E), "wall", f"({wall.q}, {wall.r})")


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_big_token_is_refused_when_any_part_leaves_the_map(size: int) -> None:
    token = Token("m", "Mover", C, size=size)
    # the east-most anchor whose footprint is still on the map
    anchor = max(
        (h for h in BOARD.hexes() if h.r == C.r and token.footprint_at(h) <= set(BOARD.hexes())),
        key=lambda h: h.q,
    )
    board = scene({"size": size}, at=anchor)
    refused(step_cost(board, "m", anchor, east(1, anchor)), "off the map")


BIG_CROWD = [
    # (options, extra cost, rule) — size-1 occupants (3 sizes smaller than 4: counted) in two
    # of the size 4 token's four spaces, neither in the spaces it keeps after stepping east.
    pytest.param({}, 1, id=f"D2: spaces add up to Crowded 2; D3 flat +1; {MULTI}"),
    pytest.param({"crowded_effects": "scale"}, 2, id="D2 + D3 'scale': Crowded 2 -> +2"),
    pytest.param({"crowded_spaces": "highest"}, 0, id="D2 option 'highest': destination empty"),
]


@pytest.mark.parametrize(("options", "extra"), BIG_CROWD)
def test_a_big_token_is_crowded_by_all_its_spaces(options: dict[str, str], extra: int) -> None:
    token = Token("m", "Mover", C, size=4)
    left_behind = sorted(token.footprint - token.footprint_at(E))
    assert len(left_behind) == 2
    board = scene({"size": 4}, others=[(h, 1) for h in left_behind], options=options)
    expected = [("Crowded", extra), ("Land", 1)]
    check(step_cost(board, "m", C, E), 1 + extra, expected)


BIG_FULL = [
    # (mover size, occupants of one space it moves into, allowed)
    pytest.param(3, [0, 0, 0], True, id=f"{MULTI}: 3 + 1 = 4"),
    pytest.param(3, [0, 0, 0, 0], False, id=f"{MULTI}: {FULL}"),
    pytest.param(4, [0, 0, 0, 0], True, id=f"D12: {IGNORE} (size 0 vs size 4)"),
    pytest.param(4, [1, 1], False, id=f"{MULTI}: 2 + 2 + 1 > 4"),
    pytest.param(5, [2], False, id=f"{MULTI}: a size 2 (3 smaller) fills the space"),
]


@pytest.mark.parametrize(("size", "occupants", "allowed"), BIG_FULL)
def test_a_big_token_cannot_overfill_any_space(
    size: int, occupants: list[int], allowed: bool
) -> None:
    target = new_spaces(size, DIRECTIONS[0])[0]
    board = scene({"size": size}, others=[(target, s) for s in occupants])
    sc = step_cost(board, "m", C, E)
    if allowed:
        assert sc.allowed, sc.refusal
    else:
        refused(sc, "occupied", f"({target.q}, {target.r})")
