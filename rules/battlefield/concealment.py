"""Concealment of a target from an observer, and its penalties.

[S000]: "Poor lighting, weather conditions, or magic can create Concealment, Tier 1 through
12. If any space you or a target are in or that is between you and a target creates
Concealment, that target has Concealment from you. If you are adjacent to a target, reduce
Concealment from any conditions of the world by 3 Tiers. For each Tier of Concealment your
target has, have -1 on Awareness rolls affected by the type of Concealment. Concealment
against the senses you are using to choose a target also causes half this penalty on
targeted attack rolls against them." [S001] (option ``legacy_areas``): "If you are adjacent
to a target, reduce the Concealment by 3 Tiers."

Default (§11a D10): the Tiers of the observer's spaces, the target's spaces and the spaces
between (the :func:`~rules.hexes.hex_line` between the nearest hexes of the two footprints)
are **summed**; option ``concealment_combine = highest`` takes the highest. Creatures
sharing a space are adjacent. The Tier is capped at 12.

**By sense** (map format version 7). Each space's Concealment kind hides from some senses
(:class:`~rules.board.terrain.ConcealmentKind`: poor light, fog and smoke hide from sight, noise
from sound, magic from every sense or the one it was painted for), and the observer's own
senses Ailments add Concealment of their sense, not a condition of the world ([P-AIL]
Blinded "everyone has vision Concealment = Tier from you", Deafened sound, Anosmatic
smell). The Tier is worked out for every sense (:attr:`Concealment.by_sense`; "have -1 on
Awareness rolls affected by the type of Concealment" uses the sense of the roll). The
observer chooses its target with whichever of its senses (``Token.senses``, Primary Sense
first) leaves the least Concealment, its Primary Sense on a tie, and the result names that
sense: "Concealment against the senses you are using to choose a target also causes half
this penalty on targeted attack rolls against them" [S000]. Choosing by a sense that is not
its Primary Sense needs Awareness beating the DL by 9, not 3 [P-BATTLE]; a reason says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.board.anatomy import DEFAULT_SENSES, SENSES, senses_problem
from rules.board.conditions import tier_of
from rules.board.grid import Board, cells_of
from rules.board.terrain import ConcealmentKind
from rules.hexes import Hex, distance, distances_to, hex_line, line_points
from rules.options import RuleOptions

__all__ = [
    "MAX_TIER",
    "SENSE_AILMENTS",
    "Concealment",
    "SenseTier",
    "concealment",
    "concealment_at",
    "concealment_between",
    "concealment_field",
    "senses_ailments",
]

MAX_TIER = 12
IntLike = Any  # an int, or an int array (the field)
BoolLike = Any
ADJACENT_REDUCTION = 3
SENSE_AILMENTS = {"blinded": "sight", "deafened": "sound", "anosmatic": "smell"}
"""The observer's Ailments that give everyone Concealment of a sense = their Tier [P-AIL]."""
Source = tuple[Hex, int, str]  # (space, Tier, "world" | "magic")
Found = tuple[Hex, int, ConcealmentKind]
Ailment = tuple[str, int, str]  # (condition, Tier, sense)


@dataclass(frozen=True)
class SenseTier:
    """The Concealment a target has against one sense: the Tier after adjacency and the
    cap, the world and other (magic, Ailment) Tiers combined, and the adjacent reduction."""

    sense: str
    tier: int
    world: int
    magic: int
    reduction: int


