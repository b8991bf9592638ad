"""The Jump tool, the Fall calculator and the Shove preview, driven like a person."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.document import MapDocument
from app.scene.jump_items import HexMarksItem, LandingSpacesItem
from app.scene.shove_items import ShovePreviewItem
from app.shell.main_window import MainWindow
from app.tools.jump import JumpTool
from app.tools.shove import ShoveTool
from app.widgets.dialogs.fall import FallDialog
from rules import Board, Hex, Motion, Token
from rules.movement.plan import movement_left
from tests.app.conflict_helpers import in_conflict

LEFT, NO = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
WALL = Hex(7, 4)
CLIFF = Hex(3, 6)  # steep, within the Faller's Reach of 1
FLYING = Motion(mode="fly", altitude=3)


def make_board() -> Board:
    """The map during a conflict (Movement is paid only then)."""
    return in_conflict(_tokens_board())


def _tokens_board() -> Board:
    board = Board.blank(12, 10).with_terrain("blocked", [WALL], True)
    board = board.with_terrain("softness", [Hex(2, 6)], 4).with_terrain("steep", [CLIFF], True)
    return (
        board.with_token(Token("a", "Aria", Hex(2, 2)))
        .with_token(Token("g", "Goblin", Hex(4, 4)))
        .with_token(Token("f", "Faller", Hex(2, 6), motion=Motion(altitude=10)))
        .with_token(Token("b", "Bat", Hex(8, 1), movement_types=("land", "fly"), motion=FLYING))
    )


@pytest.fixture
def window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(make_board()))


def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def items_of(window: MainWindow, kind: type) -> list[object]:
    return [i for i in window.scene.items() if isinstance(i, kind)]


def start_jump(window: MainWindow, result: int = 12, run_up: int = 2) -> JumpTool:
    window.scene.set_selection(["a"])
    window.movement.menu_actions["jump"].trigger()
    tool = window.scene.tool
    assert isinstance(tool, JumpTool)
    panel = window.movement.dock.jump_panel
    panel.result_spin.setValue(result)
    panel.run_up_spin.setValue(run_up)
    return tool


# -- Jump --------------------------------------------------------------------------------------
def test_the_run_up_starts_at_the_spaces_moved_in_a_row_this_turn(window: MainWindow) -> None:
    """[S001] "If you long jump without first moving at least 2 spaces to gain momentum, the
    distance is halved" — the tool starts from what the creature moved this turn."""
    board = window.document.board
    aria = board.token("a")
    ran = replace(aria, moved_this_turn=True, motion=replace(aria.motion, spaces_in_a_row=3))
    window.document.replace_board(board.with_token_replaced(ran))
    window.scene.set_selection(["a"])
    window.movement.menu_actions["jump"].trigger()
    assert window.movement.dock.jump_panel.run_up_spin.value() == 3


def test_the_jump_tool_shows_landings_and_a_click_jumps(window: MainWindow) -> None:
    tool = start_jump(window)
    [item] = items_of(window, LandingSpacesItem)
    assert isinstance(item, LandingSpacesItem)
    assert Hex(3, 2) in item.paid_anchors and len(item.paid_anchors) == 6  # 1 space: 3 Movement
    assert Hex(4, 2) in item.in_air_anchors  # 2 spaces: 6 Movement, 5 left
    panel = window.movement.dock.jump_panel
    assert panel.isVisible() and panel.title.text() == "Jump — Aria"
    assert panel.breakdown.text().splitlines()[0] == (
        "Jump 12 +0 (Movement Pool 5 over 5, with run-up [S001]) = 12"
    )
    assert panel.landings_label.text().startswith("6 landing spaces this turn (solid), 12 stay")
    QTest.mouseClick(window.view.viewport(), LEFT, NO, at(window, Hex(3, 2)))
    aria = window.document.board.token("a")
    assert aria.position == Hex(3, 2) and movement_left(aria) == 2
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.text(0) == "Long jump to (3, 2) (Aria) — 3 Movement"
    assert not tool.active and window.scene.tool is window.scene.select_tool
    assert items_of(window, LandingSpacesItem) == [] and not window.movement.dock.isVisible()
    window.document.undo_stack.undo()
    assert window.document.board == make_board()


