"""Threat (issue #19): which spaces the creatures of the other side can Strike on their
next turn, or Hinder the selected creature's movement from — and who, and how.

**Strike** ([S002] "a target in your Reach"). For each enemy
(:func:`rules.lens.sides.enemies_of`):

1. *Its next turn* is what :func:`rules.movement.begin_turn` gives it: its Movement Pool
   refilled (Q25) less Slowed's ½ Tier [P-AIL], Dash, Run and Amble over ("it lasts 1
   round"), nothing paid for in advance; a creature in the air falls or goes on with its
   jump. Its budget is :func:`rules.movement.budget_of` of that token: its full Movement,
   at a walk.
2. *Where it can stand* is the movement field of that budget
   (:func:`rules.movement.movement_field`): walls and spaces it would make more than full
   refused, Crowded charged (§11a D2, D12), a multi-space body moved whole.
3. *What it can Strike from there* is :func:`rules.battlefield.can_reach`'s answer, the
   test a Strike makes (:mod:`rules.actions.strike`): a space within its Reach of a space
   its body covers, counted in 3-D (option ``range_elevation``, §11a D9), or a fully
   occupied space beside it ("While adjacent to a space that is fully occupied, you can
   target subjects in the space as if you can Reach them" [S000]). Reach is worked out for
   the whole field at once (one shifted array per offset within Reach); the full spaces,
   which are few, are asked of :func:`rules.battlefield.measure` one by one, as
   ``can_reach`` asks. Like a Strike, Reach ignores walls and the altitude of flyers.

A Strike threat names the cheapest anchor to stand on, its cost (Movement cost units)
and the spaces walked to it (the field's path).

**Hinder** ([S002] "Before a creature in your Reach would move, attack to prevent the
movement, DL 3"). Hinder Movement is a reaction *during the selected creature's own move*,
so it is taken from where the enemy stands **now**: the spaces from which the mover's
body is in its Reach exactly as :mod:`rules.movement.hinder` decides it
(:func:`~rules.battlefield.can_reach`, the difference in altitude counted as spaces,
Q21) — standing on one, any step it takes may be Hindered. None when Overpower is
impossible, the mover 3+ sizes larger counted as attacked with Martial (Q26) [S002]; the
map's notes say so. The other reading — its Reach from wherever it could move next turn
— is the Strike zone already, and would be about the mover's *next* move, not this one.

**Counted** per space, not per anchor: :meth:`ThreatMap.count` is how many enemies
threaten a space, one that can both Strike and Hinder there counting once; a multi-space
creature standing with any of its spaces on a threatened space is threatened. Wall hexes
are never listed (nobody stands in one). Occupancy is the map's as it stands, the
selected creature included where it is: enemies move around it as they would now.

A neutral creature has no enemies (:mod:`rules.lens.sides`): its map is empty and says
why.

**Reusing fields**: :class:`~rules.lens.fields.FieldCache` (its rule is in its docstring)
keeps each enemy's next-turn field; after one token moves only the fields whose window it
left or entered are computed again, and ``begin_turn`` is only asked for those.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.battlefield.occupancy import CAPACITY, space_units
from rules.battlefield.reach import measure, reach_of, reach_spaces
from rules.board.coordinates import cell_name_of
from rules.board.grid import Board
from rules.board.offsets import cell_in, cells_of, hexes_where
from rules.board.sizes import effective_size
from rules.board.terrain import read_only
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError
from rules.hexes import DIRECTIONS, Hex, disk_offsets
from rules.layout import Orientation
from rules.lens.fields import FieldCache, footprint_extent
from rules.lens.sides import enemies_of, team_of
from rules.movement.field import MovementField
from rules.movement.hinder import DL as HINDER_DL
from rules.movement.hinder import overpower_size_modifier
from rules.options import RuleOptions
from rules.text import counted

__all__ = ["HINDER", "STRIKE", "Threat", "ThreatMap", "threat_map"]

STRIKE = "Strike"
HINDER = "Hinder"

FloatGrid = npt.NDArray[np.float64]
IntGrid = npt.NDArray[np.int64]
BoolGrid = npt.NDArray[np.bool_]
Layer = npt.NDArray[Any]


@dataclass(frozen=True)
class Threat:
    """One enemy's threat on one space: ``kind`` :data:`STRIKE` (next turn) or
    :data:`HINDER` (now), the ``anchor`` it does so from (``anchor_name``: ``"C7"``), the
    Movement ``cost`` (cost units) and ``spaces_moved`` to stand there (0: where it
    stands), its ``reach``, and ``beside_full`` when only a fully occupied space beside it
    brings the space within Reach ([S000])."""

    source_id: str
    name: str
    kind: str
    cost: int
    anchor: Hex
    anchor_name: str
    reach: int
    spaces_moved: int = 0
    beside_full: bool = False

    def describe(self) -> str:
        """``Goblin 1: moves 3 spaces to C7 and Strikes (Reach 1)``."""
        if self.kind == HINDER:
            full = "; a fully occupied space beside it [S000]" if self.beside_full else ""
            return (
                f"{self.name}: may Hinder Movement from {self.anchor_name}, where it stands "
                f"(Reach {self.reach}{full}, DL {HINDER_DL}) [S002]"
            )
        how = (
            "Strikes into this fully occupied space beside it [S000]"
            if self.beside_full
            else f"Strikes (Reach {self.reach})"
        )
        if not self.spaces_moved:
            return f"{self.name}: {how} from where it stands, {self.anchor_name}"
        extra = "" if self.cost == self.spaces_moved else f" (cost {self.cost})"
        moved = counted(self.spaces_moved, "space")
        return f"{self.name}: moves {moved} to {self.anchor_name}{extra} and {how}"


# -- what Reach reads ---------------------------------------------------------------------
@dataclass(frozen=True)
class _Terrain:
    """What Reach reads, once per query: the board, its elevation (0 off the map, as
    :func:`rules.battlefield.reach.elevation_at`) and walls, and the fully occupied
    spaces (``space_units`` ≥ 4, as :func:`~rules.battlefield.can_reach` asks)."""

    board: Board
    elevation: Layer
    blocked: Layer
    full: frozenset[Hex]

    @classmethod
    def of(cls, board: Board) -> _Terrain:
        return cls(board, board.layer("elevation"), board.layer("blocked"), _full(board))

    def window(self, corner: Hex, shape: tuple[int, int]) -> tuple[IntGrid, BoolGrid]:
        """Elevation and "an open space on the map" over the axial window at ``corner``."""
        n_r, n_q = shape
        qs = np.arange(corner.q, corner.q + n_q, dtype=np.int64)[None, :].repeat(n_r, 0)
        rs = np.arange(corner.r, corner.r + n_r, dtype=np.int64)[:, None].repeat(n_q, 1)
        width, height = self.board.width, self.board.height
        cols, rows = cells_of(qs, rs, self.board.orientation)
        on_map = (cols >= 0) & (cols < width) & (rows >= 0) & (rows < height)
        flat = np.where(on_map, rows * width + cols, 0)
        elevation = np.where(on_map, self.elevation.ravel().take(flat), 0).astype(np.int64)
        return elevation, on_map & ~self.blocked.ravel().take(flat).astype(bool)

    def is_open(self, h: Hex) -> bool:
        """On the map and not a wall."""
        if not self.board.contains(h):
            return False
        col, row = self.board.cell_of(h)
        return not bool(self.blocked[row, col])


def _full(board: Board) -> frozenset[Hex]:
    """The spaces ``space_units`` finds full; a lone token of size < 2 or on several
    spaces weighs under 4 units (DESIGN.md Occupancy), so it is not asked about."""
    found = set()
    for h, tokens in board.occupied_spaces().items():
        if len(tokens) == 1 and (tokens[0].size < 2 or len(tokens[0].footprint_offsets) > 1):
            continue
        if space_units(board, h) >= CAPACITY:
            found.add(h)
    return frozenset(found)


def _full_without(terrain: _Terrain, enemy: Token) -> frozenset[Hex]:
    """The full spaces once ``enemy`` has left where it stands: where it moves to, its
    own units are in its own spaces (in Reach anyway), so only the spaces it shares now
    can change — asked again without it."""
    shared = [h for h in enemy.footprint if len(terrain.board.tokens_at(h)) > 1]
    if not shared and not terrain.full & enemy.footprint:
        return terrain.full
    gone = terrain.board.without_token(enemy.id)
    again = {h for h in shared if space_units(gone, h) >= CAPACITY}
    return (terrain.full - enemy.footprint) | again


def _full_beside(
    cost: FloatGrid,
    corner: Hex,
    enemy: Token,
    reach: int,
    terrain: _Terrain,
    opts: RuleOptions,
    full: frozenset[Hex],
) -> Iterator[tuple[Hex, int, int]]:
    """``(space, i, j)``: a space of ``full`` beyond ``reach`` whose nearest pair of
    spaces (:func:`~rules.battlefield.measure`) to the body at the reachable anchor
    ``cost[i, j]`` is adjacent — the full-space half of
    :func:`~rules.battlefield.can_reach`."""
    n_r, n_q = cost.shape
    for h in full:
        for d in DIRECTIONS:
            for o in enemy.footprint_offsets:
                a = h + d - o
                i, j = a.r - corner.r, a.q - corner.q
                if not (0 <= i < n_r and 0 <= j < n_q) or not np.isfinite(cost[i, j]):
                    continue
                gap = measure(terrain.board, enemy.footprint_at(a), [h], opts)
                if gap.spaces > reach and gap.flat == 1:
                    yield h, i, j


# -- Strike: the zone of one enemy's next turn --------------------------------------------
def _stand(cost: FloatGrid, offsets: tuple[Hex, ...], m: int) -> tuple[FloatGrid, IntGrid]:
    """The cheapest cost for the body to cover each space, and the anchor (flat index of
    ``cost``) it stands on then: ``cost``'s window grown by ``m`` on every side."""
    n_r, n_q = cost.shape
    stand = np.full((n_r + 2 * m, n_q + 2 * m), np.inf)
    who = np.full(stand.shape, -1, dtype=np.int64)
    index = np.arange(n_r * n_q, dtype=np.int64).reshape(n_r, n_q)
    for o in offsets:
        view = (slice(m + o.r, m + o.r + n_r), slice(m + o.q, m + o.q + n_q))
        better = cost < stand[view]
        stand[view][better] = cost[better]
        who[view][better] = index[better]
    return stand, who


