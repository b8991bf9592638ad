"""Help → About Hexweave: the version, what it runs on (as run), and the licences of what the
one-folder app bundles (issue #18), with their full texts.

Qt and Qt for Python are used under the LGPL-3.0: the Licences tab says so, how they are
linked and where their source is. The texts come from the one-folder app's ``licences``
folder (packaging/hexweave.spec collects it: the wheels' own licence files, Python's, the
LGPL and GPL texts for Qt, PyInstaller's) or, run from a Python install, from the installed
distributions' licence files. The dialog is modal; Help → About builds it once.
"""

from __future__ import annotations

import platform
import sys
import sysconfig
from dataclasses import dataclass
from html import escape
from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QSysInfo, qVersion
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules import __version__

__all__ = [
    "AboutDialog",
    "Component",
    "LicenceFile",
    "bundled_licences_dir",
    "components",
    "licence_files",
    "versions",
]

SIZE = (760, 560)  # fits a 1280×720 screen with its title bar and task bar
MAX_TEXT_BYTES = 1_000_000
"""At most this much of one licence file is shown (the longest, GPL-3.0, is 35 kB)."""

INSTALLED_DISTRIBUTIONS = ("PySide6_Essentials", "shiboken6", "numpy", "scipy")
"""Distributions whose licence files are shown when not run as the one-folder app."""

FOLDER_NAMES = {
    "qt": "Qt",
    "pyside6_essentials": "PySide6",
    "shiboken6": "shiboken6",
    "python": "Python",
    "numpy": "numpy",
    "scipy": "scipy",
    "pyinstaller": "PyInstaller",
}
"""The component a licence folder (packaging/hexweave.spec's ``licences/<name>``, or a
distribution's name) stands for, in the order the texts are listed."""


@dataclass(frozen=True)
class Component:
    """One part of what runs: its name, version as run, licence (SPDX), where its source
    is, and a note (HTML) on what the licence asks of us or what it bundles."""

    name: str
    version: str
    licence: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class LicenceFile:
    """A licence text at hand: the component it is of, its name as listed, and its file."""

    component: str
    name: str
    path: Path

    def text(self) -> str:
        """The text (its first :data:`MAX_TEXT_BYTES`), undecodable bytes replaced."""
        with self.path.open("rb") as file:
            return file.read(MAX_TEXT_BYTES).decode("utf-8", errors="replace")


def is_bundle() -> bool:
    """Whether this runs as the one-folder app (PyInstaller sets ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def versions() -> tuple[tuple[str, str], ...]:
    """``(what, version)`` of Hexweave and what it runs on, as run now."""
    import numpy
    import PySide6
    import scipy
    import shiboken6

    return (
        ("Hexweave", __version__),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        ("Qt", qVersion()),
        ("PySide6 (Qt for Python)", PySide6.__version__),
        ("shiboken6", shiboken6.__version__),
        ("numpy", numpy.__version__),
        ("scipy", scipy.__version__),
        ("System", f"{QSysInfo.prettyProductName()}, {QSysInfo.currentCpuArchitecture()}"),
        ("Running as", "the one-folder app" if is_bundle() else "a Python package"),
    )


def components() -> tuple[Component, ...]:
    """What the one-folder app bundles, each with its licence (PyInstaller's bootloader only
    when this is the one-folder app)."""
    found = dict(versions())
    qt = found["Qt"]
    pyside = found["PySide6 (Qt for Python)"]
    series = ".".join(qt.split(".")[:2])
    fortran = (
        "Its wheel brings OpenBLAS (BSD-3-Clause) and libgfortran and libquadmath "
        "(GPL-3.0 with the GCC Runtime Library Exception, which allows this use)."
    )
    listed = [
        Component("Hexweave", __version__, "MIT", "", "This program."),
        Component(
            "Qt",
            qt,
            "LGPL-3.0-only",
            f"https://download.qt.io/official_releases/qt/{series}/{qt}/single/",
            "Also <a href='https://code.qt.io/cgit/qt/qt5.git/'>code.qt.io/cgit/qt/qt5.git</a> "
            f"(tag v{qt}); older releases move to download.qt.io/archive/qt/.",
        ),
        Component(
            "Qt for Python (PySide6, shiboken6)",
            pyside,
            "LGPL-3.0-only",
            f"https://code.qt.io/cgit/pyside/pyside-setup.git/tag/?h=v{pyside}",
            "Source archives: <a href='https://download.qt.io/official_releases/QtForPython/'>"
            "download.qt.io/official_releases/QtForPython</a>.",
        ),
        Component(
            "numpy", found["numpy"], "BSD-3-Clause", "https://github.com/numpy/numpy", fortran
        ),
        Component(
            "scipy", found["scipy"], "BSD-3-Clause", "https://github.com/scipy/scipy", fortran
        ),
        Component(
            "Python",
            platform.python_version(),
            "PSF-2.0",
            "https://www.python.org/downloads/source/",
            "The interpreter and its standard library.",
        ),
    ]
    if is_bundle():
        listed.append(
            Component(
                "PyInstaller bootloader",
                "",
                "GPL-2.0-or-later WITH Bootloader-exception",
                "https://github.com/pyinstaller/pyinstaller",
                "The launcher of the one-folder app; the bootloader exception allows "
                "shipping it with any program.",
            )
        )
    return tuple(listed)


LGPL_NOTE = (
    "<p><b>Qt and Qt for Python are used under the GNU Lesser General Public License "
    "version 3</b> (LGPL-3.0; they are also offered under the GPL). The one-folder app links "
    "their libraries dynamically and unmodified: they are the files of the PySide6-Essentials "
    "wheel in its <tt>_internal/PySide6</tt> folder, and you may replace them with your own "
    "build of the same version. Their source is at the addresses below; the licence texts "
    "are in the Licence Texts tab.</p>"
)


def licences_html() -> str:
    """The Licences tab: the LGPL note, then each component's licence and source."""
    rows = []
    for part in components():
        name = escape(part.name) + (f" {escape(part.version)}" if part.version else "")
        source = f"<a href='{escape(part.source)}'>{escape(part.source)}</a>" if part.source else ""
        rows.append(
            f"<p><b>{name}</b> — {escape(part.licence)}"
            + (f"<br>Source: {source}" if source else "")
            + (f"<br>{part.note}" if part.note else "")
            + "</p>"
        )
    return LGPL_NOTE + "".join(rows)


