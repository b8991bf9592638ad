"""The ``hexweave`` command: check and export without a window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.main import FIRST_PAINT, main
from app.resources import demo_map_path
from rules import mapfile


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


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    """A saved map with a hidden token, fog and a GM-only label (built in memory)."""
    from test_export import sample_board

    path = tmp_path / "sample.hexmap"
    mapfile.save(sample_board(20, 10), path)
    return path


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_export_writes_each_format(qapp: object, map_file: Path, suffix: str) -> None:
    out = map_file.with_name(f"map{suffix}")
    assert main(["export", str(map_file), "-o", str(out)]) == 0
    head = out.read_bytes()[:5]
    assert head == {".png": b"\x89PNG\r", ".svg": b"<?xml", ".pdf": b"%PDF-"}[suffix]


def test_player_export_differs_from_the_gm_export(qapp: object, map_file: Path) -> None:
    gm, player = map_file.with_name("gm.png"), map_file.with_name("player.png")
    assert main(["export", str(map_file), "-o", str(gm)]) == 0
    assert main(["export", str(map_file), "-o", str(player), "--player"]) == 0
    assert QImage(str(gm)) != QImage(str(player))  # a hidden token, fog


def test_player_export_with_coordinates_frames_the_map(qapp: object, map_file: Path) -> None:
    plain, framed = map_file.with_name("plain.png"), map_file.with_name("framed.png")
    assert main(["export", str(map_file), "-o", str(plain), "--player"]) == 0
    assert main(["export", str(map_file), "-o", str(framed), "--player", "--coordinates"]) == 0
    small, big = QImage(str(plain)), QImage(str(framed))
    assert big.width() > small.width() + 20 and big.height() > small.height() + 20


def test_a_player_pdf_takes_coordinates(qapp: object, map_file: Path) -> None:
    from test_print_labels import pdf_text

    out = map_file.with_name("framed.pdf")
    assert main(["export", str(map_file), "-o", str(out), "--player", "--coordinates"]) == 0
    (page,) = pdf_text(out)
    assert "ABCDEF" in page and "123456" in page  # the column letters, the row numbers


def test_export_a_true_scale_pdf_on_letter(qapp: object, map_file: Path) -> None:
    from test_export import expected_pages, pdf_pages

    out = map_file.with_name("tiles.pdf")
    args = ["--page", "letter", "--orientation", "landscape", "--hex-mm", "25"]
    assert main(["export", str(map_file), "-o", str(out), *args]) == 0
    pages = pdf_pages(out)
    assert len(pages) == expected_pages(mapfile.load(map_file), (279.4, 215.9), 25.0)
    assert all(size == (pytest.approx(792, abs=1), pytest.approx(612, abs=1)) for size in pages)


def test_export_a_png_at_chosen_pixels_per_hex(qapp: object, map_file: Path) -> None:
    out = map_file.with_name("small.png")
    assert main(["export", str(map_file), "-o", str(out), "--px-per-hex", "20"]) == 0
    assert QImage(str(out)).width() == round(20.5 * 20)  # 20 hexes and a half, edge to edge


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "x.bmp"], ".png, .pdf or .svg"),
        (["-o", "x.png", "--page", "A4"], "--page: only for PDF output"),
        (["-o", "x.svg", "--true-scale", "--hex-mm", "25"], "--true-scale, --hex-mm: only for PDF"),
        (["-o", "x.pdf", "--px-per-hex", "30"], "--px-per-hex: only for PNG and SVG"),
        (["-o", "x.pdf", "--page", "B5"], "'B5' is not A4, Letter, A3 or Tabloid"),
        (["-o", "x.pdf", "--orientation", "sideways"], "invalid choice: 'sideways'"),
        (["-o", "x.pdf", "--hex-mm", "1000"], "hex size must be 5 to 100 mm, not 1000"),
        (["-o", "x.pdf", "--hex-mm", "wide"], "--hex-mm: invalid float value"),
        (["-o", "x.png", "--px-per-hex", "0"], "pixels per hex must be 4 to 1000, not 0"),
        (["-o", "x.png", "--px-per-hex", "999"], "use at most 738 pixels per hex"),
        ([], "the following arguments are required: -o/--output"),
    ],
)
def test_export_argument_errors_exit_2_and_say_why(
    qapp: object,
    map_file: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    args = [str(map_file.with_name(a)) if a.startswith("x.") else a for a in args]
    with pytest.raises(SystemExit) as exited:
        main(["export", str(map_file), *args])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err
    assert sorted(p.name for p in map_file.parent.iterdir()) == ["sample.hexmap"]


def test_export_of_a_missing_map_exits_1(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.png"
    assert main(["export", str(tmp_path / "missing.hexmap"), "-o", str(out)]) == 1
    assert "missing.hexmap" in capsys.readouterr().err
    assert not out.exists()


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
from app.shell.main_window import MainWindow

application = QApplication(sys.argv[:1])

def copy_and_quit():
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    window.scene.set_selection([next(iter(window.document.board.tokens))])
    assert window.edit.copy_selection()
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


def test_quit_after_first_paint_says_when_the_map_has_painted(tmp_path: Path) -> None:
    """The start-up benchmarks stop their clock at this line: the real app, in a fresh
    process, prints it once its map has painted, then exits cleanly."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "app", "--quit-after-first-paint"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines().count(FIRST_PAINT) == 1
