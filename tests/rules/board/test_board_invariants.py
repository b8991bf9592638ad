"""Every edit keeps the board's own invariants (issue #14), and a condition's Tiers never
add past ``MAX_TIER``.

Contract (rules/board_checks.py): :func:`invariant_problems` lists every broken invariant
of a board — a Hold naming a token that is gone, a creature Held twice, an Area with
neither an origin nor a source, effects, turns and notes naming what is not on the map,
footprints, labels and Area origins off the map, … — and ``Board._evolve`` does not run
it (the edits are a hot path), so a property test applies random sequences of the board's
edits to a rich board (Holds, a swallowed creature, Self Areas and Bursts drawn from their
casters, an Aura, effects keeping Areas, a turn order, notes, labels, fog) and asserts the
list is empty after every step, for the board and for its player view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.holds import move_together, swallow
from rules.battlefield.visibility import player_board
from rules.board.annotations import Label, Note
from rules.board.checks import invariant_problems
from rules.board.conditions import (
    MAX_TIER,
    ConditionEntry,
    add_condition,
    describe,
    set_condition,
    tier_of,
)
from rules.board.effects import OngoingEffect
from rules.board.grid import Board, reoriented, resized
from rules.board.holds import Hold, escape_hold, grapple_hold, release_hold, with_hold
from rules.board.tokens import Token
from rules.board.turn_state import with_effect, with_turn
from rules.errors import OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.movement.turn_flow import next_turn
from rules.turns import join, leave, start
from tests.rules.mapfile_helpers import edit_json, png_header, put, refuse

W, H = 10, 8


def rich_board() -> Board:
    """A 10×8 map with everything that names something else: Holds (one Grappled), a
    creature in a stomach, a Self Area and a Burst drawn from their casters' spaces, an
    Aura on a token, a Cone with a caster, effects keeping Areas, notes on tokens and
    hexes, labels, fog over a corner and a started turn order of every creature."""
    board = Board.blank(W, H)
    fog = np.zeros((H, W), dtype=bool)
    fog[:3, :3] = True
    board = board.with_layer("fog", fog)
    board = board.with_image("ogre.png", png_header(2, 2))
    at = board.hex_at
    for token in (
        Token("a", "Aria", at(1, 1), side="party"),
        Token("b", "Goblin", at(2, 1), size=-1),
        Token("c", "Ogre", at(5, 2), size=4, image="ogre.png"),
        Token("d", "Bandit", at(7, 2)),
        Token("e", "Rat", at(5, 5), size=-3),
        Token("f", "Worm", at(5, 5), size=5),
        Token("g", "Mage", at(8, 6), hidden=True),
        Token("h", "Knight", at(0, 7), side="party"),
    ):
        board = board.with_token(token)
    board = with_hold(board, Hold("a", "b"))
    board = grapple_hold(with_hold(board, Hold("c", "d")), "c", "d")
    board = swallow(board, "f", "e").board
    for area in (
        AreaTemplate("self-1", AreaKind.SELF, 0, caster="g"),
        AreaTemplate("burst-1", AreaKind.BURST, 2, caster="h", exclude_caster=True),
        AreaTemplate("aura-1", AreaKind.AURA, 1, source="c", caster="c"),
        AreaTemplate("cone-1", AreaKind.CONE, 3, (at(3, 4),), facing=1, caster="a"),
        AreaTemplate("spot-1", AreaKind.BURST, 1, (at(1, 0), at(2, 0)), caster="d"),
    ):
        board = board.with_area(area)
    for effect in (
        OngoingEffect("ward", "Ward", creator="g", rounds_left=2, area_id="self-1"),
        OngoingEffect("stomp", "Stomp", creator="h", rounds_left=1, area_id="burst-1"),
        OngoingEffect("stench", "Stench", creator="c", area_id="aura-1"),
        OngoingEffect("mark", "Mark", creator="a", target="d", rounds_left=3),
        OngoingEffect("storm", "Storm"),
    ):
        board = with_effect(board, effect)
    board = board.with_note(Note("n-1", "has the key", token_id="d"))
    board = board.with_note(Note("n-2", "the players know", token_id="a", gm_only=False))
    board = board.with_note(Note("n-3", "trapdoor", hex=at(9, 7)))
    board = board.with_note(Note("n-4", "seen", hex=at(1, 1), gm_only=False))
    board = board.with_label(Label("l-1", "Ford", at(4, 4)))
    board = board.with_label(Label("l-2", "Secret door", at(9, 0), gm_only=True))
    board = board.with_label(Label("l-3", "In the dark", at(0, 0)))
    turn = board.turn
    for i, token_id in enumerate(board.tokens):
        turn = join(turn, token_id, 20 - i)
    return with_turn(board, start(turn))


RICH = rich_board()
cells = st.tuples(st.integers(0, W + 3), st.integers(0, H + 3))


def _token_id(board: Board, data: st.DataObject) -> str | None:
    return data.draw(st.sampled_from(sorted(board.tokens))) if board.tokens else None


def _two(board: Board, data: st.DataObject) -> tuple[str, str] | None:
    if len(board.tokens) < 2:
        return None
    pair = st.lists(st.sampled_from(sorted(board.tokens)), min_size=2, max_size=2, unique=True)
    a, b = data.draw(pair)
    return a, b


# -- the edits: each refuses only what it may refuse ----------------------------------------


def add_token(board: Board, data: st.DataObject) -> Board:
    col, row = data.draw(cells)
    token = Token(
        board.new_token_id("new"),
        "New",
        board.hex_at(col, row),
        size=data.draw(st.integers(-2, 5)),
        hidden=data.draw(st.booleans()),
    )
    try:
        return board.with_token(token)
    except OutOfBoundsError:
        return board


def remove_tokens(board: Board, data: st.DataObject) -> Board:
    if not board.tokens:
        return board
    ids = data.draw(st.lists(st.sampled_from(sorted(board.tokens)), max_size=3, unique=True))
    return board.without_tokens(ids) if len(ids) != 1 else board.without_token(ids[0])


def move_token(board: Board, data: st.DataObject) -> Board:
    token_id = _token_id(board, data)
    if token_id is None:
        return board
    anchor = board.hex_at(*data.draw(cells))
    try:
        if data.draw(st.booleans()):
            return move_together(board, token_id, anchor).board
        return board.with_token_moved(token_id, anchor)
    except OutOfBoundsError:
        return board


def reshape(board: Board, data: st.DataObject) -> Board:
    if data.draw(st.booleans()):
        return resized(board, data.draw(st.integers(1, W + 3)), data.draw(st.integers(1, H + 3)))
    flipped = Orientation.FLAT if board.orientation is Orientation.POINTY else Orientation.POINTY
    try:
        return reoriented(board, flipped)
    except OutOfBoundsError:  # a token that fits nowhere in the other orientation
        return board


def pin_area(board: Board, data: st.DataObject) -> Board:
    token_id = _token_id(board, data)
    area_id = board.new_area_id("new")
    kind = data.draw(st.sampled_from(["self", "burst", "aura", "line"]))
    if kind in ("self", "burst") and token_id is not None:
        area = AreaTemplate(area_id, AreaKind(kind), 1, caster=token_id)
    elif kind == "aura" and token_id is not None:
        area = AreaTemplate(area_id, AreaKind.AURA, 1, source=token_id, caster=token_id)
    else:
        origin = (board.hex_at(*data.draw(cells)),)
        area = AreaTemplate(area_id, AreaKind.LINE, 2, origin, caster=token_id)
    try:
        board = board.with_area(area)
    except OutOfBoundsError:
        return board
    if data.draw(st.booleans()):  # an effect keeps it
        effect = OngoingEffect(
            f"keep-{area_id}", "Kept", creator=token_id, rounds_left=2, area_id=area_id
        )
        board = with_effect(board, effect)
    return board


def unpin_areas(board: Board, data: st.DataObject) -> Board:
    if not board.areas:
        return board
    ids = data.draw(st.lists(st.sampled_from(sorted(board.areas)), max_size=2, unique=True))
    return board.without_areas(ids) if len(ids) != 1 else board.without_area(ids[0])


def hold_edit(board: Board, data: st.DataObject) -> Board:
    pair = _two(board, data)
    if pair is None:
        return board
    a, b = pair
    what = data.draw(st.sampled_from(["grab", "grapple", "escape", "release", "swallow"]))
    try:
        if what == "grab":
            return with_hold(board, Hold(a, b))
        if what == "grapple":
            return grapple_hold(board, a, b)
        if what == "escape":
            return escape_hold(board, a, b)
        if what == "release":
            return release_hold(board, a, b)
        return swallow(board, a, b).board
    except KeyError:  # no such Hold to escape or release
        return board
    except OutOfBoundsError:  # a prey too big for the swallower's anchor on this map
        return board
    except ValueError as error:  # already Held by someone else
        assert "already Held" in str(error)
        return board


def condition_edit(board: Board, data: st.DataObject) -> Board:
    token_id = _token_id(board, data)
    if token_id is None:
        return board
    token = board.token(token_id)
    name = data.draw(st.sampled_from(["encumbered", "slowed", "burning", "prone"]))
    tier = data.draw(st.integers(1, MAX_TIER))
    source = data.draw(st.sampled_from(["", "Hold", "Load", "Hamper"]))
    edit = add_condition if data.draw(st.booleans()) else set_condition
    return board.with_token_replaced(
        replace(token, conditions=edit(token.conditions, name, tier, source))
    )


def turn_edit(board: Board, data: st.DataObject) -> Board:
    token_id = _token_id(board, data)
    what = data.draw(st.sampled_from(["join", "leave", "next", "start"]))
    if what == "start":
        return with_turn(board, start(board.turn))
    if what == "next":
        return next_turn(board).board if board.turn.started else board
    if token_id is None:
        return board
    if token_id in board.turn.ids():
        return with_turn(board, leave(board.turn, token_id))
    return with_turn(board, join(board.turn, token_id, data.draw(st.integers(-5, 30))))


def annotate(board: Board, data: st.DataObject) -> Board:
    token_id = _token_id(board, data)
    col, row = data.draw(cells)
    if not board.contains(board.hex_at(col, row)):
        return board
    where = board.hex_at(col, row)
    gm_only = data.draw(st.booleans())
    taken = {**board.labels, **board.notes}
    what = data.draw(st.sampled_from(["label", "note", "token note", "remove"]))
    if what == "label":
        return board.with_label(Label(board.new_area_id("label"), "x", where, gm_only))
    if what == "note":
        return board.with_note(Note(f"note-{len(taken) + 1}x", "x", hex=where, gm_only=gm_only))
    if what == "token note" and token_id is not None:
        return board.with_note(Note(f"tnote-{len(taken) + 1}", "x", token_id=token_id))
    if taken:
        return board.without_annotation(data.draw(st.sampled_from(sorted(taken))))
    return board


EDITS: list[Callable[[Board, st.DataObject], Board]] = [
    add_token,
    remove_tokens,
    move_token,
    reshape,
    pin_area,
    unpin_areas,
    hold_edit,
    condition_edit,
    turn_edit,
    annotate,
]


def test_the_rich_board_keeps_its_invariants_to_begin_with() -> None:
    assert invariant_problems(RICH) == []
    assert RICH.holds and RICH.token("e").swallowed and RICH.turn.started
    assert invariant_problems(player_board(RICH)) == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_edit_sequences_keep_every_invariant(data: st.DataObject) -> None:
    board = RICH
    for _ in range(data.draw(st.integers(1, 25))):
        edit = data.draw(st.sampled_from(EDITS))
        board = edit(board, data)
        assert invariant_problems(board) == [], edit.__name__
        assert invariant_problems(player_board(board)) == [], f"player view after {edit.__name__}"
    _rebuilt(board)  # the validating constructor (what loading does) takes it too


def _rebuilt(board: Board) -> Board:
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
        board.holds,
        board.rolls,
        board.dice_seed,
        board.dice_draws,
    )


# -- invariant_problems names each broken invariant ------------------------------------------


def _broken(**changes: object) -> list[str]:
    return invariant_problems(RICH._evolve(**changes))


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"holds": (*RICH.holds, Hold("h", "zz"))}, "a Hold's held 'zz' is not on this map"),
        ({"holds": (*RICH.holds, Hold("h", "b"))}, "a creature is Held in two Holds"),
        (
            {"effects": {**RICH.effects, "x": OngoingEffect("x", "X", area_id="gone")}},
            "effect 'x': its Area 'gone' is not on this map",
        ),
        (
            {"effects": {**RICH.effects, "x": OngoingEffect("x", "X", target="zz")}},
            "effect 'x': its target 'zz' is not on this map",
        ),
        (
            {"notes": {**RICH.notes, "n-9": Note("n-9", "x", token_id="zz")}},
            "note 'n-9' hangs on token 'zz', which is not on this map",
        ),
        (
            {"notes": {**RICH.notes, "l-1": Note("l-1", "x", hex=Hex(0, 0))}},
            "label 'l-1' and a note share the id 'l-1'",
        ),
        (
            {"labels": {**RICH.labels, "l-9": Label("l-9", "x", Hex(40, 0))}},
            "label 'l-9' is off the map at Hex(q=40, r=0)",
        ),
        (
            {"areas": {**RICH.areas, "a-9": AreaTemplate("a-9", AreaKind.BURST, 1, (Hex(40, 0),))}},
            "area 'a-9': its origin leaves the map at Hex(q=40, r=0)",
        ),
        (
            {"areas": {**RICH.areas, "a-9": AreaTemplate("a-9", AreaKind.SELF, 0, caster="zz")}},
            "area 'a-9': its caster token 'zz' is not on this map",
        ),
        (
            {"tokens": {**RICH.tokens, "z": Token("z", "Z", Hex(40, 0))}},
            "token 'z' leaves the map at Hex(q=40, r=0)",
        ),
        (
            {"tokens": {**RICH.tokens, "z": Token("z", "Z", Hex(0, 0), image="no.png")}},
            "token 'z' shows picture 'no.png', not stored",
        ),
        (
            {"turn": replace(RICH.turn, current=99)},
            "the turn order points at a turn that does not exist",
        ),
    ],
)
def test_each_broken_invariant_is_named(changes: dict[str, object], expected: str) -> None:
    assert any(expected in problem for problem in _broken(**changes)), _broken(**changes)


def test_an_area_left_with_neither_origin_nor_source_is_named() -> None:
    bare = object.__new__(AreaTemplate)  # what no edit may make: a caster-less Self Area
    for name, value in vars(RICH.areas["self-1"]).items():
        object.__setattr__(bare, name, value)
    object.__setattr__(bare, "caster", None)
    assert _broken(areas={**RICH.areas, "self-1": bare}) == [
        "area 'self-1': needs an origin hex or a source token"
    ]


# -- deleting a Self Area's caster; shrinking the map under a Hold ----------------------------


def test_deleting_the_caster_of_a_self_area_with_no_origin_removes_it_and_its_effects() -> None:
    after = RICH.without_token("g")
    assert "self-1" not in after.areas and "ward" not in after.effects
    assert invariant_problems(after) == []


def test_an_area_with_an_origin_or_source_only_forgets_its_caster() -> None:
    after = RICH.without_token("a").without_token("d")
    assert after.areas["cone-1"].caster is None and after.areas["spot-1"].caster is None


def test_cutting_and_group_moving_a_self_area_caster_no_longer_raise() -> None:
    from rules.battlefield.placement import group_placement_refusal

    assert group_placement_refusal(RICH, {"g": RICH.hex_at(8, 5), "h": RICH.hex_at(0, 6)}) is None
    assert "burst-1" not in RICH.without_tokens(["g", "h"]).areas


def test_shrinking_the_map_drops_a_held_token_with_its_hold() -> None:
    """The Goblin (held by Aria) is cut off; the Hold goes and Aria's Hold conditions with it."""
    board = RICH.with_token_moved("b", RICH.hex_at(9, 7))
    board = with_hold(release_hold(board, "a", "b"), Hold("a", "b"))  # held across the map
    after = resized(board, 8, 6)
    assert "b" not in after.tokens and after.holds == (board.holds[0],)  # Ogre–Bandit stays
    assert tier_of(after.token("a").conditions, "encumbered") == 0
    assert invariant_problems(after) == []
    _rebuilt(after)


