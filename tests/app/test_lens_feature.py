"""The tactical lens in the app (issue #19, :mod:`app.shell.features.lens`): Lens → Threat,
Cover, Best Aim and Safest Path draw the :mod:`rules.lens` answers for the one selected
creature, follow the map live, say why when they cannot, never change the map and never
reach the Player View; a click on a Best Aim ghost aims the Area tool there."""

from __future__ import annotations

from typing import TypeVar

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QMenu

from app.document import MapDocument
from app.scene.lens_items import (
    COVER_STYLE,
    THREAT_STYLE,
    GhostAims,
    LensPaths,
    LensShade,
)
from app.scene.lens_layer import aim_caption, path_caption
from app.shell.features.lens import (
    LENS_NAMES,
    NO_AIM_KIND,
    NO_SUBJECT,
)
from app.shell.main_window import MainWindow
from rules import AreaKind, Board, Hex, Token, TokenKind
from rules.lens import best_aim, cover_map, safest_path, threat_map
from tests.app.qt_helpers import activate

ItemT = TypeVar("ItemT", bound=QGraphicsItem)
W, H = 12, 8
LENS_KEYS = {
    "lens.threat": "T",
    "lens.cover": "V",
    "lens.aim": "Shift+A",
    "lens.path": "Shift+P",
    "lens.off": "Shift+T",
}
LENS_OF = {"lens.threat": "threat", "lens.cover": "cover", "lens.aim": "aim", "lens.path": "path"}


def cell(col: int, row: int) -> Hex:
    """The hex of offset cell ``(col, row)`` on the tests' 12×8 boards."""
    return Board.blank(W, H).hex_at(col, row)


def threat_board(walled: bool = False) -> Board:
    """A hero, a goblin with Movement 2 six spaces east, an ally, a chest, fog Tier 2 beside
    the hero (some cover to shade); ``walled``: a wall down column 6 between them (the
    goblin cannot come west)."""
    board = Board.blank(W, H)
    for token in (
        Token("hero", "Hero", cell(1, 3), side="party"),
        Token("g1", "Goblin 1", cell(7, 3), side="enemy", movement_pool=2),
        Token("friend", "Friend", cell(0, 7), side="ally"),
        Token("chest", "Chest", cell(1, 6), kind=TokenKind.OBJECT),
    ):
        board = board.with_token(token)
    board = board.with_terrain("concealment", [cell(0, 3)], 2)
    if walled:
        board = board.with_terrain("blocked", [cell(6, r) for r in range(H)], True)
    return board


def cover_board() -> Board:
    """A hero with Movement 2, a goblin far east, fog Tier 3 on one spot and a wall hex
    that hides the spots right behind it."""
    board = Board.blank(W, H)
    board = board.with_token(Token("hero", "Hero", cell(1, 3), side="party", movement_pool=2))
    board = board.with_token(Token("g1", "Goblin 1", cell(8, 3), side="enemy"))
    board = board.with_terrain("concealment", [cell(1, 1)], 3)
    board = board.with_terrain("concealment_kind", [cell(1, 1)], 0)
    return board.with_terrain("blocked", [cell(3, 3)], True)


def aim_board() -> Board:
    """The Area tool tests' field: a mage, three small goblins in a clump, a far wolf, a
    patch of fog Tier 2 (some cover to shade)."""
    board = Board.blank(16, 12)
    for token in (
        Token("mage", "Mage", Hex(2, 5), side="party"),
        Token("g1", "Goblin One", Hex(6, 4), size=-1, side="enemy"),
        Token("g2", "Goblin Two", Hex(6, 5), size=-1, side="enemy"),
        Token("g3", "Goblin Three", Hex(7, 5), size=-1, side="enemy"),
        Token("far", "Far Wolf", Hex(12, 2), side="enemy"),
    ):
        board = board.with_token(token)
    return board.with_terrain("concealment", [Hex(2, 6), Hex(1, 6)], 2)


