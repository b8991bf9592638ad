"""Package faces that load lazily (PEP 562): ``from rules.prep import GridFit`` works as if
the name were defined in the face, yet importing the face loads none of its modules, so
faces cost start-up nothing (DESIGN.md "Layers")."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_face"]


def lazy_face(
    package: str, homes: Mapping[str, tuple[str, ...]]
) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for the face of ``package``, whose
    module ``m`` (in ``homes``) defines the names ``homes[m]``; each module is imported
    the first time one of its names is asked for. A name defined twice is an error, and
    so is a name that is also a module's (importing ``package.name`` would put the module
    in its place).

    >>> names, getattr_, _ = lazy_face("rules", {"hexes": ("Hex",)})
    >>> names, getattr_("Hex").__name__
    (['Hex'], 'Hex')
    """
    home: dict[str, str] = {}
    for module, names in homes.items():
        for name in names:
            if name in home:
                raise ValueError(f"{package}: {name!r} is in both {home[name]} and {module}")
            if name in homes:
                raise ValueError(f"{package}: {name!r} is also the name of a module")
            home[name] = module

    def get(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)

    def listing() -> list[str]:
        return sorted(home)

    return sorted(home), get, listing
