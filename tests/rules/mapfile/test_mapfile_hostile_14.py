"""Issue #14, hostile map files are harmless: a regression test for each class the fuzz
found. Compression methods other than stored and deflate are refused before anything is
read; a member name that is not UTF-8 is named; work is bounded before it is done (JPEG
headers, JSON nesting and size, every list map.json may hold many of) and every check is
linear; nothing is accepted that cannot be saved (lone surrogates, a map.json the writer
would make too large); loading and saving hold one copy of each picture; the temporary
files of an interrupted save are removed; and no mutation of a fixture's map.json reaches
the loader's catch-all ``damaged (SomeError: …)``.
"""

from __future__ import annotations

import copy
import io
import json
import lzma
import os
import re
import struct
import time
import tracemalloc
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest

from rules import atomic, mapfile
from rules.board.annotations import Label
from rules.board.grid import Board
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile import archive as mapfile_archive
from rules.mapfile import checks as mapfile_checks
from rules.mapfile.turn_state import parse_token_state, parse_turn
from tests.rules.mapfile_helpers import (
    FIXTURE_FILES,
    GOOD,
    GOOD_V2,
    GOOD_V3,
    GOOD_V4,
    GOOD_V6,
    GOOD_V7,
    GOOD_V8,
    V1_FIXTURE,
    edit_json,
    jpeg_header,
    json_paths,
    make_zip,
    map_json,
    members_of,
    patch_central,
    png_header,
    put,
    replace_member,
    sample_board,
    with_map_json,
)

PREFIX = "cannot read map: "
CATCH_ALL = re.compile(r"damaged \(\w+(Error|Exception)?: |could not upgrade from")
MIB = 2**20


def outcome(data: bytes) -> str | None:
    """``None`` if ``data`` loads (and then saves again), else the MapFileError's message,
    checked to be specific (never the catch-all)."""
    try:
        board = mapfile.loads(data)
    except MapFileError as exc:
        message = str(exc)
        assert message.startswith(PREFIX), message
        assert not CATCH_ALL.search(message), message
        return message
    mapfile.dumps(board)  # nothing accepted that cannot be saved
    return None


# --- 1. compression methods -----------------------------------------------------------------


def _compressed(victim: str, method: int, base: bytes = GOOD_V2) -> bytes:
    """``base`` rewritten with member ``victim`` compressed with ``method`` (12 or 14)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members_of(base).items():
            zf.writestr(name, data, compress_type=method if name == victim else 8)
    return buffer.getvalue()


def _damaged(data: bytes, victim: str) -> bytes:
    """``data`` with the compressed bytes of member ``victim`` scrambled."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        info = zf.getinfo(victim)
    out = bytearray(data)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for k in range(start + 8, start + min(info.compress_size, 64)):
        out[k] ^= 0x5A
    return bytes(out)


VICTIMS = ["map.json", "layers/ground.npy", "images/ford.png"]


@pytest.mark.parametrize("victim", VICTIMS)
@pytest.mark.parametrize(("method", "name"), [(zipfile.ZIP_LZMA, "LZMA"), (12, "bzip2")])
def test_lzma_and_bzip2_members_are_refused_before_reading(
    victim: str, method: int, name: str
) -> None:
    expected = (
        f"{PREFIX}member {victim!r} is compressed with {name} (method {method}); "
        "only stored and deflate are read"
    )
    whole = _compressed(victim, method)
    assert outcome(whole) == expected
    assert outcome(_damaged(whole, victim)) == expected  # was an escaping lzma.LZMAError


@pytest.mark.parametrize(
    ("method", "name"),
    [
        (1, "Shrink"),
        (6, "Implode"),
        (9, "Deflate64"),
        (93, "Zstandard"),
        (95, "XZ"),
        (98, "PPMd"),
        (99, "AES encryption"),
        (77, "an unknown method"),
        (0xFFFF, "an unknown method"),
    ],
)
def test_every_other_method_is_named(method: int, name: str) -> None:
    data = patch_central(GOOD, "layers/fog.npy", 10, "<H", method)
    assert outcome(data) == (
        f"{PREFIX}member 'layers/fog.npy' is compressed with {name} (method {method}); "
        "only stored and deflate are read"
    )


