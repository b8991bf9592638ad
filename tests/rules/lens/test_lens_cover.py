"""The cover lens (issue #19, :mod:`rules.lens.cover`): the spaces within reach this turn
and the Concealment the creature would have there from the enemies that perceive it.

[S000]: "If any space you or a target are in or that is between you and a target creates
Concealment, that target has Concealment from you. If you are adjacent to a target, reduce
Concealment from any conditions of the world by 3 Tiers." Tiers add (§11a D10, option
``concealment_combine = sum``). A wall between stops perception outright
(**[ASSUMPTION]** of the lens); the Tier of a spot is the lowest among the enemies that
perceive it. Boards are drawn by offset cell ``(col, row)``; the oracle of the properties
is :func:`rules.battlefield.concealment_between` per spot and enemy with the lines traced
a step at a time (:func:`stepwise_clear`, the slow path :func:`clear_pairs` replaced),
one pair at a time.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rules.battlefield.line_of_effect as line_of_effect
import rules.lens.cover as lens_cover
from rules.battlefield.concealment import concealment_between, senses_ailments
from rules.battlefield.line_of_effect import clear_lines, clear_pairs
from rules.board.conditions import add_condition
from rules.board.grid import Board, cells_of
from rules.board.terrain import ConcealmentKind
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError, UnknownTokenError
from rules.hexes import NUDGE, Hex, hex_line, line_points
from rules.layout import Orientation
from rules.lens import CoverMap, CoverSpot, cover_map
from rules.lens.cover import HIDDEN_TIER, Sighting
from rules.lens.sides import enemies_of
from rules.movement import budget_of, movement_field

W, H = 12, 8


def at(col: int, row: int) -> Hex:
    return Board.blank(W, H).hex_at(col, row)


def board_of(*tokens: Token) -> Board:
    board = Board.blank(W, H)
    for token in tokens:
        board = board.with_token(token)
    return board


HERO = Token("hero", "Hero", at(1, 3), side="party", movement_pool=2)


def goblin(n: int, col: int, row: int, **kw: object) -> Token:
    return Token(f"g{n}", f"Goblin {n}", at(col, row), side="enemy", **kw)  # type: ignore[arg-type]


def fog(board: Board, cells: list[tuple[int, int]], tier: int, kind: int = 0) -> Board:
    hexes = [at(*c) for c in cells]
    board = board.with_terrain("concealment", hexes, tier)
    return board.with_terrain("concealment_kind", hexes, kind)


def test_on_open_ground_every_spot_within_reach_is_tier_0() -> None:
    board = board_of(HERO, goblin(1, 8, 3))
    found = cover_map(board, "hero")
    reach = movement_field(board, "hero", budget_of(HERO)).reachable()
    assert found.spaces() == set(reach)
    assert all(found.tier(h) == 0 and found.cost(h) == c for h, c in reach.items())
    assert found.tier(at(6, 3)) is None and found.cost(at(6, 3)) is None
    assert found.describe(at(2, 3)) == (
        "C4 (cost 1): Concealment 0 from its best-placed enemy, Goblin 1",
        "Goblin 1: Concealment 0 against sight, nothing in between",
    )
    assert found.describe(at(6, 3)) == ("G4: beyond Hero's reach this turn (budget 2)",)


def test_standing_in_fog_or_behind_it_gives_a_higher_tier() -> None:
    # Fog Tier 3 on (0, 3): a target in it is concealed ("any space … a target [is] in").
    # Fog Tier 2 on (4, 1)..(4, 5): between the goblin and every spot of row 3.
    board = fog(board_of(HERO, goblin(1, 8, 3)), [(0, 3)], 3)
    found = cover_map(board, "hero")
    assert found.tier(at(0, 3)) == 3 and found.tier(at(1, 3)) == 0
    spot = found.spot(at(0, 3))
    assert spot is not None and spot.tier == 3
    assert spot.seen_by[0].reasons == (f"3 from ({at(0, 3).q}, {at(0, 3).r}) (world)",)
    screened = fog(board, [(4, r) for r in range(1, 6)], 2)
    behind = cover_map(screened, "hero")
    assert behind.tier(at(1, 3)) == 2 and behind.tier(at(0, 3)) == 5


def test_behind_a_wall_no_enemy_perceives_it_the_best_cover() -> None:
    walls = [at(3, r) for r in (2, 3, 4)]
    board = board_of(HERO, goblin(1, 8, 3)).with_terrain("blocked", walls, True)
    found = cover_map(board, "hero")
    assert found.tier(at(2, 3)) == HIDDEN_TIER and found.hidden[3, 2]
    spot = found.spot(at(2, 3))
    assert spot is not None and spot.hidden and spot.unseen_by == ("Goblin 1",)
    assert spot.describe() == (
        "C4 (cost 1): no enemy can perceive it here — as hidden as it gets",
        "Goblin 1: a wall hides it [ASSUMPTION]",
    )
    assert found.tier(at(1, 1)) == 0, "round the wall's end the goblin sees it"


def test_the_tier_is_the_lowest_among_the_enemies_that_perceive_it() -> None:
    # Goblin 1 looks through fog Tier 4; Goblin 2 has a clear view: the spot is only as
    # hidden as from Goblin 2. Wall Goblin 2 off and Goblin 1's Tier counts.
    board = fog(board_of(HERO, goblin(1, 8, 3), goblin(2, 1, 7)), [(5, 3)], 4)
    found = cover_map(board, "hero")
    spot = found.spot(at(2, 3))
    assert spot is not None
    assert [(s.name, s.tier) for s in spot.seen_by] == [("Goblin 2", 0), ("Goblin 1", 4)]
    assert found.tier(at(2, 3)) == 0
    walled = board.with_terrain("blocked", [at(c, 6) for c in range(W)], True)
    assert cover_map(walled, "hero").tier(at(2, 3)) == 4


def test_an_adjacent_enemy_sees_through_3_tiers_of_world_concealment() -> None:
    board = fog(board_of(HERO, goblin(1, 3, 3)), [(2, 3)], 4)
    spot = cover_map(board, "hero").spot(at(2, 3))
    assert spot is not None and spot.tier == 1
    assert "adjacent: −3 from conditions of the world only [S000]" in spot.seen_by[0].reasons
    magic = fog(board, [(2, 3)], 4, int(ConcealmentKind.MAGIC))
    assert cover_map(magic, "hero").tier(at(2, 3)) == 4, "magic is not lowered [S000]"


def test_the_enemys_senses_and_ailments_count() -> None:
    # Fog hides from sight only: a goblin hunting by sound is not fooled; a Blinded one
    # gives everyone sight Concealment = its Tier [P-AIL].
    board = fog(board_of(HERO, goblin(1, 8, 3)), [(0, 3)], 3)
    hearing = board.with_token_replaced(replace(board.token("g1"), senses=("sound",)))
    assert cover_map(hearing, "hero").tier(at(0, 3)) == 0
    blind = replace(board.token("g1"), conditions=add_condition((), "blinded", 5))
    found = cover_map(board.with_token_replaced(blind), "hero")
    assert found.tier(at(1, 3)) == 5 and found.tier(at(0, 3)) == 8


def test_a_multi_space_creature_is_concealed_by_any_of_its_spaces() -> None:
    # A size-4 creature covers a diamond from its anchor: (0,0), (1,0), (0,1), (1,1).
    # Fog on the space right of its anchor conceals it at that anchor, though the anchor
    # itself is clear: [S000] "any space … a target [is] in".
    giant = Token("gi", "Giant", at(1, 2), size=4, side="party", movement_pool=1)
    board = fog(board_of(giant, goblin(1, 9, 6)), [], 0)
    right = giant.position + Hex(1, 0)
    board = board.with_terrain("concealment", [right], 3)
    found = cover_map(board, "gi")
    assert found.tier(giant.position) == 3
    expected = concealment_between(board, board.token("g1").footprint, giant.footprint)
    assert expected.tier == 3
    moved_left = giant.position - Hex(1, 0)
    assert found.tier(moved_left) == 0


def test_a_neutral_creature_or_no_enemies_give_an_empty_map_with_a_reason() -> None:
    nomad = Token("n", "Nomad", at(1, 3))
    found = cover_map(board_of(nomad, goblin(1, 8, 3)), "n")
    assert found.reason == (
        "Nomad is neutral: nobody is its enemy, nothing to hide from [ASSUMPTION]"
    )
    assert not found.spaces() and found.tier(at(1, 3)) is None and found.spot(at(1, 3)) is None
    assert found.describe(at(1, 3))[0].startswith("B4: Nomad is neutral")
    alone = cover_map(board_of(HERO), "hero")
    assert alone.reason == "no creature of the other side is on the map"


def test_bad_input_raises_a_specific_error() -> None:
    crate = Token("c", "Crate", at(4, 4), kind=TokenKind.OBJECT, side="party")
    board = board_of(HERO, goblin(1, 8, 3), crate)
    with pytest.raises(UnknownTokenError):
        cover_map(board, "nobody")
    with pytest.raises(RulesError, match="object"):
        cover_map(board, "c")


def test_the_result_is_frozen_read_only_and_the_board_unchanged() -> None:
    board = fog(board_of(HERO, goblin(1, 8, 3)), [(0, 3)], 3)
    again = fog(board_of(HERO, goblin(1, 8, 3)), [(0, 3)], 3)
    found = cover_map(board, "hero")
    assert board == again and isinstance(found, CoverMap)
    for array in (found.tiers, found.costs, found.hidden):
        assert not array.flags.writeable
    spot = found.spot(at(0, 3))
    assert isinstance(spot, CoverSpot) and isinstance(spot.seen_by[0], Sighting)
    with pytest.raises(FrozenInstanceError):
        spot.tier = 0  # type: ignore[misc]
    assert found.describe(Hex(-30, 1)) == ("(-30, 1) is off the map",)


# -- properties ---------------------------------------------------------------------------
PW, PH = 9, 7
SENSES = st.sampled_from([("sight",), ("sound",), ("sight", "sound")])


@st.composite
def scenes(draw: st.DrawFn) -> Board:
    """A small map with walls and Concealment of a few kinds, the hero (size 0 or a
    size-3 pair) and 1–3 enemies with their senses, maybe Blinded."""
    board = Board.blank(PW, PH)
    cells = [(c, r) for c in range(PW) for r in range(PH)]
    walls = draw(st.lists(st.sampled_from(cells), max_size=8, unique=True))
    board = board.with_terrain("blocked", [board.hex_at(*c) for c in walls], True)
    for c in draw(st.lists(st.sampled_from(cells), max_size=10, unique=True)):
        h = [board.hex_at(*c)]
        board = board.with_terrain("concealment", h, draw(st.integers(1, 6)))
        board = board.with_terrain("concealment_kind", h, draw(st.sampled_from([0, 1, 2])))
    free = [c for c in cells if c not in walls and c[0] < PW - 1]
    places = draw(st.lists(st.sampled_from(free), min_size=2, max_size=4, unique=True))
    size = draw(st.sampled_from([0, 0, 3]))
    hero = Token("t0", "Hero", board.hex_at(*places[0]), size=size, side="party", movement_pool=2)
    if any(board.terrain_at(h).blocked for h in hero.footprint if board.contains(h)):
        hero = replace(hero, size=0)
    board = board.with_token(hero)
    for k, c in enumerate(places[1:], 1):
        blind = add_condition((), "blinded", draw(st.integers(1, 4))) if draw(st.booleans()) else ()
        token = Token(f"t{k}", f"E{k}", board.hex_at(*c), side="enemy", senses=draw(SENSES))
        board = board.with_token(replace(token, conditions=blind))
    return board


def stepwise_clear(board: Board, origin: Hex, targets: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The slow path: ``clear_lines`` as it was, every line traced a step at a time
    (:func:`rules.hexes.line_points`), with either tie-break."""
    tq, tr = targets
    start = (np.full(tq.shape, origin.q), np.full(tq.shape, origin.r))
    clear = np.zeros(tq.shape, dtype=bool)
    for nudge in (NUDGE, (-NUDGE[0], -NUDGE[1])):
        todo = ~clear
        blocked = np.zeros(int(todo.sum()), dtype=bool)
        for _i, live, (pq, pr) in line_points(
            (start[0][todo], start[1][todo]), (tq[todo], tr[todo]), nudge
        ):
            col, row = cells_of(pq, pr, board.orientation)
            inside = (col >= 0) & (col < board.width) & (row >= 0) & (row < board.height)
            hit = np.zeros(pq.shape, dtype=bool)
            hit[inside] = board.layer("blocked")[row[inside], col[inside]]
            blocked[live] |= hit
        clear[todo] = ~blocked
    return clear


