"""The Inspector: Reach, Crowded and Concealment of the selected token, on the dock and on
the map, always the rules' answer for the current board (undo and redo included)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPathStroker, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.scene.concealment_shade import ConcealmentShade
from app.scene.geometry import SceneGeometry
from app.scene.rules_overlays import boundary_path
from app.shell.main_window import MainWindow
from app.widgets.docks.inspector import (
    NOTHING_SELECTED,
    SHADE_RADIUS,
    InspectorDock,
    concealment_summary,
)
from rules import (
    Board,
    Hex,
    Orientation,
    Token,
    concealment,
    concealment_field,
    crowded,
    full_spaces,
    neighbors,
    reach_spaces,
    set_condition,
)

CROWD = Hex(2, 8)  # three goblins; a fourth fills it


def sample_board() -> Board:
    board = Board.blank(14, 10)
    board = board.with_terrain("concealment", [Hex(6, 4)], 4)
    board = board.with_terrain("concealment", [Hex(7, 4)], 3)
    tokens = [
        Token("ogre", "Ogre", Hex(4, 4), size=2),
        Token("imp", "Imp", Hex(4, 4), size=0),
        Token("rat", "Rat", Hex(4, 4), size=-2),
        Token("elf", "Elf", Hex(8, 4), size=0),
        *(Token(f"gob{i}", f"Goblin {i}", CROWD, size=0) for i in range(3)),
        Token("gob3", "Goblin 3", Hex(3, 8), size=0),
    ]
    for token in tokens:
        board = board.with_token(token)
    return board


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(sample_board()))


@pytest.fixture
def dock(window: MainWindow) -> InspectorDock:
    dock = window.rules.inspector_dock  # the window's own, as a person uses it
    dock.show()
    return dock


def plain(label: QLabel) -> str:
    text = QTextDocument()
    text.setHtml(label.text())
    return text.toPlainText()


def hover(window: MainWindow, h: Hex) -> None:
    QTest.mouseMove(
        window.view.viewport(), window.view.mapFromScene(window.scene.geometry.center(h))
    )


def test_nothing_selected_shows_a_hint(dock: InspectorDock) -> None:
    assert plain(dock.token_label) == NOTHING_SELECTED
    assert dock.reach_outline.hexes == frozenset()
    assert dock.windowTitle() == "Inspector" and dock.objectName() == "inspector_dock"


def test_crowded_lists_counted_and_ignored_occupants(
    window: MainWindow, dock: InspectorDock
) -> None:
    window.scene.set_selection(["ogre"])
    expected = crowded(window.document.board, "ogre")
    assert dock.crowding == expected
    assert [e.token_id for e in expected.counted] == ["imp"]
    assert [e.token_id for e in expected.ignored] == ["rat"]
    text = plain(dock.token_label)
    assert "Ogre" in text and "Size 2 creature" in text
    assert "Reach 2 — from size and limbs" in text
    assert f"Crowded {expected.tier}" in text
    assert "Encumbered 1, +1 Movement cost" in text
    text = plain(dock.crowd_label)
    counted, ignored = text.index("Counted (1)"), text.index("Ignored (1)")
    assert counted < text.index("Imp") < ignored < text.index("Rat")
    for entry in expected.entries:
        assert entry.reason in text
    for option in expected.options_used:
        assert option in text


def test_encumbered_names_every_source_and_follows_undo(
    window: MainWindow, dock: InspectorDock
) -> None:
    """#13: the Inspector names each source of Encumbered ("Encumbered 3: Prone 2, Crowded
    1"), as :func:`rules.encumbered` computes it, and undo takes it back."""
    window.scene.set_selection(["imp"])
    assert "Encumbered 1: Crowded 1 — −1 on physical attacks" in plain(dock.token_label)
    imp = window.document.board.token("imp")
    prone = replace(imp, conditions=set_condition((), "prone", 1))
    board = window.document.board.with_token_replaced(prone)
    window.document.undo_stack.push(BoardEditCommand(window.document, board, "Prone"))
    assert plain(dock.token_label).count("Encumbered 3: Prone 2, Crowded 1") == 1
    window.document.undo_stack.undo()
    assert "Prone 2" not in plain(dock.token_label)


def test_a_reach_override_says_so(window: MainWindow, dock: InspectorDock) -> None:
    ogre = window.document.board.token("ogre")
    board = window.document.board.with_token_replaced(
        Token(ogre.id, ogre.name, ogre.position, ogre.size, reach=4)
    )
    window.document.undo_stack.push(BoardEditCommand(window.document, board, "Reach"))
    window.scene.set_selection(["ogre"])
    assert "Reach 4 — override (size and limbs would give 2)" in plain(dock.token_label)
    assert dock.reach_outline.hexes == reach_spaces(board, board.token("ogre"))