def test_reshaping_keeps_every_other_field_of_the_trimmed_board() -> None:
    board = RICH._evolve(dice_seed=5, dice_draws=3)
    after = resized(board, 6, 6)
    trimmed = board.without_tokens([k for k in board.tokens if k not in after.tokens])
    for name in ("holds", "effects", "turn", "rolls", "images", "options", "background"):
        assert getattr(after, name) == getattr(trimmed, name), name
    assert (after.dice_seed, after.dice_draws) == (5, 3)
    flipped = reoriented(board, Orientation.FLAT)
    for name in ("holds", "effects", "turn", "rolls", "images", "options", "background"):
        assert getattr(flipped, name) == getattr(board, name), name
    assert list(flipped.tokens) == list(board.tokens)


# -- a condition's Tiers add up to at most MAX_TIER ------------------------------------------


def test_a_token_whose_tiers_of_one_name_add_past_the_maximum_is_refused() -> None:
    entries = (ConditionEntry("slowed", 60, "Hamper"), ConditionEntry("slowed", 40, "Trap"))
    with pytest.raises(
        ValueError, match=r"token 'x': its Slowed Tiers add up to 100, more than 99"
    ):
        Token("x", "X", Hex(0, 0), conditions=entries)
    Token("x", "X", Hex(0, 0), conditions=(*entries[:1], ConditionEntry("slowed", 39, "Trap")))


