"""PySide6.QtGui for the one-folder app (packaging/hexweave.spec): PyInstaller's own hook,
less the Qt plugins the spec names as unused (``hooksconfig["hexweave_qt"]
["unused_plugins"]``: plugin type → plugin names, ``"*"`` for every plugin of the type).

Leaving them out here, before PyInstaller follows each plugin's links, leaves out the
libraries only they need as well (the system's GTK for the gtk3 theme, EGLFS's device
integrations…). A hook in the spec's ``hookspath`` takes precedence over the stock one.
PyInstaller is imported in :func:`hook` only, so tests/test_bundle_spec.py can load this
file without it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any


def plugin_of(source: str, dest_dir: str) -> tuple[str, str] | None:
    """``(plugin type, plugin name)`` of a collected file, e.g. ``("imageformats",
    "qjpeg")`` for libqjpeg.so (qjpeg.dll, libqjpeg.dylib) bound for
    PySide6/Qt/plugins/imageformats; ``None`` if it is not a plugin."""
    parts = dest_dir.replace("\\", "/").split("/")
    if "plugins" not in parts:
        return None
    kind = "/".join(parts[parts.index("plugins") + 1 :])
    name = os.path.basename(source.replace("\\", "/")).split(".")[0]
    return kind, name.removeprefix("lib")


def is_unused(plugin: tuple[str, str] | None, unused: Mapping[str, str | Sequence[str]]) -> bool:
    """Whether ``plugin`` is one the spec leaves out."""
    if plugin is None:
        return False
    names = unused.get(plugin[0], ())
    return names == "*" or plugin[1] in names


def hook(hook_api: Any) -> None:
    """Collect what the stock hook would, but the unused plugins."""
    from PyInstaller.utils.hooks import get_hook_config
    from PyInstaller.utils.hooks.qt import add_qt6_dependencies

    unused = get_hook_config(hook_api, "hexweave_qt", "unused_plugins") or {}
    imports, binaries, datas = add_qt6_dependencies(__file__)
    kept = [(src, dest) for src, dest in binaries if not is_unused(plugin_of(src, dest), unused)]
    hook_api.add_imports(*imports)
    hook_api.add_binaries(kept)
    hook_api.add_datas(datas)
