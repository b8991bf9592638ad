"""Cover (issue #19): the spaces the selected creature can reach this turn, and the
Concealment it would have there from the enemies that can perceive it.

- **Within reach this turn**: the anchors of :func:`rules.movement.movement_field` with
  :func:`rules.movement.budget_of` the creature (Movement left × its pace, plus what is
  paid for), each with its cost (Movement cost units). A spot is where the creature's
  anchor (its ``position``) would stand; a multi-space creature covers its footprint
  there.
- **Concealment from each enemy** (:func:`rules.lens.sides.enemies_of`, where they stand
  now) is the rules' own: :func:`rules.battlefield.concealment_at` the spots, of the
  enemy's spaces with its senses and senses Ailments (as
  :func:`~rules.battlefield.concealment` asks), one call per enemy — the Tier of
  :func:`~rules.battlefield.concealment_field` at those spots only, equal to
  :func:`~rules.battlefield.concealment_between` space by space, which gives a spot's
  reasons when it is asked for (:meth:`CoverMap.spot`). A multi-space creature is a
  target on several spaces: [S000] "If any space you or a target are in or that is
  between you and a target creates Concealment" counts every one of them and the line
  between the nearest pair, which ``concealment_at`` (a one-space target) cannot give, so
  ``concealment_between`` is asked at each anchor. An enemy with no senses Ailment and
  no Concealment in the q/r box of its spaces and the spots gives Tier 0 everywhere
  without asking (every space it counts lies in that box: the points of a straight line
  lie in the box of its ends).
- **Who perceives it** **[ASSUMPTION]**: the seeds give Concealment no "cannot perceive
  at all" — every Tier, 12 included, is a penalty on Awareness ("−1 per Tier" [S000]),
  not a refusal. What stops perception outright is a wall: "Walls or vertical surfaces
  filling a space" [S002] are solid, so an enemy perceives the creature at a spot when a
  straight line from one of its spaces to one of the creature's passes no wall
  (:func:`rules.battlefield.clear_lines`, either tie-break: the test Areas meet walls
  with; the lines of every enemy at once,
  :func:`~rules.battlefield.line_of_effect.clear_pairs`). An enemy that cannot perceive
  it there does not count.
- **The Tier of a spot** is the **lowest** among the enemies that perceive it: how
  exposed it is to its best-placed enemy. Cover is only as good as its weakest side — a
  space deep in fog from one goblin but in plain view of another is no hiding place. A
  spot no enemy perceives is as hidden as it gets: shaded as :data:`HIDDEN_TIER`
  (Concealment's cap, 12) and marked ``hidden``.

A neutral creature has no enemies (:mod:`rules.lens.sides`), nor has a creature alone on
the map: nothing to hide from, an empty map that says why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.battlefield.concealment import (
    MAX_TIER,
    concealment_at,
    concealment_between,
    senses_ailments,
)
from rules.battlefield.line_of_effect import clear_pairs
from rules.board.coordinates import cell_name_of
from rules.board.grid import Board
from rules.board.offsets import axial_of_cells, cell_in, hexes_where
from rules.board.terrain import read_only
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.lens.sides import enemies_of, team_of
from rules.movement.budget import budget_of
from rules.movement.field import movement_field
from rules.options import RuleOptions

__all__ = ["HIDDEN_TIER", "CoverMap", "CoverSpot", "Sighting", "cover_map"]

HIDDEN_TIER = MAX_TIER
"""The Tier a spot no enemy perceives is shaded as: Concealment's cap [S000]."""

Groups = list[frozenset[Hex]]
BoolGrid = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Sighting:
    """One enemy that perceives the creature at a spot: the Concealment ``tier`` it
    would have from it, against the ``sense`` the enemy would choose it by, and why
    (:attr:`rules.battlefield.Concealment.reasons`)."""

    enemy_id: str
    name: str
    tier: int
    sense: str
    reasons: tuple[str, ...]

    def describe(self) -> str:
        """``Goblin 1: Concealment 3 against sight (3 from (4, 2) (world))``."""
        why = f" ({'; '.join(self.reasons)})" if self.reasons else ", nothing in between"
        return f"{self.name}: Concealment {self.tier} against {self.sense}{why}"


