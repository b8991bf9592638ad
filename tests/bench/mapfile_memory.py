"""Peak memory of loading and saving the largest legal map (issue #14) and of typical
500×500 and 2000×2000 maps (issue #20); not collected by pytest, and not part of run.py:
each figure needs a fresh process.

    .venv/bin/python tests/bench/mapfile_memory.py [--keep DIR] [pictures] [json] [typical]

Each map is the worst the reader's limits allow: a 2000×2000 grid (every layer of random
values, so they barely deflate) and two pictures that fill the rest of the 512 MiB the
archive may unpack to (a PNG header, then zeros: a file of a few MiB). In the ``json``
case map.json is also filled to its 16 MiB limit with short strings (the most Python
objects per byte that the limit on lists and objects leaves). Each is built with
``zipfile`` directly, so building it does not depend on the writer under test. Then, in
a fresh Python per map, ``rules.mapfile.load`` reads it and ``rules.mapfile.save``
writes it again; the child reports its peak resident memory (Linux ``VmHWM``, reset
between the load and the save through ``/proc/self/clear_refs``; elsewhere
``ru_maxrss``, which cannot be reset, so the save's figure includes the load's). The
goal is 1 GiB for each.

The ``typical`` case is a map as a game master paints it (``painted_board`` of run.py:
terrain in patches of 20×20 hexes, straight walls, 200 tokens, no pictures), 500×500 and
2000×2000, saved by ``rules.mapfile.save``; for each it prints the load's time and peak
resident memory (the part of the app's 250 MB budget for showing a 2000×2000 map at first
paint that opening the file takes), what the load holds after, a second load's time
(warm: the first pays for what runs once per process) and the save's. Prints a line per
figure and a JSON object last.
"""

from __future__ import annotations

import argparse
import io
import json
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

import numpy as np

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent.parent
sys.path.insert(0, str(REPO))

from rules import mapfile  # noqa: E402
from rules.board.grid import MAX_MAP_SIDE, Board  # noqa: E402
from rules.board.terrain import LAYER_SPECS  # noqa: E402
from rules.mapfile.archive import MAX_JSON_BYTES, MAX_TOTAL_BYTES, MIB  # noqa: E402

GOAL_MIB = 1024
PICTURES = ("left.png", "right.png")
CHUNK = 16 * MIB


def png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR chunk declaring ``width`` × ``height``."""
    body = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body))


def npy_bytes(array: np.ndarray) -> bytes:
    """``array`` as ``np.save`` writes it (the worst map is built without the writer)."""
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    return buffer.getvalue()


def filled_json(map_json: bytes) -> bytes:
    """``map_json`` with an ``"extra"`` list of two-letter strings (which the reader
    ignores) filling it to :data:`MAX_JSON_BYTES`."""
    head = map_json.rstrip().removesuffix(b"}").rstrip() + b',\n  "extra": ['
    count = (MAX_JSON_BYTES - len(head) - 4) // 5
    return head + b",".join([b'"ab"'] * count) + b"]}"


def build_worst(path: Path, json_filled: bool = False) -> dict[str, int]:
    """Write the largest legal map to ``path`` (its map.json filled to its limit too when
    ``json_filled``); its member sizes."""
    side = MAX_MAP_SIDE
    rng = np.random.default_rng(14)
    board = Board.blank(side, side, name="The largest legal map")
    for name in PICTURES:
        board = board.with_image(name, png_header(16, 16))
    with zipfile.ZipFile(io.BytesIO(mapfile.dumps(board))) as zf:
        map_json = zf.read("map.json")
    if json_filled:
        map_json = filled_json(map_json)
    layers = {}
    for name, spec in LAYER_SPECS.items():
        values = rng.integers(spec.minimum, spec.maximum + 1, size=(side, side))
        layers[name] = npy_bytes(values.astype(spec.dtype))
    used = len(map_json) + sum(map(len, layers.values()))
    picture = (MAX_TOTAL_BYTES - used) // len(PICTURES)
    sizes = {"map.json": len(map_json), **{f"layers/{k}": len(v) for k, v in layers.items()}}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("map.json", map_json)
        for name, data in layers.items():
            zf.writestr(f"layers/{name}.npy", data, compresslevel=1)
        for name in PICTURES:
            info = zipfile.ZipInfo(f"images/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with zf.open(info, "w") as out:
                head = png_header(16_000, 8_000)
                out.write(head)
                left = picture - len(head)
                while left > 0:
                    out.write(bytes(min(CHUNK, left)))
                    left -= CHUNK
            sizes[f"images/{name}"] = picture
    return sizes


CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, {repo!r})

def status(key):
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

def reset_peak():
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False

from rules import mapfile
figures = {{"imports_mib": status("VmHWM")}}
start = time.perf_counter()
board = mapfile.load({source!r})
figures["load_s"] = time.perf_counter() - start
figures["load_peak_mib"] = status("VmHWM")
figures["loaded_rss_mib"] = status("VmRSS")
figures["peak_reset"] = reset_peak()
start = time.perf_counter()
mapfile.save(board, {target!r})
figures["save_s"] = time.perf_counter() - start
figures["save_peak_mib"] = status("VmHWM")
if {again!r}:
    del board
    start = time.perf_counter()
    mapfile.load({source!r})
    figures["reload_s"] = time.perf_counter() - start
print(json.dumps(figures))
"""