@dataclass(frozen=True, eq=False)
class _StrikeZone:
    """Where one enemy can Strike on its next turn: ``cost[i, j]`` for
    ``Hex(q0 + j, r0 + i)`` (``inf`` where it cannot), the anchor it stands on (a flat
    index into ``field``'s window) and whether only a full space beside it gives the
    Reach. Read-only arrays."""

    enemy: Token
    reach: int
    q0: int
    r0: int
    cost: FloatGrid
    anchor: IntGrid
    beside: BoolGrid
    field: MovementField

    def threat_at(self, h: Hex, orientation: Orientation) -> Threat | None:
        i, j = h.r - self.r0, h.q - self.q0
        n_r, n_q = self.cost.shape
        if not (0 <= i < n_r and 0 <= j < n_q) or not np.isfinite(self.cost[i, j]):
            return None
        row, col = divmod(int(self.anchor[i, j]), self.field.dist.shape[1])
        anchor = Hex(self.field.q0 + col, self.field.r0 + row)
        moved = len(self.field.path_to(anchor) or [anchor]) - 1
        name = cell_name_of(anchor, orientation)
        cost, beside = int(self.cost[i, j]), bool(self.beside[i, j])
        enemy = self.enemy
        return Threat(enemy.id, enemy.name, STRIKE, cost, anchor, name, self.reach, moved, beside)

    def flat_cells(self, board: Board) -> IntGrid:
        """The board cells (``row * width + col``) of the spaces it threatens."""
        rows, cols = np.nonzero(np.isfinite(self.cost))
        col, row = cells_of(cols + self.q0, rows + self.r0, board.orientation)
        flat: IntGrid = row * board.width + col
        return flat


