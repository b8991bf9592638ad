"""Targeted attacks on a space, attacks on objects, walls and the ground, and Area attacks
(rules/actions_area.py). Each test quotes the seed sentence it checks ([S002], [S000])."""

from __future__ import annotations

import numpy as np
import pytest

from rules.actions import ActionRequest, Weapon, plan_action, read_dice, resolve, roll_dice
from rules.actions.kinds.area import (
    area_subjects,
    attack_space,
    doubled_face,
    resolve_space_attack,
    roll_space,
    rolls_each_occupant,
    space_order,
)
from rules.areas import AreaKind, AreaTemplate
from rules.board.grid import Board
from rules.board.pools import Vitals, pool_current
from rules.board.tokens import Token, TokenKind
from rules.dice import read_faces
from rules.hexes import Hex

BOARD = Board.blank(12, 12)
C = BOARD.hex_at(6, 6)
VITALS = Vitals(maximum=(("grit", 10),))
GREATSWORD = Weapon("greatsword", size=0, two_handed=True)


def east(n: int) -> Hex:
    return Hex(C.q + n, C.r)


def creature(tid: str, at: Hex, size: int = 0) -> Token:
    return Token(tid, tid.title(), at, size=size, vitals=VITALS)


def board_of(*tokens: Token, board: Board = BOARD) -> Board:
    for token in tokens:
        board = board.with_token(token)
    return board


def grit(board: Board, token_id: str) -> int:
    token = board.token(token_id)
    return pool_current(token.vitals, "grit", token.size, token.movement_pool)


# --- the dice per occupant ---------------------------------------------------------------------


def test_a_two_handed_size_0_weapon_against_a_size_2_occupant_rolls_4d12() -> None:
    """[S002] "For each occupant in the space, the Soulweaver rolls 3d12." "Two-handed counts
    as 1 size larger." "Modify the number of d12 by half the target's size." — the digest's
    worked example: a two-handed greatsword made for size 0 against size 2 rolls 4d12."""
    board = board_of(creature("a", C), creature("ogre", east(1), size=2))
    plan = plan_action(board, ActionRequest("space_attack", "a", space=east(1), weapon=GREATSWORD))
    assert plan.allowed and plan.attack is not None and plan.attack.dice == 4
    assert plan.targets == ("ogre",) and plan.spaces == (east(1),)


@pytest.mark.parametrize(
    ("weapon", "attacker", "occupant", "dice"),
    [
        pytest.param(Weapon(size=4), 0, 0, 5, id="made for size 4: 'each 2 sizes over +1d12'"),
        pytest.param(
            Weapon(size=-2, lightweight=True),
            0,
            0,
            2,
            id="size -2 lightweight: 'Lightweight counts as 1 size smaller'",
        ),
        pytest.param(
            Weapon(unarmed=True),
            2,
            0,
            4,
            id="unarmed: 'modify the number of d12 by half your size'",
        ),
        pytest.param(Weapon(size=4, range=6), 0, 0, 3, id="ranged: only melee weapons count"),
        pytest.param(Weapon(), 0, -2, 2, id="size -2 occupant: half its size, -1d12"),
    ],
)
def test_the_weapon_and_the_occupant_change_the_dice(
    weapon: Weapon, attacker: int, occupant: int, dice: int
) -> None:
    """[S002] "If your melee weapon is made for a creature above size 0, each 2 sizes over
    causes +1d12. … If your melee weapon is made for a creature under size 0, each 2 sizes
    under causes -1d12. … If making an Unarmed Strike, modify the number of d12 by half your
    size." (§11a D6: the weapon terms are for melee weapons.)"""
    board = board_of(creature("a", C, attacker), creature("x", east(2), occupant))
    request = ActionRequest("space_attack", "a", space=east(2), weapon=weapon)
    plan = plan_action(board, request)
    assert plan.attack is not None and plan.attack.dice == dice


def test_the_space_roll_is_not_modified_by_concealment_or_size() -> None:
    """[S002] "On doubles, this roll becomes the attack roll and is not modified by
    Concealment or size." A Strike on the same ogre would gain +1 for its size."""
    board = board_of(creature("a", C), creature("ogre", east(1), size=2))
    space = plan_action(board, ActionRequest("space_attack", "a", space=east(1)))
    strike = plan_action(board, ActionRequest("strike", "a", "ogre"))
    assert space.attack is not None and strike.attack is not None
    assert space.attack.modifier == 0 and strike.attack.modifier == 1


