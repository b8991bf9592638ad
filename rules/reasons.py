"""A number and why: :class:`Term`, the one shape every rule's arithmetic returns (the
value, and the reasons quoting the seed sentence behind each part of it)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Term"]


@dataclass(frozen=True)
class Term:
    """A number and why."""

    value: int
    reasons: tuple[str, ...]
