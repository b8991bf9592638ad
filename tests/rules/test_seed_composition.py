"""Rules that compose (issue #13): one owner per concept, asked by every roll it touches.

Table-driven: every state that gives Encumbered × every roll kind it should and should
not touch; wings' two sizes × every purpose; Rapid Strike's round-long loss; a swallowed
creature's Crowded; a Strike against Nimble. Each test quotes the seed sentence.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import Board, Hex, Token
from rules.actions import ActionPlan, ActionRequest, Weapon, plan_action, read_dice, resolve
from rules.actions.overpower import overpower
from rules.actions.strike import strike
from rules.battlefield.encumbrance import encumbered
from rules.battlefield.occupancy import crowded
from rules.board.conditions import set_condition
from rules.board.motion import Motion
from rules.board.pools import Vitals
from rules.board.sizes import effective_size
from rules.movement.costs import step_cost
from rules.movement.hinder import hinder_chances
from rules.movement.plan import sound_of
from rules.reasons import Term

STATS = Vitals(
    stats=(("martial", 2), ("elude", 1), ("nimble", 1), ("athletics", 1)),
    maximum=(("grit", 6),),
    severe_threshold=2,
)
HERE, NEXT = Hex(3, 3), Hex(4, 3)


def board_with(*tokens: Token) -> Board:
    board = Board.blank(10, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


def aria(**kw: object) -> Token:
    return Token("a", "Aria", HERE, vitals=STATS, **kw)  # type: ignore[arg-type]


def bram(where: Hex = NEXT, **kw: object) -> Token:
    return Token("b", "Bram", where, vitals=STATS, **kw)  # type: ignore[arg-type]


def cond(*pairs: tuple[str, int, str]) -> tuple[object, ...]:
    entries: tuple[object, ...] = ()
    for name, tier, source in pairs:
        entries = set_condition(entries, name, tier, source)  # type: ignore[arg-type]
    return entries


CROUCH = "[S001] 'While Crouching, have Tier 1 Encumbered.'"
PRONE = "[S001] 'While Prone, have Tier 2 Encumbered'"
CLIMB = "[S001] 'While Climbing, increases Movement costs by 1 and have Tier 2 Encumbered.'"
AIR = "[S001] 'While off the ground, you have Tier 2 Encumbered.'"
CROWD = "[S000] 'Crowded causes Tier 1 Encumbered'"
HOLD = "[S002] 'While in a Hold … Have 2 Tiers of Encumbered.'"

# (state of Aria, other tokens, Encumbered Tier, the breakdown, the Movement cost it adds)
STATES = [
    pytest.param({}, (), 0, "", 0, id="no state: not Encumbered"),
    pytest.param(
        {"conditions": cond(("crouching", 1, ""))}, (), 1, "Encumbered 1: Crouching 1", 0, id=CROUCH
    ),
    pytest.param(
        {"conditions": cond(("prone", 1, ""))}, (), 2, "Encumbered 2: Prone 2", 0, id=PRONE
    ),
    pytest.param({"motion": Motion(mode="climb")}, (), 2, "Encumbered 2: Climbing 2", 0, id=CLIMB),
    pytest.param(
        {"motion": Motion(altitude=1)}, (), 2, "Encumbered 2: off the ground 2", 2, id=AIR
    ),
    pytest.param({}, ("b",), 1, "Encumbered 1: Crowded 1", 0, id=CROWD),
    pytest.param(
        {"conditions": cond(("encumbered", 2, "Hold"))}, (), 2, "Encumbered 2: Hold 2", 2, id=HOLD
    ),
    pytest.param(
        {"conditions": cond(("prone", 1, ""))},
        ("b",),
        3,
        "Encumbered 3: Prone 2, Crowded 1",
        0,
        id="Tiers of the same name add",
    ),
]


def state_board(state: dict[str, object], others: tuple[str, ...]) -> Board:
    tokens = [aria(**state)]
    if "b" in others:
        tokens.append(bram(HERE))
    tokens.append(Token("o", "Ogre", NEXT, size=1, vitals=STATS))
    return board_with(*tokens)


@pytest.mark.parametrize(("state", "others", "tier", "text", "cost"), STATES)
def test_every_source_of_encumbered_is_counted_once(
    state: dict[str, object], others: tuple[str, ...], tier: int, text: str, cost: int
) -> None:
    """[P-COND] Encumbered: "−Tier on physical action rolls, physical defences and Mobility
    rolls; +Tier Movement cost" — with §11a D4: no double count of written costs."""
    got = encumbered(state_board(state, others), "a")
    assert (got.tier, got.describe(), got.move_cost) == (tier, text, cost)
    assert all(s.source.startswith("[") for s in got.sources)