@dataclass(frozen=True)
class CoverSpot:
    """A spot within reach this turn: its ``space`` (the creature's anchor there, named
    ``space_name``), the ``cost`` to get there (Movement cost units), each enemy that
    perceives it there with its Concealment (``seen_by``, least concealed first), the
    names of those a wall hides it from (``unseen_by``), and ``tier``: the lowest of
    ``seen_by`` (module notes), or :data:`HIDDEN_TIER` when no enemy perceives it."""

    space: Hex
    space_name: str
    cost: int
    tier: int
    seen_by: tuple[Sighting, ...]
    unseen_by: tuple[str, ...] = ()

    @property
    def hidden(self) -> bool:
        """No enemy perceives it here."""
        return not self.seen_by

    def describe(self) -> tuple[str, ...]:
        """Hover text: the spot's Tier and its best-placed enemy, then each enemy."""
        where = f"{self.space_name} (cost {self.cost})"
        walls = tuple(f"{name}: a wall hides it [ASSUMPTION]" for name in self.unseen_by)
        if self.hidden:
            return (f"{where}: no enemy can perceive it here — as hidden as it gets", *walls)
        best = self.seen_by[0]
        head = f"{where}: Concealment {self.tier} from its best-placed enemy, {best.name}"
        return (head, *(s.describe() for s in self.seen_by), *walls)


# -- perceiving and Concealment, many spots at once --------------------------------------
Marks = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]  # the (q, r) of marked cells
Box = tuple[int, int, int, int]  # the least and the greatest q, the least and the greatest r


def _marked(board: Board, mask: npt.NDArray[Any]) -> Marks:
    """The axial ``(q, r)`` of the cells where ``mask`` (a ``(height, width)`` layer) is set."""
    rows, cols = np.nonzero(mask)
    return axial_of_cells(cols, rows, board.orientation)


def _box(hexes: Iterable[Hex], around: Box | None = None) -> Box:
    """The q/r box of ``hexes`` (and of the box ``around``)."""
    qs, rs = zip(*((h.q, h.r) for h in hexes), strict=True)
    box = (min(qs), max(qs), min(rs), max(rs))
    if around is None:
        return box
    return (
        min(box[0], around[0]),
        max(box[1], around[1]),
        min(box[2], around[2]),
        max(box[3], around[3]),
    )


def _any_in(marks: Marks, box: Box) -> bool:
    """Whether a marked cell lies in ``box``. The points of a straight line lie in the q/r
    box of its ends (a hex holds the points within 2/3 of its centre on each axis), so
    with no Concealment in the box of two hexes none is on a line between them."""
    q, r = marks
    return bool(((q >= box[0]) & (q <= box[1]) & (r >= box[2]) & (r <= box[3])).any())


def _in_order(hexes: Iterable[Hex]) -> list[Hex]:
    """``hexes`` in the order of :class:`~rules.hexes.Hex` (by ``q``, then ``r``), sorted by
    key: quicker than comparing Hexes."""
    return sorted(hexes, key=lambda h: (h.q, h.r))


def _axial(hexes: list[Hex]) -> Marks:
    return np.array([h.q for h in hexes], np.int64), np.array([h.r for h in hexes], np.int64)


def _sight_lines(board: Board, enemies: tuple[Token, ...], spaces: list[Hex]) -> BoolGrid:
    """``(len(enemies), len(spaces))``: whether a line from a space of each enemy to each
    space passes no wall (module notes), every line of every enemy traced in one
    :func:`~rules.battlefield.line_of_effect.clear_pairs`."""
    origins = [sorted(e.footprint) for e in enemies]
    oq, or_ = _axial([o for some in origins for o in some])
    tq, tr = _axial(spaces)
    shape = (len(oq), len(tq))
    starts = (np.broadcast_to(oq[:, None], shape), np.broadcast_to(or_[:, None], shape))
    clear = clear_pairs(board, starts, (np.broadcast_to(tq, shape), np.broadcast_to(tr, shape)))
    first = np.cumsum([0, *(len(some) for some in origins[:-1])])
    seen: BoolGrid = np.logical_or.reduceat(clear, first, axis=0)
    return seen


def _perceived(
    board: Board, enemies: tuple[Token, ...], groups: Groups, spaces: list[Hex]
) -> BoolGrid:
    """``(len(enemies), len(groups))``: for each group of ``spaces`` (the creature's body at
    a spot), whether a line from a space of each enemy to one of them passes no wall."""
    where = {h: k for k, h in enumerate(spaces)}
    members = np.array([[where[h] for h in group] for group in groups], np.int64)
    found: BoolGrid = np.any(_sight_lines(board, enemies, spaces)[:, members], axis=2)
    return found