def path_board() -> Board:
    """Mira and a small goblin above her way east (the rules' own example): to Hex(4, 1)
    the cheapest path passes it, a detour of one space more does not."""
    board = Board.blank(8, 4).with_token(Token("m", "Mira", Hex(0, 1), side="party"))
    return board.with_token(Token("g", "Goblin", Hex(2, 0), size=-1, side="enemy"))


PATH_GOAL = Hex(4, 1)


# -- helpers ------------------------------------------------------------------------------
def at(window: MainWindow, h: Hex) -> QPoint:
    return window.view.mapFromScene(window.scene.geometry.center(h))


def hover(window: MainWindow, h: Hex) -> None:
    """Move the mouse over ``h`` (from the corner first: the pointer outlives a test), the
    window raised over any another test left open."""
    for _ in range(5):  # a dialog another test left open would take the mouse
        modal = QApplication.activeModalWidget()
        if modal is None:
            break
        modal.close()
    window.raise_()
    window.activateWindow()
    QTest.mouseMove(window.view.viewport(), QPoint(1, 1))
    QTest.mouseMove(window.view.viewport(), at(window, h))


def click(window: MainWindow, h: Hex) -> None:
    viewport = window.view.viewport()
    QTest.mouseClick(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(window, h)
    )


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def action(window: MainWindow, action_id: str) -> QAction:
    found = window.actions_by_id[action_id]
    assert found is not None
    return found


def lens_items(scene: QGraphicsScene, kind: type[ItemT]) -> list[ItemT]:
    """The items of ``kind`` on ``scene`` (the GM's or the players')."""
    return [i for i in scene.items() if isinstance(i, kind)]


def shade(window: MainWindow, lens: str) -> LensShade | None:
    style = THREAT_STYLE if lens == "threat" else COVER_STYLE
    found = [s for s in lens_items(window.scene, LensShade) if s.style is style]
    assert len(found) <= 1
    return found[0] if found else None


def shaded(window: MainWindow, lens: str) -> dict[Hex, int]:
    item = shade(window, lens)
    return {} if item is None else dict(item.values)


def ghosts(window: MainWindow) -> GhostAims | None:
    found = lens_items(window.scene, GhostAims)
    assert len(found) <= 1
    return found[0] if found else None


def paths(window: MainWindow) -> LensPaths | None:
    found = lens_items(window.scene, LensPaths)
    assert len(found) <= 1
    return found[0] if found else None


def captions(window: MainWindow) -> list[str]:
    item = paths(window)
    return [] if item is None else [c.text for c in item.captions]


def drawn(window: MainWindow, lens: str) -> bool:
    """Whether ``lens`` draws anything on the GM's map now."""
    if lens in ("threat", "cover"):
        return bool(shaded(window, lens))
    if lens == "aim":
        item = ghosts(window)
        return item is not None and bool(item.ghosts)
    return bool(captions(window))


def set_area(window: MainWindow, kind: AreaKind, value: int, range_value: int = 6) -> None:
    settings = window.rules.area_settings
    settings.kind, settings.value, settings.range_value = kind, value, range_value


@pytest.fixture
def threat_window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(threat_board()))


@pytest.fixture
def aim_window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(aim_board()))
    set_area(window, AreaKind.CONE, 3)
    return window