def attack_and_defence(board: Board, key: str = "strike") -> tuple[ActionPlan, ActionPlan]:
    mine = plan_action(board, ActionRequest(key, "a", "o"))
    theirs = plan_action(board, ActionRequest(key, "o", "a"))
    return mine, theirs


def enc_term(plan: ActionPlan, role: str) -> int:
    pool = plan.attack if role == "attack" else plan.defences[0]
    assert pool is not None
    return sum(m.amount for m in pool.modifiers if m.reason.startswith("Encumbered"))


@pytest.mark.parametrize(("state", "others", "tier", "text", "cost"), STATES)
@pytest.mark.parametrize("key", ["strike", "hamper"])
def test_encumbered_takes_its_tier_from_physical_attacks_and_defences(
    key: str, state: dict[str, object], others: tuple[str, ...], tier: int, text: str, cost: int
) -> None:
    """[P-COND] "−Tier on physical action rolls, physical defences" — a Strike and an
    Overpower alike; the term names every source."""
    mine, theirs = attack_and_defence(state_board(state, others), key)
    assert enc_term(mine, "attack") == -tier
    assert enc_term(theirs, "defence") == -tier
    if tier:
        assert any(text in m.reason for m in mine.attack.modifiers)  # type: ignore[union-attr]


@pytest.mark.parametrize(("state", "others", "tier", "text", "cost"), STATES)
def test_encumbered_does_not_touch_a_social_roll(
    state: dict[str, object], others: tuple[str, ...], tier: int, text: str, cost: int
) -> None:
    """Encumbered is on *physical* rolls [P-COND]: a Distract (Guile) is not one."""
    board = state_board(state, others)
    distract = plan_action(board, ActionRequest("distract", "a", targets=("o",), choice="major"))
    assert distract.attack is not None
    assert not any(m.reason.startswith("Encumbered") for m in distract.attack.modifiers)


def test_encumbered_movement_cost_follows_d4() -> None:
    """§11a D4: "Crouch +1, Prone +2, Climb +1 as written; Encumbered's own +Tier cost only
    from other sources (Hold, Load, airborne Tier 2 while jumping)"."""
    prone = state_board({"conditions": cond(("prone", 1, ""))}, ())
    held = state_board({"conditions": cond(("encumbered", 2, "Hold"))}, ())
    assert step_cost(prone, "a", HERE, Hex(3, 4)).cost == 1 + 2
    assert step_cost(held, "a", HERE, Hex(3, 4)).cost == 1 + 2
    stacked = prone._evolve(options={"encumbered_costs": "stack"})
    assert step_cost(stacked, "a", HERE, Hex(3, 4)).cost == 1 + 2 + 2


# --- wings: [S001] "Count as 2 sizes larger to determine Crowded, sound you make from
# movement, and when you are attacked with Martial or Nimble." -----------------------------

BAT = Token(
    "w",
    "Bat",
    NEXT,
    vitals=STATS,
    movement_types=("land", "swim", "fly"),
    motion=Motion(mode="fly", winged=True),
)

WINGS = [
    pytest.param("crowded", None, 2, id="Crowded: +2"),
    pytest.param("sound", None, 2, id="sound from movement: +2"),
    pytest.param("attacked", "Martial", 2, id="attacked with Martial: +2"),
    pytest.param("attacked", "Nimble", 2, id="attacked with Nimble: +2"),
    pytest.param("attacked", "Athletics", 0, id="Q26: an Athletics Overpower: no change"),
    pytest.param("occupancy", None, 0, id="units in a space: no change"),
]


