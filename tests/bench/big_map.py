"""Benchmark: opening a 2000×2000 map to its first paint, against a 20×20 map, and the
app's peak resident memory doing it (issue #20 ``big_map``: within 1.5× of the small
map's time, in ≤ 250 MB).

A map shows only a window's worth of hexes at first, so the app should build what the
first paint needs and the rest on demand: then a map 10,000 times the size opens nearly
as fast as a small one, and in little more memory than the file's layers themselves.

Painted maps (``painted_board`` of run.py: terrain in patches of 20×20 hexes, straight
walls) of 20×20, 500×500 and 2000×2000 hexes with 50 tokens each are saved with
``rules.mapfile.save``. Each is opened by ``python -m app MAP --quit-after-first-paint``
in a fresh process (offscreen, throw-away settings, bytecode cached as when installed),
once to warm up, then in interleaved rounds. A round's time is from launch to the
first-paint line the app prints, as ``startup`` measures it; its memory is the child's
peak resident set (``ru_maxrss`` from ``os.wait4``).

The child is launched by a small helper process, not by this one: Linux starts a child's
``ru_maxrss`` at the high-water mark of the process that forked it (it is carried across
``exec``), so launched from a benchmark process that holds Qt and a 2000×2000 board the
figure would be this process's peak, not the app's. The helper's own peak (~10 MB) is
far below any app's.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from app.main import FIRST_PAINT

SIDES = (20, 500, 2000)
TOKENS = 50
TIME_GOAL = 1.5  # 2000×2000 first paint / 20×20 first paint
RSS_GOAL_MIB = 250.0  # peak resident memory for 2000×2000

# Run as ``python -c HELPER LINE APP_ARGV...``: launches the app (its stderr goes to the
# helper's), reads its output to LINE (the app's first-paint line), waits, prints
# "ms maxrss" and exits with the app's exit code (no such line: exit code 3).
HELPER = """\
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, text=True)
painted = None
for line in child.stdout:
    if painted is None and line.strip() == sys.argv[1]:
        painted = time.perf_counter()
_, status, usage = os.wait4(child.pid, 0)
child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
if painted is None:
    sys.exit(child.returncode or 3)
print((painted - start) * 1000.0, usage.ru_maxrss)
sys.exit(child.returncode)
"""
# ru_maxrss is in KiB on Linux, in bytes on macOS.
MAXRSS_PER_MIB = 1024.0 * 1024.0 if sys.platform == "darwin" else 1024.0


def first_paint(path: Path, env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Milliseconds from launch to the first paint of the app opening ``path`` (it quits
    after it), and the app's peak resident memory in MiB."""
    app = [sys.executable, "-m", "app", str(path), "--quit-after-first-paint"]
    done = subprocess.run(
        [sys.executable, "-c", HELPER, FIRST_PAINT, *app],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode:
        problem = "\n".join(done.stderr.strip().splitlines()[-15:])
        raise RuntimeError(f"{' '.join(app)} exited with {done.returncode}:\n{problem}")
    ms, maxrss = done.stdout.split()
    return float(ms), float(maxrss) / MAXRSS_PER_MIB


def bench_big_map(figures: dict[str, float]) -> None:
    """First paint of 20², 500² and 2000² maps: time ratio and peak RSS (issue #20)."""
    from run import REPEATS, REPO, med, painted_board, startup_env, verdict

    from rules import mapfile

    times: dict[int, list[float]] = {side: [] for side in SIDES}
    rss: dict[int, list[float]] = {side: [] for side in SIDES}
    with tempfile.TemporaryDirectory(prefix="hexweave-bench-") as tmp:
        env = startup_env(tmp)
        paths = {side: Path(tmp) / f"painted_{side}.hexmap" for side in SIDES}
        for side, path in paths.items():
            mapfile.save(painted_board(side, side, tokens=TOKENS), path)
        for path in paths.values():
            first_paint(path, env, REPO)  # warm the OS file cache and write the .pyc files
        for _ in range(REPEATS):
            for side, path in paths.items():
                ms, mib = first_paint(path, env, REPO)
                times[side].append(ms)
                rss[side].append(mib)
    ms = {side: med(samples) for side, samples in times.items()}
    mib = {side: med(samples) for side, samples in rss.items()}
    ratio = ms[2000] / ms[20]
    rounds = [big / small for big, small in zip(times[2000], times[20], strict=True)]
    low, _, high = statistics.quantiles(rounds, n=4)
    for side in SIDES:
        figures[f"first_paint_ms_{side}"] = ms[side]
    figures["first_paint_ratio_2000"] = ratio
    for side in SIDES:
        figures[f"peak_rss_mib_{side}"] = mib[side]
    rss_ok = verdict(mib[2000] <= RSS_GOAL_MIB)
    print(
        f"big_map: first paint 2000×2000 {ms[2000]:.0f} ms / 20×20 {ms[20]:.0f} ms = "
        f"{ratio:.2f}× (per round {low:.2f}–{high:.2f}; goal ≤ {TIME_GOAL}: "
        f"{verdict(ratio <= TIME_GOAL)}); peak RSS 2000² {mib[2000]:.0f} MiB (goal ≤ "
        f"{RSS_GOAL_MIB:.0f}: {rss_ok}), 500² {mib[500]:.0f} MiB, 20² {mib[20]:.0f} MiB"
    )
    print(
        f"big_map_500: first paint 500×500 {ms[500]:.0f} ms = {ms[500] / ms[20]:.2f}× the "
        f"20×20's (painted maps, {TOKENS} tokens, launch to first paint of a fresh process)"
    )


if __name__ == "__main__":
    results: dict[str, float] = {}
    bench_big_map(results)
    print(json.dumps({key: round(value, 3) for key, value in results.items()}))
