"""Manifest, Ready and Dismiss as actions (issue #7, #13; seed 002; RULES-DIGEST §8.1, §12
R-READY), registered by :mod:`rules.actions.kinds.tactics`.

- **Manifest** [S002] "Manifesting a Spell or a Talent is DL 6 and costs 1 Energy.
  Manifesting a Spell also uses a Free Limb, costs 1 word, costs an additional word if
  Boosted, and makes you its caster." A Spell is refused without a Free Limb
  (:func:`rules.board.body.free_limbs`) or the words it costs (:func:`rules.board.body.words_left`);
  the words are spoken (spent) with the Energy, whether the roll succeeds or not.
- **Ready** [S002] "Manifest a spell or Talent to keep it in your Free Limb without
  having any effect until you complete it as a Minor Action." — a ``ready`` effect that
  keeps a limb from being Free while it lasts; refused without a Free Limb. Its upkeep:
  "After suffering Grit Injury, roll Manifest to not lose the effect, DL 3 + Injury. After
  each minute, roll Manifest …, DL equal to the number of minutes you have had it Ready."
- **Dismiss** [S002] "End an ongoing Spell or Talent you Manifested. Dismissing a Spell
  uses a Free Limb." A Ready Spell is dismissed with the limb that keeps it; any other
  Spell needs a Free Limb.

**[ASSUMPTION]**s: Manifest rolls Magic; one upkeep roll covers every effect held Ready;
an ongoing effect of no kind is a Spell unless its name says Talent (the map does not
record which it is; a Ready effect is named "Ready Spell" or "Ready Talent").
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions.arithmetic import MANIFEST_DL, ManifestCost, manifest_cost, ready_dl
from rules.actions.kinds.attack import attack_refusal
from rules.actions.registry import skill_pool
from rules.actions.terms import effects_of
from rules.actions.values import ActionPlan, ActionRequest, ActionSpec, Applied, Dice, Modifier
from rules.board.body import free_limbs, spend_words, words_left
from rules.board.conditions import tier_of
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.turn_state import with_effect, without_effect
from rules.ids import fresh_id

__all__ = [
    "apply_dismiss",
    "apply_manifest",
    "apply_ready",
    "dismiss_refusal",
    "dismissable",
    "is_spell",
    "manifest_refusal",
    "pay_energy",
    "plan_dismiss",
    "plan_manifest",
    "plan_ready",
]

FREE_LIMB = "'Manifesting a Spell also uses a Free Limb'"
WORDS = "'costs 1 word, costs an additional word if Boosted'"
READY_LIMB = "'Manifest a spell or Talent to keep it in your Free Limb'"
DISMISS_LIMB = "'Dismissing a Spell uses a Free Limb'"


def _plan(request: ActionRequest, spec: ActionSpec, refusal: str, dl: int = 3) -> ActionPlan:
    return ActionPlan(request, spec, None, dl, refusal=refusal)


def manifest_refusal(board: Board, actor_id: str) -> str | None:
    """Why ``actor_id`` cannot Manifest at all: as for attacking (a Defensive Stance
    forbids Manifesting too, [S002])."""
    why = attack_refusal(board, actor_id)
    return why.replace("cannot attack", "cannot Manifest") if why else None


def _energy(board: Board, actor_id: str) -> int:
    token = board.token(actor_id)
    return token.left_of("energy")


def pay_energy(board: Board, actor_id: str, amount: int = 1) -> tuple[Board, list[str]]:
    """``board`` with ``amount`` Energy paid by ``actor_id`` (rules.board.pools); paying Energy
    loses what it holds Ready: "If you pay Energy before completing it, lose the effect"
    [S002]."""
    token, left = board.token(actor_id), _energy(board, actor_id)
    vitals = token.vitals.with_value("current", "energy", left - amount)
    board = board.with_token_replaced(replace(token, vitals=vitals))
    reasons = [f"{token.name} pays {amount} Energy: {left} → {left - amount} [S002]"]
    for effect_id in effects_of(board, actor_id, "ready"):
        reasons.append(f"{board.effects[effect_id].name} is lost: Energy paid first [S002]")
        board = without_effect(board, effect_id)
    return board, reasons


def _manifest_pool(board: Board, request: ActionRequest, spec: ActionSpec, dl: int) -> ActionPlan:
    terms = []
    dazzled = tier_of(board.token(request.actor).conditions, "dazzled")
    if dazzled // 2:
        terms.append(Modifier(-(dazzled // 2), f"Dazzled {dazzled}: −½ Tier [P-AIL]"))
    attack = skill_pool(board, request.actor, "Magic", "check", request.attack_dice, terms)
    return ActionPlan(request, spec, attack, dl)


def _cost(request: ActionRequest) -> ManifestCost:
    """What Manifesting ``request`` costs ([S002]); Boosted is ``number == 1`` (Manifest
    only: Ready's number is the minutes held)."""
    boosted = request.number == 1 and request.key == "manifest"
    return manifest_cost(request.choice == "spell", boosted)


def _body_problem(board: Board, request: ActionRequest, cost: ManifestCost) -> str | None:
    """Why the actor's body cannot pay ``cost``: no Free Limb for a Spell or for keeping
    anything Ready, or fewer words left this round than the Spell costs."""
    name = board.token(request.actor).name
    limbs = free_limbs(board, request.actor)
    needs_limb = cost.free_limbs or request.key == "ready"
    if needs_limb and limbs.free < 1:
        quote = READY_LIMB if request.key == "ready" else FREE_LIMB
        return f"{name} has no Free Limb ({limbs.describe()}): {quote} [S002]"
    words = words_left(board, request.actor)
    if cost.words > words.left:
        what = "a Boosted Spell" if cost.words > 1 else "a Spell"
        return (
            f"{name} has {words.left} word{'s' if words.left != 1 else ''} left this round; "
            f"{what} costs {cost.words}: {WORDS} [S002]"
        )
    return None


def _body_notes(board: Board, request: ActionRequest, cost: ManifestCost) -> tuple[str, ...]:
    limbs = free_limbs(board, request.actor)
    notes = []
    if cost.free_limbs or request.key == "ready":
        notes.append(f"{limbs.describe()} [S002]")
    if cost.words:
        notes.append(f"{words_left(board, request.actor).left} words left this round [S002]")
    return tuple(notes)


def plan_manifest(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """Manifest (or Ready) a Spell or Talent: DL 6 on Magic, its costs, or why not."""
    if request.choice not in ("spell", "talent"):
        return _plan(request, spec, "choose a Spell or a Talent", MANIFEST_DL)
    cost = _cost(request)
    plan = _manifest_pool(board, request, spec, MANIFEST_DL)
    notes = (*cost.reasons, *_body_notes(board, request, cost), "Manifest rolls Magic [ASSUMPTION]")
    if request.key == "ready":
        notes += ("held in a Free Limb without effect until completed as a Minor Action",)
    refusal = None
    if _energy(board, request.actor) < cost.energy:
        refusal = f"{board.token(request.actor).name} has no Energy left to pay [S002]"
    refusal = refusal or _body_problem(board, request, cost)
    return replace(plan, notes=notes, refusal=refusal)


def apply_manifest(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """Pay the Energy and speak the words (success or not); on success a Ready effect or
    the Spell's caster."""
    request = plan.request
    board, reasons = pay_energy(board, request.actor)
    board, said = spend_words(board, request.actor, _cost(request).words)
    reasons += said
    what = "Spell" if request.choice == "spell" else "Talent"
    if not ok[0]:
        return Applied(board, (*reasons, f"the {what} is not Manifested; the Energy is spent"))
    name = board.token(request.actor).name
    if request.key == "ready":
        effect_id = fresh_id(board.effects, "ready")
        effect = OngoingEffect(
            effect_id, f"Ready {what}", request.actor, None, "", None, None, "ready", 0
        )
        board = with_effect(board, effect)
        kept = f"{name} holds a {what} Ready in a Free Limb [S002]"
        return Applied(board, (*reasons, kept, free_limbs(board, request.actor).describe()))
    result = dice.attack.result if dice.attack else 0
    caster = f"{name} Manifests a {what}" + (" and is its caster" if what == "Spell" else "")
    told = f"an attack naming no roll uses this result, {result} [S002]"
    if what == "Spell":
        reasons.append(f"{name} uses a Free Limb to Manifest it: {FREE_LIMB} [S002]")
    return Applied(board, (*reasons, caster + " [S002]", told))


def plan_ready(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """Ready (``number`` 0: Manifest into a Free Limb) or its upkeep roll (``number``
    minutes, or ``choice="injury"`` with the Grit Injury)."""
    if request.number <= 0:
        return plan_manifest(board, request, spec)
    held = effects_of(board, request.actor, "ready")
    injured = request.choice == "injury"
    term = ready_dl(grit_injury=request.number) if injured else ready_dl(minutes=request.number)
    plan = _manifest_pool(board, request, spec, term.amount)
    refusal = None if held else f"{board.token(request.actor).name} holds nothing Ready"
    return replace(plan, notes=term.reasons, refusal=refusal)


def apply_ready(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """Ready's Manifest, or its upkeep: each Ready effect kept or lost."""
    request = plan.request
    if request.number <= 0:
        return apply_manifest(board, plan, ok, dice)
    reasons = []
    for effect_id in effects_of(board, request.actor, "ready"):
        effect = board.effects[effect_id]
        if not ok[0]:
            board = without_effect(board, effect_id)
            reasons.append(f"{effect.name} is lost [S002]")
        elif request.choice != "injury":
            board = with_effect(board, replace(effect, amount=request.number))
            reasons.append(f"{effect.name} kept: {request.number} minutes Ready [S002]")
        else:
            reasons.append(f"{effect.name} kept [S002]")
    return Applied(board, tuple(reasons))


def dismissable(board: Board, actor_id: str) -> tuple[str, ...]:
    """The effects ``actor_id`` may Dismiss: what it holds Ready and the ongoing effects
    (Spells, Talents) it made ("End an ongoing Spell or Talent you Manifested." [S002])."""
    return tuple(
        e.id
        for e in board.effects.values()
        if e.creator == actor_id and (e.kind == "ready" or e.kind is None)
    )


def is_spell(effect: OngoingEffect) -> bool:
    """True when ``effect`` is taken for a Spell (**[ASSUMPTION]**, module notes): its
    name does not say Talent."""
    return "talent" not in effect.name.lower()


def dismiss_refusal(board: Board, actor_id: str) -> str | None:
    """Why ``actor_id`` has nothing to Dismiss, or ``None``."""
    if dismissable(board, actor_id):
        return None
    return f"{board.token(actor_id).name} has no Ready effect or ongoing Spell or Talent to end"


def _dismiss_limb_problem(board: Board, actor_id: str, effect: OngoingEffect) -> str | None:
    """[S002] "Dismissing a Spell uses a Free Limb": a Ready Spell uses the limb it is
    kept in; another Spell needs a Free Limb."""
    if not is_spell(effect) or effect.kind == "ready":
        return None
    limbs = free_limbs(board, actor_id)
    if limbs.free >= 1:
        return None
    name = board.token(actor_id).name
    return f"{name} has no Free Limb ({limbs.describe()}): {DISMISS_LIMB} [S002]"


def plan_dismiss(board: Board, request: ActionRequest, spec: ActionSpec) -> ActionPlan:
    """Dismiss the chosen effect (``choice``, needed when there are several)."""
    own = dismissable(board, request.actor)
    if not own:
        return _plan(request, spec, dismiss_refusal(board, request.actor) or "nothing to end", 0)
    if request.choice is not None and request.choice not in own:
        return _plan(request, spec, "that is not an ongoing effect it made and can end", 0)
    if request.choice is None and len(own) > 1:
        names = ", ".join(board.effects[e].name for e in own)
        return _plan(request, spec, f"choose the effect to end: {names}", 0)
    effect = board.effects[request.choice or own[0]]
    notes = [f"{DISMISS_LIMB} [S002]"]
    if is_spell(effect) and effect.kind == "ready":
        notes.append("a Ready Spell is dismissed with the limb it is kept in")
    elif is_spell(effect):
        notes.append(free_limbs(board, request.actor).describe())
    refusal = _dismiss_limb_problem(board, request.actor, effect)
    return ActionPlan(request, spec, None, 0, notes=tuple(notes), refusal=refusal)


def apply_dismiss(board: Board, plan: ActionPlan, ok: tuple[bool, ...], dice: Dice) -> Applied:
    """End the effect; a Spell names the Free Limb it used."""
    effect = board.effects[plan.request.choice or dismissable(board, plan.request.actor)[0]]
    reasons = [f"{effect.name} ends: Dismissed [S002]"]
    if is_spell(effect):
        reasons.append(f"{board.token(plan.request.actor).name} uses a Free Limb: {DISMISS_LIMB}")
    return Applied(without_effect(board, effect.id), tuple(reasons))
