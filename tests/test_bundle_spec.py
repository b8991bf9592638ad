"""The one-folder app's build (issue #18), checked without PyInstaller: the spec
(packaging/hexweave.spec) ships every data file the package ships, bundles every module the
app loads by name, keeps every Qt module and plugin the app needs and leaves out nothing the
app imports; tools/build-bundle.sh builds it from a non-editable install in build/venv.

The spec's UPPER_CASE settings are literals, read here with :func:`ast.literal_eval`.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import os
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "hexweave.spec"
HOOK = ROOT / "packaging" / "hooks" / "hook-PySide6.QtGui.py"
SCRIPT = ROOT / "tools" / "build-bundle.sh"
SOURCES = ("app", "rules")


def spec_settings() -> dict[str, Any]:
    """The spec's UPPER_CASE settings that are literals, by name."""
    settings = {}
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            try:
                settings[name] = ast.literal_eval(node.value)
            except ValueError:  # e.g. PACKAGING = Path(SPECPATH)
                continue
    return {name: value for name, value in settings.items() if name.isupper()}


SETTINGS = spec_settings()


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def source_dir(package: str) -> Path:
    """Where ``package`` is in the tree ([tool.setuptools.package-dir])."""
    mapped = pyproject()["tool"]["setuptools"].get("package-dir", {})
    return ROOT / mapped.get(package, package.replace(".", "/"))


def expand(globs: dict[str, Any]) -> set[str]:
    """``package/relative/path`` of every file the globs match in the tree."""
    return {
        f"{package}/{path.relative_to(source_dir(package)).as_posix()}"
        for package, patterns in globs.items()
        for pattern in patterns
        for path in source_dir(package).glob(pattern)
        if path.is_file()
    }


def python_files() -> list[Path]:
    return sorted(p for name in SOURCES for p in (ROOT / name).rglob("*.py"))


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def imported_modules(path: Path) -> frozenset[str]:
    """Every module ``path`` imports, at any depth (inside functions too)."""
    found: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(found)


LOADERS = ("import_module", "files", "_preload_later")
"""Calls that load a module by its name: importlib's, importlib.resources.files (a
package's data), and the app's preloading."""


class NameLoads(ast.NodeVisitor):
    """The module names a module passes to :data:`LOADERS` as literals (or module-level
    string constants), and whether it passes a computed one (an f-string, a variable)
    outside the body of a loader itself (whose callers' literals are checked)."""

    def __init__(self, tree: ast.Module):
        self.constants = {
            node.targets[0].id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        }
        self.names: set[str] = set()
        self.computed = False
        self.inside: list[str] = []
        self.visit(tree)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.inside.append(node.name)
        self.generic_visit(node)
        self.inside.pop()

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called in LOADERS:
            for arg in node.args:
                for value in arg.elts if isinstance(arg, ast.Tuple) else [arg]:
                    self.note(value)
        self.generic_visit(node)

    def note(self, value: ast.expr) -> None:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            self.names.add(value.value)
        elif isinstance(value, ast.Name) and value.id in self.constants:
            self.names.add(self.constants[value.id])
        elif not any(name in LOADERS for name in self.inside):
            self.computed = True


def loaded_by_name(path: Path) -> tuple[set[str], bool]:
    """:class:`NameLoads` of the module at ``path``: ``(names, computed)``."""
    loads = NameLoads(parsed(path))
    return loads.names, loads.computed


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hexweave_qtgui_hook", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- data files --------------------------------------------------------------------------
def test_the_spec_ships_every_data_file_the_package_ships() -> None:
    shipped = pyproject()["tool"]["setuptools"]["package-data"]
    assert set(SETTINGS["PACKAGE_DATA"]) >= set(shipped)
    missing = sorted(expand(shipped) - expand(SETTINGS["PACKAGE_DATA"]))
    assert missing == [], f"add these to PACKAGE_DATA in packaging/hexweave.spec: {missing}"


