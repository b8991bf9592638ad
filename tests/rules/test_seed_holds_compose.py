"""Holds composed with Bulk, touch, forced movement, damage and swallowing (issue #13;
rules/holds.py, rules/actions_hold.py, rules/forced.py; seed 002 Grab/Hold, Grapple).

Each test quotes the [S002] sentence it checks. Dice are typed in so every outcome is
exact: ``[12]`` against ``[2]`` succeeds, ``[2]`` against ``[12]`` fails.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import Board, Hex, Token
from rules.actions import ActionPlan, ActionRequest, Weapon, plan_action, read_dice, resolve
from rules.actions.kinds.hold import (
    HOLD_MOVE_DL,
    hold_contests_won,
    hold_move_contests,
    stomach_wound,
)
from rules.battlefield.encumbrance import encumbered
from rules.battlefield.holds import (
    can_touch,
    carry_held,
    hold_reach,
    holds_after_move,
    move_holder,
    move_together,
    stomach_check,
    swallow,
)
from rules.battlefield.occupancy import crowded
from rules.board.conditions import set_condition, tier_of
from rules.board.holds import (
    Hold,
    body_bulk,
    carried_bulk,
    held_refusal,
    hold_resistance,
    over_bulk_limit,
    swallower_of,
    with_hold,
)
from rules.board.motion import Motion
from rules.board.pools import Vitals, pool_current
from rules.dice import read_faces
from rules.movement.forced import apply_forced, forced_move

BULK = "The Bulk of all other creatures in the Hold count towards your carried Bulk."
TOUCH = (
    "A creature stops being a Holder if they can no longer touch the other creature with "
    "parts they used for the Hold."
)
ENDS = "If there is no Holder or Held creature in a Hold, the Hold ends."
DISTAL = (
    "If the part you use to Grapple has a Distal, you may have the attack also deal damage "
    "from that Distal."
)
MOVED = (
    "If an effect would move you, it attacks Athletics of each creature in the Hold with a "
    "number of d12 equal to the number of spaces it is trying to move you to remove you from "
    "the Hold. On failure against any, you are not moved."
)
SWALLOWED = (
    "While swallowed, there is no light, they cannot breathe, and have Tier 2 Crowded. They "
    "can attack your stomach as an unattended object with 2 Durability and 0 Physical "
    "Reduction. If there are 6 Tiers of Wounded to the stomach, they fall out."
)

HIT, MISS = ([12], [[2]]), ([2], [[12]])
STATS = Vitals(stats=(("athletics", 1), ("elude", 1)), maximum=(("grit", 6),))
OGRE = Token("o", "Ogre", Hex(3, 3), size=1, vitals=STATS)  # Reach 2: a Hold reaches 1
ARIA = Token("a", "Aria", Hex(4, 3), vitals=STATS)
WYRM = Token("w", "Wyrm", Hex(3, 3), size=4, vitals=STATS)
MOUSE = Token("m", "Mouse", Hex(5, 3), size=-2, vitals=STATS)


def said(sentence: str, texts: tuple[str, ...]) -> bool:
    """Whether one of ``texts`` quotes ``sentence`` (its last full stop aside)."""
    return any(sentence.rstrip(".") in t for t in texts)


def board_with(*tokens: Token) -> Board:
    board = Board.blank(12, 10)
    for token in tokens:
        board = board.with_token(token)
    return board


def held_board(*more: Token) -> Board:
    """The Ogre holds Aria."""
    return with_hold(board_with(OGRE, ARIA, *more), Hold("o", "a"))


def swallowed_board(wyrm: Token = WYRM, mouse: Token = MOUSE) -> Board:
    """The Wyrm has swallowed the Mouse."""
    board = with_hold(board_with(wyrm, mouse), Hold(wyrm.id, mouse.id))
    return swallow(board, wyrm.id, mouse.id).board


def plan(
    board: Board, key: str, actor: str = "o", target: str | None = "a", **kw: object
) -> ActionPlan:
    return plan_action(board, ActionRequest(key, actor, target, **kw))  # type: ignore[arg-type]


# -- carried Bulk ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("size", "bulk"), [(-2, 50 / 9), (-1, 50 / 3), (0, 50.0), (1, 150.0), (2, 450.0)]
)
def test_a_creatures_body_bulk_is_its_weight_at_one_bulk_per_three_pounds(
    size: int, bulk: float
) -> None:
    """[S002] "The Bulk of all other creatures in the Hold count towards your carried
    Bulk." — a creature's Bulk is 1 per 3 lb [P-GEAR], 150 lb at size 0 and ×3 per size
    (Q15): never rounded."""
    source = body_bulk(Token("t", "T", Hex(0, 0), size=size))
    assert source.bulk == pytest.approx(bulk)
    assert "[P-GEAR]" in source.reason and "[ASSUMPTION]" in source.reason


def test_everyone_else_in_the_hold_counts_towards_carried_bulk() -> None:
    """[S002] "The Bulk of all other creatures in the Hold count towards your carried
    Bulk." — the Holder carries the Held creature, and the Held creature the Holder."""
    ogre = replace(OGRE, motion=Motion(bulk=10.0, bulk_limit=100.0))
    board = with_hold(board_with(ogre, ARIA), Hold("o", "a"))
    carried = carried_bulk(board, "o")
    assert carried.total == pytest.approx(60.0) and carried.limit == 100.0
    assert [(s.token_id, s.bulk) for s in carried.sources] == [("o", 10.0), ("a", 50.0)]
    assert said(BULK, tuple(s.reason for s in carried.sources[1:]))
    assert carried.describe() == "carries 60 Bulk of limit 100: own 10, Aria 50"
    assert carried_bulk(board, "a").total == pytest.approx(150.0)
    assert carried_bulk(board_with(ogre), "o").total == 10.0


