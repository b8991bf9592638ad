"""The table-driven :func:`app.scene.style.cell_colors` gives exactly the colours of the
per-cell rule it encodes (written out here, in float32, as the reference)."""

from __future__ import annotations

import numpy as np
import pytest

from app.scene import style
from app.scene.style import (
    _GROUND_TABLE,
    FOG_OF_WAR_GREYING,
    FOG_OF_WAR_RGB,
    FOG_RGB,
    UNEXPLORED_RGB,
    WALL_RGB,
    WATER_RGB,
    cell_colors,
)
from rules import Board
from rules.board.terrain import LAYER_SPECS


def reference_colors(board: Board, hidden: frozenset[str], opaque_fog: bool) -> np.ndarray:
    """The rule of cell_colors applied to every cell of the map at once."""
    rgb = _GROUND_TABLE[board.layer("ground").astype(np.intp)]
    if "elevation" not in hidden:
        elevation = board.layer("elevation").astype(np.float32)
        rgb = np.clip(rgb * np.clip(1.0 + 0.06 * elevation, 0.45, 1.5)[..., None], 0, 255)
    if "water_depth" not in hidden:
        depth = np.minimum(board.layer("water_depth"), 4).astype(np.float32)[..., None]
        rgb = rgb + (np.array(WATER_RGB, np.float32) - rgb) * (depth * 0.18)
    if "concealment" not in hidden:
        fog = board.layer("concealment").astype(np.float32)[..., None] / 12.0
        rgb = rgb + (np.array(FOG_RGB, np.float32) - rgb) * (fog * 0.6)
    if "blocked" not in hidden:
        rgb[board.layer("blocked").astype(bool)] = WALL_RGB
    fogged = board.layer("fog").astype(bool)
    if opaque_fog:
        rgb[fogged] = UNEXPLORED_RGB
    elif "fog" not in hidden:
        grey = np.array(FOG_OF_WAR_RGB, np.float32)
        rgb[fogged] = rgb[fogged] + (grey - rgb[fogged]) * FOG_OF_WAR_GREYING
    return rgb.astype(np.uint8)


def random_board(seed: int, steep_heights: bool) -> Board:
    """Every layer random over its whole legal range (elevation ±15 when not steep)."""
    rng = np.random.default_rng(seed)
    width, height = (int(v) for v in rng.integers(1, 70, 2))
    board = Board.blank(width, height)
    for name, spec in LAYER_SPECS.items():
        low, high = spec.minimum, spec.maximum
        if name == "elevation" and not steep_heights:
            low, high = -15, 15
        if spec.dtype == np.bool_:
            values = rng.random((height, width)) < 0.3
        else:
            values = rng.integers(low, high + 1, (height, width)).astype(spec.dtype)
        board = board.with_layer(name, values)
    return board


HIDDEN = [
    frozenset(),
    frozenset({"elevation"}),
    frozenset({"fog", "blocked"}),
    frozenset({"water_depth", "concealment"}),
]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("hidden", HIDDEN, ids=lambda h: "+".join(sorted(h)) or "all")
@pytest.mark.parametrize("opaque_fog", [False, True], ids=["gm", "players"])
def test_table_colors_equal_the_rule(seed: int, hidden: frozenset[str], opaque_fog: bool) -> None:
    board = random_board(seed, steep_heights=seed % 2 == 1)
    got = cell_colors(board, hidden, opaque_fog)
    assert got.shape == (board.height, board.width, 3) and got.dtype == np.uint8
    np.testing.assert_array_equal(got, reference_colors(board, hidden, opaque_fog))


def test_bands_are_stitched_without_a_seam(monkeypatch: pytest.MonkeyPatch) -> None:
    """A map coloured a few rows at a time equals the reference (bands of 1 and 2 rows
    and a last band cut short)."""
    board = random_board(7, steep_heights=False)
    monkeypatch.setattr(style, "COLOR_BAND_CELLS", 2 * board.width - 1)
    np.testing.assert_array_equal(cell_colors(board), reference_colors(board, frozenset(), False))
