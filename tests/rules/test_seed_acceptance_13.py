"""Independent acceptance tests for issue #13, "Rules that compose".

Written from the seeds (``/work/shared/seeds/000_*``, ``001_*``, ``002_*``), RULES-DIGEST
§11a/§11, DESIGN.md and README's "Rules options" and "The rules API" only — not from the
implementation. Every test quotes the seed sentence it checks ([S000], [S001], [S002]).

Where two rules meet: Encumbered from every source on physical attacks, defences and
Mobility rolls (not social or magical rolls) with §11a D4's Movement costs; winged flyers'
effective size; a huge attacker against Nimble; Rapid Strike; swallowing; Shove; "moving";
``hex_line``; Holds; Called Shot; climbing; falling; Charge; Disarm; Tackle; Free Limbs.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from rules import (
    Board,
    Hex,
    Hold,
    Motion,
    Token,
    Vitals,
    Words,
    apply_fall,
    begin_turn,
    can_touch,
    carried_bulk,
    change_altitude,
    change_posture,
    climb_result,
    climb_roll,
    concealment,
    crowded,
    distance,
    effective_size,
    encumbered,
    forced_move,
    free_limbs,
    harm,
    hex_line,
    next_turn,
    overpower,
    plan_move,
    reach_spaces,
    shove_destinations,
    sound_of,
    step_cost,
    stop_moving,
    strike,
    with_hold,
    with_turn,
)
from rules.actions import ActionRequest, Weapon, available_actions, plan_action, read_dice, resolve
from rules.battlefield.holds import move_together, swallow
from rules.board.conditions import set_condition
from rules.hexes import DIAGONALS, DIRECTIONS
from rules.movement.forced import apply_forced
from rules.movement.turn_flow import end_turn
from rules.turns import TurnState, actor, join, start

# --------------------------------------------------------------------------- helpers

ENCUMBERED_TERM = "Encumbered"


def conflict(board: Board, *ids: str) -> Board:
    """``board`` in a conflict: ``ids`` in Priority order, the first one's turn begun."""
    order = TurnState()
    for zeal, token_id in zip(range(len(ids) * 2, 0, -2), ids, strict=True):
        order = join(order, token_id, zeal)
    return begin_turn(with_turn(board, start(order)), ids[0]).board


def advance_to(board: Board, token_id: str, *, rounds_later: int = 0) -> Board:
    """Advance turns until ``token_id``'s turn (in a later round when asked)."""
    first_round = board.turn.round
    for _ in range(20):
        board = next_turn(board).board
        if actor(board.turn) == token_id and board.turn.round >= first_round + rounds_later:
            return board
    raise AssertionError(f"never reached {token_id}'s turn")


def enc_total(modifiers) -> int:
    return sum(m.amount for m in modifiers if ENCUMBERED_TERM in m.reason)


def with_state(state: str) -> Board:
    """Aria ("a") at (3, 3) in ``state``; Bram ("b", size 0) adjacent at (4, 3)."""
    kw: dict = {}
    if state == "crouching":
        kw["conditions"] = set_condition((), "crouching", 1)
    elif state == "prone":
        kw["conditions"] = set_condition((), "prone", 1)
    elif state == "climbing":
        kw["motion"] = Motion(mode="climb")
    elif state == "off the ground":
        kw["motion"] = Motion(altitude=1)
    elif state == "load":
        kw["conditions"] = set_condition((), "encumbered", 1, "Load")
    board = Board.blank(10, 10).with_token(Token("a", "Aria", Hex(3, 3), **kw))
    board = board.with_token(Token("b", "Bram", Hex(4, 3)))
    if state == "crowded":
        board = board.with_token(Token("c", "Cai", Hex(3, 3)))
    if state == "held":
        board = with_hold(board, Hold("b", "a"))
    return board


def swallowed_mouse() -> Board:
    wyrm = Token("w", "Wyrm", Hex(3, 3), size=4)
    mouse = Token("m", "Mouse", Hex(4, 3), size=-2)
    board = with_hold(Board.blank(12, 10).with_token(wyrm).with_token(mouse), Hold("w", "m"))
    return swallow(board, "w", "m").board


# Expected Encumbered Tier for each state, with the seed sentence that gives it.
ENCUMBERED_SOURCES = {
    # [S000] "Crowded causes Tier 1 Encumbered"
    "crowded": (1, "Crowded"),
    # [S001] "While Crouching, have Tier 1 Encumbered."
    "crouching": (1, "Crouching"),
    # [S001] "While Prone, have Tier 2 Encumbered and increase Load by 1."
    "prone": (2, "Prone"),
    # [S001] "While Climbing, increases Movement costs by 1 and have Tier 2 Encumbered."
    "climbing": (2, "Climbing"),
    # [S001] "While off the ground, you have Tier 2 Encumbered."
    "off the ground": (2, "off the ground"),
    # [S002] Hold: "Have 2 Tiers of Encumbered."
    "held": (2, "Hold"),
}
STATES = tuple(ENCUMBERED_SOURCES)


# ------------------------------------------------------- Encumbered: one owner, every source


def test_encumbered_has_every_source_with_its_name():
    """[S000] "Crowded causes Tier 1 Encumbered"; [S001] "While Crouching, have Tier 1
    Encumbered" / "While Prone, have Tier 2 Encumbered" / "While Climbing … have Tier 2
    Encumbered" / "While off the ground, you have Tier 2 Encumbered"; [S002] Hold: "Have
    2 Tiers of Encumbered"."""
    got = {}
    for state in STATES:
        enc = encumbered(with_state(state), "a")
        got[state] = (enc.tier, enc.describe())
    want = {s: (t, f"Encumbered {t}: {name} {t}") for s, (t, name) in ENCUMBERED_SOURCES.items()}
    assert got == want


def test_sources_add_up_and_a_larger_holder_has_fewer_tiers():
    """[S002] Hold: "Have 2 Tiers of Encumbered. If you are larger than the other creature,
    reduce the Tiers by your size difference." Tiers of the same name add (Prone 2 +
    Crowded 1 = 3)."""
    board = with_state("prone").with_token(Token("c", "Cai", Hex(3, 3)))
    assert encumbered(board, "a").tier == 3
    ogre = Token("o", "Ogre", Hex(3, 3), size=1)
    held = with_hold(
        Board.blank(8, 8).with_token(ogre).with_token(Token("g", "Gil", Hex(4, 3))), Hold("o", "g")
    )
    assert (encumbered(held, "o").tier, encumbered(held, "g").tier) == (1, 2)


