"""Map format version 8: each label's ``door``, the wall hexes a closed door stands for
(issue #18: a Universal VTT import writes one per closed portal, and the Soulweaver opens
it with one undo step); the upgrade from version 7, the version-8 fixture, opening a door,
and broken door entries refused by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules import mapfile
from rules.board.annotations import MAX_DOOR_HEXES, Label
from rules.board.grid import Board
from rules.errors import OutOfBoundsError
from rules.hexes import Hex
from rules.layout import Orientation
from tests.rules.mapfile_helpers import (
    GOOD_V7,
    GOOD_V8,
    V8_FIXTURE,
    drop,
    edit_json,
    make_v7,
    make_v8,
    map_json,
    put,
    refuse_exactly,
)

# --- the version-8 fixture ----------------------------------------------------------------


def test_v8_fixture_loads_and_equals_its_builder() -> None:
    board = mapfile.load(V8_FIXTURE)
    assert board == make_v8.build_board()
    assert map_json(GOOD_V8)["version"] == 8
    door = board.labels["door-1"]
    assert door.is_door and door.door == make_v8.DOOR
    assert not board.labels["label-1"].is_door and board.labels["light-1"].gm_only
    assert mapfile.check(V8_FIXTURE) == []


def test_v8_fixture_is_in_the_current_format() -> None:
    assert mapfile.dumps(mapfile.load(V8_FIXTURE)) == GOOD_V8


def test_v8_builder_round_trips_and_refuses_to_rewrite_a_later_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = make_v8.build_board()
    assert mapfile.loads(mapfile.dumps(board)) == board
    for module in (mapfile, mapfile.hexmap):  # the face re-exports it
        monkeypatch.setattr(module, "FORMAT_VERSION", 9)
    assert make_v8.main() == 1
    assert "must not be rewritten" in capsys.readouterr().err
    assert V8_FIXTURE.read_bytes() == GOOD_V8


def test_v8_map_json_layout() -> None:
    labels = map_json(GOOD_V8)["labels"]
    assert labels[0] == {
        "id": "door-1",
        "text": "Door",
        "q": 2,
        "r": 1,
        "gm_only": False,
        "door": [[2, 1], [1, 2]],
    }
    assert [label["door"] for label in labels[1:]] == [[], []]


# --- the upgrade from version 7 -----------------------------------------------------------


def test_the_v8_upgrade_makes_every_label_plain() -> None:
    labelled = edit_json(
        put("labels", [{"id": "l", "text": "Ford", "q": 0, "r": 0, "gm_only": False}]), GOOD_V7
    )
    board = mapfile.loads(labelled)
    assert board.labels["l"] == Label("l", "Ford", Hex(0, 0))
    junk = put("labels", [{"id": "l", "text": "Ford", "q": 0, "r": 0, "gm_only": 0, "door": 5}])
    upgraded = mapfile.UPGRADERS[7](map_json(edit_json(junk, GOOD_V7)))
    assert upgraded["labels"][0]["door"] == []  # version 7 never read it
    assert mapfile.loads(mapfile.dumps(mapfile.loads(GOOD_V7))) == make_v7.build_board()


# --- broken door entries ------------------------------------------------------------------

Edit = Callable[[dict[str, Any]], None]
DOOR_CASES: list[tuple[Edit, str]] = [
    (drop("labels.0.door"), "map.json: labels[0].door is missing"),
    (put("labels.0.door", 3), "map.json: labels[0].door must be a list, not an integer"),
    (put("labels.0.door", [[2, 1, 0]]), "map.json: labels[0].door[0] must be [q, r], two integers"),
    (put("labels.0.door", [["2", 1]]), "map.json: labels[0].door[0] must be [q, r], two integers"),
    (
        put("labels.0.door", [[2, 1], [2, 1]]),
        "map.json: labels[0]: label 'door-1': a door lists a hex twice",
    ),
    (
        put("labels.0.door", [[2, 1], [40, 0]]),
        "map.json: labels[0]: label 'door-1' is off the map at Hex(q=40, r=0)",
    ),
    (
        put("labels.0.door", [[0, r] for r in range(MAX_DOOR_HEXES + 1)]),
        f"map.json: labels[0].door holds {MAX_DOOR_HEXES + 1} hexes, more than the "
        f"{MAX_DOOR_HEXES} allowed",
    ),
]


@pytest.mark.parametrize(("edit", "message"), DOOR_CASES)
def test_broken_doors_are_refused_with_their_exact_message(edit: Edit, message: str) -> None:
    refuse_exactly(edit_json(edit, GOOD_V8), f"cannot read map: {message}")


# --- doors on the board -------------------------------------------------------------------


def test_opening_a_door_clears_its_walls_and_removes_its_label() -> None:
    board = make_v8.build_board()
    opened = board.with_door_opened("door-1")
    assert "door-1" not in opened.labels and set(opened.labels) == {"label-1", "light-1"}
    assert [opened.terrain_at(h).blocked for h in make_v8.DOOR] == [False, False]
    others = [h for h in make_v8.WALL if h not in make_v8.DOOR]
    assert all(opened.terrain_at(h).blocked for h in others)
    with pytest.raises(ValueError, match="label 'Cellar' is not a door"):
        board.with_door_opened("label-1")
    with pytest.raises(KeyError, match="no label with id 'gate'"):
        board.with_door_opened("gate")


def test_a_door_must_be_on_the_map_and_keeps_its_cells_when_reshaped() -> None:
    board = make_v8.build_board()
    with pytest.raises(OutOfBoundsError, match=r"Hex\(q=30, r=0\) is outside the 6×5 map"):
        board.with_label(Label("door-2", "Door", Hex(0, 0), door=(Hex(30, 0),)))
    flipped = board.with_orientation(Orientation.FLAT).with_orientation(Orientation.POINTY)
    assert flipped.labels["door-1"].door == make_v8.DOOR
    cut = board.resized(6, 2)  # keeps row 1, not row 2
    assert cut.labels["door-1"].door == (Hex(2, 1),)


def test_a_label_refuses_a_door_of_too_many_or_repeated_hexes() -> None:
    with pytest.raises(ValueError, match="at most 64 hexes"):
        Label("d", "Door", Hex(0, 0), door=tuple(Hex(0, r) for r in range(65)))
    with pytest.raises(ValueError, match="lists a hex twice"):
        Label("d", "Door", Hex(0, 0), door=(Hex(0, 0), Hex(0, 0)))
    assert Board.blank(3, 3).with_label(Label("d", "Door", Hex(1, 1), door=(Hex(1, 1),)))