@pytest.mark.parametrize(("purpose", "skill", "size"), WINGS)
def test_a_winged_flyer_counts_two_sizes_larger_only_where_the_seed_says(
    purpose: str, skill: str | None, size: int
) -> None:
    assert effective_size(BAT, purpose, skill=skill).value == size


def test_wings_change_a_strikes_size_modifier_but_not_an_overpowers() -> None:
    """Behaviour 1 (#13): a Strike (Martial or Nimble) sees size 2; an Overpower
    (Athletics, Q26) sees size 0."""
    board = board_with(aria(), BAT)
    melee = strike(board, "a", "w", dice=2)
    assert melee.modifiers[0].amount == 1  # target 2 larger: +1, half the difference
    assert overpower(board, "a", "w", "shove").modifier == 0
    walker = board_with(aria(), replace(BAT, motion=Motion(winged=True)))
    assert strike(walker, "a", "w", dice=2).modifiers[0].amount == 0
    assert sound_of(board.token("w")).magnitude == sound_of(walker.token("w")).magnitude + 2


def test_hinder_movement_against_a_winged_flyer_sees_it_two_sizes_larger() -> None:
    """[S002] Hinder Movement "counts as an Overpower effect" and is rolled with Martial
    (Q26), so a winged flyer counts 2 sizes larger ([S001] "when you are attacked with
    Martial or Nimble"): the hinderer's size bonus against it shrinks by 2."""
    small = replace(BAT, size=-2, position=NEXT)
    path = [NEXT, Hex(5, 3)]
    for mover, bonus in ((small, 0), (replace(small, motion=Motion(winged=True)), 2)):
        board = board_with(aria(), mover)
        [chance] = hinder_chances(board, "w", path)
        assert chance.size_modifier == bonus


# --- Strikes against Nimble ------------------------------------------------------------


def test_a_huge_attacker_against_nimble_moves_the_size_penalty_to_damage() -> None:
    """[S002] "If you are 4 or more sizes larger than your target, you can instead attack
    against Nimble and the penalty on your roll instead applies to damage." """
    giant = Token("g", "Giant", HERE, size=4, vitals=STATS)
    board = board_with(giant, bram())
    axe = Weapon("axe", damage=4)
    usual = plan_action(board, ActionRequest("strike", "g", "b", weapon=axe))
    nimble = plan_action(
        board, ActionRequest("strike", "g", "b", weapon=axe, defence_skill="Nimble")
    )
    assert usual.attack is not None and nimble.attack is not None
    assert usual.attack.modifier == -2 and nimble.attack.modifier == 0
    assert usual.damage is not None and nimble.damage is not None
    assert (usual.damage.dice, nimble.damage.dice) == (4, 2)
    assert nimble.defences[0].skill == "Nimble"
    assert any("applies to damage" in m.reason for m in nimble.attack.modifiers)


def test_only_a_creature_four_sizes_larger_may_attack_against_nimble() -> None:
    board = board_with(Token("o", "Ogre", HERE, size=2, vitals=STATS), bram())
    refused = plan_action(board, ActionRequest("strike", "o", "b", defence_skill="Nimble"))
    assert "4 or more sizes larger" in (refused.refusal or "")


# --- Rapid Strike: "For 1 round, lose that number of d12 on attack rolls and half that
# number on damage rolls." ---------------------------------------------------------------


def test_rapid_strikes_loss_lasts_the_round_for_every_attack_and_damage_roll() -> None:
    board = board_with(aria(), bram())
    sword = Weapon("sword", damage=3)
    declare = ActionRequest("rapid_strike", "a", "b", number=2, weapon=sword, attack_dice=5)
    rapid = plan_action(board, declare)
    assert rapid.attack is not None and rapid.damage is not None
    faces = read_dice(rapid, [9] * rapid.attack.dice, [[1]], [[1] * rapid.damage.dice])
    after = resolve(board, rapid, faces).board
    for key in ("strike", "hamper"):
        later = plan_action(after, ActionRequest(key, "a", "b", weapon=sword))
        before = plan_action(board, ActionRequest(key, "a", "b", weapon=sword))
        assert later.attack is not None and before.attack is not None
        assert later.attack.dice == before.attack.dice - 2
        assert any("Rapid Strike 2 this round" in n for n in later.notes)
        if later.damage is not None and before.damage is not None:
            assert later.damage.dice == before.damage.dice - 1
    theirs = plan_action(after, ActionRequest("strike", "b", "a", weapon=sword))
    mine = plan_action(board, ActionRequest("strike", "b", "a", weapon=sword))
    assert theirs.attack == mine.attack  # only the declarer loses dice


