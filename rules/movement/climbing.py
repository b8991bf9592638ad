"""Climbing: the Climb roll, what its result means, and catching a fall (R-CLIMB).

[S001]: "When faced with a specific area that is angled over 45 degrees, roll Climb to
move. This requires 2 Free Limbs and is DL 6. For each additional Free Limb, hoof, or foot
you use, gain +1 on your roll. If you fail by 4 or more, fall." And while falling: "While
falling, if there is a surface in Reach, roll Climb. If you succeed to Climb that surface,
stop falling and any Serious Injury caused from Collision only affects the limbs used."

The limbs used are the climber's choice (2 Free Limbs by default); :func:`climb_roll_for`
checks them against its Free Limbs (:func:`rules.board.body.free_limbs`) and adds Encumbered's
−Tier (a Mobility roll; Tier 2 while Climbing or falling, :func:`rules.battlefield.encumbrance.
encumbered`). The DL and the 2 limbs are :data:`rules.board.motion.CLIMB_DL` and
:data:`rules.board.motion.CLIMB_FREE_LIMBS`.

>>> climb = climb_roll(free_limbs=2, hooves_or_feet=2)
>>> climb.dl, climb.modifier
(6, 2)
>>> [climb_result(r, climb).outcome for r in (6, 3, 2)]
['success', 'fail', 'fall']
>>> climb_roll(free_limbs=1).refusal
'Climb requires 2 Free Limbs [S001]; 1 used'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battlefield.encumbrance import encumbered
from rules.board.body import free_limbs
from rules.board.grid import Board
from rules.board.motion import CLIMB_DL, CLIMB_FREE_LIMBS
from rules.board.tokens import Token
from rules.dice import Roll
from rules.movement.collision import Collision, falling_collision, whole_number
from rules.movement.falling import Fall, fall
from rules.reasons import Term

__all__ = [
    "CLIMB_DL",
    "CLIMB_FREE_LIMBS",
    "CLIMB_NOTES",
    "FALL_MARGIN",
    "CaughtFall",
    "ClimbResult",
    "ClimbRoll",
    "catch_fall",
    "climb_result",
    "climb_roll",
    "climb_roll_for",
]

FALL_MARGIN = 4  # "If you fail by 4 or more, fall."
MAX_LIMBS = 99
CLIMB_NOTES = (
    "[S001] 'This requires 2 Free Limbs and is DL 6. For each additional Free Limb, hoof, or "
    "foot you use, gain +1 on your roll. If you fail by 4 or more, fall.'",
    "[S001] 'If you succeed to Climb that surface, stop falling and any Serious Injury caused "
    "from Collision only affects the limbs used.'",
)


@dataclass(frozen=True)
class ClimbRoll:
    """A Climb roll before it is rolled: the limbs used, the bonus they give, and the DL
    (or why it cannot be made). Add :attr:`modifier` to the roll (e.g.
    ``dice.roll(n, rng, modifier=climb.modifier)``)."""

    free_limbs: int
    hooves_or_feet: int
    modifier: int
    terms: tuple[Term, ...]
    refusal: str | None = None
    dl: int = CLIMB_DL

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def limbs_used(self) -> int:
        """Every limb it climbs with: those any Serious Injury from Collision may affect."""
        return self.free_limbs + self.hooves_or_feet


def climb_roll(
    free_limbs: int = CLIMB_FREE_LIMBS, hooves_or_feet: int = 0, *, available: int | None = None
) -> ClimbRoll:
    """The Climb roll with ``free_limbs`` Free Limbs and ``hooves_or_feet`` hooves or feet.

    [S001]: "This requires 2 Free Limbs and is DL 6. For each additional Free Limb, hoof,
    or foot you use, gain +1 on your roll." So the bonus is ``free_limbs − 2 +
    hooves_or_feet``. Refused under 2 Free Limbs, or when ``available`` (the creature's
    Free Limbs, once tokens keep them) is fewer than those used.
    """
    free = whole_number(free_limbs, "Free Limbs used", 0, MAX_LIMBS)
    other = whole_number(hooves_or_feet, "hooves or feet used", 0, MAX_LIMBS)
    refusal = None
    if free < CLIMB_FREE_LIMBS:
        refusal = f"Climb requires {CLIMB_FREE_LIMBS} Free Limbs [S001]; {free} used"
    elif available is not None and free > whole_number(available, "Free Limbs", 0, MAX_LIMBS):
        refusal = f"{free} Free Limbs used, only {available} free"
    terms: list[Term] = []
    if free > CLIMB_FREE_LIMBS:
        extra = free - CLIMB_FREE_LIMBS
        terms.append(Term(extra, f"{extra} additional Free Limbs used: +1 each [S001]"))
    if other:
        terms.append(Term(other, f"{other} hooves or feet used: +1 each [S001]"))
    return ClimbRoll(free, other, sum(t.amount for t in terms), tuple(terms), refusal)


def climb_roll_for(
    board: Board, token_id: str, free_limbs_used: int = CLIMB_FREE_LIMBS, hooves_or_feet: int = 0
) -> ClimbRoll:
    """``token_id``'s Climb roll: :func:`climb_roll` against its Free Limbs
    (:func:`rules.board.body.free_limbs`) and with Encumbered's −Tier ([P-COND] "−Tier on …
    Mobility rolls": a faller is off the ground, Encumbered 2), each term named."""
    climb = climb_roll(free_limbs_used, hooves_or_feet, available=free_limbs(board, token_id).free)
    state = encumbered(board, token_id)
    if not state.tier:
        return climb
    term = Term(-state.tier, f"{state.describe()} — −Tier on Mobility rolls [P-COND]")
    return replace(climb, modifier=climb.modifier - state.tier, terms=(*climb.terms, term))


