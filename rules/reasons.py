"""A number and why: :class:`Term`, the one shape every rule's arithmetic returns — an
amount, the reason quoting the seed sentence behind it, where the rule comes from when it
is cited apart, and any notes that go with it.

The same value is an attack roll's modifier (``rules.actions.Modifier``), a term of a
step's cost (``rules.StepCharge``), a Climb or Jump roll's modifier, a part of a
Collision's damage and the arithmetic helpers' results (``rules.partial_size`` …).

>>> Term(1, "crouching", "[S001]").describe()
'+1 crouching [S001]'
>>> t = Term(-1, "−1 on the attack [S002]", notes=("several hinderers: one roll [S002]",))
>>> t.value, t.reasons
(-1, ('−1 on the attack [S002]', 'several hinderers: one roll [S002]'))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Term"]


@dataclass(frozen=True)
class Term:
    """A number and why: ``amount``, its ``reason``, the rule's ``source`` when it is cited
    apart from the reason, and ``notes``: what else the rule says, adding nothing."""

    amount: int
    reason: str
    source: str = ""
    notes: tuple[str, ...] = ()

    @property
    def value(self) -> int:
        """The amount, as the arithmetic helpers' results spell it (``partial_size(…).value``,
        pinned: DESIGN.md "Public import paths")."""
        return self.amount

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reason and then the notes, as the arithmetic helpers' results spell them."""
        return (self.reason, *self.notes)

    def describe(self) -> str:
        """``+1 crouching [S001]``: the signed amount, the reason and the source."""
        return " ".join(part for part in (f"{self.amount:+d}", self.reason, self.source) if part)
