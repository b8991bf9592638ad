"""Safest path (issue #19): beside the cheapest path to a chosen space, the one that passes
the fewest creatures that may Hinder the movement, with both costs.

Seed 002: "Before a creature in your Reach would move, attack to prevent the movement, DL 3.
… If multiple attackers Hinder Movement on the same movement, the creature rolls this
defense only once". Who may Hinder along a path is :func:`rules.movement.hinder_chances`'
answer — a creature counts **once** however many steps it has the mover in Reach, so the
number of Hinder chances is not a sum over steps and no single Dijkstra search finds the
path with the fewest. What a path costs is only ever the movement rules' answer
(:func:`rules.movement.movement_field`, :func:`rules.movement.plan_path`).

How the safest path is found, within what the creature can pay this turn
(:func:`rules.movement.budget_of`):

1. The cheapest path is the movement field's (:meth:`MovementField.path_to`); a goal out
   of reach gets the movement rules' own refusal (:func:`rules.movement.plan_move`).
2. The *candidates* are the creatures that may Hinder (their chance is ``allowed``) on some
   path within the budget: their Reach zone — the spaces from which the mover is in their
   Reach, exactly as :mod:`rules.movement.hinder` decides it — meets an anchor ``a`` with
   ``cost_to(a) + distance(a, goal) <= budget`` (every step costs at least 1, so no path
   within the budget stands anywhere else before its last step). A creature that has the
   mover in Reach where it starts may Hinder any move: it is counted, never avoided.
3. For a set ``S`` of candidates to avoid, the spaces of their zones become walls on a
   copy of the board and the field is searched again; the path ends with one step into
   the goal on the real board (``step_cost``), since the goal itself may lie in a zone
   (a creature may Hinder only *before* a step: the space a move ends on never counts).
   Each such path is scored by ``hinder_chances`` on the real board: (creatures that may
   Hinder, cost, steps) — fewest first.
4. Sets are tried largest first, and the search stops as soon as no smaller set can do
   better: the path for ``S`` passes none of ``S``, so the best path, passing ``Q``, is
   found by the set ``candidates − Q``. Up to :data:`EXACT_LIMIT` candidates (those the
   cheapest path passes first, then the nearest) are tried in every combination — at most
   ``2 ** EXACT_LIMIT`` fields of this turn's size; any more are added one at a time to
   the best set found (greedy), and the result says so in its notes: still a real path,
   never worse than the cheapest, but perhaps not the fewest. A multi-space creature is
   walled exactly too (an anchor is refused when any space of its body is).

Every path returned is costed again by :func:`rules.movement.plan_path` on the real board
(its Hinder chances are that plan's). Neither query changes the board.

Who counts **[ASSUMPTION]**: a creature of the mover's own team (:func:`allies_of`: party
and ally) is listed with its chance but not counted — "Allies" are friends [P-CONFLICT]
and do not Hinder each other; ``count_allies=True`` counts them too. Neutral creatures
count (the Soulweaver may have them Hinder); a neutral mover has no allies.

>>> from rules.board.tokens import Token
>>> board = Board.blank(8, 4).with_token(Token("m", "Mira", Hex(0, 1), side="party"))
>>> board = board.with_token(Token("g", "Goblin", Hex(2, 0), size=-1, side="enemy"))
>>> for line in safest_path(board, "m", Hex(4, 1)).describe():
...     print(line)
cheapest: 4 spaces, 4 Movement, 1 Hinder chance (Goblin)
safest: 5 spaces, 5 Movement, no Hinder chances
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from rules.battlefield.reach import can_reach, reach_of
from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError
from rules.hexes import DIRECTIONS, Hex, disk, distance
from rules.lens.sides import allies_of
from rules.movement.budget import budget_of
from rules.movement.costs import MoverProfile, StepCost, mover_profile, step_cost
from rules.movement.field import MovementField, movement_field
from rules.movement.hinder import HinderChance, hinder_chances
from rules.movement.plan import MovePlan, plan_move, plan_path
from rules.options import RuleOptions
from rules.text import counted

__all__ = ["PathChoice", "SafestPath", "safest_path"]

EXACT_LIMIT = 5
"""How many candidate hinderers are avoided in every combination (at most 2**5 = 32
fields of this turn's size, about 0.5 ms each at budget 12 on the benchmark map); more
are added greedily."""
EXPLAIN_FACTOR = 2
"""A safest path that still passes an avoidable creature explains why with a search this
many times this turn's budget: what avoiding it would cost, or that no way does."""

Score = tuple[int, int, int]  # (creatures that may Hinder, cost, steps): fewest first


@dataclass(frozen=True)
class PathChoice:
    """One way to the goal: its anchors, its ``cost`` (Movement cost units), the Movement
    it ``paid`` at the creature's pace (:func:`rules.movement.payment`), every Hinder
    chance along it (:func:`rules.movement.hinder_chances`, as its plan lists them) and
    the ones counted — allowed, and not from an ally unless allies count."""

    label: str
    path: tuple[Hex, ...]
    cost: int
    paid: int
    chances: tuple[HinderChance, ...]
    hinderers: tuple[HinderChance, ...]

    @property
    def spaces(self) -> int:
        """Steps along the path."""
        return len(self.path) - 1

    @property
    def hinder_count(self) -> int:
        """How many creatures may Hinder the movement (each counts once [S002])."""
        return len(self.hinderers)

    def describe(self) -> str:
        """``cheapest: 5 spaces, 5 Movement, 2 Hinder chances (Goblin 1, Ogre)``."""
        text = f"{self.label}: {counted(self.spaces, 'space')}, {self.paid} Movement"
        if self.cost != self.paid:
            text += f" (cost {self.cost})"
        if not self.hinderers:
            return text + ", no Hinder chances"
        names = ", ".join(c.name for c in self.hinderers)
        return f"{text}, {counted(self.hinder_count, 'Hinder chance')} ({names})"

    def reasons(self) -> tuple[str, ...]:
        """Each Hinder chance in the rules' words, an uncounted ally's marked."""
        return tuple(
            c.describe()
            + ("" if c in self.hinderers or not c.allowed else " — an ally: not counted")
            for c in self.chances
        )


@dataclass(frozen=True)
class SafestPath:
    """The cheapest and the safest path of ``token_id`` to ``goal`` within this turn's
    ``budget`` (Movement cost units, :func:`rules.movement.budget_of`), or ``reason`` —
    the movement rules' refusal — when there is none (both paths ``None``). ``notes``
    say why the safest still passes whom it passes, and whether the search was bounded."""

    token_id: str
    name: str
    goal: Hex
    budget: int
    cheapest: PathChoice | None
    safest: PathChoice | None
    reason: str | None = None
    notes: tuple[str, ...] = ()
    options_used: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        """Whether the goal can be reached this turn."""
        return self.reason is None

    @property
    def same_path(self) -> bool:
        """Whether the safest path is the cheapest one."""
        return (
            self.cheapest is not None
            and self.safest is not None
            and self.cheapest.path == self.safest.path
        )

    def describe(self) -> tuple[str, ...]:
        """Hover text: both paths and the notes, or why there is no path."""
        if self.cheapest is None or self.safest is None:
            return (f"No path to ({self.goal.q}, {self.goal.r}): {self.reason}",)
        safest = "safest: the same path" if self.same_path else self.safest.describe()
        return (self.cheapest.describe(), safest, *self.notes)


@dataclass(frozen=True)
class _Found:
    """A path the search found, its score, and the creatures walled off to find it."""

    path: tuple[Hex, ...]
    score: Score
    hinderers: frozenset[str]
    avoided: frozenset[str] = frozenset()


@dataclass(frozen=True)
class _Candidate:
    """A creature that may Hinder on some path within the budget, and its zone."""

    id: str
    name: str
    zone: frozenset[Hex]  # spaces from which the mover's body is in its Reach
    rank: tuple[int, int, str]


@dataclass
class _Search:
    """One query's fixed inputs, the paths found per walled set of spaces, and who may
    Hinder along each path scored."""

    board: Board
    token: Token
    profile: MoverProfile
    opts: RuleOptions
    goal: Hex
    budget: int
    ignored: frozenset[str]
    into_goal: dict[Hex, StepCost]
    seen: dict[tuple[frozenset[Hex], int], _Found | None] = field(default_factory=dict)
    hindered: dict[tuple[Hex, ...], frozenset[str]] = field(default_factory=dict)

    def counted(self, chances: Iterable[HinderChance]) -> tuple[HinderChance, ...]:
        return tuple(c for c in chances if c.allowed and c.hinderer_id not in self.ignored)

    def scored(self, path: Sequence[Hex], cost: int, avoided: frozenset[str]) -> _Found:
        """``path`` scored by who may Hinder along it (:func:`hinder_chances`, once a path)."""
        anchors = tuple(path)
        if anchors not in self.hindered:
            chances = hinder_chances(self.board, self.token.id, anchors, self.opts)
            self.hindered[anchors] = frozenset(c.hinderer_id for c in self.counted(chances))
        who = self.hindered[anchors]
        return _Found(anchors, (len(who), cost, len(anchors)), who, avoided)

    def field_for(self, walls: frozenset[Hex], budget: int) -> MovementField:
        board = self.board.with_terrain("blocked", walls, True) if walls else self.board
        return movement_field(board, self.token.id, budget, self.opts, profile=self.profile)

    def avoiding(self, chosen: Sequence[_Candidate], budget: int | None = None) -> _Found | None:
        """The cheapest path that stands in none of ``chosen``'s zones before its last step."""
        walls = frozenset[Hex]().union(*(c.zone for c in chosen))
        key = (walls, self.budget if budget is None else budget)
        if key not in self.seen:
            ends = _last_step(self, self.field_for(walls, key[1]), key[1])
            avoided = frozenset(c.id for c in chosen)
            self.seen[key] = None if ends is None else self.scored(*ends, avoided)
        return self.seen[key]


def _last_step(search: _Search, found: MovementField, budget: int) -> tuple[list[Hex], int] | None:
    """The cheapest (then shortest) path of ``found`` to a neighbour of the goal, then one
    step into it on the real board."""
    best: tuple[int, int, list[Hex]] | None = None
    for before, step in search.into_goal.items():
        cost = found.cost_to(before)
        if cost is None or cost + step.cost > budget:
            continue
        path = found.path_to(before) or []
        if best is None or (cost + step.cost, len(path)) < best[:2]:
            best = (cost + step.cost, len(path), [*path, search.goal])
    return None if best is None else (best[2], best[0])


def _steps_into(
    board: Board, token: Token, goal: Hex, profile: MoverProfile
) -> dict[Hex, StepCost]:
    """Each allowed last step into the goal, by the anchor it starts from."""
    steps = {}
    for d in DIRECTIONS:
        before = goal - d
        if all(board.contains(h) for h in token.footprint_at(before)):
            step = step_cost(board, token.id, before, goal, profile)
            if step.allowed:
                steps[before] = step
    return steps


# -- who may Hinder on the way ------------------------------------------------------------
def _region(found: MovementField, goal: Hex, budget: int, token: Token) -> frozenset[Hex]:
    """The spaces the body covers at an anchor some path within ``budget`` stands on before
    its last step: ``cost_to(a) + distance(a, goal) <= budget`` (read from the field's
    array, ``dist[i, j]`` for anchor ``Hex(q0 + j, r0 + i)``)."""
    rows, cols = found.dist.shape
    dq = (found.q0 + np.arange(cols) - goal.q)[None, :]
    dr = (found.r0 + np.arange(rows) - goal.r)[:, None]
    apart = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    i, j = np.nonzero((found.dist + apart <= budget) & (apart > 0))
    anchors = [Hex(int(found.q0 + q), int(found.r0 + r)) for r, q in zip(i, j, strict=True)]
    if len(token.footprint_offsets) == 1:
        return frozenset(anchors)
    return frozenset(a + o for a in anchors for o in token.footprint_offsets)


def _extent(token: Token) -> int:
    return max(o.length() for o in token.footprint_offsets)


def _reach_zone(
    board: Board, hinderer: Token, mover: Token, region: frozenset[Hex], opts: RuleOptions
) -> frozenset[Hex]:
    """The spaces of ``region`` where any part of ``mover`` is in ``hinderer``'s Reach —
    the test of :mod:`rules.movement.hinder` ("a creature in your Reach" [S002]): its
    :func:`can_reach` (3-D range, a full adjacent space [S000]), with the difference in
    altitude counted as spaces (Q21)."""
    reach = reach_of(hinderer)
    gap = abs(hinderer.motion.altitude - mover.motion.altitude)
    if gap > reach:
        return frozenset()
    found = set()
    for h in _around(hinderer.footprint, max(reach, 1), region):
        check = can_reach(board, hinderer.id, h, opts)
        if check.allowed and (not gap or check.distance + gap <= reach):
            found.add(h)
    return frozenset(found)


def _around(footprint: frozenset[Hex], radius: int, region: frozenset[Hex]) -> set[Hex]:
    """The spaces of ``region`` within ``radius`` of ``footprint``, by the cheaper walk."""
    if len(footprint) * (3 * radius * (radius + 1) + 1) <= len(region):
        return {h for f in footprint for h in disk(f, radius) if h in region}
    return {h for h in region if any(distance(f, h) <= radius for f in footprint)}


def _nearby(search: _Search, region: frozenset[Hex]) -> list[tuple[Token, frozenset[Hex]]]:
    """Counted creatures whose Reach zone meets ``region``, with the zone."""
    mover, start = search.token, search.token.position
    found = []
    for other in search.board.tokens.values():
        if other.id == mover.id or other.kind is not TokenKind.CREATURE:
            continue
        if other.id in search.ignored:
            continue
        margin = search.budget + max(reach_of(other), 1) + _extent(other) + _extent(mover)
        if distance(other.position, start) > margin:
            continue
        zone = _reach_zone(search.board, other, mover, region, search.opts)
        if zone:
            found.append((other, zone))
    return found


def _may_hinder(search: _Search, nearby: list[tuple[Token, frozenset[Hex]]]) -> set[str]:
    """Which of ``nearby`` may Hinder at all (Overpower is impossible against a mover 3+
    sizes larger [S002]): :func:`hinder_chances` along anchors, one in each zone (it only
    reads where the mover stands before each step)."""
    if not nearby:
        return set()
    probe = [min(zone) for _, zone in nearby]
    chances = hinder_chances(search.board, search.token.id, [*probe, probe[-1]], search.opts)
    allowed = {c.hinderer_id for c in chances if c.allowed}
    return {other.id for other, _ in nearby} & allowed


def _candidates(
    search: _Search, cheapest: MovePlan, region: frozenset[Hex], unavoidable: set[str]
) -> list[_Candidate]:
    """The creatures worth avoiding: those the cheapest path passes first (in step
    order), then the nearest to the way from the start to the goal."""
    nearby = [(t, z) for t, z in _nearby(search, region) if t.id not in unavoidable]
    allowed = _may_hinder(search, nearby)
    steps = {c.hinderer_id: c.step for c in cheapest.hinder}
    start, goal = search.token.position, search.goal
    found = []
    for other, zone in nearby:
        if other.id not in allowed:
            continue
        near = min(distance(h, start) + distance(h, goal) for h in zone)
        rank = (0, steps[other.id], other.name) if other.id in steps else (1, near, other.name)
        found.append(_Candidate(other.id, other.name, zone, rank))
    return sorted(found, key=lambda c: (c.rank, c.id))


# -- the search ---------------------------------------------------------------------------
def _exact(search: _Search, best: _Found, chosen: list[_Candidate], fixed: int) -> _Found:
    """Every combination of ``chosen`` to avoid, largest first, until no smaller one can
    pass fewer (module notes, 4); ``fixed`` creatures may Hinder whatever the path."""
    k = len(chosen)
    for m in range(k, 0, -1):
        for subset in itertools.combinations(chosen, m):
            found = search.avoiding(subset)
            if found is not None and found.score < best.score:
                best = found
        if best.score[0] - fixed <= k - m:
            break
    return best


def _greedy(
    search: _Search, best: _Found, rest: list[_Candidate], everyone: list[_Candidate]
) -> _Found:
    """Beyond the bound: add each further candidate to the best set, kept if it helps."""
    by_id = {c.id: c for c in everyone}
    for extra in rest:
        chosen = [by_id[i] for i in sorted(best.avoided)] + [extra]
        found = search.avoiding(chosen)
        if found is not None and found.score < best.score:
            best = found
    return best


def _why_passed(
    search: _Search, best: _Found, candidates: list[_Candidate]
) -> list[tuple[_Candidate, _Found | None]]:
    """For each avoidable creature the safest path still passes, the cheapest way that
    avoids it too (and whoever was avoided already), searched up to :data:`EXPLAIN_FACTOR`
    × the budget."""
    passed = [c for c in candidates if c.id in best.hinderers]
    if not passed:
        return []
    wide = search.budget * EXPLAIN_FACTOR
    region = _region(search.field_for(frozenset(), wide), search.goal, wide, search.token)
    kept = [c for c in candidates if c.id in best.avoided]
    found = []
    for c in passed:
        widened = [replace(k, zone=_zone_of(search, k.id, region)) for k in [*kept, c]]
        found.append((c, search.avoiding(widened, wide)))
    return found


def _explained(
    search: _Search, best: _Found, candidates: list[_Candidate]
) -> tuple[_Found, tuple[str, ...]]:
    """``best`` with the notes on whom it still passes. A bounded search may find a better
    way here (an exhaustive one never does: module notes, 4): it is taken, and explained."""
    while True:
        why = _why_passed(search, best, candidates)
        better = [
            f
            for _, f in why
            if f is not None and f.score[1] <= search.budget and f.score < best.score
        ]
        if not better:
            kept = ", ".join(c.name for c in candidates if c.id in best.avoided)
            return best, tuple(_why_note(search, c, f, kept) for c, f in why)
        best = min(better, key=lambda f: f.score)


def _zone_of(search: _Search, token_id: str, region: frozenset[Hex]) -> frozenset[Hex]:
    hinderer = search.board.token(token_id)
    return _reach_zone(search.board, hinderer, search.token, region, search.opts)


def _why_note(search: _Search, passed: _Candidate, found: _Found | None, kept: str) -> str:
    """Why the safest path passes ``passed``: what the way avoiding it as well (and the
    creatures ``kept`` avoided) would cost, or that there is none."""
    name, goal = search.token.name, f"({search.goal.q}, {search.goal.r})"
    if found is None:
        wide = search.budget * EXPLAIN_FACTOR
        avoiding = f" that avoids {kept}" if kept else ""
        return f"every way to {goal} within cost {wide}{avoiding} passes {passed.name}'s Reach"
    cost = found.score[1]
    if cost > search.budget:
        return (
            f"avoiding {passed.name} as well would cost {cost}, more than the {search.budget} "
            f"{name} can pay this turn"
        )
    others = sorted(search.board.token(i).name for i in found.hinderers if i != passed.id) or [
        "as many others"
    ]
    return f"the way avoiding {passed.name} (cost {cost}) passes {', '.join(others)} instead"


def _search_notes(
    search: _Search, unavoidable: set[str], candidates: list[_Candidate], limit: int
) -> tuple[str, ...]:
    notes = [
        f"{search.board.token(i).name} has {search.token.name} in its Reach where it "
        "stands: it may Hinder any move [S002]"
        for i in sorted(unavoidable)
    ]
    if len(candidates) > limit:
        notes.append(
            f"{len(candidates)} creatures may Hinder on the way: the first {limit} (those "
            "the cheapest path passes, then the nearest) were avoided in every combination, "
            f"the other {len(candidates) - limit} one at a time (a bounded search: maybe "
            "not the fewest)"
        )
    return tuple(notes)


def _search_safest(
    search: _Search, cheapest_field: MovementField, cheapest: MovePlan, limit: int
) -> tuple[tuple[Hex, ...], tuple[str, ...]]:
    """The safest path's anchors (module notes) and the notes that explain it."""
    start = search.scored(cheapest.path, cheapest.cost, frozenset())
    unavoidable = {c.hinderer_id for c in search.counted(cheapest.hinder) if c.step == 1}
    region = _region(cheapest_field, search.goal, search.budget, search.token)
    candidates = _candidates(search, cheapest, region, unavoidable)
    best = _exact(search, start, candidates[:limit], len(unavoidable))
    best = _greedy(search, best, candidates[limit:], candidates)
    best, why = _explained(search, best, candidates)
    return best.path, _search_notes(search, unavoidable, candidates, limit) + why


# -- the query ----------------------------------------------------------------------------
def _mover(board: Board, token_id: str) -> Token:
    token = board.token(token_id)  # UnknownTokenError
    if token.kind is not TokenKind.CREATURE:
        raise RulesError(
            f"{token.name} is an object: only a creature moves with Movement and can be "
            "Hindered [S002]"
        )
    return token


def _checked(goal: object, exact_limit: int) -> None:
    if not isinstance(goal, Hex):
        raise ValueError(f"a safest path goes to a space (a Hex), got {goal!r}")
    if (
        isinstance(exact_limit, bool)
        or not isinstance(exact_limit, int)
        or not 0 <= exact_limit <= 10
    ):
        raise ValueError(f"exact_limit must be 0..10 creatures, got {exact_limit!r}")


def _choice(label: str, plan: MovePlan, search: _Search) -> PathChoice:
    counted = search.counted(plan.hinder)
    return PathChoice(label, plan.path, plan.cost, plan.paid, plan.hinder, counted)


def safest_path(
    board: Board,
    token_id: str,
    goal: Hex,
    options: RuleOptions | None = None,
    *,
    count_allies: bool = False,
    exact_limit: int = EXACT_LIMIT,
) -> SafestPath:
    """The cheapest path of ``token_id``'s anchor to ``goal`` this turn and, beside it,
    the one with the fewest creatures that may Hinder the movement (then the cheapest,
    then the fewest steps), both within :func:`rules.movement.budget_of` and both costed
    by :func:`rules.movement.plan_path` (module notes). No path: ``reason`` is the
    movement rules' refusal (a wall, a full space, beyond the Movement left, …).

    ``count_allies`` counts the mover's allies as hinderers too ([ASSUMPTION]: they are
    not counted by default); ``exact_limit`` bounds the exhaustive part of the search
    (:data:`EXACT_LIMIT`). Raises :class:`~rules.errors.UnknownTokenError` for an unknown
    token, :class:`~rules.errors.RulesError` for an object, ``ValueError`` for a goal that
    is not a Hex or a limit outside 0..10."""
    _checked(goal, exact_limit)
    opts = options or RuleOptions.of(board.options)
    token = _mover(board, token_id)
    budget = budget_of(token)
    profile = mover_profile(board, token_id, opts)
    cheapest_field = movement_field(board, token_id, budget, opts, profile=profile)
    plan = plan_move(board, token_id, goal, opts, field=cheapest_field)
    used = (*plan.options_used, opts.describe("range_elevation"))
    if not plan.allowed:
        return SafestPath(token_id, token.name, goal, budget, None, None, plan.refusal, (), used)
    ignored = frozenset() if count_allies else frozenset(t.id for t in allies_of(board, token_id))
    search = _Search(board, token, profile, opts, goal, budget, ignored, {})
    cheapest = _choice("cheapest", plan, search)
    if len(plan.path) < 2:
        return SafestPath(token_id, token.name, goal, budget, cheapest, cheapest, None, (), used)
    search.into_goal = _steps_into(board, token, goal, profile)
    path, notes = _search_safest(search, cheapest_field, plan, exact_limit)
    safe_plan = plan if path == plan.path else plan_path(board, token_id, path, opts)
    safest = _choice("safest", safe_plan, search)
    return SafestPath(token_id, token.name, goal, budget, cheapest, safest, None, notes, used)
