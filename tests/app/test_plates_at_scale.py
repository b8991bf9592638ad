"""Name plates and mark badges on a map of many tokens (issue #20): a move or a mark that
comes or goes lays out only the plates near it, and a layout of every plate keeps each
plate clear of the others and of every other token's disc, as it did before the plates
were found by where they stand."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication, QGraphicsScene

from app.document import MapDocument
from app.scene.movement_items import HinderMarkItem
from app.scene.name_plates import NamePlate, _layouter, plate_layouts
from app.scene.token_marks import CLEARANCE, marks_items_in
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token

WIDTH, HEIGHT = 60, 40


def crowd() -> Board:
    """A 60×40 map with a token on every third hex of every other row (400 tokens)."""
    board = Board.blank(WIDTH, HEIGHT)
    for row in range(0, HEIGHT, 2):
        for col in range(row % 3, WIDTH, 3):
            i = len(board.tokens)
            board = board.with_token(Token(f"t{i}", f"Goblin {i}", board.hex_at(col, row)))
    return board


@pytest.fixture
def crowded(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(crowd()))
    window.view.set_zoom(1.0)  # close enough that every plate has room to show
    window.view.viewport().grab()  # the first paint lays every plate out
    return window


def plates(window: MainWindow) -> dict[str, NamePlate]:
    return {i: item.plate for i, item in window.scene.token_items().items()}


def test_a_layout_of_every_plate_keeps_them_apart(crowded: MainWindow) -> None:
    shown = [p for p in plates(crowded).values() if p.isVisible() and p.text]
    assert len(shown) > 100
    rects = [p.plate_rect() for p in shown]
    for i, rect in enumerate(rects):
        assert not any(rect.intersects(other) for other in rects[i + 1 :])
    items = crowded.scene.token_items()
    for token_id, plate in plates(crowded).items():
        if plate.text:
            for other_id, item in items.items():
                disc = item.mapToScene(item.shape())
                if other_id != token_id and disc.intersects(plate.plate_rect()):
                    pytest.fail(f"{token_id}'s plate covers {other_id}")


def test_a_move_among_400_tokens_lays_out_a_few_plates(crowded: MainWindow) -> None:
    before = plate_layouts(crowded.scene)
    item = crowded.scene.token_item("t0")
    item.show_at(Hex(30, 30))  # a drag's preview: the token shown elsewhere
    crowded.view.viewport().grab()
    laid_out = plate_layouts(crowded.scene) - before
    assert 1 <= laid_out <= 10


def test_a_mark_that_comes_lays_out_only_the_plates_near_it(crowded: MainWindow) -> None:
    scene, board = crowded.scene, crowded.scene.board
    target = board.token("t200")
    before = plate_layouts(scene)
    mark = HinderMarkItem(scene.geometry, target, board.tokens_near(target, CLEARANCE))
    scene.addItem(mark)
    crowded.view.viewport().grab()
    assert 1 <= plate_layouts(scene) - before <= 12
    badges = mark.badge_rects(crowded.view.transform().m11())
    assert badges
    for plate in plates(crowded).values():
        assert not any(plate.plate_rect().intersects(b) for b in badges), plate.text
    scene.removeItem(mark)
    before = plate_layouts(scene)
    crowded.view.viewport().grab()
    assert 1 <= plate_layouts(scene) - before <= 12  # room was made: near ones look again


def test_the_scene_lists_its_shown_marks_items() -> None:
    scene = QGraphicsScene()
    board = crowd()
    from app.scene.geometry import SceneGeometry

    geometry = SceneGeometry.for_board(board)
    a = HinderMarkItem(geometry, board.token("t1"))
    b = HinderMarkItem(geometry, board.token("t2"))
    scene.addItem(a)
    scene.addItem(b)
    assert marks_items_in(scene) == [a, b]
    b.hide()
    assert marks_items_in(scene) == [a]
    scene.removeItem(a)
    b.show()
    assert marks_items_in(scene) == [b]
    other = QGraphicsScene()
    other.addItem(a)
    assert marks_items_in(other) == [a] and marks_items_in(scene) == [b]


def test_a_plate_moved_while_hidden_is_found_where_it_stands(crowded: MainWindow) -> None:
    scene = crowded.scene
    hidden = scene.token_item("t0")
    hidden.hide()  # its plate hides with it
    hidden.show_at(Hex(30, 30))
    hidden.show()
    crowded.view.viewport().grab()
    neighbour = scene.token_item("t1")
    neighbour.show_at(Hex(31, 30))
    crowded.view.viewport().grab()
    plate, other = hidden.plate, neighbour.plate
    assert plate in _layouter(scene)._places.near(hidden.sceneBoundingRect())
    assert plate.text and other.text
    assert not plate.plate_rect().intersects(other.plate_rect())
    assert not hidden.mapToScene(hidden.shape()).intersects(other.plate_rect())
    assert not neighbour.mapToScene(neighbour.shape()).intersects(plate.plate_rect())


def settle(scene: QGraphicsScene) -> None:
    """Bring the scene's index up to date, as a paint would."""
    scene.items(QRectF(0, 0, 1, 1))
    QApplication.processEvents()


def test_a_players_token_scaled_down_leaves_the_scene_index_whole(qapp: object) -> None:
    """The ring's width is in the item's bounds: the index hears of the change before it
    is made, so a token taken off the map after the players' Scale went down is gone
    from every place it covered at the old Scale (it is looked for there, moved onto each
    place in turn: the index only returns an item that still covers the place)."""
    from app.scene.geometry import SceneGeometry
    from app.scene.player_items import PlayerTokenItem

    board = Board.blank(40, 40)
    geometry = SceneGeometry.for_board(board)
    scene = QGraphicsScene()
    scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
    for i in range(1600):  # a crowd, so the index splits the map into small leaves
        scene.addRect(QRectF((i % 40) * 40, (i // 40) * 40, 4, 4))
    settle(scene)
    stale = 0
    for col in range(2, 30):
        for row in range(2, 30, 3):
            token = Token("a", "Ann", board.hex_at(col, row))
            item = PlayerTokenItem(token, geometry, None, show_bars=False)
            item.set_presentation_scale(2.0)
            scene.addItem(item)
            settle(scene)
            wide = item.sceneBoundingRect()
            item.set_presentation_scale(1.0)
            settle(scene)
            narrow = item.sceneBoundingRect()
            scene.removeItem(item)
            settle(scene)
            middle = wide.center()
            for band in (
                QPointF(middle.x(), (wide.top() + narrow.top()) / 2),
                QPointF(middle.x(), (wide.bottom() + narrow.bottom()) / 2),
                QPointF((wide.left() + narrow.left()) / 2, middle.y()),
                QPointF((wide.right() + narrow.right()) / 2, middle.y()),
            ):
                item.setPos(item.pos() + band - item.sceneBoundingRect().center())
                stale += item in scene.items(QRectF(band.x() - 0.5, band.y() - 0.5, 1, 1))
    assert stale == 0