def _strike_zone(
    enemy: Token, fld: MovementField, terrain: _Terrain, opts: RuleOptions
) -> _StrikeZone:
    """Every open space within Reach of a space the body covers at an anchor of ``fld``,
    with the cheapest anchor (module notes, Strike 3)."""
    reach, offsets = reach_of(enemy), enemy.footprint_offsets
    m, pad = footprint_extent(offsets), max(reach, 1)
    stand, who = _stand(fld.dist, offsets, m)
    s_r, s_q = stand.shape
    corner = Hex(fld.q0 - m - pad, fld.r0 - m - pad)
    elevation, open_space = terrain.window(corner, (s_r + 2 * pad, s_q + 2 * pad))
    cost, anchor = np.full(elevation.shape, np.inf), np.full(elevation.shape, -1, np.int64)
    here = elevation[pad : pad + s_r, pad : pad + s_q]
    count_up = opts.range_elevation == "count"
    for dq, dr in disk_offsets(reach):
        view = (slice(pad + dr, pad + dr + s_r), slice(pad + dq, pad + dq + s_q))
        flat = max(abs(dq), abs(dr), abs(dq + dr))
        near = flat + np.abs(elevation[view] - here) <= reach if count_up else flat <= reach
        offered = np.where(near, stand, np.inf)
        better = offered < cost[view]
        cost[view][better] = offered[better]
        anchor[view][better] = who[better]
    beside = np.zeros(cost.shape, dtype=bool)
    n_q = fld.dist.shape[1]
    full = _full_without(terrain, enemy)
    origin = Hex(fld.q0, fld.r0)
    for h, i, j in _full_beside(fld.dist, origin, enemy, reach, terrain, opts, full):
        y, x = h.r - corner.r, h.q - corner.q
        if fld.dist[i, j] < cost[y, x]:
            cost[y, x], anchor[y, x], beside[y, x] = fld.dist[i, j], i * n_q + j, True
    cost[~open_space] = np.inf
    return _StrikeZone(
        enemy, reach, corner.q, corner.r, read_only(cost), read_only(anchor), read_only(beside), fld
    )