@pytest.mark.parametrize(
    ("limit", "level"), [(None, 0), (100.0, 0), (60.0, 0), (50.0, 1), (30.0, 1), (29.0, 2)]
)
def test_over_the_bulk_limit_counts_the_creatures_in_the_hold(
    limit: float | None, level: int
) -> None:
    """[S002] "The Bulk of all other creatures in the Hold count towards your carried
    Bulk."; [S001] "If you carry more than your Bulk Limit, you cannot increase your
    elevation … more than double your Bulk Limit, you fall" — 10 carried + Aria's 50."""
    ogre = replace(OGRE, motion=Motion(bulk=10.0, bulk_limit=limit))
    board = with_hold(board_with(ogre, ARIA), Hold("o", "a"))
    assert over_bulk_limit(board, "o") == level
    assert over_bulk_limit(board_with(ogre), "o") == ogre.motion.over_bulk_limit()


def test_a_swallowed_creature_is_out_of_the_hold_and_not_carried_as_one() -> None:
    """[S002] "On success, they are removed from the [Hold] and they enter your stomach" —
    so "all other creatures in the Hold" no longer names it."""
    board = swallowed_board()
    assert carried_bulk(board, "w").total == 0.0


# -- touch -----------------------------------------------------------------------------
@pytest.mark.parametrize(("size", "reach"), [(-2, -1), (0, 0), (1, 1), (2, 1), (3, 2)])
def test_a_hold_reaches_one_less_than_the_holders_reach(size: int, reach: int) -> None:
    """[S002] "Have -1 Reach with this attack"; "A creature stops being a Holder if they
    can no longer touch the other creature with parts they used for the Hold." """
    assert hold_reach(Token("t", "T", Hex(0, 0), size=size)) == reach


@pytest.mark.parametrize(
    ("anchor", "kept"),
    [(Hex(4, 3), True), (Hex(3, 4), True), (Hex(4, 4), False), (Hex(5, 3), False)],
)
def test_a_holder_that_can_no_longer_touch_stops_being_one(anchor: Hex, kept: bool) -> None:
    """[S002] "A creature stops being a Holder if they can no longer touch the other
    creature with parts they used for the Hold." and "If there is no Holder or Held
    creature in a Hold, the Hold ends." — the Soulweaver drags Aria away from the Ogre."""
    update = move_together(held_board(), "a", anchor)
    assert bool(update.board.holds) == kept
    if kept:
        assert tier_of(update.board.token("a").conditions, "held") == 1
        return
    assert update.board.token("a").conditions == () and update.board.token("o").conditions == ()
    assert said(TOUCH, update.reasons) and said(ENDS, update.reasons)


