"""Terrain layers of a map: one numpy array per layer, explicit dtypes, read-only.

Each layer is an ``(height, width)`` array indexed ``[row, col]`` in the map's offset
cells (see :mod:`rules.board.grid` for how cells map to hexes). Arrays handed out are
read-only (``flags.writeable = False``), so a :class:`~rules.board.Board` can share them
between undo states; an edit copies the one layer it changes.

Sources for the layers: [S001] packed vs loose ground matters when burrowing, slopes over
45° need Climb, Ground Softness is a Tier that halves falling damage; [S000] light,
weather and magic create Concealment Tier 1–12 (world conditions and magic are treated
differently when adjacent); [S002] a wall filling a space is targeted as a size-1 object.
Ground Softness defaults per kind follow RULES-DIGEST §11 Q10.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from rules.board.anatomy import SENSES

__all__ = [
    "LAYER_SPECS",
    "ConcealmentKind",
    "GroundKind",
    "LayerSpec",
    "TerrainSample",
    "blank_layers",
    "check_layer",
    "read_only",
]


class GroundKind(enum.IntEnum):
    """What the ground of a space is made of (stored as ``uint8``)."""

    OPEN = 0
    GRASS = 1
    LOOSE_EARTH = 2
    PACKED_EARTH = 3
    STONE = 4
    SAND = 5
    MUD = 6
    SNOW = 7
    WOOD = 8
    WATER = 9

    @property
    def label(self) -> str:
        """Human-readable name, e.g. ``"Packed earth"``."""
        return self.name.replace("_", " ").capitalize()

    @property
    def default_softness(self) -> int:
        """Ground Softness Tier suggested for this kind (RULES-DIGEST §11 Q10)."""
        return _DEFAULT_SOFTNESS[self]


_DEFAULT_SOFTNESS = {
    GroundKind.OPEN: 2,
    GroundKind.GRASS: 4,
    GroundKind.LOOSE_EARTH: 4,
    GroundKind.PACKED_EARTH: 2,
    GroundKind.STONE: 0,
    GroundKind.SAND: 6,
    GroundKind.MUD: 6,
    GroundKind.SNOW: 6,
    GroundKind.WOOD: 2,
    GroundKind.WATER: 10,
}


class ConcealmentKind(enum.IntEnum):
    """Where a space's Concealment comes from and the senses it hides from (stored as
    ``uint8``). [S000] "Poor lighting, weather conditions, or magic can create
    Concealment": only conditions of the world lose 3 Tiers when the observer is adjacent
    (seed 000), and "Concealment against the senses you are using to choose a target"
    gives the attack penalty — so each kind names its senses (RULES-DIGEST §7.2).

    ``WORLD`` (poor light, fog, smoke, rain: sight) and ``MAGIC`` (every sense) are the
    kinds of format versions 1–6; version 7 adds world conditions of the other senses
    (noise hides sound, a strong smell hides smell, …) and magic that hides one sense, as
    the Soulweaver paints it (**[ASSUMPTION]**: the seeds name no sense per source).

    >>> ConcealmentKind.NOISE.senses, ConcealmentKind.NOISE.world
    (('sound',), True)
    >>> len(ConcealmentKind.MAGIC.senses), ConcealmentKind.MAGIC_SIGHT.label
    (7, 'Magic (sight)')
    """

    WORLD = 0
    MAGIC = 1
    NOISE = 2
    SCENT = 3
    HEAT = 4
    TREMOR = 5
    CURRENT = 6
    MAGIC_SIGHT = 7
    MAGIC_SMELL = 8
    MAGIC_SOUND = 9
    MAGIC_TOUCH = 10
    MAGIC_DISPLACEMENT = 11
    MAGIC_THERMAL = 12
    MAGIC_VIBRATION = 13

    @property
    def world(self) -> bool:
        """True for a condition of the world (it loses 3 Tiers next to the target)."""
        return not self.name.startswith("MAGIC")

    @property
    def senses(self) -> tuple[str, ...]:
        """The senses this Concealment hides from (names of :data:`rules.board.anatomy.SENSES`)."""
        return _KIND_SENSES[self]

    @property
    def short(self) -> str:
        """``"world"`` or ``"magic"`` for the kinds of old maps; else the label in lower
        case, e.g. ``"noise (sound)"``."""
        if self in (ConcealmentKind.WORLD, ConcealmentKind.MAGIC):
            return "world" if self.world else "magic"
        return self.label.lower()

    @property
    def label(self) -> str:
        """How the kind reads in a menu, e.g. ``"Noise (sound)"``."""
        return _KIND_LABELS[self]


_KIND_SENSES: dict[ConcealmentKind, tuple[str, ...]] = {
    ConcealmentKind.WORLD: ("sight",),
    ConcealmentKind.MAGIC: SENSES,
    ConcealmentKind.NOISE: ("sound",),
    ConcealmentKind.SCENT: ("smell",),
    ConcealmentKind.HEAT: ("thermal",),
    ConcealmentKind.TREMOR: ("vibration",),
    ConcealmentKind.CURRENT: ("displacement",),
    **{ConcealmentKind[f"MAGIC_{s.upper()}"]: (s,) for s in SENSES},
}
_KIND_LABELS: dict[ConcealmentKind, str] = {
    ConcealmentKind.WORLD: "Poor light, fog, smoke or weather (sight)",
    ConcealmentKind.MAGIC: "Magic (every sense)",
    ConcealmentKind.NOISE: "Noise (sound)",
    ConcealmentKind.SCENT: "Strong smell (smell)",
    ConcealmentKind.HEAT: "Heat (thermal)",
    ConcealmentKind.TREMOR: "Tremors (vibration)",
    ConcealmentKind.CURRENT: "Wind or current (displacement)",
    **{ConcealmentKind[f"MAGIC_{s.upper()}"]: f"Magic ({s})" for s in SENSES},
}


@dataclass(frozen=True, slots=True)
class LayerSpec:
    """One terrain layer: its file/array name, dtype, allowed range and meaning."""

    name: str
    dtype: type[np.generic]
    minimum: int
    maximum: int
    description: str


LAYER_SPECS: Mapping[str, LayerSpec] = MappingProxyType(
    {
        spec.name: spec
        for spec in (
            LayerSpec("ground", np.uint8, 0, max(GroundKind), "ground kind (GroundKind)"),
            LayerSpec("elevation", np.int16, -999, 999, "height in spaces of 5 ft (Q21)"),
            LayerSpec("water_depth", np.uint8, 0, 99, "water depth in spaces"),
            LayerSpec("steep", np.bool_, 0, 1, "slope over 45 degrees: needs Climb [S001]"),
            LayerSpec("blocked", np.bool_, 0, 1, "wall or solid obstacle fills the space"),
            LayerSpec("concealment", np.uint8, 0, 12, "Concealment Tier 0-12 [S000]"),
            LayerSpec(
                "concealment_kind",
                np.uint8,
                0,
                max(ConcealmentKind),
                "world or magic, and the senses it hides from (ConcealmentKind) [S000]",
            ),
            LayerSpec("softness", np.uint8, 0, 12, "Ground Softness Tier 0-12 [S001], Q10"),
            LayerSpec("fog", np.bool_, 0, 1, "fog of war: hidden from the players"),
        )
    }
)

Layer = npt.NDArray[np.generic]


_Array = TypeVar("_Array", bound="np.ndarray[Any, Any]")


def read_only(array: _Array) -> _Array:
    """Mark ``array`` read-only and return it (its type kept)."""
    array.flags.writeable = False
    return array


def blank_layers(width: int, height: int) -> dict[str, Layer]:
    """Fresh layers for an open, flat, dry map (softness from :attr:`GroundKind.OPEN`)."""
    layers: dict[str, Layer] = {
        name: np.zeros((height, width), dtype=spec.dtype) for name, spec in LAYER_SPECS.items()
    }
    layers["softness"][:] = GroundKind.OPEN.default_softness
    return {name: read_only(arr) for name, arr in layers.items()}


def check_layer(name: str, array: Layer, width: int, height: int) -> str | None:
    """Return what is wrong with ``array`` as layer ``name``, or ``None`` if it is valid."""
    spec = LAYER_SPECS.get(name)
    if spec is None:
        return f"unknown terrain layer {name!r}"
    if not isinstance(array, np.ndarray):
        return f"layer {name!r} is not an array"
    if array.dtype != np.dtype(spec.dtype):
        return f"layer {name!r} has dtype {array.dtype}, expected {np.dtype(spec.dtype)}"
    if array.shape != (height, width):
        return f"layer {name!r} has shape {array.shape}, expected {(height, width)}"
    if array.size and spec.dtype is not np.bool_:
        low, high = int(array.min()), int(array.max())
        if low < spec.minimum or high > spec.maximum:
            return (
                f"layer {name!r} holds values {low}..{high}, allowed {spec.minimum}..{spec.maximum}"
            )
    return None


@dataclass(frozen=True, slots=True)
class TerrainSample:
    """Every layer's value at one space, as plain Python values."""

    ground: GroundKind
    elevation: int
    water_depth: int
    steep: bool
    blocked: bool
    concealment: int
    concealment_kind: ConcealmentKind
    softness: int

    def describe(self) -> str:
        """One line for a status bar, e.g. ``"Stone, elevation 2, wall"``."""
        parts = [self.ground.label, f"elevation {self.elevation}"]
        if self.water_depth:
            parts.append(f"water {self.water_depth} deep")
        if self.steep:
            parts.append("steep (Climb)")
        if self.blocked:
            parts.append("wall")
        if self.concealment:
            parts.append(f"Concealment {self.concealment} ({self.concealment_kind.short})")
        parts.append(f"softness {self.softness}")
        return ", ".join(parts)