def test_the_data_files_include_the_demo_map_the_icons_and_the_token_art() -> None:
    bundled = expand(SETTINGS["PACKAGE_DATA"])
    assert "hexweave_assets/maps/demo.hexmap" in bundled
    assert "rules/py.typed" in bundled
    assert any(f.startswith("hexweave_assets/icons/") for f in bundled)
    art = {f for f in bundled if f.startswith("hexweave_assets/library/art/")}
    templates = {f for f in bundled if f.startswith("hexweave_assets/library/")} - art
    assert len(art) >= 1 and len(templates) >= len(art)


# -- modules ------------------------------------------------------------------------------
def test_every_module_loaded_by_name_is_bundled() -> None:
    lazy_packages, lazy_modules = SETTINGS["LAZY_PACKAGES"], SETTINGS["LAZY_MODULES"]
    unbundled, computed_outside = set(), set()
    for path in python_files():
        names, computed = loaded_by_name(path)
        unbundled |= {n for n in names if not within(n, lazy_packages) and n not in lazy_modules}
        if computed and not within(module_name(path), lazy_packages):
            computed_outside.add(module_name(path))
    assert unbundled == set(), f"add to LAZY_MODULES in the spec: {sorted(unbundled)}"
    assert computed_outside == set(), (
        f"these load modules by a computed name: put their package in LAZY_PACKAGES "
        f"{sorted(computed_outside)}"
    )


def test_the_rules_faces_are_bundled_whole() -> None:
    faces = [p for p in (ROOT / "rules").rglob("__init__.py") if "lazy_face(" in p.read_text()]
    assert faces, "the rules faces load their modules by name (rules.faces.lazy_face)"
    assert all(within(module_name(p), SETTINGS["LAZY_PACKAGES"]) for p in faces)


def test_the_spec_keeps_exactly_the_qt_modules_the_app_imports() -> None:
    used = {
        module.split(".")[1]
        for path in python_files()
        for module in imported_modules(path)
        if module.startswith("PySide6.Qt")
    }
    assert used == set(SETTINGS["QT_MODULES"])


def test_nothing_the_app_or_the_rules_import_is_left_out() -> None:
    left_out = SETTINGS["UNUSED_MODULES"] + SETTINGS["OPTIONAL_MODULES"]
    imported = {m for path in python_files() for m in imported_modules(path)}
    assert sorted(m for m in imported if within(m, left_out)) == []


def test_scipy_is_kept_for_the_movement_field() -> None:
    assert "scipy.sparse.csgraph" in SETTINGS["LAZY_MODULES"]
    for kept in ("scipy", "scipy.sparse", "scipy.sparse.csgraph", "scipy.linalg", "numpy"):
        assert not within(kept, SETTINGS["UNUSED_MODULES"] + SETTINGS["OPTIONAL_MODULES"])


# -- Qt plugins ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "name", "why"),
    [
        ("platforms", "qoffscreen", "export without a display, the tests"),
        ("platforms", "qxcb", "X11"),
        ("platforms", "qwayland", "Wayland"),
        ("platforms", "qcocoa", "macOS"),
        ("platforms", "qwindows", "Windows"),
        ("imageformats", "qjpeg", "JPEG battle maps and token pictures"),
        ("imageformats", "qwebp", "WebP battle maps and token pictures"),
        ("imageformats", "qsvg", "SVG icons"),
        ("iconengines", "qsvgicon", "SVG icons"),
        ("platforminputcontexts", "composeplatforminputcontextplugin", "dead keys in labels"),
        ("styles", "qmodernwindowsstyle", "the Windows style"),
        ("styles", "qmacstyle", "the macOS style"),
    ],
)
def test_the_plugins_the_app_needs_are_kept(kind: str, name: str, why: str) -> None:
    assert not load_hook().is_unused((kind, name), SETTINGS["UNUSED_QT_PLUGINS"]), why


