"""Acceptance tests for what one step of movement costs when flying, burrowing, Crowded or
entering a full space — from the rules text (seed 001 Fly and Burrow paragraphs, seed
000/001 occupancy, §11a D2/D3/D12); shared helpers in ``seed_movement_cost_helpers``."""

from __future__ import annotations

import pytest

from rules.board.motion import Motion
from rules.board.terrain import GroundKind
from rules.board.tokens import Token
from rules.hexes import DIRECTIONS, Hex
from rules.movement.costs import step_cost
from rules.movement.stance import change_altitude
from tests.rules.seed_movement_cost_helpers import (
    AMBLE,
    BOARD,
    BULK,
    BURROWER,
    CLIMB,
    CLIMB_ROLL,
    CROWD,
    FULL,
    IGNORE,
    LOOSE,
    MULTI,
    PACKED,
    PRIMARY,
    SECONDARY,
    SWIM_DL,
    SWIM_ROLL,
    C,
    Charges,
    E,
    Rolls,
    burrowing,
    check,
    crouching,
    east,
    flying,
    refused,
    scene,
)

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
    # It keeps its height (ground 0 + altitude 1): rising is Rise 1 (rules.movement.stance), where
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
