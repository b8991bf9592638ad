"""Every example in the rules package's docstrings runs (python-chess keeps its docstring
examples true the same way): a module whose example is broken fails here by name."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rules

MODULES = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_each_rules_module_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"


def test_the_modules_of_the_packages_are_found() -> None:
    assert {"rules.mapfile", "rules.mapfile.archive", "rules.prep.gridfit"} <= set(MODULES)
    assert "rules.battlefield.occupancy" in MODULES