@dataclass(frozen=True)
class ClimbResult:
    """What a Climb result means: ``"success"``, ``"fail"`` or ``"fall"`` (failed by 4 or
    more), with the :class:`~rules.movement.falling.Fall` when the climber is above the ground."""

    result: int
    dl: int
    margin: int  # result − DL
    outcome: str
    limbs_used: int
    reasons: tuple[str, ...]
    fall: Fall | None = None

    @property
    def success(self) -> bool:
        return self.outcome == "success"

    @property
    def falls(self) -> bool:
        return self.outcome == "fall"


def climb_result(
    result: int | Roll,
    climb: ClimbRoll | None = None,
    *,
    board: Board | None = None,
    token_id: str | None = None,
) -> ClimbResult:
    """What a Climb roll of ``result`` (its modifiers, :attr:`ClimbRoll.modifier` among
    them, already added) means for ``climb`` (default: 2 Free Limbs).

    Q1: success if the result ≥ DL 6 (a fumbled :class:`~rules.dice.Roll` fails, Q5); a
    failure by 4 or more falls ([S001] "If you fail by 4 or more, fall"); a smaller failure
    does not move that way. Given ``board`` and ``token_id``, a fall from above the ground
    comes with its :class:`~rules.movement.falling.Fall` (apply it with
    :func:`rules.movement.falling.apply_fall`).
    """
    climb = climb or climb_roll()
    if not climb.allowed:
        raise ValueError(f"cannot roll Climb: {climb.refusal}")
    value, success = _value(result, climb.dl)
    margin = value - climb.dl
    if success:
        line = f"{value} ≥ DL {climb.dl}: it climbs [S001]"
        return ClimbResult(value, climb.dl, margin, "success", climb.limbs_used, (line,))
    if margin > -FALL_MARGIN:
        line = f"failed by {-margin} (under {FALL_MARGIN}): it does not move that way, no fall"
        return ClimbResult(value, climb.dl, margin, "fail", climb.limbs_used, (line,))
    lines = [f"failed by {-margin}: 'If you fail by 4 or more, fall' [S001]"]
    falling = None
    if board is not None and token_id is not None:
        falling, why = _climber_falls(board, token_id)
        lines.append(why)
    return ClimbResult(value, climb.dl, margin, "fall", climb.limbs_used, tuple(lines), falling)


def _value(result: int | Roll, dl: int) -> tuple[int, bool]:
    if isinstance(result, Roll):
        return result.result, result.succeeds(dl)
    value = whole_number(result, "Climb result", -999, 999)
    return value, value >= dl


def _climber_falls(board: Board, token_id: str) -> tuple[Fall | None, str]:
    token = board.token(token_id)
    if token.motion.altitude <= 0:
        return None, f"{token.name} is at the foot of the surface: it has nothing to fall"
    result = fall(board, token_id)
    return result, f"{token.name} falls {result.height} spaces (Fall)"


@dataclass(frozen=True)
class CaughtFall:
    """A falling creature's Climb at a surface in Reach: it stops falling (``stops``), the
    token then (climbing where it is), the Collision of the catch whose Serious Injury only
    affects the limbs used, or, on a failure, the :class:`~rules.movement.falling.Fall` going on."""

    token_id: str
    climb: ClimbResult
    stops: bool
    token: Token | None
    collision: Collision | None
    limbs_used: int
    fall: Fall
    reasons: tuple[str, ...]


def catch_fall(
    board: Board,
    token_id: str,
    result: int | Roll,
    climb: ClimbRoll | None = None,
    *,
    spaces_fallen: int = 0,
) -> CaughtFall:
    """``token_id``, falling, rolls Climb (``result``) at a surface in Reach.

    [S001]: "While falling, if there is a surface in Reach, roll Climb. If you succeed to
    Climb that surface, stop falling and any Serious Injury caused from Collision only
    affects the limbs used." ``spaces_fallen`` is how far below its place on the board it
    catches the surface (0: as the fall begins; less than the fall's height): the
    Collision of the catch is the falling damage of those spaces, onto no Ground Softness
    **[ASSUMPTION]**. On a success it climbs there; on a failure the fall goes on
    (``fall``). Raises ``ValueError`` when it is not falling (:func:`rules.movement.falling.fall`)
    or no surface is in its Reach.
    """
    falling = fall(board, token_id)
    token = board.token(token_id)
    if not falling.climb_surfaces:
        raise ValueError(
            f"no surface in Reach of {token.name} to Climb [S001] 'While falling, if there is "
            "a surface in Reach, roll Climb'"
        )
    spaces = whole_number(spaces_fallen, "spaces fallen", 0, max(0, falling.height - 1))
    climb = climb or climb_roll_for(board, token_id)
    outcome = climb_result(result, climb)
    if not outcome.success:
        missed = (
            f"{outcome.result} against DL {outcome.dl}: {token.name} does not catch the surface "
            "and keeps falling [S001]",
        )
        return CaughtFall(token_id, outcome, False, None, None, climb.limbs_used, falling, missed)
    altitude = token.motion.altitude - spaces
    caught = replace(token, motion=replace(token.motion, mode="climb", altitude=altitude))
    limbs = f"any Serious Injury from it only affects the {climb.limbs_used} limbs used [S001]"
    collision = falling_collision(spaces, token.size, 0) if spaces else None
    lines = [*outcome.reasons, f"{token.name} stops falling and climbs the surface [S001]"]
    if collision is None:
        lines.append("caught before falling a space: no Collision")
    else:
        lines.append(f"Collision of the catch: {collision.describe()}; {limbs}")
    return CaughtFall(
        token_id, outcome, True, caught, collision, climb.limbs_used, falling, tuple(lines)
    )