# --- swallowed: "While swallowed, there is no light, they cannot breathe, and have Tier 2
# Crowded." ------------------------------------------------------------------------------


def test_a_swallowed_creature_has_crowded_two_and_leaves_the_space() -> None:
    whale = Token("w", "Whale", HERE, size=6, vitals=STATS)
    eaten = Token(
        "m",
        "Mouse",
        HERE,
        size=0,
        vitals=STATS,
        conditions=set_condition((), "swallowed", 1, "Whale"),
    )
    board = board_with(whale, eaten, bram(HERE))
    assert crowded(board, "m").tier == 2
    assert encumbered(board, "m").describe() == "Encumbered 1: Crowded 1"
    scaled = board._evolve(options={"crowded_effects": "scale"})
    assert encumbered(scaled, "m").tier == 2
    assert "m" not in {e.token_id for e in crowded(board, "b").entries}


# --- Called Shot: "If you cause Serious Injury, you may replace each Tier of Wounded with 2
# Tiers of Trauma." ------------------------------------------------------------------------


def test_a_called_shot_may_swap_each_wounded_tier_for_two_trauma_tiers() -> None:
    from rules.actions.kinds.attack import TRAUMA_CHOICE
    from rules.board.conditions import tier_of

    board = board_with(aria(), bram())
    club = Weapon("club", damage=4)
    for choice, trauma, wounded in ((None, 0, 3), (TRAUMA_CHOICE, 6, 0)):
        shot = plan_action(
            board,
            ActionRequest(
                "called_shot", "a", "b", part="torso", weapon=club, choice=choice, attack_dice=2
            ),
        )
        assert shot.attack is not None and shot.damage is not None
        dice = read_dice(shot, [12] * shot.attack.dice, [[1]], [[9] * shot.damage.dice])
        hurt = resolve(board, shot, dice).board.token("b")
        # the torso struck: Severe Threshold 2 halved to 1; 4 Injury − 1 = 3 Wounded Tiers
        assert tier_of(hurt.conditions, "trauma") == trauma
        assert dict(hurt.vitals.wounded).get("torso", 0) == wounded


def test_the_pinned_action_api_is_importable() -> None:
    """DESIGN.md: ``rules.actions`` (the conflict-action API, with ``Hold``, ``with_hold``,
    ``escape_hold``); the targeted attack on a space and the shared Hinder defence."""
    import rules.actions as api

    for name in (
        "Hold",
        "with_hold",
        "escape_hold",
        "attack_space",
        "resolve_space_attack",
        "roll_space",
        "hinder_together",
        "hinder_penalty",
    ):
        assert name in api.__all__ and callable(getattr(api, name))


def test_encumbered_takes_its_tier_from_mobility_rolls() -> None:
    """[P-COND] Encumbered: "−Tier on … Mobility rolls"; [S001] "To move using Swim, roll
    Athletics, DL 3." — a creature Encumbered 2 by a Hold rolls Swim at −2."""
    import numpy as np

    from rules.movement.plan import plan_path

    held = state_board({"conditions": cond(("encumbered", 2, "Hold"))}, ())
    water = np.array(held.layer("water_depth"), copy=True)
    col, row = held.cell_of(Hex(3, 4))
    water[row, col] = 2
    board = held.with_layer("water_depth", water)
    swim = plan_path(board, "a", [HERE, Hex(3, 4)]).rolls
    assert [(r.skill, r.dl, r.modifier) for r in swim] == [("Athletics", 3, -2)]
    assert "Encumbered 2: Hold 2" in swim[0].describe()


