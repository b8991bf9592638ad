"""The app side of the import contract of DESIGN.md "Layers" (issue #15), as a ratchet.

- **app runs down**: ``document < {controllers, scene} < {tools, export} < widgets < shell
  < main``; a module imports only its own layer or a lower one, and the two packages of a
  middle floor do not import each other. ``app.resources`` (where the assets are) is below
  them all.
- **no circles** among app modules.

Imports inside functions count (a lazy import is still an arrow), and so do imports under
``if TYPE_CHECKING:``: a type names what a module depends on, so a circle of types is a
circle of concepts even though it never runs. The lists of known violations started
with 8 upward imports and 3 circles and are now empty; they stay empty.
"""

from __future__ import annotations

from pathlib import Path

from tests import test_import_contract as contract
from tests.test_import_contract import circles, imports, module_name, ratchet

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"

ORDER = {
    "base": 0,
    "document": 1,
    "controllers": 2,
    "scene": 2,
    "tools": 3,
    "export": 3,
    "widgets": 4,
    "shell": 5,
    "main": 6,
}
"""The rank of each app layer: an import may reach a lower rank, or its own layer."""

_FLAT = {"app": "base", "app.resources": "base", "app.main": "main", "app.__main__": "main"}

# The ratchet ended empty (#15): a new violation fails the test.
APP_UPWARD: frozenset[str] = frozenset()
APP_CIRCLES: frozenset[str] = frozenset()


def layer_of(module: str) -> str | None:
    """The layer of an app module: its package under ``app``, or a flat module's."""
    if module in _FLAT:
        return _FLAT[module]
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ORDER else None


def app_graph() -> dict[str, set[str]]:
    """Each app module and the app modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(APP.rglob("*.py")):
        name = module_name(path)
        graph[name] = {m for m in imports(path, "app") if m != name}
    return graph


def upward(graph: dict[str, set[str]]) -> set[str]:
    """The app imports that run up the app's layers."""
    return contract.upward(graph, layer_of, ORDER)


def test_every_app_module_has_a_layer() -> None:
    unplaced = sorted(m for m in app_graph() if layer_of(m) is None)
    assert unplaced == [], f"put these in a layer's package (DESIGN.md 'Layers'): {unplaced}"


def test_app_imports_run_down() -> None:
    ratchet(upward(app_graph()), APP_UPWARD, "app imports running up the layers")


def test_app_has_no_import_circles() -> None:
    ratchet(circles(app_graph()), APP_CIRCLES, "import circles in app")


def test_the_checks_themselves() -> None:
    graph = {
        "app.scene.map_scene": {"app.tools.select_move"},
        "app.tools.select_move": {"app.scene.map_scene", "app.resources"},
        "app.controllers.map": {"app.scene.style"},
    }
    assert upward(graph) == {
        "app.scene.map_scene -> app.tools.select_move",
        "app.controllers.map -> app.scene.style",
    }
    assert circles(graph) == {"app.scene.map_scene app.tools.select_move"}
    assert layer_of("app.widgets.docks.notes") == "widgets"
    assert layer_of("app.resources") == "base" and layer_of("app.shell") == "shell"
    assert layer_of("app.elsewhere") is None
