"""Acceptance tests for what the players may see (rules.battlefield.visibility).

Contract (rules/visibility.py and the brief): the player view drops tokens hidden from
players or wholly under fog (layer ``fog``), the Areas they cast or carry, their notes,
effects and place in the turn order, GM-only labels and notes, labels and notes placed
under fog, the Pools the GM did not share (``bars_for_players``); fogged spaces carry no
terrain information (every layer but ``fog`` equals a blank map's there).
``revealed_around`` lifts the fog within a radius of the party's (visible) tokens.
Boards are built in memory.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.visibility import fogged, player_board, revealed_around
from rules.board.annotations import Label, Note
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.pools import POOLS, Vitals, pool_maximum
from rules.board.terrain import LAYER_SPECS, blank_layers
from rules.board.tokens import Token
from rules.board.turn_state import with_effect, with_turn
from rules.hexes import Hex
from rules.turns import TurnState, join, start

W, H = 12, 10
BLANK = Board.blank(W, H)
C = BLANK.hex_at(6, 5)


def at(col: int, row: int) -> Hex:
    return BLANK.hex_at(col, row)


def token(tid: str, where: Hex, **fields: object) -> Token:
    return Token(tid, tid, where, **fields)  # type: ignore[arg-type]


def rebuilt(board: Board) -> Board:
    """The board through the validating constructor (what loading a saved copy does)."""
    return Board(
        board.width,
        board.height,
        board.orientation,
        board.name,
        dict(board.layers),
        dict(board.tokens),
        dict(board.images),
        dict(board.options),
        dict(board.labels),
        dict(board.notes),
        board.background,
        dict(board.areas),
        dict(board.effects),
        board.turn,
    )


def assert_no_terrain_under_fog(gm: Board, shown: Board) -> None:
    fog = gm.layer("fog")
    blank = blank_layers(gm.width, gm.height)
    assert np.array_equal(shown.layer("fog"), fog)
    for name in LAYER_SPECS:
        if name == "fog":
            continue
        got = shown.layer(name)
        assert np.array_equal(got[fog], blank[name][fog]), f"{name} leaks under fog"
        assert np.array_equal(got[~fog], gm.layer(name)[~fog]), f"{name} changed outside fog"
        assert got.dtype == gm.layer(name).dtype


# --- tokens ------------------------------------------------------------------------------


def test_hidden_tokens_and_everything_about_them_are_gone() -> None:
    board = BLANK.with_token(token("hero", C, side="party"))
    board = board.with_token(token("spy", at(2, 2), hidden=True))
    board = board.with_area(AreaTemplate("aura", AreaKind.AURA, 2, source="spy"))
    board = board.with_area(AreaTemplate("bolt", AreaKind.BURST, 1, origin=(C,), caster="spy"))
    board = board.with_area(AreaTemplate("mine", AreaKind.BURST, 1, origin=(C,), caster="hero"))
    board = board.with_note(Note("n1", "spy plans", token_id="spy", gm_only=False))
    board = with_effect(board, OngoingEffect("e1", "Invisibility", creator="spy", rounds_left=3))
    board = with_effect(board, OngoingEffect("e2", "Hex", target="spy", rounds_left=3))
    board = with_effect(board, OngoingEffect("e3", "Bless", creator="hero", rounds_left=3))
    board = with_turn(board, start(join(join(TurnState(), "spy", 20), "hero", 5)))
    shown = player_board(board)
    assert list(shown.tokens) == ["hero"]
    assert list(shown.areas) == ["mine"], "Areas of hidden tokens never appear"
    assert dict(shown.notes) == {}
    assert list(shown.effects) == ["e3"]
    assert shown.turn.ids() == ["hero"]
    rebuilt(shown)


def test_tokens_wholly_under_fog_are_gone_partly_fogged_stay() -> None:
    big = token("ogre", at(4, 4), size=3)  # a pair of spaces
    assert len(big.footprint) == 2
    board = BLANK.with_token(big).with_token(token("imp", at(8, 8)))
    one = sorted(big.footprint)[0]
    partly = board.with_terrain("fog", [one], True)
    assert set(player_board(partly).tokens) == {"ogre", "imp"}, "partly fogged stays"
    wholly = board.with_terrain("fog", big.footprint, True).with_terrain("fog", [at(8, 8)], True)
    assert dict(player_board(wholly).tokens) == {}


def test_fogged_helper() -> None:
    board = BLANK.with_terrain("fog", [at(1, 1), at(2, 1)], True)
    assert fogged(board, [at(1, 1)])
    assert fogged(board, [at(1, 1), at(2, 1)])
    assert not fogged(board, [at(1, 1), at(3, 1)])
    assert not fogged(board, [])
    assert not fogged(board, [Hex(-50, -50)]), "nothing on the map: not fogged"


VITALS_CASES = [
    pytest.param(False, True, id="gm-keeps-bars"),
    pytest.param(True, False, id="shared-bars"),
]


@pytest.mark.parametrize(("shared", "stripped"), VITALS_CASES)
def test_vitals_are_stripped_unless_shared(shared: bool, stripped: bool) -> None:
    vitals = Vitals(
        stats=(("might", 3),), current=(("grit", 1),), severe_threshold=4, bars_for_players=shared
    )
    board = BLANK.with_token(token("ogre", C, vitals=vitals))
    shown = player_board(board).token("ogre")
    pools = tuple((p, pool_maximum(vitals, p, 0, 5).value) for p in POOLS)
    shared = Vitals(maximum=pools, current=vitals.current, bars_for_players=True)
    assert shown.vitals == (Vitals() if stripped else shared)  # Pools only: no stats


# --- labels and notes --------------------------------------------------------------------


def test_gm_only_and_fogged_labels_and_notes_are_gone() -> None:
    board = BLANK.with_token(token("hero", C, side="party"))
    board = board.with_terrain("fog", [at(1, 1)], True)
    board = board.with_label(Label("l-open", "Ford", at(3, 3)))
    board = board.with_label(Label("l-gm", "Trapdoor", at(3, 4), gm_only=True))
    board = board.with_label(Label("l-fog", "Lair", at(1, 1)))
    board = board.with_note(Note("n-open", "Sign", hex=at(3, 3), gm_only=False))
    board = board.with_note(Note("n-gm", "Secret", hex=at(3, 3)))  # GM-only by default
    board = board.with_note(Note("n-fog", "Chest", hex=at(1, 1), gm_only=False))
    board = board.with_note(Note("n-tok", "Brave", token_id="hero", gm_only=False))
    board = board.with_note(Note("n-tok-gm", "Cursed", token_id="hero", gm_only=True))
    shown = player_board(board)
    assert set(shown.labels) == {"l-open"}
    assert set(shown.notes) == {"n-open", "n-tok"}


# --- terrain under fog -------------------------------------------------------------------


def test_fogged_spaces_carry_no_terrain() -> None:
    fogged_hexes = [at(c, r) for c in range(3) for r in range(4)]
    board = BLANK
    for name, value in (
        ("ground", 4),
        ("elevation", -3),
        ("water_depth", 2),
        ("steep", True),
        ("blocked", True),
        ("concealment", 5),
        ("concealment_kind", 1),
        ("softness", 9),
    ):
        board = board.with_terrain(name, [*fogged_hexes, at(8, 8)], value)
    board = board.with_terrain("fog", fogged_hexes, True)
    shown = player_board(board)
    assert_no_terrain_under_fog(board, shown)
    assert shown.terrain_at(at(8, 8)) == board.terrain_at(at(8, 8))


def test_no_fog_no_change() -> None:
    board = BLANK.with_terrain("elevation", [C], 4).with_token(token("a", C))
    assert player_board(board) == board


# --- Areas and effects -------------------------------------------------------------------


def test_areas_laid_under_fog_are_gone() -> None:
    board = BLANK.with_terrain("fog", [at(1, 1)], True)
    board = board.with_area(AreaTemplate("trap", AreaKind.BURST, 1, origin=(at(1, 1),)))
    board = board.with_area(AreaTemplate("open", AreaKind.BURST, 1, origin=(C,)))
    assert list(player_board(board).areas) == ["open"]


def test_effects_of_removed_areas_do_not_survive() -> None:
    """An effect keeping an Area (rules.board.effects: 'An effect may keep a pinned Area alive') is
    as secret as that Area: when the player view drops the Area (cast by a hidden token, or
    laid under fog), the effect must not remain — neither its name nor a reference to an
    Area the player board no longer has (the board would not load)."""
    board = BLANK.with_token(token("hero", C, side="party"))
    board = board.with_token(token("witch", at(9, 8), hidden=True))
    board = board.with_terrain("fog", [at(1, 1)], True)
    board = board.with_area(AreaTemplate("curse", AreaKind.BURST, 1, origin=(C,), caster="witch"))
    board = board.with_area(AreaTemplate("pit", AreaKind.BURST, 0, origin=(at(1, 1),)))
    board = with_effect(board, OngoingEffect("e-curse", "Witch's curse", area_id="curse"))
    board = with_effect(board, OngoingEffect("e-pit", "Hidden pit", creator="hero", area_id="pit"))
    shown = player_board(board)
    assert dict(shown.areas) == {}
    dangling = {
        k: e.area_id for k, e in shown.effects.items() if e.area_id not in (None, *shown.areas)
    }
    assert dangling == {}, f"effects naming Areas the players cannot see: {dangling}"
    rebuilt(shown)


# --- revealed_around ---------------------------------------------------------------------


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


@pytest.mark.parametrize("radius", [0, 1, 2, 4])
def test_revealed_around_the_party_only(radius: int) -> None:
    everything = BLANK.hexes()
    board = BLANK.with_terrain("fog", everything, True)
    board = board.with_token(token("hero", at(3, 3), side="party"))
    board = board.with_token(token("scout", at(9, 7), side="party", hidden=True))
    board = board.with_token(token("orc", at(9, 2), side="enemy"))
    board = board.with_token(token("ally", at(1, 8), side="ally"))
    shown = revealed_around(board, radius)
    fog = shown.layer("fog")
    for h in everything:
        col, row = shown.cell_of(h)
        assert bool(fog[row, col]) is (hex_distance(h, at(3, 3)) > radius), h
    both = revealed_around(board, radius, sides=("party", "ally"))
    col, row = both.cell_of(at(1, 8))
    assert not both.layer("fog")[row, col]


def test_revealed_around_a_large_token_counts_each_space() -> None:
    board = BLANK.with_terrain("fog", BLANK.hexes(), True)
    big = token("giant", at(5, 5), size=4, side="party")
    board = board.with_token(big)
    shown = revealed_around(board, 1)
    for h in BLANK.hexes():
        col, row = shown.cell_of(h)
        near = min(hex_distance(h, s) for s in big.footprint) <= 1
        assert bool(shown.layer("fog")[row, col]) is not near


def test_revealed_around_without_party_changes_nothing() -> None:
    board = BLANK.with_terrain("fog", [C], True).with_token(token("orc", C, side="enemy"))
    assert revealed_around(board, 3) == board


# --- properties --------------------------------------------------------------------------


@st.composite
def gm_boards(draw: st.DrawFn) -> Board:
    w, h = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    board = Board.blank(w, h)
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    for name, spec in LAYER_SPECS.items():
        if name == "fog":
            continue
        low, high = max(spec.minimum, -5), min(spec.maximum, 12)
        values = rng.integers(low, high + 1, size=(h, w)).astype(spec.dtype)
        board = board.with_layer(name, values)
    fog = rng.random((h, w)) < draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]))
    board = board.with_layer("fog", fog)
    hexes = board.hexes()
    pick = st.sampled_from(hexes)
    ids: list[str] = []
    for i in range(draw(st.integers(0, 6))):
        size = draw(st.sampled_from([0, 0, 1, 3, 4]))
        tok = Token(
            f"t{i}",
            f"T{i}",
            draw(pick),
            size=size,
            side=draw(st.sampled_from(["party", "enemy", "neutral"])),
            hidden=draw(st.booleans()),
            vitals=Vitals(current=(("grit", 1),), bars_for_players=draw(st.booleans())),
        )
        if all(board.contains(x) for x in tok.footprint):
            board = board.with_token(tok)
            ids.append(tok.id)
    maybe_id = st.sampled_from([None, *ids])
    for i in range(draw(st.integers(0, 4))):
        board = board.with_label(Label(f"l{i}", "L", draw(pick), gm_only=draw(st.booleans())))
    for i in range(draw(st.integers(0, 4))):
        tid = draw(maybe_id)
        note = (
            Note(f"n{i}", "N", token_id=tid, gm_only=draw(st.booleans()))
            if tid
            else Note(f"n{i}", "N", hex=draw(pick), gm_only=draw(st.booleans()))
        )
        board = board.with_note(note)
    for i in range(draw(st.integers(0, 4))):
        source = draw(maybe_id)
        origin = () if source else (draw(pick),)
        kind = AreaKind.AURA if source else AreaKind.BURST
        area = AreaTemplate(f"a{i}", kind, 1, origin=origin, source=source, caster=draw(maybe_id))
        board = board.with_area(area)
    area_ids = st.sampled_from([None, *board.areas])
    for i in range(draw(st.integers(0, 4))):
        effect = OngoingEffect(
            f"e{i}",
            "E",
            creator=draw(maybe_id),
            target=draw(maybe_id),
            rounds_left=3,
            area_id=draw(area_ids),
        )
        board = with_effect(board, effect)
    turn = TurnState()
    for tid in draw(st.permutations(ids)):
        if draw(st.booleans()):
            turn = join(turn, tid, draw(st.integers(0, 12)))
    if draw(st.booleans()):
        turn = start(turn)
    return with_turn(board, turn)


def unseen_ids(gm: Board) -> set[str]:
    return {t.id for t in gm.tokens.values() if t.hidden or fogged(gm, t.footprint)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gm=gm_boards())
def test_property_nothing_hidden_or_fogged_survives(gm: Board) -> None:
    """Nothing hidden or fogged on the GM board survives in the player board (ids and
    terrain arrays); everything else is kept."""
    shown = player_board(gm)
    unseen = unseen_ids(gm)
    assert set(shown.tokens) == set(gm.tokens) - unseen
    for t in shown.tokens.values():
        original = gm.token(t.id)
        assert replace(t, vitals=original.vitals, conditions=original.conditions) == replace(
            original, notes=""
        )
        assert not t.vitals.stats and not t.vitals.wounded  # Pools at most, when shared
        assert t.vitals.bars_for_players == original.vitals.bars_for_players
        assert all(not e.source for e in t.conditions)  # the GM's free text stays behind
    fog = gm.layer("fog")

    def is_fogged(h: Hex) -> bool:
        col, row = gm.cell_of(h)
        return bool(fog[row, col])

    assert set(shown.labels) == {
        k for k, v in gm.labels.items() if not v.gm_only and not is_fogged(v.position)
    }
    assert set(shown.notes) == {
        k
        for k, v in gm.notes.items()
        if not v.gm_only
        and (v.hex is None or not is_fogged(v.hex))
        and (v.token_id is None or v.token_id not in unseen)
    }
    for k, a in shown.areas.items():
        assert a.source not in unseen and a.caster not in unseen, k
        assert not (a.origin and all(is_fogged(h) for h in a.origin)), k
    kept_by_unseen = {  # an Area kept alive by an effect of an unseen token ends with it
        e.area_id for e in gm.effects.values() if {e.creator, e.target} & unseen
    }
    for area_id, a in gm.areas.items():
        secret = {a.source, a.caster} & unseen or (a.origin and all(map(is_fogged, a.origin)))
        secret = secret or area_id in kept_by_unseen
        assert (area_id in shown.areas) is not bool(secret), area_id
    for k, e in shown.effects.items():
        assert e.creator not in unseen and e.target not in unseen, k
    assert not set(shown.turn.ids()) & unseen
    assert set(shown.turn.ids()) == set(gm.turn.ids()) - unseen
    assert_no_terrain_under_fog(gm, shown)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gm=gm_boards())
def test_property_player_board_is_a_valid_board(gm: Board) -> None:
    """The player board is a board that loads: every effect names tokens and Areas it has,
    the turn order names its tokens (what ``hexweave export --player`` would save)."""
    shown = player_board(gm)
    rebuilt(shown)


def test_the_players_board_keeps_no_dice() -> None:
    """The roll log names hidden creatures and the seed would tell the next faces."""
    from rules.board.roll_log import LoggedRoll

    board = Board.blank(4, 4).with_token(Token("o", "Hidden Ogre", Hex(1, 1), hidden=True))
    board = board._evolve(
        rolls=(LoggedRoll("Strike", (7,), actor="Hidden Ogre"),), dice_seed=99, dice_draws=3
    )
    shown = player_board(board)
    assert (shown.rolls, shown.dice_seed, shown.dice_draws) == ((), 0, 0)