def measure(source: Path, target: Path, again: bool = False) -> dict[str, float]:
    """Load ``source`` and save it to ``target`` in a fresh Python (then, if ``again``,
    load ``source`` a second time); its figures."""
    script = CHILD.format(repo=str(REPO), source=str(source), target=str(target), again=again)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=900
    )
    if done.returncode != 0:
        raise SystemExit(f"the measuring child failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


WORST = {"pictures": False, "json": True}
"""Worst case name → whether its map.json is filled to its limit too."""
TYPICAL_SIDES = (500, 2000)
"""The sides of the typical case's maps."""
TYPICAL_TOKENS = 200
CASES = (*WORST, "typical")


def run_case(name: str, folder: Path) -> tuple[dict[str, float], bool]:
    """Build case ``name`` in ``folder``, measure it and print its lines; its figures and
    whether they meet the goal."""
    source, target = folder / f"largest-{name}.hexmap", folder / f"largest-{name}-saved.hexmap"
    start = time.perf_counter()
    sizes = build_worst(source, WORST[name])
    built = time.perf_counter() - start
    unpacked = sum(sizes.values()) / MIB
    print(
        f"[{name}] built {source.name}: {source.stat().st_size / MIB:.1f} MiB on disk, "
        f"{unpacked:.1f} MiB unpacked (map.json {sizes['map.json'] / MIB:.1f} MiB, "
        f"{len(sizes)} members) in {built:.1f} s"
    )
    figures = measure(source, target)
    ok = {key: figures[key] <= GOAL_MIB for key in ("load_peak_mib", "save_peak_mib")}
    print(f"[{name}] after imports: {figures['imports_mib']:.0f} MiB")
    print(
        f"[{name}] load: peak {figures['load_peak_mib']:.0f} MiB (goal ≤ {GOAL_MIB}: "
        f"{'ok' if ok['load_peak_mib'] else 'MISSED'}), "
        f"{figures['loaded_rss_mib']:.0f} MiB held after, {figures['load_s']:.1f} s"
    )
    since = "since the load" if figures["peak_reset"] else "including the load"
    print(
        f"[{name}] save: peak {figures['save_peak_mib']:.0f} MiB {since} (goal ≤ {GOAL_MIB}: "
        f"{'ok' if ok['save_peak_mib'] else 'MISSED'}), {figures['save_s']:.1f} s"
    )
    for path in (source, target):
        path.unlink(missing_ok=True)
    return {"unpacked_mib": unpacked, **figures}, all(ok.values())


def build_typical(path: Path, side: int) -> None:
    """Save a typical ``side`` × ``side`` map to ``path``: painted in patches as run.py's
    ``open_save`` benchmark paints it (imported from there, so both measure one map),
    :data:`TYPICAL_TOKENS` tokens, no pictures."""
    from tests.bench.run import painted_board  # Qt and the app too: only in this process

    mapfile.save(painted_board(side, side, tokens=TYPICAL_TOKENS), path)


def run_typical(folder: Path) -> dict[str, dict[str, float]]:
    """Measure the typical maps (:data:`TYPICAL_SIDES`) and print a line for each; their
    figures by side (``"500"``, ``"2000"``). For information: no goal is judged here (the
    250 MB is the whole app's, at first paint)."""
    results: dict[str, dict[str, float]] = {}
    for side in TYPICAL_SIDES:
        source = folder / f"typical-{side}.hexmap"
        target = folder / f"typical-{side}-saved.hexmap"
        build_typical(source, side)
        figures = measure(source, target, again=True)
        size = source.stat().st_size / MIB
        print(
            f"[typical {side}×{side}] {TYPICAL_TOKENS} tokens, {size:.2f} MiB on disk: "
            f"load {figures['load_s'] * 1000:.0f} ms (warm {figures['reload_s'] * 1000:.0f} ms), "
            f"peak {figures['load_peak_mib']:.0f} MiB "
            f"({figures['load_peak_mib'] - figures['imports_mib']:.0f} MiB over the "
            f"{figures['imports_mib']:.0f} MiB after imports), "
            f"{figures['loaded_rss_mib']:.0f} MiB held after; save "
            f"{figures['save_s'] * 1000:.0f} ms, peak {figures['save_peak_mib']:.0f} MiB"
        )
        results[str(side)] = {"file_mib": size, **figures}
        for path in (source, target):
            path.unlink(missing_ok=True)
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the cases named in ``argv`` (all by default); 1 if a worst case misses its goal."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build the maps in this folder")
    parser.add_argument("cases", nargs="*", help=f"of {', '.join(CASES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.cases) - set(CASES)
    if unknown:
        parser.error(f"unknown case {sorted(unknown)[0]!r}; the cases are {', '.join(CASES)}")
    results: dict[str, dict[str, float]] = {}
    passed = True
    with tempfile.TemporaryDirectory(prefix="hexweave-memory-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name in args.cases or CASES:
            if name == "typical":
                results.update({f"typical_{k}": v for k, v in run_typical(folder).items()})
                continue
            results[name], ok = run_case(name, folder)
            passed = passed and ok
    print(json.dumps(results))
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