@pytest.mark.parametrize("limbs", [2, 3])
def test_rapid_strike_lets_strikes_and_overpowers_be_minor_actions_that_lock_a_limb(
    limbs: int,
) -> None:
    """[S002] "Up to the declared number times this turn, you can use any Strike or
    Overpower as a Minor Action. If you do, limbs used to attack cannot be used to attack
    again for 1 round and if attacking with a weapon that is not Lightweight, lose an
    additional 1d12 on that attack roll." """
    minors = Vitals(stats=STATS.stats, maximum=(("grit", 6), ("minor_actions", 3)))
    board = board_with(Token("a", "Aria", HERE, vitals=minors, limbs=limbs), bram())
    sword, knife = Weapon("sword", damage=2), Weapon("knife", damage=1, lightweight=True)
    early = plan_action(board, ActionRequest("strike", "a", "b", minor=True))
    assert "has not declared a Rapid Strike" in (early.refusal or "")
    declare = plan_action(
        board, ActionRequest("rapid_strike", "a", "b", number=2, weapon=sword, attack_dice=6)
    )
    assert declare.attack is not None and declare.damage is not None
    faces = read_dice(declare, [1] * declare.attack.dice, [[9]], [[1] * declare.damage.dice])
    board = resolve(board, declare, faces).board
    heavy = plan_action(board, ActionRequest("strike", "a", "b", minor=True, weapon=sword))
    light = plan_action(board, ActionRequest("strike", "a", "b", minor=True, weapon=knife))
    assert heavy.attack is not None and light.attack is not None
    assert heavy.attack.dice == light.attack.dice - 1
    assert plan_action(
        board, ActionRequest("distract", "a", targets=("b",), choice="minor", minor=True)
    ).refusal
    for _ in range(2):
        p = plan_action(
            board,
            ActionRequest(
                "hamper", "a", "b", minor=True, choice="Muted", weapon=knife, attack_dice=3
            ),
        )
        assert p.refusal is None and p.attack is not None
        board = resolve(board, p, read_dice(p, [1] * p.attack.dice, [[9]])).board
    spent = board.token("a").vitals
    assert dict(spent.current)["minor_actions"] == 1
    again = plan_action(board, ActionRequest("strike", "a", "b", minor=True, weapon=knife))
    later = plan_action(board, ActionRequest("strike", "a", "b", weapon=knife))
    if limbs == 2:  # both limbs attacked as Minor Actions: no attack at all this round
        assert "every limb of Aria has attacked" in (later.refusal or "")
    else:
        assert "used it 2 times" in (again.refusal or "") and later.refusal is None


def test_deleting_a_swallower_frees_what_it_had_swallowed() -> None:
    """A swallowed creature is in its swallower's stomach ([S002]); without the swallower
    it is Swallowed no longer (and not left Crowded 2 by nothing)."""
    whale = Token("w", "Whale", HERE, size=6, vitals=STATS)
    eaten = Token(
        "m", "Mouse", HERE, vitals=STATS, conditions=set_condition((), "swallowed", 1, "w")
    )
    board = board_with(whale, eaten).without_token("w")
    assert board.token("m").conditions == () and crowded(board, "m").tier == 0


def test_grab_grapple_escape_and_climbing_ask_free_limbs() -> None:
    """[S002] "Attack a target who is not Held with a Free Limb to cause you both to be in a
    Hold"; [S001] Climb "requires 2 Free Limbs" — both ask :func:`rules.board.body.free_limbs`."""
    from rules.board.holds import Hold, with_hold

    full = Token("a", "Aria", HERE, vitals=STATS, gripping=2)  # a two-handed weapon
    board = board_with(full, bram(HERE))  # a Grab has −1 Reach: Reach 0, the same space
    grab = plan_action(board, ActionRequest("grab", "a", "b"))
    assert "needs a Free Limb" in (grab.refusal or "") and "grips a weapon" in (grab.refusal or "")
    free = board.with_token_replaced(replace(full, gripping=1))
    assert plan_action(free, ActionRequest("grab", "a", "b")).refusal is None
    held = with_hold(free, Hold("a", "b"))  # its last Free Limb now holds Bram
    assert plan_action(held, ActionRequest("grapple", "a", "b")).refusal is None  # a Holder
    escape = plan_action(held, ActionRequest("escape", "b", "a"))
    assert escape.refusal is None  # Bram's own limbs are free
    cliff = board.with_terrain("steep", [Hex(2, 4)], True)
    refused = step_cost(cliff, "a", HERE, Hex(2, 4))
    assert "climbing needs 2 Free Limbs" in (refused.refusal or "")
    climber = cliff.with_token_replaced(replace(full, gripping=0))
    assert step_cost(climber, "a", HERE, Hex(2, 4)).allowed