def perceives(board: Board, enemy: Token, body: frozenset[Hex]) -> bool:
    return any(
        stepwise_clear(board, e, (np.array([t.q]), np.array([t.r])))[0]
        for e in enemy.footprint
        for t in body
    )


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_each_spot_is_the_lowest_tier_of_the_enemies_that_perceive_it(board: Board) -> None:
    found = cover_map(board, "t0")
    me = board.token("t0")
    for h in found.spaces():
        body = me.footprint_at(h)
        tiers = [
            concealment_between(
                board,
                e.footprint,
                body,
                senses=e.senses,
                ailments=senses_ailments(e.conditions),
            ).tier
            for e in enemies_of(board, "t0")
            if perceives(board, e, body)
        ]
        assert found.tier(h) == min(tiers, default=HIDDEN_TIER), h
        assert bool(found.hidden[board.cell_of(h)[::-1]]) == (not tiers)
        spot = found.spot(h)
        assert spot is not None and spot.tier == found.tier(h)
        assert sorted(s.tier for s in spot.seen_by) == sorted(tiers)


# -- the fast paths against the slow ones -------------------------------------------------
@st.composite
def walled_maps(draw: st.DrawFn) -> Board:
    """A map of either orientation, up to 30×24, with walls on up to 40 % of it, in
    straight rows or scattered."""
    orientation = draw(st.sampled_from(list(Orientation)))
    board = Board.blank(draw(st.integers(2, 30)), draw(st.integers(2, 24)), orientation)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    walls = rng.random((board.height, board.width)) < draw(st.sampled_from([0, 0.02, 0.1, 0.4]))
    if draw(st.booleans()):
        walls[:: draw(st.integers(2, 8)), 1:-1] = True
    return board.with_layer("blocked", walls)