# --- the doubles ordering --------------------------------------------------------------------


def test_doubles_are_the_highest_face_shown_twice() -> None:
    """Q6: "any two dice equal; 'face value of doubles' = the highest matched face; triples
    count as doubles"."""
    assert doubled_face([3, 3, 12]) == 3
    assert doubled_face([5, 5, 5]) == 5 and doubled_face([9, 9, 2, 2]) == 9
    assert doubled_face([1, 2, 3]) is None and doubled_face([7]) is None


def test_occupants_are_attacked_in_order_of_the_highest_doubles() -> None:
    """[S002] "On doubles against multiple targets, attack them each in order of the highest
    face value of doubles or until an attack succeeds. On a tie, the Soulweaver determines
    the order of the attacks." — the doubled face ranks, not the highest face; no doubles,
    no attack; ties keep the order the Soulweaver gave."""
    rolls = [
        ("x", [3, 3, 12]),
        ("y", [8, 8, 1]),
        ("z", [1, 2, 3]),
        ("w", [2, 8, 8]),
        ("v", [11, 11, 11]),
    ]
    assert space_order(rolls) == (("v", 11), ("y", 8), ("w", 8), ("x", 3))
    assert space_order(list(reversed(rolls)))[1:3] == (("w", 8), ("y", 8))
    assert space_order([("z", [1, 2, 3])]) == ()


def _crowded_space() -> Board:
    board = board_of(creature("a", C))
    for tid in ("x", "y", "z"):
        board = board.with_token(Token(tid, tid.title(), east(1), size=-2, vitals=VITALS))
    return board


def test_the_attacks_stop_at_the_first_success() -> None:
    """[S002] "attack them each in order of the highest face value of doubles or until an
    attack succeeds" — y (doubles 9) is attacked first and holds; x (doubles 4) is hit;
    z (no doubles) is never attacked."""
    board = _crowded_space()
    request = ActionRequest("space_attack", "a", space=east(1))
    rolls = {"x": read_faces([4, 4]), "y": read_faces([9, 9]), "z": read_faces([2, 7])}
    defences = {"x": read_faces([2]), "y": read_faces([10]), "z": read_faces([2])}
    damage = {t: read_faces([12, 12]) for t in "xyz"}
    after, outcomes = resolve_space_attack(board, request, rolls, defences, damage)
    assert [o.plan.targets for o in outcomes] == [("y",), ("x",)]
    assert [o.succeeded for o in outcomes] == [(False,), (True,)]
    assert grit(after, "x") == 8 and grit(after, "y") == grit(after, "z") == 10
    rolls["y"] = read_faces([10, 10])
    defences["y"] = read_faces([3])
    _, outcomes = resolve_space_attack(board, request, rolls, defences, damage)
    assert [o.plan.targets for o in outcomes] == [("y",)]


def test_the_soulweaver_rolls_for_every_occupant(rng: np.random.Generator) -> None:
    """[S002] "For each occupant in the space, the Soulweaver rolls 3d12." (size −2
    occupants: −1d12 each.)"""
    rolls = roll_space(_crowded_space(), ActionRequest("space_attack", "a", space=east(1)), rng)
    assert sorted(rolls) == ["x", "y", "z"] and {r.dice for r in rolls.values()} == {2}


def test_a_roll_without_doubles_is_not_an_attack() -> None:
    """[S002] "On doubles, this roll becomes the attack roll" — without doubles there is
    no attack on that occupant."""
    board = board_of(creature("a", C), creature("b", east(1)))
    plan = plan_action(board, ActionRequest("space_attack", "a", space=east(1)))
    missed = resolve(board, plan, read_dice(plan, [1, 5, 9], [[2]]))
    assert missed.succeeded == (False,) and missed.hit == () and grit(missed.board, "b") == 10
    assert "no doubles: this occupant is not attacked [S002]" in missed.reasons
    assert [r.role for r in missed.board.rolls] == ["attack", "defence"]
    out = resolve(board, plan, read_dice(plan, [5, 5, 9], [[2]], [[12, 12]]))
    assert out.succeeded == (True,) and grit(out.board, "b") == 8