@pytest.mark.parametrize(
    ("source", "dest_dir", "plugin"),
    [
        (
            "/q/imageformats/libqjpeg.so",
            "PySide6/Qt/plugins/imageformats",
            ("imageformats", "qjpeg"),
        ),
        (
            r"C:\q\imageformats\qjpeg.dll",
            r"PySide6\plugins\imageformats",
            ("imageformats", "qjpeg"),
        ),
        ("/q/platforms/libqcocoa.dylib", "PySide6/Qt/plugins/platforms", ("platforms", "qcocoa")),
        (
            "/q/darwin/libqdarwin.dylib",
            "PySide6/Qt/plugins/platforms/darwin",
            ("platforms/darwin", "qdarwin"),
        ),
        ("/q/lib/libQt6Gui.so.6", "PySide6/Qt/lib", None),
    ],
)
def test_the_hook_names_plugins_alike_on_every_system(
    source: str, dest_dir: str, plugin: tuple[str, str] | None
) -> None:
    assert load_hook().plugin_of(source, dest_dir) == plugin


@pytest.mark.parametrize(
    ("plugin", "left_out"),
    [
        (("platformthemes", "qgtk3"), True),  # would bring the build machine's GTK
        (("egldeviceintegrations", "qeglfs-kms-integration"), True),  # "*": every one
        (("imageformats", "qtiff"), True),
        (("imageformats", "qjpeg"), False),
        (("platformthemes", "qxdgdesktopportal"), False),
        (None, False),  # not a plugin: a library
    ],
)
def test_the_hook_leaves_out_what_the_spec_names(
    plugin: tuple[str, str] | None, left_out: bool
) -> None:
    assert load_hook().is_unused(plugin, SETTINGS["UNUSED_QT_PLUGINS"]) is left_out


# -- licences ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("LGPL-3.0.txt", "GNU LESSER GENERAL PUBLIC LICENSE"),
        ("GPL-3.0.txt", "GNU GENERAL PUBLIC LICENSE"),
    ],
)
def test_the_qt_licence_texts_are_bundled(name: str, title: str) -> None:
    assert name in SETTINGS["QT_LICENCES"]
    head = (ROOT / "packaging" / "licences" / name).read_text(encoding="utf-8")[:200]
    assert title in head and "Version 3, 29 June 2007" in head


def test_the_wheels_licence_files_are_bundled() -> None:
    wanted = {"PySide6_Essentials", "shiboken6", "numpy", "scipy", "pyinstaller"}
    assert wanted <= set(SETTINGS["LICENCE_DISTRIBUTIONS"])


# -- the build script and where the build goes ------------------------------------------
def test_the_build_script_installs_the_project_not_editable_in_its_own_venv() -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    installs = [line for line in script.splitlines() if "pip install" in line]
    assert any(" . " in f"{line} " for line in installs), "installs the project from the tree"
    assert not any(" -e" in line or "--editable" in line for line in installs)
    assert 'VENV="build/venv"' in script
    assert 'PYINSTALLER="pyinstaller>=' in script and ",<" in script  # a pinned range
    assert "packaging/hexweave.spec" in script and 'DIST="dist"' in script


def test_the_build_script_smoke_tests_the_subcommands() -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    for command in ('"$EXE" --version', '"$EXE" check', '"$EXE" export'):
        assert command in script


@pytest.mark.skipif(os.name != "posix", reason="the executable bit is POSIX's")
def test_the_build_script_is_executable() -> None:
    assert os.access(SCRIPT, os.X_OK)


def test_the_spec_spells_no_path_for_one_system() -> None:
    strings = [
        node.value
        for node in ast.walk(ast.parse(SPEC.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    absolute = [s for s in strings if s.startswith(("/usr", "/lib", "/opt", "/home", "C:\\"))]
    assert absolute == []


def test_the_bundle_is_never_committed() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "build/" in ignored and "dist/" in ignored
