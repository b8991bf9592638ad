"""What one step of movement costs, and why (RULES-DIGEST §12 R-MOVECOST, seed 001).

A *step* moves a token's whole footprint one space along an edge direction: every hex
``h`` of it moves to ``h + d``. Its cost is the cost of the hardest part of the body (the
highest of the per-hex costs), plus Crowded once. This module is the readable
specification: :func:`step_cost` returns every charge with its source; the movement field
(:mod:`rules.movement.field`) computes the same numbers for many steps at once and is
tested equal to it.

Per space moved ([S001] unless marked):

- "You can pay 1 Movement to move 1 space with a Primary Movement. Movement with a
  Secondary Movement type increases the cost by 1." Everyone starts with Land primary and
  Swim secondary; a space with water (``water_depth`` > 0) is swum **[ASSUMPTION]**.
- Crouching "+1", Prone "+2"; Amble "+1" (§11a D11); Encumbered from other sources +Tier
  ([P-COND]; §11a D4: the Encumbered of Crouch/Prone/Climb is not added again unless the
  option ``encumbered_costs`` is ``stack``).
- Climbing "+1": a space "angled over 45 degrees" (the ``steep`` layer) or a change of
  2+ elevation in one step (more than one space up per space across is steeper than 45°,
  Q21) **[ASSUMPTION]**; such a step moves ``max(1, |Δ elevation|)`` spaces.
- "When you use Movement to increase your elevation, increase the cost by 1": for flyers
  (§12 R-MOVECOST "+1 up-elevation (fly)"); option ``rising_cost = all`` charges walkers
  going uphill too.
- "While off the ground, you have Tier 2 Encumbered": a creature in the air that is not
  flying (mid-jump) pays +2 per space (§11a D4).
- Burrowing: "Packed ground increases the cost by 1"; stone, wood and water cannot be
  burrowed ("The Soulweaver determines if ground is able to be burrowed through";
  default **[ASSUMPTION]**).
- Flying keeps its height (its ground plus its altitude) **[ASSUMPTION]**: it flies level
  over lower ground at 1 a space and rises only on purpose ("When you use Movement to
  increase your elevation, increase the cost by 1": :func:`rules.movement.stance.change_altitude`),
  so ground above its height is refused ("rise first"); over double its Bulk Limit it
  falls ("If you carry more than double your Bulk Limit, you fall") and cannot fly.
- Burrowing never enters water.

Per step: Crowded's "+1" (§11a D2: paid on the step out of the crowded position; option
``crowded_spaces = highest`` charges the destination; D3 ``crowded_effects``).

Refused: off the map, a wall, a space it would make more than full (D12); swimming while
Crouched or Prone or running ("While Swimming, you cannot run, be Crouched, or be Prone");
a movement type the token does not have.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from rules.battlefield.encumbrance import Encumbrance, encumbered, moving_encumbrance
from rules.battlefield.occupancy import crowded, entry_check, winged_flyers
from rules.board.body import free_limbs
from rules.board.conditions import tier_of
from rules.board.grid import Board
from rules.board.holds import over_bulk_limit
from rules.board.memo import remembered
from rules.board.motion import CLIMB_DL, CLIMB_FREE_LIMBS
from rules.board.terrain import GroundKind
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.options import RuleOptions
from rules.reasons import Term

__all__ = [
    "BURROWABLE",
    "MoveRoll",
    "MoverProfile",
    "StepCharge",
    "StepCost",
    "mover_profile",
    "posture_of",
    "step_cost",
]

# Ground a burrower may dig through by default (the Soulweaver decides, [S001]).
BURROWABLE = frozenset(
    {
        GroundKind.OPEN,
        GroundKind.GRASS,
        GroundKind.LOOSE_EARTH,
        GroundKind.PACKED_EARTH,
        GroundKind.SAND,
        GroundKind.MUD,
        GroundKind.SNOW,
    }
)
PACKED = GroundKind.PACKED_EARTH


StepCharge = Term
"""One term of a step's cost — how much, what for, and where the rule comes from
(``describe()``: ``+1 crouching [S001]``): the one :class:`~rules.reasons.Term` under the
name ``rules.StepCharge`` gives it (pinned)."""


@dataclass(frozen=True)
class MoveRoll:
    """A roll a movement calls for ([S001]: "roll once when the event occurs. That roll
    applies until your next turn starts unless the condition changes")."""

    skill: str
    dl: int
    why: str
    source: str
    terms: tuple[Term, ...] = ()  # Encumbered's −Tier: "−Tier on … Mobility rolls" [P-COND]

    @property
    def modifier(self) -> int:
        """The terms added together."""
        return sum(t.amount for t in self.terms)

    def describe(self) -> str:
        why = "; ".join(t.reason for t in self.terms)
        mod = f" {self.modifier:+d} ({why})" if self.modifier else ""
        return f"{self.skill} DL {self.dl}{mod} — {self.why} {self.source}"

    def encumbered_by(self, state: Encumbrance) -> MoveRoll:
        """This Mobility roll with ``state``'s −Tier ([P-COND] "−Tier on … Mobility
        rolls"), naming its sources."""
        if not state.tier:
            return self
        return replace(self, terms=(Term(-state.tier, state.describe(), "[P-COND]"),))


SWIM_ROLL = MoveRoll("Athletics", 3, "to move using Swim", "[S001]")
CLIMB_ROLL = MoveRoll(
    "Climb",
    CLIMB_DL,
    f"surface over 45°: needs {CLIMB_FREE_LIMBS} Free Limbs, +1 per extra Free Limb, hoof or "
    "foot (rules.movement.climbing.climb_roll); fail by 4+ and fall",
    "[S001]",
)


def posture_of(token: Token) -> str:
    """``"prone"``, ``"crouching"`` or ``"standing"``, from the token's conditions."""
    if tier_of(token.conditions, "prone"):
        return "prone"
    if tier_of(token.conditions, "crouching"):
        return "crouching"
    return "standing"


def _type_extra(token: Token, kind: str) -> int | None:
    """0 for the primary movement type, 1 for a secondary one, None if it lacks it."""
    if kind not in token.movement_types:
        return None
    return 0 if token.movement_types[0] == kind else 1


@dataclass(frozen=True)
class MoverProfile:
    """Everything about the mover that step costs need, worked out once."""

    token: Token
    posture: str
    per_space: tuple[StepCharge, ...]  # posture, Encumbered, Amble: every space moved
    climb_extra: tuple[StepCharge, ...]  # what climbing adds per space
    options: RuleOptions
    winged: frozenset[str]
    height: int = 0  # a flyer's height above elevation 0: its ground plus its altitude
    load: int = 0  # over its Bulk Limit with a Hold's Bulk: 0 within, 1 over, 2 over double
    climb_refusal: str | None = None  # why it cannot climb: fewer than 2 Free Limbs

    @property
    def mode(self) -> str:
        return self.token.motion.mode

    def type_extra(self, kind: str) -> int | None:
        return _type_extra(self.token, kind)


def mover_profile(board: Board, token_id: str, options: RuleOptions | None = None) -> MoverProfile:
    """The cost terms of ``token_id`` that do not depend on where it steps (worked out
    once per board, token and options: a drag plans on one board at every mouse move)."""
    opts = options or RuleOptions.of(board.options)
    return remembered(
        board, ("mover_profile", token_id, opts), lambda: _profile(board, token_id, opts)
    )


def _profile(board: Board, token_id: str, opts: RuleOptions) -> MoverProfile:
    token = board.token(token_id)
    posture = posture_of(token)
    stack = opts.encumbered_costs == "stack"
    charges: list[StepCharge] = []
    if posture == "crouching":
        charges.append(StepCharge(1, "crouching", "[S001]"))
    elif posture == "prone":
        charges.append(StepCharge(2, "prone", "[S001]"))
    for part in moving_encumbrance(board, token_id, opts).sources:
        if part.adds_move_cost and part.name != "Climbing":  # climbing steps charge it below
            label = f"Encumbered {part.tier} ({part.name})"
            charges.append(StepCharge(part.tier, label, f"{part.source} (§11a D4)"))
    if token.motion.amble:
        charges.append(StepCharge(1, "Amble (quieter)", "[S001] (§11a D11)"))
    climb = [StepCharge(1, "climbing", "[S001]")]
    if stack:
        climb.append(StepCharge(2, "Encumbered 2 from Climbing", "(§11a D4 stack)"))
    height = ground_under(board, token.footprint) + token.motion.altitude
    load = over_bulk_limit(board, token_id)
    return MoverProfile(
        token,
        posture,
        tuple(charges),
        tuple(climb),
        opts,
        winged_flyers(board),
        height,
        load,
        _climb_refusal(board, token),
    )


def _climb_refusal(board: Board, token: Token) -> str | None:
    """[S001] Climb: "This requires 2 Free Limbs" — unless it has the Climb movement type
    (it climbs without the roll)."""
    if "climb" in token.movement_types:
        return None
    limbs = free_limbs(board, token.id)
    if limbs.free >= CLIMB_FREE_LIMBS:
        return None
    return (
        f"climbing needs {CLIMB_FREE_LIMBS} Free Limbs [S001]; {token.name} has {limbs.describe()}"
    )


def ground_under(board: Board, hexes: frozenset[Hex]) -> int:
    """The highest ground elevation under ``hexes`` (those on the map)."""
    elevation = board.layer("elevation")
    levels = [
        int(elevation[r, c]) for c, r in (board.cell_of(h) for h in hexes if board.contains(h))
    ]
    return max(levels, default=0)


@dataclass(frozen=True)
class StepCost:
    """The cost of one step, its charges and rolls, or why it is refused."""

    start: Hex
    end: Hex
    cost: int
    charges: tuple[StepCharge, ...]
    rolls: tuple[MoveRoll, ...]
    way: str  # "land", "swim", "fly", "burrow" or "climb"
    refusal: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class _Part:
    cost: int
    charges: tuple[StepCharge, ...]
    rolls: tuple[MoveRoll, ...]
    way: str


def _terrain(board: Board, h: Hex) -> tuple[int, int, bool, int]:
    col, row = board.cell_of(h)
    return (
        int(board.layer("elevation")[row, col]),
        int(board.layer("water_depth")[row, col]),
        bool(board.layer("steep")[row, col]),
        int(board.layer("ground")[row, col]),
    )


def _base(profile: MoverProfile, kind: str, label: str, at: Hex) -> list[StepCharge] | str:
    extra = profile.type_extra(kind)
    if extra is None:
        return f"{profile.token.name} has no {label} movement type, needed at {_at(at)} [S001]"
    charges = [StepCharge(1, f"1 space by {label}", "[S001]")]
    if extra:
        charges.append(StepCharge(1, f"{label} is a Secondary movement type", "[S001]"))
    return charges


def _at(h: Hex) -> str:
    return f"({h.q}, {h.r})"


def _part(profile: MoverProfile, board: Board, src: Hex, dst: Hex) -> _Part | str:
    """The cost of moving the body part on ``src`` to ``dst``."""
    elev0, _w0, _s0, _g0 = _terrain(board, src)
    elev1, water, steep, ground = _terrain(board, dst)
    rise = elev1 - elev0
    mode = profile.mode
    if mode == "fly":
        return _fly_part(profile, dst, elev1)
    if mode == "burrow":
        return _burrow_part(profile, dst, ground, water)
    if water and mode == "ground":
        return _swim_part(profile, dst)
    climbing = mode == "climb" or steep or abs(rise) >= 2
    base = _base(profile, "land", "Land", dst)
    if isinstance(base, str):
        return base
    per_space = [*base, *profile.per_space]
    rolls: tuple[MoveRoll, ...] = ()
    if climbing and profile.climb_refusal:
        return f"cannot climb into {_at(dst)}: {profile.climb_refusal}"
    if climbing:
        per_space += profile.climb_extra
        rolls = () if "climb" in profile.token.movement_types else (CLIMB_ROLL,)
    if rise > 0 and profile.options.rising_cost == "all":
        per_space.append(StepCharge(1, "rising in elevation", "[S001] (rising_cost = all)"))
    spaces = max(1, abs(rise)) if climbing else 1
    charges = _times(per_space, spaces)
    return _Part(sum(c.amount for c in charges), charges, rolls, "climb" if climbing else "land")


def _times(charges: list[StepCharge], spaces: int) -> tuple[StepCharge, ...]:
    if spaces == 1:
        return tuple(charges)
    return tuple(
        StepCharge(c.amount * spaces, f"{c.reason} × {spaces} spaces up or down", c.source)
        for c in charges
    )


def _swim_part(profile: MoverProfile, dst: Hex) -> _Part | str:
    if profile.posture != "standing":
        return (
            f"cannot swim into {_at(dst)} while {profile.posture.capitalize()}: stand first [S001]"
        )
    if profile.token.motion.pace == "run":
        return f"cannot run while swimming (into {_at(dst)}) [S001]"
    base = _base(profile, "swim", "Swim", dst)
    if isinstance(base, str):
        return base
    charges = (*base, *profile.per_space)
    return _Part(sum(c.amount for c in charges), charges, (SWIM_ROLL,), "swim")


def _fly_part(profile: MoverProfile, dst: Hex, ground: int) -> _Part | str:
    name = profile.token.name
    if profile.load == 2:
        return f"carrying more than double its Bulk Limit, {name} falls: it cannot fly [S001]"
    if ground > profile.height:
        return (
            f"the ground at {_at(dst)} (elevation {ground}) is above {name}'s flight "
            f"({profile.height}): rise first (Rise 1) [S001]"
        )
    base = _base(profile, "fly", "Fly", dst)
    if isinstance(base, str):
        return base
    charges = (*base, *profile.per_space)
    return _Part(sum(c.amount for c in charges), charges, (), "fly")


def _burrow_part(profile: MoverProfile, dst: Hex, ground: int, water: int) -> _Part | str:
    kind = GroundKind(ground)
    if water:
        return f"{_at(dst)} is under water: it cannot be burrowed through [S001]"
    if kind not in BURROWABLE:
        return f"{kind.label} at {_at(dst)} cannot be burrowed through [S001]"
    base = _base(profile, "burrow", "Burrow", dst)
    if isinstance(base, str):
        return base
    charges = [*base, *profile.per_space]
    if kind is PACKED:
        charges.append(StepCharge(1, "packed ground", "[S001]"))
    return _Part(sum(c.amount for c in charges), tuple(charges), (), "burrow")


def crowded_charge(
    board: Board, profile: MoverProfile, anchor: Hex, winged: Collection[str] = ()
) -> StepCharge | None:
    """Crowded's Movement cost with ``profile``'s token at ``anchor`` (D2, D3)."""
    crowd = crowded(
        board, profile.token.id, profile.options, anchor=anchor, winged=winged or profile.winged
    )
    if not crowd.move_cost:
        return None
    return StepCharge(crowd.move_cost, f"Crowded {crowd.tier}", "[S000] (§11a D2, D3)")


def step_cost(
    board: Board, token_id: str, start: Hex, end: Hex, profile: MoverProfile | None = None
) -> StepCost:
    """The cost of moving ``token_id``'s footprint from anchor ``start`` to the adjacent
    anchor ``end``, every charge with its source; ``refusal`` says why it cannot."""
    prof = profile or mover_profile(board, token_id)
    step = end - start
    if step.length() != 1:
        raise ValueError(f"a step goes to an adjacent space; {start} → {end} is not one")
    entry = entry_check(board, token_id, end)
    if not entry.allowed:
        return StepCost(start, end, 0, (), (), "", entry.reasons[0])
    parts: list[_Part] = []
    for offset in prof.token.footprint_offsets:
        part = _part(prof, board, start + offset, end + offset)
        if isinstance(part, str):
            return StepCost(start, end, 0, (), (), "", part)
        parts.append(part)
    hardest = max(parts, key=lambda p: p.cost)
    rolls = tuple(dict.fromkeys(r for p in parts for r in p.rolls))
    if rolls:  # "−Tier on … Mobility rolls" [P-COND], every source named
        state = encumbered(board, token_id, prof.options)
        rolls = tuple(r.encumbered_by(state) for r in rolls)
    crowd_at = start if prof.options.crowded_spaces == "sum" else end
    crowd = crowded_charge(board, prof, crowd_at)
    charges = hardest.charges + ((crowd,) if crowd else ())
    return StepCost(
        start, end, hardest.cost + (crowd.amount if crowd else 0), charges, rolls, hardest.way
    )
