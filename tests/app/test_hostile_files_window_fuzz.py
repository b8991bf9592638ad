"""Seeded fuzz cases the loader accepts, opened in the real window (issue #14; the
deeper search is ``python -m tests.fuzz.window``): each opens through File → Open,
paints the map view and the Player Window with every token selected, and saves again,
with no exception in a slot or a paint (pytest-qt fails the test on one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from app.document import MapDocument
from rules import Board, MapFileError, mapfile
from tests.fuzz.mutate import make_case
from tests.fuzz.window import open_show_and_save

SEED, CASES = 14, 120


def _accepted() -> list[int]:
    found = []
    for number in range(CASES):
        try:
            mapfile.loads(make_case(SEED, number, small=True).data)
        except MapFileError:
            continue
        found.append(number)
    return found


def test_accepted_fuzz_cases_open_show_and_save_in_the_window(
    make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *_a: said.append(text))
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *_a: said.append(text))
    window = make_window(MapDocument(Board.blank(8, 8)))
    numbers = _accepted()
    assert len(numbers) > 20  # the mutations still reach the window
    for number in numbers:
        case = make_case(SEED, number, small=True)
        assert open_show_and_save(window, case.data, tmp_path), (number, case.what, said)
