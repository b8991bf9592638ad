"""Coordinates players can say (issue #17): column letters along the top and bottom of the
visible map, row numbers down its sides, drawn over a view, following its pan and zoom,
for both orientations, named as the status bar and the ruler name hexes."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QImage
from PySide6.QtWidgets import QApplication, QGraphicsView

from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.coordinate_labels import CoordinateLabels, EdgeBands, band_margins
from app.scene.map_scene import MapScene
from app.widgets.map_view import MapView
from app.widgets.player_window import PlayerWindow
from rules import Board, Hex, Orientation, Token
from rules.board import column_letters, hex_name

ORIENTATIONS = [Orientation.POINTY, Orientation.FLAT]


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Let the view paint, then the labels (they follow the view's paint)."""
    for _ in range(3):
        QApplication.processEvents()
    qtbot.wait(1)
    QApplication.processEvents()


def make_view(qtbot, board: Board, view_class: type[QGraphicsView] = MapView):  # type: ignore[no-untyped-def]
    scene = MapScene(MapDocument(board), player=True)
    view = view_class(scene)
    qtbot.addWidget(view)
    view.resize(900, 600)
    labels = CoordinateLabels(view)
    labels.set_shown(True)
    view.show()
    qtbot.waitExposed(view)
    view.fitInView(scene.content_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    settle(qtbot)
    return view, scene, labels


def shown(labels: CoordinateLabels) -> EdgeBands:
    bands = labels.edge_bands()
    assert bands is not None
    return bands


def on_screen(view: QGraphicsView, scene: MapScene, h: Hex) -> QPointF:
    return view.viewportTransform().map(scene.geometry.center(h))


def grab(view: QGraphicsView) -> QImage:
    return view.grab().toImage()


def lightness(image: QImage, x: float, y: float) -> int:
    return image.pixelColor(round(x), round(y)).lightness()


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_fitted_map_is_lettered_along_the_top_and_bottom_and_numbered_down_the_sides(
    qtbot,  # type: ignore[no-untyped-def]
    orientation: Orientation,
) -> None:
    board = Board.blank(12, 8, orientation)
    view, scene, labels = make_view(qtbot, board)
    bands = shown(labels)
    letters = [column_letters(c) for c in range(12)]
    assert bands.texts("top") == bands.texts("bottom") == letters
    assert bands.texts("left") == bands.texts("right") == [str(r) for r in range(1, 9)]
    # Each letter sits over its column, each number beside its row (the hexes at that
    # edge: odd rows of a pointy map, odd columns of a flat one, are shifted half a hex).
    for c, label in enumerate(bands.labels["top"]):
        assert abs(label.center.x() - on_screen(view, scene, board.hex_at(c, 0)).x()) < 0.5
    for c, label in enumerate(bands.labels["bottom"]):
        assert abs(label.center.x() - on_screen(view, scene, board.hex_at(c, 7)).x()) < 0.5
    for r, label in enumerate(bands.labels["left"]):
        assert abs(label.center.y() - on_screen(view, scene, board.hex_at(0, r)).y()) < 0.5
    for r, label in enumerate(bands.labels["right"]):
        assert abs(label.center.y() - on_screen(view, scene, board.hex_at(11, r)).y()) < 0.5
    # The bands lie outside the map: no hex hides under one.
    mapped = view.viewportTransform().mapRect(scene.geometry.board_rect(board))
    top, bottom, left, right = (bands.bands[e] for e in ("top", "bottom", "left", "right"))
    assert top.bottom() <= mapped.top() + 0.5 and bottom.top() >= mapped.bottom() - 0.5
    assert left.right() <= mapped.left() + 0.5 and right.left() >= mapped.right() - 0.5


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_the_labels_name_hexes_as_the_status_bar_and_ruler_do(
    qtbot,  # type: ignore[no-untyped-def]
    orientation: Orientation,
) -> None:
    board = Board.blank(30, 20, orientation)
    view, scene, labels = make_view(qtbot, board)
    view.setTransform(view.transform().scale(3, 3))
    view.centerOn(scene.geometry.center(board.hex_at(20, 12)))
    settle(qtbot)
    bands = shown(labels)
    top = bands.labels["top"][0]
    left = bands.labels["left"][0]
    # the hex under the first column letter and beside the first row number
    column_hex = scene.geometry.hex_at(view.mapToScene(QPoint(round(top.center.x()), 40)))
    row_hex = scene.geometry.hex_at(view.mapToScene(QPoint(40, round(left.center.y()))))
    assert hex_name(board, column_hex).startswith(top.text)
    assert hex_name(board, row_hex).endswith(left.text)
    assert hex_name(board, row_hex)[: -len(left.text)].isalpha()


def test_the_labels_follow_pan_and_zoom(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(40, 30)
    view, scene, labels = make_view(qtbot, board)
    fitted = shown(labels)
    assert fitted.texts("top")[0] == "A" and fitted.texts("left")[0] in {"1", "2"}
    before = grab(view)
    view.set_zoom(view.zoom * 4)
    view.centerOn(scene.geometry.center(board.hex_at(25, 18)))
    settle(qtbot)
    zoomed = shown(labels)
    assert zoomed.column_step == zoomed.row_step == 1
    assert zoomed.texts("top")[0] not in {"A", "B"} and "Z" in zoomed.texts("top")
    assert int(zoomed.texts("left")[0]) > 5 and "19" in zoomed.texts("left")
    # On screen the labels were painted again for what the view shows now...
    assert labels._drawn == labels._state()
    # ...and where the new columns are, the top band's letters changed.
    after = grab(view)
    band = zoomed.bands["top"]
    m = view.viewportMargins()
    y = round(labels.geometry().top() + m.top() + band.center().y())
    x0 = labels.geometry().left() + m.left()
    xs = range(x0 + round(band.left()), x0 + round(band.right()))
    assert sum(before.pixelColor(x, y) != after.pixelColor(x, y) for x in xs) > 20


def test_the_bands_are_dark_and_the_text_bold_white_and_large(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(12, 8)
    view, _scene, labels = make_view(qtbot, board)
    bands = shown(labels)
    image = grab(view)
    offset = labels.geometry().topLeft() + QPoint(
        view.viewportMargins().left(), view.viewportMargins().top()
    )
    font = labels._font
    assert font.bold() and font.pixelSize() >= 14
    for edge in ("top", "left"):
        label = bands.labels[edge][0]
        band = bands.bands[edge]
        cx, cy = label.center.x() + offset.x(), label.center.y() + offset.y()
        around = [lightness(image, cx + dx, cy + dy) for dx in range(-8, 9) for dy in range(-7, 8)]
        assert max(around) > 230  # white text
        corner = (band.left() + 2 + offset.x(), band.top() + 2 + offset.y())
        if edge == "top":  # between two letters
            corner = ((label.center.x() + bands.labels[edge][1].center.x()) / 2 + offset.x(), cy)
        assert lightness(image, *corner) < 40  # on a dark band


def test_turning_the_labels_off_gives_the_view_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(12, 8)
    view, _scene, labels = make_view(qtbot, board)
    margins = band_margins(board)
    assert view.viewportMargins() == margins and margins.top() >= 14 + 2
    labels.set_shown(False)
    settle(qtbot)
    assert not labels.isVisible() and view.viewportMargins().isNull()
    assert labels.geometry() == view.viewport().geometry()


def test_small_hexes_get_every_other_label_and_never_overlap(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(120, 90)
    _view, _scene, labels = make_view(qtbot, board)
    bands = shown(labels)
    assert bands.column_step > 1 and bands.row_step > 1
    xs = [label.center.x() for label in bands.labels["top"]]
    widest = QFontMetricsF(labels._font).horizontalAdvance(column_letters(119))  # "DP"
    assert all(b - a >= widest for a, b in pairwise(xs))
    assert bands.texts("top")[:2] == ["A", column_letters(bands.column_step)]
    assert all(int(t) % bands.row_step == 0 for t in bands.texts("left"))


def test_labels_drawn_over_a_plain_graphics_view_take_no_click(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(10, 6).with_token(Token("a", "Aria", Hex(2, 2)))
    view, _scene, labels = make_view(qtbot, board, QGraphicsView)
    assert shown(labels).texts("top")[:3] == ["A", "B", "C"]
    assert labels.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    point = view.mapFromScene(_scene.geometry.center(Hex(2, 2)))
    hit = view.viewport().childAt(point)
    assert hit is None  # a click on the map reaches the view, not the labels


def test_on_the_player_window_the_labels_show_only_the_players_map(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(16, 10, Orientation.FLAT)
    player = PlayerWindow(CurrentDocument(MapDocument(board)))
    qtbot.addWidget(player)
    player.resize(1280, 720)
    labels = CoordinateLabels(player.view)
    labels.set_shown(True)
    player.show()
    qtbot.waitExposed(player)
    player.fit_to_window()
    settle(qtbot)
    bands = shown(labels)
    assert bands.texts("top") == [column_letters(c) for c in range(16)]
    assert bands.texts("right") == [str(r) for r in range(1, 11)]
    assert labels.isVisible() and labels.parent() is player.view
