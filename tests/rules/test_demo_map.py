"""The bundled demo map is what tools/make_demo_map.py builds, and shows what it promises."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from rules import mapfile
from rules.battlefield.visibility import player_board
from rules.hexes import Hex, distance

ROOT = Path(__file__).resolve().parents[2]


def _builder():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "make_demo_map", ROOT / "tools" / "make_demo_map.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build_demo_board


DEMO = ROOT / "assets" / "maps" / "demo.hexmap"


def test_the_committed_demo_map_is_what_the_script_builds() -> None:
    assert mapfile.load(DEMO) == _builder()()


def test_the_committed_demo_map_is_in_the_current_format() -> None:
    assert mapfile.check(DEMO) == []
    assert mapfile.dumps(mapfile.load(DEMO)) == DEMO.read_bytes()


def test_the_demo_has_varied_terrain_and_tokens_of_several_sizes() -> None:
    board = _builder()()
    assert (board.width, board.height) == (40, 30)
    for name in ("elevation", "water_depth", "steep", "blocked", "concealment"):
        assert board.layer(name).any(), name
    sizes = {token.size for token in board.tokens.values()}
    assert len(sizes) >= 4
    assert any(len(t.footprint) > 1 for t in board.tokens.values())
    assert any(t.hidden for t in board.tokens.values())


def test_the_demo_keeps_a_hidden_token_with_a_gm_only_note() -> None:
    board = _builder()()
    hidden = [t.id for t in board.tokens.values() if t.hidden]
    gm_notes = [n for n in board.notes.values() if n.gm_only and n.token_id in hidden]
    assert hidden and gm_notes
    seen = player_board(board)
    assert not set(hidden) & set(seen.tokens) and not seen.notes


def test_the_demo_fogs_a_small_corner_far_from_the_party_and_players_see_it_differ() -> None:
    board = _builder()()
    fog = board.layer("fog")
    rows, cols = np.nonzero(fog)
    assert 10 <= fog.sum() <= 60  # small
    assert rows.max() < board.height // 4 and cols.min() >= 3 * board.width // 4  # north-east
    party = [t for t in board.tokens.values() if t.side == "party"]
    fogged = [
        Hex(int(q), int(r)) for q, r in zip(*(a[fog] for a in board.axial_grid()), strict=True)
    ]
    assert min(distance(t.position, h) for t in party for h in fogged) > 15
    assert not any(h in t.footprint for t in board.tokens.values() for h in fogged)
    seen = player_board(board)
    assert np.array_equal(seen.layer("fog"), fog)
    assert (seen.layer("ground") != board.layer("ground"))[fog].all()  # grass → unknown
    assert np.array_equal(seen.layer("ground")[~fog], board.layer("ground")[~fog])