@pytest.fixture
def path_window(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(MapDocument(path_board()))


# -- the menu -----------------------------------------------------------------------------
def test_lens_menu_entries_have_their_keys(threat_window: MainWindow) -> None:
    for action_id, key in LENS_KEYS.items():
        assert action(threat_window, action_id).shortcut().toString() == key, action_id
    checkable = [i for i in LENS_KEYS if action(threat_window, i).isCheckable()]
    assert checkable == list(LENS_OF)


@pytest.mark.parametrize("action_id", list(LENS_OF))
def test_lens_entry_toggles_on_and_off_and_shows_checked(
    threat_window: MainWindow, action_id: str
) -> None:
    window, lens = threat_window, LENS_OF[action_id]
    window.scene.set_selection(["hero"])
    entry = action(window, action_id)
    assert not window.lens.is_on(lens) and not entry.isChecked()
    entry.trigger()
    assert window.lens.is_on(lens) and entry.isChecked()
    assert getattr(window.lens, f"{lens}_shown")
    entry.trigger()
    assert not window.lens.is_on(lens) and not entry.isChecked()
    assert status(window) == f"{LENS_NAMES[lens]} lens off"
    assert not drawn(window, lens)


@pytest.mark.parametrize("action_id", list(LENS_OF))
def test_lens_without_a_subject_says_why_and_draws_nothing(
    threat_window: MainWindow, action_id: str
) -> None:
    window, lens = threat_window, LENS_OF[action_id]
    hover(window, cell(4, 3))
    action(window, action_id).trigger()
    assert window.lens.is_on(lens) and window.lens.subject() is None
    assert NO_SUBJECT in status(window)
    assert not drawn(window, lens)
    assert getattr(window.lens, lens) is None


def test_lens_follows_the_selection_of_one_creature(threat_window: MainWindow) -> None:
    window = threat_window
    action(window, "lens.threat").trigger()
    action(window, "lens.cover").trigger()
    assert not drawn(window, "threat") and not drawn(window, "cover")
    window.scene.set_selection(["hero"])
    assert window.lens.subject() == "hero"
    assert drawn(window, "threat") and drawn(window, "cover")
    window.scene.set_selection(["chest"])  # an object: no subject
    assert window.lens.subject() is None
    assert not drawn(window, "threat") and not drawn(window, "cover")
    window.scene.set_selection(["hero"])
    assert drawn(window, "threat")
    window.scene.set_selection(["hero", "friend"])  # two tokens: no subject
    assert window.lens.subject() is None
    assert not drawn(window, "threat") and not drawn(window, "cover")
    assert window.lens.threat is None and window.lens.cover is None


def test_hide_every_lens_clears_them_all(aim_window: MainWindow) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    hover(window, Hex(5, 5))
    for action_id in LENS_OF:
        action(window, action_id).trigger()
    assert all(drawn(window, lens) for lens in ("threat", "cover", "aim", "path"))
    action(window, "lens.off").trigger()
    assert "Every lens off" in status(window)
    assert not any(window.lens.is_on(lens) for lens in LENS_OF.values())
    assert not any(drawn(window, lens) for lens in ("threat", "cover", "aim", "path"))
    assert window.scene.pick_filter is None
    menu = next(m for m in window.findChildren(QMenu) if m.title() == "&Lens")
    menu.aboutToShow.emit()  # the ticks follow as the menu opens
    assert not any(action(window, i).isChecked() for i in LENS_OF)


@pytest.mark.parametrize(
    ("key", "shift", "lens"),
    [
        (Qt.Key.Key_T, False, "threat"),
        (Qt.Key.Key_V, False, "cover"),
        (Qt.Key.Key_A, True, "aim"),
        (Qt.Key.Key_P, True, "path"),
    ],
)
def test_lens_key_over_the_map_toggles_it(
    threat_window: MainWindow, key: Qt.Key, shift: bool, lens: str
) -> None:
    window = threat_window
    window.scene.set_selection(["hero"])
    activate(window)
    window.view.viewport().setFocus()
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.keyClick(window.view.viewport(), key, modifier)
    assert window.lens.is_on(lens)
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_T, Qt.KeyboardModifier.ShiftModifier)
    assert not window.lens.is_on(lens)
    assert window.document.undo_stack.count() == 0


def test_lens_follows_another_map_opened(threat_window: MainWindow) -> None:
    window = threat_window
    window.scene.set_selection(["hero"])
    window.lens.toggle_threat()
    assert drawn(window, "threat")
    other = MapDocument(threat_board(walled=True))
    window.session.current.replace(other)  # the selection ends with the map
    assert window.lens.subject() is None and not drawn(window, "threat")
    window.scene.set_selection(["hero"])
    expected = threat_map(other.board, "hero")
    assert shaded(window, "threat") == {h: expected.count(h) for h in expected.spaces()}
    assert cell(4, 3) not in shaded(window, "threat")
    assert window.lens.threat_shown