@pytest.mark.parametrize(("edit", "tier"), [(set_condition, 99), (add_condition, 50)])
def test_the_edits_cut_a_tier_that_would_take_the_sum_past_the_maximum(
    edit: Callable[..., tuple[ConditionEntry, ...]], tier: int
) -> None:
    entries = (ConditionEntry("encumbered", 2, "Hold"), ConditionEntry("encumbered", 90, "Load"))
    after = edit(entries, "encumbered", tier, "Load")
    assert describe(after) == "Encumbered 99 (Hold 2, Load 97)"
    full = edit((ConditionEntry("slowed", 99, "Trap"),), "slowed", 5, "Hamper")
    assert full == (ConditionEntry("slowed", 99, "Trap"),)  # nothing left to add


def test_a_tier_outside_the_range_is_still_refused_by_set_condition() -> None:
    with pytest.raises(ValueError, match=r"Tier must be 1\.\.99, got 120"):
        set_condition((), "slowed", 120)
    assert add_condition((), "slowed", 120) == (ConditionEntry("slowed", 99),)


def test_the_player_view_of_tiers_at_the_maximum_from_several_sources() -> None:
    entries = set_condition((ConditionEntry("slowed", 98, "Hamper"),), "slowed", 7, "Trap")
    board = RICH.with_token_replaced(replace(RICH.token("h"), conditions=entries))
    assert player_board(board).token("h").conditions == (ConditionEntry("slowed", MAX_TIER),)