def _tiers(
    board: Board, enemy: Token, creature: Token, anchors: list[Hex], opts: RuleOptions
) -> list[int]:
    """The Concealment Tier the creature would have from ``enemy`` at each anchor."""
    senses, ailments = enemy.senses, senses_ailments(enemy.conditions)
    if len(creature.footprint_offsets) > 1:  # a target on several spaces (module notes)
        return [
            concealment_between(
                board,
                enemy.footprint,
                creature.footprint_at(a),
                opts,
                senses=senses,
                ailments=ailments,
            ).tier
            for a in anchors
        ]
    tiers = concealment_at(board, enemy.footprint, anchors, opts, senses=senses, ailments=ailments)
    return [int(t) for t in tiers]


def _concealed(fog: Marks, enemy: Token, around: Box) -> bool:
    """Whether ``enemy`` may find the creature concealed anywhere in ``around``: it has a
    senses Ailment, or Concealment lies in the box of it and ``around``. Without either
    every Tier is 0 (:func:`_any_in`)."""
    return bool(senses_ailments(enemy.conditions)) or _any_in(fog, _box(enemy.footprint, around))


def _sighting(board: Board, enemy: Token, spaces: frozenset[Hex], opts: RuleOptions) -> Sighting:
    """``enemy``'s view of the creature on ``spaces``, with the reasons."""
    seen = concealment_between(
        board,
        enemy.footprint,
        spaces,
        opts,
        senses=enemy.senses,
        ailments=senses_ailments(enemy.conditions),
    )
    return Sighting(enemy.id, enemy.name, seen.tier, seen.sense, seen.reasons)


# -- the map ------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class CoverMap:
    """The cover of ``token_id`` (``name``) at every spot within its ``budget`` this turn:
    ``tiers`` and ``costs`` are read-only ``(height, width)`` int16 arrays by the cell of
    the spot (−1 beyond reach), ``hidden`` marks the spots no enemy perceives; the
    ``enemies`` counted are ids in the board's order; ``reason`` says why the map is empty
    (a neutral creature, no enemies). :meth:`spot` gives a spot's reasons."""

    token_id: str
    name: str
    budget: int
    enemies: tuple[str, ...]
    tiers: npt.NDArray[np.int16]
    costs: npt.NDArray[np.int16]
    hidden: npt.NDArray[np.bool_]
    orientation: Orientation
    reason: str | None = None
    options_used: tuple[str, ...] = ()
    _board: Board | None = field(default=None, repr=False)
    _options: RuleOptions | None = field(default=None, repr=False)
    _seen: tuple[tuple[str, frozenset[Hex]], ...] = field(default=(), repr=False)

    def _cell(self, h: Hex) -> tuple[int, int] | None:
        return cell_in(h, self.orientation, self.tiers.shape)

    def tier(self, h: Hex) -> int | None:
        """The spot's Tier (module notes), or None beyond reach this turn."""
        cell = self._cell(h)
        if cell is None or self.tiers[cell] < 0:
            return None
        return int(self.tiers[cell])

    def cost(self, h: Hex) -> int | None:
        """The Movement cost to stand there this turn, or None beyond reach."""
        cell = self._cell(h)
        if cell is None or self.costs[cell] < 0:
            return None
        return int(self.costs[cell])

    def spaces(self) -> frozenset[Hex]:
        """Every spot within reach this turn."""
        return hexes_where(self.tiers >= 0, self.orientation)

    def spot(self, h: Hex) -> CoverSpot | None:
        """The spot at ``h`` with every enemy's Concealment and its reasons (asked of
        :func:`~rules.battlefield.concealment_between` now; who perceives it was found
        with the map), or None beyond reach."""
        cost = self.cost(h)
        if cost is None or self._board is None or self._options is None:
            return None
        board, opts = self._board, self._options
        spaces = board.token(self.token_id).footprint_at(h)
        seen, unseen = [], []
        for enemy_id, perceived in self._seen:
            enemy = board.token(enemy_id)
            if h in perceived:
                seen.append(_sighting(board, enemy, spaces, opts))
            else:
                unseen.append(enemy.name)
        seen.sort(key=lambda s: (s.tier, s.name, s.enemy_id))
        tier = seen[0].tier if seen else HIDDEN_TIER
        return CoverSpot(
            h, cell_name_of(h, self.orientation), cost, tier, tuple(seen), tuple(unseen)
        )

    def describe(self, h: Hex) -> tuple[str, ...]:
        """Hover text for ``h``: the spot's cover and why, or why there is none."""
        if self._cell(h) is None:
            return (f"({h.q}, {h.r}) is off the map",)
        where = cell_name_of(h, self.orientation)
        if self.reason is not None:
            return (f"{where}: {self.reason}",)
        found = self.spot(h)
        if found is None:
            return (f"{where}: beyond {self.name}'s reach this turn (budget {self.budget})",)
        return found.describe()