def test_physical_attacks_and_defences_take_minus_tier_from_every_source():
    """[P-COND] via RULES-DIGEST: Encumbered gives "−Tier on physical action rolls, physical
    defences and Mobility rolls" — from every source of #13's list."""
    got, want = {}, {}
    for state in STATES:
        board = with_state(state)
        tier = encumbered(board, "a").tier
        attack = plan_action(
            board, ActionRequest("strike", "a", "b", attack_dice=2, defence_dice=2)
        )
        defence = plan_action(
            board, ActionRequest("strike", "b", "a", attack_dice=2, defence_dice=2)
        )
        got[state] = (enc_total(attack.attack.modifiers), enc_total(defence.defences[0].modifiers))
        want[state] = (-tier, -tier)
    assert got == want


def test_social_and_magical_rolls_take_no_encumbered():
    """[P-COND]: Encumbered touches *physical* action rolls and defences only — a Distract
    (Guile, "Create a diversion to draw attention" [S002]) and a Manifest roll
    ("Manifesting a Spell or a Talent is DL 6" [S002]) are not physical."""
    energy = Vitals().with_value("maximum", "energy", 5).with_value("current", "energy", 5)
    found = {}
    for state in STATES:
        board = with_state(state)
        board = board.with_token_replaced(replace(board.token("a"), vitals=energy))
        made = plan_action(
            board,
            ActionRequest("distract", "a", "b", choice="minor", attack_dice=2, defence_dice=2),
        )
        faced = plan_action(
            board,
            ActionRequest("distract", "b", "a", choice="minor", attack_dice=2, defence_dice=2),
        )
        magic = plan_action(board, ActionRequest("manifest", "a", choice="talent", attack_dice=2))
        terms = [m for m in made.attack.modifiers] + [
            m for d in faced.defences for m in d.modifiers
        ]
        terms += list(magic.attack.modifiers) if magic.attack else []
        found[state] = [m.reason for m in terms if ENCUMBERED_TERM in m.reason]
    assert found == {s: [] for s in STATES}


def test_swallowed_attacker_strikes_the_stomach_encumbered_by_its_crowded():
    """[S002] "While swallowed, … have Tier 2 Crowded. They can attack your stomach as an
    unattended object with 2 Durability and 0 Physical Reduction." and [S000] "Crowded
    causes Tier 1 Encumbered" (§11a D3 flat)."""
    inside = swallowed_mouse()
    plan = plan_action(inside, ActionRequest("stomach", "m", attack_dice=2))
    assert plan.refusal is None
    assert enc_total(plan.attack.modifiers) == -1
    assert plan.defences == ()


def _mobility_board(state: str) -> Board:
    board = Board.blank(10, 6).with_terrain("water_depth", [Hex(4, 2)], 1)
    board = board.with_terrain("steep", [Hex(3, 3)], True)
    kw: dict = {}
    if state in ("crouching", "prone"):
        kw["conditions"] = set_condition((), state, 1)
    if state == "load":
        kw["conditions"] = set_condition((), "encumbered", 1, "Load")
    board = board.with_token(Token("a", "Aria", Hex(3, 2), **kw))
    if state == "crowded":
        board = board.with_token(Token("c", "Cai", Hex(3, 2)))
    if state == "holder":
        board = with_hold(board.with_token(Token("g", "Gob", Hex(2, 2), size=-1)), Hold("a", "g"))
    return board


def test_mobility_rolls_take_minus_tier():
    """[P-COND]: "−Tier on … Mobility rolls"; [S001] "When faced with a specific area that is
    angled over 45 degrees, roll Climb to move … DL 6" and "To move using Swim, roll
    Athletics, DL 3"."""
    cases = {  # state: target of the move (Climb into the steep hex, Swim into the water)
        "crowded": Hex(3, 3),
        "crouching": Hex(3, 3),
        "prone": Hex(3, 3),
        "load": Hex(4, 2),
        "holder": Hex(4, 2),
    }
    got, want = {}, {}
    for state, target in cases.items():
        board = _mobility_board(state)
        plan = plan_move(board, "a", target)
        assert plan.refusal is None, (state, plan.refusal)
        got[state] = [r.modifier for r in plan.rolls]
        want[state] = [-encumbered(board, "a").tier]
    assert got == want


def test_step_cost_rolls_agree_with_the_path_rolls():
    """One owner: the Climb roll a step calls for ("roll Climb to move … DL 6" [S001]) is the
    same roll, with the same −Tier, whether asked of ``step_cost`` or of ``plan_move``."""
    board = _mobility_board("prone")
    path_roll = plan_move(board, "a", Hex(3, 3)).rolls[0]
    step_roll = step_cost(board, "a", Hex(3, 2), Hex(3, 3)).rolls[0]
    assert (step_roll.skill, step_roll.dl, step_roll.modifier) == (
        path_roll.skill,
        path_roll.dl,
        path_roll.modifier,
    )


def test_climbing_creature_climbs_on_at_minus_two():
    """[S001] "While Climbing, … have Tier 2 Encumbered" + [P-COND] "−Tier on … Mobility
    rolls": a creature already Climbing rolls its next Climb at −2."""
    board = Board.blank(10, 6).with_terrain("steep", [Hex(3, 2), Hex(4, 2)], True)
    board = board.with_token(Token("a", "Aria", Hex(3, 2), motion=Motion(mode="climb")))
    plan = plan_move(board, "a", Hex(4, 2))
    assert plan.refusal is None
    assert [(r.skill, r.modifier) for r in plan.rolls] == [("Climb", -2)]


def test_movement_costs_follow_d4():
    """[S001] "While Crouching … Increase Movement costs to move by 1", Prone "Increase
    Movement costs to move by 2", "While Climbing, increases Movement costs by 1", [S000]
    Crowded "increases Movement costs by 1"; §11a D4: no double count by default,
    Encumbered's own +Tier only from other sources (Load, a Hold, airborne while jumping);
    option "stack": Crouch +2, Prone +4, Climb +3."""
    stack = {"encumbered_costs": "stack"}
    rows = {  # (state, options): cost of one plain Land step
        ("plain", None): 1,
        ("crouching", None): 2,
        ("prone", None): 3,
        ("climbing", None): 2,
        ("crowded", None): 2,
        ("load", None): 2,
        ("off the ground", None): 3,
        ("crouching", "stack"): 3,
        ("prone", "stack"): 5,
        ("climbing", "stack"): 4,
    }
    got = {}
    for state, opt in rows:
        board = with_state(state)
        if opt:
            board = replace(board, options=stack)
        got[(state, opt)] = step_cost(board, "a", Hex(3, 3), Hex(3, 4)).cost
    assert got == rows


