"""Condition pills and Pool bars on the token: what they say, that they follow the document
(undo included), and that they stay out of the way when small or on a player's view."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from app.controllers.token_state import TokenStateController
from app.document import MapDocument
from app.scene.geometry import SceneGeometry
from app.scene.style import SIDE_STYLE
from app.scene.token_badges import BAR_STYLE, MAX_BADGES, Badge, PoolBar, condition_badges
from app.scene.token_item import TokenItem
from app.shell.main_window import MainWindow
from rules import Board, Hex, Orientation, Token, Vitals
from rules.board.conditions import add_condition

GRIT_9 = Vitals((("might", 4), ("charisma", 4), ("finesse", 6), ("endure", 3)))  # Energy 6


def token(*conditions: tuple[str, int, str], vitals: Vitals | None = None) -> Token:
    entries: tuple = ()
    for name, tier, source in conditions:
        entries = add_condition(entries, name, tier, source)
    return Token("t", "Thorn", Hex(0, 0), conditions=entries, vitals=vitals or Vitals())


def texts(badges: list[Badge]) -> list[str]:
    return [b.text for b in badges]


def test_pills_add_tiers_over_sources_and_put_the_pressing_ones_first() -> None:
    t = token(("encumbered", 2, "Hold"), ("encumbered", 1, "Load"), ("slowed", 2, ""))
    t = replace(t, conditions=add_condition(t.conditions, "prone", 1))
    badges = condition_badges(t)
    assert texts(badges) == ["PRN", "SLW 2", "ENC 3"]  # Tier 1 is left out
    assert badges[2].tooltip == "Encumbered 3 (Hold 2, Load 1)"
    assert badges[1].ailment and not badges[0].ailment


def test_more_pills_than_fit_end_in_plus_n_listing_the_rest() -> None:
    names = ["unconscious", "prone", "burning", "blinded", "weak", "stiff"]
    badges = condition_badges(token(*((n, 1, "") for n in names)))
    assert len(badges) == MAX_BADGES
    assert texts(badges) == ["UNC", "PRN", "BRN", "+3"]
    assert badges[-1].tooltip == "Blinded 1; Stiff 1; Weak 1"


def test_bars_are_grit_and_energy_in_okabe_ito_colours_not_used_by_sides() -> None:
    geometry = SceneGeometry(Orientation.POINTY)
    item = TokenItem(token(vitals=GRIT_9.with_value("current", "grit", 5)), geometry)
    assert item.bars() == [PoolBar("grit", 5, 9), PoolBar("energy", 6, 6)]
    assert "Grit 5 / 9 · Energy 6 / 6" in item.toolTip()
    colours = {c for c, _pattern in BAR_STYLE.values()}
    assert len(colours) == 3 and not colours & {c for c, _style in SIDE_STYLE.values()}
    assert len({p for _c, p in BAR_STYLE.values()}) == 3  # told apart without colour too


def test_the_movement_bar_shows_what_is_left_once_some_is_spent() -> None:
    geometry = SceneGeometry(Orientation.POINTY)
    spent = token(vitals=GRIT_9.with_value("current", "movement", 2))
    assert TokenItem(spent, geometry).bars()[-1] == PoolBar("movement", 2, 5)
    assert all(b.pool != "movement" for b in TokenItem(token(vitals=GRIT_9), geometry).bars())
    assert TokenItem(token(), geometry).bars() == []  # no stats: no empty bars


def test_a_player_view_shows_bars_only_when_allowed() -> None:
    geometry = SceneGeometry(Orientation.FLAT)
    secret = TokenItem(token(vitals=GRIT_9), geometry, show_bars=False)
    assert secret.bars() == [] and "Grit" not in secret.toolTip()
    shared = replace(GRIT_9, bars_for_players=True)
    assert len(TokenItem(token(vitals=shared), geometry, show_bars=False).bars()) == 2


def render(item: TokenItem, scale: float) -> QImage:
    scene = QGraphicsScene()
    scene.addItem(item)
    source = QRectF(-60, -60, 120, 120)
    side = round(120 * scale)
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(QColor("#d6ceb2"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, side, side), source)
    painter.end()
    scene.removeItem(item)
    return image


@pytest.mark.parametrize(("scale", "drawn"), [(0.5, False), (2.0, True)])
def test_pills_hide_when_the_hex_is_tiny_on_screen(qapp, scale: float, drawn: bool) -> None:  # type: ignore[no-untyped-def]
    geometry = SceneGeometry(Orientation.POINTY)  # 32 units: 16 px at 0.5, 64 px at 2
    plain = render(TokenItem(token(), geometry), scale)
    marked = render(TokenItem(token(("prone", 1, ""), ("slowed", 2, "")), geometry), scale)
    assert (plain != marked) == drawn


# -- following the document ---------------------------------------------------------------
@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    board = Board.blank(8, 6).with_token(Token("gob", "Goblin", Hex(2, 2), side="enemy"))
    return make_window(MapDocument(board))


def test_pills_and_bars_follow_the_document_and_undo(window: MainWindow) -> None:
    controller = TokenStateController(window.session.current)
    item = window.scene.token_item("gob")
    assert item is not None and item.badges() == [] and item.bars() == []
    assert controller.set_condition("gob", "slowed", 2)
    assert controller.set_condition("gob", "prone", 1)
    assert texts(item.badges()) == ["PRN", "SLW 2"]
    assert "Prone 1, Slowed 2" in item.toolTip()
    assert controller.set_stat("gob", "might", 3) and controller.set_pool("gob", "grit", 1)
    assert item.bars() == [PoolBar("grit", 1, 3)]
    decorations = item.decorations  # drawn over every token, kept with this one
    assert decorations.scene() is window.scene and decorations.pos() == item.pos()
    for rect, _what in [*decorations.badges, *decorations.bars]:
        assert decorations.boundingRect().contains(rect)
    stack = window.document.undo_stack
    stack.undo()
    stack.undo()
    assert item.bars() == []
    stack.undo()
    stack.undo()
    assert item.badges() == [] and "Slowed" not in item.toolTip()
    assert window.scene.token_item("gob") is item


def test_bars_keep_their_pattern_without_colour() -> None:
    assert BAR_STYLE["grit"][1] == Qt.BrushStyle.SolidPattern
    assert BAR_STYLE["energy"][1] != Qt.BrushStyle.SolidPattern


def test_the_decorations_stay_over_neighbours_and_follow_their_token(window: MainWindow) -> None:
    assert TokenStateController(window.session.current).set_condition("gob", "prone", 1)
    item = window.scene.token_item("gob")
    assert item is not None
    decorations = item.decorations
    tops = max(i.zValue() for i in window.scene.token_items().values())
    assert decorations.zValue() > tops  # an adjacent token cannot cover the pills
    item.show_at(Hex(4, 3))  # a drag preview
    assert decorations.pos() == item.pos()
    item.setVisible(False)
    assert not decorations.isVisible()
    window.controller.delete_tokens(["gob"])
    assert decorations.scene() is None
