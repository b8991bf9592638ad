"""The Area tool driven with the mouse: the hit list is the rules' answer, pinning is one
undo step, an Aura follows its token, refusals are explained."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.tools.area as area_module
from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.tools.area import AreaTool
from app.tools.paint import PaintSettings
from rules import AreaKind, AreaResult, AreaTemplate, Board, Hex, Token, aim, origin_mask
from tests.app.qt_helpers import activate


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    board = Board.blank(16, 12)
    for token in (
        Token("mage", "Mage", Hex(2, 5), side="party"),
        Token("g1", "Goblin One", Hex(6, 4), size=-1, side="enemy"),
        Token("g2", "Goblin Two", Hex(6, 5), size=-1, side="enemy"),
        Token("g3", "Goblin Three", Hex(7, 5), size=-1, side="enemy"),
        Token("far", "Far Wolf", Hex(12, 2), side="enemy"),
        Token("giant", "Giant", Hex(9, 8), size=4, side="enemy"),
    ):
        board = board.with_token(token)
    return make_window(MapDocument(board))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def click(window: MainWindow, h: Hex, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    viewport = window.view.viewport()
    QTest.mouseMove(viewport, at(window, h))
    QTest.mouseClick(viewport, button, Qt.KeyboardModifier.NoModifier, at(window, h))


def start(window: MainWindow, kind: AreaKind, value: int, caster: str | None = "mage") -> AreaTool:
    if caster:
        window.scene.set_selection([caster])
    window.rules.area_settings.kind = kind
    window.rules.area_settings.value = value
    window.rules.area_settings.range_value = 6
    tool = window.rules.aim_area()
    window.rules.area_dock.sync_from_settings()
    return tool


def hit_list(window: MainWindow) -> list[str]:
    hits = window.rules.area_dock.hits
    return [hits.item(i).data(Qt.ItemDataRole.UserRole) for i in range(hits.count())]


def hover(window: MainWindow, h: Hex, nudge: QPoint | None = None) -> None:
    """Move the mouse to ``h`` (plus ``nudge`` pixels); a 1-pixel step first, since Qt
    sends no move to where the mouse already is (the last test may have left it there)."""
    point = at(window, h) + (nudge or QPoint())
    QTest.mouseMove(window.view.viewport(), point + QPoint(1, 0))
    QTest.mouseMove(window.view.viewport(), point)


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def live(tool: AreaTool) -> AreaResult:
    assert tool.result is not None
    return tool.result


def test_aiming_a_cone_at_a_group_lists_exactly_the_rules_hits(window: MainWindow) -> None:
    tool = start(window, AreaKind.CONE, 4)
    click(window, Hex(3, 5))  # fixes the origin next to the mage
    QTest.mouseMove(window.view.viewport(), at(window, Hex(7, 5)))  # turn toward the goblins
    assert tool.facing == 0
    expected = aim(
        window.document.board,
        AreaTemplate("x", AreaKind.CONE, 4, (Hex(3, 5),), facing=0, caster="mage"),
        range_value=6,
    )
    assert expected.legal
    assert set(expected.hit_ids()) == {"g1", "g2", "g3"}
    assert hit_list(window) == expected.hit_ids()
    assert tool.result is not None and tool.result.spaces == expected.spaces
    assert "Goblin One" in window.statusBar().currentMessage()


def test_pinning_is_one_undo_step_and_delete_is_another(window: MainWindow) -> None:
    stack = window.document.undo_stack
    start(window, AreaKind.CONE, 3)
    click(window, Hex(3, 5))
    click(window, Hex(6, 5))
    board = window.document.board
    assert stack.count() == 1 and stack.undoText() == "Pin Cone 3"
    (area,) = board.areas.values()
    assert area.kind is AreaKind.CONE and area.origin == (Hex(3, 5),) and area.caster == "mage"
    assert window.scene.pinned_areas.item(area.id) is not None
    dock = window.rules.area_dock
    assert dock.pinned.count() == 1 and "Cone 3" in dock.pinned.item(0).text()
    dock.pinned.setCurrentRow(0)
    dock.delete_button.click()
    assert not window.document.board.areas and stack.count() == 2
    assert window.scene.pinned_areas.item(area.id) is None
    stack.undo()
    assert area.id in window.document.board.areas
    stack.undo()
    assert not window.document.board.areas


def test_an_aura_follows_its_token(window: MainWindow) -> None:
    start(window, AreaKind.AURA, 1)
    click(window, Hex(2, 5))
    (area,) = window.document.board.areas.values()
    assert area.source == "mage"
    item = window.scene.pinned_areas.item(area.id)
    assert item is not None and item.result is not None
    assert Hex(3, 5) in item.result.spaces and Hex(5, 5) not in item.result.spaces
    window.controller.request_move("mage", Hex(5, 6))
    assert item.result.spaces == frozenset(
        aim(window.document.board, window.document.board.areas[area.id]).spaces
    )
    assert Hex(5, 5) in item.result.spaces and Hex(2, 5) not in item.result.spaces


def test_a_burst_on_a_multi_hex_token_uses_all_its_spaces(window: MainWindow) -> None:
    tool = start(window, AreaKind.BURST, 1, caster=None)
    QTest.mouseMove(window.view.viewport(), at(window, Hex(9, 8)))
    assert tool.result is not None
    giant = window.document.board.token("giant")
    assert set(tool.result.origin) == giant.footprint
    assert tool.result.spaces >= {h for g in giant.footprint for h in _ring1(g)}


def _ring1(h: Hex) -> set[Hex]:
    from rules import neighbors

    return {h, *neighbors(h)}


def test_out_of_range_and_backward_aims_are_refused_with_the_reason(window: MainWindow) -> None:
    stack = window.document.undo_stack
    tool = start(window, AreaKind.BURST, 1)
    click(window, Hex(14, 2))  # 12 spaces away, range 6
    assert stack.count() == 0
    assert tool.result is not None and "range 6 allows 6" in (tool.result.refusal or "")
    assert "range 6" in window.statusBar().currentMessage()
    assert "Not allowed" in window.rules.area_dock.status.text()
    start(window, AreaKind.CONE, 2)
    click(window, Hex(3, 5))
    QTest.mouseMove(window.view.viewport(), at(window, Hex(0, 5)))  # back toward the mage
    assert tool.result is not None and "away from Mage" in (tool.result.refusal or "")


def test_keys_rotate_and_change_the_value(window: MainWindow) -> None:
    tool = start(window, AreaKind.CONE, 3)
    click(window, Hex(3, 5))
    QTest.mouseMove(window.view.viewport(), at(window, Hex(6, 5)))
    assert tool.facing == 0
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Left)
    assert tool.facing == 1
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Plus)
    assert window.rules.area_settings.value == 4
    assert window.rules.area_dock.value_spin.value() == 4
    assert tool.result is not None and tool.result.template.value == 4
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert tool.result is None and window.rules.area_dock.hits.count() == 0


def test_changing_an_option_updates_the_pinned_overlay(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(12, 10).with_token(Token("mage", "Mage", Hex(2, 5)))
    window = make_window(MapDocument(board.with_terrain("blocked", [Hex(5, 5)], True)))
    start(window, AreaKind.CONE, 4)
    click(window, Hex(3, 5))
    click(window, Hex(7, 5))
    (area,) = window.document.board.areas.values()
    item = window.scene.pinned_areas.item(area.id)
    assert item is not None and item.result is not None
    walled = item.result.spaces
    assert Hex(5, 5) not in walled and Hex(7, 5) not in walled
    window.controller.set_rule_options({"areas_stop_at_walls": False})
    assert Hex(5, 5) in item.result.spaces and item.result.spaces > walled
    window.document.undo_stack.undo()
    assert item.result.spaces == walled


def test_a_pin_the_controller_refuses_keeps_its_reason_in_the_status_bar(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    controller = window.controller

    def refuse(template: AreaTemplate, rounds: int | None = None) -> bool:
        controller.refused.emit(f"Cannot pin {template.title}: the map is locked")
        return False

    monkeypatch.setattr(controller, "pin_area", refuse)
    tool = start(window, AreaKind.BURST, 1)
    click(window, Hex(4, 5))
    assert status(window) == "⚠ Cannot pin Burst 1: the map is locked"
    assert not window.document.board.areas and live(tool).legal


def test_moving_within_one_hex_asks_the_rules_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[AreaTemplate] = []

    def counting(board: Board, template: AreaTemplate, *args, **kwargs) -> AreaResult:  # type: ignore[no-untyped-def]
        calls.append(template)
        return aim(board, template, *args, **kwargs)

    monkeypatch.setattr(area_module, "aim", counting)
    tool = start(window, AreaKind.BURST, 1)
    hover(window, Hex(4, 5))
    asked = len(calls)
    assert asked
    for nudge in (QPoint(3, 0), QPoint(0, 3), QPoint(-3, -2)):
        hover(window, Hex(4, 5), nudge)
    assert len(calls) == asked
    hover(window, Hex(5, 5))
    assert len(calls) == asked + 1
    start(window, AreaKind.CONE, 3)
    click(window, Hex(3, 5))
    hover(window, Hex(7, 5))
    asked = len(calls)
    hover(window, Hex(7, 5), QPoint(2, 2))
    hover(window, Hex(8, 5))  # another space, the same facing
    assert len(calls) == asked and tool.facing == 0


def test_the_range_dimmer_is_not_rebuilt_when_other_tokens_move(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    masks: list[str] = []

    def counting(board: Board, caster_id: str, *args):  # type: ignore[no-untyped-def]
        masks.append(caster_id)
        return origin_mask(board, caster_id, *args)

    monkeypatch.setattr(area_module, "origin_mask", counting)
    start(window, AreaKind.BURST, 1)
    hover(window, Hex(4, 5))
    built = len(masks)
    window.controller.request_move("g1", Hex(6, 3))
    window.controller.request_move("far", Hex(12, 4))
    assert len(masks) == built
    window.controller.request_move("mage", Hex(2, 6))
    assert len(masks) == built + 1


def test_an_origin_out_of_range_is_not_fixed(window: MainWindow) -> None:
    tool = start(window, AreaKind.CONE, 2)
    click(window, Hex(14, 2))  # 12 spaces away; range 6 + Reach
    assert not tool.aiming
    assert status(window).startswith("⚠") and "range 6 + Reach" in status(window)
    click(window, Hex(3, 5))
    assert tool.aiming and tool.origin == Hex(3, 5)


def test_an_aura_goes_on_the_token_under_the_mouse_or_else_on_the_caster(
    window: MainWindow,
) -> None:
    tool = start(window, AreaKind.AURA, 1)
    dock = window.rules.area_dock
    hover(window, Hex(6, 4))
    assert live(tool).template.source == "g1" and live(tool).template.caster == "mage"
    assert "on Goblin One" in tool.preview.caption and "on <b>Goblin One" in dock.status.text()
    click(window, Hex(6, 4))
    hover(window, Hex(4, 8))  # nobody there: the caster
    assert live(tool).template.source == "mage" and "on Mage" in tool.preview.caption
    click(window, Hex(4, 8))
    sources = [(a.source, a.caster) for a in window.document.board.areas.values()]
    assert sources == [("g1", "mage"), ("mage", "mage")]
    assert "Aura 1 on Goblin One by Mage" in dock.pinned.item(0).text()


def test_leaving_the_hit_list_clears_the_highlight(window: MainWindow) -> None:
    tool = start(window, AreaKind.CONE, 4)
    click(window, Hex(3, 5))
    hover(window, Hex(7, 5))
    hits = window.rules.area_dock.hits
    hits.itemEntered.emit(hits.item(0))
    assert tool.preview.highlighted
    QApplication.sendEvent(hits.viewport(), QEvent(QEvent.Type.Leave))
    assert not tool.preview.highlighted


def test_the_highlight_is_inside_the_preview_bounds(window: MainWindow) -> None:
    tool = start(window, AreaKind.BURST, 0, caster=None)
    hover(window, Hex(9, 7))  # touches the giant, which spreads beyond the area
    giant = window.document.board.token("giant")
    tool.highlight(giant.footprint)
    outline = window.scene.geometry.footprint_path(giant.footprint, QPointF()).boundingRect()
    assert tool.preview.boundingRect().contains(outline)


def test_the_live_preview_follows_edits_undo_and_options(window: MainWindow) -> None:
    tool = start(window, AreaKind.CONE, 4)
    click(window, Hex(3, 5))
    hover(window, Hex(7, 5))
    open_cone = live(tool).spaces
    assert Hex(5, 5) in open_cone
    wall = PaintSettings(layer="blocked", value=1)
    assert window.controller.paint_terrain(wall, [Hex(5, 5)])
    assert Hex(5, 5) not in live(tool).spaces  # the mouse did not move
    assert window.controller.set_rule_options({"areas_stop_at_walls": False})
    assert live(tool).spaces == open_cone
    stack = window.document.undo_stack
    stack.undo()
    assert Hex(5, 5) not in live(tool).spaces
    stack.undo()
    assert live(tool).spaces == open_cone
    assert hit_list(window) == live(tool).hit_ids()


def test_a_cancelled_preview_stays_off_after_an_undo(window: MainWindow) -> None:
    tool = start(window, AreaKind.BURST, 1)
    click(window, Hex(4, 5))
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    window.document.undo_stack.undo()
    assert tool.result is None and tool.preview.scene() is None


def test_the_facing_holds_near_the_origin_centre(window: MainWindow) -> None:
    tool = start(window, AreaKind.CONE, 3)
    click(window, Hex(3, 5))
    hover(window, Hex(5, 3))
    turned = tool.facing
    assert turned != 0
    hover(window, Hex(3, 5), QPoint(2, 1))
    assert tool.facing == turned


def test_the_flag_boxes_are_enabled_only_where_they_count(window: MainWindow) -> None:
    dock = window.rules.area_dock
    start(window, AreaKind.CONE, 3)
    assert not dock.exclude_check.isEnabled() and not dock.physical_check.isEnabled()
    assert "legacy_areas" in dock.physical_check.toolTip()
    start(window, AreaKind.BURST, 1)
    assert dock.exclude_check.isEnabled()
    window.controller.set_rule_options({"legacy_areas": True})
    assert dock.physical_check.isEnabled()


def test_a_legacy_burst_spreads_from_the_caster(window: MainWindow) -> None:
    window.controller.set_rule_options({"legacy_areas": True})
    tool = start(window, AreaKind.BURST, 1)
    hover(window, Hex(5, 8))  # an empty space: the Burst is the caster's
    assert live(tool).template.origin == () and live(tool).origin == (Hex(2, 5),)
    click(window, Hex(5, 8))
    (area,) = window.document.board.areas.values()
    assert area.origin == (Hex(2, 5),) and area.source is None
    click(window, Hex(12, 2))  # a subject away from the caster
    assert "Mage" in status(window) and len(window.document.board.areas) == 1


def test_an_origin_on_a_wall_is_refused(window: MainWindow) -> None:
    wall = PaintSettings(layer="blocked", value=1)
    assert window.controller.paint_terrain(wall, [Hex(8, 2), Hex(9, 2)])
    tool = start(window, AreaKind.BURST, 1, caster=None)
    click(window, Hex(8, 2))
    assert "wall" in status(window) and not window.document.board.areas
    start(window, AreaKind.LINE, 3, caster=None)
    click(window, Hex(9, 2))
    assert not tool.aiming and "wall" in status(window)


def test_a_lasting_template_is_an_ongoing_effect_of_its_caster(window: MainWindow) -> None:
    from rules.movement import begin_turn

    window.rules.area_dock.rounds_spin.setValue(2)
    start(window, AreaKind.BURST, 1)
    click(window, Hex(4, 5))
    board = window.document.board
    (area,) = board.areas.values()
    (effect,) = board.effects.values()
    assert (effect.area_id, effect.creator, effect.rounds_left) == (area.id, "mage", 2)
    assert "2 rounds" in window.rules.area_dock.pinned.item(0).text()
    first = begin_turn(board, "mage")
    assert first.changes[-1] == "Burst 1: 1 round left"
    second = begin_turn(first.board, "mage")
    assert second.expired == (effect.id,) and not second.board.areas
    window.rules.area_dock.pinned.setCurrentRow(0)
    window.rules.area_dock.delete_button.click()
    assert not window.document.board.effects  # deleting the template ends its effect


def test_an_aura_is_ongoing_until_removed(window: MainWindow) -> None:
    start(window, AreaKind.AURA, 1)
    click(window, Hex(2, 5))
    (effect,) = window.document.board.effects.values()
    assert effect.rounds_left is None and effect.target == "mage"


@pytest.mark.parametrize("zoom", [1.0, 3.0])
def test_the_caption_keeps_its_screen_size_and_stays_clear_of_the_tokens(
    window: MainWindow, zoom: float
) -> None:
    window.view.scale(zoom, zoom)
    window.view.centerOn(window.scene.geometry.center(Hex(5, 5)))
    tool = start(window, AreaKind.CONE, 4)
    click(window, Hex(3, 5))
    hover(window, Hex(7, 5))  # the goblins stand by the origin's side
    label = tool.preview.caption_label
    assert label.isVisible() and label.text == "Cone 4 · 3 hit"
    assert label.flags() & label.GraphicsItemFlag.ItemIgnoresTransformations
    assert label.label_font.pixelSize() >= 14  # the same pixels at every zoom
    rect = label.scene_rect(window.view.transform().m11())
    for item in window.scene.token_items().values():
        assert not item.mapToScene(item.shape()).intersects(rect), item.token.name
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(rect)


def test_delete_on_the_pinned_list_deletes_the_template_not_the_selected_token(
    window: MainWindow,
) -> None:
    start(window, AreaKind.CONE, 3)
    click(window, Hex(3, 5))
    click(window, Hex(6, 5))
    window.scene.return_to_select()
    window.scene.set_selection(["mage"])  # Edit → Delete Token would take this one
    dock = window.rules.area_dock
    dock.show()
    activate(window)
    dock.pinned.setCurrentRow(0)
    dock.pinned.setFocus()
    QTest.keyClick(dock.pinned, Qt.Key.Key_Delete)
    assert not window.document.board.areas
    assert "mage" in window.document.board.tokens