def bundled_licences_dir() -> Path | None:
    """The one-folder app's ``licences`` folder, or ``None`` when not run as the app."""
    if not is_bundle():
        return None
    return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)) / "licences"


def licence_files() -> tuple[LicenceFile, ...]:
    """Every licence text at hand, listed by component (:data:`FOLDER_NAMES`' order)."""
    root = bundled_licences_dir()
    found = _bundled_files(root) if root is not None else _installed_files()
    order = list(FOLDER_NAMES.values())

    def place(file: LicenceFile) -> tuple[int, str]:
        rank = order.index(file.component) if file.component in order else len(order)
        return rank, file.name.lower()

    return tuple(sorted(found, key=place))


def _bundled_files(root: Path) -> list[LicenceFile]:
    if not root.is_dir():
        return []
    found = []
    for path in root.rglob("*"):
        if path.is_file():
            folder, *rest = path.relative_to(root).parts
            component = FOLDER_NAMES.get(folder, folder)
            found.append(LicenceFile(component, "/".join(rest), path))
    return found


def _installed_files() -> list[LicenceFile]:
    found = []
    python = _python_licence()
    if python is not None:
        found.append(LicenceFile("Python", python.name, python))
    for name in INSTALLED_DISTRIBUTIONS:
        try:
            files = metadata.distribution(name).files or ()
        except metadata.PackageNotFoundError:
            continue
        for file in files:
            if _is_licence(file.parts):
                listed = "/".join(p for p in file.parts[1:] if p.lower() != "licenses")
                component = FOLDER_NAMES[name.lower()]
                found.append(LicenceFile(component, listed, Path(str(file.locate()))))
    return found


def _is_licence(parts: tuple[str, ...]) -> bool:
    """A licence file inside a dist-info folder (LICENSE*, COPYING*, NOTICE*)."""
    words = ("LICEN", "COPYING", "NOTICE")
    inside = len(parts) > 1 and parts[0].endswith(".dist-info")
    return inside and any(word in parts[-1].upper() for word in words)


def _python_licence() -> Path | None:
    """Python's LICENSE.txt: beside the standard library, or in the prefix (Windows)."""
    for folder in (Path(sysconfig.get_paths()["stdlib"]), Path(sys.base_prefix)):
        if (folder / "LICENSE.txt").is_file():
            return folder / "LICENSE.txt"
    return None


class AboutDialog(QDialog):
    """The version and licences: tabs Versions, Licences and Licence Texts."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("About Hexweave")
        self.setObjectName("about_dialog")
        self.resize(*SIZE)
        column = QVBoxLayout(self)
        self.title = QLabel(
            f"<h2>Hexweave {escape(__version__)}</h2>"
            "A tactical hex map for Rising Legends: Soulshards. The rules package decides; "
            "the map shows the answer and why.<br>Hexweave is free software under the MIT "
            "licence; what it is built on keeps its own licence (the Licences tab)."
        )
        self.title.setWordWrap(True)
        column.addWidget(self.title)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._versions_tab(), "&Versions")
        self.tabs.addTab(self._licences_tab(), "&Licences")
        self.tabs.addTab(self._texts_tab(), "Licence &Texts")
        column.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("&Copy Versions")
        self.copy_button.setToolTip("Copy the versions as text, e.g. for a bug report")
        self.copy_button.clicked.connect(self.copy_versions)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)

    def _versions_tab(self) -> QWidget:
        self.versions = QTreeWidget()
        self.versions.setColumnCount(2)
        self.versions.setHeaderLabels(["", "Version"])
        self.versions.setRootIsDecorated(False)
        for what, version in versions():
            self.versions.addTopLevelItem(QTreeWidgetItem([what, version]))
        self.versions.resizeColumnToContents(0)
        return self.versions

    def _licences_tab(self) -> QWidget:
        self.licences = QTextBrowser()
        self.licences.setOpenExternalLinks(True)
        self.licences.setHtml(licences_html())
        return self.licences

    def _texts_tab(self) -> QWidget:
        page = QWidget()
        column = QVBoxLayout(page)
        self.files = licence_files()
        self.texts = QComboBox()
        self.texts.setToolTip("The licence file to show")
        for file in self.files:
            self.texts.addItem(f"{file.component} — {file.name}")
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.texts.currentIndexChanged.connect(self.show_text)
        column.addWidget(self.texts)
        column.addWidget(self.text, 1)
        if not self.files:
            self.texts.hide()
            self.text.setPlainText(
                "No licence files were found. The one-folder app carries them in its "
                "_internal/licences folder."
            )
        else:
            self.show_text(0)
        return page

    def show_text(self, index: int) -> None:
        """Show the licence file at ``index`` of :attr:`files`."""
        if 0 <= index < len(self.files):
            self.text.setPlainText(self.files[index].text())

    def copy_versions(self) -> None:
        """Put the Versions tab on the clipboard as ``what: version`` lines."""
        lines = "\n".join(f"{what}: {version}" for what, version in versions())
        QGuiApplication.clipboard().setText(lines)
