"""Hexweave benchmarks against DESIGN.md "Performance budgets" (not collected by pytest).

    .venv/bin/python tests/bench/run.py

Prints one line per benchmark, then one JSON object of named figures as the last line.
Following PLATFORM.md: medians of at least 5 interleaved repeats; ratios are measured in
the same run. Frames are drawn offscreen with the raster engine.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6.QtWidgets import QApplication

from app.controller import MapController
from app.document import MapDocument
from app.scene.map_scene import MapScene
from app.widgets.map_view import MapView
from rules import Board, GroundKind, Token, mapfile

REPEATS = 7
VIEW_SIZE = (1280, 800)
NORMAL_HEX_PX = 48.0  # on-screen hex width at "normal" zoom
BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent.parent

Samples = dict[str, list[float]]


# -- helpers ------------------------------------------------------------------------------
def timed_ms(fn: Callable[[], object]) -> float:
    """Wall-clock milliseconds of one call."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def interleaved(cases: dict[str, Callable[[], object]], repeats: int = REPEATS) -> Samples:
    """Run every case once per round, ``repeats`` rounds; milliseconds per case."""
    samples: Samples = {name: [] for name in cases}
    for _ in range(repeats):
        for name, fn in cases.items():
            samples[name].append(timed_ms(fn))
    return samples


def med(values: list[float]) -> float:
    return statistics.median(values)


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def varied_board(width: int, height: int, tokens: int = 0, seed: int = 1) -> Board:
    """A board with random ground, elevation, some walls and water, and ``tokens`` tokens."""
    rng = np.random.default_rng(seed)
    shape = (height, width)
    ground = rng.integers(0, len(GroundKind), shape)
    water = np.where(ground == GroundKind.WATER, rng.integers(1, 4, shape), 0)
    board = Board.blank(width, height)
    board = board.with_layer("ground", ground.astype(np.uint8))
    board = board.with_layer("elevation", rng.integers(-6, 7, shape).astype(np.int16))
    board = board.with_layer("water_depth", water.astype(np.uint8))
    board = board.with_layer("blocked", rng.random(shape) < 0.03)
    for i in range(tokens):
        col, row = (i * 37) % width, (i * 53) % height
        board = board.with_token(Token(f"t{i}", f"Token {i}", board.hex_at(col, row)))
    return board


# -- drawing ------------------------------------------------------------------------------
def make_view(board: Board, keep: list[object]) -> MapView:
    """A shown, fitted 1280×800 MapView of ``board`` (its owners are kept in ``keep``)."""
    document = MapDocument(board)
    controller = MapController(document)
    scene = MapScene(document, controller)
    view = MapView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    QApplication.processEvents()  # settle the first expose at the default (1:1) zoom
    view.fit_to_window()
    keep.extend((document, controller, scene, view))
    return view


def zoom_to_normal(view: MapView) -> MapView:
    """Zoom so a hex is ~NORMAL_HEX_PX on screen, centred on the map."""
    scene = view.scene()
    hex_width = scene.geometry.layout.width  # type: ignore[attr-defined]
    view.set_zoom(NORMAL_HEX_PX / hex_width)
    view.centerOn(scene.sceneRect().center())
    return view


def frame(view: MapView) -> Callable[[], object]:
    return lambda: view.viewport().grab()


def cold_far_frames(board: Board, keep: list[object], repeats: int = 5) -> list[float]:
    """First zoomed-out frame of fresh views: includes building the cached picture."""
    samples = []
    for _ in range(repeats):
        view = make_view(board, keep)
        samples.append(timed_ms(frame(view)))
        view.close()
    return samples


def bench_drawing(figures: dict[str, float]) -> None:
    keep: list[object] = []
    small, big = varied_board(20, 20), varied_board(500, 500)
    warm_up = make_view(small, keep)
    frame(warm_up)()  # load fonts, brushes, raster paths before anything is timed
    cold = cold_far_frames(big, keep)
    views = {
        "far_20": make_view(small, keep),
        "far_500": make_view(big, keep),
        "normal_500": zoom_to_normal(make_view(big, keep)),
    }
    for view in views.values():
        frame(view)()  # warm: the first frame builds caches
    ms = {name: med(s) for name, s in interleaved({k: frame(v) for k, v in views.items()}).items()}
    ratio = ms["far_500"] / ms["far_20"]
    figures.update(
        draw_scaling=ratio,
        frame_far_ms_20=ms["far_20"],
        frame_far_ms_500=ms["far_500"],
        frame_normal_zoom_ms_500=ms["normal_500"],
        first_far_frame_ms_500=med(cold),
    )
    print(
        f"draw_scaling: zoomed-out frame 500×500 {ms['far_500']:.1f} ms / 20×20 "
        f"{ms['far_20']:.1f} ms = {ratio:.2f}× (goal ≤ 2: {verdict(ratio <= 2)})"
    )
    print(f"frame_normal_zoom_ms_500: {ms['normal_500']:.1f} ms (hex ≈ {NORMAL_HEX_PX:.0f} px)")
    print(f"first_far_frame_ms_500: {med(cold):.1f} ms (cold, builds the far-zoom picture)")


# -- start-up -----------------------------------------------------------------------------
def launcher(argv: list[str], env: dict[str, str]) -> Callable[[], object]:
    def run() -> None:
        subprocess.run(argv, env=env, cwd=REPO, check=True, capture_output=True, timeout=120)

    return run


def startup_env(tmp: str) -> dict[str, str]:
    """Offscreen, throw-away settings, and bytecode cached (in ``tmp``) as when installed."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": tmp}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
    return env


def bench_startup(figures: dict[str, float]) -> None:
    with tempfile.TemporaryDirectory(prefix="hexweave-bench-") as tmp:
        env = startup_env(tmp)
        cases = {
            "app": launcher([sys.executable, "-m", "app", "--quit-after-first-paint"], env),
            "bare": launcher([sys.executable, str(BENCH_DIR / "bare_window.py")], env),
        }
        for run in cases.values():
            run()  # warm the OS file cache and write the .pyc files
        ms = {name: med(s) for name, s in interleaved(cases).items()}
    ratio = ms["app"] / ms["bare"]
    figures.update(startup=ratio, startup_app_ms=ms["app"], startup_bare_ms=ms["bare"])
    print(
        f"startup: app to first paint {ms['app']:.0f} ms / bare window {ms['bare']:.0f} ms "
        f"= {ratio:.2f}× (goal ≤ 1.5: {verdict(ratio <= 1.5)})"
    )


# -- open and save ------------------------------------------------------------------------
def bench_open_save(figures: dict[str, float]) -> None:
    board = varied_board(500, 500, tokens=50)
    with tempfile.TemporaryDirectory(prefix="hexweave-bench-") as tmp:
        path = Path(tmp) / "big.hexmap"
        cases = {"save": lambda: mapfile.save(board, path), "load": lambda: mapfile.load(path)}
        samples = interleaved(cases)
        size_kb = path.stat().st_size / 1024
    total = med([s + o for s, o in zip(samples["save"], samples["load"], strict=True)])
    figures["open_save_500_ms"] = total
    print(
        f"open_save_500_ms: save {med(samples['save']):.0f} ms + load "
        f"{med(samples['load']):.0f} ms = {total:.0f} ms for 500×500, 50 tokens, "
        f"{size_kb:.0f} KiB (goal well under a second, taken as < 500 ms: {verdict(total < 500)})"
    )


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    figures: dict[str, float] = {}
    bench_drawing(figures)
    bench_startup(figures)
    bench_open_save(figures)
    del app
    print(json.dumps({key: round(value, 3) for key, value in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