@pytest.mark.parametrize(("rule", "kept"), [("count", False), ("ignore", True)])
def test_touch_counts_height_like_range(rule: str, kept: bool) -> None:
    """[S002] "A creature stops being a Holder if they can no longer touch the other
    creature with parts they used for the Hold." — counted in contiguous spaces (§11a D9):
    one space across and two up is three away, beyond the Ogre's Hold Reach 1, unless
    elevation is ignored."""
    board = held_board().with_terrain("elevation", [ARIA.position], 2)
    board = board._evolve(options={"range_elevation": rule})
    touch = can_touch(board, board.holds[0])
    assert (touch.touching, touch.spaces) == (kept, 1 if kept else 3)
    assert bool(holds_after_move(board).board.holds) == kept


def test_a_holder_flying_up_lets_go() -> None:
    """[S002] "A creature stops being a Holder if they can no longer touch the other
    creature with parts they used for the Hold." — 1 across and 2 up."""
    board = held_board()
    ogre = replace(board.token("o"), movement_types=("land", "fly"))
    board = board.with_token_replaced(replace(ogre, motion=Motion(mode="fly", altitude=2)))
    update = holds_after_move(board)
    assert update.board.holds == () and "3 spaces from Ogre" in update.reasons[0]


def test_the_held_creature_follows_unless_the_map_ends_then_the_hold_may_end() -> None:
    """[ASSUMPTION] "they move together" (issue #7); [S002] "A creature stops being a
    Holder if they can no longer touch the other creature with parts they used for the
    Hold." """
    board = held_board()
    assert move_holder(board, "o", Hex(3, 4)).token("a").position == Hex(4, 4)
    edge = with_hold(
        board_with(Token("o", "Ogre", Hex(5, 1), size=1), Token("a", "Aria", Hex(5, 0))),
        Hold("o", "a"),
    )
    assert not (edge.contains(Hex(5, -1)) or edge.contains(Hex(7, -1)))
    near = move_together(edge, "o", Hex(5, 0))  # Aria cannot follow, still touching
    assert near.board.holds == edge.holds and near.moved == ("o",)
    far = move_together(edge, "o", Hex(7, 0))  # Aria stays, 2 spaces away
    assert far.board.token("a").position == Hex(5, 0) and far.board.holds == ()


def test_no_hold_no_change() -> None:
    """[S002] "If there is no Holder or Held creature in a Hold, the Hold ends." — and
    with no Hold, nothing ends."""
    board = board_with(OGRE, ARIA)
    assert holds_after_move(board).board is board and holds_after_move(board).reasons == ()


# -- Grapple with a Distal ------------------------------------------------------------------
def test_a_grapple_may_deal_the_distals_damage() -> None:
    """[S002] "If the part you use to Grapple has a Distal, you may have the attack also
    deal damage from that Distal." — the request's weapon is the Distal."""
    board = held_board()
    claw = Weapon("claw", damage=3)
    p = plan(board, "grapple", choice="distal", weapon=claw)
    assert p.damage is not None and (p.damage.dice, p.damage.skill) == (3, "claw (Distal)")
    assert said(DISTAL, p.notes)
    hit = resolve(board, p, read_dice(p, *HIT, [[9, 4, 2]]))
    aria = hit.board.token("a")
    assert pool_current(aria.vitals, "grit") == 4 and encumbered(hit.board, "a").tier == 3
    assert said(DISTAL, hit.reasons)
    missed = resolve(board, p, read_dice(p, *MISS, [[9, 4, 2]])).board.token("a")
    assert pool_current(missed.vitals, "grit") == 6
    unrolled = resolve(board, p, read_dice(p, *HIT))
    assert any("not rolled" in r for r in unrolled.reasons)
    assert plan(board, "grapple").damage is None


def test_a_distal_grapple_may_also_be_a_called_shot_and_strikes_the_part() -> None:
    """[S002] "If the part you use to Grapple has a Distal, you may have the attack also
    deal damage from that Distal."; with Called Shot "the attack strikes the part"."""
    board = held_board()
    p = plan(board, "grapple", choice="distal", part="head")
    assert p.allowed
    hit = resolve(board, p, read_dice(p, [12], [[2]], [[9, 9]]))
    assert hit.board.holds[0].part == "head"
    assert any("Called Shot (head)" in r for r in hit.reasons)
    both = plan(board, "grapple", choice="swallow", part="head").refusal
    assert both is not None and "[ASSUMPTION]" in both


