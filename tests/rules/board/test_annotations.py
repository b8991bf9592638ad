"""Labels, notes, background placement, resizing and what players may see."""

from __future__ import annotations

import pytest

from rules import Board, Hex, Orientation, Token
from rules.battlefield.visibility import player_board
from rules.board.annotations import Background, Label, Note
from rules.errors import OutOfBoundsError, UnknownTokenError


@pytest.fixture
def board() -> Board:
    board = Board.blank(10, 8).with_token(Token("ogre", "Ogre", Hex(1, 2), size=3))
    board = board.with_token(Token("shade", "Shade", Hex(5, 1), hidden=True))
    board = board.with_label(Label("ford", "Ford", Hex(4, 4)))
    board = board.with_label(Label("trap", "Trapdoor", Hex(6, 3), gm_only=True))
    board = board.with_note(Note("n1", "Smells of sulphur", hex=Hex(1, 1), gm_only=False))
    board = board.with_note(Note("n2", "Has the key", token_id="ogre"))
    return board.with_note(Note("n3", "Invisible", token_id="shade", gm_only=False))


def test_labels_and_notes_are_kept_by_id(board: Board) -> None:
    assert board.labels["ford"].text == "Ford"
    assert board.notes["n2"].token_id == "ogre"
    assert board.without_annotation("ford").labels.keys() == {"trap"}
    with pytest.raises(KeyError, match="no label or note"):
        board.without_annotation("missing")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Label("a", "  ", Hex(0, 0)), "needs some text"),
        (lambda: Label("a b", "x", Hex(0, 0)), "label id"),
        (lambda: Note("n", "x"), "exactly one hex or one token"),
        (lambda: Note("n", "x", hex=Hex(0, 0), token_id="t"), "exactly one hex or one token"),
        (lambda: Background("map.png", 1.0), "outside 2..10000"),
        (lambda: Background("map.png", 30.0, opacity=2.0), "opacity"),
        (lambda: Background("map.png", float("nan")), "finite"),
    ],
)
def test_bad_annotations_are_value_errors(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        make()


def test_annotations_must_be_on_the_map_or_on_a_real_token(board: Board) -> None:
    with pytest.raises(OutOfBoundsError):
        board.with_label(Label("far", "Far", Hex(40, 40)))
    with pytest.raises(UnknownTokenError):
        board.with_note(Note("n9", "x", token_id="ghost"))


def test_deleting_a_token_takes_its_notes(board: Board) -> None:
    assert "n2" not in board.without_token("ogre").notes


def test_background_needs_its_picture_stored(board: Board) -> None:
    with pytest.raises(ValueError, match="not stored"):
        board.with_background(Background("map.png", 40.0))
    placed = board.with_image("map.png", b"png").with_background(Background("map.png", 40.0, 3, 4))
    assert placed.background == Background("map.png", 40.0, 3.0, 4.0)
    assert placed != board


def test_players_see_no_hidden_token_gm_label_or_gm_note(board: Board) -> None:
    seen = player_board(board)
    assert set(seen.tokens) == {"ogre"}
    assert set(seen.labels) == {"ford"}
    assert set(seen.notes) == {"n1"}  # n2 is GM-only, n3 hangs on the hidden shade


def test_resizing_keeps_what_fits(board: Board) -> None:
    small = board.resized(4, 4)
    assert (small.width, small.height) == (4, 4)
    assert set(small.tokens) == {"ogre"}  # the ogre's pair, cells (2,2)-(3,2), still fits
    assert set(small.labels) == set()
    assert set(small.notes) == {"n1", "n2"}
    grown = board.with_terrain("elevation", [Hex(1, 1)], 3).resized(20, 12)
    assert grown.terrain_at(Hex(1, 1)).elevation == 3
    assert grown.layer("elevation")[11, 19] == 0
    assert set(grown.tokens) == set(board.tokens)
    with pytest.raises(ValueError, match="width"):
        board.resized(0, 5)


def test_switching_orientation_keeps_annotation_cells(board: Board) -> None:
    flat = board.with_orientation(Orientation.FLAT)
    for key, label in board.labels.items():
        assert flat.cell_of(flat.labels[key].position) == board.cell_of(label.position)
    assert flat.cell_of(flat.notes["n1"].hex) == board.cell_of(board.notes["n1"].hex)  # type: ignore[arg-type]
    assert flat.notes["n2"].token_id == "ogre"
