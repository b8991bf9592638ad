"""Names on the map (issue #16): every named token has a plate that reads from fit zoom to
close up, shortened when its hex is small, never over its own token, clear of the others'
discs on the demo map; View → Name Plates hides and shows them; the Player Window draws
the same plates, larger and above."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.resources import demo_map_path
from app.scene.map_scene import MapScene
from app.scene.name_plates import (
    GM_STYLE,
    NAME_PX,
    NamePlate,
    abbreviations,
    layout_plates,
)
from app.scene.player_items import PlayerTokenItem
from app.scene.token_item import TokenItem
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token
from rules.movement import placed

FIT = 15.0 / (1.732 * 32)  # hexes ~15 px wide on screen: the demo map at fit zoom, 720p
SCALES = (FIT, 0.4, 1.0, 3.0)


def shape_in_scene(item: TokenItem) -> QPainterPath:
    return item.mapToScene(item.shape())


def plates(scene: MapScene) -> dict[str, NamePlate]:
    return {i: item.plate for i, item in scene.token_items().items()}


def test_abbreviations_keep_the_number_that_tells_twins_apart() -> None:
    assert abbreviations("Goblin 2") == ("Goblin 2", "Gobl 2", "Gob 2", "G2")
    assert abbreviations("Aria Vell") == ("Aria Vell", "Aria V.", "Aria", "AV")
    assert abbreviations("Humanoid 12")[-1] == "H12"
    assert abbreviations("A very long name for a token")[0].endswith("…")
    assert abbreviations("  ") == ()


def test_every_named_token_on_the_demo_map_has_a_plate(window: MainWindow) -> None:
    scene = window.scene
    layout_plates(scene, window.view.zoom)
    board = window.document.board
    for token_id, plate in plates(scene).items():
        name = board.token(token_id).name
        assert plate.isVisible() and plate.scene() is scene
        assert plate.text in abbreviations(name)
        assert plate.zValue() > scene.token_item(token_id).zValue()


def test_the_view_lays_the_plates_out_for_its_zoom_when_it_draws(window: MainWindow) -> None:
    window.view.set_zoom(0.8)
    window.view.grab()
    zooms = {round(p._layout.scale, 4) for p in plates(window.scene).values() if p._layout}
    assert zooms == {round(window.view.zoom, 4)}


@pytest.mark.parametrize("scale", SCALES)
def test_a_plate_never_covers_its_own_token(window: MainWindow, scale: float) -> None:
    scene = window.scene
    layout_plates(scene, scale)
    for token_id, plate in plates(scene).items():
        item = scene.token_item(token_id)
        assert not plate.plate_rect().isEmpty()
        assert not shape_in_scene(item).intersects(plate.plate_rect()), token_id


def test_at_fit_zoom_names_are_short_readable_and_clear_of_other_tokens(
    window: MainWindow,
) -> None:
    scene = window.scene
    layout_plates(scene, FIT)
    board = window.document.board
    shown = plates(scene)
    assert shown["shade"].text != "Lurking Shade" and shown["giant"].text != "Stone Giant"
    for token_id, plate in shown.items():
        rect = plate.plate_rect()
        on_screen = QRectF(0, 0, rect.width() * FIT, rect.height() * FIT)
        assert on_screen.width() <= max(GM_STYLE.width_hexes * 15.0, GM_STYLE.min_width_px) + 1
        assert plate._layout is not None and plate._layout.font_px * FIT >= GM_STYLE.min_px - 0.5
        for other_id, other in scene.token_items().items():
            if other_id != token_id:
                assert not shape_in_scene(other).intersects(rect), (token_id, other_id)
    others = [p.plate_rect() for p in shown.values()]
    for i, a in enumerate(others):
        assert not any(a.intersects(b) for b in others[i + 1 :])
    assert {board.token(i).name for i in shown} >= {"Goblin 1", "Goblin 2"}


def test_twins_are_told_apart_at_fit_zoom(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(20, 14)
    for i, h in enumerate((Hex(4, 4), Hex(5, 4), Hex(12, 8)), 1):
        board = board.with_token(Token(f"h{i}", f"Humanoid {i}", h))
    window = make_window(MapDocument(board))
    layout_plates(window.scene, FIT)
    texts = [p.text for p in plates(window.scene).values()]
    assert len(set(texts)) == 3 and all(t[-1] in "123" for t in texts)


def test_a_multi_hex_token_keeps_its_plate_clear_of_its_footprint(window: MainWindow) -> None:
    scene = window.scene
    giant = scene.token_item("giant")
    assert len(giant.token.footprint_offsets) > 1
    for scale in SCALES:
        layout_plates(scene, scale)
        assert not giant.mapToScene(giant.footprint_outline()).intersects(giant.plate.plate_rect())


def test_plates_follow_their_token_and_undo(window: MainWindow) -> None:
    doc, scene = window.document, window.scene
    doc.undo_stack.push(BoardEditCommand(doc, placed(doc.board, "aria", Hex(12, 5)), "Move"))
    item = scene.token_item("aria")
    layout_plates(scene, FIT)
    assert item.plate.pos() == item.pos()
    assert item.plate.plate_rect().top() > item.mapToScene(item.shape()).boundingRect().bottom()
    doc.undo_stack.undo()
    assert scene.token_item("aria").plate.pos() == scene.token_item("aria").pos()


def test_hidden_tokens_plates_are_faded_with_their_token(window: MainWindow) -> None:
    plate = window.scene.token_item("shade").plate
    assert window.document.board.token("shade").hidden
    assert plate.subject is not None and plate.subject.hidden
    assert not window.scene.token_item("aria").plate.subject.hidden  # type: ignore[union-attr]


def test_the_toggle_hides_and_shows_every_plate(window: MainWindow) -> None:
    tokens = window.tokens
    entry = window.actions_by_id["view.names"]
    assert tokens.name_plates_shown and entry.isCheckable() and entry.isChecked()
    entry.trigger()  # View → Name Plates (N)
    assert not tokens.name_plates_shown and not entry.isChecked()
    assert not any(p.isVisible() for p in plates(window.scene).values())
    doc = window.document
    doc.undo_stack.push(
        BoardEditCommand(doc, doc.board.with_token(Token("new", "Newcomer", Hex(5, 5))), "Add")
    )
    assert not window.scene.token_item("new").plate.isVisible()  # stays off for new ones
    tokens.toggle_name_plates()
    assert all(p.isVisible() for p in plates(window.scene).values())


def test_the_player_view_draws_the_same_plates_larger_and_above(qapp) -> None:  # type: ignore[no-untyped-def]
    board = MapDocument.open(demo_map_path()).board
    scene = MapScene(MapDocument(board), player=True)
    scene.set_presentation_scale(1.5)
    layout_plates(scene, 0.5)
    for item in scene.token_items().values():
        assert isinstance(item, PlayerTokenItem) and isinstance(item.plate, NamePlate)
        plate = item.plate
        assert plate.text == item.token.name  # the full name
        rect = plate.plate_rect()
        assert rect.height() * 0.5 >= NAME_PX * 1.5  # the presentation size on screen
        assert not shape_in_scene(item).intersects(rect)
    for token_id in ("bison", "giant", "ogre"):  # room above: the players' plates go there
        item = scene.token_item(token_id)
        assert item is not None and item.plate.plate_rect().bottom() < item.pos().y()