@dataclass(frozen=True)
class Concealment:
    """A target's Concealment from an observer against the sense it chooses the target
    with (``sense``), with the spaces that caused it; ``by_sense`` has every sense."""

    tier: int
    sources: tuple[Source, ...]  # the spaces hiding it from ``sense``
    world: int  # Tier from conditions of the world, after combining
    magic: int  # Tier from magic and the observer's Ailments of ``sense``, after combining
    adjacent: bool
    reduction: int
    options_used: tuple[str, ...]
    reasons: tuple[str, ...]
    sense: str = "sight"
    primary: bool = True  # ``sense`` is the observer's Primary Sense
    senses: tuple[str, ...] = DEFAULT_SENSES  # the observer's, Primary Sense first
    by_sense: tuple[SenseTier, ...] = ()  # every sense of rules.board.body.SENSES, in its order
    ailments: tuple[Ailment, ...] = ()  # the observer's senses Ailments
    ignored: tuple[Source, ...] = ()  # spaces that do not hide ``sense`` (with their kind)

    @property
    def awareness_penalty(self) -> int:
        """−1 per Tier on Awareness rolls with the concealed sense [S000]."""
        return -self.tier

    @property
    def attack_penalty(self) -> int:
        """Half the Awareness penalty on targeted attacks: ``−(Tier // 2)`` (DESIGN.md)."""
        return -(self.tier // 2)

    def tier_for(self, sense: str) -> int:
        """The Tier against ``sense`` (any of :data:`rules.board.body.SENSES`)."""
        for entry in self.by_sense:
            if entry.sense == sense:
                return entry.tier
        raise ValueError(f"no sense {sense!r}; the senses are {', '.join(SENSES)}")

    def awareness_penalty_for(self, sense: str) -> int:
        """[S000] "For each Tier of Concealment your target has, have -1 on Awareness
        rolls affected by the type of Concealment": the penalty on an Awareness roll with
        ``sense``."""
        return -self.tier_for(sense)


def _nearest_pair(a: Iterable[Hex], b: Iterable[Hex]) -> tuple[Hex, Hex]:
    b_list = list(b)
    return min(((x, y) for x in a for y in b_list), key=lambda p: (distance(*p), p))


def _found(board: Board, spaces: frozenset[Hex]) -> list[Found]:
    tiers, kinds = board.layer("concealment"), board.layer("concealment_kind")
    found = []
    for h in sorted(s for s in spaces if board.contains(s)):
        col, row = board.cell_of(h)
        if tiers[row, col]:
            found.append((h, int(tiers[row, col]), ConcealmentKind(int(kinds[row, col]))))
    return found


def _observer_senses(senses: Sequence[str] | None) -> tuple[str, ...]:
    chosen = DEFAULT_SENSES if senses is None else tuple(senses)
    problem = senses_problem(chosen)
    if problem:
        raise ValueError(f"the observer's {problem}")
    return chosen


def concealment_between(
    board: Board,
    observer: Iterable[Hex],
    target: Iterable[Hex],
    options: RuleOptions | None = None,
    *,
    senses: Sequence[str] | None = None,
    ailments: Sequence[Ailment] = (),
) -> Concealment:
    """The Concealment a target on ``target`` hexes has from an observer on ``observer``
    that uses ``senses`` (Primary Sense first; default :data:`rules.board.body.DEFAULT_SENSES`)
    and suffers ``ailments`` (``(condition, Tier, sense)``, see :data:`SENSE_AILMENTS`).

    Raises ``ValueError`` for an empty footprint or senses not of :data:`rules.board.body.SENSES`.
    """
    opts = options or RuleOptions.of(board.options)
    mine, theirs = frozenset(observer), frozenset(target)
    if not mine or not theirs:
        raise ValueError("Concealment needs the observer's and the target's spaces")
    a, b = _nearest_pair(mine, theirs)
    found = _found(board, mine | theirs | frozenset(hex_line(a, b)))
    return _settle(found, tuple(ailments), distance(a, b) <= 1, _observer_senses(senses), opts)


def _highest(values: Iterable[int]) -> int:
    return max(values, default=0)


def combine_kinds(
    world: IntLike, magic: IntLike, adjacent: BoolLike, opts: RuleOptions
) -> tuple[IntLike, IntLike]:
    """(Tier before the cap, reduction for adjacency) from the world and magic Tiers.

    Seed 000 lowers only world-condition Concealment by 3 when adjacent; ``legacy_areas``
    lowers all of it [S001]. The kinds add (``sum``) or the highest counts (``highest``).
    Works on ints and on numpy arrays alike (:func:`concealment_field`).
    """
    both = np.add if opts.concealment_combine == "sum" else np.maximum
    total = both(world, magic)
    if opts.legacy_areas:
        after = np.where(adjacent, np.maximum(total - ADJACENT_REDUCTION, 0), total)
    else:
        world_after = np.where(adjacent, np.maximum(world - ADJACENT_REDUCTION, 0), world)
        after = both(world_after, magic)
    return after, total - after


def _sense_tier(
    sense: str, found: list[Found], ailments: tuple[Ailment, ...], adjacent: bool, opts: RuleOptions
) -> SenseTier:
    combine = sum if opts.concealment_combine == "sum" else _highest
    world = combine(t for _h, t, k in found if k.world and sense in k.senses)
    other = [t for _h, t, k in found if not k.world and sense in k.senses]
    magic = combine([*other, *(t for _n, t, s in ailments if s == sense)])
    after, cut = combine_kinds(world, magic, adjacent, opts)
    return SenseTier(sense, min(MAX_TIER, int(after)), world, magic, int(cut))


def _chosen(senses: tuple[str, ...], by_sense: tuple[SenseTier, ...]) -> SenseTier:
    """The observer's sense that leaves the least Concealment; the earlier on a tie."""
    tiers = {entry.sense: entry for entry in by_sense}
    return min((tiers[s] for s in senses), key=lambda e: (e.tier, senses.index(e.sense)))


def _settle(
    found: list[Found],
    ailments: tuple[Ailment, ...],
    adjacent: bool,
    senses: tuple[str, ...],
    opts: RuleOptions,
) -> Concealment:
    by_sense = tuple(_sense_tier(s, found, ailments, adjacent, opts) for s in SENSES)
    pick = _chosen(senses, by_sense)
    kind = {True: "world", False: "magic"}
    sources = tuple((h, t, kind[k.world]) for h, t, k in found if pick.sense in k.senses)
    ignored = tuple((h, t, k.label) for h, t, k in found if pick.sense not in k.senses)
    reasons = [f"{t} from ({h.q}, {h.r}) ({k})" for h, t, k in sources]
    reasons += [
        f"{name} {t}: everyone has {s} Concealment = Tier [P-AIL]"
        for name, t, s in ailments
        if s == pick.sense
    ]
    if adjacent and opts.legacy_areas:
        reasons.append(f"adjacent: −{pick.reduction} [S001, legacy: all Concealment]")
    elif adjacent:
        reasons.append(f"adjacent: −{pick.reduction} from conditions of the world only [S000]")
    raw = int(combine_kinds(pick.world, pick.magic, adjacent, opts)[0])
    if raw > MAX_TIER:
        reasons.append(f"capped at {MAX_TIER} (was {raw})")
    reasons += _sense_reasons(pick, senses, by_sense, ignored)
    used = (opts.describe("concealment_combine"), opts.describe("legacy_areas"))
    return Concealment(
        pick.tier,
        sources,
        pick.world,
        pick.magic,
        adjacent,
        pick.reduction,
        used,
        tuple(reasons),
        pick.sense,
        pick.sense == senses[0],
        senses,
        by_sense,
        ailments,
        ignored,
    )


def _sense_reasons(
    pick: SenseTier,
    senses: tuple[str, ...],
    by_sense: tuple[SenseTier, ...],
    ignored: tuple[Source, ...],
) -> list[str]:
    """Which sense chooses the target and why: [S000] "Concealment against the senses you
    are using to choose a target"; [P-BATTLE] the margin off the Primary Sense."""
    reasons = [f"{k} at ({h.q}, {h.r}) does not hide from {pick.sense}" for h, _t, k in ignored]
    if len(senses) > 1:  # one sense: nothing to choose, nothing to say
        tiers = ", ".join(f"{e.sense} {e.tier}" for e in by_sense if e.sense in senses)
        reasons.append(
            f"chooses the target by {pick.sense}, the least concealed of its senses "
            f"({tiers}): 'Concealment against the senses you are using to choose a target' [S000]"
        )
    if pick.sense != senses[0]:
        reasons.append(
            f"{pick.sense} is not its Primary Sense ({senses[0]}): choosing a target by it "
            "needs Awareness beating the DL by 9, not 3 [P-BATTLE]"
        )
    return reasons


def senses_ailments(conditions: Iterable[Any]) -> tuple[Ailment, ...]:
    """The senses Ailments among a token's ``conditions`` ([P-AIL]; :data:`SENSE_AILMENTS`),
    as ``(condition, Tier, sense)``; Tiers of the same name add."""
    entries = tuple(conditions)
    out = []
    for name, sense in SENSE_AILMENTS.items():
        tier = tier_of(entries, name)
        if tier:
            out.append((name.capitalize(), tier, sense))
    return tuple(out)


def concealment(
    board: Board, observer_id: str, target_id: str, options: RuleOptions | None = None
) -> Concealment:
    """The Concealment ``target_id`` has from ``observer_id`` (R-CONCEAL, §11a D10): against
    the observer's senses (``Token.senses``) and with its senses Ailments ([P-AIL])."""
    observer, target = board.token(observer_id), board.token(target_id)
    return concealment_between(
        board,
        observer.footprint,
        target.footprint,
        options,
        senses=observer.senses,
        ailments=senses_ailments(observer.conditions),
    )


def concealment_field(
    board: Board,
    observer: Iterable[Hex],
    options: RuleOptions | None = None,
    radius: int | None = None,
    *,
    senses: Sequence[str] | None = None,
    ailments: Sequence[Ailment] = (),
) -> npt.NDArray[np.int16]:
    """The Tier a one-space target in every space would have from ``observer`` using
    ``senses`` with ``ailments`` (as :func:`concealment_between`: the least concealed of
    its senses).

    A ``(height, width)`` int16 array, vectorised over all target spaces at once (the same
    line points as :func:`~rules.hexes.hex_line`); spaces farther than ``radius`` from the
    observer are −1 (not computed). Equal to :func:`concealment_between` space by space:
    :func:`concealment_at` of every space within ``radius``.
    """
    opts = options or RuleOptions.of(board.options)
    mine = _observer_spaces(observer)
    qs, rs = board.axial_grid()
    wanted = np.ones(qs.shape, np.bool_)
    if radius is not None:
        wanted = np.min(np.stack([distances_to(qs, rs, h) for h in mine]), axis=0) <= radius
    result = np.full(qs.shape, -1, np.int16)
    found = _tiers_at(
        board, mine, (qs[wanted], rs[wanted]), _observer_senses(senses), ailments, opts
    )
    result[wanted] = found
    return result


def concealment_at(
    board: Board,
    observer: Iterable[Hex],
    targets: Sequence[Hex],
    options: RuleOptions | None = None,
    *,
    senses: Sequence[str] | None = None,
    ailments: Sequence[Ailment] = (),
) -> npt.NDArray[np.int16]:
    """The Tier a one-space target on each of ``targets`` would have from ``observer``
    using ``senses`` with ``ailments``: [S000] "If any space you or a target are in or that
    is between you and a target creates Concealment, that target has Concealment from
    you", for those spaces only.

    An int16 array in the order of ``targets``, vectorised over them (the same line points
    as :func:`~rules.hexes.hex_line`); equal to :func:`concealment_between` and to
    :func:`concealment_field` target by target, a target off the map included.
    """
    opts = options or RuleOptions.of(board.options)
    mine = _observer_spaces(observer)
    qs = np.array([h.q for h in targets], np.int64)
    rs = np.array([h.r for h in targets], np.int64)
    return _tiers_at(board, mine, (qs, rs), _observer_senses(senses), ailments, opts)


def _observer_spaces(observer: Iterable[Hex]) -> list[Hex]:
    mine = sorted(observer)
    if not mine:
        raise ValueError("Concealment needs the observer's spaces")
    return mine


Combine = Callable[[Any, Any], Any]
IntGrid = npt.NDArray[np.int64]
Axial = tuple[IntGrid, IntGrid]
Hiding = tuple[bool, tuple[int, ...]]  # world or not, the ConcealmentKind codes


def _tiers_at(
    board: Board,
    mine: list[Hex],
    targets: Axial,
    senses: tuple[str, ...],
    ailments: Sequence[Ailment],
    opts: RuleOptions,
) -> npt.NDArray[np.int16]:
    """The Tier of a one-space target at each of ``targets`` (flat axial arrays) against
    the least concealed of ``senses``: the one rule :func:`concealment_field` and
    :func:`concealment_at` share."""
    tq, tr = targets
    dist = np.stack([distances_to(tq, tr, h) for h in mine])
    nearest, n = np.argmin(dist, axis=0), np.min(dist, axis=0)
    ends = (np.array([h.q for h in mine])[nearest], np.array([h.r for h in mine])[nearest])
    combine = np.add if opts.concealment_combine == "sum" else np.maximum
    layers = _hiding_layers(board, senses)
    between = dict(
        zip(layers, _between(board, ends, targets, list(layers.values()), combine), strict=True)
    )
    fields = []
    for sense in senses:
        totals = []
        for world in (True, False):
            key = _hiding(world, sense)
            if key not in layers:
                totals.append(np.zeros(n.shape, np.int64))
                continue
            own = _combined(board, mine, layers[key], combine)
            target = np.where(n == 0, 0, _values_at(board, layers[key].ravel(), tq, tr))
            totals.append(combine(combine(own, target), between[key]))
        world_tier, magic = totals
        felt = [t for _name, t, s in ailments if s == sense]
        if felt:
            magic = combine(magic, sum(felt) if opts.concealment_combine == "sum" else max(felt))
        after, _cut = combine_kinds(world_tier, magic, n <= 1, opts)
        fields.append(np.minimum(MAX_TIER, after))
    found: npt.NDArray[np.int16] = np.minimum.reduce(fields).astype(np.int16)
    return found


def _hiding(world: bool, sense: str) -> Hiding:
    """The kinds of the world (or not) that hide from ``sense``."""
    return world, tuple(int(k) for k in ConcealmentKind if k.world is world and sense in k.senses)


def _hiding_layers(board: Board, senses: tuple[str, ...]) -> dict[Hiding, npt.NDArray[np.int32]]:
    """The Tiers of the spaces hiding from each of ``senses``, world and magic apart, by
    the kinds that hide; only those with Concealment somewhere."""
    tiers = board.layer("concealment").astype(np.int32)
    kinds = board.layer("concealment_kind")
    layers = {}
    for key in dict.fromkeys(_hiding(w, s) for s in senses for w in (True, False)):
        layer = np.where(np.isin(kinds, key[1]), tiers, 0)
        if layer.any():
            layers[key] = layer
    return layers


def _combined(
    board: Board, hexes: list[Hex], layer: npt.NDArray[np.int32], combine: Combine
) -> int:
    total = 0
    for h in hexes:
        if board.contains(h):
            col, row = board.cell_of(h)
            total = int(combine(total, int(layer[row, col])))
    return total


def _cells(board: Board, q: IntGrid, r: IntGrid) -> tuple[IntGrid, npt.NDArray[np.bool_]]:
    """The flat (row-major) cell index of each ``(q, r)`` and whether it is on the map."""
    col, row = cells_of(q, r, board.orientation)
    inside = (col >= 0) & (col < board.width) & (row >= 0) & (row < board.height)
    return np.where(inside, row * board.width + col, 0), inside


def _values_at(board: Board, flat: npt.NDArray[np.int32], q: IntGrid, r: IntGrid) -> IntGrid:
    """``flat`` (a raveled layer) at each ``(q, r)``, 0 off the map."""
    cells, inside = _cells(board, q, r)
    values: IntGrid = np.where(inside, flat[cells], 0)
    return values


def _between(
    board: Board,
    ends: Axial,
    targets: Axial,
    layers: list[npt.NDArray[np.int32]],
    combine: Combine,
) -> list[IntGrid]:
    """For each of ``layers``, the spaces strictly between each target and its nearest
    observer hex, combined, at the contract's ``hex_line`` points (worked out once for
    every layer)."""
    acc = [np.zeros(targets[0].shape, np.int64) for _layer in layers]
    if not layers:
        return acc
    flats = [layer.ravel() for layer in layers]
    for _i, live, (pq, pr) in line_points(ends, targets):
        cells, inside = _cells(board, pq, pr)
        for total, flat in zip(acc, flats, strict=True):
            total[live] = combine(total[live], np.where(inside, flat[cells], 0))
    return acc
