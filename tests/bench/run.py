"""Hexweave benchmarks against DESIGN.md "Performance budgets" (not collected by pytest).

    .venv/bin/python tests/bench/run.py [drawing startup open_save area_preview
        movement_field drag_preview big_map many_tokens]

Prints one line per benchmark, then one JSON object of named figures as the last line.
Following PLATFORM.md: medians of at least 5 interleaved repeats; ratios are measured in
the same run. Frames are drawn offscreen with the raster engine.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6.QtWidgets import QApplication

from app.controllers.map import MapController
from app.document import MapDocument
from app.main import FIRST_PAINT
from app.tools.select_move import editing_scene
from app.widgets.map_view import MapView
from rules import Board, GroundKind, Token, mapfile
from rules.board.annotations import Background

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
    scene = editing_scene(document, controller)
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
def to_first_paint(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Milliseconds from launching ``argv`` to the :data:`~app.main.FIRST_PAINT` line it
    prints when its view has painted once, and to its exit (what it builds after that
    paint, then tearing down, is not start-up)."""
    start = time.perf_counter()
    painted = None
    with subprocess.Popen(
        argv, env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        for line in child.stdout:
            if painted is None and line.strip() == FIRST_PAINT:
                painted = time.perf_counter()
        problem = child.stderr.read()
        code = child.wait(timeout=120)
    ended = time.perf_counter()
    if code or painted is None:
        said = "\n".join(problem.strip().splitlines()[-15:])
        raise RuntimeError(f"{' '.join(argv)} exited with {code} before a first paint:\n{said}")
    return (painted - start) * 1000.0, (ended - start) * 1000.0


def startup_env(tmp: str) -> dict[str, str]:
    """Offscreen, throw-away settings, and bytecode cached (in ``tmp``) as when installed."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": tmp}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
    return env


def bench_startup(figures: dict[str, float]) -> None:
    """``python -m app`` on the demo map against a bare PySide6 window, each from launch to
    its first paint (and, for information, to its exit), in interleaved rounds."""
    cases = {
        "app": [sys.executable, "-m", "app", "--quit-after-first-paint"],
        "bare": [sys.executable, str(BENCH_DIR / "bare_window.py")],
        "numpy": [sys.executable, str(BENCH_DIR / "bare_window.py"), "--numpy"],
    }
    paint: Samples = {name: [] for name in cases}
    exit_: Samples = {name: [] for name in cases}
    with tempfile.TemporaryDirectory(prefix="hexweave-bench-") as tmp:
        env = startup_env(tmp)
        for argv in cases.values():
            to_first_paint(argv, env)  # warm the OS file cache and write the .pyc files
        for _ in range(REPEATS):
            for name, argv in cases.items():
                painted, ended = to_first_paint(argv, env)
                paint[name].append(painted)
                exit_[name].append(ended)
    ms = {name: med(samples) for name, samples in paint.items()}
    out = {name: med(samples) for name, samples in exit_.items()}
    ratio = ms["app"] / ms["bare"]
    figures.update(startup=ratio, startup_app_ms=ms["app"], startup_bare_ms=ms["bare"])
    floor = ms["numpy"] / ms["bare"]
    figures.update(startup_to_exit=out["app"] / out["bare"], startup_floor=floor)
    print(
        f"startup: app to first paint {ms['app']:.0f} ms / bare window {ms['bare']:.0f} ms "
        f"= {ratio:.2f}× (goal ≤ 1.5: {verdict(ratio <= 1.5)}); launch to exit "
        f"{out['app']:.0f} / {out['bare']:.0f} ms = {out['app'] / out['bare']:.2f}× (for "
        "information: it adds the docks built after the first paint and tearing down)"
    )
    print(
        f"startup_floor: the bare window importing numpy first {ms['numpy']:.0f} ms = "
        f"{floor:.2f}× the bare window (what any app with numpy layers starts in at best)"
    )


# -- open and save ------------------------------------------------------------------------
PICTURE_PX = 4096
PICTURE = "battlemap.png"


def gradient_png(size: int) -> bytes:
    """A ``size`` × ``size`` RGB PNG of a smooth gradient (no noise), "Sub"-filtered, made
    with numpy and zlib."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ramp = np.linspace(0, 255, size).astype(np.uint8)
    rgb = np.empty((size, size, 3), dtype=np.uint8)
    rgb[..., 0], rgb[..., 1], rgb[..., 2] = ramp[np.newaxis, :], ramp[:, np.newaxis], 128
    flat = rgb.reshape(size, 3 * size)
    rows = np.empty((size, 1 + 3 * size), dtype=np.uint8)
    rows[:, 0] = 1  # filter type Sub: each byte minus the one a pixel before (mod 256)
    rows[:, 1:4], rows[:, 4:] = flat[:, :3], flat[:, 3:] - flat[:, :-3]
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    idat = zlib.compress(rows.tobytes(), 6)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    )


