"""TokenStateController and the Inspector's Vitals panel: Conditions, Pools, Skill Tiers,
Severe Threshold and wounds; every edit is one undo step that undo takes back exactly."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.controllers.token_state import TokenStateController
from app.document import MapDocument
from app.document.current import CurrentDocument
from app.shell.main_window import MainWindow
from app.widgets.docks.inspector import InspectorDock
from app.widgets.panels.vitals import UNSET, VitalsPanel
from rules import Board, ConditionEntry, Hex, Token, Vitals, pool_maximum
from rules.board.conditions import add_condition

# Grit = Might 4 + ½(Charisma 4 + Finesse 6) = 9; Energy = 2 × (Endure 2 + Zeal 1 + Magic 1) = 8
ARIA_STATS = (
    ("might", 4),
    ("charisma", 4),
    ("finesse", 6),
    ("endure", 2),
    ("zeal", 1),
    ("magic", 1),
)


def sample_board() -> Board:
    held = add_condition(add_condition((), "encumbered", 2, "Hold"), "encumbered", 1, "Load")
    tokens = [
        Token("aria", "Aria", Hex(3, 3), side="party", conditions=held, vitals=Vitals(ARIA_STATS)),
        Token("imp", "Imp", Hex(3, 3), side="ally"),  # shares Aria's space: Crowded 1
        Token("gob", "Goblin", Hex(6, 3), size=-1, side="enemy"),
    ]
    board = Board.blank(10, 8)
    for token in tokens:
        board = board.with_token(token)
    return board


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    return MapDocument(sample_board())


@pytest.fixture
def controller(document: MapDocument) -> TokenStateController:
    return TokenStateController(CurrentDocument(document))


Act = Callable[[TokenStateController], bool]
STEPS: list[tuple[Act, str]] = [
    (lambda a: a.set_condition("gob", "slowed", 2), "Slowed 2 on Goblin"),
    (lambda a: a.set_condition("aria", "encumbered", 4, "Hold"), "Encumbered 4 (Hold) on Aria"),
    (
        lambda a: a.set_condition("aria", "encumbered", 0, "Load"),
        "Remove Encumbered (Load) from Aria",
    ),
    (lambda a: a.add_condition("aria", "encumbered", 2, "Hold"), "Encumbered 4 (Hold) on Aria"),
    (
        lambda a: a.remove_condition("aria", "encumbered", "Hold"),
        "Remove Encumbered (Hold) from Aria",
    ),
    (lambda a: a.remove_condition("aria", "encumbered", None), "Remove Encumbered from Aria"),
    (lambda a: a.set_pool("aria", "grit", 5), "Grit 5/9 on Aria"),
    (lambda a: a.set_pool_maximum("aria", "grit", 12), "Grit maximum 12 on Aria"),
    (lambda a: a.set_stat("aria", "might", 5), "Might 5 on Aria"),
    (lambda a: a.set_severe_threshold("aria", 4), "Severe Threshold 4 on Aria"),
    (lambda a: a.set_wounded("aria", "left arm", 2), "Wounded 2 (left arm) on Aria"),
    (lambda a: a.set_bars_for_players("aria", True), "Show Aria's bars to players"),
]


@pytest.mark.parametrize(("act", "text"), STEPS, ids=[text for _act, text in STEPS])
def test_each_action_is_one_undo_step_and_undo_restores_exactly(
    document: MapDocument, controller: TokenStateController, act: Act, text: str
) -> None:
    before = document.board
    assert act(controller)
    after = document.board
    assert after != before
    assert document.undo_stack.count() == 1 and document.undo_stack.text(0) == text
    document.undo_stack.undo()
    assert document.board == before
    document.undo_stack.redo()
    assert document.board == after


def test_pool_maximum_back_to_the_formula_and_current_back_to_full(
    document: MapDocument, controller: TokenStateController
) -> None:
    assert controller.set_pool_maximum("aria", "grit", 12) and controller.set_pool(
        "aria", "grit", 3
    )
    assert controller.set_pool_maximum("aria", "grit", None)
    assert document.undo_stack.text(2) == "Grit maximum by formula (9) on Aria"
    assert controller.set_pool("aria", "grit", None)
    assert document.undo_stack.text(3) == "Grit full (9) on Aria"
    assert document.board.token("aria").vitals == Vitals(ARIA_STATS)


@pytest.mark.parametrize(
    ("act", "reason"),
    [
        (lambda a: a.set_condition("nobody", "slowed", 1), "no token 'nobody' on this map"),
        (
            lambda a: a.set_condition("gob", "slowed", 120),
            "slowed: the Tier must be 1..99, got 120",
        ),
        (lambda a: a.set_condition("gob", "slowed", -1), "slowed: the Tier must be 1..99, got -1"),
        (
            lambda a: a.add_condition("aria", "encumbered", 98, "Hold"),
            "the Tiers would add up to 101, more than 99",
        ),
        (lambda a: a.set_condition("gob", "dizzy", 1), "unknown condition 'dizzy'"),
        (lambda a: a.remove_condition("gob", "prone", None), "Goblin has no Prone to remove"),
        (lambda a: a.set_pool("gob", "mana", 3), "unknown Pool 'mana'"),
        (lambda a: a.set_pool("gob", "grit", 5000), "current: grit must be an integer -999..999"),
        (
            lambda a: a.set_pool_maximum("gob", "grit", -1),
            "maximum: grit must be an integer 0..999",
        ),
        (lambda a: a.set_stat("gob", "luck", 2), "unknown Skill 'luck'"),
        (lambda a: a.set_wounded("gob", "tail", 1), "unknown body part 'tail'"),
    ],
)
def test_refusals_say_why_and_push_nothing(
    document: MapDocument, controller: TokenStateController, qtbot: QtBot, act: Act, reason: str
) -> None:
    with qtbot.waitSignal(controller.refused) as said:
        assert not act(controller)
    assert reason in said.args[0]
    assert document.undo_stack.count() == 0


def test_an_edit_that_changes_nothing_pushes_nothing(
    document: MapDocument, controller: TokenStateController
) -> None:
    assert not controller.set_stat("aria", "might", 4)
    assert not controller.set_bars_for_players("aria", False)
    assert document.undo_stack.count() == 0


# -- the panel in the Inspector --------------------------------------------------------------
@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    win = make_window(MapDocument(sample_board()))
    win.rules.inspector_dock.show()
    win.scene.set_selection(["aria"])
    return win


@pytest.fixture
def panel(window: MainWindow) -> VitalsPanel:
    return window.rules.inspector_dock.vitals_panel


def test_the_panel_lists_conditions_with_summed_tiers_sources_and_crowded(
    window: MainWindow, panel: VitalsPanel
) -> None:
    assert panel.isVisible() and panel.token_id == "aria"
    assert panel.conditions.summaries() == ["Encumbered 3 (Hold 2, Load 1)"]
    tip = panel.conditions.summary_tooltip("encumbered")
    assert "−Tier on physical actions" in tip and "[P-COND]" in tip
    assert "Crowded 1 (computed: Encumbered 1" in panel.conditions.crowded_label.text()
    window.scene.set_selection([])
    assert not panel.isVisible()


def test_changing_a_tier_spin_is_one_step_and_undo_puts_it_back(
    window: MainWindow, panel: VitalsPanel
) -> None:
    stack = window.document.undo_stack
    panel.conditions.tier_spin("encumbered", "Hold").setValue(4)
    assert stack.count() == 1 and stack.text(0) == "Encumbered 4 (Hold) on Aria"
    assert panel.conditions.summaries() == ["Encumbered 5 (Hold 4, Load 1)"]
    stack.undo()
    assert panel.conditions.summaries() == ["Encumbered 3 (Hold 2, Load 1)"]
    assert panel.conditions.tier_spin("encumbered", "Hold").value() == 2
    assert stack.count() == 1  # showing the undone value pushed nothing


def test_typing_a_tier_is_one_step(window: MainWindow, panel: VitalsPanel) -> None:
    spin = panel.conditions.tier_spin("encumbered", "Load")
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "12")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.text(0) == "Encumbered 12 (Load) on Aria"


def test_adding_and_removing_conditions_from_the_panel(
    window: MainWindow, panel: VitalsPanel, qtbot: QtBot
) -> None:
    rows = panel.conditions
    rows.add_combo.setCurrentIndex(rows.add_combo.findData("slowed"))
    rows.add_tier.setValue(2)
    rows.add_source.setText("Web")
    rows.add_button.click()
    stack = window.document.undo_stack
    assert stack.text(0) == "Slowed 2 (Web) on Aria"
    assert window.document.board.token("aria").conditions[-1] == ConditionEntry("slowed", 2, "Web")
    assert rows.summaries() == ["Encumbered 3 (Hold 2, Load 1)", "Slowed 2 (Web 2)"]
    combo, model = rows.add_combo, rows.add_combo.model()
    ailments = combo.findText("— Ailments —")
    assert not model.item(0).isEnabled() and not model.item(ailments).isEnabled()  # headings
    assert combo.findData("prone") < ailments < combo.findData("blinded")
    rows.remove_buttons[("slowed", "Web")].click()
    qtbot.waitUntil(lambda: rows.summaries() == ["Encumbered 3 (Hold 2, Load 1)"])
    assert stack.count() == 2 and stack.text(1) == "Remove Slowed (Web) from Aria"


def test_pool_spins_bar_and_formula_tooltip(window: MainWindow, panel: VitalsPanel) -> None:
    pools, stack = panel.pools, window.document.undo_stack
    token = window.document.board.token("aria")
    formula = pool_maximum(token.vitals, "grit", token.size, token.movement_pool)
    assert pools.formula_boxes["grit"].toolTip() == formula.reason
    assert pools.formula_boxes["grit"].isChecked() and not pools.maximum_spins["grit"].isEnabled()
    assert pools.gauges["grit"].text() == "9 / 9" and pools.gauges["energy"].text() == "8 / 8"
    pools.current_spins["grit"].setValue(5)
    assert stack.count() == 1 and stack.text(0) == "Grit 5/9 on Aria"
    assert pools.gauges["grit"].text() == "5 / 9"
    pools.formula_boxes["grit"].setChecked(False)  # by hand, starting from the formula's 9
    assert stack.count() == 2 and stack.text(1) == "Grit maximum 9 on Aria"
    assert pools.maximum_spins["grit"].isEnabled()
    assert pools.formula_boxes["grit"].toolTip().startswith("Set by hand; the formula gives 9")
    pools.maximum_spins["grit"].setValue(12)
    assert stack.count() == 3 and pools.gauges["grit"].text() == "5 / 12"
    pools.formula_boxes["grit"].setChecked(True)
    assert stack.text(3) == "Grit maximum by formula (9) on Aria"
    assert pools.gauges["grit"].text() == "5 / 9"


def test_skill_threshold_wounds_and_bars_switch(window: MainWindow, panel: VitalsPanel) -> None:
    pools, stack = panel.pools, window.document.undo_stack
    pools.skill_spins["might"].setValue(6)  # Grit 6 + 5 = 11
    assert stack.text(0) == "Might 6 on Aria" and pools.gauges["grit"].text() == "11 / 11"
    pools.threshold_spin.setValue(3)
    pools.threshold_spin.setValue(UNSET)
    assert stack.text(1) == "Severe Threshold 3 on Aria"
    assert stack.text(2) == "Severe Threshold unset on Aria"
    pools.wounded_spins["head"].setValue(2)
    assert stack.text(3) == "Wounded 2 (head) on Aria"
    pools.bars_box.setChecked(True)
    assert stack.count() == 5 and window.document.board.token("aria").vitals.bars_for_players
    for _ in range(5):
        stack.undo()
    assert window.document.board == sample_board()
    assert pools.skill_spins["might"].value() == 4 and not pools.bars_box.isChecked()


def test_the_inspector_edits_through_the_controller_it_is_given(window: MainWindow) -> None:
    shared = TokenStateController(window.session.current)
    dock = InspectorDock(window.session.current, window.scene, shared, window)
    dock.vitals_panel.pools.skill_spins["zeal"].setValue(3)
    assert dock.state_controller is shared
    assert window.document.undo_stack.text(0) == "Zeal 3 on Aria"


def test_until_the_window_wires_its_own_the_inspectors_refusals_reach_the_status_bar(
    window: MainWindow,
) -> None:
    assert not window.rules.inspector_dock.state_controller.set_condition("aria", "slowed", 120)
    assert "the Tier must be 1..99, got 120" in window.statusBar().currentMessage()
