"""What a hit's Injury does: Grit lost, Serious Injury's Wounded Tiers, falling unconscious
(issue #7; RULES-DIGEST §3.2 [P-DAMAGE], seed 002 Called Shot).

- Damage roll: N damage → N d12, each face 3+ is 1 Injury (:func:`rules.dice.injury`).
- Grit Injury takes Grit; "after Grit Injury with an empty Grit Pool → Unconscious,
  Fatigued 1, Unaware 3"; "Grit spent beyond the pool comes out of Energy" [P-DAMAGE].
- Serious Injury: "after Grit Injury, Wounded Tiers = Injury − Severe Threshold (negative
  threshold counts as 0)" [P-DAMAGE]; a Called Shot "treats Severe Threshold as half. If
  Threshold is below 0, instead double it" and may swap each Wounded Tier for 2 Trauma
  Tiers [S002].

>>> hit = harm(5, grit=3, severe_threshold=3)
>>> hit.grit_after, hit.energy_lost, hit.wounded, hit.unconscious
(0, 2, 2, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions.tactics import CalledShot
from rules.board.grid import Board
from rules.board.sizes import flying_on_wings

__all__ = ["Harm", "InjuryRoll", "harm", "injury_rolls"]


@dataclass(frozen=True)
class Harm:
    """The result of ``injury`` Grit Injury on a creature, and why."""

    injury: int
    grit_after: int
    energy_lost: int
    threshold: int
    wounded: int
    trauma_option: bool
    unconscious: bool
    conditions: tuple[tuple[str, int], ...]
    reasons: tuple[str, ...]


def harm(
    injury: int,
    *,
    grit: int,
    severe_threshold: int,
    called_shot: CalledShot | None = None,
) -> Harm:
    """What ``injury`` does to a creature with ``grit`` Grit left and ``severe_threshold``
    ([P-DAMAGE]; a ``called_shot`` that struck its part changes the threshold, [S002])."""
    if injury < 0:
        raise ValueError(f"Injury cannot be negative, got {injury}")
    reasons = [f"{injury} Injury"]
    taken = min(injury, max(0, grit))
    beyond = injury - taken
    reasons.append(f"Grit {grit} → {grit - taken} [P-DAMAGE]")
    if beyond:
        reasons.append(f"{beyond} beyond the Grit Pool comes out of Energy [P-DAMAGE]")
    threshold = severe_threshold
    if called_shot is not None:
        threshold = called_shot.severe_threshold(severe_threshold)
        reasons.append(
            f"Called Shot ({called_shot.part}): Severe Threshold {severe_threshold} → "
            f"{threshold} [S002]"
        )
    wounded = max(0, injury - max(0, threshold)) if injury else 0
    if wounded:
        reasons.append(
            f"Serious Injury: {injury} − threshold {max(0, threshold)} = {wounded} Wounded "
            "Tiers on the part hit [P-DAMAGE]"
        )
    unconscious = injury > 0 and grit - taken <= 0
    conditions: tuple[tuple[str, int], ...] = ()
    if unconscious:
        conditions = (("unconscious", 1), ("fatigued", 1), ("unaware", 3))
        reasons.append("Grit Injury with an empty Grit Pool: Unconscious, Fatigued 1, Unaware 3")
    return Harm(
        injury,
        grit - taken,
        beyond,
        threshold,
        wounded,
        called_shot is not None and wounded > 0,
        unconscious,
        conditions,
        tuple(reasons),
    )


@dataclass(frozen=True)
class InjuryRoll:
    """A roll that suffering Grit Injury calls for: the Skill, its DL, what a failure does
    and the seed's words."""

    token_id: str
    skill: str
    dl: int
    failure: str
    source: str

    def describe(self, name: str) -> str:
        return f"{name} rolls {self.skill}, DL {self.dl}, or {self.failure} — {self.source}"


def injury_rolls(board: Board, token_id: str, injury: int) -> tuple[InjuryRoll, ...]:
    """The rolls ``injury`` Grit Injury calls for on ``token_id``:

    - flying on wings: [S001] "If you suffer Grit Injury, roll Athletics to not fall, DL
      equal to double Injury";
    - each effect it keeps Ready: [S002] "After suffering Grit Injury, roll Manifest to not
      lose the effect, DL 3 + Injury".
    """
    if injury <= 0:
        return ()
    token = board.token(token_id)
    rolls = []
    if flying_on_wings(token):
        why = (
            "[S001] 'If you suffer Grit Injury, roll Athletics to not fall, DL equal to double "
            "Injury'"
        )
        rolls.append(InjuryRoll(token_id, "Athletics", 2 * injury, "it falls (Fall…)", why))
    for effect in board.effects.values():
        if effect.creator == token_id and effect.kind == "ready":
            why = "[S002] 'After suffering Grit Injury, roll Manifest to not lose the effect'"
            lost = f"it loses {effect.name} held Ready"
            rolls.append(InjuryRoll(token_id, "Manifest", 3 + injury, lost, why))
    return tuple(rolls)
