"""Fixtures for the app tests (pytest-qt, offscreen)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.document import MapDocument
from app.resources import demo_map_path
from app.shell.main_window import MainWindow


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Settings in a temporary file, so tests never touch the user's; the first-run tour
    counts as seen (a test of the tour removes the key)."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("tour/seen", True)
    return settings


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    """The demo map copied into ``tmp_path``: File → Save must never write the bundled one."""
    path = tmp_path / "demo.hexmap"
    shutil.copyfile(demo_map_path(), path)
    return path


@pytest.fixture
def make_window(qtbot, settings: QSettings):  # type: ignore[no-untyped-def]
    """Make a main window on a document, shown at 1280×800 with the map fitted."""

    def make(document: MapDocument) -> MainWindow:
        win = MainWindow(document, settings)
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        win.fit_to_window()
        return win

    return make


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    """The main window on the bundled demo map."""
    return make_window(MapDocument.open(demo_map_path()))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/app needs Qt: mark it ``gui`` (``pytest -m "not gui"`` skips it)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Modal message boxes never block a headless test (PLATFORM.md): questions are answered
    "Discard" (e.g. closing a window with changes at teardown) and every box is recorded
    here, so a test can assert on what the user would have been told."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def record(answer: QMessageBox.StandardButton):  # type: ignore[no-untyped-def]
        def box(_parent: object, title: str, text: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
            shown.append(f"{title}: {text}")
            return answer

        return box

    monkeypatch.setattr(QMessageBox, "question", record(QMessageBox.StandardButton.Discard))
    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, record(QMessageBox.StandardButton.Ok))
    return shown


@pytest.fixture(autouse=True)
def _empty_clipboard(qapp):  # type: ignore[no-untyped-def]
    """Leave the clipboard empty: Qt must not own Python-made mime data at exit."""
    yield
    from PySide6.QtWidgets import QApplication

    QApplication.clipboard().clear()
