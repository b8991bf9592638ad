"""Movement (seed 001): what a move costs and where a creature can go — a move planned
and applied in one call (:func:`move`, :mod:`rules.movement.moves`), the plan of a move
along a path (:mod:`rules.movement.plan`), costs per space
(:mod:`~rules.movement.costs`), the movement field (:mod:`~rules.movement.field`),
postures and paces (:mod:`~rules.movement.stance`), jumping, falling and climbing (the
states in the air they leave are the board's, :mod:`rules.board.aloft`), forced movement
and collisions, Hinder Movement, and overexertion.

The face loads each module on first use (:func:`rules.faces.lazy_face`).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "moves": ("MoveOutcome", "move", "move_group", "placed"),
    "plan": (
        "MovePlan",
        "Sound",
        "apply_plan",
        "plan_move",
        "plan_path",
        "sound_of",
    ),
    "budget": (
        "PACE_FACTOR",
        "budget_of",
        "moved_along",
        "movement_enforced",
        "movement_left",
        "pace_factor",
        "payment",
        "spend_movement",
    ),
    "turn_flow": ("TurnStart", "begin_turn", "end_turn", "next_turn", "turn_after_leaving"),
    "costs": (
        "BURROWABLE",
        "MoveRoll",
        "MoverProfile",
        "StepCharge",
        "StepCost",
        "mover_profile",
        "posture_of",
        "step_cost",
    ),
    "field": (
        "MovementField",
        "movement_field",
    ),
    "stance": (
        "POSTURE_COSTS",
        "MotionChange",
        "change_altitude",
        "change_mode",
        "change_pace",
        "change_posture",
        "set_amble",
        "stop_moving",
        "swimming",
    ),
    "jumping": (
        "DROP_FALLS",
        "JUMP_KINDS",
        "JUMP_NOTES",
        "SPACE_COST",
        "JumpLandings",
        "JumpMove",
        "JumpReach",
        "Landing",
        "apply_jump",
        "continue_jump",
        "in_the_air_at_turn_start",
        "jump_reach",
        "landing_spaces",
        "space_cost",
    ),
    "falling": (
        "FALL_NOTES",
        "FALL_SCHEDULE",
        "Fall",
        "FallApplied",
        "FallStage",
        "ObjectFall",
        "apply_fall",
        "fall",
        "fall_into_object",
        "fall_stages",
        "landed",
        "CLIMB_DL",
    ),
    "forced": (
        "BLIND_WEAPON_SIZES",
        "BlindAttack",
        "ForcedMove",
        "ForcedOutcome",
        "ForcedStep",
        "apply_forced",
        "forced_move",
    ),
    "collision": (
        "BALANCE_DL",
        "COLLISION_NOTES",
        "FALL_DAMAGE_CAP",
        "SOFTEN_DL",
        "Collision",
        "CollisionBalance",
        "CollisionOutcome",
        "PartyDamage",
        "Softened",
        "broken_object_cap",
        "collision_balance",
        "combine_collisions",
        "falling_collision",
        "forced_collision",
        "formula_pool",
        "movement_collision",
        "soften_collision",
    ),
    "hinder": (
        "HinderChance",
        "hinder_chances",
        "overpower_size_modifier",
    ),
    "climbing": (
        "CLIMB_NOTES",
        "FALL_MARGIN",
        "CaughtFall",
        "ClimbResult",
        "ClimbRoll",
        "catch_fall",
        "climb_result",
        "climb_roll",
        "climb_roll_for",
        "CLIMB_FREE_LIMBS",
    ),
    "overexertion": (
        "SECONDARY_MINUTES",
        "SECONDARY_ROUNDS",
        "OverexertionDue",
        "SecondaryRound",
        "secondary_overexertion",
        "secondary_round",
        "secondary_ways",
    ),
}
"""Which module defines each name of the face (a name two modules export belongs to the
one that defines it; one they re-export from below the package, to the first)."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