def test_space_attack_refusals_say_why() -> None:
    """[S002] "Targeted attacks can target a space instead of a creature or object. For each
    occupant in the space …" — a space in Reach, with occupants, and at least 2 dice for
    doubles."""
    board = _crowded_space()
    assert plan_action(board, ActionRequest("space_attack", "a")).asks_input
    several = plan_action(board, ActionRequest("space_attack", "a", space=east(1)))
    assert several.asks_input and len(several.notes) == 3
    empty = plan_action(board, ActionRequest("space_attack", "a", space=east(2)))
    assert "nobody" in (empty.refusal or "")
    far = board_of(creature("a", C), creature("b", east(4)))
    plan = plan_action(far, ActionRequest("space_attack", "a", space=east(4)))
    assert "not in A's Reach" in (plan.refusal or "")
    tiny = Weapon(size=-4, lightweight=True)
    request = ActionRequest("space_attack", "a", "x", space=east(1), weapon=tiny)
    assert "no doubles possible" in (plan_action(board, request).refusal or "")


# --- objects, walls and the ground ---------------------------------------------------------------


def test_the_ground_is_attacked_at_minus_one_against_a_defence_of_0() -> None:
    """[S002] "To target the ground or a horizontal surface that fills an entire space, take
    -1 on your attack roll and treat its defense as 0." """
    board = board_of(creature("a", C))
    request = ActionRequest("object_attack", "a", space=east(1), choice="ground")
    plan = plan_action(board, request)
    assert plan.allowed and plan.attack is not None and plan.attack.modifier == -1
    assert plan.defences[0].dice == 0 and plan.defences[0].modifier == 0 and plan.targets == ()
    out = resolve(board, plan, read_dice(plan, [4], [[]], [[5, 5]]))
    assert out.succeeded == (True,) and any("2 Injury to the ground" in r for r in out.reasons)
    missed = resolve(board, plan, read_dice(plan, [3], [[]]))
    assert missed.succeeded == (False,)


def test_a_wall_filling_a_space_is_a_size_1_object() -> None:
    """[S002] "To target a wall or vertical surface that fills an entire space, treat it as
    a size 1 object." A size −2 attacker: 3 sizes larger, +1 (half the difference); the wall is
    adjacent, so in reach ([S000] "While adjacent to a space that is fully occupied, you
    can target subjects in the space as if you can Reach them")."""
    board = board_of(creature("a", C, -2)).with_terrain("blocked", [east(1)], True)
    plan = plan_action(board, ActionRequest("object_attack", "a", space=east(1), choice="wall"))
    assert plan.allowed and plan.attack is not None and plan.attack.modifier == 1
    assert plan.defences[0].dice == 0
    ground = ActionRequest("object_attack", "a", space=east(1), choice="ground")
    assert "a wall fills" in (plan_action(board, ground).refusal or "")
    open_space = ActionRequest("object_attack", "a", space=C, choice="wall")
    assert "no wall" in (plan_action(board, open_space).refusal or "")


def test_an_object_token_takes_damage_and_cannot_guard() -> None:
    """[S002] "When targeting an object, the object cannot be used for Guard." """
    crate = Token("crate", "Crate", east(1), kind=TokenKind.OBJECT, vitals=VITALS)
    board = board_of(creature("a", C), crate)
    request = ActionRequest("object_attack", "a", "crate", choice="object")
    plan = plan_action(board, request)
    assert plan.allowed and plan.targets == ("crate",) and plan.defences[0].dice == 0
    assert any("cannot be used for Guard" in n for n in plan.notes)
    out = resolve(board, plan, read_dice(plan, [6], [[]], [[9, 1]]))
    assert grit(out.board, "crate") == 9
    creature_plan = plan_action(
        board_of(creature("a", C), creature("b", east(1))),
        ActionRequest("object_attack", "a", "b", choice="object"),
    )
    assert "is a creature" in (creature_plan.refusal or "")
    assert plan_action(board, ActionRequest("object_attack", "a")).asks_input


# --- Area attacks -------------------------------------------------------------------------


