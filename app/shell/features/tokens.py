"""TokensFeature: the token library dock, drops of templates, duplicate, the properties
dialog and the tokens' name plates on the map (View → Name Plates, N) — assembled here so
the main window stays an assembler."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QDropEvent

from app.controllers.tokens import TokenController
from app.scene.name_plates import name_plates_shown, set_name_plates
from app.shell.features.edit import ONE_TOKEN
from app.shell.workbench import Workbench
from app.widgets.docks.library import LibraryDock, default_user_library, selected_token_source
from app.widgets.map_drop import center_hex, handle_template_drop


class TokensFeature(QObject):
    """Owns the token library dock and the token controller."""

    def __init__(self, bench: Workbench):
        super().__init__(bench.parent)
        self._bench = bench
        self.controller = TokenController(bench.current, self)
        self.library_dock = LibraryDock(
            default_user_library(), bench.parent, selected_token=selected_token_source(bench.scene)
        )
        bench.docks.add_dock(self.library_dock)
        bench.docks.tabify_with_column(self.library_dock)
        self.library_dock.raise_()
        self.library_dock.template_activated.connect(self._place_in_the_middle)
        self.controller.refused.connect(bench.status.refuse)
        self.controller.informed.connect(bench.status.say)

    def _place_in_the_middle(self, template: object) -> None:
        anchor = center_hex(self._bench.view)
        if anchor is not None:
            self.controller.add_from_template(template, anchor)  # type: ignore[arg-type]

    def drop(self, event: QDropEvent) -> bool:
        """Place a template dragged from the library; False if the drop is not one."""
        return handle_template_drop(
            self._bench.view,
            event,
            self.library_dock.template,
            self.controller,
            source=self._bench.parent,
        )

    def duplicate(self) -> None:
        """Edit → Duplicate (Ctrl + D): copies of the selected tokens beside them."""
        scene = self._bench.scene
        new_ids = self.controller.duplicate(scene.selection)
        if new_ids:
            scene.set_selection(new_ids)

    def properties(self) -> None:
        """Edit → Token Properties…: name, size, side, picture, stats of the one selected."""
        from app.widgets.dialogs.token import edit_token_properties

        selection = self._bench.scene.selection
        if len(selection) != 1:
            self.controller.refuse(ONE_TOKEN)
            return
        edit_token_properties(self.controller, selection[0], self._bench.parent)

    @property
    def name_plates_shown(self) -> bool:
        """Whether the map shows the tokens' names."""
        return name_plates_shown(self._bench.scene)

    def show_name_plates(self, shown: bool) -> None:
        """Show or hide every token's name plate on the GM's map."""
        set_name_plates(self._bench.scene, shown)
        state = "shown" if shown else "hidden (hover a token for its name)"
        self._bench.status.say(f"Name plates {state} (N toggles)", 4000)

    def toggle_name_plates(self) -> None:
        """View → Name Plates (N): show the names if hidden, else hide them."""
        self.show_name_plates(not self.name_plates_shown)