def test_a_jump_beyond_the_movement_left_stays_in_the_air_on_the_way(window: MainWindow) -> None:
    """[S001] "If you run out of Movement before reaching your target space, you remain in
    the air and continue moving when you gain additional Movement." """
    from rules.board.aloft import aloft

    start_jump(window)
    QTest.mouseMove(window.view.viewport(), at(window, Hex(4, 2)))
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Land at (4, 2): 6 Movement — stays in the air")
    )
    QTest.mouseClick(window.view.viewport(), LEFT, NO, at(window, Hex(4, 2)))
    board = window.document.board
    state = aloft(board, "a")
    assert state is not None and state.target == Hex(4, 2)
    assert board.token("a").position == Hex(3, 2) and board.token("a").motion.altitude >= 1
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert aloft(window.document.board, "a") is None
    start_jump(window)
    QTest.mouseClick(window.view.viewport(), LEFT, NO, at(window, Hex(6, 8)))
    assert "is not a landing space of this jump" in window.statusBar().currentMessage()


def test_short_run_up_halves_and_escape_cancels(window: MainWindow) -> None:
    tool = start_jump(window, result=12, run_up=0)
    assert tool.reach is not None and tool.reach.feet == 6 and tool.reach.spaces == 1
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not tool.active and window.scene.tool is window.scene.select_tool
    assert items_of(window, LandingSpacesItem) == []
    assert window.document.undo_stack.count() == 0


def test_rolling_the_jump_shows_the_faces(window: MainWindow) -> None:
    window.movement._rng = np.random.default_rng(7)
    tool = start_jump(window)
    panel = window.movement.dock.jump_panel
    panel.bonus_spin.setValue(2)
    panel.roll_button.click()
    expected = np.random.default_rng(7).integers(1, 13, size=1)[0] + 2
    assert panel.result_spin.value() == expected == tool.settings.result
    assert panel.roll_label.text().startswith("Rolled 1d12 [")
    assert tool.reach is not None and tool.reach.result == expected


# -- Fall --------------------------------------------------------------------------------------
def test_the_fall_dialog_shows_the_numbers_and_lands(window: MainWindow) -> None:
    dialog = window.movement.fall_dialog("f")
    assert isinstance(dialog, FallDialog) and dialog.isVisible()
    values = {row: label.text() for row, label in dialog.values.items()}
    assert values["height"] == "10 spaces (50 ft)"
    assert values["stages"].splitlines() == [
        "Now (when the fall begins): 5 spaces, 5 left",
        "Turn 1 (at the start of the first turn falling): 5 spaces, 0 left",
    ]
    assert values["turns"] == "lands at the start of turn 1 falling"
    assert values["landing"] == "(2, 6), ground elevation 0"
    assert values["softness"].startswith("Tier 4")
    assert values["damage"] == "8 Bashing"
    assert values["breakdown"].splitlines() == [
        "+10  1 per space fallen, 10 spaces [S001]",
        "+0  modified by your size 0 (Q23: add your size)",
        "-2  half of Ground Softness Tier 4, rounded down [S001]",
    ]
    assert values["armour"] == "each armour part takes 4"
    assert values["climb"] == "1: (3, 6) — roll Climb DL 6 to grab one"
    climb, landing = dialog.marks
    assert climb.hexes == {CLIFF} and landing.hexes == {Hex(2, 6)}
    assert not dialog.braking_spin.isEnabled()  # no Fly movement type
    dialog.land_button.click()
    faller = window.document.board.token("f")
    assert faller.motion.altitude == 0
    assert window.document.undo_stack.text(0) == "Fall 10 (Faller) — lands at (2, 6)"
    assert items_of(window, HexMarksItem) == []