def test_crowded_cost_is_paid_on_the_step_out():
    """§11a D2: "Crowded's +1 applies to Movement paid **while** Crowded, i.e. the step out of
    the crowded space" ([S000] Crowded "increases Movement costs by 1")."""
    board = Board.blank(8, 8).with_token(Token("a", "Aria", Hex(3, 3)))
    into = board.with_token(Token("c", "Cai", Hex(4, 3)))
    out = board.with_token(Token("c", "Cai", Hex(3, 3)))
    assert step_cost(into, "a", Hex(3, 3), Hex(4, 3)).cost == 1
    assert step_cost(out, "a", Hex(3, 3), Hex(4, 3)).cost == 2


def test_a_flyer_is_not_off_the_ground_encumbered_by_default():
    """[S001] Jump: "While off the ground, you have Tier 2 Encumbered" — README option
    ``off_ground_encumbered = not_flying`` (default): not for a flyer; ``flying_too``: also."""
    bird = Token(
        "h",
        "Hawk",
        Hex(2, 2),
        movement_types=("land", "fly"),
        motion=Motion(mode="fly", altitude=3),
    )
    board = Board.blank(6, 6).with_token(bird)
    assert encumbered(board, "h").tier == 0
    assert (
        encumbered(replace(board, options={"off_ground_encumbered": "flying_too"}), "h").tier == 2
    )


# ------------------------------------------------------------------ winged flyers' size

WINGS = Motion(mode="fly", winged=True)


def _bat(flying: bool, size: int = -2) -> Token:
    return Token(
        "w",
        "Bat",
        Hex(2, 2),
        size=size,
        movement_types=("land", "fly"),
        motion=WINGS if flying else Motion(),
    )


def test_winged_flyer_crowds_as_two_sizes_larger():
    """[S001] "You can use 2 wings to fly. … Count as 2 sizes larger to determine Crowded";
    [S000] "For each other size 0 or larger creature or object in a space you occupy, have
    Tier 1 Crowded." A size −2 bat on wings counts as size 0."""
    got = {}
    for flying in (True, False):
        board = (
            Board.blank(6, 6).with_token(_bat(flying)).with_token(Token("h", "Human", Hex(2, 2)))
        )
        got[flying] = crowded(board, "h").tier
    assert got == {True: 1, False: 0}


def test_winged_flyer_asks_crowded_as_two_sizes_larger():
    """[S001] "Count as 2 sizes larger to determine Crowded" (DESIGN.md: "as an occupant and
    as the one asking") + [S000] "Ignore creatures and objects 4 or more sizes smaller than
    you": a size 2 flyer counts as 4, so a human sharing its space is ignored."""
    got = {}
    for flying in (True, False):
        board = (
            Board.blank(6, 6)
            .with_token(_bat(flying, size=2))
            .with_token(Token("h", "Human", Hex(2, 2)))
        )
        got[flying] = crowded(board, "w").tier
    assert got == {True: 0, False: 1}


def test_winged_flyer_sound_is_two_sizes_louder():
    """[S001] "Movement … creates a Magnitude 2 + your size sound" and the flyer counts "2
    sizes larger to determine … sound you make from movement"."""
    assert sound_of(_bat(True)).magnitude == 2 + (-2) + 2
    assert sound_of(_bat(False)).magnitude == 2 + (-2)


def test_winged_flyer_counts_larger_for_martial_and_nimble_strikes_only():
    """[S001] "Count as 2 sizes larger … when you are attacked with Martial or Nimble";
    [S002] Strikes: "Against targets smaller than you, suffer a penalty on your roll equal
    to half the size difference"; Overpower (Athletics, Q26): "Against a smaller target,
    gain a bonus instead" — and a flyer is not larger against Athletics (#13 item 1)."""
    got = {}
    for flying in (True, False):
        board = (
            Board.blank(8, 8).with_token(_bat(flying)).with_token(Token("h", "Human", Hex(3, 2)))
        )
        melee = strike(board, "h", "w", dice=2)
        ranged = strike(board, "h", "w", dice=2, weapon_range=5)
        got[flying] = (
            sum(m.amount for m in melee.modifiers),
            sum(m.amount for m in ranged.modifiers),
            overpower(board, "h", "w", "shove").modifier,
            effective_size(board.token("w"), "attacked", skill="Athletics").value,
        )
    assert got == {True: (0, 0, 2, -2), False: (-1, -1, 2, -2)}


# ------------------------------------------------------------- 4+ sizes larger vs Nimble


def test_huge_attacker_against_nimble_moves_the_size_penalty_to_damage():
    """[S002] "If you are 4 or more sizes larger than your target, you can instead attack
    against Nimble and the penalty on your roll instead applies to damage." (#13 item 2)"""
    board = Board.blank(10, 10).with_token(Token("g", "Giant", Hex(2, 2), size=4))
    board = board.with_token(Token("h", "Human", Hex(4, 2)))
    usual = plan_action(
        board,
        ActionRequest("strike", "g", "h", attack_dice=3, defence_dice=2, weapon=Weapon(damage=3)),
    )
    nimble = plan_action(
        board,
        ActionRequest(
            "strike",
            "g",
            "h",
            attack_dice=3,
            defence_dice=2,
            defence_skill="Nimble",
            weapon=Weapon(damage=3),
        ),
    )
    assert sum(m.amount for m in usual.attack.modifiers) == -2 and usual.damage.dice == 3
    assert sum(m.amount for m in nimble.attack.modifiers) == 0
    assert nimble.defences[0].skill == "Nimble"
    assert nimble.damage.dice == 3 - 2
    assert strike(board, "g", "h", dice=3, against_nimble=True).damage_modifier == -2


def test_only_four_or_more_sizes_larger_may_attack_against_nimble():
    """[S002] "If you are 4 or more sizes larger than your target, you can instead attack
    against Nimble" — 3 sizes larger cannot."""
    board = Board.blank(10, 10).with_token(Token("t", "Troll", Hex(2, 2), size=3))
    board = board.with_token(Token("h", "Human", Hex(4, 2)))
    assert strike(board, "t", "h", dice=3, against_nimble=True).refusal is not None


# ------------------------------------------------------------------------ Rapid Strike

RAPID = (
    "Declare a number. For 1 round, lose that number of d12 on attack rolls and half that "
    "number on damage rolls."
)