# -- being moved while in a Hold -------------------------------------------------------------
def test_pushing_a_held_creature_attacks_everyone_else_in_the_hold() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you to
    remove you from the Hold. On failure against any, you are not moved." """
    board = held_board()
    push = forced_move(board, "a", 0, 3)
    assert push.hold.pairs == (("o", 3),) and said(MOVED, push.hold.reasons)
    with pytest.raises(ValueError, match="attacks on the Athletics"):
        push.resolve([])
    stays = push.resolve([], hold=[False])
    assert (stays.anchor, stays.spaces_moved, stays.held_back) == (ARIA.position, 0, ("o",))
    assert apply_forced(board, push, stays).board == board
    out = push.resolve([], hold=[True])
    assert out.left_hold and out.spaces_moved == 3
    after = apply_forced(board, push, out)
    assert after.board.holds == () and after.board.token("a").position == Hex(7, 3)
    assert after.board.token("a").conditions == () and after.moved == ("a",)


def test_pushing_the_holder_attacks_the_held_creature() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold …" — the Holder is in the Hold too."""
    board = held_board()
    push = forced_move(board, "o", 6, 1)
    assert push.hold.pairs == (("a", 1),)
    after = apply_forced(board, push, push.resolve([], hold=[True]))
    assert after.board.holds == () and after.board.token("a").position == ARIA.position


def test_a_creature_in_no_hold_is_pushed_without_contests() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold" — in no Hold, nobody to attack."""
    board = board_with(OGRE, ARIA)
    push = forced_move(board, "a", 0, 2)
    assert push.hold.contests == () and push.resolve([]).spaces_moved == 2
    with pytest.raises(ValueError, match="attacks on the Athletics"):
        push.resolve([], hold=[True])


def test_shove_and_forced_movement_ask_the_same_owner_for_the_contests() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold with a number of d12 equal to the number of spaces it is trying to move you" — one
    owner: the Shove's contests are :func:`hold_resistance`'s, as rolls by
    :func:`hold_move_contests`."""
    cat = Token("c", "Cat", Hex(4, 4), size=-1)
    board = with_hold(held_board(cat), Hold("a", "c"))
    shove = plan(board, "shove", destination=Hex(5, 3))
    owner = hold_move_contests(board, hold_resistance(board, "a", 1, exclude=("o",)), "o")
    assert shove.follow_ups == owner
    assert [(a.dice, d.who, d.skill) for a, d in owner] == [(1, "c", "Athletics")]
    rolls = [(read_faces([11]), read_faces([3])), (read_faces([2]), read_faces([9]))]
    assert hold_contests_won(rolls, HOLD_MOVE_DL) == (True, False)


def test_a_swallowed_creature_is_pushed_only_with_its_swallower() -> None:
    """[S002] "they enter your stomach" — it moves with its swallower."""
    board = swallowed_board()
    with pytest.raises(ValueError, match="swallowed by Wyrm"):
        forced_move(board, "m", 0, 1)
    push = forced_move(board, "w", 0, 2)
    after = apply_forced(board, push, push.resolve([False] * len(push.attacks)))
    assert after.board.token("m").position == after.board.token("w").position == Hex(5, 3)
    assert set(after.moved) == {"w", "m"}


# -- swallowed ---------------------------------------------------------------------------
def test_a_swallowed_creature_stores_only_swallowed_and_is_crowded_two() -> None:
    """[S002] "While swallowed, there is no light, they cannot breathe, and have Tier 2
    Crowded." — Crowded and its Encumbered are computed, never stored."""
    board = swallowed_board()
    mouse = board.token("m")
    assert [(e.name, e.source) for e in mouse.conditions] == [("swallowed", "w")]
    assert swallower_of(board, "m") == "w" and board.holds == ()
    assert crowded(board, "m").tier == 2 and encumbered(board, "m").tier == 1
    assert held_refusal(board, "m") == "Mouse is swallowed by Wyrm: it moves only with Wyrm [S002]"


def test_a_swallowed_creature_moves_with_its_swallower() -> None:
    """[S002] "they enter your stomach": the stomach goes where the swallower goes."""
    board = swallowed_board()
    assert board.token("m").position == WYRM.position
    moved = move_holder(board, "w", Hex(5, 4))
    assert moved.token("m").position == Hex(5, 4)
    walked = carry_held(board.with_token_moved("w", Hex(2, 3)), "w", WYRM.position)
    assert walked.token("m").position == Hex(2, 3)