def test_the_fall_entry_is_disabled_on_the_ground_and_its_key_says_why(
    window: MainWindow,
) -> None:
    window.scene.set_selection(["a"])
    window.movement.menu_actions["fall"].trigger()
    assert window.statusBar().currentMessage() == (
        "⚠ Fall (Aria): Aria is on the ground: nothing to fall"
    )
    dialog = FallDialog(window.movement.controller, "a")
    assert not dialog.land_button.isEnabled()
    assert dialog.problem_label.text() == "⚠ Aria is not above the ground: it has nothing to fall"
    dialog.close()


def test_a_flyer_brakes_in_the_fall_dialog(window: MainWindow) -> None:
    dialog = window.movement.fall_dialog("b")
    assert not dialog.land_button.isEnabled()
    assert dialog.problem_label.text().startswith("⚠ Bat is flying and does not fall")
    assert dialog.braking_spin.isEnabled()
    dialog.braking_spin.setValue(5)
    assert dialog.values["turns"].text() == "braking stops the fall: it flies on"
    assert dialog.land_button.isEnabled()
    dialog.land_button.click()
    assert window.document.undo_stack.text(0) == "Brake to a stop (Bat) — 1 Movement"
    assert not dialog.isVisible()


# -- Shove -------------------------------------------------------------------------------------
def start_shove(window: MainWindow, token_id: str = "g") -> ShoveTool:
    window.scene.set_selection([token_id])
    window.movement.menu_actions["shove"].trigger()
    tool = window.scene.tool
    assert isinstance(tool, ShoveTool)
    window.view.setFocus()
    return tool


def test_the_shove_preview_and_enter_push_it_to_the_wall(window: MainWindow) -> None:
    tool = start_shove(window)
    tool.set_facing(0)  # east: toward the wall at (7, 4)
    for _ in range(4):
        QTest.keyClick(window.view, Qt.Key.Key_Plus)
    assert tool.spaces == 5
    [item] = items_of(window, ShovePreviewItem)
    assert isinstance(item, ShovePreviewItem) and item.move is not None and item.move.blocked
    assert [c.text for c in item.captions] == [
        "If every attack misses · stops at (6, 4) after 2 · 3 Collision damage"
    ]
    assert "3 Bashing Collision damage" in window.movement.dock.shove_panel.summary.text()
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    assert window.document.board.token("g").position == Hex(6, 4)
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.text(0) == "Shove 2 spaces to (6, 4) (Goblin)"
    assert window.scene.tool is window.scene.select_tool
    assert items_of(window, ShovePreviewItem) == []
    window.document.undo_stack.undo()
    assert window.document.board == make_board()


def test_the_mouse_aims_the_shove_and_a_first_hit_stops_it(window: MainWindow) -> None:
    board = window.document.board
    window.document.replace_board(board.with_token_moved("a", Hex(5, 4)))
    tool = start_shove(window)
    QTest.mouseMove(window.view.viewport(), at(window, Hex(6, 4)))
    assert tool.facing == 0
    tool.set_spaces(2)
    assert tool.push is not None and [s.anchor for s in tool.push.attacks] == [Hex(5, 4)]
    [item] = items_of(window, ShovePreviewItem)
    assert isinstance(item, ShovePreviewItem) and len(item.captions) == 2
    window.movement.dock.shove_panel.first_hits_box.setChecked(True)
    assert tool.first_hits
    QTest.mouseClick(window.view.viewport(), LEFT, NO, at(window, Hex(6, 4)))
    assert window.document.board.token("g").position == Hex(5, 4)
    assert window.document.undo_stack.text(0) == "Shove 1 space to (5, 4) (Goblin)"


