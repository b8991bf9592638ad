"""The terrain layers a map shows or hides: one table, asked by the Terrain dock's legend,
the export dialog and ``hexweave export --layers``.

Ground is always drawn; every other layer in :data:`LEGEND_LAYERS` has a legend checkbox.
:data:`HIDDEN_AT_START` are unticked when the window opens, and left out of an export
that names no layers; :data:`PLAYER_HIDDEN_LAYERS` never reach the players. Pure Python:
the map scene, the export and the dock all import it.
"""

from __future__ import annotations

from collections.abc import Iterable

LEGEND_LAYERS = (  # layer, label: the legend's rows, top to bottom
    ("elevation", "Elevation"),
    ("water_depth", "Water depth"),
    ("steep", "Steep (Climb)"),
    ("blocked", "Wall / blocked"),
    ("concealment", "Concealment"),
    ("softness", "Ground Softness"),
    ("fog", "Fog of war"),
)
LAYER_NAMES = tuple(layer for layer, _label in LEGEND_LAYERS)
HIDDEN_AT_START = frozenset({"softness"})  # numbers on every hex: shown on request
PLAYER_HIDDEN_LAYERS = frozenset({"softness"})  # a number on every hex: not for players


class LayerNameError(ValueError):
    """A layer name that is not in :data:`LEGEND_LAYERS`; the message lists the names."""


def _key(text: str) -> str:
    """``"Ground Softness"``, ``"ground-softness"`` and ``"softness"`` alike."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


_BY_KEY: dict[str, str] = {}
for _layer, _label in LEGEND_LAYERS:
    _BY_KEY[_key(_layer)] = _layer
    _BY_KEY[_key(_label)] = _layer
    _BY_KEY[_key(_label.split(" (")[0])] = _layer  # "Steep", "Fog of war"
_BY_KEY.update({_key("wall"): "blocked", _key("water"): "water_depth", _key("fog"): "fog"})


def layers_help() -> str:
    """The layer names, one a line with the legend's label, defaults marked."""
    lines = ["Layers (comma-separated, by name or legend label; ground is always shown):"]
    for layer, label in LEGEND_LAYERS:
        note = "  (hidden unless named)" if layer in HIDDEN_AT_START else ""
        lines.append(f"  {layer:<12} {label}{note}")
    lines.append("  all          every layer")
    return "\n".join(lines)


def layer_named(text: str) -> str:
    """The layer ``text`` names (its name or its legend label, in any case).
    Raises LayerNameError listing the names."""
    try:
        return _BY_KEY[_key(text)]
    except KeyError:
        raise LayerNameError(
            f"unknown layer {text.strip()!r}: use {', '.join(LAYER_NAMES)} or all"
        ) from None


def hidden_layers_from_shown(text: str) -> frozenset[str]:
    """The layers to hide when ``text`` (``"elevation,fog"``, ``"all"``) names those to show.
    Raises LayerNameError for an unknown or empty name."""
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise LayerNameError(f"empty layer name in {text!r}: use {', '.join(LAYER_NAMES)} or all")
    if [_key(n) for n in names] == ["all"]:
        return frozenset()
    shown = {layer_named(name) for name in names}
    return frozenset(LAYER_NAMES) - shown


def check_layer_names(names: Iterable[str]) -> frozenset[str]:
    """``names`` as a frozenset, each one a layer of :data:`LAYER_NAMES`.
    Raises LayerNameError for any other."""
    names = frozenset(names)
    unknown = sorted(names - set(LAYER_NAMES))
    if unknown:
        raise LayerNameError(
            f"unknown layer {', '.join(map(repr, unknown))}: use {', '.join(LAYER_NAMES)}"
        )
    return names


def describe_shown(hidden: frozenset[str]) -> str:
    """E.g. "every layer but Ground Softness" or "Elevation and Fog of war only"."""
    labels = dict(LEGEND_LAYERS)
    hidden_labels = [labels[name] for name in LAYER_NAMES if name in hidden]
    if not hidden_labels:
        return "every layer"
    shown = [labels[name] for name in LAYER_NAMES if name not in hidden]
    if not shown:
        return "ground only"
    if len(hidden_labels) <= len(shown):
        return f"every layer but {_and(hidden_labels)}"
    return f"ground, {_and(shown)}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
