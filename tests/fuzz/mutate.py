"""Seeded, structure-aware mutations of ``.hexmap`` files (issue #14).

``make_case(seed, number)`` is case ``number`` of ``seed``: one mutated file, always the
same bytes for the same seed, number and code (the rich base below is written by the
current ``mapfile.dumps``, so a change to the writer changes the cases made from it).
Each case takes one base file — a committed fixture (``tests/fixtures/format-v1..v7``,
``tests/fixtures/broken/*``) or :func:`rich_board`, a board built here with every kind of
thing a map holds — and applies one mutation family (:data:`FAMILIES`):

- zip: compression methods (LZMA 14 and bzip2 12 with really compressed, damaged data;
  unknown methods), flag bits (0x800 with names that are not UTF-8, encryption, data
  descriptors), declared sizes (zip64 too), CRCs, offsets, truncation, duplicate, extra
  and unsafe members, flipped bytes;
- JSON: swapped types, huge, negative and non-finite numbers, long strings, lone
  surrogates (``"\\ud800"``) in string values and keys, deep nesting, huge lists (12,000
  conditions, a million footprint offsets or Area origins, 20,000 GM-only labels or
  hidden tokens, …), duplicate ids, references to missing ids, condition Tiers from two
  sources summing past 99, dropped and unknown keys, other versions, damaged text;
- pictures: PNG, JPEG and WebP headers (0xFF fill, many empty JPEG segments, huge
  declared sizes, …) and 250 MiB pictures of zeros, deflated;
- ``.npy`` layers: magic, version, header text, dtypes, shapes, data length, pickles;
- scale: the largest maps, many tokens, grids that disagree with their layers;
- combo: a map.json mutation, then one more of any family.

``make_case(seed, number, small=True)`` makes the same kind of case with every count and
size cut down (no hundreds of MiB, no million-entry lists), for the seeded cases run in
the normal test suite. Nothing here imports pytest or the app.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
import struct
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from rules import mapfile
from rules.areas import AreaKind, AreaTemplate
from rules.battlefield import swallow
from rules.board import Hold, with_hold
from rules.board.annotations import Background, Label, Note
from rules.board.body import Words
from rules.board.conditions import ConditionEntry
from rules.board.effects import OngoingEffect
from rules.board.grid import Board
from rules.board.motion import Motion
from rules.board.pools import Vitals
from rules.board.roll_log import LoggedRoll
from rules.board.terrain import LAYER_SPECS
from rules.board.tokens import Token, TokenKind
from rules.board.turn_state import with_effect, with_turn
from rules.hexes import Hex
from rules.layout import Orientation
from rules.turns import Participant, TurnState

__all__ = [
    "FAMILIES",
    "FULL",
    "SMALL",
    "Case",
    "Scale",
    "bases",
    "family_of",
    "make_case",
    "rich_board",
]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MIB = 2**20
MASK32 = 0xFFFFFFFF
DOS_DATE = 33  # 1980-01-01, as the map writer stores
JSONValue = Any
Doc = dict[str, Any]
Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Scale:
    """The largest counts and sizes the mutations use."""

    conditions: int  # a token's conditions (the O(n²) duplicate check: 12,000)
    offsets: int  # footprint offsets or Area origins (a million)
    many: int  # labels, notes, hidden tokens, effects, turn order (20,000)
    fill: int  # bytes of 0xFF fill or empty segments in a JPEG
    picture: int  # bytes of zeros after a picture's header ("250 MiB pictures")
    long_text: int  # characters of a long string
    nesting: int  # depth of nested lists
    members: int  # members of an archive (the limit is 10,000)
    map_side: int  # a grid side (the limit is 2000)


FULL = Scale(12_000, 1_000_000, 20_000, 250 * MIB, 250 * MIB, 1_000_000, 100_000, 10_001, 2000)
"""The sizes of issue #14's fuzz."""
SMALL = Scale(300, 3_000, 300, 256 * 1024, MIB, 20_000, 500, 300, 120)
"""Sizes for in-process cases: each loads in well under a second."""


@dataclass(frozen=True)
class Case:
    """One mutated file: which base and family made it, and how (``what``)."""

    seed: int
    number: int
    family: str
    base: str
    what: str
    data: bytes

    def title(self) -> str:
        """``"case 17 [zip-method] rich: lzma-damaged map.json"``."""
        return f"case {self.number} [{self.family}] {self.base}: {self.what}"


# -- zip archives, written field by field ------------------------------------------------


@dataclass
class Member:
    """One archive member as written: its stored ``payload`` (already compressed) and
    the header fields, which may lie. ``local`` overrides fields of the local header
    only (``name``, ``flags``, ``method``, ``crc``, ``csize``, ``size``, ``extra``)."""

    name: bytes
    payload: bytes
    method: int
    crc: int
    size: int
    csize: int | None = None  # None: len(payload)
    flags: int = 0
    extra: bytes = b""
    local: dict[str, Any] = field(default_factory=dict)
    offset_delta: int = 0
    descriptor: bytes = b""

    @property
    def text_name(self) -> str:
        return self.name.decode("utf-8", "replace")


def compress(data: bytes, method: int) -> bytes:
    """``data`` as zip method ``method`` stores it (0 stored, 8 deflate, 12 bzip2, 14 LZMA)."""
    if method == zipfile.ZIP_STORED:
        return data
    if method == zipfile.ZIP_DEFLATED:
        packer = zlib.compressobj(6 if len(data) < MIB else 1, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush()
    buffer = io.BytesIO()  # bzip2 and LZMA as zipfile writes them (LZMA's 4-byte prefix)
    with zipfile.ZipFile(buffer, "w", method) as zf:
        zf.writestr("x", data)
    raw = buffer.getvalue()
    csize, _size, name_len, extra_len = struct.unpack_from("<IIHH", raw, 18)
    start = 30 + name_len + extra_len
    return raw[start : start + csize]


def member(name: str | bytes, data: bytes, method: int = zipfile.ZIP_DEFLATED) -> Member:
    """A truthful member holding ``data``."""
    raw = name.encode() if isinstance(name, str) else name
    flags = 0x800 if any(b >= 0x80 for b in raw) else 0
    if method == zipfile.ZIP_LZMA:
        flags |= 0x2  # the end-of-stream marker is present, as zipfile writes it
    return Member(raw, compress(data, method), method, zlib.crc32(data), len(data), flags=flags)


def streamed(name: str, chunks: Iterable[bytes]) -> Member:
    """A deflated member of ``chunks`` (hundreds of MiB made without holding them)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    parts, crc, size = [], 0, 0
    for chunk in chunks:
        parts.append(packer.compress(chunk))
        crc, size = zlib.crc32(chunk, crc), size + len(chunk)
    parts.append(packer.flush())
    return Member(name.encode(), b"".join(parts), zipfile.ZIP_DEFLATED, crc, size)


@cache
def repeated(name: str, head: bytes, pattern: bytes, total: int, tail: bytes = b"") -> Member:
    """A deflated member of ``head``, ``total`` bytes of ``pattern`` and ``tail`` (kept:
    the largest take a second to deflate). Copy it before changing it."""
    return streamed(name, [head, *_repeat(pattern, total), tail])


def _repeat(pattern: bytes, total: int, chunk: int = MIB) -> Iterator[bytes]:
    """``total`` bytes of ``pattern`` repeated, in chunks of about ``chunk`` bytes."""
    block = pattern * max(1, chunk // len(pattern))
    left = total
    while left > 0:
        piece = block[: min(left, len(block))]
        left -= len(piece)
        yield piece


@dataclass
class Archive:
    """Members in order and the end record's fields (``eocd`` overrides them)."""

    members: list[Member]
    comment: bytes = b""
    prefix: bytes = b""
    suffix: bytes = b""
    eocd: dict[str, int] = field(default_factory=dict)

    def find(self, name: str) -> Member | None:
        return next((m for m in self.members if m.name == name.encode()), None)

    def put(self, new: Member) -> None:
        """Replace the member of the same name, or add ``new`` at the end."""
        for i, old in enumerate(self.members):
            if old.name == new.name:
                self.members[i] = new
                return
        self.members.append(new)

    def bytes(self) -> bytes:
        out = bytearray(self.prefix)
        central = bytearray()
        for m in self.members:
            offset = len(out)
            local = m.local
            name, extra = local.get("name", m.name), local.get("extra", m.extra)
            csize = len(m.payload) if m.csize is None else m.csize
            out += struct.pack(
                "<4sHHHHHIIIHH",
                b"PK\x03\x04",
                20,
                local.get("flags", m.flags) & 0xFFFF,
                local.get("method", m.method) & 0xFFFF,
                0,
                DOS_DATE,
                local.get("crc", m.crc) & MASK32,
                local.get("csize", csize) & MASK32,
                local.get("size", m.size) & MASK32,
                len(name),
                len(extra),
            )
            out += name + extra + m.payload + m.descriptor
            central += struct.pack(
                "<4sHHHHHHIIIHHHHHII",
                b"PK\x01\x02",
                0x031E,
                20,
                m.flags & 0xFFFF,
                m.method & 0xFFFF,
                0,
                DOS_DATE,
                m.crc & MASK32,
                csize & MASK32,
                m.size & MASK32,
                len(m.name),
                len(m.extra),
                0,
                0,
                0,
                0o100644 << 16,
                (offset + m.offset_delta) & MASK32,
            )
            central += m.name + m.extra
        start = len(out)
        out += central
        e = self.eocd
        count = e.get("entries", len(self.members))
        out += struct.pack(
            "<4sHHHHIIH",
            b"PK\x05\x06",
            e.get("disk", 0),
            e.get("cd_disk", 0),
            count & 0xFFFF,
            e.get("total", count) & 0xFFFF,
            e.get("cd_size", len(central)) & MASK32,
            e.get("cd_offset", start) & MASK32,
            e.get("comment_len", len(self.comment)) & 0xFFFF,
        )
        return bytes(out + self.comment + self.suffix)


# -- pictures and layers -------------------------------------------------------------------


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width: int, height: int, pixels: bool = True) -> bytes:
    """A PNG declaring ``width`` × ``height`` (with real RGB rows when ``pixels``)."""
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    rows = zlib.compress((b"\x00" + b"\x80\x40\x20" * width) * height) if pixels else b""
    idat = png_chunk(b"IDAT", rows) if pixels else b""
    return b"\x89PNG\r\n\x1a\n" + ihdr + idat + png_chunk(b"IEND", b"")


