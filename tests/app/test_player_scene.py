"""The players' scene (``MapScene(player=True)``, issue #17): nothing drawn under fog, and
the window's Scale grows rings, pills and name plates together, plates never overlapping
each other or a token."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.scene.annotation_items import LabelItem
from app.scene.fog_clip import FogClip, FogClips
from app.scene.map_scene import MapScene
from app.scene.name_plates import NamePlate, layout_plates
from app.scene.player_items import PlayerDecorations, PlayerTokenItem
from app.scene.turn_highlight import TurnHighlight
from rules import Board, Hex
from rules.areas import AreaKind, AreaTemplate
from rules.battlefield import player_board
from rules.board.annotations import Label
from rules.board.conditions import ConditionEntry
from rules.board.tokens import Token

FOG_FROM = 7  # columns 7 and on are under fog


def coned_board(fog_from: int = FOG_FROM) -> Board:
    """12×8, a Mage at (3, 4) with a long pinned Cone running east into the fog."""
    board = Board.blank(12, 8)
    board = board.with_token(Token("mage", "Mage", board.hex_at(3, 4), side="party"))
    fog = np.zeros((8, 12), dtype=bool)
    fog[:, fog_from:] = True
    board = board.with_layer("fog", fog)
    cone = AreaTemplate("cone", AreaKind.CONE, 6, (board.hex_at(4, 4),), caster="mage")
    return board.with_area(cone)


def rendered(scene: MapScene) -> np.ndarray:
    """The whole map as the scene draws it at 1 pixel a scene unit, ``(h, w, 3)``."""
    rect = scene.content_rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB888)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    raw = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    rows = raw.reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 3].reshape(image.height(), image.width(), 3).copy()


def inside(scene: MapScene, hexes: list[Hex], shrink: float = 3.0) -> np.ndarray:
    """A mask of the pixels well inside ``hexes`` (``shrink`` units from their edges)."""
    rect, geometry = scene.content_rect(), scene.geometry
    height, width = int(rect.height()), int(rect.width())
    ys, xs = np.mgrid[0:height, 0:width]
    mask = np.zeros((height, width), dtype=bool)
    reach = geometry.size * 3**0.5 / 2 - shrink  # centre to edge, less the margin
    for h in hexes:
        c = geometry.center(h)
        dx, dy = xs + 0.5 + rect.left() - c.x(), ys + 0.5 + rect.top() - c.y()
        # a pointy-top hexagon: within reach of the centre across each pair of edges
        near = np.abs(dx) <= reach
        for angle in (np.pi / 3, -np.pi / 3):
            near &= np.abs(dx * np.cos(angle) + dy * np.sin(angle)) <= reach
        mask |= near
    return mask


def fogged_hexes(board: Board) -> list[Hex]:
    rows, cols = np.nonzero(board.layer("fog"))
    return [board.hex_at(int(c), int(r)) for c, r in zip(cols, rows, strict=True)]


# -- nothing under fog ----------------------------------------------------------------------
def test_a_pinned_cone_is_not_drawn_over_fogged_hexes(qapp: object) -> None:
    board = player_board(coned_board())
    assert "cone" in board.areas  # cast from a space the players see
    with_cone = MapScene(MapDocument(board), player=True)
    without = MapScene(MapDocument(board.without_areas(["cone"])), player=True)
    cone, fog = rendered(with_cone), rendered(without)
    item = with_cone.pinned_areas.item("cone")
    assert item is not None and item.result is not None
    covered = set(item.result.spaces)
    dark = [h for h in fogged_hexes(board) if h in covered]
    lit = [h for h in covered if h not in dark and h not in item.result.origin]
    assert dark and lit  # the Cone runs from seen spaces into the fog
    fogged = inside(with_cone, dark)
    assert np.array_equal(cone[fogged], fog[fogged])  # fog colour only, not one hatch line
    seen = inside(with_cone, lit)
    assert (np.any(cone != fog, axis=-1) & seen).sum() > 0.3 * seen.sum()  # hatched there


def test_the_clip_follows_the_fog_as_it_lifts(qapp: object) -> None:
    document = MapDocument(player_board(coned_board()))
    scene = MapScene(document, player=True)
    clip = scene.pinned_areas.fog_clip
    assert clip is not None and clip.region is not None
    lifted = document.board.with_layer("fog", np.zeros((8, 12), dtype=bool))
    document.undo_stack.push(BoardEditCommand(document, lifted, "Reveal"))
    assert clip.region is None  # nothing fogged: nothing clipped
    item = scene.pinned_areas.item("cone")
    assert item is not None and item.parentItem() is clip
    partly = lifted.with_terrain("fog", [lifted.hex_at(11, 4)], True)
    document.undo_stack.push(BoardEditCommand(document, partly, "Fog"))
    region = clip.region
    assert region is not None
    geometry = scene.geometry
    assert not region.contains(geometry.center(lifted.hex_at(11, 4)))
    assert region.contains(geometry.center(lifted.hex_at(10, 4)))


def test_the_gms_scene_draws_templates_over_fog(qapp: object) -> None:
    scene = MapScene(MapDocument(coned_board()))  # the GM sees through fog
    assert scene.pinned_areas.fog_clip is None
    item = scene.pinned_areas.item("cone")
    assert item is not None and item.parentItem() is None


def test_fog_clips_put_each_item_under_a_clip_of_its_own_level(qapp: object) -> None:
    board = player_board(coned_board())
    scene = MapScene(MapDocument(board), player=True)
    clips = FogClips(scene, board, scene.geometry)
    ring, mage = TurnHighlight(), scene.token_item("mage")
    assert mage is not None
    clips.add(ring)
    ring.show_on(mage)
    clip = ring.parentItem()
    assert ring.scene() is scene and clip is not None and clip.zValue() == ring.zValue()
    assert clip.flags() & clip.GraphicsItemFlag.ItemClipsChildrenToShape
    assert ring.scenePos() == mage.pos()  # where it would be without the clip
    clips.set_board(board.with_layer("fog", np.zeros((8, 12), dtype=bool)), scene.geometry)
    assert not clip.flags() & clip.GraphicsItemFlag.ItemClipsChildrenToShape


def labelled(board: Board) -> Board:
    """``board`` with a long label on the last seen column, running on into the fog."""
    text = "THE LONG BRIDGE OVER THE RIVER"
    return board.with_label(Label("bridge", text, board.hex_at(FOG_FROM - 1, 2)))


def label_drawn_over_fog(player: bool) -> tuple[np.ndarray, np.ndarray]:
    """(where the label changed the picture in fogged hexes, and in seen ones) for the
    players' scene or the GM's."""
    board = coned_board().without_areas(["cone"])
    if player:
        board = player_board(board)
    with_label = MapScene(MapDocument(labelled(board)), player=player)
    without = MapScene(MapDocument(board), player=player)
    changed = np.any(rendered(with_label) != rendered(without), axis=-1)
    seen = [h for h in board.hexes() if h not in set(fogged_hexes(board))]
    fogged = inside(with_label, fogged_hexes(board), shrink=1.0)
    return changed & fogged, changed & inside(with_label, seen, shrink=1.0)


def test_a_label_running_into_the_fog_is_clipped_on_the_players_screen(qapp: object) -> None:
    over_fog, over_seen = label_drawn_over_fog(player=True)
    assert over_seen.sum() > 50  # drawn where the players see
    assert over_fog.sum() == 0  # and not one pixel over a fogged hex
    scene = MapScene(MapDocument(player_board(labelled(coned_board()))), player=True)
    (label,) = [i for i in scene.annotation_items() if isinstance(i, LabelItem)]
    clip = label.parentItem()
    assert isinstance(clip, FogClip) and clip.zValue() == label.zValue() == 0  # under tokens


def test_the_gms_scene_draws_the_label_over_fog(qapp: object) -> None:
    over_fog, over_seen = label_drawn_over_fog(player=False)
    assert over_seen.sum() > 50 and over_fog.sum() > 50
    scene = MapScene(MapDocument(labelled(coned_board())))
    assert scene.fog_clips is None
    assert all(item.parentItem() is None for item in scene.annotation_items())


def test_the_labels_clip_follows_the_fog_as_it_lifts(qapp: object) -> None:
    document = MapDocument(player_board(labelled(coned_board())))
    scene = MapScene(document, player=True)
    (label,) = scene.annotation_items()
    clip = label.parentItem()
    assert isinstance(clip, FogClip) and clip.region is not None
    lifted = document.board.with_layer("fog", np.zeros((8, 12), dtype=bool))
    document.undo_stack.push(BoardEditCommand(document, lifted, "Reveal"))
    assert clip.region is None


# -- Scale grows the players' view ------------------------------------------------------------
def conditioned() -> Board:
    board = Board.blank(10, 8)
    conditions = (ConditionEntry("prone", 1), ConditionEntry("slowed", 2))
    token = Token("aria", "Aria", board.hex_at(4, 4), side="party", conditions=conditions)
    return board.with_token(token)


def test_scale_grows_the_ring_and_the_pills(qapp: object) -> None:
    scene = MapScene(MapDocument(conditioned()), player=True)
    item = scene.token_item("aria")
    assert isinstance(item, PlayerTokenItem) and isinstance(item.decorations, PlayerDecorations)
    ring, pills = item.ring_extent(), [r for r, _b in item.decorations.badges]
    assert [b.text for _r, b in item.decorations.badges] == ["PRN", "SLW 2"]
    scene.set_presentation_scale(2.0)
    grown = [r for r, _b in item.decorations.badges]
    assert item.ring_extent() > 1.8 * ring
    assert all(g.height() > 1.3 * p.height() for g, p in zip(grown, pills, strict=True))
    row = grown[0].united(grown[-1])
    assert row.width() <= 1.6 * item.geometry.size * 3**0.5 + 0.5  # a row: 1.6 hexes at most
    assert grown[-1].bottom() <= item.radius + 1.5  # still on the disc's lower edge


def test_a_lone_pill_grows_the_whole_scale(qapp: object) -> None:
    board = Board.blank(6, 6)
    token = Token("a", "A", board.hex_at(2, 2), conditions=(ConditionEntry("prone", 1),))
    scene = MapScene(MapDocument(board.with_token(token)), player=True)
    item = scene.token_item("a")
    assert item is not None
    (small, _badge), *_ = item.decorations.badges
    scene.set_presentation_scale(2.0)
    (big, _badge), *_ = item.decorations.badges
    assert big.height() > 1.7 * small.height()


def test_at_scale_the_pills_show_from_farther_out(qapp: object) -> None:
    scene = MapScene(MapDocument(conditioned()), player=True)
    decorations = scene.token_item("aria").decorations  # type: ignore[union-attr]
    image = QImage(10, 10, QImage.Format.Format_RGB888)
    painter = QPainter(image)
    painter.scale(0.6, 0.6)  # a hex 19 px from centre to corner: too small at 100 %
    assert not decorations.badges_shown(painter)
    scene.set_presentation_scale(1.5)
    assert decorations.badges_shown(painter)
    painter.end()


def crowd() -> Board:
    """A tight knot of long-named creatures, as at the start of a fight."""
    board = Board.blank(16, 12)
    names = ["Aria Vell", "Brom Hale", "Goblin 1", "Goblin 2", "Fire Rat", "Grey Ogre"]
    spots = [(6, 5), (7, 5), (6, 6), (8, 6), (7, 7), (9, 5)]
    for i, (name, (col, row)) in enumerate(zip(names, spots, strict=True)):
        side = "party" if i < 2 else "enemy"
        board = board.with_token(Token(f"t{i}", name, board.hex_at(col, row), side=side))
    return board


@pytest.mark.parametrize("scale", [1.5, 2.0])
@pytest.mark.parametrize("zoom", [0.6, 1.0])
def test_name_plates_at_scale_overlap_neither_each_other_nor_tokens(
    qapp: object, scale: float, zoom: float
) -> None:
    scene = MapScene(MapDocument(crowd()), player=True)
    scene.set_presentation_scale(scale)
    layout_plates(scene, zoom)
    tokens = scene.token_items()
    plates = [(i.token_id, i.plate) for i in tokens.values()]
    shown = [(t, p.plate_rect()) for t, p in plates if isinstance(p, NamePlate) and p.text]
    assert len(shown) >= 3
    for (_a, one), (_b, other) in itertools.combinations(shown, 2):
        assert not one.intersects(other)
    for owner, rect in shown:
        for token_id, item in tokens.items():
            disc = item.mapToScene(item.shape())
            assert not disc.intersects(rect), f"{owner}'s plate covers {token_id}"
    font = max(p.plate_rect().height() for _t, p in plates if p.text)
    assert font * zoom > 17 * scale  # the plate's type grew with Scale
