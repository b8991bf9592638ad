"""The bar for every change, as tests: ruff clean, ruff-formatted, mypy --strict on rules/."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_check_is_clean() -> None:
    done = _run(_tool("ruff"), "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _run(_tool("ruff"), "format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_on_rules_is_clean() -> None:
    done = _run(_tool("mypy"), "--strict", "rules")
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_package_folder_is_installed() -> None:
    """A package folder left out of pyproject's ``packages`` would be missing from a
    plain (not editable) install and from the one-folder app."""
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("rules", "app")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found <= listed, sorted(found - listed)
