"""Conflict actions from the token menu (issue #7): Strike from the context menu leaves a
roll log entry with its breakdown; Shove moves the target as one undo step; a Grab links
two tokens so they move together; illegal actions are greyed with the rules' reason."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.document import MapDocument
from app.scene.action_items import ActionResultItem, RangeBandsItem
from app.shell.main_window import MainWindow
from app.tools.pick_target import PickTargetTool
from rules import Board, Hex, Token
from rules.actions import ActionRequest
from rules.areas import AreaKind, AreaTemplate
from tests.app.conflict_helpers import FIGHTER, in_conflict

STATS = FIGHTER


def make_board() -> Board:
    return in_conflict(
        Board.blank(12, 10)
        .with_token(Token("a", "Aria", Hex(3, 3), vitals=STATS))
        .with_token(Token("g", "Goblin", Hex(4, 3), size=-1, side="enemy"))
        .with_token(Token("f", "Far Rat", Hex(6, 7), side="enemy"))
    )


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def actions_menu(window: MainWindow, h: Hex) -> QMenu:
    """The Actions submenu of the token at ``h``, as a right click opens it."""
    window.movement.context_menu = None
    pos = at(window, h)
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, pos, window.view.viewport().mapToGlobal(pos)
    )
    QApplication.sendEvent(window.view.viewport(), event)
    menu = window.movement.context_menu
    assert menu is not None
    sub = menu.findChild(QMenu, "token_actions_menu")
    assert sub is not None
    menu.hide()
    return sub


def entry(menu: QMenu, key: str) -> QAction:
    found = menu.findChild(QAction, f"action.{key}")
    assert found is not None, key
    return found


def click(window: MainWindow, h: Hex, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    QTest.mouseClick(window.view.viewport(), button, Qt.KeyboardModifier.NoModifier, at(window, h))


def test_strike_from_the_context_menu_logs_the_roll_with_its_breakdown(window: MainWindow) -> None:
    entry(actions_menu(window, Hex(3, 3)), "strike").trigger()
    tool = window.scene.tool
    assert isinstance(tool, PickTargetTool)
    assert tool.refusals["g"] is None and "Reach" in (tool.refusals["f"] or "")
    click(window, Hex(6, 7))  # out of Reach: refused with the reason, still picking
    assert window.scene.tool is tool
    click(window, Hex(4, 3))
    panel = window.conflict.flow.panel
    assert window.conflict.flow.dock.isVisible() and panel.plan is not None
    assert panel.plan.attack is not None and panel.plan.attack.dice == 3  # Martial 3
    assert "sizes smaller" in panel.breakdown.text()
    assert panel.chance.text().startswith("Chance of success: ")
    undo = window.document.undo_stack
    count = undo.count()
    panel.roll_button.click()
    assert undo.count() == count + 1 and undo.undoText() == "Strike (Aria → Goblin)"
    log = window.document.board.rolls
    assert log[0].action == "Strike" and log[0].role == "attack" and log[0].dl == 3
    assert log[0].breakdown and "smaller" in log[0].breakdown[0][1]
    assert log[1].role == "defence"
    assert any(isinstance(i, ActionResultItem) for i in window.conflict.flow.overlays)
    undo.undo()
    assert window.document.board.rolls == ()


def test_shove_moves_the_target_as_one_undo_step(window: MainWindow) -> None:
    entry(actions_menu(window, Hex(3, 3)), "shove").trigger()
    click(window, Hex(4, 3))  # the Goblin
    tool = window.scene.tool
    assert isinstance(tool, PickTargetTool) and Hex(5, 3) in tool.spaces
    click(window, Hex(5, 3))
    panel = window.conflict.flow.panel
    assert panel.plan is not None and panel.plan.allowed
    panel.attack_faces.setText("12 12 11")
    panel.defence_faces.setText("2")
    undo = window.document.undo_stack
    count = undo.count()
    panel.apply_typed.click()
    assert undo.count() == count + 1
    assert window.document.board.token("g").position == Hex(5, 3)
    assert window.document.board.rolls[0].manual
    undo.undo()
    assert window.document.board.token("g").position == Hex(4, 3)


def test_a_grab_links_the_tokens_and_they_move_together(make_window) -> None:  # type: ignore[no-untyped-def]
    """[S002] "Attack a target who is not Held with a Free Limb to cause you both to be in
    a Hold … Have -1 Reach with this attack": Aria at size 1 has Reach 2, 1 for a Grab."""
    board = make_board()
    board = board.with_token_replaced(replace(board.token("a"), size=1))
    window = make_window(MapDocument(board))
    conflict = window.conflict
    conflict.flow.begin("grab", "a")
    click(window, Hex(4, 3))
    panel = conflict.flow.panel
    panel.attack_faces.setText("12 12 11")
    panel.defence_faces.setText("1")
    panel.apply_typed.click()
    board = window.document.board
    assert [(h.holder, h.held) for h in board.holds] == [("a", "g")]
    assert "Encumbered" in str(board.token("g").conditions) or board.token("g").conditions
    window.controller.request_move("a", Hex(3, 4))
    board = window.document.board
    assert board.token("a").position == Hex(3, 4) and board.token("g").position == Hex(4, 4)
    window.document.undo_stack.undo()
    assert window.document.board.token("g").position == Hex(4, 3)