# -- threat -------------------------------------------------------------------------------
def test_threat_shade_is_the_rules_count_per_space(threat_window: MainWindow) -> None:
    window = threat_window
    window.scene.set_selection(["hero"])
    assert window.lens.toggle_threat()
    expected = threat_map(window.document.board, "hero")
    values = shaded(window, "threat")
    assert values and set(values) == set(expected.spaces())
    assert all(v == expected.count(h) for h, v in values.items())
    assert window.lens.threat is not None
    assert window.lens.threat.spaces() == expected.spaces()
    assert values[cell(4, 3)] == 1 and cell(3, 3) not in values
    assert "Threat:" in status(window) and "could Strike or Hinder Hero" in status(window)


def test_threat_wall_on_the_goblins_way_leaves_a_space_unshaded(make_window) -> None:  # type: ignore[no-untyped-def]
    assert threat_map(threat_board(), "hero").count(cell(4, 3)) == 1  # on open ground
    window = make_window(MapDocument(threat_board(walled=True)))
    window.scene.set_selection(["hero"])
    window.lens.toggle_threat()
    values = shaded(window, "threat")
    assert cell(4, 3) not in values and cell(6, 3) not in values  # behind it; the wall
    assert values[cell(7, 2)] == 1
    hover(window, cell(4, 3))
    assert "no enemy can Strike Hero here next turn" in status(window)


def test_threat_hover_says_who_threatens_and_how(threat_window: MainWindow) -> None:
    window = threat_window
    window.scene.set_selection(["hero"])
    window.lens.toggle_threat()
    h = cell(4, 3)
    hover(window, h)
    assert window.scene.hovered_hex == h
    lines = threat_map(window.document.board, "hero").describe(h)
    assert lines == (
        "E4: 1 enemy threatens Hero here",
        "Goblin 1: moves 2 spaces to F4 and Strikes (Reach 1)",
    )
    assert status(window) == " · ".join(lines)
    assert window.lens.hover_text(h) == " · ".join(lines)


def test_threat_follows_a_move_and_its_undo(threat_window: MainWindow) -> None:
    window = threat_window
    window.scene.set_selection(["hero"])
    window.lens.toggle_threat()
    before = shaded(window, "threat")
    assert window.controller.request_move("g1", cell(10, 3))
    stack = window.document.undo_stack
    assert stack.count() == 1
    moved = threat_map(window.document.board, "hero")
    after = shaded(window, "threat")
    assert after != before
    assert after == {h: moved.count(h) for h in moved.spaces()}
    assert cell(4, 3) not in after and after[cell(7, 3)] == 1
    stack.undo()
    assert shaded(window, "threat") == before
    stack.redo()
    assert shaded(window, "threat") == after


# -- cover --------------------------------------------------------------------------------
def test_cover_shade_is_the_rules_tier_and_tier_0_is_inside_the_edge(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(cover_board()))
    window.scene.set_selection(["hero"])
    assert window.lens.toggle_cover()
    expected = cover_map(window.document.board, "hero")
    values = shaded(window, "cover")
    spots = expected.spaces()
    assert {h: expected.tier(h) for h in spots if expected.tier(h)} == values
    assert values[cell(1, 1)] == 3  # in the fog
    assert values[cell(0, 1)] == 3  # behind it
    assert values[cell(2, 3)] == 12  # behind the wall: no enemy perceives it
    assert cell(0, 5) not in values and expected.tier(cell(0, 5)) == 0  # a far corner
    open_spots = [h for h in spots if expected.tier(h) == 0]
    assert open_spots, "the board has spots in plain view"
    item = shade(window, "cover")
    assert item is not None
    edge = item.boundingRect()
    for h in open_spots:  # unshaded, yet within the dashed edge round every spot in reach
        assert h not in values
        assert edge.contains(window.scene.geometry.center(h)), h
    assert "Cover:" in status(window) and "can reach this turn" in status(window)
    hover(window, cell(1, 1))
    assert " · ".join(expected.describe(cell(1, 1))) in status(window)


