"""MovementController: posture, stopping, pace, Amble, mode, height, jump, fall and shove —
each one undo step that undo restores exactly, or a refusal with the rules' message."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from app.controllers.movement import MovementController
from app.document import MapDocument
from app.document.current import CurrentDocument
from rules import Board, Hex, Motion, Token, Vitals, jump_reach
from rules.movement.costs import posture_of
from rules.movement.plan import movement_left
from tests.app.conflict_helpers import in_conflict

WALL = Hex(7, 4)


def movement(left: int) -> Vitals:
    return Vitals(current=(("movement", left),))


def make_board() -> Board:
    """The map during a conflict (Movement is paid only then)."""
    return in_conflict(_tokens_board())


def _tokens_board() -> Board:
    board = Board.blank(12, 10).with_terrain("blocked", [WALL], True)
    board = board.with_terrain("softness", [Hex(2, 6)], 4)
    flyer = Motion(mode="fly", altitude=3)
    return (
        board.with_token(Token("a", "Aria", Hex(2, 2)))
        .with_token(Token("b", "Bat", Hex(5, 8), movement_types=("fly", "land"), motion=flyer))
        .with_token(Token("g", "Goblin", Hex(4, 4)))
        .with_token(Token("f", "Faller", Hex(2, 6), motion=Motion(altitude=10)))
    )


@pytest.fixture
def document(qtbot: QtBot) -> MapDocument:
    return MapDocument(make_board())


@pytest.fixture
def controller(document: MapDocument) -> MovementController:
    return MovementController(CurrentDocument(document))


@pytest.fixture
def said(controller: MovementController) -> dict[str, list[str]]:
    messages: dict[str, list[str]] = {"refused": [], "informed": []}
    controller.refused.connect(messages["refused"].append)
    controller.informed.connect(messages["informed"].append)
    return messages


def one_step_then_undo(document: MapDocument, before: Board, text: str) -> Board:
    """Exactly one undo step with ``text``; undo gives ``before`` back, redo the edit."""
    after = document.board
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == text
    document.undo_stack.undo()
    assert document.board == before
    document.undo_stack.redo()
    assert document.board == after
    return after


def set_token(document: MapDocument, token: Token) -> None:
    document.replace_board(document.board.with_token_replaced(token))


# -- posture, stopping -------------------------------------------------------------------------
def test_crouch_is_one_free_step(document: MapDocument, controller: MovementController) -> None:
    before = document.board
    assert controller.set_posture("a", "crouching")
    after = one_step_then_undo(document, before, "Crouch (Aria)")
    assert posture_of(after.token("a")) == "crouching"
    assert movement_left(after.token("a")) == 5


def test_standing_from_prone_costs_2(document: MapDocument, controller: MovementController) -> None:
    assert controller.set_posture("a", "prone")
    before = document.board
    assert controller.toggle_posture("a", "prone")  # P again: stand up
    assert document.undo_stack.text(1) == "Stand (Aria) — 2 Movement"
    token = document.board.token("a")
    assert posture_of(token) == "standing" and movement_left(token) == 3
    document.undo_stack.undo()
    assert document.board == before


def test_standing_without_the_movement_is_refused(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    set_token(document, replace(document.board.token("a"), vitals=movement(1)))
    controller.set_posture("a", "prone")
    assert not controller.set_posture("a", "standing")
    assert said["refused"] == ["Can't stand (Aria): needs 2 Movement, Aria has 1 left this turn"]
    assert document.undo_stack.count() == 1  # only the Go prone


def test_stop_moving_costs_1_and_is_refused_when_not_moving(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    assert not controller.stop_moving("a")
    assert said["refused"] == ["Can't stop moving (Aria): Aria is not moving"]
    set_token(document, replace(document.board.token("a"), moving=True))
    before = document.board
    assert controller.stop_moving("a")
    after = one_step_then_undo(document, before, "Stop moving (Aria) — 1 Movement")
    assert not after.token("a").moving and movement_left(after.token("a")) == 4


# -- Amble, pace, mode, height -----------------------------------------------------------------
def test_amble_and_pace_are_steps_and_a_repeat_changes_nothing(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    before = document.board
    assert controller.choose("amble", "a")
    assert one_step_then_undo(document, before, "Amble on (Aria)").token("a").motion.amble
    assert controller.set_pace("a", "dash")
    assert document.undo_stack.text(1) == "Dash (Aria)"
    assert document.board.token("a").motion.pace == "dash"
    assert not controller.set_pace("a", "dash")
    assert said["refused"][-1] == "Can't dash (Aria): it is so already: nothing changes"
    assert document.undo_stack.count() == 2


def test_a_mode_without_its_movement_type_is_refused(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    assert not controller.set_mode("a", "fly")
    assert said["refused"] == ["Can't fly (Aria): Aria has no Fly movement type [S001]"]
    assert document.undo_stack.count() == 0
    before = document.board
    assert controller.choose("mode.climb", "a")
    assert one_step_then_undo(document, before, "Climb (Aria)").token("a").motion.mode == "climb"


def test_a_flyer_rises_and_descends_paying_for_it(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    before = document.board
    assert controller.choose("altitude.up", "b")
    bat = one_step_then_undo(document, before, "Rise 1 (Bat) — 2 Movement").token("b")
    assert bat.motion.altitude == 4 and movement_left(bat) == 3
    assert bat.moving  # rising is moving: "After moving, you are considered moving" [S001]
    assert controller.change_altitude("b", -1)
    assert document.undo_stack.text(1) == "Descend 1 (Bat) — 1 Movement"
    assert not controller.change_altitude("a", 1)
    assert said["refused"] == ["Can't rise 1 (Aria): Aria is not flying"]


# -- jump --------------------------------------------------------------------------------------
def long_jump(result: int = 12) -> object:
    return jump_reach(result, "long", run_up=2, movement_pool=5, size=0)


def test_a_jump_moves_spends_and_marks_moving_in_a_conflict(
    document: MapDocument, controller: MovementController
) -> None:
    before = document.board  # a conflict is running (make_board)
    assert controller.jump("a", Hex(3, 2), long_jump())  # 1 space: 1 + 2 Movement
    after = one_step_then_undo(document, before, "Long jump to (3, 2) (Aria) — 3 Movement")
    aria = after.token("a")
    assert aria.position == Hex(3, 2) and movement_left(aria) == 2 and aria.moving


def test_a_jump_beyond_the_movement_left_or_into_a_wall_is_refused(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    before = document.board
    assert controller.jump("a", Hex(4, 2), long_jump())  # 2 spaces: 6 Movement, 5 left
    assert "remains in the air" in " ".join(said["informed"])  # [S001]: it goes on next turn
    assert document.board.token("a").position == Hex(3, 2)
    document.undo_stack.undo()
    assert document.board == before
    set_token(document, replace(document.board.token("a"), position=Hex(6, 4)))
    assert not controller.jump("a", WALL, long_jump())
    assert "(7, 4)" in said["refused"][0] and "wall" in said["refused"][0].lower()
    assert not controller.jump("b", Hex(5, 7), long_jump())
    assert said["refused"][1] == (
        "Can't long jump to (5, 7) (Bat): Bat is flying 3 up: a Jump starts on the ground"
    )


# -- fall --------------------------------------------------------------------------------------
def test_a_fall_lands_the_token_and_says_the_damage_unapplied(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    before = document.board
    assert controller.fall("f")
    after = one_step_then_undo(document, before, "Fall 10 (Faller) — lands at (2, 6)")
    faller = after.token("f")
    assert faller.motion.altitude == 0 and faller.position == Hex(2, 6)
    assert faller.vitals == before.token("f").vitals  # damage is not applied
    message = said["informed"][0]
    assert message.startswith("Fall 10 (Faller) — lands at (2, 6): 8 Bashing Collision damage")
    assert "-2 half of Ground Softness Tier 4" in message and "not applied" in message


def test_falling_on_the_ground_or_flying_is_refused(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    assert not controller.fall("a")
    assert (
        said["refused"][0]
        == "Can't fall (Aria): Aria is not above the ground: it has nothing to fall"
    )
    assert not controller.fall("b")
    assert said["refused"][1].startswith("Can't fall (Bat): Bat is flying and does not fall")


def test_a_flyer_braking_to_zero_flies_on_and_pays_1(
    document: MapDocument, controller: MovementController
) -> None:
    before = document.board
    assert controller.fall("b", braking=5)
    bat = one_step_then_undo(document, before, "Brake to a stop (Bat) — 1 Movement").token("b")
    assert bat.motion.flying and bat.motion.altitude == 3 and movement_left(bat) == 4


# -- shove -------------------------------------------------------------------------------------
def test_a_shove_stops_before_a_wall_as_one_step(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    before = document.board
    assert controller.shove("g", 0, 5, [])  # east: (5, 4), (6, 4), then the wall at (7, 4)
    after = one_step_then_undo(document, before, "Shove 2 spaces to (6, 4) (Goblin)")
    assert after.token("g").position == Hex(6, 4)
    assert said["informed"][0].endswith(
        "3 Bashing Collision damage (+3 1 per remaining space the effect would move you, 3 "
        "[S001]): shown, not applied to the Pools: the table applies Collision damage"
    )


def test_a_shove_into_a_wall_right_away_moves_nothing(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    set_token(document, replace(document.board.token("g"), position=Hex(6, 4)))
    assert not controller.shove("g", 0, 2, [])
    assert said["refused"][0].startswith("Can't shove 2 (Goblin): Goblin does not move:")
    assert "2 Bashing Collision damage" in said["refused"][0]
    assert document.undo_stack.count() == 0


def test_a_first_hit_stops_the_shove_at_the_occupied_space(
    document: MapDocument, controller: MovementController
) -> None:
    set_token(document, replace(document.board.token("a"), position=Hex(5, 4)))
    assert controller.shove("g", 0, 2, [True])  # Goblin attacks blind into Aria's space, hits
    assert document.board.token("g").position == Hex(5, 4)
    assert document.undo_stack.text(0) == "Shove 1 space to (5, 4) (Goblin)"


def test_a_high_jump_in_place_outside_a_conflict_changes_nothing(qtbot: QtBot) -> None:
    document = MapDocument(_tokens_board())  # no conflict: jumps are free
    controller = MovementController(CurrentDocument(document))
    said: list[str] = []
    controller.refused.connect(said.append)
    reach = jump_reach(15, "high", run_up=0, movement_pool=5, size=0)
    assert not controller.jump("a", Hex(2, 2), reach)
    assert said == ["Can't high jump to (2, 2) (Aria): a jump in place changes nothing on the map"]
    assert controller.jump("a", Hex(3, 2), reach)  # an adjacent space, same ground
    assert document.undo_stack.text(0) == "High jump to (3, 2) (Aria)"
    assert movement_left(document.board.token("a")) == 5


def test_a_long_jump_down_a_ledge_leaves_the_jumper_in_the_air_to_fall(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    ledge = document.board.with_terrain("elevation", [Hex(2, 2)], 4)
    document.replace_board(ledge)
    assert controller.jump("a", Hex(3, 2), long_jump())  # down 4: lands 4 up, falls the rest
    aria = document.board.token("a")
    assert aria.position == Hex(3, 2) and aria.motion.altitude == 0  # [S001] begin falling
    assert "fall" in said["informed"][-1].lower()


# -- waiting in the air, catching a fall (#13) ----------------------------------------------------
LEDGE, CLIFF = Hex(3, 2), Hex(3, 6)  # 1 up next to Aria; steep, in the Faller's Reach


def high_jump(result: int = 30) -> object:
    return jump_reach(result, "high", run_up=0, movement_pool=5, size=0)  # 2 elevation


def test_a_high_jump_up_may_wait_in_the_air_as_one_step(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    """[S001] "If you Jump to a space of increased elevation, you may choose not to fall
    until the start of your next turn" """
    from rules.board.aloft import aloft

    document.replace_board(document.board.with_terrain("elevation", [LEDGE], 1))
    before = document.board
    assert controller.jump("a", LEDGE, high_jump(), wait=True)
    text = "High jump to (3, 2) and wait in the air (Aria) — 3 Movement"
    after = one_step_then_undo(document, before, text)
    aria = after.token("a")
    assert aria.position == LEDGE and aria.motion.altitude == 1 and aria.moving
    state = aloft(after, "a")
    assert state is not None and state.kind == "waiting"
    assert said["informed"][0].startswith(f"{text}: Aria chooses not to fall: it waits 1 up")