def test_a_shoved_creature_in_a_hold_moves_only_if_it_breaks_free(window: MainWindow) -> None:
    """[S002] "If an effect would move you, it attacks Athletics of each creature in the
    Hold … On failure against any, you are not moved." — E toggles which the GM applies;
    breaking free takes it out of the Hold, in one undo step."""
    from rules.board.holds import Hold, with_hold

    board = window.document.board
    window.document.replace_board(with_hold(board.with_token_moved("a", Hex(3, 4)), Hold("a", "g")))
    tool = start_shove(window)
    tool.set_facing(0)
    panel = window.movement.dock.shove_panel
    assert tool.hold_results() == [True] and not panel.breaks_free_box.isHidden()
    assert "in a Hold (it breaks free, E)" in panel.summary.text()
    QTest.keyClick(window.view, Qt.Key.Key_E)
    assert tool.hold_results() == [False]
    assert tool.if_all_miss is not None and tool.if_all_miss.spaces_moved == 0
    QTest.keyClick(window.view, Qt.Key.Key_E)
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    after = window.document.board
    assert after.token("g").position == Hex(5, 4) and after.holds == ()
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.board.holds != ()


def test_the_wheel_changes_the_spaces_and_a_right_click_cancels(window: MainWindow) -> None:
    tool = start_shove(window)
    assert tool.wheel(3, NO) and tool.spaces == 4
    assert not tool.wheel(1, Qt.KeyboardModifier.ControlModifier)  # Ctrl+wheel zooms
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, NO, at(window, Hex(6, 4)))
    assert not tool.active and window.scene.tool is window.scene.select_tool
    assert window.document.undo_stack.count() == 0


# -- waiting in the air, catching a fall (#13) ----------------------------------------------------
LEDGE = Hex(3, 2)  # 1 up, next to Aria


def with_ledge(window: MainWindow) -> Board:
    board = window.document.board.with_terrain("elevation", [LEDGE], 1)
    window.document.replace_board(board)
    return board


def start_high_jump(window: MainWindow, result: int = 30) -> JumpTool:
    tool = start_jump(window, result=result, run_up=0)
    window.movement.dock.jump_panel.high_button.setChecked(True)  # 4 in × 30 = 2 elevation
    window.view.setFocus()
    return tool


def test_w_waits_in_the_air_after_a_high_jump_up_as_one_step(window: MainWindow) -> None:
    """[S001] "If you Jump to a space of increased elevation, you may choose not to fall
    until the start of your next turn, though then may not move again until you land." """
    from rules.board.aloft import aloft

    before = with_ledge(window)
    tool = start_high_jump(window)
    box = window.movement.dock.jump_panel.wait_box
    assert box.isEnabled() and not box.isChecked()
    assert box.toolTip().startswith("[S001] 'If you Jump to a space of increased elevation")
    QTest.mouseMove(window.view.viewport(), at(window, LEDGE))
    assert tool.declared == LEDGE
    assert (
        window.statusBar()
        .currentMessage()
        .startswith(
            "Land at (3, 2): 3 Movement. May wait in the air, 1 above the ground there, until its "
            "next turn (W)."
        )
    )
    QTest.keyClick(window.view, Qt.Key.Key_W)
    assert box.isChecked() and tool.settings.wait
    assert "Waits in the air, 1 above the ground there" in window.statusBar().currentMessage()
    box.click()  # the GM changes their mind, then again
    assert not tool.settings.wait and not box.isChecked()
    box.click()
    assert tool.settings.wait
    QTest.mouseClick(window.view.viewport(), LEFT, NO, at(window, LEDGE))
    board = window.document.board
    aria = board.token("a")
    assert aria.position == LEDGE and aria.motion.altitude == 1 and movement_left(aria) == 2
    state = aloft(board, "a")
    assert state is not None and state.kind == "waiting"
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.text(0) == (
        "High jump to (3, 2) and wait in the air (Aria) — 3 Movement"
    )
    assert "chooses not to fall" in window.statusBar().currentMessage()
    window.document.undo_stack.undo()
    assert window.document.board == before and aloft(window.document.board, "a") is None