def jpeg_sof(width: int, height: int, sof: int = 0xC0) -> bytes:
    frame = struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return bytes([0xFF, sof]) + struct.pack(">H", len(frame) + 2) + frame


JFIF = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"


def jpeg(width: int, height: int) -> bytes:
    """A JPEG's markers up to its frame header, then its end."""
    return b"\xff\xd8" + JFIF + jpeg_sof(width, height) + b"\xff\xd9"


def webp(chunk: str, width: int, height: int) -> bytes:
    """A WebP whose first chunk (``VP8 ``, ``VP8L`` or ``VP8X``) declares its size."""
    if chunk == "VP8L":
        body = b"\x2f" + struct.pack("<I", (width - 1) | (height - 1) << 14) + b"\0" * 5
    elif chunk == "VP8X":
        body = b"\0\0\0\0" + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    else:
        body = b"\0\0\0\x9d\x01\x2a" + struct.pack("<HH", width, height) + b"\0" * 4
    riff = b"WEBP" + chunk.encode() + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", len(riff)) + riff


def npy(array: np.ndarray[Any, Any], *, allow_pickle: bool = False) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=allow_pickle)
    return buffer.getvalue()


def npy_header(header_text: str, version: tuple[int, int] = (1, 0)) -> bytes:
    """A ``.npy`` magic and header holding ``header_text`` as it is (padded to 64)."""
    text = header_text.encode("latin-1")
    size = 10 if version[0] == 1 else 12
    pad = (-(size + len(text) + 1)) % 64
    text += b" " * pad + b"\n"
    length = struct.pack(
        "<H" if version[0] == 1 else "<I", len(text) & (0xFFFF if size == 10 else MASK32)
    )
    return b"\x93NUMPY" + bytes(version) + length + text


# -- the rich board ------------------------------------------------------------------------


def _token_specs(board: Board) -> list[Token]:
    """Tokens of every size, kind and side: images, hidden ones, a footprint override,
    conditions (Encumbered from two sources), vitals, motion, senses, limbs, words."""
    at = board.hex_at
    hurt = Vitals(
        stats=(("might", 2), ("zeal", 3), ("observe", 999)),
        maximum=(("grit", 12),),
        current=(("grit", -3), ("energy", 7)),
        severe_threshold=4,
        wounded=(("head", 1), ("right leg", 3)),
        bars_for_players=True,
    )
    tokens = [
        Token(
            "aria",
            "Aria Vell — Säbel",
            at(4, 4),
            side="party",
            color="#56b4e9",
            image="tiny.png",
            senses=("sight", "sound"),
            gripping=1,
            words=Words(10, 2, 2),
            conditions=(
                ConditionEntry("encumbered", 2, "Load"),
                ConditionEntry("encumbered", 1, "Rüstung"),
                ConditionEntry("prone", 1),
            ),
            vitals=hurt,
            moving=True,
            moved_this_turn=True,
            motion=Motion(pace="dash", spare=1, spaces_in_a_row=3, dashed=True),
            notes="Schwert\nzweite Zeile",
        ),
        Token(
            "ogre-1",
            "Grey Ogre",
            at(7, 4),
            size=2,
            side="enemy",
            color="#7f7f7f",
            reach=2,
            movement_pool=4,
            limbs=4,
            gripping=2,
        ),
        Token("gob-1", "Goblin", at(8, 5), size=-1, side="enemy", color="#30a050"),
        Token(
            "gob-2",
            "Goblin archer",
            at(9, 3),
            size=-1,
            side="enemy",
            hidden=True,
            image="handout.webp",
        ),
        Token(
            "bat",
            "Cave Bat",
            at(12, 3),
            size=-3,
            side="enemy",
            color="#4d4d4d",
            movement_types=("fly", "land"),
            senses=("sound", "smell"),
            limbs=0,
            words=Words(0),
            moving=True,
            motion=Motion(mode="fly", altitude=2),
        ),
        Token(
            "naga",
            "Naga Seer",
            at(14, 8),
            size=1,
            side="enemy",
            color="#009e73",
            senses=("thermal", "sight", "smell"),
            limbs=4,
            gripping=2,
            image="portrait.jpg",
            conditions=(ConditionEntry("slowed", 3), ConditionEntry("burning", 99, "Feuer — ☄")),
        ),
        Token(
            "otter",
            "River Otter",
            at(2, 12),
            size=-2,
            color="#e69f00",
            movement_types=("land", "swim"),
            senses=("smell", "sight"),
            limbs=4,
            motion=Motion(spaces_in_a_row=1, secondary_rounds=119, secondary_now=True),
        ),
        Token("horse", "Horse", at(10, 10), size=3, side="party"),
        Token("troll", "Troll", at(16, 12), size=4, side="enemy", hidden=True),
        Token("giant", "Giant", at(18, 6), size=5, color="#ABCDEF", side="neutral"),
        Token(
            "snake",
            "Snake",
            at(5, 14),
            size=3,
            kind=TokenKind.OBJECT,
            footprint_override=(Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)),
        ),
        Token("crate-1", "Crate", at(20, 14), kind=TokenKind.OBJECT, side="neutral"),
        Token("scout", "Scout (in fog)", at(1, 1), side="enemy"),
        Token(
            "sprite",
            "Tiny sprite",
            at(11, 7),
            size=-3,
            side="ally",
            color="#00ff00",
            image="karte-ä.png",
        ),
    ]
    for k in range(12):  # a crowd: stacked and spread, some hidden
        col, row = 3 + (k * 5) % 18, 2 + (k * 7) % 14
        tokens.append(
            Token(
                f"m-{k}",
                f"Militia {k}",
                at(col, row),
                side=("party", "enemy")[k % 2],
                hidden=k % 4 == 3,
            )
        )
    return tokens


def _areas(board: Board) -> list[AreaTemplate]:
    """Every kind of Area: with a caster, a source (an Aura), several origins, Self Areas
    with an origin and drawn from their caster alone, one of a hidden caster."""
    at = board.hex_at
    return [
        AreaTemplate("cone-1", AreaKind.CONE, 3, (at(5, 4),), facing=1, caster="aria", name="Howl"),
        AreaTemplate(
            "aura-1", AreaKind.AURA, 2, (), source="ogre-1", caster="ogre-1", physical=True
        ),
        AreaTemplate(
            "burst-1",
            AreaKind.BURST,
            1,
            (at(15, 9), at(16, 9)),
            caster="naga",
            exclude_caster=True,
            name="Stomp",
        ),
        AreaTemplate("self-1", AreaKind.SELF, 0, (at(12, 3),), caster="bat", name="Leap"),
        AreaTemplate("self-2", AreaKind.SELF, 0, (), caster="aria", name="Ward (no origin)"),
        AreaTemplate("burst-2", AreaKind.BURST, 2, (), caster="giant", name="Quake"),
        AreaTemplate("line-1", AreaKind.LINE, 4, (at(2, 8),), facing=6),
        AreaTemplate("burst-3", AreaKind.BURST, 1, (at(16, 13),), caster="troll"),
    ]


def _annotations(board: Board) -> Board:
    at = board.hex_at
    for k in range(12):
        text = ("Ford", "Trapdoor (GM)", "Brücke — alt", "☠ Falle")[k % 4] + f" {k}"
        board = board.with_label(
            Label(f"label-{k}", text, at((k * 3) % 24, (k * 5) % 18), gm_only=k % 3 == 1)
        )
    board = board.with_label(Label("label-fog", "Under the fog", at(0, 0)))
    notes = [
        Note("note-1", "Waits for the mage.", token_id="gob-2"),
        Note("note-2", "Loose stones\nsecond line", hex=at(6, 9), gm_only=False),
        Note("note-3", "Secret door", hex=at(20, 2)),
        Note("note-4", "Carries the key", token_id="ogre-1", gm_only=False),
        Note("note-5", "Fogged note", hex=at(2, 2), gm_only=False),
    ]
    for note in notes:
        board = board.with_note(note)
    return board.with_background(Background("battlemap.png", 48.0, 12.5, -3.0, 0.75))


