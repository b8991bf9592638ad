"""The threat lens (issue #19, :mod:`rules.lens.threat`): which spaces the enemies can
Strike on their next turn, or Hinder the selected creature's movement from now.

[S002] Strike: "a target in your Reach"; Hinder Movement: "Before a creature in your Reach
would move, attack to prevent the movement, DL 3". [S000]: "While adjacent to a space that
is fully occupied, you can target subjects in the space as if you can Reach them". Boards
are small and drawn by offset cell ``(col, row)`` (``board.hex_at``), so "3 cells to the
right in the same row" is 3 spaces away. The oracle of the properties is the rules' own
per-space test: :func:`rules.battlefield.can_reach` from every anchor of each enemy's
next-turn movement field.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlefield.reach import can_reach, measure, reach_of
from rules.board.conditions import add_condition
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.pools import Vitals
from rules.board.sizes import effective_size
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError, UnknownTokenError
from rules.hexes import DIRECTIONS, Hex, distance
from rules.lens import FieldCache, Threat, ThreatMap, threat_map
from rules.lens.sides import enemies_of
from rules.lens.threat import HINDER, STRIKE
from rules.movement import (
    begin_turn,
    budget_of,
    hinder_chances,
    movement_field,
    overpower_size_modifier,
)

W, H = 12, 8


def board_of(*tokens: Token, size: tuple[int, int] = (W, H)) -> Board:
    board = Board.blank(*size)
    for token in tokens:
        board = board.with_token(token)
    return board


def at(col: int, row: int) -> Hex:
    """The hex of cell ``(col, row)`` on a pointy map (the tests' boards)."""
    return Board.blank(W, H).hex_at(col, row)


def hero(col: int = 1, row: int = 3, **kw: object) -> Token:
    return Token("hero", "Hero", at(col, row), side="party", **kw)  # type: ignore[arg-type]


def goblin(n: int, col: int, row: int, pool: int = 2, **kw: object) -> Token:
    return Token(  # type: ignore[arg-type]
        f"g{n}", f"Goblin {n}", at(col, row), side="enemy", movement_pool=pool, **kw
    )


def corridor(*tokens: Token) -> Board:
    """Walls everywhere but row 3: a corridor one space wide."""
    board = board_of(*tokens)
    walls = [board.hex_at(c, r) for c in range(W) for r in range(H) if r != 3]
    return board.with_terrain("blocked", walls, True)


# -- hand-built boards --------------------------------------------------------------------
def test_on_open_ground_a_goblin_threatens_its_movement_plus_its_reach() -> None:
    # Movement 2 and Reach 1: every space within 3 of it, and no farther.
    board = board_of(hero(), goblin(1, 7, 3))
    found = threat_map(board, "hero")
    g = board.token("g1").position
    for h in board.hexes():
        assert found.count(h) == (1 if distance(h, g) <= 3 else 0), h
    threat = next(t for t in found.at(at(4, 3)) if t.kind == STRIKE)
    assert (threat.cost, threat.spaces_moved, threat.reach) == (2, 2, 1)
    assert threat.anchor == at(5, 3) and threat.anchor_name == "F4"
    assert found.describe(at(4, 3)) == (
        "E4: 1 enemy threatens Hero here",
        "Goblin 1: moves 2 spaces to F4 and Strikes (Reach 1)",
    )


def test_a_wall_that_blocks_the_goblins_approach_leaves_the_space_unthreatened() -> None:
    # Cell (4, 3) is 3 spaces from the goblin: threatened on open ground. A wall down
    # column 6 cuts the map in two (every step from column 7 westward enters column 6):
    # the goblin can reach no space beside (4, 3), and Reach does not pass the wall
    # column either — its spaces are walls and the next ones are 2 away.
    open_ground = board_of(hero(), goblin(1, 7, 3))
    walled = open_ground.with_terrain("blocked", [at(6, r) for r in range(H)], True)
    assert threat_map(open_ground, "hero").count(at(4, 3)) == 1
    found = threat_map(walled, "hero")
    assert found.count(at(4, 3)) == 0
    assert found.count(at(6, 3)) == 0, "a wall hex is never listed"
    assert found.count(at(7, 2)) == 1
    assert found.describe(at(4, 3)) == ("E4: no enemy can Strike Hero here next turn or Hinder it",)


def test_two_goblins_overlapping_count_two_and_both_are_named() -> None:
    board = board_of(hero(0, 0), goblin(1, 3, 3, pool=1), goblin(2, 7, 3, pool=1))
    found = threat_map(board, "hero")
    middle = at(5, 3)  # 2 spaces from each: a step and a Strike
    assert found.count(middle) == 2
    names = [t.name for t in found.at(middle)]
    assert names == ["Goblin 1", "Goblin 2"]
    text = found.describe(middle)
    assert text[0] == "F4: 2 enemies threaten Hero here"
    assert "Goblin 1: moves 1 space to E4 and Strikes (Reach 1)" in text
    assert "Goblin 2: moves 1 space to G4 and Strikes (Reach 1)" in text
    assert found.count(at(2, 3)) == 1 and found.count(at(8, 3)) == 1


def test_a_reach_2_creature_threatens_two_spaces_round_where_it_stands() -> None:
    # A size-1 creature: Reach 1 + ceil(1/2) = 2 (Q17). Movement 0: it only Strikes from
    # where it stands; the spaces 2 away are threatened, those 3 away are not.
    brute = Token("o", "Brute", at(6, 4), size=1, side="enemy", movement_pool=0)
    board = board_of(hero(), brute)
    assert reach_of(brute) == 2
    found = threat_map(board, "hero")
    assert found.spaces() == {h for h in board.hexes() if distance(h, brute.position) <= 2}
    strike = next(t for t in found.at(at(8, 4)) if t.kind == STRIKE)
    assert strike.describe() == "Brute: Strikes (Reach 2) from where it stands, G5"


def test_elevation_counts_toward_reach() -> None:
    # D9 (range_elevation = count): a space 1 across but 2 up is 3 spaces away.
    rat = goblin(1, 6, 3, pool=0)
    board = board_of(hero(), rat).with_terrain("elevation", [at(7, 3)], 2)
    assert threat_map(board, "hero").count(at(7, 3)) == 0
    flat = board.with_options({"range_elevation": "ignore"})
    assert threat_map(flat, "hero").count(at(7, 3)) == 1


def test_a_crowded_space_costs_one_more_to_leave() -> None:
    # In a corridor, a stranger stands in the goblin's way: entering its space costs 1,
    # leaving it 1 + Crowded 1 (§11a D2). With Movement 2 the goblin gets no farther than
    # the stranger's space, so (4, 3) is no longer in its Reach.
    stranger = Token("s", "Stranger", at(2, 3))
    alone = corridor(hero(9, 3), goblin(1, 1, 3))
    crowded = corridor(hero(9, 3), goblin(1, 1, 3), stranger)
    assert threat_map(alone, "hero").count(at(4, 3)) == 1
    found = threat_map(crowded, "hero")
    assert [c for c in range(W) if found.count(at(c, 3))] == [0, 1, 2, 3]
    strike = next(t for t in found.at(at(3, 3)) if t.kind == STRIKE)
    assert (strike.anchor, strike.cost) == (at(2, 3), 1)


def test_a_full_space_is_walked_around_not_through() -> None:
    # A size-2 creature fills its space (4 units, [S000] "fully occupied"): in the
    # corridor the goblin cannot pass it, but can Strike it from beside.
    ogre = Token("o", "Ogre", at(2, 3), size=2)
    found = threat_map(corridor(hero(9, 3), goblin(1, 1, 3), ogre), "hero")
    assert [c for c in range(W) if found.count(at(c, 3))] == [0, 1, 2]


def test_a_reach_0_creature_strikes_into_a_full_space_beside_it() -> None:
    # A size −2 rat has Reach 0 (Q17): only its own space — and the fully occupied space
    # beside it [S000], where the ogre stands.
    rat = Token("r", "Rat", at(5, 3), size=-2, side="enemy", movement_pool=0)
    ogre = Token("o", "Ogre", at(6, 3), size=2)
    found = threat_map(board_of(hero(), rat, ogre), "hero")
    assert found.spaces() == {at(5, 3), at(6, 3)}
    strike = next(t for t in found.at(at(6, 3)) if t.kind == STRIKE)
    assert strike.beside_full
    assert strike.describe() == (
        "Rat: Strikes into this fully occupied space beside it [S000] from where it stands, F4"
    )


def test_hinder_is_from_where_the_enemy_stands_now_strike_from_where_it_can_go() -> None:
    board = board_of(hero(), goblin(1, 6, 3, pool=3))
    found = threat_map(board, "hero")
    near, far = at(5, 3), at(3, 3)
    assert [t.kind for t in found.at(near)] == [STRIKE, HINDER]
    assert found.count(near) == 1, "one creature counts once"
    assert [t.kind for t in found.at(far)] == [STRIKE]
    hinder = found.at(near)[1]
    assert (hinder.cost, hinder.anchor) == (0, at(6, 3))
    assert hinder.describe() == (
        "Goblin 1: may Hinder Movement from G4, where it stands (Reach 1, DL 3) [S002]"
    )


def test_a_mover_3_sizes_larger_cannot_be_hindered_and_the_map_says_so() -> None:
    # Overpower is impossible against a target 3+ sizes larger [S002]: the tiny creature
    # still Strikes, but has no Hinder zone.
    mite = Token("m", "Mite", at(5, 3), size=-3, side="enemy", movement_pool=0)
    found = threat_map(board_of(hero(), mite), "hero")
    assert [t.kind for t in found.at(at(5, 3))] == [STRIKE]
    assert found.notes == (
        "Mite cannot Hinder Movement: the mover is 3 sizes larger: Overpower is impossible [S002]",
    )


def test_a_flyer_out_of_reach_above_cannot_hinder() -> None:
    # Heights count as spaces (Q21): 2 up with Reach 1 is out of Reach.
    flyer = goblin(1, 5, 3, pool=0, movement_types=("fly", "land"))
    flyer = replace(flyer, motion=Motion(mode="fly", altitude=2))
    found = threat_map(board_of(hero(), flyer), "hero")
    assert all(t.kind == STRIKE for h in found.spaces() for t in found.at(h))


def test_a_flyer_one_up_hinders_with_the_reach_the_height_leaves() -> None:
    # Reach 2, 1 space up: 1 space of Reach left across (rules.movement.hinder, Q21).
    flyer = Token(
        "b",
        "Bat",
        at(5, 3),
        size=1,
        side="enemy",
        movement_pool=0,
        movement_types=("fly", "land"),
        motion=Motion(mode="fly", altitude=1),
    )
    found = threat_map(board_of(hero(), flyer), "hero")
    hinder = {h for h in found.spaces() for t in found.at(h) if t.kind == HINDER}
    assert hinder == {h for h in found.spaces() if distance(h, flyer.position) <= 1}
    assert found.count(at(7, 3)) == 1, "its Strike ignores the height, as a Strike does"


def test_the_next_turn_gives_the_full_movement_back() -> None:
    # Spent this turn, refilled at its next turn start (Q25); Slowed 4 takes ½ Tier [P-AIL].
    spent = goblin(1, 7, 3, pool=3, vitals=Vitals().with_value("current", "movement", 0))
    slowed = replace(spent, conditions=add_condition((), "slowed", 4))
    far = at(3, 3)  # 4 spaces away: Movement 3 + Reach 1
    assert threat_map(board_of(hero(), spent), "hero").count(far) == 1
    assert threat_map(board_of(hero(), slowed), "hero").count(far) == 0
    assert threat_map(board_of(hero(), slowed), "hero").count(at(5, 3)) == 1


def test_a_neutral_creature_has_an_empty_map_with_a_reason() -> None:
    board = board_of(Token("n", "Nomad", at(1, 3)), goblin(1, 3, 3))
    found = threat_map(board, "n")
    assert found.enemies == () and not found.spaces() and not found.counts.any()
    assert found.reason == "Nomad is neutral: nobody is its enemy [ASSUMPTION]"
    assert found.describe(at(2, 3)) == ("C4: Nomad is neutral: nobody is its enemy [ASSUMPTION]",)


def test_no_enemy_on_the_map_gives_an_empty_map_with_a_reason() -> None:
    found = threat_map(board_of(hero(), Token("a", "Ally", at(3, 3), side="ally")), "hero")
    assert found.reason == "no creature of the other side is on the map"
    assert found.count(at(3, 3)) == 0


def test_bad_input_raises_a_specific_error() -> None:
    crate = Token("c", "Crate", at(4, 4), kind=TokenKind.OBJECT, side="party")
    board = board_of(hero(), goblin(1, 6, 3), crate)
    with pytest.raises(UnknownTokenError):
        threat_map(board, "nobody")
    with pytest.raises(RulesError, match="object"):
        threat_map(board, "c")
    with pytest.raises(ValueError, match="FieldCache"):
        threat_map(board, "hero", cache={})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 or more"):
        FieldCache(0)


def test_the_result_is_frozen_and_the_board_unchanged() -> None:
    board = board_of(hero(), goblin(1, 6, 3))
    before = board_of(hero(), goblin(1, 6, 3))
    found = threat_map(board, "hero")
    assert board == before
    assert isinstance(found, ThreatMap) and not found.counts.flags.writeable
    threat = found.at(at(5, 3))[0]
    assert isinstance(threat, Threat)
    with pytest.raises(FrozenInstanceError):
        threat.cost = 9  # type: ignore[misc]
    with pytest.raises(ValueError):
        found.counts[0, 0] = 3
    assert found.count(Hex(-40, 2)) == 0 and found.at(Hex(-40, 2)) == ()
    assert found.describe(Hex(-40, 2)) == ("(-40, 2) is off the map",)


@pytest.mark.parametrize(
    ("threat", "text"),
    [
        (
            Threat("g", "Goblin 1", STRIKE, 3, Hex(2, 6), "C7", 1, 3),
            "Goblin 1: moves 3 spaces to C7 and Strikes (Reach 1)",
        ),
        (
            Threat("g", "Goblin 1", STRIKE, 4, Hex(2, 6), "C7", 1, 2),
            "Goblin 1: moves 2 spaces to C7 (cost 4) and Strikes (Reach 1)",
        ),
        (
            Threat("o", "Ogre", STRIKE, 0, Hex(2, 6), "C7", 2),
            "Ogre: Strikes (Reach 2) from where it stands, C7",
        ),
        (
            Threat("o", "Ogre", HINDER, 0, Hex(2, 6), "C7", 2),
            "Ogre: may Hinder Movement from C7, where it stands (Reach 2, DL 3) [S002]",
        ),
    ],
)
def test_threats_describe_themselves(threat: Threat, text: str) -> None:
    assert threat.describe() == text


# -- the cache ----------------------------------------------------------------------------
def test_a_move_far_away_reuses_every_field_a_move_near_one_recomputes_it() -> None:
    # A field's window is the q/r box of the anchors within its budget, grown by one:
    # Goblin 1 at (1, 3) with Movement 2 reads q −2..4, r 0..6.
    board = board_of(hero(11, 0), goblin(1, 2, 3), goblin(2, 9, 6))
    cache = FieldCache()
    threat_map(board, "hero", cache=cache)
    assert (cache.hits, cache.misses) == (0, 2)
    far = board.with_token_moved("hero", at(6, 0))  # outside both windows
    threat_map(far, "hero", cache=cache)
    assert (cache.hits, cache.misses) == (2, 2)
    near = far.with_token_moved("hero", at(9, 4))  # into Goblin 2's window
    threat_map(near, "hero", cache=cache)
    assert (cache.hits, cache.misses) == (3, 3)
    moved = near.with_token_moved("g1", at(3, 3))  # the goblin itself
    threat_map(moved, "hero", cache=cache)
    assert (cache.hits, cache.misses) == (4, 4)


def test_a_terrain_edit_only_recomputes_the_fields_it_falls_within() -> None:
    board = board_of(hero(0, 0), goblin(1, 2, 3), goblin(2, 9, 6))
    cache = FieldCache()
    threat_map(board, "hero", cache=cache)
    near_g1 = board.with_terrain("blocked", [at(3, 2)], True)
    threat_map(near_g1, "hero", cache=cache)
    assert (cache.hits, cache.misses) == (1, 3)
    assert len(cache) == 2
    cache.clear()
    assert len(cache) == 0


def test_the_cache_keeps_at_most_maxsize_fields() -> None:
    board = board_of(hero(0, 0), goblin(1, 2, 3), goblin(2, 9, 6), goblin(3, 5, 0))
    cache = FieldCache(2)
    threat_map(board, "hero", cache=cache)
    assert len(cache) == 2
    field = cache.field(board, "g1", 2)
    assert field.cost_to(board.token("g1").position) == 0
    assert cache.field(board, "g1", 2) is field


# -- properties ---------------------------------------------------------------------------
PW, PH = 8, 7


@st.composite
def battles(draw: st.DrawFn) -> Board:
    """A small map with walls and hills, the hero, 1–3 enemies of sizes −2..4 (a size-3
    pair, a size-4 diamond) and maybe a neutral bystander, each on free open cells."""
    board = Board.blank(PW, PH)
    cells = [(c, r) for c in range(PW) for r in range(PH)]
    walls = draw(st.lists(st.sampled_from(cells), max_size=10, unique=True))
    hills = draw(st.lists(st.sampled_from(cells), max_size=8, unique=True))
    board = board.with_terrain("blocked", [board.hex_at(*c) for c in walls], True)
    for c in hills:
        board = board.with_terrain("elevation", [board.hex_at(*c)], draw(st.integers(1, 3)))
    free = [c for c in cells if c not in walls]
    places = draw(st.lists(st.sampled_from(free), min_size=2, max_size=5, unique=True))
    sides = ["party", *["enemy"] * min(3, len(places) - 1), "neutral"][: len(places)]
    for k, (c, side) in enumerate(zip(places, sides, strict=True)):
        size = 0 if k == 0 else draw(st.sampled_from([-2, -1, 0, 1, 2, 3, 4]))
        pool = draw(st.integers(0, 3))
        name = "Hero" if k == 0 else f"T{k}"
        token = Token(f"t{k}", name, board.hex_at(*c), size=size, side=side, movement_pool=pool)
        body = token.footprint
        if any(not board.contains(h) or board.terrain_at(h).blocked for h in body):
            token = replace(token, size=0)  # a multi-space body that does not fit there
        board = board.with_token(token)
    return board


def oracle(board: Board, mover: str) -> dict[Hex, dict[tuple[str, str], int]]:
    """Per open space, each (enemy, kind) that threatens it and the cheapest cost: the
    rules' ``can_reach`` from every anchor of each enemy's next-turn field, and
    ``hinder.py``'s test from where it stands."""
    found: dict[Hex, dict[tuple[str, str], int]] = {}
    spaces = [h for h in board.hexes() if not board.terrain_at(h).blocked]
    me = board.token(mover)
    counted = effective_size(me, "attacked", skill="Martial").value
    for enemy in enemies_of(board, mover):
        started = begin_turn(board, enemy.id).board
        field = movement_field(started, enemy.id, budget_of(started.token(enemy.id)))
        for anchor, cost in field.reachable().items():
            there = started.with_token_moved(enemy.id, anchor)
            for h in spaces:
                if can_reach(there, enemy.id, h).allowed:
                    best = found.setdefault(h, {}).get((enemy.id, STRIKE), cost)
                    found[h][(enemy.id, STRIKE)] = min(best, cost)
        if overpower_size_modifier(enemy.size, counted)[1]:
            continue
        for h in spaces:
            if can_reach(board, enemy.id, h).allowed:
                found.setdefault(h, {})[(enemy.id, HINDER)] = 0
    return found


def assert_same(
    found: ThreatMap, board: Board, expected: dict[Hex, dict[tuple[str, str], int]]
) -> None:
    for h in board.hexes():
        want = expected.get(h, {})
        got = {(t.source_id, t.kind): t.cost for t in found.at(h)}
        assert got == want, h
        assert found.count(h) == len({who for who, _kind in want}), h


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_every_threat_is_the_rules_own_reach_from_the_enemys_field(board: Board) -> None:
    assert_same(threat_map(board, "t0"), board, oracle(board, "t0"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_a_threatened_space_is_within_some_enemys_field_plus_reach(board: Board) -> None:
    # The property, checked with measure: each Strike names an anchor of the
    # enemy's next-turn field at its cost, within Reach of the space (or beside it, full).
    found = threat_map(board, "t0")
    for h in found.spaces():
        for threat in found.at(h):
            enemy = board.token(threat.source_id)
            started = begin_turn(board, enemy.id).board
            field = movement_field(started, enemy.id, budget_of(started.token(enemy.id)))
            assert field.cost_to(threat.anchor) == threat.cost
            gap = measure(board, enemy.footprint_at(threat.anchor), [h])
            assert gap.spaces <= threat.reach or (threat.beside_full and gap.flat == 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_the_hinder_zone_is_where_hinder_chances_finds_the_enemy(board: Board) -> None:
    # rules.movement.hinder_chances: a creature that has the mover in Reach before its
    # first step may Hinder it — wherever the mover stands, any step away.
    found = threat_map(board, "t0")
    for h in board.hexes():
        if board.terrain_at(h).blocked:
            continue
        there = board.with_token_moved("t0", h)
        chances = hinder_chances(there, "t0", [h, h + DIRECTIONS[0]])
        may = {c.hinderer_id for c in chances if c.allowed and c.step == 1}
        enemies = {e.id for e in enemies_of(board, "t0")}
        zone = {t.source_id for t in found.at(h) if t.kind == HINDER}
        assert zone == may & enemies, h


@st.composite
def edits(draw: st.DrawFn) -> list[tuple[str, int, tuple[int, int]]]:
    """Moves of tokens t0..t4 and wall or hill edits, by cell."""
    cell = st.tuples(st.integers(0, PW - 1), st.integers(0, PH - 1))
    kind = st.sampled_from(["move", "move", "wall", "hill"])
    return draw(st.lists(st.tuples(kind, st.integers(0, 4), cell), min_size=1, max_size=6))


def edited(board: Board, edit: tuple[str, int, tuple[int, int]]) -> Board:
    kind, k, cell = edit
    h = board.hex_at(*cell)
    if kind == "wall":
        taken = {s for t in board.tokens.values() for s in t.footprint}
        return board if h in taken else board.with_terrain("blocked", [h], True)
    if kind == "hill":
        return board.with_terrain("elevation", [h], k % 3)
    ids = sorted(board.tokens)
    token_id = ids[k % len(ids)]
    body = board.token(token_id).footprint_at(h)  # a large body may not fit there
    if board.terrain_at(h).blocked or not all(board.contains(s) for s in body):
        return board
    return board.with_token_moved(token_id, h)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), edits())
def test_a_cached_map_equals_a_fresh_one_after_random_moves(
    board: Board, changes: list[tuple[str, int, tuple[int, int]]]
) -> None:
    cache = FieldCache()
    threat_map(board, "t0", cache=cache)
    for change in changes:
        board = edited(board, change)
        cached, fresh = threat_map(board, "t0", cache=cache), threat_map(board, "t0")
        assert np.array_equal(cached.counts, fresh.counts)
        for h in board.hexes():
            assert cached.at(h) == fresh.at(h)
    assert cache.hits + cache.misses == len(enemies_of(board, "t0")) * (len(changes) + 1)
