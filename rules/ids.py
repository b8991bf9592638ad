"""Ids of map objects (tokens, labels, notes, Areas, effects): one rule, one generator."""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["ID_PATTERN", "fresh_id", "id_problem"]

ID_PATTERN = re.compile(r"[A-Za-z0-9_.-]{1,64}")


def id_problem(kind: str, ident: object) -> str | None:
    """Why ``ident`` is not a valid id for a ``kind`` ("token", "area", …), or ``None``."""
    if not isinstance(ident, str) or not ID_PATTERN.fullmatch(ident):
        return f"{kind} id {ident!r} must be 1-64 letters, digits, '_', '-' or '.'"
    return None


def fresh_id(taken: Collection[str], stem: str) -> str:
    """``"stem-N"`` for the smallest N from ``len(taken) + 1`` up that is not taken."""
    n = len(taken) + 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"
