"""Map files across versions: the version-1 fixture loads and upgraders run in order.

Each later format version has its own module: test_mapfile_v2.py (labels, notes, the
background, token stats, picture headers), test_mapfile_v3.py (pinned Areas) and
test_mapfile_v4.py with test_mapfile_v4_hostile.py (fog and play state) and
test_mapfile_v5.py (token motion), test_mapfile_v6.py (dice, Holds, the roll log) and
test_mapfile_v7.py (token senses, limbs and words; Charge's motion fields). Hostile files
of any version are in test_mapfile_hostile.py and test_mapfile_fuzz.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules import mapfile
from rules.layout import Orientation
from tests.rules.mapfile_helpers import (
    GOOD,
    V1_FIXTURE,
    V2_FIXTURE,
    drop,
    edit_json,
    make_v1,
    map_json,
    put,
    refuse,
)

# --- the version-1 fixture and upgrades ---------------------------------------------------


def test_v1_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V1_FIXTURE)
    assert board == make_v1.build_board()
    assert board.width == 6 and board.height == 5 and board.orientation is Orientation.FLAT
    assert sorted(t.size for t in board.tokens.values()) == [0, 2, 4]
    assert board.images["ogre.png"].startswith(b"\x89PNG\r\n\x1a\n")
    assert board.options == {"crowding_by_bulk": True}


def test_v1_fixture_is_version_1() -> None:
    assert map_json(V1_FIXTURE.read_bytes())["version"] == 1


def test_v1_fixture_upgrades_with_default_stats_and_no_annotations_areas_or_play() -> None:
    board = mapfile.load(V1_FIXTURE)
    for token in board.tokens.values():
        assert (token.reach, token.movement_pool, token.movement_types) == (
            None,
            5,
            ("land", "swim"),
        )
    assert (dict(board.labels), dict(board.notes), board.background) == ({}, {}, None)
    assert dict(board.areas) == {}
    assert (dict(board.effects), board.turn.order, board.turn.round) == ({}, (), 0)
    assert not board.layer("fog").any()


def test_the_v1_upgrade_replaces_what_v1_ignored() -> None:
    v1 = V1_FIXTURE.read_bytes()
    doc = mapfile.UPGRADERS[1]({**map_json(v1), "labels": "junk", "background": 3})
    assert (doc["labels"], doc["notes"], doc["background"]) == ([], [], None)
    board = mapfile.loads(edit_json(put("tokens.0.reach", "far"), v1))  # v1 never read it
    assert board == make_v1.build_board()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (put("tokens", 5), "map.json: tokens must be a list, not an integer"),
        (drop("tokens"), "map.json: tokens is missing"),
        (put("tokens.1", "ogre"), "map.json: tokens[1] must be an object"),
    ],
)
def test_the_v1_upgrade_leaves_damage_for_the_reader_to_name(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    refuse(edit_json(edit, V1_FIXTURE.read_bytes()), message)


def test_upgrader_chain_runs_from_the_file_version(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def recording(step: Callable[[dict[str, Any]], dict[str, Any]]) -> Any:
        def run(doc: dict[str, Any]) -> dict[str, Any]:
            seen.append(doc["version"])
            return step(doc)

        return run

    def v8_to_v9(doc: dict[str, Any]) -> dict[str, Any]:
        return {**doc, "weather": [], "name": doc["name"] + " (upgraded)"}

    for module in (mapfile, mapfile.hexmap):  # the face re-exports it
        monkeypatch.setattr(module, "FORMAT_VERSION", 9)
    for version, step in [*mapfile.UPGRADERS.items(), (8, v8_to_v9)]:
        monkeypatch.setitem(mapfile.UPGRADERS, version, recording(step))
    board = mapfile.load(V1_FIXTURE)
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8]
    assert board == make_v1.build_board().with_name("Fixture v1: Mill ford (upgraded)")
    mapfile.load(V2_FIXTURE)
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8, 2, 3, 4, 5, 6, 7, 8]


def test_upgraders_apply_one_after_another(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def step(doc: dict[str, Any]) -> dict[str, Any]:
        seen.append(doc["version"])
        return doc

    for module in (mapfile, mapfile.hexmap):  # the face re-exports it
        monkeypatch.setattr(module, "FORMAT_VERSION", 10)
    monkeypatch.setitem(mapfile.UPGRADERS, 8, step)
    monkeypatch.setitem(mapfile.UPGRADERS, 9, step)
    assert mapfile.loads(GOOD) == make_v1.build_board()  # GOOD is written as version 8
    assert mapfile.load(V1_FIXTURE) == make_v1.build_board()
    assert seen == [8, 9, 8, 9]
    refuse(edit_json(put("version", 11)), "(format version 11); this version reads up to 10")


def test_missing_or_failing_upgrader(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (
        mapfile,
        mapfile.hexmap,
    ):  # the face re-exports it  # GOOD is version 8: no step to 9
        monkeypatch.setattr(module, "FORMAT_VERSION", 9)
    refuse(GOOD, "no upgrade from format version 8 to 9")

    def broken(doc: dict[str, Any]) -> dict[str, Any]:
        return {"moved": doc["no such field"]}

    monkeypatch.setitem(mapfile.UPGRADERS, 8, broken)
    refuse(GOOD, "could not upgrade from format version 8: 'no such field'")


def test_one_upgrader_per_older_version() -> None:
    assert sorted(mapfile.UPGRADERS) == list(range(1, mapfile.FORMAT_VERSION))