# -- best aim -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "value"), [(AreaKind.CONE, 3), (AreaKind.LINE, 4), (AreaKind.BURST, 1)]
)
def test_aim_ghosts_are_the_rules_candidates(
    aim_window: MainWindow, kind: AreaKind, value: int
) -> None:
    window = aim_window
    set_area(window, kind, value, range_value=6)
    window.scene.set_selection(["mage"])
    assert window.lens.toggle_aim()
    expected = best_aim(window.document.board, "mage", kind, value, 6)
    assert expected.candidates
    item = ghosts(window)
    assert item is not None
    assert [g.rank for g in item.ghosts] == [c.rank for c in expected.candidates]
    assert [g.spaces for g in item.ghosts] == [
        frozenset(c.result.spaces) for c in expected.candidates
    ]
    assert [g.origin for g in item.ghosts] == [tuple(c.origin) for c in expected.candidates]
    best = expected.candidates[0]
    enemies = len(best.enemies)
    assert item.captions[0].text == aim_caption(best)
    assert item.captions[0].text.startswith(f"{enemies} enem")
    assert [c.text for c in item.captions[1:]] == [str(c.rank) for c in expected.candidates[1:]]
    assert status(window) == expected.describe()


def test_aim_best_cone_names_three_enemies(aim_window: MainWindow) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    item = ghosts(window)
    assert item is not None and item.ghosts
    assert item.captions[0].text == "3 enemies · no ally"
    origin = item.ghosts[0].origin[0]
    hover(window, origin)
    assert "Best aim 1:" in status(window) and "click to aim" in status(window)


def test_aim_for_an_aura_shows_no_ghost_and_says_why(aim_window: MainWindow) -> None:
    window = aim_window
    set_area(window, AreaKind.AURA, 2)
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    assert window.lens.aim_shown and window.lens.aim is None
    assert NO_AIM_KIND in status(window)
    assert not drawn(window, "aim")


@pytest.mark.parametrize(
    ("kind", "value"), [(AreaKind.CONE, 3), (AreaKind.LINE, 4), (AreaKind.BURST, 1)]
)
def test_aim_click_on_a_ghost_aims_the_area_tool_there(
    aim_window: MainWindow, kind: AreaKind, value: int
) -> None:
    window = aim_window
    set_area(window, kind, value)
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    assert window.lens.aim is not None
    best = window.lens.aim.candidates[0]
    item = ghosts(window)
    assert item is not None
    origin = item.ghosts[0].origin[0]
    assert item.candidate_at(origin) == 0
    hover(window, origin)
    click(window, origin)
    assert window.scene.tool_id == "area"
    tool = window.rules.area_tool()
    assert tool is not None and tool.result is not None
    assert tool.origin == origin and tool.facing == best.facing and tool.caster == "mage"
    assert tool.result.spaces == best.result.spaces
    assert set(tool.result.hit_ids()) == set(best.result.hit_ids())
    assert set(best.enemy_ids) <= set(tool.result.hit_ids())
    assert window.document.undo_stack.count() == 0  # aimed, not pinned
    assert "Aimed where the lens showed" in status(window)


@pytest.mark.parametrize(
    ("kind", "value"), [(AreaKind.CONE, 3), (AreaKind.LINE, 4), (AreaKind.BURST, 1)]
)
def test_aim_second_click_pins_it_as_one_undo_step(
    aim_window: MainWindow, kind: AreaKind, value: int
) -> None:
    window = aim_window
    set_area(window, kind, value)
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    assert window.lens.aim is not None
    best = window.lens.aim.candidates[0]
    origin = best.origin[0]
    hover(window, origin)
    click(window, origin)
    click(window, origin)
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == f"Pin {kind.value.title()} {value}"
    (area,) = window.document.board.areas.values()
    assert area.kind is kind and area.value == value
    assert area.origin == best.origin and area.facing == best.facing
    stack.undo()
    assert not window.document.board.areas