def test_illegal_actions_are_greyed_with_the_reason(window: MainWindow) -> None:
    menu = actions_menu(window, Hex(3, 3))
    charge = entry(menu, "charge")
    assert not charge.isEnabled() and "Dash" in charge.toolTip()
    escape = entry(menu, "escape")
    assert not escape.isEnabled() and "Aria is not Held" in escape.toolTip()
    assert entry(menu, "strike").isEnabled()


def test_the_roll_key_rolls_the_action_in_the_dock_or_says_why_not(window: MainWindow) -> None:
    conflict = window.conflict
    assert conflict.roll_action.shortcut().toString() == "Ctrl+Shift+R"
    conflict.roll_action.trigger()  # nothing prepared: a message, no change
    assert "No action to roll" in window.statusBar().currentMessage()
    conflict.flow.show(ActionRequest("strike", "a", "g"))
    conflict.roll_action.trigger()
    assert window.document.undo_stack.undoText() == "Strike (Aria → Goblin)"


def test_a_ranged_strike_draws_the_range_bands(window: MainWindow) -> None:
    window.conflict.flow.begin("strike", "a")
    click(window, Hex(6, 7))  # not in Reach for melee: refused
    assert not window.conflict.flow.dock.isVisible()
    window.scene.tool.cancel()
    window.conflict.flow.show(ActionRequest("strike", "a", "f"))
    panel = window.conflict.flow.panel
    panel.ranged.setChecked(True)
    panel.weapon_range.setValue(2)
    assert any(isinstance(i, RangeBandsItem) for i in window.conflict.flow.overlays)
    assert panel.plan is not None and panel.plan.allowed
    assert any("increments" in m.reason for m in panel.plan.attack.modifiers)  # type: ignore[union-attr]


def test_an_area_attack_rolls_once_against_every_subject_of_a_pinned_area(
    window: MainWindow,
) -> None:
    """[S000] "roll once for your attack and roll damage separately for each target"."""
    window.conflict.flow.begin("area_attack", "a")  # no Area pinned: refused with the reason
    assert not window.conflict.flow.dock.isVisible()
    burst = AreaTemplate("burst-1", AreaKind.BURST, 1, (Hex(5, 3),), caster="a")
    assert window.controller.pin_area(burst)
    window.conflict.flow.begin("area_attack", "a")
    panel = window.conflict.flow.panel
    assert panel.plan is not None and panel.plan.allowed, panel.plan.refusal if panel.plan else ""
    assert panel.plan.targets == ("g",) and len(panel.plan.defences) == 1
    panel.roll_button.click()
    attacks = [r for r in window.document.board.rolls if r.role == "attack"]
    assert (len(attacks) == 1 and attacks[0].action == "Area attack…".rstrip("…")) or attacks


def test_defensive_stance_needs_no_target_and_lasts_as_an_effect(window: MainWindow) -> None:
    """[S002] "While in a Defensive Stance, gain +1 on defenses against physical attacks
    and you cannot attack"."""
    window.conflict.flow.begin("defensive_stance", "a")
    panel = window.conflict.flow.panel
    assert panel.roll_button.text() == "Apply" and panel.plan is not None
    panel.roll_button.click()
    board = window.document.board
    assert [e.kind for e in board.effects.values()] == ["defensive_stance"]
    menu = actions_menu(window, Hex(3, 3))
    strike = entry(menu, "strike")
    assert not strike.isEnabled() and "Defensive Stance" in strike.toolTip()


