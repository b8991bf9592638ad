"""Hexweave's rules package: pure Python + numpy, never Qt.

The public API is listed in ``__all__``; README.md documents it with examples.
Sources are cited as in ../shared/RULES-DIGEST.md: [S000]/[S001]/[S002] are the seeds.

The base modules' names the app uses are here too (errors, ids, options, and the atomic
file writes of :mod:`rules.atomic`, which saving a map loads anyway).

The face loads each module the first time one of its names is asked for
(:func:`rules.faces.lazy_face`), so ``import rules`` costs start-up only what is used;
``rules.mapfile`` is the subpackage, imported on first use too.
"""

from __future__ import annotations

import importlib
from typing import Any

from rules.faces import lazy_face
from rules.version import __version__ as __version__

HOMES = {
    "actions.arithmetic": (
        "defensive_stance",
        "distract_bonus",
        "hinder_attack",
        "hold_encumbered",
        "manifest_cost",
        "partial_size",
        "rapid_strike",
        "ready_dl",
    ),
    "actions.contest": ("Contest", "contest", "contest_chance"),
    "actions.harm": ("Harm", "harm"),
    "actions.overpower": ("OverpowerCheck", "overpower", "shove_destinations"),
    "actions.strike": ("AttackPlan", "attack_skill", "strike"),
    "actions.tactics": (
        "called_shot",
        "charge",
        "range_band",
        "strike_size_modifier",
        "targeted_space_dice",
    ),
    "areas": ("AreaKind", "AreaTemplate", "burst", "cone", "line", "reduced_value"),
    "atomic": ("remove_stale_temporaries", "replace_atomically"),
    "battlefield.concealment": (
        "Concealment",
        "concealment",
        "concealment_between",
        "concealment_field",
    ),
    "battlefield.encumbrance": ("Encumbrance", "EncumbranceSource", "encumbered"),
    "battlefield.holds": ("can_touch",),
    "battlefield.occupancy": ("Crowding", "EntryCheck", "crowded", "entry_check", "full_spaces"),
    "battlefield.placement": ("placement_refusal",),
    "battlefield.reach": (
        "Distance",
        "ReachCheck",
        "can_reach",
        "measure",
        "reach_of",
        "reach_spaces",
    ),
    "battlefield.targeting": ("AreaResult", "Hit", "aim", "origin_mask", "points_away"),
    "battlefield.visibility": ("fogged", "player_board", "revealed_around"),
    "board.aloft": ("in_the_air",),
    "board.body": ("FreeLimbs", "Words", "free_limbs", "spend_words", "words_left"),
    "board.conditions": ("CONDITION_SPECS", "ConditionEntry", "set_condition", "tier_of"),
    "board.effects": ("OngoingEffect",),
    "board.grid": ("Board", "cell_to_hex", "hex_to_cell"),
    "board.holds": ("Hold", "carried_bulk", "hold_resistance", "over_bulk_limit", "with_hold"),
    "board.motion": ("Motion",),
    "board.pools": ("Vitals", "pool_current", "pool_maximum"),
    "board.sizes": ("EffectiveSize", "effective_size"),
    "board.terrain": ("LAYER_SPECS", "ConcealmentKind", "GroundKind", "TerrainSample"),
    "board.tokens": ("Token", "TokenKind", "default_footprint"),
    "board.turn_state": ("with_effect", "with_turn", "without_effect"),
    "dice": ("Roll", "chance", "injury", "read_faces", "roll"),
    "errors": (
        "BoardError",
        "DiceError",
        "DuplicateTokenError",
        "IllegalMoveError",
        "MapFileError",
        "OutOfBoundsError",
        "RulesError",
        "UnknownTokenError",
    ),
    "hexes": (
        "DIAGONALS",
        "DIRECTIONS",
        "Hex",
        "disk",
        "distance",
        "facing_step",
        "hex_line",
        "hex_round",
        "neighbors",
        "ring",
    ),
    "ids": ("fresh_id",),
    "text": ("counted",),
    "layout": ("Layout", "Orientation"),
    "movement.climbing": ("catch_fall", "climb_result", "climb_roll"),
    "movement.collision": (
        "Collision",
        "broken_object_cap",
        "collision_balance",
        "combine_collisions",
        "falling_collision",
        "forced_collision",
        "movement_collision",
        "soften_collision",
    ),
    "movement.costs": ("MoveRoll", "StepCharge", "StepCost", "step_cost"),
    "movement.falling": ("FALL_SCHEDULE", "Fall", "apply_fall", "fall"),
    "movement.field": ("MovementField", "movement_field"),
    "movement.forced": ("ForcedMove", "forced_move"),
    "movement.hinder": ("HinderChance", "hinder_chances"),
    "movement.jumping": ("JumpReach", "apply_jump", "jump_reach", "landing_spaces"),
    "movement.plan": (
        "MovePlan",
        "budget_of",
        "movement_left",
        "plan_move",
        "plan_path",
        "sound_of",
    ),
    "movement.stance": (
        "MotionChange",
        "change_altitude",
        "change_mode",
        "change_pace",
        "change_posture",
        "set_amble",
        "stop_moving",
    ),
    "movement.turn_flow": ("TurnStart", "begin_turn", "next_turn"),
    "options": ("OPTION_SPECS", "OptionSpec", "OptionValue", "RuleOptions"),
    "turns": ("SOULWEAVER", "TurnState"),
}
"""Which module defines each name of the face (the modules it re-exports from)."""

ALIASES = {"Charge": "StepCharge", "placement_problem": "placement_refusal"}
"""Old names kept because this face's ``__all__`` is pinned (DESIGN.md "Public import
paths"): ``Charge`` is :class:`~rules.movement.costs.StepCharge` (a term of a step's cost;
the Charge tactic is :class:`rules.actions.tactics.Charge`), ``placement_problem`` is
:func:`~rules.battlefield.placement.placement_refusal` (why a token may not stand there)."""

_names, _get, _listing = lazy_face(__name__, HOMES)
__all__ = sorted([*_names, *ALIASES, "mapfile", "__version__"])


def __getattr__(name: str) -> Any:
    if name == "mapfile":  # the subpackage, imported on first use
        return importlib.import_module(f"{__name__}.mapfile")
    return _get(ALIASES.get(name, name))


def __dir__() -> list[str]:
    return list(__all__)
