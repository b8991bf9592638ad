"""Hexweave's rules package: pure Python + numpy, never Qt.

The public API is listed in ``__all__``; README.md documents it with examples.
Sources are cited as in ../shared/RULES-DIGEST.md: [S000]/[S001]/[S002] are the seeds.

The base modules' names the app uses are here too (errors, ids, options, and the atomic
file writes of :mod:`rules.atomic`, which saving a map loads anyway).
"""

from __future__ import annotations

from rules import mapfile
from rules.actions.arithmetic import (
    defensive_stance,
    distract_bonus,
    hinder_attack,
    hold_encumbered,
    manifest_cost,
    partial_size,
    rapid_strike,
    ready_dl,
)
from rules.actions.contest import Contest, contest, contest_chance
from rules.actions.harm import Harm, harm
from rules.actions.overpower import OverpowerCheck, overpower, shove_destinations
from rules.actions.strike import AttackPlan, attack_skill, strike
from rules.actions.tactics import (
    called_shot,
    charge,
    range_band,
    strike_size_modifier,
    targeted_space_dice,
)
from rules.areas import AreaKind, AreaTemplate, burst, cone, line, reduced_value
from rules.atomic import remove_stale_temporaries, replace_atomically
from rules.battlefield.concealment import (
    Concealment,
    concealment,
    concealment_between,
    concealment_field,
)
from rules.battlefield.encumbrance import Encumbrance, EncumbranceSource, encumbered
from rules.battlefield.holds import can_touch
from rules.battlefield.occupancy import Crowding, EntryCheck, crowded, entry_check, full_spaces
from rules.battlefield.placement import placement_problem
from rules.battlefield.reach import Distance, ReachCheck, can_reach, measure, reach_of, reach_spaces
from rules.battlefield.targeting import AreaResult, Hit, aim, origin_mask, points_away
from rules.battlefield.visibility import fogged, player_board, revealed_around
from rules.board.aloft import in_the_air
from rules.board.body import FreeLimbs, Words, free_limbs, spend_words, words_left
from rules.board.conditions import CONDITION_SPECS, ConditionEntry, set_condition, tier_of
from rules.board.effects import OngoingEffect
from rules.board.grid import Board, cell_to_hex, hex_to_cell
from rules.board.holds import Hold, carried_bulk, hold_resistance, over_bulk_limit, with_hold
from rules.board.motion import Motion
from rules.board.pools import Vitals, pool_current, pool_maximum
from rules.board.sizes import EffectiveSize, effective_size
from rules.board.terrain import LAYER_SPECS, ConcealmentKind, GroundKind, TerrainSample
from rules.board.tokens import Token, TokenKind, default_footprint
from rules.board.turn_state import with_effect, with_turn, without_effect
from rules.dice import Roll, chance, injury, read_faces, roll
from rules.errors import (
    BoardError,
    DiceError,
    DuplicateTokenError,
    IllegalMoveError,
    MapFileError,
    OutOfBoundsError,
    RulesError,
    UnknownTokenError,
)
from rules.hexes import (
    DIAGONALS,
    DIRECTIONS,
    Hex,
    disk,
    distance,
    facing_step,
    hex_line,
    hex_round,
    neighbors,
    ring,
)
from rules.ids import fresh_id
from rules.layout import Layout, Orientation
from rules.movement.climbing import catch_fall, climb_result, climb_roll
from rules.movement.collision import (
    Collision,
    broken_object_cap,
    collision_balance,
    combine_collisions,
    falling_collision,
    forced_collision,
    movement_collision,
    soften_collision,
)
from rules.movement.costs import MoveRoll, StepCharge, StepCost, step_cost
from rules.movement.falling import FALL_SCHEDULE, Fall, apply_fall, fall
from rules.movement.field import MovementField, movement_field
from rules.movement.forced import ForcedMove, forced_move
from rules.movement.hinder import HinderChance, hinder_chances
from rules.movement.jumping import JumpReach, apply_jump, jump_reach, landing_spaces
from rules.movement.plan import MovePlan, budget_of, movement_left, plan_move, plan_path, sound_of
from rules.movement.stance import (
    MotionChange,
    change_altitude,
    change_mode,
    change_pace,
    change_posture,
    set_amble,
    stop_moving,
)
from rules.movement.turn_flow import TurnStart, begin_turn, next_turn
from rules.options import OPTION_SPECS, OptionSpec, OptionValue, RuleOptions
from rules.turns import SOULWEAVER, TurnState

