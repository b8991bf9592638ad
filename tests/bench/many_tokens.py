"""Benchmark: a map of many tokens costs what a map of few does (issue #20, "Many
tokens": 1,000 tokens on a 500² map — a drag, the area preview and Next Turn each within
2× their cost with 50 tokens; the Player Window redraws only what changed).

Each case is the whole app as a GM uses it: a main window at 1280×720 zoomed to normal
on the creature whose turn it is, with the Player View open beside it, on a painted
500×500 map of :data:`FEW` or :data:`MANY` tokens (ten of them in the turn order). The
timed steps, each followed by the paints Qt then makes in both windows:

- ``drag``: one mouse move of a drag of the acting creature (path, cost, marks, label);
- ``area``: one mouse move of a Burst 3 aimed from it (the rules' hits and the template);
- ``next_turn``: Next Turn (F9) — the tracker, the turn's marks, the docks, both maps;
- ``move``: a creature out of the conflict moved a hex (one undo step, both maps).

The Player View's paints are counted with the share of its map they covered: only the
places that changed (the turn's marks, the moved token), not the whole map.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import cycle
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.document import MapDocument
from app.shell.main_window import MainWindow
from rules import AreaKind, Board, Hex, Token
from rules.board import with_turn
from rules.movement import begin_turn
from rules.turns import TurnState, join, start

if TYPE_CHECKING:
    from drag_preview import PaintCounter

SIZE = 500
FEW, MANY = 50, 1000
IN_ORDER = 10  # creatures in the turn order
WINDOW = (1280, 720)
NORMAL_HEX_PX = 48.0
NO = Qt.KeyboardModifier.NoModifier
SIDES = ("party", "enemy", "ally", "neutral")


def conflict(board: Board) -> Board:
    """``board`` with its first :data:`IN_ORDER` tokens in a conflict, the first acting."""
    ids = list(board.tokens)[:IN_ORDER]
    turn = TurnState()
    for i, token_id in enumerate(ids):
        turn = join(turn, token_id, 20 - i)
    board = with_turn(board, start(turn))
    return begin_turn(board, ids[0]).board


def spread_board(tokens: int) -> Board:
    """A painted 500² map with ``tokens`` tokens spread over it, its first one in the
    middle (so the window centred on it shows a crowd of its neighbours)."""
    from run import painted_board

    board = painted_board(SIZE, SIZE, tokens=0)
    middle = (SIZE // 2, SIZE // 2)
    spots = [middle] + [((i * 37) % SIZE, (i * 53 + 7) % SIZE) for i in range(1, 4 * tokens)]
    placed: set[tuple[int, int]] = set()
    for col, row in spots:
        if len(placed) == tokens:
            break
        if (col, row) in placed:
            continue
        h = board.hex_at(col, row)
        board = board.with_terrain("blocked", [h], False)
        i = len(placed)
        board = board.with_token(Token(f"t{i}", f"Token {i}", h, side=SIDES[i % len(SIDES)]))
        placed.add((col, row))
    return conflict(board)


@contextmanager
def app_window(board: Board) -> Iterator[MainWindow]:
    """The GM's window on ``board`` at 1280×720, zoomed to normal on the acting creature,
    with the Player View shown; closed afterwards."""
    with tempfile.TemporaryDirectory(prefix="hexweave-bench-") as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(MapDocument(board), settings)
        window.resize(*WINDOW)
        window.show()
        QApplication.processEvents()
        window.build_deferred()
        window.fit_to_window()
        scene = window.scene
        window.view.set_zoom(NORMAL_HEX_PX / scene.geometry.layout.width)
        window.view.centerOn(scene.geometry.center(_actor(window).position))
        window.player_window.show()
        for _ in range(3):
            QApplication.processEvents()
        try:
            yield window
        finally:
            window.document.undo_stack.setClean()  # nothing to save: closes without asking
            window.close()
            QApplication.processEvents()


def _actor(window: MainWindow) -> Token:
    """The map's first token: the creature in the middle, whose turn it is at first."""
    board = window.scene.board
    return board.token(next(iter(board.tokens)))


def _ring(window: MainWindow) -> tuple[Callable[[Hex], QPoint], Iterator[Hex]]:
    scene = window.scene
    here = _actor(window).position

    def at(h: Hex) -> QPoint:
        return window.view.mapFromScene(scene.geometry.center(h))

    near = [Hex(dq, dr) for dq in range(-3, 4) for dr in range(-3, 4) if (dq, dr) != (0, 0)]
    return at, cycle(here + d for d in near)