def test_a_jump_that_may_not_wait_disables_the_box_and_w_says_why(window: MainWindow) -> None:
    tool = start_jump(window)  # a long jump does not rise
    panel = window.movement.dock.jump_panel
    assert not panel.wait_box.isEnabled()
    assert panel.wait_box.toolTip().startswith("Not here: a long jump does not rise;")
    assert panel.wait_label.text().startswith("⚠ Can't wait in the air: a long jump")
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_W)
    assert window.statusBar().currentMessage() == (
        "⚠ Can't wait in the air (Aria): a long jump does not rise; only a Jump to a space of "
        "increased elevation may choose not to fall [S001]"
    )
    assert not tool.settings.wait and not panel.wait_box.isChecked()
    QTest.mouseMove(window.view.viewport(), at(window, Hex(2, 3)))
    said = window.statusBar().currentMessage()
    assert said.startswith("Land at (2, 3)") and "wait" not in said.lower()  # no hover text
    start_high_jump(window, result=12)  # 48 in: no elevation gained
    assert "this high jump gains no elevation (48 in, under 60 in)" in panel.wait_box.toolTip()
    QTest.mouseClick(window.view.viewport(), LEFT, NO, at(window, Hex(3, 2)))
    assert window.document.undo_stack.text(0) == "High jump to (3, 2) (Aria) — 3 Movement"


def test_outside_a_conflict_a_jump_up_may_not_wait(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(_tokens_board().with_terrain("elevation", [LEDGE], 1)))
    tool = start_high_jump(window)
    QTest.mouseMove(window.view.viewport(), at(window, LEDGE))
    assert (
        window.statusBar()
        .currentMessage()
        .startswith(
            "Land at (3, 2): 3 Movement. Can't wait in the air here: no conflict is running: there "
            "is no next turn to wait for."
        )
    )
    panel = window.movement.dock.jump_panel
    assert not panel.wait_box.isEnabled() and "no conflict is running" in panel.wait_box.toolTip()
    QTest.keyClick(window.view, Qt.Key.Key_W)
    assert not tool.settings.wait
    assert "⚠ Can't wait in the air (Aria): no conflict is running" in (
        window.statusBar().currentMessage()
    )


def type_into(spin: object, text: str) -> None:
    """Select a spin box's text and type ``text``, as a person does."""
    from PySide6.QtWidgets import QSpinBox

    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, text)


def test_catching_a_surface_stops_the_fall_as_one_step(window: MainWindow) -> None:
    """[S001] "While falling, if there is a surface in Reach, roll Climb. If you succeed to
    Climb that surface, stop falling and any Serious Injury caused from Collision only
    affects the limbs used." """
    dialog = window.movement.fall_dialog("f")
    assert dialog.limbs_spin.value() == 2 and dialog.limbs_spin.maximum() == 2
    assert dialog.limbs_label.text() == "at most 2 Free Limbs of 2"
    off = "Encumbered 2: off the ground 2 — −Tier on Mobility rolls [P-COND]"  # it falls
    assert dialog.climb_label.text() == f"DL 6, bonus -2: {off}"
    assert dialog.catch_button.isEnabled()
    dialog.hooves_spin.setValue(1)
    assert dialog.climb_label.text() == (
        f"DL 6, bonus -1: 1 hooves or feet used: +1 each [S001]; {off}"
    )
    assert dialog.fallen_spin.maximum() == 9  # less than the 10 spaces of the fall
    dialog.fallen_spin.setValue(4)
    type_into(dialog.climb_spin, "7")
    assert dialog.catch_label.text() == "7 ≥ DL 6: it climbs [S001]"
    dialog.catch_button.click()
    faller = window.document.board.token("f")
    assert faller.motion.mode == "climb" and faller.motion.altitude == 6 and faller.moving
    assert faller.vitals == make_board().token("f").vitals  # the Collision is said only
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.text(0) == "Catch a surface (Faller) — Climb 7 vs DL 6"
    said = window.statusBar().currentMessage()
    assert said.startswith("Catch a surface (Faller) — Climb 7 vs DL 6: Faller stops falling")
    assert "Collision of the catch: 4 Bashing" in said and "the 3 limbs used [S001]" in said
    assert said.endswith("(shown, not applied to the Pools: the table applies Collision damage)")
    assert not dialog.isVisible() and items_of(window, HexMarksItem) == []
    window.document.undo_stack.undo()
    assert window.document.board == make_board()