def test_reach_outline_is_the_boundary_of_reach_spaces(
    window: MainWindow, dock: InspectorDock
) -> None:
    window.scene.set_selection(["ogre"])
    board = window.document.board
    covered = reach_spaces(board, board.token("ogre"))
    assert dock.reach_outline.hexes == covered
    geometry = window.scene.geometry
    path = dock.reach_outline.path
    boundary = [(h, n) for h in covered for n in neighbors(h) if n not in covered]
    assert path.length() == pytest.approx(len(boundary) * geometry.size, rel=1e-6)
    assert sum(path.elementAt(i).isMoveTo() for i in range(path.elementCount())) == 1
    near = QPainterPathStroker()
    near.setWidth(1.0)
    stroke = near.createStroke(path)
    for h, n in boundary:  # every edge between a covered and an uncovered hex is drawn
        middle = (geometry.center(h) + geometry.center(n)) / 2
        assert stroke.contains(middle), (h, n)
    inner = [(h, n) for h in covered for n in neighbors(h) if n in covered]
    for h, n in inner:  # and no edge between two covered hexes
        assert not stroke.contains((geometry.center(h) + geometry.center(n)) / 2), (h, n)
    window.controller.request_move("ogre", Hex(5, 5))
    moved = window.document.board.token("ogre")
    assert dock.reach_outline.hexes == reach_spaces(window.document.board, moved)
    window.document.undo_stack.undo()
    assert dock.reach_outline.hexes == covered
    window.scene.set_selection([])
    assert dock.reach_outline.hexes == frozenset()


@pytest.mark.parametrize("orientation", list(Orientation))
def test_boundary_path_has_one_loop_per_edge_and_hole(orientation: Orientation) -> None:
    geometry = SceneGeometry(orientation)
    ring = frozenset(n for n in neighbors(Hex(0, 0)))  # a ring round a hole
    path = boundary_path(ring, geometry)
    assert sum(path.elementAt(i).isMoveTo() for i in range(path.elementCount())) == 2
    assert path.length() == pytest.approx((18 + 6) * geometry.size)  # outside, hole


def test_full_markers_follow_the_move_and_its_undo(window: MainWindow, dock: InspectorDock) -> None:
    already = full_spaces(window.document.board)
    assert already == {Hex(4, 4)}  # the Ogre's 4 units with the Imp and the Rat
    assert dock.full_markers.spaces == already
    assert window.controller.request_move("gob3", CROWD)
    assert dock.full_markers.spaces == already | {CROWD}
    assert dock.full_markers.isVisible()
    window.document.undo_stack.undo()
    assert dock.full_markers.spaces == already
    window.document.undo_stack.redo()
    assert CROWD in dock.full_markers.spaces
    dock.full_box.setChecked(False)
    assert not dock.full_markers.isVisible()
    window.document.undo_stack.undo()
    dock.full_box.setChecked(True)
    assert dock.full_markers.spaces == already


def test_hovering_a_target_shows_its_concealment(window: MainWindow, dock: InspectorDock) -> None:
    window.scene.set_selection(["ogre"])
    hover(window, Hex(8, 4))
    board = window.document.board
    expected = concealment(board, "ogre", "elf")
    assert (expected.tier, expected.awareness_penalty, expected.attack_penalty) == (7, -7, -3)
    assert dock.target_id == "elf"
    assert dock.target_concealment == expected
    text = plain(dock.target_label)
    assert "Elf: Concealment 7" in text
    assert "Awareness −7" in text and "targeted attacks −3" in text
    assert "Not adjacent" in text
    assert "(6, 4): Tier 4 (world)" in text and "(7, 4): Tier 3 (world)" in text
    for option in expected.options_used:
        assert option in text
    assert dock.highlight.hexes == {Hex(6, 4), Hex(7, 4)}
    summary = concealment_summary(board.token("ogre"), board.token("elf"), expected)
    assert window.statusBar().currentMessage() == summary
    hover(window, Hex(9, 6))  # open ground: no target
    assert dock.target_id is None
    assert dock.highlight.hexes == frozenset()
    assert "Hover over another token" in plain(dock.target_label)


def test_adjacent_concealment_names_the_reduction(window: MainWindow, dock: InspectorDock) -> None:
    board = window.document.board.with_terrain("concealment", [Hex(4, 4)], 5)
    window.document.undo_stack.push(BoardEditCommand(window.document, board, "Fog"))
    window.scene.set_selection(["ogre"])
    hover(window, Hex(4, 4))  # the Imp and the Rat share the Ogre's space: adjacent
    expected = concealment(board, "ogre", "rat")  # the smallest is drawn on top
    assert dock.target_concealment == expected
    assert expected.reduction == 3
    text = plain(dock.target_label)
    assert "Adjacent: −3" in text and f"Concealment {expected.tier}" in text


