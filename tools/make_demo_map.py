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
from rules.board.annotations import Note  # noqa: E402
from rules.board.pools import Vitals  # noqa: E402
from rules.hexes import DIRECTIONS, distances_to  # noqa: E402

WIDTH, HEIGHT = 40, 30


Layers = dict[str, np.ndarray]


def _blank_layers() -> Layers:
    shape = (HEIGHT, WIDTH)
    return {
        "ground": np.full(shape, GroundKind.GRASS, dtype=np.uint8),
        "elevation": np.zeros(shape, dtype=np.int16),
        "water_depth": np.zeros(shape, dtype=np.uint8),
        "steep": np.zeros(shape, dtype=bool),
        "blocked": np.zeros(shape, dtype=bool),
        "concealment": np.zeros(shape, dtype=np.uint8),
        "concealment_kind": np.zeros(shape, dtype=np.uint8),
        "fog": np.zeros(shape, dtype=bool),
    }


def _river_and_road(t: Layers, rows: np.ndarray, cols: np.ndarray) -> None:
    """A river winding north to south with muddy banks; a packed-earth road with a ford."""
    offset = cols - (24 + np.round(3 * np.sin(rows / 4.0)).astype(int))
    river = (offset >= 0) & (offset <= 1)
    t["water_depth"][river] = 1
    t["water_depth"][river & (rows % 5 == 2)] = 2
    t["ground"][river] = GroundKind.WATER
    t["ground"][((offset == -1) | (offset == 2)) & ~river] = GroundKind.MUD
    t["elevation"][river] = -1
    road = (rows == 15) | (rows == 16)
    t["ground"][road & ~river] = GroundKind.PACKED_EARTH
    t["water_depth"][road] = np.minimum(t["water_depth"][road], 1)


def _hill(t: Layers, qs: np.ndarray, rs: np.ndarray, rows: np.ndarray) -> None:
    """A hill in the north-west, steep on its northern face."""
    hill = distances_to(qs, rs, Hex(6, 5))
    for radius, height in ((5, 1), (3, 2), (1, 3)):
        t["elevation"][hill <= radius] = height
    t["ground"][hill <= 3] = GroundKind.LOOSE_EARTH
    t["steep"][(hill >= 2) & (hill <= 4) & (rows < 4)] = True


def _ruins(t: Layers, rows: np.ndarray, cols: np.ndarray) -> None:
    """Stone ruins in the south-west: a floor, broken walls, a doorway."""
    ruin = (cols >= 4) & (cols <= 13) & (rows >= 19) & (rows <= 26)
    t["ground"][ruin] = GroundKind.STONE
    wall = ruin & ((cols == 4) | (cols == 13) | (rows == 19) | (rows == 26))
    wall &= ~((rows == 19) & (cols >= 8) & (cols <= 9))  # doorway
    wall &= ~((cols == 13) & (rows == 23))  # collapsed section
    t["blocked"][wall] = True


def _sand_fog_and_darkness(t: Layers, board: Board, qs: np.ndarray, rs: np.ndarray) -> None:
    """Sand in the south-east, a fog bank in the east, magical darkness in the ruins."""
    rows, cols = np.indices((HEIGHT, WIDTH))
    t["ground"][(cols >= 32) & (rows >= 20)] = GroundKind.SAND
    t["concealment"][distances_to(qs, rs, board.hex_at(34, 8)) <= 3] = 4
    dark = distances_to(qs, rs, board.hex_at(6, 24)) <= 1
    t["concealment"][dark] = 8
    t["concealment_kind"][dark] = ConcealmentKind.MAGIC


def _fog_of_war(t: Layers, board: Board, qs: np.ndarray, rs: np.ndarray) -> None:
    """Fog of war over the north-east corner, far from the party: the players have not
    been there, so their view shows fog (and no terrain) where the GM sees grass."""
    t["fog"][distances_to(qs, rs, board.hex_at(38, 1)) <= 4] = True


