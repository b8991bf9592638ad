"""Whole-board operations are linear in the board's size (issue #14).

Contract: ``Board.without_tokens`` / ``without_annotations`` / ``without_areas``,
``rules.turns.leave_many`` and ``rules.board.holds.release_holds_on`` give the board (or the
error) that the single removals give one by one, in one pass; the player view, resizing
and reorienting use them, and read the fog with numpy (``fogged_each``). The references
below are the one-at-a-time algorithms the bulk ones replaced (kept here, independent of
``rules/``'s new code); timings are on a 200×200 map with 20,000 labels or tokens, where
the old algorithms took 13 s and 63 s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.holds import followers
from rules.battlefield.visibility import fogged_each, player_board
from rules.board.annotations import Label, Note
from rules.board.checks import invariant_problems
from rules.board.conditions import (
    CONDITION_SPECS,
    MAX_TIER,
    ConditionEntry,
    remove_condition,
    tier_sums,
)
from rules.board.effects import OngoingEffect
from rules.board.grid import Board, check_turn_state, reoriented, resized
from rules.board.holds import (
    Hold,
    release_hold,
    release_holds_on,
    swallowed_by,
    swallower_of,
    swallowers,
    with_hold,
)
from rules.board.pools import Vitals
from rules.board.tokens import Token
from rules.errors import UnknownTokenError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.turns import Participant, TurnState, leave, leave_many

# -- random boards with everything that names something else ---------------------------------


@st.composite
def boards(draw: st.DrawFn, clashing_ids: bool = True) -> Board:
    """A small board with fog, tokens (some hidden, some swallowed by id or by name),
    Holds, Areas of every kind naming tokens, effects naming tokens and Areas, a turn
    order, notes and labels (their ids may clash across the two kinds)."""
    width, height = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    board = Board.blank(width, height, draw(st.sampled_from(list(Orientation))))
    fog = draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    board = board.with_layer("fog", np.array(fog, dtype=bool).reshape(height, width))
    cell = st.builds(board.hex_at, st.integers(0, width - 1), st.integers(0, height - 1))
    names = st.sampled_from(["Ogre", "Rat", "Ogre", "Wolf"])
    for i in range(draw(st.integers(0, 8))):
        token = Token(
            f"t{i}",
            draw(names),
            draw(cell),
            hidden=draw(st.booleans()),
            notes=draw(st.sampled_from(["", "GM"])),
        )
        board = board.with_token(token)
    ids = sorted(board.tokens)
    some = st.sampled_from(ids) if ids else st.nothing()
    maybe = st.none() | some if ids else st.none()
    if ids:
        board = _swallowed(draw, board, some, names)
        board = _held(draw, board, some)
    board = _pinned(draw, board, cell, maybe)
    areas = sorted(board.areas)
    for i in range(draw(st.integers(0, 4))):
        area = draw(st.none() | st.sampled_from(areas)) if areas else None
        left = draw(st.none() | st.integers(1, 3))
        creator, target = draw(maybe), draw(maybe)
        effect = OngoingEffect(f"e{i}", "E", creator, left, area_id=area, target=target)
        board = board._evolve(effects={**board.effects, effect.id: effect})
    order = draw(st.lists(some, unique=True)) if ids else []
    slots = tuple(Participant(i, draw(st.integers(0, 9))) for i in order)
    turn = TurnState(slots, draw(st.integers(0, 3)), draw(st.integers(0, len(order))))
    board = board._evolve(turn=turn)
    return _annotated(draw, board, cell, maybe, clashing_ids)


def _swallowed(draw: st.DrawFn, board: Board, some: Any, names: Any) -> Board:
    for prey in draw(st.lists(some, unique=True, max_size=3)):
        source = draw(some | names)  # the swallower's id, or a name as older maps stored it
        token = board.token(prey)
        conditions = (*token.conditions, ConditionEntry("swallowed", 1, source))
        board = board.with_token_replaced(replace(token, conditions=conditions))
    return board


def _held(draw: st.DrawFn, board: Board, some: Any) -> Board:
    for _ in range(draw(st.integers(0, 4))):
        holder, held = draw(some), draw(some)
        if holder != held and all(h.held != held for h in board.holds):
            board = with_hold(board, Hold(holder, held, draw(st.integers(0, 2))))
    return board


def _pinned(draw: st.DrawFn, board: Board, cell: Any, maybe: Any) -> Board:
    for i in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(list(AreaKind)))
        caster, source = draw(maybe), draw(maybe)
        origin: tuple[Hex, ...] = () if draw(st.booleans()) else (draw(cell),)
        if kind.directed:
            source, origin = None, (draw(cell),)
        elif not origin and source is None and (caster is None or kind is AreaKind.AURA):
            origin = (draw(cell),)
        area = AreaTemplate(f"a{i}", kind, 1, origin, source=source, caster=caster)
        board = board.with_area(area)
    return board


def _annotated(draw: st.DrawFn, board: Board, cell: Any, maybe: Any, clash: bool) -> Board:
    label_ids = st.sampled_from(["x1", "x2", "l1", "l2", "l3"])
    note_ids = st.sampled_from(["x1", "x2", "n1", "n2", "n3"] if clash else ["n1", "n2", "n3"])
    for label_id in draw(st.lists(label_ids, unique=True, max_size=4)):
        board = board.with_label(Label(label_id, "L", draw(cell), draw(st.booleans())))
    for note_id in draw(st.lists(note_ids, unique=True, max_size=4)):
        token_id = draw(maybe)
        where = draw(cell) if token_id is None else None
        note = Note(note_id, "N", where, token_id, draw(st.booleans()))
        board = board._evolve(notes={**board.notes, note_id: note})  # a clash: as a file had
    return board


# -- the one-at-a-time references ------------------------------------------------------------


def one_by_one_without_token(board: Board, token_id: str) -> Board:
    """The recursive single removal the bulk one replaced, with the caster fix (an Area
    drawn from its caster's spaces goes with it)."""
    board.token(token_id)
    inside = swallowed_by(board, token_id)
    if inside:
        for eaten in inside:
            kept = remove_condition(board.token(eaten).conditions, "swallowed")
            board = board.with_token_replaced(replace(board.token(eaten), conditions=kept))
        return one_by_one_without_token(board, token_id)
    if any(h.names(token_id) for h in board.holds):
        for hold in [h for h in board.holds if h.names(token_id)]:
            board = release_hold(board, hold.holder, hold.held)
        return one_by_one_without_token(board, token_id)
    notes = {k: n for k, n in board.notes.items() if n.token_id != token_id}
    tokens = {k: t for k, t in board.tokens.items() if k != token_id}
    areas = {}
    for k, a in board.areas.items():
        if a.source == token_id:
            continue
        if a.caster == token_id and not a.origin and a.source is None:
            continue
        areas[k] = replace(a, caster=None) if a.caster == token_id else a
    effects = {k: e for k, e in board.effects.items() if token_id not in (e.creator, e.target)}
    ended = {e.area_id for k, e in board.effects.items() if k not in effects}
    areas = {k: a for k, a in areas.items() if k not in ended}
    effects = {k: e for k, e in effects.items() if e.area_id is None or e.area_id in areas}
    turn = leave(board.turn, token_id) if token_id in board.turn.ids() else board.turn
    return board._evolve(tokens=tokens, notes=notes, areas=areas, effects=effects, turn=turn)


def one_by_one_fogged(board: Board, hexes: list[Hex]) -> bool:
    fog = board.layer("fog")
    cells = [board.cell_of(h) for h in hexes if board.contains(h)]
    return bool(cells) and all(bool(fog[row, col]) for col, row in cells)


def one_by_one_player_board(board: Board) -> Board:
    """The player view as it was made before: every removal a whole-board copy."""
    board = board._evolve(rolls=(), dice_seed=0, dice_draws=0)
    unseen = {
        t.id for t in board.tokens.values() if t.hidden or one_by_one_fogged(board, [*t.footprint])
    }
    secret = [k for k, a in board.areas.items() if {a.source, a.caster} & unseen]
    secret += [
        k for k, a in board.areas.items() if a.origin and one_by_one_fogged(board, [*a.origin])
    ]
    for area_id in dict.fromkeys(secret):
        board = board.without_area(area_id)
    for token_id in sorted(unseen):
        board = one_by_one_without_token(board, token_id)
    labels = {
        k: v
        for k, v in board.labels.items()
        if not (v.gm_only or one_by_one_fogged(board, [v.position]))
    }
    notes = {
        k: v
        for k, v in board.notes.items()
        if not (v.gm_only or (v.hex and one_by_one_fogged(board, [v.hex])))
    }
    board = board._evolve(labels=labels, notes=notes)
    for token in list(board.tokens.values()):
        sums = tier_sums(token.conditions)
        shown = replace(
            token, notes="", conditions=tuple(ConditionEntry(n, t) for n, t in sums.items())
        )
        if not token.vitals.bars_for_players:
            shown = replace(shown, vitals=Vitals())
        if shown != token:
            board = board.with_token_replaced(shown)
    used = {t.image for t in board.tokens.values()}
    return board._evolve(images={k: v for k, v in board.images.items() if k in used})


def outcome(make: Callable[[], Board]) -> Board | str:
    """The board ``make`` gives, or the error it raises, by type and message."""
    try:
        return make()
    except (KeyError, ValueError) as error:
        return f"{type(error).__name__}: {error}"


def folded(board: Board, remove: Callable[[Board, Any], Board], items: list[Any]) -> Board:
    for item in items:
        board = remove(board, item)
    return board


def _ids(draw: st.DrawFn, known: list[str], extra: list[str]) -> list[str]:
    pool = known + extra
    return draw(st.lists(st.sampled_from(pool), max_size=6)) if pool else []


# -- the bulk removals are the single ones, one by one ---------------------------------------

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_without_tokens_is_the_single_removals_one_by_one(data: st.DataObject) -> None:
    board = data.draw(boards(clashing_ids=False))
    ids = _ids(data.draw, sorted(board.tokens), ["nobody"])
    bulk = outcome(lambda: board.without_tokens(ids))
    assert bulk == outcome(lambda: folded(board, one_by_one_without_token, ids))
    assert bulk == outcome(lambda: folded(board, Board.without_token, ids))
    if isinstance(bulk, Board):
        assert invariant_problems(bulk) == []


@SETTINGS
@given(st.data())
def test_without_annotations_is_the_single_removals_one_by_one(data: st.DataObject) -> None:
    board = data.draw(boards())
    ids = _ids(data.draw, sorted({*board.labels, *board.notes}), ["nothing"])
    bulk = outcome(lambda: board.without_annotations(ids))
    assert bulk == outcome(lambda: folded(board, Board.without_annotation, ids))


@SETTINGS
@given(st.data())
def test_without_areas_is_the_single_removals_one_by_one(data: st.DataObject) -> None:
    board = data.draw(boards())
    ids = _ids(data.draw, sorted(board.areas), ["nowhere"])
    bulk = outcome(lambda: board.without_areas(ids))
    assert bulk == outcome(lambda: folded(board, Board.without_area, ids))


@SETTINGS
@given(st.data())
def test_leave_many_is_leave_one_by_one(data: st.DataObject) -> None:
    order = data.draw(st.lists(st.sampled_from("abcdefg"), unique=True))
    state = TurnState(
        tuple(Participant(i, 0) for i in order), 1, data.draw(st.integers(0, len(order)))
    )
    gone = data.draw(st.lists(st.sampled_from("abcdefgz"), unique=True))
    one_by_one = state
    for token_id in gone:
        one_by_one = leave(one_by_one, token_id) if token_id in one_by_one.ids() else one_by_one
    assert leave_many(state, gone) == one_by_one


@SETTINGS
@given(st.data())
def test_release_holds_on_is_release_hold_one_by_one(data: st.DataObject) -> None:
    board = data.draw(boards())
    gone = _ids(data.draw, sorted(board.tokens), [])
    one_by_one = board
    for hold in [h for h in board.holds if h.holder in gone or h.held in gone]:
        one_by_one = release_hold(one_by_one, hold.holder, hold.held)
    assert release_holds_on(board, gone) == one_by_one


@SETTINGS
@given(boards())
def test_swallowers_are_swallower_of_each_token(board: Board) -> None:
    expected = {t: swallower_of(board, t) for t in board.tokens}
    assert swallowers(board) == {t: e for t, e in expected.items() if e is not None and e != t}


@SETTINGS
@given(st.data())
def test_fogged_each_is_fogged_of_each_group(data: st.DataObject) -> None:
    board = data.draw(boards())
    hexes = st.builds(Hex, st.integers(-3, 10), st.integers(-3, 10))
    groups = data.draw(st.lists(st.lists(hexes, max_size=4), max_size=6))
    assert fogged_each(board, groups) == [one_by_one_fogged(board, g) for g in groups]
    far = [[Hex(10**30, 0)], [Hex(10**30, 0), *groups[0]] if groups else []]
    assert fogged_each(board, far) == [False, one_by_one_fogged(board, far[1])]


@SETTINGS
@given(boards(clashing_ids=False))
def test_the_player_view_is_the_one_made_removal_by_removal(board: Board) -> None:
    shown = player_board(board)
    expected = one_by_one_player_board(board)
    fog = board.layer("fog")
    assert shown._evolve(layers=expected.layers) == expected
    assert np.array_equal(shown.layer("fog"), fog)
    assert invariant_problems(shown) == []


def test_a_gm_only_note_never_shows_when_a_label_shares_its_id() -> None:
    """The old view removed ids one by one, so a GM-only note ``x`` took the visible label
    ``x`` instead and was shown to the players."""
    board = Board.blank(4, 4).with_label(Label("x", "Ford", Hex(1, 1)))
    board = board._evolve(notes={"x": Note("x", "the GM's plan", hex=Hex(2, 1))})  # as a file had
    shown = player_board(board)
    assert list(shown.labels) == ["x"] and dict(shown.notes) == {}


def test_a_repeated_token_id_is_refused_as_removing_it_twice_would_be() -> None:
    board = Board.blank(3, 3).with_token(Token("a", "A", Hex(0, 0)))
    with pytest.raises(UnknownTokenError, match="no token with id 'a'"):
        board.without_tokens(["a", "a"])
    assert board.without_tokens([]) is board


# -- linear on big boards ---------------------------------------------------------------------

N = 20_000
BIG = Board.blank(200, 200)


def _timed(work: Callable[[], object]) -> tuple[object, float]:
    began = time.perf_counter()
    result = work()
    return result, time.perf_counter() - began


def _spread(n: int) -> list[Hex]:
    return [BIG.hex_at(i % 200, i // 200) for i in range(n)]


def test_the_player_view_of_20000_gm_only_labels_is_fast() -> None:
    labels = {f"l{i}": Label(f"l{i}", "x", h, gm_only=True) for i, h in enumerate(_spread(N))}
    shown, seconds = _timed(lambda: player_board(BIG._evolve(labels=labels)))
    assert isinstance(shown, Board) and dict(shown.labels) == {}
    assert seconds < 2.0, f"{seconds:.2f} s (13.5 s when each label was a whole-board copy)"


def test_the_player_view_of_20000_labels_under_fog_is_fast() -> None:
    labels = {f"l{i}": Label(f"l{i}", "x", h) for i, h in enumerate(_spread(N))}
    fog = np.ones((200, 200), dtype=bool)
    fog[199, 199] = False
    board = BIG.with_layer("fog", fog)._evolve(labels=labels)
    shown, seconds = _timed(lambda: player_board(board))
    assert isinstance(shown, Board) and dict(shown.labels) == {}
    assert seconds < 2.0, f"{seconds:.2f} s"


@pytest.mark.parametrize("fog", [False, True], ids=["hidden", "under-fog"])
def test_the_player_view_of_20000_unseen_tokens_is_fast(fog: bool) -> None:
    tokens = {f"t{i}": Token(f"t{i}", "x", h, hidden=not fog) for i, h in enumerate(_spread(N))}
    board = BIG._evolve(tokens=tokens)
    if fog:
        board = board.with_layer("fog", np.ones((200, 200), dtype=bool))
    shown, seconds = _timed(lambda: player_board(board))
    assert isinstance(shown, Board) and dict(shown.tokens) == {}
    assert seconds < 3.0, f"{seconds:.2f} s (63 s when each token was a whole-board copy)"


def test_the_player_view_of_20000_shown_tokens_is_fast() -> None:
    tokens = {f"t{i}": Token(f"t{i}", "x", h, notes="GM") for i, h in enumerate(_spread(N))}
    shown, seconds = _timed(lambda: player_board(BIG._evolve(tokens=tokens)))
    assert isinstance(shown, Board) and len(shown.tokens) == N
    assert all(t.notes == "" for t in shown.tokens.values())
    assert seconds < 5.0, f"{seconds:.2f} s"


def _crowd(n: int = N) -> Board:
    tokens = {f"t{i}": Token(f"t{i}", "x", h) for i, h in enumerate(_spread(n))}
    holds = tuple(Hold(f"t{i}", f"t{i + 1}") for i in range(0, n - 1, 2))
    return BIG._evolve(
        tokens=tokens,
        holds=holds,
        turn=TurnState(tuple(Participant(t, 0) for t in tokens), 1, n // 2),
    )


def test_deleting_20000_tokens_with_their_holds_and_turns_is_fast() -> None:
    board = _crowd()
    after, seconds = _timed(lambda: board.without_tokens(list(board.tokens)[: N // 2 + 1]))
    assert isinstance(after, Board) and len(after.tokens) == N // 2 - 1
    assert invariant_problems(after) == []
    assert seconds < 5.0, f"{seconds:.2f} s"


def test_shrinking_a_map_of_20000_tokens_is_fast() -> None:
    board = _crowd()
    after, seconds = _timed(lambda: resized(board, 200, 50))
    assert isinstance(after, Board) and len(after.tokens) == 50 * 200
    assert invariant_problems(after) == []
    assert seconds < 5.0, f"{seconds:.2f} s"


def test_reorienting_a_map_of_20000_tokens_is_fast() -> None:
    board = _crowd()
    after, seconds = _timed(lambda: reoriented(board, Orientation.FLAT))
    assert isinstance(after, Board) and len(after.tokens) == N
    assert invariant_problems(after) == []
    assert seconds < 5.0, f"{seconds:.2f} s"


def test_deleting_a_swallower_of_5000_creatures_is_fast() -> None:
    inside = ConditionEntry("swallowed", 1, "Worm")  # by name, as older maps stored it
    tokens = {
        f"t{i}": Token(f"t{i}", "x", h, conditions=(inside,)) for i, h in enumerate(_spread(5000))
    }
    board = BIG._evolve(tokens={"worm": Token("worm", "Worm", BIG.hex_at(100, 100)), **tokens})
    assert len(followers(board, "worm")) == 5000
    after, seconds = _timed(lambda: board.without_token("worm"))
    assert isinstance(after, Board) and not any(t.swallowed for t in after.tokens.values())
    assert seconds < 2.0, f"{seconds:.2f} s"


def test_the_model_checks_are_linear_in_conditions_turns_and_holds() -> None:
    """Thousands of conditions on a token, 20,000 turns and 10,000 Holds are each checked
    in one pass (the issue's fuzz: 12,000 conditions took over 5 s to read)."""
    names = sorted(CONDITION_SPECS)
    full = tuple(ConditionEntry(n, 1, f"s{i}") for n in names for i in range(MAX_TIER))
    many = (*full, *(ConditionEntry("slowed", 1, f"x{i}") for i in range(12_000)))
    board = _crowd()
    began = time.perf_counter()
    assert tier_sums(Token("x", "X", Hex(0, 0), conditions=full).conditions)["slowed"] == MAX_TIER
    with pytest.raises(ValueError, match="its Slowed Tiers add up to 12099, more than 99"):
        Token("x", "X", Hex(0, 0), conditions=many)
    check_turn_state(board)
    assert invariant_problems(board) == []
    seconds = time.perf_counter() - began
    assert seconds < 2.0, f"{seconds:.2f} s"
