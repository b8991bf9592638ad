"""Preparing a map before play: painting terrain (:mod:`rules.prep.painting`), fitting
the grid to a battle-map picture (:mod:`rules.prep.gridfit`) and the token library of
reusable creature templates (:mod:`rules.prep.library`).

This face loads each module on first use (PEP 562), so importing it costs start-up
nothing; ``from rules.prep import GridFit`` works as if the name were defined here.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOME = {
    **dict.fromkeys(
        [
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
        ],
        "gridfit",
    ),
    **dict.fromkeys(
        [
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
        ],
        "library",
    ),
    **dict.fromkeys(
        [
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
        ],
        "painting",
    ),
}
"""Which module of the package defines each name of the face."""

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    """``name`` from the module that defines it, imported on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'rules.prep' has no attribute {name!r}")
    return getattr(importlib.import_module(f"rules.prep.{home}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])
