"""Best aim (issue #19, :mod:`rules.lens.aim`): hand-built boards whose best aim is known
and explained, the refusals, and the properties — on small boards the answer equals an
exhaustive search that asks :func:`rules.battlefield.targeting.aim` about every origin and
facing, and no sampled legal aim hits more enemies than the best.

Sources: [S000] "As you declare an action, designate a space it will occur within its
range"; Line/Cone "continues in a direction away from you […] Increase range by your
Reach" (D8); Burst "you may specify a subject"; "You can choose to be unaffected by a Burst
you Manifest if you occupy the space it occurs in". [S001] with ``legacy_areas``: "The
origin space is all spaces of a creature or object that is the source of the effect".
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rules.lens.aim as lens_aim
import rules.lens.aim.exact as aim_exact
import rules.lens.aim.placements as aim_placements
from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.line_of_effect import clear_lines
from rules.battlefield.targeting import aim, points_away
from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError, UnknownTokenError
from rules.hexes import DIRECTIONS, Hex, distance
from rules.lens import AimCandidate, BestAim, best_aim
from rules.lens.aim.state import Search
from rules.lens.sides import allies_of, enemies_of
from rules.options import RuleOptions

E = DIRECTIONS[0]  # east
BOARD = Board.blank(12, 9)
C = BOARD.hex_at(3, 4)  # the Mage's space, Hex(1, 4)


def mage(at: Hex = C, **kw: object) -> Token:
    return Token("mage", "Mage", at, side="party", **kw)  # type: ignore[arg-type]


def goblin(i: int, at: Hex, **kw: object) -> Token:
    return Token(f"g{i}", f"Goblin {i}", at, side="enemy", **kw)  # type: ignore[arg-type]


def board_with(*tokens: Token, walls: tuple[Hex, ...] = (), board: Board = BOARD) -> Board:
    for t in tokens:
        board = board.with_token(t)
    return board.with_terrain("blocked", walls, True) if walls else board


def opts(**values: object) -> RuleOptions:
    return RuleOptions.of(values)  # type: ignore[arg-type]


def aimed(
    board: Board, kind: AreaKind, value: int, origin: Hex, facing: int, rng: int
) -> list[str]:
    template = AreaTemplate("x", kind, value, (origin,), facing=facing, caster="mage")
    result = aim(board, template, range_value=rng)
    assert result.legal, result.refusal
    return result.hit_ids()


# --- hand-built boards ----------------------------------------------------------------------


def test_a_row_of_three_goblins_is_one_line() -> None:
    # The goblins stand 2, 3 and 4 spaces east of the Mage. Range 1 + Reach 1 lets the
    # origin be up to 2 spaces away; a Line 3 east from the space next to the Mage covers
    # it and the three goblins. From the Mage's own space it would reach only two goblins
    # and hit the Mage; from 2 spaces away it also hits all three, but is farther.
    board = board_with(mage(), goblin(1, C + E * 2), goblin(2, C + E * 3), goblin(3, C + E * 4))
    found = best_aim(board, "mage", AreaKind.LINE, 3, 1)
    best = found.best
    assert best is not None
    assert best.template.origin == (C + E,) and best.facing == 0
    assert best.enemy_ids == ("g1", "g2", "g3") and best.allies == ()
    assert best.score == (3, 0, 1) and best.rank == 1
    assert best.describe() == (
        "Line 3 at (2, 4) facing 0: hits Goblin 1, Goblin 2 and Goblin 3 (3 enemies), "
        "no ally; 1 space from Mage"
    )
    assert sorted(aimed(board, AreaKind.LINE, 3, C + E * 2, 0, 1)) == ["g1", "g2", "g3"]
    second = found.candidates[1]
    assert second.template.origin == (C,) and second.score == (2, 1, 0)
    assert second.ally_ids == ("mage",)  # the caster counts as an ally when it is hit


def test_a_cone_that_catches_an_ally_loses_to_one_that_does_not() -> None:
    # A Guard stands between the Mage and two goblins. A Cone 4 from the Mage's own space
    # (the nearest origin) hits both goblins, the Guard and the Mage; from the space south
    # -east of the Mage, facing 1 (the corner between east and north-east) it catches the
    # Guard too; facing 0 (the edge east) from there hits the goblins alone and wins.
    guard = Token("guard", "Guard", C + E, side="ally")
    board = board_with(mage(), guard, goblin(1, C + E * 3), goblin(2, C + E * 4))
    own = aimed(board, AreaKind.CONE, 4, C, 0, 2)
    assert sorted(own) == ["g1", "g2", "guard", "mage"]
    found = best_aim(board, "mage", AreaKind.CONE, 4, 2)
    labels = [(c.label, c.score, c.ally_ids) for c in found.candidates]
    assert labels == [
        ("Cone 4 at (1, 5) facing 0", (2, 0, 1), ()),
        ("Cone 4 at (1, 5) facing 1", (2, 1, 1), ("guard",)),
        ("Cone 4 at (1, 4) facing 0", (2, 2, 0), ("mage", "guard")),
    ]
    assert found.candidates[0].ranking[1] == "no ally"
    assert found.candidates[2].ranking[1] == "2 allies (Mage and Guard)"


def test_a_wall_cuts_a_burst() -> None:
    # Goblins 2 spaces west of X, on X and 2 spaces east of X: only a Burst 2 on X reaches
    # all three. A wall on the space between X and the eastern goblin stops the Burst there
    # (areas_stop_at_walls), so the best aim hits two goblins.
    x = C + E * 3
    goblins = (goblin(1, x - E * 2), goblin(2, x), goblin(3, x + E * 2))
    open_best = best_aim(board_with(mage(), *goblins), "mage", AreaKind.BURST, 2, 3).best
    assert open_best is not None and open_best.template.origin == (x,)
    assert open_best.score == (3, 0, 3)
    walled = board_with(mage(), *goblins, walls=(x + E,))
    found = best_aim(walled, "mage", AreaKind.BURST, 2, 3)
    assert found.best is not None and found.best.score == (2, 0, 3)
    assert all(c.score[0] == 2 for c in found.candidates[:2])
    cut = aim(walled, AreaTemplate("x", AreaKind.BURST, 2, (x,), caster="mage"), range_value=3)
    assert x + E * 2 in cut.stopped and "g3" not in cut.hit_ids()
    off = best_aim(walled, "mage", AreaKind.BURST, 2, 3, opts(areas_stop_at_walls=False))
    assert off.best is not None and off.best.score == (3, 0, 3)  # the option turns it off


def test_origins_out_of_range_are_not_candidates() -> None:
    # Goblins 3, 4 and 5 spaces east. A Burst 1 on the middle one would hit all three, but
    # its origin is 4 spaces away and the range is 2; within 2 spaces only the origin 2
    # east reaches a goblin (the nearest). One set of creatures hit: one candidate.
    board = board_with(mage(), goblin(1, C + E * 3), goblin(2, C + E * 4), goblin(3, C + E * 5))
    template = AreaTemplate("x", AreaKind.BURST, 1, (C + E * 4,), caster="mage")
    far = aim(board, template, range_value=2)
    assert not far.legal and far.refusal == "the origin is 4 spaces, 20 ft away; range 2 allows 2"
    found = best_aim(board, "mage", AreaKind.BURST, 1, 2)
    assert [(c.template.origin, c.score) for c in found.candidates] == [((C + E * 2,), (1, 0, 2))]
    free = best_aim(board, "mage", AreaKind.BURST, 1, None)  # the GM places it freely
    assert free.best is not None and free.best.template.origin == (C + E * 4,)


def test_a_caster_may_choose_to_be_unaffected_by_its_own_burst() -> None:
    # Range 0: the only origin is the Mage's own space, with a goblin on each side.
    board = board_with(mage(), goblin(1, C + E), goblin(2, C - E))
    hit = best_aim(board, "mage", AreaKind.BURST, 1, 0).best
    assert hit is not None and hit.ally_ids == ("mage",) and hit.score == (2, 1, 0)
    spared = best_aim(board, "mage", AreaKind.BURST, 1, 0, exclude_caster=True)
    assert spared.best is not None and spared.best.allies == () and spared.best.score == (2, 0, 0)
    assert any("exclude_caster" in n for n in spared.notes)


def test_a_burst_on_a_big_subject_reaches_around_all_its_spaces() -> None:
    # [S000] "you may specify a subject": a Burst 1 on a size-4 ogre (4 spaces) spreads
    # from every one of its spaces, reaching goblins on both far sides of it.
    ogre = Token("ogre", "Ogre", C + E * 3, size=4, side="enemy")
    spaces = sorted(ogre.footprint)
    west, east = spaces[0] - E, spaces[-1] + E
    assert distance(west, east) == 4  # no single space is within 1 of both and the ogre
    board = board_with(mage(), ogre, goblin(1, west), goblin(2, east))
    found = best_aim(board, "mage", AreaKind.BURST, 1, 6)
    best = found.best
    assert best is not None and best.template.source == "ogre" and best.template.origin == ()
    assert best.label == "Burst 1 on Ogre" and best.score[:2] == (3, 0)
    assert best.result.origin == tuple(spaces)


def test_legacy_areas_bursts_spread_from_the_caster() -> None:
    # [S001]: the origin is every space of the source — one aim, from the Mage.
    board = board_with(mage(), goblin(1, C + E), goblin(2, C + E * 3))
    found = best_aim(board, "mage", AreaKind.BURST, 1, 5, opts(legacy_areas=True))
    assert len(found.candidates) == 1 and found.considered == 1
    best = found.candidates[0]
    assert best.label == "Burst 1 from every space of Mage" and best.enemy_ids == ("g1",)


def test_lines_take_the_edge_facings_unless_zigzag_lines() -> None:
    # A goblin 2 spaces toward the corner between east and north-east: only a zig-zag
    # Line (odd facing) from the Mage's space reaches it in a straight run of 2.
    corner = C + E + DIRECTIONS[1]
    board = board_with(mage(reach=0), goblin(1, corner))  # Reach 0: only its own space
    plain = best_aim(board, "mage", AreaKind.LINE, 2, 0)
    assert all(c.facing % 2 == 0 for c in plain.candidates)
    assert plain.candidates == ()
    zigzag = best_aim(board, "mage", AreaKind.LINE, 2, 0, opts(zigzag_lines=True))
    assert zigzag.best is not None and zigzag.best.facing == 1


def test_a_cone_pointing_back_at_the_caster_is_never_a_candidate() -> None:
    # D8: "It continues in a direction away from you". Goblins west of the Mage; a Cone
    # from the space east of the Mage facing west would point back at it: refused. With
    # line_cone_direction = any it is allowed (and nearer origins become legal).
    board = board_with(mage(), goblin(1, C - E * 2), goblin(2, C - E * 3))
    found = best_aim(board, "mage", AreaKind.CONE, 3, 1)
    for c in found.candidates:
        origin = c.template.origin[0]
        assert points_away(frozenset({C}), origin, c.facing)
    anyway = best_aim(board, "mage", AreaKind.CONE, 3, 1, opts(line_cone_direction="any"))
    assert anyway.best is not None and anyway.best.score[0] == 2


# --- nobody to hit: no candidate, and why -----------------------------------------------------


@pytest.mark.parametrize(
    ("tokens", "kind", "reason"),
    [
        (
            (mage(), Token("guard", "Guard", C + E, side="ally")),
            AreaKind.CONE,
            "no enemy of Mage is on the map",
        ),
        (
            (Token("mage", "Mage", C), goblin(1, C + E)),
            AreaKind.BURST,
            "Mage is neutral: nobody is its enemy (sides party and ally against enemy)",
        ),
        (
            (mage(), goblin(1, C + E * 8)),
            AreaKind.CONE,
            "no Cone 3 with its origin within range 2 + Reach 1 of Mage reaches an enemy",
        ),
        (
            (mage(), goblin(1, C + E * 8)),
            AreaKind.BURST,
            "no Burst 3 with its origin within range 2 of Mage reaches an enemy",
        ),
    ],
)
def test_nobody_to_hit_gives_no_candidate_and_a_reason(
    tokens: tuple[Token, ...], kind: AreaKind, reason: str
) -> None:
    found = best_aim(board_with(*tokens), "mage", kind, 3, 2)
    assert found.candidates == () and found.best is None
    assert found.notes[-1] == reason and found.describe() == reason


def test_walls_that_stop_every_aim_are_the_reason() -> None:
    # The goblin stands 3 east of the Mage inside a ring of walls. A Burst 1 with range 2
    # would need its origin on a wall of the ring (the goblin's own space is 3 away). A
    # Line 4 (origin within Reach 1) reaches it only east along the row, through the wall
    # 2 east of the Mage: from the Mage's space and the one east of it the wall stops it;
    # from the space west of the Mage it would point back at the Mage (D8).
    goblin_at = C + E * 3
    ring = tuple(goblin_at + d for d in DIRECTIONS)
    board = board_with(mage(), goblin(1, goblin_at), walls=ring)
    burst = best_aim(board, "mage", AreaKind.BURST, 1, 2)
    assert burst.candidates == ()
    assert burst.notes[-1] == "no Burst 1 with its origin within range 2 of Mage reaches an enemy"
    line = best_aim(board, "mage", AreaKind.LINE, 4, 0)
    assert line.candidates == ()
    assert line.notes[-1] == (
        "no legal Line 4 hits an enemy of Mage: 1 aim refused (pointing back toward Mage "
        "[D8], or out of range), 2 aims stopped by walls before an enemy"
    )


# --- refusals ----------------------------------------------------------------------------------


def test_an_unknown_caster_is_refused() -> None:
    with pytest.raises(UnknownTokenError, match="'nobody'"):
        best_aim(board_with(mage()), "nobody", AreaKind.CONE, 3, 2)


def test_an_object_cannot_aim() -> None:
    board = board_with(Token("crate", "Crate", C, kind=TokenKind.OBJECT, side="party"))
    with pytest.raises(RulesError, match="Crate is an object: only a creature aims"):
        best_aim(board, "crate", AreaKind.BURST, 2, 3)


@pytest.mark.parametrize(
    ("kind", "value", "rng", "top", "message"),
    [
        (AreaKind.SELF, 1, 2, 3, "a Line, Cone or Burst"),
        (AreaKind.AURA, 1, 2, 3, "a Line, Cone or Burst"),
        (AreaKind.CONE, -1, 2, 3, "value must be an integer 0..99"),
        (AreaKind.CONE, 100, 2, 3, "value must be an integer 0..99"),
        (AreaKind.CONE, True, 2, 3, "value must be an integer 0..99"),
        (AreaKind.CONE, 3, -1, 3, "range_value must be None or an integer >= 0"),
        (AreaKind.CONE, 3, 2, 0, "top must be an integer 1..100"),
    ],
)
def test_bad_values_are_refused(
    kind: AreaKind, value: int, rng: int, top: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        best_aim(board_with(mage()), "mage", kind, value, rng, top=top)


# --- what the results hold --------------------------------------------------------------------


def test_each_candidate_holds_the_exact_aim_result_and_the_board_is_unchanged() -> None:
    board = board_with(
        mage(),
        Token("guard", "Guard", C + E * 2 + DIRECTIONS[5], side="ally"),
        goblin(1, C + E * 3),
        goblin(2, C + E * 4 + DIRECTIONS[5]),
        Token("barrel", "Barrel", C + E * 3 + DIRECTIONS[1], kind=TokenKind.OBJECT),
        walls=(C + E * 2 + DIRECTIONS[1],),
    )
    before = board
    found = best_aim(board, "mage", AreaKind.CONE, 4, 3, top=5)
    assert board == before and board.areas == before.areas
    assert isinstance(found, BestAim) and found.candidates
    assert found.caster == "mage" and found.caster_name == "Mage" and found.range == 3
    assert found.options_used == (
        "legacy_areas = off",
        "areas_stop_at_walls = on",
        "range_elevation = count",
        "line_cone_direction = away",
    )
    for rank, c in enumerate(found.candidates, start=1):
        assert isinstance(c, AimCandidate) and c.rank == rank
        assert c.result == aim(board, c.template, range_value=3)
        ids = {h.token_id for h in c.enemies + c.allies + c.others}
        assert ids == set(c.result.hit_ids())
        assert c.template.id == board.new_area_id("aim") and c.template.caster == "mage"
        assert c.ranking[3].startswith(f"rank {rank} of {len(found.candidates)}: ranked by")
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.candidates[0].rank = 9  # type: ignore[misc]
    assert isinstance(found.candidates, tuple) and isinstance(found.notes, tuple)


def test_the_answer_does_not_depend_on_the_order_of_the_tokens() -> None:
    rnd = random.Random(4)
    tokens = [mage()] + [
        Token(
            f"t{i}",
            f"T{i}",
            C + E * rnd.randint(1, 6) + DIRECTIONS[5] * rnd.randint(0, 3),
            side=rnd.choice(["enemy", "ally", "neutral"]),
        )
        for i in range(8)
    ]
    answers = set()
    for _ in range(4):
        rnd.shuffle(tokens)
        found = best_aim(board_with(*tokens), "mage", AreaKind.CONE, 3, 2, top=4)
        answers.add(tuple((c.template, c.score, frozenset(c.enemy_ids)) for c in found.candidates))
    assert len(answers) == 1


def test_without_distinct_the_same_hits_may_repeat() -> None:
    board = board_with(mage(), goblin(1, C + E * 2), goblin(2, C + E * 3), goblin(3, C + E * 4))
    found = best_aim(board, "mage", AreaKind.LINE, 3, 1, distinct=False)
    # Two Lines hit all three goblins (from 1 and 2 spaces away), then the one from the
    # Mage's own space (two goblins and the Mage).
    assert [c.score for c in found.candidates] == [(3, 0, 1), (3, 0, 2), (2, 1, 0)]


# --- the search equals the exhaustive one ------------------------------------------------------


def exhaustive(
    board: Board,
    caster_id: str,
    kind: AreaKind,
    value: int,
    rng: int | None,
    options: RuleOptions,
    *,
    exclude: bool,
    distinct: bool,
    top: int,
) -> list[tuple[AreaTemplate, tuple[int, int, int]]]:
    """Ask aim() about every space × all 12 facings (and every multi-space subject of a
    Burst), keep the legal aims hitting an enemy, rank them as RANKING says."""
    caster = board.token(caster_id)
    enemies = {t.id for t in enemies_of(board, caster_id)}
    allies = {caster_id} | {t.id for t in allies_of(board, caster_id)}
    ex = exclude and kind is AreaKind.BURST
    burst = kind is AreaKind.BURST

    def t(origin: tuple[Hex, ...], facing: int = 0, source: str | None = None) -> AreaTemplate:
        return AreaTemplate(
            "aim-1",
            kind,
            value,
            origin,
            facing=facing,
            source=source,
            caster=caster_id,
            exclude_caster=ex,
        )

    if options.legacy_areas and burst:
        templates = [t(())]
    else:
        templates = [t((h,), f) for h in board.hexes() for f in ((0,) if burst else range(12))]
        if burst:
            templates += [t((), source=k.id) for k in board.tokens.values() if len(k.footprint) > 1]
    ranked = []
    for template in templates:
        result = aim(board, template, options, range_value=rng)
        hit = set(result.hit_ids())
        if not result.legal or not hit & enemies:
            continue
        e, a = frozenset(hit & enemies), frozenset(hit & allies)
        d = min(distance(x, y) for x in caster.footprint for y in result.origin)
        o = min(result.origin)
        subject = 0 if template.origin else 1
        ranked.append(((-len(e), len(a), d, o.q, o.r, template.facing, subject), template, e, a))
    ranked.sort(key=lambda item: item[0])
    out, seen = [], set()
    for key, template, e, a in ranked:
        ident = (e, a) if distinct else key
        if ident not in seen:
            seen.add(ident)
            out.append((template, (-key[0], key[1], key[2])))
    return out[:top]


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[Board, str]:
    """A 4..7 × 4..7 map, some walls, maybe hills; a party caster and up to 7 more tokens,
    enemies most often, some of 2 or 4 spaces, some objects."""
    w, h = draw(st.integers(4, 7)), draw(st.integers(4, 7))
    board = Board.blank(w, h)
    cells = board.hexes()
    walls = [c for c in cells if draw(st.integers(0, 99)) < 12]
    board = board.with_terrain("blocked", walls, True)
    if draw(st.booleans()):
        heights = draw(st.lists(st.integers(-1, 1), min_size=w * h, max_size=w * h))
        board = board.with_layer("elevation", np.array(heights, np.int16).reshape(h, w))
    caster = Token("c", "Caster", draw(st.sampled_from(cells)), side="party")
    board = board.with_token(caster)
    for i in range(draw(st.integers(1, 7))):
        token = Token(
            f"t{i}",
            f"T{i}",
            draw(st.sampled_from(cells)),
            size=draw(st.sampled_from([0, 0, 0, 3, 4])),
            side=draw(st.sampled_from(["party", "ally", "enemy", "enemy", "enemy", "neutral"])),
            kind=TokenKind.OBJECT if draw(st.integers(0, 9)) == 0 else TokenKind.CREATURE,
        )
        if all(board.contains(x) for x in token.footprint):
            board = board.with_token(token)
    return board, "c"


option_sets = st.fixed_dictionaries(
    {
        "areas_stop_at_walls": st.booleans(),
        "line_cone_direction": st.sampled_from(["away", "any"]),
        "zigzag_lines": st.booleans(),
        "legacy_areas": st.sampled_from([False, False, False, True]),
        "range_elevation": st.sampled_from(["count", "ignore"]),
    }
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(SETTINGS, max_examples=150)


@MANY
@given(
    small_boards(),
    st.sampled_from(list(lens_aim.KINDS)),
    st.integers(0, 4),
    st.sampled_from([None, 0, 1, 2, 4]),
    option_sets,
    st.booleans(),
    st.booleans(),
    st.integers(1, 4),
)
def test_best_aim_equals_the_exhaustive_search(
    drawn: tuple[Board, str],
    kind: AreaKind,
    value: int,
    rng: int | None,
    chosen: dict[str, object],
    exclude: bool,
    distinct: bool,
    top: int,
) -> None:
    board, caster = drawn
    options = opts(**chosen)
    found = best_aim(
        board,
        caster,
        kind,
        value,
        rng,
        options,
        top=top,
        exclude_caster=exclude,
        distinct=distinct,
    )
    expected = exhaustive(
        board, caster, kind, value, rng, options, exclude=exclude, distinct=distinct, top=top
    )
    assert [(c.template, c.score) for c in found.candidates] == expected
    assert not any("disagreed" in n for n in found.notes)
    event(f"candidates: {min(len(expected), 2)}")


@SETTINGS
@given(small_boards(), st.sampled_from(list(lens_aim.KINDS)), st.integers(0, 4), st.randoms())
def test_no_sampled_legal_aim_hits_more_enemies_than_the_best(
    drawn: tuple[Board, str], kind: AreaKind, value: int, rnd: random.Random
) -> None:
    board, caster = drawn
    found = best_aim(board, caster, kind, value, 3)
    most = found.best.score[0] if found.best else 0
    enemies = {t.id for t in enemies_of(board, caster)}
    for _ in range(30):
        origin, facing = rnd.choice(board.hexes()), rnd.randrange(12)
        template = AreaTemplate("s", kind, value, (origin,), facing=facing, caster=caster)
        result = aim(board, template, range_value=3)
        if result.legal:
            assert len(set(result.hit_ids()) & enemies) <= most


@given(
    st.sampled_from(list(lens_aim.KINDS)),
    st.integers(0, 8),
    st.integers(0, 11),
    st.integers(-50, 50),
    st.integers(-50, 50),
)
def test_a_shape_is_its_offsets_from_any_origin(
    kind: AreaKind, value: int, facing: int, q: int, r: int
) -> None:
    # What the counting rests on: a shape from origin o is o plus the same offsets.
    origin = Hex(q, r)
    template = AreaTemplate("x", kind, value, (origin,), facing=facing if kind.directed else 0)
    offsets = lens_aim.shape_offsets(kind, value, template.facing)
    assert {Hex(q + dq, r + dr) for dq, dr in offsets.tolist()} == template.shape()
    assert not offsets.flags.writeable


def test_the_bounded_wall_check_and_the_aim_fallback_give_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    x = C + E * 3
    board = board_with(
        mage(),
        Token("guard", "Guard", x + DIRECTIONS[1], side="ally"),
        *(goblin(i, x + DIRECTIONS[i] * 2) for i in range(6)),
        walls=(x + E, x + DIRECTIONS[2], C + DIRECTIONS[5]),
    )

    def answer() -> list[tuple[AreaTemplate, tuple[int, int, int]]]:
        found = best_aim(board, "mage", AreaKind.CONE, 4, 3, top=4)
        return [(c.template, c.score) for c in found.candidates]

    plain = answer()
    assert plain == exhaustive(
        board, "mage", AreaKind.CONE, 4, 3, opts(), exclude=False, distinct=True, top=4
    )
    monkeypatch.setattr(aim_placements, "WALL_CHECK_LIMIT", 0)  # every placement taken as walled
    assert answer() == plain
    reached = aim_exact._reached

    def wrong(search: Search, origin: Hex, facing: int) -> set[Hex]:
        return reached(search, origin, facing) | set(search.caster.footprint)

    monkeypatch.setattr(aim_exact, "_reached", wrong)  # as if every aim hit the Mage
    fell_back = best_aim(board, "mage", AreaKind.CONE, 4, 3, top=4)
    assert [(c.template, c.score) for c in fell_back.candidates] == plain
    assert "the fast check disagreed with aim()" in fell_back.notes[-1]


@SETTINGS
@given(small_boards(), st.data())
def test_a_clear_line_is_the_same_both_ways(drawn: tuple[Board, str], data: st.DataObject) -> None:
    # What counting walled Cones and Bursts rests on: clear_lines tries both tie-breaks,
    # so asking from the creature's space toward the origin gives the origin's answer.
    board, _ = drawn
    a, b = data.draw(st.sampled_from(board.hexes())), data.draw(st.sampled_from(board.hexes()))
    there = clear_lines(board, a, (np.array([b.q]), np.array([b.r])))
    back = clear_lines(board, b, (np.array([a.q]), np.array([a.r])))
    assert bool(there[0]) == bool(back[0])