def far_hexes(board: Board) -> st.SearchStrategy[Hex]:
    """A hex of the map, or up to 3 hexes off its edge."""
    return st.builds(
        lambda h, dq, dr: h + Hex(dq, dr),
        st.sampled_from(board.hexes()),
        st.integers(-3, 3),
        st.integers(-3, 3),
    )


TUNINGS = [(16, 64, 1 << 12), (1, 0, 3), (3, 0, 7), (5, 1, 40)]
"""(RUN, PRUNE_FROM, CHUNK_POINTS): the defaults, and runs and chunks cut small."""


@pytest.mark.parametrize(("run", "prune", "chunk"), TUNINGS)
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(walled_maps(), st.data())
def test_clear_pairs_equals_the_lines_traced_step_by_step(
    run: int,
    prune: int,
    chunk: int,
    monkeypatch: pytest.MonkeyPatch,
    board: Board,
    data: st.DataObject,
) -> None:
    monkeypatch.setattr(line_of_effect, "RUN", run)
    monkeypatch.setattr(line_of_effect, "PRUNE_FROM", prune)
    monkeypatch.setattr(line_of_effect, "CHUNK_POINTS", chunk)
    origins = data.draw(st.lists(far_hexes(board), min_size=1, max_size=4))
    targets = [*board.hexes(), *data.draw(st.lists(far_hexes(board), max_size=6))]
    tq, tr = np.array([t.q for t in targets]), np.array([t.r for t in targets])
    slow = [stepwise_clear(board, o, (tq, tr)) for o in origins]
    pairs = [(o, t) for o in origins for t in targets]
    starts = (np.array([o.q for o, _ in pairs]), np.array([o.r for o, _ in pairs]))
    ends = (np.array([t.q for _, t in pairs]), np.array([t.r for _, t in pairs]))
    assert np.array_equal(clear_pairs(board, starts, ends), np.concatenate(slow))
    assert np.array_equal(clear_lines(board, origins[0], (tq, tr)), slow[0])


