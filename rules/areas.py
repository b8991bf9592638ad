"""Area shapes: the pinned contract of DESIGN.md (line, cone, burst), templates, walls.

[S000]: "Many effects take form in a given shape. […] The black space is the origin space
of the effect. Cones that start facing an edge expand outwards only every other space."
[S000]: "Create a Line or Cone shape. It continues in a direction away from you for a number
of spaces equal to the value from the space it occurs in." [S000]: "Create a Burst / Aura
shape that continues away from the space or subject where the effect occurs for a number of
spaces equal to the value." [S001]: "Value 0 affects only the origin space."

Every shape includes its origin; ``value`` is how many spaces it extends beyond it.

>>> sorted(line(Hex(0, 0), 0, 2))
[Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0)]
>>> len(cone(Hex(0, 0), 1, 2)), len(cone(Hex(0, 0), 0, 2)), len(burst(Hex(0, 0), 2))
(6, 5, 19)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np

from rules.hexes import DIAGONALS, DIRECTIONS, Hex, check_facing, disk, disk_offsets
from rules.ids import id_problem

__all__ = [
    "AreaKind",
    "AreaTemplate",
    "burst",
    "cone",
    "line",
    "reduced_value",
]


def _check_value(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"an Area value must be an integer, got {value!r}")
    if value < 0:
        raise ValueError(f"an Area value must be >= 0, got {value}")
    return value


def line(origin: Hex, facing: int, value: int) -> frozenset[Hex]:
    """A Line of ``value`` spaces beyond ``origin`` [S000] (DESIGN.md contract).

    Edge facing ``2k``: ``origin + i*DIRECTIONS[k]``; vertex facing ``2k+1``: a zig-zag whose
    ``i``-th space is ``origin + ceil(i/2)*DIRECTIONS[k] + floor(i/2)*DIRECTIONS[k+1]``.
    """
    f, n = check_facing(facing), _check_value(value)
    k = f // 2
    if f % 2 == 0:
        return frozenset(origin + DIRECTIONS[k] * i for i in range(n + 1))
    a, b = DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]
    return frozenset(origin + a * ((i + 1) // 2) + b * (i // 2) for i in range(n + 1))


def _vertex_cone(origin: Hex, k: int, value: int) -> frozenset[Hex]:
    a_dir, b_dir = DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]
    return frozenset(
        origin + a_dir * a + b_dir * (d - a) for d in range(value + 1) for a in range(d + 1)
    )


def _edge_cone(origin: Hex, k: int, value: int) -> frozenset[Hex]:
    # h - origin = a*D1 + b*D2 with real a, b >= 0. Cramer's rule: 3a = num_a * 3/det, and
    # det = ±3, so the signs of the integer numerators decide membership exactly.
    d1, d2 = DIAGONALS[(k - 1) % 6], DIAGONALS[k]
    det = d1.q * d2.r - d1.r * d2.q
    covered = {origin}
    for h in disk(origin, value):
        v = h - origin
        num_a = (v.q * d2.r - v.r * d2.q) * det
        num_b = (d1.q * v.r - d1.r * v.q) * det
        if num_a >= 0 and num_b >= 0:
            covered.add(h)
    return frozenset(covered)


def cone(origin: Hex, facing: int, value: int) -> frozenset[Hex]:
    """A Cone of ``value`` spaces beyond ``origin`` [S000] (DESIGN.md contract).

    Vertex facing ``2k+1``: ``origin + a*DIRECTIONS[k] + b*DIRECTIONS[k+1]`` with
    ``a, b >= 0`` and ``a + b <= value`` — widths 2, 3, 4, … at distances 1, 2, 3, ….
    Edge facing ``2k``: the 60° wedge between ``DIAGONALS[k-1]`` and ``DIAGONALS[k]``, its
    edges included, decided in integers — widths 1, 3, 3, 5, 5, …: "Cones that start facing
    an edge expand outwards only every other space" [S000].
    """
    f, n = check_facing(facing), _check_value(value)
    if f % 2 == 1:
        return _vertex_cone(origin, f // 2, n)
    return _edge_cone(origin, f // 2, n)


def burst(origin: Hex | Iterable[Hex], value: int) -> frozenset[Hex]:
    """Every hex within ``value`` of the origin, or of any of several origin hexes.

    [S000]: a Burst / Aura "continues away from the space or subject where the effect
    occurs"; [S001]: "The origin space is all spaces of a creature or object that is the
    source of the effect. […] Value 0 affects only the origin space."
    """
    n = _check_value(value)
    origins = [origin] if isinstance(origin, Hex) else list(origin)
    if not origins:
        raise ValueError("a Burst needs at least one origin hex")
    if len(origins) == 1:
        return disk(origins[0], n)
    # A big source: every origin hex plus every offset, deduplicated in numpy.
    centres = np.array([(h.q, h.r) for h in origins], dtype=np.int64)
    points = (centres[:, None, :] + disk_offsets(n)[None, :, :]).reshape(-1, 2)
    span = 1 << 32  # one int64 key per hex: np.unique on 1-D keys is far faster
    keys = np.unique(points[:, 0] * span + (points[:, 1] + span // 2))
    qs, rs = np.divmod(keys, span)
    return frozenset(Hex(int(q), int(r) - span // 2) for q, r in zip(qs, rs, strict=True))


def reduced_value(maximum: int, requested: int) -> int:
    """The Area value actually used: any value from 0 to the ability's ``maximum``.

    [S000]: "You may reduce the Area value of an ability you Manifest as you declare it by
    any amount." Raises ``ValueError`` for a negative request or one above the maximum.
    """
    _check_value(maximum)
    _check_value(requested)
    if requested > maximum:
        raise ValueError(f"the Area value can be reduced, not raised: {requested} > {maximum}")
    return requested


class AreaKind(enum.Enum):
    """The kinds of Area [S000]: Self, Line, Cone, Burst, Aura."""

    SELF = "self"
    LINE = "line"
    CONE = "cone"
    BURST = "burst"
    AURA = "aura"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def directed(self) -> bool:
        """True for the kinds with a facing (Line and Cone)."""
        return self in (AreaKind.LINE, AreaKind.CONE)

    @property
    def radial(self) -> bool:
        """True for the kinds that spread from every origin hex (Burst and Aura)."""
        return self in (AreaKind.BURST, AreaKind.AURA)


@dataclass(frozen=True)
class AreaTemplate:
    """An Area laid on the map: its kind, value, origin and facing.

    ``origin`` holds the origin hexes (one space, or every space of a targeted subject);
    ``source`` names a token the area is attached to (an Aura moves with it [S001]: "If the
    source of an Aura moves, the Aura moves with it"; its spaces are the origin);
    ``caster`` is the token that made it. ``exclude_caster`` is the caster's choice to be
    unaffected by their own Burst [S000]; ``physical`` marks physical effects (for the
    seed-001 multi-hit rule). Pinned templates are stored in the map (``Board.areas``).
    """

    id: str
    kind: AreaKind
    value: int
    origin: tuple[Hex, ...] = ()
    facing: int = 0
    source: str | None = None
    caster: str | None = None
    exclude_caster: bool = False
    physical: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        """What is wrong with this template's fields, or ``None``."""
        problem = id_problem("area", self.id)
        if problem:
            return problem
        if not isinstance(self.name, str):
            return f"area {self.id!r}: name must be text"
        for label in ("source", "caster"):
            ref = getattr(self, label)
            if ref is not None and not isinstance(ref, str):
                return f"area {self.id!r}: {label} must be a token id or None"
        if not isinstance(self.kind, AreaKind):
            return f"area {self.id!r}: kind must be an AreaKind, got {self.kind!r}"
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            return f"area {self.id!r}: value must be an integer"
        if not 0 <= self.value <= 99:
            return f"area {self.id!r}: value must be 0..99, got {self.value}"
        if isinstance(self.facing, bool) or self.facing not in range(12):
            return f"area {self.id!r}: facing must be 0..11, got {self.facing!r}"
        if not all(isinstance(h, Hex) for h in self.origin):
            return f"area {self.id!r}: origin must be hexes"
        from_caster = self.caster is not None and self.kind in (AreaKind.BURST, AreaKind.SELF)
        if not self.origin and self.source is None and not from_caster:
            return f"area {self.id!r}: needs an origin hex or a source token"
        if self.kind.directed and (len(self.origin) != 1 or self.source is not None):
            return f"area {self.id!r}: a {self.kind.label} starts from exactly one origin space"
        return None

    def without_caster(self) -> AreaTemplate | None:
        """This template once its caster has left the map: the same Area naming no caster,
        or ``None`` when it was drawn from the caster's own spaces (a Self Area or a Burst
        with no origin hex and no source token), as nothing is left to draw it from."""
        if self.caster is None:
            return self
        if not self.origin and self.source is None:
            return None
        return replace(self, caster=None)

    @property
    def title(self) -> str:
        """``"Cone 3"``, or the template's own name."""
        return self.name or f"{self.kind.label} {self.value}"

    def shape(self, origin: tuple[Hex, ...] | None = None) -> frozenset[Hex]:
        """The hexes of this shape from ``origin`` (default: its own), before walls and
        map edges; ``SELF`` covers the origin alone."""
        hexes = origin if origin is not None else self.origin
        if not hexes:
            raise ValueError(f"area {self.id!r} has no origin to draw from")
        if self.kind is AreaKind.LINE:
            return line(hexes[0], self.facing, self.value)
        if self.kind is AreaKind.CONE:
            return cone(hexes[0], self.facing, self.value)
        if self.kind is AreaKind.SELF:
            return frozenset(hexes)
        return burst(hexes, self.value)
