"""A layer's version-1.0 ``.npy`` header is read without numpy only when it is one
``np.save`` writes; any other is numpy's to judge. numpy refuses a header longer than its
``max_header_size`` (10,000 bytes) as not safe to load securely, so the map does too, even
when what the long header says is plain (a hostile file padding it)."""

from __future__ import annotations

import io
import zipfile

import numpy as np
import pytest

from rules import mapfile
from rules.board.grid import Board
from rules.errors import MapFileError


def _with_padded_header(data: bytes, member: str, padding: int) -> bytes:
    """``data`` (a .hexmap) with ``member``'s .npy header padded by ``padding`` spaces."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        members = {info.filename: zf.read(info) for info in zf.infolist()}
    raw = io.BytesIO(members[member])
    np.lib.format.read_magic(raw)
    shape, fortran, dtype = np.lib.format.read_array_header_1_0(raw)
    values = raw.read()
    descr = np.lib.format.dtype_to_descr(dtype)
    text = f"{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape}, }}"
    header = text.encode() + b" " * padding + b"\n"
    members[member] = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + values
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in members.items():
            zf.writestr(name, body)
    return out.getvalue()


LAYERS = ["layers/ground.npy", "layers/elevation.npy", "layers/steep.npy"]


@pytest.mark.parametrize("member", LAYERS)
def test_a_layer_with_an_oversized_npy_header_is_refused_as_numpy_refuses_it(member: str) -> None:
    data = _with_padded_header(mapfile.dumps(Board.blank(5, 4)), member, 20_000)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        raw = zf.read(member)
    with pytest.raises(ValueError, match="large"):  # numpy's own judgement of the member
        np.load(io.BytesIO(raw), allow_pickle=False)
    with pytest.raises(MapFileError, match=r"is not a valid \.npy array"):
        mapfile.loads(data)