def test_clear_pairs_on_long_lines_through_straight_walls() -> None:
    # A 120×90 map with walls along every 15th row and a few gaps: lines up to 120 long,
    # most of their runs of steps far from any wall (skipped), some through the gaps.
    walls = np.zeros((90, 120), dtype=bool)
    walls[::15, 4:-4] = True
    walls[::15, 50:53] = False
    board = Board.blank(120, 90).with_layer("blocked", walls)
    rng = np.random.default_rng(5)
    hexes = board.hexes()
    origins = [hexes[int(k)] for k in rng.integers(len(hexes), size=12)]
    targets = [hexes[int(k)] for k in rng.integers(len(hexes), size=400)]
    tq, tr = np.array([t.q for t in targets]), np.array([t.r for t in targets])
    for o in origins:
        fast = clear_lines(board, o, (tq, tr))
        assert np.array_equal(fast, stepwise_clear(board, o, (tq, tr)))
        for t, ok in zip(targets[:40], fast[:40], strict=True):  # the contract's tie-break
            walled = any(
                board.terrain_at(h).blocked for h in hex_line(o, t)[1:-1] if board.contains(h)
            )
            assert ok or walled


def test_clear_pairs_keeps_the_shape_and_takes_nothing() -> None:
    board = Board.blank(6, 5).with_terrain("blocked", [at(2, 2)], True)
    q, r = board.axial_grid()
    a = board.hex_at(0, 2)
    assert clear_pairs(board, (np.full_like(q, a.q), np.full_like(r, a.r)), (q, r)).shape == q.shape
    empty = np.zeros(0, np.int64)
    assert clear_pairs(board, (empty, empty), (empty, empty)).shape == (0,)
    assert clear_lines(Board.blank(6, 5), a, (q, r)).all()


