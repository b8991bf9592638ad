"""Scale grows the players' view as a whole (#17): at 200 % the turn's ring and its ▶ badge,
a ping's rings and the laser trail are larger on the Player Window, the GM's map keeps them
at 100 %, and a grown badge still covers no neighbouring token's centre (and no name plate
lies over it)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QTransform
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.document.current import CurrentDocument
from app.scene.geometry import SceneGeometry
from app.scene.map_scene import MapScene
from app.scene.name_plates import layout_plates
from app.scene.ping_items import PING_COLOR, PointerOverlay, presentation_scale_of
from app.scene.token_marks import TURN, badge_rects_in
from app.scene.turn_highlight import TurnHighlight
from app.widgets.map_view import MapView
from app.widgets.player_window import PlayerWindow
from rules import Board, Hex, Orientation, neighbors
from rules.board import with_turn
from rules.board.tokens import Token
from rules.turns import TurnState, join, start

ARIA = Hex(5, 4)


def ringed(orientation: Orientation = Orientation.POINTY) -> Board:
    """A 12×9 map: Aria acting (first in a started Priority order), a creature on each of
    the six hexes around her."""
    board = Board.blank(12, 9, orientation=orientation, name="Ford")
    aria = Token("aria", "Aria Vell", ARIA, side="party", color="#56B4E9")
    board = board.with_token(aria)
    turn = join(TurnState(), "aria", 12)
    for k, neighbour in enumerate(neighbors(ARIA)):
        board = board.with_token(Token(f"n{k}", f"Goblin {k}", neighbour, side="enemy"))
        turn = join(turn, f"n{k}", 5)
    return with_turn(board, start(turn))


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Table:
    """The GM's map (a turn ring as the Turn Order dock puts it) and the Player Window."""

    def __init__(self, qtbot: QtBot, board: Board) -> None:
        self.current = CurrentDocument(MapDocument(board))
        self.gm_scene = MapScene(self.current)
        self.gm_view = MapView(self.gm_scene)
        qtbot.addWidget(self.gm_view)
        self.gm_view.resize(640, 480)
        self.gm_ring = TurnHighlight()
        self.gm_scene.addItem(self.gm_ring)
        self.gm_ring.show_on(self.gm_scene.token_item("aria"))
        self.player = PlayerWindow(self.current)
        qtbot.addWidget(self.player)
        self.player.resize(640, 480)
        for widget in (self.gm_view, self.player):
            widget.show()
            qtbot.waitExposed(widget)
        self.gm_view.fit_to_window()
        self.player.fit_to_window()

    def zoom(self, zoom: float) -> None:
        """Both views at ``zoom``, centred on Aria."""
        for view, scene in ((self.gm_view, self.gm_scene), (self.player.view, self.player.scene)):
            view.set_zoom(zoom)
            view.centerOn(scene.geometry.center(ARIA))


@pytest.fixture
def table(qtbot: QtBot) -> Table:
    return Table(qtbot, ringed())


def turn_badge(scene: MapScene, zoom: float) -> QRectF:
    """The turn's ▶ badge on ``scene`` drawn at ``zoom`` (scene units)."""
    ring = next(item for item in scene.items() if isinstance(item, TurnHighlight))
    (rect,) = ring.badge_rects(zoom)
    return rect


