"""The only place that knows where bundled assets live."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_PACKAGE = "hexweave_assets"


def asset_path(name: str) -> Path:
    """Path of a bundled asset, e.g. ``asset_path("maps/demo.hexmap")``."""
    try:
        root = Path(str(resources.files(_PACKAGE)))
    except ModuleNotFoundError:  # running from a source tree without installing
        root = Path(__file__).resolve().parent.parent / "assets"
    return root / name


def demo_map_path() -> Path:
    """The bundled demo map opened when no map is given."""
    return asset_path("maps/demo.hexmap")
