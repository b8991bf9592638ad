"""The fuzz cases the loader accepts, opened in the real window (issue #14): each goes
through File → Open, the map view and the Player Window are painted, every token is
selected (the Inspector shows it), the map is saved from the window; any exception that
reaches ``sys.excepthook`` (a slot or a paint) counts against the case. Not collected by
pytest.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.fuzz.window --cases 400 --seed 1

Also ``--small`` (the cut-down cases; default the full sizes, skipping files over
``--max-mb``), ``--first N`` and ``--case N`` (one case, with the traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from tests.fuzz.mutate import make_case

if TYPE_CHECKING:
    from app.shell.main_window import MainWindow

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.window")
    parser.add_argument("--cases", type=int, default=400)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", type=int, help="one case, with its traceback")
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--max-mb", type=float, default=64.0)
    return parser.parse_args()


def open_show_and_save(window: MainWindow, data: bytes, folder: Path) -> bool:
    """Open the map ``data`` through File → Open, paint both windows with every token
    selected, and save it again; True if it opened and saved. Errors in slots and paints
    go to ``sys.excepthook``."""
    from PySide6.QtWidgets import QApplication

    path = folder / "case.hexmap"
    path.write_bytes(data)
    if not window.files.open_path(path):
        return False
    window.view.viewport().grab()
    window.scene.set_selection(list(window.session.document.board.tokens))
    window.player_window.show()
    window.player_window.grab()
    QApplication.processEvents()
    saved = window.files.save_to(folder / "again.hexmap")
    window.player_window.hide()
    return saved


def main() -> int:
    """Open every accepted case of the range in one window; print the counts."""
    args = _arguments()
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    from app.document import MapDocument
    from app.shell.main_window import MainWindow
    from rules import Board, MapFileError, mapfile

    _app = QApplication.instance() or QApplication([sys.argv[0]])  # kept alive to the end
    errors: list[str] = []

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        errors.append("".join(traceback.format_exception(kind, error, tb)))

    sys.excepthook = hook
    said: list[str] = []
    QMessageBox.warning = lambda _p, _t, text, *_a: said.append(text)  # type: ignore[assignment,method-assign]
    QMessageBox.critical = QMessageBox.warning  # type: ignore[method-assign]
    discard = QMessageBox.StandardButton.Discard
    QMessageBox.question = lambda *_a: discard  # type: ignore[assignment,method-assign]
    folder = Path(tempfile.mkdtemp(prefix="hexweave-window-fuzz-"))
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(MapDocument(Board.blank(8, 8)), settings)
    window.resize(1280, 720)
    window.show()
    numbers = [args.case] if args.case is not None else range(args.first, args.first + args.cases)
    outcome: Counter[str] = Counter()
    failures: list[tuple[int, str]] = []
    started = time.monotonic()
    for number in numbers:
        case = make_case(args.seed, number, small=args.small)
        if len(case.data) > args.max_mb * 2**20:
            outcome["skipped (large)"] += 1
            continue
        try:
            mapfile.loads(case.data)
        except MapFileError:
            outcome["refused by the loader"] += 1
            continue
        errors.clear()
        said.clear()
        opened = open_show_and_save(window, case.data, folder)
        if errors or not opened:
            outcome["failed in the window"] += 1
            reason = errors[0] if errors else f"not opened or saved: {said[:1]}"
            failures.append((number, f"[{case.family}] {case.what}: {reason}"))
        else:
            outcome["opened, shown and saved"] += 1
    print(
        f"window fuzz: seed {args.seed}, {len(numbers)} cases, {time.monotonic() - started:.0f} s"
    )
    for name, count in sorted(outcome.items()):
        print(f"  {name:28} {count}")
    for number, reason in failures[:5] if args.case is None else failures:
        text = reason if args.case is not None else reason.strip().splitlines()[-1]
        print(f"  case {number}: {text}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
