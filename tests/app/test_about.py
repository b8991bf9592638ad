"""Help → About Hexweave (issue #18): the version, what it runs on as run, and the licences
of what the one-folder app bundles — Qt for Python is LGPL, said with where its source is —
with the full texts, from the bundle's licences folder or the installed wheels."""

from __future__ import annotations

import platform
import shutil
import sys
from pathlib import Path

import numpy
import PySide6
import pytest
import scipy
import shiboken6
from PySide6.QtCore import QSettings, qVersion
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from app.shell.features.help import HelpFeature
from app.shell.main_window import MainWindow
from app.widgets.dialogs.about import (
    MAX_TEXT_BYTES,
    AboutDialog,
    LicenceFile,
    components,
    licence_files,
    versions,
)
from rules import __version__


@pytest.fixture
def opened(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> list[QDialog]:
    """Modal dialogs answer at once; each one opened is recorded."""
    shown: list[QDialog] = []

    def exec_dialog(dialog: QDialog) -> int:
        shown.append(dialog)
        return int(QDialog.DialogCode.Rejected.value)

    monkeypatch.setattr(QDialog, "exec", exec_dialog)
    return shown


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run "as the one-folder app": sys.frozen, and a licences folder as the spec makes it."""
    for folder, name, text in (
        ("qt", "LGPL-3.0.txt", "GNU LESSER GENERAL PUBLIC LICENSE\nVersion 3"),
        ("pyinstaller", "COPYING.txt", "Bootloader Exception"),
        ("numpy", "LICENSE.txt", "Copyright (c) 2005, NumPy Developers."),
        ("numpy/numpy/random", "LICENSE.md", "random's"),
    ):
        path = tmp_path / "licences" / folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    return tmp_path


def make_dialog(qtbot: QtBot) -> AboutDialog:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    return dialog


def test_help_about_opens_the_dialog_once_built_on_its_versions_tab(
    qtbot: QtBot, settings: QSettings, opened: list[QDialog]
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    feature = HelpFeature(parent, settings)
    first = feature.about()
    first.tabs.setCurrentIndex(2)
    again = feature.about()
    assert opened == [first, again] and again is first
    assert isinstance(first, AboutDialog) and first.parent() is parent
    assert first.tabs.currentIndex() == 0
    assert first.windowTitle() == "About Hexweave"
    assert f"Hexweave {__version__}" in first.title.text()


@pytest.mark.parametrize(
    ("what", "version"),
    [
        ("Hexweave", __version__),
        ("Qt", qVersion()),
        ("PySide6 (Qt for Python)", PySide6.__version__),
        ("shiboken6", shiboken6.__version__),
        ("numpy", numpy.__version__),
        ("scipy", scipy.__version__),
        ("Python", platform.python_version()),
        ("Running as", "a Python package"),
    ],
)
def test_the_versions_are_those_running(qtbot: QtBot, what: str, version: str) -> None:
    dialog = make_dialog(qtbot)
    tree = dialog.versions
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    rows = {item.text(0): item.text(1) for item in items}
    assert rows[what].startswith(version)
    assert len(rows) == len(versions())


@pytest.mark.parametrize(
    ("name", "licence", "source"),
    [
        ("Hexweave", "MIT", ""),
        ("Qt", "LGPL-3.0-only", f"https://download.qt.io/official_releases/qt/{qVersion()[:4]}"),
        ("Qt for Python", "LGPL-3.0-only", "https://code.qt.io/cgit/pyside/pyside-setup.git"),
        ("numpy", "BSD-3-Clause", "https://github.com/numpy/numpy"),
        ("scipy", "BSD-3-Clause", "https://github.com/scipy/scipy"),
        ("Python", "PSF-2.0", "https://www.python.org/"),
    ],
)
def test_each_bundled_part_has_its_licence_and_source(name: str, licence: str, source: str) -> None:
    part = next(c for c in components() if c.name.startswith(name))
    assert part.licence == licence
    assert part.source.startswith(source)


def test_the_licences_tab_says_qt_is_lgpl_and_where_its_source_is(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    text = dialog.licences.toPlainText()
    assert "Qt and Qt for Python are used under the GNU Lesser General Public License" in text
    assert "LGPL-3.0" in text and "replace them with your own build" in text
    assert f"download.qt.io/official_releases/qt/{qVersion()[:4]}" in text
    assert f"pyside-setup.git/tag/?h=v{PySide6.__version__}" in text
    assert "PyInstaller" not in text  # no bootloader outside the one-folder app


def test_from_a_python_install_the_wheels_own_licence_files_are_shown(qtbot: QtBot) -> None:
    files = licence_files()
    assert any(f.component == "numpy" and f.name == "LICENSE.txt" for f in files)
    assert any(f.component == "scipy" for f in files)
    dialog = make_dialog(qtbot)
    assert dialog.texts.count() == len(files)
    dialog.texts.setCurrentIndex(len(files) - 1)
    assert dialog.text.toPlainText() == files[-1].text()


def test_in_the_bundle_its_licences_folder_is_shown_qt_first(qtbot: QtBot, bundle: Path) -> None:
    listed = [(f.component, f.name) for f in licence_files()]
    assert listed == [
        ("Qt", "LGPL-3.0.txt"),
        ("numpy", "LICENSE.txt"),
        ("numpy", "numpy/random/LICENSE.md"),
        ("PyInstaller", "COPYING.txt"),
    ]
    dialog = make_dialog(qtbot)
    assert dialog.texts.currentText() == "Qt — LGPL-3.0.txt"
    assert dialog.text.toPlainText().startswith("GNU LESSER GENERAL PUBLIC LICENSE")
    assert dict(versions())["Running as"] == "the one-folder app"


def test_in_the_bundle_the_pyinstaller_bootloader_and_its_exception_are_listed(
    qtbot: QtBot, bundle: Path
) -> None:
    part = next(c for c in components() if c.name == "PyInstaller bootloader")
    assert part.licence == "GPL-2.0-or-later WITH Bootloader-exception"
    dialog = make_dialog(qtbot)
    assert "Bootloader-exception" in dialog.licences.toPlainText()


def test_a_bundle_without_licence_files_says_where_they_belong(qtbot: QtBot, bundle: Path) -> None:
    shutil.rmtree(bundle / "licences")
    dialog = make_dialog(qtbot)
    assert dialog.files == ()
    assert "_internal/licences" in dialog.text.toPlainText()


def test_a_licence_file_is_read_up_to_its_bound(tmp_path: Path) -> None:
    path = tmp_path / "HUGE-LICENSE"
    path.write_bytes(b"x" * (MAX_TEXT_BYTES + 10) + b"\xff")
    assert len(LicenceFile("Qt", path.name, path).text()) == MAX_TEXT_BYTES


def test_copy_versions_puts_them_on_the_clipboard(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    dialog.copy_button.click()
    copied = QGuiApplication.clipboard().text().splitlines()
    assert copied[0] == f"Hexweave: {__version__}"
    assert f"numpy: {numpy.__version__}" in copied


def test_the_help_menu_entry_opens_it(window: MainWindow, opened: list[QDialog]) -> None:
    window.findChild(QAction, "help.about").trigger()
    assert [type(d).__name__ for d in opened] == ["AboutDialog"]