def _terrain(board: Board) -> Layers:
    qs, rs = board.axial_grid()
    rows, cols = np.indices((HEIGHT, WIDTH))
    t = _blank_layers()
    _river_and_road(t, rows, cols)
    _hill(t, qs, rs, rows)
    _ruins(t, rows, cols)
    _sand_fog_and_darkness(t, board, qs, rs)
    _fog_of_war(t, board, qs, rs)
    softness = np.array([GroundKind(g).default_softness for g in range(len(GroundKind))])
    t["softness"] = softness[t["ground"]].astype(np.uint8)
    return t


ATTRIBUTES = {
    "might": ("athletics", "endure", "martial"),
    "finesse": ("elude", "nimble", "tools"),
    "charisma": ("guile", "poise", "zeal"),
    "wit": ("magic", "nature", "observe"),
}
"""Each attribute is the sum of its three Skill Tiers (RULES-DIGEST §2.2, [P-CB96])."""


def _vitals(severe: int, **tiers: int) -> Vitals:
    """Skill Tiers (the dice each Skill rolls, [P-SKILLS]) with the four attributes summed
    from them, so the Pools follow from the published formulas ([P-CHAR]: Grit, Energy,
    Resolve, Minor Actions); ``severe`` is the Severe Threshold (an input, §3)."""
    stats = dict(tiers)
    for attribute, skills in ATTRIBUTES.items():
        stats[attribute] = sum(tiers.get(skill, 0) for skill in skills)
    return Vitals(stats=tuple(stats.items()), severe_threshold=severe)


# Player characters: every Skill from Tier 1 plus 12 increases, none above 3 ([P-CHAR]).
ARIA = _vitals(
    2,
    athletics=2,
    endure=2,
    martial=2,
    elude=2,
    nimble=3,
    tools=2,
    guile=1,
    poise=2,
    zeal=2,
    magic=1,
    nature=2,
    observe=3,
)
BROM = _vitals(
    3,
    athletics=3,
    endure=3,
    martial=3,
    elude=1,
    nimble=1,
    tools=2,
    guile=1,
    poise=2,
    zeal=3,
    magic=1,
    nature=1,
    observe=3,
)
# Creatures: full-blooded beasts start at Tier 0, at most 4 ([P-CB96]).
GOBLIN = _vitals(
    1,
    athletics=1,
    endure=1,
    martial=2,
    elude=2,
    nimble=2,
    tools=1,
    guile=2,
    poise=0,
    zeal=2,
    magic=0,
    nature=1,
    observe=1,
)
FIRE_RAT = _vitals(
    1,
    athletics=1,
    endure=1,
    martial=1,
    elude=3,
    zeal=2,
    magic=2,
    observe=2,
)
OGRE = _vitals(
    3,
    athletics=3,
    endure=3,
    martial=2,
    nimble=1,
    tools=1,
    guile=1,
    poise=1,
    zeal=1,
    nature=1,
    observe=1,
)
BISON = _vitals(
    3,
    athletics=4,
    endure=4,
    martial=2,
    poise=1,
    zeal=1,
    nature=1,
    observe=2,
)
STONE_GIANT = _vitals(
    5,
    athletics=4,
    endure=4,
    martial=3,
    nimble=2,
    tools=1,
    poise=2,
    zeal=2,
    magic=1,
    nature=2,
    observe=2,
)
SHADE = _vitals(
    2,
    athletics=1,
    endure=1,
    martial=2,
    elude=3,
    nimble=1,
    guile=3,
    poise=1,
    zeal=2,
    magic=3,
    observe=2,
)