def _rapid_board(limbs: int = 2, minor_actions: int | None = None) -> Board:
    vitals = Vitals()
    if minor_actions is not None:
        vitals = vitals.with_value("maximum", "minor_actions", minor_actions)
    board = Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2), limbs=limbs, vitals=vitals))
    board = board.with_token(Token("o", "Ogre", Hex(3, 2))).with_token(Token("c", "Cai", Hex(2, 3)))
    return conflict(board, "a", "o", "c")


def _declare(board: Board, number: int, lightweight: bool = True) -> Board:
    plan = plan_action(
        board,
        ActionRequest(
            "rapid_strike",
            "a",
            "o",
            number=number,
            attack_dice=4,
            defence_dice=1,
            weapon=Weapon(lightweight=lightweight),
        ),
    )
    assert plan.refusal is None
    return resolve(board, plan, read_dice(plan, [2] * plan.attack.dice, [[9]], [])).board


def test_rapid_strike_loss_applies_to_every_attack_and_damage_that_round():
    """[S002] Rapid Strike: "Declare a number. For 1 round, lose that number of d12 on attack
    rolls and half that number on damage rolls." (#13 item 3: not only the Rapid Strike.)"""
    board = _declare(_rapid_board(), 2)
    later = plan_action(
        board,
        ActionRequest(
            "strike",
            "a",
            "o",
            attack_dice=4,
            defence_dice=1,
            weapon=Weapon(damage=2, lightweight=True),
        ),
    )
    assert (later.attack.dice, later.damage.dice) == (4 - 2, 2 - 1)


def test_rapid_strike_loss_lasts_through_other_turns_but_not_defences():
    """[S002] "For 1 round, lose that number of d12 on attack rolls" — a Hinder Attack made
    in the Ogre's turn is an attack roll of the round; a defence roll is not an attack."""
    board = advance_to(_declare(_rapid_board(), 2), "o")
    hinder = plan_action(
        board, ActionRequest("hinder_attack", "a", "o", attack_dice=4, defence_dice=2)
    )
    assert hinder.attack.dice == 2
    struck = plan_action(board, ActionRequest("strike", "o", "a", attack_dice=2, defence_dice=3))
    assert struck.defences[0].dice == 3


def test_rapid_strike_loss_ends_after_one_round():
    """[S002] "For 1 round" — at Aria's next turn her attacks roll their full dice again."""
    board = advance_to(_declare(_rapid_board(), 2), "a", rounds_later=1)
    plan = plan_action(
        board,
        ActionRequest("strike", "a", "o", attack_dice=4, defence_dice=1, weapon=Weapon(damage=2)),
    )
    assert (plan.attack.dice, plan.damage.dice) == (4, 2)


def test_rapid_strike_minor_action_loses_one_more_die_unless_lightweight():
    """[S002] "Up to the declared number times this turn, you can use any Strike or Overpower
    as a Minor Action. If you do, … if attacking with a weapon that is not Lightweight,
    lose an additional 1d12 on that attack roll." 4 − 2 (declared) − 1 (not Lightweight)."""
    board = _declare(_rapid_board(), 2)
    got = {}
    for lightweight in (True, False):
        plan = plan_action(
            board,
            ActionRequest(
                "strike",
                "a",
                "o",
                attack_dice=4,
                defence_dice=1,
                minor=True,
                weapon=Weapon(lightweight=lightweight),
            ),
        )
        got[lightweight] = (plan.refusal, plan.attack.dice)
    assert got == {True: (None, 2), False: (None, 1)}


def test_rapid_strike_major_strike_with_a_heavy_weapon_loses_only_the_declared_dice():
    """[S002] The extra die is lost only "If you do" (use a Strike "as a Minor Action"):
    the Major Strike the Rapid Strike is declared with loses just the declared number."""
    board = _rapid_board()
    plan = plan_action(
        board,
        ActionRequest(
            "rapid_strike",
            "a",
            "o",
            number=2,
            attack_dice=4,
            defence_dice=1,
            weapon=Weapon(lightweight=False),
        ),
    )
    assert plan.attack.dice == 4 - 2


def test_rapid_strike_minor_actions_up_to_the_declared_number_and_limb_lockout():
    """[S002] "Up to the declared number times this turn, you can use any Strike or Overpower
    as a Minor Action. If you do, limbs used to attack cannot be used to attack again for 1
    round". No declaration: no Strike as a Minor Action."""
    undeclared = _rapid_board(limbs=4, minor_actions=3)
    assert (
        plan_action(
            undeclared, ActionRequest("strike", "a", "o", attack_dice=4, defence_dice=1, minor=True)
        ).refusal
        is not None
    )
    # Four limbs, three Minor Actions, declared 2: the third Minor Strike is refused.
    board = _declare(undeclared, 2)
    refusals = []
    for _ in range(3):
        plan = plan_action(
            board,
            ActionRequest(
                "strike",
                "a",
                "o",
                attack_dice=4,
                defence_dice=1,
                minor=True,
                weapon=Weapon(lightweight=True),
            ),
        )
        refusals.append(plan.refusal is not None)
        if plan.refusal is None:
            board = resolve(board, plan, read_dice(plan, [2] * plan.attack.dice, [[9]], [])).board
    assert refusals == [False, False, True]
    # Two limbs: both used in Minor Strikes, none can attack again.
    board = _declare(_rapid_board(limbs=2, minor_actions=3), 3)
    for _ in range(2):
        plan = plan_action(
            board,
            ActionRequest(
                "strike",
                "a",
                "o",
                attack_dice=4,
                defence_dice=1,
                minor=True,
                weapon=Weapon(lightweight=True),
            ),
        )
        board = resolve(board, plan, read_dice(plan, [2] * plan.attack.dice, [[9]], [])).board
    third = plan_action(
        board,
        ActionRequest(
            "strike",
            "a",
            "o",
            attack_dice=4,
            defence_dice=1,
            minor=True,
            weapon=Weapon(lightweight=True),
        ),
    )
    assert third.refusal is not None


# ---------------------------------------------------------------------------- swallowed


def test_swallowed_creature_has_crowded_two_whatever_the_space_holds():
    """[S002] "While swallowed, there is no light, they cannot breathe, and have Tier 2
    Crowded." (#13 item 4); §11a D3: Encumbered 1 at any Crowded Tier, Tier t with
    ``crowded_effects = scale``."""
    inside = swallowed_mouse()
    assert crowded(inside, "m").tier == 2
    assert encumbered(inside, "m").tier == 1
    assert encumbered(replace(inside, options={"crowded_effects": "scale"}), "m").tier == 2