def _play(board: Board) -> Board:
    board = with_hold(board, Hold("ogre-1", "gob-1", 1, "left arm"))
    board = with_hold(board, Hold("horse", "sprite"))
    board = with_hold(board, Hold("troll", "m-1", -1))  # a hidden Holder: gone in the view
    board = swallow(board, "giant", "m-2").board
    for effect in (
        OngoingEffect("howl", "Howl", creator="aria", rounds_left=3, area_id="cone-1"),
        OngoingEffect("storm", "Storm", description="Wind — all day\n2 lines"),
        OngoingEffect("mark", "Mark", creator="naga", rounds_left=-1, target="gob-1"),
        OngoingEffect("ready-naga", "Ready Spell", creator="naga", kind="ready", amount=2),
        OngoingEffect(
            "stance",
            "Defensive Stance",
            creator="aria",
            rounds_left=1,
            target="aria",
            kind="defensive_stance",
        ),
        OngoingEffect("troll-rage", "Rage", creator="troll", rounds_left=2),
    ):
        board = with_effect(board, effect)
    order = (
        Participant("giant", 15, 4),
        Participant("aria", 12, 2, waiting=True),
        Participant("ogre-1", 12, 1),
        Participant("troll", 9, 2),
        Participant("bat", 4),
        Participant("naga", 3, 1),
        Participant("m-0", 2),
        Participant("m-3", -3),
    )
    board = with_turn(board, TurnState(order, round=2, current=3))
    rolls = (
        LoggedRoll(
            "Grab",
            (10, 7, 3),
            actor="Grey Ogre",
            target="Goblin",
            outcome="hit: a Hold",
            role="attack",
            round=1,
        ),
        LoggedRoll(
            "Strike",
            (8, 8, 2),
            1,
            4,
            "Aria Vell",
            "Grey Ogre",
            ((1, "target 2 sizes larger: +1"), (0, "Called Shot — none")),
            "hit — doubles 8",
            "attack",
            round=2,
        ),
        LoggedRoll("Dice roller", (5,), manual=True),
        LoggedRoll(
            "Escape",
            (1, 1, 6),
            -1,
            None,
            "Goblin",
            "Grey Ogre",
            ((-1, "Encumbered 2 (Hold)"),),
            "fumble",
            "defence",
            round=2,
        ),
    )
    return replace(board, rolls=rolls, dice_seed=20261130, dice_draws=4)


def rich_board() -> Board:
    """A 24×18 flat-top map with everything a map can hold: noisy terrain in every layer
    and fog over one corner, five pictures (PNG, JPEG, WebP of three kinds, a non-ASCII
    name) and a background, options, 26 tokens (see :func:`_token_specs`), three Holds
    (one of a hidden token), a swallowed militia,
    eight Areas (:func:`_areas`), labels and notes (GM-only ones too), effects, a turn
    order in round 2 and a roll log."""
    rng = np.random.default_rng(14)
    board = Board.blank(24, 18, Orientation.FLAT, name="Fuzz: rich board — Säulenhalle ☄")
    for name, spec in LAYER_SPECS.items():
        values = rng.integers(spec.minimum, spec.maximum + 1, size=(18, 24))
        if name == "fog":
            values = np.zeros((18, 24), dtype=bool)
            values[0:3, 0:3] = True
        board = board.with_layer(name, values.astype(spec.dtype))
    pictures = {
        "tiny.png": png(2, 2),
        "portrait.jpg": jpeg(64, 48),
        "handout.webp": webp("VP8L", 30, 20),
        "scroll.webp": webp("VP8X", 100, 80),
        "photo.webp": webp("VP8 ", 40, 30),
        "karte-ä.png": png(3, 1),
        "battlemap.png": png(1200, 900, pixels=False),
    }
    for name, data in pictures.items():
        board = board.with_image(name, data)
    board = board.with_options(
        {"legacy_areas": False, "reach": 2, "scale": 1.25, "mode": "täglich", "x": "☄"}
    )
    for token in _token_specs(board):
        board = board.with_token(token)
    for area in _areas(board):
        board = board.with_area(area)
    return _play(_annotations(board))


# -- the bases -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Base:
    """A file to mutate: its bytes and, when it reads as a zip, its members (name, data,
    method) and map.json's object."""

    name: str
    data: bytes
    members: tuple[tuple[str, bytes, int], ...] | None
    doc: Doc | None
    weight: float

    def archive(self) -> Archive:
        """A fresh, truthful archive of the base's members (in their own methods)."""
        assert self.members is not None
        return Archive([member(n, d, m) for n, d, m in self.members])


def _parse(name: str, data: bytes, weight: float) -> Base:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            members = tuple((i.filename, zf.read(i), i.compress_type) for i in zf.infolist())
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError, zlib.error):
        return Base(name, data, None, None, weight)
    raw = dict((n, d) for n, d, _ in members).get("map.json")
    try:
        doc = json.loads(raw) if raw is not None else None
    except (ValueError, RecursionError):
        doc = None
    return Base(name, data, members, doc if isinstance(doc, dict) else None, weight)


@cache
def bases() -> tuple[Base, ...]:
    """The fixtures and the rich board, each with its weight (the rich board and the
    newest fixture are mutated most)."""
    found = [_parse("rich", mapfile.dumps(rich_board()), 8.0)]
    for path in sorted(FIXTURES.glob("format-v*.hexmap")):
        weight = 3.0 if path.stem == f"format-v{mapfile.FORMAT_VERSION}" else 1.0
        found.append(_parse(path.stem, path.read_bytes(), weight))
    for path in sorted((FIXTURES / "broken").glob("*.hexmap")):
        found.append(_parse(f"broken/{path.stem}", path.read_bytes(), 0.2))
    return tuple(found)


# -- map.json surgery ------------------------------------------------------------------------


@dataclass(frozen=True)
class Raw:
    """JSON text put into a document as it is (``NaN``, ``1e999``, 100,000 brackets)."""

    text: str


def dump_doc(doc: Doc) -> bytes:
    """``doc`` as JSON (ASCII, so lone surrogates are ``\\ud800`` escapes), with each
    :class:`Raw` value written as its own text."""
    raws: list[str] = []

    def swap(value: JSONValue) -> JSONValue:
        if isinstance(value, Raw):
            raws.append(value.text)
            return f"\x00raw{len(raws) - 1}\x00"
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    text = json.dumps(swap(doc))
    if raws:
        text = re.sub(r'"\\u0000raw(\d+)\\u0000"', lambda m: raws[int(m.group(1))], text)
    return text.encode("utf-8", "surrogatepass")


def paths(value: JSONValue, path: Path_ = ()) -> Iterator[Path_]:
    """Every path into ``value`` (keys and list indexes), depth first."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def at(doc: JSONValue, path: Path_) -> JSONValue:
    for key in path:
        doc = doc[key]
    return doc


def put(doc: JSONValue, path: Path_, value: JSONValue) -> None:
    at(doc, path[:-1])[path[-1]] = value


def where(path: Path_) -> str:
    """``tokens[2].conditions[0].tier``."""
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


FREE_TEXT = frozenset(
    [
        "name",
        "text",
        "notes",
        "description",
        "outcome",
        "source",
        "part",
        "action",
        "actor",
        "target",
        "app_version",
        "side",
    ]
)
"""map.json's keys of free text (a surrogate there is text, not a broken id)."""

ODD_VALUES: tuple[JSONValue, ...] = (
    None,
    True,
    False,
    0,
    -1,
    7,
    1.5,
    -0.0,
    "",
    " ",
    "x",
    "tiny.png",
    "aria",
    [],
    [0],
    [[0, 0]],
    ["land"],
    {},
    {"a": 1},
    10**30,
    -(10**30),
    1e308,
    "\x00",
    "../../etc/passwd",
    [None],
    {"": None},
    "\u202e",
    [[]],
)
HUGE_NUMBERS: tuple[JSONValue, ...] = (
    2**31,
    2**31 - 1,
    2**32,
    2**53 + 1,
    2**63,
    2**64,
    -(2**63) - 1,
    10**100,
    10**4000,
    1e308,
    -1e308,
    5e-324,
    -1,
    -2,
    -99,
    -100,
    -1000,
    -(2**31),
    100,
    99,
    999,
    1000,
    10**9,
    0.5,
    -0.5,
    1.0,
    2.0,
    99.0,
    -0.0,
    12,
    13,
    16_384,
    16_385,
    2001,
    2000,
    Raw("1e999"),
    Raw("-1e999"),
    Raw("NaN"),
    Raw("Infinity"),
    Raw("-Infinity"),
    Raw("1" + "0" * 5000),
    Raw("-0"),
    Raw("1E400"),
    Raw("1.0e-400"),
)
SURROGATES = ("\ud800", "\udfff", "a\ud800b", "\udc00\ud800", "\ud83d")


# -- the mutation families -------------------------------------------------------------------


