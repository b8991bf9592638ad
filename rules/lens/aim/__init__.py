"""Best aim (issue #19): for an Area ability (Line, Cone, Burst) the origins and facings
that hit the most enemies and the fewest allies, each with the exact answer of
:func:`rules.battlefield.targeting.aim` — the breakdown the Areas dock shows.

[S000]: "As you declare an action, designate a space it will occur within its range."
Line/Cone: "It continues in a direction away from you for a number of spaces equal to the
value from the space it occurs in. […] Increase range by your Reach." Burst: "Instead of
designating a space, you may specify a subject that your senses allow you to target."
"It affects all creatures and unattended objects in the area." "You can choose to be
unaffected by a Burst you Manifest if you occupy the space it occurs in." What is legal,
which spaces an aim covers and whom it hits are only ever :func:`aim`'s answer (range and
Reach, option ``range_elevation`` (D9), "away from you" (D8, option
``line_cone_direction``), ``zigzag_lines`` (Q14: Lines take the 6 edge facings unless
on), ``areas_stop_at_walls``, ``legacy_areas`` [S001]).

One concept in four modules:

- :mod:`~rules.lens.aim.best` — :func:`best_aim`, its results (:class:`AimCandidate`,
  :class:`BestAim`) and the ranking (:data:`RANKING`);
- :mod:`~rules.lens.aim.placements` — how it is fast: the hits of every placement counted
  at once (numpy), walls included;
- :mod:`~rules.lens.aim.exact` — the placements checked exactly, best possible key first,
  so the answer is the exhaustive one (and :func:`aim` asked instead, should they differ);
- :mod:`~rules.lens.aim.state` — what they share: the query, a placement's key, the lines
  of sight among walls, an aim found and what the search did.

The face loads each module on first use (:func:`rules.faces.lazy_face`).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "best": ("KINDS", "RANKING", "AimCandidate", "BestAim", "best_aim"),
    "placements": ("shape_offsets",),
}
"""Which module defines each name of the face."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
