"""What a ``.hexmap`` stores: the :class:`Board` (:mod:`rules.board.grid`) and its parts —
tokens, terrain layers, labels and notes, ongoing effects, conditions, Pools, motion and
states in the air (:mod:`rules.board.aloft`), Holds (the relation,
:mod:`rules.board.hold_state`, and its edits, :mod:`rules.board.holds`), a creature's body
and size — with the turn state (:mod:`rules.board.turn_state`; the turn order itself is the
pinned :mod:`rules.turns`, the turn flow :mod:`rules.movement.turn_flow`), the roll log,
the offset grid, and the board's own invariants (:mod:`rules.board.checks`; the checks a
Board runs when it is made, and reshaping, are the Board's, :mod:`rules.board.grid`). A
creature's body is stored as :mod:`rules.board.anatomy` describes, and read by
:mod:`rules.board.body` (its Free Limbs, the words it has left).

The face loads each module on first use (:func:`rules.faces.lazy_face`).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "grid": (
        "MAX_MAP_SIDE",
        "Board",
        "check_area_tokens",
        "check_turn_state",
        "check_turn",
        "reoriented",
        "resized",
    ),
    "checks": ("invariant_problems",),
    "tokens": (
        "MAX_SIZE",
        "MIN_SIZE",
        "MOVEMENT_TYPES",
        "SIDES",
        "Token",
        "TokenKind",
        "default_footprint",
    ),
    "terrain": (
        "LAYER_SPECS",
        "ConcealmentKind",
        "GroundKind",
        "LayerSpec",
        "TerrainSample",
        "blank_layers",
        "check_layer",
        "read_only",
    ),
    "annotations": (
        "Background",
        "Label",
        "Note",
    ),
    "effects": (
        "EFFECT_KINDS",
        "ROUNDS_PER_MINUTE",
        "OngoingEffect",
        "tick",
    ),
    "conditions": (
        "CONDITION_SPECS",
        "MAX_TIER",
        "ConditionEntry",
        "ConditionSpec",
        "add_condition",
        "describe",
        "remove_condition",
        "set_condition",
        "tier_of",
        "tier_refusal",
        "tier_sums",
    ),
    "pools": (
        "LIMIT",
        "POOL_LABELS",
        "BODY_PARTS",
        "POOLS",
        "SKILLS",
        "Pool",
        "Vitals",
        "pool_current",
        "pool_maximum",
    ),
    "motion": (
        "DASHING",
        "MAX_RUN",
        "MAX_SECONDARY_ROUNDS",
        "MODES",
        "PACES",
        "POSTURES",
        "Motion",
        "motion_problem",
    ),
    "hold_state": (
        "HOLD_SOURCE",
        "SWALLOWED",
        "Hold",
        "hold_encumbered",
        "hold_marks",
        "held_tier_of",
        "released",
        "swallowers_among",
    ),
    "holds": (
        "BODY_BULK_LB",
        "STOMACH_RELEASE_TIERS",
        "BulkSource",
        "CarriedBulk",
        "HoldContest",
        "HoldResistance",
        "HoldUpdate",
        "HoldVerdict",
        "body_bulk",
        "carried_bulk",
        "escape_hold",
        "grapple_hold",
        "held_refusal",
        "held_tier",
        "hold_of",
        "hold_resistance",
        "holds_on",
        "leave_holds",
        "over_bulk_limit",
        "release_hold",
        "release_holds_on",
        "resist_dice",
        "stomach_wounds",
        "swallowed_by",
        "swallower_of",
        "swallowers",
        "with_hold",
    ),
    "turn_state": (
        "marked_moving",
        "turn_over",
        "with_effect",
        "with_turn",
        "without_effect",
    ),
    "roll_log": (
        "MAX_LOG",
        "MAX_LOGGED_DICE",
        "ROLE_NAMES",
        "LoggedRoll",
        "appended",
        "dice_rng",
        "log_text",
    ),
    "offsets": (
        "axial_grid",
        "axial_of_cells",
        "cell_to_hex",
        "cells_of",
        "hex_to_cell",
    ),
    "anatomy": (
        "DEFAULT_LIMBS",
        "DEFAULT_SENSES",
        "DEFAULT_WORDS",
        "MAX_LIMBS",
        "MAX_WORDS",
        "SENSES",
        "Words",
        "limbs_problem",
        "senses_problem",
        "words_problem",
    ),
    "body": (
        "LIMB_PARTS",
        "FreeLimbs",
        "LimbUse",
        "WordsLeft",
        "free_limbs",
        "spend_words",
        "words_left",
    ),
    "sizes": (
        "PURPOSES",
        "WING_SIZES",
        "EffectiveSize",
        "effective_size",
        "flying_on_wings",
    ),
    "aloft": (
        "ALOFT_KINDS",
        "ALOFT_SENTENCES",
        "Aloft",
        "aloft_refusal",
        "in_the_air",
        "with_aloft",
        "without_aloft",
    ),
}
"""Which module defines each name of the face (a name two modules export belongs to the
one that defines it; one they re-export from below the package, to the first)."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
