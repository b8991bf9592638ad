"""Frozen values stay as made: nothing in ``rules/`` or ``app/`` changes a frozen object in
place (``object.__setattr__``) except while making it — on ``self`` in its
``__post_init__``, or on a copy just made with ``object.__new__`` in the same function.

:mod:`rules.mapfile.checked` relies on this: a token checked when read or written is still
the token that was checked, so saving it again need not check it again.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def forced_in_place(source: str) -> list[tuple[int, str]]:
    """``(line, target)`` of each ``object.__setattr__(target, …)`` in ``source`` that is
    not on an object being made."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        fresh = {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and _is_call_of(node.value, "__new__")
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        if function.name == "__post_init__":
            fresh.add("self")
        for node in ast.walk(function):
            if _is_call_of(node, "__setattr__") and isinstance(node, ast.Call) and node.args:
                target = node.args[0]
                if not (isinstance(target, ast.Name) and target.id in fresh):
                    found.append((node.lineno, ast.unparse(target)))
    return found


def _is_call_of(node: ast.AST, method: str) -> bool:
    """Whether ``node`` is ``object.<method>(…)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == method
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "object"
    )


def test_no_frozen_value_is_changed_after_it_is_made() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: object.__setattr__({target}, …)"
        for folder in ("rules", "app")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, target in forced_in_place(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "a frozen value changed in place:\n" + "\n".join(offenders)


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("def __post_init__(self):\n    object.__setattr__(self, 'a', 1)\n", False),
        ("def f(self):\n    new = object.__new__(X)\n    object.__setattr__(new, 'a', 1)\n", False),
        ("def moved(self):\n    object.__setattr__(self, 'a', 1)\n", True),
        ("def f(token):\n    object.__setattr__(token, 'side', 'x')\n", True),
        ("def __post_init__(self):\n    object.__setattr__(self.motion, 'mode', 'x')\n", True),
        ("def f():\n    setattr(x, 'a', 1)\n", False),
    ],
)
def test_the_checker_itself(source: str, caught: bool) -> None:
    assert bool(forced_in_place(source)) is caught
