"""Text a map may hold: what UTF-8 can write. A Python string may hold a lone surrogate
(``"\\ud800"``, from a JSON escape or a damaged clipboard), which no file can store; every
model that keeps free text asks :func:`text_problem`, so a map that can be made can be
saved, and the map reader refuses such text naming the field. And how a count reads in
a message (:func:`counted`), the one spelling every summary and reason uses."""

from __future__ import annotations

import re

__all__ = ["counted", "text_problem"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be written as UTF-8 (a lone surrogate), or ``None``.

    >>> text_problem("Säulenhalle 🏛") is None
    True
    >>> text_problem("ab\\ud800")
    'a lone surrogate at character 3'
    """
    if text.isascii():
        return None
    found = _SURROGATE.search(text)
    return None if found is None else f"a lone surrogate at character {found.start() + 1}"


def counted(n: int, noun: str, many: str = "") -> str:
    """``n`` and ``noun``, plural unless one: ``many`` if given, else ``noun`` + "es"
    after an s or x, else + "s"; thousands grouped.

    >>> counted(1, "wall"), counted(2, "wall hex"), counted(3, "enemy", "enemies")
    ('1 wall', '2 wall hexes', '3 enemies')
    >>> counted(12000, "point")
    '12,000 points'
    """
    if n == 1:
        return f"1 {noun}"
    plural = many or noun + ("es" if noun.endswith(("s", "x")) else "s")
    return f"{n:,} {plural}"
