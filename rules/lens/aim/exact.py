"""Checking placements exactly, best aim's exact half (:mod:`rules.lens.aim`).

Placements are visited in the order of their best possible key (an upper bound is sorted as
if it hit no ally) and each is checked exactly, as :func:`aim` decides whom it hits; the
search stops once the ``top`` candidates rank above the best key any unvisited placement
could reach, so the answer is the exhaustive one. Each candidate is then laid with
:func:`aim` itself; should its hits ever differ from the fast check, every placement is
asked of :func:`aim` instead (a note says so; the tests compare both with an exhaustive
search over :func:`aim`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.line_of_effect import stop_at_walls
from rules.battlefield.targeting import aim, points_away
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.lens.aim.placements import (
    Placements,
    allowed_origins,
    distance_to_nearest,
    hex_array,
    mask_at,
    score_placements,
    shape_offsets,
    sight_of,
    within,
)
from rules.lens.aim.state import Found, Key, Search, Tally

__all__ = ["answer"]


@dataclass
class _Best:
    """The ``top`` best aims found so far (one per set of creatures hit if ``distinct``)."""

    top: int
    distinct: bool
    entries: dict[object, Found] = field(default_factory=dict)

    def offer(self, found: Found) -> None:
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

    def ranked(self) -> list[Found]:
        return sorted(self.entries.values(), key=lambda f: f.key)


_Judge = Callable[[Search, Hex, int, Key, Tally], "Found | None"]


def _ident(search: Search, ids: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    hit = frozenset(ids)
    return hit & search.enemy_ids, hit & search.ally_ids


def _aimed(search: Search, template: AreaTemplate, where: Key, tally: Tally) -> Found | None:
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
    return Found(key, template, (enemies, allies), result)


def _by_aim(search: Search, origin: Hex, facing: int, where: Key, tally: Tally) -> Found | None:
    return _aimed(search, search.template((origin,), facing), where, tally)


def _reached(search: Search, origin: Hex, facing: int) -> set[Hex]:
    """The spaces of enemies and allies a placement with a one-space ``origin`` covers,
    as :func:`aim` finds them: its shape's spaces on the map, all of them when no wall is
    among them, else those its origin sees (a Cone or Burst,
    :func:`~rules.lens.aim.placements.sight_of`) or before the first wall (a Line:
    :func:`~rules.battlefield.line_of_effect.stop_at_walls` asked about those spaces and
    the shape's walls gives its answer for them)."""
    board, offsets = search.board, shape_offsets(search.kind, search.value, facing)
    q, r = origin.q + offsets[:, 0], origin.r + offsets[:, 1]
    held = mask_at(board, search.held, q, r)
    spaces = {Hex(a, b) for a, b in zip(q[held].tolist(), r[held].tolist(), strict=True)}
    walls = mask_at(board, search.blocked, q, r)
    if not search.opts.areas_stop_at_walls or not walls.any():
        return spaces
    if search.sight is not None:
        return {h for h in spaces if search.sight.sees(origin, h)}
    spaces |= {Hex(a, b) for a, b in zip(q[walls].tolist(), r[walls].tolist(), strict=True)}
    straight = search.kind is AreaKind.LINE
    covered, _ = stop_at_walls(board, frozenset(spaces), frozenset((origin,)), straight)
    return set(covered)


def _fast(search: Search, origin: Hex, facing: int, where: Key, tally: Tally) -> Found | None:
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
    return Found(key, search.template((origin,), facing), (enemies, allies))


def _confirmed(search: Search, found: list[Found]) -> list[Found] | None:
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


def _subjects(search: Search) -> list[Token]:
    """The multi-space tokens a Burst may be aimed on instead of a space [S000] ("you may
    specify a subject"; one-space subjects are their space) that could reach an enemy:
    within range by hex distance (a bound of :func:`aim`'s 3-D one) and an enemy within
    the value of one of their spaces."""
    if search.kind is not AreaKind.BURST or search.spreads_from_caster:
        return []
    near = hex_array([h for t in search.enemies for h in t.footprint])
    found = []
    for token in search.board.tokens.values():
        spaces = hex_array(token.footprint)
        if len(spaces) < 2 or not within(near, spaces, search.value).any():
            continue
        if (
            search.range_value is None
            or within(spaces, hex_array(search.caster.footprint), search.range_value).any()
        ):
            found.append(token)
    return found


def _distance(a: frozenset[Hex], b: frozenset[Hex]) -> int:
    return int(distance_to_nearest(hex_array(a)[:, 0], hex_array(a)[:, 1], b).min())


def _extras(search: Search, tally: Tally) -> list[Found]:
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
    search: Search,
    placements: Placements | None,
    extras: list[Found],
    top: int,
    tally: Tally,
    judge: _Judge,
) -> list[Found]:
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


def answer(search: Search, top: int) -> tuple[list[Found], Placements | None, Tally]:
    """The ``top`` best aims, confirmed by :func:`aim`; the placements scored; the tally."""
    tally = Tally()
    if not search.enemies:
        return [], None, tally
    extras = _extras(search, tally)
    tally.extras = tally.verified
    placements = None
    if not search.spreads_from_caster:
        allowed = allowed_origins(search)
        search = replace(search, sight=sight_of(search, allowed))
        placements = score_placements(search, allowed)
    found = _confirmed(search, _search(search, placements, extras, top, tally, _fast))
    if found is not None:
        return found, placements, tally
    # The fast check disagreed with aim(): ask aim() about every placement instead.
    again = Tally(verified=tally.verified, extras=tally.extras, fell_back=True)
    return _search(search, placements, extras, top, again, _by_aim), placements, again