def near_pixels(image: QImage, color: QColor, tolerance: int = 60) -> int:
    """How many pixels of ``image`` are near ``color``."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = QColor(image.pixel(x, y))
            near = (
                abs(pixel.red() - color.red())
                + abs(pixel.green() - color.green())
                + abs(pixel.blue() - color.blue())
            )
            count += near < tolerance
    return count


def amber(view: MapView) -> int:
    """How many of ``view``'s pixels are the turn ring's amber."""
    return near_pixels(view.viewport().grab().toImage(), TURN.color)


def test_at_200_percent_the_turn_ring_and_badge_are_larger_for_the_players_only(
    table: Table,
) -> None:
    table.zoom(2.0)
    zoom = table.player.view.zoom
    players_badge, gm_badge = turn_badge(table.player.scene, zoom), turn_badge(table.gm_scene, zoom)
    players_amber, gm_amber = amber(table.player.view), amber(table.gm_view)
    assert players_amber > 0 and gm_amber > 0

    table.player.set_presentation_scale(2.0)

    assert table.player.turn_highlight.presentation_scale == 2.0
    grown = turn_badge(table.player.scene, zoom)
    # larger, as far as its reach from the corner allows (it covers no neighbour's centre)
    assert grown.width() > players_badge.width() * 1.3
    assert grown.height() > players_badge.height() * 1.3
    assert amber(table.player.view) > players_amber * 1.5  # the ring's pen and the badge
    assert table.gm_ring.presentation_scale == 1.0  # the GM's map: as it was
    assert turn_badge(table.gm_scene, zoom) == gm_badge
    assert amber(table.gm_view) == gm_amber

    table.player.set_presentation_scale(1.0)
    assert turn_badge(table.player.scene, zoom) == players_badge


@pytest.mark.parametrize("orientation", [Orientation.POINTY, Orientation.FLAT])
@pytest.mark.parametrize("zoom", [0.4, 0.8, 1.5, 3.0, 6.0])
def test_a_grown_badge_never_covers_a_neighbouring_tokens_centre(
    qtbot: QtBot, orientation: Orientation, zoom: float
) -> None:
    table = Table(qtbot, ringed(orientation))
    table.zoom(zoom)
    table.player.set_presentation_scale(2.0)
    scene = table.player.scene
    centres = [scene.geometry.center(h) for h in neighbors(ARIA)]
    for badge in badge_rects_in(scene, zoom):
        assert not any(badge.contains(c) for c in centres), (zoom, badge)
        assert not badge.contains(scene.geometry.center(ARIA))  # nor her own


def test_name_plates_keep_off_the_grown_badge(table: Table) -> None:
    table.zoom(2.0)
    table.player.set_presentation_scale(2.0)
    scene, zoom = table.player.scene, table.player.view.zoom
    layout_plates(scene, zoom)
    badge = turn_badge(scene, zoom)
    for token_id, item in scene.token_items().items():
        rect = item.plate.plate_rect()
        assert rect.isEmpty() or not rect.intersects(badge), token_id


def ping_on_both(table: Table) -> tuple[PointerOverlay, Clock]:
    clock = Clock()
    overlay = PointerOverlay(clock)
    overlay.add_scene(table.gm_scene)
    overlay.add_scene(table.player.scene)
    overlay.ping(Hex(2, 2))
    clock.now = 0.5  # the first ring part spread, the second on its way
    overlay.advance()
    overlay.timer.stop()
    return overlay, clock


def test_at_200_percent_a_pings_rings_are_larger_for_the_players_only(table: Table) -> None:
    table.zoom(1.0)
    overlay, _clock = ping_on_both(table)
    (gm_small,) = overlay.pings_on(table.gm_scene)
    (players_small,) = overlay.pings_on(table.player.scene)
    assert gm_small.rings.radii() == players_small.rings.radii()
    small_cyan = near_pixels(table.player.view.viewport().grab().toImage(), PING_COLOR)

    table.player.set_presentation_scale(2.0)
    assert presentation_scale_of(table.player.scene) == 2.0
    assert presentation_scale_of(table.gm_scene) == 1.0
    overlay, _clock = ping_on_both(table)
    gm_ping, players_ping = (
        overlay.pings_on(table.gm_scene)[-1],
        overlay.pings_on(table.player.scene)[-1],
    )

    assert gm_ping.rings.radii() == gm_small.rings.radii()
    for (big, _a), (small, _b) in zip(
        players_ping.rings.radii(), gm_small.rings.radii(), strict=True
    ):
        assert big == pytest.approx(2 * small)
    assert players_ping.rings.boundingRect().width() == pytest.approx(
        2 * gm_ping.rings.boundingRect().width()
    )
    big_cyan = near_pixels(table.player.view.viewport().grab().toImage(), PING_COLOR)
    assert big_cyan > small_cyan * 1.5


def test_at_200_percent_the_laser_trail_is_thicker_for_the_players_only(table: Table) -> None:
    clock = Clock()
    overlay = PointerOverlay(clock)
    overlay.add_scene(table.gm_scene)
    overlay.add_scene(table.player.scene)
    table.player.set_presentation_scale(2.0)
    overlay.trail_to(QPointF(10, 10))
    overlay.trail_to(QPointF(200, 120))
    overlay.timer.stop()
    gm_trail, players_trail = overlay.trail_on(table.gm_scene), overlay.trail_on(table.player.scene)
    assert gm_trail is not None and players_trail is not None
    assert (gm_trail.grow, players_trail.grow) == (1.0, 2.0)
    assert players_trail.boundingRect().width() > gm_trail.boundingRect().width()


def fogged_left(board: Board) -> tuple[Board, list[Hex]]:
    """``board`` with the hexes left of Aria's neighbours' middle fogged (where her ▶
    badge reaches), and those neighbours."""
    geometry = SceneGeometry.for_board(board)
    left = [h for h in neighbors(ARIA) if geometry.center(h).x() < geometry.center(ARIA).x()]
    fog = np.zeros((board.height, board.width), dtype=bool)
    for h in left:
        col, row = board.cell_of(h)
        fog[row, col] = True
    return board.with_layer("fog", fog), left


def amber_in(view: MapView, hexes: list[Hex]) -> int:
    """How many of ``view``'s pixels well inside ``hexes`` are the turn ring's amber."""
    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    geometry = view.scene().geometry  # type: ignore[attr-defined]
    count = 0
    for h in hexes:
        middle = geometry.center(h)
        inner = QTransform().translate(middle.x(), middle.y()).scale(0.9, 0.9)
        inner = inner.translate(-middle.x(), -middle.y())
        shape = view.mapFromScene(inner.map(geometry.polygon(h)))
        box = shape.boundingRect()
        for y in range(max(0, box.top()), min(image.height(), box.bottom() + 1)):
            for x in range(max(0, box.left()), min(image.width(), box.right() + 1)):
                if shape.containsPoint(QPoint(x, y), Qt.FillRule.OddEvenFill):
                    pixel = QColor(image.pixel(x, y))
                    color = TURN.color
                    near = (
                        abs(pixel.red() - color.red())
                        + abs(pixel.green() - color.green())
                        + abs(pixel.blue() - color.blue())
                    )
                    count += near < 60
    return count


def test_the_players_turn_ring_and_badge_are_not_drawn_over_fog(qtbot: QtBot) -> None:
    board, fogged = fogged_left(ringed())
    table = Table(qtbot, board)
    table.zoom(3.0)
    table.player.set_presentation_scale(2.0)
    assert table.player.turn_highlight.token_id == "aria"
    assert amber(table.player.view) > 0  # on the hexes players see
    assert amber_in(table.player.view, fogged) == 0  # none over the fog
    assert amber_in(table.gm_view, fogged) > 0  # the GM's map: the badge reaches there