def test_aim_click_inside_a_ghost_away_from_its_origin_aims_it_unchanged(
    aim_window: MainWindow,
) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    assert window.lens.aim is not None
    best = window.lens.aim.candidates[0]
    item = ghosts(window)
    assert item is not None
    origins = {h for g in item.ghosts for h in g.origin}
    inside = sorted(
        (h for h in item.ghosts[0].spaces - origins if not window.document.board.tokens_at(h)),
        key=lambda h: (h.q, h.r),
    )
    assert inside
    h = inside[-1]
    assert item.candidate_at(h) == 0
    hover(window, h)
    click(window, h)
    tool = window.rules.area_tool()
    assert tool is not None and tool.result is not None
    assert tool.origin == best.origin[0] and tool.result.spaces == best.result.spaces
    click(window, h)  # the same space again: pinned as the lens showed it
    (area,) = window.document.board.areas.values()
    assert area.origin == best.origin and area.facing == best.facing
    assert window.document.undo_stack.count() == 1


def test_aim_escape_cancels_the_aim_from_a_ghost(aim_window: MainWindow) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    assert window.lens.aim is not None
    origin = window.lens.aim.candidates[0].origin[0]
    hover(window, origin)
    click(window, origin)
    assert window.scene.tool_id == "area"
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert window.scene.tool_id == "select"
    assert not window.document.board.areas and window.document.undo_stack.count() == 0
    assert window.lens.aim_shown and drawn(window, "aim")  # the lens stays on


def test_aim_ghosts_take_no_clicks_with_another_tool(aim_window: MainWindow) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    assert window.lens.aim is not None
    origin = window.lens.aim.candidates[0].origin[0]
    window.rules.measure()
    assert window.scene.tool_id == "measure"
    assert not window.lens.pick(origin)
    hover(window, origin)
    click(window, origin)
    assert window.scene.tool_id == "measure"
    assert window.rules.area_tool() is None


def test_aim_click_off_the_ghosts_is_the_select_tools(aim_window: MainWindow) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    item = ghosts(window)
    assert item is not None
    empty = Hex(14, 10)
    assert item.candidate_at(empty) is None and not window.lens.pick(empty)
    hover(window, empty)
    click(window, empty)
    assert window.scene.tool_id == "select"


def test_aim_ghosts_follow_the_areas_dock(aim_window: MainWindow) -> None:
    window = aim_window
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    dock = window.rules.area_dock
    dock.value_spin.setValue(5)  # the GM turns Cone 3 into Cone 5 in the dock
    assert window.rules.area_settings.value == 5
    expected = best_aim(window.document.board, "mage", AreaKind.CONE, 5, 6)
    item = ghosts(window)
    assert item is not None
    assert [g.spaces for g in item.ghosts] == [
        frozenset(c.result.spaces) for c in expected.candidates
    ]


# -- safest path --------------------------------------------------------------------------
def test_path_hovering_a_goal_draws_the_cheapest_and_the_safest(path_window: MainWindow) -> None:
    window = path_window
    window.scene.set_selection(["m"])
    hover(window, Hex(7, 3))  # anywhere first: the lens comes on under the mouse
    window.lens.toggle_path()
    hover(window, PATH_GOAL)
    expected = safest_path(window.document.board, "m", PATH_GOAL)
    assert expected.cheapest is not None and expected.safest is not None
    assert not expected.same_path
    assert captions(window) == [path_caption(expected.cheapest), path_caption(expected.safest)]
    assert captions(window) == [
        "cheapest · 4 Movement · 1 Hinder (Goblin)",
        "safest · 5 Movement · 0 Hinder",
    ]
    assert window.lens.path is not None and window.lens.path.goal == PATH_GOAL
    assert expected.cheapest.describe() in status(window)