# -- Hinder: where it stands now ----------------------------------------------------------
@dataclass(frozen=True)
class _HinderZone:
    """The open spaces from which the mover's body is in ``enemy``'s Reach now;
    ``beside``: those only a full space beside it brings within Reach."""

    enemy: Token
    reach: int
    spaces: frozenset[Hex]
    beside: frozenset[Hex]

    def threat_at(self, h: Hex, orientation: Orientation) -> Threat | None:
        if h not in self.spaces:
            return None
        at = self.enemy.position
        name = cell_name_of(at, orientation)
        beside = h in self.beside
        return Threat(self.enemy.id, self.enemy.name, HINDER, 0, at, name, self.reach, 0, beside)

    def flat_cells(self, board: Board) -> IntGrid:
        qs = np.fromiter((h.q for h in self.spaces), np.int64, len(self.spaces))
        rs = np.fromiter((h.r for h in self.spaces), np.int64, len(self.spaces))
        col, row = cells_of(qs, rs, board.orientation)
        flat: IntGrid = row * board.width + col
        return flat


def _from_strike(enemy: Token, strike: _StrikeZone) -> _HinderZone:
    """The Hinder zone read off the Strike zone: the spaces it Strikes at cost 0 are those
    in its Reach from where it stands — the same ``can_reach`` test (every step costs at
    least 1, so cost 0 is its own anchor; the full spaces differ only in its own spaces,
    in Reach anyway)."""
    rows, cols = np.nonzero(strike.cost == 0)
    spaces = frozenset(
        Hex(strike.q0 + int(j), strike.r0 + int(i)) for i, j in zip(rows, cols, strict=True)
    )
    beside = frozenset(
        Hex(strike.q0 + int(j), strike.r0 + int(i))
        for i, j in zip(rows, cols, strict=True)
        if strike.beside[i, j]
    )
    return _HinderZone(enemy, strike.reach, spaces, beside)