def test_a_failed_catch_says_so_and_it_keeps_falling(window: MainWindow) -> None:
    dialog = window.movement.fall_dialog("f")
    type_into(dialog.climb_spin, "4")
    assert dialog.catch_label.text() == (
        "Climb 4 < DL 6, failed by 2: Faller does not catch the surface and keeps falling"
    )
    QTest.mouseClick(dialog.catch_button, LEFT)
    assert window.statusBar().currentMessage() == (
        "⚠ Can't catch a surface (Faller): Climb 4 < DL 6, failed by 2: Faller does not catch "
        "the surface and keeps falling"
    )
    assert dialog.isVisible() and window.document.undo_stack.count() == 0
    assert dialog.problem_label.text().startswith("⚠ Can't catch a surface (Faller)")
    type_into(dialog.climb_spin, "2")
    assert dialog.catch_label.text() == (
        "failed by 4: 'If you fail by 4 or more, fall' [S001]: Faller does not catch the "
        "surface and keeps falling"
    )
    dialog.catch_button.click()
    assert window.document.undo_stack.count() == 0
    dialog.land_button.click()  # the fall goes on to the ground
    assert window.document.undo_stack.text(0) == "Fall 10 (Faller) — lands at (2, 6)"


def test_the_limbs_are_capped_by_the_free_limbs_and_say_why(window: MainWindow) -> None:

    board = window.document.board
    faller = board.token("f")
    window.document.replace_board(board.with_token_replaced(replace(faller, gripping=1)))
    dialog = window.movement.fall_dialog("f")
    assert dialog.limbs_spin.maximum() == 1 and dialog.limbs_spin.value() == 1
    assert dialog.limbs_label.text() == (
        "⚠ Faller has 1 Free Limb of 2: grips a weapon or object (1): Climb requires 2 Free "
        "Limbs [S001]"
    )
    assert not dialog.catch_button.isEnabled()
    assert dialog.catch_button.toolTip() == "Climb requires 2 Free Limbs [S001]; 1 used"
    dialog.close()
    four = replace(faller, limbs=4, gripping=1)
    window.document.replace_board(board.with_token_replaced(four))
    dialog = window.movement.fall_dialog("f")
    assert dialog.limbs_spin.maximum() == 3 and dialog.limbs_spin.value() == 2
    QTest.keyClick(dialog.limbs_spin, Qt.Key.Key_Up)
    assert dialog.limbs_spin.value() == 3
    assert dialog.climb_label.text() == (
        "DL 6, bonus -1: 1 additional Free Limbs used: +1 each [S001]; Encumbered 2: off the "
        "ground 2 — −Tier on Mobility rolls [P-COND]"
    )
    QTest.keyClick(dialog.limbs_spin, Qt.Key.Key_Up)
    assert dialog.limbs_spin.value() == 3  # no more than its Free Limbs
    dialog.close()


def test_nothing_to_catch_away_from_a_surface_or_on_the_ground(window: MainWindow) -> None:
    board = window.document.board
    window.document.replace_board(board.with_token_moved("f", Hex(8, 7)))
    dialog = window.movement.fall_dialog("f")
    assert not dialog.catch_button.isEnabled()
    assert dialog.catch_label.text() == "⚠ no surface in Reach of Faller to Climb [S001]"
    dialog.close()
    dialog = FallDialog(window.movement.controller, "a")
    assert not dialog.catch_button.isEnabled()
    assert dialog.catch_button.toolTip() == "Aria is not above the ground: it has nothing to fall"
    assert dialog.catch_label.text() == ""  # said once, above
    dialog.close()
