"""RuleOptionsDialog: every option by topic, stored values, defaults, and applying as one step."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QWidget,
)
from pytestqt.qtbot import QtBot

from app.document import MapDocument
from app.shell.main_window import MainWindow
from app.widgets.dialogs.options import RuleOptionsDialog, edit_rule_options
from rules import OPTION_SPECS, Board, RuleOptions
from rules.options import OptionValue, option_spec

DEFAULTS = {spec.name: spec.default for spec in OPTION_SPECS}


def make_dialog(qtbot: QtBot, stored: Mapping[str, OptionValue] | None = None) -> RuleOptionsDialog:
    dialog = RuleOptionsDialog(stored or {})
    qtbot.addWidget(dialog)
    return dialog


def texts(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel)]


def choose(dialog: RuleOptionsDialog, name: str, value: bool | str) -> None:
    control = dialog.controls[name]
    if isinstance(control, QCheckBox):
        control.setChecked(bool(value))
    else:
        index = control.findData(value)
        assert index >= 0, f"{value!r} is not an item of {name}"
        control.setCurrentIndex(index)


def test_every_option_is_listed_under_its_topic(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    topics = list(dict.fromkeys(spec.topic for spec in OPTION_SPECS))
    assert list(dialog.groups) == topics
    assert [box.title() for box in dialog.groups.values()] == topics
    for spec in OPTION_SPECS:
        box = dialog.groups[spec.topic]
        control = dialog.controls[spec.name]
        assert box.isAncestorOf(control)
        assert isinstance(control, QComboBox if spec.choices else QCheckBox)
        shown = texts(box)
        assert spec.name.replace("_", " ") in shown
        assert spec.description.replace("_", " ") in shown
        assert spec.source in control.toolTip()
        assert spec.description.replace("_", " ") in control.toolTip()
    assert dialog.findChild(QScrollArea) is not None
    assert dialog.width() <= 1280 and dialog.height() <= 720


def test_combos_show_readable_labels_with_the_raw_value_as_data(qtbot: QtBot) -> None:
    combo = make_dialog(qtbot).controls["crowding"]
    assert isinstance(combo, QComboBox)
    items = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    assert items == [
        ("literal", "literal"),
        ("pair every size", "pair_every_size"),
        ("bulk", "bulk"),
    ]


def test_defaults_are_shown_and_chosen_when_nothing_is_stored(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    assert dialog.values() == DEFAULTS
    assert dialog.changed() == {}
    shown = texts(dialog)
    assert "(default: off)" in shown
    assert "(default: on)" in shown
    assert "(default: no double count)" in shown
    assert not any(label.font().bold() for label in dialog.name_labels.values())


def test_stored_values_are_the_starting_state(qtbot: QtBot) -> None:
    stored: dict[str, OptionValue] = {"legacy_areas": True, "crowding": "bulk"}
    dialog = make_dialog(qtbot, stored)
    assert dialog.values() == {**DEFAULTS, **stored}
    assert dialog.changed() == stored
    bold = {name for name, label in dialog.name_labels.items() if label.font().bold()}
    assert bold == set(stored)


def test_changing_controls_changes_the_values_and_the_bold(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, {"crowding": "bulk"})
    choose(dialog, "areas_stop_at_walls", False)
    choose(dialog, "quiet_movement", "pay_any")
    choose(dialog, "crowding", "literal")
    assert dialog.changed() == {"areas_stop_at_walls": False, "quiet_movement": "pay_any"}
    assert dialog.values()["quiet_movement"] == "pay_any"
    assert dialog.name_labels["quiet_movement"].font().bold()
    assert not dialog.name_labels["crowding"].font().bold()


def test_restore_defaults_resets_every_control(qtbot: QtBot) -> None:
    stored = {
        spec.name: (not spec.default if not spec.choices else spec.choices[-1])
        for spec in OPTION_SPECS
    }
    dialog = make_dialog(qtbot, stored)
    assert len(dialog.changed()) == len(OPTION_SPECS)
    dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dialog.values() == DEFAULTS
    assert dialog.changed() == {}
    assert not any(label.font().bold() for label in dialog.name_labels.values())


@pytest.mark.parametrize("bad", ["nonsense", True, 3])
def test_an_invalid_stored_value_shows_the_default(qtbot: QtBot, bad: OptionValue) -> None:
    dialog = make_dialog(qtbot, {"crowding": bad, "zigzag_lines": "yes"})
    assert dialog.values() == DEFAULTS
    assert any("'crowding'" in t and "literal" in t for t in texts(dialog))


def test_applying_the_dialog_is_one_undo_step(qtbot: QtBot, window: MainWindow) -> None:
    stack = window.document.undo_stack
    before = window.document.board.options
    dialog = RuleOptionsDialog(before, window)
    choose(dialog, "crowding", "pair_every_size")
    assert window.controller.set_rule_options(dialog.values())
    assert stack.count() == 1
    assert dict(window.document.board.options) == {**before, "crowding": "pair_every_size"}
    assert RuleOptions.of(window.document.board.options).crowding == "pair_every_size"
    stack.undo()
    assert window.document.board.options == before
    assert RuleOptions.of(window.document.board.options).crowding == "literal"


def accept_after(
    monkeypatch: pytest.MonkeyPatch, change: dict[str, bool | str]
) -> list[RuleOptionsDialog]:
    """Make ``exec`` change the controls as a user would, then press OK."""
    opened: list[RuleOptionsDialog] = []

    def exec_(dialog: RuleOptionsDialog) -> QDialog.DialogCode:
        opened.append(dialog)
        for name, value in change.items():
            choose(dialog, name, value)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(RuleOptionsDialog, "exec", exec_)
    return opened


def test_edit_rule_options_applies_and_keeps_unknown_options(
    make_window: Callable[[MapDocument], MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    board = Board.blank(8, 6).with_options({"from_the_future": 7, "legacy_areas": True})
    window = make_window(MapDocument(board))
    document = window.document
    opened = accept_after(monkeypatch, {"round_halves": "toward_zero", "legacy_areas": False})
    assert edit_rule_options(window.controller, window)
    assert opened and opened[0].parent() is window
    assert dict(document.board.options) == {"from_the_future": 7, "round_halves": "toward_zero"}
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert dict(document.board.options) == {"from_the_future": 7, "legacy_areas": True}


def test_edit_rule_options_does_nothing_when_cancelled_or_unchanged(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RuleOptionsDialog, "exec", lambda _d: QDialog.DialogCode.Rejected)
    assert not edit_rule_options(window.controller, window)
    accept_after(monkeypatch, {})
    assert not edit_rule_options(window.controller, window)
    assert window.document.undo_stack.count() == 0
    assert option_spec("crowding").default == RuleOptions.of(window.document.board.options).crowding