def test_a_called_shot_asks_for_the_part(window: MainWindow) -> None:
    window.conflict.flow.show(ActionRequest("called_shot", "a", "g"))
    panel = window.conflict.flow.panel
    assert panel.plan is not None and panel.plan.allowed
    panel.part.setCurrentText("head")
    assert panel.plan.request.part == "head"
    assert any("Called Shot" in m.reason for m in panel.plan.attack.modifiers)  # type: ignore[union-attr]


def test_a_called_shot_may_swap_wounded_for_trauma(window: MainWindow) -> None:
    """[S002] "you may replace each Tier of Wounded with 2 Tiers of Trauma" — a choice."""
    window.conflict.flow.show(ActionRequest("called_shot", "a", "g"))
    panel = window.conflict.flow.panel
    assert panel.form.isRowVisible(panel.choice)
    panel.choice.setCurrentText("Trauma instead of Wounded")
    assert panel.plan is not None and panel.plan.request.choice == "Trauma instead of Wounded"


def test_a_minor_action_strike_needs_a_rapid_strike_first(window: MainWindow) -> None:
    """[S002] "Up to the declared number times this turn, you can use any Strike or
    Overpower as a Minor Action" — the box is there for a Strike, and the plan says why
    it is refused before a Rapid Strike."""
    window.conflict.flow.show(ActionRequest("strike", "a", "g"))
    panel = window.conflict.flow.panel
    assert panel.form.isRowVisible(panel.minor)
    panel.minor.setChecked(True)
    assert panel.plan is not None and panel.plan.request.minor
    assert "has not declared a Rapid Strike" in (panel.plan.refusal or "")
    assert not panel.roll_button.isEnabled()
    panel.lightweight.setChecked(True)
    assert panel.plan.request.weapon.lightweight
    panel.minor.setChecked(False)
    panel.charging.setChecked(True)
    assert panel.plan.request.charging and "consecutive spaces" in (panel.plan.refusal or "")
    window.conflict.flow.show(ActionRequest("distract", "a"))
    assert not window.conflict.flow.panel.form.isRowVisible(panel.minor)
    assert not window.conflict.flow.panel.form.isRowVisible(panel.charging)


def test_an_attack_on_a_crowded_space_rolls_for_every_occupant_as_one_step(
    make_window,  # type: ignore[no-untyped-def]
) -> None:
    """[S002] "For each occupant in the space, the Soulweaver rolls 3d12.\""""
    board = make_board().with_token(Token("r", "Rat", Hex(4, 3), size=-2, side="enemy"))
    window = make_window(MapDocument(board))
    window.conflict.flow.begin("space_attack", "a")
    click(window, Hex(4, 3))
    panel = window.conflict.flow.panel
    assert panel.roll_button.isEnabled() and panel.roll_button.text() == "Roll for every occupant"
    undo = window.document.undo_stack
    count = undo.count()
    panel.roll_button.click()
    assert undo.count() == count + 1 and undo.undoText() == "Attack a space (Aria)"
    targets = {r.target for r in window.document.board.rolls if r.role in ("attack", "check")}
    assert targets == {"Goblin", "Rat"}
    undo.undo()
    assert window.document.board.rolls == ()


def test_a_disarm_asks_for_a_space_next_to_the_target_and_is_planned_once(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drop spaces come from the rules (``rules.actions.destinations``); showing the
    panel plans once, with its inputs' defaults (Disarm's Number and choice)."""
    entry(actions_menu(window, Hex(3, 3)), "disarm").trigger()
    click(window, Hex(4, 3))  # the Goblin
    tool = window.scene.tool
    assert isinstance(tool, PickTargetTool) and Hex(5, 3) in tool.spaces
    assert "the space the object drops into" in window.statusBar().currentMessage()
    flow = window.conflict.flow
    planned: list[ActionRequest] = []
    plan = flow.controller.plan
    monkeypatch.setattr(flow.controller, "plan", lambda r: planned.append(r) or plan(r))
    click(window, Hex(5, 3))
    assert len(planned) == 1
    request = planned[0]
    assert (request.destination, request.number, request.choice) == (Hex(5, 3), 1, None)
    assert flow.panel.plan is not None and flow.panel.plan.request == request
