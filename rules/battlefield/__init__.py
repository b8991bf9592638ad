"""The battlefield (seed 000): who stands where and what they can reach, see and aim at —
occupancy (Crowded, full spaces, entering; :mod:`rules.battlefield.occupancy`),
placement, Reach, Concealment, line of effect, targeting (aim), the players' view of the
map (:mod:`rules.battlefield.visibility`) and Encumbered.

The face loads each module on first use (:func:`rules.faces.lazy_face`).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "concealment": (
        "MAX_TIER",
        "SENSE_AILMENTS",
        "Concealment",
        "SenseTier",
        "concealment_at",
        "concealment_between",
        "concealment_field",
        "senses_ailments",
    ),
    "encumbrance": ("Encumbrance", "EncumbranceSource", "encumbered", "moving_encumbrance"),
    "holds": (
        "GRAB_REACH_LESS",
        "Touch",
        "can_touch",
        "carried",
        "carry_held",
        "followers",
        "hold_reach",
        "holds_after_move",
        "move_holder",
        "move_together",
        "stomach_check",
        "swallow",
    ),
    "line_of_effect": ("clear_lines", "stop_at_walls", "walls_among"),
    "occupancy": (
        "CAPACITY",
        "Crowding",
        "CrowdingEntry",
        "EntryCheck",
        "crowded",
        "entry_and_crowding",
        "entry_check",
        "full_spaces",
        "occupants",
        "space_units",
        "winged_flyers",
    ),
    "placement": ("group_placement_refusal", "placement_refusal"),
    "reach": ("Distance", "ReachCheck", "can_reach", "measure", "reach_of", "reach_spaces"),
    "targeting": ("AreaResult", "BoolArray", "Hit", "aim", "origin_mask", "points_away"),
    "visibility": ("fogged", "fogged_each", "player_board", "revealed_around"),
}
"""Which module defines each name of the face."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