def test_wounds_to_a_swallowers_stomach_from_outside_also_let_it_out() -> None:
    """[S002] "If there are 6 Tiers of Wounded to the stomach, they fall out." — whoever
    deals them: a Called Shot on the stomach from outside too."""
    from rules.actions.kinds.attack import apply_damage

    eater = Token(
        "w",
        "Wyrm",
        HERE,
        size=4,
        vitals=replace(STATS, severe_threshold=0),
        movement_types=("land", "swim"),
    )
    eaten = Token("m", "Mouse", HERE, size=-2, conditions=set_condition((), "swallowed", 1, "w"))
    board = board_with(eater, eaten)
    once, _ = apply_damage(board, "w", (12,) * 5, 0, "stomach")
    assert dict(once.token("w").vitals.wounded)["stomach"] == 5 and once.token("m").conditions
    twice, why = apply_damage(once, "w", (12,), 0, "stomach")
    assert twice.token("m").conditions == () and any("fall out" in r for r in why)


def test_the_movement_pools_size_has_one_owner() -> None:
    """The Movement Pool's maximum set by hand in the Vitals is what every formula uses —
    the turn's refill, the Jump bonus and the Collision from movement (D7) alike."""
    from rules.board.turn_state import with_turn
    from rules.movement.collision import formula_pool
    from rules.movement.turn_flow import begin_turn
    from rules.turns import TurnState, join, start

    fast = Token("a", "Aria", HERE, vitals=Vitals(maximum=(("movement", 9),)))
    assert fast.movement_pool == 5 and fast.maximum_of("movement").value == 9
    assert formula_pool(fast).amount == 9
    board = with_turn(board_with(fast), start(join(TurnState(), "a", 5)))
    assert begin_turn(board, "a").board.token("a").left_of("movement") == 9


def test_grit_injury_calls_for_a_flyers_athletics_and_a_ready_manifest() -> None:
    """[S001] "If you suffer Grit Injury, roll Athletics to not fall, DL equal to double
    Injury." [S002] Ready: "After suffering Grit Injury, roll Manifest to not lose the
    effect, DL 3 + Injury." """
    from rules.actions.kinds.attack import apply_damage
    from rules.board.effects import OngoingEffect
    from rules.board.turn_state import with_effect

    board = board_with(BAT)
    ready = OngoingEffect("r1", "Fireball", "w", None, kind="ready", amount=1)
    board = with_effect(board, ready)
    _after, why = apply_damage(board, "w", (9, 4, 1), 0)  # 2 Injury
    assert "Bat rolls Athletics, DL 4, or it falls (Fall…)" in " ".join(why)
    assert any("Manifest, DL 5" in r and "Fireball" in r for r in why)
    walker = board.with_token_replaced(replace(BAT, motion=Motion(winged=True)))
    assert not any("Athletics, DL" in r for r in apply_damage(walker, "w", (9, 4), 0)[1])


# --- moving together: every mover asks rules.battlefield.holds.carried --------------------------


def _jumping_board() -> Board:
    from rules.board.holds import Hold, with_hold
    from rules.board.turn_state import with_turn
    from rules.turns import TurnState, join, start

    giant = Token("g", "Giant", Hex(2, 2), size=2, vitals=STATS, movement_pool=9)
    cub = Token("c", "Cub", Hex(2, 2), size=-2, vitals=STATS)
    board = with_hold(board_with(giant, cub), Hold("g", "c"))
    return with_turn(board, start(join(join(TurnState(), "g", 9), "c", 3)))