def _area_board() -> Board:
    board = board_of(
        creature("a", C), creature("b", east(3)), creature("c", east(4)), creature("d", east(5))
    )
    burst = AreaTemplate("fire", AreaKind.BURST, 1, origin=(east(4),), caster="a")
    return board.with_area(burst)


def test_area_subjects_are_those_the_pinned_area_hits() -> None:
    """[S000] "It affects all creatures and unattended objects in the area." """
    assert set(area_subjects(_area_board(), "fire")) == {"b", "c", "d"}


def test_an_area_attack_rolls_once_against_every_subject_with_damage_for_each() -> None:
    """[S000] "When using an effect that attacks multiple targets, roll once for your attack
    and roll damage separately for each target." """
    board = _area_board()
    request = ActionRequest("area_attack", "a", targets=area_subjects(board, "fire"))
    plan = plan_action(board, request)
    assert plan.allowed and len(plan.defences) == 3 and plan.damage is not None
    out = resolve(board, plan, read_dice(plan, [9], [[4], [10], [2]], [[12, 12], [12, 12], [5, 1]]))
    assert out.succeeded == (True, False, True)
    assert [grit(out.board, t) for t in plan.targets] == [8, 10, 9]
    roles = [e.role for e in out.log]
    assert roles.count("attack") == 1 and roles.count("defence") == 3
    assert roles.count("damage") == 2 and out.summary.endswith("hits 2 of 3")


def test_an_area_attack_rolls_one_attack_and_a_damage_roll_per_subject(
    rng: np.random.Generator,
) -> None:
    """[S000] "roll once for your attack and roll damage separately for each target" """
    board = _area_board()
    plan = plan_action(board, ActionRequest("area_attack", "a", targets=("b", "c", "d")))
    dice = roll_dice(plan, rng)
    assert dice.attack is not None and len(dice.defences) == len(dice.damage) == 3


def test_a_physical_area_takes_the_physical_defence_terms() -> None:
    """[S002] Defensive Stance: "gain +1 on defenses against physical attacks" — only a
    physical Area attack meets it."""
    board = _area_board()
    stance = resolve(
        board, p := plan_action(board, ActionRequest("defensive_stance", "c")), read_dice(p, [])
    ).board
    physical = ActionRequest("area_attack", "a", targets=("b", "c"), choice="physical")
    magical = ActionRequest("area_attack", "a", targets=("b", "c"))
    assert [d.modifier for d in plan_action(stance, physical).defences] == [0, 1]
    assert [d.modifier for d in plan_action(stance, magical).defences] == [0, 0]


def test_area_attack_refusals_say_why() -> None:
    """[S000] an Area attack needs subjects: "all creatures and unattended objects in the
    area"."""
    board = _area_board()
    assert plan_action(board, ActionRequest("area_attack", "a")).asks_input
    plan = plan_action(board, ActionRequest("area_attack", "a", targets=("ghost",)))
    assert "not on the map" in (plan.refusal or "")


def test_a_space_with_several_occupants_is_rolled_for_each_and_attacked_in_order() -> None:
    """[S002] "For each occupant in the space, the Soulweaver rolls 3d12. On doubles, this
    roll becomes the attack roll … in order of the highest face value of doubles or until
    an attack succeeds." One undo step's worth: every roll logged, one dice draw."""
    board = _crowded_space()
    request = ActionRequest("space_attack", "a", space=east(1))
    plan = plan_action(board, request)
    assert rolls_each_occupant(plan) and plan.spaces == (east(1),)
    for seed in range(30):
        after, outcomes, reasons = attack_space(board, request, np.random.default_rng(seed))
        assert after.dice_draws == board.dice_draws + 1
        assert len(reasons) >= 3  # one line per occupant rolled for
        checks = [r for r in after.rolls if r.role == "check"]
        attacks = [r for r in after.rolls if r.role == "attack"]
        assert len(checks) + len(attacks) == 3  # every occupant's roll is in the log
        assert all(o.plan.attack is not None for o in outcomes)
        assert not any(o.succeeded[0] for o in outcomes[:-1])  # "until an attack succeeds"
        faces = [r.faces for r in attacks]
        doubled = [max(f for f in set(x) if x.count(f) >= 2) for x in faces]
        assert doubled == sorted(doubled, reverse=True)
