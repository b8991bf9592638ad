"""Hexweave's rules package: pure Python + numpy, never Qt.

The public API is listed in ``__all__``; README.md documents it with examples.
Sources are cited as in ../shared/RULES-DIGEST.md: [S000]/[S001]/[S002] are the seeds.
"""

from __future__ import annotations

from rules import mapfile
from rules.board import Board, cell_to_hex, hex_to_cell
from rules.dice import Roll, chance, injury, read_faces, roll
from rules.errors import (
    BoardError,
    DiceError,
    DuplicateTokenError,
    IllegalMoveError,
    MapFileError,
    OutOfBoundsError,
    RulesError,
    UnknownTokenError,
)
from rules.hexes import (
    DIAGONALS,
    DIRECTIONS,
    Hex,
    disk,
    distance,
    facing_step,
    hex_line,
    hex_round,
    neighbors,
    ring,
)
from rules.layout import Layout, Orientation
from rules.placement import placement_problem
from rules.terrain import LAYER_SPECS, ConcealmentKind, GroundKind, TerrainSample
from rules.tokens import Token, TokenKind, default_footprint
from rules.visibility import player_board

__version__ = "0.2.0"

__all__ = [
    "DIAGONALS",
    "DIRECTIONS",
    "LAYER_SPECS",
    "Board",
    "BoardError",
    "ConcealmentKind",
    "DiceError",
    "DuplicateTokenError",
    "GroundKind",
    "Hex",
    "IllegalMoveError",
    "Layout",
    "MapFileError",
    "Orientation",
    "OutOfBoundsError",
    "Roll",
    "RulesError",
    "TerrainSample",
    "Token",
    "TokenKind",
    "UnknownTokenError",
    "__version__",
    "cell_to_hex",
    "chance",
    "default_footprint",
    "disk",
    "distance",
    "facing_step",
    "hex_line",
    "hex_round",
    "hex_to_cell",
    "injury",
    "mapfile",
    "neighbors",
    "placement_problem",
    "player_board",
    "read_faces",
    "ring",
    "roll",
]
