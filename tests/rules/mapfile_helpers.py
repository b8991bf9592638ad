"""Helpers shared by the map-file tests: sample boards, zip surgery, refusals."""

from __future__ import annotations

import importlib.util
import io
import json
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from rules import mapfile
from rules.board import Board
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.terrain import LAYER_SPECS
from rules.tokens import Token, TokenKind

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V1_FIXTURE = FIXTURES / "format-v1.hexmap"


def _fixture_script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "make_v1_fixture", FIXTURES / "make_v1_fixture.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_v1 = _fixture_script()


# --- helpers ------------------------------------------------------------------------------


def sample_board(orientation: Orientation = Orientation.POINTY) -> Board:
    """A 9×7 board with varied terrain in every layer, tokens of several sizes (one with a
    footprint override), an image and options of every kind."""
    rng = np.random.default_rng(7)
    board = Board.blank(9, 7, orientation, name="Säulenhalle — test map")
    for name, spec in LAYER_SPECS.items():
        values = rng.integers(spec.minimum, spec.maximum + 1, size=(7, 9))
        board = board.with_layer(name, values.astype(spec.dtype))
    board = board.with_image("wolf.png", make_v1.tiny_png()).with_image("notes.txt", b"\x00\xff")
    board = board.with_options({"legacy_areas": False, "reach": 2, "scale": 1.25, "mode": "x"})
    tokens = [
        Token("a", "Tiny sprite", board.hex_at(0, 0), size=-3, side="ally", color="#00ff00"),
        Token("b", "Wolf", board.hex_at(2, 1), size=1, image="wolf.png", notes="fast\nline 2"),
        Token("c", "Horse", board.hex_at(4, 1), size=3, side="party"),
        Token("d", "Ogre", board.hex_at(6, 1), size=4, side="enemy", hidden=True),
        Token("e", "Giant", board.hex_at(4, 4), size=5, color="#ABCDEF"),
        Token("f", "Snake", board.hex_at(1, 5), size=3, kind=TokenKind.OBJECT,
              footprint_override=(Hex(0, 0), Hex(1, 0), Hex(2, 0))),
    ]  # fmt: skip
    for token in tokens:
        board = board.with_token(token)
    return board


def members_of(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def make_zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name), data)
    return buffer.getvalue()


def npy(array: np.ndarray[Any, Any], *, allow_pickle: bool = False) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=allow_pickle)
    return buffer.getvalue()


def npy_header(descr: str, shape: tuple[int, ...]) -> bytes:
    """A .npy header with no data after it."""
    buffer = io.BytesIO()
    header = {"descr": descr, "fortran_order": False, "shape": shape}
    np.lib.format.write_array_header_1_0(buffer, header)
    return buffer.getvalue()


GOOD = mapfile.dumps(make_v1.build_board())  # 6×5 flat: hero-1, ogre-1 (image), cart-1


def map_json(data: bytes = GOOD) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(members_of(data)["map.json"])
    return result


def edit_json(edit: Callable[[dict[str, Any]], object]) -> bytes:
    """GOOD with its map.json changed in place by ``edit``."""
    doc = map_json()
    edit(doc)
    return replace_member("map.json", json.dumps(doc).encode())


def replace_member(name: str, data: bytes | None) -> bytes:
    """GOOD with member ``name`` replaced (added), or removed when ``data`` is None."""
    members = members_of(GOOD)
    if data is None:
        del members[name]
    else:
        members[name] = data
    return make_zip(members)


def patch_central(data: bytes, member: str, offset: int, fmt: str, value: int) -> bytes:
    """``data`` with a field of ``member``'s central-directory entry overwritten."""
    out = bytearray(data)
    start = out.find(b"PK\x01\x02")
    while start >= 0:
        name_len, extra_len, comment_len = struct.unpack_from("<HHH", out, start + 28)
        if out[start + 46 : start + 46 + name_len].decode() == member:
            struct.pack_into(fmt, out, start + offset, value)
            return bytes(out)
        start = out.find(b"PK\x01\x02", start + 46 + name_len + extra_len + comment_len)
    raise AssertionError(f"{member} not found")


def refuse(data: bytes, message: str) -> MapFileError:
    with pytest.raises(MapFileError) as info:
        mapfile.loads(data)
    assert message in str(info.value)
    return info.value


def put(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """An edit setting ``doc[a][b]...`` for a dotted ``path`` (integers index lists)."""

    def edit(doc: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        target: Any = doc
        for key in parents:
            target = target[key]
        target[last] = value

    return edit


def drop(path: str) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        target: Any = doc
        for key in parents:
            target = target[key]
        del target[last]

    return edit
