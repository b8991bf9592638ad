"""TokenController: placing from templates, duplicating, editing — each one undo step."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from qt_helpers import png_bytes

from app.controllers.tokens import TokenController, stored_picture
from app.document import MapDocument
from app.document.current import CurrentDocument
from rules import Board, Hex, Token, TokenKind, distance
from rules.prep.library import TokenTemplate, save_template

WALL = Hex(5, 2)


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    board = Board.blank(12, 10).with_token(Token("goblin-1", "Goblin", Hex(2, 2), size=-1))
    return MapDocument(board.with_terrain("blocked", [WALL], True))


@pytest.fixture
def controller(document: MapDocument) -> TokenController:
    return TokenController(CurrentDocument(document))


@pytest.fixture
def ogre(tmp_path: Path) -> TokenTemplate:
    """A library template with a picture file."""
    template = TokenTemplate("ogre", "Ogre", size=1, side="enemy", color="#CC79A7")
    return save_template(template, tmp_path / "library", png_bytes("#CC79A7"))


# -- add_from_template ---------------------------------------------------------------------
def test_adding_from_a_template_is_one_step_and_undo_takes_the_picture_too(
    document: MapDocument, controller: TokenController, ogre: TokenTemplate
) -> None:
    assert controller.add_from_template(ogre, Hex(4, 4))
    board = document.board
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Add Ogre"
    token = board.token("ogre-2")  # fresh id from the template's id
    assert token.position == Hex(4, 4) and token.side == "enemy"
    assert token.image == "ogre.png" and board.images["ogre.png"] == png_bytes("#CC79A7")
    document.undo_stack.undo()
    assert "ogre-2" not in document.board.tokens and document.board.images == {}
    document.undo_stack.redo()
    assert document.board == board


def test_a_second_copy_reuses_the_stored_picture(
    document: MapDocument, controller: TokenController, ogre: TokenTemplate
) -> None:
    assert controller.add_from_template(ogre, Hex(4, 4))
    assert controller.add_from_template(ogre, Hex(6, 4))
    assert list(document.board.images) == ["ogre.png"]
    ogres = [t for t in document.board.tokens.values() if t.name.startswith("Ogre")]
    assert {t.image for t in ogres} == {"ogre.png"}
    assert document.undo_stack.count() == 2


def test_a_picture_name_taken_by_other_bytes_gets_a_number(document: MapDocument) -> None:
    board = document.board.with_image("ogre.png", png_bytes("#000000"))
    board, name = stored_picture(board, png_bytes("#ffffff"), "ogre.png")
    assert name == "ogre-2.png"
    board, again = stored_picture(board, png_bytes("#ffffff"), "whatever.png")
    assert again == "ogre-2.png"  # same bytes: stored once
    _, odd = stored_picture(board, b"x", "../../Évil Name!.PNG")
    assert odd == "vil-name.png"


def test_a_template_without_a_picture_draws_initials(
    document: MapDocument, controller: TokenController
) -> None:
    assert controller.add_from_template(TokenTemplate("crate", "Crate"), Hex(1, 1))
    assert document.board.token("crate-2").image is None and document.board.images == {}


def test_a_missing_picture_file_still_places_the_token(
    qtbot: QtBot, document: MapDocument, controller: TokenController, ogre: TokenTemplate
) -> None:
    assert ogre.image_path is not None
    ogre.image_path.unlink()
    with qtbot.waitSignal(controller.informed) as informed:
        assert controller.add_from_template(ogre, Hex(4, 4))
    assert "initials" in informed.args[0]
    assert document.board.token("ogre-2").image is None


@pytest.mark.parametrize(
    ("template", "anchor", "reason"),
    [
        (TokenTemplate("ogre", "Ogre", size=1), Hex(-3, 0), "Ogre would leave the map there"),
        (TokenTemplate("colossus", "Colossus", size=6), Hex(1, 1), "would leave the map"),
        (TokenTemplate("ogre", "Ogre", size=1), WALL, "Ogre cannot stand in a wall at (5, 2)"),
        (TokenTemplate("troll", "Troll", size=3), Hex(4, 2), "cannot stand in a wall"),
    ],
)
def test_refusals_say_why_and_push_nothing(
    qtbot: QtBot,
    document: MapDocument,
    controller: TokenController,
    template: TokenTemplate,
    anchor: Hex,
    reason: str,
) -> None:
    before = document.board
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.add_from_template(template, anchor)
    assert reason in refused.args[0]
    assert document.undo_stack.count() == 0 and document.board is before


def test_an_object_may_stand_in_a_wall(document: MapDocument, controller: TokenController) -> None:
    wall = TokenTemplate("wall-segment", "Wall Segment", kind=TokenKind.OBJECT, size=1)
    assert controller.add_from_template(wall, WALL)


def test_a_controller_follows_a_document_getter(qtbot: QtBot, ogre: TokenTemplate) -> None:
    documents = [MapDocument(Board.blank(5, 5))]
    controller = TokenController(current := CurrentDocument(documents[0]))
    documents.append(MapDocument(Board.blank(6, 6)))
    current.replace(documents[-1])
    assert controller.add_from_template(ogre, Hex(1, 1))
    assert documents[0].board.tokens == {} and len(documents[1].board.tokens) == 1


# -- duplicate -----------------------------------------------------------------------------
def test_duplicating_several_tokens_is_one_step_on_free_neighbours(
    document: MapDocument, controller: TokenController, ogre: TokenTemplate
) -> None:
    controller.add_from_template(ogre, Hex(6, 5))
    document.undo_stack.clear()
    before = document.board
    made = controller.duplicate(["goblin-1", "ogre-2"])
    assert made == ["goblin-3", "ogre-4"]
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Duplicate 2 tokens"
    board = document.board
    for original, copy in (("goblin-1", "goblin-3"), ("ogre-2", "ogre-4")):
        a, b = board.token(original), board.token(copy)
        assert distance(a.position, b.position) == 1
        # the same token but for its place and its number (issue #16: Goblin 1, Goblin 2)
        assert replace(b, id=a.id, position=a.position, name=a.name) == a
    assert [board.token(i).name for i in ("goblin-1", "goblin-3")] == ["Goblin 1", "Goblin 2"]
    assert [board.token(i).name for i in ("ogre-2", "ogre-4")] == ["Ogre 1", "Ogre 2"]
    spaces = [h for t in board.tokens.values() for h in t.footprint]
    assert len(spaces) == len(set(spaces))  # copies stand on nobody
    document.undo_stack.undo()
    assert document.board == before


def test_duplicates_avoid_walls_and_each_other(
    document: MapDocument, controller: TokenController
) -> None:
    first = controller.duplicate(["goblin-1"])
    second = controller.duplicate(["goblin-1"])
    board = document.board
    positions = [board.token(i).position for i in ["goblin-1", *first, *second]]
    assert len(set(positions)) == 3 and WALL not in positions
    assert document.undo_stack.text(0) == "Duplicate Goblin"
    assert document.undo_stack.text(1) == "Duplicate Goblin 1"  # numbered by the first


def test_duplicate_refuses_when_there_is_no_room(qtbot: QtBot) -> None:
    document = MapDocument(Board.blank(1, 1).with_token(Token("a", "Aria", Hex(0, 0))))
    controller = TokenController(CurrentDocument(document))
    with qtbot.waitSignal(controller.refused) as refused:
        assert controller.duplicate(["a"]) == []
    assert "No free space near Aria" in refused.args[0]
    with qtbot.waitSignal(controller.refused):
        assert controller.duplicate(["ghost"]) == []
    assert document.undo_stack.count() == 0


# -- update_token --------------------------------------------------------------------------
def test_update_token_is_one_named_step(document: MapDocument, controller: TokenController) -> None:
    old = document.board.token("goblin-1")
    new = replace(old, name="Goblin Boss", size=0, reach=2, hidden=True)
    assert controller.update_token("goblin-1", new)
    assert document.board.token("goblin-1") == new
    # the undo step says what happened (issue #16), not "Edit Goblin"
    assert document.undo_stack.text(0) == "Rename Goblin → Goblin Boss (size, hidden, Reach)"
    document.undo_stack.undo()
    assert document.board.token("goblin-1") == old


def test_update_token_with_a_new_picture_stores_it_in_the_same_step(
    document: MapDocument, controller: TokenController
) -> None:
    old = document.board.token("goblin-1")
    data = png_bytes("#00ff00")
    assert controller.update_token("goblin-1", replace(old, image="C:\\pics\\gob.PNG"), data)
    board = document.board
    assert board.token("goblin-1").image == "gob.png" and board.images["gob.png"] == data
    document.undo_stack.undo()
    assert document.board.images == {} and document.undo_stack.count() == 1


def test_update_token_refuses_what_would_not_fit(
    qtbot: QtBot, document: MapDocument, controller: TokenController
) -> None:
    old = document.board.token("goblin-1")
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.update_token("goblin-1", replace(old, size=7))
    assert "leave the map" in refused.args[0]
    wide = replace(old, footprint_override=(Hex(0, 0), Hex(3, 0)))
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.update_token("goblin-1", wide)
    assert "wall" in refused.args[0]
    with qtbot.waitSignal(controller.refused):
        assert not controller.update_token("ghost", old)
    with qtbot.waitSignal(controller.refused) as refused:
        assert not controller.update_token("goblin-1", replace(old, image="nowhere.png"))
    assert "'nowhere.png' is not stored" in refused.args[0]
    assert not controller.update_token("goblin-1", old)  # nothing changed: nothing pushed
    assert document.undo_stack.count() == 0


# -- numbering (issue #16): tokens placed from one template are told apart --------------
def test_a_second_token_from_a_template_numbers_both_in_one_step(
    document: MapDocument, controller: TokenController, ogre: TokenTemplate
) -> None:
    assert controller.add_from_template(ogre, Hex(4, 4))
    assert document.board.token("ogre-2").name == "Ogre"  # the first keeps its name
    assert controller.add_from_template(ogre, Hex(7, 4))
    board = document.board
    assert [board.token(i).name for i in ("ogre-2", "ogre-3")] == ["Ogre 1", "Ogre 2"]
    assert document.undo_stack.count() == 2
    assert document.undo_stack.text(1) == "Add Ogre 2"
    document.undo_stack.undo()  # one step takes the second ogre and the number away
    assert document.board.token("ogre-2").name == "Ogre"
    assert "ogre-3" not in document.board.tokens


def test_duplicates_and_later_placements_take_the_next_number(
    document: MapDocument, controller: TokenController
) -> None:
    goblin = TokenTemplate("goblin", "Goblin", size=-1)
    assert controller.add_from_template(goblin, Hex(8, 6))  # Goblin 1 and Goblin 2
    made = controller.duplicate(["goblin-1"])
    assert document.board.token(made[0]).name == "Goblin 3"
    assert document.undo_stack.text(1) == "Duplicate Goblin 1"
    assert controller.add_from_template(goblin, Hex(6, 6))
    names = sorted(t.name for t in document.board.tokens.values())
    assert names == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]


def test_other_kinds_are_not_numbered(
    document: MapDocument, controller: TokenController, ogre: TokenTemplate
) -> None:
    assert controller.add_from_template(ogre, Hex(4, 4))
    assert document.board.token("goblin-1").name == "Goblin"
    assert document.board.token("ogre-2").name == "Ogre"


def test_the_numbering_rule() -> None:
    from app.controllers.tokens import next_numbered_name

    assert next_numbered_name(["Aria Vell"], "Goblin") == ("Goblin", None)
    assert next_numbered_name(["Goblin"], "Goblin") == ("Goblin 2", "Goblin 1")
    assert next_numbered_name(["Goblin 1", "Goblin 4"], "Goblin") == ("Goblin 5", None)
    assert next_numbered_name(["goblin", "Goblin 1"], "Goblin") == ("Goblin 3", "Goblin 2")


def test_numbering_ignores_letter_case() -> None:
    from app.controllers.tokens import numbered

    board = Board.blank(6, 6).with_token(Token("a", "goblin", Hex(1, 1)))
    board = board.with_token(Token("b", "Goblin", Hex(3, 3)))
    named = numbered(board, ["b"])
    assert (named.token("a").name, named.token("b").name) == ("Goblin 1", "Goblin 2")


# -- the undo text of an edit says what happened (issue #16) ----------------------------
def test_a_rename_says_rename_old_to_new(
    document: MapDocument, controller: TokenController
) -> None:
    old = document.board.token("goblin-1")
    assert controller.update_token("goblin-1", replace(old, name="Goblin 1"))
    assert document.undo_stack.undoText() == "Rename Goblin → Goblin 1"


def test_other_edits_name_what_changed(document: MapDocument, controller: TokenController) -> None:
    old = document.board.token("goblin-1")
    assert controller.update_token("goblin-1", replace(old, size=0, side="enemy"))
    assert document.undo_stack.undoText() == "Edit Goblin: size, side"
    stats = replace(old.vitals, stats=(("zeal", 2),), severe_threshold=2)
    assert controller.update_token(
        "goblin-1", replace(document.board.token("goblin-1"), vitals=stats)
    )
    assert document.undo_stack.undoText() == "Edit Goblin: Skill Tiers, Severe Threshold"