class Mutation:
    """What a family works with: the random generator, the sizes, the base."""

    def __init__(self, rng: random.Random, scale: Scale, base: Base) -> None:
        self.rng, self.scale, self.base = rng, scale, base

    def pick(self, items: Iterable[Any]) -> Any:
        return self.rng.choice(list(items))

    def count(self, largest: int) -> int:
        """A count up to ``largest``: mostly the largest itself (the interesting size)."""
        return self.pick([largest, largest, largest // 4, largest // 40 or 1, 2])

    def doc(self) -> Doc:
        assert self.base.doc is not None
        return copy.deepcopy(self.base.doc)

    def with_doc(self, doc: Doc) -> bytes:
        return self.with_member("map.json", dump_doc(doc))

    def with_member(self, name: str, data: bytes, method: int = zipfile.ZIP_DEFLATED) -> bytes:
        archive = self.base.archive()
        archive.put(member(name, data, method))
        return archive.bytes()

    def member_name(self) -> str:
        """A member name: map.json, a layer or a picture."""
        assert self.base.members is not None
        names = [n for n, _, _ in self.base.members]
        favourite = ["map.json"] * 3 + [n for n in names if n.startswith("images/")] * 2
        return self.pick(names + favourite)

    def ids(self, doc: Doc, key: str) -> list[str]:
        items = doc.get(key)
        if not isinstance(items, list):
            return []
        return [x["id"] for x in items if isinstance(x, dict) and isinstance(x.get("id"), str)]

    def token(self, doc: Doc) -> tuple[int, Doc]:
        """A random token entry of ``doc`` (and its index)."""
        tokens = doc["tokens"]
        index = self.rng.randrange(len(tokens))
        return index, tokens[index]


Family = Callable[[Mutation], tuple[str, bytes]]


def _damage(rng: random.Random, payload: bytes, keep: int = 0) -> tuple[str, bytes]:
    """``payload`` with bytes flipped, cut short or overwritten (past ``keep`` bytes)."""
    data = bytearray(payload)
    how = rng.choice(["flip", "cut", "zero", "junk-tail"])
    if how == "cut" and len(data) > keep + 1:
        return how, bytes(data[: rng.randrange(keep, len(data))])
    if how == "junk-tail":
        return how, bytes(data) + rng.randbytes(rng.randrange(1, 64))
    for _ in range(rng.randrange(1, 6)):
        if len(data) > keep:
            i = rng.randrange(keep, len(data))
            data[i] = 0 if how == "zero" else rng.randrange(256)
    return how, bytes(data)


def zip_method(m: Mutation) -> tuple[str, bytes]:
    """LZMA (14) or bzip2 (12), damaged or intact; a method no reader knows; a local
    header that disagrees with the directory."""
    archive, name = m.base.archive(), m.member_name()
    target = archive.find(name)
    assert target is not None
    data = dict((n, d) for n, d, _ in m.base.members or ())[name]
    how = m.pick(
        ["lzma-damaged"] * 3
        + ["bzip2-damaged"] * 2
        + ["lzma", "bzip2", "unknown", "local-method", "stored-but-deflated", "deflated-but-stored"]
    )
    if how in ("lzma-damaged", "bzip2-damaged", "lzma", "bzip2"):
        method = zipfile.ZIP_LZMA if how.startswith("lzma") else zipfile.ZIP_BZIP2
        if m.rng.random() < 0.3:  # a larger member: the decompressor runs longer
            data = data + m.rng.randbytes(m.rng.randrange(1, 200_000))
        new = member(name, data, method)
        if how.endswith("damaged"):
            keep = 9 if method == zipfile.ZIP_LZMA and m.rng.random() < 0.7 else 0
            damage, payload = _damage(m.rng, new.payload, keep)
            new.payload, how = payload, f"{how} ({damage})"
        archive.put(new)
    elif how == "unknown":
        target.method = m.pick([1, 2, 6, 9, 10, 18, 19, 20, 93, 95, 96, 97, 98, 99, 0xFFFF])
        how = f"method {target.method}"
    elif how == "local-method":
        target.local["method"] = m.pick([0, 8, 12, 14, 99])
        how = f"local header method {target.local['method']}"
    elif how == "stored-but-deflated":
        target.method = zipfile.ZIP_STORED
    else:
        target.payload, target.method = data, zipfile.ZIP_DEFLATED
    return f"{how} {name}", archive.bytes()


def zip_flags(m: Mutation) -> tuple[str, bytes]:
    """Bit 0x800 (UTF-8) with a name that is not UTF-8; a UTF-8 name without it; the
    encryption, data-descriptor and other bits; local flags unlike the directory's."""
    archive, name = m.base.archive(), m.member_name()
    target = archive.find(name)
    assert target is not None
    how = m.pick(
        ["bad-utf8"] * 3
        + ["cp437", "encrypted", "descriptor", "descriptor-data", "random", "local-only", "strong"]
    )
    if how == "bad-utf8":
        raw = bytearray(target.name)
        raw.insert(m.rng.randrange(len(raw) + 1), m.pick([0xFF, 0xC3, 0xE9, 0x80, 0xED]))
        target.name = bytes(raw)
        target.flags |= 0x800
        how = f"0x800 with name {target.name!r}"
    elif how == "cp437":
        target.name = target.name.replace(b".", "ä.".encode(), 1)
        target.flags &= ~0x800
        how = f"name {target.name!r} without 0x800"
    elif how == "encrypted":
        target.flags |= 0x1
    elif how == "strong":
        target.flags |= 0x41
    elif how in ("descriptor", "descriptor-data"):
        target.flags |= 0x8
        if how == "descriptor-data":
            target.descriptor = struct.pack(
                "<4sIII", b"PK\x07\x08", target.crc, len(target.payload), target.size
            )
        else:
            target.local.update(crc=0, csize=0, size=0)
    elif how == "random":
        target.flags = m.rng.randrange(0x10000)
        how = f"flags {target.flags:#06x}"
    else:
        target.local["flags"] = m.rng.randrange(0x10000)
        how = f"local flags {target.local['flags']:#06x}"
    return f"{how} {name}", archive.bytes()


def zip_sizes(m: Mutation) -> tuple[str, bytes]:
    """Declared sizes that lie, in the directory, the local header or both, or in a zip64
    extra field."""
    archive, name = m.base.archive(), m.member_name()
    target = archive.find(name)
    assert target is not None
    true_size = target.size
    if m.rng.random() < 0.2:
        real = m.pick([true_size, 2**40, 2**63, 2**64 - 1, 600 * MIB, 0])
        target.size = MASK32
        target.csize = MASK32 if m.rng.random() < 0.5 else None
        csize = (
            len(target.payload) if target.csize is None else m.pick([len(target.payload), 2**62])
        )
        body = struct.pack("<Q", real) + (struct.pack("<Q", csize) if target.csize else b"")
        target.extra = struct.pack("<HH", 1, len(body)) + body
        return f"zip64 size {real} {name}", archive.bytes()
    field_ = m.pick(["size", "csize"])
    value = m.pick(
        [
            0,
            1,
            true_size - 1,
            true_size + 1,
            true_size * 2,
            MASK32,
            m.rng.randrange(MASK32),
            600 * MIB,
            257 * MIB,
            17 * MIB,
        ]
    )
    place = m.pick(["central", "local", "both"])
    if place in ("central", "both"):
        setattr(target, field_, max(0, value))
    if place in ("local", "both"):
        target.local[field_] = max(0, value)
    return f"{place} {field_} {value} {name}", archive.bytes()


def zip_crc(m: Mutation) -> tuple[str, bytes]:
    archive, name = m.base.archive(), m.member_name()
    target = archive.find(name)
    assert target is not None
    wrong = m.pick([target.crc ^ 1, 0, MASK32, m.rng.randrange(MASK32)])
    place = m.pick(["central", "local", "both"])
    if place != "local":
        target.crc = wrong
    if place != "central":
        target.local["crc"] = wrong
    return f"{place} crc {wrong:#x} {name}", archive.bytes()


def zip_offsets(m: Mutation) -> tuple[str, bytes]:
    """Local header offsets, the end record's counts and offsets, junk before the archive."""
    archive = m.base.archive()
    how = m.pick(
        [
            "offset",
            "offset",
            "entries",
            "cd_offset",
            "cd_size",
            "comment_len",
            "disks",
            "prefix",
            "comment",
        ]
    )
    if how == "offset":
        target = m.pick(archive.members)
        target.offset_delta = m.pick([1, -1, 30, -30, 10**6, -(10**6), 2**31])
        how = f"offset {target.offset_delta:+d} {target.text_name}"
    elif how == "entries":
        archive.eocd["entries"] = m.pick([0, 1, len(archive.members) + 1, 0xFFFF])
        how = f"entries {archive.eocd['entries']}"
    elif how in ("cd_offset", "cd_size"):
        archive.eocd[how] = m.pick([0, 1, 2**31, MASK32, m.rng.randrange(1 << 16)])
        how = f"{how} {archive.eocd[how]}"
    elif how == "comment_len":
        archive.eocd["comment_len"] = m.pick([1, 100, 0xFFFF])
    elif how == "disks":
        archive.eocd.update(disk=m.pick([1, 0xFFFF]), cd_disk=m.pick([0, 1]))
    elif how == "prefix":
        archive.prefix = m.pick([b"#!/bin/sh\nexit 0\n", m.rng.randbytes(1000), b"PK\x03\x04"])
    else:
        archive.comment = m.pick([b"PK\x05\x06" + bytes(18), m.rng.randbytes(200), b"x" * 65535])
    return how, archive.bytes()


def zip_truncate(m: Mutation) -> tuple[str, bytes]:
    data = m.base.data
    how = m.pick(["cut", "cut", "hole", "no-end", "tail", "double-end"])
    if how == "cut":
        n = m.rng.randrange(len(data))
        return f"cut at {n} of {len(data)}", data[:n]
    if how == "hole":
        start = m.rng.randrange(len(data))
        length = m.rng.randrange(1, 2000)
        return f"hole of {length} at {start}", data[:start] + data[start + length :]
    if how == "no-end":
        end = data.rfind(b"PK\x05\x06")
        return "end record removed", data[:end] if end > 0 else data[:-22]
    if how == "tail":
        return "junk after the end", data + m.rng.randbytes(m.rng.randrange(1, 5000))
    end = data.rfind(b"PK\x05\x06")
    return "two end records", data + (data[end:] if end >= 0 else b"")


UNSAFE_NAMES = (
    "../evil.npy",
    "/etc/passwd",
    "C:evil",
    "a\\b",
    "x\x00y",
    "images/../map.json",
    "./map.json",
    "images//x.png",
    "",
    "images/",
    "map.json/",
    " ",
    "\x7f",
)


def zip_members(m: Mutation) -> tuple[str, bytes]:
    """Duplicate, extra, unsafe, missing and renamed members; thousands of members."""
    archive = m.base.archive()
    how = m.pick(
        [
            "duplicate",
            "duplicate",
            "extra",
            "many",
            "unsafe",
            "missing",
            "local-name",
            "directory",
            "case",
        ]
    )
    if how == "duplicate":
        old = m.pick(archive.members)
        twin = replace(old, local={})
        if m.rng.random() < 0.5:
            twin = member(old.name, m.rng.randbytes(m.rng.randrange(0, 300)), old.method)
        archive.members.insert(m.rng.randrange(len(archive.members) + 1), twin)
        how = f"duplicate {old.text_name}"
    elif how == "extra":
        for k in range(m.rng.randrange(1, 20)):
            name = m.pick([f"extra-{k}.bin", f"images/extra-{k}.png", f"layers/x{k}.npy"])
            archive.members.append(member(name, m.rng.randbytes(m.rng.randrange(0, 500))))
    elif how == "many":
        n = m.count(m.scale.members)
        archive.members += [member(f"junk/{k}", b"", zipfile.ZIP_STORED) for k in range(n)]
        how = f"{n} extra members"
    elif how == "unsafe":
        name = m.pick(UNSAFE_NAMES)
        archive.members.append(member(name.encode("utf-8", "surrogatepass"), b"x"))
        how = f"unsafe name {name!r}"
    elif how == "missing":
        gone = m.pick(archive.members)
        archive.members.remove(gone)
        how = f"missing {gone.text_name}"
    elif how == "local-name":
        target = m.pick(archive.members)
        target.local["name"] = m.pick([b"map.json", b"../x", b"other", target.name + b"x"])
        how = f"local name {target.local['name']!r} for {target.text_name}"
    elif how == "directory":
        archive.members.append(member(m.pick(["images/", "layers/", "map.json/"]), b""))
    else:
        target = m.pick(archive.members)
        target.name = target.name.upper()
        how = f"renamed {target.text_name}"
    return how, archive.bytes()


def zip_bytes(m: Mutation) -> tuple[str, bytes]:
    data = bytearray(m.base.data)
    flips = m.rng.randrange(1, 17)
    for _ in range(flips):
        data[m.rng.randrange(len(data))] = m.rng.randrange(256)
    return f"{flips} bytes changed", bytes(data)


def json_type(m: Mutation) -> tuple[str, bytes]:
    doc = m.doc()
    path = m.pick(paths(doc))
    value = m.pick(ODD_VALUES)
    put(doc, path, value)
    return f"{where(path)} = {value!r}"[:120], m.with_doc(doc)


def json_number(m: Mutation) -> tuple[str, bytes]:
    doc = m.doc()
    numeric = [p for p in paths(doc) if type(at(doc, p)) in (int, float)]
    path = m.pick(numeric or list(paths(doc)))
    value = m.pick(HUGE_NUMBERS)
    put(doc, path, value)
    shown = value.text[:20] if isinstance(value, Raw) else repr(value)[:20]
    return f"{where(path)} = {shown}", m.with_doc(doc)


def json_string(m: Mutation) -> tuple[str, bytes]:
    doc = m.doc()
    strings = [p for p in paths(doc) if isinstance(at(doc, p), str)]
    path = m.pick(strings)
    n = m.count(m.scale.long_text)
    value = m.pick(
        [
            "x" * n,
            "é" * n,
            "☄" * 4001,
            "a" * 4000,
            "i" * 65,
            " " * 10,
            "\t",
            "line\nbreak",
            "\x01\x02",
            "\u200b",
            "\ufeff",
            "😀" * 100,
            "x" * 129,
        ]
    )
    put(doc, path, value)
    return f"{where(path)} = {len(value)} × {value[:1]!r}", m.with_doc(doc)


def json_surrogate(m: Mutation) -> tuple[str, bytes]:
    """A lone surrogate in one string value, in one key, or in every free-text value."""
    doc = m.doc()
    lone = m.pick(SURROGATES)
    how = m.pick(["value"] * 3 + ["key", "all"])
    if how == "value":
        path = m.pick([p for p in paths(doc) if isinstance(at(doc, p), str)])
        old = at(doc, path)
        put(doc, path, m.pick([lone, old + lone, lone + old]))
        return f"{lone!r} in {where(path)}", m.with_doc(doc)
    if how == "key":
        holders = [p for p in paths(doc) if isinstance(at(doc, p), dict) and at(doc, p)]
        path = m.pick(holders)
        obj = at(doc, path)
        key = m.pick(obj)
        put(doc, path, {(k + lone if k == key else k): v for k, v in obj.items()})
        return f"{lone!r} in key {where((*path, key))}", m.with_doc(doc)
    count = 0
    for path in list(paths(doc)):
        if path and path[-1] in FREE_TEXT and isinstance(at(doc, path), str):
            put(doc, path, at(doc, path) + lone)
            count += 1
    return f"{lone!r} in {count} free-text values", m.with_doc(doc)


def json_nesting(m: Mutation) -> tuple[str, bytes]:
    doc = m.doc()
    path = m.pick(paths(doc))
    depth = m.pick([10, 100, 999, 1001, 5000, m.scale.nesting])
    depth = min(depth, m.scale.nesting)
    text = m.pick(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth])
    put(doc, path, Raw(text))
    return f"{where(path)} nested {depth} deep", m.with_doc(doc)


def _hexes_in(doc: Doc, rng: random.Random, n: int) -> list[list[int]]:
    """``n`` axial hexes inside the doc's grid."""
    grid = doc.get("grid", {})
    width, height = grid.get("width", 4), grid.get("height", 4)
    flat = grid.get("orientation") == "flat"
    out = []
    for _ in range(n):
        col, row = rng.randrange(width), rng.randrange(height)
        q, r = (col, row - (col - (col & 1)) // 2) if flat else (col - (row - (row & 1)) // 2, row)
        out.append([q, r])
    return out


def _huge(m: Mutation, doc: Doc, kind: str) -> str | None:
    """Fill one list of ``doc`` with a huge number of entries; ``None`` if ``doc`` has no
    such list."""
    s, rng = m.scale, m.rng
    tokens = doc.get("tokens")
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, dict) for t in tokens):
        return None
    i, token = m.token(doc)
    if kind == "conditions":
        n = m.count(s.conditions)
        names = ["encumbered", "prone", "slowed", "burning", "crouching"]
        token["conditions"] = [
            {"name": names[k % 5], "tier": 1, "source": f"s{k}"} for k in range(n)
        ]
        return f"{n} conditions on tokens[{i}]"
    if kind == "footprint":
        n = m.count(s.offsets)
        inside = rng.random() < 0.5
        token["footprint"] = _pairs(n, [0, 0], None if inside else (1, -1))
        return f"{n} footprint offsets on tokens[{i}] ({'repeated' if inside else 'spread'})"
    if kind == "origin":
        areas = doc.get("areas")
        if not isinstance(areas, list):
            return None
        n = m.count(s.offsets)
        spread = rng.random() < 0.5
        hexes = _pairs(
            n, [0, 0] if spread else _hexes_in(doc, rng, 1)[0], (1, 0) if spread else None
        )
        areas.append(
            {
                "id": "huge-burst",
                "kind": "burst",
                "value": 1,
                "origin": hexes,
                "facing": 0,
                "source": None,
                "caster": None,
                "exclude_caster": False,
                "physical": False,
                "name": "",
            }
        )
        return f"an Area of {n} origin hexes ({'spread' if spread else 'repeated'})"
    if kind in ("turn", "turn-distinct"):
        n = m.count(s.many)
        turn = doc.get("turn")
        if not isinstance(turn, dict):
            return None
        if kind == "turn-distinct":
            _add_tokens(doc, rng, n, hidden=False)
            ids = [t["id"] for t in doc["tokens"]][-n:]
        else:
            ids = [token["id"]] * n
        turn["order"] = [
            {"token": t, "zeal": k % 20, "zeal_tier": 1, "waiting": False}
            for k, t in enumerate(ids)
        ]
        turn["current"] = 0
        return f"a turn order of {n} ({kind})"
    if kind == "labels":
        n = m.count(s.many)
        doc["labels"] = [
            {"id": f"gm-{k}", "text": f"Secret {k}", "q": q, "r": r, "gm_only": True}
            for k, (q, r) in enumerate(_hexes_in(doc, rng, n))
        ]
        return f"{n} GM-only labels"
    if kind == "notes":
        n = m.count(s.many)
        spots = enumerate(_hexes_in(doc, rng, n))
        doc["notes"] = [
            {"id": f"n-{k}", "text": "GM", "q": q, "r": r, "token_id": None, "gm_only": True}
            for k, (q, r) in spots
        ]
        return f"{n} GM-only notes"
    if kind == "hidden":
        n = m.count(s.many)
        _add_tokens(doc, rng, n, hidden=True)
        return f"{n} hidden tokens"
    if kind == "effects":
        n = m.count(s.many)
        doc["effects"] = [
            {
                "id": f"e-{k}",
                "name": "Fx",
                "creator": token["id"],
                "rounds_left": 3,
                "description": "",
                "area_id": None,
                "target": None,
                "kind": None,
                "amount": 0,
            }
            for k in range(n)
        ]
        return f"{n} effects"
    if kind == "rolls":
        n = m.pick([10_001, 10_000, m.count(s.many)])
        doc["rolls"] = [
            {
                "action": "Roll",
                "faces": [5, 6],
                "modifier": 0,
                "dl": None,
                "actor": "",
                "target": "",
                "breakdown": [],
                "outcome": "",
                "role": "roll",
                "manual": False,
                "round": 0,
            }
        ] * n
        return f"{n} logged rolls"
    if kind == "holds":
        n = m.count(s.many)
        _add_tokens(doc, rng, n, hidden=False)
        ids = [t["id"] for t in doc["tokens"]]
        doc["holds"] = [
            {"holder": ids[k], "held": ids[k + 1], "tier_change": 0, "part": None}
            for k in range(0, min(n, len(ids) - 1), 2)
        ]
        return f"{len(doc['holds'])} Holds"
    if kind == "options":
        n = m.count(s.many)
        doc["options"] = {f"option-{k}": k for k in range(n)}
        return f"{n} options"
    if kind == "images":
        n = m.count(s.many)
        doc["images"] = [f"missing-{k}.png" for k in range(n)]
        return f"{n} image names without members"
    if kind == "movement_types":
        n = m.count(s.conditions)
        token["movement_types"] = ["land", "swim", "fly"] * (n // 3)
        return f"{n} movement types on tokens[{i}]"
    if kind == "senses":
        n = m.count(s.conditions)
        token["senses"] = ["sight", "sound"] * (n // 2)
        return f"{n} senses on tokens[{i}]"
    if kind == "stats":
        n = m.count(s.conditions)
        vitals = token.get("vitals")
        if not isinstance(vitals, dict):
            return None
        vitals["stats"] = {f"skill{k}": 1 for k in range(n)}
        return f"{n} stats on tokens[{i}]"
    if kind == "faces":
        n = m.count(s.offsets)
        doc["rolls"] = [
            {
                "action": "Roll",
                "faces": [6] * n,
                "modifier": 0,
                "dl": None,
                "actor": "",
                "target": "",
                "breakdown": [[1, "x"]] * 10,
                "outcome": "",
                "role": "roll",
                "manual": False,
                "round": 0,
            }
        ]
        return f"a roll of {n} dice"
    return None


HUGE_KINDS = (
    "conditions",
    "conditions",
    "footprint",
    "footprint",
    "origin",
    "origin",
    "turn",
    "turn-distinct",
    "labels",
    "labels",
    "notes",
    "hidden",
    "hidden",
    "effects",
    "rolls",
    "holds",
    "options",
    "images",
    "movement_types",
    "senses",
    "stats",
    "faces",
)


def _pairs(n: int, first: list[int], step: tuple[int, int] | None) -> Raw:
    """A JSON list of ``n`` ``[q, r]`` pairs: ``first`` repeated, or stepping by ``step``
    from it (written as text: a million Python lists would take seconds to dump)."""
    if step is None:
        return Raw("[" + ", ".join([f"[{first[0]}, {first[1]}]"] * n) + "]")
    q, r = first
    dq, dr = step
    return Raw("[" + ", ".join(f"[{q + k * dq}, {r + k * dr}]" for k in range(n)) + "]")


def _add_tokens(doc: Doc, rng: random.Random, n: int, hidden: bool) -> None:
    """``n`` more (valid) copies of the doc's first token, spread over the map."""
    model = doc["tokens"][0]
    for k, (q, r) in enumerate(_hexes_in(doc, rng, n)):
        token = dict(
            model,
            id=f"t-{k}",
            name=f"Copy {k}",
            q=q,
            r=r,
            hidden=hidden,
            size=0,
            footprint=None,
            image=None,
        )
        if "conditions" in token:
            token["conditions"] = []
        doc["tokens"].append(token)


def json_huge(m: Mutation) -> tuple[str, bytes]:
    for kind in m.rng.sample(HUGE_KINDS, len(HUGE_KINDS)):
        doc = m.doc()
        what = _huge(m, doc, kind)
        if what is not None:
            return what, m.with_doc(doc)
    return "no list to grow", m.base.data


ID_LISTS = ("tokens", "labels", "notes", "areas", "effects")


def json_duplicates(m: Mutation) -> tuple[str, bytes]:
    """An id used twice, an object key written twice, a creature Held twice or a token
    twice in the turn order."""
    doc = m.doc()
    lists = [k for k in ID_LISTS if len(m.ids(doc, k)) >= 1]
    how = m.pick(["id"] * 3 + ["key", "held", "turn"])
    if how == "id" and lists:
        key = m.pick(lists)
        items = doc[key]
        item = copy.deepcopy(m.pick([x for x in items if isinstance(x, dict)]))
        if m.rng.random() < 0.5 and len(items) > 1:
            other = m.pick([x for x in items if isinstance(x, dict) and x is not item])
            other["id"] = item["id"]
        else:
            items.append(item)
        return f"duplicate {key} id {item['id']!r}", m.with_doc(doc)
    if how == "held" and len(m.ids(doc, "tokens")) >= 3:
        a, b, c = m.ids(doc, "tokens")[:3]
        doc["holds"] = [
            {"holder": a, "held": c, "tier_change": 0, "part": None},
            {"holder": b, "held": c, "tier_change": 0, "part": None},
        ]
        return f"{c!r} Held twice", m.with_doc(doc)
    if how == "turn" and isinstance(doc.get("turn"), dict) and m.ids(doc, "tokens"):
        token = m.pick(m.ids(doc, "tokens"))
        entry = {"token": token, "zeal": 3, "zeal_tier": 0, "waiting": False}
        doc["turn"]["order"] = [*doc["turn"].get("order", []), entry, dict(entry)]
        return f"{token!r} twice in the turn order", m.with_doc(doc)
    objects = [p for p in paths(doc) if isinstance(at(doc, p), dict) and at(doc, p)]
    path = m.pick(objects) if objects else ()
    obj = at(doc, path)
    key = m.pick(obj)
    twice = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in obj.items())
    twice += f", {json.dumps(key)}: {json.dumps(m.pick(ODD_VALUES))}" + "}"
    if not path:
        return f"key {key!r} twice at the top", m.with_member("map.json", twice.encode())
    put(doc, path, Raw(twice))
    return f"key {key!r} twice in {where(path)}", m.with_doc(doc)


GHOST = "ghost-1"


def json_references(m: Mutation) -> tuple[str, bytes]:
    """A reference to an id that is not there, or a token removed from under its
    references."""
    doc = m.doc()
    refs: list[Path_] = []
    for path in paths(doc):
        if not path or not isinstance(path[-1], str):
            continue
        key, top = path[-1], path[0]
        if (top, key) in (
            ("holds", "holder"),
            ("holds", "held"),
            ("effects", "creator"),
            ("effects", "target"),
            ("effects", "area_id"),
            ("areas", "source"),
            ("areas", "caster"),
            ("notes", "token_id"),
            ("turn", "token"),
            ("tokens", "image"),
            ("background", "image"),
        ):
            refs.append(path)
    if refs and m.rng.random() < 0.7:
        path = m.pick(refs)
        value = m.pick([GHOST, "@soulweaver", "", "aria", "cone-1", "images/tiny.png"])
        put(doc, path, value)
        return f"{where(path)} = {value!r}", m.with_doc(doc)
    if m.ids(doc, "tokens"):
        i, token = m.token(doc)
        del doc["tokens"][i]
        return f"token {token['id']!r} removed, its references kept", m.with_doc(doc)
    layers = doc.get("layers")
    if isinstance(layers, dict) and layers:
        key = m.pick(layers)
        layers[key] = "layers/missing.npy"
        return f"layers.{key} names a missing member", m.with_doc(doc)
    return "nothing refers to anything", m.with_doc(doc)


def json_tiers(m: Mutation) -> tuple[str, bytes]:
    """Condition Tiers from several sources that add past 99 (each within 1..99), or to
    exactly 99."""
    doc = m.doc()
    if not m.ids(doc, "tokens") or "conditions" not in doc["tokens"][0]:
        return json_type(m)
    i, token = m.token(doc)
    name = m.pick(["encumbered", "encumbered", "held", "slowed", "burning", "prone"])
    tiers = m.pick(
        [
            (60, 40),
            (99, 1),
            (50, 50),
            (99, 99),
            (40, 40, 40),
            (98, 2),
            (99, 99, 99, 99),
            (49, 50),
            (33, 33, 33),
        ]
    )
    token["conditions"] = [
        {"name": name, "tier": t, "source": f"src {k}" if k else ""} for k, t in enumerate(tiers)
    ]
    what = f"tokens[{i}] {name} {'+'.join(map(str, tiers))}"
    holds = doc.get("holds")
    if isinstance(holds, list) and holds and m.rng.random() < 0.3:
        holds[0]["tier_change"] = 99
        what += ", a Hold's tier_change 99"
    return what, m.with_doc(doc)


VERSIONS: tuple[JSONValue, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 0, -1, "7", 7.0, True, 10**20, None)


def json_keys(m: Mutation) -> tuple[str, bytes]:
    """A key dropped or added anywhere, another format version or format name."""
    doc = m.doc()
    how = m.pick(["drop"] * 3 + ["add", "version", "version", "format"])
    if how == "version":
        version = m.pick(VERSIONS)
        doc["version"] = version
        return f"version {version!r}", m.with_doc(doc)
    if how == "format":
        doc["format"] = m.pick(["HEXMAP", "hexmap ", None, 1, "zip"])
        return f"format {doc['format']!r}", m.with_doc(doc)
    objects = [()] + [p for p in paths(doc) if isinstance(at(doc, p), dict) and at(doc, p)]
    path = m.pick(objects)
    obj = at(doc, path)
    if how == "drop" and obj:
        key = m.pick(obj)
        del obj[key]
        return f"{where((*path, key))} dropped", m.with_doc(doc)
    key = m.pick(["extra", "__proto__", "id", "x" * 200])
    obj.setdefault(key, m.pick(ODD_VALUES))
    return f"{where((*path, key))} added", m.with_doc(doc)


def json_text(m: Mutation) -> tuple[str, bytes]:
    """map.json's bytes damaged as text."""
    raw = dict((n, d) for n, d, _ in m.base.members or ())["map.json"]
    how = m.pick(
        [
            "cut",
            "bom",
            "utf16",
            "bad-utf8",
            "nan",
            "tail",
            "empty",
            "null",
            "list",
            "too-big",
            "comment",
            "single-quotes",
        ]
    )
    if how == "cut":
        new = raw[: m.rng.randrange(len(raw))]
    elif how == "bom":
        new = b"\xef\xbb\xbf" + raw
    elif how == "utf16":
        new = raw.decode("utf-8").encode("utf-16")
    elif how == "bad-utf8":
        i = m.rng.randrange(len(raw))
        new = (
            raw[:i] + m.pick([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]) + raw[i:]
        )
    elif how == "nan":
        new = raw.replace(b'"version": ', b'"nan": NaN, "version": ', 1)
    elif how == "tail":
        new = raw + m.pick([b"garbage", b"{}", b"\x00" * 10])
    elif how == "empty":
        new = b""
    elif how == "null":
        new = b"null"
    elif how == "list":
        new = b"[" + raw + b"]"
    elif how == "too-big":
        return "map.json over 16 MiB of spaces", _streamed_json(m, raw)
    elif how == "comment":
        new = b"// a comment\n" + raw
    else:
        new = raw.replace(b'"', b"'")
    return f"map.json text: {how}", m.with_member("map.json", new)


def _streamed_json(m: Mutation, raw: bytes) -> bytes:
    archive = m.base.archive()
    spaces = _repeat(b" ", 16 * MIB + 1 - len(raw))
    archive.put(streamed("map.json", [raw, *spaces]))
    return archive.bytes()


# -- pictures ------------------------------------------------------------------------------


def _picture_member(m: Mutation, archive: Archive, doc: Doc | None) -> tuple[str, Doc | None]:
    """The name of a picture member to replace, adding a picture when the base has none."""
    names = [n for n, _, _ in m.base.members or () if n.startswith("images/")]
    if names:
        return m.pick(names), None
    if doc is None or not isinstance(doc.get("images"), list):
        return "images/extra.png", None
    doc["images"].append("fuzz.png")
    return "images/fuzz.png", doc


def _jpeg_header(m: Mutation) -> tuple[str, Member | bytes]:
    n = m.count(m.scale.fill)
    w, h = m.pick([(64, 48), (70_000 % 65_536, 2), (65_535, 65_535), (0, 10), (16_385, 1)])
    how = m.pick(
        [
            "segments",
            "segments",
            "fill",
            "fill",
            "rst",
            "app-huge",
            "sof-cut",
            "end-first",
            "stray",
            "no-sof",
            "sof2",
        ]
    )
    if how == "segments":
        segment = m.pick([b"\xff\xfe\x00\x02", b"\xff\xe1\x00\x02", b"\xff\xe0\x00\x02"])
        count = n // 4
        made = repeated("images/x", b"\xff\xd8", segment, count * 4, jpeg_sof(w, h) + b"\xff\xd9")
        return f"JPEG with {count} empty segments, then {w}×{h}", made
    if how == "fill":
        tail = jpeg_sof(w, h)[1:] if m.rng.random() < 0.5 else b""
        made = repeated("images/x", b"\xff\xd8", b"\xff", n, tail)
        return f"JPEG of {n} 0xFF fill bytes{', then a frame' if tail else ''}", made
    if how == "rst":
        made = repeated("images/x", b"\xff\xd8", b"\xff\xd0", n, jpeg_sof(w, h))
        return f"JPEG of {n // 2} RST markers", made
    if how == "app-huge":
        return "JPEG APP1 of 65535 bytes cut short", b"\xff\xd8\xff\xe1\xff\xff" + bytes(100)
    if how == "sof-cut":
        return "JPEG frame header cut short", b"\xff\xd8" + JFIF + jpeg_sof(w, h)[:6]
    if how == "end-first":
        return "JPEG ends before its frame", b"\xff\xd8\xff\xd9" + jpeg_sof(w, h)
    if how == "stray":
        return "JPEG with a stray byte", b"\xff\xd8\x00" + jpeg_sof(w, h)
    if how == "no-sof":
        return "JPEG without a frame header", b"\xff\xd8" + JFIF * 3 + b"\xff\xd9"
    return f"JPEG SOF2 {w}×{h}", b"\xff\xd8" + JFIF + jpeg_sof(w, h, 0xC2) + b"\xff\xd9"


def _other_header(m: Mutation) -> tuple[str, bytes]:
    w, h = m.pick(
        [
            (1, 1),
            (0, 0),
            (16_384, 16_384),
            (16_385, 1),
            (2**31 - 1, 1),
            (2**32 - 1,) * 2,
            (11_585, 11_585),
            (11_586, 11_586),
        ]
    )
    how = m.pick(
        [
            "png",
            "png-ihdr",
            "png-cut",
            "png-ff",
            "webp-x",
            "webp-l",
            "webp-8",
            "webp-riff",
            "webp-chunk",
            "random",
            "empty",
            "gif",
        ]
    )
    if how == "png":
        return f"PNG {w}×{h}", png(w & MASK32, h & MASK32, pixels=False)
    if how == "png-ihdr":
        return "PNG without IHDR first", b"\x89PNG\r\n\x1a\n" + png_chunk(b"IDAT", b"x") * 3
    if how == "png-cut":
        data = png(8, 8)
        return "PNG cut short", data[: m.rng.randrange(8, 24)]
    if how == "png-ff":
        return "PNG of 0xFF", b"\x89PNG\r\n\x1a\n" + b"\xff" * m.rng.randrange(1, 4096)
    if how.startswith("webp-") and how[5:] in ("x", "l", "8"):
        chunk = {"x": "VP8X", "l": "VP8L", "8": "VP8 "}[how[5:]]
        w2, h2 = min(max(w, 1), 2**24 if chunk == "VP8X" else 2**14), min(max(h, 1), 2**14)
        return f"WebP {chunk} {w2}×{h2}", webp(chunk, w2, h2)
    if how == "webp-riff":
        return "WebP RIFF size 0xFFFFFFFF", b"RIFF\xff\xff\xff\xffWEBPVP8L" + bytes(4)
    if how == "webp-chunk":
        return "WebP of chunk VP8Z", b"RIFF\x20\x00\x00\x00WEBPVP8Z" + bytes(30)
    if how == "random":
        return "random bytes", m.rng.randbytes(m.rng.randrange(1, 64))
    if how == "empty":
        return "empty picture", b""
    return "a GIF", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"


def picture_header(m: Mutation) -> tuple[str, bytes]:
    """A picture member replaced by a hostile header."""
    doc = copy.deepcopy(m.base.doc) if m.base.doc is not None else None
    archive = m.base.archive()
    name, changed = _picture_member(m, archive, doc)
    what, made = _jpeg_header(m) if m.rng.random() < 0.5 else _other_header(m)
    if isinstance(made, Member):
        archive.put(replace(made, name=name.encode(), local={}))
    else:
        archive.put(member(name, made, m.pick([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])))
    if changed is not None:
        archive.put(member("map.json", dump_doc(changed)))
    return f"{name}: {what}", archive.bytes()


def picture_bomb(m: Mutation) -> tuple[str, bytes]:
    """One to three real pictures followed by hundreds of MiB of zeros, deflated to a few
    hundred KiB, all within the archive's 512 MiB."""
    doc = m.doc()
    archive = m.base.archive()
    sizes = m.pick([(m.scale.picture,) * 2, (m.scale.picture,), (m.scale.picture // 2,) * 3])
    doc.setdefault("images", [])
    for k, size in enumerate(sizes):
        name = f"bomb-{k}.png"
        doc["images"].append(name)
        archive.put(
            replace(repeated("x", png(16, 16), b"\0", size), name=f"images/{name}".encode())
        )
    tokens = doc.get("tokens") or []
    if tokens and isinstance(tokens[0], dict) and "image" in tokens[0]:
        tokens[0]["image"] = "bomb-0.png"  # shown: the app would decode it
    archive.put(member("map.json", dump_doc(doc)))
    mib = "+".join(f"{s // MIB}" for s in sizes)
    return f"pictures of {mib} MiB zeros", archive.bytes()


# -- layers ---------------------------------------------------------------------------------

DESCRS = (
    "|u1",
    "<i2",
    ">i2",
    "|b1",
    "<u8",
    "<f8",
    "|O",
    "|V4",
    "<U4",
    "<c16",
    ">u1",
    "<i8",
    "[('a', '<i2')]",
    "'|u1'",
    "bogus",
    "|S1",
)


def npy_layer(m: Mutation) -> tuple[str, bytes]:
    """A layer member with a damaged ``.npy`` magic, header, dtype, shape or data."""
    doc = m.base.doc or {}
    layers = [n for n, _, _ in m.base.members or () if n.startswith("layers/")]
    if not layers:
        return zip_members(m)
    name = m.pick(layers)
    grid = doc.get("grid", {})
    h, w = grid.get("height", 5), grid.get("width", 5)
    spec = LAYER_SPECS.get(name.removeprefix("layers/").removesuffix(".npy"))
    dtype = np.dtype(spec.dtype if spec else np.uint8)
    good = np.zeros((h, w), dtype)
    how = m.pick(
        [
            "magic",
            "version",
            "length",
            "text",
            "descr",
            "descr",
            "shape",
            "shape",
            "fortran",
            "short",
            "long",
            "pickle",
            "range",
            "expression",
        ]
    )
    descr = dtype.str
    header = "{{'descr': {d!r}, 'fortran_order': {f}, 'shape': {s}, }}"
    if how == "magic":
        data = b"\x93NUMPX" + npy(good)[6:]
    elif how == "version":
        version = m.pick([(3, 0), (0, 0), (255, 255), (2, 0), (1, 1)])
        data = npy_header(header.format(d=descr, f=False, s=(h, w)), version) + good.tobytes()
        how = f"version {version}"
    elif how == "length":
        data = b"\x93NUMPY\x01\x00\xff\xff" + b"{" + bytes(100)
    elif how == "text":
        data = npy_header(m.pick(["", "{", "[1, 2]", "{'descr': '|u1'}", "{" * 5000, "\x00" * 10]))
    elif how == "descr":
        text = m.pick(DESCRS)
        d = text if text.startswith(("[", "'")) else repr(text)
        data = npy_header(f"{{'descr': {d}, 'fortran_order': False, 'shape': ({h}, {w}), }}")
        data += bytes(h * w * 8)
        how = f"descr {text}"
    elif how == "shape":
        shape = m.pick(
            [
                (w, h),
                (h, w, 1),
                (),
                (h * w,),
                (10**9, 10**9),
                (-1, w),
                (h, 10**20),
                (2**31, 2**31),
                (0, 0),
                (h + 1, w),
            ]
        )
        data = npy_header(header.format(d=descr, f=False, s=shape)) + good.tobytes()
        how = f"shape {shape}"
    elif how == "fortran":
        data = npy_header(
            header.format(d=descr, f=m.pick(["True", "1", "'yes'", "None"]), s=(h, w))
        )
        data += good.tobytes()
    elif how == "short":
        data = npy(good)[: -m.rng.randrange(1, max(2, good.nbytes))]
    elif how == "long":
        data = npy(good) + bytes(m.rng.randrange(1, 1000))
    elif how == "pickle":
        data = npy(np.array([{"a": 1}] * (h * w), dtype=object).reshape(h, w), allow_pickle=True)
    elif how == "range":
        data = npy(np.full((h, w), 200 if dtype.kind == "u" else -32768, dtype))
    else:
        data = npy_header(
            "{'descr': __import__('os').getcwd(), 'fortran_order': False, 'shape': (1,)}"
        )
    return f"{name}: {how}", m.with_member(name, data)


# -- scale ----------------------------------------------------------------------------------


def scale(m: Mutation) -> tuple[str, bytes]:
    """The largest maps, thousands of tokens, grids that disagree with their layers."""
    doc = m.doc()
    grid = doc.get("grid")
    if not isinstance(grid, dict) or not isinstance(doc.get("layers"), dict):
        return json_type(m)
    how = m.pick(["big", "big", "tokens", "mismatch", "over", "thin"])
    side = m.scale.map_side
    if how == "mismatch":
        grid[m.pick(["width", "height"])] = m.pick([1, side, grid.get("width", 1) + 1])
        return f"grid {grid.get('width')}×{grid.get('height')}, layers unchanged", m.with_doc(doc)
    if how == "over":
        grid["width"] = side + 1
        return f"grid width {side + 1}", m.with_doc(doc)
    if how == "tokens":
        n = m.count(m.scale.many // 4)
        _add_tokens(doc, m.rng, n, hidden=m.rng.random() < 0.3)
        return f"{n} tokens more", m.with_doc(doc)
    width, height = (side, side) if how == "big" else m.pick([(side, 1), (1, side)])
    width, height = max(width, grid.get("width", 1)), max(height, grid.get("height", 1))
    grid.update(width=width, height=height)
    archive = m.base.archive()
    noisy = m.rng.random() < 0.3
    rng = np.random.default_rng(m.rng.randrange(2**32))
    for key, spec in LAYER_SPECS.items():
        path = doc["layers"].get(key)
        if not isinstance(path, str):
            continue
        if noisy and key in ("ground", "elevation"):
            values = rng.integers(spec.minimum, spec.maximum + 1, (height, width))
            array = values.astype(spec.dtype)
        else:
            array = np.zeros((height, width), spec.dtype)
        archive.put(member(path, npy(array)))
    archive.put(member("map.json", dump_doc(doc)))
    return f"a {width}×{height} map ({'noisy' if noisy else 'flat'})", archive.bytes()


# -- two at once ---------------------------------------------------------------------------

HEAVY = frozenset(["json-huge", "picture-bomb", "scale", "combo"])
"""Families a combination leaves out (each takes long enough alone)."""


def combo(m: Mutation) -> tuple[str, bytes]:
    """A map.json mutation, then a second mutation of any family on its result."""
    firsts = [n for n, f in FAMILIES.items() if f[2] == "doc" and n not in HEAVY]
    first = m.pick(n for n in firsts if n != "json-nesting")  # too deep to walk again
    what, data = FAMILIES[first][1](m)
    base = _parse(f"{m.base.name}+{first}", data, 0.0)
    second = m.pick(n for n, f in FAMILIES.items() if _usable(base, f[2]) and n not in HEAVY)
    then, data = FAMILIES[second][1](Mutation(m.rng, m.scale, base))
    return f"{first}: {what}; then {second}: {then}", data


# -- cases ---------------------------------------------------------------------------------

FAMILIES: dict[str, tuple[float, Family, str]] = {
    "zip-method": (8, zip_method, "zip"),
    "zip-flags": (5, zip_flags, "zip"),
    "zip-sizes": (5, zip_sizes, "zip"),
    "zip-crc": (3, zip_crc, "zip"),
    "zip-offsets": (3, zip_offsets, "zip"),
    "zip-truncate": (5, zip_truncate, "any"),
    "zip-members": (5, zip_members, "zip"),
    "zip-bytes": (6, zip_bytes, "any"),
    "json-type": (10, json_type, "doc"),
    "json-number": (7, json_number, "doc"),
    "json-string": (4, json_string, "doc"),
    "json-surrogate": (7, json_surrogate, "doc"),
    "json-nesting": (2, json_nesting, "doc"),
    "json-huge": (1.5, json_huge, "doc"),
    "json-duplicates": (3, json_duplicates, "doc"),
    "json-references": (4, json_references, "doc"),
    "json-tiers": (3, json_tiers, "doc"),
    "json-keys": (4, json_keys, "doc"),
    "json-text": (2.5, json_text, "doc"),
    "picture-header": (5, picture_header, "zip"),
    "picture-bomb": (0.1, picture_bomb, "doc"),
    "npy-layer": (5, npy_layer, "zip"),
    "scale": (0.4, scale, "doc"),
    "combo": (5, combo, "doc"),
}
"""Family name → (weight, mutation, what its base needs: any bytes, a zip, a map.json)."""


def _usable(base: Base, needs: str) -> bool:
    if needs == "any":
        return True
    if needs == "zip":
        return base.members is not None and "map.json" in {n for n, _, _ in base.members}
    return base.doc is not None and isinstance(base.doc.get("tokens"), list)


def _rng(seed: int, number: int) -> random.Random:
    return random.Random(f"hexweave-fuzz/{seed}/{number}")


def _family(rng: random.Random) -> str:
    names = list(FAMILIES)
    return rng.choices(names, weights=[FAMILIES[n][0] for n in names])[0]


def family_of(seed: int, number: int) -> str:
    """The family of case ``number`` of ``seed``, without making the case."""
    return _family(_rng(seed, number))


def make_case(seed: int, number: int, small: bool = False) -> Case:
    """Case ``number`` of ``seed``: always the same file for the same code."""
    rng = _rng(seed, number)
    family = _family(rng)
    _weight, mutate, needs = FAMILIES[family]
    usable = [b for b in bases() if _usable(b, needs)]
    base = rng.choices(usable, weights=[b.weight for b in usable])[0]
    what, data = mutate(Mutation(rng, SMALL if small else FULL, base))
    return Case(seed, number, family, base.name, what, data)