def test_every_action_that_adds_tiers_stays_within_the_maximum() -> None:
    """Hamper (+1 Tier of the chosen Ailment, [S002]) on a creature at the maximum."""
    from rules.actions.kinds.overpower import _apply_hamper

    assert callable(_apply_hamper)  # goes through add_condition, which caps
    entries = add_condition((ConditionEntry("slowed", MAX_TIER, "Trap"),), "slowed", 1, "Hamper")
    assert tier_of(entries, "slowed") == MAX_TIER


def test_the_map_reader_refuses_tiers_adding_past_the_maximum_naming_the_token() -> None:
    base = mapfile.dumps(Board.blank(3, 3).with_token(Token("x", "X", Hex(0, 0))))
    two = [
        {"name": "slowed", "tier": 60, "source": "Hamper"},
        {"name": "slowed", "tier": 40, "source": "Trap"},
    ]
    data = edit_json(put("tokens.0.conditions", two), base)
    refuse(data, "map.json: tokens[0]: token 'x': its Slowed Tiers add up to 100, more than 99")
    two[1]["tier"] = 39
    assert (
        tier_of(
            mapfile.loads(edit_json(put("tokens.0.conditions", two), base)).token("x").conditions,
            "slowed",
        )
        == MAX_TIER
    )


def test_ending_one_of_two_effects_keeping_an_area_keeps_the_board_valid() -> None:
    from rules.board.turn_state import without_effect

    board = RICH.with_area(AreaTemplate("wall", AreaKind.BURST, 1, (RICH.hex_at(4, 4),)))
    board = with_effect(board, OngoingEffect("w1", "Wall", area_id="wall"))
    board = with_effect(board, OngoingEffect("w2", "Wall too", area_id="wall"))
    after = without_effect(board, "w1")
    assert invariant_problems(after) == []
    assert "wall" in after.areas and set(after.effects) & {"w1", "w2"} == {"w2"}
    gone = without_effect(after, "w2")  # the last effect keeping it: the Area goes too
    assert invariant_problems(gone) == [] and "wall" not in gone.areas