def test_shade_matches_the_concealment_field(window: MainWindow, dock: InspectorDock) -> None:
    window.scene.set_selection(["ogre"])
    assert dock.shade.field is None
    dock.shade_box.setChecked(True)
    board = window.document.board
    ogre = board.token("ogre")
    assert np.array_equal(dock.shade.field, concealment_field(board, ogre.footprint))
    assert dock.shade.tier_at(Hex(8, 4)) == 7
    window.controller.request_move("elf", Hex(9, 4))  # another token: same field, kept
    kept = dock.shade.field
    window.controller.request_move("elf", Hex(8, 4))
    assert dock.shade.field is kept
    fogged = board.with_terrain("concealment", [Hex(5, 4)], 2)
    window.document.undo_stack.push(BoardEditCommand(window.document, fogged, "Fog"))
    assert np.array_equal(dock.shade.field, concealment_field(fogged, ogre.footprint))
    window.document.undo_stack.undo()
    assert np.array_equal(
        dock.shade.field, concealment_field(window.document.board, ogre.footprint)
    )
    options = window.document.board.with_options({"concealment_combine": "highest"})
    window.document.undo_stack.push(BoardEditCommand(window.document, options, "Options"))
    assert dock.shade.tier_at(Hex(8, 4)) == 4
    window.scene.set_selection([])
    assert dock.shade.field is None


def test_big_maps_shade_within_a_radius(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(120, 120).with_token(Token("scout", "Scout", Hex(20, 60)))
    board = board.with_terrain("concealment", [Hex(25, 60)], 6)
    window = make_window(MapDocument(board))
    dock = window.rules.inspector_dock
    dock.shade_box.setChecked(True)
    window.scene.set_selection(["scout"])
    expected = concealment_field(board, [Hex(20, 60)], radius=SHADE_RADIUS)
    assert np.array_equal(dock.shade.field, expected)
    assert (expected == -1).any()


def render(item_scene: object, source: QRectF, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    item_scene.render(painter, QRectF(0, 0, size, size), source)  # type: ignore[attr-defined]
    painter.end()
    return image


def test_shade_is_darker_where_more_concealed_near_and_far(
    window: MainWindow, dock: InspectorDock
) -> None:
    window.scene.set_selection(["ogre"])
    dock.shade_box.setChecked(True)
    shade: ConcealmentShade = dock.shade
    where, picture = shade.picture()
    scale = picture.width() / where.scene_rect.width()

    def alpha(h: Hex) -> int:
        p = window.scene.geometry.center(h) - where.scene_rect.topLeft()
        return picture.pixelColor(int(p.x() * scale), int(p.y() * scale)).alpha()

    assert alpha(Hex(2, 2)) == 0  # Tier 0 is left clear
    assert 0 < alpha(Hex(6, 4)) < alpha(Hex(8, 4))
    center = window.scene.geometry.center(Hex(8, 4))
    close = render(window.scene, QRectF(center.x() - 20, center.y() - 20, 40, 40), 200)
    far = window.scene.geometry.center(Hex(2, 2))
    clear = render(window.scene, QRectF(far.x() - 20, far.y() - 20, 40, 40), 200)
    assert close.pixelColor(20, 20).lightness() < clear.pixelColor(20, 20).lightness()


@pytest.mark.parametrize("dock_first", [False, True])
def test_watching_another_document(
    window: MainWindow, dock: InspectorDock, dock_first: bool
) -> None:
    window.scene.set_selection(["ogre"])
    other_board = Board.blank(6, 6)
    for i in range(4):
        other_board = other_board.with_token(Token(f"a{i}", f"A{i}", Hex(1, 1)))
    other = MapDocument(other_board)
    first = window.document
    if dock_first:  # one way to follow the open map now: both orders are the same step
        window.session.current.replace(other)
    else:
        window.session.current.replace(other)
    assert plain(dock.token_label) == NOTHING_SELECTED
    assert dock.full_markers.spaces == {Hex(1, 1)}
    assert dock.full_markers.scene() is window.scene
    first.undo_stack.push(BoardEditCommand(first, sample_board().with_name("x"), "Rename"))
    window.scene.set_selection(["a0"])
    assert "A0" in plain(dock.token_label)
    assert dock.reach_outline.hexes == reach_spaces(other_board, other_board.token("a0"))