def test_swallowed_creature_moves_with_its_swallower_not_on_its_own():
    """[S002] swallowed: "they are removed from the [Hold] and they enter your stomach" — it
    goes where the swallower goes, and a push cannot move it out on its own."""
    inside = swallowed_mouse()
    assert move_together(inside, "w", Hex(5, 4)).board.token("m").position == Hex(5, 4)
    with pytest.raises(ValueError):
        forced_move(inside, "m", 0, 2)


# ------------------------------------------------------------------------------- Shove


def _shove_board() -> Board:
    board = Board.blank(10, 10).with_token(Token("o", "Ogre", Hex(4, 4), size=2))
    return board.with_token(Token("t", "Tom", Hex(5, 4)))


def test_shove_on_its_own_may_move_the_target_to_any_space_in_reach():
    """[S002] Shove: "move the target one space farther from you, DL 3. If not being done as
    the result of another attack succeeding against a target in your Reach, you may move the
    target to any space in your Reach." (#13 item 5)"""
    board = _shove_board()
    ogre, tom = board.token("o"), board.token("t")
    farther = {
        h
        for h in (tom.position + d for d in DIRECTIONS)
        if distance(h, ogre.position) == distance(tom.position, ogre.position) + 1
    }
    assert shove_destinations(board, "o", "t", follow_up=True) == farther
    anywhere = set(reach_spaces(board, ogre)) - {ogre.position, tom.position}
    assert shove_destinations(board, "o", "t", follow_up=False) == anywhere


def test_shove_toward_the_shover_only_when_not_a_follow_up():
    """[S002] "If not being done as the result of another attack succeeding …, you may move
    the target to any space in your Reach" — behind the Ogre is in its Reach, not farther."""
    board = _shove_board()
    behind = Hex(3, 4)
    alone = plan_action(
        board, ActionRequest("shove", "o", "t", destination=behind, attack_dice=2, defence_dice=1)
    )
    after = plan_action(
        board,
        ActionRequest(
            "shove", "o", "t", destination=behind, after_attack=True, attack_dice=2, defence_dice=1
        ),
    )
    assert alone.refusal is None
    assert after.refusal is not None


# ----------------------------------------------------------------------------- "moving"

MOVING = (
    "After moving, you are considered moving until you end your turn without moving any "
    "spaces that turn or pay 1 Movement to stop."
)


def test_moving_survives_the_start_of_the_next_turn():
    """[S001] "After moving, you are considered moving until you end your turn without moving
    any spaces that turn" — not "until your next turn begins" (#13 item 6)."""
    board = Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2), moving=True))
    board = conflict(board.with_token(Token("b", "Bram", Hex(5, 5))), "a", "b")
    assert board.token("a").moving is True


def test_moving_ends_only_with_a_turn_without_moving():
    """[S001] "… until you end your turn without moving any spaces that turn"."""
    board = conflict(Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2), moving=True)), "a")
    got = {}
    for moved in (False, True):
        this_turn = board.with_token_replaced(replace(board.token("a"), moved_this_turn=moved))
        after, _ = end_turn(this_turn, "a")
        got[moved] = after.token("a").moving
    assert got == {False: False, True: True}


def test_paying_one_movement_stops_moving():
    """[S001] "… or pay 1 Movement to stop"."""
    board = conflict(Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2), moving=True)), "a")
    change = stop_moving(board, "a")
    assert (change.cost, change.token.moving) == (1, False)


# ------------------------------------------------------------------------------ hex_line


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def _reference_line(a: Hex, b: Hex) -> list[Hex]:
    """DESIGN.md: "the points a + (b - a) * i / n (n = distance) rounded to hexes after
    nudging the start by (q + 1e-6, r + 2e-6) (cube s - 3e-6)"."""
    n = distance(a, b)
    if n == 0:
        return [a]
    dq, dr = b.q - a.q, b.r - a.r
    return [_cube_round(dq * i / n + 1e-6, dr * i / n + 2e-6) + a for i in range(n + 1)]


ORIGINS = (Hex(0, 0), Hex(3, -7), Hex(-41, 17), Hex(250, -125), Hex(-999, 498))
OFFSETS = tuple(Hex(q, r) for q in range(-7, 8) for r in range(-7, 8) if abs(q + r) <= 7)


def test_hex_line_shape_depends_only_on_b_minus_a():
    """DESIGN.md (revised nudge): "every tie breaks the same way and a line's shape depends
    only on b - a" (#13 item 7). [S000] "A space is in range if it is that many contiguous
    spaces …": consecutive hexes are adjacent."""
    bad = []
    for d in OFFSETS:
        shape = [h - Hex(0, 0) for h in hex_line(Hex(0, 0), d)]
        for a in ORIGINS:
            line = hex_line(a, a + d)
            if [h - a for h in line] != shape or any(
                distance(x, y) != 1 for x, y in pairwise(line)
            ):
                bad.append((a, d))
    assert bad == []


def test_hex_line_breaks_ties_with_the_revised_nudge():
    """DESIGN.md: "nudging the start by (q + 1e-6, r + 2e-6) (cube s - 3e-6; revised: the old
    (1e-6, 1e-6, -2e-6) ran parallel to the edges toward DIRECTIONS[1] …)"."""
    bad = [
        (a, d)
        for a in ORIGINS
        for d in OFFSETS + tuple(k * g for g in DIAGONALS for k in (1, 2, 3))
        if hex_line(a, a + d) != _reference_line(a, a + d)
    ]
    assert bad == []


def test_concealment_between_follows_hex_line():
    """[S000] "If any space you or a target are in or that is between you and a target
    creates Concealment, that target has Concealment from you." — the spaces between are
    ``hex_line``'s, so a tie (target along a diagonal) is judged the same everywhere."""
    got, want = {}, {}
    for origin in (Hex(2, 2), Hex(5, 3), Hex(7, 1)):
        target = origin + DIAGONALS[0]
        between = hex_line(origin, target)[1]
        other = ({origin + DIRECTIONS[0], origin + DIRECTIONS[1]} - {between}).pop()
        base = (
            Board.blank(12, 10)
            .with_token(Token("o", "Obs", origin))
            .with_token(Token("t", "Tar", target))
        )
        got[origin] = (
            concealment(base.with_terrain("concealment", [between], 3), "o", "t").tier,
            concealment(base.with_terrain("concealment", [other], 3), "o", "t").tier,
        )
        want[origin] = (3, 0)
    assert got == want


# --------------------------------------------------------------------------------- Holds


def _ogre_holds_aria() -> Board:
    ogre = Token("o", "Ogre", Hex(3, 3), size=1, motion=Motion(bulk=10.0))
    aria = Token("a", "Aria", Hex(4, 3), motion=Motion(bulk=5.0))
    return with_hold(Board.blank(12, 10).with_token(ogre).with_token(aria), Hold("o", "a"))