def test_a_jump_carries_what_the_jumper_holds_and_a_held_creature_cannot_jump() -> None:
    """[S002] Holds move together (issue #7) and a Held creature cannot walk away; a Jump is
    made "as you would move" [S001], so it counts toward Charge's 2 consecutive spaces."""
    from rules import apply_jump, jump_reach, landing_spaces

    board = _jumping_board()
    leap = jump_reach(12, "long", run_up=2, movement_pool=5, size=2)
    move = apply_jump(board, "g", Hex(4, 2), leap)
    assert move.board is not None
    assert move.board.token("c").position == move.board.token("g").position == Hex(4, 2)
    assert move.board.token("g").motion.spaces_in_a_row == 2
    with pytest.raises(ValueError, match="Held by Giant: Escape first"):
        landing_spaces(board, "c", jump_reach(12, "long", run_up=2, movement_pool=5, size=-2))


def test_a_held_creature_that_shoves_its_holder_is_not_dragged_along() -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold … to remove you from the Hold" — the Held shover is the only other one: no
    contest, and the Holder leaves the Hold rather than carrying its shover."""
    from rules.board.holds import Hold, with_hold

    aria = Token("a", "Aria", Hex(2, 2), vitals=STATS)
    cob = Token("c", "Cob", Hex(2, 2), size=-1, vitals=STATS)
    board = with_hold(board_with(aria, cob), Hold("a", "c"))
    shove = plan_action(
        board,
        ActionRequest("shove", "c", "a", destination=Hex(3, 2), attack_dice=2, defence_dice=1),
    )
    assert shove.refusal is None and shove.follow_ups == ()
    after = resolve(board, shove, read_dice(shove, [12, 12], [[1]])).board
    assert after.token("a").position == Hex(3, 2) and after.token("c").position == Hex(2, 2)
    assert after.holds == ()


def test_a_flying_holder_lifts_what_it_holds() -> None:
    """[S002] "The Bulk of all other creatures in the Hold count towards your carried Bulk"
    — a flyer carries its Held creature up with it instead of letting go."""
    from rules import change_altitude
    from rules.board.holds import Hold, with_hold

    eagle = Token(
        "e",
        "Eagle",
        HERE,
        size=1,
        vitals=STATS,
        movement_types=("land", "fly"),
        motion=Motion(mode="fly", winged=True),
    )
    cob = Token("c", "Cob", HERE, size=-2, vitals=STATS)
    board = with_hold(board_with(eagle, cob), Hold("e", "c"))
    up = change_altitude(board, "e", 3)
    after = up.applied(board)
    assert after.token("c").motion.altitude == 3 and after.holds == board.holds
    assert "off the ground 2" in encumbered(after, "c").describe()


def test_a_falling_creatures_catch_takes_its_encumbered() -> None:
    """[S001] "While falling, if there is a surface in Reach, roll Climb" — a Mobility roll:
    "−Tier on … Mobility rolls" [P-COND]; in the air it is Encumbered 2."""
    from rules.movement.climbing import climb_roll_for

    wall = board_with(Token("f", "Faller", HERE, vitals=STATS, motion=Motion(altitude=8)))
    climb = climb_roll_for(wall, "f")
    assert climb.modifier == -2 and "off the ground 2" in climb.terms[-1].reason


def test_a_jump_costs_the_jumpers_other_encumbered_too() -> None:
    """[S001] "While off the ground, you have Tier 2 Encumbered" — each space jumped costs
    1 + 2 (D4), and Encumbered from other sources (a Hold) adds its Tier as on foot."""
    from rules.movement.jumping import space_cost

    held = state_board({"conditions": cond(("encumbered", 2, "Hold"))}, ())
    assert space_cost(state_board({}, ()), "a") == Term(
        3,
        "1 + 2 for Tier 2 Encumbered while off the ground, D4",
    )
    cost = space_cost(held, "a")
    assert cost.amount == 5 and "+ 2 Encumbered (Hold)" in cost.reason