def _creature(board: Board, token_id: str) -> Token:
    token = board.token(token_id)  # UnknownTokenError
    if token.kind is not TokenKind.CREATURE:
        raise RulesError(f"{token.name} is an object: the cover lens is for a creature")
    return token


def _grid(board: Board, fill: int, dtype: type[Any]) -> npt.NDArray[Any]:
    return np.full((board.height, board.width), fill, dtype=dtype)


def _empty(
    board: Board, creature: Token, budget: int, reason: str, used: tuple[str, ...]
) -> CoverMap:
    none = read_only(_grid(board, -1, np.int16))
    hidden = read_only(_grid(board, 0, np.bool_))
    return CoverMap(
        creature.id, creature.name, budget, (), none, none, hidden, board.orientation, reason, used
    )


Seen = tuple[tuple[str, frozenset[Hex]], ...]  # per enemy, the anchors it perceives


def _spot_tiers(
    board: Board, creature: Token, enemies: tuple[Token, ...], anchors: list[Hex], opts: RuleOptions
) -> tuple[list[int], list[bool], Seen]:
    """Each anchor's Tier (the lowest among the enemies that perceive it), whether none
    does, and the anchors each enemy perceives."""
    if not anchors:
        return [], [], tuple((e.id, frozenset[Hex]()) for e in enemies)
    groups = [creature.footprint_at(a) for a in anchors]
    spaces = _in_order(frozenset[Hex]().union(*groups))
    fog, around = _marked(board, board.layer("concealment") != 0), _box(spaces)
    slot = {a: k for k, a in enumerate(anchors)}
    best = [HIDDEN_TIER + 1] * len(anchors)
    views = []
    for enemy, seen in zip(enemies, _perceived(board, enemies, groups, spaces), strict=True):
        visible = [a for a, ok in zip(anchors, seen, strict=True) if ok]
        views.append((enemy.id, frozenset(visible)))
        if not visible:
            continue
        concealed = _concealed(fog, enemy, around)
        tiers = _tiers(board, enemy, creature, visible, opts) if concealed else [0] * len(visible)
        for a, tier in zip(visible, tiers, strict=True):
            best[slot[a]] = min(best[slot[a]], tier)
    hidden = [t > HIDDEN_TIER for t in best]
    return [min(t, HIDDEN_TIER) for t in best], hidden, tuple(views)


def _grids(
    board: Board, reach: dict[Hex, int], anchors: list[Hex], tiers: list[int], hidden: list[bool]
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], npt.NDArray[np.bool_]]:
    """The read-only Tier, cost and hidden grids by cell (−1 beyond reach)."""
    tier_grid, cost_grid = _grid(board, -1, np.int16), _grid(board, -1, np.int16)
    hidden_grid = _grid(board, 0, np.bool_)
    for a, tier, dark in zip(anchors, tiers, hidden, strict=True):
        col, row = board.cell_of(a)
        tier_grid[row, col], cost_grid[row, col], hidden_grid[row, col] = tier, reach[a], dark
    return read_only(tier_grid), read_only(cost_grid), read_only(hidden_grid)


def cover_map(board: Board, token_id: str, options: RuleOptions | None = None) -> CoverMap:
    """The spots ``token_id`` can reach this turn and the Concealment it would have at
    each from the enemies that perceive it there, its Tier the lowest of theirs (module
    notes). Never changes the board.

    Raises :class:`~rules.errors.UnknownTokenError` for an unknown token and
    :class:`~rules.errors.RulesError` for an object."""
    opts = options or RuleOptions.of(board.options)
    creature = _creature(board, token_id)
    budget = budget_of(creature)
    used = (opts.describe("concealment_combine"), opts.describe("legacy_areas"))
    if team_of(creature) is None:
        why = f"{creature.name} is neutral: nobody is its enemy, nothing to hide from [ASSUMPTION]"
        return _empty(board, creature, budget, why, used)
    enemies = enemies_of(board, token_id)
    if not enemies:
        return _empty(board, creature, budget, "no creature of the other side is on the map", used)
    reach = movement_field(board, token_id, budget, opts).reachable()
    anchors = _in_order(reach)
    tiers, hidden, seen = _spot_tiers(board, creature, enemies, anchors, opts)
    grids = _grids(board, reach, anchors, tiers, hidden)
    ids = tuple(e.id for e in enemies)
    orientation = board.orientation
    return CoverMap(
        token_id, creature.name, budget, ids, *grids, orientation, None, used, board, opts, seen
    )