def test_everyone_elses_bulk_counts_toward_carried_bulk_both_ways():
    """[S002] "The Bulk of all other creatures in the Hold count towards your carried Bulk."
    README default: a creature's own Bulk is 50 × 3^size, "in a Hold it counts both ways"."""
    held = _ogre_holds_aria()
    total = {t: sum(s.bulk for s in carried_bulk(held, t).sources) for t in ("o", "a")}
    assert total == {"o": 10.0 + 50.0, "a": 5.0 + 150.0}


def test_a_flyer_over_its_bulk_limit_with_a_held_creature_cannot_rise():
    """[S001] "If you carry more than your Bulk Limit, you cannot increase your elevation,
    and you lose 1 elevation at the end of your turn." + [S002] "The Bulk of all other
    creatures in the Hold count towards your carried Bulk" (a human: 50 Bulk > limit 40)."""
    griffon = Token(
        "g",
        "Griffon",
        Hex(3, 3),
        size=1,
        movement_types=("land", "fly"),
        motion=Motion(mode="fly", altitude=2, bulk_limit=40.0),
    )
    board = Board.blank(10, 10).with_token(griffon).with_token(Token("h", "Human", Hex(4, 3)))
    board = conflict(with_hold(board, Hold("g", "h")), "g")
    rise_refused = change_altitude(board, "g", 1).refusal is not None
    after, _ = end_turn(board, "g")
    # (rising refused, altitude after its turn ends): 2 − 1 elevation lost.
    assert (rise_refused, after.token("g").motion.altitude) == (True, 1)


def test_forcing_a_holder_away_attacks_the_held_creatures_athletics():
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the Hold
    with a number of d12 equal to the number of spaces it is trying to move you … On failure
    against any, you are not moved." and "A creature stops being a Holder if they can no
    longer touch the other creature with parts they used for the Hold." — the Holder too."""
    held = _ogre_holds_aria()
    push = forced_move(held, "o", 6, 2)  # away from Aria
    assert [(c.defender, c.dice, c.skill) for c in push.hold.contests] == [("a", 2, "Athletics")]
    assert push.resolve([], hold=[False]).spaces_moved == 0
    pushed = apply_forced(held, push, push.resolve([], hold=[True])).board
    assert pushed.token("o").position == Hex(1, 3)
    assert pushed.holds == ()


def test_holder_still_touching_keeps_the_hold_when_it_moves_with_the_held():
    """[S002] "A creature stops being a Holder if they can no longer touch the other creature
    with parts they used for the Hold." — moving together keeps the touch."""
    held = _ogre_holds_aria()
    moved = move_together(held, "o", Hex(3, 4)).board
    assert moved.token("a").position == Hex(4, 4)
    assert moved.holds and can_touch(moved, moved.holds[0]).touching


def test_a_third_partys_shove_of_a_held_creature_must_beat_the_holder():
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the Hold
    with a number of d12 equal to the number of spaces it is trying to move you"."""
    board = _ogre_holds_aria().with_token(Token("s", "Sam", Hex(5, 2)))
    plan = plan_action(
        board,
        ActionRequest("shove", "s", "a", destination=Hex(5, 3), attack_dice=2, defence_dice=1),
    )
    assert plan.refusal is None
    assert [(att.dice, dfn.who, dfn.skill) for att, dfn in plan.follow_ups] == [
        (1, "o", "Athletics")
    ]


# ---------------------------------------------------------------------------- Called Shot


def test_called_shot_may_replace_each_wounded_tier_with_two_trauma():
    """[S002] Called Shot: "the attack strikes the part and treats Severe Threshold as half …
    If you cause Serious Injury, you may replace each Tier of Wounded with 2 Tiers of
    Trauma." Arm: "arms and stomach are 4 sizes smaller" → exceed the defence by 4."""
    vitals = Vitals(severe_threshold=4).with_value("current", "grit", 0)
    board = Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2)))
    board = board.with_token(Token("t", "Tom", Hex(3, 2), vitals=vitals))
    got = {}
    for choice in (None, "Trauma instead of Wounded"):
        plan = plan_action(
            board,
            ActionRequest(
                "called_shot",
                "a",
                "t",
                part="arm",
                choice=choice,
                attack_dice=2,
                defence_dice=1,
                weapon=Weapon(damage=4),
            ),
        )
        outcome = resolve(board, plan, read_dice(plan, [12, 2], [[3]], [[9, 9, 9, 9]]))
        tom = outcome.board.token("t")
        got[choice] = (
            sum(n for _, n in tom.vitals.wounded),
            sum(c.tier for c in tom.conditions if c.name == "trauma"),
        )
    # 4 Injury − half of threshold 4 = 2 Wounded Tiers (without the Called Shot: 0).
    assert harm(4, grit=0, severe_threshold=4).wounded == 0
    assert got == {None: (2, 0), "Trauma instead of Wounded": (0, 4)}


def test_called_shot_penalty_lasts_the_round():
    """[S002] Called Shot: "For 1 round, suffer -1 on physical attack rolls" — a later Strike
    that round carries the −1 too."""
    board = Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2)))
    board = conflict(board.with_token(Token("t", "Tom", Hex(3, 2))), "a", "t")
    plan = plan_action(
        board, ActionRequest("called_shot", "a", "t", part="torso", attack_dice=2, defence_dice=1)
    )
    board = resolve(board, plan, read_dice(plan, [2, 2], [[9]], [])).board
    later = plan_action(board, ActionRequest("strike", "a", "t", attack_dice=2, defence_dice=1))
    assert sum(m.amount for m in later.attack.modifiers) == -1


# ------------------------------------------------------------------------------ climbing


def test_climb_roll_limbs_table():
    """[S001] Climb: "This requires 2 Free Limbs and is DL 6. For each additional Free Limb,
    hoof, or foot you use, gain +1 on your roll."."""
    table = {(2, 0): 0, (3, 0): 1, (2, 2): 2, (4, 2): 4}
    assert {k: climb_roll(free_limbs=k[0], hooves_or_feet=k[1]).modifier for k in table} == table
    assert {climb_roll(free_limbs=k[0], hooves_or_feet=k[1]).dl for k in table} == {6}
    assert climb_roll(free_limbs=1).refusal is not None
    assert climb_roll(free_limbs=3, available=2).refusal is not None


