"""Build the bundled demo map, ``assets/maps/demo.hexmap``.

Run ``python tools/make_demo_map.py`` after changing the file format or the demo's
content; the result is committed and is also a test fixture.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import (  # noqa: E402
    Board,
    ConcealmentKind,
    GroundKind,
    Hex,
    Orientation,
    Token,
    TokenKind,
    mapfile,
)
from rules.hexes import distances_to  # noqa: E402

WIDTH, HEIGHT = 40, 30


def _terrain(board: Board) -> dict[str, np.ndarray]:
    qs, rs = board.axial_grid()
    rows, cols = np.indices((HEIGHT, WIDTH))
    ground = np.full((HEIGHT, WIDTH), GroundKind.GRASS, dtype=np.uint8)
    elevation = np.zeros((HEIGHT, WIDTH), dtype=np.int16)
    water = np.zeros((HEIGHT, WIDTH), dtype=np.uint8)
    steep = np.zeros((HEIGHT, WIDTH), dtype=bool)
    blocked = np.zeros((HEIGHT, WIDTH), dtype=bool)
    concealment = np.zeros((HEIGHT, WIDTH), dtype=np.uint8)
    kind = np.zeros((HEIGHT, WIDTH), dtype=np.uint8)

    # A river winding from the north edge to the south edge, with muddy banks.
    river_col = 24 + np.round(3 * np.sin(rows / 4.0)).astype(int)
    offset = cols - river_col
    water[(offset >= 0) & (offset <= 1)] = 1
    water[(offset >= 0) & (offset <= 1) & (rows % 5 == 2)] = 2
    ground[water > 0] = GroundKind.WATER
    banks = ((offset == -1) | (offset == 2)) & (water == 0)
    ground[banks] = GroundKind.MUD
    elevation[water > 0] = -1

    # A packed-earth road across the map, with a ford.
    road = (rows == 15) | (rows == 16)
    ground[road & (water == 0)] = GroundKind.PACKED_EARTH
    water[road] = np.minimum(water[road], 1)

    # A hill in the north-west, steep on its northern face.
    hill = distances_to(qs, rs, Hex(6, 5))
    elevation[hill <= 5] = 1
    elevation[hill <= 3] = 2
    elevation[hill <= 1] = 3
    ground[hill <= 3] = GroundKind.LOOSE_EARTH
    steep[(hill >= 2) & (hill <= 4) & (rows < 4)] = True

    # Stone ruins in the south-west: floor, broken walls, a doorway.
    ruin = (cols >= 4) & (cols <= 13) & (rows >= 19) & (rows <= 26)
    ground[ruin] = GroundKind.STONE
    wall = ruin & ((cols == 4) | (cols == 13) | (rows == 19) | (rows == 26))
    wall &= ~((rows == 19) & (cols >= 8) & (cols <= 9))  # doorway
    wall &= ~((cols == 13) & (rows == 23))  # collapsed section
    blocked[wall] = True

    # Sand and a fog bank in the east; magical darkness in the ruins' corner.
    ground[(cols >= 32) & (rows >= 20)] = GroundKind.SAND
    fog = distances_to(qs, rs, board.hex_at(34, 8)) <= 3
    concealment[fog] = 4
    dark = distances_to(qs, rs, board.hex_at(6, 24)) <= 1
    concealment[dark] = 8
    kind[dark] = ConcealmentKind.MAGIC

    softness = np.array([GroundKind(g).default_softness for g in range(len(GroundKind))])[ground]
    return {
        "ground": ground,
        "elevation": elevation,
        "water_depth": water,
        "steep": steep,
        "blocked": blocked,
        "concealment": concealment,
        "concealment_kind": kind,
        "softness": softness.astype(np.uint8),
    }


def _tokens(board: Board) -> list[Token]:
    at = board.hex_at
    creature, thing = TokenKind.CREATURE, TokenKind.OBJECT
    return [
        Token("aria", "Aria Vell", at(16, 14), 0, creature, "party", "#56B4E9"),
        Token("brom", "Brom Hale", at(15, 17), 0, creature, "party", "#CC79A7"),
        Token("rat", "Fire Rat", at(20, 13), -3, creature, "enemy", "#E69F00"),
        Token("ogre", "Grey Ogre", at(30, 15), 1, creature, "enemy", "#7F7F7F"),
        Token("bison", "Bison", at(8, 10), 2, creature, "neutral", "#8C564B"),
        Token("giant", "Stone Giant", at(32, 24), 4, creature, "enemy", "#5F6B73"),
        Token("shade", "Lurking Shade", at(9, 22), 0, creature, "enemy", "#332288", hidden=True),
        Token("crate", "Crate", at(11, 21), 0, thing, "neutral", "#A6761D"),
    ]


def build_demo_board() -> Board:
    """The demo map: varied terrain and tokens of several sizes (one hidden, one 4-hex)."""
    board = Board.blank(WIDTH, HEIGHT, Orientation.POINTY, "Ford of the Grey Ogre")
    for name, array in _terrain(board).items():
        board = board.with_layer(name, array)
    for token in _tokens(board):
        board = board.with_token(token)
    return board


if __name__ == "__main__":
    out = ROOT / "assets" / "maps" / "demo.hexmap"
    out.parent.mkdir(parents=True, exist_ok=True)
    mapfile.save(build_demo_board(), out)
    print(f"wrote {out}")
