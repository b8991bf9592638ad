"""Benchmark: the Area tool's rules query per mouse move, against one frame of that map.

DESIGN.md asks previews (a cone while aiming) to redraw "well inside one 60 Hz frame" on a
200×200 map with 50 tokens. Each move over a new hex runs :func:`rules.aim` once; the
baseline, measured in the same run, is one normal-zoom frame of the same map (the repaint
that move causes anyway). Walls on 5 % of the map make the line-of-effect work real.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules import AreaKind, AreaTemplate, Board, Hex, RuleOptions, aim

FRAME_60HZ_MS = 1000 / 60
SIZE = 200


def walled_board(board: Board, share: float = 0.05, seed: int = 3) -> Board:
    """``board`` with walls on ``share`` of its hexes (not under tokens)."""
    rng = random.Random(seed)
    taken = {h for t in board.tokens.values() for h in t.footprint}
    cells = [board.hex_at(rng.randrange(board.width), rng.randrange(board.height))]
    cells += [
        board.hex_at(rng.randrange(board.width), rng.randrange(board.height))
        for _ in range(int(board.width * board.height * share))
    ]
    return board.with_terrain("blocked", [h for h in cells if h not in taken], True)


def aim_cases(board: Board) -> dict[str, Callable[[], object]]:
    """One aim per case, each from the first token toward the map's middle."""
    caster = next(iter(board.tokens.values()))
    options = RuleOptions.of(board.options)
    middle = board.hex_at(SIZE // 2, SIZE // 2)
    moves = [middle + Hex(dq, 0) for dq in range(5)]
    state = {"i": 0}

    def run(kind: AreaKind, value: int) -> Callable[[], object]:
        def once() -> object:
            state["i"] += 1
            origin = moves[state["i"] % len(moves)]
            template = AreaTemplate("x", kind, value, (origin,), facing=0, caster=caster.id)
            return aim(board, template, options, range_value=300)

        return once

    return {
        "cone_6": run(AreaKind.CONE, 6),
        "burst_6": run(AreaKind.BURST, 6),
        "burst_12": run(AreaKind.BURST, 12),
    }