def test_climbing_needs_two_free_limbs():
    """[S001] "roll Climb to move. This requires 2 Free Limbs" — a hand on a weapon is not
    free (README: ``free_limbs`` is asked by climbing)."""
    cases = {(2, 0): True, (2, 1): False, (4, 2): True}  # (limbs, gripping): may climb
    got = {}
    for limbs, gripping in cases:
        board = Board.blank(8, 6).with_terrain("steep", [Hex(4, 2)], True)
        board = board.with_token(Token("a", "Aria", Hex(3, 2), limbs=limbs, gripping=gripping))
        got[(limbs, gripping)] = plan_move(board, "a", Hex(4, 2)).refusal is None
    assert got == cases


def test_failing_a_climb_by_four_falls_and_the_fall_marks_moving():
    """[S001] "If you fail by 4 or more, fall." and "While falling, you are considered
    moving." (``fall()`` marks the faller moving, #13)."""
    board = Board.blank(8, 8).with_terrain("steep", [Hex(3, 3)], True)
    board = conflict(
        board.with_token(Token("c", "Cli", Hex(3, 3), motion=Motion(mode="climb", altitude=3))), "c"
    )
    assert climb_result(3, climb_roll()).outcome == "fail"
    result = climb_result(2, climb_roll(), board=board, token_id="c")
    assert result.outcome == "fall" and result.fall is not None and result.fall.height == 3
    landed = apply_fall(board, "c").board.token("c")
    assert (landed.motion.altitude, landed.moving) == (0, True)


# ------------------------------------------------------------------------ Prone and falling


def _bat_aloft() -> Token:
    return Token(
        "b", "Bat", Hex(3, 3), movement_types=("fly", "land"), motion=Motion(mode="fly", altitude=4)
    )


def test_becoming_prone_makes_a_flyer_fall():
    """[S001] "When you become Prone, fall." and "While flying, you cannot be Prone."."""
    change = change_posture(Board.blank(8, 8).with_token(_bat_aloft()), "b", "prone")
    assert change.refusal is None and change.fall is not None and change.fall.height == 4
    assert (change.token.motion.mode, change.token.motion.altitude) == ("ground", 0)
    assert any(c.name == "prone" for c in change.token.conditions)


def test_a_flyer_going_prone_in_a_conflict_is_marked_moving_like_any_fall():
    """[S001] "When you become Prone, fall." + "While falling, you are considered moving." —
    the same as ``apply_fall``, which marks a faller moving in a conflict (one owner of
    "moving")."""
    board = conflict(Board.blank(8, 8).with_token(_bat_aloft()), "b")
    change = change_posture(board, "b", "prone")
    assert change.fall is not None and change.fall.lands and change.moved
    assert change.applied(board).token("b").moving is True  # applying marks it, as apply_fall


def test_a_climber_going_prone_falls():
    """[S001] "When you become Prone, fall." — a creature holding on to a cliff lets go."""
    climber = Token("c", "Cli", Hex(3, 3), motion=Motion(mode="climb", altitude=3))
    change = change_posture(Board.blank(8, 8).with_token(climber), "c", "prone")
    assert change.fall is not None and change.fall.height == 3


# --------------------------------------------------------------------------------- Charge

CHARGE = (
    "After moving 2 consecutive spaces, if you have used Dash this turn, use an action that "
    "includes using a Strike or Overpower, gain +1 on the attack roll, and suffer -1 on "
    "defenses against physical attacks for 1 round. Your turn ends after the attack."
)


def _charge_board(motion: Motion) -> Board:
    board = (
        Board.blank(10, 10)
        .with_token(Token("a", "Aria", Hex(2, 2)))
        .with_token(Token("t", "Tom", Hex(5, 2)))
    )
    board = conflict(board, "a", "t")
    return board.with_token_replaced(
        replace(board.token("a"), motion=motion, moved_this_turn=True, position=Hex(4, 2))
    )


def _moves(pace: str, *spaces: int) -> Motion:
    motion = Motion(pace=pace)
    for i, n in enumerate(spaces):
        motion = motion.after_move(n, same_turn=i > 0)
    return motion


def test_charge_reads_the_path_moved_this_turn():
    """[S002] Charge: "After moving 2 consecutive spaces, if you have used Dash this turn, use
    an action that includes using a Strike or Overpower, gain +1 on the attack roll"."""
    cases = {
        ("dash", 1, 1): True,  # 2 consecutive spaces at Dash
        ("dash", 1): False,  # only 1 space
        ("walk", 1, 1): False,  # no Dash this turn
    }
    got = {}
    for pace, *spaces in cases:
        plan = plan_action(
            _charge_board(_moves(pace, *spaces)),
            ActionRequest("charge", "a", "t", attack_dice=2, defence_dice=1),
        )
        got[(pace, *spaces)] = plan.refusal is None and any(
            m.amount == 1 and "Charge" in m.reason for m in plan.attack.modifiers
        )
    assert got == cases


def test_charge_lowers_physical_defences_for_one_round_then_resets():
    """[S002] Charge: "suffer -1 on defenses against physical attacks for 1 round" — during
    Tom's turn; at Aria's next turn the penalty and the run are gone."""
    board = _charge_board(_moves("dash", 1, 1))
    plan = plan_action(board, ActionRequest("charge", "a", "t", attack_dice=2, defence_dice=1))
    board = resolve(board, plan, read_dice(plan, [9, 2], [[3]], [[2, 2]])).board
    board = advance_to(board, "t")
    hit = plan_action(board, ActionRequest("strike", "t", "a", attack_dice=2, defence_dice=1))
    assert sum(m.amount for m in hit.defences[0].modifiers) == -1
    board = advance_to(board, "a")
    hit = plan_action(board, ActionRequest("strike", "t", "a", attack_dice=2, defence_dice=1))
    assert sum(m.amount for m in hit.defences[0].modifiers) == 0
    again = plan_action(board, ActionRequest("charge", "a", "t", attack_dice=2, defence_dice=1))
    assert again.refusal is not None


def test_an_overpower_made_as_a_charge_gains_one():
    """[S002] Charge: "use an action that includes using a Strike or Overpower, gain +1 on the
    attack roll" — a Shove as the Charge (``ActionRequest.charging``)."""
    board = _charge_board(_moves("dash", 1, 1))
    plan = plan_action(
        board,
        ActionRequest(
            "shove", "a", "t", destination=Hex(6, 2), charging=True, attack_dice=2, defence_dice=1
        ),
    )
    assert plan.refusal is None
    assert any(m.amount == 1 and "Charge" in m.reason for m in plan.attack.modifiers), [
        (m.amount, m.reason) for m in plan.attack.modifiers
    ]