def test_path_without_a_goblin_to_avoid_draws_one_path(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(8, 4).with_token(Token("m", "Mira", Hex(0, 1), side="party"))
    board = board.with_token(Token("g", "Goblin", Hex(6, 3), size=-1, side="enemy"))
    window = make_window(MapDocument(board))
    window.scene.set_selection(["m"])
    window.lens.toggle_path()
    hover(window, Hex(3, 1))
    expected = safest_path(board, "m", Hex(3, 1))
    assert expected.same_path and expected.cheapest is not None
    assert captions(window) == [path_caption(expected.cheapest)]
    assert captions(window)[0].endswith("· 0 Hinder")


def test_path_to_the_subjects_own_space_draws_none(path_window: MainWindow) -> None:
    window = path_window
    window.scene.set_selection(["m"])
    window.lens.toggle_path()
    hover(window, PATH_GOAL)
    assert len(captions(window)) == 2
    hover(window, Hex(0, 1))  # Mira's own space
    assert captions(window) == [] and window.lens.path is None


# -- never the map, never the players -----------------------------------------------------
def test_lenses_never_change_the_map(aim_window: MainWindow) -> None:
    window = aim_window
    board, stack = window.document.board, window.document.undo_stack
    window.scene.set_selection(["mage"])
    for action_id in LENS_OF:
        action(window, action_id).trigger()
    for h in (Hex(5, 5), Hex(6, 4), Hex(9, 7), Hex(2, 5)):
        hover(window, h)
    window.scene.set_selection(["g1"])
    hover(window, Hex(3, 3))
    action(window, "lens.off").trigger()
    for action_id in LENS_OF:
        action(window, action_id).trigger()
        action(window, action_id).trigger()
    assert window.document.board is board
    assert window.document.board == aim_board()
    assert stack.count() == 0 and not window.document.is_modified()


def test_player_view_holds_no_lens_item_by_default(aim_window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = aim_window
    player = window.player_window
    action(window, "view.player").trigger()
    qtbot.waitExposed(player)
    window.scene.set_selection(["mage"])
    for action_id in LENS_OF:
        action(window, action_id).trigger()
    hover(window, Hex(5, 5))
    assert all(drawn(window, lens) for lens in ("threat", "cover", "aim", "path"))
    for kind in (LensShade, GhostAims, LensPaths):
        assert lens_items(player.scene, kind) == [], kind
    assert player.scene is not window.scene
    window.controller.request_move("g1", Hex(8, 3))  # a live update reaches no player item
    for kind in (LensShade, GhostAims, LensPaths):
        assert lens_items(player.scene, kind) == [], kind


def test_aim_a_token_inside_a_ghost_keeps_its_click(aim_window: MainWindow) -> None:
    window = aim_window
    set_area(window, AreaKind.CONE, 3)
    window.scene.set_selection(["mage"])
    window.lens.toggle_aim()
    item = ghosts(window)
    assert item is not None and item.ghosts
    board = window.document.board
    best = item.ghosts[0]
    inside = [h for h in best.spaces if board.tokens_at(h) and h not in best.origin]
    assert inside, "the best Cone hits a creature away from its origin"
    target = board.tokens_at(inside[0])[-1].id
    hover(window, inside[0])
    click(window, inside[0])
    assert window.scene.tool_id == "select"
    assert window.scene.selection == [target]


def test_player_view_shows_the_lens_only_when_the_gm_ticks_it(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    lurker = Token("g2", "Goblin 2", cell(2, 2), side="enemy", hidden=True)
    window = make_window(MapDocument(threat_board().with_token(lurker)))
    player = window.player_window
    action(window, "view.player").trigger()
    qtbot.waitExposed(player)
    window.scene.set_selection(["hero"])
    window.lens.toggle_threat()
    assert [s for s in lens_items(player.scene, LensShade) if s.values] == []
    assert action(window, "lens.players").isCheckable()
    action(window, "lens.players").trigger()
    assert window.lens.players_shown
    theirs = threat_map(player.player_document.board, "hero")
    assert "g2" not in theirs.enemies  # hidden from the players: not counted for them
    shown = [s.values for s in lens_items(player.scene, LensShade) if s.values]
    assert shown == [{h: theirs.count(h) for h in theirs.spaces()}]
    assert shaded(window, "threat") != shown[0]  # the GM's counts the hidden goblin too
    window.controller.request_move("g1", cell(6, 4))  # live on the players' map too
    theirs = threat_map(player.player_document.board, "hero")
    shown = [s.values for s in lens_items(player.scene, LensShade) if s.values]
    assert shown == [{h: theirs.count(h) for h in theirs.spaces()}]
    action(window, "lens.players").trigger()
    assert [s for s in lens_items(player.scene, LensShade) if s.values] == []
    assert window.document.undo_stack.count() == 1  # the move only
