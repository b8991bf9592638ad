"""Benchmark: the safest-path lens (issue #19) on a 200×200 map with 50 tokens, against
baselines measured in the same run.

    .venv/bin/python tests/bench/bench_lens_paths.py [--no-frame]

A creature with Movement 12 near the middle of a painted 200×200 map (the drag-preview
map: 20×20 patches of ground and elevation, straight walls, 50 tokens) asks for the safest path to
spaces about 10 away, past three goblins standing by the straight way. Each call goes to
the next of five such goals (``typical``). ``into_goblin`` asks for a goblin's own space:
every way in passes it, so the search that explains why is made too. ``crowd`` adds six
more goblins round the way (nine candidates: 2**5 combinations of the nearest five, then
four greedy tries — the bound of :data:`rules.lens.paths.EXACT_LIMIT`), for the cost of
the bound.

Baselines, interleaved with the cases: one :func:`rules.movement.movement_field` of the
same budget (what a drag preview computes once per press; the lens needs at least two),
and — unless ``--no-frame`` — one normal-zoom repaint of the map view (the issue's "frame",
as tests/bench/run.py measures it). Prints the medians and the ratios; asserts nothing
about time (PLATFORM.md: ratios in one run).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import cycle

from rules import Board, Hex, Token
from rules.lens import safest_path
from rules.movement import budget_of, movement_field

SIZE = 200
MOVER = "mover"
POOL = 12
START = (103, 108)  # (col, row): inside one 20×20 patch of the painted map's ground
GOBLINS = (Hex(3, -1), Hex(6, 1), Hex(8, -1))  # from the mover, by its straight way east
GOALS = (Hex(10, 0), Hex(10, -1), Hex(9, 1), Hex(10, 1), Hex(11, -1))
CROWD = (Hex(2, 2), Hex(5, -3), Hex(5, 3), Hex(7, -3), Hex(9, 3), Hex(12, -2))


def lens_board(board: Board, goblins: tuple[Hex, ...] = GOBLINS) -> Board:
    """``board`` with the mover in its middle (Movement ``POOL``) and ``goblins``."""
    middle = board.hex_at(*START)
    spots = [middle + d for d in (Hex(0, 0), *goblins, *GOALS)]
    board = board.with_terrain("blocked", spots, False)
    board = board.with_token(Token(MOVER, "Mover", middle, side="party", movement_pool=POOL))
    for i, offset in enumerate(goblins, 1):
        board = board.with_token(Token(f"g{i}", f"Goblin {i}", middle + offset, -1, side="enemy"))
    return board


def lens_cases(board: Board, crowd: Board) -> dict[str, Callable[[], object]]:
    """The lens queries and the field baseline, each a call of no arguments."""
    start = board.token(MOVER).position
    goals, crowd_goals = cycle(start + g for g in GOALS), cycle(start + g for g in GOALS)
    budget = budget_of(board.token(MOVER))
    into = start + GOBLINS[1]
    return {
        "typical": lambda: safest_path(board, MOVER, next(goals)),
        "into_goblin": lambda: safest_path(board, MOVER, into),
        "crowd": lambda: safest_path(crowd, MOVER, next(crowd_goals)),
        "field": lambda: movement_field(board, MOVER, budget),
    }


def describe_once(board: Board, crowd: Board) -> None:
    """What the lens answers on these maps (a check that it does the work timed)."""
    start = board.token(MOVER).position
    asked = [(board, g, "") for g in (*GOALS, GOBLINS[1])] + [(crowd, GOALS[0], " (crowd)")]
    for where, goal, label in asked:
        result = safest_path(where, MOVER, start + goal)
        print(f"  to mover + ({goal.q}, {goal.r}){label}: " + " | ".join(result.describe()))


def main(argv: list[str]) -> int:
    import run  # tests/bench/run.py: the maps, the view and the timing helpers

    painted = run.painted_board(SIZE, SIZE, tokens=50)
    board, crowd = lens_board(painted), lens_board(painted, GOBLINS + CROWD)
    cases = lens_cases(board, crowd)
    keep: list[object] = []
    if "--no-frame" not in argv:
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication(sys.argv[:1])
        keep.append(app)
        cases["frame"] = run.frame(run.zoom_to_normal(run.make_view(board, keep)))
    for once in cases.values():
        once()  # warm: scipy loads, caches fill
    describe_once(board, crowd)
    ms = {name: run.med(t) for name, t in run.interleaved(cases, 3 * run.REPEATS).items()}
    figures = {f"lens_path_{k}_ms": v for k, v in ms.items()}
    for name in ("typical", "into_goblin", "crowd"):
        ratio = ms[name] / ms["field"]
        figures[f"lens_path_{name}_vs_field"] = ratio
        line = (
            f"safest path ({name}), {SIZE}×{SIZE}, 50 tokens, budget {POOL}: "
            f"{ms[name]:.2f} ms / one movement_field {ms['field']:.2f} ms = {ratio:.1f}×"
        )
        if "frame" in ms:
            figures[f"lens_path_{name}_vs_frame"] = ms[name] / ms["frame"]
            line += f"; / a normal repaint {ms['frame']:.1f} ms = {ms[name] / ms['frame']:.2f}×"
        print(line)
    print({key: round(value, 3) for key, value in figures.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
