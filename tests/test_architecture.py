"""The layering rule of DESIGN.md: ``rules/`` is pure Python + numpy and never imports
PySide6 (or shiboken6) or the ``app`` package."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
FORBIDDEN = ("PySide6", "shiboken6", "app")


def rules_modules() -> list[str]:
    """Dotted names of every module in the rules package, subpackages included."""
    names = []
    for path in sorted(RULES.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def is_forbidden(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in FORBIDDEN)


def test_rules_modules_are_found() -> None:
    names = rules_modules()
    assert "rules" in names
    assert {"rules.hexes", "rules.layout", "rules.board.grid", "rules.board.tokens"} <= set(names)


def test_importing_rules_loads_no_qt_and_no_app() -> None:
    modules = rules_modules()
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    offenders = [m for m in loaded if is_forbidden(m)]
    assert offenders == [], f"importing rules loaded {offenders}"


def forbidden_imports(source: str) -> list[tuple[int, str]]:
    """``(line, module)`` for every absolute import of a forbidden package in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [(node.lineno, n) for n in names if is_forbidden(n)]
    return found


def test_no_rules_source_imports_qt_or_app() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in sorted(RULES.rglob("*.py"))
        for line, module in forbidden_imports(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "rules/ must not import PySide6, shiboken6 or app:\n" + "\n".join(
        offenders
    )


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("import PySide6", True),
        ("import PySide6.QtCore as qc", True),
        ("from PySide6.QtGui import QColor", True),
        ("from shiboken6 import isValid", True),
        ("from app import controller", True),
        ("import app.scene.geometry", True),
        ("import numpy, app", True),
        ("def f():\n    import app\n", True),
        ("try:\n    import PySide6\nexcept ImportError:\n    pass\n", True),
        ("import numpy", False),
        ("from rules.hexes import Hex", False),
        ("from . import hexes", False),
        ("from .app import x", False),
        ("import application", False),
        ("from apple import pie", False),
    ],
)
def test_the_import_checker_itself(source: str, caught: bool) -> None:
    assert bool(forbidden_imports(source)) is caught
