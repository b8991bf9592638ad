"""The movement entries of a token as a QMenu: posture, stopping, Amble, a Pace submenu,
the movement modes, height, and Jump…, Fall…, Shove….

:func:`fill_movement_menu` builds the entries from
:func:`app.controllers.movement_choices.token_choices`
(used for the right-click menu on a token and for the window's Movement menu);
:func:`show_choice` refreshes one action from a :class:`~app.controllers.movement_choices.Choice`.
A disabled entry says why in its tooltip (menus here show tooltips) and status tip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from app.controllers.movement_choices import Choice

# Which entries go in which section, in order; "pace." entries go in the Pace submenu.
SECTIONS = (
    ("posture.",),
    ("stop", "amble"),
    ("pace.",),
    ("mode.",),
    ("altitude.",),
    ("jump", "fall", "shove"),
)
EXCLUSIVE = ("pace.", "mode.")  # radio groups; postures toggle (choose again to stand)


def show_choice(action: QAction, choice: Choice) -> None:
    """Make ``action`` show ``choice``: text, enabled, tooltip, checked state."""
    action.setText(choice.text)
    action.setEnabled(choice.enabled)
    action.setToolTip(choice.tip)
    action.setStatusTip(choice.tip)
    action.setCheckable(choice.checked is not None)
    if choice.checked is not None:
        action.setChecked(choice.checked)


def _in(choice: Choice, prefixes: Iterable[str]) -> bool:
    return any(choice.id == p or (p.endswith(".") and choice.id.startswith(p)) for p in prefixes)


def fill_movement_menu(
    menu: QMenu,
    choices: Iterable[Choice],
    chosen: Callable[[str], object],
    owner: QWidget | None = None,
) -> dict[str, QAction]:
    """Add an action for each choice to ``menu`` (Pace in a submenu, sections separated);
    triggering one calls ``chosen(choice.id)``. Returns the actions by choice id."""
    menu.setToolTipsVisible(True)
    items = list(choices)
    actions: dict[str, QAction] = {}
    for index, section in enumerate(SECTIONS):
        members = [c for c in items if _in(c, section)]
        if not members:
            continue
        if index and not menu.isEmpty():
            menu.addSeparator()
        target = _pace_menu(menu) if section == ("pace.",) else menu
        group = _group(target, section)
        for choice in members:
            action = QAction(owner or menu)
            action.setObjectName(f"movement.{choice.id}")
            show_choice(action, choice)
            if group is not None:
                group.addAction(action)
            action.triggered.connect(lambda _c=False, i=choice.id: chosen(i))
            target.addAction(action)
            actions[choice.id] = action
    return actions


def _pace_menu(menu: QMenu) -> QMenu:
    pace = menu.addMenu("Pace")
    pace.setObjectName("movement.pace")
    pace.setToolTipsVisible(True)
    pace.menuAction().setToolTip("Walk, Dash or Run this round [P-MOBILITY]")
    return pace


def _group(menu: QMenu, section: tuple[str, ...]) -> QActionGroup | None:
    if section[0] not in EXCLUSIVE:
        return None
    group = QActionGroup(menu)
    group.setExclusive(True)
    return group
