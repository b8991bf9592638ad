"""Preparing a map before play: painting terrain (:mod:`rules.prep.painting`), fitting
the grid to a battle-map picture (:mod:`rules.prep.gridfit`) and the token library of
reusable creature templates (:mod:`rules.prep.library`).

The face loads each module on first use (:func:`rules.faces.lazy_face`).
"""

from __future__ import annotations

from rules.faces import lazy_face

HOMES = {
    "gridfit": (
        "MAX_FIT_SIZE",
        "MIN_FIT_SIZE",
        "GridFit",
        "GridFitError",
        "extended",
        "fit_grid",
        "fit_row",
        "fit_row_then_anywhere",
        "nudged",
        "row_hexes",
        "scaled",
    ),
    "library": (
        "ART_FOLDER",
        "FORMAT",
        "MAX_IMAGE_BYTES",
        "TemplateError",
        "TemplateLoad",
        "TokenTemplate",
        "load_templates",
        "parse_template",
        "read_template_image",
        "save_template",
        "template_id_for",
    ),
    "painting": (
        "ADJUSTABLE_LAYERS",
        "PaintError",
        "PaintResult",
        "Region",
        "adjust",
        "brush",
        "eyedropper",
        "flood_region",
        "paint",
        "paint_ground",
        "stroke",
    ),
}
"""Which module defines each name of the face."""

__all__, __getattr__, __dir__ = lazy_face(__name__, HOMES)