def _hinder_zone(
    enemy: Token, mover: Token, terrain: _Terrain, opts: RuleOptions, strike: _StrikeZone
) -> _HinderZone | str | None:
    """Where ``enemy`` may Hinder ``mover``'s movement from where it stands (module notes,
    Hinder); why not, when Overpower is impossible; None when its altitude puts it out of
    Reach. With a gap in altitude the Reach left must cover the distance itself
    (:mod:`rules.movement.hinder`): no full space lends it."""
    reach = reach_of(enemy)
    gap = abs(enemy.motion.altitude - mover.motion.altitude)
    if gap > reach:
        return None
    counted = effective_size(mover, "attacked", skill="Martial").value
    _modifier, impossible = overpower_size_modifier(enemy.size, counted)
    if impossible:
        return f"{enemy.name} cannot Hinder Movement: {impossible}"
    if not gap and strike.field.start == enemy.position:
        return _from_strike(enemy, strike)
    shorter = enemy if not gap else replace(enemy, reach=reach - gap)
    spaces = {h for h in reach_spaces(terrain.board, shorter, opts) if terrain.is_open(h)}
    beside: set[Hex] = set()
    if not gap:
        here = np.zeros((1, 1))
        found = _full_beside(here, enemy.position, enemy, reach, terrain, opts, terrain.full)
        beside = {h for h, _i, _j in found if terrain.is_open(h)} - spaces
    return _HinderZone(enemy, reach, frozenset(spaces | beside), frozenset(beside))


# -- the map ------------------------------------------------------------------------------
_Zone = _StrikeZone | _HinderZone
_KIND_ORDER = {STRIKE: 0, HINDER: 1}


@dataclass(frozen=True, eq=False)
class ThreatMap:
    """The threats on every space for ``token_id`` (``name``): the ``enemies`` counted
    (ids, in the board's order), ``counts`` — a read-only ``(height, width)`` int16 array
    of how many enemies threaten each cell, for shading — and ``reason`` when there is
    nothing to count (a neutral creature, no enemies). ``notes`` say who cannot Hinder.
    The threats on a space are read from the zones when asked (:meth:`at`)."""

    token_id: str
    name: str
    enemies: tuple[str, ...]
    counts: npt.NDArray[np.int16]
    orientation: Orientation
    reason: str | None = None
    notes: tuple[str, ...] = ()
    options_used: tuple[str, ...] = ()
    _zones: tuple[_Zone, ...] = field(default=(), repr=False)

    def _cell(self, h: Hex) -> tuple[int, int] | None:
        return cell_in(h, self.orientation, self.counts.shape)

    def count(self, h: Hex) -> int:
        """How many enemies threaten ``h`` (0 off the map)."""
        cell = self._cell(h)
        return 0 if cell is None else int(self.counts[cell])

    def at(self, h: Hex) -> tuple[Threat, ...]:
        """Each threat on ``h``, by name: per enemy its cheapest Strike, then its Hinder."""
        if self._cell(h) is None:
            return ()
        found = [t for z in self._zones if (t := z.threat_at(h, self.orientation))]
        return tuple(sorted(found, key=lambda t: (t.name, t.source_id, _KIND_ORDER[t.kind])))

    def spaces(self) -> frozenset[Hex]:
        """Every space some enemy threatens."""
        return hexes_where(self.counts, self.orientation)

    def describe(self, h: Hex) -> tuple[str, ...]:
        """Hover text: how many threaten ``h``, then each threat in the rules' words."""
        if self._cell(h) is None:
            return (f"({h.q}, {h.r}) is off the map",)
        where = cell_name_of(h, self.orientation)
        if self.reason is not None:
            return (f"{where}: {self.reason}",)
        threats = self.at(h)
        if not threats:
            return (f"{where}: no enemy can Strike {self.name} here next turn or Hinder it",)
        n = self.count(h)
        who = "1 enemy threatens" if n == 1 else f"{n} enemies threaten"
        return (f"{where}: {who} {self.name} here", *(t.describe() for t in threats))


