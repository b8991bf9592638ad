"""The bundled demo map is what tools/make_demo_map.py builds, and shows what it promises."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from rules import mapfile

ROOT = Path(__file__).resolve().parents[2]


def _builder():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "make_demo_map", ROOT / "tools" / "make_demo_map.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build_demo_board


def test_the_committed_demo_map_is_what_the_script_builds() -> None:
    assert mapfile.load(ROOT / "assets" / "maps" / "demo.hexmap") == _builder()()


def test_the_demo_has_varied_terrain_and_tokens_of_several_sizes() -> None:
    board = _builder()()
    assert (board.width, board.height) == (40, 30)
    for name in ("elevation", "water_depth", "steep", "blocked", "concealment"):
        assert board.layer(name).any(), name
    sizes = {token.size for token in board.tokens.values()}
    assert len(sizes) >= 4
    assert any(len(t.footprint) > 1 for t in board.tokens.values())
    assert any(t.hidden for t in board.tokens.values())
