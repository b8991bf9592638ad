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

**Ranking** (:data:`RANKING`): most enemies hit, then fewest allies hit — the caster
counts as an ally when it would be hit (:func:`rules.lens.sides.allies_of`; unless it
chose to be unaffected by a Burst whose origin it occupies, ``exclude_caster``), then the
origin nearest the caster (hex distance from its nearest space; for a Burst on a subject,
to the subject's nearest space), then the origin ``(q, r)``, then the facing, then a space
before a subject. Every key is different, so ties are broken the same way every time. An
aim that hits no enemy is never a candidate. By default (``distinct=True``) each
candidate hits a different set of enemies and allies: the best-ranked aim for each set,
so three ghost templates are three choices, not one choice shifted by a space.

**How it is fast.** A shape is the same set of offsets from every origin (before walls and
the map's edge), one set per (kind, value, facing). So a creature's hexes minus a facing's
offsets are every origin whose shape holds it; counting those (numpy, for every enemy and
every ally) scores every placement at once — exact when no wall lies in the shape. Walls
only ever cut spaces away: a Cone or Burst whose shape holds a wall covers the spaces its
origin has a clear line to (:func:`~rules.battlefield.line_of_effect.stop_at_walls`), so
the clear lines from each creature's space to the origins around it
(:func:`~rules.battlefield.line_of_effect.clear_lines`, once per space) make those counts
exact too; a Line's counts stay upper bounds (it stops at its first wall). Placements are
visited in the order of their best possible key (an upper bound is sorted as if it hit no
ally) and each is checked exactly, as :func:`aim` decides whom it hits; the search stops
once the ``top`` candidates rank above the best key any unvisited placement could reach,
so the answer is the exhaustive one. Each candidate is then laid with :func:`aim` itself;
should its hits ever differ from the fast check, every placement is asked of :func:`aim`
instead (a note says so; the tests compare both with an exhaustive search over
:func:`aim`).

>>> from rules.board.grid import Board
>>> from rules.board.tokens import Token
>>> board = Board.blank(8, 3).with_token(Token("m", "Mage", Hex(0, 1), side="party"))
>>> for i in (2, 3, 4):
...     board = board.with_token(Token(f"g{i}", f"Goblin {i}", Hex(i, 1), side="enemy"))
>>> best = best_aim(board, "m", AreaKind.LINE, 3, 1, top=1).best
>>> best.label, best.score, best.enemy_ids
('Line 3 at (1, 1) facing 0', (3, 0, 1), ('g2', 'g3', 'g4'))
>>> best.ranking[:3]
('hits Goblin 2, Goblin 3 and Goblin 4 (3 enemies)', 'no ally', '1 space from Mage')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from rules.areas import AreaKind, AreaTemplate, burst, cone, line
from rules.battlefield.line_of_effect import clear_lines, stop_at_walls
from rules.battlefield.reach import reach_of
from rules.battlefield.targeting import AreaResult, Hit, aim, origin_mask, points_away
from rules.board.grid import Board, cells_of
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError
from rules.hexes import Hex, disk_offsets, distances_to
from rules.lens.sides import allies_of, enemies_of, team_of
from rules.options import RuleOptions

__all__ = ["KINDS", "RANKING", "AimCandidate", "BestAim", "best_aim", "shape_offsets"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
Key = tuple[int, int, int, int, int, int, int]
"""A placement's sort key, smallest first: (−enemies, allies, distance, q, r, facing,
0 for a space or 1 for a subject)."""

KINDS = (AreaKind.LINE, AreaKind.CONE, AreaKind.BURST)
"""The kinds with a choice of where to aim (a Self Area has none; an Aura moves with its
source)."""
RANKING = (
    "ranked by most enemies hit, then fewest allies hit (the caster counts if hit), then "
    "the origin nearest the caster, then the origin (q, r) and the facing"
)
_SPAN = 1 << 20  # one int64 key per placement: (facing · SPAN + q') · SPAN + r'
_MID = 1 << 19


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def _names(hits: Sequence[Hit]) -> str:
    names = [h.name for h in hits]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _at(h: Hex) -> str:
    return f"({h.q}, {h.r})"


# -- the results ----------------------------------------------------------------------------
@dataclass(frozen=True)
class AimCandidate:
    """One aim: the ``template`` it would pin and its ``label``, the enemies, the allies
    (the caster among them when hit) and the ``others`` (neutral creatures, objects) it
    hits, its ``score`` — (enemies hit, allies hit, spaces from the caster to the origin),
    what :data:`RANKING` compares — its ``rank`` (1 = best), the ``ranking`` reasons, and
    :func:`aim`'s exact ``result`` (the breakdown the Areas dock shows)."""

    template: AreaTemplate
    label: str
    enemies: tuple[Hit, ...]
    allies: tuple[Hit, ...]
    others: tuple[Hit, ...]
    score: tuple[int, int, int]
    rank: int
    ranking: tuple[str, ...]
    result: AreaResult

    @property
    def origin(self) -> tuple[Hex, ...]:
        """The origin hexes :func:`aim` drew from (a subject's spaces for a Burst on it)."""
        return self.result.origin

    @property
    def facing(self) -> int:
        """The template's facing (0 for a Burst)."""
        return self.template.facing

    @property
    def enemy_ids(self) -> tuple[str, ...]:
        """The ids of the enemies hit, in the board's order."""
        return tuple(h.token_id for h in self.enemies)

    @property
    def ally_ids(self) -> tuple[str, ...]:
        """The ids of the allies hit (the caster too when hit), in the board's order."""
        return tuple(h.token_id for h in self.allies)

    def describe(self) -> str:
        """``Cone 3 at (4, 2) facing 1: hits Goblin 1 and Goblin 2 (2 enemies), no ally;
        2 spaces from Mage`` — the hover text of a ghost template."""
        hits, allies, near = self.ranking[:3]
        return f"{self.label}: {hits}, {allies}; {near}"


@dataclass(frozen=True)
class BestAim:
    """The best aims of a ``kind`` ``value`` Area for ``caster`` with the ability's
    ``range`` (``None``: the origin placed freely), best first; ``considered``: the
    placements scored (open origins in range × facings, and Bursts on multi-space
    subjects), ``verified``: how many of them went through :func:`aim`; ``notes``: the
    ranking, the choices made and, when there is no candidate, why (last);
    ``options_used``: the options the answer depends on."""

    caster: str
    caster_name: str
    kind: AreaKind
    value: int
    range: int | None
    candidates: tuple[AimCandidate, ...]
    considered: int
    verified: int
    notes: tuple[str, ...]
    options_used: tuple[str, ...]

    @property
    def best(self) -> AimCandidate | None:
        """The best candidate, or ``None`` when no legal aim hits an enemy."""
        return self.candidates[0] if self.candidates else None

    def describe(self) -> str:
        """The best aim's hover text, or why there is none."""
        return self.best.describe() if self.best is not None else self.notes[-1]


# -- the search's state ---------------------------------------------------------------------
@dataclass(frozen=True)
class _Search:
    """One query: who aims what, with which options, at whom."""

    board: Board
    caster: Token
    kind: AreaKind
    value: int
    range_value: int | None
    opts: RuleOptions
    exclude: bool
    distinct: bool
    area_id: str
    enemies: tuple[Token, ...]
    allies: tuple[Token, ...]  # without the caster
    enemy_ids: frozenset[str]
    ally_ids: frozenset[str]  # with the caster
    held: BoolArray  # (height, width): a space of an enemy or an ally
    blocked: BoolArray  # (height, width): the walls
    who: Mapping[Hex, tuple[str, ...]]  # the enemies and allies in each such space
    sight: _Sight | None = None  # for a Cone or Burst among walls: see _sight

    @property
    def facings(self) -> tuple[int, ...]:
        """A Burst has one facing; a Line the 6 edge ones unless ``zigzag_lines`` (Q14)."""
        if self.kind is AreaKind.BURST:
            return (0,)
        if self.kind is AreaKind.LINE and not self.opts.zigzag_lines:
            return tuple(range(0, 12, 2))
        return tuple(range(12))

    @property
    def spreads_from_caster(self) -> bool:
        """[S001] with ``legacy_areas``: a Burst's origin is every space of its source."""
        return self.opts.legacy_areas and self.kind is AreaKind.BURST

    def template(
        self, origin: tuple[Hex, ...], facing: int = 0, source: str | None = None
    ) -> AreaTemplate:
        """The template of one aim, as the Areas dock would lay it."""
        return AreaTemplate(
            self.area_id,
            self.kind,
            self.value,
            origin,
            facing=facing,
            source=source,
            caster=self.caster.id,
            exclude_caster=self.exclude,
        )


@dataclass(frozen=True)
class _Found:
    """An aim that hits an enemy: its exact key, whom it hits that the ranking sees (the
    enemies' and the allies' ids) and, once asked, :func:`aim`'s ``result``."""

    key: Key
    template: AreaTemplate
    ident: tuple[frozenset[str], frozenset[str]]
    result: AreaResult | None = None


@dataclass
class _Tally:
    """What the search did: placements checked exactly, refused, left with no enemy, and
    whether the fast check had to give way to :func:`aim` (it never should)."""

    verified: int = 0
    refused: int = 0
    emptied: int = 0
    extras: int = 0  # Bursts on subjects (or from the caster) asked of aim()
    fell_back: bool = False


@dataclass
class _Best:
    """The ``top`` best aims found so far (one per set of creatures hit if ``distinct``)."""

    top: int
    distinct: bool
    entries: dict[object, _Found] = field(default_factory=dict)

    def offer(self, found: _Found) -> None:
        ident: object = found.ident if self.distinct else found.key
        old = self.entries.get(ident)
        if old is None or found.key < old.key:
            self.entries[ident] = found
        if len(self.entries) > self.top:
            del self.entries[max(self.entries, key=lambda k: self.entries[k].key)]

    def bound(self) -> Key | None:
        """The key an aim must beat to enter, once ``top`` are found."""
        if len(self.entries) < self.top:
            return None
        return max(f.key for f in self.entries.values())

    def ranked(self) -> list[_Found]:
        return sorted(self.entries.values(), key=lambda f: f.key)


# -- counting every placement at once ------------------------------------------------------
@lru_cache(maxsize=256)
def shape_offsets(kind: AreaKind, value: int, facing: int) -> IntArray:
    """The ``(n, 2)`` offsets ``(dq, dr)`` of a ``kind`` ``value`` shape from an origin at
    ``Hex(0, 0)`` (:mod:`rules.areas`), read-only: a shape from origin ``o`` is ``o`` plus
    these (before walls and the map's edge)."""
    zero = Hex(0, 0)
    if kind is AreaKind.LINE:
        hexes = line(zero, facing, value)
    elif kind is AreaKind.CONE:
        hexes = cone(zero, facing, value)
    else:
        hexes = burst(zero, value)
    offsets = np.array(sorted((h.q, h.r) for h in hexes), dtype=np.int64).reshape(-1, 2)
    offsets.flags.writeable = False
    return offsets


Offsets = Sequence[tuple[int, IntArray]]


def _pack(facing: IntArray | int, q: IntArray, r: IntArray) -> IntArray:
    keys: IntArray = (facing * _SPAN + (q + _MID)) * _SPAN + (r + _MID)
    return keys


def _unpack(keys: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    rest, r = np.divmod(keys, _SPAN)
    facing, q = np.divmod(rest, _SPAN)
    return facing, q - _MID, r - _MID


def _array(hexes: frozenset[Hex] | Sequence[Hex]) -> IntArray:
    return np.array([(h.q, h.r) for h in hexes], dtype=np.int64).reshape(-1, 2)


def _keys(hexes: IntArray, offsets: Offsets) -> IntArray:
    """The placements whose shape holds one of ``hexes``: each hex minus each offset."""
    parts = [
        _pack(
            f,
            (hexes[:, None, 0] - o[None, :, 0]).ravel(),
            (hexes[:, None, 1] - o[None, :, 1]).ravel(),
        )
        for f, o in offsets
    ]
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


def _covering(
    tokens: Sequence[Token], offsets: Offsets, sight: _Sight | None = None
) -> list[IntArray]:
    """For each token, the placements whose shape holds one of its spaces, each once (the
    one-space tokens together: a hex minus distinct offsets gives distinct origins); with
    ``sight``, only from origins with a clear line to that space."""
    if sight is not None:
        return [_seen(tokens, offsets, sight)]
    singles = [t.position for t in tokens if len(t.footprint) == 1]
    parts = [_keys(_array(singles), offsets)] if singles else []
    parts += [
        np.unique(_keys(_array(t.footprint), offsets)) for t in tokens if len(t.footprint) > 1
    ]
    return parts


def _seen(tokens: Sequence[Token], offsets: Offsets, sight: _Sight) -> IntArray:
    """The placements whose origin sees a space of a token in their shape, once per token."""
    spaces = [(i, h) for i, t in enumerate(tokens) for h in t.footprint]
    owner = np.array([i for i, _ in spaces], dtype=np.int64)
    where = np.array([sight.index[h] for _, h in spaces], dtype=np.int64)
    hexes = _array([h for _, h in spaces])
    keys = _keys(hexes, offsets)
    which = np.concatenate([np.repeat(np.arange(len(hexes)), len(o)) for _, o in offsets])
    _, q, r = _unpack(keys)
    seen = np.isin(_pack(0, q, r) * len(sight.index) + where[which], sight.pairs)
    keys, owner = keys[seen], owner[which[seen]]
    order = np.lexsort((owner, keys))
    keys, owner = keys[order], owner[order]
    first = np.ones(len(keys), dtype=bool)
    first[1:] = (keys[1:] != keys[:-1]) | (owner[1:] != owner[:-1])
    kept: IntArray = keys[first]
    return kept


def _tally(parts: list[IntArray]) -> tuple[IntArray, IntArray]:
    """Every placement some part holds, and in how many parts (tokens) it is."""
    if not parts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    keys, counts = np.unique(np.concatenate(parts), return_counts=True)
    return keys, counts.astype(np.int64)


def _lookup(keys: IntArray, table: tuple[IntArray, IntArray]) -> IntArray:
    """The count of each of ``keys`` in ``table`` (0 when absent)."""
    known, counts = table
    if not len(known):
        return np.zeros(keys.shape, np.int64)
    at = np.minimum(np.searchsorted(known, keys), len(known) - 1)
    found: IntArray = np.where(known[at] == keys, counts[at], 0)
    return found


def _caster_keys(search: _Search, offsets: Offsets, sight: _Sight | None) -> IntArray:
    """The placements that would hit the caster, less those it may choose to be unaffected
    by: a Burst whose origin it occupies, with ``exclude_caster`` [S000]."""
    keys = np.unique(np.concatenate(_covering([search.caster], offsets, sight)))
    if not search.exclude:
        return keys
    _, q, r = _unpack(keys)
    inside = np.isin(_pack(0, q, r), _pack(0, *_array(search.caster.footprint).T))
    kept: IntArray = keys[~inside]
    return kept


def _nearest(q: IntArray, r: IntArray, hexes: frozenset[Hex]) -> IntArray:
    """Hex distance from each ``(q, r)`` to the nearest of ``hexes``."""
    nearest: IntArray = np.min(np.stack([distances_to(q, r, h) for h in hexes]), axis=0)
    return nearest


def _within(points: IntArray, near: IntArray, radius: int) -> BoolArray:
    """Which ``points`` lie within ``radius`` of one of ``near``."""
    if not len(points) or not len(near):
        return np.zeros(len(points), dtype=bool)
    dq = points[:, None, 0] - near[None, :, 0]
    dr = points[:, None, 1] - near[None, :, 1]
    far = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    close: BoolArray = far.min(axis=1) <= radius
    return close


WALL_CHECK_LIMIT = 4_000_000
"""The most (placement, shape space) pairs looked up for walls; beyond, every placement's
counts are taken as upper bounds (still exact: only more of them are checked one by one)."""


def _walled(board: Board, blocked: BoolArray, keys: IntArray, offsets: Offsets) -> BoolArray | None:
    """Whether a wall lies in each placement's shape, on the map (``None``: too many to
    look up, see :data:`WALL_CHECK_LIMIT`)."""
    size = max((len(o) for _, o in offsets), default=0)
    if not blocked.any():
        return np.zeros(keys.shape, dtype=bool)
    if len(keys) * size > WALL_CHECK_LIMIT:
        return None
    facing, q, r = _unpack(keys)
    walled = np.zeros(keys.shape, dtype=bool)
    for f, o in offsets:
        pick = facing == f
        sq = (q[pick, None] + o[None, :, 0]).ravel()
        sr = (r[pick, None] + o[None, :, 1]).ravel()
        walled[pick] = _mask_at(board, blocked, sq, sr).reshape(-1, len(o)).any(axis=1)
    return walled


def _allowed_origins(search: _Search) -> BoolArray:
    """A ``(height, width)`` mask of the open spaces an origin may be in: not a wall, and
    within range (:func:`rules.battlefield.targeting.origin_mask`) unless placed freely."""
    open_: BoolArray = ~search.blocked
    if search.range_value is None:
        return open_
    mask = origin_mask(search.board, search.caster.id, search.kind, search.range_value, search.opts)
    allowed: BoolArray = open_ & mask
    return allowed


def _mask_at(board: Board, mask: BoolArray, q: IntArray, r: IntArray) -> BoolArray:
    """The ``(height, width)`` ``mask`` at each hex ``(q, r)``; False off the map."""
    col, row = cells_of(q, r, board.orientation)
    inside = (col >= 0) & (col < board.width) & (row >= 0) & (row < board.height)
    found = np.zeros(q.shape, dtype=bool)
    found[inside] = mask[row[inside], col[inside]]
    return found


@dataclass(frozen=True)
class _Sight:
    """Which allowed origins have a clear line to each space of an enemy or ally: the
    pairs ``origin key × len(index) + index[space]``, sorted."""

    index: Mapping[Hex, int]
    pairs: IntArray

    def sees(self, origin: Hex, space: Hex) -> bool:
        key = ((origin.q + _MID) * _SPAN + origin.r + _MID) * len(self.index) + self.index[space]
        at = int(np.searchsorted(self.pairs, key))
        return at < len(self.pairs) and int(self.pairs[at]) == key


def _sight(search: _Search, allowed: BoolArray) -> _Sight | None:
    """Which allowed origins have a clear line to each space of an enemy or ally, for a
    Cone or Burst: :func:`~rules.battlefield.line_of_effect.stop_at_walls` covers a space
    of a shape holding a wall when :func:`clear_lines` from the origin reaches it, and a
    clear line is the same both ways (it tries both tie-breaks; a line's points from the
    other end with the other tie-break are the same points). ``None`` for a Line (it
    stops at the first wall on it), without walls or with the option off."""
    board = search.board
    if search.kind is AreaKind.LINE or not search.opts.areas_stop_at_walls:
        return None
    if not search.blocked.any():
        return None
    around = disk_offsets(search.value)
    index = {h: i for i, h in enumerate(search.who)}
    pairs = []
    for h, i in index.items():
        col, row = board.cell_of(h)
        q, r = h.q + around[:, 0], h.r + around[:, 1]
        keep = _mask_at(board, allowed, q, r) & (not search.blocked[row, col])
        q, r = q[keep], r[keep]  # a wall space is never covered
        if len(q):
            clear = clear_lines(board, h, (q, r))
            pairs.append(_pack(0, q[clear], r[clear]) * len(index) + i)
    found = np.sort(np.concatenate(pairs)) if pairs else np.zeros(0, np.int64)
    return _Sight(MappingProxyType(index), found)


@dataclass(frozen=True)
class _Placements:
    """The placements (origin ``q``, ``r``, ``facing``) in range that may hit an enemy:
    how many enemies and allies they hit (upper bounds where ``loose``), and the origin's
    distance from the caster; parallel arrays."""

    q: IntArray
    r: IntArray
    facing: IntArray
    enemies: IntArray
    allies: IntArray
    loose: BoolArray
    distance: IntArray
    considered: int

    def in_bound_order(self) -> Iterator[tuple[Key, Hex, int]]:
        """Each placement with the best key it could have, best first: a loose one may
        lose enemies and allies to walls, so it is sorted as if it hit no ally."""
        allies = np.where(self.loose, 0, self.allies)
        columns = (-self.enemies, allies, self.distance, self.q, self.r, self.facing)
        order = np.lexsort(columns[::-1])
        rows = zip(*(c[order].tolist() for c in columns), strict=True)
        for e, a, d, q, r, f in rows:
            yield (e, a, d, q, r, f, 0), Hex(q, r), f


def _counts(
    search: _Search, offsets: Offsets, keys: IntArray, sight: _Sight | None
) -> tuple[IntArray, IntArray]:
    """How many enemies and allies each placement's shape holds (seen from its origin
    with ``sight``)."""
    enemies = _lookup(keys, _tally(_covering(search.enemies, offsets, sight)))
    ally_parts = [*_covering(search.allies, offsets, sight), _caster_keys(search, offsets, sight)]
    return enemies, _lookup(keys, _tally(ally_parts))


def _placements(search: _Search, allowed: BoolArray) -> _Placements:
    """Score every placement in range at once (see the module docs): exactly, but for a
    Line whose shape holds a wall, or past :data:`WALL_CHECK_LIMIT` (``loose``: the
    counts are upper bounds)."""
    offsets = [(f, shape_offsets(search.kind, search.value, f)) for f in search.facings]
    keys, _ = _tally(_covering(search.enemies, offsets))
    facing, q, r = _unpack(keys)
    keys = keys[_mask_at(search.board, allowed, q, r)]
    hit, allies = _counts(search, offsets, keys, None)
    loose = np.zeros(keys.shape, dtype=bool)
    if search.opts.areas_stop_at_walls:
        walled = _walled(search.board, search.blocked, keys, offsets)
        loose = np.ones(keys.shape, dtype=bool) if walled is None else walled
        if walled is not None and search.sight is not None:
            # a walled Cone or Burst covers the spaces its origin sees
            seen_hit, seen_allies = _counts(search, offsets, keys, search.sight)
            hit, allies = np.where(walled, seen_hit, hit), np.where(walled, seen_allies, allies)
            loose = np.zeros(keys.shape, dtype=bool)
    keep = hit > 0
    facing, q, r = _unpack(keys[keep])
    distance = _nearest(q, r, search.caster.footprint)
    considered = int(allowed.sum()) * len(offsets)
    return _Placements(q, r, facing, hit[keep], allies[keep], loose[keep], distance, considered)


# -- checking placements exactly -----------------------------------------------------------
_Judge = Callable[[_Search, Hex, int, Key, _Tally], "_Found | None"]


def _ident(search: _Search, ids: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    hit = frozenset(ids)
    return hit & search.enemy_ids, hit & search.ally_ids


def _aimed(search: _Search, template: AreaTemplate, where: Key, tally: _Tally) -> _Found | None:
    """:func:`aim`'s answer for ``template``, or ``None`` when it is not legal or hits no
    enemy; ``where`` gives the key's last five places."""
    tally.verified += 1
    result = aim(search.board, template, search.opts, range_value=search.range_value)
    if not result.legal:
        tally.refused += 1
        return None
    enemies, allies = _ident(search, result.hit_ids())
    if not enemies:
        tally.emptied += 1
        return None
    key = (-len(enemies), len(allies), *where[2:])
    return _Found(key, template, (enemies, allies), result)


def _by_aim(search: _Search, origin: Hex, facing: int, where: Key, tally: _Tally) -> _Found | None:
    return _aimed(search, search.template((origin,), facing), where, tally)


def _reached(search: _Search, origin: Hex, facing: int) -> set[Hex]:
    """The spaces of enemies and allies a placement with a one-space ``origin`` covers,
    as :func:`aim` finds them: its shape's spaces on the map, all of them when no wall is
    among them, else those its origin sees (a Cone or Burst, :func:`_sight`) or before the
    first wall (a Line: :func:`~rules.battlefield.line_of_effect.stop_at_walls` asked about
    those spaces and the shape's walls gives its answer for them)."""
    board, offsets = search.board, shape_offsets(search.kind, search.value, facing)
    q, r = origin.q + offsets[:, 0], origin.r + offsets[:, 1]
    held = _mask_at(board, search.held, q, r)
    spaces = {Hex(a, b) for a, b in zip(q[held].tolist(), r[held].tolist(), strict=True)}
    walls = _mask_at(board, search.blocked, q, r)
    if not search.opts.areas_stop_at_walls or not walls.any():
        return spaces
    if search.sight is not None:
        return {h for h in spaces if search.sight.sees(origin, h)}
    spaces |= {Hex(a, b) for a, b in zip(q[walls].tolist(), r[walls].tolist(), strict=True)}
    straight = search.kind is AreaKind.LINE
    covered, _ = stop_at_walls(board, frozenset(spaces), frozenset((origin,)), straight)
    return set(covered)


def _fast(search: _Search, origin: Hex, facing: int, where: Key, tally: _Tally) -> _Found | None:
    """Whom a legal placement hits (:func:`_reached`), without the rest of :func:`aim`."""
    tally.verified += 1
    ids = {i for h in _reached(search, origin, facing) for i in search.who[h]}
    if search.exclude and origin in search.caster.footprint:
        ids.discard(search.caster.id)  # [S000] "You can choose to be unaffected"
    enemies, allies = _ident(search, ids)
    if not enemies:
        tally.emptied += 1
        return None
    key = (-len(enemies), len(allies), *where[2:])
    return _Found(key, search.template((origin,), facing), (enemies, allies))


def _confirmed(search: _Search, found: list[_Found]) -> list[_Found] | None:
    """``found`` with :func:`aim`'s results, or ``None`` if one disagrees."""
    done = []
    for f in found:
        result = f.result or aim(
            search.board, f.template, search.opts, range_value=search.range_value
        )
        if not result.legal or _ident(search, result.hit_ids()) != f.ident:
            return None
        done.append(replace(f, result=result))
    return done


def _where(d: int, origin: frozenset[Hex], facing: int, subject: int) -> Key:
    h = min(origin)
    return (0, 0, d, h.q, h.r, facing, subject)


def _subjects(search: _Search) -> list[Token]:
    """The multi-space tokens a Burst may be aimed on instead of a space [S000] ("you may
    specify a subject"; one-space subjects are their space) that could reach an enemy:
    within range by hex distance (a bound of :func:`aim`'s 3-D one) and an enemy within
    the value of one of their spaces."""
    if search.kind is not AreaKind.BURST or search.spreads_from_caster:
        return []
    near = _array([h for t in search.enemies for h in t.footprint])
    found = []
    for token in search.board.tokens.values():
        spaces = _array(token.footprint)
        if len(spaces) < 2 or not _within(near, spaces, search.value).any():
            continue
        if (
            search.range_value is None
            or _within(spaces, _array(search.caster.footprint), search.range_value).any()
        ):
            found.append(token)
    return found


def _distance(a: frozenset[Hex], b: frozenset[Hex]) -> int:
    return int(_nearest(_array(a)[:, 0], _array(a)[:, 1], b).min())


def _extras(search: _Search, tally: _Tally) -> list[_Found]:
    """The aims that are not an origin space: Bursts on subjects, or (``legacy_areas``)
    the one Burst from every space of the caster [S001]."""
    caster = search.caster
    if search.spreads_from_caster:
        alone = _aimed(search, search.template(()), _where(0, caster.footprint, 0, 1), tally)
        return [alone] if alone else []
    aims = []
    for token in _subjects(search):
        where = _where(_distance(caster.footprint, token.footprint), token.footprint, 0, 1)
        found = _aimed(search, search.template((), source=token.id), where, tally)
        if found:
            aims.append(found)
    return aims


def _search(
    search: _Search,
    placements: _Placements | None,
    extras: list[_Found],
    top: int,
    tally: _Tally,
    judge: _Judge,
) -> list[_Found]:
    """The ``top`` best aims: the placements in the order of their best possible key, each
    checked exactly by ``judge``, until none left could enter (see the module docs)."""
    best = _Best(top, search.distinct)
    for extra in extras:
        best.offer(extra)
    if placements is None:
        return best.ranked()
    away = search.kind.directed and search.opts.line_cone_direction == "away"
    for key, origin, facing in placements.in_bound_order():
        bound = best.bound()
        if bound is not None and key > bound:
            break
        if away and not points_away(search.caster.footprint, origin, facing):
            tally.refused += 1  # aim() would refuse it (D8): skip the call
            continue
        found = judge(search, origin, facing, key, tally)
        if found:
            best.offer(found)
    return best.ranked()


# -- the answer -----------------------------------------------------------------------------
def _label(search: _Search, template: AreaTemplate) -> str:
    if template.source is not None:
        return f"{template.title} on {search.board.token(template.source).name}"
    if not template.origin:
        return f"{template.title} from every space of {search.caster.name}"
    where = f"{template.title} at {_at(template.origin[0])}"
    return f"{where} facing {template.facing}" if template.kind.directed else where


def _candidate(search: _Search, found: _Found, rank: int, total: int) -> AimCandidate:
    result = found.result
    assert result is not None  # _confirmed
    enemies = tuple(h for h in result.hits if h.token_id in search.enemy_ids)
    allies = tuple(h for h in result.hits if h.token_id in search.ally_ids)
    others = tuple(h for h in result.hits if h.token_id not in search.enemy_ids | search.ally_ids)
    e, a, d = len(enemies), len(allies), found.key[2]
    ranking = (
        f"hits {_names(enemies)} ({_plural(e, 'enemy', 'enemies')})",
        f"{_plural(a, 'ally', 'allies')} ({_names(allies)})" if a else "no ally",
        f"{_plural(d, 'space')} from {search.caster.name}",
        f"rank {rank} of {total}: {RANKING}",
    )
    return AimCandidate(
        template=found.template,
        label=_label(search, found.template),
        enemies=enemies,
        allies=allies,
        others=others,
        score=(e, a, d),
        rank=rank,
        ranking=ranking,
        result=result,
    )


def _range_text(search: _Search) -> str:
    reach = reach_of(search.caster)
    if search.range_value is None:
        return "anywhere on the map"
    if search.kind.directed and search.opts.legacy_areas:
        return f"within Reach {reach} (legacy areas)"
    if search.kind.directed:
        return f"within range {search.range_value} + Reach {reach}"
    return f"within range {search.range_value}"


def _why_none(search: _Search, placements: _Placements | None, tally: _Tally) -> str:
    """Why no legal aim hits an enemy."""
    name, title = search.caster.name, f"{search.kind.label} {search.value}"
    if team_of(search.caster) is None:
        return f"{name} is neutral: nobody is its enemy (sides party and ally against enemy)"
    if not search.enemies:
        return f"no enemy of {name} is on the map"
    if placements is not None and placements.considered == 0:
        return f"no open space {_range_text(search)} of {name} can be the origin"
    if tally.verified == 0 and tally.refused == 0:
        return f"no {title} with its origin {_range_text(search)} of {name} reaches an enemy"
    return (
        f"no legal {title} hits an enemy of {name}: {_plural(tally.refused, 'aim')} refused "
        f"(pointing back toward {name} [D8], or out of range), "
        f"{_plural(tally.emptied, 'aim')} stopped by walls before an enemy"
    )


def _notes(
    search: _Search, found: bool, placements: _Placements | None, tally: _Tally
) -> tuple[str, ...]:
    notes = [RANKING]
    if search.distinct:
        notes.append("one candidate per set of enemies and allies hit: its best-ranked aim")
    if search.exclude:
        notes.append(
            f"{search.caster.name} chooses to be unaffected by a Burst whose origin it "
            "occupies [S000] (exclude_caster)"
        )
    if search.spreads_from_caster:
        notes.append(
            f"legacy areas: a Burst spreads from every space of {search.caster.name} [S001]"
        )
    elif search.kind is AreaKind.BURST:
        notes.append("a Burst may be aimed on a multi-space subject instead of a space [S000]")
    if search.kind is AreaKind.LINE and not search.opts.zigzag_lines:
        notes.append("Lines take the 6 edge facings (zigzag_lines off, Q14)")
    if tally.fell_back:
        notes.append("the fast check disagreed with aim(): every placement was asked of aim()")
    if not found:
        notes.append(_why_none(search, placements, tally))
    return tuple(notes)


def _options_used(kind: AreaKind, opts: RuleOptions) -> tuple[str, ...]:
    names = ["legacy_areas", "areas_stop_at_walls", "range_elevation"]
    if kind.directed:
        names.append("line_cone_direction")
    if kind is AreaKind.LINE:
        names.append("zigzag_lines")
    return tuple(opts.describe(n) for n in names)


def _occupants(
    board: Board, tokens: Sequence[Token]
) -> tuple[BoolArray, Mapping[Hex, tuple[str, ...]]]:
    """A ``(height, width)`` mask of the spaces of ``tokens`` and who is in each."""
    who: dict[Hex, list[str]] = {}
    for token in tokens:
        for h in token.footprint:
            who.setdefault(h, []).append(token.id)
    held = np.zeros((board.height, board.width), dtype=bool)
    for h in who:
        col, row = board.cell_of(h)
        held[row, col] = True
    held.flags.writeable = False
    return held, MappingProxyType({h: tuple(ids) for h, ids in who.items()})


def _caster(board: Board, caster_id: str) -> Token:
    token = board.token(caster_id)  # UnknownTokenError
    if token.kind is not TokenKind.CREATURE:
        raise RulesError(f"{token.name} is an object: only a creature aims an Area ability")
    return token


def _check(kind: object, value: object, range_value: object, top: object) -> None:
    if kind not in KINDS:
        raise ValueError(f"best aim is for a Line, Cone or Burst, got {kind!r}")
    for label, number, low, high in (("value", value, 0, 99), ("top", top, 1, 100)):
        if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
            raise ValueError(f"{label} must be an integer {low}..{high}, got {number!r}")
    if range_value is not None and (
        isinstance(range_value, bool) or not isinstance(range_value, int) or range_value < 0
    ):
        raise ValueError(f"range_value must be None or an integer >= 0, got {range_value!r}")


def _search_of(
    board: Board,
    caster: Token,
    kind: AreaKind,
    value: int,
    range_value: int | None,
    opts: RuleOptions,
    exclude_caster: bool,
    distinct: bool,
) -> _Search:
    enemies, allies = enemies_of(board, caster.id), allies_of(board, caster.id)
    held, who = _occupants(board, [*enemies, *allies, caster])
    blocked = board.layer("blocked").astype(bool)
    blocked.flags.writeable = False
    return _Search(
        board=board,
        caster=caster,
        kind=kind,
        value=value,
        range_value=range_value,
        opts=opts,
        exclude=exclude_caster and kind is AreaKind.BURST,
        distinct=distinct,
        area_id=board.new_area_id("aim"),
        enemies=tuple(enemies),
        allies=tuple(allies),
        enemy_ids=frozenset(t.id for t in enemies),
        ally_ids=frozenset([caster.id, *(t.id for t in allies)]),
        held=held,
        blocked=blocked,
        who=who,
    )


def _answer(search: _Search, top: int) -> tuple[list[_Found], _Placements | None, _Tally]:
    """The ``top`` best aims, confirmed by :func:`aim`; the placements scored; the tally."""
    tally = _Tally()
    if not search.enemies:
        return [], None, tally
    extras = _extras(search, tally)
    tally.extras = tally.verified
    placements = None
    if not search.spreads_from_caster:
        allowed = _allowed_origins(search)
        search = replace(search, sight=_sight(search, allowed))
        placements = _placements(search, allowed)
    found = _confirmed(search, _search(search, placements, extras, top, tally, _fast))
    if found is not None:
        return found, placements, tally
    # The fast check disagreed with aim(): ask aim() about every placement instead.
    again = _Tally(verified=tally.verified, extras=tally.extras, fell_back=True)
    return _search(search, placements, extras, top, again, _by_aim), placements, again


def best_aim(
    board: Board,
    caster_id: str,
    kind: AreaKind,
    value: int,
    range_value: int | None,
    options: RuleOptions | None = None,
    *,
    top: int = 3,
    exclude_caster: bool = False,
    distinct: bool = True,
) -> BestAim:
    """The ``top`` best aims of ``caster_id``'s ``kind`` ``value`` Area with the ability's
    range ``range_value`` (``None``: the origin anywhere, as the GM places a template),
    ranked by :data:`RANKING`; only legal aims (:func:`aim` with that range) that hit an
    enemy are candidates. ``exclude_caster``: the caster chooses to be unaffected by a
    Burst whose origin it occupies [S000] (the Areas dock's choice); ``distinct``: one
    candidate per set of enemies and allies hit. ``options``: default
    ``RuleOptions.of(board.options)``. Never changes the board.

    Raises :class:`UnknownTokenError` for an unknown caster, :class:`RulesError` for an
    object, ``ValueError`` for another kind (Self, Aura), a value outside 0..99, a negative
    range or ``top`` outside 1..100.
    """
    _check(kind, value, range_value, top)
    caster = _caster(board, caster_id)
    opts = options or RuleOptions.of(board.options)
    search = _search_of(board, caster, kind, value, range_value, opts, exclude_caster, distinct)
    found, placements, tally = _answer(search, top)
    return BestAim(
        caster=caster_id,
        caster_name=caster.name,
        kind=kind,
        value=value,
        range=range_value,
        candidates=tuple(_candidate(search, f, i + 1, len(found)) for i, f in enumerate(found)),
        considered=(placements.considered if placements else 0) + tally.extras,
        verified=tally.verified,
        notes=_notes(search, bool(found), placements, tally),
        options_used=_options_used(kind, opts),
    )