def drag_case(window: MainWindow) -> Callable[[], object]:
    """Press on the acting creature; each call moves the drag to the next hex."""
    at, ring = _ring(window)
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, NO, at(_actor(window).position))

    def once() -> object:
        QTest.mouseMove(viewport, at(next(ring)))
        QApplication.processEvents()
        return None

    return once


def release(window: MainWindow) -> None:
    """End the drag where it began (nothing moves)."""
    viewport = window.view.viewport()
    here = window.view.mapFromScene(window.scene.geometry.center(_actor(window).position))
    QTest.mouseMove(viewport, here)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, NO, here)
    QApplication.processEvents()


def area_case(window: MainWindow) -> Callable[[], object]:
    """A Burst 3 aimed from the acting creature; each call moves the mouse a hex."""
    window.scene.set_selection([_actor(window).id])
    settings = window.rules.area_settings
    settings.kind, settings.value, settings.range_value = AreaKind.BURST, 3, 6
    window.rules.aim_area()
    at, ring = _ring(window)
    viewport = window.view.viewport()

    def once() -> object:
        QTest.mouseMove(viewport, at(next(ring)))
        QApplication.processEvents()
        return None

    return once


def next_turn_case(window: MainWindow) -> Callable[[], object]:
    """Each call is Next Turn, then the paints it causes."""
    controller = window.turns.controller

    def once() -> object:
        controller.next_turn()
        QApplication.processEvents()
        return None

    return once


def move_case(window: MainWindow) -> Callable[[], object]:
    """Each call moves a creature not in the conflict a hex (east, then back west): one
    undo step, followed on both maps."""
    board = window.scene.board
    token_id = list(board.tokens)[IN_ORDER + 1]
    steps = cycle([Hex(1, 0), Hex(-1, 0)])

    def once() -> object:
        window.controller.request_group_move([token_id], next(steps))
        QApplication.processEvents()
        return None

    return once


def player_paints(window: MainWindow) -> PaintCounter:
    """Counts the paints of the Player View's map."""
    from drag_preview import PaintCounter

    return PaintCounter(window.player_window.view.viewport())


def bench_many_tokens(figures: dict[str, float]) -> None:
    """Each step on the map of MANY tokens vs the map of FEW (interleaved rounds)."""
    from run import REPEATS, interleaved, med, verdict

    boards = {"few": spread_board(FEW), "many": spread_board(MANY)}
    with app_window(boards["few"]) as few, app_window(boards["many"]) as many:
        windows = {"few": few, "many": many}
        steps = (
            ("drag", drag_case),
            ("area", area_case),
            ("next_turn", next_turn_case),
            ("move", move_case),
        )
        for step, make in steps:
            cases = {name: make(window) for name, window in windows.items()}
            counters = {name: player_paints(window) for name, window in windows.items()}
            for run in cases.values():
                run()  # warm
            for counter in counters.values():
                counter.paints, counter.covered = 0, 0.0
            ms = {name: med(t) for name, t in interleaved(cases, 3 * REPEATS).items()}
            ratio = ms["many"] / ms["few"]
            figures.update(
                {
                    f"many_tokens_{step}": ratio,
                    f"many_tokens_{step}_ms_{MANY}": ms["many"],
                    f"many_tokens_{step}_ms_{FEW}": ms["few"],
                }
            )
            shown = counters["many"]
            share = shown.covered / shown.paints if shown.paints else 0.0
            figures[f"many_tokens_{step}_player_share"] = share
            print(
                f"many_tokens {step}: {MANY} tokens {ms['many']:.1f} ms / {FEW} tokens "
                f"{ms['few']:.1f} ms = {ratio:.2f}× on a {SIZE}×{SIZE} map (goal ≤ 2: "
                f"{verdict(ratio <= 2)}); the Player View painted {shown.paints} times, "
                f"{share:.0%} of its map each"
            )
            if step == "drag":
                for window in windows.values():
                    release(window)
            if step == "area":
                for window in windows.values():
                    window.scene.return_to_select()  # Esc


if __name__ == "__main__":
    import json
    import sys

    app = QApplication.instance() or QApplication(sys.argv[:1])
    results: dict[str, float] = {}
    bench_many_tokens(results)
    print(json.dumps({key: round(value, 3) for key, value in results.items()}))
