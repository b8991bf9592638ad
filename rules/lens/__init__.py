"""The tactical lens (issue #19): questions the rules answer on the map, for the selected
creature, as values the app shades — never an edit of the map.

- **Threat** (:mod:`rules.lens.threat`): which spaces the creatures of the other sides can
  reach and Strike or Hinder on their next turn, and who and how — their movement fields
  kept between queries by :class:`FieldCache` (:mod:`rules.lens.fields`);
- **Cover** (:mod:`rules.lens.cover`): the spaces within reach this turn and the
  Concealment Tier the creature would have there from the enemies that can see it;
- **Best aim** (:mod:`rules.lens.aim`, a package: the answer, the counting of every
  placement, the exact check): the origins and facings of an Area ability that hit the
  most enemies and the fewest allies;
- **Safest path** (:mod:`rules.lens.paths`): beside the cheapest path to a space, the one
  that passes the fewest Hinder chances, with both costs.

The lens is the top rules layer (DESIGN.md: ``… < movement < actions < lens``). The face
loads each module on first use (:func:`rules.faces.lazy_face`).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "sides": ("allies_of", "enemies_of", "team_of"),
    "threat": ("Threat", "ThreatMap", "threat_map"),
    "fields": ("FieldCache",),
    "cover": ("CoverSpot", "CoverMap", "cover_map"),
    "aim": ("AimCandidate", "BestAim", "best_aim"),
    "paths": ("PathChoice", "SafestPath", "safest_path"),
}
"""Which module defines each name of the face."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
