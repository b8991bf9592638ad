"""Helpers shared by the map-file tests: the fixtures, sample boards, zip surgery, edits to
map.json, refusals (reading and writing) and the messages several modules expect."""

from __future__ import annotations

import importlib.util
import io
import json
import struct
import sys
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import strategies as st

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate
from rules.board.conditions import ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.pools import Vitals
from rules.board.terrain import LAYER_SPECS
from rules.board.tokens import Token, TokenKind
from rules.board.turn_state import with_effect, with_turn
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.layout import Orientation
from rules.turns import Participant, TurnState

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V1_FIXTURE = FIXTURES / "format-v1.hexmap"
V2_FIXTURE = FIXTURES / "format-v2.hexmap"
V3_FIXTURE = FIXTURES / "format-v3.hexmap"
V4_FIXTURE = FIXTURES / "format-v4.hexmap"
V5_FIXTURE = FIXTURES / "format-v5.hexmap"
V6_FIXTURE = FIXTURES / "format-v6.hexmap"
V7_FIXTURE = FIXTURES / "format-v7.hexmap"
V8_FIXTURE = FIXTURES / "format-v8.hexmap"
FIXTURE_FILES = (
    V1_FIXTURE,
    V2_FIXTURE,
    V3_FIXTURE,
    V4_FIXTURE,
    V5_FIXTURE,
    V6_FIXTURE,
    V7_FIXTURE,
    V8_FIXTURE,
)
BROKEN = FIXTURES / "broken"


