"""The Player Window's Pill Legend (#17): each condition pill shown on a creature the
players see, and what it means, in large text; hidden when there is none."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QApplication

from app.document import MapDocument
from app.document.commands import BoardEditCommand
from app.document.current import CurrentDocument
from app.document.player_document import PlayerDocument
from app.scene.map_scene import MapScene
from app.widgets.pill_legend import LEGEND_PX, PillLegend
from rules import Board, ConditionEntry
from rules.board.motion import Motion
from rules.board.tokens import Token


def table() -> Board:
    """Aria Prone and Slowed 2 (two sources), a hidden Ghoul Burning, a Goblin dashing."""
    board = Board.blank(12, 10, name="Crypt")
    aria = Token(
        "aria",
        "Aria Vell",
        board.hex_at(2, 2),
        side="party",
        conditions=(
            ConditionEntry("prone", 1),
            ConditionEntry("slowed", 1, "Frost"),
            ConditionEntry("slowed", 1, "Mud"),
        ),
    )
    ghoul = Token(
        "ghoul",
        "Ghoul",
        board.hex_at(6, 6),
        hidden=True,
        conditions=(ConditionEntry("burning", 2),),
    )
    goblin = Token("goblin", "Goblin", board.hex_at(8, 3), motion=Motion(pace="dash"))
    for token in (aria, ghoul, goblin):
        board = board.with_token(token)
    return board


@pytest.fixture
def players() -> tuple[CurrentDocument, PlayerDocument]:
    current = CurrentDocument(MapDocument(table()))
    return current, PlayerDocument(current)


@pytest.fixture
def legend(qtbot) -> PillLegend:  # type: ignore[no-untyped-def]
    widget = PillLegend()
    qtbot.addWidget(widget)
    return widget


def test_it_lists_each_pill_on_a_visible_token_with_its_meaning(
    players: tuple[CurrentDocument, PlayerDocument], legend: PillLegend
) -> None:
    _current, shown = players
    legend.show_board(shown.board)
    meanings = {e.text: e.meaning for e in legend.entries}
    assert meanings == {"PRN": "Prone", "SLW 2": "Slowed 2", "DAS": "Dash this round"}
    assert "BRN 2" not in legend.label.text()  # the hidden Ghoul's stays out
    text = legend.label.text().replace("&nbsp;", " ")
    assert "PRN" in text and "Slowed 2" in text
    assert legend.legend_visible and legend.isVisible()


def test_its_pills_are_the_very_pills_the_players_map_draws(
    players: tuple[CurrentDocument, PlayerDocument], legend: PillLegend
) -> None:
    _current, shown = players
    scene = MapScene(shown, player=True)
    items = [scene.token_item(token_id) for token_id in shown.board.tokens]
    drawn = {badge.text for item in items if item for _rect, badge in item.decorations.badges}
    assert len(items) == 2 and all(items)  # Aria and the Goblin: not the hidden Ghoul
    legend.show_board(shown.board)
    assert {e.text for e in legend.entries} == drawn


def test_the_conditions_behind_a_more_pill_are_explained_too(legend: PillLegend) -> None:
    board = Board.blank(6, 6)
    names = ("prone", "held", "blinded", "slowed", "deafened")
    many = tuple(ConditionEntry(n, 1) for n in names)
    board = board.with_token(Token("ogre", "Ogre", board.hex_at(2, 2), conditions=many))
    legend.show_board(board)
    texts = [e.text for e in legend.entries]
    assert len(texts) == len(names) and not any(t.startswith("+") for t in texts)
    assert "Deafened" in [e.meaning for e in legend.entries]


def test_it_hides_when_no_pill_is_shown_or_when_switched_off(legend: PillLegend) -> None:
    legend.show_board(Board.blank(6, 6))
    assert not legend.entries and not legend.legend_visible and legend.isHidden()
    legend.show_board(table())
    assert legend.isVisible()
    legend.set_shown(False)
    assert legend.isHidden() and not legend.legend_visible
    legend.set_shown(True)
    assert legend.isVisible()


def test_it_follows_the_players_document_and_undo(
    players: tuple[CurrentDocument, PlayerDocument], legend: PillLegend
) -> None:
    current, shown = players
    shown.changed.connect(lambda _change: legend.show_board(shown.board))
    legend.show_board(shown.board)
    document = current.document
    aria = document.board.token("aria")
    document.undo_stack.push(
        BoardEditCommand(
            document, document.board.with_token_replaced(replace(aria, conditions=())), "Cure"
        )
    )
    QApplication.processEvents()
    assert {e.text for e in legend.entries} == {"DAS"}
    document.undo_stack.undo()
    QApplication.processEvents()
    assert "PRN" in {e.text for e in legend.entries}


def test_its_text_is_large_and_grows_with_scale(legend: PillLegend) -> None:
    assert legend.label.font().pixelSize() == LEGEND_PX >= 16  # after 720p video
    legend.set_scale(1.5)
    assert legend.label.font().pixelSize() == round(LEGEND_PX * 1.5)


def test_the_player_windows_toggle_shows_it_above_the_map_and_is_remembered(
    qtbot,  # type: ignore[no-untyped-def]
    settings,  # type: ignore[no-untyped-def]
) -> None:
    from app.widgets.player_window import PlayerWindow

    current = CurrentDocument(MapDocument(table()))
    window = PlayerWindow(current, settings=settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert not window.pill_legend_action.isChecked() and not window.legend.isVisible()
    window.pill_legend_action.trigger()
    assert window.legend.isVisible()
    assert window.legend.geometry().bottom() <= window.view.geometry().top()  # above the map
    assert settings.value("player_window/pill_legend", type=bool)
    again = PlayerWindow(current, settings=settings)
    qtbot.addWidget(again)
    assert again.pill_legend_action.isChecked()
