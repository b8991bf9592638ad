"""Benchmark: the threat lens (issue #19) against one frame of the same map.

    .venv/bin/python tests/bench/bench_lens_threat.py

The issue's budget, on a 200×200 map with 50 tokens: a threat map for 10 enemies within
2 frames of a normal repaint, and the update after one token moves within 1 frame (the
fields that did not change reused). "A frame" is what the other benches measure (see
``bench_area_preview`` in run.py): one normal-zoom repaint of a 1280×800 map view of the
same map, measured in the same run. One movement field of an enemy (Movement 5) is
printed beside it for scale.

Cases, interleaved: ``fresh`` — :func:`rules.lens.threat_map` with no cache (10 fields,
10 turn starts); ``update`` — a token steps back and forth beside one enemy, the map
recomputed with a warm :class:`rules.lens.FieldCache` (1 field computed, 9 reused);
``update_far`` — a token moves far from every enemy (all 10 reused). Before timing, the
cached maps must equal fresh ones. Prints ratios; asserts no timing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace
from itertools import cycle

import numpy as np

from rules import Board
from rules.lens import FieldCache, ThreatMap, threat_map
from rules.movement import movement_field

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZE = 200
TOKENS = 50
ENEMIES = tuple(f"t{i}" for i in range(1, 11))
HERO = "t25"
STEPPER = "t30"  # steps beside the first enemy: its field must be computed again
WANDERER = "t40"  # moves far from every enemy: every field is reused


def lens_board(board: Board) -> Board:
    """``board`` with 10 enemies, the selected creature on the party's side, the rest
    neutral (tokens default to Movement 5, Reach 1)."""
    for token in list(board.tokens.values()):
        side = "enemy" if token.id in ENEMIES else "party" if token.id == HERO else "neutral"
        board = board.with_token_replaced(replace(token, side=side))
    return board


def free_near(board: Board, token_id: str, col_step: int) -> Board:
    """``board`` with ``STEPPER`` on an open cell ``col_step`` columns from ``token_id``."""
    col, row = board.cell_of(board.token(token_id).position)
    h = board.hex_at(col + col_step, row)
    return board.with_terrain("blocked", [h], False).with_token_moved(STEPPER, h)


def moves(board: Board) -> tuple[list[Board], list[Board]]:
    """Boards where one token moved: beside the first enemy (two cells, alternately),
    and far from every enemy (two corners, alternately)."""
    near = [free_near(board, ENEMIES[0], step) for step in (1, -1)]
    far = [board.with_token_moved(WANDERER, board.hex_at(c, SIZE - 2)) for c in (1, 3)]
    return near, far


def same(a: ThreatMap, b: ThreatMap) -> bool:
    """Two threat maps agree on every count and every threat."""
    return np.array_equal(a.counts, b.counts) and all(a.at(h) == b.at(h) for h in a.spaces())


def updating(boards: list[Board], cache: FieldCache) -> Callable[[], object]:
    """Each call: the next board of ``boards`` (one token moved), mapped with ``cache``."""
    ring = cycle(boards)
    return lambda: threat_map(next(ring), HERO, cache=cache)


def lens_cases(board: Board) -> dict[str, Callable[[], object]]:
    """The timed cases (module notes), checked before anything is timed."""
    near, far = moves(board)
    near_cache, far_cache = FieldCache(), FieldCache()
    for moved in near + far:
        fresh = threat_map(moved, HERO)
        for cache in (near_cache, far_cache):
            assert same(threat_map(moved, HERO, cache=cache), fresh)
    enemy = board.token(ENEMIES[0])
    return {
        "fresh": lambda: threat_map(board, HERO),
        "update": updating(near, near_cache),
        "update_far": updating(far, far_cache),
        "field": lambda: movement_field(board, enemy.id, enemy.movement_pool),
    }


def bench_lens_threat(figures: dict[str, float]) -> None:
    """The threat lens per query vs one normal-zoom frame of the same map."""
    from run import (
        REPEATS,
        frame,
        interleaved,
        make_view,
        med,
        painted_board,
        verdict,
        zoom_to_normal,
    )

    board = lens_board(painted_board(SIZE, SIZE, tokens=TOKENS))
    keep: list[object] = []
    cases = lens_cases(board)
    cases["frame"] = frame(zoom_to_normal(make_view(board, keep)))
    for run in cases.values():
        run()  # warm
    ms = {name: med(times) for name, times in interleaved(cases, 3 * REPEATS).items()}
    fresh, update = ms["fresh"] / ms["frame"], ms["update"] / ms["frame"]
    far = ms["update_far"] / ms["frame"]
    figures.update(
        lens_threat_vs_frame=fresh,
        lens_threat_update_vs_frame=update,
        lens_threat_update_far_vs_frame=far,
        lens_threat_ms=ms["fresh"],
        lens_threat_update_ms=ms["update"],
        lens_frame_ms=ms["frame"],
    )
    print(
        f"lens_threat, {SIZE}×{SIZE}, {TOKENS} tokens, {len(ENEMIES)} enemies: threat map "
        f"{ms['fresh']:.1f} ms / a normal-zoom repaint {ms['frame']:.1f} ms = {fresh:.2f}× "
        f"(goal ≤ 2: {verdict(fresh <= 2)}); one enemy's movement field {ms['field']:.2f} ms"
    )
    print(
        f"lens_threat_update: one token steps beside an enemy, cached fields "
        f"{ms['update']:.1f} ms / frame = {update:.2f}× (goal ≤ 1: {verdict(update <= 1)}); "
        f"a token moves far from all enemies {ms['update_far']:.1f} ms = {far:.2f}×"
    )


def main() -> int:
    import json

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    figures: dict[str, float] = {}
    bench_lens_threat(figures)
    del app
    print(json.dumps({key: round(value, 3) for key, value in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
