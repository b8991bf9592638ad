"""Map format version 2: token stats, labels, notes, the background, picture headers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules import mapfile
from rules.board.annotations import Background
from rules.errors import MapFileError
from rules.hexes import Hex
from tests.rules.mapfile_helpers import (
    GOOD_V2,
    V2_FIXTURE,
    drop,
    edit_json,
    jpeg_header,
    make_v2,
    make_zip,
    map_json,
    members_of,
    patch_central,
    png_header,
    put,
    refuse,
    replace_member,
    webp_header,
    with_map_json,
)

# --- the version-2 fixture ----------------------------------------------------------------


def test_v2_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V2_FIXTURE)
    assert board == make_v2.build_board()
    assert map_json(GOOD_V2)["version"] == 2
    assert {t.movement_types for t in board.tokens.values()} >= {("swim",), ("fly", "land", "swim")}
    assert board.tokens["scout-1"].reach == 1 and board.tokens["otter-1"].reach is None
    assert {k: v.gm_only for k, v in board.labels.items()} == {"ford": False, "trap": True}
    assert board.notes["n-hex"].hex == Hex(4, 3) and board.notes["n-drake"].token_id == "drake-1"
    assert board.background == Background("ford.png", 4.5, 4.0, 4.5, 0.75)
    assert mapfile.picture_size(board.images["ford.png"]) == (64, 48)


def test_v2_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v2.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    monkeypatch.setattr(mapfile, "FORMAT_VERSION", 3)
    before = V2_FIXTURE.read_bytes()
    assert make_v2.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V2_FIXTURE.read_bytes() == before


def test_v2_map_json_layout() -> None:
    doc = map_json(GOOD_V2)
    assert doc["labels"][1] == {
        "id": "trap",
        "text": "Snare under the reeds (GM)",
        "q": 2,
        "r": 5,
        "gm_only": True,
    }
    assert doc["notes"][1] == {
        "id": "n-drake",
        "text": "Flees at half Health.",
        "q": None,
        "r": None,
        "token_id": "drake-1",
        "gm_only": True,
    }
    assert doc["background"] == {
        "image": "ford.png",
        "hex_size": 4.5,
        "origin_x": 4.0,
        "origin_y": 4.5,
        "opacity": 0.75,
    }
    assert {k: doc["tokens"][0][k] for k in ("reach", "movement_pool", "movement_types")} == {
        "reach": 1,
        "movement_pool": 7,
        "movement_types": ["land", "climb", "swim"],
    }


def test_integer_placement_numbers_are_read_as_numbers() -> None:
    board = mapfile.loads(edit_json(put("background.hex_size", 40), GOOD_V2))
    assert board.background is not None and board.background.hex_size == 40.0


def test_players_view_keeps_annotations_through_a_round_trip() -> None:
    from rules.battlefield.visibility import player_board

    seen = player_board(mapfile.load(V2_FIXTURE))
    assert set(seen.labels) == {"ford"} and set(seen.notes) == {"n-hex"}
    assert mapfile.loads(mapfile.dumps(seen)) == seen


# --- strict reading of the version-2 fields -------------------------------------------------

MOVEMENT = "movement types must be distinct, from land, swim, climb, fly, burrow, primary first"
V2_CASES = [
    ("reach-str", put("tokens.0.reach", "far"), "tokens[0].reach must be an integer, not a string"),
    ("reach-bool", put("tokens.0.reach", True), "tokens[0].reach must be an integer, not true"),
    ("reach-range", put("tokens.0.reach", 100), "token 'scout-1': Reach must be 0..99 spaces"),
    ("reach-missing", drop("tokens.1.reach"), "map.json: tokens[1].reach is missing"),
    ("pool-null", put("tokens.0.movement_pool", None), "movement_pool must be an integer, not n"),
    ("pool-float", put("tokens.0.movement_pool", 5.0), "movement_pool must be an integer, not a"),
    ("pool-range", put("tokens.0.movement_pool", -1), "Movement Pool must be 0..99, got -1"),
    ("pool-huge", put("tokens.0.movement_pool", 10**30), "Movement Pool must be 0..99, got 1000"),
    ("types-missing", drop("tokens.0.movement_types"), "tokens[0].movement_types is missing"),
    ("types-str", put("tokens.0.movement_types", "land"), "movement_types must be a list, not a s"),
    ("types-item", put("tokens.0.movement_types", ["land", 3]), "movement_types[1] must be a str"),
    ("types-empty", put("tokens.0.movement_types", []), MOVEMENT),
    ("types-twice", put("tokens.0.movement_types", ["land", "land"]), MOVEMENT),
    ("types-unknown", put("tokens.0.movement_types", ["teleport"]), "got ('teleport',)"),
    ("labels-missing", drop("labels"), "map.json: labels is missing"),
    ("labels-type", put("labels", {}), "map.json: labels must be a list, not an object"),
    ("label-type", put("labels.1", "x"), "map.json: labels[1] must be an object"),
    ("label-text", put("labels.1.text", 5), "labels[1].text must be a string, not an integer"),
    ("label-blank", put("labels.1.text", "  "), "labels[1]: label 'trap' needs some text"),
    ("label-long", put("labels.1.text", "x" * 4001), "label 'trap' is longer than 4000 characters"),
    ("label-id", put("labels.1.id", "bad id!"), "labels[1]: label id 'bad id!' must be 1-64"),
    ("label-twice", put("labels.1.id", "ford"), "map.json: labels[1]: duplicate label id 'ford'"),
    ("label-q", put("labels.0.q", 1.5), "map.json: labels[0].q must be an integer, not a number"),
    ("label-r", drop("labels.0.r"), "map.json: labels[0].r is missing"),
    ("label-off", put("labels.0.q", 99), "label 'ford' is off the map at Hex(q=99, r=0)"),
    ("label-gm", put("labels.0.gm_only", "no"), "labels[0].gm_only must be true or false, not a s"),
    ("notes-type", put("notes", None), "map.json: notes must be a list, not null"),
    ("note-half", put("notes.0.q", None), "map.json: notes[0].q and .r must be both integers or"),
    ("note-text", put("notes.0.text", None), "map.json: notes[0].text must be a string, not null"),
    ("note-token-type", put("notes.1.token_id", 7), "notes[1].token_id must be a string or null"),
    ("note-both", put("notes.0.token_id", "scout-1"), "note 'n-hex' must hang on exactly one hex"),
    ("note-ghost", put("notes.1.token_id", "ghost"), "hangs on token 'ghost', which is not on"),
    ("note-twice", put("notes.1.id", "n-hex"), "map.json: notes[1]: duplicate note id 'n-hex'"),
    ("note-off", put("notes.0.q", 100), "notes[0]: note 'n-hex' is off the map at Hex(q=100, r=3)"),
    ("note-gm", drop("notes.1.gm_only"), "map.json: notes[1].gm_only is missing"),
    ("bg-missing", drop("background"), "map.json: background is missing"),
    ("bg-type", put("background", []), "map.json: background must be an object, not a list"),
    ("bg-image-type", put("background.image", 5), "background.image must be a string, not an int"),
    ("bg-image", put("background.image", "x.png"), "background.image 'x.png' is not one of"),
    ("bg-size-str", put("background.hex_size", "40"), "hex_size must be a number, not a string"),
    ("bg-size-bool", put("background.hex_size", True), "hex_size must be a number, not true/false"),
    ("bg-size", put("background.hex_size", 1), "background: background hex size 1.0 px is outside"),
    ("bg-opacity", put("background.opacity", 2), "background opacity 2.0 is outside 0..1"),
    ("bg-huge", put("background.origin_x", 10**400), "background.origin_x must be a finite number"),
    ("bg-no-y", drop("background.origin_y"), "map.json: background.origin_y is missing"),
]


@pytest.mark.parametrize(
    ("edit", "message"), [c[1:] for c in V2_CASES], ids=[c[0] for c in V2_CASES]
)
def test_bad_v2_fields(edit: Callable[[dict[str, Any]], None], message: str) -> None:
    refuse(edit_json(edit, GOOD_V2), message)


def test_infinite_placement_is_refused() -> None:
    text = members_of(GOOD_V2)["map.json"].replace(b'"opacity": 0.75', b'"opacity": 1e999')
    refuse(replace_member("map.json", text, GOOD_V2), "background.opacity must be a finite number")


def test_check_lists_annotation_problems_without_blaming_notes_for_a_broken_token(
    tmp_path: Path,
) -> None:
    doc = map_json(GOOD_V2)
    doc["tokens"][2]["hidden"] = "yes"  # drake-1, which note n-drake hangs on
    doc["labels"][0]["q"] = 99
    doc["notes"][0]["text"] = ""
    doc["background"]["opacity"] = -1
    path = tmp_path / "many.hexmap"
    path.write_bytes(with_map_json(doc, GOOD_V2))
    problems = mapfile.check(path)
    assert len(problems) == 4, problems
    assert "tokens[2].hidden must be true or false" in problems[0]
    assert "labels[0]: label 'ford' is off the map" in problems[1]
    assert "notes[0]: note 'n-hex' needs some text" in problems[2]
    assert "background opacity -1.0 is outside 0..1" in problems[3]


# --- picture headers ------------------------------------------------------------------------

PICTURES = [
    ("png", png_header(640, 480)),
    ("jpeg-baseline", jpeg_header(640, 480)),
    ("jpeg-progressive", jpeg_header(640, 480, sof=0xC2)),
    ("jpeg-after-fill-bytes", jpeg_header(640, 480).replace(b"\xff\xc0", b"\xff\xff\xff\xc0")),
    ("jpeg-big-metadata", jpeg_header(640, 480, metadata=300_000)),
    ("webp-lossy", webp_header("VP8 ", 640, 480)),
    ("webp-lossless", webp_header("VP8L", 640, 480)),
    ("webp-extended", webp_header("VP8X", 640, 480)),
]


@pytest.mark.parametrize("data", [c[1] for c in PICTURES], ids=[c[0] for c in PICTURES])
def test_picture_size_reads_the_header(data: bytes) -> None:
    assert mapfile.picture_size(data) == (640, 480)
    board = mapfile.loads(replace_member("images/ford.png", data, GOOD_V2))
    assert board.images["ford.png"] == data


def test_picture_size_agrees_with_qt_encoders() -> None:
    qt = pytest.importorskip("PySide6.QtGui")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    for fmt, quality in (("png", -1), ("jpeg", 50), ("webp", 50), ("webp", 100)):
        for alpha in (False, True):
            image = qt.QImage(317, 5, qt.QImage.Format.Format_ARGB32)
            image.fill(qt.QColor(10, 200, 30, 128 if alpha else 255))
            array = QByteArray()
            buffer = QBuffer(array)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            assert image.save(buffer, fmt.upper(), quality)
            assert mapfile.picture_size(bytes(array.data())) == (317, 5), (fmt, quality, alpha)


LIMIT = "pixels; the limit is 16384 pixels on a side and 134,217,728 pixels in all"
BAD_PICTURES = [
    ("text", b"hello, world", "the picture is not a PNG, JPEG or WebP picture"),
    ("empty", b"", "the picture is not a PNG, JPEG or WebP picture"),
    ("gif", b"GIF89a\x01\x00\x01\x00", "the picture is not a PNG, JPEG or WebP picture"),
    ("riff-wave", b"RIFF\x24\x00\x00\x00WAVEfmt ", "the picture is not a PNG, JPEG or WebP"),
    ("png-cut", png_header(4, 4)[:20], "the picture is cut short before its size"),
    ("png-no-ihdr", png_header(4, 4).replace(b"IHDR", b"IDAT"), "damaged PNG picture: it does"),
    ("png-zero", png_header(0, 4), "the picture is a damaged PNG picture: its size is 0×4"),
    ("jpeg-cut", jpeg_header(4, 4)[:26], "the picture is cut short before its size"),
    ("jpeg-no-frame", b"\xff\xd8\xff\xda\x00\x02", "reaches its image data before its frame"),
    ("jpeg-end", b"\xff\xd8\xff\xd9", "damaged JPEG picture: it reaches its end before its frame"),
    ("jpeg-no-marker", b"\xff\xd8\x00\x00", "damaged JPEG picture: no marker at byte 2"),
    ("jpeg-length", b"\xff\xd8\xff\xe0\x00\x01", "a segment at byte 2 has length 1"),
    ("jpeg-zero", jpeg_header(4, 0), "the picture is a damaged JPEG picture: its size is 4×0"),
    ("webp-cut", webp_header("VP8 ", 4, 4)[:26], "the picture is cut short before its size"),
    ("webp-chunk", webp_header("VP8X", 4, 4).replace(b"VP8X", b"ALPH"), "first chunk is b'ALPH'"),
    ("webp-vp8", webp_header("VP8 ", 4, 4).replace(b"\x9d\x01\x2a", b"abc"), "no start code"),
    ("webp-vp8l", webp_header("VP8L", 4, 4).replace(b"\x2f", b"\x00", 1), "VP8L chunk has no sig"),
    ("webp-zero", webp_header("VP8 ", 0, 4), "damaged WebP picture: its size is 0×4"),
    ("side", png_header(16_385, 1), f"the picture is 16385×1 {LIMIT}"),
    ("pixels", webp_header("VP8X", 16_384, 8_193), f"the picture is 16384×8193 {LIMIT}"),
    ("bomb", png_header(100_000, 100_000), f"the picture is 100000×100000 {LIMIT}"),
    ("jpeg-bomb", jpeg_header(65_535, 65_535), f"the picture is 65535×65535 {LIMIT}"),
    ("webp-bomb", webp_header("VP8X", 2**24, 2**24), f"the picture is 16777216×16777216 {LIMIT}"),
]


@pytest.mark.parametrize(
    ("data", "message"), [c[1:] for c in BAD_PICTURES], ids=[c[0] for c in BAD_PICTURES]
)
def test_bad_pictures_are_refused_from_their_header(data: bytes, message: str) -> None:
    with pytest.raises(MapFileError) as info:
        mapfile.picture_size(data)
    assert message in str(info.value)
    named = message.replace("the picture", "image 'ford.png'")
    refuse(replace_member("images/ford.png", data, GOOD_V2), named)


def test_the_largest_pictures_allowed() -> None:
    assert mapfile.picture_size(png_header(16_384, 8_192)) == (16_384, 8_192)
    assert mapfile.picture_size(webp_header("VP8L", 16_384, 1)) == (16_384, 1)
    assert mapfile.MAX_PICTURE_PIXELS == 16_384 * 8_192


def test_picture_members_are_held_to_a_declared_size() -> None:
    big = patch_central(GOOD_V2, "images/ford.png", 24, "<I", 300 * 2**20)
    refuse(big, "image 'ford.png' is 300 MiB, more than the 256 MiB limit")
    unlisted = make_zip({**members_of(GOOD_V2), "images/spare.png": b"x"})
    refuse(patch_central(unlisted, "images/spare.png", 24, "<I", 257 * 2**20), "'spare.png' is 257")


@pytest.mark.parametrize("member", ["map.json", "images/ford.png", "images/otter.png"])
def test_a_member_shorter_than_it_declares_is_refused(member: str) -> None:
    size = len(members_of(GOOD_V2)[member])
    data = patch_central(GOOD_V2, member, 24, "<I", size + 1000)
    refuse(data, f"member {member!r} unpacks to less than the {size + 1000} bytes it declares")
