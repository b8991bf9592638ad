"""Best aim's query and answer (:mod:`rules.lens.aim`): :func:`best_aim`, its results
(:class:`AimCandidate`, :class:`BestAim`) and how they are ranked.

**Ranking** (:data:`RANKING`): most enemies hit, then fewest allies hit — the caster
counts as an ally when it would be hit (:func:`rules.lens.sides.allies_of`; unless it
chose to be unaffected by a Burst whose origin it occupies, ``exclude_caster``), then the
origin nearest the caster (hex distance from its nearest space; for a Burst on a subject,
to the subject's nearest space), then the origin ``(q, r)``, then the facing, then a space
before a subject. Every key is different, so ties are broken the same way every time. An
aim that hits no enemy is never a candidate. By default (``distinct=True``) each
candidate hits a different set of enemies and allies: the best-ranked aim for each set,
so three ghost templates are three choices, not one choice shifted by a space.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from rules.areas import AreaKind, AreaTemplate
from rules.battlefield.reach import reach_of
from rules.battlefield.targeting import AreaResult, Hit
from rules.board.grid import Board
from rules.board.tokens import Token, TokenKind
from rules.errors import RulesError
from rules.hexes import Hex
from rules.lens.aim.exact import answer
from rules.lens.aim.placements import Placements
from rules.lens.aim.state import BoolArray, Found, Search, Tally
from rules.lens.sides import allies_of, enemies_of, team_of
from rules.options import RuleOptions
from rules.text import counted

__all__ = ["KINDS", "RANKING", "AimCandidate", "BestAim", "best_aim"]

KINDS = (AreaKind.LINE, AreaKind.CONE, AreaKind.BURST)
"""The kinds with a choice of where to aim (a Self Area has none; an Aura moves with its
source)."""
RANKING = (
    "ranked by most enemies hit, then fewest allies hit (the caster counts if hit), then "
    "the origin nearest the caster, then the origin (q, r) and the facing"
)


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


# -- the answer -----------------------------------------------------------------------------
def _label(search: Search, template: AreaTemplate) -> str:
    if template.source is not None:
        return f"{template.title} on {search.board.token(template.source).name}"
    if not template.origin:
        return f"{template.title} from every space of {search.caster.name}"
    where = f"{template.title} at {_at(template.origin[0])}"
    return f"{where} facing {template.facing}" if template.kind.directed else where


def _candidate(search: Search, found: Found, rank: int, total: int) -> AimCandidate:
    result = found.result
    assert result is not None  # _confirmed
    enemies = tuple(h for h in result.hits if h.token_id in search.enemy_ids)
    allies = tuple(h for h in result.hits if h.token_id in search.ally_ids)
    others = tuple(h for h in result.hits if h.token_id not in search.enemy_ids | search.ally_ids)
    e, a, d = len(enemies), len(allies), found.key[2]
    ranking = (
        f"hits {_names(enemies)} ({counted(e, 'enemy', 'enemies')})",
        f"{counted(a, 'ally', 'allies')} ({_names(allies)})" if a else "no ally",
        f"{counted(d, 'space')} from {search.caster.name}",
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


def _range_text(search: Search) -> str:
    reach = reach_of(search.caster)
    if search.range_value is None:
        return "anywhere on the map"
    if search.kind.directed and search.opts.legacy_areas:
        return f"within Reach {reach} (legacy areas)"
    if search.kind.directed:
        return f"within range {search.range_value} + Reach {reach}"
    return f"within range {search.range_value}"


def _why_none(search: Search, placements: Placements | None, tally: Tally) -> str:
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
        f"no legal {title} hits an enemy of {name}: {counted(tally.refused, 'aim')} refused "
        f"(pointing back toward {name} [D8], or out of range), "
        f"{counted(tally.emptied, 'aim')} stopped by walls before an enemy"
    )


def _notes(
    search: Search, found: bool, placements: Placements | None, tally: Tally
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
) -> Search:
    enemies, allies = enemies_of(board, caster.id), allies_of(board, caster.id)
    held, who = _occupants(board, [*enemies, *allies, caster])
    blocked = board.layer("blocked").astype(bool)
    blocked.flags.writeable = False
    return Search(
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
    found, placements, tally = answer(search, top)
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