def test_an_lzma_error_never_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Belt and braces: were an LZMA member let through, its damage is still a MapFileError."""
    monkeypatch.setattr(mapfile_archive, "READ_METHODS", frozenset({0, 8, zipfile.ZIP_LZMA}))
    data = _damaged(_compressed("map.json", zipfile.ZIP_LZMA), "map.json")
    assert lzma.LZMAError in mapfile_archive.MEMBER_ERRORS
    message = outcome(data)
    assert message is not None and "member 'map.json' cannot be read: " in message


# --- 2. member names that are not UTF-8 ---------------------------------------------------


def _misnamed(base: bytes, member: str, byte: int) -> bytes:
    """``base`` with the first byte of ``member``'s name in its directory entry set to
    ``byte`` and the entry flagged as UTF-8 (0x800)."""
    out = bytearray(base)
    start = out.find(b"PK\x01\x02")
    while start >= 0:
        length = struct.unpack_from("<H", out, start + 28)[0]
        if out[start + 46 : start + 46 + length] == member.encode():
            struct.pack_into("<H", out, start + 8, 0x800)
            out[start + 46] = byte
            return bytes(out)
        start = out.find(b"PK\x01\x02", start + 46)
    raise AssertionError(member)


def test_a_member_name_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    data = _misnamed(GOOD, "images/ogre.png", 0xE9)
    problem = (
        "the archive's member name b'\\xe9mages/ogre.png' (entry 11 of the archive's "
        "directory) is not valid UTF-8 though its flag says it is (invalid continuation "
        "byte at byte 0)"
    )
    assert outcome(data) == PREFIX + problem
    path = tmp_path / "misnamed.hexmap"
    path.write_bytes(data)
    assert mapfile.check(path) == [problem]
    with pytest.raises(MapFileError) as info:
        mapfile.load(path)
    assert str(info.value) == f"cannot read {path}: {problem}"


def test_a_misnamed_entry_is_named_even_when_its_number_cannot_be_found() -> None:
    error = UnicodeDecodeError("utf-8", b"caf\xe9.png", 3, 4, "invalid continuation byte")
    assert str(mapfile_archive.misnamed_member(io.BytesIO(b"not a zip"), error)) == (
        "the archive's member name b'caf\\xe9.png' is not valid UTF-8 though its flag says "
        "it is (invalid continuation byte at byte 3)"
    )


# --- 3. bounded work: pictures -------------------------------------------------------------

JPEG = b"\xff\xd8"


def test_jpeg_fill_bytes_are_skipped_without_a_python_loop() -> None:
    fill = JPEG + b"\xff" * (64 * MIB)
    start = time.perf_counter()
    with pytest.raises(MapFileError, match=r"frame header \(its size\) is not within its first 4"):
        mapfile.picture_size(fill)
    assert time.perf_counter() - start < 1.0  # was a byte-by-byte walk of 64 MiB


def test_a_jpeg_of_many_empty_segments_is_refused_after_the_segment_bound() -> None:
    many = JPEG + b"\xff\x01" * 5_000 + jpeg_header(640, 480)[2:]
    with pytest.raises(MapFileError) as info:
        mapfile.picture_size(many, "cave.jpg")
    assert str(info.value) == (
        "image 'cave.jpg' is a JPEG with more than 4096 segments before its frame header"
    )
    few = JPEG + b"\xff\x01" * 4_000 + jpeg_header(640, 480)[2:]
    assert mapfile.picture_size(few) == (640, 480)


@pytest.mark.parametrize("metadata", [0, 300_000, 3 * MIB])
def test_jpeg_metadata_within_the_bound_loads(metadata: int) -> None:
    picture = jpeg_header(640, 480, metadata=metadata)
    assert mapfile.picture_size(picture) == (640, 480)
    board = mapfile.loads(replace_member("images/ford.png", picture, GOOD_V2))
    assert board.images["ford.png"] == picture


def test_a_jpeg_frame_header_past_the_bound_is_refused_in_a_map() -> None:
    picture = jpeg_header(640, 480, metadata=5 * MIB)
    assert outcome(replace_member("images/ford.png", picture, GOOD_V2)) == (
        f"{PREFIX}image 'ford.png' is a JPEG whose frame header (its size) is not within its "
        "first 4 MiB"
    )
    short = jpeg_header(640, 480, metadata=100_000)[:90_000]
    assert outcome(replace_member("images/ford.png", short, GOOD_V2)) == (
        f"{PREFIX}image 'ford.png' is cut short before its size"
    )


# --- 3. bounded work: map.json ----------------------------------------------------------------


def _nested(depth: int) -> object:
    value: object = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_json_nesting_is_held_to_its_limit() -> None:
    # map.json is level 1, "extra" (ignored by the reader) level 2, so 31 more levels fit
    assert outcome(edit_json(put("extra", _nested(31)), GOOD_V7)) is None
    assert outcome(edit_json(put("extra", _nested(32)), GOOD_V7)) == (
        f"{PREFIX}map.json: extra{'[0]' * 31} nests lists and objects more than 32 deep"
    )
    deep = b'{"format": "hexmap", "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    assert outcome(replace_member("map.json", deep, GOOD_V7)) == (
        f"{PREFIX}map.json nests lists and objects more than 32 deep"
    )


def test_lists_and_objects_are_counted_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = members_of(GOOD_V7)["map.json"]
    count = raw.count(b"[") + raw.count(b"{")
    monkeypatch.setattr(mapfile_checks, "MAX_JSON_CONTAINERS", count - 1)
    assert outcome(GOOD_V7) == (
        f"{PREFIX}map.json holds {count} lists and objects (counting every '[' and '{{'), "
        f"more than the {count - 1} allowed"
    )
    monkeypatch.setattr(mapfile_checks, "MAX_JSON_CONTAINERS", 1_000_000)
    huge = edit_json(put("extra", [[]] * 1_000_001), GOOD_V7)
    assert "more than the 1000000 allowed" in (outcome(huge) or "")


GARBAGE = 0  # an entry the reader would refuse: a count refused first was checked before


@pytest.mark.parametrize(
    ("path", "base", "limit", "what"),
    [
        ("tokens", GOOD_V7, "MAX_TOKENS", "tokens"),
        ("labels", GOOD_V4, "MAX_LABELS", "labels"),
        ("notes", GOOD_V4, "MAX_NOTES", "notes"),
        ("areas", GOOD_V4, "MAX_AREAS", "areas"),
        ("effects", GOOD_V4, "MAX_EFFECTS", "effects"),
        ("holds", GOOD_V6, "MAX_HOLDS", "Holds"),
        ("turn.order", GOOD_V4, "MAX_TURN_ORDER", "participants"),
        ("tokens.0.conditions", GOOD_V4, "MAX_CONDITIONS", "conditions"),
        ("tokens.0.footprint", GOOD_V7, "MAX_FOOTPRINT", "offsets"),
        ("areas.0.origin", GOOD_V3, "MAX_AREA_ORIGIN", "hexes"),
    ],
)
def test_each_list_is_held_to_its_limit_before_it_is_read(
    path: str, base: bytes, limit: str, what: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    most = getattr(mapfile_checks, limit)
    where = re.sub(r"\.(\d+)", r"[\1]", path)
    expected = f"{PREFIX}map.json: {where} holds {most + 1} {what}, more than the {most} allowed"
    assert outcome(edit_json(put(path, [GARBAGE] * (most + 1)), base)) == expected
    monkeypatch.setattr(mapfile_checks, limit, 1)
    assert outcome(edit_json(put(path, [GARBAGE] * 2), base)) == (
        f"{PREFIX}map.json: {where} holds 2 {what}, more than the 1 allowed"
    )


def test_an_old_map_is_counted_before_it_is_upgraded() -> None:
    too_many = [GARBAGE] * (mapfile_checks.MAX_TOKENS + 1)
    data = edit_json(put("tokens", too_many), V1_FIXTURE.read_bytes())
    assert outcome(data) == (
        f"{PREFIX}map.json: tokens holds 25001 tokens, more than the 25000 allowed"
    )


def test_the_hexes_of_all_footprints_and_origins_are_held_to_a_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    footprints = edit_json(put("tokens.0.footprint", [[0, 0]] * 3), GOOD_V7)
    origins = map_json(GOOD_V3)["areas"]
    listed = sum(len(area["origin"]) for area in origins)
    monkeypatch.setattr(mapfile_checks, "MAX_LISTED_HEXES", 2)
    assert outcome(footprints) == (
        f"{PREFIX}map.json lists 3 hexes in token footprints, Area origins and doors, more "
        "than the 2 allowed"
    )
    assert outcome(GOOD_V3) == (
        f"{PREFIX}map.json lists {listed} hexes in token footprints, Area origins and doors, more "
        "than the 2 allowed"
    )


def test_the_writer_keeps_the_same_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    board = sample_board()
    for limit, message in [
        ("MAX_TOKENS", "map.json: tokens holds 6 tokens, more than the 1 allowed"),
        ("MAX_CONDITIONS", "map.json: tokens[1].conditions holds 4 conditions, more than the 1"),
        ("MAX_FOOTPRINT", "map.json: tokens[5].footprint holds 3 offsets, more than the 1"),
        ("MAX_AREAS", "map.json: areas holds 3 areas, more than the 1 allowed"),
        ("MAX_AREA_ORIGIN", "map.json: areas[2].origin holds 2 hexes, more than the 1"),
        ("MAX_EFFECTS", "map.json: effects holds 3 effects, more than the 1 allowed"),
        ("MAX_TURN_ORDER", "map.json: turn.order holds 4 participants, more than the 1"),
        ("MAX_LISTED_HEXES", "map.json lists 6 hexes in token footprints, Area origins and doors"),
    ]:
        with monkeypatch.context() as patch:
            patch.setattr(mapfile_checks, limit, 1)
            with pytest.raises(MapFileError) as info:
                mapfile.dumps(board)
        assert str(info.value).startswith(f"cannot write map: {message}"), (limit, info.value)


def test_duplicate_checks_are_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapfile_checks, "MAX_CONDITIONS", 40_000)
    entry = {"name": "prone", "tier": 1}
    obj = map_json(GOOD_V7)["tokens"][0]
    obj["conditions"] = [{**entry, "source": f"s{k}"} for k in range(30_000)]
    order = [{"token": f"t{k}", "zeal": 1, "zeal_tier": 1, "waiting": False} for k in range(25_000)]
    start = time.perf_counter()
    assert len(parse_token_state(obj, "tokens[0]")["conditions"]) == 30_000
    assert len(parse_turn({"turn": {"round": 1, "current": 0, "order": order}}, None).order) == (
        25_000
    )
    assert time.perf_counter() - start < 3.0  # was O(n²): 4.5e8 + 3e8 comparisons
    obj["conditions"].append({**entry, "source": "s7"})
    with pytest.raises(MapFileError, match=r"conditions\[30000\]: condition 'prone' from source"):
        parse_token_state(obj, "tokens[0]")


def test_the_first_hex_off_the_map_in_file_order_is_named() -> None:
    footprint = [[0, 0], [40, 0], [-40, 0]]  # sorted, Hex(-40+…) would come first
    data = edit_json(put("tokens.0.footprint", footprint), GOOD_V7)
    message = outcome(data)
    assert message is not None and message.endswith("is off the map at Hex(q=41, r=2)")
    origin = [[5, 2], [99, 0], [-50, 3]]
    message = outcome(edit_json(put("areas.2.origin", origin), GOOD_V3))
    assert message == f"{PREFIX}map.json: areas[2]: area 'burst-1' is off the map at Hex(q=99, r=0)"


# --- 4. nothing accepted that cannot be saved ------------------------------------------------

T = TypeVar("T")
LONE = "\ud800"


@pytest.mark.parametrize(
    ("path", "base", "shown"),
    [
        ("name", GOOD_V7, "name"),
        ("tokens.0.name", GOOD_V7, "tokens[0].name"),
        ("tokens.1.notes", GOOD_V7, "tokens[1].notes"),
        ("tokens.0.side", GOOD_V7, "tokens[0].side"),
        ("labels.0.text", GOOD_V4, "labels[0].text"),
        ("notes.0.text", GOOD_V4, "notes[0].text"),
        ("effects.0.description", GOOD_V4, "effects[0].description"),
        ("tokens.0.conditions.0.source", GOOD_V4, "tokens[0].conditions[0].source"),
        ("rolls.1.breakdown.0.1", GOOD_V6, "rolls[1].breakdown[0][1]"),
        ("options.x", GOOD_V4, "options.x"),
    ],
)
def test_a_lone_surrogate_is_refused_at_load_naming_the_field(
    path: str, base: bytes, shown: str
) -> None:
    assert outcome(edit_json(put(path, f"abcd{LONE}"), base)) == (
        f"{PREFIX}map.json: {shown} is not valid text (a lone surrogate at character 5)"
    )


def test_a_lone_surrogate_in_a_key_is_refused() -> None:
    data = edit_json(put(f"options.x{LONE}", True), GOOD_V4)
    assert outcome(data) == (
        f"{PREFIX}map.json: options has a key 'x\\ud800' that is not valid text "
        "(a lone surrogate at character 2)"
    )
    top = edit_json(put(f"{LONE}", 1), GOOD_V4)
    assert outcome(top) == (
        f"{PREFIX}map.json has a key '\\ud800' that is not valid text "
        "(a lone surrogate at character 1)"
    )


def test_a_surrogate_pair_is_one_character_and_loads() -> None:
    data = edit_json(put("tokens.0.name", "Bat \ud83e\udd87"), GOOD_V7)  # json.dumps escapes it
    assert b"\\ud83e\\udd87" in members_of(data)["map.json"]
    assert outcome(data) is None
    assert mapfile.loads(data).tokens["aria"].name == "Bat 🦇"


def _with_lone_surrogates() -> list[tuple[str, Callable[[Board], Board], str]]:
    def smuggled(item: T, **fields: object) -> T:
        """``item`` with ``fields`` set past its own checks (which refuse such text now)."""
        item = replace(item)  # type: ignore[type-var]
        for key, value in fields.items():
            object.__setattr__(item, key, value)
        return item

    def token(b: Board, **fields: object) -> Board:
        first = smuggled(next(iter(b.tokens.values())), **fields)
        return b._evolve(tokens={first.id: first})

    def label(b: Board) -> Board:
        return b._evolve(labels={"l": smuggled(Label("l", "L", Hex(0, 0)), text=f"L{LONE}")})

    return [
        ("map name", lambda b: b._evolve(name=f"Cave{LONE}"), "name"),
        ("token name", lambda b: token(b, name=f"Aria{LONE}"), "tokens[0]: token 'a': its name"),
        ("token notes", lambda b: token(b, notes=f"n{LONE}"), "tokens[0]: token 'a': its notes"),
        ("option name", lambda b: b.with_options({f"o{LONE}": 1}), "options"),
        ("option value", lambda b: b.with_options({"o": f"v{LONE}"}), "options.o"),
        ("label", label, "labels[0]: label 'l': its text"),
        ("image name", lambda b: b._evolve(images={f"x{LONE}.png": png_header(2, 2)}), "images[0]"),
    ]


@pytest.mark.parametrize(
    ("change", "shown"),
    [c[1:] for c in _with_lone_surrogates()],
    ids=[c[0] for c in _with_lone_surrogates()],
)
def test_the_writer_names_text_it_cannot_write(
    change: Callable[[Board], Board], shown: str, tmp_path: Path
) -> None:
    board = change(Board.blank(3, 2)._evolve(tokens={"a": Token("a", "Aria", Hex(1, 0))}))
    with pytest.raises(MapFileError) as info:
        mapfile.dumps(board)
    assert f"cannot write map: map.json: {shown} " in str(info.value)
    assert "not valid text (a lone surrogate at character" in str(info.value)
    with pytest.raises(MapFileError, match=r"^could not save .*not valid text"):
        mapfile.save(board, tmp_path / "x.hexmap")
    assert list(tmp_path.iterdir()) == []


def test_check_reports_a_map_that_loads_but_cannot_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compact = json.dumps(map_json(GOOD_V8), ensure_ascii=False, separators=(",", ":")).encode()
    path = tmp_path / "compact.hexmap"
    path.write_bytes(replace_member("map.json", compact, GOOD_V8))
    written = len(members_of(mapfile.dumps(mapfile.load(path)))["map.json"])
    assert len(compact) < written
    monkeypatch.setattr(mapfile_archive, "MAX_JSON_BYTES", len(compact))
    mapfile.load(path)  # it loads, but the writer would make its map.json too large
    assert mapfile.check(path) == [
        f"cannot write map: map.json is {written} bytes, more than the {len(compact)} bytes limit"
    ]


def test_the_writer_holds_the_archive_to_the_readers_size_limits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = sample_board()
    with zipfile.ZipFile(io.BytesIO(mapfile.dumps(board))) as zf:
        total = sum(info.file_size for info in zf.infolist())
        members = len(zf.infolist())
    monkeypatch.setattr(mapfile_archive, "MAX_TOTAL_BYTES", total)
    mapfile.dumps(board)  # exactly at the limit: its layers' sizes are counted exactly
    monkeypatch.setattr(mapfile_archive, "MAX_TOTAL_BYTES", total - 1)
    with pytest.raises(MapFileError, match=rf"would unpack to {total} bytes, more than the"):
        mapfile.dumps(board)
    monkeypatch.undo()
    monkeypatch.setattr(mapfile_archive, "MAX_MEMBERS", members - 1)
    with pytest.raises(MapFileError, match=f"holds {members} members, more than {members - 1}"):
        mapfile.dumps(board)


def test_the_writer_refuses_a_token_off_the_map() -> None:
    board = Board.blank(3, 2)._evolve(tokens={"a": Token("a", "Aria", Hex(7, 0))})
    with pytest.raises(MapFileError) as info:
        mapfile.dumps(board)
    assert str(info.value) == (
        "cannot write map: map.json: tokens[0]: token 'a' is off the map at Hex(q=7, r=0)"
    )


# --- 5. bounded memory ---------------------------------------------------------------------


def _peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_picture_is_read_once_into_one_buffer_and_saved_without_a_copy(
    tmp_path: Path,
) -> None:
    size = 48 * MIB
    picture = png_header(16_000, 8_000) + bytes(size)
    path = tmp_path / "big.hexmap"
    path.write_bytes(replace_member("images/ford.png", picture, GOOD_V2))
    boards: list[Board] = []
    peak = _peak(lambda: boards.append(mapfile.load(path)))
    assert boards[0].images["ford.png"] == picture
    assert peak < size * 1.1, peak / MIB  # was twice the picture: read whole, then again
    saved = _peak(lambda: mapfile.save(boards[0], tmp_path / "again.hexmap"))
    assert saved < 4 * MIB, saved / MIB  # was the archive twice: a BytesIO and its value
    assert mapfile.load(tmp_path / "again.hexmap") == boards[0]


def test_saving_streams_the_same_bytes_as_dumps(tmp_path: Path) -> None:
    board = sample_board()
    mapfile.save(board, tmp_path / "s.hexmap")
    assert (tmp_path / "s.hexmap").read_bytes() == mapfile.dumps(board)


# --- 6. no leftovers ------------------------------------------------------------------------


def _aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)
    return path


def test_the_next_save_removes_only_stale_temporaries_of_that_map(tmp_path: Path) -> None:
    target = tmp_path / "cave.hexmap"
    mapfile.save(Board.blank(2, 2), target)
    stale = _touch_old(tmp_path / ".cave.hexmap.k2x_9a0q.tmp")
    fresh = tmp_path / ".cave.hexmap.abcdefgh.tmp"  # another process saving right now
    fresh.write_bytes(b"in progress")
    others = [
        _touch_old(tmp_path / ".other.hexmap.k2x_9a0q.tmp"),  # another map's
        _touch_old(tmp_path / ".cave.hexmap.k2x9a0q.tmp"),  # 7 random characters, not 8
        _touch_old(tmp_path / "cave.hexmap.k2x_9a0q.tmp"),  # no leading dot
        _touch_old(tmp_path / ".cave.hexmap.K2X_9A0Q.tmp"),  # not what mkstemp makes
    ]
    directory = tmp_path / ".cave.hexmap.dir_0000.tmp"  # the pattern, but not a file
    directory.mkdir()
    _aged(directory, 3600)
    link = tmp_path / ".cave.hexmap.link_000.tmp"  # the pattern, but a symlink
    link.symlink_to(target)
    _aged(link, 3600)
    mapfile.save(Board.blank(3, 3), target)
    assert set(tmp_path.iterdir()) == {target, fresh, directory, link, *others}
    assert not stale.exists()
    assert mapfile.load(target) == Board.blank(3, 3)


def test_stale_temporaries_can_be_removed_on_open(tmp_path: Path) -> None:
    real = tmp_path / "maps" / "cave.hexmap"
    real.parent.mkdir()
    mapfile.save(Board.blank(2, 2), real)
    alias = tmp_path / "cave.hexmap"
    alias.symlink_to(real)
    beside_real = _touch_old(real.parent / ".cave.hexmap.aaaaaaaa.tmp")
    beside_link = _touch_old(tmp_path / ".cave.hexmap.bbbbbbbb.tmp")
    recent = real.parent / ".cave.hexmap.cccccccc.tmp"
    recent.write_bytes(b"")
    assert sorted(atomic.remove_stale_temporaries(alias)) == sorted([beside_link, beside_real])
    assert recent.exists()
    assert atomic.remove_stale_temporaries(real, older_than=0) == [recent]
    assert atomic.remove_stale_temporaries(tmp_path / "nowhere" / "x.hexmap") == []


def _touch_old(path: Path) -> Path:
    path.write_bytes(b"left by a killed save")
    return _aged(path, atomic.STALE_AFTER + 60)


def test_the_temporary_name_pattern_is_what_saving_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        seen.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    mapfile.save(Board.blank(2, 2), tmp_path / "a (1).hexmap")
    assert len(seen) == 1
    assert atomic.temporary_name_pattern(tmp_path / "a (1).hexmap").fullmatch(seen[0])


# --- 7. no mutation of map.json reaches the catch-all ---------------------------------------

ODD: list[object] = [
    None,
    0,
    -1,
    1e308,
    "",
    "x",
    [],
    {},
    True,
    [None],
    [[]],
    [{}],
    {"x": None},
    10**30,
    2**64,
    [0, 0],
    [[0, 0]],
    "fly",
    f"a{LONE}",
]
DROP = object()


def _mutations(doc: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], object]]:
    """Each path of ``doc`` with three of the odd values (or removal), taken in turn so
    every value meets many kinds of field."""
    choices = [*ODD, DROP]
    for n, path in enumerate(json_paths(doc)):
        for k in range(3):
            yield path, choices[(3 * n + k) % len(choices)]


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_no_swapped_value_reaches_the_catch_all(fixture: Path) -> None:
    base = fixture.read_bytes()
    members = members_of(base)
    doc = json.loads(members["map.json"])
    for path, value in _mutations(doc):
        changed = copy.deepcopy(doc)
        parent: Any = changed
        for key in path[:-1]:
            parent = parent[key]
        if value is DROP:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
        outcome(make_zip({**members, "map.json": json.dumps(changed).encode()}))


@pytest.mark.parametrize("base", [GOOD, GOOD_V7], ids=["v7-written", "v7-fixture"])
def test_no_zip_level_damage_reaches_the_catch_all(base: bytes) -> None:
    members = members_of(base)
    for name in members:
        for method in (1, 9, 12, 14, 98):
            assert outcome(patch_central(base, name, 10, "<H", method)) is not None
        for flag in (0x1, 0x8, 0x40, 0x800, 0x2000):
            outcome(patch_central(base, name, 8, "<H", flag))
        outcome(_misnamed(base, name, 0x80))
    assert outcome(with_map_json({"format": "hexmap", "version": 7}, base)) is not None


def test_a_note_sharing_a_labels_id_is_refused_on_both_sides() -> None:
    """Deleting an annotation goes by id, so a label and a note may not share one."""
    board = Board.blank(4, 4).with_label(Label("x", "Ford", Hex(1, 1)))
    doc = map_json(mapfile.dumps(board))
    doc["notes"] = [
        {"id": "x", "text": "secret", "q": 1, "r": 1, "token_id": None, "gm_only": True}
    ]
    with pytest.raises(MapFileError, match=r"notes\[0\]: note id 'x' is also a label's id"):
        mapfile.loads(with_map_json(doc, mapfile.dumps(board)))
    from rules.board.annotations import Note

    shared = board._evolve(notes={"x": Note("x", "secret", Hex(1, 1))})
    with pytest.raises(MapFileError, match="also a label's id"):
        mapfile.dumps(shared)


def test_an_old_map_that_would_grow_past_the_limit_when_saved_is_refused_at_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Upgrading adds fields to every entry; a version-6 map.json within the limit may be
    too long as version 7, and would open but never save."""
    size = len(members_of(GOOD_V6)["map.json"])
    monkeypatch.setattr(mapfile_archive, "MAX_JSON_BYTES", size + 10)
    with pytest.raises(MapFileError, match=r"\(format version 6\) could not be saved again"):
        mapfile.loads(GOOD_V6)


def test_staleness_is_judged_by_the_folders_clock(tmp_path: Path) -> None:
    """A file server whose clock runs behind ours: another machine's save in progress
    looks old by our clock, not by the server's (the time a file just written there
    shows)."""
    target = tmp_path / "cave.hexmap"
    in_progress = tmp_path / ".cave.hexmap.abcd1234.tmp"
    in_progress.write_bytes(b"being written")
    server_now = time.time() - 3600  # the server is an hour behind
    os.utime(in_progress, (server_now - 5, server_now - 5))
    assert atomic.remove_stale_temporaries(target, now=server_now) == []
    assert in_progress.exists()
    assert atomic.remove_stale_temporaries(target) == [in_progress]  # by our clock: stale
