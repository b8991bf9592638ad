"""Opening and saving without second copies (issue #20): each layer is inflated straight
into the array the board keeps and written from it, a ``.npy`` header as ``np.save``
writes it is read without numpy's parser, the nesting of map.json is judged a level at a
time, and the tokens of a map just read or written are not checked again when it is
saved. Each keeps what it replaced: the same refusals, messages and bytes."""

from __future__ import annotations

import io
import random
import tokenize
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from rules import mapfile
from rules.board.grid import Board
from rules.board.terrain import LAYER_SPECS
from rules.board.tokens import Token
from rules.errors import MapFileError
from rules.hexes import Hex
from rules.mapfile import archive, checked, checks
from tests.rules.mapfile_helpers import (
    forced,
    members_of,
    npy,
    patch_central,
    refuse,
    replace_member,
    sample_board,
    with_play,
)


@pytest.fixture(autouse=True)
def _nothing_remembered() -> Iterator[None]:
    """Each test starts and ends with no token remembered as checked, so that none sees
    another's."""
    checked.forget()
    yield
    checked.forget()


def _painted(width: int, height: int) -> Board:
    """A board with every kind of layer painted (patches, walls, fog), so that no layer
    is a constant a test could pass by chance."""
    rng = np.random.default_rng(20)
    board = Board.blank(width, height)
    for name, spec in LAYER_SPECS.items():
        values = rng.integers(spec.minimum, spec.maximum + 1, (height, width))
        board = board.with_layer(name, values.astype(spec.dtype))
    return board


# --- reading layers ------------------------------------------------------------------------


def test_layers_are_read_into_arrays_the_board_keeps_without_a_copy() -> None:
    """A loaded layer owns its memory and is read-only, so the board keeps that very array
    (it copies any other): the largest map's layers take their own size in memory."""
    board = _painted(23, 17)
    loaded = mapfile.loads(mapfile.dumps(board))
    assert loaded == board
    for name, layer in loaded.layers.items():
        assert layer.base is None, name
        assert not layer.flags.writeable, name
        assert layer.flags.c_contiguous, name
        assert layer.dtype == np.dtype(LAYER_SPECS[name].dtype), name
        assert Board(23, 17, layers=loaded.layers).layers[name] is layer, name