def _counts(board: Board, zones: list[_Zone]) -> npt.NDArray[np.int16]:
    """How many enemies threaten each cell (an enemy's two zones count once)."""
    per_enemy: dict[str, list[IntGrid]] = {}
    for zone in zones:
        per_enemy.setdefault(zone.enemy.id, []).append(zone.flat_cells(board))
    cells = [np.unique(np.concatenate(parts)) for parts in per_enemy.values()]
    every = np.concatenate(cells) if cells else np.zeros(0, dtype=np.int64)
    counts = np.bincount(every, minlength=board.width * board.height).astype(np.int16)
    return read_only(counts.reshape(board.height, board.width))


def _creature(board: Board, token_id: str) -> Token:
    token = board.token(token_id)  # UnknownTokenError
    if token.kind is not TokenKind.CREATURE:
        raise RulesError(f"{token.name} is an object: the threat lens is for a creature")
    return token


def _empty(board: Board, creature: Token, reason: str, used: tuple[str, ...]) -> ThreatMap:
    counts = read_only(np.zeros((board.height, board.width), dtype=np.int16))
    return ThreatMap(creature.id, creature.name, (), counts, board.orientation, reason, (), used)


def _zones_of(
    board: Board, creature: Token, enemies: tuple[Token, ...], opts: RuleOptions, cache: FieldCache
) -> tuple[list[_Zone], list[str]]:
    terrain = _Terrain.of(board)
    zones: list[_Zone] = []
    notes: list[str] = []
    for enemy in enemies:
        strike = _strike_zone(enemy, cache.next_turn_field(board, enemy.id, opts), terrain, opts)
        zones.append(strike)
        hinder = _hinder_zone(enemy, creature, terrain, opts, strike)
        if isinstance(hinder, str):
            notes.append(hinder)
        elif hinder is not None:
            zones.append(hinder)
    return zones, notes


def threat_map(
    board: Board,
    token_id: str,
    options: RuleOptions | None = None,
    *,
    cache: FieldCache | None = None,
) -> ThreatMap:
    """Which spaces the enemies of ``token_id`` can Strike on their next turn, or Hinder
    its movement from now; how many and how (module notes). ``cache`` keeps the enemies'
    movement fields between calls (:class:`FieldCache`). Never changes the board.

    Raises :class:`~rules.errors.UnknownTokenError` for an unknown token,
    :class:`~rules.errors.RulesError` for an object, ``ValueError`` for a ``cache`` that
    is not a :class:`FieldCache`."""
    if cache is not None and not isinstance(cache, FieldCache):
        raise ValueError(f"cache must be a FieldCache, got {type(cache).__name__}")
    opts = options or RuleOptions.of(board.options)
    creature = _creature(board, token_id)
    used = (opts.describe("range_elevation"),)
    if team_of(creature) is None:
        why = f"{creature.name} is neutral: nobody is its enemy [ASSUMPTION]"
        return _empty(board, creature, why, used)
    enemies = enemies_of(board, token_id)
    if not enemies:
        return _empty(board, creature, "no creature of the other side is on the map", used)
    cache = cache if cache is not None else FieldCache(len(enemies))
    zones, notes = _zones_of(board, creature, enemies, opts, cache)
    ids = tuple(e.id for e in enemies)
    counts = _counts(board, zones)
    orientation = board.orientation
    return ThreatMap(
        token_id, creature.name, ids, counts, orientation, None, tuple(notes), used, tuple(zones)
    )