def test_an_effect_that_ends_at_the_soulweavers_turn_leaves_its_area_to_its_partner() -> None:
    from rules.movement.turn_flow import begin_turn
    from rules.turns import SOULWEAVER

    board = RICH.with_area(AreaTemplate("wall", AreaKind.BURST, 1, (RICH.hex_at(4, 4),)))
    board = with_effect(board, OngoingEffect("w1", "Wall", rounds_left=1, area_id="wall"))
    board = with_effect(board, OngoingEffect("w2", "Wall too", rounds_left=3, area_id="wall"))
    start = begin_turn(board, SOULWEAVER)
    assert invariant_problems(start.board) == []
    assert "wall" in start.board.areas and set(start.board.effects) & {"w1", "w2"} == {"w2"}
    assert start.board.effects["w2"].rounds_left == 2


def test_a_turn_order_naming_a_token_twice_is_refused_as_an_edit() -> None:
    from rules.board.turn_state import with_turn
    from rules.turns import Participant, TurnState

    ids = list(RICH.tokens)[:2]
    order = tuple(Participant(i, 10) for i in [ids[0], ids[1], ids[0]])
    with pytest.raises(ValueError, match="in the turn order twice"):
        with_turn(RICH, TurnState(order=order, round=1, current=0))


LONE = "\ud800"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Token("x", f"Wyrm{LONE}", Hex(0, 0)), "its name is not valid text"),
        (lambda: Token("x", "Wyrm", Hex(0, 0), notes=LONE), "its notes is not valid text"),
        (lambda: Label("l", f"Ford{LONE}", Hex(0, 0)), "its text is not valid text"),
        (lambda: Note("n", LONE, Hex(0, 0)), "its text is not valid text"),
        (lambda: ConditionEntry("slowed", 1, f"Trap{LONE}"), "the source is not valid text"),
        (lambda: OngoingEffect("e", f"Wall{LONE}"), "name or description is not valid text"),
    ],
)
def test_text_no_file_can_hold_is_refused_where_it_is_made(make: Any, message: str) -> None:
    """A lone surrogate (a damaged clipboard, a shared template) never reaches a board, so
    nothing made can be unsaveable [issue #14]."""
    with pytest.raises(ValueError, match=message):
        make()


def test_the_maps_own_text_is_an_invariant() -> None:
    board = Board.blank(3, 3)._evolve(name=f"Keep{LONE}", options={"note": LONE})
    problems = invariant_problems(board)
    assert any("the map's name is not valid text" in p for p in problems)
    assert any("option 'note' is not valid text" in p for p in problems)