@st.composite
def cover_scenes(draw: st.DrawFn) -> Board:
    """A 24×18 map with straight walls and scattered ones, Concealment in a few patches of
    three kinds, the hero (one space or a size-3 pair, Movement 2–3) and 1–4 enemies of
    sizes 0, 3 and 4 with their senses, maybe Blinded."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    board = Board.blank(24, 18, draw(st.sampled_from(list(Orientation))))
    walls = rng.random((18, 24)) < draw(st.sampled_from([0, 0.03, 0.1]))
    walls[draw(st.integers(0, 17)), 2:-2] = True
    board = board.with_layer("blocked", walls)
    tiers, kinds = np.zeros((18, 24), np.uint8), np.zeros((18, 24), np.uint8)
    for _ in range(draw(st.integers(0, 3))):
        c, r, w, h = (int(v) for v in rng.integers((0, 0, 2, 2), (24, 18, 9, 7)))
        tiers[r : r + h, c : c + w] = draw(st.integers(1, 6))
        kinds[r : r + h, c : c + w] = draw(st.sampled_from([0, 1, 2]))
    board = board.with_layer("concealment", tiers).with_layer("concealment_kind", kinds)
    places = draw(
        st.lists(
            st.tuples(st.integers(2, 20), st.integers(2, 14)), min_size=2, max_size=5, unique=True
        )
    )
    hero = Token(
        "t0",
        "Hero",
        board.hex_at(*places[0]),
        size=draw(st.sampled_from([0, 3])),
        side="party",
        movement_pool=draw(st.integers(2, 3)),
    )
    board = board.with_terrain("blocked", hero.footprint, False).with_token(hero)
    for k, c in enumerate(places[1:], 1):
        size = draw(st.sampled_from([0, 0, 3, 4]))
        token = Token(
            f"t{k}", f"E{k}", board.hex_at(*c), size=size, side="enemy", senses=draw(SENSES)
        )
        if token.footprint & set().union(*(t.footprint for t in board.tokens.values())):
            continue
        blind = add_condition((), "blinded", draw(st.integers(1, 4))) if draw(st.booleans()) else ()
        board = board.with_token(replace(token, conditions=blind))
    return board


def slow_cover(board: Board, token_id: str) -> tuple[dict[Hex, int], set[Hex], dict[Hex, set[str]]]:
    """Each spot's Tier, the hidden spots and who perceives each, one spot and enemy at a
    time: :func:`concealment_between` and :func:`stepwise_clear` (module notes)."""
    me = board.token(token_id)
    tiers, hidden, seen_by = {}, set(), {}
    for h in movement_field(board, token_id, budget_of(me)).reachable():
        body = me.footprint_at(h)
        seeing = [e for e in enemies_of(board, token_id) if perceives(board, e, body)]
        found = [
            concealment_between(
                board, e.footprint, body, senses=e.senses, ailments=senses_ailments(e.conditions)
            ).tier
            for e in seeing
        ]
        tiers[h], seen_by[h] = min(found, default=HIDDEN_TIER), {e.id for e in seeing}
        if not seeing:
            hidden.add(h)
    return tiers, hidden, seen_by


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cover_scenes())
def test_the_cover_map_equals_the_slow_one_spot_by_spot(board: Board) -> None:
    assume(enemies_of(board, "t0"))
    found = cover_map(board, "t0")
    tiers, hidden, seen_by = slow_cover(board, "t0")
    assert {h: found.tier(h) for h in found.spaces()} == tiers
    assert {h for h in found.spaces() if found.hidden[board.cell_of(h)[::-1]]} == hidden
    enemies = {e.id: e.name for e in enemies_of(board, "t0")}
    for h in list(tiers)[:5]:
        spot = found.spot(h)
        assert spot is not None and {s.enemy_id for s in spot.seen_by} == seen_by[h]
        assert set(spot.unseen_by) == {enemies[i] for i in enemies.keys() - seen_by[h]}


def test_concealment_far_away_or_none_leaves_tier_0_and_an_ailment_still_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No Concealment in the q/r box of the goblin and the hero's spots: every Tier is 0,
    # and none is asked for; a Blinded goblin still gives everyone sight Concealment
    # = its Tier [P-AIL].
    board = board_of(HERO, goblin(1, 8, 3))
    far = fog(board, [(11, 7), (10, 0)], 5)
    tiers, _hidden, _seen_by = slow_cover(far, "hero")

    def unasked(*_args: object, **_kw: object) -> None:
        raise AssertionError("Concealment asked for with no Concealment near")

    monkeypatch.setattr(lens_cover, "concealment_at", unasked)
    found = cover_map(far, "hero")
    assert {h: found.tier(h) for h in found.spaces()} == tiers
    assert set(tiers.values()) == {0} and not found.hidden.any()
    monkeypatch.undo()
    blind = replace(board.token("g1"), conditions=add_condition((), "blinded", 5))
    found = cover_map(board.with_token_replaced(blind), "hero")
    assert {found.tier(h) for h in found.spaces()} == {5}