def test_an_older_map_naming_the_swallower_still_finds_it() -> None:
    """[S002] "they enter your stomach" — maps saved before #13 kept the swallower's name."""
    board = swallowed_board()
    mouse = board.token("m")
    named = set_condition((), "swallowed", 1, "Wyrm")
    board = board.with_token_replaced(replace(mouse, conditions=named))
    assert swallower_of(board, "m") == "w"


@pytest.mark.parametrize(
    ("faces", "before", "injury", "wounded", "after"),
    [
        ((2, 2), 0, 0, 0, 0),
        ((3, 9), 0, 2, 0, 0),
        ((3, 9, 12), 1, 3, 1, 2),
        ((12, 12, 12, 12, 12), 4, 5, 3, 7),
    ],
)
def test_the_stomach_is_an_object_with_durability_two_and_no_reduction(
    faces: tuple[int, ...], before: int, injury: int, wounded: int, after: int
) -> None:
    """[S002] "They can attack your stomach as an unattended object with 2 Durability and
    0 Physical Reduction." — Injury counts faces ≥ 3 + 0; Durability 2 as its threshold."""
    wound = stomach_wound(faces, before)
    assert (wound.injury, wound.wounded, wound.after) == (injury, wounded, after)


def test_only_a_swallowed_creature_attacks_the_stomach() -> None:
    """[S002] "They can attack your stomach as an unattended object" — they: the
    swallowed."""
    board = swallowed_board()
    refused = plan(board, "stomach", "w", None).refusal
    assert refused == "Wyrm is not swallowed: only a creature in a stomach can attack it [S002]"
    p = plan(board, "stomach", "m", None, weapon=Weapon("knife", damage=3, reduction=4))
    assert p.allowed and p.targets == ("w",) and p.defences == () and p.dl == 3
    assert p.attack is not None and p.attack.skill == "Martial"
    assert p.damage is not None and p.damage.dice == 3 and p.request.weapon.reduction == 0
    assert any("Encumbered 1" in m.reason for m in p.attack.modifiers)


def test_six_wounded_tiers_to_the_stomach_and_they_fall_out() -> None:
    """[S002] "If there are 6 Tiers of Wounded to the stomach, they fall out." """
    wyrm = replace(WYRM, vitals=STATS.with_value("wounded", "stomach", 4))
    board = swallowed_board(wyrm)
    p = plan(board, "stomach", "m", None, weapon=Weapon("knife", damage=3))
    still = resolve(board, p, read_dice(p, [12], [], [[3, 4, 2]]))
    assert swallower_of(still.board, "m") == "w"
    out = resolve(board, p, read_dice(p, [12], [], [[3, 4, 5]]))
    assert dict(out.board.token("w").vitals.wounded)["stomach"] == 5
    deeper = resolve(out.board, p, read_dice(p, [12], [], [[12, 12, 12]]))
    mouse = deeper.board.token("m")
    assert swallower_of(deeper.board, "m") is None and mouse.conditions == ()
    assert mouse.position == WYRM.position and deeper.moved == ("m",)
    assert any("6 Tiers of Wounded to the stomach, they fall out" in r for r in deeper.reasons)
    missed = resolve(board, p, read_dice(p, [2], [], [[12, 12, 12]]))
    assert dict(missed.board.token("w").vitals.wounded)["stomach"] == 4


def test_falling_out_of_a_full_space_lands_next_to_the_swallower() -> None:
    """[S002] "If there are 6 Tiers of Wounded to the stomach, they fall out." — a size-2
    swallower fills its space, so the size −4 creature lands beside it."""
    bison = Token("b", "Bison", Hex(3, 3), size=2, vitals=STATS)
    flea = Token("f", "Flea", Hex(4, 3), size=-4, vitals=STATS)
    board = swallowed_board(bison, flea)
    wounded = replace(board.token("b"), vitals=STATS.with_value("wounded", "stomach", 6))
    update = stomach_check(board.with_token_replaced(wounded), "b")
    assert update.board.token("f").position == Hex(4, 3) and update.moved == ("f",)
    assert update.board.token("f").conditions == ()
    assert stomach_check(board, "b").board == board  # 0 Tiers: still inside
