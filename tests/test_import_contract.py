"""The import contract of DESIGN.md "Layers" (issue #15), as a ratchet.

- **rules runs down**: every rules module belongs to a layer (:data:`LAYER_OF`, the
  target layout); an import may only reach a module of a lower layer or of its own
  (``base < contracts < board < {battlefield, mapfile, prep} < movement < actions``; the
  three middle packages do not import each other).
- **app goes through faces**: app imports ``rules``, a ``rules.<package>`` face or a pinned
  contract module, never a module behind a face.
- **no circles** among rules modules.

Imports inside functions count (a lazy import is still an arrow). The lists of known
violations started with 6 upward imports, 39 modules imported past a face and 3 circles;
they are now empty and stay empty (the app side is tests/test_app_layers.py).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES, APP = ROOT / "rules", ROOT / "app"

ORDER = {
    "base": 0,
    "contracts": 1,
    "board": 2,
    "battlefield": 3,
    "mapfile": 3,
    "prep": 3,
    "movement": 4,
    "actions": 5,
    "lens": 6,
}
"""The rank of each layer: an import may reach a lower rank, or its own layer."""

_LAYERS = {
    "base": "errors ids options atomic text faces reasons version",
    "contracts": "hexes layout areas dice",
    "board": "turns",  # pinned where it is (DESIGN.md "Public import paths")
}
LAYER_OF = {f"rules.{name}": layer for layer, names in _LAYERS.items() for name in names.split()}
"""Where each rules module belongs (rules.mapfile.* is the mapfile layer)."""

PINNED = frozenset(
    {"rules", "rules.actions", "rules.areas", "rules.dice", "rules.hexes", "rules.layout"}
    | {"rules.turns"}
)
"""The rules face and the pinned contract modules (DESIGN.md "Public import paths")."""

# The ratchet ended empty (#15): a new violation fails the test.
RULES_UPWARD: frozenset[str] = frozenset()
APP_PAST_FACES: frozenset[str] = frozenset()
CIRCLES: frozenset[str] = frozenset()


PACKAGES = frozenset(p.parent.name for p in RULES.glob("*/__init__.py"))
"""The rules packages (a folder with a face), each one layer: rules.mapfile, rules.prep …"""


def layer_of(module: str) -> str | None:
    """The layer of a rules module (``None`` for the ``rules`` face itself)."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in PACKAGES:
        return parts[1]
    return LAYER_OF.get(module)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, package: str = "rules") -> Iterator[str]:
    """Every module of ``package`` that ``path`` imports (``from rules import x`` names
    ``rules.x`` when x is a module), lazy and type-only imports included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == package)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != package:
                continue
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                yield sub if _is_module(sub) else node.module


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (ROOT / relative).with_suffix(".py").exists() or (
        ROOT / relative / "__init__.py"
    ).exists()


def _sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def rules_graph() -> dict[str, set[str]]:
    """Each rules module (not the face) and the rules modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in _sources(RULES):
        name = module_name(path)
        if name != "rules":
            graph[name] = {m for m in imports(path) if m not in ("rules", name)}
    return graph


def upward(
    graph: dict[str, set[str]],
    layer: Callable[[str], str | None] | None = None,
    order: dict[str, int] = ORDER,
) -> set[str]:
    """The imports of ``graph`` that reach a layer of the same or a higher rank than the
    importer's (``layer`` names a module's layer: :func:`layer_of` by default)."""
    layer = layer or layer_of
    found = set()
    for source, targets in graph.items():
        mine = layer(source)
        for target in targets:
            theirs = layer(target)
            if mine is None or theirs is None or mine == theirs:
                continue
            if order[theirs] >= order[mine]:
                found.add(f"{source} -> {target}")
    return found


def circles(graph: dict[str, set[str]]) -> set[str]:
    """The rules modules on an import circle, each circle as its sorted members."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[str] = set()

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.add(" ".join(sorted(component)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def is_face(module: str) -> bool:
    """What app may import: the rules face, a pinned module or a package's face."""
    parts = module.split(".")
    return module in PINNED or (len(parts) == 2 and parts[1] in PACKAGES)


def app_past_faces() -> set[str]:
    return {m for path in _sources(APP) for m in imports(path) if not is_face(m)}


def ratchet(found: set[str], known: frozenset[str], what: str) -> None:
    new, gone = sorted(found - known), sorted(known - found)
    assert not new, f"new {what} (DESIGN.md 'Layers'):\n" + "\n".join(new)
    assert not gone, f"fixed {what}: take them off the list in this test:\n" + "\n".join(gone)


def test_every_rules_module_has_a_layer() -> None:
    unplaced = sorted(m for m in rules_graph() if layer_of(m) is None)
    assert unplaced == [], f"give these a layer in LAYER_OF: {unplaced}"


def test_rules_imports_run_down() -> None:
    ratchet(upward(rules_graph()), RULES_UPWARD, "imports running up the layers")


def test_app_imports_rules_through_faces() -> None:
    ratchet(app_past_faces(), APP_PAST_FACES, "app imports past a rules face")


def test_rules_has_no_import_circles() -> None:
    ratchet(circles(rules_graph()), CIRCLES, "import circles in rules")


def test_no_rules_module_imports_the_rules_face() -> None:
    """``import rules`` inside rules would be a circle through the face (which the graph
    above leaves out): a module imports the module a name lives in."""
    offenders = sorted(
        module_name(path)
        for path in _sources(RULES)
        if module_name(path) != "rules" and "rules" in set(imports(path))
    )
    assert offenders == [], f"import the defining module instead of the face: {offenders}"


def test_the_version_is_the_projects() -> None:
    import tomllib

    from rules.version import __version__

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert __version__ == project["version"]


def test_the_checks_themselves() -> None:
    graph = {
        "rules.board.tokens": {"rules.movement.jumping"},
        "rules.movement.jumping": {"rules.board.tokens"},
        "rules.hexes": set(),
    }
    assert upward(graph) == {"rules.board.tokens -> rules.movement.jumping"}
    assert circles(graph) == {"rules.board.tokens rules.movement.jumping"}
    assert layer_of("rules.mapfile.archive") == "mapfile"
    assert is_face("rules.prep") and not is_face("rules.prep.painting")


def test_a_lazy_face_names_exactly_what_its_modules_export() -> None:
    import importlib

    for package in sorted(PACKAGES):
        face = importlib.import_module(f"rules.{package}")
        homes = getattr(face, "HOMES", None)
        if homes is None:  # an eager face
            continue
        for module in homes:
            defined = importlib.import_module(f"rules.{package}.{module}")
            exported = set(defined.__all__) - set(homes)  # a module's name stays the module
            faced = {n for n in exported if n in face.__all__}
            assert faced == set(homes[module]) | (faced - set(homes[module])), module
            assert all(getattr(face, n) is getattr(defined, n) for n in faced), module
            # what the face leaves out is a re-export of a module outside the package
            outside = exported - faced
            assert all(getattr(defined, n) is not None for n in outside), module
