"""Fuzzing the map loader with hypothesis: mutated copies of the valid version-2 fixture
(read through every upgrade) and, for map.json's values, of the version-4 and version-5
fixtures.

Flipped bytes, truncated archives, swapped JSON types, huge numbers, hostile entry names,
zip bombs and picture bombs: each case loads, or is refused with a MapFileError whose
message names the problem (never another exception, never the loader's catch-all
``damaged (SomeError: …)``). Nothing may hang or allocate much: sizes are bounded by the
format's limits, checked from what the file declares before anything is inflated or
decoded. The bomb tests measure the memory a refusal takes (tracemalloc), not the time.

``HEXWEAVE_FUZZ_EXAMPLES=5000 pytest tests/rules/mapfile/test_mapfile_fuzz.py`` searches deeper.
"""

from __future__ import annotations

import copy
import io
import os
import re
import struct
import tracemalloc
import warnings
import zipfile
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import mapfile
from rules.errors import MapFileError
from rules.mapfile.archive import unsafe_member_reason
from tests.rules.mapfile_helpers import (
    GOOD_V2,
    GOOD_V4,
    GOOD_V5,
    jpeg_header,
    json_paths,
    map_json,
    members_of,
    patch_central,
    png_header,
    replace_member,
    webp_header,
    with_map_json,
)

