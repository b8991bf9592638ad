"""The ``hexweave`` command: check and export without a window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.main import main
from app.resources import demo_map_path


def test_check_says_ok_for_the_demo_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(demo_map_path())]) == 0
    assert capsys.readouterr().out.strip() == "ok"


def test_check_names_the_problem_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.hexmap"
    bad.write_text("nope")
    assert main(["check", str(bad)]) == 1
    assert "zip" in capsys.readouterr().err


def test_check_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path / "missing.hexmap")]) == 1
    assert "missing.hexmap" in capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_export_writes_each_format(qapp: object, tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"demo{suffix}"
    assert main(["export", str(demo_map_path()), "-o", str(out)]) == 0
    head = out.read_bytes()[:5]
    assert head == {".png": b"\x89PNG\r", ".svg": b"<?xml", ".pdf": b"%PDF-"}[suffix]


def test_player_export_differs_from_the_gm_export(qapp: object, tmp_path: Path) -> None:
    gm, player = tmp_path / "gm.png", tmp_path / "player.png"
    assert main(["export", str(demo_map_path()), "-o", str(gm)]) == 0
    assert main(["export", str(demo_map_path()), "-o", str(player), "--player"]) == 0
    assert QImage(str(gm)) != QImage(str(player))  # the demo holds a hidden token


def test_export_refuses_an_unknown_format(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(demo_map_path()), "-o", str(tmp_path / "x.bmp")]) == 1
    assert ".png, .pdf or .svg" in capsys.readouterr().err


def test_the_app_without_a_display_explains_instead_of_crashing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 2
    assert "no display" in capsys.readouterr().err


def test_the_demo_map_opens_as_an_unsaved_copy(qapp: object) -> None:
    from app.main import initial_document

    document, problem = initial_document(None)
    assert problem is None
    assert document.path is None  # Save asks for a name; the bundled file stays untouched
    assert len(document.board.tokens) >= 6


def test_a_bad_start_map_gives_a_blank_map_and_the_reason(qapp: object, tmp_path: Path) -> None:
    from app.main import initial_document

    bad = tmp_path / "bad.hexmap"
    bad.write_bytes(b"junk")
    document, problem = initial_document(bad)
    assert document.board.tokens == {}
    assert problem is not None and "bad.hexmap" in problem and "zip" in problem


COPY_THEN_QUIT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from app.main import main
from app.widgets.main_window import MainWindow

application = QApplication(sys.argv[:1])

def copy_and_quit():
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    window.scene.set_selection([next(iter(window.document.board.tokens))])
    assert window.copy_selection()
    QApplication.quit()

QTimer.singleShot(300, copy_and_quit)
sys.exit(main([]))
"""


def test_quitting_after_a_copy_exits_cleanly(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", COPY_THEN_QUIT], env=env, timeout=120, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
