"""The bundled demo shows the game (issue #16): its creatures have Skill Tiers, Zeal,
Pools and weapons, names told apart, and a Strike on it rolls real numbers."""

from __future__ import annotations

import numpy as np

from app.resources import demo_map_path
from rules import mapfile
from rules.actions import ActionRequest, available_actions, plan_action, roll_dice
from rules.board.pools import SKILLS, pool_maximum
from rules.board.tokens import TokenKind
from rules.hexes import neighbors

DEMO = mapfile.load(demo_map_path())
CREATURES = [t for t in DEMO.tokens.values() if t.kind is TokenKind.CREATURE]


def test_every_demo_creature_has_zeal_skill_tiers_pools_and_a_weapon() -> None:
    assert len(CREATURES) >= 8
    for token in CREATURES:
        tiers = dict(token.vitals.stats)
        assert tiers.get("zeal", 0) > 0, token.name
        assert tiers.get("martial", 0) > 0, token.name  # the Skill a melee Strike rolls
        assert sum(tiers.get(s, 0) for s in SKILLS) >= 10, token.name
        for pool in ("grit", "energy", "resolve"):
            assert pool_maximum(token.vitals, pool, token.size).value > 0, (token.name, pool)
        assert token.notes.startswith("Weapons: "), token.name
        assert token.vitals.severe_threshold, token.name


def test_the_demo_creatures_are_told_apart_by_name() -> None:
    names = [t.name for t in DEMO.tokens.values()]
    assert len(names) == len(set(names))
    assert {"Goblin 1", "Goblin 2"} <= set(names)  # two of a kind are numbered


def test_a_demo_conflict_offers_aria_a_strike_and_it_rolls_real_numbers() -> None:
    strike = {c.spec.key: c.refusal for c in available_actions(DEMO, "aria")}["strike"]
    assert strike is None  # Goblin 1 stands in her Reach
    plan = plan_action(DEMO, ActionRequest("strike", "aria", "goblin-1"))
    assert plan.allowed
    assert plan.attack is not None and plan.attack.dice == 2  # Aria's Martial 2
    assert [d.dice for d in plan.defences] == [2]  # the goblin's Elude 2
    dice = roll_dice(plan, np.random.default_rng(16))
    assert dice.attack is not None and len(dice.attack.faces) == 2
    assert len(dice.defences[0].faces) == 2


def test_a_strike_on_the_stone_giant_has_its_size_term() -> None:
    giant = DEMO.token("giant")
    beside = next(
        h
        for f in sorted(giant.footprint, key=lambda h: (h.q, h.r))
        for h in neighbors(f)
        if h not in giant.footprint and DEMO.contains(h)
    )
    board = DEMO.with_token_moved("aria", beside)
    plan = plan_action(board, ActionRequest("strike", "aria", "giant"))
    assert plan.allowed and plan.attack is not None
    assert plan.attack.modifier == 2  # 4 sizes larger: +2, half the difference [S002]
    assert plan.defences[0].dice > 0