__version__ = "0.7.0"

Charge = StepCharge
"""The old name of :class:`~rules.movement.costs.StepCharge` (a term of a step's cost),
kept because this face's ``__all__`` is pinned (DESIGN.md "Public import paths"); the
Charge tactic is :class:`rules.actions.tactics.Charge`."""

__all__ = [
    "CONDITION_SPECS",
    "DIAGONALS",
    "DIRECTIONS",
    "FALL_SCHEDULE",
    "LAYER_SPECS",
    "OPTION_SPECS",
    "SOULWEAVER",
    "AreaKind",
    "AreaResult",
    "AreaTemplate",
    "AttackPlan",
    "Board",
    "BoardError",
    "Charge",
    "Collision",
    "Concealment",
    "ConcealmentKind",
    "ConditionEntry",
    "Contest",
    "Crowding",
    "DiceError",
    "Distance",
    "DuplicateTokenError",
    "EffectiveSize",
    "Encumbrance",
    "EncumbranceSource",
    "EntryCheck",
    "Fall",
    "ForcedMove",
    "FreeLimbs",
    "GroundKind",
    "Harm",
    "Hex",
    "HinderChance",
    "Hit",
    "Hold",
    "IllegalMoveError",
    "JumpReach",
    "Layout",
    "MapFileError",
    "Motion",
    "MotionChange",
    "MovePlan",
    "MoveRoll",
    "MovementField",
    "OngoingEffect",
    "OptionSpec",
    "OptionValue",
    "Orientation",
    "OutOfBoundsError",
    "OverpowerCheck",
    "ReachCheck",
    "Roll",
    "RuleOptions",
    "RulesError",
    "StepCharge",
    "StepCost",
    "TerrainSample",
    "Token",
    "TokenKind",
    "TurnStart",
    "TurnState",
    "UnknownTokenError",
    "Vitals",
    "Words",
    "__version__",
    "aim",
    "apply_fall",
    "apply_jump",
    "attack_skill",
    "begin_turn",
    "broken_object_cap",
    "budget_of",
    "burst",
    "called_shot",
    "can_reach",
    "can_touch",
    "carried_bulk",
    "catch_fall",
    "cell_to_hex",
    "chance",
    "change_altitude",
    "change_mode",
    "change_pace",
    "change_posture",
    "charge",
    "climb_result",
    "climb_roll",
    "collision_balance",
    "combine_collisions",
    "concealment",
    "concealment_between",
    "concealment_field",
    "cone",
    "contest",
    "contest_chance",
    "crowded",
    "default_footprint",
    "defensive_stance",
    "disk",
    "distance",
    "distract_bonus",
    "effective_size",
    "encumbered",
    "entry_check",
    "facing_step",
    "fall",
    "falling_collision",
    "fogged",
    "forced_collision",
    "forced_move",
    "free_limbs",
    "fresh_id",
    "full_spaces",
    "harm",
    "hex_line",
    "hex_round",
    "hex_to_cell",
    "hinder_attack",
    "hinder_chances",
    "hold_encumbered",
    "hold_resistance",
    "in_the_air",
    "injury",
    "jump_reach",
    "landing_spaces",
    "line",
    "manifest_cost",
    "mapfile",
    "measure",
    "movement_collision",
    "movement_field",
    "movement_left",
    "neighbors",
    "next_turn",
    "origin_mask",
    "over_bulk_limit",
    "overpower",
    "partial_size",
    "placement_problem",
    "plan_move",
    "plan_path",
    "player_board",
    "points_away",
    "pool_current",
    "pool_maximum",
    "range_band",
    "rapid_strike",
    "reach_of",
    "reach_spaces",
    "read_faces",
    "ready_dl",
    "reduced_value",
    "remove_stale_temporaries",
    "replace_atomically",
    "revealed_around",
    "ring",
    "roll",
    "set_amble",
    "set_condition",
    "shove_destinations",
    "soften_collision",
    "sound_of",
    "spend_words",
    "step_cost",
    "stop_moving",
    "strike",
    "strike_size_modifier",
    "targeted_space_dice",
    "tier_of",
    "with_effect",
    "with_hold",
    "with_turn",
    "without_effect",
    "words_left",
]
