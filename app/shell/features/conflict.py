"""ConflictFeature: the conflict actions of the window (issue #7) — the Actions submenu of
a token's right-click menu, the Actions menu for the selected creature and the Roll key
(Ctrl+Shift+R).

An action the creature cannot use now is greyed with the rules' reason as its tooltip.
Every entry has a mnemonic (its first free letter, word starts first), so the whole menu
works by keyboard: Alt+A opens the Actions menu, S picks Strike (issue #16).
Everything after the choice — the picks on the map, the Action dock, the results — is
:class:`~app.shell.features.conflict_flow.ActionFlow`, built (with the rules' action modules) the
first time a menu opens or an action starts, so the window opens without them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from app.shell.menus import ACTION_ROLL_KEY

if TYPE_CHECKING:
    from app.shell.deferred import Deferred
    from app.shell.features.conflict_flow import ActionFlow
    from app.shell.workbench import Workbench
    from app.widgets.docks.roll_log import RollLogDock
    from rules.actions import ActionChoice

__all__ = ["ConflictFeature", "fill_actions_menu"]

GROUP_ORDER = ("Attack", "Tactic", "Overpower", "Defence", "Manifest")


def fill_actions_menu(
    menu: QMenu, choices: Sequence[ActionChoice], chosen: Callable[[str], object]
) -> None:
    """One entry per action, grouped (sections by ``ActionSpec.group``); an action the
    creature cannot use now is disabled with the reason as its tooltip."""
    menu.setToolTipsVisible(True)
    taken: set[str] = set()
    groups = sorted({c.spec.group for c in choices}, key=_group_rank)
    for index, group in enumerate(groups):
        if index:
            menu.addSeparator()
        for choice in (c for c in choices if c.spec.group == group):
            action = menu.addAction(with_mnemonic(choice.spec.name, taken))
            action.setObjectName(f"action.{choice.spec.key}")
            tip = choice.refusal or f"{choice.spec.cost} action — “{choice.spec.source}” [S002]"
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.setEnabled(choice.refusal is None)
            action.triggered.connect(lambda _c=False, k=choice.spec.key: chosen(k))


def with_mnemonic(text: str, taken: set[str]) -> str:
    """``text`` with ``&`` before its first letter not in ``taken`` (a word's first
    letter preferred), which is then taken; ``&`` in the text is doubled (shown as is)."""
    words = text.split(" ")
    starts = [sum(len(w) + 1 for w in words[:i]) for i in range(len(words))]
    order = starts + [i for i in range(len(text)) if i not in starts]
    for i in order:
        letter = text[i].lower() if i < len(text) else ""
        if letter.isalnum() and letter not in taken:
            taken.add(letter)
            return _escaped(text[:i]) + "&" + _escaped(text[i:])
    return _escaped(text)


def _escaped(text: str) -> str:
    return text.replace("&", "&&")


def _group_rank(group: str) -> int:
    return GROUP_ORDER.index(group) if group in GROUP_ORDER else len(GROUP_ORDER)


class ConflictFeature:
    """The Actions menus and the Roll key; the rest is the :attr:`flow`, made on first use.
    The Action dock goes over the Roll Log (``roll_log``, which the window builds on first
    use in the Inspector's tab group).
    The token menu's Actions submenu is :meth:`add_token_menu` (the window hands it to the
    movement feature's token menu)."""

    def __init__(self, bench: Workbench, roll_log: Deferred[RollLogDock]):
        self._bench = bench
        self._roll_log = roll_log
        self._flow: ActionFlow | None = None
        self.menu: QMenu | None = None  # the Actions menu, once the menus are built
        self.roll_action = QAction("Roll the action", bench.parent)
        self.roll_action.setShortcut(QKeySequence(ACTION_ROLL_KEY))
        self.roll_action.triggered.connect(lambda: self.flow.roll_shortcut())
        bench.docks.add_shortcut(self.roll_action)

    @property
    def flow(self) -> ActionFlow:
        """The picks, the Action dock and the overlays, built the first time."""
        if self._flow is None:
            from app.shell.features.conflict_flow import ActionFlow

            self._flow = ActionFlow(self._bench, self._roll_log.get())
        return self._flow

    # -- menus ---------------------------------------------------------------------------------
    def add_token_menu(self, menu: QMenu, token_id: str) -> None:
        """The Actions submenu of ``token_id``'s right-click menu."""
        sub = menu.addMenu("&Actions")
        sub.setObjectName("token_actions_menu")
        flow = self.flow
        fill_actions_menu(sub, flow.controller.choices(token_id), lambda k: flow.begin(k, token_id))

    def fill_menu(self, menu: QMenu) -> None:
        """The Actions menu (from :data:`app.shell.menus.MENUS`): the selected creature's
        actions, filled each time it opens."""
        self.menu = menu
        menu.aboutToShow.connect(lambda: self._fill_window_menu(menu))

    def _fill_window_menu(self, menu: QMenu) -> None:
        menu.clear()
        selection = self._bench.scene.selection
        if len(selection) != 1:
            why = menu.addAction("Select one creature on the map first")
            why.setEnabled(False)
            return
        actor, flow = selection[0], self.flow
        fill_actions_menu(menu, flow.controller.choices(actor), lambda k: flow.begin(k, actor))