EXAMPLES = int(os.environ.get("HEXWEAVE_FUZZ_EXAMPLES", "120"))  # more for a deeper search
FUZZ = settings(max_examples=EXAMPLES, deadline=None)
FEW = settings(max_examples=max(1, EXAMPLES // 6), deadline=None)

MEMBERS = members_of(GOOD_V2)
DOC = map_json(GOOD_V2)
PREFIX = "cannot read map: "
CATCH_ALL = re.compile(r"is damaged \(\w+: ")
LIMIT = "pixels; the limit is 16384 pixels on a side and 134,217,728 pixels in all"
MIB = 2**20


def outcome(data: bytes) -> str | None:
    """``None`` if ``data`` loads, else the MapFileError's message, checked to be specific."""
    try:
        mapfile.loads(data)
    except MapFileError as exc:
        message = str(exc)
        assert message.startswith(PREFIX) and len(message) > len(PREFIX) + 15, message
        assert not CATCH_ALL.search(message), message
        return message
    return None


def peak_bytes(read: Callable[[], object]) -> int:
    """The most memory ``read()`` had allocated at once, in bytes."""
    tracemalloc.start()
    try:
        read()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def _at(doc: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


PATHS = sorted(json_paths(DOC), key=repr)
NUMBER_PATHS = [p for p in PATHS if type(_at(DOC, p)) in (int, float)]


DOC_V4 = map_json(GOOD_V4)
PATHS_V4 = sorted(json_paths(DOC_V4), key=repr)
NUMBER_PATHS_V4 = [p for p in PATHS_V4 if type(_at(DOC_V4, p)) in (int, float)]
DOC_V5 = map_json(GOOD_V5)
PATHS_V5 = sorted(json_paths(DOC_V5), key=repr)
NUMBER_PATHS_V5 = [p for p in PATHS_V5 if type(_at(DOC_V5, p)) in (int, float)]
_DOCS = {GOOD_V2: DOC, GOOD_V4: DOC_V4, GOOD_V5: DOC_V5}


def with_value(path: tuple[str | int, ...], value: object, base: bytes = GOOD_V2) -> bytes:
    """The fixture ``base`` with map.json's value at ``path`` replaced by ``value``."""
    doc = copy.deepcopy(_DOCS[base])
    _at(doc, path[:-1])[path[-1]] = value
    return with_map_json(doc, base)


# --- damaged bytes -----------------------------------------------------------------------------


@FUZZ
@given(
    st.lists(
        st.tuples(st.integers(0, len(GOOD_V2) - 1), st.integers(0, 255)), min_size=1, max_size=8
    )
)
def test_flipped_bytes_anywhere(flips: list[tuple[int, int]]) -> None:
    data = bytearray(GOOD_V2)
    for index, value in flips:
        data[index] = value
    outcome(bytes(data))


@FUZZ
@given(st.sampled_from(sorted(MEMBERS)), st.data())
def test_flipped_bytes_inside_a_member(name: str, data: st.DataObject) -> None:
    body = bytearray(MEMBERS[name])
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(0, len(body) - 1))
        body[index] = data.draw(st.integers(0, 255) | st.sampled_from(list(b'0{}[]",:-.e\xff')))
    outcome(replace_member(name, bytes(body), GOOD_V2))


@FUZZ
@given(st.integers(0, len(GOOD_V2) - 1))
def test_truncated_archives_are_refused(length: int) -> None:
    assert outcome(GOOD_V2[:length]) is not None


@FUZZ
@given(st.integers(0, len(GOOD_V2) - 1), st.integers(1, 600))
def test_archives_with_a_hole(start: int, length: int) -> None:
    outcome(GOOD_V2[:start] + GOOD_V2[start + length :])


@FUZZ
@given(st.sampled_from(sorted(MEMBERS)), st.data())
def test_truncated_members(name: str, data: st.DataObject) -> None:
    body = MEMBERS[name]
    cut = data.draw(st.integers(0, len(body) - 1))
    message = outcome(replace_member(name, body[:cut], GOOD_V2))
    judged_by_header = name.startswith("images/") and cut >= 24  # pictures aren't decoded
    only_spaces = name == "map.json" and not body[cut:].strip()
    if not (judged_by_header or only_spaces):
        assert message is not None


# --- swapped types and huge numbers in map.json --------------------------------------------

ODD_VALUES = st.sampled_from(
    [
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
        "ford.png",
        "scout-1",
        [],
        [0],
        [[0, 0]],
        ["land"],
        {},
        {"a": 1},
        10**30,
        -(10**30),
        1e308,
    ]
)
HUGE_NUMBERS = st.one_of(
    st.sampled_from([2**31, 2**53 + 1, 2**63, 2**64, -(2**63) - 1, 10**100, 10**4000, 1e308]),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=False, allow_infinity=False),
)


@FUZZ
@given(st.sampled_from(PATHS), ODD_VALUES | st.text(max_size=6) | st.integers())
def test_swapped_json_types(path: tuple[str | int, ...], value: object) -> None:
    outcome(with_value(path, value))


@FUZZ
@given(st.sampled_from(NUMBER_PATHS), HUGE_NUMBERS)
def test_huge_numbers(path: tuple[str | int, ...], value: int | float) -> None:
    message = outcome(with_value(path, value))
    whole = ("q", "r", "width", "height", "reach", "movement_pool", "size")
    if path[-1] in whole and (abs(value) > 10**6 or not isinstance(value, int)):
        assert message is not None


@FUZZ
@given(st.sampled_from(PATHS_V4), ODD_VALUES | st.text(max_size=6) | st.integers())
def test_swapped_json_types_in_a_version_4_map(path: tuple[str | int, ...], value: object) -> None:
    outcome(with_value(path, value, GOOD_V4))


@FUZZ
@given(st.sampled_from(NUMBER_PATHS_V4), HUGE_NUMBERS)
def test_huge_numbers_in_a_version_4_map(path: tuple[str | int, ...], value: int | float) -> None:
    message = outcome(with_value(path, value, GOOD_V4))
    if path[-1] in ("tier", "current", "q", "r", "size") and abs(value) > 10**6:
        assert message is not None


@FUZZ
@given(st.sampled_from(PATHS_V5), ODD_VALUES | st.text(max_size=6) | st.integers())
def test_swapped_json_types_in_a_version_5_map(path: tuple[str | int, ...], value: object) -> None:
    outcome(with_value(path, value, GOOD_V5))


@FUZZ
@given(st.sampled_from(NUMBER_PATHS_V5), HUGE_NUMBERS)
def test_huge_numbers_in_a_version_5_map(path: tuple[str | int, ...], value: int | float) -> None:
    message = outcome(with_value(path, value, GOOD_V5))
    if path[-1] in ("altitude", "bulk", "bulk_limit") and abs(value) > 10**9:
        assert message is not None


@FUZZ
@given(st.sampled_from(PATHS), st.sampled_from([[], {}]), st.integers(1, 60))
def test_deeply_nested_values(path: tuple[str | int, ...], empty: object, depth: int) -> None:
    value = empty
    for _ in range(depth):
        value = [value]
    outcome(with_value(path, value))


# --- hostile names --------------------------------------------------------------------------

NAME_PARTS = st.sampled_from(["a", "é", ".", "..", "/", "\\", ":", "C:", "\x01", " ", "images"])
HOSTILE_NAMES = st.lists(NAME_PARTS, min_size=1, max_size=6).map("".join)


def _with_member(name: str, body: bytes) -> bytes:
    """The fixture with one more member (which may repeat a name)."""
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        warnings.simplefilter("ignore", UserWarning)  # zipfile warns of a repeated name
        for old, data in [*MEMBERS.items(), (name, body)]:
            zf.writestr(old, data)
    return buffer.getvalue()


@FUZZ
@given(HOSTILE_NAMES | st.sampled_from(sorted(MEMBERS)))
def test_hostile_member_names(name: str) -> None:
    message = outcome(_with_member(name, b"x"))
    reason = unsafe_member_reason(name)
    if name in MEMBERS:
        assert message is not None and f"the archive holds {name!r} twice" in message
    elif reason:
        assert message is not None and f"unsafe member name {name!r} ({reason})" in message
    else:
        assert message is None  # a safe extra member is ignored


@FUZZ
@given(
    st.sampled_from(["images.0", "layers.ground", "background.image", "tokens.1.image"]),
    HOSTILE_NAMES | st.text(max_size=140),
)
def test_hostile_names_in_map_json(where: str, name: str) -> None:
    path = tuple(int(p) if p.isdigit() else p for p in where.split("."))
    message = outcome(with_value(path, name))
    if not {name, f"images/{name}"} & {*MEMBERS, _at(DOC, path)}:  # not another good name
        assert message is not None


# --- bombs ---------------------------------------------------------------------------------


def _inflating(name: str, extra: int, declared: int | None = None) -> bytes:
    """The fixture with member ``name`` followed by ``extra`` zero bytes (deflated to a
    few KiB) while the archive declares only ``declared`` bytes (its original size)."""
    body = MEMBERS[name]
    data = replace_member(name, body + bytes(extra), GOOD_V2)
    return patch_central(data, name, 24, "<I", len(body) if declared is None else declared)


@FEW
@given(
    st.sampled_from(sorted(MEMBERS)),
    st.sampled_from([MIB, 8 * MIB, 32 * MIB]),
    st.integers(0, 2000),
)
def test_zip_bombs_inflate_no_further_than_they_declare(name: str, extra: int, cut: int) -> None:
    declared = max(0, len(MEMBERS[name]) - cut)
    bomb = _inflating(name, extra, declared)
    assert len(bomb) < len(GOOD_V2) + extra // 500
    messages: list[str | None] = []
    assert peak_bytes(lambda: messages.append(outcome(bomb))) < 4 * MIB
    assert messages[0] is not None


def test_zip_bomb_messages() -> None:
    for name in ("map.json", "layers/ground.npy", "images/ford.png"):
        refused = outcome(_inflating(name, 32 * MIB))
        assert refused is not None and f"member {name!r} cannot be read: Bad CRC-32" in refused


def test_a_bomb_declaring_its_size_is_refused_before_reading() -> None:
    declared = patch_central(GOOD_V2, "layers/softness.npy", 24, "<I", 600 * MIB)
    message = outcome(declared)
    assert message is not None and "would unpack to 600 MiB, more than the 512 MiB limit" in message


PICTURE_HEADERS: dict[str, tuple[Callable[[int, int], bytes], int]] = {
    "png": (png_header, 2**31 - 1),
    "jpeg": (jpeg_header, 2**16 - 1),
    "vp8": (lambda w, h: webp_header("VP8 ", w, h), 2**14 - 1),
    "vp8l": (lambda w, h: webp_header("VP8L", w, h), 2**14),
    "vp8x": (lambda w, h: webp_header("VP8X", w, h), 2**24),
}


@FUZZ
@given(st.sampled_from(sorted(PICTURE_HEADERS)), st.data())
def test_picture_sizes_from_every_header(kind: str, data: st.DataObject) -> None:
    make, largest = PICTURE_HEADERS[kind]
    edges = [s for s in (16_384, 16_385, largest) if s <= largest]
    side = st.integers(1, largest) | st.sampled_from(edges)
    width, height = data.draw(side), data.draw(side)
    message = outcome(replace_member("images/ford.png", make(width, height), GOOD_V2))
    if max(width, height) <= 16_384 and width * height <= 2**27:
        assert message is None
    else:
        assert message == f"{PREFIX}image 'ford.png' is {width}×{height} {LIMIT}"


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


PICTURE_BOMBS: dict[str, Callable[[], bytes]] = {
    "png": lambda: png_header(100_000, 100_000)[:-4] + _chunk(b"IDAT", bytes(32 * MIB)),
    "jpeg": lambda: jpeg_header(60_000, 60_000)[:-2] + bytes(32 * MIB),
    "webp": lambda: webp_header("VP8X", 2**24, 2**24) + bytes(32 * MIB),
}


@pytest.mark.parametrize("kind", sorted(PICTURE_BOMBS))
def test_a_picture_bomb_is_refused_from_its_header(kind: str) -> None:
    bomb = replace_member("images/ford.png", PICTURE_BOMBS[kind](), GOOD_V2)
    with zipfile.ZipFile(io.BytesIO(bomb)) as zf:
        assert zf.getinfo("images/ford.png").file_size > 32 * MIB  # declared honestly
    messages: list[str | None] = []
    assert peak_bytes(lambda: messages.append(outcome(bomb))) < MIB  # only the header read
    assert messages[0] is not None and "image 'ford.png' is " in messages[0]
    assert LIMIT in messages[0]