WEAPONS = {
    "aria": "Weapons: shortsword (melee, 2d12, Martial); longbow (range 20, launched, "
    "two-handed, 2d12, Nimble).",
    "brom": "Weapons: longsword (melee, 2d12, Martial) and a shield.",
    "goblin": "Weapons: spear (melee, 2d12, Martial); sling (range 6, thrown, 1d12, Nimble).",
    "rat": "Weapons: burning bite (melee, unarmed, 1d12, Martial).",
    "ogre": "Weapons: great club (melee, two-handed, size 1, 3d12, Martial).",
    "bison": "Weapons: horns (melee, unarmed, size 2, 3d12, Martial).",
    "giant": "Weapons: fists (melee, unarmed, size 4, 3d12, Martial); boulder (range 6, "
    "thrown, two-handed, size 4, 4d12, Nimble).",
    "shade": "Weapons: shadow claws (melee, unarmed, 2d12, Martial).",
}
"""What each creature attacks with. A token stores no weapon (the Action dock sets it per
Strike, weapons are not in the seeds), so the demo writes it in the token's notes and
grips it (``gripping``)."""


def _tokens(board: Board) -> list[Token]:
    at = board.hex_at
    creature, thing = TokenKind.CREATURE, TokenKind.OBJECT
    w = WEAPONS
    beside = at(16, 14) + DIRECTIONS[1]  # Aria's north-east neighbour: a Strike in Reach
    return [
        Token(
            "aria",
            "Aria Vell",
            at(16, 14),
            0,
            creature,
            "party",
            "#56B4E9",
            notes=w["aria"],
            gripping=1,
            vitals=ARIA,
        ),
        Token(
            "brom",
            "Brom Hale",
            at(15, 17),
            0,
            creature,
            "party",
            "#CC79A7",
            notes=w["brom"],
            gripping=2,
            vitals=BROM,
        ),
        Token(
            "goblin-1",
            "Goblin 1",
            beside,
            -1,
            creature,
            "enemy",
            "#009E73",
            notes=w["goblin"],
            gripping=1,
            vitals=GOBLIN,
        ),
        Token(
            "goblin-2",
            "Goblin 2",
            beside + DIRECTIONS[1],
            -1,
            creature,
            "enemy",
            "#009E73",
            notes=w["goblin"],
            gripping=1,
            vitals=GOBLIN,
        ),
        Token(
            "rat",
            "Fire Rat",
            at(20, 13),
            -3,
            creature,
            "enemy",
            "#E69F00",
            notes=w["rat"],
            vitals=FIRE_RAT,
        ),
        Token(
            "ogre",
            "Grey Ogre",
            at(30, 15),
            1,
            creature,
            "enemy",
            "#7F7F7F",
            notes=w["ogre"],
            gripping=2,
            vitals=OGRE,
        ),
        Token(
            "bison",
            "Bison",
            at(8, 10),
            2,
            creature,
            "neutral",
            "#8C564B",
            notes=w["bison"],
            vitals=BISON,
        ),
        Token(
            "giant",
            "Stone Giant",
            at(32, 24),
            4,
            creature,
            "enemy",
            "#5F6B73",
            notes=w["giant"],
            vitals=STONE_GIANT,
        ),
        Token(
            "shade",
            "Lurking Shade",
            at(9, 22),
            0,
            creature,
            "enemy",
            "#332288",
            hidden=True,
            notes=w["shade"],
            vitals=SHADE,
        ),
        Token("crate", "Crate", at(11, 21), 0, thing, "neutral", "#A6761D"),
    ]


SHADE_NOTE = Note(
    "n-shade",
    "Waits in the magical darkness of the ruins; strikes whoever opens the crate.",
    token_id="shade",
    gm_only=True,
)
"""The GM's note on the hidden Shade: players see neither."""


def build_demo_board() -> Board:
    """The demo map: varied terrain and tokens of several sizes (one hidden, with a
    GM-only note; one 4-hex), and fog of war in the north-east corner."""
    board = Board.blank(WIDTH, HEIGHT, Orientation.POINTY, "Ford of the Grey Ogre")
    for name, array in _terrain(board).items():
        board = board.with_layer(name, array)
    for token in _tokens(board):
        board = board.with_token(token)
    return board.with_note(SHADE_NOTE)


if __name__ == "__main__":
    out = ROOT / "assets" / "maps" / "demo.hexmap"
    out.parent.mkdir(parents=True, exist_ok=True)
    mapfile.save(build_demo_board(), out)
    print(f"wrote {out}")
