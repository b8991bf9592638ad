"""Fixtures for the app tests (pytest-qt, offscreen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.document import MapDocument
from app.resources import demo_map_path
from app.widgets.main_window import MainWindow


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Settings in a temporary file, so tests never touch the user's."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings) -> MainWindow:  # type: ignore[no-untyped-def]
    """The main window on the bundled demo map, shown at 1280×800 and fitted."""
    win = MainWindow(MapDocument.open(demo_map_path()), settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.fit_to_window()
    return win


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/app needs Qt: mark it ``gui`` (``pytest -m "not gui"`` skips it)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)