def painted_board(width: int, height: int, tokens: int = 0, seed: int = 1) -> Board:
    """A board painted as a game master would: ground, elevation and water depth in
    patches of 20×20 hexes, straight walls, and ``tokens`` tokens (where
    :func:`varied_board` draws per-hex noise, which is deflate's worst case)."""
    rng = np.random.default_rng(seed)

    def patches(low: int, high: int, cell: int = 20) -> np.ndarray:
        coarse = rng.integers(low, high, (-(-height // cell), -(-width // cell)))
        return coarse.repeat(cell, axis=0).repeat(cell, axis=1)[:height, :width]

    ground = patches(0, len(GroundKind))
    water = np.where(ground == GroundKind.WATER, patches(1, 4), 0)
    walls = np.zeros((height, width), dtype=np.bool_)
    walls[::50, 5:-5] = True
    board = Board.blank(width, height).with_layer("ground", ground.astype(np.uint8))
    board = board.with_layer("elevation", patches(-6, 7).astype(np.int16))
    board = board.with_layer("water_depth", water.astype(np.uint8)).with_layer("blocked", walls)
    for i in range(tokens):
        col, row = (i * 37) % width, (i * 53) % height
        board = board.with_token(Token(f"t{i}", f"Token {i}", board.hex_at(col, row)))
    return board


def with_picture(board: Board, picture: bytes) -> Board:
    """``board`` with ``picture`` (PICTURE_PX wide) as its background."""
    board = board.with_image(PICTURE, picture)
    return board.with_background(Background(PICTURE, PICTURE_PX / 750, 4.0, 4.0, 0.8))


def direct_copy(board: Board, folder: Path, picture: Path) -> Callable[[], object]:
    """Reading then writing the map's bytes without the format: each layer with
    numpy.load/numpy.save, map.json and the picture file as they are."""
    with zipfile.ZipFile(folder / "map.hexmap") as zf:
        text = zf.read("map.json")
    out = folder / "direct"
    out.mkdir()

    def write() -> None:
        for name, layer in board.layers.items():
            np.save(out / f"{name}.npy", layer, allow_pickle=False)
        (out / "map.json").write_bytes(text)
        shutil.copyfile(picture, out / PICTURE)

    def read_write() -> None:
        for name in board.layers:
            np.load(out / f"{name}.npy", allow_pickle=False)
        (out / "map.json").read_bytes()
        (out / PICTURE).read_bytes()
        write()

    write()
    return read_write


def open_save_cases(board: Board, folder: Path) -> dict[str, Callable[[], object]]:
    """``hexmap``: load + save of ``board``'s file; ``direct``: the same bytes directly;
    ``json``: the direct work plus parsing map.json's text and writing it again as the
    format does (strict, a line per item), and nothing else — a floor for the format."""
    from rules.mapfile.hexmap import _json_text
    from rules.mapfile.strict_json import strict_loads

    folder.mkdir()
    path, picture = folder / "map.hexmap", folder / PICTURE
    mapfile.save(board, path)
    picture.write_bytes(board.images[PICTURE])
    direct = direct_copy(board, folder, picture)
    text = (folder / "direct" / "map.json").read_text("utf-8")

    def direct_and_json() -> None:
        direct()
        _json_text(strict_loads(text, "map.json")).encode("utf-8")

    return {
        "hexmap": lambda: mapfile.save(mapfile.load(path), path),
        "direct": direct,
        "json": direct_and_json,
    }


def bench_open_save(figures: dict[str, float]) -> None:
    picture = gradient_png(PICTURE_PX)
    boards = {
        "painted": with_picture(painted_board(500, 500, tokens=200), picture),
        "noise": with_picture(varied_board(500, 500, tokens=200), picture),
        "bare": with_picture(painted_board(500, 500), picture),
    }
    with tempfile.TemporaryDirectory(prefix="hexweave-bench-") as tmp:
        cases = {}
        for terrain, board in boards.items():
            for name, run in open_save_cases(board, Path(tmp) / terrain).items():
                cases[f"{terrain}_{name}"] = run
                run()  # warm the file cache
        ms = {name: med(s) for name, s in interleaved(cases).items()}
        size_kib = (Path(tmp) / "painted" / "map.hexmap").stat().st_size / 1024
        noise_kib = (Path(tmp) / "noise" / "map.hexmap").stat().st_size / 1024
        import tracemalloc  # after the timing: tracing slows every allocation

        tracemalloc.start()
        cases["painted_hexmap"]()
        peak_mib = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    ratio = ms["painted_hexmap"] / ms["painted_direct"]
    floor = ms["painted_json"] / ms["painted_direct"]
    noise = ms["noise_hexmap"] / ms["noise_direct"]
    bare = ms["bare_hexmap"] / ms["bare_direct"]
    layers_mib = sum(layer.nbytes for layer in boards["painted"].layers.values()) / 2**20
    figures.update(
        open_save_500=ratio,
        open_save_500_ms=ms["painted_hexmap"],
        open_save_direct_ms=ms["painted_direct"],
        open_save_500_floor=floor,
        open_save_500_noise=noise,
        open_save_500_no_tokens=bare,
        open_save_500_kib=size_kib,
        open_save_500_peak_mib=peak_mib,
    )
    print(
        f"open_save_500: load + save {ms['painted_hexmap']:.0f} ms / direct "
        f"{ms['painted_direct']:.0f} ms = {ratio:.2f}× for a painted 500×500 map, 200 tokens, "
        f"a {PICTURE_PX}×{PICTURE_PX} picture ({len(picture) // 1024} KiB), {size_kib:.0f} KiB "
        f"in all (goal ≤ 2: {verdict(ratio <= 2)})"
    )
    print(
        f"open_save_500_floor: the direct work plus parsing and writing map.json's text "
        f"alone {ms['painted_json']:.0f} ms = {floor:.2f}× (no tokens, layers or checks made "
        "of it: what any file with JSON tokens costs at best; for information)"
    )
    print(
        f"open_save_500_noise: {ms['noise_hexmap']:.0f} ms / {ms['noise_direct']:.0f} ms = "
        f"{noise:.2f}× with per-hex noise terrain (deflate's worst case; for information), "
        f"{noise_kib:.0f} KiB"
    )
    print(
        f"open_save_500_no_tokens: {ms['bare_hexmap']:.0f} ms / {ms['bare_direct']:.0f} ms = "
        f"{bare:.2f}× for the same map and picture without its tokens (the layers and the "
        f"picture alone: streamed, no second copy; for information)"
    )
    print(
        f"open_save_500_peak: {peak_mib:.1f} MiB allocated at most during one load + save of "
        f"the painted map (tracemalloc; its layers are {layers_mib:.1f} MiB, its picture "
        f"{len(picture) / 2**20:.1f} MiB; for information)"
    )


def bench_area_preview(figures: dict[str, float]) -> None:
    """The Area tool's query per mouse move vs one normal-zoom frame of the same map."""
    from area_preview import FRAME_60HZ_MS, SIZE, aim_cases, walled_board

    board = walled_board(varied_board(SIZE, SIZE, tokens=50))
    keep: list[object] = []
    cases = dict(aim_cases(board))
    cases["frame"] = frame(zoom_to_normal(make_view(board, keep)))
    ms = {name: med(times) for name, times in interleaved(cases).items()}
    for name in ("cone_6", "burst_6", "burst_12"):
        figures[f"area_{name}_ms"] = ms[name]
    worst = max(ms["cone_6"], ms["burst_6"])
    ratio = worst / ms["frame"]
    figures["area_preview_vs_frame"] = ratio
    print(
        f"area preview, {SIZE}×{SIZE}, 50 tokens, 5 % walls: the rules query per new hex — "
        f"Cone 6 {ms['cone_6']:.1f} ms, Burst 6 {ms['burst_6']:.1f} ms (Burst 12 "
        f"{ms['burst_12']:.1f} ms) — vs a full normal-zoom repaint {ms['frame']:.1f} ms = "
        f"{ratio:.2f}× (goal ≤ 0.25, well inside the {FRAME_60HZ_MS:.1f} ms frame the "
        f"repaint needs anyway: {verdict(ratio <= 0.25)})"
    )


def bench_movement_field(figures: dict[str, float]) -> None:
    """The movement field vs scipy's Dijkstra on a prebuilt whole-map graph, and a
    terrain edit then a field vs a field alone."""
    from movement_field import (
        BUDGETS,
        EDIT_BUDGET,
        MOVER,
        SIZE,
        edit_cases,
        field_cases,
        spread,
        terrain_board,
        verify,
        whole_map_graph,
    )

    board = terrain_board()
    graph = whole_map_graph(board, MOVER)
    verify(board, graph)  # same reachable set and costs, before anything is timed
    cases = field_cases(board, graph)
    edits = edit_cases(board)
    for run in [*cases.values(), *edits.values()]:
        run()  # warm
    samples = interleaved(cases, repeats=3 * REPEATS)
    # Timed on their own: after a whole-map search the caches would favour whichever ran
    # second.
    samples.update(interleaved(edits, repeats=3 * REPEATS))
    ms = {name: med(times) for name, times in samples.items()}

    def rounds(top: str, bottom: str) -> list[float]:
        return [a / b for a, b in zip(samples[top], samples[bottom], strict=True)]

    for budget in BUDGETS:
        ours, theirs = ms[f"field_{budget}"], ms[f"scipy_{budget}"]
        ratio = ours / theirs
        figures.update(
            {
                f"movement_vs_scipy_b{budget}": ratio,
                f"movement_field_ms_b{budget}": ours,
                f"scipy_dijkstra_ms_b{budget}": theirs,
            }
        )
        print(
            f"movement_vs_scipy_b{budget}: movement_field {ours:.2f} ms / scipy dijkstra on "
            f"a prebuilt {SIZE}×{SIZE} graph {theirs:.2f} ms = {ratio:.2f}× (per round "
            f"{spread(rounds(f'field_{budget}', f'scipy_{budget}'))}; goal ≤ 1.0: "
            f"{verdict(ratio <= 1.0)}, acceptable ≤ 1.5: {verdict(ratio <= 1.5)})"
        )
        floor = ms[f"window_{budget}"] / theirs
        figures[f"movement_floor_b{budget}"] = floor
        print(
            f"movement_floor_b{budget}: scipy's Dijkstra alone on the field's window, its "
            f"graph built beforehand, {ms[f'window_{budget}']:.2f} ms = {floor:.2f}× (what "
            "is left of the goal for building the window's costs; for information)"
        )
    ratio = ms["edit"] / ms["alone"]
    figures.update(terrain_edit_then_field=ratio, terrain_edit_then_field_ms=ms["edit"])
    print(
        f"terrain_edit_then_field: with_terrain + movement_field b{EDIT_BUDGET} "
        f"{ms['edit']:.2f} ms / movement_field alone {ms['alone']:.2f} ms = {ratio:.2f}× "
        f"(per round {spread(rounds('edit', 'alone'))}; goal ≤ 1.1: {verdict(ratio <= 1.1)})"
    )


def bench_drag_preview(figures: dict[str, float]) -> None:
    """A token drag's mouse move (path, cost, marks and label painted where they changed)
    vs a full repaint of the view, for every map size and token count of issue #20."""
    from drag_preview import SIZES, TOKEN_COUNTS, conflict_board, drag_move

    worst = 0.0
    for size in SIZES:
        for tokens in TOKEN_COUNTS:
            ratio = _drag_case(figures, size, tokens)
            worst = max(worst, ratio)
    figures["drag_preview_worst"] = worst
    print(f"drag_preview worst case: {worst:.2f}× (goal ≤ 1.2: {verdict(worst <= 1.2)})")
    board = conflict_board(painted_board(SIZES[0], SIZES[0], tokens=TOKEN_COUNTS[0]))
    keep: list[object] = []
    bare = zoom_to_normal(make_view(board, keep))
    dragged = zoom_to_normal(make_view(board, keep))
    cases = {"move": drag_move(dragged), "repaint": frame(bare)}
    ms = {name: med(times) for name, times in interleaved(cases, 3 * REPEATS).items()}
    full = ms["move"] / ms["repaint"]
    figures["drag_preview_full_repaint"] = full
    print(
        f"drag_preview_full_repaint, {SIZES[0]}², {TOKEN_COUNTS[0]} tokens: a move then a "
        f"repaint of the whole view {ms['move']:.1f} ms / {ms['repaint']:.1f} ms = {full:.2f}× "
        f"(for information: the cost if every move redrew everything)"
    )
    _close(keep)


def _drag_case(figures: dict[str, float], size: int, tokens: int) -> float:
    """One map of ``size``² with ``tokens`` tokens: a drag's move vs a bare repaint."""
    from drag_preview import conflict_board, drag_update

    board = conflict_board(painted_board(size, size, tokens=tokens))
    keep: list[object] = []
    bare = zoom_to_normal(make_view(board, keep))
    dragged = zoom_to_normal(make_view(board, keep))
    move, counter = drag_update(dragged)
    bare.centerOn(dragged.mapToScene(dragged.viewport().rect().center()))
    for _ in range(3):  # warm: the first moves build the preview's pictures
        move()
    counter.paints, counter.covered = 0, 0.0
    samples = interleaved({"move": move, "repaint": frame(bare)}, 3 * REPEATS)
    if counter.paints < len(samples["move"]):
        raise RuntimeError(f"{counter.paints} paints for {len(samples['move'])} moves")
    ms = {name: med(times) for name, times in samples.items()}
    ratio = ms["move"] / ms["repaint"]
    key = f"{size}_{tokens}"
    figures.update(
        {
            f"drag_preview_{key}": ratio,
            f"drag_move_ms_{key}": ms["move"],
            f"drag_repaint_ms_{key}": ms["repaint"],
        }
    )
    if (size, tokens) == (200, 50):
        figures.update(drag_preview=ratio, drag_move_ms=ms["move"], drag_repaint_ms=ms["repaint"])
    share = counter.covered / counter.paints
    print(
        f"drag_preview, {size}×{size}, {tokens} tokens: a mouse move to a new hex, its path, "
        f"cost, marks and label painted {ms['move']:.1f} ms / a full repaint of the view "
        f"{ms['repaint']:.1f} ms = {ratio:.2f}× (each move repainted {share:.0%} of the view; "
        f"goal ≤ 1.2: {verdict(ratio <= 1.2)})"
    )
    _close(keep)
    return ratio


def _close(keep: list[object]) -> None:
    """Close the views among ``keep`` (a 1000² map's scene is big)."""
    for item in keep:
        if isinstance(item, MapView):
            item.close()
            item.setScene(None)
    keep.clear()
    QApplication.processEvents()


def bench_big_map(figures: dict[str, float]) -> None:
    """A 2000² map to first paint vs a 20² map's, with peak memory (issue #20)."""
    from big_map import bench_big_map as run

    run(figures)


def bench_many_tokens(figures: dict[str, float]) -> None:
    """Drag, area preview and Next Turn with 1,000 tokens vs 50 (issue #20)."""
    from many_tokens import bench_many_tokens as run

    run(figures)


BENCHMARKS: dict[str, Callable[[dict[str, float]], None]] = {
    "drawing": bench_drawing,
    "startup": bench_startup,
    "open_save": bench_open_save,
    "area_preview": bench_area_preview,
    "movement_field": bench_movement_field,
    "drag_preview": bench_drag_preview,
    "big_map": bench_big_map,
    "many_tokens": bench_many_tokens,
}


def main(names: list[str]) -> int:
    """Run the benchmarks ``names`` (all when empty)."""
    unknown = sorted(set(names) - set(BENCHMARKS))
    if unknown:
        print(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
        return 2
    app = QApplication.instance() or QApplication(sys.argv[:1])
    figures: dict[str, float] = {}
    for name, bench in BENCHMARKS.items():
        if not names or name in names:
            bench(figures)
    del app
    print(json.dumps({key: round(value, 3) for key, value in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
