"""TokenStateController: a token's Conditions, Pools, Skill Tiers and wounds, as undo steps.

Every edit is ONE undo step (:meth:`~app.controllers.base.Controller.push`) whose text says
what changed and on whom ("Slowed 2 on Goblin", "Grit 5/9 on Aria"). The rules validate:
a Tier out of range, an unknown condition or Pool is refused with the rules' own message
on :attr:`~app.controllers.base.Controller.refused`, never silently. An edit that changes
nothing pushes nothing and returns False.
"""

from __future__ import annotations

from dataclasses import replace

from app.controllers.base import Controller
from rules import CONDITION_SPECS, ConditionEntry, Token, set_condition
from rules.board import (
    BODY_PARTS,
    POOL_LABELS,
    POOLS,
    SKILLS,
    Vitals,
    add_condition,
    remove_condition,
    tier_refusal,
)

_NAMES = {"stats": SKILLS, "maximum": POOLS, "current": POOLS, "wounded": BODY_PARTS}
_KINDS = {"stats": "Skill", "maximum": "Pool", "current": "Pool", "wounded": "body part"}


class TokenStateController(Controller):
    """Turn-state edits of the open map's tokens, for the Inspector's Vitals panel. Each
    method returns True if it pushed an undo step."""

    # -- conditions ----------------------------------------------------------------------
    def set_condition(self, token_id: str, name: str, tier: int, source: str = "") -> bool:
        """Give ``token_id`` condition ``name`` from ``source`` at ``tier`` (0 removes it)."""
        token = self.token(token_id)
        if token is None or not self._known_condition(token, name, source):
            return False
        if tier == 0:
            return self.remove_condition(token_id, name, source)
        try:
            entries = set_condition(token.conditions, name, tier, source)
        except ValueError as error:
            return self._refuse(token, error)
        problem = tier_refusal(token.conditions, name, tier, source)
        if problem:
            return self._refuse(token, problem)
        entry = ConditionEntry(name, tier, source)
        return self._replace(replace(token, conditions=entries), f"{entry.label} on {token.name}")

    def add_condition(self, token_id: str, name: str, tier: int, source: str = "") -> bool:
        """Give ``token_id`` ``tier`` more of ``name`` from ``source`` (Tiers of a name add)."""
        token = self.token(token_id)
        if token is None or not self._known_condition(token, name, source):
            return False
        if isinstance(tier, bool) or not isinstance(tier, int) or tier < 1:
            return self._refuse(token, f"{name}: the Tier to add must be 1 or more, got {tier!r}")
        try:
            entries = add_condition(token.conditions, name, tier, source)
        except ValueError as error:
            return self._refuse(token, error)
        problem = tier_refusal(token.conditions, name, tier, source, adding=True)
        if problem:
            return self._refuse(token, problem)
        now = next(e for e in entries if (e.name, e.source) == (name, source))
        return self._replace(replace(token, conditions=entries), f"{now.label} on {token.name}")

    def remove_condition(self, token_id: str, name: str, source: str | None = None) -> bool:
        """Take condition ``name`` (from ``source`` only, or every source) off ``token_id``."""
        token = self.token(token_id)
        if token is None:
            return False
        label = CONDITION_SPECS[name].label if name in CONDITION_SPECS else name
        what = f"{label} ({source})" if source else label
        entries = remove_condition(token.conditions, name, source)
        if entries == token.conditions:
            return self._refuse(token, f"{token.name} has no {what} to remove")
        return self._replace(replace(token, conditions=entries), f"Remove {what} from {token.name}")

    def _known_condition(self, token: Token, name: str, source: str) -> bool:
        """True if ``name`` and ``source`` are valid; else refuse with the rules' message."""
        try:
            ConditionEntry(name, 1, source)
        except ValueError as error:
            return self._refuse(token, error)
        return True

    # -- Pools ---------------------------------------------------------------------------
    def set_pool(self, token_id: str, pool: str, current: int | None) -> bool:
        """Set what is left of Pool ``pool`` (``None``: full, following its maximum)."""
        token = self.token(token_id)
        vitals = self._vitals(token, "current", pool, current)
        if token is None or vitals is None:
            return False
        after = replace(token, vitals=vitals)
        maximum, now = after.maximum_of(pool).value, after.left_of(pool)
        label = POOL_LABELS.get(pool, pool)
        text = f"{label} {now}/{maximum}" if current is not None else f"{label} full ({maximum})"
        return self._replace(after, f"{text} on {token.name}")

    def set_pool_maximum(self, token_id: str, pool: str, value: int | None) -> bool:
        """Override Pool ``pool``'s maximum (``None``: back to the published formula)."""
        token = self.token(token_id)
        vitals = self._vitals(token, "maximum", pool, value)
        if token is None or vitals is None:
            return False
        after = replace(token, vitals=vitals)
        found = after.maximum_of(pool).value
        label = POOL_LABELS.get(pool, pool)
        how = f"maximum {found}" if value is not None else f"maximum by formula ({found})"
        return self._replace(after, f"{label} {how} on {token.name}")

    # -- Skill Tiers, Severe Threshold, wounds ---------------------------------------------
    def set_stat(self, token_id: str, skill: str, tier: int) -> bool:
        """Set Skill Tier ``skill`` (used by the Pool formulas); 0 clears it."""
        token = self.token(token_id)
        vitals = self._vitals(token, "stats", skill, tier or None)
        if token is None or vitals is None:
            return False
        text = f"{skill.capitalize()} {tier} on {token.name}"
        return self._replace(replace(token, vitals=vitals), text)

    def set_severe_threshold(self, token_id: str, value: int | None) -> bool:
        """Set the Severe Threshold (an input: its formula was cut off, RULES-DIGEST §3.2)."""
        token = self.token(token_id)
        if token is None:
            return False
        try:
            vitals = replace(token.vitals, severe_threshold=value)
        except ValueError as error:
            return self._refuse(token, error)
        shown = "unset" if value is None else str(value)
        return self._replace(
            replace(token, vitals=vitals), f"Severe Threshold {shown} on {token.name}"
        )

    def set_wounded(self, token_id: str, part: str, tier: int) -> bool:
        """Set the Wounded Tier of body part ``part`` (0 heals it)."""
        token = self.token(token_id)
        vitals = self._vitals(token, "wounded", part, tier or None)
        if token is None or vitals is None:
            return False
        return self._replace(
            replace(token, vitals=vitals), f"Wounded {tier} ({part}) on {token.name}"
        )

    def set_bars_for_players(self, token_id: str, shown: bool) -> bool:
        """Show (or hide) this token's Pool bars on the players' view."""
        token = self.token(token_id)
        if token is None:
            return False
        try:
            vitals = replace(token.vitals, bars_for_players=shown)
        except ValueError as error:
            return self._refuse(token, error)
        text = f"Show {token.name}'s bars to players" if shown else f"Hide {token.name}'s bars"
        return self._replace(replace(token, vitals=vitals), text)

    # -- plumbing ----------------------------------------------------------------------------
    def _vitals(
        self, token: Token | None, table: str, name: str, value: int | None
    ) -> Vitals | None:
        """``token``'s vitals with ``table[name] = value``, or None after saying why not."""
        if token is None:
            return None
        known = _NAMES[table]
        if name not in known:
            self._refuse(token, f"unknown {_KINDS[table]} {name!r}; known: {', '.join(known)}")
            return None
        try:
            return token.vitals.with_value(table, name, value)
        except ValueError as error:
            self._refuse(token, error)
            return None

    def _refuse(self, token: Token, reason: object) -> bool:
        return self.refuse(f"{token.name}: {reason}")

    def _replace(self, token: Token, text: str) -> bool:
        """Push the open map with ``token`` replaced (by id) as one step named ``text``."""
        board = self.board
        if board.tokens.get(token.id) == token:
            return False  # nothing changed: no empty undo step
        self.push(board.with_token_replaced(token), text)
        self.informed.emit(text)
        return True