def test_the_turn_ends_after_the_charge():
    """[S002] Charge: "Your turn ends after the attack." — afterwards Aria can neither move
    nor act again this turn."""
    board = _charge_board(_moves("dash", 1, 1))
    plan = plan_action(board, ActionRequest("charge", "a", "t", attack_dice=2, defence_dice=1))
    after = resolve(board, plan, read_dice(plan, [9, 2], [[3]], [[2, 2]])).board
    state = {
        "turn is still Aria's": actor(after.turn) == "a",
        "Aria may still move": plan_move(after, "a", Hex(3, 3)).refusal is None,
        "Aria may still act": [
            c.spec.key
            for c in available_actions(after, "a")
            if c.refusal is None and c.spec.cost == "Major"
        ][:3],
    }
    assert not (
        state["turn is still Aria's"]
        and (state["Aria may still move"] or state["Aria may still act"])
    ), state


# --------------------------------------------------------------------------------- Disarm


def _disarm(choice, number=1):
    board = Board.blank(10, 10).with_token(Token("a", "Aria", Hex(2, 2)))
    board = board.with_token(Token("t", "Tom", Hex(3, 2), gripping=2))
    return board, plan_action(
        board,
        ActionRequest(
            "disarm",
            "a",
            "t",
            choice=choice,
            number=number,
            destination=Hex(4, 2),
            attack_dice=2,
            defence_dice=1,
        ),
    )


def test_disarming_a_weapon_is_defended_with_the_skill_that_attacks_with_it():
    """[S002] Disarm: "If the targeted object is a weapon, the creature instead rolls defense
    of the skill used to attack with it." Q26: melee Martial, ranged Nimble."""
    assert _disarm("melee weapon")[1].defences[0].skill == "Martial"
    assert _disarm("ranged weapon")[1].defences[0].skill == "Nimble"


def test_disarm_extra_gripping_limbs_and_the_drop():
    """[S002] Disarm: "cause them to drop target object they are holding into target space
    adjacent to them … If the object is Gripped by multiple limbs, they gain +1 on their
    defenses for each limb beyond the first."."""
    _, two = _disarm("melee weapon", number=2)
    assert sum(m.amount for m in two.defences[0].modifiers) == 1
    board, one = _disarm("melee weapon", number=1)
    after = resolve(board, one, read_dice(one, [9, 2], [[3]], [])).board
    assert after.token("t").gripping == 1
    assert free_limbs(after, "t").describe().startswith("1 Free Limb")
    far = plan_action(
        board,
        ActionRequest(
            "disarm",
            "a",
            "t",
            choice="melee weapon",
            number=1,
            destination=Hex(6, 2),
            attack_dice=2,
            defence_dice=1,
        ),
    )
    assert far.refusal is not None


# --------------------------------------------------------------------------------- Tackle


def test_tackle_moves_into_the_space_and_collides():
    """[S002] Tackle: "As you move into an occupied space, fill your Movement Pool to attack a
    target in the space to cause Collision, DL 3." [S001] "Using Movement adds damage equal
    to (your Movement Pool / 4) x the number of spaces you move" (§11a D7: 5 // 4 = 1)."""
    board = conflict(
        Board.blank(10, 10)
        .with_token(Token("a", "Aria", Hex(2, 2)))
        .with_token(Token("t", "Tom", Hex(3, 2))),
        "a",
        "t",
    )
    plan = plan_action(board, ActionRequest("tackle", "a", "t", attack_dice=2, defence_dice=1))
    assert plan.refusal is None and plan.dl == 3 and plan.damage.dice == 1
    outcome = resolve(board, plan, read_dice(plan, [9, 2], [[3]], [[5]]))
    assert outcome.succeeded == (True,)
    assert outcome.board.token("a").position == Hex(3, 2)


def test_tackle_damage_is_modified_like_the_attack_by_size():
    """[S002] Tackle: "Modify the damage dealt by the same way the attack roll is modified
    from size." Overpower: "Against a smaller target, gain a bonus" of the size difference."""
    board = conflict(
        Board.blank(10, 10)
        .with_token(Token("a", "Ogre", Hex(2, 2), size=2))
        .with_token(Token("t", "Tom", Hex(3, 2))),
        "a",
        "t",
    )
    plan = plan_action(board, ActionRequest("tackle", "a", "t", attack_dice=2, defence_dice=1))
    size_term = sum(m.amount for m in plan.attack.modifiers if "size" in m.reason)
    assert size_term == 2
    assert plan.damage.dice == 1 + 2


# ---------------------------------------------------------------------------- Free Limbs


def test_grab_needs_a_free_limb():
    """[S002] Grab: "Attack a target who is not Held with a Free Limb to cause you both to be
    in a Hold". (Tom shares Aria's space: "Have -1 Reach with this attack".)"""
    got = {}
    for gripping in (0, 1, 2):
        board = Board.blank(8, 8).with_token(Token("a", "Aria", Hex(2, 2), gripping=gripping))
        board = board.with_token(Token("t", "Tom", Hex(2, 2)))
        plan = plan_action(board, ActionRequest("grab", "a", "t", attack_dice=2, defence_dice=1))
        got[gripping] = plan.refusal is None
    assert got == {0: True, 1: True, 2: False}


def test_manifest_uses_free_limbs_and_words():
    """[S002] "Manifesting a Spell also uses a Free Limb, costs 1 word" (a Talent does not);
    Ready: "keep it in your Free Limb without having any effect until you complete it"."""
    energy = Vitals().with_value("maximum", "energy", 5).with_value("current", "energy", 5)
    hands_full = Token("a", "Aria", Hex(2, 2), gripping=2, words=Words(per_round=3), vitals=energy)
    board = conflict(Board.blank(6, 6).with_token(hands_full), "a")
    assert (
        plan_action(board, ActionRequest("manifest", "a", choice="spell", attack_dice=2)).refusal
        is not None
    )
    assert (
        plan_action(board, ActionRequest("manifest", "a", choice="talent", attack_dice=2)).refusal
        is None
    )
    one_free = board.with_token_replaced(replace(board.token("a"), gripping=1))
    ready = plan_action(one_free, ActionRequest("ready", "a", choice="spell", attack_dice=2))
    after = resolve(one_free, ready, read_dice(ready, [9, 9], [], [])).board
    assert free_limbs(after, "a").describe().startswith("0 Free Limbs")
    grab = plan_action(
        after.with_token(Token("t", "Tom", Hex(2, 2))),
        ActionRequest("grab", "a", "t", attack_dice=2, defence_dice=1),
    )
    assert grab.refusal is not None
