"""Aiming an Area: where its origin may be, which spaces it covers and which subjects it hits.

[S000]: "As you declare an action, designate a space it will occur within its range."
[S000] Line/Cone: "It continues in a direction away from you […] Increase range by your
Reach." [S000] Burst: "Instead of designating a space, you may specify a subject that your
senses allow you to target." "It affects all creatures and unattended objects in the area."
"You can choose to be unaffected by a Burst you Manifest if you occupy the space it occurs
in." Option ``legacy_areas`` ([S001]): "Create a Line or Cone shape with an origin space
anywhere in your Reach"; "The origin space is all spaces of a creature or object that is the
source of the effect"; "If the effects is physical, targets in the area above size 1 are
affected a number of times equal to their size. If parts of the creature are not in the
area, only use the parts that are to determine its size."
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.line_of_effect import stop_at_walls, walls_among
from rules.battlefield.reach import Distance, measure, reach_of
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.hexes import Hex, distance, distances_to, facing_step
from rules.options import RuleOptions
from rules.reasons import Term

__all__ = ["AreaResult", "BoolArray", "Hit", "aim", "origin_mask", "points_away"]

BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Hit:
    """A subject an Area affects: how many times, with which of its spaces inside, why."""

    token_id: str
    name: str
    times: int
    spaces_inside: tuple[Hex, ...]
    reason: str


@dataclass(frozen=True)
class AreaResult:
    """What an aimed Area does: legal or not (with the refusal), the spaces it covers, the
    spaces walls or the map edge cut off, its origin, the subjects hit, and the options
    used."""

    template: AreaTemplate
    legal: bool
    refusal: str | None
    origin: tuple[Hex, ...]
    spaces: frozenset[Hex]
    stopped: frozenset[Hex]
    hits: tuple[Hit, ...]
    range: Distance | None
    reasons: tuple[str, ...]
    options_used: tuple[str, ...]

    def hit_ids(self) -> list[str]:
        return [h.token_id for h in self.hits]


def _cartesian_dot(a: Hex, b: Hex) -> int:
    # x = √3 (q + r/2), y = 3r/2  ⇒  (x1x2 + y1y2) · 2/3 = 2q1q2 + q1r2 + r1q2 + 2r1r2
    return 2 * a.q * b.q + a.q * b.r + a.r * b.q + 2 * a.r * b.r


def points_away(actor_spaces: frozenset[Hex], origin: Hex, facing: int) -> bool:
    """Whether a Line or Cone from ``origin`` with ``facing`` goes away from the actor (D8).

    [S000]: "It continues in a direction away from you". Refused when the facing's axis
    heads toward one of the actor's nearest spaces (positive dot product of the axis with
    the vector to it); from inside the actor's own spaces every facing is away.
    """
    if not actor_spaces or origin in actor_spaces:
        return True
    near = min(distance(origin, h) for h in actor_spaces)
    axis = facing_step(facing)
    toward = [h - origin for h in actor_spaces if distance(origin, h) == near]
    return all(_cartesian_dot(axis, v) <= 0 for v in toward)


def _allowed_range(kind: AreaKind, caster: Token, range_value: int, opts: RuleOptions) -> int:
    if kind.directed:
        return reach_of(caster) if opts.legacy_areas else range_value + reach_of(caster)
    return range_value


def origin_mask(
    board: Board, caster_id: str, kind: AreaKind, range_value: int, options: RuleOptions
) -> BoolArray:
    """A ``(height, width)`` mask of the spaces the origin of ``kind`` may be placed in.

    Seed 000: within ``range_value`` (+ Reach for Line/Cone) contiguous spaces of a space
    the caster occupies, in 3-D per D9. With ``legacy_areas``: Line/Cone anywhere in Reach,
    Burst/Aura only from the caster's own spaces.
    """
    caster = board.token(caster_id)
    qs, rs = board.axial_grid()
    if kind is AreaKind.SELF or (options.legacy_areas and kind.radial):
        mask = np.zeros(qs.shape, dtype=bool)
        for h in caster.footprint:
            mask |= (qs == h.q) & (rs == h.r)
        return mask
    allowed = _allowed_range(kind, caster, range_value, options)
    elevation = board.layer("elevation").astype(np.int64)
    best = np.full(qs.shape, np.iinfo(np.int64).max, dtype=np.int64)
    for h in caster.footprint:
        total = distances_to(qs, rs, h)
        if options.range_elevation == "count" and board.contains(h):
            col, row = board.cell_of(h)
            total = total + np.abs(elevation - elevation[row, col])
        best = np.minimum(best, total)
    result: BoolArray = best <= allowed
    return result


def aim(
    board: Board,
    template: AreaTemplate,
    options: RuleOptions | None = None,
    *,
    range_value: int | None = None,
) -> AreaResult:
    """Lay ``template`` on ``board``: is it legal, which spaces, which subjects are hit.

    ``range_value`` is the ability's range; ``None`` places the origin freely (the GM
    drawing a template). The caster (``template.caster``) decides range, Reach, the
    "away from you" rule (D8) and whether it may be unaffected by its own Burst.
    """
    opts = options or RuleOptions.of(board.options)
    caster = board.tokens.get(template.caster) if template.caster else None
    used = ["legacy_areas", "areas_stop_at_walls"]
    refusals: list[str] = []
    if template.caster is not None and caster is None:
        refusals.append(f"the caster {template.caster!r} is not on the map")
    origin = _origin(board, template, caster, opts, refusals)
    _check_origin_spaces(board, template, origin, refusals)
    dist = None
    if caster is not None and origin:
        dist = measure(board, caster.footprint, origin, opts)
        used.append("range_elevation")
        if range_value is not None:
            _check_range(template, caster, dist, range_value, opts, refusals)
        if template.kind.directed and opts.line_cone_direction == "away":
            used.append("line_cone_direction")
            if not points_away(caster.footprint, origin[0], template.facing):
                refusals.append(f"a {template.kind.label} must point away from {caster.name}")
    if template.kind is AreaKind.LINE and template.facing % 2 == 1 and not opts.zigzag_lines:
        used.append("zigzag_lines")
        refusals.append("Lines run along the 6 edge directions (zig-zag lines are off)")
    spaces, stopped = _covered(board, template, origin, opts)
    hits, notes = _hits(board, template, caster, origin, spaces, opts)
    if _legacy_spread(template, opts) and caster is not None:
        notes.insert(0, f"legacy areas: the origin is every space of the source, {caster.name}")
    return AreaResult(
        template=template,
        legal=not refusals and bool(origin),
        refusal=refusals[0] if refusals else None,
        origin=origin,
        spaces=spaces,
        stopped=stopped,
        hits=hits,
        range=dist,
        reasons=tuple(refusals + notes),
        options_used=tuple(opts.describe(n) for n in used),
    )


def _legacy_spread(template: AreaTemplate, opts: RuleOptions) -> bool:
    """[S001] "The origin space is all spaces of a creature or object that is the source
    of the effect": with ``legacy_areas``, a Burst or Aura aimed without an origin of its
    own spreads from its caster (once pinned, it keeps the origin it was cast from)."""
    return (
        opts.legacy_areas
        and template.kind.radial
        and template.source is None
        and not template.origin
    )


def _origin(
    board: Board,
    template: AreaTemplate,
    caster: Token | None,
    opts: RuleOptions,
    refusals: list[str],
) -> tuple[Hex, ...]:
    """:meth:`Board.area_origin`, with why it cannot stand: a source token not on the map,
    or an Aura with nothing to move with."""
    if template.source is not None:
        if template.source not in board.tokens:
            refusals.append(f"the source token {template.source!r} is not on the map")
    elif template.kind is AreaKind.AURA and (caster is None or not _legacy_spread(template, opts)):
        refusals.append("an Aura needs a source token to move with")
    return board.area_origin(template, opts.legacy_areas)


def _check_origin_spaces(
    board: Board, template: AreaTemplate, origin: tuple[Hex, ...], refusals: list[str]
) -> None:
    if template.source is not None or template.kind is AreaKind.SELF:
        return  # a token's own spaces
    off = [h for h in origin if not board.contains(h)]
    if off:
        refusals.append(f"the origin ({off[0].q}, {off[0].r}) is off the map")
        return
    walls = walls_among(board, frozenset(origin))
    if walls:
        h = min(walls)
        refusals.append(f"the origin ({h.q}, {h.r}) is a wall")


def _check_range(
    template: AreaTemplate,
    caster: Token,
    dist: Distance,
    range_value: int,
    opts: RuleOptions,
    refusals: list[str],
) -> None:
    kind = template.kind
    if kind is AreaKind.SELF or template.source == caster.id:
        return  # from the caster's own spaces
    if opts.legacy_areas and kind.radial:
        return  # [S001]: the origin is the source itself
    allowed = _allowed_range(kind, caster, range_value, opts)
    if dist.spaces <= allowed:
        return
    if kind.directed and opts.legacy_areas:
        why = f"Reach {reach_of(caster)} (legacy: origin anywhere in your Reach)"
    elif kind.directed:
        why = f"range {range_value} + Reach {reach_of(caster)}"
    else:
        why = f"range {range_value}"
    where = "the subject" if template.source is not None else "the origin"
    refusals.append(f"{where} is {dist.describe()} away; {why} allows {allowed}")


def _covered(
    board: Board, template: AreaTemplate, origin: tuple[Hex, ...], opts: RuleOptions
) -> tuple[frozenset[Hex], frozenset[Hex]]:
    if not origin:
        return frozenset(), frozenset()
    shape = template.shape(origin)
    on_map = frozenset(h for h in shape if board.contains(h))
    if not opts.areas_stop_at_walls or template.kind is AreaKind.SELF:
        return on_map, shape - on_map
    straight = template.kind is AreaKind.LINE
    covered, cut = stop_at_walls(board, on_map, frozenset(origin), straight)
    return covered, cut | (shape - on_map)


def _hits(
    board: Board,
    template: AreaTemplate,
    caster: Token | None,
    origin: tuple[Hex, ...],
    spaces: frozenset[Hex],
    opts: RuleOptions,
) -> tuple[tuple[Hit, ...], list[str]]:
    notes: list[str] = []
    if template.kind is AreaKind.SELF:
        if caster is None:
            return (), ["a Self effect needs a caster"]
        inside = tuple(sorted(caster.footprint))
        return (Hit(caster.id, caster.name, 1, inside, "Self: only you [S000]"),), notes
    skip = _excluded_caster(template, caster, origin, notes)
    hits = []
    for token in board.tokens.values():
        inside = tuple(sorted(token.footprint & spaces))
        if not inside or token.id == skip:
            continue
        times = _times(token, len(inside), template.physical and opts.legacy_areas)
        hits.append(Hit(token.id, token.name, times.amount, inside, times.reason))
    return tuple(hits), notes


def _excluded_caster(
    template: AreaTemplate, caster: Token | None, origin: tuple[Hex, ...], notes: list[str]
) -> str | None:
    if not template.exclude_caster or caster is None:
        return None
    if template.kind is not AreaKind.BURST:
        notes.append(f"only a Burst lets {caster.name} choose to be unaffected")
        return None
    if caster.footprint & set(origin):
        notes.append(f"{caster.name} occupies the origin and chose to be unaffected [S000]")
        return caster.id
    notes.append(f"{caster.name} is not in the origin space, so cannot choose to be unaffected")
    return None


def _times(token: Token, inside: int, multi_hit: bool) -> Term:
    """How often the area affects ``token``: once (seed 000), or with the legacy physical
    rule its size, counting only the part inside (one size smaller per halving, D13)."""
    total = len(token.footprint_offsets)
    if not multi_hit:
        return Term(1, "in the area: affected once [S000]")
    size = token.size - math.floor(math.log2(total / inside))
    if size <= 1:
        return Term(1, f"size {size} counting the {inside}/{total} spaces inside: affected once")
    return Term(size, f"physical, size {size} counting the {inside}/{total} spaces inside [S001]")
