"""Shared seed quotations, constants and board builders for the step-cost tests
(test_seed_movement_costs.py, test_seed_movement_modes.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.board.conditions import set_condition
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.tokens import Token
from rules.hexes import Hex
from rules.movement.costs import StepCost

BOARD = Board.blank(20, 20)
C = BOARD.hex_at(10, 10)
E = Hex(C.q + 1, C.r)

PRIMARY = "'You can pay 1 Movement to move 1 space with a Primary Movement'"
SECONDARY = "'Movement with a Secondary Movement type increases the cost by 1'"
SWIM_DL = "'To move using Swim, roll Athletics, DL 3'"
NO_SWIM = "'While Swimming, you cannot run, be Crouched, or be Prone'"
CROUCH = "'While Crouching … Increase Movement costs to move by 1'"
PRONE = "'While Prone … Increase Movement costs to move by 2'"
AMBLE = "'increase Movement costs to move by 1 to reduce the Magnitude of sound'"
ENC = "[P-COND] Encumbered +Tier to Movement costs"
D4 = "§11a D4 'no double count'"
STACK = "§11a D4 option 'stack' (Crouch +2, Prone +4, Climb +3)"
CLIMB = "'angled over 45 degrees, roll Climb to move … DL 6'; 'While Climbing, +1'"
RISE = "'When you use Movement to increase your elevation, increase the cost by 1'"
BULK = "'If you carry more than your Bulk Limit, you cannot increase your elevation'"
LOOSE = "'You can move through loose ground that falls closed behind you'"
PACKED = "'Packed ground increases the cost by 1'"
CROWD = "'Crowded causes Tier 1 Encumbered, increases Movement costs by 1'"
FULL = (
    "'You cannot move into an occupied space if you would cause it to be more than fully occupied'"
)
MULTI = "'A creature that occupies more than 1 space counts as 1 size 0 creature in each space'"
IGNORE = "'Ignore creatures and objects 4 or more sizes smaller than you'"

FLYER = ("fly", "land")
BURROWER = ("burrow", "land")
Charges = Sequence[tuple[str, int]]
Rolls = Sequence[tuple[str, int]]
CLIMB_ROLL = (("Climb", 6),)
SWIM_ROLL = (("Athletics", 3),)


def east(n: int, base: Hex = C) -> Hex:
    return Hex(base.q + n, base.r)


def crouching() -> tuple[object, ...]:
    return set_condition((), "crouching", 1)


def prone() -> tuple[object, ...]:
    return set_condition((), "prone", 1)


def flying(**kw: object) -> dict[str, object]:
    return {"movement_types": FLYER, "motion": Motion(mode="fly", altitude=1, **kw)}  # type: ignore[arg-type]


def burrowing(types: tuple[str, ...] = BURROWER) -> dict[str, object]:
    return {"movement_types": types, "motion": Motion(mode="burrow")}


def scene(
    token: Mapping[str, object] | None = None,
    dest: Mapping[str, int | bool] | None = None,
    *,
    start: Mapping[str, int | bool] | None = None,
    others: Sequence[tuple[Hex, int]] = (),
    options: Mapping[str, str] | None = None,
    at: Hex = C,
    where: Sequence[Hex] = (E,),
) -> Board:
    """The mover ``m`` at ``at``; ``dest`` layers on ``where``, ``start`` layers on ``at``."""
    board = BOARD
    for name, value in (dest or {}).items():
        board = board.with_terrain(name, where, value)
    for name, value in (start or {}).items():
        board = board.with_terrain(name, [at], value)
    board = board.with_token(Token("m", "Mover", at, **(token or {})))  # type: ignore[arg-type]
    for i, (pos, size) in enumerate(others):
        board = board.with_token(Token(f"o{i}", f"Other {i}", pos, size=size))
    if options:
        board = board.with_options(options)
    return board


def check(
    sc: StepCost, cost: int, charges: Charges, rolls: Rolls = (), way: str | None = None
) -> None:
    """Total, breakdown (each charge assigned to the first expected rule its reason names),
    sources, rolls and way."""
    assert sc.refusal is None, sc.refusal
    assert sc.allowed
    assert sc.cost == cost, [c.describe() for c in sc.charges]
    assert sum(c.amount for c in sc.charges) == sc.cost
    got: dict[str, int] = {}
    for charge in sc.charges:
        key = next((k for k, _ in charges if k.lower() in charge.reason.lower()), None)
        assert key is not None, f"{charge} names none of {[k for k, _ in charges]}"
        got[key] = got.get(key, 0) + charge.amount
        assert any(tag in charge.source for tag in ("[S00", "[P-", "§11a")), charge
    assert got == {k: a for k, a in charges if a}, [c.describe() for c in sc.charges]
    assert [(r.skill, r.dl) for r in sc.rolls] == list(rolls)
    for roll in sc.rolls:
        assert "[S001]" in roll.source
    if way is not None:
        assert sc.way == way


def refused(sc: StepCost, *words: str) -> None:
    assert not sc.allowed
    assert sc.refusal, "a refusal says why"
    for word in words:
        assert word.lower() in sc.refusal.lower(), sc.refusal