@pytest.mark.parametrize("chunk", [1, 7, 30, 64, 1 << 20])
def test_a_layer_read_a_chunk_at_a_time_is_refused_as_before(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However the member is cut into chunks, a layer that is whole loads and one cut
    short or with data after it is refused with the same message."""
    monkeypatch.setattr(archive, "READ_CHUNK", chunk)
    values = np.arange(30, dtype=np.int16).reshape(5, 6)
    whole = npy(values)
    loaded = mapfile.loads(replace_member("layers/elevation.npy", whole))
    assert np.array_equal(loaded.layers["elevation"], values)
    for cut in (1, 2, 29, 59):
        refuse(replace_member("layers/elevation.npy", whole[:-cut]), "is cut short")
    refuse(replace_member("layers/elevation.npy", whole + b"\0"), "has data after the array")
    refuse(replace_member("layers/elevation.npy", whole + bytes(chunk)), "has data after")


def test_a_layer_whose_bytes_do_not_match_its_crc_is_refused() -> None:
    """The CRC is checked once the member is read to its end, as before."""
    data = mapfile.dumps(_painted(6, 5))
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        crc = zf.getinfo("layers/ground.npy").CRC
    damaged = patch_central(data, "layers/ground.npy", 16, "<I", crc ^ 1)
    refuse(damaged, "member 'layers/ground.npy' cannot be read: Bad CRC-32")


def test_true_false_layers_are_checked_before_they_are_kept() -> None:
    """A bool layer's bytes land in a bool array: a byte other than 0 or 1 is refused
    before the board could read it as True."""
    values = np.zeros((5, 6), np.uint8)
    values[4, 5] = 2
    refuse(
        replace_member("layers/fog.npy", npy(values.view(np.bool_))),
        "layer 'fog' holds values other than true/false",
    )
    fortran = np.asfortranarray(np.eye(5, 6, dtype=np.bool_))
    loaded = mapfile.loads(replace_member("layers/fog.npy", npy(fortran)))
    assert np.array_equal(loaded.layers["fog"], np.eye(5, 6, dtype=np.bool_))
    assert loaded.layers["fog"].flags.c_contiguous


def test_other_writers_layers_are_converted_in_one_copy() -> None:
    """A big-endian or Fortran-ordered layer (another writer's) loads as the board's own
    dtype, C order, owning its memory."""
    values = np.arange(30).reshape(5, 6)
    for stored in (
        values.astype(">i2"),
        np.asfortranarray(values.astype("<i2")),
        np.asfortranarray(values.astype(">i2")),
    ):
        layer = mapfile.loads(replace_member("layers/elevation.npy", npy(stored))).layers[
            "elevation"
        ]
        assert layer.dtype == np.int16 and layer.dtype.isnative
        assert np.array_equal(layer, values)
        assert layer.base is None and layer.flags.c_contiguous and not layer.flags.writeable


# --- .npy headers --------------------------------------------------------------------------


def _header(array: np.ndarray[Any, Any]) -> bytes:
    """The ``.npy`` header ``np.save`` writes for ``array``."""
    return npy(array)[: -array.nbytes]


def _both(data: bytes) -> tuple[object, object]:
    """What numpy's own parser and :func:`checks._read_header_1_0` make of the version-1.0
    header ``data`` (after its magic): ``(shape, fortran, dtype.str)`` or the error's type."""

    def outcome(read: Any) -> object:
        """What ``read`` makes of ``data``, and where it leaves the stream."""
        stream = io.BytesIO(data)
        np.lib.format.read_magic(stream)
        try:
            shape, fortran, dtype = read(stream)
        except (ValueError, SyntaxError, TypeError, tokenize.TokenError) as exc:
            return type(exc).__name__
        return shape, fortran, dtype.str, stream.tell()

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a header from Python 2's numpy
        return (
            outcome(np.lib.format.read_array_header_1_0),
            outcome(checks._read_header_1_0),
        )


@pytest.mark.parametrize("dtype", [np.uint8, np.bool_, np.int16, np.int32, ">i2", np.float64])
@pytest.mark.parametrize("shape", [(1, 1), (5, 6), (500, 500), (2000, 1999), (3, 4, 5)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_headers_np_save_writes_are_read_as_numpy_reads_them(
    dtype: Any, shape: tuple[int, ...], order: str
) -> None:
    """The direct reading of a layer's header gives what numpy's parser gives, and leaves
    the stream at the values; any other header is numpy's to read."""
    header = _header(np.zeros(shape, dtype, order=order))  # type: ignore[call-overload]
    numpy_reads, read = _both(header)
    assert read == numpy_reads
    plain = checks._PLAIN_HEADER.fullmatch(header[10:]) is not None
    assert plain == (len(shape) == 2 and np.dtype(dtype).str in ("|u1", "|b1", "<i2"))


def test_a_damaged_header_is_judged_exactly_as_numpy_judges_it() -> None:
    """Thousands of headers with a few bytes changed (a shape of '0500', a key misspelt,
    a quote gone, a length that does not match): each read as numpy reads it or refused
    as numpy refuses it."""
    base = _header(np.zeros((500, 500), np.int16))
    rng = random.Random(20)
    alphabet = b"0123456789 ,()'{}:<>|ub1i2TrueFals\n\x00"
    for _ in range(3000):
        body = bytearray(base[10:])
        for _change in range(rng.randint(1, 3)):
            body[rng.randrange(len(body))] = rng.choice(alphabet)
        length = rng.choice([len(body), len(body) - 1, len(body) + 1])
        data = base[:8] + length.to_bytes(2, "little") + bytes(body)
        numpy_reads, read = _both(data)
        assert read == numpy_reads, bytes(body)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b"\x93NUMPY\x01\x00\x05", "EOF: reading array header length"),
        (b"\x93NUMPY\x01\x00\x80\x00{'descr'", "EOF: reading array header"),
        (
            b"\x93NUMPY\x01\x00\x43\x00{'descr': '|u1', 'fortran_order': False, "
            b"'shape': (05, 6), }      \n",
            "Cannot parse header",
        ),
    ],
)
def test_a_cut_or_malformed_header_gives_numpys_reason(header: bytes, message: str) -> None:
    """A header cut short or not a Python literal is refused with numpy's own words."""
    refuse(replace_member("layers/ground.npy", header), "layer 'ground' is not a valid .npy array")
    refuse(replace_member("layers/ground.npy", header), message)


# --- writing layers ------------------------------------------------------------------------


def test_layer_members_hold_the_bytes_np_save_writes() -> None:
    """Streaming a layer from its memory writes what ``np.save`` wrote before (a
    Fortran-ordered array too), so files written now read in older versions."""
    fortran = np.asfortranarray(np.arange(6 * 5, dtype=np.int16).reshape(5, 6) % 999)
    board = _painted(6, 5).with_layer("elevation", fortran)
    assert not board.layers["elevation"].flags.c_contiguous
    members = members_of(mapfile.dumps(board))
    for name, layer in board.layers.items():
        assert members[f"layers/{name}.npy"] == npy(layer), name


def test_every_member_keeps_its_mode_and_date() -> None:
    """Each member is dated 1980-01-01 and readable by all (``rw-r--r--``), the layers
    (opened by name) as the others."""
    with zipfile.ZipFile(io.BytesIO(mapfile.dumps(sample_board()))) as zf:
        for info in zf.infolist():
            assert info.date_time == (1980, 1, 1, 0, 0, 0), info.filename
            assert info.external_attr == 0o644 << 16, info.filename
            assert info.compress_type == (
                zipfile.ZIP_STORED if info.filename.startswith("images/") else zipfile.ZIP_DEFLATED
            ), info.filename


# --- the nesting of map.json ---------------------------------------------------------------


def _nest(depth: int, rng: random.Random) -> object:
    """A value ``depth`` lists and objects deep, with scalars and shallower siblings."""
    value: object = rng.choice([1, "x", None, 2.5, True])
    for _ in range(depth):
        siblings: list[object] = [rng.choice([[], {}, 0, "y"]) for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.5:
            value = [*siblings, value]
        else:
            value = {**{f"s{k}": v for k, v in enumerate(siblings)}, "v": value}
    return value


def _walked(value: object) -> bool:
    """Whether the walk (the one that names the path) finds ``value`` nested within the
    limit."""
    try:
        checks._walk(value, 1, False)
    except checks._Found:
        return False
    return True


def test_the_nesting_is_judged_as_the_walk_judges_it() -> None:
    """The level-at-a-time judgement agrees with the walk (which names the path) at every
    depth around the limit, and the walk still names it."""
    rng = random.Random(20)
    most = checks.MAX_JSON_DEPTH
    for depth in [*range(0, 5), *range(most - 3, most + 4)]:
        for _ in range(20):
            value = {"tokens": [{"notes": _nest(depth, rng)}]}
            walked = _walked(value)
            assert checks._nested_within(value, most) == walked, depth
            if not walked:
                with pytest.raises(MapFileError, match=r"^map.json: tokens\[0\]\.notes"):
                    checks.check_values(value, text=False)


@pytest.mark.parametrize("depth", [29, 30, 31, 32])
def test_a_level_too_long_to_list_is_judged_the_same(depth: int) -> None:
    """A level of more values than are listed at once (a long list of numbers) is looked
    through twice instead, with the same judgement as the walk's."""
    rng = random.Random(depth)
    many = [0] * (checks._LISTED_AT_ONCE + 1)
    for value in (
        {"extra": [*many, _nest(depth, rng), *many], "more": many},
        {"extra": [*many, [_nest(depth, rng)]]},
    ):
        assert checks._nested_within(value, checks.MAX_JSON_DEPTH) == _walked(value)


# --- tokens checked once -------------------------------------------------------------------


def _count_token_checks(monkeypatch: pytest.MonkeyPatch) -> list[Token]:
    """Count each call of ``Token.problem`` (the writer's check of a token by itself) in
    the list returned."""
    calls: list[Token] = []
    problem = Token.problem

    def counted(self: Token) -> str | None:
        """``Token.problem``, counted."""
        calls.append(self)
        return problem(self)

    monkeypatch.setattr(Token, "problem", counted)
    return calls


def test_saving_a_map_just_opened_does_not_check_its_tokens_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reader has checked every token it built as the writer would; the writer checks
    only what is new, and writes the same bytes as when it checks everything."""
    data = mapfile.dumps(with_play(sample_board()))
    loaded = mapfile.loads(data)
    calls = _count_token_checks(monkeypatch)
    assert mapfile.dumps(loaded) == data
    assert calls == []
    moved = loaded.with_token(Token("new", "Newcomer", Hex(1, 1)))
    calls.clear()
    mapfile.dumps(moved)
    assert [token.id for token in calls] == ["new"]
    checked.forget()
    calls.clear()
    assert mapfile.dumps(loaded) == data
    assert len(calls) == len(loaded.tokens)


def test_a_token_changed_past_its_checks_is_checked_though_an_equal_one_was() -> None:
    """Tokens are known by identity: a copy forced to hold what cannot be written is
    refused though the token it was copied from was just read or written, also when it
    equals that token (``size=True`` equals ``size=1``)."""
    loaded = mapfile.loads(mapfile.dumps(sample_board()))
    first = next(iter(loaded.tokens.values()))
    good = replace(first, size=1)
    mapfile.dumps(loaded._evolve(tokens={**loaded.tokens, first.id: good}))
    assert checked.is_checked(good) and checked.is_checked(first)
    bad = forced(replace(good), size=True)
    assert bad == good
    for changed, message in [
        (bad, "size must be an integer, got True"),
        (forced(replace(first), name="Aria\ud800"), "its name is not valid text"),
    ]:
        board = loaded._evolve(tokens={**loaded.tokens, first.id: changed})
        with pytest.raises(MapFileError, match=message):
            mapfile.dumps(board)


def test_a_token_read_is_still_held_to_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A token remembered as checked is still held to the conditions limit, read when
    asked (as a test may lower it)."""
    loaded = mapfile.loads(mapfile.dumps(with_play(sample_board())))
    monkeypatch.setattr(checks, "MAX_CONDITIONS", 1)
    with pytest.raises(MapFileError, match=r"tokens\[1\]\.conditions holds 4 conditions"):
        mapfile.dumps(loaded)


def test_only_the_last_two_boards_tokens_are_remembered() -> None:
    """The tokens of the last two boards read or written are held, no more: what the
    open map holds anyway."""
    data = mapfile.dumps(sample_board())
    boards = [mapfile.loads(data) for _ in range(3)]
    tokens = [next(iter(board.tokens.values())) for board in boards]
    assert [checked.is_checked(token) for token in tokens] == [False, True, True]
    checked.forget()
    assert not any(map(checked.is_checked, tokens))
