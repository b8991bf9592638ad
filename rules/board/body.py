"""What a creature's body gives the rules (map format version 7): the senses it chooses
targets with, the limbs it holds, attacks and climbs with, and the words it can speak in
a round — and the owners every consumer asks: :func:`free_limbs` and :func:`words_left`.
The values a token stores (its senses, limbs and :class:`Words`, each with its check) are
:mod:`rules.board.anatomy`, below the tokens; this module re-exports them.

**Senses** (RULES-DIGEST §7.2, [P-SENSES]): sight, smell, sound, touch, displacement,
thermal, vibration; a token lists those it uses, its Primary Sense first. The default is
``("sight",)`` (**[ASSUMPTION]**): a humanoid's Primary Sense is sight (DL 0 in the
[P-SENSES] table), and "To choose a target you must sense it well: beat the DL by 3 with a
Primary Sense, by 9 with others" [P-BATTLE] — it also hears, but choosing a target by
sound needs an Awareness roll beating DL 6 by 9, which the map cannot assume. Listing only
sight keeps fog and darkness concealing as the seed means ("Poor lighting, weather
conditions, or magic can create Concealment" [S000]); the Soulweaver adds the senses a
creature hunts by (a bat's sound, a snake's thermal sense).

**Limbs**: how many limbs it can use to hold, attack or climb — 2 for a humanoid (its
arms; legs and feet are not counted, [S001] "+1 per extra limb, hoof or foot").
``gripping`` is how many of them grip a weapon, shield or other object (the map does not
model items; the Soulweaver sets it; [S002] Disarm "If the object is Gripped by multiple
limbs"). :func:`free_limbs` derives the Free Limbs from them and from the board.

**Words** ([S002] "Manifesting a Spell also uses a Free Limb, costs 1 word, costs an
additional word if Boosted"): :class:`Words` holds how many it can speak in a round and
how many it spent in which round. The default, 10 a round, is an **[ASSUMPTION]**: a round
is 5 seconds [P-TIMING] and speech runs at about two words a second; it is more than the
2 words of a Boosted Spell, so a default creature is never stopped by words, while 0 (a
creature that cannot speak) refuses every Spell. Words are counted per round during a
conflict (the turn order started), like Movement; outside one each Spell finds a fresh
round.

>>> Words().per_round, Words(per_round=3, spent=2, round=4).left_in(4)
(10, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.board.anatomy import (
    DEFAULT_LIMBS,
    DEFAULT_SENSES,
    DEFAULT_WORDS,
    MAX_LIMBS,
    MAX_WORDS,
    SENSES,
    Words,
    limbs_problem,
    senses_problem,
    words_problem,
)

if TYPE_CHECKING:
    from rules.board.grid import Board

__all__ = [
    "DEFAULT_LIMBS",
    "DEFAULT_SENSES",
    "DEFAULT_WORDS",
    "LIMB_PARTS",
    "MAX_LIMBS",
    "MAX_WORDS",
    "SENSES",
    "FreeLimbs",
    "LimbUse",
    "Words",
    "WordsLeft",
    "free_limbs",
    "limbs_problem",
    "senses_problem",
    "spend_words",
    "words_left",
    "words_problem",
]

LIMB_PARTS = ("arm", "hand", "claw", "tentacle")
"""Part names (as a word in a Hold's targeted part, e.g. ``"left arm"``) that are a limb:
a Held creature "cannot use the targeted part while in the Hold" [S002], so such a part
is not Free (**[ASSUMPTION]**: legs, heads and eyes are not limbs it holds with)."""

_HOLD = "'Attack a target who is not Held with a Free Limb to cause you both to be in a Hold'"
_READY = "'Manifest a spell or Talent to keep it in your Free Limb'"
_PART = "'the creature cannot use the targeted part while in the Hold'"
_GRIP = "'If the object is Gripped by multiple limbs'"


# -- Free Limbs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LimbUse:
    """One thing that keeps a limb from being Free: ``source`` (``"gripping"``,
    ``"hold"``, ``"ready"`` or ``"held part"``), how many limbs, and why."""

    source: str
    limbs: int
    reason: str


@dataclass(frozen=True)
class FreeLimbs:
    """A creature's limbs and each use that is not Free, with the seed's words."""

    token_id: str
    limbs: int
    uses: tuple[LimbUse, ...]

    @property
    def used(self) -> int:
        """Limbs in use (may exceed :attr:`limbs` when the Soulweaver set fewer)."""
        return sum(u.limbs for u in self.uses)

    @property
    def free(self) -> int:
        """Free Limbs: its limbs less those in use, never below 0."""
        return max(0, self.limbs - self.used)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Its limbs, each use and the count of Free Limbs, one line each."""
        free = f"{self.free} Free Limb{'s' if self.free != 1 else ''}"
        return (f"{self.limbs} limbs", *(u.reason for u in self.uses), free)

    def describe(self) -> str:
        """One line, e.g. ``"1 Free Limb of 2: holds Goblin in a Hold (1)"``."""
        uses = "; ".join(f"{u.reason.split(' [')[0]} ({u.limbs})" for u in self.uses)
        text = f"{self.free} Free Limb{'s' if self.free != 1 else ''} of {self.limbs}"
        return f"{text}: {uses}" if uses else text


def _is_limb_part(part: str | None) -> bool:
    words = (part or "").lower().replace("-", " ").split()
    return any(w.rstrip("s") in LIMB_PARTS for w in words)


def free_limbs(board: Board, token_id: str) -> FreeLimbs:
    """The Free Limbs of ``token_id``: its ``limbs`` less those gripping an object
    (``gripping``), one per Hold it holds ([S002] Grab "with a Free Limb"; a Grapple by a
    Holder uses "a part used in the Hold", **[ASSUMPTION]** no further limb), one per
    effect it keeps Ready ([S002] "keep it in your Free Limb"), and a limb of its own a
    Holder targeted ([S002] "the creature cannot use the targeted part while in the Hold",
    :data:`LIMB_PARTS`). Raises ``KeyError`` for an unknown token.
    """
    token = board.token(token_id)
    uses: list[LimbUse] = []
    if token.gripping:
        uses.append(LimbUse("gripping", token.gripping, f"grips a weapon or object [S002] {_GRIP}"))
    for hold in board.holds:
        if hold.holder == token_id:
            name = board.token(hold.held).name
            uses.append(LimbUse("hold", 1, f"holds {name} in a Hold [S002] {_HOLD}"))
        elif hold.held == token_id and _is_limb_part(hold.part):
            by = board.token(hold.holder).name
            uses.append(LimbUse("held part", 1, f"its {hold.part} is held by {by} [S002] {_PART}"))
    for effect in board.effects.values():
        if effect.creator == token_id and effect.kind == "ready":
            uses.append(LimbUse("ready", 1, f"keeps {effect.name} Ready [S002] {_READY}"))
    return FreeLimbs(token_id, token.limbs, tuple(uses))


# -- words ------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordsLeft:
    """The words ``token_id`` can still speak this round, and why."""

    token_id: str
    per_round: int
    spent: int  # this round; 0 outside a conflict
    counted: bool  # False outside a conflict: no round to count in
    reasons: tuple[str, ...]

    @property
    def left(self) -> int:
        return max(0, self.per_round - self.spent)


def words_left(board: Board, token_id: str) -> WordsLeft:
    """The words ``token_id`` has left to speak this round (:class:`Words`): during a
    conflict its words per round less those spent in the current round; outside one
    all of them. Raises ``KeyError`` for an unknown token."""
    token = board.token(token_id)
    words, counted = token.words, board.turn.started
    spent = words.spent if counted and words.round == board.turn.round else 0
    reasons = [f"{words.per_round} words a round ([ASSUMPTION] default {DEFAULT_WORDS})"]
    if counted:
        reasons.append(f"{spent} spent in round {board.turn.round}")
    else:
        reasons.append("outside a conflict: not counted per round")
    return WordsLeft(token_id, words.per_round, spent, counted, tuple(reasons))


def spend_words(board: Board, token_id: str, count: int) -> tuple[Board, tuple[str, ...]]:
    """``board`` with ``count`` words spoken by ``token_id`` this round, and what it says.

    Raises ``ValueError`` when it has fewer words left ([S002] "costs 1 word, costs an
    additional word if Boosted") or ``count`` is negative."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"words to speak must be a whole number from 0, got {count!r}")
    now = words_left(board, token_id)
    token = board.token(token_id)
    if count > now.left:
        raise ValueError(
            f"{token.name} has {now.left} word{'s' if now.left != 1 else ''} left this round, "
            f"needs {count} [S002]"
        )
    if not count:
        return board, ()
    line = f"{token.name} speaks {count} word{'s' if count > 1 else ''} [S002]"
    if not now.counted:
        return board, (f"{line}; outside a conflict words are not counted",)
    spent = Words(token.words.per_round, now.spent + count, board.turn.round)
    board = board.with_token_replaced(replace(token, words=spent))
    return board, (f"{line}: {now.left} → {now.left - count} left this round",)