def test_waiting_is_refused_for_a_long_jump_and_outside_a_conflict(
    qtbot: QtBot, document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    assert not controller.jump("a", Hex(3, 2), long_jump(), wait=True)
    assert said["refused"][0].startswith(
        "Can't long jump to (3, 2) and wait in the air (Aria): only a Jump to a space of "
        "increased elevation may choose not to fall"
    )
    calm = MapDocument(_tokens_board().with_terrain("elevation", [LEDGE], 1))
    quiet = MovementController(CurrentDocument(calm))
    refused: list[str] = []
    quiet.refused.connect(refused.append)
    assert not quiet.jump("a", LEDGE, high_jump(), wait=True)
    assert refused == [
        "Can't high jump to (3, 2) and wait in the air (Aria): no conflict is running: there "
        "is no next turn to wait for"
    ]
    assert document.undo_stack.count() == 0 and calm.undo_stack.count() == 0


def with_cliff(document: MapDocument) -> Board:
    document.replace_board(document.board.with_terrain("steep", [CLIFF], True))
    return document.board


def test_catching_a_surface_stops_the_fall_and_says_the_collision(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    before = with_cliff(document)
    assert controller.catch_fall("f", 7, limbs=2, hooves_or_feet=1, spaces_fallen=4)
    after = one_step_then_undo(document, before, "Catch a surface (Faller) — Climb 7 vs DL 6")
    faller = after.token("f")
    assert faller.motion.mode == "climb" and faller.motion.altitude == 6 and faller.moving
    assert faller.vitals == before.token("f").vitals  # the Collision is not applied
    message = said["informed"][0]
    assert message.startswith(
        "Catch a surface (Faller) — Climb 7 vs DL 6: Faller stops falling and climbs the "
        "surface [S001]; Collision of the catch: 4 Bashing (falling)"
    )
    assert "only affects the 3 limbs used [S001]" in message and "not applied" in message


def test_a_catch_as_the_fall_begins_has_no_collision(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    with_cliff(document)
    assert controller.catch_fall("f", 6)
    assert document.board.token("f").motion.altitude == 10
    assert said["informed"][0].endswith("caught before falling a space: no Collision")


def test_a_failed_catch_changes_nothing_and_says_it_keeps_falling(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    with_cliff(document)
    assert not controller.catch_fall("f", 5)
    assert not controller.catch_fall("f", 2)
    assert said["refused"] == [
        "Can't catch a surface (Faller): Climb 5 < DL 6, failed by 1: Faller does not catch "
        "the surface and keeps falling",
        "Can't catch a surface (Faller): failed by 4: 'If you fail by 4 or more, fall' [S001]: "
        "Faller does not catch the surface and keeps falling",
    ]
    assert document.undo_stack.count() == 0


def test_a_catch_is_refused_without_the_limbs_a_surface_or_a_fall(
    document: MapDocument, controller: MovementController, said: dict[str, list[str]]
) -> None:
    assert not controller.catch_fall("f", 9)  # no steep or wall hex in Reach
    with_cliff(document)
    assert not controller.catch_fall("f", 9, limbs=3)  # 2 limbs, both free
    set_token(document, replace(document.board.token("f"), gripping=1))
    assert not controller.catch_fall("f", 9)
    assert not controller.catch_fall("a", 9)
    assert said["refused"] == [
        "Can't catch a surface (Faller): no surface in Reach of Faller to Climb [S001] 'While "
        "falling, if there is a surface in Reach, roll Climb'",
        "Can't catch a surface (Faller): cannot roll Climb: 3 Free Limbs used, only 2 free "
        "(2 Free Limbs of 2)",
        "Can't catch a surface (Faller): cannot roll Climb: 2 Free Limbs used, only 1 free "
        "(1 Free Limb of 2: grips a weapon or object (1))",
        "Can't catch a surface (Aria): Aria is not above the ground: it has nothing to fall",
    ]
    assert document.undo_stack.count() == 0


def test_a_creature_waiting_in_the_air_catches_a_surface_and_is_no_longer_aloft(
    document: MapDocument, controller: MovementController
) -> None:
    from rules.board.aloft import aloft

    board = document.board.with_terrain("elevation", [LEDGE], 1)
    document.replace_board(board.with_terrain("steep", [Hex(4, 2)], True))
    assert controller.jump("a", LEDGE, high_jump(), wait=True)
    assert controller.catch_fall("a", 8)
    after = document.board
    assert aloft(after, "a") is None and after.token("a").motion.mode == "climb"
    assert document.undo_stack.text(1) == "Catch a surface (Aria) — Climb 8 vs DL 6"
    document.undo_stack.undo()
    assert aloft(document.board, "a") is not None