def fixture_script(name: str) -> Any:
    """The module ``tests/fixtures/<name>.py``, loaded from its file (with that folder on
    ``sys.path``, as when it runs as a script, so it can import ``fixture_tools``)."""
    if str(FIXTURES) not in sys.path:
        sys.path.append(str(FIXTURES))
    spec = importlib.util.spec_from_file_location(name, FIXTURES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_v1 = fixture_script("make_v1_fixture")
make_v2 = fixture_script("make_v2_fixture")
make_v3 = fixture_script("make_v3_fixture")
make_v4 = fixture_script("make_v4_fixture")
make_v5 = fixture_script("make_v5_fixture")
make_v6 = fixture_script("make_v6_fixture")
make_v7 = fixture_script("make_v7_fixture")
make_v8 = fixture_script("make_v8_fixture")


# --- pictures (headers only: the map file never decodes them) ------------------------------


def png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR chunk declaring ``width`` × ``height``, nothing more."""
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + ihdr + b"\0\0\0\0"


def jpeg_header(width: int, height: int, *, metadata: int = 0, sof: int = 0xC0) -> bytes:
    """A JPEG's markers up to its frame header (``SOFn`` = ``sof``) declaring ``width`` ×
    ``height``, after a JFIF segment and ``metadata`` bytes of APP1 segments."""
    out = [b"\xff\xd8", b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"]
    while metadata > 0:
        body = min(metadata, 65533)
        out.append(b"\xff\xe1" + struct.pack(">H", body + 2) + b"\x00" * body)
        metadata -= body
    frame = struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    out.append(bytes([0xFF, sof]) + struct.pack(">H", len(frame) + 2) + frame)
    return b"".join(out) + b"\xff\xd9"


def webp_header(chunk: str, width: int, height: int) -> bytes:
    """A WebP RIFF header whose first chunk (``VP8 ``, ``VP8L`` or ``VP8X``) declares
    ``width`` × ``height``."""
    if chunk == "VP8L":
        bits = (width - 1) | (height - 1) << 14
        body = b"\x2f" + struct.pack("<I", bits) + b"\0" * 5
    elif chunk == "VP8X":
        body = (
            b"\x00\0\0\0" + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
        )
    else:
        body = b"\x00\x00\x00\x9d\x01\x2a" + struct.pack("<HH", width, height) + b"\0" * 4
    riff = b"WEBP" + chunk.encode() + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", len(riff)) + riff


# --- helpers ------------------------------------------------------------------------------


def sample_board(orientation: Orientation = Orientation.POINTY) -> Board:
    """A 9×7 board with varied terrain in every layer (fog on some hexes), tokens of
    several sizes (one with a footprint override), an image, options of every kind,
    pinned Areas (a Cone with a caster, an Aura attached to a token, a Burst on two hexes)
    and play state (:func:`with_play`)."""
    rng = np.random.default_rng(7)
    board = Board.blank(9, 7, orientation, name="Säulenhalle — test map")
    for name, spec in LAYER_SPECS.items():
        values = rng.integers(spec.minimum, spec.maximum + 1, size=(7, 9))
        board = board.with_layer(name, values.astype(spec.dtype))
    board = board.with_image("wolf.png", make_v1.tiny_png())
    board = board.with_image("handout.webp", webp_header("VP8L", 30, 20))
    board = board.with_options({"legacy_areas": False, "reach": 2, "scale": 1.25, "mode": "x"})
    tokens = [
        Token("a", "Tiny sprite", board.hex_at(0, 0), size=-3, side="ally", color="#00ff00"),
        Token("b", "Wolf", board.hex_at(2, 1), size=1, image="wolf.png", notes="fast\nline 2"),
        Token("c", "Horse", board.hex_at(4, 1), size=3, side="party"),
        Token("d", "Ogre", board.hex_at(6, 1), size=4, side="enemy", hidden=True),
        Token("e", "Giant", board.hex_at(4, 4), size=5, color="#ABCDEF"),
        Token(
            "f",
            "Snake",
            board.hex_at(1, 5),
            size=3,
            kind=TokenKind.OBJECT,
            footprint_override=(Hex(0, 0), Hex(1, 0), Hex(2, 0)),
        ),
    ]
    for token in tokens:
        board = board.with_token(token)
    areas = [
        AreaTemplate(
            "cone-1", AreaKind.CONE, 3, (board.hex_at(3, 1),), facing=1, caster="b", name="Howl"
        ),
        AreaTemplate("aura-1", AreaKind.AURA, 2, (), source="c", caster="c", physical=True),
        AreaTemplate(
            "burst-1",
            AreaKind.BURST,
            1,
            (board.hex_at(7, 5), board.hex_at(8, 5)),
            caster="d",
            exclude_caster=True,
            name="Stomp",
        ),
    ]
    for area in areas:
        board = board.with_area(area)
    return with_play(board)


WOLF_VITALS = Vitals(
    stats=(("might", 2), ("zeal", -1), ("observe", 999)),
    maximum=(("grit", 12), ("luck", 0)),
    current=(("grit", -3), ("energy", 7)),
    severe_threshold=4,
    wounded=(("head", 1), ("right leg", 3)),
    bars_for_players=True,
)


def with_play(board: Board) -> Board:
    """``sample_board``'s play state: the Wolf (``b``) Encumbered from two sources, Prone,
    wounded and moving; the Ogre (``d``) Slowed with its bars hidden; three effects (one
    keeping the Cone, one without a creator or duration, one on a token); round 3 of a
    turn order with a waiting participant."""
    wolf = board.token("b")
    conditions = (
        ConditionEntry("encumbered", 2, "Hold"),
        ConditionEntry("encumbered", 1, "Load"),
        ConditionEntry("prone", 1),
        ConditionEntry("burning", 99, "Feuer — ☄"),
    )
    board = board.with_token_replaced(
        replace(wolf, conditions=conditions, vitals=WOLF_VITALS, moving=True, moved_this_turn=True)
    )
    ogre = replace(
        board.token("d"),
        conditions=(ConditionEntry("slowed", 3),),
        vitals=Vitals(severe_threshold=-2),
        moving=True,
    )
    board = board.with_token_replaced(ogre)
    for effect in (
        OngoingEffect("howl", "Howl", creator="b", rounds_left=3, area_id="cone-1"),
        OngoingEffect("storm", "Storm", description="Wind — all day\n2 lines"),
        OngoingEffect("mark", "Mark", creator="c", rounds_left=-1, target="d"),
    ):
        board = with_effect(board, effect)
    order = (
        Participant("e", 15, 4),
        Participant("b", 12, 2, waiting=True),
        Participant("c", 12, 1),
        Participant("a", -3),
    )
    return with_turn(board, TurnState(order, round=3, current=2))


def members_of(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def make_zip(members: dict[str, bytes]) -> bytes:
    """A zip archive of ``members``, deflated as the map writer does."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED  # a ZipInfo would default to stored
            zf.writestr(info, data)
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
GOOD_V2 = V2_FIXTURE.read_bytes()  # 8×6 pointy: stats, labels, notes, a background
GOOD_V3 = V3_FIXTURE.read_bytes()  # 7×6 flat: five pinned Areas, one of a hidden token
GOOD_V4 = V4_FIXTURE.read_bytes()  # 8×6 pointy: fog, play state, effects, a started turn
GOOD_V5 = V5_FIXTURE.read_bytes()  # 8×6 pointy: a cliff, tokens flying, burrowing, climbing
GOOD_V6 = V6_FIXTURE.read_bytes()  # 8×6 flat: a Hold, five logged rolls, effects of a kind
GOOD_V7 = V7_FIXTURE.read_bytes()  # 7×5 pointy: senses, limbs, words, a run for Charge
GOOD_V8 = V8_FIXTURE.read_bytes()  # 6×5 pointy: a wall with a closed door, labels


def map_json(data: bytes = GOOD) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(members_of(data)["map.json"])
    return result


def with_map_json(doc: dict[str, Any], base: bytes = GOOD) -> bytes:
    """``base`` with ``doc`` as its map.json."""
    return replace_member("map.json", json.dumps(doc).encode(), base)


def edit_json(edit: Callable[[dict[str, Any]], object], base: bytes = GOOD) -> bytes:
    """``base`` with its map.json changed in place by ``edit``."""
    doc = map_json(base)
    edit(doc)
    return with_map_json(doc, base)


def replace_member(name: str, data: bytes | None, base: bytes = GOOD) -> bytes:
    """``base`` with member ``name`` replaced (added), or removed when ``data`` is None."""
    members = members_of(base)
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
    """Loading ``data`` fails with a MapFileError containing ``message``."""
    with pytest.raises(MapFileError) as info:
        mapfile.loads(data)
    assert message in str(info.value)
    return info.value


def refuse_exactly(data: bytes, message: str) -> None:
    """Loading ``data`` fails with a MapFileError saying exactly ``message``."""
    with pytest.raises(MapFileError) as info:
        mapfile.loads(data)
    assert str(info.value) == message


def refuse_to_write(board: Board, message: str, tmp_path: Path) -> None:
    """Writing ``board`` fails with a MapFileError saying exactly ``cannot write map:
    message``, and saving it to ``tmp_path`` fails without leaving a file behind."""
    with pytest.raises(MapFileError) as info:
        mapfile.dumps(board)
    assert str(info.value) == f"cannot write map: {message}"
    with pytest.raises(MapFileError, match=r"^could not save "):
        mapfile.save(board, tmp_path / "x.hexmap")
    assert not (tmp_path / "x.hexmap").exists()


T = TypeVar("T")


def forced(item: T, **fields: object) -> T:
    """``item`` with fields set past its own validation, as a corrupted model would be."""
    for name, value in fields.items():
        object.__setattr__(item, name, value)
    return item


def json_values(*words: str, key_size: int) -> st.SearchStrategy[Any]:
    """Any JSON value: null, true/false, numbers (huge integers too), short strings (or one
    of ``words``), nested in lists and in objects with keys up to ``key_size`` long."""
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(-(10**40), 10**40)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=8)
    )
    if words:
        leaves |= st.sampled_from(list(words))
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.text(max_size=key_size), inner, max_size=3)
        ),
        max_leaves=8,
    )


ID_RULE = "must be 1-64 letters, digits, '_', '-' or '.'"  # how an id is refused


def _parent(doc: dict[str, Any], path: str) -> tuple[Any, Any]:
    """The container holding the entry at a dotted ``path`` (integers index lists), and
    the entry's key in it."""
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    target: Any = doc
    for key in parents:
        target = target[key]
    return target, last


def put(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """An edit setting ``doc[a][b]...`` for a dotted ``path`` (integers index lists)."""

    def edit(doc: dict[str, Any]) -> None:
        target, last = _parent(doc, path)
        target[last] = value

    return edit


def drop(path: str) -> Callable[[dict[str, Any]], None]:
    """An edit deleting ``doc[a][b]...`` for a dotted ``path``."""

    def edit(doc: dict[str, Any]) -> None:
        target, last = _parent(doc, path)
        del target[last]

    return edit


def json_paths(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every path (keys and list indexes) to a value nested in ``value``, parents first."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, (*path, index))
