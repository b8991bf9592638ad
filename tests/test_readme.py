"""README.md stays true: its Python examples run as doctests, its commands exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples_run() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 10
    assert result.failed == 0


def test_quick_start_is_exactly_two_commands_and_ci_runs_the_second() -> None:
    text = README.read_text(encoding="utf-8")
    block = text.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line for line in block.strip().splitlines() if line.strip()]
    assert len(commands) == 2
    assert "hexweave" in commands[0]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    install, test = commands[1].split(" && ", 2)[1:]
    assert install in ci
    assert test in ci


def test_readme_names_every_public_rules_export_section() -> None:
    import rules

    text = README.read_text(encoding="utf-8")
    for name in ("Hex", "Board", "Token", "roll", "chance", "mapfile", "MapFileError"):
        assert re.search(rf"\b{name}\b", text), name
    assert set(rules.__all__) >= {"Hex", "Board", "roll", "chance"}
