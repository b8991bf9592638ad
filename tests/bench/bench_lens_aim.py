"""Benchmark: the best-aim lens (issue #19) against one normal repaint of the same map.

    .venv/bin/python tests/bench/bench_lens_aim.py

Issue #19's budget: on a 200×200 map with 50 tokens, best aim for a Cone 6 with range 12
(every origin × 12 facings) within 3 frames, a frame being one normal repaint of the map
view. As the other benches do (``run.py``: ``area_preview``, ``drag_preview``), the frame
is measured in the same run: a normal-zoom repaint of a 1280×800 view of the same map.
The map is painted as a game master would (``run.painted_board``: ground, elevation and
water in 20×20 patches, straight walls) with walls on 5 % more of its hexes
(``area_preview.walled_board``); a party Mage stands in its middle with enemies and allies
around it and the rest of the 50 tokens spread over the map. The brute force it replaces
(:func:`rules.aim` for every origin in range × every facing) is timed on a sample and
scaled to every placement, for information. Prints one line per figure, then one JSON
object of named figures as the last line, like ``run.py``; never asserts timing.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from area_preview import walled_board
from PySide6.QtWidgets import QApplication
from run import REPEATS, frame, interleaved, make_view, med, painted_board, verdict, zoom_to_normal

from rules import AreaKind, AreaTemplate, Board, Hex, RuleOptions, Token, aim
from rules.battlefield import origin_mask
from rules.lens import best_aim

SIZE = 200
CASTER = "mage"
FRAMES = 3  # the budget for a Cone 6, range 12
CASES = {  # name: (kind, value, range)
    "cone_6_r12": (AreaKind.CONE, 6, 12),
    "line_6_r12": (AreaKind.LINE, 6, 12),
    "burst_3_r12": (AreaKind.BURST, 3, 12),
    "cone_6_free": (AreaKind.CONE, 6, None),
}


def lens_board(seed: int = 5) -> Board:
    """A painted 200×200 map, 5 % walls, and 50 tokens: the Mage in the middle, 16 enemies
    (two of them size-4 ogres) and 8 allies within 14 spaces of it, 25 more anywhere."""
    board = walled_board(painted_board(SIZE, SIZE))
    rng = random.Random(seed)
    middle = board.hex_at(SIZE // 2, SIZE // 2)
    taken: set[Hex] = set()

    def place(token_id: str, name: str, side: str, near: int | None, size: int = 0) -> None:
        nonlocal board
        while True:
            if near is None:
                anchor = board.hex_at(rng.randrange(SIZE - 2), rng.randrange(SIZE - 2))
            else:
                anchor = middle + Hex(rng.randint(-near, near), rng.randint(-near, near))
            token = Token(token_id, name, anchor, size=size, side=side)
            if not token.footprint & taken:
                break
        board = board.with_terrain("blocked", token.footprint, False)
        board = board.with_token(token)
        taken.update(token.footprint)

    place(CASTER, "Mage", "party", 0)
    for i in range(16):
        place(f"goblin-{i}", f"Goblin {i}", "enemy", 14, size=4 if i < 2 else 0)
    for i in range(8):
        place(f"guard-{i}", f"Guard {i}", "ally", 14)
    for i in range(25):
        place(f"far-{i}", f"Wanderer {i}", ("enemy", "neutral", "ally")[i % 3], None)
    return board


def lens_cases(board: Board) -> dict[str, Callable[[], object]]:
    """One best-aim query per case (top 3, the defaults)."""

    def run(kind: AreaKind, value: int, range_value: int | None) -> Callable[[], object]:
        return lambda: best_aim(board, CASTER, kind, value, range_value)

    return {name: run(*spec) for name, spec in CASES.items()}


def brute_force_ms(board: Board, sample: int = 300) -> tuple[float, int]:
    """What calling :func:`aim` for every origin in range × 12 facings of a Cone 6 with
    range 12 would take: the mean of ``sample`` calls times the number of placements."""
    opts = RuleOptions.of(board.options)
    mask = origin_mask(board, CASTER, AreaKind.CONE, 12, opts)
    rows, cols = mask.nonzero()
    origins = [board.hex_at(int(c), int(r)) for r, c in zip(rows, cols, strict=True)]
    placements = [(h, f) for h in origins for f in range(12)]
    picked = random.Random(1).sample(placements, min(sample, len(placements)))
    start = time.perf_counter()
    for origin, facing in picked:
        template = AreaTemplate("x", AreaKind.CONE, 6, (origin,), facing=facing, caster=CASTER)
        aim(board, template, opts, range_value=12)
    per_call = (time.perf_counter() - start) * 1000.0 / len(picked)
    return per_call * len(placements), len(placements)


def bench_lens_aim(figures: dict[str, float]) -> None:
    board = lens_board()
    keep: list[object] = []
    cases = lens_cases(board)
    cases["frame"] = frame(zoom_to_normal(make_view(board, keep)))
    for run in cases.values():
        run()  # warm: caches of shapes, fonts and brushes
    ms = {name: med(times) for name, times in interleaved(cases, 3 * REPEATS).items()}
    brute, placements = brute_force_ms(board)
    for name, (kind, value, range_value) in CASES.items():
        found = best_aim(board, CASTER, kind, value, range_value)
        ratio = ms[name] / ms["frame"]
        figures[f"lens_aim_{name}_ms"] = ms[name]
        figures[f"lens_aim_{name}_frames"] = ratio
        best = found.best.describe() if found.best else found.describe()
        print(
            f"lens_aim {name}: {ms[name]:.1f} ms = {ratio:.2f} frames "
            f"({found.considered} placements scored, {found.verified} checked exactly); "
            f"best: {best}"
        )
    ratio = ms["cone_6_r12"] / ms["frame"]
    figures.update(
        lens_aim_frame_ms=ms["frame"],
        lens_aim_vs_frame=ratio,
        lens_aim_brute_force_ms=brute,
    )
    print(
        f"lens_aim, {SIZE}×{SIZE}, 50 tokens: best aim for a Cone 6 with range 12 "
        f"{ms['cone_6_r12']:.1f} ms / a normal-zoom repaint {ms['frame']:.1f} ms = "
        f"{ratio:.2f} frames (goal ≤ {FRAMES}: {verdict(ratio <= FRAMES)}); aim() on every "
        f"one of the {placements} placements would take ≈ {brute:.0f} ms "
        f"({brute / ms['cone_6_r12']:.0f}× more)"
    )


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    figures: dict[str, float] = {}
    bench_lens_aim(figures)
    del app
    print(json.dumps({key: round(value, 3) for key, value in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
