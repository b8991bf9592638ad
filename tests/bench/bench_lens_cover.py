"""Benchmark: the cover lens (issue #19) against one frame of the same map.

    .venv/bin/python tests/bench/bench_lens_cover.py

The Cover lens recomputes :func:`rules.lens.cover_map` on every edit of the map while it is
on (``app/shell/features/lens.py``), so it should take well under one frame: one
normal-zoom repaint of a 1280×800 map view of the same map, measured in the same run (as
``bench_lens_threat.py`` does). The map is painted as a game master would
(``run.painted_board``, 200×200: straight walls every 50 rows) with 50 tokens, 10 of them
enemies spread over the whole map, and the selected creature (Movement 5) in its middle.

Cases, interleaved: ``open`` — that map (no Concealment: most of the work is tracing the
lines from the enemies, through the walls); ``fogged`` — with Concealment painted in 20×20
patches as well (world, magic and noise, Tier 1–4), so every enemy that perceives the
creature also gets a :func:`rules.battlefield.concealment_field`; ``walled`` — walls on 5 %
more hexes (``area_preview.walled_board``); ``crowd`` — every other token an enemy (49).
Prints ratios; asserts no timing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from rules import Board
from rules.lens import cover_map

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZE = 200
TOKENS = 50
ENEMIES = tuple(f"t{i}" for i in range(1, 11))
HERO = "t25"  # cell (125, 125), between the walls of rows 100 and 150


def lens_board(board: Board, enemies: tuple[str, ...] = ENEMIES) -> Board:
    """``board`` with ``enemies``, the selected creature on the party's side and the rest
    neutral (tokens default to Movement 5)."""
    for token in list(board.tokens.values()):
        side = "enemy" if token.id in enemies else "party" if token.id == HERO else "neutral"
        board = board.with_token_replaced(replace(token, side=side))
    return board


def fogged(board: Board, seed: int = 2, cell: int = 20) -> Board:
    """``board`` with Concealment in ``cell``×``cell`` patches: a third of them, Tier 1–4,
    of the world, magic or noise."""
    rng = np.random.default_rng(seed)
    shape = (-(-board.height // cell), -(-board.width // cell))

    def patches(values: np.ndarray) -> np.ndarray:
        return values.repeat(cell, axis=0).repeat(cell, axis=1)[: board.height, : board.width]

    tiers = np.where(rng.random(shape) < 1 / 3, rng.integers(1, 5, shape), 0)
    kinds = rng.choice([0, 0, 1, 2], shape)
    board = board.with_layer("concealment", patches(tiers).astype(np.uint8))
    return board.with_layer("concealment_kind", patches(kinds).astype(np.uint8))


def boards() -> dict[str, Board]:
    """The maps of the cases (module notes)."""
    from area_preview import walled_board
    from run import painted_board

    painted = painted_board(SIZE, SIZE, tokens=TOKENS)
    everyone = tuple(f"t{i}" for i in range(TOKENS) if f"t{i}" != HERO)
    return {
        "open": lens_board(painted),
        "fogged": lens_board(fogged(painted)),
        "walled": lens_board(walled_board(painted)),
        "crowd": lens_board(painted, everyone),
    }


def lens_cases(maps: dict[str, Board]) -> dict[str, Callable[[], object]]:
    """One cover map per case."""

    def run(board: Board) -> Callable[[], object]:
        return lambda: cover_map(board, HERO)

    return {name: run(board) for name, board in maps.items()}


def bench_lens_cover(figures: dict[str, float]) -> None:
    """The cover lens per query vs one normal-zoom frame of the same map."""
    from run import REPEATS, frame, interleaved, make_view, med, verdict, zoom_to_normal

    maps = boards()
    keep: list[object] = []
    cases = lens_cases(maps)
    cases["frame"] = frame(zoom_to_normal(make_view(maps["open"], keep)))
    for run in cases.values():
        run()  # warm
    ms = {name: med(times) for name, times in interleaved(cases, 3 * REPEATS).items()}
    ratios = {name: ms[name] / ms["frame"] for name in maps}
    for name, ratio in ratios.items():
        figures[f"lens_cover_{name}_ms"] = ms[name]
        figures[f"lens_cover_{name}_vs_frame"] = ratio
    figures["lens_cover_frame_ms"] = ms["frame"]
    found = cover_map(maps["open"], HERO)
    hidden = int(found.hidden.sum())
    print(
        f"lens_cover, {SIZE}×{SIZE}, {TOKENS} tokens, {len(ENEMIES)} enemies: cover map "
        f"{ms['open']:.1f} ms / a normal-zoom repaint {ms['frame']:.1f} ms = "
        f"{ratios['open']:.2f}× (goal ≤ 0.5, well under one: {verdict(ratios['open'] <= 0.5)}); "
        f"{len(found.spaces())} spots, {hidden} hidden"
    )
    print(
        f"lens_cover, the same with Concealment in patches {ms['fogged']:.1f} ms = "
        f"{ratios['fogged']:.2f}×; with 5 % more walls {ms['walled']:.1f} ms = "
        f"{ratios['walled']:.2f}×; 49 enemies {ms['crowd']:.1f} ms = {ratios['crowd']:.2f}×"
    )


def main() -> int:
    import json

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    figures: dict[str, float] = {}
    bench_lens_cover(figures)
    del app
    print(json.dumps({key: round(value, 3) for key, value in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
